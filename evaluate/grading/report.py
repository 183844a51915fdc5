"""Where models fail: failure categories and the first wrong step, overall and grouped by record fields.

Input: graded lines (``GradedResponse.as_dict()`` plus the fields to group by).  Output: a JSON report,
Markdown tables and a histogram of the first wrong step per depth (matplotlib, Agg).
"""
from __future__ import annotations

import io
import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from geomill.dataset.files import write_bytes, write_text

from .categories import CATEGORIES

NONE = "none"  # the first-wrong-step bucket of responses with no wrong step


def group_value(record: Mapping, field: str) -> object:
    """A record field to group by: top-level (``depth``, ``answer_type``) or a generation knob
    (``annotation``, ``variablized``); lists (shapes) by their kinds."""
    if field in record:
        value = record[field]
    else:
        value = (record.get("knobs") or {}).get(field)
    if isinstance(value, list):
        return ",".join(sorted(str(v.get("kind", v)) if isinstance(v, dict) else str(v) for v in value))
    return value


def summary(rows: Sequence[Mapping]) -> dict:
    n = len(rows)
    wrong = [r for r in rows if r.get("failure")]
    stated = [s for r in rows for s in r["steps"] if s["correct"] is not None]
    first = Counter(str(r["first_wrong_step"]) if r["first_wrong_step"] else NONE for r in rows)
    cats = Counter(r["failure"] for r in wrong)
    return {
        "n": n,
        "final_accuracy": sum(r["final_correct"] for r in rows) / n if n else 0.0,
        "fully_correct": sum(1 for r in rows if r["final_correct"] and not r["failure"]) / n if n else 0.0,
        "step_accuracy": sum(s["correct"] for s in stated) / len(stated) if stated else None,
        "steps_stated": len(stated) / max(1, sum(len(r["steps"]) for r in rows)),
        "wrong": len(wrong),
        "failures": {c: cats[c] / len(wrong) for c in CATEGORIES if cats[c]} if wrong else {},
        "failure_counts": {c: cats[c] for c in CATEGORIES if cats[c]},
        "first_wrong_step": dict(sorted(first.items(), key=lambda kv: _order(kv[0]))),
    }


def _order(name: str) -> tuple[int, float]:
    return (1, 0.0) if name == NONE else (0, float(name))


def build(rows: Iterable[Mapping], by: Sequence[str] = ("depth",)) -> dict:
    rows = list(rows)
    report: dict = {"overall": summary(rows), "by": {}}
    for field in by:
        groups: dict[str, list] = {}
        for r in rows:
            groups.setdefault(str(r.get(field)), []).append(r)
        report["by"][field] = {k: summary(v) for k, v in sorted(groups.items(), key=lambda kv: _sortable(kv[0]))}
    return report


def _sortable(value: str) -> tuple[int, float | str]:
    try:
        return (0, float(value))
    except ValueError:
        return (1, value)


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f} %"


def markdown(report: Mapping) -> str:
    """The overall line, then per grouping field a table of failure shares and one of first wrong steps."""
    o = report["overall"]
    lines = [f"**{o['n']} responses**: final answer right {_pct(o['final_accuracy'])}, every stated step right "
             f"and final right {_pct(o['fully_correct'])}, stated steps right {_pct(o['step_accuracy'])}.", ""]
    sections = [("all", {"all": o})] + list(report["by"].items())
    for field, groups in sections:
        cats = [c for c in CATEGORIES if any(c in s["failures"] for s in groups.values())]
        lines += [f"Failures by {field} (share of wrong responses):", "",
                  "| " + " | ".join([field, "n", "final right", "wrong", *cats]) + " |",
                  "|" + " --- |" * (4 + len(cats))]
        for value, s in groups.items():
            lines.append("| " + " | ".join([value, str(s["n"]), _pct(s["final_accuracy"]), str(s["wrong"]),
                                             *[_pct(s["failures"].get(c, 0.0)) for c in cats]]) + " |")
        steps = sorted({k for s in groups.values() for k in s["first_wrong_step"]}, key=_order)
        lines += ["", f"First wrong step by {field} (responses):", "",
                  "| " + " | ".join([field, *steps]) + " |", "|" + " --- |" * (1 + len(steps))]
        for value, s in groups.items():
            lines.append("| " + " | ".join([value, *[str(s["first_wrong_step"].get(k, 0)) for k in steps]]) + " |")
        lines.append("")
    return "\n".join(lines)


def plot(rows: Sequence[Mapping], out: str | Path, field: str = "depth") -> None:
    """Histogram of the first wrong step, one bar colour per value of ``field`` (depth by default)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    groups: dict[str, Counter] = {}
    for r in rows:
        if r["first_wrong_step"]:
            groups.setdefault(str(r.get(field)), Counter())[r["first_wrong_step"]] += 1
    fig, ax = plt.subplots(figsize=(6, 3.5), dpi=100)
    names = sorted(groups, key=_sortable)
    top = max([k for c in groups.values() for k in c] + [1])
    width = 0.8 / max(1, len(names))
    for i, name in enumerate(names):
        xs = [k + (i - (len(names) - 1) / 2) * width for k in range(1, top + 1)]
        ax.bar(xs, [groups[name][k] for k in range(1, top + 1)], width, label=f"{field} {name}")
    ax.set_xticks(range(1, top + 1))
    ax.set_xlabel("first wrong step")
    ax.set_ylabel("responses")
    ax.set_title("Where the first wrong step falls")
    if names:
        ax.legend(frameon=False)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    plt.close(fig)
    write_bytes(out, buf.getvalue())


def write(out_dir: str | Path, rows: Sequence[Mapping], by: Sequence[str]) -> list[Path]:
    """grade_report.json, grade_report.md and first_wrong_step.png in ``out_dir``."""
    out = Path(out_dir)
    report = build(rows, by)
    paths = [out / "grade_report.json", out / "grade_report.md", out / "first_wrong_step.png"]
    write_text(paths[0], json.dumps(report, indent=1, ensure_ascii=False) + "\n")
    write_text(paths[1], markdown(report))
    plot(rows, paths[2], "depth")
    return paths
