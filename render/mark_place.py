"""Where a textbook figure's relation marks go, in pixels: each clear of points, line crossings and the
marks placed before it, and a segment that drawn points split marked on a dimension line.

Why: a blind reader took an equal-length tick on a line crossing for the crossing, a tick beside another
segment's ticks for one of them (one tick between two read as a solid bar), a right-angle square under a
bisector's arcs for nothing, and a value or tick beside one piece of a split segment as that piece's.  So a
tick or an arrow goes where it keeps ``CLEAR`` px from all of those (the middle of the longest open
stretch where nothing is near), equal-angle arcs at a right angle's vertex go beyond its square, a split
segment's value goes on a dimension line ``DIMENSION_FONTS`` font heights off it that spans the whole
segment (arrowheads at its ends, against bars across it there), and a split segment's equal ticks across a
bracket that spans it (never on a piece, never on the dimension line: review 3 read both as wrong).
"""
from __future__ import annotations

import math

import numpy as np
from geomill.engine.geometry import segment_distance

from .marks import Mark, angle_key
from .scene import Scene

DIMENSION_FONTS = 2.0  # the dimension line this many font heights off its side: clearly a line of its own, and a
# letter of a point on the side fits between them
DIMENSION_FAR = 3.5  # fonts: a dimension line farther off its side reads as another line's (review 8)
EXTENSION_ALONG = 12.0  # degrees: an extension line this near a drawn side from its end runs along it (review 8)
DIMENSION_BAR = 4.5  # px: its end bars reach this far either side of it
DIMENSION_NEAR = (1.6, 1.3)  # fonts: nearer offsets a dimension line takes where its own at DIMENSION_FONTS has no room
VALUE_ROOM = 0.8  # fonts of canvas beyond a dimension line for its value, set in a break of the line (half a short
# value's width across a vertical line; at the 1.3 a value beyond the line needed, a side near the canvas's edge
# found no room and its value went by one piece, named: blind reader 29's "AC = 21" by GC)
TICK_HALF = 5.5  # px: half an equal-length tick
DIM_TICK_HALF = 3.5  # px: half a tick on a dimension line (it keeps off the segment)
TICK_STEP = 5.0  # px between a group's ticks (at 4 px, three ticks read as a bar)
TICK_STEP_MANY = 7.0  # px between the ticks of a group of ``MANY_TICKS`` or more (five at 5 px read as four)
MANY_TICKS = 4


def tick_step(count: int) -> float:
    """The gap between a group's ticks: wider for a long row, whose strokes a reader counts one by one."""
    return TICK_STEP_MANY if count >= MANY_TICKS else TICK_STEP
ARROW_LONG, ARROW_HALF = 8.0, 5.0  # px: a parallel arrow's length and half width
DIM_HEAD_LONG, DIM_HEAD_HALF = 7.0, 4.5  # px: a dimension line's arrowheads
ARROW_STEP = 26.0  # px between a group's arrow tips: near three arms' lengths (9.4 px), so each head stands clear
# of the next at thumbnail size on any slope (at 10 px two fused on a steep line; at 14, on 45° and 60° sides,
# review 8; at 18 px, 2.2 arms, on a short 56° side, reader 16)
CLEAR = 8.0  # px a tick's or an arrow's reach keeps from points, other lines and other marks
MARK_APART = 14.0  # px more between a tick row and an arrow group (two kinds of mark on one segment read apart)
POINT_R = 2.5  # px: a drawn point's dot
ALONG_PX = 0.5  # px: a drawn segment with both ends this near a line lies along it
TANGENT_DOT = 5.0  # px: a point of tangency's dot, over twice a point's (at 3.4 px, review 8 read point dots as
# tangent dots)
RUN_ON_FONTS = 2.05  # a valued side whose line runs on past an end by a drawn piece under this many font heights gets
# a dimension line (the middles of the side and of the longer one about a font apart read as one)
RUN_ON_SHARE = 0.3  # or under this share of the whole line: the side's middle lies in the whole's middle part, where
# a value reads as the whole's (reader 31's 25: "23" by BF, 79% of BA, read as the hypotenuse BA's)
ARC_GAP = 4.0  # px between two arcs of an equal-angle group at their shared ray
RAIL_APART = 13.0  # px a bracket keeps from another segment's dimension line along its line (one rail: review 9)
STACK_FONTS = 2.0  # fonts between two dimension lines of segments on one line (stacked: each span and value clear)
BRACKET_FONTS = 0.9  # a split segment's equal-length bracket this many font heights off it
BRACKET_GAP = 10.0  # px: its legs stop this far short of the segment (at 4 px the bracket drew as a closed strip,
# a second parallel line: review 7)
BRACKET_LEG = 8.0  # px: and run out this far (open hooks a reader sees as a bracket's)
BRACKET_HOOK = 12.0  # px: a bracket's legs where its span can sit that far out (gap and leg): each a straight foot
BRACKET_ROUND = 9.0  # and a quarter round this wide into the span, as a typeset bracket's (reader 35's 19: square
# 8 px legs beside a 390 px side read as "tiny end stubs", the bracket as a stray thin line parallel to AB)
BRACKET_LANE = 17.0  # px between two brackets along one line on one side (at one offset, review 5 read a bracket
# nested in another as part of it)
BRACKET_INNER = 5  # crossings a bracket inside the figure must save to go there
BRACKET_CROSS_GAP = 5.0  # px: a bracket that must cross a drawn line is broken this far either side of it
BRACKET_CROSS_END = 10.0  # px: never within this of its span's ends (a leg cut off reads as no bracket)
BRACKET_END_PIECE = 3.0  # hooks: a broken bracket's end piece at least this long, its leg's length each (a 20 px
# stub and its 12 px hook by a crossing read as a right-angle mark there: reader 42's 01, FormalGeo 3048)
BRACKET_CROSS_MAX = 3  # lines a broken bracket crosses at most
BRACKET_CLEAR = 4.0  # px a bracket keeps from right-angle squares and other brackets where it can
BREAK_HALF = 0.65  # fonts: half a value's box, in its dimension line's break, across the line


def rounded(line: np.ndarray) -> np.ndarray:
    """Bracket polyline (foot, corner, corner, foot) as painted: each corner rounded by a quarter circle of
    ``BRACKET_ROUND`` px where its leg is long enough to keep a straight foot of that length (a short leg, between
    a side and its dimension line, stays square).  The export keeps the corners (leg, span, span, leg)."""
    f0, c0, c1, f1 = (np.asarray(x, float) for x in line)
    leg = float(np.hypot(*(c0 - f0)))
    span = float(np.hypot(*(c1 - c0)))
    if leg < BRACKET_ROUND + 2.0 or span < 4 * BRACKET_ROUND:
        return np.asarray(line, float)
    up, along = (c0 - f0) / leg, (c1 - c0) / span
    t = np.linspace(0.0, 0.5 * math.pi, 7)[1:-1]

    def corner(c: np.ndarray, u: np.ndarray, w: np.ndarray) -> list:  # (from the leg's top into the span)
        centre = c - BRACKET_ROUND * u + BRACKET_ROUND * w
        return [centre - BRACKET_ROUND * w * math.cos(a) + BRACKET_ROUND * u * math.sin(a) for a in t]

    first = [f0, c0 - BRACKET_ROUND * up, *corner(c0, up, along), c0 + BRACKET_ROUND * along]
    last = [c1 - BRACKET_ROUND * along, *corner(c1, up, -along)[::-1], c1 - BRACKET_ROUND * up, f1]
    return np.array([*first, *last])


def bracketed_offset(fpx: float) -> float:
    """px off its side of a dimension line with an equal-length bracket between (lane, tick, clearance) and its value's
    half box beyond the tick (blind reader 29's 05: at the usual offset the square's AB = 55 sat on the tick and went to
    the text)."""
    return BRACKET_GAP + BRACKET_LEG + TICK_HALF + BRACKET_CLEAR + BREAK_HALF * fpx


BRACKET_INSET = 4.0  # px: and this far in from its ends (clear of the end points' dots)
ARC_LONG = 14.0  # px: an equal-angle arc at least this long where its angle's sides leave room
SQUARE_CLEAR = 15.0  # degrees: a right-angle square's sides this far from every other drawn ray at its corner
ARC_BEYOND = 9.0  # px: an equal-angle arc at a right angle's vertex runs this far beyond its square's corner


_SPOT_SHARES = np.linspace(0.04, 0.96, 47)  # where along a segment a tick or an arrow may go (``spot``)
_SPOT_SHARES.flags.writeable = False
_SPOT_MIDDLE = 23  # the share of 0.5


def _unit(v: np.ndarray) -> np.ndarray:
    n = float(np.hypot(*v))
    return v / n if n > 1e-9 else np.array([1.0, 0.0])



def _cross(u: np.ndarray, v: np.ndarray) -> np.ndarray:
    return u[0] * v[..., 1] - u[1] * v[..., 0]


def _dist(cs: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """k×m distances from k points to m points."""
    return np.hypot(cs[:, None, 0] - pts[None, :, 0], cs[:, None, 1] - pts[None, :, 1])


def _to_segments(cs: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """k×m distances from k points to m segments ab."""
    u = b - a
    n2 = np.maximum((u * u).sum(axis=1), 1e-12)
    t = np.clip(((cs[:, None, :] - a[None]) * u[None]).sum(axis=2) / n2[None], 0.0, 1.0)
    foot = a[None] + t[..., None] * u[None]
    return np.hypot(*(cs[:, None, :] - foot).transpose(2, 0, 1))


def square_size(v: np.ndarray, a: np.ndarray, b: np.ndarray, fpx: float) -> float:
    return max(5.0, min(0.8 * fpx, 0.25 * min(float(np.hypot(*(a - v))), float(np.hypot(*(b - v))))))


SQUARE_CUT = 18.0  # px: a right-angle square's side where a drawn ray runs through it (at 13 px, a diagonal or a
# bisector through its corner left two hooks a blind reader saw as "a +", no square: review 8)
SQUARE_CUT_MORE = 6.0  # px more for each further ray through it
SQUARE_CUT_SHARE = 0.3  # but at most this share of its shorter side


def right_square(v: np.ndarray, a: np.ndarray, b: np.ndarray, fpx: float, cut: bool = False) -> np.ndarray:
    """The square (side end, corner, side end) at ``v`` between rays to ``a`` and ``b``; ``cut``: another drawn
    ray runs through it, so it is drawn larger (``SQUARE_CUT``) to read as a square on either side of the ray."""
    ua, ub = _unit(a - v), _unit(b - v)
    s = square_size(v, a, b, fpx)
    if cut:  # (two rays through it: larger again, review 9's 51 read a square cut by an altitude and a bisector as
        # no square)
        short = min(float(np.hypot(*(a - v))), float(np.hypot(*(b - v))))
        s = max(s, min(SQUARE_CUT + SQUARE_CUT_MORE * (int(cut) - 1), SQUARE_CUT_SHARE * short))
    return np.array([v + s * ua, v + s * (ua + ub), v + s * ub])


def rays_inside(rays, ua: np.ndarray, ub: np.ndarray, edge: float = 2.0) -> int:
    """How many drawn rays (direction, length) leave the vertex strictly inside the right angle of ``ua``, ``ub``
    (over ``edge`` degrees from both sides)?"""
    c = math.cos(math.radians(edge))
    return sum(float(w @ ua) > 0 and float(w @ ub) > 0 and float(w @ ua) < c and float(w @ ub) < c for w, _ in rays)


SQUARE_APART = 4.0  # px between two right-angle squares at one vertex (overlapping, review 7 read one crooked square)


def apart_square(sq: np.ndarray, others) -> np.ndarray:
    """Square ``sq`` (side end, corner, side end) grown, where it runs into another right-angle square at its
    vertex, until it clears all of them: the others lie within their diagonals of the vertex, so a square whose
    side is longer than those (by ``SQUARE_APART``) stands apart, nested, and each reads alone."""
    v = sq[0] + sq[2] - sq[1]
    d = _unit(sq[1] - v)  # (quarters overlap where their diagonals are under 90° apart; one quarter is one square,
    at = [o for o in others if len(o) == 3 and float(np.hypot(*(o[0] + o[2] - o[1] - v))) < 1.0  # and two sharing
          and math.cos(math.radians(89.0)) < float(_unit(o[1] - v) @ d) < math.cos(math.radians(1.0))]  # an arm meet)
    if not any(_to_segments(np.concatenate([np.linspace(a, b, 8) for a, b in zip(sq, sq[1:])]),
                            o[:-1], o[1:]).min() < SQUARE_APART for o in at):
        return sq
    s = max(float(np.hypot(*(o[1] - v))) for o in at) + SQUARE_APART
    ua, ub = _unit(sq[0] - v), _unit(sq[2] - v)
    return np.array([v + s * ua, v + s * (ua + ub), v + s * ub])


def _segments_cross(p: np.ndarray, q: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Which of the m segments ab (two m×2 arrays) segment pq crosses (properly: touching at an end is no
    crossing)."""
    u, v, w = q - p, b - a, a - p
    den = _cross(u, v)
    ok = np.abs(den) > 1e-9
    den = np.where(ok, den, 1.0)
    t = (w[:, 0] * v[:, 1] - w[:, 1] * v[:, 0]) / den
    s = (w[:, 0] * u[1] - w[:, 1] * u[0]) / den
    e = 1e-6
    return ok & (t > e) & (t < 1 - e) & (s > e) & (s < 1 - e)


def _collinear(p: np.ndarray, r: np.ndarray, s: np.ndarray, t: np.ndarray, tol: float = 1.0) -> bool:
    """Do segments pr and st lie on one line (within ``tol`` px)?"""
    u = _unit(r - p)
    return all(abs(float(u[0] * (e - p)[1] - u[1] * (e - p)[0])) <= tol for e in (s, t))


def _near_line(xs: np.ndarray, s: np.ndarray, t: np.ndarray, gap: float) -> bool:
    """Do the points ``xs`` (a line parallel to st) overlap st along it within ``gap`` px across it?"""
    u = _unit(t - s)
    along = (xs - s) @ u
    across = np.abs((xs - s) @ np.array([-u[1], u[0]]))
    return bool(np.any((along >= -1.0) & (along <= float(np.hypot(*(t - s))) + 1.0) & (across < gap)))


def _meet(p, q, r, s) -> np.ndarray | None:
    d1, d2 = q - p, s - r
    den = d1[0] * d2[1] - d1[1] * d2[0]
    if abs(den) < 1e-9:
        return None
    t = ((r - p)[0] * d2[1] - (r - p)[1] * d2[0]) / den
    return p + t * d1


class MarkLayout:
    """One figure's marks placed in turn (pixels, y up): what is taken so far, and the dimension lines."""

    def __init__(self, scene: Scene, frame, fpx: float) -> None:
        self.fpx, self.size = fpx, float(frame.size)
        self.px = {n: np.array(frame.px(xy)) for n, xy in scene.points.items()}
        self.segments = [(self.px[a], self.px[b]) for a, b in scene.segments if a in self.px and b in self.px]
        self.seg_a = np.array([s for s, _ in self.segments]).reshape(-1, 2)
        self.seg_b = np.array([t for _, t in self.segments]).reshape(-1, 2)
        self.pts = np.array(list(self.px.values())).reshape(-1, 2)
        self.circles = [(np.array(frame.px(a.centre)), a.radius * frame.scale) for a in scene.arcs]
        self.taken: list[tuple[np.ndarray, float]] = []  # (centre, reach) of each mark placed
        self.of_kind: dict[str, list[tuple[np.ndarray, float]]] = {"tick": [], "arrow": []}  # (centre, reach) of
        # each equal tick row and parallel arrow group placed, by kind
        self.apart: list[tuple[np.ndarray, float]] = []  # the marks the one now placed keeps MARK_APART farther from
        self.dims: dict[frozenset, np.ndarray] = {}  # a split segment -> its dimension line's offset
        self.brackets: list[tuple[Mark, list[np.ndarray]]] = []  # (bracket, polylines) of split equal segments
        self.squares: dict[str, float] = {}  # a vertex -> the reach of its right-angle square's corner
        self.square_at: dict[tuple, np.ndarray] = {}  # (vertex, the two lines' directions) -> its square
        self.arc_zones: list[tuple[np.ndarray, float]] = []  # (vertex, reach) of each angle arc to come
        self.heights: list[tuple[np.ndarray, np.ndarray]] = []  # (apex, foot) of each dashed height to come
        self.halves: list[tuple[Mark, list[np.ndarray]]] = []  # (mark, ticks) of a split side's halves ticked
        # where no bracket of it keeps off the drawn lines (``_ticks``)
        self.unticked: set[tuple[int, tuple[str, str]]] = set()  # (id of the mark, side) of sides left unticked
        self.halved: dict[int, tuple[tuple[str, str], ...]] = {}  # id of an equal mark whose every side a drawn
        # point halves -> the halves its ticks went on (``_halved``)
        self.spare_count = 1  # a tick count no equal group uses (the halves' own)
        self.equal_groups: list[set[tuple]] = []  # the sides of each equal group (a side's halves in one: ticked once)
        self.stated: list[tuple[np.ndarray, np.ndarray]] = []  # (vertex, bisector) of each stated right angle
        self.crowded: list[tuple] = []  # right-angle squares no quarter keeps clear of other rays: (why, the
        # angle's points, where one names it)
        pts = list(self.px.values())
        self.middle = np.mean(pts, axis=0) if pts else np.zeros(2)

    def bisectors(self, angles) -> list[tuple[np.ndarray, np.ndarray]]:
        """(vertex, unit bisector) in pixels of each angle (a, v, b) whose points are drawn."""
        return [(self.px[v], _unit(_unit(self.px[a] - self.px[v]) + _unit(self.px[b] - self.px[v])))
                for a, v, b in angles if all(n in self.px for n in (a, v, b))]

    # -- what a spot is near ---------------------------------------------------------------------------
    def rays(self, v: np.ndarray) -> list[tuple[np.ndarray, float]]:
        """The drawn rays leaving pixel ``v`` (a segment ending there, or both ways along one through it): each
        its direction and length."""
        out = []
        for p, r in self.segments:
            for e, f in ((p, r), (r, p)):
                if float(np.hypot(*(e - v))) < 1.0 and float(np.hypot(*(f - v))) > 1.0:
                    out.append((_unit(f - v), float(np.hypot(*(f - v)))))
            if segment_distance(v, p, r) < 0.75 and min(float(np.hypot(*(e - v))) for e in (p, r)) >= 1.0:
                out += [(_unit(e - v), float(np.hypot(*(e - v)))) for e in (p, r)]
        return out


    def split(self, a: str, b: str) -> bool:
        """Does a drawn point lie inside segment ab (so that a mark by its middle reads as a piece's)?"""
        return bool(self.cuts(a, b))

    def crossed(self, a: str, b: str) -> bool:
        """Does another drawn segment cross segment ab's inside at a point no drawn point names, over a font
        height from either end (the side drawn as two pieces, the crossing unlettered)?"""
        p, r = self.px[a], self.px[b]
        length = float(np.hypot(*(r - p)))
        sa, sb = self._others(p, r)
        if length < 2 * self.fpx or not len(sa):
            return False
        hit = _segments_cross(p, r, sa, sb)
        u = (r - p) / length
        for s, t in zip(sa[hit], sb[hit]):
            d = t - s
            den = _cross(u, d)
            at = float(_cross(s - p, d)) / float(den) if abs(float(den)) > 1e-12 else -1.0
            if self.fpx < at < length - self.fpx:
                return True
        return False

    def cuts(self, a: str, b: str) -> list[float]:
        """Where drawn points lie inside segment ab, as shares of it."""
        p, r = self.px[a], self.px[b]
        u = r - p
        length = float(np.hypot(*u))
        if length < 1e-9:
            return []
        u = u / length
        out = []
        for n, xy in self.px.items():
            if n in (a, b):
                continue
            c = xy - p
            t = float(c @ u)
            if 0.5 < t < length - 0.5 and abs(float(u[0] * c[1] - u[1] * c[0])) < 0.5:
                out.append(t / length)
        return sorted(out)

    def run_on(self, a: str, b: str) -> float:
        """The shortest drawn piece that carries segment ab on past an end, in px (0: none): a value by ab's
        middle reads as the longer segment's where that piece is short."""
        p, r = self.px[a], self.px[b]
        u = r - p
        length = float(np.hypot(*u))
        if length < 1e-9:
            return 0.0
        u = u / length
        out = []
        for n, xy in self.px.items():
            c = xy - p
            t = float(c @ u)
            if n in (a, b) or abs(float(u[0] * c[1] - u[1] * c[0])) > 0.5 or -0.5 <= t <= length + 0.5:
                continue
            end = p if t < 0 else r
            if any(segment_distance(end + f * (xy - end), s, e) < 0.5 for f in (0.25, 0.5, 0.75)
                   for s, e in self.segments):
                out.append(float(np.hypot(*(xy - end))))
        return min(out, default=0.0)

    def middle_reach(self, a: str, b: str) -> float:
        """How far (a share of ab) a value may sit from ab's middle and still be nearer it, by a third, than
        any piece's middle: beside a piece, it reads as the piece's."""
        ts = [0.0, *self.cuts(a, b), 1.0]
        return min(abs((s + t) / 2 - 0.5) for s, t in zip(ts, ts[1:])) / 3

    def _others(self, p: np.ndarray, r: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The drawn segments not along pr (their ends, two m×2 arrays): along it, both ends within ``ALONG_PX`` of
        its line (a diameter FH drawn through its centre O 0.09 px off FO, by the pixels' rounding, was another line
        along all of FO: its ticks went to O, the spot least near it; generated 31 of seed 5)."""
        u = _unit(r - p)
        keep = ~((np.abs(_cross(u, self.seg_a - p)) < ALONG_PX) & (np.abs(_cross(u, self.seg_b - p)) < ALONG_PX))
        return self.seg_a[keep], self.seg_b[keep]

    def clearances(self, cs: np.ndarray, reach: float, p: np.ndarray, r: np.ndarray) -> np.ndarray:
        """How far a mark of ``reach`` px about each of ``cs`` (k×2) on segment pr keeps from points, other
        lines (not those along pr), circles and the marks placed so far."""
        out = np.full(len(cs), np.inf)
        if len(self.pts):
            out = np.minimum(out, _dist(cs, self.pts).min(axis=1) - reach - POINT_R)
        a, b = self._others(p, r)
        if len(a):
            out = np.minimum(out, _to_segments(cs, a, b).min(axis=1) - reach)
        for o, rad in self.circles:
            out = np.minimum(out, np.abs(np.hypot(*(cs - o).T) - rad) - reach)
        if self.taken:
            t = np.array([c for c, _ in self.taken])
            rch = np.array([x for _, x in self.taken])
            out = np.minimum(out, (_dist(cs, t) - rch[None, :]).min(axis=1) - reach)
        if self.apart:
            t = np.array([c for c, _ in self.apart])
            rch = np.array([x for _, x in self.apart])
            out = np.minimum(out, (_dist(cs, t) - rch[None, :]).min(axis=1) - reach - MARK_APART)
        return out

    def keep_apart(self, kind: str, other: str) -> None:
        """The mark of ``kind`` placed next keeps MARK_APART farther from every ``other`` one (a tick by an arrow
        on one segment read as one mark "|>": reader 27's 23)."""
        self.apart = list(self.of_kind[other])

    def took(self, kind: str, c: np.ndarray, reach: float) -> None:
        """``take``, and the mark recorded as one of ``kind`` (``keep_apart``)."""
        self.take(c, reach)
        self.of_kind[kind].append((np.asarray(c, float), reach))

    def spot(self, p: np.ndarray, r: np.ndarray, reach: float, whole: bool = False) -> np.ndarray:
        """The place on segment pr for a mark of ``reach`` px: clear by CLEAR px where it can be, and then as
        near the middle of the segment's longest open stretch (``whole``: of the segment) as it can be."""
        u = r - p
        n2 = float(u @ u)
        if n2 < 1e-9:
            return p
        if whole and self._middle_clear(p + u * _SPOT_SHARES[_SPOT_MIDDLE], reach, p, r):
            return p + u * _SPOT_SHARES[_SPOT_MIDDLE]  # (the search below picks it: the nearest the middle of all
        want = 0.5 if whole else self._open_middle(p, u, n2)  # those clear by CLEAR, and it is clear)
        cand = _SPOT_SHARES
        clear = np.minimum(self.clearances(p + cand[:, None] * u, reach, p, r), CLEAR)
        best = np.flatnonzero(clear >= clear.max() - 1e-9)
        return p + u * cand[best[np.argmin(np.abs(cand[best] - want))]]

    def _middle_clear(self, c: np.ndarray, reach: float, p: np.ndarray, r: np.ndarray) -> bool:
        """Is ``clearances`` of the one spot ``c`` clearly (by more than 1e-9 px) over CLEAR?

        FAST PATH: the plain version is ``clearances`` of all the shares, whose ``spot`` then picks the middle
        share wherever it is clear (``tests/test_gv_figures.py`` holds the two equal).  The same distances in
        plain floats (a spot asks a few dozen, where numpy's per-call cost was the work); a margin far above
        their rounding leaves every spot near CLEAR to the plain search."""
        bound = CLEAR + reach + 1e-9
        cx, cy = c.tolist()
        for x, y in self.pts.tolist():
            if math.hypot(cx - x, cy - y) <= bound + POINT_R:
                return False
        a, b = self._others(p, r)
        for (ax, ay), (bx, by) in zip(a.tolist(), b.tolist()):
            ux, uy = bx - ax, by - ay
            t = min(max(((cx - ax) * ux + (cy - ay) * uy) / max(ux * ux + uy * uy, 1e-12), 0.0), 1.0)
            if math.hypot(cx - (ax + t * ux), cy - (ay + t * uy)) <= bound:
                return False
        for o, rad in self.circles:
            if abs(math.hypot(cx - float(o[0]), cy - float(o[1])) - rad) <= bound:
                return False
        for t, rch in self.taken:
            if math.hypot(cx - float(t[0]), cy - float(t[1])) - rch <= bound:
                return False
        for t, rch in self.apart:
            if math.hypot(cx - float(t[0]), cy - float(t[1])) - rch - MARK_APART <= bound:
                return False
        return True

    def _open_middle(self, p: np.ndarray, u: np.ndarray, n2: float) -> float:
        """The middle of the longest stretch of segment p, p + u that no drawn point splits, as a share of it."""
        ts = [0.0, 1.0]
        for xy in self.px.values():
            c = xy - p
            t = float(c @ u) / n2
            if 1e-3 < t < 1 - 1e-3 and abs(float(u[0] * c[1] - u[1] * c[0])) / math.sqrt(n2) < 0.5:
                ts.append(t)
        ts.sort()
        lo, hi = max(zip(ts, ts[1:]), key=lambda ab: ab[1] - ab[0])
        return (lo + hi) / 2

    def free(self, c: np.ndarray, reach: float) -> float:
        """How far a mark of ``reach`` px about ``c`` keeps from the marks placed so far."""
        return min([float(np.hypot(*(c - t))) - reach - r for t, r in self.taken] or [math.inf])

    def take(self, c: np.ndarray, reach: float) -> None:
        self.taken.append((np.asarray(c, float), reach))

    def bracket(self, a: str, b: str, m: Mark, gapped: bool = False) -> np.ndarray | None:
        """A bracket beside segment ab spanning all of it (legs towards its ends), away from the figure's
        middle (between the side and its dimension line, if it has one) unless that crosses far more; its
        polyline goes to ``brackets`` and its middle, where the ticks go, is returned.  None (nothing drawn)
        where every bracket crosses a drawn line (it reads as a chord of the figure: review 10) or runs on another
        segment's dimension line.  ``gapped``: one that crosses lines only along its span is drawn broken where each
        crosses (``BRACKET_CROSS_GAP``), as a textbook breaks a dimension line, rather than none: a split side's
        equality had no mark at all (issue 38's last relations)."""
        p, r = self.px[a], self.px[b]
        u = _unit(r - p)
        normal = np.array([-u[1], u[0]])
        if float((self.middle - (p + r) / 2) @ normal) > 0:
            normal = -normal
        inset = min(BRACKET_INSET, 0.1 * float(np.hypot(*(r - p)))) * u

        def lane(side) -> float:  # each bracket along this line on this side, overlapping it, one lane out
            n = 0
            for _, pieces in self.brackets:
                s, t = pieces[0][0], pieces[-1][-1]
                w = _unit(t - s)
                if abs(float(u[0] * w[1] - u[1] * w[0])) > 1e-3 or abs(float(u[0] * (s - p)[1] - u[1] * (s - p)[0])) \
                        > BRACKET_GAP + 0.5 or float((pieces[0][1] - pieces[0][0]) @ side) <= 0:
                    continue
                lo, hi = sorted((float((s - p) @ u), float((t - p) @ u)))
                n += hi > 0 and lo < float(np.hypot(*(r - p)))
            return max(BRACKET_FONTS * self.fpx, BRACKET_GAP + BRACKET_HOOK) + n * BRACKET_LANE

        def shape(side):  # (a bracket a lane out: its legs from past the lane inside it, never along its legs)
            out = lane(side)
            lo = (out - BRACKET_HOOK if out > BRACKET_GAP + BRACKET_HOOK + 0.5 else BRACKET_GAP) * side
            return np.array([p + inset + lo, p + inset + out * side, r - inset + out * side, r - inset + lo])

        def cost(side) -> int:  # lines, marks, dimension lines, and the squares and brackets drawn so far
            line = shape(side)
            xs = np.concatenate([np.linspace(a, b, 12) for a, b in zip(line, line[1:])])
            near = [ln for ln in [*self.square_at.values(), *(pc for _, b in self.brackets for pc in b)]
                    if min(segment_distance(x, s, t) for x in xs for s, t in zip(ln, ln[1:])) < BRACKET_CLEAR]
            return self._crossed(p, r, lane(side) * side) + 2 * len(near) + 100 * self._on_rail(a, b, line) \
                + 1000 * self._bracket_crossings(p, r, line)

        # (inside the figure it runs into the marks at the side's points: inside only where outside crosses more)
        side = -normal if cost(-normal) + BRACKET_INNER < cost(normal) else normal
        dim = self.dims.get(frozenset((a, b)))
        line = None
        if dim is not None and float(dim @ side) > 0:
            if cost(-side) <= cost(side):
                side = -side  # (a side's dimension line, bracket and ticks stacked on one side read as one muddle,
                # their tick counts mixed: reviews 5 and 7; the bracket across the side from its dimension line where
                # it crosses no more, else a short one clear of both half way to it: review 7 read the 59 kind right)
            else:
                d = float(np.hypot(*dim))
                out = min(0.55 * d, d - BREAK_HALF * self.fpx - TICK_HALF - BRACKET_CLEAR)  # (its tick clear of
                lo = min(0.3 * d, out - 0.5 * BRACKET_LEG)  # the value in the dimension line's break: blind reader
                # 29's 05, a square's AB = 55 went to the text, its place on the tick)
                line = np.array([p + inset + lo * side, p + inset + out * side, r - inset + out * side,
                                 r - inset + lo * side])
                hi = out * side
        if line is None:
            line = shape(side)
            hi = lane(side) * side
        if self._on_rail(a, b, line):
            return None  # (on another segment's dimension line it reads as that line: review 9)
        drawn = [line]
        if self._bracket_crossings(p, r, line):
            drawn = self._gaps(p, r, line) if gapped else None
            if drawn is None and gapped and hi is not None and float(hi @ side) > 0 and dim is None:
                other = shape(-side)  # (broken where it must be, its end pieces long: across the side if there)
                drawn = None if self._on_rail(a, b, other) else self._gaps(p, r, other)
                if drawn is not None:
                    line, hi = other, lane(-side) * -side
            if drawn is None:
                return None
        self.brackets.append((Mark("bracket", ((a, b),), m.source, m.count), drawn))
        for t in np.linspace(0.0, 1.0, 5):
            self.take(p + t * (r - p) + hi, 2.0)
        return (p + r) / 2 + hi

    def _gaps(self, p: np.ndarray, r: np.ndarray, line: np.ndarray) -> list[np.ndarray] | None:
        """Bracket ``line`` of pr broken ``BRACKET_CROSS_GAP`` px either side of each drawn line it crosses: its
        pieces, or None where a leg crosses one, or a crossing lies within ``BRACKET_CROSS_END`` of the span's ends
        (a broken leg reads as no bracket)."""
        sa, sb = self._others(p, r)
        if any(_segments_cross(s, t, sa, sb).any() for s, t in ((line[0], line[1]), (line[2], line[3]))):
            return None
        s, t = line[1], line[2]
        span = float(np.hypot(*(t - s)))
        hit = _segments_cross(s, t, sa, sb)
        cuts = []
        for a, b in zip(sa[hit], sb[hit]):
            d = b - a
            den = float((t - s)[0] * d[1] - (t - s)[1] * d[0])
            if abs(den) < 1e-12:
                return None
            k = float((a - s)[0] * d[1] - (a - s)[1] * d[0]) / den * span
            if k < BRACKET_CROSS_END or k > span - BRACKET_CROSS_END:
                return None
            leg = float(np.hypot(*(line[1] - line[0])))
            if min(k, span - k) - BRACKET_CROSS_GAP < BRACKET_END_PIECE * max(leg, BRACKET_LEG):
                return None  # (an end piece as short as a few legs is an L by the crossing: a right angle's square)
            cuts.append(k)
        if not cuts or len(cuts) > BRACKET_CROSS_MAX:
            return None
        xs = np.linspace(s, t, 24)
        if any(min(segment_distance(x, e, f) for x in xs) < BRACKET_CLEAR for ln in
               [*self.square_at.values(), *(pc for _, b in self.brackets for pc in b)] for e, f in zip(ln, ln[1:])):
            return None  # (broken, and against another bracket or a square: marks run into each other)
        u = (t - s) / span
        pieces, start = [], [line[0], s]
        for k in sorted(cuts):
            pieces.append(np.array([*start, s + u * (k - BRACKET_CROSS_GAP)]))
            start = [s + u * (k + BRACKET_CROSS_GAP)]
        pieces.append(np.array([*start, t, line[3]]))
        return pieces

    def _bracket_crossings(self, p: np.ndarray, r: np.ndarray, line: np.ndarray) -> int:
        """How many drawn lines (not along pr) the bracket polyline ``line`` of pr crosses."""
        sa, sb = self._others(p, r)
        if not len(sa):
            return 0
        return sum(int(_segments_cross(s, t, sa, sb).sum()) for s, t in zip(line, line[1:]))

    def _on_rail(self, a: str, b: str, line: np.ndarray) -> bool:
        """Does bracket ``line`` of ab run along the dimension line of another segment on ab's line, under
        ``RAIL_APART`` px from it (review 9: BD's bracket on CF's dimension line, "3" read as CD's)?"""
        p, r = self.px[a], self.px[b]
        xs = np.linspace(line[1], line[2], 24)
        for key, other in self.dims.items():
            ends = [self.px[k] for k in key]
            if key != frozenset((a, b)) and _collinear(p, r, *ends) and \
                    _near_line(xs, *(e + other for e in ends), RAIL_APART):
                return True
        return False

    # -- dimension lines ----------------------------------------------------------------------------------
    def _crossed(self, p: np.ndarray, r: np.ndarray, off: np.ndarray) -> int:
        """How many lines, circles, dimension lines and marks a dimension line of pr at ``off`` would run
        into, and whether it leaves the canvas."""
        a, b = p + off, r + off
        xs = np.linspace(a, b, 24)
        sa, sb = self._others(p, r)
        n = int((_to_segments(xs, sa, sb).min(axis=0) < DIMENSION_BAR).sum()) if len(sa) else 0
        for o, rad in self.circles:
            near = min(float(np.hypot(*(x - o))) for x in np.linspace(a, b, 24))
            n += near < rad + DIMENSION_BAR and max(float(np.hypot(*(a - o))), float(np.hypot(*(b - o)))) > rad
        for key, other in self.dims.items():
            s, t = (self.px[k] + other for k in key)
            n += min(segment_distance(x, s, t) for x in np.linspace(a, b, 24)) < 2 * DIMENSION_BAR
        for c, reach in self.taken:
            n += segment_distance(c, a, b) < reach + DIMENSION_BAR
        room = off / max(float(np.hypot(*off)), 1e-9) * VALUE_ROOM * self.fpx  # (and its value in its break)
        n += 3 * any(not (0 <= v <= self.size) for v in (*(a + room), *(b + room)))
        return n

    def _lines_crossed(self, p: np.ndarray, r: np.ndarray, off: np.ndarray) -> int:
        """How many drawn lines (not along pr) the dimension line of pr at ``off`` or its extension lines (from p
        and r out to it) cross (a circle's arc may pass: it reads as no line of the figure's)."""
        a, b = self._others(p, r)
        if not len(a):
            return 0
        n = off / max(float(np.hypot(*off)), 1e-9)
        pieces = [(p + off, r + off), (p + DIMENSION_BAR * n, p + off), (r + DIMENSION_BAR * n, r + off)]
        return sum(int(_segments_cross(s, t, a, b).sum()) for s, t in pieces)

    def _clear_offset(self, p: np.ndarray, r: np.ndarray, off: np.ndarray) -> np.ndarray:
        """The nearest offset of pr's dimension line, on either side (``off``'s first), at which it and its
        extension lines cross no drawn line, it keeps a font from every point and it and its value stay on the
        canvas (``off`` where none does)."""
        d0 = float(np.hypot(*off))
        n = off / max(d0, 1e-9)
        far = max(float(np.max((self.pts - p) @ s)) for s in (n, -n)) if len(self.pts) else 0.0
        room = VALUE_ROOM * self.fpx
        nearer = [f * self.fpx for f in DIMENSION_NEAR if f * self.fpx < d0]  # (by a canvas edge: nearer its side
        # before beyond the figure, where it reads as another line's)
        for d in [d0, *nearer, *np.arange(d0 + 0.5 * self.fpx, d0 + far + 2 * self.fpx, 0.5 * self.fpx)]:
            for s in (n, -n):
                cand = d * s
                ends = (p + cand + s * room, r + cand + s * room)
                if all(0 <= v <= self.size for e in ends for v in e) and not self._lines_crossed(p, r, cand) \
                        and _to_segments(self.pts, (p + cand)[None], (r + cand)[None]).min() >= self.fpx \
                        and not self._near_dimensions(p, r, cand):
                    return cand  # (and a font clear of every point: its value sits by it)
        return off

    def _near_dimensions(self, p: np.ndarray, r: np.ndarray, off: np.ndarray) -> bool:
        """Does pr's dimension line at ``off``, or an extension line of it, come within a font of another
        dimension line (two read as one)?"""
        n = off / max(float(np.hypot(*off)), 1e-9)
        line = np.linspace(p + off, r + off, 24)
        ext = [np.linspace(e + DIMENSION_BAR * n, e + off, 24) for e in (p, r)]
        for key, other in self.dims.items():
            s, t = (self.px[k] + other for k in key)
            ends = [self.px[k] for k in key]
            # (a segment along pr's line: the two lines stacked STACK_FONTS apart, extension lines shared or
            # crossing; on one line two dimension lines ending at one point read as one, neither span clear:
            # review 9's AC = 14 and AG = 10, both from A; beyond DIMENSION_FAR the value goes by its side, named)
            along = _collinear(p, r, *ends)
            xs = line if along else np.concatenate([line, *ext])
            if _to_segments(xs, s[None], t[None]).min() < (STACK_FONTS if along else 1.0) * self.fpx:
                return True
            if along and _near_line(line, s, t, STACK_FONTS * self.fpx):
                return True
        return False

    def stacked(self, a: str, b: str, off: np.ndarray) -> bool:
        """Does ab's dimension line at ``off`` run along another segment's on the same line, under
        ``STACK_FONTS`` fonts from it (no room to stack them)?  Its value then goes by its side, named."""
        p, r = self.px[a], self.px[b]
        line = np.linspace(p + off, r + off, 24)
        for key, other in self.dims.items():
            if key == frozenset((a, b)):
                continue
            ends = [self.px[k] for k in key]
            if _collinear(p, r, *ends) and _near_line(line, *(e + other for e in ends), STACK_FONTS * self.fpx - 0.5):
                return True
        return False

    def _across(self, p: np.ndarray, r: np.ndarray) -> float:
        """The radius of a drawn circle that segment pr is a diameter of (0: none): its dimension line goes
        beyond the circle (inside it, review 3 read it as a chord)."""
        half = float(np.hypot(*(r - p))) / 2
        for o, rad in self.circles:
            if float(np.hypot(*((p + r) / 2 - o))) < 1.5 and abs(rad - half) < 1.5:
                return float(rad)
        return 0.0

    def astray(self, a: str, b: str, off: np.ndarray) -> bool:
        """Does ab's dimension line at ``off`` stand away from its side: over ``DIMENSION_FAR`` fonts off it (or
        off the circle it is a diameter of, or inside that), or
        an extension line along another drawn side from its end (review 8: AC's "8" 150 px off, its C end on
        side CB, read as starting at B)?  Its value then goes by the side, with its name."""
        d, across = float(np.hypot(*off)), self._across(self.px[a], self.px[b])
        if not across < d <= across + DIMENSION_FAR * self.fpx:  # (a diameter's beyond its circle: review 3)
            return True
        n = _unit(off)
        along = math.cos(math.radians(EXTENSION_ALONG))
        return any(float(w @ n) > along for e in (a, b) for w, _ in self.rays(self.px[e]))

    def dimension(self, a: str, b: str, bracketed: bool = False) -> tuple[np.ndarray, list[np.ndarray]]:
        """(offset, polylines) of segment ab's dimension line: parallel to it on the side away from the
        figure's middle, ``DIMENSION_FONTS`` font heights off, with a bar across each end; made once.
        ``bracketed``: an equal-length bracket goes between it and the side, so it sits beyond the bracket's
        tick and its value's half box (``bracketed_offset``)."""
        p, r = self.px[a], self.px[b]
        u = _unit(r - p)
        key = frozenset((a, b))
        first = key not in self.dims
        if first:
            normal = np.array([-u[1], u[0]])
            if float((self.middle - (p + r) / 2) @ normal) > 0:
                normal = -normal  # away from the figure's middle, unless the other side crosses less
            least = bracketed_offset(self.fpx) if bracketed else 0.0
            outer, inner = (max(DIMENSION_FONTS * self.fpx, least) * n for n in (normal, -normal))
            fars = [(f * self.fpx + self._across(p, r)) * normal for f in (DIMENSION_FONTS, *DIMENSION_NEAR)]
            far = next((f for f in fars if not self._crossed(p, r, f)), None) if self._across(p, r) else None
            if far is not None:  # a diameter's: beyond its circle, where that crosses nothing (nearer it where a
                self.dims[key] = far  # circle filling the canvas leaves no room: reader 28's 13, AD = 24 by DN)
            else:
                self.dims[key] = inner if self._crossed(p, r, inner) < self._crossed(p, r, outer) else outer
            if self._lines_crossed(p, r, self.dims[key]) or self._near_dimensions(p, r, self.dims[key]):
                # (inside the figure it reads as a line of it, by another dimension line as one with it: beyond
                # all the lines and clear of the other dimension lines, on extension lines)
                self.dims[key] = self._clear_offset(p, r, self.dims.pop(key))
        off = self.dims[key]
        d = float(np.hypot(*off))
        n = off / d
        # (each end's bar an extension line from its point, a gap off it, out past the line: a line whose ends
        # only were barred, a font and more off its side, read as starting at the point nearest an end, X by C for
        # CB's and L by E for LM's; a diameter's runs from the diameter's ends along the tangents there; one across
        # a bracket is broken there, ``broken_bar``)
        bars = [np.array([e + DIMENSION_BAR * n, e + (d + DIMENSION_BAR) * n]) for e in (p, r)]
        u = _unit(r - p)
        heads = [np.array([e + off + DIM_HEAD_LONG * w + 0.5 * DIM_HEAD_HALF * n, e + off,
                           e + off + DIM_HEAD_LONG * w - 0.5 * DIM_HEAD_HALF * n]) for e, w in ((p, u), (r, -u))]
        if first:
            for e in (p, r):
                self.take(e + off, DIMENSION_BAR)
        return off, [np.array([p + off, r + off]), *bars, *heads]


def broken_bar(bar: np.ndarray, lines) -> list[np.ndarray]:
    """A dimension line's extension line ``bar`` (two ends) broken ``BRACKET_CROSS_GAP`` px either side of where it
    crosses any of ``lines`` (polylines: an equal-length bracket between the side and its dimension line, whose
    stroke an unbroken extension line ran into)."""
    a, b = np.asarray(bar[0], float), np.asarray(bar[-1], float)
    length = float(np.hypot(*(b - a)))
    if length < 1e-9:
        return [bar]
    u = (b - a) / length
    cuts = []
    for ln in lines:
        ln = np.asarray(ln, float)
        for s, t in zip(ln, ln[1:]):
            d = t - s
            den = float(_cross(u, d))
            if abs(den) < 1e-12:
                continue
            at = float(_cross(s - a, d)) / den  # (along the bar)
            on = float(_cross(s - a, u)) / den  # (along the line's piece)
            if 0.0 <= at <= length and 0.0 <= on <= 1.0:
                cuts.append(at)
    if not cuts:
        return [bar]
    keep, lo = [], 0.0
    for c in sorted(cuts):
        if c - BRACKET_CROSS_GAP > lo + 1.0:
            keep.append(np.array([a + lo * u, a + (c - BRACKET_CROSS_GAP) * u]))
        lo = max(lo, c + BRACKET_CROSS_GAP)
    if lo < length - 1.0:
        keep.append(np.array([a + lo * u, b]))
    return keep


def unsplit_corner(m: Mark, layout: MarkLayout, asked: frozenset = frozenset()) -> Mark:
    """A right angle any of several corners shows (a rectangle's four): its mark at the first corner no drawn
    segment from the vertex splits (a square in a corner a diagonal splits reads as a part's right angle, and
    "∠BAD = 90°" in its arc said less than a square at a clear corner); where every one is split, the first with no
    other angle labelled at its vertex.
    A corner ``asked`` (its ``angle_key``) gets none: a square by its "?" answers it."""
    if m.kind != "right" or len(m.elements) < 2:
        return m
    px = layout.px
    drawn = [e for e in m.elements if all(n in px for n in e) and angle_key(e) not in asked]

    def splits(e: tuple[str, ...]) -> tuple[int, int]:
        """The rays that split the corner, then the angles labelled at its vertex (every corner split: its "90°"
        arc where no other angle's arc and value are crowded by it)."""
        a, v, b = (px[n] for n in e)
        arcs = sum(float(np.hypot(*(z - v))) < 1.0 for z, _ in layout.arc_zones)
        return rays_inside(layout.rays(v), _unit(a - v), _unit(b - v)), arcs

    corner = min(drawn, key=splits, default=m.elements[0])  # (min keeps the first of equals)
    return Mark(m.kind, (corner,), m.source, m.count)


def corner_crossings(m: Mark, layout: MarkLayout) -> int:
    """How many drawn rays cross right angle ``m``'s corner (0 for any other mark)."""
    if m.kind != "right" or not m.elements or len(m.elements[0]) != 3 or not all(n in layout.px for n in m.elements[0]):
        return 0
    a, v, b = (layout.px[n] for n in m.elements[0])
    return rays_inside(layout.rays(v), _unit(a - v), _unit(b - v))


def draw_mark(m: Mark, layout: MarkLayout) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """A mark's polylines (pixels, y up): the solid ones, then the dashed ones (a split segment's bracket
    goes to ``layout.brackets``)."""
    px = layout.px
    if not all(c in px for e in m.elements for c in e):
        return [], []
    if m.kind == "right":
        a, v, b = m.elements[0]
        return [_square(layout, px[v], px[a], px[b], v, (a, v, b), own=True)], []
    if m.kind == "right_lines":
        (a, b), (c, d) = m.elements
        common = [n for n in (a, b) if n in (c, d)]
        at = px[common[0]] if common else _meet(px[a], px[b], px[c], px[d])
        if at is None:
            return [], []
        ends = [max((a, b), key=lambda e: float(np.hypot(*(px[e] - at)))),
                max((c, d), key=lambda e: float(np.hypot(*(px[e] - at))))]
        angle = (ends[0], common[0], ends[1]) if common else None
        return [_square(layout, at, px[ends[0]], px[ends[1]], common[0] if common else None, angle)], []
    if m.kind == "dot":
        c = px[m.elements[0][0]]
        t = np.linspace(0, 2 * math.pi, 13)
        ring = np.column_stack([np.cos(t), np.sin(t)])
        return [c + r * ring for r in np.arange(TANGENT_DOT, 0.5, -1.2)], []
    if m.kind == "height":
        return _height(m, layout)
    if m.kind == "equal":
        return _ticks(m, layout), []
    if m.kind == "parallel":
        return _arrows(m, layout), []
    if m.kind == "equal_angle":
        return _arcs(m, layout), []
    if m.kind == "equal_arc":
        return _arc_ticks(m, layout), []
    return [], []


def _arc_ticks(m: Mark, layout: MarkLayout) -> list[np.ndarray]:
    """The group's ticks across each of its arcs (centre, then its ends counter-clockwise) at the arc's middle, as
    a textbook marks equal arcs; none where an end is not on a drawn circle about the centre."""
    px, out = layout.px, []
    for o, a, b in m.elements:
        r = float(np.hypot(*(px[a] - px[o])))
        if not any(float(np.hypot(*(c - px[o]))) < 0.5 and abs(rad - r) < 1.0 for c, rad in layout.circles):
            return []
        t0 = math.atan2(*(px[a] - px[o])[::-1])
        sweep = (math.atan2(*(px[b] - px[o])[::-1]) - t0) % (2 * math.pi)
        mid, step = t0 + sweep / 2, tick_step(m.count) / max(r, 1.0)  # (a side's tick spacing, along the arc)
        for i in range(m.count):
            tt = mid + (i - (m.count - 1) / 2) * step
            u = np.array([math.cos(tt), math.sin(tt)])
            out.append(np.array([px[o] + (r - TICK_HALF) * u, px[o] + (r + TICK_HALF) * u]))
    return out


def _square(layout: MarkLayout, v: np.ndarray, a: np.ndarray, b: np.ndarray, name: str | None,
            angle: tuple[str, str, str] | None = None, own: bool = False) -> np.ndarray:
    """The right-angle square at ``v`` between rays to ``a`` and ``b``: one per pair of lines meeting there,
    whatever quarter each stated right angle of the two lines takes (a height's foot, a right triangle's corner and
    a given angle of 90 there are one perpendicularity: two squares side by side read as one tall rectangle, reader
    41's 11, and a second one's "90°" arc as another mark); in the quarter of the two lines whose sides no other
    drawn ray runs near (review 2: a ray 10° inside one side made the square read as that ray's right angle)."""
    key = (round(float(v[0]), 1), round(float(v[1]), 1),
           frozenset(round(math.degrees(math.atan2(*(e - v)[::-1]))) % 180 for e in (a, b)))
    if key in layout.square_at:
        return layout.square_at[key]
    dashed = [(_unit(f - e), 1.0) for p, q in layout.heights for e, f in ((p, q), (q, p))
              if float(np.hypot(*(e - v))) < 1.0 and float(np.hypot(*(f - v))) > 1.0]  # (a dashed height cuts it too)
    a, b, clear, cut = _clear_quarter(layout, v, a, b, dashed, own)
    ua, ub = _unit(a - v), _unit(b - v)
    over = [sq for sq in layout.square_at.values() if len(sq) == 3 and float(np.hypot(*(sq[0] + sq[2] - sq[1] - v))) < 1
            and (rays_inside([(_unit(sq[0] - v), 1.0), (_unit(sq[2] - v), 1.0)], ua, ub)
                 or rays_inside([(ua, 1.0), (ub, 1.0)], _unit(sq[0] - v), _unit(sq[2] - v)))]
    if over and angle is not None:  # (two right angles at one vertex, each square crossed by the other's ray: which
        # angle each marks is unclear, review 9's 23; the second says "90°" in its arc)
        layout.crowded.append((f"two right angles at {name} overlap: each square is crossed by the other's ray",
                               angle))
    elif cut and angle is not None and _other_right_arm_inside(layout, v, ua, ub):  # (the ray through it an arm of
        # another stated right angle there: the two squares nest, each crossed by the other's arm, review 9's 23)
        layout.crowded.append((f"two right angles at {name} overlap: each square is crossed by the other's ray",
                               angle))
    elif cut and (clear := _clear_outside(layout, v, ua, ub)) < SQUARE_CLEAR or not cut and clear < SQUARE_CLEAR:
        # (a square crossed by a drawn ray from its vertex in every quarter its lines draw is still drawn, from arm
        # to arm, as a textbook draws it: the parts the ray cuts off carry their own arcs where they are given or
        # asked, outside it; "90°" in an arc said less, issue 38.  A ray outside hard by a side still makes it read
        # as that ray's right angle)
        layout.crowded.append((f"a right-angle square at {name or 'a crossing'} has another line {clear:.0f}° from "
                               f"its side (under {SQUARE_CLEAR:g}°)", angle))
    sq = layout.square_at[key] = _off_neighbours(apart_square(right_square(v, a, b, layout.fpx, cut),
                                                              layout.square_at.values()), layout.square_at.values())
    s = float(np.hypot(*(sq[0] - v)))
    layout.take(sq[1], 0.5 * s)
    if name is not None:
        layout.squares[name] = max(layout.squares.get(name, 0.0), s * math.sqrt(2))
    return sq


SQUARES_NEAR = 4.0  # px between two right-angle squares at different points (touching, they read as one rectangle)
SQUARE_SHRINK = 0.5  # a square shrinks to this share of its size at most to keep that gap; else it is kept


def _off_neighbours(sq: np.ndarray, others) -> np.ndarray:
    """Square ``sq`` (side end, corner, side end) shrunk about its vertex, where it comes within ``SQUARES_NEAR`` px
    of a square at another point (two squares at nearby points of one line, facing, read as one tall rectangle:
    reader 41's 11), as far as ``SQUARE_SHRINK`` of its size."""
    v = sq[0] + sq[2] - sq[1]
    near = [o for o in others if len(o) == 3 and float(np.hypot(*(o[0] + o[2] - o[1] - v))) >= 1.0]

    def gap(s: np.ndarray) -> float:
        pts = np.concatenate([np.linspace(a, b, 8) for a, b in zip(s, s[1:])])
        return min((float(_to_segments(pts, o[:-1], o[1:]).min()) for o in near), default=math.inf)

    if gap(sq) >= SQUARES_NEAR:
        return sq
    for k in np.linspace(0.9, SQUARE_SHRINK, 5):
        small = v + k * (sq - v)
        if gap(small) >= SQUARES_NEAR:
            return small
    return sq


def _other_right_arm_inside(layout: MarkLayout, v: np.ndarray, ua: np.ndarray, ub: np.ndarray) -> bool:
    """Does an arm of another stated right angle at ``v`` (``layout.stated``) run inside the right angle of ``ua``,
    ``ub``?"""
    own = _unit(ua + ub)
    for w, d in layout.stated:
        if float(np.hypot(*(w - v))) >= 1.0 or float(d @ own) > 0.999:
            continue
        n = np.array([-d[1], d[0]])
        arms = [(_unit(d + n), 1.0), (_unit(d - n), 1.0)]  # (its sides, 45° either side of its bisector)
        if rays_inside(arms, ua, ub):
            return True
    return False


def _clear_outside(layout: MarkLayout, v: np.ndarray, ua: np.ndarray, ub: np.ndarray) -> float:
    """How far (degrees) the drawn rays at ``v`` outside the right angle of ``ua``, ``ub`` keep from its sides
    (180: none; a ray along a side is that side)."""
    along = math.cos(math.radians(2.0))
    out = [w for w, _ in layout.rays(v) if float(w @ ua) < along and float(w @ ub) < along
           and not rays_inside([(w, 1.0)], ua, ub)]
    return min([math.degrees(math.acos(min(1.0, max(float(w @ ua), float(w @ ub))))) for w in out] or [180.0])


def _clear_quarter(layout: MarkLayout, v: np.ndarray, a: np.ndarray, b: np.ndarray, dashed: list,
                   own: bool = False) -> tuple[np.ndarray, np.ndarray, float, int]:
    """The ends (``a``, ``b``, or a drawn ray's end opposite either) of the quarter at ``v`` that no other drawn
    ray (``dashed``: dashed heights too) runs through and whose sides stay farthest (in angle) from every other
    drawn ray at ``v`` (the given quarter unless another is clearer), how far (degrees), and how many rays run
    through it (a square there is crossed: review 11 read it as the right angle of the part a ray cuts off).
    A stated right angle (``own``) never moves beside itself into another stated right angle's quarter: one
    square there shows one of the two nowhere (review 3: LPN and NPJ on one square)."""
    rays = layout.rays(v)
    ua, ub = _unit(a - v), _unit(b - v)

    def drawn(u):  # the end of a drawn ray along u, if there is one
        return next((v + length * w for w, length in rays if float(w @ u) > math.cos(math.radians(1.0))), None)

    def clearance(u, w) -> float:
        along = math.cos(math.radians(2.0))  # (a ray along a side is that side)
        others = [r for r, _ in rays if float(r @ u) < along and float(r @ w) < along]
        return min([math.degrees(math.acos(min(1.0, max(float(r @ u), float(r @ w))))) for r in others] or [180.0])

    def score(u, w) -> tuple:
        cut = rays_inside(rays + dashed, u, w)
        c = clearance(u, w)
        return (not cut and c >= SQUARE_CLEAR, not cut, c), cut

    best, cut = score(ua, ub)
    ends = (a, b)
    if best[0]:
        return (*ends, best[2], cut)
    for sa, sb in ((-1, 1), (1, -1), (-1, -1)):
        ea = a if sa > 0 else drawn(-ua)
        eb = b if sb > 0 else drawn(-ub)
        if ea is None or eb is None or own and sa != sb and any(
                float(np.hypot(*(w - v))) < 1.0 and float(_unit(sa * ua + sb * ub) @ d) > 0.99
                for w, d in layout.stated):
            continue
        here, n = score(sa * ua, sb * ub)
        if here[:2] > best[:2] or here[:2] == best[:2] and here[2] > best[2] + 1e-9:
            best, cut, ends = here, n, (ea, eb)
    return (*ends, best[2], cut)


def _height(m: Mark, layout: MarkLayout) -> tuple[list, list]:
    px = layout.px
    (a, d), (b, c) = m.elements
    far = (px[b] + px[c]) / 2 if np.allclose(px[d], px[b]) or np.allclose(px[d], px[c]) else \
        px[b] if float(np.hypot(*(px[b] - px[d]))) > 1 else px[c]
    out = [_square(layout, px[d], px[a], far, d)]
    solid = any(np.allclose(px[a], s) and np.allclose(px[d], t) or np.allclose(px[d], s) and np.allclose(px[a], t)
                for s, t in layout.segments)  # (a named height is a side: drawn solid)
    dashed = [] if solid else [np.array([px[a], px[d]])]
    u = px[c] - px[b]
    t = float((px[d] - px[b]) @ u) / max(float(u @ u), 1e-9)
    if t < 0:
        dashed.append(np.array([px[b], px[d]]))
    elif t > 1:
        dashed.append(np.array([px[c], px[d]]))
    return out, dashed


def _tick_row(c: np.ndarray, u: np.ndarray, count: int, half: float) -> list[np.ndarray]:
    n = np.array([-u[1], u[0]])
    step = tick_step(count)
    return [np.array([c + u * (i - (count - 1) / 2) * step - half * n,
                      c + u * (i - (count - 1) / 2) * step + half * n]) for i in range(count)]


def _ticks(m: Mark, layout: MarkLayout) -> list[np.ndarray]:
    """The group's ticks on each segment, across the segment itself, by its middle; where drawn points split
    it, across a bracket that spans the whole segment (a tick by the middle lies on one piece and read as
    the piece's; one on the side's dimension line read as the dimension's middle, or as nothing)."""
    out = []
    layout.keep_apart("tick", "arrow")
    reach = TICK_HALF + (m.count - 1) * tick_step(m.count) / 2
    halves = _halved(m, layout)
    if halves is not None:  # (each side halved by a drawn point: every half ticked alike, the textbook's way; no
        layout.halved[id(m)] = halves  # bracket across the lines at the points)
        for p, q in halves:
            c = layout.spot(layout.px[p], layout.px[q], reach, whole=True)
            out += _tick_row(c, _unit(layout.px[q] - layout.px[p]), m.count, TICK_HALF)
            layout.took("tick", c, reach)
        layout.apart = []
        return out
    for p, q in m.elements:
        u = _unit(layout.px[q] - layout.px[p])
        if layout.split(p, q):
            mid = layout.bracket(p, q, m)
            if mid is None:  # (every bracket crosses a drawn line: one broken where it crosses; else, a point
                mid = layout.bracket(p, q, m, gapped=True)  # halving it, its halves ticked (review 10), else the
            if mid is None:  # text alone. Halves ticked say the halves' equality, not the group's: reader 22's 13
                # read "DE = CE" as G the middle of DE)
                layout.unticked.add((id(m), (p, q)))
                _halves(m, layout, p, q)
                continue
            c = _clear_on_bracket(layout, p, q, mid, reach)
            out += _tick_row(c, u, m.count, TICK_HALF)
        else:
            c = layout.spot(layout.px[p], layout.px[q], reach, whole=True)
            out += _tick_row(c, u, m.count, TICK_HALF)
        layout.took("tick", c, reach)
    layout.apart = []
    return out


HALF_SHARE = 1e-4  # a point this near a side's middle (a share of the side) halves it


def _halved(m: Mark, layout: MarkLayout) -> tuple[tuple[str, str], ...] | None:
    """The halves of an equal group's sides where a drawn point halves every one of them (AB = DF, C the middle of
    AB and E of DF): ticked alike, AC = CB = DE = EF says AB = DF as a textbook draws it, where a bracket of a split
    side must cross the lines at its point.  None where any side is whole or split otherwise (a half ticked as a
    whole side would say half equals whole)."""
    out = []
    for p, q in m.elements:
        e = _halving_point(layout, p, q)
        if e is None:
            return None
        out += [(p, e), (e, q)]
    return tuple(out)


def _halving_point(layout: MarkLayout, p: str, q: str) -> str | None:
    """The drawn point that alone halves side pq, where no stated group ticks its halves already (a second row of
    ticks on them read as another equality: reader 15's 19); None otherwise."""
    cuts = layout.cuts(p, q) if layout.split(p, q) else []
    if len(cuts) != 1 or abs(cuts[0] - 0.5) > HALF_SHARE:
        return None
    mid = (layout.px[p] + layout.px[q]) / 2
    e = min(layout.px, key=lambda n: float(np.hypot(*(layout.px[n] - mid))))
    if any({tuple(sorted((p, e))), tuple(sorted((e, q)))} <= g for g in layout.equal_groups):
        return None
    return e


def _halves(m: Mark, layout: MarkLayout, p: str, q: str) -> None:
    """Where no bracket of side pq fits, broken or whole, and one drawn point halves pq, its halves ticked equal
    (a count of their own, true of the figure as drawn: the side's equality is left to the text); where no point
    halves it, nothing (a tick on a piece reads as the piece's)."""
    e = _halving_point(layout, p, q)
    if e is None:
        return
    count = layout.spare_count
    reach = TICK_HALF + (count - 1) * tick_step(count) / 2
    lines = []
    for s, t in ((p, e), (e, q)):
        c = layout.spot(layout.px[s], layout.px[t], reach, whole=True)
        lines += _tick_row(c, _unit(layout.px[t] - layout.px[s]), count, TICK_HALF)
        layout.take(c, reach)
    layout.halves.append((Mark("equal", ((p, e), (e, q)), f"{e} the middle of {p}{q} (drawn)", count), lines))


def _clear_on_bracket(layout: MarkLayout, p: str, q: str, mid: np.ndarray, reach: float) -> np.ndarray:
    """Where on segment pq's bracket (its middle ``mid``) the ticks go: the middle, or the spot nearest it in the
    middle half that keeps ``CLEAR`` px from the drawn lines crossing the bracket (review 3: a tick at the middle
    on line OD, hidden)."""
    a, b = layout._others(layout.px[p], layout.px[q])
    d = layout.px[q] - layout.px[p]
    # (and clear of the points inside pq, level with them on the bracket, and of right-angle squares: a tick
    # level with a point reads as a mark on it; review 5)
    level = [mid + (t - 0.5) * d for t in layout.cuts(p, q)]
    squares = [(s, t) for sq in layout.square_at.values() for s, t in zip(sq, sq[1:])]
    if not len(a) and not level and not squares:
        return mid
    shares = np.linspace(-0.25, 0.25, 21)
    cs = mid + shares[:, None] * d
    clear = np.full(len(cs), CLEAR)
    if len(a):
        clear = np.minimum(_to_segments(cs, a, b).min(axis=1) - reach, clear)
    if level:
        clear = np.minimum(_dist(cs, np.array(level)).min(axis=1) - reach, clear)
    if squares:
        sa, sb = (np.array([e[i] for e in squares]) for i in (0, 1))
        clear = np.minimum(_to_segments(cs, sa, sb).min(axis=1) - reach, clear)
    best = np.flatnonzero(clear >= clear.max() - 1e-9)
    return cs[best[np.argmin(np.abs(shares[best]))]]


def arrow_room(count: int) -> float:
    """px of a drawn piece that a group of ``count`` parallel arrows needs: the arrows, and ``CLEAR`` past a
    point's dot at each end."""
    return 2 * (ARROW_LONG + (count - 1) * ARROW_STEP / 2 + CLEAR + POINT_R)


def line_pieces(layout: MarkLayout, a: str, b: str) -> list[tuple[np.ndarray, np.ndarray]]:
    """The drawn pieces of line ab (each between two drawn points on it, along drawn segments of it) in the
    stretch of it drawn unbroken through ab's middle: a stated segment may be one piece of a longer side."""
    p, r = layout.px[a], layout.px[b]
    length = float(np.hypot(*(r - p)))
    if length < 1e-9:
        return [(p, r)]
    u = (r - p) / length
    spans = []
    for s, t in layout.segments:
        ts = [float((e - p) @ u) for e in (s, t)]
        if all(abs(float(u[0] * (e - p)[1] - u[1] * (e - p)[0])) < 0.5 for e in (s, t)):
            spans.append(sorted(ts))
    lo = hi = length / 2
    for _ in range(len(spans)):  # (the drawn stretch through the middle, grown span by span)
        grown = [(s, t) for s, t in spans if s <= hi + 0.5 and t >= lo - 0.5]
        lo2, hi2 = min([lo, *(s for s, _ in grown)]), max([hi, *(t for _, t in grown)])
        if (lo2, hi2) == (lo, hi):
            break
        lo, hi = lo2, hi2
    if hi - lo < length - 1.0:
        lo, hi = 0.0, length
    cuts = sorted({lo, hi, *(t for xy in layout.px.values()
                             if abs(float(u[0] * (xy - p)[1] - u[1] * (xy - p)[0])) < 0.5
                             and lo + 0.5 < (t := float((xy - p) @ u)) < hi - 0.5)})
    return [(p + s * u, p + t * u) for s, t in zip(cuts, cuts[1:])]


def arrow_piece(layout: MarkLayout, a: str, b: str, count: int) -> tuple[np.ndarray, np.ndarray]:
    """Where a parallel line's arrows go: the longest drawn piece of the stated segment ab itself (reader 32: the
    arrows of a parallelogram's side BC sat on the piece EO its line runs on to, read as EO's), else, where every
    piece of ab is too short to carry them, ab's whole drawn stretch (the spot keeps them clear of its points), not
    a piece of the line beyond ab (arrows on a piece the relation does not name read as that piece's); where ab
    itself has no room, the line's longest drawn piece, or its whole drawn stretch (a blind reader found arrows
    crammed on a 34 px piece, over a point)."""
    pieces = line_pieces(layout, a, b)
    room = arrow_room(count)
    p, r = layout.px[a], layout.px[b]
    within = [(s, t) for s, t in pieces if _between(s, p, r) and _between(t, p, r)]
    for choice in (within, pieces):
        if choice:
            s, t = max(choice, key=lambda st: float(np.hypot(*(st[1] - st[0]))))
            if float(np.hypot(*(t - s))) >= room:
                return s, t
            if choice is within and float(np.hypot(*(within[-1][1] - within[0][0]))) >= room:
                return within[0][0], within[-1][1]
    return pieces[0][0], pieces[-1][1]


def _between(x: np.ndarray, p: np.ndarray, r: np.ndarray) -> bool:
    """Does ``x`` (a point of line pr) lie on the segment pr, within half a pixel?"""
    u = r - p
    length = math.sqrt(float(u @ u))
    if length < 1e-9:
        return True
    t = float((x - p) @ u) / length
    return -0.5 <= t <= length + 0.5


def _arrows(m: Mark, layout: MarkLayout) -> list[np.ndarray]:
    out = []
    px = layout.px
    ref = _unit(px[m.elements[0][1]] - px[m.elements[0][0]])
    reach = ARROW_LONG + (m.count - 1) * ARROW_STEP / 2
    layout.keep_apart("arrow", "tick")
    for p, q in m.elements:
        u = _unit(px[q] - px[p])
        u = u if float(u @ ref) >= 0 else -u
        n = np.array([-u[1], u[0]])
        s, t = arrow_piece(layout, p, q, m.count)
        mid = _mid_way(layout, s, t, reach, _off_arcs(layout, s, t, reach, whole=True))
        for i in range(m.count):
            tip = mid + u * (ARROW_LONG / 2 + (i - (m.count - 1) / 2) * ARROW_STEP)
            out.append(np.array([tip - ARROW_LONG * u + ARROW_HALF * n, tip, tip - ARROW_LONG * u - ARROW_HALF * n]))
        layout.took("arrow", mid, reach)
    layout.apart = []
    return out


MID_WAY = 0.25  # a share of its piece: a parallel's arrows within this of the piece's middle sit mid-way on it


def _mid_way(layout: MarkLayout, p: np.ndarray, r: np.ndarray, reach: float, at: np.ndarray) -> np.ndarray:
    """A parallel's arrows mid-way on their piece pr: ``at`` where it is within ``MID_WAY`` of the middle, else the
    spot there that keeps clearest (up to ``CLEAR``) and nearest the middle, where one touches nothing (arrows pushed
    by an end of the piece read as marking the short piece by that end, or the point there)."""
    u = r - p
    n2 = float(u @ u)
    if n2 < 1e-9 or abs(float((at - p) @ u) / n2 - 0.5) <= MID_WAY:
        return at
    shares = _SPOT_SHARES[np.abs(_SPOT_SHARES - 0.5) <= MID_WAY]
    clear = np.minimum(layout.clearances(p + shares[:, None] * u, reach, p, r), CLEAR)
    if clear.max() < 0:
        return at
    best = np.flatnonzero(clear >= clear.max() - 1e-9)
    return p + u * shares[best[np.argmin(np.abs(shares[best] - 0.5))]]


def _off_arcs(layout: MarkLayout, p: np.ndarray, r: np.ndarray, reach: float, whole: bool = False) -> np.ndarray:
    """Where on pr a mark of ``reach`` px goes: its usual spot, or one off the angle arcs to come
    (``MarkLayout.arc_zones``) where that keeps as clear of everything else (review 8 read a 13 px arc and
    the double arrowheads on its ray as one mark)."""
    usual = layout.spot(p, r, reach, whole)
    if not layout.arc_zones:
        return usual
    taken = layout.taken
    layout.taken = taken + layout.arc_zones
    try:
        off = layout.spot(p, r, reach, whole)
    finally:
        layout.taken = taken
    keep = min(CLEAR, float(layout.clearances(usual[None], reach, p, r)[0]))
    return off if float(layout.clearances(off[None], reach, p, r)[0]) >= keep - 1e-9 else usual


EQUAL_ARC_FONTS = 1.2  # an equal-angle arc's radius (font heights): a textbook's, never two little "x"s (review 14's
EQUAL_ARC_SHARE = 0.45  # 20: 10 px arcs with one tick each), up to this share of the shorter side
TICK_FONTS = 0.35  # an equal-angle tick's reach either side of its arc (font heights)
ARC_TICKS = 2.2  # an equal-angle arc at least this many of its ticks long: no longer than a tick, arc and tick read
# as "+" or "×" (reader 16: an exterior angle's bisected halves, 12 px arcs under 11 px ticks)
ARC_TICKS_EACH = 0.8  # and this many more for each tick past the first (reader 42's 02, FormalGeo 6854: a 24 px
# arc under two 12 px ticks read as a segment's double tick, "‖", not as an angle's arc)
ARC_ROOM_SHARE = 0.45  # a narrow angle's arc grows out to this share of its shorter side for that length
ARC_ROOM_TICKED = 0.6  # and, with two ticks or more, to this share (short and flat, it reads as a segment's ticks)
TICK_FLOOR_FONTS = 0.25  # and where it cannot, its ticks shrink, to this reach at least (half a font across)


def _arcs(m: Mark, layout: MarkLayout) -> list[np.ndarray]:
    """Each angle's arc with the group's ticks across it, beyond a right-angle square at its vertex."""
    px, fpx = layout.px, layout.fpx
    out = []
    for a, v, b in m.elements:
        ta = math.atan2(*(px[a] - px[v])[::-1])
        tb = math.atan2(*(px[b] - px[v])[::-1])
        sweep = (tb - ta) % (2 * math.pi)
        if sweep > math.pi:
            ta, sweep = tb, 2 * math.pi - sweep
        short = min(float(np.hypot(*(px[a] - px[v]))), float(np.hypot(*(px[b] - px[v]))))
        tick = TICK_FONTS * fpx
        # (an arc ends ARC_GAP px short of a ray it shares with another arc of the group at its vertex: joined,
        # the two read as one arc over the whole angle, review 9's 51)
        shared = [e for e in (a, b) for c, w, d in m.elements if w == v and {c, d} != {a, b} and e in (c, d)]
        ends = len(set(shared) & {a, b})
        long = ARC_TICKS + ARC_TICKS_EACH * (m.count - 1)  # (the arc's length in ticks: longer for more of them)
        r0 = max(9.0, min(EQUAL_ARC_FONTS * fpx, EQUAL_ARC_SHARE * short), layout.squares.get(v, 0.0) + ARC_BEYOND,
                 min(0.35 * short, ARC_LONG / max(sweep, 1e-3)),  # (a narrow angle's arc long enough to see)
                 min((ARC_ROOM_SHARE if m.count < 2 else ARC_ROOM_TICKED) * short,
                     (long * 2 * tick + ends * ARC_GAP) / max(sweep, 1e-3)))
        gap = min(ARC_GAP / r0, 0.25 * sweep)
        tick = min(tick, max(TICK_FLOOR_FONTS * fpx, r0 * (sweep - ends * gap) / (2 * long)))
        t0 = ta + (gap if (a if _ccw_first(px, a, v, b, ta) else b) in shared else 0.0)
        t1 = ta + sweep - (gap if (b if _ccw_first(px, a, v, b, ta) else a) in shared else 0.0)
        t = t0 + (t1 - t0) * np.linspace(0, 1, max(4, int(math.degrees(t1 - t0) / 4)) + 1)
        out.append(np.column_stack([px[v][0] + r0 * np.cos(t), px[v][1] + r0 * np.sin(t)]))
        mid = ta + sweep / 2  # the group's count of ticks across the arc (adjacent equal angles read apart)
        out += arc_ticks(px[v], ta, sweep, r0, m.count, tick, tick)
        layout.take(px[v] + r0 * np.array([math.cos(mid), math.sin(mid)]), 5.0)
    return out


def _ccw_first(px: dict, a: str, v: str, b: str, t0: float) -> bool:
    """Does the arc of angle avb drawn from direction ``t0`` start at ray va (else at vb)?"""
    ta = math.atan2(*(px[a] - px[v])[::-1])
    return abs((ta - t0 + math.pi) % (2 * math.pi) - math.pi) < 1e-9


def arc_ticks(v: np.ndarray, t0: float, sweep: float, r: float, count: int, inside: float = 4.5,
              outside: float = 4.5) -> list[np.ndarray]:
    """``count`` ticks across the arc of radius ``r`` about ``v`` (from direction ``t0`` through ``sweep``), by
    its middle, reaching ``inside`` px in and ``outside`` px out: an equal-angle group's mark."""
    mid = t0 + sweep / 2
    out = []
    for i in range(count):
        tt = mid + (i - (count - 1) / 2) * min(0.12, sweep / (count + 1))
        u = np.array([math.cos(tt), math.sin(tt)])
        out.append(np.array([v + (r - inside) * u, v + (r + outside) * u]))
    return out


MIN_TRIANGLE = 60.0  # px²: a smaller triangle of drawn lines is no region a label can read as


def drawn_triangles(scene: Scene, px: dict) -> list:
    """The triangles (shapely polygons, pixels) whose three sides lie along drawn segments."""
    from shapely import union_all
    from shapely.geometry import LineString, Polygon

    names = sorted(n for n in px if any(n in s for s in scene.segments))
    if len(names) < 3:
        return []
    drawn = union_all([LineString([px[a], px[b]]) for a, b in scene.segments if a in px and b in px]).buffer(1.0)
    along = {(a, b): LineString([px[a], px[b]]).difference(drawn).length < 2.0
             for i, a in enumerate(names) for b in names[i + 1:]}
    out = []
    for i, a in enumerate(names):
        for j, b in enumerate(names[i + 1:], i + 1):
            if not along[(a, b)]:
                continue
            for c in names[j + 1:]:
                if along[(a, c)] and along[(b, c)]:
                    tri = Polygon([px[a], px[b], px[c]])
                    if tri.area >= MIN_TRIANGLE:
                        out.append(tri)
    return out
