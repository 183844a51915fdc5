"""Is a claim about the figure true, and by how much?

The claim families are VisOnlyQA's geometry tasks: a triangle/quadrilateral
is drawn, a segment is a diameter or a radius, a length ratio, an angle, an
area ratio, two segments intersect; each may be negated ("there is no
triangle ABC", "AB is not a diameter", "AB and CD do not intersect").
Everything is measured on the scene (the figure's own coordinates and drawn
strokes).  Numeric claims are judged with VisOnlyQA's tolerance bands — a
ratio within ±10 % (0.9–1.1 counts as 1), an angle within ±5° (85–95 counts
as 90) — or an explicit tolerance.

What is drawn (the rule the question sets and scene import rely on):

* a point lies on a drawn line when the scene lists it on that line, or when
  it is within ``ON_TOL`` of the figure's extent (half a pixel of a 512-px
  figure) of the stroke: the eye cannot tell the two apart;
* segment XY is drawn when X and Y lie on one drawn line, or when collinear
  strokes cover it end to end (a layout's side AD + DC);
* a polygon is drawn when each side is, no three consecutive vertices are
  collinear (within ``ON_TOL``) and its outline does not cross itself.

Claims are parsed with a small lark grammar (``claims.lark``); user text is
never evaluated.
"""
from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from geomill.engine.errors import GeomillError
from geomill.engine.geometry import angle_at, distance, segment_distance
from geomill.engine.model import split_points
from lark import Lark, LarkError, Token, Tree
from shapely.geometry import LinearRing, LineString, Polygon

from .scene import Scene

RATIO_TOL = 0.10  # relative
ANGLE_TOL = 5.0  # degrees
NEAR_TOL = 0.05  # of the figure's width, for "near x"
ON_TOL = 1e-3  # of the figure's extent: a point this close to a stroke is on it
RELATION_DEGREES = 1.0  # perpendicular / parallel: within this many degrees
EQUAL_TOL = 0.01  # "AB = CD": the lengths within 1 % of each other

FORMS = (
    "there is a triangle ABC  /  there is no quadrilateral ABCD",
    "AB is a diameter of the circle  /  OA is not a radius of a circle",
    "AB : CD = 2  /  AB / CD = 1/2  /  AB is 2 times longer than CD",
    "angle ABC = 90  /  ∠ABC = 45°",
    "area ABC : area DEF = 0.5  /  ABC is 4 times larger in area than DEFG",
    "AB intersects CD  /  AB and CD do not intersect  /  AB and CD intersect near x = 3.5",
    "P lies on line AB  /  P does not lie on circle O",
    "AB is perpendicular to CD  /  AB is not parallel to CD",
    "AB = CD  /  AB ≠ CD  /  AB is longer than CD  /  angle ABC is larger than angle DEF",
)


class ClaimError(GeomillError):
    """The claim does not parse, names points the figure lacks, or asks the impossible."""


@dataclass(frozen=True)
class Verdict:
    claim: str
    family: str
    truth: bool
    measured: float | None
    expected: float | None = None
    tolerance: float | None = None
    detail: str = ""

    def to_dict(self) -> dict:
        """Plain JSON data: a non-finite measure (never produced by a valid claim) is null."""
        def num(x):
            return x if x is None or math.isfinite(x) else None
        return {"claim": self.claim, "family": self.family, "truth": self.truth, "measured": num(self.measured),
                "expected": num(self.expected), "tolerance": num(self.tolerance), "detail": self.detail}

    def __str__(self) -> str:
        m = "" if self.measured is None else f" (measured {self.measured:.4g}"
        if m and self.expected is not None:
            share = self.family.endswith("ratio") or self.family == "equal_length"
            band = f"{self.tolerance:.0%}" if share else f"{self.tolerance:g}"
            m += f", claimed {self.expected:g} ± {band}"
        m += ")" if m else ""
        return f"{'true' if self.truth else 'false'}{m}" + (f": {self.detail}" if self.detail else "")


@lru_cache(maxsize=1)
def _parser() -> Lark:
    grammar = (Path(__file__).with_name("claims.lark")).read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr")


_ARTICLE = re.compile(r"^\s*(a|an|the)\s+(?=(triangle|quadrilateral)\b)", re.IGNORECASE)


def normalise(text: str) -> str:
    """The claim without an opening article ("A triangle ABC" -> "triangle ABC")."""
    return _ARTICLE.sub("", text.strip())


@lru_cache(maxsize=4096)
def parse_claim(text: str) -> Tree:
    """The claim's tree (cached: a batch asks the same claims of many scenes)."""
    try:
        return _parser().parse(normalise(text))
    except LarkError:
        raise ClaimError(f"cannot read the claim {text!r}; claims look like: " + "; ".join(FORMS)) from None


# Each claim family's tolerance has its own unit: a share for ratios, degrees for angles, the figure's x
# units for "near x", its length units for a diameter's or radius's ends.
TOLERANCE_UNITS = {"ratio": ("length_ratio", "area_ratio", "equal_length"),
                   "degrees": ("angle", "perpendicular", "parallel"), "x": ("intersect",),
                   "units": ("diameter", "radius", "on_line", "on_circle")}
Tolerance = float | Mapping[str, float] | None


def check_tolerance(tolerance: Tolerance) -> None:
    values = tolerance.values() if isinstance(tolerance, Mapping) else [tolerance]
    if isinstance(tolerance, Mapping) and (bad := [k for k in tolerance if k not in TOLERANCE_UNITS]):
        raise ClaimError(f"no tolerance {bad[0]!r}; give {', '.join(f'{k}=' for k in TOLERANCE_UNITS)}")
    for t in values:
        if t is not None and not (isinstance(t, (int, float)) and math.isfinite(t) and t >= 0):
            raise ClaimError(f"the tolerance must be a finite number >= 0, not {t}")


def parse_tolerance(text: str) -> dict[str, float]:
    """``ratio=0.05,degrees=3``: a tolerance per claim family, each in its own unit."""
    out: dict[str, float] = {}
    for part in text.split(","):
        name, eq, value = part.partition("=")
        name = name.strip()
        if not eq or name not in TOLERANCE_UNITS:
            raise ClaimError(f"{part.strip()!r}: give each family its own tolerance: ratio=0.1 (a share of the "
                             f"ratio), degrees=5 (angles), x=… ('near x', the figure's x units), units=… (a "
                             f"diameter's or radius's ends, the figure's length units)")
        try:
            out[name] = float(value)
        except ValueError:
            raise ClaimError(f"{part.strip()!r}: {value.strip()!r} is not a number") from None
    check_tolerance(out)
    return out


def _family_tolerance(tolerance: Tolerance, family: str) -> float | None:
    if not isinstance(tolerance, Mapping):
        return tolerance
    return next((tolerance.get(unit) for unit, fams in TOLERANCE_UNITS.items() if family in fams), None)


def check_claim(scene: Scene, text: str, tolerance: Tolerance = None) -> Verdict:
    """Judge ``text`` on ``scene``.  ``tolerance``: relative for ratios, degrees for angles,
    scene x units for "near x", scene units for a diameter's or radius's ends on the circle and
    centre; default VisOnlyQA's bands (and ``ON_TOL`` of the figure for circles).  A mapping gives one per
    family, by unit (``{"ratio": 0.05, "degrees": 3}``, see ``TOLERANCE_UNITS``); a family it leaves out
    keeps its default."""
    check_tolerance(tolerance)
    tree = parse_claim(text)
    family = tree.data
    args = [c for c in tree.children if isinstance(c, Token)]
    pts = [_points(scene, t) for t in args if t.type == "POINTS"]
    nums = [_number(str(t)) for t in args if t.type == "NUMBER"]
    words = [str(t).lower() for t in args if t.type in ("POLYWORD", "CIRCLEWORD")]
    negated = any(t.type in ("NEG", "NOTEQUAL") for t in args)
    judge = {"polygon": _polygon, "diameter": _diameter, "radius": _radius, "length_ratio": _length_ratio,
             "angle": _angle, "area_ratio": _area_ratio, "intersect": _intersect, **RELATIONS}[family]
    v = judge(scene, text, pts, nums, words, _family_tolerance(tolerance, family))
    if negated:
        return Verdict(v.claim, v.family, not v.truth, v.measured, v.expected, v.tolerance,
                       ("negated; " + v.detail) if v.detail else "negated")
    return v


def _number(text: str) -> float:
    num, _, den = text.partition("/")
    if den and float(den) == 0:
        raise ClaimError(f"{text!r} is not a number")
    return float(num) / float(den) if den else float(num)


def _points(scene: Scene, token: Token) -> tuple[str, ...]:
    names = split_points(str(token))
    missing = [n for n in names if n not in scene.points]
    if missing:
        raise ClaimError(f"the figure has no point {', '.join(missing)}")
    return names


# -- what is drawn ------------------------------------------------------------------------------------------


@dataclass
class Drawn:
    """A scene's strokes, indexed once (a batch asks many claims of one scene)."""

    extent: float
    tol: float
    lines: list[tuple[tuple[float, float], tuple[float, float], frozenset[str]]]

    @staticmethod
    def of(scene: Scene) -> Drawn:
        got = scene.__dict__.get("_drawn")  # cached on the scene itself: scenes are not hashable
        if got is None:
            x0, y0, x1, y1 = scene.bounds()
            extent = max(x1 - x0, y1 - y0, 1e-9)
            members = {frozenset(m) for m in scene.lines}
            lines = []
            for a, b in scene.segments:
                listed = next((m for m in members if a in m and b in m), frozenset((a, b)))
                lines.append((scene.points[a], scene.points[b], listed))
            got = Drawn(extent, ON_TOL * extent, lines)
            scene.__dict__["_drawn"] = got
        return got

    def on(self, name: str, xy, line) -> bool:
        p, q, listed = line
        return name in listed or segment_distance(xy, p, q) <= self.tol


def edge_drawn(scene: Scene, a: str, b: str) -> bool:
    """Is segment ab drawn: both ends on one drawn line, or covered by collinear strokes?"""
    pa, pb = scene.points[a], scene.points[b]
    length = distance(pa, pb)
    if length <= 0:
        return False
    d = Drawn.of(scene)
    if any(d.on(a, pa, ln) and d.on(b, pb, ln) for ln in d.lines):
        return True
    ux, uy = (pb[0] - pa[0]) / length, (pb[1] - pa[1]) / length
    spans = []
    for p, q, _ in d.lines:
        off_p = abs((p[0] - pa[0]) * uy - (p[1] - pa[1]) * ux)
        off_q = abs((q[0] - pa[0]) * uy - (q[1] - pa[1]) * ux)
        if off_p > d.tol or off_q > d.tol:
            continue
        t0 = ((p[0] - pa[0]) * ux + (p[1] - pa[1]) * uy) / length
        t1 = ((q[0] - pa[0]) * ux + (q[1] - pa[1]) * uy) / length
        spans.append((min(t0, t1), max(t0, t1)))
    reach, slack = 0.0, d.tol / length
    for lo, hi in sorted(spans):
        if lo > reach + slack:
            break
        reach = max(reach, hi)
    return reach >= 1 - slack


def collinear(scene: Scene, names: tuple[str, str, str]) -> bool:
    """Listed on one drawn line, or the middle one within ``ON_TOL`` of the line through the others."""
    d = Drawn.of(scene)
    if any(all(n in ln[2] for n in names) for ln in d.lines):
        return True
    xy = [scene.points[n] for n in names]
    longest = max(distance(xy[i], xy[j]) for i, j in ((0, 1), (1, 2), (0, 2)))
    if longest <= d.tol:
        return True
    twice_area = abs((xy[1][0] - xy[0][0]) * (xy[2][1] - xy[0][1]) - (xy[2][0] - xy[0][0]) * (xy[1][1] - xy[0][1]))
    return twice_area / longest <= d.tol


def _polygon(scene, text, pts, nums, words, tol) -> Verdict:
    (names,) = pts
    need = 3 if words[0] == "triangle" else 4
    family = words[0]
    if len(names) != need or len(set(names)) != need:
        return Verdict(text, family, False, None, detail=f"a {family} needs {need} distinct points")
    edges = list(zip(names, names[1:] + names[:1]))
    drawn = [edge_drawn(scene, a, b) for a, b in edges]
    flat = any(collinear(scene, (names[i - 1], names[i], names[(i + 1) % need])) for i in range(need))
    crossing = not flat and not LinearRing([scene.points[n] for n in names]).is_simple
    missing = [a + b for (a, b), ok in zip(edges, drawn) if not ok]
    truth = not missing and not crossing and not flat
    detail = ("edges not drawn: " + ", ".join(missing)) if missing else \
        "self-intersecting" if crossing else "degenerate" if flat else ""
    return Verdict(text, family, truth, sum(drawn) / need, detail=detail)


# -- circles ------------------------------------------------------------------------------------------------


def circles(scene: Scene, want: str | None = None):
    """(centre, radius, kind, arcs) of each drawn circle or semicircle: arcs of one centre and radius
    are merged (a layout draws a whole circle as two half arcs)."""
    d = Drawn.of(scene)
    groups: list[tuple[tuple[float, float], float, list]] = []
    for arc in scene.arcs:
        g = next((g for g in groups if distance(g[0], arc.centre) <= d.tol and abs(g[1] - arc.radius) <= d.tol), None)
        if g is None:
            groups.append((arc.centre, arc.radius, [arc]))
        else:
            g[2].append(arc)
    for centre, radius, arcs in groups:
        whole = sum(a.sweep for a in arcs) >= 360 - 1e-6
        kind = "circle" if whole else "semicircle"
        if want is None or want == kind:
            yield centre, radius, kind, arcs


def _on_circle(xy, centre, radius, arcs, tol) -> bool:
    if abs(distance(xy, centre) - radius) > tol:
        return False
    deg = math.degrees(math.atan2(xy[1] - centre[1], xy[0] - centre[0]))
    return any(a.contains_angle(deg, 1e-4) for a in arcs)


def _circle_claim(scene, text, pts, words, family: str, tol: float | None) -> Verdict:
    (names,) = pts
    if len(names) != 2 or names[0] == names[1]:
        raise ClaimError(f"a {family} is a segment of two points, not {''.join(names)}")
    pa, pb = scene.points[names[0]], scene.points[names[1]]
    eps = Drawn.of(scene).tol if tol is None else tol
    want = words[0].replace("-", "") if words else None
    best = None
    for centre, radius, kind, arcs in circles(scene, want):
        if family == "diameter":
            ratio = distance(pa, pb) / (2 * radius)
            ok = (distance(((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2), centre) <= eps
                  and all(_on_circle(p, centre, radius, arcs, eps) for p in (pa, pb)))
        else:  # a radius: one end at the centre, the other on the circle
            ratio = distance(pa, pb) / radius
            ok = any(distance(c, centre) <= eps and _on_circle(p, centre, radius, arcs, eps)
                     for c, p in ((pa, pb), (pb, pa)))
        if ok:
            return Verdict(text, family, True, 1.0, detail=f"of a drawn {kind}")
        if best is None or abs(ratio - 1) < abs(best - 1):
            best = ratio
    return Verdict(text, family, False, best, detail=f"no drawn circle or semicircle has it as a {family}")


def _diameter(scene, text, pts, nums, words, tol) -> Verdict:
    return _circle_claim(scene, text, pts, words, "diameter", tol)


def _radius(scene, text, pts, nums, words, tol) -> Verdict:
    return _circle_claim(scene, text, pts, words, "radius", tol)


# -- numeric claims ------------------------------------------------------------------------------------------


def _ratio_verdict(text, family, measured, claimed, tol) -> Verdict:
    t = RATIO_TOL if tol is None else tol
    truth = abs(measured - claimed) <= t * claimed + 1e-12
    return Verdict(text, family, truth, measured, claimed, t)


def _length(scene: Scene, names: tuple[str, ...]) -> float:
    a, b = _pair(names)
    length = distance(scene.points[a], scene.points[b])
    if length <= 0:
        raise ClaimError(f"{a}{b} has no length: its two points coincide")
    return length


def _length_ratio(scene, text, pts, nums, words, tol) -> Verdict:
    first, second = pts
    measured = _length(scene, first) / _length(scene, second)
    return _ratio_verdict(text, "length_ratio", measured, nums[0], tol)


def _pair(names: tuple[str, ...]) -> tuple[str, str]:
    if len(names) != 2 or names[0] == names[1]:
        raise ClaimError(f"{''.join(names)} is not a segment (two points)")
    return names[0], names[1]


def _angle(scene, text, pts, nums, words, tol) -> Verdict:
    (names,) = pts
    if len(names) != 3 or len(set(names)) != 3:
        raise ClaimError(f"angle {''.join(names)} needs three distinct points")
    xy = [scene.points[n] for n in names]
    if xy[0] == xy[1] or xy[2] == xy[1]:
        raise ClaimError(f"angle {''.join(names)} has an arm of no length")
    measured = angle_at(*xy)
    t = ANGLE_TOL if tol is None else tol
    return Verdict(text, "angle", abs(measured - nums[0]) <= t, measured, nums[0], t)


def polygon_area(scene: Scene, names: tuple[str, ...]) -> float:
    """A named shape's exact area (arcs included) if the figure has it, else the polygon's on those vertices."""
    name = "".join(names)
    shape = scene.shape(name)
    if shape is not None:
        from geomill.engine.model import QKind, Quantity

        return scene.measure(Quantity.of_shape(QKind.AREA, shape.name))
    if f"area {name}" in scene.measured:  # a geomill scene read back from JSON
        return scene.measured[f"area {name}"]
    if len(names) < 3:
        raise ClaimError(f"{name} is not a polygon")
    area = Polygon([scene.points[n] for n in names]).area
    if area <= 0:
        raise ClaimError(f"{name} encloses no area")
    return area


def _area_ratio(scene, text, pts, nums, words, tol) -> Verdict:
    first, second = pts
    measured = polygon_area(scene, first) / polygon_area(scene, second)
    return _ratio_verdict(text, "area_ratio", measured, nums[0], tol)


def _intersect(scene, text, pts, nums, words, tol) -> Verdict:
    (a, b), (c, d) = (_pair(p) for p in pts)
    if {a, b} == {c, d}:
        raise ClaimError(f"{a}{b} and {c}{d} are one segment: ask about two different segments")
    s1 = LineString([scene.points[a], scene.points[b]])
    s2 = LineString([scene.points[c], scene.points[d]])
    drawn = Drawn.of(scene)
    if s1.distance(s2) > drawn.tol:
        return Verdict(text, "intersect", False, None, nums[0] if nums else None, detail="the segments do not meet")
    meet = s1.intersection(s2)
    x = meet.centroid.x if not meet.is_empty else s1.interpolate(s1.project(s2.centroid)).x
    if not nums:
        return Verdict(text, "intersect", True, x)
    t = NEAR_TOL * drawn.extent if tol is None else tol
    return Verdict(text, "intersect", abs(x - nums[0]) <= t, x, nums[0], t,
                   detail=f"x in the figure's own coordinates, ± {t:.4g}")


# -- Geoperception's relations -------------------------------------------------------------------------------


def line_distance(xy, a, b) -> float:
    """From ``xy`` to the infinite line through ``a`` and ``b``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    return abs((xy[0] - a[0]) * dy - (xy[1] - a[1]) * dx) / math.hypot(dx, dy)


def line_angle(a, b, c, d) -> float:
    """The angle between the lines ab and cd, in degrees, 0..90."""
    t = abs(math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]) - math.atan2(d[1] - c[1], d[0] - c[0]))) % 180
    return min(t, 180 - t)


def _point_on_line(scene, text, pts, nums, words, tol) -> Verdict:
    (p,), line = _single(pts[0]), _pair(pts[1])
    if p in line:
        raise ClaimError(f"{p} is an end of {''.join(line)}: ask about a third point")
    xy = [scene.points[n] for n in (p, *line)]
    _length(scene, line)
    d = Drawn.of(scene)
    t = d.tol if tol is None else tol
    listed = any(p in m and line[0] in m and line[1] in m for m in map(set, scene.lines))
    measured = line_distance(*xy)
    return Verdict(text, "on_line", listed or measured <= t, measured, 0.0, t,
                   detail="listed on the line" if listed else "distance from the line")


def _point_on_circle(scene, text, pts, nums, words, tol) -> Verdict:
    (p,), (o,) = _single(pts[0]), _single(pts[1])
    d = Drawn.of(scene)
    t = d.tol if tol is None else tol
    centre_xy = scene.points[o]
    found = [(c, r, arcs) for c, r, _, arcs in circles(scene) if distance(c, centre_xy) <= d.tol]
    if not found:
        raise ClaimError(f"no drawn circle has its centre at {o}")
    xy = scene.points[p]
    gaps = [(abs(distance(xy, c) - r), c, r, arcs) for c, r, arcs in found]
    gap, c, r, arcs = min(gaps, key=lambda g: g[0])
    return Verdict(text, "on_circle", _on_circle(xy, c, r, arcs, t), gap, 0.0, t,
                   detail="distance from the circle")


def _lines(scene, pts) -> tuple:
    (a, b), (c, d) = (_pair(p) for p in pts)
    _length(scene, (a, b))
    _length(scene, (c, d))
    return tuple(scene.points[n] for n in (a, b, c, d))


def _perpendicular(scene, text, pts, nums, words, tol) -> Verdict:
    theta = line_angle(*_lines(scene, pts))
    t = RELATION_DEGREES if tol is None else tol
    return Verdict(text, "perpendicular", abs(90 - theta) <= t, theta, 90.0, t, detail="angle between the lines")


def _parallel(scene, text, pts, nums, words, tol) -> Verdict:
    theta = line_angle(*_lines(scene, pts))
    t = RELATION_DEGREES if tol is None else tol
    return Verdict(text, "parallel", theta <= t, theta, 0.0, t, detail="angle between the lines")


def _equal_length(scene, text, pts, nums, words, tol) -> Verdict:
    measured = _length(scene, pts[0]) / _length(scene, pts[1])
    return _ratio_verdict(text, "equal_length", measured, 1.0, EQUAL_TOL if tol is None else tol)


def _longer(scene, text, pts, nums, words, tol) -> Verdict:
    measured = _length(scene, pts[0]) / _length(scene, pts[1])
    return Verdict(text, "longer", measured > 1, measured, detail="ratio of the lengths")


def _angle_larger(scene, text, pts, nums, words, tol) -> Verdict:
    first, second = (_angle_of(scene, p) for p in pts)
    ratio = first / second if second > 0 else math.inf
    return Verdict(text, "angle_larger", first > second, ratio, detail="ratio of the angles")


def _angle_of(scene, names) -> float:
    if len(names) != 3 or len(set(names)) != 3:
        raise ClaimError(f"angle {''.join(names)} needs three distinct points")
    xy = [scene.points[n] for n in names]
    if xy[0] == xy[1] or xy[2] == xy[1]:
        raise ClaimError(f"angle {''.join(names)} has an arm of no length")
    return angle_at(*xy)


def _single(names: tuple[str, ...]) -> tuple[str]:
    if len(names) != 1:
        raise ClaimError(f"{''.join(names)} is not one point")
    return names[0],


RELATIONS = {"on_line": _point_on_line, "on_circle": _point_on_circle, "perpendicular": _perpendicular,
             "parallel": _parallel, "equal_length": _equal_length, "longer": _longer, "angle_larger": _angle_larger}
