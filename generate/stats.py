"""Counts and distributions of a generated folder, as a table and a PNG plot."""
from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

from geomill.engine.errors import GeomillError
from geomill.engine.jsontext import read_json_file

from .files import atomic_open
from .runner import read_records

AXES = ("depth", "width", "answer_type", "shapes", "rules", "magnitude", "variablized", "distractors")
PERCEPTION_AXES = ("task", "answer", "task/answer", "near_miss", "n_lines", "negated", "angle_between")


def _perception_counts(r: dict, c: dict) -> None:
    answer = r["options"][r["answer"]] if r["options"] else str(r["answer"])
    c["task"][r["task"]] += 1
    c["answer"][str(r["answer"])] += 1
    c["task/answer"][f"{r['task']}: {answer}"] += 1
    c["near_miss"][r["near_miss"] or "-"] += 1
    c["n_lines"][r["n_lines"]] += 1
    c["negated"][r["negated"]] += 1
    c["angle_between"][r["angle_between"] if r["angle_between"] is not None else "-"] += 1


def collect(out: str | Path) -> dict:
    out = Path(out)
    parts = sorted(p.name for p in out.iterdir() if p.is_dir() and any(p.glob("shard-*.jsonl")))
    c: dict[str, Counter] = {a: Counter() for a in AXES + PERCEPTION_AXES}
    per_part: Counter = Counter()
    n = 0
    axes = AXES
    for part in parts:
        for r in read_records(out, part):
            n += 1
            per_part[part] += 1
            if "task" in r:  # a perception record (geomill perceive)
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
            c["distractors"][bool(r["distractors"]["shapes"])] += 1
    manifest = read_json_file(out / "manifest.json", "the manifest") if (out / "manifest.json").exists() else {}
    if not isinstance(manifest, dict) or not isinstance(manifest.get("results", {}), dict):
        raise GeomillError(f"{out / 'manifest.json'}: not a geomill generate manifest")
    failed = sum(sum(v.get("failed", {}).values()) for v in manifest.get("results", {}).values())
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


def plot(stats: dict, path: str | Path) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    axes_list = ("depth", "width", "answer_type", "magnitude", "shapes", "rules") if "depth" in stats \
        else tuple(stats["axes"][:6])
    fig, axs = plt.subplots(2, 3, figsize=(15, 8))
    for ax, axis in zip(axs.flat, axes_list):
        items = sorted(stats[axis].items(), key=lambda kv: (_num(kv[0]), str(kv[0])))
        if axis in ("shapes", "rules", "task/answer"):
            items = sorted(stats[axis].items(), key=lambda kv: -kv[1])[:15]
        labels = [str(k)[:28] for k, _ in items]
        ax.bar(range(len(items)), [v for _, v in items], color="#4C72B0")
        ax.set_xticks(range(len(items)))
        ax.set_xticklabels(labels, rotation=60 if len(items) > 5 else 0, ha="right" if len(items) > 5 else "center",
                           fontsize=7)
        ax.set_title(axis)
    fig.suptitle(f"{stats['records']} problems")
    fig.tight_layout()
    with atomic_open(path, "wb") as fh:
        fig.savefig(fh, dpi=100, format=Path(path).suffix.lstrip(".").lower() or "png")
    plt.close(fig)


def lint(out: str | Path, examples: int = 20) -> dict:
    """Run the solution linter (``solvers.lint``) over every record written under ``out``:
    the coordinate-named solution gets every check, the figure-named one the arithmetic and syntax."""
    from geomill.dsl import parse
    from geomill.solvers import solve
    from geomill.solvers.lint import lint_solution, lint_text

    out = Path(out)
    counts: Counter = Counter()
    shown: list[dict] = []
    n = flagged = 0
    for part in sorted(p.name for p in out.iterdir() if p.is_dir() and any(p.glob("shard-*.jsonl"))):
        for r in read_records(out, part):
            n += 1
            sol = solve(parse(r["dsl"]))
            findings = lint_solution(sol, r["solution_text_only"])
            if r["solution"] != r["solution_text_only"]:
                findings += lint_text(r["solution"])
            flagged += bool(findings)
            counts.update(f.check for f in findings)
            for f in findings[: max(0, examples - len(shown))]:
                shown.append({"id": r["id"], "part": part, "finding": str(f)})
    return {"records": n, "with_findings": flagged, "findings": dict(counts), "examples": shown}
