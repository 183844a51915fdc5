"""Everything the picture will contain, in pixel coordinates, before any drawing.

``compose`` decides the data→pixel frame, the fills, the strokes, the marks
(right angles, angle arcs, dashed heights) and where every label goes.  The
renderer draws exactly this, and the raster check verifies the pixels
against exactly this, so both share one transform.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
from matplotlib.path import Path
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon
from shapely.ops import unary_union

from engine.catalogue import KINDS
from engine.model import QKind, Quantity

from .annotate import Annotation, Item
from .labels import Occupancy, Placed, Placer, offset_centre
from .scene import XY, Scene

DPI = 100
ANGLE_TOL = 1e-6


@dataclass(frozen=True)
class Style:
    size: int = 512
    opacity: float = 0.5
    line_width: float = 1.5  # points
    font_size: float = 12.0  # points

    @property
    def lw_px(self) -> float:
        return self.line_width * DPI / 72

    @property
    def font_px(self) -> float:
        return self.font_size * DPI / 72


@dataclass(frozen=True)
class Frame:
    """Scene coordinates -> pixels (origin bottom left, y up, as matplotlib's display)."""

    scale: float
    ox: float
    oy: float
    size: int

    def px(self, p: XY) -> tuple[float, float]:
        return (self.ox + self.scale * p[0], self.oy + self.scale * p[1])

    def pxs(self, pts) -> np.ndarray:
        a = np.asarray(pts, dtype=float).reshape(-1, 2)
        return np.column_stack([self.ox + self.scale * a[:, 0], self.oy + self.scale * a[:, 1]])

    @staticmethod
    def fit(scene: Scene, size: int, margin: float) -> Frame:
        x0, y0, x1, y1 = scene.bounds()
        w, h = max(x1 - x0, 1e-9), max(y1 - y0, 1e-9)
        scale = (size - 2 * margin) / max(w, h)
        ox = size / 2 - scale * (x0 + x1) / 2
        oy = size / 2 - scale * (y0 + y1) / 2
        return Frame(scale, ox, oy, size)


@dataclass
class Fill:
    name: str
    colour: str
    rgb: tuple[float, float, float]
    rings: list[np.ndarray]  # pixel rings, first the outer boundary

    @property
    def path(self) -> Path:
        verts, codes = [], []
        for ring in self.rings:
            verts.extend(ring.tolist())
            codes.extend([Path.MOVETO] + [Path.LINETO] * (len(ring) - 2) + [Path.CLOSEPOLY])
        return Path(np.array(verts), codes)


@dataclass
class Drawing:
    style: Style
    frame: Frame
    fills: list[Fill] = field(default_factory=list)
    strokes: list[np.ndarray] = field(default_factory=list)  # polylines in pixels
    segments: list[tuple[str, str, np.ndarray]] = field(default_factory=list)  # named, for checking
    dashed: list[np.ndarray] = field(default_factory=list)
    marks: list[np.ndarray] = field(default_factory=list)
    labels: list[Placed] = field(default_factory=list)


TextSize = Callable[[str], tuple[float, float]]


def compose(scene: Scene, annotation: Annotation, style: Style, text_size: TextSize) -> Drawing:
    margin = 2.2 * style.font_px + 8
    frame = Frame.fit(scene, style.size, margin)
    d = Drawing(style, frame)
    for s in scene.shapes:
        rings = [frame.pxs(s.outline)] + [frame.pxs(h) for h in s.holes]
        d.fills.append(Fill(s.name, s.colour, s.colour_rgb, rings))
    for a, b in scene.segments:
        line = frame.pxs([scene.points[a], scene.points[b]])
        d.strokes.append(line)
        d.segments.append((a, b, line))
    for arc in scene.arcs:
        n = max(2, math.ceil(arc.sweep / 2.0))
        t = np.radians(arc.start + arc.sweep * np.arange(n + 1) / n)
        pts = np.column_stack([arc.centre[0] + arc.radius * np.cos(t), arc.centre[1] + arc.radius * np.sin(t)])
        d.strokes.append(frame.pxs(pts))
    for v, foot in scene.heights:
        d.dashed.append(frame.pxs([scene.points[v], foot]))

    items = annotation.items()
    angle_items = [it for it in items if it.quantity.kind is QKind.ANGLE]
    arc_radius: dict[Quantity, float] = {}
    for q in _right_angles(scene, annotation):
        d.marks.append(_right_mark(scene, frame, q, style))
    for it in angle_items:
        if not _is_right(scene, it.quantity):
            line, r = _angle_arc(scene, frame, it.quantity, style)
            d.marks.append(line)
            arc_radius[it.quantity] = r
        else:
            arc_radius[it.quantity] = _mark_size(scene, frame, it.quantity, style) * 1.4

    occ = Occupancy(style.size)
    occ.mark_polylines(d.strokes + d.marks + d.dashed, style.lw_px / 2 + 1.5)
    shapes = [f.path for f in d.fills]
    polys = [Polygon(f.rings[0], f.rings[1:]).buffer(-1.0) for f in d.fills]
    placer = Placer(style.size, occ, shapes)
    gap = style.lw_px / 2 + 2.5
    # point labels first: they have the strictest rule (outside every shape)
    if annotation.style == "coordinate":
        for name in _point_order(scene):
            w, h = text_size(name)
            p = frame.px(scene.points[name])
            pref = _outward(scene, frame, name)
            centres = [offset_centre(p, pref + turn, gap + extra, w, h)
                       for extra in (0.0, 0.35 * style.font_px, 0.9 * style.font_px, 1.6 * style.font_px)
                       for turn in _turns(24)]
            # a point inside a shape (a forced overlap) or walled in by shapes all round
            # cannot have its label outside them
            avoid = [path for path, poly in zip(shapes, polys) if not poly.contains(ShapelyPoint(p))]
            placed = placer.place(name, w, h, centres, "point", avoid=avoid)
            if placed.conflicts and enclosed(p, polys, gap + 2 * max(w, h)):
                placer.undo()
                placed = placer.place(name, w, h, centres, "point")
            d.labels.append(placed)
    for it in items:
        w, h = text_size(it.text)
        q = it.quantity
        if q.kind is QKind.LENGTH:
            centres = _side_centres(scene, frame, q, w, h, gap, shapes)
            role = "side"
        elif q.kind is QKind.ANGLE:
            centres = _angle_centres(scene, frame, q, w, h, arc_radius[q], gap)
            role = "angle"
        else:
            centres = _shape_centres(scene, frame, q, style)
            role = "shape"
        d.labels.append(placer.place(it.text, w, h, centres, role))
    return d


# -- candidates -------------------------------------------------------------------------------------------


def _turns(n: int) -> list[float]:
    step = 2 * math.pi / n
    return [0.0] + [s * k * step for k in range(1, n // 2 + 1) for s in (1, -1)][: n - 1]


def _point_order(scene: Scene) -> list[str]:
    return sorted(scene.points)


def _outward(scene: Scene, frame: Frame, name: str) -> float:
    """Direction (radians) pointing away from everything attached to the point."""
    p = np.array(scene.points[name])
    vecs = []
    for a, b in scene.segments:
        if name in (a, b):
            other = np.array(scene.points[b if a == name else a])
            vecs.append(other - p)
    for s in scene.shapes:
        if name in s.points:
            ring = np.array(s.outline[:-1])
            vecs.append(ring.mean(axis=0) - p)
    for arc in scene.arcs:
        if abs(math.dist(arc.centre, p) - arc.radius) < 1e-6 * max(arc.radius, 1):
            vecs.append(np.array(arc.centre) - p)
    total = np.zeros(2)
    for v in vecs:
        n = np.hypot(*v)
        if n > 1e-12:
            total += v / n
    if np.hypot(*total) < 1e-9:
        c = np.array([np.mean([q[0] for q in scene.points.values()]), np.mean([q[1] for q in scene.points.values()])])
        total = c - p
        if np.hypot(*total) < 1e-9:
            return math.pi / 2
    return math.atan2(-total[1], -total[0])


def _side_centres(scene, frame, q, w, h, gap, shapes) -> list[tuple[float, float]]:
    a, b = frame.px(scene.points[q.key[0]]), frame.px(scene.points[q.key[1]])
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy)
    ux, uy = dx / n, dy / n
    normals = [math.atan2(ux, -uy), math.atan2(-ux, uy)]
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    # prefer the side of the segment that is outside the shapes
    probe = [(mid[0] + 6 * math.cos(t), mid[1] + 6 * math.sin(t)) for t in normals]
    inside = [any(p.contains_point(pt) for p in shapes) for pt in probe]
    normals = [normals[i] for i in sorted(range(2), key=lambda i: inside[i])]
    out = []
    for extra in (0.0, 4.0, 10.0, 18.0, 28.0):
        for along in (0.0, 0.15, -0.15, 0.3, -0.3, 0.4, -0.4):
            m = (mid[0] + along * dx, mid[1] + along * dy)
            for t in normals:
                out.append(offset_centre(m, t, gap + extra, w, h))
    return out


def _angle_rays(scene: Scene, frame: Frame, q: Quantity) -> tuple[tuple[float, float], float, float]:
    a, v, b = q.key
    pv = frame.px(scene.points[v])
    pa, pb = frame.px(scene.points[a]), frame.px(scene.points[b])
    ta = math.atan2(pa[1] - pv[1], pa[0] - pv[0])
    tb = math.atan2(pb[1] - pv[1], pb[0] - pv[0])
    sweep = (tb - ta) % (2 * math.pi)
    if sweep > math.pi:  # go the short way round: from b to a
        ta, sweep = tb, 2 * math.pi - sweep
    return pv, ta, sweep


def _short_side(scene: Scene, frame: Frame, q: Quantity) -> float:
    a, v, b = q.key
    return frame.scale * min(math.dist(scene.points[a], scene.points[v]), math.dist(scene.points[b], scene.points[v]))


def _angle_arc(scene, frame, q, style) -> tuple[np.ndarray, float]:
    pv, t0, sweep = _angle_rays(scene, frame, q)
    r = max(8.0, min(1.6 * style.font_px, 0.3 * _short_side(scene, frame, q)))
    n = max(4, int(math.degrees(sweep) / 4))
    t = t0 + sweep * np.arange(n + 1) / n
    return np.column_stack([pv[0] + r * np.cos(t), pv[1] + r * np.sin(t)]), r


def _angle_centres(scene, frame, q, w, h, r, gap) -> list[tuple[float, float]]:
    pv, t0, sweep = _angle_rays(scene, frame, q)
    mid = t0 + sweep / 2
    out = []
    for extra in (0.0, 3.0, 8.0, 16.0, 26.0, 40.0, 56.0):
        for turn in (0.0, 0.2, -0.2, 0.4, -0.4):
            out.append(offset_centre(pv, mid + turn * sweep, r + gap + extra, w, h))
    # last resort: outside the angle, by the vertex
    out += [offset_centre(pv, mid + math.pi + t, gap + 2 + e, w, h) for e in (0, 8, 16) for t in (0, 0.5, -0.5, 1, -1)]
    return out


def _shape_centres(scene, frame, q, style) -> list[tuple[float, float]]:
    shape = scene.shape(q.key[0])
    ring = frame.pxs(shape.outline)
    c = _centroid(ring)
    path = Path(ring)
    if not path.contains_point(c):
        c = ring[len(ring) // 2] * 0.5 + ring[0] * 0.5
    out = [(c[0], c[1])]
    for rad in (0.8, 1.6, 2.6, 3.8, 5.0, 6.5, 8.0, 10.0):
        for k in range(16):
            t = k * math.pi / 8
            out.append((c[0] + rad * style.font_px * math.cos(t), c[1] + rad * style.font_px * math.sin(t)))
    return out


def enclosed(p: tuple[float, float], polys: list, radius: float) -> bool:
    """Is every direction from ``p`` covered by shapes within ``radius`` pixels?
    (Shapes are grown by a pixel so that a shared side leaves no gap.)"""
    cover = unary_union([poly.buffer(1.5) for poly in polys]) if polys else None
    if cover is None:
        return False
    for k in range(24):
        t = 2 * math.pi * k / 24
        for r in (0.5 * radius, radius):
            if not cover.contains(ShapelyPoint(p[0] + r * math.cos(t), p[1] + r * math.sin(t))):
                return False
    return True


def _centroid(ring: np.ndarray) -> np.ndarray:
    """Area centroid of a closed ring (the vertex mean leans towards densified arcs)."""
    x, y = ring[:-1, 0], ring[:-1, 1]
    x1, y1 = ring[1:, 0], ring[1:, 1]
    cross = x * y1 - x1 * y
    a = cross.sum() / 2
    if abs(a) < 1e-9:
        return ring[:-1].mean(axis=0)
    return np.array([((x + x1) * cross).sum() / (6 * a), ((y + y1) * cross).sum() / (6 * a)])


# -- marks ------------------------------------------------------------------------------------------------


def _is_right(scene: Scene, q: Quantity) -> bool:
    return abs(scene.measure(q) - 90.0) < 1e-6


def _right_angles(scene: Scene, annotation: Annotation) -> list[Quantity]:
    """Right angles worth a mark: a shape's single right angle (a right triangle's),
    or a right angle the problem mentions."""
    out: list[Quantity] = []
    mentioned = set(annotation.facts) | ({annotation.query} if annotation.query else set())
    for decl in scene.decls:
        kind = KINDS[decl.kind]
        bound = kind.bind(decl)
        for sym, el in kind.elements.items():
            if el.kind is not QKind.ANGLE:
                continue
            for q in bound[sym]:
                single = len(el.at) == 1 and sym in kind.constants
                if (single or q in mentioned) and q not in out and _is_right(scene, q):
                    out.append(q)
    return out


def _mark_size(scene, frame, q, style) -> float:
    return max(5.0, min(0.8 * style.font_px, 0.25 * _short_side(scene, frame, q)))


def _right_mark(scene: Scene, frame: Frame, q: Quantity, style: Style) -> np.ndarray:
    a, v, b = q.key
    pv = np.array(frame.px(scene.points[v]))
    ua = np.array(frame.px(scene.points[a])) - pv
    ub = np.array(frame.px(scene.points[b])) - pv
    ua /= np.hypot(*ua)
    ub /= np.hypot(*ub)
    s = _mark_size(scene, frame, q, style)
    return np.array([pv + s * ua, pv + s * (ua + ub), pv + s * ub])


def item_for(items: list[Item], q: Quantity) -> Item | None:
    return next((it for it in items if it.quantity == q), None)
