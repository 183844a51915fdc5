"""The last goals (issue 38, figtb24): a sum, difference or ratio of sides that a drawn point splits asked on the
figure by a "?" on each side's dimension line (a median's halves ticked on the side leave its dimension line
free; a side an equal-length bracket draws whole takes none: review 5's nested brackets); a goal no "?" on the
figure asks (no drawn element is it, none reads as its own) named in the legend, "tan ∠BAC = ?".  Each checked by the export and the independent reader (tests/label_reader.py)."""
from __future__ import annotations

import pytest
from geomill.dsl import parse
from geomill.render.textbook import textbook_figure

from tests.label_reader import mark_problems, problems, textbook_problems

HALVES = "points A M C B\nline A M C B\nM midpoint of AC\nAM = 2\nCB = 3\nfind {goal}\n"
# (M halves AC, its halves ticked: AC's dimension line takes no rail a bracket needs)
DIAGONALS = ("points A O D B C\nparallelogram ABCD\nline A O C\nline B O D\nAB = 3\nBC = 4\nAO = 2\n"
             "find AC + BD\n")  # (O splits both diagonals, no mark spans either whole)
BRACKETED = ("points A B C D O\nparallelogram ABCD\nline A O C\nline B O D\nAC = BD\nAB = 3\nBC = 4\n"
             "find AC + BD\n")  # (AC = BD: a bracket along each split diagonal)


def _read(fig: dict) -> list[str]:
    return problems(fig) + textbook_problems(fig) + mark_problems(fig)


@pytest.mark.parametrize("goal", ["AC - CB"])  # (a ratio of two asked sides: named whole in the legend, figtb25)
def test_a_goal_of_a_split_side_and_another_is_asked_whole_in_the_legend(goal: str) -> None:
    """Both terms asked, the first split by M: one line names it whole (figtb41: a "?" on each read as two
    unknowns; by a piece of AC, "AC - BC = ?" read as the piece's)."""
    fig = textbook_figure(parse(HALVES.format(goal=goal).replace("CB = 3\n", ""))).labels
    assert fig["goal"]["marked"] and fig["goal"]["shown"] == "legend" and "parts" not in fig["goal"]
    assert [lab["text"] for lab in fig["labels"] if lab["text"].endswith("?")] in (["AC - CB = ?"], ["AC - BC = ?"])
    assert _read(fig) == []


def test_a_function_of_a_split_side_with_the_other_term_given_is_asked_on_the_split_side() -> None:
    fig = textbook_figure(parse(HALVES.format(goal="AC + CB"))).labels
    assert fig["goal"]["marked"] and fig["goal"]["drawn"] == "AC"
    assert [lab["text"] for lab in fig["labels"] if lab["text"].endswith("?")] in (["AC + CB = ?"], ["AC + BC = ?"])
    assert _read(fig) == []


def test_two_split_diagonals_are_asked_whole() -> None:
    fig = textbook_figure(parse(DIAGONALS)).labels  # (figtb41: "AC = ?" and "BD = ?" read as two unknowns)
    assert fig["goal"]["marked"]
    assert [lab["text"] for lab in fig["labels"] if lab["text"].endswith("?")] == ["AC + BD = ?"]
    assert textbook_problems(fig) + mark_problems(fig) == []


def test_a_split_side_an_equal_bracket_spans_leaves_no_question_on_its_side() -> None:
    fig = textbook_figure(parse(BRACKETED)).labels  # (the goal named in the legend instead: see below)
    assert fig["goal"]["drawn"] is None and fig["goal"]["shown"] == "legend"
    assert [lab["text"] for lab in fig["labels"] if lab["text"].endswith("?")] == ["AC + BD = ?"]


TANGENT = "points A B C\ntriangle ABC\nangle BAC = 30\nfind tan(angle BAC)\n"  # (its angle given: no "?" on it)
HEIGHT = "points A B C\ntriangle ABC\nAB = 5\nBC = 6\nCA = 7\nfind height ABC\n"  # (no segment draws the height)
VARIABLE = "points A B C\ntriangle ABC\nAB = 5\nBC = 6\nCA = 7\narea ABC = x\nfind x\n"


def test_a_height_no_segment_draws_is_drawn_dashed_with_its_query() -> None:
    """The height asked, no segment of the problem, was named in a corner ("height ABC = ?"): now drawn dashed
    from A, square at its foot on BC, "h = ?" beside it (figtb41: reader 40's 22).  (A function of one drawn
    angle, TANGENT, is led to its angle: tests/test_textbook_figtb27.py.)"""
    fig = textbook_figure(parse(HEIGHT)).labels
    goal = fig["goal"]
    assert goal["marked"] and goal["drawn"] == "height ABC" and goal["text"] == "h = ?"
    (height,) = fig["heights"]
    assert min(abs(x - fig["points"]["A"][0]) + abs(y - fig["points"]["A"][1]) for x, y in height["line"]) < 1.0
    assert _read(fig) == []


def test_a_variables_goal_stays_in_the_text() -> None:
    fig = textbook_figure(parse(VARIABLE)).labels
    assert not [lab for lab in fig["labels"] if lab["text"].endswith("= ?") and lab["element"] == "x"]
    assert fig["goal"].get("shown") != "legend"
