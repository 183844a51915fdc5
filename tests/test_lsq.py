"""The one least-squares solver (solvers.lsq, plain floats) against its plain version, scipy's
``least_squares``: the same roots, the same least-squares fits, no root where there is none."""
from __future__ import annotations

import math

import numpy as np
from geomill.solvers.lsq import levenberg_marquardt
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from scipy.optimize import least_squares

coef = st.floats(-3, 3, allow_nan=False, allow_infinity=False)


@st.composite
def systems(draw):
    """A smooth square-or-taller system with a known root x* (residuals vanish there by
    construction) and a start near it."""
    n = draw(st.integers(1, 3))
    m = draw(st.integers(n, n + 2))
    root = [draw(st.floats(0.5, 5)) for _ in range(n)]
    lin = [[draw(coef) for _ in range(n)] for _ in range(m)]
    quad = [[draw(coef) for _ in range(n)] for _ in range(m)]
    trig = [draw(coef) for _ in range(m)]

    def f(x):
        return [sum(a * v + b * v * v for a, b, v in zip(lin[i], quad[i], x)) + trig[i] * math.sin(x[0])
                for i in range(m)]
    at_root = f(root)

    def residual(x):
        return [a - b for a, b in zip(f(x), at_root)]
    jac = np.array([[lin[i][j] + 2 * quad[i][j] * root[j] + (trig[i] * math.cos(root[0]) if j == 0 else 0)
                     for j in range(n)] for i in range(m)])
    sv = np.linalg.svd(jac, compute_uv=False)
    assume(sv.min() > 0.2 and sv.max() / sv.min() < 50)  # a well-conditioned, isolated root
    push = [draw(st.floats(-0.03, 0.03)) * max(1.0, abs(v)) for v in root]
    return residual, root, [v + p for v, p in zip(root, push)]


@settings(max_examples=150, deadline=None)
@given(systems())
def test_roots_as_scipy_finds_them(system):
    residual, root, x0 = system
    ref = least_squares(lambda x: np.asarray(residual(list(x))), x0, xtol=1e-15, ftol=1e-15, gtol=1e-15)
    assume(np.max(np.abs(ref.fun)) < 1e-10)
    ours = levenberg_marquardt(residual, x0, tol=1e-9, root_cost=0.0, max_iterations=200, stall_cost=math.inf)
    assert ours is not None
    assert max(abs(a - b) for a, b in zip(ours, ref.x)) < 1e-7
    assert max(abs(a - b) for a, b in zip(ours, root)) < 1e-7


@settings(max_examples=60, deadline=None)
@given(systems(), st.floats(0.01, 0.5))
def test_bounds_hold_and_find_the_root_inside(system, margin):
    residual, root, x0 = system
    lo, hi = [v - margin for v in root], [v + margin for v in root]
    x0 = [min(max(v, a), b) for v, a, b in zip(x0, lo, hi)]
    seen = []

    def watched(x):
        seen.append(list(x))
        return residual(x)
    ref = least_squares(lambda x: np.asarray(residual(list(x))), x0, bounds=(lo, hi), xtol=1e-15, ftol=1e-15,
                        gtol=1e-15)
    assume(np.max(np.abs(ref.fun)) < 1e-10)
    ours = levenberg_marquardt(watched, x0, tol=1e-9, root_cost=0.0, max_iterations=200, stall_cost=math.inf,
                               bounds=(lo, hi))
    assert ours is not None
    assert max(abs(a - b) for a, b in zip(ours, ref.x)) < 1e-7
    assert all(a <= v <= b for x in seen for v, a, b in zip(x, lo, hi))


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 3), st.data())
def test_least_squares_fit_as_scipy(n, data):
    """An inconsistent linear system: no root, and ``minimum`` gives scipy's (the unique) fit."""
    m = n + 2
    a = np.array([[data.draw(coef) for _ in range(n)] for _ in range(m)])
    b = np.array([data.draw(coef) for _ in range(m)])
    sv = np.linalg.svd(a, compute_uv=False)
    assume(sv.min() > 0.2)
    residual = lambda x: list(a @ np.array(x) - b)  # noqa: E731
    ref = least_squares(lambda x: a @ x - b, np.zeros(n), xtol=1e-15, ftol=1e-15, gtol=1e-15)
    assume(np.max(np.abs(ref.fun)) > 1e-3)
    fit = levenberg_marquardt(residual, [0.0] * n, tol=math.inf, root_cost=0.0, max_iterations=200,
                              stall_cost=math.inf, minimum=True)
    assert fit is not None and np.allclose(fit, ref.x, atol=1e-7)
    assert levenberg_marquardt(residual, [0.0] * n, tol=1e-6, root_cost=0.0, max_iterations=200) is None


def test_no_root_no_answer():
    assert levenberg_marquardt(lambda x: [x[0] * x[0] + 1.0], [0.7], tol=1e-9, root_cost=1e-20) is None
    assert levenberg_marquardt(lambda x: None, [1.0], tol=1e-9, root_cost=1e-20) is None


SPECIAL = [0.0, -0.0, 1.0, -1.0, 1e-300, -1e300, math.inf, -math.inf, math.nan]
entry = st.one_of(st.floats(-5, 5), st.sampled_from(SPECIAL))


def _same(a, b) -> bool:
    """Equal as floats are stored: None alike, every entry the same bits (signed zeros, NaN)."""
    if a is None or b is None:
        return a is b
    return len(a) == len(b) and all(
        (math.isnan(x) and math.isnan(y)) or (x == y and math.copysign(1, x) == math.copysign(1, y))
        for x, y in zip(a, b))


@settings(max_examples=3000, deadline=None)
@given(st.integers(1, 2).flatmap(lambda n: st.tuples(
    st.lists(st.lists(entry, min_size=n, max_size=n), min_size=n, max_size=n),
    st.lists(entry, min_size=n, max_size=n))))
def test_small_linear_solves_are_the_elimination(system):
    """One and two unknowns, written out, give the elimination's own floats (or its None), special
    values included: the least-squares path decides on them bit for bit."""
    from geomill.solvers.lsq import _eliminate, _linear_solve

    a, b = system
    assert _same(_linear_solve([row[:] for row in a], list(b)), _eliminate([row[:] for row in a], list(b)))
