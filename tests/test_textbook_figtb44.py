"""Blind readers 43 and 44 (issue 38): a label of a segment that a point splits sits by the whole segment.

* A split side's named value or "?" by the side, with no dimension line, sits nearer the whole's middle than any
  piece's (``compose._across_cut_centres``): FormalGeo 6307's "DP = ?" was centred over DO (O inside DP), and
  read as DO's; where the whole's middle stretch has no room clear of the cut, the box may reach over the cut.
"""
from __future__ import annotations

import copy

from geomill.dsl import parse
from geomill.render.textbook import textbook_figure

from tests.label_reader import _named_by_piece, textbook_problems

FG6307 = """points O A D P B C
triangle OAD
triangle AOP
triangle POB
polygon ODCB
rectangle ADCB
line A O B
line P O D
PO median of PAB
clockwise OAD AOP POB ODCB BPA
AB = 4
AD = 2
AO = 2
BO = 2
angle APB = 90
find DP
"""


def _dp(lab: dict) -> dict:
    return next(x for x in lab["labels"] if x["element"] == "DP")


def test_a_split_sides_goal_sits_by_its_middle() -> None:
    lab = textbook_figure(parse(FG6307)).labels
    pts = lab["points"]
    dp = _dp(lab)
    assert dp["text"] == "DP = ?" and dp["leader"] is None
    x0, y0, x1, y1 = dp["bbox"]
    mid = (pts["D"][0] + pts["P"][0]) / 2
    assert abs((x0 + x1) / 2 - mid) < abs((x0 + x1) / 2 - (pts["D"][0] + pts["O"][0]) / 2)
    assert not [p for p in textbook_problems(lab) if "nearer a piece" in p]


def test_the_reader_flags_a_named_label_by_one_piece() -> None:
    lab = textbook_figure(parse(FG6307)).labels
    pts = lab["points"]
    spoilt = copy.deepcopy(lab)
    dp = _dp(spoilt)
    x0, y0, x1, y1 = dp["bbox"]
    shift = (pts["D"][0] + pts["O"][0]) / 2 - (x0 + x1) / 2  # (centred over DO, as before)
    dp["bbox"] = [x0 + shift, y0, x1 + shift, y1]
    cut = [pts["O"][0] - pts["D"][0]]
    assert _named_by_piece(dp, "DP", pts["D"], pts["P"], cut)
    assert any("nearer a piece" in p for p in textbook_problems(spoilt))
