"""``geomill grade``: grade chains of thought step by step against the records' proofs."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from geomill.engine.errors import GeomillError


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("grade", help="grade model solutions step by step against the gold proofs",
                       description="Each line of RESPONSES: id (a record of the dataset) and response (or "
                                   "raw_response): the model's solution text; the responses.jsonl of geomill eval "
                                   "works as it is. Writes OUT/graded.jsonl (per response: final_correct, every "
                                   "proof step's expected and stated value, first_wrong_step, failure) and "
                                   "OUT/grade_report.json/.md with OUT/first_wrong_step.png.")
    p.add_argument("responses", metavar="RESPONSES.jsonl")
    p.add_argument("--dataset", required=True, metavar="DIR", help="the geomill generate folder the ids come from")
    p.add_argument("--out", required=True, metavar="OUT", help="folder for graded.jsonl and the report")
    p.add_argument("--by", default="depth,width,answer_type",
                   help="record fields to group the report by, separated by commas (knobs too: annotation, values)")
    p.set_defaults(func=cmd_grade)


def cmd_grade(args: argparse.Namespace) -> int:
    from geomill.dataset.jsonl import write_jsonl
    from geomill.evaluate.grading import report as grade_report
    from geomill.evaluate.grading.grade import grade_file, load_dataset

    by = [f.strip() for f in args.by.split(",") if f.strip()]
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        raise GeomillError(f"{out}: --out must be a folder")
    records = load_dataset(args.dataset)
    rows = []
    for record, graded in grade_file(args.responses, records):
        row = graded.as_dict()
        for field in dict.fromkeys(["depth", *by]):
            row.setdefault(field, grade_report.group_value(record, field))
        rows.append(row)
    if not rows:
        raise GeomillError(f"{args.responses}: no responses")
    out.mkdir(parents=True, exist_ok=True)
    write_jsonl(out / "graded.jsonl", rows)
    paths = grade_report.write(out, rows, by)
    o = grade_report.build(rows, ())["overall"]
    print(f"{o['n']} responses graded: final right {100 * o['final_accuracy']:.1f} %, "
          f"{o['wrong']} with a failure; {out / 'graded.jsonl'}, " + ", ".join(str(p) for p in paths),
          file=sys.stderr)
    return 0
