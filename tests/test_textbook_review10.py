"""The tenth blind review of textbook figures (issue 38), class by class: an equal-length bracket beside a split
side that crossed the segment through the side's middle and read as a chord (A).  Each class is a rule of the
layout (render/) and a check of the independent reader (tests/label_reader.py): the reader catches a spoilt
export of each, and the layout's figure of the reviewed problem passes."""
from __future__ import annotations

import copy

from geomill.dsl import parse
from geomill.render.textbook import textbook_figure

from tests.label_reader import mark_problems, textbook_problems

CHORD = ("points A B C O E F\ntriangle ABC equilateral\nline C E A\nline O E F\ncircle O through A B C F\n"
         "O circumcentre of ABC\nOE perpendicular to CE\nAB = 7\nfind FO\n")  # (review 10's 50)


def _labels(text: str) -> dict:
    return textbook_figure(parse(text)).labels


def test_a_bracket_never_crosses_a_drawn_line_the_halves_are_ticked_instead() -> None:
    lab = _labels(CHORD)
    assert textbook_problems(lab) == [] and mark_problems(lab) == []
    assert not any(m["kind"] == "bracket" for m in lab["marks"])  # (either side crosses OF)
    halves = [m for m in lab["marks"] if m["kind"] == "equal" and sorted(m["elements"]) == ["AE", "EC"]]
    assert len(halves) == 1 and len(halves[0]["pixels"]) == 2 * halves[0]["count"]
    counts = [m["count"] for m in lab["marks"] if m["kind"] == "equal"]
    assert len(set(counts)) == len(counts)  # (the halves' ticks are told apart from the triangle's sides')
    pts = lab["points"]
    e = pts["E"]
    assert abs(pts["A"][0] + pts["C"][0] - 2 * e[0]) < 0.5 and abs(pts["A"][1] + pts["C"][1] - 2 * e[1]) < 0.5
    spoilt = copy.deepcopy(lab)  # review 10's: AC's bracket below the side, across EF
    a, c = pts["A"], pts["C"]
    y = max(a[1], c[1]) + 18
    spoilt["marks"].append({"kind": "bracket", "elements": ["AC"], "count": 1, "source": "triangle ABC equilateral",
                            "pixels": [[[a[0], a[1] + 10], [a[0], y], [c[0], y], [c[0], c[1] + 10]]]})
    assert any("the bracket of AC crosses" in x for x in textbook_problems(spoilt))
