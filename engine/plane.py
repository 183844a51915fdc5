"""General plane geometry: the problem model beyond GeomVerse's glued shapes.

A general problem is points, lines (points in order on one line), circles (a centre and the
points on it), polygons (faces, named by their vertices in order), relations (instances of the
blocks in :mod:`engine.relations`: parallel, midpoint, similar …), facts (an equation between
expressions of elements and variables) and a goal (an expression to evaluate).

Elements (a length, an angle, an arc, an area …) appear in expressions as sympy symbols whose
name says what they measure (``angle(ABC)``), so a fact is a plain sympy equation and a goal a
plain sympy expression; :func:`element_of` reads a symbol back.  Every element is keyed
canonically (``AB`` is ``BA``; angle ``ABC`` is ``CBA``; polygon ``ABCD`` is ``BCDA`` and ``DCBA``).
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field

import sympy

from .errors import Span
from .model import split_points

# -- elements -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ElementKind:
    """A kind of measurable element: its words in the language, how many points name it (None: a
    polygon, any number from 3), how its key is made canonical, its unit."""

    key: str
    words: tuple[str, ...]
    n_points: int | None
    canon: str  # "segment" | "angle" | "polygon" | "ordered"
    unit: str  # "length" | "degrees" | "area" | "ratio"


ELEMENT_KINDS: dict[str, ElementKind] = {k.key: k for k in (
    ElementKind("length", (), 2, "segment", "length"),
    ElementKind("angle", ("angle",), 3, "angle", "degrees"),
    ElementKind("arc", ("arc",), 3, "ordered", "degrees"),  # arc OAB: circle O, from A to B counter-clockwise
    ElementKind("arc_length", ("arc", "length"), 3, "ordered", "length"),
    ElementKind("sector_area", ("sector", "area"), 3, "ordered", "area"),
    ElementKind("sector_perimeter", ("sector", "perimeter"), 3, "ordered", "length"),
    ElementKind("radius", ("radius",), 1, "ordered", "length"),
    ElementKind("diameter", ("diameter",), 1, "ordered", "length"),
    ElementKind("circle_area", ("circle", "area"), 1, "ordered", "area"),
    ElementKind("circumference", ("circumference",), 1, "ordered", "length"),
    ElementKind("area", ("area",), None, "polygon", "area"),
    ElementKind("perimeter", ("perimeter",), None, "polygon", "length"),
    ElementKind("height", ("height",), None, "ordered", "length"),  # see height_foot
    # a textbook's arc names: read as written, then made exact against the problem's circles
    # (dsl/general.py ``textbook_arcs``), so none of these reaches a solver; kept as written for messages
    ElementKind("minor_arc", ("minor", "arc"), 2, "ordered", "degrees"),  # arc AB, minor arc AB
    ElementKind("major_arc", ("major", "arc"), 2, "ordered", "degrees"),
    ElementKind("minor_arc_through", ("minor", "arc"), 3, "ordered", "degrees"),  # minor arc ACB: through C
    ElementKind("major_arc_through", ("major", "arc"), 3, "ordered", "degrees"),
)}
TEXTBOOK_ARCS = ("minor_arc", "major_arc", "minor_arc_through", "major_arc_through")
# the words that start an element, longest first (``arc length`` before ``arc``)
ELEMENT_WORDS: tuple[tuple[tuple[str, ...], ElementKind], ...] = tuple(sorted(
    ((k.words, k) for k in ELEMENT_KINDS.values() if k.words and k.key not in TEXTBOOK_ARCS[2:]),
    key=lambda wk: -len(wk[0])))
ELEMENT_VOCABULARY = frozenset(w for k in ELEMENT_KINDS.values() for w in k.words)


def naming_hint(kind: ElementKind, points: tuple[str, ...] = ()) -> str:
    """What to add to 'is named by N points': an angle's vertex in the middle of a point on each arm, an
    element whose points name a circle's centre first."""
    if kind.key == "angle" and len(points) == 1:
        a, b = [p for p in "ABCDEFGH" if p != points[0]][:2]
        v = points[0]
        return (f" (a point on each arm, the vertex in the middle: 'angle {a}{v}{b}' is the angle at {v} "
                f"between {v}{a} and {v}{b})")
    if kind.key in ("arc_length", "sector_area", "sector_perimeter"):
        return f" (the centre first, then the arc's ends counter-clockwise: '{' '.join(kind.words)} OAB')"
    if kind.key in SEMICIRCLE_ELEMENTS:  # 'area AC': the semicircle a shape line 'semicircle on AC' draws
        return f" (or 2, the diameter of a semicircle a line 'semicircle on AC' draws: '{kind.key} AC')"
    return ""


SEMICIRCLE_ELEMENTS = ("area", "perimeter")  # named by 2 points, a semicircle's diameter ('area AC')


def points_fit(kind: ElementKind, n: int) -> bool:
    """Do ``n`` points name an element of ``kind``?  A polygon's area or perimeter takes 3 or more, or 2:
    the semicircle on them (``area AC``, resolved against the file's ``semicircle on AC``)."""
    if kind.n_points is not None:
        return n == kind.n_points
    return n >= 3 or (n == 2 and kind.key in SEMICIRCLE_ELEMENTS)


def element_kind(words: tuple[str, ...], n: int) -> ElementKind | None:
    """The kind that ``words`` followed by ``n`` points names: a textbook's two-point ``arc AB`` is the
    minor arc, ``minor``/``major arc`` name an arc by its ends (``major arc AB``) or through a point
    (``major arc ACB``); ``arc OAB`` (three points) stays the arc about centre O (dsl/general.py)."""
    if not words:
        return ELEMENT_KINDS["length"]
    if words == ("arc",) and n == 2:
        return ELEMENT_KINDS["minor_arc"]
    if words in (("minor", "arc"), ("major", "arc")):
        return ELEMENT_KINDS[f"{words[0]}_arc{'_through' if n == 3 else ''}"]
    return next((k for w, k in ELEMENT_WORDS if w == words), None)


HEIGHT_MEANING = ("a triangle's `height ABC` is from A onto BC; a quadrilateral's (a polygon's) `height ABCD` "
                  "is onto its first side AB, from D (base AB, height h), in every file; a trapezoid's is "
                  "between its bases however it is named")


TRAPEZOIDS = ("trapezoid", "isosceles_trapezoid", "right_trapezoid")  # a height between the bases, however named


def height_foot(pts: tuple[str, ...] | str) -> tuple[str, str, str]:
    """What ``height`` of ``pts`` measures, as (vertex, side end, side end): a triangle's ``height ABC``
    is from A onto BC; a polygon's ``height ABCD`` is onto its first side AB, from its last vertex D
    (base AB, height h: a parallelogram's area is AB times it, a trapezoid's is between AB and CD)."""
    if len(pts) == 3:
        return pts[0], pts[1], pts[2]
    return pts[-1], pts[0], pts[1]


def height_base(pts: tuple[str, ...] | str) -> frozenset[str]:
    """The side ``height`` of ``pts`` falls on, as a set of its two ends (``height_foot`` without the vertex)."""
    return frozenset(height_foot(pts)[1:])


def height_spelling(points: tuple[str, ...], foot: tuple[int, int, int]) -> tuple[str, ...]:
    """The plane name of a shape's height from vertex ``foot[0]`` onto the side ``foot[1:]`` (indices
    into ``points``): the shape's own points where they say it, else the triangle of the foot."""
    at = tuple(points[i] for i in foot)
    return points if height_foot(points) == at else at


def canonical(kind: ElementKind, pts: tuple[str, ...]) -> tuple[str, ...]:
    """The key of an element named by ``pts``: one spelling for every name of the same element."""
    if kind.canon == "segment":
        return tuple(sorted(pts))
    if kind.canon == "angle":
        a, b = sorted((pts[0], pts[2]))
        return (a, pts[1], b)
    if kind.canon == "polygon":
        return polygon_key(pts)
    return tuple(pts)


def polygon_key(pts: tuple[str, ...]) -> tuple[str, ...]:
    """A polygon's canonical vertex order: the least rotation of either direction."""
    n = len(pts)
    rots = [tuple(p[i:] + p[:i]) for p in (tuple(pts), tuple(reversed(pts))) for i in range(n)]
    return min(rots)


@functools.lru_cache(maxsize=100_000)
def element_symbol(kind_key: str, pts: tuple[str, ...]) -> sympy.Symbol:
    """The symbol an element stands for in expressions: ``length(AB)``, ``angle(ABC)``."""
    kind = ELEMENT_KINDS[kind_key]
    return sympy.Symbol(f"{kind.key}({''.join(canonical(kind, pts))})", positive=True)


@dataclass(frozen=True)
class Element:
    kind: ElementKind
    points: tuple[str, ...]

    @property
    def text(self) -> str:
        """The element in the language: ``AB``, ``angle ABC``, ``arc length OAB``."""
        return " ".join((*self.kind.words, "".join(self.points)))


@functools.lru_cache(maxsize=100_000)
def element_of(sym: sympy.Symbol) -> Element | None:
    """The element a symbol stands for, None for a variable."""
    name = sym.name
    if not name.endswith(")") or "(" not in name:
        return None
    key, pts = name[:-1].split("(", 1)
    kind = ELEMENT_KINDS.get(key)
    return None if kind is None else Element(kind, split_points(pts))


def elements_in(e: sympy.Expr) -> list[Element]:
    """The elements an expression mentions, in a stable order."""
    return [el for s in sorted(e.free_symbols, key=lambda s: s.name) if (el := element_of(s)) is not None]


def variables_in(e: sympy.Expr) -> list[sympy.Symbol]:
    return [s for s in sorted(e.free_symbols, key=lambda s: s.name) if element_of(s) is None]


# -- trigonometry of an angle in degrees, kept unevaluated for symbols ---------------------------


class Degrees(sympy.Function):
    """sin/cos/tan of an angle in degrees: numbers evaluate, elements stay written as they are."""

    nargs = 1
    radians: sympy.FunctionClass

    @classmethod
    def eval(cls, t):
        if t.is_Number:
            return cls.radians(sympy.pi * t / 180)
        if t.is_number and t.has(*INVERSE_TRIG.values()):  # sin(atan(1/2) in degrees) = sqrt(5)/5
            return cls.radians(sympy.expand(sympy.pi * t / 180))
        return None

    def _eval_evalf(self, prec):
        return self.radians(sympy.pi * self.args[0] / 180)._eval_evalf(prec)

    def rewrite_radians(self) -> sympy.Expr:
        return self.radians(sympy.pi * self.args[0] / 180)


class Sin(Degrees):
    radians = sympy.sin


class Cos(Degrees):
    radians = sympy.cos


class Tan(Degrees):
    radians = sympy.tan


TRIG = {"sin": Sin, "cos": Cos, "tan": Tan}
# the inverses, written asin(v) and meaning an angle in degrees: 180*asin(v)/pi as a value
INVERSE_TRIG = {"asin": sympy.asin, "acos": sympy.acos, "atan": sympy.atan}


def inverse_degrees(name: str, v: sympy.Expr) -> sympy.Expr:
    """``atan(1/2)`` in the language: the angle in degrees whose tangent is 1/2."""
    return 180 * INVERSE_TRIG[name](v) / sympy.pi


def as_inverse_trig(degrees: sympy.Expr) -> tuple[str, sympy.Expr] | None:
    """An angle's value that is an inverse function's in degrees, as the function and its value (``180·atan(1/2)/π``
    is ``("tan", 1/2)``): a textbook gives such an angle as "tan A = 1/2", never as a number of degrees."""
    if not isinstance(degrees, sympy.Expr) or not degrees.is_number:
        return None
    radians = sympy.expand(degrees * sympy.pi / 180)
    for name, f in INVERSE_TRIG.items():
        if isinstance(radians, f):
            return name[1:], radians.args[0]
    return None


# -- statements -------------------------------------------------------------------------------


@dataclass(frozen=True)
class LineDecl:
    """Points in order along one straight line (``line A E O B``)."""

    points: tuple[str, ...]
    span: Span | None = field(default=None, compare=False)


@dataclass(frozen=True)
class CircleDecl:
    """A circle by its centre (which names it) and the points on it, in the order written.  ``arcs``:
    where only shape lines make it (a sector, a semicircle), the arcs they outline, each from its first
    point counter-clockwise to its second: the figure draws those, not the whole circle (the meaning
    is the circle's either way).  ``joined``: the later lines that named the same centre, whose points
    joined this circle (a centre names one circle), for a refusal to point at."""

    centre: str
    points: tuple[str, ...]
    span: Span | None = field(default=None, compare=False)
    arcs: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    joined: tuple[Span, ...] = field(default=(), compare=False)


# The nouns a textbook names a polygon of n vertices by: 'convex pentagon ABCDE' (dsl/general.py), and
# 'pentagon ABCDE' alone answered with the line to write (dsl/phrases.py).
POLYGON_NOUNS: dict[str, int] = {"pentagon": 5, "hexagon": 6, "heptagon": 7, "octagon": 8, "nonagon": 9,
                                 "decagon": 10, "hendecagon": 11, "dodecagon": 12}


@dataclass(frozen=True)
class PolygonDecl:
    """A polygon (a face of the figure) by its vertices in order around it.  A ``quadrilateral``
    is convex; four points named as a ``polygon`` may be concave (FormalGeo's faces can be)."""

    points: tuple[str, ...]
    span: Span | None = field(default=None, compare=False)
    convex: bool = True  # (four points only) the model keeps it convex

    @property
    def noun(self) -> str:
        if len(self.points) == 4:
            return "quadrilateral" if self.convex else "polygon"
        return "triangle" if len(self.points) == 3 else "polygon"


@dataclass(frozen=True)
class RelationDecl:
    """An instance of a relation block: its key and its arguments (point tuples) in block order."""

    key: str
    args: tuple[tuple[str, ...], ...]
    span: Span | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Turn:
    """Point chains that run one way round as drawn (``counterclockwise ACM AMB``): a face of the
    figure or an angle (three points) named in its turning direction.  This is what a figure
    says that no measure does (which side of a line a point is on); a mirror image of the whole
    figure turns every chain the other way and is the same problem."""

    clockwise: bool
    chains: tuple[tuple[str, ...], ...]
    span: Span | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Equality:
    """A fact: ``lhs = rhs``, expressions of elements and variables."""

    lhs: sympy.Expr
    rhs: sympy.Expr
    span: Span | None = field(default=None, compare=False)
    why: str = field(default="", compare=False)  # a fact a shape states: its rule in words


@dataclass(frozen=True)
class Goal:
    expr: sympy.Expr
    span: Span | None = field(default=None, compare=False)


@dataclass(frozen=True)
class GeneralProblem:
    """A problem in the general world; ``points`` lists every point in first-mention order."""

    points: tuple[str, ...]
    lines: tuple[LineDecl, ...] = ()
    circles: tuple[CircleDecl, ...] = ()
    polygons: tuple[PolygonDecl, ...] = ()
    relations: tuple[RelationDecl, ...] = ()
    turns: tuple[Turn, ...] = ()
    facts: tuple[Equality, ...] = ()
    goal: Goal | None = None
    source: str | None = field(default=None, compare=False)
    # points the user never named (a shape's drawn foot): each with the sentence that introduces it
    intros: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    # each textbook arc the user wrote (arc AB, major arc ACB): its compiled expression, text and LaTeX
    # names, so that a proof speaks of what the user wrote
    written: tuple[tuple[sympy.Expr, str, str, bool], ...] = field(default=(), compare=False)  # (…, in degrees)

    @property
    def variables(self) -> frozenset[sympy.Symbol]:
        out: set[sympy.Symbol] = set()
        for f in self.facts:
            out |= set(variables_in(f.lhs - f.rhs))
        if self.goal is not None:
            out |= set(variables_in(self.goal.expr))
        return frozenset(out)

    def circle(self, centre: str) -> CircleDecl | None:
        return next((c for c in self.circles if c.centre == centre), None)


def positive_first(v: sympy.Expr) -> str:
    """``32*pi - 64``, as a reader writes a difference, where sympy prints ``-64 + 32*pi`` (the answer line,
    and a figure's asked expression: "sector area OAB - area ABO = ?")."""
    if not v.is_Add:
        return str(v)
    terms = sympy.Add.make_args(v)
    pos = [t for t in terms if not t.could_extract_minus_sign()]
    neg = [-t for t in terms if t.could_extract_minus_sign()]
    if not pos or not neg:
        return str(v)
    return " + ".join(str(t) for t in pos) + "".join(f" - {t}" for t in neg)
