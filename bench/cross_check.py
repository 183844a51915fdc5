"""Both engines on generated GeomVerse problems: the share the plane solver proves with the
GeomVerse solver's exact answer (issue 36 item 5 asks for at least 95 % of 1,000, depth 1-3).

    python bench/cross_check.py            # 1,000 problems, depths 1, 2, 3 in turn
    python bench/cross_check.py -n 60 --shapes all --show 5
"""
from __future__ import annotations

import argparse
import collections
import statistics
import time

from geomill.dsl import parse
from geomill.generate import GenConfig, Tally, make_record
from geomill.solvers.cross_check import cross_check


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=1000)
    ap.add_argument("--depths", default="1,2,3")
    ap.add_argument("--shapes", default="geomverse", help="the generator's pool (geomverse, all, kind keys)")
    ap.add_argument("--seed", default="cross-check")
    ap.add_argument("--show", type=int, default=10, help="print this many disagreements and refusals")
    args = ap.parse_args()
    depths = [int(d) for d in args.depths.split(",")]
    configs = {d: GenConfig(depth=d, shapes=args.shapes, images=False) for d in depths}
    tally = Tally()
    counts: dict[tuple[int, str], int] = collections.Counter()
    times, shown = [], 0
    for i in range(args.n):
        depth = depths[i % len(depths)]
        record, _ = make_record(configs[depth], args.seed, f"depth{depth}", i, tally)
        problem = parse(record["dsl"])
        t0 = time.process_time()
        got = cross_check(problem)
        times.append(time.process_time() - t0)
        counts[depth, got.status] += 1
        if (i + 1) % 100 == 0:
            done = sum(v for (_, st), v in counts.items() if st == "same")
            print(f"{i + 1}: {done} same", flush=True)
        if got.status != "same" and shown < args.show:
            shown += 1
            print(f"-- {got.status}: geomverse {got.geomverse:.6g}, plane {got.plane}: {got.detail[:200]}")
            print(record["dsl"])
    total = sum(counts.values())
    same = sum(v for (_, s), v in counts.items() if s == "same")
    for d in depths:
        n = sum(v for (dd, _), v in counts.items() if dd == d)
        row = {s: counts[d, s] for s in ("same", "different", "refused")}
        print(f"depth {d}: {row['same']}/{n} same ({100 * row['same'] / max(n, 1):.1f} %), "
              f"{row['different']} different, {row['refused']} refused")
    print(f"all: {same}/{total} same ({100 * same / max(total, 1):.1f} %); plane solver CPU s per problem: "
          f"median {statistics.median(times):.3f}, max {max(times):.2f}")


if __name__ == "__main__":
    main()
