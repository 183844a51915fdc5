"""A blind teacher's findings (teacher 18), each on its smallest problem."""
from __future__ import annotations

from geomill.dsl import parse
from geomill.solvers.plane.solve import solve_general


def test_an_unknown_solved_from_a_product_keeps_its_signs_plain() -> None:
    """(gen 4: "DE = -2·(area ABCD)/(-AD - BC) = -2·(44√6)/(-5 - 17)".)  Solved for a factor of a product whose
    other factor is a sum, the sum is divided by as it reads: DE = 2·(area ABCD)/(AD + BC)."""
    text = solve_general(parse("trapezoid ABCD bases AD BC\nline B E C\nDE perpendicular to BE\nAD = 5\nBC = 17\n"
                               "AB = 10\nCD = 14\nfind BD\n")).text()
    assert "(-" not in text and "= -2·" not in text, text
    assert "BD = √145" in text, text


def test_a_triangle_named_equilateral_is_not_followed_by_its_equal_sides() -> None:
    """(gen 10: "the vertices of the equilateral triangle ABC, its side is √3 times the radius (as BC = AC)", both
    sides said to be 40 before.)"""
    text = solve_general(parse("triangle ABC isosceles at A\nO circumcentre of ABC\ncircle O through A B C\n"
                               "AB = 40\nangle BAC = 60\nfind CO\n")).text()
    assert "equilateral triangle ABC, its side is √3 times the radius; hence" in text, text
