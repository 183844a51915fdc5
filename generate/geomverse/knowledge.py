"""What the generator needs to know about each kind, read off the catalogue once.

Nothing here is a hand list: which elements can carry a connection (sides and
corners on a shape's outline), which rules exist for which output type, which
rules admit GeomVerse's variablized form (§A.4: the equation stays linear in
one variable when every element in it is written ``a x + b``), and fast float
versions of the construction, the measurements and the constraints.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache

import numpy as np
import shapely
import sympy
from geomill.engine.catalogue import KINDS
from geomill.engine.geometry import sample_instance
from geomill.engine.kinds import Line, ShapeKind
from geomill.engine.model import QKind
from geomill.engine.rules import Rule, chain, rules_for
from geomill.render.scene import outline_polygon

# Question types of GeomVerse (§A.5) and the quantity kinds they ask for.
QUESTION_TYPES: dict[str, QKind] = {
    "side": QKind.LENGTH, "angle": QKind.ANGLE, "area": QKind.AREA, "perimeter": QKind.PERIMETER,
}
ANSWER_TYPES = {v: k for k, v in QUESTION_TYPES.items()}

# How each quantity kind scales when a shape is scaled by k (angles do not).
SCALE_POWER = {QKind.LENGTH: 1, QKind.HEIGHT: 1, QKind.RADIUS: 1, QKind.ARC: 1, QKind.PERIMETER: 1,
               QKind.AREA: 2, QKind.ANGLE: 0}


@dataclass(frozen=True)
class KindInfo:
    """Derived facts about one kind."""

    key: str
    kind: ShapeKind
    rules: tuple[Rule, ...]
    # symbol -> placements (vertex-index tuples) that lie on the outline, where another shape may attach
    edges: dict[str, tuple[tuple[int, ...], ...]]
    # symbol -> its quantity kind
    qkind: dict[str, QKind]

    @property
    def relation(self) -> bool:
        return self.kind.relation

    def connectable(self, sym: str) -> bool:
        """A side or angle another shape can share: on the outline, or any angle of a relation."""
        return self.qkind[sym].is_connectable and bool(self.edges.get(sym))


def open_sides(kind: ShapeKind) -> set[frozenset]:
    """Straight outline sides that face open space, where another shape can be attached."""
    out: set[frozenset] = set()
    for loop in kind.construction.outline:
        for piece in loop:
            if isinstance(piece, Line) and isinstance(piece.start, int) and isinstance(piece.end, int):
                out.add(frozenset((piece.start, piece.end)))
    return {e for e in out if _faces_outside(kind, *sorted(e))}


def _faces_outside(kind: ShapeKind, i: int, j: int, instances: int = 8) -> bool:
    """Whether a shape attached on side ij has room: in some sampled instance, the rectangle
    built on the side away from the shape (half as deep as the side is long, a little
    shorter than it) stays out of the shape's interior.  The sides of a notch (a rectangle
    minus a triangle) face the shape's own interior, so nothing fits there (the layout
    refused 40 % of the problems with such a shape when they were allowed)."""
    rng = random.Random(f"faces:{kind.key}:{i}:{j}")
    for _ in range(instances):
        _, coords, _ = sample_instance(kind, rng)
        poly = outline_polygon(kind.construction.outline, coords)
        a, b = np.asarray(coords[i], dtype=float), np.asarray(coords[j], dtype=float)
        along = b - a
        normal = np.array([-along[1], along[0]])
        for side in (1.0, -1.0):
            p0, p1 = a + 0.05 * along, a + 0.95 * along
            thin = shapely.Polygon([p0, p1, p1 + side * 1e-3 * normal, p0 + side * 1e-3 * normal])
            if thin.intersection(poly).area > 0.5 * thin.area:
                continue  # the shape's own side
            near = [p0 + side * 1e-3 * normal, p1 + side * 1e-3 * normal]
            deep = shapely.Polygon(near + [p1 + side * 0.5 * normal, p0 + side * 0.5 * normal])
            if deep.intersection(poly).area < 1e-6 * deep.area:
                return True
    return False


def info(key: str) -> KindInfo:
    return _info(KINDS[key])


@cache
def _info(kind: ShapeKind) -> KindInfo:
    key = kind.key
    lines = open_sides(kind)
    edges: dict[str, tuple[tuple[int, ...], ...]] = {}
    for sym, el in kind.elements.items():
        if sym in kind.constants:
            continue
        if el.kind is QKind.LENGTH:
            edges[sym] = tuple(p for p in el.at if frozenset(p) in lines)
        elif el.kind is QKind.ANGLE:
            if kind.relation:
                edges[sym] = el.at
            else:
                edges[sym] = tuple(p for p in el.at
                                   if frozenset(p[:2]) in lines and frozenset(p[1:]) in lines)
    return KindInfo(key, kind, rules_for(key), edges, {s: e.kind for s, e in kind.elements.items()})


def pool_kinds(pool: str | tuple[str, ...]) -> tuple[str, ...]:
    """Kind keys of a shape pool: ``standard`` (GeomVerse's standard shapes and angle relations),
    ``geomverse`` (standard + non-standard, the paper's "all"), ``all`` (every kind a generator draws: not
    the ``written`` ones), or explicit keys."""
    if isinstance(pool, str):
        if pool == "standard":
            return tuple(k for k, v in KINDS.items() if v.pool == "standard")
        if pool == "geomverse":
            return tuple(k for k, v in KINDS.items() if v.pool in ("standard", "nonstandard"))
        if pool == "all":  # (a kind only a teacher writes, a regular 13-gon, is never generated)
            return tuple(k for k, v in KINDS.items() if v.pool != "written")
        pool = tuple(p.strip() for p in pool.split(",") if p.strip())
    unknown = [p for p in pool if p not in KINDS]
    if unknown:
        raise ValueError(f"unknown shape kind(s): {', '.join(unknown)} (known: {', '.join(KINDS)})")
    return tuple(pool)


# -- variablized rules -----------------------------------------------------------------------------


@cache
def variablizable(rule: Rule) -> bool:
    """True when writing every element of the rule's equation as ``a x + b`` leaves an equation
    of degree one in ``x`` (GeomVerse §A.4), decided on the equation itself."""
    kind = KINDS[rule.kind]
    eqn = rule.source.expr.subs({kind.symbol(k): v for k, v in kind.constants.items()})
    x = sympy.Symbol("x")
    subs = {}
    for i, s in enumerate(sorted(eqn.free_symbols, key=lambda s: s.name)):
        a, b = sympy.Symbol(f"a{i}", positive=True), sympy.Symbol(f"b{i}")
        subs[s] = a * x + b
    e = sympy.expand(eqn.subs(subs))
    try:
        poly = sympy.Poly(e, x)
    except sympy.PolynomialError:
        return False
    return poly.degree() == 1


def variablizable_rules() -> list[Rule]:
    return [r for k in KINDS for r in rules_for(k) if variablizable(r)]


# -- fast numeric helpers (no sympy per problem) ------------------------------------------------


def satisfies_constraints(key: str, values: dict[str, float]) -> bool:
    return KINDS[key].satisfies(values)


def sample_values(key: str, rng: random.Random, tries: int = 100) -> dict[str, float] | None:
    """A random valid instance (element symbol -> value), or None after ``tries`` draws."""
    try:
        return sample_instance(KINDS[key], rng, tries)[2]
    except RuntimeError:
        return None


def closure(key: str, known: dict[str, float]) -> dict[str, float] | None:
    """Every element the known ones determine, or None when something comes out impossible
    (a negative side, an angle of 180 or more, a broken triangle inequality, a constraint of
    the kind): the per-shape feasibility check."""
    values = chain(key, known, strict=True)
    if values is None or not satisfies_constraints(key, values):
        return None
    return values


def reverse_rule(rule: Rule, unknown: str) -> Rule | None:
    """The rule of the same equation that gives ``unknown`` from the other symbols."""
    want = (set(rule.inputs) - {unknown}) | {rule.output}
    for r in info(rule.kind).rules:
        if r.equation == rule.equation and r.output == unknown and set(r.inputs) == want:
            return r
    return None


def uses_pi(rule: Rule) -> bool:
    return rule.expr.has(sympy.pi)


N_TANGENT_SAMPLES = 3  # random instances; the generic rank shows on any of them


@cache
def _tangents(kind: ShapeKind) -> tuple[tuple[str, ...], tuple[np.ndarray, ...]]:
    """The kind's symbols (constants left out) and, at a few random valid instances, a basis of
    the directions in which its equations still hold (the null space of their Jacobian): the
    freedom a problem has in choosing the values."""
    constants = {kind.symbol(k): v for k, v in kind.constants.items()}
    names = tuple(sorted(n for n in kind.elements if n not in kind.constants))
    syms = [kind.symbol(n) for n in names]
    exprs = [e.expr.subs(constants) for e in kind.equations]
    jac = sympy.lambdify(syms, sympy.Matrix(exprs).jacobian(syms).tolist(), modules="math")
    rng = random.Random(f"tangent:{kind.key}")
    bases = []
    for _ in range(N_TANGENT_SAMPLES):
        values = sample_instance(kind, rng)[2]
        j = np.asarray(jac(*(values[n] for n in names)), dtype=float).reshape(len(exprs), len(names))
        _, sv, vt = np.linalg.svd(j) if len(exprs) else (None, np.zeros(0), np.eye(len(names)))
        rank = int((sv > 1e-9 * max(1.0, sv.max(initial=0.0))).sum())
        bases.append(vt[rank:].T)
    return names, tuple(bases)


def free_together(key: str, symbols: frozenset[str] | set[str] | tuple[str, ...]) -> bool:
    """Can these elements of a ``key`` shape take any values near a valid instance at once?
    True when the equations leave them independent: the tangent directions of the equations'
    solutions reach every combination of them (full rank).  Decided on the equations, so a
    direction the derived rules leave out as ambiguous still counts."""
    names, bases = _tangents(KINDS[key])
    rows = [names.index(s) for s in symbols]
    return any(np.linalg.matrix_rank(b[rows], tol=1e-7) == len(rows) for b in bases)


@cache
def independent(rule: Rule) -> bool:
    """True when the rule's inputs can be given freely together: no input follows from the others
    through the shape's equations.

    The perimeter rule of a right triangle takes all three sides, but two of them fix the
    third (Pythagoras): giving all three would contradict the shape, so such rules are not
    used to generate."""
    return free_together(rule.kind, rule.inputs)
