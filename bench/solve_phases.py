"""Where the plane solver's CPU time goes, by phase, on the problems nearest the median of a bench run.

    python bench/formalgeo.py --sample 20 --workers 1 --out F.json
    python bench/solve_phases.py F.json [--near 30] [--blocks 12]

The ``--near`` right problems whose time is nearest the run's median are solved again in one process (after
two others warm it), each phase's CPU time summed: parse, the figure search (its seeded starts, those after the
first figure that only check the goal, and the other sides, arcs and placements the goal is compared on), the
deduction (its construction instances, its rounds, its polish), the proof's choice and its writing.  Times are inclusive: an indented
phase is part of the one above it.  With ``--blocks``, the judgement instances each round type yields and adds,
and the blocks whose matching costs most (CPU time inside their instance generators, which includes the
proven-premise tests).  No profiler runs: its overhead falls on sympy's many small calls and skews the shares.
"""
from __future__ import annotations

import argparse
import collections
import functools
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.dirname(__file__))

import formalgeo as fg  # noqa: E402 - the bench this reads the results of
from geomill.solvers import numeric  # noqa: E402
from geomill.solvers.plane import deduce, patterns, proof, solve  # noqa: E402

# (owner, attribute, label, depth): the phases timed, inclusive, in the order printed
PHASES = (
    (fg, "convert", "parse and import", 0),
    (numeric, "build_model", "figure search (build_model)", 0),
    (numeric, "_search", "seeded starts (_search)", 1),
    (numeric, "_solve_planned", "construction starts", 2),
    (numeric, "_nearest_approximate", "approximate models (rounded givens)", 2),
    (numeric, "_other_sides", "lines turned round a vertex (_other_sides)", 1),
    (numeric, "_other_arcs", "points on the other arc (_other_arcs)", 1),
    (numeric, "_other_placements", "other placements (_other_placements)", 1),
    (deduce.Deduction, "run", "deduction (Deduction.run)", 0),
    (deduce.Deduction, "_judgement_round", "judgement rounds (the polish's too)", 1),
    (deduce.Deduction, "_pool_round", "pool rounds", 1),
    (deduce.Deduction, "_express_round", "tie-to-one rounds", 2),
    (deduce.Deduction, "_polish", "polish (its judgement round too)", 1),
    (deduce.Deduction, "add", "add() of every instance", 1),
    (solve, "build_proof", "proof choice (build_proof)", 0),
    (deduce.Deduction, "evaluate", "the lightest explanations (Deduction.evaluate)", 1),
    (proof.Proof, "written", "writing (Proof.written)", 0),
)


def _timed(owner, name: str, label: str, acc: collections.Counter, only=None) -> None:
    """Wrap ``owner.name`` to add its CPU time to ``acc[label]`` (with ``only``, the calls whose keywords it accepts)."""
    f = getattr(owner, name)

    @functools.wraps(f)
    def timed(*args, **kwargs):
        t = time.process_time()
        try:
            return f(*args, **kwargs)
        finally:
            if only is None or only(kwargs):
                acc[label] += time.process_time() - t
    setattr(owner, name, timed)


GOAL_CHECK = "after the first figure (the goal's check)"


def _count_blocks(acc: collections.Counter, yielded: collections.Counter) -> None:
    """Time spent inside each block's instance generator (matching and proven-premise tests), and its yields."""
    instances = patterns.Theorem.instances

    def counted(self, ix, done=None):
        it, key = instances(self, ix, done), (self.key, self.kind)
        while True:
            t = time.process_time()
            try:
                found = next(it)
            except StopIteration:
                acc[key] += time.process_time() - t
                return
            acc[key] += time.process_time() - t
            yielded[key] += 1
            yield found
    patterns.Theorem.instances = counted


def _count_judgements(counts: collections.Counter) -> None:
    """Judgement instances yielded and added, in the rounds and in the polish's round."""
    add, polish = deduce.Deduction.add, deduce.Deduction._polish

    def counting_add(self, inst):
        added = add(self, inst)
        if inst.premises:
            where = "polish" if getattr(self, "_in_polish", False) else "rounds"
            counts[where, "yielded"] += 1
            counts[where, "added"] += added
        return added

    def flagged_polish(self):
        self._in_polish = True
        try:
            return polish(self)
        finally:
            self._in_polish = False
    deduce.Deduction.add, deduce.Deduction._polish = counting_add, flagged_polish


def nearest(results: list[dict], n: int) -> set[str]:
    """The ids of the ``n`` right problems whose time is nearest the run's median."""
    med = statistics.median(r["seconds"] for r in results if "seconds" in r)
    right = sorted((r for r in results if r["status"] == "right"), key=lambda r: abs(r["seconds"] - med))
    return {str(r["problem_id"]) for r in right[:n]}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("results", help="a bench/formalgeo.py --out file")
    ap.add_argument("--near", type=int, default=30, help="how many problems nearest the median")
    ap.add_argument("--blocks", type=int, default=0, help="also list this many costliest blocks")
    args = ap.parse_args(argv)
    data = json.loads(Path(args.results).read_text(encoding="utf-8"))
    run = data["run"]
    ids = nearest(data["results"], args.near)
    items = [it for i, it in enumerate(fg.read_problems(Path(run["problems"])))
             if i % run["sample"] == run["offset"] and isinstance(it[1], dict)]
    jobs = [(w, p, run["timeout"], False) for w, p in items if str(p.get("problem_id")) in ids]
    warm = [(w, p, run["timeout"], False) for w, p in items if str(p.get("problem_id")) not in ids][:2]
    acc: collections.Counter = collections.Counter()
    blocks: collections.Counter = collections.Counter()
    yielded: collections.Counter = collections.Counter()
    judged: collections.Counter = collections.Counter()
    # the construction starts made after the first figure (stopped at CHECKED, not DONE): the further figures the
    # goal is compared on (wrapped first: inside the construction starts' own timing)
    _timed(numeric, "_solve_planned", GOAL_CHECK, acc, only=lambda kw: kw.get("done") == numeric.CHECKED)
    for owner, name, label, _ in PHASES:
        _timed(owner, name, label, acc)
    if args.blocks:
        _count_blocks(blocks, yielded)
        _count_judgements(judged)
    for job in warm:
        fg.solve_one(job)
    for c in (acc, blocks, yielded, judged):
        c.clear()
    start = time.process_time()
    done = [fg.solve_one(job) for job in jobs]
    total = time.process_time() - start
    times = [r["seconds"] for r in done if "seconds" in r]
    print(f"{len(done)} problems nearest the median: {total:.3f} CPU s in all, median {statistics.median(times):.3f}")
    for _, name, label, depth in PHASES:
        print(f"  {'  ' * depth}{label:<{50 - 2 * depth}} {acc[label]:7.3f}  {100 * acc[label] / total:5.1f} %")
        if name == "_solve_planned":
            print(f"  {'  ' * 3}{GOAL_CHECK:<{50 - 6}} {acc[GOAL_CHECK]:7.3f}  {100 * acc[GOAL_CHECK] / total:5.1f} %")
    if args.blocks:
        for where in ("rounds", "polish"):
            print(f"judgement instances in the {where}: {judged[where, 'yielded']} yielded, "
                  f"{judged[where, 'added']} added")
        print("blocks by CPU inside their instance generators (s, instances yielded):")
        for (key, kind), s in blocks.most_common(args.blocks):
            print(f"  {s:7.3f} {yielded[key, kind]:6d}  {key} ({kind})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
