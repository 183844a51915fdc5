"""Speed of the exact linear table (solvers/linear.py, AlphaGeometry-style algebraic reasoning).

    python bench/bench_linear.py                    # default: 3000 equations over 300 keys
    python bench/bench_linear.py --keys 500 --equations 5000 --kind random

Systems are built from a hidden exact solution, so they are consistent:
``chase`` mimics angle chasing and line addition (equalities, sums of two or three keys, given
values, supplementary pairs: coefficients ±1, a few halves); ``random`` draws 2-4 keys with
coefficients in -5..5 (the harder, denser case).  Prints the time to add every equation (wall
and CPU: on a shared machine the CPU time is the steadier), the time to list every determined
key, and the time of one provenance query.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
import timeit
from fractions import Fraction

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from geomill.solvers.linear import LinearTable  # noqa: E402


def system(n_keys: int, n_eqs: int, kind: str, seed: int) -> list[tuple[dict, Fraction]]:
    """A consistent system: ``n_eqs`` (coeffs, constant) over ``n_keys`` keys."""
    rng = random.Random(seed)
    hidden = {f"k{i}": Fraction(rng.randint(1, 179)) for i in range(n_keys)}
    keys = list(hidden)
    out = []
    for _ in range(n_eqs):
        if kind == "chase":
            r = rng.random()
            if r < 0.05:
                coeffs = {rng.choice(keys): 1}
            elif r < 0.4:
                coeffs = dict.fromkeys(rng.sample(keys, 2), 1)
                a, b = coeffs
                coeffs[b] = -1
            elif r < 0.9:
                coeffs = {k: rng.choice((1, -1)) for k in rng.sample(keys, 3)}
            else:
                coeffs = {k: rng.choice((1, Fraction(1, 2), -1)) for k in rng.sample(keys, 2)}
        else:
            coeffs = {k: rng.choice([c for c in range(-5, 6) if c]) for k in rng.sample(keys, rng.randint(2, 4))}
        out.append((coeffs, sum(c * hidden[k] for k, c in coeffs.items())))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--keys", type=int, default=300)
    ap.add_argument("--equations", type=int, default=3000)
    ap.add_argument("--kind", choices=("chase", "random"), default="chase")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    if args.keys < 4 or args.equations < 1 or args.repeat < 1:
        ap.error("--keys must be at least 4, --equations and --repeat at least 1")
    adds, cpus, knowns, whys = [], [], [], []
    for seed in range(args.repeat):
        eqs = system(args.keys, args.equations, args.kind, seed)
        t0, c0 = time.perf_counter(), time.process_time()
        table = LinearTable()
        for coeffs, const in eqs:
            table.add(coeffs, const)
        t1, c1 = time.perf_counter(), time.process_time()
        cpus.append(c1 - c0)
        known = table.known()
        t2 = time.perf_counter()
        if known:
            table.value(next(iter(known)))
        t3 = time.perf_counter()
        adds.append(t1 - t0)
        knowns.append(t2 - t1)
        whys.append(t3 - t2)
    calib = min(timeit.repeat("{k: v for k, v in d.items()}", "d = {'a': 1, 'b': 2, 'c': 3}", number=20000, repeat=5))
    print(f"machine: a 3-item dict comprehension takes {calib / 20000 * 1e6:.2f} µs "
          "(a calibration: on a shared machine the times below scale with it)")
    print(f"{args.kind}: {args.equations} equations over {args.keys} keys, rank {table.rank}, "
          f"{len(known)} keys determined")
    print(f"  add all: median {statistics.median(adds) * 1e3:.1f} ms wall (min {min(adds) * 1e3:.1f}), "
          f"{statistics.median(cpus) * 1e3:.1f} ms CPU")
    print(f"  known(): median {statistics.median(knowns) * 1e3:.2f} ms")
    print(f"  one value() with provenance: median {statistics.median(whys) * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
