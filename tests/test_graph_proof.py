"""``geomill graph --proof`` on general (FormalGeo-style) problems: the proof's values and steps as a
graph in the GeomVerse graph's terms, whose longest chain of steps is the solution's depth and whose
widest step is its width (issue 21 item 3)."""
from __future__ import annotations

import json
from pathlib import Path

import networkx as nx
import pytest
from geomill.dsl import parse
from geomill.solvers.plane import solve_general
from geomill.solvers.plane.graph import graph_depth, graph_width, proof_graph

from geomill.cli import main

# FormalGeo7k problem 6 as `geomill import formalgeo` writes it (the README shows it), and two smaller ones
PROBLEMS = {
    "fg6": "points A C M B\ntriangle ACM\ntriangle AMB\nline C M B\nCM perpendicular to AM\nclockwise ACM AMB\n"
           "AC = 20\nCM = 12\nBM = 30\nfind perimeter ABM\n",
    "pythagoras": "points A B C\ntriangle ABC right at B\nAB = 4\nBC = 6\nfind AC\n",
    "given": "points A B C\ntriangle ABC\nAB = 4\nBC = 6\nangle ABC = 50\nfind AB\n",
}


def _graph(tmp_path: Path, capsys, name: str, *extra: str) -> nx.DiGraph:
    geo = tmp_path / f"{name}.geo"
    geo.write_text(PROBLEMS[name])
    assert main(["graph", str(geo), "--proof", *extra]) == 0
    return nx.node_link_graph(json.loads(capsys.readouterr().out), edges="edges")


def _longest_steps(g: nx.DiGraph) -> int:
    """Depth read off the exported graph alone: the most step nodes (not mere restatements of
    givens) on one path, by brute force over every path into every node."""
    def counted(path: list[str]) -> int:
        return sum(1 for n in path if g.nodes[n]["type"] == "rule" and not g.nodes[n]["given_only"])

    starts = [n for n in g if g.in_degree(n) == 0]
    return max([counted([n]) for n in g] + [counted(p) for a in starts for b in g if a != b
                                            for p in nx.all_simple_paths(g, a, b)])


@pytest.mark.parametrize("name", sorted(PROBLEMS))
def test_proof_graph_has_the_solutions_depth_and_width(tmp_path: Path, capsys, name: str) -> None:
    sol = solve_general(parse(PROBLEMS[name], f"{name}.geo"))
    g = proof_graph(sol.proof)
    _consistent(g, sol.depth, sol.width)
    assert graph_depth(g) == sol.depth and graph_width(g) == sol.width
    rules = [d for _, d in g.nodes(data=True) if d["type"] == "rule"]
    # the steps' theorems are the proof's, step by step
    assert [[t["theorem"] for t in d["theorems"]] for d in rules] == \
        [st.theorems for st in sol.proof.steps if g.has_node(f"r:{sol.proof.steps.index(st)}")]
    assert g.nodes[f"q:{g.graph['goal']}"]["value"] == str(sol.exact_value)


@pytest.mark.parametrize("name", sorted(PROBLEMS))
def test_geomill_graph_proof_general(tmp_path: Path, capsys, name: str) -> None:
    """The command's JSON: a graph whose stated depth and width are its own longest chain and widest step
    (the solver is run again by the command, so its own solution is the reference)."""
    g = _graph(tmp_path, capsys, name)
    _consistent(g, g.graph["depth"], g.graph["width"])
    assert g.graph["depth"] >= 1 or name == "given"


def _consistent(g: nx.DiGraph, depth: int, width: int) -> None:
    """The graph's longest chain of steps is ``depth``, its widest step ``width``; the goal is a value
    node; every value is given or found by exactly one step."""
    assert nx.is_directed_acyclic_graph(g)
    assert g.graph["depth"] == depth == _longest_steps(g)
    rules = [d for _, d in g.nodes(data=True) if d["type"] == "rule"]
    assert g.graph["width"] == width == max((len(d["theorems"]) for d in rules), default=1)
    assert f"q:{g.graph['goal']}" in g
    for n, d in g.nodes(data=True):
        if d["type"] == "quantity":
            into = list(g.predecessors(n))
            assert (d["given"] and not into) or (len(into) == 1 and g.nodes[into[0]]["type"] == "rule"), n
        else:
            assert g.out_degree(n) == 1 and all(g.nodes[p]["type"] == "quantity" for p in g.predecessors(n))


def test_problem_6_proof_graph_chains_pythagoras_twice(tmp_path: Path, capsys) -> None:
    g = _graph(tmp_path, capsys, "fg6")
    assert g.graph["depth"] == 4 and g.graph["width"] == 2  # as the README's solution says
    found_by = {n: g.nodes[next(iter(g.predecessors(n)))]["rule"] for n, d in g.nodes(data=True)
                if d["type"] == "quantity" and not d["given"]}
    assert "right_triangle_property_pythagorean" in found_by["q:AM"]
    assert "right_triangle_property_pythagorean" in found_by["q:AB"]
    assert {"q:AC", "q:CM", "q:BM"} <= {n for n, d in g.nodes(data=True) if d["type"] == "quantity" and d["given"]}
    # AB is found from AM: a path AM -> step -> AB
    assert nx.has_path(g, "q:AM", "q:AB")


def test_proof_graph_as_dot(tmp_path: Path, capsys) -> None:
    geo = tmp_path / "p.geo"
    geo.write_text(PROBLEMS["pythagoras"])
    assert main(["graph", str(geo), "--proof", "--format", "dot"]) == 0
    dot = capsys.readouterr().out
    assert dot.startswith("digraph geomill {") and '"q:AC"' in dot and '-> "q:AC"' in dot
    assert '"q:AB" [label="AB",shape=box,style=filled' in dot  # a given, filled


def test_general_graph_without_proof_says_so(tmp_path: Path, capsys) -> None:
    geo = tmp_path / "p.geo"
    geo.write_text(PROBLEMS["pythagoras"])
    assert main(["graph", str(geo)]) == 1
    err = capsys.readouterr().err
    assert "add --proof" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_geomverse_proof_graph_keeps_its_shape_labels(capsys) -> None:
    example = Path(__file__).resolve().parents[1] / "examples" / "geomverse_c.geo"
    assert main(["graph", str(example), "--proof", "--format", "dot"]) == 0
    dot = capsys.readouterr().out
    assert "\\n(" in dot and "shape=ellipse" in dot
