"""GeomVerse model text where a value belongs to a piece of a composite shape, to a number of the work, or
to a fact the response makes up (issue 41, the classes behind gvblind3's disagreements), in other words."""
from __future__ import annotations

import pytest
from geomill.evaluate.grading.grade import grade

from tests.test_grade_gvtext import record

# LM = (80 + π · 8² / 8) / 8 = 13.14: the semicircle cut out of KLMN has area 25.13 (GeomVerse 25.12)
NOTCHED = record("KLMN: rectangle - semicircle on MN\narea KLMN = 80\nMN = 8\nfind LM\n")
RING = record("WXYZ: square - circle\nXY = 5\nfind perimeter WXYZ\n")  # 4 · 5 + 3.14 · 5 = 35.7


@pytest.mark.parametrize("text", [
    "Step 1: The semicircle cut from the rectangle has diameter MN = 8.\n"
    "Step 2: Its area is 3.14 * 8^2 / 8 = 200.96 / 8 = 25.12.\n"
    "Step 3: 8 * LM - 25.12 = 80, so LM = 105.12 / 8 = 13.14.",
    "KLMN's missing half-disc has diameter 8, so its area is 3.14 * 64 / 8 = 25.12. "
    "Then 8 * LM = 80 + 25.12 = 105.12 and LM = 13.14.",
])
def test_a_pieces_value_said_of_it_is_not_the_shapes(text):
    g = grade(NOTCHED, text)  # never "area KLMN = 25.12", a misread of the given 80
    assert g.failure is None and g.final_correct, g
    assert [u for u in g.unused if u["role"] != "extra"] == [], g.unused


def test_a_number_of_the_work_is_no_element_when_its_line_names_the_element():
    r = record("triangle ABC right at A\nAB = 6\nAC = 8\nfind BC\n")
    g = grade(r, "The sum of the squares is 6^2 + 8^2 = 36 + 64 = 100, whose root gives BC = 10.")
    assert g.failure is None and g.steps[0].stated == 10, g


def test_a_piece_worked_out_then_given_to_the_whole_is_copied():
    g = grade(RING, "The outer square gives 4 * 5 = 20.\nThe hole's circumference is 3.14 * 5 = 15.7.\n"
                    "Hence the perimeter of WXYZ is 15.7.")
    assert (g.first_wrong_step, g.failure) == (1, "other"), g
    # one piece's formula for the whole, with no other piece worked out: a wrong formula
    g = grade(RING, "The perimeter of WXYZ is 4 * 5 = 20.")
    assert g.failure == "wrong_formula", g


def test_a_formulas_value_with_no_work_is_made_up():
    r = record("sector ABC\narea ABC = 40\nAB = 7\nfind angle ABC\n")  # 360 · 40 / (π · 49) = 93.55
    g = grade(r, "The radius is AB = 7 and the area is 40; the sector looks like a quarter, so angle ABC = 90.")
    assert g.failure == "hallucinated", g


def test_a_made_up_number_in_a_computed_inputs_place_is_hallucinated():
    # perimeter PQRST = 2 · PQ + 3 · QS, QS = 2 · 4 = 8 from the semicircle's radius: PQ = (60 - 24) / 2 = 18
    r = record("PQRST: rectangle - equilateral triangle on QS\nsemicircle on QS\nradius QS = 4\n"
               "perimeter PQRST = 60\nfind PQ\n")
    g = grade(r, "QS = 2 * 4 = 8.\nThe removed triangle has sides of 7.\n"
                 "The perimeter is 2 * PQ + QS + 2 * 7 = 60, so 2 * PQ = 60 - 8 - 14 = 38 and PQ = 19.")
    assert (g.failure, g.first_wrong_step) == ("hallucinated", 2), g
    assert "7" in g.reason, g.reason


def test_a_given_diameter_taken_as_the_radius_is_another_measures_number():
    r = record("semicircle on EF\nEF = 9\nfind perimeter EF\n")  # 9 + 3.14 · 9 / 2 = 23.13
    g = grade(r, "The semicircle's radius is 9, so its curved side is 3.14 * 9 = 28.26 and the perimeter is "
                 "9 + 28.26 = 37.26.")
    assert g.failure == "other" and "diameter" in g.reason, g


def test_a_right_angle_is_judged_in_the_shape_it_is_said_of():
    # E is a right corner of the rectangle ABDE, not of the parallelogram EFGH (area 12 · 10 · sin 50° = 91.93)
    r = record("rectangle ABDE\nAB = 3\nBD = 4\nparallelogram EFGH\nEF = 12\nEH = 10\nangle FEH = 50\n"
               "find area EFGH\n")
    g = grade(r, "EFGH has a right angle at E, so its area is 12 * 10 = 120.")
    assert g.failure == "hallucinated", g


def test_a_radius_nothing_gives_is_made_up_and_a_unit_change_is_no_arithmetic():
    g = grade(NOTCHED, "The removed semicircle has radius 5.\nIts area is 3.14 * 5^2 / 2 = 39.25.\n"
                       "8 * LM - 39.25 = 80, so LM = 119.25 / 8 = 14.91.")
    assert (g.failure, g.first_wrong_step) == ("hallucinated", 1) and "radius of 5" in g.reason, g
    r = record("sector ABC\narea ABC = 40\nAB = 7\nfind angle ABC\n")  # 360 · 40 / (3.14 · 49) = 93.59
    g = grade(r, "angle ABC = 360 * 40 / (3.14 * 49) = 14400 / 153.86 = 93.59 degrees = 1.63 radians.\n"
                 "Answer: 1.63")
    assert g.failure == "other" and "then as 1.63" in g.reason, g
