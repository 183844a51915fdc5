"""Where a depth-3 problem with its figure spends its time: wall ms a record per stage, and what refused draws cost.

    python bench/figure_stages.py [-n 300] [--seed 7] [--part stages] [--warm 30]

Each stage's entry point is wrapped with a timer (no profiler: cProfile inflates Python-heavy code
several times against numpy, zlib and Agg, and so misranks them), after ``--warm`` problems
(rules, caches, fonts) as ``bench/duel.py`` does.  Stages nest (``layout`` holds ``fit``-level
work, ``compose`` the label placement), so the shares do not add up to 100 %.  The last lines
split the checks' time between the draws kept and those refused, by the check that refused them:
a refused draw costs every check run before its own.  One process, one run: the machine's drift
shows, so compare two versions with ``bench/duel.py``.
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=300)
    ap.add_argument("--seed", default="7")
    ap.add_argument("--part", default="stages")
    ap.add_argument("--warm", type=int, default=30)
    args = ap.parse_args()

    from geomill.generate.geomverse import pipeline
    from geomill.generate.geomverse.config import GenConfig
    from geomill.generate.shared import Tally
    from geomill.render import draw
    from geomill.solvers import solve as _solve_module  # noqa: F401  (the module, below)

    solve_module = sys.modules["geomill.solvers.geomverse"]
    spent: Counter = Counter()
    calls: Counter = Counter()

    def timed(name: str, fn):
        def wrapper(*a, **k):
            t0 = time.perf_counter()
            try:
                return fn(*a, **k)
            finally:
                spent[name] += time.perf_counter() - t0
                calls[name] += 1
        return wrapper

    tools = pipeline._figure_tools()
    if tools is None:
        raise SystemExit("the figure floor (geomill.render) is not installed")
    wrapped = {name: timed(name, getattr(tools, name)) for name in ("layout", "judge", "compose", "labels")}
    pipeline._figure_tools = lambda: type(tools)(**{**tools.__dict__, **wrapped})
    for module, names in ((pipeline, ("draw", "format_problem", "parse", "_written", "_record")),
                          (solve_module, ("deduce",)), (solve_module.Deduced, ("prove",)),
                          (draw.Renderer, ("paint", "png"))):
        for name in names:
            setattr(module, name, timed(name, getattr(module, name)))

    attempts: Counter = Counter()  # outcome of a solved draw -> seconds spent on such draws
    outcomes: Counter = Counter()
    prove = pipeline._prove

    def proving(*a, **k):
        t0 = time.perf_counter()
        outcome = "kept"
        try:
            return prove(*a, **k)
        except (pipeline.Infeasible, pipeline.Failure) as e:
            outcome = str(e).split(":")[0] if isinstance(e, pipeline.Failure) else str(e)
            raise
        finally:
            attempts[outcome] += time.perf_counter() - t0
            outcomes[outcome] += 1
    pipeline._prove = proving

    cfg = GenConfig(depth=3, images=True)
    for i in range(args.warm):
        pipeline.make_record(cfg, args.seed, args.part, 1_000_000 + i, Tally())
    for c in (spent, calls, attempts, outcomes):
        c.clear()
    tally = Tally()
    t0, c0 = time.perf_counter(), time.process_time()
    for i in range(args.n):
        pipeline.make_record(cfg, args.seed, args.part, i, tally)
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    n = args.n
    print(f"{n} records: {1000 * wall / n:.2f} ms a record (wall), {1000 * cpu / n:.2f} ms CPU; "
          f"{sum(calls[s] for s in ('draw',))} draws, {calls['deduce']} solved")
    for name, s in spent.most_common():
        print(f"  {name:14s} {1000 * s / n:6.2f} ms a record  {100 * s / wall:5.1f} %  ({calls[name]} calls)")
    print("draws checked after drawing, by outcome (each costs every check run before the one that refused it):")
    for outcome, s in attempts.most_common():
        print(f"  {outcome[:60]:60s} {outcomes[outcome]:5d} draws  {1000 * s / outcomes[outcome]:6.2f} ms each  "
              f"{1000 * s / n:6.2f} ms a record")
    print(f"refused while drawing (values, structure): {tally.rejected['values'] + tally.rejected['structure']}; "
          f"failures: {dict(tally.failed) or 'none'}")


if __name__ == "__main__":
    main()
