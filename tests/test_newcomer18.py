"""A newcomer's problems written from the docs alone (newcomer 18), each finding a rule with its smallest
problem: two lines naming one centre name one circle, and a refusal that misses that circle says so."""
from __future__ import annotations

import pytest

from geomill.dsl import parse
from geomill.engine.errors import SolveError
from geomill.solvers.numeric import build_model

RING = "circle O through A B\ncircle O through M\nM on AB\nOM perpendicular to AB\nAB = 16\nfind OM\n"


def test_a_second_circle_about_one_centre_joins_the_first() -> None:
    circle = parse(RING).circles[0]
    assert circle.points == ("A", "B", "M") and [s.line for s in circle.joined] == [2]


def test_the_refusal_says_that_both_lines_name_one_circle() -> None:
    """A writer who meant two concentric circles was told only that the facts may contradict each other."""
    with pytest.raises(SolveError) as err:
        build_model(parse(RING))
    assert "lines 1 and 2 both name circle O" in str(err.value)


def test_an_angle_given_in_x_that_comes_out_right_gets_no_square() -> None:
    """'angle ACD = 3x' with x = 30: a right-angle square at C gave the answer away (newcomer 18's p22)."""
    from geomill.render.textbook import textbook_figure

    text = ("triangle ABC\nD on BC extended\nangle ACD = 3x\nangle BAC = x + 20\nangle ABC = 40\n"
            "find angle BAC\n")
    lab = textbook_figure(parse(text)).labels
    assert not [m for m in lab["marks"] if m["kind"] == "right"]
    assert "(3x)°" in [label["text"] for label in lab["labels"]]


def test_a_circle_part_less_a_polygon_is_printed_apart() -> None:
    """'(-48*sqrt(3) + 64*pi)/3' for a minor segment's area; the proof's own last line says 64π/3 - 16√3."""
    from geomill.solvers.plane.solve import solve_general

    text = ("circle O through A B\ncounterclockwise OAB\ntriangle OAB\nradius O = 8\nAB = 8 sqrt(3)\n"
            "find sector area OAB - area OAB\n")
    assert solve_general(parse(text)).answer_form == "64*pi/3 - 16*sqrt(3)"


def test_an_asked_difference_is_written_on_the_figure_as_asked() -> None:
    """The figure's header read '-area ABO + sector area OAB = ?' (newcomer 18's p15 and p20)."""
    from geomill.render.textbook import goal_text

    problem = parse("circle O through A B\ncounterclockwise OAB\ntriangle OAB\nradius O = 8\nAB = 8\n"
                    "find sector area OAB - area OAB\n")
    assert goal_text(problem.goal.expr) == "sector area OAB - area ABO"


def test_a_regular_polygon_in_its_circle_gives_its_central_angle() -> None:
    """A regular hexagon of radius 7: the side by the central angle 60° and the equilateral triangle OAB, as a
    textbook does, not by the interior angle, an isosceles triangle, an inscribed angle and its doubling."""
    from geomill.solvers.plane.solve import solve_general

    got = solve_general(parse("circle O through A B C D E F\nregular hexagon ABCDEF\nradius O = 7\nfind AB\n"))
    assert got.answer_form == "7"
    text = got.text()
    assert "central angle on a side of a regular hexagon is 360°/6, so angle AOB = 60°" in text
    assert "interior angle" not in text and got.depth == 2


def _corner_degrees(lab: dict, a: str, v: str, b: str) -> float:
    import math

    (ax, ay), (vx, vy), (bx, by) = (lab["points"][p] for p in (a, v, b))
    t = math.degrees(math.atan2(ay - vy, ax - vx) - math.atan2(by - vy, bx - vx)) % 360
    return min(t, 360 - t)


def test_a_corner_no_fact_makes_square_is_not_drawn_near_square() -> None:
    """A parallelogram given by its diagonals was drawn with a 91° corner (a rectangle to a reader), a cevian
    at 93° to its base (an altitude): newcomer 18's p05 and p13."""
    from geomill.render.textbook import textbook_figure

    gram = textbook_figure(parse("parallelogram ABCD\nline A O C\nline B O D\nAO = 2x + 1\nCO = 3x - 4\n"
                                 "find AC\n")).labels
    assert abs(_corner_degrees(gram, "D", "A", "B") - 90) > 5
    cevian = textbook_figure(parse("triangle ABC\nD on BC\nBD = DC / 2\narea ABC = 36\nfind area ABD\n")).labels
    assert abs(_corner_degrees(cevian, "A", "D", "B") - 90) > 5


def test_two_lines_from_one_point_are_not_drawn_as_one() -> None:
    """Two secants from P drawn 7° apart read as one line (newcomer 18's p02): the angle between them is free, so
    the figure opens it past 15°, and a layout that cannot says so."""
    from geomill.render.textbook import textbook_figure

    lab = textbook_figure(parse("circle O through A B C D\nline P A B\nline P C D\nPA = 3\nAB = 5\nPC = 4\n"
                                "find CD\n")).labels
    assert _corner_degrees(lab, "A", "P", "C") > 15


def test_a_kites_free_corner_is_not_drawn_near_flat() -> None:
    """A kite given by its diagonals was drawn 160° at A, reading as a triangle and a point (newcomer 18's p10)."""
    from geomill.render.textbook import FLAT_CORNER, textbook_figure

    lab = textbook_figure(parse("kite ABCD at A\nAC = 16\nBD = 10\nfind area ABCD\n", plane=True)).labels
    assert _corner_degrees(lab, "B", "A", "D") < FLAT_CORNER


def test_a_power_in_a_value_is_written_as_a_power() -> None:
    """'(2x2-10)°' for a given (2x² - 10)°: read literally, 4x - 10 (reader 25's 16; reader 23's 10, 'y2-1')."""
    from geomill.render.textbook import textbook_figure

    lab = textbook_figure(parse("triangle ABC\nangle ABC = 2x^2 - 10\nangle BCA = 8x\nangle CAB = 70\n"
                                "find x\n")).labels
    texts = [label["text"] for label in lab["labels"]]
    assert "(2x²-10)°" in texts, texts
