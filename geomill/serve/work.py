"""What the playground asks of a problem text, done in a worker process (see ``pool.py``).

Each job takes plain values (the text and a few options) and returns plain values (JSON-ready dicts
or bytes), so that a worker can be killed and replaced at any moment without the server noticing
more than one failed request.  The text is parsed by the language's grammar; nothing in it is run.
It is read by the one rule every command reads a file by (``geomill.dsl.reading``): a shape-only text
is plane geometry, as with a ``points`` line; GeomVerse's reading is a composite shape's.
"""
from __future__ import annotations

import base64
import functools
import math
from collections.abc import Callable
from typing import Any

from geomill.engine.errors import GeomillError

FILE = "problem.geo"  # the name errors carry: file:line:col
STYLES = ("coordinate", "individual")
VALUES = ("image", "text")
SIZES = (256, 1024)  # pixels: the figure sizes the page may ask for
WARM_UP = "ABCD: rectangle + semicircle on DA\nAB = 10\nBC = 4\nfind area ABCD\n"  # GeomVerse's reading


def error_dict(exc: BaseException) -> dict:
    """A located error as the page shows it: the message and, when known, its line and columns."""
    span = getattr(exc, "span", None)
    message = getattr(exc, "message", None) or str(exc) or type(exc).__name__
    return {"message": message, "where": str(exc) if isinstance(exc, GeomillError) else message,
            "line": span.line if span else None, "col": span.col if span else None,
            "end_col": span.end_col if span else None}


@functools.lru_cache(maxsize=4)
def _renderer(size: int):
    from geomill.render.draw import Renderer

    return Renderer(size=size)


def _options(opts: dict) -> tuple[str, str, int, int]:
    style = opts.get("annotation") if opts.get("annotation") in STYLES else STYLES[0]
    values = opts.get("values") if opts.get("values") in VALUES else VALUES[0]
    size = opts.get("size") if isinstance(opts.get("size"), int) else 512
    seed = opts.get("seed") if isinstance(opts.get("seed"), int) else 0
    return style, values, min(max(size, SIZES[0]), SIZES[1]), seed


def problem(text: str, opts: dict, part: Callable[[dict], None] | None = None) -> dict:
    """The page's view of a problem: figure, answer, solutions, depth and width, or the error that
    stops them (a general problem whose goal is refused is still drawn).  ``part`` is handed what
    is ready early: a general problem's figure and the value its figure measures, before the proof."""
    from geomill.dsl import read_text
    from geomill.engine.plane import GeneralProblem

    try:
        reading = read_text(text, FILE)
    except GeomillError as exc:
        return {"error": error_dict(exc)}
    if isinstance(reading.problem, GeneralProblem):
        return _general(reading.problem, opts, part, reading.shapes)
    return _geomverse(reading.problem, opts)


def _geomverse(parsed, opts: dict) -> dict:
    from geomill.render.annotate import Annotation
    from geomill.render.layout import layout
    from geomill.solvers import solve

    style, values, size, seed = _options(opts)
    try:
        sol = solve(parsed)
    except GeomillError as exc:
        return {"kind": "geomverse", "error": error_dict(exc.located(FILE))}
    out: dict[str, Any] = {"kind": "geomverse", "answer": sol.answer, "exact": sol.exact,
                           "exact_form": f"{sol.exact:.6g}", "depth": sol.depth, "width": sol.width,
                           "query": str(sol.query), "solution": sol.text(), "solution_latex": sol.text(style="latex")}
    try:
        scene = layout(sol, seed=seed)
        annotation = Annotation.build(scene, sol, style=style, values=values)
        svg, drawing = _renderer(size)._svg(scene, annotation)
        out["figure"] = {"svg": svg.decode("utf-8")}
        out["notes"] = [f"{q} is not drawn (no place reads as its own): give it in the text"
                        for q in sorted(annotation.in_text, key=str)] + [str(f) for f in drawing.faults]
    except GeomillError as exc:
        out["figure_error"] = error_dict(exc.located(FILE))
    return out


def _general(parsed, opts: dict, part: Callable[[dict], None] | None, shapes=None) -> dict:
    """The figure first (drawn from its own model), then the proof; ``shapes``: the GeomVerse reading
    of a shape-only text, whose solution stands in where the plane solver proves no exact form (as in
    ``geomill solve``)."""
    from geomill.render.general import general_scene
    from geomill.render.plain import render_png
    from geomill.solvers.plane import solve_general

    _, _, size, seed = _options(opts)
    out: dict[str, Any] = {"kind": "general"}
    try:
        model, scene = general_scene(parsed, seed)
        out["figure"] = {"png": base64.b64encode(render_png(scene, size)).decode("ascii")}
        if model.warning():
            out["notes"] = [model.warning()]
        if part is not None:
            measured = model.goal_value()
            part({**out, "partial": True,
                  "measured": measured if measured is not None and math.isfinite(measured) else None})
    except GeomillError as exc:
        out["figure_error"] = error_dict(exc.located(FILE))
    try:
        sol = solve_general(parsed)
        out.update({"answer": sol.answer, "exact": sol.exact, "exact_form": str(sol.exact_value),
                    "depth": sol.depth, "width": sol.width, "solution": sol.text("text"),
                    "solution_latex": sol.text("latex")})
    except GeomillError as exc:
        if shapes is None or not _stand_in(out, shapes, exc):
            out["error"] = error_dict(exc.located(FILE))
    return out


def _stand_in(out: dict, shapes, exc: GeomillError) -> bool:
    """GeomVerse's solution of a shape-only text where the plane solver proves no exact form (False
    where it has none either: the plane solver's error stands)."""
    from geomill.solvers import solve

    try:
        sol = solve(shapes)
    except GeomillError:
        return False
    out.update({"answer": sol.answer, "exact": sol.exact, "exact_form": f"{sol.exact:.6g}", "depth": sol.depth,
                "width": sol.width, "solution": sol.text(), "solution_latex": sol.text(style="latex")})
    out["notes"] = [*out.get("notes", []), f"the plane solver proves no exact form ({exc.message}); "
                                           "GeomVerse's solution follows"]
    return True


def image(text: str, opts: dict, fmt: str) -> bytes:
    """The figure as a file, PNG or SVG: a plane-geometry problem's PNG as the page shows it, its SVG
    the textbook figure ``geomill render -o OUT.svg`` draws."""
    from geomill.dsl import read_text
    from geomill.engine.plane import GeneralProblem

    parsed = read_text(text, FILE).problem
    style, values, size, seed = _options(opts)
    if isinstance(parsed, GeneralProblem):
        if fmt == "svg":
            from geomill.render.textbook import textbook_figure

            try:
                return textbook_figure(parsed, fmt="svg", size=size, seed=seed, values=values).data
            except GeomillError as exc:
                raise exc.located(FILE) from None
        from geomill.render.general import general_scene
        from geomill.render.plain import render_png

        return render_png(general_scene(parsed, seed)[1], size)
    from geomill.render.annotate import Annotation
    from geomill.render.layout import layout
    from geomill.solvers import solve

    sol = solve(parsed)
    scene = layout(sol, seed=seed)
    annotation = Annotation.build(scene, sol, style=style, values=values)
    renderer = _renderer(size)
    return renderer._svg(scene, annotation)[0] if fmt == "svg" else renderer.png_bytes(scene, annotation)


def record(text: str, opts: dict) -> dict:
    """The problem as ``geomill solve --json`` writes it, with its text (``dsl``) and, for a GeomVerse
    problem, its question in words (the generator's text-only version)."""
    from geomill.dsl import read_text
    from geomill.engine.plane import GeneralProblem

    parsed = read_text(text, FILE).problem
    if isinstance(parsed, GeneralProblem):
        from geomill.solvers.plane import solve_general

        return {"dsl": text, **solve_general(parsed).as_dict()}
    from geomill.generate.geomverse.text import question
    from geomill.solvers import solve

    return {"dsl": text, "question_text_only": question(parsed), **solve(parsed).as_dict()}


def png(text: str, opts: dict) -> bytes:
    return image(text, opts, "png")


def svg(text: str, opts: dict) -> bytes:
    return image(text, opts, "svg")


JOBS: dict[str, Callable[[str, dict], Any]] = {"problem": problem, "png": png, "svg": svg, "record": record}


def warm_up() -> None:
    """Load what a first request would (the solver, every kind's rules, the renderer, their caches)
    before it comes."""
    from geomill.engine.catalogue import KINDS
    from geomill.engine.rules import compiled, rules_for

    for key in KINDS:
        for rule in rules_for(key):
            compiled(rule)
    problem(WARM_UP, {})
    problem("points A B C\ntriangle ABC\nAB = 3\nBC = 4\nangle ABC = 90\nfind CA\n", {})
