"""The label placer's fast paths against plain reference computations: the occupancy grid's disc
dilation and its summed-area table (rebuilt, and updated in place for a leader), and the batched
candidate centres and boxes, which must give the very same floats as one label at a time."""
from __future__ import annotations

import math

import numpy as np
from geomill.render.labels import (
    CELL,
    Occupancy,
    _dilate_disc,
    _sat_transposed,
    _sat_transposed_plain,
    offset_centres,
    offset_centres_many,
    snapped_boxes,
)


def _dilate_reference(hit: np.ndarray, r: int) -> np.ndarray:
    """One shifted OR per offset of the disc dx² + dy² <= (r + 0.5)², without wrapping round."""
    ny, nx = hit.shape
    out = hit.copy()
    for dy in range(-r, r + 1):
        for dx in range(-r, r + 1):
            if dx * dx + dy * dy <= (r + 0.5) ** 2:
                ys, yd = (slice(0, ny - dy), slice(dy, ny)) if dy >= 0 else (slice(-dy, ny), slice(0, ny + dy))
                xs, xd = (slice(0, nx - dx), slice(dx, nx)) if dx >= 0 else (slice(-dx, nx), slice(0, nx + dx))
                out[yd, xd] |= hit[ys, xs]
    return out


def test_disc_dilation_matches_one_shift_per_offset():
    rng = np.random.default_rng(1)
    for r in range(0, 6):
        for shape in ((40, 40), (r + 1, 30), (25, r + 1), (r + 1, r + 1)):
            hit = rng.random(shape) < 0.05
            assert (_dilate_disc(hit, r) == _dilate_reference(hit, r)).all()


def _count_reference(grid: np.ndarray, box: np.ndarray) -> int:
    n = grid.shape[0]
    c0, r0 = (min(max(math.floor(v / CELL), 0), n) for v in box[:2])
    c1, r1 = (min(max(math.ceil(v / CELL), 0), n) for v in box[2:])
    return int(grid[r0:max(r1, r0), c0:max(c1, c0)].sum())


def test_counts_stay_exact_as_leaders_are_marked():
    """The table is built once, then updated for each new polyline's cells: every count must be
    the plain sum over the grid."""
    rng = np.random.default_rng(2)
    for size in (64, 101, 512):
        occ = Occupancy(size)
        occ.mark_polylines([rng.uniform(0, size, (3, 2)) for _ in range(4)], 2.6)
        for _ in range(6):
            boxes = rng.uniform(-20, size + 20, (60, 4))
            boxes[:, 2:] = boxes[:, :2] + rng.uniform(-5, 80, (60, 2))
            assert occ.counts(boxes).tolist() == [_count_reference(occ.grid, b) for b in boxes]
            occ.mark_polylines([rng.uniform(-10, size + 10, (2, 2))], float(rng.uniform(0.5, 6.0)))


def test_summed_area_tables_four_columns_a_word_are_the_plain_sums():
    """The table summed four 16-bit counts to a 64-bit word is the plain 32-bit one, whatever the grid's
    shape (widths and heights not a multiple of four) and fill; past 65,535 cells set a count would carry
    into its neighbour's, and the plain sums are used (a full 257 x 257 grid has 66,049)."""
    rng = np.random.default_rng(5)
    grids = [rng.random(shape) < rng.random() for shape in ((1, 1), (1, 7), (5, 1), (3, 4), (4, 3), (13, 30),
                                                          (64, 64), (101, 99), (257, 257))]
    grids += [np.ones((257, 257), bool), np.ones((255, 257), bool), np.zeros((257, 257), bool)]
    for grid in grids:
        sat = _sat_transposed(grid)
        assert sat.dtype == np.int32 and np.array_equal(sat, _sat_transposed_plain(grid)), grid.shape
        assert sat[-1, -1] == grid.sum() and np.array_equal(sat[1:, -1], grid.sum(axis=0).cumsum())


def test_batched_centres_are_the_same_floats():
    rng = np.random.default_rng(3)
    m, turns, gaps = 5, np.linspace(0, 2 * math.pi, 24, endpoint=False), np.array([3.5, 8.0, 15.0])
    anchors = rng.uniform(0, 512, (m, 2))
    prefs = rng.uniform(-math.pi, math.pi, m)
    w, h = rng.uniform(5, 40, m), rng.uniform(10, 20, m)
    w[0] = 0.0  # a box with no width: straight up and down the reach is its half height all the same
    many = offset_centres_many(anchors, prefs[:, None] + turns, gaps, w, h)
    for i in range(m):
        one = offset_centres(tuple(anchors[i]), prefs[i] + turns, gaps, float(w[i]), float(h[i]))
        assert np.array_equal(many[i], one)
    assert offset_centres_many(np.zeros((0, 2)), np.zeros((0, 24)), gaps, w[:0], h[:0]).shape == (0, 72, 2)
    centres, boxes = snapped_boxes(many.reshape(-1, 2), np.repeat(w, 72), np.repeat(h, 72))
    for i in range(m):
        c1, b1 = snapped_boxes(many[i], float(w[i]), float(h[i]))
        assert np.array_equal(centres[72 * i: 72 * (i + 1)], c1) and np.array_equal(boxes[72 * i: 72 * (i + 1)], b1)


def test_collinear_overlap_in_plain_floats_matches_the_reader():
    """The side rule's "same line, overlapping" test (plain floats) against the scripted reader's own
    (tests/label_reader.py), on splitting points, near misses and random pairs; cases within 1e-6 of
    a tolerance are left out (the two divide in different places)."""
    from geomill.render.attribution import _collinear_overlap

    from tests.label_reader import _collinear_overlap as reader

    rng = np.random.default_rng(4)
    seen = {True: 0, False: 0}
    for i in range(3000):
        a, b = rng.uniform(0, 512, 2), rng.uniform(0, 512, 2)
        if i % 3 == 0:
            c, d = rng.uniform(0, 512, 2), rng.uniform(0, 512, 2)
        else:  # on the line or nearly, inside it, past its ends or overlapping them
            t, e = rng.uniform(-0.6, 1.6, 2), rng.normal(0, 0.4, (2, 2)) * (i % 3 == 2)
            c, d = a + t[0] * (b - a) + e[0], a + t[1] * (b - a) + e[1]
        n = math.hypot(*(b - a))
        u = (b - a) / n
        margins = [abs(abs(u[0] * (p - a)[1] - u[1] * (p - a)[0]) - 0.5) for p in (c, d)]
        ts = [float(u @ (p - a)) for p in (c, d)]
        if min(margins + [abs(max(ts) - 0.5), abs(min(ts) - (n - 0.5))]) < 1e-6:
            continue
        got = _collinear_overlap({"A": a, "B": b, "C": c, "D": d}, ("A", "B"), ("C", "D"))
        assert got == reader(a, b, c, d)
        seen[got] += 1
    assert min(seen.values()) > 300  # both answers well represented


def test_free_is_costs_nothing():
    """``Placer.free`` (the placer's fast "no conflict" test) against ``costs == 0``: boxes off the canvas,
    on strokes, on placed labels, and clear, before and after labels are placed."""
    from geomill.render.labels import Placed, Placer

    rng = np.random.default_rng(7)
    occ = Occupancy(256)
    occ.mark_polylines([rng.uniform(0, 256, (4, 2)) for _ in range(3)], 2.5)
    placer = Placer(256, occ, margin=4.0)
    seen = set()
    for k in range(6):
        boxes = rng.uniform(-20, 270, (200, 4))
        boxes[:, 2:] = boxes[:, :2] + rng.uniform(1, 30, (200, 2))
        want = placer.costs(boxes) == 0
        assert np.array_equal(placer.free(boxes), want)
        seen |= set(want.tolist())
        x, y = rng.uniform(20, 236, 2)
        placer.commit(Placed("x", float(x), float(y), 12.0, 14.0, "side"), 4.0 + k)
    assert seen == {True, False}


def test_right_mark_in_plain_floats_is_the_vector_formula():
    """The right-angle mark (plain floats) against the same formula on 2-vectors: the same floats."""
    from types import SimpleNamespace

    from geomill.engine.model import Quantity
    from geomill.render.compose import Frame, Style, _mark_size, _right_mark

    rng = np.random.default_rng(8)
    style = Style()
    for _ in range(200):
        pts = {n: tuple(rng.uniform(-10, 10, 2)) for n in "ABC"}
        scene = SimpleNamespace(points=pts)
        frame = Frame(float(rng.uniform(5, 40)), float(rng.uniform(0, 300)), float(rng.uniform(0, 300)), 512)
        q = Quantity.angle("A", "B", "C")
        pv = np.array(frame.px(pts["B"]))
        ua, ub = np.array(frame.px(pts["A"])) - pv, np.array(frame.px(pts["C"])) - pv
        ua /= np.hypot(*ua)
        ub /= np.hypot(*ub)
        s = _mark_size(scene, frame, q, style)
        want = np.array([pv + s * ua, pv + s * (ua + ub), pv + s * ub])
        assert np.array_equal(_right_mark(scene, frame, q, style), want)
