"""Issue 37, the teacher's classes: sentences that name arcs as a reader reads them (the linter
catches one the figure contradicts), and right triangles solved as a teacher solves them."""
from __future__ import annotations

import sympy
from geomill.dsl import parse
from geomill.solvers.plane import solve_general
from geomill.solvers.plane import write as write_module
from geomill.solvers.plane_lint import claim_findings, lint_general

OBTUSE_INSCRIBED = "circle O through A B C\ntriangle ABC\ncounterclockwise ABC\nangle ACB = 130\nfind arc OBA\n"


def _solve(text: str):
    sol = solve_general(parse(text, "case.geo"))
    assert lint_general(sol) == [], sol.text()
    return sol


def test_an_arc_over_180_is_named_major_in_the_sentence_and_the_linter_catches_a_bare_one(monkeypatch):
    sol = _solve(OBTUSE_INSCRIBED)
    text = sol.text()
    # (with its reason: the obtuse angle stands on the major arc, teacher 34's gen 10)
    assert "the inscribed angle ACB is obtuse, it stands on major arc AB and is half of it" in text, text
    assert "on arc AB" not in text, text
    assert sol.exact_value == 100
    monkeypatch.setattr(write_module, "arc_sentence", lambda text, exprs, arcs: text)  # the sentence as it was
    found = [f.detail for f in claim_findings(sol.proof, sol.model)]
    assert any("names the minor arc AB" in f for f in found), found


def test_a_tangent_chord_angle_names_its_arc_by_its_ends_not_through_the_centre():
    sol = _solve("circle O through A B\ntriangle OAB\nPA tangent to circle O\nline P A\nline A B\n"
                 "counterclockwise OAP\nangle PAB = 35\nfind arc OAB\n")
    text = sol.text()
    assert "half the arc AB" in text and "arc OAB" not in text, text


def test_a_right_triangle_is_solved_by_its_own_ratios_and_a_trig_goal_read_from_one_equation():
    sol = _solve("points A B C\ntriangle CAB\nAB perpendicular to CB\nclockwise CAB\nAB = x\nAC = 14\n"
                 "angle BAC = 30\nfind x\n")
    assert "In the right triangle ABC, cos(angle BAC) = AB/AC, so x = 14·cos(30°) = 7√3" in sol.text(), sol.text()
    assert "law of sines" not in sol.text()
    sol = _solve("points A B C\ntriangle ABC\nBC perpendicular to AC\nclockwise ABC\nBC = 8\nAC = 15\n"
                 "find tan(angle BAC)\n")
    text = sol.text()
    assert sol.exact_value == sympy.Rational(8, 15) and "tan(angle BAC) = 8/15." in text, text
    assert "asin" not in text and "atan" not in text and "8/15°" not in text, text


def test_inscribed_angles_on_one_arc_are_one_step_and_the_sentence_names_them_as_the_equation_does():
    sol = _solve("circle O through A B C D\nline A E C\nline B E D\npolygon ABCD\nclockwise ABCD\nangle BAC = 23\n"
                 "find angle BDC\n")
    text = sol.text()
    assert "Since the inscribed angles BAC and BDC stand on the same arc, angle BDC = angle BAC = 23°." in text, text
    assert "angle BDE" not in text and "arc" not in text.replace("same arc", ""), text


def test_a_ratio_below_one_is_a_fraction_and_a_given_decimal_stays_a_decimal():
    sol = _solve("points A B C\ntriangle ABC\nBC perpendicular to AC\nclockwise ABC\nAB = 25\nBC = 24\nAC = 7\n"
                 "find sin(angle BAC)\n")
    assert "= 24/25" in sol.text() and "0.96" not in sol.text(), sol.text()
    sol = _solve("points A B C\ntriangle ABC\nangle ABC = 22.5\nangle BCA = 60\nfind angle CAB")
    assert "22.5°" in sol.text() and "97.5°" in sol.text(), sol.text()


def test_a_trig_value_of_a_degree_angle_is_printed_in_degrees_and_a_root_of_a_product_whole():
    sol = _solve("points A B C\ntriangle ABC\nBC perpendicular to AC\nclockwise ABC\nAC = 8\nangle BAC = 47\n"
                 "find BC\n")
    assert "8·tan(47°)" in sol.text() and "π/180" not in sol.text(), sol.text()
    assert r"47^{\circ}" in sol.text("latex") and r"\frac{47 \pi}" not in sol.text("latex"), sol.text("latex")
    sol = _solve("points A B C N\ntriangle BAC\ntriangle CAN\nline N C B\nBA perpendicular to NA\n"
                 "NC perpendicular to AC\nclockwise BAC CAN\nBN = 12\nCN = 8\nfind AB\n")
    assert "√(4·12)" in sol.text() and "√4√12" not in sol.text(), sol.text()  # the leg theorem on BN = 12
