"""The general solver on FormalGeo7k's development half: how many it solves, refuses, gets wrong.

    python bench/formalgeo.py                     # every problem, 2 workers
    python bench/formalgeo.py --sample 10         # every 10th problem (a quick run)
    python bench/formalgeo.py --out failures.json --workers 4 --timeout 20

Each problem is imported (``generate/formalgeo.py``: its construction, facts and goal written in
the language and read back), its numeric model built and the goal deduced
(``solvers/plane``), in a process pool with a per-problem CPU-time limit.  A problem is right
when the exact answer is within 0.1 % of FormalGeo's ``problem_answer``, wrong when it is not,
refused when the solver says why it cannot prove the goal (or no figure fits), timed out after
the limit.  Times are CPU seconds per problem (model and deduction, and deduction alone).  The
JSON written by ``--out`` lists every wrong, refused and timed-out problem with its reason.
"""
from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import sys
import time
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from geomill.engine.errors import GeomillError  # noqa: E402
from geomill.generate.formalgeo import Unsupported, answer_value, convert, read_problems  # noqa: E402

_ROOT = Path(__file__).resolve().parents[1]
DEFAULT = next((p for p in (_ROOT.parent / "shared" / "formalgeo7k" / "dev.jsonl.gz",
                            _ROOT.parent.parent / "shared" / "formalgeo7k" / "dev.jsonl.gz") if p.exists()),
               _ROOT.parent / "shared" / "formalgeo7k" / "dev.jsonl.gz")
RIGHT = 1e-3  # relative agreement with FormalGeo's answer


class _Cut(Exception):
    pass


def _cut(signum, frame):  # noqa: ARG001 - a signal handler's signature
    raise _Cut


def solve_one(args: tuple[str, dict | str, float]) -> dict:
    """One problem's result: status (right / wrong / refused / unimported / timeout), reason, times."""
    from geomill.solvers.numeric import build_model
    from geomill.solvers.plane import solve_general

    where, problem, timeout = args
    if not isinstance(problem, dict):
        return {"where": where, "status": "unimported", "reason": str(problem)}
    out = {"where": where, "problem_id": problem.get("problem_id"), "source": _source(problem.get("source")),
           "level": problem.get("problem_level"), "answer": problem.get("problem_answer")}
    old = signal.signal(signal.SIGPROF, _cut)
    signal.setitimer(signal.ITIMER_PROF, timeout)
    start = time.process_time()
    try:
        try:
            _, parsed = convert(problem)
        except Unsupported as e:
            out.update(status="unimported", reason=str(e))
            return out
        t0 = time.process_time()
        model = build_model(parsed)
        t1 = time.process_time()
        out["model_seconds"] = round(t1 - t0, 4)
        sol = solve_general(parsed, model)
        out["solve_seconds"] = round(time.process_time() - t1, 4)
        out["exact"] = str(sol.exact_value)
        expected = answer_value(problem.get("problem_answer"))
        if expected is None:
            out.update(status="refused", reason="FormalGeo's answer cannot be read")
        elif abs(sol.exact - expected) <= RIGHT * max(1.0, abs(expected)):
            out.update(status="right", depth=sol.depth, width=sol.width)
        else:
            out.update(status="wrong", reason=f"answered {sol.exact_value} = {sol.exact:.6g}, FormalGeo says "
                                              f"{problem.get('problem_answer')}; the figure measures "
                                              f"{model.goal_value():.6g}")
    except _Cut:
        out.update(status="timeout", reason=f"over {timeout:g} s of CPU time")
    except GeomillError as e:
        out.update(status="refused", reason=e.message if hasattr(e, "message") else str(e))
    except Exception as e:  # noqa: BLE001 - a bench records every failure and goes on
        out.update(status="refused", reason=f"internal error: {type(e).__name__}: {e}"[:300])
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, old)
        out["seconds"] = round(time.process_time() - start, 4)
    return out


def _source(s: object) -> str:
    s = str(s or "")
    return "Geometry3K" if s.lower().startswith("geometry3k") else "GeoQA" if s.lower().startswith("geoqa") else s


def _cause(reason: str) -> str:
    """A refusal's reason without its particulars, to count causes."""
    import re
    r = re.sub(r"\b[A-Z]{1,8}\b", "·", reason)
    r = re.sub(r"[-+]?\d[\d.e+-]*", "#", r)
    return r.split(";")[0][:90]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("problems", nargs="?", default=str(DEFAULT), help="FormalGeo JSON lines (.gz) or a folder")
    ap.add_argument("--sample", type=int, default=1, help="every K-th problem")
    ap.add_argument("--offset", type=int, default=0, help="start the sample at this problem (0 .. K-1)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=20.0, help="CPU seconds per problem")
    ap.add_argument("--out", help="write the wrong, refused and timed-out problems here (JSON)")
    args = ap.parse_args(argv)
    if args.sample < 1 or args.workers < 1 or args.timeout <= 0:
        print("error: --sample and --workers must be at least 1, --timeout positive", file=sys.stderr)
        return 2
    if not Path(args.problems).exists():
        print(f"error: {args.problems}: no such file", file=sys.stderr)
        return 2
    first = args.offset % args.sample
    items = [it for i, it in enumerate(read_problems(Path(args.problems))) if i % args.sample == first]
    try:
        from tqdm import tqdm
    except ImportError:  # pragma: no cover
        def tqdm(x, **kw):
            return x
    results = []
    jobs = [(w, p, args.timeout) for w, p in items]
    if args.workers == 1:
        results = [solve_one(j) for j in tqdm(jobs, desc="solving", unit="problem")]
    else:
        with ProcessPoolExecutor(args.workers) as pool:
            results = list(tqdm(pool.map(solve_one, jobs, chunksize=1), total=len(jobs), desc="solving",
                                unit="problem"))
    print(report(results))
    if args.out:
        bad = [r for r in results if r["status"] != "right"]
        tmp = args.out + ".tmp"
        with open(tmp, "w") as fh:
            json.dump(bad, fh, indent=1, ensure_ascii=False)
        os.replace(tmp, args.out)
    return 0


def report(results: list[dict]) -> str:
    n = len(results)
    count = Counter(r["status"] for r in results)
    imported = n - count["unimported"]
    lines = [f"problems {n}   imported {imported}   right {count['right']} ({_pct(count['right'], n)})   "
             f"wrong {count['wrong']}   refused {count['refused']}   timed out {count['timeout']}   "
             f"unimported {count['unimported']}"]
    times = sorted(r["seconds"] for r in results if "seconds" in r and r["status"] != "unimported")
    solve = sorted(r["solve_seconds"] for r in results if "solve_seconds" in r)
    if times:
        lines.append(f"time per problem (CPU s, model + solve): median {statistics.median(times):.3f}   "
                     f"p95 {times[int(0.95 * (len(times) - 1))]:.3f}")
    if solve:
        lines.append(f"deduction alone: median {statistics.median(solve):.3f}   "
                     f"p95 {solve[int(0.95 * (len(solve) - 1))]:.3f}")
    for field in ("source", "level"):
        groups: dict[object, Counter] = defaultdict(Counter)
        for r in results:
            groups[r.get(field)][r["status"]] += 1
        lines.append(f"by {field}:")
        for g in sorted(groups, key=lambda x: (str(type(x)), x if x is not None else 0)):
            c = groups[g]
            tot = sum(c.values())
            lines.append(f"  {str(g):<12} {tot:>5}   right {c['right']:>5} ({_pct(c['right'], tot)})   "
                         f"wrong {c['wrong']}"
                         f"   refused {c['refused']}   timed out {c['timeout']}   unimported {c['unimported']}")
    causes = Counter(_cause(r.get("reason", "")) for r in results if r["status"] == "refused")
    if causes:
        lines.append("top refusal causes:")
        lines += [f"  {k:>4}  {c}" for c, k in causes.most_common(8)]
    return "\n".join(lines)


def _pct(a: int, b: int) -> str:
    return f"{100 * a / b:.1f} %" if b else "-"


if __name__ == "__main__":
    sys.exit(main())
