"""``geomill score`` and ``geomill report``: score responses produced anywhere, compare runs."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from geomill.engine.errors import GeomillError

from . import messages


def register(sub: argparse._SubParsersAction) -> None:
    s = sub.add_parser("score", help="score model responses (JSONL) against their gold answers",
                       description="Each line: id, response, answer, response_type (number | choice | truefalse | "
                                   "multi), options for choices, and any fields to group by. Numbers are right "
                                   "within 3 %% of the gold value (GeomVerse relaxed accuracy).")
    s.add_argument("file", help="responses, one JSON object per line")
    s.add_argument("--by", default="", help="fields to group by, separated by commas (e.g. depth,task)")
    s.add_argument("--out", required=True, help="folder for scored.jsonl, report.json/.md/.csv and plots")
    s.add_argument("--label", help="the run's name in the report (default: the items' model field)")
    s.add_argument("--no-plots", action="store_true")
    s.add_argument("--seed", type=int, default=0, help="bootstrap seed")
    add_judge_flags(s)
    s.set_defaults(func=cmd_score)

    r = sub.add_parser("report", help="compare scored runs side by side",
                       description="Each DIR holds scored.jsonl or responses.jsonl (regrouped by --by) or a "
                                   "report.json; a run is named by its model field, else by its folder.")
    r.add_argument("dirs", nargs="+", metavar="DIR")
    r.add_argument("--by", default="", help="fields to group by, separated by commas")
    r.add_argument("--plot", help="PNG of accuracy by the first --by field, all runs together")
    r.add_argument("--out", help="folder for the combined report.json/.md/.csv and plots")
    r.add_argument("--seed", type=int, default=0, help="bootstrap seed")
    r.set_defaults(func=cmd_report)


def add_judge_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument("--judge", metavar="BACKEND:MODEL",
                   help="off by default: a judge model (any backend, e.g. openai:gpt-4o) reads the responses the "
                        "extraction rules refuse; its replies are cached in OUT/judge.jsonl and counted as judged")
    p.add_argument("--judge-base-url", help="the judge's server (openai backend), e.g. http://127.0.0.1:8000/v1")
    p.add_argument("--judge-api-key-env", help="the environment variable holding the judge server's API key")


def judge_options(args) -> dict:
    return {k: v for k, v in (("base_url", args.judge_base_url), ("api_key_env", args.judge_api_key_env)) if v}


def _fields(text: str) -> list[str]:
    return [f.strip() for f in text.split(",") if f.strip()]


def cmd_score(args) -> int:
    from geomill.dataset.jsonl import write_jsonl
    from geomill.evaluate.answers.report import build_report, markdown, write_report
    from geomill.evaluate.answers.score import score_file

    by = _fields(args.by)
    errors: list[GeomillError] = []
    items = score_file(Path(args.file), errors)
    if args.judge:
        from geomill.evaluate.answers.judge import CACHE, parse_spec
        from geomill.evaluate.judging import judge

        parse_spec(args.judge)
        items = judge(items, args.judge, Path(args.out) / CACHE, **judge_options(args))
    report = build_report(items, by, label=args.label, seed=args.seed)
    report["bad_lines"] = len(errors)
    report["label"] = report["label"] or Path(args.file).stem  # no --label and no one model: the file's name
    out = Path(args.out)
    write_jsonl(out / "scored.jsonl", items)
    write_report(out, report, plots=not args.no_plots)
    for field in by:
        if not report["by"][field]:
            print(f"warning: no item has the field {field!r}", file=sys.stderr)
    sys.stdout.write(markdown(report))
    report_errors(errors, "scored")
    return 1 if errors else 0


def report_errors(errors: list, what: str, shown: int = 10) -> None:
    """Bad lines of a batch, the first few one per line, then how many in all (the rest went on)."""
    for error in errors[:shown]:
        print(f"error: {messages.line(error)}", file=sys.stderr)
    if errors:
        more = f" ({len(errors) - shown} more not shown)" if len(errors) > shown else ""
        print(f"error: {len(errors)} bad line(s) skipped{more}; the others were {what}", file=sys.stderr)


def cmd_report(args) -> int:
    from geomill.evaluate.answers.report import compare, markdown, plot, write_report

    by = _fields(args.by)
    if args.plot and not by:
        raise GeomillError("--plot needs --by FIELD")
    combined = compare(args.dirs, by, seed=args.seed)
    if args.plot:
        try:
            plot(combined, by[0], args.plot)
        except ValueError as exc:
            raise GeomillError(str(exc)) from None
    if args.out:
        write_report(args.out, combined)
    sys.stdout.write(markdown(combined))
    return 0
