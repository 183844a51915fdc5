"""The README's FormalGeo7k chart and table, redrawn from a saved run of ``bench/formalgeo.py``.

    python bench/formalgeo.py --out results.json          # the run (every problem's result)
    python bench/formalgeo_chart.py results.json          # docs/img/formalgeo_levels.png
    python bench/formalgeo_chart.py results.json --markdown   # the README's table

The chart: the share of problems solved (right) at each ``problem_level`` (the length of FormalGeo's
annotated theorem sequence), disputed ones apart (never counted right), beside the peers' published
rates: FormalGeo's forward-search solver FGPS 39.7 % and its neural-guided searches 77-86 % on
FormalGeo7k (Zhang et al., FormalGeo, 2023), Inter-GPS 57.5 % on Geometry3K (Lu et al., ACL 2021).
Nothing here solves anything: it only reads the results file.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "img" / "formalgeo_levels.png"
# (label, low, high): the published solved shares the chart sets ours beside
PEERS = (("FGPS forward search, FormalGeo7k", 39.7, 39.7), ("FormalGeo neural-guided search, FormalGeo7k", 77.0, 86.0),
         ("Inter-GPS, Geometry3K", 57.5, 57.5))
BINS = tuple((str(k), k, k) for k in range(0, 11)) + (("11+", 11, 10 ** 6),)
BANDS = (("levels 0-3", 0, 3), ("levels 4-6", 4, 6), ("levels 7+", 7, 10 ** 6))
STATUSES = ("right", "disputed", "wrong", "refused", "timeout", "unimported")


def read_results(path: str) -> list[dict]:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    results = data["results"] if isinstance(data, dict) else data
    if not isinstance(results, list) or not all(isinstance(r, dict) and "status" in r for r in results):
        raise ValueError("no list of results with a status each")
    return results


def _in(r: dict, low: int, high: int) -> bool:
    return isinstance(r.get("level"), int) and low <= r["level"] <= high


def counts(results: list[dict]) -> Counter:
    return Counter(r["status"] for r in results)


def draw(results: list[dict], out: Path) -> None:
    import matplotlib
    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    groups = [(name, [r for r in results if _in(r, lo, hi)]) for name, lo, hi in BINS]
    groups = [(name, rs) for name, rs in groups if rs]
    groups.append(("all", results))
    fig = Figure(figsize=(8.0, 5.0), dpi=110)
    ax = fig.add_subplot()
    xs = range(len(groups))
    right = [100 * counts(rs)["right"] / len(rs) for _, rs in groups]
    disputed = [100 * counts(rs)["disputed"] / len(rs) for _, rs in groups]
    ax.bar(xs, right, color=["#4a7ab5"] * (len(groups) - 1) + ["#23426b"], label="geomill: right", zorder=1,
           alpha=0.9)
    ax.bar(xs, disputed, bottom=right, color="#e0a040", label="geomill: disputed (not counted)", zorder=1)
    for x, (_, rs) in zip(xs, groups):
        ax.text(x, 1.5, f"{len(rs)}", ha="center", va="bottom", fontsize=7, color="white")
    styles = ("--", None, ":")
    for (label, low, high), style in zip(PEERS, styles):
        if low == high:
            ax.axhline(low, color="#b03030" if style == "--" else "#307030", linestyle=style, linewidth=1.2,
                       label=f"{label}: {low:g} %", zorder=3)
        else:
            ax.axhspan(low, high, color="#999999", alpha=0.35, label=f"{label}: {low:g}-{high:g} %", zorder=0)
    ax.set_xticks(list(xs), [name for name, _ in groups])
    ax.set_xlabel("FormalGeo problem_level (length of its annotated theorem sequence); bar foot: problems")
    ax.set_ylabel("solved (%)")
    ax.set_ylim(0, 100)
    ax.set_title(f"geomill on FormalGeo7k's development half ({len(results)} problems)", fontsize=10)
    ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.16), ncol=2, frameon=False)
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(out.name + ".tmp")
    fig.savefig(tmp, format="png")
    os.replace(tmp, out)


def markdown(results: list[dict]) -> str:
    """The README's table: all, by source, by level band."""
    rows = [("all", results)]
    for src in sorted({str(r.get("source")) for r in results}):
        rows.append((src, [r for r in results if str(r.get("source")) == src]))
    rows += [(name, [r for r in results if _in(r, lo, hi)]) for name, lo, hi in BANDS]
    lines = ["| | problems | imported | right | disputed | wrong | refused | timed out |",
             "|---|---|---|---|---|---|---|---|"]
    for name, rs in rows:
        if not rs:
            continue
        c = counts(rs)
        imported = len(rs) - c["unimported"]
        lines.append(f"| {name} | {len(rs)} | {imported} | {c['right']} ({100 * c['right'] / len(rs):.1f} %) | "
                     f"{c['disputed']} | {c['wrong']} | {c['refused']} | {c['timeout']} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("results", help="the JSON written by bench/formalgeo.py --out")
    ap.add_argument("-o", "--output", default=str(OUT), help="the PNG to write")
    ap.add_argument("--markdown", action="store_true", help="print the README's table instead of drawing")
    args = ap.parse_args(argv)
    try:
        results = read_results(args.results)
    except (OSError, ValueError, KeyError, TypeError) as e:
        print(f"error: {args.results}: not a results file of bench/formalgeo.py ({e})", file=sys.stderr)
        return 2
    if not results:
        print(f"error: {args.results}: no problems in it", file=sys.stderr)
        return 2
    if args.markdown:
        print(markdown(results))
        return 0
    draw(results, Path(args.output))
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
