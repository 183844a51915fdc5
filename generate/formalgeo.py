"""FormalGeo7k -> general ``.geo`` problems.

Each problem's construction (``Shape`` faces, ``Collinear``, ``Cocircular``), text and image facts
and goal are translated into the language's own statements (polygons, ``line``, ``circle … through``,
the blocks of ``engine/relations.py``, facts, ``find``); the text is then read back by the DSL, so
what is written always parses, and the reason a problem is not written names the predicate or
construction that could not be said.  CDL is read by a small recursive-descent reader; values
(``2*x-14``, ``15/2``) by the DSL's own expression grammar: nothing is evaluated.
"""
from __future__ import annotations

import cmath
import itertools
import math
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from pathlib import Path

import sympy
from geomill.dataset.sources import read_items
from geomill.dsl import expr as dsl_expr
from geomill.dsl import format_problem, parse
from geomill.dsl.syntax import expression_parser
from geomill.engine.errors import GeomillError
from geomill.engine.jsontext import cut
from geomill.engine.plane import (
    ELEMENT_KINDS,
    TRIG,
    Cos,
    Degrees,
    GeneralProblem,
    Sin,
    Tan,
    element_of,
    element_symbol,
    elements_in,
    inverse_degrees,
)
from lark.exceptions import UnexpectedInput

# FormalGeo names every face turning one way: counterclockwise in its images (y down), so clockwise with y up
TURN = "clockwise"


class Unsupported(Exception):
    """A problem the language cannot state (the message names what)."""


# -- CDL terms --------------------------------------------------------------------------------------

_CALL = re.compile(r"([A-Z][A-Za-z]*)\(")


@dataclass(frozen=True)
class Term:
    name: str
    args: tuple  # of Term | str


def parse_cdl(text: str) -> Term:
    """``Equal(LengthOfLine(AB),x+1)`` -> Term('Equal', (Term('LengthOfLine', ('AB',)), 'x+1'))."""
    text = text.strip()
    term, end = _term(text, 0)
    if text[end:] == ")" and text.count("(") + 1 == text.count(")"):  # FormalGeo's typo: one ")" too many
        end += 1
    if end != len(text):
        raise Unsupported(f"cannot read CDL {text!r}")
    if not isinstance(term, Term):
        raise Unsupported(f"cannot read CDL {text!r}")
    return term


def _term(s: str, i: int) -> tuple[Term | str, int]:
    m = _CALL.match(s, i)
    if m is None:  # an atom: up to a comma or closing parenthesis at depth 0
        depth, j = 0, i
        while j < len(s) and not (depth == 0 and s[j] in ",)"):
            depth += {"(": 1, ")": -1}.get(s[j], 0)
            j += 1
        return s[i:j], j
    args, j = [], m.end()
    while True:
        if j < len(s) and s[j] == ")":
            return Term(m.group(1), tuple(args)), j + 1
        arg, j = _term(s, j)
        args.append(arg)
        if j < len(s) and s[j] == ",":
            j += 1
        elif j >= len(s) or s[j] != ")":
            raise Unsupported(f"unbalanced CDL {s!r}")


# -- values and elements ----------------------------------------------------------------------------

_ELEMENTS = {"LengthOfLine": "length", "MeasureOfAngle": "angle", "MeasureOfArc": "arc", "LengthOfArc": "arc_length",
             "AreaOfSector": "sector_area", "PerimeterOfSector": "sector_perimeter", "RadiusOfCircle": "radius",
             "DiameterOfCircle": "diameter", "AreaOfCircle": "circle_area", "PerimeterOfCircle": "circumference",
             "PerimeterOfTriangle": "perimeter", "PerimeterOfQuadrilateral": "perimeter", "AreaOfTriangle": "area",
             "AreaOfQuadrilateral": "area", "HeightOfTriangle": "height", "HeightOfQuadrilateral": "height"}
_RATIOS = ("RatioOfSimilarTriangle", "RatioOfMirrorSimilarTriangle", "RatioOfSimilarQuadrilateral",
           "RatioOfMirrorSimilarQuadrilateral")


_ARCS = ("arc", "arc_length", "sector_area", "sector_perimeter")


def _quad_height(pts):
    """FormalGeo's height of ABCD is onto BC (between AD and BC); the language's height of a
    quadrilateral is onto its first side: BCDA."""
    return (*pts[1:], pts[0])


def _arc(pts):
    """FormalGeo's arc OAB runs counterclockwise in its images (y down): with y up, from B to A."""
    return (pts[0], *pts[1:][::-1])


def value(t: Term | str) -> sympy.Expr:
    """A CDL expression as a sympy expression of element symbols and variables."""
    if isinstance(t, str):
        return _atom(t)
    if t.name in _ELEMENTS:
        if t.name in ("MeasureOfArc", "LengthOfArc") and len(t.args) == 2 and all(isinstance(a, str) for a in t.args) \
                and len(t.args[0]) == 1 and len(t.args[1]) == 2:
            t = Term(t.name, (t.args[0] + t.args[1],))  # FormalGeo's slip MeasureOfArc(P,QT): the arc PQT
        if len(t.args) != 1 or not isinstance(t.args[0], str):
            raise Unsupported(f"{t.name} of {len(t.args)} arguments")
        pts = tuple(_points_of(t.args[0]))
        kind = _ELEMENTS[t.name]
        want = ELEMENT_KINDS[kind].n_points
        if (want is not None and len(pts) != want) or (want is None and len(pts) < 3):
            raise Unsupported(f"{t.name}({cut(t.args[0], 30)}) names {len(pts)} points, not {want or 'at least 3'}")
        if kind in _ARCS:
            pts = _arc(pts)
        if t.name == "HeightOfQuadrilateral":
            pts = _quad_height(pts)
        return element_symbol(kind, pts)
    if t.name in _RATIOS or t.name == "RatioOfSimilarArc":
        if len(t.args) != 2 or not all(isinstance(a, str) and len(_points_of(a)) >= 3 for a in t.args):
            raise Unsupported(f"{t.name} with arguments other than two figures")
    if t.name in _RATIOS:
        a, b = t.args
        b = _mirrored(b) if "Mirror" in t.name else b
        return element_symbol("length", tuple(a[:2])) / element_symbol("length", tuple(b[:2]))
    if t.name == "RatioOfSimilarArc":
        a, b = t.args
        return element_symbol("arc_length", _arc(tuple(a))) / element_symbol("arc_length", _arc(tuple(b)))
    if t.name in ("Sin", "Cos", "Tan") and len(t.args) == 1 and isinstance(t.args[0], str) \
            and re.fullmatch(r"[A-Z]{3}", t.args[0]):  # FormalGeo's slip Tan(BCA): the angle's
        t = Term(t.name, (Term("MeasureOfAngle", t.args),))
    args = [value(a) for a in t.args]
    if t.name == "Add":
        return sympy.Add(*args)
    if t.name == "Mul":
        return sympy.Mul(*args)
    if t.name == "Sub" and len(args) == 2:
        return args[0] - args[1]
    if t.name == "Div" and len(args) == 2:
        return args[0] / args[1]
    if t.name == "Pow" and len(args) == 2:
        return args[0] ** args[1]
    if t.name in ("Sin", "Cos", "Tan") and len(args) == 1:
        return TRIG[t.name.lower()](args[0])
    raise Unsupported(f"expression {t.name}")


def _atom(text: str) -> sympy.Expr:
    """A CDL value (``2*x-14``, ``15/2``, ``sqrt(3)``) through the DSL's expression grammar."""
    if re.search(r"[A-Z]", text):
        raise Unsupported(f"value {text!r}")
    try:
        tree = expression_parser().parse(text)
        return dsl_expr.build(tree.children[0])
    except (UnexpectedInput, GeomillError):
        raise Unsupported(f"value {text!r}") from None


# -- relations -------------------------------------------------------------------------------------

# predicate -> (the block, its arguments from the predicate's: each a tuple of (argument index, slice))
_BLOCK_OF = {
    "ParallelBetweenLine": ("parallel", "{0} parallel to {1}"),
    "IsMidpointOfLine": ("midpoint", "{0} midpoint of {1}"),
    "IsMidpointOfArc": ("arc_midpoint", "{0} midpoint of arc {1}"),
    "IsPerpendicularBisectorOfLine": ("perpendicular_bisector", "{0} perpendicular bisector of {1}"),
    "IsBisectorOfAngle": ("angle_bisector", "{0} bisects angle {1}"),
    "IsMedianOfTriangle": ("median", "{0} median of {1}"),
    "IsAltitudeOfTriangle": ("altitude", "{0} altitude of {1}"),
    "IsMidsegmentOfTriangle": ("midsegment", "{0} midsegment of {1}"),
    "IsMidsegmentOfQuadrilateral": ("midsegment_quadrilateral", "{0} midsegment of {1}"),
    "IsAltitudeOfQuadrilateral": ("altitude_quadrilateral", "{0} altitude of {1}"),
    "IsCircumcenterOfTriangle": ("circumcentre", "{0} circumcentre of {1}"),
    "IsCircumcenterOfQuadrilateral": ("circumcentre_quadrilateral", "{0} circumcentre of {1}"),
    "IsIncenterOfTriangle": ("incentre", "{0} incentre of {1}"),
    "IsCentroidOfTriangle": ("centroid", "{0} centroid of {1}"),
    "IsOrthocenterOfTriangle": ("orthocentre", "{0} orthocentre of {1}"),
    "SimilarBetweenTriangle": ("", "{0} similar to {1}"),
    "MirrorSimilarBetweenTriangle": ("", "{0} mirror similar to {1}"),
    "CongruentBetweenTriangle": ("", "{0} congruent to {1}"),
    "MirrorCongruentBetweenTriangle": ("", "{0} mirror congruent to {1}"),
    "SimilarBetweenQuadrilateral": ("", "{0} similar to {1}"),
    "MirrorSimilarBetweenQuadrilateral": ("", "{0} mirror similar to {1}"),
    "CongruentBetweenQuadrilateral": ("", "{0} congruent to {1}"),
    "MirrorCongruentBetweenQuadrilateral": ("", "{0} mirror congruent to {1}"),
    "CongruentBetweenArc": ("", "arc {0} congruent to arc {1}"),
    "IsTangentOfCircle": ("tangent", "{0} tangent to circle {1}"),
    "IsDiameterOfCircle": ("diameter", "{0} diameter of circle {1}"),
    "PerpendicularBetweenLine": ("", "{0} perpendicular to {1}"),
    # polygons with a kind
    "Parallelogram": ("", "parallelogram {0}"),
    "Rectangle": ("", "rectangle {0}"),
    "Rhombus": ("", "rhombus {0}"),
    "Square": ("", "square {0}"),
    "Kite": ("", "kite {0} at {0[0]}"),
    "Trapezoid": ("", "trapezoid {0} bases {0[0]}{0[3]} {0[1]}{0[2]}"),
    "IsoscelesTrapezoid": ("", "isosceles trapezoid {0} bases {0[0]}{0[3]} {0[1]}{0[2]}"),
    "RightTrapezoid": ("", "right trapezoid {0} bases {0[0]}{0[3]} {0[1]}{0[2]}"),
    "RightTriangle": ("", "triangle {0} right at {0[1]}"),
    "IsoscelesTriangle": ("", "triangle {0} isosceles at {0[0]}"),
    "IsoscelesRightTriangle": ("", "triangle {0} isosceles right at {0[0]}"),
    "EquilateralTriangle": ("", "triangle {0} equilateral"),
}
# the circle (by argument index) and which argument's points must lie on it
_ON_CIRCLE = {"IsTangentOfCircle": (1, lambda a: a[0][1:]), "IsDiameterOfCircle": (1, lambda a: a[0]),
              "IsMidpointOfArc": (None, lambda a: a[0] + a[1][1:])}


def _sides(args: tuple) -> tuple:
    """A Shape's sides with FormalGeo's slips undone: ``OCB.BG`` (a full stop for a comma) is two
    sides and ``Zu`` (a point in lower case) is ``ZU``; other arguments are left to be refused."""
    out: list = []
    for a in args:
        parts = a.split(".") if isinstance(a, str) else [a]
        out += [p.upper() if isinstance(p, str) and re.fullmatch(r"[A-Za-z]{2,3}", p) else p for p in parts]
    return tuple(out)


def _upper(arg: str) -> str:
    """FormalGeo's points in lower case (``vw`` in a relation) are the points in capitals, as in a Shape."""
    return arg.upper() if re.fullmatch(r"[A-Za-z]{2,4}", arg) else arg


def _points_of(arg: str) -> str:
    if not isinstance(arg, str) or not re.fullmatch(r"[A-Z]{1,26}", arg):
        raise Unsupported(f"points {cut(str(arg), 30)!r}")
    return arg


# -- one problem -------------------------------------------------------------------------------------


@dataclass
class Figure:
    points: dict[str, None]
    lines: list[str]
    circles: dict[str, list[str]]
    polygons: list[str]
    statements: list[str]
    turns: list[str]
    facts: list[tuple[sympy.Expr, sympy.Expr]]
    corners: set[str] = dataclass_field(default_factory=set)  # faces' corners PQR (sides PQ, QR in order)
    concentric: dict[str, str] = dataclass_field(default_factory=dict)  # a circle -> the point that is its centre


def _collinear(cdl: list[str]) -> list[str]:
    """The points of each Collinear statement of a construction."""
    return [m.group(1) for i in cdl if isinstance(i, str) and (m := re.fullmatch(r"Collinear\(([A-Z]+)\)", i))]


def _construction(cdl: list[str]) -> Figure:
    fig = Figure({}, [], {}, [], [], [], [])
    faces = []
    angles: list[str] = []  # the angle faces (two sides), as turning chains
    orders: dict[str, str] = {}  # circle -> its points in Cocircular's order
    for item in cdl:
        t = parse_cdl(item)
        if t.name == "Shape":
            t = Term(t.name, _sides(t.args))
            if len(t.args) == 1 and isinstance(t.args[0], str) and re.fullmatch(r"[A-Z]{4,}", t.args[0]):
                a = t.args[0]  # FormalGeo's slip Shape(EJAG): the polygon's corners, not a side
                t = Term(t.name, tuple(a[i] + a[(i + 1) % len(a)] for i in range(len(a))))
            faces.append([_points_of(a) for a in t.args])
            if any(len(side) > 3 for side in faces[-1]):  # a side is a segment, an arc or a circle
                raise Unsupported(f"a Shape side of {max(map(len, faces[-1]))} points (a side is a segment, "
                                  "an arc or a circle)")
        elif t.name == "Collinear":
            pts = _points_of(t.args[0])
            fig.lines.append(pts)
        elif t.name == "Cocircular":
            centre = _points_of(t.args[0])
            on = _points_of(t.args[1]) if len(t.args) > 1 else ""
            merged = set(on) | set(fig.circles.get(centre, []))
            if centre in orders and on and not set(on) & set(fig.circles.get(centre, [])) \
                    and any(len(merged & set(ln)) > 2 for ln in _collinear(cdl)):
                # a second circle about the same centre (Cocircular(O,AB), Cocircular(O,CD)) whose points the first's
                # share a line with, three or more (no circle meets a line thrice): concentric, under a name no
                # point has (written as lengths from the centre: _concentric)
                named = {c for i in cdl if isinstance(i, str) for c in i}
                fresh = next(c for c in "ZYXWVUTSRQPONMLKJIHGFEDCBA" if c not in named and c not in fig.concentric)
                fig.concentric[fresh] = centre
                centre = fresh
            have = fig.circles.setdefault(centre, [])
            have += [p for p in on if p not in have]
            orders[centre] = on
        else:
            raise Unsupported(f"construction {t.name}")
        for a in t.args:
            for p in str(a):
                fig.points.setdefault(p, None)
    collinear = [set(ln) for ln in fig.lines]
    for face in faces:
        fig.corners |= {a + b[1] for a, b in zip(face, face[1:] + face[:1] if len(face) > 2 else face[1:])
                        if len(a) == 2 and len(b) == 2 and a[1] == b[0] and len({*a, *b}) == 3}
        if all(len(side) == 2 for side in face) and len(face) == 2 and face[0][1] == face[1][0] \
                and len({*face[0], *face[1]}) == 3 and not any({*face[0], *face[1]} <= ln for ln in collinear):
            angles.append(face[0] + face[1][1])  # an angle, named turning the way faces do
        if not all(len(side) == 2 for side in face) or len(face) < 3:
            chain = _hollow_arc_chain(face, fig.lines)
            if chain is not None and chain not in fig.turns:
                fig.turns.append(chain)
            continue  # a face bounded by an arc (or a lone segment): no polygon
        pts = [side[0] for side in face]
        if any(face[i][1] != face[(i + 1) % len(face)][0] for i in range(len(face))):
            continue  # not a closed outline (an annotation slip): no polygon from it
        changed = True
        while changed and len(pts) > 3:  # a vertex inside a straight side is no corner
            changed = False
            for i in range(len(pts)):
                trio = {pts[i - 1], pts[i], pts[(i + 1) % len(pts)]}
                if any(trio <= line for line in collinear):
                    del pts[i]
                    changed = True
                    break
        trio_straight = len(pts) == 3 and any(set(pts) <= line for line in collinear)
        if len(pts) >= 3 and not trio_straight and "".join(pts) not in fig.polygons:
            fig.polygons.append("".join(pts))
            fig.turns.append("".join(pts))
    slipped = _slipped_angles(angles, fig.lines)
    fig.turns += [a for a in angles if a not in slipped]
    fig.corners -= slipped
    both = {t for t in fig.turns if len(t) == 3 and t[::-1] in fig.turns}
    fig.turns = [t for t in fig.turns if t not in both]  # an angle named both ways says no direction
    for centre, on in orders.items():
        fig.turns += _circle_order(on, _face_arcs(faces, centre))
    return fig


def _hollow_arc_chain(face: list[str], lines: list[str]) -> str | None:
    """The corners of a face bounded by segments and arcs, as a turning chain, where each arc bulges
    into the face: the segments at both its ends run on from its radii, away from its centre (4006:
    a triangle's sectors cut from its corners leave face I D E F G H, arc DE about A with D on BIDA
    and E on AEFC).  Filling each arc's segment back in then grows the face to the polygon of its
    corners, which so turns as the face does (FormalGeo's way).  None for any other face (an arc
    bulging out: the polygon of its corners may turn the other way, or not be one)."""
    arcs = [side for side in face if len(side) == 3]
    if not arcs or len(face) < 3 or any(len(side) != 2 for side in face if side not in arcs):
        return None
    corners: list[str] = []
    for i, side in enumerate(face):  # walk the outline: a segment from its first end, an arc either way
        ends = side if len(side) == 2 else side[1:]
        nxt = face[(i + 1) % len(face)]
        nxt_ends = nxt if len(nxt) == 2 else nxt[1:]
        start = ends[0] if len(side) == 2 else next((e for e in ends if e not in nxt_ends), None)
        end = ends[1] if len(side) == 2 else next((e for e in ends if e != start), None)
        if start is None or end is None or end not in nxt_ends or (len(nxt) == 2 and nxt[0] != end):
            return None
        corners.append(start)
    if len(set(corners)) != len(corners) or len(corners) < 3:
        return None
    for i, side in enumerate(face):
        if len(side) != 3:
            continue
        centre, ends = side[0], set(side[1:])
        for j in (i - 1, (i + 1) % len(face)):  # the segments before and after the arc
            seg = face[j]
            if len(seg) != 2 or len(set(seg) & ends) != 1:
                return None
            end, other = (seg[1], seg[0]) if seg[1] in ends else (seg[0], seg[1])
            if not any(_between(ln, end, centre, other) for ln in lines):
                return None
    return "".join(corners)


def _between(line: str, mid: str, a: str, b: str) -> bool:
    """Whether ``mid`` lies between ``a`` and ``b`` on the Collinear line (its points in order)."""
    if not {mid, a, b} <= set(line):
        return False
    i, j, k = line.index(a), line.index(mid), line.index(b)
    return i < j < k or k < j < i


MAX_RAYS = 8  # rays at one vertex whose cyclic orders are tried (7! orders); a vertex with more keeps its angles


def _slipped_angles(angles: list[str], lines: list[str]) -> set[str]:
    """The angle faces named the wrong way round: at a vertex whose angle faces fit no one cyclic order
    of its rays, those the best-fitting orders break.

    An angle face PVQ (``Shape(PV,VQ)``) lies between two neighbouring rays and turns from P to Q the
    way every face does, so the angle faces at V name each ray's successor round V; the rays along one
    line through V are opposite, so two such lines' rays alternate.  FormalGeo sometimes names an angle
    face backwards (problem 1435's ``Shape(AE,ED)`` beside AEX, XEL, LED at E, whose rays A, X, L, D
    leave DEA; 2434's KCB and BCO at C): taken as turns, no figure meets them.  The orders of the rays
    that keep most angle faces are tried; an angle any of them breaks says no direction."""
    slipped: set[str] = set()
    for v in dict.fromkeys(a[1] for a in angles):
        at = [a for a in angles if a[1] == v]
        ray = {p: _ray(p, v, lines) for a in at for p in (a[0], a[2])}
        rays = list(dict.fromkeys(ray.values()))
        if len(rays) > MAX_RAYS:
            continue
        pairs = [(r, s) for r, s in itertools.combinations(rays, 2) if r[0] == s[0] and r[1] != s[1]]
        best, kept = -1, set(at)
        for rest in itertools.permutations(rays[1:]):
            order = (rays[0], *rest)
            pos = {r: i for i, r in enumerate(order)}
            if not all(_alternate(pos, a, b) for a, b in itertools.combinations(pairs, 2)):
                continue
            fits = {a for a in at if (pos[ray[a[0]]] + 1) % len(order) == pos[ray[a[2]]]}
            if len(fits) > best:
                best, kept = len(fits), fits
            elif len(fits) == best:
                kept &= fits
        slipped |= set(at) - kept
    return slipped


def _ray(p: str, v: str, lines: list[str]) -> tuple[str, int]:
    """Which ray from ``v`` the point ``p`` is on: (a line through both, which side of v), or (p, 0) off
    every line through v."""
    for ln in lines:
        if p in ln and v in ln:
            return ln, 1 if ln.index(p) > ln.index(v) else -1
    return p, 0


def _alternate(pos: dict, a: tuple, b: tuple) -> bool:
    """The two rays of line ``b`` lie on either side of line ``a`` in the cyclic order ``pos``."""
    lo, hi = sorted((pos[a[0]], pos[a[1]]))
    return (lo < pos[b[0]] < hi) != (lo < pos[b[1]] < hi)


_ANGLE = re.compile(r"MeasureOfAngle\(([A-Z]{3})\)")
_ANGLE_VALUE = re.compile(r"Equal\(MeasureOfAngle\(([A-Z]{3})\),([0-9.]+)\)")
_PERPENDICULAR = re.compile(r"PerpendicularBetweenLine\(([A-Z])([A-Z]),([A-Z])\2\)")
_BISECTOR = re.compile(r"IsBisectorOfAngle\(([A-Z])([A-Z]),([A-Z])\2([A-Z])\)")


def _measured_angles(fig: Figure, cdl: list[str]) -> list[str]:
    """The angles a problem measures, as turning chains.

    FormalGeo's angles are directed and under 180°: angle PQR turns left from P through Q to R in its
    images, as a face's corner named by its sides in order does (``Shape(AN,ANX,XA)``: corner XAN), and
    sums go the same way (angle_addition NKL + LKJ = NKJ); ``PerpendicularBetweenLine(AO,CO)`` is the
    angle AOC and says so too (it is not symmetric in its GDL).  So every angle a fact, a relation
    or the goal names is a chain.  Without them a figure may turn a measured angle the other way:
    problem 890's 78° sector on the other arc, problem 6201's angle COA the reflex corner of face
    DAOC (B on the major arc: 55 for 125), problem 2514's NKJ = 130 not containing KL (6 for 106).
    Left out: an angle whose points lie on one line, one given 180° or more, one named both ways, and
    one named against a face's corner (26 names in the development half, against 3,646 with it: a slip
    that would turn the face inside out; problem 2252's GBF for face corner FBG)."""
    named = [m.group(1) for item in cdl for m in _ANGLE.finditer(item)]
    named += [m.group(1) + m.group(2) + m.group(3) for item in cdl for m in _PERPENDICULAR.finditer(item)]
    for item in cdl:
        for m in _BISECTOR.finditer(item):
            p, q, r, d = m.group(3), m.group(2), m.group(4), m.group(1)
            named += [p + q + r, p + q + d, d + q + r]
    straight = {m.group(1) for item in cdl for m in [_ANGLE_VALUE.fullmatch(item)] if m and float(m.group(2)) >= 180}
    lines = [set(ln) for ln in fig.lines]
    have = {t[i:] + t[:i] for t in fig.turns if len(t) == 3 for i in range(3)} | set(fig.turns)  # ACM is CMA
    return [a for a in dict.fromkeys(named) if len(set(a)) == 3 and a not in straight and a not in have
            and a[::-1] not in have and a[::-1] not in named and not any(set(a) <= ln for ln in lines)
            and not ((a[::-1] in fig.corners or _against_corners(a, fig)) and a not in fig.corners)]


def _against_corners(a: str, fig: Figure) -> bool:
    """The angle PVQ named against the faces' corners at V run together: from the ray VQ the corners turn
    to the ray VP before the ray opposite VQ (so QVP, under 180°, turns the way the faces do, and PVQ would be
    the reflex angle).  Problem 1238's MSQ = 106° beside faces QSR, RSM, MSN with Q, S, N on one line: taken as
    a turn, no figure meets it.  Only where V lies inside a line through Q, whose other ray bounds the walk."""
    p, v, q = a
    start, goal = _ray(q, v, fig.lines), _ray(p, v, fig.lines)
    if start[1] == 0 or start[0].index(v) in (0, len(start[0]) - 1):
        return False
    succ: dict = {}
    for c in fig.corners:
        if c[1] == v:
            succ.setdefault(_ray(c[0], v, fig.lines), set()).add(_ray(c[2], v, fig.lines))
    opposite, seen, frontier = (start[0], -start[1]), {start}, [start]
    while frontier:
        for r in succ.get(frontier.pop(), ()):
            if r == goal:
                return True
            if r != opposite and r not in seen:
                seen.add(r)
                frontier.append(r)
    return False


def _face_arcs(faces: list[list[str]], centre: str) -> list[tuple[str, str]]:
    """The ends of every arc of circle ``centre`` that bounds a face (``OEA``: E and A)."""
    return [(side[1], side[2]) for face in faces for side in face if len(side) == 3 and side[0] == centre]


def _circle_order(on: str, arcs: list[tuple[str, str]]) -> list[str]:
    """The order of the points on a circle, as turning chains: ``Cocircular(O,ACBDE)`` lists them
    counterclockwise in FormalGeo's images (y down: clockwise here), which says on which arc each
    lies (problem 6613: E between D and A, not beside C).  Chains A C B, A B D, A D E (a fan from the
    first point) pin the whole cyclic order; a lone polygon A C B D E would not (a point moved to
    the next arc leaves its signed area's sign as it is).  A face's arc joins neighbours on its
    circle; where one does not, the annotation contradicts itself and no order is taken."""
    n = len(on)
    if n < 3 or len(set(on)) != n:
        return []
    for a, b in arcs:
        if a in on and b in on and (on.index(a) - on.index(b)) % n not in (1, n - 1):
            return []
    return [on[0] + on[i] + on[i + 1] for i in range(1, n - 1)]


def _relation(t: Term, fig: Figure) -> None:
    if t.name == "IsCentreOfCircle":
        p, o = (_points_of(a) for a in t.args)
        if p != o:
            fig.concentric[o] = p  # circle o is centred at the point p: written as lengths from p (_concentric)
            return
        fig.circles.setdefault(o, [])
        return
    if t.name == "IsIncenterOfQuadrilateral" and len(t.args) == 2 and all(isinstance(a, str) for a in t.args):
        o, q = _points_of(t.args[0]), _points_of(t.args[1])  # the centre of its inscribed circle: on each
        if len(o) == 1 and len(q) == 4 and o not in q:  # corner's bisector
            fig.statements += [f"{q[i]}{o} bisects angle {q[i - 1]}{q[i]}{q[(i + 1) % 4]}" for i in range(4)]
            fig.points.setdefault(o, None)
            return
    if t.name not in _BLOCK_OF:
        raise Unsupported(f"predicate {t.name}")
    args = [_points_of(_upper(a)) if isinstance(a, str) else None for a in t.args]
    if any(a is None for a in args):
        raise Unsupported(f"predicate {t.name} with nested terms")
    if t.name in _ON_CIRCLE:
        which, on = _ON_CIRCLE[t.name]
        centre = args[which] if which is not None else args[1][0]
        have = fig.circles.setdefault(centre, [])
        have += [p for p in on(args) if p not in have and p != centre]
    if t.name == "PerpendicularBetweenLine":
        args = _perpendicular(*args)
    if t.name in _ALTITUDES and (drop := _vertex_altitude(args, fig)):
        fig.statements.append(f"{drop[0]} perpendicular to {drop[1]}")
        return
    if t.name == "IsBisectorOfAngle" and len(args[1]) == 3 and args[0][0] != args[1][1] \
            and args[0][0] in (args[1][0], args[1][2]):  # FormalGeo's slip: CQ bisects 'CAB', the triangle's
        a, b = (c for c in args[1] if c != args[0][0])  # angle at C, ACB (the bisector's own end is the vertex)
        args = [args[0], a + args[0][0] + b]
    if t.name == "IsMidpointOfArc":
        args = [args[0], "".join(_arc(args[1]))]
    if t.name == "IsAltitudeOfQuadrilateral":
        args = [args[0], "".join(_quad_height(args[1]))]
    if t.name == "CongruentBetweenArc":
        args = ["".join(_arc(a)) for a in args]
        if len(set(args[0][1:]) | set(args[1][1:])) < 4:  # arcs sharing an end: equal arcs, as a given
            fig.facts.append((element_symbol("arc", tuple(args[0])), element_symbol("arc", tuple(args[1]))))
            return
    if t.name.startswith("Mirror"):  # FormalGeo pairs the first vertices, then goes round the other way
        args = [args[0], _mirrored(args[1])]
    _, form = _BLOCK_OF[t.name]
    if t.name == "ParallelBetweenLine" and _parallel_key(args) in {
            _parallel_key(m.groups()) for st in fig.statements if (m := _PARALLEL.fullmatch(st))}:
        return  # (FormalGeo lists a parallel both ways, AD ∥ CB and DA ∥ BC: one fact, said once)
    fig.statements.append(form.format(*args))
    for a in args:
        for p in a:
            fig.points.setdefault(p, None)


_ALTITUDES = ("IsAltitudeOfTriangle", "IsAltitudeOfQuadrilateral")
_PARALLEL = re.compile(r"([A-Z]+) parallel to ([A-Z]+)")


def _parallel_key(args) -> frozenset:
    """Two lines parallel, whichever way each is read and whichever is named first."""
    return frozenset(frozenset(a) for a in args)


def _vertex_altitude(args: list[str], fig: Figure) -> list[str] | None:
    """An altitude whose foot is a vertex of its polygon (``FB`` of ``FGB``: the side FB is the height) or
    whose top is a vertex of a quadrilateral (``BD`` of ``BTAC``) is no statement the language's distinct
    letters fit; it says no more than that it is perpendicular to its base (FormalGeo's base: a triangle's
    side opposite the top, a quadrilateral's second side), written so where the foot lies on the base's line."""
    alt, poly = args
    base = poly[1:] if len(poly) == 3 else poly[1:3]
    if len(alt) != 2 or not set(alt) & set(poly) - {alt[0] if len(poly) == 3 else ""}:
        return None
    foot = alt[1]
    if foot not in base and not any({foot, *base} <= set(line) for line in fig.lines):
        return None
    return _perpendicular(alt, base)


def _mirrored(b: str) -> str:
    """FormalGeo's mirror partner in the language's vertex-by-vertex order: DEF -> DFE."""
    return b[0] + b[1:][::-1]


def _perpendicular(a: str, b: str) -> list[str]:
    """Two perpendicular lines, written through their common point last when they have one."""
    for i in (1, 0):
        for j in (1, 0):
            if a[i] == b[j]:
                return [a[1 - i] + a[i], b[1 - j] + b[j]]
    return [a, b]


def _writable(e: sympy.Expr) -> bool:
    """Can a fact's left side say it in words (elements joined by + and -, or one variable)?"""
    if isinstance(e, sympy.Symbol):
        return True
    terms = sympy.Add.make_args(e)
    return all(isinstance(t, sympy.Symbol) and element_of(t) is not None
               or (isinstance(t, sympy.Mul) and len(t.args) == 2 and t.args[0] == -1
                   and element_of(t.args[1]) is not None) for t in terms)


def _acute_by_right_angle(cdl: list) -> Callable[[sympy.Symbol], bool]:
    """Whether an angle is acute because a triangle's other angle is stated right (``angle ACB = 90``,
    ``RightTriangle(ACB)``, ``PerpendicularBetweenLine(AC,BC)`` with ABC the angle)."""
    right: set[tuple[str, frozenset]] = set()  # (vertex, the triangle's points)
    for item in cdl:
        m = (re.fullmatch(r"Equal\(MeasureOfAngle\(([A-Z])([A-Z])([A-Z])\),90\)", item)
             or re.fullmatch(r"RightTriangle\(([A-Z])([A-Z])([A-Z])\)", item))
        if m:
            right.add((m.group(2), frozenset(m.groups())))
        m = re.fullmatch(r"PerpendicularBetweenLine\(([A-Z])([A-Z]),([A-Z])([A-Z])\)", item)
        if m and m.group(2) == m.group(4):
            right.add((m.group(2), frozenset(m.group(1, 2, 3))))

    def acute(angle: sympy.Symbol) -> bool:
        el = element_of(angle)
        pts = tuple(el.points) if el is not None and el.kind.key == "angle" else ()
        return len(set(pts)) == 3 and any(v != pts[1] and tri == frozenset(pts) for v, tri in right)
    return acute


def _angle_variables(cdl: list) -> dict[sympy.Symbol, sympy.Symbol]:
    """A variable a given names an angle by (``Equal(MeasureOfAngle(CAB),x)``) -> that angle."""
    out: dict[sympy.Symbol, sympy.Symbol] = {}
    for item in cdl:
        m = isinstance(item, str) and re.fullmatch(r"Equal\(MeasureOfAngle\(([A-Z]{3})\),([a-z])\)", item)
        if m:
            out.setdefault(value(m.group(2)), value(parse_cdl(f"MeasureOfAngle({m.group(1)})")))
    return out


def _inverted(lhs: sympy.Expr, rhs: sympy.Expr, acute: Callable[[sympy.Symbol], bool]) \
        -> tuple[sympy.Expr, sympy.Expr] | None:
    """``tan(angle BAC) = 1/2`` as ``angle BAC = atan(1/2)``: the one angle from 0 to 180 degrees with
    that cosine or tangent, or with that sine when ``acute`` says the angle is acute; None otherwise."""
    if not (isinstance(lhs, (Sin, Cos, Tan)) and lhs.args[0].is_Symbol and rhs.is_number and rhs.is_real):
        return None
    angle, v = lhs.args[0], sympy.nsimplify(rhs)
    if isinstance(lhs, Tan) and v != 0:
        return angle, inverse_degrees("atan", v) + (180 if v < 0 else 0)
    if isinstance(lhs, Cos) and -1 < v < 1:
        return angle, inverse_degrees("acos", v)
    if isinstance(lhs, Sin) and 0 < v < 1 and acute(angle):
        return angle, inverse_degrees("asin", v)
    return None


def _fact(lhs: sympy.Expr, rhs: sympy.Expr) -> tuple[sympy.Expr, sympy.Expr]:
    if _writable(lhs) and lhs.free_symbols:
        return lhs, rhs
    if _writable(rhs) and rhs.free_symbols:
        return rhs, lhs
    for s in sorted((lhs - rhs).free_symbols, key=lambda s: (element_of(s) is None, s.name)):
        if (lhs - rhs).has(sympy.Function):
            break
        try:
            sol = sympy.solve(lhs - rhs, s)
        except NotImplementedError:
            continue
        if len(sol) == 1:
            return s, sol[0]
    raise Unsupported("an equation that cannot be written with an element alone on its left")


MAX_ID = 10**12  # problem ids name files: FormalGeo's run to 6,981
MAX_CDL = 500  # statements of one problem (construction, text, image and goal together)
MAX_CDL_CHARS = 4000  # characters of one statement


# a Greek variable (FormalGeo's "α") -> the language's name for it: variables are Latin letters
_GREEK = {"α": "a", "β": "b", "γ": "c", "θ": "t", "φ": "f"}


_CAPITAL_VARIABLE = re.compile(r"(?<=[*+/^-])([A-Z])(?![A-Za-z(])|(?<=[,(])([A-Z])(?=[*+/^-])")


def _latin(problem: dict) -> dict:
    """The problem with its Greek variables renamed, unless the new name is taken (then refused), and
    a variable in capitals (``3*Z``: a letter in arithmetic that names no point) in lower case."""
    fields = ("construction_cdl", "text_cdl", "image_cdl")
    items = [i for f in fields for i in problem[f] if isinstance(i, str)] + [problem["goal_cdl"]]
    points = {c for i in problem["construction_cdl"] if isinstance(i, str) for c in re.sub(r"^\w+\(", "", i)
              if c.isupper()}
    capitals = {m.group(1) or m.group(2) for i in items for m in _CAPITAL_VARIABLE.finditer(i)} - points
    capitals = {c for c in capitals if not any(re.search(rf"(?<![A-Za-z]){c.lower()}(?![A-Za-z])", i) for i in items)}
    if capitals:
        def lower(i: object) -> object:
            return _CAPITAL_VARIABLE.sub(lambda m: m.group(0).lower() if m.group(0) in capitals else m.group(0), i) \
                if isinstance(i, str) else i
        problem = {**problem, **{f: [lower(i) for i in problem[f]] for f in fields},
                   "goal_cdl": lower(problem["goal_cdl"])}
        items = [i for f in fields for i in problem[f] if isinstance(i, str)] + [problem["goal_cdl"]]
    used = [g for g in _GREEK if any(g in i for i in items)]
    if not used:
        return problem
    for g in used:
        if any(re.search(rf"(?<![A-Za-z]){_GREEK[g]}(?![A-Za-z])", i) for i in items):
            raise Unsupported(f"variable {g!r} beside a variable {_GREEK[g]!r}")

    def latin(i: object) -> object:
        return i.translate(str.maketrans(_GREEK)) if isinstance(i, str) else i
    return {**problem, **{f: [latin(i) for i in problem[f]] for f in fields}, "goal_cdl": latin(problem["goal_cdl"])}


def convert(problem: dict) -> tuple[str, GeneralProblem]:
    """The ``.geo`` text of one FormalGeo problem, and the problem it reads back as."""
    for field, kind in (("problem_id", int), ("construction_cdl", list), ("text_cdl", list),
                        ("image_cdl", list), ("goal_cdl", str)):
        if not isinstance(problem.get(field), kind) or isinstance(problem.get(field), bool):
            raise Unsupported(f"field {field!r} missing or not a {kind.__name__}")
    cdl = problem["construction_cdl"] + problem["text_cdl"] + problem["image_cdl"] + [problem["goal_cdl"]]
    if len(cdl) > MAX_CDL or any(len(item) > MAX_CDL_CHARS for item in cdl if isinstance(item, str)):
        raise Unsupported(f"more than {MAX_CDL} CDL statements, or one of more than {MAX_CDL_CHARS:,} characters "
                          "(FormalGeo's largest problem has under 100 statements of under 200 characters)")
    if not 0 <= problem["problem_id"] < MAX_ID:
        raise Unsupported(f"problem_id {cut(str(problem['problem_id']), 30)} is not a whole number from 0 to "
                          f"{MAX_ID - 1:,} (it names the problem's file)")
    problem = _latin(problem)
    fig = _construction(problem["construction_cdl"])
    acute = _acute_by_right_angle(problem["text_cdl"] + problem["image_cdl"])
    named = _angle_variables(problem["text_cdl"] + problem["image_cdl"])
    acute = (lambda a, by=acute: by(named.get(a, a))) if named else acute  # sin(x) = 1/2 with angle CAB = x
    seen: dict[str, tuple[sympy.Expr, sympy.Expr]] = {}
    for item in dict.fromkeys(problem["text_cdl"] + problem["image_cdl"]):
        if not isinstance(item, str):
            raise Unsupported("a fact that is not a string")
        t = parse_cdl(item)
        if t.name == "Equal":
            lhs, rhs = value(t.args[0]), value(t.args[1])
            lhs, rhs = _inverted(lhs, rhs, acute) or _inverted(rhs, lhs, acute) or _fact(lhs, rhs)
            key = sympy.srepr((lhs, rhs))
            if key in seen:
                continue
            seen[key] = (lhs, rhs)
            fig.facts.append((lhs, rhs))
        elif t.name == "Equation":
            raise Unsupported("predicate Equation")
        else:
            _relation(t, fig)
    goal = parse_cdl(problem["goal_cdl"])
    if goal.name == "Value" and len(goal.args) == 2 and isinstance(goal.args[0], Term):
        goal = Term(goal.name, goal.args[:1])  # FormalGeo's slip Value(MeasureOfAngle(BCD),2*x+4): the element
    if goal.name != "Value" or len(goal.args) != 1:
        raise Unsupported(f"goal {goal.name}")
    target = value(goal.args[0])
    target = _concentric(fig, target)
    fig.facts = [f for f in fig.facts if not _strays(f, fig) and not _straight(f, fig)]
    fig.turns += _measured_angles(fig, problem["text_cdl"] + problem["image_cdl"] + [problem["goal_cdl"]])
    text = _text(fig, target)
    try:
        parsed = parse(text, f"problem {problem['problem_id']}")
    except GeomillError as e:
        raise Unsupported(f"the language refused it: {e.message}") from None
    if not isinstance(parsed, GeneralProblem):
        raise Unsupported("read back as a GeomVerse-style problem")
    return format_problem(parsed), parsed


def _strays(fact: tuple[sympy.Expr, sympy.Expr], fig: Figure) -> bool:
    """Does a given name a point that nothing draws (FormalGeo's stray ``LengthOfLine(AB)`` where no B
    is drawn)?  It is left out: fewer givens never prove a false answer, at worst none."""
    return any(p not in fig.points for e in fact for el in elements_in(e) for p in el.points)


_BY_RADIUS: dict[str, Callable[[sympy.Expr], sympy.Expr]] = {
    "radius": lambda r: r, "diameter": lambda r: 2 * r, "circle_area": lambda r: sympy.pi * r ** 2,
    "circumference": lambda r: 2 * sympy.pi * r}


def _concentric(fig: Figure, target: sympy.Expr) -> sympy.Expr:
    """A circle FormalGeo names apart from its centre (``IsCentreOfCircle(O,P)``: circle P about the point
    O, beside O's own circle) has no name in the language, where a circle is its centre's: its points are
    written equally far from the centre, and its radius, diameter, area and circumference as that length
    (the goal returned so rewritten).  Refused where anything else names it (an arc, a tangent)."""
    for o, p in fig.concentric.items():
        on = fig.circles.pop(o, [])
        if not on or p not in fig.points or any(o in ln for ln in fig.lines) or any(o in q for q in fig.polygons) \
                or any(re.search(rf"\b{o}\b", st) for st in fig.statements):
            raise Unsupported("IsCentreOfCircle with a centre named apart from its circle")
        r = element_symbol("length", (p, on[0]))
        fig.facts += [(element_symbol("length", (p, q)), r) for q in on[1:]]
        fig.points.pop(o, None)

        def rewrite(e: sympy.Expr, o: str = o, r: sympy.Expr = r) -> sympy.Expr:
            swap = {}
            for x in e.free_symbols:
                el = element_of(x)
                if el is None or o not in el.points:
                    continue
                if el.kind.key not in _BY_RADIUS:
                    raise Unsupported("IsCentreOfCircle with a centre named apart from its circle")
                swap[x] = _BY_RADIUS[el.kind.key](r)
            return e.xreplace(swap) if swap else e
        fig.facts = [(rewrite(a), rewrite(b)) for a, b in fig.facts]
        target = rewrite(target)
    return target


def _straight(fact: tuple[sympy.Expr, sympy.Expr], fig: Figure) -> bool:
    """Is a given a straight angle of three points a drawn line has in that order (``angle JKL = 180``
    with J, K, L collinear)?  It says nothing the line does not, in a form the language refuses."""
    lhs, rhs = fact
    el = element_of(lhs) if isinstance(lhs, sympy.Symbol) else None
    if el is None or el.kind.key != "angle" or rhs != 180:
        return False
    a, b, c = el.points
    return any(all(p in line for p in (a, b, c))
               and (line.index(a) - line.index(b)) * (line.index(c) - line.index(b)) < 0 for line in fig.lines)


def _text(fig: Figure, target: sympy.Expr) -> str:
    from geomill.dsl import format_expr
    lines = ["points " + " ".join(fig.points)]
    # a face of four points may be concave (a centre inside a triangle): a polygon, not a quadrilateral
    lines += [f"{'triangle' if len(p) == 3 else 'polygon'} {p}" for p in fig.polygons]
    lines += ["line " + " ".join(ln) for ln in fig.lines]
    lines += [f"circle {o}" + (" through " + " ".join(on) if on else "") for o, on in fig.circles.items()]
    lines += fig.statements
    if fig.turns:
        lines.append(f"{TURN} " + " ".join(dict.fromkeys(fig.turns)))
    try:
        lines += [f"{format_expr(lhs)} = {format_expr(rhs)}" for lhs, rhs in fig.facts]
        lines.append(f"find {format_expr(target)}")
    except ValueError as e:
        raise Unsupported(str(e)) from None
    return "\n".join(lines) + "\n"


_INVERSE = {"asin": math.asin, "acos": math.acos, "atan": math.atan}
_INVERSE_CALL = re.compile(r"\b(asin|acos|atan)\(")


def _inverse_read(text: str) -> str | None:
    """The answer with each asin/acos/atan call (radians, as sympy prints them) replaced by its
    value written as a decimal multiple of pi, its argument read by :func:`answer_value` itself; None when one
    cannot be read (an unclosed call, an argument out of range)."""
    while (m := _INVERSE_CALL.search(text)) is not None:
        depth, end = 1, m.end()
        while depth and end < len(text):
            depth += {"(": 1, ")": -1}.get(text[end], 0)
            end += 1
        arg = answer_value(text[m.end():end - 1]) if not depth else None
        if arg is None:
            return None
        try:
            v = _INVERSE[m.group(1)](arg)
        except ValueError:
            return None
        # a multiple of pi: the grammar reads 15 decimals, and a bare number in sin() would be degrees
        text = f"{text[:m.start()]}({v / math.pi:.15f}*pi){text[end:]}"
    return text


def answer_value(text: object) -> float | None:
    """FormalGeo's exact answer as a number, read by the DSL's expression grammar; the inverse
    functions FormalGeo's answers use (``180*acos(407/531)/pi``) read first (None when it uses
    what neither has: log, I …)."""
    if not isinstance(text, str):
        return None
    read = _inverse_read(text)
    try:
        v = _atom(read.replace("**", "^")) if read is not None else None
    except Unsupported:
        v = None
    if v is None:
        return _complex_read(text) if "I" in text or "log" in text else None
    v = v.replace(lambda e: isinstance(e, Degrees), lambda e: e.radians(e.args[0]))  # answers use radians
    return float(v) if v.is_number and not v.free_symbols else None


_COMPLEX_TOKEN = re.compile(r"\s*(?:(\d+(?:\.\d*)?(?:[eE][-+]?\d+)?)|([A-Za-z]\w*)|(\*\*|[-+*/^(),]))")
_COMPLEX_CONST = {"I": 1j, "pi": cmath.pi, "E": cmath.e}
_COMPLEX_FUNC: dict[str, Callable[[complex], complex]] = {
    "sqrt": cmath.sqrt, "log": cmath.log, "exp": cmath.exp, "sin": cmath.sin, "cos": cmath.cos,
    "tan": cmath.tan, "asin": cmath.asin, "acos": cmath.acos, "atan": cmath.atan}


def _complex_read(text: str) -> float | None:
    """An answer sympy printed through complex numbers (``tan(I*(log(85)-log(-36+77*I))/2)``, a
    half angle's tangent), read by a small grammar of its own over complex numbers (radians, the
    principal branch, as sympy's): its value when that is real, else None."""
    if len(text) > 500:
        return None
    tokens: list[str] = []
    pos = 0
    while pos < len(text.rstrip()):
        m = _COMPLEX_TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            return None
        tokens.append(m.group(m.lastindex))
        pos = m.end()
    try:
        v, rest = _complex_sum(tokens)
    except (ValueError, ZeroDivisionError, OverflowError, IndexError):
        return None
    if rest or not (cmath.isfinite(v) and abs(v.imag) <= 1e-9 * max(1.0, abs(v.real))):
        return None
    return v.real


def _complex_sum(t: list[str]) -> tuple[complex, list[str]]:
    v, t = _complex_product(t)
    while t and t[0] in "+-":
        w, rest = _complex_product(t[1:])
        v, t = (v + w if t[0] == "+" else v - w), rest
    return v, t


def _complex_product(t: list[str]) -> tuple[complex, list[str]]:
    v, t = _complex_unary(t)
    while t and t[0] in ("*", "/"):
        w, rest = _complex_unary(t[1:])
        v, t = (v * w if t[0] == "*" else v / w), rest
    return v, t


def _complex_unary(t: list[str]) -> tuple[complex, list[str]]:
    if t and t[0] in ("-", "+"):
        v, rest = _complex_unary(t[1:])
        return (-v if t[0] == "-" else v), rest
    v, t = _complex_atom(t)
    if t and t[0] in ("**", "^"):
        w, t = _complex_unary(t[1:])
        v = v ** w
    return v, t


def _complex_atom(t: list[str]) -> tuple[complex, list[str]]:
    head, t = t[0], t[1:]
    if head == "(":
        v, t = _complex_sum(t)
    elif head in _COMPLEX_FUNC and t and t[0] == "(":
        v, t = _complex_sum(t[1:])
        v = _COMPLEX_FUNC[head](complex(v.real, v.imag + 0.0))  # no -0.0: log(-1) is I*pi, as sympy's
    elif head in _COMPLEX_CONST:
        return _COMPLEX_CONST[head], t
    elif head[0].isdigit():
        return complex(float(head)), t
    else:
        raise ValueError(head)
    if not t or t[0] != ")":
        raise ValueError("unclosed")
    return v, t[1:]



def approximate_note(model) -> str:
    """What an approximate model says about the problem's givens."""
    return model.misfit_text()


def one_line(value: object, limit: int = 200) -> str:
    """A field of an imported file as it may stand in a comment line: every run of white space
    (line breaks too) one space, cut short: a field never adds a line to a problem."""
    return cut(" ".join(str(value).split()), limit)


def field(value: object) -> object:
    """A field of an imported file as a report keeps it: a whole number, a string (cut short) or
    None, so that the report is strict JSON whatever the file held (NaN, nested values)."""
    if value is None or isinstance(value, bool) or (isinstance(value, int) and abs(value) < 10**18):
        return value
    return one_line(value, 80)


def header(problem: dict) -> str:
    """The comment lines a written problem starts with: where it comes from and its answer."""
    out = [f"# FormalGeo7k problem {one_line(problem.get('problem_id'))} ({one_line(problem.get('source'))}), "
           f"level {one_line(problem.get('problem_level'))}"]
    if isinstance(problem.get("problem_answer"), str):
        out.append(f"# answer: {one_line(problem['problem_answer'])}")
    return "\n".join(out) + "\n"


def read_problems(path: Path) -> Iterator[tuple[str, dict | str]]:
    """(where, problem or the reason it cannot be read) for every problem in a file or folder."""
    return read_items(path)


# -- a run over many problems ------------------------------------------------------------------------


def malformed(exc: BaseException) -> str:
    """A reason for a problem whose fields break the reader where no check names them, in words
    (no Python exception names)."""
    what = ("nested too deeply" if isinstance(exc, RecursionError)
            else "a value out of range" if isinstance(exc, (ArithmeticError, ValueError))
            else "a field of an unexpected shape")
    return f"malformed problem: {what}"


def import_one(item: tuple[str, dict | str], model: bool = True, timeout: float = 30.0) -> dict:
    """One problem's report entry (and its text when it is written: with ``model``, only when a
    figure satisfies it); cut off after ``timeout`` seconds of its own CPU time (so that a busy
    machine does not cut off what an idle one finishes)."""
    import math
    import signal
    import time

    from geomill.engine import budget

    where, problem = item
    if not isinstance(problem, dict):
        return {"where": where, "ok": False, "reason": problem if isinstance(problem, str) else "not a JSON object"}
    pid = problem.get("problem_id")
    entry = {"where": where, "problem_id": field(pid), "source": field(problem.get("source")),
             "level": field(problem.get("problem_level"))}

    def _cut(signum, frame):  # noqa: ARG001 - the signal handler's signature
        raise TimeoutError

    old = signal.signal(signal.SIGPROF, _cut)
    signal.setitimer(signal.ITIMER_PROF, timeout)
    start = time.process_time()
    try:
        text, parsed = convert(problem)
        entry.update(ok=True, text=header(problem) + text)
        if model:  # a problem is written only with a figure that satisfies it
            from geomill.engine.errors import SolveError
            from geomill.solvers.numeric import APPROXIMATE, build_model
            try:
                with budget.limits(2 * timeout):  # the CPU timer cuts it off first; this bounds memory
                    m = build_model(parsed, check_goal=False, tolerate=APPROXIMATE)
                entry["model"] = "ok" if not m.misfit else "approximate"
                if m.misfit:  # drawn all the same, and said so in the file and the report
                    entry["approximate"] = note = approximate_note(m)
                    entry["text"] = header(problem) + f"# {note}\n" + text
                measured = m.goal_value()
                entry["measured"] = measured if measured is not None and math.isfinite(measured) else None
                answer = answer_value(problem.get("problem_answer"))
                if answer is not None and entry["measured"] is not None:
                    entry["answer_matches"] = abs(entry["measured"] - answer) <= 1e-2 * max(1.0, abs(answer))
            except SolveError as e:
                del entry["text"]
                entry.update(ok=False, reason=f"no numeric model: {e.message}")
    except Unsupported as e:
        entry.update(ok=False, reason=str(e))
    except TimeoutError:
        during = "no numeric model: " if "text" in entry else ""
        entry.pop("text", None)
        entry.update(ok=False, reason=f"{during}timed out after {timeout:g} s of CPU time")
    except (RecursionError, ArithmeticError, ValueError, TypeError, KeyError, IndexError, AttributeError) as e:
        entry.pop("text", None)
        entry.update(ok=False, reason=malformed(e))
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, old)
    entry["seconds"] = round(time.process_time() - start, 3)  # CPU seconds
    return entry


def quiet_worker() -> None:
    """A pool worker of an import: a worker that dies with its parent (killed, interrupted) says
    nothing: its traceback is no news to the user."""
    import os
    import sys

    sys.stderr = open(os.devnull, "w")  # noqa: SIM115 - the worker's own, for its life


def pool(method: str, workers: int):
    """A process pool whose workers are deaf to Ctrl-C from birth (a spawned worker still importing
    its modules would otherwise print a KeyboardInterrupt traceback): Ctrl-C is the parent's, which
    ends the pool and says ``interrupted``."""
    import multiprocessing as mp
    import signal

    old = signal.signal(signal.SIGINT, signal.SIG_IGN)  # inherited by the workers, forked or spawned
    try:
        return mp.get_context(method).Pool(workers, initializer=quiet_worker)
    finally:
        signal.signal(signal.SIGINT, old)
