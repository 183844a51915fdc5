"""The deduction's shortcut for a polynomial of degree one or two with rational coefficients gives the roots
``sympy.solve`` gives (so the same root is chosen and the same proof written), and declines anything else."""
import random

import sympy
from geomill.engine.plane import Sin, element_symbol
from geomill.solvers.plane.deduce import _rational_roots


def _solved(e: sympy.Expr, s: sympy.Symbol) -> list[str]:
    return sorted(map(sympy.srepr, sympy.solve(e, s)))


def test_roots_as_solve_gives_them():
    side = element_symbol("length", ("A", "B"))  # a length: positive, so solve drops the negative root
    free = sympy.Symbol("x")  # no assumptions: complex roots stay
    rng = random.Random(7)
    for _ in range(40):
        a = sympy.Rational(rng.choice([-3, -1, 1, 2, 5]), rng.randint(1, 4))
        b = sympy.Rational(rng.randint(-12, 12), rng.randint(1, 3))
        c = sympy.Rational(rng.randint(-300, 300), rng.randint(1, 4))
        for s in (side, free):
            for e in (a * s**2 + b * s + c, a * s + c, c - s**2):
                got = _rational_roots(e, s)
                assert got is not None
                assert sorted(map(sympy.srepr, got)) == _solved(e, s), e


def test_a_double_root_once():
    x = sympy.Symbol("x")
    assert _rational_roots(x**2 - 6 * x + 9, x) == [3]


def test_other_equations_left_to_solve():
    side = element_symbol("length", ("A", "B"))
    angle = element_symbol("angle", ("A", "B", "C"))
    assert _rational_roots(side**3 - 2, side) is None  # degree three
    assert _rational_roots(side**2 - sympy.sqrt(3) * side - 1, side) is None  # an irrational coefficient
    assert _rational_roots(2 * Sin(angle) - 1, angle) is None  # not a polynomial
    assert _rational_roots(1 / side - 2, side) is None
