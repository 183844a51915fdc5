"""A general proof as a graph (``geomill graph --proof``), in the GeomVerse graph's own terms.

Quantity nodes ``q:…`` are the values the proof states (``given`` for a fact restated as it is);
step nodes ``r:…`` are its steps, each with the theorem instances it combines (``theorems``: the
theorem's key, the sentence, the equation); edges run from the values a step puts in to the step,
and from the step to the value it finds.  So depth and width mean what the solution says: the
longest chain of step nodes (a step that only restates givens counts none) is ``proof.depth``,
and the most theorem instances one step node combines is ``proof.width``.
"""
from __future__ import annotations

import networkx as nx
import sympy

from .proof import Proof, show

GIVEN = "given"


def proof_graph(proof: Proof) -> nx.DiGraph:
    """The proof's values and steps as a directed graph (graph attributes: goal, value, depth, width)."""
    name = lambda e: show(e, proof.display)  # noqa: E731
    g = nx.DiGraph(goal=name(proof.goal), value=str(proof.value), depth=proof.depth, width=proof.width)

    def quantity(e: sympy.Expr, value: sympy.Expr, given: bool) -> str:
        node = f"q:{name(e)}"
        if node not in g:
            g.add_node(node, type="quantity", name=name(e), value=str(value), given=given)
        elif given:
            g.nodes[node]["given"] = True
        return node

    outputs: list[str] = []
    for i, st in enumerate(proof.steps):
        keys = [s.instance.family.key for s, _ in st.equations]
        restated = keys == [GIVEN] and not st.needs and not st.values
        out = quantity(st.target, st.value, restated)
        outputs.append(out)
        if restated:
            continue
        node = f"r:{i}"
        g.add_node(node, type="rule", rule=" + ".join(dict.fromkeys(keys)), shape="",
                   formula=f"{name(st.target)} = {st.value}", given_only=all(k == GIVEN for k in keys),
                   theorems=[{"theorem": s.instance.family.key, "instance": s.instance.text,
                              "equation": f"{name(s.lhs)} = {name(s.rhs)}"} for s, _ in st.equations])
        for j in st.needs:
            g.add_edge(outputs[j], node)
        for s, _ in st.equations:
            if s.instance.family.key == GIVEN and element_alone(s.lhs):
                g.add_edge(quantity(s.lhs, s.rhs, True), node)
        g.add_edge(node, out)
    return g


def element_alone(e: sympy.Expr) -> bool:
    """A given's left side that names one element or variable (``AB``, ``angle ABC``, ``x``)."""
    return isinstance(e, sympy.Symbol)


def graph_depth(g: nx.DiGraph) -> int:
    """The longest chain of step nodes, a step that only combines givens counting none."""
    level: dict[str, int] = {}
    for n in nx.topological_sort(g):
        d = g.nodes[n]
        before = max((level[p] for p in g.predecessors(n)), default=0)
        level[n] = before + (1 if d["type"] == "rule" and not d["given_only"] else 0)
    return max(level.values(), default=0)


def graph_width(g: nx.DiGraph) -> int:
    """The most theorem instances (givens included) one step node combines; 1 for a proof that
    only restates a given (its one fact), as the solution counts it."""
    return max((len(d["theorems"]) for _, d in g.nodes(data=True) if d["type"] == "rule"), default=min(1, len(g)))
