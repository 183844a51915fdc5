"""Textbook figures of imported problems, measured from their label export: the share of given values
labelled on their element, givens written named in the figure's legend (``legend_why``: why each has no place by
its element) and givens moved to the text (drawable,
but no place by their element reads as theirs), goals marked "?" (by their element, or named in the legend: ``goals_in_legend``), relations whose marks are all in the export,
figures whose distinct points are all at least 15 px apart (drawn as ``geomill render`` draws them: the most readable of its models), figures
the independent reader (``tests/label_reader.py``, from the repository root) finds nothing wrong with, and
CPU milliseconds per figure (the model given, as in batch work; the model made too; and as ``render`` draws
it, models and all).

``python bench/textbook_figures.py [DIR] [OUT]``: DIR holds ``geomill import formalgeo … --out DIR``'s .geo
files; without it, the default set: the first ``--limit`` (75) problems of FormalGeo7k's development half
(``--source``), imported once into a cache folder (``--cache``); ``--stride N``: every N-th problem instead (at most
``--limit``), a sample spread over the whole half.  OUT (optional) gets each figure's PNG and label export.  The
figures short of each bar are listed by bar with the reason (``short``: the goal's, the relations left unmarked).
"""
from __future__ import annotations

import argparse
import itertools
import json
import math
import statistics
import sys
import tempfile
import time
from pathlib import Path

from geomill.dsl import parse_file
from geomill.engine.errors import GeomillError
from geomill.engine.relations import BLOCKS_BY_KEY
from geomill.render.general import APPROXIMATE
from geomill.render.marks import lone
from geomill.render.textbook import textbook_figure
from geomill.solvers.numeric import build_model

MARKED = ("right", "parallel", "equal", "equal_angle", "dot", "height")


def _same(kind: str, els: tuple, mark: dict, lines: tuple = ()) -> bool:
    want = {"".join(e) for e in els}
    if kind in ("right", "right_lines") and mark["kind"] == "height" and len(els) == 1 and len(els[0]) == 3:
        return _squares(els[0], mark, lines)  # (a height's square at its foot says the same perpendicular)
    got = set()
    for e in [*mark["elements"], *mark.get("sides", [])]:  # (sides: each halved, its halves ticked)
        e = e.split(" ", 1)[-1]
        got |= {e, e[::-1]}
    kinds = {"right_lines": "right"}.get(kind, kind)
    drawn = {"right_arc": "right"}.get(mark["kind"], mark["kind"])  # (a right angle drawn "90°" in its arc)
    if kinds == "right" and len(els) > 1:  # (a rectangle's: any one of its corners says it)
        return drawn == kinds and bool(want & got)
    return drawn == kinds and want <= got


def _squares(angle: tuple, mark: dict, lines: tuple) -> bool:
    """Does a height mark (its two segments, each on a line of the problem) square right angle ``angle``?"""
    a, v, b = angle

    def line_of(seg: str) -> set:
        p, q = seg.split(" ", 1)[-1]
        return next((set(ln) for ln in lines if p in ln and q in ln), {p, q})

    one, two = (line_of(e) for e in mark["elements"][:2])
    return any({v, a} <= x and {v, b} <= y for x, y in ((one, two), (two, one)))


def measure(geo: Path, out: Path | None) -> dict:
    problem = parse_file(str(geo))
    t = time.process_time()
    try:
        model = build_model(problem, seed=0, check_goal=False, tolerate=APPROXIMATE)
    except GeomillError as e:
        return {"id": geo.stem, "error": str(e)[:80]}
    t_model = time.process_time() - t
    t = time.process_time()
    textbook_figure(problem, model)  # batch work: the model given
    t_fig = time.process_time() - t
    t = time.process_time()
    fig = textbook_figure(problem)  # as `geomill render` draws it: the most readable of its models
    t_render = time.process_time() - t
    lab = fig.labels
    if out is not None:
        (out / f"{geo.stem}.png").write_bytes(fig.data)
        (out / f"{geo.stem}.labels.json").write_text(json.dumps(lab, ensure_ascii=False))
    values = [g for g in lab["givens"] if g["element"] is not None and g["shown"] not in ("text", "shape")]
    rels = [(r, k, els) for r in problem.relations if (b := BLOCKS_BY_KEY.get(r.key)) is not None
            for k, els in b.marks_on(r.args)]
    rels += [(f, "equal", (a.points, b.points)) for f in problem.facts if (a := lone(f.lhs)) is not None and
             (b := lone(f.rhs)) is not None and a.kind.key == b.kind.key == "length"]  # AC = BC: ticks too
    pts = list(lab["points"].values())
    lines = tuple(ln.points for ln in problem.lines)
    apart = min((math.dist(a, b) for a, b in itertools.combinations(pts, 2)), default=math.inf)
    return {"id": geo.stem, "values": len(values), "labelled": sum(g["shown"] in ("label", "mark") for g in values),
            "legend": sum(g["shown"] == "legend" for g in lab["givens"]),
            "text_only": sum(g["shown"] == "text" and g["element"] is not None for g in lab["givens"]),
            "moved": sum(g["shown"] == "moved" for g in lab["givens"]),
            "goal": lab["goal"] is not None and lab["goal"].get("marked", False), "has_goal": lab["goal"] is not None,
            "goal_legend": lab["goal"] is not None and lab["goal"].get("shown") == "legend",
            "relation_marks": len(rels),
            "marked": sum(any(_same(k, els, m, lines) for m in lab["marks"]) for _, k, els in rels),
            "unmarked": [f"{k} {' '.join(''.join(e) for e in els)}" for _, k, els in rels
                         if not any(_same(k, els, m, lines) for m in lab["marks"])],
            "goal_why": _goal_why(lab["goal"]), "legend_why": _legend_why(lab),
            "apart": apart, "ms_figure": 1000 * t_fig, "ms_model": 1000 * t_model,
            "ms_render": 1000 * t_render, "warnings": fig.warnings, "reader": _reader(fig)}


SPLIT_PX = 1.5  # px: a point this near a side's line, between its ends, splits it


def _legend_why(lab: dict) -> list[str]:
    """Why each given the figure names in its legend has no place by its element: a side a drawn point splits (a
    dimension line beside it crosses the line through that point, reading as a line of the figure, and one beyond
    every line stands farther off than reads as the side's; a value by one piece reads as the piece's: reader 29's
    25), else no free place within a leader's reach of it (the leader would cross a mark, a label or a point)."""
    pts = {n: (float(x), float(y)) for n, (x, y) in lab["points"].items()}
    out = []
    for g in lab["givens"]:
        if g["shown"] != "legend":
            continue
        el = g.get("drawn") or g["element"] or ""
        inside = []
        if len(el) == 2 and all(q in pts for q in el):
            (ax, ay), (bx, by) = pts[el[0]], pts[el[1]]
            length = math.hypot(bx - ax, by - ay)
            for q, (x, y) in pts.items():
                t = ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / max(length ** 2, 1e-9)
                off = abs((x - ax) * (by - ay) - (y - ay) * (bx - ax)) / max(length, 1e-9)
                if q not in el and 0 < t < 1 and off < SPLIT_PX:
                    inside.append(q)
        out.append(f"{g['fact']}: {el} split at {', '.join(sorted(inside))}, no dimension line clear of the lines "
                   "there within reach" if inside else f"{g['fact']}: no free place by {el} within a leader's reach")
    return out


def _goal_why(goal: dict | None) -> str:
    """Why a figure's goal carries no mark: no drawn element is it, or none of its places reads as its own."""
    if goal is None or goal.get("marked"):
        return ""
    if goal.get("drawn") is None:
        return f"{goal['element']}: no drawn element is it (the text asks it)"
    return f"{goal['element']}: no place by {goal['drawn']} reads as its own (the text asks it)"


def _reader(fig) -> list[str]:
    """What the independent reader (tests/label_reader.py, run from the repository root) finds wrong."""
    try:
        from io import BytesIO

        import numpy as np
        from PIL import Image

        root = str(Path(__file__).resolve().parents[1])  # (run as a script, its folder is on the path, not the root:
        if root not in sys.path:  # the reader's import had failed silently, every figure "clean")
            sys.path.insert(0, root)
        from tests.label_reader import ink_problems, mark_problems, textbook_problems
    except ImportError:
        return []
    px = np.asarray(Image.open(BytesIO(fig.data)).convert("RGB"))
    return textbook_problems(fig.labels) + mark_problems(fig.labels) + ink_problems(fig.labels, px)


_ROOT = Path(__file__).resolve().parents[1]
SOURCE = next((p for p in (_ROOT.parent / "shared" / "formalgeo7k" / "dev.jsonl.gz",
                           _ROOT.parent.parent / "shared" / "formalgeo7k" / "dev.jsonl.gz") if p.exists()),
              _ROOT.parent / "shared" / "formalgeo7k" / "dev.jsonl.gz")
LIMIT = 75  # the default set: FormalGeo7k's first 75 development problems


def _every(source: Path, stride: int, limit: int, cache: Path) -> Path:
    """Every ``stride``-th of the source's problems (at most ``limit`` of them), as a .jsonl.gz beside the cache:
    a sample spread over the whole development half, where the first problems are one corner of it."""
    import gzip

    with gzip.open(source, "rt", encoding="utf-8") as f:
        lines = [ln for ln in f if ln.strip()][::stride][:limit]
    picked = cache.with_name(cache.name + ".jsonl.gz")
    with gzip.open(picked, "wt", encoding="utf-8") as f:
        f.writelines(lines)
    return picked


def _default_set(source: Path, limit: int, cache: Path, stride: int = 1) -> Path:
    """The default set's .geo files, imported into ``cache`` once (``geomill import formalgeo``)."""
    if not any(cache.glob("*.geo")):
        from geomill.cli import main as cli

        if stride > 1:
            source = _every(source, stride, limit, cache)
        if cli(["import", "formalgeo", str(source), "--out", str(cache), "--limit", str(limit),
                "--workers", "1"]) != 0:
            raise SystemExit(f"could not import {source}")
    return cache


def _p95(ms: list[float]) -> float:
    """The 95th percentile (nearest rank): the slow tail batch work feels, which a median hides."""
    return sorted(ms)[max(math.ceil(0.95 * len(ms)) - 1, 0)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dir", nargs="?", help="a folder of imported .geo files (default: the default set)")
    ap.add_argument("out", nargs="?", help="a folder for each figure's PNG and label export")
    ap.add_argument("--source", default=str(SOURCE), help="FormalGeo7k's development half (default set)")
    ap.add_argument("--limit", type=int, default=LIMIT, help=f"the default set's size (default {LIMIT})")
    ap.add_argument("--stride", type=int, default=1,
                    help="the default set takes every N-th development problem (default 1: the first --limit)")
    ap.add_argument("--cache", default=None, help="where the default set is imported (default: a temp folder)")
    args = ap.parse_args()
    name = f"geomill-textbook-dev{args.limit}" + (f"-every{args.stride}" if args.stride > 1 else "")
    cache = Path(args.cache) if args.cache else Path(tempfile.gettempdir()) / name
    src = Path(args.dir) if args.dir else _default_set(Path(args.source), args.limit, cache, args.stride)
    out = Path(args.out) if args.out else None
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    files = sorted(src.glob("*.geo"), key=lambda p: int(p.stem) if p.stem.isdigit() else 0)
    textbook_figure(parse_file(str(files[0])))  # (start-up: the renderer and fonts, not counted)
    rows = [measure(f, out) for f in files]
    ok = [r for r in rows if "error" not in r]
    ms = [r["ms_figure"] for r in ok]
    print(json.dumps({
        "figures": len(ok), "failed": [r["id"] for r in rows if "error" in r],
        "values_labelled": f"{sum(r['labelled'] for r in ok)} of {sum(r['values'] for r in ok)}",
        "values_in_legend": sum(r["legend"] for r in ok),  # (named in a free corner: no place by their element)
        "legend_why": {r["id"]: r["legend_why"] for r in ok if r["legend_why"]},  # (each: why no place by it)
        "values_left_to_text": sum(r["text_only"] for r in ok),
        "givens_moved": f"{sum(r['moved'] for r in ok)} in {sum(bool(r['moved']) for r in ok)} figures",
        "goals_marked": f"{sum(r['goal'] for r in ok)} of {sum(r['has_goal'] for r in ok)}",
        "goals_in_legend": sorted(r["id"] for r in ok if r["goal_legend"]),  # (named in a free corner, not by it)
        "relation_marks": f"{sum(r['marked'] for r in ok)} of {sum(r['relation_marks'] for r in ok)}",
        "points_15px_apart": f"{sum(r['apart'] >= 15 for r in ok)} of {len(ok)}",
        "points_20px_apart": f"{sum(r['apart'] >= 20 for r in ok)} of {len(ok)}",
        "ms_figure_median": round(statistics.median(ms), 1), "ms_figure_mean": round(statistics.mean(ms), 1),
        "ms_figure_p95": round(_p95(ms), 1), "ms_figure_max": round(max(ms), 1),
        "ms_model_median": round(statistics.median(r["ms_model"] for r in ok), 1),
        "ms_render_median": round(statistics.median(r["ms_render"] for r in ok), 1),
        "ms_render_p95": round(_p95([r["ms_render"] for r in ok]), 1),
        "ms_render_max": round(max(r["ms_render"] for r in ok), 1),
        "reader_clean": f"{sum(not r['reader'] for r in ok)} of {len(ok)}",
        "short": {  # each figure short of a bar, by bar
            "values": [r["id"] for r in ok if r["labelled"] < r["values"]],
            "goal": {r["id"]: r["goal_why"] for r in ok if r["has_goal"] and not r["goal"]},
            "relations": {r["id"]: r["unmarked"] for r in ok if r["marked"] < r["relation_marks"]},
            "apart": [r["id"] for r in ok if r["apart"] < 15]},
        "reader": {r["id"]: r["reader"] for r in ok if r["reader"]},
        "warned": {r["id"]: r["warnings"] for r in ok if r["warnings"]},
    }, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
