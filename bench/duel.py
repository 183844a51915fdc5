"""Two versions of geomill generating the same problems, taking turns: their cost ratio.

    python bench/duel.py OLD [--new PATH] [-n 400] [--block 10] [--images] [--seed 7] [--gc runner]
    python bench/duel.py OLD --workers 2 --block 100 [-n 1000] [--images]

OLD is a git ref of this repository (checked out into a temporary worktree) or a checkout's
path; ``--new`` defaults to this checkout.  Prints each version's CPU ms per problem
(``make_record`` plus the record's JSON line, depth 3) and their ratio, overall and per 50
problems.

Why taking turns: this machine's speed drifts by ±30 % within seconds (a shared VM), more
than the differences worth measuring, so two versions timed one after the other mostly
measure the drift.  Here each version runs in its own process (its own heap and caches, as
a pool worker has) and they alternate on blocks of problems (the first alternating too),
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


def worker(checkout: Path, images: bool, seed: str, part: str, gc_mode: str, workers: int) -> None:
    """Serve turns: ``lo hi`` on stdin -> the cost of problems lo..hi-1 on stdout: CPU seconds of
    ``make_record`` and the JSON line, or with ``workers`` the wall seconds of ``generate``'s
    own runner (a pool of that many processes, files written) making them as a part of its own."""
    import gc
    import importlib

    with tempfile.TemporaryDirectory(prefix="geomill-duel-") as scratch:
        root, prefix = _import_root(checkout, Path(scratch))
        sys.path.insert(0, str(root))
        sub = "generate.geomverse." if _pipeline_file(checkout).parent.name == "geomverse" else "generate."
        pipeline = importlib.import_module(prefix + sub + "pipeline")
        config = importlib.import_module(prefix + sub + "config")
        runner = importlib.import_module(prefix + "generate.runner")
        if hasattr(runner, "dumps"):
            to_line = runner.dumps
        else:  # the dataset floor: the runner types each record, then writes its line
            folder = importlib.import_module(prefix + "dataset.folder")
            records = importlib.import_module(prefix + "dataset.records")

            def to_line(record):
                return folder.record_line(records.Record.from_json(record))
        assert Path(pipeline.__file__).resolve().is_relative_to(checkout.resolve()), pipeline.__file__
        cfg, tally = config.GenConfig(depth=3, images=images), runner.Tally()
        for i in range(30):  # rules, caches and fonts warm, as after a pool worker's first problems
            pipeline.make_record(cfg, seed, part, 1_000_000 + i, tally)
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
                to_line(pipeline.make_record(cfg, seed, part, i, tally)[0])
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
           "--gc", args.gc, "--workers", str(args.workers)]
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
    print(f"figures {'on' if args.images else 'off'}, seed {args.seed}:{args.part}, {done} problems, {how}: "
          f"old {1000 * sum(o) / done:.2f} ms, new {1000 * sum(n) / done:.2f} ms a problem; "
          f"new/old {sum(n) / sum(o):.3f} (per {per * args.block} problems: median {statistics.median(parts):.3f}, "
          f"{min(parts):.3f}-{max(parts):.3f})")


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
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        return worker(Path(args.worker), args.images, args.seed, args.part, args.gc, args.workers)
    if not args.old:
        ap.error("name the old version (a git ref or a path)")
    with tempfile.TemporaryDirectory(prefix="geomill-duel-") as scratch:
        old = _checkout(args.old, Path(scratch))
        try:
            duel(old, Path(args.new), args)
        finally:
            if old != Path(args.old):
                subprocess.run(["git", "-C", str(HERE), "worktree", "remove", "--force", str(old)],
                               capture_output=True)


if __name__ == "__main__":
    main()
