"""Float functions of the deduction's expressions: the numeric test a candidate passes before sympy's
exact (and many times dearer) work is spent on it, as AlphaGeometry checks premises on the drawn figure.

A test here only ever says "clearly not" (or "unsure"): what it lets through is decided exactly, so a
float's rounding never changes a deduction, only how much sympy it costs."""
from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence

import sympy
from geomill.engine.plane import Degrees

from ..numeric import _closure, _Unknown

FloatFunction = tuple[tuple[sympy.Symbol, ...], Callable[[Sequence[float]], float]]
NONLINEAR_FAR = 1e-7  # a second difference this far from 0 (relative to the values) is no rounding of a linear sum


@functools.lru_cache(maxsize=65_536)
def float_function(e: sympy.Expr) -> FloatFunction | None:
    """(its symbols by name, a float function of their values in that order) for an expression, sine
    and cosine in degrees; None for a form the closures do not know (no ``lambdify``: a test that costs
    more than the sympy it saves is no test)."""
    if e.has(Degrees):
        e = e.replace(lambda x: isinstance(x, Degrees), lambda x: x.rewrite_radians())
    syms = tuple(sorted(e.free_symbols, key=lambda s: s.name))
    try:
        return syms, _closure(e, {s: i for i, s in enumerate(syms)})
    except _Unknown:
        return None


def _line(n: int, t: float) -> list[float]:
    """A point of a fixed line through generic values (none a special angle or a small integer)."""
    return [1.7 + 0.61 * i + t * (0.37 + 0.23 * (i % 3)) for i in range(n)]


def _line2(n: int, t: float) -> list[float]:
    return [2.3 + 0.43 * i + t * (0.53 - 0.19 * (i % 4)) for i in range(n)]


def clearly_nonlinear(e: sympy.Expr) -> bool:
    """Is ``e`` (a sum equal to zero) certainly not linear in its symbols?  Its second difference along
    two lines is far from zero (a linear function's is zero, up to rounding).  False means unsure:
    the caller expands and reads it exactly."""
    got = float_function(e)
    if got is None:
        return False
    syms, fn = got
    if not syms:
        return False
    for line in (_line, _line2):
        try:
            f0, f1, f2 = (float(fn(line(len(syms), t))) for t in (0.0, 0.5, 1.0))
        except (ValueError, ZeroDivisionError, OverflowError, TypeError):
            return False
        if not all(math.isfinite(f) for f in (f0, f1, f2)):
            return False
        if abs(f0 - 2 * f1 + f2) > NONLINEAR_FAR * max(1.0, abs(f0), abs(f1), abs(f2)):
            return True
    return False
