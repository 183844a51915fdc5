"""Blind reader 36 (issue 38): leaders crossing leaders.

* No leader runs within ``LEADER_LEADER_CLEAR`` px of another label's leader, nor ends on its element within
  ``LEADER_END_LABEL_FONTS`` of another value's text, nor does a label sit that near another leader's end
  (``compose.leaders_clash``, for the composed labels and the named lines led from the legend): reader 36's 24 read
  "AO = 5"'s leader across the sector's as a "+" mark, and its 25 read the sector's leader, across the set-off
  "∠ACB = 70°"'s and ending 13.6 px from that text, as pointing at it.  The reader flags both
  (``_leaders_crossing``).
* An angle's arc is pushed out past a value it holds only within its shorter arm (``ARM_END_PX``); past it, the held
  value moves instead (reader 36's 09, FormalGeo 3544: the 88° arc at M 168 px out by MB 142 px long ran past B
  and over MH's parallel arrow).  The reader flags an arc past an arm's end (``_arcs_past_arms``)."""
from __future__ import annotations

import numpy as np

from geomill.dsl import parse
from geomill.render.compose import leaders_clash
from geomill.render.general import APPROXIMATE
from geomill.render.textbook import textbook_figure
from geomill.solvers.numeric import build_model

from tests.label_reader import _arcs_past_arms, _leaders_crossing, mark_problems, textbook_problems

SECTOR = """points A B C O
triangle ABC
circle O through A B C
counterclockwise OBC
angle ABC = 60
angle ACB = 70
AO = 7
find sector perimeter OBC
"""


def test_sector_leader_crosses_no_leader():
    """Reader 36's 25 (generated 9): the sector's leader crossed the led "∠ACB = 70°"'s and ended by its text."""
    lab = textbook_figure(parse(SECTOR, "x")).labels
    assert any(x["leader"] for x in lab["labels"] if x["element"] == "perimeter OBC")  # (still led into its sector)
    assert _leaders_crossing(lab) == [] and textbook_problems(lab) == []


def _fig(*labels):
    return {"labels": [{"text": t, "element": e, "bbox": list(b), "leader": ld} for t, e, b, ld in labels]}


def test_reader_flags_crossing_leaders_and_ends_by_labels():
    crossing = _fig(("AO = 5", "AO", (390, 262, 450, 279), [[352, 282], [389, 279]]),
                    ("sector perimeter OBC = ?", "perimeter OBC", (138, 130, 353, 147), [[364, 289], [354, 149]]))
    assert any("cross" in p for p in _leaders_crossing(crossing))
    apart = _fig(("AO = 5", "AO", (390, 262, 450, 279), [[352, 282], [389, 279]]),
                 ("sector perimeter OBC = ?", "perimeter OBC", (138, 130, 353, 147), [[340, 289], [330, 149]]))
    assert _leaders_crossing(apart) == []
    by_label = _fig(("∠ACB = 70°", "angle ACB", (274, 220, 380, 237), None),
                    ("sector perimeter OBC = ?", "perimeter OBC", (41, 16, 256, 33), [[332, 207], [257, 35]]))
    assert any("ends by '∠ACB = 70°'" in p for p in _leaders_crossing(by_label))
    own = _fig(("110°", "angle ABC", (245, 326, 287, 343), None),
               ("∠ABC = ?", "angle ABC", (274, 379, 358, 395), [[263, 352], [274, 379]]))
    assert _leaders_crossing(own) == []  # (the asked angle's leader by its own given value)


def test_leaders_clash():
    others = np.array([[[352.0, 282.0], [389.0, 279.0]]])  # (a placed leader, from its element)
    values = np.array([[390.0, 262.0, 450.0, 279.0]])
    boxes = np.array([[138.0, 130.0, 353.0, 147.0]] * 3)
    leaders = np.array([[[364.0, 289.0], [354.0, 149.0]],  # across the placed leader
                        [[340.0, 300.0], [330.0, 149.0]],  # clear of it
                        [[380.0, 285.0], [354.0, 500.0]]])  # its end 12 px from the value box, 5 px off the leader
    assert leaders_clash(leaders, boxes, others, values, 16.0).tolist() == [True, False, True]
    near_end = np.array([[300.0, 270.0, 345.0, 287.0], [200.0, 270.0, 300.0, 287.0]])  # by the placed leader's end
    assert leaders_clash(None, near_end, others, values, 16.0).tolist() == [True, False]


PARALLEL = """points E M H B C D
line E M C
MH parallel to CD
clockwise EMH HMB BMC MCD EMB
angle BME = 88
angle DCM = 60
find angle BMH
"""


def test_arc_holding_a_value_stays_within_its_arms():
    """Reader 36's 09: BME's arc cleared the held "∠BMH = ?" 168 px out, past B (MB 142 px) and over MH's arrow."""
    problem = parse(PARALLEL, "x")
    lab = textbook_figure(problem, build_model(problem, tolerate=APPROXIMATE)).labels
    pts = {k: tuple(v) for k, v in lab["points"].items()}
    radius = {m["element"]: m["radius"] for m in lab["angle_marks"]}
    assert radius["angle BME"] < min(np.hypot(*np.subtract(pts["B"], pts["M"])), 0.5 * np.hypot(
        *np.subtract(pts["H"], pts["M"])))  # (inside B, and short of MH's middle, where its arrow is)
    assert radius["angle BME"] > radius["angle BMH"]  # (still holding the asked part's arc)
    assert _arcs_past_arms(lab, pts) == [] and textbook_problems(lab) == [] and mark_problems(lab) == []
    spoilt = {**lab, "angle_marks": [{**m, "radius": 168.0} if m["element"] == "angle BME" else m
                                     for m in lab["angle_marks"]]}
    assert any("angle BME" in p and "past the end" in p for p in _arcs_past_arms(spoilt, pts))
