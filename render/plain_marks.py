"""A plain figure (``render.plain``) with a textbook's marks drawn over it: right-angle squares,
parallel arrows (one or two chevrons a group) and equal-length ticks (one to four a group).

Marks are drawn two pixels wide, so a reader that opens away thin strokes (``evaluate.backends.
perceiver``) finds the same dots and letters as on the unmarked figure.  ``marks`` is plain data:
``{"right": [[V, A, B], ...], "parallel": [[[A, B], [C, D]], ...], "equal": [[[A, B], ...], ...]}``
(the right angle AVB; each group's segments by their end points)."""
from __future__ import annotations

import math

import numpy as np

from .plain import render_rgba, to_pixels
from .png import encode_png
from .scene import Scene

SQUARE_PX = 15.0
TICK_PX = 6.0  # half a tick's length
ARROW_PX = 8.0
ARROW_AT = 0.3  # along the stroke: clear of the ticks at a segment's middle
WIDTH = 2


def render_marked_png(scene: Scene, marks: dict, size: int = 512) -> bytes:
    """The plain figure with ``marks`` drawn: a grayscale PNG like ``plain.render_png``'s."""
    from PIL import Image, ImageDraw

    img = Image.fromarray(np.ascontiguousarray(render_rgba(scene, size)[:, :, :3]))
    pen = ImageDraw.Draw(img)
    px = {k: (x, size - y) for k, (x, y) in to_pixels(scene, size).items()}  # image rows down

    def stroke(points) -> None:
        pen.line([(float(x), float(y)) for x, y in points], fill=(0, 0, 0), width=WIDTH)

    for v, a, b in marks.get("right", ()):
        u, w = _unit(px[v], px[a]), _unit(px[v], px[b])
        c = px[v]
        stroke([_at(c, u, SQUARE_PX), _at(_at(c, u, SQUARE_PX), w, SQUARE_PX), _at(c, w, SQUARE_PX)])
    for k, group in enumerate(marks.get("parallel", ())):
        ref = _unit(px[group[0][0]], px[group[0][1]])
        for a, b in group:
            u = _unit(px[a], px[b])
            if u[0] * ref[0] + u[1] * ref[1] < 0:
                u = (-u[0], -u[1])
            mid = (px[a][0] + (px[b][0] - px[a][0]) * ARROW_AT, px[a][1] + (px[b][1] - px[a][1]) * ARROW_AT)
            for j in range(k + 1):
                tip = _at(mid, u, ARROW_PX * (j - k / 2))
                back = _at(tip, u, -ARROW_PX)
                n = (-u[1], u[0])
                stroke([_at(back, n, ARROW_PX * 0.7), tip, _at(back, n, -ARROW_PX * 0.7)])
    for k, group in enumerate(marks.get("equal", ())):
        for a, b in group:
            u = _unit(px[a], px[b])
            n = (-u[1], u[0])
            mid = ((px[a][0] + px[b][0]) / 2, (px[a][1] + px[b][1]) / 2)
            for j in range(k + 1):
                c = _at(mid, u, 4.0 * (j - k / 2))
                stroke([_at(c, n, TICK_PX), _at(c, n, -TICK_PX)])
    rgba = np.asarray(img.convert("RGBA"))
    return encode_png(rgba, gray=True)


def _unit(p, q) -> tuple[float, float]:
    d = math.dist(p, q) or 1.0
    return (q[0] - p[0]) / d, (q[1] - p[1]) / d


def _at(p, u, t: float) -> tuple[float, float]:
    return p[0] + u[0] * t, p[1] + u[1] * t
