"""Everything the picture will contain, in pixel coordinates, before any drawing.

``compose`` decides the data→pixel frame, the fills, the strokes, the marks
(right angles, angle arcs, dashed heights) and where every label goes.  The
renderer draws exactly this, and the raster check verifies the pixels
against exactly this, so both share one transform.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property, partial

import numpy as np
import shapely
from geomill.engine.kinds import KINDS
from geomill.engine.model import QKind, Quantity
from matplotlib.path import Path
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon
from shapely.ops import unary_union

from . import looks
from .annotate import Annotation
from .attribution import EDGE, Rules, Strokes, Wedge
from .colours import FILL_OPACITY
from .labels import (
    FIRST,
    LABEL_GAP,
    MISREAD,
    ON_SOMETHING,
    SAME_LINE_FONTS,
    Occupancy,
    Placed,
    Placer,
    off_polygons,
    offset_centres,
    offset_centres_many,
    outside,
    snapped_boxes,
)
from .scene import XY, Scene, SceneArc

DPI = 100
ANGLE_TOL = 1e-6


@dataclass(frozen=True)
class Style:
    size: int = 512
    opacity: float = FILL_OPACITY
    line_width: float = 1.5  # points
    font_size: float = 12.0  # points

    @property
    def lw_px(self) -> float:
        return self.line_width * DPI / 72

    @property
    def font_px(self) -> float:
        return self.font_size * DPI / 72


@dataclass(frozen=True)
class Frame:
    """Scene coordinates -> pixels (origin bottom left, y up, as matplotlib's display)."""

    scale: float
    ox: float
    oy: float
    size: int

    def px(self, p: XY) -> tuple[float, float]:
        return (self.ox + self.scale * p[0], self.oy + self.scale * p[1])

    def pxs(self, pts) -> np.ndarray:
        """(The same operations as ``px`` on every row: scale times the coordinate, plus the origin.)"""
        a = np.asarray(pts, dtype=float).reshape(-1, 2)
        return self.scale * a + (self.ox, self.oy)

    @staticmethod
    def fit(scene: Scene, size: int, margin: float) -> Frame:
        return Frame.fit_points(scene, [s.rings()[0] for s in scene.shapes], size, margin)

    @staticmethod
    def fit_points(scene: Scene, outlines: list[np.ndarray], size: int, margin: float) -> Frame:
        """``fit`` with the shapes' outlines already densified (they are needed again for the fills)."""
        pts = np.concatenate([np.asarray(list(scene.points.values()), dtype=float).reshape(-1, 2), *outlines])
        x0, y0 = pts.min(axis=0)
        x1, y1 = pts.max(axis=0)
        w, h = max(x1 - x0, 1e-9), max(y1 - y0, 1e-9)
        scale = (size - 2 * margin) / max(w, h)
        ox = size / 2 - scale * (x0 + x1) / 2
        oy = size / 2 - scale * (y0 + y1) / 2
        return Frame(scale, ox, oy, size)


@dataclass
class Fill:
    name: str
    colour: str
    rgb: tuple[float, float, float]
    rings: list[np.ndarray]  # pixel rings, first the outer boundary
    kind: str = ""  # the shape's catalogue kind (the label export names it: a reader checks a square's ticks)
    shade: float = 0.0  # its own opacity over the style's (``SceneShape.shade``)

    @cached_property
    def path(self) -> Path:
        """The rings as one matplotlib path (built once: the side labels test it, the renderer draws it)."""
        codes = np.full(sum(len(r) for r in self.rings), Path.LINETO, dtype=Path.code_type)
        start = 0
        for ring in self.rings:
            codes[start], codes[start + len(ring) - 1] = Path.MOVETO, Path.CLOSEPOLY
            start += len(ring)
        return Path(np.concatenate(self.rings), codes)


@dataclass
class Drawing:
    style: Style
    frame: Frame
    fills: list[Fill] = field(default_factory=list)
    strokes: list[np.ndarray] = field(default_factory=list)  # polylines in pixels
    segments: list[tuple[str, str, np.ndarray]] = field(default_factory=list)  # named, for checking
    dashed: list[np.ndarray] = field(default_factory=list)
    marks: list[np.ndarray] = field(default_factory=list)
    labels: list[Placed] = field(default_factory=list)
    leaders: list[np.ndarray] = field(default_factory=list)  # thin lines to labels set far off
    heights: dict[str, np.ndarray] = field(default_factory=dict)  # shape name -> its dashed height (pixels)
    angle_arcs: dict[str, np.ndarray] = field(default_factory=dict)  # "angle ABC" -> its arc mark (in marks)
    rules: Rules | None = None  # the attribution rules of this figure's elements
    misread: list[Placed] = field(default_factory=list)  # labels that break their rule (none, normally)
    faults: list[str] = field(default_factory=list)  # shapes that read wrong before any label (render.looks)
    relation_marks: list = field(default_factory=list)  # (marks.Mark, its polylines in ``marks``): for the export
    query: str = ""  # the asked element, as its label's ``element`` spells it ("" when none)
    dotted: list[str] = field(default_factory=list)  # the points drawn with a dot (``_straight_points``)
    breaks: dict = field(default_factory=dict)  # a dimension line's value (str of its quantity) -> (its whole line,
    # the two pieces drawn in ``marks``, the break's middle, half its length): the value sits in the break

    def over_white(self) -> list[bool]:
        """For each fill (in painting order), whether no fill painted before it lies under it: there its
        translucent colour over the white page is one opaque colour, which Agg paints at about a third of
        the cost of blending (``Renderer._paint``).  Shapes only touching (a shared side, a point on a
        side) do not count: rounding leaves them slivers of overlap under ``SLIVER`` px²."""
        n = len(self.fills)
        out = [True] * n
        if n < 2:
            return out
        own = self.rules.fills if self.rules is not None else {}
        polys = [own[f.name] if f.name in own else _region(f.rings) for f in self.fills]
        box = shapely.bounds(polys).tolist()
        pairs = [(i, j) for j in range(1, n) for i in range(j)  # (i painted before j, their bounds meeting)
                 if box[i][0] < box[j][2] and box[j][0] < box[i][2] and box[i][1] < box[j][3] and box[j][1] < box[i][3]]
        if pairs:  # interiors meet (slivers too): asked of the rules where they hold both fills (they may know)
            names = [f.name for f in self.fills]
            if all(name in own and own[name] is poly for name, poly in zip(names, polys)) and len(set(names)) == n:
                meet = self.rules.interiors_meet([(names[i], names[j]) for i, j in pairs])
            else:
                meet = shapely.relate_pattern([polys[i] for i, _ in pairs], [polys[j] for _, j in pairs],
                                              "T********").tolist()
            pairs = [pair for pair, m in zip(pairs, meet) if m]
        if pairs:
            shared = shapely.area(shapely.intersection([polys[i] for i, _ in pairs], [polys[j] for _, j in pairs]))
            for (_, j), area in zip(pairs, shared.tolist()):
                if area > SLIVER:
                    out[j] = False
        return out


SLIVER = 1e-3  # px² two fills may share and still count as only touching (Drawing.over_white)

TextSize = Callable[..., tuple[float, float]]  # (text[, font size in points]) -> (w, h) pixels


class GaveUp(Exception):
    """Every value of ``Annotation.give_up`` went to the text: the try they were on the figure for has failed,
    and composing the rest would be waste."""


def _give_up(annotation: Annotation) -> None:
    """Stop (``GaveUp``) once every value of ``annotation.give_up`` is in the text (none comes back from it)."""
    if annotation.give_up and annotation.give_up <= annotation.in_text:
        raise GaveUp


class _Refused(Exception):
    """A label that will read wrong whatever follows (a point letter, a letter or mark the text cannot
    take over): with ``fail_fast`` the composition stops there."""

    def __init__(self, label: Placed):
        super().__init__(label.element)
        self.label = label


def compose(scene: Scene, annotation: Annotation, style: Style, text_size: TextSize,
            fail_fast: bool = False, judged: Judged | None = None) -> Drawing:
    """The drawing.  A given value that no place lets a reader attach to its own element goes to
    the question text (``Annotation.move_to_text``): where that changes no mark, as the labels are
    placed (see ``_place_items``), else by placing them all again; what still reads wrong is left
    in ``Drawing.misread`` for the caller (the generator refuses the figure).  ``fail_fast``: stop at
    the first label that will read wrong whatever follows (the drawing then has only the labels placed
    so far, and that one in ``misread``): the generator refuses such a figure, so placing the rest is waste.
    ``judged``: the shapes' fills and faults the caller already has for this scene and style (``judge``:
    the generator checks them before composing), so that they are not made again."""
    d = _compose_once(scene, annotation, style, text_size, fail_fast, judged)
    if fail_fast and d.misread and any(not annotation.on_image(_quantity(annotation, lab)) for lab in d.misread):
        return d
    drawn = {str(q): q for q in annotation.facts if annotation.on_image(q)}
    moved = [drawn[lab.element] for lab in d.misread if lab.element in drawn]
    if moved:
        annotation.move_to_text(moved)
        _give_up(annotation)
        d = _compose_once(scene, annotation, style, text_size, fail_fast, judged)
    return d


def _quantity(annotation: Annotation, lab: Placed):
    """The fact a label shows, if it is one (None: a point letter, a letter, a query mark)."""
    return next((q for q in annotation.facts if str(q) == lab.element), None)


def _margin(style: Style) -> float:
    return 2.2 * style.font_px + 8


def _framed(scene: Scene, style: Style) -> tuple[Frame, list[list[np.ndarray]]]:
    """The figure's frame and each shape's rings in pixels (its outline, then its holes), framed as
    the figure will be drawn."""
    rings = [s.rings() for s in scene.shapes]
    loose = [_arc_points(a) for a in scene.arcs if not a.shape]  # (a shape's arcs are on its outline)
    frame = Frame.fit_points(scene, [r[0] for r in rings] + loose, style.size, _margin(style) + scene.pad)
    return frame, [[frame.pxs(ring) for ring in r] for r in rings]


def _arc_points(arc) -> np.ndarray:
    """An arc that belongs to no shape (a textbook figure's circle) as points along it, every 2°."""
    n = max(2, math.ceil(arc.sweep / 2.0))
    t = np.radians(arc.start + arc.sweep * np.arange(n + 1) / n)
    return np.column_stack([arc.centre[0] + arc.radius * np.cos(t), arc.centre[1] + arc.radius * np.sin(t)])


@dataclass(frozen=True)
class Judged:
    """A scene's shapes as drawn in a style, before any label: their fills and what reads wrong in them
    (``render.looks.faults``), made once for the caller's checks and ``compose``, with the frame and
    pixel rings they were made from (``compose`` draws in them rather than fitting them again)."""

    fills: dict[str, Polygon]
    faults: list[str]
    frame: Frame
    rings: list[list[np.ndarray]]  # each scene shape's, outline then holes (pixels)


def judge(scene: Scene, style: Style) -> Judged:
    """The generator's first, cheap check, from the scene alone: a figure refused here costs no label
    placement nor painting (issue 24's 40 px minimum refuses a few figures in ten)."""
    frame, rings = _framed(scene, style)
    fills = {s.name: _region(r) for s, r in zip(scene.shapes, rings)}
    return Judged(fills, looks.faults(scene.shapes, fills, style.size), frame, rings)


def _compose_once(scene: Scene, annotation: Annotation, style: Style, text_size: TextSize,
                  fail_fast: bool = False, judged: Judged | None = None) -> Drawing:
    frame, rings = (judged.frame, judged.rings) if judged is not None else _framed(scene, style)
    d = Drawing(style, frame)
    d.fills = [Fill(s.name, s.colour, s.colour_rgb, r, s.kind, s.shade) for s, r in zip(scene.shapes, rings)]
    _add_strokes(d, scene)
    d.marks += _emphasised_arcs(scene, frame)
    marks, dashed = annotation.drawn(scene, frame, style)
    d.relation_marks = list(annotation.export)
    d.query = "" if annotation.query is None else str(annotation.query)
    d.marks += marks
    d.dashed += dashed
    items = annotation.items()
    arc_radius = _add_marks(d, scene, annotation, items, text_size)
    _break_dimensions(d, scene, items, text_size)
    d.rules = _rules(d, scene, items, arc_radius, None if judged is None else judged.fills)
    d.rules.side_offsets = annotation.side_offsets()
    d.rules.set_off = annotation.set_off()
    d.rules.named_sides = annotation.named_sides()
    if annotation.arcs_clear and annotation.query is not None and annotation.query.kind is QKind.LENGTH:
        d.rules.asked_sides = frozenset(str(it.quantity) for it in items  # (a textbook figure's bare "?")
                                        if it.quantity == annotation.query and it.text.strip() == "?")
    if annotation.arcs_clear:  # (a textbook figure's side value clearly nearest its side: review 8 read "25",
        d.rules.centre_ratio = TEXTBOOK_CENTRE_RATIO  # 2.1 times nearer BD than AC, as AC's)
    fills = d.rules.fills
    if fills and (extra := annotation.other_regions(fills)):  # regions a label may read as, not shapes
        d.rules.fills = {**fills, **extra}
    try:
        _place_all(d, scene, annotation, items, arc_radius, text_size, fail_fast)
    finally:
        d.rules.release()
    _join_unfilled_breaks(d)
    d.faults = looks.faults(scene.shapes, fills, style.size) if judged is None else list(judged.faults)
    return d


DIM_BREAK_PAD = 6.0  # px between a dimension line's value and the broken line's ends on either side of it (the
# occupancy grid's cells and the stroke's half width lie within it: the value's box in the break is clear)
DIM_BREAK_ROOM = 16.0  # px of line each side of the break at least (its arrowhead and a stretch that reads as a line)


def _break_dimensions(d: Drawing, scene: Scene, items, text_size: TextSize) -> None:
    """Each dimension line broken at its middle for its value, as a textbook draws one: the value in the line
    reads as the whole span's, where beside it (by one piece of a split side, or away from a line with no room
    beyond it) blind readers 28 and 29 read "AC = 21" as GC's and found lines with no value.  The value's first
    place is the break (``_place_items``); a break no value fills is joined again (``_join_unfilled_breaks``)."""
    texts = {str(it.quantity): it.text for it in items}
    for m, lines in d.relation_marks:
        if m.kind != "dimension" or m.source not in texts or not lines:
            continue
        whole = lines[0]
        a, b = np.asarray(whole[0], float), np.asarray(whole[-1], float)
        n = float(np.hypot(*(b - a)))
        if n < 1e-9:
            continue
        u = (b - a) / n
        w, h = text_size(texts[m.source])
        half = (abs(w * u[0]) + abs(h * u[1])) / 2 + DIM_BREAK_PAD
        if n / 2 - half < DIM_BREAK_ROOM:
            continue
        k = next((i for i, x in enumerate(d.marks) if x is whole), None)
        if k is None:
            continue
        mid = np.rint(_break_spot(d, scene, a, u, n, w, h, k))  # (where the placer puts a label: on whole pixels)
        pieces = [np.array([a, mid - half * u]), np.array([mid + half * u, b])]
        d.marks[k:k + 1] = pieces
        d.breaks[m.source] = (whole, pieces, mid, half, (w, h))


BREAK_ALONG = (0.5, 0.42, 0.58, 0.34, 0.66)  # shares of a dimension line its break may sit at: its middle third
BREAK_LETTER_FONTS = 1.5  # a break's value box this far from every drawn point at least: room for the point's letter
BREAK_STROKE = 4.0  # px from every other stroke and mark


def _break_spot(d: Drawing, scene: Scene, a: np.ndarray, u: np.ndarray, n: float, w: float, h: float,
                own: int) -> np.ndarray:
    """Where along its dimension line a w×h value's break goes: the middle, else the nearest spot of the middle
    third whose box keeps clear of the other strokes and leaves room for every point's letter (reader 29's 10: G's
    letter level with AC's middle took the break's place, and "AC = 16" went to the legend)."""
    from shapely.geometry import LineString, Point, box

    lines = [LineString(x) for i, x in enumerate([*d.strokes, *d.marks, *d.dashed])
             if len(x) > 1 and not (i - len(d.strokes) == own)]
    points = [Point(*d.frame.px(xy)) for xy in scene.points.values()]
    for t in BREAK_ALONG:
        c = a + t * n * u
        bx = box(c[0] - w / 2, c[1] - h / 2, c[0] + w / 2, c[1] + h / 2)
        if all(bx.distance(ln) >= BREAK_STROKE for ln in lines) and \
                all(bx.distance(pt) >= BREAK_LETTER_FONTS * d.style.font_px for pt in points):
            return c
    return a + 0.5 * n * u


def _break_centres(d: Drawing, element: str, w: float, h: float) -> np.ndarray:
    """The centre of a dimension line's break, where the w×h value fits it (none: it does not)."""
    if element not in d.breaks:
        return np.zeros((0, 2))
    whole, _, mid, half, _ = d.breaks[element]
    u = np.asarray(whole[-1], float) - np.asarray(whole[0], float)
    u = u / max(float(np.hypot(*u)), 1e-9)
    if (abs(w * u[0]) + abs(h * u[1])) / 2 > half - 0.5:
        return np.zeros((0, 2))
    return np.array([mid], dtype=float)


def _hold_breaks(d: Drawing, occ: Occupancy) -> np.ndarray | None:
    """Each dimension line's break kept clear of the point letters, placed before the values (reader 29's 10: G's
    letter level with AC's middle took the break, and "AC = 16" went to the legend): the grid as it was, to put
    back once the letters are placed (None: no break)."""
    if not d.breaks:
        return None
    saved = occ.grid.copy()
    for _, _, mid, _, (w, h) in d.breaks.values():
        pad = LABEL_GAP + 2.0  # (as far as a letter keeps from a label, and a grid cell's rounding)
        occ.mark_box((mid[0] - w / 2 - pad, mid[1] - h / 2 - pad, mid[0] + w / 2 + pad, mid[1] + h / 2 + pad))
    occ._sat = None
    occ.version += 1
    return saved


def _join_unfilled_breaks(d: Drawing) -> None:
    """A dimension line whose value went elsewhere (beyond it, to the text) drawn whole again: a break with
    nothing in it reads as two lines."""
    for element, (whole, pieces, mid, _, _) in list(d.breaks.items()):
        if any(lab.element == element and lab.leader is None and math.hypot(lab.x - mid[0], lab.y - mid[1]) < 0.5
               for lab in d.labels):
            continue
        k = next((i for i, x in enumerate(d.marks) if x is pieces[0]), None)
        if k is not None and k + 1 < len(d.marks) and d.marks[k + 1] is pieces[1]:
            d.marks[k:k + 2] = [whole]
        del d.breaks[element]


def _place_all(d: Drawing, scene: Scene, annotation: Annotation, items, arc_radius: dict[Quantity, float],
               text_size: TextSize, fail_fast: bool) -> None:
    """Every label placed (or, with ``fail_fast``, up to the first that reads wrong), and what reads
    wrong in ``d.misread``."""
    style = d.style
    occ = Occupancy(style.size)
    occ.mark_polylines(d.strokes + d.marks + d.dashed, style.lw_px / 2 + 1.5)
    for box in annotation.keep_clear:
        occ.mark_box(box)
    placer = Placer(style.size, occ, margin=EDGE)
    try:
        if annotation.style == "coordinate":
            saved = _hold_breaks(d, occ)
            _place_points(d, scene, placer, occ, text_size, {s.name: s.rings()[0] for s in scene.shapes}, fail_fast)
            if saved is not None:  # (the values' own places, free again for them)
                occ.grid[...] = saved
                occ._sat = None
                occ.version += 1
        _place_items(d, scene, annotation, items, arc_radius, placer, occ, text_size, fail_fast)
    except _Refused as e:
        d.misread = [e.label]
        return
    misread = d.rules.misread(d.labels)
    # a point letter with no clean place (in a shape, on a stroke: never set off) and labels read as one
    # (a value too: with no leader to carry it off, its least bad place may lie on a stroke or a label)
    misread += [lab for lab in d.labels if (lab.role == "point" and lab.conflicts or lab.conflicts >= ON_SOMETHING)
                and lab not in misread]
    d.misread = misread + [lab for lab in crowded(d.labels, style.font_px) if lab.conflicts and lab not in misread]


def _add_strokes(d: Drawing, scene: Scene) -> None:
    """The sides (named, for the checks), the arcs and the dashed heights."""
    frame = d.frame
    for a, b in scene.segments:
        line = frame.pxs([scene.points[a], scene.points[b]])
        d.strokes.append(line)
        d.segments.append((a, b, line))
    for arc in scene.arcs:
        n = max(2, math.ceil(arc.sweep / 2.0))
        t = np.radians(arc.start + arc.sweep * np.arange(n + 1) / n)
        pts = np.column_stack([arc.centre[0] + arc.radius * np.cos(t), arc.centre[1] + arc.radius * np.sin(t)])
        d.strokes.append(frame.pxs(pts))
    names = list(scene.height_shapes) + [""] * (len(scene.heights) - len(scene.height_shapes))
    bases = list(scene.height_bases) + [None] * (len(scene.heights) - len(scene.height_bases))
    for (top, foot), name, base in zip(scene.heights, names, bases):
        line = frame.pxs([top, foot])
        d.dashed.append(line)
        if name:
            d.heights.setdefault(name, line)
        if base is not None:
            _mark_foot(d, line, frame.pxs(base))


def _mark_foot(d: Drawing, line: np.ndarray, base: np.ndarray) -> None:
    """A dashed height's foot, made plain (review 6: a height whose foot lay beyond its side, with no
    mark, read as no height): a right-angle mark on the side's side of the foot, and, where the foot
    lies beyond the side, the side's line extended to it, dashed."""
    top, foot = line[0], line[1]
    up = top - foot
    n = float(np.hypot(*up))
    if n < 1e-6:
        return
    along = base[1] - base[0]
    length = float(np.hypot(*along))
    if length < 1e-6:
        return
    u = along / length
    t = float((foot - base[0]) @ u)
    near = base[0] if t < 0 else base[1] if t > length else None
    if near is not None:  # beyond the side: extend it
        d.dashed.append(np.array([near, foot]))
    towards = (base[0] + base[1]) / 2 - foot
    v = u if float(towards @ u) >= 0 else -u
    s = max(4.0, min(0.5 * d.style.font_px, 0.3 * n))
    up = up / n
    d.marks.append(np.array([foot + s * up, foot + s * (up + v), foot + s * v]))


def _add_marks(d: Drawing, scene: Scene, annotation: Annotation, items,
               text_size: TextSize | None = None) -> dict[Quantity, float]:
    """Right-angle marks and the arcs of labelled angles; each labelled angle's mark radius."""
    frame, style = d.frame, d.style
    arc_radius: dict[Quantity, float] = {}
    squared = set()
    squares: list[np.ndarray] = []  # (the right-angle squares drawn here; a relation's are in d.relation_marks)
    for q in _right_angles(scene, annotation):
        squares.append(_right_mark(scene, frame, q, style))
        d.marks.append(squares[-1])
        squared.add(_corner(scene, q))
    for it in items:
        if it.quantity.kind is QKind.RADIUS:
            radius = _radius_line(scene, frame, it.quantity.key[0])
            if radius is not None:
                d.dashed.append(radius)
    if annotation.style == "coordinate":
        d.marks += _straight_points(d, scene, getattr(annotation, "rims", ()))
    at_vertex: dict[str, float] = {}  # the widest arc drawn so far at each vertex
    held: dict[str, list[tuple[float, float, float]]] = {}  # per vertex: each arc's (start, sweep, reach of its
    # value beyond it)
    set_off = annotation.set_off()
    angles = sorted((it for it in items if it.quantity.kind is QKind.ANGLE), key=lambda it: str(it.quantity))
    if annotation.arcs_clear:  # (an angle that holds another at its vertex after it: its arc further out, never one
        # inside its part's arc that shows there as a double arc, review 12's 08, 30; of angles side by side, the
        # smaller first, but a narrow one's arc out where its wedge has room for its value, issue 38)
        labelled = [a.quantity for a in angles]  # (read before the sort: a list being sorted reads empty)
        angles.sort(key=lambda it: _arc_order(scene, frame, it.quantity, labelled))
    for it in angles:
        asked_bare = it.quantity == annotation.query and _corner(scene, it.quantity) not in squared
        right = _is_right(scene, it.quantity, 0.5 if annotation.arcs_clear else 1e-6) \
            and not _leaks(annotation, it.quantity)
        if annotation.arcs_clear and right and _crossing_squared(d, squares, frame, scene, it.quantity):
            right = False  # (a square in a neighbouring quarter of the same crossing says it: a second square there
            # reads with the first as one rectangle, review 17's 03; a derived right angle is not marked again,
            # its value gets an arc)
        if annotation.arcs_clear and right and not annotation.arced(it.quantity) and it.quantity != annotation.query:
            # a valued right angle: its square with its value by it, never an arc on (or instead of) a square
            if _corner(scene, it.quantity) not in squared and not _squared(d, scene, frame, it.quantity):
                from .mark_place import apart_square  # (a textbook figure's: GeomVerse's start-up needs no
                from .marks import Mark  # relation blocks)

                square = apart_square(_right_mark(scene, frame, it.quantity, style),
                                      [np.asarray(ln[0], float) for m, ln in d.relation_marks
                                       if m.kind in ("right", "right_lines", "height") and ln])
                d.marks.append(square)
                squares.append(square)
                d.relation_marks.append((Mark("right", (it.quantity.key,), f"{it.quantity} = 90"), [square]))
                squared.add(_corner(scene, it.quantity))
            arc_radius[it.quantity] = _mark_size(scene, frame, it.quantity, style) * 1.4
            continue
        if not right or annotation.arced(it.quantity) or asked_bare:
            # (an asked right angle no square marks gets its arc: a "?" alone names no angle)
            # angles at one vertex get arcs of distinct radii, ARC_STEP apart: adjacent (supplementary,
            # complementary) angles drawn at one radius read as one angle
            v = it.quantity.key[1]
            # (the arc fits the shortest text the angle may be drawn with, its letter where it has one: the
            # marks then do not depend on whether its value goes to the text as the labels are placed)
            bare = annotation.unvalued_item(it.quantity)
            fit = text_size(bare.text if bare is not None else it.text) if text_size is not None else None
            if str(it.quantity) in set_off:  # (its value may be set off with a leader: a small arc at its corner,
                fit = (0.0, 0.0)  # wide enough for the leader's end between its rays)
            inner = at_vertex.get(v, -math.inf)
            if annotation.arcs_clear:  # (a textbook figure's arcs at one vertex ARC_APART px apart at least: two 8 px
                inner += max(0.0, ARC_APART - ARC_STEP * style.font_px)  # apart read as one double arc, review 7)
            if annotation.arced(it.quantity):  # a right angle with a ray hard by a side: an arc wide enough to
                inner = max(inner, (RIGHT_ARC_FONTS - ARC_STEP) * style.font_px)  # show which ray it ends on
            inner = max(inner, annotation.arc_floor(scene, frame, it.quantity) - ARC_STEP * style.font_px)
            if annotation.arcs_clear:
                inner = max(inner, _beyond_squares(d, scene, frame, it.quantity) - ARC_STEP * style.font_px,
                            _beyond_count_arcs(d, scene, frame, it.quantity) - ARC_STEP * style.font_px)
                beyond = _beyond_held(held.get(v, []), scene, frame, it.quantity)
                if beyond <= short_side(scene, frame, it.quantity) - ARM_END_PX:  # (past its shorter arm's end,
                    # the held value moves instead: reader 36's 09, an 88° arc 170 px out by a 142 px side MB ran
                    # past B and over MH's arrow)
                    inner = max(inner, beyond - ARC_STEP * style.font_px)
            line, r = _angle_arc(scene, frame, it.quantity, style, inner, fit, annotation.arcs_clear,
                                 it.quantity == annotation.query)
            at_vertex[v] = r
            if annotation.arcs_clear:
                held.setdefault(v, []).append(_arc_reach(scene, frame, it.quantity, r, fit, style.font_px))
            d.marks.append(line)
            d.angle_arcs[str(it.quantity)] = line
            arc_radius[it.quantity] = r
            if annotation.arcs_clear:
                _tick_value_arc(d, scene, frame, it.quantity, line, r)
        else:
            arc_radius[it.quantity] = _mark_size(scene, frame, it.quantity, style) * 1.4
    return arc_radius


NARROW_WEDGE = math.radians(45.0)  # an angle narrower holds its value only beyond an arc drawn wider than usual


def _arc_order(scene: Scene, frame: Frame, q: Quantity, angles: list[Quantity]) -> tuple[int, bool, float]:
    """Where angle ``q``'s arc goes among the labelled angles at its vertex, innermost first: after every angle it
    holds (both rays within its wedge); among the angles that hold as many, the smaller first, but a narrow one
    (``NARROW_WEDGE``) after the others, the narrowest outermost: its value needs the room out there."""
    _, t0, sweep = _angle_rays(scene, frame, q)
    held = 0
    for other in angles:
        if other == q or other.key[1] != q.key[1]:
            continue
        _, s0, s = _angle_rays(scene, frame, other)
        start = (s0 - t0) % (2 * math.pi)
        start = 0.0 if start > 2 * math.pi - 1e-6 else start  # (a shared first ray)
        held += s < sweep - 1e-6 and start + s < sweep + 1e-6
    narrow = sweep < NARROW_WEDGE
    return held, narrow, -round(sweep, 6) if narrow else round(sweep, 6)


SQUARE_ARC_GAP = 9.0  # px: an angle's arc inside a right angle runs this far beyond the corner of its square


def _beyond_squares(d: Drawing, scene: Scene, frame: Frame, q: Quantity) -> float:
    """The least radius of angle ``q``'s arc that clears the corner of every right-angle square at its vertex
    whose quarter the arc's span shares, by ``SQUARE_ARC_GAP`` (review 8: a 30° arc 2 px past the square's
    corner hid the square; the reader saw no right angle there); -inf where there is none."""
    pv, t0, sweep = _angle_rays(scene, frame, q)
    out = -math.inf
    for m, lines in d.relation_marks:
        if m.kind not in ("right", "right_lines", "height") or not lines or len(lines[0]) != 3:
            continue
        sq = np.asarray(lines[0], float)
        v = sq[0] + sq[2] - sq[1]
        if float(np.hypot(*(v - pv))) > 1.0:
            continue
        mid = math.atan2(*(sq[1] - v)[::-1])
        if any(abs(math.remainder(t0 + sweep * k / 16 - mid, 2 * math.pi)) < math.radians(44.0) for k in range(1, 16)):
            out = max(out, float(np.hypot(*(sq[1] - v))) + SQUARE_ARC_GAP)
    return out


HELD_GAP = 8.0  # px between a held angle's value and the arc of an angle that holds it
ARM_END_PX = 10.0  # px an angle's arc keeps inside the end of its shorter arm, where it clears a held angle's value
ANGLE_GAP_FONTS = 0.4  # an angle's value within this far beyond its arc and the label gap (``_ANGLE_GAPS``' third)


def _arc_reach(scene: Scene, frame: Frame, q: Quantity, r: float, fit: tuple[float, float] | None,
               fpx: float) -> tuple[float, float, float]:
    """Angle ``q``'s arc (start, sweep) and how far out from its vertex its value reaches, set just beyond its
    arc in its wedge (its arc's radius where it has no such value)."""
    _, t0, sweep = _angle_rays(scene, frame, q)
    if not fit or not (fit[0] or fit[1]):
        return t0, sweep, r
    mid = t0 + sweep / 2
    return t0, sweep, r + 4.0 + ANGLE_GAP_FONTS * fpx + abs(fit[0] * math.cos(mid)) + abs(fit[1] * math.sin(mid))


def _beyond_held(arcs: list[tuple[float, float, float]], scene: Scene, frame: Frame, q: Quantity) -> float:
    """The least radius of angle ``q``'s arc that clears, by ``HELD_GAP``, the value of every angle drawn at its
    vertex that lies inside it (review 12's 08, 30: the whole angle's arc inside its part's read as a double
    arc there; just beyond its part's arc, it left the part's value no room); -inf where there is none."""
    _, t0, sweep = _angle_rays(scene, frame, q)
    out = -math.inf
    for s0, s, reach in arcs:
        if s < sweep and ((s0 - t0) % (2 * math.pi)) <= sweep - s + 1e-6:
            out = max(out, reach + HELD_GAP)
    return out


def _beyond_count_arcs(d: Drawing, scene: Scene, frame: Frame, q: Quantity) -> float:
    """The least radius of angle ``q``'s value arc that keeps ``ARC_APART`` px beyond the tick ends of every
    equal-angle arc of another angle at its vertex (review 12's 52: a bisected angle's value arc at its halves'
    radius doubled one half's count arc, and the halves read as different angles); -inf where there is none."""
    a, v, b = q.key
    pv = np.asarray(frame.px(scene.points[v]), dtype=float)
    own = (min(a, b), v, max(a, b))
    out = -math.inf
    for m, lines in d.relation_marks:
        per = 1 + m.count
        if m.kind != "equal_angle" or len(lines) != per * len(m.elements):
            continue
        for i, (x, w, y) in enumerate(m.elements):
            if w == v and (min(x, y), w, max(x, y)) != own:
                out = max(out, float(np.hypot(*(np.asarray(lines[i * per][0], float) - pv))) + ARC_TICK_OUT +
                          COUNT_ARC_APART)
    return out


VALUE_TICK = (7.0, 1.5)  # px a tick across a value's arc reaches in and out (its value sits just beyond the arc)


def _tick_value_arc(d: Drawing, scene: Scene, frame: Frame, q: Quantity, arc: np.ndarray, r: float) -> None:
    """An angle of an equal-angle group that carries its value on an arc: the group's ticks go across that arc,
    in place of the group's own small arc there (review 6: a ticked arc inside the value's arc read as a double
    arc, another group than its single-arc partner)."""
    from .mark_place import arc_ticks

    a, v, b = q.key
    key = (min(a, b), v, max(a, b))
    for n, (m, lines) in enumerate(d.relation_marks):
        if m.kind != "equal_angle":
            continue
        i = next((i for i, (x, w, y) in enumerate(m.elements) if (min(x, y), w, max(x, y)) == key), None)
        per = 1 + m.count
        if i is None or len(lines) != per * len(m.elements):
            continue
        own = lines[i * per:(i + 1) * per]
        d.marks = [line for line in d.marks if all(line is not o for o in own)]
        pv, t0, sweep = _angle_rays(scene, frame, q)
        ticks = arc_ticks(np.asarray(pv, dtype=float), t0, sweep, r, m.count, *VALUE_TICK)
        d.marks += ticks
        d.relation_marks[n] = (m, lines[:i * per] + [arc, *ticks] + lines[(i + 1) * per:])
        return


RIGHT_ARC_FONTS = 2.2  # a right angle's arc (drawn for one whose square would read as a near ray's), in font heights
DOT_PX = 2.2  # the radius of the dot on a point partway along a straight line


def _straight_points(d: Drawing, scene: Scene, rims: tuple = ()) -> list[np.ndarray]:
    """A small dot on each point that lies partway along a straight drawn line (a point on a side: no
    corner shows where it is; review 6 could not see C on FB), as a ring of marks; and ``rims`` (a textbook
    figure's: each circle's points, and those a tangency's dot marks), every point of a circle where one is dotted
    (reader 40's 28: A and B dotted, D on the same circle not, read as off it).  (The directions in
    plain floats: a point has two or three, where numpy's per-call cost was the work.)"""
    frame = d.frame
    ends = {name: [] for name in scene.points}  # the directions of the drawn sides ending at each point
    for a, b, line in d.segments:
        ux, uy = float(line[1][0] - line[0][0]), float(line[1][1] - line[0][1])
        ends[a].append((ux, uy))
        ends[b].append((-ux, -uy))
    names = list(scene.points)
    pts = frame.pxs([scene.points[n] for n in names])
    inside = _on_segments(pts, d.segments, names)
    cornered = {p for shape in scene.shapes for p in shape.points}
    centres = _centres(scene)
    out = []
    for i, name in enumerate(names):
        dirs = ends[name]
        lone = not dirs and name not in cornered and bool(scene.segments)  # (no side ends at it or passes it,
        if not inside[i] and not lone and name not in centres:  # on a circle alone: undotted, its letter reads
            # as a near point's; a circle's centre always dotted, alike in every figure: reader 17 saw none in
            # one, a ring in another)
            if len(dirs) < 2:
                continue
            (ux, uy), rest = dirs[0], dirs[1:]
            nu = float(np.hypot(ux, uy))
            if not all(abs(ux * vy - uy * vx) <= 0.02 * nu * float(np.hypot(vx, vy)) for vx, vy in rest):
                continue
            if not any(ux * vx + uy * vy < 0 for vx, vy in rest):
                continue
        out += [pts[i] + ring for ring in _DOT_RINGS]
        d.dotted.append(name)
    if rims:
        at = dict(zip(names, pts))
        touched, rings = rims
        for rim in rings:
            on = [n for n in rim if n in at]
            if any(n in touched or n in d.dotted for n in on):
                for n in on:
                    if n not in touched and n not in d.dotted:
                        out += [at[n] + ring for ring in _DOT_RINGS]
                        d.dotted.append(n)
    return out


def _centres(scene: Scene) -> set[str]:
    """The points a drawn circle or arc is centred on."""
    at = {(round(a.centre[0], 9), round(a.centre[1], 9)) for a in scene.arcs}
    return {n for n, xy in scene.points.items() if (round(xy[0], 9), round(xy[1], 9)) in at}


_DOT_RING = DOT_PX * np.column_stack([np.cos(np.linspace(0, 2 * math.pi, 11)), np.sin(np.linspace(0, 2 * math.pi, 11))])
_DOT_RINGS = [_DOT_RING, 0.5 * _DOT_RING, 0.1 * _DOT_RING]  # (rings inside it: a filled dot, never a hollow ring)


def _cross(u: np.ndarray, v: np.ndarray) -> float:
    return float(u[0] * v[1] - u[1] * v[0])


def _on_segments(pts: np.ndarray, segments: list, names: list[str], tol: float = 0.5) -> np.ndarray:
    """For each pixel point (m×2, named ``names``), does it lie on a drawn side it does not end,
    away from that side's ends (``_strictly_on`` for every pair in one broadcast)?"""
    if not segments:
        return np.zeros(len(pts), dtype=bool)
    lines = np.array([line for _, _, line in segments], dtype=float).reshape(-1, 2, 2)
    a = lines[:, 0]
    u = lines[:, 1] - a
    n = np.hypot(u[:, 0], u[:, 1])
    rx, ry = pts[:, 0, None] - a[:, 0], pts[:, 1, None] - a[:, 1]  # m×s
    with np.errstate(divide="ignore", invalid="ignore"):
        t = (rx * u[:, 0] + ry * u[:, 1]) / n
        off = np.abs(u[:, 0] * ry - u[:, 1] * rx) / n
        on = (n >= 1e-9) & (tol < t) & (t < n - tol) & (off <= tol)
    index = {name: i for i, name in enumerate(names)}
    for j, (pa, pb, _) in enumerate(segments):  # a side's own ends are not partway along it
        on[index[pa], j] = on[index[pb], j] = False
    return on.any(axis=1)


def _strictly_on(p: np.ndarray, line: np.ndarray, tol: float = 0.5) -> bool:
    """Does pixel point ``p`` lie on the segment, away from its ends?"""
    a, b = line[0], line[1]
    u = b - a
    n = float(np.hypot(*u))
    if n < 1e-9:
        return False
    t = float((p - a) @ u) / n
    return tol < t < n - tol and abs(_cross(u, p - a)) / n <= tol


def _rules(d: Drawing, scene: Scene, items, arc_radius: dict[Quantity, float],
           fills: dict[str, Polygon] | None = None) -> Rules:
    """The figure's elements in pixels, for the attribution rules (``fills``: the shapes' own, if made)."""
    frame = d.frame
    wedges = {}
    for q, r in arc_radius.items():
        pv, t0, sweep = _angle_rays(scene, frame, q)
        wedges[str(q)] = Wedge(np.array(pv), t0, sweep, r)
    return Rules(d.style.size, d.style.font_px,
                 {n: np.array(frame.px(p)) for n, p in scene.points.items()},
                 Strokes.of(d.strokes + d.dashed),
                 {frozenset((a, b)): i for i, (a, b, _) in enumerate(d.segments)},
                 fills if fills is not None else {f.name: _region(f.rings) for f in d.fills},
                 {f.name: [_valid(Polygon(h)) for h in f.rings[1:]] for f in d.fills}, wedges, d.heights,
                 frozenset(range(len(d.segments), len(d.strokes))),  # (strokes: the sides, then the arcs)
                 arcs=arc_middles(scene, frame, items), radii=_undrawn_radii(d, scene))


def _undrawn_radii(d: Drawing, scene: Scene) -> tuple[tuple[str, str], ...]:
    """(centre, point) for each point on a circle whose centre is a drawn point, where no side joins them: an
    undrawn radius a reader can still take as a segment (a chord's value beside it reads as the radius's)."""
    frame = d.frame
    px = {n: np.array(frame.px(p)) for n, p in scene.points.items()}
    drawn = {frozenset((a, b)) for a, b, _ in d.segments}
    out = []
    for arc in scene.arcs:
        c = np.array(frame.px(arc.centre))
        centre = next((n for n, xy in px.items() if float(np.hypot(*(xy - c))) < 0.5), None)
        if centre is None:
            continue
        r = arc.radius * frame.scale
        out += [(centre, n) for n, xy in px.items() if n != centre and abs(float(np.hypot(*(xy - c))) - r) < 1.0
                and frozenset((centre, n)) not in drawn and (centre, n) not in out]
    return tuple(out)


def _valid(poly: Polygon) -> Polygon:
    """The polygon, mended where a hole touches its boundary (a square's inscribed circle)."""
    return poly if poly.is_valid else poly.buffer(0)


def _region(rings: list[np.ndarray]) -> Polygon:
    """A fill's region from its pixel rings (the outline, then its holes), mended as ``_valid`` mends."""
    return _valid(Polygon(rings[0], rings[1:]))


def _place_points(d: Drawing, scene: Scene, placer: Placer, occ: Occupancy, text_size: TextSize,
                  outline_of: dict[str, np.ndarray], fail_fast: bool = False) -> None:
    """Point letters first: they have the strictest rule (outside every shape)."""
    style, frame = d.style, d.frame
    gap = style.lw_px / 2 + 2.5
    fpx = style.font_px
    polys = list(d.rules.fills.values())
    centroids = {n: o[:-1].mean(axis=0) for n, o in outline_of.items()}  # once, not once per point
    for poly in polys:
        shapely.prepare(poly)
    names = _point_order(scene)
    anchors = {n: frame.px(scene.points[n]) for n in names}
    prefs = {n: _outward(scene, centroids, n) for n in names}
    # a point inside a shape (a forced overlap) cannot have its label outside that one
    bounds = [poly.bounds for poly in polys]  # (shapely's property costs ~15 µs a read)
    inside = _well_inside(polys, bounds, np.array([anchors[n] for n in names], dtype=float).reshape(-1, 2))
    free_of = {n: (~row).tolist() for n, row in zip(names, inside)}

    def centres(name: str, w: float, h: float, stage: str) -> np.ndarray:
        return _point_centres(anchors[name], prefs[name], w, h, stage, gap, fpx)

    def first_stage(names: list[str]) -> _FirstStage:
        sizes = np.array([text_size(n) for n in names]).reshape(-1, 2)
        usual = _point_centres_many(np.array([anchors[n] for n in names]).reshape(-1, 2),
                                    np.array([prefs[n] for n in names]), sizes, gap, fpx)
        return _FirstStage(d.rules, placer, occ, polys, bounds, names, free_of, usual, sizes)
    first = first_stage(names)
    for k, name in enumerate(names):
        if first.stale():  # a leader drawn since: count the occupancy again for the rest
            first = first_stage(names[k:])
        placed = first.take(name)
        if placed is None:
            placed = first.settle(name)
        if placed is None:  # (the reference search: what ``settle`` reads off the pass)
            placed = _search_point(d, placer, name, anchors[name], free_of[name], polys, gap, text_size,
                                   partial(centres, name))
        if fail_fast and placed.conflicts:  # a point letter is never moved: the figure reads wrong
            raise _Refused(placed)
        _add_label(d, occ, placed, style)


def _point_centres(p: tuple[float, float], pref: float, w: float, h: float, stage: str, gap: float,
                   fpx: float) -> np.ndarray:
    """A point label's candidates: round the point, starting from ``pref`` (away from its strokes)."""
    if stage == "near":
        return offset_centres(p, pref + _TURNS24, gap + _NEAR * fpx, w, h)
    if stage == "fine":
        return offset_centres(p, pref + _TURNS96, gap + _FINE * fpx, w, h)
    return offset_centres(p, pref + _TURNS48, gap + _WIDE * fpx, w, h)


def _point_centres_many(anchors: np.ndarray, prefs: np.ndarray, sizes: np.ndarray, gap: float,
                        fpx: float) -> np.ndarray:
    """``_point_centres`` of the first of the STAGES ("near" then "wide") for m points at once
    (anchors m×2, prefs m, label sizes m×2): m×k×2, row i the same floats as point i's own calls."""
    usual = STAGES[0][1]
    assert usual == ("near", "wide")  # (the stages spelt out below)
    w, h = sizes[:, 0], sizes[:, 1]
    near = offset_centres_many(anchors, prefs[:, None] + _TURNS24, gap + _NEAR * fpx, w, h)
    wide = offset_centres_many(anchors, prefs[:, None] + _TURNS48, gap + _WIDE * fpx, w, h)
    return np.concatenate([near, wide], axis=1)


# a point label's gaps, in font heights: all within the point rule's reach (POINT_NEAR_FONTS, less the
# stroke gap), so that no candidate is offered that its rule must refuse
_NEAR = np.array([0.0, 0.35, 0.8, 1.25])
_WIDE = np.array([0.12, 0.5, 0.95, 1.25])
_FINE = np.linspace(0.0, 1.25, 11)  # (a letter walled in by strokes, as at a crossing of lines: the gaps and turns
# between those above, tried only where none of them is free)


class _FirstStage:
    """Every point label's usual candidates (the first group of the STAGES) tested at once.

    Their occupancy, the canvas and the attribution rule do not depend on the labels placed
    before, so one vectorised pass does for all the points what ``_search`` does for each;
    the overlap with the labels placed since and (costlier, so only for the first few
    candidates left) the shapes are tested by each ``take``.  A point with no clean candidate
    there goes through ``_search`` (same candidates first, so the same spot wins either way).

    The pass scores each point's first ``FIRST`` candidates only (nine takes in ten stop there,
    and a point has ~300); a take that finds none there scores the rest of its own.  Scored
    later, a candidate's cost also counts the labels placed since, which the take rules out
    anyway: the same candidates pass."""

    def __init__(self, rules: Rules, placer: Placer, occ: Occupancy, polys: list, bounds: list, names: list[str],
                 free_of: dict[str, list[bool]], centres: np.ndarray, sizes: np.ndarray):
        """``centres``: each point's usual candidates (m×k×2, see ``_point_centres_many``), ``sizes``:
        its label's (w, h) (m×2)."""
        self.rules, self.placer, self.occ, self.version, self.polys = rules, placer, occ, occ.version, polys
        self.bounds = bounds  # the polygons' (read once: shapely's property costs ~15 µs a read)
        self.sizes = {n: (float(w), float(h)) for n, (w, h) in zip(names, sizes)}
        k = centres.shape[1]  # candidates per point
        self.span = {n: (i * k, (i + 1) * k) for i, n in enumerate(names)}
        row_sizes = np.repeat(sizes, k, axis=0)
        self.centres, self.boxes = snapped_boxes(centres, row_sizes[:, 0], row_sizes[:, 1])
        index = {n: i for i, n in enumerate(rules.points)}
        self.owner = np.repeat(np.array([index[n] for n in names], dtype=np.intp), k)
        self.ok = np.zeros(len(self.boxes), dtype=bool)  # free and obeying the rule (once scored)
        self._scored = np.zeros(len(self.boxes), dtype=bool)
        self._score(np.flatnonzero(np.arange(len(self.boxes)) % max(k, 1) < FIRST))
        # which shapes each candidate must keep off (not those its point lies inside)
        self.free = np.repeat(np.array([free_of[n] for n in names], dtype=bool).reshape(len(names), len(polys)),
                              k, axis=0)
        self.off = np.zeros(len(self.boxes), dtype=np.int8)  # off those shapes: 1 yes, -1 no, 0 not yet known
        # each point's first few clean candidates tested against the shapes for all the points at once (most
        # takes stop there; one pass over the polygons instead of one per take)
        ok = np.flatnonzero(self.ok)
        if len(ok) and len(polys):
            group = ok // max(k, 1)
            rank = np.arange(len(ok)) - np.searchsorted(group, group)
            self._off_shapes(ok[rank < 8])

    def _score(self, idx: np.ndarray) -> None:
        """Set ``ok`` for the candidates ``idx``: no cost (canvas, strokes, labels) and the point rule."""
        self._scored[idx] = True
        good = idx[self.placer.free(self.boxes[idx])]
        self.ok[good] = self.rules.point_labels(self.boxes[good], self.owner[good])

    def stale(self) -> bool:
        """Has the occupancy changed since (a leader line drawn)?"""
        return self.occ.version != self.version

    def take(self, name: str) -> Placed | None:
        """The first clean candidate of the point's usual ones, placed; None when there is none."""
        assert not self.stale()
        lo, hi = self.span[name]
        mid = min(lo + FIRST, hi)
        placed = self._first_clean(name, lo, mid)
        if placed is None and mid < hi:  # (the first clean one in order, whichever block it is in)
            self._score(np.arange(mid, hi))
            placed = self._first_clean(name, mid, hi)
        return placed

    def _first_clean(self, name: str, lo: int, hi: int) -> Placed | None:
        """The first clean candidate among the scored ``lo:hi``, placed; None when there is none."""
        idx = lo + np.flatnonzero(self.ok[lo:hi])
        # one by one while the shapes' verdict is known (the pass tested each point's first few): most takes
        # stop at the first; the rest, from the first not yet tested, as below
        for j, i in enumerate(idx[:8].tolist()):
            if self.off[i] == 0:
                idx = idx[j:]
                break
            if self.off[i] == 1 and not self.placer.overlaps_any(self.boxes[i].tolist()):
                return self._take(name, i)
        else:
            idx = idx[8:]
        if len(idx) and len(self.placer.placed):
            idx = idx[self.placer.overlaps(self.boxes[idx]) == 0]
        # the shapes on the preferred few first (most labels stop there), then by growing chunks: the first
        # good one in order wins whatever the chunks
        for chunk in (idx[:8], idx[8:40], idx[40:]):
            chunk = chunk[self._off_shapes(chunk)] if len(chunk) else chunk
            if len(chunk):
                return self._take(name, int(chunk[0]))
        return None

    def _take(self, name: str, i: int) -> Placed:
        """Candidate ``i`` of the point's label, placed."""
        x, y = self.centres[i]
        w, h = self.sizes[name]
        placed = Placed(name, float(x), float(y), w, h, "point", element=f"point {name}")
        self.placer.commit(placed)
        return placed

    def settle(self, name: str) -> Placed | None:
        """After ``take`` found no clean candidate: what ``_search_point`` places, read off this pass.

        Why: its first search (rule and shapes) must fail as ``take`` did, and its fallback then is
        the first free candidate, else the least costly; its retry (the rule alone) is the first
        candidate this pass scored clean that no label placed since overlaps.  Searched again, the
        same candidates cost ~0.4 ms a point (one in seven points comes here)."""
        lo, hi = self.span[name]
        if self.stale() or (hi > lo + FIRST and not self.scored(lo + FIRST, hi)):
            return None
        idx = lo + np.flatnonzero(self.ok[lo:hi])
        if len(idx) and len(self.placer.placed):
            idx = idx[self.placer.overlaps(self.boxes[idx]) == 0]
        if len(idx):
            best, conflicts = int(idx[0]), 0
        elif len(POINT_STAGES) > 1:  # (none clean here: the later stages' finer candidates, by ``_search_point``)
            return None
        else:
            cost = self.placer.costs(self.boxes[lo:hi])
            cost = cost + MISREAD * (cost == 0)
            best = lo + int(np.argmin(cost))
            conflicts = int(cost[best - lo])
        x, y = self.centres[best]
        w, h = self.sizes[name]
        placed = Placed(name, float(x), float(y), w, h, "point", conflicts, element=f"point {name}")
        self.placer.commit(placed)
        return placed

    def scored(self, lo: int, hi: int) -> bool:
        """Were the candidates ``lo:hi`` scored (``take`` scores a point's later block when it must)?"""
        return bool(self._scored[lo:hi].all())

    def _off_shapes(self, idx: np.ndarray) -> np.ndarray:
        """Whether the candidates ``idx`` overlap none of the shapes they must keep off (remembered)."""
        todo = idx[self.off[idx] == 0]
        if len(todo):
            good = off_polygons(self.polys, self.bounds, self.boxes[todo], self.free[todo])
            self.off[todo] = np.where(good, 1, -1)
        return self.off[idx] == 1


def _search_point(d: Drawing, placer: Placer, name: str, p: tuple[float, float], free_of: list[bool], polys: list,
                  gap: float, text_size: TextSize, centres: Callable[[float, float, str], np.ndarray]) -> Placed:
    """A point label over the POINT_STAGES: outside every shape it is not inside, else right beside its point."""
    style = d.style
    rule = d.rules.rule("point", f"point {name}")
    off_shapes = outside([poly for poly, free in zip(polys, free_of) if free])

    def accept(boxes, leaders):
        good = rule(boxes, leaders)  # the cheap test first, the shapes only on what passes it
        if good.any():
            idx = np.flatnonzero(good)
            good[idx] = off_shapes(boxes[idx], None if leaders is None else leaders[idx])
        return good

    first = None
    for group in POINT_STAGES:  # (a later group only where no place of the earlier reads right)
        placed = _search(placer, name, f"point {name}", "point", centres, p, text_size, style, accept, (group,))
        if not placed.conflicts:
            return placed
        # no outside beside the point (walled in by shapes, or its outside a narrow wedge): a letter
        # right beside its point and clearly nearer it than any other reads as its own even over a
        # fill, so only strokes, labels and the rule count (set off with a leader it would not:
        # issue 24); the raster check accepts a letter in a shape on the same terms
        placer.undo()
        retry = _search(placer, name, f"point {name}", "point", centres, p, text_size, style, rule, (group,))
        if not retry.conflicts:
            return retry
        placer.undo()
        first = first or placed
    placer.commit(first)  # (none reads right: the first group's least bad, which the caller reports)
    return first


def _place_items(d: Drawing, scene: Scene, annotation: Annotation, items, arc_radius: dict[Quantity, float],
                 placer: Placer, occ: Occupancy, text_size: TextSize, fail_fast: bool = False) -> None:
    """The labels tied to a spot (angles, sides) before those free to roam a shape.

    A given value whose label reads as another element's (or has no free place) goes to the question
    text at once, its element keeping what the figure still shows of it (an individual letter); a
    coordinate-style angle's arc goes with its value (the labels placed so far kept off it, which
    leaves them right): no second pass is needed for it."""
    style, frame = d.style, d.frame
    gap = style.lw_px / 2 + 2.5
    fpx = style.font_px
    # matplotlib paths of the fills, for the side labels only (building them costs)
    shapes = [f.path for f in d.fills] if any(it.quantity.kind is QKind.LENGTH for it in items) else []
    rank = {QKind.ANGLE: 0, QKind.LENGTH: 1}
    strokes, squares = _mark_strokes(d), _mark_strokes(d, SQUARE_KINDS)
    eased = d.rules.named_sides  # (named sides, read by their name under an eased rule: after the other sides,
    # whose places the usual rule decides)
    for it in sorted(items, key=lambda it: rank.get(it.quantity.kind, 2) + 0.5 * (str(it.quantity) in eased)):
        q = it.quantity
        if q.kind is QKind.LENGTH:
            geo = annotation.side_anchor(q, _side_geometry(scene, frame, q, shapes))
            whole = None
            if str(q) in eased:  # (a split side's named value: by the whole's middle where the piece there is
                # free and its crossing far enough off (reader 32's 02: "PR = ?" under RQ read as RQ's), else by the
                # middle of its longest piece that no other labelled segment holds, never beside a piece's own
                # value: review 12's 36)
                whole = _whole_middle(d.rules.points, *q.key, claimed=_other_sides(items, q))
                whole = None if whole is None else (geo, *whole, _across_cut_reach(d.rules.points, *q.key, fpx))
                piece = np.array(_open_middle(d.rules.points, *q.key, claimed=_other_sides(items, q)))
                geo = (piece, *geo[1:3], NAMED_PIECE_REACH)
            anchor = tuple(geo[0]) if str(q) not in d.rules.set_off or str(q) in d.rules.side_offsets else \
                _open_middle(d.rules.points, *q.key, marks=d.marks, claimed=_other_sides(items, q),
                             lines=_drawn_lines(d), cuts=_curve_crossings(d, *q.key))
            # (set off from a split side's dimension line, never from one piece of the side: review 14)

            def centres(w, h, stage, geo=geo, q=q, whole=whole):
                usual = _side_centres(geo, w, h, gap, stage, fpx)
                if whole is not None and stage != "far":  # (by the whole's middle first, the box off its cuts; else
                    # across a cut, still nearer the whole's middle than a piece's: by one piece's middle it reads as
                    # that piece's, reader 43's 24, "DP = ?" over DO)
                    usual = np.concatenate([_middle_centres(whole, w, h, gap, stage, fpx),
                                            _across_cut_centres(whole, w, h, gap, stage, fpx), usual.reshape(-1, 2)])
                if stage == "far" or str(q) not in d.breaks:
                    return usual
                return np.concatenate([_break_centres(d, str(q), w, h), usual.reshape(-1, 2)])
            role = "side"
        elif q.kind is QKind.HEIGHT and q.key[0] in d.heights:
            line = d.heights[q.key[0]]
            anchor = tuple((line[0] + line[1]) / 2)

            def centres(w, h, stage, line=line):
                return _height_centres(line, w, h, gap, stage, fpx, getattr(annotation, "height_clear", False))
            role = "shape"  # (its rule: beside its dashed line, see Rules.rule)
        elif q.kind is QKind.ANGLE:
            rays = _angle_rays(scene, frame, q)
            r = arc_radius[q]
            anchor = _arc_middle(rays, r, _inner_rays(d, rays))

            def centres(w, h, stage, rays=rays, r=r, anchor=anchor):
                return _angle_centres(rays, w, h, r, gap, stage, fpx, anchor)
            role = "angle"
        elif str(q) in d.rules.arcs:  # an arc's value or "?": just outside its circle by the arc's middle
            middle = d.rules.arcs[str(q)][0]
            anchor = (float(middle[0]), float(middle[1]))

            def centres(w, h, stage, arc=d.rules.arcs[str(q)][:3]):
                return _arc_centres(*arc, w, h, gap, stage, fpx)
            role = "arc"
        else:
            centre, room = d.rules.interior(q.key[0])
            anchor = (float(centre[0]), float(centre[1]))

            def centres(w, h, stage, centre=centre, room=room):
                if stage != "far" and h > 2 * room:  # no room inside: only a leader can work
                    return np.zeros((0, 2))
                return _shape_centres(centre, w, h, fpx, stage)
            role = "shape"
        rule = d.rules.rule(role, str(q))
        if d.segments and role in ("angle", "side"):  # (set off with a leader alongside a line: the line's)
            rule = partial(_leaders_beside_lines, rule, np.array([line for _, _, line in d.segments],
                                                                  dtype=float).reshape(-1, 2, 2))
        if strokes.size:  # (a leader across a tick, an arrow, a bracket or a square reads
            rule = partial(_leaders_off_marks, rule, strokes, squares=squares)  # as pointing at that mark's
            # element)
        rule = _leaders_apart_of(d, rule, fpx, str(q))  # (a leader across another reads as a "+" mark, and neither says
        # whose label is whose: reader 36's 24 and 25)
        in_wedge = None
        if role == "angle":  # (its leader leaves the wedge between its own rays where a clean place lets it,
            a, _, b = q.key  # never across one of them)
            arms = np.array([[frame.px(scene.points[q.key[1]]), frame.px(scene.points[e])] for e in (a, b)], float)
            in_wedge = partial(_leaders_in_wedge, rule, arms)
        if role == "side" and strokes.size and str(q) in annotation.led_across():  # (led across lines: across them
            in_wedge = partial(_leaders_far_from_marks, rule, strokes)  # away from their marks first, reader 37's 01)
        if annotation.arcs_clear and q.kind in (QKind.AREA, QKind.PERIMETER) and q.key[0] in d.rules.fills:
            rule = _inside_or_led(rule, d.rules.fills[q.key[0]])
        # (an asked shape that may go unmarked is marked inside it or not at all: set off, "area = ?" says little)
        lines = _other_lines(d, scene, frame, q)
        strict = partial(_leaders_over_no_line, in_wedge or rule, lines) if len(lines) else None  # (a leader across
        # a drawn segment reads as a segment drawn there, its label as that segment's: reader 42's 14 and 20, "AD = 2"
        # led across AC, "BF = 6" across FG; only where no place keeps it off every one.  An angle's leaving its wedge
        # across its own arm, where none keeps in it, still says its angle)
        tried = (STAGES[:2] if role == "arc" else STAGES if role == "shape" and q.kind is not QKind.HEIGHT
                 and not (q == annotation.query and annotation.query_optional()) else
                 STAGES if str(q) in annotation.led_across() else
                 STAGES[:2] if str(q) in d.rules.set_off else VALUE_STAGES)  # (its leader across no stroke)
        if not annotation.shrink:  # (moved, never in smaller type: beside 12-point ones it reads as cramped)
            tried = tuple(stage for stage in tried if stage[0] == 1.0)
        placed = _query_apart(d, placer, it, q, annotation, role, centres, anchor, text_size, style,
                              strict or in_wedge or rule, tried)
        if strict is not None and in_wedge is not None and placed.conflicts:  # (no leader clear of every line:
            placer.undo()  # out of its wedge across its own arm, clear of the rest; else in its wedge)
            placed = _query_apart(d, placer, it, q, annotation, role, centres, anchor, text_size, style,
                                  in_wedge, tried)
            if placed.conflicts and role == "angle":
                placer.undo()
                placed = _query_apart(d, placer, it, q, annotation, role, centres, anchor, text_size, style,
                                      partial(_leaders_over_no_line, rule, lines), tried)
        if (in_wedge is not None or strict is not None) and placed.conflicts:  # (no clean place with its leader in
            # its wedge: as before)
            placer.undo()
            placed = _query_apart(d, placer, it, q, annotation, role, centres, anchor, text_size, style, rule, tried)
        if placed.conflicts and q == annotation.query and role == "shape" and q.kind is not QKind.HEIGHT:
            # (a thin asked region, or one among the figure's cells: set off farther, out of every cell)
            placed = _led_into_own(d, placer, placed, it, q, annotation, anchor, text_size, style, strokes, tried)
        alongside = role in ("angle", "side") and _led_alongside(d, placed)
        if alongside and tried != STAGES:  # (no clean place: one whose leader crosses a line before one beside it)
            placer.undo()
            placed = _search(placer, it.text, str(q), role, centres, anchor, text_size, style, rule, STAGES)
            alongside = _led_alongside(d, placed)
        if annotation.on_image(q) and (placed.conflicts >= ON_SOMETHING or d.rules.misreads(placed) or (
                str(q) in d.rules.set_off and _leader_on_marks(d, placed, str(q))) or alongside):
            annotation.move_to_text([q])
            _give_up(annotation)
            # what a second pass would draw of it: its letter (individual style), or its query mark
            kept = next((other for other in annotation.items() if other.quantity == q), None)
            placer.undo()
            if kept is None:
                if q.kind is QKind.ANGLE:  # a coordinate-style angle's arc goes with its value (what was
                    _drop_arc(d, str(q))  # placed so far kept off it: still right without it)
                continue
            placed = _search(placer, kept.text, str(q), role, centres, anchor, text_size, style, rule, tried)
        elif q == annotation.query and (short := annotation.query_short(it.text)) is not None and (
                placed.conflicts >= ON_SOMETHING or d.rules.misreads(placed)):
            placer.undo()  # "area = ?" with no place: "?" alone in the shape (the question says which), away
            # from its corners (by one, it reads as that corner's angle asked); else the full text, as it reads
            pts = np.array(list(d.rules.points.values())).reshape(-1, 2)
            clear = partial(_clear_of_corners, rule, pts, QUERY_CORNER_FONTS * fpx)
            if annotation.query_edge_fonts and d.segments:
                lines = np.array([line for _, _, line in d.segments], dtype=float).reshape(-1, 2, 2)
                clear = partial(_clear_of_lines, clear, lines, annotation.query_edge_fonts * fpx)
            full, placed = placed, _search(placer, short, str(q), role, centres, anchor, text_size, style, clear,
                                           tried)
            if placed.conflicts:
                placer.undo()
                placer.commit(full, VALUE_GAP_FONTS * fpx)
                placed = full
        if q == annotation.query and q.kind is QKind.LENGTH and annotation.arcs_clear and placed.leader is None \
                and str(q) not in d.rules.set_off and str(q) not in d.rules.asked_sides and (
                placed.conflicts >= ON_SOMETHING or d.rules.misreads(placed)):  # (a bare "?" with no place outside
            # every face: named "AF = ?" by its side, as any misread "?" is (``textbook_figure``), never led to an inner
            # segment from inside a face, where a careful reader reads it as it sits)
            placed = _led_to_side(d, placer, placed, it.text, q, centres, text_size, style, items)
        if q == annotation.query and annotation.query_optional() and (
                placed.conflicts >= ON_SOMETHING or d.rules.misreads(placed)):
            placer.undo()  # named by its letters, it needs no mark that misleads
            continue
        if fail_fast and not annotation.on_image(q) and (placed.conflicts >= ON_SOMETHING or d.rules.misreads(placed)):
            raise _Refused(placed)  # a letter or a query mark: no text takes it over
        _add_label(d, occ, placed, style)


ARC_TURNS = np.radians([0.0, 12.0, -12.0, 25.0, -25.0, 40.0, -40.0])  # an arc label's directions about its
# outward normal, the nearest first
ARC_FAR = np.array([2.0, 3.0, 4.5])  # fonts: set off with a leader from the arc's middle


def _arc_centres(middle: np.ndarray, centre: np.ndarray, radius: float, w: float, h: float, gap: float, stage: str,
                 fpx: float) -> np.ndarray:
    """Candidate centres of an arc's label: beyond the circle from the arc's middle (``middle``), along the
    outward normal first, then turned a little either way; "far": farther off (a leader joins them)."""
    out = math.atan2(*(middle - centre)[::-1])
    if stage == "near":
        return offset_centres(middle, out + ARC_TURNS[:3], [gap, gap + 3.0], w, h)
    if stage == "wide":
        return offset_centres(middle, out + ARC_TURNS, [gap + 6.0, gap + 10.0], w, h)
    return offset_centres(middle, out + ARC_TURNS, ARC_FAR * fpx, w, h)


def arc_middles(scene: Scene, frame: Frame, items) -> dict[str, tuple[np.ndarray, np.ndarray, float, float, float]]:
    """The arcs that labels go on, by element: where its label goes (its middle, or its longest stretch's: see
    ``_stretch_middle``), its circle's centre and radius (pixels), its start and sweep (radians).
    A textbook arc ``arc OAB`` runs counter-clockwise from A to B about O; a shape's arc (a sector's) is its
    drawn arc."""
    out, spans = {}, {}
    for it in items:
        q = it.quantity
        if q.kind is not QKind.ARC:
            continue
        if len(q.key) == 3 and all(n in scene.points for n in q.key):
            o, a, b = (np.array(frame.px(scene.points[n])) for n in q.key)
            ta, tb = (math.atan2(*(e - o)[::-1]) for e in (a, b))
            sweep = (tb - ta) % (2 * math.pi)
            r = float(np.hypot(*(a - o)))
        else:
            arc = next((a for a in scene.arcs if a.shape == q.key[0]), None) or whole_circle(scene, q.key[0])
            if arc is None:
                continue
            o = np.array(frame.px(arc.centre))
            ta, sweep = math.radians(arc.start), math.radians(arc.sweep)
            r = arc.radius * frame.scale
        spans[str(q)] = (o, r, ta, sweep)
    texts = {str(it.quantity): it.text for it in items}
    pts = [np.array(frame.px(p)) for p in scene.points.values()]
    for e, (o, r, ta, sweep) in spans.items():
        claimed = [(t0, s) for f, (c, rr, t0, s) in spans.items() if f != e and s < sweep and
                   float(np.hypot(*(c - o))) < 0.5 and abs(rr - r) < 0.5]
        if sweep >= 2 * math.pi - 1e-9 and e.startswith("arc ⊙"):  # (a circle's own "?": see circle_goal)
            t, ta = _open_spot(scene, frame, o, r, pts, texts[e])
        else:
            t = ta + _stretch_middle(o, r, ta, sweep, pts, claimed)
        out[e] = (o + r * np.array([math.cos(t), math.sin(t)]), o, r, ta, sweep)
    return out


CIRCLE_SHARES = np.linspace(0.3, 0.7, 9)  # where along a stretch of a whole circle between its points its "?" may go
CIRCLE_CLEAR = 20.0  # px: a whole circle's "?" this far from every drawn line is as good anywhere
CHAR_PX = 9.0  # px a character of a label takes, about (at 512 px; a spot is chosen before the text is measured)


def _open_spot(scene: Scene, frame: Frame, o: np.ndarray, r: float, pts: list, text: str) -> tuple[float, float]:
    """Where by a whole circle its own "?" (``text``) goes (radians) and where the circle is read from (a point on
    it: the stretches between its points are what a reader tells apart): by the middle of a stretch, where its box
    fits on the canvas beyond the circle, farthest from the drawn lines (a circle in a square has room above or
    below a side only)."""
    on = sorted({math.atan2(*(p - o)[::-1]) % (2 * math.pi) for p in pts
                 if abs(float(np.hypot(*(p - o))) - r) < ON_CIRCLE_PX})
    start = on[0] if on else 0.0
    cuts = [t - start for t in on] + [2 * math.pi]
    turns = np.concatenate([lo + CIRCLE_SHARES * (hi - lo) for lo, hi in zip([0.0, *cuts[1:-1]], cuts[1:])]) \
        if on else np.radians(np.arange(0.0, 360.0, 15.0))
    lines = shapely.MultiLineString([[frame.px(scene.points[a]), frame.px(scene.points[b])]
                                     for a, b in scene.segments]) if scene.segments else None
    w, h = CHAR_PX * len(text) * frame.size / 512, 2.0 * CHAR_PX * frame.size / 512

    def score(t: float) -> float:
        u = np.array([math.cos(start + t), math.sin(start + t)])
        c = o + (r + 4.0) * u + u * (abs(float(u[0])) * w / 2 + abs(float(u[1])) * h / 2)
        x0, y0, x1, y1 = c[0] - w / 2, c[1] - h / 2, c[0] + w / 2, c[1] + h / 2
        inside = x0 > EDGE and y0 > EDGE and x1 < frame.size - EDGE and y1 < frame.size - EDGE
        clear = CIRCLE_CLEAR if lines is None else min(float(shapely.box(x0, y0, x1, y1).distance(lines)),
                                                       CIRCLE_CLEAR)
        off = abs(t - (max(c for c in cuts if c <= t) + min(c for c in cuts if c > t)) / 2) if on else 0.0
        return 100.0 * inside + clear - off  # (then nearest its stretch's middle)
    return start + float(max(turns, key=score)), start


def whole_circle(scene: Scene, centre: str) -> SceneArc | None:
    """The circle drawn whole about point ``centre`` (a circle's own goal, its circumference or diameter asked:
    its "?" on the circle), None where none is."""
    at = scene.points.get(centre)
    return next((a for a in scene.arcs if a.sweep >= 360.0 and not a.shape and at is not None
                 and math.dist(a.centre, at) < 1e-9), None)


ON_CIRCLE_PX = 1.5  # a drawn point this near a circle cuts its arcs into stretches a reader tells apart


def _stretch_middle(o: np.ndarray, r: float, ta: float, sweep: float, pts: list, claimed: list) -> float:
    """Where along an arc (radians from its start) its label goes: the middle of its longest stretch between the
    drawn points on it, off the stretches a shorter labelled arc of its circle takes (review 14's 02: the "?" of
    the 270° arc A…F at the arc's middle sat 10° from C, on the short arc CD, and read as CD's or C's)."""
    cuts = sorted({(math.atan2(*(p - o)[::-1]) - ta) % (2 * math.pi) for p in pts
                   if abs(float(np.hypot(*(p - o))) - r) < ON_CIRCLE_PX})
    cuts = [0.0] + [u for u in cuts if 1e-3 < u < sweep - 1e-3] + [sweep]
    if len(cuts) == 2:
        return sweep / 2

    def free(u: float) -> bool:
        return not any((ta + u - t0) % (2 * math.pi) < s for t0, s in claimed)
    stretches = [(lo + hi) / 2 for lo, hi in zip(cuts, cuts[1:])]
    lengths = [hi - lo for lo, hi in zip(cuts, cuts[1:])]
    best = max(range(len(stretches)), key=lambda i: (free(stretches[i]), round(lengths[i], 3),
                                                     -abs(stretches[i] - sweep / 2)))
    return stretches[best]


def _inside_or_led(rule, region: Polygon):
    """``rule``, and a region's text inside its region unless a leader runs into it (review 6: "area ACBD = ?"
    of a thin sliver set below its chord, in the circle's big part, read as that part's)."""
    shapely.prepare(region)

    def ok(boxes: np.ndarray, leaders) -> np.ndarray:
        good = rule(boxes, leaders)
        idx = np.flatnonzero(good)
        if len(idx):
            at = leaders[idx, 0] if leaders is not None else (boxes[idx, :2] + boxes[idx, 2:]) / 2
            good[idx] = shapely.contains_xy(region, at[:, 0], at[:, 1])
        return good
    if hasattr(rule, "pre"):
        ok.pre = rule.pre
    return ok


LEADER_MARK_CLEAR = 2.5  # px a set-off value's leader keeps from every mark but its own arc (review 6's reader)
LEADER_START = 6.0  # px of the leader by its element where its own marks may lie (ticks across its arc)


def _leader_on_marks(d: Drawing, placed: Placed, element: str) -> bool:
    """Does the label's leader run into a mark (a square, a tick, a bracket) other than its own arc?  A leader
    across a line by its corner reads; across a right-angle square it reads as pointing at that corner."""
    if placed.leader is None:
        return False
    from shapely.geometry import LineString

    start, end = (np.asarray(p, dtype=float) for p in placed.leader[:2])
    n = float(np.hypot(*(end - start)))
    if n <= LEADER_START:
        return False
    line = LineString([start + (end - start) * LEADER_START / n, end])
    own = d.angle_arcs.get(element)
    return any(m is not own and len(m) > 1 and line.distance(LineString(m)) < LEADER_MARK_CLEAR for m in d.marks)


NAMED_PIECE_REACH = 0.16  # a split side's named value within this share of the side from its piece's middle
TEXTBOOK_CENTRE_RATIO = 2.5  # a textbook figure's side value: its centre this many times nearer its side than any
# other drawn line
LEADER_END_MARK = 6.0  # px a leader's end on its side keeps from the side's marks (review 8: on its tick, merged)


EMPHASIS_PX = 1.0  # px a shaded sector's arc is drawn again inside and outside itself (a heavier stroke)


def _emphasised_arcs(scene: Scene, frame: Frame) -> list[np.ndarray]:
    """The arc of each shaded sector drawn twice more, ``EMPHASIS_PX`` inside and outside itself: with its region's
    grey, a textbook shows the asked sector so (reader 32's 24: a leader into an unshaded sector said little)."""
    out = []
    for s in scene.shapes:
        if not s.shade or s.kind != "sector":
            continue
        o, a, b = (np.asarray(frame.px(s.coords[i]), float) for i in range(3))
        r = float(np.hypot(*(a - o)))
        t0 = math.atan2(*(a - o)[::-1])
        sweep = (math.atan2(*(b - o)[::-1]) - t0) % (2 * math.pi)
        t = t0 + sweep * np.linspace(0.0, 1.0, max(8, int(math.degrees(sweep) / 2)) + 1)
        ring = np.column_stack([np.cos(t), np.sin(t)])
        out += [o + (r + k * EMPHASIS_PX) * ring for k in (-1, 1)]
    return out


def _drawn_lines(d: Drawing) -> np.ndarray:
    """The drawn segments, k×2×2 px (where another crosses a side, a leader's end reads as at the crossing)."""
    return np.array([line for _, _, line in d.segments], dtype=float).reshape(-1, 2, 2)


def _leader_crosses(d: Drawing, placed: Placed) -> bool:
    """Does the label's leader cross a drawn segment on its way (short of its end on its own element)?"""
    if placed.leader is None:
        return False
    start, end = (np.asarray(p, dtype=float) for p in placed.leader[:2])
    hits = _crossings(start, end - start, _drawn_lines(d))
    return bool(len(hits) and (np.hypot(*(hits - start).T) > 2.0).any())  # (start: its end on its element)


def _other_sides(items, q: Quantity) -> list[tuple[str, ...]]:
    """The segments other than ``q`` that a label names (their end names)."""
    return [o.quantity.key for o in items if o.quantity.kind is QKind.LENGTH and o.quantity != q]


def _led_to_side(d: Drawing, placer: Placer, placed: Placed, text: str, q: Quantity, centres, text_size: TextSize,
                 style: Style, items) -> Placed:
    """An asked side's label ("FH = ?") that no place beside the side reads as its own: set off with a leader
    to the side where that finds a place its rule holds, else kept as it was (review 12's 53: left where its
    nearest drawn segment was another, its name alone said which; a reader takes the nearest).  ``placed`` is
    committed; so is the answer."""
    was = d.rules.set_off
    d.rules.set_off = was | {str(q)}
    d.rules._cache.pop(("side", str(q)), None)
    anchors = dict.fromkeys(_open_middle(d.rules.points, *q.key, marks=d.marks, claimed=_other_sides(items, q),
                                         lines=_drawn_lines(d), later=later, cuts=_curve_crossings(d, *q.key))
                            for later in (False, True))
    placer.undo()
    clean = None
    rule = _leaders_apart_of(d, d.rules.rule("side", str(q)), style.font_px, str(q))
    for anchor in anchors:  # (the spot by a crossing's far side too: the leader need not cross the other line)
        led = _search(placer, text, str(q), "side", centres, anchor, text_size, style, rule, STAGES)
        if led.leader is not None and not led.conflicts:
            if not _leader_crosses(d, led) and not _led_alongside(d, led):
                return led
            clean = clean or anchor
        placer.undo()
    if clean is not None:  # (every clean one crosses a line: the first, as before)
        return _search(placer, text, str(q), "side", centres, clean, text_size, style, rule, STAGES)
    placer.commit(placed, VALUE_GAP_FONTS * style.font_px)
    d.rules.set_off = was
    d.rules._cache.pop(("side", str(q)), None)
    return placed


MIDDLE_CLEAR_FONTS = 0.5  # fonts a split side's named value by the whole's middle keeps, along the side, from a cut


def _whole_middle(points: dict, a: str, b: str, claimed=()) -> tuple[float, float] | None:
    """The free stretch of segment ab (its ends as shares of ab) that holds ab's middle: no point splits it and
    no other labelled segment holds it; None where a point is at the middle or a labelled piece holds it."""
    free = _pieces(points, a, b, claimed)[3]
    return next(((lo, hi) for lo, hi in free if lo < 0.5 < hi), None)


def _middle_centres(whole: tuple, w: float, h: float, gap: float, stage: str, fpx: float) -> np.ndarray:
    """Spots for a split side's named value by the whole side's middle, within its free stretch: the box keeps
    ``MIDDLE_CLEAR_FONTS`` from the stretch's ends along the side (empty where it has no such room)."""
    geo, lo, hi = whole[:3]
    mid, dxy, normals = geo[:3]
    length = max(float(np.hypot(*dxy)), 1e-9)
    ux, uy = dxy / length
    half = abs(ux) * w / 2 + abs(uy) * h / 2  # (the box's half extent along the side)
    room = (min(0.5 - lo, hi - 0.5) * length - half - MIDDLE_CLEAR_FONTS * fpx) / length
    if room < 0:
        return np.zeros((0, 2))
    return _side_centres((mid, dxy, normals, min(room, NAMED_PIECE_REACH)), w, h, gap, stage, fpx).reshape(-1, 2)


def _across_cut_centres(whole: tuple, w: float, h: float, gap: float, stage: str, fpx: float) -> np.ndarray:
    """Spots for a split side's named value by the whole side's middle where its box may reach over a cut: the
    spot (along the side) nearer the whole's middle than any piece's middle (``whole[3]``, as shares of the side),
    so that it never reads as that piece's (the drawing's occupancy keeps the box off the crossing line itself)."""
    geo, nearest = whole[0], whole[3]
    mid, dxy, normals = geo[:3]
    reach = nearest / 2 - 1e-3  # (half way to the nearest piece's middle: nearer the whole's)
    if reach <= 0:
        return np.zeros((0, 2))
    return _side_centres((mid, dxy, normals, min(reach, NAMED_PIECE_REACH)), w, h, gap, stage, fpx).reshape(-1, 2)


def _across_cut_reach(points: dict, a: str, b: str, fpx: float) -> float:
    """How near ab's middle a piece's middle lies (a share of ab): a named value by the whole's middle keeps nearer
    it than that; 0 where a point splits ab within a font of its middle (there a box by the middle sits on the
    point, and no place by the middle reads as the whole's: a diameter's centre)."""
    p, u, pieces, _ = _pieces(points, a, b)
    length = max(float(np.hypot(*u)), 1e-9)
    if any(abs(lo - 0.5) * length < fpx for lo, _ in pieces[1:]):
        return 0.0
    return min(abs((lo + hi) / 2 - 0.5) for lo, hi in pieces)


def _pieces(points: dict, a: str, b: str, claimed=()) -> tuple[np.ndarray, np.ndarray, list, list]:
    """Segment ab's start and vector (pixels), its pieces between the points on it (shares of ab) and those of
    them no other labelled segment (``claimed``: their end names) along it holds."""
    p, r = points[a], points[b]
    u = r - p
    n2 = max(float(u @ u), 1e-12)

    def along(n: str) -> float | None:  # where point n lies on ab (0..1), None if off its line
        xy = points[n]
        t = float((xy - p) @ u) / n2
        on = abs(float(u[0] * (xy - p)[1] - u[1] * (xy - p)[0])) / math.sqrt(n2) < 1.0
        return t if on and -1e-9 <= t <= 1 + 1e-9 else None

    ts = sorted([0.0, 1.0] + [t for n in points if n not in (a, b) and (t := along(n)) is not None and 0 < t < 1])
    held = [sorted(ends) for x, y in claimed if {x, y} != {a, b} and x in points and y in points
            and None not in (ends := (along(x), along(y)))]
    pieces = list(zip(ts, ts[1:]))
    free = [st for st in pieces if not any(h0 - 1e-6 <= st[0] and st[1] <= h1 + 1e-6 for h0, h1 in held)]
    return p, u, pieces, free


def _open_middle(points: dict, a: str, b: str, marks=(), claimed=(), lines=(), later: bool = False, cuts=()
                 ) -> tuple[float, float]:
    """The middle of the longest piece of segment ab (pixels) that no point splits and no other labelled segment
    (``claimed``: their end names) along it holds: a leader to the side ends there, clear of its points and of
    its parts' values (review 12's 36: "AC = 4" ended on AD beside AD's "3"); where a mark (a tick, an arrow) lies
    there, or a drawn line (``lines``: k×2×2 px) crosses ab there, the nearest spot of that piece clear of them
    (``LEADER_END_MARK`` px of every mark, review 8: a leader ending on its side's tick read as one;
    ``LEADER_END_CROSS`` px of every crossing, reader 32's 16: "AF = ?" ending where AF crosses DE); of two
    spots as near the middle, the one towards a (``later``: towards b); ``cuts`` (m×2 px): where a drawn circle
    crosses ab, kept off as a crossing line is (reader 37's 11: "CO = ?" ending where CO crosses the circle)."""
    p, u, pieces, free = _pieces(points, a, b, claimed)
    n2 = max(float(u @ u), 1e-12)
    lo, hi = max(free or pieces, key=lambda st: st[1] - st[0])
    m = p + u * (lo + hi) / 2
    strokes = [np.asarray(mk, float) for mk in marks if len(mk) > 1]
    crossings = _crossings(p, u, np.asarray(lines, float).reshape(-1, 2, 2))
    if len(cuts):
        crossings = np.concatenate([crossings.reshape(-1, 2), np.asarray(cuts, float).reshape(-1, 2)])
    if strokes or len(crossings):
        from shapely.geometry import MultiLineString, Point

        near = MultiLineString([s.tolist() for s in strokes]) if strokes else None
        length = math.sqrt(n2)
        ends = max(LEADER_END_MARK, LEADER_END_CROSS if len(crossings) else 0.0) / length
        for t in sorted(np.linspace(lo + ends, hi - ends, 41), key=lambda t: (round(abs(t - (lo + hi) / 2), 9),
                                                                          (t < (lo + hi) / 2) == later)):
            c = p + u * t
            if (near is None or near.distance(Point(c)) >= LEADER_END_MARK) and not (
                    len(crossings) and np.hypot(*(crossings - c).T).min() < LEADER_END_CROSS):
                return float(c[0]), float(c[1])
    return float(m[0]), float(m[1])


LEADER_END_CROSS = 12.0  # px a leader's end on its side keeps from where another drawn line crosses the side


def _curve_crossings(d: Drawing, a: str, b: str) -> np.ndarray:
    """Where the drawn curves (a circle, an arc: strokes of more than two points) cross segment ab (m×2 px)."""
    curves = [s for s in d.strokes if len(s) > 2]
    if not curves or a not in d.rules.points or b not in d.rules.points:
        return np.zeros((0, 2))
    from shapely.geometry import LineString, MultiLineString

    hit = LineString([d.rules.points[a], d.rules.points[b]]).intersection(
        MultiLineString([np.asarray(s, float).tolist() for s in curves]))
    pts = [g for g in getattr(hit, "geoms", [hit]) if g.geom_type == "Point"]
    return np.array([[g.x, g.y] for g in pts], dtype=float).reshape(-1, 2)


def _crossings(p: np.ndarray, u: np.ndarray, lines: np.ndarray) -> np.ndarray:
    """Where the drawn segments ``lines`` (k×2×2) cross segment p→p+u inside both (m×2 px); those along it or
    meeting it at an end are no crossing a leader's end could be read as."""
    if not len(lines):
        return np.zeros((0, 2))
    a, v = lines[:, 0], lines[:, 1] - lines[:, 0]
    den = u[0] * v[:, 1] - u[1] * v[:, 0]
    ok = np.abs(den) > 1e-9 * np.maximum(1.0, np.hypot(*v.T)) * max(1.0, float(np.hypot(*u)))
    w = a - p
    with np.errstate(divide="ignore", invalid="ignore"):
        t = (w[:, 0] * v[:, 1] - w[:, 1] * v[:, 0]) / den
        s = (w[:, 0] * u[1] - w[:, 1] * u[0]) / den
    keep = ok & (t > 1e-6) & (t < 1 - 1e-6) & (s > 1e-6) & (s < 1 - 1e-6)
    return p + t[keep, None] * u


QUERY_CORNER_FONTS = 2.0  # a shape's bare "?" at least this many font heights from every point


def _clear_of_corners(rule, points: np.ndarray, clear: float, boxes: np.ndarray, leaders) -> np.ndarray:
    """``rule``'s verdict on the boxes (n×4), and each box at least ``clear`` px from every point (m×2)."""
    good = rule(boxes, leaders)
    if len(points):
        dx = np.maximum(np.maximum(boxes[:, None, 0] - points[None, :, 0], points[None, :, 0] - boxes[:, None, 2]), 0)
        dy = np.maximum(np.maximum(boxes[:, None, 1] - points[None, :, 1], points[None, :, 1] - boxes[:, None, 3]), 0)
        good &= (np.hypot(dx, dy) >= clear).all(axis=1)
    return good


QUERY_APART_FONTS = 2.5  # a side's bare "?" this many font heights from every other value's box where it can (reader
# 16's 58: "?" of EB 31 px from "AE = 51" floated between that label and EB)


LED_FAR = np.array([2.4, 3.2, 4.2, 5.4, 7.0, 9.0, 11.0, 13.0, 15.0])  # fonts: an asked region's label set off
# out of every cell (``_led_into_own``) may go farther than one among them


def _led_into_own(d: Drawing, placer, placed: Placed, it, q: Quantity, annotation: Annotation, anchor, text_size,
                  style: Style, strokes: np.ndarray, tried) -> Placed:
    """An asked region's label with no clean place (a thin triangle inside a larger figure, "perimeter BCE = ?"
    wider than it; a narrow sector): set off farther (``LED_FAR``) where its leader ends inside its own region,
    nearer it than any other shape, though a cell of the drawn lines (``other_regions``) be as near, its text in no
    cell: its leader, and its name, say which region it is (every place by it was as near a neighbouring cell, and
    the goal went to the text alone).  The label placed before where this finds no better."""
    fills = d.rules.fills
    shapes = {n: f for n, f in fills.items() if not n.startswith("~")}
    keys = [("shape", str(q)), ("region", q.key[0])]
    saved = {k: d.rules._cache.pop(k) for k in keys if k in d.rules._cache}
    d.rules.fills = shapes
    try:
        rule = d.rules.rule("shape", str(q))
        if strokes.size:
            rule = partial(_leaders_off_marks, rule, strokes)
        rule = _leaders_apart_of(d, rule, style.font_px, str(q))
        if annotation.arcs_clear and q.key[0] in shapes:
            rule = _inside_or_led(rule, shapes[q.key[0]])
        rule = _out_of(rule, [f for n, f in fills.items() if n.startswith("~")])  # (its text in a cell reads as
        placer.undo()  # the cell's)

        def farther(w, h, stage):
            return offset_centres(np.asarray(anchor, float), _TURNS48, LED_FAR * style.font_px, w, h)
        led = _search(placer, it.text, str(q), "shape", farther, anchor, text_size, style, rule,
                      tuple(stage for stage in tried if stage[1][0].startswith("far")))
    finally:
        d.rules.fills = fills
        for k in keys:
            d.rules._cache.pop(k, None)
        d.rules._cache.update(saved)
    if led.conflicts < placed.conflicts:
        return led
    placer.undo()
    placer.commit(placed, VALUE_GAP_FONTS * style.font_px)
    return placed


def _out_of(rule, regions: list[Polygon]):
    """``rule``, and a box's middle in none of ``regions``."""
    if not regions:
        return rule
    cells = unary_union(regions)
    shapely.prepare(cells)

    def ok(boxes: np.ndarray, leaders) -> np.ndarray:
        good = rule(boxes, leaders)
        idx = np.flatnonzero(good)
        if len(idx):
            mid = (boxes[idx, :2] + boxes[idx, 2:]) / 2
            good[idx] = ~shapely.contains_xy(cells, mid[:, 0], mid[:, 1])
        return good
    if hasattr(rule, "pre"):
        ok.pre = rule.pre
    return ok


def _query_apart(d: Drawing, placer, it, q: Quantity, annotation: Annotation, role: str, centres, anchor,
                 text_size, style: Style, rule, tried) -> Placed:
    """The label of ``it`` placed where it keeps ``QUERY_APART_FONTS`` from a side's bare "?" where it can: the
    "?" from every value placed before it, a value from a "?" placed before it (beside another label, a lone "?"
    reads as floating between that label and its side)."""
    bare = q == annotation.query and role == "side" and it.text == "?"
    asked = str(annotation.query) if annotation.query is not None else None
    others = np.array([lab.box for lab in d.labels if not lab.element.startswith("point ") and (
        bare or (lab.text == "?" and lab.element == asked))], dtype=float)
    if len(others):
        apart = partial(_clear_of_boxes, rule, others.reshape(-1, 4), QUERY_APART_FONTS * style.font_px)
        placed = _search(placer, it.text, str(q), role, centres, anchor, text_size, style, apart, tried)
        if not placed.conflicts and placed.leader is None:  # (never set off for the distance alone)
            return placed
        placer.undo()
    return _search(placer, it.text, str(q), role, centres, anchor, text_size, style, rule, tried)


def _clear_of_boxes(rule, others: np.ndarray, clear: float, boxes: np.ndarray, leaders) -> np.ndarray:
    """``rule``'s verdict on the boxes (n×4), and each box at least ``clear`` px from every other box (m×4)."""
    good = rule(boxes, leaders)
    dx = np.maximum(np.maximum(others[None, :, 0] - boxes[:, None, 2], boxes[:, None, 0] - others[None, :, 2]), 0)
    dy = np.maximum(np.maximum(others[None, :, 1] - boxes[:, None, 3], boxes[:, None, 1] - others[None, :, 3]), 0)
    return good & (np.hypot(dx, dy) >= clear).all(axis=1)


def _clear_of_lines(rule, lines: np.ndarray, clear: float, boxes: np.ndarray, leaders) -> np.ndarray:
    """``rule``'s verdict on the boxes (n×4), and each box's centre at least ``clear`` px from every segment
    (m×2×2)."""
    good = rule(boxes, leaders)
    c = np.column_stack([(boxes[:, 0] + boxes[:, 2]) / 2, (boxes[:, 1] + boxes[:, 3]) / 2])
    a, u = lines[:, 0], lines[:, 1] - lines[:, 0]
    n2 = np.maximum((u * u).sum(axis=1), 1e-12)
    t = np.clip(((c[:, None, :] - a[None]) * u[None]).sum(axis=2) / n2[None], 0.0, 1.0)
    foot = a[None] + t[..., None] * u[None]
    return good & (np.hypot(*(c[:, None, :] - foot).transpose(2, 0, 1)).min(axis=1) >= clear)


# two values (sides, angles, shapes' labels) keep this many font heights apart, letters LABEL_GAP px: "a" 4.6 px
# over "area = 771" read as one stacked label (review 5)
VALUE_GAP_FONTS = 0.65

# A label's search widens only when it must: its usual candidates, then more directions
# and distances, then far off with a leader line.  Most labels stop at the first stage.
# "far*": a leader that may cross strokes (a point whose only outside is a narrow wedge).  The stages of
# one group share a type size and a leader rule, so they are tried as one list of candidates (in order:
# the same spot wins as stage by stage, at less cost).
# (Every label in the figure's one type size: review 6 read 8.6-point values as cramped, unsure whose, and
# issue 38's reader was slowed by 10.2-point values beside 12-point ones; a label moves, it never shrinks.)
STAGES = ((1.0, ("near", "wide")), (1.0, ("far",)), (1.0, ("far*",)))
_FAR = np.array([2.4, 3.2, 4.2, 5.4, 7.0, 9.0])
# a point letter only at full size (smaller, it reads as a side's name) and next to its point (set off
# with a leader, it reads as the corner it sits by): where none of these is free the figure is refused
POINT_STAGES = ((1.0, ("near", "wide")), (1.0, ("fine",)))
# a side's or an angle's value only beside its element: set off with a leader it reads as the element it
# sits by (review 2: "3" by AB for CD, "27°" in the neighbouring angle); with no place it goes to the text
VALUE_STAGES = tuple((step, stages) for step, stages in STAGES if not stages[0].startswith("far"))


def _search(placer: Placer, text: str, element: str, role: str, centres: Callable[[float, float, str], np.ndarray],
            anchor: tuple[float, float], text_size: TextSize, style: Style, accept=None,
            stages_tried=STAGES) -> Placed:
    """The first spot over the ``stages_tried`` (STAGES) that is free and obeys ``accept``, else the least
    bad one seen."""
    best: Placed | None = None
    unplaced = []  # the stages with no clean spot: their least bad one is found only if no stage has one
    tried = set()
    for step, stages in stages_tried:
        crosses = role == "shape" or stages[0] == "far*"
        plain = tuple(stage.rstrip("*") for stage in stages)
        if (step, plain, crosses) in tried:  # a shape's "far*" is its "far" again (its leaders
            continue  # cross strokes either way): the same call, so the same (refused) answer
        tried.add((step, plain, crosses))
        size = None if step == 1.0 else style.font_size * step
        w, h = text_size(text) if size is None else text_size(text, size)
        far = stages[0].startswith("far")
        spots = np.concatenate([centres(w, h, stage).reshape(-1, 2) for stage in plain])
        if not len(spots):
            continue
        placed = placer.place(text, w, h, spots, role, accept=accept, font_size=size,
                              commit=False, leader_from=anchor if far else None,
                              leader_crosses_strokes=crosses, defer=True)
        if isinstance(placed, Placed):  # clean (no conflict): it wins
            best = placed
            break
        unplaced.append(placed)
    else:  # none clean: the least bad over the stages, the first of the fewest conflicts; a stage's least
        # bad with a free box (MISREAD: it broke the rule, or its leader crossed something) cannot be
        # beaten by a later stage (every other unclean cost is ON_SOMETHING or more), so the later ones
        # are not scored
        for find in unplaced:
            placed = find()
            if best is None or placed.conflicts < best.conflicts:
                best = placed
            if best.conflicts <= MISREAD:
                break
    if best is None:  # no spot at all (a shape's label with no room inside, tried there only): on its anchor,
        # as bad as on something
        best = Placed(text, float(anchor[0]), float(anchor[1]), *text_size(text), role, ON_SOMETHING)
    best.element = element
    placer.commit(best, LABEL_GAP if role == "point" else VALUE_GAP_FONTS * style.font_px)
    return best


def _drop_arc(d: Drawing, element: str) -> None:
    """Take an angle's arc mark off the drawing (its value went to the text and nothing else marks it)."""
    line = d.angle_arcs.pop(element, None)
    if line is not None:
        d.marks = [m for m in d.marks if m is not line]
    d.rules.wedges.pop(element, None)


def crowded(labels: list[Placed], font_px: float) -> list[Placed]:
    """The later of each two labels closer than the placer's gaps (``LABEL_GAP``, ``VALUE_GAP_FONTS`` font
    heights between two values; ``SAME_LINE_FONTS`` heights side by side): they read as one label."""
    out = []
    for i, b in enumerate(labels):
        x0, y0, x1, y1 = b.box
        for a in labels[:i]:
            ax0, ay0, ax1, ay1 = a.box
            pad = LABEL_GAP if "point" in (a.role, b.role) else VALUE_GAP_FONTS * font_px
            side = max(pad, SAME_LINE_FONTS * a.h) - 0.5
            if x0 < ax1 + side and x1 > ax0 - side and y0 < ay1 + pad - 0.5 and y1 > ay0 - pad + 0.5:
                out.append(b)
                break
    return out


def _add_label(d: Drawing, occ: Occupancy, placed: Placed, style: Style) -> None:
    """Record the label; a leader line is drawn with the marks and kept clear of later labels."""
    d.labels.append(placed)
    if placed.leader is not None:
        d.leaders.append(placed.leader)
        occ.mark_polylines([placed.leader], style.lw_px / 2 + 1.5)


# -- candidates -------------------------------------------------------------------------------------------


def _turns(n: int) -> list[float]:
    step = 2 * math.pi / n
    return [0.0] + [s * k * step for k in range(1, n // 2 + 1) for s in (1, -1)][: n - 1]


_TURNS24 = np.array(_turns(24))
_TURNS48 = np.array(_turns(48))
_TURNS96 = np.array(_turns(96))


def _well_inside(polys: list, bounds: list, pts: np.ndarray) -> np.ndarray:
    """For each point (m×2) and polygon (whose ``bounds`` are given): does the point lie inside it, more
    than a pixel from its boundary (m×n)?  Each polygon's boundary is made once, for the points in it."""
    out = np.zeros((len(pts), len(polys)), dtype=bool)
    x, y = pts[:, 0], pts[:, 1]
    for j, (poly, (x0, y0, x1, y1)) in enumerate(zip(polys, bounds)):
        idx = np.flatnonzero((x0 < x) & (x < x1) & (y0 < y) & (y < y1))
        if len(idx):
            idx = idx[shapely.contains_xy(poly, x[idx], y[idx])]
        if len(idx):
            out[idx, j] = shapely.distance(poly.boundary, shapely.points(x[idx], y[idx])) > 1.0
    return out


def _point_order(scene: Scene) -> list[str]:
    return sorted(scene.points)


def _outward(scene: Scene, centroids: dict[str, np.ndarray], name: str) -> float:
    """Direction (radians) pointing away from everything attached to the point
    (``centroids``: the mean of each shape's densified outline, scene coordinates).

    (In plain floats, the same operations in the same order as on 2-vectors: a point has a few
    attachments, where numpy's per-call cost was most of the work.)"""
    px, py = (float(c) for c in scene.points[name])
    vecs = []
    for a, b in scene.segments:
        if name in (a, b):
            ox, oy = scene.points[b if a == name else a]
            vecs.append((ox - px, oy - py))
    for s in scene.shapes:
        if name in s.points:
            cx, cy = centroids[s.name]
            vecs.append((float(cx) - px, float(cy) - py))
    for arc in scene.arcs:
        if abs(math.dist(arc.centre, (px, py)) - arc.radius) < 1e-6 * max(arc.radius, 1):
            vecs.append((arc.centre[0] - px, arc.centre[1] - py))
    tx = ty = 0.0
    for vx, vy in vecs:
        n = float(np.hypot(vx, vy))
        if n > 1e-12:
            tx += vx / n
            ty += vy / n
    if float(np.hypot(tx, ty)) < 1e-9:
        c = np.array([np.mean([q[0] for q in scene.points.values()]), np.mean([q[1] for q in scene.points.values()])])
        total = c - np.array((px, py))
        if np.hypot(*total) < 1e-9:
            return math.pi / 2
        tx, ty = float(total[0]), float(total[1])
    return math.atan2(-ty, -tx)


def _side_geometry(scene, frame, q, shapes) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Midpoint, direction (a to b, pixels) and the two normals, the one outside the shapes first."""
    a, b = np.array(frame.px(scene.points[q.key[0]])), np.array(frame.px(scene.points[q.key[1]]))
    dxy = b - a
    n = max(float(np.hypot(*dxy)), 1e-9)
    ux, uy = dxy / n
    normals = np.array([math.atan2(ux, -uy), math.atan2(-ux, uy)])
    mid = (a + b) / 2
    # prefer the side of the segment that is outside the shapes
    inside = [any(p.contains_point((mid[0] + 6 * math.cos(t), mid[1] + 6 * math.sin(t))) for p in shapes)
              for t in normals]
    if inside[0] and not inside[1]:
        normals = normals[::-1]
    return mid, dxy, normals


_ALONG = np.array([0.0, 0.15, -0.15, 0.3, -0.3, 0.4, -0.4])
_HEIGHT_ALONG = np.array([0.5, 0.4, 0.6, 0.3, 0.7, 0.22, 0.78])


def _height_centres(line: np.ndarray, w, h, gap, stage: str, fpx: float, clear: bool = False) -> np.ndarray:
    """Beside a dashed height line, on either side of it, from its middle out (never far off).  ``clear`` (a
    textbook figure's): each box's nearest corner ``gap`` off the line itself, not its edge along the normal (a
    slanted height's boxes so placed all lay across it: the asked "h = ?" found no place)."""
    a, b = line[0], line[1]
    dxy = b - a
    n = max(float(np.hypot(*dxy)), 1e-9)
    ux, uy = dxy / n
    normals = np.array([math.atan2(ux, -uy), math.atan2(-ux, uy)])
    extras = np.array([0.0, 3.0, 7.0]) if stage == "near" else np.array([1.5, 5.0, 10.0])
    anchors = np.repeat(a[None, :] + _HEIGHT_ALONG[:, None] * dxy[None, :], 2, axis=0)
    if clear:
        reach = (gap + extras)[:, None] + w / 2 * abs(uy) + h / 2 * abs(ux)  # (the box's half-width across the line)
        nx, ny = np.cos(np.tile(normals, len(_HEIGHT_ALONG))), np.sin(np.tile(normals, len(_HEIGHT_ALONG)))
        return (anchors[None, :, :] + reach[:, :, None] * np.stack([nx, ny], axis=1)[None]).reshape(-1, 2)
    return offset_centres(anchors, np.tile(normals, len(_HEIGHT_ALONG)), gap + extras, w, h)
_ALONG_WIDE = np.array([0.0, 0.08, -0.08, 0.22, -0.22, 0.35, -0.35, 0.45, -0.45])


# a side label's anchors along the side, each twice (one per normal), its distances and the normals' order
# (made once: the same floats as repeating and tiling them for every label, at a fraction of the calls)
_ALONG_TWICE = np.repeat(_ALONG, 2)
_ALONG_WIDE_TWICE = np.repeat(_ALONG_WIDE, 2)
_NORMALS = np.tile([0, 1], len(_ALONG))
_NORMALS_WIDE = np.tile([0, 1], len(_ALONG_WIDE))
_SIDE_EXTRAS = np.array([0.0, 4.0, 10.0, 18.0, 28.0])
_SIDE_EXTRAS_WIDE = np.array([2.0, 7.0, 14.0, 23.0, 34.0, 48.0, 64.0])
_SIDE_ROUND = np.array([2.0, 10.0, 20.0])


def _side_centres(geo, w, h, gap, stage: str, fpx: float) -> np.ndarray:
    mid, dxy, normals = geo[:3]
    one_side = normals[0] == normals[1]  # (a dimension line's value: beyond it only, Annotation.side_anchor,
    reach = geo[3] if len(geo) > 3 else 0.16  # and this share of the side from its middle at most; a reach
    # given keeps a value on both sides by the middle too: a textbook's value by an end read as the angle's there)
    if stage == "far":  # all round the middle of the side (a short side in a crowd)
        return offset_centres(mid, normals[0] + _TURNS48, gap + _FAR * fpx, w, h)
    wide = stage == "wide"
    along, which, extras = ((_ALONG_WIDE_TWICE, _NORMALS_WIDE, _SIDE_EXTRAS_WIDE) if wide
                            else (_ALONG_TWICE, _NORMALS, _SIDE_EXTRAS))
    if one_side or len(geo) > 3:  # and by its middle: set towards an end it reads as the part there
        keep = np.abs(along) <= reach + 1e-9
        along, which = along[keep], which[keep]
    anchors = mid + along[:, None] * dxy  # (row by row what repeating mid + along * dxy gives)
    out = offset_centres(anchors, normals[which], gap + extras, w, h)
    if wide and not one_side:  # and any direction close by
        out = np.concatenate([out, offset_centres(mid, normals[0] + _TURNS24, gap + _SIDE_ROUND, w, h)])
    return out


def _angle_rays(scene: Scene, frame: Frame, q: Quantity) -> tuple[tuple[float, float], float, float]:
    a, v, b = q.key
    pv = frame.px(scene.points[v])
    pa, pb = frame.px(scene.points[a]), frame.px(scene.points[b])
    ta = math.atan2(pa[1] - pv[1], pa[0] - pv[0])
    tb = math.atan2(pb[1] - pv[1], pb[0] - pv[0])
    sweep = (tb - ta) % (2 * math.pi)
    if sweep > math.pi:  # go the short way round: from b to a
        ta, sweep = tb, 2 * math.pi - sweep
    return pv, ta, sweep


def short_side(scene: Scene, frame: Frame, q: Quantity) -> float:
    """Angle ``q``'s shorter side as drawn (px)."""
    a, v, b = q.key
    return frame.scale * min(math.dist(scene.points[a], scene.points[v]), math.dist(scene.points[b], scene.points[v]))


def _radius_line(scene: Scene, frame: Frame, shape: str) -> np.ndarray | None:
    """A radius of the shape's arc, dashed, from its centre to the middle of its longest arc: an
    "r = …" label needs the radius it names drawn (None: the shape has no arc)."""
    arcs = [a for a in scene.arcs if a.shape == shape]
    if not arcs:
        return None
    arc = max(arcs, key=lambda a: a.sweep)
    t = math.radians(arc.start + arc.sweep / 2)
    end = (arc.centre[0] + arc.radius * math.cos(t), arc.centre[1] + arc.radius * math.sin(t))
    return frame.pxs([arc.centre, end])


ARC_STEP = 0.5  # font heights between the arcs of two angles at one vertex
ARC_APART = 14.0  # px between them at least in a textbook figure
COUNT_ARC_APART = 8.0  # px a value arc keeps beyond the tick ends of an equal-angle arc at its vertex
ARC_TICK_OUT = 4.5  # px an equal-angle arc's ticks reach beyond it (``mark_place.arc_ticks``)
ARC_FONTS = 1.25  # an angle's arc mark at most this many font heights out (its value goes just beyond it)


ARC_LENGTH_FONTS = 1.0  # a textbook angle's arc at least this long where its wedge has room (a shorter one reads
# as a speck by its neighbours)
ARC_MAX_FONTS = 3.6  # a narrow angle's arc at most this far out (review 6: enlarge it rather than set the value far)
WEDGE_ROOM = 5.0  # px between a narrow angle's value and either ray


def _angle_arc(scene, frame, q, style, inner: float = -math.inf, label: tuple[float, float] | None = None,
               clear: bool = False, asked: bool = False) -> tuple[np.ndarray, float]:
    """The arc mark of a labelled angle, at least ``ARC_STEP`` outside the widest arc already at its vertex
    (``inner``); for a narrow angle drawn wider, up to ``ARC_MAX_FONTS``, so that its value (``label``: its
    w, h) fits in the wedge just beyond the arc: a value pushed far out along a narrow wedge read as unsure
    (review 6).  ``clear``: widened, it stops short of any drawn line that does not pass its vertex (review 6:
    an arc 60 px out across BC read as an angle at another point).  ``asked``: the angle asked (its arc at least
    ``ARC_LENGTH_FONTS`` long where its "?" is set off)."""
    pv, t0, sweep = _angle_rays(scene, frame, q)
    short = short_side(scene, frame, q)
    base = r = max(8.0, min(ARC_FONTS * style.font_px, 0.3 * short))
    if label is not None and sweep < math.pi:
        half = math.hypot(*label) / 2
        need = (half + WEDGE_ROOM) / math.sin(sweep / 2) - half - (style.lw_px / 2 + 2.5)
        r = max(r, min(need, ARC_MAX_FONTS * style.font_px, 0.75 * short))
        if clear and r > base:
            r = _clear_radius(scene, frame, pv, t0, sweep, base, r, style.font_px)
    if clear and asked and label == (0.0, 0.0) and sweep > 1e-6 and r * sweep < ARC_LENGTH_FONTS * style.font_px:
        # (a narrow asked angle's arc, its "?" set off, long enough to see: reader 32's 01, a 20° arc 9 px long at A
        # beside the 60° arc there read as crowded; one valued in its wedge is widened for its value above)
        wide = min(ARC_LENGTH_FONTS * style.font_px / sweep, ARC_MAX_FONTS * style.font_px, 0.75 * short)
        if wide > r:
            r = max(r, _clear_radius(scene, frame, pv, t0, sweep, r, wide, style.font_px))
    r = max(r, inner + ARC_STEP * style.font_px)
    n = max(4, int(math.degrees(sweep) / 4))
    t = t0 + sweep * np.arange(n + 1) / n
    return np.column_stack([pv[0] + r * np.cos(t), pv[1] + r * np.sin(t)]), r


ARC_CLEAR = 3.0  # px a widened arc (and the label room beyond it) keeps from a drawn line off its vertex


def _clear_radius(scene, frame, pv, t0: float, sweep: float, base: float, r: float, fpx: float) -> float:
    """The widest radius from ``r`` down to ``base`` (steps of a fifth of a font) at which the arc, with a
    font's room beyond it, meets no drawn segment that does not pass through its vertex; ``base`` where none."""
    from shapely.geometry import LineString, Point

    v = Point(pv)
    lines = [LineString(frame.pxs([scene.points[a], scene.points[b]])) for a, b in scene.segments]
    lines = [ln for ln in lines if ln.distance(v) > 1.0]
    if not lines:
        return r
    t = t0 + sweep * np.linspace(0.0, 1.0, max(4, int(math.degrees(sweep) / 4)) + 1)
    ring = np.column_stack([np.cos(t), np.sin(t)])
    step = 0.2 * fpx
    while r > base:
        arc = LineString(np.asarray(pv) + r * ring)
        reach = LineString(np.asarray(pv) + (r + fpx) * ring)
        if all(ln.distance(arc) > ARC_CLEAR and ln.distance(reach) > ARC_CLEAR for ln in lines):
            return r
        r -= step
    return base


_TURN = np.array([0.0, 0.2, -0.2, 0.4, -0.4])
_TURN_WIDE = np.array([0.0, 0.1, -0.1, 0.3, -0.3, 0.45, -0.45])
# an angle label's distances beyond its arc, in font heights (the angle rule's ANGLE_NEAR_FONTS refuses the far ones)
_ANGLE_GAPS = np.array([0.0, 0.18, 0.4, 0.7, 1.0, 1.35, 1.8])
_ANGLE_GAPS_WIDE = np.array([0.06, 0.28, 0.55, 0.85, 1.15, 1.5, 1.75, 1.95])


def _angle_centres(rays, w, h, r, gap, stage: str, fpx: float, start=None) -> np.ndarray:
    """Inside the wedge beyond the arc mark (the side a reader reads the mark from); far off, all round the
    leader's ``start`` on the arc (its middle, unless ``_arc_middle`` moved it off a ray inside the angle)."""
    pv, t0, sweep = rays
    mid = t0 + sweep / 2
    if stage == "near":
        return offset_centres(pv, mid + _TURN * sweep, r + gap + _ANGLE_GAPS * fpx, w, h)
    if stage == "wide":
        return offset_centres(pv, mid + _TURN_WIDE * sweep, r + gap + _ANGLE_GAPS_WIDE * fpx, w, h)
    if start is None:
        start = _arc_middle(rays, r)
    out = math.atan2(start[1] - pv[1], start[0] - pv[0])
    return offset_centres(start, out + _TURNS48, gap + _FAR * fpx, w, h)


def _arc_middle(rays, r: float, inner: list[float] = ()) -> tuple[float, float]:
    """The middle of an angle's arc or, where drawn rays from its vertex run inside the angle (``inner``: their
    turns from its first ray), of the arc's widest part between them: a leader from the whole arc's middle ran
    along the ray there (newcomer 15's p19: "∠ACB = 90°" beside the altitude CD read as CD's label)."""
    pv, t0, sweep = rays
    cuts = [0.0, *sorted(inner), sweep]
    lo, hi = max(zip(cuts, cuts[1:]), key=lambda c: c[1] - c[0])
    mid = t0 + (lo + hi) / 2
    return (pv[0] + r * math.cos(mid), pv[1] + r * math.sin(mid))


def _inner_rays(d: Drawing, rays) -> list[float]:
    """The turns (from the angle's first ray) of the drawn segments that leave its vertex inside the angle."""
    pv, t0, sweep = rays
    v = np.asarray(pv, dtype=float)
    out = []
    for _, _, line in d.segments:
        for e, f in ((line[0], line[1]), (line[1], line[0])):
            if float(np.hypot(*(e - v))) < 1.0 and float(np.hypot(*(f - v))) > 1.0:
                turn = (math.atan2(f[1] - v[1], f[0] - v[0]) - t0) % (2 * math.pi)
                if 1e-3 < turn < sweep - 1e-3:
                    out.append(turn)
    return out


LEADER_BESIDE = 28.0  # px: a leader whose every part beyond its first quarter lies this near one drawn segment,
LEADER_ALONG = math.radians(20.0)  # and turned under this from it, runs alongside it


def _led_alongside(d: Drawing, placed: Placed) -> bool:
    """Does the label's leader (its least bad place: no other was clean) run alongside a drawn segment?"""
    if placed.leader is None or not d.segments:
        return False
    lines = np.array([line for _, _, line in d.segments], dtype=float).reshape(-1, 2, 2)
    leader = np.asarray(placed.leader[:2], dtype=float).reshape(1, 2, 2)
    return not bool(_leaders_beside_lines(lambda boxes, leaders: np.ones(len(boxes), dtype=bool), lines,
                                          np.zeros((1, 4)), leader)[0])


MARKED_KINDS = ("equal", "parallel", "bracket", "right", "right_lines", "height", "equal_arc")  # marks a leader keeps off


SQUARE_KINDS = ("right", "right_lines")
SQUARE_LEADER_CLEAR = 5.0  # px a set-off value's leader keeps from a right-angle square (reader 35's 12: "CD = 6"
# led 3 px past the square at D read as led across it)


def _mark_strokes(d: Drawing, kinds: tuple[str, ...] = MARKED_KINDS) -> np.ndarray:
    """The relation marks' strokes (ticks, arrows, brackets, squares) as segments (k×2×2)."""
    segs = [(a, b) for m, lines in d.relation_marks if m.kind in kinds for line in lines
            for a, b in zip(line[:-1], line[1:])]
    return np.array(segs, dtype=float).reshape(-1, 2, 2)


def _leaders_off_marks(rule, strokes: np.ndarray, boxes: np.ndarray, leaders,
                       squares: np.ndarray | None = None) -> np.ndarray:
    """``rule``'s verdict on the boxes (n×4), and no leader (n×2×2) within ``LEADER_MARK_CLEAR`` of a relation
    mark's stroke (k×2×2): across a parallel mark's arrows or a bracket, a leader read as pointing at that mark's
    side (FormalGeo's 479: "AD = 5x-18" led across AD's own arrows); nor within ``SQUARE_LEADER_CLEAR`` of a
    right-angle square's (``squares``)."""
    good = rule(boxes, leaders)
    if leaders is None or not len(leaders):
        return good
    leaders = np.asarray(leaders, dtype=float)
    good &= _segment_gaps(leaders, strokes).min(axis=1) >= LEADER_MARK_CLEAR
    if squares is not None and squares.size:
        good &= _segment_gaps(leaders, squares).min(axis=1) >= SQUARE_LEADER_CLEAR
    return good


LEADER_ACROSS_MARK = 12.0  # px a leader led across lines keeps from every mark past its own end (by an arrow or a
# tick on the line it crosses, it reads as a segment drawn across that line: reader 37's 01 and 17)


def _past_start(leaders, px: float) -> np.ndarray:
    """Each leader (n×2×2) past its first ``px`` (the part by its own element), as a segment (n×2×2)."""
    leaders = np.asarray(leaders, dtype=float)
    u = leaders[:, 1] - leaders[:, 0]
    n = np.maximum(np.hypot(u[:, 0], u[:, 1]), 1e-9)
    k = np.minimum(px / n, 1.0)[:, None]
    return np.stack([leaders[:, 0] + k * u, leaders[:, 1]], axis=1)


def _leaders_far_from_marks(rule, strokes: np.ndarray, boxes: np.ndarray, leaders) -> np.ndarray:
    """``rule``'s verdict on the boxes (n×4), and each leader (n×2×2), past its first ``LEADER_ACROSS_MARK`` px (its
    end on its own side, by its own marks), that far from every relation mark's stroke (k×2×2)."""
    good = rule(boxes, leaders)
    if leaders is None or not len(leaders):
        return good
    far = _past_start(leaders, LEADER_ACROSS_MARK)
    return good & (_segment_gaps(far, strokes).min(axis=1) >= LEADER_ACROSS_MARK)


LEADER_LEADER_CLEAR = 4.0  # px a leader keeps from every other label's leader (reader 36's 24: "AO = 5"'s and the
# sector's crossing in a "+" read as a mark)
LEADER_END_LABEL_FONTS = 1.0  # font heights a leader's end on its element keeps from every other value's box (reader
# 36's 25: the sector's leader ended 13.6 px (0.8 fonts) from "∠ACB = 70°", read as pointing at that label)


def _leaders_apart_of(d: Drawing, rule, fpx: float, element: str):
    """``rule``, and ``_leaders_apart`` against the labels placed so far but ``element``'s own; ``rule`` itself
    where no other value is placed."""
    values = [lab for lab in d.labels if not lab.element.startswith("point ") and lab.element != element]  # (a
    # point's letter sits by its corner, where an angle's leader may well end; by its element's own value, "∠ABC = ?"
    # asking the given 110°, it points at its own)
    if not values:
        return rule
    boxes = np.array([lab.box for lab in values], dtype=float).reshape(-1, 4)
    led = np.array([lab.leader[:2] for lab in values if lab.leader is not None], dtype=float).reshape(-1, 2, 2)
    return partial(_leaders_apart, rule, led, boxes, LEADER_END_LABEL_FONTS * fpx)


def _box_gaps(points: np.ndarray, boxes: np.ndarray) -> np.ndarray:
    """The distance (n×m) from each point (n×2) to each box (m×4), 0 inside it."""
    dx = np.maximum(np.maximum(boxes[None, :, 0] - points[:, None, 0], points[:, None, 0] - boxes[None, :, 2]), 0)
    dy = np.maximum(np.maximum(boxes[None, :, 1] - points[:, None, 1], points[:, None, 1] - boxes[None, :, 3]), 0)
    return np.hypot(dx, dy)


def leaders_clash(leaders: np.ndarray | None, boxes: np.ndarray, others: np.ndarray, values: np.ndarray,
                  end_clear: float) -> np.ndarray:
    """Which candidates (boxes n×4, their leaders n×2×2 from the element, or None) clash with the labels placed
    before (their leaders ``others``, k×2×2, and value boxes ``values``, m×4): a leader within
    ``LEADER_LEADER_CLEAR`` of another's (crossing, they read as a "+" mark and say neither whose label is whose), a
    leader's end on its element within ``end_clear`` of another value's box, or a box within ``end_clear`` of
    another leader's end (either way the leader reads as pointing at that label)."""
    bad = np.zeros(len(boxes), dtype=bool)
    if len(others):
        bad |= _box_gaps(others[:, 0], boxes).T.min(axis=1) < end_clear
    if leaders is None or not len(leaders):
        return bad
    leaders = np.asarray(leaders, dtype=float)
    if len(others):
        bad |= _segment_gaps(leaders, others).min(axis=1) < LEADER_LEADER_CLEAR
    if len(values):
        bad |= _box_gaps(leaders[:, 0], values).min(axis=1) < end_clear
    return bad


def _leaders_apart(rule, others: np.ndarray, values: np.ndarray, end_clear: float, boxes: np.ndarray,
                   leaders) -> np.ndarray:
    """``rule``'s verdict on the boxes (n×4), and no clash with the labels placed before (``leaders_clash``)."""
    good = rule(boxes, leaders)
    return good & ~leaders_clash(leaders, np.asarray(boxes, dtype=float), others, values, end_clear)


def _other_lines(d: Drawing, scene: Scene, frame: Frame, q: Quantity) -> np.ndarray:
    """The drawn segments (m×2×2, pixels) not along a line of ``q``'s own (a side's line, an angle's arms) nor from
    its vertex."""
    own = []
    if q.kind is QKind.ANGLE and len(q.key) == 3:
        own = [(q.key[1], q.key[0]), (q.key[1], q.key[2])]
    elif q.kind is QKind.LENGTH and len(q.key) == 2:
        own = [tuple(q.key)]
    ends = [(np.asarray(frame.px(scene.points[a]), float), np.asarray(frame.px(scene.points[b]), float))
            for a, b in own if a in scene.points and b in scene.points]

    def along(line: np.ndarray) -> bool:
        for p, r in ends:
            u = r - p
            n = max(float(np.hypot(*u)), 1e-9)
            if all(abs(float(u[0] * (x - p)[1] - u[1] * (x - p)[0])) / n < 1.0 for x in line[:2]):
                return True
        return False

    vertex = q.key[1] if q.kind is QKind.ANGLE and len(q.key) == 3 else None  # (a ray from an angle's vertex, its
    # arc crosses: its leader leaving the arc by it still says its angle)
    return np.array([line[:2] for a, b, line in d.segments if vertex not in (a, b) and not along(np.asarray(line, float))],
                    dtype=float).reshape(-1, 2, 2)


LEADER_OWN_END = 4.0  # px of a leader by its element where it may meet a drawn segment (its own side, its arc's rays)


def _leaders_over_no_line(rule, lines: np.ndarray, boxes: np.ndarray, leaders) -> np.ndarray:
    """``rule``'s verdict on the boxes (n×4), and no leader (n×2×2) across a drawn segment (m×2×2) past its first
    ``LEADER_OWN_END`` px (its end on its own element)."""
    good = rule(boxes, leaders)
    if leaders is None or not len(leaders) or not len(lines):
        return good
    past = _past_start(leaders, LEADER_OWN_END)
    return good & (_segment_gaps(past, lines).min(axis=1) > 0.0)


WEDGE_CLEAR = 1.0  # px: an angle's leader keeps this far from its own two rays


def _leaders_in_wedge(rule, arms: np.ndarray, boxes: np.ndarray, leaders) -> np.ndarray:
    """``rule``'s verdict on the boxes (n×4), and no leader (n×2×2) across the angle's own rays (``arms``, 2×2×2,
    each from the vertex): one that leaves its arc across a ray runs through the neighbouring angle, and its label
    reads as that angle's (reader 17's 02: "∠KLN = 18°" under LK, led across LK from an 18° arc 4 px off it, a
    crossing the placer's strokes check leaves alone so near the arc)."""
    good = rule(boxes, leaders)
    if leaders is None or not len(leaders):
        return good
    return good & (_segment_gaps(np.asarray(leaders, dtype=float), arms).min(axis=1) >= WEDGE_CLEAR)


def _segment_gaps(p: np.ndarray, q: np.ndarray) -> np.ndarray:
    """The distance (n×k) between each segment of ``p`` (n×2×2) and each of ``q`` (k×2×2): 0 where they cross,
    else the least of each end's distance to the other segment."""
    def to_seg(x, s):  # points x (…×2) against segments s (…×2×2), broadcast
        a, u = s[..., 0, :], s[..., 1, :] - s[..., 0, :]
        t = np.clip(((x - a) * u).sum(-1) / np.maximum((u * u).sum(-1), 1e-12), 0.0, 1.0)
        return np.hypot(*np.moveaxis(x - a - t[..., None] * u, -1, 0))

    P, Q = p[:, None], q[None]  # n×1×2×2, 1×k×2×2
    gaps = np.minimum.reduce([to_seg(P[..., 0, :], Q), to_seg(P[..., 1, :], Q),
                              to_seg(Q[..., 0, :], P), to_seg(Q[..., 1, :], P)])

    def side(a, b, c):  # the sign of c against line ab
        u, w = b - a, c - a
        return np.sign(u[..., 0] * w[..., 1] - u[..., 1] * w[..., 0])

    cross = (side(P[..., 0, :], P[..., 1, :], Q[..., 0, :]) * side(P[..., 0, :], P[..., 1, :], Q[..., 1, :]) < 0) & \
            (side(Q[..., 0, :], Q[..., 1, :], P[..., 0, :]) * side(Q[..., 0, :], Q[..., 1, :], P[..., 1, :]) < 0)
    return np.where(cross, 0.0, gaps)


def _leaders_beside_lines(rule, lines: np.ndarray, boxes: np.ndarray, leaders) -> np.ndarray:
    """``rule``'s verdict on the boxes (n×4), and no leader (n×2×2) alongside a drawn segment (m×2×2): beside
    the altitude CD, the right angle's "∠ACB = 90°" read as CD's label (newcomer 15's p19)."""
    good = rule(boxes, leaders)
    if leaders is None or not len(lines):
        return good
    t = np.array([0.25, 0.5, 0.75, 1.0])[None, :, None]
    pts = leaders[:, None, 0, :] + (leaders[:, None, 1, :] - leaders[:, None, 0, :]) * t  # n×4×2
    a, u = lines[:, 0], lines[:, 1] - lines[:, 0]  # m×2
    n2 = np.maximum((u * u).sum(axis=1), 1e-12)
    rel = pts[:, :, None, :] - a[None, None]  # n×4×m×2
    s = np.clip((rel * u[None, None]).sum(axis=3) / n2[None, None], 0.0, 1.0)
    gap = np.hypot(*(rel - s[..., None] * u[None, None]).transpose(3, 0, 1, 2))  # n×4×m
    lv = leaders[:, 1] - leaders[:, 0]
    cross = np.abs(lv[:, None, 0] * u[None, :, 1] - lv[:, None, 1] * u[None, :, 0])  # n×m: |sin| × both lengths
    along = cross < math.sin(LEADER_ALONG) * np.hypot(*lv.T)[:, None] * np.sqrt(n2)[None]
    long = np.hypot(*lv.T) > LEADER_BESIDE
    beside = ((gap < LEADER_BESIDE).all(axis=1) & along).any(axis=1) & long
    return good & ~beside


_RING = np.arange(16) * math.pi / 8
_RING_WIDE = np.arange(32) * math.pi / 16 + math.pi / 32
# a shape label's rings: radii in font heights (a column) and the directions' cosines and sines
# (a row), worked out once: the same floats as computing them for every label
_RING_RAD = np.array([0.8, 1.6, 2.6, 3.8, 5.0, 6.5, 8.0, 10.0])[:, None]
_RING_RAD_WIDE = np.array([0.4, 1.2, 2.0, 3.2, 4.4, 5.8, 7.2, 9.0, 11.0, 13.0])[:, None]
_RING_CS = np.cos(_RING)[None, :], np.sin(_RING)[None, :]
_RING_CS_WIDE = np.cos(_RING_WIDE)[None, :], np.sin(_RING_WIDE)[None, :]


def _shape_centres(c: np.ndarray, w: float, h: float, fpx: float, stage: str) -> np.ndarray:
    if stage == "far":
        return offset_centres(c, _TURNS48, _FAR * fpx, w, h)
    wide = stage == "wide"
    rad = (_RING_RAD_WIDE if wide else _RING_RAD) * fpx
    cos, sin = _RING_CS_WIDE if wide else _RING_CS
    ring = np.empty((rad.shape[0], cos.shape[1], 2))
    np.add(c[0], rad * cos, out=ring[..., 0])
    np.add(c[1], rad * sin, out=ring[..., 1])
    ring = ring.reshape(-1, 2)
    return ring if wide else np.concatenate([c[None, :], ring])


def enclosed(p: tuple[float, float], polys: list, radius: float) -> bool:
    """Is every direction from ``p`` covered by shapes within ``radius`` pixels?
    (Shapes are grown by a pixel so that a shared side leaves no gap.)"""
    cover = unary_union([poly.buffer(1.5) for poly in polys]) if polys else None
    if cover is None:
        return False
    for k in range(24):
        t = 2 * math.pi * k / 24
        for r in (0.5 * radius, radius):
            if not cover.contains(ShapelyPoint(p[0] + r * math.cos(t), p[1] + r * math.sin(t))):
                return False
    return True


# -- marks ------------------------------------------------------------------------------------------------


def _leaks(annotation, q: Quantity) -> bool:
    """Would a right-angle square on angle ``q`` give the answer away?  Its value is written in a variable the asked
    element's value is written in (or, the goal a variable, in any): the square says that 3x = 90, so x = 30 and
    the asked x + 20 = 50 (newcomer 18's p22).  An angle in another variable keeps its square (5y at a median's
    foot, LM = 3x + 1 asked)."""
    mine = getattr(annotation.facts.get(q), "free_symbols", set())
    if not mine:
        return False
    if hasattr(annotation, "asked_in"):  # (a textbook figure's: the variables its answer is written in)
        return bool(mine & annotation.asked_in)
    asked = annotation.query  # (GeomVerse's: the asked element's value, or every variable where x is asked)
    return asked is None or bool(mine & getattr(annotation.facts.get(asked), "free_symbols", set()))


def _is_right(scene: Scene, q: Quantity, tol: float = 1e-6) -> bool:
    return abs(scene.measure(q) - 90.0) < tol


def _squared(d: Drawing, scene: Scene, frame: Frame, q: Quantity) -> bool:
    """Does a relation's right-angle square (``Drawing.relation_marks``) already mark angle ``q``'s corner?"""
    pv, t0, sweep = _angle_rays(scene, frame, q)
    for m, lines in d.relation_marks:
        if m.kind not in ("right", "right_lines", "height") or not lines:
            continue
        sq = np.asarray(lines[0], dtype=float)
        if len(sq) < 3:
            continue
        corner = sq[0] + sq[2] - sq[1]
        if math.dist(corner, pv) < 3.0:
            t = (math.atan2(sq[1][1] - pv[1], sq[1][0] - pv[0]) - t0) % (2 * math.pi)
            if t < sweep:  # (its diagonal inside the angle: the square is this corner's, not its neighbour's)
                return True
    return False


def _crossing_squared(d: Drawing, squares: list[np.ndarray], frame: Frame, scene: Scene, q: Quantity) -> bool:
    """Does a right-angle square mark another quarter of the crossing right angle ``q`` is one quarter of (its
    corner at ``q``'s vertex, its sides along ``q``'s two lines), so that the crossing is marked perpendicular
    already?  (Its own quarter's square is ``_squared``'s.)"""
    if _squared(d, scene, frame, q):
        return False
    pv, t0, sweep = _angle_rays(scene, frame, q)
    lines = [math.degrees(t) % 180.0 for t in (t0, t0 + sweep)]
    found = [np.asarray(ln[0], float) for m, ln in d.relation_marks if m.kind in ("right", "right_lines", "height")
             and ln] + [np.asarray(s, float) for s in squares]
    for sq in found:
        if sq.shape != (3, 2):
            continue
        corner = sq[0] + sq[2] - sq[1]
        if math.dist(corner, pv) >= 3.0:
            continue
        sides = [math.degrees(math.atan2(*(e - corner)[::-1])) % 180.0 for e in (sq[0], sq[2])]
        if all(any(min(abs(a - b), 180.0 - abs(a - b)) < 2.0 for b in sides) for a in lines):
            in_own = (math.atan2(sq[1][1] - pv[1], sq[1][0] - pv[0]) - t0) % (2 * math.pi) < sweep
            if not in_own:
                return True
    return False


def _right_angles(scene: Scene, annotation: Annotation) -> list[Quantity]:
    """Right angles worth a mark: the corners a kind declares (``right_marks``: a right
    triangle's, a composite's rectangle corners), every corner a kind makes right by its
    name (a rectangle's and a square's four: the text relies on them), and any right angle
    the problem mentions.  One mark per corner: angles that are one corner of the figure (the
    same vertex and rays, named through other points of those rays) get one mark, not a stack."""
    out: list[Quantity] = []
    mentioned = set(annotation.facts) | ({annotation.query} if annotation.query else set())
    for decl in scene.decls:
        kind = KINDS[decl.kind]
        p = decl.points
        bound = kind.bind(decl)
        out += [Quantity.angle(p[i], p[v], p[j]) for i, v, j in kind.right_marks]
        if not kind.right_marks:
            out += [q for sym, qs in bound.items() if kind.constants.get(sym) == 90 for q in qs
                    if q.kind is QKind.ANGLE and _is_right(scene, q)]
        out += [q for qs in bound.values() for q in qs
                if q.kind is QKind.ANGLE and q in mentioned and _is_right(scene, q)]
    corners: dict[tuple, Quantity] = {}
    for q in out:
        corners.setdefault(_corner(scene, q), q)
    return list(corners.values())


def _corner(scene: Scene, q: Quantity) -> tuple:
    """The corner an angle is, as drawn: its vertex and its two ray directions (to 0.5°)."""
    a, v, b = q.key
    pv = scene.points[v]
    rays = sorted(round(math.degrees(math.atan2(scene.points[x][1] - pv[1], scene.points[x][0] - pv[0])) * 2) % 720
                  for x in (a, b))
    return (round(pv[0], 6), round(pv[1], 6), *rays)


def _mark_size(scene, frame, q, style) -> float:
    return max(5.0, min(0.8 * style.font_px, 0.25 * short_side(scene, frame, q)))


def _right_mark(scene: Scene, frame: Frame, q: Quantity, style: Style) -> np.ndarray:
    """The corner's two unit rays, ``s`` long, and the square between them.  (In plain floats: the same
    operations, element by element, as on 2-vectors, where numpy's per-call cost was the work.)"""
    a, v, b = q.key
    px, py = frame.px(scene.points[v])
    ax, ay = frame.px(scene.points[a])
    bx, by = frame.px(scene.points[b])
    uax, uay, ubx, uby = ax - px, ay - py, bx - px, by - py
    na, nb = np.hypot(uax, uay), np.hypot(ubx, uby)
    uax, uay, ubx, uby = uax / na, uay / na, ubx / nb, uby / nb
    s = _mark_size(scene, frame, q, style)
    return np.array([[px + s * uax, py + s * uay], [px + s * (uax + ubx), py + s * (uay + uby)],
                     [px + s * ubx, py + s * uby]])
