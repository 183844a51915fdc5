"""Nonlinear least squares: the project's one solver for its small problems.

FAST PATH (the plain version is ``scipy.optimize.least_squares``): Levenberg–Marquardt with a
forward-difference Jacobian in plain floats.  The problems here are tiny (one to a few unknowns,
a handful of residuals: a shape's free construction parameters in ``render.fit``, equations
solved together in ``solvers.system``, a proof's shown equations re-solved in ``solvers.proof``),
where numpy's per-call cost would be most of the work.  ``tests/test_lsq.py`` holds its roots to
scipy's.  (The general-plane model, ``solvers.numeric``, with dozens of unknowns, uses ``solvers.trf``.)
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from operator import mul

Residual = Callable[[list[float]], "list[float] | None"]


def levenberg_marquardt(residual: Residual, x0: Sequence[float], *, tol: float, root_cost: float,
                        max_iterations: int = 40, stall_cost: float = 1e-8,
                        bounds: tuple[Sequence[float], Sequence[float]] | None = None,
                        minimum: bool = False) -> list[float] | None:
    """A point where every residual is within ``tol`` of 0, found from ``x0``; None if none is near.

    ``residual`` gives the residuals at a point, or None where they are undefined (a step there
    is refused).  Iteration stops at a squared misfit of ``root_cost`` or below; a step that no
    damping makes downhill, or four steps in a row that fail to halve a misfit above
    ``stall_cost``, mean a local minimum of the misfit, not a root.  ``bounds`` (lower, upper)
    keep every trial point inside the box (steps are clipped to it).  ``minimum``: return where
    the iteration ends even if it is no root (a least-squares fit rather than a root)."""
    lo, hi = bounds if bounds is not None else (None, None)

    def inside(x: list[float]) -> list[float]:
        if lo is None:
            return x
        return [min(max(v, a), b) for v, a, b in zip(x, lo, hi)]

    x = inside([float(v) for v in x0])
    r = residual(x)
    if r is None:
        return None
    n = len(x)
    lam = 1e-3
    cost = _dot(r, r)
    stalled = 0
    for _ in range(max_iterations):
        if cost <= root_cost:
            return x
        cols = []  # the Jacobian's columns
        for k in range(n):
            h = 1e-7 * max(1.0, abs(x[k]))
            if hi is not None and x[k] + h > hi[k]:
                h = -h  # a backward difference at an upper bound
            xk = list(x)
            xk[k] += h
            rk = residual(xk)
            if rk is None:
                return None
            cols.append([(a - b) / h for a, b in zip(rk, r)])
        jtj = [[_dot(ci, cj) for cj in cols] for ci in cols]
        minus_jtr = [-_dot(c, r) for c in cols]
        for _ in range(8):
            step = _linear_solve([[v + lam * (v + 1e-12) if i == j else v for j, v in enumerate(row)]
                                  for i, row in enumerate(jtj)], minus_jtr)
            if step is None:
                lam *= 10
                continue
            xn = inside([a + b for a, b in zip(x, step)])
            rn = residual(xn)
            if rn is not None:
                new_cost = _dot(rn, rn)
                if new_cost < cost:
                    stalled = stalled + 1 if new_cost > 0.5 * cost and new_cost > stall_cost else 0
                    x, r, cost, lam = xn, rn, new_cost, max(lam / 10, 1e-12)
                    break
            lam *= 10
        else:
            break  # no damped step goes downhill: a minimum, a root only if already close
        if stalled >= 4:
            break
    return x if minimum or max(map(abs, r)) <= tol else None


def _dot(a: list[float], b: list[float]) -> float:
    return math.fsum(map(mul, a, b))  # (fsum is correctly rounded: the same value as any order of the terms)


def _linear_solve(a: list[list[float]], b: list[float]) -> list[float] | None:
    """x with a·x = b by Gaussian elimination with partial pivoting (a is n×n, n tiny; changed in
    place); None where a is singular or the solution is not finite.

    FAST PATH: the plain version is ``_eliminate``; one and two unknowns (nearly every step of the
    layout's fits) are its operations written out, the same floats (``tests/test_lsq.py`` holds them
    equal, signed zeros, infinities and NaN included): 3.4 -> 0.6 us for one unknown."""
    n = len(b)
    if n == 1:
        a00 = a[0][0]
        if a00 == 0.0:
            return None
        x0 = (b[0] - 0) / a00
        return [x0] if math.isfinite(x0) else None
    if n == 2:
        (a00, a01), (a10, a11) = a
        b0, b1 = b
        if abs(a10) > abs(a00):  # (max keeps the first of equal pivots)
            a00, a01, a10, a11, b0, b1 = a10, a11, a00, a01, b1, b0
        if a00 == 0.0:
            return None
        f = a10 / a00
        if f:
            a11 -= f * a01
            b1 -= f * b0
        if a11 == 0.0:
            return None
        x1 = (b1 - 0) / a11
        x0 = (b0 - (0 + a01 * x1)) / a00  # (sum's start, 0, as the general loop adds it)
        return [x0, x1] if math.isfinite(x0) and math.isfinite(x1) else None
    return _eliminate(a, b)


def _eliminate(a: list[list[float]], b: list[float]) -> list[float] | None:
    """``_linear_solve`` for any n, one row operation at a time."""
    n = len(b)
    b = list(b)
    for c in range(n):
        p = max(range(c, n), key=lambda i: abs(a[i][c]))
        if a[p][c] == 0.0:
            return None
        if p != c:
            a[c], a[p], b[c], b[p] = a[p], a[c], b[p], b[c]
        for i in range(c + 1, n):
            f = a[i][c] / a[c][c]
            if f:
                row, pivot = a[i], a[c]
                for j in range(c, n):
                    row[j] -= f * pivot[j]
                b[i] -= f * b[c]
    x = [0.0] * n
    for i in reversed(range(n)):
        x[i] = (b[i] - sum(a[i][j] * x[j] for j in range(i + 1, n))) / a[i][i]
    return x if all(map(math.isfinite, x)) else None
