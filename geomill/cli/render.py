"""``geomill scene``, ``geomill render`` and ``geomill check``: the figure of a problem."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from geomill.engine.errors import GeomillError

from . import flags, process
from .constants import literal


class RenderArgumentError(GeomillError):
    """A bad output path or option value."""


def register(sub: argparse._SubParsersAction) -> None:
    opacity: float = literal("geomill.render.colours", "FILL_OPACITY")
    p = sub.add_parser("scene", help="lay a problem out and print its scene (points, segments, arcs, shapes, measured)")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--json", action="store_true", help="the whole scene as JSON")
    p.add_argument("--seed", type=flags.SEED, default=0)
    add_reading(p)
    flags.add_budget(p)
    p.set_defaults(func=cmd_scene)

    p = sub.add_parser("render", help="draw a problem's figure as PNG or SVG")
    p.add_argument("file", metavar="FILE")
    p.add_argument("-o", "--output", required=True, metavar="OUT", help="OUT.png or OUT.svg")
    p.add_argument("--annotation", choices=("coordinate", "individual"), default=None,
                   help="GeomVerse figures: how elements are named (default coordinate); a textbook figure names "
                        "points by their letters")
    p.add_argument("--style", choices=("plain", "colour", "geomverse"), default=None,
                   help="a textbook figure's look: plain black lines (default) or coloured value labels and fills; "
                        "geomverse: GeomVerse's filled figure of the shapes (the default for a file with GeomVerse's "
                        "composite shapes, as `solve --style` reads it)")
    p.add_argument("--values", choices=("image", "text"), default="image",
                   help="draw the given values on the figure or leave them to the text")
    p.add_argument("--opacity", type=float, default=None,
                   help=f"fill opacity, 0..1 (default {opacity}: the colour names hold there)")
    p.add_argument("--line-width", type=float, default=1.5, help="points")
    p.add_argument("--font-size", type=float, default=12, help="points")
    p.add_argument("--size", type=flags.IMAGE_SIZE, default=512, help="image width and height in pixels")
    p.add_argument("--seed", type=flags.SEED, default=0)
    flags.add_budget(p)
    p.add_argument("--labels", metavar="OUT.json",
                   help="also write the labels: each one's text, element, box and leader, in pixels")
    p.set_defaults(func=cmd_render)

    p = sub.add_parser("check", help="is a claim about the figure true? (VisOnlyQA-style perception check)",
                       description="FILE is a problem (.geo) laid out with --seed, or a JSON scene: "
                                   '{"points": {"A": [x, y]}, "lines": [["A", "B", "C"]], '
                                   '"circles": [{"centre": [x, y], "radius": r}]} or `geomill scene --json` output. '
                                   "Claims: " + "; ".join(literal("geomill.render.claims", "FORMS")))
    p.add_argument("file", metavar="FILE", nargs="?", help="a .geo problem or a .json scene")
    p.add_argument("claim", metavar="CLAIM", nargs="?",
                   help='e.g. "there is a triangle ABD", "BD : DE = 4", "angle BGC = 10", "AC is a diameter"')
    p.add_argument("--batch", metavar="FILE.jsonl",
                   help='lines {"id", "scene": PATH (relative to the batch file) or a scene object, "claim"}: '
                        "one JSON verdict per line on stdout, in order")
    p.add_argument("--tolerance", default=None, metavar="FAMILY=T[,…]",
                   help="per claim family, each in its own unit: ratio=0.1 (a share of the ratio; the default), "
                        "degrees=5 (angles; the default), x=T ('near x', the figure's own x units; default 5%% "
                        "of its extent), units=T (a diameter's or radius's ends, the figure's length units; "
                        "default 0.1%% of its extent); e.g. --tolerance ratio=0.05,degrees=3")
    p.add_argument("--json", action="store_true")
    p.add_argument("--seed", type=flags.SEED, default=0)
    add_reading(p)
    flags.add_budget(p)
    p.set_defaults(func=cmd_check)


def add_reading(p: argparse.ArgumentParser) -> None:
    """``--style``: how a problem file is read, as ``solve --style`` reads it (the one reading rule)."""
    p.add_argument("--style", choices=("textbook", "geomverse"), default=None,
                   help="how a problem file is read, as `solve --style` reads it: geomverse lays out GeomVerse's "
                        "shapes (the default only for a file with a composite shape); textbook: every line's "
                        "plane geometry")


def _scene(path: str, seed: int, seconds: float = flags.BUDGET, style: str | None = None):
    from geomill.dsl import read_problem
    from geomill.engine import budget
    from geomill.engine.plane import GeneralProblem

    problem = read_problem(path, style).problem  # the one reading rule: a shape-only file is plane geometry
    if isinstance(problem, GeneralProblem):  # drawn from its numeric model, plain
        from geomill.render.general import general_scene
        try:
            with budget.limits(seconds):
                model, scene = general_scene(problem, seed)
        except GeomillError as exc:
            raise exc.located(path) from None
        if model.warning():
            print(f"warning: {path}: {model.warning()}", file=sys.stderr)
        return model, scene
    from geomill.solvers import solve  # (here only: a textbook file never loads deduction's fact graph)

    sol = solve(problem)
    return sol, _laid_out(sol, path, seed)


def _laid_out(sol, path: str, seed: int):
    """A GeomVerse solution's figure, its errors located in ``path``."""
    from geomill.render.layout import layout

    try:
        return layout(sol, seed=seed)
    except GeomillError as exc:
        raise exc.located(path) from None


def cmd_scene(args: argparse.Namespace) -> int:
    _, scene = _scene(args.file, args.seed, args.timeout, args.style)
    if args.json:
        print(scene.to_json())
        return 0
    for name, (x, y) in scene.points.items():
        print(f"{name}: ({x:.4g}, {y:.4g})")
    print("segments: " + " ".join(a + b for a, b in scene.segments))
    for s in scene.shapes:
        print(f"{s.colour} {s.kind.replace('_', ' ')} {s.name}")
    for key, value in scene.measured.items():
        print(f"{key} = {value:.6g}")
    return 0


def cmd_render(args: argparse.Namespace) -> int:
    suffix = Path(args.output).suffix.lower()
    if suffix not in (".png", ".svg"):
        raise RenderArgumentError(f"cannot write {args.output!r}: the output must end in .png or .svg")
    if args.labels and _same_file(args.labels, args.output):
        raise RenderArgumentError(f"--labels {args.labels!r} is the image -o writes: give the labels their own file")
    with process.loading():  # what either kind of figure needs
        import geomill.render.textbook  # noqa: F401
        import geomill.solvers.numeric  # noqa: F401 - a textbook figure's model (imported where it is built)
        from geomill.dataset.files import write_bytes, write_text
        from geomill.dsl import format_expr
        from geomill.engine.plane import GeneralProblem
        from geomill.render.annotate import Annotation
        from geomill.render.attribution import figure_labels
        from geomill.render.draw import Renderer

    from .solve import read_problem

    reading = read_problem(args.file, None if args.style is None else
                           "geomverse" if args.style == "geomverse" else "textbook")
    if reading.style == "textbook" or isinstance(reading.problem, GeneralProblem):
        if args.style == "geomverse":
            raise RenderArgumentError("--style geomverse draws GeomVerse's shapes: this file's lines are plane "
                                      "geometry (a points, line or relation line), drawn as a textbook figure")
        return _render_textbook(args, reading.problem)
    from geomill.solvers import solve

    sol = solve(reading.problem)
    scene = _laid_out(sol, args.file, args.seed)
    try:
        renderer = Renderer(size=args.size, opacity=literal("geomill.render.colours", "FILL_OPACITY")
                            if args.opacity is None else args.opacity, line_width=args.line_width,
                            font_size=args.font_size)
    except ValueError as exc:
        raise RenderArgumentError(str(exc)) from None
    annotation = Annotation.build(scene, sol, style=args.annotation or "coordinate", values=args.values)
    data, drawing = renderer.image(scene, annotation, args.output)
    write_bytes(args.output, data)
    for q in sorted(annotation.in_text, key=str):
        print(f"note: {q} = {format_expr(annotation.facts[q])} is not drawn (no place reads as its own): "
              "give it in the text", file=sys.stderr)
    for fault in drawing.faults:
        print(f"warning: {fault}", file=sys.stderr)
    for lab in drawing.misread:
        print(f"warning: the label {lab.text!r} of {lab.element} may read as another element's", file=sys.stderr)
    if args.labels:
        write_text(args.labels, json.dumps(figure_labels(drawing), ensure_ascii=False) + "\n")
    return 0


def _same_file(a: str, b: str) -> bool:
    """Do two output paths name one file (``f.png`` and ``./f.png``; a link to it)?"""
    pa, pb = Path(a), Path(b)
    try:
        return pa.resolve() == pb.resolve() or (pa.exists() and pb.exists() and pa.samefile(pb))
    except OSError:
        return False


def _render_textbook(args: argparse.Namespace, problem) -> int:
    from geomill.dataset.files import write_bytes, write_text
    from geomill.render.textbook import textbook_figure

    if args.annotation == "individual":
        raise RenderArgumentError("--annotation individual applies to GeomVerse figures (--style geomverse): a "
                                  "textbook figure letters the points its text names")
    if args.opacity is not None and args.style != "colour":
        raise RenderArgumentError("--opacity applies to filled figures: give --style colour with it")
    from geomill.engine import budget

    try:
        with budget.limits(args.timeout):  # (each its own budget, as the figure and its check had)
            model, refused = _checked_model(problem, args.seed)
        with budget.limits(args.timeout):
            fig = textbook_figure(problem, model, style=args.style or "plain", values=args.values,
                                  fmt=Path(args.output).suffix.lower()[1:], size=args.size, seed=args.seed,
                                  font_size=args.font_size, line_width=args.line_width,
                                  opacity=args.opacity)
    except GeomillError as exc:
        raise exc.located(args.file) from None
    for warning in (*fig.warnings, *refused):
        print(f"warning: {args.file}: {warning}", file=sys.stderr)
    write_bytes(args.output, fig.data)
    if args.labels:
        write_text(args.labels, json.dumps(fig.labels, ensure_ascii=False) + "\n")
    return 0


def _checked_model(problem, seed: int) -> tuple[object | None, tuple[str, ...]]:
    """The figure's model, built once with the goal checked as `solve` checks it (its first figure is the one
    the unchecked search finds), and `solve`'s refusal of a goal that two figures answer differently: the figure
    drawn is one of them, which no figure can show.  (None, …): ``textbook_figure`` makes its own, as it does for
    givens that disagree (an approximate model) or a search that gives up (which says nothing of the goal)."""
    from geomill.engine.errors import SolveError
    from geomill.solvers.numeric import UNDERDETERMINED, build_model

    if problem.goal is None:
        return None, ()
    try:
        return build_model(problem, seed=seed), ()
    except SolveError as exc:
        if exc.message.startswith(UNDERDETERMINED):
            return None, (f"this figure is one of two: {exc.message} (`geomill solve` refuses the problem)",)
    except GeomillError:
        pass
    return None, ()


def _figure(path: str, seed: int, seconds: float = flags.BUDGET, style: str | None = None):
    """A .json file is a scene; anything else a problem to lay out."""
    if path.lower().endswith(".json"):
        from geomill.render.scene_io import load_scene

        return load_scene(path)
    return _scene(path, seed, seconds, style)[1]


def cmd_check(args: argparse.Namespace) -> int:
    from geomill.render.claims import check_claim, parse_tolerance

    try:
        args.tolerance = parse_tolerance(args.tolerance) if args.tolerance is not None else None
    except GeomillError as exc:
        raise RenderArgumentError(f"--tolerance: {exc.message}") from None
    if args.batch:
        if args.style:
            raise RenderArgumentError("--batch reads each problem file by the rule (docs/language/index.md): "
                                      "give no --style")
        if args.file or args.claim:
            raise RenderArgumentError("--batch reads its scenes and claims from the batch file: give no FILE or CLAIM")
        from geomill.render.batch import check_batch

        n = bad = 0
        for verdict in check_batch(args.batch, args.tolerance, args.seed):
            print(json.dumps(verdict, ensure_ascii=False, allow_nan=False))
            n, bad = n + 1, bad + ("error" in verdict)
        if bad:
            print(f"note: {bad} of {n} lines have an error verdict; the others were judged", file=sys.stderr)
        return 0
    if not args.file or not args.claim:
        raise RenderArgumentError("give FILE and CLAIM (or --batch FILE.jsonl)")
    scene = _figure(args.file, args.seed, args.timeout, args.style)
    for warning in scene.warnings:
        print(f"{args.file}: warning: {warning}", file=sys.stderr)
    try:
        verdict = check_claim(scene, args.claim, args.tolerance)
    except GeomillError as exc:
        raise exc.located(args.file) from None
    if args.json:
        print(json.dumps(verdict.to_dict(), ensure_ascii=False, allow_nan=False))
    else:
        print(verdict)
    return 0
