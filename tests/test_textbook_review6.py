"""The sixth blind review of textbook figures (issue 38), class by class: an angle's value in a variable read as
a length (no degree sign), a valued right angle drawn with an arc or with nothing, a widened arc running against
another line, an equal angle's arc inside its value's arc, a region's label outside its region, givens moved
to the text where a leader had room, and an equality of arcs written two ways in the question.  Each class is
a rule of the layout (render/) or of the question writer, and a check of the independent reader
(tests/label_reader.py) where a figure shows it: the reader catches a spoilt export of each, and the layout's
figure of the reviewed problem passes."""
from __future__ import annotations

import copy
from io import BytesIO

import numpy as np
from geomill.dsl import parse
from geomill.generate.textbook import question
from geomill.render.textbook import textbook_figure
from PIL import Image

from tests.label_reader import ink_problems, mark_problems, textbook_problems

MEDIAN = ("points M L N P\ntriangle MLN equilateral\ntriangle MPN\nline L P N\nMP median of MLN\n"
          "clockwise MLN MPN LPM\nLM = 3x + 1\nMN = 4x - 2\nangle LPM = 5y\nfind LM\n")
CHORDS = ("points A C O B D\ntriangle CAO\ntriangle COB\nline C O D\ncircle O through A D B C\n"
          "clockwise CAO COB ADB ABC BOA\nangle BCO = 35\nangle CAO = 25\nfind angle AOB\n")
TANGENT = ("points B O A E C D P\ntriangle AEC\ntriangle CED\ntriangle EAB\nline B E C\nline A E D\nline A C P\n"
           "line A O B\ncircle O through A B D C\nAB diameter of circle O\nPB tangent to circle O\n"
           "clockwise AEC CED EAB ABD ADC BPA\nangle APB = 40\nfind angle ADC\n")

PARALLELS = ("points D E F C A B\npolygon DEFC\npolygon EABF\nDC parallel to EF\nEF parallel to AB\n"
             "DE perpendicular to AE\nclockwise DEFC EABF FCD EAB CDE DEA\nangle DCF = 130\n"
             "angle DCF = angle BAE\nfind angle CDE\n")

TRAPEZOID = ("points A B C D E\nisosceles trapezoid ABCD bases AD BC\nline B E C\nAE perpendicular to BE\n"
             "BC = 14\nAB = 4\nangle ABC = 60\nfind CE\n")
REGION = "points A B C\ntriangle ABC\nAB = 5\nBC = 6\nangle ABC = 40\nfind area ABC\n"

_FIGS: dict = {}


def _figure(text: str):
    if text not in _FIGS:
        _FIGS[text] = textbook_figure(parse(text))
    return _FIGS[text]


def _problems(fig) -> list[str]:
    px = np.asarray(Image.open(BytesIO(fig.data)).convert("RGB"))
    lab = fig.labels
    return textbook_problems(lab) + mark_problems(lab) + ink_problems(lab, px)


def test_an_angle_in_a_variable_says_degrees_and_a_valued_right_angle_has_its_square() -> None:
    fig = _figure(MEDIAN)
    assert _problems(fig) == []
    lab = fig.labels
    value = next(x for x in lab["labels"] if x["element"] == "angle LPM")
    assert value["text"] == "(5y)°"  # (as the question writes it)
    assert any(m["kind"] == "right" and m["elements"] == ["angle LPM"] for m in lab["marks"])
    spoilt = copy.deepcopy(lab)  # the value bare: it reads as PL's length
    next(x for x in spoilt["labels"] if x["element"] == "angle LPM")["text"] = "5y"
    assert any("no degree sign" in p for p in textbook_problems(spoilt))
    spoilt = copy.deepcopy(lab)  # the square not drawn (review 6's figure: an arc exported, nothing drawn)
    px = np.asarray(Image.open(BytesIO(fig.data)).convert("RGB")).copy()
    square = next(m for m in spoilt["marks"] if m["kind"] == "right")
    spoilt["marks"].remove(square)
    xs = [x for x, _ in square["pixels"][0]]
    ys = [px.shape[0] - y for _, y in square["pixels"][0]]
    px[int(min(ys)) - 3:int(max(ys)) + 4, int(min(xs)) - 3:int(max(xs)) + 4] = 255
    assert any("exported but not drawn" in p for p in ink_problems(spoilt, px))


def test_a_given_with_no_room_in_its_wedge_is_named_and_set_off_not_moved() -> None:
    fig = _figure(CHORDS)
    assert _problems(fig) == []
    assert all(g["shown"] != "moved" for g in fig.labels["givens"])
    value = next(x for x in fig.labels["labels"] if x["element"] == "angle CAO")
    assert value["text"] == "∠CAO = 25°" and value["leader"] is not None


def test_a_set_off_value_never_leads_across_a_mark() -> None:
    fig = _figure(TRAPEZOID)  # (review 6's layout led "∠ABC = 60°" across the square at E)
    assert _problems(fig) == []
    assert sum(g["shown"] == "moved" for g in fig.labels["givens"]) <= 1


def test_a_widened_arc_keeps_off_lines_that_miss_its_vertex() -> None:
    fig = _figure(TANGENT)
    assert _problems(fig) == []
    spoilt = copy.deepcopy(fig.labels)  # the arc of ADC at 60 px, as review 6 saw it, against EC
    next(a for a in spoilt["angle_marks"] if a["element"] == "angle ADC")["radius"] = 60.0
    assert any("runs against" in p for p in textbook_problems(spoilt))


def test_an_equal_angle_with_a_value_carries_the_ticks_on_its_value_arc() -> None:
    fig = _figure(PARALLELS)
    assert _problems(fig) == []
    group = next(m for m in fig.labels["marks"] if m["kind"] == "equal_angle")
    arcs = [line for line in group["pixels"] if len(line) > 2]
    assert len(arcs) == 2  # one arc at each member: the value's arc at C, the group's own at A
    spoilt = copy.deepcopy(fig.labels)  # the group's own small arc at C too, inside the value's (review 6)
    value = next(a for a in spoilt["angle_marks"] if a["element"] == "angle DCF")
    value["radius"] += 6.0
    assert any("double arc" in p for p in textbook_problems(spoilt))


def test_a_region_label_sits_inside_its_region_or_leads_into_it() -> None:
    fig = _figure(REGION)
    assert _problems(fig) == []
    lab = next(x for x in fig.labels["labels"] if x["element"] == "area ABC")
    spoilt = copy.deepcopy(fig.labels)  # the label moved off below the figure, no leader (review 6's sliver)
    moved = next(x for x in spoilt["labels"] if x["element"] == "area ABC")
    bottom = max(y for s in spoilt["shapes"] for _, y in s["outline"])
    h = lab["bbox"][3] - lab["bbox"][1]
    moved["bbox"] = [lab["bbox"][0], bottom + 20, lab["bbox"][2], bottom + 20 + h]
    moved["leader"] = None
    assert any("outside its polygon" in p for p in textbook_problems(spoilt))


def test_both_sides_of_an_equality_of_arcs_are_named_alike() -> None:
    text = question(parse("points O C A B\ntriangle ABC\ncircle O through A B C\nclockwise ABC\n"
                          "arc length OBA = arc length OAC\nangle ACB = 80\nfind angle BAC\n"), True, False)
    assert "the length of arc BA = the length of arc AC" in text
