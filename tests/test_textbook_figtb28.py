"""Textbook figures that never mislead (issue 38): a right triangle stands on a leg unless a cevian from its right
angle stands on the hypotenuse; givens that disagree draw the shape their facts state, no sliver; an arc's radii
that nothing names are not drawn.  Each on the smallest problem that shows it."""
from __future__ import annotations

import copy

import pytest

from geomill.dsl import parse
from geomill.render.textbook import orient, textbook_figure
from geomill.render.marks import read_marks
from geomill.solvers.numeric import build_model
from tests.label_reader import _hung_right_angles

RIGHT = "points A B C\ntriangle ABC\nangle ACB = 90\nAC = 3\nBC = 4\nfind AB\n"
DISAGREE = ("points J F K G H\ntriangle JFK\npolygon JKGH\nline F K G\nline F J H\nFK perpendicular to JK\n"
            "KG perpendicular to HG\nclockwise JFK JKGH KGH\nFJ = y + 12\nFK = 3x + 7\nGK = 4x - 1\nHJ = 2y - 5\n"
            "HJ = FJ\nfind y\n")  # (FormalGeo 899: a leg of 31 against its hypotenuse of 29)


def _pts(fig: dict) -> dict:
    return {k: tuple(v) for k, v in fig["points"].items()}


def test_a_right_triangle_stands_on_a_leg_not_on_its_hypotenuse() -> None:
    problem = parse(RIGHT)
    model = build_model(problem, seed=0, check_goal=False)
    at = orient(problem, model.coords, read_marks(problem)[0])
    (ax, ay), (bx, by), (cx, cy) = (at[n] for n in "ABC")
    assert abs(ay - by) > 0.1 * abs(ax - bx) + 1e-6  # (the hypotenuse AB is not the level base)
    assert min(abs(ay - cy), abs(by - cy)) < 1e-9  # (a leg is, the right angle C at a bottom corner)
    assert cy <= max(ay, by) + 1e-9
    fig = textbook_figure(problem)
    assert not _hung_right_angles(fig.labels, _pts(fig.labels))


def test_a_right_triangle_with_a_cevian_from_its_right_angle_stands_on_its_hypotenuse() -> None:
    problem = parse("points A B C E\ntriangle BCA right at C\nline B E A\nCE bisects angle BCA\nAC = 14\nBC = 10\n"
                    "find CE\n")  # (on a leg, the bisected right angle's "90°" sat in a part of it)
    model = build_model(problem, seed=0, check_goal=False)
    at = orient(problem, model.coords, read_marks(problem)[0])
    assert abs(at["A"][1] - at["B"][1]) < 1e-9 and at["C"][1] > at["A"][1]


def test_the_reader_finds_a_right_angle_hung_over_its_hypotenuse() -> None:
    fig = textbook_figure(parse(RIGHT))
    hung = copy.deepcopy(fig.labels)
    hung["points"] = {"A": [100.0, 400.0], "B": [400.0, 400.0], "C": [208.0, 256.0]}  # (AB level, C above it)
    assert _hung_right_angles(hung, _pts(hung))


@pytest.mark.slow
def test_givens_that_disagree_draw_the_shape_their_facts_state_not_a_sliver() -> None:
    problem = parse(DISAGREE)
    fig = textbook_figure(problem)
    assert fig.labels["approximate"]
    assert not [w for w in fig.warnings if "under 15" in w or "drawn flat" in w]
    assert fig.labels.get("approximate_note")  # (the values are not to scale: the figure says so)


ARC = "points O A B C\ncircle O through A B C\narc OAB = 100\nfind angle ACB\n"


def test_an_arcs_radii_that_nothing_names_are_not_drawn() -> None:
    fig = textbook_figure(parse(ARC))
    drawn = {frozenset(s) for s in fig.labels["segments"]}
    assert frozenset("OA") not in drawn and frozenset("OB") not in drawn
    assert {frozenset("CA"), frozenset("CB")} <= drawn  # (the asked angle's sides are)
    assert all(g["shown"] != "text" for g in fig.labels["givens"])  # (the arc's value on the figure still)
