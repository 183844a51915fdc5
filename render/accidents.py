"""Coincidences a figure shows that its facts do not state: a chord drawn through the centre, a point on a line
it is not said to be on, two lines at 90° or parallel, two adjacent segments of one length.  A student reads a
drawn coincidence as given (a newcomer read chord CD through O as a diameter), so the layout prefers a model
with fewer; one that the facts force is in every model alike and so never decides between them."""
from __future__ import annotations

import itertools
import math

import numpy as np
from geomill.engine.plane import GeneralProblem, elements_in

from .marks import Mark, tangent_miss
from .scene import Scene

ON_PX = 1.5  # px: a point this near a line (or a circle) is drawn on it
ON_CIRCLE_PX = 4.0  # px: a point this near a circle reads as on it (reader 32's 04: D 0 px off the circle read as on
# it; a few px off, the eye cannot tell)
ANGLE_DEG = 3.0  # degrees: two lines this near 90° apart read as perpendicular, this near 0° as parallel
LENGTH_SHARE = 0.03  # two segments at a point within this share of each other read as equal


def _strokes(problem: GeneralProblem, scene: Scene) -> list[tuple[str, ...]]:
    """The figure's straight lines, each by its points in order: the problem's lines, and every other drawn
    segment on its own."""
    out = [ln.points for ln in problem.lines if all(p in scene.points for p in ln.points)]
    covered = {frozenset((a, b)) for s in out for a in s for b in s if a != b}
    out += [(a, b) for a, b in scene.segments if frozenset((a, b)) not in covered]
    return out


def _direction(px: dict, s: tuple[str, ...]) -> float:
    """A line's direction in degrees, modulo 180."""
    d = px[s[-1]] - px[s[0]]
    return math.degrees(math.atan2(float(d[1]), float(d[0]))) % 180.0


def _apart(t: float, u: float) -> float:
    """The angle in degrees between two directions modulo 180 (0 to 90)."""
    d = abs(t - u) % 180.0
    return min(d, 180.0 - d)


def _stated(problem: GeneralProblem, marks: list[Mark]) -> tuple[list[tuple], list[list], set, set]:
    """What the facts say: perpendicular pairs (each two point pairs, one along each line), points stated
    with a pair (a line's, or a relation's lone point with a segment: O with AB in 'AB diameter of circle
    O'), segments of one length (pairs of keys), parallel groups."""
    perpendicular = []
    for m in marks:
        if m.kind == "right":
            a, v, b = m.elements[0]
            perpendicular.append(((v, a), (v, b)))
        elif m.kind == "right_lines":  # (two lines, each by two of its points: AF perpendicular to BC)
            perpendicular.append((tuple(m.elements[0]), tuple(m.elements[1])))
        elif m.kind == "height":
            perpendicular.append((tuple(m.elements[0][:2]), tuple(m.elements[1][:2])))
    for f in problem.facts:  # (an angle given or asked has its value on the figure: no accident)
        for el in (*elements_in(f.lhs), *elements_in(f.rhs)):
            if el.kind.key == "angle":
                a, v, b = el.points
                perpendicular.append(((v, a), (v, b)))
    if problem.goal is not None:
        for el in elements_in(problem.goal.expr):
            if el.kind.key == "angle":
                a, v, b = el.points
                perpendicular.append(((v, a), (v, b)))
    on = {(frozenset(arg), lone[0]) for rel in problem.relations for arg in rel.args if len(arg) == 2
          for lone in rel.args if len(lone) == 1}
    equal = {frozenset((frozenset(a), frozenset(b))) for m in marks if m.kind == "equal"
             for a, b in itertools.combinations(m.elements, 2)}
    parallel = [list(m.elements) for m in marks if m.kind == "parallel"]
    return perpendicular, parallel, on, equal


def _carries(stroke: tuple[str, ...], pair: tuple[str, ...]) -> bool:
    return all(p in stroke for p in pair)


def accidents(problem: GeneralProblem, scene: Scene, px: dict, marks: list[Mark]) -> list[str]:
    """The coincidences the figure shows (``px``: each point's pixel place) that no fact states."""
    out = [f"point {name} is drawn on {a}{b}, which no fact says"  # (a chord through the centre)
           for name, (a, b) in on_strokes(problem, scene, px, marks)]
    for c in problem.circles:  # a point drawn on a circle it is not said to be on
        if c.centre not in px or not c.points or c.points[0] not in px:
            continue
        r = float(np.linalg.norm(px[c.points[0]] - px[c.centre]))
        for name, xy in px.items():
            if name != c.centre and name not in c.points and \
                    abs(float(np.linalg.norm(xy - px[c.centre])) - r) <= ON_CIRCLE_PX:
                out.append(f"point {name} is drawn on circle {c.centre}, which no fact says")
    for s, t, square in square_strokes(problem, scene, px, marks):
        gap = _apart(_direction(px, s), _direction(px, t))
        out.append(f"{s[0]}{s[-1]} and {t[0]}{t[-1]} are drawn at {90 - abs(90 - gap):.1f}° from perpendicular "
                   "and no fact says so" if square else f"{s[0]}{s[-1]} and {t[0]}{t[-1]} are drawn parallel and no "
                   "fact says so")
    out += [f"{''.join(sorted(a))} and {''.join(sorted(b))} are drawn equal and no fact says so"
            for a, b in near_equal(problem, scene, px, marks)]
    out += [f"chord {a}{b} is drawn near centre {o} (it reads as a diameter) and no fact says so"
            for o, (a, b), _ in near_centre(problem, scene, px, marks)]
    out += [f"{a}{b} is drawn near tangent to circle {o} and no fact says so"
            for o, (a, b), _ in near_tangent(problem, scene, px, marks)]
    out += [f"point {name} is drawn near line {a}{b} (nearly in a line with it) and no fact says so"
            for name, (a, b) in near_collinear(problem, scene, px, marks)]
    return out


def reads_as_fact(accident: str) -> bool:
    """An accident a reader takes for a given (a point on or nearly on a line or circle, a chord through the centre read as a
    diameter, a line grazing a circle read as a tangent): it misleads as a fault does, and weighs as one against
    a value moved off the figure; the others (near square, near equal) only break ties between layouts."""
    return accident.startswith("point ") or "reads as a diameter" in accident or " is drawn near tangent " in accident


def square_strokes(problem: GeneralProblem, scene: Scene, px: dict, marks: list[Mark],
                   within: float = ANGLE_DEG) -> list[tuple[tuple[str, ...], tuple[str, ...], bool]]:
    """The pairs of drawn lines within ``within`` degrees of perpendicular (lines that meet) or of parallel (lines
    apart) that no fact makes so, each line by its points, and whether perpendicular: a parallelogram drawn with a
    91° corner reads as a rectangle, a cevian at 93° as an altitude (newcomer 18's p05, p13)."""
    perpendicular, parallel = _stated(problem, marks)[:2]
    out = []
    for s, t in itertools.combinations(_strokes(problem, scene), 2):
        gap = _apart(_direction(px, s), _direction(px, t))
        if set(s) & set(t):
            if abs(90.0 - gap) < within and not any((_carries(s, a) and _carries(t, b)) or (
                    _carries(s, b) and _carries(t, a)) for a, b in perpendicular):
                out.append((s, t, True))
        elif gap < within and not any(any(_carries(s, e) for e in g) and any(_carries(t, e) for e in g)
                                      for g in parallel):
            out.append((s, t, False))
    return out


def on_strokes(problem: GeneralProblem, scene: Scene, px: dict, marks: list[Mark],
               within: float = ON_PX) -> list[tuple[str, tuple[str, str]]]:
    """The points drawn within ``within`` px of a straight line's middle part that no fact puts on it, each with
    the line's two ends: a chord drawn through the centre reads as a diameter (newcomer 17's p08)."""
    on = _stated(problem, marks)[2]
    out = []
    for s in _strokes(problem, scene):
        p, q = px[s[0]], px[s[-1]]
        u = q - p
        n2 = float(u @ u)
        if n2 < 1e-9:
            continue
        for name, xy in px.items():
            if name in s or any(pair <= set(s) and lone == name for pair, lone in on):
                continue
            t = float((xy - p) @ u) / n2
            d = abs(float(u[0] * (xy - p)[1] - u[1] * (xy - p)[0])) / math.sqrt(n2)
            if 0.0 < t < 1.0 and d <= within:
                out.append((name, (s[0], s[-1])))
    return out


def near_equal(problem: GeneralProblem, scene: Scene, px: dict, marks: list[Mark]) -> list[tuple[frozenset, frozenset]]:
    """Drawn segments at one point within ``LENGTH_SHARE`` of one length that no fact makes equal (a kite's two
    pairs drawn as a rhombus, reader 17's 28; a triangle drawn isosceles): each pair of point pairs.  Lengths the
    facts both name, and radii of one circle, read as what the text says they are."""
    _, _, _, equal = _stated(problem, marks)
    named = {frozenset(el.points) for el in _named_lengths(problem)}
    radii = {frozenset((c.centre, p)) for c in problem.circles for p in c.points}
    segs = list(dict.fromkeys([frozenset(s) for s in scene.segments] + [frozenset((ln[0], ln[-1])) for ln in (
        line.points for line in problem.lines) if ln[0] in px and ln[-1] in px]))  # (a line's whole span: BA drawn
    # as BC, reader 26's 23, reads as isosceles)
    out = []
    for a, b in itertools.combinations(segs, 2):
        if not a & b or (a in named and b in named) or (a in radii and b in radii and a & b <= {
                c.centre for c in problem.circles}) or frozenset((a, b)) in equal:
            continue
        la, lb = (float(np.linalg.norm(px[x] - px[y])) for x, y in (tuple(a), tuple(b)))
        if abs(la - lb) < LENGTH_SHARE * max(la, lb):
            out.append((a, b))
    return out


def _named_lengths(problem: GeneralProblem):
    exprs = [f.lhs - f.rhs for f in problem.facts] + ([problem.goal.expr] if problem.goal else [])
    return [el for e in exprs for el in elements_in(e) if el.kind.key == "length"]



NEAR_SHARE = 0.10  # two adjacent sides of a polygon within this share of each other read as equal (a blind reader
# took a kite with sides 0.917 of each other for a rhombus)
NEAR_DEG = 6.0  # degrees: two lines this near parallel or perpendicular read as so (the kite's pair 3° off parallel)
NEAR_MIDDLE = 0.05  # a point on a segment this share of its length from the middle reads as its midpoint
NEAR_RADIUS = 0.04  # a point this share of a circle's radius off it reads as on it


def near_special(problem: GeneralProblem, scene: Scene, px: dict, marks: list[Mark]) -> list[str]:
    """The near-special shapes a figure shows that no fact states, in wider bands than ``accidents``' exact ones:
    a reader takes a drawn near-coincidence for a given as readily (adjacent sides of a polygon near one length,
    lines near parallel or perpendicular, a point near a segment's middle or near a circle).  Each said without its
    measure, so that two figures of one text compare (``generate``: one the facts force is in both)."""
    perpendicular, parallel, on, equal = _stated(problem, marks)
    named = {frozenset(el.points) for el in _named_lengths(problem)}
    out = []
    for ring in (poly.points for poly in problem.polygons):
        if not all(p in px for p in ring):
            continue
        sides = [frozenset((ring[i], ring[(i + 1) % len(ring)])) for i in range(len(ring))]
        for a, b in itertools.combinations(sides, 2):
            if not a & b or (a in named and b in named) or frozenset((a, b)) in equal:
                continue
            la, lb = (float(np.linalg.norm(px[x] - px[y])) for x, y in (tuple(a), tuple(b)))
            if abs(la - lb) < NEAR_SHARE * max(la, lb):
                out.append(f"{''.join(sorted(a))} and {''.join(sorted(b))} are drawn nearly equal and no fact says so")
    strokes = _strokes(problem, scene)
    for s in strokes:  # a point partway along a line drawn near its middle
        for inner in s[1:-1]:
            halves = (frozenset((s[0], inner)), frozenset((inner, s[-1])))
            if frozenset(halves) in equal or all(h in named for h in halves):
                continue
            p, q = px[s[0]], px[s[-1]]
            n2 = float((q - p) @ (q - p))
            if n2 > 1e-9 and abs(float((px[inner] - p) @ (q - p)) / n2 - 0.5) < NEAR_MIDDLE:
                out.append(f"point {inner} is drawn near the middle of {s[0]}{s[-1]} and no fact says so")
    for c in problem.circles:
        if c.centre not in px or not c.points or c.points[0] not in px:
            continue
        r = float(np.linalg.norm(px[c.points[0]] - px[c.centre]))
        for name, xy in px.items():
            if name != c.centre and name not in c.points and \
                    abs(float(np.linalg.norm(xy - px[c.centre])) - r) <= max(ON_PX, NEAR_RADIUS * r):
                out.append(f"point {name} is drawn near circle {c.centre} and no fact says so")
    for s, t in itertools.combinations(strokes, 2):
        gap = _apart(_direction(px, s), _direction(px, t))
        if set(s) & set(t):
            if abs(90.0 - gap) < NEAR_DEG and not any((_carries(s, a) and _carries(t, b)) or (
                    _carries(s, b) and _carries(t, a)) for a, b in perpendicular):
                out.append(f"{s[0]}{s[-1]} and {t[0]}{t[-1]} are drawn nearly perpendicular and no fact says so")
        elif gap < NEAR_DEG and not any(any(_carries(s, e) for e in g) and any(_carries(t, e) for e in g)
                                        for g in parallel):
            out.append(f"{s[0]}{s[-1]} and {t[0]}{t[-1]} are drawn nearly parallel and no fact says so")
    return out


CENTRE_SHARE = 0.15  # a chord no fact makes a diameter passing under this share of the radius from the centre reads
# as a diameter (reader 27's 20: chord BC 0.5 off the centre of a radius-6 circle, read as one, ∠BAC as 90°)
TANGENT_SHARE = 0.10  # a line no fact makes tangent cutting the circle this share of the radius deep, or missing it
# by as little, reads as tangent (reader 26's 30: sides FD and GA of a rectangle 8 % of the radius into the circle)
COLLINEAR_DEG = 6.0  # degrees: two drawn lines at a point bent this near straight read as one line (reader 26's 23:
# EO and OB bent 1°, E, O, B read as in a line)
NARROW_DEG = 10.0  # degrees: a shorter line this near a longer one from one point reads as along it, its far end on
# it (reader 27's 19: OA 9.4° off OD, A read as where OD crosses the circle)


def _on_circle(problem: GeneralProblem, px: dict):
    """Each circle with its centre's and a point's pixel place and its pixel radius."""
    for c in problem.circles:
        if c.centre in px and c.points and c.points[0] in px:
            yield c, float(np.linalg.norm(px[c.points[0]] - px[c.centre]))


def _stated_with(on: set, stroke: tuple[str, ...], lone: str) -> bool:
    """Does a relation tie a pair of the stroke's points to ``lone`` (a diameter or a tangent of circle ``lone``)?"""
    return any(pair <= set(stroke) and name == lone for pair, name in on)


def near_centre(problem: GeneralProblem, scene: Scene, px: dict, marks: list[Mark],
                share: float = CENTRE_SHARE) -> list[tuple[str, tuple[str, str], str]]:
    """The chords (both ends on one circle) that no fact makes a diameter drawn under ``share`` of the radius from
    the centre: each the centre, the chord's ends and a point of the circle.  (``on_strokes`` sees a centre a few px
    off a chord; a chord 18 px off in a 200 px circle reads as a diameter as well.)"""
    on = _stated(problem, marks)[2]
    out = []
    for c, r in _on_circle(problem, px):
        for s in _strokes(problem, scene):
            a, b = s[0], s[-1]
            if c.centre in s or a not in c.points or b not in c.points or _stated_with(on, s, c.centre):
                continue
            u, w = px[b] - px[a], px[c.centre] - px[a]
            d = abs(float(u[0] * w[1] - u[1] * w[0])) / max(float(np.linalg.norm(u)), 1e-9)
            if d < share * r:
                out.append((c.centre, (a, b), c.points[0]))
    return out


def near_tangent(problem: GeneralProblem, scene: Scene, px: dict, marks: list[Mark],
                 share: float = TANGENT_SHARE) -> list[tuple[str, tuple[str, str], str]]:
    """The drawn lines that no fact makes tangent to a circle cutting it under ``share`` of its radius deep, or
    missing it by as little, where the line is drawn nearest the centre: each the centre, the line's ends and a
    point of the circle.  (A side that grazes a circle reads as tangent to it: reader 26's 30; a secant through two
    of the circle's points, FormalGeo 13's ACE, shows where it crosses.)"""
    on = _stated(problem, marks)[2]
    out = []
    for c, r in _on_circle(problem, px):
        for s in _strokes(problem, scene):
            a, b = s[0], s[-1]
            if c.centre in s or _stated_with(on, s, c.centre) or sum(q in c.points for q in s) >= 2:
                continue  # (a chord, or a secant whose crossings are both drawn points, reads as cutting)
            hit = tangent_miss(px[a], px[b], px[c.centre], r)
            if hit is not None and 0.0 < hit[0] < 1.0 and hit[1] < share * r:
                out.append((c.centre, (a, b), c.points[0]))
    return out


def near_collinear(problem: GeneralProblem, scene: Scene, px: dict, marks: list[Mark],
                   within: float = COLLINEAR_DEG, narrow: float = NARROW_DEG) -> list[tuple[str, tuple[str, str]]]:
    """Two drawn lines that meet at an end of each, under ``within`` degrees from straight (or ``narrow`` apart), that no fact puts
    on one line: a point read as on the other line (OA 9° off OD: A on OD) or a bend read as straight (EO and OB
    bent 1°: E, O, B in a line).  Each the point to move off and two points of the line it reads as on (the narrow
    one's far end off the other; the bend's corner off the line through the far ends).  An angle a fact names is
    read by its value."""
    perpendicular, _, on, _ = _stated(problem, marks)
    named = {frozenset(((a[0], a[1]), (b[0], b[1]))) for a, b in perpendicular}
    strokes = _strokes(problem, scene)
    out = []
    for s, t in itertools.combinations(strokes, 2):
        for v in set(s) & set(t):
            for a in (s[0], s[-1]) if v in (s[0], s[-1]) else ():
                for b in (t[0], t[-1]) if v in (t[0], t[-1]) else ():
                    if a == v or b == v or a in t or b in s:
                        continue
                    if frozenset(((v, a), (v, b))) in named or frozenset(((v, b), (v, a))) in named:
                        continue
                    u, w = px[a] - px[v], px[b] - px[v]
                    norm = float(np.linalg.norm(u) * np.linalg.norm(w))
                    if norm < 1e-9:
                        continue
                    deg = math.degrees(math.acos(max(-1.0, min(1.0, float(u @ w) / norm))))
                    if deg < narrow:  # (narrow: the shorter's far end reads as on the longer)
                        near, far = (a, b) if np.linalg.norm(u) < np.linalg.norm(w) else (b, a)
                        if not any(pair == frozenset((v, far)) and lone == near for pair, lone in on):
                            out.append((near, (v, far)))
                    elif deg > 180.0 - within and not any(pair == frozenset((a, b)) and lone == v for pair, lone in on):
                        out.append((v, (a, b)))
    return out
