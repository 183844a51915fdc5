"""Problems per second of ``geomill generate --world textbook``, with figures, on 2 workers (one run).

    python bench/bench_textbook_gen.py [-n 200] [--seed 11] [--workers 2]

Reports wall-clock problems per second, the CPU seconds one problem costs (all processes: on a
shared machine the wall clock says little, the CPU cost is what a free core pays), the rate that
cost gives on ``--workers`` free cores, and the set's distinctness (canonical forms), depths,
question types and theorem families.
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from geomill.cli import main  # noqa: E402


def _cpu() -> float:
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def run(n: int, seed: str, workers: int, images: bool) -> dict:
    out = Path(tempfile.mkdtemp(prefix="bench_textbook_gen_"))
    try:
        args = ["generate", "--world", "textbook", "-n", str(n), "--seed", seed, "--workers", str(workers),
                "--out", str(out / "set"), "--quiet", "--no-chat"] + ([] if images else ["--no-images"])
        c0, t0 = _cpu(), time.perf_counter()
        assert main(args) == 0
        wall, cpu = time.perf_counter() - t0, _cpu() - c0
        records = [json.loads(line) for f in sorted((out / "set" / "data").glob("shard-*.jsonl")) for line in open(f)]
    finally:
        shutil.rmtree(out, ignore_errors=True)
    return {
        "problems": len(records), "images": images, "workers": workers, "wall_s": round(wall, 1),
        "per_s_wall": round(len(records) / wall, 2), "cpu_s_per_problem": round(cpu / max(len(records), 1), 3),
        "per_s_on_free_cores": round(workers * len(records) / cpu, 2),
        "distinct": len({r["solution_hash"] for r in records}),
        "depth": dict(sorted(collections.Counter(r["depth"] for r in records).items())),
        "question_type": dict(collections.Counter(r["question_type"] for r in records).most_common()),
        "families": len({k for r in records for k in r["rules"]}),
    }


def main_(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=200)
    ap.add_argument("--seed", default="11")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--no-images", action="store_true")
    a = ap.parse_args(argv)
    print(json.dumps(run(a.n, a.seed, a.workers, not a.no_images), indent=1))


if __name__ == "__main__":
    main_()
