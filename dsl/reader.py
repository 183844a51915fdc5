"""Lines -> a validated Problem.

Shapes may be declared after the facts that mention them, so facts and the
query are collected first and resolved once every shape is known.  Each check
raises a ModelError at the text that is wrong.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import sympy
from geomill.engine.errors import GeomillError, ModelError, ParseError, Span
from geomill.engine.kinds import KINDS, Line, ShapeKind
from geomill.engine.model import SHAPE_QUANTITIES, Fact, Problem, QKind, Quantity, Query, ShapeDecl, split_points
from geomill.engine.plane import TRAPEZOIDS, GeneralProblem, height_base

from .forms import NoForm, Word, is_element, read_element, read_shape
from .general import general_at_sight, is_general, read_general
from .syntax import parse_lines


class OffShapes(ModelError):
    """A segment or angle on no shape's outline, or an element the shape kind does not bind: an error
    for the shapes reader alone, as plane geometry reads it (``AC = 5`` is a diagonal, ``height ABC``
    a triangle's altitude onto BC)."""


@dataclass(frozen=True)
class _Statement:
    """A fact (``value`` set) or a query, its element not yet resolved against the shapes."""

    qkind: QKind
    word: Word
    span: Span
    value: sympy.Expr | None = None
    value_span: Span | None = None


def read(text: str, file: str | None = None, plane: bool = False) -> Problem | GeneralProblem:
    """Today's problem, or a general one when a line says what only the general language can (or
    ``plane``: always). Of several bad lines the first is reported (see ``_first_bad``)."""
    try:
        lines = parse_lines(text)
    except ParseError as error:
        raise _first_bad(text, error, file) from None
    return read_general(lines, file) if plane else _read_lines(lines, file)


MAX_BLANKED = 20  # syntax errors stepped over in looking for an earlier bad line


def _first_bad(text: str, error: ParseError, file: str | None) -> GeomillError:
    """The error of the first bad line: the syntax is checked for every line before any line is
    read, so a later line's syntax error (``find the area of ABCD``) would come before an earlier
    line's reading error (``isosceles trapezoid ABCD with bases AB and CD``).  The lines with
    syntax errors are left out and the rest read; an error there before the first syntax error
    stands if the lines up to it alone raise it too (not a consequence of a line left out)."""
    raws = text.split("\n")
    first = error.span.line if error.span is not None else 1
    at = first
    for _ in range(MAX_BLANKED):
        raws[at - 1] = ""
        try:
            lines = parse_lines("\n".join(raws))
        except ParseError as later:
            if later.span is None or later.span.line <= at:
                return error
            at = later.span.line
            continue
        earlier = _error_of(lines, file)
        if earlier is None or earlier.span is None or earlier.span.line >= first:
            return error
        alone = _error_of(parse_lines("\n".join(raws[:earlier.span.line])), file)
        same = alone is not None and (alone.message, alone.span) == (earlier.message, earlier.span)
        return earlier if same else error
    return error


def _error_of(lines: list, file: str | None) -> GeomillError | None:
    """The error reading these lines raises, if any."""
    try:
        _read_lines(lines, file)
    except GeomillError as e:
        return e
    return None


def _read_lines(lines: list, file: str | None) -> Problem | GeneralProblem:
    """``read`` of parsed lines."""
    if any(general_at_sight(line) for line in lines) or any(is_general(line) for line in lines):
        return read_general(lines, file)
    try:
        return _read_shapes(lines, file)
    except (OffShapes, NoForm) as shapes_error:  # plane geometry may know it (``AC = x`` on no shape's side)
        try:
            return read_general(lines, file)
        except GeomillError as general_error:
            same = general_error.span is not None and shapes_error.span is not None \
                and general_error.span.line == shapes_error.span.line
            raise (general_error if isinstance(shapes_error, NoForm) and same else shapes_error) from None


def _read_shapes(lines: list, file: str | None, memo: bool = True) -> Problem:
    """The problem of these lines.  FAST PATH: a shape line's declaration is looked up by its words
    (their texts and places: all ``read_shape`` reads, and what the declaration's span holds), kept
    per catalogue; ``memo=False`` reads every line (tests/test_dsl.py holds the two equal)."""
    seen = _shape_memo(tuple(KINDS.values())) if memo else None
    shapes: list[ShapeDecl] = []
    statements: list[_Statement] = []
    query_seen: _Statement | None = None
    for line in lines:
        words = list(line.words)
        span = Span(line.number, words[0].col)
        if line.value is not None:
            qkind, word = read_element(words)
            statements.append(_Statement(qkind, word, span, line.value, line.value_span))
        elif words[0].text == "find":
            if len(words) == 1:
                raise ModelError("find what? e.g. 'find AB' or 'find angle ABC'", words[0].span)
            qkind, word = read_element(words[1:])
            if query_seen is not None:
                raise ModelError(f"only one 'find' per problem (the first is on line {query_seen.span.line})", span)
            query_seen = _Statement(qkind, word, span)
            statements.append(query_seen)
        elif is_element(words):
            end = words[-1].span
            raise ModelError(f"expected '= value' after {' '.join(w.text for w in words)}",
                             Span(end.line, end.end_col or end.col))
        elif seen is None:
            shapes.append(read_shape(words))
        else:
            decl = seen.get(line.words)
            if decl is None:
                if len(seen) >= SHAPE_MEMO_LIMIT:
                    seen.clear()
                decl = seen[line.words] = read_shape(words)
            shapes.append(decl)
    _check_names(shapes)
    _check_sides(shapes)
    facts, query = _resolve(shapes, statements)
    return Problem(shapes=tuple(shapes), facts=tuple(facts), query=query, source=file)


SHAPE_MEMO_LIMIT = 20_000  # shape lines kept per catalogue (generated problems repeat most of theirs)


@lru_cache(maxsize=4)
def _shape_memo(kinds: tuple[ShapeKind, ...]) -> dict[tuple[Word, ...], ShapeDecl]:
    """The declarations shape lines made, by their words, for one catalogue (a kind added later
    makes another memo: a line could read differently)."""
    return {}


# -- shapes -----------------------------------------------------------------------------


def aliases(decl: ShapeDecl) -> frozenset[str]:
    """Every spelling that names ``decl``: a polygon from any vertex in either direction."""
    return _aliases(KINDS[decl.kind], decl.name)


@lru_cache(maxsize=8192)
def _aliases(kind: ShapeKind, name: str) -> frozenset[str]:
    """``aliases`` by the kind itself and the name, all they depend on: a problem asks twice per shape
    (names, facts) and generated problems repeat their declarations."""
    if kind.relation or "~" in name:
        return frozenset((name,))
    pts = split_points(name)
    if not kind.cyclic:
        return frozenset((name, "".join(reversed(pts))))
    n = len(pts)
    rev = pts[::-1]
    return frozenset("".join(p[i:] + p[:i]) for p in (pts, rev) for i in range(n))


def _describe(decl: ShapeDecl) -> str:
    return f"{KINDS[decl.kind].title} {decl.name}"


def _check_names(shapes: list[ShapeDecl]) -> None:
    seen: dict[str, ShapeDecl] = {}
    for decl in shapes:
        names = aliases(decl)
        for alias in names:
            other = seen.get(alias)
            if other is not None:
                raise ModelError(f"{_describe(decl)} has the same name as {_describe(other)} "
                                 f"(line {other.span.line if other.span else '?'})", decl.span)
        seen.update(dict.fromkeys(names, decl))


def sides(decl: ShapeDecl) -> frozenset[frozenset[str]]:
    """The straight edges of a shape's outline (a circle's diameter is not one)."""
    return _sides(KINDS[decl.kind], decl.points)


@lru_cache(maxsize=8192)
def _sides(kind: ShapeKind, points: tuple[str, ...]) -> frozenset[frozenset[str]]:
    out = set()
    for loop in kind.construction.outline:
        for piece in loop:
            if isinstance(piece, Line) and isinstance(piece.start, int) and isinstance(piece.end, int):
                out.add(frozenset((points[piece.start], points[piece.end])))
    return frozenset(out)


def _check_sides(shapes: list[ShapeDecl]) -> None:
    """A segment can border at most two shapes; a third would overlap one of them."""
    owners: dict[frozenset[str], list[ShapeDecl]] = {}
    for decl in shapes:
        if KINDS[decl.kind].relation:
            continue
        for side in sides(decl):
            have = owners.setdefault(side, [])
            if len(have) == 2:
                seg = "".join(sorted(side))
                raise ModelError(f"side {seg} already borders {_describe(have[0])} and {_describe(have[1])}; "
                                 f"{_describe(decl)} cannot share it too", decl.span)
            have.append(decl)


# -- facts and the query ----------------------------------------------------------------------


def _resolve(shapes: list[ShapeDecl], statements: list[_Statement]) -> tuple[list[Fact], Query | None]:
    by_alias = {a: d for d in shapes for a in aliases(d)}
    by_name = {d.name: d for d in shapes}
    bound = {d.name: _bound_set(KINDS[d.kind], d.points, d.name) for d in shapes}
    everywhere = set().union(*bound.values()) if bound else set()
    facts: list[Fact] = []
    given: dict[Quantity, _Statement] = {}
    query = None
    for st in statements:
        q = _quantity(st, by_name, by_alias, bound, everywhere)
        if st.value is None:
            query = Query(q, st.span)
            continue
        if q in given:
            raise ModelError(f"{q} is already given "
                             f"on line {given[q].span.line}", st.span)
        _check_value(q, st)
        given[q] = st
        facts.append(Fact(q, st.value, st.span))
    return facts, query


@lru_cache(maxsize=8192)
def _bound_set(kind: ShapeKind, points: tuple[str, ...], name: str) -> frozenset[Quantity]:
    """Every quantity a shape binds (``ShapeKind.bind``'s, as one set)."""
    return frozenset(q for qs in kind.bind(ShapeDecl(kind.key, name, points)).values() for q in qs)


def _quantity(st: _Statement, by_name: dict[str, ShapeDecl], by_alias: dict[str, ShapeDecl],
              bound: dict[str, frozenset[Quantity]], everywhere: set[Quantity]) -> Quantity:
    pts, text = st.word.points, st.word.text
    if st.qkind is QKind.RADIUS and (side := _radius_side(text, by_name, by_alias, bound)) is not None:
        return side
    if st.qkind in SHAPE_QUANTITIES:
        decl = by_name.get(text) or by_alias.get(text)
        if decl is None:
            raise ModelError(f"no shape is named {text}", st.word.span)
        if st.qkind is QKind.HEIGHT and decl.kind not in TRAPEZOIDS and not _same_base(text, bound[decl.name]):
            raise OffShapes(f"height {text} is onto another side than {_describe(decl)}'s height",
                            st.word.span)  # plane geometry's heights are onto any side
        q = Quantity.of_shape(st.qkind, decl.name)
        if q not in bound[decl.name]:
            raise OffShapes(f"{_describe(decl)} has no {st.qkind.value}", st.word.span)  # plane geometry's may
        return Quantity(q.kind, q.key, text) if st.qkind is QKind.HEIGHT else q  # a height as written: it says its side
    if st.qkind is QKind.LENGTH:
        q = Quantity.length(*pts)
        what = f"a segment {text}"
    else:
        q = Quantity.angle(*pts)
        what = f"an angle {text}"
    if q not in everywhere:
        raise OffShapes(f"no shape has {what}", st.word.span)
    return q


def _radius_side(text: str, by_name: dict[str, ShapeDecl], by_alias: dict[str, ShapeDecl],
                 bound: dict[str, frozenset[Quantity]]) -> Quantity | None:
    """``radius AOB`` or ``radius O`` of a shape whose radius is one of its sides (a sector's OA): that side,
    as the exact reading's ``radius O`` of the circle the shape states (None: the shape binds a radius of its
    own, or none is named so)."""
    decl = by_name.get(text) or by_alias.get(text)
    if decl is not None and Quantity.of_shape(QKind.RADIUS, decl.name) in bound[decl.name]:
        return None
    for d in ([decl] if decl is not None else by_name.values()):
        sides = KINDS[d.kind].bind(d).get("r", [])
        if sides and all(q.kind is QKind.LENGTH for q in sides) and (d is decl or all(text in q.key for q in sides)):
            return sides[0]
    return None


def _same_base(text: str, bound: frozenset[Quantity]) -> bool:
    """Does ``height TEXT`` (a spelling of the shape) fall on the side the shape's own height does? A
    parallelogram's ``height BCDA`` is onto BC, not AB: one meaning in every file."""
    own = next((q.name for q in bound if q.kind is QKind.HEIGHT), None)
    if own is None:
        return True  # (the shape has no height: said where the height is looked up)
    return height_base(split_points(text)) == height_base(split_points(own))


def _check_value(q: Quantity, st: _Statement) -> None:
    """Refuse a number that no figure could have: a negative length, a 200-degree angle."""
    v = st.value
    if v.free_symbols:
        return
    if q.kind is QKind.ANGLE:
        if not _positive(v) or not _below(v, 180):
            raise ModelError(f"an angle must be between 0 and 180 degrees, got {v}", st.value_span)
    elif not _positive(v):
        article = "an" if q.kind.value[0] in "aeiou" else "a"
        raise ModelError(f"{article} {q.kind.value} must be positive, got {v}", st.value_span)


# A number written as a decimal or fraction (most values) is compared as integers, the same answer
# as sympy's assumptions give, which cost ~50 µs a value; anything else (3 sqrt(2)) asks sympy.

def _positive(v: sympy.Expr) -> bool:
    return v.p > 0 if isinstance(v, sympy.Rational) else v.is_positive is not False


def _below(v: sympy.Expr, bound: int) -> bool:
    return v.p < bound * v.q if isinstance(v, sympy.Rational) else not (v - bound).is_nonnegative
