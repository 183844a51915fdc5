"""The problem model: what a geometry problem *is*, independent of its text.

A problem is shapes (kinds from the catalogue, bound to named points), facts
(a quantity equals a value) and a query (a quantity to find).  Quantities are
identified canonically (``AB`` is ``BA``; angle ``BAC`` is ``CAB``) but keep the
spelling they were written with, so solutions read the way the problem does.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum

import sympy

from .errors import Span

POINT_RE = re.compile(r"[A-Z][0-9]*'*")


def split_points(name: str) -> tuple[str, ...]:
    """``"A1BC"`` -> ``("A1", "B", "C")``: points are a capital letter, digits and primes."""
    pts = tuple(POINT_RE.findall(name))
    if "".join(pts) != name:
        raise ValueError(f"{name!r} is not a sequence of point names")
    return pts


def variable(name: str) -> sympy.Symbol:
    """The one sympy symbol used for a problem variable such as ``x``."""
    return sympy.Symbol(name, real=True)


class QKind(str, Enum):
    """The type of a quantity: what the question asks for, what a fact gives."""

    LENGTH = "length"
    ANGLE = "angle"
    AREA = "area"
    PERIMETER = "perimeter"
    HEIGHT = "height"
    ARC = "arc"
    RADIUS = "radius"
    VARIABLE = "variable"

    @property
    def is_connectable(self) -> bool:
        """Sides and angles are what shapes share (GeomVerse §3.3)."""
        return self in (QKind.LENGTH, QKind.ANGLE)


# Quantity kinds that belong to a whole shape (referenced by the shape's name).
SHAPE_QUANTITIES = (QKind.AREA, QKind.PERIMETER, QKind.HEIGHT, QKind.ARC, QKind.RADIUS)


@dataclass(frozen=True)
class Quantity:
    """A measurable element: a segment length, an angle, or a shape's area, perimeter …

    ``key`` is canonical and decides equality; ``spelling`` is how it was written.
    """

    kind: QKind
    key: tuple[str, ...]
    spelling: str = field(default="", compare=False, hash=False)
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # quantities are dictionary keys everywhere in deduction: hash once
        object.__setattr__(self, "_hash", hash((self.kind, self.key)))

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self):  # string hashes differ between processes: never pickle the cached one
        return (Quantity, (self.kind, self.key, self.spelling))

    def __eq__(self, other: object) -> bool:
        if other is self:
            return True
        if not isinstance(other, Quantity):
            return NotImplemented
        return self._hash == other._hash and self.kind is other.kind and self.key == other.key

    @staticmethod
    def length(p: str, q: str) -> Quantity:
        return Quantity(QKind.LENGTH, tuple(sorted((p, q))), p + q)

    @staticmethod
    def angle(p: str, v: str, q: str) -> Quantity:
        a, b = sorted((p, q))
        return Quantity(QKind.ANGLE, (a, v, b), p + v + q)

    @staticmethod
    def of_shape(kind: QKind, shape_name: str) -> Quantity:
        return Quantity(kind, (shape_name,), shape_name)

    @staticmethod
    def var(name: str) -> Quantity:
        return Quantity(QKind.VARIABLE, (name,), name)

    @property
    def name(self) -> str:
        """The written name: ``EB``, ``BCA``, ``BCDE``."""
        return self.spelling or "".join(self.key)

    def __str__(self) -> str:
        if self.kind is QKind.LENGTH or self.kind is QKind.VARIABLE:
            return self.name
        return f"{self.kind.value} {self.name}"

    def __repr__(self) -> str:
        return f"Q({self})"


@dataclass(frozen=True)
class ShapeDecl:
    """A shape of the problem: a catalogue kind bound to points in canonical role order.

    ``name`` is how the problem refers to it (``BCDE``, ``AD`` for a semicircle on AD).
    ``args`` keeps the written placeholders (``on EB``) for printing.
    """

    kind: str
    name: str
    points: tuple[str, ...]
    args: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    span: Span | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Fact:
    """A given value: ``quantity = value`` (an exact sympy number or an expression in variables)."""

    quantity: Quantity
    value: sympy.Expr
    span: Span | None = field(default=None, compare=False)

    @property
    def variables(self) -> frozenset[sympy.Symbol]:
        return frozenset(self.value.free_symbols)


@dataclass(frozen=True)
class Query:
    quantity: Quantity
    span: Span | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Problem:
    """Shapes, facts and (optionally) a query, as the DSL and the generator build them."""

    shapes: tuple[ShapeDecl, ...]
    facts: tuple[Fact, ...]
    query: Query | None = None
    source: str | None = field(default=None, compare=False)

    @property
    def variables(self) -> frozenset[sympy.Symbol]:
        out: set[sympy.Symbol] = set()
        for f in self.facts:
            out |= f.variables
        return frozenset(out)

    def shape(self, name: str) -> ShapeDecl | None:
        for s in self.shapes:
            if s.name == name:
                return s
        return None


# How facts and queries name an element in the DSL.  ``{s}`` is a segment (two
# points), ``{a}`` an angle (three points, vertex in the middle), ``{n}`` the
# name of a shape.  The parser matches these; the printer writes them.
ELEMENT_FORMS: dict[QKind, str] = {
    QKind.LENGTH: "{s}",
    QKind.ANGLE: "angle {a}",
    QKind.AREA: "area {n}",
    QKind.PERIMETER: "perimeter {n}",
    QKind.HEIGHT: "height {n}",
    QKind.ARC: "arc {n}",
    QKind.RADIUS: "radius {n}",
}


def element_text(q: Quantity) -> str:
    """The DSL spelling of a quantity: ``AB``, ``angle BAC``, ``area BCDE``."""
    form = ELEMENT_FORMS[q.kind]
    return form.replace("{s}", q.name).replace("{a}", q.name).replace("{n}", q.name)
