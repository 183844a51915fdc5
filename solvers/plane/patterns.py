"""Typed premise atoms over a :class:`~.configuration.Configuration`, and the one matcher that
finds every binding of a theorem block's template points.

A theorem block (:class:`Theorem`) is data, written on template points as ``engine/relations.py``
writes relations: its key (FormalGeo's theorem name), premises (atoms such as
``Collinear("ABC")`` or ``Triangle("ABC")``), conclusions as equations between template elements
(``L("AB") + L("BC") = L("AC")``, ``ang("ABC")``), the sentence a proof step says and a construction
of template coordinates satisfying the premises (the property test measures the conclusions on it).
The blocks themselves are in ``theorem_blocks.py``.

An atom binds template letters to point names.  Each atom reads one table of an :class:`Index`
(built once per configuration), extends a partial binding and estimates how many extensions it
has; the matcher binds the most selective atom first (an atom whose letters are all bound is a
check and goes first), so no block ever enumerates all point tuples.  Where a premise needs a
computation a pattern cannot say (which ray lies inside an angle, which lines are parallel by
transitivity), the atom does it; the block stays declarative.

Configuration premises are read off the model as the configuration reads them; metric premises
(parallel, perpendicular, midpoint, tangent …) come from the problem's statements only.
"""
from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import sympy
from geomill.engine.plane import element_of, element_symbol
from geomill.engine.relations import BLOCKS_BY_KEY, polygon_of

from .configuration import Configuration

Binding = Mapping[str, str]  # template letter -> point name
Equation = tuple[sympy.Expr, sympy.Expr]
INF = float("inf")
MAX_LINE = 9  # line addition on lines of at most this many points (a textbook line has few)


# -- the tables atoms read ------------------------------------------------------------------------


class Index:
    """Tables of one configuration, each built on first use and shared by every block."""

    def __init__(self, cfg: Configuration):
        self.cfg = cfg

    @cached_property
    def triangles(self) -> list[tuple[str, str, str]]:
        return self.cfg.triangles

    @cached_property
    def triangle_set(self) -> frozenset[tuple[str, str, str]]:
        return frozenset(self.triangles)

    @cached_property
    def short_lines(self) -> list[tuple[str, ...]]:
        """Lines of 3 to MAX_LINE points, in order."""
        return [ln.points for ln in self.cfg.lines if 3 <= len(ln.points) <= MAX_LINE]

    @cached_property
    def polygons(self) -> dict[int, list[tuple[str, ...]]]:
        """Declared polygons, those of kind lines and those a fact or the goal measures, by size."""
        cfg = self.cfg
        out: dict[tuple[str, ...], None] = {}
        for p in cfg.problem.polygons:
            out[p.points] = None
        for rel in cfg.problem.relations:
            poly = polygon_of(BLOCKS_BY_KEY[rel.key], rel.args)
            if poly:
                out[tuple(poly)] = None
        exprs = [f.lhs - f.rhs for f in cfg.problem.facts] + ([cfg.problem.goal.expr] if cfg.problem.goal else [])
        for e in exprs:
            for s in e.free_symbols:
                el = element_of(s)
                if el is not None and el.kind.key in ("area", "perimeter"):
                    out[el.points] = None
        by_size: dict[int, list[tuple[str, ...]]] = {}
        for poly in out:
            by_size.setdefault(len(poly), []).append(poly)
        return by_size

    @cached_property
    def convex(self) -> dict[tuple[str, ...], bool]:
        return {p: self.cfg.convex(p) for ps in self.polygons.values() for p in ps}

    @cached_property
    def rays(self) -> dict[str, list[tuple[tuple[int, int], str, float]]]:
        """Point -> (ray, its name (the nearest point), its direction in degrees) of every ray from
        it, in the configuration's order."""
        cfg = self.cfg
        return {v: [(r, cfg.ray_point(v, r), cfg.direction(v, r)) for r in cfg.rays_at(v)] for v in cfg.problem.points}

    @cached_property
    def ray_by_name(self) -> dict[tuple[str, str], tuple[tuple[int, int], float]]:
        """(vertex, name) -> (ray, direction)."""
        return {(v, n): (r, d) for v, rs in self.rays.items() for r, n, d in rs}


def _between(d1: float, d2: float) -> float:
    """The angle between two directions, as ``Configuration.ray_angle`` measures it."""
    d = abs(d1 - d2) % 360
    return min(d, 360 - d)


# -- atoms ----------------------------------------------------------------------------------------


class Atom:
    """One premise: the letters it binds, its extensions of a binding, their estimated number."""

    letters: str  # the template letters it binds

    def extend(self, ix: Index, b: Binding) -> Iterator[dict[str, str]]:
        raise NotImplementedError

    def size(self, ix: Index, bound: frozenset[str]) -> float:
        """About how many extensions a binding of ``bound`` has (INF: it cannot enumerate yet)."""
        raise NotImplementedError


def _fits(b: Binding, letters: str, pts: tuple[str, ...]) -> dict[str, str] | None:
    """b extended by letters -> pts, or None when a bound letter disagrees."""
    out = dict(b)
    for letter, p in zip(letters, pts):
        if out.setdefault(letter, p) != p:
            return None
    return out


@dataclass(frozen=True)
class Collinear(Atom):
    """Three points in this order on one drawn line (of at most MAX_LINE points)."""

    letters: str

    def extend(self, ix: Index, b: Binding) -> Iterator[dict[str, str]]:
        for pts in ix.short_lines:
            for trio in itertools.combinations(pts, 3):
                out = _fits(b, self.letters, trio)
                if out is not None:
                    yield out

    def size(self, ix: Index, bound: frozenset[str]) -> float:
        trios = sum(len(p) * (len(p) - 1) * (len(p) - 2) / 6 for p in ix.short_lines)
        return trios / (1 + 4 * len(bound & set(self.letters)))


@dataclass(frozen=True)
class Triangle(Atom):
    """Three points pairwise joined by drawn lines, not on one line (in the configuration's order)."""

    letters: str

    def extend(self, ix: Index, b: Binding) -> Iterator[dict[str, str]]:
        if all(x in b for x in self.letters):
            if tuple(b[x] for x in self.letters) in ix.triangle_set:
                yield dict(b)
            return
        for tri in ix.triangles:
            out = _fits(b, self.letters, tri)
            if out is not None:
                yield out

    def size(self, ix: Index, bound: frozenset[str]) -> float:
        return 0.5 if set(self.letters) <= bound else len(ix.triangles)


@dataclass(frozen=True)
class Polygon(Atom):
    """A polygon the problem names (declared, of a kind, or measured) with these many vertices,
    bound in its own order; ``convex``: only a convex one."""

    letters: str
    convex: bool = False

    def extend(self, ix: Index, b: Binding) -> Iterator[dict[str, str]]:
        for poly in ix.polygons.get(len(self.letters), ()):
            if self.convex and not ix.convex[poly]:
                continue
            out = _fits(b, self.letters, poly)
            if out is not None:
                yield out

    def size(self, ix: Index, bound: frozenset[str]) -> float:
        return len(ix.polygons.get(len(self.letters), ()))


@dataclass(frozen=True)
class RayPair(Atom):
    """Two rays ``VA`` and ``VC`` from V (each named by its nearest point), each pair once;
    ``flat``: the two halves of one line, else rays on two lines."""

    letters: str  # "AVC"
    flat: bool

    def extend(self, ix: Index, b: Binding) -> Iterator[dict[str, str]]:
        v = self.letters[1]
        vs = (b[v],) if v in b else ix.cfg.problem.points
        for p in vs:
            rays = ix.rays[p]
            if len(rays) < 3:  # a ray pair needs a third ray to say anything
                continue
            for (r1, n1, _), (r3, n3, _) in itertools.combinations(rays, 2):
                if (r1[0] == r3[0]) != self.flat:
                    continue
                out = _fits(b, self.letters, (n1, p, n3))
                if out is not None:
                    yield out

    def size(self, ix: Index, bound: frozenset[str]) -> float:
        per = sum(len(r) * (len(r) - 1) / 2 for r in ix.rays.values())
        return per / max(len(ix.rays), 1) if self.letters[1] in bound else per


@dataclass(frozen=True)
class RayInside(Atom):
    """A ray ``VB`` off the lines of ``VA`` and ``VC`` inside the angle AVC (on the model: the two
    parts add up to the whole; any such ray when AVC is a straight angle)."""

    letters: str  # "BAVC"

    def extend(self, ix: Index, b: Binding) -> Iterator[dict[str, str]]:
        x, a, v, c = self.letters
        p = b[v]
        (r1, d1), (r3, d3) = ix.ray_by_name[(p, b[a])], ix.ray_by_name[(p, b[c])]
        flat = r1[0] == r3[0]
        whole = 180.0 if flat else _between(d1, d3)
        for r2, n2, d2 in ix.rays[p]:
            if r2[0] in (r1[0], r3[0]):
                continue
            if abs(_between(d1, d2) + _between(d2, d3) - whole) > 1e-4:
                continue
            out = _fits(b, x, (n2,))
            if out is not None:
                yield out

    def size(self, ix: Index, bound: frozenset[str]) -> float:
        return 2.0 if set(self.letters[1:]) <= bound else INF


# -- the matcher ----------------------------------------------------------------------------------


def plan(premises: tuple[Atom, ...], ix: Index) -> list[Atom]:
    """The premises in the order to bind them: always the one with the fewest extensions next."""
    left, order, bound = list(premises), [], frozenset()
    while left:
        best = min(left, key=lambda a: a.size(ix, bound))
        if best.size(ix, bound) == INF:
            raise ValueError(f"no premise can be bound first among {left}")
        order.append(best)
        left.remove(best)
        bound |= set(best.letters)
    return order


def match(premises: tuple[Atom, ...], ix: Index) -> Iterator[dict[str, str]]:
    """Every binding of the premises' letters that satisfies them all."""
    order = plan(premises, ix)

    def rec(k: int, b: dict[str, str]) -> Iterator[dict[str, str]]:
        if k == len(order):
            yield b
            return
        for nb in order[k].extend(ix, b):
            yield from rec(k + 1, nb)

    yield from rec(0, {})


# -- theorem blocks -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Conclusion:
    """One equation of a block, and the names its proof step is stated with (template letters;
    None: the block's)."""

    lhs: sympy.Expr
    rhs: sympy.Expr
    names: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Theorem:
    """A theorem family as data: see the module docstring."""

    key: str  # FormalGeo's theorem name
    sentence: str  # ``{0}``, ``{1}``: the instance's names
    premises: tuple[Atom, ...]
    conclusions: tuple[Conclusion, ...]
    names: tuple[str, ...]  # template letters of each name in the sentence
    construct: Callable[[np.random.Generator], dict[str, np.ndarray]]
    figure: str = ""  # the premises in the problem language, on the construction's points
    kind: str = "construction"

    @cached_property
    def _compiled(self) -> tuple[tuple[tuple[str, ...], sympy.Expr, sympy.Expr,
                                       tuple[tuple[sympy.Symbol, str, tuple[str, ...]], ...]], ...]:
        out = []
        for c in self.conclusions:
            lhs, rhs = sympy.sympify(c.lhs, strict=True), sympy.sympify(c.rhs, strict=True)
            slots = []
            for s in sorted((lhs - rhs).free_symbols | lhs.free_symbols | rhs.free_symbols, key=str):
                el = element_of(s)
                assert el is not None, (self.key, s)
                slots.append((s, el.kind.key, el.points))
            out.append((c.names or self.names, lhs, rhs, tuple(slots)))
        return tuple(out)

    def instances(self, ix: Index) -> Iterator[tuple[tuple[str, ...], sympy.Expr, sympy.Expr]]:
        """(names, lhs, rhs) of every conclusion on every binding, angles as the configuration's atoms."""
        cfg = ix.cfg
        for b in match(self.premises, ix):
            for names, lhs, rhs, slots in self._compiled:
                subs = {}
                for s, kind, letters in slots:
                    pts = tuple(b[x] for x in letters)
                    atom = cfg.angle(*pts) if kind == "angle" else None
                    subs[s] = atom if atom is not None else element_symbol(kind, pts)
                yield (tuple("".join(b[x] for x in n) for n in names), lhs.xreplace(subs), rhs.xreplace(subs))
