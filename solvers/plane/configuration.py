"""What a general problem's figure states, read from the problem and its numeric model.

Configuration facts (which points lie on one line and in which order, which ray lies inside
which angle, which side of a chord a point on a circle is) are read off the model, as
FormalGeo and AlphaGeometry check configuration premises; metric facts (equal lengths, parallel
lines, right angles) never are: they come from the givens or from the deduction's tables.

The maximal lines are the declared lines, polygon sides and every segment a statement mentions,
merged when they share two points.  Two that share one point and only happen to run in one
direction on the model stay two lines: that a point lies on a line is a fact the problem states
(or a proof derives and says), never one read off the figure (a circumcentre on a bisector holds
only because the triangle is equilateral).
An angle is a pair of rays from its vertex; angle ``ABC`` and ``A'BC`` are one atom when ``A'``
lies on ray ``BA``, and the atom is named by the nearest point on each ray.  A flat angle is 180.
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import sympy
from geomill.engine import plane_geometry as pg
from geomill.engine.plane import GeneralProblem, element_of, element_symbol
from geomill.engine.relations import BLOCKS_BY_KEY, polygon_of

from ..numeric import NumericModel

COLLINEAR = 1e-6  # |sin| between two directions below which they are one line (relative to the figure)

Ray = tuple[int, int]  # (line index, +1 / -1 along the line's order) from a vertex


@dataclass(frozen=True)
class Line:
    points: tuple[str, ...]  # in order along the line


class Configuration:
    """Lines, rays, angle atoms, triangles and circles of one problem on its model."""

    def __init__(self, problem: GeneralProblem, model: NumericModel, unnamed: bool = False):
        self.problem = problem
        self.model = model
        self.unnamed = unnamed  # the four-sided shapes the lines draw unnamed are polygons too
        self.at = model.coords
        self.built: dict[tuple, sympy.Expr] = {}  # (a template, its elements) -> its expression (Template.bind)
        self.bound: dict[tuple, sympy.Expr] = {}  # (a template, its letters' points) -> the same (Template.bind)
        self.measured: dict[tuple, float] = {}  # (kind, points) -> the element's value on the model (Template.measure)
        self.slot_atoms: dict[tuple, sympy.Expr] = {}  # (kind, points) -> the element's atom (Template.bind)
        self.lines: list[Line] = self._lines()
        self.line_of: dict[frozenset[str], int] = {}
        self.pos: dict[tuple[int, str], float] = {}
        for i, ln in enumerate(self.lines):
            for a, b in itertools.combinations(ln.points, 2):
                self.line_of[frozenset((a, b))] = i
            for k, p in enumerate(ln.points):
                self.pos[(i, p)] = k
        self.lines_at: dict[str, list[int]] = {p: [] for p in problem.points}
        for i, ln in enumerate(self.lines):
            for p in ln.points:
                self.lines_at[p].append(i)

    # -- lines ---------------------------------------------------------------------------------
    def _segments(self) -> list[frozenset[str]]:
        """Every pair of points joined by something the problem states or asks."""
        p = self.problem
        segs: set[frozenset[str]] = set()

        def add_element_symbols(e: sympy.Expr) -> None:
            for s in e.free_symbols:
                el = element_of(s)
                if el is None:
                    continue
                pts = el.points
                if el.kind.key == "length":
                    segs.add(frozenset(pts))
                elif el.kind.key == "angle":
                    segs.add(frozenset(pts[:2]))
                    segs.add(frozenset(pts[1:]))
                elif el.kind.key in ("area", "perimeter") and len(pts) >= 3:
                    for i in range(len(pts)):
                        segs.add(frozenset((pts[i - 1], pts[i])))

        for poly in p.polygons:
            n = len(poly.points)
            for i in range(n):
                segs.add(frozenset((poly.points[i - 1], poly.points[i])))
        for turn in p.turns:  # a chain turning one way is a face (or an angle) of the figure
            for chain in turn.chains:
                for i in range(len(chain)):
                    segs.add(frozenset((chain[i - 1], chain[i])))
        for rel in p.relations:
            block = BLOCKS_BY_KEY[rel.key]
            for arg in rel.args:
                if len(arg) == 2:
                    segs.add(frozenset(arg))
            poly = polygon_of(block, rel.args)
            if poly:
                for i in range(len(poly)):
                    segs.add(frozenset((poly[i - 1], poly[i])))
            for lhs, rhs in block.instantiate(rel.args):
                add_element_symbols(lhs - rhs)
        for f in p.facts:
            add_element_symbols(f.lhs - f.rhs)
        if p.goal is not None:
            add_element_symbols(p.goal.expr)
        return sorted((s for s in segs if len(s) == 2), key=sorted)  # sorted: the same lines every run

    def _lines(self) -> list[Line]:
        groups: list[set[str]] = [set(ln.points) for ln in self.problem.lines]
        groups += [set(pts) for rel in self.problem.relations
                   for pts in BLOCKS_BY_KEY[rel.key].collinear(rel.args)]  # 'D on AB', a midpoint, a foot
        for s in self._segments():
            if not any(s <= g for g in groups):
                groups.append(set(s))
        changed = True
        while changed:
            changed = False
            for i, j in itertools.combinations(range(len(groups)), 2):
                common = groups[i] & groups[j]
                if len(common) >= 2:
                    groups[i] |= groups[j]
                    del groups[j]
                    changed = True
                    break
        return [Line(self._ordered(g)) for g in groups]

    def _ordered(self, pts: set[str]) -> tuple[str, ...]:
        ps = sorted(pts)
        a = self.at[ps[0]]
        far = max(ps[1:], key=lambda q: pg.dist(a, self.at[q]))
        d = self.at[far] - a
        out = sorted(ps, key=lambda q: float(np.dot(self.at[q] - a, d)))
        return tuple(out if out[0] < out[-1] else reversed(out))

    def line_through(self, a: str, b: str) -> int | None:
        return self.line_of.get(frozenset((a, b)))

    def joined(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self.line_of

    def between(self, m: str, a: str, b: str) -> bool:
        """m strictly between a and b on one drawn line."""
        i = self.line_through(a, b)
        if i is None or (i, m) not in self.pos:
            return False
        pa, pb, pm = self.pos[(i, a)], self.pos[(i, b)], self.pos[(i, m)]
        return min(pa, pb) < pm < max(pa, pb)

    # -- rays and angles -----------------------------------------------------------------------
    def ray(self, v: str, a: str) -> Ray | None:
        i = self.line_through(v, a)
        if i is None:
            return None
        return (i, 1 if self.pos[(i, a)] > self.pos[(i, v)] else -1)

    def rays_at(self, v: str) -> list[Ray]:
        out = []
        for i in self.lines_at[v]:
            k = self.pos[(i, v)]
            if k > 0:
                out.append((i, -1))
            if k < len(self.lines[i].points) - 1:
                out.append((i, 1))
        return out

    def ray_point(self, v: str, r: Ray) -> str:
        """The nearest point on ray r from v (the name the ray goes by)."""
        i, s = r
        return self.lines[i].points[self.pos[(i, v)] + s]

    def ray_points(self, v: str, r: Ray) -> tuple[str, ...]:
        i, s = r
        k = self.pos[(i, v)]
        pts = self.lines[i].points
        return tuple(pts[k + 1:]) if s > 0 else tuple(reversed(pts[:k]))

    def direction(self, v: str, r: Ray) -> float:
        """The ray's direction on the model, in degrees: its line's, end to end (the most accurate
        direction the model gives: a point close to the vertex would give a rough one)."""
        pts = self.lines[r[0]].points
        d = (self.at[pts[-1]] - self.at[pts[0]]) * r[1]
        return math.degrees(math.atan2(d[1], d[0])) % 360

    def ray_angle(self, v: str, r1: Ray, r2: Ray) -> float:
        d = abs(self.direction(v, r1) - self.direction(v, r2)) % 360
        return min(d, 360 - d)

    def angle_atom(self, v: str, r1: Ray, r2: Ray) -> sympy.Expr:
        """The atom of the angle between two rays at v: a symbol, or 180 when flat, 0 when one ray."""
        if r1 == r2:
            return sympy.Integer(0)
        if r1[0] == r2[0]:
            return sympy.Integer(180)
        return element_symbol("angle", (self.ray_point(v, r1), v, self.ray_point(v, r2)))

    def angle(self, a: str, v: str, c: str) -> sympy.Expr | None:
        """The atom of angle ``avc`` (None when an arm is not drawn)."""
        r1, r2 = self.ray(v, a), self.ray(v, c)
        if r1 is None or r2 is None:
            return None
        return self.angle_atom(v, r1, r2)

    @cached_property
    def angle_atoms(self) -> dict[sympy.Symbol, sympy.Expr]:
        """Every named angle symbol -> its atom, over all pairs of rays at every point."""
        out: dict[sympy.Symbol, sympy.Expr] = {}
        for v in self.problem.points:
            rays = self.rays_at(v)
            for r1, r2 in itertools.combinations(rays, 2):
                atom = self.angle_atom(v, r1, r2)
                for a in self.ray_points(v, r1):
                    for c in self.ray_points(v, r2):
                        out[element_symbol("angle", (a, v, c))] = atom
        return out

    def canon(self, e: sympy.Expr) -> sympy.Expr:
        """An expression with every angle written as its atom (kept: the deduction asks again for the
        same sides of equations, round after round)."""
        memo = self.__dict__.setdefault("_canon", {})
        got = memo.get(e)
        if got is None:
            got = memo[e] = self._canon_of(e)
        return got

    def _canon_of(self, e: sympy.Expr) -> sympy.Expr:
        atoms = self.angle_atoms
        subs = {}
        for s in e.free_symbols:
            el = element_of(s)
            if el is not None and el.kind.key == "angle" and s in atoms:
                subs[s] = atoms[s]
        return e.xreplace(subs) if subs else e

    # -- triangles -----------------------------------------------------------------------------
    @cached_property
    def triangles(self) -> list[tuple[str, str, str]]:
        """Every three points pairwise joined by drawn lines, not on one line."""
        out = []
        pts = self.problem.points
        for a, b, c in itertools.combinations(pts, 3):
            i, j, k = self.line_through(a, b), self.line_through(b, c), self.line_through(a, c)
            if i is None or j is None or k is None or i == j:
                continue
            if abs(pg.signed_area([self.at[a], self.at[b], self.at[c]])) < 1e-9 * self.model.size() ** 2:
                continue
            out.append((a, b, c))
        return out

    def drawn_quadrilaterals(self) -> list[tuple[str, str, str, str]]:
        """Every convex four-sided shape whose sides lie on four distinct drawn lines, its corners
        named points where neighbouring sides meet (a rectangle's corner cut off by a chord's
        perpendicular, four sectors' centres): the shapes a figure draws without naming them."""
        lines = [set(ln.points) for ln in self.lines if len(ln.points) >= 2]
        meets: dict[tuple[int, int], str] = {}
        for i, j in itertools.combinations(range(len(lines)), 2):
            common = lines[i] & lines[j]
            if len(common) == 1:
                meets[i, j] = meets[j, i] = next(iter(common))
        out = []
        for a, b, c, d in itertools.permutations(range(len(lines)), 4):
            if a != min(a, b, c, d) or b > d:  # each cycle of four lines once
                continue
            corners = [meets.get(k) for k in ((d, a), (a, b), (b, c), (c, d))]
            if None in corners or len(set(corners)) < 4:
                continue
            pts = tuple(corners)
            if self.convex(pts) and all(abs(pg.signed_area([self.at[q] for q in trio])) > 1e-9 * self.model.size() ** 2
                                        for trio in itertools.combinations(pts, 3)):
                out.append(pts)
        return out

    def convex(self, pts: tuple[str, ...]) -> bool:
        n = len(pts)
        turns = [pg.cross(self.at[pts[i]] - self.at[pts[i - 1]], self.at[pts[(i + 1) % n]] - self.at[pts[i]])
                 for i in range(n)]
        return all(t > 0 for t in turns) or all(t < 0 for t in turns)

    def value(self, e: sympy.Expr) -> float:
        return self.model.value(e)
