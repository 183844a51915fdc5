"""The general solver on FormalGeo7k's development half: how many it solves, refuses, gets wrong.

    python bench/formalgeo.py                     # every problem, 2 workers
    python bench/formalgeo.py --sample 10         # every 10th problem (a quick run)
    python bench/formalgeo.py --out failures.json --workers 4 --timeout 20

    python bench/formalgeo.py --list results.json [--status disputed,wrong]   # a saved run's failures

Each problem is imported (``generate/formalgeo.py``: its construction, facts and goal written in
the language and read back), its numeric model built and the goal deduced
(``solvers/plane``), in a process pool with a per-problem CPU-time limit.  A problem is right
when the exact answer is within 0.1 % of FormalGeo's ``problem_answer``; refused when the solver
says why it cannot prove the goal (or no figure fits); timed out after the limit.  A proven answer
that differs from FormalGeo's is *disputed* when the figure measures the proven answer too (the
solver checks every answer on it, so either FormalGeo's answer or the import's figure is wrong:
``docs/formalgeo_disputed.md`` reads such problems by hand), and *wrong* when the figure measures
FormalGeo's answer or a review (``bench/formalgeo_reviewed.json``) found the import at fault; a
disputed problem is never counted right.  Times are CPU seconds per problem, each problem on one
core (import, model and deduction; and deduction alone).  ``--out`` writes every problem's result
(status, reason, answers, the figure's value, depth, width, times, the proof's text) and the summary as JSON;
``--failures`` writes only the problems not right; ``--list`` prints them from a saved ``--out``;
``--lint`` also lints every proven solution (``solvers.plane_lint``, after the clock stops) and
reports how many pass.
"""
from __future__ import annotations

import argparse
import json
import math
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


def solve_one(args: tuple[str, dict | str, float, bool]) -> dict:
    """One problem's result: status (right / wrong / refused / unimported / timeout), reason, times;
    with ``lint``, the linter's findings on a proven solution."""
    from geomill.solvers.numeric import APPROXIMATE, NEAR_MISFIT, build_model
    from geomill.solvers.plane import solve_general

    where, problem, timeout, lint = args
    sol = None
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
        model = build_model(parsed, tolerate=APPROXIMATE, rough=NEAR_MISFIT)  # FormalGeo's rounded givens
        t1 = time.process_time()
        out["model_seconds"] = round(t1 - t0, 4)
        out["measured"] = _finite(model.goal_value())
        sol = solve_general(parsed, model)
        out["solve_seconds"] = round(time.process_time() - t1, 4)
        out["exact"] = str(sol.exact_value)
        out.update(_proof_measures(sol, problem))
        out.update(value=sol.exact, depth=sol.depth, width=sol.width)
        expected = answer_value(problem.get("problem_answer"))
        measured = out["measured"]
        if expected is None:
            out.update(status="refused", reason="FormalGeo's answer cannot be read")
        elif _agree(sol.exact, expected):
            out.update(status="right")
        else:
            review = REVIEWED.get(str(out["problem_id"]), {})
            figure_agrees = measured is not None and _agree(sol.exact, measured) and not _agree(measured, expected)
            status = "disputed" if figure_agrees and review.get("verdict") != "import" else "wrong"
            why = (f"proved {sol.exact_value} = {sol.exact:.6g}, FormalGeo says {problem.get('problem_answer')} "
                   f"= {expected:.6g}; the figure measures {_num(measured)}")
            if review:
                why += f"; reviewed: {review.get('verdict')}: {review.get('why', '')}"
            out.update(status=status, reason=why)
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
    if lint and sol is not None and out["status"] in ("right", "disputed"):  # (not timed: after the clock)
        from geomill.solvers.plane_lint import lint_general
        out["lint"] = [str(f) for f in lint_general(sol)]
    return out


def _proof_measures(sol, problem: dict) -> dict:
    """The written proof against FormalGeo's annotated one: theorems applied (ours, theirs), sentences
    said twice, conclusions read from five or more equations, sentences the figure contradicts."""
    from geomill.solvers.plane.write import measures
    from geomill.solvers.plane_lint import claim_findings

    text = sol.proof.written("text")
    m = measures(text)
    seqs = problem.get("theorem_seqs") or []
    return {"theorems": m["theorems"], "formalgeo_theorems": len(seqs), "repeated": m["repeated"],
            "widest": m["widest"], "long_jumps": m["long_jumps"], "unstated": m["unstated"],
            "claims": [str(f) for f in claim_findings(sol.proof, sol.model)], "proof": "\n".join(text.lines)}


def _agree(a: float, b: float) -> bool:
    return abs(a - b) <= RIGHT * max(1.0, abs(b))


def _finite(v: float | None) -> float | None:
    return v if v is not None and math.isfinite(v) else None


def _num(v: float | None) -> str:
    return "nothing" if v is None else f"{v:.6g}"


def _reviewed() -> dict[str, dict]:
    """Disputed problems read by hand (docs/formalgeo_disputed.md): id -> verdict ("formalgeo": its
    answer is wrong; "import": the figure the import writes is) and why."""
    path = Path(__file__).with_name("formalgeo_reviewed.json")
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


REVIEWED = _reviewed()


def _source(s: object) -> str:
    s = str(s or "")
    return "Geometry3K" if s.lower().startswith("geometry3k") else "GeoQA" if s.lower().startswith("geoqa") else s


def _cause(reason: str) -> str:
    """A refusal's reason without its particulars, to count causes."""
    import re
    r = re.sub(r"\b[A-Z]{1,8}\b", "·", reason)
    r = re.sub(r"[-+]?\d[\d.e+-]*", "#", r)
    return r.split(";")[0][:90]


STATUSES = ("right", "disputed", "wrong", "refused", "timeout", "unimported")
FAILED = STATUSES[1:]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("problems", nargs="?", default=str(DEFAULT), help="FormalGeo JSON lines (.gz) or a folder")
    ap.add_argument("--sample", type=int, default=1, help="every K-th problem")
    ap.add_argument("--offset", type=int, default=0, help="start the sample at this problem (0 .. K-1)")
    ap.add_argument("--ids", help="only these problem ids (comma-separated, or @FILE with one id a line)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=20.0, help="CPU seconds per problem")
    ap.add_argument("--out", help="write every problem's result and the summary here (JSON)")
    ap.add_argument("--failures", help="write only the problems not right here (a JSON list)")
    ap.add_argument("--lint", action="store_true",
                    help="also lint every proven solution (solvers.plane_lint; not counted in the times)")
    ap.add_argument("--list", metavar="RESULTS", help="print the problems not right of a saved --out file and stop")
    ap.add_argument("--status", default=",".join(FAILED), help="with --list: which statuses (comma-separated)")
    args = ap.parse_args(argv)
    if args.list:
        return list_results(args.list, args.status)
    if args.sample < 1 or args.workers < 1 or args.timeout <= 0:
        print("error: --sample and --workers must be at least 1, --timeout positive", file=sys.stderr)
        return 2
    if not Path(args.problems).exists():
        print(f"error: {args.problems}: no such file", file=sys.stderr)
        return 2
    first = args.offset % args.sample
    items = [it for i, it in enumerate(read_problems(Path(args.problems))) if i % args.sample == first]
    if args.ids:
        wanted = _ids(args.ids)
        items = [(w, p) for w, p in items if _problem_id(w, p) in wanted]
    try:
        from tqdm import tqdm
    except ImportError:  # pragma: no cover
        def tqdm(x, **kw):
            return x
    results = []
    jobs = [(w, p, args.timeout, args.lint) for w, p in items]
    if args.workers == 1:
        results = [solve_one(j) for j in tqdm(jobs, desc="solving", unit="problem")]
    else:
        with ProcessPoolExecutor(args.workers) as pool:
            results = list(tqdm(pool.map(solve_one, jobs, chunksize=1), total=len(jobs), desc="solving",
                                unit="problem"))
    print(report(results))
    if args.out:
        run = {"problems": str(args.problems), "sample": args.sample, "offset": first, "workers": args.workers,
               "timeout": args.timeout}
        _write_json(args.out, {"run": run, "summary": summary(results), "results": results})
    if args.failures:
        _write_json(args.failures, [r for r in results if r["status"] != "right"])
    return 0


def _ids(spec: str) -> set[str]:
    """Problem ids from ``--ids``: comma-separated, or ``@FILE`` with one id a line (blank lines skipped)."""
    text = Path(spec[1:]).read_text(encoding="utf-8") if spec.startswith("@") else spec.replace(",", "\n")
    return {t.strip() for t in text.splitlines() if t.strip()}


def _problem_id(where: str, problem: dict | str) -> str:  # noqa: ARG001 - (where, problem) as read
    """A problem's id (none for an item that is not a problem)."""
    return str(problem.get("problem_id")) if isinstance(problem, dict) else ""


def _write_json(path: str, data: object) -> None:
    """Whole or not at all: written beside, then moved into place."""
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(data, fh, indent=1, ensure_ascii=False)
    os.replace(tmp, path)


def list_results(path: str, statuses: str) -> int:
    """One line per problem of a saved run with one of ``statuses``: id, status, source, level, reason."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        results = data["results"] if isinstance(data, dict) else data
        wanted = {s.strip() for s in statuses.split(",") if s.strip()}
        rows = [r for r in results if r.get("status") in wanted]
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as e:
        print(f"error: {path}: not a results file of this bench ({type(e).__name__}: {e})", file=sys.stderr)
        return 2
    for r in rows:
        print(f"{r.get('problem_id')}\t{r['status']}\t{r.get('source')}\tlevel {r.get('level')}\t{r.get('reason', '')}")
    print(f"{len(rows)} of {len(results)} problems", file=sys.stderr)
    return 0


def _quantile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[int(q * (len(xs) - 1))]


def band(level: object) -> str:
    """FormalGeo's problem_level (the length of its annotated theorem sequence) in the README's bands."""
    if not isinstance(level, int):
        return "?"
    return "levels 0-3" if level <= 3 else "levels 4-6" if level <= 6 else "levels 7+"


def summary(results: list[dict]) -> dict:
    """The counts the report prints, as data: overall, by source, by level, by level band; the times."""
    def counts(rs: list[dict]) -> dict:
        c = Counter(r["status"] for r in rs)
        return {"problems": len(rs), "imported": len(rs) - c["unimported"], **{s: c[s] for s in STATUSES}}

    groups = {"source": lambda r: r.get("source"), "level": lambda r: r.get("level"),
              "band": lambda r: band(r.get("level"))}
    out: dict = {"all": counts(results)}
    for name, key in groups.items():
        split: dict = defaultdict(list)
        for r in results:
            split[str(key(r))].append(r)
        out[f"by_{name}"] = {g: counts(split[g]) for g in sorted(split, key=_order)}
    times = [r["seconds"] for r in results if "seconds" in r and r["status"] != "unimported"]
    solve = [r["solve_seconds"] for r in results if "solve_seconds" in r]
    if times:
        out["seconds"] = {"median": statistics.median(times), "p95": _quantile(times, 0.95), "max": max(times)}
    if solve:
        out["solve_seconds"] = {"median": statistics.median(solve), "p95": _quantile(solve, 0.95)}
    out["refusal_causes"] = Counter(_cause(r.get("reason", "")) for r in results
                                    if r["status"] == "refused").most_common(12)
    return out


def _order(g: str) -> tuple:
    return (0, int(g), "") if g.isdigit() else (1, 0, g)


def report(results: list[dict]) -> str:
    s = summary(results)
    a = s["all"]
    n, imp = a["problems"], a["imported"]
    lines = [f"problems {n}   imported {imp} ({_pct(imp, n)})   right {a['right']} ({_pct(a['right'], n)} of problems, "
             f"{_pct(a['right'], imp)} of imported)   disputed {a['disputed']}   wrong {a['wrong']}   "
             f"refused {a['refused']}   timed out {a['timeout']}   unimported {a['unimported']}"]
    if "seconds" in s:
        t = s["seconds"]
        lines.append(f"time per problem (CPU s on one core: import, model, deduction): median {t['median']:.3f}   "
                     f"p95 {t['p95']:.3f}   max {t['max']:.3f}")
    if "solve_seconds" in s:
        t = s["solve_seconds"]
        lines.append(f"deduction alone: median {t['median']:.3f}   p95 {t['p95']:.3f}")
    for field in ("source", "level", "band"):
        lines.append(f"by {field}:")
        for g, c in s[f"by_{field}"].items():
            tot = c["problems"]
            lines.append(f"  {g:<12} {tot:>5}   right {c['right']:>5} ({_pct(c['right'], tot)})   "
                         f"disputed {c['disputed']}   wrong {c['wrong']}   refused {c['refused']}   "
                         f"timed out {c['timeout']}   unimported {c['unimported']}")
    linted = [r for r in results if "lint" in r]
    if linted:
        bad = [r for r in linted if r["lint"]]
        lines.append(f"lint: {len(linted) - len(bad)} of {len(linted)} proven solutions pass"
                     + "".join(f"\n  {r.get('problem_id')}  {r['lint'][0]}" for r in bad[:10]))
    lines += _proof_report(results)
    if s["refusal_causes"]:
        lines.append("top refusal causes:")
        lines += [f"  {k:>4}  {c}" for c, k in s["refusal_causes"][:8]]
    disputed = [r for r in results if r["status"] in ("disputed", "wrong")]
    if disputed:
        lines.append("disputed and wrong (never counted right):")
        lines += [f"  {r.get('problem_id')}  {r['status']}: {r.get('reason')}" for r in disputed]
    return "\n".join(lines)


def _proof_report(results: list[dict]) -> list[str]:
    """The written proofs: length against FormalGeo's theorem_seqs, repeats, long jumps, contradicted sentences."""
    proven = [r for r in results if "theorems" in r]
    if not proven:
        return []
    ratios = [r["theorems"] / r["formalgeo_theorems"] for r in proven if r["formalgeo_theorems"]]
    over = sum(1 for x in ratios if x > 1.5)
    rep = [r for r in proven if r["repeated"]]
    jumps = [r for r in proven if r["long_jumps"]]
    claims = [r for r in proven if r["claims"]]
    n = len(proven)
    lines = [f"proofs: {n} written   theorems applied / FormalGeo's theorem_seqs: median "
             f"{statistics.median(ratios) if ratios else 0:.2f}, over 1.5x {over} ({_pct(over, len(ratios))})   "
             f"mean {statistics.mean(r['theorems'] for r in proven):.2f} vs "
             f"{statistics.mean(r['formalgeo_theorems'] for r in proven):.2f}",
             f"  repeated sentences: {sum(r['repeated'] for r in proven)} in {len(rep)} proofs   "
             f"long jumps (a conclusion from >= 5 equations): {len(jumps)} proofs ({_pct(len(jumps), n)})   "
             f"sentences the figure contradicts: {sum(len(r['claims']) for r in claims)} in {len(claims)} proofs",
             f"  values put in before they are stated: {sum(r.get('unstated', 0) for r in proven)} in "
             f"{sum(1 for r in proven if r.get('unstated'))} proofs"]
    lines += [f"  {r.get('problem_id')}  {r['claims'][0]}" for r in claims[:5]]
    return lines


def _pct(a: int, b: int) -> str:
    return f"{100 * a / b:.1f} %" if b else "-"


if __name__ == "__main__":
    sys.exit(main())
