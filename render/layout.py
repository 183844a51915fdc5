"""Coordinates for every point of a solved problem, to scale and without overlaps.

One general mechanism, driven by the catalogue's constructions:

1. each shape is built in its own frame by :mod:`render.fit` from the solver's
   values (plus the distances between its points that are already placed);
2. it is moved onto the figure by a rigid motion (rotation, translation and
   possibly a reflection) that maps its already placed points onto theirs —
   two shared points leave the reflection free, one leaves the rotation free;
3. angle relations (supplementary, complementary, vertical) fix *directions*:
   their extra points are kept as rays from the shared vertex until a shape
   places them or the figure is finished;
4. alternatives (both reflections, other rotations, other free choices) are
   tried depth first, preferring the one that moves the new shape away from
   the figure, and rejected when shape interiors overlap (shapely).

Deterministic for a given seed.
"""
from __future__ import annotations

import math
import random
import statistics
import weakref
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np
import shapely
from geomill.engine.errors import GeomillError
from geomill.engine.geometry import angle_at, distance
from geomill.engine.kinds import KINDS, Arc, Line, ShapeKind
from geomill.engine.model import QKind, ShapeDecl
from shapely.geometry import Point, Polygon

from . import colours
from .fit import fit
from .scene import XY, Measures, Scene, SceneArc, SceneShape, flip_loops, outline_polygon

MAX_NODES = 400
ROTATIONS = 12


class LayoutError(GeomillError):
    """No layout satisfies the problem without overlapping shapes."""


# -- rigid motions ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Motion:
    """p -> R(theta) · (x, ±y) + t."""

    mirror: bool
    theta: float
    tx: float
    ty: float

    def __call__(self, p: XY) -> XY:
        x, y = p[0], -p[1] if self.mirror else p[1]
        c, s = math.cos(self.theta), math.sin(self.theta)
        return (c * x - s * y + self.tx, s * x + c * y + self.ty)

    def direction(self, u: XY) -> XY:
        x, y = u[0], -u[1] if self.mirror else u[1]
        c, s = math.cos(self.theta), math.sin(self.theta)
        return (c * x - s * y, s * x + c * y)


def _aligning(mirror: bool, local_a: XY, local_dir: XY, global_a: XY, global_dir: XY) -> Motion:
    """The motion taking local_a to global_a and the local direction to the global one."""
    lx, ly = local_dir[0], -local_dir[1] if mirror else local_dir[1]
    theta = math.atan2(global_dir[1], global_dir[0]) - math.atan2(ly, lx)
    m = Motion(mirror, theta, 0.0, 0.0)
    p = m(local_a)
    return Motion(mirror, theta, global_a[0] - p[0], global_a[1] - p[1])


def _unit(v: XY) -> XY:
    n = math.hypot(v[0], v[1])
    return (v[0] / n, v[1] / n)


def _sub(a: XY, b: XY) -> XY:
    return (a[0] - b[0], a[1] - b[1])


# -- state ---------------------------------------------------------------------------------------------


@dataclass
class Placed:
    decl: ShapeDecl
    coords: dict  # vertex index / aux name -> scene xy
    loops: tuple
    polygon: Polygon | None


@dataclass
class State:
    pos: dict[str, XY] = field(default_factory=dict)
    rays: dict[str, tuple[str, XY]] = field(default_factory=dict)  # point -> (vertex, unit direction)
    placed: list[Placed] = field(default_factory=list)
    done: frozenset[int] = frozenset()

    def copy(self) -> State:
        return State(dict(self.pos), dict(self.rays), list(self.placed), self.done)

    def centroid(self) -> XY:
        pts = list(self.pos.values())
        return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))


# -- solver values ----------------------------------------------------------------------------------------


def shape_values(solution, decl: ShapeDecl) -> dict[str, float]:
    """Element symbol -> the solver's exact value, for the elements it knows."""
    kind = KINDS[decl.kind]
    known, find = solution.deduction.known, solution.graph.find
    out = {}
    for sym, qs in kind.bind(decl).items():
        d = known.get(find(qs[0]))
        if d is not None and math.isfinite(d.exact):
            out[sym] = float(d.exact)
    return out


def _has_interior(kind: ShapeKind) -> bool:
    return bool(kind.construction.outline)


def _directional(kind: ShapeKind) -> bool:
    """An angle relation: its construction fixes directions only (unit rays), not lengths."""
    return not _has_interior(kind) and all(el.kind is QKind.ANGLE for el in kind.elements.values())


# -- the search ---------------------------------------------------------------------------------------------


class _Search:
    def __init__(self, solution, seed: int):
        self.solution = solution
        self.decls = list(solution.problem.shapes)
        self.values = [shape_values(solution, d) for d in self.decls]
        self.rng = random.Random(f"layout:{seed}")
        lengths = [v for d, vals in zip(self.decls, self.values) for s, v in vals.items()
                   if KINDS[d.kind].elements[s].kind is QKind.LENGTH]
        self.scale = statistics.median(lengths) if lengths else 5.0
        self.tol = 1e-6 * self.scale
        self.nodes = 0
        self.why = "no arrangement of the shapes avoids overlapping interiors"

    def run(self) -> State:
        result = self._step(State())
        if result is None:
            raise LayoutError(self.why, None, self.solution.problem.source)
        return result

    def _step(self, state: State) -> State | None:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            return None
        todo = [i for i in range(len(self.decls)) if i not in state.done]
        if not todo:
            return self._finish(state)
        i = self._next(state, todo)
        decl = self.decls[i]
        if _directional(KINDS[decl.kind]):
            cands = self._relation_candidates(state, i)
        else:
            cands = self._shape_candidates(state, i)
        for new in cands:
            new.done = state.done | {i}
            out = self._step(new)
            if out is not None:
                return out
            if self.nodes > MAX_NODES:
                break
        return None

    def _next(self, state: State, todo: list[int]) -> int:
        """The most constrained declaration: a relation whose angles are known and whose vertex
        and a ray are placed, else the shape sharing the most placed points (then rays), else
        the first.  (A relation whose angle is free waits for the shapes: their overlap-free
        placement then decides its rays, rather than a blind guess deciding theirs.)"""
        for i in todo:
            kind = KINDS[self.decls[i].kind]
            if _directional(kind) and self.values[i]:
                pts = self.decls[i].points
                vertices = {pts[v] for el in kind.elements.values() for _, v, _ in el.at}
                others = set(pts) - vertices
                if vertices & state.pos.keys() and others & (state.pos.keys() | state.rays.keys()):
                    return i

        def score(i: int) -> tuple[int, int, int]:
            pts = set(self.decls[i].points)
            kind = KINDS[self.decls[i].kind]
            placed = len(pts & state.pos.keys())
            rigid = not _has_interior(kind) and not _directional(kind)  # a point on a segment: no choices
            return (placed + (10 if rigid and placed >= 2 else 0), len(pts & state.rays.keys()),
                    _has_interior(kind))

        return max(todo, key=lambda i: (score(i), -i))

    # -- shapes --------------------------------------------------------------------------------------------
    def _shape_candidates(self, state: State, i: int) -> Iterator[State]:
        decl, kind = self.decls[i], KINDS[self.decls[i].kind]
        names = decl.points
        placed = [k for k, n in enumerate(names) if n in state.pos]
        targets = self._measured_targets(state, i)
        pairs = [(a, b, distance(state.pos[names[a]], state.pos[names[b]]))
                 for x, a in enumerate(placed) for b in placed[x + 1:]]
        found = False
        nested: list[tuple[float, State]] = []
        centre = state.centroid() if state.pos else None
        for _, local in fit(kind, targets, pairs, self.rng):
            ways = _Placements(kind, local, self._motions(state, decl, local, placed),
                               may_coincide=len(placed) >= 2 and _has_interior(kind))
            # farthest from the figure first (ties in the motions' order); each placement is
            # checked only when its turn comes, and the next free choice fitted only if all fail
            away = [distance(_mean(list(c.values())), centre) if centre else 0.0 for c in ways.coords]
            for k in sorted(range(len(away)), key=lambda k: -away[k]):
                cand = self._place_shape(state, decl, ways, k)
                if cand is None:
                    continue
                if cand[1]:
                    nested.append((away[k], cand[0]))
                else:
                    found = True
                    yield cand[0]
        if not found:
            # a shape inside another (D on AC splits triangle ABC into ABD and DBC) is a
            # figure the problem asks for, but only when nothing else fits
            for _, cand in sorted(nested, key=lambda c: -c[0]):
                found = True
                yield cand
        if not found:
            self.why = f"{decl.name} cannot be placed without overlapping another shape"

    def _measured_targets(self, state: State, i: int) -> dict[str, float]:
        """The solver's values for declaration ``i``, plus every side or angle whose points are
        already placed, as measured there (a free angle is then what the figure made it)."""
        decl, kind = self.decls[i], KINDS[self.decls[i].kind]
        targets = dict(self.values[i])
        for sym, el in kind.elements.items():
            if sym in targets or el.kind not in (QKind.LENGTH, QKind.ANGLE):
                continue
            at = el.at[0]
            if all(decl.points[k] in state.pos for k in at):
                p = [state.pos[decl.points[k]] for k in at]
                targets[sym] = distance(*p) if el.kind is QKind.LENGTH else angle_at(*p)
        return targets

    def _motions(self, state: State, decl: ShapeDecl, local: dict, placed: list[int]) -> list[Motion]:
        names = decl.points
        if len(placed) >= 2:
            a, b = max(((a, b) for x, a in enumerate(placed) for b in placed[x + 1:]),
                       key=lambda ab: distance(state.pos[names[ab[0]]], state.pos[names[ab[1]]]))
            ga, gb = state.pos[names[a]], state.pos[names[b]]
            return [_aligning(m, local[a], _sub(local[b], local[a]), ga, _sub(gb, ga)) for m in (False, True)]
        if len(placed) == 1:
            a = placed[0]
            ga = state.pos[names[a]]
            rayed = [k for k, n in enumerate(names) if n in state.rays and state.rays[n][0] == names[a]]
            if rayed:
                k = rayed[0]
                return [_aligning(m, local[a], _sub(local[k], local[a]), ga, state.rays[names[k]][1])
                        for m in (False, True)]
            centre = state.centroid()
            away = _sub(ga, centre)
            if math.hypot(*away) < self.tol:
                away = (1.0, 0.0)
            lc = _mean([local[k] for k in range(len(names))])
            out_dir = _sub(lc, local[a])
            if math.hypot(*out_dir) < self.tol:
                out_dir = (1.0, 0.0)
            base = math.atan2(away[1], away[0])
            motions = []
            for step in range(ROTATIONS):
                turn = (step + 1) // 2 * (2 * math.pi / ROTATIONS) * (1 if step % 2 else -1)
                g = (math.cos(base + turn), math.sin(base + turn))
                motions += [_aligning(m, local[a], out_dir, ga, g) for m in (False, True)]
            return motions
        if not state.pos:
            return [Motion(False, 0.0, 0.0, 0.0)]
        # not connected to anything placed: put it to the right of the figure
        xs = [p[0] for p in state.pos.values()] + [x for pl in state.placed for x, _ in _outline_pts(pl)]
        ys = [p[1] for p in state.pos.values()] + [y for pl in state.placed for _, y in _outline_pts(pl)]
        lx = [p[0] for p in local.values()]
        ly = [p[1] for p in local.values()]
        gap = 0.4 * self.scale
        return [Motion(False, 0.0, max(xs) + gap - min(lx), (max(ys) + min(ys)) / 2 - (max(ly) + min(ly)) / 2)]

    def _place_shape(self, state: State, decl: ShapeDecl, ways: _Placements, way: int) -> tuple[State, bool] | None:
        """The state with the shape placed its ``way``-th way and whether it lies inside another
        shape; None where it may not go."""
        coords = ways.coords[way]
        names = decl.points
        existing = {n: p for n, p in state.pos.items() if n not in names}
        for k, n in enumerate(names):
            p = coords[k]
            if n in state.pos:
                if distance(p, state.pos[n]) > 1e-5 * self.scale:
                    return None
            else:
                if n in state.rays and not self._on_ray(state, n, p):
                    return None
                if any(distance(p, q) < 1e-3 * self.scale for q in existing.values()):
                    return None
        loops = ways.loops[way]
        poly = ways.polygon(way)
        if loops and poly is None:
            return None
        nested = False
        for other in state.placed:
            if poly is None or other.polygon is None:
                continue
            share = _shared_area(poly, other.polygon)
            if share <= 1e-6 * min(poly.area, other.polygon.area) or ways.forced:
                continue  # touching, not overlapping (or an overlap the problem forces)
            if share < (1 - 1e-6) * min(poly.area, other.polygon.area):
                return None  # overlapping without one holding the other
            nested = True
        new = state.copy()
        for k, n in enumerate(names):
            new.pos.setdefault(n, coords[k])
            new.rays.pop(n, None)
        if loops:
            new.placed.append(Placed(decl, coords, loops, poly))
        if not _rays_clear(new):
            return None
        return new, nested

    def _on_ray(self, state: State, n: str, p: XY) -> bool:
        v, u = state.rays[n]
        if v not in state.pos:
            return True
        d = _sub(p, state.pos[v])
        along = d[0] * u[0] + d[1] * u[1]
        across = abs(d[0] * u[1] - d[1] * u[0])
        return along > self.tol and across <= 1e-6 * max(along, self.scale)

    # -- angle relations -------------------------------------------------------------------------------------
    def _relation_candidates(self, state: State, i: int) -> list[State]:
        decl, kind = self.decls[i], KINDS[self.decls[i].kind]
        names = decl.points
        out: list[tuple[float, State]] = []
        for _, local in fit(kind, self._measured_targets(state, i), [], self.rng, tries=2):
            for slots in _endpoint_orders(kind, len(names)):
                where: dict[str, XY] = {}
                ok = True
                for slot, n in zip(slots, names):
                    p = local[slot]
                    if n in where and distance(where[n], p) > 1e-9:
                        ok = False
                        break
                    where[n] = p
                if not ok:
                    continue
                vertex = [n for n, p in where.items() if math.hypot(*p) < 1e-12]
                if len(vertex) != 1:
                    continue
                v = vertex[0]
                dirs = {n: _unit(p) for n, p in where.items() if n != v}
                for m in (False, True):
                    cand = self._place_relation(state, v, dirs, m)
                    if cand is not None:
                        out.append(cand)
            if out:
                break
        out.sort(key=lambda c: c[0])
        if not out:
            self.why = f"the angles {decl.name.replace('~', ' and ')} cannot be drawn on the figure's rays"
        return [s for _, s in out]

    def _place_relation(self, state: State, v: str, dirs: dict[str, XY], mirror: bool) -> tuple[float, State] | None:
        new = state.copy()
        if v not in new.pos:
            if new.pos:
                xs = [p[0] for p in new.pos.values()]
                ys = [p[1] for p in new.pos.values()]
                new.pos[v] = (max(xs) + 1.5 * self.scale, (max(ys) + min(ys)) / 2)
            else:
                new.pos[v] = (0.0, 0.0)
        pv = new.pos[v]
        anchor = next((n for n in dirs if n in new.pos), None) or next((n for n in dirs if n in new.rays), None)
        if anchor is None:
            motion = Motion(mirror, 0.0, pv[0], pv[1])
        else:
            g = _unit(_sub(new.pos[anchor], pv)) if anchor in new.pos else new.rays[anchor][1]
            motion = _aligning(mirror, (0.0, 0.0), dirs[anchor], pv, g)
        into = 0.0
        for n, d in dirs.items():
            gd = motion.direction(d)
            if n in new.pos:
                have = _sub(new.pos[n], pv)
                if math.hypot(*have) < self.tol or abs(math.atan2(gd[0] * have[1] - gd[1] * have[0],
                                                            gd[0] * have[0] + gd[1] * have[1])) > 1e-6:
                    return None
            elif n in new.rays:
                rv, ru = new.rays[n]
                if rv != v or distance(ru, gd) > 1e-6:
                    return None
            else:
                new.rays[n] = (v, gd)
                probe = Point(pv[0] + 0.3 * self.scale * gd[0], pv[1] + 0.3 * self.scale * gd[1])
                into += sum(1 for pl in new.placed if pl.polygon is not None and pl.polygon.contains(probe))
        return into, new

    # -- finishing ------------------------------------------------------------------------------------------------
    def _finish(self, state: State) -> State | None:
        """Put the points that only angle relations know on their rays, clear of every shape."""
        new = state.copy()
        for n, (v, u) in sorted(new.rays.items()):
            pv = new.pos[v]
            chosen = None
            for k in (0.6, 0.4, 0.9, 0.25, 1.3):
                p = (pv[0] + k * self.scale * u[0], pv[1] + k * self.scale * u[1])
                if any(distance(p, q) < 0.05 * self.scale for q in new.pos.values()):
                    continue
                if not any(pl.polygon is not None and _runs_inside(pv, p, pl.polygon, 1e-6 * self.scale)
                           for pl in new.placed):
                    chosen = p
                    break
            if chosen is None:
                self.why = f"the ray to {n} crosses a shape whichever length it has"
                return None
            new.pos[n] = chosen
        new.rays = {}
        return new


class _Placements:
    """One fitted shape's ways onto the figure (its points moved by each motion), whose outline
    polygons are built only when a placement is checked."""

    def __init__(self, kind: ShapeKind, local: dict, motions: list[Motion], may_coincide: bool):
        outline = kind.construction.outline
        self.coords = [{k: m(p) for k, p in local.items()} for m in motions]
        self.loops = [flip_loops(outline) if m.mirror else outline for m in motions]
        self._polygons: dict[int, Polygon | None] = {}
        self._may_coincide = may_coincide

    def polygon(self, k: int) -> Polygon | None:
        """The ``k``-th way's region (None where degenerate or without an outline)."""
        if k not in self._polygons:
            self._polygons[k] = outline_polygon(self.loops[k], self.coords[k]) if self.loops[k] else None
        return self._polygons[k]

    @cached_property
    def forced(self) -> bool:
        """A shape symmetric about its two placed points (a circle on a shared side) covers one
        region either way: the overlap is the problem's, so it is allowed."""
        return self._may_coincide and len(self.coords) == 2 and _same_region([self.polygon(0), self.polygon(1)])


def _endpoint_orders(kind: ShapeKind, n: int) -> list[list[int]]:
    """Slot permutations that swap the two ends of an angle element (angle DEF is angle FED),
    so a relation written in any order finds the construction's rays."""
    orders = [list(range(n))]
    for el in kind.elements.values():
        for a, _, b in el.at:
            more = []
            for o in orders:
                s = list(o)
                s[a], s[b] = s[b], s[a]
                more.append(s)
            orders += more
    return orders


def _mean(pts: list[XY]) -> XY:
    return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))


def _same_region(polys: list) -> bool:
    """Do the shape's two placements (the mirror images about its shared side) cover one region?"""
    if len(polys) != 2 or any(p is None for p in polys):
        return False
    a, b = polys
    # Two regions that differ by less than a share e of the first one's area have centroids
    # closer than 2eR/(1 - e), R the reach from the first centroid to any point of either: a
    # mirror image whose centroid moved further is another region, told at a fraction of the
    # cost of the symmetric difference (a circle's is 0.2 ms).
    c1, c2 = a.centroid, b.centroid
    x0, y0, x1, y1 = _union_bounds(a, b)
    reach = max(math.hypot(x - c1.x, y - c1.y) for x in (x0, x1) for y in (y0, y1))
    if math.hypot(c2.x - c1.x, c2.y - c1.y) > 2.1e-3 * reach:
        return False
    return a.symmetric_difference(b).area < 1e-3 * a.area


def _union_bounds(a: Polygon, b: Polygon) -> tuple[float, float, float, float]:
    (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1) = a.bounds, b.bounds
    return min(ax0, bx0), min(ay0, by0), max(ax1, bx1), max(ay1, by1)


def _outline_pts(pl: Placed) -> list[XY]:
    return list(pl.polygon.exterior.coords) if pl.polygon is not None else []


def _shared_area(a: Polygon, b: Polygon) -> float:
    """The area the two regions share (most pairs only touch along a shared side)."""
    return a.intersection(b).area if a.intersects(b) else 0.0


def _runs_inside(a: XY, b: XY, polygon: Polygon, tol: float) -> bool:
    """Does segment ab pass through the polygon's interior?  Sampled, and only points more
    than ``tol`` inside count: a segment along a side (a relation's ray on a shape's edge)
    touches the polygon everywhere but runs through none of it."""
    t = np.linspace(0.0, 1.0, 41)[1:-1]
    xs, ys = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
    inside = shapely.contains_xy(polygon, xs, ys)
    if not inside.any():
        return False
    pts = shapely.points(xs[inside], ys[inside])
    return bool(np.any(shapely.distance(polygon.boundary, pts) > tol))


def _rays_clear(state: State) -> bool:
    """A ray still waiting for its point must not start by running into a shape."""
    for _, (v, u) in state.rays.items():
        if v not in state.pos:
            continue
        pv = state.pos[v]
        probe = Point(pv[0] + 1e-3 * u[0], pv[1] + 1e-3 * u[1])
        # a ray along a shape's side is clear: only a probe well inside counts (rounding puts
        # a point on the side a hair inside or out)
        if any(pl.polygon is not None and pl.polygon.contains(probe) and pl.polygon.boundary.distance(probe) > 1e-6
               for pl in state.placed):
            return False
    return True


# -- the scene -----------------------------------------------------------------------------------------------


def layout(solution, seed: int = 0) -> Scene:
    """The solved problem laid out to scale: every given and derived value holds exactly.

    Raises LayoutError when no arrangement avoids overlapping shape interiors."""
    search = _Search(solution, seed)
    state = search.run()
    return build_scene(solution, state, seed)


def build_scene(solution, state: State, seed: int) -> Scene:
    problem = solution.problem
    mentioned = {f.quantity for f in problem.facts}
    if problem.query is not None:
        mentioned.add(problem.query.quantity)
    mentioned.add(solution.query)

    segments: list[tuple[str, str]] = []
    seen: set[frozenset[str]] = set()

    def add_segment(a: str, b: str) -> None:
        key = frozenset((a, b))
        if a != b and key not in seen:
            seen.add(key)
            segments.append((a, b))

    fill = colours.assign([pl.decl.name for pl in state.placed], seed)
    shapes, arcs = [], []
    heights: list[tuple[XY, XY]] = []
    height_shapes: list[str] = []
    height_bases: list[tuple[XY, XY]] = []
    for pl in state.placed:
        decl, kind = pl.decl, KINDS[pl.decl.kind]
        for loop in pl.loops:
            for piece in loop:
                if isinstance(piece, Line) and isinstance(piece.start, int) and isinstance(piece.end, int):
                    add_segment(decl.points[piece.start], decl.points[piece.end])
                elif isinstance(piece, Arc):
                    arcs.append(_scene_arc(piece, pl.coords, decl.name))
        for sym, qs in kind.bind(decl).items():
            el = kind.elements[sym]
            for q in qs:
                if q.kind is QKind.LENGTH and q in mentioned:
                    add_segment(*q.key)
            if el.kind is QKind.HEIGHT and any(q in mentioned for q in qs):
                heights.append(_height_line(el.foot, pl.coords, kind.construction.outline[0]))
                height_shapes.append(decl.name)
                height_bases.append((pl.coords[el.foot[1]], pl.coords[el.foot[2]]))
        name = fill[decl.name]
        shapes.append(SceneShape(decl.name, decl.kind, decl.points, pl.coords, pl.loops, name,
                                 colours.PALETTE[name]))
    for decl in problem.shapes:
        kind = KINDS[decl.kind]
        if _has_interior(kind):
            continue
        for el in kind.elements.values():
            for at in el.at:
                for a, b in zip(at, at[1:]):  # rays of an angle, parts of a segment
                    add_segment(decl.points[a], decl.points[b])
    scene = Scene(points=dict(state.pos), segments=segments, arcs=arcs, shapes=shapes,
                  decls=tuple(problem.shapes), heights=heights, height_shapes=height_shapes,
                  height_bases=height_bases, seed=seed)
    own = weakref.ref(scene)  # (not the scene itself: a cycle would leave every figure to the collector)
    scene.measured = Measures(lambda: _measure_scene(own(), problem))
    return scene


def _measure_scene(scene: Scene, problem) -> dict[str, float]:
    """Every element of the scene, and also under the spelling the problem uses (``AD`` where
    the catalogue binds ``DA``)."""
    measured = scene.measure_all()
    for q in [f.quantity for f in problem.facts] + ([problem.query.quantity] if problem.query else []):
        measured.setdefault(str(q), scene.measure(q))
    return measured


def _scene_arc(piece: Arc, coords: dict, shape: str) -> SceneArc:
    from geomill.engine.geometry import arc_sweep

    (cx, cy), r, t0, sweep = arc_sweep(piece, coords)
    a0, a1 = math.degrees(t0), math.degrees(t0 + sweep)
    if sweep < 0:
        a0, a1 = a1, a0
    return SceneArc((cx, cy), r, a0 % 360.0, a1 % 360.0, shape)


HEIGHT_CLEAR_DEG = 12.0  # a dashed height closer than this in angle to a side at its top reads as that side
HEIGHT_INTO = 0.25  # a height moved along its parallel side stands this far into the stretch facing the base


def _height_line(foot: tuple[int, int, int], coords: dict, outline) -> tuple[XY, XY]:
    """The dashed height from vertex ``v`` onto line ``ab``.  Where a side through ``v`` runs parallel to
    ``ab`` (a parallelogram, a trapezoid; any point of it is at the same height) and the drop from ``v``
    would lie almost on a side at ``v`` (a near-right corner), it starts from the middle of that side;
    where the drop would fall beyond ``ab`` (review 6: a height onto a side's extension, across another
    shape, read as no height), from the point of that side ``HEIGHT_INTO`` into the stretch facing
    ``ab`` (inside the shape, its foot on the side, clear of the side's middle where its value goes).
    Else (an obtuse triangle's) its foot may lie beyond ``ab``: ``compose`` extends the side to it."""
    v, a, b = foot
    top = coords[v]
    pa, pb = coords[a], coords[b]
    base = _sub(pb, pa)
    sides = [(p.start, p.end) for p in outline if isinstance(p, Line)]
    ends = [j for i, j in sides if i == v] + [i for i, j in sides if j == v]
    parallel = next((u for u in ends if _angle_between(_sub(coords[u], top), base) < 1e-6
                     or _angle_between(_sub(coords[u], top), base) > 180 - 1e-6), None)
    drop = _sub(_foot(top, pa, pb), top)
    if parallel is not None:
        if any(_angle_between(_sub(coords[w], top), drop) < HEIGHT_CLEAR_DEG for w in ends):
            top = ((top[0] + coords[parallel][0]) / 2, (top[1] + coords[parallel][1]) / 2)
        else:
            length = math.hypot(*base)
            ux, uy = base[0] / length, base[1] / length
            tv = (top[0] - pa[0]) * ux + (top[1] - pa[1]) * uy
            if not 0.0 <= tv <= length:
                pu = coords[parallel]
                tu = (pu[0] - pa[0]) * ux + (pu[1] - pa[1]) * uy
                lo, hi = max(0.0, min(tv, tu)), min(length, max(tv, tu))
                if hi - lo > 1e-9 * length:
                    at = lo + HEIGHT_INTO * (hi - lo) if tv < lo else hi - HEIGHT_INTO * (hi - lo)
                    k = (at - tv) / (tu - tv)
                    top = (top[0] + k * (pu[0] - top[0]), top[1] + k * (pu[1] - top[1]))
    return top, _foot(top, pa, pb)


def _angle_between(u: XY, w: XY) -> float:
    nu, nw = math.hypot(*u), math.hypot(*w)
    if nu < 1e-12 or nw < 1e-12:
        return 0.0
    c = max(-1.0, min(1.0, (u[0] * w[0] + u[1] * w[1]) / (nu * nw)))
    return math.degrees(math.acos(c))


def _foot(p: XY, a: XY, b: XY) -> XY:
    d = _sub(b, a)
    t = ((p[0] - a[0]) * d[0] + (p[1] - a[1]) * d[1]) / (d[0] ** 2 + d[1] ** 2)
    return (a[0] + t * d[0], a[1] + t * d[1])
