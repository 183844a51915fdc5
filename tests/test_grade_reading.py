"""How GeomVerse model text is read before it is judged (issue 41): a square is no value, an angle given again
in radians is a unit changed, the sides of an angle get no length, a measured shape is no angle in an
equation, and a shape said of a kind it is not is an invented fact.  Each case is written several ways."""
from __future__ import annotations

import pytest
from geomill.evaluate.grading.alignment import claims
from geomill.evaluate.grading.answer_key import build_key
from geomill.evaluate.grading.grade import grade

from tests.test_grade_gvtext import record

# RP = √(360 · 150 / (3.14 · 80)) = 14.66, perimeter PQR = 9 + 14.66 + 6 = 29.66
SECTOR = record("triangle PQR\nsector SRP\nQR = 9\nPQ = 6\narea SRP = 150\nangle SRP = 80\nfind perimeter PQR\n")
SLIP = "80 / 360 = 0.22, and 0.22 · 3.14 = 0.79."  # 0.69: the slip


@pytest.mark.parametrize("square", [
    "Radius: RP² = 150 / 0.79 = 189.87, so RP = √189.87 = 13.78.",
    "The radius squared is RP^2 = 150 / 0.79 = 189.87, hence RP = 13.78.",
    "$RP^{2} = \\frac{150}{0.79} = 189.87$, radius $RP = \\sqrt{189.87} = 13.78$.",
    "RP squared = 150 / 0.79 = 189.87, so RP = 13.78.",
    "The square of RP is 150 / 0.79 = 189.87, so RP = 13.78.",
])
def test_a_square_gives_no_value_and_no_radius(square):
    text = f"{SLIP}\n{square}\nThe perimeter is 6 + 9 + 13.78 = 28.78."
    g = grade(SECTOR, text)
    assert (g.failure, g.first_wrong_step, g.steps[0].stated) == ("calculation", 1, 13.78), g
    _, found = claims(build_key(SECTOR), text, g.final_answer)
    assert not [c for c in found if abs(c.value - 189.87) < 1e-9], found  # the square is no element's value


# angle KLM = 360 · 20 / (3.14 · 25) = 91.72° = 1.6 rad
SECTOR_ANGLE = record("sector KLM\narea KLM = 20\nLK = 5\nfind angle KLM\n")


@pytest.mark.parametrize("text", [
    "θ = 7200 / 78.5 = 91.72°\nConverting to radians: 91.72 · π / 180 = 1.6\nAnswer: 1.6",
    "The angle KLM is 360 · 20 / (3.14 · 25) = 91.72°, which is 1.6 radians.\nFinal answer: 1.6",
    "∠KLM = 7200 / 78.5 = 91.72° ≈ 1.6 rad.\n**Answer:** 1.6",
    "From 20 = (x / 360) · 3.14 · 25 we get x = 91.72; in radian measure, 91.72 · 3.14 / 180 = 1.6.\nSo it is 1.6.",
])
def test_an_angle_given_again_in_radians_is_a_unit_changed(text):
    g = grade(SECTOR_ANGLE, text)
    assert g.failure == "other" and "given again in radians" in g.reason, g


def test_a_wrong_angle_with_radians_nearby_is_not_a_unit_change():
    g = grade(SECTOR_ANGLE, "In radians the sector's angle would be small, but we want degrees.\n"
                            "The angle KLM is 360 · 20 / (3.14 · 5) = 7200 / 15.7 = 458.6.")
    assert g.failure != "other" or "radians" not in g.reason, g


# area XYZ = 9 · 4 · sin 40° / 2 = 11.52
TRIANGLE = record("triangle XYZ\nXY = 9\nXZ = 4\nangle YXZ = 40\nfind area XYZ\n")


@pytest.mark.parametrize("text", [
    "XY is 9 and the angle between XY and XZ is 40°, so area XYZ = ½ · 9 · 4 · sin 40° = 11.57.",
    "The angle formed by sides XY and XZ measures 40 degrees; the area XYZ = 0.5 · 9 · 4 · 0.64 = 11.52.",
    "With the included angle between XZ and XY equal to 40°, area XYZ = 18 · 0.64 = 11.52.",
    "Between the sides XY = 9 and XZ = 4 lies the 40° angle, so the area is 9 · 4 · 0.64 / 2 = 11.52.",
    "The angle opposite YZ is 40°, so the area is ½ · 9 · 4 · sin 40° = 11.57.",
    "The angle that XY makes with XZ is 40°, and the angle between XY = 9 and XZ = 4 gives 18 · 0.64 = 11.52.",
])
def test_the_sides_of_an_angle_get_no_length_and_area_names_the_area(text):
    g = grade(TRIANGLE, text)
    assert g.failure is None and g.final_correct and g.unused == [], g


# angle YZU = 105, YZ = 60 / (8 · sin 105°) = 7.73, ZW = (100 - 4 · 7.73) / 5.14 = 13.44
NOTCHED = record("WXYZ: rectangle - semicircle on ZW\ntriangle ZUY\nangles YZU and YZV are supplementary\n"
                 "perimeter WXYZ = 50\narea ZUY = 30\nZU = 8\nangle YZV = 75\nfind ZW\n")


@pytest.mark.parametrize("area", [  # the triangle named by the letters of its angle YZU
    "Area of YZU = ½ · ZU · ZY · sin 105° → 30 = ½ · 8 · ZY · 0.97 → ZY = 60 / 7.76 = 7.73.",
    "The area of the triangle UZY = (1/2)(ZU)(YZ) sin 105° = 30, so YZ = 60 / (8 × 0.97) = 7.73.",
    "area YZU = 0.5 · 8 · YZ · sin(105) = 30 gives YZ = 7.73.",
])
def test_a_measured_shape_is_no_angle_of_an_equation(area):
    g = grade(NOTCHED, f"∠YZU = 180 − 75 = 105°.\n{area}\nThe removed semicircle has radius 6, so ZW = 2 · 6 = 12.")
    assert [s.correct for s in g.steps] == [True, True, False] and g.failure == "hallucinated", g
    assert "uses" not in g.reason, g  # no input read as another value


# QR = 96 / 8 = 12, area QTUR = 5 · 12 = 60
TWO_RECTANGLES = record("rectangle PQRS\nrectangle QTUR\narea PQRS = 96\nPQ = 8\nQT = 5\nfind area QTUR\n")
SIDE = "PQRS has area 96 and PQ = 8, so QR = 96 / 8 = 12.\n"


@pytest.mark.parametrize("claim", [
    "QTUR is a square, so its area is 12 · 12 = 144.",
    "In the square QTUR every side is 12, so the area of QTUR is 12 · 12 = 144.",
    "The QTUR shape is also a square: area QTUR = 12² = 144.",
    "Since QT = QR, the area of QTUR is 12 · 12 = 144.",
    "As a square, QTUR has area 12 · 12 = 144.",
    "All sides of QTUR are equal, so its area is 12 · 12 = 144.",
])
def test_a_shape_said_of_a_kind_it_is_not_is_invented(claim):
    g = grade(TWO_RECTANGLES, SIDE + claim)
    assert (g.failure, g.first_wrong_step) == ("hallucinated", 2) and "which the figure does not have" in g.reason, g


def test_a_value_copied_with_no_claim_stays_other_and_a_true_kind_is_no_invention():
    g = grade(TWO_RECTANGLES, SIDE + "The area of QTUR is 12.")
    assert (g.failure, g.first_wrong_step) == ("other", 2), g
    g = grade(TWO_RECTANGLES, SIDE + "QTUR is a rectangle too, and QR = UT = 12, so its area is 5 · 12 = 60.")
    assert g.failure is None and g.final_correct, g


@pytest.mark.parametrize("radius", [
    "The semicircle has a radius of r = 6, so ZW = 2r = 12.",
    "Taking the radius of the removed semicircle as 6, ZW = 2 · 6 = 12.",
    "- Semicircle radius: 6\n- ZW = 2 · 6 = 12",
])
def test_a_radius_nothing_gives_is_made_up_however_its_double_is_written(radius):
    g = grade(NOTCHED, f"∠YZU = 180 − 75 = 105°.\nYZ = 60 / (8 · sin 105°) = 60 / 7.76 = 7.73.\n{radius}")
    assert (g.failure, g.first_wrong_step) == ("hallucinated", 3), g
