"""The fifth blind review of textbook figures (issue 38), class by class: double arrows fused on a steep line,
a bracket nested in another at one offset, a leader over a mark, a dimension line and a bracket stacked on one
side, and goals left unmarked (an angle with no place in its wedge, a side crowded by points, a goal given in a
variable, a sum of angles).  Each class is a rule of the layout (render/) and a
check of the independent reader (tests/label_reader.py): the reader catches a spoilt export of each, and the
layout's figure of the reviewed problem passes."""
from __future__ import annotations

import copy
import math

from tests.label_reader import ARROW_TIPS, stacked_annotations, textbook_problems
from tests.test_textbook_review4 import _clean, _labels

STEEP = ("points A B C D\nparallelogram ABCD\nAB parallel to CD\nAD parallel to BC\nAB = 5\nAD = 9\n"
         "angle DAB = 62\nfind BC\n")
TANGENT = ("points A O B T\ntriangle OAB\ncircle O through A B\nTA tangent to circle O\nclockwise OAB BAT\n"
           "angle ABO = 55\nfind angle BAT\n")


def test_double_arrows_stand_apart_on_every_line() -> None:
    lab = _labels(STEEP)
    _clean(lab)
    double = next(m for m in lab["marks"] if m["kind"] == "parallel" and m["count"] == 2)
    for i in range(0, len(double["pixels"]), 2):
        first, second = double["pixels"][i], double["pixels"][i + 1]
        assert math.dist(first[1], second[1]) >= ARROW_TIPS > math.dist(first[0], first[1])
    spoilt = copy.deepcopy(lab)  # the second arrow of each side 10 px behind the first (arms 8.3 px)
    m = next(m for m in spoilt["marks"] if m["kind"] == "parallel" and m["count"] == 2)
    for i in range(0, len(m["pixels"]), 2):
        tip, tip2 = m["pixels"][i][1], m["pixels"][i + 1][1]
        dx, dy = tip2[0] - tip[0], tip2[1] - tip[1]
        k = 10.0 / math.hypot(dx, dy) - 1
        m["pixels"][i + 1] = [[x + k * dx, y + k * dy] for x, y in m["pixels"][i + 1]]
    assert any("two read as one" in p for p in textbook_problems(spoilt))


def test_an_asked_angle_with_no_place_in_its_wedge_is_named_and_set_off() -> None:
    lab = _labels(TANGENT)
    _clean(lab)
    assert lab["goal"]["marked"]
    own = next(x for x in lab["labels"] if x["element"] == "angle BAT")
    assert "?" in own["text"]
    spoilt = copy.deepcopy(lab)  # a bare "?" set off, its leader ending by O
    label = next(x for x in spoilt["labels"] if x["element"] == "angle BAT")
    label["text"] = "?"
    label["leader"] = [spoilt["points"]["O"], label["leader"][1] if label["leader"] else label["bbox"][:2]]
    got = textbook_problems(spoilt)
    assert any("without its angle's name" in p for p in got)
    assert any("leader that ends outside its angle" in p for p in got)


NESTED = ("points A B C D E F H\ntriangle ABC equilateral\nline B D C\nline C H E A\nline A F D\nline B F E\n"
          "F where AD meets BE\nAD median of ABC\nBE median of BCA\nDH perpendicular to CH\nAB = 37\nfind EH/AH\n")
VALUED = ("points J K N L\ntriangle JKN\ntriangle JNL\nline K N L\nJN perpendicular to LN\nclockwise JKN JNL\n"
          "JL = 9x - 5\nJK = 6x + 7\nKN = LN\nfind JK\n")
SUM = ("points A B C D E\nline A B D\nline C B E\nclockwise ABC CBD DBE EBA\nangle CBD = 130\n"
       "find angle ABC + angle DBE\n")


def _mark(lab: dict, kind: str, element: str) -> dict:
    return next(m for m in lab["marks"] if m["kind"] == kind and m["elements"] == [element])


def _offset(line: list, p: list, q: list) -> float:
    """How far the middle of a bracket's span lies off the side pq (px)."""
    (x, y), n = line[1], math.dist(p, q)
    return abs((x - p[0]) * (q[1] - p[1]) - (y - p[1]) * (q[0] - p[0])) / n


def test_nested_brackets_take_lanes_and_their_ticks_keep_off_points() -> None:
    lab = _labels(NESTED)
    _clean(lab)
    a, c = lab["points"]["A"], lab["points"]["C"]
    outer, inner = _mark(lab, "bracket", "AC")["pixels"][0], _mark(lab, "bracket", "CE")["pixels"][0]
    assert abs(_offset(outer, a, c) - _offset(inner, a, c)) >= 8.0  # a lane apart
    spoilt = copy.deepcopy(lab)  # CE's bracket at AC's offset, as review 5 saw it
    shift = outer[1][1] - inner[1][1]  # (AC is level: its offset is along y)
    m = _mark(spoilt, "bracket", "CE")
    m["pixels"][0] = [[x, y + shift] for x, y in m["pixels"][0]]
    assert any("bracket mark of AC and the bracket mark of CE run into each other" in p
               for p in textbook_problems(spoilt))
    spoilt = copy.deepcopy(lab)  # AC's tick moved level with E, a point inside AC
    tick = next(m for m in spoilt["marks"] if m["kind"] == "equal" and "AC" in m["elements"])
    i = tick["elements"].index("AC")
    e = lab["points"]["E"]
    tick["pixels"][i] = [[e[0], y] for _, y in tick["pixels"][i]]
    assert any("level with a point inside it" in p for p in textbook_problems(spoilt))


def test_a_bracket_and_a_dimension_line_stacked_on_one_side_are_caught() -> None:
    lab = copy.deepcopy(_labels(NESTED))
    a, c = lab["points"]["A"], lab["points"]["C"]
    bracket = _mark(lab, "bracket", "AC")["pixels"][0]
    out = 1 if bracket[1][1] > a[1] else -1  # the bracket's side of AC
    for sign, stacked in ((out, True), (-out, False)):
        dim = [[a[0], a[1] + sign * 30], [c[0], c[1] + sign * 30]]
        lab["marks"] = [m for m in lab["marks"] if m["kind"] != "dimension"] + [
            {"kind": "dimension", "elements": ["AC"], "count": 1, "source": "AC", "pixels": [dim]}]
        got = any("stacked on one side" in p for p in stacked_annotations(lab))
        assert got == stacked


def test_a_leader_never_runs_over_a_mark() -> None:
    lab = copy.deepcopy(_labels(NESTED))
    tick = next(m for m in lab["marks"] if m["kind"] == "equal")["pixels"][0]
    (x0, y0), (x1, y1) = tick
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    lab["labels"].append({"text": "?", "element": "perimeter ABC", "bbox": [mx + 40, my - 8, mx + 49, my + 8],
                          "leader": [[mx - 20, my], [mx + 38, my]], "font_size": 12.0, "colour": "#000000"})
    assert any("crosses the equal mark" in p for p in textbook_problems(lab))


def test_a_goal_given_in_a_variable_is_asked_on_its_element() -> None:
    lab = _labels(VALUED)
    _clean(lab)
    assert lab["goal"]["marked"] and lab["goal"]["drawn"] == "JK"
    own = next(x for x in lab["labels"] if x["element"] == "JK")
    assert "6x+7" in own["text"] and own["text"].endswith("= ?")


def test_a_sum_of_angles_asked_marks_each_angle() -> None:
    lab = _labels(SUM)
    _clean(lab)
    assert lab["goal"]["marked"] and lab["goal"]["parts"] == ["angle ABC", "angle DBE"]
    assert {x["element"] for x in lab["labels"] if x["text"] == "?"} == {"angle ABC", "angle DBE"}
