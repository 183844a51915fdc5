"""How the figure names things, in the two annotation styles of GeomVerse (§A.3),
and where each given value lives (§A.2: on the image or in the text).

* coordinate: points carry capital letters; sides are ``AB``, angles ``BAC``,
  shapes ``ABCD``.
* individual: no point letters; sides get lowercase letters, angles Greek
  letters, shapes are called by their fill colour.

In both styles the asked element is marked "?" on the figure (an angle with its arc, a shape's
area or perimeter as ``area = ?``), and the sides a kind makes equal carry ticks (``equal_marks``).

The generator asks this object what to call an element in its text
(:meth:`Annotation.label`), and the renderer asks it what to draw
(:meth:`Annotation.items`), so text and picture cannot disagree.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import ClassVar

import sympy
from geomill.engine.kinds import KINDS
from geomill.engine.model import QKind, Quantity

from .scene import Scene

SIDE_LETTERS = "abcdefgijkmnpqstuvw"  # no o (reads as zero), h or r (a height, a radius), l (one), x, y, z (variables)
GREEK = "αβγδεζηθικλμνξπρστυφχψω"
QUERY_MARK = "?"
HEIGHT_END = 4.0  # px about each end of a dashed height that a tick keeps clear of
STYLES = ("coordinate", "individual")
PLACEMENTS = ("image", "text")
SHAPE_WORDS = {QKind.AREA: "area", QKind.PERIMETER: "perimeter", QKind.ARC: "arc", QKind.RADIUS: "r",
               QKind.HEIGHT: "h"}


@dataclass(frozen=True)
class Item:
    """One annotation drawn on the figure: the element it marks and its text."""

    quantity: Quantity
    text: str


@dataclass
class Annotation:
    style: str
    values: str
    query: Quantity | None
    facts: dict[Quantity, sympy.Expr]
    letters: dict[Quantity, str] = field(default_factory=dict)
    # a fact's value -> (the value, whether it is a number, its label text), made once (``_shown``)
    _shown_of: dict = field(default_factory=dict, repr=False, compare=False)
    shape_names: dict[str, str] = field(default_factory=dict)
    in_text: set[Quantity] = field(default_factory=set)  # values moved off the figure (no unambiguous place)
    export: list = field(default_factory=list)  # the marks as drawn: (marks.Mark, pixel polylines), by ``drawn``
    keep_clear: list = field(default_factory=list)  # px boxes (x0, y0, x1, y1) no label may take: a figure's note
    give_up: frozenset = frozenset()  # values a caller's try is for: once all are moved to the text, ``compose`` stops
    # (``compose.GaveUp``), as the caller would discard the drawing
    shrink: ClassVar[bool] = True  # a label with no place at full size may take smaller type
    query_edge_fonts: ClassVar[float] = 0.0  # a shape's bare "?" this many font heights from every drawn side
    arcs_clear: ClassVar[bool] = False  # a widened angle arc shrinks rather than cross a line off its vertex,
    # and a valued right angle is marked by its square, never an arc (textbook figures: review 6)

    def arced(self, q: Quantity) -> bool:
        """Is right angle ``q`` marked by an arc and its value (not by a square)?"""
        return False

    @classmethod
    def build(cls, scene: Scene, solution, style: str = "coordinate", values: str = "image") -> Annotation:
        if style not in STYLES:
            raise ValueError(f"annotation style must be one of {', '.join(STYLES)}, not {style!r}")
        if values not in PLACEMENTS:
            raise ValueError(f"values must be one of {', '.join(PLACEMENTS)}, not {values!r}")
        problem = solution.problem
        facts = {f.quantity: f.value for f in problem.facts}
        query = solution.query
        ann = cls(style, values, query, facts)
        sides = iter(SIDE_LETTERS)
        greek = iter(GREEK)
        named = list(facts) + ([query] if query is not None else [])
        if style == "individual":  # the solution names these too, and no point letters are drawn
            named += [q for q in mentioned(solution) if all(p in scene.points for p in q.key)]
        for q in named:
            if q in ann.letters:
                continue
            if q.kind is QKind.LENGTH:
                ann.letters[q] = next(sides, q.name.lower())
            elif q.kind is QKind.ANGLE:
                ann.letters[q] = next(greek, "∠" + q.name)
        ann.shape_names = {s.name: s.colour for s in scene.shapes}
        return ann

    # -- what the text calls things --------------------------------------------------------------
    def label(self, q: Quantity) -> str:
        """coordinate: ``AB`` / ``BAC`` / ``ABCD``; individual: ``a`` / ``β`` / the shape's colour,
        and the query mark for the queried element."""
        if self.style == "coordinate":
            return q.name
        if q == self.query and q.kind in (QKind.LENGTH, QKind.ANGLE):
            return QUERY_MARK
        if q.kind in (QKind.LENGTH, QKind.ANGLE):
            return self.letters.get(q, q.name)
        return self.shape_label(q.key[0])

    def shape_label(self, name: str) -> str:
        return name if self.style == "coordinate" else self.shape_names.get(name, name)

    @property
    def query_mark(self) -> str | None:
        return QUERY_MARK if self.style == "individual" else None

    def query_short(self, text: str) -> str | None:
        """A shorter mark for the asked element where its label ``text`` finds no place: a shape's
        ``area = ?`` as ``?`` alone (the question says which of its measures); None: no shorter one."""
        return QUERY_MARK if text != QUERY_MARK and text.endswith(QUERY_MARK) else None

    def arc_floor(self, scene, frame, q: Quantity) -> float:
        """The least radius of angle ``q``'s arc (px; -inf: none beyond the usual)."""
        return -math.inf

    def set_off(self) -> frozenset[str]:
        """The elements whose label names its element and may be set off with a leader (none in GeomVerse's
        figures: a value is read where it sits)."""
        return frozenset()

    def led_across(self) -> frozenset[str]:
        """The set-off elements whose leader may cross the figure's lines (none here)."""
        return frozenset()

    def named_sides(self) -> frozenset[str]:
        """The sides whose value names its side ("AB = 12") and is read where it sits, by the side: nearest it,
        clearly, is enough (none here: a value is bare)."""
        return frozenset()

    def query_optional(self) -> bool:
        """May the asked element go unmarked where no mark of it reads right?  An asked shape in the coordinate
        style (the question names it by its letters, and its region shows it); an asked side or angle never
        (drawn bare, an asked angle reads as no angle: issue 38), nor anything the individual style's text
        calls "the shape marked ?"."""
        return self.style == "coordinate" and self.query is not None and self.query.kind in (QKind.AREA,
                                                                                             QKind.PERIMETER)

    def on_image(self, q: Quantity) -> bool:
        """Is this fact's value drawn on the figure (else the text must give it)?"""
        if self.values != "image" or q not in self.facts or q in self.in_text:
            return False
        return self._shown(q, self.facts[q])[1]  # expressions in variables stay in the text

    def _shown(self, q: Quantity, value: sympy.Expr) -> tuple[sympy.Expr, bool, str | None]:
        """(``value``, is it free of variables, its value label or None), made once per fact and value: the
        figure asks these of each fact a dozen times (sympy's ``free_symbols`` and ``float`` each time)."""
        got = self._shown_of.get(q)
        if got is None or got[0] is not value:
            plain = not value.free_symbols
            got = self._shown_of[q] = (value, plain, _value_text(q, value) if plain else None)
        return got

    def move_to_text(self, quantities) -> None:
        """Give these facts' values in the text, not on the figure (the figure keeps their letters)."""
        self.in_text.update(quantities)

    # -- what the picture shows -------------------------------------------------------------------
    def side_anchor(self, q: Quantity, geo: tuple) -> tuple:
        """Where a side's value is placed from (``compose._side_geometry``: its middle, direction, normals):
        the side itself, or (a textbook figure's side split by points) its dimension line."""
        return geo

    def side_offsets(self) -> dict:
        """Sides whose value is read against a dimension line beside them: element -> the line's offset
        (pixels, y up); set by ``drawn``."""
        return {}

    def other_regions(self, fills: dict) -> dict:
        """Regions of the figure that are no shape of it but that a shape's label may read as (pixel
        polygons by name), for the attribution rules; none in GeomVerse's figures (its regions are its shapes)."""
        return {}

    def drawn(self, scene: Scene, frame, style) -> tuple[list, list]:
        """The marks and dashed lines (pixel polylines) this annotation adds to the figure before any
        label is placed: GeomVerse's, the ticks of the sides its kinds make equal (``equal_marks``: a
        square's four sides read as equal only when marked so); a textbook figure's, its relation marks."""
        self.export = []
        groups = equal_sides(scene)
        if not groups:
            return [], []
        from .mark_place import MarkLayout, draw_mark
        from .marks import Mark

        layout = MarkLayout(scene, frame, style.font_px)
        for ends in scene.heights:  # a dashed height's ends are taken (a tick there reads as its foot's mark)
            for e in ends:
                layout.take(frame.pxs([e])[0], HEIGHT_END)
        count = 0
        for sides, source in groups:
            sides = [s for s in sides if not layout.split(*s)]  # (a tick by a point partway reads as a piece's)
            if len(sides) > 1:
                count += 1
                m = Mark("equal", tuple(sides), source, count)
                self.export.append((m, draw_mark(m, layout)[0]))
        return [line for _, lines in self.export for line in lines], []

    def unvalued_item(self, q: Quantity) -> Item | None:
        """What the figure shows of fact ``q`` when the text gives its value: its letter in the
        individual style (the solution calls it by that), else nothing."""
        if self.style == "individual" and q.kind in (QKind.LENGTH, QKind.ANGLE):
            return Item(q, self.letters[q])
        return None

    def items(self) -> list[Item]:
        """Facts (value or letter), then the other lettered elements, then the query mark.

        individual: a fact drawn with its value shows its letter too (``a = 7``), because the
        solution calls it ``a``; every element the solution names has its letter on the figure."""
        out: list[Item] = []
        individual = self.style == "individual"
        for q, value in self.facts.items():
            if self.on_image(q):
                text = self._shown(q, value)[2]
                lettered = individual and q.kind in (QKind.LENGTH, QKind.ANGLE)
                out.append(Item(q, f"{self.letters[q]} = {text}" if lettered else text))
            elif (bare := self.unvalued_item(q)) is not None:
                out.append(bare)
        if individual:
            out += [Item(q, text) for q, text in self.letters.items() if q not in self.facts and q != self.query]
        if self.query is not None:  # (both styles: a bare asked side or angle reads as any other line)
            q = self.query
            text = QUERY_MARK if q.kind in (QKind.LENGTH, QKind.ANGLE) else f"{SHAPE_WORDS[q.kind]} = {QUERY_MARK}"
            out = [it for it in out if it.quantity != q]
            out.append(Item(q, text))
        return out


def equal_sides(scene: Scene) -> list[tuple[list[tuple[str, str]], str]]:
    """The groups of drawn sides the scene's kinds make equal (``ShapeKind.equal_marks``), each with the
    shape it comes from: groups sharing a side are one group (a square glued to an equilateral triangle),
    and a group needs two drawn sides (one tick alone says nothing)."""
    drawn = {frozenset(s) for s in scene.segments}
    groups: list[tuple[list[tuple[str, str]], str]] = []
    for decl in scene.decls:
        kind = KINDS[decl.kind]
        for sym in kind.equal_marks:
            sides = [(decl.points[i], decl.points[j]) for i, j in kind.elements[sym].at]
            sides = [s for s in sides if frozenset(s) in drawn]
            keys = {frozenset(s) for s in sides}
            meet = [g for g in groups if keys & {frozenset(s) for s in g[0]}]
            for g in meet:
                groups.remove(g)
                sides += [s for s in g[0] if frozenset(s) not in keys]
                keys |= {frozenset(s) for s in g[0]}
            groups.append((sides, meet[0][1] if meet else f"{kind.title} {decl.name}"))
    return [g for g in groups if len(g[0]) > 1]


def mentioned(solution) -> list[Quantity]:
    """Every side and angle the solution's steps name, in order of first mention: outputs,
    inputs, variablized elements and the angles of relation premises."""
    out: dict[Quantity, None] = {}
    for step in solution.steps:
        for q in step.mentions():
            if isinstance(q, Quantity) and q.kind in (QKind.LENGTH, QKind.ANGLE):
                out.setdefault(q, None)
    return list(out)


def format_number(v: float) -> str:
    """``7``, ``12.5``, ``3.14``: at most two decimals, no trailing zeros."""
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


def _value_text(q: Quantity, value: sympy.Expr) -> str:
    v = format_number(float(value))
    if q.kind is QKind.ANGLE:
        return f"{v}°"
    if q.kind is QKind.LENGTH:
        return v
    return f"{SHAPE_WORDS[q.kind]} = {v}"
