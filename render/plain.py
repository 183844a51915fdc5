"""Plain black line figures with point letters, as in VisOnlyQA's SyntheticGeometry.

A scene (points, drawn strokes, circles) is fitted into a square image with a margin, strokes
drawn black, points as small dots, and each letter put where it is clearest of strokes, dots
and other letters (12 directions around its point).  ``glyph`` gives the very pixels a letter
is drawn with, so a reader of the image (``evaluate.perceiver``) can match them.
"""
from __future__ import annotations

import math
from functools import lru_cache

import numpy as np
from matplotlib.figure import Figure
from matplotlib.patches import Circle

from .draw import encode_png
from .scene import Scene

FONT_PX = 15.0  # letter height in pixels
LINE_PX = 2.0
DOT_PX = 3.5  # dot radius
MARGIN = 0.09  # of the image on each side
LABEL_GAP = 13.0  # letter centre to its point, pixels
DIRECTIONS = 12


def fit(scene: Scene, size: int) -> tuple[float, float, float]:
    """(scale, dx, dy): pixel = (x * scale + dx, y * scale + dy), y up, the scene centred."""
    xs = [p[0] for p in scene.points.values()] + [a.centre[0] + s * a.radius for a in scene.arcs for s in (-1, 1)]
    ys = [p[1] for p in scene.points.values()] + [a.centre[1] + s * a.radius for a in scene.arcs for s in (-1, 1)]
    w, h = max(max(xs) - min(xs), 1e-9), max(max(ys) - min(ys), 1e-9)
    inner = size * (1 - 2 * MARGIN)
    scale = inner / max(w, h)
    dx = (size - w * scale) / 2 - min(xs) * scale
    dy = (size - h * scale) / 2 - min(ys) * scale
    return scale, dx, dy


def to_pixels(scene: Scene, size: int) -> dict[str, tuple[float, float]]:
    scale, dx, dy = fit(scene, size)
    return {k: (x * scale + dx, y * scale + dy) for k, (x, y) in scene.points.items()}


def _seg_dist(p, a, b) -> float:
    ax, ay = a
    vx, vy = b[0] - ax, b[1] - ay
    n2 = vx * vx + vy * vy
    t = 0.0 if n2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * vx + (p[1] - ay) * vy) / n2))
    return math.hypot(p[0] - ax - t * vx, p[1] - ay - t * vy)


def label_positions(scene: Scene, size: int) -> dict[str, tuple[float, float]]:
    """Where each point's letter goes (pixels, y up): the clearest of 12 places around it."""
    scale, dx, dy = fit(scene, size)
    px = to_pixels(scene, size)
    segs = [(px[a], px[b]) for a, b in scene.segments]
    circles = [((a.centre[0] * scale + dx, a.centre[1] * scale + dy), a.radius * scale) for a in scene.arcs]
    placed: dict[str, tuple[float, float]] = {}
    for name in sorted(scene.points):
        x, y = px[name]
        best, best_score = None, -1.0
        for k in range(DIRECTIONS):
            t = 2 * math.pi * k / DIRECTIONS + math.pi / 4
            c = (x + LABEL_GAP * math.cos(t), y + LABEL_GAP * math.sin(t))
            score = min([_seg_dist(c, a, b) for a, b in segs]
                        + [abs(math.dist(c, o) - r) for o, r in circles]
                        + [math.dist(c, p) for p in px.values()]
                        + [math.dist(c, p) * 0.7 for p in placed.values()]
                        + [min(c[0], c[1], size - c[0], size - c[1]) * 1.5], default=size)
            if score > best_score + 1e-9:
                best, best_score = c, score
        placed[name] = best
    return placed


def _figure(size: int):
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    fig = Figure(figsize=(size / 100, size / 100), dpi=100, facecolor="white")
    canvas = FigureCanvasAgg(fig)
    ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
    ax.set_xlim(0, size)
    ax.set_ylim(0, size)
    ax.set_axis_off()
    return fig, ax, canvas


def _text(ax, x: float, y: float, s: str) -> None:
    # FONT_PX pixels at dpi 100: points = px * 72 / 100
    ax.text(x, y, s, fontsize=FONT_PX * 0.72, ha="center", va="center", color="black", family="DejaVu Sans")


def render_png(scene: Scene, size: int = 512) -> bytes:
    """The scene as a plain black line figure with point letters."""
    return encode_png(render_rgba(scene, size))


def render_rgba(scene: Scene, size: int = 512) -> np.ndarray:
    fig, ax, canvas = _figure(size)
    scale, dx, dy = fit(scene, size)
    px = to_pixels(scene, size)
    lw = LINE_PX * 0.72
    for a, b in scene.segments:
        ax.plot([px[a][0], px[b][0]], [px[a][1], px[b][1]], color="black", linewidth=lw, solid_capstyle="round")
    for arc in scene.arcs:
        c = (arc.centre[0] * scale + dx, arc.centre[1] * scale + dy)
        if arc.sweep >= 360 - 1e-9:
            ax.add_patch(Circle(c, arc.radius * scale, fill=False, edgecolor="black", linewidth=lw))
        else:
            t = np.radians(np.linspace(arc.start, arc.start + arc.sweep, 181))
            ax.plot(c[0] + arc.radius * scale * np.cos(t), c[1] + arc.radius * scale * np.sin(t), color="black",
                    linewidth=lw)
    for x, y in px.values():
        ax.add_patch(Circle((x, y), DOT_PX, color="black", linewidth=0))
    for name, (x, y) in label_positions(scene, size).items():
        _text(ax, x, y, name)
    canvas.draw()
    return np.asarray(canvas.buffer_rgba()).copy()


@lru_cache(maxsize=64)
def glyph(letter: str) -> np.ndarray:
    """The ink (0..1, rows top down) of ``letter`` exactly as ``render_png`` draws it, cropped."""
    size = 64
    fig, ax, canvas = _figure(size)
    _text(ax, size / 2, size / 2, letter)
    canvas.draw()
    ink = 1.0 - np.asarray(canvas.buffer_rgba())[:, :, 0].astype(float) / 255.0
    rows, cols = np.flatnonzero(ink.max(axis=1) > 0.05), np.flatnonzero(ink.max(axis=0) > 0.05)
    return ink[rows[0]:rows[-1] + 1, cols[0]:cols[-1] + 1]
