"""Every sample output the research loop page (docs/research-loop.md) shows, made by running the commands
it names.

Each sample sits on the page between ``<!-- sample:NAME -->`` and ``<!-- /sample:NAME -->``;
``python docs/readme_samples.py --write`` runs the commands and rewrites those blocks, and
``tests/test_readme_samples.py`` runs them again and fails where the page says anything else.

    python docs/readme_samples.py [NAME …] [--write]   # print (or write) the samples
"""
from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import re
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "research-loop.md"


def _geomill(*args: str) -> str:
    """``geomill ARGS…`` in this process; its standard output."""
    from geomill.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = main([str(a) for a in args])
    if code != 0:
        raise RuntimeError(f"geomill {' '.join(map(str, args))} exited {code}")
    return out.getvalue()


def _table(markdown: str, title: str) -> str:
    """The table under a title line of a report (the title's own line left out)."""
    rest = markdown.split(title, 1)[1].lstrip("\n")
    return "\n".join(line for line in rest.split("\n\n", 1)[0].splitlines() if line.startswith("|")) + "\n"


def baselines(work: Path) -> str:
    """Baselines on 40 problems: oracle and random, by depth."""
    _geomill("generate", "-n", 40, "--randomize", "--seed", 1, "--out", work / "data", "--quiet")
    for backend in ("oracle", "random"):
        _geomill("eval", work / "data", "--backend", backend, "--out", work / "runs" / backend, "--quiet",
                 "--no-plots")
    out = _geomill("report", work / "runs" / "oracle", work / "runs" / "random", "--by", "depth")
    return _table(out, "Accuracy % by depth (95 % CI; n)")


def scoring(work: Path) -> str:
    """The scoring example: two made-up models' responses to 150 problems, by depth."""
    _geomill("generate", "-n", 150, "--randomize", "--no-images", "--no-chat", "--seed", 7, "--out", work / "gen",
             "--quiet")
    sys.path.insert(0, str(ROOT / "docs"))
    try:
        import make_scoring_example
    finally:
        sys.path.pop(0)
    with contextlib.redirect_stdout(io.StringIO()):
        make_scoring_example.main([str(work / "gen"), "--out", str(work / "responses")])
    for model in ("model-a", "model-b"):
        _geomill("score", work / "responses" / f"{model}.jsonl", "--by", "depth,task", "--out", work / "scored" / model,
                 "--no-plots")
    out = _geomill("report", work / "scored" / "model-a", work / "scored" / "model-b", "--by", "depth,task")
    return _table(out, "Accuracy % by depth (95 % CI; n)")


def grade_report(work: Path) -> str:
    """40 depth-2 responses, a quarter gold, the rest with one injected error each, graded."""
    from geomill.generate import read_records

    from tests.inject import ERRORS, inject

    _geomill("generate", "-n", 40, "--depth", 2, "--seed", 1, "--no-images", "--no-chat", "--out", work / "g",
             "--quiet")
    lines = []
    for i, r in enumerate(read_records(work / "g", "data")):
        text = None
        if i % 4:
            text = inject(r, ERRORS[i % len(ERRORS)], 1 + i % 2, random.Random(i), propagate=True)
        lines.append(json.dumps({"id": r["id"], "response": text or r["solution"]}))
    (work / "responses.jsonl").write_text("\n".join(lines) + "\n")
    _geomill("grade", work / "responses.jsonl", "--dataset", work / "g", "--out", work / "graded", "--by", "depth")
    md = (work / "graded" / "grade_report.md").read_text()
    return (_table(md, "Failures by depth (share of wrong responses):") + "\n"
            + _table(md, "First wrong step by depth (responses):"))


GRADE_RESPONSE = ("The semicircle on DC has perimeter 17, so its diameter is CD = 17 / 3.14 = 5.41. The trapezoid's "
                  "area is (AB + CD) / 2 * 10 = 92, so AB = 2 * 92 / 10 - 5.41 = 12.99. The answer is 12.99.")


def grade_example(work: Path) -> str:
    """The graded example: the page's response to the first record of ``generate -n 40 --depth 2 --seed 1``."""
    from geomill.evaluate.grading.grade import grade
    from geomill.generate import GenConfig, Tally, make_record

    record = make_record(GenConfig(depth=2, images=False), 1, "data", 0, Tally())[0]
    g = grade(record, GRADE_RESPONSE).as_dict()
    steps = ",\n".join("            " + json.dumps(s, ensure_ascii=False) for s in g["steps"])
    head = {k: g[k] for k in ("id", "final_answer", "final_correct")}
    tail = {k: g[k] for k in ("first_wrong_step", "failure", "reason", "unused", "first_error")}
    return (json.dumps(head, ensure_ascii=False)[:-1] + ',\n "steps": [' + steps.lstrip() + "],\n "
            + json.dumps(tail, ensure_ascii=False)[1:] + "\n")


SAMPLES: dict[str, Callable[[Path], str]] = {"baselines": baselines, "scoring": scoring,
                                             "grade-report": grade_report, "grade-example": grade_example}


def block(text: str, name: str) -> str:
    """What the page shows between a sample's markers."""
    m = re.search(rf"<!-- sample:{re.escape(name)} -->\n(.*?)<!-- /sample:{re.escape(name)} -->", text, re.S)
    if not m:
        raise KeyError(f"{PAGE.name} has no sample {name!r}")
    return m.group(1)


def fenced(name: str, body: str) -> str:
    return f"```json\n{body}```\n" if name == "grade-example" else (
        f"```text\n{body}```\n" if name == "grade-report" else body)


def make(name: str) -> str:
    """A sample as the page's block holds it, made in a fresh folder."""
    with tempfile.TemporaryDirectory() as tmp:
        return fenced(name, SAMPLES[name](Path(tmp)))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("names", nargs="*", help=f"samples (default: all): {', '.join(SAMPLES)}")
    ap.add_argument("--write", action="store_true", help="rewrite the page's blocks")
    args = ap.parse_args(argv)
    text = PAGE.read_text(encoding="utf-8")
    for name in args.names or list(SAMPLES):
        made = make(name)
        if args.write:
            old = block(text, name)
            text = text.replace(f"<!-- sample:{name} -->\n{old}", f"<!-- sample:{name} -->\n{made}", 1)
        else:
            print(f"== {name}\n{made}")
    if args.write:
        PAGE.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
