"""``geomill scene``, ``geomill render`` and ``geomill check``: the figure of a problem."""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from geomill.dsl import parse_file
from geomill.engine.errors import GeomillError
from geomill.solvers import solve


class RenderArgumentError(GeomillError):
    """A bad output path or option value."""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("scene", help="lay a problem out and print its scene (points, segments, arcs, shapes, measured)")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--json", action="store_true", help="the whole scene as JSON")
    p.add_argument("--seed", type=int, default=0)
    p.set_defaults(func=cmd_scene)

    p = sub.add_parser("render", help="draw a problem's figure as PNG or SVG")
    p.add_argument("file", metavar="FILE")
    p.add_argument("-o", "--output", required=True, metavar="OUT", help="OUT.png or OUT.svg")
    p.add_argument("--annotation", choices=("coordinate", "individual"), default="coordinate")
    p.add_argument("--values", choices=("image", "text"), default="image",
                   help="draw the given values on the figure or leave them to the text")
    p.add_argument("--opacity", type=float, default=0.5, help="fill opacity, 0..1")
    p.add_argument("--line-width", type=float, default=1.5, help="points")
    p.add_argument("--font-size", type=float, default=12, help="points")
    p.add_argument("--size", type=int, default=512, help="image width and height in pixels")
    p.add_argument("--seed", type=int, default=0)
    p.set_defaults(func=cmd_render)

    p = sub.add_parser("check", help="is a claim about the figure true? (VisOnlyQA-style perception check)")
    p.add_argument("file", metavar="FILE")
    p.add_argument("claim", metavar="CLAIM",
                   help='e.g. "there is a triangle ABD", "BD : DE = 4", "angle BGC = 10", "AC is a diameter"')
    p.add_argument("--tolerance", type=float, default=None,
                   help="relative for ratios (default 0.1), degrees for angles (default 5), "
                        "scene units for 'near x'")
    p.add_argument("--json", action="store_true")
    p.add_argument("--seed", type=int, default=0)
    p.set_defaults(func=cmd_check)


def _scene(path: str, seed: int):
    from geomill.render.layout import layout

    sol = solve(parse_file(path))
    try:
        return sol, layout(sol, seed=seed)
    except GeomillError as exc:
        raise exc.located(path) from None


def cmd_scene(args: argparse.Namespace) -> int:
    _, scene = _scene(args.file, args.seed)
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
    from geomill.generate.files import write_bytes
    from geomill.render.annotate import Annotation
    from geomill.render.draw import Renderer

    suffix = Path(args.output).suffix.lower()
    if suffix not in (".png", ".svg"):
        raise RenderArgumentError(f"cannot write {args.output!r}: the output must end in .png or .svg")
    sol, scene = _scene(args.file, args.seed)
    try:
        renderer = Renderer(size=args.size, opacity=args.opacity, line_width=args.line_width,
                            font_size=args.font_size)
    except ValueError as exc:
        raise RenderArgumentError(str(exc)) from None
    annotation = Annotation.build(scene, sol, style=args.annotation, values=args.values)
    write_bytes(args.output, renderer.image_bytes(scene, annotation, args.output))
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from geomill.render.claims import check_claim

    _, scene = _scene(args.file, args.seed)
    try:
        verdict = check_claim(scene, args.claim, args.tolerance)
    except GeomillError as exc:
        raise exc.located(args.file) from None
    if args.json:
        print(json.dumps(verdict.to_dict(), ensure_ascii=False))
    else:
        print(verdict)
    return 0
