"""Detours a blind teacher (33) marked in generated solutions, each on its smallest problem: the route a teacher
takes is the one the proof's choice weighs lightest."""
from __future__ import annotations

from .proof_text import linted_text as _text

# a height AG on the base DC, E between D and G: the foot's part DG from the two right triangles on the height
FOOT = ("points D A C E G\ntriangle DAC\nline D E G C\nline A E\nline A G\nAG perpendicular to DC\n"
        "AD = 21\nAC = 10\nCD = 25\nDE = 7\nfind AE\n")


def test_a_side_held_squared_is_pythagoras_in_its_own_right_triangle_not_the_difference_again() -> None:
    # (teacher 33 gen 26: "2·CE·EG = AE² + CE² - AC²", the two right triangles subtracted a second time, and CE found
    # for it only; AE² = AG² + EG², with AG² = AD² - DG², is direct)
    text = _text(FOOT)
    assert "so 50·DG = 966 and DG = 483/25" in text, text  # (the foot's part: what the difference is for)
    assert "2·CE·EG" not in text and "CE = " not in text, text
    assert "AE² = AG² + EG²" in text, text


def test_a_right_triangle_is_named_by_its_own_points_not_by_a_longer_arm_of_its_right_angle() -> None:
    # (angle AGE is angle AGD, E on GD: the right triangle of AG² + EG² = AE² is AGE, never AGD)
    text = _text(FOOT)
    assert "By Pythagoras in the right triangle AGE, AG² + EG² = AE²" in text, text
    assert "right triangle DAG" not in text, text


def test_the_goals_formula_is_weighed_again_with_a_value_put_in_found_lighter_since() -> None:
    # (teacher 33 gen 13: the right triangle's area AC·AE/2 entered with AE from a chord of an equal arc, so a long
    # angle chase to "similar, hence equal areas" weighed less; the polish then found AE by Pythagoras, CE = AB both
    # diameters, and the area from the legs is cited again with it)
    text = _text("points A B C O E\ntriangle BCA right at C\ntriangle CAE\nline C O E\ncircle O through B C A E\n"
                 "O circumcentre of BCA\nCE diameter of circle O\nAC = 23\nBC = 39\nfind area ACE\n")
    assert "similar" not in text and "angle ACO" not in text, text
    assert "angle CAE = 90° (an angle in a semicircle)" in text, text
    assert "AE = 39" in text and "area ACE = AC·AE/2 = 23·39/2 = 897/2" in text, text


def test_the_cut_off_parallelograms_side_is_the_given_half_at_once() -> None:
    # (teacher 32 gen 16: "DH = AG = AB/2 = DC/2 …, so H is the midpoint of DC; hence DH = CD/2", DH already 7/2 at
    # AB/2, the midpoint of DC and CD = AB a circle back to it)
    text = _text("points A B C D G H\nparallelogram ABCD\nline D H C\nline G H\nG midpoint of AB\n"
                 "GH parallel to BC\nAB = 7\nfind DH\n")
    assert "H is the midpoint" not in text and "CD = AB" not in text and "CD/2" not in text, text
    assert "DH = AG = AB/2 = 7/2 (as G is the midpoint of AB)" in text, text  # (the half said once: teacher 36)


def test_a_point_on_a_perpendicular_bisector_is_equally_far_from_its_ends_in_one_step() -> None:
    # (teacher 33 gen 17: "triangles ABF and ACF are congruent by SAS" for BF = CF, F the centroid of an equilateral
    # triangle; the median to its base is its perpendicular bisector, and F lies on it)
    text = _text("points A B C D E F\ntriangle ABC equilateral\nline A D B\nline B E C\nline C F D\nline A F E\n"
                 "F centroid of CAB\nAE median of ABC\nCD median of CAB\nAB = 39\nfind BF\n")
    assert "congruent" not in text, text
    assert "lies on the perpendicular bisector of" in text and "BF = " in text and "= 13√3." in text, text


def test_an_equation_that_gave_another_element_from_the_goal_is_never_cited_back_for_the_goal() -> None:
    # (the trapezoid's area from its height BE, then BE from that area: a circle, where the area formula is cited
    # again only for an element it gave itself)
    text = _text("trapezoid ABCD bases AD BC\nE on AD\nBE perpendicular to AD\nAD = 16\nBC = 10\nAB = 5\nCD = 5\n"
                 "find BE\n")
    assert "area ABCD" not in text, text


def test_a_drawn_height_gives_the_area_before_herons_formula() -> None:
    # (Heron's formula solved in the first round weighed a solved value's 0.5, lighter than the isosceles triangle's
    # half base, Pythagoras and ½·base·height; with no height drawn it is still the route)
    text = _text("points A B C D\ntriangle ABC\nline B D C\nline A D\nAD perpendicular to BC\nAB = 5\nAC = 5\nBC = 6\n"
                 "find area ABC\n")
    assert "Heron" not in text and "BD = BC/2 = 6/2 = 3" in text and "AD·BC/2 = 4·6/2 = 12" in text, text
    assert "Heron" in _text("points A B C\ntriangle ABC\nAB = 5\nAC = 5\nBC = 6\nfind area ABC\n")
