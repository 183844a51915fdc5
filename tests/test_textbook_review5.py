"""The fifth blind review of textbook figures (issue 38), class by class: double arrows fused on a steep line,
an asked angle with no place in its wedge left unmarked.  Each class is a rule of the layout (render/) and a
check of the independent reader (tests/label_reader.py): the reader catches a spoilt export of each, and the
layout's figure of the reviewed problem passes."""
from __future__ import annotations

import copy
import math

from geomill.dsl import parse
from geomill.render.textbook import textbook_figure

from tests.label_reader import ARROW_TIPS, mark_problems, textbook_problems

STEEP = ("points A B C D\nparallelogram ABCD\nAB parallel to CD\nAD parallel to BC\nAB = 5\nAD = 9\n"
         "angle DAB = 62\nfind BC\n")
TANGENT = ("points A O B T\ntriangle OAB\ncircle O through A B\nTA tangent to circle O\nclockwise OAB BAT\n"
           "angle ABO = 55\nfind angle BAT\n")

_FIGS: dict[str, dict] = {}


def _labels(text: str) -> dict:
    if text not in _FIGS:
        _FIGS[text] = textbook_figure(parse(text)).labels
    return _FIGS[text]


def _clean(lab: dict) -> None:
    assert textbook_problems(lab) == []
    assert mark_problems(lab) == []


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
