"""How a shape kind is described: the vocabulary the catalogue is written in.

A :class:`ShapeKind` is pure data: DSL forms, which element symbols bind to
which vertices, the equations between the symbols, constants, validity
constraints and a construction (vertex coordinates as expressions in a few
parameters, plus the outline).  Everything else — directed rules, DSL
keywords, solution sentences, drawing, property tests — is derived from it.
"""
from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import InitVar, dataclass, field
from functools import cached_property, lru_cache
from typing import Any

import sympy

from .errors import a_noun
from .model import POINT_RE, QKind, Quantity, ShapeDecl, split_points
from .plane import TRAPEZOIDS, height_base, height_spelling

# -- trigonometry in degrees -------------------------------------------------
# Equations are written with sympy's sin/cos/tan of radians; these helpers keep
# the catalogue readable in degrees, which is what problems use.


def sind(t: sympy.Expr) -> sympy.Expr:
    return sympy.sin(sympy.pi * t / 180)


def cosd(t: sympy.Expr) -> sympy.Expr:
    return sympy.cos(sympy.pi * t / 180)


def tand(t: sympy.Expr) -> sympy.Expr:
    return sympy.tan(sympy.pi * t / 180)


def symbols(names: str) -> tuple[sympy.Symbol, ...]:
    """Element symbols of a kind: every element is a positive real."""
    return sympy.symbols(names, positive=True)


# -- elements -----------------------------------------------------------------


@dataclass(frozen=True)
class Element:
    """Where an element symbol lives in the shape.

    ``at`` lists vertex-index tuples: pairs for a length, triples (end, vertex,
    end) for an angle; several tuples mean the shape makes them equal (the
    opposite sides of a rectangle).  Shape-wide quantities have no ``at``;
    a height names (vertex, line-start, line-end) in ``foot`` for measuring.
    """

    kind: QKind
    at: tuple[tuple[int, ...], ...] = ()
    foot: tuple[int, int, int] | None = None

    def quantities(self, decl_points: Sequence[str], shape_name: str, any_name: bool = False) -> list[Quantity]:
        """The problem quantities this element stands for; a height is spelled by the shape's name where
        that name says the same height (``any_name``: a trapezoid's, between its bases however named)."""
        if self.kind is QKind.LENGTH:
            return [Quantity.length(decl_points[i], decl_points[j]) for i, j in self.at]
        if self.kind is QKind.ANGLE:
            return [Quantity.angle(decl_points[i], decl_points[v], decl_points[j]) for i, v, j in self.at]
        if self.foot is not None:  # a height is spelled as its plane name says it: one meaning in every file
            base = {decl_points[self.foot[1]], decl_points[self.foot[2]]}
            named = any_name or height_base(split_points(shape_name)) == base
            spelled = shape_name if named else "".join(height_spelling(tuple(decl_points), self.foot))
            return [Quantity(self.kind, (shape_name,), spelled)]
        return [Quantity.of_shape(self.kind, shape_name)]


def side(*at: tuple[int, int]) -> Element:
    return Element(QKind.LENGTH, tuple(at))


def angle(*at: tuple[int, int, int]) -> Element:
    return Element(QKind.ANGLE, tuple(at))


AREA = Element(QKind.AREA)
PERIMETER = Element(QKind.PERIMETER)
ARC = Element(QKind.ARC)
RADIUS = Element(QKind.RADIUS)


def height(vertex: int, a: int, b: int) -> Element:
    return Element(QKind.HEIGHT, foot=(vertex, a, b))


# -- equations ------------------------------------------------------------------


@dataclass(frozen=True)
class Equation:
    """``lhs = rhs`` between element symbols, with the name a solution cites."""

    lhs: sympy.Expr
    rhs: sympy.Expr
    name: str

    @cached_property
    def expr(self) -> sympy.Expr:
        return self.lhs - self.rhs

    @cached_property
    def symbols(self) -> frozenset[sympy.Symbol]:
        return frozenset(self.expr.free_symbols)

    @cached_property
    def symbol_names(self) -> tuple[str, ...]:
        return tuple(sorted(s.name for s in self.symbols))


def eq(lhs: sympy.Expr | int, rhs: sympy.Expr | int, name: str) -> Equation:
    return Equation(_expr(lhs), _expr(rhs), name)


def _expr(x: sympy.Expr | int) -> sympy.Expr:
    return sympy.Integer(x) if isinstance(x, int) else x


# -- construction ------------------------------------------------------------------


@dataclass(frozen=True)
class Line:
    """A straight piece of an outline between two vertices (or named aux points)."""

    start: int | str
    end: int | str


@dataclass(frozen=True)
class Arc:
    """A circular piece from ``start`` to ``end`` around ``centre``, counter-clockwise if ``ccw``."""

    centre: int | str
    start: int | str
    end: int | str
    ccw: bool = True


@dataclass(frozen=True, eq=False)
class Construction:
    """Coordinates of every vertex (and aux point such as a centre) as sympy
    expressions in ``params``; ``outline`` is a tuple of closed loops (a hole
    is a loop traversed clockwise).  ``sample`` gives ranges to draw params from
    for tests and rule derivation; ``valid`` is a condition on the params.
    """

    params: tuple[sympy.Symbol, ...]
    coords: Mapping[int | str, tuple[sympy.Expr, sympy.Expr]]
    outline: tuple[tuple[Line | Arc, ...], ...] = ()
    sample: Mapping[sympy.Symbol, tuple[float, float]] = field(default_factory=dict)
    valid: sympy.Basic | None = None


# -- kinds ---------------------------------------------------------------------------

_PLACEHOLDER = re.compile(r"\{(\w+)\}")


@dataclass(frozen=True, eq=False)
class ShapeKind:
    """One entry of the catalogue.  See the module docstring."""

    key: str
    title: str
    forms: tuple[str, ...]
    n_points: int
    elements: Mapping[str, Element]
    equations: tuple[Equation, ...]
    construction: Construction
    constants: Mapping[str, sympy.Expr] = field(default_factory=dict)
    # an element's rule in words, said where a solution reads it off the shape alone: a constant's value, or why
    # the elements it stands for are equal
    constant_reasons: Mapping[str, str] = field(default_factory=dict)
    constraints: tuple[sympy.Basic, ...] = ()
    # the constraints in words, for the error on values that break one ("the triangle inequality fails")
    impossible: str = ""
    cyclic: bool = True
    pins: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    pool: str = "extra"
    relation: bool = False
    description: str = ""
    premise: str = ""  # a relation's sentence in solutions and questions, in the placeholders of its form
    between: tuple[int, int, int] | None = None  # (p, a, b): point p lies on segment ab
    # -- what the figure, the question texts and the generator read (declared, never guessed) --
    # corners (end, vertex, end) the figure marks with a right-angle box
    right_marks: tuple[tuple[int, int, int], ...] = ()
    # side elements (symbols of ``elements``) whose drawn sides the figure ticks as equal, each its
    # own group (a square's four sides; a kite's two pairs, told apart by their count of ticks)
    equal_marks: tuple[str, ...] = ()
    # how a sentence names the kind ("a combination of a rectangle and a semi-circle"); "" is
    # the title with its article
    phrase: str = ""
    # what a text-only question adds for the marks a figure shows, in the form's placeholders
    # ("with the right angle at {p}"); pins not written take their points from ``pins``
    pin_phrase: str = ""
    # a relation's vertex pairs that are one point (the common vertex; the common ray's far
    # point), so the generator names them alike
    joins: tuple[tuple[int, int], ...] = ()
    # a relation whose two angles share a ray: attached at a shape's corner, its free angle lies
    # along that shape's side, so no new shape may start there
    shares_ray: bool = False
    # the generator may draw this kind (a relation it cannot attach says False)
    generated: bool = True

    # -- symbols ----------------------------------------------------------------
    def symbol(self, name: str) -> sympy.Symbol:
        return sympy.Symbol(name, positive=True)

    # -- DSL ----------------------------------------------------------------------
    def placeholders(self, form: str) -> list[str]:
        return _PLACEHOLDER.findall(form)

    def resolve(self, name: tuple[str, ...] | None, args: Mapping[str, tuple[str, ...]]) -> tuple[str, tuple[str, ...]]:
        """Turn the written form into (shape name, points in canonical role order).

        ``args`` holds the placeholders in the order they were written.
        Polygons may be written starting at any vertex, in either direction:
        the first rotation/reflection of ``name`` that puts every pinned
        placeholder (``right at A``, ``on EB``) on its canonical positions wins.
        Forms without ``{name}`` (``semicircle on AD``) take their points from
        the placeholders.  Raises ``ValueError`` with a message for the user.
        """
        if name is None:
            pts = tuple(itertools.chain.from_iterable(args.values()))
            if len(pts) != self.n_points:
                raise ValueError(f"{a_noun(self.title)} needs {self.n_points} points, got {''.join(pts)}")
            return "~".join("".join(v) for v in args.values()), pts
        if len(name) != self.n_points:
            raise ValueError(f"{a_noun(self.title)} needs {self.n_points} points, but {''.join(name)} has {len(name)}")
        if len(set(name)) != len(name):
            raise ValueError(f"{''.join(name)} repeats a point")
        for perm in _dihedral(name) if self.cyclic else [name]:
            if all(_pinned(perm, self.pins[k], v) for k, v in args.items() if k in self.pins):
                return "".join(name), perm
        wanted = " and ".join("".join(v) for v in args.values())
        verb = "does" if len(args) == 1 else "do"
        raise ValueError(f"{wanted} {verb} not fit {''.join(name)} as a {self.title} needs")

    def format(self, decl: ShapeDecl, form: str | None = None, written: bool = True) -> str:
        """The DSL line for a declaration of this kind, in ``form`` (default: the first, the
        canonical one); pins from the written args (unless ``written`` is False) or the points."""
        form = form or self.forms[0]
        phs = self.placeholders(form)
        args = dict(decl.args) if written else {}
        values: dict[str, str] = {}
        cursor = 0
        for ph in phs:
            if ph == "name":
                values[ph] = decl.name
            elif "name" in phs:  # a pin on the named polygon: "right at A"
                values[ph] = args.get(ph) or self.pin_points(decl, ph)
            else:  # the placeholders are the points: "semicircle on AD"
                size = PLACEHOLDER_SIZES[ph[0]]
                values[ph] = "".join(decl.points[cursor:cursor + size])
                cursor += size
        return form.format(**values)

    def pin_points(self, decl: ShapeDecl, pin: str) -> str:
        """The points a pin stands on in this declaration (``A`` for ``right at {p}``)."""
        return "".join(decl.points[i] for i in self.pins.get(pin, ()))

    def sentence_name(self) -> str:
        """How a sentence names the kind: its ``phrase``, else the title with its article."""
        return self.phrase or f"{article(self.title)} {self.title}"

    def pin_text(self, decl: ShapeDecl) -> str:
        """The ``pin_phrase`` filled in for this declaration ("" when the kind has none)."""
        if not self.pin_phrase:
            return ""
        written = dict(decl.args)
        return self.pin_phrase.format(**{ph: written.get(ph) or self.pin_points(decl, ph) for ph in self.pins})

    @cached_property
    def constraint_checks(self) -> tuple[tuple[tuple[str, ...], Callable[..., bool]], ...]:
        """Each constraint as (symbol names, compiled predicate): checked per problem, so compiled once."""
        out = []
        for c in self.constraints:
            names = tuple(sorted(s.name for s in c.free_symbols))
            out.append((names, sympy.lambdify([self.symbol(n) for n in names], c, modules="math")))
        return tuple(out)

    def example(self, letters: Sequence[str] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ") -> ShapeDecl:
        """A declaration of this kind on the given fresh points (for docs, tests, generators).

        Vertices the construction puts at the same place share a letter, so
        relations come out as ``angles ABC and ABD`` or ``angles ABC and DBE``."""
        coords = self.construction.coords
        points: tuple[str, ...] = ()
        fresh = iter(letters)
        for i in range(self.n_points):
            same = next((j for j in range(i) if coords[j] == coords[i]), None)
            points += (points[same],) if same is not None else (next(fresh),)
        phs = self.placeholders(self.forms[0])
        if "name" not in phs:
            return self.declare(points)
        args = tuple((ph, "".join(points[i] for i in self.pins[ph])) for ph in phs if ph != "name")
        return ShapeDecl(self.key, "".join(points), points, args)

    def declare(self, points: Sequence[str]) -> ShapeDecl:
        """The declaration of a kind written without ``{name}`` (``semicircle on AD``,
        ``angles DEF and DEC are supplementary``) on these points, as the parser makes it."""
        args, cursor = [], 0
        for ph in self.placeholders(self.forms[0]):
            size = PLACEHOLDER_SIZES[ph[0]]
            args.append((ph, "".join(points[cursor:cursor + size])))
            cursor += size
        return ShapeDecl(self.key, "~".join(v for _, v in args), tuple(points), tuple(args))

    def premise_terms(self, decl: ShapeDecl) -> dict[str, Quantity | str]:
        """The relation's placeholders as elements (``a`` -> angle DEF, ``s`` -> segment AC)
        or plain points (``p``), so a solution can name them as its figure does."""
        args = dict(decl.args) if decl.args else dict(self.declare(decl.points).args)
        out: dict[str, Quantity | str] = {}
        for ph, text in args.items():
            pts = POINT_RE.findall(text)
            out[ph] = (Quantity.length(*pts) if len(pts) == 2 else Quantity.angle(*pts) if len(pts) == 3 else text)
        return out

    def premise_text(self, decl: ShapeDecl, namer: Callable[[Quantity], str] | None = None) -> str:
        """The relation's sentence for this declaration, elements named by ``namer``."""
        return fill_premise(self.premise, self.premise_terms(decl), namer)

    @cached_property
    def valid_check(self) -> Callable[..., bool] | None:
        """The construction's validity condition, compiled: a function of its params in order."""
        cons = self.construction
        return None if cons.valid is None else sympy.lambdify(cons.params, cons.valid, modules="math")

    def satisfies(self, values: Mapping[str, float]) -> bool:
        """Every constraint whose elements are all in ``values`` holds (the triangle inequality …)."""
        return all(holds(*(values[n] for n in names)) for names, holds in self.constraint_checks
                   if all(n in values for n in names))

    # -- binding ---------------------------------------------------------------------
    def bind(self, decl: ShapeDecl) -> dict[str, list[Quantity]]:
        """Element symbol -> the problem quantities it stands for in this shape (shared: do not change it)."""
        return _bound(self, decl.points, decl.name)


# The parts of a kind that a family of kinds may make on first use, by its ``make``.
DEFERRED_PARTS = ("equations", "construction", "constants", "constant_reasons")


@dataclass(frozen=True, eq=False)
class DeferredKind(ShapeKind):
    """A kind whose exact parts (:data:`DEFERRED_PARTS`) ``make()`` returns when one is first read.

    A family of many kinds (the regular polygons, 3 to 24 vertices) costs sympy's exact cosines and sines
    of every π/n when built, a quarter second, though a command uses one kind of it or none; its names,
    forms and elements are made at once, the rest here.  ``make`` is a module-level function (or a
    partial of one), so a kind pickles to a worker process whether or not its parts were made."""

    equations: tuple[Equation, ...] = field(init=False, repr=False)
    construction: Construction = field(init=False, repr=False)
    constants: Mapping[str, sympy.Expr] = field(init=False, repr=False)
    constant_reasons: Mapping[str, str] = field(init=False, repr=False)
    # not a field: the kind's data (its rules' cache key, engine.rules.kind_hash) is what it makes
    make: InitVar[Callable[[], Mapping[str, Any]]] = None

    def __post_init__(self, make: Callable[[], Mapping[str, Any]] | None) -> None:
        if make is None:
            raise TypeError(f"the deferred kind {self.key} needs make: the function that makes its parts")
        object.__setattr__(self, "_make", make)

    def __getattr__(self, name: str) -> Any:
        """Only an attribute not set yet comes here: a deferred part, made with all the others at once."""
        make = self.__dict__.get("_make")  # (absent while pickle restores the kind: nothing is made then)
        if name not in DEFERRED_PARTS or make is None:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        parts = make()
        if set(parts) != set(DEFERRED_PARTS):
            raise TypeError(f"{self.key}: make() gave {sorted(parts)}, not {sorted(DEFERRED_PARTS)}")
        for part, value in parts.items():
            object.__setattr__(self, part, value)
        return parts[name]


@lru_cache(maxsize=8192)
def _bound(kind: ShapeKind, points: tuple[str, ...], name: str) -> dict[str, list[Quantity]]:
    """Binding is asked for many times per problem (graph, checks, texts, figure): computed once."""
    return {sym: el.quantities(points, name, kind.key in TRAPEZOIDS) for sym, el in kind.elements.items()}


PLACEHOLDER_SIZES = {"p": 1, "s": 2, "a": 3}  # points in {p}, {s}, {a} placeholders of a form


def fill_premise(premise: str, terms: Mapping[str, Quantity | str],
                 namer: Callable[[Quantity], str] | None = None) -> str:
    """A relation's premise template with its elements named by ``namer`` (default: their names)."""
    return premise.format(**{k: (namer(v) if namer else v.name) if isinstance(v, Quantity) else v
                             for k, v in terms.items()})


def article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def _pinned(perm: tuple[str, ...], positions: tuple[int, ...], written: tuple[str, ...]) -> bool:
    return sorted(perm[i] for i in positions) == sorted(written)


def _dihedral(name: tuple[str, ...]) -> list[tuple[str, ...]]:
    n = len(name)
    rots = [name[i:] + name[:i] for i in range(n)]
    rev = tuple(reversed(name))
    return rots + [rev[i:] + rev[:i] for i in range(n)]


# -- the catalogue's index ----------------------------------------------------------


class Catalogue(dict):
    """The catalogue's kinds by key, defined in ``engine.catalogue`` and built on the first read: a command
    that never reads a kind (a textbook figure: its problem names shapes of plane geometry) never builds
    them, about a tenth of a second of sympy at start-up."""

    def __init__(self) -> None:
        super().__init__()
        self.built = False

    def build(self) -> None:
        if not self.built:
            self.built = True  # (first: the catalogue's own additions write here)
            import importlib

            importlib.import_module("geomill.engine.catalogue")


def _built(name: str):
    def method(self, *args, **kwargs):
        self.build()
        return getattr(dict, name)(self, *args, **kwargs)
    method.__name__ = name
    return method


for _name in ("__getitem__", "__setitem__", "__contains__", "__iter__", "__len__", "__repr__", "__eq__", "keys",
              "values", "items", "get", "pop", "setdefault", "copy", "update"):
    setattr(Catalogue, _name, _built(_name))

KINDS: dict[str, ShapeKind] = Catalogue()
