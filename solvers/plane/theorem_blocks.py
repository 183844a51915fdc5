"""The construction theorem families of plane geometry, one declarative block each (data only:
the atoms and the matcher are in ``patterns.py``).

Each block: its key (FormalGeo's theorem name), the sentence of a proof step, its premises,
its conclusions as equations between template elements, the names the sentence is filled with,
and a construction of template coordinates on which the premises hold (``figure``: the same
premises stated in the problem language, so that the property test reads the construction as a
configuration, finds the block's instance and measures its conclusions).
"""
from __future__ import annotations

import math

import numpy as np
import sympy
from geomill.engine.plane import Cos, Sin
from geomill.engine.relations import L, ang, quad, triangle

from .patterns import Collinear, Conclusion, Polygon, RayInside, RayPair, Theorem, Triangle

Rng = np.random.Generator
MAX_POLYGON = 12  # polygon families are written for 4 .. MAX_POLYGON vertices
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_TRIANGLE = "points A B C\ntriangle ABC"


def _pt(rng: Rng) -> np.ndarray:
    return rng.uniform(-5, 5, 2)


def _line3(rng: Rng) -> dict[str, np.ndarray]:
    """A, B, C in this order on a line."""
    a, c = _pt(rng), _pt(rng)
    return {"A": a, "B": a + (c - a) * rng.uniform(0.1, 0.9), "C": c}


def _fan(rng: Rng) -> dict[str, np.ndarray]:
    """Rays OA, OB, OC with OB inside the angle AOC (less than 180)."""
    o, t, w = _pt(rng), rng.uniform(0, 360), rng.uniform(30, 170)
    u = rng.uniform(0.2, 0.8)
    d = {"A": t, "B": t + w * u, "C": t + w}
    return {"O": o, **{k: o + rng.uniform(1, 3) * np.array([math.cos(math.radians(x)), math.sin(math.radians(x))])
                       for k, x in d.items()}}


def _straight(rng: Rng) -> dict[str, np.ndarray]:
    """O between A and C, and a ray OB off the line."""
    p = _fan(rng)
    p["C"] = p["O"] - (p["A"] - p["O"]) * rng.uniform(0.5, 2)
    return p


def _convex(rng: Rng, n: int) -> dict[str, np.ndarray]:
    """A convex polygon of n vertices (points on a circle at sorted angles, radii jittered)."""
    if n == 4:
        return quad(rng)
    while True:
        ts = np.sort(rng.uniform(0, 2 * math.pi, n))
        if np.min(np.diff(np.append(ts, ts[0] + 2 * math.pi))) > 0.3:
            r = rng.uniform(2, 3)
            return {LETTERS[i]: np.array([math.cos(t), math.sin(t)]) * r for i, t in enumerate(ts)}


def _polygon_sum(n: int) -> Theorem:
    p = LETTERS[:n]
    total = sum((ang(p[i - 1] + p[i] + p[(i + 1) % n]) for i in range(n)), sympy.Integer(0))
    return Theorem("polygon_property_angle_sum", "by the angle sum of polygon {0}", (Polygon(p, convex=True),),
                   (Conclusion(total, sympy.Integer(180 * (n - 2))),), (p,), lambda rng: _convex(rng, n),
                   figure=f"polygon {p}")


THEOREMS: tuple[Theorem, ...] = (
    Theorem("line_addition", "by line addition on {0}", (Collinear("ABC"),),
            (Conclusion(L("AB") + L("BC"), L("AC")),), ("ABC",), _line3, figure="line A B C"),
    Theorem("angle_addition", "by angle addition at {0}", (RayPair("AOC", flat=False), RayInside("BAOC")),
            (Conclusion(ang("AOB") + ang("BOC"), ang("AOC")),), ("O",), _fan,
            figure="points O A B C\nline O A\nline O B\nline O C"),
    Theorem("adjacent_complementary_angle", "since {0} is a straight line", (RayPair("AOC", flat=True),
                                                                           RayInside("BAOC")),
            (Conclusion(ang("AOB") + ang("BOC"), sympy.Integer(180)),), ("AOC",), _straight,
            figure="points O A B C\nline A O C\nline O B"),
    Theorem("triangle_property_angle_sum", "by the angle sum of triangle {0}", (Triangle("ABC"),),
            (Conclusion(ang("BAC") + ang("ABC") + ang("ACB"), sympy.Integer(180)),), ("ABC",), triangle,
            figure=_TRIANGLE),
    *(_polygon_sum(n) for n in range(4, MAX_POLYGON + 1)),
    Theorem("sine_theorem", "by the law of sines in triangle {0}", (Triangle("ABC"),),
            (Conclusion(L("BC") * Sin(ang("ABC")), L("CA") * Sin(ang("BAC"))),
             Conclusion(L("BC") * Sin(ang("ACB")), L("AB") * Sin(ang("BAC"))),
             Conclusion(L("CA") * Sin(ang("ACB")), L("AB") * Sin(ang("ABC")))), ("ABC",), triangle,
            figure=_TRIANGLE),
    Theorem("cosine_theorem", "by the law of cosines in triangle {0}", (Triangle("ABC"),),
            (Conclusion(L("BC") ** 2, L("AB") ** 2 + L("CA") ** 2 - 2 * L("AB") * L("CA") * Cos(ang("BAC"))),
             Conclusion(L("CA") ** 2, L("AB") ** 2 + L("BC") ** 2 - 2 * L("AB") * L("BC") * Cos(ang("ABC"))),
             Conclusion(L("AB") ** 2, L("BC") ** 2 + L("CA") ** 2 - 2 * L("BC") * L("CA") * Cos(ang("ACB")))),
            ("ABC",), triangle, figure=_TRIANGLE),
)
