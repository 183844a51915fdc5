"""The smallest non-linear subsystem that decides a goal: exact answers checked against
coordinates (Pythagoras, law of cosines, similar triangles, law of sines), the smallest set of
equations, roots chosen by bounds or by the figure, and refusals."""
from __future__ import annotations

import math
from fractions import Fraction

import pytest
import sympy
from geomill.solvers.nonlinear import cosd, sind, solve_goal
from hypothesis import assume, given, settings
from hypothesis import strategies as st

a, b, c, x, y, z, w, m = sympy.symbols("a b c x y z w m", real=True)
POS = (0, None)


def dist(p, q) -> float:
    return math.hypot(p[0] - q[0], p[1] - q[1])


@settings(max_examples=12, deadline=None)
@given(st.integers(1, 30), st.integers(1, 30))
def test_pythagoras_against_coordinates(p, q):
    """A right triangle drawn with legs p and q: the hypotenuse solved exactly is the distance."""
    B, C = (p, 0), (0, q)  # the right angle at the origin
    got = solve_goal([sympy.Eq(a**2 + b**2, c**2)], c, {a: p, b: q}, bounds={c: POS})
    assert got is not None and got.chosen_by == "bounds" and got.equations == (0,)
    assert math.isclose(float(got), dist(B, C), rel_tol=1e-12)
    assert got.value.is_algebraic and (got.value**2 - (p * p + q * q)).expand() == 0
    assert got.roots == (got.value,)


@settings(max_examples=10, deadline=None)
@given(st.integers(1, 20), st.integers(1, 20), st.sampled_from([30, 45, 60, 90, 120, 135, 150]))
def test_law_of_cosines_against_coordinates(p, q, angle):
    """Sides p, q around an angle at C drawn on the plane: the third side solved exactly
    matches the distance between the other two corners."""
    C = (0.0, 0.0)
    A = (float(q), 0.0)
    B = (p * math.cos(math.radians(angle)), p * math.sin(math.radians(angle)))
    eq = sympy.Eq(c**2, a**2 + b**2 - 2 * a * b * cosd(z))
    got = solve_goal([eq], c, {a: p, b: q, z: angle}, bounds={c: POS})
    assert got is not None
    assert math.isclose(float(got), dist(A, B), rel_tol=1e-12)
    assert dist(C, A) == q


def test_law_of_cosines_example_is_exact():
    got = solve_goal([sympy.Eq(c**2, a**2 + b**2 - 2 * a * b * cosd(z))], c, {a: 5, b: 8, z: 60}, bounds={c: POS})
    assert got.value == 7
    got = solve_goal([sympy.Eq(a**2 + b**2, c**2)], c, {a: 4, b: sympy.sqrt(68)}, bounds={c: POS})
    assert got.value == 2 * sympy.sqrt(21)


@settings(max_examples=10, deadline=None)
@given(st.integers(-10, 10), st.integers(1, 10), st.integers(-10, 10), st.integers(1, 10),
       st.fractions(min_value=Fraction(1, 4), max_value=4, max_denominator=5), st.floats(0, 6.28))
def test_similar_triangle_ratio_against_coordinates(ax, ay, bx, by, k, turn):
    """Triangle DEF is triangle ABC scaled by k and turned: EF from AB·EF = BC·DE, with the ratio
    equations of the other sides present as distractors, matches the drawn distance."""
    assume(ax * by - ay * bx != 0)  # a proper triangle
    A, B, C = (0.0, 0.0), (float(ax), float(ay)), (float(bx), float(by))

    def image(P):
        s, co = math.sin(turn), math.cos(turn)
        return (float(k) * (co * P[0] - s * P[1]) + 3, float(k) * (s * P[0] + co * P[1]) - 1)

    D, E, F = image(A), image(B), image(C)
    AB, BC, CA, DE, EF, FD = sympy.symbols("AB BC CA DE EF FD", positive=True)
    exact = {AB: sympy.sqrt(ax * ax + ay * ay), BC: sympy.sqrt((bx - ax) ** 2 + (by - ay) ** 2),
             DE: sympy.Rational(k.numerator, k.denominator) * sympy.sqrt(ax * ax + ay * ay)}
    eqs = [sympy.Eq(AB * FD, CA * DE), sympy.Eq(BC * FD, CA * EF), sympy.Eq(AB * EF, BC * DE)]
    got = solve_goal(eqs, EF, exact, estimate={EF: dist(E, F)}, bounds={EF: POS})
    assert got is not None and got.equations == (2,)
    assert math.isclose(float(got), dist(E, F), rel_tol=1e-9)
    assert math.isclose(dist(D, E), float(exact[DE]), rel_tol=1e-9)


def test_smallest_subset_is_used():
    """A value given outright wins over the system that also fixes it; a chain of two
    equations wins over a larger system."""
    eqs = [x + y + z - 10, x * y - 6, sympy.Eq(y, z + 1), x - 2]
    got = solve_goal(eqs, x)
    assert got.value == 2 and got.equations == (3,)
    eqs = [sympy.Eq(c, 2 * m), z * w - 4, c + z - 100, sympy.Eq(m**2, 9)]
    got = solve_goal(eqs, c, bounds={c: POS, m: POS})
    assert got.value == 6 and got.equations == (0, 3) and got.solution[m] == 3


def test_quadratic_with_two_roots_the_figure_picks():
    for estimate, expected in ((2.05, 2), (2.97, 3)):
        got = solve_goal([x**2 - 5 * x + 6], x, estimate={x: estimate}, rel_tol=0.05)
        assert got.value == expected and got.chosen_by == "figure" and set(got.roots) == {2, 3}
    assert solve_goal([x**2 - 5 * x + 6], x) is None  # no figure: refused, not guessed
    assert solve_goal([x**2 - 5 * x + 6], x, estimate={x: 2.5}, rel_tol=0.5) is None  # both near


def test_two_equations_two_roots():
    got = solve_goal([x + y - 7, x * y - 12], x, estimate={x: 4.0, y: 3.0})
    assert got.value == 4 and got.solution[y] == 3 and got.equations == (0, 1)


def test_ambiguous_law_of_sines():
    """a = 5 opposite 30°, b = 8: angle B is 53.13° or 126.87°; the figure decides."""
    B = sympy.Symbol("B", real=True)
    eq = sympy.Eq(a / sind(30), b / sind(B))
    obtuse = 180 - math.degrees(math.asin(0.8))
    got = solve_goal([eq], B, {a: 5, b: 8}, estimate={B: obtuse}, bounds={B: (0, 180)})
    assert got.chosen_by == "figure" and len(got.roots) == 2
    assert math.isclose(float(got), obtuse, rel_tol=1e-12)
    assert math.isclose(8 / math.sin(math.radians(float(got))), 5 / math.sin(math.radians(30)), rel_tol=1e-12)


def test_refusals():
    assert solve_goal([x + y - 5], x) is None  # not determined
    assert solve_goal([x**2 + 1], x) is None  # no real root
    assert solve_goal([x - 3], x, estimate={x: 4.0}) is None  # disagrees with the figure
    assert solve_goal([x**2 - 4], x, bounds={x: POS}, estimate={x: 2.0}).value == 2
    with pytest.raises(TypeError):
        solve_goal(["x - 3"], x)  # text is never parsed
    with pytest.raises(ValueError):
        solve_goal([x - 3], x, {x: 3})


def test_floats_are_not_turned_into_fractions():
    got = solve_goal([sympy.Float(0.1) * x - 1], x)
    assert got is not None and abs(float(got) - 10) < 1e-12 and got.chosen_by == "unique"


def test_an_outer_timer_is_left_running():
    """A caller's own alarm (a benchmark's per-problem limit) survives a solve."""
    import signal

    signal.setitimer(signal.ITIMER_REAL, 50.0)
    try:
        assert solve_goal([x**2 - 9], x, bounds={x: POS}).value == 3
        remaining = signal.getitimer(signal.ITIMER_REAL)[0]
        assert 0 < remaining <= 50.0
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def test_an_outer_cpu_limit_runs_on_after_an_inner_one() -> None:
    """A per-problem CPU-time limit (bench, import) is resumed, less the time the inner solve took, and an
    inner limit is CPU time: a slow solve is cut off the same whatever the machine's load."""
    import signal
    import time

    from geomill.solvers.nonlinear import _time_limit

    signal.setitimer(signal.ITIMER_PROF, 50.0)
    try:
        with _time_limit(0.05):
            pass
        remaining = signal.getitimer(signal.ITIMER_PROF)[0]
        assert 49.0 < remaining <= 50.05  # (the timer counts in clock ticks)
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
    began = time.process_time()
    with pytest.raises(TimeoutError):
        with _time_limit(0.05):
            while time.process_time() - began < 5:
                pass
    assert time.process_time() - began < 1
