"""Two versions of geomill doing the same work, taking turns: their cost ratio.

    python bench/duel.py OLD [--new PATH] [-n 400] [--block 10] [--images] [--seed 7] [--gc runner]
    python bench/duel.py OLD --workers 2 --block 100 [-n 1000] [--images]
    python bench/duel.py OLD --task solve [-n 400]
    python bench/duel.py OLD --task perceive --images [--perceive-task length]
    python bench/duel.py OLD --all          # the four series the README's table reports

OLD is a git ref of this repository (checked out into a temporary worktree) or a checkout's
path; ``--new`` defaults to this checkout.  Prints each version's CPU ms per item and their
ratio, overall and per 50 items.  Tasks: ``generate`` (default: ``make_record`` of a depth-3
problem plus its JSON line, with ``--images`` its figure too), ``solve`` (what ``geomill solve
--json`` does per file, over copies of GeomVerse Fig. 15's four published problems: parse,
solve, the JSON line; the process's start-up is not counted), ``perceive`` (``geomill
perceive``'s ``make_record``: a VisOnlyQA-style question, its construction, proof and, with
``--images``, its plain figure; a version without perception sets cannot take part).

Why taking turns: this machine's speed drifts by ±30 % within seconds (a shared VM), more
than the differences worth measuring, so two versions timed one after the other mostly
measure the drift.  Here each version runs in its own process (its own heap and caches, as
a pool worker has) and they alternate on blocks of items (the first alternating too),
so both see the same conditions.  ``--gc runner`` gives each worker the garbage-collector
settings its own ``generate --workers N`` pool workers use (none before they existed).
``--workers N`` times each turn end to end instead: the version's own runner generates the
block as a part with a pool of N processes and writes its files (wall clock, so the turns
must be long enough to hide the pool's start: a block of ~100 problems).
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "dsl", "solvers", "render", "dataset", "generate", "evaluate")


# -- a worker: one version, problems on request ------------------------------------------------------


def _import_root(checkout: Path, scratch: Path) -> tuple[Path, str]:
    """A sys.path entry that imports this checkout's code, and the module prefix to use.

    Before the namespace change the folders were top-level modules (``generate.pipeline``);
    since, they install as ``geomill.*``: a folder of links lays them out that way."""
    if "from geomill." not in _pipeline_file(checkout).read_text(encoding="utf-8"):
        return checkout, ""
    root = scratch / "pkgroot"
    pkg = root / "geomill"
    pkg.mkdir(parents=True)
    for f in (checkout / "geomill").iterdir():
        (pkg / f.name).symlink_to(f)
    for name in PACKAGES:
        if (checkout / name).is_dir():
            (pkg / name).symlink_to(checkout / name)
    return root, "geomill."


def _pipeline_file(checkout: Path) -> Path:
    """GeomVerse's pipeline: ``generate/geomverse/`` since generate was split, ``generate/`` before."""
    split = checkout / "generate" / "geomverse" / "pipeline.py"
    return split if split.exists() else checkout / "generate" / "pipeline.py"


PUBLISHED = ("geomverse_a.geo", "geomverse_b.geo", "geomverse_c.geo", "geomverse_d.geo")  # GeomVerse Fig. 15


def _maker(task: str, prefix: str, images: bool, perceive_task: str):
    """(the config a runner part takes, make(seed, part, index, tally) -> the item's output)."""
    import importlib
    import json

    if task == "solve":
        dsl, solvers = (importlib.import_module(prefix + m) for m in ("dsl", "solvers"))
        texts = [(HERE / "examples" / name).read_text(encoding="utf-8") for name in PUBLISHED]

        def solve(seed, part, index, tally):
            return json.dumps({"file": PUBLISHED[index % 4], **solvers.solve(dsl.parse(texts[index % 4])).as_dict()},
                              ensure_ascii=False)
        return None, solve
    runner = importlib.import_module(prefix + "generate.runner")
    to_line = _line_writer(runner, prefix)
    split = Path(runner.__file__).resolve().parent.joinpath("geomverse", "pipeline.py").exists()
    if task == "perceive":
        try:
            module = "generate.perception.sets" if split else "generate.perception"
            perception = importlib.import_module(prefix + module)
        except ImportError:
            raise SystemExit("this version has no perception sets (generate.perception)") from None
        cfg = perception.PerceptionConfig(task=perceive_task, images=images).validate()

        def perceive(seed, part, index, tally):
            return to_line(perception.make_record(cfg, seed, part, index, tally)[0])
        return cfg, perceive
    sub = "generate.geomverse." if split else "generate."
    pipeline, config = (importlib.import_module(prefix + sub + m) for m in ("pipeline", "config"))
    assert Path(pipeline.__file__).resolve().is_relative_to(Path(runner.__file__).resolve().parent.parent)
    cfg = config.GenConfig(depth=3, images=images)

    def generate(seed, part, index, tally):
        return to_line(pipeline.make_record(cfg, seed, part, index, tally)[0])
    return cfg, generate


def _line_writer(runner, prefix: str):
    """A record's JSON line as the version writes it: ``runner.dumps`` before the dataset floor,
    the typed record's line after it."""
    import importlib

    if hasattr(runner, "dumps"):
        return runner.dumps
    folder = importlib.import_module(prefix + "dataset.folder")
    records = importlib.import_module(prefix + "dataset.records")

    def to_line(record):
        return folder.record_line(records.Record.from_json(record))
    return to_line


def worker(checkout: Path, images: bool, seed: str, part: str, gc_mode: str, workers: int, task: str = "generate",
           perceive_task: str = "length") -> None:
    """Serve turns: ``lo hi`` on stdin -> the cost of items lo..hi-1 on stdout: CPU seconds of
    making them (see the module docstring), or with ``workers`` the wall seconds of ``generate``'s
    own runner (a pool of that many processes, files written) making them as a part of its own."""
    import gc
    import importlib

    with tempfile.TemporaryDirectory(prefix="geomill-duel-") as scratch:
        root, prefix = _import_root(checkout, Path(scratch))
        sys.path.insert(0, str(root))
        runner = importlib.import_module(prefix + "generate.runner")
        assert Path(runner.__file__).resolve().is_relative_to(checkout.resolve()), runner.__file__
        cfg, make = _maker(task, prefix, images, perceive_task)
        tally = runner.Tally()
        for i in range(30):  # rules, caches and fonts warm, as after a pool worker's first problems
            make(seed, part, 1_000_000 + i, tally)
        if gc_mode == "runner" and hasattr(runner, "_pool_worker") and not workers:
            runner._pool_worker()
        print("ready", flush=True)
        for line in sys.stdin:
            lo, hi = map(int, line.split())
            if workers:  # (the pool's workers set their own collector, as in a real run)
                out = Path(scratch) / f"{part}{lo}"
                t0 = time.perf_counter()
                runner.run(out, [runner.Part(f"{part}{lo}", "test", hi - lo, cfg)], seed=seed, workers=workers,
                           shard_size=-(-(hi - lo) // workers), progress=False)
                print(time.perf_counter() - t0, flush=True)
                continue
            t0 = time.process_time()
            for i in range(lo, hi):
                make(seed, part, i, tally)
            print(time.process_time() - t0, flush=True)
        gc.collect()


# -- the referee ------------------------------------------------------------------------------------------


def _checkout(ref: str, scratch: Path) -> Path:
    if Path(ref).is_dir():
        return Path(ref)
    path = scratch / "old"
    subprocess.run(["git", "-C", str(HERE), "worktree", "add", "--detach", str(path), ref],
                   check=True, capture_output=True)
    return path


def _start(checkout: Path, args: argparse.Namespace) -> subprocess.Popen:
    cmd = [sys.executable, __file__, "--worker", str(checkout), "--seed", args.seed, "--part", args.part,
           "--gc", args.gc, "--workers", str(args.workers), "--task", args.task, "--perceive-task", args.perceive_task]
    p = subprocess.Popen(cmd + (["--images"] if args.images else []), stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True, env={**os.environ, "MPLBACKEND": "Agg"})
    if p.stdout.readline().strip() != "ready":
        raise SystemExit(f"the worker for {checkout} did not start")
    return p


def duel(old: Path, new: Path, args: argparse.Namespace) -> None:
    procs = {"old": _start(old, args), "new": _start(new, args)}
    cpu: dict[str, list[float]] = {"old": [], "new": []}
    for k in range(args.n // args.block):
        for name in ("old", "new") if k % 2 else ("new", "old"):
            p = procs[name]
            p.stdin.write(f"{k * args.block} {(k + 1) * args.block}\n")
            p.stdin.flush()
            cpu[name].append(float(p.stdout.readline()))
    for p in procs.values():
        p.stdin.close()
        p.wait()
    o, n = cpu["old"], cpu["new"]
    per = max(1, 50 // args.block)
    parts = [sum(n[i:i + per]) / sum(o[i:i + per]) for i in range(0, len(o), per)]
    done = len(o) * args.block
    how = f"runner, {args.workers} workers, wall" if args.workers else f"gc {args.gc}, CPU"
    what = {"generate": "depth-3 problems", "solve": "published problems solved",
            "perceive": f"{args.perceive_task} questions"}[args.task]
    figures = "" if args.task == "solve" else f"figures {'on' if args.images else 'off'}, "
    print(f"{args.task}: {figures}seed {args.seed}:{args.part}, {done} {what}, {how}: "
          f"old {1000 * sum(o) / done:.2f} ms, new {1000 * sum(n) / done:.2f} ms an item "
          f"({done / sum(n):.0f}/s new on one core); "
          f"new/old {sum(n) / sum(o):.3f} (per {per * args.block} items: median {statistics.median(parts):.3f}, "
          f"{min(parts):.3f}-{max(parts):.3f})", flush=True)


def _alone(new: Path, args: argparse.Namespace) -> str:
    """This version's rate on its own (no duel: nothing to alternate with)."""
    p = _start(new, args)
    cost = 0.0
    for k in range(args.n // args.block):
        p.stdin.write(f"{k * args.block} {(k + 1) * args.block}\n")
        p.stdin.flush()
        cost += float(p.stdout.readline())
    p.stdin.close()
    p.wait()
    done = args.n // args.block * args.block
    return f"{1000 * cost / done:.2f} ms a question, {done / cost:.0f}/s on one core (CPU)"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("old", nargs="?", help="a git ref or a checkout's path")
    ap.add_argument("--new", default=str(HERE), help="a checkout's path (default: this one)")
    ap.add_argument("-n", type=int, default=400)
    ap.add_argument("--block", type=int, default=10, help="problems per turn")
    ap.add_argument("--images", action="store_true")
    ap.add_argument("--seed", default="7")
    ap.add_argument("--part", default="duel", help="the part name (with the seed, it picks the problems)")
    ap.add_argument("--gc", choices=("default", "runner"), default="default")
    ap.add_argument("--workers", type=int, default=0,
                    help="time generate's own runner with this many processes a turn (wall clock)")
    ap.add_argument("--task", choices=("generate", "solve", "perceive"), default="generate")
    ap.add_argument("--perceive-task", default="length", help="with --task perceive: the question kind")
    ap.add_argument("--all", action="store_true",
                    help="solve, generation with and without figures, and (when OLD has them) perception sets")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        return worker(Path(args.worker), args.images, args.seed, args.part, args.gc, args.workers, args.task,
                      args.perceive_task)
    if not args.old:
        ap.error("name the old version (a git ref or a path)")
    series = [args]
    if args.all:
        series = [argparse.Namespace(**{**vars(args), "task": task, "images": images})
                  for task, images in (("solve", False), ("generate", False), ("generate", True), ("perceive", True))]
    with tempfile.TemporaryDirectory(prefix="geomill-duel-") as scratch:
        old = _checkout(args.old, Path(scratch))
        try:
            for one in series:
                if one.task == "perceive" and not (old / "generate" / "perception.py").exists():
                    print(f"perceive: {args.old} has no perception sets; "
                          f"time this version alone: {_alone(Path(args.new), one)}")
                    continue
                duel(old, Path(args.new), one)
        finally:
            if old != Path(args.old):
                subprocess.run(["git", "-C", str(HERE), "worktree", "remove", "--force", str(old)],
                               capture_output=True)


if __name__ == "__main__":
    main()
