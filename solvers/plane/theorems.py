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
from geomill.engine.plane import Sin, element_symbol
from geomill.engine.relations import BLOCKS_BY_KEY, L, arc

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
    yield from more_judgements_2(cfg, proven)
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
    mids = Index(cfg).midpoints  # a median's foot is a midpoint too
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


# -- more families (issue 21's coverage): construction ones run after construction_instances ----------

F.update({f.key: f for f in (
    Family("round_angle", "since the angles around {0} make a full turn"),
    Family("circle_property_chord_perpendicular_bisect_chord_judge",
           "since {0} joins the centre to the midpoint of the chord {1}, it is perpendicular to it", "judgement"),
    Family("circle_property_chord_perpendicular_bisect_arc",
           "since {0} is perpendicular to the chord {1} from the centre, it bisects its arcs", "judgement"),
    Family("centroid_of_triangle_judgment_intersection", "since two medians of triangle {1} meet at {0}, its "
                                                         "centroid", "judgement"),
    Family("arc_split", "since {1} lies on arc {0[1]}{0[2]}, the two arcs it splits it into add up to it"),
    Family("parallelogram_area_formula_sine", "by the area of the parallelogram {0} from two sides and the included "
                                              "angle"),
    Family("circle_property_circular_power_segment_and_segment_angle",
           "since the angle at {0} between two lines that meet circle {1} is half the difference (or the sum) of the "
           "arcs they cut off"),
    Family("midsegment_of_triangle_judgment_midpoint", "since {0} joins the midpoints of two sides of triangle {1}",
           "judgement"),
    Family("midsegment_of_triangle_judgment_parallel",
           "since {0} runs from the midpoint of a side of triangle {1} parallel to another side", "judgement"),
    Family("midsegment_of_quadrilateral_judgment_midpoint", "since {0} joins the midpoints of the legs of the "
                                                            "trapezoid {1}", "judgement"),
    Family("midsegment_of_quadrilateral_judgment_parallel",
           "since {0} runs from the midpoint of a leg of the trapezoid {1} parallel to its bases", "judgement"),
    Family("bisector_of_angle_judgment_angle_equal", "since {0} bisects angle {1}, by the angle bisector theorem",
           "judgement"),
    Family("congruent_arc_judgment_length_equal",
           "since arcs {0[1]}{0[2]} and {1[1]}{1[2]} of one circle have equal lengths",
           "judgement"),
    Family("congruent_arc_property_chord_equal",
           "since arcs {0[1]}{0[2]} and {1[1]}{1[2]} of one circle are equal, so are their "
                                                 "chords", "judgement"),
    Family("congruent_arc_judgment_chord_equal", "since the chords {0} and {1} of circle {2} are equal, so are their "
                                                 "minor arcs", "judgement"),
    Family("parallelogram_judgment_equal_and_equal", "since both pairs of opposite sides of {0} are equal, it is a "
                                                     "parallelogram", "judgement"),
    Family("parallelogram_judgment_parallel_and_parallel", "since both pairs of opposite sides of {0} are parallel, it "
                                                           "is a parallelogram", "judgement"),
    Family("rectangle_judgment_right_angle", "since the angles of {0} are right angles, it is a rectangle",
           "judgement"),
)})

F["arc_split"] = Family("arc_addition_measure", F["arc_split"].sentence)
_JUDGE = "circle_property_chord_perpendicular_bisect_chord_judge"
F[_JUDGE] = Family("circle_property_chord_perpendicular_bisect_chord", F[_JUDGE].sentence, "judgement")
PARALLELOGRAMS = ("parallelogram", "rectangle", "rhombus", "square")


def more_constructions(cfg: Configuration) -> Iterator[Instance]:
    yield from round_angles(cfg)
    yield from circle_angles(cfg)
    yield from arc_additions(cfg)
    yield from concave_angle_sums(cfg)
    for rel in cfg.problem.relations:
        if rel.key in PARALLELOGRAMS:
            yield from _parallelogram_area(cfg, tuple(rel.args[0]), ("".join(rel.args[0]),), "parallelogram_area_"
                                           "formula_sine")


def arc_additions(cfg: Configuration) -> Iterator[Instance]:
    """A point c on the arc from a to b (counter-clockwise) splits it: arc ab = arc ac + arc cb."""
    at = cfg.at
    for c in cfg.problem.circles:
        o, pts = c.centre, c.points
        if len(pts) < 3 or len(pts) > 8:
            continue
        for a, b in itertools.permutations(pts, 2):
            s = pg.sweep(at[o], at[a], at[b])
            for m in pts:
                if m not in (a, b) and pg.sweep(at[o], at[a], at[m]) < s:
                    yield inst("arc_split", (o + a + b, m), arc(o + a + m) + arc(o + m + b), arc(o + a + b))


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


def round_angles(cfg: Configuration) -> Iterator[Instance]:
    """Three rays at a point on three lines, none inside the angle of the other two: their three
    angles make 360 (FormalGeo's round angle, with the reflex angle split at the third ray)."""
    for v in cfg.problem.points:
        rays = [r for r in cfg.rays_at(v)]
        if len(rays) < 3 or len(rays) > 8:
            continue
        for r1, r2, r3 in itertools.combinations(rays, 3):
            if len({r1[0], r2[0], r3[0]}) < 3:
                continue
            a12, a23, a13 = cfg.ray_angle(v, r1, r2), cfg.ray_angle(v, r2, r3), cfg.ray_angle(v, r1, r3)
            if abs(a12 + a23 + a13 - 360) > 1e-4:
                continue
            yield inst("round_angle", (v,), cfg.angle_atom(v, r1, r2) + cfg.angle_atom(v, r2, r3)
                       + cfg.angle_atom(v, r1, r3), 360)


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
                                   near + far)
                    continue
                angle = cfg.angle(n1, p, n2)
                if angle is None or not angle.free_symbols or len({n1, f1, n2, f2}) < 3:
                    continue
                far = _arc_between(cfg, o, f1, f2, (n1, n2), p, True)
                near = _arc_between(cfg, o, n1, n2, (f1, f2), p, False)
                yield inst("circle_property_circular_power_segment_and_segment_angle", (p, o), 2 * angle, far - near)


def _parallelogram_area(cfg: Configuration, poly: tuple[str, ...], names: tuple[str, ...], key: str,
                        premises: tuple = ()) -> Iterator[Instance]:
    a, b, c, d = poly
    if cfg.angle(d, a, b) is None:
        return
    yield inst(key, names, area(poly), L(a + b) * L(a + d) * Sin(ang(cfg, d, a, b)), premises=premises)


def more_judgements_2(cfg: Configuration, proven: Proven) -> Iterator[Instance]:
    yield from _midsegment_judgements(cfg, proven)
    yield from _bisector_judgements(cfg, proven)
    yield from _arc_judgements(cfg, proven)
    yield from _parallelogram_judgements(cfg, proven)
    yield from _centroid_judgements(cfg, proven)
    yield from _chord_judgements(cfg, proven)


def _chord_judgements(cfg: Configuration, proven: Proven) -> Iterator[Instance]:
    """The line from the centre to a chord's midpoint (proven) is perpendicular to it; the
    perpendicular from the centre (proven) bisects the arcs the chord cuts off."""
    at = cfg.at
    for c in cfg.problem.circles:
        o = c.centre
        for b, d in itertools.combinations(c.points, 2):
            for m in cfg.problem.points:
                if m == o or not cfg.between(m, b, d) or not cfg.joined(o, m):
                    continue
                right = ang(cfg, o, m, b)
                half = _half(cfg, m, b, d, proven)
                if half and _close(pg.angle(at[o], at[m], at[b]), 90) and not proven(right, sympy.Integer(90)):
                    yield inst("circle_property_chord_perpendicular_bisect_chord_judge", (o + m, b + d), right, 90,
                               premises=(half,))
                if not proven(right, sympy.Integer(90)):
                    continue
                i = cfg.line_through(o, m)
                for a in c.points:
                    if a in (b, d) or cfg.line_through(o, a) != i:
                        continue
                    yield inst("circle_property_chord_perpendicular_bisect_arc", (o + m, b + d),
                               _arc_between(cfg, o, b, a, (d,), a, False), _arc_between(cfg, o, a, d, (b,), a, False),
                               premises=((right, 90),))


def _centroid_judgements(cfg: Configuration, proven: Proven) -> Iterator[Instance]:
    """Two medians of a triangle (each to a midpoint proven) meet at its centroid, which cuts each 2 : 1."""
    for t in cfg.triangles:
        medians = []
        for k in range(3):
            x, y, z = t[k], t[k - 1], t[k - 2]
            for m in cfg.problem.points:
                if cfg.between(m, y, z) and cfg.joined(x, m) and (half := _half(cfg, m, y, z, proven)):
                    medians.append((x, m, half))
        for (x, m, h1), (y, n, h2) in itertools.combinations(medians, 2):
            if x == y:
                continue
            for g in cfg.problem.points:
                if cfg.between(g, x, m) and cfg.between(g, y, n):
                    for v, w in ((x, m), (y, n)):
                        yield inst("centroid_of_triangle_judgment_intersection", (g, "".join(t)), L(v + g),
                                   2 * L(g + w), premises=(h1, h2))


def _half(cfg: Configuration, m: str, a: str, b: str, proven: Proven) -> tuple | None:
    """(am, mb) when m is strictly between a and b, near the middle on the model, and am = mb is proven."""
    if not cfg.between(m, a, b) or not _close(pg.dist(cfg.at[a], cfg.at[m]), pg.dist(cfg.at[m], cfg.at[b])):
        return None
    return (L(a + m), L(m + b)) if proven(L(a + m), L(m + b)) else None


def _parallel(cfg: Configuration, par: dict, a: str, b: str, c: str, d: str) -> bool:
    i, j = cfg.line_through(a, b), cfg.line_through(c, d)
    return i is not None and j is not None and i != j and (min(i, j), max(i, j)) in par


def _midsegment_judgements(cfg: Configuration, proven: Proven) -> Iterator[Instance]:
    """A segment joining the midpoints of two sides of a triangle (or of the legs of a trapezoid) is
    parallel to the third side (the bases) and half of it (half their sum); one from a midpoint,
    parallel to a side (the bases), ends at the midpoint of the other."""
    par = cfg_parallels(cfg)
    pts = cfg.problem.points
    for x, y, z in ((t[k], t[k - 1], t[k - 2]) for t in cfg.triangles for k in range(3)):
        for d in pts:
            if not cfg.between(d, x, y):
                continue
            hd = _half(cfg, d, x, y, proven)
            for e in pts:
                if e == d or not cfg.between(e, x, z) or not cfg.joined(d, e):
                    continue
                he = _half(cfg, e, x, z, proven)
                if hd and he:
                    key, prem = "midsegment_of_triangle_judgment_midpoint", (hd, he)
                elif (hd or he) and _parallel(cfg, par, d, e, y, z):
                    key, prem = "midsegment_of_triangle_judgment_parallel", (hd or he,)
                    yield inst(key, (d + e, x + y + z), *((L(x + e), L(e + z)) if hd else (L(x + d), L(d + y))),
                               premises=prem)
                else:
                    continue
                yield inst(key, (d + e, x + y + z), 2 * L(d + e), L(y + z), premises=prem)
                yield inst(key, (d + e, x + y + z), ang(cfg, x, d, e), ang(cfg, x, y, z), premises=prem)
                yield inst(key, (d + e, x + y + z), ang(cfg, x, e, d), ang(cfg, x, z, y), premises=prem)
    for (i, j) in par:  # trapezoids: bases on lines i and j, legs ad and bc
        for a, b in itertools.combinations(cfg.lines[i].points, 2):
            for d, c in itertools.permutations(cfg.lines[j].points, 2):
                if not (cfg.joined(a, d) and cfg.joined(b, c)) or not cfg.convex((a, b, c, d)):
                    continue
                for f in pts:
                    if not cfg.between(f, a, d):
                        continue
                    hf = _half(cfg, f, a, d, proven)
                    for e in pts:
                        if not cfg.between(e, b, c) or not cfg.joined(e, f):
                            continue
                        he = _half(cfg, e, b, c, proven)
                        name = (e + f, a + b + c + d)
                        if hf and he:
                            key, prem = "midsegment_of_quadrilateral_judgment_midpoint", (hf, he)
                        elif (hf or he) and _parallel(cfg, par, e, f, a, b):
                            key, prem = "midsegment_of_quadrilateral_judgment_parallel", (hf or he,)
                            yield inst(key, name, *((L(b + e), L(e + c)) if hf else (L(a + f), L(f + d))),
                                       premises=prem)
                        else:
                            continue
                        yield inst(key, name, 2 * L(e + f), L(a + b) + L(c + d), premises=prem)


def _bisector_judgements(cfg: Configuration, proven: Proven) -> Iterator[Instance]:
    """A cevian bd of triangle abc that halves angle abc (proven) cuts ac in the ratio ab : bc."""
    at = cfg.at
    for t in cfg.triangles:
        for k in range(3):
            a, b, c = t[k - 1], t[k], t[(k + 1) % 3]
            for d in cfg.problem.points:
                if not cfg.between(d, a, c) or not cfg.joined(b, d):
                    continue
                if not _close(pg.angle(at[a], at[b], at[d]), pg.angle(at[d], at[b], at[c])):
                    continue
                prem = (ang(cfg, a, b, d), ang(cfg, d, b, c))
                if proven(*prem):
                    yield inst("bisector_of_angle_judgment_angle_equal", (b + d, a + b + c), L(a + d) * L(b + c),
                               L(d + c) * L(a + b), premises=(prem,))


def _arc_judgements(cfg: Configuration, proven: Proven) -> Iterator[Instance]:
    """Arcs of one circle: equal lengths make equal measures; equal measures, equal chords; equal
    chords, equal minor arcs."""
    at = cfg.at
    named: dict[str, list[tuple[str, str, str]]] = {}
    for el in Index(cfg).measured:
        if el.kind.key == "arc_length" and el.points not in named.get(el.points[0], []):
            named.setdefault(el.points[0], []).append(el.points)
    for arcs in named.values():
        for p1, p2 in itertools.combinations(sorted(arcs), 2):
            s1, s2 = element_symbol("arc_length", p1), element_symbol("arc_length", p2)
            if proven(s1, s2):
                yield inst("congruent_arc_judgment_length_equal", ("".join(p1), "".join(p2)), arc("".join(p1)),
                           arc("".join(p2)), premises=((s1, s2),))
    for c in cfg.problem.circles:
        o = c.centre
        chords = [(a, b) for a, b in itertools.permutations(c.points, 2)]
        sweeps = {(a, b): pg.sweep(at[o], at[a], at[b]) for a, b in chords}
        for (a, b), (d, e) in itertools.combinations(chords, 2):
            if {a, b} == {d, e} or not _close(sweeps[(a, b)], sweeps[(d, e)]):
                continue
            m1, m2 = arc(o + a + b), arc(o + d + e)
            if proven(m1, m2) and (a < b or d < e):
                yield inst("congruent_arc_property_chord_equal", (o + a + b, o + d + e), L(a + b), L(d + e),
                           premises=((m1, m2),))
            if sweeps[(a, b)] < 180 and proven(L(a + b), L(d + e)):
                yield inst("congruent_arc_judgment_chord_equal", (a + b, d + e, o), m1, m2,
                           premises=((L(a + b), L(d + e)),))


def _parallelogram_judgements(cfg: Configuration, proven: Proven) -> Iterator[Instance]:
    """A convex quadrilateral with both pairs of opposite sides equal or parallel, or with right
    angles at three corners (a rectangle), is a parallelogram: opposite sides and angles equal, the
    area from two sides and the angle between them."""
    at = cfg.at
    par = cfg_parallels(cfg)
    declared = {tuple(rel.args[0]) for rel in cfg.problem.relations if rel.key in PARALLELOGRAMS}
    for poly in _polygons(cfg):
        if len(poly) != 4 or poly in declared or not cfg.convex(poly):
            continue
        a, b, c, d = poly
        if not (_close(pg.dist(at[a], at[b]), pg.dist(at[c], at[d]))
                and _close(pg.dist(at[b], at[c]), pg.dist(at[d], at[a]))):
            continue
        name = ("".join(poly),)
        sides = ((L(a + b), L(c + d)), (L(b + c), L(d + a)))
        corners = [ang(cfg, poly[k - 1], poly[k], poly[(k + 1) % 4]) for k in range(4)]
        if all(proven(*s) for s in sides):
            key, prem = "parallelogram_judgment_equal_and_equal", sides
        elif _parallel(cfg, par, a, b, c, d) and _parallel(cfg, par, b, c, d, a):
            key, prem = "parallelogram_judgment_parallel_and_parallel", ()
        elif all(_close(pg.angle(at[poly[k - 1]], at[poly[k]], at[poly[(k + 1) % 4]]), 90) for k in range(4)) and \
                sum(proven(q, sympy.Integer(90)) for q in corners) >= 3:
            key = "rectangle_judgment_right_angle"
            prem = tuple((q, 90) for q in corners if proven(q, sympy.Integer(90)))[:3]  # the fourth follows
        else:
            continue
        for u, v in sides:
            yield inst(key, name, u, v, premises=prem)
        if key != "rectangle_judgment_right_angle":  # a rectangle's are all right: its premises say so
            yield inst(key, name, corners[0], corners[2], premises=prem)
            yield inst(key, name, corners[1], corners[3], premises=prem)
        yield from _parallelogram_area(cfg, poly, name, key, prem)
