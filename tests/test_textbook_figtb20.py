"""Textbook figures measured on a large set (issue 38): every given value on its element, every goal marked, every
relation marked.  Each test draws the smallest problem that shows a class and checks the geometry of the export;
the independent reader (tests/label_reader.py) finds nothing wrong with it, and does not crash on it."""
from __future__ import annotations

import copy

from geomill.dsl import parse
from geomill.render.textbook import textbook_figure
from shapely.geometry import Point, Polygon, box

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


RATIO_BOTH = "points A B C D\ntriangle ABC\nline B D C\nAB = 4\nAC = 6\nfind BD/DC\n"
RATIO_ONE_GIVEN = "points A B C D\ntriangle ABC\nline B D C\nAB = 4\nDC = 6\nfind BD/DC\n"
SUM_OF_SIDES = "points A B C\ntriangle ABC\nangle BAC = 90\nBC = 5\nfind AB + AC\n"


def test_a_sum_of_sides_is_asked_whole_by_its_first_term() -> None:
    """A sum or difference of sides is marked on the figure by one label naming it whole, "AB + AC = ?", by its
    first term, not left to the text; "AB = ?" and "AC = ?" each read as two unknowns (reader 40's 29, figtb41; a
    ratio of two asked sides: figtb25's test, in the legend)."""
    lab = _labels(SUM_OF_SIDES)
    goal = lab["goal"]
    assert goal["marked"] and goal["drawn"] == "AB" and "parts" not in goal
    assert [x["text"] for x in lab["labels"] if x["text"].endswith("?")] == ["AB + AC = ?"]
    assert textbook_problems(lab) == [] and mark_problems(lab) == []


def test_a_ratio_with_one_term_given_asks_the_ratio_on_the_other() -> None:
    """BD/DC with DC = 6: "BD/DC = ?" by BD (a bare "BD = ?" reads as BD asked), DC's value on DC."""
    lab = _labels(RATIO_ONE_GIVEN)
    goal = lab["goal"]
    assert goal["marked"] and goal["drawn"] == "BD" and "parts" not in goal
    assert [x["text"] for x in lab["labels"] if x["element"] == "BD"] == [f"{goal['expression']} = ?"]
    assert any(x["element"] == "CD" and x["text"] == "6" for x in lab["labels"])
    assert textbook_problems(lab) == [] and mark_problems(lab) == []


AREA_OF_LINES = ("points A B C D\ntriangle ABD\ntriangle ADC\nline B D C\nAD perpendicular to BC\nAD = 4\nBD = 3\n"
                 "DC = 5\nfind area ABC\n")  # (ABC no declared polygon: its sides are the lines drawn)
AREA_OVER_GIVEN = AREA_OF_LINES.replace("AD = 4", "area ABD = 6")


def test_an_asked_region_of_drawn_lines_is_marked_inside_it() -> None:
    """``find area ABC`` of a triangle no polygon declares, its sides drawn: "area ABC = ?" in it, not the text's;
    where it covers another region whose value is given (ABD), that value keeps its place, and the goal's "?" goes
    in the rest of ABC (figtb23: ABD a hole of it; it was the text's)."""
    lab = _labels(AREA_OF_LINES)
    assert lab["goal"]["marked"] and lab["goal"]["drawn"] == "area ABC"
    assert [x["text"] for x in lab["labels"] if x["element"] == "area ABC"] == ["area ABC = ?"]
    assert all(g["shown"] == "label" for g in lab["givens"])
    assert textbook_problems(lab) == [] and mark_problems(lab) == []
    over = _labels(AREA_OVER_GIVEN)
    assert any(g["element"] == "area ABD" and g["shown"] == "label" for g in over["givens"])
    asked = [x for x in over["labels"] if x["element"] == "area ABC"]
    assert [x["text"] for x in asked] == ["area ABC = ?"] and over["goal"]["marked"]
    part = Polygon(next(s["outline"] for s in over["shapes"] if s["name"] == "ABD"))
    at = Point(asked[0]["leader"][0]) if asked[0]["leader"] else box(*asked[0]["bbox"])
    assert not part.buffer(-0.5).intersects(at)  # (in the rest of ABC, never over the part)
    assert textbook_problems(over) == [] and mark_problems(over) == []
