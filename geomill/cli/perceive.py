"""``geomill perceive``: VisOnlyQA-style perception question sets, in the dataset family of
``geomill generate`` (same folder layout, manifest, resume, exports and ``geomill stats``)."""
from __future__ import annotations

import argparse
from pathlib import Path

from geomill.engine.errors import GeomillError

from . import flags
from .constants import literal
from .generate import add_run_options, run_and_export


def register(sub: argparse._SubParsersAction) -> None:
    presets = literal("geomill.generate.perception.sets", "PRESETS") + ("textbook",)
    tasks = literal("geomill.generate.perception.questions", "TASKS")
    relations = literal("geomill.generate.perception.textbook", "RELATIONS")
    p = sub.add_parser("perceive", help="perception questions (VisOnlyQA style) on generated figures",
                       description="Each record asks one question about one figure (triangle, quadrilateral, "
                                   "length, angle, area, diameter, intersect), its label re-derived by the "
                                   "claim checker; True/False questions come in pairs, the second negated.")
    p.add_argument("--preset", choices=presets,
                   help="eval-synthetic (VisOnlyQA sizes), analysis, extra, geomverse, train")
    p.add_argument("--scale", type=flags.SCALE, default=1.0, help="multiply preset sizes (e.g. 0.1 for a try)")
    p.add_argument("--task", choices=tasks + relations, default=None,
                   help="the task when no --preset (default triangle; on_line with --source textbook)")
    p.add_argument("-n", type=flags.COUNT, default=100, help="questions (without --preset)")
    p.add_argument("--lines", default="2-12", help="lines per figure: N or MIN-MAX (default 2-12)")
    p.add_argument("--angle-between", type=int, choices=(0, 45, 90), help="length task: angle between the segments")
    p.add_argument("--source", choices=("construction", "geomverse", "textbook"), default="construction",
                   help="random AlphaGeometry-style constructions drawn plain, generated GeomVerse problems' "
                        "figures in geomill's style, or textbook figures (new constructions, or --from DIR)")
    p.add_argument("--from", dest="from_dir", metavar="DIR",
                   help="--source textbook: the .geo problems of DIR (geomill import formalgeo) instead of new ones")
    p.add_argument("--marks", choices=("both", "without", "with"), default="both",
                   help="--source textbook: ask perpendicular, parallel and equal lengths on the figure without "
                        "its marks (right-angle squares, arrows, ticks), with them, or both (default)")
    p.add_argument("--part", type=flags.name, default="data", help="name of the part without --preset")
    add_run_options(p)
    p.set_defaults(func=cmd_perceive)


def _lines(text: str) -> tuple[int, int]:
    lo, _, hi = text.partition("-")
    if not lo.isdigit() or (hi and not hi.isdigit()):
        raise GeomillError(f"--lines wants N or MIN-MAX, not {text!r}")
    return int(lo), int(hi or lo)


def cmd_perceive(args) -> int:
    from geomill.generate.perception.sets import PerceptionConfig, preset
    from geomill.generate.runner import Part

    if args.workers < 1 or args.n < 1 or args.shard_size < 1 or args.scale <= 0:
        raise GeomillError("-n, --workers, --shard-size and --scale must be positive")
    if args.source == "textbook" or args.preset == "textbook":
        return _textbook(args)
    if args.from_dir:
        raise GeomillError("--from needs --source textbook")
    if args.task in literal("geomill.generate.perception.textbook", "RELATIONS"):
        raise GeomillError(f"--task {args.task} needs --source textbook")
    args.task = args.task or "triangle"
    if args.preset:
        parts = preset(args.preset, args.scale, images=not args.no_images, image_size=args.image_size)
    else:
        cfg = PerceptionConfig(task=args.task, lines=_lines(args.lines), angle_between=args.angle_between,
                               source=args.source, images=not args.no_images, image_size=args.image_size).validate()
        parts = [Part(args.part, "test", args.n, cfg)]
    return run_and_export(args, parts, "questions")


def _textbook(args) -> int:
    from geomill.generate.perception import textbook
    from geomill.generate.runner import Part

    if args.source != "textbook":
        raise GeomillError("--preset textbook needs --source textbook")
    if args.preset and args.preset != "textbook":
        raise GeomillError(f"--source textbook has one preset, textbook, not {args.preset}")
    if args.from_dir and not Path(args.from_dir).is_dir():
        raise GeomillError(f"--from {args.from_dir}: no such folder")
    if args.preset:
        parts = textbook.preset("textbook", args.scale, images=not args.no_images, image_size=args.image_size,
                                from_dir=args.from_dir, marks=args.marks)
    else:
        cfg = textbook.TextbookConfig(task=args.task or "on_line", from_dir=args.from_dir, marks=args.marks,
                                      images=not args.no_images, image_size=args.image_size).validate()
        parts = [Part(args.part, "test", args.n, cfg)]
    return run_and_export(args, parts, "questions")
