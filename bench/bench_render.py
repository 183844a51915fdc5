"""Figures per second: the naive matplotlib path against the renderer, same scenes, one run.

naive     a new Figure per image, fills/lines/texts added with the plotting API,
          ``savefig(format="png")`` (default zlib level) — what a first version does;
renderer  ``render.draw.Renderer.png_bytes``: one Figure whose artists' Agg calls are recorded
          once and replayed per figure, label bitmaps composited onto the Agg buffer, RGB PNG
          at zlib level 1.
Both draw the same composed drawing (fills, strokes, marks, labels) of every
example, in both annotation styles.  Also reported: layout time per problem.

``--generated N`` also times what the generator pays per figure on N depth-3
problems drawn as ``generate`` draws them (problems, solutions and layouts are
made before the clock starts): ``Annotation.build`` + compose + draw + PNG, split
into its parts, once with a fresh renderer (every label text new to its caches,
as at the start of a worker) and once warm.

    python bench/bench_render.py [--seconds 3] [--generated 150]
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
from geomill.dsl import parse_file  # noqa: E402
from geomill.render.annotate import Annotation  # noqa: E402
from geomill.render.compose import DPI  # noqa: E402
from geomill.render.draw import LABEL_COLOURS, Renderer  # noqa: E402
from geomill.render.layout import LayoutError, layout  # noqa: E402
from geomill.solvers import solve  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402


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
    for line in d.marks + d.dashed + getattr(d, "leaders", []):
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


def generated_problems(n: int, depth: int = 3, seed: int = 1) -> list:
    """(solution, scene) of ``n`` depth-``depth`` problems as the generator draws them (default knobs)."""
    import random
    import warnings

    from geomill.dsl import format_problem, parse
    from geomill.generate.geomverse.backward import Infeasible, draw
    from geomill.generate.geomverse.config import GenConfig
    from geomill.generate.geomverse.pipeline import planner

    cfg = GenConfig(depth=depth)
    pl = planner(cfg.pool)
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        try:
            d = draw(cfg, pl, rng, rng.choice(["side", "angle", "area", "perimeter"]), depth, 0.0, 0.0)
        except Infeasible:
            continue
        sol = solve(parse(format_problem(d.problem)))
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", RuntimeWarning)
                scene = layout(sol, seed=len(out))
        except LayoutError:
            continue
        out.append((sol, scene))
    return out


def time_generated(n: int) -> None:
    """Per-figure ms on generated depth-3 problems, both annotation styles, cold and warm caches."""
    from geomill.render.png import encode_png

    problems = generated_problems(n)
    for style in ("coordinate", "individual"):
        renderer = Renderer()
        cases = [(sol, scene, style) for sol, scene in problems]
        for label in ("cold", "warm"):
            build = comp = paint = png = 0.0
            for sol, scene, st in cases:
                t0 = time.perf_counter()
                ann = Annotation.build(scene, sol, st, "image")
                t1 = time.perf_counter()
                d = renderer.compose(scene, ann)
                t2 = time.perf_counter()
                if hasattr(renderer, "paint"):  # the figure as the generator draws it
                    renderer.paint(d)
                elif hasattr(renderer, "_paint"):  # (older versions: png_bytes's parts)
                    renderer._apply(d)
                    renderer._paint(d)
                else:
                    renderer._apply(d)
                    renderer.canvas.draw()
                t3 = time.perf_counter()
                encode_png(renderer.rgba())
                t4 = time.perf_counter()
                build, comp, paint, png = build + t1 - t0, comp + t2 - t1, paint + t3 - t2, png + t4 - t3
            k = 1000 / len(cases)
            total = (build + comp + paint + png) * k
            print(f"generated depth 3, {style:<10} {label}: {total:6.2f} ms/figure  (build {build * k:.2f}, "
                  f"compose {comp * k:.2f}, draw {paint * k:.2f}, png {png * k:.2f})")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="time per measured path")
    ap.add_argument("--generated", type=int, default=0, metavar="N",
                    help="also time N generated depth-3 problems (build + compose + draw + PNG)")
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
    print(f"examples         : {1000 / fast:7.2f} ms/figure (renderer), {1000 / naive:.2f} ms/figure (naive)")
    if args.generated:
        time_generated(args.generated)
    return 0


if __name__ == "__main__":
    sys.exit(main())
