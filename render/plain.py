"""Plain black line figures with point letters, as in VisOnlyQA's SyntheticGeometry.

A scene (points, drawn strokes, circles) is fitted into a square image with a margin, strokes
drawn black, points as small dots, and each letter put where it is clearest of strokes, dots
and other letters (12 directions around its point).  ``glyph`` gives the very pixels a letter
is drawn with, so a reader of the image (``evaluate.perceiver``) can match them.
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np
from .draw import Renderer, _Brush
from .mpl import Circle, LineCollection
from .png import encode_png
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


def label_positions(scene: Scene, size: int) -> dict[str, tuple[float, float]]:
    """Where each point's letter goes (pixels, y up): the clearest of 12 places around it.

    A place's score is its least clearance: from every stroke, circle and dot, from letters placed
    before (weighted 0.7) and from the image's edge (weighted 1.5); the first best place wins.  All
    12 places of a point are scored at once (numpy), the same formula as one at a time."""
    scale, dx, dy = fit(scene, size)
    px = to_pixels(scene, size)
    seg = np.array([(*px[a], *px[b]) for a, b in scene.segments], dtype=float).reshape(-1, 4)
    rings = np.array([(a.centre[0] * scale + dx, a.centre[1] * scale + dy, a.radius * scale) for a in scene.arcs],
                     dtype=float).reshape(-1, 3)
    dots = np.array(list(px.values()), dtype=float).reshape(-1, 2)
    ax, ay = seg[:, 0], seg[:, 1]
    vx, vy = seg[:, 2] - ax, seg[:, 3] - ay
    n2 = vx * vx + vy * vy
    inv = np.divide(1.0, n2, out=np.zeros_like(n2), where=n2 != 0)
    t_dir = 2 * np.pi * np.arange(DIRECTIONS) / DIRECTIONS + np.pi / 4
    offsets = np.column_stack((LABEL_GAP * np.cos(t_dir), LABEL_GAP * np.sin(t_dir)))
    placed: dict[str, tuple[float, float]] = {}
    for name in sorted(scene.points):
        c = np.asarray(px[name]) + offsets  # 12 × 2
        cx, cy = c[:, :1], c[:, 1:]
        t = np.clip(((cx - ax) * vx + (cy - ay) * vy) * inv, 0.0, 1.0)
        parts = [np.hypot(cx - ax - t * vx, cy - ay - t * vy),
                 np.abs(np.hypot(cx - rings[:, 0], cy - rings[:, 1]) - rings[:, 2]),
                 np.hypot(cx - dots[:, 0], cy - dots[:, 1])]
        if placed:
            done = np.array(list(placed.values()))
            parts.append(np.hypot(cx - done[:, 0], cy - done[:, 1]) * 0.7)
        parts.append(np.minimum(np.minimum(cx, cy), np.minimum(size - cx, size - cy)) * 1.5)
        score = np.concatenate(parts, axis=1).min(axis=1)
        best, best_score = 0, -1.0
        for k in range(DIRECTIONS):  # (the first best: a later place must beat it by more than 1e-9)
            if score[k] > best_score + 1e-9:
                best, best_score = k, score[k]
        placed[name] = (float(c[best, 0]), float(c[best, 1]))
    return placed


def render_png(scene: Scene, size: int = 512) -> bytes:
    """The scene as a plain black line figure with point letters: a grayscale PNG (every pixel is a
    gray, so nothing is lost, and deflating a third of the bytes took 5 of the 14 ms RGB took)."""
    return encode_png(_pen(size).render(scene), gray=True)


def render_rgba(scene: Scene, size: int = 512) -> np.ndarray:
    """The figure's pixels (size × size × 4, row 0 at the top).

    On the GeomVerse renderer's fast path (``draw.Renderer``): one figure per size for the whole
    process, a few reused artists drawn straight onto the Agg buffer (no Figure, Axes or Text per
    image), and letters composited from FreeType bitmaps rendered once per letter.  A new Figure
    with a Line2D per stroke, a patch per dot and a Text per letter cost ~50 ms a figure."""
    return _pen(size).render(scene).copy()


class _Pen:
    """The reused artists of one image size: strokes, a whole circle and a dot, on a Renderer's canvas
    (whose label bitmaps give the letters), each drawn by replaying its recorded Agg call
    (``draw._Brush``: the artists' own pixels, without their per-draw set-up)."""

    def __init__(self, size: int):
        self.size = size
        self.renderer = Renderer(size=size, line_width=LINE_PX * 0.72, font_size=FONT_PX * 0.72)
        ax, canvas = self.renderer.ax, self.renderer.canvas
        lw = LINE_PX * 0.72
        self.strokes = LineCollection([], colors=["black"], linewidths=lw, capstyle="round", joinstyle="round")
        ax.add_collection(self.strokes, autolim=False)
        self.ring = ax.add_patch(Circle((0, 0), 1, fill=False, edgecolor="black", linewidth=lw))
        self.dot = ax.add_patch(Circle((0, 0), 1, color="black", linewidth=0))
        agg = canvas.get_renderer()
        self._strokes, self._ring, self._dot = (_Brush(a, agg) for a in (self.strokes, self.ring, self.dot))
        self._black = tuple(self.dot.get_facecolor())
        self.lw = lw

    def render(self, scene: Scene) -> np.ndarray:
        """The scene's pixels: a view of the canvas, valid until the next figure."""
        size = self.size
        scale, dx, dy = fit(scene, size)
        px = to_pixels(scene, size)
        strokes = [(px[a], px[b]) for a, b in scene.segments]
        rings = []
        for arc in scene.arcs:
            c, r = (arc.centre[0] * scale + dx, arc.centre[1] * scale + dy), arc.radius * scale
            if arc.sweep >= 360 - 1e-9:
                rings.append((c, r))
            else:
                t = np.radians(np.linspace(arc.start, arc.start + arc.sweep, 181))
                strokes.append(np.column_stack((c[0] + r * np.cos(t), c[1] + r * np.sin(t))))
        return self.paint(strokes, rings, list(px.values()), label_positions(scene, size))

    def paint(self, strokes: list, rings: list, dots: list, letters: dict[str, tuple[float, float]]) -> np.ndarray:
        r = self.renderer.canvas.get_renderer()
        buf = np.asarray(r.buffer_rgba())
        buf.fill(255)  # (an opaque white page: clearing it first would be overwritten)
        if strokes:
            self._strokes.lines(r, strokes)
        for brush, patch, face, circles in ((self._ring, self.ring, None, rings),
                                            (self._dot, self.dot, self._black, [(c, DOT_PX) for c in dots])):
            for c, radius in circles:
                patch.set_center(c)  # (the patch computes its transform as its draw would)
                patch.set_radius(radius)
                brush.fill(r, patch.get_path(), face, patch.get_transform().get_affine())
        for name, (x, y) in letters.items():
            self.renderer.paste(buf, name, x, y, (0.0, 0.0, 0.0))
        return buf


@lru_cache(maxsize=4)
def _pen(size: int) -> _Pen:
    return _Pen(size)


@lru_cache(maxsize=64)
def glyph(letter: str) -> np.ndarray:
    """The ink (0..1, rows top down) of ``letter`` exactly as ``render_png`` draws it, cropped."""
    ink = _pen(64).renderer.ink(letter)
    rows, cols = np.flatnonzero(ink.max(axis=1) > 0.05), np.flatnonzero(ink.max(axis=0) > 0.05)
    return ink[rows[0]:rows[-1] + 1, cols[0]:cols[-1] + 1].astype(float)
