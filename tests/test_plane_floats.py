"""The deduction's float pre-tests (solvers/plane/floats.py) only ever say "certainly not": each is
checked against sympy's exact answer on random sums, products and trigonometry of elements."""
from __future__ import annotations

import random

import sympy
from geomill.engine.plane import Cos, Sin, element_symbol
from geomill.solvers.plane.deduce import _cannot_tie, _without_positive_factors, expanded_linear_form, linear_form
from geomill.solvers.plane.floats import clearly_nonlinear, float_function, kept_unknowns

SIDES = [element_symbol("length", p) for p in (("A", "B"), ("A", "C"), ("B", "C"), ("C", "D"), ("D", "E"))]
ANGLE = element_symbol("angle", ("A", "B", "C"))


def _random_expr(rnd: random.Random) -> sympy.Expr:
    """A random equation of sides and an angle: products, squares, a sine, a square root, some cancelling
    (a product multiplied out and taken away again), so that linear and nonlinear both occur."""
    atoms = SIDES + [Sin(ANGLE), Cos(ANGLE), sympy.sqrt(3), sympy.Rational(rnd.randint(1, 9), rnd.randint(1, 4))]
    terms = []
    for _ in range(rnd.randint(1, 4)):
        factors = [rnd.choice(atoms) for _ in range(rnd.randint(1, 3))]
        terms.append(rnd.choice([-2, -1, 1, 3]) * sympy.Mul(*factors))
    e = sympy.Add(*terms)
    if rnd.random() < 0.4:  # a part written as a product and taken away expanded: linear as a whole
        a, b, c = (rnd.choice(SIDES) for _ in range(3))
        e += a * (b + c) - sympy.expand(a * (b + c))
    if rnd.random() < 0.3:  # a common factor of every term
        e = sympy.Mul(rnd.choice(SIDES), e)
    return e


def test_a_float_function_measures_what_sympy_does():
    ab, ac, bc = SIDES[:3]
    e = ab * Sin(ANGLE) - 3 * sympy.sqrt(2) + ac ** 2 / bc
    syms, fn = float_function(e)
    values = {ab: 2.5, ac: 1.5, bc: 4.0, ANGLE: 30.0}
    in_radians = ab * sympy.sin(sympy.pi * ANGLE / 180) - 3 * sympy.sqrt(2) + ac ** 2 / bc
    assert abs(fn([values[s] for s in syms]) - float(in_radians.xreplace(values))) < 1e-12


def test_clearly_nonlinear_never_contradicts_the_exact_reading():
    rnd = random.Random(7)
    said = 0
    for _ in range(300):
        e = _random_expr(rnd)
        if clearly_nonlinear(e):
            said += 1
            assert expanded_linear_form(e) is None, e
    assert said > 50  # (it does say so: Heron's formula and the like are no longer expanded)


def test_a_linear_sum_written_as_products_is_read_linear():
    a, b, c = SIDES[:3]
    e = a * (b + 1) - a * b - 3 * c
    assert not clearly_nonlinear(e)
    assert linear_form(e) == ({a: 1, c: -3}, 0)


def test_kept_unknowns_never_counts_one_a_division_takes_out():
    """Against _without_positive_factors (the exact division): the count of symbols kept is at most what
    the exact division leaves, and 'nonlinear' only where the divided equation is."""
    rnd = random.Random(11)
    for _ in range(300):
        e = _random_expr(rnd)
        got = kept_unknowns(e)
        if got is None:
            continue
        kept, nonlinear = got
        divided = _without_positive_factors(e)
        if sympy.count_ops(e) > 40:
            continue  # (too large to divide: left as it is)
        assert kept <= len(divided.free_symbols), (e, divided)
        if nonlinear:
            assert expanded_linear_form(divided) is None, (e, divided)


def test_a_common_length_is_not_counted_kept():
    ab, ac, bc = SIDES[:3]
    assert kept_unknowns(ab * ac - 3 * ab) == (1, False)  # AB·(AC − 3): AC alone once AB is divided out
    assert kept_unknowns(ab ** 2 + ac ** 2 - bc ** 2) == (3, True)


def test_cannot_tie_only_where_no_unknown_is_left_alone():
    ab, ac, bc = SIDES[:3]
    assert _cannot_tie(ab ** 2 + ac ** 2 - bc ** 2, 0, False)
    assert _cannot_tie(ab ** 2 + ac ** 2 - bc ** 2, 0, True)
    # with every expression put in, two unknowns may factor to one: (AB − AC)(3·AB − 18), AB − AC far from 0
    assert not _cannot_tie(sympy.expand((ab - ac) * (3 * ab - 18)), 0, True)
    assert _cannot_tie(sympy.expand((ab - ac) * (3 * ab - 18)), 0, False)
    assert not _cannot_tie(ab * ac - 3 * ab, 0, False)  # AC = 3 once AB is divided out
    assert not _cannot_tie(ab * ac - ab * bc, 1, False)  # AC = BC: linear, with an expression put in


def test_degree_bounds_read_each_symbol_in_one_walk():
    """Per symbol, the polynomial part's degree: a product adds, a sum takes the larger, a positive integer power
    multiplies, a function or a negative power of a symbol adds none; a symbol only inside a sine has none."""
    from geomill.solvers.plane.floats import _degree_bounds
    ab, ac, bc, cd = SIDES[:4]
    e = ab ** 2 * ac + (ab + ac) ** 2 * bc ** 3 - ac / bc + Sin(ANGLE) * cd
    assert _degree_bounds(e) == {ab: 2, ac: 2, bc: 3, cd: 1}
    assert _degree_bounds(Sin(ANGLE) + 3) == {}


def test_is_zero_decides_constants_without_simplify(monkeypatch):
    """A constant is 0 or not by its value to HOLDS_DIGITS digits: a nested radical that denests to a sum of
    two roots is 0 against that sum, a root differs from its rounding, and sympy's simplify is never called."""
    from geomill.solvers.plane import deduce

    def refuse(*_args, **_kwargs):
        raise AssertionError("simplify called on a constant")
    monkeypatch.setattr(deduce.sympy, "simplify", refuse)
    s = sympy.sqrt
    assert deduce.is_zero(s(2) + s(3) - s(5 + 2 * s(6)))
    assert not deduce.is_zero(s(2) - sympy.Rational(14142135623730951, 10 ** 16))
    assert not deduce.is_zero(sympy.cos(sympy.pi / 7) - sympy.Rational(9, 10))
