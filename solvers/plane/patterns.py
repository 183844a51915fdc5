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

import functools
import itertools
import math
import operator
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple

import numpy as np
import sympy
from geomill.engine import plane_geometry as pg
from geomill.engine.plane import Element, element_of, element_symbol, elements_in
from geomill.engine.relations import BLOCKS_BY_KEY, polygon_of

from .configuration import Configuration

Binding = Mapping[str, str]  # template letter -> point name
ProvenTest = Callable[[sympy.Expr, sympy.Expr], bool]  # does the deduction's table prove lhs = rhs?
ValueOf = Callable[[sympy.Expr], sympy.Expr | None]  # the deduction's exact value of an element (None: not known)
INF = float("inf")
MAX_LINE = 9  # line addition on lines of at most this many points (a textbook line has few)


# -- the tables atoms read ------------------------------------------------------------------------


class Index:
    """Tables of one configuration, each built on first use and shared by every block."""

    def __init__(self, cfg: Configuration, proven: ProvenTest | None = None):
        self.cfg = cfg
        self.proven = proven  # the deduction's test of a metric premise (None: no judgement binds)
        self.value: ValueOf | None = None  # the deduction's values, for a premise that two of them differ
        self._bindings: dict[int, list[dict[str, str]]] = {}
        self._prefixes: dict[tuple[Atom, ...], list[dict[str, str]]] = {}  # see matched
        self._matched: dict[tuple[Atom, ...], list[dict[str, str]]] = {}  # premises -> their bindings (matched)

    def bindings(self, key: object, premises: tuple[Atom, ...]) -> list[dict[str, str]]:
        """The bindings of premises read off the configuration (no proven premise among them),
        found once and kept: a judgement is matched again every round, its proven premises only
        checked again."""
        got = self._bindings.get(id(key))
        if got is None:
            got = self._bindings[id(key)] = self.matched(premises)
        return got

    def matched(self, premises: tuple[Atom, ...]) -> list[dict[str, str]]:
        """Every binding of premises read off the configuration (:func:`match`'s, in its order), each
        prefix of the binding order matched once: blocks share their first premises (a triangle pair and
        its correspondence in seven congruence and similarity blocks), and the configuration does not change."""
        got = self._matched.get(premises)
        if got is None:  # (a judgement read off the configuration alone is matched again every round)
            none: frozenset[str] = frozenset()
            if any(a.size(self, none) == 0 for a in premises):
                got = []
            else:
                got = self._extended(tuple(plan(premises, self)) if len(premises) > 1 else premises)
            self._matched[premises] = got
        return got

    def _extended(self, order: tuple[Atom, ...]) -> list[dict[str, str]]:
        """The bindings of ``order``'s premises, bound in that order (kept; read only)."""
        got = self._prefixes.get(order)
        if got is None:
            if not order:
                return [{}]
            got = [nb for b in self._extended(order[:-1]) for nb in order[-1].extend(self, b)]
            self._prefixes[order] = got
        return got

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
    def trios(self) -> int:
        return sum(len(p) * (len(p) - 1) * (len(p) - 2) // 6 for p in self.short_lines)

    @cached_property
    def ray_pairs(self) -> int:
        return sum(len(r) * (len(r) - 1) // 2 for r in self.rays.values())

    @cached_property
    def polygons(self) -> dict[int, list[tuple[str, ...]]]:
        """Declared polygons, those of kind lines and those a fact or the goal measures (and, looking
        further, the four-sided shapes the lines draw unnamed), by size."""
        cfg = self.cfg
        out: dict[tuple[str, ...], None] = {}
        for p in cfg.problem.polygons:
            out[p.points] = None
        for rel in cfg.problem.relations:
            poly = polygon_of(BLOCKS_BY_KEY[rel.key], rel.args)
            if poly:
                out[tuple(poly)] = None
        for el in self.measured:
            if el.kind.key in ("area", "perimeter"):
                out[el.points] = None
        named = {frozenset(p) for p in out}
        for quad in cfg.drawn_quadrilaterals() if cfg.unnamed else ():
            if frozenset(quad) not in named:
                out[quad] = None
        by_size: dict[int, list[tuple[str, ...]]] = {}
        for poly in out:
            by_size.setdefault(len(poly), []).append(poly)
        return by_size

    @cached_property
    def relations(self) -> dict[str, list]:
        out: dict[str, list] = {}
        for rel in self.cfg.problem.relations:
            out.setdefault(rel.key, []).append(rel)
        return out

    @cached_property
    def measured(self) -> list[Element]:
        """The elements a fact or the goal names, each once, in a stable order."""
        p = self.cfg.problem
        exprs = [f.lhs - f.rhs for f in p.facts] + ([p.goal.expr] if p.goal else [])
        return list(dict.fromkeys(el for e in exprs for el in elements_in(e)))  # (a symbol names one element)

    @cached_property
    def named_angles(self) -> frozenset:
        """The atoms of the angles a fact or the goal names."""
        return frozenset(self.cfg.canon(element_symbol("angle", el.points)) for el in self.measured
                         if el.kind.key == "angle")

    @cached_property
    def midpoints(self) -> dict[frozenset[str], str]:
        """Segment -> its given midpoint (a midpoint or a median's foot)."""
        mids: dict[frozenset[str], str] = {}
        for rel in self.cfg.problem.relations:
            if rel.key == "midpoint":
                mids[frozenset(rel.args[1])] = rel.args[0][0]
            if rel.key == "median":
                mids[frozenset(rel.args[1][1:])] = rel.args[0][1]
        return mids

    @cached_property
    def parallels(self) -> dict[tuple[int, int], tuple[tuple[str, str], tuple[str, str]]]:
        """Pairs of drawn lines given parallel (by a relation, a kind of quadrilateral, a midsegment
        or two given midpoints of a triangle's sides), closed under transitivity, each with the two
        segments that say so."""
        cfg = self.cfg
        pairs: list[tuple[str, str, str, str]] = []
        for rel in cfg.problem.relations:
            a = rel.args
            if rel.key == "parallel":
                pairs.append((*a[0], *a[1]))
            elif rel.key in ("parallelogram", "rectangle", "rhombus", "square"):
                p = a[0]
                pairs += [(p[0], p[1], p[3], p[2]), (p[1], p[2], p[0], p[3])]
            elif rel.key in ("trapezoid", "isosceles_trapezoid", "right_trapezoid"):
                pairs.append((*a[1], *a[2]))
            elif rel.key == "midsegment":
                d, e = a[0]
                abc = a[1]
                pairs.append((d, e, abc[1], abc[2]))
        mids = self.midpoints
        for a, b, c in self.triangles:  # the midsegment of a triangle is parallel to its third side
            for x, y, z in ((a, b, c), (b, c, a), (c, a, b)):
                d, e = mids.get(frozenset((x, y))), mids.get(frozenset((x, z)))
                if d and e and cfg.joined(d, e):
                    pairs.append((d, e, y, z))
        parent: dict[int, int] = {}

        def find(x: int) -> int:
            while parent.get(x, x) != x:
                x = parent[x]
            return x

        names: dict[int, tuple[str, str]] = {}
        for a, b, c, d in pairs:
            i, j = cfg.line_through(a, b), cfg.line_through(c, d)
            if i is None or j is None or i == j:
                continue
            names.setdefault(i, (a, b))
            names.setdefault(j, (c, d))
            parent[find(i)] = find(j)
        quads = [rel.args for rel in cfg.problem.relations if rel.key == "midsegment_quadrilateral"]
        while quads:  # the midsegment EF of ABCD with AD parallel to BC is parallel to both
            ready = [(ef, q) for ef, q in quads if (i := cfg.line_through(q[0], q[3])) is not None
                     and (j := cfg.line_through(q[1], q[2])) is not None and i != j and i in names and j in names
                     and find(i) == find(j) and (k := cfg.line_through(*ef)) is not None and k not in (i, j)]
            if not ready:
                break
            for ef, q in ready:
                i, k = cfg.line_through(q[0], q[3]), cfg.line_through(*ef)
                names.setdefault(k, tuple(ef))
                parent[find(k)] = find(i)
                quads.remove((ef, q))
        out = {}
        for i, j in itertools.permutations(names, 2):
            if find(i) == find(j) and i < j:
                out[(i, j)] = (names[i], names[j])
        return out

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


def _aligned(d1: float, d2: float) -> bool:
    """Two rays of two lines that only the figure puts on one line (a point the problem never places
    on a line: configuration.py): no angle of the proof is read between them, and neither lies inside
    an angle of the other."""
    return min(_between(d1, d2), 180 - _between(d1, d2)) < 1e-4


def _between(d1: float, d2: float) -> float:
    """The angle between two directions, as ``Configuration.ray_angle`` measures it."""
    d = abs(d1 - d2) % 360
    return min(d, 360 - d)


@dataclass(frozen=True)
class Template:
    """An expression of template elements (``L("AB")``, ``ang("ABC")``, a number), bound to point
    names as one expression of the configuration's elements (an angle as its atom)."""

    expr: sympy.Expr

    @cached_property
    def _compiled(self) -> tuple[Builder, tuple[tuple[str, tuple[str, ...]], ...]]:
        e = sympy.sympify(self.expr, strict=True)  # an expression or a number built in code, never text
        syms = sorted(e.free_symbols, key=str)
        slots = []
        for s in syms:
            el = element_of(s)
            assert el is not None, s
            slots.append((el.kind.key, el.points))
        return _builder(e, {s: i for i, s in enumerate(syms)}), tuple(slots)

    @cached_property
    def _points(self) -> Callable[[Binding], tuple[str, ...]]:
        """A binding's points for this template's letters, slot after slot (one C call)."""
        letters = [x for _, ls in self._compiled[1] for x in ls]
        if len(letters) > 1:
            return operator.itemgetter(*letters)
        return (lambda b: (b[letters[0]],)) if letters else (lambda b: ())

    def bind(self, cfg: Configuration, b: Binding) -> sympy.Expr:
        """The expression on ``b``'s points.  Built once per problem for each tuple of elements
        (``cfg.built``): most bindings of a block repeat another's elements (a triangle's angle sum
        from each of its six orders), and sympy's constructors cost more than the lookup; and kept by
        the points themselves (``cfg.bound``): each round of the judgements binds the same again."""
        fast = (self.expr, self._points(b))
        got = cfg.bound.get(fast)
        if got is None:
            got = cfg.bound[fast] = self._bind(cfg, b)
        return got

    def _bind(self, cfg: Configuration, b: Binding) -> sympy.Expr:
        build, slots = self._compiled
        vals = []
        atoms = cfg.slot_atoms
        for kind, letters in slots:
            pts = tuple(b[x] for x in letters)
            got = atoms.get((kind, pts))
            if got is None:  # (each element's atom found once per problem: bindings repeat elements)
                atom = cfg.angle(*pts) if kind == "angle" else None
                got = atoms[kind, pts] = atom if atom is not None else element_symbol(kind, pts)
            vals.append(got)
        key = (self.expr, *vals)
        got = cfg.built.get(key)
        if got is None:
            got = cfg.built[key] = build(vals)
        return got

    def measure(self, cfg: Configuration, b: Binding) -> float:
        """Its value on the model (no atoms: the elements measured as they are named)."""
        build, slots = self._compiled
        memo, value = cfg.measured, cfg.model.value
        vals = []
        for kind, letters in slots:
            key = (kind, tuple(b[x] for x in letters))
            v = memo.get(key)
            if v is None:  # (each element measured once per problem: candidates ask again and again)
                v = memo[key] = value(element_symbol(*key))
            vals.append(v)
        return float(build(vals))

    @cached_property
    def letters(self) -> str:
        return "".join(dict.fromkeys(x for _, pts in self._compiled[1] for x in pts))


@functools.cache
def template(e: sympy.Expr) -> Template:
    """One compiled template per expression (atoms ask for theirs at every binding)."""
    return Template(e)


def _close(x: float, y: float, rel: float = 1e-3) -> bool:
    """Equal on the model, to pick candidates (a model meets its facts to about 1e-5)."""
    return abs(x - y) <= rel * max(1.0, abs(x), abs(y))


# -- atoms ----------------------------------------------------------------------------------------


class Atom:
    """One premise: the letters it binds, its extensions of a binding, their estimated number."""

    letters: str  # the template letters it binds

    def extend(self, ix: Index, b: Binding) -> Iterator[dict[str, str]]:
        raise NotImplementedError

    def size(self, ix: Index, bound: frozenset[str]) -> float:
        """About how many extensions a binding of ``bound`` has (INF: it cannot enumerate yet)."""
        raise NotImplementedError


class Check(Atom):
    """A premise on letters bound already: it keeps a binding or drops it, at no cost to the search,
    so it is taken as soon as its letters are bound."""

    def holds(self, ix: Index, b: Binding) -> bool:
        raise NotImplementedError

    def needs(self) -> str:
        return self.letters

    def extend(self, ix: Index, b: Binding) -> Iterator[dict[str, str]]:
        if self.holds(ix, b):
            yield dict(b)

    def size(self, ix: Index, bound: frozenset[str]) -> float:
        return 0.5 if set(self.needs()) <= bound else INF


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
        return ix.trios / (1 + 4 * len(bound & set(self.letters)))


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
            for (r1, n1, d1), (r3, n3, d3) in itertools.combinations(rays, 2):
                if (r1[0] == r3[0]) != self.flat or (r1[0] != r3[0] and _aligned(d1, d3)):
                    continue
                out = _fits(b, self.letters, (n1, p, n3))
                if out is not None:
                    yield out

    def size(self, ix: Index, bound: frozenset[str]) -> float:
        return ix.ray_pairs / max(len(ix.rays), 1) if self.letters[1] in bound else ix.ray_pairs


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
            if r2[0] in (r1[0], r3[0]) or _aligned(d1, d2) or _aligned(d2, d3):
                continue
            if abs(_between(d1, d2) + _between(d2, d3) - whole) > 1e-4:
                continue
            out = _fits(b, x, (n2,))
            if out is not None:
                yield out

    def size(self, ix: Index, bound: frozenset[str]) -> float:
        return 2.0 if set(self.letters[1:]) <= bound else INF


@dataclass(frozen=True)
class Cyclic(Atom):
    """``XYZ`` is a turn of the bound ``ABC`` (ABC, BCA, CAB): a family stated at each vertex."""

    letters: str  # the new letters
    of: str  # bound letters

    def extend(self, ix: Index, b: Binding) -> Iterator[dict[str, str]]:
        pts = tuple(b[x] for x in self.of)
        for k in range(len(pts)):
            out = _fits(b, self.letters, pts[k:] + pts[:k])
            if out is not None:
                yield out

    def size(self, ix: Index, bound: frozenset[str]) -> float:
        return len(self.of) if set(self.of) <= bound else INF


@dataclass(frozen=True)
class Given(Atom):
    """A relation the problem states, its arguments bound in block order (``Given("tangent", "PA",
    "O")``); ``key`` may be a tuple of keys with one argument shape (the kinds of parallelogram)."""

    key: str | tuple[str, ...]
    args: tuple[str, ...]

    @property
    def letters(self) -> str:  # type: ignore[override]
        return "".join(self.args)

    def extend(self, ix: Index, b: Binding) -> Iterator[dict[str, str]]:
        keys = (self.key,) if isinstance(self.key, str) else self.key
        for k in keys:
            for rel in ix.relations.get(k, ()):
                if len(rel.args) != len(self.args) or any(len(a) != len(t) for a, t in zip(rel.args, self.args)):
                    continue
                out = _fits(b, self.letters, tuple(p for a in rel.args for p in a))
                if out is not None:
                    yield out

    def size(self, ix: Index, bound: frozenset[str]) -> float:
        keys = (self.key,) if isinstance(self.key, str) else self.key
        return sum(len(ix.relations.get(k, ())) for k in keys) / (1 + len(bound & set(self.letters)))


@dataclass(frozen=True)
class Joined(Check):
    """``AB`` is drawn (the two points lie on one drawn line)."""

    letters: str

    def holds(self, ix: Index, b: Binding) -> bool:
        return ix.cfg.joined(b[self.letters[0]], b[self.letters[1]])


@dataclass(frozen=True)
class AreaNamed(Check):
    """A fact or the goal names the area of one of the triangles ``triangles`` (bound letters, named in
    any order): a block whose conclusions only a stated or asked area needs."""

    triangles: tuple[str, ...]

    @property
    def letters(self) -> str:  # type: ignore[override]
        return "".join(dict.fromkeys("".join(self.triangles)))

    def holds(self, ix: Index, b: Binding) -> bool:
        named = {frozenset(el.points) for el in ix.measured if el.kind.key == "area"}
        return any(frozenset(b[x] for x in t) in named for t in self.triangles)


@dataclass(frozen=True)
class Between(Atom):
    """``M`` strictly between ``A`` and ``B`` on one drawn line (``letters`` = "MAB")."""

    letters: str

    def extend(self, ix: Index, b: Binding) -> Iterator[dict[str, str]]:
        m, a, c = self.letters
        cfg = ix.cfg
        if m in b:
            if cfg.between(b[m], b[a], b[c]):
                yield dict(b)
            return
        i = cfg.line_through(b[a], b[c])
        if i is None:
            return
        for p in cfg.lines[i].points:
            if cfg.between(p, b[a], b[c]):
                yield {**b, m: p}

    def size(self, ix: Index, bound: frozenset[str]) -> float:
        return INF if not set(self.letters[1:]) <= bound else 0.5 if self.letters[0] in bound else 2.0


@dataclass(frozen=True)
class OnLine(Atom):
    """``P`` on the drawn line through ``A`` and ``B`` (``letters`` = "PAB"; P may be A or B)."""

    letters: str

    def extend(self, ix: Index, b: Binding) -> Iterator[dict[str, str]]:
        p, a, c = self.letters
        i = ix.cfg.line_through(b[a], b[c])
        if i is None:
            return
        for q in ix.cfg.lines[i].points:
            out = _fits(b, p, (q,))
            if out is not None:
                yield out

    def size(self, ix: Index, bound: frozenset[str]) -> float:
        return INF if not set(self.letters[1:]) <= bound else 0.5 if self.letters[0] in bound else 3.0


@dataclass(frozen=True)
class Meet(Atom):
    """``V`` on both drawn lines ``AB`` and ``CD`` (``letters`` = "VABCD"), in name order."""

    letters: str

    def extend(self, ix: Index, b: Binding) -> Iterator[dict[str, str]]:
        v, a, c, d, e = self.letters
        cfg = ix.cfg
        i, j = cfg.line_through(b[a], b[c]), cfg.line_through(b[d], b[e])
        if i is None or j is None:
            return
        for q in sorted(set(cfg.lines[i].points) & set(cfg.lines[j].points)):
            out = _fits(b, v, (q,))
            if out is not None:
                yield out

    def size(self, ix: Index, bound: frozenset[str]) -> float:
        return INF if not set(self.letters[1:]) <= bound else 1.0


@dataclass(frozen=True)
class Apart(Check):
    """``X`` is none of the points bound to ``among``."""

    letters: str
    among: str

    def holds(self, ix: Index, b: Binding) -> bool:
        return b[self.letters] not in {b[x] for x in self.among}

    def needs(self) -> str:
        return self.letters + self.among


@dataclass(frozen=True)
class Before(Check):
    """``A`` before ``B`` by name: a pair counted once."""

    letters: str

    def holds(self, ix: Index, b: Binding) -> bool:
        return b[self.letters[0]] < b[self.letters[1]]


@dataclass(frozen=True)
class Arm(Atom):
    """``X`` names a ray from ``V`` along the drawn line ``AB`` (``letters`` = "XVAB")."""

    letters: str

    def extend(self, ix: Index, b: Binding) -> Iterator[dict[str, str]]:
        x, v, a, c = self.letters
        i = ix.cfg.line_through(b[a], b[c])
        for r, n, _ in ix.rays.get(b[v], ()):
            if r[0] == i:
                out = _fits(b, x, (n,))
                if out is not None:
                    yield out

    def size(self, ix: Index, bound: frozenset[str]) -> float:
        return INF if not set(self.letters[1:]) <= bound else 0.5 if self.letters[0] in bound else 2.0


@dataclass(frozen=True)
class Aligned(Check):
    """Rays ``PX`` and ``QY`` point the same way (``same``) or opposite ways, on the model
    (``letters`` = "PXQY")."""

    letters: str
    same: bool = True

    def holds(self, ix: Index, b: Binding) -> bool:
        p, x, q, y = (b[k] for k in self.letters)
        d1, d2 = ix.ray_by_name[(p, x)][1], ix.ray_by_name[(q, y)][1]
        return (_between(d1, d2) < 90) == self.same


@dataclass(frozen=True)
class Facing(Check):
    """``X`` names the ray from ``P`` toward ``Q`` (``toward``) or the ray away from it (``letters`` =
    "XPQ"): alternate angles between two parallels, or outside them."""

    letters: str
    toward: bool = True

    def holds(self, ix: Index, b: Binding) -> bool:
        x, p, q = (b[k] for k in self.letters)
        r = ix.cfg.ray(p, q)
        return (r is not None and ix.cfg.ray_point(p, r) == x) == self.toward


@dataclass(frozen=True)
class Bend(Atom):
    """``E`` a bend between two parallels: joined to ``P`` on one and ``Q`` on the other, strictly between
    the two lines and off line PQ, on the side of PQ that the rays ``PX`` and ``QY`` (along the parallels,
    the same way) point to, on the model (``letters`` = "EPXQY"): there angle PEQ = angle XPE + angle YQE."""

    letters: str

    def extend(self, ix: Index, b: Binding) -> Iterator[dict[str, str]]:
        e, p, x, q, y = self.letters
        cfg = ix.cfg
        at = {k: np.asarray(cfg.at[b[k]], float) for k in (p, x, q, y)}
        d, d2 = at[x] - at[p], at[y] - at[q]
        if float(np.dot(d, d2)) <= 0:
            return  # (the two rays the same way along the parallels)
        n = np.array([-d[1], d[0]])
        across, pq = float(np.dot(at[q] - at[p], n)), at[q] - at[p]
        side = pg.cross(pq, d)
        for pt in cfg.problem.points:
            if pt in (b[p], b[q]) or not (cfg.joined(b[p], pt) and cfg.joined(b[q], pt)):
                continue
            r = np.asarray(cfg.at[pt], float) - at[p]
            h, turn = float(np.dot(r, n)), pg.cross(pq, r)
            tol = 1e-7 * max(1.0, abs(across))
            if not (min(0.0, across) + tol < h < max(0.0, across) - tol) or abs(turn) < tol or turn * side <= 0:
                continue
            out = _fits(b, e, (pt,))
            if out is not None:
                yield out

    def size(self, ix: Index, bound: frozenset[str]) -> float:
        return INF if not set(self.letters[1:]) <= bound else 2.0


@dataclass(frozen=True)
class SameSide(Check):
    """``P`` and ``X`` strictly on one side of the line through ``Y`` and ``Z`` on the model (``letters`` =
    "PXYZ"): the centre of the circle through a triangle's vertices on the vertex's side of the opposite side."""

    letters: str

    def holds(self, ix: Index, b: Binding) -> bool:
        p, x, y, z = (np.asarray(ix.cfg.at[b[k]], float) for k in self.letters)
        d = z - y
        side = lambda q: pg.cross(d, q - y)  # noqa: E731
        tol = 1e-7 * max(1.0, float(d @ d))
        return side(p) * side(x) > tol * tol and abs(side(p)) > tol


@dataclass(frozen=True)
class Toward(Atom):
    """``X`` names the ray from ``P`` toward ``Q`` (``letters`` = "XPQ")."""

    letters: str

    def extend(self, ix: Index, b: Binding) -> Iterator[dict[str, str]]:
        x, p, q = self.letters
        cfg = ix.cfg
        r = cfg.ray(b[p], b[q])
        if r is not None:
            out = _fits(b, x, (cfg.ray_point(b[p], r),))
            if out is not None:
                yield out

    def size(self, ix: Index, bound: frozenset[str]) -> float:
        return INF if not set(self.letters[1:]) <= bound else 0.5


@dataclass(frozen=True)
class Transversal(Atom):
    """``P`` on the drawn line ``AB``, ``Q`` on the drawn line ``CD``, and ``PQ`` a third drawn line
    (``letters`` = "PQABCD")."""

    letters: str

    def extend(self, ix: Index, b: Binding) -> Iterator[dict[str, str]]:
        p, q, a, c, d, e = self.letters
        cfg = ix.cfg
        i, j = cfg.line_through(b[a], b[c]), cfg.line_through(b[d], b[e])
        if i is None or j is None:
            return
        for x in cfg.lines[i].points:
            for y in cfg.lines[j].points:
                t = cfg.line_through(x, y)
                if x == y or t is None or t in (i, j):
                    continue
                out = _fits(b, p + q, (x, y))
                if out is not None:
                    yield out

    def size(self, ix: Index, bound: frozenset[str]) -> float:
        return INF if not set(self.letters[2:]) <= bound else 4.0


@dataclass(frozen=True)
class Parallel(Atom):
    """Two drawn lines given parallel (by a relation, a kind of quadrilateral or a midsegment),
    closed under transitivity, bound to the segments that say so (``letters`` = "ABCD"), each pair
    once."""

    letters: str

    def extend(self, ix: Index, b: Binding) -> Iterator[dict[str, str]]:
        for (ab, cd) in ix.parallels.values():
            out = _fits(b, self.letters, ab + cd)
            if out is not None:
                yield out

    def size(self, ix: Index, bound: frozenset[str]) -> float:
        return len(ix.parallels)


@dataclass(frozen=True)
class ParallelLines(Check):
    """The drawn lines ``AB`` and ``CD`` are given parallel (``letters`` = "ABCD", all bound)."""

    letters: str

    def holds(self, ix: Index, b: Binding) -> bool:
        a, c, d, e = (b[x] for x in self.letters)
        i, j = ix.cfg.line_through(a, c), ix.cfg.line_through(d, e)
        return i is not None and j is not None and (min(i, j), max(i, j)) in ix.parallels


@dataclass(frozen=True)
class Unparallel(ParallelLines):
    """The drawn lines ``AB`` and ``CD`` are not given parallel (a trapezoid's legs, where a parallelogram's
    second pair would make its area base times height)."""

    def holds(self, ix: Index, b: Binding) -> bool:
        return not super().holds(ix, b)


@dataclass(frozen=True)
class Midpoint(Atom):
    """``M`` is the given midpoint of ``AB`` (a midpoint or a median's foot; ``letters`` = "MAB")."""

    letters: str

    def extend(self, ix: Index, b: Binding) -> Iterator[dict[str, str]]:
        m, a, c = self.letters
        if a in b and c in b:
            got = ix.midpoints.get(frozenset((b[a], b[c])))
            if got is not None:
                out = _fits(b, m, (got,))
                if out is not None:
                    yield out
            return
        for seg, mid in ix.midpoints.items():
            x, y = sorted(seg)
            for pair in ((x, y), (y, x)):
                out = _fits(b, self.letters, (mid, *pair))
                if out is not None:
                    yield out

    def size(self, ix: Index, bound: frozenset[str]) -> float:
        return 0.5 if set(self.letters[1:]) <= bound else 2 * len(ix.midpoints)


@dataclass(frozen=True)
class Circle(Atom):
    """``O`` is the centre of a circle the problem declares (each declaration once)."""

    letters: str

    def extend(self, ix: Index, b: Binding) -> Iterator[dict[str, str]]:
        for c in ix.cfg.problem.circles:
            out = _fits(b, self.letters, (c.centre,))
            if out is not None:
                yield out

    def size(self, ix: Index, bound: frozenset[str]) -> float:
        return 0.5 if self.letters in bound else len(ix.cfg.problem.circles)


@dataclass(frozen=True)
class OnCircle(Atom):
    """``P`` is a point the problem puts on circle ``O`` (``letters`` = "PO"; O's first
    declaration when O is bound, else every declaration)."""

    letters: str

    def extend(self, ix: Index, b: Binding) -> Iterator[dict[str, str]]:
        p, o = self.letters
        circles = [ix.cfg.problem.circle(b[o])] if o in b else ix.cfg.problem.circles
        for c in circles:
            if c is None:
                continue
            for q in c.points:
                out = _fits(b, self.letters, (q, c.centre))
                if out is not None:
                    yield out

    def size(self, ix: Index, bound: frozenset[str]) -> float:
        n = sum(len(c.points) for c in ix.cfg.problem.circles)
        return n / max(len(ix.cfg.problem.circles), 1) if self.letters[1] in bound else n


@dataclass(frozen=True)
class OffCircles(Check):
    """``P`` is on no circle of the problem: where it is, a chord's or an inscribed angle's theorem
    is the teacher's way, and a judgement whose premise a long chain proves is no shortcut."""

    letters: str

    def holds(self, ix: Index, b: Binding) -> bool:
        return all(b[self.letters[0]] not in c.points for c in ix.cfg.problem.circles)


@dataclass(frozen=True)
class Sweep(Check):
    """The counter-clockwise sweep about ``O`` from ``A`` to ``B`` on the model is ``half`` (180),
    ``minor`` (less than 180), or more (``off``) or less (``on``) than the sweep to ``M``
    (``letters`` "OAB" or "OABM": M is off the arc from A to B, or on it)."""

    letters: str
    kind: str  # "half" | "minor" | "off" | "on"

    def holds(self, ix: Index, b: Binding) -> bool:
        at = ix.cfg.at
        o, a, c = (at[b[x]] for x in self.letters[:3])
        t = pg.sweep(o, a, c)
        if self.kind == "half":
            return abs(t - 180) < 1e-6
        if self.kind == "minor":
            return abs(t - 180) >= 1e-6 and t < 180
        return (pg.sweep(o, a, at[b[self.letters[3]]]) > t) == (self.kind == "off")


@dataclass(frozen=True)
class NamedAngle(Check):
    """The angle ``letters`` (its atom: through any points of its arms) is one a fact or the goal names."""

    letters: str

    def holds(self, ix: Index, b: Binding) -> bool:
        a, v, c = (b[x] for x in self.letters)
        return ix.cfg.angle(a, v, c) in ix.named_angles


@dataclass(frozen=True)
class Measured(Atom):
    """An element of one of ``kinds`` that a fact or the goal names (``letters``: its points)."""

    letters: str
    kinds: tuple[str, ...]

    def extend(self, ix: Index, b: Binding) -> Iterator[dict[str, str]]:
        for el in ix.measured:
            if el.kind.key in self.kinds and len(el.points) == len(self.letters):  # (a height names 3 or 4)
                out = _fits(b, self.letters, el.points)
                if out is not None:
                    yield out

    def size(self, ix: Index, bound: frozenset[str]) -> float:
        return len(ix.measured)


@dataclass(frozen=True)
class Secants(Atom):
    """Two drawn lines through ``P`` that each meet circle ``O``'s points in exactly two others,
    ``A`` ``B`` and ``C`` ``D`` in line order, each pair of lines once (``letters`` = "PABCDO");
    with ``one``, a single such line ("PABO")."""

    letters: str
    one: bool = False

    def extend(self, ix: Index, b: Binding) -> Iterator[dict[str, str]]:
        p, o = self.letters[0], self.letters[-1]
        cfg = ix.cfg
        circles = [cfg.problem.circle(b[o])] if o in b else cfg.problem.circles
        for c in circles:
            if c is None:
                continue
            on = set(c.points)
            for q in ((b[p],) if p in b else cfg.problem.points):
                if q == c.centre and not self.one:
                    continue
                chords = []
                for i in cfg.lines_at[q]:
                    hit = tuple(x for x in cfg.lines[i].points if x in on and x != q)
                    if len(hit) == 2:
                        chords.append(hit)
                pairs = ((h,) for h in chords) if self.one else itertools.combinations(chords, 2)
                for pair in pairs:
                    out = _fits(b, self.letters, (q, *(x for h in pair for x in h), c.centre))
                    if out is not None:
                        yield out

    def size(self, ix: Index, bound: frozenset[str]) -> float:
        return 2.0 if self.letters[0] in bound else 2.0 * len(ix.cfg.problem.points)


@dataclass(frozen=True)
class Near(Check):
    """``lhs = rhs`` on the model (to 0.1 %): how a judgement picks its candidates, never a reason
    (its proven premises are the reason)."""

    lhs: sympy.Expr
    rhs: sympy.Expr

    @property
    def letters(self) -> str:  # type: ignore[override]
        return template(self.lhs).letters + template(self.rhs).letters

    def holds(self, ix: Index, b: Binding) -> bool:
        return _close(template(self.lhs).measure(ix.cfg, b), template(self.rhs).measure(ix.cfg, b))


@dataclass(frozen=True)
class GivenEqual(Near):
    """``lhs = rhs`` is one of the problem's own facts (as its atoms): a judgement that reads a stated equality,
    never one a theorem proved (the rhombus's diagonal that halves its angle would then be judged a bisector from
    the halves it gave, a circle of two sentences).  Its ``Proven`` twin is the premise the instance cites."""

    def holds(self, ix: Index, b: Binding) -> bool:
        lhs, rhs = (ix.cfg.canon(template(x).bind(ix.cfg, b)) for x in (self.lhs, self.rhs))
        return any({ix.cfg.canon(f.lhs), ix.cfg.canon(f.rhs)} == {lhs, rhs} for f in ix.cfg.problem.facts)


@dataclass(frozen=True)
class Unlike(Near):
    """``lhs`` and ``rhs`` differ on the model: a general law left where a special case's own theorem says it
    (the law of cosines at an angle that is not right: at a right angle it is Pythagoras)."""

    def holds(self, ix: Index, b: Binding) -> bool:
        return not super().holds(ix, b)


@dataclass(frozen=True)
class Proven(Check):
    """``lhs = rhs`` proven by the deduction's tables (a metric premise): a judgement's instance
    cites it.  Checked after every premise read off the configuration."""

    lhs: sympy.Expr
    rhs: sympy.Expr

    @property
    def letters(self) -> str:  # type: ignore[override]
        return template(self.lhs).letters + template(self.rhs).letters

    def bound(self, ix: Index, b: Binding) -> tuple[sympy.Expr, sympy.Expr]:
        return template(self.lhs).bind(ix.cfg, b), template(self.rhs).bind(ix.cfg, b)

    def holds(self, ix: Index, b: Binding) -> bool:
        return ix.proven is not None and ix.proven(*self.bound(ix, b))


@dataclass(frozen=True)
class Differ(Proven):
    """``lhs`` and ``rhs`` have proven values, and they differ: a judgement's premise that rules a case out (a
    quadrilateral whose parallel sides are unequal is no parallelogram).  The instance cites the two values
    (``lhs`` = its value, ``rhs`` = its value) as its proven premises, not an equation between them."""

    def values(self, ix: Index, b: Binding) -> tuple[tuple[sympy.Expr, sympy.Expr], ...] | None:
        """The two premises ``lhs = v`` and ``rhs = w`` to cite, with ``v`` ≠ ``w``; None where either value is
        not known or they are equal."""
        if ix.value is None:
            return None
        lhs, rhs = self.bound(ix, b)
        v, w = ix.value(lhs), ix.value(rhs)
        if v is None or w is None or sympy.simplify(v - w) == 0:
            return None
        return (lhs, v), (rhs, w)

    def holds(self, ix: Index, b: Binding) -> bool:
        return self.values(ix, b) is not None


@dataclass(frozen=True)
class Permuted(Atom):
    """``XYZ`` is an ordering of the bound ``ABC`` (all of them): a correspondence of two figures."""

    letters: str
    of: str

    def extend(self, ix: Index, b: Binding) -> Iterator[dict[str, str]]:
        for perm in itertools.permutations(tuple(b[x] for x in self.of)):
            out = _fits(b, self.letters, perm)
            if out is not None:
                yield out

    def size(self, ix: Index, bound: frozenset[str]) -> float:
        return math.factorial(len(self.of)) if set(self.of) <= bound else INF


@dataclass(frozen=True)
class TrianglePair(Atom):
    """Two triangles of the configuration (each in its order), each pair once (``letters`` = "ABCDEF")."""

    letters: str

    def extend(self, ix: Index, b: Binding) -> Iterator[dict[str, str]]:
        for t1, t2 in itertools.combinations(ix.triangles, 2):
            out = _fits(b, self.letters, t1 + t2)
            if out is not None:
                yield out

    def size(self, ix: Index, bound: frozenset[str]) -> float:
        n = len(ix.triangles)
        return n * (n - 1) / 2


@dataclass(frozen=True)
class Convex(Check):
    """The bound points, in order, are the corners of a convex polygon on the model."""

    letters: str

    def holds(self, ix: Index, b: Binding) -> bool:
        return ix.cfg.convex(tuple(b[x] for x in self.letters))


def reflex_corners(ix: Index, poly: tuple[str, ...]) -> tuple[bool, ...] | None:
    """Which corners of a simple polygon turn against it on the model (its reflex corners), or None
    where it crosses itself or has a straight corner (no polygon's vertex)."""
    cfg = ix.cfg
    pts = [cfg.at[q] for q in poly]
    if pg.crosses_itself(pts):
        return None
    n, turn, tiny = len(pts), pg.signed_area(pts), 1e-9 * cfg.model.size() ** 2
    out = []
    for i in range(n):
        t = pg.cross(pts[i] - pts[i - 1], pts[(i + 1) % n] - pts[i])
        if abs(t) < tiny:
            return None
        out.append((t > 0) != (turn > 0))
    return tuple(out)


@dataclass(frozen=True)
class Reflex(Atom):
    """``letters`` is the turn of the bound polygon ``of`` (in its own order) whose reflex corners on the
    model are exactly those ``reflex`` marks (the first such turn): a concave polygon's corners, each
    pattern one block."""

    letters: tuple[str, ...]
    of: tuple[str, ...]
    reflex: tuple[bool, ...]

    def extend(self, ix: Index, b: Binding) -> Iterator[dict[str, str]]:
        poly = tuple(b[x] for x in self.of)
        got = reflex_corners(ix, poly)
        if got is None:
            return
        for k in range(len(poly)):
            if got[k:] + got[:k] == self.reflex:
                out = _fits(b, self.letters, poly[k:] + poly[:k])
                if out is not None:
                    yield out
                return

    def size(self, ix: Index, bound: frozenset[str]) -> float:
        return 0.5 if set(self.of) <= bound else INF


@dataclass(frozen=True)
class Point(Atom):
    """Any point of the problem (a last resort: bound after every narrower premise)."""

    letters: str

    def extend(self, ix: Index, b: Binding) -> Iterator[dict[str, str]]:
        for p in ix.cfg.problem.points:
            out = _fits(b, self.letters, (p,))
            if out is not None:
                yield out

    def size(self, ix: Index, bound: frozenset[str]) -> float:
        return 0.5 if self.letters in bound else len(ix.cfg.problem.points)


@dataclass(frozen=True)
class Corresponding(Atom):
    """``XYZ`` and ``UVW`` are one turn of the bound ``ABC`` and ``PQR`` together (``letters`` =
    "XYZUVW", ``of`` = "ABCPQR"): a criterion stated at one vertex of a correspondence, at each."""

    letters: str
    of: str

    def extend(self, ix: Index, b: Binding) -> Iterator[dict[str, str]]:
        n = len(self.of) // 2
        first, second = tuple(b[x] for x in self.of[:n]), tuple(b[x] for x in self.of[n:])
        for k in range(n):
            out = _fits(b, self.letters, first[k:] + first[:k] + second[k:] + second[:k])
            if out is not None:
                yield out

    def size(self, ix: Index, bound: frozenset[str]) -> float:
        return len(self.of) // 2 if set(self.of) <= bound else INF


@dataclass(frozen=True)
class OnParallels(Atom):
    """``A`` ``B`` on one of two drawn lines given parallel (in line order) and ``D`` ``C`` on the
    other (any two of its points): the bases of a trapezoid (``letters`` = "ABDC")."""

    letters: str

    def extend(self, ix: Index, b: Binding) -> Iterator[dict[str, str]]:
        lines = ix.cfg.lines
        for i, j in (pair for ij in ix.parallels for pair in (ij, ij[::-1])):
            for ab in itertools.combinations(lines[i].points, 2):
                for dc in itertools.permutations(lines[j].points, 2):
                    out = _fits(b, self.letters, ab + dc)
                    if out is not None:
                        yield out

    def size(self, ix: Index, bound: frozenset[str]) -> float:
        return 6.0 * len(ix.parallels)


@dataclass(frozen=True)
class Skew(Check):
    """Lines ``AB`` and ``CD`` are not parallel on the model: the legs of a trapezoid that is not a
    parallelogram (a square's or a parallelogram's midline is not a trapezoid's)."""

    letters: str  # "ABCD"

    def holds(self, ix: Index, b: Binding) -> bool:
        a, c, d, e = (ix.cfg.at[b[x]] for x in self.letters)
        u, v = c - a, e - d
        return abs(pg.cross(u, v)) > 1e-6 * float(np.linalg.norm(u) * np.linalg.norm(v))


@dataclass(frozen=True)
class Undeclared(Check):
    """The bound polygon is not stated to be of one of ``keys`` (its properties come from its relation)."""

    letters: str
    keys: tuple[str, ...]
    turned: bool = False  # the polygon stated under any rotation or reversal of its letters counts too

    def holds(self, ix: Index, b: Binding) -> bool:
        poly = tuple(b[x] for x in self.letters)
        names = {poly}
        if self.turned:
            names = {poly[i:] + poly[:i] for i in range(len(poly))}
            names |= {p[::-1] for p in names}
        return not any(tuple(rel.args[0]) in names for k in self.keys for rel in ix.relations.get(k, ()))


@dataclass(frozen=True)
class Unstated(Check):
    """No relation of ``key`` states the bound ``forms`` (each a way of writing one relation's arguments: an angle
    named either way round): a judgement left where the problem states what it would find."""

    key: str
    forms: tuple[tuple[str, ...], ...]

    @property
    def letters(self) -> str:  # type: ignore[override]
        return "".join(self.forms[0])

    def holds(self, ix: Index, b: Binding) -> bool:
        return not any(next(Given(self.key, form).extend(ix, b), None) is not None for form in self.forms)


@dataclass(frozen=True)
class Stated(Check):
    """The bound polygon is stated to be of one of ``keys``, under any rotation or reversal of its letters."""

    letters: str
    keys: tuple[str, ...]

    def holds(self, ix: Index, b: Binding) -> bool:
        return not Undeclared(self.letters, self.keys, turned=True).holds(ix, b)


@dataclass(frozen=True)
class Earlier(Check):
    """The points bound to ``letters`` come before those bound to ``than`` (by name): a pair once."""

    letters: str
    than: str

    def holds(self, ix: Index, b: Binding) -> bool:
        return tuple(b[x] for x in self.letters) < tuple(b[x] for x in self.than)

    def needs(self) -> str:
        return self.letters + self.than


@dataclass(frozen=True)
class Turn(Check):
    """``A`` ``B`` ``C`` turn counter-clockwise (``ccw``) or clockwise on the model."""

    letters: str
    ccw: bool = True

    def holds(self, ix: Index, b: Binding) -> bool:
        a, c, d = (ix.cfg.at[b[x]] for x in self.letters)
        return (pg.cross(c - a, d - c) > 0) == self.ccw


@dataclass(frozen=True)
class FullTurn(Atom):
    """Three rays ``VA``, ``VB``, ``VC`` from V on three drawn lines, none inside the angle of the
    other two (their three angles make a full turn on the model), no two of them on one line that
    only the figure draws (``_aligned``: the turn would rest on a collinearity the text never states),
    each trio once, at a point with at most 8 rays (``letters`` = "VABC")."""

    letters: str

    def extend(self, ix: Index, b: Binding) -> Iterator[dict[str, str]]:
        v = self.letters[0]
        for p in ((b[v],) if v in b else ix.cfg.problem.points):
            rays = ix.rays[p]
            if not 3 <= len(rays) <= 8:
                continue
            for (r1, n1, d1), (r2, n2, d2), (r3, n3, d3) in itertools.combinations(rays, 3):
                if len({r1[0], r2[0], r3[0]}) < 3 or abs(_between(d1, d2) + _between(d2, d3) + _between(d1, d3)
                                                         - 360) > 1e-4:
                    continue
                if _aligned(d1, d2) or _aligned(d2, d3) or _aligned(d1, d3):  # a straight angle only the figure gives
                    continue
                out = _fits(b, self.letters, (p, n1, n2, n3))
                if out is not None:
                    yield out

    def size(self, ix: Index, bound: frozenset[str]) -> float:
        return ix.ray_pairs


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
    none: frozenset[str] = frozenset()
    if any(a.size(ix, none) == 0 for a in premises):  # an empty table: nothing to bind (most blocks, most problems)
        return
    order = plan(premises, ix) if len(premises) > 1 else list(premises)

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
    key: str | None = None  # the theorem it states, where not the block's (a similarity's area ratio)
    # the sentence its step says, where not the block's: a conclusion that takes a premise further than the
    # others (a midpoint carried through a parallelogram's equal sides) names that premise and the working
    sentence: str | None = None


class Found(NamedTuple):
    """One conclusion of a block on one binding."""

    names: tuple[str, ...]
    lhs: sympy.Expr
    rhs: sympy.Expr
    premises: tuple[tuple[sympy.Expr, sympy.Expr], ...]  # the proven premises, bound
    key: str  # the theorem: the block's, or its conclusion's own
    sentence: str | None = None  # the conclusion's own sentence, where not the block's


@dataclass(frozen=True)
class Theorem:
    """A theorem family as data: see the module docstring."""

    key: str  # FormalGeo's theorem name
    sentence: str  # ``{0}``, ``{1}``: the instance's names
    premises: tuple[Atom, ...]
    conclusions: tuple[Conclusion, ...]
    names: tuple[str, ...]  # template letters of each name in the sentence
    # template coordinates on which the premises hold; None: the numeric model builds them from ``figure``
    construct: Callable[[np.random.Generator], dict[str, np.ndarray]] | None = None
    figure: str = ""  # the premises in the problem language, on the construction's points
    weight: float = 1.0  # how heavy a proof step citing it is (a textbook's first choice is lighter)
    # a named one-step result (the base angles from the apex): kept where the table already
    # implies it from other theorems, so that the proof's choice can cite it instead of an equation in itself
    direct: bool = False
    # the shape its sentence names, by kind and which of its names is the shape (("equilateral triangle", 0):
    # "the equilateral triangle {0}"): the facts that kind has, its equal sides, go without saying beside it
    shape: tuple[str, int] | None = None
    # its sentence states its equation in words ("its side is √3 times the radius"): the proof goes on from it
    # without writing the equation out again
    worded: bool = False
    # this block's own weight in a proof where it is not its key's (weights.py): one form of a theorem a teacher
    # reads in passing (a major arc as 360° less its minor arc); None: its key's
    step_weight: float | None = None

    @property
    def kind(self) -> str:
        """``judgement`` when a premise must be proven first (the deduction's tables), else ``construction``."""
        return "judgement" if self.proven else "construction"

    @cached_property
    def proven(self) -> tuple[Proven, ...]:
        return tuple(a for a in self.premises if isinstance(a, Proven))

    @cached_property
    def read(self) -> tuple[Atom, ...]:
        """The premises read off the configuration (every one but the proven)."""
        return tuple(a for a in self.premises if not isinstance(a, Proven))

    @cached_property
    def _compiled(self) -> tuple[tuple[tuple[str, ...], Template, Template, str, str | None], ...]:
        """Per conclusion: its names, each side's template, its theorem and its own sentence (or None)."""
        return tuple((c.names or self.names, template(c.lhs), template(c.rhs), c.key or self.key, c.sentence)
                     for c in self.conclusions)

    def instances(self, ix: Index, done: set[tuple[int, int]] | None = None) -> Iterator[Found]:
        """Every conclusion on every binding, angles as the configuration's atoms.  ``done``: the
        (block, binding) pairs of a judgement already yielded in an earlier round, skipped (their premises
        stay proven and they would yield the same conclusions again, which the deduction has), and
        added to as they are yielded; a judgement with no proven premise, once all its bindings are yielded."""
        cfg = ix.cfg
        read_only = done is not None and not self.proven
        if read_only and (id(self), -1) in done:
            return  # (premises read off the configuration alone: an earlier round gave every instance)
        bindings = ix.bindings(self, self.read) if self.proven else ix.matched(self.premises)
        for j, b in enumerate(bindings):
            premises = ()
            if self.proven:
                if ix.proven is None:
                    return
                if done is not None and (id(self), j) in done:
                    continue
                cited = [p.values(ix, b) if isinstance(p, Differ) else (p.bound(ix, b),) for p in self.proven]
                if any(c is None for c in cited):
                    continue
                premises = tuple(pair for c in cited for pair in c)
                if not all(ix.proven(lhs, rhs) for lhs, rhs in premises):
                    continue
            for names, lhs, rhs, key, sentence in self._compiled:
                yield Found(tuple("".join(b[x] for x in n) for n in names), lhs.bind(cfg, b), rhs.bind(cfg, b),
                            premises, key, sentence)
            if done is not None and self.proven:
                done.add((id(self), j))
        if read_only:
            done.add((id(self), -1))


Builder = Callable[[list], sympy.Expr]


def _builder(e: sympy.Expr, where: dict[sympy.Symbol, int]) -> Builder:
    """A template expression as a function of its elements' values (in ``where``'s order): each
    node is rebuilt by its own constructor, as writing it out with operators would."""
    if e in where:
        i = where[e]
        return lambda vals: vals[i]
    if not e.args or not e.free_symbols:
        return lambda vals: e
    parts = [_builder(a, where) for a in e.args]
    f = e.func
    return lambda vals: f(*[p(vals) for p in parts])
