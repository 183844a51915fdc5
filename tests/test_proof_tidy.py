"""Each fact said once in a written proof (solvers/plane/tidy.py), and the linter's rule for a fact said twice."""
import re

import sympy
from geomill.dsl import parse
from geomill.solvers.plane import solve_general
from geomill.solvers.plane.tidy import tidy
from geomill.solvers.plane.write import _shortest_trig, sentences
from geomill.solvers.plane_lint import lint_general, said_twice, sentence_findings

BASE = "By the angle sum of the isosceles triangle ACB (its base angles are equal, as AC = AB), "


def test_two_base_angles_for_one_reason_are_said_in_one_sentence():
    lines = ["AC = AB = 9 (given).",
             f"{BASE}angle ACB = (180° - angle BAC)/2 = (180° - 60°)/2 = 60°.",
             f"{BASE}angle ABC = (180° - angle BAC)/2 = (180° - 60°)/2 = 60°.",
             "Since triangle ACB has two angles of 60° (at C and B), it is equilateral; hence BC = AC = 9."]
    out = tidy(lines)
    assert out[0] == f"{BASE}angle ACB = angle ABC = (180° - angle BAC)/2 = (180° - 60°)/2 = 60°.", out
    assert len(out) == 2 and "(given)" not in " ".join(out), out


def test_a_right_angle_and_its_neighbour_are_said_once_and_not_again():
    lines = ["Since BO is perpendicular to EO, angle BOE = 90°. Since BO is perpendicular to EO and BOD is a "
             "straight line, angle DOE = 90°. So angle BOE = angle DOE = 90°.",
             "Since triangles BEO and DEO are congruent by SAS, BE = DE."]
    out = tidy(lines)
    assert out[0] == "Since BO is perpendicular to EO and BOD is a straight line, angle BOE = angle DOE = 90°.", out
    assert said_twice(sentences(lines)) == ["So angle BOE = angle DOE = 90°."]
    assert said_twice(sentences(out)) == []


def test_radii_said_as_the_reason_that_uses_them_and_a_rhombus_side_at_once():
    out = tidy(["AO = BO (radii of circle O).",
                "By the angle sum of the isosceles triangle OAB (its base angles are equal, as OA = OB), angle AOD = "
                "180° - 2·angle ABO = 180° - 2·30° = 120°."])
    assert out == ["By the angle sum of the isosceles triangle OAB (its base angles are equal, as OA and OB are "
                   "radii), angle AOD = 180° - 2·angle ABO = 180° - 2·30° = 120°."], out
    out = tidy(["Since ABCD is a rhombus, AD = BC and AB = BC. So AB = AD.", "Since AB = AD, x = 1."])
    assert out[0] == "Since ABCD is a rhombus, AB = AD.", out


def test_the_conclusion_stays_last_and_shapes_take_their_own_kind():
    lines = ["Since the perpendicular OH from the centre bisects the chord AB, AH = AB/2 = 13/2.",
             "Since the perpendicular OH from the centre bisects the chord AB, BH = AB/2 = 13/2."]
    assert tidy(lines) == lines  # the last sentence is the answer
    out = tidy(["Since the diagonals of the rhombus ABCD are perpendicular, angle AHB = 90°.",
                "Since ABCD is a square, CD = AB = 10. Since G lies on arc IB, arc GB + arc IG = arc IB, so x + 100 = "
                "150° and x = 50."])
    assert out[0].startswith("Since the diagonals of the square ABCD"), out
    assert "so x + 100 = 150 and x = 50." in out[1], out


def test_a_solved_isosceles_triangle_says_its_base_angles_once_and_lints_clean():
    sol = solve_general(parse("points A C B\ntriangle ACB\nclockwise ACB\nAC = 9\nAB = 9\nangle BAC = 50\n"
                              "find angle ACB", "t.geo"))
    text = sol.text()
    assert "angle ACB = (180° - angle BAC)/2" in text and "(given)" not in text, text
    assert text.count("By the angle sum") == 1, text
    assert lint_general(sol) == []
    # (with an apex of 60° it is equilateral at once: no base angles at all)
    sol = solve_general(parse("points A C B\ntriangle ACB\nclockwise ACB\nAC = 9\nAB = 9\nangle BAC = 60\nfind BC",
                              "t.geo"))
    text = sol.text()
    assert "an angle of 60° at A, it is equilateral" in text and "angle sum" not in text, text
    assert lint_general(sol) == []


def test_a_trig_sum_over_a_tangent_is_left_short():
    """(FormalGeo 1909: "AB = 24/sin(32°) = 24·sin(32°) + 24·cos(32°)/tan(32°)", a linear solve's form of 24/sin(32°)
    that trigsimp leaves as it is while the tangent stands.)"""
    a = 8 * sympy.pi / 45
    assert _shortest_trig(24 * sympy.sin(a) + 24 * sympy.cos(a) / sympy.tan(a)) == 24 / sympy.sin(a)
    assert _shortest_trig(24 * sympy.cos(a) / sympy.tan(a)) == 24 * sympy.cos(a) / sympy.tan(a)  # (no sum: as it is)


def test_radians_in_a_proof_in_degrees_are_a_finding():
    found = sentence_findings(["By the angle sum of triangle BCF, angle BFC = 360·asin(6√399/133)/π°."])
    assert [f.check for f in found] == ["sentence"] and "radians" in found[0].detail


def test_an_equation_is_not_said_again_and_a_trig_value_is_left_short():
    """(teacher 11: "so 6y - 42 = 4y, so 6y - 42 = 4y"; "so 8 = BD·cos(47°), so BD·cos(47°) = 8";
    "BD = 8·sin(43°) + 8·sin(43°)·tan(47°)²" for 8/sin(43°).)"""
    said = tidy(["Since EDGF is a parallelogram, DG = EF, so 6y - 42 = 4y, so 6y - 42 = 4y, so 2y = 42 and y = 21."])
    assert said == ["Since EDGF is a parallelogram, DG = EF, so 6y - 42 = 4y, so 2y = 42 and y = 21."]
    sol = solve_general(parse("points D B A C\ntriangle DBA\ntriangle ABC\nline D A C\nCA perpendicular to BA\n"
                              "DB perpendicular to CB\nclockwise DBA ABC DBC\nAD = 8\nBD = y\nangle ACB = 43\n"
                              "find y", "t.geo"))
    text = sol.text()
    assert "so BD = AD/cos(angle BDA) = 8/cos(47°) = 8/sin(43°)" in text and "tan(" not in text and "8 = BD" not in text, text
    assert lint_general(sol) == []


def test_a_chord_as_long_as_the_radius_is_never_called_a_radius() -> None:
    """(A given radius and a chord AB of its length: "AO = AB = 6 (radii of circle O)" named the chord a radius.)
    Two elements are "radii of circle O" only where both are."""
    sol = solve_general(parse("points O A B\ncircle O through A B\nradius O = 6\nAB = 6\nfind angle AOB\n"))
    text = sol.text()
    assert sol.exact == 60 and lint_general(sol) == [], text
    for said in re.findall(r"([A-Z]{2}(?: = [A-Z]{2})+)[^.]*\(radii of circle O\)", text):
        assert "AB" not in said.split(" = ") and "BA" not in said.split(" = "), text


def test_the_linter_reads_which_segments_a_sentence_calls_radii() -> None:
    from geomill.solvers.plane_lint import radius_findings

    sol = solve_general(parse("points O A B\ncircle O through A B\nradius O = 6\nAB = 6\nfind angle AOB\n"))
    assert radius_findings(["AO = BO = 6 (radii of circle O).", "So OA = 6 (a radius of circle O)."], sol.model) == []
    bad = radius_findings(["AO = AB = 6 (radii of circle O)."], sol.model)
    assert [f.detail for f in bad] == ["'AO = AB = 6 (radii of circle O).' calls AB a radius of circle O"]


def test_a_diameter_is_shown_once() -> None:
    """(A semicircle's right angle, then the radius: "Since AB passes through the centre O, it is a diameter"
    said twice.)  The second use says only that AB is a diameter."""
    sol = solve_general(parse("points O A B C\ncircle O through A B C\nline A O B\nAC = 6\nBC = 8\nfind circle area O\n"))
    text = sol.text()
    assert len(re.findall(r"passes through the centre", text)) == 1 and "The diameter AB is twice the radius" in text, text
    assert lint_general(sol) == [], text
