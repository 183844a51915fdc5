"""Coordinates -> measures, for general problems: the independent check on every relation block's
equations and the numeric model's way to measure an element.  Points are numpy pairs (x, y up)."""
from __future__ import annotations

import math
from collections.abc import Callable, Mapping

import numpy as np

from .plane import Element, height_foot

Coords = Mapping[str, np.ndarray]


def vec(p: np.ndarray, q: np.ndarray) -> np.ndarray:
    return q - p


def cross(u: np.ndarray, v: np.ndarray) -> float:
    return float(u[0] * v[1] - u[1] * v[0])


def dist(p: np.ndarray, q: np.ndarray) -> float:
    return float(math.hypot(q[0] - p[0], q[1] - p[1]))


def angle(p: np.ndarray, v: np.ndarray, q: np.ndarray) -> float:
    """Angle pvq in degrees, in [0, 180]."""
    u, w = p - v, q - v
    return math.degrees(math.atan2(abs(cross(u, w)), float(np.dot(u, w))))


def sweep(o: np.ndarray, a: np.ndarray, b: np.ndarray) -> float:
    """Degrees swept counter-clockwise about o from a to b, in [0, 360)."""
    t = math.degrees(math.atan2(b[1] - o[1], b[0] - o[0]) - math.atan2(a[1] - o[1], a[0] - o[0]))
    return t % 360.0


def signed_area(pts: list[np.ndarray]) -> float:
    return 0.5 * sum(cross(pts[i], pts[(i + 1) % len(pts)]) for i in range(len(pts)))


def crosses_itself(pts: list[np.ndarray]) -> bool:
    """Do two sides of a polygon that share no corner cross (a face of a figure never does)?"""
    n = len(pts)
    for i in range(n):
        for j in range(i + 2, n):
            if (j + 1) % n == i:
                continue
            a, b, c, d = pts[i], pts[(i + 1) % n], pts[j], pts[(j + 1) % n]
            if cross(b - a, c - a) * cross(b - a, d - a) < 0 and cross(d - c, a - c) * cross(d - c, b - c) < 0:
                return True
    return False


def unit_cross(a: np.ndarray, b: np.ndarray, c: np.ndarray, d: np.ndarray) -> float:
    """sin of the angle between AB and CD (0: parallel)."""
    u, v = b - a, d - c
    return cross(u, v) / (_norm(u) * _norm(v) + 1e-12)


def unit_dot(a: np.ndarray, b: np.ndarray, c: np.ndarray, d: np.ndarray) -> float:
    """cos of the angle between AB and CD (0: perpendicular)."""
    u, v = b - a, d - c
    return float(np.dot(u, v)) / (_norm(u) * _norm(v) + 1e-12)


def _norm(u: np.ndarray) -> float:
    """``np.linalg.norm`` of a vector, as it computes it (the root of its dot product), at a fifth of the cost."""
    return math.sqrt(float(u.dot(u)))


def foot(p: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The foot of the perpendicular from p to line ab."""
    d = b - a
    return a + d * float(np.dot(p - a, d)) / float(np.dot(d, d))


def line_distance(p: np.ndarray, a: np.ndarray, b: np.ndarray) -> float:
    return abs(cross(b - a, p - a)) / (dist(a, b) + 1e-12)


def measure(el: Element, at: Coords, radius_of: Callable[[str], float] | None = None) -> float:
    """The value of an element on coordinates.  A circle's radius is measured from a point on it:
    ``radius_of(centre)`` (the problem's circles know it); an arc from its end points."""
    k, p = el.kind.key, [at[n] for n in el.points]
    if k == "length":
        return dist(p[0], p[1])
    if k == "angle":
        return angle(p[0], p[1], p[2])
    if k in ("area", "perimeter"):
        if k == "area":
            return abs(signed_area(p))
        return sum(dist(p[i], p[(i + 1) % len(p)]) for i in range(len(p)))
    if k == "height":
        v, a, b = (at[n] for n in height_foot(el.points))
        return line_distance(v, a, b)
    if k in ("arc", "arc_length", "sector_area", "sector_perimeter"):
        o, a, b = p
        r = dist(o, a)
        deg = sweep(o, a, b)
        return {"arc": deg, "arc_length": math.pi * r * deg / 180, "sector_area": math.pi * r * r * deg / 360,
                "sector_perimeter": 2 * r + math.pi * r * deg / 180}[k]
    r = radius_of(el.points[0]) if radius_of is not None else float("nan")
    return {"radius": r, "diameter": 2 * r, "circle_area": math.pi * r * r, "circumference": 2 * math.pi * r}[k]
