"""Blind readers 28 and 29 (issue 38, items 2 and 4): a sector's leader that ended in the circular segment beyond
its drawn chord (read as asking the segment's area).  The rule (render/attribution.py ``Rules._interior``): a
region's leader ends in its largest part, never in a small piece a drawn line cuts off it.  The reader's checks
(tests/label_reader.py): a sector's leader past its drawn chord; a given side's value moved off the figure beside
the bracket that spans the side (reader 29's 05: the square's AB = 55).  Its rule (render/): a bracketed
side's dimension line sits beyond the bracket's tick, the canvas's margin widened for it and its value."""
from __future__ import annotations

import numpy as np

from geomill.dsl import parse
from geomill.render.textbook import textbook_figure

from tests.label_reader import textbook_problems

SECTOR = ("points O A B C\ntriangle ABC\ncircle O through A B C\ncounterclockwise OBC\nAO = 10\nangle ABC = 70\n"
          "angle ACB = 60\nfind sector area OBC\n")  # (reader 29's 18: chord BC and radii OB, OC drawn)
SQUARE = ("points A B C D F G\nsquare ABCD\nline A F B\nline D G C\nline F G\nF midpoint of AB\nG midpoint of DC\n"
          "AB = 55\nfind FG\n")  # (reader 29's 05: AB's bracket between AB and its dimension line)


def _side(p: np.ndarray, a: np.ndarray, b: np.ndarray) -> float:
    return float((b - a)[0] * (p - a)[1] - (b - a)[1] * (p - a)[0])


def test_a_sectors_leader_ends_on_its_centres_side_of_its_drawn_chord() -> None:
    lab = textbook_figure(parse(SECTOR)).labels
    assert textbook_problems(lab) == []
    pts = {n: np.array(p, float) for n, p in lab["points"].items()}
    asked = next(x for x in lab["labels"] if x["element"] == "area OBC")
    end = np.array(asked["leader"][0] if asked["leader"] is not None else
                   [(asked["bbox"][0] + asked["bbox"][2]) / 2, (asked["bbox"][1] + asked["bbox"][3]) / 2], float)
    o, b, c = pts["O"], pts["B"], pts["C"]
    assert _side(end, b, c) * _side(o, b, c) > 0  # (not in the segment beyond chord BC)
    assert _side(end, o, b) * _side(c, o, b) > 0 and _side(end, o, c) * _side(b, o, c) > 0  # (within its radii)


def test_the_reader_flags_a_sectors_leader_past_its_chord() -> None:
    lab = textbook_figure(parse(SECTOR)).labels
    asked = next(x for x in lab["labels"] if x["element"] == "area OBC")
    b, c = (np.array(lab["points"][n], float) for n in "BC")
    far = (b + c) / 2 + 0.3 * (b + c - 2 * np.array(lab["points"]["O"], float))  # (beyond BC, inside the arc)
    asked["leader"] = [[float(far[0]), float(far[1])], asked["leader"][1] if asked["leader"] else [0.0, 0.0]]
    assert any("past its sector's chord" in p for p in textbook_problems(lab))


def test_the_reader_flags_a_bracketed_sides_value_moved_off_the_figure() -> None:
    lab = {"points": {}, "labels": [], "segments": [], "shapes": [],
           "marks": [{"kind": "bracket", "elements": ["AB"], "pixels": []}],
           "givens": [{"fact": "AB = 55", "element": "AB", "shown": "moved", "drawn": "AB"}]}
    from tests.label_reader import _bracketed_values_moved
    assert _bracketed_values_moved(lab) == ["'AB = 55' is moved off the figure beside the bracket of AB"]


def test_a_squares_given_side_is_on_its_dimension_line_beyond_its_bracket() -> None:
    lab = textbook_figure(parse(SQUARE)).labels
    assert textbook_problems(lab) == []
    assert [g["shown"] for g in lab["givens"] if g["element"] == "AB"] == ["label"]
    dim = next(m for m in lab["marks"] if m["kind"] == "dimension" and set(m["elements"][0]) == set("AB"))
    bracket = next(m for m in lab["marks"] if m["kind"] == "bracket" and set(m["elements"][0]) == set("AB"))
    a, b = (np.array(lab["points"][n], float) for n in "AB")
    u = (b - a) / np.linalg.norm(b - a)

    def off(xy) -> float:
        w = np.array(xy, float) - a
        return abs(float(u[0] * w[1] - u[1] * w[0]))
    value = next(x for x in lab["labels"] if x["element"] == "AB")
    x0, y0, x1, y1 = value["bbox"]
    assert max(off(p) for line in bracket["pixels"] for p in line) < min(off(c) for c in
                                                                          ((x0, y0), (x1, y0), (x0, y1), (x1, y1)))
    assert "gap" in dim  # (the value in the dimension line's break, beyond the bracket)
