"""Blind teachers 34 and 35's wording classes, each on its smallest case: an equation solved with one "so" a
sentence, each fact said once (a given median, an unused side, a radius letter, a ratio just found, right angles
said again as a perpendicular), a criterion stated rather than assumed, sums in the order round the figure."""
import pytest

from geomill.dsl import parse
from geomill.solvers.plane import solve_general
from geomill.solvers.plane.write import (_criterion_stated, _facts_of_shape, _formula_put_in, _perpendicular_through,
                                         _solved_forms, _then_once)
from geomill.solvers.plane_lint import run_on, sentence_findings

TRAPEZOID = "points A B C D\ntrapezoid ABCD bases AD BC\nAD = 8\nBC = 23\nAB = 16\nCD = 11\nfind area ABCD\n"
FOOT = "points A B C D\ntriangle ABC\nline B D A\nCD altitude of CBA\nAB = 19\nBC = 17\nAC = 8\nfind BD\n"
CENTROID = ("points A B C D E F\ntriangle BCA right at C\nline C D A\nline A E B\nline B F D\nline C F E\n"
            "F centroid of BCA\nBD median of BCA\nCE median of CAB\nAC = 37\nBC = 17\nfind DF\n")
INTERCEPT = ("points L R Q N M P K\npolygon LRQN\ntriangle RMQ\ntriangle QMP\npolygon NQPK\nline L R M\nline M P K\n"
             "line L N K\nline R Q P\nline N Q M\nPR parallel to KL\nKN perpendicular to MN\nRM perpendicular to PM\n"
             "clockwise LRQN RMQ QMP NQPK KNM RMP\nLR = 10\nMP = 2 KP\nfind MR\n")
TANGENT_AREA = ("points A B C O D\ntriangle ABC isosceles at A\ntriangle DBA\ncircle O through A B C\n"
                "O circumcentre of ABC\nD and C on opposite sides of line BA\nDB tangent to circle O\nAB = 30\n"
                "angle BAC = 90\nBD = 10\nfind area ABD\n")


def _text(source: str) -> str:
    return solve_general(parse(source, "case.geo")).text()


@pytest.fixture(scope="module")
def trapezoid() -> str:
    return _text(TRAPEZOID)


def test_an_equation_is_solved_with_one_so_and_its_expansion_a_sentence_of_its_own(trapezoid):
    assert ("Equating the two, 16² - x² = 11² - (15 - x)². Expanding, 256 - x² = 121 - 225 + 30x - x², so 30x = 360 "
            "and x = 12.") in trapezoid, trapezoid
    assert not sentence_findings(trapezoid.splitlines()), trapezoid


def test_the_forms_of_an_equation_are_listed_after_one_so():
    assert _solved_forms(["3x - 4 = 14", "3x = 18", "x = 6"]) == "3x - 4 = 14, 3x = 18 and x = 6"
    assert _solved_forms(["3(3x - 6) = 8(x + 2)", "9x - 18 = 8x + 16", "x = 34"]) == \
        "3(3x - 6) = 8(x + 2). Expanding, 9x - 18 = 8x + 16, so x = 34"
    assert _solved_forms(["CG² = 67² + 19²", "CG² = 4850", "CG = 5√194"]) == "CG² = 67² + 19² = 4850 and CG = 5√194"


def test_the_linter_flags_a_run_on_so_chain_solving_one_equation():
    assert run_on("Hence PQ = RS, so 3x - 4 = 14, so 3x = 18 and x = 6.")
    assert not run_on("Hence PQ = RS, so 3x - 4 = 14, 3x = 18 and x = 6.")
    assert not run_on("In the right triangle ABE, cos(angle ABE) = BE/AB, so BE = 3, so AE = 4.")  # (two elements)
    assert any(f.check == "sentence" and "run-on" in f.detail
               for f in sentence_findings(["So 2x = 10, so x = 5, so y = 1."]))


def test_the_foot_of_a_height_from_three_sides_is_worked_in_sentences():
    text = _text(FOOT)
    assert "(CD² = " not in text, text  # (never the whole argument in the rule's bracket: blind teacher 34's gen 24)
    assert ("the triangles CAD and BDC are right-angled at D, and AD = AB - BD = 19 - BD. By Pythagoras in them, "
            "CD² = AC² - AD² and CD² = BC² - BD². Equating the two, 8² - (19 - BD)² = 17² - BD². Expanding, 64 - 361 "
            "+ 38·BD - BD² = 289 - BD², so 38·BD = 586 and BD = 293/19.") in text, text


def test_a_given_median_is_named_not_found_again_through_the_centroid():
    text = _text(CENTROID)
    assert "meets CA at D" not in text and "is the median from B" not in text, text
    assert "Since F is the centroid of triangle ABC, it lies on the median BD, one third of the way along it from D" \
        in text, text


def test_a_ratio_just_found_is_put_in_not_restated():
    text = _text(INTERCEPT)
    assert "Since KM = 3·KP, KM/KP = 3" not in text, text
    assert "LM/LR = KM/KP = 3, so LM = " in text, text


def test_the_area_formula_is_named_and_its_triangle_spelt_as_asked():
    text = _text(TANGENT_AREA)
    assert "By the formula for the area of triangle ABD from two sides and the included angle, area ABD" in text, text
    assert "DBA" not in text, text


def test_a_side_the_chain_passes_through_that_nothing_uses_is_left_out():
    lines = ["Since ABC is an equilateral triangle, angle CAG = 60°.",
             "Since ABC is an equilateral triangle, BC = AB = 67.", "Since ABC is an equilateral triangle, AC = BC = 67.",
             "By the law of cosines in triangle ACG, CG² = AC² + AG² - 2·AC·AG·cos(angle CAG) = 3577."]
    assert _facts_of_shape(lines, ("AB",))[0] == "Since ABC is an equilateral triangle, angle CAG = 60° and AB = AC = 67."


def test_a_criterion_the_sentence_proves_is_stated_then_used():
    line = ("Since triangles ABC and AED are similar by AA (as angle ABC = angle AED and angle A is common), DE/BC = "
            "AD/AC, so DE = 108/13.")
    assert _criterion_stated([line]) == ["Triangles ABC and AED are similar by AA (as angle ABC = angle AED and angle "
                                         "A is common); hence DE/BC = AD/AC, so DE = 108/13."]
    assert not sentence_findings(_criterion_stated([line]))  # (the similarity still gives the ratio it cites)


def test_sums_go_round_the_figure_and_a_run_of_values_is_one_sentence():
    assert _formula_put_in("Perimeter ABNC = AB + AC + BN + CN = 3 + 3/tan(62°) + 3/tan(62°) + 3 = 6 + 6/tan(62°).") \
        == "Perimeter ABNC = AB + BN + NC + CA = 3 + 3/tan(62°) + 3 + 3/tan(62°) = 6 + 6/tan(62°)."
    assert _formula_put_in("Since arcs BC, CE, ED and DB make up the whole circle, arc BC + arc CE + arc DB + arc ED = "
                           "360°, so a = 20.") == ("Since arcs BC, CE, ED and DB make up the whole circle, arc BC + "
                                                   "arc CE + arc ED + arc DB = 360°, so a = 20.")
    assert _then_once(["So a = 20. Then arc BC = 4a° = 80°. Then arc ED = 3a° = 60°."]) == \
        ["So a = 20. Then arc BC = 4a° = 80° and arc ED = 3a° = 60°."]


def test_right_angles_through_a_straight_line_are_said_where_the_perpendicular_is_used():
    lines = ["Since CA is perpendicular to BA and CAD is a straight line, angle BAC = angle BAD = 90°.",
             "Since DB is perpendicular to CB and BA is perpendicular to the hypotenuse CD, by the geometric mean "
             "(altitude) theorem in the right triangle CBD, AB² = AC·AD."]
    assert _perpendicular_through(lines) == [
        "Since DB is perpendicular to CB and BA is perpendicular to the hypotenuse CD (as CA is perpendicular to BA "
        "and CAD is a straight line), by the geometric mean (altitude) theorem in the right triangle CBD, AB² = AC·AD."]
