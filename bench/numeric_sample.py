"""The numeric model on a fixed FormalGeo sample (every 23rd problem of the development half):
success rate, failure causes and CPU seconds per problem (in a pool of WORKERS processes).
``python bench/numeric_sample.py [FILE] [STEP] [WORKERS]``"""
from __future__ import annotations

import collections
import json
import multiprocessing as mp
import statistics
import sys
import time
from pathlib import Path

from geomill.engine.errors import SolveError
from geomill.generate.formalgeo import Unsupported, answer_value, convert, read_problems
from geomill.solvers.numeric import APPROXIMATE, build_model


def one(problem: dict) -> dict | None:
    """One problem's row: its model built or why not, the CPU seconds, the goal against the answer."""
    try:
        _, parsed = convert(problem)
    except (Unsupported, ValueError, KeyError, TypeError):
        return None
    t = time.process_time()
    try:
        m = build_model(parsed, check_goal=False, tolerate=APPROXIMATE)
        ok, why = True, "approximate" if m.misfit else ""
        answer = answer_value(problem.get("problem_answer"))
        got = m.goal_value()
        match = None if answer is None or got is None else abs(got - answer) <= 1e-2 * max(1.0, abs(answer))
    except SolveError as e:
        ok, why, match = False, e.message, None
    return {"id": problem.get("problem_id"), "ok": ok, "why": why, "match": match,
            "s": round(time.process_time() - t, 3)}


def main() -> None:
    src = Path(sys.argv[1] if len(sys.argv) > 1 else "/work/shared/formalgeo7k/dev.jsonl.gz")
    step = int(sys.argv[2]) if len(sys.argv) > 2 else 23
    workers = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    sample = [p for i, (_, p) in enumerate(read_problems(src)) if i % step == 0 and isinstance(p, dict)]
    with mp.get_context("fork").Pool(workers) as pool:
        rows = [r for r in pool.imap(one, sample) if r is not None]
    secs = [r["s"] for r in rows]
    print(json.dumps({"problems": len(rows), "models": sum(r["ok"] for r in rows),
                      "approximate": sum(r["why"] == "approximate" for r in rows),
                      "rate": round(sum(r["ok"] for r in rows) / len(rows), 4),
                      "answers_checked": sum(r["match"] is not None for r in rows),
                      "answers_matching": sum(bool(r["match"]) for r in rows),
                      "cpu_s_mean": round(statistics.mean(secs), 3), "cpu_s_median": round(statistics.median(secs), 3),
                      "cpu_s_max": max(secs),
                      "causes": collections.Counter(r["why"][:40] for r in rows if not r["ok"]),
                      "failed": [r["id"] for r in rows if not r["ok"]],
                      "slowest": sorted(((r["s"], r["id"]) for r in rows), reverse=True)[:8]}))


if __name__ == "__main__":
    main()
