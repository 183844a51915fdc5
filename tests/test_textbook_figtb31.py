"""Blind readers 28 and 29 (issue 38, items 1 and 2): a split side's value beside one piece ("AC = 21" by GC of
A-G-C, read as GC = 21) and a dimension line with no value.  The rule (render/): a dimension line's value sits in
a break at its middle, so a side by the canvas's edge keeps its dimension line; the reader's check
(tests/label_reader.py): a split side's value with no dimension line, named or not, and a break with no value."""
from __future__ import annotations

import copy
import math

from geomill.dsl import parse
from geomill.render.textbook import textbook_figure

from tests.label_reader import textbook_problems

EDGE = ("points A B C G H\ntriangle BCA right at C\nline A G C\nline A H B\nGH parallel to CB\nAC = 21\nBC = 25\n"
        "AG = 7\nfind AG/GH\n")  # (reader 29's 25: AC on the canvas's left edge)
DIAMETER = ("points A N B C D E\ntriangle NCB\nline A N D\ncircle N through A E D C B\nAD diameter of circle N\n"
            "clockwise NCB AED ADC ACB\nAD = 24\nfind CN\n")  # (reader 28's 13: the circle fills the canvas)


def _dimension(lab: dict, side: str) -> dict | None:
    return next((m for m in lab["marks"] if m["kind"] == "dimension" and set(m["elements"][0]) == set(side)), None)


def _value(lab: dict, side: str) -> dict:
    return next(x for x in lab["labels"] if x["element"] in (side, side[::-1]))


def _in_break(m: dict, lab: dict) -> bool:
    (ax, ay), (bx, by) = m["gap"]
    x0, y0, x1, y1 = lab["bbox"]
    return math.dist(((ax + bx) / 2, (ay + by) / 2), ((x0 + x1) / 2, (y0 + y1) / 2)) <= 1.0


def test_a_split_side_by_the_canvas_edge_keeps_its_dimension_line_with_its_value_in_the_break() -> None:
    lab = textbook_figure(parse(EDGE)).labels
    assert textbook_problems(lab) == []
    m = _dimension(lab, "AC")
    assert m is not None and "gap" in m
    ac = _value(lab, "AC")
    assert ac["text"] == "21" and ac["leader"] is None and _in_break(m, ac)
    (x0, y0), (x1, y1) = m["pixels"][0][0], m["pixels"][0][-1]  # (spanning the whole side, G inside it)
    a, c = lab["points"]["A"], lab["points"]["C"]
    assert min(math.dist((x0, y0), a), math.dist((x1, y1), a)) < 40 and \
        min(math.dist((x0, y0), c), math.dist((x1, y1), c)) < 40
    spoilt = copy.deepcopy(lab)  # reader 29's: "AC = 21" by GC, no dimension line
    spoilt["marks"] = [x for x in spoilt["marks"] if x is not _dimension(spoilt, "AC")]
    g = spoilt["points"]["G"]
    v = _value(spoilt, "AC")
    v["text"] = "AC = 21"
    v["bbox"] = [c[0] + 8, (g[1] + c[1]) / 2 - 8, c[0] + 78, (g[1] + c[1]) / 2 + 8]
    assert any("beside a side that points split, with no dimension line" in x for x in textbook_problems(spoilt))


def test_a_diameters_value_goes_on_a_dimension_line_beyond_a_circle_that_fills_the_canvas() -> None:
    lab = textbook_figure(parse(DIAMETER)).labels
    assert textbook_problems(lab) == []
    m = _dimension(lab, "AD")
    assert m is not None and _in_break(m, _value(lab, "AD"))


def test_a_broken_dimension_line_with_no_value_is_read_as_one() -> None:
    lab = textbook_figure(parse(EDGE)).labels
    spoilt = copy.deepcopy(lab)  # (reader 29's 05: a line with no number on it)
    v = _value(spoilt, "AC")
    x0, y0, x1, y1 = v["bbox"]
    v["bbox"] = [x0 + 30, y0, x1 + 30, y1]
    problems = textbook_problems(spoilt)
    assert any("broken with no value in the break" in x for x in problems)


SECTOR = ("points O A B C\ntriangle ABC\ncircle O through A B C\ncounterclockwise OBC\nAO = 10\nangle ABC = 70\n"
          "angle ACB = 60\nfind sector area OBC\n")  # (reader 29's 18: radii inside both angles)


def test_an_angle_led_from_outside_the_crowd_gets_its_arc_and_the_leader_ends_on_it() -> None:
    lab = textbook_figure(parse(SECTOR)).labels
    assert textbook_problems(lab) == []
    led = [x for x in lab["labels"] if x["element"].startswith("angle ") and x["leader"]]
    arcs = {m["element"]: m["radius"] for m in lab["angle_marks"]}
    for x in led:
        v = lab["points"][x["element"][-2]]
        assert x["element"] in arcs and abs(math.dist(x["leader"][0], v) - arcs[x["element"]]) <= 5.0
    spoilt = copy.deepcopy(lab)  # reader 29's: no arc, the leader ending between BO and BC
    spoilt["angle_marks"] = []
    assert led and any("with no arc to end on" in x for x in textbook_problems(spoilt))


SPLIT_RIGHT = ("points T Y Z W X\ntriangle TYZ\ntriangle TZW\ntriangle YXW\nline Y Z W\nTY perpendicular to XY\n"
               "XW perpendicular to TW\nYX perpendicular to WX\nYZ perpendicular to TZ\n"
               "clockwise TYZ TZW YXW ZYX TYX XWT\nangle TYZ = 52\nangle XYZ = 38\nfind angle WTZ\n")  # (FormalGeo 72)
LETTER_LEVEL = ("points A B C G H\ntriangle BCA right at C\nline A G C\nline A H B\nGH parallel to CB\nAC = 16\n"
                "BC = 27\nAG = 8\nfind GH\n")  # (reader 29's 10: G level with AC's middle)


def test_a_right_angle_split_by_a_ray_keeps_its_square_and_its_parts_their_own_arcs() -> None:
    lab = textbook_figure(parse(SPLIT_RIGHT)).labels
    assert textbook_problems(lab) == []
    assert any(m["kind"] == "right" and m["elements"] == ["angle TYX"] for m in lab["marks"])  # (YZ through it)
    assert not [m for m in lab["marks"] if m["kind"] == "right_arc"]
    arcs = {m["element"]: m["radius"] for m in lab["angle_marks"]}
    assert abs(arcs["angle TYZ"] - arcs["angle XYZ"]) >= 14.0  # (side by side at one radius they read as one arc)
    y, z = lab["points"]["Y"], lab["points"]["Z"]
    for el, other in (("angle TYZ", "T"), ("angle XYZ", "X")):  # (each value in its own part, on its side of YZ)
        x0, y0, x1, y1 = next(x for x in lab["labels"] if x["element"] == el)["bbox"]
        o = lab["points"][other]
        side = lambda p: (z[0] - y[0]) * (p[1] - y[1]) - (z[1] - y[1]) * (p[0] - y[0])  # noqa: E731
        assert side(((x0 + x1) / 2, (y0 + y1) / 2)) * side(o) > 0


def test_a_break_leaves_room_for_a_letter_level_with_the_sides_middle() -> None:
    lab = textbook_figure(parse(LETTER_LEVEL)).labels
    assert textbook_problems(lab) == []
    m = _dimension(lab, "AC")
    assert m is not None and _in_break(m, _value(lab, "AC"))
    g = lab["points"]["G"]
    x0, y0, x1, y1 = _value(lab, "AC")["bbox"]
    assert math.dist(((x0 + x1) / 2, (y0 + y1) / 2), g) > 20  # (the break off G's level: its letter by it)
