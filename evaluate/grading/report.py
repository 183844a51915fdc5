"""Where models fail: failure categories and the first wrong step, overall and grouped by record fields.

Input: graded lines (``GradedResponse.as_dict()`` plus the fields to group by).  Output: a JSON report,
Markdown tables and a histogram of the first wrong step per depth (matplotlib, Agg).
"""
from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from geomill.dataset.files import write_text
from geomill.generate.plotting import pyplot, save

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
    """Where the first wrong step falls, per value of ``field`` (depth by default): see ``build_plot``."""
    save(build_plot(rows, field), out)


def build_plot(rows: Sequence[Mapping], field: str = "depth"):
    """A bar per first wrong step (1, 2, …) and one for "no wrong step", a colour per value of
    ``field``; each value's bars are its share of that value's responses (they sum to 100 %), so
    that depths with more responses do not look worse.  The bar's count is written on it."""
    plt = pyplot()
    groups: dict[str, Counter] = {}
    for r in rows:
        groups.setdefault(str(r.get(field)), Counter())[r["first_wrong_step"] or NONE] += 1
    fig, ax = plt.subplots(figsize=(7, 3.8), dpi=100)
    names = sorted(groups, key=_sortable)
    top = max([k for c in groups.values() for k in c if k != NONE] + [1])
    cats = [*range(1, top + 1), NONE]
    width = 0.8 / max(1, len(names))
    tallest = 0.0
    for i, name in enumerate(names):
        total = sum(groups[name].values())
        xs = [j + (i - (len(names) - 1) / 2) * width for j in range(len(cats))]
        shares = [100 * groups[name][c] / total for c in cats]
        bars = ax.bar(xs, shares, width, label=f"{field} {name} (n = {total})", hatch=_HATCHES[i % len(_HATCHES)],
                      edgecolor="white")
        ax.bar_label(bars, [str(groups[name][c]) for c in cats], fontsize=7, padding=1)
        tallest = max(tallest, *shares)
    ax.set_xticks(range(len(cats)), [str(c) for c in cats[:-1]] + ["no wrong\nstep"])
    ax.set_xlabel("first wrong step (proof step, 1 = first)")
    ax.set_ylabel(f"responses (% of the {field})")
    ax.set_ylim(0, min(100.0, tallest) * 1.15 + 2)
    ax.set_title("Where the first wrong step falls")
    if names:
        ax.legend(frameon=False, fontsize=8)
    fig.tight_layout()
    return fig


_HATCHES = ("", "//", "..", "xx", "oo")


def write(out_dir: str | Path, rows: Sequence[Mapping], by: Sequence[str]) -> list[Path]:
    """grade_report.json, grade_report.md and first_wrong_step.png in ``out_dir``."""
    out = Path(out_dir)
    report = build(rows, by)
    paths = [out / "grade_report.json", out / "grade_report.md", out / "first_wrong_step.png"]
    write_text(paths[0], json.dumps(report, indent=1, ensure_ascii=False) + "\n")
    write_text(paths[1], markdown(report))
    plot(rows, paths[2], "depth")
    return paths
