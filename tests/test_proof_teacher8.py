"""Issue 37, the eighth blind teacher's marks under 3: no false sentence, a criterion's reasons only
its own parts, and the last arithmetic shown.

Each rule is checked on the writer's own helpers with the values of the marked solutions (fast), and
where the solver is needed, on the smallest problem that shows it."""
from __future__ import annotations

import sympy
from geomill.dsl import parse
from geomill.engine.plane import Sin, element_symbol
from geomill.solvers.plane import solve_general
from geomill.solvers.plane.write import (
    _INVERSE_SAID,
    Namer,
    _criterion_once,
    _no_tautology,
    _quotient_steps,
    _ratio_said,
    _Writer,
)
from geomill.solvers.plane_lint import lint_general, sentence_findings

S2, S3, S10, S13 = sympy.sqrt(2), sympy.sqrt(3), sympy.sqrt(10), sympy.sqrt(13)


def test_an_angle_is_never_set_equal_to_its_sine():
    # generated 25: congruent triangles give angle BOX = angle BOW, whose sine is 4/5
    line = "Since triangles OBW and OBX are congruent by SSS (as BW = BX), angle BOX = angle BOW = arcsin(4/5)."
    said = _INVERSE_SAID.sub(lambda m: _ratio_said(m, None), line)
    assert "angle BOX = angle BOW, so sin(angle BOX) = 4/5." in said, said
    assert sentence_findings([said]) == []
    assert len(sentence_findings(["So angle BOX = sin(angle BOW) = 4/5."])) == 1  # the linter's rule
    assert len(sentence_findings(["Hence cos(angle ABC) = angle BCD."])) == 1
    assert sentence_findings(["BW = BO·sin(angle BOW), so 8 = 10·sin(angle BOW) and sin(angle BOW) = 4/5."]) == []
    # an inverse sine inside a sum is a term, never rewritten as a ratio
    inside = "angle CBO = 180° - angle BOX - angle BXO = 180° - arcsin(4/5) - 90° = 90° - arcsin(4/5)."
    assert _INVERSE_SAID.sub(lambda m: _ratio_said(m, None), inside) == inside


def test_a_sum_put_in_after_a_minus_sign_keeps_its_brackets():
    boc, cbo = element_symbol("angle", ("B", "O", "C")), element_symbol("angle", ("C", "B", "O"))
    value = 90 - 180 * sympy.asin(sympy.Rational(4, 5)) / sympy.pi
    shown = Namer().expr(180 - boc - cbo, {cbo: value}, True)
    assert shown == "180° - angle BOC - (90° - arcsin(4/5))", shown


def test_the_last_division_is_worked_and_rationalised():
    n = Namer()
    cases = [  # (numerator, denominator, the chain after "ratio = "): generated 8, 10, 12, 14, 19, 22, 26, 29
        (30, 30 - 8 * S3, "30/(30 - 8√3) = 15/(15 - 4√3) = 15(15 + 4√3)/177 = (20√3 + 75)/59"),
        (2 * sympy.sqrt(91), 10, "2√91/10 = √91/5"),
        (sympy.Rational(39, 4), 13, "9.75/13 = 39/52 = 3/4"),
        (sympy.Rational(7, 2), 7 * S2 / 2, "3.5/(7√2/2) = 7/(7√2) = 1/√2 = √2/2"),
        (16, 4 * S10, "16/(4√10) = 4/√10 = 2√10/5"),
        (29, 17 * S2 / 2, "29/(17√2/2) = 58/(17√2) = 29√2/17"),
        (9, 9 * S2 / 2, "9/(9√2/2) = 2/√2 = √2"),
        (S13, 3 * S3 / 2, "√13/(3√3/2) = 2√13/(3√3) = 2√39/9"),
        (5, sympy.Rational(5, 2), "5/2.5 = 10/5 = 2"),
        # (one simplification a step: cleared and cancelled at once, rationalised in lowest terms; teacher 36 gen 7)
        (sympy.Rational(23, 3), 23 * S3 / 3 * sympy.Rational(3, 2), "(23/3)/(23√3/2) = 2/(3√3) = 2√3/9"),
    ]
    for a, b, shown in cases:
        v = sympy.radsimp(a / b)
        assert " = ".join(_quotient_steps(n, sympy.sympify(a), sympy.sympify(b), v)) == shown


def test_a_ratio_goal_shows_its_division():
    sol = solve_general(parse("triangle ABC right at C\nAC = 9\nBC = 12\nfind AC/AB\n", "case.geo"))
    assert lint_general(sol) == []
    assert "Therefore AC/AB = 9/15 = 3/5." in sol.text(), sol.text()


def test_a_given_equality_is_never_its_own_reason():
    # FormalGeo 5776 and 2619: "Since AE = BE, AE = BE." and "Since EH = AB, AB = EH = 14."
    lines = _no_tautology(["Since AE = BE, AE = BE. Since E lies on AB, AB = AE + BE = BE + BE = 2·BE.",
                           "Since EH = AB, AB = EH = 14.", "Since AC = y, y = 14."])
    assert lines == ["Since E lies on AB and AE = BE, AB = AE + BE = BE + BE = 2·BE.", "Since EH = AB, AB = 14.",
                     "Since AC = y, y = 14."]


def test_a_parallelograms_area_is_base_times_height():
    # FormalGeo 2502: the drawn height BD of the parallelogram BADC, never the trapezoid's half sum
    sol = solve_general(parse("points B A D C\ntriangle BAD\ntriangle BDC\nparallelogram BADC\n"
                              "BD perpendicular to CD\nDB perpendicular to AB\nclockwise BAD BDC\nBD = 6\nAD = 10\n"
                              "find area ABCD\n", "case.geo"))
    assert lint_general(sol) == []
    text = sol.text()
    assert "area ABCD = AB·BD = 8·6 = 48" in text and "parallel sides" not in text, text


def test_a_proportion_in_a_variable_is_shown_as_its_ratios_with_the_numbers_put_in():
    # FormalGeo 2644: TW/WY = TZ/XY with TW = x, the known ratio worked out, then x from it (never cross-multiplied)
    sol = solve_general(parse("triangle WZT\nline W Z X\nline W T Y\nZT parallel to XY\nTW = x\nXY = 16\nWY = 20\n"
                              "TZ = 10\nfind x\n", "case.geo"))
    assert lint_general(sol) == []
    assert "TW/WY = TZ/XY, so x/20 = 10/16 = 5/8 and x = 20·5/8 = 25/2." in sol.text(), sol.text()


def test_a_sine_no_table_holds_is_worked_from_a_sum_of_angles():
    w = _Writer.__new__(_Writer)
    w.n = Namer()
    bac = element_symbol("angle", ("B", "A", "C"))
    said = w._compound_angles(Sin(bac) * 2 - 1, {bac: sympy.Integer(105)})
    assert said == ", where sin(105°) = sin(60° + 45°) = (√2 + √6)/4", said
    assert w._compound_angles(Sin(bac), {bac: sympy.Integer(60)}) == ""  # (a table value needs no working)


def test_a_product_of_sums_is_multiplied_out_before_it_is_collected():
    w = _Writer.__new__(_Writer)
    w.n = Namer()
    x = sympy.Symbol("x")
    shown = w._expanded(x * (x + 3), (x - 2) * (x + sympy.Rational(15, 2)), False)
    assert shown == ", so x² + 3x = x² + 11x/2 - 15", shown


def test_a_congruence_is_said_once_with_its_parts_then_used_again_by_name():
    # generated 5: the ASA conclusion first bare, then again with its parts
    lines = _criterion_once([
        "Since triangles ABE and CDE are congruent by ASA, E is the midpoint of AC; hence AE = AC/2 = √19/2.",
        "Since triangles ABE and CDE are congruent by ASA (as angle BAE = angle ACD, angle ABE = angle BDC and "
        "AB = CD), CE = AE = √19/2."])
    assert lines == ["Since triangles ABE and CDE are congruent by ASA (as angle BAE = angle ACD, angle ABE = angle "
                     "BDC and AB = CD), E is the midpoint of AC; hence AE = AC/2 = √19/2.",
                     "By the same congruence, CE = AE = √19/2."]
