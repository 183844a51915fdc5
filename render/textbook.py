"""Textbook figures of general problems: what a student solves from.

A general problem's numeric model drawn as Geometry3K and GeoQA draw theirs: letters at points, every
given value on its element (lengths beside their side, angles inside their arc), the goal marked "?",
and a mark for every stated relation (right-angle squares, parallel arrows, equal-length ticks, equal-angle
arcs, a dot at a point of tangency, heights dashed with their foot marked).  Values and the goal are
placed by GeomVerse's label placer and attribution rules (``compose``); the marks come from the relation
blocks' ``marks`` (``engine.relations``) and from facts that say two elements are equal or an angle is
right.  The label export is GeomVerse's (``attribution.figure_labels``) plus ``marks``, ``givens`` and
``goal``.

Entry point: :func:`textbook_figure` (a problem and, optionally, its model: the figure's bytes, its label
export and what may mislead).
"""
from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar

import numpy as np
import sympy
from geomill.engine.errors import GeomillError
from geomill.engine.geometry import segment_distance
from geomill.engine.kinds import Line
from geomill.engine.model import QKind, Quantity
from geomill.engine.plane import (ELEMENT_KINDS, Element, GeneralProblem, Goal, as_inverse_trig, element_of,
                                  element_symbol, elements_in, height_foot, polygon_key, positive_first)
from geomill.engine.relations import BLOCKS_BY_KEY

from .accidents import (accidents, near_centre, near_collinear, near_equal, near_tangent, on_strokes, reads_as_fact,
                        square_strokes)
from .annotate import Annotation, Item, format_number
from .general import extensions, named_segments, radius_end
from .labels import ON_SOMETHING
from .mark_place import (RUN_ON_FONTS, RUN_ON_SHARE, MarkLayout, broken_bar, corner_crossings, draw_mark,
                         drawn_triangles, rounded, unsplit_corner)
from .marks import (Mark, angle_key, drawn_touching, element_text, equal_chords, lone, merge_equal, read_marks,
                    tangent_squares)
from .scene import Scene, SceneArc, SceneShape

STYLES = ("plain", "colour")
MIN_APART = 20.0  # px between two distinct points, unless the facts force them closer
MIN_RADIUS = 30.0  # px: a circle's least radius (at 8 px, a blind reader saw a dot with its points on each other)
MIN_ANGLE = 15.0  # degrees: a free angle (no value given) narrower reads as a line
FLAT_CORNER = 155.0  # degrees: a polygon's free corner wider reads as a point on a side (a kite drawn 160° at A
# read as a triangle and a point: newcomer 18's p10)
MIN_PARALLEL = 20.0  # px between two given parallels
SMALL_CIRCLE = 1 / 3  # a circle under this share of the figure's extent across shrinks into a corner of it, all on it
SMALL_POLYGON = 0.2  # a named polygon's widest reach under this share of the figure's extent, likewise
ZOOM_TARGET = 15.0  # px: two things the facts force closer than MIN_APART are drawn this far apart at least …
ZOOM_MAX = 2  # … on a canvas at most this many times the size asked
PARTS_APART = 30.0  # px between unconnected parts of a figure (two similar triangles): side by side, never over
# each other
ON_LINE, OFF_LINE = 1.5, 15.0  # px: a point off a segment by more than the first and less than the second reads as
# on it (it is on it by a fact, or clearly off it)
MIN_SIDE = 30.0  # px: a drawn side shorter has no room for its marks and value
MIN_WIDTH = 0.12  # a polygon's width across its longest side (a triangle's height, else area over that side)
# at least this share of that side
PARALLEL_ACCIDENT = " are drawn parallel and no fact says so"  # (``accidents``: two lines apart drawn parallel read
# as a given parallel, reader 40's 28: chord DA drawn along radius OB; another start draws D elsewhere on its arc)
BENT_READ = 10.0  # degrees: two drawn lines bent this near straight at a point read as one line even where the
# layout could bend them no more (reader 42's 11: EO and OB bent 7°, the "?" read as the vertical angle of 110°)
BUNCHED = 200.0  # degrees: a circle of three points or more whose widest stretch with none of them is wider has them
# all in one strip of it (reader 42's 19: two chords squeezed into the bottom of a large circle); a layout that
# spreads them wins a tie
RESEEDS = 2  # a figure whose model (made here) draws points too close tries this many more starts of the numeric search
COLOUR_OPACITY = 0.35  # the colour style's fills: light enough under black letters
QUERY = "?"
SIDE_REACH = 1 / 6  # a side's value sits by its middle third (a share of the side from its middle, each way)
ARC_ZONE = 1.2  # fonts: about an angle's vertex, the reach of its arc, which parallel arrows keep clear of
ARC_PIECE = 12.0  # px: an angle's arc runs this far past a ray inside the angle on each side
ARC_FLOOR_SHARE = 0.6  # but its radius stays under this share of the angle's shorter side
WIDER_FONTS = (2.5, 3.6, 4.6)  # an angle value with no place by its arc: the arc drawn this far out, in turn (a 30°
# wedge holds a 12-point "30°" beyond its arc from about 4.4 fonts out)
WIDER_SHARE = 0.75  # but under this share of the angle's shorter side


class FigureOptionError(GeomillError):
    """An option that does not apply to a textbook figure."""


@dataclass
class TextbookFigure:
    """A drawn textbook figure: its bytes (PNG or SVG), its label export, and what may mislead."""

    data: bytes
    labels: dict
    warnings: list[str]  # all of the below, and an approximate model's note
    scene: Scene
    faults: list[str] = field(default_factory=list)  # the layout's (readability)
    misread: list[str] = field(default_factory=list)  # labels that may read as another element's
    moved: list[str] = field(default_factory=list)  # givens left to the text (no place reads as theirs)
    accidental: list[str] = field(default_factory=list)  # coincidences drawn that no fact states (``accidents``)
    unticked: list[str] = field(default_factory=list)  # members of a stated equal group drawn with no tick of it
    forced: list[str] = field(default_factory=list)  # faults the facts force (every layout draws them alike)
    bent: list[tuple[str, str, str]] = field(default_factory=list)  # (a, v, b): drawn lines av and vb bent under
    # ``BENT_READ`` at v that no fact puts in one line (the question text says they are not)

    @property
    def misleads(self) -> list[str]:
        """What makes the figure misleading (a batch refuses it): not a value left to the text, which only
        says less, nor a fault the facts force, which no layout avoids (the figure says it)."""
        return [f for f in self.faults if f not in self.forced] + self.misread


@dataclass
class TextbookAnnotation(Annotation):
    """GeomVerse's annotation with the textbook's own: values written as the problem gives them (a number
    or an expression in its variables), the goal marked "?" in the coordinate style, and relation marks."""

    texts: dict = field(default_factory=dict)  # Quantity -> the value's text
    asked_in: frozenset = frozenset()  # the variables the asked element's value is written in (``_asked_in``)
    shapes: list = field(default_factory=list)  # the scene's shapes (a sector's label says "sector area OAB")
    names: dict = field(default_factory=dict)  # str(quantity) -> the problem's element ("arc OAB")
    relation_marks: list = field(default_factory=list)  # marks.Mark
    export: list = field(default_factory=list)  # the marks as drawn (pixels, y up), set by ``drawn``
    spans: dict = field(default_factory=dict)  # a valued side split by points -> its dimension line's offset
    reach: dict = field(default_factory=dict)  # and how far from its middle its value may sit (a share of it)
    triangles: list = field(default_factory=list)  # the triangles of drawn lines (pixel polygons), set by ``drawn``
    cells: dict = field(default_factory=dict)  # a shape that drawn lines cut -> its cells (pixel polygons, the
    # largest first), set by ``drawn``
    crowded: list = field(default_factory=list)  # (mark, why, angle): right-angle squares with another ray near a
    # side, set by ``drawn``
    right_values: set = field(default_factory=set)  # right angles drawn "90°" in an arc (``_right_values``)
    right_sources: dict = field(default_factory=dict)  # those of a relation's square: Quantity -> its source
    named_query: bool = False  # the goal's "?" with its element's name ("AB = ?"): a bare one read as another's
    query_text: str | None = None  # a goal that is a function of elements, as its "?" says it ("sin ∠BAC"): on the
    # element it is about, a bare "?" or "∠BAC = ?" asked the angle (newcomer 15's p08)
    named: set = field(default_factory=set)  # angle values written with their angle's name ("∠BAC = 80°")
    unticked: list = field(default_factory=list)  # members of an equal group that carry none of its ticks, set by
    # ``drawn``
    also_asked: list = field(default_factory=list)  # the other terms of an asked sum, difference or ratio of one
    # kind (angle ABC + angle DBE, AF/CF, area ABC - area ADE): "?" on each
    across: set = field(default_factory=set)  # set-off givens whose leader may cross lines: each the figure's only
    # carrier of a variable (review 10's 19: NP = 4x in the text alone, the figure showed no x and no "?")
    split: set = field(default_factory=set)  # valued or asked sides that drawn points split, set by ``drawn``
    forced: set = field(default_factory=set)  # split sides' values with no place by them: named and led from their
    # dimension line, or (none reads as theirs) the text's (led to the side, a value touched one piece: blind
    # readers read "12" of AB, led to AD of A-D-B, as AD = 12)
    wider: dict = field(default_factory=dict)  # angle -> its arc's least radius (px), where no place by a smaller arc
    # is free (a point's letter in its wedge): its value set beyond the letter, never in the legend alone
    spoken: dict = field(default_factory=dict)  # a given no drawn element carries (a region no shape is, its points
    # drawn: "perimeter ADE = 3") -> its legend line: a given never vanishes from the figure
    unsplit_out: set = field(default_factory=set)  # split sides' values the legend writes: no dimension line had a
    # place, and by the side the value sat by one piece (never led across to it either)
    pieces: set = field(default_factory=set)  # pieces of a side with a dimension line whose value is named by the
    # piece ("AE = 12"): read by the name, between the side and the whole's dimension line too (``_led_across``)
    rims: tuple = ()  # the points a tangency's dot marks, and each circle's points: where one of a circle's is
    # dotted, all are (``compose._straight_points``; reader 40's 28: A and B dotted, D on the same circle not)
    leaders: set = field(default_factory=set)  # the asked angle or side whose named "?" is set off with a leader
    # from its arc or side (no place by it reads as its own: review 5 found such goals unmarked)
    height_clear: ClassVar[bool] = True  # a dashed height's value beside it clear of the line (``_height_centres``)
    query_edge_fonts: ClassVar[float] = 1.6  # a shape's bare "?" by a side read as the side's length asked
    shrink: ClassVar[bool] = False  # a long value moved, never in smaller type (it read as cramped beside 12-point)
    arcs_clear: ClassVar[bool] = True

    def arced(self, q: Quantity) -> bool:
        """A right angle drawn with an arc, not a square: one shown "90°", or one asked (its square would answer
        it: review 11's 30)."""
        return q in self.right_values or q in self.also_asked

    def query_short(self, text: str) -> str | None:
        """A "?" that says its element ("∠ADC = ?": its angle cut by another ray, or a bare one read as another
        element's; "area ABCD = ?" of a shape cut into cells) is never cut back to a bare "?": the name is what
        makes it read as its own (review 4: the bare "?" of ADC inside ADB read as the right angle ADB)."""
        if self.query_text is not None and text.startswith(f"{self.query_text} = "):
            return None  # (the function is what is asked: never cut back to a bare "?")
        if self.query is not None and (text.startswith(f"{query_name(self.query)} = ") or
                                       text.startswith(self._region(self.query, text).partition(" = ")[0] + " =")
                                       and self.query.key[0] in self.cells):
            return None
        if self.query is not None and self.query.kind in (QKind.AREA, QKind.PERIMETER):
            return None  # (a bare "?" of a region by a side reads as that side's length asked: review 9's 52)
        return super().query_short(text)

    def set_off(self) -> frozenset[str]:
        return frozenset(str(q) for q in self.leaders)

    def led_across(self) -> frozenset[str]:
        return frozenset(str(q) for q in self.across)

    def named_sides(self) -> frozenset[str]:
        """A split side's value named with no dimension line ("AB = 12"): read by the side (never led to it, where
        the leader's end on a piece reads past the name), nearest it; the asked one too where its "?" is named
        ("PR = ?": reader 32's 02)."""
        named = self.named | ({self.query} if self.named_query and self.query is not None else set())
        return frozenset(str(q) for q in named & (self.split | self.pieces) if q not in self.spans)

    def query_optional(self) -> bool:
        """A textbook figure marks every goal it draws (a student looks for the "?"): an asked shape too, set off
        with a leader where no place inside reads as its own."""
        return False

    def on_image(self, q: Quantity) -> bool:
        return self.values == "image" and q in self.facts and q not in self.in_text

    def unvalued_item(self, q: Quantity) -> Item | None:
        return None

    def arc_floor(self, scene: Scene, frame, q: Quantity) -> float:
        """The least radius of angle ``q``'s arc: where other drawn rays leave its vertex inside it, the arc
        runs ``ARC_PIECE`` px past the outermost of them on each side (at the 10 px a ray 10° inside a side
        leaves at a usual radius, a blind reader saw the arc end on that ray and read the value as the
        smaller angle's); and at least its ``wider`` radius, where it has one."""
        from .compose import short_side

        a, v, b = (np.array(frame.px(scene.points[n])) for n in q.key)
        short = short_side(scene, frame, q)
        wide = self.wider_radius(q, short)
        ta, tb = (math.atan2(*(e - v)[::-1]) for e in (a, b))
        sweep = (tb - ta) % (2 * math.pi)
        if sweep > math.pi:
            ta, sweep = tb, 2 * math.pi - sweep
        inner = []
        for s, t in scene.segments:
            ps, pt = (np.array(frame.px(scene.points[n])) for n in (s, t))
            for e, f in ((ps, pt), (pt, ps)):
                if float(np.hypot(*(e - v))) < 1.0 and float(np.hypot(*(f - v))) > 1.0:
                    d = (math.atan2(*(f - v)[::-1]) - ta) % (2 * math.pi)
                    if 1e-3 < d < sweep - 1e-3:
                        inner.append(d)
        if not inner:
            return wide
        piece = min(min(inner), sweep - max(inner))
        return max(wide, min(ARC_PIECE / max(piece, 1e-3), ARC_FLOOR_SHARE * short))

    def wider_radius(self, q: Quantity, short: float) -> float:
        """Angle ``q``'s ``wider`` radius as its arc takes it (``short``: its shorter side, px): under
        ``WIDER_SHARE`` of that side; -inf where it has none."""
        return min(self.wider[q], WIDER_SHARE * short) if q in self.wider else -math.inf

    def items(self) -> list[Item]:
        out = [Item(q, f"{query_name(q)} = {self.texts[q]}" if q in self.named else self._region(q, self.texts[q]))
               for q in self.facts if self.on_image(q)]
        words = {QKind.AREA: "area", QKind.PERIMETER: "perimeter"}
        if self.query is not None and self.query not in self.facts:
            out.append(Item(self.query, self._region(self.query, f"{words[self.query.kind]} = {QUERY}")
                            if self.query.kind in words else f"{self.query_text} = {QUERY}" if self.query_text else
                            f"{query_name(self.query)} = {QUERY}" if self.named_query else QUERY))
        out += [Item(q, self._region(q, f"{words[q.kind]} = {QUERY}") if q.kind in words else
                     f"{query_name(q)} = {QUERY}" if q in self.named else QUERY) for q in self.also_asked
                if q not in self.facts]
        return out

    def _region(self, q: Quantity, text: str) -> str:
        """A region's label says its polygon ("area ABCD = ?", "perimeter CDO = 23"), given or asked: "area = ?"
        in any cell reads as that cell's (review 4), a bare "perimeter = 23" as the larger shape's (review 8)."""
        if q.kind not in (QKind.AREA, QKind.PERIMETER):
            return text
        word, _, rest = text.partition(" = ")
        kind = next((s.kind for s in self.shapes if s.name == q.key[0]), "")
        return f"{'sector ' if kind == 'sector' else ''}{word} {q.key[0]} = {rest}" if rest else text

    def drawn(self, scene: Scene, frame, style) -> tuple[list, list]:
        marks, dashed, self.export, self.spans, self.reach, self.split = [], [], [], {}, {}, set()
        layout = MarkLayout(scene, frame, style.font_px)
        self.triangles, self.cells = _drawn_regions(scene, layout.px)
        angles = [it.quantity for it in self.items() if it.quantity.kind is QKind.ANGLE]
        layout.arc_zones = [(layout.px[q.key[1]], ARC_ZONE * style.font_px) for q in angles if q.key[1] in layout.px]
        for it in self.items():  # a value of a side that points split goes on a dimension line beside it
            q = it.quantity
            if q.kind is not QKind.LENGTH or not all(n in layout.px for n in q.key):
                continue
            split = layout.split(*q.key)
            if split:
                self.split.add(q)
                if q in self.leaders and q != self.query:  # (however it came to be set off: from its dimension
                    self.forced.add(q)  # line, never from a piece)
            if not split and layout.crossed(*q.key):  # (a drawn line crossing the side where no point is: a
                if q == self.query:  # bare value by one piece reads as the piece's, reader 35's 26: the radius's
                    self.named_query = True  # "5" by the part of OA a chord cuts off; named, it is the side's)
                else:
                    self.named.add(q)
            run = layout.run_on(*q.key)
            side = float(np.hypot(*(layout.px[q.key[1]] - layout.px[q.key[0]])))
            short = RUN_ON_SHARE * (side + run) if not _within_valued(layout, q, self.items()) else 0.0
            # (a piece by the whole's middle, the whole line unvalued: its value reads as the whole's)
            if split or 0 < run < max(RUN_ON_FONTS * style.font_px, short):
                off, drawn = layout.dimension(*q.key, bracketed=split and _bracketed_split(
                    scene, q, self.relation_marks))
                if q in self.across - self.forced or _crosses(layout, *q.key, off) or layout.astray(*q.key, off) or \
                        layout.stacked(*q.key, off):
                    # (across the figure's lines it reads as a line of it, even beyond them where the canvas has
                    # no room; far off, or along another side, as another side's, on another segment's line as
                    # its: its "?" or value says its element, by the side)
                    if q == self.query:
                        self.named_query = True
                    else:
                        self.named.add(q)
                    if q in self.forced:  # (no place by its dimension line either: named, by its side, never led
                        self.leaders.discard(q)  # to it: a leader's end on one piece reads past the name)
                    continue
                self.spans[q] = off
                self.reach[q] = SIDE_REACH if q in self.forced else layout.middle_reach(*q.key) if split else 1 / 6
                # (forced, its value names its side: by the dimension line's middle third it reads as its own)
                mid = (layout.px[q.key[0]] + layout.px[q.key[1]]) / 2 + 2 * self.spans[q]
                layout.take(mid, style.font_px)  # (its value's place: ticks keep off it)
                self.export.append((Mark("dimension", (q.key,), str(q)), drawn))
                marks += drawn
        layout.heights = [(layout.px[m.elements[0][0]], layout.px[m.elements[0][1]]) for m in self.relation_marks
                          if m.kind == "height" and all(n in layout.px for n in m.elements[0])]
        order = {"right": 0, "right_lines": 0, "height": 0, "dot": 1, "equal_angle": 2, "equal": 3, "parallel": 4}
        self.crowded = []
        asked = frozenset(angle_key(q.key) for q in (self.query, *self.also_asked)
                          if q is not None and q.kind is QKind.ANGLE)
        at = {id(m): unsplit_corner(m, layout, asked) for m in self.relation_marks}  # (a rectangle's right angle: at
        # a corner no diagonal splits)
        layout.stated = layout.bisectors([at[id(m)].elements[0] for m in self.relation_marks if m.kind == "right"])
        layout.spare_count = 1 + max((m.count for m in self.relation_marks if m.kind == "equal"), default=0)
        layout.equal_groups = [set(m.elements) for m in self.relation_marks if m.kind == "equal"]
        self.unticked = []
        for m in sorted(self.relation_marks, key=lambda m: (order.get(m.kind, 5), corner_crossings(at[id(m)], layout))):
            # (a right angle no ray crosses first: one a ray crosses beside it, on the same two lines, is then said
            # by that square, never by a second square or a "90°" beside it)
            given, m = m, at[id(m)]  # (the relation's own mark: a crowded square's, left out when it is drawn again)
            crowded, brackets, halves = len(layout.crowded), len(layout.brackets), len(layout.halves)
            lines, dash = draw_mark(m, layout)  # (a dimension line only for a value: never ticks alone)
            if id(m) in layout.halved:  # (each side halved: its halves ticked, exported as what they say)
                m = Mark(m.kind, layout.halved[id(m)], m.source, m.count, m.elements)
            own = layout.brackets[brackets:]
            if any(i == id(m) for i, _ in layout.unticked):  # (the sides it ticks: not those left unticked)
                kept = [e for e in m.elements if (id(m), e) not in layout.unticked]
                self.unticked += [f"side {''.join(e)} carries no tick of {m.source!r}" for e in m.elements
                                  if e not in kept or len(kept) < 2]
                m = Mark(m.kind, tuple(e for e in m.elements if (id(m), e) not in layout.unticked), m.source,
                         m.count)
                if len(m.elements) < 2:  # (one side ticked says nothing: the text says it)
                    lines, own = [], []
            for b, drawn in [*own, *layout.halves[halves:]]:
                self.export.append((b, drawn))
                marks += [rounded(x) for x in drawn] if b.kind == "bracket" and len(drawn) == 1 else drawn
            layout.spare_count += len(layout.halves) > halves
            if lines or dash:
                self.export.append((m, lines + dash))
                marks += lines
                dashed += dash
            self.crowded += [(given, *c) for c in layout.crowded[crowded:]]
        brackets = [pc for _, drawn in layout.brackets for pc in drawn]
        if brackets:  # (an extension line across a bracket, broken there: the two read as one stroke otherwise)
            for i, (m, drawn) in enumerate(self.export):
                if m.kind != "dimension":
                    continue
                bars = {id(b): broken_bar(b, brackets) for b in drawn[1:3]}
                if all(len(v) == 1 for v in bars.values()):
                    continue
                self.export[i] = (m, [x for b in drawn for x in bars.get(id(b), [b])])
                marks = [x for b in marks for x in bars.get(id(b), [b])]
        marks = self._compact_counts(marks)
        self._name_bracketed_parts(layout)
        asked = self._asked_arc(layout)
        if asked is not None:
            self.export.append(asked)
            marks += asked[1]
        return marks, dashed

    def _asked_arc(self, layout: MarkLayout) -> tuple[Mark, list[np.ndarray]] | None:
        """The asked arc (``arc OEC``: about O, counter-clockwise from E to C) drawn heavier, ``EMPHASIS_PX``
        inside and outside itself, as an asked sector's is: its "?" then reads as the arc's (reader 35's 16: a bare
        "?" by the circle between E and C, with no arc marked, read as chord EC's)."""
        from .compose import EMPHASIS_PX

        q = self.query
        if q is None or q.kind is not QKind.ARC or len(q.key) != 3 or not all(n in layout.px for n in q.key):
            return None
        o, a, b = (layout.px[n] for n in q.key)
        r = float(np.hypot(*(a - o)))
        t0 = math.atan2(*(a - o)[::-1])
        sweep = (math.atan2(*(b - o)[::-1]) - t0) % (2 * math.pi)
        if r < 1.0 or sweep < 1e-3:
            return None
        t = t0 + sweep * np.linspace(0.0, 1.0, max(8, int(math.degrees(sweep) / 2)) + 1)
        ring = np.column_stack([np.cos(t), np.sin(t)])
        return Mark("arc", (q.key,), "goal"), [o + (r + k * EMPHASIS_PX) * ring for k in (-1, 1)]

    def _compact_counts(self, marks: list) -> list:
        """The drawn equal groups' tick counts renumbered 1, 2, 3 … in order, each group's ticks redrawn with its
        new count: a group drawn with no tick (its sides split, every bracket crossed) leaves no gap behind it
        (reader 17's 28: CI and ID with 5 ticks, 4 read, where only counts 1 and 2 were drawn besides).  The
        counts stay distinct, so no two groups read as one length, and the fewest strokes stay countable."""
        drawn = sorted({m.count for m, lines in self.export if m.kind == "equal" and lines})
        new = {c: i for i, c in enumerate(drawn, 1)}
        if all(c == n for c, n in new.items()):
            return marks
        swap: dict[int, list] = {}
        for k, (m, lines) in enumerate(self.export):
            if m.kind != "equal" or not lines or new[m.count] == m.count:
                continue
            c = m.count
            redrawn = [row for i in range(0, len(lines), c) for row in _retick(lines[i:i + c], new[c])]
            for old in lines:
                swap[id(old)] = []
            if lines:
                swap[id(lines[0])] = redrawn
            self.export[k] = (Mark(m.kind, m.elements, m.source, new[m.count], m.sides), redrawn)
        return [r for x in marks for r in swap.get(id(x), [x])]

    def _name_bracketed_parts(self, layout: MarkLayout) -> None:
        """A value or "?" of a piece of a side that an equal-length bracket spans says its segment ("OD = ?"): bare,
        beside the bracket along the whole side, it read as the side's (review 11's 25: the radius's "?" by the
        diameter's bracket, read as the diameter; 06: BE's "1" by AB's)."""
        sides = [m.elements[0] for m, _ in self.export if m.kind == "bracket"]
        for it in self.items() if sides else []:
            q = it.quantity
            if q.kind is QKind.LENGTH and q not in self.spans and any(
                    _piece_of(layout, q.key, side) for side in sides):
                if q == self.query:
                    self.named_query = True
                else:
                    self.named.add(q)

    def other_regions(self, fills: dict) -> dict:
        """The triangles of drawn lines that are neither a part of a shape nor around one: a shape's label
        in one, or its leader ending in one, reads as that triangle's (the blind review's "area = ?" whose
        leader ended in two triangles)."""
        out = {f"~{name}{i}": cell for name, cells in self.cells.items() if name in fills and not any(
            n != name and f.intersection(fills[name]).area > 0.02 * f.area for n, f in fills.items())
            for i, cell in enumerate(cells[1:])}
        # (a shape cut by drawn lines: its label in its largest cell, the others read as regions of their own;
        # not where shapes overlap: they share their pieces, and the label's name says which it is)
        for i, tri in enumerate(self.triangles):
            if all(tri.difference(f).area > 0.02 * tri.area and f.difference(tri).area > 0.02 * f.area
                   for f in fills.values()):
                out[f"~{i}"] = tri
        return out

    def side_offsets(self) -> dict[str, np.ndarray]:
        return {str(q): off for q, off in self.spans.items()}

    def side_anchor(self, q: Quantity, geo: tuple) -> tuple:
        if q not in self.spans:  # by the middle third: a "?" slid to an end read as the angle's there (review 3)
            return (*geo[:3], SIDE_REACH)
        mid, dxy, normals = geo
        offset = self.spans[q]
        outer = math.atan2(offset[1], offset[0])
        first = min(range(2), key=lambda i: abs(math.remainder(float(normals[i]) - outer, 2 * math.pi)))
        # beyond the line only, and by its middle: set towards an end it reads as the piece there
        return mid + offset, dxy, np.array([normals[first], normals[first]]), self.reach[q]


CELL_SHARE = 0.04  # a piece of a shape that drawn lines cut off is a cell of its own from this share of its area


_REGIONS: dict[tuple, tuple[list, dict[str, list]]] = {}  # the last scenes' drawn triangles and cells, by their
# segments, shapes and pixel points
_REGIONS_KEPT = 8


def _drawn_regions(scene: Scene, px: dict) -> tuple[list, dict[str, list]]:
    """``drawn_triangles`` and ``shape_cells`` of a scene in pixels, kept a while: a figure's layout is composed
    again and again (a label set off, a value moved to the text) on one scene and frame, and each composing
    overlaid every drawn segment again to find the same regions."""
    key = (tuple(scene.segments), tuple((sh.name, sh.points, len(sh.loops)) for sh in scene.shapes),
           tuple((n, float(xy[0]), float(xy[1])) for n, xy in px.items()))
    if key not in _REGIONS:
        _REGIONS[key] = (drawn_triangles(scene, px) if scene.shapes else [], shape_cells(scene, px))
        while len(_REGIONS) > _REGIONS_KEPT:
            _REGIONS.pop(next(iter(_REGIONS)))
    triangles, cells = _REGIONS[key]
    return list(triangles), {name: list(c) for name, c in cells.items()}


def shape_cells(scene: Scene, px: dict) -> dict[str, list]:
    """The shapes that drawn segments cut into two or more cells (each at least ``CELL_SHARE`` of the shape):
    name -> the cells (pixel polygons), the largest first."""
    from shapely import union_all
    from shapely.geometry import LineString, Polygon
    from shapely.ops import polygonize

    out = {}
    lines = [LineString([px[a], px[b]]) for a, b in scene.segments if a in px and b in px]
    for shape in scene.shapes:
        ring = Polygon([px[n] for n in shape.points])
        if not ring.is_valid or ring.area <= 0:
            continue
        inner = [ln for ln in lines if ln.crosses(ring) or ring.contains(ln)]
        if not inner:
            continue
        holes = [Polygon([px[n] for n in o.points]) for o in scene.shapes if o is not shape] \
            if len(shape.loops) > 1 else []  # (a part of the asked region is its hole: ``_holed``)
        cells = [c for c in polygonize(union_all([ring.exterior, *inner]))
                 if ring.contains(c.representative_point()) and c.area >= CELL_SHARE * ring.area
                 and not any(h.is_valid and h.contains(c.representative_point()) for h in holes)]
        if len(cells) > 1:
            out[shape.name] = sorted(cells, key=lambda c: -c.area)
    return out


def goal_text(expr: sympy.Expr, figure: bool = True, scene: Scene | None = None) -> str:
    """An expression of elements as a figure writes it ("sin ∠BAC", "AB + BC", "AB/CD", with ``scene`` an arc as
    ``arc_name`` says it) or, ``figure`` False, as the language does ("sin(angle BAC)")."""
    stand, names = {}, {}
    for sym in sorted(expr.free_symbols, key=lambda s: s.name):
        el = element_of(sym)
        if el is None:
            continue
        stand[sym] = sympy.Symbol(f"_e{len(stand)}_")
        names[stand[sym].name] = el.text if not figure else "∠" + "".join(el.points) if el.kind.key == "angle" \
            else arc_name(scene, "".join(el.points)) if el.kind.key in ARC_KINDS and scene is not None else \
            "height from {} to {}{}".format(*height_foot(el.points)) if el.kind.key == "height" else el.text
        # (a height as the question says it: "height SRQP", FormalGeo's order, read as a garbled PQRS: reader 40's 22)
    text = positive_first(expr.xreplace(stand))
    for fn in ("Sin", "Cos", "Tan"):  # sin ∠BAC: a function of one element without brackets, as a textbook writes it
        text = re.sub(rf"\b{fn}\((_e\d+_)\)", rf"{fn.lower()} \1" if figure else rf"{fn.lower()}(\1)", text)
        text = text.replace(f"{fn}(", f"{fn.lower()}(")
    text = text.replace("**2", "²").replace("**", "^").replace("*", "·" if figure else "*")
    for key in sorted(names, key=len, reverse=True):
        text = text.replace(key, names[key])
    return text


def query_name(q: Quantity) -> str:
    """The asked element as a figure names it: AB, ∠ABC."""
    return ("∠" if q.kind is QKind.ANGLE else "") + "".join(q.key)


def _region_astray(d, q: Quantity) -> bool:
    """Does the label of region ``q`` (an area or a perimeter) sit outside its region with no leader into it?"""
    region = d.rules.fills.get(q.key[0]) if q.kind in (QKind.AREA, QKind.PERIMETER) and d.rules else None
    lab = next((lab for lab in d.labels if lab.element == str(q)), None)
    if region is None or lab is None:
        return False
    from shapely.geometry import Point  # (shapely: loaded by compose already)

    at = lab.leader[0] if lab.leader is not None else (lab.x, lab.y)
    return not region.contains(Point(float(at[0]), float(at[1])))


def _cut_values(ann: TextbookAnnotation, d, scene: Scene, frame) -> set[Quantity]:
    """The angles whose value (or "?") is placed, with no leader, inside a part of the angle that another drawn
    ray from its vertex cuts off (review 3: "80°" of BAC inside FAC, its arc past AF, read as FAC's)."""
    asked = {str(q): q for q in (*ann.facts, *([ann.query] if ann.query is not None else []), *ann.also_asked)
             if q.kind is QKind.ANGLE and q not in ann.named and not (q == ann.query and ann.named_query)}
    out = set()
    for lab in d.labels:
        q = asked.get(lab.element)
        if q is None or lab.leader is not None:
            continue
        a, v, b = (np.array(frame.px(scene.points[n])) for n in q.key)
        ta, tb = (math.atan2(*(e - v)[::-1]) for e in (a, b))
        sweep = (tb - ta) % (2 * math.pi)
        if sweep > math.pi:
            ta, sweep = tb, 2 * math.pi - sweep
        inner = False
        for s, t in scene.segments:
            ps, pt = (np.array(frame.px(scene.points[n])) for n in (s, t))
            for e, f in ((ps, pt), (pt, ps)):
                if float(np.hypot(*(e - v))) < 1.0 and float(np.hypot(*(f - v))) > 1.0:
                    inner |= 0.02 < (math.atan2(*(f - v)[::-1]) - ta) % (2 * math.pi) < sweep - 0.02
        at = (math.atan2(lab.y - v[1], lab.x - v[0]) - ta) % (2 * math.pi)
        if inner and 0 < at < sweep:
            out.add(q)
    return out


def _piece_of(layout: MarkLayout, piece: tuple, side: tuple) -> bool:
    """Is segment ``piece`` a proper part of segment ``side`` (on its line, between its ends), in pixels?"""
    if set(piece) == set(side) or not all(n in layout.px for n in (*piece, *side)):
        return False
    p, r = layout.px[side[0]], layout.px[side[1]]
    length = float(np.hypot(*(r - p)))
    if length < 1e-9:
        return False
    u = (r - p) / length
    for n in piece:
        c = layout.px[n] - p
        if abs(float(u[0] * c[1] - u[1] * c[0])) > 0.5 or not -0.5 <= float(c @ u) <= length + 0.5:
            return False
    return True


def _crosses(layout: MarkLayout, a: str, b: str, off: np.ndarray) -> bool:
    """Does side ab's dimension line at ``off`` cross a drawn line (inside the figure, it reads as a line of
    it: review 3's "?" on a dimension line across MK and RP)?"""
    from shapely.geometry import LineString

    p, r = layout.px[a] + off, layout.px[b] + off
    dim = LineString([p, r])
    sa, sb = layout._others(layout.px[a], layout.px[b])
    return any(dim.crosses(LineString([s, t])) for s, t in zip(sa, sb))


# -- the problem read for its figure ------------------------------------------------------------------


def _quantity(el: Element, problem: GeneralProblem, shaped: set[str]) -> Quantity | None:
    """The drawn element a problem element's label goes on (None: nowhere that reads as its own)."""
    p, k = el.points, el.kind.key
    if k == "length":
        return Quantity.length(*p)
    if k == "angle":
        return Quantity.angle(*p)
    if k in ("area", "perimeter") and "".join(polygon_key(p)) in shaped:
        return Quantity.of_shape(QKind.AREA if k == "area" else QKind.PERIMETER, "".join(polygon_key(p)))
    if k in SECTOR_GOALS and "".join(p) in shaped:  # the asked sector drawn as a shape (``_sector``)
        return Quantity.of_shape(QKind.AREA if k == "sector_area" else QKind.PERIMETER, "".join(p))
    if k in ("arc", "arc_length"):  # arc OAB: on the arc itself, counter-clockwise from A to B about O
        return Quantity(QKind.ARC, tuple(p), "".join(p))
    if k == "radius":
        end = radius_end(problem, p[0])
        return Quantity.length(p[0], end) if end is not None else None
    if k == "diameter":
        ends = [r.args[0] for r in problem.relations if r.key == "diameter" and r.args[1] == (p[0],)]
        return Quantity.length(*ends[0]) if ends else None
    return None


CIRCLE_GOALS = {"circumference": "circumference", "diameter": "diameter", "circle_area": "area ⊙"}
# a circle's own goal (no segment or region of the figure is it) and the word its "?" says it with (an area's names
# its circle: beyond it, "area = ?" read as a region's by it)


def circle_goal(el: Element, scene: Scene) -> tuple[Quantity, str] | None:
    """A circle's own goal (its circumference, its area, a diameter no segment draws) as the whole circle drawn
    about its centre, a "?" on it that says what is asked ("circumference = ?", "area ⊙O = ?"): in the text alone,
    reader 18's 04 and 56 found nothing on the figure asked.  None where the circle is not drawn whole."""
    from .compose import whole_circle

    word = CIRCLE_GOALS.get(el.kind.key)
    if word is None or whole_circle(scene, el.points[0]) is None:
        return None
    o = el.points[0]
    return Quantity(QKind.ARC, (o,), f"⊙{o}"), word + (o if word.endswith("⊙") else "")


def drawn_height(el: Element, scene: Scene) -> Quantity | None:
    """The drawn segment that is height ``el`` (``height ABC``: from A onto line BC; ``height ABCD``: from D onto
    line AB, a trapezoid's between its bases): a segment from a vertex of it, perpendicular to the base line and
    ending on it, as long as the height (None: no such segment is drawn; its value stays in the text)."""
    p = el.points
    if not all(n in scene.points for n in p) or len(p) < 3:
        return None
    if "".join(p) in scene.height_shapes:  # (none drawn as a segment: the scene's dashed height, ``_dashed_heights``)
        return Quantity.of_shape(QKind.HEIGHT, "".join(p))
    xy = {n: np.array(v) for n, v in scene.points.items()}
    apex, (s, t) = (p[0], p[1:3]) if len(p) == 3 else (p[-1], p[:2])
    u = xy[t] - xy[s]
    scale = float(np.hypot(*u))
    if scale < 1e-12:
        return None
    u = u / scale
    height = abs(float(u[0] * (xy[apex] - xy[s])[1] - u[1] * (xy[apex] - xy[s])[0]))
    tol = 1e-6 * max(scale, height)
    for a, b in scene.segments:
        for x, f in ((a, b), (b, a)):
            d = xy[f] - xy[x]
            across = abs(float(u[0] * (xy[f] - xy[s])[1] - u[1] * (xy[f] - xy[s])[0]))  # (f on the base line)
            if x in p and across < tol and abs(float(d @ u)) < tol and abs(float(np.hypot(*d)) - height) < tol:
                return Quantity.length(x, f)
    return None


def _ccw(scene: Scene, o: str, a: str, b: str) -> float:
    """The turn (degrees, 0 to 360) counter-clockwise from A to B about O."""
    from geomill.engine.plane_geometry import sweep

    return sweep(*(np.array(scene.points[p]) for p in (o, a, b)))


def arc_name(scene: Scene, pts: str) -> str:
    """The language's centre-first arc (``arc OEF``: counter-clockwise from E to F about O) as the question names
    it: ``arc EF``, or ``major arc EF`` where it turns past 180° on the figure (named "arc OEF" on a figure, it read as
    an arc through O: reader 20)."""
    o, a, b = pts
    return f"{'major ' if _ccw(scene, o, a, b) > 180 else ''}arc {a}{b}"


def arc_through(scene: Scene, key: tuple[str, ...]) -> str | None:
    """``arc CBE``: the arc ``key`` (centre, then its ends counter-clockwise) named through a drawn point inside it,
    where there is one (None: none).  A bare "?" on such an arc sits on one stretch between its points and reads
    as that stretch's arc (reader 21: the "?" of arc CE through B read as arc CB)."""
    o, a, b = key
    xy = {n: np.array(v, dtype=float) for n, v in scene.points.items()}
    r = float(np.linalg.norm(xy[a] - xy[o]))
    turn = _ccw(scene, o, a, b)
    inside = sorted((_ccw(scene, o, a, p), p) for p in xy if p not in key
                    and abs(float(np.linalg.norm(xy[p] - xy[o])) - r) < 1e-6 * max(r, 1.0))
    inside = [p for t, p in inside if 1e-6 < t < turn - 1e-6]
    return f"arc {a}{inside[0]}{b}" if inside else None


def written_arc(problem: GeneralProblem, scene: Scene, expr: sympy.Expr) -> tuple[str, Quantity, bool] | None:
    """A textbook arc as the problem writes it (``major arc AB``, ``arc ACB``; a sector line's ``arc AOB``, a
    length: the parser makes each an expression) that ``expr`` stands for: its name, the arc drawn (counter-
    clockwise about its circle's centre) and whether it is measured in degrees (None: no such arc, or its points
    are not drawn)."""
    name = next((w[1] for w in problem.written if w[1].split(" ")[-2:-1] == ["arc"] and w[0] == expr), None)
    if name is None:
        return None
    pts = name.split(" ")[-1]
    circle = next((c for c in problem.circles if set(pts) <= set(c.points)), None)
    shaped = circle is None and len(pts) == 3  # a sector's arc AOB: about its middle letter
    if shaped:
        circle = next((c for c in problem.circles if c.centre == pts[1] and {pts[0], pts[2]} <= set(c.points)), None)
    if circle is None or not all(n in scene.points for n in (circle.centre, *pts)):
        return None
    o, a, b = circle.centre, pts[0], pts[-1]
    turn = _ccw(scene, o, a, b)
    if shaped:  # the arc its line draws, else the minor one
        forward = (a, b) in circle.arcs or (b, a) not in circle.arcs and turn < 180
    elif len(pts) == 3:  # through its middle letter
        forward = _ccw(scene, o, a, pts[1]) < turn
    else:
        forward = (turn > 180) == name.startswith("major")
    key = (o, a, b) if forward else (o, b, a)
    return name, Quantity(QKind.ARC, key, "".join(key)), not shaped


RATIO_SYMBOLS = ("k", "t", "m", "u")  # the unit of a ratio's labels ("2k" and "3k"): the first the problem leaves free


def _ratio_labels(problem: GeneralProblem, f, ann: TextbookAnnotation, shaped: set[str],
                  numbered: set[Quantity]) -> list[tuple[Quantity, sympy.Expr, Element]] | None:
    """A given ratio of two drawn lengths (AD = 2 DB / 3) as the values "2k" and "3k" of its two segments (each
    its quantity, value and element): in the text alone, the figure showed neither part of it (a newcomer's
    remark).  None where it is no such ratio, or where either segment has a value or a "?" of its own."""
    a = lone(f.lhs)
    coeff, rest = f.rhs.as_coeff_Mul()
    b = lone(rest)
    if a is None or b is None or a.kind.key != "length" or b.kind.key != "length" or not coeff.is_Rational or \
            coeff <= 0 or coeff == 1:
        return None
    qa, qb = (_quantity(e, problem, shaped) for e in (a, b))
    if qa is None or qb is None or qa == qb or {qa, qb} & (numbered | set(ann.facts)):
        return None
    names = {s.name for s in problem.variables}
    unit = next((sympy.Symbol(n) for n in RATIO_SYMBOLS if n not in names), None)
    if unit is None:
        return None
    return [(qa, coeff.p * unit, a), (qb, coeff.q * unit, b)]


def _ratio(expr: sympy.Expr) -> bool:
    """Is ``expr`` a ratio of elements (BD/DC, 2·AB/CD)?  Asked as "?" on each term, it read as two goals, not
    one (a blind reader's "BD = ?", "BG = ?"): the legend names it whole, "BD/DC = ?"."""
    return bool(elements_in(sympy.fraction(sympy.together(expr))[1]))


def _number_text(value: sympy.Expr) -> str:
    """A number with at most two decimals only where that is exact (17√2 is never 24.04), else its exact form."""
    if value.is_Rational and abs(float(format_number(float(value))) - value) == 0:
        return format_number(float(value))
    text = re.sub(r"sqrt\((\d+)\)", r"√\1", sympy.sstr(value)).replace("sqrt", "√").replace("pi", "π")
    text = re.sub(r"\*\*(\d+)", lambda m: m[1].translate(_SUPERSCRIPT), text)  # x² (never "x2": reader 25's 16)
    return text.replace("**", "^").replace("*", "").replace(" ", "")


def _value_text(el: Element, value: sympy.Expr) -> str:
    """The value as the problem gives it (``_number_text``); an angle given by its tangent, sine or cosine as
    ``arctan(1/2)``, never its degrees' ``180atan(1/2)/π°`` (a blind reader's figure 17)."""
    if el.kind.unit == "degrees" and (inverse := as_inverse_trig(value)) is not None:
        return f"arc{inverse[0]}({_number_text(inverse[1])})"
    text = _number_text(value)
    if el.kind.key in _REGION_WORDS:  # a bare "1" inside a thin triangle reads as a side's length
        return f"{_REGION_WORDS[el.kind.key]} = {text}"
    if el.kind.unit != "degrees":
        return text
    # an angle's value in a variable says it is an angle, as the question writes it ("(3x-6)°"): bare, "3x-6"
    # beside a side read as its length (review 6)
    return f"{text}°" if value.is_number or value.is_Symbol else f"({text})°"


_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
_REGION_WORDS = {"area": "area", "perimeter": "perimeter", "circle_area": "area", "sector_area": "area",
                 "sector_perimeter": "perimeter", "circumference": "circumference"}


# -- the scene -------------------------------------------------------------------------------------


def _named(problem: GeneralProblem) -> list[Element]:
    exprs = [f.lhs - f.rhs for f in problem.facts] + ([problem.goal.expr] if problem.goal else [])
    return [el for e in exprs for el in elements_in(e)]


def build_scene(problem: GeneralProblem, coords: dict[str, np.ndarray], radii: dict[str, float],
                marks: list[Mark]) -> Scene:
    """The figure's scene: every line (point to point along it), polygon side, segment a relation names,
    side of a named angle, radius of a named arc or radius; circles whole; polygons whose area or perimeter
    is named as shapes (filled in the colour style)."""
    from .colours import PALETTE

    pts = {n: (float(v[0]), float(v[1])) for n, v in coords.items()}
    segments: list[tuple[str, str]] = []
    covered: set[frozenset] = set()
    for ln in problem.lines:
        covered |= {frozenset((a, b)) for a in ln.points for b in ln.points if a != b}
        segments += [(a, b) for a, b in zip(ln.points, ln.points[1:])]
    heights = {frozenset(m.elements[0]) for m in marks if m.kind == "height"}
    named = _named(problem)
    named_lengths = {frozenset(el.points) for el in named if el.kind.key == "length"}

    def add(a: str, b: str) -> None:
        key = frozenset((a, b))
        if a != b and key not in covered and (key not in heights or key in named_lengths):
            segments.append((a, b))
            covered.add(key)

    bare = _arc_radii(problem, ARC_KINDS)  # (an arc's value sits by its arc: its radii, named by nothing else, are
    # left out; drawn, a blind reader took them for segments the problem gave: issue 38's 2342, O joined to A, E, C)
    for a, b in named_segments(problem):
        if frozenset((a, b)) not in bare:
            add(a, b)
    for a, b in extensions(problem, pts, set(covered)):
        add(a, b)
    used = {p for s in segments for p in s} | {p for c in problem.circles for p in (c.centre, *c.points)}
    used |= {p for el in named for p in el.points} | {p for r in problem.relations for a in r.args for p in a}
    pts = {n: xy for n, xy in pts.items() if n in used}  # a point nothing draws or names is no figure's
    arcs = [arc for c in problem.circles if c.centre in radii for arc in _circle_arcs(c, pts, float(radii[c.centre]))]
    shapes = []
    wanted = {"".join(polygon_key(el.points)) for el in named if el.kind.key in ("area", "perimeter")}
    goal = lone(problem.goal.expr) if problem.goal is not None else None
    asked = "".join(polygon_key(goal.points)) if goal is not None and goal.kind.key in ("area", "perimeter") else None
    colours = iter(PALETTE.items())
    for vertices in _regions(problem, named, pts):
        name = "".join(polygon_key(vertices))
        if name not in wanted or name != asked and any(_inside(pts[q], [pts[v] for v in vertices])
                                                       for q in pts if q not in vertices):
            continue  # (the asked polygon is drawn all the same: its "?" names it where inner lines cut it)
        colour, rgb = next(colours, ("gray", PALETTE["gray"]))
        n = len(vertices)
        shapes.append(SceneShape(name, "polygon", tuple(vertices), {i: pts[v] for i, v in enumerate(vertices)},
                                 (tuple(Line(i, (i + 1) % n) for i in range(n)),), colour, rgb))
    sector = _sector(problem, goal, pts, radii, next(colours, ("gray", PALETTE["gray"]))) if goal is not None else None
    shapes += [sector] if sector is not None else []
    scene = Scene(pts, segments, arcs, [_holed(s, shapes) if s.name == asked else s for s in shapes])
    return _dashed_heights(scene, [el for el in named if el.kind.key == "height"])


def _dashed_heights(scene: Scene, heights: list[Element]) -> Scene:
    """Each height a fact or the goal names that no drawn segment is (``drawn_height``) drawn dashed from its vertex
    to its foot on the base line, a right-angle square there (``compose._mark_foot``): its value or "?" goes on it.
    Left to a corner line, the height asked was drawn nowhere, and the one segment from its vertex to the base read
    as it (reader 40's 22)."""
    tops, names, bases = [], [], []
    for el in heights:
        if not all(n in scene.points for n in el.points) or len(el.points) < 3 or drawn_height(el, scene) is not None:
            continue
        v, a, b = (np.array(scene.points[n], dtype=float) for n in height_foot(el.points))
        u = b - a
        if float(u @ u) < 1e-18:
            continue
        foot = a + u * float((v - a) @ u) / float(u @ u)
        if float(np.hypot(*(v - foot))) < 1e-9 * float(np.hypot(*u)):
            continue
        tops.append((tuple(map(float, v)), tuple(map(float, foot))))
        names.append("".join(el.points))
        bases.append((tuple(map(float, a)), tuple(map(float, b))))
    if not tops:
        return scene
    return dataclasses.replace(scene, heights=[*scene.heights, *tops], height_shapes=[*scene.height_shapes, *names],
                               height_bases=[*scene.height_bases, *bases])


SECTOR_GOALS = ("sector_area", "sector_perimeter")


def without_idle(problem: GeneralProblem) -> GeneralProblem:
    """``problem`` as its figure draws it, less each idle point: one inside a single line, named by no fact,
    relation, circle or the goal, whose polygons draw nothing else of their own but a side to a point off that line
    (FormalGeo's construction: "triangle PSA" and "polygon PARQ" with A on base SR).  Drawn, that stray side read
    as a given element: reader 40's 22 took PA, slanted, for the trapezoid's height the question asks.  The point
    leaves its line and the polygons that hold it; every other side stays drawn by what else draws it."""
    used = {n for f in problem.facts for el in elements_in(f.lhs - f.rhs) for n in el.points}
    used |= {n for el in (elements_in(problem.goal.expr) if problem.goal is not None else ()) for n in el.points}
    used |= {n for r in problem.relations for a in r.args for n in a}
    used |= {n for c in problem.circles for n in (c.centre, *c.points)}
    idle = set()
    for ln in problem.lines:
        for n in ln.points[1:-1]:
            if n in used or n in idle or sum(n in other.points for other in problem.lines) != 1:
                continue
            held = [poly for poly in problem.polygons if n in poly.points]
            rest = dataclasses.replace(problem, polygons=tuple(p for p in problem.polygons if n not in p.points))
            others = {frozenset(s) for s in named_segments(rest)} | {
                frozenset((a, b)) for other in problem.lines for a in other.points for b in other.points if a != b}
            sides = {frozenset(s) for poly in held for s in zip(poly.points, poly.points[1:] + poly.points[:1])}
            if any(n in s and not s <= set(ln.points) for s in sides) and \
                    all(n in s or s in others for s in sides):
                idle.add(n)
    if not idle:
        return problem
    return dataclasses.replace(
        problem, points=tuple(n for n in problem.points if n not in idle),
        lines=tuple(dataclasses.replace(ln, points=tuple(n for n in ln.points if n not in idle))
                    for ln in problem.lines),
        polygons=tuple(p for p in problem.polygons if not idle & set(p.points)),
        turns=tuple(dataclasses.replace(t, chains=kept) for t in problem.turns
                    if (kept := tuple(c for c in t.chains if not idle & set(c)))))


def _sector(problem: GeneralProblem, el: Element, pts: dict, radii: dict, colour: tuple) -> SceneShape | None:
    """The asked sector (``sector area OAB``: about O, counter-clockwise from A to B) as a shape: its radii and arc
    its outline, its "?" inside it (in the text alone, reader 18's 58 found nothing asked on the figure).  None
    where it is no sector goal or its points are not drawn."""
    from geomill.engine.kinds import Arc

    if el.kind.key not in SECTOR_GOALS or not all(n in pts for n in el.points) or el.points[0] not in radii:
        return None
    o, a, b = el.points
    return SceneShape("".join(el.points), "sector", (o, a, b), {0: pts[o], 1: pts[a], 2: pts[b]},
                      ((Line(0, 1), Arc(0, 1, 2, True), Line(2, 0)),), *colour)


SECTOR_SHADE = (0.55, 0.55, 0.55), 0.25  # an asked sector's grey in a plain figure (about 89 % white): light under
# black letters, plainly a region


def _shaded(scene: Scene) -> Scene:
    """The asked sector lightly shaded grey (a plain figure fills nothing else), its arc drawn heavier
    (``compose._emphasised_arcs``): a textbook shows the sector asked so (reader 32's 24: "sector perimeter OEA = ?"
    led into an unshaded region between two radii)."""
    rgb, shade = SECTOR_SHADE
    if not any(s.kind == "sector" for s in scene.shapes):
        return scene
    return dataclasses.replace(scene, shapes=[dataclasses.replace(s, colour="gray", colour_rgb=rgb, shade=shade)
                                              if s.kind == "sector" else s for s in scene.shapes])


def _holed(shape: SceneShape, shapes: list[SceneShape]) -> SceneShape:
    """The asked region with each other region inside it (a part of it, ``_nested``) as a hole: the part's label
    in the part reads as the part's, the asked one's "?" in the rest of it (a label over both read as either's)."""
    from shapely.geometry import Polygon

    outer = Polygon(shape.outline)
    inner = [s for s in shapes if s is not shape and len(s.loops) == 1 and outer.is_valid and
             Polygon(s.outline).is_valid and _nested(outer, Polygon(s.outline))]
    if not inner:
        return shape
    coords, loops = dict(shape.coords), list(shape.loops)
    for k, s in enumerate(inner):
        ring = [f"h{k}.{i}" for i in range(len(s.points))][::-1]  # (a hole turns against its outline)
        coords.update({key: s.coords[len(s.points) - 1 - i] for i, key in enumerate(ring)})
        loops.append(tuple(Line(ring[i], ring[(i + 1) % len(ring)]) for i in range(len(ring))))
    return SceneShape(shape.name, shape.kind, shape.points, coords, tuple(loops), shape.colour, shape.colour_rgb)


ARC_KINDS = ("arc", "arc_length")  # an arc's own kinds (a sector's radii are its outline: always drawn)


def _arc_radii(problem: GeneralProblem,
               arcs: tuple[str, ...] = ("arc", "arc_length", "sector_area", "sector_perimeter")) -> set[frozenset]:
    """The segments drawn only as the radii of a named arc or sector (of kinds ``arcs``; nothing else names them,
    no line holds them): a figure may leave them out where they would double another line."""
    named = _named(problem)
    radii = {frozenset((el.points[0], e)) for el in named if el.kind.key in arcs for e in el.points[1:3]}
    other = {frozenset(s) for s in named_segments(problem, sides_of_angles=False)}
    other |= {frozenset((el.points[1], e)) for el in named if el.kind.key == "angle" for e in el.points[::2]}
    other |= {frozenset((el.points[i], el.points[(i + 1) % len(el.points)])) for el in named
              if el.kind.key in ("area", "perimeter") and len(el.points) >= 3 for i in range(len(el.points))}
    other |= {frozenset((el.points[0], e)) for el in named if el.kind.key == "radius"
              and (e := radius_end(problem, el.points[0])) is not None}
    other |= {frozenset((a, b)) for ln in problem.lines for a in ln.points for b in ln.points if a != b}
    return {r for r in radii if len(r) == 2} - other


def undoubled(problem: GeneralProblem, scene: Scene, frame) -> Scene:
    """``scene`` less each radius drawn only for a named arc (``_arc_radii``) that runs hard by another drawn line,
    all along it under ``OFF_LINE`` px off that line (a declared line taken whole): the two strokes read as one
    doubled line (reader 18's 22: OB and OF over chord BF, the centre 4 px off it, read as a diameter).
    The arc's value sits by the arc; its radii said nothing more."""
    optional = _arc_radii(problem)
    if not optional:
        return scene
    px = {n: np.array(frame.px(xy)) for n, xy in scene.points.items()}
    k = min(1.0, frame.size / 512)
    runs = [(ln.points[0], ln.points[-1]) for ln in problem.lines if all(n in px for n in ln.points)]
    runs += [(a, b) for a, b in scene.segments if frozenset((a, b)) not in optional
             and not any({a, b} <= set(ln.points) for ln in problem.lines)]
    share = np.linspace(0.05, 0.95, 10)[:, None]

    def doubles(a: str, b: str) -> bool:  # (each tenth of it hard by one other drawn line)
        xs = px[a] + share * (px[b] - px[a])
        return any(max(segment_distance(x, px[s], px[t]) for x in xs) < OFF_LINE * k for s, t in runs)

    keep = [(a, b) for a, b in scene.segments if frozenset((a, b)) not in optional or not doubles(a, b)]
    if len(keep) == len(scene.segments):
        return scene
    return dataclasses.replace(scene, segments=keep)


def _within_valued(layout: MarkLayout, q: Quantity, items) -> bool:
    """Is side ``q`` part of a longer labelled segment along its line (CQ's "8" for piece BQ): the whole's own
    value says which is which, and two dimension lines on one line stack."""
    a, b = (layout.px[n] for n in q.key)
    u = b - a
    n = float(np.hypot(*u))
    if n < 1e-9:
        return False
    for it in items:
        o = it.quantity
        if o == q or o.kind is not QKind.LENGTH or not all(p in layout.px for p in o.key):
            continue
        c, e = (layout.px[p] for p in o.key)
        if all(abs(float(u[0] * (x - a)[1] - u[1] * (x - a)[0])) / n < 0.5 for x in (c, e)) and \
                float(np.hypot(*(e - c))) > n + 0.5:
            return True
    return False


def _split_side(scene: Scene, q: Quantity) -> bool:
    """Is ``q`` a side that a drawn point splits?  Its "?" would go on a dimension line that takes the rail an
    equal-length bracket of the line needs (a sum's or ratio's terms are asked on the figure only where none is)."""
    if q.kind is not QKind.LENGTH or not all(n in scene.points for n in q.key):
        return False
    a, b = (np.array(scene.points[n], float) for n in q.key)
    d = b - a
    n2 = float(d @ d)
    for name, xy in scene.points.items():
        if name in q.key or n2 == 0:
            continue
        w = np.array(xy, float) - a
        t = float(w @ d) / n2
        if 1e-6 < t < 1 - 1e-6 and abs(float(w[0] * d[1] - w[1] * d[0])) / math.sqrt(n2) < 1e-6 * math.sqrt(n2):
            return True
    return False


def _bracketed_split(scene: Scene, q: Quantity, marks: list[Mark]) -> bool:
    """Is ``q`` a side that a drawn point splits, on a line where an equal-length mark spans a split side (its
    bracket)?  Its "?" would go on a dimension line that takes the rail the bracket needs (review 5's nested
    brackets); a split side on a line with no bracket takes its dimension line freely (a median's halves are
    ticked on the side itself)."""
    if not _split_side(scene, q):
        return False
    xy = {n: np.array(v, float) for n, v in scene.points.items()}
    a, b = (xy[n] for n in q.key)
    d = b - a
    scale = float(np.hypot(*d))

    def on_line(n: str) -> bool:
        w = xy[n] - a
        return abs(float(w[0] * d[1] - w[1] * d[0])) / scale < 1e-6 * scale

    return any(len(e) == 2 and all(n in xy and on_line(n) for n in e) and _split_side(scene, Quantity.length(*e))
               for m in marks if m.kind == "equal" for e in m.elements)


PAD_SPARE = 2.0  # px beyond what a bracketed side's dimension line and its value need (rounding)


def _bracketed_pad(scene: Scene, ann: TextbookAnnotation, style) -> float:
    """The canvas margin a given value's dimension line needs beyond the usual where an equal-length bracket goes
    between it and its split side (``bracketed_offset``): at the usual margin it had no room, and the value went to
    the text (blind reader 29's 05, a square's AB = 55); 0 where none does."""
    from .compose import _margin
    from .mark_place import VALUE_ROOM, bracketed_offset

    if not any(q.kind is QKind.LENGTH and ann.on_image(q) and _bracketed_split(scene, q, ann.relation_marks)
               for q in ann.facts):
        return 0.0
    return max(0.0, bracketed_offset(style.font_px) + VALUE_ROOM * style.font_px - _margin(style)) + PAD_SPARE


def _regions(problem: GeneralProblem, named: list[Element], pts: dict) -> list[tuple[str, ...]]:
    """The polygons a region may be drawn for: each declared one, then each an area or perimeter the goal names
    that none is (``find area ABC`` of a triangle its lines make: its sides are drawn, ``named_segments``), where its
    vertices in the order named bound a simple polygon of some area over no other region named (the region asked
    is shown, not left to the text; a given one stays the text's, as its value did)."""
    from shapely.geometry import Polygon

    out = [tuple(poly.points) for poly in problem.polygons]
    seen = {polygon_key(v) for v in out}
    regions = {polygon_key(el.points): tuple(el.points) for el in named if el.kind.key in ("area", "perimeter")
               and len(el.points) >= 3 and all(n in pts for n in el.points)}
    rings = {k: Polygon([pts[n] for n in v]) for k, v in regions.items()}
    goal = {polygon_key(el.points) for el in elements_in(problem.goal.expr)} if problem.goal is not None else set()
    for k, v in regions.items():
        ring = rings[k]
        if k in seen or k not in goal or not ring.is_valid or ring.area <= 1e-3 * ring.length ** 2:
            continue
        if any(o != k and r.is_valid and ring.intersection(r).area > 0.01 * min(ring.area, r.area)
               and not (len(goal) == 1 and _nested(ring, r)) for o, r in rings.items()):
            continue  # (over another region named: its value's place inside read as either's, set off; one
            # inside the one region asked is a part of it, the "?" in the rest of it, named: "area ABC = ?"; not
            # where the goal names several, "area ABC - area ADE": no "?" goes on either, and the part's value did)
        out.append(v)
    return out


def _nested(outer, inner) -> bool:
    """Is region ``inner`` a part of region ``outer`` (its area all but a sliver inside), with room left over?"""
    return inner.difference(outer).area <= 0.01 * inner.area and outer.area > 1.05 * inner.area


def _circle_arcs(c, pts: dict[str, tuple[float, float]], radius: float) -> list[SceneArc]:
    """A circle drawn whole, or only the arcs a sector or semicircle outlines of it (``CircleDecl.arcs``)."""
    if not c.arcs:
        return [SceneArc(pts[c.centre], radius, 0.0, 360.0)]
    (ox, oy) = pts[c.centre]
    turn = [math.degrees(math.atan2(pts[a][1] - oy, pts[a][0] - ox)) % 360.0 for a, _ in c.arcs]
    end = [math.degrees(math.atan2(pts[z][1] - oy, pts[z][0] - ox)) % 360.0 for _, z in c.arcs]
    return [SceneArc(pts[c.centre], radius, s, e) for s, e in zip(turn, end)]


def _on_arc(a: SceneArc, deg: float) -> tuple[float, float]:
    t = math.radians(deg)
    return (a.centre[0] + a.radius * math.cos(t), a.centre[1] + a.radius * math.sin(t))


def _inside(p, ring) -> bool:
    from shapely.geometry import Point, Polygon

    return Polygon(ring).buffer(-1e-6 * max(1e-9, Polygon(ring).length)).contains(Point(p))


# -- orientation and readability --------------------------------------------------------------------


def orient(problem: GeneralProblem, coords: dict[str, np.ndarray], marks: list[Mark]) -> dict[str, np.ndarray]:
    """The model turned (never mirrored: the facts' turns hold) so that its base is horizontal, the figure
    above it: the main polygon's (the first declared) own base where its kind has one (an isosceles triangle on
    its base, whatever parallels the figure adds: reader 31's 28 stood ABC on its leg AB, the longest parallel,
    its apex at the bottom left), else the longest of the given parallels, else the longest line or polygon side,
    never a polygon's diagonal (a rectangle stands on its side, not on the diagonal a line draws)."""
    def length(s: tuple[str, str]) -> float:
        return float(np.linalg.norm(coords[s[1]] - coords[s[0]]))

    sides = [(p.points[i - 1], p.points[i]) for p in problem.polygons for i in range(len(p.points))]
    corners = [set(p.points) for p in problem.polygons if len(p.points) > 3]
    edges = {frozenset(s) for s in sides}
    main = set(problem.polygons[0].points) if problem.polygons else set()
    # a symmetric shape across its axis: an isosceles triangle on its base, a kite's axis upright (the main polygon's
    # first)
    standing = sorted((((names[block.stands_on[0]], names[block.stands_on[1]]), set(names.values()) != main)
                       for rel in problem.relations
                       if (block := BLOCKS_BY_KEY[rel.key]).stands_on and (names := block.bind(rel.args))),
                      key=lambda s: s[1])
    base = standing[0][0] if standing and not standing[0][1] else None
    parallels = [e for m in marks if m.kind == "parallel" for e in m.elements]
    if base is None and parallels:  # (the longest: a parallelogram's long sides, not its short ones, lie along the
        base = max(parallels, key=length)  # bottom)
    if base is None and standing:
        base = standing[0][0]
    if base is None:  # the longest line or polygon side
        pairs = [(ln.points[0], ln.points[-1]) for ln in problem.lines]
        pairs = [s for s in pairs if frozenset(s) in edges or not any(set(s) <= c for c in corners)] + sides
        legs = [s for s in pairs if not _on_hypotenuse(problem, s, marks)] if not problem.circles else pairs
        # (a circle's figure stands on its diameter's line: a tangent's right angle on it is the textbook's)
        if pairs:
            base = max(legs or pairs, key=length)
    if base is None:
        return coords
    d = coords[base[1]] - coords[base[0]]
    if float(np.hypot(*d)) < 1e-12:
        return coords
    t = -math.atan2(d[1], d[0])
    rot = np.array([[math.cos(t), -math.sin(t)], [math.sin(t), math.cos(t)]])
    out = {n: rot @ v for n, v in coords.items()}
    mean_y = float(np.mean([v[1] for v in out.values()]))
    if mean_y < float(out[base[0]][1]) - 1e-9:  # the figure below its base: turn it over
        out = {n: -v for n, v in out.items()}
    return out


def _on_hypotenuse(problem: GeneralProblem, side: tuple[str, str], marks: list[Mark]) -> bool:
    """Is ``side`` on the line across a marked right angle (its hypotenuse, whole or a piece of it)?  A textbook
    stands a right triangle on a leg, its right angle at a bottom corner: drawn on its hypotenuse, the longest
    side, the right angle hung at the top and a blind reader took the figure for another (issue 38)."""
    corners = [e for m in marks if m.kind == "right" for e in m.elements if len(e) == 3]
    for m in marks:  # (two lines stated perpendicular that share a point: their corner)
        if m.kind == "right_lines" and len(m.elements) == 2 and len(set(m.elements[0]) & set(m.elements[1])) == 1:
            (v,) = set(m.elements[0]) & set(m.elements[1])
            corners.append((*(set(m.elements[0]) - {v}), v, *(set(m.elements[1]) - {v})))
    feet = {m.elements[0][1] for m in marks if m.kind == "height" and len(m.elements[0]) == 2}
    bases = [set(m.elements[1]) for m in marks if m.kind == "height" and len(m.elements) > 1]
    drawn = {frozenset(s) for s in named_segments(problem)}
    drawn |= {frozenset((p, q)) for ln in problem.lines for p in ln.points for q in ln.points if p != q}
    for a, v, b in corners:
        line = next((set(ln.points) for ln in problem.lines if a in ln.points and b in ln.points), {a, b})
        if v in feet or any(base <= line for base in bases) or \
                any(frozenset((v, p)) in drawn for p in line - {a, b}):  # (a height's own right angle; a
            continue  # hypotenuse a height, a bisector or a median from the right angle stands on is the textbook's
            # base, the cevian up from it: on a leg, the right angle's values crowded its cut corner)
        if set(side) <= line:
            return True
    return False


@dataclass(frozen=True)
class Fault:
    """What may mislead in a layout: its text, the figure's measure it is about (a function of the model's
    coordinates and radii that no move, turn or scaling of the whole figure changes; None: none such), and
    for two things drawn too close, their distance in px (a larger canvas may part them)."""

    text: str
    measure: object = None  # Callable[[dict, dict], float] | None
    gap: float | None = None


def _size_of(names: list[str]):
    """The measure's unit: the points' root-mean-square distance from their centroid (a figure's size that no
    move or turn changes)."""
    def size(coords: dict) -> float:
        xy = np.array([coords[n] for n in names], dtype=float)
        return max(float(np.sqrt(np.mean(np.sum((xy - xy.mean(axis=0)) ** 2, axis=1)))), 1e-12)
    return size


def _off_line(p: np.ndarray, a: np.ndarray, b: np.ndarray) -> float:
    u = b - a
    return abs(float(u[0] * (p - a)[1] - u[1] * (p - a)[0])) / max(float(np.hypot(*u)), 1e-12)


def _near_line_faults(scene: Scene, px: dict, k: float = 1.0) -> list[Fault]:
    size = _size_of(sorted(px))
    out = []
    for a, b in scene.segments:
        p, r = px[a], px[b]
        u = r - p
        n2 = float(u @ u)
        if n2 < 1e-9:
            continue
        for name, xy in px.items():
            if name in (a, b):
                continue
            t = float((xy - p) @ u) / n2
            d = _off_line(xy, p, r)
            if 0 < t < 1 and ON_LINE * k < d < OFF_LINE * k:
                out.append(Fault(f"point {name} is {d:.1f} px off {a}{b} (under {OFF_LINE * k:g}): it reads as on it",
                                 lambda c, _r, n=name, a=a, b=b: _off_line(c[n], c[a], c[b]) / size(c), d))
    return out


def near_lines(scene: Scene, px: dict, k: float = 1.0) -> list[str]:
    """The points drawn hard by a segment they are not on (over ``ON_LINE`` px and under ``OFF_LINE``, both
    times ``k``, from its middle part): such a point reads as on the line (review 4: A 7 px off DO, D, A and O
    read as collinear)."""
    return [f.text for f in _near_line_faults(scene, px, k)]


def short_sides(scene: Scene, frame) -> int:
    """How many drawn sides are under MIN_SIDE px (no room for their marks and values): not misleading, but
    a layout with fewer reads better."""
    k = min(1.0, frame.size / 512)
    return sum(math.dist(frame.px(scene.points[a]), frame.px(scene.points[b])) < MIN_SIDE * k
               for a, b in scene.segments)


def readability(problem: GeneralProblem, scene: Scene, frame, marks: list[Mark]) -> list[str]:
    """What may mislead in this layout: points under MIN_APART px apart, parallels under MIN_PARALLEL apart,
    a polygon's angle under MIN_ANGLE or corner within it of flat (or reflex) that no fact gives, unconnected parts
    over each other."""
    return [f.text for f in layout_faults(problem, scene, frame, marks)]


def _angle(p: np.ndarray, v: np.ndarray, q: np.ndarray) -> float:
    u, w = p - v, q - v
    cos = float(u @ w) / max(float(np.linalg.norm(u) * np.linalg.norm(w)), 1e-12)
    return math.degrees(math.acos(max(-1.0, min(1.0, cos))))


def _width(ring: np.ndarray) -> tuple[float, float]:
    """A polygon's width across its longest side (a triangle's height, else area over that side), and that side."""
    area = abs(float(ring[:, 0] @ np.roll(ring[:, 1], -1) - ring[:, 1] @ np.roll(ring[:, 0], -1))) / 2
    longest = max(float(np.linalg.norm(ring[i] - ring[i - 1])) for i in range(len(ring)))
    return (2 if len(ring) == 3 else 1) * area / max(longest, 1e-9), longest


def layout_faults(problem: GeneralProblem, scene: Scene, frame, marks: list[Mark]) -> list[Fault]:
    """``readability``'s faults, each with the measure it is about (``fixed_by_facts`` tells whether the facts
    force it) and, for two things drawn too close, their distance in px."""
    from geomill.solvers.numeric import flat_corners

    out = []
    k = min(1.0, frame.size / 512)  # (a smaller image: the minimums shrink with everything drawn)
    apart, parallel_gap = MIN_APART * k, MIN_PARALLEL * k
    names = sorted(scene.points)
    size = _size_of(names)
    px = {n: np.array(frame.px(scene.points[n])) for n in names}
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            d = float(np.linalg.norm(px[a] - px[b]))
            if d < apart:
                out.append(Fault(f"points {a} and {b} are {d:.1f} px apart (under {apart:g})",
                                 lambda c, _r, a=a, b=b: float(np.linalg.norm(c[a] - c[b])) / size(c), d))
    for m in marks:
        if m.kind != "parallel":
            continue
        for s, t in zip(m.elements, m.elements[1:]):
            gap = _off_line(px[t[0]], px[s[0]], px[s[1]])
            if gap < parallel_gap:
                out.append(Fault(f"the parallels {''.join(s)} and {''.join(t)} are {gap:.1f} px apart "
                                 f"(under {parallel_gap:g})",
                                 lambda c, _r, s=s, t=t: _off_line(c[t[0]], c[s[0]], c[s[1]]) / size(c), gap))
    small = {}  # (a circle a few px across reads as a dot, its points on each other: a blind reader's 8 px one)
    for arc in scene.arcs:
        r = arc.radius * frame.scale
        if r < MIN_RADIUS * k:
            c = np.array(frame.px(arc.centre))
            name = next((n for n in names if float(np.linalg.norm(px[n] - c)) < 0.5), None)
            small[name or f"({c[0]:.0f}, {c[1]:.0f})"] = (r, name)
    out += [Fault(f"the circle about {key} is drawn {r:.1f} px in radius (under {MIN_RADIUS * k:g})",
                  None if name is None else lambda c, radii, o=name: radii[o] / size(c))
            for key, (r, name) in small.items()]
    out += _near_line_faults(scene, px, k)
    out += [Fault(_small_text(*part), (lambda c, radii, o=part[0][0]: radii[o] / _reach(c, o)) if part[1] else
                  (lambda c, _r, p=part[0]: _across(c, p) / _reach(c)))
            for part in small_parts(problem, scene, frame)]
    given = {angle_key(el.points) for el in _named(problem) if el.kind.key == "angle"}
    for poly in problem.polygons:
        p = poly.points
        across, longest = _width(np.array([px[v] for v in p]))
        if longest > 0 and across < MIN_WIDTH * longest:
            out.append(Fault(f"the polygon {''.join(p)} is drawn flat ({across:.0f} px across, {longest:.0f} long)",
                             lambda c, _r, p=p: (lambda w: w[0] / max(w[1], 1e-12))(
                                 _width(np.array([c[v] for v in p], dtype=float)))))
        for i, v in enumerate(p):
            a, b = p[i - 1], p[(i + 1) % len(p)]
            deg = _angle(px[a], px[v], px[b])
            if deg < MIN_ANGLE and angle_key((a, v, b)) not in given:
                out.append(Fault(f"the angle {a}{v}{b} is drawn {deg:.1f}° (under {MIN_ANGLE:g}°)",
                                 lambda c, _r, a=a, v=v, b=b: _angle(c[a], c[v], c[b])))
        for i, (v, past) in enumerate(zip(p, flat_corners(np.array([px[q] for q in p]), FLAT_CORNER))):
            a, b = p[i - 1], p[(i + 1) % len(p)]
            flat = 180.0 - FLAT_CORNER
            if past <= 0 or angle_key((a, v, b)) in given or (past > 2 * flat and _wraps(problem, p, a, v, b)):
                continue  # (a reflex corner where the polygon wraps round another at it: the rest of a shape)
            out.append(Fault(f"the corner {v} of {''.join(p)} is drawn {FLAT_CORNER + past:.1f}° (over "
                             f"{FLAT_CORNER:g}°): " + ("it reads as a point on a side" if past < 2 * flat
                                                       else "a dent no fact gives"),
                             lambda c, _r, p=p, i=i: float(flat_corners(np.array([c[q] for q in p], dtype=float),
                                                                        0.0)[i])))
    out += _narrow_crossings(problem, px, given)
    return out + [Fault(text) for text in parts_over(problem, px, k)]  # (where parts lie is never forced)


def _across(coords: dict, names) -> float:
    """The widest distance between two of ``names``' points: a polygon's size whatever way it is turned."""
    xy = np.array([coords[n] for n in names], dtype=float)
    return float(np.max(np.hypot(*(xy[:, None, :] - xy[None, :, :]).transpose(2, 0, 1))))


def _small_text(names: tuple[str, ...], circle: bool, across: float, extent: float) -> str:
    """A small part's fault (``small_parts``), as the figure says it."""
    what = f"circle about {names[0]}" if circle else f"polygon {''.join(names)}"
    share = SMALL_CIRCLE if circle else SMALL_POLYGON
    return f"the {what} is drawn small: {across:.0f} px across in a figure {extent:.0f} px wide (under {share:.0%} of it)"


def _reach(coords: dict, centre: str | None = None) -> float:
    """How far the figure reaches from a circle's centre (``centre``), or across (None): the measure a small part is
    against, which the point far off sets (the points on the circle, free on it, change no such measure)."""
    xy = np.array(list(coords.values()), dtype=float)
    if centre is not None:
        return max(float(np.max(np.hypot(*(xy - np.asarray(coords[centre], float)).T))), 1e-12)
    return max(_across(coords, list(coords)), 1e-12)


def small_parts(problem: GeneralProblem, scene: Scene, frame) -> list[tuple[tuple[str, ...], bool, float, float]]:
    """The circles and named polygons drawn small against the figure's extent (its widest reach across, points and
    circles): a circle under ``SMALL_CIRCLE`` of it across, a polygon under ``SMALL_POLYGON``; each its points (a
    circle's centre and a point on it), whether a circle, its px across and the figure's.  A point far from the rest
    (a tangent's end 22 radii out) sets the extent, and the circle with all on it shrinks into a corner."""
    px = {n: np.array(frame.px(xy)) for n, xy in scene.points.items()}
    if len(px) < 2:
        return []
    ring = [np.array(frame.px(a.centre)) + a.radius * frame.scale * np.array(d) for a in scene.arcs
            for d in ((1, 0), (-1, 0), (0, 1), (0, -1))]
    extent = float(np.max(np.ptp(np.array(list(px.values()) + ring), axis=0)))
    out = []
    for c in problem.circles:
        arc = next((a for a in scene.arcs if float(np.hypot(*(np.array(frame.px(a.centre)) - px.get(
            c.centre, np.full(2, np.inf))))) < 0.5), None)
        on = next((q for q in c.points if q in px), None)
        if arc is not None and on is not None and 2 * arc.radius * frame.scale < SMALL_CIRCLE * extent:
            out.append(((c.centre, on), True, 2 * arc.radius * frame.scale, extent))
    for poly in problem.polygons:
        if all(q in px for q in poly.points) and (w := _across(px, poly.points)) < SMALL_POLYGON * extent:
            out.append((tuple(poly.points), False, w, extent))
    return out


def _narrow_crossings(problem: GeneralProblem, px: dict, given: set) -> list[Fault]:
    """Two of the problem's lines meeting at a point under MIN_ANGLE apart that no fact gives: two secants from one
    point drawn 7° apart read as one line (newcomer 18's p02)."""
    return [Fault(f"the angle {a}{v}{b} is drawn {deg:.1f}° (under {MIN_ANGLE:g}°)",
                  lambda c, _r, a=a, v=v, b=b: _angle(c[a], c[v], c[b])) for a, v, b, deg in _narrow(problem, px, given)]


def _narrow(problem: GeneralProblem, px: dict, given: set) -> list[tuple[str, str, str, float]]:
    """Each pair of the problem's lines that meet under MIN_ANGLE apart, no fact giving the angle: the narrowest
    pair of their rays there (a, v, b) and its degrees."""
    lines = [ln.points for ln in problem.lines if all(p in px for p in ln.points)]
    out = []
    for i, s in enumerate(lines):
        for t in lines[i + 1:]:
            for v in set(s) & set(t):
                rays = [(_angle(px[a], px[v], px[b]), a, b) for a in _beside(s, v) for b in _beside(t, v)
                        if a not in t and b not in s]
                if rays and (least := min(rays))[0] < MIN_ANGLE and angle_key((least[1], v, least[2])) not in given:
                    out.append((least[1], v, least[2], least[0]))
    return out


def _beside(line: tuple[str, ...], v: str) -> list[str]:
    """The points next to ``v`` on a line, one each way: the rays from v along it."""
    i = line.index(v)
    return [line[j] for j in (i - 1, i + 1) if 0 <= j < len(line)]


def _wraps(problem: GeneralProblem, ring: tuple[str, ...], a: str, v: str, b: str) -> bool:
    """Are va and vb both sides of another of the problem's polygons than ``ring`` (GDCBEF round AGFE at F: the rest
    of a shape the facts put inside another, its reflex corner forced)?"""
    want = {frozenset((a, v)), frozenset((v, b))}
    return any(want <= {frozenset(e) for e in zip(o.points, o.points[1:] + o.points[:1])}
               for o in problem.polygons if tuple(o.points) != tuple(ring))


def parts_over(problem: GeneralProblem, px: dict, k: float = 1.0) -> list[str]:
    """Unconnected parts of the figure (two similar triangles) drawn over each other or under ``PARTS_APART``
    px apart: they read as one figure, their sides crossing (reader 16's 10)."""
    from geomill.solvers.numeric import parts
    from shapely.geometry import MultiPoint

    hulls = [(g, MultiPoint([tuple(px[q]) for q in g]).convex_hull) for g in parts(problem)
             if all(q in px for q in g)]
    out = []
    for i, (g, a) in enumerate(hulls):
        for h, b in hulls[i + 1:]:
            if (d := a.distance(b)) < PARTS_APART * k:
                out.append(f"the parts {''.join(g)} and {''.join(h)} are drawn {d:.0f} px apart (under "
                           f"{PARTS_APART * k:g}): they read as one figure")
    return out


def forced_faults(model, faults: list[Fault]) -> list[Fault]:
    """The faults the facts force (``numeric.fixed_by_facts``: the given values fix their measure up to
    similarity, so no layout draws them otherwise): the figure says them, and is kept."""
    from geomill.solvers.numeric import fixed_by_facts

    measured = [f for f in faults if f.measure is not None]
    try:
        fixed = fixed_by_facts(model, [f.measure for f in measured])
    except (ArithmeticError, ValueError, KeyError):
        return []
    return [f for f, ok in zip(measured, fixed) if ok]


def crossed_faces(problem: GeneralProblem, scene: Scene, frame) -> list[str]:
    """The polygons the problem names (declared, or named only by an element: area ABDC) drawn crossing
    themselves: "area ABDC" of a crossed outline reads as no shape at all (the numeric search keeps such a model
    only where no start finds another)."""
    from geomill.engine import plane_geometry as pg
    from geomill.solvers.numeric import faces

    return [f"the polygon {''.join(f)} is drawn crossing itself" for f in faces(problem)
            if all(p in scene.points for p in f) and pg.crosses_itself([np.array(scene.points[p]) for p in f])]


# -- the figure -------------------------------------------------------------------------------------


def annotation_for(problem: GeneralProblem, scene: Scene, values: str, marks: list[Mark],
                   by_mark: list[str], ask_valued: bool = True) -> tuple[TextbookAnnotation, list[dict], dict | None]:
    """The annotation of a textbook figure, with the export's ``givens`` and ``goal`` (``ask_valued``: a goal
    given in a variable asked on its value's label, "x+10 = ?")."""
    shaped = {s.name for s in scene.shapes}
    ann = TextbookAnnotation("coordinate", values, None, {})
    ann.shapes = list(scene.shapes)
    ann.asked_in = _asked_in(problem)
    ann.rims = (frozenset(e[0] for m in marks if m.kind == "dot" for e in m.elements),
                tuple(frozenset(c.points) - {c.centre} for c in problem.circles))
    givens = []
    numbered = {q for f in problem.facts for e, v in ((lone(f.lhs), f.rhs), (lone(f.rhs), f.lhs))
                if e is not None and not elements_in(v) and (q := _quantity(e, problem, shaped)) is not None}
    if problem.goal is not None:  # (the goal's element takes a "?", never a ratio's "2k")
        numbered |= {q for e in elements_in(problem.goal.expr) if (q := _quantity(e, problem, shaped)) is not None}
    for f in problem.facts:
        a, b = lone(f.lhs), lone(f.rhs)
        el, value = (a, f.rhs) if a is not None and b is None else (b, f.lhs) if b is not None and a is None \
            else (None, None)
        text = f"{a.text if a else f.lhs} = {b.text if b else f.rhs}"
        arc = None
        for side, other in ((f.lhs, f.rhs), (f.rhs, f.lhs)):
            if arc is None and not elements_in(other) and (arc := written_arc(problem, scene, side)) is not None:
                value = other  # (a textbook arc: "major arc AB = 250" on the arc, not in the text)
        if arc is not None:
            name, q, degrees = arc
            text = f"{name} = {value}"
            if q not in ann.facts:
                ann.facts[q] = value
                kind = ELEMENT_KINDS["major_arc" if degrees else "arc_length"]
                ann.texts[q] = _value_text(Element(kind, q.key if not degrees else q.key[1:]), value)
                ann.names[str(q)] = name
                givens.append({"fact": text, "element": name, "quantity": str(q), "shown": "label"})
                continue
        ratio = _ratio_labels(problem, f, ann, shaped, numbered) if arc is None else None
        if ratio is not None:  # AD = 2 DB / 3: "2k" on AD and "3k" on DB (a ratio given, shown where it is)
            for q, t, e in ratio:
                ann.facts[q], ann.texts[q], ann.names[str(q)] = t, _value_text(e, t), e.text
            givens.append({"fact": text, "element": " : ".join(e.text for *_, e in ratio),
                           "quantity": str(ratio[0][0]), "ratio": [str(q) for q, *_ in ratio], "shown": "label"})
            continue
        if el is not None and elements_in(value):  # an element in terms of others (AD = 3 BD / 4): a
            el = None  # relation the question states, not a value to draw
        if el is None:  # two elements equal (a mark) or an expression of several (the text's)
            shown = "mark" if a is not None and b is not None and a.kind.key == b.kind.key and (
                a.kind.key in ("length", "angle") or a.kind.key in ARC_KINDS and a.points[0] == b.points[0]) else "text"
            givens.append({"fact": text, "element": None, "shown": shown})
            continue
        if f"{el.text} = {value}" in by_mark:
            givens.append({"fact": text, "element": el.text, "shown": "mark"})
            continue
        if f.why:  # a value the shape's name states (a regular hexagon's 120°): a label would read as given
            givens.append({"fact": text, "element": el.text, "shown": "shape"})
            continue
        q = _quantity(el, problem, shaped)
        if q is None and el.kind.key == "height":  # a height drawn as a segment: its value on it
            q = drawn_height(el, scene)
        if q is None or q in ann.facts or not all(p in scene.points for p in q.key if q.kind in
                                                  (QKind.LENGTH, QKind.ANGLE)):
            if q not in ann.facts and el.points and all(p in scene.points for p in el.points) and \
                    not value.free_symbols:  # (its points drawn: named in the legend, never gone from the figure)
                ann.spoken[el.text] = f"{el.text} = {_value_text(el, value).split(' = ', 1)[-1]}"
            givens.append({"fact": text, "element": el.text, "shown": "text"})
            continue
        ann.facts[q] = value
        ann.texts[q] = _value_text(el, value) if q.kind is not QKind.HEIGHT else f"h = {_value_text(el, value)}"
        through = arc_through(scene, q.key) if q.kind is QKind.ARC and len(q.key) == 3 and all(
            n in scene.points for n in q.key) else None
        if through is not None:  # (bare on an arc holding other points, it reads as the stretch's it sits on:
            ann.texts[q] = f"{through} = {ann.texts[q]}"  # reader 37's 22, "284°" of arc CBD read as arc DA's)
        ann.names[str(q)] = el.text
        givens.append({"fact": text, "element": el.text, "quantity": str(q), "shown": "label"})
    goal = None
    if problem.goal is not None:
        el = lone(problem.goal.expr)
        inner = list(dict.fromkeys(elements_in(problem.goal.expr)))
        if el is None and len(inner) == 1 and inner[0].kind.key == "angle":  # sin, cos of one angle: "?" on it
            el = inner[0]
        parts = [_quantity(e, problem, shaped) for e in inner] if el is None and len(inner) > 1 and len(
            {e.kind.key for e in inner}) == 1 else []
        if parts and all(p is not None and not _bracketed_split(scene, p, marks) for p in parts) and len(set(parts)) == len(
                parts) and (
                asked := [(e, p) for e, p in zip(inner, parts) if p not in ann.facts]) and (
                len(asked) == len(parts) or inner[0].kind.key == "length") and not (
                len(asked) > 1 and _ratio(problem.goal.expr)):  # (a ratio's terms each "?": read as two goals)
            el, ann.also_asked = asked[0][0], [p for _, p in asked[1:]]  # a sum, difference or ratio of one kind
            if len(asked) == 1 or inner[0].kind.key != "angle":  # (the others given: the function of the one asked,
                ann.query_text = goal_text(problem.goal.expr)  # on it: "CO/EO = ?" by CO with EO's value on EO)
                ann.also_asked = []  # (several asked: one label names the whole, "AB - AC = ?", by its first term;
                # "AB = ?" and "AC = ?" read as two unknowns where only the difference is found: reader 40's 29)
                if len(asked) > 1 and _split_side(scene, asked[0][1]):
                    el, ann.query_text = None, None  # (its first term split by a point: by a piece it reads as the
                    # piece's; the legend names it whole, "AC + BD = ?", as a ratio's)
            # (a sum of angles: "?" in each one's arc, which shows the angles; the question names the sum)
        if lone(problem.goal.expr) is None and len(inner) == 1:  # a function of one element (sin ∠BAC, 2·AB): its
            el = inner[0]  # "?" says it, on the element (a sum or ratio of several is about none of them: the text's)
            ann.query_text = goal_text(problem.goal.expr)
        q = _quantity(el, problem, shaped) if el is not None else None
        if q is None and el is not None and el.kind.key == "height":  # a height drawn as a segment: "?" on it
            q = drawn_height(el, scene)
            if q is not None and q.kind is QKind.HEIGHT:  # (dashed: "h = ?" along it, as a given's "h = 10")
                ann.query_text = "h"
        if q is None and el is not None and lone(problem.goal.expr) is not None and \
                (circled := circle_goal(el, scene)) is not None:  # "circumference = ?" on its circle
            q, ann.query_text = circled
        name = str(problem.goal.expr) if el is None or lone(problem.goal.expr) is None else el.text
        arc = written_arc(problem, scene, problem.goal.expr) if not ann.also_asked else None
        if arc is not None:  # a textbook arc asked ("find major arc AB"): "?" on the arc
            name, q, _ = arc
        if parts and el is not None and lone(problem.goal.expr) is None:
            name = str(problem.goal.expr)
        if q is not None and q not in ann.facts:
            ann.query = q
            ann.names[str(q)] = name if arc is not None else el.text
            goal = {"element": name, "quantity": str(q)}
            ann.named_query |= ann.query_text is not None
            through = arc_through(scene, q.key) if q.kind is QKind.ARC and len(q.key) == 3 and all(
                n in scene.points for n in q.key) and arc is None else None
            if through is not None:
                ann.query_text, ann.named_query = through, True
        elif q is not None and ask_valued and not ann.facts[q].is_number:  # given in a variable: "x+10 = ?"
            ann.texts[q] = f"{ann.texts[q]} = {QUERY}"
            goal = {"element": name, "quantity": str(q)}
        else:
            goal = {"element": name, "quantity": None}
        if ann.query is None:
            ann.query_text = None
        goal["expression"] = goal_text(problem.goal.expr, figure=False)  # (the question's words: sin(angle BAC))
    asked = {angle_key(q.key) for q in (ann.query, *ann.also_asked) if q is not None and q.kind is QKind.ANGLE}
    ann.relation_marks = [m for m in marks if m.kind != "right" or any(angle_key(e) not in asked for e in m.elements)]
    # (a rectangle's right angle: any corner not asked says it)
    # (a square on the very angle asked answers it, and its "?" beside the square read as odd: review 11's 30)
    return ann, givens, goal


def goal_as_named(problem: GeneralProblem) -> GeneralProblem:
    """A shape's area or perimeter asked where its kind compiles it to a formula (a regular hexagon's area in
    its side, a sector's): the goal as the question names it, its polygon's or sector's element, so that the
    figure writes "area = ?" in it, never the solver's formula."""
    goal = problem.goal
    if goal is None:
        return problem
    drawn = {polygon_key(p.points) for p in problem.polygons}
    for expr, text, _, _ in problem.written:
        kind, _, pts = text.partition(" ")
        if expr != goal.expr or kind not in ("area", "perimeter"):
            continue
        if polygon_key(tuple(pts)) in drawn:
            return dataclasses.replace(problem, goal=Goal(element_symbol(kind, tuple(pts)), goal.span))
        circle = problem.circle(pts[1]) if len(pts) == 3 else None
        if circle is not None and {pts[0], pts[2]} <= set(circle.points):  # a sector AOB about O
            return dataclasses.replace(problem, goal=Goal(element_symbol(f"sector_{kind}", (pts[1], pts[0], pts[2])),
                                                          goal.span))
    return problem


def textbook_figure(problem: GeneralProblem, model=None, *, style: str = "plain", values: str = "image",
                    fmt: str = "png", size: int = 512, seed: int = 0, font_size: float = 12.0,
                    line_width: float = 1.5, opacity: float | None = None, zoom: bool = True,
                    reseeds: int = RESEEDS) -> TextbookFigure:
    """The textbook figure of ``problem`` (``model``: its numeric model; None: one is made here), drawn from
    the model or, where it reads better, from the model spread out (``numeric.spread``), as PNG or SVG
    bytes, with its label export (``marks``, ``givens``, ``goal`` added to GeomVerse's) and what may
    mislead (``warnings``; ``misleads``: what a batch refuses it for).  A fault the facts force is no layout's
    choice: it is said (``forced``), not refused, and where it is two things drawn close, the canvas grows
    (``zoom``, up to ``ZOOM_MAX`` times) until they are ``ZOOM_TARGET`` px apart.  ``reseeds``: the other starts of
    the numeric search tried where the layout still misleads (a generated problem's text mostly fixes its figure, so
    its generator tries none)."""
    from .compose import _framed

    if style not in STYLES:
        raise FigureOptionError(f"style must be one of {', '.join(STYLES)}, not {style!r}")
    if values not in ("image", "text"):
        raise FigureOptionError(f"values must be image or text, not {values!r}")
    if fmt not in ("png", "svg"):
        raise FigureOptionError(f"a figure is a png or an svg, not {fmt!r}")
    try:
        renderer = _renderer(size, style, line_width, font_size,
                             0.0 if style == "plain" else COLOUR_OPACITY if opacity is None else opacity)
    except ValueError as exc:
        raise FigureOptionError(str(exc)) from None
    problem = without_idle(goal_as_named(problem))
    marks, by_mark = read_marks(problem)
    spare: dict = {}  # (a second model, made once, that confirms two equal groups are one length)
    from geomill.solvers.numeric import spread

    def composed(m, dropped: frozenset = frozenset()):
        """A model laid out and composed (not painted), and how much may mislead in it.  A tangent's
        right angle with a ray hard by it is marked as any such right angle is ("90°" in its arc: reader 20's 32 and
        39 found none at the touching point); where that "90°" finds no place on the figure, it is left out (the dot
        and the text say it: ``dropped``, those angles), never a given moved off the figure."""
        mk = _equal_marks(problem, marks, m, seed, spare)  # (segments the facts make equal: one tick count)
        scene = build_scene(problem, orient(problem, m.coords, mk), m.radii, mk)
        frame = _framed(scene, renderer.style)[0]
        scene = undoubled(problem, scene, frame)
        if style == "plain":
            scene = _shaded(scene)
        found = layout_faults(problem, scene, frame, mk)
        forced = forced_faults(m, found) if found else []
        faults = [f.text for f in found]
        touching = tangent_squares(problem, scene.segments, mk) + drawn_touching(problem, scene, mk)  # (a stated
        # tangency's touching point dotted; a line drawn touching that no fact makes tangent is an accident, undotted)
        if chords := equal_chords(mk, scene.segments):  # (equal arcs' drawn chords ticked: one count a length)
            mk = _equal_marks(problem, mk + chords, m, seed, spare)
        kept, rights, ask_valued, sources = mk + touching, [], True, {}

        def fresh():
            a, g, goal = annotation_for(problem, scene, values, kept, by_mark, ask_valued)
            _right_values(a, g, rights)
            a.right_sources = sources
            return a, g, goal

        ann, givens, goal = fresh()
        if (pad := _bracketed_pad(scene, ann, renderer.style)) > 0:
            scene = dataclasses.replace(scene, pad=pad)
        d = renderer.compose(scene, ann)
        right = [(mk, angle) for mk, _, angle in ann.crowded if angle is not None]
        out = [mk for mk, angle in right if any(mk is t for t in touching) and Quantity.angle(*angle) in dropped]
        if out:
            kept = [mk for mk in kept if all(mk is not o for o in out)]
            right = [(mk, angle) for mk, angle in right if all(mk is not o for o in out)]
            ann, givens, goal = fresh()
            d = renderer.compose(scene, ann)
        squared = [(mk, angle) for mk, angle in right if _squared_elsewhere(problem, kept, mk, angle)]
        if squared:  # (a right angle another mark's square says already, the height's at its foot on the free side:
            # its "90°" arc was a third arc crowding the vertex, reader 22's 11)
            kept = [mk for mk in kept if all(mk is not r for r, _ in squared)]
            right = [(mk, angle) for mk, angle in right if all(mk is not r for r, _ in squared)]
            ann, givens, goal = fresh()
            d = renderer.compose(scene, ann)
        if right and values == "image":  # a right angle with another ray hard by a side: "90°" in its arc
            kept = [mk for mk in kept if all(mk is not r for r, _ in right)]
            rights = [angle for _, angle in right]
            sources = {Quantity.angle(*angle): mk.source for mk, angle in right}
            ann, givens, goal = fresh()
            d = renderer.compose(scene, ann)
        if ann.query is not None and any(lab.element == str(ann.query) for lab in d.misread):
            moved = set(ann.in_text)
            ann = fresh()[0]  # a bare "?" that reads as another element's misleads: it says its element ("AB = ?")
            ann.named_query = True
            ann.in_text |= moved
            d = renderer.compose(scene, ann)
            d.misread = [lab for lab in d.misread if lab.element != str(ann.query) or lab.conflicts >= ON_SOMETHING]
            if any(lab.element == str(ann.query) for lab in d.misread) and ann.query.kind in (QKind.ANGLE,
                                                                                               QKind.LENGTH):
                ann.leaders.add(ann.query)  # (no place by it: set off, a leader from its arc or its side)
                d = renderer.compose(scene, ann)
                d.misread = [lab for lab in d.misread if lab.element != str(ann.query) or lab.conflicts >= ON_SOMETHING]
            if any(lab.element == str(ann.query) for lab in d.misread) or _led_over_marks(d, ann):  # (on a line
                # even so, or led across a tick or an arrow, read as pointing at the mark: the goal's line, led clear)
                ann = fresh()[0]
                ann.query = None
                ann.in_text |= moved
                d = renderer.compose(scene, ann)
        in_text = 0  # (the goal asked in the text alone: as costly as a given moved there)
        if ann.query is not None and _region_astray(d, ann.query):
            moved = set(ann.in_text)  # "area BDO = ?" with no place in or led into its region: the text alone
            ann = fresh()[0]  # (outside it, or a bare "?" by a side, it reads as another element's: review 9's 52)
            ann.query = None
            ann.in_text |= moved
            d = renderer.compose(scene, ann)
            in_text += 1
        valued = next((q for q in ann.facts if ann.texts[q].endswith(f"= {QUERY}")), None)
        if valued is not None and (valued in ann.in_text or all(lab.element != str(valued) for lab in d.labels)):
            moved = set(ann.in_text) - {valued}  # no room for "x+10 = ?" by it: "∠JKL = x+10 = ?" set off
            ann.in_text = moved
            ann.texts[valued] = f"{query_name(valued)} = {ann.texts[valued]}"
            ann.leaders.add(valued)
            d = renderer.compose(scene, ann)
        if valued is not None and (valued in ann.in_text or all(lab.element != str(valued) for lab in d.labels)
                                   or any(lab.element == str(valued) for lab in d.misread)):
            ask_valued = False  # no room even so: its value on the figure, the question in the text
            moved = set(ann.in_text) - {valued}
            ann, givens, goal = fresh()
            ann.in_text |= moved
            d = renderer.compose(scene, ann)
        cut = _cut_values(ann, d, scene, frame)
        if cut:  # an angle's value in a part of it that another ray cuts off read as the part's: it says its angle
            ann.named |= cut - {ann.query}
            ann.named_query |= ann.query in cut
            d = renderer.compose(scene, ann)
            d.misread = _unnamed_misread(d, ann)
        shorts = _shorter_sides(ann, scene, renderer.style) if values == "image" else {}
        if values == "image":  # an angle's value first bare in its own wedge, beyond its arc drawn wider, before any
            # leader (a value set off from a narrow part of a split corner was led across a side of it: issue 38)
            d = _arced(ann, d, lambda: renderer.compose(scene, ann), renderer.style.font_px,
                       lambda drawn: _cut_values(ann, drawn, scene, frame), shorts, led=False)
        out = [q for q in ann.in_text if q.kind in (QKind.ANGLE, QKind.LENGTH) and q in ann.facts
               and q not in ann.spans] if values == "image" else []
        if out:  # (a piece of a side with a dimension line: named by the piece first, no leader)
            d = _named_pieces(ann, d, lambda: renderer.compose(scene, ann), out)
            out = [q for q in out if q in ann.in_text]
        if out:  # a given with no place by its element: named ("∠CAO = 25°") and set off with a leader from its
            # small arc or its side before the text takes it (review 6: 25 givens moved where there was room); a
            # split side's on its dimension line, named, never led to one piece of it
            was = (set(ann.in_text), set(ann.named), set(ann.leaders), set(ann.forced), ann.named_query)
            _set_off(ann, out)
            tried = renderer.compose(scene, ann)
            tried.misread = _unnamed_misread(tried, ann)
            if _astray(tried, ann) > _astray(d, ann):  # (a value set off that crowds an asked region's "?" out of
                # its region: as it was, the text's; a "?" it crowds otherwise is named and set off below)
                ann.in_text, ann.named, ann.leaders, ann.forced, ann.named_query = was
            else:
                d = tried
        lone_carriers = [q for q in ann.in_text if q.kind in (QKind.ANGLE, QKind.LENGTH) and q in ann.facts
                         and q not in ann.right_values and _only_carrier(ann, d, q)] if values == "image" else []
        if lone_carriers:  # the figure's only carrier of a variable: named, set off with a leader that may cross
            _set_off(ann, lone_carriers)  # lines, before the text takes it
            ann.across |= set(lone_carriers)
            d = renderer.compose(scene, ann)
            d.misread = _unnamed_misread(d, ann)
        if values == "image":  # an angle's value never in the legend alone: its arc drawn, the value by it
            d = _arced(ann, d, lambda: renderer.compose(scene, ann), renderer.style.font_px,
                       lambda drawn: _cut_values(ann, drawn, scene, frame), shorts)
        by_piece = {q for q in ann.named & ann.split if q not in ann.spans and q != ann.query and q in ann.facts
                    and q not in ann.in_text} if values == "image" else set()
        if by_piece:  # a split side's value with no dimension line: in the legend, named ("NR = 2x+10"), never by one
            ann.in_text |= by_piece  # piece of it (blind reader 29's 25: "AC = 21" by GC read as GC = 21)
            ann.unsplit_out |= by_piece
            d = renderer.compose(scene, ann)
        if set(ann.spans) & ann.in_text:  # a value gone to the text leaves no bare dimension line behind
            d = renderer.compose(scene, ann)
        if ann.query is not None and not ann.named_query and any(lab.element == str(ann.query) for lab in d.misread):
            ann.named_query = True  # (a bare "?" that a value set off since has pushed where it reads as another's)
            d = renderer.compose(scene, ann)
            d.misread = _unnamed_misread(d, ann)
        if ann.query is not None and ann.query.kind in (QKind.ANGLE, QKind.LENGTH) and ann.query not in ann.leaders \
                and any(lab.element == str(ann.query) for lab in d.misread):
            ann.named_query = True  # (values set off since pushed the named "?" where it reads as another's: review
            ann.leaders.add(ann.query)  # 14's 08, "∠MNP = ?" in the PNQ wedge; set off, a leader from its arc)
            d = renderer.compose(scene, ann)
            d.misread = _unnamed_misread(d, ann)
        if ann.query is not None and not ann.named_query and _query_crowded(d, ann):
            ann.named_query = True  # (a bare "?" with no room clear of other values: "BE = ?" floats nowhere)
            d = renderer.compose(scene, ann)
            d.misread = _unnamed_misread(d, ann)
        if ann.query is not None and any(lab.element == str(ann.query) and _in_other_wedge(d, lab) for lab in d.misread):
            ann.query = None  # (no leader found it a place: the text alone asks it)
            d = renderer.compose(scene, ann)
            d.misread = _unnamed_misread(d, ann)
        d.misread = _unnamed_misread(d, ann)  # (a named label reads as its own wherever it sits: judged so whether or
        # not a later step composed again; a split side's value named from the first, "DG = ?" stayed misread)
        lost = {q for q, src in sources.items() if q in ann.in_text and any(src == t.source for t in touching)}
        if lost - dropped:
            return composed(m, dropped | lost)
        faults = faults + [why for _, why, _ in ann.crowded] + crossed_faces(problem, scene, frame)
        accidental = accidents(problem, scene, {n: np.array(frame.px(xy)) for n, xy in scene.points.items()}, kept)
        cost = _misled(faults, forced, d) + len(ann.in_text - ann.unsplit_out) + in_text + short_sides(scene, frame) + sum(
            map(reads_as_fact, accidental))  # (a point drawn right on a line or circle no fact puts it
        # on reads as on it, as one drawn a few px off does: newcomer 17's chord through the centre)
        # (then fewer labels left to the text, then fewer coincidences no fact states: those decide between layouts
        # that read alike otherwise, never against a fault or a label left out; one the facts force is in every
        # model alike and decides nothing)
        # (a split side's value the legend names for want of a dimension line costs what it did named by a piece)
        # (a tie on that cost goes first to fewer coincidences read as given, then to fewer values the text takes: a
        # line drawn touching a circle that no fact makes tangent reads as a tangency, a value set off by a leader
        # after the layout is chosen only says less; FormalGeo 767's PV drawn tangent at W won on the tie)
        reads = sum(map(reads_as_fact, accidental))
        return ((cost, (reads, len(ann.in_text - ann.unsplit_out) + in_text), len(accidental), len(_bunched(m))), m,
                scene, faults, ann, givens, goal, d, accidental, forced)  # (then a circle's points spread over it)

    best = None
    for k in range(1 + reseeds):
        # (a model made here that still misleads: another start may find one that does not; review 3 saw
        # points 9 px apart where the third start draws them 40 px apart, review 4 a point 7 px off a line;
        # a flat angle the facts force: no use; a chord drawn through the centre that no fact puts there may
        # not be there from another start)
        told = {f.text for f in best[9]} if best else set()
        if k and not any((f.startswith(("points ", "point ", "the circle ", "the angle ")) or reads_as_fact(f))
                         and f not in told for f in best[3] + best[8]) and not best[7].misread and \
                not _free_parallels(problem, best):
            break  # (a given model too: another start may find another solution of the same facts, goal alike)
        try:
            m = _model(problem, model if not k else None, seed + k)
        except GeomillError:
            if best is None:
                raise
            continue
        if k and model is not None and not _same_goal(model, m):
            continue
        here = composed(m)
        if (here[0][0] or here[0][2]) and (moved := spread(m)) is not None:  # the facts leave room for a more
            # readable model
            spread_out = composed(moved)
            here = spread_out if spread_out[0] < here[0] else here
        tried: list = [here]  # (the layouts before and after each one kind of move: a move that won or lost may have
        # drawn a coincidence of another kind)
        if here[0][2] and (unequal := _near_equal(problem, here)) and (
                apart := spread(here[1], unequal=unequal)) is not None:  # (a polygon's free sides still drawn of one
            apart_out = composed(apart)  # length, a kite as a rhombus: told apart where the facts let them)
            tried.append(apart_out)
            here = apart_out if apart_out[0] < here[0] else here
        if (off := _on_lines(problem, here)) and (away := spread(here[1], off=off)) is not None:  # (a point drawn on
            away_out = composed(away)  # or hard by a line no fact puts it on, a chord through the centre: moved off
            tried.append(away_out)
            here = away_out if away_out[0] < here[0] else here  # it where the facts let it)
        if (turn := _square_lines(problem, here)) and (turned := spread(here[1], turned=turn)) is not None:
            turned_out = composed(turned)  # (a corner drawn near square or lines near parallel that no fact makes
            tried.append(turned_out)
            here = turned_out if turned_out[0] < here[0] else here  # so: turned apart where the facts let them)
        if (small := _small(problem, here)) and (grown := spread(here[1], small=small)) is not None:
            grown_out = composed(grown)  # (a circle or polygon drawn small, a point the facts leave free far off:
            tried.append(grown_out)  # drawn nearer, the circle grown, where the facts let it)
            here = grown_out if grown_out[0] < here[0] else here
        if (clear := _near_circles(problem, here)) and (cleared := spread(here[1], clear=clear)) is not None:
            cleared_out = composed(cleared)  # (a chord drawn near the centre reads as a diameter, a line grazing a
            tried.append(cleared_out)
            here = cleared_out if cleared_out[0] < here[0] else here  # circle as tangent: cleared where the facts let)
        if (bunched := _bunched(here[1])) and (fanned := spread(here[1], fan=bunched)) is not None:
            fanned_out = composed(fanned)  # (a circle's points all in one strip of it: spread over it where the facts
            tried.append(fanned_out)  # leave it free, and nothing reads worse for it)
            here = fanned_out if fanned_out[0] < here[0] else here
        if here[0][2] and any(set(o[8]) - set(tried[0][8]) for o in tried[1:]) and (joint := _joint(
                problem, here, [o for o in tried if o is not here])) is not None:
            joint_out = composed(joint)  # (a kind of move alone drew a coincidence none drew before: the
            # circumcentre moved off EB drew OA square to OB; all moved at once)
            here = joint_out if joint_out[0] < here[0] else here
        if not k and here[1].misfit and any(f.startswith(SLIVERS) for f in here[3]) and \
                (loose := _loose_model(problem, here[1], seed)) is not None:
            loose_out = composed(loose)  # (givens that disagree force no shape: drawn from the shape's facts)
            here = loose_out if _misleading(loose_out) < _misleading(here) else here
        best = here if best is None or (_misleading(here) < _misleading(best) if k else here[0] < best[0]) else best
        # (another start wins only by misleading less, never on a tie-break: its own faults may be worse ones)
    _, m, scene, faults, ann, givens, goal, d, accidental, forced = best
    if m.misfit:  # (the note's row kept clear before any later label is placed)
        d = _clear_for_note(d, ann, renderer, scene)
    if values == "image":  # a whole side's value with no place by it even set off: led across the lines between, in
        d = _led_across(ann, d, lambda: renderer.compose(scene, ann))  # the layout chosen (never what chooses it:
        # a model whose values all need leaders beat one that read plainly)
    grow = _zoom(forced, size) if zoom else size
    if grow > size:  # the facts force two things close: a larger canvas parts them
        return textbook_figure(problem, m, style=style, values=values, fmt=fmt, size=grow, seed=seed,
                               font_size=font_size, line_width=line_width, opacity=opacity, zoom=False,
                               reseeds=reseeds)
    line = goal_line(problem, scene, ann, d, goal) if values == "image" else None
    legend = _legend(d, ann, renderer, scene, line) if values == "image" else set()
    aside = line[0] if line is not None and (QUERY in legend or LED_QUERY in legend) else None
    note = _approximate_note(d, renderer) if m.misfit else None
    if fmt == "png":
        renderer.paint(d)
        data = renderer.png()
    else:
        data, d = renderer._svg(scene, ann)
    if note is not None and note in d.labels:  # (painted; exported as the figure's note, never as an element's label)
        d.labels.remove(note)
    from .attribution import figure_labels

    labels = figure_labels(d)
    labels = _export(labels, d, ann, givens, goal, m, scene, legend, aside)
    if note is not None:
        x0, y0, x1, y1 = note.box
        labels["approximate_note"] = {"text": note.text, "bbox": [round(x0, 2), round(d.style.size - y1, 2),
                                                                  round(x1, 2), round(d.style.size - y0, 2)]}
    misread = [f"the label {lab.text!r} of {ann.names.get(lab.element, lab.element)} may read as another "
               "element's" for lab in d.misread]
    moved = [f"{g['fact']} is left to the text (no place on the figure reads as its own)"
             for g in labels["givens"] if g["shown"] == "moved"]
    note = [w] if (w := m.warning()) else []
    bent = _bent(problem, best)
    if bent:
        labels["bent"] = [list(t) for t in bent]
    return TextbookFigure(data, labels, faults + note + misread + moved, scene, list(faults), misread, moved,
                          list(accidental), list(ann.unticked), [f.text for f in forced], bent)


def _bent(problem: GeneralProblem, layout: tuple) -> list[tuple[str, str, str]]:
    """The chosen layout's drawn lines bent under ``BENT_READ`` from straight at a point that no fact puts in one
    line (``near_collinear``'s bends, narrow pairs aside), each (a, v, b): at 7° a reader takes them for one line
    crossing another, and the facts may force the bend (FormalGeo 5332: with every half-angle 15° or more, an
    incentre's EO and OB bend 7.5° at most), so the question text says they are not in one line."""
    scene, px = _layout_px(layout)
    bends = near_collinear(problem, scene, px, layout[4].relation_marks, within=BENT_READ, narrow=0.0)
    out = []
    for v, (a, b) in bends:
        t = (a, v, b) if a < b else (b, v, a)
        if t not in out:
            out.append(t)
    return out


def _retick(row: list, count: int) -> list[np.ndarray]:
    """One side's row of parallel ticks (``mark_place._tick_row``'s) redrawn with ``count`` strokes, about the same
    middle, along the same side, of the same length."""
    from .mark_place import _tick_row

    ends = np.asarray(row, float)  # (k strokes, 2 ends, xy)
    centre = ends.mean(axis=(0, 1))
    across = ends[0, 1] - ends[0, 0]
    half = float(np.hypot(*across)) / 2
    n = across / max(2 * half, 1e-9)
    u = np.array([n[1], -n[0]])  # (_tick_row's n is (-u1, u0): u back from it)
    return _tick_row(centre, u, count, half)


def _near_equal(problem: GeneralProblem, layout: tuple) -> list[tuple[tuple[str, str], tuple[str, str]]]:
    """A composed layout's adjacent sides of one polygon drawn of one length that no fact makes equal
    (``accidents.near_equal``: a kite's two pairs drawn as a rhombus, a triangle drawn isosceles), for ``spread``
    to tell apart where the facts leave them free.  (Only a polygon's sides: a side and a piece of another line
    drawn alike read as nothing, and pushing them apart moved labels that read well.)"""
    scene = layout[2]
    px = {n: np.asarray(xy, float) for n, xy in scene.points.items()}
    spans = {frozenset((ln.points[0], ln.points[-1])) for ln in problem.lines}  # (a line's whole span with its
    sides = [{frozenset((r[i], r[(i + 1) % len(r)])) for i in range(len(r))} | spans  # polygon's sides: BA drawn as
             for r in (poly.points for poly in problem.polygons)]  # BC, a triangle drawn isosceles)
    return [(tuple(sorted(a)), tuple(sorted(b))) for a, b in near_equal(problem, scene, px, layout[4].relation_marks)
            if any(a in ring and b in ring for ring in sides)]


def _layout_px(layout: tuple) -> tuple[Scene, dict]:
    """A composed layout's scene and each point's pixel place."""
    from .compose import _framed

    scene = layout[2]
    frame = _framed(scene, layout[7].style)[0]
    return scene, {n: np.array(frame.px(xy), float) for n, xy in scene.points.items()}


def _on_lines(problem: GeneralProblem, layout: tuple) -> list[tuple[str, tuple[str, str]]]:
    """A composed layout's points drawn on a line, or within ``OFF_LINE`` px of it, that no fact puts on it
    (``accidents.on_strokes``: chord CD drawn through the centre O), for ``spread`` to move off it where the facts
    leave it free."""
    scene, px = _layout_px(layout)
    marks = layout[4].relation_marks
    return on_strokes(problem, scene, px, marks, within=OFF_LINE) + near_collinear(problem, scene, px, marks)


def _joint(problem: GeneralProblem, layout: tuple, others: list):
    """A spread of a layout's model that parts every coincidence it and ``others`` (the layouts before and after
    each kind of move) draw
    at once, or None: one kind of move alone drew another coincidence (reader 26's 23: the circumcentre moved off
    EB drew OA square to OB and O near DC)."""
    from geomill.solvers.numeric import spread

    hints: dict[str, list] = {"unequal": [], "off": [], "turned": [], "clear": []}
    for lay in (layout, *others):
        for key, got in (("unequal", _near_equal(problem, lay)), ("off", _on_lines(problem, lay)),
                         ("turned", _square_lines(problem, lay)), ("clear", _near_circles(problem, lay))):
            hints[key] += [h for h in got if h not in hints[key]]
    return spread(layout[1], **hints) if any(hints.values()) else None


def _bunched(model) -> list[tuple[str, tuple[str, ...]]]:
    """The model's circles of three points or more whose points lie all in one strip of them (their widest stretch
    with none over ``BUNCHED``), each its centre and its points: for ``spread`` to fan out where the facts let it."""
    from geomill.solvers.numeric import widest_gap

    out = []
    for c in model.problem.circles:
        pts = tuple(dict.fromkeys(q for q in c.points if q in model.coords and q != c.centre))
        if len(pts) < 3 or c.centre not in model.coords:
            continue
        v = np.array([model.coords[q] for q in pts], float) - np.asarray(model.coords[c.centre], float)
        if math.degrees(float(widest_gap(np.arctan2(v[:, 1], v[:, 0])))) > BUNCHED:
            out.append((c.centre, pts))
    return out


def _near_circles(problem: GeneralProblem, layout: tuple) -> list[tuple[str, tuple[str, str], str, bool]]:
    """A composed layout's chords drawn near the centre and lines drawn near tangent that no fact makes so
    (``accidents.near_centre``, ``accidents.near_tangent``), for ``spread`` to clear where the facts let it."""
    scene, px = _layout_px(layout)
    marks = layout[4].relation_marks
    return [(o, ab, q, False) for o, ab, q in near_centre(problem, scene, px, marks)] + [
        (o, ab, q, True) for o, ab, q in near_tangent(problem, scene, px, marks)]


def _small(problem: GeneralProblem, layout: tuple) -> list[tuple[tuple[str, ...], bool]]:
    """A composed layout's circles and polygons drawn small (``small_parts``) that the facts do not force so, for
    ``spread`` to grow against the figure's size."""
    forced = {f.text for f in layout[9]}
    told = {f.split(": ", 1)[0] for f in layout[3] if " is drawn small: " in f and f not in forced}
    return [(part[0], part[1]) for part in small_parts(problem, layout[2], layout[7].frame)
            if _small_text(*part).split(": ", 1)[0] in told] if told else []


def _square_lines(problem: GeneralProblem, layout: tuple) -> list:
    """A composed layout's pairs of lines meeting within 3° of perpendicular that no fact makes so
    (``accidents.square_strokes``), or under MIN_ANGLE, for ``spread`` to turn apart where the facts leave their
    angle free (``fixed_by_facts``).  (Lines apart drawn near parallel are left to the layout's cost: turning them
    costs a spread in many figures for little.)"""
    from geomill.solvers.numeric import fixed_by_facts

    scene, px = _layout_px(layout)
    given = {angle_key(el.points) for el in _named(problem) if el.kind.key == "angle"}
    pairs = [p for p in square_strokes(problem, scene, px, layout[4].relation_marks) if p[2]] + [
        ((v, a), (v, b), False) for a, v, b, _ in _narrow(problem, px, given)]  # (and lines meeting too narrowly)
    if not pairs:
        return []
    fixed = fixed_by_facts(layout[1], [lambda c, _r, s=s, t=t: _turn_of(c, s, t) for s, t, _ in pairs])
    return [pair for pair, forced in zip(pairs, fixed) if not forced]  # (one the facts force: no layout moves it)


def _free_parallels(problem: GeneralProblem, layout: tuple) -> bool:
    """Does a composed layout draw two lines apart parallel that no fact makes so, where the facts leave their
    angle free (``fixed_by_facts``)?  Read as a given parallel (reader 40's 28: chord DA along radius OB), it sends
    the layout to another start of the search; one the facts force (a rhombus's sides) is in every start alike."""
    if not any(a.endswith(PARALLEL_ACCIDENT) for a in layout[8]):
        return False
    from geomill.solvers.numeric import fixed_by_facts

    scene, px = _layout_px(layout)
    pairs = [(s, t) for s, t, square in square_strokes(problem, scene, px, layout[4].relation_marks) if not square]
    fixed = fixed_by_facts(layout[1], [lambda c, _r, s=s, t=t: _sine_of(c, s, t) for s, t in pairs])
    return not all(fixed)


def _sine_of(c: dict, s: tuple[str, ...], t: tuple[str, ...]) -> float:
    """The signed sine of the angle between lines s and t (each by its ends): unchanged by a move, turn or scaling,
    and, unlike the cosine, not at its extreme where they are parallel (a cosine's zero slope there reads as free)."""
    u, w = c[s[-1]] - c[s[0]], c[t[-1]] - c[t[0]]
    return float((u[0] * w[1] - u[1] * w[0]) / max(float(np.linalg.norm(u) * np.linalg.norm(w)), 1e-12))


def _turn_of(c: dict, s: tuple[str, ...], t: tuple[str, ...]) -> float:
    """The cosine of the angle between lines s and t (each by its ends): no move, turn or scaling changes it."""
    u, w = c[s[-1]] - c[s[0]], c[t[-1]] - c[t[0]]
    return float(abs(u @ w) / max(float(np.linalg.norm(u) * np.linalg.norm(w)), 1e-12))


def _misleading(layout: tuple) -> tuple[int, int, int]:
    """What another start must lower to win: first what misleads in a composed layout (its faults the facts
    do not force, its misread labels, the coincidences no fact states: a chord drawn through the centre reads
    as a diameter), then what is drawn small, then its whole cost (values left to the text, short sides), which
    only reads worse."""
    (cost, _, accidental, _), _m, _scene, faults, _ann, _givens, _goal, d, _acc, forced = layout
    told = {f.text for f in forced}
    small = sum(" is drawn small: " in f and f not in told for f in faults)  # (hard to read, never read as a false fact: a chord
    # through the centre reads as a diameter, a small triangle of two crossing chords reads as what it is)
    return _misled(faults, forced, d) - small + accidental, small, cost


def _misled(faults: list[str], forced: list[Fault], d) -> int:
    """A layout's faults the facts do not force (one they force is in every model near it alike: it decides
    nothing) and its misread labels, twice: what misleads in it, before coincidences."""
    told = {f.text for f in forced}
    return sum(f not in told for f in faults) + 2 * len(d.misread)


def _same_goal(model, other) -> bool:
    """Do two models of a problem give its goal one value (another start's model draws the same answer)?"""
    a, b = model.goal_value(), other.goal_value()
    return a is None or b is None or abs(a - b) <= 1e-6 * max(abs(a), abs(b), 1.0)


def _zoom(forced: list[Fault], size: int) -> int:
    """The canvas size that draws the closest two things the facts force ``ZOOM_TARGET`` px apart (scaled as the
    minimums are), at most ``ZOOM_MAX`` times ``size``."""
    gaps = [f.gap for f in forced if f.gap is not None and f.gap > 0]
    target = ZOOM_TARGET * min(1.0, size / 512)
    if not gaps or min(gaps) >= target:
        return size
    return min(math.ceil(size * target / min(gaps)), ZOOM_MAX * size)


def _shorter_sides(ann: TextbookAnnotation, scene: Scene, style) -> dict[Quantity, float]:
    """Each valued angle's shorter side (px) in the frame ``compose`` draws ``scene`` in (``arc_floor``'s)."""
    from .compose import _framed, short_side

    frame = _framed(scene, style)[0]
    return {q: short_side(scene, frame, q) for q in ann.facts
            if q.kind is QKind.ANGLE and all(n in scene.points for n in q.key)}


def _arced(ann: TextbookAnnotation, d, compose: Callable[[], object], fpx: float,
           cut: Callable[[object], set[Quantity]], shorts: dict[Quantity, float], led: bool = True):
    """The drawing with each angle value the placer left to the text (no place by its arc) back on the figure
    with its arc: first bare in its wedge beyond a wider arc (``WIDER_FONTS``: a point's letter or a mark took
    the small arc's room), then named and led to its arc from outside, across the lines between, as Geometry3K
    sets off a value whose wedge has no room, from the small arc, then from a wider one (beyond a letter on
    the small one).  In the legend alone, the angle had no arc on the figure and a reader hunted for it.  A try is
    stopped once every value it is for has gone to the text (``compose.GaveUp``): it would be discarded; and one
    whose annotation would be a failed one's again (a wider radius each angle's ``WIDER_SHARE`` of its shorter side,
    ``shorts``, cuts to the same) is not composed: the same annotation composes the same drawing."""
    from .compose import GaveUp

    failed = set()

    def state():  # (all a try's composition depends on that differs between tries)
        return (frozenset(ann.in_text), frozenset(ann.named), frozenset(ann.leaders), frozenset(ann.across),
                frozenset(ann.forced), ann.named_query,
                frozenset((q, ann.wider_radius(q, shorts[q]) if q in shorts else r) for q, r in ann.wider.items()))

    def stuck() -> list[Quantity]:
        return [q for q in ann.in_text if q.kind is QKind.ANGLE and q in ann.facts and q not in ann.right_values]

    def again(qs: list[Quantity], wider: float | None, led: bool) -> tuple[object | None, tuple]:
        """The try composed (None: it failed, or would fail as one before did) and its annotation's state."""
        ann.in_text -= set(qs)
        for q in qs:
            if wider is None:
                ann.wider.pop(q, None)
            else:
                ann.wider[q] = wider * fpx
        if led:
            _set_off(ann, qs)
            ann.across |= set(qs)
        else:
            ann.named -= set(qs)
            ann.leaders -= set(qs)
        key = state()
        if key in failed:
            return None, key
        ann.give_up = frozenset(qs)  # (all of them in the text again: the try failed, whatever the rest draws)
        try:
            out = compose()
        except GaveUp:
            return None, key
        finally:
            ann.give_up = frozenset()
        out.misread = _unnamed_misread(out, ann)
        return out, key

    for wider, led in [*((w, False) for w in WIDER_FONTS), *([(None, True), (WIDER_FONTS[0], True)] if led else [])]:
        if not (qs := stuck()):
            break
        was = (set(ann.in_text), set(ann.named), set(ann.leaders), set(ann.across), dict(ann.wider))
        tried, key = again(qs, wider, led)
        if tried is None or len(stuck()) >= len(qs):  # (failed whatever ``d`` is: this annotation fails again)
            failed.add(key)
        if tried is not None and len(stuck()) < len(qs) and not _worse(tried, d) and (
                led or not cut(tried) & set(qs)) and (led or not _arcs_on_marks(tried, qs)):
            # (bare, in a part of its angle that another ray cuts off, it reads as the part's; an arc drawn wider
            # into a parallel arrow or a tick merges with it)
            d = tried
        else:  # (it placed none, or misread another label: as it was)
            ann.in_text, ann.named, ann.leaders, ann.across, ann.wider = was
    return d


ARC_MARK_CLEAR = 4.0  # px: an angle's arc drawn wider keeps this far from every relation mark's stroke


def _arcs_on_marks(d, qs: list[Quantity]) -> bool:
    """Does the arc of any of ``qs`` run within ``ARC_MARK_CLEAR`` of a relation mark's stroke (an arrow, a tick, a
    square: widened past where the marks were placed, it merges with one)?"""
    from .compose import _mark_strokes
    from .mark_place import _to_segments

    strokes = _mark_strokes(d)
    if not len(strokes):
        return False
    arcs = [np.asarray(d.angle_arcs[str(q)], float) for q in qs if str(q) in d.angle_arcs]
    return any(_to_segments(arc, strokes[:, 0], strokes[:, 1]).min() < ARC_MARK_CLEAR for arc in arcs if len(arc))


def _led_across(ann: TextbookAnnotation, d, compose: Callable[[], object]):
    """The drawing with each side's value that no place by it took, set off ("CD = 4"), named and led to its
    side's middle from the nearest free place, its leader across the lines between (a short side's value under
    its letters, a crowded one's among other labels: in the legend it read as no side's at all).  A side drawn points
    split is led to its dimension line, drawn once its value is on the figure (never to a piece: its end there
    reads as the piece's).  Kept only where fewer values are left off the figure and nothing misreads more."""
    stuck = [q for q in ann.in_text if q.kind is QKind.LENGTH and q in ann.facts and q not in ann.right_values
             and q not in ann.split and q not in ann.spans and q not in ann.unsplit_out]
    if not stuck:
        return d
    d = _named_pieces(ann, d, compose, stuck)
    stuck = [q for q in stuck if q in ann.in_text]
    if not stuck:
        return d
    was = (set(ann.in_text), set(ann.named), set(ann.leaders), set(ann.across), set(ann.forced))
    _set_off(ann, stuck)
    ann.across |= set(stuck)
    tried = compose()
    tried.misread = _unnamed_misread(tried, ann)
    if len(ann.in_text) < len(was[0]) and not _worse(tried, d) and \
            _astray(tried, ann) <= _astray(d, ann):
        return tried
    ann.in_text, ann.named, ann.leaders, ann.across, ann.forced = was
    return d


def _named_pieces(ann: TextbookAnnotation, d, compose: Callable[[], object], givens: list[Quantity]):
    """The drawing with each of ``givens`` that is a piece of a side with a dimension line named by the piece ("AE =
    12", under it too, between the side and the whole's dimension line: its name says it is no part of that
    dimension), before any leader: led across the lines between, it read as a second altitude (reader 37's 17).
    Kept only where fewer values are left off the figure and nothing misreads more."""
    pieces = [q for q in givens if _spanned_piece(ann, d, q)]
    if not pieces:
        return d
    was = (set(ann.in_text), set(ann.named), set(ann.pieces))
    ann.in_text -= set(pieces)
    ann.named |= set(pieces)
    ann.pieces |= set(pieces)
    tried = compose()
    tried.misread = _unnamed_misread(tried, ann)
    if len(ann.in_text) < len(was[0]) and not _worse(tried, d) and _astray(tried, ann) <= _astray(d, ann):
        return tried
    ann.in_text, ann.named, ann.pieces = was
    return d


def _spanned_piece(ann: TextbookAnnotation, d, q: Quantity) -> bool:
    """Is side ``q`` a piece of a side that has a dimension line (``ann.spans``): both its ends on that side?"""
    pts = d.rules.points
    for whole in ann.spans:
        if not all(n in pts for n in (*whole.key, *q.key)) or set(q.key) == set(whole.key):
            continue
        a, b = (np.asarray(pts[n], float) for n in whole.key)
        u = b - a
        n2 = float(u @ u)
        if n2 > 1e-9 and all(_off_line(np.asarray(pts[n], float), a, b) < 1.0 and
                             -1e-6 <= float((np.asarray(pts[n], float) - a) @ u) / n2 <= 1 + 1e-6 for n in q.key):
            return True
    return False


def _astray(d, ann: TextbookAnnotation) -> int:
    """How many asked regions' labels sit outside their region with no leader into it (``_region_astray``)."""
    return sum(_region_astray(d, q) for q in (ann.query, *ann.also_asked) if q is not None)


def _worse(d, was) -> bool:
    """Does drawing ``d`` mislead more than ``was`` (more labels that may read as another element's)?"""
    return len(d.misread) > len(was.misread)


def _set_off(ann: TextbookAnnotation, givens: list[Quantity]) -> None:
    """Givens the text took, named and set off before it does: each with a leader from its arc or side, a split
    side's from its dimension line (``TextbookAnnotation.forced``), never from one piece of it."""
    ann.in_text -= set(givens)
    ann.named |= set(givens)
    ann.leaders |= set(givens)
    ann.forced |= {q for q in givens if q in ann.split}


LED_QUERY = "?led"  # ``_legend``'s token: the goal's line set by its element with a leader
LEGEND_CLEAR = 1.0  # fonts: a legend line keeps this far from every stroke, label and point
LEGEND_MARGIN = 8.0  # px: and this far inside the canvas


def goal_line(problem: GeneralProblem, scene: Scene, ann: TextbookAnnotation, d,
              goal: dict | None) -> tuple[str, str] | None:
    """The goal named with its "?" for the legend ("tan ∠BAC = ?", "area ABC - area ADE = ?"), where no "?" of
    the figure asks it (no drawn element is it, or no place by one reads as its own) and every point it names is
    drawn: a line that names the goal reads as its own wherever it sits, as a given's does.  The line's element
    (the drawn element asked, else the goal's expression) and its text; None: a "?" asks it already, or it is a
    variable's (the text defines it)."""
    if goal is None or problem.goal is None or ann.query is not None or any(lab.text.endswith(QUERY) for lab in d.labels):
        return None
    inner = elements_in(problem.goal.expr)
    if not inner or not all(n in scene.points for e in inner for n in e.points) or \
            problem.goal.expr.free_symbols - {s for s in problem.goal.expr.free_symbols if element_of(s) is not None}:
        return None
    return goal.get("quantity") or goal["expression"], f"{goal_text(problem.goal.expr, scene=scene)} = {QUERY}"


def _legend(d, ann: TextbookAnnotation, renderer, scene: Scene, goal: tuple[str, str] | None = None) -> set[str]:
    """The givens the text took (no place by their element reads as theirs) written named, "AD = 15", one a line,
    in a free corner of the canvas, where nothing drawn is within ``LEGEND_CLEAR`` fonts: a value in the text
    alone was missing from the figure (issue 38's newcomers), and a line that names its element reads as its own
    wherever it sits; then ``goal``'s line (``goal_line``), last.  The quantities so written (their export's
    ``shown`` is "legend"), with ``QUERY`` where the goal's line is written."""
    import shapely
    from shapely.geometry import LineString, Point, box

    from .labels import Placed

    todo = sorted((q for q in ann.in_text if q in ann.facts), key=str)  # (a right angle shown "90°" only led to
    # its arc, below: in a corner it names a relation the marks already should)
    lines = [(q, _legend_text(ann, q, scene), str(q)) for q in todo] + [(key, text, key) for key, text in ann.spoken.items()]
    lines += [(None, goal[1], goal[0])] if goal is not None else []
    # (the goal's line: its element may be a given's own, BU = x + 2 asked; ``QUERY`` in the set says it is written)
    if not lines:
        return set()
    fpx, size = d.style.font_px, float(d.style.size)
    ink = [LineString(p) for p in [*d.strokes, *d.marks, *d.dashed, *d.leaders] if len(p) > 1]
    ink += [box(*lab.box) for lab in d.labels] + [Point(p) for p in d.rules.points.values()]
    tree, written = shapely.STRtree(ink), []
    done, margin, step = set(), LEGEND_MARGIN, 1.3 * fpx
    rows = np.arange(size - margin - fpx / 2, margin + fpx / 2, -step)
    for q, text, key in lines:
        w, h = renderer.text_size(text)
        asked = q if isinstance(q, Quantity) else _drawn_quantity(key, d) if q is None else \
            _drawn_quantity(key, d) or key  # (a spoken line's key: a region's given, led into it; a circle's, led
        # to its rim)
        arc = _led_arc(d, asked) if isinstance(asked, Quantity) and asked.kind is QKind.ANGLE else None  # (a given's
        # or the goal's: "∠MNP = ?" led between MNQ's and PNQ's arcs with none of its own read as either)
        led = _led_line(d, asked, text, w, h, tree, written, scene) if asked is not None and not (
            isinstance(asked, Quantity) and asked.kind is QKind.HEIGHT) else None  # (a dashed height's line names
        # it, "height from A to BC = ?": led to the dashed line from afar, it read as set off where it sat)
        if led is None and arc is not None:  # (no leader: no arc of its own either)
            d.marks = [m for m in d.marks if m is not arc]
            d.angle_arcs.pop(str(asked), None)
            d.rules.wedges.pop(str(asked), None)
        if led is None and q in ann.right_values:
            continue  # (its relation's: never a corner line)
        if led is not None:  # (by its element, outside the crowd, a leader to it: a corner line read as no side's)
            placed, b = led
            if not isinstance(q, Quantity):
                placed.element = key  # (the goal's or a spoken line's own element: "Tan(angle(BAC))", "diameter A")
            d.labels.append(placed)
            d.leaders.append(placed.leader)
            written.append(b)
            if isinstance(q, Quantity):
                ann.in_text.discard(q)  # (on the figure by its element: its export's ``shown`` is "label")
            if q is None:
                done.add(LED_QUERY)  # (the goal's line, by its element)
            continue
        spots = [(x, y) for ys in (rows, rows[::-1]) for x in (margin + w / 2, size - margin - w / 2)
                 for y in ys]  # (a corner's column first, top left, top right, then the bottom: the lines stack)
        for x, y in spots:
            b = box(x - w / 2, y - h / 2, x + w / 2, y + h / 2)
            if not len(tree.query(b, predicate="dwithin", distance=LEGEND_CLEAR * fpx)) and \
                    all(b.distance(o) >= 0.15 * fpx for o in written):  # (the legend's lines stack)
                role = {QKind.LENGTH: "side", QKind.ANGLE: "angle", QKind.ARC: "arc"}.get(getattr(q, "kind", None),
                                                                                           "shape")  # (a region's,
                # a height's, the goal's: "shape")
                d.labels.append(Placed(text, float(x), float(y), w, h, role, element=key))
                written.append(b)
                done.add(key if q is not None else QUERY)
                break
    return done


APPROXIMATE_NOTE = "Values are rounded; the figure follows the stated facts."


def _approximate_note(d, renderer):
    """``APPROXIMATE_NOTE`` written on a figure whose model misses the rounded givens (``model.misfit``: arcs of 60°
    and 118° on a drawn diameter): a reader who measures, or adds the values up, sees why they disagree with the
    drawing (reader 20 took a drawn diameter for "nearly one" and answered 15 for 16).  Where ``_note_spot`` finds
    it.  The placed label (in ``d.labels`` to be painted; the caller exports it apart, it names no element)."""
    from .labels import Placed

    x, y, w, h, _ = _note_spot(d, renderer)
    note = Placed(APPROXIMATE_NOTE, float(x), float(y), w, h, "shape", element="approximate")
    d.labels.append(note)
    return note


def _note_spot(d, renderer) -> tuple[float, float, float, float, bool]:
    """Where ``APPROXIMATE_NOTE`` goes (its centre, width, height) and whether that place is free: a free row by
    the canvas's top or bottom edge, as a legend line (``LEGEND_CLEAR``), else the bottom row where it crosses the
    least ink (the caller then composes the labels again round it: reader 26's 26 found "BC = 15" and the letter
    D printed across it)."""
    import shapely
    from shapely.geometry import LineString, Point, box

    fpx, size = d.style.font_px, float(d.style.size)
    w, h = renderer.text_size(APPROXIMATE_NOTE)
    ink = [LineString(p) for p in [*d.strokes, *d.marks, *d.dashed, *d.leaders] if len(p) > 1]
    ink += [box(*lab.box) for lab in d.labels if lab.element != "approximate"]
    ink += [Point(p) for p in d.rules.points.values()]
    tree = shapely.STRtree(ink)
    low, high = LEGEND_MARGIN + h / 2, size - LEGEND_MARGIN - h / 2
    xs = (size / 2, LEGEND_MARGIN + w / 2, size - LEGEND_MARGIN - w / 2)
    spots = [(x, y) for y in (low, low + 1.3 * fpx, high, high - 1.3 * fpx) for x in xs]

    def hits(xy) -> int:
        b = box(xy[0] - w / 2, xy[1] - h / 2, xy[0] + w / 2, xy[1] + h / 2)
        return len(tree.query(b, predicate="dwithin", distance=LEGEND_CLEAR * fpx))

    free = next((xy for xy in spots if not hits(xy)), None)
    x, y = free or min(spots[:len(xs)], key=hits)
    return float(x), float(y), w, h, free is not None


def _clear_for_note(d, ann, renderer, scene: Scene):
    """The drawing composed again with the note's row kept clear of every label, where no free row holds it: the
    note is an obstacle for every value label and point letter, never written over one."""
    x, y, w, h, free = _note_spot(d, renderer)
    if free:
        return d
    pad = LEGEND_CLEAR * d.style.font_px
    ann.keep_clear = [(x - w / 2 - pad, y - h / 2 - pad, x + w / 2 + pad, y + h / 2 + pad)]
    d = renderer.compose(scene, ann)
    if set(ann.spans) & ann.in_text:  # (a value the note's row took leaves no bare dimension line behind)
        d = renderer.compose(scene, ann)
    return d


LED_CLEAR = 0.5  # fonts: a legend line led to its element keeps this far from every stroke, label and point
LED_STEP = 0.5  # fonts: the grid of places tried for it
LED_FAR = 12.0  # fonts: its leader at most this long (farther, the corner legend reads as well)
LED_NEAR = 1.0  # fonts: and at least this long (shorter, its box sits on the crowd it was kept out of)
SIDE_SHARES = (0.35, 0.65)  # a side's leader may end here too (its middle first)
LED_VALUES = 2.0  # fonts: and this far from every other value
LED_MARK = 3.0  # px: and keeps this far from every relation mark (a tick, an arrow, a bracket, a square)
LED_POINT = 0.6  # fonts: the leader passes no other point closer


def _led_over_marks(d, ann: TextbookAnnotation) -> bool:
    """Does the asked side's label run its leader within ``LEADER_MARK_CLEAR`` px of a relation mark (its own
    side's arrow or tick too): read as pointing at the mark (the independent reader's ``_leaders_over_marks``)."""
    if ann.query is None or ann.query.kind is not QKind.LENGTH:
        return False
    from .compose import LEADER_MARK_CLEAR, _mark_strokes, _segment_gaps

    strokes = _mark_strokes(d)
    return bool(strokes.size) and any(
        lab.element == str(ann.query) and lab.leader is not None and
        float(_segment_gaps(np.asarray(lab.leader[:2], float)[None], strokes).min()) < LEADER_MARK_CLEAR
        for lab in d.labels)


def _drawn_quantity(element: str, d) -> Quantity | None:
    """The drawn side or angle an element's spelling names ("CD", "angle BEC"), its points all drawn; else None."""
    word, _, shape = element.partition(" ")
    kind = {"area": QKind.AREA, "perimeter": QKind.PERIMETER, "height": QKind.HEIGHT}.get(word)
    if kind is not None:  # (a region's goal, "perimeter ABC": led into its region)
        return Quantity.of_shape(kind, shape) if _region_ring(d, shape) is not None else None
    arc = re.fullmatch(r"arc (?:length )?([A-Z]{3})", element)
    if arc is not None:  # (an arc's goal, "arc length OEC": led to the arc's middle)
        return Quantity(QKind.ARC, tuple(arc.group(1)), arc.group(1)) if all(
            n in d.rules.points for n in arc.group(1)) else None
    inner = re.fullmatch(r"(?:sin|cos|tan|cot|sec|csc)\(angle ([A-Z]{3})\)", element)
    if inner is not None:  # (a function of one angle, "tan ∠BAC = ?": led to the angle it names)
        element = f"angle {inner.group(1)}"
    names = element.removeprefix("angle ")
    if not names.isalpha() or not names.isupper() or not all(n in d.rules.points for n in names):
        return None
    if element.startswith("angle ") and len(names) == 3:
        return Quantity.angle(*names)
    return Quantity.length(*names) if len(names) == 2 and element == names else None


def _drawn_along(d, a: str, b: str) -> bool:
    """Is segment ab drawn all along, whole or in pieces (BD drawn as BO and OD)?"""
    if _drawn_side(d, a, b):
        return True
    pts = d.rules.points
    pa, pb = (np.asarray(pts[n], float) for n in (a, b))
    segs = [(np.asarray(pts[s], float), np.asarray(pts[t], float)) for s, t, _ in d.segments if s in pts and t in pts]
    return all(any(segment_distance(pa + k * (pb - pa), p, r) < 1.0 for p, r in segs) for k in np.linspace(0.05, 0.95, 19))


def _drawn_side(d, a: str, b: str) -> bool:
    """Is segment ab drawn, whole or as a stretch of a drawn segment through both?"""
    pts = d.rules.points
    pa, pb = (np.asarray(pts[n], float) for n in (a, b))
    for s, t, _ in d.segments:
        if {s, t} == {a, b}:
            return True
        if s in pts and t in pts:
            ps, pt = np.asarray(pts[s], float), np.asarray(pts[t], float)
            v = pt - ps
            n2 = float(v @ v)
            if n2 > 1e-9 and all(_off_line(x, ps, pt) < 1.0 and -1e-6 <= float((x - ps) @ v) / n2 <= 1 + 1e-6
                                 for x in (pa, pb)):
                return True
    return False


def _tip_own(d, q: Quantity | str, tip: np.ndarray) -> bool:
    """Does a leader's tip read as ``q``'s: a side's nearer its side than any other drawn segment off its line, an
    angle's nearer its vertex than any other point (the independent reader's nearest element of its kind)?"""
    if not isinstance(q, Quantity) or q.kind not in (QKind.ANGLE, QKind.LENGTH):
        return True
    pts = d.rules.points
    if q.kind is QKind.ANGLE:
        own = float(np.hypot(*(tip - np.asarray(pts[q.key[1]], float))))
        return all(float(np.hypot(*(tip - np.asarray(p, float)))) > own for n, p in pts.items() if n != q.key[1])
    a, b = (np.asarray(pts[n], float) for n in q.key)
    own = segment_distance(tip, a, b)
    for s, t, _ in d.segments:
        if s not in pts or t not in pts:
            continue
        ps, pt = np.asarray(pts[s], float), np.asarray(pts[t], float)
        if _off_line(ps, a, b) < 0.75 and _off_line(pt, a, b) < 0.75:
            continue
        if segment_distance(tip, ps, pt) < own:
            return False
    return True


def _cut(d, own) -> bool:
    """Do drawn segments cut region ``own`` (pixels) into two or more parts, each ``CELL_SHARE`` of it at least?"""
    from shapely import union_all
    from shapely.geometry import LineString
    from shapely.ops import polygonize

    pts = d.rules.points
    lines = [LineString([pts[a], pts[b]]) for a, b, _ in d.segments if a in pts and b in pts]
    inner = [ln for ln in lines if ln.crosses(own) or own.contains(ln)]
    if not inner:
        return False
    cells = [c for c in polygonize(union_all([own.exterior, *inner]))
             if own.contains(c.representative_point()) and c.area >= CELL_SHARE * own.area]
    return len(cells) > 1


def _region_ring(d, name: str):
    """A region's outline in pixels (a shapely polygon): its fill's, else (a region the problem names but draws by
    its lines alone, "perimeter ABD") the polygon of its points where every side of it is drawn; None: neither."""
    from shapely.geometry import Polygon

    fill = next((f for f in d.fills if f.name == name), None)
    if fill is not None and len(fill.rings[0]) > 2:
        own = Polygon(fill.rings[0], [r for r in fill.rings[1:] if len(r) > 2]).buffer(0)
    elif len(name) > 2 and name.isalpha() and name.isupper() and all(n in d.rules.points for n in name) and \
            all(_drawn_along(d, a, b) for a, b in zip(name, name[1:] + name[0])):
        own = Polygon([d.rules.points[n] for n in name]).buffer(0)
    else:
        return None
    return None if own.is_empty or own.area <= 0 else own


SHAPE_DEEP = 0.6  # fonts: a region's leader ends this far inside it from every stroke at least (where it can)
SHAPE_SLIVER = 3.0  # px: and never nearer a stroke than this


def _shape_anchors(d, q: Quantity) -> list[np.ndarray]:
    """Where a leader to a region's value may end (pixels, y up): a height's, the middle of its dashed height; an
    area's or a perimeter's, its deepest places inside it (``SHAPE_DEEP`` fonts from every stroke), first those in
    no smaller drawn region; none where drawn lines cut it into parts (a tip in a part reads as the part's: reader
    22's 29; its named line in the legend reads as its own)."""
    import shapely
    from shapely.geometry import LineString, Polygon

    if q.kind is QKind.HEIGHT:
        line = d.heights.get(q.key[0])
        return [] if line is None or len(line) < 2 else [(np.asarray(line[0], float) + np.asarray(line[-1], float)) / 2]
    own = _region_ring(d, q.key[0])
    if own is None:
        return []
    fpx = d.style.font_px
    x0, y0, x1, y1 = own.bounds
    step = max(min(x1 - x0, y1 - y0) / 12, 0.25 * fpx)
    gx, gy = (g.ravel() for g in np.meshgrid(np.arange(x0 + step / 2, x1, step), np.arange(y0 + step / 2, y1, step)))
    at = shapely.points(gx, gy)
    inside = shapely.contains(own, at)
    ink = [LineString(p) for p in [*d.strokes, *d.dashed, *d.marks] if len(p) > 1]
    if not inside.any() or not ink:
        return []
    if _cut(d, own):
        return []  # (every place in it is in a part that drawn lines cut off: a tip there reads as the part's)
    deep = shapely.distance(at, shapely.union_all(ink))
    ok = inside & (deep >= min(SHAPE_DEEP * fpx, max(float(np.max(deep[inside])), 0.0) * 0.8))  # (a sliver:
    # its deepest places)
    ok &= deep >= SHAPE_SLIVER
    parts = [Polygon(f.rings[0]).buffer(0) for f in d.fills if f.name != q.key[0] and len(f.rings[0]) > 2]
    parts = [p for p in parts if not p.is_empty and p.area < own.area and own.buffer(1.0).contains(p)]
    alone = np.array([not any(p.contains(pt) for p in parts) for pt in at]) if parts else np.ones(len(gx), bool)
    order = sorted(np.flatnonzero(ok), key=lambda i: (not alone[i], -deep[i]))
    return [np.array([gx[i], gy[i]]) for i in order[:3]]


def _led_anchor(d, q: Quantity) -> np.ndarray | None:
    """Where a leader to ``q`` ends (pixels, y up): a side's middle, an angle's bisector at its arc (inside the
    angle, by its vertex); None: a value of no drawn side or angle."""
    pts = d.rules.points
    if q.kind is QKind.LENGTH and all(n in pts for n in q.key):
        a, b = (np.asarray(pts[n], float) for n in q.key)
        if not _drawn_along(d, *q.key):
            return None  # (an undrawn segment's middle is a point of nothing)
        if any(n not in q.key and _off_line(np.asarray(p, float), a, b) < 1.0 and
               0 < float((np.asarray(p, float) - a) @ (b - a)) < float((b - a) @ (b - a)) for n, p in pts.items()):
            return None  # (a side points split: its middle is on a piece, read as the piece's)
        return (a + b) / 2
    if q.kind is QKind.ANGLE and all(n in pts for n in q.key):
        a, v, b = (np.asarray(pts[n], float) for n in q.key)
        ua, ub = (e - v for e in (a, b))
        la, lb = float(np.hypot(*ua)), float(np.hypot(*ub))
        if min(la, lb) < 1e-6:
            return None
        mid = ua / la + ub / lb
        if float(np.hypot(*mid)) < 1e-6:
            return None
        wedge = d.rules.wedges.get(str(q))
        r = min(wedge.radius if wedge is not None else 1.5 * d.style.font_px, 0.5 * min(la, lb))
        return v + mid / float(np.hypot(*mid)) * r
    if q.kind is QKind.ARC and len(q.key) == 3 and all(n in pts for n in q.key):
        from .compose import _stretch_middle

        o, a, b = (np.asarray(pts[n], float) for n in q.key)  # (centre, then its ends counter-clockwise: y up)
        ta, tb = (math.atan2(*(e - o)[::-1]) for e in (a, b))
        r = float(np.hypot(*(a - o)))
        t = ta + _stretch_middle(o, r, ta, (tb - ta) % (2 * math.pi), [np.asarray(p, float) for p in pts.values()], [])
        return o + r * np.array([math.cos(t), math.sin(t)])  # (its longest stretch's middle: at a point on it, a
        # leader reads as pointing at the point)
    return None


def _stretch_middles(d, q: Quantity) -> list[np.ndarray]:
    """The middles of arc ``q``'s stretches between the drawn points on it (pixels, y up), the longest first."""
    from .compose import ON_CIRCLE_PX

    pts = d.rules.points
    o, a, b = (np.asarray(pts[n], float) for n in q.key)
    ta, r = math.atan2(*(a - o)[::-1]), float(np.hypot(*(a - o)))
    sweep = (math.atan2(*(b - o)[::-1]) - ta) % (2 * math.pi)
    cuts = sorted({(math.atan2(*(np.asarray(p, float) - o)[::-1]) - ta) % (2 * math.pi) for p in pts.values()
                   if abs(float(np.hypot(*(np.asarray(p, float) - o))) - r) < ON_CIRCLE_PX})
    cuts = [0.0] + [u for u in cuts if 1e-3 < u < sweep - 1e-3] + [sweep]
    spans = sorted(zip(cuts, cuts[1:]), key=lambda st: st[0] - st[1])
    return [o + r * np.array([math.cos(ta + (lo + hi) / 2), math.sin(ta + (lo + hi) / 2)]) for lo, hi in spans]


LED_ARC_CLEAR = 3.0  # px between a led angle's arc and every label
LED_ARC_STEP = 4.0  # px between the radii tried for it


def _led_arc(d, q: Quantity) -> np.ndarray | None:
    """An angle whose value is led to it from outside the crowd gets its arc back (the arc made here; None where
    it has one), its leader ending on it (``_led_anchor`` reads its radius): a leader ending between rays with no
    arc pointed into whichever sub-angle it ended in (blind reader 29's 18: "∠ABC = 70°" led into OBC, radius OB
    drawn, no arc).  Outside every arc already at its vertex: the angle holds theirs (FormalGeo 72: TYX = 90 split
    by YW into 38° and 52°)."""
    from .attribution import Wedge
    from .compose import ARC_APART

    if str(q) in d.angle_arcs or not all(n in d.rules.points for n in q.key):
        return None
    a, v, b = (np.asarray(d.rules.points[n], float) for n in q.key)
    la, lb = float(np.hypot(*(a - v))), float(np.hypot(*(b - v)))
    if min(la, lb) < 1e-6:
        return None
    from shapely.geometry import LineString, box

    held = [w.radius for w in d.rules.wedges.values() if float(np.hypot(*(np.asarray(w.vertex) - v))) < 0.5]
    t0, tb = (math.atan2(*(e - v)[::-1]) for e in (a, b))
    sweep = (tb - t0) % (2 * math.pi)
    if sweep > math.pi:
        t0, sweep = tb, 2 * math.pi - sweep
    t = t0 + sweep * np.linspace(0.0, 1.0, max(4, int(math.degrees(sweep) / 4)) + 1)
    boxes = [box(*lab.box) for lab in d.labels]
    r, top = max(1.5 * d.style.font_px, max(held, default=0.0) + ARC_APART), 0.5 * min(la, lb)
    while True:  # (the nearest radius whose arc runs through no label: across one it hid the text, "52°")
        if r > top:
            return None
        arc = np.column_stack([v[0] + r * np.cos(t), v[1] + r * np.sin(t)])
        line = LineString(arc)
        tip = v + np.array([math.cos(t0 + sweep / 2), math.sin(t0 + sweep / 2)]) * r
        if not any(line.distance(bx) < LED_ARC_CLEAR for bx in boxes) and _tip_own(d, q, tip):
            break  # (and its middle, where the leader ends, nearer its vertex than any other point)
        r += LED_ARC_STEP
    d.marks.append(arc)
    d.angle_arcs[str(q)] = arc
    d.rules.wedges[str(q)] = Wedge(v, t0, sweep, r)
    return arc


def _led_line(d, q: Quantity, text: str, w: float, h: float, tree, written: list, scene: Scene | None = None):
    """A named legend line ("CD = 4", "∠BDF = 20°", "diameter A = 10") set by its element instead of in a corner: the
    free place (``LED_CLEAR`` fonts from every stroke, label and point) nearest its side's middle, its angle's arc or
    its circle (``_rim``), with a leader to it that runs through no label and by no other point (``LED_POINT``), at
    most ``LED_FAR`` fonts long, never along a segment's line nor from a crossing, across no stroke where a place
    lets it (reader 22's 03), ``LED_MARK`` px from every relation mark and ``SQUARE_LEADER_CLEAR`` from a right-angle
    square (as compose's set-off values keep).  The label (with its leader) and its box; None: no such place."""
    import shapely
    from shapely.geometry import LineString, box

    from .compose import LEADER_END_LABEL_FONTS, SQUARE_KINDS, SQUARE_LEADER_CLEAR, leaders_clash

    if isinstance(q, Quantity) and q.kind in (QKind.AREA, QKind.PERIMETER, QKind.HEIGHT):
        anchors, own_names, role, element = _shape_anchors(d, q), set(), "shape", str(q)  # (inside its region, or
        # by its dashed height: a region's value in a corner read as no region's)
    elif isinstance(q, Quantity):
        anchor = _led_anchor(d, q)
        anchors, own_names = ([] if anchor is None else [anchor]), set(q.key)
        if anchor is not None and q.kind is QKind.LENGTH:  # (off its middle too, where a tick may sit: within the
            a, b = (np.asarray(d.rules.points[n], float) for n in q.key)  # middle part a reader takes for the side's)
            anchors += [a + SIDE_SHARES[0] * (b - a), a + SIDE_SHARES[1] * (b - a)]
        role, element = ("side" if q.kind is QKind.LENGTH else "arc" if q.kind is QKind.ARC else "angle"), str(q)
        if q.kind is QKind.ARC:  # (a leader by the arc's end reads as pointing at that point)
            own_names = set()
            if anchor is not None and text.startswith("arc "):  # (named through its points: any stretch's middle
                anchors += [m for m in _stretch_middles(d, q) if float(np.hypot(*(m - anchor))) > 1.0]  # says it)
    else:  # (a circle's own given, "diameter A = 10": led to its rim)
        anchors, own_names, role, element = _rim(d, q, scene), set(), "shape", q
    if not anchors:
        return None
    fpx, size = d.style.font_px, float(d.style.size)
    margin = LEGEND_MARGIN
    xs = np.arange(margin + w / 2, size - margin - w / 2, LED_STEP * fpx)
    ys = np.arange(margin + h / 2, size - margin - h / 2, LED_STEP * fpx)
    if not len(xs) or not len(ys):
        return None
    gx, gy = (g.ravel() for g in np.meshgrid(xs, ys))
    boxes = shapely.box(gx - w / 2, gy - h / 2, gx + w / 2, gy + h / 2)
    free = np.ones(len(gx), bool)
    free[tree.query(boxes, predicate="dwithin", distance=LED_CLEAR * fpx)[0]] = False
    values = shapely.STRtree([box(*lab.box) for lab in d.labels if lab.role != "point"] or [shapely.Point(-1e6, -1e6)])
    free[values.query(boxes, predicate="dwithin", distance=LED_VALUES * fpx)[0]] = False  # (by a value, a bare "?"
    # floats between the two: reader 16's 58)
    free &= np.array([all(b.distance(o) >= 0.15 * fpx for o in written) for b in boxes]) if written else True
    others = np.array([np.asarray(lab.leader, float)[:2] for lab in d.labels if lab.leader is not None and
                       lab.element != element], dtype=float).reshape(-1, 2, 2)  # (by its element's own value,
    # "∠ABC = ?" asking the given 110°, it points at its own)
    values = np.array([lab.box for lab in d.labels if lab.role != "point" and lab.element != element] +
                      [o.bounds for o in written], dtype=float).reshape(-1, 4)
    end_clear = LEADER_END_LABEL_FONTS * fpx
    boxes_px = np.column_stack([gx - w / 2, gy - h / 2, gx + w / 2, gy + h / 2])
    free &= ~leaders_clash(None, boxes_px, others, values, end_clear)  # (by another leader's end, it reads as that leader's label: reader 36's 25)
    if role == "shape" and isinstance(q, Quantity):  # (a region's line outside the figure or in its own region:
        own_ring = _region_ring(d, q.key[0])  # within another, it reads as that region's)
        hull = shapely.MultiPoint([tuple(p) for p in d.rules.points.values()]).convex_hull
        at = shapely.points(gx, gy)
        free &= ~shapely.contains(hull, at) | (shapely.contains(own_ring, at) if own_ring is not None else False)
    tries = []
    for k, anchor in enumerate(anchors):
        near = np.column_stack([np.clip(anchor[0], gx - w / 2, gx + w / 2), np.clip(anchor[1], gy - h / 2, gy + h / 2)])
        reach = np.hypot(*(near - anchor).T)
        ok = free & (reach >= LED_NEAR * fpx) & (reach <= LED_FAR * fpx)
        extra = fpx if k and isinstance(q, Quantity) and role != "shape" else 0.0  # (a side's middle first)
        tries += [(float(reach[i]) + extra, i, anchor, near[i]) for i in np.flatnonzero(ok)]
    tries.sort(key=lambda t: t[0])
    labels = [box(*lab.box) for lab in d.labels] + list(written)
    marks = shapely.STRtree([LineString(m) for m in d.marks if len(m) > 1] or [shapely.Point(-1e6, -1e6)])  # (a leader
    # across a tick or a bracket reads as part of the mark)
    squares = shapely.STRtree([LineString(ln) for m, lines in d.relation_marks if m.kind in SQUARE_KINDS
                               for ln in lines if len(ln) > 1] or [shapely.Point(-1e6, -1e6)])  # (past a square's
    # corner nearer than compose's SQUARE_LEADER_CLEAR, a leader reads as led across it, as compose's leaders keep)
    own = {tuple(np.round(np.asarray(d.rules.points[n], float), 3)) for n in own_names if n in d.rules.points}
    points = [np.asarray(p, float) for p in d.rules.points.values()]
    strokes = shapely.STRtree([LineString(p) for p in [*d.strokes, *d.dashed] if len(p) > 1] or
                              [shapely.Point(-1e6, -1e6)])
    crossings = _crossings(d)
    crossed = None  # (a place whose leader crosses strokes: taken only where no other is clear)
    shrunk: list = []  # (each label's box shrunk by half a pixel, made at the first try: one buffer per label, not
    # per label per try)
    for _, i, anchor, end in tries[:400]:
        u = (end - anchor) / max(float(np.hypot(*(end - anchor))), 1e-9)
        start = anchor + u * min(3.0, float(np.hypot(*(end - anchor))))
        line = LineString([start, end])
        clear_of = line if role != "angle" else LineString([anchor + u * min(8.0, 0.9 * float(np.hypot(*(end - anchor)))),
                                                            end])  # (an angle's own arc at its tip; a side's tick
        # at its middle is crossed: led from off it)
        shrunk = shrunk or [o.buffer(-0.5) for o in labels]
        if any(o.intersects(line) for o in shrunk) or marks.query(clear_of, predicate="dwithin", distance=LED_MARK).size \
                or squares.query(line, predicate="dwithin", distance=SQUARE_LEADER_CLEAR).size \
                or not _tip_own(d, q, start) or leaders_clash(np.array([[start, end]]), boxes_px[i:i + 1], others,
                                                              values, end_clear)[0]:
            continue  # (across another leader, a "+" mark: reader 36's 24)
        if any(line.distance(shapely.Point(p)) < LED_POINT * fpx for p in points
               if tuple(np.round(p, 3)) not in own or role == "angle") or _alongside(d, q, start, end) \
                or _extends(d, start, end) or any(math.dist(start, c) < LED_POINT * fpx for c in crossings):
            continue  # (along a segment's line it reads as the segment drawn on; at a crossing, as either line's)
        hits = strokes.query(LineString([start + u * min(4.0, 0.5 * float(np.hypot(*(end - start)))), end]),
                             predicate="intersects").size
        if hits:
            crossed = crossed if crossed is not None and crossed[0] <= hits else (hits, i, start, end)
            continue
        return _led(text, gx[i], gy[i], w, h, role, element, start, end), boxes[i]
    if crossed is not None:  # (the place whose leader crosses the fewest strokes, the nearest of those)
        _, i, start, end = crossed
        return _led(text, gx[i], gy[i], w, h, role, element, start, end), boxes[i]
    return None


def _led(text: str, x: float, y: float, w: float, h: float, role: str, element: str, start: np.ndarray,
         end: np.ndarray):
    from .labels import Placed

    placed = Placed(text, float(x), float(y), w, h, role, element=element)
    placed.leader = np.array([start, end])
    return placed


EXTENDS_DEG, EXTENDS_PX = 10.0, 5.0  # degrees, px: a leader this nearly along a drawn segment, an end this near it,
# reads as the segment drawn on


def _extends(d, start: np.ndarray, end: np.ndarray) -> bool:
    """Does the leader run nearly along a drawn segment (its own side too) from an end within ``EXTENDS_PX`` of it:
    it reads as the segment drawn on past its end, or as part of it (reader 22's 03, "CD = 5" up from C)."""
    u = end - start
    n = float(np.hypot(*u))
    if n < 1e-9:
        return False
    pts = d.rules.points
    for a, b, _ in d.segments:
        if a not in pts or b not in pts:
            continue
        p, r = np.asarray(pts[a], float), np.asarray(pts[b], float)
        v = r - p
        lv = float(np.hypot(*v))
        if lv < 1e-9 or abs(u[0] * v[1] - u[1] * v[0]) / (n * lv) >= math.sin(math.radians(EXTENDS_DEG)):
            continue
        if min(segment_distance(start, p, r), segment_distance(end, p, r)) < EXTENDS_PX:
            return True
    return False


def _crossings(d) -> list[np.ndarray]:
    """Where two drawn segments cross inside both (pixels): a leader ending there reads as either's."""
    pts = d.rules.points
    segs = [(np.asarray(pts[a], float), np.asarray(pts[b], float)) for a, b, _ in d.segments if a in pts and b in pts]
    out = []
    for k, (p, r) in enumerate(segs):
        for q, t in segs[k + 1:]:
            u, v, w = r - p, t - q, q - p
            den = float(u[0] * v[1] - u[1] * v[0])
            if abs(den) < 1e-9:
                continue
            s_, t_ = float(w[0] * v[1] - w[1] * v[0]) / den, float(w[0] * u[1] - w[1] * u[0]) / den
            if 0.02 < s_ < 0.98 and 0.02 < t_ < 0.98:
                out.append(p + s_ * u)
    return out


RIM_WORDS = ("diameter ", "radius ", "circumference ")  # a circle's own given, named by its centre


def _rim(d, key: str, scene: Scene | None) -> list[np.ndarray]:
    """Points round the circle a given names ("diameter A"), drawn whole about its centre (pixels, y up): where
    its legend line's leader may end; none for any other line."""
    from .compose import whole_circle

    word = next((w for w in RIM_WORDS if key.startswith(w)), None)
    if word is None or scene is None:
        return []
    arc = whole_circle(scene, key[len(word):])
    if arc is None:
        return []
    c, r = np.asarray(d.frame.px(arc.centre), float), arc.radius * d.frame.scale
    t = np.linspace(0.0, 2 * math.pi, 24, endpoint=False)
    return list(c + r * np.column_stack([np.cos(t), np.sin(t)]))


ALONGSIDE = (15.0, 20.0)  # px, degrees: a leader whose last three quarters lie this near a drawn segment, this
# nearly along it, reads as that segment's label (newcomer 15's p19)


def _alongside(d, q: Quantity | str, start: np.ndarray, end: np.ndarray) -> bool:
    """Does the leader from ``start`` to ``end`` run alongside a drawn segment not its own element?"""
    u = end - start
    n = float(np.hypot(*u))
    if n <= 2 * ALONGSIDE[0]:
        return False
    pts = d.rules.points
    for a, b, _ in d.segments:
        if isinstance(q, Quantity) and q.kind is QKind.LENGTH and {a, b} == set(q.key) or a not in pts or b not in pts:
            continue
        p, r = np.asarray(pts[a], float), np.asarray(pts[b], float)
        v = r - p
        lv = float(np.hypot(*v))
        if lv < 1e-9 or abs(u[0] * v[1] - u[1] * v[0]) / (n * lv) >= math.sin(math.radians(ALONGSIDE[1])):
            continue
        t = np.array([0.25, 0.5, 0.75, 1.0])[:, None]
        at = start + t * u - p
        k = np.clip(at @ v / lv ** 2, 0.0, 1.0)[:, None]
        if (np.hypot(*(at - k * v).T) < ALONGSIDE[0]).all():
            return True
    return False


def _legend_text(ann: TextbookAnnotation, q: Quantity, scene: Scene) -> str:
    """A given's legend line, named: "AD = 15", "∠CAO = 25°", "arc KNM = 98°", "arc EF = 118°" (``arc_name``: never
    the language's "arc OEF"), "perimeter AEGF = 50" (a region's value moved off its region ended on no label at
    all: a given never vanishes from the figure)."""
    if q.kind in (QKind.LENGTH, QKind.ANGLE):
        return f"{query_name(q)} = {ann.texts[q]}"
    value = ann.texts[q].split(" = ", 1)[-1]  # ("perimeter = 50": its word said by the name)
    name = ann.names.get(str(q), str(q))
    pts = name.removeprefix("arc ")
    if q.kind is QKind.ARC and pts != name and len(pts) == 3 and pts[0] == q.key[0]:  # (centre first: the language's)
        name = ann.texts[q].split(" = ", 1)[0] if ann.texts[q].startswith("arc ") else arc_name(scene, pts)
        # (named through a point inside it where its label is: "arc NLM", never "arc NM" for an arc that L splits)
    return f"{name} = {value}"


def _unnamed_misread(d, ann: TextbookAnnotation) -> list:
    """The labels that may read as another element's, less those that name their element ("∠FEH = ?"): named, a
    label reads as its own wherever it sits, unless on something (each recomposition finds the named ones again:
    review 11's 30 lost its two named "?" to a later "90°" set off)."""
    names = {str(q) for q in (*ann.named, *([ann.query] if ann.named_query else []))}
    return [lab for lab in d.misread if lab.element not in names or lab.conflicts >= ON_SOMETHING
            or _in_other_wedge(d, lab)]


def _query_crowded(d, ann: TextbookAnnotation) -> bool:
    """Is the goal's bare "?" by a side within ``QUERY_APART_FONTS`` of another value (reader 16's 58: "?" 31 px
    from "AE = 51" floated between that label and EB)?"""
    from .compose import QUERY_APART_FONTS

    asked = str(ann.query)
    bare = [lab for lab in d.labels if lab.element == asked and lab.text == QUERY and lab.leader is None]
    if not bare or ann.query.kind is not QKind.LENGTH:
        return False
    x0, y0, x1, y1 = bare[0].box
    reach = QUERY_APART_FONTS * d.style.font_px * 0.8  # (a little under the placer's wish: where it gave way)
    for lab in d.labels:
        if lab is bare[0] or lab.element.startswith("point "):
            continue
        a0, b0, a1, b1 = lab.box
        if math.hypot(max(a0 - x1, x0 - a1, 0.0), max(b0 - y1, y0 - b1, 0.0)) < reach:
            return True
    return False


def _in_other_wedge(d, lab) -> bool:
    """Does an angle's label, with no leader, sit in the wedge of another drawn angle inside its own at its vertex?
    Named or not, it reads as that angle's (review 14's 08: "∠MNP = ?" in the PNQ wedge)."""
    own = d.rules.wedges.get(lab.element)
    if own is None or lab.leader is not None:
        return False
    c = np.array([[lab.x, lab.y]], dtype=float)
    return any(float(np.hypot(*(w.vertex - own.vertex))) < 0.5 and w.sweep < own.sweep - 1e-3 and bool(w.holds(c)[0])
               for e, w in d.rules.wedges.items() if e != lab.element)


def _asked_in(problem: GeneralProblem) -> frozenset:
    """The variables the answer is written in: the goal's own (find x) and those of a given value of an element it
    asks (angle BAC = x + 20, find angle BAC)."""
    if problem.goal is None:
        return frozenset()
    goal = problem.goal.expr
    out = {v for v in goal.free_symbols if element_of(v) is None}
    for f in problem.facts:
        for side, other in ((f.lhs, f.rhs), (f.rhs, f.lhs)):
            if side in goal.free_symbols:
                out |= {v for v in other.free_symbols if element_of(v) is None}
    return frozenset(out)


def _only_carrier(ann: TextbookAnnotation, d, q: Quantity) -> bool:
    """Does given ``q`` (left to the text) carry a variable that no label on the figure shows?"""
    names = {str(v) for v in ann.facts[q].free_symbols}
    shown = {w for lab in d.labels for w in re.findall(r"[A-Za-z_]\w*", lab.text)}
    return bool(names - shown)


def _squared_elsewhere(problem: GeneralProblem, kept: list[Mark], mark: Mark, angle: tuple[str, str, str]) -> bool:
    """Does another kept mark of the same relation square the two lines of right angle ``angle`` (a height's foot,
    on its free side): the lines' perpendicularity is drawn already."""
    a, v, b = angle

    def line_of(p: str, q: str) -> set[str]:
        return next((set(ln.points) for ln in problem.lines if p in ln.points and q in ln.points), {p, q})

    for other in kept:
        if other is mark or other.source != mark.source or other.kind not in ("height", "right", "right_lines"):
            continue
        if other.kind == "right":
            x, w, y = other.elements[0]
            lines = [line_of(w, x), line_of(w, y)]
        else:
            lines = [line_of(*other.elements[0][:2]), line_of(*other.elements[1][:2])]
        if any({v, a} <= one and {v, b} <= two for one, two in (lines, lines[::-1])):
            return True
    return False


def _right_values(ann: TextbookAnnotation, givens: list[dict], angles: list[tuple[str, str, str]]) -> None:
    """Right angles shown as "90°" in their arc, not by a square (another ray runs hard by a side of theirs:
    the square would read as that ray's right angle)."""
    for a, v, b in angles:
        q = Quantity.angle(a, v, b)
        if q in ann.facts or q == ann.query:
            continue
        ann.facts[q] = sympy.Integer(90)
        ann.right_values.add(q)
        ann.texts[q] = "90°"
        ann.names[str(q)] = f"angle {a}{v}{b}"
        names = {f"angle {a}{v}{b}", f"angle {b}{v}{a}"}
        given = next((g for g in givens if g["element"] in names and g["shown"] == "mark"), None)
        if given is not None:  # a given right angle: its value now, not its mark
            given.update(element=f"angle {a}{v}{b}", quantity=str(q), shown="label")
        else:  # a right angle of a relation (perpendicular lines)
            givens.append({"fact": f"angle {a}{v}{b} = 90", "element": f"angle {a}{v}{b}", "quantity": str(q),
                           "shown": "label", "implied": True})


SLIVERS = ("the angle ", "the polygon ")  # a narrow angle's fault, a flat polygon's


def _shape_fact(fact) -> bool:
    """Does a given say shape alone, whatever the figure's size: an angle's or an arc's value, or elements in a
    ratio (HJ = FJ, AE = BE/3), no variable and no length's number in it?"""
    expr = fact.lhs - fact.rhs
    elements = [element_of(x) for x in expr.free_symbols]
    if not elements or any(e is None for e in elements):
        return False
    if all(e.kind.key in ("angle", "arc") for e in elements):
        return True
    return sympy.simplify(expr.subs({x: 0 for x in expr.free_symbols})) == 0


def _loose_model(problem: GeneralProblem, model, seed: int):
    """A model of ``problem`` from its shape's facts alone (``_shape_fact``; no goal), spread readably, carrying
    ``model``'s misfit: where the givens disagree (FormalGeo 899: a leg 31 against its hypotenuse 29) the
    approximate model drew the nearest figure, an angle of 2.7°, though no fact asks it; a textbook draws the
    shape the facts state, its values not to scale (the figure's note says so).  None: no such model."""
    from geomill.solvers.numeric import build_model, spread

    loose = dataclasses.replace(problem, facts=tuple(f for f in problem.facts if _shape_fact(f)), goal=None)
    try:
        m = build_model(loose, seed=seed, check_goal=False)
    except GeomillError:
        return None
    m = spread(m) or m
    return dataclasses.replace(m, misfit=model.misfit, missed=model.missed)


CONFIRM_SEED = 7919  # the second model's seed offset: its own start, another solution of the same facts


def _equal_marks(problem: GeneralProblem, marks: list[Mark], m, seed: int, spare: dict) -> list[Mark]:
    """``marks`` with the equal groups that are one length in model ``m`` and in a second model of the problem
    (another start: a coincidence of one solution is no fact) merged (``marks.merge_equal``); as they were where a
    model misses the givens (its lengths are not the facts')."""
    if m.misfit or sum(1 for x in marks if x.kind == "equal") < 2:
        return marks
    if merge_equal(marks, [_lengths(m)]) is marks:
        return marks
    if "other" not in spare:
        try:
            spare["other"] = _model(problem, None, seed + CONFIRM_SEED)
        except GeomillError:
            spare["other"] = None
    other = spare["other"]
    if other is None or other.misfit:
        return marks
    return merge_equal(marks, [_lengths(m), _lengths(other)])


def _lengths(m) -> Callable[[tuple[str, str]], float]:
    """A segment's length in model ``m``."""
    return lambda s: float(np.hypot(*(np.asarray(m.coords[s[0]], float) - np.asarray(m.coords[s[1]], float))))


def _model(problem: GeneralProblem, model, seed: int):
    if model is not None:
        return model
    from geomill.solvers.numeric import build_model

    from .general import APPROXIMATE

    return build_model(problem, seed=seed, check_goal=False, tolerate=APPROXIMATE)


_RENDERERS: dict = {}


def _renderer(size: int, style: str, line_width: float, font_size: float, opacity: float):
    """One renderer per look for the whole process (its figure and caches are reused)."""
    from .draw import LABEL_COLOURS, Renderer

    key = (size, style, line_width, font_size, opacity)
    r = _RENDERERS.get(key)
    if r is None:
        r = Renderer(size=size, opacity=opacity, line_width=line_width, font_size=font_size)
        r.label_colours = {k: (0.0, 0.0, 0.0) for k in LABEL_COLOURS} if style == "plain" else dict(LABEL_COLOURS)
        _RENDERERS[key] = r
    return r


def _export(labels: dict, d, ann: TextbookAnnotation, givens: list[dict], goal: dict | None, model,
            scene: Scene, legend: set[str] = frozenset(), aside: str | None = None) -> dict:
    size = labels["size"][1]

    def rows(line):
        return [[round(float(x), 2), round(size - float(y), 2)] for x, y in line]

    for lab in labels["labels"]:  # a radius's value is drawn on a radius, an arc's on its central angle
        if ann.names.get(lab["element"], lab["element"]) != lab["element"]:
            lab["of"] = ann.names[lab["element"]]
    labels["circles"] = [{"centre": rows([d.frame.px(a.centre)])[0], "radius": round(a.radius * d.frame.scale, 2)}
                         for a in scene.arcs if a.sweep >= 360.0]
    arcs = [a for a in scene.arcs if a.sweep < 360.0]  # a sector's or semicircle's, counter-clockwise as drawn
    if arcs:
        labels["arcs"] = [{"centre": rows([d.frame.px(a.centre)])[0], "radius": round(a.radius * d.frame.scale, 2),
                           "from": rows([d.frame.px(_on_arc(a, a.start))])[0],
                           "to": rows([d.frame.px(_on_arc(a, a.end))])[0]} for a in arcs]
    labels["marks"] = [{"kind": "right" if m.kind == "right_lines" else m.kind,
                        "elements": [element_text(m.kind, e) for e in m.elements],
                        "count": m.count, "source": m.source, **({"sides": ["".join(e) for e in m.sides]}
                                                                  if m.sides else {}),
                        "pixels": [rows(line) for line in lines],
                        **({"gap": rows(_break_ends(d.breaks[m.source]))} if m.kind == "dimension" and
                           m.source in d.breaks else {})} for m, lines in d.relation_marks]
    placed = {lab["element"] for lab in labels["labels"]}
    labels["marks"] += _right_arcs(labels, ann, placed)
    led = {lab["element"] for lab in labels["labels"] if lab["leader"] is not None and " = " in lab["text"]}
    for g in givens:
        if g["shown"] == "text" and g["element"] in legend:  # (no drawn element is it: named in the legend)
            g["shown"] = "legend"
        elif g["shown"] == "text" and g["element"] in led:  # (a circle's, led to its rim: on the figure by it)
            g["shown"], g["quantity"] = "label", g["element"]
        if g["shown"] == "label":
            g["drawn"] = q = g.pop("quantity")
            if q in legend:  # (named in a free corner of the figure: no place by its element read as its)
                g["shown"] = "legend"
            elif any(x in {str(y) for y in ann.in_text} or x not in placed for x in g.get("ratio", [q])):
                g["shown"] = "moved"  # (a ratio: both its parts on the figure, or it is not shown)
    labels["givens"] = givens
    if goal is not None:
        goal["drawn"] = goal.pop("quantity", None)
        words = {w for lab in labels["labels"] for w in _words(lab["text"])}
        goal["marked"] = goal["drawn"] in placed or goal["element"] in words  # "?", or its variable drawn
        asked = next((lab["text"] for lab in labels["labels"] if lab["element"] == goal["drawn"]
                      and lab["text"].endswith(QUERY)), None)
        if asked is not None:  # the asked label as drawn ("sin ∠BAC = ?")
            goal["text"] = asked
        if aside is not None:  # (named in a free corner, "tan ∠BAC = ?": ``aside``, its line's element; or by it)
            goal["marked"], goal["shown"] = True, "label" if LED_QUERY in legend else "legend"
            goal["text"] = next(lab["text"] for lab in labels["labels"] if lab["element"] == aside
                                and lab["text"].endswith(QUERY))
        if ann.query is None and not goal["marked"]:
            goal["shown"] = "text"  # (no place on the figure reads as its own: the question alone says it)
        if ann.also_asked and ann.query is not None:  # a sum: every angle of it marked
            goal["parts"] = [str(q) for q in (ann.query, *ann.also_asked)]
            goal["marked"] = all(p in placed for p in goal["parts"])
    labels["goal"] = goal
    labels["dots"] = sorted(set(d.dotted))  # the points drawn with a dot of their own
    labels["approximate"] = bool(model.misfit)
    return labels


def _break_ends(brk: tuple) -> list[np.ndarray]:
    """The two ends of a dimension line's break (its value sits between them)."""
    whole, _, mid, half, _ = brk
    u = np.asarray(whole[-1], float) - np.asarray(whole[0], float)
    u = u / max(float(np.hypot(*u)), 1e-9)
    return [mid - half * u, mid + half * u]


def _right_arcs(labels: dict, ann: TextbookAnnotation, placed: set[str]) -> list[dict]:
    """The right angles of relations drawn "90°" in their arc, not by a square (a ray crosses every square they
    could have): each a mark of kind ``right_arc``, the arc's pixels (y down, as the export's), so that a checker
    reads the relation as marked."""
    radii = {am["element"]: am["radius"] for am in labels.get("angle_marks", [])}
    out = []
    for q, source in sorted(ann.right_sources.items(), key=lambda qs: str(qs[0])):
        if str(q) not in placed or str(q) not in radii or not all(n in labels["points"] for n in q.key):
            continue
        a, v, b = (np.array(labels["points"][n], float) for n in q.key)
        ta, tb = (math.atan2(*(e - v)[::-1]) for e in (a, b))
        turn = math.remainder(tb - ta, 2 * math.pi)  # (the angle's own side, under 180°)
        t = ta + turn * np.linspace(0.0, 1.0, 13)
        arc = v + radii[str(q)] * np.column_stack([np.cos(t), np.sin(t)])
        out.append({"kind": "right_arc", "elements": [f"angle {''.join(q.key)}"], "count": 1, "source": source,
                    "pixels": [[[round(float(x), 2), round(float(y), 2)] for x, y in arc]]})
    return out


def _words(text: str) -> set[str]:
    import re

    return set(re.findall(r"[a-z]+", text))
