"""Arithmetic as the GeomVerse solutions write it.

A rule's sympy expression is turned once into a small tree in the paper's
vocabulary (degrees for trigonometry, ``sqrt``, ``/``), and that tree is then
evaluated the way the paper's solutions do it: π = 3.14 and every operation's
result rounded half-up to two decimals, innermost first, printing the
expression after each pass: ``2 * (10 + 12) = 2 * 22 = 44``.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from functools import cache, lru_cache
from typing import Union

import sympy

GV_PI = 3.14


def round2(x: float) -> float:
    """Round half-up to two decimals, on the decimal spelling of ``x`` (2.675 -> 2.68).

    Only values near a tie need the decimal spelling; the rest round to nearest directly."""
    x = float(x)
    if not math.isfinite(x) or abs(x) >= 1e15:  # (no hundredths left to round; Decimal's quantize would overflow)
        return x
    scaled = x * 100
    if abs(abs(scaled - math.floor(scaled)) - 0.5) > 1e-6 and abs(scaled) < 1e13:
        return round(scaled) / 100
    return float(Decimal(repr(x)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


@lru_cache(maxsize=8192)
def fmt(x: float) -> str:
    """A number as a solution prints it: ``44``, ``14.65``, ``0.5``.

    Cached: a solution's numbers print in its text, its LaTeX and its proof data (numbers that
    compare equal print alike: ``5`` and ``5.0``, ``0.0`` and ``-0.0``)."""
    if not math.isfinite(x):
        return str(x)
    if x == int(x) and abs(x) < 1e15:
        return str(int(x))
    return f"{round2(x):.2f}".rstrip("0").rstrip(".")


# -- the tree -------------------------------------------------------------------------


@dataclass(frozen=True)
class Num:
    value: float
    text: str | None = None  # how to print it when it is not a plain number (π)


@dataclass(frozen=True)
class Sym:
    name: str


@dataclass(frozen=True)
class Add:
    terms: tuple[tuple[int, Node], ...]  # (sign, term)


@dataclass(frozen=True)
class Mul:
    factors: tuple[Node, ...]


@dataclass(frozen=True)
class Div:
    num: Node
    den: Node


@dataclass(frozen=True)
class Pow:
    base: Node
    exp: sympy.Rational


@dataclass(frozen=True)
class Func:
    name: str  # sqrt, sin, cos, tan (of degrees), asin, acos, atan (in degrees)
    arg: Node


Node = Union[Num, Sym, Add, Mul, Div, Pow, Func]  # noqa: UP007 - a runtime alias, read on Python 3.10 too

_SIND = sympy.Function("sind")
_COSD = sympy.Function("cosd")
_TAND = sympy.Function("tand")
_ASIND = sympy.Function("asind")
_ACOSD = sympy.Function("acosd")
_ATAND = sympy.Function("atand")
_PI180 = sympy.pi / 180


def to_degrees(expr: sympy.Expr) -> sympy.Expr:
    """Rewrite radian trigonometry into degree functions: sin(pi*t/180) -> sind(t)."""
    for func, degrees in _DEGREES:
        expr = _replaced(expr, func, degrees)
    return expr


_DEGREES = ((sympy.sin, lambda u: _SIND(sympy.expand(u / _PI180))),
            (sympy.cos, lambda u: _COSD(sympy.expand(u / _PI180))),
            (sympy.tan, lambda u: _TAND(sympy.expand(u / _PI180))),
            (sympy.asin, lambda z: _ASIND(z) * _PI180),
            (sympy.acos, lambda z: _ACOSD(z) * _PI180),
            (sympy.atan, lambda z: _ATAND(z) * _PI180))


def _replaced(rv: sympy.Basic, kind: type, value: Callable) -> sympy.Basic:
    """``rv.replace(kind, value)``, sympy's walk (arguments first, then the node; a node rebuilt into
    one it replaced is left alone) as a plain recursive function: ``replace``'s walk is a closure
    that refers to itself, a reference cycle per call that waits for the garbage collector."""
    args = getattr(rv, "args", None)
    if args is None:
        return rv
    if args:
        new = tuple([_replaced(a, kind, value) for a in args])
        if args != new:
            rv = rv.func(*new)
            for old, changed in zip(args, new):
                if rv == old and old != changed:
                    return rv
    if isinstance(rv, kind):
        v = value(*rv.args)
        if v is not None and v != rv:
            rv = v
    return rv


_FUNCS = {_SIND: "sin", _COSD: "cos", _TAND: "tan", _ASIND: "asin", _ACOSD: "acos", _ATAND: "atan"}


@cache
def tree(expr: sympy.Expr) -> Node:
    """The paper-style tree of a rule expression (cached: built once per rule)."""
    return _convert(to_degrees(expr))


def _convert(e: sympy.Expr, decimals: bool = False) -> Node:
    """``decimals``: a fraction with at most two decimals is a number (a given ``12.85x``), not ``257 / 20``."""
    if e is sympy.pi:
        return Num(math.pi, "π")
    if e.is_Integer:
        return Num(float(e))
    if e.is_Rational and decimals and (e * 100).is_Integer:
        return Num(float(e))
    if e.is_Rational:
        return Div(Num(float(e.p)), Num(float(e.q)))
    if e.is_Float:
        return Num(float(e))
    if e.is_Symbol:
        return Sym(e.name)
    if e.is_Add:
        terms = []
        for t in sorted(e.args, key=lambda a: (a.is_number, -_degree(a), sympy.default_sort_key(a))):
            coeff, rest = t.as_coeff_Mul()
            if coeff.is_negative:
                terms.append((-1, _convert(-t, decimals)))
            else:
                terms.append((1, _convert(t, decimals)))
        if terms[0][0] < 0:  # start with a positive term where there is one
            for i, (sgn, _) in enumerate(terms):
                if sgn > 0:
                    terms.insert(0, terms.pop(i))
                    break
        return Add(tuple(terms))
    if e.is_Mul:
        roots = [f for f in e.args if f.is_Pow and abs(f.exp) == sympy.Rational(1, 2)]
        if len(roots) >= 2:  # 2*sqrt(2)*sqrt(S)/sqrt(pi) reads (and rounds) better as sqrt(8*S/pi)
            rest = [f for f in e.args if f not in roots]
            coeff = sympy.Mul(*[f for f in rest if f.is_Rational])
            others = [f for f in rest if not f.is_Rational]
            inside = sympy.Mul(coeff**2, *[f.base ** (2 * f.exp) for f in roots])
            root = Func("sqrt", _convert(inside, decimals))
            return Mul(tuple(_convert(f, decimals) for f in others) + (root,)) if others else root
        num, den = [], []
        for f in _ordered(e.args):
            if f.is_Rational and not f.is_Integer and not (decimals and (f * 100).is_Integer):
                if f.p != 1:
                    num.append(sympy.Integer(f.p))
                den.append(sympy.Integer(f.q))
            elif f.is_Pow and f.exp.is_negative:
                den.append(f.base ** (-f.exp))
            else:
                num.append(f)
        if not den:
            if num and num[0] == -1:
                return Add(((-1, _convert(sympy.Mul(*num[1:]), decimals)),))
            return Mul(tuple(_convert(f, decimals) for f in num)) if len(num) > 1 else _convert(num[0], decimals)
        top = _convert(sympy.Mul(*num), decimals) if num else Num(1.0)
        bottom = [_convert(f, decimals) for f in den]
        return Div(top, bottom[0] if len(bottom) == 1 else Mul(tuple(bottom)))
    if e.is_Pow:
        if e.exp == sympy.Rational(1, 2):
            return Func("sqrt", _convert(e.base, decimals))
        if e.exp.is_negative:
            return Div(Num(1.0), _convert(e.base ** (-e.exp), decimals))
        return Pow(_convert(e.base, decimals), e.exp)
    if e.func in _FUNCS:
        return Func(_FUNCS[e.func], _convert(e.args[0], decimals))
    raise ValueError(f"cannot write {e} as arithmetic")


def _degree(term: sympy.Expr) -> int:
    """The degree of a term in its symbols (x² before x), 0 where it has none."""
    return int(sum(p for b, p in term.as_powers_dict().items() if b.is_Symbol and p.is_Integer))


def _ordered(args: tuple) -> list:
    """Numbers first in products, as people write them (2 * (a + b))."""
    return sorted(args, key=lambda a: (not a.is_number, sympy.default_sort_key(a)))


# -- evaluation -------------------------------------------------------------------------------

_F = {
    "sqrt": math.sqrt,
    "sin": lambda d: math.sin(math.radians(d)),
    "cos": lambda d: math.cos(math.radians(d)),
    "tan": lambda d: math.tan(math.radians(d)),
    "asin": lambda z: math.degrees(math.asin(z)),
    "acos": lambda z: math.degrees(math.acos(z)),
    "atan": lambda z: math.degrees(math.atan(z)),
}


def _op(node: Node, kids: list[float]) -> float:
    if isinstance(node, Add):
        return sum(s * v for (s, _), v in zip(node.terms, kids))
    if isinstance(node, Mul):
        return math.prod(kids)
    if isinstance(node, Div):
        return kids[0] / kids[1]
    if isinstance(node, Pow):
        return kids[0] ** float(node.exp)
    return _F[node.name](kids[0])


def _children(node: Node) -> list[Node]:
    if isinstance(node, Add):
        return [t for _, t in node.terms]
    if isinstance(node, Mul):
        return list(node.factors)
    if isinstance(node, Div):
        return [node.num, node.den]
    if isinstance(node, (Pow, Func)):
        return [node.base if isinstance(node, Pow) else node.arg]
    return []


def _rebuild(node: Node, kids: list[Node]) -> Node:
    if isinstance(node, Add):  # (a term left as it was keeps its pair)
        return Add(tuple(term if term[1] is k else (term[0], k) for term, k in zip(node.terms, kids)))
    if isinstance(node, Mul):
        return Mul(tuple(kids))
    if isinstance(node, Div):
        return Div(kids[0], kids[1])
    if isinstance(node, Pow):
        return Pow(kids[0], node.exp)
    return Func(node.name, kids[0])


def _with(node: Node, kids: list[Node], new: list[Node]) -> Node:
    """``node`` with its children ``kids`` replaced by ``new``: the node itself where nothing changed,
    so that the stages of a chain share what a pass leaves alone (fewer objects a solution keeps)."""
    for a, b in zip(kids, new):
        if a is not b:
            return _rebuild(node, new)
    return node


_GV_PI_NUM = Num(GV_PI)


def substitute(node: Node, values: Mapping[str, float], gv: bool = True) -> Node:
    """Put numbers in for the symbols (and 3.14 for π in the GeomVerse style); symbols
    without a value stay."""
    if isinstance(node, Sym):
        return Num(values[node.name]) if node.name in values else node
    if isinstance(node, Num):
        return _GV_PI_NUM if (gv and node.text == "π") else node
    kids = _children(node)
    return _with(node, kids, [substitute(k, values, gv) for k in kids])


def _is_value(node: Node) -> bool:
    return isinstance(node, Num) and node.text is None


def reduce_once(node: Node) -> Node:
    """One pass: every operation whose operands are all numbers is done and rounded.

    Written out per kind of node (each as ``_op`` computes it; operands left to right): every
    proof step's chain runs a few passes.  A node whose operands did not change is kept."""
    if isinstance(node, (Num, Sym)):
        return node
    if isinstance(node, Div):
        a, b = node.num, node.den
        if isinstance(a, Num) and a.text is None and isinstance(b, Num) and b.text is None:
            return Num(round2(a.value / b.value))
        ra, rb = reduce_once(a), reduce_once(b)
        return node if ra is a and rb is b else Div(ra, rb)
    if isinstance(node, Mul):
        factors = node.factors
        for f in factors:
            if not isinstance(f, Num) or f.text is not None:
                return _with(node, factors, [reduce_once(f) for f in factors])
        return Num(round2(math.prod([f.value for f in factors])))
    if isinstance(node, Add):
        terms = node.terms
        for _, t in terms:
            if not isinstance(t, Num) or t.text is not None:
                kids = [t for _, t in terms]
                return _with(node, kids, [reduce_once(t) for t in kids])
        return Num(round2(sum(s * t.value for s, t in terms)))
    arg = node.base if isinstance(node, Pow) else node.arg
    if isinstance(arg, Num) and arg.text is None:
        return Num(round2(_op(node, [arg.value])))
    reduced = reduce_once(arg)
    return node if reduced is arg else _rebuild(node, [reduced])


def rounded_value(node: Node) -> float:
    """The value ``reduce_once`` passes bring a tree of numbers to: each operation done on its operands'
    rounded values and rounded, once (the passes only decide when).  Raises ValueError for a tree
    the passes would never reduce (a symbol, π unsubstituted), and what an operation raises."""
    if isinstance(node, Num):
        if node.text is not None:
            raise ValueError(f"{node.text} is not a number yet")
        return node.value
    if isinstance(node, Sym):
        raise ValueError(f"{node.name} has no value")
    return round2(_op(node, [rounded_value(k) for k in _children(node)]))


def chain(node: Node, values: Mapping[str, float], gv: bool = True) -> tuple[float, list[str]]:
    """Evaluate step by step; returns (value, the printed stages ending in the value)."""
    value, stages = chain_nodes(node, values, gv)
    return value, [render(n) for n in stages]


def chain_nodes(node: Node, values: Mapping[str, float], gv: bool = True) -> tuple[float, list[Node]]:
    """Evaluate step by step; returns (value, the stages to print as trees, ending in the value).

    Where rounding to two decimals makes an operation undefined (a divisor that
    rounds to 0, asin of 1.01), the rest of the step is computed without rounding; where even
    that is undefined (the root of a difference that rounded terms took below 0), the whole
    step is, from its rounded inputs, and only its first stage is shown: every stage printed
    then equals the value as a reader recomputes it."""
    cur = substitute(node, values, gv)
    stages = [cur]
    while not _is_value(cur):
        try:
            cur = reduce_once(cur)
        except (ZeroDivisionError, ValueError, OverflowError):
            try:
                value = round2(unrounded(cur))
            except (ZeroDivisionError, ValueError, OverflowError):
                value, stages = round2(unrounded(stages[0])), stages[:1]
            stages.append(Num(value))
            return value, stages
        if cur != stages[-1]:
            stages.append(cur)
    return cur.value, stages


def unrounded(node: Node, values: Mapping[str, float] | None = None) -> float:
    """The value of a tree without rounding (``values`` for its symbols; π as written in it)."""
    if isinstance(node, Num):
        return node.value
    if isinstance(node, Sym):
        return values[node.name] if values else math.nan
    return _op(node, [unrounded(k, values) for k in _children(node)])


def replace(node: Node, by: Mapping[str, Node]) -> Node:
    """Put trees in for symbols (a variablized element's ``3x + 20`` for its symbol)."""
    if isinstance(node, Sym):
        return by.get(node.name, node)
    if isinstance(node, Num):
        return node
    kids = _children(node)
    return _with(node, kids, [replace(k, by) for k in kids])


def has_symbol(node: Node) -> bool:
    if isinstance(node, Sym):
        return True
    if isinstance(node, Num):
        return False
    for k in _children(node):
        if has_symbol(k):
            return True
    return False


@lru_cache(maxsize=4096)
def convert(expr: sympy.Expr) -> Node:
    """The tree of an expression a problem gives (``3x + 20``, ``12.85x``).

    A proof converts each variablized fact up to four times, each a sympy walk; cached on the
    expression, which is immutable (and in sympy equal only with equal types and assumptions:
    ``2.0 != 2``), as the tree is; bounded, as the expressions come from problems."""
    return _convert(to_degrees(expr), decimals=True)


# -- printing ---------------------------------------------------------------------------------

_ADD, _MUL, _POW, _ATOM = 1, 2, 4, 5  # how tightly each binds (a division binds as a product)
_SUPERSCRIPT = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")
_LATEX_FUNC = {"sin": r"\sin", "cos": r"\cos", "tan": r"\tan", "asin": r"\arcsin", "acos": r"\arccos",
               "atan": r"\arctan"}
STYLES = ("text", "latex")


def _prec(node: Node) -> int:
    if isinstance(node, Add):
        return _ADD if len(node.terms) > 1 or node.terms[0][0] < 0 else _ATOM
    if isinstance(node, (Mul, Div)):
        return _MUL
    if isinstance(node, Pow):
        return _POW
    return _ATOM


def is_variable(name: str) -> bool:
    """A problem variable (``x``), as opposed to an element name (``AB``)."""
    return len(name) == 1 and name.islower()


def render(node: Node, names: Mapping[str, str] | None = None, style: str = "text") -> str:
    """Arithmetic as a reader writes it: ``3.14 · 6² / 8``, ``√2 · 15.5``, ``sin(30°)``, ``3x + 20``;
    ``style="latex"`` gives the same in LaTeX (without the ``$``).  ``names`` renames symbols."""
    return _render(node, names or None, style == "latex")


def _wrap(child: Node, at_least: int, strict: bool, names: Mapping[str, str] | None, latex: bool) -> str:
    """``child`` printed, in parentheses where it binds less tightly than ``at_least`` (or as tightly,
    when ``strict``: the right side of a division, a subtracted sum)."""
    if isinstance(child, Num) and child.text is None:  # a number, the commonest child, binds tightest
        return fmt(child.value)
    text = _render(child, names, latex)
    p = _prec(child)
    if p < at_least or (strict and p == at_least):
        return rf"\left({text}\right)" if latex else f"({text})"
    return text


def _render(node: Node, names: Mapping[str, str] | None, latex: bool) -> str:
    if isinstance(node, Num):
        if node.text == "π":
            return r"\pi" if latex else "π"
        return node.text or fmt(node.value)
    if isinstance(node, Sym):
        return names.get(node.name, node.name) if names else node.name
    if isinstance(node, Add):
        out = []
        for i, (sign, term) in enumerate(node.terms):
            t = _wrap(term, _ADD, sign < 0 and i > 0, names, latex)
            out.append((t if sign > 0 else f"-{t}") if i == 0 else (f" + {t}" if sign > 0 else f" - {t}"))
        return "".join(out)
    if isinstance(node, Mul):
        f = node.factors
        if len(f) == 2 and isinstance(f[0], Num) and f[0].text is None and isinstance(f[1], Sym) \
                and is_variable(f[1].name) and f[0].value > 0:
            return f"{fmt(f[0].value)}{f[1].name}"  # 3x
        return (r" \cdot " if latex else " · ").join([_wrap(k, _MUL, False, names, latex) for k in f])
    if isinstance(node, Div):
        if latex:
            return rf"\frac{{{_render(node.num, names, latex)}}}{{{_render(node.den, names, latex)}}}"
        return f"{_wrap(node.num, _MUL, False, names, latex)} / {_wrap(node.den, _MUL, True, names, latex)}"
    if isinstance(node, Pow):
        base = _wrap(node.base, _ATOM, False, names, latex)
        return base + _exponent(node.exp, latex)
    arg = _render(node.arg, names, latex)
    if node.name == "sqrt":
        if latex:
            return rf"\sqrt{{{arg}}}"
        return f"√{arg}" if isinstance(node.arg, (Num, Sym)) else f"√({arg})"
    degrees = node.name in ("sin", "cos", "tan") and isinstance(node.arg, Num)
    if latex:
        return _LATEX_FUNC[node.name] + r"\left(" + arg + (r"^\circ" if degrees else "") + r"\right)"
    return f"{node.name}({arg}{'°' if degrees else ''})"


@lru_cache(maxsize=256)
def _exponent(exp: sympy.Rational, latex: bool) -> str:
    """``²``, ``^(1/3)``, ``^{2}``: printing a sympy number is slow, and exponents are few."""
    if latex:
        return f"^{{{exp}}}"
    return str(exp).translate(_SUPERSCRIPT) if exp.is_Integer else f"^({exp})"
