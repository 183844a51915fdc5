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
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import sympy
from geomill.engine import plane_geometry as pg
from geomill.engine.plane import element_symbol
from geomill.engine.relations import BLOCKS_BY_KEY, L

from .configuration import Configuration
from .patterns import Index
from .theorem_blocks import MAX_POLYGON, THEOREMS, polygon_blocks

PI = sympy.pi
Proven = Callable[[sympy.Expr, sympy.Expr], bool]


@dataclass(frozen=True)
class Family:
    key: str
    sentence: str  # ``{0}``, ``{1}``: the instance's point names
    kind: str = "construction"  # or "judgement"


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


F = {f.key: f for f in (
    Family("given", "given"),
    Family("relation", "since {0}"),
    Family("triangle_area_formula_common", "by the area of triangle {0} from its base {1} and height {2}", "judgement"),
    Family("right_triangle_property_pythagorean", "by Pythagoras in the right triangle {0}", "judgement"),
    Family("isosceles_triangle_property_angle_equal", "since triangle {0} is isosceles with {1} = {2}", "judgement"),
    Family("isosceles_triangle_judge_angle_equal", "since triangle {0} has equal angles at {1} and {2}", "judgement"),
    Family("similar_triangle_property_line_ratio", "since {0} and {1} are similar", "judgement"),
    Family("similar_triangle_property_area_square_ratio", "since {0} and {1} are similar", "judgement"),
    Family("similar_triangle_property_perimeter_ratio", "since {0} and {1} are similar", "judgement"),
    Family("congruent_triangle_property_line_equal", "since triangles {0} and {1} are congruent", "judgement"),
    Family("circle_property_chord_perpendicular_bisect_chord",
           "since the perpendicular {0} from the centre bisects the chord {1}", "judgement"),
    Family("parallel_judge_angle", "since the angles at {0} and {1} are equal, {2} is parallel to {3}", "judgement"),
    Family("right_angle_property", "since {0} is a right angle", "judgement"),
    Family("trapezoid_area_formula", "by the area of {0} from its parallel sides and the height {1}", "judgement"),
    Family("right_triangle_property_length_of_median",
           "since {0} is the median to the hypotenuse of the right triangle {1}",
           "judgement"),
)}


def inst(key: str, names: tuple[str, ...] | list[str], lhs: sympy.Expr, rhs: sympy.Expr,
         premises: tuple = ()) -> Instance:
    def expr(e) -> sympy.Expr:  # an expression or a number built here, never text
        return sympy.sympify(e, strict=True)
    return Instance(F[key], tuple(names), expr(lhs), expr(rhs), tuple((expr(a), expr(b)) for a, b in premises))


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


def similarity_relations(cfg: Configuration) -> Iterator[Instance]:
    """Sides, perimeters and areas of polygons the problem states similar or congruent (the
    judgement's own ratios, ``similar_ratios``)."""
    for rel in cfg.problem.relations:
        if rel.key.startswith(("similar_", "mirror_similar_", "congruent_", "mirror_congruent_")):
            a, b = rel.args
            yield from similar_ratios(a, b, ("".join(a), "".join(b)))


CONSTRUCTION: tuple[Callable[[Configuration], Iterator[Instance]], ...] = (
    similarity_relations,)  # a relation's similarity ratios: the judgements' similar_ratios
F["circle_power"] = Family("circle_property_circular_power", "by the power of the point {0} with respect to circle {1}")
for _t in THEOREMS:  # the block families: their sentence is the block's
    F.setdefault(_t.key, Family(_t.key, _t.sentence, _t.kind))


def construction_instances(cfg: Configuration) -> Iterator[Instance]:
    """The givens, then every block's instances (by the matcher), then the remaining generators'."""
    yield from givens(cfg)
    ix = Index(cfg)
    larger = tuple(t for n in sorted(ix.polygons) if n > MAX_POLYGON for t in polygon_blocks(n))
    for t in THEOREMS + larger:
        fam = F[t.key]
        for names, lhs, rhs in t.instances(ix):
            yield Instance(fam, names, lhs, rhs)
    for gen in CONSTRUCTION:
        yield from gen(cfg)


# -- judgements: candidates from the model, premises from the tables ----------------------------------


def _close(x: float, y: float, rel: float = 1e-3) -> bool:
    """Equal on the model, to pick candidates (a model meets its facts to about 1e-5)."""
    return abs(x - y) <= rel * max(1.0, abs(x), abs(y))


def judgements(cfg: Configuration, proven: Proven) -> Iterator[Instance]:
    at = cfg.at
    for a, b, c in cfg.triangles:
        name = a + b + c
        for x, y, z in ((a, b, c), (b, c, a), (c, a, b)):  # apex x
            angle_y, angle_z = ang(cfg, x, y, z), ang(cfg, x, z, y)
            if _close(pg.dist(at[x], at[y]), pg.dist(at[x], at[z])):
                if proven(L(x + y), L(x + z)):
                    yield inst("isosceles_triangle_property_angle_equal", (name, x + y, x + z), angle_y, angle_z,
                               premises=((L(x + y), L(x + z)),))
                if proven(angle_y, angle_z):
                    yield inst("isosceles_triangle_judge_angle_equal", (name, y, z), L(x + y), L(x + z),
                               premises=((angle_y, angle_z),))
            right = ang(cfg, y, x, z)
            if _close(pg.angle(at[y], at[x], at[z]), 90) and proven(right, sympy.Integer(90)):
                yield inst("right_triangle_property_pythagorean", (name,), L(x + y) ** 2 + L(x + z) ** 2, L(y + z) ** 2,
                           premises=((right, 90),))
    for i, t1 in enumerate(cfg.triangles):
        for t2 in cfg.triangles[i + 1:]:
            yield from _similar(cfg, t1, t2, proven)
    yield from more_judgements(cfg, proven)
    # a right angle at a foot: heights, chords bisected by the perpendicular from the centre
    for a, b, c in cfg.triangles:
        for x, y, z in ((a, b, c), (b, c, a), (c, a, b)):
            for d in cfg.problem.points:
                if d in (x, y, z) or not cfg.joined(x, d) or cfg.line_through(d, y) != cfg.line_through(y, z):
                    continue
                other = y if d != y else z
                if _close(pg.angle(at[x], at[d], at[other]), 90) and proven(ang(cfg, x, d, other), sympy.Integer(90)):
                    yield inst("triangle_area_formula_common", (x + y + z, y + z, x + d), 2 * area((x, y, z)),
                               L(y + z) * L(x + d), premises=((ang(cfg, x, d, other), 90),))
    for c in cfg.problem.circles:
        o = c.centre
        for a, b in itertools.combinations(c.points, 2):
            for m in cfg.problem.points:
                if cfg.between(m, a, b) and cfg.joined(o, m) and m != o:
                    if _close(pg.angle(at[o], at[m], at[a]), 90) and proven(ang(cfg, o, m, a), sympy.Integer(90)):
                        yield inst("circle_property_chord_perpendicular_bisect_chord", (o + m, a + b), L(a + m),
                                   L(m + b),
                                   premises=((ang(cfg, o, m, a), 90),))


def more_judgements(cfg: Configuration, proven: Proven) -> Iterator[Instance]:
    at = cfg.at
    par = cfg_parallels(cfg)
    for poly in _polygons(cfg):
        if len(poly) != 4 or not cfg.convex(poly):
            continue
        for k in range(2):  # sides k,k+1 and k+2,k+3 on parallel lines
            a, b, c, d = poly[k:] + poly[:k]
            i, j = cfg.line_through(a, b), cfg.line_through(c, d)
            if i is None or j is None or (min(i, j), max(i, j)) not in par:
                continue
            for x in cfg.lines[i].points:
                for y in cfg.lines[j].points:
                    t = cfg.line_through(x, y)
                    if t is None or t in (i, j) or not _close(pg.unit_dot(at[x], at[y], at[a], at[b]) + 1, 1):
                        continue
                    w = next(q for q in cfg.lines[j].points if q != y)
                    if proven(ang(cfg, x, y, w), sympy.Integer(90)):
                        yield inst("trapezoid_area_formula", ("".join(poly), x + y), 2 * area(poly),
                                   (L(a + b) + L(c + d)) * L(x + y), premises=((ang(cfg, x, y, w), 90),))
    mids: dict[frozenset[str], str] = {}
    for rel in cfg.problem.relations:
        if rel.key == "midpoint":
            mids[frozenset(rel.args[1])] = rel.args[0][0]
    for a, b, c in cfg.triangles:
        for x, y, z in ((a, b, c), (b, c, a), (c, a, b)):
            m = mids.get(frozenset((y, z)))
            if m and cfg.joined(x, m) and proven(ang(cfg, y, x, z), sympy.Integer(90)):
                yield inst("right_triangle_property_length_of_median", (x + m, x + y + z), 2 * L(x + m), L(y + z),
                           premises=((ang(cfg, y, x, z), 90),))


def _similar(cfg: Configuration, t1: tuple[str, str, str], t2: tuple[str, str, str], proven: Proven
             ) -> Iterator[Instance]:
    """Triangles whose angles match on the model: similar by AA, congruent by SSS, SAS, ASA, AAS or
    HL, each premise proven by the tables."""
    at = cfg.at
    angles1 = [pg.angle(at[t1[i - 1]], at[t1[i]], at[t1[(i + 1) % 3]]) for i in range(3)]
    for perm in itertools.permutations(t2):
        angles2 = [pg.angle(at[perm[i - 1]], at[perm[i]], at[perm[(i + 1) % 3]]) for i in range(3)]
        if not all(_close(u, v) for u, v in zip(angles1, angles2)):
            continue
        eqs = [(ang(cfg, t1[i - 1], t1[i], t1[(i + 1) % 3]), ang(cfg, perm[i - 1], perm[i], perm[(i + 1) % 3]))
               for i in range(3)]
        sides = [(L(t1[i] + t1[(i + 1) % 3]), L(perm[i] + perm[(i + 1) % 3])) for i in range(3)]  # side i: i..i+1
        n1, n2 = "".join(t1), "".join(perm)
        pa = [proven(u, v) for u, v in eqs]
        used = tuple(e for e, ok in zip(eqs, pa) if ok)
        if _close(pg.dist(at[t1[0]], at[t1[1]]), pg.dist(at[perm[0]], at[perm[1]])):
            ps = [proven(u, v) for u, v in sides]
            used = tuple(e for e, ok in zip(sides + eqs, ps + pa) if ok)
            # side i joins vertices i and i+1; the angle between sides i and i+1 is at vertex i+1
            sas = any(ps[i] and ps[(i + 1) % 3] and pa[(i + 1) % 3] for i in range(3))
            hl = any(pa[k] and proven(eqs[k][0], sympy.Integer(90)) and ps[(k + 1) % 3] and (ps[k] or ps[k - 1])
                     for k in range(3))
            if sum(ps) == 3 or sas or hl or (sum(pa) >= 2 and any(ps)):
                for u, v in [e for e, ok in zip(sides + eqs, ps + pa) if not ok]:
                    yield inst("congruent_triangle_property_line_equal", (n1, n2), u, v, premises=used)
                continue
        # SAS similarity: an angle and the ratio of the sides beside it (side i-1 and side i meet at vertex i)
        sas_sim = [i for i in range(3)
                   if pa[i] and proven(sides[i - 1][0] * sides[i][1], sides[i][0] * sides[i - 1][1])]
        if sum(pa) < 2 and not sas_sim:
            continue
        if sum(pa) < 2:
            i = sas_sim[0]
            used = (eqs[i], (sides[i - 1][0] * sides[i][1], sides[i][0] * sides[i - 1][1]))
        for (u, v), ok in zip(eqs, pa):
            if not ok:
                yield inst("similar_triangle_property_line_ratio", (n1, n2), u, v, premises=used)
        yield from similar_ratios(t1, perm, (n1, n2), used)


def similar_ratios(t1, t2, names, premises: tuple = ()) -> Iterator[Instance]:
    """Sides, perimeters and areas of similar polygons t1 ~ t2 (vertices in correspondence)."""
    n = len(t1)
    sides = [(L(t1[i] + t1[(i + 1) % n]), L(t2[i] + t2[(i + 1) % n])) for i in range(n)]
    (s0, t0) = sides[0]
    for s, t in sides[1:]:
        yield inst("similar_triangle_property_line_ratio", names, s * t0, s0 * t, premises=premises)
    for (s1, u1), (s2, u2) in itertools.combinations(sides[1:], 2):
        yield inst("similar_triangle_property_line_ratio", names, s1 * u2, s2 * u1, premises=premises)
    for k in range(n):
        s, t = sides[k]
        yield inst("similar_triangle_property_area_square_ratio", names, area(t1) * t ** 2, area(t2) * s ** 2,
                   premises=premises)
        yield inst("similar_triangle_property_perimeter_ratio", names, perimeter(t1) * t, perimeter(t2) * s,
                   premises=premises)
