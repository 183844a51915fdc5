"""Teacher 16's fg 13 (FormalGeo 1235): a length found as the root of a root was printed expanded past reading
(27√(2√337 - 18)/32 + 3√337√(2√337 - 18)/32).  A positive constant with nested roots is printed as the root of its
square with a square factor taken out, where that is shorter; two roots side by side keep the dot between them."""
from __future__ import annotations

import math

import sympy

from geomill.dsl import parse
from geomill.solvers.plane import solve_general
from geomill.solvers.plane.write import _plain, _unsquared
from geomill.solvers.plane_lint import lint_general

LEG_RULE = ("points D B A C\ntriangle DBA\ntriangle ABC\nline D A C\nCA perpendicular to BA\n"
            "DB perpendicular to CB\nclockwise DBA ABC DBC\nAB = y\nAC = 9\nAD = x\nBC = z\nBD = 8\nfind z\n")


def test_a_root_of_a_root_is_printed_short() -> None:
    sol = solve_general(parse(LEG_RULE))
    assert not lint_general(sol)
    text = sol.proof.render("text")
    assert math.isclose(float(sol.exact_value), 3 * math.sqrt((9 + math.sqrt(337)) / 2), rel_tol=1e-12)
    assert "z = 3√2·√(9 + √337)/2" in text, text
    assert "√(2√337" not in text and "/32" not in text, text


def test_unsquared_keeps_the_value_and_shortens_only() -> None:
    r = sympy.sqrt(337)
    expanded = 27 * sympy.sqrt(2 * r - 18) / 32 + 3 * r * sympy.sqrt(2 * r - 18) / 32
    short = _unsquared(expanded)
    assert sympy.count_ops(short) < sympy.count_ops(expanded)
    assert math.isclose(float(short), float(expanded), rel_tol=1e-14)
    assert _unsquared(sympy.sqrt(2) + 1) == sympy.sqrt(2) + 1  # no nested root: as it is
    assert _unsquared(-expanded) == -expanded  # a negative number is no root of its square


def test_roots_side_by_side_keep_their_dot() -> None:
    assert _plain("3*sqrt(2)*sqrt(9 + sqrt(337))/2") == "3√2·√(9 + √337)/2"
    assert _plain("2*sqrt(3)") == "2√3"
