"""``geomill score`` and ``geomill report``: score responses produced anywhere, compare runs."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from geomill.engine.errors import GeomillError, Span

# where a run folder keeps its items, best first (scored.jsonl from score, responses.jsonl from eval)
RUN_FILES = ("scored.jsonl", "responses.jsonl")


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


def _fields(text: str) -> list[str]:
    return [f.strip() for f in text.split(",") if f.strip()]


def _scored_items(path: Path) -> list[dict]:
    """Every line scored; a line that cannot be scored is a file:line error."""
    from geomill.evaluate.jsonl import read_jsonl
    from geomill.evaluate.score import score_item

    items = []
    for number, obj in read_jsonl(path):
        for need in ("response", "answer", "response_type"):
            if need not in obj:
                raise GeomillError(f"the item has no {need!r}", Span(number, 1), str(path))
        try:
            items.append(score_item(obj))
        except ValueError as exc:
            raise GeomillError(str(exc), Span(number, 1), str(path)) from None
    if not items:
        raise GeomillError(f"{path}: no items")
    return items


def cmd_score(args) -> int:
    from geomill.evaluate.jsonl import write_jsonl
    from geomill.evaluate.report import build_report, markdown, write_report

    by = _fields(args.by)
    items = _scored_items(Path(args.file))
    report = build_report(items, by, label=args.label, seed=args.seed)
    out = Path(args.out)
    write_jsonl(out / "scored.jsonl", items)
    write_report(out, report, plots=not args.no_plots)
    for field in by:
        if not report["by"][field]:
            print(f"warning: no item has the field {field!r}", file=sys.stderr)
    sys.stdout.write(markdown(report))
    return 0


def _load_run(path: Path, by: list[str], seed: int) -> tuple[str, dict]:
    """A run's (label, report) from its folder (or a JSONL / report.json file)."""
    import json

    from geomill.evaluate.report import build_report

    files = [path] if path.is_file() else [path / name for name in (*RUN_FILES, "report.json")]
    found = next((f for f in files if f.is_file()), None)
    if found is None:
        raise GeomillError(f"{path}: no {', '.join(RUN_FILES)} or report.json there")
    if found.suffix == ".jsonl":
        report = build_report(_scored_items(found), by, seed=seed)
    else:
        try:
            report = json.loads(found.read_text(encoding="utf-8"))
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise GeomillError(f"{found}: not a report ({exc})") from None
        if not isinstance(report, dict) or "accuracy" not in report:
            raise GeomillError(f"{found}: not a report (no accuracy)")
        missing = [f for f in by if f not in report.get("by", {})]
        if missing:
            raise GeomillError(f"{found} is not grouped by {', '.join(missing)} and holds no items to regroup")
        report["by"] = {f: report["by"][f] for f in by}
    label = report.get("label") or report.get("model") or (path.name if path.is_dir() else path.parent.name)
    return str(label), report


def cmd_report(args) -> int:
    from geomill.evaluate.report import compare, markdown, plot, write_report

    by = _fields(args.by)
    runs: list[tuple[str, dict]] = []
    for d in args.dirs:
        label, rep = _load_run(Path(d), by, args.seed)
        if label in {lab for lab, _ in runs}:
            label = f"{label} ({d})"
        runs.append((label, rep))
    combined = compare(runs)
    if args.plot:
        if not by:
            raise GeomillError("--plot needs --by FIELD")
        try:
            plot(combined, by[0], args.plot)
        except ValueError as exc:
            raise GeomillError(str(exc)) from None
    if args.out:
        write_report(args.out, combined)
    sys.stdout.write(markdown(combined))
    return 0
