"""Random solvable multi-shape problems for the tests, built from real geometry.

Shapes from the catalogue are attached side to side (and angle relations at
vertices) on an actual figure, rejecting any attachment whose interior would
overlap; facts are measured on that figure.  So every generated problem is
known to have a non-overlapping layout, and the layout under test has to find
one.  Some shapes are left underdetermined (a fact dropped) to exercise free
choices.
"""
from __future__ import annotations

import math
import random

import sympy
from geomill.engine.catalogue import KINDS
from geomill.engine.errors import GeomillError
from geomill.engine.geometry import measure, sample_instance
from geomill.engine.kinds import Line
from geomill.engine.model import Fact, Problem, QKind, Query, ShapeDecl
from geomill.render.scene import densify, flip_loops
from geomill.solvers import solve
from hypothesis import assume
from hypothesis import strategies as st
from shapely.geometry import LineString, Polygon

SHAPE_KINDS = sorted(k for k, v in KINDS.items() if not v.relation and v.pool != "written")  # (as generated)
ATTACHABLE = [k for k in SHAPE_KINDS
              if any(isinstance(p, Line) for loop in KINDS[k].construction.outline for p in loop)]
RELATIONS = sorted(k for k, v in KINDS.items() if v.relation and v.n_points == 6
                   and all(el.kind is QKind.ANGLE for el in v.elements.values()))
LETTERS = "ABCDEFGHIJKLMNPQRSTUVWXYZ" + "".join(f"{c}1" for c in "ABCDEFGH")


class _Classes:
    """Which quantities the problem makes equal (as the fact graph will)."""

    def __init__(self):
        self.parent: dict = {}

    def find(self, q):
        self.parent.setdefault(q, q)
        while self.parent[q] != q:
            q = self.parent[q]
        return q

    def union(self, a, b):
        self.parent[self.find(a)] = self.find(b)


def _motion(pi, pj, gi, gj, mirror):
    def f(p):
        x, y = p[0] - pi[0], (p[1] - pi[1]) * (-1 if mirror else 1)
        return x, y
    li = f(pi)
    lj = f(pj)
    theta = math.atan2(gj[1] - gi[1], gj[0] - gi[0]) - math.atan2(lj[1] - li[1], lj[0] - li[0])
    c, s = math.cos(theta), math.sin(theta)

    def apply(p):
        x, y = f(p)
        return (gi[0] + c * x - s * y, gi[1] + s * x + c * y)
    return apply


def _poly(kind, coords, mirror: bool = False):
    """The region a shape covers; a mirrored placement turns its arcs the other way (scene.flip_loops)."""
    loops = flip_loops(kind.construction.outline) if mirror else kind.construction.outline
    rings = [densify(loop, coords) for loop in loops]
    return Polygon(rings[0], rings[1:]).buffer(0)


def build_problem(rng: random.Random, n_shapes: int, with_relation: bool, drop_fact: bool,
                  truth: dict | None = None) -> Problem | None:
    """A problem on a real figure, or None; ``truth`` (if given) receives every shape element's
    value measured on that figure, so a test can hold the solver's answer to it."""
    truth = {} if truth is None else truth
    letters = iter(LETTERS)
    pos: dict[str, tuple[float, float]] = {}
    polys: list[Polygon] = []
    edges: list[tuple[str, str]] = []
    decls: list[ShapeDecl] = []
    facts: dict = {}
    classes = _Classes()
    given: set = set()
    corners: list[tuple[str, str, str]] = []
    for index in range(n_shapes):
        for _ in range(30):
            key = rng.choice(SHAPE_KINDS if index == 0 else ATTACHABLE)
            kind = KINDS[key]
            _, coords, _ = sample_instance(kind, rng)
            lines = [p for loop in kind.construction.outline for p in loop
                     if isinstance(p, Line) and isinstance(p.start, int) and isinstance(p.end, int)]
            mirrored = False
            if index == 0:
                k = 10.0 / max(math.dist(coords[0], coords[1]), 1e-9)
                coords = {c: (x * k, y * k) for c, (x, y) in coords.items()}
                local = coords
                names = {i: next(letters) for i in range(kind.n_points)}
                break
            if not lines or not edges:
                continue
            line = rng.choice(lines)
            p, q = rng.choice(edges)
            if rng.random() < 0.5:
                p, q = q, p
            i, j = line.start, line.end
            scale = math.dist(pos[p], pos[q]) / math.dist(coords[i], coords[j])
            coords = local = {c: (x * scale, y * scale) for c, (x, y) in coords.items()}
            ok = None
            for mirror in rng.sample([False, True], 2):
                m = _motion(coords[i], coords[j], pos[p], pos[q], mirror)
                moved = {c: m(xy) for c, xy in coords.items()}
                poly = _poly(kind, moved, mirror)
                if poly.is_empty or any(poly.intersection(o).area > 1e-6 * min(poly.area, o.area) for o in polys):
                    continue
                fresh = [v for v in range(kind.n_points) if v not in (i, j)]
                if any(math.dist(moved[v], xy) < 0.2 for v in fresh for xy in pos.values()):
                    continue
                ok, mirrored = moved, mirror
                break
            if ok is None:
                continue
            coords = ok
            names = {i: p, j: q}
            for v in range(kind.n_points):
                names.setdefault(v, next(letters))
            break
        else:
            break
        points = tuple(names[v] for v in range(kind.n_points))
        decl = ShapeDecl(key, "".join(points), points)
        for v, n in names.items():
            pos.setdefault(n, coords[v])
        polys.append(_poly(kind, coords, mirrored))
        edges += [(names[p.start], names[p.end]) for p in lines]
        values = measure(kind, local)  # in the construction's own frame: a rigid motion keeps every value
        bound = kind.bind(decl)
        truth.update({q: values[sym][0] for sym, qs in bound.items() for q in qs})
        for qs in bound.values():
            for q in qs[1:]:
                classes.union(qs[0], q)
        for el in kind.elements.values():
            if el.kind is QKind.ANGLE and len(el.at) == 1:
                a, v, b = el.at[0]
                corners.append((points[a], points[v], points[b]))
        # facts: the construction's element parameters, then more until the shape is determined
        wanted = [p.name for p in kind.construction.params if p.name in kind.elements]
        wanted += [s for s, el in kind.elements.items() if el.kind is QKind.LENGTH and s not in wanted]
        wanted = [s for s in wanted if s not in kind.constants]
        new_facts = {}
        for sym in wanted:
            q = bound[sym][0]
            if any(classes.find(g) == classes.find(q) for g in given):  # roots move as classes merge
                continue
            new_facts[q] = values[sym][0]
            trial = {**facts, **new_facts}
            try:
                solve(Problem(tuple(decls + [decl]), tuple(Fact(k, sympy.Float(v, 17)) for k, v in trial.items()),
                              Query(bound["S"][0] if "S" in bound else q)))
                break
            except GeomillError:
                continue
        if drop_fact and index > 0 and len(new_facts) > 1:
            new_facts.pop(next(iter(new_facts)))
        for q, v in new_facts.items():
            facts[q] = v
            given.add(q)
        decls.append(decl)
    if with_relation and corners:
        a, v, b = rng.choice(corners)
        key = rng.choice(RELATIONS)
        rays = _relation_rays(key, pos[a], pos[v], pos[b])
        clear = rays is not None and all(
            LineString([pos[v], (pos[v][0] + 3 * u[0], pos[v][1] + 3 * u[1])]).intersection(o).length < 1e-6
            for u in rays for o in polys)
        if clear:
            points = [a, v, b, None, None, None]
            for i, j in KINDS[key].joins:  # the relation's points that are one (vertex, common ray)
                points[j] = points[j] or points[i]
            points = [p or next(letters) for p in points]
            decls.append(ShapeDecl(key, f"{''.join(points[:3])}~{''.join(points[3:])}", tuple(points)))
    problem_facts = tuple(Fact(q, sympy.Float(v, 17)) for q, v in facts.items())
    candidates = [q for d in decls for qs in KINDS[d.kind].bind(d).values() for q in qs[:1]]
    rng.shuffle(candidates)
    for q in candidates:
        problem = Problem(tuple(decls), problem_facts, Query(q))
        try:
            solve(problem)
        except GeomillError:
            continue
        return problem
    return None


def _relation_rays(key, a, v, b):
    """Directions of the rays a relation adds at v (angle avb), as the catalogue constructs them."""
    ua = _unit(a[0] - v[0], a[1] - v[1])
    ub = _unit(b[0] - v[0], b[1] - v[1])
    if key == "supplementary":
        return [(-ub[0], -ub[1])]
    if key == "vertical":
        return [(-ua[0], -ua[1]), (-ub[0], -ub[1])]
    if ua[0] * ub[0] + ua[1] * ub[1] <= 0:  # complementary needs an acute angle
        return None
    side = 1 if ub[0] * ua[1] - ub[1] * ua[0] > 0 else -1
    return [(-side * ub[1], side * ub[0])]


def _unit(x, y):
    n = math.hypot(x, y)
    return (x / n, y / n)


@st.composite
def problems(draw) -> Problem:
    seed = draw(st.integers(0, 2**31 - 1))
    n = draw(st.integers(1, 4))
    rel = draw(st.booleans())
    drop = draw(st.integers(0, 3)) == 0
    problem = build_problem(random.Random(seed), n, rel, drop)
    assume(problem is not None)
    return problem
