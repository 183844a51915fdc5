"""Nonlinear least squares for the numeric model, in numpy alone.

FAST PATH (the plain version is ``scipy.optimize.least_squares(fun, x0, jac, method="trf")``):
scipy's trust-region reflective method for a problem without bounds, with its exact (SVD)
trust-region solver, linear loss and unit scale, step for step: the same function and Jacobian
evaluations at the same points, the same memo of the last point, the same floats.  Importing
``scipy.optimize`` runs the package's ``__init__`` (every solver it has: linear programming, the
global optimisers, ...), about a third of a second of a ``geomill render`` that needs none of it.
``tests/test_trf.py`` holds the points visited, and the result, to scipy's.

A port of SciPy's ``scipy/optimize/_lsq/trf.py`` and ``common.py`` (the parts this case uses).
SciPy is Copyright (c) 2001-2002 Enthought, Inc. and 2003-2024 SciPy Developers, under the
BSD 3-Clause licence, whose notice is kept here: redistributions of source code must retain the
copyright notice, this list of conditions and the following disclaimer; THE SOFTWARE IS PROVIDED
BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND ANY EXPRESS OR IMPLIED WARRANTIES ARE
DISCLAIMED (see SciPy's LICENSE.txt for the full text).
"""
from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

Vector = Callable[[np.ndarray], np.ndarray]
EPS = float(np.finfo(float).eps)


def norm(v: np.ndarray) -> float:
    """``numpy.linalg.norm`` of a real vector, as it computes it (the square root of the vector's dot with
    itself: the same float), without its wrapper's checks, which cost more than the sum on these few entries."""
    v = v.ravel(order="K")
    return math.sqrt(v.dot(v))


def _largest(v: np.ndarray) -> float:
    """``numpy.linalg.norm(v, ord=numpy.inf)`` of a real vector: the largest magnitude."""
    return np.abs(v).max(initial=0.0)


class _Memo:
    """scipy's ``VectorFunction``: the residuals and Jacobian at the last point asked about, each
    computed once; asking at another point forgets both.  Every call gets a copy of the point."""

    def __init__(self, fun: Vector, jac: Vector | None, x0: np.ndarray) -> None:
        self._fun, self._jac = fun, jac
        self.x = x0.astype(float)
        self.f: np.ndarray | None = None
        self.J: np.ndarray | None = None
        self.fun(self.x)
        self.jac(self.x)

    def _move(self, x: np.ndarray) -> None:
        if not np.array_equal(x, self.x):
            self.x, self.f, self.J = x.astype(float), None, None

    def fun(self, x: np.ndarray) -> np.ndarray:
        self._move(x)
        if self.f is None:
            self.f = np.atleast_1d(self._fun(self.x.copy()))
        return self.f.copy()

    def jac(self, x: np.ndarray) -> np.ndarray:
        self._move(x)
        if self.J is None:
            if self._jac is not None:
                self.J = np.atleast_2d(self._jac(self.x.copy()))
            else:
                self.J = forward_differences(self._fun, self.x, self.fun(self.x))
        return self.J.copy()


def forward_differences(fun: Vector, x0: np.ndarray, f0: np.ndarray) -> np.ndarray:
    """scipy's ``2-point`` Jacobian: column i from a step of sqrt(eps)·max(1, |x_i|), upward at 0."""
    sign = (x0 >= 0).astype(float) * 2 - 1
    h = EPS ** 0.5 * sign * np.maximum(1.0, np.abs(x0))
    out = np.empty((x0.size, f0.size))  # (transposed, as scipy fills it: the same memory layout)
    for i in range(x0.size):
        x1 = np.copy(x0)
        x1[i] = x0[i] + h[i]
        out[i] = (np.atleast_1d(fun(x1)) - f0) / ((x0[i] + h[i]) - x0[i])
    return np.atleast_2d(np.ravel(out) if f0.size == 1 else out.T)


def least_squares(fun: Vector, x0: np.ndarray, jac: Vector | None = None, *, ftol: float = 1e-8,
                  xtol: float = 1e-8, gtol: float = 1e-8, max_nfev: int | None = None) -> np.ndarray:
    """A point minimising ``sum(fun(x)**2)`` from ``x0``; ``jac`` gives the Jacobian (None: forward
    differences).  Stops as scipy does: the gradient under ``gtol``, a step that changes the cost by
    under ``ftol`` of it or moves ``x`` by under ``xtol`` of it, or ``max_nfev`` evaluations of ``fun``
    (besides the Jacobian's; default 100 per unknown)."""
    x = np.atleast_1d(x0).astype(float)
    memo = _Memo(fun, jac, x)
    f, J = memo.fun(x), memo.jac(x)
    if not np.all(np.isfinite(f)):
        raise ValueError("Residuals are not finite in the initial point.")
    m, n = J.shape
    nfev = 1
    cost = 0.5 * np.dot(f, f)
    g = J.T.dot(f)
    delta = norm(x) or 1.0
    if max_nfev is None:
        max_nfev = n * 100
    alpha = 0.0  # the Levenberg–Marquardt parameter
    done = False
    while True:
        if _largest(g) < gtol:
            done = True
        if done or nfev == max_nfev:
            return x
        if not np.all(np.isfinite(J)):  # (scipy's SVD checks its input)
            raise ValueError("array must not contain infs or NaNs")
        J_h = J * np.ones(n)  # (scipy's scaled Jacobian, unit scale: the same values, its memory layout)
        U, s, Vt = np.linalg.svd(J_h, full_matrices=False)
        U, V = np.asfortranarray(U), np.asfortranarray(Vt).T  # (LAPACK's layout, as scipy returns it: the
        # products below then sum in the same order)
        uf = U.T.dot(f)
        reduction = -1.0
        while reduction <= 0 and nfev < max_nfev:
            step, alpha = _trust_region_step(n, m, uf, s, V, delta, alpha)
            Js = J_h.dot(step)
            predicted = -(0.5 * np.dot(Js, Js) + np.dot(step, g))
            x_new = x + step
            f_new = memo.fun(x_new)
            nfev += 1
            step_norm = norm(step)
            if not np.all(np.isfinite(f_new)):
                delta = 0.25 * step_norm
                continue
            cost_new = 0.5 * np.dot(f_new, f_new)
            reduction = cost - cost_new
            new_delta, ratio = _radius(delta, reduction, predicted, step_norm, step_norm > 0.95 * delta)
            ftol_met = reduction < ftol * cost and ratio > 0.25
            xtol_met = norm(step) < xtol * (xtol + norm(x))
            if ftol_met or xtol_met:
                done = True
                break
            alpha *= delta / new_delta
            delta = new_delta
        if reduction > 0:
            x, f, cost = x_new, f_new, cost_new
            J = memo.jac(x)
            g = J.T.dot(f)


def _trust_region_step(n: int, m: int, uf: np.ndarray, s: np.ndarray, V: np.ndarray, delta: float,
                       alpha: float, rtol: float = 0.01, max_iter: int = 10) -> tuple[np.ndarray, float]:
    """The step minimising ``|J p + f|`` within ``|p| <= delta`` from ``J``'s SVD (Moré's method on one
    SVD, as scipy's ``solve_lsq_trust_region``), and its Levenberg–Marquardt parameter."""
    def phi_and_derivative(a: float) -> tuple[float, float]:
        denom = s ** 2 + a
        p_norm = norm(suf / denom)
        return p_norm - delta, -(suf ** 2 / denom ** 3).sum() / p_norm

    suf = s * uf
    full_rank = m >= n and s[-1] > EPS * m * s[0]
    if full_rank:
        p = -V.dot(uf / s)
        if norm(p) <= delta:
            return p, 0.0
    upper = norm(suf) / delta
    lower = 0.0
    if full_rank:
        phi, phi_prime = phi_and_derivative(0.0)
        lower = -phi / phi_prime
    if not full_rank and alpha == 0:
        alpha = max(0.001 * upper, (lower * upper) ** 0.5)
    for _ in range(max_iter):
        if alpha < lower or alpha > upper:
            alpha = max(0.001 * upper, (lower * upper) ** 0.5)
        phi, phi_prime = phi_and_derivative(alpha)
        if phi < 0:
            upper = alpha
        ratio = phi / phi_prime
        lower = max(lower, alpha - ratio)
        alpha -= (phi + delta) * ratio / delta
        if np.abs(phi) < rtol * delta:
            break
    p = -V.dot(suf / (s ** 2 + alpha))
    p *= delta / norm(p)  # exactly on the boundary
    return p, alpha


def _radius(delta: float, reduction: float, predicted: float, step_norm: float,
            bound_hit: bool) -> tuple[float, float]:
    """The trust region's next radius from how well the model predicted the reduction, and the ratio."""
    if predicted > 0:
        ratio = reduction / predicted
    elif predicted == reduction == 0:
        ratio = 1
    else:
        ratio = 0
    if ratio < 0.25:
        delta = 0.25 * step_norm
    elif ratio > 0.75 and bound_hit:
        delta *= 2.0
    return delta, ratio
