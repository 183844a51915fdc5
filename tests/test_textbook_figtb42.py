"""Marks that never read as something else, leaders that cross nothing (issues 38 and 39, blind readers 41 and 42):
one square per perpendicular crossing, never a "90°" arc beside it; squares at nearby points kept apart; a narrow
angle's ticked arc long enough to read as an arc; a value's leader kept off the drawn segments where a place allows.
Each class on its smallest problem, checked by the export and the independent reader (tests/label_reader.py)."""
from __future__ import annotations

import copy
import math

import numpy as np
from geomill.dsl import parse
from geomill.render.compose import _leaders_over_no_line
from geomill.render.mark_place import SQUARES_NEAR, _off_neighbours
from geomill.render.textbook import textbook_figure

from tests.label_reader import (_leaders_across_sides, _right_marked_twice, _small_angle_marks, _touching_squares,
                                textbook_problems)

SQUARES = ("points E A B H C F D G\ntriangle EAB\ntriangle CHB right at H\ntriangle DFC right at F\ntriangle DAG\n"
           "triangle GEF\ntriangle FEH\nline A E G\nline B H E\nline D G F\nline C F H\nBEA congruent to AGD\n"
           "BEA congruent to CHB\nBEA congruent to DFC\ntriangle AGD right at G\ntriangle BEA right at E\n"
           "clockwise EAB CHB DFC DAG GEF FEH GEH HFG\nAE = 10\nBE = 24\nangle EHF = 90\nangle EGF = 90\n"
           "angle GEH = 90\nangle GFH = 90\nfind EF\n")  # (FormalGeo 3765, reader 41's 11)
NARROW = ("points B A C D\npolygon BACD\ntriangle BDC\nCD bisects angle ACB\nBD perpendicular to CD\n"
          "clockwise BACD BDC BAC DBA\nangle BAC = angle ABD\nangle CBD = 54\nfind angle BAC\n")  # (FormalGeo 6854,
# reader 42's 02: ABD's 24 px arc under two ticks read as a segment's double tick)


def _pts(fig: dict) -> dict:
    return {k: tuple(v) for k, v in fig["points"].items()}


# -- 1. one right angle, one mark --------------------------------------------------------------------------------


def test_right_angles_of_one_crossing_from_several_sources_are_one_square_and_no_arc() -> None:
    fig = textbook_figure(parse(SQUARES)).labels
    assert not [m for m in fig["marks"] if m["kind"] == "right_arc"]  # (no "90°" arc beside a square)
    assert not [lab for lab in fig["labels"] if lab["text"].endswith("90°")]
    at: dict[str, set] = {}
    for m in fig["marks"]:
        if m["kind"] == "right":
            v = m["elements"][0].split(" ")[1][1]
            at.setdefault(v, set()).add(tuple(map(tuple, m["pixels"][0])))
    assert set(at) == set("EFGH") and all(len(squares) == 1 for squares in at.values())  # (G: AGD's and EGF's one)
    assert textbook_problems(fig) == []
    twice = copy.deepcopy(fig)  # (GEH drawn "90°" in its arc as well)
    twice["marks"].append({"kind": "right_arc", "elements": ["angle GEH"], "count": 1, "source": "spoilt",
                           "pixels": [[fig["points"]["E"], fig["points"]["E"]]]})
    assert any("marked twice" in p for p in _right_marked_twice(twice, _pts(twice)))


def test_squares_at_nearby_points_keep_apart_and_the_reader_flags_touching_ones() -> None:
    a = np.array([[10.0, 0.0], [10.0, 10.0], [0.0, 10.0]])  # (at the origin, up and right)
    b = np.array([[11.5, 0.0], [11.5, 10.0], [21.5, 10.0]])  # (at (21.5, 0), up and left, facing it: 1.5 px apart,
    # the two one 21.5 px rectangle)
    small = _off_neighbours(b, [a])
    v = np.array([21.5, 0.0])
    assert float(np.hypot(*(small[1] - v))) < float(np.hypot(*(b[1] - v)))  # (shrunk about its own vertex)
    gap = min(math.dist(p, q) for p in np.linspace(small[0], small[1], 20) for q in np.linspace(a[0], a[1], 20))
    assert gap >= SQUARES_NEAR - 0.5
    fig = {"marks": [{"kind": "right", "elements": ["angle XPY"], "pixels": [a.tolist()]},
                     {"kind": "right", "elements": ["angle XQY"], "pixels": [b.tolist()]}]}
    assert any("touch" in p for p in _touching_squares(fig))
    fig["marks"][1]["pixels"] = [small.tolist()]
    assert not _touching_squares(fig)


# -- 2. a narrow angle's ticked arc reads as an arc ---------------------------------------------------------------


def test_a_narrow_angles_double_ticked_arc_is_long_enough_to_read_as_an_arc() -> None:
    fig = textbook_figure(parse(NARROW)).labels
    pts = _pts(fig)
    assert not _small_angle_marks(fig, pts)
    m = next(m for m in fig["marks"] if m["kind"] == "equal_angle" and m["count"] == 2)
    arcs = [ln for ln in m["pixels"] if len(ln) > 2]
    b = np.array(pts["B"])
    arc = next(np.array(ln) for ln in arcs if abs(np.hypot(*(np.array(ln[0]) - b)) - np.hypot(*(np.array(ln[-1]) - b))) < 1)
    tick = max(math.dist(t[0], t[-1]) for t in m["pixels"] if len(t) == 2)
    assert math.dist(arc[0], arc[-1]) >= 2.4 * tick
    spoilt = copy.deepcopy(fig)  # (drawn at 0.65 of its radius, its ticks as they are: the 24 px arc reader 42 saw)
    sm = next(x for x in spoilt["marks"] if x["kind"] == "equal_angle" and x["count"] == 2)
    i = next(k for k, ln in enumerate(sm["pixels"]) if len(ln) > 2 and np.allclose(ln, arc.tolist()))
    sm["pixels"][i] = (b + 0.65 * (arc - b)).tolist()
    for k, ln in enumerate(sm["pixels"]):  # (its ticks moved in with it, as long as they were)
        mid = (np.array(ln[0]) + np.array(ln[-1])) / 2
        if len(ln) == 2 and float(np.hypot(*(mid - b))) > 0.9 * float(np.hypot(*(arc[0] - b))) and \
                min(math.dist(mid, x) for x in arc) < 8.0:
            sm["pixels"][k] = (np.array(ln) - 0.35 * (mid - b)).tolist()
    assert any("segment's ticks" in p for p in _small_angle_marks(spoilt, pts))


# -- 3. leaders across nothing --------------------------------------------------------------------------------


def test_a_leader_across_a_drawn_segment_is_refused_where_another_place_is_clear() -> None:
    lines = np.array([[[0.0, 50.0], [100.0, 50.0]]])
    boxes = np.zeros((2, 4))
    leaders = np.array([[[50.0, 0.0], [50.0, 80.0]], [[50.0, 0.0], [90.0, 30.0]]])  # (across the line; short of it)
    ok = _leaders_over_no_line(lambda b, ld: np.ones(len(b), dtype=bool), lines, boxes, leaders)
    assert ok.tolist() == [False, True]


def test_the_reader_flags_a_leader_led_across_another_segment_from_beside_it() -> None:
    pts = {"A": (0.0, 100.0), "B": (200.0, 100.0), "C": (100.0, 0.0), "D": (100.0, 100.0)}
    fig = {"points": pts, "segments": [["A", "B"], ["A", "C"], ["B", "C"], ["C", "D"]],
           "labels": [{"text": "CD = 4", "element": "CD", "bbox": [110.0, 110.0, 160.0, 126.0],
                       "leader": [[100.0, 60.0], [120.0, 110.0]]}]}  # (under AB, led up across it to CD)
    assert any("crosses AB" in p for p in _leaders_across_sides(fig, pts))
    fig["labels"][0].update(bbox=[110.0, 40.0, 160.0, 56.0], leader=[[100.0, 60.0], [110.0, 52.0]])
    assert not _leaders_across_sides(fig, pts)  # (beside its own side, crossing nothing)
