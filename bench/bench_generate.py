"""Problems per second of ``geomill generate``: with and without figures, 1 and 2 workers, one run.

    python bench/bench_generate.py [-n 400] [--depth 3]

Also reports the CPU cost of one problem without the figure split into
drawing (Algorithm 1 + values), proof (print, parse, solve) and layout, and
extrapolates the issue's goal: 100,000 depth-3 problems with figures on 2 cores.
"""
from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from geomill.dsl import format_problem, parse  # noqa: E402
from geomill.generate.geomverse.backward import Infeasible, draw  # noqa: E402
from geomill.generate.geomverse.config import GenConfig  # noqa: E402
from geomill.generate.geomverse.pipeline import planner  # noqa: E402
from geomill.generate.runner import Part, run  # noqa: E402
from geomill.solvers import solve  # noqa: E402


def per_problem(depth: int, n: int) -> dict:
    """CPU ms per accepted problem of each stage, without figures (layout timed separately)."""
    cfg = GenConfig(depth=depth)
    pl = planner(cfg.pool)
    t_draw = t_proof = t_layout = 0.0
    done = 0
    try:
        from geomill.render.layout import LayoutError, layout
    except ImportError:
        layout = None
    rng = random.Random(1)
    while done < n:
        t0 = time.process_time()
        try:
            d = draw(cfg, pl, rng, rng.choice(["side", "angle", "area", "perimeter"]), depth, 0.0, 0.0)
        except Infeasible:
            t_draw += time.process_time() - t0
            continue
        t1 = time.process_time()
        sol = solve(parse(format_problem(d.problem)))
        t2 = time.process_time()
        if layout is not None:
            try:
                layout(sol, seed=done)
            except LayoutError:
                pass
        t3 = time.process_time()
        t_draw += t1 - t0
        t_proof += t2 - t1
        t_layout += t3 - t2
        done += 1
    return {"draw_ms": 1000 * t_draw / n, "proof_ms": 1000 * t_proof / n, "layout_ms": 1000 * t_layout / n}


def throughput(n: int, depth: int, images: bool, workers: int) -> float:
    out = tempfile.mkdtemp(prefix="geomill-bench-")
    try:
        cfg = GenConfig(depth=depth, images=images)
        t = time.perf_counter()
        run(out, [Part("bench", "test", n, cfg)], seed="bench", workers=workers, shard_size=max(10, n // 16),
            progress=False)
        return n / (time.perf_counter() - t)
    finally:
        shutil.rmtree(out, ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=400)
    ap.add_argument("--depth", type=int, default=3)
    args = ap.parse_args()
    throughput(20, args.depth, True, 1)  # warm caches (rules, fonts) before timing
    stages = per_problem(args.depth, 200)
    print(f"depth {args.depth}, per accepted problem (CPU): draw {stages['draw_ms']:.2f} ms, "
          f"proof {stages['proof_ms']:.2f} ms, layout {stages['layout_ms']:.2f} ms")
    rates = {}
    for images in (False, True):
        for workers in (1, 2):
            rates[images, workers] = r = throughput(args.n, args.depth, images, workers)
            print(f"images={'on ' if images else 'off'} workers={workers}: {r:8.1f} problems/s")
    for images in (False, True):
        print(f"scaling 1->2 workers (images {'on' if images else 'off'}): "
              f"x{rates[images, 2] / rates[images, 1]:.2f}")
    eta = 100_000 / rates[True, 2] / 60
    print(f"100,000 depth-{args.depth} problems with figures on 2 workers: ~{eta:.1f} min (goal < 15)")


if __name__ == "__main__":
    main()
