"""Numbers written the ways models write them, read by a small tokenizer and parser of our own.

Model text is never evaluated: this module knows decimals (with thousands separators and
scientific notation), ``+ - * / ^``, parentheses and braces, ``\\frac``, square roots (``√3``,
``\\sqrt{3}``, ``sqrt(3)``), π and the sines, cosines and tangents of angles (in degrees, or in
radians where π is in the argument), with implicit products such as ``5\\sqrt{3}`` and ``12π``.
``chains`` finds every expression (or equation chain ``a = b ≈ c``, whose last member counts)
in a normalized text, left to right.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass

_TOKEN = re.compile(r"""
    (?P<num>(?<![A-Za-z_\d.])(?:\d{1,3}(?:,\d{3})+(?!\d)(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+(?![\d.]))?)
  | (?P<pi>π|\\pi(?![A-Za-z])|(?<![A-Za-z])pi(?![A-Za-z]))
  | (?P<sqrt>√|\\sqrt(?![A-Za-z])|(?<![A-Za-z])sqrt(?![A-Za-z]))
  | (?P<frac>\\frac(?![A-Za-z]))
  | (?P<func>(?:\\|(?<![A-Za-z]))(?:sin|cos|tan)(?![A-Za-z]))
  | (?P<op>[-+*/^(){}=≈])
  | (?P<space>\s+)
  | (?P<other>\\[A-Za-z]+|[A-Za-z]+|.)
""", re.VERBOSE | re.DOTALL)

EQUALS = frozenset("=≈")
_TRIG = {"sin": math.sin, "cos": math.cos, "tan": math.tan}
MAX_DEPTH = 40  # nested atoms (brackets, roots, fractions) at most


@dataclass(frozen=True)
class Token:
    kind: str  # num | pi | sqrt | frac | op | other
    text: str
    start: int
    end: int
    space_before: bool


def tokenize(text: str) -> list[Token]:
    tokens: list[Token] = []
    space = False
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup
        if kind == "space":
            space = True
            continue
        tokens.append(Token(kind, m.group(), m.start(), m.end(), space))
        space = False
    return tokens


_SMALL = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve thirteen "
                                      "fourteen fifteen sixteen seventeen eighteen nineteen".split())}
_TENS = {w: 10 * i for i, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split(), 2)}
_NUMBER_WORD = "|".join([*_SMALL, *_TENS, "hundred", "and"])
# a value stated in words after a link ("is seventy-five degrees", "x equals three."), never "one line"
_WORDED = re.compile(rf"\b((?:is|equals|measures|are)\s+)((?:{_NUMBER_WORD})(?:[\s-]+(?:{_NUMBER_WORD}))*)\b"
                     r"(?=\s*(?:degrees?\b|units?\b|cm\b|[.,;]|$))", re.I | re.M)


def _in_figures(m: re.Match) -> str:
    """A number written in words (up to 999) in figures; the words unchanged where they are no number."""
    total, current = 0, None
    for w in re.split(r"[\s-]+", m.group(2).lower()):
        if w == "and":
            continue
        if w == "hundred" and current is not None and current < 10:
            total, current = total + 100 * current, None
        elif w in _TENS and (current is None or current % 100 == 0):
            current = _TENS[w]
        elif w in _SMALL and (current is None or (current >= 20 and current % 10 == 0 and _SMALL[w] < 10)):
            current = _SMALL[w] if current is None else current + _SMALL[w]
        else:
            return m.group()
    if current is None and total == 0:
        return m.group()
    return m.group(1) + str(total + (current or 0))


def words_in_figures(text: str) -> str:
    """Values stated in words after a link ("is seventy-five degrees", "x equals three.") in figures."""
    return _WORDED.sub(_in_figures, text)


class _Invalid(Exception):
    """An expression with no value (``1/0``, ``√-4``): no number there at all, rather than a part of it."""

    def __init__(self, end: int):
        super().__init__(end)
        self.end = end  # token index after it


class _Parser:
    """Recursive descent with backtracking: every rule returns (value, next index) or None."""

    def __init__(self, tokens: list[Token]):
        self.t = tokens
        self.depth = 0  # atoms open now

    def _is(self, i: int, kind: str, text: str | None = None) -> bool:
        return i < len(self.t) and self.t[i].kind == kind and (text is None or self.t[i].text == text)

    def expr(self, i: int):
        r = self.term(i)
        if r is None:
            return None
        value, i = r
        while self._is(i, "op", "+") or self._is(i, "op", "-"):
            sign = 1 if self.t[i].text == "+" else -1
            nxt = self.term(i + 1)
            if nxt is None:
                break
            value, i = value + sign * nxt[0], nxt[1]
        return value, i

    def term(self, i: int):
        r = self.unary(i)
        if r is None:
            return None
        value, i = r
        while True:
            if self._is(i, "op", "*") or self._is(i, "op", "/"):
                nxt = self.unary(i + 1)
                if nxt is None:
                    break
                if self.t[i].text == "*":
                    value = value * nxt[0]
                elif nxt[0] == 0:
                    raise _Invalid(nxt[1])
                else:
                    value = value / nxt[0]
                i = nxt[1]
            elif self._implicit(i):
                nxt = self.power(i)
                if nxt is None:
                    break
                value, i = value * nxt[0], nxt[1]
            else:
                break
        return value, i

    def _implicit(self, i: int) -> bool:
        """A product without a sign: ``5√3``, ``12π``, ``2(3)``, ``5\\frac{1}{2}`` -- never two numbers."""
        return i < len(self.t) and (self.t[i].kind in ("pi", "sqrt", "frac", "func") or
                                    (self._is(i, "op", "(") and not self.t[i].space_before))

    def unary(self, i: int):
        sign = 1
        while self._is(i, "op", "-") or self._is(i, "op", "+"):  # a loop, not recursion: "- - - 5"
            sign = -sign if self.t[i].text == "-" else sign
            i += 1
        r = self.power(i)
        return None if r is None else (sign * r[0], r[1])

    def power(self, i: int):
        r = self.atom(i)
        if r is None:
            return None
        value, i = r
        if self._is(i, "op", "^"):
            exp = self.unary_atom(i + 1)
            if exp is not None:
                try:
                    value = value ** exp[0]
                except (OverflowError, ZeroDivisionError):
                    return None
                if isinstance(value, complex):
                    return None
                i = exp[1]
        return value, i

    def unary_atom(self, i: int):
        if self._is(i, "op", "-"):
            r = self.atom(i + 1)
            return None if r is None else (-r[0], r[1])
        return self.atom(i)

    def atom(self, i: int):
        """A number, π, a root, a fraction or a bracketed expression; nesting deeper than
        ``MAX_DEPTH`` is no number a model means (and would make parsing quadratic)."""
        if self.depth >= MAX_DEPTH:
            raise _Invalid(i + 1)
        self.depth += 1
        try:
            return self._atom(i)
        finally:
            self.depth -= 1

    def _atom(self, i: int):
        if i >= len(self.t):
            return None
        tok = self.t[i]
        if tok.kind == "num":  # "tan(40°)": a degree sign before a closing bracket is part of the number
            degree = self._is(i + 1, "other", "°") and (self._is(i + 2, "op", ")") or self._is(i + 2, "op", "}"))
            return float(tok.text.replace(",", "")), i + 2 if degree else i + 1
        if tok.kind == "pi":
            return math.pi, i + 1
        if tok.kind == "sqrt":
            # a bracket is a group or nothing: trying it again as an atom would redo the same parse,
            # doubling the work at every level of "\\sqrt{\\sqrt{…" (2^18 parses for 18 levels)
            bracket = self._is(i + 1, "op", "(") or self._is(i + 1, "op", "{")
            r = self.group(i + 1) if bracket else self.atom(i + 1)
            if r is None:
                return None
            if r[0] < 0:
                raise _Invalid(r[1])
            return math.sqrt(r[0]), r[1]
        if tok.kind == "func":  # "sin 33°", "\\tan(40°)": a geometry text's angles are in degrees
            bracket = self._is(i + 1, "op", "(") or self._is(i + 1, "op", "{")
            r = self.group(i + 1) if bracket else self.atom(i + 1)
            if r is None:
                return None
            value, j = r
            radians = any(t.kind == "pi" for t in self.t[i + 1:j])  # "sin(5π/18)": the argument is in radians
            if j < len(self.t) and self.t[j].text == "°":
                j += 1
            return _TRIG[tok.text.lstrip("\\")](value if radians else math.radians(value)), j
        if tok.kind == "frac":
            num = self.group(i + 1)
            den = num and self.group(num[1])
            if not den:
                return None
            if den[0] == 0:
                raise _Invalid(den[1])
            return num[0] / den[0], den[1]
        return self.group(i)

    def group(self, i: int):
        for open_, close in (("(", ")"), ("{", "}")):
            if self._is(i, "op", open_):
                r = self.expr(i + 1)
                if r is not None and self._is(r[1], "op", close):
                    return r[0], r[1] + 1
        return None

    def chain(self, i: int):
        """``a = b ≈ c``: the last member's value, and where the chain ends."""
        r = self.expr(i)
        if r is None:
            return None
        value, i = r
        while i < len(self.t) and self.t[i].kind == "op" and self.t[i].text in EQUALS:
            nxt = self.expr(i + 1)
            if nxt is None:
                break
            value, i = nxt
        return value, i


def _can_start(tokens: list[Token], i: int) -> bool:
    tok = tokens[i]
    if tok.kind in ("num", "pi", "sqrt", "frac", "func"):
        return True
    if tok.kind == "op" and tok.text == "-":  # a run of signs is tried once, from its last
        return not (i + 1 < len(tokens) and tokens[i + 1].text in "+-")
    return tok.kind == "op" and tok.text in "({"


def _is_annex(tokens: list[Token], i: int) -> bool:
    """``2`` in ``cm^2`` or ``m^{2}`` (a unit's power) or ``0.5`` in ``28.69 ± 0.5``: not a number of its own."""
    before = [t.text for t in tokens[max(0, i - 2):i]]
    return before[-1:] in (["^"], ["±"]) or before == ["^", "{"]


def _is_range(tokens: list[Token], i: int, j: int) -> bool:
    """``40-50`` (two plain numbers, a hyphen, no spaces, rising, and no ``=``): a range, not a difference."""
    t = tokens[i:j]
    if len(t) != 3 or [x.kind for x in t] != ["num", "op", "num"] or t[1].text != "-":
        return False
    if t[1].space_before or t[2].space_before or (j < len(tokens) and tokens[j].text in EQUALS):
        return False
    return float(t[0].text.replace(",", "")) < float(t[2].text.replace(",", ""))


@dataclass(frozen=True)
class Found:
    value: float
    start: int  # character offsets in the parsed text
    end: int


def chains(text: str) -> list[Found]:
    """Every number expression in ``text``, left to right, not overlapping."""
    tokens = tokenize(text)
    parser = _Parser(tokens)
    found: list[Found] = []
    i = 0
    while i < len(tokens):
        if _can_start(tokens, i) and not _is_annex(tokens, i):
            try:
                r = parser.chain(i)
            except _Invalid as exc:
                i = exc.end
                continue
            if r is not None:
                value, j = r
                # an overflow, or "between 40-50 degrees", states no one number
                if math.isfinite(value) and not (_is_range(tokens, i, j) and not (i and tokens[i - 1].text in EQUALS)):
                    found.append(Found(value, tokens[i].start, tokens[j - 1].end))
                i = j
                continue
        i += 1
    return found
