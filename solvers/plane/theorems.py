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
from geomill.engine.relations import BLOCKS_BY_KEY, L, arc

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
    Family("similar_triangle_property_line_ratio", "since {0} and {1} are similar", "judgement"),
    Family("similar_triangle_property_area_square_ratio", "since {0} and {1} are similar", "judgement"),
    Family("similar_triangle_property_perimeter_ratio", "since {0} and {1} are similar", "judgement"),
    Family("congruent_triangle_property_line_equal", "since triangles {0} and {1} are congruent", "judgement"),
    Family("round_angle", "since the angles around {0} make a full turn"),
    Family("circle_property_circular_power_segment_and_segment_angle",
           "since the angle at {0} between two lines that meet circle {1} is half the difference (or the sum) of the "
           "arcs they cut off"),
    Family("polygon_property_angle_sum", "by the angle sum of polygon {0}"),
)}
F["arc_split"] = Family("arc_addition_measure", "since {1} lies on the arc {0}, the two arcs it splits it into add up "
                                                "to it")


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
_FAMILIES: dict[tuple[int, str], Family] = {}


def family(t: Theorem, key: str) -> Family:
    """A block's family (one per block and theorem key: two blocks of one theorem may say it in
    other words)."""
    got = _FAMILIES.get((id(t), key))
    if got is None:
        got = _FAMILIES[(id(t), key)] = Family(key, t.sentence, t.kind)
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
    for gen in CONSTRUCTION:
        yield from gen(cfg)


# -- judgements: candidates from the model, premises from the tables ----------------------------------


def _close(x: float, y: float, rel: float = 1e-3) -> bool:
    """Equal on the model, to pick candidates (a model meets its facts to about 1e-5)."""
    return abs(x - y) <= rel * max(1.0, abs(x), abs(y))


def judgements(cfg: Configuration, proven: Proven, ix: Index | None = None) -> Iterator[Instance]:
    """Every judgement block's instances whose proven premises the tables prove (``ix``: the
    configuration's index, kept from round to round), then the remaining generators'."""
    if ix is None:
        ix = Index(cfg, proven)
    ix.proven = proven
    for t in THEOREMS:
        if t.kind == "judgement":
            for f in t.instances(ix):
                yield Instance(family(t, f.key), f.names, f.lhs, f.rhs, f.premises)
    for i, t1 in enumerate(cfg.triangles):
        for t2 in cfg.triangles[i + 1:]:
            yield from _similar(cfg, t1, t2, proven)


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


def more_constructions(cfg: Configuration) -> Iterator[Instance]:
    yield from round_angles(cfg)
    yield from circle_angles(cfg)
    yield from arc_additions(cfg)
    yield from concave_angle_sums(cfg)


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
