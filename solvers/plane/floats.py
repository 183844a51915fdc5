"""Float functions of the deduction's expressions: the numeric test a candidate passes before sympy's
exact (and many times dearer) work is spent on it, as AlphaGeometry checks premises on the drawn figure.

A test here only ever says "clearly not" (or "unsure"): what it lets through is decided exactly, so a
float's rounding never changes a deduction, only how much sympy it costs."""
from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence

import sympy
from geomill.engine.plane import Cos, Sin, Tan

FloatFunction = tuple[tuple[sympy.Symbol, ...], Callable[[Sequence[float]], float]]
NONLINEAR_FAR = 1e-7  # a second difference this far from 0 (relative to the values) is no rounding of a linear sum


@functools.lru_cache(maxsize=65_536)
def float_function(e: sympy.Expr) -> FloatFunction | None:
    """(its symbols by name, a float function of their values in that order) for an expression, sine
    and cosine in degrees; None for a form the closures do not know (no ``lambdify``, and no rewriting
    into sympy's radians: a test that costs more than the sympy it saves is no test)."""
    syms = tuple(sorted(e.free_symbols, key=lambda s: s.name))
    try:
        return syms, _closure(e, {s: i for i, s in enumerate(syms)})
    except _Unknown:
        return None


class _Unknown(Exception):
    """A form :func:`_closure` has no float function for."""


_DEGREES = {Sin: math.sin, Cos: math.cos, Tan: math.tan}
_RADIANS = {sympy.sin: math.sin, sympy.cos: math.cos, sympy.tan: math.tan, sympy.asin: math.asin,
            sympy.acos: math.acos, sympy.atan: math.atan}


def _closure(e: sympy.Expr, where: dict[sympy.Symbol, int]) -> Callable[[Sequence[float]], float]:
    """``e`` as a float function of a sequence of values (``where``: each symbol's place)."""
    if e.is_Symbol:
        if e not in where:
            raise _Unknown(e)
        i = where[e]
        return lambda v: v[i]
    if e.is_Number or e.is_NumberSymbol:
        if not e.is_real:
            raise _Unknown(e)
        c = float(e)
        return lambda v: c
    if e.is_Add or e.is_Mul:
        parts = [_closure(a, where) for a in e.args]
        if e.is_Add:
            return lambda v: math.fsum([p(v) for p in parts])
        return lambda v: math.prod([p(v) for p in parts])
    if e.is_Pow:
        base, power = _closure(e.base, where), _closure(e.exp, where)
        return lambda v: base(v) ** power(v)
    fn = _DEGREES.get(e.func)
    if fn is not None:
        arg = _closure(e.args[0], where)
        return lambda v: fn(math.radians(arg(v)))
    fn = _RADIANS.get(e.func)
    if fn is not None and len(e.args) == 1:
        arg = _closure(e.args[0], where)
        return lambda v: fn(arg(v))
    raise _Unknown(e)


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


@functools.lru_cache(maxsize=65_536)
def _degree_bounds(e: sympy.Expr) -> dict[sympy.Symbol, int]:
    """Per symbol ``y`` of ``e``, an upper bound of the degree in ``y`` of the polynomial part of ``e`` (a
    negative or fractional power, or a function, of ``y`` adds none: if it does not cancel, no polynomial in
    ``y`` is left); a symbol left out has 0.  One walk for every symbol (read, never changed)."""
    if e.is_Symbol:
        return {e: 1}
    if e.is_Add or e.is_Mul:
        out: dict[sympy.Symbol, int] = {}
        for a in e.args:
            for y, d in _degree_bounds(a).items():
                out[y] = (max(out.get(y, 0), d) if e.is_Add else out.get(y, 0) + d)
        return out
    if e.is_Pow and e.exp.is_Integer and e.exp > 0:
        k = int(e.exp)
        return {y: k * d for y, d in _degree_bounds(e.base).items()}
    return {}


_AT = (1.9, 2.8, 3.7)  # an unknown's values (equally spaced) where the others stay put


def kept_unknowns(e: sympy.Expr) -> tuple[int, bool] | None:
    """Of ``e = 0``'s symbols, how many any division by a product of symbol powers keeps (each ``y``
    whose part ``e / y^j`` is no constant for every j up to its degree), and whether one of them stays
    nonlinear in every such quotient (so that ``e`` divided is no linear sum); None where unsure (a
    float function fails).  Sound for the count: a symbol dividing out leaves ``e = c·y^k``, a constant
    quotient at ``j = k``."""
    got = float_function(e)
    if got is None:
        return None
    syms, fn = got
    base = _line(len(syms), 0.0)
    bounds = _degree_bounds(e)
    kept, nonlinear = 0, False
    for i, y in enumerate(syms):
        hs = []
        for t in _AT:
            point = list(base)
            point[i] = t
            try:
                h = float(fn(point))
            except (ValueError, ZeroDivisionError, OverflowError, TypeError):
                return None
            if not math.isfinite(h):
                return None
            hs.append(h)
        constant = affine = False
        for j in range(bounds.get(y, 0) + 1):
            g = [h / t ** j for h, t in zip(hs, _AT)]
            far = NONLINEAR_FAR * max(1.0, *(abs(x) for x in g))
            constant |= abs(g[1] - g[0]) <= far and abs(g[2] - g[0]) <= far
            affine |= abs(g[0] - 2 * g[1] + g[2]) <= far
        if not constant:
            kept += 1
            nonlinear |= not affine
    return kept, nonlinear
