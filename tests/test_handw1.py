"""Textbook problems a new user wrote from the README and the docs (handw1), each rule on its smallest problem."""
from __future__ import annotations

from .proof_text import linted_text as _text


def test_an_isosceles_trapezoids_base_angles_at_either_base_are_equal() -> None:
    """The angles at the base AB of 'isosceles trapezoid ABCD bases AB CD' came from two triangles congruent by SSS
    ("Join BD and AC."): the shape gave the equal base angles at one base only."""
    text = _text("isosceles trapezoid ABCD bases AB CD\nangle DAB = 70\nfind angle ABC\n")
    assert text == "Since the base angles of the isosceles trapezoid ABCD are equal, angle ABC = angle BAD = 70°.", text


def test_one_pair_of_parallel_unequal_sides_and_equal_legs_make_an_isosceles_trapezoid() -> None:
    """'quadrilateral ABCD / AB parallel to DC' with bases 20 and 10 and legs 13 was refused with a hint that a
    parallelogram has the same: its unequal parallel sides rule the parallelogram out (the textbook's answer, 180)."""
    text = _text("quadrilateral ABCD\nAB parallel to DC\nAB = 20\nDC = 10\nAD = 13\nBC = 13\nfind area ABCD\n")
    assert text == (
        "Let h be the height from D to AB. Since AB is parallel to CD and AB ≠ CD, ABCD is a trapezoid, and its legs AD "
        "and BC are equal: it is an isosceles trapezoid; its height h cuts off half the difference of its bases, by "
        "Pythagoras with the leg AD; hence h² + (AB - CD)²/4 = AD², so h = √(AD² - (AB - CD)²/4) = √(13² - (20 - 10)²/4) "
        "= 12.\nBy the trapezoid area formula with the height h, area ABCD = h·(AB + CD)/2 = 12·(20 + 10)/2 = 180."), text
    angle = _text("quadrilateral ABCD\nAB parallel to DC\nAB = 20\nDC = 10\nAD = BC\nangle DAB = 50\nfind angle ABC\n")
    assert angle.endswith("it is an isosceles trapezoid, whose base angles are equal; hence angle ABC = angle BAD = "
                          "50°."), angle


def test_equal_parallel_sides_are_no_isosceles_trapezoid() -> None:
    """The same quadrilateral with equal parallel sides is a parallelogram: the judgement's unequal sides are proven
    values, never the figure's."""
    text = _text("quadrilateral ABCD\nAB parallel to DC\nAB = 10\nDC = 10\nAD = 13\nBC = 13\nangle DAB = 60\n"
                 "find area ABCD\n")
    assert "trapezoid" not in text and "parallelogram" in text, text


def test_equal_angles_that_split_an_angle_bisect_it() -> None:
    """'angle BAD = angle DAC' with D on BC was proven through a system of two unknowns ("angle ADC = 130° - angle
    CAD … so 2·angle CAD = 60°"), where 'AD bisects angle BAC' gave the textbook's half of the angle."""
    text = _text("triangle ABC\nline B D C\nangle BAD = angle DAC\nangle ABC = 70\nangle ACB = 50\nfind angle ADC\n")
    assert "Since angle BAD = angle DAC, AD bisects the angle BAC; hence angle DAC = angle BAC/2 = 60°/2 = 30°." in text, \
        text
    assert "2·angle" not in text, text


def test_a_similarity_ratio_fixed_by_midpoints_is_said_as_a_number() -> None:
    """Two midpoints and the area of the whole: "area ADE = 24·BD²/(2·BD)² = 6" put the midpoint's lengths in,
    where a textbook writes AD/AB = 1/2 and area ADE = (1/2)²·24 = 6."""
    text = _text("triangle ABC\nD midpoint of AB\nE midpoint of AC\narea ABC = 24\nfind area ADE\n")
    assert text.endswith("AD/AB = 1/2, so area ADE = (AD/AB)²·(area ABC) = (1/2)²·24 = 6."), text
    assert "BD²" not in text, text


def test_a_triangles_angle_sum_names_its_angles_by_the_triangles_vertices() -> None:
    """With D on AC, the angle at C was 'angle BCD' (its nearest points) through the angle sum of triangle ABC and
    the inscribed angle theorem after it ("angle BCD = angle ACB (the same angle)"), where 'angle ACB' is its
    plain name."""
    text = _text("circle O through A B C\nline B O D\nline A D C\nangle ABC = 50\nangle BAC = 60\nfind angle AOB\n")
    assert text == ("By the angle sum of triangle ABC, angle ACB = 180° - angle ABC - angle BAC = 180° - 50° - 60° = "
                    "70°. Since the central angle AOB is twice the inscribed angle ACB on the same arc, angle AOB = "
                    "2·angle ACB = 2·70° = 140°."), text


def test_vertical_angles_given_in_x_are_set_equal() -> None:
    """Two crossing lines with the vertical angles APC and BPD in x: two straight angles made a system ("angle APD =
    (195 - 5x)°"), where a textbook sets the vertical angles equal."""
    text = _text("line A P B\nline C P D\nangle APC = 3x + 15\nangle BPD = 5x - 15\nfind angle APD\n")
    assert text.startswith("Since AB and CD cross at P (vertical angles), angle APC = angle BPD, so 3x + 15 = 5x - 15, "
                           "2x = 30 and x = 15."), text


def test_a_right_trapezoids_slanted_leg_is_found_by_pythagoras() -> None:
    """The slanted leg of a right trapezoid came from the general trapezoid's height by Heron, with nested roots of
    √(AB - h) put in; a textbook drops the perpendicular: CD² = AB² + (BC - AD)²."""
    text = _text("right trapezoid ABCD bases AD BC\nAD = 8\nBC = 14\nAB = 8\nfind CD\n")
    assert text == ("Since the perpendicular from D to BC is equal to AB and cuts off BC - AD of it, the leg CD is the "
                    "hypotenuse of a right triangle with the legs AB and BC - AD (by Pythagoras); hence CD² = AB² + "
                    "(BC - AD)², so CD = √(AB² + (BC - AD)²) = √(8² + (14 - 8)²) = 10."), text


def test_an_incentres_angle_is_half_the_angle_it_bisects() -> None:
    """The incentre gave the two halves equal only: with the equal-angles bisector judgement the proof took two steps
    ("angle CBO = angle ABO. Since angle ABO = angle CBO, BO bisects the angle ABC"), where the incentre says it."""
    text = _text("triangle ABC\nO incentre of ABC\nangle BAC = 60\nangle ABC = 70\nfind angle OBA\n")
    assert text == "Since O is the incentre of triangle ABC, angle ABO = angle ABC/2 = 70°/2 = 35°.", text
