"""Two versions of geomill generating the same problems, taking turns: the CPU cost ratio.

    python bench/duel.py OLD [--new PATH] [-n 400] [--block 10] [--images] [--seed 7] [--gc runner]

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
PACKAGES = ("engine", "dsl", "solvers", "render", "generate", "evaluate")


# -- a worker: one version, problems on request ------------------------------------------------------


def _import_root(checkout: Path, scratch: Path) -> tuple[Path, str]:
    """A sys.path entry that imports this checkout's code, and the module prefix to use.

    Before the namespace change the folders were top-level modules (``generate.pipeline``);
    since, they install as ``geomill.*``: a folder of links lays them out that way."""
    if "from geomill." not in (checkout / "generate" / "pipeline.py").read_text(encoding="utf-8"):
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


def worker(checkout: Path, images: bool, seed: str, gc_mode: str) -> None:
    import gc
    import importlib

    with tempfile.TemporaryDirectory(prefix="geomill-duel-") as scratch:
        root, prefix = _import_root(checkout, Path(scratch))
        sys.path.insert(0, str(root))
        pipeline = importlib.import_module(prefix + "generate.pipeline")
        config = importlib.import_module(prefix + "generate.config")
        runner = importlib.import_module(prefix + "generate.runner")
        assert Path(pipeline.__file__).resolve().is_relative_to(checkout.resolve()), pipeline.__file__
        cfg, tally = config.GenConfig(depth=3, images=images), runner.Tally()
        for i in range(30):  # rules, caches and fonts warm, as after a pool worker's first problems
            pipeline.make_record(cfg, seed, "duel", 1_000_000 + i, tally)
        if gc_mode == "runner" and hasattr(runner, "_pool_worker"):
            runner._pool_worker()
        print("ready", flush=True)
        for line in sys.stdin:
            lo, hi = map(int, line.split())
            t0 = time.process_time()
            for i in range(lo, hi):
                runner.dumps(pipeline.make_record(cfg, seed, "duel", i, tally)[0])
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
    cmd = [sys.executable, __file__, "--worker", str(checkout), "--seed", args.seed, "--gc", args.gc]
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
    print(f"figures {'on' if args.images else 'off'}, seed {args.seed}, {done} problems, gc {args.gc}: "
          f"old {1000 * sum(o) / done:.2f} ms, new {1000 * sum(n) / done:.2f} ms a problem; "
          f"new/old {sum(n) / sum(o):.3f} (per 50 problems: median {statistics.median(parts):.3f}, "
          f"{min(parts):.3f}-{max(parts):.3f})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("old", nargs="?", help="a git ref or a checkout's path")
    ap.add_argument("--new", default=str(HERE), help="a checkout's path (default: this one)")
    ap.add_argument("-n", type=int, default=400)
    ap.add_argument("--block", type=int, default=10, help="problems per turn")
    ap.add_argument("--images", action="store_true")
    ap.add_argument("--seed", default="7")
    ap.add_argument("--gc", choices=("default", "runner"), default="default")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        return worker(Path(args.worker), args.images, args.seed, args.gc)
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
