"""Textbook figures that never mislead (issue 38, reader 17): free segments never drawn of one length (a kite drawn
as a rhombus); one right-angle square per perpendicular crossing; tick counts countable; a tangent's right angle
with its drawn radius marked; every circle's centre dotted.  Each class is checked by the layout's own check
(``render.accidents``) or the independent reader (tests/label_reader.py), and drawn right by the renderer."""
from __future__ import annotations

import copy
import math

import numpy as np
from geomill.dsl import parse
from geomill.render.accidents import near_equal
from geomill.render.textbook import textbook_figure
from geomill.solvers.numeric import build_model, spread

from tests.label_reader import _neighbour_squares, _tick_rows, _undotted_centres, textbook_problems

KITE = "points A B C D\nkite ABCD at A\nAB = 5\nBD = 6\nfind angle BAD\n"  # (its other pair, CB = CD, left free)
CROSSING = ("points A D P B C\nrhombus ADCB\nline A P C\nline D P B\nDP perpendicular to AP\nangle CPD = 3x - 15\n"
            "find x\n")  # (reader 17's 03)
TANGENT = "points O A P\ntriangle OAP\ncircle O through A\nPA tangent to circle O\nOA = 3\nOP = 5\nfind PA\n"
SECTOR = "points J K L\ncircle K through J L\nJK = 15\nangle JKL = 164\nfind sector area KLJ\n"  # (reader 17's 06)
MIDDLES = ("points A B C D I\nline A I B\nline C I D\npolygon ACBD\nAI perpendicular to CI\nAC = AD\nBC = BD\n"
           "AB = CD\nAC = 5\nfind AB\n")  # (AB = CD's group: both sides split by I, ticked nowhere)


def _pts(fig: dict) -> dict:
    return {k: tuple(v) for k, v in fig["points"].items()}


# -- 1. free segments never drawn of one length ----------------------------------------------------------------


def test_spread_tells_apart_a_kite_drawn_as_a_rhombus_where_the_facts_leave_it_free() -> None:
    problem = parse(KITE)
    model = build_model(problem, seed=0, check_goal=False)
    at = {q: v.copy() for q, v in model.coords.items()}
    a, b, d = at["A"], at["B"], at["D"]  # (C mirrored over BD's perpendicular from A: CB = CD = AB, a rhombus)
    at["C"] = b + d - a
    rhomb = type(model)(problem, at, model.variables, model.radii, model.misfit, model.seed)
    px = {n: np.asarray(xy, float) for n, xy in at.items()}

    class _Scene:  # (the drawn sides of the kite, all a near_equal needs)
        points = at
        segments = [("A", "B"), ("B", "C"), ("C", "D"), ("D", "A")]

    pairs = near_equal(problem, _Scene, px, [])
    assert (frozenset("BC"), frozenset("AB")) in pairs or (frozenset("AB"), frozenset("BC")) in pairs
    moved = spread(rhomb, unequal=[(tuple(sorted(x)), tuple(sorted(y))) for x, y in pairs])
    assert moved is not None
    c = moved.coords
    ab, bc = (float(np.hypot(*(c[p] - c[q]))) for p, q in ("AB", "BC"))
    assert abs(ab - bc) >= 0.12 * max(ab, bc)  # (drawn a kite, not a rhombus)
    assert abs(float(np.hypot(*(c["A"] - c["B"]))) - float(np.hypot(*(c["A"] - c["D"])))) < 1e-6  # (its facts kept)


def test_a_kite_figure_draws_no_free_sides_of_one_length() -> None:
    fig = textbook_figure(parse(KITE))
    assert not [f for f in fig.accidental if "drawn equal" in f and "B" in f and "C" in f and "A" in f]


# -- 2. one square per perpendicular crossing -----------------------------------------------------------------


def test_a_derived_right_angle_at_a_squared_crossing_gets_an_arc_and_the_reader_refuses_two_squares() -> None:
    fig = textbook_figure(parse(CROSSING))
    rights = [m for m in fig.labels["marks"] if m["kind"] == "right"]
    assert len(rights) == 1 and rights[0]["elements"] == ["angle DPA"]
    assert any(a["element"] == "angle CPD" for a in fig.labels["angle_marks"])
    assert not _neighbour_squares(fig.labels)
    spoilt = copy.deepcopy(fig.labels)  # (DPA's square turned into the neighbouring quarter, CPD's, beside it)
    sq = np.array(rights[0]["pixels"][0])
    v = sq[0] + sq[2] - sq[1]
    arm, across = sq[0], v + v - sq[2]  # (one arm shared, the other turned over: the neighbouring quarter)
    spoilt["marks"].append({"kind": "right", "elements": ["angle CPD"], "count": 1, "source": "angle CPD = 90",
                            "pixels": [[list(arm), list(arm + across - v), list(across)]]})
    assert any("one rectangle" in f for f in _neighbour_squares(spoilt))


# -- 3. tick counts a reader counts ---------------------------------------------------------------------------


def test_tick_counts_run_without_a_gap_and_the_reader_refuses_a_skipped_count() -> None:
    fig = textbook_figure(parse(MIDDLES))
    assert not _tick_rows(fig.labels)
    spoilt = copy.deepcopy(fig.labels)
    equal = [m for m in spoilt["marks"] if m["kind"] == "equal"]
    assert equal
    equal[-1]["count"] = len(equal) + 2
    assert any("skip a count" in f for f in _tick_rows(spoilt))


def test_a_long_tick_row_is_spaced_wider_and_the_reader_refuses_a_tight_one() -> None:
    from geomill.render.mark_place import MANY_TICKS, _tick_row

    row = _tick_row(np.zeros(2), np.array([1.0, 0.0]), 4, 5.5)
    fig = {"marks": [{"kind": "equal", "elements": ["AB", "CD"], "count": 1, "pixels": [[[0, 0], [0, 1]]]},
                     {"kind": "equal", "elements": ["EF", "GH"], "count": 2, "pixels": [[[0, 0], [0, 1]]] * 2},
                     {"kind": "equal", "elements": ["IJ", "KL"], "count": 3, "pixels": [[[0, 0], [0, 1]]] * 3},
                     {"kind": "equal", "elements": ["MN", "OP"], "count": 4,
                      "pixels": [ln.tolist() for ln in row]}]}
    assert MANY_TICKS <= 4 and not _tick_rows(fig)
    fig["marks"][-1]["pixels"] = [[[5.0 * i, 0.0], [5.0 * i, 11.0]] for i in range(4)]  # (5 px apart)
    assert any("hard to count" in f for f in _tick_rows(fig))


# -- 5. a tangent's right angle; every centre dotted ----------------------------------------------------------


def test_a_tangent_with_its_radius_drawn_gets_its_square() -> None:
    fig = textbook_figure(parse(TANGENT))
    rights = [m for m in fig.labels["marks"] if m["kind"] == "right"]
    assert [r["elements"] for r in rights] == [["angle OAP"]]
    assert not textbook_problems(fig.labels)


def test_a_tangent_with_no_radius_drawn_gets_no_square() -> None:
    fig = textbook_figure(parse("points O A P\ncircle O through A\nPA tangent to circle O\nPA = 4\nOP = 5\n"
                                "find angle APO\n"))
    assert ["O", "A"] not in fig.labels["segments"] and ["A", "O"] not in fig.labels["segments"]
    assert not [m for m in fig.labels["marks"] if m["kind"] == "right"]


def test_every_centre_is_dotted_and_the_reader_refuses_one_undotted() -> None:
    fig = textbook_figure(parse(SECTOR))
    assert "K" in fig.labels["dots"] and not _undotted_centres(fig.labels, _pts(fig.labels))
    spoilt = copy.deepcopy(fig.labels)
    spoilt["dots"] = [n for n in spoilt["dots"] if n != "K"]
    assert any("centre K" in f for f in _undotted_centres(spoilt, _pts(spoilt)))
    assert math.dist(spoilt["points"]["K"], spoilt["circles"][0]["centre"]) < 0.5


# -- 4. an angle's leader never across its own rays -------------------------------------------------------------


def test_an_angle_leader_across_its_own_ray_is_refused() -> None:
    from geomill.render.compose import _leaders_in_wedge

    arms = np.array([[[0.0, 0.0], [400.0, 0.0]], [[0.0, 0.0], [380.0, 123.0]]])  # (an 18° wedge, like 02's KLN)
    start = (28.0, 4.4)  # (its small arc's middle, 4.4 px off the first ray)
    leaders = np.array([[start, [28.0, -50.0]],  # (down across the first ray, into the next angle)
                        [start, [120.0, 20.0]]])  # (out along the wedge, across neither)
    boxes = np.zeros((2, 4))
    assert list(_leaders_in_wedge(lambda b, ln: np.ones(len(b), bool), arms, boxes, leaders)) == [False, True]
