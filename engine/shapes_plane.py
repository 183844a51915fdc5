"""GeomVerse's shapes as plane geometry: one meaning for every shape line.

A shape kind of the catalogue says, on vertex indices, which plane statements it makes
(:data:`PLANE`: a relation block of ``engine/relations.py``, a bare polygon, a circle on a
diameter) and its whole-shape quantities (area, perimeter, arc, radius, height) come from the
kind's own equations (``S = a d + π d²/8``: a composite's area is its polygons' area plus or minus
its round part), so :func:`to_plane` turns a GeomVerse :class:`Problem` into the
:class:`GeneralProblem` with the same exact answer, which the plane solver proves from scratch.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import sympy

from .errors import ModelError
from .kinds import KINDS, Line, ShapeKind
from .model import Problem, QKind, Quantity, ShapeDecl
from .plane import (
    CircleDecl,
    Equality,
    GeneralProblem,
    Goal,
    LineDecl,
    PolygonDecl,
    RelationDecl,
    Turn,
    element_symbol,
    height_spelling,
    polygon_key,
)
from .relations import BLOCKS_BY_KEY, polygon_of


@dataclass(frozen=True)
class Statement:
    """One plane statement a kind makes, on vertex indices; a letter is a new point (``O``: a centre,
    ``Y``: the foot of the altitude that measures the kind's height).  ``block`` is a relation
    block's key, ``polygon`` a bare polygon, ``line`` points in order on a line, ``clockwise`` or
    ``counterclockwise`` chains that turn that way, ``circle`` a circle centred at the first
    argument's point through the second's, or ``arc`` that circle outlined only from the second's
    first point counter-clockwise to its second (a sector's, a semicircle's)."""

    block: str
    args: tuple[tuple[int | str, ...], ...]
    height: bool = False  # drawn only when the problem uses the shape's height (two feet may coincide)
    joined: bool = False  # only when the shape's angles share the points the kind joins (ABC and ABD)
    centred: bool = False  # only when no other shape's arc has the same centre (two radii may differ)


def _s(block: str, *args: str) -> Statement:
    """``_s("rectangle", "0123")``: vertex indices written as digits, letters new points."""
    return Statement(block, tuple(tuple(int(c) if c.isdigit() else c for c in a) for a in args))


def _height(vertex: str, base: str) -> Statement:
    """The altitude from ``vertex`` onto ``base`` (its foot Y), the segment a height measures."""
    return Statement("altitude", ((int(vertex), "Y"), (int(vertex), int(base[0]), int(base[1]))), height=True)


# The plane statements of each kind (its quantities and equalities come from the kind itself).
PLANE: dict[str, tuple[Statement, ...]] = {
    "triangle": (_s("polygon", "012"),),
    "right_triangle": (_s("right_triangle", "102", "0"),),
    "isosceles_triangle": (_s("isosceles_triangle", "012", "0"), _height("0", "12")),
    "equilateral_triangle": (_s("equilateral_triangle", "012"), _height("0", "12")),
    "square": (_s("square", "0123"),),
    "rectangle": (_s("rectangle", "0123"),),
    "parallelogram": (_s("parallelogram", "0123"), _height("3", "01")),
    "rhombus": (_s("rhombus", "0123"), _height("3", "01")),
    "kite": (_s("kite", "0123", "0"),),
    "trapezoid": (_s("trapezoid", "0321", "01", "32"), _height("3", "01")),
    "circle": (_s("circle", "O", "01"), _s("diameter", "01", "O")),
    "semicircle": (_s("arc", "O", "10"), _s("diameter", "01", "O"), _s("line", "0O1")),
    # sector AOB is circle O through A B, the minor sector from A counter-clockwise to B (its angle is
    # under 180°: `sector area OAB`), its radii drawn; two sectors at one centre may differ in radius
    "sector": (Statement("arc", ((1,), (0, 2)), centred=True),
               Statement("counterclockwise", ((1, 0, 2),), centred=True), _s("line", "10"), _s("line", "12")),
    "rectangle_plus_semicircle": (_s("rectangle", "0123"),),
    "rectangle_minus_semicircle": (_s("rectangle", "0123"),),
    # the outline is a face too; the triangle's apex lies outside the rectangle, or inside it (on the
    # inner side of its base and of the opposite side): a mirror image turns every chain the other way
    "rectangle_plus_equilateral_triangle": (_s("rectangle", "0134"), _s("equilateral_triangle", "123"),
                                            _s("polygon", "01234"), _s("counterclockwise", "0134"),
                                            _s("clockwise", "132")),
    "rectangle_minus_equilateral_triangle": (_s("rectangle", "0134"), _s("equilateral_triangle", "123"),
                                             _s("polygon", "01234"), _s("counterclockwise", "0134", "132", "402")),
    "square_minus_circle": (_s("square", "0123"),),
    # GeomVerse's angle pairs share their vertex and a ray (ABC and ABD): their other rays make a line
    "supplementary": (Statement("line", ((2, 1, 5),), joined=True),),
    "complementary": (),
    "vertical": (Statement("line", ((0, 1, 3),), joined=True), Statement("line", ((2, 1, 5),), joined=True)),
    "point_on_segment": (_s("point_on_segment", "0", "12"),),
}


# a regular polygon (any n: engine/catalogue.py) is its polygon; its equal sides and angles and its area come
# from its kind
def _regular_plan(n: int) -> tuple[Statement, ...]:
    """A regular n-gon: its polygon, convex (every corner turning one way, as 'convex polygon' says)."""
    return (Statement("polygon", (tuple(range(n)),)),
            Statement("counterclockwise", tuple(tuple((i + k) % n for k in range(3)) for i in range(n))))


def plan_of(kind: ShapeKind) -> tuple[Statement, ...] | None:
    """The plane statements ``kind`` makes (None: it has no plane meaning yet).  The regular polygons' are
    made from their vertex count when asked, so that importing this module reads no kind (a textbook
    figure's command never builds the catalogue)."""
    if kind.key in PLANE:
        return PLANE[kind.key]
    return _regular_plan(kind.n_points) if kind.key.startswith("regular_") else None


# a shape quantity that is its polygon's own element when the kind is one polygon
_POLYGON_ELEMENT = {QKind.AREA: "area", QKind.PERIMETER: "perimeter"}


class Compiled:
    """One problem's shapes as plane statements, and its shape quantities as expressions."""

    def __init__(self, shapes: tuple[ShapeDecl, ...], taken: set[str], used: frozenset[Quantity] = frozenset()
                 ) -> None:
        self.points: dict[str, None] = {}
        self.polygons: dict[tuple[str, ...], PolygonDecl] = {}
        self.circles: dict[str, CircleDecl] = {}
        self.lines: list[LineDecl] = []
        self.turns: list[Turn] = []
        self.relations: dict[tuple, RelationDecl] = {}
        self.facts: list[Equality] = []
        self.quantities: dict[Quantity, sympy.Expr] = {}
        self._taken = set(taken)
        self._used = used
        self._shared = _shared_centres(shapes)
        self.intros: dict[str, str] = {}  # a point the user never named -> the sentence that introduces it
        for decl in shapes:
            self._shape(decl)

    def _new_point(self, letter: str) -> str:
        spare = (letter, *"OPQRSTUVWXYZ", *(f"{c}'" for c in "OPQRSTUVWXYZ"), *(f"{c}''" for c in "OPQRSTUVWXYZ"))
        name = next(n for n in spare if n not in self._taken)
        self._taken.add(name)
        return name

    def _shape(self, decl: ShapeDecl) -> None:
        kind = KINDS[decl.kind]
        plan = plan_of(kind)
        if plan is None:
            raise ModelError(f"the {kind.title} has no plane-geometry meaning yet: solve it with --style geomverse",
                             decl.span)
        if Quantity.of_shape(QKind.HEIGHT, decl.name) not in self._used:
            plan = tuple(st for st in plan if not st.height)
        if not _joined(kind, decl):
            plan = tuple(st for st in plan if not st.joined)
        plan = tuple(st for st in plan if not (st.centred and decl.points[st.args[0][0]] in self._shared))
        names: dict[int | str, str] = dict(enumerate(decl.points))
        for letter in dict.fromkeys(i for st in plan for a in st.args for i in a if isinstance(i, str)):
            names[letter] = self._new_point(letter)
        self.points.update(dict.fromkeys(decl.points))
        polys: list[tuple[str, ...]] = []
        for st in plan:
            args = tuple(tuple(names[i] for i in a) for a in st.args)
            if st.block == "polygon":
                polys.append(args[0])
                self._polygon(args[0], decl)
            elif st.block == "line":
                self.lines.append(LineDecl(args[0], decl.span))
            elif st.block in ("clockwise", "counterclockwise"):
                self.turns.append(Turn(st.block == "clockwise", args, decl.span))
            elif st.block in ("circle", "arc"):
                (centre,), pts = args
                old = self.circles.get(centre)
                merged = tuple(dict.fromkeys((old.points if old else ()) + pts))
                arcs = () if st.block == "circle" or (old and not old.arcs) else (*(old.arcs if old else ()), pts)
                self.circles[centre] = CircleDecl(centre, merged, decl.span, arcs)
                self.points.update(dict.fromkeys((centre, *pts)))
            else:
                block = BLOCKS_BY_KEY[st.block]
                poly = polygon_of(block, args)
                if poly is not None:
                    polys.append(poly)
                    self._polygon(poly, decl)
                self.points.update(dict.fromkeys(p for a in args for p in a))
                self.relations.setdefault((block.key, args), RelationDecl(block.key, args, decl.span))
                if st.height:  # the altitude (v, Y) of (v, a, b): Y is the height's foot
                    (v, foot), (_, a, b) = args
                    self.intros[foot] = f"Let {foot} be the foot of the height from {v} onto {a}{b}."
        # a shape that is one triangle or quadrilateral measures as its polygon; a regular polygon's
        # area is its kind's formula in its side (no plane theorem cuts a pentagon up)
        whole = polys[0] if len(set(map(polygon_key, polys))) == 1 and _is_polygon(kind) and kind.n_points <= 4 \
            else None
        self._quantities(kind, decl, names, whole, any(st.block in BLOCKS_BY_KEY for st in plan))

    def _polygon(self, pts: tuple[str, ...], decl: ShapeDecl) -> None:
        self.polygons.setdefault(polygon_key(pts), PolygonDecl(pts, decl.span))

    def _quantities(self, kind: ShapeKind, decl: ShapeDecl, names: Mapping[int | str, str],
                    poly: tuple[str, ...] | None, has_block: bool) -> None:
        subs = _element_symbols(kind, decl.points)
        for sym, element in kind.elements.items():
            q_kind = element.kind
            if q_kind in (QKind.LENGTH, QKind.ANGLE):
                continue
            q = Quantity.of_shape(q_kind, decl.name)
            if poly is not None and q_kind in _POLYGON_ELEMENT:
                self.quantities[q] = element_symbol(_POLYGON_ELEMENT[q_kind], poly)
            elif q_kind is QKind.HEIGHT:  # the shape's own name where it says the same height (no foot named)
                self.quantities[q] = element_symbol("height", height_spelling(decl.points, element.foot))
            else:
                self.quantities[q] = _formula(kind, sym, subs)
        if has_block:
            return  # the block's equations already say what the kind's equal elements and constants say
        for sym, element in kind.elements.items():
            for other in element.at[1:]:
                self._fact(_at(element.kind, element.at[0], decl.points), _at(element.kind, other, decl.points), decl,
                           kind.constant_reasons.get(sym, ""))
        for sym, value in kind.constants.items():
            for at in kind.elements[sym].at:
                self._fact(_at(kind.elements[sym].kind, at, decl.points), value, decl,
                           kind.constant_reasons.get(sym, ""))
        if kind.relation:  # two angles' sum or equality: the kind's equations are the whole of it
            for e in kind.equations:
                self._fact(_in_plane(e.lhs, subs), _in_plane(e.rhs, subs), decl)

    def _fact(self, lhs: sympy.Expr, rhs: sympy.Expr, decl: ShapeDecl, why: str = "") -> None:
        # a catalogue value, never text
        self.facts.append(Equality(lhs, sympy.sympify(rhs, strict=True), decl.span, why))


def _shared_centres(shapes: tuple[ShapeDecl, ...]) -> set[str]:
    """The points that centre the arcs of two shapes: a centre names one circle, and two sectors about
    it may have different radii, so neither makes its circle there."""
    seen = [decl.points[st.args[0][0]] for decl in shapes for st in plan_of(KINDS[decl.kind]) or ()
            if st.centred and st.block == "arc"]
    return {p for p in seen if seen.count(p) > 1}


def _joined(kind: ShapeKind, decl: ShapeDecl) -> bool:
    """Do the shape's points meet where the kind joins them (one vertex, one shared ray)?"""
    pts = decl.points
    return all(pts[i] == pts[j] for i, j in kind.joins) and len(set(pts)) == len(pts) - len(kind.joins)


def _is_polygon(kind: ShapeKind) -> bool:
    """Is the kind's outline one polygon through all its vertices (its area is the polygon's)?"""
    outline = kind.construction.outline
    return (len(outline) == 1 and len(outline[0]) == kind.n_points
            and all(isinstance(piece, Line) and isinstance(piece.start, int) for piece in outline[0]))


def _in_plane(e: sympy.Expr, subs: Mapping[str, sympy.Expr]) -> sympy.Expr:
    return _degrees(e.xreplace({s: subs[s.name] for s in e.free_symbols}))


def _at(kind: QKind, at: tuple[int, ...], points: tuple[str, ...]) -> sympy.Symbol:
    pts = tuple(points[i] for i in at)
    return element_symbol("length" if kind is QKind.LENGTH else "angle", pts)


def _element_symbols(kind: ShapeKind, points: tuple[str, ...]) -> dict[str, sympy.Expr]:
    """Each side and angle of the kind (by its symbol's name) as the plane element it binds: the place a
    pin puts the round part on where the element has it (a semicircle's diameter is the side it stands
    on, not the opposite side of equal length), else its first place."""
    pinned = set(kind.pins.values())
    return {name: _at(el.kind, next((a for a in el.at if a in pinned), el.at[0]), points)
            for name, el in kind.elements.items() if el.kind in (QKind.LENGTH, QKind.ANGLE) and el.at}


def _formula(kind: ShapeKind, name: str, subs: Mapping[str, sympy.Expr]) -> sympy.Expr:
    """The kind's own formula for a whole-shape quantity, in sides and angles (``S = a d + π d²/8``)."""
    for e in kind.equations:
        for lhs, rhs in ((e.lhs, e.rhs), (e.rhs, e.lhs)):
            if isinstance(lhs, sympy.Symbol) and lhs.name == name and {s.name for s in rhs.free_symbols} <= set(subs):
                return _in_plane(rhs, subs)
    raise ModelError(f"the {kind.title}'s {name} has no formula in its sides and angles")


def _degrees(e: sympy.Expr) -> sympy.Expr:
    """The catalogue writes sin(π t/180); the plane language writes Sin(t), t in degrees."""
    from .plane import Cos, Sin, Tan

    for f, g in ((sympy.sin, Sin), (sympy.cos, Cos), (sympy.tan, Tan)):
        e = e.replace(lambda x, f=f: isinstance(x, f), lambda x, g=g: g(sympy.nsimplify(x.args[0] * 180 / sympy.pi)))
    return e


def to_plane(problem: Problem) -> GeneralProblem:
    """The general problem a GeomVerse problem states: the same points, the shapes' polygons,
    circles and relations, its facts as equations and its query as the goal."""
    taken = {p for d in problem.shapes for p in d.points}
    used = {f.quantity for f in problem.facts} | ({problem.query.quantity} if problem.query else set())
    c = Compiled(problem.shapes, taken, frozenset(used))
    facts = list(c.facts)
    for f in problem.facts:
        facts.append(Equality(expression(f.quantity, c.quantities), f.value, f.span))
    goal = None
    if problem.query is not None:
        goal = Goal(expression(problem.query.quantity, c.quantities), problem.query.span)
    return GeneralProblem(points=tuple(c.points), lines=tuple(c.lines), circles=tuple(c.circles.values()),
                          polygons=tuple(c.polygons.values()),
                          relations=tuple(sorted(c.relations.values(), key=lambda r: (r.key, r.args))),
                          turns=tuple(c.turns), facts=tuple(facts), goal=goal, source=problem.source,
                          intros=tuple(c.intros.items()), written=_written(used, c.quantities))


def _written(used: set[Quantity], quantities: Mapping[Quantity, sympy.Expr]) -> tuple:
    """Each shape quantity the problem names that stands for an expression (a sector's area, a
    composite shape's perimeter) as the user named it, so that a proof ends "area ABC = … = 6π"."""
    out = []
    for q in sorted(used, key=str):
        if q.kind in (QKind.LENGTH, QKind.ANGLE, QKind.VARIABLE) or q not in quantities:
            continue
        e = quantities[q]
        if not e.is_Symbol:
            out.append(written_as(e, str(q)))
    return tuple(out)


def written_as(e: sympy.Expr, text: str) -> tuple[sympy.Expr, str, str, bool]:
    """A shape's quantity (``area ABC``) next to the expression it stands for, as a problem's
    ``written`` entry: its text, its LaTeX, and not in degrees."""
    words, name = text.rsplit(" ", 1)
    return e, text, rf"\text{{{words} }}{name}", False


def expression(q: Quantity, quantities: Mapping[Quantity, sympy.Expr]) -> sympy.Expr:
    """A GeomVerse quantity as a plane expression: a segment or angle is its element, a shape's
    area (perimeter …) the expression its kind gives."""
    if q.kind is QKind.LENGTH:
        return element_symbol("length", q.key)
    if q.kind is QKind.ANGLE:
        return element_symbol("angle", q.key)
    if q.kind is QKind.VARIABLE:
        return sympy.Symbol(q.key[0], real=True)
    try:
        return quantities[q]
    except KeyError:
        raise ModelError(f"{q} has no plane-geometry meaning") from None
