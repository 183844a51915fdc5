"""``geomill solve``, ``geomill catalogue`` and ``geomill graph``."""
from __future__ import annotations

import argparse
import json
import re
import sys

from geomill.engine.errors import GeomillError

from . import flags, messages


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("solve", help="solve problem files and print gold solutions")
    p.add_argument("files", nargs="+", metavar="FILE")
    p.add_argument("--json", action="store_true", help="one JSON object per file, one per line")
    p.add_argument("--latex", action="store_true", help="the solution with its mathematics in LaTeX ($…$)")
    flags.add_budget(p)
    p.add_argument("--style", choices=STYLES, default=None,
                   help="textbook: the plane solver's proof and exact answer; geomverse: GeomVerse's solution "
                        "(π = 3.14, every step rounded to 2 decimals). Default: geomverse for a file with "
                        "GeomVerse's composite shapes, textbook otherwise (every line read as plane geometry)")
    p.set_defaults(func=cmd_solve)

    p = sub.add_parser("catalogue", help="list the shape kinds with their elements and rules")
    p.add_argument("--json", action="store_true")
    p.add_argument("--markdown", action="store_true", help="the table the README shows")
    p.set_defaults(func=cmd_catalogue)

    p = sub.add_parser("graph", help="export the fact/rule graph of a problem")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--format", choices=("json", "dot"), default="json")
    p.add_argument("--proof", action="store_true", help="only the rule applications of the proof")
    p.add_argument("--style", choices=STYLES, default=None,
                   help="how the file is read, as `solve --style` reads it: geomverse gives the fact graph of "
                        "GeomVerse's shapes (the default only for a file with a composite shape)")
    flags.add_budget(p)
    p.set_defaults(func=cmd_graph)


STYLES = ("textbook", "geomverse")  # geomill.dsl.reading's (not imported here: --help stays free of sympy)


def read_problem(path: str, asked: str | None):
    """A file as every command reads it: ``geomill.dsl.reading``, the one rule."""
    from geomill.dsl.reading import read_problem as read

    return read(path, asked)


def cmd_solve(args: argparse.Namespace) -> int:
    """Solve each file; a bad file is reported and the others still run."""
    from geomill.engine import budget
    from geomill.engine.plane import GeneralProblem  # here, not at the top: --help stays free of sympy

    status = 0
    for i, path in enumerate(args.files):
        form = None  # the exact form of a GeomVerse solution's answer, where the plane solver proves one
        try:
            reading = read_problem(path, args.style)
            problem, style = reading.problem, reading.style
            if isinstance(problem, GeneralProblem):
                try:
                    with budget.limits(args.timeout):
                        _solve_general(problem, path, i, args, style)
                    continue
                except GeomillError as exc:
                    if reading.shapes is None:
                        raise
                    sol = _solve_shapes(reading.shapes)  # proven the GeomVerse way instead, its answer unrounded
                    form = _plane_form(reading.shapes, args)
                    print(f"note: {path}: the plane solver proves no exact form ({messages.line(exc)}); "
                          "GeomVerse's solution follows", file=sys.stderr)
            else:
                sol = _solve_shapes(problem)
                form = _plane_form(problem, args)
        except GeomillError as exc:
            print(f"error: {messages.line(exc.located(path))}", file=sys.stderr)
            status = 1
            continue
        if args.json:
            print(json.dumps({"file": path, **sol.as_dict()}, ensure_ascii=False))
        else:
            if len(args.files) > 1:
                print(("\n" if i else "") + f"== {path} ==")
            print(sol.text(style="latex" if args.latex else "text"))
            answer = answer_line(form or f"{sol.exact:.6g}", sol.exact)
            print(f"answer: {answer}   exact: {sol.exact:.6g}   depth: {sol.depth}   width: {sol.width}")
    return status


def _solve_shapes(problem):
    """GeomVerse's solution of a shape problem (imported here only: a textbook file never loads deduction's
    fact graph and its graph library)."""
    from geomill.solvers import solve

    return solve(problem)


def _plane_form(problem, args: argparse.Namespace) -> str | None:
    """The exact form of a shape-only problem's answer (the plane solver's), None where it proves none."""
    from geomill.engine import budget
    from geomill.solvers.plane import solve_general

    try:
        with budget.limits(args.timeout):
            return answer_text(solve_general(_as_plane(problem)))
    except GeomillError:
        return None


def answer_line(form: str, value: float) -> str:
    """The answer as a textbook prints it, one rule for every file and every ``--style``: the exact form,
    with its decimal beside it where the form has π, a root or a trigonometric value (``9*pi/2 + 60 ≈ 74.14``,
    ``20*tan(35°) ≈ 14.00``), so that no line
    added to a file and no style changes it (GeomVerse's rounded value stays in its solution text)."""
    if not re.search(r"pi|sqrt|°", form):
        return form
    return f"{form} ≈ {value:.2f}" if abs(value) >= 1 else f"{form} ≈ {value:.3g}"


def _as_plane(problem):
    """A GeomVerse problem as plane geometry (``engine/shapes_plane.py``): one meaning, proven exactly."""
    from geomill.engine.shapes_plane import to_plane

    return to_plane(problem)


def _solve_general(problem, path: str, i: int, args: argparse.Namespace, style: str = "textbook") -> None:
    """A general problem: the plane solver (imported here only: the GeomVerse path never loads it)."""
    from geomill.solvers.plane import solve_general

    sol = solve_general(problem)
    if args.json:
        print(json.dumps({"file": path, **sol.as_dict(), "style": style}, ensure_ascii=False))
        return
    if len(args.files) > 1:
        print(("\n" if i else "") + f"== {path} ==")
    print(sol.text(style="latex" if args.latex else "text"))
    answer = answer_line(answer_text(sol), sol.exact)
    print(f"answer: {answer}   exact: {sol.exact:.6g}   depth: {sol.depth}   width: {sol.width}")


def answer_text(sol) -> str:
    """The exact answer as a reader reads it (``GeneralSolution.answer_form``: the record's rule too)."""
    return sol.answer_form


def cmd_catalogue(args: argparse.Namespace) -> int:
    from geomill.engine.describe import catalogue_markdown, catalogue_rows

    rows = catalogue_rows()
    if args.json:
        print(json.dumps(rows, indent=1, ensure_ascii=False))
        return 0
    if args.markdown:
        print(catalogue_markdown(), end="")
        return 0
    width = max(len(r["kind"]) for r in rows)
    for r in rows:
        print(f"{r['kind']:<{width}}  {len(r['rules']):>3} rules  {r['forms'][0]}")
    print(f"{len(rows)} kinds, {sum(len(r['rules']) for r in rows)} derived rules")
    return 0


def cmd_graph(args: argparse.Namespace) -> int:
    from geomill.engine.graph import FactGraph
    from geomill.engine.model import Problem
    from geomill.engine.plane import GeneralProblem
    from geomill.solvers import solve

    reading = read_problem(args.file, args.style)
    problem = reading.problem
    if isinstance(reading.shapes, Problem) and not reading.shapes.shapes:
        raise GeomillError(f"{args.file}: the problem declares no shape: there is no graph to draw")
    if isinstance(problem, GeneralProblem):
        return _graph_general(problem, args)
    if not problem.shapes:
        raise GeomillError(f"{args.file}: the problem declares no shape: there is no graph to draw")
    graph = FactGraph(problem)
    fired = None
    if args.proof:
        fired = solve(problem).proof.rule_ids
    if args.format == "dot":
        print(graph.to_dot(fired), end="")
    else:
        print(graph.to_json(fired))
    return 0


def _graph_general(problem, args: argparse.Namespace) -> int:
    """A general problem's graph is its proof's (values and the steps between them): it has no
    rule graph before deduction, so ``--proof`` is required."""
    import networkx as nx

    from geomill.engine.graph import graph_dot
    from geomill.solvers.plane import solve_general
    from geomill.solvers.plane.graph import proof_graph

    if not args.proof:
        raise GeomillError(f"{args.file}: a plane-geometry problem's graph is its proof's: add --proof (or, "
                           "for a file of shape lines, --style geomverse: the fact graph of GeomVerse's shapes)")
    from geomill.engine import budget

    with budget.limits(args.timeout):
        g = proof_graph(solve_general(problem).proof)
    if args.format == "dot":
        print(graph_dot(g), end="")
    else:
        print(json.dumps(nx.node_link_data(g, edges="edges"), indent=1, ensure_ascii=False))
    return 0
