"""Does the figure look like what its text says?  Faults a reader sees before reading any label.

A figure is the ground truth a model is scored on, so a shape must be big enough to read and look
like the kind the text names it: a kite whose two side lengths differ by 1 % is read as a rhombus, a
rhombus within a few degrees of square as a square, a shape a few pixels across as a line.  The
figure's check (``compose``) lists these faults, the generator refuses such a figure (counted) and
``geomill render`` warns.
"""
from __future__ import annotations

import math

import numpy as np
import shapely
from geomill.engine.geometry import angle_at
from shapely.geometry import Polygon

MIN_SHAPE_PX = 40.0  # the narrowest a shape may be drawn (its thinnest width, px; review 5: 25-30 px read as specks)
MIN_SHAPE_AREA = 1500.0  # px²: smaller, a shape is a speck beside its labels (review 2: a 528 px² sector asked about)
KITE_SIDES = 1.15  # a kite's two side lengths differ by this ratio at least, else it reads as a rhombus
SQUARE_LOOK = 8.0  # degrees: a rhombus's angle this near 90 reads as a square's
RECTANGLE_LOOK = 10.0  # degrees: a parallelogram's angle this near 90 reads as a rectangle's (review 8: 88.7°, 94°)
PARALLEL_LOOK = 10.0  # degrees: a trapezoid's legs this near parallel read as a parallelogram's sides (review 8)
REFERENCE_PX = 512  # the image size the pixel minimums are written for; a smaller image scales them down
OVERLAP = 0.005  # of the smaller shape's area: more shared than this is an overlap (touching is not)


def faults(shapes, fills: dict[str, Polygon], size: float = REFERENCE_PX) -> list[str]:
    """What reads wrong in the drawn shapes (``shapes``: the scene's; ``fills``: their pixel polygons on an
    image ``size`` px wide: on a smaller one the minimums shrink with it, as everything drawn does)."""
    k = min(1.0, size / REFERENCE_PX)
    min_px, min_area = MIN_SHAPE_PX * k, MIN_SHAPE_AREA * k * k
    out = []
    for name, poly in fills.items():
        if poly.is_empty:
            continue
        x0, y0, x1, y1 = poly.bounds
        if poly.area < min_area:
            out.append(f"the {name} shape covers {poly.area:.0f} px² (under {min_area:g})")
            continue
        if poly.area >= min_px * math.hypot(x1 - x0, y1 - y0):
            continue  # area <= width × diameter <= width × the bounds' diagonal: wide enough
        width = _thinner_than(poly, min_px)
        if width is not None:
            out.append(f"the {name} shape is {width:.1f} px across at its thinnest (under {min_px:g})")
    for s in shapes:
        pts = [s.coords[i] for i in range(len(s.points))] if all(i in s.coords for i in range(len(s.points))) else None
        if pts is None:
            continue
        if s.kind == "kite":
            a, b = math.dist(pts[0], pts[1]), math.dist(pts[2], pts[1])
            if max(a, b) < KITE_SIDES * min(a, b):
                out.append(f"the {s.name} kite's sides differ by {100 * (max(a, b) / min(a, b) - 1):.0f} %: "
                           "it reads as a rhombus")
        elif s.kind in ("rhombus", "parallelogram"):
            angle = angle_at(pts[1], pts[0], pts[3])
            near, looks_like = (SQUARE_LOOK, "a square") if s.kind == "rhombus" else (RECTANGLE_LOOK, "a rectangle")
            if abs(angle - 90) < near:
                out.append(f"the {s.name} {s.kind}'s angle is {angle:.0f}°: it reads as {looks_like}")
        elif s.kind == "trapezoid":
            legs = max(_between_lines(pts[0], pts[1], pts[3], pts[2]), _between_lines(pts[1], pts[2], pts[0], pts[3]))
            if legs < PARALLEL_LOOK:
                out.append(f"the {s.name} trapezoid's legs are {legs:.0f}° from parallel: it reads as a parallelogram")
    return out


def _between_lines(a, b, c, d) -> float:
    """The angle between lines ab and cd, 0 to 90 degrees."""
    t = abs(math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]) - math.atan2(d[1] - c[1], d[0] - c[0]))) % 180
    return min(t, 180 - t)


def overlapping(fills: dict[str, Polygon], names) -> list[str]:
    """The shapes among ``names`` (a problem's distractors) whose fill overlaps another shape's: a
    distractor is there to be ignored, and one lying over a shape of the question hides it (the
    layout lets a shape hold another where nothing else fits, which a distractor never needs)."""
    out = []
    for name in names:
        own = fills.get(name)
        if own is None or own.is_empty:
            continue
        for other, poly in fills.items():
            if other == name or poly.is_empty or not own.intersects(poly):
                continue
            share = own.intersection(poly).area
            if share > OVERLAP * min(own.area, poly.area):
                out.append(f"the distractor {name} overlaps {other} ({100 * share / min(own.area, poly.area):.0f} %)")
    return out


SAMPLE = 16  # vertices of the hull each edge's reach is first bounded with (``_thinner_than``)


def _thinner_than(poly: Polygon, limit: float) -> float | None:
    """``_thinnest(poly)`` where it is under ``limit``, else None.

    FAST PATH (the plain version is ``_thinnest``; ``tests/test_readable.py`` holds the two equal): an
    edge's reach is the largest of its vertices' distances, so any few of them bound it from below
    (the same floats: the same expression on the same pairs).  Every ``k``-th vertex of the hull
    (``SAMPLE`` of them) clears nearly every edge of a shape that is not thin; only the edges left are
    measured against every vertex (a hull of an arc's ~360 points: 360 x 16 products, not 360²)."""
    hull = poly.convex_hull
    if hull.geom_type != "Polygon":
        return 0.0 if limit > 0.0 else None
    ring = shapely.get_coordinates(hull)  # (closed: the last point is the first)
    pts = ring[:-1]
    edges = ring[1:] - pts  # (``_thinnest``'s np.roll(pts, -1) - pts, the same floats)
    length = np.hypot(edges[:, 0], edges[:, 1])
    keep = length > 1e-12
    if not keep.any():
        return 0.0 if limit > 0.0 else None
    pts_k, edges_k, length_k = pts[keep], edges[keep], length[keep]
    some = pts[:: max(1, -(-len(pts) // SAMPLE))]
    bound = _reach(pts_k, edges_k, some) / length_k
    if len(some) == len(pts):  # a small hull: every vertex was asked, the bounds are the reaches
        width = float(bound.min())
        return width if width < limit else None
    left = bound < limit
    if not left.any():
        return None
    width = float((_reach(pts_k[left], edges_k[left], pts) / length_k[left]).min())
    return width if width < limit else None


def _thinnest(poly: Polygon) -> float:
    """The polygon's thinnest width: the least, over the edges of its convex hull, of the hull's reach
    from that edge's line (a convex shape's narrowest strip lies along one of its edges).  (Not the
    short side of the minimum-area rectangle: a triangle has three of equal area, and which one GEOS
    returns depends on the orientation: a 37 px triangle passed as 40.)"""
    hull = poly.convex_hull
    if hull.geom_type != "Polygon":
        return 0.0
    pts = np.asarray(hull.exterior.coords)[:-1]
    edges = np.roll(pts, -1, axis=0) - pts
    length = np.hypot(edges[:, 0], edges[:, 1])
    keep = length > 1e-12
    if not keep.any():
        return 0.0
    reach = _reach(pts, edges, pts)
    return float((reach[keep] / length[keep]).min())


def _reach(starts: np.ndarray, edges: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """For each edge (its start and vector), the largest |edge × (p − start)| over the points ``pts``:
    the edge's length times the points' farthest distance from its line."""
    rel = pts[None, :, :] - starts[:, None, :]
    return np.abs(edges[:, None, 0] * rel[..., 1] - edges[:, None, 1] * rel[..., 0]).max(axis=1)
