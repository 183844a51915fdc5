"""The derivatives of the numeric model's residuals (``solvers.numeric``), each with its residual.

The least squares needs the residuals' Jacobian at every iteration; by forward differences it costs
one evaluation of every residual per unknown, most of a figure search's time.  Each residual here
depends on a few coordinates, and its derivative is a short formula of them: a row is a sparse map
``{column: value}`` built from the few primitives below (a distance, a signed area, a cross product,
an angle, the figure's size), then written into the dense Jacobian.  The givens' equations are
differentiated symbolically once per problem (:func:`side_partials`, compiled and cached) and
chained through the derivatives of the elements they name.  ``tests/test_numeric_jacobian.py``
holds every kind of residual to central differences on random points.
"""
from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence

import sympy

Row = dict[int, float]  # one residual's derivative: column -> value (columns it does not name: 0)
DEGREES = 180.0 / math.pi


def add(row: Row, other: Row, k: float = 1.0) -> Row:
    """``row += k * other``, in place (returned for chaining)."""
    for c, v in other.items():
        row[c] = row.get(c, 0.0) + k * v
    return row


def scaled(row: Row, k: float) -> Row:
    return {c: k * v for c, v in row.items()}


def distance(X: Sequence[float], Y: Sequence[float], i: int, j: int) -> tuple[float, Row]:
    """|P_i P_j| and its derivative (0 where the points coincide: a subgradient)."""
    dx, dy = X[j] - X[i], Y[j] - Y[i]
    d = math.hypot(dx, dy)
    if d == 0.0:
        return 0.0, {}
    ux, uy = dx / d, dy / d
    return d, {2 * j: ux, 2 * j + 1: uy, 2 * i: -ux, 2 * i + 1: -uy}  # (i != j: else d is 0)


def area(X: Sequence[float], Y: Sequence[float], chain: Sequence[int]) -> Row:
    """The derivative of the signed shoelace area of a closed chain (``numeric._area``)."""
    row: Row = {}
    n = len(chain)
    for k in range(n):
        p, q, nx = chain[k - 1], chain[k], chain[(k + 1) % n]
        row[2 * q] = row.get(2 * q, 0.0) + 0.5 * (Y[nx] - Y[p])
        row[2 * q + 1] = row.get(2 * q + 1, 0.0) + 0.5 * (X[p] - X[nx])
    return row


def size(X: Sequence[float], Y: Sequence[float]) -> tuple[float, Row]:
    """The figure's size, its wider extent (``max(ptp X, ptp Y, 1e-6)``), and its derivative: the
    extreme points' coordinates (the first of equal ones, as ``max`` and ``min`` pick them)."""
    if not X:
        return 1e-6, {}
    wx, wy = max(X) - min(X), max(Y) - min(Y)
    if max(wx, wy) <= 1e-6:
        return 1e-6, {}
    axis, vals = (0, X) if wx >= wy else (1, Y)
    hi = max(range(len(vals)), key=vals.__getitem__)
    lo = min(range(len(vals)), key=vals.__getitem__)
    row: Row = {}
    add(row, {2 * hi + axis: 1.0})
    add(row, {2 * lo + axis: -1.0})
    return max(wx, wy), row


def angle(X: Sequence[float], Y: Sequence[float], a: int, o: int, b: int) -> tuple[float, Row]:
    """Angle aob in degrees (0 to 180, ``numeric``'s measure) and its derivative."""
    ux, uy, wx, wy = X[a] - X[o], Y[a] - Y[o], X[b] - X[o], Y[b] - Y[o]
    c, d = ux * wy - uy * wx, ux * wx + uy * wy
    value = math.degrees(math.atan2(abs(c), d))
    q = c * c + d * d
    if q == 0.0:
        return value, {}
    s = 1.0 if c >= 0 else -1.0
    # theta = atan2(|c|, d): d theta = (d * s dc - |c| dd) / q
    k1, k2 = DEGREES * d * s / q, -DEGREES * abs(c) / q
    du = (k1 * wy + k2 * wx, -k1 * wx + k2 * wy)  # d/d(ux, uy)
    dw = (-k1 * uy + k2 * ux, k1 * ux + k2 * uy)  # d/d(wx, wy)
    if a == b or a == o or b == o:  # (a point named twice: its parts add up)
        row: Row = {}
        add(row, {2 * a: du[0], 2 * a + 1: du[1]})
        add(row, {2 * b: dw[0], 2 * b + 1: dw[1]})
        return value, add(row, {2 * o: -du[0] - dw[0], 2 * o + 1: -du[1] - dw[1]})
    return value, {2 * a: du[0], 2 * a + 1: du[1], 2 * b: dw[0], 2 * b + 1: dw[1],
                   2 * o: -du[0] - dw[0], 2 * o + 1: -du[1] - dw[1]}


def quotient(num: float, dnum: Row, den: float, dden: Row) -> Row:
    """d(num / den)."""
    row = scaled(dnum, 1.0 / den)
    return add(row, dden, -num / (den * den))


def local_differences(fn: Callable[[list[float]], list[float]], x: list[float], columns: Sequence[int],
                      base: list[float]) -> list[Row]:
    """Rows of ``fn``'s derivative by forward differences over ``columns`` alone (a relation's few
    points): for residuals defined by code rather than formula (a block's coordinate conditions)."""
    rows: list[Row] = [{} for _ in base]
    for c in columns:
        h = 1.4901161193847656e-08 * max(1.0, abs(x[c]))  # (sqrt(eps), scipy's step)
        if x[c] < 0:
            h = -h
        moved = list(x)
        moved[c] = x[c] + h
        step = moved[c] - x[c]
        for row, a, b in zip(rows, fn(moved), base):
            if a != b:
                row[c] = (a - b) / step
    return rows


Compiler = Callable[[sympy.Expr, tuple[sympy.Symbol, ...]], Callable[[Sequence[float]], float]]


@functools.lru_cache(maxsize=4096)
def side_partials(sides: tuple[sympy.Expr, ...], symbols: tuple[sympy.Symbol, ...], compile: Compiler):
    """For every side of every equation (in radians), the places of the symbols it contains and, for each, its
    partial derivative compiled (``compile``) as a function of all the symbols' values: symbolic once per
    problem, numeric at every iteration.  Empty for a side without symbols."""
    out = []
    for e in sides:
        free = e.free_symbols
        places = tuple(k for k, s in enumerate(symbols) if s in free)
        out.append(tuple((k, compile(sympy.diff(e, symbols[k]), symbols)) for k in places))
    return tuple(out)
