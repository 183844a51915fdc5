"""The relations of general plane geometry, one declarative block each.

A :class:`Block` is data, written on template points (the letters of its placeholders, as
``engine/kinds.py`` writes kinds on vertex indices): its DSL forms (``"{M} midpoint of {AB}"``: a
placeholder's letters are its template points, and a letter in two placeholders must be one point),
the sentence that states it, its equations between elements (``AM = MB``), the coordinate
conditions that equations cannot say (``AB ∥ CD``, ``M between A and B``), which placeholder is a
polygon it declares, and a construction of template coordinates that satisfy it (for the property
test, and as the meaning the equations are checked against).  Nothing else in geomill branches on
a block's key: the reader, printer, numeric model and tests all read these fields.
"""
from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np
import sympy

from . import plane_geometry as pg
from .model import split_points
from .plane import element_of, element_symbol

Pts = Mapping[str, np.ndarray]
if TYPE_CHECKING:  # (annotations only: numpy.random loads where a check draws its points)
    Rng = np.random.Generator

# -- template elements ------------------------------------------------------------------------


def _points(pts) -> tuple[str, ...]:
    """An element's points from a name (``"A1B1"``: points with digits and primes are split as names,
    not letters) or a tuple of them."""
    if not isinstance(pts, str):
        return tuple(pts)
    return tuple(pts) if pts.isalpha() else split_points(pts)


def L(pts: str) -> sympy.Symbol:  # noqa: N802 - reads as the length bars a textbook writes
    return element_symbol("length", _points(pts))


def ang(pts: str) -> sympy.Symbol:
    return element_symbol("angle", _points(pts))


def area(pts: str) -> sympy.Symbol:
    return element_symbol("area", _points(pts))


def arc(pts: str) -> sympy.Symbol:
    return element_symbol("arc", _points(pts))


def arc_length(pts: str) -> sympy.Symbol:
    return element_symbol("arc_length", _points(pts))


def radius(centre: str) -> sympy.Symbol:
    return element_symbol("radius", (centre,))


def diameter(centre: str) -> sympy.Symbol:
    return element_symbol("diameter", (centre,))


def height(pts: str) -> sympy.Symbol:
    return element_symbol("height", _points(pts))


# -- coordinate conditions (each a residual, 0 when it holds, of order 1 when far off) --------------


def hinge(x: float) -> float:
    """0 for x >= 0, else -x: an inequality as a residual."""
    return -x if x < 0 else 0.0


def _scale(p: Pts) -> float:
    """The largest distance between two of the points (a condition's unit).  Plain floats: the numeric
    model evaluates the conditions thousands of times, and numpy's scalars cost ten times as much."""
    xy = [(float(v[0]), float(v[1])) for v in p.values()]
    hypot = math.hypot
    return max(max((hypot(bx - ax, by - ay) for (ax, ay), (bx, by) in itertools.combinations(xy, 2)), default=0.0),
               1e-9)  # (each pair once: a point's distance to itself, and the pair the other way, change no maximum)


def parallel(a: str, b: str, c: str, d: str) -> Callable[[Pts], list[float]]:
    return lambda p: [pg.unit_cross(p[a], p[b], p[c], p[d])]


def perpendicular(a: str, b: str, c: str, d: str) -> Callable[[Pts], list[float]]:
    return lambda p: [pg.unit_dot(p[a], p[b], p[c], p[d])]


def between(m: str, a: str, b: str) -> Callable[[Pts], list[float]]:
    """m on segment ab, strictly inside."""
    def cond(p: Pts) -> list[float]:
        ab = p[b] - p[a]
        n2 = float(np.dot(ab, ab)) + 1e-12
        t = float(np.dot(p[m] - p[a], ab)) / n2
        return [pg.cross(ab, p[m] - p[a]) / n2, hinge(t - 0.01), hinge(0.99 - t)]
    cond.collinear = (a, m, b)  # a stated incidence: the deduction's lines hold it
    cond.ordered = True  # ... in that order
    return cond


def on_line(m: str, a: str, b: str) -> Callable[[Pts], list[float]]:
    def cond(p: Pts) -> list[float]:
        ab = p[b] - p[a]
        return [pg.cross(ab, p[m] - p[a]) / (float(np.dot(ab, ab)) + 1e-12)]
    cond.collinear = (a, m, b)  # a stated incidence: the deduction's lines hold it
    return cond


def _along(m: str, a: str, b: str, past: float) -> Callable[[Pts], list[float]]:
    """m on line ab, at least ``past`` of the way from a to b (0.01: the ray ab; 1.01: beyond b)."""
    def cond(p: Pts) -> list[float]:
        ab = p[b] - p[a]
        n2 = float(np.dot(ab, ab)) + 1e-12
        return [pg.cross(ab, p[m] - p[a]) / n2, hinge(float(np.dot(p[m] - p[a], ab)) / n2 - past)]
    cond.collinear = (a, m, b) if past < 1 else (a, b, m)  # a stated incidence: the deduction's lines hold it
    cond.ordered = past >= 1  # (beyond b: in that order; on the ray, m may lie either side of b)
    return cond


def ray(m: str, a: str, b: str) -> Callable[[Pts], list[float]]:
    """m on the ray from a through b."""
    return _along(m, a, b, 0.01)


def beyond(m: str, a: str, b: str) -> Callable[[Pts], list[float]]:
    """m on line ab past b (ab extended beyond b)."""
    return _along(m, a, b, 1.01)


SIDE_MARGIN = 1e-6  # two chains' normalised signed areas multiply to at least this: neither point on the line


def sides(first: str, second: str, same: bool) -> Callable[[Pts], list[float]]:
    """The chains ``first`` and ``second`` (``ABC``, ``ABO``: C and O seen from the line AB) turn the same
    way (``same``: the third points on one side of the line) or opposite ways: the sign condition a pair
    of turning chains states, whichever way the whole figure turns.  Weighed as the numeric model weighs
    a chain turning the wrong way, so that a point on the line is no figure."""
    def cond(p: Pts) -> list[float]:
        s = _scale(p) ** 2
        s1 = pg.signed_area([p[q] for q in first]) / s
        s2 = pg.signed_area([p[q] for q in second]) / s
        return [100.0 * hinge((1.0 if same else -1.0) * s1 * s2 - SIDE_MARGIN)]
    cond.chains = (first, second, same)
    return cond


def same_side(a: str, b: str, c: str, d: str, e: str, f: str, mirror: bool = False) -> Callable[[Pts], list[float]]:
    """Triangles abc and def turn the same way (or opposite ways when ``mirror``)."""
    def cond(p: Pts) -> list[float]:
        s1 = pg.signed_area([p[a], p[b], p[c]])
        s2 = pg.signed_area([p[d], p[e], p[f]])
        k = -1.0 if mirror else 1.0
        return [hinge(k * s1 * s2 / (_scale(p) ** 4))]
    return cond


def inside_angle(d: str, a: str, b: str, c: str) -> Callable[[Pts], list[float]]:
    """Ray bd lies inside angle abc: the two parts add up to the whole."""
    return lambda p: [(pg.angle(p[a], p[b], p[d]) + pg.angle(p[d], p[b], p[c]) - pg.angle(p[a], p[b], p[c])) / 180]


def convex(*pts: str) -> Callable[[Pts], list[float]]:
    """The polygon turns one way at every vertex (a convex outline, either direction)."""
    def cond(p: Pts) -> list[float]:
        n = len(pts)
        xy = [(float(p[q][0]), float(p[q][1])) for q in pts]  # (plain floats, as in _scale)
        turns = []
        for i in range(n):
            (ax, ay), (bx, by), (cx, cy) = xy[i - 1], xy[i], xy[(i + 1) % n]
            turns.append((bx - ax) * (cy - by) - (by - ay) * (cx - bx))
        s = _scale(p) ** 2
        sign = 1.0 if sum(turns) >= 0 else -1.0
        return [hinge(sign * t / s - 1e-5) for t in turns]
    return cond


# -- constructions on template points ---------------------------------------------------------


def _pt(rng: Rng) -> np.ndarray:
    return rng.uniform(-5, 5, 2)


def _rot(v: np.ndarray, deg: float) -> np.ndarray:
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    return np.array([c * v[0] - s * v[1], s * v[0] + c * v[1]])


def triangle(rng: Rng, names: str = "ABC") -> dict[str, np.ndarray]:
    """A random triangle, counter-clockwise, every angle at least 20 degrees."""
    while True:
        p = {n: _pt(rng) for n in names}
        a, b, c = (p[n] for n in names)
        if pg.signed_area([a, b, c]) < 0:
            p[names[1]], p[names[2]] = c, b
            a, b, c = (p[n] for n in names)
        if min(pg.angle(c, a, b), pg.angle(a, b, c), pg.angle(b, c, a)) > 20:
            return p


def acute(rng: Rng, names: str = "ABC") -> dict[str, np.ndarray]:
    while True:
        p = triangle(rng, names)
        a, b, c = (p[n] for n in names)
        if max(pg.angle(c, a, b), pg.angle(a, b, c), pg.angle(b, c, a)) < 80:
            return p


def similar_copy(p: dict[str, np.ndarray], src: str, dst: str, rng: Rng, mirror: bool, scale: float | None = None
                 ) -> dict[str, np.ndarray]:
    """``dst`` as a rotated, scaled (and for ``mirror`` reflected) copy of ``src``."""
    k = scale if scale is not None else rng.uniform(0.4, 2.5)
    t, shift = rng.uniform(0, 360), _pt(rng) * 3
    out = dict(p)
    for s, d in zip(src, dst):
        v = p[s].copy()
        if mirror:
            v[1] = -v[1]
        out[d] = _rot(v, t) * k + shift
    return out


def quad(rng: Rng, names: str = "ABCD") -> dict[str, np.ndarray]:
    """A random convex quadrilateral (points on a circle at sorted angles, radii jittered)."""
    while True:
        ts = np.sort(rng.uniform(0, 2 * math.pi, 4))
        if np.min(np.diff(np.append(ts, ts[0] + 2 * math.pi))) < 0.5:
            continue
        p = {n: np.array([math.cos(t), math.sin(t)]) * rng.uniform(2, 3) for n, t in zip(names, ts)}
        return p


# -- blocks -----------------------------------------------------------------------------------------

Equation = tuple[sympy.Expr, sympy.Expr]
_PLACEHOLDER = re.compile(r"\{([A-Z]+)\}")


@dataclass(frozen=True)
class Block:
    """One relation (or a polygon with a kind): see the module docstring."""

    key: str
    forms: tuple[str, ...]
    sentence: str
    construct: Callable[[Rng], dict[str, np.ndarray]]
    equations: tuple[Equation, ...] = ()
    conditions: tuple[Callable[[Pts], list[float]], ...] = ()
    polygon: str | None = None  # the placeholder that names a polygon this line declares
    circle: str | None = None  # a circle's centre among the template points (its points are on it)
    on_circle: tuple[str, ...] = ()  # template points that lie on that circle
    family: str = "relation"
    distinct: bool = True  # distinct letters are distinct points (similar triangles may share a vertex)
    # the marks a textbook figure draws for it, on template elements: ("right", "AOC") a right-angle square
    # (("right", "DAB", "ABC", …): one square, at the first of those right corners no drawn segment splits),
    # ("right_lines", "AB", "CD") one where the lines meet, ("parallel", "AB", "CD") arrows, ("equal", "AM", "MB")
    # ticks, ("equal_angle", "ABD", "DBC") arcs, ("dot", "A") a point of tangency, ("height", "AD", "BC") AD
    # dashed onto BC (its foot marked, BC extended to it)
    marks: tuple[tuple[str, ...], ...] = ()
    # what a reader must know beyond the sentence (which point touches, where a foot lies), in the
    # block's letters; the language reference prints it on the example's points
    note: str = ""
    # why each equation holds, where the sentence alone does not name it (a parallelogram's opposite angles), in
    # the block's letters: one per equation, "" for the sentence itself; a proof step cites its equation by it
    reasons: tuple[str, ...] = ()
    # the segment a textbook draws horizontal, across the shape's axis of symmetry (an isosceles triangle's base,
    # a kite's cross diagonal), in the block's letters: "" where the figure's own base rule applies
    stands_on: str = ""

    @cached_property
    def placeholders(self) -> tuple[str, ...]:
        """The placeholders in argument order (those of the first form)."""
        return tuple(_PLACEHOLDER.findall(self.forms[0]))

    @cached_property
    def letters(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys("".join(self.placeholders)))

    def bind(self, args: tuple[tuple[str, ...], ...]) -> dict[str, str] | None:
        """Template letter -> point, or None when a repeated letter gets two points (or two letters one)."""
        out: dict[str, str] = {}
        for ph, pts in zip(self.placeholders, args):
            if len(ph) != len(pts):
                return None
            for letter, point in zip(ph, pts):
                if out.setdefault(letter, point) != point:
                    return None
        if self.distinct and len(set(out.values())) != len(out):
            return None
        return out if all(len(set(pts)) == len(pts) for pts in args) else None

    def collinear(self, args: tuple[tuple[str, ...], ...]) -> list[tuple[str, str, str]]:
        """The three points each incidence condition (``P on AB``, a midpoint, a foot) puts on one
        line, on the problem's points: facts the problem states, never read off a figure."""
        return self._incidences(args, "collinear")

    def orders(self, args: tuple[tuple[str, ...], ...]) -> list[tuple[str, str, str]]:
        """The three points on one line IN THAT ORDER that the block's sentence says (a midpoint between
        its ends, a point beyond a side's end), on the problem's points."""
        return self._incidences(args, "ordered")

    def _incidences(self, args: tuple[tuple[str, ...], ...], kind: str) -> list[tuple[str, str, str]]:
        """The conditions' three points on one line (each condition with a true ``kind`` attribute)."""
        names = self.bind(args)
        return [tuple(names[x] for x in c.collinear) for c in self.conditions
                if getattr(c, kind, None) and all(x in names for x in c.collinear)]

    def instantiate(self, args: tuple[tuple[str, ...], ...]) -> list[Equation]:
        """The block's equations on the problem's points."""
        names = self.bind(args)
        assert names is not None, (self.key, args)
        return [(rename(lhs, names), rename(rhs, names)) for lhs, rhs in self.equations]

    def residuals(self, args: tuple[tuple[str, ...], ...], at: Mapping[str, np.ndarray]) -> list[float]:
        """The coordinate conditions on the problem's points (0 where they hold)."""
        names = self.bind(args)
        p = {letter: at[point] for letter, point in names.items()}
        return [r for cond in self.conditions for r in cond(p)]

    def marks_on(self, args: tuple[tuple[str, ...], ...]) -> list[tuple[str, tuple[tuple[str, ...], ...]]]:
        """The block's marks on the problem's points: (kind, its elements, each a tuple of points)."""
        names = self.bind(args)
        if names is None:
            return []
        return [(kind, tuple(tuple(names[c] for c in el) for el in els)) for kind, *els in self.marks]

    def state(self, args: tuple[tuple[str, ...], ...], polygons: Iterable[Sequence[str]] = ()) -> str:
        """The sentence on the problem's points; a triangle the sentence names ("a median of triangle ABC") is
        spelt as the problem declares it (``polygons``), whichever vertex the relation's own order starts from; so is
        the block's own polygon where ``polygons`` spells it from another vertex or the other way round ("ABC is a right
        triangle with the right angle at C", never "BCA is ...": blind teacher 21)."""
        shown = {}
        for ph, pts in zip(self.placeholders, args):
            if f"triangle {{{ph}}}" in self.sentence:
                same = next((p for p in polygons if len(p) == len(pts) and set(p) == set(pts)), None)
                if same is not None:
                    shown[ph] = "".join(same)
            elif ph == self.polygon:  # (either way round: "ACBD is a parallelogram" where the goal asks the area
                # of ACBD and the relation says CADB, never the one shape under two names: blind teacher 27)
                turned = {tuple(q[k:]) + tuple(q[:k]) for q in (tuple(pts), tuple(pts)[::-1]) for k in range(len(pts))}
                same = next((p for p in polygons if tuple(p) in turned), None)
                if same is not None:
                    shown[ph] = "".join(same)
        return _fill(self.sentence, self.placeholders, args, shown)

    def reason(self, i: int, args: tuple[tuple[str, ...], ...], polygons: Iterable[Sequence[str]] = ()) -> str:
        """Why the block's ``i``-th equation holds, on the problem's points: the property it is (``the opposite
        angles of the parallelogram TSRU are equal``), or the sentence where the block names none."""
        why = self.reasons[i] if i < len(self.reasons) else ""
        return f"since {self.state(args, polygons)}" if not why else _fill(why, self.placeholders, args)

    def remark(self, args: tuple[tuple[str, ...], ...]) -> str:
        """The block's note on the problem's points (empty where it has none)."""
        return _fill(self.note, self.placeholders, args)

    def text(self, args: tuple[tuple[str, ...], ...], form: str | None = None) -> str:
        return _fill(form or self.forms[0], self.placeholders, args)


def _fill(template: str, placeholders: tuple[str, ...], args: tuple[tuple[str, ...], ...],
          shown: Mapping[str, str] | None = None) -> str:
    """A template with each placeholder replaced by its points (or by ``shown``'s spelling of them); a
    placeholder that is no argument (``{A}`` of ``{PA}``: the point a tangent touches) is spelt letter by
    letter from the arguments."""
    names: dict[str, str] = dict(shown or {})
    letters: dict[str, str] = {}
    for ph, pts in zip(placeholders, args):
        names.setdefault(ph, "".join(pts))
        if len(ph) == len(pts):
            for letter, point in zip(ph, pts):
                letters.setdefault(letter, point)
    return _PLACEHOLDER.sub(lambda m: names.get(m.group(1), "".join(letters.get(c, c) for c in m.group(1))), template)


def rename(e: sympy.Expr, names: Mapping[str, str]) -> sympy.Expr:
    """An expression on template points moved onto the problem's points."""
    subs = {}
    for s in e.free_symbols:
        el = element_of(s)
        if el is not None:
            subs[s] = element_symbol(el.kind.key, tuple(names[p] for p in el.points))
    return e.xreplace(subs)


def _tri_eqs(a: str, b: str, equal: bool) -> tuple[Equation, ...]:
    """Similar (or congruent) polygons ``a`` ~ ``b``, vertices in correspondence."""
    n = len(a)
    out: list[Equation] = [(ang(a[i - 1] + a[i] + a[(i + 1) % n]), ang(b[i - 1] + b[i] + b[(i + 1) % n]))
                           for i in range(n)]
    sides = [(a[i] + a[(i + 1) % n], b[i] + b[(i + 1) % n]) for i in range(n)]
    if equal:
        out += [(L(s), L(t)) for s, t in sides]
    else:
        (s0, t0) = sides[0]
        out += [(L(s) * L(t0), L(s0) * L(t)) for s, t in sides[1:]]
    return tuple(out)


def _similar(rng: Rng, n: int, mirror: bool, equal: bool) -> dict[str, np.ndarray]:
    src, dst = ("ABC", "DEF") if n == 3 else ("ABCD", "EFGH")
    p = triangle(rng, src) if n == 3 else quad(rng, src)
    return similar_copy(p, src, dst, rng, mirror, 1.0 if equal else None)


def _similarity_block(key: str, n: int, mirror: bool, equal: bool) -> Block:
    a, b = ("ABC", "DEF") if n == 3 else ("ABCD", "EFGH")
    word = ("mirror " if mirror else "") + ("congruent" if equal else "similar")
    cond = (same_side(a[0], a[1], a[2], b[0], b[1], b[2], mirror),)
    return Block(key, (f"{{{a}}} {word} to {{{b}}}",), f"{{{a}}} is {word} to {{{b}}}",
                 lambda rng: _similar(rng, n, mirror, equal), _tri_eqs(a, b, equal), cond, family="similarity",
                 distinct=False)


def _parallelogram(rng: Rng) -> dict[str, np.ndarray]:
    while True:
        a, b, d = _pt(rng), _pt(rng), _pt(rng)
        if abs(pg.angle(b, a, d) - 90) < 70:
            break
    if pg.signed_area([a, b, d]) < 0:
        b, d = d, b
    return {"A": a, "B": b, "C": b + d - a, "D": d}


def _rectangle(rng: Rng, square: bool = False) -> dict[str, np.ndarray]:
    a, b = _pt(rng), _pt(rng)
    w = rng.uniform(0.4, 2.0) if not square else 1.0
    d = a + _rot(b - a, 90) * w
    return {"A": a, "B": b, "C": b + d - a, "D": d}


def _rhombus(rng: Rng) -> dict[str, np.ndarray]:
    a, b = _pt(rng), _pt(rng)
    d = a + _rot(b - a, rng.uniform(30, 150))
    return {"A": a, "B": b, "C": b + d - a, "D": d}


def _kite(rng: Rng) -> dict[str, np.ndarray]:
    """AB = AD, CB = CD: A and C on the perpendicular bisector of BD, on either side."""
    b, d = _pt(rng), _pt(rng)
    m, n = (b + d) / 2, _rot(d - b, 90)
    return {"A": m - n * rng.uniform(0.3, 1.5), "B": b, "C": m + n * rng.uniform(0.3, 1.5), "D": d}


def _trapezoid(rng: Rng, isosceles: bool = False, right: bool = False) -> dict[str, np.ndarray]:
    """Bases AD and BC parallel; A, B, C, D counter-clockwise."""
    w, h = rng.uniform(3, 6), rng.uniform(1, 4)
    top = rng.uniform(1, w - 0.5)
    off = 0.0 if right else (w - top) / 2 if isosceles else rng.uniform(0.2, w - top - 0.1)
    pts = {"A": np.array([0.0, h]), "B": np.array([0.0, 0.0]), "C": np.array([w, 0.0]), "D": np.array([0.0, h])}
    pts["A"] = np.array([off, h])
    pts["D"] = np.array([off + top, h])
    pts["B"], pts["C"] = np.array([0.0, 0.0]), np.array([w, 0.0])
    if right:  # FormalGeo's right trapezoid: DA ⊥ AB ⊥ BC
        pts["A"], pts["D"] = np.array([0.0, h]), np.array([top, h])
    t, s = rng.uniform(0, 360), _pt(rng)
    return {k: _rot(v, t) + s for k, v in pts.items()}


def _on_circle(o: np.ndarray, r: float, deg: float) -> np.ndarray:
    return o + r * np.array([math.cos(math.radians(deg)), math.sin(math.radians(deg))])


def _incentre(rng: Rng) -> dict[str, np.ndarray]:
    p = triangle(rng, "ABC")
    a, b, c = pg.dist(p["B"], p["C"]), pg.dist(p["C"], p["A"]), pg.dist(p["A"], p["B"])
    p["O"] = (a * p["A"] + b * p["B"] + c * p["C"]) / (a + b + c)
    return p


def _circumcentre(rng: Rng, names: str = "ABC") -> dict[str, np.ndarray]:
    o, r = _pt(rng), rng.uniform(1, 4)
    degs = np.sort(rng.uniform(0, 360, len(names)))
    while np.min(np.diff(np.append(degs, degs[0] + 360))) < 25:
        degs = np.sort(rng.uniform(0, 360, len(names)))
    out = {n: _on_circle(o, r, d) for n, d in zip(names, degs)}
    out["O"] = o
    return out


def _with(p: dict[str, np.ndarray], **extra: np.ndarray) -> dict[str, np.ndarray]:
    return {**p, **extra}


def _bisector(rng: Rng) -> dict[str, np.ndarray]:
    p = triangle(rng, "ABC")
    u = (p["A"] - p["B"]) / pg.dist(p["A"], p["B"]) + (p["C"] - p["B"]) / pg.dist(p["C"], p["B"])
    return _with(p, D=p["B"] + u * rng.uniform(0.5, 2))


def _altitude(rng: Rng) -> dict[str, np.ndarray]:
    p = acute(rng, "ABC")
    return _with(p, D=pg.foot(p["A"], p["B"], p["C"]))


def _perp_bisector(rng: Rng) -> dict[str, np.ndarray]:
    a, b = _pt(rng), _pt(rng)
    o = (a + b) / 2
    return {"A": a, "B": b, "O": o, "C": o + _rot(b - a, 90) * rng.uniform(0.3, 1.5)}


def _tangent(rng: Rng) -> dict[str, np.ndarray]:
    o, r, t = _pt(rng), rng.uniform(1, 3), rng.uniform(0, 360)
    a = _on_circle(o, r, t)
    return {"O": o, "A": a, "P": a + _rot(a - o, 90) * rng.uniform(0.5, 2) * rng.choice([-1, 1])}


def _diameter(rng: Rng) -> dict[str, np.ndarray]:
    o, r, t = _pt(rng), rng.uniform(1, 3), rng.uniform(0, 360)
    return {"O": o, "A": _on_circle(o, r, t), "B": _on_circle(o, r, t + 180)}


def _arc_midpoint(rng: Rng) -> dict[str, np.ndarray]:
    o, r, t, s = _pt(rng), rng.uniform(1, 3), rng.uniform(0, 360), rng.uniform(20, 340)
    return {"O": o, "A": _on_circle(o, r, t), "M": _on_circle(o, r, t + s / 2), "B": _on_circle(o, r, t + s)}


def _equal_arcs(rng: Rng) -> dict[str, np.ndarray]:
    o, q, r, s = _pt(rng), _pt(rng) + 8, rng.uniform(1, 3), rng.uniform(20, 340)
    t, u = rng.uniform(0, 360), rng.uniform(0, 360)
    return {"O": o, "A": _on_circle(o, r, t), "B": _on_circle(o, r, t + s),
            "P": q, "C": _on_circle(q, r, u), "D": _on_circle(q, r, u + s)}


def _equal_arcs_same(rng: Rng) -> dict[str, np.ndarray]:
    o, r, s = _pt(rng), rng.uniform(1, 3), rng.uniform(20, 170)
    t = rng.uniform(0, 360)
    return {"O": o, "A": _on_circle(o, r, t), "B": _on_circle(o, r, t + s),
            "C": _on_circle(o, r, t + s + 10), "D": _on_circle(o, r, t + 2 * s + 10)}


def _point_on(rng: Rng, t: tuple[float, float]) -> dict[str, np.ndarray]:
    a, b = _pt(rng), _pt(rng)
    return {"A": a, "B": b, "P": a + (b - a) * rng.uniform(*t)}


def _on_arc(rng: Rng, major: bool) -> dict[str, np.ndarray]:
    """A chord AB of circle O (no diameter) and C on its major (or minor) arc, away from A and B."""
    o, r, t, w = _pt(rng), rng.uniform(1, 3), rng.uniform(0, 360), rng.uniform(30, 150)
    c = rng.uniform(w + 15, 345) if major else rng.uniform(10, w - 10)
    return {"O": o, "A": _on_circle(o, r, t), "B": _on_circle(o, r, t + w), "C": _on_circle(o, r, t + c)}


def _by_line(rng: Rng, same: bool) -> dict[str, np.ndarray]:
    """A line EF and points A, C off it, on one side of it (or on either side)."""
    e, f = _pt(rng), _pt(rng)
    while pg.dist(e, f) < 1:
        f = _pt(rng)
    u = (f - e) / pg.dist(e, f)
    n = _rot(u, 90)
    a = e + u * rng.uniform(-3, 3) + n * rng.uniform(0.5, 3)
    c = e + u * rng.uniform(-3, 3) + n * rng.uniform(0.5, 3) * (1 if same else -1)
    return {"E": e, "F": f, "A": a, "C": c}


def _meet(rng: Rng) -> dict[str, np.ndarray]:
    p, u, v = _pt(rng), _rot(np.array([1.0, 0]), rng.uniform(0, 180)), _rot(np.array([1.0, 0]), rng.uniform(0, 180))
    while abs(pg.cross(u, v)) < 0.3:
        v = _rot(np.array([1.0, 0]), rng.uniform(0, 180))
    return {"P": p, "A": p + u * rng.uniform(-3, -0.5), "B": p + u * rng.uniform(0.5, 3),
            "C": p + v * rng.uniform(-3, -0.5), "D": p + v * rng.uniform(0.5, 3)}


def _isosceles(rng: Rng) -> dict[str, np.ndarray]:
    d = _kite(rng)
    return {"A": d["A"], "B": d["B"], "C": d["D"]}


def _midpoint(rng: Rng) -> dict[str, np.ndarray]:
    a, b = _pt(rng), _pt(rng)
    return {"A": a, "B": b, "M": (a + b) / 2}


def _alt_quad(rng: Rng) -> dict[str, np.ndarray]:
    """A trapezoid with bases AB and CD (``_trapezoid``'s DA and BC), E on CD, F its foot on AB."""
    t = _trapezoid(rng)
    d = {"A": t["D"], "B": t["A"], "C": t["B"], "D": t["C"]}
    e = (d["C"] + d["D"]) / 2
    return _with(d, E=e, F=pg.foot(e, d["A"], d["B"]))


def _orthocentre(d: Mapping[str, np.ndarray]) -> np.ndarray:
    a, b, c = d["A"], d["B"], d["C"]
    # solve (h - a).(c - b) = 0, (h - b).(a - c) = 0
    m = np.array([c - b, a - c])
    rhs = np.array([float(np.dot(a, c - b)), float(np.dot(b, a - c))])
    return np.linalg.solve(m, rhs)


_PARALLELOGRAM_EQS: tuple[Equation, ...] = (
    (L("AB"), L("CD")), (L("BC"), L("DA")), (ang("ABC"), ang("CDA")), (ang("DAB"), ang("BCD")),
    (ang("ABC") + ang("BCD"), sympy.Integer(180)))
_ANY_CORNER = ("right", "DAB", "ABC", "BCD", "CDA")  # a rectangle's right angle: any corner of the four says it
_QUAD_SUM: Equation = (ang("DAB") + ang("ABC") + ang("BCD") + ang("CDA"), sympy.Integer(360))


def _parallelogram_cond(p: Pts) -> list[float]:
    s = _scale(p)
    v = p["A"] + p["C"] - p["B"] - p["D"]
    return [float(v[0]) / s, float(v[1]) / s]


def _opposite(kind: str, angles: str = "", equal: bool = False) -> tuple[str, ...]:
    """Why a parallelogram's five equations hold (its opposite sides, its opposite angles, two adjacent angles), a
    rectangle's and a square's angles being right angles (``angles``: that reason for the three on angles), a
    rhombus's and a square's sides all equal (``equal``: one reason for every pair of sides)."""
    sides = f"since the {'' if equal else 'opposite '}sides of the {kind} {{ABCD}} are equal"
    if angles:
        return (sides, sides, angles, angles, angles)
    return (sides, sides, f"since the opposite angles of the {kind} {{ABCD}} are equal",
            f"since the opposite angles of the {kind} {{ABCD}} are equal",
            f"since the adjacent angles of the {kind} {{ABCD}} add up to 180°")


_CO_INTERIOR = "since the co-interior angles on each leg of the {kind} {{ABCD}} add up to 180°"
_RIGHT_ANGLES = "since the angles of the {kind} {{ABCD}} are right angles"


BLOCKS: tuple[Block, ...] = (
    # -- polygons with a kind (a polygon plus facts) ----------------------------------------------
    Block("right_triangle", ("triangle {ABC} right at {B}",), "{ABC} is a right triangle with the right angle at {B}",
          lambda rng: _with(d := triangle(rng), C=d["B"] + _rot(d["A"] - d["B"], -90) * rng.uniform(0.4, 2)),
          ((ang("ABC"), sympy.Integer(90)), (L("AB") ** 2 + L("BC") ** 2, L("AC") ** 2),
           (ang("BCA") + ang("CAB"), sympy.Integer(90))), polygon="ABC", family="triangle",
          reasons=("", "by Pythagoras in the right triangle {ABC}",
                   "since the acute angles of the right triangle {ABC} add up to 90°"),
          marks=(("right", "ABC"),)),
    Block("isosceles_triangle", ("triangle {ABC} isosceles at {A}",), "{ABC} is an isosceles triangle with apex {A}",
          _isosceles,
          ((L("AB"), L("AC")), (ang("ABC"), ang("BCA"))), polygon="ABC", family="triangle",
          reasons=("", "since the base angles of the isosceles triangle {ABC} are equal"),
          marks=(("equal", "AB", "AC"),), stands_on="BC"),
    Block("isosceles_right_triangle", ("triangle {ABC} isosceles right at {A}",),
          "{ABC} is an isosceles right triangle with the right angle at {A}",
          lambda rng: _with(d := {"A": _pt(rng), "B": _pt(rng)}, C=d["A"] + _rot(d["B"] - d["A"], 90)),
          ((L("AB"), L("AC")), (ang("CAB"), sympy.Integer(90)), (ang("ABC"), sympy.Integer(45)),
           (ang("BCA"), sympy.Integer(45))), polygon="ABC", family="triangle",
          reasons=("", "", *2 * ("since the base angles of the isosceles right triangle {ABC} are 45°",)),
          marks=(("equal", "AB", "AC"), ("right", "CAB"))),
    Block("equilateral_triangle", ("triangle {ABC} equilateral",), "{ABC} is an equilateral triangle",
          lambda rng: _with(d := {"A": _pt(rng), "B": _pt(rng)}, C=d["A"] + _rot(d["B"] - d["A"], 60)),
          ((L("AB"), L("BC")), (L("BC"), L("CA")), (ang("ABC"), sympy.Integer(60)), (ang("BCA"), sympy.Integer(60)),
           (ang("CAB"), sympy.Integer(60))), polygon="ABC", family="triangle", marks=(("equal", "AB", "BC", "CA"),)),
    Block("parallelogram", ("parallelogram {ABCD}",), "{ABCD} is a parallelogram", _parallelogram,
          _PARALLELOGRAM_EQS, (_parallelogram_cond,), polygon="ABCD", family="quadrilateral",
          reasons=_opposite("parallelogram"),
          marks=(("parallel", "AB", "DC"), ("parallel", "AD", "BC"))),
    Block("rectangle", ("rectangle {ABCD}",), "{ABCD} is a rectangle", _rectangle,
          _PARALLELOGRAM_EQS + ((ang("ABC"), sympy.Integer(90)), (ang("DAB"), sympy.Integer(90)), (L("AC"), L("BD")),
                                (L("AB") ** 2 + L("BC") ** 2, L("AC") ** 2), (area("ABCD"), L("AB") * L("BC"))),
          (_parallelogram_cond,), polygon="ABCD", family="quadrilateral",
          reasons=(*_opposite("rectangle", _RIGHT_ANGLES.format(kind="rectangle")),
                   *2 * (_RIGHT_ANGLES.format(kind="rectangle"),),
                   "since the diagonals of the rectangle {ABCD} are equal", "by Pythagoras in the right triangle {ABC}",
                   "since the area of the rectangle {ABCD} is the product of its sides {AB} and {BC}"),
          marks=(_ANY_CORNER,)),
    Block("rhombus", ("rhombus {ABCD}",), "{ABCD} is a rhombus", _rhombus,
          _PARALLELOGRAM_EQS + ((L("AB"), L("BC")), (L("AC") ** 2 + L("BD") ** 2, 4 * L("AB") ** 2),
                                (2 * area("ABCD"), L("AC") * L("BD")), (ang("DAC"), ang("CAB")),
                                (L("DA"), L("AB")), (L("BC"), L("CD"))),
          (_parallelogram_cond,), polygon="ABCD", family="quadrilateral",
          reasons=(*_opposite("rhombus", equal=True), "since the sides of the rhombus {ABCD} are equal",
                   "since the diagonals of the rhombus {ABCD} bisect each other at right angles",
                   "since the area of the rhombus {ABCD} is half the product of its diagonals",
                   "since the diagonal {AC} of the rhombus {ABCD} bisects its angle at {A}",
                   *2 * ("since the sides of the rhombus {ABCD} are equal",)),
          marks=(("equal", "AB", "BC", "CD", "DA"),)),
    Block("square", ("square {ABCD}",), "{ABCD} is a square", lambda rng: _rectangle(rng, square=True),
          _PARALLELOGRAM_EQS + ((L("AB"), L("BC")), (ang("ABC"), sympy.Integer(90)), (ang("CAB"), sympy.Integer(45)),
                                (L("AC"), sympy.sqrt(2) * L("AB")), (area("ABCD"), L("AB") ** 2)),
          (_parallelogram_cond,), polygon="ABCD", family="quadrilateral",
          reasons=(*_opposite("square", _RIGHT_ANGLES.format(kind="square"), True),
                   "since the sides of the square {ABCD} are equal", _RIGHT_ANGLES.format(kind="square"),
                   "since the diagonal {AC} of the square {ABCD} bisects its right angle at {A}",
                   "since the diagonal {AC} of the square {ABCD} is its side times √2",
                   "since the area of the square {ABCD} is its side squared"),
          marks=(("equal", "AB", "BC", "CD", "DA"), _ANY_CORNER)),
    Block("kite", ("kite {ABCD} at {A}",), "{ABCD} is a kite whose equal sides meet at {A}", _kite,
          ((L("AB"), L("AD")), (L("CB"), L("CD")), (ang("ABC"), ang("CDA")), (ang("DAC"), ang("CAB")),
           (2 * area("ABCD"), L("AC") * L("BD")), _QUAD_SUM),
          (convex("A", "B", "C", "D"),), polygon="ABCD", family="quadrilateral",
          reasons=("since the sides of the kite {ABCD} that meet at {A} are equal",
                   "since the sides of the kite {ABCD} that meet at {C} are equal",
                   *2 * ("since the kite {ABCD} is symmetric about its diagonal {AC}",),
                   "since the area of the kite {ABCD} is half the product of its diagonals",
                   "by the angle sum of the quadrilateral {ABCD}"),
          marks=(("equal", "AB", "AD"), ("equal", "CB", "CD")), stands_on="BD"),
    Block("trapezoid", ("trapezoid {ABCD} bases {AD} {BC}",), "{ABCD} is a trapezoid with bases {AD} and {BC}",
          _trapezoid, ((ang("DAB") + ang("ABC"), sympy.Integer(180)), (ang("CDA") + ang("BCD"), sympy.Integer(180))),
          (parallel("A", "D", "B", "C"), convex("A", "B", "C", "D")), polygon="ABCD", family="quadrilateral",
          reasons=2 * (_CO_INTERIOR.format(kind="trapezoid"),),
          marks=(("parallel", "AD", "BC"),)),
    Block("isosceles_trapezoid", ("isosceles trapezoid {ABCD} bases {AD} {BC}",),
          "{ABCD} is an isosceles trapezoid with bases {AD} and {BC}", lambda rng: _trapezoid(rng, isosceles=True),
          ((ang("DAB") + ang("ABC"), sympy.Integer(180)), (L("AB"), L("CD")), (L("AC"), L("BD")),
           (ang("ABC"), ang("BCD")), (ang("DAB"), ang("CDA"))),
          (parallel("A", "D", "B", "C"), convex("A", "B", "C", "D")), polygon="ABCD", family="quadrilateral",
          reasons=(_CO_INTERIOR.format(kind="isosceles trapezoid"),
                   "since the legs of the isosceles trapezoid {ABCD} are equal",
                   "since the diagonals of the isosceles trapezoid {ABCD} are equal",
                   *2 * ("since the base angles of the isosceles trapezoid {ABCD} are equal",)),
          marks=(("parallel", "AD", "BC"), ("equal", "AB", "CD"))),
    Block("right_trapezoid", ("right trapezoid {ABCD} bases {AD} {BC}",),
          "{ABCD} is a right trapezoid with bases {AD} and {BC}, right angles at {A} and {B}",
          lambda rng: _trapezoid(rng, right=True),
          ((ang("DAB"), sympy.Integer(90)), (ang("ABC"), sympy.Integer(90)),
           (ang("CDA") + ang("BCD"), sympy.Integer(180))),
          (parallel("A", "D", "B", "C"), convex("A", "B", "C", "D")), polygon="ABCD", family="quadrilateral",
          reasons=("", "", _CO_INTERIOR.format(kind="right trapezoid")),
          marks=(("parallel", "AD", "BC"), ("right", "DAB"), ("right", "ABC"))),
    # -- lines -----------------------------------------------------------------------------------
    Block("parallel", ("{AB} parallel to {CD}",), "{AB} is parallel to {CD}",
          lambda rng: _with(d := {"A": _pt(rng), "B": _pt(rng), "C": _pt(rng)},
                            D=d["C"] + (d["B"] - d["A"]) * rng.uniform(-2, 2)),
          (), (parallel("A", "B", "C", "D"),), marks=(("parallel", "AB", "CD"),)),
    Block("perpendicular", ("{AO} perpendicular to {CO}",), "{AO} is perpendicular to {CO}",
          lambda rng: _with(d := {"O": _pt(rng), "A": _pt(rng)}, C=d["O"] + _rot(d["A"] - d["O"], 90) * 1.3),
          ((ang("AOC"), sympy.Integer(90)),), (), marks=(("right", "AOC"),)),
    Block("perpendicular_lines", ("{AB} perpendicular to {CD}",), "{AB} is perpendicular to {CD}",
          lambda rng: _with(d := {"A": _pt(rng), "B": _pt(rng), "C": _pt(rng)},
                            D=d["C"] + _rot(d["B"] - d["A"], 90) * rng.uniform(0.3, 2)),
          (), (perpendicular("A", "B", "C", "D"),), marks=(("right_lines", "AB", "CD"),)),
    Block("point_on_segment", ("{P} on {AB}",), "{P} lies on {AB}", lambda rng: _point_on(rng, (0.1, 0.9)),
          ((L("AP") + L("PB"), L("AB")),), (between("P", "A", "B"),)),
    Block("point_on_ray", ("{P} on ray {AB}",), "{P} lies on the ray {AB}", lambda rng: _point_on(rng, (0.1, 3)),
          (), (ray("P", "A", "B"),)),
    Block("point_on_line", ("{P} on line {AB}",), "{P} lies on the line {AB}",
          lambda rng: _point_on(rng, (-1.5, 2.5)), (), (on_line("P", "A", "B"),)),
    Block("point_beyond",
          ("{P} on {AB} extended beyond {B}", "{P} on {BA} extended beyond {B}", "{P} on {AB} extended"),
          "{P} lies on {AB} extended beyond {B}", lambda rng: _point_on(rng, (1.2, 3)),
          ((L("AB") + L("BP"), L("AP")),), (beyond("P", "A", "B"),)),
    Block("same_side", ("{A} and {C} on the same side of line {EF}", "{A} and {C} on the same side of {EF}"),
          "{A} and {C} lie on the same side of the line {EF}", lambda rng: _by_line(rng, True),
          (), (sides("EFA", "EFC", True),)),
    Block("opposite_sides", ("{A} and {C} on opposite sides of line {EF}", "{A} and {C} on opposite sides of {EF}"),
          "{A} and {C} lie on opposite sides of the line {EF}", lambda rng: _by_line(rng, False),
          (), (sides("EFA", "EFC", False),)),
    Block("intersection", ("{P} where {AB} meets {CD}",), "{P} is where {AB} meets {CD}", _meet,
          ((ang("APC"), ang("BPD")), (ang("APC") + ang("CPB"), sympy.Integer(180))),
          (on_line("P", "A", "B"), on_line("P", "C", "D"))),
    Block("midpoint", ("{M} midpoint of {AB}",), "{M} is the midpoint of {AB}", _midpoint,
          ((L("AM"), L("MB")), (L("AB"), 2 * L("AM")), (L("AB"), 2 * L("MB"))), (between("M", "A", "B"),),
          marks=(("equal", "AM", "MB"),)),
    Block("angle_bisector", ("{BD} bisects angle {ABC}",), "{BD} bisects the angle {ABC}", _bisector,
          ((ang("ABD"), ang("DBC")), (ang("ABC"), 2 * ang("ABD")), (ang("ABC"), 2 * ang("DBC"))),
          (inside_angle("D", "A", "B", "C"),),
          marks=(("equal_angle", "ABD", "DBC"),)),
    Block("perpendicular_bisector", ("{CO} perpendicular bisector of {AB}",),
          "{CO} is the perpendicular bisector of {AB}", _perp_bisector,
          ((L("AO"), L("OB")), (ang("AOC"), sympy.Integer(90)), (L("AC"), L("BC"))), (between("O", "A", "B"),),
          marks=(("equal", "AO", "OB"), ("right", "AOC"))),
    # -- triangles -------------------------------------------------------------------------------
    Block("median", ("{AD} median of {ABC}",), "{AD} is a median of triangle {ABC}",
          lambda rng: _with(d := triangle(rng), D=(d["B"] + d["C"]) / 2),
          ((L("BD"), L("DC")), (L("BC"), 2 * L("BD")), (L("BC"), 2 * L("DC")), (area("ABD"), area("ADC"))),
          (between("D", "B", "C"),),
          family="triangle", marks=(("equal", "BD", "DC"),),
          note="The median from {A}, the first letter, to {D}, the midpoint of the opposite side {BC}. The "
               "triangle may be named from any vertex, either way round (`{AD} median of {ACB}` says the same); "
               "the first letter of the segment is the vertex: the median from C of triangle ABC to the "
               "midpoint M of AB is `CM median of ABC` (or `CM median of CAB`)."),
    Block("altitude", ("{AD} altitude of {ABC}",), "{AD} is an altitude of triangle {ABC}", _altitude,
          ((ang("ADB"), sympy.Integer(90)), (height("ABC"), L("AD")), (2 * area("ABC"), L("AD") * L("BC"))),
          (on_line("D", "B", "C"),), family="triangle", marks=(("height", "AD", "BC"), ("right", "ADB")),
          note="The altitude from {A}, the first letter, to the line {BC}: its foot {D} is on the line {BC}, "
               "between {B} and {C} when the angles at {B} and {C} are acute and beyond one of them when that "
               "angle is obtuse (add `{D} on {BC}` to require the segment). The triangle may be named from any "
               "vertex; the first letter of the segment is the vertex: the altitude from C of triangle ABC is "
               "`CF altitude of ABC` (F on line AB). `{AD} altitude from {A}` is refused: write this line."),
    Block("midsegment", ("{DE} midsegment of {ABC}",), "{DE} is a midsegment of triangle {ABC}",
          lambda rng: _with(d := triangle(rng), D=(d["A"] + d["B"]) / 2, E=(d["A"] + d["C"]) / 2),
          ((L("BC"), 2 * L("DE")), (L("AD"), L("DB")), (L("AE"), L("EC")), (ang("ADE"), ang("ABC"))),
          (between("D", "A", "B"), between("E", "A", "C")), family="triangle",
          marks=(("equal", "AD", "DB"), ("equal", "AE", "EC")),
          note="{D} is the midpoint of {AB} and {E} of {AC}: the two sides at the first vertex named, {A}; "
               "the midsegment is parallel to the third side {BC} and half as long."),
    Block("midsegment_quadrilateral", ("{EF} midsegment of {ABCD}",), "{EF} is the midsegment of {ABCD} joining the midpoints of {AB} and {DC}",
          lambda rng: _with(d := _trapezoid(rng), E=(d["A"] + d["B"]) / 2, F=(d["D"] + d["C"]) / 2),
          ((L("AE"), L("EB")), (L("DF"), L("FC"))), (between("E", "A", "B"), between("F", "D", "C")),
          family="quadrilateral", marks=(("equal", "AE", "EB"), ("equal", "DF", "FC"))),
    Block("altitude_quadrilateral", ("{EF} altitude of {ABCD}",), "{EF} is an altitude of {ABCD} from {CD} to {AB}",
          _alt_quad, ((ang("EFB"), sympy.Integer(90)), (height("ABCD"), L("EF"))),
          (on_line("E", "C", "D"), on_line("F", "A", "B"), perpendicular("E", "F", "A", "B")),
          family="quadrilateral", marks=(("height", "EF", "AB"), ("right", "EFB"))),
    Block("incentre", ("{O} incentre of {ABC}",), "{O} is the incentre of triangle {ABC}", _incentre,
          ((ang("OAB"), ang("CAO")), (ang("OBC"), ang("ABO")), (ang("OCA"), ang("BCO")),
           (ang("CAB"), 2 * ang("OAB")), (ang("ABC"), 2 * ang("ABO")), (ang("BCA"), 2 * ang("BCO"))), family="triangle"),
    Block("circumcentre", ("{O} circumcentre of {ABC}",), "{O} is the circumcentre of triangle {ABC}", _circumcentre,
          ((L("OA"), L("OB")), (L("OB"), L("OC"))), family="triangle"),
    Block("centroid", ("{O} centroid of {ABC}",), "{O} is the centroid of triangle {ABC}",
          lambda rng: _with(d := triangle(rng), O=(d["A"] + d["B"] + d["C"]) / 3),
          ((3 * area("OAB"), area("ABC")), (3 * area("OBC"), area("ABC"))),
          (lambda p: [float(v) / _scale(p) for v in 3 * p["O"] - p["A"] - p["B"] - p["C"]],), family="triangle"),
    Block("orthocentre", ("{O} orthocentre of {ABC}",), "{O} is the orthocentre of triangle {ABC}",
          lambda rng: _with(d := acute(rng), O=_orthocentre(d)), (),
          (perpendicular("A", "O", "B", "C"), perpendicular("B", "O", "C", "A")), family="triangle"),
    Block("circumcentre_quadrilateral", ("{O} circumcentre of {ABCD}",), "{O} is the circumcentre of {ABCD}",
          lambda rng: _circumcentre(rng, "ABCD"), ((L("OA"), L("OB")), (L("OB"), L("OC")), (L("OC"), L("OD"))),
          family="quadrilateral"),
    _similarity_block("similar_triangles", 3, False, False),
    _similarity_block("mirror_similar_triangles", 3, True, False),
    _similarity_block("congruent_triangles", 3, False, True),
    _similarity_block("mirror_congruent_triangles", 3, True, True),
    _similarity_block("similar_quadrilaterals", 4, False, False),
    _similarity_block("mirror_similar_quadrilaterals", 4, True, False),
    _similarity_block("congruent_quadrilaterals", 4, False, True),
    _similarity_block("mirror_congruent_quadrilaterals", 4, True, True),
    # -- circles ---------------------------------------------------------------------------------
    Block("tangent", ("{PA} tangent to circle {O}",), "{PA} is tangent to circle {O} at {A}", _tangent,
          ((ang("OAP"), sympy.Integer(90)), (L("OP") ** 2, L("OA") ** 2 + L("PA") ** 2)),
           circle="O", on_circle=("A",), family="circle", marks=(("dot", "A"),),
          note="{A}, the second letter, is the point of tangency: it must be on the circle (`circle {O} "
               "through {A}`; the line is refused without it), and {P} is any other point of the tangent line, "
               "outside the circle. The first letter is not the touching point: for the tangent from {P} "
               "touching at T, write `{P}T tangent to circle {O}` with `circle {O} through T`; a tangent line "
               "through T with points P and Q on either side of it is `line P T Q` with `PT tangent to circle "
               "{O}`."),
    Block("diameter", ("{AB} diameter of circle {O}",), "{AB} is a diameter of circle {O}", _diameter,
          ((L("AO"), L("OB")), (diameter("O"), L("AB")), (L("AB"), 2 * L("AO")), (L("AB"), 2 * L("OB"))),
          (between("O", "A", "B"),),
          circle="O", on_circle=("A", "B"), family="circle"),
    Block("arc_midpoint", ("{M} midpoint of arc {OAB}",), "{M} is the midpoint of the arc {AMB} of circle {O}", _arc_midpoint,
          ((arc("OAM"), arc("OMB")), (L("AM"), L("MB")), (arc("OAB"), 2 * arc("OAM")), (arc("OAB"), 2 * arc("OMB"))),
          circle="O", on_circle=("A", "M", "B"), family="circle"),
    Block("major_arc", ("{C} on major arc {AB} of circle {O}", "{C} on major arc {AB}"),
          "{C} lies on the major arc {AB} of circle {O}", lambda rng: _on_arc(rng, True),
          (), (sides("ABC", "ABO", True),), circle="O", on_circle=("A", "B", "C"), family="circle"),
    Block("minor_arc", ("{C} on minor arc {AB} of circle {O}", "{C} on minor arc {AB}"),
          "{C} lies on the minor arc {AB} of circle {O}", lambda rng: _on_arc(rng, False),
          (), (sides("ABC", "ABO", False),), circle="O", on_circle=("A", "B", "C"), family="circle"),
    Block("congruent_arcs_same_circle", ("arc {OAB} congruent to arc {OCD}",),
          "the arcs {OAB} and {OCD} are congruent", _equal_arcs_same,
          ((arc("OAB"), arc("OCD")), (arc_length("OAB"), arc_length("OCD")), (L("AB"), L("CD"))),
          circle="O", on_circle=("A", "B", "C", "D"), family="circle"),
    Block("congruent_arcs", ("arc {OAB} congruent to arc {PCD}",), "the arcs {OAB} and {PCD} are congruent",
          _equal_arcs, ((arc("OAB"), arc("PCD")), (arc_length("OAB"), arc_length("PCD")), (L("AB"), L("CD"))),
          (lambda p: [(pg.dist(p["O"], p["A"]) - pg.dist(p["P"], p["C"])) / _scale(p)],), family="circle"),
)
BLOCKS_BY_KEY: dict[str, Block] = {b.key: b for b in BLOCKS}


# the polygon each kind line declares, for readers of the blocks
def polygon_of(block: Block, args: tuple[tuple[str, ...], ...]) -> tuple[str, ...] | None:
    if block.polygon is None:
        return None
    return args[block.placeholders.index(block.polygon)]


def named_polygons(problem) -> list[str]:
    """The polygons of four or more vertices whose area or perimeter the goal or a fact names, as they spell them:
    the question and the proof call such a shape by that spelling ("area WXYZ" of "rhombus XWZY": the rhombus
    WXYZ, blind teacher 30's fg 6)."""
    exprs = [y for f in problem.facts for y in (f.lhs, f.rhs)]
    if problem.goal is not None:
        exprs.insert(0, problem.goal.expr)
    return list(dict.fromkeys("".join(el.points) for e in exprs for x in getattr(e, "free_symbols", ())
                              if (el := element_of(x)) is not None and len(el.points) >= 4
                              and el.kind.key in ("area", "perimeter")))


def declared_polygons(problem) -> list[tuple[str, ...]]:
    """The problem's polygons as its question spells them: a kind's polygon from the vertex the problem names first,
    the same way round (the parser turns "triangle ABC right at C" to BCA, its right angle in the middle, and a
    sentence naming it, "BD is a median of triangle ABC", must not say BCA: blind teacher 25)."""
    kinds = {polygon_of(BLOCKS_BY_KEY[r.key], r.args) for r in problem.relations
             if BLOCKS_BY_KEY[r.key].polygon is not None}
    first = {q: k for k, q in enumerate(problem.points)}
    out = []
    for p in problem.polygons:
        pts = tuple(p.points)
        if pts in kinds:
            k = min(range(len(pts)), key=lambda i: first.get(pts[i], len(first)))
            pts = pts[k:] + pts[:k]
        out.append(pts)
    return out


