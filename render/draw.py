"""Drawing a composed scene with matplotlib, fast enough for mass production.

One Agg renderer and a few artists live as long as the Renderer.  A PNG
figure draws no artist: each artist's Agg call (graphics context, transforms)
is recorded once and replayed with the figure's paths (``_Brush``), and labels
are pasted bitmaps; SVG output sets and draws real artists, in a Figure whose
one Axes spans the whole canvas with limits ``0..size``, so the composed pixel
coordinates *are* display coordinates.  The artists carry that Axes' data
transform and clip box from the start (``_page``, computed as matplotlib
computes them), so a PNG needs no Figure: it is made, and ``matplotlib.figure``
imported, only where one is asked for (``Renderer.fig``: SVG, the perception
figures), a fifth of ``geomill render``'s matplotlib start-up.  PNG encoding is ``render.png``'s, from the RGBA
buffer as it is.
"""
from __future__ import annotations

import io
import math
from dataclasses import dataclass
from pathlib import Path as FsPath

import numpy as np

from .mpl import (FontProperties, LineCollection, Path, PathPatch, Rectangle, RendererAgg, Text, figure_parts,
                  fontManager, get_font, get_hinting_flag, to_rgba)

from .annotate import Annotation  # noqa: I001 (matplotlib through .mpl first: compose imports it too)
from .colours import FILL_OPACITY, legible, linear
from .compose import DPI, Drawing, Style, compose
from .labels import Placed
from .png import encode_png
from .scene import Scene

STROKE = (0.0, 0.0, 0.0)
LEADER = (0.3, 0.3, 0.3)
LABEL_COLOURS = {"point": (0.0, 0.0, 0.0), "side": (0.05, 0.05, 0.45), "angle": (0.45, 0.05, 0.05),
                 "shape": (0.1, 0.1, 0.1), "arc": (0.1, 0.1, 0.1)}


@dataclass
class Rendered:
    """The pixels and what they were drawn from (for the raster check)."""

    rgba: np.ndarray  # size × size × 4, row 0 at the top
    drawing: Drawing
    text_boxes: list[tuple[float, float, float, float]]  # actual rendered extents, display pixels


class Renderer:
    """One Figure and pools of artists for many figures (see the module docstring).

    PNG: shapes and strokes are drawn by replaying the few artists' recorded Agg calls
    (``_Brush``: no Figure/Axes traversal, no artist draw), then every label is
    composited from a cached coverage bitmap (rendered once per text and size by
    FreeType through matplotlib's font objects, see ``_label``), because drawing a
    Text artist costs ~0.3 ms and a figure has ~17 of them.  SVG keeps real Text
    artists.
    """

    def __init__(self, size: int = 512, opacity: float = FILL_OPACITY, line_width: float = 1.5, font_size: float = 12):
        if not 64 <= size <= 4096:
            raise ValueError("size must be between 64 and 4096 pixels")
        if not 0.0 <= opacity <= 1.0:
            raise ValueError("opacity must be between 0 and 1")
        if not 0.25 <= line_width <= 8.0:
            raise ValueError("line width must be between 0.25 and 8 points")
        if not 6.0 <= font_size <= 36.0:
            raise ValueError("font size must be between 6 and 36 points")
        self.style = Style(int(size), float(opacity), float(line_width), float(font_size))
        self.label_colours = dict(LABEL_COLOURS)  # by role (a plain textbook figure's are all black)
        self.agg = RendererAgg(int(size), int(size), DPI)  # (a Figure's canvas would make this one: see fig)
        self._fig = None
        transform, clip = _page(int(size), int(size))
        self.font = FontProperties(size=self.style.font_size)
        lw = self.style.line_width
        self.strokes = LineCollection([], colors=[STROKE], linewidths=lw, capstyle="round", joinstyle="round", zorder=3)
        self.dashed = LineCollection([], colors=[STROKE], linewidths=lw * 0.8, linestyles=(0, (4, 3)), zorder=3)
        self.marks = LineCollection([], colors=[STROKE], linewidths=lw * 0.8, zorder=3)
        self.leaders = LineCollection([], colors=[LEADER], linewidths=lw * 0.5, zorder=3)
        self._artists = [self.strokes, self.dashed, self.marks, self.leaders]  # (added to the Axes with it: fig)
        for c in self._artists:
            c.set_transform(transform)
            c.set_clip_box(clip)
        self.patches: list[PathPatch] = []
        self.texts: list[Text] = []
        self._labels: dict[tuple[str, float], _Label] = {}
        self._sizes: dict[tuple[str, float], tuple[float, float]] = {}  # boxes measured without ink
        self._line_metrics: dict[float, tuple[float, float]] = {}
        self._coats: dict[tuple[float, float, float], tuple[float, float, float, float]] = {}  # see _on_white
        self._grounds: dict[tuple, tuple[float, float, float]] = {}  # a label colour on a ground (_legible)
        self._font_file = fontManager.findfont(self.font)
        self._extents = _Extents(self._font_file)
        fill = PathPatch(Path([(0, 0), (1, 0), (1, 1)]), linewidth=0, edgecolor="none")
        fill.set_transform(transform)
        fill.set_clip_box(clip)
        self._artists.append(fill)
        self._fill = _Brush(fill, self.agg)  # (the artists go in the Axes too: SVG output draws them)
        fill.set_visible(False)
        self._brushes = {c: _Brush(c, self.agg) for c in (self.strokes, self.dashed, self.marks, self.leaders)}

    # -- the Figure, for SVG output and artists of one's own ---------------------------------------------
    @property
    def fig(self):
        """The Figure, its one Axes holding the renderer's artists as ``_page`` says (made on first use)."""
        if self._fig is None:
            self._fig, self._ax, self._canvas = _figure(self.style.size, self.style.size)
            for a in self._artists:
                a.set_transform(self._ax.transData)  # (the same matrix: the Axes' own object, as add_* would set)
                if isinstance(a, LineCollection):
                    self._ax.add_collection(a, autolim=False)
                else:
                    self._ax.add_patch(a)
            self._canvas.draw()  # settles transforms and fonts once
            agg = self._canvas.get_renderer()  # (the canvas's renderer from now on: what was painted comes along)
            np.asarray(agg.buffer_rgba())[...] = np.asarray(self.agg.buffer_rgba())
            self.agg = agg
        return self._fig

    @property
    def ax(self):
        self.fig  # noqa: B018 - made on first use
        return self._ax

    @property
    def canvas(self):
        self.fig  # noqa: B018 - made on first use
        return self._canvas

    # -- text metrics -----------------------------------------------------------------------------
    def text_size(self, s: str, size: float | None = None) -> tuple[float, float]:
        """The extent (w, h) in pixels of a label at ``size`` points (default the style's): the box
        matplotlib's own Text would have (a test holds the two equal), cached.

        A string not drawn yet is measured from cached glyph metrics (``_Extents``) where it can
        be: most strings measured are never drawn (the smaller type sizes a search tries, labels
        of refused figures), and FreeType's layout of a new string cost ~0.7 ms."""
        size = self.style.font_size if size is None else float(size)
        key = (s, size)
        lab = self._labels.get(key)
        if lab is not None:
            return lab.w, lab.h
        got = self._sizes.get(key)
        if got is None:
            ink = self._extents.ink(s, size)
            if ink is None:
                lab = self._label(s, size)
                return lab.w, lab.h
            if len(self._sizes) > CACHE_LIMIT:
                self._sizes.clear()
            got = self._sizes[key] = self._box(size, *ink)
        return got

    def _box(self, size: float, w: float, ink_h: float, ink_d: float) -> tuple[float, float]:
        """A label's box (w, h) from its ink's advance width, height and descent (pixels): its ascent
        and descent at least the font's line metrics at ``size``."""
        ascent, descent = self._metrics(size)
        return w, max(ink_h - ink_d, ascent) + max(ink_d, descent)

    def _label(self, text: str, size: float) -> _Label:
        """A label's box and ink, from one FreeType layout of the string.

        The box is matplotlib's single-line Text box: the string's advance width, and its ascent
        and descent but at least the font's line metrics (read once per size from a real Text,
        see ``_metrics``).  The ink is FreeType's own coverage bitmap, laid out as Agg lays out
        text (pen at the box's left edge, baseline at its descent), at whole pixels because label
        centres are.  One label costs ~0.15 ms this way against ~1.1 ms through a Text artist's
        layout and draw, and new number labels miss the cache about once a figure."""
        key = (text, size)
        got = self._labels.get(key)
        if got is not None:
            return got
        if len(self._labels) > CACHE_LIMIT:
            self._labels.clear()
        _, descent = self._metrics(size)
        composed = self._extents.bitmap(text, size)
        if composed is not None:  # (from cached glyph bitmaps: see _Extents.bitmap)
            img, r0, c0, (w, ink_h, ink_d), x_min = composed
        else:
            font = get_font(self._font_file)
            font.clear()
            font.set_size(size, DPI)
            font.set_text(text, 0.0, flags=get_hinting_flag())
            w, ink_h = (v / 64 for v in font.get_width_height())
            ink_d = font.get_descent() / 64
            font.draw_glyphs_to_bitmap(antialiased=True)
            img, r0, c0, x_min = np.asarray(font.get_image()), 0, 0, font.get_bitmap_offset()[0]
        w, h = self._box(size, w, ink_h, ink_d)
        d = max(ink_d, descent)
        rows, cols = np.flatnonzero(img.any(axis=1)), np.flatnonzero(img.any(axis=0))
        if not len(rows):
            got = _Label(w, h, np.zeros((0, 0), np.float32), 0, 0)
        else:
            # image row 0 lies (ink ascent + 1) px above the baseline, column 0 at the ink's left bearing
            top = h / 2 - d - (ink_h - ink_d) - 1
            left = -w / 2 + x_min / 64
            alpha = img[rows[0]: rows[-1] + 1, cols[0]: cols[-1] + 1].astype(np.float32) / 255.0
            got = _Label(w, h, alpha, math.floor(top) + r0 + int(rows[0]), math.floor(left) + c0 + int(cols[0]))
        self._labels[key] = got
        return got

    def _metrics(self, size: float) -> tuple[float, float]:
        """The least ascent and descent of a line of text at ``size`` points (pixels), as matplotlib's
        Text lays lines out: measured on a baseline-anchored Text holding a small glyph."""
        got = self._line_metrics.get(size)
        if got is None:
            probe = Text(0, 0, ".", fontproperties=self.font.copy(), ha="left", va="baseline")
            probe.set_figure(self._fig or _Page())
            probe.set_fontsize(size)
            bb = probe.get_window_extent(self.agg)
            base = probe.get_transform().transform((0, 0))[1]
            got = self._line_metrics[size] = (bb.y1 - base, base - bb.y0)
        return got

    # -- drawing ---------------------------------------------------------------------------------------
    def compose(self, scene: Scene, annotation: Annotation) -> Drawing:
        return compose(scene, annotation, self.style, self.text_size)

    def paint(self, d: Drawing) -> None:
        """Draw a composed drawing (``png`` then encodes it): a caller that may refuse a figure composes
        it, checks it, and paints only what it keeps."""
        self._paint(d)

    def _apply(self, d: Drawing) -> None:
        """Point the reused artists at this drawing (the labels are handled per output)."""
        st = self.style
        while len(self.patches) < len(d.fills):
            p = PathPatch(d.fills[0].path, linewidth=0, edgecolor="none", zorder=1)
            self.ax.add_patch(p)
            self.patches.append(p)
        for p, f in zip(self.patches, d.fills):
            p.set_path(f.path)
            p.set_facecolor((*f.rgb, st.opacity))
            p.set_visible(True)
        for p in self.patches[len(d.fills):]:
            p.set_visible(False)
        for c, segments in self._lines(d):
            c.set_segments(segments)
        for t in self.texts:
            t.set_visible(False)

    def _lines(self, d: Drawing) -> tuple[tuple[LineCollection, list], ...]:
        """Each line collection with the drawing's segments for it."""
        return ((self.strokes, d.strokes), (self.dashed, d.dashed), (self.marks, d.marks),
                (self.leaders, d.leaders))

    def _text_artists(self, d: Drawing) -> None:
        """Real Text artists for the labels (vector output)."""
        while len(self.texts) < len(d.labels):
            t = self.ax.text(0, 0, "", fontproperties=self.font.copy(), ha="center", va="center", zorder=4)
            self.texts.append(t)
        for t, lab in zip(self.texts, d.labels):
            t.set_text(lab.text)
            t.set_position((lab.x, lab.y))
            t.set_fontsize(lab.font_size or self.style.font_size)
            t.set_color(self.label_colours[lab.role] if lab.colour is None else lab.colour)
            t.set_visible(True)
        for t in self.texts[len(d.labels):]:
            t.set_visible(False)

    def _paint(self, d: Drawing, strokes_only: bool = False) -> np.ndarray:
        """Fills and strokes straight onto the Agg buffer (``_Brush``: no artist is drawn; a fill over
        nothing but the page in its opaque colour, ``_on_white``), then the labels' bitmaps; the RGBA view."""
        r = self.agg
        buf = np.asarray(r.buffer_rgba())
        coats = [] if strokes_only else [(*f.rgb, f.shade) if f.shade else self._on_white(r, buf, f.rgb) if alone
                                         else (*f.rgb, self.style.opacity) for f, alone in zip(d.fills, d.over_white())]
        buf.fill(255)  # an opaque white page (what clear() would do first, transparent, is overwritten)
        for f, rgba in zip(d.fills, coats):  # (none with ``strokes_only``)
            self._fill.fill(r, f.path, rgba)
        for c, segments in self._lines(d):
            if len(segments):
                self._brushes[c].lines(r, segments)
        if not strokes_only:
            grounds = self._grounds_of(buf, d.labels)  # (all read before any label is pasted)
            for lab, ground in zip(d.labels, grounds):
                lab.colour = self._legible(self.label_colours[lab.role], ground)
                self._blit(buf, lab)
        return buf

    def _ground(self, buf: np.ndarray, lab: Placed) -> float:
        """The luminance of what lies under a label's box, its darkest 5 % (a box half on a fill reads
        against the fill; a stray pixel of a stroke's edge does not count), read off every other pixel."""
        x0, y0, x1, y1 = lab.box
        height, width = buf.shape[:2]
        r0, r1 = max(0, height - math.ceil(y1)), min(height, height - math.floor(y0))
        c0, c1 = max(0, math.floor(x0)), min(width, math.ceil(x1))
        if r1 <= r0 or c1 <= c0:
            return 1.0
        region = buf[r0:r1:2, c0:c1:2]  # (every other pixel each way: a fill covers many, a stroke's edge few)
        lum = (_LUMA[0][region[..., 0]] + _LUMA[1][region[..., 1]] + _LUMA[2][region[..., 2]]).ravel()
        k = len(lum) // 20
        return float(np.partition(lum, k)[k])

    def _grounds_of(self, buf: np.ndarray, labels: list[Placed]) -> list[float]:
        """``_ground`` of every label, their pixels' luminances looked up in one pass.

        FAST PATH: the plain version is ``_ground`` per label (``tests/test_render_draw.py`` holds them
        equal): the same pixels, the same sums in the same order, one lookup for all the labels."""
        height, width = buf.shape[:2]
        parts, out = [], []
        for lab in labels:
            x0, y0, x1, y1 = lab.box
            r0, r1 = max(0, height - math.ceil(y1)), min(height, height - math.floor(y0))
            c0, c1 = max(0, math.floor(x0)), min(width, math.ceil(x1))
            if r1 <= r0 or c1 <= c0:
                out.append(None)
                continue
            parts.append(buf[r0:r1:2, c0:c1:2, :3].reshape(-1, 3))
            out.append(len(parts[-1]))
        if not parts:
            return [1.0] * len(labels)
        px = np.concatenate(parts)
        lum = _LUMA[0][px[:, 0]] + _LUMA[1][px[:, 1]] + _LUMA[2][px[:, 2]]
        start = 0
        for i, n in enumerate(out):
            if n is None:
                out[i] = 1.0
                continue
            k = n // 20
            out[i] = float(np.partition(lum[start: start + n], k)[k])
            start += n
        return out

    def _legible(self, rgb: tuple[float, float, float], ground: float) -> tuple[float, float, float]:
        """The label colour ``rgb`` made legible on a ground of this luminance (``colours.legible``), cached."""
        key = (rgb, round(ground, 4))
        got = self._grounds.get(key)
        if got is None:
            if len(self._grounds) > CACHE_LIMIT:
                self._grounds.clear()
            got = self._grounds[key] = legible(rgb, key[1])
        return got

    def _on_white(self, r, buf: np.ndarray, rgb: tuple[float, float, float]) -> tuple[float, float, float, float]:
        """The opaque colour a white pixel takes under ``rgb`` at the style's opacity, fully covered: a fill
        painted over nothing but the page (``Drawing.over_white``) is the same in this colour inside its
        outline, and within one level of 255 on its edge once the outline's stroke is drawn over it (a
        seam of two fills that no stroke covers, within 255·a·(1 - a)/4: ``tests/test_render_draw.py``).
        Why: Agg copies an opaque fill's covered spans but blends a translucent one pixel by pixel, at
        about three times the cost (0.8 against 0.25 ms a generated figure).

        Measured once per colour by painting it (Agg's own rounding, not a formula's), in the corner
        of the buffer that ``_paint`` whitens next."""
        got = self._coats.get(rgb)
        if got is None:
            corner = buf[-12:, :12]
            corner.fill(255)
            square = Path([(1.0, 1.0), (11.0, 1.0), (11.0, 11.0), (1.0, 11.0), (1.0, 1.0)], closed=True)
            self._fill.fill(r, square, (*rgb, self.style.opacity))
            got = self._coats[rgb] = (*(corner[6, 6, :3] / 255.0).tolist(), 1.0)
        return got

    def _blit(self, buf: np.ndarray, lab: Placed) -> None:
        colour = self.label_colours[lab.role] if lab.colour is None else lab.colour
        self.paste(buf, lab.text, lab.x, lab.y, colour, lab.font_size)

    def ink(self, text: str, size: float | None = None) -> np.ndarray:
        """The coverage (0..1, rows top down, cropped to the ink) ``paste`` draws ``text`` with."""
        return self._label(text, self.style.font_size if size is None else float(size)).alpha

    def paste(self, buf: np.ndarray, text: str, x: float, y: float, rgb: tuple[float, float, float],
              size: float | None = None) -> None:
        """Composite ``text`` centred on (x, y) (display pixels, y up; rounded to whole pixels) onto
        the RGBA ``buf`` (rows top down) in colour ``rgb``: its cached FreeType bitmap, no Text artist."""
        bm = self._label(text, self.style.font_size if size is None else float(size))
        if bm.alpha.size == 0:
            return
        height, width = buf.shape[:2]
        r0 = bm.row + (height - int(round(y)))
        c0 = bm.col + int(round(x))
        bh, bw = bm.alpha.shape
        top, left = max(0, -r0), max(0, -c0)  # the part of the bitmap inside the buffer
        bottom, right = min(bh, height - r0), min(bw, width - c0)
        if bottom <= top or right <= left:
            return
        a = bm.alpha[top:bottom, left:right]
        r0, c0 = max(r0, 0), max(c0, 0)
        region = buf[r0: r0 + a.shape[0], c0: c0 + a.shape[1], :3]
        key = tuple(rgb)
        colour = _COLOURS.get(key)
        if colour is None:
            colour = _COLOURS[key] = np.array(key, dtype=np.float32) * 255
        # region + (colour - region) · a + 0.5, rounded down: the same float32 operations in one
        # temporary (~10 labels a figure)
        blend = colour - region
        blend *= a[:, :, None]
        blend += region
        blend += 0.5
        region[...] = blend

    def draw(self, scene: Scene, annotation: Annotation) -> Drawing:
        d = self.compose(scene, annotation)
        self.paint(d)
        return d

    def rgba(self) -> np.ndarray:
        return np.asarray(self.agg.buffer_rgba())

    def png(self) -> bytes:
        """The PNG of the figure last drawn (``draw``)."""
        return encode_png(self.rgba())

    def render(self, scene: Scene, annotation: Annotation, strokes_only: bool = False) -> Rendered:
        """Draw and return the pixels with the drawing and the text extents.

        The extents are the placed boxes: a label's bitmap is drawn in its box's place
        (text_size and the bitmap come from the same FreeType layout)."""
        d = self.compose(scene, annotation)
        img = self._paint(d, strokes_only)
        return Rendered(img.copy(), d, [lab.box for lab in d.labels])

    # -- output -------------------------------------------------------------------------------------------
    def png_bytes(self, scene: Scene, annotation: Annotation) -> bytes:
        return self.figure(scene, annotation)[0]

    def figure(self, scene: Scene, annotation: Annotation) -> tuple[bytes, Drawing]:
        """The PNG and the drawing it shows (its labels, their elements, what still reads wrong)."""
        d = self.draw(scene, annotation)
        return self.png(), d

    def svg_bytes(self, scene: Scene, annotation: Annotation) -> bytes:
        return self._svg(scene, annotation)[0]

    def _svg(self, scene: Scene, annotation: Annotation) -> tuple[bytes, Drawing]:
        d = self.compose(scene, annotation)
        self._paint(d)  # (the labels' colours, legible on what lies under them, are read off the pixels)
        self._apply(d)
        self._text_artists(d)
        buf = io.BytesIO()
        self.fig.savefig(buf, format="svg", dpi=DPI)
        for t in self.texts:
            t.set_visible(False)
        return buf.getvalue(), d

    def image_bytes(self, scene: Scene, annotation: Annotation, path: str | FsPath) -> bytes:
        """The PNG or SVG bytes a file of this name holds (writing it is the caller's: see
        geomill.dataset.files)."""
        return self.image(scene, annotation, path)[0]

    def image(self, scene: Scene, annotation: Annotation, path: str | FsPath) -> tuple[bytes, Drawing]:
        """``image_bytes`` and the drawing they show (its labels, what still reads wrong)."""
        suffix = FsPath(path).suffix.lower()
        if suffix == ".png":
            return self.figure(scene, annotation)
        if suffix == ".svg":
            return self._svg(scene, annotation)
        raise ValueError(f"cannot write {suffix or 'a file without suffix'}: use .png or .svg")


class _Recorder:
    """Stands in for the Agg renderer while an artist draws once: keeps the last drawing call it made
    (its graphics context, transforms and styles) instead of drawing."""

    def __init__(self, agg):
        self._agg = agg
        self.call: tuple | None = None

    def __getattr__(self, name):
        return getattr(self._agg, name)

    def draw_path(self, gc, path, transform, rgbFace=None):
        self.call = ("path", gc, transform)

    def draw_path_collection(self, gc, master_transform, paths, *rest, **kw):
        if len(paths):  # (a collection first calls it with no paths, to learn the signature)
            self.call = ("collection", gc, master_transform, rest, kw)

    def draw_markers(self, gc, marker_path, marker_trans, path, trans, rgbFace=None):
        self.call = ("markers", gc, marker_trans, path, trans, rgbFace)


class _Brush:
    """One artist's drawing calls, replayed straight on the Agg renderer with other paths.

    FAST PATH: the plain version is the artist's own ``draw`` (``tests/test_render_draw.py`` holds
    the pixels equal).

    Why: an artist's ``draw`` spends ~0.2 ms a call making a graphics context, clip box and
    transforms that are the same for every figure (one Axes, limits fixed), against ~0.05 ms
    for Agg to draw the pixels.  So each artist draws once, into a ``_Recorder``, and its calls
    are kept: the graphics context and transforms are matplotlib's own objects, so the pixels
    are exactly the artist's (a test holds the two equal).  A collection of one path is drawn as
    matplotlib draws it, as a marker (``Collection.draw``'s single-path case)."""

    def __init__(self, artist, agg):
        self.size = (agg.width, agg.height)
        if isinstance(artist, LineCollection):
            saved = artist.get_segments()
            one, two = [[(1.0, 1.0), (2.0, 2.0)]], [[(1.0, 1.0), (2.0, 2.0)], [(3.0, 3.0), (4.0, 4.0)]]
            self.single, self.many = (self._record(artist, agg, segments) for segments in (one, two))
            artist.set_segments(saved)
            expected = "collection"
        else:
            self.single = self.many = self._record(artist, agg, None)
            expected = "path"
        if self.many[0] != expected:  # (another matplotlib drawing these artists another way)
            raise RuntimeError(f"{type(artist).__name__} drew with {self.many[0]}, not {expected}: cannot replay")

    @staticmethod
    def _record(artist, agg, segments):
        if segments is not None:
            artist.set_segments(segments)
        rec = _Recorder(agg)
        artist.draw(rec)
        if rec.call is None:
            raise RuntimeError(f"{type(artist).__name__} drew nothing to record")
        return rec.call

    def fill(self, agg, path: Path, rgba: tuple[float, ...] | None, transform=None) -> None:
        """Draw ``path`` as the recorded patch would, its face ``rgba`` (None: none), through
        ``transform`` (default: the recorded one, display pixels for a patch of data coordinates)."""
        _, gc, recorded = self.many
        face = None if rgba is None else to_rgba(rgba)
        agg._renderer.draw_path(gc, path, recorded if transform is None else transform,
                                face if face is not None and face[3] else None)

    def lines(self, agg, segments) -> None:
        """Stroke ``segments`` (polylines, display pixels) as the LineCollection would."""
        plain = Path(_TWO_POINTS)  # (the simplification settings a short open path takes, read once a call)
        paths = [_path(s, plain) for s in segments]
        if len(paths) == 1 and self.single[0] == "markers":
            _, gc, marker_trans, offsets, offset_trf, face = self.single
            ext = paths[0].get_extents(marker_trans)
            if ext.width < self.size[0] and ext.height < self.size[1]:
                agg.draw_markers(gc, paths[0], marker_trans, offsets, offset_trf, face)
                return
        _, gc, master, rest, kw = self.many
        agg.draw_path_collection(gc, master, paths, *rest, **kw)


def _path(line, plain: Path | None = None) -> Path:
    """A polyline's path, closed where it ends where it starts (a whole circle): two round caps meeting there
    leave a 1-px nub.

    FAST PATH: an open polyline shorter than matplotlib's simplification threshold (128 vertices) is made
    with ``plain``'s settings (a path of two vertices made by ``Path``), not by ``Path``'s checks: the same
    vertices, no codes, the same settings (``tests/test_render_draw.py`` holds them equal)."""
    a = np.asarray(line, float)
    n = len(a)
    if n > 3:
        (x0, y0), (x1, y1) = a[0].tolist(), a[-1].tolist()
        if abs(x0 - x1) < 1e-6 and abs(y0 - y1) < 1e-6:
            return Path(a, [Path.MOVETO] + [Path.LINETO] * (n - 2) + [Path.CLOSEPOLY])
    if plain is None or n >= _SIMPLIFY_MIN or a.ndim != 2 or a.shape[1] != 2:
        return Path(a)
    return Path._fast_from_codes_and_verts(a, None, plain)


_TWO_POINTS = np.zeros((2, 2))
_SIMPLIFY_MIN = 128  # vertices from which matplotlib may simplify an open path (``Path._update_values``)


_COLOURS: dict[tuple[float, float, float], np.ndarray] = {}  # a label colour as float32 0..255
# each 8-bit channel's share of WCAG's relative luminance (colours.luminance, one lookup a pixel)
_LUMA = tuple(np.array([w * linear(i / 255) for i in range(256)]) for w in (0.2126, 0.7152, 0.0722))

CACHE_LIMIT = 20000  # label bitmaps/extents kept per renderer (a few MB); cleared when full


class _Extents:
    """A string's ink extents as FreeType lays it out for matplotlib (``set_text``: advance width,
    ink height and descent, pixels), from metrics cached per glyph and per pair of glyphs.

    Why: label strings are new all the time ("perimeter = 59") but made of a few dozen glyphs.
    The layout places each glyph at the previous one's advance plus their pair's kerning, and
    the ink's height is the union of the glyphs' boxes; so a string's width is the sum of its
    glyphs' advances and its pairs' kernings.  Each pair's kerning is measured by the same
    layout of the two glyphs alone (the shaper's own pair adjustment, whatever table it reads),
    each glyph's metrics once.  Strings with other glyphs (a ligature such as "fi" is no pair
    sum) are left to the full layout (None); a test holds both equal over the labels' alphabet.
    A glyph costs ~0.1 ms once, a new string ~0.02 ms against ~0.7 ms."""

    ALPHABET = frozenset("0123456789 .,:=+-−×·/()[]°'%√<>αβγδθπ"
                         "abcdeghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")  # (no "f": ligatures)
    LIMIT = 50000  # cached glyphs and pairs (a few hundred, really); cleared when full

    def __init__(self, font_file: str):
        self.font_file = font_file
        self.glyphs: dict[tuple[str, float], tuple[int, int, int]] = {}  # advance, ink y0, y1 (26.6)
        self.pairs: dict[tuple[str, float], int] = {}  # kerning of two glyphs (26.6)
        self.images: dict[tuple[str, float], tuple[int, np.ndarray | None]] = {}  # cbox x0 (26.6), bitmap

    def bitmap(self, text: str, size: float) -> tuple[np.ndarray, int, int, tuple[float, float, float], int] | None:
        """The coverage bitmap of ``text`` made from cached glyph bitmaps, each at its pen snapped to the
        nearest whole pixel: (image, its top row and left column in FreeType's image, ``ink``'s (width,
        height, descent), the string's ink x0 in 26.6); None where the layout must draw it (a glyph
        outside the alphabet, a ligature).  The box (``ink``) is the layout's own, whatever the pens.

        Where every pen is at a whole pixel it is the image FreeType's layout draws
        (``draw_glyphs_to_bitmap``; ``tests/test_render_draw.py`` holds them equal): the layout puts
        each glyph at its pen (advances and pair kernings, as ``ink`` sums them) and ORs its bitmap
        into the image at (truncated) ``left + pen - x0`` and ``y1 - top + 1``, x0 and y1 being the
        union of the glyphs' control boxes (an empty glyph's box is (0, 0, 0, 0) wherever its pen is).
        Past a glyph with a fractional advance ("r" at 12 pt: 6.64 px, so every "area = 17") the layout
        renders the rest at sub-pixel phases; here those glyphs are drawn whole-pixel, at most half a
        pixel from the layout's (the hinted look of pixel-snapped text), inside the same box.  Why: the
        layout of a new string costs ~0.5-1 ms against ~0.05 ms, and area labels are new numbers."""
        if not text or not self.ALPHABET.issuperset(text):
            return None
        pens, pen = [], 0
        for i, ch in enumerate(text):
            if i:
                pen += self._pair(text[i - 1: i + 1], size)
            pens.append(64 * math.floor(pen / 64 + 0.5))  # (whole pixels: see above)
            pen += self._glyph(ch, size)[0]
        glyphs = [(self._image(ch, size), self._glyph(ch, size)) for ch in text]
        y0 = min(g[1] for _, g in glyphs)
        y1 = max(g[2] for _, g in glyphs)
        x_min = min(x + p if img is not None else 0 for ((x, img), _), p in zip(glyphs, pens))
        parts = []
        for ((x, img), (_, _, top26)), p in zip(glyphs, pens):
            if img is None:
                continue
            left, top = math.floor(x / 64), math.ceil(top26 / 64)  # the bitmap's, as FreeType renders it
            # where the bitmap lies in the glyph's own image, and in the string's (C's truncating casts)
            own_col, own_row = int(left - x / 64), int(top26 / 64 - top + 1)
            col, row = int(left + p / 64 - x_min / 64), int(y1 / 64 - top + 1)
            parts.append((row - own_row, col - own_col, img))
        if not parts:
            return np.zeros((0, 0), np.uint8), 0, 0, (pen / 64, (y1 - y0) / 64, -y0 / 64), x_min
        r0, c0 = min(r for r, _, _ in parts), min(c for _, c, _ in parts)
        out = np.zeros((max(r + im.shape[0] for r, _, im in parts) - r0,
                        max(c + im.shape[1] for _, c, im in parts) - c0), np.uint8)
        for r, c, im in parts:
            out[r - r0: r - r0 + im.shape[0], c - c0: c - c0 + im.shape[1]] |= im
        return out, r0, c0, (pen / 64, (y1 - y0) / 64, -y0 / 64), x_min

    def _image(self, ch: str, size: float) -> tuple[int, np.ndarray | None]:
        """A glyph's control box x0 (26.6) and the image FreeType draws it in alone (None: no ink)."""
        got = self.images.get((ch, size))
        if got is None:
            if len(self.images) > self.LIMIT:
                self.images.clear()
            font = self._laid_out(ch, size)
            x0 = font.get_bitmap_offset()[0]
            font.draw_glyphs_to_bitmap(antialiased=True)
            img = np.array(font.get_image(), dtype=np.uint8)
            got = self.images[ch, size] = (x0, img if img.any() else None)
        return got

    def ink(self, text: str, size: float) -> tuple[float, float, float] | None:
        """(advance width, ink height, ink descent) in pixels, or None where the full layout must say."""
        if not text or not self.ALPHABET.issuperset(text):
            return None
        if len(self.glyphs) + len(self.pairs) > self.LIMIT:
            self.glyphs.clear()
            self.pairs.clear()
        width, y0, y1 = 0, 32000, -32000
        for i, ch in enumerate(text):
            advance, g0, g1 = self._glyph(ch, size)
            width += advance
            y0, y1 = min(y0, g0), max(y1, g1)
            if i:
                width += self._pair(text[i - 1: i + 1], size)
        return width / 64, (y1 - y0) / 64, -y0 / 64

    def _glyph(self, ch: str, size: float) -> tuple[int, int, int]:
        got = self.glyphs.get((ch, size))
        if got is None:
            font = self._laid_out(ch, size)
            w, h = font.get_width_height()
            d = font.get_descent()
            got = self.glyphs[ch, size] = (w, -d, h - d)
        return got

    def _pair(self, pair: str, size: float) -> int:
        got = self.pairs.get((pair, size))
        if got is None:
            width = self._laid_out(pair, size).get_width_height()[0]
            got = self.pairs[pair, size] = width - self._glyph(pair[0], size)[0] - self._glyph(pair[1], size)[0]
        return got

    def _laid_out(self, text: str, size: float):
        """The font with ``text`` laid out by FreeType at ``size`` points (what matplotlib's text does)."""
        font = get_font(self.font_file)
        font.clear()
        font.set_size(size, DPI)
        font.set_text(text, 0.0, flags=get_hinting_flag())
        return font


@dataclass
class _Label:
    w: float  # the box, pixels
    h: float
    alpha: np.ndarray  # coverage 0..1, cropped to the ink
    row: int  # top row of the ink relative to the label centre's row (rows grow downwards)
    col: int  # left column of the ink relative to the centre's column


class _Page:
    """What a Text measured off the Figure asks of one (its dpi): ``Renderer._metrics`` before any Figure is made."""

    dpi = DPI

    def get_figure(self, root: bool = False) -> _Page:
        return self


def _page(w: int, h: int):
    """The data transform and clip box that ``_figure``'s Axes gives the artists added to it, computed as
    matplotlib computes them (``Figure.__init__``, ``Axes.set_figure``, ``_set_lim_and_transforms``, ``set_xlim``,
    ``Artist.set_clip_path`` of the Axes' patch), without a Figure: the same matrices to the last bit (for some
    sizes one unit in the last place off the identity; ``tests/test_render_draw.py`` holds them equal)."""
    from matplotlib.transforms import (Affine2D, Bbox, BboxTransformFrom, BboxTransformTo, IdentityTransform,
                                       TransformedBbox, TransformWrapper)

    fig_bbox = TransformedBbox(Bbox.from_bounds(0, 0, w / DPI, h / DPI), Affine2D().scale(DPI))
    trans_axes = BboxTransformTo(TransformedBbox(Bbox.from_bounds(0.0, 0.0, 1.0, 1.0), BboxTransformTo(fig_bbox)))
    trans_scale = TransformWrapper(IdentityTransform())
    view = Bbox.unit()
    view.intervalx = (0, w)
    view.intervaly = (0, h)
    trans_data = trans_scale + (BboxTransformFrom(TransformedBbox(view, trans_scale)) + trans_axes)
    patch = Rectangle((0, 0), 1, 1)  # (the Axes' background patch, its clip box)
    patch.set_transform(trans_axes)
    return trans_data, TransformedBbox(Bbox.unit(), patch.get_transform())


def _figure(w: int, h: int):
    """A Figure whose single Axes maps data to display pixels one to one."""
    Figure, FigureCanvasAgg = figure_parts()
    fig = Figure(figsize=(w / DPI, h / DPI), dpi=DPI, facecolor="white")
    canvas = FigureCanvasAgg(fig)
    ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
    ax.set_xlim(0, w)
    ax.set_ylim(0, h)
    ax.set_axis_off()
    ax.set_autoscale_on(False)
    return fig, ax, canvas
