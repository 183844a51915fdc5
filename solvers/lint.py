"""A solution linter: what a mathematics teacher checks in a gold solution, checked on its text.

* Every arithmetic chain shown (``a · b / c = d / c = e``) is re-evaluated from the numbers as
  printed, rounding each operation to two decimals as the text claims (π = 3.14): every stage
  must come to the final value.
* An equation shown for a variable (or for the unknowns of a simultaneous step) holds at the
  value shown for it.
* No Python or sympy syntax in the prose (``**``, ``*x``, ``(x)``, a trigonometric function of a
  bare fraction).
* Every element named exists in the problem, is named as the problem names it, with one spelling
  throughout, and with the right noun (a circle's diameter is no side); the queried element is
  named as the question names it.

The math is read by a small parser of the solution's own notation (never eval).
"""
from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

import sympy
from geomill.engine.model import Problem, QKind, Quantity, split_points

from .arith import (
    GV_PI,
    Add,
    Div,
    Func,
    Mul,
    Node,
    Num,
    Pow,
    Sym,
    chain_nodes,
    has_symbol,
    render,
    rounded_value,
)
from .working import holds

if TYPE_CHECKING:  # (a type only: linting a textbook proof never loads deduction's graph library)
    from geomill.engine.graph import FactGraph

__all__ = ["Finding", "lint_text", "lint_solution", "parse_math"]


@dataclass(frozen=True)
class Finding:
    check: str  # arithmetic | equation | syntax | name
    detail: str

    def __str__(self) -> str:
        return f"{self.check}: {self.detail}"


# -- reading the notation --------------------------------------------------------------------------

_TOKEN = re.compile(r"\s*(?:(?P<num>\d+(?:\.\d+)?)|(?P<func>asin|acos|atan|sin|cos|tan|sqrt)(?=\()"
                    r"|(?P<name>(?:[A-Z](?:\d+|')*){2,})|(?P<var>[a-z])(?![a-zA-Z])|(?P<op>\*\*|[-+·*/^()=²³√π°]))")
_SUP = {"²": 2, "³": 3}


class _Parser:
    """Recursive descent over the tokens, kept as two lists (kinds, values) ending in a ``None``
    sentinel.  Values alone tell operators apart: no other token spells ``=``, ``(``, ``·`` …"""

    __slots__ = ("kinds", "values", "i")

    def __init__(self, text: str):
        kinds: list[str | None] = []
        values: list[str | None] = []
        pos = 0
        text = text.rstrip()
        match = _TOKEN.match
        while pos < len(text):
            m = match(text, pos)
            if not m or m.end() == pos:
                raise ValueError(f"not math at {text[pos:pos + 10]!r}")
            kind = m.lastgroup
            kinds.append(kind)
            values.append(m.group(kind))
            pos = m.end()
        kinds.append(None)
        values.append(None)
        self.kinds, self.values, self.i = kinds, values, 0

    def take(self, value: str | None = None) -> tuple[str, str]:
        i = self.i
        tok = self.values[i]
        if tok is None or (value is not None and tok != value):
            raise ValueError(f"expected {value}")
        self.i = i + 1
        return self.kinds[i], tok

    def chain(self) -> list[Node]:
        sides = [self.expr()]
        while self.values[self.i] == "=":
            self.i += 1
            sides.append(self.expr())
        if self.values[self.i] is not None:
            raise ValueError("trailing text")
        return sides

    def expr(self) -> Node:
        terms = [(1, self.term())] if self.values[self.i] != "-" else []
        while self.values[self.i] in ("+", "-"):
            sign = 1 if self.values[self.i] == "+" else -1
            self.i += 1
            terms.append((sign, self.term()))
        return terms[0][1] if len(terms) == 1 and terms[0][0] == 1 else Add(tuple(terms))

    def term(self) -> Node:
        node = self.power()
        values, kinds = self.values, self.kinds
        while True:
            tok = values[self.i]
            if tok == "·" or tok == "*":
                self.i += 1
                node = _mul(node, self.power())
            elif tok == "/":
                self.i += 1
                node = Div(node, self.power())
            elif tok is not None and (kinds[self.i] in ("var", "name", "func") or tok in ("(", "√", "π")):
                node = _mul(node, self.power())  # 3x, 2(x + 1)
            else:
                return node

    def power(self) -> Node:
        node = self.atom()
        while True:
            tok = self.values[self.i]
            if tok in _SUP:
                self.i += 1
                node = Pow(node, _int(_SUP[tok]))
            elif tok == "^" or tok == "**":
                self.i += 1
                exp = self.atom()
                if isinstance(exp, Div) and isinstance(exp.num, Num) and isinstance(exp.den, Num):
                    node = Pow(node, sympy.Rational(int(exp.num.value), int(exp.den.value)))
                elif isinstance(exp, Num):
                    node = Pow(node, _int(exp.value))
                else:
                    raise ValueError("symbolic exponent")
            else:
                return node

    def atom(self) -> Node:
        kind, value = self.take()
        if kind == "num":
            return Num(float(value))
        if kind == "name" or kind == "var":
            return Sym(value)
        if value == "π":
            return Num(GV_PI)
        if value == "-":
            return Add(((-1, self.power()),))
        if value == "√":
            return Func("sqrt", self.atom())
        if kind == "func":
            self.take("(")
            arg = self.expr()
            if self.values[self.i] == "°":
                self.i += 1
            self.take(")")
            return Func(value, arg)
        if value == "(":
            inner = self.expr()
            self.take(")")
            return inner
        raise ValueError(f"unexpected {value!r}")


def _int(v: float) -> sympy.Integer:
    return sympy.Integer(int(v))


def _mul(a: Node, b: Node) -> Node:
    return Mul((*a.factors, b)) if isinstance(a, Mul) else Mul((a, b))


def parse_math(text: str) -> list[Node]:
    """The sides of ``a = b = c`` as trees; ValueError if ``text`` is not such a chain."""
    return _Parser(text).chain()


# -- checks -------------------------------------------------------------------------------------------

_SENTENCE = re.compile(r"(?<=[.:])\s+(?=[A-Z])")
_PIECE = re.compile(r",\s+|:\s+| and | is | so | whose | for | gives |; ")
# (pattern, what it finds, the texts one of which every match contains: a solution without any of
# them is not scanned; the patterns that start with a lookbehind or \b try every position, and a
# gold solution's text, written with "·", has none of them)
_SYNTAX = [(re.compile(r"\*\*"), "'**'", ("**",)),
           (re.compile(r"(?<![A-Za-z])[a-z]\s*\*(?!\*)|(?<!\*)\*\s*[a-z](?![a-z(])"), "'*' next to a variable",
            ("*",)),
           (re.compile(r"\(\s*[a-z]\s*\)"), "a variable alone in parentheses", ("(",)),
           (re.compile(r"\b(?:sin|cos|tan)\(\d+/\d+\)"), "a trigonometric function of a radian fraction",
            ("sin(", "cos(", "tan(")),
           (re.compile(r"\b[a-z]\*\*|\bsqrt\(\d+/\d+\)"), "sympy notation", ("**", "sqrt("))]


def _symbols(node: Node) -> set[str]:
    if isinstance(node, Sym):
        return {node.name}
    if isinstance(node, Num):
        return set()
    kids = ([t for _, t in node.terms] if isinstance(node, Add) else list(node.factors) if isinstance(node, Mul)
            else [node.num, node.den] if isinstance(node, Div) else [node.base if isinstance(node, Pow) else node.arg])
    return set().union(*(_symbols(k) for k in kids))


_NO_VALUE = (ZeroDivisionError, ValueError, OverflowError)  # asin(1.01), √ of a negative, … as printed


def _rounded(node: Node) -> float:
    """The value as the text's convention computes it, the writer's own (``arith.chain_nodes``):
    every operation rounded to two decimals, with its fallbacks where rounding leaves an operation
    undefined.  Raises one of ``_NO_VALUE`` when the printed expression has no value even unrounded."""
    try:
        return rounded_value(node)  # the passes' value, computed once per operation
    except _NO_VALUE:
        return chain_nodes(node, {}, gv=False)[0]


def _chains(text: str) -> Iterator[tuple[str, list[Node]]]:
    """Every ``… = …`` chain in the text, with its sentence."""
    for sentence in _SENTENCE.split(text):
        for piece in _PIECE.split(sentence.rstrip(".")):
            if "=" not in piece:
                continue
            words = piece.split(" ")
            for start in range(len(words)):  # the math is the longest tail that parses
                try:
                    yield sentence, parse_math(" ".join(words[start:]))
                    break
                except ValueError:
                    continue


def _arith_ok(parts: list[Node]) -> bool:
    """Every member of the chain has the value of the last one; a member with no value fails."""
    try:
        final = _rounded(parts[-1])
        return all(math.isclose(_rounded(p), final, rel_tol=1e-4, abs_tol=0.0101) for p in parts[:-1])
    except _NO_VALUE:
        return False


# FAST PATH: a pattern is scanned only in a text holding one of its texts; the plain version,
# _syntax_scanned, scans every pattern (tests/test_solutions.py holds the two equal).
def _syntax(text: str, guarded: bool = True) -> list[Finding]:
    """The findings of the Python or sympy syntax patterns, in the patterns' order."""
    out: list[Finding] = []
    for pattern, what, needs in _SYNTAX:
        if guarded and not any(t in text for t in needs):
            continue
        for m in pattern.finditer(text):
            out.append(Finding("syntax", f"{what}: …{text[max(0, m.start() - 20):m.end() + 20]}…"))
    return out


def _syntax_scanned(text: str) -> list[Finding]:
    """``_syntax`` without the guard: every pattern scanned over the whole text."""
    return _syntax(text, guarded=False)


def lint_text(text: str) -> list[Finding]:
    """Arithmetic, equation and syntax findings of one solution text (any namer)."""
    out = _syntax(text)
    chains = list(_chains(text))
    values: dict[str, float] = {}
    for _, parts in chains:  # x = 12 / 4 = 3, AB = 6: the values shown for unknowns
        if isinstance(parts[0], Sym) and not has_symbol(parts[-1]) and len(parts) >= 2:
            try:
                values[parts[0].name] = _rounded(parts[-1])
            except _NO_VALUE:
                pass  # the chain itself is reported below
    for sentence, parts in chains:
        numeric = [not has_symbol(p) for p in parts]
        tail = len(parts)
        while tail > 0 and numeric[tail - 1]:
            tail -= 1
        if len(parts) - tail >= 2 and not _arith_ok(parts[tail:]):
            out.append(Finding("arithmetic", f"{' = '.join(_show(p) for p in parts)} in: {sentence[:160]}"))
            continue
        if tail == 0:
            continue
        needed = set().union(*(_symbols(p) for p in parts))
        if not needed <= values.keys():
            continue  # a formula in names, not an equation with values
        at = {k: values[k] for k in needed}
        for a, b in zip(parts, parts[1:]):
            if (has_symbol(a) or has_symbol(b)) and not holds(a, b, at):
                shown = ", ".join(f"{k} = {v:g}" for k, v in sorted(at.items()))
                out.append(Finding("equation", f"{_show(a)} = {_show(b)} does not hold at {shown}"))
    return out


def _show(node: Node) -> str:
    return render(node)


# -- names ---------------------------------------------------------------------------------------------

_ELEMENT = re.compile(r"the (?:length|degree|lengths|degrees) of the ((?:[A-Z][A-Z0-9']*(?:, | and )?)+) "
                      r"(side|angle|diameter|diagonal)s?\b")


def _quantity(name: str, noun: str) -> Quantity | None:
    pts = split_points(name)
    if noun == "angle":
        return Quantity.angle(*pts) if len(pts) == 3 else None
    return Quantity.length(*pts) if len(pts) == 2 else None


def lint_solution(sol, text: str | None = None) -> list[Finding]:
    """Every check on a solved problem's coordinate-named solution (or ``text`` written for it)."""
    from .writer import element_noun, element_phrase

    text = sol.text() if text is None else text
    out = lint_text(text)
    problem: Problem = sol.problem
    graph: FactGraph = sol.graph
    kinds = sol.shape_kinds
    mentioned: dict[Quantity, set[str]] = {}
    for q in _mentions(problem):
        mentioned.setdefault(q, set()).add(q.name)
    for sentence in _SENTENCE.split(text):
        spelled: dict[Quantity, set[str]] = {}
        for m in _ELEMENT.finditer(sentence):
            for name in re.split(r", | and ", m.group(1)):
                try:
                    q = _quantity(name, m.group(2))
                except ValueError:
                    q = None
                if q is None or not graph.contains(q):
                    out.append(Finding("name", f"{m.group(2)} {name} is not an element of the problem"))
                    continue
                spelled.setdefault(q, set()).add(name)
                if q in mentioned and name not in mentioned[q]:
                    out.append(Finding("name", f"{name} is written {'/'.join(sorted(mentioned[q]))} in the problem"))
                if m.group(2) != "angle" and (noun := element_noun(q, kinds)) != m.group(2):
                    out.append(Finding("name", f"{name} is called a {m.group(2)}, but it is a {noun}"))
        for names in spelled.values():
            if len(names) > 1:
                out.append(Finding("name", f"one sentence names one element {' and '.join(sorted(names))}"))
    query = sol.query
    named = element_phrase(query, kinds, sol.spelling)
    if sol.steps and query.kind in (QKind.LENGTH, QKind.ANGLE) and named not in text:
        out.append(Finding("name", f"the queried element {query} is never named as the question names it"))
    return out


def _mentions(problem: Problem) -> Iterator[Quantity]:
    """The elements the problem's text writes, as it writes them (facts, query, shape arguments)."""
    for f in problem.facts:
        yield f.quantity
    if problem.query is not None:
        yield problem.query.quantity
    for decl in problem.shapes:
        for _, written in decl.args:
            pts = split_points(written) if written else []
            if len(pts) == 2:
                yield Quantity.length(*pts)
            elif len(pts) == 3:
                yield Quantity.angle(*pts)
