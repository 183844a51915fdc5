"""Placing text where it collides with nothing: a greedy placer over candidate boxes.

Strokes and marks are rasterised once into a coarse occupancy grid whose
summed-area table answers "how many occupied cells under this box" for all
candidates of a label in one numpy expression; placed labels are kept as an
array of boxes and tested by broadcasting.  A label's own rule (``accept``: where
a reader attaches it to its element, see ``attribution``; point labels also stay
outside the figure) and its leader line are tested only on the candidates that
are otherwise free.  Each label offers its candidates in order of preference;
the first free one that obeys its rule wins, else the one with the fewest
conflicts (the drawing's ``misread`` and the raster check then report it).
A rule with a one-box test (``accept.one``: the same tests in plain floats) is asked of
the first free candidates one by one, since one of the first few usually passes and the
vectorised rule costs its numpy calls whatever the number of boxes.

Label centres are snapped to whole pixels, so a label's glyph bitmap is the
same wherever it lands and the renderer can cache it (see ``draw``).
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import numpy as np
import shapely

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in pixels (y up)

CELL = 2.0
FIRST = 48  # candidates scored before the rest (see Placer.place)
OFF_CANVAS = 100000
ON_SOMETHING = 1000
MISREAD = 100
LABEL_GAP = 4.0  # px between two labels' boxes at least: closer, a reader takes them for one ("5" by "= 23")
# side by side on one line, a gap of a few px still reads as a space ("β area = 2", "perimeter = 24 c"):
# there two labels keep this many label heights apart (issue 24: 0.9 let "9" by "arc = 11" read "arc = 119")
SAME_LINE_FONTS = 1.5


@dataclass
class Placed:
    text: str
    x: float
    y: float
    w: float
    h: float
    role: str
    conflicts: int = 0
    font_size: float | None = None  # points; None: the renderer's own size
    leader: np.ndarray | None = None  # 2×2: a thin line from the element to a label set far off
    element: str = ""  # what the label shows, in the problem language ("AB", "angle ABC", "point A")
    colour: tuple[float, float, float] | None = None  # its text's, as painted (render.draw: legible on its ground)

    @property
    def box(self) -> Box:
        return (self.x - self.w / 2, self.y - self.h / 2, self.x + self.w / 2, self.y + self.h / 2)


class Occupancy:
    """A coarse boolean grid of what is already drawn (strokes, marks)."""

    def __init__(self, size: int):
        self.size = size
        self.n = int(math.ceil(size / CELL)) + 1
        self.grid = np.zeros((self.n, self.n), dtype=bool)
        self._sat: np.ndarray | None = None
        self.version = 0  # bumped by every change (what was counted before is then stale)

    def mark_polylines(self, lines: list[np.ndarray], radius: float) -> None:
        """Every cell within ``radius`` pixels of a polyline (sampled every half cell)."""
        segs = [np.asarray(line, dtype=float) for line in lines if len(line) >= 2]
        if not segs:
            return
        ix, iy = _sample_cells(segs, self.n)
        r = int(math.ceil(radius / CELL))
        # only the window round the lines (grown by r cells) can change: dilate there
        x0, x1 = max(int(ix.min()) - r, 0), min(int(ix.max()) + r + 1, self.n)
        y0, y1 = max(int(iy.min()) - r, 0), min(int(iy.max()) + r + 1, self.n)
        hit = np.zeros((y1 - y0, x1 - x0), dtype=bool)
        hit[iy - y0, ix - x0] = True
        window = self.grid[y0:y1, x0:x1]
        grown = _dilate_disc(hit, r)
        if self._sat is None:  # (no table yet: the cells newly set are not needed)
            window |= grown
        else:
            new = grown & ~window
            window |= new
            _add_to_sat(self._sat, new, x0, y0)
        self.version += 1

    def mark_box(self, box: tuple[float, float, float, float]) -> None:
        """Every cell a pixel box touches (a note written on the figure: no label may cover it)."""
        x0, y0, x1, y1 = (int(math.floor(v / CELL)) for v in box)
        x0, y0 = max(x0, 0), max(y0, 0)
        x1, y1 = min(x1 + 1, self.n), min(y1 + 1, self.n)
        if x1 <= x0 or y1 <= y0:
            return
        self.grid[y0:y1, x0:x1] = True
        self._sat = None
        self.version += 1

    def counts(self, boxes: np.ndarray) -> np.ndarray:
        """How many occupied cells each row of a k×4 box array covers, all at once (summed-area table)."""
        if self._sat is None:
            self._sat = _sat_transposed(self.grid)
        cells = boxes / CELL  # clipped by plain ufuncs: ndarray.clip's checks cost more than the work
        lo = np.minimum(np.maximum(np.floor(cells[:, :2]).astype(np.intp), 0), self.n)
        hi = np.maximum(np.minimum(np.maximum(np.ceil(cells[:, 2:]).astype(np.intp), 0), self.n), lo)
        c0, r0, c1, r1 = lo[:, 0], lo[:, 1], hi[:, 0], hi[:, 1]
        # the table indexed [column, row], read flat (the same integers, at half the cost of 2-d indexing)
        flat, n = self._sat.reshape(-1), self._sat.shape[1]
        i0, i1 = c0 * n, c1 * n
        return flat[i1 + r1] - flat[i1 + r0] - flat[i0 + r1] + flat[i0 + r0]


def _sample_cells(segs: list[np.ndarray], n: int) -> tuple[np.ndarray, np.ndarray]:
    """The cells (columns, rows; clipped to an n×n grid) of points every half cell along the polylines.

    Why ``np.repeat`` rows rather than gathering ``a[seg]``: the same floats, at a third of the
    cost (fancy indexing of k×2 rows is slow for a few thousand points)."""
    a = np.concatenate([s[:-1] for s in segs])
    d = np.concatenate([s[1:] for s in segs]) - a
    steps = np.maximum(1, (np.hypot(d[:, 0], d[:, 1]) / (CELL / 2)).astype(np.intp))
    k = steps + 1  # points per piece, both ends included
    ends = np.cumsum(k)
    t = (np.arange(ends[-1]) - np.repeat(ends - k, k)) / np.repeat(steps, k)
    pts = (np.repeat(a, k, axis=0) + np.repeat(d, k, axis=0) * t[:, None]) / CELL
    cells = np.minimum(np.maximum(np.floor(pts).astype(np.intp), 0), n - 1)
    return cells[:, 0], cells[:, 1]


def _sat_transposed(grid: np.ndarray) -> np.ndarray:
    """The summed-area table of ``grid``, TRANSPOSED and padded by a zero row and column:
    ``sat[x, y]`` counts the cells of ``grid[:y, :x]``.

    FAST PATH (the plain version is ``_sat_transposed_plain``; ``tests/test_render_occupancy.py`` holds them
    equal): numpy sums down axis 0 one element at a time, so four neighbouring columns ride in one
    64-bit word as 16-bit counts, and each add sums four of them (SWAR).  A word's add carries from
    one count into the next only past 65,535, and no count gets there while the grid has at most
    65,535 cells set (the table's largest entry is that number; checked, else the plain sums).  The
    grid is summed down its columns, the counts transposed (one copy), then summed down the table's
    axis 0 (the grid's rows): 174 against 284 us a table, timed in place during compose."""
    ny, nx = grid.shape
    w, h = -(-nx // _LANES) * _LANES, -(-ny // _LANES) * _LANES  # (whole words)
    down = np.zeros((ny, w), dtype=np.uint16)  # [y, x]: grid[:y + 1, x]'s count
    down[:, :nx] = grid
    words = down.view(np.uint64)
    np.add.accumulate(words, axis=0, out=words)
    if int(down[-1].sum()) > 0xFFFF:
        return _sat_transposed_plain(grid)
    across = np.zeros((nx, h), dtype=np.uint16)  # [x, y]: then grid[:y + 1, :x + 1]'s
    across[:, :ny] = down[:, :nx].T
    words = across.view(np.uint64)
    np.add.accumulate(words, axis=0, out=words)
    sat = np.zeros((nx + 1, ny + 1), dtype=np.int32)
    sat[1:, 1:] = across[:, :ny]
    return sat


_LANES = 4  # 16-bit counts in a 64-bit word (``_sat_transposed``)


def _sat_transposed_plain(grid: np.ndarray) -> np.ndarray:
    """``_sat_transposed`` by plain 32-bit sums: the grid summed down its columns straight into the
    table's transpose, and the table then summed down its axis 0 (both along axis 0, where numpy adds
    whole rows at a time)."""
    ny, nx = grid.shape
    sat = np.zeros((nx + 1, ny + 1), dtype=np.int32)
    inner = sat[1:, 1:]
    np.cumsum(grid, axis=0, dtype=np.int32, out=inner.T)
    np.cumsum(inner, axis=0, out=inner)
    return sat


def _add_to_sat(sat: np.ndarray, new: np.ndarray, x0: int, y0: int) -> None:
    """Update a transposed summed-area table (see ``_sat_transposed``) for the cells ``new``
    (a window of the grid at column ``x0``, row ``y0``) newly set.

    Why: a leader line marks a small window; the table of the window's own new cells, carried
    to the rest of the table by broadcasting, is exact and costs a fraction of a rebuild."""
    if not new.any():
        return
    h, w = new.shape
    part = _sat_transposed(new)[1:, 1:]  # [x, y] within the window
    sat[x0 + 1: x0 + w + 1, y0 + 1: y0 + h + 1] += part
    sat[x0 + w + 1:, y0 + 1: y0 + h + 1] += part[-1]
    sat[x0 + 1: x0 + w + 1, y0 + h + 1:] += part[:, -1:]
    sat[x0 + w + 1:, y0 + h + 1:] += part[-1, -1]


def _dilate_disc(hit: np.ndarray, r: int) -> np.ndarray:
    """``hit`` grown by the disc of offsets dx² + dy² <= (r + 0.5)², without wrapping round.

    Why: the disc is a stack of rows, row dy spanning |dx| <= m(dy); growing ``hit`` along x
    by each span once, then moving those along y, takes 4r shifted ORs instead of one per offset
    (~20 for r = 2), and sets exactly the same cells."""
    spans = [max(dx for dx in range(r + 1) if dx * dx + dy * dy <= (r + 0.5) ** 2) for dy in range(-r, r + 1)]
    along_x = [hit]  # along_x[m]: hit grown by |dx| <= m
    for m in range(1, max(spans) + 1):
        grown = along_x[-1].copy()
        _or_shifted(grown, hit, m, 0)
        _or_shifted(grown, hit, -m, 0)
        along_x.append(grown)
    out = along_x[spans[r]].copy()
    for dy, m in zip(range(-r, r + 1), spans):
        if dy:
            _or_shifted(out, along_x[m], 0, dy)
    return out


def _or_shifted(out: np.ndarray, src: np.ndarray, dx: int, dy: int) -> None:
    """``out |= src`` moved by (dx, dy) cells, without wrapping round."""
    ny, nx = src.shape
    xs, xd = (slice(0, nx - dx), slice(dx, nx)) if dx >= 0 else (slice(-dx, nx), slice(0, nx + dx))
    ys, yd = (slice(0, ny - dy), slice(dy, ny)) if dy >= 0 else (slice(-dy, ny), slice(0, ny + dy))
    out[yd, xd] |= src[ys, xs]


def offset_centres(anchor, directions, gaps, w: float, h: float) -> np.ndarray:
    """Centres of w×h boxes whose nearest edge is ``gap`` from ``anchor`` along ``direction`` (radians),
    for every (gap, direction) pair, gap-major: a k×2 array.

    ``anchor`` is one point or one point per direction (an n×2 array)."""
    d = np.asarray(directions, dtype=float).ravel()
    g = np.asarray(gaps, dtype=float).ravel()
    a = np.asarray(anchor, dtype=float).reshape(-1, 2)
    return _offset(a[:, 0], a[:, 1], d, g[:, None], w, h).reshape(-1, 2)


def offset_centres_many(anchors: np.ndarray, directions: np.ndarray, gaps, w: np.ndarray,
                        h: np.ndarray) -> np.ndarray:
    """``offset_centres`` for m labels at once: label i's box is w[i]×h[i], at ``anchors[i]``, along
    ``directions[i]`` (m×k), for the same gaps; m×(gaps·k)×2, each row what ``offset_centres``
    gives that label (the same floats: the same element-wise operations, broadcast).

    Why: the first stage of the point labels asks this of every point, twice; one call costs
    what one of those ~20 small-array calls did."""
    g = np.asarray(gaps, dtype=float).ravel()
    ax, ay = (anchors[:, i, None, None] for i in (0, 1))
    out = _offset(ax, ay, directions[:, None, :], g[None, :, None], w[:, None, None], h[:, None, None])
    return out.reshape(len(anchors), len(g) * directions.shape[1], 2)


def _offset(ax, ay, d: np.ndarray, g: np.ndarray, w, h) -> np.ndarray:
    """The centres ``anchor + (gap + reach) * (cos d, sin d)``, broadcast over their arguments (w, h
    and the anchor no larger than d, the gaps on their own axis), stacked on a last axis of 2;
    reach: from a w×h box's centre to its edge along d."""
    c, s = np.cos(d), np.sin(d)
    ac, as_ = np.abs(c), np.abs(s)
    tx = np.full(d.shape, np.inf)
    ty = np.full(d.shape, np.inf)
    np.divide(w / 2, ac, out=tx, where=ac > 1e-9)
    np.divide(h / 2, as_, out=ty, where=as_ > 1e-9)
    reach = g + np.minimum(tx, ty)
    out = np.empty((*reach.shape, 2))
    np.add(ax, reach * c, out=out[..., 0])
    np.add(ay, reach * s, out=out[..., 1])
    return out


class Placer:
    """Greedy placement against the occupancy grid, the placed labels and, for point labels, the shapes."""

    def __init__(self, size: int, occupancy: Occupancy, margin: float = 1.0):
        self.size = size
        self.occ = occupancy
        self.margin = margin
        self.placed: list[Placed] = []
        self._rows: list[tuple[float, float, float, float]] = []  # placed boxes, grown by their pad
        self._array: np.ndarray | None = None  # the same as an array, made when a broadcast asks (see _boxes)

    @property
    def _boxes(self) -> np.ndarray:
        """The placed boxes (grown) as a k×4 array, made once per change from ``_rows`` (the same floats):
        a label committed costs no array copy unless a broadcast test reads the boxes before the next."""
        if self._array is None:
            self._array = np.array(self._rows, dtype=float).reshape(-1, 4)
        return self._array

    def costs(self, boxes: np.ndarray) -> np.ndarray:
        """Off the canvas, on a stroke or on a placed label (the raster check's rules but one)."""
        off = self._off_canvas(boxes)
        hits = self.occ.counts(boxes)
        if self._rows:
            hits = hits + 50 * self.overlaps(boxes)
        return OFF_CANVAS * off + np.where(hits > 0, ON_SOMETHING + hits, 0)

    def free(self, boxes: np.ndarray) -> np.ndarray:
        """``costs(boxes) == 0`` (on the canvas, on no stroke, on no placed label), for the callers that
        need no more: the same tests without the sums that weigh a conflict (a test holds the two equal)."""
        ok = ~self._off_canvas(boxes)
        ok &= self.occ.counts(boxes) == 0
        if self._rows:
            ok &= self.overlaps(boxes) == 0
        return ok

    def _off_canvas(self, boxes: np.ndarray) -> np.ndarray:
        """Which boxes reach within ``margin`` of the canvas's edge, or past it."""
        m = self.margin
        return (boxes[:, 0] < m) | (boxes[:, 1] < m) | (boxes[:, 2] > self.size - m) | (boxes[:, 3] > self.size - m)

    def overlaps(self, boxes: np.ndarray) -> np.ndarray:
        """How many placed labels (grown by their pad) each box overlaps."""
        p = self._boxes
        return ((boxes[:, None, 0] < p[None, :, 2]) & (boxes[:, None, 2] > p[None, :, 0])
                & (boxes[:, None, 1] < p[None, :, 3]) & (boxes[:, None, 3] > p[None, :, 1])).sum(axis=1)

    def overlaps_any(self, box) -> bool:
        """``overlaps(box) > 0`` for one box (x0, y0, x1, y1 in plain floats): a loop over the few placed
        labels costs a fraction of the broadcast's numpy calls."""
        x0, y0, x1, y1 = box
        return any(x0 < p2 and x1 > p0 and y0 < p3 and y1 > p1 for p0, p1, p2, p3 in self._rows)

    def place(self, text: str, w: float, h: float, centres, role: str,
              accept: Callable[[np.ndarray, np.ndarray | None], np.ndarray] | None = None, pad: float = LABEL_GAP,
              font_size: float | None = None, commit: bool = True, leader_from: tuple[float, float] | None = None,
              leader_crosses_strokes: bool = False, defer: bool = False) -> Placed | Callable[[], Placed]:
        """``accept``: which candidate boxes (with their leaders) the label may take at all (the
        attribution rule; point labels also stay outside the figure), tested lazily on the
        otherwise free candidates.  ``leader_from``: the label is far from its element, so a leader
        line joins them, and the line too must cross no label, nor a stroke unless
        ``leader_crosses_strokes`` (a shape's label points into its shape).

        ``commit=False`` only scores: the caller may try other sizes first (see :meth:`commit`).
        ``defer`` (with ``commit=False``): where no candidate is clean, a function that finds the least bad
        one when called (before any other label is committed), for a caller that may not need it."""
        arr, boxes = snapped_boxes(centres, w, h)
        leaders = clear = None
        if leader_from is not None:
            anchor = np.asarray(leader_from, dtype=float)
            leaders = _leaders(anchor, boxes)

            def clear(idx: np.ndarray) -> np.ndarray:
                return ~self._leader_blocked(leaders[idx], anchor, not leader_crosses_strokes)
        pre = getattr(accept, "pre", None)
        if leaders is not None and self._covers(leader_from):  # every leader starts on a placed label
            best, cost = None, None
        elif pre is not None:  # the rule's cheap necessary tests first, on every candidate at once: only those
            # that pass them are scored (the first clean one in order is the same; see ``_first_clean``)
            best = _first_clean(self, boxes, leaders, accept, clear, np.flatnonzero(pre(boxes, leaders)))
            cost = None
        else:
            # the preferred candidates are scored first: most labels find their spot there
            cost = np.empty(len(boxes), dtype=np.int64)
            best = None
            for lo, hi in ((0, min(FIRST, len(boxes))), (FIRST, len(boxes))):
                if lo >= hi:
                    continue
                cost[lo:hi] = self.costs(boxes[lo:hi])
                best = _first_free(cost[lo:hi], boxes, leaders, accept, clear, offset=lo)
                if best is not None:
                    break
        def make(best: int | None, cost: np.ndarray | None) -> Placed:
            if best is None:  # nothing clean: the least bad (free candidates here all broke the rule or
                # crossed something with their leader)
                if cost is None:
                    cost = self.costs(boxes)
                if accept is not None or leaders is not None:
                    cost = cost + MISREAD * (cost == 0)
                if leaders is not None and self._rows:  # (least bad even so: a leader through another label's
                    # text is on it, review 14's 08: the ∠MNQ leader across "∠PNQ"; the caller moves it)
                    cost = cost + ON_SOMETHING * _on_boxes(_samples(leaders), self._boxes)
                best = int(np.argmin(cost))
                conflicts = int(cost[best])
            else:
                conflicts = 0
            x, y = arr[best]
            return Placed(text, float(x), float(y), w, h, role, conflicts, font_size,
                          None if leaders is None else leaders[best])
        if best is None and defer and not commit:
            return partial(make, None, cost)
        placed = make(best, cost)
        if commit:
            self.commit(placed, pad)
        return placed

    def _covers(self, anchor) -> bool:
        """Does a placed label (grown by its pad) hold every point within ``LEADER_START`` of ``anchor``?

        Why: every leader from ``anchor`` starts there (``_leaders``: at most LEADER_START along it; the
        0.01 px covers the rounding), and its first sample is its start, so none is clear: the search for
        a clean one is skipped (a shape's second label, when its first sits on the shape's centre)."""
        x, y = float(anchor[0]), float(anchor[1])
        r = LEADER_START + 0.01
        return any(p0 <= x - r and x + r <= p2 and p1 <= y - r and y + r <= p3 for p0, p1, p2, p3 in self._rows)

    def _leader_blocked(self, leaders: np.ndarray, anchor: np.ndarray, strokes: bool) -> np.ndarray:
        """Whether each leader (k×2×2) runs over a stroke or a placed label (sampled every 2 px or so;
        strokes are not looked for next to the anchor, where the element's own strokes are)."""
        pts = _samples(leaders)
        blocked = np.zeros(len(leaders), dtype=bool)
        if strokes:
            cells = np.minimum(np.maximum(np.floor(pts / CELL).astype(np.intp), 0), self.occ.n - 1)  # (see counts)
            away = np.hypot(pts[..., 0] - anchor[0], pts[..., 1] - anchor[1]) > LEADER_CLEAR
            blocked |= (self.occ.grid[cells[..., 1], cells[..., 0]] & away).any(axis=1)
        if self._rows:
            rows = np.flatnonzero(~blocked)
            blocked[rows] = _on_boxes(pts[rows], self._boxes)
        return blocked

    def commit(self, placed: Placed, pad: float = LABEL_GAP) -> None:
        """Keep ``placed``; later labels keep ``pad`` px off it, and ``SAME_LINE_FONTS`` of its height
        beside it (a box that overlaps it in height shares its line)."""
        b = placed.box
        side = max(pad, SAME_LINE_FONTS * placed.h)
        row = (b[0] - side, b[1] - pad, b[2] + side, b[3] + pad)
        self._rows.append(row)
        self._array = None
        self.placed.append(placed)

    def undo(self) -> None:
        """Take back the last placement (to retry it under other rules)."""
        self._rows.pop()
        self._array = None
        self.placed.pop()


def snapped_boxes(centres, w, h) -> tuple[np.ndarray, np.ndarray]:
    """Candidate centres snapped to whole pixels (k×2) and their w×h boxes (k×4); ``w`` and ``h`` are
    numbers, or one per candidate (k arrays).  (Built as centre ∓ half size in two array operations:
    the same floats as column by column, at less cost.)"""
    arr = np.rint(np.asarray(centres, dtype=float).reshape(-1, 2))
    half = np.column_stack([np.divide(w, 2), np.divide(h, 2)]) if np.ndim(w) else np.array([w / 2, h / 2])
    return arr, np.concatenate([arr - half, arr + half], axis=1)


LEADER_START = 4.0  # pixels clear of the element at the leader's near end
LEADER_END = 2.0  # and of the label's box at the far end
LEADER_CLEAR = 8.0  # the element's own strokes may be this near the anchor
_LEADER_T = np.linspace(0.0, 1.0, 32)[None, :, None]  # where a leader is sampled (made once)


def _samples(leaders: np.ndarray) -> np.ndarray:
    """Points along each leader (k×2×2 -> k×32×2)."""
    return leaders[:, 0, None, :] + (leaders[:, 1, None, :] - leaders[:, 0, None, :]) * _LEADER_T


def _leaders(anchor: np.ndarray, boxes: np.ndarray) -> np.ndarray:
    """For each box, the leader from ``anchor`` towards the nearest point of the box (k×2×2)."""
    near = np.column_stack([np.clip(anchor[0], boxes[:, 0], boxes[:, 2]), np.clip(anchor[1], boxes[:, 1], boxes[:, 3])])
    v = near - anchor
    length = np.maximum(np.hypot(v[:, 0], v[:, 1]), 1e-9)
    u = v / length[:, None]
    start = anchor + u * np.minimum(LEADER_START, length)[:, None]
    end = anchor + u * np.maximum(length - LEADER_END, np.minimum(LEADER_START, length))[:, None]
    return np.stack([start, end], axis=1)


def _on_boxes(pts: np.ndarray, boxes: np.ndarray) -> np.ndarray:
    """Whether any of each row's points (k×n×2) lies in (or on) any of the boxes (m×4).

    Why the boxes are sifted first: only those meeting the bounding box of all the points can
    hold one (the same comparisons decide), and a leader passes near few of the placed labels."""
    if not len(pts):
        return np.zeros(0, dtype=bool)
    lo, hi = pts.min(axis=(0, 1)), pts.max(axis=(0, 1))
    p = boxes[(boxes[:, 0] <= hi[0]) & (boxes[:, 2] >= lo[0]) & (boxes[:, 1] <= hi[1]) & (boxes[:, 3] >= lo[1])]
    if not len(p):
        return np.zeros(len(pts), dtype=bool)
    x, y = pts[..., 0, None], pts[..., 1, None]
    return ((x >= p[:, 0]) & (x <= p[:, 2]) & (y >= p[:, 1]) & (y <= p[:, 3])).any(axis=(1, 2))


def _first_clean(placer: Placer, boxes: np.ndarray, leaders: np.ndarray | None, accept, clear,
                 cand: np.ndarray) -> int | None:
    """The first of the candidates ``cand`` (indices, in order) with no conflict that obeys ``accept``:
    scored the preferred ``FIRST`` first, then the rest, the rule on the free ones by ``_first_free``.

    Why this gives ``_first_free``'s answer over all the candidates: ``cand`` holds every candidate
    that passes the rule's necessary tests (``accept.pre``), so the first clean candidate is among them;
    they are asked only the rule's other tests (``accept.post``) where it has them."""
    rest = getattr(accept, "post", accept)  # (the rule's tests left once ``pre`` passed, where it has them)
    # (set off, scored all at once: their leaders' tests, not the scoring, are the work, and split
    # by block those ran in more rounds, each of a few numpy and shapely calls)
    for block in ((cand,) if leaders is not None else (cand[:FIRST], cand[FIRST:])):
        if not len(block):
            continue
        free = block[placer.free(boxes[block])]
        best = _first_passing(free, boxes, leaders, rest, clear)
        if best is not None:
            return best
    return None


def _first_free(cost: np.ndarray, boxes: np.ndarray, leaders: np.ndarray | None, accept, clear,
                offset: int = 0) -> int | None:
    """The first candidate with no conflict at all: its leader (``clear``) and the rule (``accept``) are
    tested only on the otherwise free ones, the preferred few first (most labels stop there).
    ``cost``: the costs of the candidates from ``offset`` on (the index returned counts from 0)."""
    return _first_passing(np.flatnonzero(cost == 0) + offset, boxes, leaders, accept, clear)


ONE_BY_ONE = 16  # free candidates a rule with a one-box test (``accept.one``) is asked of one by one


def _first_passing(free: np.ndarray, boxes: np.ndarray, leaders: np.ndarray | None, accept, clear) -> int | None:
    """The first of the free candidates ``free`` whose leader is clear and which obeys ``accept``,
    tested on the preferred few first: one by one where the rule has a one-box test (the first free
    candidate usually passes, and the rule's vectorised test costs its numpy calls whatever the number
    of boxes), then in growing chunks."""
    one = getattr(accept, "one", None)
    if one is not None and leaders is None and clear is None and len(free):
        first = free[:ONE_BY_ONE]
        for i, box in zip(first.tolist(), boxes[first].tolist()):
            if one(box):
                return i
        free = free[ONE_BY_ONE:]
    for chunk in (free[:8], free[8:40], free[40:]):
        if len(chunk) and clear is not None:
            chunk = chunk[clear(chunk)]
        if len(chunk) and accept is not None:
            chunk = chunk[accept(boxes[chunk], None if leaders is None else leaders[chunk])]
        if len(chunk):
            return int(chunk[0])
    return None


def outside(polys: list) -> Callable[[np.ndarray, np.ndarray | None], np.ndarray]:
    """An ``accept`` rule: the box overlaps none of the (prepared) shapely polygons."""
    bounds = [poly.bounds for poly in polys]

    def ok(boxes: np.ndarray, leaders: np.ndarray | None) -> np.ndarray:
        return off_polygons(polys, bounds, boxes)
    return ok


def off_polygons(polys: list, bounds: list, boxes: np.ndarray, keep_off: np.ndarray | None = None) -> np.ndarray:
    """Which boxes (k×4) overlap none of the (prepared) polygons they must keep off (``keep_off[i, j]``:
    box i must keep off polygon j; default every one).  Only boxes that meet a polygon's bounding box
    (``bounds``) are handed to shapely (most candidates meet none, or one)."""
    out = np.ones(len(boxes), dtype=bool)
    for j, (poly, (x0, y0, x1, y1)) in enumerate(zip(polys, bounds)):
        near = out & (boxes[:, 0] <= x1) & (boxes[:, 2] >= x0) & (boxes[:, 1] <= y1) & (boxes[:, 3] >= y0)
        if keep_off is not None:
            near &= keep_off[:, j]
        near = np.flatnonzero(near)
        if len(near):
            b = boxes[near]
            out[near] = ~shapely.intersects(poly, shapely.box(b[:, 0], b[:, 1], b[:, 2], b[:, 3]))
    return out
