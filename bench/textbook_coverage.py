"""Theorem-family coverage of generated textbook sets, pooled: each family's share of the problems whose
proofs use it, the families under a floor, and those no problem reaches.

    python bench/textbook_coverage.py SET_DIR [SET_DIR ...] [--floor 0.5] [--json]
    python bench/textbook_coverage.py --seeds 11,12,13,14,15 -n 200 [--workers 1] [--jobs 2] [--python PY]

With ``--seeds`` it generates one ``--no-images`` set per seed first (``geomill generate --world textbook``,
run by ``--python``: another checkout's interpreter measures that checkout on the same seeds) and pools
them: whether a family reaches the floor is often one construction hitting it or not, so one seed
cannot judge a change to the sampling.  It prints JSON: the pooled set's families reached and at the
floor, those never reached (with the reason ``generate.textbook_gen.targets.UNREACHABLE`` gives, where it
gives one), the distinct share (``solution_hash``) and the problems drawn twice, the spread over the seeds
and the CPU seconds a problem costs (the only figure that changes from run to run).

The families are the solver's (``solvers.plane.theorems.registry``: FormalGeo names); ``given`` and
``relation`` (a stated fact, a relation block's own equation) are counted but are not theorems.
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from geomill.solvers.plane.theorems import registry  # noqa: E402

try:  # (a checkout from before the aimed constructions has no reasons to give)
    from geomill.generate.textbook_gen.targets import TARGETS, UNREACHABLE  # noqa: E402
except ImportError:
    TARGETS, UNREACHABLE = {}, {}

NOT_THEOREMS = ("given", "relation")


def records_of(folder: str | Path) -> list[dict]:
    """A set's records, in shard order."""
    shards = sorted((Path(folder) / "data").glob("shard-*.jsonl"))
    return [json.loads(line) for f in shards for line in open(f)]


def coverage(records: list[dict], floor: float) -> dict:
    """Shares in percent of the problems, by family; the families under ``floor`` and never used."""
    n = len(records)
    uses: collections.Counter = collections.Counter()
    kinds: collections.Counter = collections.Counter()
    for r in records:
        uses.update(set(r["rules"]))
        kinds.update({r.get("base", "?"), *r.get("constructions", ())})
    families = sorted(set(registry()) - set(NOT_THEOREMS))
    share = {f: round(100 * uses[f] / max(n, 1), 2) for f in families}
    reachable = [f for f in families if f not in UNREACHABLE or uses[f]]
    return {"problems": n, "distinct": len({r["solution_hash"] for r in records}),
            "distinct_share": round(len({r["solution_hash"] for r in records}) / max(n, 1), 4),
            "families": len(families),
            "reached": sum(1 for f in families if uses[f]),
            "at_floor": sum(1 for f in families if share[f] >= floor),
            "under_floor": {f: share[f] for f in families if 0 < share[f] < floor},
            "least_reachable": min(((share[f], f) for f in reachable), default=None),
            "never": [f for f in reachable if not uses[f]],
            "never_without_recipe": [f for f in reachable if not uses[f] and f not in TARGETS],
            "unreachable": {f: UNREACHABLE[f] for f in families if f in UNREACHABLE and not uses[f]},
            "repeated": repeated(records),
            "share": dict(sorted(share.items(), key=lambda kv: (-kv[1], kv[0]))),
            "construction_kinds": dict(sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0])))}


def repeated(records: list[dict]) -> list[dict]:
    """The problems drawn more than once (one ``solution_hash``): where each came from, to see which value
    space is too narrow (its base, constructions, question and the seeds that drew it)."""
    by_hash: dict[str, list[dict]] = collections.defaultdict(list)
    for r in records:
        by_hash[r["solution_hash"]].append(r)
    return [{"base": rs[0].get("base"), "constructions": rs[0].get("constructions"),
             "question_type": rs[0].get("question_type"), "count": len(rs),
             "seeds": [r.get("seed", r.get("id")) for r in rs]}
            for rs in by_hash.values() if len(rs) > 1]


def _cpu_children() -> float:
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return kids.ru_utime + kids.ru_stime


def generate(seeds: list[str], n: int, workers: int, jobs: int, python: str, out: Path) -> float:
    """One ``--no-images`` set per seed under ``out`` (``jobs`` at a time); the CPU seconds they took."""
    c0 = _cpu_children()
    pending = list(seeds)
    running: list[subprocess.Popen] = []
    env = {**os.environ, "MPLBACKEND": "Agg"}
    while pending or running:
        while pending and len(running) < jobs:
            seed = pending.pop(0)
            args = [python, "-m", "geomill", "generate", "--world", "textbook", "-n", str(n), "--seed", seed,
                    "--workers", str(workers), "--out", str(out / seed), "--quiet", "--no-chat", "--no-images"]
            running.append(subprocess.Popen(args, env=env, stdout=subprocess.DEVNULL))
        running[0].wait()
        done = running.pop(0)
        if done.returncode:
            raise SystemExit(f"generate failed: {' '.join(done.args)}")
    return _cpu_children() - c0


def pooled(sets: dict[str, list[dict]], floor: float) -> dict:
    """The pooled sets' coverage, and each set's headline (the spread a single seed shows)."""
    got = coverage([r for recs in sets.values() for r in recs], floor)
    per = {name: {k: v for k, v in coverage(recs, floor).items()
                  if k in ("problems", "distinct", "reached", "at_floor")} for name, recs in sets.items()}
    spread = {k: [min(p[k] for p in per.values()), max(p[k] for p in per.values())]
              for k in ("reached", "at_floor")} if per else {}
    return {**got, "sets": per, "spread": spread}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dirs", nargs="*", help="sets to pool (with --seeds: where to keep the generated sets)")
    ap.add_argument("--floor", type=float, default=0.5, help="percent of the problems (default 0.5)")
    ap.add_argument("--seeds", help="comma-separated: generate one set per seed and pool them")
    ap.add_argument("-n", type=int, default=200, help="problems per seed")
    ap.add_argument("--workers", type=int, default=1, help="workers per set (the set is the same on any)")
    ap.add_argument("--jobs", type=int, default=2, help="sets generated at once")
    ap.add_argument("--python", default=sys.executable, help="the interpreter whose geomill generates")
    ap.add_argument("--json", action="store_true", help="JSON (always with --seeds)")
    a = ap.parse_args(argv)
    if a.seeds:
        seeds = a.seeds.split(",")
        out = Path(a.dirs[0]) if a.dirs else Path(tempfile.mkdtemp(prefix="textbook_coverage_"))
        try:
            cpu = generate(seeds, a.n, a.workers, a.jobs, a.python, out)
            got = pooled({s: records_of(out / s) for s in seeds}, a.floor)
        finally:
            if not a.dirs:
                shutil.rmtree(out, ignore_errors=True)
        got = {"seeds": seeds, "n": a.n, **got, "cpu_s_per_problem": round(cpu / max(got["problems"], 1), 3)}
        print(json.dumps(got, indent=1))
        return
    got = pooled({d: records_of(d) for d in a.dirs}, a.floor)
    if a.json:
        print(json.dumps(got, indent=1))
        return
    print(f"{got['problems']} problems ({got['distinct']} distinct): {got['reached']} of {got['families']} "
          f"families reached, {got['at_floor']} in at least {a.floor} %")
    for f, s in got["share"].items():
        print(f"  {f:<62} {s:6.2f} %")
    print("never used:", ", ".join(got["never"]) or "none")
    if got["least_reachable"]:
        print(f"least share of a reachable family: {got['least_reachable'][0]} % ({got['least_reachable'][1]})")
    for f, why in got["unreachable"].items():
        print(f"unreachable: {f} ({why})")


if __name__ == "__main__":
    main()
