"""Random construction programs: a base shape with round given values, then points constructed one
at a time, each with the relation block (``engine/relations.py``) that states it and coordinates
computed from the givens (never fitted).

A :class:`Figure` is the program's result: coordinates, polygons (with their kind relation), lines
(points in order), circles, relations and given facts, and the steps that made each point (what a
goal's traceback drops when the proof never uses a point).
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np
import sympy
from geomill.engine import plane_geometry as pg
from geomill.engine.plane import (
    CircleDecl,
    Equality,
    GeneralProblem,
    Goal,
    LineDecl,
    PolygonDecl,
    RelationDecl,
    Turn,
    element_of,
    element_symbol,
)
from geomill.engine.relations import BLOCKS_BY_KEY

# a base's given values are drawn from spaces wide enough that a large set (10,000 problems) seldom draws one
# problem twice: a template (a base, its constructions, the givens its proof needs and the goal) holds up to a
# few dozen of such a set's problems, and its given values must not repeat among them
LENGTHS = tuple(range(3, 26))
THIN = 3.0  # the longest of a base's two free sides at most this many times the shortest (a drawn figure's shape)
ARC_KINDS = ("arc", "arc_length", "sector_area", "sector_perimeter")  # elements of one of two arcs
# angles with exact trigonometry, drawn most; the others give angle questions (their sides' values are
# left as sin 50°, which no goal keeps and which slows the deduction)
ANGLES = (30, 45, 60, 120, 30, 45, 60, 30, 45, 60, 40, 70)
MIN_ANGLE = 20.0  # every angle of a constructed triangle, in degrees
MIN_GAP = 0.08  # a new point stays this share of the figure's size away from every other point
MIN_ARC = 15.0  # degrees: two points of a circle at least this far apart round it (reader 31's 17: E 10° from C,
# the arc asked between them too short to mark or to read)


def near_diameter(turn: float) -> bool:
    """Does a chord whose ends lie ``turn`` degrees apart round its circle pass the centre within
    ``render.accidents.CENTRE_SHARE`` of the radius: as near as a diameter does, to the eye?"""
    from geomill.render.accidents import CENTRE_SHARE

    return math.cos(math.radians(turn / 2)) < CENTRE_SHARE


class Retry(Exception):
    """This draw made a degenerate figure (points too close, a foot off its side): draw again."""


def L(a: str, b: str) -> sympy.Symbol:  # noqa: N802 - a segment, as a textbook writes it
    return element_symbol("length", (a, b))


def ang(a: str, v: str, c: str) -> sympy.Symbol:
    return element_symbol("angle", (a, v, c))


@dataclass
class Step:
    """One construction: the points it adds, the points it needs, what it states."""

    kind: str
    new: tuple[str, ...]
    uses: tuple[str, ...]
    relations: list[RelationDecl] = field(default_factory=list)
    facts: list[Equality] = field(default_factory=list)
    lines: list[tuple[str, ...]] = field(default_factory=list)  # (a, p, b): p put on line ab; (a, b): ab drawn
    # the rest of the construction before it: a step of its own, so that a proof that never uses its
    # points drops it (and its relations and lines) rather than stating givens nothing needs
    follows: bool = False


@dataclass
class Figure:
    at: dict[str, np.ndarray] = field(default_factory=dict)
    polygons: list[tuple[str, ...]] = field(default_factory=list)
    circles: dict[str, list[str]] = field(default_factory=dict)
    radii: dict[str, float] = field(default_factory=dict)
    steps: list[Step] = field(default_factory=list)
    base: str = ""

    # -- names ----------------------------------------------------------------------------------
    def fresh(self, rng: np.random.Generator | None = None) -> str:
        """The next unused capital letter (O is kept for circle centres)."""
        for c in "ABCDEFGHIJKLMNPQRSTUVWXYZ":
            if c not in self.at:
                return c
        raise Retry("out of letters")

    def size(self) -> float:
        pts = np.array(list(self.at.values()))
        return float(np.max(np.ptp(pts, axis=0)))

    def counted(self, keep: set[int]) -> int:
        """How many constructions the steps ``keep`` make (``make.too_little``'s count): a base's own later part
        (the circle of an inscribed triangle, a step of its own so that a proof that never uses it leaves it out)
        is counted with the base."""
        base = self.steps[0].kind if self.steps else None
        part = set()
        for i, st in enumerate(self.steps[1:], 1):
            if st.kind != base or not st.follows:
                break
            if st.new:
                part.add(i)
        return len(set(keep) - part)

    def misdrawn(self) -> str | None:
        """What the figure's circles draw that would mislead, whatever the facts say (a figure of the same text
        draws it too, so the text cannot be drawn otherwise): two points of a circle under ``MIN_ARC`` apart round
        it, or a drawn chord that passes by the centre as near as a diameter does to the eye (``render.accidents``'
        ``CENTRE_SHARE`` of the radius: reader 31's 16 and 30, an inscribed angle of 95° put BC 170° round the
        circle, read as a diameter with a right angle at A) but is none.  A constructed diameter passes through it."""
        drawn = self.segments()
        for o, on in self.circles.items():
            c, r = self.at[o], self.radii[o]
            for a, b in itertools.combinations([p for p in on if p in self.at and p != o], 2):
                turn = pg.angle(self.at[a], c, self.at[b])
                if turn < MIN_ARC:
                    return f"{a} and {b} {turn:.0f}° apart round circle {o}"
                off = r * math.cos(math.radians(turn / 2))  # (the chord's distance from the centre)
                if frozenset((a, b)) in drawn and off > 1e-7 * r and near_diameter(turn):
                    return f"chord {a}{b} {turn:.0f}° round circle {o}: it reads as a diameter"
        return None

    def place(self, name: str, p: np.ndarray) -> None:
        size = self.size() if len(self.at) > 1 else 1.0
        if not np.all(np.isfinite(p)) or any(pg.dist(p, q) < MIN_GAP * size for q in self.at.values()):
            raise Retry(f"{name} too close to another point")
        self.at[name] = np.asarray(p, float)

    # -- what the figure draws ---------------------------------------------------------------------
    def lines(self) -> list[tuple[str, ...]]:
        """Each line a step put points on: its points in order (sides of polygons included)."""
        groups: list[list[str]] = []
        for st in self.steps:
            for ln in st.lines:
                g = next((g for g in groups if len(set(g) & set(ln)) >= 2), None)  # (two points: one line)
                if g is None:
                    groups.append(list(ln))
                else:
                    g.extend(ln)
        out = []
        for g in groups:
            g = list(dict.fromkeys(g))
            a, b = self.at[g[0]], self.at[g[1]]
            d = b - a
            out.append(tuple(sorted(g, key=lambda n: float(np.dot(self.at[n] - a, d)))))
        return out

    def segments(self) -> set[frozenset[str]]:
        """Pairs of points joined by a stroke of the figure (a side, a line, a relation's segment)."""
        segs: set[frozenset[str]] = set()
        for poly in self.polygons:
            segs |= {frozenset((poly[i - 1], poly[i])) for i in range(len(poly))}
        for ln in self.lines():
            segs |= {frozenset((a, b)) for i, a in enumerate(ln) for b in ln[i + 1:]}
        for st in self.steps:
            for rel in st.relations:
                segs |= {frozenset(a) for a in rel.args if len(a) == 2}
        for c, pts in self.circles.items():
            segs |= {frozenset((c, p)) for p in pts if frozenset((c, p)) in segs}
        return segs

    def exterior_angles(self) -> list[sympy.Symbol]:
        """The exterior angles XZD of the figure's triangles (three points joined pairwise, side YZ drawn
        on past Z to D), as a textbook asks them: the exterior angle theorem applies only to an angle
        a fact or the goal names, so the closure names these."""
        drawn = self.segments()
        out = []
        for ln in self.lines():
            for i, j in itertools.permutations(range(len(ln)), 2):
                y, z = ln[i], ln[j]
                beyond = ln[j + 1:] if j > i else ln[:j]
                for x in sorted(self.at):
                    if x in ln or frozenset((x, y)) not in drawn or frozenset((x, z)) not in drawn:
                        continue
                    out += [element_symbol("angle", (x, z, d)) for d in beyond[:1]]
        return out

    def renamed(self, names: dict[str, str]) -> Figure:
        """The same figure with its points renamed (``names``: old -> new, a bijection on the points)."""
        def n(pts):
            return tuple(names[p] for p in pts)

        steps = [Step(st.kind, n(st.new), n(st.uses), [RelationDecl(r.key, tuple(n(a) for a in r.args))
                                                      for r in st.relations],
                      [Equality(rename_expr(f.lhs, names), rename_expr(f.rhs, names)) for f in st.facts],
                      [n(ln) for ln in st.lines], st.follows) for st in self.steps]
        return Figure({names[k]: v for k, v in self.at.items()}, [n(p) for p in self.polygons],
                      {names[c]: list(n(pts)) for c, pts in self.circles.items()},
                      {names[c]: r for c, r in self.radii.items()}, steps, self.base)

    def relabelling(self, rng: np.random.Generator) -> dict[str, str]:
        """A random renaming of the figure's points among its own letters (a circle's centre stays O),
        so that problems sharing a construction do not share its labels."""
        pts = sorted(p for p in self.at if p != "O")
        order = rng.permutation(len(pts))
        return {**{p: pts[i] for p, i in zip(pts, order)}, **({"O": "O"} if "O" in self.at else {})}

    def problem(self, keep: set[int] | None = None, facts: list[Equality] | None = None,
                goal: sympy.Expr | None = None) -> GeneralProblem:
        """The problem of the steps in ``keep`` (all by default), with ``facts`` (the steps' by default)."""
        steps = [st for i, st in enumerate(self.steps) if keep is None or i in keep]
        sub = Figure(self.at, self.polygons, self.circles, self.radii, steps, self.base)
        names = [n for st in steps for n in st.new]
        polys = tuple(PolygonDecl(p) for p in self.polygons if set(p) <= set(names))
        rels = tuple(sorted({(r.key, r.args): r for st in steps for r in st.relations}.values(),
                            key=lambda r: (r.key, r.args)))
        circles = tuple(CircleDecl(c, tuple(p for p in pts if p in names)) for c, pts in self.circles.items()
                        if c in names)
        lines = tuple(LineDecl(ln) for ln in sub.lines())
        fs = tuple(f for st in steps for f in st.facts) if facts is None else tuple(facts)
        return GeneralProblem(points=tuple(names), lines=lines, circles=circles, polygons=polys, relations=rels,
                              facts=fs, goal=Goal(goal) if goal is not None else None, turns=self.turns(goal))

    def turns(self, goal: sympy.Expr | None) -> tuple[Turn, ...]:
        """The turning of each arc or sector the goal names (centre, then its ends, as drawn): which
        of the two arcs between its ends is meant, which a mirror image of the figure would swap."""
        out = []
        for sym in sorted(goal.free_symbols, key=lambda s: s.name) if goal is not None else ():
            el = element_of(sym)
            if el is not None and el.kind.key in ARC_KINDS:
                o, a, b = (self.at[p] for p in el.points)
                turn = pg.cross(a - o, b - o)
                if abs(turn) > 1e-9 * pg.dist(a, o) * pg.dist(b, o):
                    out.append(Turn(clockwise=turn < 0, chains=(tuple(el.points),)))
        return tuple(out)


def rename_expr(e: sympy.Expr, names: dict[str, str]) -> sympy.Expr:
    """``e`` with every element's points renamed (a variable stays)."""
    subs = {s: element_symbol(el.kind.key, tuple(names[p] for p in el.points))
            for s in e.free_symbols if (el := element_of(s)) is not None}
    return e.xreplace(subs)


def _rel(key: str, *args: str) -> RelationDecl:
    return RelationDecl(key, tuple(tuple(a) for a in args))


def _fact(lhs: sympy.Expr, value: int | sympy.Expr) -> Equality:
    return Equality(lhs, sympy.sympify(value, strict=True))


def _unit(deg: float) -> np.ndarray:
    return np.array([math.cos(math.radians(deg)), math.sin(math.radians(deg))])


def _circumcentre(pa: np.ndarray, pb: np.ndarray, pc: np.ndarray) -> np.ndarray:
    d = 2 * pg.cross(pb - pa, pc - pa)
    ux = ((pc - pa)[1] * np.dot(pb - pa, pb - pa) - (pb - pa)[1] * np.dot(pc - pa, pc - pa)) / d
    uy = ((pb - pa)[0] * np.dot(pc - pa, pc - pa) - (pc - pa)[0] * np.dot(pb - pa, pb - pa)) / d
    return pa + np.array([ux, uy])


def _angles_ok(pts: list[np.ndarray]) -> bool:
    n = len(pts)
    return all(MIN_ANGLE < pg.angle(pts[i - 1], pts[i], pts[(i + 1) % n]) < 180 - MIN_ANGLE for i in range(n))


# -- base shapes ------------------------------------------------------------------------------------


def base_triangle(f: Figure, rng: np.random.Generator) -> None:
    """Triangle ABC by two sides and their angle, or a side and its two angles."""
    b, c = np.zeros(2), np.zeros(2)
    if rng.random() < 0.6:
        ab, bc, beta = (int(rng.choice(LENGTHS)), int(rng.choice(LENGTHS)), int(rng.choice(ANGLES)))
        if ab == bc or max(ab, bc) > THIN * min(ab, bc):
            raise Retry("an isosceles triangle not said to be one, or a thin one")
        c = np.array([bc, 0.0])
        a = b + ab * _unit(180 - beta) * np.array([-1, 1])
        facts = [_fact(L("A", "B"), ab), _fact(L("B", "C"), bc), _fact(ang("A", "B", "C"), beta)]
    else:
        bc, beta, gamma = int(rng.choice(LENGTHS)), int(rng.choice(ANGLES)), int(rng.choice(ANGLES))
        if beta + gamma >= 160:
            raise Retry("angles too large")
        if len({beta, gamma, 180 - beta - gamma}) < 3:  # the isosceles and equilateral bases say what they are:
            raise Retry("an isosceles triangle not said to be one")  # unsaid, a proof derives it the long way
        c = np.array([bc, 0.0])
        alpha = 180 - beta - gamma
        ab = bc * math.sin(math.radians(gamma)) / math.sin(math.radians(alpha))
        a = ab * _unit(beta)
        facts = [_fact(L("B", "C"), bc), _fact(ang("A", "B", "C"), beta), _fact(ang("B", "C", "A"), gamma)]
    if not _angles_ok([a, b, c]):
        raise Retry("thin triangle")
    f.at.update(A=a, B=b, C=c)
    f.polygons.append(("A", "B", "C"))
    f.steps.append(Step("triangle", ("A", "B", "C"), (), facts=facts))
    f.base = "triangle"


def base_sss_triangle(f: Figure, rng: np.random.Generator) -> None:
    """Triangle ABC by its three sides (no angle given): Heron's formula for its area, the median's
    length from the sides, the centroid two thirds down a median."""
    ab, bc, ca = (int(x) for x in rng.choice(LENGTHS, 3, replace=False))
    if not (ab < bc + ca and bc < ab + ca and ca < ab + bc):
        raise Retry("no triangle")
    x = (ab * ab + bc * bc - ca * ca) / (2 * bc)  # A's foot on BC, from B
    a = np.array([x, math.sqrt(max(ab * ab - x * x, 0.0))])
    b, c = np.zeros(2), np.array([float(bc), 0.0])
    if not _angles_ok([a, b, c]):
        raise Retry("thin triangle")
    f.at.update(A=a, B=b, C=c)
    f.polygons.append(("A", "B", "C"))
    f.steps.append(Step("sss_triangle", ("A", "B", "C"), (),
                        facts=[_fact(L("A", "B"), ab), _fact(L("B", "C"), bc), _fact(L("C", "A"), ca)]))
    f.base = "sss_triangle"


def base_crossing(f: Figure, rng: np.random.Generator) -> None:
    """Segments AB and CD crossing at P, triangles APC and BPD on either side, by AP, PC, the angle APC,
    PB and the angle PBD (often right): the angle BPD is APC's vertical angle (a textbook's "bow tie"),
    and the sides of BPD follow from it by trigonometry where PBD is right."""
    ap, pc, pb = (int(x) for x in rng.choice(LENGTHS, 3, replace=False))
    theta, phi = int(rng.choice((30, 45, 60, 40, 50, 70))), int(rng.choice((90, 90, 30, 45, 60, 70)))
    if theta + phi >= 160 or len({theta, phi, 180 - theta - phi}) < 3:
        raise Retry("angles too large, or an isosceles triangle not said to be one")
    pd = pb * math.sin(math.radians(phi)) / math.sin(math.radians(180 - theta - phi))
    u, v = np.array([1.0, 0.0]), _unit(180 - theta)
    at = {"A": -ap * u, "B": pb * u, "C": pc * v, "D": -pd * v, "P": np.zeros(2)}
    if not _angles_ok([at[n] for n in "APC"]) or not _angles_ok([at[n] for n in "BPD"]):
        raise Retry("a thin triangle")
    f.at.update(at)
    f.polygons += [("A", "P", "C"), ("B", "P", "D")]
    f.steps.append(Step("crossing", ("A", "B", "C", "D", "P"), (),
                        facts=[_fact(L("A", "P"), ap), _fact(L("P", "C"), pc), _fact(ang("A", "P", "C"), theta),
                               _fact(L("P", "B"), pb), _fact(ang("P", "B", "D"), phi)],
                        lines=[("A", "P", "B"), ("C", "P", "D")]))
    f.base = "crossing"


def base_right_triangle(f: Figure, rng: np.random.Generator) -> None:
    """Right triangle ABC with the right angle at C, by its legs."""
    ac, bc = int(rng.integers(3, 41)), int(rng.integers(3, 41))  # (wider than LENGTHS: two values, a small space)
    if max(ac, bc) > 2.5 * min(ac, bc):
        raise Retry("thin right triangle")
    f.at.update(C=np.zeros(2), B=np.array([bc, 0.0]), A=np.array([0.0, ac]))
    f.polygons.append(("B", "C", "A"))
    f.steps.append(Step("right_triangle", ("A", "B", "C"), (), [_rel("right_triangle", "BCA", "C")],
                        [_fact(L("A", "C"), ac), _fact(L("B", "C"), bc)]))
    f.base = "right_triangle"


def base_isosceles(f: Figure, rng: np.random.Generator) -> None:
    """Isosceles triangle ABC (AB = AC) by its legs and apex angle."""
    leg = int(rng.integers(3, 41))  # (wider than LENGTHS: one length)
    apex = int(rng.choice((30, 40, 50, 60, 70, 80, 90, 100, 120)))
    h = leg * math.cos(math.radians(apex / 2))
    w = leg * math.sin(math.radians(apex / 2))
    f.at.update(A=np.array([0.0, h]), B=np.array([-w, 0.0]), C=np.array([w, 0.0]))
    f.polygons.append(("A", "B", "C"))
    f.steps.append(Step("isosceles_triangle", ("A", "B", "C"), (), [_rel("isosceles_triangle", "ABC", "A")],
                        [_fact(L("A", "B"), leg), _fact(ang("B", "A", "C"), apex)]))
    f.base = "isosceles_triangle"


def base_equilateral(f: Figure, rng: np.random.Generator) -> None:
    side = int(rng.integers(3, 81))  # one value: drawn from a wider range, or a large set repeats it
    f.at.update(A=np.array([side / 2, side * math.sqrt(3) / 2]), B=np.zeros(2), C=np.array([float(side), 0.0]))
    f.polygons.append(("A", "B", "C"))
    f.steps.append(Step("equilateral_triangle", ("A", "B", "C"), (), [_rel("equilateral_triangle", "ABC")],
                        [_fact(L("A", "B"), side)]))
    f.base = "equilateral_triangle"


def base_trapezoid(f: Figure, rng: np.random.Generator) -> None:
    """Isosceles trapezoid ABCD (bases AD, BC) by its long base, a leg and a base angle, with the
    foot E of its height from A: without a height the deduction finds no leg, height or area.
    (The short base it finds only by a diagonal and the law of cosines, where a textbook takes the
    two projections off the long base: ``make.natural`` drops those proofs.  Both heights, as
    rectangle AEFD, give the textbook's route, but make the closure five times slower.)"""
    theta = int(rng.choice((30, 45, 60, 60)))
    ab = int(rng.integers(3, 51))  # (a wider range than LENGTHS: its height's problems need only AB and the angle)
    off = ab * math.cos(math.radians(theta))
    bc = _pick(rng, [k for k in range(3, 81) if 2 <= k - 2 * off <= 2 * ab])
    h = ab * math.sin(math.radians(theta))
    f.at.update(A=np.array([off, h]), B=np.zeros(2), C=np.array([float(bc), 0.0]), D=np.array([bc - off, h]))
    f.polygons.append(("A", "B", "C", "D"))
    f.steps.append(Step("isosceles_trapezoid", ("A", "B", "C", "D"), (),
                        [_rel("isosceles_trapezoid", "ABCD", "AD", "BC")],
                        [_fact(L("B", "C"), bc), _fact(L("A", "B"), ab), _fact(ang("A", "B", "C"), theta)]))
    f.base = "isosceles_trapezoid"
    e = f.fresh()
    f.place(e, np.array([off, 0.0]))
    f.steps.append(Step("height", (e,), ("A", "B", "C"), [_rel("perpendicular", "A" + e, "B" + e)],
                        lines=[("B", e, "C")]))


def _trapezoid_legs() -> tuple[tuple[int, int, int], ...]:
    """(c, d, e): whole legs c < d of a trapezoid whose bases differ by e, with a height a textbook prints
    (a whole number or a simple surd, 3√7/2): the triangle a leg moved along the bases makes with the
    other leg has sides c, d, e (16·S² = P by Heron, its height onto e is √P/2e), both its angles on e
    acute and over 25° (the trapezoid's base angles)."""
    out = []
    for c, d, e in itertools.product(range(3, 21), range(3, 21), range(2, 21)):
        p = (c + d + e) * (d + e - c) * (c + e - d) * (c + d - e)
        x2 = c * c + e * e - d * d  # twice e times the foot's distance from the end of leg c
        if c >= d or p <= 0 or not 0 < x2 < 2 * e * e:
            continue
        root = max(k for k in range(1, math.isqrt(p) + 1) if p % (k * k) == 0)  # √p = root·√(p / root²)
        coeff = Fraction(root, 2 * e)
        h, x = math.sqrt(p) / (2 * e), x2 / (2 * e)
        if p // (root * root) <= 150 and coeff.denominator <= 2 \
                and min(math.degrees(math.atan2(h, x)), math.degrees(math.atan2(h, e - x))) > 25:
            out.append((c, d, e))
    return tuple(out)


_TRAPEZOID_LEGS = _trapezoid_legs()


def base_sides_trapezoid(f: Figure, rng: np.random.Generator) -> None:
    """Trapezoid ABCD (bases AD and BC, not isosceles) by its four sides: its height from the triangle a
    leg moved along the bases makes with the other leg, then its area."""
    c, d, e = _TRAPEZOID_LEGS[int(rng.integers(len(_TRAPEZOID_LEGS)))]
    if rng.random() < 0.5:
        c, d = d, c
    ad = int(rng.integers(3, max(4, 41 - e)))
    if ad in (c, d, e) or ad + e in (c, d):
        raise Retry("two sides of the trapezoid alike")
    x = (c * c + e * e - d * d) / (2 * e)
    h = math.sqrt(c * c - x * x)
    f.at.update(A=np.array([x, h]), B=np.zeros(2), C=np.array([float(ad + e), 0.0]), D=np.array([x + ad, h]))
    f.polygons.append(("A", "B", "C", "D"))
    f.steps.append(Step("trapezoid", ("A", "B", "C", "D"), (), [_rel("trapezoid", "ABCD", "AD", "BC")],
                        [_fact(L("A", "D"), ad), _fact(L("B", "C"), ad + e), _fact(L("A", "B"), c),
                         _fact(L("C", "D"), d)]))
    f.base = "trapezoid"


def base_rectangle_diagonals(f: Figure, rng: np.random.Generator) -> None:
    """Rectangle ABCD by its diagonal AC and the angle AEB its diagonals make at E, 60° or 120°: the
    diagonals are equal and bisect each other, so triangle ABE is isosceles (equilateral at 60°)."""
    ac = 2 * int(rng.integers(3, 31))
    theta = int(rng.choice((60, 120)))
    half_given = rng.random() < 0.5  # the diagonal given as AC, or as its half AE
    half = math.radians(theta / 2)
    ab, bc = ac * math.sin(half), ac * math.cos(half)  # (AB faces the angle AEB)
    f.at.update(A=np.array([0.0, ab]), B=np.zeros(2), C=np.array([bc, 0.0]), D=np.array([bc, ab]))
    f.polygons.append(("A", "B", "C", "D"))
    f.steps.append(Step("rectangle", ("A", "B", "C", "D"), (), [_rel("rectangle", "ABCD")],
                        [] if half_given else [_fact(L("A", "C"), ac)]))
    e = f.fresh()
    f.place(e, np.array([bc / 2, ab / 2]))
    f.steps.append(Step("rectangle_diagonals", (e,), ("A", "B", "C", "D"), [_rel("intersection", e, "AC", "BD")],
                        [_fact(ang("A", e, "B"), theta)] + ([_fact(L("A", e), ac // 2)] if half_given else []),
                        lines=[("A", e, "C"), ("B", e, "D")]))
    f.base = "rectangle"


def base_parallelogram(f: Figure, rng: np.random.Generator, kind: str | None = None) -> None:
    """Parallelogram, rectangle, rhombus or square ABCD (``kind``, or one at random) by its sides and
    angle; a third of the time by its perimeter in place of a side (AD, or a rhombus's or square's one
    side): the side first, then the area from it, where its own formula is one step on the givens."""
    kind = kind or str(rng.choice(["parallelogram", "rectangle", "rhombus", "square"]))
    ab = int(rng.integers(3, 81)) if kind == "square" else int(rng.choice(LENGTHS))  # a square: one value
    ad = ab if kind in ("rhombus", "square") else int(rng.choice(LENGTHS))
    if max(ab, ad) > THIN * min(ab, ad):
        raise Retry("a thin parallelogram")
    theta = 90 if kind in ("rectangle", "square") else int(rng.choice((45, 60, 60, 50, 70)))
    a, b = np.zeros(2), np.array([float(ab), 0.0])
    d = ad * _unit(theta)
    f.at.update(A=a, B=b, C=b + d, D=d)
    f.polygons.append(("A", "B", "C", "D"))
    facts = [_fact(L("A", "B"), ab)]
    if kind in ("parallelogram", "rectangle"):
        facts.append(_fact(L("A", "D"), ad))
    if kind in ("parallelogram", "rhombus"):
        facts.append(_fact(ang("D", "A", "B"), theta))
    if rng.random() < 1 / 3:
        facts[1 if kind in ("parallelogram", "rectangle") else 0] = _fact(element_symbol("perimeter", tuple("ABCD")),
                                                                          2 * (ab + ad))
    f.steps.append(Step(kind, ("A", "B", "C", "D"), (), [_rel(kind, "ABCD")], facts))
    f.base = kind


# (foot, height, leg): whole right triangles with a leg under 30, either way round
_RIGHT_TRIANGLES = tuple((a, b, c) for c in range(5, 60) for a in range(1, c) for b in range(1, c)
                         if a * a + b * b == c * c and 0.3 < a / b < 3)


def base_parallelogram_height(f: Figure, rng: np.random.Generator) -> None:
    """Parallelogram ABCD by its sides and the foot E of its height DE on AB, by AE (no angle given):
    Pythagoras gives the height, base times height the area, where the sine of the angle at A is no
    value the deduction keeps.  (Never a rhombus: its side and AE, a few dozen problems, repeat in a set.)"""
    ae, de, ad = _RIGHT_TRIANGLES[int(rng.integers(len(_RIGHT_TRIANGLES)))]
    kind = "parallelogram"
    ab = int(rng.integers(math.ceil(1.3 * ae), math.ceil(1.3 * ae) + max(16, 2 * ae)))
    if ab in (ad, de, ae):
        raise Retry("a rhombus not said to be one, or sides alike")
    a, b, d = np.zeros(2), np.array([float(ab), 0.0]), np.array([float(ae), float(de)])
    f.at.update(A=a, B=b, C=b + d, D=d)
    f.polygons.append(("A", "B", "C", "D"))
    facts = [_fact(L("A", "B"), ab), _fact(L("A", "D"), ad)]
    f.steps.append(Step(kind, ("A", "B", "C", "D"), (), [_rel(kind, "ABCD")], facts))
    e = f.fresh()
    f.place(e, np.array([float(ae), 0.0]))
    f.steps.append(Step("parallelogram_height", (e,), ("A", "B", "D"), [_rel("perpendicular", "D" + e, "A" + e)],
                        [_fact(L("A", e), ae)], lines=[("A", e, "B"), ("D", e)]))
    f.base = kind


def base_circle(f: Figure, rng: np.random.Generator) -> None:
    """Triangle ABC inscribed in circle O, by the radius and two inscribed angles."""
    # (kept narrow: a radius to 25 or inscribed angles of any degree left the recipes of the equal arcs'
    # chords and the isosceles judgement on a diameter and chords no default-depth proof on their figures)
    r = int(rng.choice(LENGTHS[:8]))
    beta, gamma = int(rng.choice(ANGLES)), int(rng.choice(ANGLES))
    alpha = 180 - beta - gamma
    if alpha < MIN_ANGLE:
        raise Retry("thin inscribed triangle")
    if len({alpha, beta, gamma}) < 3:
        raise Retry("an isosceles triangle not said to be one")
    t0 = float(rng.uniform(0, 360))
    # central angles: arc BC = 2α, arc CA = 2β, arc AB = 2γ (counter-clockwise A, B, C)
    ta, tb = t0, t0 + 2 * gamma
    tc = tb + 2 * alpha
    o = np.zeros(2)
    f.at.update(O=o, A=r * _unit(ta), B=r * _unit(tb), C=r * _unit(tc))
    f.circles["O"] = ["A", "B", "C"]
    f.radii["O"] = float(r)
    f.polygons.append(("A", "B", "C"))
    f.steps.append(Step("inscribed_triangle", ("A", "B", "C"), (),
                        facts=[_fact(ang("A", "B", "C"), beta), _fact(ang("B", "C", "A"), gamma)]))
    # (the circle and its radius a step of their own: a proof that never uses the circle drops it, never leaving
    # "O is the centre of the circle through A, B and C" in a question it has no part in: teacher 25's gen 12)
    f.steps.append(Step("inscribed_triangle", ("O",), ("A", "B", "C"), facts=[_fact(L("O", "A"), r)], follows=True))
    f.base = "circle"


CAP_ARC = 180.0  # degrees: the chords' ends spread round their circle, no arc between two of them wider (the centre
# inside ACBD: reader 35's 20, AP = 5, PB = 7, CP = 3 at 30°, drew ACBD in a thin cap of a large circle, its four
# leaders crowded there and AC merged with its arc; about half the draws pass)


def _widest_gap(o: np.ndarray, pts: list[np.ndarray]) -> float:
    """The widest arc (degrees) between two of ``pts`` next to each other round the circle about ``o``."""
    turns = sorted(math.degrees(math.atan2(*(p - o)[::-1])) % 360.0 for p in pts)
    return max((turns[(i + 1) % len(turns)] - turns[i]) % 360.0 for i in range(len(turns)))


def base_chords(f: Figure, rng: np.random.Generator) -> None:
    """Two chords AB and CD of circle O meeting at P, by AP, PB, CP and the angle between them
    (PD = AP·PB/CP puts D on the circle): the power of a point, and Ptolemy in ACBD."""
    ap, pb, cp = (int(rng.choice(LENGTHS)) for _ in range(3))
    pd = ap * pb / cp
    theta = int(rng.choice((30, 45, 60, 120, 40, 70, 50)))
    if not 2 <= pd <= 20 or len({ap, pb, cp, pd}) < 3:
        raise Retry("a chord too short or too long")
    u, v = np.array([1.0, 0.0]), _unit(theta)
    at = {"A": -ap * u, "B": pb * u, "C": -cp * v, "D": pd * v, "P": np.zeros(2)}
    at["O"] = _circumcentre(at["A"], at["B"], at["C"])
    if not _angles_ok([at[n] for n in "ACBD"]) or min(pg.dist(at["O"], q) for k, q in at.items() if k != "O") < 1:
        raise Retry("a thin quadrilateral, or the centre on a point")
    if _widest_gap(at["O"], [at[n] for n in "ACBD"]) > CAP_ARC:
        raise Retry("the chords in a cap of their circle")
    f.at.update(at)
    f.circles["O"] = ["A", "C", "B", "D"]
    f.radii["O"] = pg.dist(at["O"], at["A"])
    f.polygons.append(("A", "C", "B", "D"))
    f.steps.append(Step("chords", ("O", "A", "B", "C", "D", "P"), (),
                        facts=[_fact(L("A", "P"), ap), _fact(L("P", "B"), pb), _fact(L("C", "P"), cp),
                               _fact(ang("A", "P", "C"), theta)],
                        lines=[("A", "P", "B"), ("C", "P", "D")]))
    f.base = "chords"


def base_kite(f: Figure, rng: np.random.Generator) -> None:
    """Kite ABCD (AB = AD, CB = CD) by AB, CB and the angle at A, with E where its diagonals meet."""
    ab, cb = int(rng.choice(LENGTHS)), int(rng.choice(LENGTHS))
    theta = int(rng.choice((60, 90, 120, 60, 90)))
    half = math.radians(theta / 2)
    h = ab * math.sin(half)  # half of BD
    if cb <= 1.15 * h or ab == cb:
        raise Retry("no kite, or a rhombus")
    x = ab * math.cos(half) + math.sqrt(cb * cb - h * h)
    f.at.update(A=np.zeros(2), B=np.array([ab * math.cos(half), -h]), C=np.array([x, 0.0]),
                D=np.array([ab * math.cos(half), h]))
    if not _angles_ok([f.at[n] for n in "ABCD"]):
        raise Retry("thin kite")
    f.polygons.append(("A", "B", "C", "D"))
    f.steps.append(Step("kite", ("A", "B", "C", "D"), (), [_rel("kite", "ABCD", "A")],
                        [_fact(L("A", "B"), ab), _fact(L("C", "B"), cb), _fact(ang("D", "A", "B"), theta)]))
    f.base = "kite"
    e = f.fresh()
    f.place(e, np.array([ab * math.cos(half), 0.0]))
    f.steps.append(Step("intersection", (e,), ("A", "B", "C", "D"), [_rel("intersection", e, "AC", "BD")],
                        lines=[("A", e, "C"), ("B", e, "D")]))


def base_perpendicular_diagonals(f: Figure, rng: np.random.Generator) -> None:
    """Quadrilateral ABCD whose diagonals are perpendicular at E (no kite or rhombus said), by AE, EC, BE
    and ED: its area half the diagonals' product, its sides by Pythagoras."""
    ae, ec, be, ed = (int(x) for x in rng.choice(LENGTHS, 4, replace=False))
    f.at.update(A=np.zeros(2), B=np.array([float(ae), -be]), C=np.array([float(ae + ec), 0.0]),
                D=np.array([float(ae), float(ed)]))
    if not _angles_ok([f.at[n] for n in "ABCD"]):
        raise Retry("thin quadrilateral")
    f.polygons.append(("A", "B", "C", "D"))
    f.steps.append(Step("quadrilateral", ("A", "B", "C", "D"), ()))
    f.base = "perpendicular_diagonals"
    e = f.fresh()
    f.place(e, np.array([float(ae), 0.0]))
    f.steps.append(Step("perpendicular_diagonals", (e,), ("A", "B", "C", "D"),
                        [_rel("intersection", e, "AC", "BD"), _rel("perpendicular", "A" + e, "B" + e)],
                        [_fact(L("A", e), ae), _fact(L(e, "C"), ec), _fact(L("B", e), be), _fact(L(e, "D"), ed)],
                        lines=[("A", e, "C"), ("B", e, "D")]))


def base_right_altitude(f: Figure, rng: np.random.Generator) -> None:
    """Right triangle ABC (right angle at C) with the altitude CD to its hypotenuse, by the parts AD and DB
    of the hypotenuse: CD² = AD·DB, each leg squared its part times the hypotenuse."""
    p, q = (int(x) for x in rng.choice(range(2, 37), 2, replace=False))
    cd = math.sqrt(p * q)
    if not prints(cd):
        raise Retry("an altitude no textbook prints")
    f.at.update(A=np.array([-float(p), 0.0]), B=np.array([float(q), 0.0]), C=np.array([0.0, cd]))
    if not _angles_ok([f.at[n] for n in "ABC"]):
        raise Retry("thin right triangle")
    f.polygons.append(("B", "C", "A"))
    f.steps.append(Step("right_triangle", ("A", "B", "C"), (), [_rel("right_triangle", "BCA", "C")]))
    f.base = "right_triangle"
    d = f.fresh()
    f.place(d, np.zeros(2))
    f.steps.append(Step("altitude", (d,), ("C", "A", "B"), [_rel("altitude", "C" + d, "CAB")],
                        [_fact(L("A", d), p), _fact(L(d, "B"), q)], lines=[("A", d, "B"), ("C", d)]))


# whole chords from the ends of a diameter d to a point of the circle: (d, (legs...)), the legs a and
# b with a² + b² = d², at least two such pairs
_DIAMETER_LEGS = tuple((d, tuple(a for a in range(1, d) if math.isqrt(d * d - a * a) ** 2 == d * d - a * a))
                       for d in (25, 50, 65, 75, 85, 100, 125, 130, 145))


def _leg(rng: np.random.Generator, a: str, v: str, c: str, av: int, d: int) -> Equality:
    """The leg AV (``av``) of right triangle AVC on the diameter AC (``d``) given, or half the time its other leg."""
    return _fact(L(a, v), av) if rng.random() < 0.5 else _fact(L(v, c), math.isqrt(d * d - av * av))


def base_cyclic_quadrilateral(f: Figure, rng: np.random.Generator) -> None:
    """Quadrilateral ABCD inscribed in circle O with AC a diameter, by AC and a leg of each right triangle
    ABC and ADC (AB or BC, AD or CD: whole numbers whose other legs are whole too): Ptolemy's theorem gives
    the diagonal BD."""
    d, legs = _DIAMETER_LEGS[int(rng.integers(len(_DIAMETER_LEGS)))]
    ab, ad = (int(x) for x in rng.choice(legs, 2, replace=False))
    if ab * ab + ad * ad == d * d:
        raise Retry("a rectangle")
    r = d / 2
    tb, td = math.degrees(math.acos(ab / d)), math.degrees(math.acos(ad / d))  # the angles CAB and CAD
    a = np.array([-r, 0.0])
    f.at.update(O=np.zeros(2), A=a, B=a + ab * _unit(-tb), C=np.array([r, 0.0]), D=a + ad * _unit(td))
    f.circles["O"] = ["A", "B", "C", "D"]
    f.radii["O"] = r
    f.polygons.append(("A", "B", "C", "D"))
    f.steps.append(Step("cyclic_quadrilateral", ("O", "A", "B", "C", "D"), (), [_rel("diameter", "AC", "O")],
                        [_fact(L("A", "C"), d), _leg(rng, "A", "B", "C", ab, d), _leg(rng, "A", "D", "C", ad, d)],
                        lines=[("A", "O", "C")]))
    f.steps.append(Step("cyclic_quadrilateral", (), ("B", "D"), lines=[("B", "D")], follows=True))
    f.base = "cyclic_quadrilateral"


def base_sides_quadrilateral(f: Figure, rng: np.random.Generator) -> None:
    """Quadrilateral ABCD with AB = CD and BC = DA, by those sides and the angle at A, not said to be a
    parallelogram: its equal opposite sides make it one (the judgement a textbook proves first)."""
    ab, ad = int(rng.choice(LENGTHS)), int(rng.choice(LENGTHS))
    if ab == ad:
        raise Retry("a rhombus")
    theta = int(rng.choice((45, 60, 60, 120, 135)))
    a, b = np.zeros(2), np.array([float(ab), 0.0])
    d = ad * _unit(theta)
    f.at.update(A=a, B=b, C=b + d, D=d)
    f.polygons.append(("A", "B", "C", "D"))
    f.steps.append(Step("sides_quadrilateral", ("A", "B", "C", "D"), (),
                        facts=[_fact(L("A", "B"), ab), _fact(L("C", "D"), ab), _fact(L("B", "C"), ad),
                               _fact(L("D", "A"), ad), _fact(ang("D", "A", "B"), theta)]))
    f.base = "sides_quadrilateral"


def _tangential_sides() -> tuple[tuple[int, int, int, int], ...]:
    """(r, b, c, d): whole tangent lengths from B, C and D of a quadrilateral ABCD circumscribed about a
    circle of radius r with a right angle at A (whose tangent length is r): half the central angles
    atan(t/r) at the four vertices make 180°, so tan of D's is rational, kept where it is whole (and no
    diagonal passes through the centre: c = r or b·d = r², a coincidence the figure would show)."""
    out = []
    for r, b, c in itertools.product(range(2, 16), range(1, 31), range(1, 31)):
        if r * r != b * c and (t := Fraction((b + c) * r, r * r - b * c)) != 1:
            d = r * (1 + t) / (t - 1)
            if d > 0 and d.denominator == 1 and d <= 40 and c != r and b * d != r * r:
                out.append((r, b, c, int(d)))
    return tuple(out)


_TANGENTIAL = _tangential_sides()


def base_tangential(f: Figure, rng: np.random.Generator) -> None:
    """Quadrilateral ABCD circumscribed about circle O (touching AB at W, BC at X, CD at Y, DA at Z) with
    a right angle at A, by AW, WB, BC and CD, and its diagonal BD: Pitot's theorem gives DA (AB + CD =
    BC + DA), Pythagoras BD."""
    t = list(_TANGENTIAL[int(rng.integers(len(_TANGENTIAL)))])
    r = float(t[0])
    halves = [math.atan(x / r) for x in t]  # half the central angle between a vertex's two touch points
    touch, vert = {}, {}
    phi = float(rng.uniform(0, 360))
    for i, (v, w) in enumerate(zip("ABCD", "ZWXY")):  # Z on DA, then A, W on AB, B, X on BC, C, Y on CD, D
        touch[w] = r * _unit(phi)
        phi += math.degrees(halves[i])
        vert[v] = (r / math.cos(halves[i])) * _unit(phi)
        phi += math.degrees(halves[i])
    if not _angles_ok([vert[v] for v in "ABCD"]):
        raise Retry("a thin quadrilateral")
    f.at.update(O=np.zeros(2), **vert, **touch)
    f.circles["O"] = ["W", "X", "Y", "Z"]
    f.radii["O"] = r
    f.polygons.append(("A", "B", "C", "D"))
    given = {"AW": t[0], "WB": t[1], "BC": t[1] + t[2], "CD": t[2] + t[3]}
    f.steps.append(Step("tangential_quadrilateral", ("O", "A", "B", "C", "D", "W", "X", "Y", "Z"), (),
                        [_rel("tangent", v + w, "O") for v, w in zip("ABBCCDDA", "WWXXYYZZ")],
                        [_fact(L(*s), k) for s, k in given.items()] + [_fact(ang("D", "A", "B"), 90)],
                        lines=[("A", "W", "B"), ("B", "X", "C"), ("C", "Y", "D"), ("D", "Z", "A")]))
    f.steps.append(Step("tangential_quadrilateral", (), ("B", "D"), lines=[("B", "D")], follows=True))
    f.base = "tangential_quadrilateral"


def base_tangential_triangle(f: Figure, rng: np.random.Generator) -> None:
    """Triangle ABC circumscribed about circle O (touching AB at W, BC at X, CA at Y) by whole tangent lengths,
    given AB, AW and CY, or AB, BC and AW: the two tangents from each vertex are equal, so the perimeter is twice
    one tangent from each (each side as the sum of its two tangents is the longer way)."""
    x, y, z = (int(k) for k in rng.choice(range(2, 16), 3, replace=False))
    a, b, c = y + z, z + x, x + y  # (BC, CA, AB)
    bx = (a * a + c * c - b * b) / (2 * a)
    at = {"B": np.zeros(2), "C": np.array([float(a), 0.0]), "A": np.array([bx, math.sqrt(c * c - bx * bx)])}
    if not _angles_ok([at[n] for n in "ABC"]):
        raise Retry("a thin triangle")
    at["O"] = (a * at["A"] + b * at["B"] + c * at["C"]) / (a + b + c)
    at["W"] = at["A"] + (at["B"] - at["A"]) * (x / c)
    at["X"] = at["B"] + (at["C"] - at["B"]) * (y / a)
    at["Y"] = at["C"] + (at["A"] - at["C"]) * (z / b)
    f.at.update(at)
    f.circles["O"] = ["W", "X", "Y"]
    f.radii["O"] = pg.dist(at["O"], at["W"])
    f.polygons.append(("A", "B", "C"))
    given = {"AB": c, "AW": x, "CY": z} if rng.random() < 0.5 else {"AB": c, "BC": a, "AW": x}
    f.steps.append(Step("tangential_triangle", ("O", "A", "B", "C", "W", "X", "Y"), (),
                        [_rel("tangent", v + w, "O") for v, w in zip("ABBCCA", "WWXXYY")],
                        [_fact(L(*s), k) for s, k in given.items()],
                        lines=[("A", "W", "B"), ("B", "X", "C"), ("C", "Y", "A")]))
    f.base = "tangential_triangle"


def base_square_point(f: Figure, rng: np.random.Generator) -> None:
    """Square ABCD by a point E on CD, DE and AE given (or DE and EC) and no side: Pythagoras (or the two parts)
    gives the side AD (CD), the square's own formula its area (its relation states the area by AB: a step more);
    a square by its side or perimeter has its area a step or two away, too little to ask."""
    if rng.random() < 0.5:
        de, ad, ae = _RIGHT_TRIANGLES[int(rng.integers(len(_RIGHT_TRIANGLES)))]
        given = [("D", de), ("A", ae)]  # (E's distance from D and from A)
    else:
        de, ec = (int(x) for x in rng.choice(LENGTHS, 2))
        ad = de + ec
        given = [("D", de), ("C", ec)]
    if not 0.15 * ad < de < 0.85 * ad:
        raise Retry("E too near a corner")
    a, b = np.zeros(2), np.array([float(ad), 0.0])
    d = np.array([0.0, float(ad)])
    f.at.update(A=a, B=b, C=b + d, D=d)
    f.polygons.append(("A", "B", "C", "D"))
    f.steps.append(Step("square", ("A", "B", "C", "D"), (), [_rel("square", "ABCD")], []))
    e = f.fresh()
    f.place(e, d + np.array([float(de), 0.0]))
    f.steps.append(Step("point_on", (e,), ("D", "C"), facts=[_fact(L(p, e), k) for p, k in given],
                        lines=[("D", e, "C"), ("A", e)]))
    f.base = "square"


BASES = {"triangle": base_triangle, "sss_triangle": base_sss_triangle,
         "right_triangle": base_right_triangle, "isosceles_triangle": base_isosceles,
         "equilateral_triangle": base_equilateral, "quadrilateral": base_parallelogram,
         "trapezoid": base_trapezoid, "circle": base_circle, "chords": base_chords, "kite": base_kite,
         "cyclic_quadrilateral": base_cyclic_quadrilateral, "sides_quadrilateral": base_sides_quadrilateral,
         "tangential_quadrilateral": base_tangential, "sides_trapezoid": base_sides_trapezoid,
         "rectangle_diagonals": base_rectangle_diagonals, "parallelogram_height": base_parallelogram_height,
         "right_altitude": base_right_altitude, "perpendicular_diagonals": base_perpendicular_diagonals,
         "crossing": base_crossing, "rhombus": lambda f, rng: base_parallelogram(f, rng, "rhombus"),
         "square": lambda f, rng: base_parallelogram(f, rng, "square"),
         "square_point": base_square_point, "tangential_triangle": base_tangential_triangle}


# -- constructions ----------------------------------------------------------------------------------


def _triangles(f: Figure) -> list[tuple[str, str, str]]:
    return [p for p in f.polygons if len(p) == 3]  # type: ignore[misc]


def _sides(f: Figure) -> list[tuple[str, str]]:
    """Sides of the figure's polygons (the segments a point can be put on)."""
    return [(p[i - 1], p[i]) for p in f.polygons for i in range(len(p))]


def _corners(f: Figure) -> list[tuple[str, str, str]]:
    """Each triangle's vertices as (V, A, B): a vertex and its two neighbours."""
    return [(t[i], t[i - 1], t[(i + 1) % 3]) for t in _triangles(f) for i in range(3)]


def _trapezoids(f: Figure) -> list[tuple[str, str, str, str]]:
    """Quadrilaterals ABCD of the base with AD parallel to BC (the legs AB and DC)."""
    return [p for p in f.polygons if len(p) == 4 and f.base in ("isosceles_trapezoid", "trapezoid", "parallelogram",
                                                                "rhombus", "rectangle", "square", "sides_quadrilateral")]


def _right_corners(f: Figure) -> list[tuple[str, str, str]]:
    """(V, A, B) of each triangle with a right angle at V."""
    return [(v, a, b) for v, a, b in _corners(f) if abs(pg.angle(f.at[a], f.at[v], f.at[b]) - 90) < 1e-9]


def _pick(rng: np.random.Generator, items: list):
    if not items:
        raise Retry("nothing to construct on")
    return items[int(rng.integers(len(items)))]


def c_midpoint(f: Figure, rng: np.random.Generator) -> None:
    a, b = _pick(rng, _sides(f))
    m = f.fresh()
    f.place(m, (f.at[a] + f.at[b]) / 2)
    f.steps.append(Step("midpoint", (m,), (a, b), [_rel("midpoint", m, a + b)], lines=[(a, m, b)]))


def c_point_on(f: Figure, rng: np.random.Generator) -> None:
    """A point on a side at a given round distance from one end."""
    a, b = _pick(rng, _sides(f))
    if rng.random() < 0.5:
        a, b = b, a
    d = pg.dist(f.at[a], f.at[b])
    choices = [k for k in range(1, int(d)) if 0.15 * d < k < 0.85 * d]
    k = _pick(rng, choices)
    p = f.fresh()
    f.place(p, f.at[a] + (f.at[b] - f.at[a]) * (k / d))
    f.steps.append(Step("point_on", (p,), (a, b), facts=[_fact(L(a, p), k)], lines=[(a, p, b)]))


def _foot_on_side(f: Figure, rng: np.random.Generator) -> tuple[str, str, str, np.ndarray]:
    v, a, b = _pick(rng, _corners(f))
    foot = pg.foot(f.at[v], f.at[a], f.at[b])
    t = float(np.dot(foot - f.at[a], f.at[b] - f.at[a])) / pg.dist(f.at[a], f.at[b]) ** 2
    if not 0.1 < t < 0.9:
        raise Retry("foot off the side")
    return v, a, b, foot


def c_midsegment(f: Figure, rng: np.random.Generator) -> None:
    """The segment joining the midpoints of two sides of a triangle."""
    v, a, b = _pick(rng, _corners(f))
    d = f.fresh()
    f.place(d, (f.at[v] + f.at[a]) / 2)
    e = f.fresh()
    f.place(e, (f.at[v] + f.at[b]) / 2)
    f.steps.append(Step("midsegment", (d, e), (v, a, b), [_rel("midsegment", d + e, v + a + b)],
                        lines=[(v, d, a), (v, e, b)]))


def c_altitude(f: Figure, rng: np.random.Generator) -> None:
    v, a, b, foot = _foot_on_side(f, rng)
    d = f.fresh()
    f.place(d, foot)
    f.steps.append(Step("altitude", (d,), (v, a, b), [_rel("altitude", v + d, v + a + b)], lines=[(a, d, b)]))


def c_foot(f: Figure, rng: np.random.Generator) -> None:
    """The foot D of the perpendicular from a vertex to the opposite side, stated as VD ⟂ AB (not as
    an altitude, whose block names the height: asked for the height, the proof says why VD is it)."""
    v, a, b, foot = _foot_on_side(f, rng)
    d = f.fresh()
    f.place(d, foot)
    f.steps.append(Step("foot", (d,), (v, a, b), [_rel("perpendicular_lines", v + d, a + b)],
                        lines=[(a, d, b), (v, d)]))


def _foot_inside(f: Figure, p: str, a: str, b: str) -> np.ndarray:
    """The foot of the perpendicular from p to side ab, where it falls well inside the side (a tenth of
    it from either end), else Retry: a foot at an end or beyond it draws no height a student can read."""
    foot = pg.foot(f.at[p], f.at[a], f.at[b])
    t = float(np.dot(foot - f.at[a], f.at[b] - f.at[a])) / pg.dist(f.at[a], f.at[b]) ** 2
    if not 0.1 < t < 0.9:
        raise Retry("foot off the side")
    return foot


def c_quad_height(f: Figure, rng: np.random.Generator) -> None:
    """The foot E of the perpendicular from a vertex of the base quadrilateral to a side it is not on,
    inside that side: a parallelogram's or trapezoid's drawn height (base times height for its area)."""
    quads = [p for p in f.polygons if len(p) == 4]
    if not quads:
        raise Retry("no quadrilateral")
    q = quads[0]
    v, a, b = _pick(rng, [(q[i], q[(i + j) % 4], q[(i + j + 1) % 4]) for i in range(4) for j in (1, 2)])
    foot = _foot_inside(f, v, a, b)
    e = f.fresh()
    f.place(e, foot)
    f.steps.append(Step("quadrilateral_height", (e,), (v, a, b), [_rel("perpendicular", v + e, a + e)],
                        lines=[(a, e, b), (v, e)]))


def c_cevian(f: Figure, rng: np.random.Generator) -> None:
    """A point D on side AB of a triangle VAB at a round distance from A, joined to V: Stewart's theorem
    gives VD from the triangle's sides, where they are known."""
    v, a, b = _pick(rng, _corners(f))
    pv, pa, pb, ab = f.at[v], f.at[a], f.at[b], pg.dist(f.at[a], f.at[b])
    k = _pick(rng, [k for k in range(1, int(ab)) if 0.2 * ab < k < 0.8 * ab and abs(k - ab / 2) > 1e-9
                    and prints(pg.dist(pv, pa + (pb - pa) * (k / ab)))])  # (VD's length one a textbook prints)
    d = f.fresh()
    f.place(d, f.at[a] + (f.at[b] - f.at[a]) * (k / ab))
    f.steps.append(Step("cevian", (d,), (v, a, b), facts=[_fact(L(a, d), k)], lines=[(a, d, b), (v, d)]))


def prints(x: float) -> bool:
    """``x`` is a length a textbook prints: a whole number, a simple fraction or a simple surd (the
    generator's answer rule, ``goals.textbook_answer``, on a float: √(p/q) = √(pq)/q)."""
    sq = Fraction(x * x).limit_denominator(3600)
    if x <= 0 or abs(float(sq) - x * x) > 1e-9 * x * x:
        return False
    n = sq.numerator * sq.denominator
    root = max(k for k in range(1, math.isqrt(n) + 1) if n % (k * k) == 0)
    coeff = Fraction(root, sq.denominator)
    return coeff.denominator <= 30 if n == root * root else n // (root * root) <= 150 and coeff.denominator <= 12


def _printed_first(f: Figure, corners: list[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    """The corners (V, A, B) whose median from V has a length a textbook prints, or all where none has
    (a triangle's whole sides give a median of √(2b² + 2c² - a²)/2: mostly a large radicand)."""
    def median(v: str, a: str, b: str) -> float:
        return pg.dist(f.at[v], (f.at[a] + f.at[b]) / 2)

    return [c for c in corners if prints(median(*c))] or corners


def c_median(f: Figure, rng: np.random.Generator) -> None:
    v, a, b = _pick(rng, _printed_first(f, _corners(f)))
    d = f.fresh()
    f.place(d, (f.at[a] + f.at[b]) / 2)
    f.steps.append(Step("median", (d,), (v, a, b), [_rel("median", v + d, v + a + b)], lines=[(a, d, b)]))


def c_bisector(f: Figure, rng: np.random.Generator) -> None:
    v, a, b = _pick(rng, _corners(f))
    la, lb = pg.dist(f.at[v], f.at[a]), pg.dist(f.at[v], f.at[b])
    p = f.at[a] + (f.at[b] - f.at[a]) * (la / (la + lb))  # the bisector theorem's point
    d = f.fresh()
    f.place(d, p)
    f.steps.append(Step("bisector", (d,), (v, a, b), [_rel("angle_bisector", v + d, a + v + b)], lines=[(a, d, b)]))


def c_equal_angles(f: Figure, rng: np.random.Generator) -> None:
    """The bisector VD of a triangle's angle stated by its two equal halves (angle AVD = angle DVB), not
    as a bisector: the bisector theorem then says why VD is one."""
    c_bisector(f, rng)
    st = f.steps[-1]
    (d,), (v, a, b) = st.new, st.uses
    f.steps[-1] = Step("equal_angles", st.new, st.uses, facts=[Equality(ang(a, v, d), ang(d, v, b))],
                       lines=[(a, d, b), (v, d)])


def c_external_bisector(f: Figure, rng: np.random.Generator) -> None:
    """The bisector AD of a triangle's exterior angle at A (between AC and BA extended past A to E),
    meeting BC extended past C at D, where BD/CD = AB/AC (the exterior angle bisector theorem); at a
    vertex whose two sides are whole numbers, so that BD and CD are values a textbook prints."""
    def whole(p: str, q: str) -> bool:
        return abs(pg.dist(f.at[p], f.at[q]) - round(pg.dist(f.at[p], f.at[q]))) < 1e-9

    v, b, c = _pick(rng, [(t[i], t[i - 1], t[(i + 1) % 3]) for t in _triangles(f) for i in range(3)
                          if whole(t[i], t[i - 1]) and whole(t[i], t[(i + 1) % 3])])  # a rational ratio AB : AC
    lb, lc = pg.dist(f.at[v], f.at[b]), pg.dist(f.at[v], f.at[c])
    if lb < lc:
        b, c, lb, lc = c, b, lc, lb
    if lb < 1.6 * lc:
        raise Retry("the exterior bisector meets the opposite side too far away")
    d = f.fresh()
    f.place(d, f.at[b] + (f.at[c] - f.at[b]) * (lb / (lb - lc)))  # external division of BC in AB : AC
    e = f.fresh()
    f.place(e, f.at[v] + (f.at[v] - f.at[b]) * 0.5)
    f.steps.append(Step("external_bisector", (d, e), (v, b, c), [_rel("angle_bisector", v + d, e + v + c)],
                        lines=[(b, d, c), (b, e, v)]))


def c_parallel(f: Figure, rng: np.random.Generator) -> None:
    """D on side VA at a round distance, E on VB with DE parallel to AB."""
    v, a, b = _pick(rng, _corners(f))
    va = pg.dist(f.at[v], f.at[a])
    k = _pick(rng, [k for k in range(1, int(va)) if 0.2 * va < k < 0.8 * va])
    s = k / va
    d = f.fresh()
    f.place(d, f.at[v] + (f.at[a] - f.at[v]) * s)
    e = f.fresh()
    f.place(e, f.at[v] + (f.at[b] - f.at[v]) * s)
    f.steps.append(Step("parallel", (d,), (v, a), facts=[_fact(L(v, d), k)], lines=[(v, d, a)]))
    f.steps.append(Step("parallel", (e,), (d, v, a, b), [_rel("parallel", d + e, a + b)], lines=[(v, e, b)],
                        follows=True))


def c_intersection(f: Figure, rng: np.random.Generator) -> None:
    """Where the diagonals of a quadrilateral meet."""
    quads = [p for p in f.polygons if len(p) == 4]
    a, b, c, d = _pick(rng, quads)
    p, q = f.at[a], f.at[c]
    r, s = f.at[b], f.at[d]
    den = pg.cross(q - p, s - r)
    if abs(den) < 1e-9:
        raise Retry("parallel diagonals")
    t = pg.cross(r - p, s - r) / den
    e = f.fresh()
    f.place(e, p + (q - p) * t)
    f.steps.append(Step("intersection", (e,), (a, b, c, d), [_rel("intersection", e, a + c, b + d)],
                        lines=[(a, e, c), (b, e, d)]))


def c_perpendicular(f: Figure, rng: np.random.Generator) -> None:
    """From a point on a side, the perpendicular foot on another side of the same triangle."""
    tri = _pick(rng, _triangles(f))
    on = [(ln, p) for ln in f.lines() for p in ln[1:-1] if ln[0] in tri and ln[-1] in tri]
    ln, p = _pick(rng, on)
    others = [(tri[i], tri[(i + 1) % 3]) for i in range(3) if {tri[i], tri[(i + 1) % 3]} != {ln[0], ln[-1]}]
    a, b = _pick(rng, others)
    foot = _foot_inside(f, p, a, b)
    q = f.fresh()
    f.place(q, foot)
    f.steps.append(Step("perpendicular", (q,), (p, a, b), [_rel("perpendicular", p + q, a + q)], lines=[(a, q, b)]))


def c_circumcircle(f: Figure, rng: np.random.Generator) -> None:
    if "O" in f.at or f.circles:
        raise Retry("one circle")
    a, b, c = _pick(rng, _triangles(f))
    o = _circumcentre(f.at[a], f.at[b], f.at[c])
    f.place("O", o)
    f.circles["O"] = [a, b, c]
    f.radii["O"] = pg.dist(o, f.at[a])
    f.steps.append(Step("circumcircle", ("O",), (a, b, c), [_rel("circumcentre", "O", a + b + c)]))


def c_tangent(f: Figure, rng: np.random.Generator) -> None:
    """A tangent to the circle at one of its points, to a point at a given round distance."""
    if not f.circles:
        raise Retry("no circle")
    a = _pick(rng, f.circles["O"])
    k = int(rng.choice(LENGTHS))
    u = f.at[a] - f.at["O"]
    tdir = np.array([-u[1], u[0]]) / np.linalg.norm(u) * (1 if rng.random() < 0.5 else -1)
    p = f.fresh()
    f.place(p, f.at[a] + tdir * k)
    f.polygons.append(("O", a, p))
    f.steps.append(Step("tangent", (p,), ("O", a), [_rel("tangent", p + a, "O")], [_fact(L(p, a), k)]))


def c_tangent_chord(f: Figure, rng: np.random.Generator) -> None:
    """The tangent PA at a vertex A of a triangle ABC inscribed in the circle, P on the far side of the chord AB
    from C: the tangent–chord angle PAB is the inscribed angle ACB (the alternate segment) and half the arc AB
    inside it; triangle PAB drawn, by PA given.  The text fixes the side P is on: stated ('P and C on opposite sides
    of line AB'), or half the time by the angle PAB given where it is whole (a tangent by its length alone leaves P
    on either side of A, and the two figures give PAB and its supplement).  Its chord is one whose inscribed angle
    ACB no fact gives, where the triangle has one (a given ACB makes PAB a step from it, too little to ask)."""
    if not f.circles:
        raise Retry("no circle")
    on = set(f.circles["O"])
    corners = [c for c in _corners(f) if set(c) <= on]
    given = {v for v, _, _ in _given_corners(f)}
    a, b, c = _pick(rng, [k for k in corners if k[2] not in given] or corners)
    o, pa, pb, pc = f.at["O"], f.at[a], f.at[b], f.at[c]
    u = (pa - o) / pg.dist(pa, o)
    t = np.array([-u[1], u[0]])
    if np.sign(pg.cross(pb - pa, t)) == np.sign(pg.cross(pb - pa, pc - pa)):
        t = -t  # (P away from C across AB)
    k = int(rng.choice(LENGTHS))
    p = f.fresh()
    f.place(p, pa + t * k)
    pab = pg.angle(f.at[p], pa, pb)
    rels, facts = [_rel("tangent", p + a, "O")], [_fact(L(p, a), k)]
    if rng.random() < 0.5 and abs(pab - round(pab)) < 1e-9:
        facts.append(_fact(ang(p, a, b), round(pab)))
    else:
        rels.append(_rel("opposite_sides", p, c, a + b))
    f.polygons.append((p, a, b))  # (triangle PAB: its side PB and its area from PA, AB and the angle between them)
    f.steps.append(Step("tangent_chord", (p,), ("O", a, b, c), rels, facts))


def c_diameter(f: Figure, rng: np.random.Generator) -> None:
    """The point opposite one of the circle's points, and a chord to another."""
    if not f.circles:
        raise Retry("no circle")
    pts = f.circles["O"]
    a = _pick(rng, pts)
    p = f.fresh()
    f.place(p, 2 * f.at["O"] - f.at[a])
    b = _pick(rng, [q for q in pts if q != a])
    f.circles["O"].append(p)
    f.polygons.append((a, b, p))
    f.steps.append(Step("diameter", (p,), ("O", a, b), [_rel("diameter", a + p, "O")], lines=[(a, "O", p)]))


def c_centroid(f: Figure, rng: np.random.Generator) -> None:
    """Two medians of a triangle, AD and BE, and G where they meet (its centroid); AD one whose length a
    textbook prints, where the triangle has one."""
    a, b, c = _pick(rng, _printed_first(f, [(t[i], t[(i + 1) % 3], t[(i + 2) % 3]) for t in _triangles(f)
                                            for i in range(3)]))
    d = f.fresh()
    f.place(d, (f.at[b] + f.at[c]) / 2)
    e = f.fresh()
    f.place(e, (f.at[c] + f.at[a]) / 2)
    g = f.fresh()
    f.place(g, (f.at[a] + f.at[b] + f.at[c]) / 3)
    f.steps.append(Step("centroid", (d,), (a, b, c), [_rel("median", a + d, a + b + c)], lines=[(b, d, c)]))
    f.steps.append(Step("centroid", (e,), (a, b, c), [_rel("median", b + e, b + c + a)], lines=[(c, e, a)],
                        follows=True))
    f.steps.append(Step("centroid", (g,), (a, b, d, e), [_rel("intersection", g, a + d, b + e)],
                        lines=[(a, g, d), (b, g, e)], follows=True))


def c_centroid_given(f: Figure, rng: np.random.Generator) -> None:
    """Two medians of a triangle, AD and BE, through G, stated to be its centroid (where ``centroid``
    says they meet: the centroid's property, not its judgement)."""
    c_centroid(f, rng)
    for i in (-3, -2, -1):
        f.steps[i].kind = "centroid_given"
    (g,), (a, b) = f.steps[-1].new, f.steps[-1].uses[:2]
    c = f.steps[-3].uses[2]
    f.steps[-1].relations = [_rel("centroid", g, a + b + c)]


def c_quad_midsegment(f: Figure, rng: np.random.Generator) -> None:
    """The segment joining the midpoints of the legs AB and DC of a quadrilateral with AD parallel to BC."""
    a, b, c, d = _pick(rng, _trapezoids(f))
    e = f.fresh()
    f.place(e, (f.at[a] + f.at[b]) / 2)
    g = f.fresh()
    f.place(g, (f.at[d] + f.at[c]) / 2)
    f.steps.append(Step("quadrilateral_midsegment", (e, g), (a, b, c, d),
                        [_rel("midsegment_quadrilateral", e + g, a + b + c + d)], lines=[(a, e, b), (d, g, c)]))


def c_tangent_pair(f: Figure, rng: np.random.Generator) -> None:
    """The two tangents PA and PB from a point P that sees the circle under a given angle APB, at one of
    its points A, with the radii OA and OB drawn: the angle at P and the central angle AOB add up to 180°."""
    if not f.circles:
        raise Retry("no circle")
    a = _pick(rng, f.circles["O"])
    theta = int(rng.choice([t for t in range(40, 125, 5) if t != 90]))  # (90: a square OAPB)
    o, r = f.at["O"], f.radii["O"]
    u = (f.at[a] - o) / r
    t = np.array([-u[1], u[0]]) * (1 if rng.random() < 0.5 else -1)
    p = f.fresh()
    f.place(p, f.at[a] + t * r / math.tan(math.radians(theta / 2)))
    b = f.fresh()
    w = (f.at[p] - o) / pg.dist(f.at[p], o)
    f.place(b, 2 * (o + w * float(np.dot(f.at[a] - o, w))) - f.at[a])  # (A reflected in OP)
    f.circles["O"].append(b)
    f.steps.append(Step("tangent_pair", (p, b), ("O", a), [_rel("tangent", p + a, "O"), _rel("tangent", p + b, "O")],
                        [_fact(ang(a, p, b), theta)], lines=[("O", a), ("O", b)]))


def c_second_tangent(f: Figure, rng: np.random.Generator) -> None:
    """From the far end P of a tangent PA, the other tangent PB to the circle (B: A reflected in OP)."""
    tangents = [(st.new[0], st.uses[1]) for st in f.steps if st.kind == "tangent"]
    p, a = _pick(rng, tangents)
    o, q = f.at["O"], f.at[p]
    u = (q - o) / np.linalg.norm(q - o)
    foot = o + u * float(np.dot(f.at[a] - o, u))
    b = f.fresh()
    f.place(b, 2 * foot - f.at[a])
    f.circles["O"].append(b)
    f.polygons.append(("O", b, p))
    f.steps.append(Step("second_tangent", (b,), ("O", a, p), [_rel("tangent", p + b, "O")]))


def c_arc_midpoint(f: Figure, rng: np.random.Generator) -> None:
    """The midpoint M of the arc AB that a triangle VAB inscribed in the circle does not reach, joined to
    V: the chord VM bisects the angle AVB (the arcs AM and MB are equal)."""
    if not f.circles:
        raise Retry("no circle")
    on = set(f.circles["O"])
    v, a, b = _pick(rng, [c for c in _corners(f) if set(c) <= on])
    o = f.at["O"]

    def turn(p: str) -> float:
        return math.degrees(math.atan2(*(f.at[p] - o)[::-1]))

    if (turn(v) - turn(a)) % 360 < (turn(b) - turn(a)) % 360:
        a, b = b, a  # (arc OAB runs counter-clockwise from A to B: the one without V)
    m = f.fresh()
    f.place(m, o + f.radii["O"] * _unit(turn(a) + ((turn(b) - turn(a)) % 360) / 2))
    f.circles["O"].append(m)
    f.steps.append(Step("arc_midpoint", (m,), ("O", v, a, b), [_rel("arc_midpoint", m, "O" + a + b)],
                        lines=[(v, m)]))


def c_chords(f: Figure, rng: np.random.Generator) -> None:
    """Four points of the circle taken in order round it as a cyclic quadrilateral, and E where its
    diagonals (two chords) meet: the power of a point and Ptolemy's theorem."""
    if not f.circles or len(f.circles["O"]) < 4:
        raise Retry("fewer than four points on the circle")
    o = f.at["O"]
    ring = sorted(f.circles["O"], key=lambda n: float(np.arctan2(*(f.at[n] - o)[::-1])))
    start = int(rng.integers(len(ring)))
    a, b, c, d = (ring[(start + i) % len(ring)] for i in range(4)) if len(ring) == 4 else \
        sorted(_pick(rng, [q for q in itertools.combinations(ring, 4)]), key=ring.index)
    if any(set(p) == {a, b, c, d} for p in f.polygons):
        raise Retry("the quadrilateral is drawn already")
    p, q, r, s = f.at[a], f.at[c], f.at[b], f.at[d]
    den = pg.cross(q - p, s - r)
    if abs(den) < 1e-9:
        raise Retry("parallel chords")
    e = f.fresh()
    f.place(e, p + (q - p) * (pg.cross(r - p, s - r) / den))
    f.polygons.append((a, b, c, d))
    f.steps.append(Step("chords", (e,), ("O", a, b, c, d), [_rel("intersection", e, a + c, b + d)],
                        lines=[(a, e, c), (b, e, d)]))


def c_midpoints(f: Figure, rng: np.random.Generator) -> None:
    """The midpoints D and E of two sides VA and VB of a triangle, joined: each stated as a midpoint, or
    by its equal halves (the midsegment theorem proves DE = AB/2, where the midsegment block would state it)."""
    v, a, b = _pick(rng, _corners(f))
    d = f.fresh()
    f.place(d, (f.at[v] + f.at[a]) / 2)
    e = f.fresh()
    f.place(e, (f.at[v] + f.at[b]) / 2)
    if rng.random() < 0.5:
        f.steps.append(Step("midpoints", (d,), (v, a), [_rel("midpoint", d, v + a)], lines=[(v, d, a)]))
        f.steps.append(Step("midpoints", (e,), (v, b, d), [_rel("midpoint", e, v + b)], lines=[(v, e, b), (d, e)],
                            follows=True))
        return
    # (or each by its two equal halves, VD = DA: the midsegment's judgement says why DE is one)
    f.steps.append(Step("midpoints", (d,), (v, a), facts=[Equality(L(v, d), L(d, a))], lines=[(v, d, a)]))
    f.steps.append(Step("midpoints", (e,), (v, b, d), facts=[Equality(L(v, e), L(e, b))], lines=[(v, e, b), (d, e)],
                        follows=True))


def c_midpoint_parallel(f: Figure, rng: np.random.Generator) -> None:
    """Through the midpoint D of side VA, the parallel to AB meeting VB at E (a midsegment by its
    judgement: E is the midpoint of VB and DE = AB/2)."""
    v, a, b = _pick(rng, _corners(f))
    d = f.fresh()
    f.place(d, (f.at[v] + f.at[a]) / 2)
    e = f.fresh()
    f.place(e, (f.at[v] + f.at[b]) / 2)
    f.steps.append(Step("midpoint_parallel", (d,), (v, a), [_rel("midpoint", d, v + a)], lines=[(v, d, a)]))
    f.steps.append(Step("midpoint_parallel", (e,), (d, v, a, b), [_rel("parallel", d + e, a + b)],
                        lines=[(v, e, b)], follows=True))


def c_quad_midpoints(f: Figure, rng: np.random.Generator) -> None:
    """The midpoints E of leg AB and G of leg DC of a trapezoid (or parallelogram), joined, or E and
    the parallel to the bases through it meeting DC at G: the midsegment by its judgement."""
    a, b, c, d = _pick(rng, _trapezoids(f))
    e = f.fresh()
    f.place(e, (f.at[a] + f.at[b]) / 2)
    g = f.fresh()
    f.place(g, (f.at[d] + f.at[c]) / 2)
    second = _rel("midpoint", g, d + c) if rng.random() < 0.5 else _rel("parallel", e + g, b + c)
    f.steps.append(Step("quadrilateral_midpoints", (e,), (a, b), [_rel("midpoint", e, a + b)], lines=[(a, e, b)]))
    f.steps.append(Step("quadrilateral_midpoints", (g,), (e, a, b, c, d), [second], lines=[(d, g, c), (e, g)],
                        follows=True))


def c_projections(f: Figure, rng: np.random.Generator) -> None:
    """From a point D on side AB of triangle VAB at a round distance, the parallels to VB and VA
    meeting VA at E and VB at F: quadrilateral VEDF, a parallelogram by its parallel sides (a
    rectangle by its right angles, as the feet of perpendiculars, where the angle at V is right)."""
    v, a, b = _pick(rng, _corners(f))
    ab = pg.dist(f.at[a], f.at[b])
    k = _pick(rng, [k for k in range(1, int(ab)) if 0.25 * ab < k < 0.75 * ab])
    d = f.fresh()
    f.place(d, f.at[a] + (f.at[b] - f.at[a]) * (k / ab))
    e = f.fresh()
    f.place(e, f.at[v] + (f.at[a] - f.at[v]) * (1 - k / ab))
    g = f.fresh()
    f.place(g, f.at[v] + (f.at[b] - f.at[v]) * (k / ab))
    if (v, a, b) in _right_corners(f):
        rels = [_rel("perpendicular", d + e, v + e), _rel("perpendicular", d + g, v + g)]
    else:
        rels = [_rel("parallel", e + d, v + b), _rel("parallel", g + d, v + a)]
    f.polygons.append((v, e, d, g))
    f.steps.append(Step("projections", (d,), (a, b), facts=[_fact(L(a, d), k)], lines=[(a, d, b)]))
    f.steps.append(Step("projections", (e, g), (d, v, a, b), rels, lines=[(v, e, a), (v, g, b)], follows=True))


def c_chord_foot(f: Figure, rng: np.random.Generator) -> None:
    """The foot M of the perpendicular from the centre to a chord AB, and (half the time) the point D
    where OM meets the circle again: the chord's distance from the centre, its halves and its arcs."""
    if not f.circles:
        raise Retry("no circle")
    on = set(f.circles["O"])
    a, b = _pick(rng, [(p, q) for p, q in _sides(f) if p in on and q in on and p != "O" and q != "O"])
    foot = (f.at[a] + f.at[b]) / 2
    m = f.fresh()
    f.place(m, foot)
    f.steps.append(Step("chord_foot", (m,), ("O", a, b), [_rel("perpendicular", "O" + m, a + m)],
                        lines=[(a, m, b), ("O", m)]))
    if rng.random() < 0.5:
        u = foot - f.at["O"]
        dd = f.fresh()
        f.place(dd, f.at["O"] + u / np.linalg.norm(u) * f.radii["O"])
        f.circles["O"].append(dd)
        f.steps.append(Step("chord_foot", (dd,), ("O", m), lines=[("O", m, dd)], follows=True))


def c_equal_chord(f: Figure, rng: np.random.Generator) -> None:
    """A chord CD equal to a side AB of the figure that is a chord, from a point C of the circle, stated
    (AB = CD): equal chords cut equal arcs, so CD's arc, central angle and inscribed angles are AB's."""
    if not f.circles:
        raise Retry("no circle")
    o, on = f.at["O"], [q for q in f.circles["O"] if q != "O"]
    a, b = _pick(rng, [(p, q) for p, q in _sides(f) if p in on and q in on])
    c = _pick(rng, [q for q in on if q not in (a, b)])
    u, w = f.at[a] - o, f.at[b] - o
    turn = math.atan2(u[0] * w[1] - u[1] * w[0], float(np.dot(u, w)))  # the signed central angle AOB
    d = f.fresh()
    for sign in ((1, -1) if rng.random() < 0.5 else (-1, 1)):
        t = sign * turn
        rot = np.array([[math.cos(t), -math.sin(t)], [math.sin(t), math.cos(t)]])
        try:
            f.place(d, o + rot @ (f.at[c] - o))
            break
        except Retry:
            continue
    else:
        raise Retry("the equal chord falls on a point")
    f.circles["O"].append(d)
    f.steps.append(Step("equal_chord", (d,), ("O", a, b, c), facts=[Equality(L(c, d), L(a, b))], lines=[(c, d)]))


def c_secant(f: Figure, rng: np.random.Generator) -> None:
    """From the far end P of a tangent PA, a secant meeting the circle at C and then D, by PC (a whole
    number under PA: PD = PA²/PC, the power of the point)."""
    tangents = [(st.new[0], st.uses[1]) for st in f.steps if st.kind == "tangent"]
    p, a = _pick(rng, tangents)
    o, q = f.at["O"], f.at[p]
    po, pa = pg.dist(o, q), pg.dist(q, f.at[a])
    c = _pick(rng, [c for c in range(1, int(pa)) if (c + pa * pa / c) / (2 * po) < 0.97 and c > 0.25 * pa])
    phi = math.acos((c + pa * pa / c) / (2 * po)) * (1 if rng.random() < 0.5 else -1)
    u = (o - q) / po
    u = np.array([u[0] * math.cos(phi) - u[1] * math.sin(phi), u[0] * math.sin(phi) + u[1] * math.cos(phi)])
    near = f.fresh()
    f.place(near, q + u * c)
    far = f.fresh()
    f.place(far, q + u * (pa * pa / c))
    f.circles["O"] += [near, far]
    f.steps.append(Step("secant", (near, far), ("O", a, p), facts=[_fact(L(p, near), c)], lines=[(p, near, far)]))


def _given_corners(f: Figure) -> list[tuple[str, str, str]]:
    """(V, A, B) of each triangle whose angle AVB a given fact names (either way round)."""
    named = {(el.points[1], frozenset((el.points[0], el.points[2]))) for st in f.steps for fact in st.facts
             for sym in fact.lhs.free_symbols if (el := element_of(sym)) is not None and el.kind.key == "angle"}
    return [(v, a, b) for v, a, b in _corners(f) if (v, frozenset((a, b))) in named]


def c_extension(f: Figure, rng: np.random.Generator) -> None:
    """Side AV of a triangle extended past V to D with VD = VB, at a vertex V whose angle AVB is given:
    the given angle is the exterior angle of the isosceles triangle VBD, twice its base angle VDB."""
    v, a, b = _pick(rng, _given_corners(f))
    u = (f.at[v] - f.at[a]) / pg.dist(f.at[v], f.at[a])
    d = f.fresh()
    f.place(d, f.at[v] + u * pg.dist(f.at[v], f.at[b]))
    f.steps.append(Step("extension", (d,), (v, a, b), facts=[Equality(L(v, d), L(v, b))],
                        lines=[(a, v, d), (b, d)]))


CONSTRUCTIONS = {"midpoint": c_midpoint, "midsegment": c_midsegment, "point_on": c_point_on,
                 "altitude": c_altitude, "median": c_median,
                 "bisector": c_bisector, "parallel": c_parallel, "intersection": c_intersection,
                 "perpendicular": c_perpendicular, "circumcircle": c_circumcircle, "tangent": c_tangent,
                 "diameter": c_diameter, "centroid": c_centroid, "quadrilateral_midsegment": c_quad_midsegment,
                 "second_tangent": c_second_tangent, "chords": c_chords,
                 "external_bisector": c_external_bisector, "midpoints": c_midpoints,
                 "midpoint_parallel": c_midpoint_parallel, "quadrilateral_midpoints": c_quad_midpoints,
                 "projections": c_projections, "chord_foot": c_chord_foot, "secant": c_secant,
                 "foot": c_foot, "equal_angles": c_equal_angles, "centroid_given": c_centroid_given,
                 "extension": c_extension, "quadrilateral_height": c_quad_height, "cevian": c_cevian,
                 "arc_midpoint": c_arc_midpoint, "tangent_pair": c_tangent_pair, "equal_chord": c_equal_chord,
                 "tangent_chord": c_tangent_chord}
CIRCLE_BASES = ("circle", "chords", "cyclic_quadrilateral", "tangential_quadrilateral", "tangential_triangle")
CIRCLE_KINDS = ("circumcircle", "tangent", "diameter", "second_tangent", "chords", "chord_foot", "secant",
                "arc_midpoint", "tangent_pair", "equal_chord", "tangent_chord")
# how often each is drawn: the kinds whose theorem families a uniform draw left rare are drawn more
# (bench/textbook_coverage.py shows the families a set reaches)
# (bases are weighted against how many problems each gives: an isosceles triangle or trapezoid gives
# several a construction, a scalene triangle or a parallelogram few, so a set read by its records
# repeats the former's templates unless they are drawn less)
BASE_WEIGHTS = {"triangle": 1.4, "sss_triangle": 0.8, "right_triangle": 0.8, "isosceles_triangle": 0.5,
                "equilateral_triangle": 0.6, "quadrilateral": 1.6, "trapezoid": 0.7, "circle": 2.0, "chords": 0.8,
                "kite": 0.5, "cyclic_quadrilateral": 0.4, "sides_quadrilateral": 0.4, "tangential_quadrilateral": 0.4,
                "sides_trapezoid": 0.5, "rectangle_diagonals": 0.3, "parallelogram_height": 0.4, "right_altitude": 0.4, "perpendicular_diagonals": 0.3,
                "crossing": 0.3, "rhombus": 0.0, "square": 0.0, "square_point": 0.0,
                "tangential_triangle": 0.0}  # (a rhombus, a square, a triangle about its circle: drawn by a recipe)
CONSTRUCTION_WEIGHTS = {"midpoint": 1.0, "midsegment": 1.0, "point_on": 0.7, "altitude": 1.0, "median": 1.0,
                        "bisector": 1.0, "parallel": 1.0, "intersection": 1.5, "perpendicular": 0.8,
                        "circumcircle": 1.3, "tangent": 1.6, "diameter": 1.6, "centroid": 0.8,
                        "quadrilateral_midsegment": 1.5, "second_tangent": 2.0, "chords": 3.0,
                        "external_bisector": 0.8, "midpoints": 0.6, "midpoint_parallel": 0.6,
                        "quadrilateral_midpoints": 1.2, "projections": 0.8, "chord_foot": 1.5, "secant": 2.0,
                        "foot": 0.6, "equal_angles": 0.5, "centroid_given": 0.5, "extension": 0.8,
                        "quadrilateral_height": 0.8, "cevian": 0.6, "arc_midpoint": 0.8, "tangent_pair": 0.6,
                        "equal_chord": 0.5,
                        "tangent_chord": 0.0}  # (drawn by a recipe, ``targets``: a natural tangent is by its length)


def _draw(rng: np.random.Generator, names: list[str], weights: dict[str, float]) -> str:
    w = np.array([weights[n] for n in names])
    return names[int(rng.choice(len(names), p=w / w.sum()))]


def sample(rng: np.random.Generator, circles: bool | None, max_points: int, steps: int,
           start: tuple[str, tuple[str, ...]] | None = None) -> Figure:
    """A random construction program of ``steps`` constructions after a base shape (draws again on
    a degenerate figure); with ``start`` (a base and constructions, ``targets.TARGETS``' recipe), the
    program begins with those, and random constructions follow."""
    for _ in range(200):
        f = Figure()
        bases = [b for b in BASES if circles is None or (b in CIRCLE_BASES) == circles]
        if circles:
            bases = [*CIRCLE_BASES, "triangle", "right_triangle", "isosceles_triangle", "equilateral_triangle"]
        try:
            if start is None:
                BASES[_draw(rng, bases, BASE_WEIGHTS)](f, rng)
            else:
                BASES[start[0]](f, rng)
                for kind in start[1]:
                    CONSTRUCTIONS[kind](f, rng)
                if len(f.at) > max_points:
                    raise Retry("the recipe has too many points")
            if (why := f.misdrawn()) is not None:
                raise Retry(why)
            kinds = [k for k in CONSTRUCTIONS if circles is not False or k not in CIRCLE_KINDS]
            tries = 0
            while sum(not st.follows for st in f.steps) - 1 < steps and tries < 30:
                tries += 1
                if circles and not f.circles:
                    kind = "circumcircle"
                else:
                    kind = _draw(rng, kinds, CONSTRUCTION_WEIGHTS)
                before, radii = dict(f.at), dict(f.radii)
                n_steps, n_polys, circ = len(f.steps), len(f.polygons), {k: list(v) for k, v in f.circles.items()}
                try:
                    CONSTRUCTIONS[kind](f, rng)
                    if (why := f.misdrawn()) is not None:
                        raise Retry(why)
                except Retry:
                    f.at, f.polygons, f.circles, f.radii = before, f.polygons[:n_polys], circ, radii
                    del f.steps[n_steps:]
                    continue
                if len(f.at) > max_points:  # (a circle taken back with its radius: a renaming renames every radius)
                    f.at, f.polygons, f.circles, f.radii = before, f.polygons[:n_polys], circ, radii
                    del f.steps[n_steps:]
                    break
        except Retry:
            continue
        if circles and not f.circles:
            continue
        return f
    raise Retry("no figure after 200 draws")


def relation_ok(rel: RelationDecl, at: dict[str, np.ndarray]) -> bool:
    """The block's coordinate conditions hold on the figure (a self-check of every construction)."""
    return all(abs(r) < 1e-7 for r in BLOCKS_BY_KEY[rel.key].residuals(rel.args, at))
