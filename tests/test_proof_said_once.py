"""Issue 37, a blind teacher's classes 3-8 (teacher 7): each fact said once, only the facts the goal uses,
a given cited as given, a renamed angle tied to its name, textbook names for theorems, exact values.
Each case is the smallest problem that shows its class; every solution must also pass the linter."""
from __future__ import annotations

import functools
import re

from .proof_text import linted_text

_text = functools.cache(linted_text)  # (several tests read one proof)


EQUILATERAL = "triangle ABC equilateral\nline A D C\nline A E B\nDE parallel to CB\nAB = 30\nAD = 21\nfind DE/BE\n"


def test_a_given_shape_is_cited_once_and_parallel_angles_in_one_clause():
    text = _text(EQUILATERAL)
    assert text.count("Since ABC is an equilateral triangle") == 1, text
    assert "Since ABC is an equilateral triangle, angle ACB = angle ABC = 60°." in text, text  # the facts it gives, listed together
    assert text.count("it is equilateral") == 1, text  # proved once, its sides said there in one chain
    assert "hence AE = DE = AD = 21" in text and "Since triangle ADE is equilateral" not in text, text
    assert "are equal; hence" not in text and "(corresponding angles)" in text, text
    assert "Therefore DE/BE = 21/9 = 7/3." in text, text  # the last simplification shown


def test_a_shape_proved_once_is_named_by_what_it_is_after():
    text = _text("triangle ABC equilateral\nquadrilateral AEDF\nline C D B\nline A E C\nline A F B\n"
                 "ED parallel to AB\nFD parallel to AC\nAB = 18\nCD = 13\nfind area AEDF\n")
    # (named after by its formula: "Since AEDF is a parallelogram" is not said again)
    assert text.count("it is a parallelogram") == 1, text
    assert "By the area formula of the parallelogram AEDF, area AEDF" in text, text
    assert "Since AEDF is a parallelogram" not in text, text


def test_whole_givens_give_fractions_and_the_right_triangle_ratio_reads_as_a_textbook_says_it():
    text = _text("isosceles trapezoid ABCD bases AD BC\nline B E C\nAE perpendicular to BE\nBC = 21\nAB = 13\n"
                 "angle ABC = 60\nfind BE/CE\n")
    assert "Since E lies on BC, angle ABE = angle ABC = 60°. In the right triangle AEB" in text, text
    assert "cos(angle ABE) = BE/AB" in text, text
    assert "= 13/2." in text and "6.5" not in text and "14.5" not in text, text
    assert "BE/CE = (13/2)/(29/2) = 13/29" in text, text


def test_the_value_found_is_read_under_the_given_name_in_the_same_step():
    text = _text("triangle ABC\nBC perpendicular to AC\nclockwise ABC\nAB = y\nBC = x\nAC = 7 sqrt(2)\n"
                 "angle BAC = 45\nfind y\n")
    assert "AB = AC/cos(angle BAC) = (7√2)/cos(45°) = 14. Hence y = 14." in text and "Since AB = y" not in text, text


def test_an_angle_renamed_along_its_line_is_tied_once_and_the_answer_keeps_the_questions_name():
    text = _text("triangle GBA\ntriangle GDC\ncircle O through B A D C\nline B G D\nline C G A\n"
                 "clockwise GBA GDC BAD BDC\nangle DCG = 3x\nangle ABG = x + 24\nfind angle ABG\n")
    assert "angle ABG is angle ABD, as G lies on line BD" in text, text
    assert "So angle ABG = (x + 24)° = (12 + 24)° = 36°." in text, text


def test_a_right_angle_the_proof_never_uses_is_left_out():
    text = _text("triangle ACD\ntriangle ADB\nline C D B\nAD perpendicular to BD\nBA perpendicular to CA\n"
                 "clockwise ACD ADB BAC\nAB = z\nAC = x\nAD = y\nBD = 6\nCD = 4\nfind z\n")
    assert "angle ADC" not in text and "CDA" not in text, text
    assert "Hence z = 2√15." in text, text


def test_two_chords_and_a_quadrilateral_area_are_named_and_worked_once():
    text = _text("quadrilateral ACBD\nline A P B\nline C P D\ncircle O through A C B D\nAP = 12\nBP = 11\nCP = 14\n"
                 "angle APC = 45\nfind area ACBD\n")
    assert "By the intersecting chords theorem, AP·BP = CP·DP" in text and "power of the point" not in text, text
    assert "area ACBD = AB·CD·sin(angle APC)/2 = 23·(164/7)·sin(45°)/2 = 943√2/7" in text, text
    assert "2·area" not in text, text


def test_a_midline_names_its_midpoints_and_a_base_angle_is_half_the_rest():
    text = _text("polygon XQRY\ntriangle QZR\nline Z Q X\nline Z R Y\nXY parallel to QR\nclockwise XQRY QZR\n"
                 "QR = 10\nQX = QZ\nQZ = 8\nfind XY\n")
    assert "Since Q is the midpoint of ZX and QR is parallel to XY, R is the midpoint of ZY" in text, text
    text = _text("triangle ABC isosceles at A\nline A F C\nline A G B\nFG midsegment of ACB\nAB = 15\n"
                 "angle BAC = 120\nfind FG\n")
    # (either base angle: the law of sines then takes the side next to it, AB or its equal AC)
    assert re.search(r"angle A(CB|BC) = \(180° - angle BAC\)/2 = \(180° - 120°\)/2 = 30°", text), text
    assert "Since ABC is an isosceles triangle with apex A, AB = AC." not in text, text  # said where it is used
    assert "FG = BC/2 = 15√3/2." in text, text  # not (15√3)/2 = 15√3/2


def test_sentences_with_one_reason_in_a_row_share_it_and_parallel_angles_carry_their_value():
    from geomill.solvers.plane.write import _said_once, _same_reason

    lines = _same_reason(["Since ABC is congruent to EDC, BC = CD.",
                          "Since ABC is congruent to EDC, angle CDO = angle ABC = 50°. By the angle sum of triangle "
                          "ABC, angle CAD = 40°."])
    assert lines == ["Since ABC is congruent to EDC, BC = CD and angle CDO = angle ABC = 50°.",
                     "By the angle sum of triangle ABC, angle CAD = 40°."], lines
    line = _said_once("Since EC is parallel to AB, the alternate angles ADE and BAD are equal; hence angle ADE = "
                      "angle BAD, so angle BAD = x°. Since EC is parallel to AB, the alternate angles BDC and ABD "
                      "are equal; hence angle BDC = angle ABD, so angle ABD = x°.")
    assert _same_reason([line]) == ["Since EC is parallel to AB, angle BAD = angle ADE = x° and angle ABD = angle "
                                    "BDC = x° (alternate angles)."], line
