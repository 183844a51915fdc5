"""Counts and distributions of a generated folder, as a table and a PNG plot."""
from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from pathlib import Path

from geomill.dataset.folder import open_dataset

from .plotting import count_axis, group_rest, headroom, pyplot, save, wrap

AXES = ("depth", "width", "answer_type", "shapes", "rules", "magnitude", "variablized", "distractors")
TEXTBOOK_AXES = ("question_type", "construction")  # a generated textbook record's (textbook_gen) own
PERCEPTION_AXES = ("task", "answer", "task/answer", "near_miss", "n_lines", "negated", "angle_between")


def _perception_counts(r: Mapping, c: dict) -> None:
    answer = r["options"][r["answer"]] if r["options"] else str(r["answer"])
    c["task"][r["task"]] += 1
    c["answer"][str(r["answer"])] += 1
    c["task/answer"][f"{r['task']}: {answer}"] += 1
    c["near_miss"][r["near_miss"] or "-"] += 1
    c["n_lines"][r["n_lines"]] += 1
    c["negated"][r["negated"]] += 1
    c["angle_between"][r["angle_between"] if r["angle_between"] is not None else "-"] += 1


def collect(out: str | Path) -> dict:
    dataset = open_dataset(out, command="geomill stats")
    c: dict[str, Counter] = {a: Counter() for a in AXES + TEXTBOOK_AXES + PERCEPTION_AXES}
    per_part: Counter = Counter()
    n = 0
    axes = AXES
    for part in dataset.parts:
        for record in dataset.records(part):
            r = record.data  # the kind's own fields
            n += 1
            per_part[part.name] += 1
            if record.kind == "perception":
                axes = PERCEPTION_AXES
                _perception_counts(r, c)
                continue
            c["depth"][r["depth"]] += 1
            c["width"][r["width"]] += 1
            c["answer_type"][r["answer_type"]] += 1
            c["shapes"].update(s["kind"] for s in r["shapes"])
            c["rules"].update(r["rules"])
            a = abs(r["answer"])
            c["magnitude"][f"1e{int(math.floor(math.log10(a)))}" if a > 0 else "0"] += 1
            c["variablized"][bool(r["variables"])] += 1
            c["distractors"][bool(r["distractors"]["shapes"] or r["distractors"].get("facts"))] += 1
            if "constructions" in r:  # a generated textbook problem: its question type and construction kinds
                axes = AXES + TEXTBOOK_AXES
                c["question_type"][r["question_type"]] += 1
                c["construction"].update([r["base"], *r["constructions"]])
    results = dataset.manifest.results if dataset.manifest else {}
    failed = sum(sum(v.get("failed", {}).values()) for v in results.values())
    return {"records": n, "parts": dict(per_part), "failed": failed, "axes": list(axes),
            **{a: dict(c[a]) for a in axes}}


def table(stats: dict, top: int = 12) -> str:
    lines = [f"records: {stats['records']}   proof failures: {stats['failed']}"]
    lines += [f"  {k:<28} {v:>8}" for k, v in stats["parts"].items()]
    for axis in stats.get("axes", AXES):
        counts = Counter(stats[axis])
        total = sum(counts.values()) or 1
        lines.append(f"{axis}:")
        items = sorted(counts.items(), key=lambda kv: (-kv[1], str(kv[0])))
        if axis in ("depth", "width", "magnitude", "n_lines"):
            items = sorted(counts.items(), key=lambda kv: _num(kv[0]))
        shown = len(items) if axis == "task/answer" else top  # the label balance, whole
        for k, v in items[:shown]:
            lines.append(f"  {str(k):<52} {v:>8} {100 * v / total:6.1f}%")
        if len(items) > shown:
            lines.append(f"  … {len(items) - shown} more")
    return "\n".join(lines)


def _num(k) -> float:
    try:
        return float(k)
    except (TypeError, ValueError):
        return math.inf


AXIS_NAMES = {"depth": "depth (proof steps on the query's path)", "width": "width (branches)",
              "answer_type": "answer type", "magnitude": "answer magnitude (power of ten)",
              "shapes": "shape kind", "rules": "rule", "variablized": "variablized",
              "distractors": "with distractors", "question_type": "question type",
              "construction": "construction kind (base shape and steps)", "task": "task", "answer": "answer label",
              "task/answer": "task: answer", "near_miss": "near miss", "n_lines": "lines in the figure",
              "negated": "negated statement", "angle_between": "angle between the lines (degrees)"}
NUMERIC = ("depth", "width", "n_lines")
NAME_WRAP = 48  # characters per line of a name in a horizontal bar chart
KEEP = 40  # bars in a panel at most; the rest are grouped under one that says how many


def panels(stats: dict) -> list[tuple[str, list[tuple[str, int]]]]:
    """Each axis with its bars in the order drawn: numeric axes by value, the others by count
    (largest first), at most KEEP bars (the rest grouped, and said so); axes with nothing counted
    are left out."""
    out = []
    for axis in stats.get("axes", AXES):
        counts = stats.get(axis) or {}
        if not counts:
            continue
        if axis in NUMERIC or axis == "magnitude":
            items = sorted(counts.items(), key=lambda kv: (_num(kv[0]), str(kv[0])))
        else:
            items = sorted(counts.items(), key=lambda kv: (-kv[1], str(kv[0])))
        out.append((axis, group_rest(items, KEEP)))
    return out


def build_plot(stats: dict):
    """The figure of ``plot``: one panel per axis, two columns; numeric axes as columns of counts,
    the others as horizontal bars with their whole names (wrapped) so that none is cut."""
    plt = pyplot()
    shown = panels(stats)
    unit = "questions" if "task" in stats.get("axes", ()) else "problems"
    rows = [shown[i:i + 2] for i in range(0, len(shown), 2)]
    heights = [max(2.6, 0.5 + max(_panel_height(axis, items) for axis, items in row)) for row in rows]
    fig = plt.figure(figsize=(14, sum(heights) + 0.6), dpi=100)
    grid = fig.add_gridspec(len(rows), 2, height_ratios=heights)
    for r, row in enumerate(rows):
        for c, (axis, items) in enumerate(row):
            ax = fig.add_subplot(grid[r, c])
            names = [k for k, _ in items]
            values = [v for _, v in items]
            label = AXIS_NAMES.get(axis, axis.replace("_", " "))
            if axis in NUMERIC or axis == "magnitude" or len(items) <= 4 and max(len(n) for n in names) <= 10:
                ax.bar(range(len(items)), values, color="#4C72B0")
                ax.set_xticks(range(len(items)), [wrap(n) for n in names], fontsize=8)
                ax.set_xlabel(label)
                ax.set_ylabel(f"{unit} (count)")
                count_axis(ax.yaxis)
                ax.set_ylim(0, headroom(max(values)))
            else:
                ax.barh(range(len(items)), values, color="#4C72B0")
                ax.set_yticks(range(len(items)), [wrap(n, NAME_WRAP) for n in names], fontsize=7)
                ax.invert_yaxis()  # the largest first, at the top
                ax.set_ylabel(label)
                ax.set_xlabel(f"{unit} (count)")
                count_axis(ax.xaxis)
                ax.set_xlim(0, headroom(max(values)))
            ax.set_title(label, fontsize=10)
    fig.suptitle(f"{stats['records']} {unit}")
    fig.tight_layout(rect=(0, 0, 1, 1 - 0.4 / (sum(heights) + 0.6)))
    return fig


def _panel_height(axis: str, items: list) -> float:
    """Inches a panel needs: a horizontal bar chart room for its longest name at every bar."""
    if axis in NUMERIC or axis == "magnitude" or len(items) <= 4:
        return 2.2
    lines = max(1 + wrap(k, NAME_WRAP).count("\n") for k, _ in items)  # the bars are evenly spaced
    return 0.6 + len(items) * (0.08 + 0.12 * lines)


def plot(stats: dict, path: str | Path) -> None:
    """The counts of every axis as a PNG (or any format the suffix names), written atomically."""
    save(build_plot(stats), path)


def lint(out: str | Path, examples: int = 20) -> dict:
    """Run the solution linter (``solvers.lint``) over every record written under ``out``:
    the coordinate-named solution gets every check, the figure-named one the arithmetic and syntax;
    a general problem's record (``generate.textbook``) is re-solved and its proof linted
    (``solvers.plane_lint``)."""
    from geomill.dsl import parse
    from geomill.solvers import solve
    from geomill.solvers.lint import lint_solution, lint_text

    dataset = open_dataset(out, "geomverse", "geomill lint")
    counts: Counter = Counter()
    shown: list[dict] = []
    n = flagged = 0
    for part in dataset.parts:
        for record in dataset.records(part):
            r = record.data
            n += 1
            problem = parse(r["dsl"])
            if not hasattr(problem, "shapes"):  # a general problem (generate.textbook): its proof's own linter
                from .textbook import lint_record
                findings = lint_record(problem, r)
            else:
                sol = solve(problem)
                findings = lint_solution(sol, r["solution_text_only"])
                if r["solution"] != r["solution_text_only"]:
                    findings += lint_text(r["solution"])
            flagged += bool(findings)
            counts.update(f.check for f in findings)
            for f in findings[: max(0, examples - len(shown))]:
                shown.append({"id": record.id, "part": part.name, "finding": str(f)})
    return {"records": n, "with_findings": flagged, "findings": dict(counts), "examples": shown}


def lint_file(path: str | Path) -> dict:
    """``lint``'s report for one problem file: solved (a general one by ``solvers.plane``) and its
    solution linted, as ``geomill solve`` prints it."""
    from geomill.dsl import read_problem
    from geomill.engine.errors import GeomillError

    problem = read_problem(str(path)).problem  # the one reading rule: a shape-only file is plane geometry
    try:
        if hasattr(problem, "shapes"):
            from geomill.solvers import solve
            from geomill.solvers.lint import lint_solution

            findings = lint_solution(solve(problem))
        else:
            from geomill.solvers.plane import solve_general
            from geomill.solvers.plane_lint import lint_general

            findings = lint_general(solve_general(problem))
    except GeomillError as exc:
        raise exc.located(str(path)) from None
    counts = Counter(f.check for f in findings)
    return {"records": 1, "with_findings": int(bool(findings)), "findings": dict(counts),
            "examples": [{"id": str(path), "part": None, "finding": str(f)} for f in findings]}
