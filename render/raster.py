"""Checking the picture itself, through the renderer's own data→pixel transform.

No golden images: the composed drawing says where every stroke, fill and
label is, and the pixels must agree —

* every drawn segment has stroke pixels along it;
* every shape's interior (away from strokes, marks and labels) shows its fill
  colour blended at the renderer's opacity;
* no two labels' rendered boxes overlap, every label is on the canvas;
* no label sits on a stroke (tested on a strokes-only rendering of the same
  drawing, so text pixels cannot hide a stroke);
* point labels lie outside every shape, unless none fits beside the point: then one right beside it
  (within 1.5 font heights, 1.5 times nearer it than any other point) may lie over a fill.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely.geometry import LineString, Polygon, box

from .annotate import Annotation
from .compose import enclosed
from .draw import Renderer
from .scene import Scene

DARK = 110  # a stroke pixel: every channel below this
FILL_TOL = 18  # per channel, 0..255
SEGMENT_HIT = 0.9
FILL_HIT = 0.95


@dataclass
class RasterReport:
    problems: list[str] = field(default_factory=list)
    checked: dict[str, int] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.problems

    def __str__(self) -> str:
        return "ok" if self.ok else "; ".join(self.problems)


def _pixel(img: np.ndarray, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    h = img.shape[0]
    cols = np.clip(np.floor(x).astype(int), 0, img.shape[1] - 1)
    rows = np.clip(h - 1 - np.floor(y).astype(int), 0, h - 1)
    return rows, cols


def check(renderer: Renderer, scene: Scene, annotation: Annotation) -> RasterReport:
    """Every rule of the module docstring, on the figure as drawn (and on its strokes alone)."""
    full = renderer.render(scene, annotation)
    bare = renderer.render(scene, annotation, strokes_only=True)
    img = full.rgba[:, :, :3].astype(int)
    rep = RasterReport()
    _check_segments(full, img, rep)
    _check_fills(full, img, rep)
    _check_label_boxes(full, rep)
    _check_labels_off_strokes(full, bare, rep)
    _check_point_labels(full, scene, rep)
    return rep


def _check_segments(full, img: np.ndarray, rep: RasterReport) -> None:
    """Stroke pixels along every segment (away from labels)."""
    d = full.drawing
    dark = (img < DARK).all(axis=2)
    reach = int(np.ceil(d.style.lw_px / 2 + 1))
    for a, b, line in d.segments:
        p, q = line[0], line[1]
        n = max(4, int(np.hypot(*(q - p)) / 2))
        t = np.linspace(0.05, 0.95, n)[:, None]
        pts = p + (q - p) * t
        keep = np.ones(len(pts), dtype=bool)
        for bx in full.text_boxes:
            keep &= ~((pts[:, 0] >= bx[0] - 1) & (pts[:, 0] <= bx[2] + 1)
                      & (pts[:, 1] >= bx[1] - 1) & (pts[:, 1] <= bx[3] + 1))
        pts = pts[keep]
        if len(pts) == 0:
            continue
        rows, cols = _pixel(img, pts[:, 0], pts[:, 1])
        hit = np.zeros(len(pts), dtype=bool)
        for dr in range(-reach, reach + 1):
            for dc in range(-reach, reach + 1):
                r = np.clip(rows + dr, 0, img.shape[0] - 1)
                c = np.clip(cols + dc, 0, img.shape[1] - 1)
                hit |= dark[r, c]
        rep.checked["segments"] = rep.checked.get("segments", 0) + 1
        if hit.mean() < SEGMENT_HIT:
            rep.problems.append(f"segment {a}{b} has stroke pixels at only {hit.mean():.0%} of its length")


def _check_fills(full, img: np.ndarray, rep: RasterReport) -> None:
    """Each shape's fill colour, blended at the opacity, inside it (away from strokes, marks, labels)."""
    d = full.drawing
    st = d.style
    boxes = [box(*b) for b in full.text_boxes]
    clutter = [LineString(s) for s in d.strokes + d.marks + d.dashed + d.leaders if len(s) >= 2]
    clutter_geom = shapely.union_all([c.buffer(st.lw_px / 2 + 2.5) for c in clutter] +
                                     [bx.buffer(2.0) for bx in boxes]) if clutter or boxes else None
    polys = [Polygon(f.rings[0], f.rings[1:]).buffer(0) for f in d.fills]
    for k, f in enumerate(d.fills):
        region = polys[k].buffer(-(st.lw_px / 2 + 2.0))
        for j, other in enumerate(polys):  # a forced overlap (a circle on a side) blends colours
            if j != k and region.intersects(other):
                region = region.difference(other.buffer(st.lw_px / 2 + 2.0))
        if clutter_geom is not None:
            region = region.difference(clutter_geom)
        if region.is_empty or region.area < 4:
            continue
        x0, y0, x1, y1 = region.bounds
        step = max(1.0, np.sqrt(region.area / 400.0))
        gx, gy = np.meshgrid(np.arange(x0 + step / 2, x1, step), np.arange(y0 + step / 2, y1, step))
        gx, gy = gx.ravel(), gy.ravel()
        inside = shapely.contains_xy(region, gx, gy)
        gx, gy = gx[inside], gy[inside]
        if len(gx) == 0:
            continue
        rows, cols = _pixel(img, gx, gy)
        expected = np.array([round(255 * (st.opacity * c + (1 - st.opacity))) for c in f.rgb])
        match = (np.abs(img[rows, cols] - expected) <= FILL_TOL).all(axis=1)
        rep.checked["fills"] = rep.checked.get("fills", 0) + 1
        if match.mean() < FILL_HIT:
            rep.problems.append(f"shape {f.name} shows its {f.colour} fill at only {match.mean():.0%} of its interior")


def _check_label_boxes(full, rep: RasterReport) -> None:
    """Labels on the canvas and not overlapping each other."""
    d = full.drawing
    size = d.style.size
    boxes = [box(*b) for b in full.text_boxes]
    for lab, bx in zip(d.labels, full.text_boxes):
        if bx[0] < 0 or bx[1] < 0 or bx[2] > size or bx[3] > size:
            rep.problems.append(f"label {lab.text!r} runs off the canvas")
    for i in range(len(boxes)):
        for j in range(i + 1, len(boxes)):
            if boxes[i].intersection(boxes[j]).area > 0.0:
                rep.problems.append(f"labels {d.labels[i].text!r} and {d.labels[j].text!r} overlap")
    rep.checked["labels"] = len(boxes)


def _check_labels_off_strokes(full, bare, rep: RasterReport) -> None:
    """No label on a stroke: no non-white pixel of the strokes-only image inside a label box."""
    d = full.drawing
    size = d.style.size
    ink = (bare.rgba[:, :, :3].astype(int) < 250).any(axis=2)
    for lab, bx in zip(d.labels, full.text_boxes):
        c0, c1 = int(np.floor(bx[0])) + 1, int(np.ceil(bx[2])) - 1
        r0, r1 = size - int(np.ceil(bx[3])) + 1, size - int(np.floor(bx[1])) - 1
        if c1 > c0 and r1 > r0 and ink[max(r0, 0):r1, max(c0, 0):c1].any():
            rep.problems.append(f"label {lab.text!r} sits on a stroke")


def _beside(bx, own, others, font_px: float) -> bool:
    """Is the box within 1.5 font heights of its point and at most 1/1.5 as far (less 2 px) from it as
    from any other point?  (What a reader needs to attach a letter, fill or no fill.)"""
    d = bx.distance(shapely.Point(own))
    return d <= 1.5 * font_px and all(bx.distance(shapely.Point(q)) >= 1.5 * d + 2.0 for q in others
                                      if np.hypot(q[0] - own[0], q[1] - own[1]) > 0.5)


def _check_point_labels(full, scene: Scene, rep: RasterReport) -> None:
    """Point labels outside every shape (unless shapes wall the point in, or the label is right beside it)."""
    d = full.drawing
    st = d.style
    fills = [Polygon(f.rings[0], f.rings[1:]).buffer(0) for f in d.fills]
    pts = {name: d.frame.px(xy) for name, xy in scene.points.items()}
    for lab, bx in zip(d.labels, (box(*b) for b in full.text_boxes)):
        if lab.role != "point":
            continue
        own = shapely.Point(pts[lab.text])
        if enclosed(pts[lab.text], [f.buffer(-1.0) for f in fills], 2 * max(lab.w, lab.h) + st.lw_px / 2 + 2.5):
            continue  # walled in by shapes: no outside exists
        if _beside(bx, pts[lab.text], [p for n, p in pts.items() if n != lab.text], st.font_px):
            continue  # right beside its point, clearly nearer it than any other: read as its own over a fill
        if any(bx.intersection(p).area > 0.5 for p in fills if not p.buffer(-1.0).contains(own)):
            rep.problems.append(f"point label {lab.text!r} is inside a shape")
