"""Lines -> a :class:`GeneralProblem`, and back to text.

The statements of general plane geometry: ``points``, ``line``, ``circle O through …``, polygons
(``triangle``, ``quadrilateral``, ``polygon``), and every form of every block in
``engine/relations.py``; facts (``element = expression``, with elements on both sides) and a goal
(``find`` + any expression); GeomVerse's shape lines mean the plane statements their kinds make
(``engine/shapes_plane.py``), so every line means one thing in any file.  A problem is read this
way when one of its lines says something only the general language can say (:func:`is_general`);
otherwise the shapes reader reads it, fast, into the same meaning (``to_plane``).
"""
from __future__ import annotations

import functools
import re

import sympy
from geomill.engine.errors import ModelError, Span, a_noun
from geomill.engine.jsontext import cut
from geomill.engine.model import QKind, ShapeDecl, split_points
from geomill.engine.plane import (
    ELEMENT_VOCABULARY,
    ELEMENT_WORDS,
    POLYGON_NOUNS,
    SEMICIRCLE_ELEMENTS,
    TEXTBOOK_ARCS,
    TRAPEZOIDS,
    CircleDecl,
    Degrees,
    Element,
    Equality,
    GeneralProblem,
    Goal,
    LineDecl,
    PolygonDecl,
    RelationDecl,
    Turn,
    element_kind,
    element_of,
    element_symbol,
    elements_in,
    height_base,
    naming_hint,
    points_fit,
    polygon_key,
)
from geomill.engine.relations import BLOCKS, BLOCKS_BY_KEY, Block, polygon_of
from geomill.engine.shapes_plane import Compiled, written_as

from .forms import Word, _suggest, forms_with, is_element, is_shape_line, read_shape, unique_forms, vocabulary
from .phrases import filler, hint, written_instead
from .printer import format_expr
from .syntax import GOAL_WORD, SourceLine

POLYGON_WORDS = {"triangle": 3, "quadrilateral": 4, "polygon": None}
TURN_WORDS = ("clockwise", "counterclockwise")
CONVEX = "convex"  # 'convex polygon ABCDE', 'convex pentagon ABCDE': the polygon and its turn line (convex_turn)
STATEMENT_WORDS = ("points", "line", "circle", *TURN_WORDS, *POLYGON_WORDS, CONVEX)
_PLACEHOLDER = re.compile(r"\{([A-Z]+)\}")

# The size of a general problem (docs/limits.md): far above any textbook or olympiad problem
# (FormalGeo7k's largest has 22 points, 9 on one line, 6 on one circle, faces of 8 sides;
# AlphaGeometry's hardest under 40 points), and below what the figure search can take.
LIMITS = {"points": 48, "points on one line": 24, "points on one circle": 24, "polygon sides": 32,
          "points in a turning chain": 24, "lines": 48, "circles": 16, "relations": 96, "facts": 96}


# -- matching block forms -------------------------------------------------------------------------


@functools.cache
def _form_index() -> dict[tuple[str | None, ...], list[tuple[Block, str]]]:
    """Every block form by its key (literal words, None for a placeholder), in block order."""
    index: dict[tuple[str | None, ...], list[tuple[Block, str]]] = {}
    for block in BLOCKS:
        for form in block.forms:
            key = tuple(None if _PLACEHOLDER.fullmatch(t) else t for t in form.split())
            index.setdefault(key, []).append((block, form))
    return index


def _key(words: list[Word]) -> tuple[str | None, ...]:
    return tuple(None if w.points is not None else w.text for w in words)


def match_block(words: list[Word]) -> tuple[Block, tuple[tuple[str, ...], ...]] | None:
    """The first block a line states, with its arguments in block order.  A line may name its
    polygon (or the triangle of a median, altitude …) from any vertex, either way round, and a side
    either way (``trapezoid ABCD bases AB CD`` is the block's ``DCBA`` with bases ``DA`` and ``CB``,
    ``CD altitude of ABC`` its ``CAB``): the line means the figure it names."""
    for block, form in _form_index().get(_key(words), ()):
        phs = _PLACEHOLDER.findall(form)
        bound = [w.points for w in words if w.points is not None]
        if any(len(ph) != len(pts) for ph, pts in zip(phs, bound)):
            continue
        args = _form_args(block, phs, bound)
        if args is None:
            continue
        if block.bind(args) is not None:
            return block, args
        found = _renamed(block, args)
        if found is not None:
            return block, found
    return None


UNNAMED = "?"  # the centre a form leaves out ('C on major arc AB'): the reader names the one circle


def _form_args(block: Block, phs: list[str], bound: list[tuple[str, ...]]) -> tuple[tuple[str, ...], ...] | None:
    """The block's arguments from a form's: by placeholder, or where the form spells its points
    otherwise (``{P} on {BA} extended beyond {B}``, ``{P} on {AB} extended``) letter by letter; a
    block's circle the form leaves out is UNNAMED, None where letters disagree."""
    by_ph = dict(zip(phs, bound))
    if all(ph in by_ph for ph in block.placeholders):
        return tuple(by_ph[ph] for ph in block.placeholders)
    letters: dict[str, str] = {}
    for ph, pts in zip(phs, bound):
        for c, q in zip(ph, pts):
            if letters.setdefault(c, q) != q:
                return None
    if block.circle is not None:
        letters.setdefault(block.circle, UNNAMED)
    if any(c not in letters for ph in block.placeholders for c in ph):
        return None
    return tuple(tuple(letters[c] for c in ph) for ph in block.placeholders)


def _figure_of(block: Block) -> int | None:
    """The placeholder that names the block's polygon or triangle (its last of 3 or more points)."""
    if block.polygon is not None:
        return block.placeholders.index(block.polygon)
    if block.family not in ("triangle", "quadrilateral"):
        return None
    return max((i for i, ph in enumerate(block.placeholders) if len(ph) >= 3), default=None)


def _renamed(block: Block, args: tuple[tuple[str, ...], ...]) -> tuple[tuple[str, ...], ...] | None:
    """The block's arguments when the line names its figure from another vertex or the other way
    round: the figure's letters fix every other argument, which must name the same points (a side
    in either direction, sides in either order)."""
    i = _figure_of(block)
    if i is None:
        return None
    poly = args[i]
    n = len(poly)
    written = sorted(_unordered(a) for j, a in enumerate(args) if j != i)
    for image in [p[r:] + p[:r] for p in (poly, poly[::-1]) for r in range(n)]:
        names = dict(zip(block.placeholders[i], image))
        others = [ph for j, ph in enumerate(block.placeholders) if j != i]
        known = [ph for ph in others if all(c in names for c in ph)]
        if len(known) != len(others):  # a point of its own (a median's foot): keep it where written
            free = dict(zip(block.placeholders, args))
            for ph in others:
                if ph not in known:
                    names.update({c: p for c, p in zip(ph, free[ph]) if c not in names})
        try:
            out = tuple(tuple(names[c] for c in ph) for ph in block.placeholders)
        except KeyError:
            continue
        if sorted(_unordered(a) for j, a in enumerate(out) if j != i) == written and block.bind(out) is not None:
            return out
    return None


def _unordered(pts: tuple[str, ...]) -> tuple[str, ...]:
    """A side is the same either way; a point or a longer name is as written."""
    return tuple(sorted(pts)) if len(pts) == 2 else pts


# -- which reader ---------------------------------------------------------------------------------


def is_general(line: SourceLine) -> bool:
    """Does this line say something only the general language can (so the problem is general)?"""
    seen = general_at_sight(line)
    if seen is not None:
        return seen
    words = list(line.words)
    return not is_shape_line(words) and match_block(words) is not None


def general_at_sight(line: SourceLine) -> bool | None:
    """``is_general`` where the line's first word or its value decides (None: only the shape forms can).  A
    reader asks every line this before looking any up: the shape forms are the catalogue's, and a plane figure
    that never reads a kind never builds it (``engine.kinds.Catalogue``)."""
    if line.goal is not None:
        return True
    words = list(line.words)
    if line.value is not None:
        v = line.value
        if not v.is_Rational and (any(element_of(s) is not None for s in v.free_symbols) or v.has(Degrees)):
            return True  # (a number, most values, needs no look)
        return not is_element(words)
    if words[0].text == GOAL_WORD:
        return False
    if words[0].text in ("points", "line", "quadrilateral", "polygon", CONVEX, *TURN_WORDS):
        return True
    if words[0].text == "circle" and len(words) > 1 and words[1].points is not None:
        return True
    return None


# -- reading ---------------------------------------------------------------------------------------


class _Builder:
    def __init__(self) -> None:
        self.points: dict[str, Span] = {}
        self.lines: list[LineDecl] = []
        self.circles: dict[str, CircleDecl] = {}
        self.polygons: dict[tuple[str, ...], PolygonDecl] = {}
        self.relations: dict[tuple, RelationDecl] = {}
        self.turns: list[Turn] = []
        self.facts: list[Equality] = []
        self.given: dict[tuple, Span] = {}
        self.goal: Goal | None = None
        self.shapes: list[ShapeDecl] = []
        self.intros: dict[str, str] = {}  # points the shapes add, each with the sentence introducing it
        self.shape_names: dict[sympy.Symbol, str] = {}  # a shape's element as written ('area AOB' of sector AOB)
        self.unnamed: list[tuple[Block, tuple[tuple[str, ...], ...], Span]] = []  # relations naming no circle

    def relation(self, block: Block, args: tuple[tuple[str, ...], ...], span: Span) -> None:
        for pts in args:
            self.declare(pts, span)
        self.relations.setdefault((block.key, args), RelationDecl(block.key, args, span))
        _limit("relations", len(self.relations), span)

    def name_circles(self) -> None:
        """The circle of each relation that names none ('C on major arc AB'): the one circle through
        its points (the one circle of the problem, if none has them all)."""
        for block, args, span in self.unnamed:
            on = {q for pts in args for q in pts if q != UNNAMED}
            holding = [c for c in self.circles.values() if on <= set(c.points)]
            found = holding if holding else list(self.circles.values())
            if len(found) != 1:
                named = block.text(tuple(pts if pts != (UNNAMED,) else ("O",) for pts in args))
                why = "no circle is drawn" if not found else "several circles hold these points"
                raise ModelError(f"which circle? {why}: write '{named}' with the circle's centre", span)
            self.relation(block, tuple(pts if pts != (UNNAMED,) else (found[0].centre,) for pts in args), span)

    def declare(self, pts: tuple[str, ...], span: Span) -> None:
        for p in pts:
            self.points.setdefault(p, span)
        _limit("points", len(self.points), span)

    def statement(self, words: list[Word], span: Span) -> None:
        head = words[0].text
        rest = words[1:]
        if head in ("points", "line"):
            pts = _all_points(rest, head, words[0])
            if head == "line":
                if len(pts) < 2:
                    raise ModelError("a line needs at least 2 points, e.g. 'line A B C'", words[0].span)
                _limit("points on one line", len(pts), words[0].span)
                self.lines.append(LineDecl(pts, span))
                _limit("lines", len(self.lines), span)
            self.declare(pts, span)
            return
        if head in TURN_WORDS:
            bad = next((w for w in rest if w.points is None or len(w.points) < 3 or len(set(w.points)) < len(w.points)),
                       None)
            if not rest or bad is not None:
                raise ModelError(f"expected chains of 3 or more distinct points after '{head}', e.g. '{head} ABC ACD'",
                                 (bad or words[0]).span)
            for w in rest:
                _limit("points in a turning chain", len(w.points), w.span)
            self.turns.append(Turn(head == "clockwise", tuple(w.points for w in rest), span))
            for w in rest:
                self.declare(w.points, span)
            return
        if head == "circle" and rest and rest[0].points is not None:
            self._circle(words, span)
            return
        if head == CONVEX:
            self._convex(words, span)
            return
        if head in POLYGON_WORDS and len(words) == 2 and rest[0].points is not None:
            n = POLYGON_WORDS[head]
            pts = rest[0].points
            if (n is not None and len(pts) != n) or len(pts) < 3:
                raise ModelError(f"{a_noun(head)} needs {n or 'at least 3'} points, got {cut(rest[0].text, 40)}",
                                 rest[0].span)
            _limit("polygon sides", len(pts), rest[0].span)
            self._polygon(pts, rest[0], convex=head != "polygon")
            return
        found = match_block(words)
        if found is None and is_shape_line(words):  # GeomVerse's shapes mean their plane geometry
            self.shapes.append(read_shape(words))
            return
        if found is None:
            raise _no_statement(words)
        block, args = found
        for w in words:
            if w.points is not None and len(set(w.points)) != len(w.points):
                raise ModelError(f"{w.text} repeats a point", w.span)
        if any(UNNAMED in pts for pts in args):
            self.unnamed.append((block, args, span))
            return
        for w in words:  # the points in the order the line writes them (a block may name them otherwise)
            if w.points is not None:
                self.declare(w.points, span)
        poly = polygon_of(block, args)
        if poly is not None:
            self._polygon(poly, words[0])
        self.relation(block, args, span)

    def _circle(self, words: list[Word], span: Span) -> None:
        centre = words[1]
        if len(centre.points) != 1:
            raise ModelError(f"a circle is named by its centre, one point; got {centre.text}", centre.span)
        pts: tuple[str, ...] = ()
        if len(words) > 2:
            if words[2].text != "through" or len(words) == 3:
                said = hint("incircle") if words[2].text.lower() in ("inscribed", "tangent") else ""
                raise ModelError(f"expected 'circle O' or 'circle O through A B C'{said}", words[2].span)
            pts = _all_points(words[3:], "circle", words[2])
        if centre.points[0] in pts:
            raise ModelError(f"the centre {centre.text} cannot be on its own circle", centre.span)
        old = self.circles.get(centre.points[0])
        merged = tuple(dict.fromkeys((old.points if old else ()) + pts))
        _limit("points on one circle", len(merged), words[0].span)
        self.circles[centre.points[0]] = CircleDecl(centre.points[0], merged, old.span if old else span,
                                                    joined=(*old.joined, span) if old else ())
        _limit("circles", len(self.circles), span)
        self.declare(centre.points + pts, span)

    def _convex(self, words: list[Word], span: Span) -> None:
        """'convex polygon ABCDE' (or 'convex pentagon ABCDE'): the polygon, every corner turning one way."""
        nouns = {**POLYGON_WORDS, **POLYGON_NOUNS}
        if len(words) != 3 or words[1].text not in nouns or words[2].points is None:
            raise ModelError(f"expected '{CONVEX} polygon ABCDE' (or '{CONVEX} pentagon ABCDE', "
                             f"'{CONVEX} hexagon ABCDEF' …)", words[0].span)
        pts, n = words[2].points, nouns[words[1].text] or max(len(words[2].points), 3)
        if len(pts) != n:
            raise ModelError(f"{a_noun(words[1].text)} needs {n} points, got {cut(words[2].text, 40)}", words[2].span)
        _limit("polygon sides", len(pts), words[2].span)
        self._polygon(pts, words[2], convex=len(pts) == 4)
        if len(pts) > 4:
            self.turns.append(convex_turn(pts, span))

    def _polygon(self, pts: tuple[str, ...], word: Word, convex: bool = True) -> None:
        if len(set(pts)) != len(pts):
            raise ModelError(f"{''.join(pts)} repeats a point", word.span)
        old = self.polygons.get(polygon_key(pts))
        if old is None or (convex and not old.convex):  # named convex anywhere: it is convex
            self.polygons[polygon_key(pts)] = PolygonDecl(pts, old.span if old else Span(word.line, word.col),
                                                          convex=convex or len(pts) != 4)
        self.declare(pts, Span(word.line, word.col))

    def fact(self, line: SourceLine, span: Span) -> None:
        lhs = words_expression(list(line.words))
        key = (sympy.srepr(lhs), sympy.srepr(line.value))
        if key in self.given:
            raise ModelError(f"{_text(lhs)} = {_text(line.value)} is already given on line {self.given[key].line}",
                             span)
        self.given[key] = span
        _check_value(lhs, line.value, line.value_span)
        self.facts.append(Equality(lhs, line.value, span))
        _limit("facts", len(self.facts), span)

    def set_goal(self, e: sympy.Expr, span: Span) -> None:
        _check_magnitude(e, span)
        if self.goal is not None:
            raise ModelError(f"only one 'find' per problem (the first is on line {self.goal.span.line})", span)
        self.goal = Goal(e, span)


def convex_turn(pts: tuple[str, ...], span: Span | None = None) -> Turn:
    """What 'convex polygon ABCDE' says beyond 'polygon ABCDE': every corner turns the same way, the
    line 'counterclockwise ABC BCD CDE DEA EAB' (a mirror image is the same figure, so naming one way
    loses nothing; a triangle and a quadrilateral are convex already)."""
    n = len(pts)
    return Turn(False, tuple(tuple(pts[(i + k) % n] for k in range(3)) for i in range(n)), span)


def _limit(what: str, n: int, span: Span) -> None:
    """Refuse a problem past one of its LIMITS, at the statement that passes it."""
    if n > LIMITS[what]:
        raise ModelError(f"more than {LIMITS[what]} {what}: a general problem holds at most {LIMITS[what]} "
                         "(see docs/limits.md)", span)


def read_general(lines: list[SourceLine], file: str | None = None) -> GeneralProblem:
    """The general problem the lines state; every error is located."""
    b = _Builder()
    pending: list[tuple[sympy.Expr, Span]] = []
    for line in lines:
        words = list(line.words)
        span = Span(line.number, words[0].col)
        if line.goal is not None:
            b.set_goal(line.goal, span)
            pending.append((line.goal, span))
        elif line.value is not None:
            b.fact(line, span)
            pending.append((b.facts[-1].lhs - b.facts[-1].rhs, span))
        elif words[0].text == GOAL_WORD:
            if len(words) == 1:
                raise ModelError("find what? e.g. 'find AB' or 'find angle ABC'", words[0].span)
            e = words_expression(words[1:])
            b.set_goal(e, span)
            pending.append((e, span))
        else:
            b.statement(words, span)
    b.name_circles()
    shaped = _add_shapes(b)
    whole = shaped | _trapezoid_heights(b)
    arcs = textbook_arcs(b, pending)
    whole = {s: e.xreplace(arcs) for s, e in whole.items()} | arcs
    _check_known(b, [(e.xreplace(whole), span) for e, span in pending])
    return GeneralProblem(points=tuple(b.points), lines=tuple(b.lines), circles=tuple(b.circles.values()),
                          polygons=tuple(b.polygons.values()),
                          relations=tuple(sorted(b.relations.values(), key=lambda r: (r.key, r.args))),
                          turns=tuple(b.turns),
                          facts=tuple(Equality(f.lhs.xreplace(whole), f.rhs.xreplace(whole), f.span, f.why)
                                      for f in b.facts),
                          goal=None if b.goal is None else Goal(b.goal.expr.xreplace(whole), b.goal.span),
                          source=file, intros=tuple(b.intros.items()),
                          written=_written(arcs) + _written_shapes(shaped, b.shape_names) + _written_goal(b, whole))


def _written_goal(b: _Builder, whole: dict[sympy.Symbol, sympy.Expr]) -> tuple[tuple[sympy.Expr, str, str, bool], ...]:
    """A goal that adds or takes away a shape's area or perimeter (``area ABC + area AC``, the triangle
    and the semicircle on AC) as the user wrote it, next to the expression it stands for: the proof
    ends "area ABC + area AC = … = 24 + 25π/2"."""
    if b.goal is None or not b.goal.expr.free_symbols & set(b.shape_names):
        return ()
    terms = sympy.Add.make_args(b.goal.expr)
    if len(terms) < 2 or not all(abs(c) == 1 and element_of(x) is not None
                                 for c, x in (t.as_coeff_Mul() for t in terms)):
        return ()
    text = tex = ""
    for c, x in sorted((t.as_coeff_Mul() for t in terms), key=lambda cx: bool(cx[0] < 0)):  # (a positive term first)
        el = element_of(x)
        sign = " - " if c < 0 else " + " if text else ""
        words, _, name = b.shape_names.get(x, el.text).rpartition(" ")  # as the shape line names it: area BAD
        text += f"{sign}{words} {name}" if words else f"{sign}{name}"
        tex += rf"{sign}\text{{{words} }}{name}" if words else f"{sign}{name}"
    return ((b.goal.expr.xreplace(whole), text, tex, False),)


def _add_shapes(b: _Builder) -> dict[sympy.Symbol, sympy.Expr]:
    """GeomVerse's shape lines of a general file as the plane statements they make
    (``engine/shapes_plane.py``); returns what a composite shape's area and perimeter (written
    ``area ABCD``, as of a polygon) stand for."""
    if not b.shapes:
        return {}
    compiled = Compiled(tuple(b.shapes), set(b.points))
    for p in compiled.points:
        b.points.setdefault(p, b.shapes[0].span)
    for key, poly in compiled.polygons.items():
        b.polygons.setdefault(key, poly)
    for centre, c in compiled.circles.items():
        old = b.circles.get(centre)  # (a circle line of the file's own is drawn whole)
        b.circles[centre] = c if old is None else CircleDecl(centre, tuple(dict.fromkeys(old.points + c.points)),
                                                             old.span)
    for key, rel in compiled.relations.items():
        b.relations.setdefault(key, rel)
    _centre_triangles(b)
    b.lines.extend(compiled.lines)
    b.turns.extend(compiled.turns)
    b.facts.extend(compiled.facts)
    b.intros.update(compiled.intros)
    whole = {}
    for q, e in compiled.quantities.items():
        n = len(split_points(q.key[0]))  # (2 points: the semicircle on them, 'area AC', never its arc)
        if q.kind in (QKind.AREA, QKind.PERIMETER, QKind.ARC) and n >= 3 or q.kind in (QKind.AREA, QKind.PERIMETER) \
                and n == 2:
            # 'arc ABC' of sector ABC is its arc's length, as in a shape-only file
            sym = element_symbol(q.kind.value, split_points(q.key[0]))
            if sym != e:  # a name a shape line declares is that shape's, never the polygon's (`area AOB`)
                whole[sym] = e
                b.shape_names[sym] = str(q)
    return whole


def _centre_triangles(b: _Builder) -> None:
    """A regular polygon inscribed in a circle (every vertex on ``circle O through …``) carries the
    centre's triangle on its first side, OAB: its radii OA and OB are what turn the radius into the side
    (central angle 360°/n, a fact of its own), as a textbook draws them, so no ``triangle OAB`` line is needed."""
    from geomill.engine.kinds import KINDS

    for decl in b.shapes:
        if not KINDS[decl.kind].key.startswith("regular_"):
            continue
        for c in b.circles.values():
            if c.centre not in decl.points and set(decl.points) <= set(c.points):
                tri = (c.centre, *decl.points[:2])
                b.polygons.setdefault(polygon_key(tri), PolygonDecl(tri, decl.span))
                n = len(decl.points)
                b.facts.append(Equality(element_symbol("angle", (decl.points[0], c.centre, decl.points[1])),
                                        sympy.Integer(360) / n, decl.span,
                                        f"the central angle on a side of a {KINDS[decl.kind].title} is 360°/{n}"))


def _trapezoid_heights(b: _Builder) -> dict[sympy.Symbol, sympy.Expr]:
    """A trapezoid's height named by the trapezoid (``height ABCD``, any of its names) is the distance
    between its bases: a name whose height would fall on a leg stands for one that falls on a base
    (``isosceles trapezoid ABCD bases AD BC``: ``height ABCD`` is ``height DABC``)."""
    out: dict[sympy.Symbol, sympy.Expr] = {}
    for rel in b.relations.values():
        if rel.key not in TRAPEZOIDS:
            continue
        poly = rel.args[0]  # the block's order: bases poly[0]poly[3] and poly[1]poly[2]
        bases = {frozenset((poly[0], poly[3])), frozenset((poly[1], poly[2]))}
        onto_base = poly[3:] + poly[:3]  # onto poly[3]poly[0]
        for k in range(4):
            for name in (poly[k:] + poly[:k], (poly[k:] + poly[:k])[::-1]):
                if height_base(name) not in bases:
                    out[element_symbol("height", name)] = element_symbol("height", onto_base)
    return out


def textbook_arcs(b: _Builder, pending: list[tuple[sympy.Expr, Span]]) -> dict[sympy.Symbol, sympy.Expr]:
    """Each arc named the way a textbook names it, as the exact expression it stands for on its one
    circle O: ``arc AB`` and ``minor arc AB`` are the central angle AOB (180 for a diameter's ends),
    ``major arc AB`` is 360 minus it; ``arc ACB`` (A, C, B on one circle, A no centre of a circle
    through C and B) is the arc from A to B through C, 360 - 2 angle ACB (the inscribed angle at C
    stands on the other arc), and ``major``/``minor arc ACB`` adds that C lies on that arc. No
    orientation is assumed: each is the same measure in a figure and its mirror image."""
    out: dict[sympy.Symbol, sympy.Expr] = {}
    for e, span in pending:
        for s in sorted(e.free_symbols, key=lambda s: s.name):
            el = element_of(s)
            if s in out or el is None:
                continue
            if el.kind.key in TEXTBOOK_ARCS:
                out[s] = _arc_value(b, el, span)
            elif el.kind.key == "arc" and _through_arc(b, el, span):
                out[s] = _arc_value(b, Element(el.kind, el.points), span)
    return out


def _written(arcs: dict[sympy.Symbol, sympy.Expr]) -> tuple[tuple[sympy.Expr, str, str, bool], ...]:
    """Each textbook arc as the user named it (``arc AB``, ``major arc ACB``) next to its expression."""
    out = []
    for s, e in sorted(arcs.items(), key=lambda se: se[0].name):
        el = element_of(s)
        pts = "".join(el.points)
        words = "arc" if el.kind.key in ("arc", "minor_arc") else " ".join(el.kind.words)
        tex = rf"\overset\frown{{{pts}}}" if words == "arc" else rf"\text{{{words.split()[0]} }}\overset\frown{{{pts}}}"
        out.append((e, f"{words} {pts}", tex, True))
    return tuple(out)


def _written_shapes(shaped: dict[sympy.Symbol, sympy.Expr], names: dict[sympy.Symbol, str]
                    ) -> tuple[tuple[sympy.Expr, str, str, bool], ...]:
    """A shape's area, perimeter or arc that stands for an expression (a sector's area, a composite
    shape's) as the user named it, next to that expression: the proof ends "area ABC = … = 6π"."""
    return tuple(written_as(e, names[s]) for s, e in sorted(shaped.items(), key=lambda se: se[0].name))


def _through_arc(b: _Builder, el: Element, span: Span) -> bool:
    """Is ``arc XYZ`` the arc from X to Z through Y (X, Y, Z on one circle) rather than the arc about
    centre X?  Refused where both readings fit."""
    x, y, z = el.points
    centred = x in b.circles and {y, z} <= set(b.circles[x].points)
    through = [c.centre for c in b.circles.values() if set(el.points) <= set(c.points)]
    if centred and through:
        raise ModelError(f"arc {x}{y}{z} has two meanings: {x} is the centre of a circle through {y} and {z} "
                         f"(the arc from {y} to {z} about {x}), and {x}, {y}, {z} are all on circle {through[0]} "
                         f"(the arc from {x} to {z} through {y}); write 'major arc {x}{y}{z}' or "
                         f"'minor arc {x}{y}{z}' for the arc through {y}", span)
    return not centred and bool(through)


def _arc_value(b: _Builder, el: Element, span: Span) -> sympy.Expr:
    """The exact expression of one textbook arc (see ``textbook_arcs``)."""
    pts = el.points
    words = "arc" if el.kind.key == "arc" else " ".join(el.kind.words)
    text = f"{words} {''.join(pts)}"
    holding = [c.centre for c in b.circles.values() if set(pts) <= set(c.points)]
    if not holding:
        centre = next((p for p in pts if p in b.circles and set(pts) - {p} <= set(b.circles[p].points)), None)
        if centre is not None:  # 'major arc OAB' with O the centre: the arc about O is written 'arc OAB'
            a, z = (p for p in pts if p != centre)
            raise ModelError(f"{text}: {centre} is the centre of the circle through {a} and {z}, not a point on "
                             f"it; write 'arc {centre}{a}{z}' (from {a} counter-clockwise to {z}) or "
                             f"'major arc {a}{z}'", span)
        raise ModelError(f"{text}: no circle of the problem passes through {' and '.join(pts)} "
                         f"(write 'circle O through {' '.join(pts)}')", span)
    if len(holding) > 1:
        a, z = pts[0], pts[-1]
        raise ModelError(f"which circle? {' and '.join(pts)} are on circles {' and '.join(holding)}: write "
                         f"'arc {holding[0]}{a}{z}' (from {a} counter-clockwise to {z} about {holding[0]}) "
                         f"or 'angle {a}{holding[0]}{z}' (the minor arc's degrees)", span)
    o = holding[0]
    if len(pts) == 2:
        a, z = pts
        central = element_symbol("angle", (a, o, z))
        return central if el.kind.key == "minor_arc" else 360 - central
    a, c, z = pts
    if el.kind.key != "arc":
        block = BLOCKS_BY_KEY["major_arc" if el.kind.key == "major_arc_through" else "minor_arc"]
        names = {"C": (c,), "AB": (a, z), "O": (o,)}
        b.relation(block, tuple(names[ph] for ph in block.placeholders), span)
    return 360 - 2 * element_symbol("angle", (a, c, z))


def _check_known(b: _Builder, pending: list[tuple[sympy.Expr, Span]]) -> None:
    """Elements name only points the construction has; circles' elements name a circle."""
    for e, span in pending:
        for el in elements_in(e):
            if el.kind.key in SEMICIRCLE_ELEMENTS and len(el.points) == 2:  # no semicircle line resolved it
                a, c = el.points
                half = "circle area M / 2" if el.kind.key == "area" else f"circumference M / 2 + {a}{c}"
                raise ModelError(f"{el.text} is the {el.kind.key} of the semicircle on {a}{c}, and no line draws one: "
                                 f"write 'semicircle on {a}{c}' (or, for a semicircle of a circle M, "
                                 f"'circle M through {a} {c}', 'line {a} M {c}' and '{half}')", span)
            for p in el.points:
                if p not in b.points:
                    raise ModelError(f"unknown point {p} in {el.text}: no statement of the figure has it", span)
            if el.kind.key in ("radius", "diameter", "circle_area", "circumference") and el.points[0] not in b.circles:
                raise ModelError(f"no circle is centred at {el.points[0]} (write 'circle {el.points[0]} through …')",
                                 span)
            if el.kind.key in ("arc", "arc_length", "sector_area", "sector_perimeter"):
                c = b.circles.get(el.points[0])
                a, o, z = el.points
                mid = b.circles.get(o)
                if (c is None or not {o, z} <= set(c.points)) and mid is not None and {a, z} <= set(mid.points) \
                        and el.kind.key == "arc":  # a textbook's 'arc AOB': the arc about O
                    raise ModelError(f"arc {a}{o}{z} names its centre first in this language ('arc {o}{a}{z}', from "
                                     f"{a} counter-clockwise to {z}); for the degrees of the minor arc {a}{z} about "
                                     f"{o} write 'arc {a}{z}' or 'angle {a}{o}{z}'", span)
                drawn = next((d.name for d in b.shapes if d.kind == "sector" and set(d.points) == set(el.points)
                              and d.points[1] != el.points[0]), None)
                if drawn is not None and (c is None or not set(el.points[1:]) <= set(c.points)):
                    o = split_points(drawn)[1]
                    ends = "".join(p for p in split_points(drawn) if p != o)
                    raise ModelError(f"{el.text} is about {el.points[0]}, but sector {drawn} is about {o}: write "
                                     f"'{el.kind.words[-1]} {drawn}' as the shape line names it, or "
                                     f"'{' '.join(el.kind.words)} {o}{ends}' (the centre first)", span)
                if c is None or not set(el.points[1:]) <= set(c.points):
                    raise ModelError(f"{el.text} needs a circle centred at {el.points[0]} through "
                                     f"{' and '.join(el.points[1:])}", span)
    for rel in b.relations.values():
        block = BLOCKS_BY_KEY[rel.key]
        if block.circle is None:
            continue
        names = block.bind(rel.args)
        centre = names[block.circle]
        c = b.circles.get(centre)
        missing = [names[t] for t in block.on_circle if c is None or names[t] not in c.points]
        if missing:
            raise ModelError(f"{block.state(rel.args)}: {', '.join(missing)} must be on a circle centred at {centre} "
                             f"(write 'circle {centre} through {' '.join(missing)}')", rel.span)


def _all_points(words: list[Word], head: str, at: Word) -> tuple[str, ...]:
    bad = next((w for w in words if w.points is None), None)
    if bad is not None:
        raise ModelError(f"expected points after '{head}', got {bad.text!r}", bad.span)
    if not words:
        raise ModelError(f"expected points after '{head}'", at.span)
    pts = tuple(p for w in words for p in w.points)
    if len(set(pts)) != len(pts):
        raise ModelError(f"'{head}' repeats a point", at.span)
    return pts


def _no_statement(words: list[Word]) -> ModelError:
    instead = written_instead([(w.text, w.points) for w in words])
    if instead is not None:
        return ModelError(instead[1], words[instead[0]].span)
    first = next((w for w in words if w.points is None), words[0])
    literals = {t for f in _form_index() for t in f if t} | set(STATEMENT_WORDS) | vocabulary() | {GOAL_WORD}
    for w in words:
        if w.points is None and w.text not in literals:
            return ModelError(f"unknown word {w.text!r}{hint(w.text) or _suggest(w.text, sorted(literals))}", w.span)
    figures = {k[0] for k in _form_index() if len(k) == 2 and k[1] is None} | set(POLYGON_WORDS)
    bare = [w for i, w in enumerate(words)
            if not (w.points is None and w.text in figures and i + 1 < len(words) and words[i + 1].points is not None)]
    if len(bare) < len(words) and _key(bare) in _form_index():  # 'triangle ABC similar to triangle DEF'
        return ModelError(f"a relation names its figures by their points alone: write "
                          f"{' '.join(w.text for w in bare)!r}", words[0].span)
    stem = first.text[:6]  # 'bisector' finds 'bisects angle', 'perpendicular' both of its forms
    shape_forms, relation_forms = forms_with(lambda t: t.startswith(stem))
    forms = unique_forms(relation_forms + shape_forms)
    said = {w.text for w in words if w.points is None}
    forms.sort(key=lambda f: -len(said & set(f.split())))  # the forms with most of its words first
    near = "; ".join(forms[:8]) if forms else "e.g. 'line A B C', 'circle O through A B', 'AB parallel to CD'"
    return ModelError(f"this line fits no shape form or statement; forms with {first.text!r}: {near}", words[0].span)


def words_expression(words: list[Word]) -> sympy.Expr:
    """A fact's left side or a goal written in words: elements joined by + and -."""
    total, sign, term = sympy.Integer(0), 1, []
    for w in [*words, Word("+", words[-1].line, words[-1].col)]:
        if w.text in "+-" and w.points is None:
            if term:
                total += sign * _term(term)
            elif w is not words[-1]:
                if total != 0 or w.text == "+":
                    raise ModelError(f"expected an element before {w.text!r}", w.span)
            sign, term = (1 if w.text == "+" else -1), []
            continue
        term.append(w)
    return total


def _term(words: list[Word]) -> sympy.Expr:
    if len(words) == 1 and words[0].points is None and re.fullmatch(r"[a-z]", words[0].text):
        return sympy.Symbol(words[0].text, real=True)
    *kw, pts = words
    if pts.points is None:
        raise ModelError(f"expected points after {' '.join(w.text for w in words)!r}", pts.span)
    names = tuple(w.text for w in kw)
    kind = element_kind(names, len(pts.points))
    if kind is None:
        unknown = next((w for w in kw if filler(w.text)), None) or next(
            (w for w in kw if w.text not in ELEMENT_VOCABULARY), kw[0])  # "triangle ABC with AB = 3": the 'with'
        known = sorted(" ".join(w) for w, _ in ELEMENT_WORDS)
        raise ModelError(f"unknown element {' '.join(names)!r}{_suggest(unknown.text, ELEMENT_VOCABULARY)}; "
                         f"expected a segment such as AB, or one of: {', '.join(known)} followed by points"
                         f"{hint(unknown.text)}",
                         words[0].span)
    n = len(pts.points)
    if not points_fit(kind, n):
        want = "at least 3" if kind.n_points is None else kind.n_points
        what = a_noun(" ".join(names)) if names else "a segment"
        raise ModelError(f"{what} is named by {want} points, got {pts.text}{naming_hint(kind, pts.points)}", pts.span)
    if len(set(pts.points)) != n:
        raise ModelError(f"{pts.text} repeats a point", pts.span)
    return element_symbol(kind.key, pts.points)


MAGNITUDE = 10**12  # numbers in a value, however they are written (10^10*10^10 …), lie in [1e-12, 1e12]


def _check_magnitude(value: sympy.Expr, span: Span | None) -> None:
    """A number in a value past the scale a figure is computed in (floats hold 1e300, but a triangle
    of that size overflows its own area): refused, not drawn wrong."""
    for n in value.atoms(sympy.Number):
        if n != 0 and not sympy.Rational(1, MAGNITUDE) <= abs(n) <= MAGNITUDE:
            raise ModelError(f"the number {cut(str(n), 30)} is out of range: numbers in a value lie between "
                             f"1e-12 and 1e12 (see docs/limits.md)", span)


def _check_value(lhs: sympy.Expr, value: sympy.Expr, span: Span | None) -> None:
    """A single element given a number no figure could have: a negative length, a 200-degree angle."""
    _check_magnitude(value, span)
    el = element_of(lhs) if isinstance(lhs, sympy.Symbol) else None
    if el is None or value.free_symbols or not value.is_number:
        return
    v = float(value)
    if el.kind.key == "angle" and not 0 < v < 180:
        raise ModelError(f"an angle must be between 0 and 180 degrees, got {value}", span)
    if el.kind.key == "arc" and not 0 < v < 360:
        raise ModelError(f"an arc must be between 0 and 360 degrees, got {value}", span)
    if el.kind.key in ("minor_arc", "minor_arc_through") and not 0 < v <= 180:
        fix = f": write '{_other_arc(el, value)}' (the arc over 180; 'arc {''.join(el.points)}' is the minor one)" \
            if v < 360 else ""
        raise ModelError(f"a minor arc is at most 180 degrees, got {el.text} = {value}{fix}", span)
    if el.kind.key in ("major_arc", "major_arc_through") and not 180 <= v < 360:
        fix = f": write '{_other_arc(el, value)}'" if 0 < v < 180 else ""
        raise ModelError(f"a major arc is 180 to 360 degrees, got {el.text} = {value}{fix}", span)
    if v <= 0:
        raise ModelError(f"{el.text} must be positive, got {value}", span)


def _other_arc(el, value: sympy.Expr) -> str:
    """The line that gives ``value`` to the other arc between the same ends (``major arc AB = 250``), the value
    as the language writes it (as a decimal where it has no form in the language: 10^(1/4))."""
    word = "minor" if el.kind.key.startswith("major") else "major"
    return f"{word} arc {''.join(el.points)} = {_text(value)}"


def _text(e: sympy.Expr) -> str:
    """``e`` as the language writes it; a value the language has no form for (10^(1/4), read from a root of
    a root) as a decimal, so that a message about it never fails."""
    try:
        return format_expr(e)
    except ValueError:
        return f"{float(e):.6g}" if e.is_number else str(e)


# -- printing ---------------------------------------------------------------------------------------


def format_general(p: GeneralProblem) -> str:
    """Canonical text; ``parse(format_general(p)) == p``."""
    out = [" ".join(("points", *p.points))] if p.points else []
    kinds = {polygon_of(BLOCKS_BY_KEY[r.key], r.args): r for r in p.relations
             if BLOCKS_BY_KEY[r.key].polygon is not None}
    done = set()
    for poly in p.polygons:
        rel = kinds.get(poly.points)
        if rel is not None and (rel.key, rel.args) not in done:
            out.append(BLOCKS_BY_KEY[rel.key].text(rel.args))
            done.add((rel.key, rel.args))
        else:
            out.append(f"{poly.noun} {''.join(poly.points)}")
    out += [" ".join(("line", *ln.points)) for ln in p.lines]
    for c in p.circles:
        out.append(f"circle {c.centre}" + (" through " + " ".join(c.points) if c.points else ""))
    out += [BLOCKS_BY_KEY[r.key].text(r.args) for r in p.relations if (r.key, r.args) not in done]
    out += [" ".join((TURN_WORDS[0] if t.clockwise else TURN_WORDS[1], *("".join(c) for c in t.chains)))
            for t in p.turns]
    out += [f"{format_expr(f.lhs)} = {format_expr(f.rhs)}" for f in p.facts]
    if p.goal is not None:
        out.append(f"{GOAL_WORD} {format_expr(p.goal.expr)}")
    return "\n".join(out) + "\n"
