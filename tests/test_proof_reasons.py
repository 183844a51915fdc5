"""Issue 37, a blind teacher's class 1 and its neighbours: the key step says why its theorem applies
(a diameter through the centre, the arc an inscribed or tangent–chord angle stands on, a parallel's
source), angles are named in the triangle a step uses, and no step gives its unknown in terms of itself."""
from __future__ import annotations

import re

from geomill.dsl import parse
from geomill.solvers.plane import solve_general
from geomill.solvers.plane_lint import lint_general


def _solve(text: str):
    sol = solve_general(parse(text, "case.geo"))
    assert lint_general(sol) == [], sol.text()
    return sol


def test_two_tangents_solve_the_arc_from_two_expressions_not_from_itself():
    sol = _solve("circle O through A B C\nPA tangent to circle O\nPB tangent to circle O\nC on major arc AB\n"
                 "angle APB = 50\nfind angle ACB\n")
    text = sol.text()
    assert sol.exact_value == 65
    assert text.rstrip().endswith("65°."), text  # (whichever route: the arc, or the central angle, found first)
    for line in text.splitlines():  # no chain "u = … = (an expression in u)"
        for chain in re.findall(r"((?:arc|angle) [A-Z]{2,3}) = [^,.]*= [^,.]*\1", line):
            raise AssertionError(f"{chain}: {line}")


def test_a_diameter_says_it_passes_through_the_centre_without_a_comma_splice():
    text = _solve("circle O through A B C\nline A O B\ntriangle ABC\nclockwise ABC\nfind angle ACB\n").text()
    assert "passes through the centre O, it is a diameter" in text, text  # why it is one, then what it gives


def test_a_parallel_names_its_source_and_its_angles():
    text = _solve("points A B C D E\nparallelogram ABCD\nline A E C\nline B E D\nclockwise ABC\nangle BAC = 30\n"
                  "angle ACB = 40\nfind angle CAD\n").text()
    assert text == ("Since AD is parallel to BC (opposite sides of the parallelogram ABCD), angle CAD = angle ACB = "
                    "40° (alternate angles)."), text


def test_the_tangent_right_angle_is_named_in_the_triangle_that_uses_it():
    text = _solve("points A D M E F\ncircle D through A F\nline A M D\nline D F E\nEA tangent to circle D\n"
                  "clockwise DAE\nAD = 12\nEF = 18\nfind AE\n").text()
    assert "angle DAE = 90°" in text and "EAM" not in text and "MAE" not in text, text
    assert "Pythagoras in the right triangle ADE" in text, text


def test_two_radii_are_equal_in_one_sentence():
    text = _solve("circle O through A B\ntriangle OAB\nline A M B\nM midpoint of AB\nline O M\nAB = 8\nOA = 5\n"
                  "find OM\n").text()
    assert "(radii of circle O)" in text and "= the radius of circle O" not in text, text


def test_an_angle_the_problem_names_through_another_point_is_tied_to_the_triangle_using_it():
    text = _solve("points B C D A\ntriangle BCD\ntriangle BDA\nline C D A\nCD perpendicular to BD\n"
                  "clockwise BCD BDA CAB\nAB = BC\nAC = 12\nBD = h\nangle BAC = 60\nfind h\n").text()
    assert "right triangle BDA (angle BAD = angle BAC, as D lies on AC)" in text, text
