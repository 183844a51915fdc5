"""Problems per second of ``geomill generate --world textbook``, with figures, on 2 workers (one run).

    python bench/bench_textbook_gen.py [-n 200] [--seed 11] [--workers 2]

Reports wall-clock problems per second, the CPU seconds one problem costs (all processes: on a
shared machine the wall clock says little, the CPU cost is what a free core pays), the rate that
cost gives on ``--workers`` free cores, and the set's distinctness (canonical forms), depths,
question types and theorem families (records citing each; the solver's families reached, as
``bench/textbook_coverage.py`` counts them), and a digest of the records (two
versions that make the same set print the same).  ``--stages`` adds each stage's share of the CPU (the
closure, the goals' proofs, the text's own figure search, the re-parse and re-solve check, the figure, the
record), timed in every worker, each stage with what it calls (one called inside another is the outer one's), and
the work no record keeps: the checks that refused their problem (whole, by the step that refused it) and how
many lightest proofs were built for how many problems checked.
"""
from __future__ import annotations

import argparse
import collections
import hashlib
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

# (module, function) timed by --stages, by stage name: the first that exists of each (the check before
# make.verified existed is timed whole as its re-solve).  A stage holds everything it calls (the figure its
# render's other starts, the re-solve its figure searches), and a stage called inside another is charged to the
# outer one alone, so that the shares add up and "other" is what no stage times
STAGES = {
    "closure": [("geomill.generate.textbook_gen.make", "closure")],
    "goal proofs": [("geomill.generate.textbook_gen.goals._Closure", "ask")],
    "check: the text's own figure search": [("geomill.generate.textbook_gen.make", "searched_agrees")],
    "check: own figure": [("geomill.generate.textbook_gen.make", "own_figure")],
    "check: moved figure (unforced)": [("geomill.generate.textbook_gen.make", "other_figure")],
    "check: re-solve and lint": [("geomill.generate.textbook_gen.make", "verified"),
                                 ("geomill.generate.textbook_gen.make", "check")],
    "figure": [("geomill.generate.textbook_gen.make", "figure_files"),
               ("geomill.generate.textbook_gen.records", "figure_files")],
    "record (solution text)": [("geomill.generate.textbook_gen.records", "record_of")],
    "total": [("geomill.generate.textbook_gen.records", "make_record")],
}


# the check's steps that refuse a problem (make.check), by name: how each says no (its result refuses it)
REFUSALS = {
    "text read back": ("_written", lambda r: r[1] is None),
    "unforced coincidence": ("unforced", bool),
    "figure misleads": ("drawn", lambda r: not r),
    "text's own figure search": ("searched_agrees", lambda r: r is None),
    "re-solve, knobs or lint": ("verified", lambda r: r is None),
}


def _timed(folder: Path) -> None:
    """Wrap each stage's function: CPU seconds summed per process, written to ``folder`` after each
    record (the pool's workers leave without running exit hooks).  The checks that refuse their problem are
    summed apart (``wasted``), by the step that refused it (the last of ``REFUSALS`` to say no or raise), and
    so are the goals' lightest proofs built and the problems checked (most proofs build no problem)."""
    import importlib

    from geomill.generate.textbook_gen import goals, make

    spent: dict[str, float] = collections.defaultdict(float)
    refused: list[str] = []  # the refusing step of the check running now
    running: list[str] = []  # the stage running now (a stage called inside it is its time)

    def wrap(name: str, fn, dump: bool):
        def timed(*a, **k):
            if running and not dump:
                return fn(*a, **k)
            t0 = time.process_time()
            if not dump:
                running.append(name)
            try:
                return fn(*a, **k)
            finally:
                spent[name] += time.process_time() - t0
                if dump:
                    (folder / f"{os.getpid()}.json").write_text(json.dumps(spent))
                else:
                    running.pop()
        return timed

    for name, options in STAGES.items():
        for mod, attr in options:
            head, _, tail = mod.rpartition(".")
            try:
                owner = importlib.import_module(mod)
            except ImportError:
                owner = getattr(importlib.import_module(head), tail)
            if hasattr(owner, attr):
                setattr(owner, attr, wrap(name, getattr(owner, attr), name == "total"))
                break

    def says_no(why: str, fn, no):
        def watched(*a, **k):
            try:
                out = fn(*a, **k)
            except Exception:
                refused.append(why)
                raise
            if no(out):
                refused.append(why)
            return out
        return watched

    for why, (attr, no) in REFUSALS.items():
        if hasattr(make, attr):
            setattr(make, attr, says_no(why, getattr(make, attr), no))
    check = make.check

    def counted(*a, **k):
        t0, refused[:] = time.process_time(), []
        out = check(*a, **k)
        spent["problems checked"] += 1
        if out is None:
            spent[f"wasted: {refused[-1] if refused else 'another check'}"] += time.process_time() - t0
        return out
    make.check = counted
    ask = goals._Closure.ask

    def lightest(self, expr):
        spent["lightest proofs built"] += not self._roughly
        return ask(self, expr)
    goals._Closure.ask = lightest


def _stages(folder: Path) -> dict:
    spent: collections.Counter = collections.Counter()
    for f in folder.glob("*.json"):
        spent.update(json.loads(f.read_text()))
    total = spent.pop("total", 0.0) or 1.0
    counts = {k: int(spent.pop(k)) for k in ("lightest proofs built", "problems checked") if k in spent}
    wasted = {k.split(": ", 1)[1]: f"{v:.1f} s ({100 * v / total:.0f} %)" for k, v in spent.most_common()
              if k.startswith("wasted: ")}
    for k in [k for k in spent if k.startswith("wasted: ")]:
        del spent[k]
    out = {k: f"{v:.1f} s ({100 * v / total:.0f} %)" for k, v in spent.most_common()}
    out["other"] = f"{total - sum(spent.values()):.1f} s ({100 * (total - sum(spent.values())) / total:.0f} %)"
    # (the checks that refused their problem, whole: their figure, search and re-solve as far as each got)
    return {"cpu_s_in_records": round(total, 1), **out, **counts, "checks refused, by the step": wasted}


def _reached(records: list[dict]) -> str:
    """The solver's theorem families the set's proofs use, of all of them (``bench/textbook_coverage.py``'s
    count: ``given`` and ``relation`` are not theorems), and how many no textbook construction reaches."""
    from geomill.generate.textbook_gen.targets import UNREACHABLE
    from geomill.solvers.plane.theorems import registry

    families = set(registry()) - {"given", "relation"}
    used = families & {k for r in records for k in r["rules"]}
    return f"{len(used)} of {len(families)} ({len(set(UNREACHABLE) & families - used)} unreachable)"


def _cpu() -> float:
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def run(n: int, seed: str, workers: int, images: bool, stages: bool = False) -> dict:
    out = Path(tempfile.mkdtemp(prefix="bench_textbook_gen_"))
    if stages:
        (out / "stages").mkdir()
        _timed(out / "stages")
    try:
        args = ["generate", "--world", "textbook", "-n", str(n), "--seed", seed, "--workers", str(workers),
                "--out", str(out / "set"), "--quiet", "--no-chat"] + ([] if images else ["--no-images"])
        c0, t0 = _cpu(), time.perf_counter()
        assert main(args) == 0
        wall, cpu = time.perf_counter() - t0, _cpu() - c0
        lines = [line for f in sorted((out / "set" / "data").glob("shard-*.jsonl")) for line in open(f)]
        records = [json.loads(line) for line in lines]
        split = _stages(out / "stages") if stages else None
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
        "theorem_families_reached": _reached(records),
        "family_records": dict(collections.Counter(k for r in records for k in r["rules"]).most_common()),
        "records_sha256": hashlib.sha256("".join(lines).encode()).hexdigest()[:16],  # (same set, same digest)
        **({"stages": split} if stages else {}),
    }


def main_(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=200)
    ap.add_argument("--seed", default="11")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--no-images", action="store_true")
    ap.add_argument("--stages", action="store_true", help="each stage's CPU, timed in every worker")
    a = ap.parse_args(argv)
    print(json.dumps(run(a.n, a.seed, a.workers, not a.no_images, a.stages), indent=1))


if __name__ == "__main__":
    main_()
