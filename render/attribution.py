"""Which element a label reads as belonging to: the rules every placed label must obey.

A reader attaches a label to the nearest element of its kind, so a label is only
right if that nearest element is its own, clearly.  The rules, in pixels:

* every label box lies ``EDGE`` px inside the image;
* point and side labels: the box's distance to its own element (a point; a segment) times
  ``RATIO`` plus ``SLACK`` is at most its distance to any other element of that kind (the other
  points; every other stroke: segments, arcs and dashed heights, bar the collinear pieces of
  one line a point splits);
* a side value also: its box within ``SIDE_NEAR_FONTS`` font heights of its side and its centre within
  ``SIDE_CENTRE_FONTS`` (review 6: "a = 6" 35 px off a slanted side); its centre ``CENTRE_RATIO`` times,
  and ``SIDE_MARGIN`` px, nearer its side than any other stroke (a box in a corner can be near one side by
  its edge and read as the other's; review 6: 12 px against 19); beside the side's middle part, its
  centre's foot on the side at least ``CORNER_SHARE`` of the side or ``CORNER_FONTS`` font heights from
  either end (review 5: "12" level with a corner read as the other side's, "18" at a corner as DA's); its
  centre ``RADIUS_RATIO`` times nearer its side than an undrawn radius from either end to a drawn centre (a
  reader fills the radius in: reader 16 read a chord's value by the centre as the radius's);
* a point letter is next to its point: its box within ``POINT_NEAR_FONTS`` font heights, its centre within
  ``POINT_CENTRE_FONTS`` and ``POINT_CENTRE_RATIO`` times nearer it than any other point (review 6: letters
  25-34 px off), and never set off with a leader (issue 24's second review: a careful reader does not
  trace leaders, so a letter set off reads as the corner it sits by, whatever its leader says);
* angle labels: the box centre lies in the angle's wedge (the short way round: the side its arc
  mark is on); the box within ``ANGLE_NEAR_FONTS`` font heights of the vertex, or ``ARC_BEYOND_FONTS``
  beyond a wider arc (a narrow angle's arc is drawn wider, so that its value fits just beyond it:
  review 6 read values pushed 75-87 px out along a narrow wedge as unsure), its centre within
  ``ANGLE_CENTRE_FONTS`` (or twice the arc's radius and 10 px) and ``ANGLE_CLEAR`` times nearer its own
  vertex than any other point, its box nearer too, and no other labelled angle's wedge holds it as
  near that angle's vertex; like side values, never set off with a leader (read where it sits;
  review 5: "121°" 51 px from its vertex E and 52 from A);
* a height's value ("h = …"): beside the middle part of its dashed height line (``HEIGHT_MIDDLE``), its box
  within ``HEIGHT_NEAR_FONTS`` font heights of it and its centre ``RATIO`` times nearer it than any other
  dashed height and ``HEIGHT_CLEAR`` times nearer than any side, never set off with a leader (review 5:
  "h = 4" stacked with the area label 70 px from its line; review 6: 125 px off it, by the sides);
* shape labels (area, perimeter, arc, radius: their text says which quantity): the box
  lies in the shape's own fill, ``CLEAR`` px off every other shape, never in a hole or a notch;
* a shape's label set far off has a leader line: the rules above hold for the leader's element end
  instead of the box, the end lies ``LEADER_CLEAR_PX`` off every stroke (review 6: an end 3.8 px from a
  dashed height pointed at the height), and the box keeps ``CLEAR`` px off every other element of its kind.

The layout offers only candidates that pass (``Rules.rule`` is a vectorised predicate over
candidate boxes), and ``Rules.misread`` re-applies the same predicate to a finished drawing.
An independent reader of the exported labels (tests/label_reader.py) tests the outcome.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np
import shapely
import shapely.ops
from shapely.geometry import Polygon

EDGE = 4.0
ARC_NEAR_FONTS = 1.5  # an arc's label (or its leader's start) this near the arc's middle
RATIO = 1.5
CENTRE_RATIO = 2.0  # a side label's centre: this many times nearer its side than any other stroke
NAMED_RATIO = 1.0  # a label that names its side ("AB = 12"): its box and centre nearer its side than any other
# stroke is enough (the name says which side; nearest, it reads as by it)
CORNER_SHARE = 0.25  # a side label's centre's foot: this share of the side from either end,
CORNER_FONTS = 2.0  # or (a long side) this many font heights
SLACK = 2.0
CLEAR = 3.0
ANGLE_NEAR_FONTS = 2.3  # an angle label's box within this many font heights of its vertex,
ARC_BEYOND_FONTS = 0.6  # or of its arc where the arc is drawn wider (a narrow angle, a third at one vertex);
ANGLE_CENTRE_FONTS = 3.0  # its centre within this many font heights, or twice the arc's radius and 10 px
LEADER_FROM = 5.5  # px: a set-off side label's leader starts this near its side (the placer's starts 4 px off it)
ANGLE_CLEAR = 1.3  # an angle label's centre this many times nearer its vertex than any other point
HEIGHT_NEAR_FONTS = 0.85  # a height's value: its box this near its dashed line,
HEIGHT_MIDDLE = 0.2  # beside its middle part (its centre's foot this share of the line from either end),
HEIGHT_CLEAR = 1.6  # and its centre this many times nearer it than any side (review 6: ratio 2 asked)
POINT_NEAR_FONTS = 1.5
POINT_CENTRE_FONTS = 1.45  # a point letter's centre this near its point (review 6: letters 25-34 px off)
POINT_CENTRE_RATIO = 1.6  # and this many times nearer it than any other point
SIDE_NEAR_FONTS = 0.7  # a side value's box this near its side,
SIDE_CENTRE_FONTS = 2.0  # and its centre (review 6: "a = 6" 35 px off a slanted side)
SIDE_MARGIN = 10.0  # px: a side value's centre this much nearer its side than any other stroke, too
RADIUS_RATIO = 2.5  # a side value's centre this many times nearer its side than any undrawn radius from its ends to a
# drawn centre (a reader fills the radius in; reader 16's 12: BF's "7", 18 px off chord BF and 37 px off radius BE,
# read as BE's)
LEADER_CLEAR_PX = 6.0  # a shape label's leader ends this far inside, off every stroke (review 6: 3.8 px
# from a dashed height, it pointed at the height)

# (k×4 boxes, k×2×2 leaders or None) -> k booleans
Rule = Callable[[np.ndarray, "np.ndarray | None"], np.ndarray]


INTERIOR_POINT = 1.0  # fonts: a shape's label point (its leader's tip) keeps this far from every drawn point


@dataclass
class Wedge:
    """An angle as drawn: vertex, first ray direction, sweep (radians, ccw) and mark radius (pixels)."""

    vertex: np.ndarray
    start: float
    sweep: float
    radius: float

    def holds(self, pts: np.ndarray) -> np.ndarray:
        t = np.arctan2(pts[:, 1] - self.vertex[1], pts[:, 0] - self.vertex[0])
        return (t - self.start) % (2 * math.pi) <= self.sweep


@dataclass
class Strokes:
    """Every drawn stroke cut into straight pieces; ``owner[i]`` is the stroke piece i belongs to."""

    a: np.ndarray
    b: np.ndarray
    owner: np.ndarray

    @staticmethod
    def of(lines: list[np.ndarray], step: float = 12.0) -> Strokes:
        """From polylines; arcs keep a vertex every ``step`` px or so (a 12 px chord strays from an arc
        of radius r by 18/r px: under a pixel for any arc a label meets), which is all a distance needs."""
        kept = [_thin(np.asarray(line, float), step) for line in lines]
        if not kept:
            z = np.zeros((0, 2))
            return Strokes(z, z, np.zeros(0, int))
        owner = np.repeat(np.arange(len(kept)), [len(x) - 1 for x in kept])
        return Strokes(np.concatenate([x[:-1] for x in kept]), np.concatenate([x[1:] for x in kept]), owner)


def _thin(line: np.ndarray, step: float) -> np.ndarray:
    if len(line) <= 3:
        return line
    seg = np.hypot(*np.diff(line, axis=0).T)
    every = max(1, round(step / max(float(seg.mean()), 1e-9)))
    if every == 1:
        return line
    idx = np.arange(0, len(line) - 1, every)
    return line[np.append(idx, len(line) - 1)]


FACE_SHARE = 0.04  # a part of a region that drawn segments cut off counts from this share of its area
FACE_IN = 1.0  # px: a bare "?" box may touch a face's edge (it sits beside the segment), never reach in further
FACE_LEFT = 0.6  # what the cells left of a region, under this share of it, may be a piece a drawn line cuts off


@dataclass
class Rules:
    """The figure's elements in pixels (y up) and the attribution rule of each labelled one."""

    size: int
    font_px: float
    points: dict[str, np.ndarray]
    strokes: Strokes
    stroke_index: dict[frozenset, int]  # a segment's two point names -> its stroke
    fills: dict[str, Polygon]
    holes: dict[str, list[Polygon]]  # each shape's holes, as regions of their own
    wedges: dict[str, Wedge] = field(default_factory=dict)  # by element ("angle ABC")
    heights: dict[str, np.ndarray] = field(default_factory=dict)  # shape name -> its dashed height (2×2)
    curved: frozenset = frozenset()  # the strokes that are arcs (a side's letter never reads as an arc's)
    side_offsets: dict = field(default_factory=dict)  # a side read at its dimension line -> that line's offset
    centre_ratio: float = CENTRE_RATIO  # a side label's centre this many times nearer its side than any other
    named_sides: frozenset = frozenset()  # sides whose label names its side ("AB = 12"): ``NAMED_RATIO`` nearer it
    arcs: dict = field(default_factory=dict)  # an arc with a label -> its label's spot, centre, radius, start, sweep
    radii: tuple = ()  # (centre, point) pairs: undrawn radii to a drawn centre, which a reader can take as segments
    asked_sides: frozenset = frozenset()  # sides whose label is a bare "?": never inside a face (``_off_faces``)
    set_off: frozenset = frozenset()  # sides and angles whose label names its element ("∠CAD = ?") and may be set
    # off with a leader (no place beside it reads as its own: a narrow angle by another corner, a crowded side)
    _cache: dict = field(default_factory=dict)
    _meets: dict = field(default_factory=dict)  # (name, name) -> do the two fills' interiors meet (kept past release)

    def interiors_meet(self, pairs: list[tuple[str, str]]) -> list[bool]:
        """For each pair of fills (by name): do their interiors meet (DE-9IM ``T********``, a symmetric
        relation)?  Each pair is asked of shapely once for the figure, in one call with the others not yet
        known: a shape's label region (``_interior``) and the painter's over-white test
        (``Drawing.over_white``) ask the same pairs, ~0.1 ms a call."""
        todo = list(dict.fromkeys(p for p in pairs if p not in self._meets))
        if todo:
            got = shapely.relate_pattern([self.fills[a] for a, _ in todo], [self.fills[b] for _, b in todo],
                                         "T********")
            for (a, b), meets in zip(todo, got.tolist()):
                self._meets[a, b] = self._meets[b, a] = meets
        return [self._meets[p] for p in pairs]

    # -- the rules --------------------------------------------------------------------------------
    def release(self) -> None:
        """Drop what was made for placing labels (rules, regions, tables: each refers back to these
        Rules, a reference cycle that would leave every figure's arrays to the garbage collector);
        anything asked again is made again."""
        self._cache.clear()

    def rule(self, role: str, element: str) -> Rule:
        """The predicate for a label of ``element`` (its problem-language spelling) in ``role``."""
        key = (role, element)
        if key not in self._cache:
            make = {"point": self._point, "side": self._side, "angle": self._angle, "shape": self._shape,
                    "arc": self._arc}[role]
            if role == "shape" and element.startswith("height ") and element.split(" ", 1)[1] in self.heights:
                make = self._height  # a height's value is drawn as a shape's (its colour) but read by its line
            self._cache[key] = make(element)
        return self._cache[key]

    def _on_canvas(self, boxes: np.ndarray) -> np.ndarray:
        lo, hi = EDGE, self.size - EDGE
        return (boxes[:, 0] >= lo) & (boxes[:, 1] >= lo) & (boxes[:, 2] <= hi) & (boxes[:, 3] <= hi)

    def _nearest(self, own: Callable[[np.ndarray], np.ndarray], others: Callable[[np.ndarray, np.ndarray], np.ndarray],
                 lo: np.ndarray, hi: np.ndarray) -> Rule:
        """``own(boxes)``: k distances to the label's element; ``others(boxes, idx)``: k×len(idx) distances
        to those of the other elements of its kind, whose bounding boxes are ``lo``–``hi`` (m×2 each).
        Own nearest by RATIO and SLACK; a leader's start stands for the box, whose distance to the
        others must then be CLEAR.  Only the others within reach of the boxes are measured: one
        farther off cannot be nearer than the bound."""
        def within(boxes: np.ndarray, reach: float) -> np.ndarray:
            x0, y0 = boxes[:, 0].min() - reach, boxes[:, 1].min() - reach
            x1, y1 = boxes[:, 2].max() + reach, boxes[:, 3].max() + reach
            return np.flatnonzero((lo[:, 0] <= x1) & (hi[:, 0] >= x0) & (lo[:, 1] <= y1) & (hi[:, 1] >= y0))

        def ok(boxes: np.ndarray, leaders: np.ndarray | None) -> np.ndarray:
            good = self._on_canvas(boxes)
            if not len(lo) or not len(boxes):
                return good
            src = boxes if leaders is None else _point_boxes(leaders[:, 0])
            bound = RATIO * own(src) + SLACK
            near = within(src, float(bound.max()))
            if len(near):
                good &= others(src, near).min(axis=1) >= bound
            if leaders is not None:
                near = within(boxes, CLEAR)
                if len(near):
                    good &= others(boxes, near).min(axis=1) >= CLEAR
            return good
        return ok

    def _arc(self, element: str) -> Rule:
        """An arc's label: outside its circle (inside, by a sector's middle, it read as the area: review 11),
        within ``ARC_NEAR_FONTS`` of the arc's middle (its leader's start, if set off) and nearer it than any
        point by ``RATIO`` and ``SLACK`` (by a point on the circle it reads as that point's)."""
        middle, centre, radius = self.arcs[element][:3]
        pts = np.array(list(self.points.values())).reshape(-1, 2)
        near = ARC_NEAR_FONTS * self.font_px

        def ok(boxes: np.ndarray, leaders: np.ndarray | None) -> np.ndarray:
            good = self._on_canvas(boxes)
            src = boxes if leaders is None else _point_boxes(leaders[:, 0])
            own = box_point_distance(src, middle[None])[:, 0]
            good &= own <= near
            good &= box_point_distance(boxes, centre[None])[:, 0] >= radius + 1.0
            if len(pts):
                good &= box_point_distance(src, pts).min(axis=1) >= RATIO * own + SLACK
            return good
        return ok

    def _point(self, element: str) -> Rule:
        name = element.removeprefix("point ")
        own = self.points[name][None]
        rest = np.array([p for n, p in self.points.items() if n != name]).reshape(-1, 2)
        nearest = self._nearest(lambda boxes: box_point_distance(boxes, own)[:, 0],
                                lambda boxes, idx: box_point_distance(boxes, rest[idx]), rest, rest)
        near = POINT_NEAR_FONTS * self.font_px

        def ok(boxes: np.ndarray, leaders: np.ndarray | None) -> np.ndarray:
            if leaders is not None:  # a letter is read by where it sits: a leader never makes it right
                return np.zeros(len(boxes), dtype=bool)
            good = nearest(boxes, None) & (box_point_distance(boxes, own)[:, 0] <= near)
            idx = np.flatnonzero(good)
            if len(idx):
                good[idx] = _centre_near(_centres(boxes[idx]), own, rest, POINT_CENTRE_FONTS * self.font_px)
            return good
        return ok

    def directions_at(self, name: str) -> np.ndarray:
        """The directions (radians, modulo π) of every stroke piece through or ending at the point."""
        key = ("through", name)
        if key not in self._cache:
            p, st = self.points[name], self.strokes
            if len(st.a):
                d = box_segment_distance(_point_boxes(p[None]), st.a, st.b)[0]
                pieces = np.flatnonzero(d <= 1.5)
                v = st.b[pieces] - st.a[pieces]
                self._cache[key] = np.arctan2(v[:, 1], v[:, 0]) % math.pi
            else:
                self._cache[key] = np.zeros(0)
        return self._cache[key]

    def stroke_rows(self) -> list[tuple[float, ...]]:
        """Every stroke piece in plain floats (``_segment_rows``), made once per figure for the one-box tests."""
        if "rows" not in self._cache:
            self._cache["rows"] = _segment_rows(self.strokes.a, self.strokes.b)
        return self._cache["rows"]

    def point_labels(self, boxes: np.ndarray, owner: np.ndarray) -> np.ndarray:
        """``rule("point", ...)`` without leaders for the boxes of many point labels at once: box i
        belongs to the point ``owner[i]`` (an index into ``points``).  The same test, vectorised
        over the labels, for placing every point label's usual candidates in one pass."""
        pts = np.array(list(self.points.values())).reshape(-1, 2)
        d = box_point_distance(boxes, pts)
        rows = np.arange(len(boxes))
        own = d[rows, owner]
        good = self._on_canvas(boxes) & (own <= POINT_NEAR_FONTS * self.font_px)
        if len(pts) > 1:
            d[rows, owner] = np.inf
            good &= d.min(axis=1) >= RATIO * own + SLACK
        idx = np.flatnonzero(good)
        if len(idx):  # and the letter's centre close by, clearly nearer its point than any other
            c = _centres(boxes[idx])
            dc = np.hypot(c[:, None, 0] - pts[None, :, 0], c[:, None, 1] - pts[None, :, 1])
            mine = pts[owner[idx]]
            at = dc[np.arange(len(idx)), owner[idx]]
            same = np.hypot(pts[None, :, 0] - mine[:, None, 0], pts[None, :, 1] - mine[:, None, 1]) <= 0.5
            dc[same] = np.inf
            good[idx] = (at <= POINT_CENTRE_FONTS * self.font_px) & (dc.min(axis=1) >= POINT_CENTRE_RATIO * at)
        return good

    def _whole_strips(self, element: str, p: str, q: str) -> list[tuple]:
        """The strips between each whole side that side ``pq`` is a piece of and the whole's dimension line
        (``_strip``): a bare value of the piece there reads as part of the whole's dimension."""
        if element in self.named_sides:
            return []
        out = []
        for whole, off in self.side_offsets.items():
            try:
                a, b = _side_points(whole, self.points)
            except KeyError:
                continue
            if {a, b} == {p, q} or not _collinear_overlap(self.points, (a, b), (p, q)):
                continue
            strip = _strip(self.points[a], self.points[b], np.asarray(off, float))
            if strip is not None:
                out.append(strip)
        return out

    def _side(self, element: str) -> Rule:
        p, q = _side_points(element, self.points)
        own = self.stroke_index.get(frozenset((p, q)), -1)  # a diagonal may be labelled but not drawn
        skip = {own} | {i for k, i in self.stroke_index.items() if _collinear_overlap(self.points, (p, q), tuple(k))}
        st = self.strokes
        rest = _not_owned_by(st.owner, skip)
        oa, ob, ra, rb = self.points[p][None], self.points[q][None], st.a[rest], st.b[rest]
        strips = self._whole_strips(element, p, q)
        if element in self.side_offsets:  # its value is read against its dimension line (a split side)
            oa, ob = oa + self.side_offsets[element], ob + self.side_offsets[element]
        lo, hi = np.minimum(ra, rb), np.maximum(ra, rb)
        # the centre's margin is over the straight strokes (a value in a corner reads as the other side's;
        # by an arc, "a" never reads as the arc's: an inscribed circle touches its side's middle)
        straight = _not_owned_by(st.owner[rest], set(self.curved)) if self.curved else np.ones(len(ra), bool)
        ca, cb, clo, chi = ra[straight], rb[straight], lo[straight], hi[straight]

        near_box, near_centre = SIDE_NEAR_FONTS * self.font_px, SIDE_CENTRE_FONTS * self.font_px
        u = ob[0] - oa[0]
        length = float(np.hypot(*u))
        ghost_a, ghost_b = self._radii_off(p, q)
        keep = min(CORNER_SHARE * length, CORNER_FONTS * self.font_px)
        named = element in self.named_sides
        ratio, box_ratio, margin = (NAMED_RATIO, NAMED_RATIO, SLACK) if named else (self.centre_ratio, RATIO,
                                                                                    SIDE_MARGIN)
        if named:  # (its box by the side is enough: a wide "AB = 12" beside a slanted side has its centre far off)
            near_centre = math.inf

        def ok(boxes: np.ndarray, leaders: np.ndarray | None) -> np.ndarray:
            """The tests on the label's own side first (one segment: cheap), those against every other
            stroke only on the boxes that pass them (a conjunction: the same answer in any order)."""
            if leaders is not None:  # read where it sits (issue 24's second review): never set off
                return np.zeros(len(boxes), dtype=bool)
            own_box = box_segment_distance(boxes, oa, ob)[:, 0]
            good = self._on_canvas(boxes) & (own_box <= near_box)
            idx = np.flatnonzero(good)
            if not len(idx):
                return good
            c = _centres(boxes[idx])
            own_c = point_segment_distance(c, oa, ob)[:, 0]
            sel = own_c <= near_centre
            if len(ghost_a):  # (clearly nearer its side than an undrawn radius a reader fills in)
                sel &= point_segment_distance(c, ghost_a, ghost_b).min(axis=1) >= RADIUS_RATIO * own_c
            if len(ca) and length > 1e-9:  # beside the side's middle part, not level with a corner (the
                t = (c - oa[0]) @ u / length  # foot of the centre on the side)
                sel &= (t >= keep) & (t <= length - keep)
            for wa, w, n, reach in strips:  # (never between the whole side it is a piece of and the whole's
                along, across = (c - wa) @ w, (c - wa) @ n  # dimension line: it reads as part of that dimension,
                sel &= ~((along > 0) & (along < 1) & (across > 0) & (across < reach))  # reader 35's 17)
            idx, c, own_c = idx[sel], c[sel], own_c[sel]
            if len(idx) and len(lo):  # nearer its own side than any other stroke, by RATIO and SLACK
                b = boxes[idx]
                bound = box_ratio * own_box[idx] + SLACK
                near = _within(lo, hi, b, float(bound.max()))
                if len(near):
                    sel = box_segment_distance(b, ra[near], rb[near]).min(axis=1) >= bound
                    idx, c, own_c = idx[sel], c[sel], own_c[sel]
            if len(idx) and len(ca):  # and its centre, by CENTRE_RATIO and SIDE_MARGIN (straight strokes)
                bound = np.maximum(ratio * own_c, own_c + margin)
                reach = float(bound.max())
                x0, y0 = c.min(axis=0) - reach
                x1, y1 = c.max(axis=0) + reach
                near = np.flatnonzero((clo[:, 0] <= x1) & (chi[:, 0] >= x0) & (clo[:, 1] <= y1) & (chi[:, 1] >= y0))
                if len(near):
                    idx = idx[point_segment_distance(c, ca[near], cb[near]).min(axis=1) >= bound]
            good[:] = False
            good[idx] = True
            return good

        own_row = _segment_rows(oa, ob)[0]
        ghost_rows = _segment_rows(ghost_a, ghost_b) if len(ghost_a) else []
        ux, uy = float(u[0]), float(u[1])
        lo_e, hi_e = EDGE, self.size - EDGE
        rows: list = []  # the other strokes in plain floats, made at the first call (many rules never need them)

        def one(box: tuple[float, float, float, float]) -> bool:
            """``ok`` for one box (plain floats, the same tests in the same order): the placer asks it of
            the first free candidates one by one, since the first usually passes."""
            x0, y0, x1, y1 = box
            if not (x0 >= lo_e and y0 >= lo_e and x1 <= hi_e and y1 <= hi_e):
                return False
            own_box = _box_segment(x0, y0, x1, y1, own_row)
            if not own_box <= near_box:
                return False
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            own_c = _point_segment(cx, cy, own_row)
            if not own_c <= near_centre:
                return False
            if ghost_rows and min(_point_segment(cx, cy, row) for row in ghost_rows) < RADIUS_RATIO * own_c:
                return False
            if not rows:  # (one table of every stroke per figure, picked from: see ``stroke_rows``)
                every = self.stroke_rows()
                mine = [every[i] for i in np.flatnonzero(rest).tolist()]
                rows.extend((mine, [r for r, keep in zip(mine, straight.tolist()) if keep]))
            others, centre_rows = rows
            if centre_rows and length > 1e-9:
                t = ((cx - own_row[0]) * ux + (cy - own_row[1]) * uy) / length
                if not (t >= keep and t <= length - keep):
                    return False
            bound = box_ratio * own_box + SLACK
            for row in others:
                if _box_segment(x0, y0, x1, y1, row, bound) < bound:
                    return False
            bound = max(ratio * own_c, own_c + margin)
            for row in centre_rows:
                if _point_segment(cx, cy, row, bound) < bound:
                    return False
            return True
        ok.one = one

        n_x, n_y = (-u[1] / length, u[0] / length) if length > 1e-9 else (0.0, 0.0)

        def pre(boxes: np.ndarray, leaders: np.ndarray | None) -> np.ndarray:
            """On the canvas and within reach of the side's LINE (never farther than the side itself)."""
            if leaders is not None:
                return np.zeros(len(boxes), dtype=bool)
            good = self._on_canvas(boxes)
            if length > 1e-9:
                cx, cy = (boxes[:, 0] + boxes[:, 2]) / 2 - oa[0, 0], (boxes[:, 1] + boxes[:, 3]) / 2 - oa[0, 1]
                reach = abs(n_x) * (boxes[:, 2] - boxes[:, 0]) / 2 + abs(n_y) * (boxes[:, 3] - boxes[:, 1]) / 2
                good &= np.abs(cx * n_x + cy * n_y) - reach <= near_box + 1e-6
            return good
        ok.pre = pre
        if named and self.fills:
            ok = self._off_fills(ok)
        if element in self.asked_sides and not named and element not in self.side_offsets and self.faces():
            ok = self._off_faces(ok)
        return self._side_set_off(oa[0], ob[0], ok) if element in self.set_off else ok

    def _off_fills(self, rule: Rule) -> Rule:
        """``rule``, and the box over no shape's region (a named side value, its rule eased, kept out of the
        regions whose "area = ?" or value goes inside them)."""
        return _outside(rule, [f.buffer(-1.0) for f in self.fills.values()])

    def faces(self) -> list[Polygon]:
        """The cells the drawn straight segments close (each shrunk by ``FACE_IN`` px): where a bare "?" reads as
        asking for the cell, or for one of its corners' angles (readers 30 and 31: a segment's "?" inside triangle
        ACE or AFE, beside AC or AF, read as the region's)."""
        if "faces" not in self._cache:
            from shapely.ops import polygonize

            lines = self._segment_lines()
            cells = list(polygonize(shapely.union_all(lines))) if len(lines) > 2 else []
            self._cache["faces"] = [g for c in cells if not (g := c.buffer(-FACE_IN)).is_empty]
        return self._cache["faces"]

    def _segment_lines(self) -> list:
        """The drawn straight segments (two points each) as shapely lines, made once."""
        if "segment_lines" not in self._cache:
            self._cache["segment_lines"] = [
                shapely.LineString([self.points[a], self.points[b]]) for a, b in
                (tuple(k) for k in self.stroke_index if len(k) == 2) if a in self.points and b in self.points]
        return self._cache["segment_lines"]

    def _off_faces(self, rule: Rule) -> Rule:
        """``rule``, and the box in no face of the drawing: an asked segment's bare "?" beside it outside the
        figure; an inner segment's (a face on either side) finds no place and is named, "AF = ?" (``textbook_figure``)."""
        ok = _outside(rule, self.faces())

        def one(box: tuple[float, float, float, float]) -> bool:
            return bool(ok(np.array([box], float), None)[0])
        ok.one = one
        return ok

    def _radii_off(self, p: str, q: str) -> tuple[np.ndarray, np.ndarray]:
        """The undrawn radii (k×2 ends each) from p or q, off line pq: segments a reader fills in from the side's
        end, which its value must not read as (a radius along pq, half a diameter, is a piece of its own line)."""
        a, b = self.points[p], self.points[q]
        u = b - a
        n = max(float(np.hypot(*u)), 1e-9)
        off = [(c, e) for c, e in self.radii if e in (p, q) and max(abs(float(u[0] * (self.points[x] - a)[1] - u[1] *
                                                                             (self.points[x] - a)[0])) / n
                                                                   for x in (c, e)) > 0.5]
        return (np.array([self.points[c] for c, _ in off]).reshape(-1, 2),
                np.array([self.points[e] for _, e in off]).reshape(-1, 2))

    def _side_set_off(self, a: np.ndarray, b: np.ndarray, rule: Rule) -> Rule:
        """A side's rule where its label names its side ("AB = ?"): beside it as usual, or set off with a leader
        whose end lies by the side (``LEADER_FROM`` px) a font clear of every point (the name says which side; the
        leader where)."""
        pts = np.array(list(self.points.values())).reshape(-1, 2)

        def ok(boxes: np.ndarray, leaders: np.ndarray | None) -> np.ndarray:
            if leaders is None:
                return rule(boxes, None)
            end = leaders[:, 0]
            good = self._on_canvas(boxes) & (point_segment_distance(end, a[None], b[None])[:, 0] <= LEADER_FROM)
            d = np.hypot(end[:, None, 0] - pts[None, :, 0], end[:, None, 1] - pts[None, :, 1])
            return good & (d.min(axis=1) >= self.font_px)
        ok.pre = lambda boxes, leaders: ok(boxes, leaders) if leaders is not None else rule.pre(boxes, None)
        return ok

    def _angle(self, element: str) -> Rule:
        own = self.wedges[element]
        others = [w for e, w in self.wedges.items() if e != element]
        near = max(ANGLE_NEAR_FONTS * self.font_px, own.radius + ARC_BEYOND_FONTS * self.font_px)
        far = max(2 * own.radius + 10, ANGLE_CENTRE_FONTS * self.font_px)  # its centre (a wide "α = 44°")
        rest = np.array([p for p in self.points.values() if np.hypot(*(p - own.vertex)) > 0.5]).reshape(-1, 2)

        def ok(boxes: np.ndarray, leaders: np.ndarray | None) -> np.ndarray:
            if leaders is not None:  # read where it sits (issue 24's second review): never set off
                return np.zeros(len(boxes), dtype=bool)
            centre = _centres(boxes)
            d_own = box_point_distance(boxes, own.vertex[None])[:, 0]
            good = first(boxes, centre, d_own)
            # (the tests against the other points and wedges only on the boxes still in the running)
            idx = np.flatnonzero(good)
            if not len(idx) or not (len(rest) or others):
                return good
            b, centre, d_own = boxes[idx], centre[idx], d_own[idx]
            keep = np.ones(len(idx), dtype=bool)
            if len(rest):  # the text's centre nearer its own vertex than any other point (set off with
                # a leader too: a value beside another corner reads as that corner's, leader or not)
                c = _point_boxes(centre)
                own_c = box_point_distance(c, own.vertex[None])[:, 0]
                keep &= box_point_distance(c, rest).min(axis=1) >= ANGLE_CLEAR * own_c
                # and the box too (a wide value's edge by another corner reads as that corner's)
                keep &= box_point_distance(b, rest).min(axis=1) >= d_own + SLACK
            for w in others:
                d = box_point_distance(b, w.vertex[None])[:, 0]
                keep &= ~(w.holds(centre) & (d < RATIO * d_own + SLACK))
            good[idx] = keep
            return good

        def first(boxes: np.ndarray, centre: np.ndarray, d_own: np.ndarray) -> np.ndarray:
            good = self._on_canvas(boxes) & own.holds(centre) & (d_own <= near)
            return good & (np.hypot(centre[:, 0] - own.vertex[0], centre[:, 1] - own.vertex[1]) <= far)

        def pre(boxes: np.ndarray, leaders: np.ndarray | None) -> np.ndarray:
            """Its own wedge, vertex and canvas (the rule's first tests)."""
            if leaders is not None:
                return np.zeros(len(boxes), dtype=bool)
            return first(boxes, _centres(boxes), box_point_distance(boxes, own.vertex[None])[:, 0])
        ok.pre = pre
        vx, vy = (float(c) for c in own.vertex)
        rest_xy = rest.tolist()
        other_wedges = [(float(w.vertex[0]), float(w.vertex[1]), w.start, w.sweep) for w in others]
        lo_e, hi_e = EDGE, self.size - EDGE

        def one(box: tuple[float, float, float, float]) -> bool:
            """``ok`` for one box in plain floats (see the side rule's ``one``)."""
            x0, y0, x1, y1 = box
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            d_own = _box_point(x0, y0, x1, y1, vx, vy)
            if not (x0 >= lo_e and y0 >= lo_e and x1 <= hi_e and y1 <= hi_e and d_own <= near
                    and _holds(vx, vy, own.start, own.sweep, cx, cy) and math.hypot(cx - vx, cy - vy) <= far):
                return False
            if rest_xy:
                own_c = _box_point(cx, cy, cx, cy, vx, vy)
                need_c, need_b = ANGLE_CLEAR * own_c, d_own + SLACK
                for px, py in rest_xy:
                    if _box_point(cx, cy, cx, cy, px, py) < need_c or _box_point(x0, y0, x1, y1, px, py) < need_b:
                        return False
            for wx, wy, start, sweep in other_wedges:
                if _holds(wx, wy, start, sweep, cx, cy) and _box_point(x0, y0, x1, y1, wx, wy) < RATIO * d_own + SLACK:
                    return False
            return True
        ok.one = one
        return self._set_off(element, own, near, ok) if element in self.set_off else ok

    def _set_off(self, element: str, own, near: float, rule: Rule) -> Rule:
        """An angle's rule where its label names its angle: in the wedge as usual, or set off with a leader whose
        end lies in its wedge within ``near`` px of the vertex (on its arc), the box on the canvas and nearer no
        other labelled angle's vertex than its leader's end is to its own (the name says which angle; the
        leader says where)."""
        others = [w for e, w in self.wedges.items() if e != element]

        def ok(boxes: np.ndarray, leaders: np.ndarray | None) -> np.ndarray:
            if leaders is None:
                return rule(boxes, None)
            end = leaders[:, 0]
            d_end = np.hypot(end[:, 0] - own.vertex[0], end[:, 1] - own.vertex[1])
            good = self._on_canvas(boxes) & own.holds(end) & (d_end <= near)
            for w in others:
                good &= ~w.holds(_centres(boxes)) | (box_point_distance(boxes, w.vertex[None])[:, 0] > near)
            return good
        ok.pre = lambda boxes, leaders: ok(boxes, leaders) if leaders is not None else rule.pre(boxes, None)
        return ok

    def _height(self, element: str) -> Rule:
        """Beside the shape's dashed height line, clearly nearer it than any other dashed height."""
        name = element.split(" ", 1)[1]
        line = self.heights[name]
        a, b = line[0][None], line[1][None]
        rest = [h for n, h in self.heights.items() if n != name]
        ra = np.array([h[0] for h in rest]).reshape(-1, 2)
        rb = np.array([h[1] for h in rest]).reshape(-1, 2)
        near = HEIGHT_NEAR_FONTS * self.font_px
        u = b[0] - a[0]
        length = max(float(np.hypot(*u)), 1e-9)
        u = u / length
        st = self.strokes  # every other stroke: not the pieces along the height's own line
        off = np.maximum(np.abs(_cross(st.a - a[0], u)), np.abs(_cross(st.b - a[0], u))) > 0.5
        sa, sb = st.a[off], st.b[off]

        def ok(boxes: np.ndarray, leaders: np.ndarray | None) -> np.ndarray:
            if leaders is not None:  # read where it sits: never set off
                return np.zeros(len(boxes), dtype=bool)
            own = box_segment_distance(boxes, a, b)[:, 0]
            good = self._on_canvas(boxes) & (own <= near)
            idx = np.flatnonzero(good)
            if not len(idx):
                return good
            c = _centres(boxes[idx])
            t = (c - a[0]) @ u  # beside the middle part of the line (review 6: "beside its midpoint")
            keep = (t >= HEIGHT_MIDDLE * length) & (t <= (1 - HEIGHT_MIDDLE) * length)
            d_own = point_segment_distance(c, a, b)[:, 0]
            if len(ra):
                keep &= point_segment_distance(c, ra, rb).min(axis=1) >= RATIO * d_own + SLACK
            if len(sa):  # and clearly nearer it than any side
                keep &= point_segment_distance(c, sa, sb).min(axis=1) >= HEIGHT_CLEAR * d_own
            good[idx] = keep
            return good
        return ok

    def _shape(self, element: str) -> Rule:
        name = element.split(" ", 1)[1]
        own = self.fills[name]
        region = self._region(name)
        bounds = region.bounds
        # a label in a hole reads as the hole's: holes count as other regions
        others = [f for n, f in self.fills.items() if n != name] + self.holes.get(name, [])
        others_bounds = [np.asarray(self.bounds_of(n)) for n in self.fills if n != name]
        others_bounds += [np.asarray(f.bounds) for f in self.holes.get(name, [])]

        def ok(boxes: np.ndarray, leaders: np.ndarray | None) -> np.ndarray:
            good = pre(boxes, leaders)  # (on the canvas, inside the fill's bounds or the leader's start in
            idx = np.flatnonzero(good)  # the region: cheap) and then the rest on the boxes that pass
            good[idx] = post(boxes[idx], None if leaders is None else leaders[idx])
            return good

        def post(boxes: np.ndarray, leaders: np.ndarray | None) -> np.ndarray:
            """``ok`` for boxes that passed ``pre`` (the placer asks it only of those): the rest of the tests."""
            if leaders is None:  # the box in the region
                return region.holds_boxes(boxes)
            good = np.ones(len(boxes), dtype=bool)
            if len(boxes) and len(self.strokes.a):  # its end well inside, off every stroke (a dashed height)
                good = self._leader_ends(leaders[:, 0])
            if not others:
                return good
            # set off: nearest its own shape all the same, its leader over no other shape (measured
            # only for the boxes still in the running, and only where bounding boxes leave it open:
            # the leader starts inside its own shape, so the box is no farther from that shape than
            # from the start, and no nearer another shape than to its bounding box)
            idx = np.flatnonzero(good)
            if not len(idx):
                return good
            b, lead = boxes[idx], leaders[idx]
            bound = RATIO * _box_to_box(b, _point_boxes(lead[:, 0])) + SLACK  # >= RATIO * d_own + SLACK
            lo, hi = lead.min(axis=1), lead.max(axis=1)
            keep = np.ones(len(idx), dtype=bool)
            need = None
            for f, fb in zip(others, others_bounds):
                near = np.flatnonzero(keep & (_box_to_box(b, fb[None]) < bound))
                if len(near):
                    if need is None:
                        need = _OwnReach(own, b)
                    keep[near] = shapely.distance(f, need.geoms[near]) >= need.at(near)
                crossing = np.flatnonzero(keep & (lo[:, 0] <= fb[2]) & (hi[:, 0] >= fb[0])
                                          & (lo[:, 1] <= fb[3]) & (hi[:, 1] >= fb[1]))
                if len(crossing):
                    keep[crossing] = ~shapely.intersects(f, shapely.linestrings(lead[crossing]))
            good[idx] = keep
            return good

        def pre(boxes: np.ndarray, leaders: np.ndarray | None) -> np.ndarray:
            """On the canvas and inside the region's bounds; set off, the leader's start in the region."""
            good = self._on_canvas(boxes)
            if leaders is None:
                x0, y0, x1, y1 = bounds
                return good & (boxes[:, 0] >= x0) & (boxes[:, 1] >= y0) & (boxes[:, 2] <= x1) & (boxes[:, 3] <= y1)
            idx = np.flatnonzero(good)
            good[idx] = region.holds_points(leaders[idx, 0, 0], leaders[idx, 0, 1])
            return good
        ok.pre, ok.post = pre, post
        return ok

    def _leader_ends(self, ends: np.ndarray) -> np.ndarray:
        """Which leader ends (k×2) lie LEADER_CLEAR_PX off every stroke (only the strokes within reach)."""
        st, r = self.strokes, LEADER_CLEAR_PX
        lo, hi = np.minimum(st.a, st.b), np.maximum(st.a, st.b)
        x0, y0 = ends.min(axis=0) - r
        x1, y1 = ends.max(axis=0) + r
        near = np.flatnonzero((lo[:, 0] <= x1) & (hi[:, 0] >= x0) & (lo[:, 1] <= y1) & (hi[:, 1] >= y0))
        if not len(near):
            return np.ones(len(ends), dtype=bool)
        return point_segment_distance(ends, st.a[near], st.b[near]).min(axis=1) >= r

    def _region(self, name: str) -> _Region:
        """The shape's own fill off every other shape grown by CLEAR: one per shape, shared by all its
        labels (area, perimeter, ...)."""
        key = ("region", name)
        if key not in self._cache:
            self._cache[key] = _Region(self, name)
        return self._cache[key]

    def bounds_of(self, name: str) -> tuple[float, float, float, float]:
        """A fill's bounds, read once (shapely's property costs a few µs a read)."""
        bounds = self._cache.setdefault("bounds", {})
        if name not in bounds:
            bounds[name] = self.fills[name].bounds
        return bounds[name]

    def grown(self, name: str):
        """The fill grown by CLEAR (prepared), made once, and only for a label that comes that near it."""
        grown = self._cache.setdefault("grown", {})
        if name not in grown:
            grown[name] = self.fills[name].buffer(CLEAR, quad_segs=2)
            shapely.prepare(grown[name])
        return grown[name]

    def interior(self, name: str) -> tuple[np.ndarray, float]:
        """A point well inside the shape's own fill (off the others), where its label wants to be,
        and how far it is from the edge of that fill (no box of twice that height fits there)."""
        key = ("interior", name)
        if key not in self._cache:
            self._cache[key] = self._interior(name)
        centre, room = self._cache[key]
        return centre.copy(), room

    def _by_a_point(self, c) -> bool:
        """Is ``c`` within ``INTERIOR_POINT`` fonts of a drawn point?"""
        pts = np.array(list(self.points.values()), float).reshape(-1, 2)
        return bool(len(pts)) and float(np.min(np.hypot(*(pts - [c.x, c.y]).T))) < INTERIOR_POINT * self.font_px

    def _interior(self, name: str) -> tuple[np.ndarray, float]:
        own = self.fills[name]
        x0, y0, x1, y1 = self.bounds_of(name)  # (a shape whose bounds miss this one's cannot cut it: left out
        near = []  # of the union)
        for n in self.fills:
            bx0, by0, bx1, by1 = self.bounds_of(n)
            if n != name and not (bx0 > x1 or bx1 < x0 or by0 > y1 or by1 < y0):
                near.append(n)
        # (a neighbour whose interior misses this one's, as the layout keeps them, cuts nothing away: the
        # overlay, ~0.8 ms a figure, only where one overlaps)
        rest = [self.fills[n] for n in near] if any(self.interiors_meet([(name, n) for n in near])) else []
        region = _largest(own.difference(shapely.union_all(rest)) if rest else own) or _largest(own)
        if rest and region is not None and region.area < FACE_LEFT * own.area and \
                (big := self._largest_face(own)) is not None and \
                big.intersection(region).area < 0.5 * region.area and \
                not any(self.fills[n].buffer(1.0).contains(big) for n in near if not n.startswith("~")):
            region = big  # (what the cells left is a small piece that a drawn line cuts off it, read as that
            # piece's: reader 29's 18, a sector's leader in the circular segment beyond its chord BC; never a
            # part that is another shape)
        if region is None:
            c = own.representative_point()
            return np.array([c.x, c.y]), 0.0
        c = region.centroid
        room = shapely.distance(region.boundary, c) if region.contains(c) else 0.0
        if room <= 1.5 * self.font_px or self._by_a_point(c):  # (a label led to its shape points at a point
            # there, as reader 20's 55 "area ABE = ?" at O: the place farthest from its edges, points on them)
            c = shapely.ops.polylabel(region, tolerance=1.0)
            room = max(room, shapely.distance(region.boundary, c))
        return np.array([c.x, c.y]), float(room)

    def _largest_face(self, own: Polygon) -> Polygon | None:
        """The largest of the parts that drawn segments cut region ``own`` into; None where they cut it into
        no two parts of ``FACE_SHARE`` of it each."""
        from shapely.ops import polygonize

        if own.geom_type != "Polygon":
            return None  # (a region in pieces: its cells say its parts already)
        inner = [ln for ln in self._segment_lines() if ln.crosses(own) or own.contains(ln)]
        if not inner:
            return None
        faces = [f for f in polygonize(shapely.union_all([own.exterior, *inner]))
                 if own.contains(f.representative_point()) and f.area >= FACE_SHARE * own.area]
        return max(faces, key=lambda f: f.area) if len(faces) > 1 else None

    # -- a finished drawing -------------------------------------------------------------------------
    def misread(self, labels) -> list:
        """The placed labels that break their rule (``labels``: Placed with ``element``)."""
        return [lab for lab in labels if self.misreads(lab)]

    def misreads(self, lab) -> bool:
        """Does this placed label break its rule?"""
        if not lab.conflicts:  # placed where its rule held (the rule reads no other label)
            return False
        leaders = None if lab.leader is None else np.asarray(lab.leader, float)[None]
        return not self.rule(lab.role, lab.element)(np.array([lab.box]), leaders)[0]


class _OwnReach:
    """``RATIO * distance(own shape, box) + SLACK`` for set-off shape label boxes, measured only for
    the boxes that ask (those near another shape and still in the running) and once each.

    Why: the distance to the label's own shape is the costly part of its rule (a polygon of many
    vertices against each box), and most boxes are ruled out, or cleared, without it; measured
    box by box it is the same float as measured for all."""

    def __init__(self, own: Polygon, boxes: np.ndarray):
        self.own = own
        self.geoms = shapely.box(boxes[:, 0], boxes[:, 1], boxes[:, 2], boxes[:, 3])
        self.need = np.empty(len(boxes))
        self.known = np.zeros(len(boxes), dtype=bool)

    def at(self, idx: np.ndarray) -> np.ndarray:
        """The bound for the boxes ``idx``."""
        new = idx[~self.known[idx]]
        if len(new):
            self.need[new] = RATIO * shapely.distance(self.own, self.geoms[new]) + SLACK
            self.known[new] = True
        return self.need[idx]


REACH_SLACK = 0.5  # px: a fill grown by CLEAR lies within CLEAR + this of the fill (GEOS simplifies
# a buffer's input within 1 % of the distance, and its round corners are chords inside the circle)


class _Region:
    """A shape's own fill less every other shape grown by CLEAR (``Rules.rule``'s region for its labels),
    tested without making it.

    Why: the region as one polygon cost a buffer of each neighbour, their union and a difference
    (~0.5 ms a figure, most of a shape label's rule) for tests that most boxes settle without them.
    A box lies in the region iff it lies in the fill and its interior meets no grown neighbour's (the
    region is the closure of the fill less their union): the grown shape is made, and asked, only for
    the boxes within CLEAR + REACH_SLACK of the neighbour itself (none, for most labels)."""

    def __init__(self, rules: Rules, name: str):
        self.rules, self.own = rules, rules.fills[name]
        shapely.prepare(self.own)
        x0, y0, x1, y1 = self.bounds = rules.bounds_of(name)  # (the region's lie within them)
        self.near = []  # the other fills that can reach this one (the rest cannot cut the region)
        for n in rules.fills:
            bx0, by0, bx1, by1 = rules.bounds_of(n)
            if n != name and not (bx0 - CLEAR > x1 or bx1 + CLEAR < x0 or by0 - CLEAR > y1 or by1 + CLEAR < y0):
                self.near.append((n, (bx0, by0, bx1, by1)))

    def holds_boxes(self, boxes: np.ndarray) -> np.ndarray:
        """``contains(region, box)`` for each box (k×4)."""
        geoms = shapely.box(boxes[:, 0], boxes[:, 1], boxes[:, 2], boxes[:, 3])
        good = shapely.contains(self.own, geoms)
        for n, (bx0, by0, bx1, by1) in self.near:
            r = CLEAR + REACH_SLACK
            idx = np.flatnonzero(good & (boxes[:, 0] <= bx1 + r) & (boxes[:, 2] >= bx0 - r)
                                 & (boxes[:, 1] <= by1 + r) & (boxes[:, 3] >= by0 - r))
            if not len(idx):
                continue
            idx = idx[shapely.distance(self.rules.fills[n], geoms[idx]) <= r]
            if len(idx):
                grown = self.rules.grown(n)
                meets = shapely.intersects(grown, geoms[idx])
                idx = idx[meets]
                good[idx] = shapely.touches(grown, geoms[idx])  # (meets it at its edge only: still in)
        return good

    def holds_points(self, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        """``contains_xy(region, x, y)``: in the fill's interior and in no grown neighbour."""
        good = shapely.contains_xy(self.own, x, y)
        for n, (bx0, by0, bx1, by1) in self.near:
            r = CLEAR + REACH_SLACK
            idx = np.flatnonzero(good & (x <= bx1 + r) & (x >= bx0 - r) & (y <= by1 + r) & (y >= by0 - r))
            if not len(idx):
                continue
            idx = idx[shapely.distance(self.rules.fills[n], shapely.points(x[idx], y[idx])) <= r]
            if len(idx):
                good[idx] = ~shapely.intersects_xy(self.rules.grown(n), x[idx], y[idx])
        return good


def _largest(geom) -> Polygon | None:
    """The largest polygon of a (multi)polygon or collection, None if there is none."""
    polys = [g for g in getattr(geom, "geoms", [geom]) if g.geom_type == "Polygon" and not g.is_empty]
    if not polys:
        polys = [p for g in getattr(geom, "geoms", []) if g.geom_type == "MultiPolygon" for p in g.geoms]
    return max(polys, key=lambda g: g.area) if polys else None


def _within(lo: np.ndarray, hi: np.ndarray, boxes: np.ndarray, reach: float) -> np.ndarray:
    """The elements (bounding boxes ``lo``–``hi``, m×2 each) within ``reach`` of the bounding box of
    ``boxes``: only those can be nearer a box than a bound of ``reach`` or less."""
    x0, y0 = boxes[:, 0].min() - reach, boxes[:, 1].min() - reach
    x1, y1 = boxes[:, 2].max() + reach, boxes[:, 3].max() + reach
    return np.flatnonzero((lo[:, 0] <= x1) & (hi[:, 0] >= x0) & (lo[:, 1] <= y1) & (hi[:, 1] >= y0))


def _not_owned_by(owner: np.ndarray, skip: set[int]) -> np.ndarray:
    """``~np.isin(owner, skip)`` for the few strokes a side skips: one comparison per stroke
    costs a fraction of ``isin``'s sorting machinery on arrays this small."""
    rest = np.ones(len(owner), dtype=bool)
    for i in skip:
        rest &= owner != i
    return rest


def _cross(v: np.ndarray, u: np.ndarray) -> np.ndarray:
    """Row by row, the cross product of the k×2 ``v`` with the unit vector ``u``."""
    return v[:, 0] * u[1] - v[:, 1] * u[0]


def _centres(boxes: np.ndarray) -> np.ndarray:
    return (boxes[:, :2] + boxes[:, 2:]) / 2


def _centre_near(c: np.ndarray, own: np.ndarray, rest: np.ndarray, reach: float) -> np.ndarray:
    """Which centres lie within ``reach`` of ``own`` (1×2) and POINT_CENTRE_RATIO times nearer it than
    any of ``rest`` (m×2; those on ``own`` itself aside)."""
    at = np.hypot(c[:, 0] - own[0, 0], c[:, 1] - own[0, 1])
    good = at <= reach
    far = rest[np.hypot(rest[:, 0] - own[0, 0], rest[:, 1] - own[0, 1]) > 0.5]
    if len(far):
        d = np.hypot(c[:, None, 0] - far[None, :, 0], c[:, None, 1] - far[None, :, 1]).min(axis=1)
        good &= d >= POINT_CENTRE_RATIO * at
    return good


def _point_boxes(pts: np.ndarray) -> np.ndarray:
    return np.concatenate([pts, pts], axis=1)


def _strip(wa: np.ndarray, wb: np.ndarray, off: np.ndarray) -> tuple | None:
    """The strip between segment ``wa wb`` and its dimension line ``off`` away: its start, the side scaled to a
    unit run along it (``(c - wa) @ w`` is 0 to 1 within it), the unit normal towards the line, and the line's
    distance."""
    d = wb - wa
    n2 = float(d @ d)
    reach = float(np.hypot(*off))
    if n2 < 1e-9 or reach < 1e-9:
        return None
    return wa, d / n2, off / reach, reach


def _side_points(element: str, points: dict) -> tuple[str, str]:
    """``AB`` -> (A, B), for point names of several characters (``B1C'``) too."""
    for i in range(1, len(element)):
        if element[:i] in points and element[i:] in points:
            return element[:i], element[i:]
    raise KeyError(element)


def _collinear_overlap(points: dict, own: tuple[str, str], other: tuple[str, str], tol: float = 0.5) -> bool:
    """Do two segments lie on one line and overlap (a point splitting a side: BC, BA, AC)?

    (In plain floats, the same operations as on 2-vectors: a side's rule asks this of every
    stroke, a dozen times a figure, where numpy's per-call cost was all of the work.)"""
    ax, ay = points[own[0]].tolist()
    bx, by = points[own[1]].tolist()
    dx, dy = bx - ax, by - ay
    n = float(np.hypot(dx, dy))
    if n < 1e-9:
        return False
    ux, uy = dx / n, dy / n
    ts = []
    for p in (points[other[0]], points[other[1]]):
        px, py = p.tolist()
        vx, vy = px - ax, py - ay
        if abs(ux * vy - uy * vx) > tol:
            return False
        ts.append(ux * vx + uy * vy)
    return max(ts) > tol and min(ts) < n - tol


def _box_to_box(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Row by row, the distance between axis-aligned boxes a[i] and b[i] (k×4 each, or b one row)."""
    dx = np.maximum(np.maximum(a[:, 0] - b[:, 2], b[:, 0] - a[:, 2]), 0.0)
    dy = np.maximum(np.maximum(a[:, 1] - b[:, 3], b[:, 1] - a[:, 3]), 0.0)
    return np.hypot(dx, dy)


def box_point_distance(boxes: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """k×m: the distance between each axis-aligned box (k×4) and each point (m×2)."""
    dx = np.maximum(np.maximum(boxes[:, 0, None] - pts[:, 0], pts[:, 0] - boxes[:, 2, None]), 0.0)
    dy = np.maximum(np.maximum(boxes[:, 1, None] - pts[:, 1], pts[:, 1] - boxes[:, 3, None]), 0.0)
    return np.hypot(dx, dy)


def point_segment_distance(pts: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """k×m: the distance between each point (k×2) and each segment a[j]–b[j].

    (x and y apart, as ``box_segment_distance``: the same arithmetic in fewer numpy calls.)"""
    ax, ay = a[:, 0], a[:, 1]
    abx, aby = b[:, 0] - ax, b[:, 1] - ay
    ll = np.maximum(abx * abx + aby * aby, 1e-12)
    relx = pts[:, 0, None] - ax  # k×m
    rely = pts[:, 1, None] - ay
    t = np.minimum(np.maximum((relx * abx + rely * aby) / ll, 0.0), 1.0)
    return np.hypot(relx - t * abx, rely - t * aby)


def _segment_rows(a: np.ndarray, b: np.ndarray) -> list[tuple[float, ...]]:
    """Each segment a[j]–b[j] in plain floats, as the one-box tests read it: its ends, its vector, its
    squared length (floored as ``point_segment_distance`` floors it) and its bounding box."""
    ab = b - a  # (the same floats as one by one, in a few array operations)
    ll = np.maximum(ab[:, 0] * ab[:, 0] + ab[:, 1] * ab[:, 1], 1e-12)
    table = np.column_stack([a, b, ab, ll, np.minimum(a, b), np.maximum(a, b)])
    return [tuple(r) for r in table.tolist()]


def _point_segment(px: float, py: float, row: tuple, reach: float = math.inf) -> float:
    """``point_segment_distance`` for one point and one segment (a ``_segment_rows`` row), the same
    operations in plain floats; a segment whose bounding box lies beyond ``reach`` gives a distance
    beyond it (all a caller comparing with ``reach`` needs), unmeasured."""
    ax, ay, _, _, abx, aby, ll, lox, loy, hix, hiy = row
    if px < lox - reach or px > hix + reach or py < loy - reach or py > hiy + reach:
        return math.inf
    relx, rely = px - ax, py - ay
    t = min(max((relx * abx + rely * aby) / ll, 0.0), 1.0)
    return math.hypot(relx - t * abx, rely - t * aby)


def _box_point(x0: float, y0: float, x1: float, y1: float, px: float, py: float) -> float:
    """``box_point_distance`` for one box and one point, in plain floats."""
    return math.hypot(max(x0 - px, px - x1, 0.0), max(y0 - py, py - y1, 0.0))


def _box_segment(x0: float, y0: float, x1: float, y1: float, row: tuple, reach: float = math.inf) -> float:
    """``box_segment_distance`` for one box and one segment (a ``_segment_rows`` row), the same operations
    in plain floats (a segment beyond ``reach``: see ``_point_segment``)."""
    ax, ay, bx, by, abx, aby, ll, lox, loy, hix, hiy = row
    if lox > x1 + reach or hix < x0 - reach or loy > y1 + reach or hiy < y0 - reach:
        return math.inf
    d = math.inf
    cmin, cmax = math.inf, -math.inf
    for cx, cy in ((x0, y0), (x0, y1), (x1, y0), (x1, y1)):
        relx, rely = cx - ax, cy - ay
        t = min(max((relx * abx + rely * aby) / ll, 0.0), 1.0)
        d = min(d, math.hypot(relx - t * abx, rely - t * aby))
        cross = relx * aby - rely * abx
        cmin, cmax = min(cmin, cross), max(cmax, cross)
    if cmin <= 0 and cmax >= 0 and lox <= x1 and hix >= x0 and loy <= y1 and hiy >= y0:
        return 0.0
    return min(d, _box_point(x0, y0, x1, y1, ax, ay), _box_point(x0, y0, x1, y1, bx, by))


def _holds(vx: float, vy: float, start: float, sweep: float, px: float, py: float) -> bool:
    """``Wedge.holds`` for one point, in plain floats."""
    return (math.atan2(py - vy, px - vx) - start) % (2 * math.pi) <= sweep


_CORNER_X, _CORNER_Y = [0, 0, 2, 2], [1, 3, 1, 3]  # a box's four corners: its columns of x and of y


def box_segment_distance(boxes: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """k×m: the distance between each axis-aligned box (k×4) and each segment a[j]–b[j] (0 where they meet).

    Why x and y apart (k×4×m each) rather than one k×4×m×2 array: the same arithmetic, element by
    element, in half the numpy calls (a side label's rule asks this of a dozen boxes at a time, where
    the calls, not the elements, are the cost)."""
    ax, ay = a[:, 0], a[:, 1]
    abx, aby = b[:, 0] - ax, b[:, 1] - ay
    ll = np.maximum(abx * abx + aby * aby, 1e-12)
    relx = boxes[:, _CORNER_X, None] - ax  # k×4×m: each corner less each segment's start
    rely = boxes[:, _CORNER_Y, None] - ay
    t = np.minimum(np.maximum((relx * abx + rely * aby) / ll, 0.0), 1.0)
    d = np.hypot(relx - t * abx, rely - t * aby).min(axis=1)
    ends = box_point_distance(boxes, np.concatenate([a, b]))
    m = len(a)
    d = np.minimum(d, np.minimum(ends[:, :m], ends[:, m:]))
    # the segment meets the box where no separating axis (x, y, the segment's normal) parts them
    cross = relx * aby - rely * abx  # k×4×m
    lo, hi = np.minimum(a, b), np.maximum(a, b)
    meets = ((cross.min(axis=1) <= 0) & (cross.max(axis=1) >= 0)
             & (lo[:, 0] <= boxes[:, 2, None]) & (hi[:, 0] >= boxes[:, 0, None])
             & (lo[:, 1] <= boxes[:, 3, None]) & (hi[:, 1] >= boxes[:, 1, None]))
    return np.where(meets, 0.0, d)


# -- the labels, exported ------------------------------------------------------------------------------


def figure_labels(d) -> dict:
    """The figure as a reader of its pixels sees it (``d``: a composed Drawing), in pixel coordinates
    with the origin at the top left and y down: ``size``, ``points``, ``segments`` (the drawn sides),
    ``shapes`` (``name``, ``outline``, ``holes``), ``labels`` (``text``, ``element`` in the problem
    language's spelling, ``bbox`` [x0, y0, x1, y1], ``leader`` [[x, y] at the element, [x, y] at the
    label] or null, ``font_size`` in points: a point letter in smaller type reads as a side's name;
    ``colour``, the text's ``#rrggbb`` once the figure is painted), ``angle_marks`` (each labelled angle's
    ``element`` and the ``radius`` of its mark, pixels: angles at one vertex are told apart by it),
    ``marks`` (each mark's ``kind``, ``elements``, ``count`` of ticks or arrows, ``source``, and
    ``pixels``: its polylines) and ``query`` (the asked element, spelt as its "?" label's ``element``;
    "" when none).  A shape also names its catalogue ``kind``."""
    size = d.style.size
    names = list(d.rules.points)
    leaders = [lab.leader for lab in d.labels if lab.leader is not None]
    rings = [ring for f in d.fills for ring in f.rings]
    heights = list(d.heights.values())
    marks = [line for _, lines in d.relation_marks for line in lines]
    if marks:
        from .marks import element_text  # (loaded already: the marks were drawn with it)
    rows = iter(_pixel_rows(size, [[d.rules.points[n] for n in names], *leaders, *rings, *heights, *marks]))
    where = next(rows)
    labels = []
    for lab in d.labels:
        x0, y0, x1, y1 = lab.box
        labels.append({"text": lab.text, "element": lab.element,
                       "bbox": [round(x0, 2), round(size - y1, 2), round(x1, 2), round(size - y0, 2)],
                       "leader": None if lab.leader is None else next(rows),
                       "font_size": float(lab.font_size or d.style.font_size)})
        if lab.colour is not None:
            labels[-1]["colour"] = _hex(tuple(lab.colour))
    shapes = [{"name": f.name, "kind": f.kind, "outline": next(rows), "holes": [next(rows) for _ in f.rings[1:]],
               **({"shade": f.shade} if f.shade else {})} for f in d.fills]
    heights_out = [{"shape": n, "line": next(rows)} for n in d.heights]
    return {"size": [size, size],
            "points": dict(zip(names, where)),
            "segments": [[a, b] for a, b, _ in d.segments],
            "shapes": shapes,
            "labels": labels,
            "angle_marks": [{"element": e, "radius": round(w.radius, 2)} for e, w in d.rules.wedges.items()],
            "arc_labels": [{"element": e, "middle": [round(float(m[0]), 2), round(size - float(m[1]), 2)],
                      "centre": [round(float(c[0]), 2), round(size - float(c[1]), 2)], "radius": round(r, 2),
                      "span": [round(-math.degrees(t0 + sw) % 360, 3), round(math.degrees(sw), 3)]}  # (image degrees)
                     for e, (m, c, r, t0, sw) in d.rules.arcs.items()],
            "heights": heights_out,
            "marks": [{"kind": "right" if m.kind == "right_lines" else m.kind,
                       "elements": [element_text(m.kind, e) for e in m.elements], "count": m.count,
                       "source": m.source, "pixels": [next(rows) for _ in lines]} for m, lines in d.relation_marks],
            "query": d.query}


@lru_cache(maxsize=1024)
def _hex(rgb: tuple[float, ...]) -> str:
    """A colour's ``#rrggbb`` (a figure's labels share a few colours)."""
    return "#" + "".join(f"{round(255 * c):02x}" for c in rgb)


def _pixel_rows(size: float, arrays: list) -> list[list]:
    """Each array of pixel rows (y up) as [x, y] lists, y down, to 0.01 px: one numpy pass for all of
    them (a figure has a dozen arrays; converted one by one, the calls cost more than the numbers)."""
    parts = [np.asarray(a, dtype=float).reshape(-1, 2) for a in arrays]
    both = np.concatenate(parts) if parts else np.zeros((0, 2))
    rows = np.round(np.column_stack([both[:, 0], size - both[:, 1]]), 2).tolist()
    out, start = [], 0
    for part in parts:
        out.append(rows[start: start + len(part)])
        start += len(part)
    return out


def _outside(rule: Rule, regions: list[Polygon]) -> Rule:
    """``rule``, and the box meeting none of ``regions``."""
    def ok(boxes: np.ndarray, leaders: np.ndarray | None) -> np.ndarray:
        good = rule(boxes, leaders)
        idx = np.flatnonzero(good)
        if len(idx):
            b = shapely.box(boxes[idx, 0], boxes[idx, 1], boxes[idx, 2], boxes[idx, 3])
            good[idx] = ~np.any([shapely.intersects(f, b) for f in regions], axis=0)
        return good
    ok.pre = rule.pre
    return ok
