"""Figures per second: the naive matplotlib path against the renderer, same scenes, one run.

naive     a new Figure per image, fills/lines/texts added with the plotting API,
          ``savefig(format="png")`` (default zlib level) — what a first version does;
renderer  ``render.draw.Renderer.png_bytes``: one Figure, reused artist pools,
          RGB PNG from the canvas buffer at zlib level 1.
Both draw the same composed drawing (fills, strokes, marks, labels) of every
example, in both annotation styles.  Also reported: layout time per problem.

    python bench/bench_render.py [--seconds 3]
"""
from __future__ import annotations

import argparse
import io
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import matplotlib  # noqa: E402

matplotlib.use("Agg")
from matplotlib.figure import Figure  # noqa: E402

from dsl import parse_file  # noqa: E402
from render.annotate import Annotation  # noqa: E402
from render.compose import DPI  # noqa: E402
from render.draw import LABEL_COLOURS, Renderer  # noqa: E402
from render.layout import LayoutError, layout  # noqa: E402
from solvers import solve  # noqa: E402


def naive_png(renderer: Renderer, scene, annotation) -> bytes:
    d = renderer.compose(scene, annotation)
    st = d.style
    fig = Figure(figsize=(st.size / DPI, st.size / DPI), dpi=DPI)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, st.size)
    ax.set_ylim(0, st.size)
    ax.set_axis_off()
    for f in d.fills:
        ax.fill(f.rings[0][:, 0], f.rings[0][:, 1], color=f.rgb, alpha=st.opacity, linewidth=0)
    for line in d.strokes:
        ax.plot(line[:, 0], line[:, 1], color="black", linewidth=st.line_width)
    for line in d.marks + d.dashed:
        ax.plot(line[:, 0], line[:, 1], color="black", linewidth=st.line_width * 0.8)
    for lab in d.labels:
        ax.text(lab.x, lab.y, lab.text, ha="center", va="center", fontsize=st.font_size, color=LABEL_COLOURS[lab.role])
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=DPI)
    return buf.getvalue()


def rate(fn, items, seconds: float) -> float:
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for scene, ann in items:
            fn(scene, ann)
            n += 1
    return n / (time.perf_counter() - start)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="time per measured path")
    args = ap.parse_args()
    renderer = Renderer()
    items, layout_times = [], []
    for path in sorted((ROOT / "examples").glob("*.geo")):
        sol = solve(parse_file(path))
        try:
            layout(sol)
        except LayoutError:
            continue
        t = time.perf_counter()
        for seed in range(5):
            scene = layout(sol, seed=seed)
        layout_times.append((time.perf_counter() - t) / 5)
        for style in ("coordinate", "individual"):
            items.append((scene, Annotation.build(scene, sol, style, "image")))
    renderer.png_bytes(*items[0])  # warm caches (fonts, text sizes) for both paths alike
    naive_png(renderer, *items[0])
    naive = rate(lambda s, a: naive_png(renderer, s, a), items, args.seconds)
    fast = rate(renderer.png_bytes, items, args.seconds)
    t = time.perf_counter()
    for scene, ann in items:
        renderer.compose(scene, ann)
    compose_ms = (time.perf_counter() - t) / len(items) * 1000
    lay = sum(layout_times) / len(layout_times) * 1000
    print(f"scenes: {len(items)} ({len(layout_times)} examples x 2 annotation styles), 512 px, 1 core")
    print(f"naive matplotlib : {naive:7.1f} PNG/s")
    print(f"renderer         : {fast:7.1f} PNG/s   ({fast / naive:.2f}x naive)")
    print(f"  of which compose (layout of labels, marks): {compose_ms:.2f} ms/figure")
    print(f"layout           : {lay:7.2f} ms/problem   -> layout + render {1000 / (lay + 1000 / fast):.1f} figures/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
