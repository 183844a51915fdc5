"""Issue 37: proofs written as a textbook writes them, each rule shown on the smallest problem that needs it.

Each fact once, one unknown a sentence with the numbers put in, sentences that name their own
points (checked on the figure by the linter), values as given, and the LaTeX a textbook typesets."""
from __future__ import annotations

import re

import pytest
import sympy
from geomill.dsl import parse
from geomill.engine import relations
from geomill.engine.relations import BLOCKS_BY_KEY
from geomill.solvers.plane import solve_general
from geomill.solvers.plane.write import measures, sentences
from geomill.solvers.plane_lint import claim_findings, lint_general

# FormalGeo7k problem 6: the right angle at M and BM = 30 are each needed twice
PERIMETER = ("points A C M B\ntriangle ACM\ntriangle AMB\nline C M B\nCM perpendicular to AM\nclockwise ACM AMB\n"
             "AC = 20\nCM = 12\nBM = 30\nfind perimeter ABM\n")
TANGENT = "circle O through B\ntriangle OBP\nPB tangent to circle O\nOB = 3\nPB = 4\nfind OP\n"


def _solve(text: str):
    sol = solve_general(parse(text, "case.geo"))
    assert lint_general(sol) == []
    return sol


def test_each_fact_is_said_once_and_each_step_finds_one_unknown_with_its_numbers():
    sol = _solve(PERIMETER)
    text = sol.text()
    said = sentences(text.splitlines())
    assert len(said) == len(set(said)), text
    # a given is put in where it is used, never listed again: BM = 30 shows in the step that uses it
    assert text.count("BM = 30") <= 1 and "√(AM² + BM²) = √(16² + 30²)" in text, text
    # the two right angles at the perpendicular's foot are said in one sentence, for the one reason
    assert text.count("90°") == 1 and "angle AMC = angle AMB = 90°" in text, text
    assert "AM = √(AC² - CM²) = √(20² - 12²) = 16" in text, text
    assert "\nThe perimeter of triangle ABM = AB + BM + MA = 34 + 30 + 16 = 80." in text, text  # (no "since … is the sum of its sides")
    m = measures(sol.proof.written())
    assert m["repeated"] == 0 and m["widest"] == 1 and m["long_jumps"] == 0


def test_an_inscribed_angle_is_computed_with_the_arc_put_in():
    sol = _solve("circle O through A B C\ntriangle ABC\ncounterclockwise ABC\narc OAB = 100\nfind angle ACB")
    assert "angle ACB = arc AB/2 = 100°/2 = 50°" in sol.text(), sol.text()
    assert r"\overset\frown{AB}" in sol.text("latex") and "^{\\circ}" in sol.text("latex")


def test_variables_are_solved_from_the_equation_with_the_given_expressions_put_in():
    sol = _solve("points A B C D\nparallelogram ABCD\nangle ABC = 5y - 6\nangle CDA = y + 58\nfind y")
    assert "so 5y - 6 = y + 58, 4y = 64 and y = 16" in sol.text(), sol.text()  # (one "so": blind teacher 35)
    assert "We are given" not in sol.text()  # the givens enter the equation that uses them, never listed first


def test_a_given_value_is_printed_as_given():
    sol = _solve("points A B C\ntriangle ABC\nangle ABC = 22.5\nangle BCA = 60\nfind angle CAB")
    assert "22.5°" in sol.text() and "45/2" not in sol.text(), sol.text()


def test_the_tangent_sentence_names_its_touching_point_and_the_linter_checks_it(monkeypatch):
    sol = _solve(TANGENT)
    assert "PB is tangent to circle O at B" in sol.text(), sol.text()
    assert claim_findings(sol.proof, sol.model) == []
    # a template filled letter for letter (the old bug: "at A" for a tangent touching at B) is found
    monkeypatch.setattr(relations, "_fill", lambda t, ph, args, shown=None: re.sub(
        r"\{([A-Z]+)\}", lambda m: dict(zip(ph, map("".join, args))).get(m.group(1), m.group(1)), t))
    bad = solve_general(parse(TANGENT, "t.geo"))
    found = claim_findings(bad.proof, bad.model)
    assert found and "does not name B" in str(found[0])


def test_a_right_trapezoid_sentence_names_its_right_angles():
    block = BLOCKS_BY_KEY["right_trapezoid"]
    assert block.state((tuple("WXYZ"), tuple("WZ"), tuple("XY"))).endswith("right angles at W and X")


@pytest.mark.parametrize("text,wanted,unwanted", [
    ("points A B C\ntriangle ABC\nangle ABC = 45\nangle BCA = 60\nAC = 6\nfind AB", r"\sin", r"\operatorname{Sin}"),
    ("points A B C\ntriangle ABC\nAB = 4\nBC = 6\nangle ABC = 30\nfind area ABC", r"\cdot", r"\operatorname"),
])
def test_latex_uses_the_textbook_forms(text, wanted, unwanted):
    latex = _solve(text).text("latex")
    assert wanted in latex and unwanted not in latex and r"\angle" in latex, latex


def test_a_segment_the_figure_does_not_draw_is_joined_once():
    sol = _solve("points O A B P\ncircle O through A B\nline P A\nline P B\nPA tangent to circle O\n"
                 "PB tangent to circle O\nPA = 6\nangle APB = 60\nfind OP")
    text = sol.text()
    once = ("Join AO.", "Join BO.")  # (OP: the goal's, drawn with its "?")
    assert all(text.count(j) == 1 for j in once) and "Join" not in re.sub("|".join(once), "", text), text


@pytest.mark.parametrize("text,value", [
    ("triangle ABC\nAD median of ABC\nBE median of ABC\nG where AD meets BE\nAD = 18\nfind GD", "= 6"),
    ("triangle ABC\nD on BC\nAD bisects angle BAC\nAB = 12\nAC = 8\nBC = 15\nfind BD", "= 9"),
])
def test_a_piece_of_a_drawn_side_or_line_is_never_joined(text, value):
    text = _solve(text).text()  # BD and CD lie on the side BC, AG and DG on the median AD
    assert "Join" not in text and value in text, text


def test_an_isosceles_trapezoid_takes_the_textbook_route_to_its_area():
    text = _solve("isosceles trapezoid ABCD bases AD BC\nAD = 16\nBC = 6\nAB = 13\nfind area ABCD").text()
    # the height by Pythagoras on a leg and half the difference of the bases, then (a + b)/2·h
    assert "√(13² - (16 - 6)²/4) = 12" in text and "12·(16 + 6)/2 = 132" in text, text
    assert "^4" not in text, text


def test_no_angle_is_written_as_an_inverse_trigonometric_expression():
    # the altitude of the 13-14-15 triangle: the two Pythagoras equations on it (CD = 5, then AD = 12), not an angle
    # whose cosine is 33/65
    text = _solve("triangle ABC\nAD altitude of ABC\nAB = 15\nAC = 13\nBC = 14\nfind AD").text()
    assert "= 5.\n" in text and "AD = √(AC² - CD²) = √(13² - 5²) = 12" in text, text
    assert "acos" not in text and "cos(" not in text, text
    text = _solve("points A B C\ntriangle ABC\nAB = 15\nAC = 13\nBC = 14\nfind angle ABC").text()
    assert "cos(angle ABC) = 3/5, so angle ABC = arccos(3/5)" in text and "π" not in text, text
    text = _solve("triangle ABC\nAB = 15\nAC = 13\nBC = 14\nangle BAD = 20\nline A D\nD on BC\n"
                  "find angle ADB").text()
    assert "sin(angle ABC) = 4/5" in text and "= 160° - arcsin(4/5)" in text and "π" not in text, text
    text = _solve("points A B C\ntriangle ABC\nAB = 5\nAC = 8\nangle BAC = 60\nfind BC").text()
    assert "law of cosines" in text and "Heron" not in text, text  # a side never from Heron's formula
    text = _solve("points A B C\ntriangle ABC\nAB = 15\nAC = 13\nBC = 14\nfind sin(angle BAC)").text()
    assert "cos(angle BAC) = 33/65" in text and "= √(1 - (33/65)²) = 56/65" in text, text


def test_a_circle_is_named_as_a_textbook_names_it():
    text = _solve("circle O through A\nOA = 5\nfind circle area O").text()
    assert "Let r = 5 be the radius of circle O. Since the area of a circle is πr², the area of circle O = π·5² = 25π" in text and "AO" not in text, text


# FormalGeo7k problem 5276: no equation fixes one angle alone; the proof is written from the given sum up
BISECTORS = ("points B F D G E C A\ntriangle BFD\npolygon DFGE\ntriangle EGC\ntriangle ADE\nline B D A\n"
             "line B F G C\nline C E A\nDE bisects angle ADF\nED bisects angle GEA\nclockwise BFD DFGE EGC ADE CAB\n"
             "angle BDF + angle CEG = 60\nfind angle BAC\n")


def test_a_step_without_values_is_written_from_the_ground_up_never_as_one_jump():
    sol = _solve(BISECTORS)
    m = measures(sol.proof.written())
    assert m["widest"] <= 2 and m["repeated"] == 0, sol.text()
    assert "angle CEG/2" in sol.text() and sol.text().rstrip().endswith("= 30°."), sol.text()


def test_vertical_angles_are_one_step():
    sol = _solve("points O A B C D\nline A O C\nline B O D\nangle AOB = 50\nfind angle COD")
    assert sol.text().count("\n") == 0 and "vertical angles" in sol.text() and "= 50°" in sol.text(), sol.text()


def test_the_algebra_is_shown_a_quadratic_is_factored_and_the_negative_root_rejected_aloud():
    # FormalGeo7k problem 642: the given expressions are put in across steps and the equation collected
    sol = _solve("points A B C\ntriangle ABC\nBC perpendicular to AC\nAB = x\nAC = x - 4\nBC = 8\nfind x\n")
    assert "so 8² + (x - 4)² = x². Expanding, 8x = 80, so x = 10." in sol.text(), sol.text()
    sol = _solve("points A B C\ntriangle ABC\nangle BAC = 120\nAB = 5\nBC = 7\nfind AC\n")
    assert "that is, AC² + 5·AC - 24 = 0. Factorising, (AC - 3)(AC + 8) = 0, so AC = 3 (rejecting the negative root)." \
        in sol.text(), \
        sol.text()


def test_similar_triangles_list_the_common_angle_and_no_expression_as_a_reason():
    # FormalGeo7k problem 1120 asking for the parallel side's ratio (the intercept theorem gives the parts):
    # AA with the angle both triangles share; AB = x + 5 is no reason
    sol = _solve("points A B C D F\ntriangle ABC\npolygon BDFC\nline A B D\nline A C F\nBC parallel to DF\n"
                 "clockwise ABC BDFC\nAB = x + 5\nBC = 3x + 1\nAD = 24\nDF = 30\nfind x\n")
    text = sol.text()
    assert "similar by AA (as angle ABC = angle ADF and angle A is common)" in text, text
    assert "So AD - x" not in text and "42x = 126 and x = 3" in text, text


def test_radii_are_said_in_one_short_sentence_citing_the_radius_given():
    sol = _solve("points A B C E F\ntriangle ABC\ntriangle OCE\ntriangle OFE\ncircle O through A B C F\n"
                 "EC tangent to circle O\nEF tangent to circle O\nAO = 4\nCE = 7\nfind EO/FO\n")
    text = sol.text()
    # (AO is used by no other step, and a record's question gives it as "the radius of circle O is 4": each radius
    # is cited as one, never through AO, which the question never names; blind teacher 28's fg 9)
    assert "CO = 4 (a radius of circle O)." in text and "FO = 4 (a radius of circle O)." in text, text
    assert "AO" not in text and "the radius of circle O" not in text, text


def test_a_surd_is_printed_factored_with_its_positive_term_first():
    from geomill.solvers.plane.write import Namer

    v = 11 * sympy.sqrt(6) / 2 - 11 * sympy.sqrt(2) / 2
    assert Namer().number(v) == "11(√6 - √2)/2"
    assert Namer().number(242 * sympy.pi - 121 * sympy.sqrt(3) * sympy.pi) == "121π(2 - √3)"
    assert Namer().number(11 * sympy.sqrt(3) - 11) == "11(√3 - 1)"
    assert Namer().number(10 - 2 * sympy.sqrt(2)) == "10 - 2√2"  # not 2(5 - √2): no factor every term has
    assert Namer().number(24 + 8 * sympy.sqrt(3)) == "24 + 8√3"


def test_a_named_property_gives_the_value_never_an_equation_in_itself():
    # the perpendicular from the centre halves the chord: AM = AB/2, not "AM = 12 - AM" (FormalGeo7k 4623)
    sol = _solve("circle O through A B C\nline A M B\nline O M C\nOM perpendicular to AB\nAB = 12\nCO = 10\n"
                 "find CM\n")
    assert "AM = AB/2 = 12/2 = 6" in sol.text() and "12 - AM" not in sol.text(), sol.text()
    # the base angles from the apex: one step, not "angle FHJ = 146° - angle FHJ" (FormalGeo7k 214)
    sol = _solve("points F J H\ntriangle FJH\nFJ = FH\nangle HFJ = 34\nfind angle FJH\n")
    assert "isosceles" in sol.text() and "146°" not in sol.text() and sol.text().rstrip().endswith("= 73°."), \
        sol.text()


def test_an_equation_already_collected_is_not_said_again():
    sol = _solve("points A B C D\nline B C D\nangle BAC = 2x\nangle ABC = x + 10\nangle ACB = 3x - 10\n"
                 "find angle ACD\n")
    clauses = [c.strip(" .") for c in re.split(r", so |\. ", sol.text())]
    assert all(a != b for a, b in zip(clauses, clauses[1:])), sol.text()
    assert ", 6x = 180 and x = 30" in sol.text(), sol.text()


@pytest.mark.parametrize("turn, major", [("clockwise", True), ("counterclockwise", False)])
def test_a_sector_over_a_major_arc_is_called_major_in_the_proof_and_the_question(turn, major):
    from geomill.generate.textbook import question

    text = f"points P Q M\ncircle P through Q M\n{turn} QPM\nPQ = 10\nangle MPQ = 81\nfind sector area PMQ\n"
    sol = _solve(text)
    asked = question(parse(text, "case.geo"), figure=True, rounds=True, names=sol.proof.arcs)
    assert ("area of major sector PMQ" in sol.text()) is major, sol.text()
    assert asked.endswith(f"Find the area of {'major' if major else 'minor'} sector PMQ. Give the exact value."), asked
    assert sol.exact_value == sympy.pi * 100 * (279 if major else 81) / 360


def test_a_named_theorem_wins_over_a_chain_that_also_gives_the_value():
    # the central angle twice the inscribed angle, not ten angle sums about O (blind review 3, G12)
    text = _solve("triangle ABC\ncircle O through A B C\nO circumcentre of ABC\nBC = 10\nangle ABC = 60\n"
                  "angle ACB = 45\nfind circumference O\n").text()
    assert "angle BOC = 2·angle BAC = 2·75° = 150°" in text and "angle addition" not in text, text
    # the tangent's right angle and one angle sum, not the arcs cut off from outside (FormalGeo 2924)
    text = _solve("points D A B O C\ntriangle OBC\nline A D O C\ncircle O through D B C\nAB tangent to circle O\n"
                  "clockwise OBC DBC DAB\nangle BAD = 36\nfind angle BCO\n").text()
    assert "angle ABO = 90°" in text and "half the difference" not in text.lower() and text.count(".") <= 4, text


def test_a_midpoint_halves_by_name_and_a_parallel_names_its_angles():
    text = _solve("triangle BCA right at C\nline A E B\nE midpoint of AB\nAC = 9\nBC = 5\nfind BE\n").text()
    assert "BE = AB/2 = √106/2" in text and "√106 - " not in text, text
    text = _solve("triangle ABC\nline B H F C\nline B G A\nGH parallel to AC\nAB = 8\nAC = 12\nBG = 2\n"
                  "find GH\n").text()
    assert "angle BAC = angle BGH (corresponding angles)." in text and "similar by AA (as" in text, text
    assert "GH = AC·BG/AB = 12·2/8 = 3." in text, text
    text = _solve("triangle ABC\nline B H F C\nline B G A\nGH parallel to AC\nAB = 8\nBC = 12\nBF = 5\nBG = 2\n"
                  "find CF/FH\n").text()  # the parts of a side: the intercept theorem, no similar triangles
    assert "By the intercept theorem" in text and "similar" not in text and "CF/FH = 7/2." in text, text


def test_a_variable_with_a_fractional_coefficient_is_written_as_the_language_reads_it() -> None:
    # "5/3x" reads as 5/(3x) (the language refuses it); the proof writes 5x/3, as the question does
    import sympy
    from geomill.solvers.plane.write import Namer

    x = sympy.Symbol("x", real=True)
    text = Namer("text", {}, {}).expr(sympy.Rational(5, 3) * x + 11)
    assert text == "5x/3 + 11", text
    assert Namer("text", {}, {}).expr(x / 3 + 1) == "x/3 + 1"


def test_a_goal_that_is_given_says_so() -> None:
    """The goal is one of the givens: the solution says it is given, rather than nothing at all."""
    from geomill.dsl import parse as _parse
    from geomill.solvers.plane import solve_general as _solve
    sol = _solve(_parse("points A B C\ntriangle ABC\nAB = 3\nfind AB\n", "given.geo"))
    assert sol.exact_value == 3 and sol.text("text").strip() == "AB = 3 is given."
