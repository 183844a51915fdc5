"""Expression trees from the grammar -> exact sympy values.

Built by hand, node by node, so user text never reaches eval or sympify;
evaluated iteratively so that a long or deep expression cannot exhaust the
Python stack.  Guards keep absurd input (huge numbers, huge powers) from
hanging sympy.
"""
from __future__ import annotations

import re

import sympy
from geomill.engine.errors import ParseError, Span
from geomill.engine.model import variable
from lark import Token, Tree

MAX_NUMBER = 10**9
MAX_EXPONENT = 10
MAX_FRACTION_DIGITS = 15
MAX_NODES = 500
# A power whose exact numeric result would need more bits than this is refused.
MAX_POWER_BITS = 2000

_NUMBER = re.compile(r"([0-9]+)(?:\.([0-9]+))?")
_VARIABLE = re.compile(r"[a-z]")


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
        raise ParseError(f"number {tok.value} has too many decimal places (at most {MAX_FRACTION_DIGITS})",
                         span_of(tok))
    too_long = len(whole.lstrip("0")) > len(str(MAX_NUMBER))  # refuse before int() of a huge string
    if too_long or sympy.Rational(int(whole + frac), 10 ** len(frac)) > MAX_NUMBER:
        raise ParseError(f"number {tok.value} is too large (at most {MAX_NUMBER})", span_of(tok))
    return sympy.Rational(int(whole + frac), 10 ** len(frac))


def name(tok: Token) -> sympy.Expr:
    """A bare name in an expression: ``pi`` or a one-letter variable."""
    if tok.value == "pi":
        return sympy.pi
    if _VARIABLE.fullmatch(tok.value):
        return variable(tok.value)
    if tok.value == "sqrt":
        raise ParseError("sqrt needs parentheses: sqrt(…)", span_of(tok))
    raise ParseError(f"unknown name {tok.value!r} in an expression; variables are single lowercase "
                     "letters (x, y, …) and the only constant is pi", span_of(tok))


def _power(base: sympy.Expr, exp: sympy.Expr, where: Span) -> sympy.Expr:
    if not (exp.is_Integer and abs(exp) <= MAX_EXPONENT):
        raise ParseError(f"an exponent must be a whole number from -{MAX_EXPONENT} to {MAX_EXPONENT}, "
                         f"got {exp}", where)
    if base == 0 and exp < 0:
        raise ParseError("division by zero", where)
    coeff = base.as_coeff_Mul()[0]
    if coeff.is_Rational and max(abs(coeff.p), coeff.q).bit_length() * abs(int(exp)) > MAX_POWER_BITS:
        raise ParseError("number too large", where)
    return base**exp


def _call(func: Token, arg: sympy.Expr, where: Span) -> sympy.Expr:
    if func.value == "sqrt":
        if arg.is_negative:
            raise ParseError("square root of a negative number", where)
        return sympy.sqrt(arg)
    return name(func) * arg  # "x(x + 1)" is a product


def build(root: Tree | Token) -> sympy.Expr:
    """The sympy value of an expression tree (post-order, without recursion)."""
    values: list[tuple[sympy.Expr, Span]] = []
    stack: list[tuple[Tree | Token, bool]] = [(root, False)]
    nodes = 0
    while stack:
        node, done = stack.pop()
        if not done:
            nodes += 1
            if nodes > MAX_NODES:
                raise ParseError(f"expression too long (more than {MAX_NODES} operands and operators)",
                                 span_of(node))
        if isinstance(node, Token):
            values.append((number(node) if node.type == "NUMBER" else name(node), span_of(node)))
            continue
        operands = _operands(node)
        if not done:
            stack.append((node, True))
            stack.extend((c, False) for c in reversed(operands))
            continue
        args = values[len(values) - len(operands):]
        del values[len(values) - len(operands):]
        values.append((_combine(node, args), span_of(node)))
    ((value, where),) = values
    if value.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo):
        raise ParseError("division by zero", where)
    if value.has(sympy.I):
        raise ParseError("the value is not a real number", where)
    return value


def _operands(node: Tree) -> list[Tree | Token]:
    if node.data == "call":
        return [node.children[1]]
    return [c for c in node.children if isinstance(c, Tree) or c.type in ("NUMBER", "NAME")]


def _combine(node: Tree, args: list[tuple[sympy.Expr, Span]]) -> sympy.Expr:
    op = node.data
    if op == "neg":
        return -args[0][0]
    if op == "pos":
        return args[0][0]
    if op == "call":
        return _call(node.children[0], args[0][0], args[0][1])
    (a, _), (b, b_at) = args
    if op == "add":
        return a + b
    if op == "sub":
        return a - b
    if op == "mul":
        return a * b
    if op == "div":
        if b == 0:
            raise ParseError("division by zero", b_at)
        return a / b
    if op == "pow":
        return _power(a, b, b_at)
    raise AssertionError(f"unknown expression node {op}")
