"""The plain figure renderer (perception sets): its fast path draws what matplotlib's ordinary path
draws, its PNG holds exactly its pixels, and ``glyph`` is the very ink of its letters."""
from __future__ import annotations

import io

import numpy as np
import pytest
from geomill.generate.geomverse.pipeline import Tally
from geomill.generate.perception.sets import PerceptionConfig, make_record
from geomill.render import plain
from geomill.render.scene_io import scene_from_dict
from matplotlib.figure import Figure
from matplotlib.patches import Circle
from PIL import Image


def _scenes(n: int = 3):
    for task in ("triangle", "diameter", "intersect"):
        cfg = PerceptionConfig(task=task, lines=(3, 8), images=False).validate()
        for i in range(n):
            yield scene_from_dict(make_record(cfg, "t", task, i, Tally())[0]["scene"])


def _reference(scene, size: int) -> np.ndarray:
    """The figure the ordinary way (a new Figure, a Line2D per stroke, patches, Text artists): the
    renderer before its fast path, kept here as the independent reference."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    fig = Figure(figsize=(size / 100, size / 100), dpi=100, facecolor="white")
    canvas = FigureCanvasAgg(fig)
    ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
    ax.set_xlim(0, size)
    ax.set_ylim(0, size)
    ax.set_axis_off()
    scale, dx, dy = plain.fit(scene, size)
    px = plain.to_pixels(scene, size)
    lw = plain.LINE_PX * 0.72
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
        ax.add_patch(Circle((x, y), plain.DOT_PX, color="black", linewidth=0))
    for name, (x, y) in plain.label_positions(scene, size).items():
        ax.text(x, y, name, fontsize=plain.FONT_PX * 0.72, ha="center", va="center", color="black")
    canvas.draw()
    return np.asarray(canvas.buffer_rgba())[:, :, 0].astype(int)


@pytest.mark.parametrize("size", [256, 512])
def test_fast_path_draws_what_matplotlib_draws(size):
    """Strokes, circles and dots: the same pixels (to 1/255).  Letters: the same ink, each placed at
    its whole pixel (Agg places text at sub-pixel positions, so their edges differ)."""
    for scene in _scenes():
        fast = plain.render_rgba(scene, size)[:, :, 0].astype(int)
        ref = _reference(scene, size)
        letters = np.zeros(fast.shape, dtype=bool)
        for x, y in plain.label_positions(scene, size).values():
            row, col = size - int(round(y)), int(round(x))
            box = (slice(max(0, row - 10), row + 10), slice(max(0, col - 10), col + 10))
            letters[box] = True
            ink_fast, ink_ref = (255 - fast[box]).sum(), (255 - ref[box]).sum()
            assert abs(ink_fast - ink_ref) <= 0.02 * ink_ref
        assert np.abs(fast - ref)[~letters].max() <= 2


def test_png_is_grayscale_and_exactly_the_pixels():
    for scene in _scenes(2):
        rgba = plain.render_rgba(scene, 300)
        assert (rgba[:, :, 0] == rgba[:, :, 1]).all() and (rgba[:, :, 1] == rgba[:, :, 2]).all()
        img = Image.open(io.BytesIO(plain.render_png(scene, 300)))
        assert img.mode == "L" and img.size == (300, 300)
        assert np.array_equal(np.asarray(img), rgba[:, :, 0])
        assert np.array_equal(np.asarray(img.convert("RGB")), rgba[:, :, :3])


def test_glyph_is_the_ink_a_letter_is_drawn_with():
    """A letter drawn alone at a whole-pixel place leaves exactly the glyph's ink (to 1/255)."""
    pen = plain._pen(128)
    for letter in "AMQW":
        buf = pen.paint([], [], [], {letter: (64.0, 64.0)})
        ink = 1.0 - buf[:, :, 0].astype(float) / 255.0
        rows, cols = np.flatnonzero(ink.max(axis=1) > 0.05), np.flatnonzero(ink.max(axis=0) > 0.05)
        drawn = ink[rows[0]:rows[-1] + 1, cols[0]:cols[-1] + 1]
        g = plain.glyph(letter)
        assert drawn.shape == g.shape and np.abs(drawn - g).max() <= 1 / 255 + 1e-9


@pytest.mark.parametrize("shape", [(64, 64), (40, 90), (90, 40)])
def test_paste_clips_at_every_edge_of_any_buffer(shape):
    """A label pasted across an edge (or wholly outside) draws exactly the part of it inside: the
    same pixels as pasting into a larger buffer and cutting the buffer out of it."""
    from geomill.render.draw import Renderer

    r = Renderer(size=128)
    h, w = shape
    pad = 60
    for x, y in [(-3, h / 2), (w + 2, h / 2), (w / 2, -4), (w / 2, h + 3), (0, 0), (w, h), (w + 80, h + 80),
                 (-80, -80), (w / 2, h / 2)]:
        small = np.full((h, w, 4), 255, dtype=np.uint8)
        big = np.full((h + 2 * pad, w + 2 * pad, 4), 255, dtype=np.uint8)
        r.paste(small, "AB 12", x, y, (0.0, 0.0, 0.0))
        r.paste(big, "AB 12", x + pad, y + pad, (0.0, 0.0, 0.0))
        assert np.array_equal(small, big[pad:pad + h, pad:pad + w]), (shape, x, y)
