"""The deduction's fast readings of equations agree with the slow, general ones they stand in front of.

``linear_form`` reads a sum of monomials without expanding it (``expanded_linear_form``, the general
reading, expands first), and ``_constant_multiple`` compares
two polynomials term by term before dividing them; both must give exactly what expanding (or
``cancel`` of the quotient) gives, on any shape of expression.
"""
from __future__ import annotations

import sympy
from geomill.solvers.plane.deduce import _constant_multiple, expanded_linear_form, linear_form
from hypothesis import given, settings
from hypothesis import strategies as st

SYMS = sympy.symbols("a b c d", positive=True)
CONSTANTS = [sympy.Integer(2), sympy.Rational(-3, 4), sympy.sqrt(2), sympy.pi, sympy.Integer(-1)]


leaf = st.one_of(st.sampled_from(SYMS), st.sampled_from(CONSTANTS),
                 st.integers(-5, 5).map(sympy.Integer), st.sampled_from([sympy.sin(s) for s in SYMS]))
expr = st.recursive(leaf, lambda inner: st.one_of(
    st.tuples(inner, inner).map(lambda t: t[0] + t[1]),
    st.tuples(inner, inner).map(lambda t: t[0] - t[1]),
    st.tuples(inner, inner).map(lambda t: t[0] * t[1]),
    st.tuples(inner, st.integers(-2, 2)).map(lambda t: t[0] ** t[1] if t[0] != 0 or t[1] > 0 else t[0]),
), max_leaves=8)


@settings(max_examples=150, deadline=None)
@given(expr)
def test_linear_form_reads_what_expanding_reads(e):
    assert linear_form(e) == expanded_linear_form(e)


def test_linear_form_shapes():
    a, b, c = SYMS[:3]
    assert linear_form(a + 2 * b - 3) == ({a: 1, b: 2}, 3)
    assert linear_form(a * b - c) is None  # a product: not linear, read without expanding
    assert linear_form(a * (b + 1) - a * b) == ({a: 1}, 0)  # linear only once expanded
    assert linear_form(sympy.sqrt(2) * a - 1) is None  # an irrational coefficient
    assert linear_form(a - sympy.Float(0.5)) is None  # an inexact constant


polynomial = st.lists(st.tuples(st.sampled_from(CONSTANTS[:3] + [sympy.Integer(1)]),
                                st.lists(st.sampled_from(SYMS), min_size=0, max_size=3)),
                      min_size=1, max_size=4).map(
    lambda terms: sympy.expand(sympy.Add(*(c * sympy.Mul(*ms) for c, ms in terms))))


def _by_cancel(r: sympy.Expr, q: sympy.Expr) -> bool:
    ratio = sympy.cancel(r / q)
    return not ratio.free_symbols and ratio != 0


def _ratio_at(r: sympy.Expr, q: sympy.Expr, point: dict) -> float:
    return float(r.subs(point) / q.subs(point))


@settings(max_examples=120, deadline=None)
@given(polynomial, polynomial,
       st.sampled_from([sympy.Integer(3), sympy.Rational(-1, 2), sympy.sqrt(2), 1 + sympy.sqrt(3)]), st.booleans())
def test_constant_multiple_is_sound_and_at_least_cancel(p, other, k, multiple):
    """Never a multiple that is not one (the quotient is the same number at two points), every
    multiple ``cancel`` finds, and every rational multiple."""
    q = sympy.expand(k * p) if multiple else other
    if p == 0 or q == 0 or p.free_symbols != q.free_symbols:
        return
    syms = sorted(p.free_symbols, key=lambda s: s.name)
    found = _constant_multiple(p, q, syms)
    if _by_cancel(p, q) or (multiple and k.is_Rational):
        assert found
    if found:  # the quotient is one number wherever q is not zero
        points = ({s: sympy.Rational(3 + i * j, 2 + j) for i, s in enumerate(SYMS)} for j in (1, 5, 11, 17))
        ratios = [_ratio_at(p, q, pt) for pt in points if q.subs(pt) != 0]
        assert len(ratios) >= 2 and max(ratios) - min(ratios) < 1e-9


def test_constant_multiple_beyond_cancel():
    """2a + √2 and 2√2·a + 2: √2 times each other, which ``cancel`` (taking √2 as a generator) misses."""
    a = SYMS[0]
    p, q = 2 * a + sympy.sqrt(2), 2 * sympy.sqrt(2) * a + 2
    assert _constant_multiple(p, q, [a]) and not _by_cancel(p, q)
    assert not _constant_multiple(p, q + 1, [a])
    assert not _constant_multiple(a ** 2 + a, a ** 2 + 2 * a, [a])
