"""Expression trees from the grammar -> exact sympy values.

Built node by node from the parse tree, so user text never reaches eval or
sympify; lark's non-recursive transformer keeps a long or deep expression from
exhausting the Python stack.  Guards keep absurd input (huge numbers, huge powers) from
hanging sympy.
"""
from __future__ import annotations

import re

import sympy
from geomill.engine.errors import ParseError, Span, a_noun
from geomill.engine.jsontext import cut
from geomill.engine.model import split_points, variable
from geomill.engine.plane import (
    ELEMENT_VOCABULARY,
    ELEMENT_WORDS,
    INVERSE_TRIG,
    TRIG,
    element_kind,
    element_symbol,
    inverse_degrees,
    naming_hint,
    points_fit,
)
from lark import Token, Transformer_NonRecursive, Tree

from .phrases import expression_hint

MAX_NUMBER = 10**9
MAX_EXPONENT = 10
MAX_FRACTION_DIGITS = 15
MAX_NODES = 500
# A power whose exact numeric result would need more bits than this is refused.
MAX_POWER_BITS = 2000

_NUMBER = re.compile(r"([0-9]+)(?:\.([0-9]+))?")
_VARIABLE = re.compile(r"[a-z]")
_POINTS = re.compile(r"(?:[A-Z][0-9]*'*)+")


def span_of(node: Tree | Token) -> Span:
    """Where a token or subtree starts (its first token: the parser keeps no positions
    on subtrees, which would cost almost half of parsing)."""
    while isinstance(node, Tree):
        node = node.children[0]
    return Span(node.line, node.column, node.column + len(node.value))


def number(tok: Token) -> sympy.Rational:
    """``12.85`` -> ``Rational(1285, 100)``: decimals are exact."""
    m = _NUMBER.fullmatch(tok.value)
    assert m, tok
    whole, frac = m.group(1), m.group(2) or ""
    if len(frac) > MAX_FRACTION_DIGITS:
        raise ParseError(f"number {cut(tok.value, 40)} has too many decimal places (at most {MAX_FRACTION_DIGITS})",
                         span_of(tok))
    too_long = len(whole.lstrip("0")) > len(str(MAX_NUMBER))  # refuse before int() of a huge string
    if too_long or int(whole + frac) > MAX_NUMBER * 10 ** len(frac):  # the value > MAX_NUMBER, in ints
        raise ParseError(f"number {cut(tok.value, 40)} is too large (at most {MAX_NUMBER})", span_of(tok))
    return sympy.Rational(int(whole + frac), 10 ** len(frac))


def name(tok: Token) -> sympy.Expr:
    """A bare name in an expression: ``pi`` or a one-letter variable."""
    if tok.value == "pi":
        return sympy.pi
    if _VARIABLE.fullmatch(tok.value):
        return variable(tok.value)
    if tok.value == "sqrt":
        raise ParseError("sqrt needs parentheses: sqrt(…)", span_of(tok))
    if tok.value in TRIG:  # 'find sin A': the function is known, its angle is not written as one
        raise ParseError(f"{tok.value} of an angle is written {tok.value}(angle BAC): the angle in parentheses, "
                         "named by three points with its vertex in the middle", span_of(tok))
    raise ParseError(f"unknown name {tok.value!r} in an expression; variables are single lowercase "
                     f"letters (x, y, …) and the only constant is pi{expression_hint(tok.value)}", span_of(tok))


def _power(base: sympy.Expr, exp: sympy.Expr, at: Token) -> sympy.Expr:
    if not (exp.is_Integer and abs(exp) <= MAX_EXPONENT):
        raise ParseError(f"an exponent must be a whole number from -{MAX_EXPONENT} to {MAX_EXPONENT}, "
                         f"got {exp}", span_of(at))
    if base == 0 and exp < 0:
        raise ParseError("division by zero", span_of(at))
    coeff = base.as_coeff_Mul()[0]
    if coeff.is_Rational and max(abs(coeff.p), coeff.q).bit_length() * abs(int(exp)) > MAX_POWER_BITS:
        raise ParseError("number too large", span_of(at))
    return base**exp


def _call(func: Token, arg: sympy.Expr, at: Token) -> sympy.Expr | None:
    """A function's value at ``arg``; None where the name is no function (``x(x + 1)``: a product)."""
    if func.value == "sqrt":
        if arg.is_negative:
            raise ParseError("square root of a negative number", span_of(at))
        return sympy.sqrt(arg)
    if func.value in TRIG:  # of an angle in degrees
        return TRIG[func.value](arg)
    if func.value in INVERSE_TRIG:  # an angle in degrees, of a number
        if arg.free_symbols:
            raise ParseError(f"{func.value} of a number only (an angle in degrees)", span_of(at))
        if func.value != "atan" and not -1 <= arg <= 1:
            raise ParseError(f"{func.value} of a number from -1 to 1, got {arg}", span_of(at))
        return inverse_degrees(func.value, arg)
    return None


def build(root: Tree | Token) -> sympy.Expr:
    """The sympy value of an expression tree (lark's non-recursive transformer, bottom-up).
    An element (``AB``, ``angle ABC``, ``arc length OAB``) is its symbol (``engine.plane``)."""
    value, at = _value(_Build().transform(root) if isinstance(root, Tree) else _leaf(root))
    if value.is_Rational:  # a number such as 12.85 is finite and real: no need to search it
        return value
    if value.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo):
        raise ParseError("division by zero", span_of(at))
    if value.has(sympy.I):
        raise ParseError("the value is not a real number", span_of(at))
    return value


_OPERANDS = ("NUMBER", "NAME")
Valued = tuple[sympy.Expr, Token]  # a subtree's value and its first token (for an error's place)


class _Words:
    """An element's words read so far (``arc``, then ``length``), waiting for its points, times a
    coefficient written before them (``2 angle ABC``)."""

    def __init__(self, coeff: sympy.Expr, words: tuple[str, ...]):
        self.coeff, self.words = coeff, words


class _Points:
    """A point sequence: a segment's length on its own, an element's points after its words."""

    def __init__(self, points: tuple[str, ...]):
        self.points = points


def _leaf(tok: Token) -> tuple:
    if tok.type == "NUMBER":
        return number(tok), tok
    if tok.value in ELEMENT_VOCABULARY:
        return _Words(sympy.Integer(1), (tok.value,)), tok
    if _POINTS.fullmatch(tok.value):
        return _Points(split_points(tok.value)), tok
    return name(tok), tok


def element(words: tuple[str, ...], points: tuple[str, ...], at: Token) -> sympy.Expr:
    """The symbol of the element ``words`` + ``points`` names, or a located error."""
    kind = element_kind(words, len(points))
    text = " ".join((*words, "".join(points)))
    if kind is None:
        known = ", ".join(sorted(" ".join(w) for w, _ in ELEMENT_WORDS))
        raise ParseError(f"{' '.join(words)!r} is not an element; elements are a segment (AB) or {known} "
                         f"followed by points{expression_hint(words[-1]) if words else ''}", span_of(at))
    n = len(points)
    if len(set(points)) != n:
        raise ParseError(f"{text} repeats a point", span_of(at))
    if not points_fit(kind, n):
        want = "at least 3" if kind.n_points is None else str(kind.n_points)
        what = a_noun(" ".join(words)) if words else "a segment"
        raise ParseError(f"{what} is named by {want} points, got {text}{naming_hint(kind, points)}", span_of(at))
    return element_symbol(kind.key, points)


def _value(v: tuple) -> Valued:
    """A finished operand: points alone are a segment; words without points are an error."""
    value, at = v
    if isinstance(value, _Points):
        return element((), value.points, at), at
    if isinstance(value, _Words):
        raise ParseError(f"expected points after {' '.join(value.words)!r} (e.g. {' '.join(value.words)} ABC)",
                         span_of(at))
    return value, at


def _implicit(left: tuple, right: tuple) -> tuple:
    """``2 angle ABC``: words gather, points close them into an element, anything else multiplies."""
    (lv, lat), (rv, rat) = left, right
    if isinstance(lv, _Words):
        if isinstance(rv, _Words):
            return _Words(lv.coeff, lv.words + rv.words), lat
        if isinstance(rv, _Points):
            return lv.coeff * element(lv.words, rv.points, lat), lat
        _value(left)
    if isinstance(rv, _Words):
        return _Words(_value(left)[0] * rv.coeff, rv.words), rat
    return _value(left)[0] * _value(right)[0], lat


class _NumberLed(tuple):
    """An implicit product led by a number ("2 AB", "3x"): after '/' it reads two ways."""


class _NameLed(tuple):
    """``pi (radius O)``, ``x(x + 1)``: a name that is no function, before parentheses, is a product,
    and a power written after the parentheses binds to them alone (``pi (radius O)^2`` is π·r²)."""

    factor: sympy.Expr
    inside: sympy.Expr


class _Build(Transformer_NonRecursive):
    """Each expression node from its operands' values; tokens are read where they stand (the
    name in ``sqrt(…)`` is a function, not a variable)."""

    def __init__(self) -> None:
        super().__init__(visit_tokens=False)
        self.nodes = 0

    def __default__(self, data: str, children: list, meta) -> Valued:
        first = children[0]
        where = first if isinstance(first, Token) else first[1]
        self.nodes += len(children)
        if self.nodes > MAX_NODES:
            raise ParseError(f"expression too long (more than {MAX_NODES} operands and operators)",
                             span_of(where))
        if data == "call":  # the function's name is no operand
            arg, at = _value(_leaf(children[1]) if isinstance(children[1], Token) else children[1])
            value = _call(children[0], arg, at)
            if value is not None:
                return value, where
            out = _NameLed((name(children[0]) * arg, where))  # "x(x + 1)" is a product
            out.factor, out.inside = name(children[0]), arg
            return out
        if data == "pow" and isinstance(children[0], _NameLed):
            exp, at = _value(children[-1] if isinstance(children[-1], tuple) else _leaf(children[-1]))
            return children[0].factor * _power(children[0].inside, exp, at), where
        args = [_leaf(c) if isinstance(c, Token) else c for c in children
                if not isinstance(c, Token) or c.type in _OPERANDS]
        if data == "paren":
            return tuple(children[0]) if isinstance(children[0], tuple) else _leaf(children[0])
        if data == "imul":
            led = isinstance(children[0], Token) and children[0].type == "NUMBER" or isinstance(children[0], _NumberLed)
            out = _implicit(*args)
            return _NumberLed(out) if led else out
        if data == "div" and isinstance(children[-1], _NumberLed):
            raise ParseError("a number times something after '/' reads two ways ('1/2 AB' is half of AB to a reader, "
                             "1/(2·AB) to a calculator): write 'AB/2' or '(1/2) AB' for half of AB, or '1/(2 AB)'",
                             span_of(children[-1][1]))
        return _combine(data, [_value(a) for a in args]), where


def _combine(op: str, args: list[Valued]) -> sympy.Expr:
    if op == "neg":
        return -args[0][0]
    if op == "pos":
        return args[0][0]
    (a, _), (b, b_at) = args
    if op == "add":
        return a + b
    if op == "sub":
        return a - b
    if op == "mul":
        return a * b
    if op == "div":
        if b == 0:
            raise ParseError("division by zero", span_of(b_at))
        return a / b
    if op == "pow":
        return _power(a, b, b_at)
    raise AssertionError(f"unknown expression node {op}")
