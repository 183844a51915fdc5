"""Reports: accuracy overall and grouped by any item field, for one run or several side by side.

A *report* (``build_report``) is a JSON-ready dict::

    {"n", "accuracy", "ci95": [lo, hi], "extraction_failed" (count), "extraction_failed_rate",
     "random_baseline", "label", "by": {field: {value: {n, accuracy, ci95, extraction_failed,
     random_baseline}}}}

A *comparison* (``compare``) holds several: ``{"runs": {label: report}, "by": [fields]}``.
``write_report`` writes either as report.json, report.md (Markdown tables), report.csv and
plots: accuracy against a numeric field (depth, width …) as lines per run with 95 % interval
bars (GeomVerse Fig. 3), and per-value bars against the random baseline for any other field
(VisOnlyQA Table 3).
"""
from __future__ import annotations

import csv
import io
import json
import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from geomill.dataset.files import atomic_open, read_json, write_text
from geomill.engine.errors import GeomillError
from geomill.generate.plotting import MARKERS, pyplot, save, wrap

from . import judge as judge_mod
from .score import bootstrap_ci, random_baseline, score_file, score_item

# where a run folder keeps its items, best first (scored.jsonl from score, responses.jsonl from eval)
RUN_FILES = ("scored.jsonl", "responses.jsonl")


def _summary(items: Sequence[Mapping], seed: int) -> dict:
    """n, accuracy and its interval, failures and the random baseline (None where n is 0: JSON has no NaN)."""
    n = len(items)
    if n == 0:
        return {"n": 0, "accuracy": None, "ci95": [None, None], "extraction_failed": 0,
                "extraction_failed_rate": None, "random_baseline": None, "judged": 0}
    correct = [bool(it["correct"]) for it in items]
    failed = sum(bool(it.get("extraction_failed")) for it in items)
    lo, hi = bootstrap_ci(correct, seed=seed)
    return {
        "n": n,
        "accuracy": sum(correct) / n,
        "ci95": [lo, hi],
        "extraction_failed": failed,
        "extraction_failed_rate": failed / n,
        "random_baseline": sum(random_baseline(it) for it in items) / n,
        "judged": sum(bool(it.get("judged")) for it in items),  # read by the judge model, not the rules
    }


def _key(value: object) -> str:
    """A group's name in JSON: booleans and numbers as JSON spells them, lists joined."""
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, (list, tuple)):
        return ",".join(map(str, value))
    return str(value)


def _sort_key(name: str):
    try:
        return (0, float(name), name)
    except ValueError:
        return (1, 0.0, name)


def build_report(items: Iterable[Mapping], by: Sequence[str] = (), label: str | None = None,
                 seed: int = 0) -> dict:
    """Accuracy of ``items`` overall and per value of each ``by`` field.

    Items not yet scored (no ``correct``) are scored first; an item without a ``by`` field
    is left out of that field's groups only."""
    scored = [it if "correct" in it else score_item(it) for it in items]
    report = _summary(scored, seed)
    if label is None:
        models = {str(it["model"]) for it in scored if it.get("model") is not None}
        label = models.pop() if len(models) == 1 else None
    report["label"] = label
    report["by"] = {}
    for field in by:
        groups: dict[str, list[Mapping]] = {}
        for it in scored:
            if field in it:
                groups.setdefault(_key(it[field]), []).append(it)
        report["by"][field] = {name: _summary(groups[name], seed) for name in sorted(groups, key=_sort_key)}
    return report


def load_run(path: str | os.PathLike, by: Sequence[str] = (), seed: int = 0) -> tuple[str, dict]:
    """A run's (label, report) from its folder, a responses JSONL file or a report.json.

    Items (scored.jsonl, else responses.jsonl) are scored again from their raw responses and
    grouped by ``by``; a folder with only a report.json must already be grouped by ``by``.
    The label is the run's model, else the folder's name."""
    path = Path(path)
    files = [path] if path.is_file() else [path / name for name in (*RUN_FILES, "report.json")]
    found = next((f for f in files if f.is_file()), None)
    if found is None:
        raise GeomillError(f"{path}: no {', '.join(RUN_FILES)} or report.json there")
    if found.suffix == ".jsonl":
        items = score_file(found)
        if (found.parent / judge_mod.CACHE).is_file():  # the judge's cached readings of what the rules refused
            items = judge_mod.cached(items, found.parent / judge_mod.CACHE)
        report = build_report(items, by, seed=seed)
        report["fields"] = groupable(items)
    else:
        report = read_json(found, "report")
        if not isinstance(report, dict) or "accuracy" not in report:
            raise GeomillError(f"{found}: not a report (no accuracy)")
        missing = [f for f in by if f not in report.get("by", {})]
        if missing:
            raise GeomillError(f"{found} is not grouped by {', '.join(missing)} and holds no items to regroup")
        report["by"] = {f: report["by"][f] for f in by}
    label = report.get("label") or (path.name if path.is_dir() else path.stem)
    return str(label), report


def compare(runs: Iterable[tuple[str, Mapping] | Mapping | str | os.PathLike], by: Sequence[str] = (),
            seed: int = 0) -> dict:
    """Several runs side by side: each a (label, report) pair, a report (named by its label) or
    a run folder / file (``load_run``, grouped by ``by``). A repeated label gets its source added."""
    pairs: list[tuple[str, Mapping]] = []
    for run in runs:
        if isinstance(run, (str, os.PathLike)):
            label, rep = load_run(run, by, seed)
            source = str(run)
        elif isinstance(run, Mapping):
            label, rep, source = str(run.get("label") or f"run {len(pairs) + 1}"), run, f"#{len(pairs) + 1}"
        else:
            (label, rep), source = run, f"#{len(pairs) + 1}"
        if label in {lab for lab, _ in pairs}:
            label = f"{label} ({source})"
        pairs.append((label, rep))
    fields: list[str] = []
    for _, rep in pairs:
        fields += [f for f in rep.get("by", {}) if f not in fields]
    for f in by:  # a field no run has is a mistake (a typo, the other command's name), not an empty table
        if pairs and not any(rep.get("by", {}).get(f) for _, rep in pairs):
            there = sorted({g for _, rep in pairs for g in rep.get("fields", rep.get("by", {}))})
            raise GeomillError(f"--by {f}: no run has the field {f!r}; fields there are: {', '.join(there) or 'none'}")
    return {"runs": {label: {k: v for k, v in rep.items() if k != "fields"} for label, rep in pairs}, "by": fields}


_NOT_GROUPS = {"id", "response", "raw_response", "extracted", "correct", "extraction_failed", "answer", "prompt",
               "request_hash", "error", "options", "image", "model", "template_version", "via"}


def groupable(items: Sequence[Mapping]) -> list[str]:
    """The fields a report can group these items by: plain values with a few distinct values."""
    seen: dict[str, set] = {}
    for it in items:
        for k, v in it.items():
            if k not in _NOT_GROUPS and isinstance(v, (str, int, float, bool)) and v is not None:
                seen.setdefault(k, set()).add(v)
    return sorted(k for k, vals in seen.items() if len(vals) <= 64)


def _runs(report: Mapping) -> dict[str, Mapping]:
    """Either shape as {label: single report}."""
    if "runs" in report:
        return dict(report["runs"])
    return {report.get("label") or "run": report}


# ---------------------------------------------------------------- text forms

def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}"


def _num(x: float | None) -> str:
    return "" if x is None else f"{x:.6f}"


def _ci(ci: Sequence[float | None]) -> str:
    return "–" if ci[0] is None else f"{_pct(ci[0])}–{_pct(ci[1])}"


def markdown(report: Mapping) -> str:
    """Markdown tables: the runs overall, then one table per grouping field (rows: values)."""
    runs = _runs(report)
    lines = ["| run | n | accuracy % | 95 % CI | random % | extraction failed |",
             "| --- | ---: | ---: | ---: | ---: | ---: |"]
    for label, rep in runs.items():
        lines.append(f"| {label} | {rep['n']} | {_pct(rep['accuracy'])} | {_ci(rep['ci95'])} | "
                     f"{_pct(rep['random_baseline'])} | {rep['extraction_failed']} |")
    if any(rep.get("judged") for rep in runs.values()):
        lines += ["", "judged (read by the judge model where the rules refused): "
                  + ", ".join(f"{label}: {rep.get('judged', 0)}" for label, rep in runs.items())]
    fields = report["by"] if "runs" in report else list(report.get("by", {}))
    for field in fields:
        values = sorted({v for rep in runs.values() for v in rep.get("by", {}).get(field, {})}, key=_sort_key)
        lines += ["", f"Accuracy % by {field} (95 % CI; n)", ""]
        lines.append(f"| {field} | " + " | ".join(runs) + " | random % |")
        lines.append("| --- | " + " | ".join("---:" for _ in runs) + " | ---: |")
        for v in values:
            cells, base = [], None
            for rep in runs.values():
                g = rep.get("by", {}).get(field, {}).get(v)
                cells.append("" if g is None else f"{_pct(g['accuracy'])} ({_ci(g['ci95'])}; {g['n']})")
                base = base if g is None else g["random_baseline"]
            lines.append(f"| {v} | " + " | ".join(cells) + f" | {_pct(base)} |")
    return "\n".join(lines) + "\n"


CSV_COLUMNS = ("run", "field", "value", "n", "accuracy", "ci95_lo", "ci95_hi", "extraction_failed",
               "random_baseline")


def csv_text(report: Mapping) -> str:
    """One row per run and group (field and value empty for a run's overall row)."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    for label, rep in _runs(report).items():
        rows = [("", "", rep)] + [(f, v, g) for f, groups in rep.get("by", {}).items() for v, g in groups.items()]
        for field, value, g in rows:
            w.writerow([label, field, value, g["n"], _num(g["accuracy"]), _num(g["ci95"][0]), _num(g["ci95"][1]),
                        g["extraction_failed"], _num(g["random_baseline"])])
    return buf.getvalue()


# ---------------------------------------------------------------- plots

def _numeric(values: Sequence[str]) -> bool:
    return bool(values) and all(_sort_key(v)[0] == 0 for v in values)


def plot(report: Mapping, field: str, out: str | Path) -> None:
    """Accuracy by ``field`` for every run: lines with 95 % CI bars when the field is numeric
    (GeomVerse Fig. 3), grouped bars with the random baseline otherwise (VisOnlyQA Table 3)."""
    save(build_plot(report, field), out)


SPREAD = 0.08  # of the step between two x values: how far apart runs' points are set, so none hides another


def build_plot(report: Mapping, field: str):
    """The figure of ``plot``.  For a paper: the y axis runs past 0 and 100 (a run at 100 % stays off
    the frame), each run has its own marker and is set a little apart along x (runs that agree stay
    visible), category names are whole (wrapped), every axis is labelled."""
    plt = pyplot()
    runs = _runs(report)
    values = sorted({v for rep in runs.values() for v in rep.get("by", {}).get(field, {})}, key=_sort_key)
    if not values:
        raise ValueError(f"no run is grouped by {field!r}")
    fig, ax = plt.subplots(figsize=(max(5.0, 0.9 * len(values) + 3), 3.8), dpi=120)
    base = {}
    if _numeric(values):
        xs_all = sorted({float(v) for v in values})
        step = min((b - a for a, b in zip(xs_all, xs_all[1:])), default=1.0)
        for k, (label, rep) in enumerate(runs.items()):
            groups = rep.get("by", {}).get(field, {})
            shift = (k - (len(runs) - 1) / 2) * SPREAD * step
            xs = [float(v) + shift for v in values if v in groups]
            acc = [100 * groups[v]["accuracy"] for v in values if v in groups]
            err = [[100 * (groups[v]["accuracy"] - groups[v]["ci95"][0]) for v in values if v in groups],
                   [100 * (groups[v]["ci95"][1] - groups[v]["accuracy"]) for v in values if v in groups]]
            ax.errorbar(xs, acc, yerr=err, marker=MARKERS[k % len(MARKERS)], capsize=3, label=label)
            base.update({float(v): 100 * g["random_baseline"] for v, g in groups.items()})
        if any(base.values()):
            xs = sorted(base)
            ax.plot(xs, [base[x] for x in xs], ls="--", color="grey", label="random")
        ax.set_xticks(xs_all, [_key(x) for x in xs_all])
    else:
        width = 0.8 / len(runs)
        for k, (label, rep) in enumerate(runs.items()):
            groups = rep.get("by", {}).get(field, {})
            idx = [i for i, v in enumerate(values) if v in groups]
            acc = [100 * groups[values[i]]["accuracy"] for i in idx]
            err = [[100 * (groups[values[i]]["accuracy"] - groups[values[i]]["ci95"][0]) for i in idx],
                   [100 * (groups[values[i]]["ci95"][1] - groups[values[i]]["accuracy"]) for i in idx]]
            ax.bar([i - 0.4 + width * (k + 0.5) for i in idx], acc, width, yerr=err, capsize=2, label=label,
                   hatch=HATCHES[k % len(HATCHES)], edgecolor="white")
            base.update({i: 100 * groups[values[i]]["random_baseline"] for i in idx})
        for i, b in base.items():
            ax.hlines(b, i - 0.45, i + 0.45, colors="black", linestyles="--",
                      label="random" if i == min(base) else None)
        ax.set_xticks(range(len(values)), [wrap(v) for v in values], fontsize=8)
    ax.set_xlabel(field.replace("_", " "))
    ax.set_ylabel("accuracy (%)")
    ax.set_ylim(-4, 108)  # headroom: 0 % and 100 % off the frame
    ax.set_yticks(range(0, 101, 20))
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0)
    fig.tight_layout()
    return fig


HATCHES = ("", "//", "..", "xx", "\\\\", "oo")


def write_report(out_dir: str | Path, report: Mapping, plots: bool = True) -> list[Path]:
    """report.json, report.md, report.csv and one accuracy_by_FIELD.png per grouping field that
    takes two values or more,
    each written atomically; returns the paths written."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written = [out / "report.json", out / "report.md", out / "report.csv"]
    with atomic_open(written[0]) as fh:
        json.dump(report, fh, indent=1, allow_nan=False)
        fh.write("\n")
    write_text(written[1], markdown(report))
    write_text(written[2], csv_text(report))
    if plots:
        fields = report["by"] if "runs" in report else list(report.get("by", {}))
        for field in fields:
            values = {v for rep in _runs(report).values() for v in rep.get("by", {}).get(field, {})}
            if len(values) < 2:
                continue  # no item has the field, or all the same value: a plot would say nothing
            path = out / f"accuracy_by_{field}.png"
            plot(report, field, path)
            written.append(path)
    return written
