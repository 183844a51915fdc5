"""``geomill import formalgeo FILE|DIR --out DIR``: FormalGeo7k problems as general ``.geo`` files."""
from __future__ import annotations

import argparse
import collections
import itertools
import json
import shutil
import statistics
import sys
from functools import partial
from pathlib import Path

from geomill.engine.errors import GeomillError

from . import flags

NO_MODEL = "no numeric model: "  # how the import says a problem has no figure (generate/formalgeo.py)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("import", help="import problems from another collection (formalgeo)")
    p.add_argument("collection", choices=["formalgeo"], help="the collection's format")
    p.add_argument("source", help="a .json, .jsonl or .jsonl.gz file, or a folder of them")
    p.add_argument("--out", required=True, help="the folder the .geo files and import_report.json go to")
    p.add_argument("--workers", type=flags.COUNT, default=2, help="processes (default 2)")
    p.add_argument("--timeout", type=flags.SECONDS, default=30.0,
                   help="CPU seconds per problem before it is cut off (default 30)")
    p.add_argument("--no-model", action="store_true",
                   help="do not build the numeric model of each problem (faster; writes problems with no figure too)")
    p.add_argument("--limit", type=flags.COUNT, default=None, help="only the first N problems")
    from .textbook import add_options
    add_options(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    from geomill.dataset.files import write_text
    from geomill.dataset.outdir import check_out, staging, swap_in
    from geomill.generate.formalgeo import import_one, pool, read_problems

    if args.records:  # the solved problems as a dataset (geomill/cli/textbook.py)
        from .textbook import run_records
        return run_records(args)
    source, out = Path(args.source), Path(args.out)
    if not source.exists():
        raise GeomillError(f"no such file or folder: {source}")
    check_out(out, source, _ours, "a problem this command wrote")
    items = list(itertools.islice(read_problems(source), args.limit))
    stage = staging(out, "import")
    if stage.exists():
        shutil.rmtree(stage)
    stage.mkdir(parents=True)
    job = partial(import_one, model=not args.no_model, timeout=args.timeout)
    entries, written = [], {}
    with pool("fork", args.workers) as workers:
        for entry in tqdm(workers.imap(job, items, chunksize=4), total=len(items), desc="import", unit="problem",
                          file=sys.stderr, disable=None):
            text = entry.pop("text", None)
            if entry.get("ok") and text is not None:
                name = f"{entry['problem_id']}.geo"
                if name in written:  # two problems, one id: the first is kept, the second said
                    entry.update(ok=False, reason=f"duplicate problem_id {entry['problem_id']} "
                                                  f"(the first is {written[name]}): not written")
                else:
                    written[name] = entry["where"]
                    write_text(stage / name, text)
            entries.append(entry)
    report = _summary(entries)
    write_text(stage / "import_report.json", json.dumps(report, indent=1, ensure_ascii=False, allow_nan=False) + "\n")
    swap_in(stage, out)
    print(f"imported {report['imported']} of {report['problems']} problems "
          f"({100 * report['rate']:.1f} %) into {out}; models built: {report['models']} "
          f"({report['approximate_models']} approximate: their givens disagree); measured goal equal to "
          f"the given answer: {report['answers_matching']} of {report['answers_checked']} checked", file=sys.stderr)
    return 0


def _ours(path: Path) -> bool:
    """What an import writes in --out: problems and the report."""
    return path.is_file() and (path.name.endswith(".geo") or path.name == "import_report.json")


def _summary(entries: list[dict]) -> dict:
    ok = [e for e in entries if e.get("ok")]
    causes = collections.Counter(_cause(e["reason"]) for e in entries if not e.get("ok"))
    by = collections.defaultdict(lambda: [0, 0])
    for e in entries:
        for key in (f"source:{str(e.get('source') or '?').split('-')[0]}", f"level:{e.get('level')}"):
            by[key][0] += 1
            by[key][1] += bool(e.get("ok"))
    return {"problems": len(entries), "imported": len(ok), "rate": len(ok) / max(len(entries), 1),
            "models": sum(e.get("model") in ("ok", "approximate") for e in ok),
            "approximate_models": sum(e.get("model") == "approximate" for e in ok),
            "answers_checked": sum("answer_matches" in e for e in ok),
            "answers_matching": sum(bool(e.get("answer_matches")) for e in ok),
            "no_model": sum(str(e.get("reason", "")).startswith(NO_MODEL) for e in entries),
            "cpu_seconds_per_problem": sum(e.get("seconds", 0) for e in entries) / max(len(entries), 1),
            "cpu_seconds_median": statistics.median([e.get("seconds", 0) for e in entries] or [0]),
            "cpu_seconds_max": max([e.get("seconds", 0) for e in entries] or [0]),
            "causes": dict(causes.most_common()),
            "by": {k: {"problems": n, "imported": m, "rate": m / n} for k, (n, m) in sorted(by.items())},
            "problems_report": entries}


def _cause(reason: str) -> str:
    """A failure reason without its particulars: the predicate or construction it names (for a
    problem with no numeric model, why: no figure fits, or it timed out)."""
    if reason.startswith(NO_MODEL):
        return NO_MODEL + _cause(reason.removeprefix(NO_MODEL))
    reason = reason.removeprefix("failed: ").removeprefix("the language refused it: ")
    return reason.split(":")[0].split(" '")[0].split(" {")[0].split(" (")[0][:80]
