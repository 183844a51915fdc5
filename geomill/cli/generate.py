"""``geomill generate`` and ``geomill stats``: GeomVerse-style problem sets at scale."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from geomill.engine.errors import GeomillError

from . import flags


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("generate", help="generate problems with figures, answers and gold solutions",
                       description="Backward generation (GeomVerse Algorithm 1). Every record is proved: its DSL "
                                   "re-parsed and re-solved gives the answer, and the figure measures it.")
    p.add_argument("-n", type=flags.COUNT, default=100, help="problems per part (default 100)")
    p.add_argument("--preset", help="paper, tests, splits, ood, or one test set (depth1, width-p0.5 …)")
    p.add_argument("--scale", type=flags.SCALE, default=1.0, help="multiply preset sizes (e.g. 0.01 for a try)")
    p.add_argument("--splits", help="train=N,validation=N,test=N: splits sharing no solution")
    p.add_argument("--part", type=flags.name, default="data",
                   help="name of the part when neither --preset nor --splits")
    p.add_argument("--world", default="geomverse", choices=["geomverse", "textbook"],
                   help="geomverse (shapes glued along sides) or textbook (new problems from random constructions)")
    p.add_argument("--depth", default=None, help="proof depth (default 2); textbook: also a range such as 2-5")
    p.add_argument("--p-branch", type=flags.FRACTION, default=0.0)
    p.add_argument("--width", default=None, help="textbook: proof width (most equations one step reads), N or N-M")
    p.add_argument("--variablized", type=flags.FRACTION, default=0.0, help="ρ: chance to variablize a fitting rule")
    p.add_argument("--distractors", type=flags.integer(0, 10), nargs="?", const=1, default=0,
                   help="give the first hidden value (§4.3); textbook: how many true givens the proof does not need")
    p.add_argument("--shapes", default="geomverse",
                   help="standard, geomverse (standard + non-standard), all, or kind keys separated by commas")
    p.add_argument("--question-type", default="any",
                   help="any, side, angle, area, perimeter; textbook: length, angle, arc, area, perimeter, ratio, x "
                        "(several separated by commas)")
    p.add_argument("--circles", action=argparse.BooleanOptionalAction, default=None,
                   help="textbook: every figure has a circle (--no-circles: none; default either)")
    p.add_argument("--max-points", type=flags.integer(4, 20), default=9, help="textbook: most points in a figure")
    p.add_argument("--theorems", default="",
                   help="textbook: FormalGeo theorem families every proof uses, -family to exclude one (commas)")
    p.add_argument("--annotation", default=None, choices=["coordinate", "individual", "plain", "colour"],
                   help="geomverse: coordinate (default) or individual; textbook: plain (default) or colour")
    p.add_argument("--values", default="image", choices=["image", "text"])
    p.add_argument("--randomize", action="store_true", help="draw the knobs per problem (train/validation style)")
    p.add_argument("--max-length", type=flags.integer(1, 10_000), default=40, help="largest given side length")
    p.add_argument("--min-angle", type=flags.integer(1, 89), default=5,
                   help="every angle of every shape, given or derived, lies in [A, 180 - A] degrees")
    add_run_options(p)
    p.set_defaults(func=cmd_generate)

    s = sub.add_parser("stats", help="counts and distributions of a generated folder")
    s.add_argument("dir")
    s.add_argument("--plot", help="PNG path (default DIR/stats.png)")
    s.add_argument("--json", action="store_true", help="print JSON instead of a table")
    s.set_defaults(func=cmd_stats)

    s = sub.add_parser("lint", help="check every gold solution of a generated folder, or of problem files "
                                    "(solvers.lint; general problems: solvers.plane_lint)")
    s.add_argument("dir", metavar="DIR|FILE.geo", help="a generated folder, or a problem file to solve and lint")
    s.add_argument("--json", action="store_true", help="print JSON instead of a summary")
    s.set_defaults(func=cmd_lint)


def add_run_options(p: argparse.ArgumentParser) -> None:
    """The options of a dataset run (seed, workers, output, exports), shared with ``geomill perceive``."""
    p.add_argument("--seed", default="0")
    p.add_argument("--workers", type=flags.COUNT, default=1)
    p.add_argument("--ray", action="store_true",
                   help="shards as Ray tasks (the cluster RAY_ADDRESS names, or a local one; needs geomill[ray])")
    p.add_argument("--shard-size", type=flags.COUNT, default=100)
    p.add_argument("--out", required=True)
    p.add_argument("--format", default="jsonl", choices=["jsonl", "parquet", "hf"])
    p.add_argument("--no-images", action="store_true")
    p.add_argument("--image-size", type=flags.IMAGE_SIZE, default=512)
    p.add_argument("--no-chat", action="store_true", help="skip the fine-tuning chat JSONL export")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def _textbook_config(args):
    from geomill.generate.textbook_gen.records import TextbookSet

    try:
        return TextbookSet(depth=args.depth or "2-8", question_type=args.question_type, circles=args.circles,
                              max_points=args.max_points, theorems=args.theorems, distractors=args.distractors,
                              variablized=args.variablized, values=args.values,
                              annotation=_textbook_annotation(args.annotation),
                              images=not args.no_images, image_size=args.image_size, width=args.width or "").validate()
    except ValueError as e:
        raise GeomillError(str(e)) from None


def _textbook_annotation(annotation: str | None) -> str:
    if annotation in (None, "plain", "colour"):
        return annotation or "plain"
    raise GeomillError(f"--annotation {annotation} is for the geomverse world; textbook figures are plain or colour")


def _parts(args):
    from geomill.generate.geomverse.presets import preset
    from geomill.generate.runner import Part

    if args.preset and args.world == "textbook":
        raise GeomillError("--preset is for the geomverse world")
    if args.preset:
        try:
            return preset(args.preset, args.scale, images=not args.no_images)
        except ValueError as e:
            raise GeomillError(str(e)) from None
    if args.world == "textbook":
        cfg = _textbook_config(args)
    else:
        cfg = _geomverse_config(args)
    if args.splits:
        parts = []
        for item in args.splits.split(","):
            name, _, n = item.partition("=")
            if name not in ("train", "validation", "test") or not n.isdigit() or int(n) < 1:
                raise GeomillError(f"--splits wants train=N,validation=N,test=N, not {item!r}")
            parts.append(Part(name, name, int(n), cfg))
        return parts
    return [Part(args.part, "test", args.n, cfg)]


def _geomverse_config(args):
    from geomill.generate.geomverse.config import GenConfig

    if not 0 < args.min_angle < 90:
        raise GeomillError("--min-angle must be between 1 and 89 degrees")
    if args.question_type not in ("any", "side", "angle", "area", "perimeter"):
        raise GeomillError(f"--question-type {args.question_type!r}: the geomverse world asks any, side, angle, "
                           "area or perimeter")
    if args.annotation in ("plain", "colour"):
        raise GeomillError(f"--annotation {args.annotation} is for the textbook world")
    if args.width:
        raise GeomillError("--width is for the textbook world (geomverse: --p-branch)")
    try:
        depth = flags.integer(1, 8)(args.depth) if args.depth is not None else 2
    except argparse.ArgumentTypeError as e:
        raise GeomillError(f"--depth {e}") from None
    try:
        return GenConfig(depth=depth, p_branch=args.p_branch, variablized=args.variablized,
                        distractors=bool(args.distractors), shapes=args.shapes, question_type=args.question_type,
                        annotation=args.annotation or "coordinate", values=args.values, randomize=args.randomize,
                        length_range=(1, args.max_length), angle_range=(args.min_angle, 180 - args.min_angle),
                        images=not args.no_images,
                        image_size=args.image_size).validate()
    except ValueError as e:
        raise GeomillError(str(e)) from None


def cmd_generate(args) -> int:
    if args.workers < 1 or args.n < 1 or args.shard_size < 1:
        raise GeomillError("-n, --workers and --shard-size must be positive")
    return run_and_export(args, _parts(args), "problems")


def run_and_export(args, parts, noun: str) -> int:
    """Generate ``parts`` into ``args.out`` (resuming), then write the asked exports."""
    from geomill.generate import export
    from geomill.generate.runner import run

    if args.ray:
        try:
            import ray  # noqa: F401
        except ImportError:
            raise GeomillError("--ray needs ray: pip install 'geomill[ray]'") from None
    manifest = run(args.out, parts, seed=args.seed, workers=args.workers, shard_size=args.shard_size,
                   progress=not args.quiet, use_ray=args.ray)
    out = Path(args.out)
    names = [p.name for p in parts]
    if not args.no_chat:
        for name in names:
            export.chat(out, name)
    try:
        if args.format == "parquet":
            for name in names:
                export.parquet(out, name)
        elif args.format == "hf":
            export.hf(out, names)
    except RuntimeError as e:
        raise GeomillError(str(e)) from None
    failed = sum(sum(r["failed"].values()) for r in manifest.results.values())
    total = sum(r["records"] for r in manifest.results.values())
    print(f"{total} {noun} in {out} ({len(names)} part(s)); proof failures: {failed}", file=sys.stderr)
    if failed:
        print("failures are listed in manifest.json (results.<part>.failures)", file=sys.stderr)
    return 0


def cmd_stats(args) -> int:
    from geomill.generate.stats import collect, plot, table

    stats = collect(args.dir)
    if args.json:
        print(json.dumps(stats, indent=1, default=str))
    else:
        print(table(stats))
    path = args.plot or str(Path(args.dir) / "stats.png")
    plot(stats, path)
    print(f"plot: {path}", file=sys.stderr)
    return 0


def cmd_lint(args) -> int:
    """Exit 1 when any solution has a finding."""
    from geomill.generate.stats import lint, lint_file

    report = lint_file(args.dir) if Path(args.dir).suffix == ".geo" and Path(args.dir).is_file() else lint(args.dir)
    if args.json:
        print(json.dumps(report, indent=1, ensure_ascii=False))
    else:
        print(f"records: {report['records']}   with findings: {report['with_findings']}   "
              + "   ".join(f"{k}: {v}" for k, v in sorted(report["findings"].items())))
        for e in report["examples"]:
            print(f"  {e['id']}: {e['finding']}")
    return 1 if report["with_findings"] else 0
