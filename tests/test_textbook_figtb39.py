"""Blind reader 37 (issue 38): textbook figures that a reader misread.

* A bare arc value stands on its arc only where no other drawn point lies on that arc; otherwise it is named
  ("arc CBD = 284°"): FormalGeo 1022's "284°" of the major arc CBD, written by the stretch DA, read as arc DA = 284°
  (``_bare_arc_values``).
* A leader to a side ends away from where a drawn circle crosses that side, as from where a line crosses it (the
  generated quadrilateral about a circle, seed 3707 index 0: "CO = ?" ended where CO crosses the circle, reading as
  the circle's or the crossing's; ``_leaders_at_crossings``)."""
from __future__ import annotations

from geomill.dsl import parse
from geomill.render.textbook import textbook_figure

from tests.label_reader import _bare_arc_values, _leaders_at_crossings, mark_problems, textbook_problems

ARC_THROUGH = """points E A B C D
triangle ECD
circle E through B C D A
clockwise ECD BCD BDA
AB = 2x + 9
CD = 3x - 7
arc EBA = 76
arc ECD = 284
find x
"""


def _pts(lab: dict) -> dict:
    return {k: tuple(v) for k, v in lab["points"].items()}


def test_arc_value_through_points_is_named():
    """FormalGeo 1022: the major arc CD holds A and B, so its value is named; arc AB holds none and stays bare."""
    lab = textbook_figure(parse(ARC_THROUGH, "x")).labels
    text = {x["element"]: x["text"] for x in lab["labels"]}
    assert text["arc ECD"].startswith("arc C") and text["arc ECD"].endswith("= 284°")
    assert text["arc EBA"] == "76°"
    assert _bare_arc_values(lab, _pts(lab)) == [] and textbook_problems(lab) == [] and mark_problems(lab) == []


def test_reader_flags_a_bare_value_on_an_arc_through_points():
    pts = {"E": (256.0, 256.0), "C": (386.0, 423.0), "D": (126.0, 423.0), "A": (392.0, 96.0), "B": (445.0, 348.0)}
    pts = {n: (256.0 + (x - 256.0) * 211.33 / ((x - 256.0) ** 2 + (y - 256.0) ** 2) ** 0.5,
               256.0 + (y - 256.0) * 211.33 / ((x - 256.0) ** 2 + (y - 256.0) ** 2) ** 0.5) if n != "E" else (x, y)
           for n, (x, y) in pts.items()}
    bare = {"labels": [{"text": "284°", "element": "arc ECD", "bbox": [46, 101, 88, 118], "leader": None}]}
    assert "through A, B" in _bare_arc_values(bare, pts)[0]
    named = {"labels": [{"text": "arc CBD = 284°", "element": "arc ECD", "bbox": [46, 101, 88, 118], "leader": None}]}
    assert _bare_arc_values(named, pts) == []
    short = {"labels": [{"text": "76°", "element": "arc EBA", "bbox": [468, 194, 499, 211], "leader": None}]}
    assert _bare_arc_values(short, pts) == []


TANGENTIAL = """points O A B C D W X Y Z
quadrilateral ABCD
line A W B
line B X C
line C Y D
line D Z A
circle O through W X Y Z
AW tangent to circle O
AZ tangent to circle O
BW tangent to circle O
BX tangent to circle O
CX tangent to circle O
CY tangent to circle O
DY tangent to circle O
DZ tangent to circle O
AW = 12
BW = 4
BC = 25
angle BAD = 90
find CO
"""


def test_leader_ends_off_a_circle_crossing():
    """Seed 3707's index 0: the "CO = ?" leader ends on CO away from the circle it crosses."""
    lab = textbook_figure(parse(TANGENTIAL, "x")).labels
    led = next(x for x in lab["labels"] if x["element"] == "CO")
    assert led["leader"] is not None  # (still led: the case the rule is about)
    assert _leaders_at_crossings(lab, _pts(lab)) == [] and textbook_problems(lab) == []


def test_reader_flags_a_leader_at_a_circle_crossing():
    fig = {"segments": [["C", "O"]], "circles": [{"centre": [272.0, 276.0], "radius": 130.0}],
           "labels": [{"text": "CO = ?", "element": "CO", "bbox": [171, 260, 229, 277],
                       "leader": [[159.23, 337.11], [170.61, 279.3]]}]}
    pts = {"C": (45.0, 406.0), "O": (272.0, 276.0)}
    assert "the circle" in _leaders_at_crossings(fig, pts)[0]
    fig["labels"][0]["leader"] = [[148.0, 351.0], [148.0, 380.0]]
    assert _leaders_at_crossings(fig, pts) == []
