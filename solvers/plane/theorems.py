"""Theorem families of plane geometry: what each concludes, on which configurations, in which words.

A :class:`Family` is data: its key (FormalGeo's theorem name where one matches, so that a proof
step can be compared with FormalGeo's annotated sequences), the sentence a proof step says, and
whether its premises are configuration only (read off the figure: ``construction``) or include
metric facts that must be PROVEN first (``judgement``: isosceles from equal sides, similar by AA,
Pythagoras on an angle proven right …).  The construction families are declarative blocks
(``theorem_blocks.py``: premises, conclusions, sentence, construction) that one matcher
(``patterns.py``) binds on a :class:`~.configuration.Configuration`; each judgement has an instance
generator.  Both yield :class:`Instance`\\ s: the points it is about and its conclusion as one
equation between element symbols.  A judgement generator also gets ``proven(lhs, rhs)``, the
deduction's test of a metric premise; it never reads a metric premise off the model (it may use the
model only to pick candidates).

Every instance is an equation that holds on every figure with the configuration: the property
tests (``tests/test_plane_solver.py``, ``tests/test_plane_blocks.py``) measure both sides on
models with independent coordinate geometry.
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import sympy
from geomill.engine import plane_geometry as pg
from geomill.engine.plane import element_symbol
from geomill.engine.relations import BLOCKS_BY_KEY, arc

from .configuration import Configuration
from .patterns import Index, Theorem
from .theorem_blocks import MAX_POLYGON, THEOREMS, polygon_blocks

PI = sympy.pi
Proven = Callable[[sympy.Expr, sympy.Expr], bool]


@dataclass(frozen=True)
class Family:
    key: str
    sentence: str  # ``{0}``, ``{1}``: the instance's point names
    kind: str = "construction"  # or "judgement"
    direct: bool = False  # the block's (patterns.Theorem.direct)


@dataclass(frozen=True)
class Instance:
    family: Family
    names: tuple[str, ...]
    lhs: sympy.Expr
    rhs: sympy.Expr
    premises: tuple = ()  # (lhs, rhs) metric premises a judgement needed proven

    @property
    def text(self) -> str:
        return self.family.sentence.format(*self.names)

    @property
    def expr(self) -> sympy.Expr:
        return self.lhs - self.rhs


# the families still written as generators (the rest are blocks: ``theorem_blocks.py``), by the key
# their instances name
F = {f.key: f for f in (
    Family("given", "given"),
    Family("relation", "since {0}"),
    Family("circle_property_circular_power_segment_and_segment_angle",
           "since the angle at {0} between two lines that meet circle {1} outside it is half the difference of the "
           "arcs they cut off"),
    Family("polygon_property_angle_sum", "by the angle sum of polygon {0}"),
)}


# two chords crossing inside the circle: the same theorem, the other half of its statement
CHORDS_ANGLE = Family("circle_property_circular_power_segment_and_segment_angle",
                      "since the angle at {0} between two chords of circle {1} crossing inside it is half the sum of "
                      "the arcs it and its vertical angle cut off")


def inst(key: str, names: tuple[str, ...] | list[str], lhs: sympy.Expr, rhs: sympy.Expr,
         premises: tuple = (), family: Family | None = None) -> Instance:
    def expr(e) -> sympy.Expr:  # an expression or a number built here, never text
        return sympy.sympify(e, strict=True)
    return Instance(family or F[key], tuple(names), expr(lhs), expr(rhs),
                    tuple((expr(a), expr(b)) for a, b in premises))


def area(pts: str | tuple[str, ...]) -> sympy.Symbol:
    return element_symbol("area", tuple(pts))


def perimeter(pts: str | tuple[str, ...]) -> sympy.Symbol:
    return element_symbol("perimeter", tuple(pts))


def ang(cfg: Configuration, a: str, v: str, c: str) -> sympy.Expr:
    atom = cfg.angle(a, v, c)
    return atom if atom is not None else element_symbol("angle", (a, v, c))


# -- configuration families ----------------------------------------------------------------------


def givens(cfg: Configuration) -> Iterator[Instance]:
    for f in cfg.problem.facts:
        yield inst("given", (), f.lhs, f.rhs)
    for rel in cfg.problem.relations:
        block = BLOCKS_BY_KEY[rel.key]
        for lhs, rhs in block.instantiate(rel.args):
            yield inst("relation", (block.state(rel.args),), lhs, rhs)


def _polygons(cfg: Configuration) -> list[tuple[str, ...]]:
    """Declared polygons, those of kind lines, and those a fact or the goal measures."""
    return [p for ps in Index(cfg).polygons.values() for p in ps]


def cfg_parallels(cfg: Configuration) -> dict[tuple[int, int], tuple[str, str]]:
    """Pairs of lines given parallel (by a relation, a kind of quadrilateral or a midsegment),
    closed under transitivity, each with the two segments that say so (``patterns.Index.parallels``)."""
    return {ij: ("".join(ab), "".join(cd)) for ij, (ab, cd) in Index(cfg).parallels.items()}


_FAMILIES: dict[tuple[int, str], Family] = {}


def family(t: Theorem, key: str) -> Family:
    """A block's family (one per block and theorem key: two blocks of one theorem may say it in
    other words)."""
    got = _FAMILIES.get((id(t), key))
    if got is None:
        got = _FAMILIES[(id(t), key)] = Family(key, t.sentence, t.kind, t.direct)
    return got


def registry() -> dict[str, Family]:
    """Every family the solver knows, by theorem key: the blocks' (the first block of a key), then the
    generators'."""
    out = {t.key: family(t, t.key) for t in reversed(THEOREMS)}
    return {**out, **{f.key: f for f in F.values() if f.key not in out}}


def construction_instances(cfg: Configuration, ix: Index | None = None) -> Iterator[Instance]:
    """The givens, then every construction block's instances (by the matcher), then the remaining
    generators'."""
    yield from givens(cfg)
    ix = ix or Index(cfg)
    larger = tuple(t for n in sorted(ix.polygons) if n > MAX_POLYGON for t in polygon_blocks(n))
    for t in THEOREMS + larger:
        if t.kind != "construction":
            continue
        for f in t.instances(ix):
            yield Instance(family(t, f.key), f.names, f.lhs, f.rhs)


# -- judgements: candidates from the model, premises from the tables ----------------------------------


def judgements(cfg: Configuration, proven: Proven, ix: Index | None = None,
               done: set[tuple[int, int]] | None = None) -> Iterator[Instance]:
    """Every judgement block's instances whose proven premises the tables prove (``ix``: the
    configuration's index, kept from round to round; ``done``: the instances an earlier round gave,
    not given again), then the remaining generators'."""
    if ix is None:
        ix = Index(cfg, proven)
    ix.proven = proven
    for t in THEOREMS:
        if t.kind == "judgement":
            for f in t.instances(ix, done):
                yield Instance(family(t, f.key), f.names, f.lhs, f.rhs, f.premises)


def more_constructions(cfg: Configuration) -> Iterator[Instance]:
    yield from circle_angles(cfg)
    yield from concave_angle_sums(cfg)


def concave_angle_sums(cfg: Configuration) -> Iterator[Instance]:
    """The angle sum of a simple polygon that is not convex: a reflex corner counts 360 less its atom."""
    for poly in _polygons(cfg):
        n = len(poly)
        if n < 4 or cfg.convex(poly) or pg.crosses_itself([cfg.at[q] for q in poly]):
            continue
        pts = [cfg.at[q] for q in poly]
        turn = pg.signed_area(pts)
        total, const = sympy.Integer(0), 0
        for i in range(n):
            t = pg.cross(pts[i] - pts[i - 1], pts[(i + 1) % n] - pts[i])
            if abs(t) < 1e-9 * cfg.model.size() ** 2:
                break  # a straight corner: not a polygon's vertex
            atom = ang(cfg, poly[i - 1], poly[i], poly[(i + 1) % n])
            if (t > 0) == (turn > 0):
                total += atom
            else:
                total, const = total - atom, const - 360
        else:
            yield inst("polygon_property_angle_sum", ("".join(poly),), total, 180 * (n - 2) + const)


def _arc_between(cfg: Configuration, o: str, x: str, y: str, avoid: tuple[str, ...], p: str, far: bool
                 ) -> sympy.Symbol:
    """The arc of circle o from x to y (counter-clockwise, as arcs are named) that holds none of
    ``avoid``; when both arcs do (or neither), the one whose middle is farther from p (``far``) or nearer."""
    at = cfg.at
    s = pg.sweep(at[o], at[x], at[y])
    avoid = tuple(z for z in avoid if z not in (x, y))
    inside = [pg.sweep(at[o], at[x], at[z]) < s for z in avoid]
    if avoid and all(inside):
        return arc(o + y + x)
    if avoid and not any(inside):
        return arc(o + x + y)
    ux = at[x] - at[o]
    t = math.radians(s / 2)
    mid = at[o] + ux * math.cos(t) + ux[::-1] * (-1, 1) * math.sin(t)  # x turned half the sweep about o
    other = at[o] - (mid - at[o])
    ccw_far = pg.dist(mid, at[p]) > pg.dist(other, at[p])
    return arc(o + x + y) if ccw_far == far else arc(o + y + x)


def circle_angles(cfg: Configuration) -> Iterator[Instance]:
    """The angle two secants (or tangents) from a point outside a circle make is half the difference
    of the arcs they cut off; two chords crossing inside, half their sum."""
    tangent_feet: dict[tuple[str, str], set[str]] = {}
    for rel in cfg.problem.relations:
        if rel.key == "tangent":
            (p, a), (o,) = rel.args
            tangent_feet.setdefault((p, o), set()).add(a)
    at = cfg.at
    for c in cfg.problem.circles:
        o, on = c.centre, set(c.points)
        r = cfg.model.radius(o) if o in cfg.model.radii else pg.dist(at[o], at[c.points[0]])
        for p in cfg.problem.points:
            if p == o or p in on:
                continue
            inside = pg.dist(at[p], at[o]) < r
            cuts = []  # (ray from p to the near point, near point, far point)
            for i in cfg.lines_at[p]:
                hit = [q for q in cfg.lines[i].points if q in on]
                if len(hit) == 2:
                    n, f = sorted(hit, key=lambda q: pg.dist(at[p], at[q]))
                    if inside:
                        if cfg.between(p, n, f):
                            cuts.append((n, f))
                    elif not cfg.between(p, n, f):
                        cuts.append((n, f))
                elif len(hit) == 1 and not inside and hit[0] in tangent_feet.get((p, o), ()):
                    cuts.append((hit[0], hit[0]))
            for (n1, f1), (n2, f2) in itertools.combinations(cuts, 2):
                if inside:
                    for x1, y1 in ((n1, f1), (f1, n1)):  # angle x1 p x2 faces arcs x1x2 and y1y2
                        angle = cfg.angle(x1, p, n2)
                        if angle is None or not angle.free_symbols:
                            continue
                        near = _arc_between(cfg, o, x1, n2, (y1, f2), p, False)
                        far = _arc_between(cfg, o, y1, f2, (x1, n2), p, False)
                        yield inst("circle_property_circular_power_segment_and_segment_angle", (p, o), 2 * angle,
                                   near + far, family=CHORDS_ANGLE)
                    continue
                angle = cfg.angle(n1, p, n2)
                if angle is None or not angle.free_symbols or len({n1, f1, n2, f2}) < 3:
                    continue
                far = _arc_between(cfg, o, f1, f2, (n1, n2), p, True)
                near = _arc_between(cfg, o, n1, n2, (f1, f2), p, False)
                yield inst("circle_property_circular_power_segment_and_segment_angle", (p, o), 2 * angle, far - near)
