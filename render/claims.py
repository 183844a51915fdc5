"""Is a claim about the figure true, and by how much?

The claim families are VisOnlyQA's geometry tasks: a triangle/quadrilateral
is drawn, a segment is a diameter, a length ratio, an angle, an area ratio,
two segments intersect.  Everything is measured on the scene (the figure's
own coordinates and drawn strokes).  Numeric claims are judged with
VisOnlyQA's tolerance bands — a ratio within ±10 % (0.9–1.1 counts as 1), an
angle within ±5° (85–95 counts as 90) — or an explicit tolerance.

Claims are parsed with a small lark grammar (``claims.lark``); user text is
never evaluated.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from geomill.engine.errors import GeomillError
from geomill.engine.geometry import angle_at, distance
from geomill.engine.model import split_points
from lark import Lark, LarkError, Token, Tree
from shapely.geometry import LinearRing, LineString, Polygon

from .scene import Scene

RATIO_TOL = 0.10  # relative
ANGLE_TOL = 5.0  # degrees
NEAR_TOL = 0.05  # of the figure's extent


class ClaimError(GeomillError):
    """The claim does not parse or names points the figure lacks."""


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
        return {"claim": self.claim, "family": self.family, "truth": self.truth, "measured": self.measured,
                "expected": self.expected, "tolerance": self.tolerance, "detail": self.detail}

    def __str__(self) -> str:
        m = "" if self.measured is None else f" (measured {self.measured:.4g}"
        if m and self.expected is not None:
            band = f"{self.tolerance:.0%}" if self.family.endswith("ratio") else f"{self.tolerance:g}"
            m += f", claimed {self.expected:g} ± {band}"
        m += ")" if m else ""
        return f"{'true' if self.truth else 'false'}{m}" + (f": {self.detail}" if self.detail else "")


@lru_cache(maxsize=1)
def _parser() -> Lark:
    grammar = (Path(__file__).with_name("claims.lark")).read_text(encoding="utf-8")
    return Lark(grammar, parser="earley", lexer="dynamic")


def parse_claim(text: str) -> Tree:
    try:
        return _parser().parse(text.strip())
    except LarkError as exc:
        raise ClaimError(f"cannot read the claim {text!r}: {str(exc).splitlines()[0]}") from None


def check_claim(scene: Scene, text: str, tolerance: float | None = None) -> Verdict:
    """Judge ``text`` on ``scene``.  ``tolerance``: relative for ratios, degrees for
    angles, scene units for "near x"; default VisOnlyQA's bands."""
    tree = parse_claim(text)
    family = tree.data
    args = [c for c in tree.children if isinstance(c, Token)]
    pts = [_points(scene, t) for t in args if t.type == "POINTS"]
    nums = [float(t) for t in args if t.type == "NUMBER"]
    words = [str(t).lower() for t in args if t.type in ("POLYWORD", "CIRCLEWORD")]
    judge = {"polygon": _polygon, "diameter": _diameter, "length_ratio": _length_ratio, "angle": _angle,
             "area_ratio": _area_ratio, "intersect": _intersect}[family]
    return judge(scene, text, pts, nums, words, tolerance)


def _points(scene: Scene, token: Token) -> tuple[str, ...]:
    names = split_points(str(token))
    missing = [n for n in names if n not in scene.points]
    if missing:
        raise ClaimError(f"the figure has no point {', '.join(missing)}")
    return names


# -- drawn polygons ----------------------------------------------------------------------------------------


def _tol(scene: Scene) -> float:
    x0, y0, x1, y1 = scene.bounds()
    return 1e-6 * max(x1 - x0, y1 - y0, 1e-9)


def edge_drawn(scene: Scene, a: str, b: str) -> bool:
    """Is segment ab drawn: covered by drawn straight segments lying on its line?"""
    pa, pb = scene.points[a], scene.points[b]
    length = distance(pa, pb)
    if length <= 0:
        return False
    tol = _tol(scene) * 10
    ux, uy = (pb[0] - pa[0]) / length, (pb[1] - pa[1]) / length
    spans = []
    for p, q in scene.segment_xy():
        off_p = abs((p[0] - pa[0]) * uy - (p[1] - pa[1]) * ux)
        off_q = abs((q[0] - pa[0]) * uy - (q[1] - pa[1]) * ux)
        if off_p > tol or off_q > tol:
            continue
        t0 = ((p[0] - pa[0]) * ux + (p[1] - pa[1]) * uy) / length
        t1 = ((q[0] - pa[0]) * ux + (q[1] - pa[1]) * uy) / length
        spans.append((min(t0, t1), max(t0, t1)))
    reach = 0.0
    for lo, hi in sorted(spans):
        if lo > reach + 1e-6:
            break
        reach = max(reach, hi)
    return reach >= 1 - 1e-6


def _polygon(scene, text, pts, nums, words, tol) -> Verdict:
    (names,) = pts
    need = 3 if words[0] == "triangle" else 4
    family = words[0]
    if len(names) != need or len(set(names)) != need:
        return Verdict(text, family, False, None, detail=f"a {family} needs {need} distinct points")
    edges = list(zip(names, names[1:] + names[:1]))
    drawn = [edge_drawn(scene, a, b) for a, b in edges]
    xy = [scene.points[n] for n in names]
    ring = LinearRing(xy)
    area = Polygon(xy).area
    x0, y0, x1, y1 = scene.bounds()
    flat = area <= 1e-6 * max(x1 - x0, y1 - y0) ** 2
    straight = any(abs(angle_at(xy[i - 1], xy[i], xy[(i + 1) % need]) - 180) < 1e-6 for i in range(need))
    missing = [a + b for (a, b), ok in zip(edges, drawn) if not ok]
    truth = not missing and ring.is_simple and not flat and not straight
    detail = ("edges not drawn: " + ", ".join(missing)) if missing else \
        "self-intersecting" if not ring.is_simple else "degenerate" if flat or straight else ""
    return Verdict(text, family, truth, sum(drawn) / need, detail=detail)


# -- diameters ----------------------------------------------------------------------------------------------


def _diameter(scene, text, pts, nums, words, tol) -> Verdict:
    (names,) = pts
    if len(names) != 2:
        return Verdict(text, "diameter", False, None, detail="a diameter is a segment of two points")
    pa, pb = scene.points[names[0]], scene.points[names[1]]
    mid = ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)
    half = distance(pa, pb) / 2
    eps = _tol(scene) * 100
    want = words[0].replace("-", "") if words else None
    best = None
    for arc in scene.arcs:
        kind = "circle" if arc.sweep >= 360 - 1e-6 else "semicircle"
        if want is not None and want != kind:
            continue
        ratio = half / arc.radius
        if best is None or abs(ratio - 1) < abs(best - 1):
            best = ratio
        if distance(mid, arc.centre) > eps or abs(half - arc.radius) > eps:
            continue
        on_arc = all(arc.contains_angle(math.degrees(math.atan2(p[1] - arc.centre[1], p[0] - arc.centre[0])), 1e-4)
                     for p in (pa, pb))
        if on_arc:
            return Verdict(text, "diameter", True, 1.0, detail=f"of the {kind} of {arc.shape}")
    return Verdict(text, "diameter", False, best, detail="no drawn circle or semicircle has it as a diameter")


# -- numeric claims ------------------------------------------------------------------------------------------


def _ratio_verdict(text, family, measured, claimed, tol) -> Verdict:
    t = RATIO_TOL if tol is None else tol
    truth = abs(measured - claimed) <= t * claimed + 1e-12
    return Verdict(text, family, truth, measured, claimed, t)


def _length_ratio(scene, text, pts, nums, words, tol) -> Verdict:
    (a, b), (c, d) = (_pair(p) for p in pts)
    denominator = distance(scene.points[c], scene.points[d])
    measured = distance(scene.points[a], scene.points[b]) / denominator
    return _ratio_verdict(text, "length_ratio", measured, nums[0], tol)


def _pair(names: tuple[str, ...]) -> tuple[str, str]:
    if len(names) != 2:
        raise ClaimError(f"{''.join(names)} is not a segment (two points)")
    return names[0], names[1]


def _angle(scene, text, pts, nums, words, tol) -> Verdict:
    (names,) = pts
    if len(names) != 3:
        raise ClaimError(f"angle {''.join(names)} needs three points")
    measured = angle_at(*(scene.points[n] for n in names))
    t = ANGLE_TOL if tol is None else tol
    return Verdict(text, "angle", abs(measured - nums[0]) <= t, measured, nums[0], t)


def polygon_area(scene: Scene, names: tuple[str, ...]) -> float:
    """A named shape's exact area (arcs included) if the figure has it, else the polygon's."""
    shape = scene.shape("".join(names))
    if shape is not None:
        from geomill.engine.model import QKind, Quantity

        return scene.measure(Quantity.of_shape(QKind.AREA, shape.name))
    if len(names) < 3:
        raise ClaimError(f"{''.join(names)} is not a polygon")
    return Polygon([scene.points[n] for n in names]).area


def _area_ratio(scene, text, pts, nums, words, tol) -> Verdict:
    first, second = pts
    measured = polygon_area(scene, first) / polygon_area(scene, second)
    return _ratio_verdict(text, "area_ratio", measured, nums[0], tol)


def _intersect(scene, text, pts, nums, words, tol) -> Verdict:
    (a, b), (c, d) = (_pair(p) for p in pts)
    s1 = LineString([scene.points[a], scene.points[b]])
    s2 = LineString([scene.points[c], scene.points[d]])
    meet = s1.intersection(s2)
    if meet.is_empty:
        return Verdict(text, "intersect", False, None, nums[0] if nums else None, detail="the segments do not meet")
    x = meet.centroid.x
    if not nums:
        return Verdict(text, "intersect", True, x)
    x0, _, x1, _ = scene.bounds()
    t = NEAR_TOL * max(x1 - x0, 1e-9) if tol is None else tol
    return Verdict(text, "intersect", abs(x - nums[0]) <= t, x, nums[0], t)
