"""The construction theorem families of plane geometry, one declarative block each (data only:
the atoms and the matcher are in ``patterns.py``).

Each block: its key (FormalGeo's theorem name), the sentence of a proof step, its premises,
its conclusions as equations between template elements, the names the sentence is filled with,
and a construction of template coordinates on which the premises hold (``figure``: the same
premises stated in the problem language, so that the property test reads the construction as a
configuration, finds the block's instance and measures its conclusions).
"""
from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np
import sympy
from geomill.engine import plane_geometry as pg
from geomill.engine.plane import ELEMENT_KINDS, Cos, Sin, Tan, element_symbol, height_base, height_foot
from geomill.engine.relations import BLOCKS_BY_KEY, L, ang, arc, area, diameter, quad, radius, triangle

from .patterns import (
    Aligned,
    Apart,
    AreaNamed,
    Arm,
    Before,
    Bend,
    Between,
    Circle,
    Collinear,
    Conclusion,
    Convex,
    Corresponding,
    Cyclic,
    Differ,
    GivenEqual,
    Earlier,
    Facing,
    FullTurn,
    Given,
    Joined,
    Measured,
    Meet,
    Midpoint,
    NamedAngle,
    Near,
    OffCircles,
    OnCircle,
    OnLine,
    OnParallels,
    Parallel,
    ParallelLines,
    Permuted,
    Point,
    Polygon,
    Proven,
    RayInside,
    RayPair,
    Reflex,
    SameSide,
    Secants,
    Skew,
    Stated,
    Sweep,
    Theorem,
    Toward,
    Transversal,
    Triangle,
    TrianglePair,
    Turn,
    Undeclared,
    Unstated,
    Unlike,
    Unparallel,
)

# a block's own weight where its key's is not it (Theorem.step_weight, beside weights.py's table): the arcs round the
# whole circle total 360°, read in passing (a major arc is 360° less its minor arc: blind teacher 27 fg 7, an
# isosceles triangle and a cyclic quadrilateral through a point off the route, where the central angle's straight
# line and the whole circle do it; four arcs given as multiples of a: "the arcs total 360°, so 18a = 360°",
# FormalGeo 1525)
ARC_COMPLEMENT = 0.5

if TYPE_CHECKING:  # (annotations only: numpy.random loads where a check draws its points)
    Rng = np.random.Generator

MAX_POLYGON = 12  # THEOREMS writes the polygon families out to this many vertices (polygon_blocks: any)
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_TRIANGLE = "points A B C\ntriangle ABC"


def perimeter(pts: str) -> sympy.Symbol:
    return element_symbol("perimeter", tuple(pts))


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


def _crossing(rng: Rng) -> dict[str, np.ndarray]:
    """Lines AC and BD crossing at O (O between A and C, and between B and D)."""
    p = _straight(rng)
    p["D"] = p["O"] - (p["B"] - p["O"]) * rng.uniform(0.5, 2)
    return p


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
            return {v: np.array([math.cos(t), math.sin(t)]) * r for v, t in zip(_vertices(n), ts)}


def _on(o: np.ndarray, r: float, deg: float) -> np.ndarray:
    return o + r * np.array([math.cos(math.radians(deg)), math.sin(math.radians(deg))])


def _cevian(rng: Rng) -> dict[str, np.ndarray]:
    """Triangle XYZ and M on YZ."""
    p = triangle(rng, "XYZ")
    return {**p, "M": p["Y"] + (p["Z"] - p["Y"]) * rng.uniform(0.1, 0.9)}


def _circle(rng: Rng, names: str = "P", degs: tuple[float, ...] | None = None) -> dict[str, np.ndarray]:
    o, r = _pt(rng), rng.uniform(1, 3)
    if degs is None:
        degs = tuple(np.sort(rng.uniform(0, 360, len(names))))
    return {"O": o, **{n: _on(o, r, d) for n, d in zip(names, degs)}}


def _arc(rng: Rng, low: float, high: float) -> dict[str, np.ndarray]:
    """A and B on circle O, B a sweep of low .. high degrees counter-clockwise from A."""
    t = rng.uniform(0, 360)
    return _circle(rng, "AB", (t, t + rng.uniform(low, high)))


def _rotated(d: dict[str, np.ndarray], p: str) -> dict[str, np.ndarray]:
    """A quadrilateral ABCD's construction with its points renamed so that ``p`` names it in its own order."""
    return {**d, **{x: d[y] for x, y in zip(p, "ABCD")}}


def _four_arcs(rng: Rng) -> dict[str, np.ndarray]:
    """A, B, C, D counter-clockwise on circle O, each arc between neighbours minor."""
    gaps = rng.uniform(1, 2, 4)
    degs = rng.uniform(0, 360) + np.concatenate(([0.0], np.cumsum(gaps[:3] / gaps.sum() * 360)))
    return _circle(rng, "ABCD", tuple(degs))


def _bisected_arc(rng: Rng) -> dict[str, np.ndarray]:
    """M the midpoint of the counter-clockwise arc from A to B on circle O, N off that arc."""
    t, s = rng.uniform(0, 360), rng.uniform(20, 340)
    return _circle(rng, "AMBN", (t, t + s / 2, t + s, t + s + rng.uniform(0.1, 0.9) * (360 - s)))


def _inscribed(rng: Rng) -> dict[str, np.ndarray]:
    """A, B, M on circle O, M off the counter-clockwise arc from A to B."""
    t, s = rng.uniform(0, 360), rng.uniform(20, 300)
    return _circle(rng, "ABM", (t, t + s, t + s + rng.uniform(0.1, 0.9) * (360 - s)))


def _central(rng: Rng) -> dict[str, np.ndarray]:
    """A, B, M on circle O: B a minor sweep counter-clockwise from A, M off that arc."""
    t, s = rng.uniform(0, 360), rng.uniform(20, 170)
    return _circle(rng, "ABM", (t, t + s, t + s + rng.uniform(0.1, 0.9) * (360 - s)))


def _alternate(rng: Rng, ccw: bool) -> dict[str, np.ndarray]:
    """A, B, M on circle O, PA tangent at A turning ``ccw`` from OA; M off the arc the angle PAB holds."""
    d = _inscribed(rng)
    if not ccw:  # the mirror image: the arc from A to B clockwise, M off it
        d = {k: np.array([v[0], -v[1]]) for k, v in d.items()}
    o, a = d["O"], d["A"]
    u = np.array([-(a - o)[1], (a - o)[0]]) * (1 if ccw else -1)
    return {**d, "P": a + u * rng.uniform(0.5, 2.0)}


def _exterior(rng: Rng) -> dict[str, np.ndarray]:
    """Triangle ABC and D on BC beyond C."""
    p = triangle(rng)
    return {**p, "D": p["C"] + (p["C"] - p["B"]) * rng.uniform(0.2, 1.5)}


def _bend(rng: Rng) -> dict[str, np.ndarray]:
    """APB parallel to CQD, E strictly between them joined to P and Q."""
    a, u = _pt(rng), _on(np.zeros(2), 1, rng.uniform(0, 360))
    n = np.array([-u[1], u[0]]) * rng.uniform(2, 4)
    p = a + u * rng.uniform(2, 3)
    c = a + n + u * rng.uniform(-1, 1)
    q = c + u * rng.uniform(1.5, 2.5)
    return {"A": a, "P": p, "B": a + u * rng.uniform(4, 5), "C": c, "Q": q, "D": c + u * rng.uniform(4, 5),
            "E": a + n * rng.uniform(0.25, 0.75) + u * rng.uniform(-2, 7)}


def _angle_between(o: np.ndarray, b: np.ndarray, a: np.ndarray) -> float:
    """A direction (degrees) about ``o`` strictly inside the counter-clockwise sweep from ``b`` to ``a``."""
    tb = math.degrees(math.atan2(*(b - o)[::-1]))
    sweep = (math.degrees(math.atan2(*(a - o)[::-1])) - tb) % 360
    return tb + sweep * 0.37


def _cross(rng: Rng) -> dict[str, np.ndarray]:
    """Lines AVB and CVD crossing at V, at a right angle when ``perpendicular``."""
    v, t = _pt(rng), rng.uniform(0, 360)
    u, w = _on(np.zeros(2), 1, t), _on(np.zeros(2), 1, t + 90)
    return {"V": v, "A": v - u * rng.uniform(1, 3), "B": v + u * rng.uniform(1, 3),
            "C": v - w * rng.uniform(1, 3), "D": v + w * rng.uniform(1, 3)}


def _parallels(rng: Rng) -> dict[str, np.ndarray]:
    """APB parallel to CQD, the transversal EPQF."""
    a, u = _pt(rng), _on(np.zeros(2), 1, rng.uniform(0, 360))
    n = np.array([-u[1], u[0]]) * rng.uniform(1.5, 4) + u * rng.uniform(-2, 2)
    p = {"A": a, "P": a + u * rng.uniform(1, 2), "B": a + u * rng.uniform(3, 4)}
    c = a + n + u * rng.uniform(-1, 1)
    sign = rng.choice([-1.0, 1.0])  # C to D with A to B, or against it
    q = c + sign * u * rng.uniform(1, 2)
    return {**p, "C": c, "Q": q, "D": c + sign * u * rng.uniform(3, 4),
            "E": p["P"] + (p["P"] - q) * rng.uniform(0.2, 1), "F": q + (q - p["P"]) * rng.uniform(0.2, 1)}


def _hits(p: np.ndarray, d: np.ndarray, o: np.ndarray, r: float) -> tuple[np.ndarray, np.ndarray]:
    """Where the line p + t d meets the circle (o, r), in the order of t."""
    f = p - o
    b, c = float(f @ d), float(f @ f) - r * r
    q = math.sqrt(b * b - c)
    return p + d * (-b - q), p + d * (-b + q)


def _chords(rng: Rng) -> dict[str, np.ndarray]:
    """Chords APB and CPD of circle O through P inside it."""
    o, r = _pt(rng), rng.uniform(2, 3)
    p = o + _on(np.zeros(2), r * rng.uniform(0, 0.7), rng.uniform(0, 360))
    t = rng.uniform(0, 180)
    a, b = _hits(p, _on(np.zeros(2), 1, t), o, r)
    c, d = _hits(p, _on(np.zeros(2), 1, t + rng.uniform(30, 150)), o, r)
    return {"O": o, "P": p, "A": a, "B": b, "C": c, "D": d}


def _tangents(rng: Rng) -> dict[str, np.ndarray]:
    """Tangents PA and PB to circle O, and the secant PDC (D the nearer: a line's points are read
    from the least name, so C, D is its order)."""
    o, r = _pt(rng), rng.uniform(1, 2)
    k = rng.uniform(1.5, 3)
    t = rng.uniform(0, 360)
    p = _on(o, r * k, t)
    half = math.degrees(math.acos(1 / k))  # the tangent points are this far from P's direction about O
    a, b = _on(o, r, t + half), _on(o, r, t - half)
    towards = (o - p) / np.linalg.norm(o - p)
    d, c = _hits(p, _on(np.zeros(2), 1, math.degrees(math.atan2(towards[1], towards[0])) +
                        rng.uniform(-0.6, 0.6) * math.degrees(math.asin(1 / k))), o, r)
    return {"O": o, "P": p, "A": a, "B": b, "C": c, "D": d}


def _secants(rng: Rng) -> dict[str, np.ndarray]:
    """Secants PAB and PCD of circle O from P outside it (A and C the nearer points)."""
    o, r = _pt(rng), rng.uniform(1, 2)
    k = rng.uniform(1.5, 3)
    t = rng.uniform(0, 360)
    p = _on(o, r * k, t)
    reach = math.degrees(math.asin(1 / k))  # the directions from P that meet the circle
    a, b = _hits(p, _on(np.zeros(2), 1, t + 180 + rng.uniform(-0.9, -0.1) * reach), o, r)
    c, d = _hits(p, _on(np.zeros(2), 1, t + 180 + rng.uniform(0.1, 0.9) * reach), o, r)
    return {"O": o, "P": p, "A": a, "B": b, "C": c, "D": d}


def _tangent_secant(rng: Rng) -> dict[str, np.ndarray]:
    """The tangent PT and the secant PCD of circle O (C the nearer point)."""
    at = _tangents(rng)
    return {"O": at["O"], "P": at["P"], "T": at["A"], "C": at["D"], "D": at["C"]}


def _turned(make: Callable[[Rng], dict[str, np.ndarray]], o: str, a: str, c: str, m: str, off: bool
            ) -> Callable[[Rng], dict[str, np.ndarray]]:
    """``make``'s figure, mirrored where needed so that M is off (``off``) or on the counter-clockwise arc
    about O from A to C (a mirror keeps every line's order and turns every arc)."""
    def build(rng: Rng) -> dict[str, np.ndarray]:
        at = make(rng)
        if (pg.sweep(at[o], at[a], at[m]) > pg.sweep(at[o], at[a], at[c])) != off:
            at = {k: v * (-1.0, 1.0) for k, v in at.items()}
        return at
    return build


def _incircle(rng: Rng) -> dict[str, np.ndarray]:
    """A triangle ABC whose sides touch circle O (its incircle) at W (on AB), X (on BC) and Y (on CA)."""
    at = _convex(rng, 3)
    a, b, c = at["A"], at["B"], at["C"]
    la, lb, lc = (float(np.linalg.norm(p - q)) for p, q in ((b, c), (c, a), (a, b)))
    o = (la * a + lb * b + lc * c) / (la + lb + lc)

    def foot(p: np.ndarray, q: np.ndarray) -> np.ndarray:
        d = q - p
        return p + d * float(np.dot(o - p, d) / np.dot(d, d))
    return {**at, "O": o, "W": foot(a, b), "X": foot(b, c), "Y": foot(c, a)}


def _tangential(rng: Rng) -> dict[str, np.ndarray]:
    """A quadrilateral ABCD whose sides touch circle O at W (on AB), X, Y and Z (on DA): the tangent points
    counter-clockwise, less than 180 degrees apart, each vertex where two neighbouring tangents meet."""
    o, r = _pt(rng), rng.uniform(1, 2)
    while True:
        ts = np.sort(rng.uniform(0, 360, 4))
        gaps = np.diff(np.append(ts, ts[0] + 360))
        if gaps.max() < 150 and gaps.min() > 40:
            break
    at = {"O": o, **{n: _on(o, r, t) for n, t in zip("ZWXY", ts)}}
    for v, (a, b) in zip("ABCD", ((ts[0], ts[1]), (ts[1], ts[2]), (ts[2], ts[3]), (ts[3], ts[0] + 360))):
        at[v] = _on(o, r / math.cos(math.radians((b - a) / 2)), (a + b) / 2)
    return at


def _diagonals(rng: Rng) -> dict[str, np.ndarray]:
    """A convex quadrilateral ABCD and P where its diagonals AC and BD cross."""
    p = quad(rng)
    a, b, c, d = (p[k] for k in "ABCD")
    t = np.linalg.solve(np.column_stack([c - a, b - d]), b - a)[0]
    return {**p, "P": a + t * (c - a)}


def _midsegment(rng: Rng) -> dict[str, np.ndarray]:
    p = triangle(rng, "XYZ")
    return {**p, "D": (p["X"] + p["Y"]) / 2, "E": (p["X"] + p["Z"]) / 2}


def _bisector_foot(rng: Rng) -> dict[str, np.ndarray]:
    p = triangle(rng)
    ba, bc = pg.dist(p["B"], p["A"]), pg.dist(p["B"], p["C"])
    return {**p, "D": (bc * p["A"] + ba * p["C"]) / (ba + bc)}


def _centroid(rng: Rng) -> dict[str, np.ndarray]:
    p = triangle(rng)
    a, b, c = p["A"], p["B"], p["C"]
    return {**p, "O": (a + b + c) / 3, "D": (b + c) / 2, "E": (c + a) / 2, "F": (a + b) / 2}


def _trapezoid_mid(rng: Rng) -> dict[str, np.ndarray]:
    p = BLOCKS_BY_KEY["trapezoid"].construct(rng)
    return {**p, "E": (p["A"] + p["B"]) / 2, "F": (p["D"] + p["C"]) / 2}


def _parallelogram_centre(rng: Rng) -> dict[str, np.ndarray]:
    p = BLOCKS_BY_KEY["parallelogram"].construct(rng)
    return {**p, "O": (p["A"] + p["C"]) / 2}


# four points of one circle, the quadrilateral's sides drawn, in their order round it (A first by name, B before D)
_CYCLIC_QUADRILATERAL = (OnCircle("AO"), OnCircle("BO"), Apart("B", "A"), Before("AB"), OnCircle("DO"), Before("AD"),
                         Before("BD"), Joined("AB"), Joined("AD"), OnCircle("CO"), Before("AC"), Apart("C", "BD"),
                         Joined("BC"), Joined("CD"), Convex("ABCD"))


def _vertices(n: int) -> tuple[str, ...]:
    """Template vertices of an n-gon: letters, then numbered names past Z."""
    return tuple(LETTERS[:n]) if n <= len(LETTERS) else tuple(f"V{i}" for i in range(n))


def _polygon_sum(n: int) -> Theorem:
    p = _vertices(n)
    total = sum((ang((p[i - 1], p[i], p[(i + 1) % n])) for i in range(n)), sympy.Integer(0))
    return Theorem("polygon_property_angle_sum", "by the angle sum of polygon {0}", (Polygon(p, convex=True),),
                   (Conclusion(total, sympy.Integer(180 * (n - 2))),), (p,), lambda rng: _convex(rng, n),
                   figure=f"polygon {''.join(p)}")


def _exterior_sum(n: int, forward: bool) -> Theorem:
    """The exterior angles of a convex polygon, one at each vertex (every side extended beyond a vertex the same
    way round: ``forward``, side AB beyond A; else side BA beyond B), add up to 360°: one line where four interior
    angles from four straight lines take five."""
    p, q = _vertices(n), tuple("PQRSTU"[:n])
    ahead = (lambda i: p[(i + 1) % n]) if forward else (lambda i: p[i - 1])
    behind = (lambda i: p[i - 1]) if forward else (lambda i: p[(i + 1) % n])
    total = sum((ang((behind(i), p[i], q[i])) for i in range(n)), sympy.Integer(0))

    def build(rng: Rng) -> dict[str, np.ndarray]:
        at = _convex(rng, n)
        return {**at, **{q[i]: at[p[i]] + (at[p[i]] - at[ahead(i)]) * rng.uniform(0.2, 0.8) for i in range(n)}}

    return Theorem("polygon_property_exterior_angle_sum", "since the exterior angles of {0} add up to 360°",
                   (Polygon(p, convex=True), *(OnLine(q[i] + p[i] + ahead(i)) for i in range(n)),
                    *(Between(p[i] + q[i] + ahead(i)) for i in range(n))),
                   (Conclusion(total, sympy.Integer(360)),), (p,), build,
                   figure=f"points {' '.join(p + q)}\n{'triangle' if n == 3 else 'polygon'} {''.join(p)}\n"
                          + "\n".join(f"line {ahead(i)} {p[i]} {q[i]}" for i in range(n)))


def _perimeter(n: int) -> Theorem:
    p = _vertices(n)
    sides = sum((L((p[i - 1], p[i])) for i in range(n)), sympy.Integer(0))
    return Theorem("polygon_perimeter_formula", "since the perimeter of {0} is the sum of its sides", (Polygon(p),),
                   (Conclusion(perimeter(p), sides),), (p,), lambda rng: _convex(rng, n),
                   figure=_TRIANGLE if n == 3 else f"polygon {''.join(p)}")


def _area_split(n: int) -> Theorem:
    """A diagonal from vertex k cuts off the triangle (k-1, k, k+1)."""
    p = _vertices(n)
    cuts = tuple(Conclusion(area(p), area((p[k - 1], p[k], p[(k + 1) % n])) + area(p[:k] + p[k + 1:]),
                            (p, (p[k - 1], p[(k + 1) % n]), (p[k - 1], p[k], p[(k + 1) % n]), p[:k] + p[k + 1:]))
                 for k in range(n))
    rest = {4: "triangle", 5: "quadrilateral", 6: "pentagon"}.get(n, "polygon")  # (the part beside the triangle)
    parts = "the triangles {2} and {3}" if n == 4 else f"the triangle {{2}} and the {rest} {{3}}"
    return Theorem("polygon_area_split", f"since the diagonal {{1}} divides {{0}} into {parts}",
                   (Polygon(p, convex=True),), cuts, (p,),
                   lambda rng: _convex(rng, n), figure=f"polygon {''.join(p)}")


def _concave(rng: Rng, mask: tuple[bool, ...]) -> dict[str, np.ndarray]:
    """A simple polygon whose reflex corners are those ``mask`` marks: turns chosen at its corners (a
    reflex one turns back), sides of random lengths but the last two, which close it (tried until one is
    simple)."""
    n, back = len(mask), sum(mask)
    for _ in range(10000):
        turns = np.where(mask, -rng.uniform(5, 25, n), 0.0)
        w = rng.uniform(0.5, 1.5, n) * ~np.array(mask)
        turns += w / w.sum() * (360 - turns.sum())
        if turns.max() >= 170:
            continue
        heads = np.radians(np.cumsum(turns))
        u = np.stack([np.cos(heads), np.sin(heads)], axis=1)
        sides = rng.uniform(1, 3, n)
        try:
            sides[-2:] = np.linalg.solve(u[-2:].T, -(sides[:-2, None] * u[:-2]).sum(axis=0))
        except np.linalg.LinAlgError:
            continue
        if sides.min() < 0.3:
            continue
        pts = list(np.cumsum(sides[:, None] * u, axis=0))  # corner k + 1 turns by turns[k + 1]
        pts = pts[-1:] + pts[:-1]  # corner k turns by turns[k]
        if not pg.crosses_itself(pts) and back:
            return dict(zip(_vertices(n), pts))
    raise AssertionError(f"no polygon with reflex corners {mask}")


@functools.cache
def concave_sum(mask: tuple[bool, ...]) -> Theorem:
    """The angle sum of a polygon with these reflex corners, in its own order (``mask`` is the pattern's
    greatest turn: it starts at a reflex corner): a reflex corner counts 360 less the angle its atom
    names.  Written out for the patterns a problem's polygons have (``theorems.blocks``)."""
    n = len(mask)
    p, q = _vertices(n), tuple(f"R{i}" for i in range(n))
    total = sum((-1 if mask[i] else 1) * ang((q[i - 1], q[i], q[(i + 1) % n])) for i in range(n))
    return Theorem("polygon_property_angle_sum", "by the angle sum of polygon {0}, each reflex corner counted as "
                   "360° less its angle", (Polygon(p), Reflex(q, p, mask)),
                   (Conclusion(total, sympy.Integer(180 * (n - 2) - 360 * sum(mask))),), (p,),
                   lambda rng: _concave(rng, mask), figure=f"polygon {''.join(p)}")


def concave_pattern(reflex: tuple[bool, ...]) -> tuple[bool, ...]:
    """A polygon's pattern of reflex corners as its block names it: its greatest turn."""
    return max(reflex[k:] + reflex[:k] for k in range(len(reflex)))


def concave_blocks(n: int) -> tuple[Theorem, ...]:
    """Every concave n-gon's angle sum, one block per pattern of reflex corners (1 to n - 3 of them; the
    tests write out the small sizes: a 12-gon has hundreds of patterns)."""
    masks = (m for m in itertools.product((True, False), repeat=n) if 1 <= sum(m) <= n - 3 and m == concave_pattern(m))
    return tuple(concave_sum(m) for m in masks)


@functools.cache
def polygon_blocks(n: int) -> tuple[Theorem, ...]:
    """The polygon families written for n vertices: THEOREMS holds them up to MAX_POLYGON, and a
    problem with a larger polygon gets its size's from here."""
    return (_perimeter(n),) + ((_polygon_sum(n), _area_split(n)) if n >= 4 else ())


def _sector(kind: str, key: str, sentence: str, rhs: sympy.Expr) -> Theorem:
    """A formula for an arc's or a sector's element, where a fact or the goal names it.  (main's
    generator also said OA is a radius there: the language declares that circle, so the radius
    block says it already.)"""
    el = element_symbol(kind, ("O", "A", "B"))
    words = " ".join(ELEMENT_KINDS[kind].words)
    return Theorem(key, sentence, (Measured("OAB", (kind,)),), (Conclusion(el, rhs),), ("OAB",),
                   lambda rng: _arc(rng, 20, 340), figure=f"circle O through A B\nfind {words} OAB")


PI = sympy.pi
_RIGHT = sympy.Integer(90)
_SIXTY = sympy.Integer(60)
_HALF_TURN = sympy.Integer(180)
# the bisector BD's foot cuts AC in the ratio of the sides: each part from the whole side at once
_BISECTOR_PARTS = (Conclusion(L("AD") * (L("AB") + L("BC")), L("AC") * L("AB")),
                   Conclusion(L("DC") * (L("AB") + L("BC")), L("AC") * L("BC")))  # an equilateral triangle's angles
_HEIGHT = element_symbol("height", tuple("XYZ"))
R = radius("O")
_ARC = arc("OAB")
_CENTRAL = "since arc {0[1]}{0[2]} has the measure of its central angle {0[1]}{0[0]}{0[2]}"
_PARALLEL = "points A B C D P Q E F\nline A P B\nline C Q D\nline E P Q F\nAB parallel to CD"
_TRANSVERSAL = (Parallel("ABCD"), Transversal("PQABCD"), Arm("XPAB"), Arm("YPPQ"), Arm("UQCD"), Arm("VQPQ"))
# a transversal PQ of two parallels: X, Y name rays from P along AB and along PQ; U, V rays from Q along CD and PQ
_TANGENTS = "circle O through A B C D\nline P D C\nPA tangent to circle O\nPB tangent to circle O"
_INSIDE = ("since the chords {1} and {2} of circle {3} cross at {0} inside it, the angle {4} is half the sum of "
           "the arcs intercepted by it and by its vertical angle {5}")
_OUTSIDE = ("since the lines {1} and {2} cut circle {3} and meet at {0} outside it, the angle {4} is half the "
            "difference of the arcs they intercept")
_TANGENT_SECANT = ("since the tangent {1} and the line {2} cutting circle {3} meet at {0} outside it, the angle {4} "
                   "is half the difference of the arcs they intercept")
_PARALLELOGRAMS = ("parallelogram", "rectangle", "rhombus", "square")
_EQUILATERAL = ("equilateral triangle", 0)  # a sentence that names its first name the equilateral triangle
_SIMILARITIES = tuple(tuple(f"{m}{k}_{shape}" for m in ("", "mirror_") for k in ("similar", "congruent"))
                     for shape in ("triangles", "quadrilaterals"))
_CHORD = (OnCircle("AO"), OnCircle("BO"), Before("AB"), Between("MAB"), Apart("M", "O"), Joined("OM"))
_ARCS = (OnCircle("AO"), OnCircle("BO"), OnCircle("DO"), OnCircle("EO"), Apart("A", "B"), Apart("D", "E"),
         Earlier("AB", "DE"))
_QUAD = (Polygon("ABCD"), Undeclared("ABCD", _PARALLELOGRAMS), Convex("ABCD"), Near(L("AB"), L("CD")),
         Near(L("BC"), L("DA")))
_PARALLELOGRAM = (Conclusion(L("AB"), L("CD")), Conclusion(L("BC"), L("DA")), Conclusion(ang("DAB"), ang("BCD")),
                  Conclusion(ang("ABC"), ang("CDA")), Conclusion(area("ABCD"), L("AB") * L("AD") * Sin(ang("DAB"))),
                  # (its adjacent angles, co-interior on parallel sides: never the quadrilateral's angle sum halved)
                  Conclusion(ang("DAB") + ang("ABC"), sympy.Integer(180)),
                  Conclusion(ang("ABC") + ang("BCD"), sympy.Integer(180)))
# the co-interior angles' reason, said after the judgement's: the parallel sides they lie between
_CO_INTERIOR = (", whose co-interior angles at {0[0]} and {0[1]} add up to 180° (as {0[0]}{0[3]} is parallel to "
                "{0[1]}{0[2]})", ", whose co-interior angles at {0[1]} and {0[2]} add up to 180° (as {0[0]}{0[1]} is "
                "parallel to {0[2]}{0[3]})")


def _judged_parallelogram(sentence: str) -> tuple[Conclusion, ...]:
    """A parallelogram's conclusions where a judgement shows it one (``sentence``): its adjacent angles'
    sentence names them co-interior between the parallel sides, which the judgement alone does not say."""
    return (*_PARALLELOGRAM[:5], *(Conclusion(c.lhs, c.rhs, sentence=sentence + why)
                                   for c, why in zip(_PARALLELOGRAM[5:], _CO_INTERIOR)))

_DIAGONALS_BISECTED = (Conclusion(L("AO"), L("OC")), Conclusion(L("BO"), L("OD")), Conclusion(L("AC"), 2 * L("AO")),
                       Conclusion(L("AC"), 2 * L("OC")), Conclusion(L("BD"), 2 * L("BO")),
                       Conclusion(L("BD"), 2 * L("OD")))
# a rhombus's diagonal and its ends as the block's rotation names them in the shape's order (BD, at B and D)
_DIAGONAL_ENDS = {"ABCD": ("AC", "A", "C"), "BCDA": ("CA", "C", "A")}

# two medians XM and YN of a triangle meeting at G (the centroid's two blocks: its 2:1 ratio, its two thirds)
_CENTROID = (Triangle("ABC"), Cyclic("XYZ", "ABC"), Between("MYZ"), Joined("XM"), Between("NZX"), Joined("YN"),
             Between("GXM"), Between("GYN"), Near(L("YM"), L("MZ")), Near(L("ZN"), L("NX")),
             Proven(L("YM"), L("MZ")), Proven(L("ZN"), L("NX")))
_CENTROID_FIGURE = "points A B C D E G\ntriangle ABC\nline B D C\nline C E A\nline A G D\nline B G E\nBD = DC\nCE = EA"

_SIMILAR = "since triangles {0} and {1} are similar"
_LINE_RATIO = "similar_triangle_property_line_ratio"


def _ratios(p: str, q: str) -> tuple[Conclusion, ...]:
    """The sides, perimeters and areas of similar polygons p ~ q (vertices in correspondence)."""
    n = len(p)
    sides = [(L(p[i] + p[(i + 1) % n]), L(q[i] + q[(i + 1) % n])) for i in range(n)]
    (s0, t0) = sides[0]
    out = [Conclusion(s * t0, s0 * t, key=_LINE_RATIO) for s, t in sides[1:]]
    out += [Conclusion(s1 * u2, s2 * u1, key=_LINE_RATIO)
            for (s1, u1), (s2, u2) in itertools.combinations(sides[1:], 2)]
    for s, t in sides:
        out.append(Conclusion(area(p) * t ** 2, area(q) * s ** 2, key="similar_triangle_property_area_square_ratio"))
        out.append(Conclusion(perimeter(p) * t, perimeter(q) * s, key="similar_triangle_property_perimeter_ratio"))
    return tuple(out)


# two triangles whose angles match on the model, ABC to PQR; XYZ to UVW: the same correspondence turned
_PAIR = (TrianglePair("ABCDEF"), Permuted("PQR", "DEF"), Near(ang("CAB"), ang("RPQ")), Near(ang("ABC"), ang("PQR")),
         Near(ang("BCA"), ang("QRP")), Corresponding("XYZUVW", "ABCPQR"))
_ANGLES = (Conclusion(ang("CAB"), ang("RPQ")), Conclusion(ang("ABC"), ang("PQR")), Conclusion(ang("BCA"), ang("QRP")))
_SIDES = (Conclusion(L("AB"), L("PQ")), Conclusion(L("BC"), L("QR")), Conclusion(L("CA"), L("RP")))
_PAIR_TEXT = "points A B C D E F\ntriangle ABC\ntriangle DEF\n"
_SIDE = {"XY": Proven(L("XY"), L("UV")), "YZ": Proven(L("YZ"), L("VW")), "ZX": Proven(L("ZX"), L("WU"))}
_ANGLE = {"X": Proven(ang("ZXY"), ang("WUV")), "Y": Proven(ang("XYZ"), ang("UVW"))}
# each criterion of congruence: its proven premises (at the turned correspondence) and a figure's facts.  HL
# first: a round meets the two right triangles with a common hypotenuse and an equal leg before the SSS that a
# chain of isosceles triangles in the same round proves the third side for (RHS in one line, not "Join MP")
_CONGRUENCE = (
    ("HL", (_ANGLE["X"], Proven(ang("ZXY"), _RIGHT), _SIDE["YZ"], _SIDE["XY"]),
     "angle CAB = 90\nangle FDE = 90\nBC = EF\nAB = DE"),
    ("HL", (_ANGLE["X"], Proven(ang("ZXY"), _RIGHT), _SIDE["YZ"], _SIDE["ZX"]),
     "angle CAB = 90\nangle FDE = 90\nBC = EF\nCA = FD"),
    ("SSS", tuple(_SIDE.values()), "AB = DE\nBC = EF\nCA = FD"),
    ("SAS", (_SIDE["XY"], _SIDE["YZ"], _ANGLE["Y"]), "AB = DE\nBC = EF\nangle ABC = angle DEF"),
    *((crit, (_ANGLE["X"], _ANGLE["Y"], _SIDE[side]), f"angle CAB = angle FDE\nangle ABC = angle DEF\n{text}")
      for crit, side, text in (("ASA", "XY", "AB = DE"), ("AAS", "YZ", "BC = EF"), ("AAS", "ZX", "CA = FD"))),
)


# a line through the midpoint of one side of a parallelogram, parallel to the other pair: the parallelogram it cuts off
_CUT_PARALLELOGRAM = ("since {0} is parallel to {1[0]}{1[1]} and {1[0]}{0[1]} is parallel to {1[1]}{0[0]} (on opposite "
                      "sides of the parallelogram {1}), {1[0]}{1[1]}{0[0]}{0[1]} is a parallelogram")
_TEMPLATE_AT = {"A": "{1[0]}", "B": "{1[1]}", "C": "{1[2]}", "D": "{1[3]}", "E": "{0[0]}", "F": "{0[1]}"}
_CUT_END = {"E": "B", "F": "A"}  # the cut-off parallelogram ABEF's side from each point: BE and AF


def _at(points: str) -> str:
    """Template letters of the cut-off parallelogram's sentence as its format fields."""
    return "".join(_TEMPLATE_AT[p] for p in points)


def _carried_half(m: str, side: str, n: str, other: str) -> str:
    """The cut-off parallelogram's sentence when it carries the given midpoint ``m`` of ``side`` across to ``n`` on
    the opposite side ``other`` (template letters): the equal sides and halves it reads, and the given midpoint, named,
    ``… is a parallelogram and BE = AF = AD/2 = BC/2 (as F is the midpoint of AD), so E is the midpoint of BC``."""
    return (f"{_CUT_PARALLELOGRAM} and {_at(_CUT_END[n] + n)} = {_at(_CUT_END[m] + m)} = {_at(side)}/2 = "
            f"{_at(other)}/2 (as {_at(m)} is the midpoint of {_at(side)}), so {_at(n)} is the midpoint of {_at(other)}")


def _carried_part(m: str, side: str, n: str) -> str:
    """The cut-off parallelogram's sentence for the part it carries across itself: ``… is a parallelogram and
    BE = AF, half of AD (as F is its midpoint)``, the half of the given side read at once (never through E being
    the midpoint of BC and BC's length: a circle back to the same half)."""
    return (f"{_CUT_PARALLELOGRAM} and {_at(_CUT_END[n] + n)} = {_at(_CUT_END[m] + m)}, half of {_at(side)} (as "
            f"{_at(m)} is its midpoint)")


def _half(mab: str) -> tuple[Near, Proven]:
    """M is the midpoint of AB: near it on the model, AM = MB proven."""
    m, a, b = mab
    return Near(L(a + m), L(m + b)), Proven(L(a + m), L(m + b))


def _halves(amb: str) -> tuple[Conclusion, ...]:
    """M proven the midpoint of AB: AM = MB, and each half as AB/2 at once (AE = AC/2 in one step, as a textbook
    reads it off the midpoint, where the equal halves and the whole segment's addition would weigh as two)."""
    a, m, b = amb
    return Conclusion(L(a + m), L(m + b)), Conclusion(2 * L(a + m), L(a + b)), Conclusion(2 * L(m + b), L(a + b))


def _height(pts: str) -> sympy.Symbol:
    return element_symbol("height", tuple(pts))


def _heights_onto(poly: str, sides: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """The polygon's own names whose height falls on one of ``sides`` (``CDAB``: onto CD), each with
    that side: a height as a fact or the goal names it."""
    out: dict[str, str] = {}
    n = len(poly)
    for side in sides:
        for name in (poly[k:] + poly[:k] for k in range(n)):
            for turned in (name, name[0] + name[1:][::-1]):
                if height_base(turned) == set(side):
                    out[turned] = side
    return tuple(out.items())


# M halves YZ: each half as half the whole, so that a proof says "AM = AB/2", never "AM = 12 - AM"
_HALVES = (Conclusion(L("YZ"), 2 * L("YM")), Conclusion(L("YZ"), 2 * L("MZ")))
# the isosceles triangle XYZ's line XM from its apex: what it is also, and what that gives
_ALSO = {"altitude": "the altitude", "median": "the median to the base", "bisector": "the bisector of the apex angle"}
# (the altitude's right angle on each side of its foot: the right triangle a step uses, with no linear pair first)
_COINCIDING = {"altitude": (Conclusion(ang("XMY"), _RIGHT), Conclusion(ang("XMZ"), _RIGHT)),
               "median": (Conclusion(L("YM"), L("MZ")), *_HALVES), "bisector": (Conclusion(ang("YXM"), ang("MXZ")),)}
_TRAPEZOIDS = ("trapezoid", "isosceles_trapezoid", "right_trapezoid")
_ALTITUDE = {3: "altitude_of_triangle_judgment", 4: "altitude_of_quadrilateral_judgment"}
_TRAPEZOID_TEXT = "points A B C D\ntrapezoid ABCD bases AD BC\n"
_ISOSCELES_TRAPEZOID_JUDGED = ("since {1} is parallel to {2} and {1} ≠ {2}, {0} is a trapezoid, and its legs {3} and {4} "
                               "are equal: it is an isosceles trapezoid")
# the triangle a leg translated along the bases makes with the other leg: sides AB, CD and |AD - BC|
_LEGS = L("AB") ** 2, L("CD") ** 2, (L("AD") - L("BC")) ** 2


def _trapezoid_height(h: str) -> Conclusion:
    """4 (AD - BC)^2 h^2 = 16 S^2 of the triangle with sides AB, CD, |AD - BC| (Heron), whose height
    onto its side |AD - BC| is the trapezoid's."""
    c, d, e = _LEGS
    return Conclusion(4 * e * _height(h) ** 2, 2 * c * d + 2 * c * e + 2 * d * e - c ** 2 - d ** 2 - e ** 2)


def _isosceles_trapezoid_height(h: str) -> Theorem:
    """The height ``h`` of the isosceles trapezoid ABCD (bases AD, BC) by Pythagoras: its foot cuts off
    half the difference of the bases, (AD - BC)/2, next to the leg AB.  ``BAD`` is the height the shape
    draws; another height where a fact or the goal names it."""
    named = () if h == "BAD" else (Measured(h, ("height",)),)
    return Theorem("isosceles_trapezoid_property_area", "since the height {1} of the isosceles trapezoid {0} cuts "
                   "off half the difference of its bases, by Pythagoras with the leg {2}",
                   (Given("isosceles_trapezoid", ("ABCD", "AD", "BC")), *named),
                   (Conclusion(_height(h) ** 2 + (L("AD") - L("BC")) ** 2 / 4, L("AB") ** 2),), ("ABCD", h, "AB"),
                   figure=f"points A B C D\nisosceles trapezoid ABCD bases AD BC\nfind height {h}")


def _foot_line(base: str, end: str, inside: bool) -> str:
    """The line of a trapezoid's base with the foot Y of a height onto it: between the base's ends where that base
    is the longer, else beyond ``end``."""
    if inside:
        return f"{base[0]} Y {base[1]}"
    return f"Y {base[0]} {base[1]}" if base[0] == end else f"{base[0]} {base[1]} Y"


# in the order of main's generators, so that the deduction meets the instances in about the order it did
THEOREMS: tuple[Theorem, ...] = (
    Theorem("line_addition", "since {0[1]} lies on {0[0]}{0[2]}", (Collinear("ABC"),),
            (Conclusion(L("AB") + L("BC"), L("AC")),), ("ABC",), _line3, figure="line A B C"),
    Theorem("angle_addition", "by angle addition at {0}", (RayPair("AOC", flat=False), RayInside("BAOC")),
            (Conclusion(ang("AOB") + ang("BOC"), ang("AOC")),), ("O", "OB", "AOC"), _fan,
            figure="points O A B C\nline O A\nline O B\nline O C"),
    Theorem("adjacent_complementary_angle", "since {0} is a straight line", (RayPair("AOC", flat=True),
                                                                           RayInside("BAOC")),
            (Conclusion(ang("AOB") + ang("BOC"), sympy.Integer(180)),), ("AOC",), _straight,
            figure="points O A B C\nline A O C\nline O B"),
    Theorem("vertical_angle", "since {0} and {1} cross at {2} (vertical angles)",
            (RayPair("AOC", flat=True), RayPair("BOD", flat=True), Apart("B", "AC"), Apart("D", "AC")),
            (Conclusion(ang("AOB"), ang("COD")), Conclusion(ang("AOD"), ang("COB"))), ("AC", "BD", "O"), _crossing,
            figure="points O A B C D\nline A O C\nline B O D", weight=0.8),
    Theorem("round_angle", "since the angles around {0} make a full turn", (FullTurn("VABC"),),
            (Conclusion(ang("AVB") + ang("BVC") + ang("AVC"), sympy.Integer(360)),), ("V",),
            figure="points V A B C\nline V A\nline V B\nline V C\nclockwise AVB BVC\nangle AVB = 100\n"
                   "angle BVC = 120"),
    Theorem("triangle_property_angle_sum", "by the angle sum of triangle {0}", (Triangle("ABC"),),
            (Conclusion(ang("BAC") + ang("ABC") + ang("ACB"), sympy.Integer(180)),), ("ABC",), triangle,
            figure=_TRIANGLE),
    *(_polygon_sum(n) for n in range(4, MAX_POLYGON + 1)),
    *(_exterior_sum(n, forward) for n in range(3, 7) for forward in (True, False)),
    # -- parallel and perpendicular lines ---------------------------------------------------------------
    Theorem("parallel_property_angle", "since {0} is parallel to {1}, the corresponding angles {2} and {3} are equal",
            (*_TRANSVERSAL, Aligned("PXQU"), Aligned("PYQV")), (Conclusion(ang("XPY"), ang("UQV")),),
            ("AB", "CD", "XPY", "UQV"),
            _parallels, figure=_PARALLEL),
    # (alternate angles between the parallels, and alternate exterior angles outside them)
    *(Theorem("parallel_property_angle",
              f"since {{0}} is parallel to {{1}}, the alternate {kind}angles {{2}} and {{3}} are equal",
              (*_TRANSVERSAL, Aligned("PXQU", same=False), Aligned("PYQV", same=False), Facing("YPQ", toward=not kind)),
              (Conclusion(ang("XPY"), ang("UQV")),), ("AB", "CD", "XPY", "UQV"), _parallels, figure=_PARALLEL)
      for kind in ("", "exterior ")),
    # a parallelogram's adjacent angles, every pair: one line from the given angle, as light as the shape's own
    # equations, where its stated relation says one pair and the angle opposite is found first (before the
    # parallels' own co-interior angles, which say the same equation from its sides)
    # (a rhombus keeps its relation's one pair: its isosceles triangles give its angles more directly, FormalGeo 544)
    Theorem("parallel_property_ipsilateral_internal_angle", "since the adjacent angles of the parallelogram {0} add "
            "up to 180°", (Given("parallelogram", ("ABCD",)),),
            tuple(Conclusion(ang(a) + ang(b), sympy.Integer(180)) for a, b in (("DAB", "ABC"), ("ABC", "BCD"),
                                                                                ("BCD", "CDA"), ("CDA", "DAB"))),
            ("ABCD",), figure="points A B C D\nparallelogram ABCD", direct=True, step_weight=0.3),
    Theorem("parallel_property_ipsilateral_internal_angle", "since {0} is parallel to {1}, "
            "the co-interior angles {2} and {3} add up to 180°",
            (Parallel("ABCD"), Transversal("PQABCD"), Arm("XPAB"), Toward("YPQ"), Arm("UQCD"), Toward("VQP"),
             Aligned("PXQU")), (Conclusion(ang("XPY") + ang("UQV"), sympy.Integer(180)),), ("AB", "CD", "XPY", "UQV"),
            _parallels, figure=_PARALLEL),
    # (the angle at a bend between two parallels, the sum of the alternate angles each arm makes with them: one
    # line where an angle chase carries an unknown through the angles round each end until it cancels, blind
    # teacher 24 fg 13; only an angle a fact or the goal names)
    Theorem("parallel_property_bend_angle",
            "since {0} is parallel to {1}, the angle {2} between them is the sum of the alternate angles {3} and {4} "
            "(the line through {5} parallel to both splits it)",
            (Parallel("ABCD"), OnLine("PAB"), OnLine("QCD"), Arm("XPAB"), Arm("YQCD"), Bend("EPXQY"),
             NamedAngle("PEQ")),
            (Conclusion(ang("PEQ"), ang("XPE") + ang("YQE")),), ("AB", "CD", "PEQ", "XPE", "YQE", "E"), _bend,
            figure="points A B C D P Q E\nline A P B\nline C Q D\nline P E\nline Q E\nAB parallel to CD\n"
                   "find angle PEQ"),
    Theorem("perpendicular_property", "since {0} is perpendicular to {1}",
            (Given("perpendicular_lines", ("AB", "CD")), Meet("VABCD"), Arm("XVAB"), Arm("YVCD")),
            (Conclusion(ang("XVY"), sympy.Integer(90)),), ("AB", "CD"), _cross,
            figure="points A B C D V\nline A V B\nline C V D\nAB perpendicular to CD"),
    # -- circles ---------------------------------------------------------------------------------------
    Theorem("radius_of_circle_property_length_equal", "since {0} is a radius of circle {1}", (OnCircle("PO"),),
            (Conclusion(L("OP"), R),), ("OP", "O"), _circle, figure="circle O through P"),
    Theorem("circle_property_length_of_radius_and_diameter", "since a diameter of circle {0} is twice its radius",
            (Circle("O"),), (Conclusion(diameter("O"), 2 * R),), ("O",), _circle, figure="circle O through P"),
    # (a chord through the centre: twice the radius in one line, where its two radii and their sum take two)
    Theorem("circle_property_length_of_radius_and_diameter",
            "since {1} passes through the centre of circle {0}, it is a diameter, twice the radius",
            (OnCircle("AO"), OnCircle("BO"), Before("AB"), Between("OAB")), (Conclusion(L("AB"), 2 * R),),
            ("O", "AB"), figure="circle O through A B\nline A O B"),
    Theorem("circle_perimeter_formula", "since the circumference of a circle is 2πr", (Circle("O"),),
            (Conclusion(element_symbol("circumference", ("O",)), 2 * PI * R),), ("O",), _circle,
            figure="circle O through P"),
    Theorem("circle_area_formula", "since the area of a circle is πr²", (Circle("O"),),
            (Conclusion(element_symbol("circle_area", ("O",)), PI * R ** 2),), ("O",), _circle,
            figure="circle O through P"),
    Theorem("arc_addition_measure", "since arcs {0[1]}{0[2]} and {1[1]}{1[2]} make up the whole circle",
            (OnCircle("AO"), OnCircle("BO"), Before("AB")), (Conclusion(_ARC + arc("OBA"), sympy.Integer(360)),),
            ("OAB", "OBA"), lambda rng: _arc(rng, 10, 350), figure="circle O through A B",
            step_weight=ARC_COMPLEMENT),
    # (three minor arcs round the circle in one line, where a major arc and its split take two)
    Theorem("arc_addition_measure", "since arcs {0[1]}{0[2]}, {1[1]}{1[2]} and {2[1]}{2[2]} make up the whole circle",
            (OnCircle("AO"), OnCircle("BO"), OnCircle("CO"), Before("AB"), Before("AC"), Apart("B", "C"),
             Sweep("OACB", "on"), Sweep("OAB", "minor"), Sweep("OBC", "minor"), Sweep("OCA", "minor")),
            (Conclusion(_ARC + arc("OBC") + arc("OCA"), sympy.Integer(360)),), ("OAB", "OBC", "OCA"),
            figure="circle O through A B C\ncounterclockwise ABC\narc OAB = 100\narc OBC = 120",
            step_weight=ARC_COMPLEMENT),
    # (and four: the four given arcs round the circle at once, not three and then a split)
    Theorem("arc_addition_measure",
            "since arcs {0[1]}{0[2]}, {1[1]}{1[2]}, {2[1]}{2[2]} and {3[1]}{3[2]} make up the whole circle",
            (OnCircle("AO"), OnCircle("BO"), OnCircle("CO"), OnCircle("DO"), Before("AB"), Before("AC"), Before("AD"),
             Apart("B", "CD"), Apart("C", "D"), Sweep("OACB", "on"), Sweep("OADC", "on"), Sweep("OAB", "minor"),
             Sweep("OBC", "minor"), Sweep("OCD", "minor"), Sweep("ODA", "minor")),
            (Conclusion(_ARC + arc("OBC") + arc("OCD") + arc("ODA"), sympy.Integer(360)),),
            ("OAB", "OBC", "OCD", "ODA"), _four_arcs, figure="circle O through A B C D", step_weight=ARC_COMPLEMENT),
    Theorem("arc_addition_measure", "since {1} lies on arc {0[1]}{0[2]}",
            (OnCircle("AO"), OnCircle("BO"), Apart("A", "B"), OnCircle("MO"), Apart("M", "AB"), Sweep("OABM", "on")),
            (Conclusion(arc("OAM") + arc("OMB"), _ARC),), ("OAB", "M"),
            figure="circle O through A B M\ncounterclockwise AMB"),
    Theorem("arc_property_center_angle", "since {0[1]}{0[2]} passes through the centre {0[0]}, it is a diameter and "
            "cuts off a semicircle",
            (OnCircle("AO"), OnCircle("BO"), Apart("A", "B"), Between("OAB"), Sweep("OAB", "half")),
            (Conclusion(_ARC, sympy.Integer(180)),), ("OAB",), lambda rng: _arc(rng, 180, 180),
            figure="circle O through A B\nline A O B"),
    Theorem("equilateral_triangle_property_circumradius",
            "since circle {1} passes through the vertices of the equilateral triangle {0}, the triangle's side is "
            "√3 times the circle's radius", (Given("equilateral_triangle", ("ABC",)), OnCircle("AO"), OnCircle("BO"), OnCircle("CO")),
            (Conclusion(L("AB"), sympy.sqrt(3) * R),), ("ABC", "O"),
            figure="circle O through A B C\ntriangle ABC equilateral", weight=0.5, shape=_EQUILATERAL, worded=True),
    # (and of a triangle proved equilateral: R = s/√3 at once, not an angle, a tangent and Pythagoras)
    Theorem("equilateral_triangle_property_circumradius",
            "since circle {1} passes through the vertices of the equilateral triangle {0}, the triangle's side is "
            "√3 times the circle's radius", (Triangle("ABC"), OnCircle("AO"), OnCircle("BO"), OnCircle("CO"), Before("AB"),
                           Before("BC"), Near(L("AB"), L("BC")), Near(L("BC"), L("CA")), Proven(L("AB"), L("BC")),
                           Proven(L("BC"), L("CA"))),
            (Conclusion(L("AB"), sympy.sqrt(3) * R),), ("ABC", "O"),
            figure="circle O through A B C\ntriangle ABC\nAB = BC\nBC = CA", weight=0.5, direct=True,
            shape=_EQUILATERAL, worded=True),
    Theorem("arc_property_center_angle", _CENTRAL,
            (OnCircle("AO"), OnCircle("BO"), Apart("A", "B"), Sweep("OAB", "minor")),
            (Conclusion(_ARC, ang("AOB")),), ("OAB",), lambda rng: _arc(rng, 10, 170),
            figure="circle O through A B\nline O A\nline O B"),
    Theorem("arc_property_circumference_angle_external", "since the inscribed angle {0} stands on arc {1[1]}{1[2]}, "
            "it is half the arc",
            (OnCircle("AO"), OnCircle("BO"), OnCircle("MO"), Apart("A", "B"), Apart("M", "AB"), Sweep("OABM", "off"),
             Joined("MA"), Joined("MB")),
            (Conclusion(ang("AMB"), _ARC / 2),), ("AMB", "OAB"), _inscribed,
            figure="circle O through A B M\nline M A\nline M B"),
    Theorem("arc_property_circumference_angle_external", "since the inscribed angles {0} and {1} stand on the same arc",
            (OnCircle("AO"), OnCircle("BO"), OnCircle("MO"), OnCircle("NO"), Apart("A", "B"), Apart("M", "AB"),
             Apart("N", "ABM"), Before("MN"), Sweep("OABM", "off"), Sweep("OABN", "off"), Joined("MA"), Joined("MB"),
             Joined("NA"), Joined("NB")),
            (Conclusion(ang("AMB"), ang("ANB")),), ("AMB", "ANB"),
            lambda rng: {**(d := _inscribed(rng)), "N": _on(d["O"], float(np.linalg.norm(d["A"] - d["O"])),
                                                             _angle_between(d["O"], d["B"], d["A"]))},
            figure="circle O through A B M N\nline M A\nline M B\nline N A\nline N B"),
    # the midpoint of an arc: the chord to it from a point off the arc bisects the inscribed angle on the arc (one
    # step where the arc, its half and the half's inscribed angle take three)
    Theorem("arc_midpoint_property_angle_bisect",
            "since {0} is the midpoint of the arc {1[1]}{1[2]}, the chord {2} bisects the angle {3} (the angles {4} "
            "and {5} stand on equal arcs)",
            (Given("arc_midpoint", ("M", "OAB")), OnCircle("NO"), Apart("N", "ABM"), Sweep("OABN", "off"),
             Joined("NA"), Joined("NB"), Joined("NM")),
            (Conclusion(ang("ANB"), 2 * ang("ANM")), Conclusion(ang("ANB"), 2 * ang("MNB"))),
            ("M", "OAB", "NM", "ANB", "ANM", "MNB"),
            _bisected_arc, figure="circle O through A M B N\nM midpoint of arc OAB\nline N A\nline N B\nline N M",
            weight=0.8),
    # the central angle twice the inscribed angle on its arc: one named step where the arc's measure and the
    # inscribed angle would take two
    Theorem("arc_property_center_angle_inscribed",
            "since the central angle {0} is twice the inscribed angle {1} on the same arc",
            (OnCircle("AO"), OnCircle("BO"), OnCircle("MO"), Apart("A", "B"), Apart("M", "AB"), Sweep("OAB", "minor"),
             Sweep("OABM", "off"), Joined("MA"), Joined("MB")),
            (Conclusion(ang("AOB"), 2 * ang("AMB")),), ("AOB", "AMB"), _central,
            figure="circle O through A B M\nline M A\nline M B\nline O A\nline O B", weight=0.9),
    _sector("arc_length", "arc_length_formula", "by the arc length formula for arc {0[1]}{0[2]}", _ARC * PI * R / 180),
    _sector("sector_area", "sector_area_formula", "by the sector area formula for sector {0}",
            _ARC * PI * R ** 2 / 360),
    _sector("sector_perimeter", "sector_perimeter_formula", "by the sector perimeter formula for sector {0}",
            2 * R + _ARC * PI * R / 180),
    # -- perimeters and areas --------------------------------------------------------------------------
    *(_perimeter(n) for n in range(3, MAX_POLYGON + 1)),
    *(_area_split(n) for n in range(4, MAX_POLYGON + 1)),
    # a triangle's area from its three sides: one line where the law of cosines would name an angle only by its
    # inverse cosine (acos(33/65)) and take its sine
    Theorem("triangle_area_formula_heron", "by Heron's formula for triangle {0}", (Triangle("ABC"),),
            (Conclusion(16 * area("ABC") ** 2, (L("AB") + L("BC") + L("CA")) * (L("BC") + L("CA") - L("AB"))
                        * (L("CA") + L("AB") - L("BC")) * (L("AB") + L("BC") - L("CA"))),), ("ABC",),
            triangle, figure=_TRIANGLE),
    Theorem("triangle_area_formula_sine", "by the formula for the area of triangle {0} from two sides and the "
            "included angle",
            (Triangle("ABC"),), (Conclusion(area("ABC"), L("AB") * L("BC") * Sin(ang("ABC")) / 2),
                                 Conclusion(area("ABC"), L("BC") * L("CA") * Sin(ang("BCA")) / 2),
                                 Conclusion(area("ABC"), L("CA") * L("AB") * Sin(ang("CAB")) / 2)), ("ABC",),
            triangle, figure=_TRIANGLE),
    # a quadrilateral's area from its diagonals and the angle between them: ½·d₁·d₂·sin θ, one line where the four
    # triangles the diagonals cut take four
    Theorem("quadrilateral_area_formula_diagonal", "since the area of a quadrilateral is half the product of its "
            "diagonals times the sine of the angle between them",
            (Polygon("ABCD", convex=True), Meet("PACBD"), Apart("P", "ABCD")),
            (Conclusion(2 * area("ABCD"), L("AC") * L("BD") * Sin(ang("APB"))),), ("ABCD", "AC", "BD", "APB"),
            _diagonals, figure="points A B C D P\npolygon ABCD\nline A P C\nline B P D", weight=0.5),
    # (perpendicular diagonals: half their product, the rhombus's and the kite's formula, never with sin 90°)
    Theorem("kite_area_formula_diagonal",
            "since {3[0]}{3[1]} is perpendicular to {3[2]}{3[1]}, the diagonals {1} and {2} of {0} are perpendicular, "
            "and its area is half their product",  # (the fact the right angle rests on, in the same sentence)
            (Polygon("ABCD", convex=True), Meet("PACBD"), Apart("P", "ABCD"), Near(ang("APB"), _RIGHT),
             Proven(ang("APB"), _RIGHT)),
            (Conclusion(2 * area("ABCD"), L("AC") * L("BD")),), ("ABCD", "AC", "BD", "APB"),
            figure="points A B C D P\npolygon ABCD\nline A P C\nline B P D\nangle APB = 90", weight=0.4,
            direct=True),
    Theorem("polygon_area_split", "since {1} divides triangle {0} into two triangles",  # a cevian splits a triangle
            (Triangle("ABC"), Cyclic("XYZ", "ABC"), Between("MYZ"), Joined("XM")),
            (Conclusion(area("XYZ"), area("XYM") + area("XMZ")),), ("XYZ", "XM"), _cevian,
            figure="points X Y Z M\ntriangle XYZ\nline Y M Z\nline X M"),
    # triangles with their bases on one line and a common apex have one height: their areas are in the ratio of
    # their bases (asked or given areas only: no other proof needs a part's area)
    *(Theorem("triangle_area_property_same_height", "since the triangles {1} and {0} have the same height from {2}, "
              "their areas are in the ratio of their bases",
              (Triangle("ABC"), Cyclic("XYZ", "ABC"), Between("MYZ"), AreaNamed((part,))),
              (Conclusion(area(part) * L("YZ"), area("XYZ") * L(base)),), ("XYZ", part, "X"), _cevian,
              figure=f"points X Y Z M\ntriangle XYZ\nline Y M Z\nfind area {part}")
      for part, base in (("XYM", "YM"), ("XMZ", "MZ"))),
    Theorem("sine_theorem", "by the law of sines in triangle {0}", (Triangle("ABC"),),
            (Conclusion(L("BC") * Sin(ang("ABC")), L("CA") * Sin(ang("BAC"))),
             Conclusion(L("BC") * Sin(ang("ACB")), L("AB") * Sin(ang("BAC"))),
             Conclusion(L("CA") * Sin(ang("ACB")), L("AB") * Sin(ang("ABC")))), ("ABC",), triangle,
            figure=_TRIANGLE),
    # the extended law of sines: a side of a triangle inscribed in a circle is the diameter times the sine of the
    # opposite angle (the circle's radius from a side and its angle at once, blind teacher 32's gen 2: never a
    # triangle on the centre, the law of sines in it and its root squared back).  A general law left where a special
    # triangle says it: at an angle of 30°, 45°, 135° or 150° the chord's central angle is 60° or 90° (the
    # equilateral or the isosceles right triangle on the centre, teachers 15 and 17), at 90° the side is a diameter,
    # and an equilateral triangle's side is √3 times the radius (its own block; a² + b² + c² = ab + bc + ca only there)
    Theorem("sine_theorem_circumradius", "by the extended law of sines in triangle {0} inscribed in circle {1}",
            (Triangle("ABC"), OnCircle("AO"), OnCircle("BO"), OnCircle("CO"), Cyclic("XYZ", "ABC"),
             *(Unlike(ang("YXZ"), sympy.Integer(a)) for a in (30, 45, 90, 135, 150)),
             Unlike(L("XY") ** 2 + L("YZ") ** 2 + L("ZX") ** 2,
                    L("XY") * L("YZ") + L("YZ") * L("ZX") + L("ZX") * L("XY"))),
            (Conclusion(L("YZ"), 2 * R * Sin(ang("YXZ"))),), ("ABC", "O"),
            figure="circle O through A B C\ntriangle ABC", weight=1.2),
    # (at each angle that is not right on the figure: at a right angle it is Pythagoras, never "… cos(90°)")
    Theorem("cosine_theorem", "by the law of cosines in triangle {0}",
            (Triangle("ABC"), Cyclic("XYZ", "ABC"), Unlike(ang("YXZ"), _RIGHT)),
            (Conclusion(L("YZ") ** 2, L("XY") ** 2 + L("ZX") ** 2 - 2 * L("XY") * L("ZX") * Cos(ang("YXZ"))),),
            ("ABC",), triangle, figure=_TRIANGLE),
    # -- points and circles -----------------------------------------------------------------------------
    # two chords crossing inside the circle (the intersecting chords theorem), two secants from a point outside it
    Theorem("circle_property_circular_power", "by the intersecting chords theorem",
            (Secants("PABCDO"), Between("PAB"), Between("PCD")), (Conclusion(L("PA") * L("PB"), L("PC") * L("PD")),),
            ("P", "O"), _chords, figure="circle O through A B C D\nline A P B\nline C P D"),
    Theorem("circle_property_circular_power", "by the power of the point {0} with respect to circle {1}",
            (Secants("PXYUVO"), Permuted("AB", "XY"), Permuted("CD", "UV"), Between("APB"), Between("CPD")),
            (Conclusion(L("PA") * L("PB"), L("PC") * L("PD")),),
            ("P", "O"), _secants, figure="circle O through A B C D\nline P A B\nline P C D"),
    Theorem("circle_property_circular_power", "by the power of the point {0} with respect to circle {1}",
            (Given("tangent", ("PA", "O")), Secants("PCDO", one=True), Apart("A", "CD")),
            (Conclusion(L("PA") ** 2, L("PC") * L("PD")),), ("P", "O"), _tangents, figure=_TANGENTS),
    # Pitot: the four sides of a quadrilateral touching one circle (each vertex's two tangents equal, summed)
    Theorem("tangential_quadrilateral_property_pitot",
            "since the sides of {0} touch circle {1}, by Pitot's theorem the sums of its opposite sides are equal",
            (*(Given("tangent", (v + t, "O")) for v, t in zip("ABBCCDDA", "WWXXYYZZ")), Polygon("ABCD", convex=True),
             Between("WAB"), Between("XBC"), Between("YCD"), Between("ZDA")),
            (Conclusion(L("AB") + L("CD"), L("BC") + L("DA")),), ("ABCD", "O"), _tangential,
            figure="circle O through W X Y Z\npolygon ABCD\nline A W B\nline B X C\nline C Y D\nline D Z A\n"
                   + "\n".join(f"{v}{t} tangent to circle O" for v, t in zip("ABBCCDDA", "WWXXYYZZ")), weight=0.9),
    # a triangle's sides touching one circle: its perimeter is twice one tangent from each vertex (one line where
    # each side, as the sum of its two tangents, takes one)
    Theorem("tangential_triangle_property_perimeter",
            "since the sides of {0} touch circle {1} and the two tangents from each vertex are equal, its perimeter "
            "is twice one tangent from each vertex",
            (*(Given("tangent", (v + t, "O")) for v, t in zip("ABBCCA", "WWXXYY")), Triangle("ABC"),
             Between("WAB"), Between("XBC"), Between("YCA")),
            tuple(Conclusion(perimeter("ABC"), 2 * (L(a) + L(b) + L(c)))
                  for a, b, c in itertools.product(("AW", "AY"), ("BW", "BX"), ("CX", "CY")))
            # (and twice a side with the tangent from the opposite vertex, the side's two tangents being the side
            # itself: one line, where a tangent on the side found first is carried until it cancels)
            + tuple(Conclusion(perimeter("ABC"), 2 * (L(side) + L(t)), names=("ABC", "O", side, t),
                               sentence="since the sides of {0} touch circle {1} and the two tangents from each "
                                        "vertex are equal, its perimeter is twice the sum of the side {2} and the "
                                        "tangent {3} from the opposite vertex")
                    for side, ts in (("AB", ("CX", "CY")), ("BC", ("AW", "AY")), ("CA", ("BW", "BX"))) for t in ts),
            ("ABC", "O"), _incircle,
            figure="circle O through W X Y\ntriangle ABC\nline A W B\nline B X C\nline C Y A\n"
                   + "\n".join(f"{v}{t} tangent to circle O" for v, t in zip("ABBCCA", "WWXXYY")), weight=0.9),
    Theorem("tangent_of_circle_property_length_equal", "since the tangents {0} and {1} from {0[0]} are equal",
            (Given("tangent", ("PA", "O")), Given("tangent", ("PB", "O")), Before("AB")),
            (Conclusion(L("PA"), L("PB")),), ("PA", "PB"), _tangents, figure=_TANGENTS),
    # (the quadrilateral's angle sum in one line, where an angle chase through the joined OP takes four)
    Theorem("tangent_of_circle_property_quadrilateral_angle",
            "since the tangents {0} and {1} are perpendicular to the radii, by the angle sum of the quadrilateral {2}",
            (Given("tangent", ("PA", "O")), Given("tangent", ("PB", "O")), Before("AB")),
            (Conclusion(ang("APB") + ang("AOB"), sympy.Integer(180)),), ("PA", "PB", "OAPB"), _tangents,
            figure=_TANGENTS, weight=0.8),
    # (three right angles and two equal adjacent sides: the radius is the tangent, where a congruence also gives it)
    Theorem("tangent_of_circle_property_square",
            "since the equal tangents {0} and {1} from {0[0]} meet at a right angle and are perpendicular to the "
            "radii {2[0]}{2[1]} and {2[0]}{2[3]}, {2} is a square",
            (Given("tangent", ("PA", "O")), Given("tangent", ("PB", "O")), Before("AB"), Near(ang("APB"), _RIGHT),
             Proven(ang("APB"), _RIGHT)),
            tuple(Conclusion(L(r), L(t)) for r in ("OA", "OB") for t in ("PA", "PB")), ("PA", "PB", "OAPB"),
            figure="circle O through A B\nPA tangent to circle O\nPB tangent to circle O\nangle APB = 90", weight=0.8,
            direct=True),
    # -- midpoints, bisectors, centroids, quadrilaterals --------------------------------------------------
    Theorem("midsegment_of_triangle_property",
            "since {0} joins the midpoints of two sides of triangle {1}, by the midsegment theorem",
            (Triangle("ABC"), Cyclic("XYZ", "ABC"), Midpoint("DXY"), Midpoint("EXZ"), Joined("DE")),
            (Conclusion(2 * L("DE"), L("YZ")),), ("DE", "XYZ"), _midsegment,
            figure="points X Y Z D E\ntriangle XYZ\nline X D Y\nline X E Z\nline D E\nD midpoint of XY\n"
                   "E midpoint of XZ"),
    Theorem("bisector_of_angle_property_line_ratio", "by the angle bisector theorem in triangle {0}",
            (Given("angle_bisector", ("BD", "ABC")), Between("DAC")),
            (Conclusion(L("AD") * L("BC"), L("DC") * L("AB")), *_BISECTOR_PARTS), ("ABC",), _bisector_foot,
            figure="points A B C D\ntriangle ABC\nline A D C\nline B D\nBD bisects angle ABC"),
    Theorem("centroid_of_triangle_property_line_ratio",
            "since {0} is the centroid of triangle {1} and the line {2[0]}{0} meets {3} at {2[1]}, {2} is " \
            "the median from {2[0]}, which {0} divides in the ratio 2:1",
            (Given("centroid", ("O", "ABC")), Cyclic("XYZ", "ABC"), OnLine("MXO"), Apart("M", "XO"), Between("MYZ")),
            (Conclusion(L("XO"), 2 * L("OM")),), ("O", "ABC", "XM", "YZ"), _centroid,
            figure="points A B C O D E F\ntriangle ABC\nline A O D\nline B O E\nline C O F\nline B D C\n"
                   "line C E A\nline A F B\nO centroid of ABC"),
    Theorem("centroid_of_triangle_property_line_ratio",
            "since {0} is the centroid of triangle {1} and the line {2[0]}{0} meets {3} at {2[1]}, {2} is " \
            "the median from {2[0]}, and {0} lies two thirds of the way along it from {2[0]}",
            (Given("centroid", ("O", "ABC")), Cyclic("XYZ", "ABC"), OnLine("MXO"), Apart("M", "XO"), Between("MYZ")),
            (Conclusion(3 * L("XO"), 2 * L("XM")),), ("O", "ABC", "XM", "YZ"), _centroid,
            figure="points A B C O D E F\ntriangle ABC\nline A O D\nline B O E\nline C O F\nline B D C\n"
                   "line C E A\nline A F B\nO centroid of ABC"),
    Theorem("centroid_of_triangle_property_line_ratio",
            "since {0} is the centroid of triangle {1} and the line {2[0]}{0} meets {3} at {2[1]}, {2} is " \
            "the median from {2[0]}, and {0} lies one third of the way along it from {2[1]}",
            (Given("centroid", ("O", "ABC")), Cyclic("XYZ", "ABC"), OnLine("MXO"), Apart("M", "XO"), Between("MYZ")),
            (Conclusion(3 * L("OM"), L("XM")),), ("O", "ABC", "XM", "YZ"), _centroid,
            figure="points A B C O D E F\ntriangle ABC\nline A O D\nline B O E\nline C O F\nline B D C\n"
                   "line C E A\nline A F B\nO centroid of ABC"),
    Theorem("midsegment_of_quadrilateral_property_length",
            "since {0} is the midsegment of the trapezoid {1}, by the trapezoid midsegment theorem",
            (Given("midsegment_quadrilateral", ("EF", "ABCD")), ParallelLines("ADBC")),
            (Conclusion(2 * L("EF"), L("AD") + L("BC")),), ("EF", "ABCD"), _trapezoid_mid,
            figure="points A B C D E F\ntrapezoid ABCD bases AD BC\nline A E B\nline D F C\nline E F\n"
                   "EF midsegment of ABCD"),
    Theorem("parallelogram_property_diagonal_bisection",
            "since the diagonals of the parallelogram {0} bisect each other",
            (Given(_PARALLELOGRAMS, ("ABCD",)), Meet("OACBD"), Apart("O", "ABCD")),
            _DIAGONALS_BISECTED, ("ABCD",), _parallelogram_centre,
            figure="points A B C D O\nparallelogram ABCD\nline A O C\nline B O D"),
    # the diagonals of a kite, a rhombus and a rectangle, each quoted as one named fact
    # (the right angle and the halves each with its own reason: a step that needs the right angle alone never says
    # "AC bisects BD" for it)
    *(Theorem("kite_property_diagonal_perpendicular_bisection", sentence,
              (Given("kite", ("ABCD", "A")), Meet("OACBD"), Apart("O", "ABCD")), conclusions, ("ABCD", "AC", "BD"),
              lambda rng: {**(k := BLOCKS_BY_KEY["kite"].construct(rng)), "O": (k["B"] + k["D"]) / 2},
              figure="points A B C D O\nkite ABCD at A\nline A O C\nline B O D")
      for sentence, conclusions in (
          ("since the diagonals of the kite {0} are perpendicular",
           tuple(Conclusion(ang(a), _RIGHT) for a in ("AOB", "BOC", "COD", "DOA"))),
          ("since the diagonal {1} of the kite {0} bisects the other diagonal {2}", (Conclusion(L("BO"), L("OD")),)))),
    Theorem("rhombus_property_diagonal_perpendicular", "since the diagonals of the rhombus {0} are perpendicular",
            (Given(("rhombus", "square"), ("ABCD",)), Meet("OACBD"), Apart("O", "ABCD")),
            tuple(Conclusion(ang(a), _RIGHT) for a in ("AOB", "BOC", "COD", "DOA")), ("ABCD",),
            lambda rng: {**(k := BLOCKS_BY_KEY["rhombus"].construct(rng)), "O": (k["A"] + k["C"]) / 2},
            figure="points A B C D O\nrhombus ABCD\nline A O C\nline B O D"),
    # a diagonal of a rhombus bisects the angles at its ends (one step where the opposite angles, the adjacent
    # angles and an isosceles triangle take three); each diagonal on its own, where it is drawn
    *(Theorem("rhombus_property_diagonal_bisect_angle",
              f"since the diagonal {{1}} of the {kind} {{0}} bisects the angles at {{2}} and {{3}}",
              (Given(kind, (p,)), Joined("AC")),
              (Conclusion(ang("DAB"), 2 * ang("CAB")), Conclusion(ang("BCD"), 2 * ang("ACB")),
               Conclusion(ang("DAB"), 2 * ang("DAC")), Conclusion(ang("BCD"), 2 * ang("DCA")),
               Conclusion(ang("CAB"), ang("DAC")), Conclusion(ang("ACB"), ang("DCA"))), (p, *_DIAGONAL_ENDS[p]),
              lambda rng, kind=kind, p=p: _rotated(BLOCKS_BY_KEY[kind].construct(rng), p),
              figure=f"points A B C D\n{kind} {p}\nline A C", weight=0.7)
      for kind in ("rhombus", "square") for p in ("ABCD", "BCDA")),
    # (and of a parallelogram with two equal adjacent sides: a rhombus)
    *(Theorem("rhombus_property_diagonal_bisect_angle",
              "since the parallelogram {0} has equal adjacent sides {1} and {2}, it is a rhombus, and its diagonal "
              "{3} bisects the angles at {4} and {5}",
              (Given("parallelogram", (p,)), Joined("AC"), Near(L("AB"), L("AD")), Proven(L("AB"), L("AD"))),
              (Conclusion(ang("DAB"), 2 * ang("CAB")), Conclusion(ang("BCD"), 2 * ang("ACB")),
               Conclusion(ang("DAB"), 2 * ang("DAC")), Conclusion(ang("BCD"), 2 * ang("DCA"))),
              (p, "AB", "AD", *_DIAGONAL_ENDS[p]),
              lambda rng, p=p: _rotated(BLOCKS_BY_KEY["rhombus"].construct(rng), p),
              figure=f"points A B C D\nparallelogram {p}\nline A C\nAB = AD", weight=0.7)
      for p in ("ABCD", "BCDA")),
    # a square's diagonals are equal (a rectangle's relation says so; a square's gives the diagonal from the side)
    Theorem("rectangle_property_diagonal_equal", "since the diagonals of the square {0} are equal",
            (Given("square", ("ABCD",)), Joined("AC"), Joined("BD")), (Conclusion(L("AC"), L("BD")),), ("ABCD",),
            figure="points A B C D\nsquare ABCD\nline A C\nline B D"),
    Theorem("rectangle_property_diagonal_equal", "since the diagonals of the rectangle {0} are equal and bisect each "
            "other", (Given(("rectangle", "square"), ("ABCD",)), Meet("OACBD"), Apart("O", "ABCD")),
            (Conclusion(L("AO"), L("BO")),), ("ABCD",),
            lambda rng: {**(k := BLOCKS_BY_KEY["rectangle"].construct(rng)), "O": (k["A"] + k["C"]) / 2},
            figure="points A B C D O\nrectangle ABCD\nline A O C\nline B O D"),
    # -- judgements: a premise proven first (Proven), the candidates picked on the model (Near) -----------
    Theorem("isosceles_triangle_property_angle_equal", "since triangle {0} is isosceles with {1} = {2}",
            (Triangle("ABC"), Cyclic("XYZ", "ABC"), Near(L("XY"), L("XZ")), Proven(L("XY"), L("XZ"))),
            (Conclusion(ang("XYZ"), ang("XZY")),), ("ABC", "XY", "XZ"), figure=f"{_TRIANGLE}\nAB = AC"),
    # a triangle with two angles of 60° (or three equal sides) is equilateral: all its sides and angles from one
    # fact, where two isosceles triangles would each give one pair
    Theorem("equilateral_triangle_judgment_angle", "since triangle {0} has two angles of 60° (at {1} and {2}), it is "
            "equilateral", (Triangle("ABC"), Cyclic("XYZ", "ABC"), Near(ang("XYZ"), _SIXTY), Near(ang("XZY"), _SIXTY),
                            Proven(ang("XYZ"), _SIXTY), Proven(ang("XZY"), _SIXTY)),
            (Conclusion(L("XY"), L("YZ")), Conclusion(L("XZ"), L("YZ")), Conclusion(L("XY"), L("XZ")),
             Conclusion(ang("YXZ"), _SIXTY)), ("XYZ", "Y", "Z"),
            figure=f"{_TRIANGLE}\nangle ABC = 60\nangle ACB = 60", weight=0.8, shape=_EQUILATERAL),
    # (and an isosceles triangle with an angle of 60°, at its apex or at its base: one step, where its base
    # angles from the angle sum and then two angles of 60° take two)
    *(Theorem("equilateral_triangle_judgment_isosceles_and_angle", "since triangle {0} is isosceles with {1} = {2} "
              "and an angle "
              "of 60° at {3}, it is equilateral",
              (Triangle("ABC"), Cyclic("XYZ", "ABC"), Near(L("XY"), L("XZ")), Near(ang(at), _SIXTY),
               Proven(L("XY"), L("XZ")), Proven(ang(at), _SIXTY)),
              (Conclusion(L("XY"), L("YZ")), Conclusion(L("XZ"), L("YZ")), Conclusion(ang("XYZ"), _SIXTY),
               Conclusion(ang("XZY"), _SIXTY), Conclusion(ang("YXZ"), _SIXTY)), ("XYZ", "XY", "XZ", at[1]),
              figure=f"{_TRIANGLE}\nAB = AC\nangle {fact} = 60", weight=0.7, direct=True, shape=_EQUILATERAL)
      for at, fact in (("YXZ", "BAC"), ("XYZ", "ABC"))),
    Theorem("equilateral_triangle_judgment_isosceles_and_isosceles", "since the three sides of triangle {0} are "
            "equal, it is equilateral", (Triangle("ABC"), Near(L("AB"), L("BC")), Near(L("BC"), L("CA")),
                                         Proven(L("AB"), L("BC")), Proven(L("BC"), L("CA"))),
            tuple(Conclusion(ang(a), _SIXTY) for a in ("ABC", "BCA", "CAB")), ("ABC",),
            figure=f"{_TRIANGLE}\nAB = BC\nBC = CA", weight=0.8, direct=True, shape=_EQUILATERAL),
    Theorem("isosceles_triangle_judge_angle_equal", "since triangle {0} has equal angles at {1} and {2}",
            (Triangle("ABC"), Cyclic("XYZ", "ABC"), Near(L("XY"), L("XZ")), Proven(ang("XYZ"), ang("XZY"))),
            (Conclusion(L("XY"), L("XZ")),), ("ABC", "Y", "Z"), figure=f"{_TRIANGLE}\nangle ABC = angle ACB"),
    # (and from the apex line that both bisects the apex angle and is perpendicular to the base: the two triangles it
    # cuts off congruent by ASA, in one line where an angle chase through two angle sums finds the equal base angles
    # (its halves of the base then by the apex line's roles, not the angle bisector theorem; blind teacher 26 fg 17,
    # FormalGeo 5497)
    Theorem("isosceles_triangle_judge_line_coincidence",
            "since {1} bisects the angle {2} and is perpendicular to {3}, the triangles on either side of it are "
            "congruent (ASA), and triangle {0} is isosceles",
            (Triangle("ABC"), Cyclic("XYZ", "ABC"), Between("DYZ"), Joined("XD"), Near(ang("YXD"), ang("DXZ")),
             Near(ang("XDY"), _RIGHT), Proven(ang("YXD"), ang("DXZ")), Proven(ang("XDY"), _RIGHT)),
            (Conclusion(L("XY"), L("XZ")),), ("XYZ", "XD", "YXZ", "YZ"),
            figure=f"{_TRIANGLE}\npoints D\nline B D C\nline A D\nAD bisects angle BAC\nangle ADB = 90", direct=True),
    # a point on a segment's perpendicular bisector is equally far from its ends: one line, where two triangles
    # congruent by SAS (or the equilateral triangle's centroid as its circumcentre) take a step of their own
    # (blind teacher 33 gen 17)
    Theorem("perpendicular_bisector_property_distance_equal",
            "since {1} is perpendicular to {3} at its midpoint {1[1]}, {1[0]} lies on the perpendicular bisector of "
            "{3}",
            (Triangle("ABC"), Cyclic("XYZ", "ABC"), Between("DYZ"), Joined("XD"), Near(L("YD"), L("DZ")),
             Near(ang("XDY"), _RIGHT), Proven(L("YD"), L("DZ")), Proven(ang("XDY"), _RIGHT)),
            (Conclusion(L("XY"), L("XZ")),), ("XYZ", "XD", "YXZ", "YZ"),
            figure=f"{_TRIANGLE}\npoints D\nline B D C\nline A D\nBD = DC\nangle ADB = 90", weight=0.8,
            direct=True),
    Theorem("right_triangle_property_pythagorean", "by Pythagoras in the right triangle {0}",
            (Triangle("ABC"), Cyclic("XYZ", "ABC"), Near(ang("YXZ"), _RIGHT), Proven(ang("YXZ"), _RIGHT)),
            (Conclusion(L("XY") ** 2 + L("XZ") ** 2, L("YZ") ** 2),), ("ABC",), figure=f"{_TRIANGLE}\nangle BAC = 90",
            weight=0.5),
    # a side's part cut off by the foot of the height from the three sides: the two Pythagoras equations on the common
    # height subtracted (one line, where Heron's area, the height from it and Pythagoras with a surd take three)
    Theorem("right_triangle_property_pythagorean_difference",
            "by Pythagoras in the right triangles {0} and {1} ({2}² = {3}² - {4}² = {5}² - {6}², "
            "with {4} = {7} - {6}, so {3}² - ({7} - {6})² = {5}² - {6}²)",
            (Triangle("ABC"), Cyclic("XYZ", "ABC"), Between("FYZ"), Joined("XF"), Unlike(L("XY"), L("XZ")),
             Near(ang("XFZ"), _RIGHT), Proven(ang("XFZ"), _RIGHT)),
            (Conclusion(2 * L("YZ") * L("FZ"), L("XZ") ** 2 + L("YZ") ** 2 - L("XY") ** 2),),
            ("XYF", "XZF", "XF", "XY", "YF", "XZ", "ZF", "YZ"),
            figure="points A B C F\ntriangle ABC\nline B F C\nline A F\nangle AFC = 90"),
    # the right triangle's own ratios: what a teacher writes where the laws of sines and cosines also do it
    *(Theorem("right_triangle_property_trigonometric", "in the right triangle {0}",
              (Triangle("ABC"), Cyclic("XYZ", "ABC"), Near(ang("YXZ"), _RIGHT), Proven(ang("YXZ"), _RIGHT)),
              (Conclusion(L(near), L(over) * f(ang("XYZ")), names=("ABC", "XYZ")),
               Conclusion(L(far), L(over_z) * f(ang("XZY")), names=("ABC", "XZY"))), ("ABC", "XYZ"),
              figure=f"{_TRIANGLE}\nangle BAC = 90", weight=0.5)
      for word, f, near, over, far, over_z in (("sine", Sin, "XZ", "YZ", "XY", "YZ"),
                                               ("cosine", Cos, "XY", "YZ", "XZ", "YZ"),
                                               ("tangent", Tan, "XZ", "XY", "XY", "XZ"))),
    # the isosceles triangle's altitude, median and bisector from its apex are one line
    *(Theorem("isosceles_triangle_property_line_coincidence",
              f"since {{1}} {given} of the isosceles triangle {{0}}, it is also {also}",
              (Triangle("ABC"), Cyclic("XYZ", "ABC"), Between("MYZ"), Joined("XM"), OffCircles("X"),
               Near(L("XY"), L("XZ")), Near(*premise), Proven(L("XY"), L("XZ")), Proven(*premise)),
              conclusions, ("XYZ", "XM"),
              figure=f"points A B C M\ntriangle ABC\nline B M C\nline A M\nAB = AC\n{fact}",
              weight=1.3, direct=True)  # (its equal sides a premise proven first: a chord's theorem, where it does)
      # (one block for each line it is also, so that a step names only the one it uses)
      for given, premise, fact, others in (
          ("is the altitude to the base", (ang("XMY"), _RIGHT), "angle AMB = 90", ("median", "bisector")),
          ("is the median to the base", (L("YM"), L("MZ")), "BM = MC", ("altitude", "bisector")),
          ("bisects the apex angle", (ang("YXM"), ang("MXZ")), "angle BAM = angle MAC", ("altitude", "median")))
      for also, conclusions in ((_ALSO[k], _COINCIDING[k]) for k in others)),
    # (the equilateral triangle's altitude halves its side at once: a textbook's first step, never the cosine of 60°)
    # (a key of its own: a key's weight is its last block's, and the isosceles triangle's stays heavier)
    Theorem("equilateral_triangle_property_altitude_bisect",
            "since {1} is the altitude of the equilateral triangle {0}, it bisects the side {2}",
            (Given("equilateral_triangle", ("ABC",)), Cyclic("XYZ", "ABC"), Between("MYZ"), Joined("XM"),
             Near(ang("XMZ"), _RIGHT), Proven(ang("XMZ"), _RIGHT)),
            _HALVES, ("ABC", "XM", "YZ"),
            figure="points A B C M\ntriangle ABC equilateral\nline B M C\nline A M\nangle AMC = 90", weight=0.5,
            shape=_EQUILATERAL),
    # the named one-step results a teacher quotes where a chain of angle sums and additions also does it
    Theorem("isosceles_triangle_property_base_angle",
            "by the angle sum of the isosceles triangle {0} (its base angles are equal, as {1} = {2})",
            (Triangle("ABC"), Cyclic("XYZ", "ABC"), Near(L("XY"), L("XZ")), Proven(L("XY"), L("XZ"))),
            (Conclusion(2 * ang("XYZ") + ang("YXZ"), sympy.Integer(180)),
             Conclusion(2 * ang("XZY") + ang("YXZ"), sympy.Integer(180))), ("ABC", "XY", "XZ", "YXZ"),
            figure=f"{_TRIANGLE}\nAB = AC", weight=0.9, direct=True),
    Theorem("isosceles_right_triangle_property_angle",
            "since triangle {0} is isosceles with {1} = {2} and a right angle at {3}, its base angles are 45°",
            (Triangle("ABC"), Cyclic("XYZ", "ABC"), Near(L("XY"), L("XZ")), Near(ang("YXZ"), _RIGHT),
             Proven(L("XY"), L("XZ")), Proven(ang("YXZ"), _RIGHT)),
            (Conclusion(ang("XYZ"), sympy.Integer(45)), Conclusion(ang("XZY"), sympy.Integer(45))),
            ("ABC", "XY", "XZ", "X"), figure=f"{_TRIANGLE}\nAB = AC\nangle BAC = 90", weight=0.5, direct=True),
    # (and its hypotenuse √2 times a leg, by Pythagoras at once: never a base angle of 45° and then its sine; lighter
    # than plain Pythagoras, whose second leg takes a line of its own where only the equal sides say it)
    Theorem("isosceles_right_triangle_property_pythagorean",
            "since triangle {0} is isosceles with {1} = {2} and a right angle at {3}, its hypotenuse is √2 times a leg "
            "(by Pythagoras)",
            (Triangle("ABC"), Cyclic("XYZ", "ABC"), Near(L("XY"), L("XZ")), Near(ang("YXZ"), _RIGHT),
             Proven(L("XY"), L("XZ")), Proven(ang("YXZ"), _RIGHT)),
            (Conclusion(L("YZ"), sympy.sqrt(2) * L("XY")), Conclusion(L("YZ"), sympy.sqrt(2) * L("XZ"))),
            ("ABC", "XY", "XZ", "X"), figure=f"{_TRIANGLE}\nAB = AC\nangle BAC = 90", weight=0.45, direct=True),
    # (an exterior angle a fact or the goal names: elsewhere its straight line and the angle sum read better)
    Theorem("triangle_property_exterior_angle",
            "since the exterior angle {0} of triangle {1} is the sum of the two opposite interior angles",
            (Triangle("ABC"), Permuted("XYZ", "ABC"), OnLine("DYZ"), Between("ZYD"), NamedAngle("XZD")),
            (Conclusion(ang("XZD"), ang("ZXY") + ang("XYZ")),), ("XZD", "XYZ"), _exterior,
            figure="points A B C D\ntriangle ABC\nline B C D\nfind angle DCA",
            weight=1.5),  # (lighter than the angle sum and the straight line it saves, heavier than either)
    *(Theorem(key, sentence,
              (Triangle("ABC"), Cyclic("XYZ", "ABC"), Between("DYZ"), Joined("XD"), Near(ang("YXZ"), _RIGHT),
               Near(ang("XDY"), _RIGHT), Proven(ang("YXZ"), _RIGHT), Proven(ang("XDY"), _RIGHT)),
              conclusions, ("XYZ", "XD", "YZ"),
              figure="points A B C D\ntriangle ABC\nline B D C\nline A D\nangle BAC = 90\nangle ADB = 90",
              weight=weight)
      # (a leg's a little lighter: a leg in one step, where the altitude then Pythagoras takes two).  Each sentence
      # says why XD is the altitude, perpendicular to the hypotenuse YZ ({2}), beside the right angle at X that the
      # writer cites (blind teachers marked "with the altitude BD" down, its right angle nowhere said)
      for key, weight, sentence, conclusions in (
          ("right_triangle_property_altitude", 0.5,
           "since {1} is perpendicular to the hypotenuse {2}, by the geometric mean (altitude) theorem in the right "
           "triangle {0}",
           (Conclusion(L("XD") ** 2, L("YD") * L("DZ")),)),
          ("right_triangle_property_leg", 0.4,
           "since {1} is perpendicular to the hypotenuse {2}, by the geometric mean (leg) theorem in the right "
           "triangle {0}",
           (Conclusion(L("XY") ** 2, L("YD") * L("YZ")),
                               Conclusion(L("XZ") ** 2, L("ZD") * L("ZY")))))),
    # a right triangle's area from its legs: never ½ab·sin 90°
    Theorem("triangle_area_formula_common", "since the area of the right triangle {0} is half the product of its "
            "legs {1} and {2}",
            (Triangle("ABC"), Cyclic("XYZ", "ABC"), Near(ang("YXZ"), _RIGHT), Proven(ang("YXZ"), _RIGHT)),
            (Conclusion(2 * area("XYZ"), L("XY") * L("XZ")),), ("XYZ", "XY", "XZ"),
            figure=f"{_TRIANGLE}\nangle BAC = 90", direct=True),  # (its weight: weights.py, by its key)
    Theorem("triangle_area_formula_common", "by the triangle area formula with the base {1} and the height {2}",
            (Triangle("ABC"), Cyclic("XYZ", "ABC"), OnLine("DYZ"), Apart("D", "XYZ"), Joined("XD"),
             Near(ang("XDY"), _RIGHT), Proven(ang("XDY"), _RIGHT)),
            (Conclusion(2 * area("XYZ"), L("YZ") * L("XD")),), ("XYZ", "YZ", "XD"),
            figure="points A B C D\ntriangle ABC\nline B D C\nline A D\nangle ADB = 90"),
    Theorem("trapezoid_area_formula", "by the trapezoid area formula with the height {1}",
            (Polygon("ABCD", convex=True), Undeclared("ABCD", _PARALLELOGRAMS, True), Cyclic("PQRS", "ABCD"),
             ParallelLines("PQRS"), Unparallel("QRSP"), OnLine("XPQ"), OnLine("YRS"), Joined("XY"), OnLine("WRS"),
             Apart("W", "Y"), Near(ang("XYW"), _RIGHT), Proven(ang("XYW"), _RIGHT)),
            (Conclusion(2 * area("ABCD"), (L("PQ") + L("RS")) * L("XY")),), ("ABCD", "XY"),
            figure="points A B C D X Y\npolygon ABCD\nline A X B\nline D Y C\nline X Y\nAB parallel to DC\n"
                   "angle XYC = 90"),
    # (a quadrilateral whose opposite sides are given parallel both ways is a parallelogram: base times height,
    # never the trapezoid's half sum of two equal sides)
    Theorem("parallelogram_area_formula_common", "since both pairs of opposite sides of {0} are parallel, it is a "
            "parallelogram, whose area is the base {1} times the height {2}",
            (Polygon("ABCD", convex=True), Undeclared("ABCD", _PARALLELOGRAMS, True), Cyclic("PQRS", "ABCD"),
             ParallelLines("PQRS"), ParallelLines("QRSP"), OnLine("XPQ"), OnLine("YRS"), Joined("XY"),
             OnLine("WRS"), Apart("W", "Y"), Near(ang("XYW"), _RIGHT), Proven(ang("XYW"), _RIGHT)),
            (Conclusion(area("ABCD"), L("RS") * L("XY")),), ("ABCD", "RS", "XY"),
            figure="points A B C D X Y\npolygon ABCD\nline A X B\nline D Y C\nline X Y\nAB parallel to DC\n"
                   "AD parallel to BC\nangle XYC = 90"),
    # a parallelogram's drawn height: base times height, never the trapezoid's half sum of the parallel sides
    Theorem("parallelogram_area_formula_common", "by the parallelogram area formula with the base {1} "
            "and the height {2}", (Given(_PARALLELOGRAMS, ("ABCD",)), Cyclic("PQRS", "ABCD"), OnLine("XPQ"), OnLine("YRS"),
                           Joined("XY"), OnLine("WRS"), Apart("W", "Y"), Near(ang("XYW"), _RIGHT),
                           Proven(ang("XYW"), _RIGHT)),
            (Conclusion(area("ABCD"), L("RS") * L("XY")),), ("ABCD", "RS", "XY"),
            figure="points A B C D X Y\nparallelogram ABCD\nline A X B\nline D Y C\nline X Y\nangle XYC = 90"),
    Theorem("right_triangle_property_length_of_median",
            "since {0} is the median to the hypotenuse of the right triangle {1}",
            (Triangle("ABC"), Cyclic("XYZ", "ABC"), Midpoint("MYZ"), Joined("XM"), Near(ang("YXZ"), _RIGHT),
             Proven(ang("YXZ"), _RIGHT)),
            (Conclusion(2 * L("XM"), L("YZ")),), ("XM", "XYZ"),
            figure="points A B C M\ntriangle ABC\nline B M C\nline A M\nAM median of ABC\nangle BAC = 90"),
    Theorem("bisector_of_angle_judgment_angle_equal", "since {0} bisects angle {1}, by the angle bisector theorem",
            (Triangle("TUV"), Cyclic("BCA", "TUV"), Between("DAC"), Joined("BD"), Near(ang("ABD"), ang("DBC")),
             Proven(ang("ABD"), ang("DBC"))),
            (Conclusion(L("AD") * L("BC"), L("DC") * L("AB")), *_BISECTOR_PARTS), ("BD", "ABC"),
            figure="points A B C D\ntriangle ABC\nline A D C\nline B D\nangle ABD = angle DBC"),
    # a point on an angle's bisector is equally far from its arms: one line, where two congruent right triangles
    # (their third angles first, by two angle sums) take five (FormalGeo 5129)
    Theorem("bisector_of_angle_property_distance_equal",
            "since {0} lies on the bisector {1} of angle {2}, it is equally far from the arms {3} and {4}",
            (Triangle("TUV"), Permuted("ABD", "TUV"), Near(ang("ABD"), _RIGHT), Triangle("KLM"),
             Permuted("ACD", "KLM"), Apart("C", "ABD"), Near(ang("ACD"), _RIGHT), Near(ang("BAD"), ang("DAC")),
             Proven(ang("ABD"), _RIGHT), Proven(ang("ACD"), _RIGHT), Proven(ang("BAD"), ang("DAC"))),
            (Conclusion(L("DB"), L("DC")),), ("D", "AD", "BAC", "AB", "AC"),
            figure="points A B C D\nline A B\nline A C\nline A D\nline B D\nline C D\nangle BAD = angle DAC\n"
                   "angle ABD = 90\nangle ACD = 90", weight=0.8, direct=True),
    # (and two angles stated equal that split an angle: its bisector, each half half the whole, as a stated bisector
    # gives, where angle addition and the other half make a system of two unknowns; an equality a theorem proved is
    # no premise, lest the diagonal that halves a rhombus's angle be judged its bisector from those halves)
    Theorem("bisector_of_angle_judgment_angle_equal", "since angle {2} = angle {3}, {0} bisects the angle {1}",
            (RayPair("AOC", flat=False), RayInside("BAOC"), Unstated("angle_bisector", (("OB", "AOC"), ("OB", "COA"))),
             GivenEqual(ang("AOB"), ang("BOC")), Proven(ang("AOB"), ang("BOC"))),
            (Conclusion(ang("AOC"), 2 * ang("AOB")), Conclusion(ang("AOC"), 2 * ang("BOC"))), ("OB", "AOC", "AOB", "BOC"),
            figure="points O A B C\nline O A\nline O B\nline O C\nangle AOB = angle BOC", direct=True, step_weight=0.3),
    Theorem("centroid_of_triangle_judgment_intersection",
            "since the medians {2} and {3} of triangle {1} meet at {0}, {0} is the centroid, which divides each "
            "median in the ratio 2:1",
            _CENTROID,
            (Conclusion(L("XG"), 2 * L("GM")), Conclusion(L("YG"), 2 * L("GN"))), ("G", "ABC", "XM", "YN"),
            figure=_CENTROID_FIGURE),
    # (and the part from the vertex as two thirds of the whole median: one line, where the 2:1 ratio and the
    # median's two parts take an equation in the shorter part)
    Theorem("centroid_of_triangle_judgment_intersection",
            "since the medians {2} and {3} of triangle {1} meet at {0}, {0} is the centroid, two thirds of the way "
            "along each median from its vertex",
            _CENTROID,
            (Conclusion(3 * L("XG"), 2 * L("XM")), Conclusion(3 * L("YG"), 2 * L("YN"))), ("G", "ABC", "XM", "YN"),
            figure=_CENTROID_FIGURE),
    # (and the part at the midpoint as a third of the whole median: JT = TZ/3 in one line, where the two thirds
    # from the vertex and then the 2:1 ratio take two)
    Theorem("centroid_of_triangle_judgment_intersection",
            "since the medians {2} and {3} of triangle {1} meet at {0}, {0} is the centroid, one third of the way "
            "along each median from its midpoint",
            _CENTROID,
            (Conclusion(3 * L("GM"), L("XM")), Conclusion(3 * L("GN"), L("YN"))), ("G", "ABC", "XM", "YN"),
            figure=_CENTROID_FIGURE),
    # a chord, its midpoint and the centre
    Theorem("circle_property_chord_perpendicular_bisect_chord",
            "since the perpendicular {0} from the centre bisects the chord {1}",
            (*_CHORD, Near(ang("OMA"), _RIGHT), Proven(ang("OMA"), _RIGHT)),
            (Conclusion(L("AM"), L("MB")), Conclusion(L("AB"), 2 * L("AM")), Conclusion(L("AB"), 2 * L("MB"))),
            ("OM", "AB"), figure="circle O through A B\nline A M B\nline O M\nangle OMA = 90", direct=True),
    Theorem("circle_property_chord_perpendicular_bisect_chord",
            "since {0} joins the centre to the midpoint of the chord {1}, it is perpendicular to it",
            (*_CHORD, Near(ang("OMA"), _RIGHT), Near(L("AM"), L("MB")), Proven(L("AM"), L("MB"))),
            (Conclusion(ang("OMA"), _RIGHT),), ("OM", "AB"),
            figure="circle O through A B\nline A M B\nline O M\nAM = MB"),
    *(Theorem("circle_property_chord_perpendicular_bisect_arc",
              "since {0} is perpendicular to the chord {1} from the centre, it bisects its arcs",
              (*_CHORD, OnCircle("DO"), Apart("D", "AB"), OnLine("DOM"), Sweep("OABD", side),
               Near(ang("OMA"), _RIGHT), Proven(ang("OMA"), _RIGHT)),
              (Conclusion(*arcs),), ("OM", "AB"),
              figure=f"circle O through A B D\nline A M B\nline O M D\nangle OMA = 90\n{turn} ADB")
      for side, arcs, turn in (("on", (arc("OAD"), arc("ODB")), "counterclockwise"),
                               ("off", (arc("ODA"), arc("OBD")), "clockwise"))),
    # (and each half as half the arc it bisects: "arc AE = arc AC/2" at once, where the other arc round the circle
    # would be found only to be taken from 360° again)
    *(Theorem("circle_property_chord_perpendicular_bisect_arc",
              "since {0} is perpendicular to the chord {1} from the centre, it bisects the arc {2}",
              (*_CHORD, OnCircle("DO"), Apart("D", "AB"), OnLine("DOM"), Sweep("OABD", side),
               Near(ang("OMA"), _RIGHT), Proven(ang("OMA"), _RIGHT)),
              tuple(Conclusion(2 * half, whole) for half in halves), ("OM", "AB", "ADB"),
              figure=f"circle O through A B D\nline A M B\nline O M D\nangle OMA = 90\n{turn} ADB", direct=True)
      for side, halves, whole, turn in (("on", (arc("OAD"), arc("ODB")), arc("OAB"), "counterclockwise"),
                                        ("off", (arc("ODA"), arc("OBD")), arc("OBA"), "clockwise"))),
    # (and each half of the arc from the other arc at once, as the isosceles triangle's base angle from its apex:
    # (360° − arc AB)/2 in one line, where the equal halves, the whole circle and a subtraction take three)
    *(Theorem("circle_property_chord_perpendicular_bisect_arc",
              "since {0} is perpendicular to the chord {1} from the centre, it bisects the arc {2}, and the arcs "
              "round the circle add up to 360°",
              (*_CHORD, OnCircle("DO"), Apart("D", "AB"), OnLine("DOM"), Sweep("OABD", side),
               Near(ang("OMA"), _RIGHT), Proven(ang("OMA"), _RIGHT)),
              tuple(Conclusion(2 * half + other, sympy.Integer(360)) for half in halves), ("OM", "AB", "ADB"),
              figure=f"circle O through A B D\nline A M B\nline O M D\nangle OMA = 90\n{turn} ADB", direct=True)
      for side, halves, other, turn in (("on", (arc("OAD"), arc("ODB")), arc("OBA"), "counterclockwise"),
                                        ("off", (arc("ODA"), arc("OBD")), arc("OAB"), "clockwise"))),
    # the perpendicular from the centre bisects the central angle on the chord (one step where the two radii's
    # isosceles triangle and an angle sum take two)
    Theorem("circle_property_chord_perpendicular_bisect_angle",
            "since the perpendicular {0} from the centre bisects the central angle {1} (as {1[1]}{1[0]} = {1[1]}{1[2]}, radii)",
            # (either end as A, each giving the half on its side: the half the right angle the problem states is in)
            (OnCircle("AO"), OnCircle("BO"), Apart("A", "B"), Between("MAB"), Apart("M", "O"), Joined("OM"),
             Joined("OA"), Joined("OB"), Near(ang("OMA"), _RIGHT), Proven(ang("OMA"), _RIGHT)),
            (Conclusion(ang("AOB"), 2 * ang("AOM")),), ("OM", "AOB"),
            figure="circle O through A B\nline A M B\nline O M\nline O A\nline O B\nangle OMA = 90", weight=0.8,
            direct=True),
    # a line parallel to a side cuts the other two in one ratio: the wanted part at once, where two similar
    # triangles give the other part first and a subtraction then
    Theorem("parallel_property_intercept", "by the intercept theorem ({0} is parallel to {1})",
            (Triangle("ABC"), Cyclic("XYZ", "ABC"), Between("DXY"), Between("EXZ"), ParallelLines("DEYZ")),
            (Conclusion(L("DY") * L("XZ"), L("EZ") * L("XY")), Conclusion(L("XD") * L("XZ"), L("XE") * L("XY")),
             Conclusion(L("XD") * L("EZ"), L("XE") * L("DY"))), ("DE", "YZ"),
            figure="points A B C D E\ntriangle ABC\nline A D B\nline A E C\nline D E\nDE parallel to BC", weight=0.8),
    # and two lines parallel to a side: the parts between the three parallels are in one ratio on both sides
    # (AC/AE = BD/BF at once, where the intercept theorem from the apex twice takes the part BM there and back:
    # blind teacher 26 fg 16, FormalGeo 4970)
    Theorem("parallel_property_intercept", "by the intercept theorem (the parallels {0}, {1} and {2} cut {3} and {4} "
            "in one ratio)",
            (Triangle("ABC"), Cyclic("XYZ", "ABC"), Between("DXY"), Between("EXZ"), Between("FDY"), Between("GEZ"),
             ParallelLines("DEYZ"), ParallelLines("FGYZ")),
            (Conclusion(L("DF") * L("EZ"), L("EG") * L("DY")), Conclusion(L("DF") * L("GZ"), L("EG") * L("FY")),
             Conclusion(L("FY") * L("EZ"), L("GZ") * L("DY"))), ("DE", "FG", "YZ", "DY", "EZ"),
            figure="points A B C D E F G\ntriangle ABC\nline A D F B\nline A E G C\nline D E\nline F G\n"
                   "DE parallel to BC\nFG parallel to BC", weight=0.8),
    # a point equidistant from a triangle's vertices is the centre of the circle through them: the central angle
    # twice the inscribed one on the same side, where no circle is drawn (blind teacher 25 fg 18, FormalGeo 3731:
    # an unknown angle at A carried through two isosceles triangles and a full turn at O that needs O inside)
    Theorem("circumcenter_of_triangle_property_central_angle",
            "since {0} is equidistant from the vertices of triangle {1}, it is the centre of the circle through them, "
            "and the central angle {2} is twice the inscribed angle {3}",
            (Triangle("ABC"), Cyclic("XYZ", "ABC"), Point("O"), Apart("O", "XYZ"), Joined("OY"), Joined("OZ"),
             SameSide("OXYZ"), Near(L("OX"), L("OY")), Near(L("OY"), L("OZ")), Proven(L("OX"), L("OY")),
             Proven(L("OY"), L("OZ"))),
            (Conclusion(ang("YOZ"), 2 * ang("YXZ")),), ("O", "XYZ", "YOZ", "YXZ"),
            figure="points A B C O\ntriangle ABC\nline O B\nline O C\nOA = OB\nOB = OC\nangle BAC = 50"),
    # two chords and their distances from the centre: equal together (where two congruent right triangles also do it)
    *(Theorem("circle_property_chord_equal_distance", sentence,
              (*_CHORD, OnCircle("CO"), OnCircle("DO"), Before("CD"), Between("NCD"), Apart("N", "O"), Joined("ON"),
               Earlier("AB", "CD"), Near(ang("OMA"), _RIGHT), Near(ang("ONC"), _RIGHT), Near(*premise),
               Proven(ang("OMA"), _RIGHT), Proven(ang("ONC"), _RIGHT), Proven(*premise)),
              (Conclusion(*conclusion),), ("AB", "CD", "OM", "ON"),
              figure="circle O through A B C D\nline A M B\nline C N D\nline O M\nline O N\nangle OMA = 90\n"
                     f"angle ONC = 90\n{fact}", weight=0.8, direct=True)
      for sentence, premise, conclusion, fact in (
          # (both perpendiculars said: they make OM and ON the distances; teachers 23, 24 marked one cited down)
          # (not "… and so equal; hence AB = CD": the equation is the chords' equality, said once; teacher 35)
          ("since {2} and {3} are perpendicular to the chords {0} and {1}, the chords are equally far from the "
           "centre ({2} = {3})",
           (L("OM"), L("ON")), (L("AB"), L("CD")), "OM = ON"),
          ("since the chords {0} and {1} are equal, they are equally far from the centre: {2} = {3}",
           (L("AB"), L("CD")), (L("OM"), L("ON")), "AB = CD"))),
    # midsegments from midpoints proven (or one midpoint and a parallel)
    *(Theorem(f"midsegment_of_triangle_judgment_{how}", sentence,
              (Triangle("ABC"), Cyclic("XYZ", "ABC"), Between("DXY"), Between("EXZ"), Joined("DE"), *premises),
              (*extra, Conclusion(2 * L("DE"), L("YZ")), Conclusion(ang("XDE"), ang("XYZ")),
               Conclusion(ang("XED"), ang("XZY"))), ("DE", "XYZ"),
              figure=f"points A B C D E\ntriangle ABC\nline A D B\nline A E C\nline D E\n{facts}")
      for how, sentence, premises, extra, facts in (
          ("midpoint", "since {0} joins the midpoints of two sides of triangle {1}, by the midsegment theorem",
           (*_half("DXY"), *_half("EXZ")),
           (), "AD = DB\nAE = EC"),
          ("parallel", "since {0[0]} is the midpoint of {1[0]}{1[1]} and {0} is parallel to {1[1]}{1[2]}, {0[1]} is "
           "the midpoint of {1[0]}{1[2]} and {0} is a midline of triangle {1}",
           (*_half("DXY"), ParallelLines("DEYZ")), _halves("XEZ"), "AD = DB\nDE parallel to BC"),
          ("parallel", "since {0[1]} is the midpoint of {1[0]}{1[2]} and {0} is parallel to {1[1]}{1[2]}, {0[0]} is "
           "the midpoint of {1[0]}{1[1]} and {0} is a midline of triangle {1}",
           (*_half("EXZ"), ParallelLines("DEYZ")), _halves("XDY"), "AE = EC\nDE parallel to BC"))),
    *(Theorem(f"midsegment_of_quadrilateral_judgment_{how}", sentence,
              (OnParallels("ABDC"), Joined("AD"), Joined("BC"), Convex("ABCD"), Skew("ADBC"), Between("FAD"),
               Between("EBC"), Joined("EF"), *premises),
              (*extra, Conclusion(2 * L("EF"), L("AB") + L("CD"))), ("EF", "ABCD"),
              figure=f"points A B C D E F\npolygon ABCD\nline A F D\nline B E C\nline E F\nAB parallel to DC\n{facts}")
      for how, sentence, premises, extra, facts in (
          ("midpoint", "since {0} joins the midpoints of the legs of the trapezoid {1}",
           (*_half("FAD"), *_half("EBC")), (), "AF = FD\nBE = EC"),
          ("parallel", "since {0} runs from the midpoint of a leg of the trapezoid {1} parallel to its bases, {0[0]} "
           "is the midpoint of {1[1]}{1[2]}", (*_half("FAD"), ParallelLines("EFAB")),
           _halves("BEC"), "AF = FD\nEF parallel to AB"),
          ("parallel", "since {0} runs from the midpoint of a leg of the trapezoid {1} parallel to its bases, {0[1]} "
           "is the midpoint of {1[0]}{1[3]}", (*_half("EBC"), ParallelLines("EFAB")),
           _halves("AFD"), "BE = EC\nEF parallel to AB"))),
    # the same segment in a stated parallelogram: the parallelogram it cuts off, never "the trapezoid"
    *(Theorem(f"midsegment_of_parallelogram_{how}", sentence,
              (OnParallels("ABDC"), Joined("AD"), Joined("BC"), Convex("ABCD"), Stated("ABCD", _PARALLELOGRAMS),
               Between("FAD"), Between("EBC"), Joined("EF"), *premises),
              (*extra, Conclusion(L("EF"), L("AB")), Conclusion(L("EF"), L("CD"))), ("EF", "ABCD"),
              figure=f"points A B C D E F\nparallelogram ABCD\nline A F D\nline B E C\nline E F\n{facts}")
      for how, sentence, premises, extra, facts in (
          ("midpoint", "since {1[0]}{0[1]} and {1[1]}{0[0]} are halves of the equal parallel sides {1[0]}{1[3]} "
           "and {1[1]}{1[2]} of the parallelogram {1}, {1[0]}{1[1]}{0[0]}{0[1]} is a parallelogram",
           (*_half("FAD"), *_half("EBC")), (), "AF = FD\nBE = EC"),
          ("parallel", _CUT_PARALLELOGRAM, (*_half("FAD"), ParallelLines("EFAB")),
           (Conclusion(L("BE"), L("EC"), sentence=_carried_half("F", "AD", "E", "BC")),
            Conclusion(2 * L("BE"), L("AD"), sentence=_carried_part("F", "AD", "E"))), "AF = FD\nEF parallel to AB"),
          ("parallel", _CUT_PARALLELOGRAM, (*_half("EBC"), ParallelLines("EFAB")),
           (Conclusion(L("AF"), L("FD"), sentence=_carried_half("E", "BC", "F", "AD")),
            Conclusion(2 * L("AF"), L("BC"), sentence=_carried_part("E", "BC", "F"))),
           "BE = EC\nEF parallel to AB"))),
    # arcs of one circle
    Theorem("congruent_arc_judgment_length_equal",
            "since arcs {0[1]}{0[2]} and {1[1]}{1[2]} of one circle have equal lengths",
            (Measured("OAB", ("arc_length",)), Measured("OCD", ("arc_length",)), Earlier("OAB", "OCD"),
             Proven(element_symbol("arc_length", tuple("OAB")), element_symbol("arc_length", tuple("OCD")))),
            (Conclusion(arc("OAB"), arc("OCD")),), ("OAB", "OCD"),
            figure="circle O through A B C D\narc length OAB = arc length OCD"),
    Theorem("congruent_arc_property_chord_equal",
            "since arcs {0[1]}{0[2]} and {1[1]}{1[2]} of one circle are equal, so are their chords",
            (*_ARCS, Near(arc("OAB"), arc("ODE")), Proven(arc("OAB"), arc("ODE"))),
            (Conclusion(L("AB"), L("DE")),), ("OAB", "ODE"), figure="circle O through A B D E\narc OAB = arc ODE"),
    Theorem("congruent_arc_judgment_chord_equal", "since the chords {0} and {1} of circle {2} are equal, so are their "
            "minor arcs", (*_ARCS, Sweep("OAB", "minor"), Near(arc("OAB"), arc("ODE")), Proven(L("AB"), L("DE"))),
            (Conclusion(arc("OAB"), arc("ODE")),), ("AB", "DE", "O"),
            figure="circle O through A B D E\narc OAB = 60\nAB = DE\ncounterclockwise ABDE", direct=True),
    # quadrilaterals that are parallelograms
    *(Theorem(f"parallelogram_judgment_{how}_and_{how}", sentence, (*_QUAD, *premises),
              _judged_parallelogram(sentence), ("ABCD",), figure=f"points A B C D\npolygon ABCD\n{facts}")
      for how, premises, facts in (("equal", (Proven(L("AB"), L("CD")), Proven(L("BC"), L("DA"))), "AB = CD\nBC = DA"),
                                   ("parallel", (ParallelLines("ABCD"), ParallelLines("BCDA")),
                                    "AB parallel to CD\nBC parallel to DA"))
      for sentence in (f"since both pairs of opposite sides of {{0}} are {how}, it is a parallelogram",)),
    # a quadrilateral with one pair of opposite sides parallel and unequal is a trapezoid (a parallelogram's would be
    # equal), and with its legs equal an isosceles one: its base angles, its diagonals, its height from a leg and
    # half the difference of the bases, and its area, where no line names its kind (bases 20 and 10, legs 13)
    *(Theorem("isosceles_trapezoid_judgment", _ISOSCELES_TRAPEZOID_JUDGED + why if why else "by the trapezoid area "
              "formula with the height {5}",
              (Polygon("TUVW", convex=True), Undeclared("TUVW", (*_PARALLELOGRAMS, *_TRAPEZOIDS, "kite"), True),
               Cyclic("ABCD", "TUVW"), ParallelLines("ABCD"), Unparallel("ADBC"), Near(L("AD"), L("BC")),
               Proven(L("AD"), L("BC")), Differ(L("AB"), L("CD"))),
              (conclusion,), ("TUVW", "AB", "CD", "AD", "BC", "DAB"),
              figure="points A B C D\npolygon ABCD\nAB parallel to CD\nAD = BC\nAB = 10\nCD = 4")
      for why, conclusion in (
          (", whose base angles are equal", Conclusion(ang("DAB"), ang("ABC"))),
          (", whose diagonals are equal", Conclusion(L("AC"), L("BD"))),
          ("; its height {5} cuts off half the difference of its bases, by Pythagoras with the leg {3}",
           Conclusion(_height("DAB") ** 2 + (L("AB") - L("CD")) ** 2 / 4, L("AD") ** 2)),
          ("", Conclusion(2 * area("ABCD"), (L("AB") + L("CD")) * _height("DAB"), key="trapezoid_area_formula")))),
    # (and where its diagonals meet at a named point: they bisect each other, said with the judgement)
    *(Theorem("parallelogram_property_diagonal_bisection", f"since both pairs of opposite sides of {{0}} are {how}, "
              "it is a parallelogram whose diagonals bisect each other", (*_QUAD, Meet("OACBD"), Apart("O", "ABCD"),
                                                                              *premises),
              _DIAGONALS_BISECTED, ("ABCD",), figure=f"points A B C D O\npolygon ABCD\nline A O C\nline B O D\n{text}")
      for how, premises, text in (("equal", (Proven(L("AB"), L("CD")), Proven(L("BC"), L("DA"))), "AB = CD\nBC = DA"),
                                  ("parallel", (ParallelLines("ABCD"), ParallelLines("BCDA")),
                                   "AB parallel to CD\nBC parallel to DA"))),
    Theorem("rectangle_judgment_right_angle", "since the angles of {0} are right angles, it is a rectangle",
            (*_QUAD, Cyclic("PQRS", "ABCD"), *(Near(ang(c), _RIGHT) for c in ("SPQ", "PQR", "QRS", "RSP")),
             *(Proven(ang(c), _RIGHT) for c in ("PQR", "QRS", "RSP"))),
            (*_PARALLELOGRAM[:2], Conclusion(area("ABCD"), L("AB") * L("AD"), key="rectangle_area_formula")),
            ("ABCD",), figure="points A B C D\npolygon ABCD\nangle ABC = 90\nangle BCD = 90\nangle CDA = 90"),
    # a square's own area formula, its side squared (a rectangle's length times width is its shape fact), never a
    # parallelogram's two sides and the sine of the angle between them
    Theorem("square_area_formula", "since the area of the square {0} is its side squared",
            (Given("square", ("ABCD",)),),
            tuple(Conclusion(area("ABCD"), L(side) ** 2) for side in ("AB", "BC", "CD", "DA")), ("ABCD",),
            figure="points A B C D\nsquare ABCD", weight=0.5, direct=True),
    # a parallelogram's own perimeter, twice two adjacent sides (a rhombus's four times its side), never the sum of
    # its four sides each found on its own
    Theorem("parallelogram_perimeter_formula", "since the opposite sides of the parallelogram {0} are equal",
            (Given(_PARALLELOGRAMS, ("ABCD",)),),
            tuple(Conclusion(perimeter("ABCD"), 2 * (L(a) + L(b)))
                  for a, b in (("AB", "BC"), ("BC", "CD"), ("CD", "DA"), ("DA", "AB"))), ("ABCD",),
            figure="points A B C D\nparallelogram ABCD", weight=0.5, direct=True),
    Theorem("rhombus_perimeter_formula", "since the four sides of the rhombus {0} are equal",
            (Given(("rhombus", "square"), ("ABCD",)),),
            tuple(Conclusion(perimeter("ABCD"), 4 * L(side)) for side in ("AB", "BC", "CD", "DA")), ("ABCD",),
            figure="points A B C D\nrhombus ABCD", weight=0.5, direct=True),
    Theorem("parallelogram_area_formula_sine", "by the formula for the area of the parallelogram {0} from two sides "
            "and the included angle", (Given(_PARALLELOGRAMS, ("ABCD",)),),  # (at each corner: the given angle's own)
            tuple(Conclusion(area("ABCD"), L(a + v) * L(v + b) * Sin(ang(a + v + b)))
                  for a, v, b in ("DAB", "ABC", "BCD", "CDA")), ("ABCD",),
            figure="points A B C D\nparallelogram ABCD"),
    # similar and congruent triangles
    *(Theorem("congruent_triangle_property_line_equal", f"since triangles {{0}} and {{1}} are congruent by {crit}",
              (*_PAIR, Near(L("AB"), L("PQ")), *premises), _SIDES + _ANGLES, ("ABC", "PQR"), figure=_PAIR_TEXT + facts)
      for crit, premises, facts in _CONGRUENCE),
    Theorem(_LINE_RATIO, _SIMILAR + " by AA", (*_PAIR, _ANGLE["X"], _ANGLE["Y"]),
            _ANGLES + _ratios("ABC", "PQR"), ("ABC", "PQR"),
            figure=_PAIR_TEXT + "angle CAB = angle FDE\nangle ABC = angle DEF"),
    Theorem(_LINE_RATIO, _SIMILAR + " by SAS",
            (*_PAIR, _ANGLE["Y"], Proven(L("XY") * L("VW"), L("YZ") * L("UV"))), _ANGLES + _ratios("ABC", "PQR"),
            ("ABC", "PQR"), figure=_PAIR_TEXT + "AB = 2x\nDE = x\nBC = 2y\nEF = y\nangle ABC = angle DEF"),
    # similar or congruent polygons the problem states
    *(Theorem(_LINE_RATIO, _SIMILAR, (Given(keys, (p, q)),), _ratios(p, q), (p, q),
              figure=f"points {' '.join(p + q)}\npolygon {p}\npolygon {q}\n{p} similar to {q}")
      for p, q, keys in (("ABC", "DEF", _SIMILARITIES[0]), ("ABCD", "EFGH", _SIMILARITIES[1]))),
    # -- more theorems of a textbook -----------------------------------------------------------------------
    Theorem("median_of_triangle_property_length", "by the length of the median {1} of triangle {0}",
            (Triangle("ABC"), Cyclic("XYZ", "ABC"), Midpoint("MYZ"), Joined("XM")),
            (Conclusion(4 * L("XM") ** 2, 2 * L("XY") ** 2 + 2 * L("XZ") ** 2 - L("YZ") ** 2),), ("XYZ", "XM"),
            figure="points A B C M\ntriangle ABC\nline B M C\nline A M\nM midpoint of BC"),
    # (heavier than the law of cosines: a textbook takes a side from an angle known at the cevian's foot, and
    # Stewart's theorem only where no angle there is known)
    Theorem("stewart_theorem", "by Stewart's theorem on the cevian {1} of triangle {0}",
            (Triangle("ABC"), Cyclic("XYZ", "ABC"), Between("DYZ"), Joined("XD")),
            (Conclusion(L("XY") ** 2 * L("DZ") + L("XZ") ** 2 * L("YD"),
                        L("YZ") * (L("XD") ** 2 + L("YD") * L("DZ"))),),
            ("XYZ", "XD"), figure="points A B C D\ntriangle ABC\nline B D C\nline A D", weight=2.0),
    # (a textbook's one line, where two inscribed angles and the arcs round the circle also give it): any four
    # points of one circle whose four sides are drawn, declared a polygon or not; each quadrilateral once (A the
    # first letter, B before D)
    Theorem("cyclic_quadrilateral_property_opposite_angle",
            "since the opposite angles of the cyclic quadrilateral {0} add up to 180°",
            _CYCLIC_QUADRILATERAL,
            (Conclusion(ang("DAB") + ang("BCD"), sympy.Integer(180)),
             Conclusion(ang("ABC") + ang("CDA"), sympy.Integer(180))), ("ABCD",),
            figure="circle O through A B C D\npolygon ABCD", weight=0.8),
    Theorem("ptolemy_theorem", "by Ptolemy's theorem in the cyclic quadrilateral {0}",
            (Polygon("ABCD", convex=True), OnCircle("AO"), OnCircle("BO"), OnCircle("CO"), OnCircle("DO")),
            (Conclusion(L("AC") * L("BD"), L("AB") * L("CD") + L("AD") * L("BC")),), ("ABCD",),
            figure="circle O through A B C D\npolygon ABCD"),
    Theorem("bisector_of_angle_property_line_ratio_external",
            "since {1} bisects the exterior angle at {1[0]} of triangle {0}, by the exterior angle bisector theorem",
            (Triangle("TUV"), Cyclic("ABC", "TUV"), OnLine("DBC"), Between("CBD"), OnLine("EAB"), Between("AEB"),
             Joined("AD"),
             Near(ang("EAD"), ang("DAC")), Proven(ang("EAD"), ang("DAC"))),
            (Conclusion(L("BD") * L("AC"), L("CD") * L("AB")),), ("ABC", "AD"),
            figure="points A B C D E\ntriangle ABC\nline B C D\nline B A E\nline A D\nangle EAD = angle DAC"),
    *(Theorem("circle_property_angle_of_osculation",
              "since the angle {0} between the tangent and the chord is half the arc {1[1]}{1[2]} that lies inside it",
              (Given("tangent", ("PA", "O")), OnCircle("BO"), Apart("B", "A"), Joined("AB"), Turn("OAP", ccw)),
              (Conclusion(2 * ang("PAB"), arc),), ("PAB", "OAB"),
              figure=f"circle O through A B\nPA tangent to circle O\nline A B\n{turn} OAP")
      for ccw, arc, turn in ((True, arc("OAB"), "counterclockwise"), (False, arc("OBA"), "clockwise"))),
    # the alternate segment theorem: the tangent-chord angle equals the inscribed angle on the far side of the chord,
    # one step where the arc between them takes two
    *(Theorem("circle_property_alternate_segment",
              "since the angle {0} between the tangent and the chord equals the inscribed angle {1} in the alternate "
              "segment",
              (Given("tangent", ("PA", "O")), OnCircle("BO"), Apart("B", "A"), Joined("AB"), Turn("OAP", ccw),
               OnCircle("MO"), Apart("M", "AB"), Sweep(sweep, "off"), Joined("MA"), Joined("MB")),
              (Conclusion(ang("PAB"), ang("AMB")),), ("PAB", "AMB"), lambda rng, ccw=ccw: _alternate(rng, ccw),
              figure="circle O through A B M\nPA tangent to circle O\nline A B\nline M A\nline M B", weight=0.9)
      for ccw, sweep in ((True, "OABM"), (False, "OBAM"))),
    Theorem("triangle_area_formula_common", "by the triangle area formula with the base {1} and the height {2}",
            (Measured("XYZ", ("height",)),), (Conclusion(2 * area("XYZ"), L("YZ") * _HEIGHT),), ("XYZ", "YZ", "XYZ"),
            figure="points A B C\ntriangle ABC\nfind height ABC"),
    # the textbook's route to an isosceles trapezoid's area: its height by Pythagoras on a leg and half the
    # difference of the bases, then the trapezoid's area formula (never one closed formula in the four sides)
    _isosceles_trapezoid_height("BAD"),
    *(_isosceles_trapezoid_height(h) for h, _ in _heights_onto("ABCD", ("AD", "BC"))),
    # -- heights: a height a fact or the goal names, as the perpendicular and in the area formulas ----------
    *(Theorem(_ALTITUDE[len(h)], "since {1} is perpendicular to {2}, it is the height {0}",
              (Measured(h, ("height",)), OnLine("F" + a + b), Apart("F", v + a + b), Joined(v + "F"),
               Near(ang(v + "F" + a), _RIGHT), Proven(ang(v + "F" + a), _RIGHT)),
              (Conclusion(_height(h), L(v + "F")),), (h, v + "F", a + b),
              figure=f"points {' '.join(h)} F\npolygon {h}\nline {a} F {b}\nline {v} F\n"
                     f"angle {v}F{a} = 90\nfind height {h}")
      for h in ("ABC", "ABCD") for v, a, b in (height_foot(h),)),
    *(Theorem(_ALTITUDE[len(h)], "since {1} is perpendicular to {2}, it is the height {0}",
              (Measured(h, ("height",)), Near(ang(v + a + b), _RIGHT), Proven(ang(v + a + b), _RIGHT)),
              (Conclusion(_height(h), L(v + a)),), (h, v + a, a + b),
              figure=f"points {' '.join(h)}\npolygon {h}\nangle {v}{a}{b} = 90\nfind height {h}")
      for h in ("ABC", "ABCD") for v, a, b in (height_foot(h),)),
    # a segment from one base of a trapezoid to the other, perpendicular to it, is its height (the parallel
    # bases are everywhere the same distance apart): read off at once, never through the area twice
    *(Theorem(_ALTITUDE[4], "since {1} is perpendicular to the parallel sides {2} and {3}, it is the height {0}",
              (Given(_TRAPEZOIDS, ("ABCD", "AD", "BC")), *named, OnLine("X" + far), OnLine("Y" + near), Joined("XY"),
               OnLine("W" + near), Apart("W", "Y"), Near(ang("XYW"), _RIGHT), Proven(ang("XYW"), _RIGHT)),
              (Conclusion(_height(h), L("XY")),), (h, "XY", near, far), weight=0.3,
              figure=f"points A B C D X Y\ntrapezoid ABCD bases AD BC\nline {far[0]} X {far[1]}\n"
                     f"line {near[0]} Y {near[1]}\nline X Y\nangle XY{near[1]} = 90\nfind height {h}")
      for h, named in (("BAD", ()), *((h, (Measured(h, ("height",)),)) for h, _ in _heights_onto("ABCD", ("AD", "BC"))))
      for far, near in (("AD", "BC"), ("BC", "AD"))),
    # an isosceles trapezoid's height from an end of one base cuts off half the difference of the bases on the
    # other, next to the leg: BE = (BC - AD)/2 with the leg's angle, never through the height by Pythagoras
    *(Theorem("isosceles_trapezoid_property_foot", "since the isosceles trapezoid {0} is symmetric, the foot {1} of "
              "the height from {2} cuts off half the difference of its bases",
              (Given("isosceles_trapezoid", ("ABCD", "AD", "BC")), OnLine("Y" + far), Apart("Y", far), Joined(v + "Y"),
               Near(ang(v + "Y" + far[0]), _RIGHT), Proven(ang(v + "Y" + far[0]), _RIGHT),
               Near(L(long) - L(short), 2 * L(end + "Y"))),
              (Conclusion(L(long), L(short) + 2 * L(end + "Y")),), ("ABCD", "Y", v),
              figure=f"points A B C D Y\nisosceles trapezoid ABCD bases AD BC\nline {_foot_line(far, end, long == far)}\n"
                     f"line {v} Y\nangle {v}Y{far[0]} = 90\n{long} = 10\n{short} = 4")
      for v, far, near, end in (("A", "BC", "AD", "B"), ("D", "BC", "AD", "C"), ("B", "AD", "BC", "A"),
                                ("C", "AD", "BC", "D"))
      for long, short in ((far, near), (near, far))),
    Theorem("diameter_of_circle_judgment_right_angle",
            "since the angle {0} inscribed in circle {2} is a right angle, {1} is a diameter",
            (OnCircle("AO"), OnCircle("BO"), OnCircle("CO"), Before("AC"), Apart("B", "AC"), Joined("BA"),
             Joined("BC"), Near(ang("ABC"), _RIGHT), Proven(ang("ABC"), _RIGHT)),
            # (and each of its arcs is a half circle: a sector on it is half the disc, read off in one step)
            (Conclusion(L("AC"), 2 * R), Conclusion(arc("OAC"), _HALF_TURN), Conclusion(arc("OCA"), _HALF_TURN)),
            ("ABC", "AC", "O"), figure="circle O through A B C\nline B A\nline B C\nangle ABC = 90"),
    Theorem("circle_property_chord_distance", "by Pythagoras in the right triangle {0}, whose hypotenuse is the "
            "radius {1}", (*_CHORD, Near(ang("OMA"), _RIGHT), Proven(ang("OMA"), _RIGHT)),
            (Conclusion(L("OM") ** 2 + L("AM") ** 2, R ** 2), Conclusion(L("OM") ** 2 + L("MB") ** 2, R ** 2)),
            ("OMA", "OA"), figure="circle O through A B\nline A M B\nline O M\nangle OMA = 90"),
    Theorem("circle_property_chord_distance", "since the perpendicular from the centre {0} bisects the chord {1}, "
            "by Pythagoras", (Measured("OAB", ("height",)), OnCircle("AO"), OnCircle("BO"), Apart("A", "B")),
            (Conclusion(4 * _height("OAB") ** 2 + L("AB") ** 2, 4 * R ** 2),), ("O", "AB"),
            figure="circle O through A B\nfind height OAB"),
    *(Theorem("parallelogram_area_formula_common", "by the parallelogram area formula with the base {1} "
              "and the height {2}", (Given(_PARALLELOGRAMS, ("ABCD",)), Measured(h, ("height",))),
              (Conclusion(area("ABCD"), L(side) * _height(h)),), ("ABCD", side, h),
              figure=f"points A B C D\nparallelogram ABCD\nfind height {h}")
      for h, side in _heights_onto("ABCD", ("AB", "BC", "CD", "DA"))),
    # the height a trapezoid shape draws (from its fourth vertex onto its first side: BAD here) is always named;
    # another height where a fact or the goal names it
    Theorem("trapezoid_area_formula", "by the trapezoid area formula with the height {1}",
            (Given(_TRAPEZOIDS, ("ABCD", "AD", "BC")),),
            (Conclusion(2 * area("ABCD"), (L("AD") + L("BC")) * _height("BAD")),), ("ABCD", "BAD"),
            figure=f"{_TRAPEZOID_TEXT}find height BAD"),
    Theorem("trapezoid_property_height", "since a leg of the trapezoid {0} moved along its bases makes a "
            "triangle with the other leg and the difference of the bases, whose height is the height {1}",
            (Given(_TRAPEZOIDS, ("ABCD", "AD", "BC")),), (_trapezoid_height("BAD"),), ("ABCD", "BAD"),
            figure=f"{_TRAPEZOID_TEXT}find height BAD"),
    # a right trapezoid's slanted leg CD: the hypotenuse of the right triangle the perpendicular from its end cuts off,
    # whose legs are the height AB and the difference of the bases (the longer base first), never through the general
    # trapezoid's height by Heron with the height put in
    *(Theorem("right_trapezoid_property_leg", "since the perpendicular from {3} to {4} is equal to {1} and cuts off "
              "{4} - {5} of it, the leg {2} is the hypotenuse of a right triangle with the legs {1} and {4} - {5} (by "
              "Pythagoras)", (Given("right_trapezoid", ("ABCD", "AD", "BC")),
                              Near(sympy.sqrt((L(long) - L(short)) ** 2), L(long) - L(short))),
              (Conclusion(L("CD") ** 2, L("AB") ** 2 + (L(long) - L(short)) ** 2),),
              ("ABCD", "AB", "CD", end, long, short),
              figure=f"points A B C D\nright trapezoid ABCD bases AD BC\n{long} = 10\n{short} = 4", weight=0.7)
      for long, short, end in (("BC", "AD", "D"), ("AD", "BC", "C"))),
    *(Theorem("trapezoid_area_formula", "by the trapezoid area formula with the height {1}",
              (Given(_TRAPEZOIDS, ("ABCD", "AD", "BC")), Measured(h, ("height",))),
              (Conclusion(2 * area("ABCD"), (L("AD") + L("BC")) * _height(h)),), ("ABCD", h),
              figure=f"{_TRAPEZOID_TEXT}find height {h}")
      for h, _ in _heights_onto("ABCD", ("AD", "BC"))),
    *(Theorem("trapezoid_property_height", "since a leg of the trapezoid {0} moved along its bases makes a "
              "triangle with the other leg and the difference of the bases, whose height is the height {1}",
              (Given(_TRAPEZOIDS, ("ABCD", "AD", "BC")), Measured(h, ("height",))), (_trapezoid_height(h),),
              ("ABCD", h), figure=f"{_TRAPEZOID_TEXT}find height {h}")
      for h, _ in _heights_onto("ABCD", ("AD", "BC"))),
    # the angle two lines make where they cross inside a circle: half the SUM of the arcs it and its vertical
    # angle face (ccw order A C B D, or its mirror A D B C); each of the four angles at P, so the asked one is
    # concluded at once rather than through its vertical angle
    *(Theorem("circle_property_circular_power_segment_and_segment_angle", _INSIDE,
              (Secants("PABCDO"), Between("PAB"), Between("PCD"), Sweep("OACB", turn)),
              (Conclusion(2 * ang("APC"), ac + bd),
               Conclusion(2 * ang("BPC"), cb + da, ("P", "AB", "CD", "O", "BPC", "APD")),
               Conclusion(2 * ang("BPD"), ac + bd, ("P", "AB", "CD", "O", "BPD", "APC")),
               Conclusion(2 * ang("APD"), cb + da, ("P", "AB", "CD", "O", "APD", "BPC"))),
              ("P", "AB", "CD", "O", "APC", "BPD"), _turned(_chords, "O", "A", "C", "B", turn == "off"),
              figure="circle O through A B C D\nline A P B\nline C P D")
      for turn, ac, bd, cb, da in (("off", arc("OAC"), arc("OBD"), arc("OCB"), arc("ODA")),
                                   ("on", arc("OCA"), arc("ODB"), arc("OBC"), arc("OAD")))),
    # and where they cross outside it: half the DIFFERENCE of the far arc and the near one (two secants, A and C
    # the nearer points, ccw order A C D B or its mirror A B D C; a tangent at T and a secant, T C D or T D C)
    *(Theorem("circle_property_circular_power_segment_and_segment_angle", _OUTSIDE,
              (Secants("PXYUVO"), Permuted("AB", "XY"), Permuted("CD", "UV"), Between("APB"), Between("CPD"),
               Sweep("OACB", turn)),
              (Conclusion(2 * ang("APC"), far - near),), ("P", "AB", "CD", "O", "APC"),
              _turned(_secants, "O", "A", "C", "B", turn == "off"),
              figure="circle O through A B C D\nline P A B\nline P C D")
      for turn, far, near in (("off", arc("ODB"), arc("OAC")), ("on", arc("OBD"), arc("OCA")))),
    *(Theorem("circle_property_circular_power_segment_and_segment_angle", _TANGENT_SECANT,
              (Given("tangent", ("PT", "O")), Secants("PXYO", one=True), Permuted("CD", "XY"), Between("CPD"),
               Apart("T", "CD"), Sweep("OTCD", turn)),
              (Conclusion(2 * ang("TPC"), far - near),), ("P", "PT", "CD", "O", "TPC"),
              _turned(_tangent_secant, "O", "T", "C", "D", turn == "off"),
              figure="circle O through T C D\nline P C D\nline P T\nPT tangent to circle O")
      for turn, far, near in (("off", arc("ODT"), arc("OTC")), ("on", arc("OTD"), arc("OCT")))),
    # the angle in a semicircle: one named step where the diameter's semicircle and the inscribed angle take two.
    # Last of all: on rounded givens that contradict the diameter (FormalGeo's), the routes the other blocks take
    # fix the answer first and this one is kept out where it clashes (dev 1994); on exact givens it only shortens
    # (where the problem states the diameter, the sentence starts from it: never "it is a diameter" said again)
    Theorem("diameter_of_circle_property_right_angle",
            "since {1} is a diameter of circle {2}, the angle {0} in the semicircle is a right angle",
            (Given("diameter", ("AB", "O")), OnCircle("MO"), Apart("M", "AB"), Joined("MA"), Joined("MB")),
            (Conclusion(ang("AMB"), _RIGHT),), ("AMB", "AB", "O"),
            lambda rng: _circle(rng, "ABM", (t := rng.uniform(0, 360), t + 180, t + rng.uniform(10, 350))),
            figure="circle O through A B M\nline A O B\nAB diameter of circle O\nline M A\nline M B", weight=0.45),
    Theorem("diameter_of_circle_property_right_angle",
            "since {1} passes through the centre {2}, it is a diameter, and the angle {0} in the semicircle is a "
            "right angle",
            (OnCircle("AO"), OnCircle("BO"), Apart("A", "B"), Between("OAB"), OnCircle("MO"), Apart("M", "AB"),
             Joined("MA"), Joined("MB")),
            (Conclusion(ang("AMB"), _RIGHT),), ("AMB", "AB", "O"),
            lambda rng: _circle(rng, "ABM", (t := rng.uniform(0, 360), t + 180, t + rng.uniform(10, 350))),
            figure="circle O through A B M\nline A O B\nline M A\nline M B", weight=0.5),
)
