"""Elements measured by plain coordinate geometry, independent of the code under test: distances,
atan2 angles, shoelace areas, and circles, arcs and sectors as 20,000-gons (the oracle the plane
solver's property tests check every theorem instance against)."""
from __future__ import annotations

import math

import numpy as np
import sympy
from geomill.engine.plane import element_of

N = 20000  # points on a circle or an arc, measured as a polygon (relative error about 1e-8)


def _arc_points(o: np.ndarray, r: float, start: float, sweep: float) -> list[np.ndarray]:
    ts = np.radians(start + sweep * np.arange(N + 1) / N)
    return list(o + r * np.stack([np.cos(ts), np.sin(ts)], axis=1))


def _length(pts: list[np.ndarray]) -> float:
    return float(np.sum(np.hypot(*np.diff(np.array(pts), axis=0).T)))


def _shoelace(pts: list[np.ndarray]) -> float:
    xs, ys = np.array([p[0] for p in pts]), np.array([p[1] for p in pts])
    return abs(float(np.dot(xs, np.roll(ys, -1)) - np.dot(ys, np.roll(xs, -1)))) / 2


def measure(e: sympy.Expr, at: dict, radii: dict) -> float:
    """An expression's value by plain coordinate geometry: distances, atan2 angles, shoelace areas."""
    vals = {}
    for s in e.free_symbols:
        el = element_of(s)
        assert el is not None, s
        p = [np.asarray(at[n], float) for n in el.points]
        k = el.kind.key
        if k == "length":
            vals[s] = math.hypot(*(p[0] - p[1]))
        elif k == "angle":
            u, v = p[0] - p[1], p[2] - p[1]
            vals[s] = abs(math.degrees(math.atan2(u[0] * v[1] - u[1] * v[0], u @ v)))
        elif k == "area":
            xs, ys = zip(*p)
            n = len(p)
            vals[s] = abs(sum(xs[i] * ys[(i + 1) % n] - xs[(i + 1) % n] * ys[i] for i in range(n))) / 2
        elif k == "height":  # twice a triangle's area over its base: triangle ABC from A onto BC; a
            # polygon ABCD… onto its first side AB, from its last vertex
            tri = p[:3] if len(p) == 3 else [p[-1], p[0], p[1]]
            vals[s] = 2 * _shoelace(tri) / math.dist(tri[1], tri[2])
        elif k == "perimeter":
            vals[s] = sum(math.dist(p[i - 1], p[i]) for i in range(len(p)))
        elif k == "radius":
            vals[s] = radii[el.points[0]]
        elif k in ("diameter", "circumference", "circle_area"):
            ring = _arc_points(p[0], radii[el.points[0]], 0.0, 360.0)
            vals[s] = {"diameter": max(math.dist(ring[i], ring[i + N // 2]) for i in range(N // 2)),
                       "circumference": _length(ring), "circle_area": _shoelace(ring)}[k]
        elif k in ("arc", "arc_length", "sector_area", "sector_perimeter"):
            o, a, b = p
            start = math.degrees(math.atan2(*(a - o)[::-1]))
            sweep = (math.degrees(math.atan2(*(b - o)[::-1])) - start) % 360
            ring = _arc_points(o, math.dist(o, a), start, sweep)
            vals[s] = {"arc": sweep, "arc_length": _length(ring), "sector_area": _shoelace([o, *ring]),
                       "sector_perimeter": _length([o, *ring, o])}[k]
        else:
            raise AssertionError(f"no independent measure for {s}")
    e = e.replace(lambda x: hasattr(x, "rewrite_radians"), lambda x: x.rewrite_radians())
    return float(e.xreplace(vals))
