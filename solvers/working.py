"""Solving a shown equation for one unknown the way a reader writes it down.

A variable step (GeomVerse §A.4) and a simultaneous step print equations; each
line printed must hold at the value printed.  So the unknown is never taken
from an expansion with rounded coefficients: a linear equation whose
coefficients are exact two-decimal numbers is collected and divided; otherwise
operations are undone one at a time (``a · E = c`` gives ``E = c / a``, with the
paper's rounded chain); what is left is solved numerically near the exact root.
The value shown is the root of the last line shown, rounded to two decimals.
"""
from __future__ import annotations

import math

import sympy

from .arith import Add, Div, Func, Mul, Node, Num, Pow, Sym, chain_nodes, has_symbol, round2, substitute, unrounded

Line = list[Node]  # the sides of one shown line, joined by " = "


def _f(lhs: Node, rhs: Node, x: str):
    return lambda v: unrounded(lhs, {x: v}) - unrounded(rhs, {x: v})


def root_near(lhs: Node, rhs: Node, x: str, near: float) -> float | None:
    """The root of ``lhs = rhs`` in ``x`` nearest ``near`` (secant, then a scan), or None."""
    f = _f(lhs, rhs, x)
    try:
        a, b = near, near * 1.001 + 1e-3
        fa, fb = f(a), f(b)
        for _ in range(60):
            if fb == fa:
                break
            a, b, fa = b, b - fb * (b - a) / (fb - fa), fb
            fb = f(b)
            if abs(b - a) < 1e-12 * max(1.0, abs(b)):
                return b if math.isfinite(b) else None
    except (ValueError, ZeroDivisionError, OverflowError):
        pass
    return None


def _two_decimals(v: float) -> bool:
    return abs(v * 100 - round(v * 100)) < 1e-7 * max(1.0, abs(v))


def _linear(side: Node, x: str) -> tuple[float, float] | None:
    """(slope, constant) if ``side`` is linear in ``x``."""
    try:
        f0, f1, f2, f3 = (unrounded(side, {x: v}) for v in (0.0, 1.0, 2.0, -3.5))
    except (ValueError, ZeroDivisionError, OverflowError):
        return None
    a = f1 - f0
    tol = 1e-9 * max(1.0, abs(f0), abs(f1))
    if abs(f2 - (f0 + 2 * a)) > tol or abs(f3 - (f0 - 3.5 * a)) > tol:
        return None
    return a, f0


def _term(a: float, x: str, b: float) -> Node:
    """``ax + b`` with zero parts left out."""
    terms = []
    if abs(a) > 1e-12:
        terms.append((1 if a > 0 else -1, Sym(x) if abs(abs(a) - 1) < 1e-12 else Mul((Num(abs(a)), Sym(x)))))
    if abs(b) > 1e-12 or not terms:
        terms.append((1 if b >= 0 else -1, Num(abs(b))))
    if terms[0][0] < 0 and len(terms) > 1 and terms[1][0] > 0:
        terms.reverse()
    return terms[0][1] if len(terms) == 1 and terms[0][0] > 0 else Add(tuple(terms))


def solve_linear(lhs: Node, rhs: Node, x: str) -> tuple[list[Line], float] | None:
    """``5x + 30 = 180``, ``5x = 150``, ``x = 150 / 5 = 30``: when every coefficient is a two-decimal number."""
    left, right = _linear(lhs, x), _linear(rhs, x)
    if left is None or right is None or not all(_two_decimals(v) for v in (*left, *right)):
        return None
    (al, cl), (ar, cr) = left, right
    a, c = round2(al - ar), round2(cr - cl)
    if a == 0:
        return None
    if a < 0:
        a, c = -a, -c
    lines: list[Line] = []
    collected = [_term(al, x, cl), _term(ar, x, cr)]
    if collected != [lhs, rhs]:
        lines.append(collected)
    if [_term(a, x, 0.0), Num(c)] not in ([lhs, rhs], *lines[-1:]):
        lines.append([_term(a, x, 0.0), Num(c)])
    if a == 1:
        return lines, c
    value, stages = chain_nodes(Div(Num(c), Num(a)), {})
    return lines + [[Sym(x), *stages]], value


def _peel(side: Node, value: Node) -> tuple[Node, Node] | None:
    """Undo the outermost operation of ``side = value`` where the rest of it is a number."""
    if isinstance(side, Add):
        known = [(s, t) for s, t in side.terms if not has_symbol(t)]
        rest = [(s, t) for s, t in side.terms if has_symbol(t)]
        if known and len(rest) == 1 and rest[0][0] > 0:
            return rest[0][1], Add(((1, value), *((-s, t) for s, t in known)))
    if isinstance(side, Mul):
        known = [f for f in side.factors if not has_symbol(f)]
        rest = [f for f in side.factors if has_symbol(f)]
        if known and rest:
            return (rest[0] if len(rest) == 1 else Mul(tuple(rest))), Div(value, known[0] if len(known) == 1
                                                                         else Mul(tuple(known)))
    if isinstance(side, Div):
        if not has_symbol(side.den):
            return side.num, Mul((value, side.den))
        if not has_symbol(side.num):
            return side.den, Div(side.num, value)
    if isinstance(side, Func) and side.name == "sqrt":
        return side.arg, Pow(value, _TWO)
    return None


_TWO = sympy.Integer(2)


def solve_shown(lhs: Node, rhs: Node, x: str, near: float) -> tuple[list[Line], float, bool]:
    """The lines from ``lhs = rhs`` (π already 3.14) to the value of ``x``.

    Returns (lines after the first, the value, whether the last step is a numeric solution
    rather than arithmetic).  Raises ValueError if no root is found near ``near``."""
    linear = solve_linear(lhs, rhs, x)
    if linear is not None:
        return linear[0], linear[1], False
    lines: list[Line] = []
    if has_symbol(rhs) and not has_symbol(lhs):
        lhs, rhs = rhs, lhs
    while not has_symbol(rhs) and not (isinstance(lhs, Sym) and lhs.name == x):
        peeled = _peel(lhs, rhs)
        if peeled is None:
            break
        rest, undo = peeled
        try:
            value, stages = chain_nodes(undo, {})
        except (ValueError, ZeroDivisionError, OverflowError):
            break
        lines.append([rest, *stages])
        lhs, rhs = rest, Num(value)
    if isinstance(lhs, Sym) and lhs.name == x and isinstance(rhs, Num):
        return lines, rhs.value, False
    root = root_near(lhs, rhs, x, near)
    if root is None:
        raise ValueError(f"no root near {near}")
    return lines, round2(root), True


def holds(lhs: Node, rhs: Node, values: dict[str, float], tol: float = 5e-3) -> bool:
    """Does ``lhs = rhs`` hold at values shown to two decimals?  True when the two sides agree
    to ``tol`` (relative), or when moving the values by less than their rounding (0.005 each)
    crosses a root."""
    try:
        a, b = unrounded(substitute(lhs, values), values), unrounded(substitute(rhs, values), values)
    except (ValueError, ZeroDivisionError, OverflowError):
        return False
    if abs(a - b) <= tol * max(1.0, abs(a), abs(b)):
        return True
    signs = set()
    for d in (-0.005, 0.005):
        moved = {k: v + d for k, v in values.items()}
        try:
            diff = unrounded(substitute(lhs, moved), moved) - unrounded(substitute(rhs, moved), moved)
        except (ValueError, ZeroDivisionError, OverflowError):
            continue
        signs.add(diff > 0)
    return len(signs) == 2
