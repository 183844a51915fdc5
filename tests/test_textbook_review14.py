"""Blind readers' findings on textbook figures (issue 38, figtb14), class by class: a split side's value led to one
piece of it (1); parallel arrows crammed on a short piece (2); a value nearer another element of its kind than
its own (4); points drawn on each other, tiny circles (5).  Each class is a rule of the layout (render/) and a
check of the independent reader (tests/label_reader.py): the reader refuses a spoilt export of each, and the
layout's figure passes."""
from __future__ import annotations

import copy

from geomill.dsl import parse
from geomill.render.textbook import textbook_figure

from tests.label_reader import mark_problems, textbook_problems

SPLIT = "points A B C D\ntriangle ABC\ntriangle ADC\nline A D B\nAB = 12\nAD = 5\nfind CD\n"
SPLIT_SIDE = ("points J M E L K\ntriangle JME\npolygon JELK\nparallelogram JMLK\nline M E L\nJE perpendicular to LE\n"
              "clockwise JME JELK JEL\nEJ = 6\nKL = 7\nLM = 4\nfind perimeter JKLM\n")  # (FormalGeo 39)


def _labels(text: str) -> dict:
    return textbook_figure(parse(text)).labels


def _label(lab: dict, element: str) -> dict:
    return next(x for x in lab["labels"] if x["element"] in (element, element[::-1]))


def _dimension(lab: dict, element: str) -> dict | None:
    return next((m for m in lab["marks"] if m["kind"] == "dimension" and
                 m["elements"][0] in (element, element[::-1])), None)


# -- 1: a split side's value on a dimension line spanning the whole side, never led to a piece -------------------
def test_a_split_sides_value_sits_on_its_dimension_line() -> None:
    lab = _labels(SPLIT)
    assert textbook_problems(lab) == [] and mark_problems(lab) == []
    dim = _dimension(lab, "AB")
    assert dim is not None and _label(lab, "AB")["leader"] is None


def test_the_reader_refuses_a_split_sides_value_led_to_a_piece() -> None:
    lab = _labels(SPLIT)
    spoilt = copy.deepcopy(lab)  # the readers' "12" of AB whose leader touches only AD
    spoilt["marks"] = [m for m in spoilt["marks"] if m["kind"] != "dimension"]
    a, d = spoilt["points"]["A"], spoilt["points"]["D"]
    mid = [(a[0] + d[0]) / 2, (a[1] + d[1]) / 2]
    val = _label(spoilt, "AB")
    val["text"] = "AB = 12"  # (named or not: the leader's end says AD)
    val["leader"] = [mid, [mid[0], mid[1] + 20]]
    assert any("led by its leader to a piece" in x for x in textbook_problems(spoilt))


def test_the_reader_refuses_a_dimension_line_short_of_its_side() -> None:
    lab = _labels(SPLIT)
    spoilt = copy.deepcopy(lab)
    dim = _dimension(spoilt, "AB")
    (x0, y0), (x1, y1) = dim["pixels"][0][0], dim["pixels"][0][-1]
    dim["pixels"][0][-1] = [x0 + 0.8 * (x1 - x0), y0 + 0.8 * (y1 - y0)]  # (it spans AD's share, not AB)
    assert any("does not span" in x for x in textbook_problems(spoilt))


def test_a_split_sides_value_with_no_dimension_line_goes_to_the_text() -> None:
    fig = textbook_figure(parse(SPLIT_SIDE))
    lab = fig.labels
    assert textbook_problems(lab) == []
    e, l, m = (lab["points"][n] for n in "ELM")
    for x in lab["labels"]:  # LM's value on the figure only on its dimension line
        if x["element"] in ("LM", "ML"):
            assert _dimension(lab, "LM") is not None
    given = next(g for g in lab["givens"] if g["fact"] == "LM = 4")
    assert given["shown"] in ("label", "moved")
    assert (given["shown"] == "label") == any(x["element"] in ("LM", "ML") for x in lab["labels"])
