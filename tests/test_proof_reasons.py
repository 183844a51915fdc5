"""A step gives the reason it uses, and the shape's own formula where the proof has its parts (issue 37, blind
reviews 12 and 13): the kite's right angle is "the diagonals of a kite are perpendicular", never "AC bisects BD";
a parallelogram's perimeter is twice two adjacent sides."""
from __future__ import annotations

import sympy
from geomill.dsl import parse
from geomill.solvers.plane import solve_general


def _solve(text: str):
    return solve_general(parse(text, "reasons.geo"))


def test_a_kites_right_angle_is_said_with_its_own_reason() -> None:
    sol = _solve("points A B C D O\nkite ABCD at A\nline A O C\nline B O D\nAO = 3\nAB = 5\nfind BO")
    assert sympy.simplify(sol.exact_value - 4) == 0
    out = sol.text()
    assert "diagonals of the kite ABCD are perpendicular" in out, out
    assert "bisects" not in out, out


def test_a_parallelograms_perimeter_is_twice_two_adjacent_sides() -> None:
    sol = _solve("points A B C D\nparallelogram ABCD\nAB = 5\nBC = 3\nfind perimeter ABCD")
    assert sympy.simplify(sol.exact_value - 16) == 0
    keys = {k for st in sol.proof.steps for k in st.theorems}
    assert "parallelogram_perimeter_formula" in keys and "polygon_perimeter_formula" not in keys, keys


def test_the_kites_halved_apex_angle_is_never_tied_to_the_corner() -> None:
    """``angle DAO = angle BAO`` (O on the diagonal AC) names parts of the corner at A: no "angle BAO is angle BAD,
    as O lies on AD", which is false."""
    sol = _solve("points A B C D O\nkite ABCD at A\nline A O C\nline B O D\nBO = 3\nfind BD")
    assert sympy.simplify(sol.exact_value - 6) == 0
    out = sol.text()
    assert "as O lies on AD" not in out and "as O lies on AB" not in out, out


def test_unknowns_that_cancel_are_put_in_on_the_last_line() -> None:
    """Two isosceles triangles on one line, the goal fixed though helper angles stay free: the last line puts
    the helpers' expressions into the goal's (``angle BAD = angle BAE - 2·angle ADB + 140° = (2·angle ADB -
    100°) - 2·angle ADB + 140° = 40°``), never a bare "So angle BAD = 40°" after six relations."""
    sol = _solve("points A B D E C\ntriangle ABD\ntriangle ADE\ntriangle EDC\nline B D C\nline A E C\n"
                 "clockwise ABD ADE EDC\nAB = AC\nAD = AE\nangle ADE = x\nangle CDE = 20\nfind angle BAD")
    assert sympy.simplify(sol.exact_value - 40) == 0
    last = sol.text().strip().split(". ")[-1]
    assert last.startswith("So angle BAD = ") and "(" in last and last.endswith("= 40°."), last


def test_the_last_line_puts_in_only_values_a_sentence_said() -> None:
    """Angle BAD is 120° only through angle BCD's sentence: the last line never puts in a value no sentence said
    for its element ("angle BAD/2 = 120°/2")."""
    from geomill.solvers.plane.write import unstated

    sol = _solve("points A B C D\nparallelogram ABCD\nclockwise ABCD DAB ABC CDA\nangle BAD = 2 angle ABC\n"
                 "find angle ADC")
    assert sympy.simplify(sol.exact_value - 60) == 0
    assert not unstated(sol.proof.written().lines), sol.text()
