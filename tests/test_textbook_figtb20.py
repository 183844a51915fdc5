"""Textbook figures measured on a large set (issue 38): every given value on its element, every goal marked, every
relation marked.  Each test draws the smallest problem that shows a class and checks the geometry of the export;
the independent reader (tests/label_reader.py) finds nothing wrong with it, and does not crash on it."""
from __future__ import annotations

import copy

from geomill.dsl import parse
from geomill.render.textbook import textbook_figure

from tests.label_reader import mark_problems, textbook_problems

PERPENDICULAR_LINES = ("points A B C F\ntriangle ABC\nline B F A\nline C F\nCF perpendicular to BA\n"
                       "AB = 5\nAC = 4\nBC = 3\nfind CF\n")


def _labels(text: str) -> dict:
    return textbook_figure(parse(text)).labels


def test_the_reader_checks_a_square_on_two_perpendicular_lines() -> None:
    """A right-angle mark of two lines (CF ⊥ BA: elements "CF", "BA", no angle) is read, not an IndexError; a
    square moved off its lines is found."""
    lab = _labels(PERPENDICULAR_LINES)
    square = [m for m in lab["marks"] if m["kind"] == "right"]
    assert len(square) == 1 and not square[0]["elements"][0].startswith("angle ")
    assert mark_problems(lab) == [] and textbook_problems(lab) == []
    moved = copy.deepcopy(lab)
    sq = next(m for m in moved["marks"] if m["kind"] == "right")["pixels"][0]
    for p in sq:
        p[0] += 20
        p[1] -= 20
    assert any("right-angle mark of CF and BA" in p for p in mark_problems(moved))
