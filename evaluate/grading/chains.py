"""Numbers and arithmetic chains in free text, with their positions.

A model's solution states values as chains: ``2 * 20 / (18.76 * sin(7)) = 40 / 2.25 = 17.78``.
The stated value is the lone number after the last ``=``; the stages before it can be checked for
consistency with a small arithmetic reader of our own (numbers, + - * / ^, parentheses, π and the
degree trigonometry of the solutions): text is never handed to eval or sympy.  A stage is evaluated
twice, exactly and as the GeomVerse solutions do it (π = 3.14, every operation rounded to two
decimals, via :mod:`geomill.solvers.arith`), so that either convention is accepted.
"""
from __future__ import annotations

import difflib
import math
import re
from dataclasses import dataclass

import sympy
from geomill.solvers.arith import Add, Div, Func, Mul, Node, Num, Pow, chain

from ..answers.extract import normalize as extract_normalize
from ..answers.numparse import words_in_figures

_TERM = r"(?:[A-Z]{2}|\d+(?:\.\d+)?|[a-z])"  # a term of a proportion: a segment, a number, a variable
_FRAC = re.compile(r"\\[dt]?frac\{([^{}]*)\}\{([^{}]*)\}")
_SQRT = re.compile(r"\\sqrt\s*\{([^{}]*)\}|(?:\\sqrt|√)\s*(\d+(?:\.\d+)?)")
_CHAIN_SPELLING = [
    (re.compile(r"≈|°"), lambda m: " = " if m.group() == "≈" else " "), (re.compile(r"\\angle\s*"), lambda m: "∠"),
    (re.compile(r"\\pi(?![A-Za-z])|\bpi\b"), lambda m: "π"),
    # "AB\\cos 30°": a function glued to a name by LaTeX is a product, not a word "ABcos"
    (re.compile(r"(?<=[A-Za-z0-9)])\\(?=(?:arcsin|arccos|arctan|sin|cos|tan)(?![A-Za-z]))"), lambda m: " \\"),
    (re.compile(r"\\(arcsin|arccos|arctan|sin|cos|tan)(?![A-Za-z])"), lambda m: m.group(1)),
    (re.compile(r"(?<=[A-Z])(sin|cos|tan)(?=\s*[\d(∠]|\s*angle\b)"), lambda m: " " + m.group(1)),  # "ABcos 30°"
    (re.compile(r"\b(sin|cos|tan)\s*(?:\^\s*[({]\s*-\s*1\s*[)}]|⁻¹)"), lambda m: "a" + m.group(1)),  # cos^{-1}
    (re.compile(r"(?<![A-Za-z])(sqrt|sin|cos|tan)\s*(\d+(?:\.\d+)?)"),   # sin 7, 10sin 60
     lambda m: f"{m.group(1)}({m.group(2)})"),
    (re.compile(r"(?<=\d),(?=\d{3}\b)"), lambda m: ""),  # 1,234
    (re.compile(r"²"), lambda m: "^2"), (re.compile(r"³"), lambda m: "^3"),  # BC²
    (re.compile(r"√\s*(?=\()"), lambda m: "sqrt"),  # √(25 + 22.4), as the gold solutions write it
    # figures named in LaTeX or Unicode: \triangle ABC, △ABC, \overset\frown{AB}, \widehat{AB}, ⌒AB, m∠ABC
    (re.compile(r"\\triangle\s*|△\s*"), lambda m: "triangle "),
    (re.compile(r"\\(?:overset|stackrel)\s*[({]?\s*\\frown\s*[)}]?\s*[({]\s*([A-Z]{2,3})\s*[)}]|"
                r"\\(?:wideparen|overarc|widehat|arc)\s*[({]\s*([A-Z]{2,3})\s*[)}]|⌒\s*([A-Z]{2,3})\b"),
     lambda m: "arc " + (m.group(1) or m.group(2) or m.group(3))),
    (re.compile(r"\bm\s*(?=∠|arc\b)"), lambda m: ""),
    # a proportion written with colons, "AB : BC = DE : EF", "2 : 4 = 3 : EF": quotients
    (re.compile(rf"(?<![\w:.])({_TERM})\s*:\s*({_TERM})\s*=\s*({_TERM})\s*:\s*({_TERM})(?![\w:(])"),
     lambda m: f"{m.group(1)}/{m.group(2)} = {m.group(3)}/{m.group(4)}"),
    # a figure's measure as a function or a subscript: S_{△ABC}, P_{ABCD}, C_{ABCD}, Area(ABC), Perimeter(ABCD)
    (re.compile(r"(?<![A-Za-z])([SAPC])_\s*\{?\s*(?:triangle\s*)?([A-Z]{3,})\s*\}?|(?<![A-Za-z])(area|perimeter|[SP])"
                r"\s*\(\s*(?:triangle\s*)?([A-Z]{3,})\s*\)", re.I),
     lambda m: ("area " if (m.group(1) or m.group(3))[0] in "SAsa" else "perimeter ") + (m.group(2) or m.group(4))),
    (re.compile(r"\\{1,2}(?![A-Za-z{}()\[\]])|&(?=\s*=)"), lambda m: "\n" if m.group() != "&" else " "),  # aligned rows
]
_UNICODE = str.maketrans({"½": "(1/2)", "{": "(", "}": ")", "\u00a0": " "})


def normalize(text: str) -> str:
    """The answer extractor's spelling (:func:`geomill.evaluate.answers.extract.normalize`: LaTeX, Unicode,
    Markdown), then what chains need: ``\\frac{a}{b}`` -> ``((a)/(b))``, roots, ``≈`` as ``=``, no degree signs."""
    text = words_in_figures(text)
    text = extract_normalize(_roots_and_fractions(text))  # braces first: "7^\\circ}" must keep its brace
    text = _roots_and_fractions(text)  # and what the extractor spelled out (\\frac12)
    for pattern, repl in _CHAIN_SPELLING:
        text = pattern.sub(repl, text)
    return _BULLET.sub(lambda m: m.group(1) + "•", text.translate(_UNICODE))


# a list's bullet ("- 12 + 4x = 16", "- The perimeter of RSTU is 16"): no minus sign, one character as written
_BULLET = re.compile(r"(?m)^([ \t]*)[-*](?=[ \t]+\S)")


def source_pos(original: str, normalized: str, pos: int) -> int:
    """Where a position of :func:`normalize`'s text lies in the response as written (its line, and the
    place in it the spelling changes leave), so that a grade can point at the response's own text."""
    pos = max(0, min(pos, len(normalized)))
    new, old = normalized.split("\n"), original.split("\n")
    if len(new) == len(old):  # the usual case: normalizing keeps lines; align one line only
        line = normalized.count("\n", 0, pos)
        before_new = sum(len(x) + 1 for x in new[:line])
        before_old = sum(len(x) + 1 for x in old[:line])
        return before_old + _aligned(old[line], new[line], pos - before_new)
    if len(original) + len(normalized) > _ALIGN_MAX:  # a long text with rows split: the same share of it
        return round(pos * len(original) / max(1, len(normalized)))
    return _aligned(original, normalized, pos)


_ALIGN_MAX = 400  # characters aligned at once: difflib is cubic on repetitive text (1,000 took 4 s), so a
# longer line is mapped by the same share of it


def _aligned(old: str, new: str, at: int) -> int:
    if len(old) + len(new) > _ALIGN_MAX:  # a long text: the same share of it
        return min(len(old), round(at * len(old) / max(1, len(new))))
    for tag, i1, _i2, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if j1 <= at < j2:
            return i1 + (at - j1) if tag == "equal" else i1
    return len(old)


def _roots_and_fractions(text: str) -> str:
    for _ in range(4):  # nested fractions and roots, innermost first
        text = _FRAC.sub(r"((\1)/(\2))", text)
        text = _SQRT.sub(lambda m: f"sqrt({m.group(1) or m.group(2)})", text)
    return text


# -- tokens of a chain -----------------------------------------------------------------------------
_FUNCS = {"sqrt": "sqrt", "sin": "sin", "cos": "cos", "tan": "tan", "asin": "asin", "acos": "acos", "atan": "atan",
          "arcsin": "asin", "arccos": "acos", "arctan": "atan"}
# "∠ABD", "angle ABD": the angle's mark is no token of arithmetic
_TOKEN = re.compile(r"(?:\s|∠|(?<![A-Za-z])angle\s+(?=[A-Z]))*(?:(?P<num>\d+(?:\.\d+)?|\.\d+)|"
                    r"(?P<func>arcsin|arccos|arctan|asin|acos|atan|sqrt|sin|cos|tan)(?=\s*\()|(?P<pi>π)|(?P<op>[-+*/^()=])|(?P<name>(?:[A-Z]\d*'*)+(?![a-z])|[a-zα-ω](?![a-zA-Z]))"
                    r"|(?P<unit>(?:square\s+)?(?:cm|units?|degrees?|deg|m)\b(?:\^2)?))")
_TO_RADIANS = re.compile(r"\s*=\s*(?:\d+(?:\.\d+)?|\.\d+)\s*(?:rad(?:ians?)?)\b", re.I)
NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?![\w])")
_MARK = re.compile(r"∠|(?<![A-Za-z])angle(?=\s)")  # an angle's mark before its name: no gap between terms


@dataclass(frozen=True)
class Stage:
    """One ``=``-separated part of a chain: its text and, when it is plain arithmetic, its values."""

    text: str
    exact: float | None = None
    rounded: float | None = None  # GeomVerse style: π = 3.14, each operation to two decimals
    operations: int = 0


@dataclass(frozen=True)
class Chain:
    """``a = b = … = v`` as written at ``start:end`` of the text; ``value`` is the final lone number."""

    start: int
    end: int
    stages: tuple[Stage, ...]
    value: float | None
    decimals: int = 0  # how many decimals ``value`` was written with

    @property
    def arithmetic(self) -> bool:
        return len(self.stages) > 1


@dataclass(frozen=True)
class Part:
    """One ``=``-separated part of an equation as scanned: where it stands and its tokens."""

    start: int
    end: int
    tokens: tuple[tuple[str, str], ...]


_REMARK = re.compile(r"[^()]*?(?:[a-z]{2,}|[^\w\s.+\-*/^=π√,'()])")  # words or signs no arithmetic has


def scan(text: str, pos: int) -> list[Part]:
    """The ``=``-separated parts of the arithmetic that starts at ``pos``.  A line break ends it unless
    the line before ends in an operator or the next one opens with ``=`` (a display block continued);
    so does a name after a value with a space between ("AB = 12  BC = 5": two claims, not ``12 BC``)."""
    i, parts, depth = pos, [[]], 0
    spans: list[list[tuple[int, int]]] = [[]]
    prev: tuple[str, str] | None = None
    prev_end = -1
    while i < len(text):
        m = _TOKEN.match(text, i)
        if not m or m.end() == i:
            break
        kind = m.lastgroup
        tok = m.group(kind)
        gap = text[prev_end:m.start(kind)] if prev is not None else ""
        if prev is not None and "\n" in gap and not (prev[0] == "op" and prev[1] != ")") and tok != "=":
            break
        if kind == "op" and tok == "(" and prev is not None and prev[0] in ("num", "name", "pi") and gap \
                and _REMARK.match(text, m.end()):
            break  # "= 32 (inscribed angles on arc AC)", "= 20 (BE ⊥ AD)": a remark after the value
        if kind == "op" and tok == "(":
            depth += 1
        elif kind == "op" and tok == ")":
            if depth == 0:
                break
            depth -= 1
        glued = prev is not None and not gap
        after_value = prev is not None and (prev[0] in ("num", "name", "pi") or prev == ("op", ")"))
        if kind == "name" and after_value and not glued:
            if tok.islower() or (parts[-1] and len(_MARK.sub("", gap)) > 2):  # "(1/2) angle AOC": a product
                break  # "7 a", "12   BC": a word, or a name set apart, after a value ends it; "2x", "2 BD" are products
        if kind == "unit":
            if _TO_RADIANS.match(text, m.end()) and re.search(r"deg", tok, re.I):
                break  # "165.6 degrees = 2.89 radians": the value given again in another unit, no arithmetic
            i = m.end()
            continue
        if kind == "op" and tok == "=":
            if depth:
                break
            if len(parts) == MAX_PARTS:
                return []  # a runaway's "= 2 * 3 = 6 = …" thousands long: no solution writes it, and reading
                # it again from each of its "=" signs would cost time quadratic in its length
            parts.append([])
            spans.append([])
        else:
            if len(parts[-1]) == MAX_TOKENS:
                return []  # a runaway's "AB + BD + …" thousands long: no part of a solution is, and reading
                # it again from each of its names would cost time quadratic in its length
            parts[-1].append((kind, tok))
            spans[-1].append((m.start(kind), m.end(kind)))
        prev, prev_end = (kind, tok), m.end(kind)
        i = m.end()
    out = [Part(sp[0][0], sp[-1][1], tuple(p)) for p, sp in zip(parts, spans) if p]
    if len(out) != len(parts):  # an empty part ("= =", a trailing "="): only what comes before it counts
        cut = next(k for k, p in enumerate(parts) if not p)
        out = out[:cut]
    return out


def tokens_of(text: str) -> list[tuple[tuple[str, str], ...]] | None:
    """The tokens of each ``=``-separated side of an equation as the grader wrote it (spaces between its
    tokens, so ``2 x`` is the product ``2x``); None where something in it is no token of arithmetic."""
    sides: list[list[tuple[str, str]]] = [[]]
    i = 0
    while i < len(text):
        m = _TOKEN.match(text, i)
        if not m or m.end() == i:
            return None if text[i:].strip() else [tuple(s) for s in sides]
        kind = m.lastgroup
        if kind == "op" and m.group(kind) == "=":
            sides.append([])
        elif kind != "unit":
            sides[-1].append((kind, m.group(kind)))
        i = m.end()
    return [tuple(s) for s in sides]


def read_chain(text: str, pos: int) -> Chain | None:
    """The chain that starts at ``pos`` (after ``is``/``=``), or None when no arithmetic starts there."""
    parts = scan(text, pos)
    if not parts:
        return None
    stages = tuple(_stage(list(p.tokens)) for p in parts)
    value, decimals = lone_number(parts[-1])
    if value is None:
        value, decimals = exact_form(parts[-1], stages[-1])
    if value is None and len(parts) == 1:
        return None  # a formula without a value
    return Chain(parts[0].start, parts[-1].end, stages, value, decimals)


def lone_number(part: Part) -> tuple[float | None, int]:
    """The value a part is when it is one number (``12.5``, ``-3``), else None."""
    last = part.tokens
    if len(last) == 1 and last[0][0] == "num":
        return float(last[0][1]), _decimals(last[0][1])
    if len(last) == 2 and last[0] == ("op", "-") and last[1][0] == "num":
        return -float(last[1][1]), _decimals(last[1][1])
    return None, 0


EXACT_DECIMALS = 6  # an exact form ("2√30", "205π/2") is its value to this many decimals


def exact_form(part: Part, stage: Stage) -> tuple[float | None, int]:
    """The value of a part written as an exact form: arithmetic with a root, π, a trigonometric
    function or a fraction in it ("2 sqrt(30)", "196 - 49π", "24 sin(33) / sin(61)"), never a plain
    sum left to be worked out; None where it is not one."""
    kinds = {kind for kind, _ in part.tokens}
    if stage.exact is None or not (kinds & {"func", "pi"} or ("op", "/") in part.tokens):
        return None, 0
    if {"func", "pi"} <= kinds:
        return None, 0  # "180·asin(15/17)/π", "cos(67π/180)": radians, where the reader takes degrees
    return stage.exact, EXACT_DECIMALS


def value_of(tokens: tuple[tuple[str, str], ...], names: dict[str, float]) -> float | None:
    """The exact value of a part's arithmetic with its names replaced by ``names`` (None: not arithmetic,
    or a name without a value)."""
    try:
        reader = _Reader(list(tokens), names)
        _, value = reader.expr()
        if reader.i != len(tokens):
            return None
    except (ValueError, ZeroDivisionError, OverflowError, IndexError, TypeError, KeyError):
        return None
    return value if math.isfinite(value) else None


def _decimals(tok: str) -> int:
    return len(tok.split(".")[1]) if "." in tok else 0


def _stage(tokens: list[tuple[str, str]]) -> Stage:
    text = " ".join(t for _, t in tokens)
    if any(k == "name" for k, _ in tokens) or _nesting(tokens) > MAX_NESTING:
        return Stage(text)  # a name, or nesting no solution writes (a runaway's thousands of "("): not arithmetic
    try:
        reader = _Reader(tokens)
        node, exact = reader.expr()
        if reader.i != len(tokens):
            return Stage(text)
        rounded, _ = chain(node, {})
    except (ValueError, ZeroDivisionError, OverflowError, IndexError, TypeError, RecursionError):
        return Stage(text)
    if not (math.isfinite(exact) and math.isfinite(rounded)):
        return Stage(text)
    return Stage(text, exact, rounded, reader.ops)


MAX_TOKENS = 120  # tokens of one part; a worked solution's longest have a few dozen
MAX_PARTS = 16  # "="-separated parts of one chain; a worked solution's longest have about a dozen
MAX_NESTING = 40  # parentheses and signs deep: the recursive reader below stays far from Python's limit


def _nesting(tokens: list[tuple[str, str]]) -> int:
    """How deep the reader would recurse: open parentheses plus a run of signs (``- - -3``)."""
    deepest = depth = signs = 0
    prev = None
    for tok in tokens:
        if tok == ("op", "("):
            depth += 1
        elif tok == ("op", ")"):
            depth = max(0, depth - 1)
        if tok == ("op", "-") and (prev is None or (prev[0] == "op" and prev[1] != ")")):
            signs += 1
        else:
            signs = 0
        deepest = max(deepest, depth + signs)
        prev = tok
    return deepest


_IMPLICIT = ("num", "pi", "func", "name")  # a product without a sign: "2 sqrt(3)", "4AB"


class _Reader:
    """Recursive descent over chain tokens: builds a :mod:`solvers.arith` tree and its exact value."""

    def __init__(self, tokens: list[tuple[str, str]], names: dict[str, float] | None = None):
        self.t, self.i, self.ops, self.names = tokens, 0, 0, names or {}

    def peek(self) -> tuple[str, str] | None:
        return self.t[self.i] if self.i < len(self.t) else None

    def take(self) -> tuple[str, str]:
        tok = self.t[self.i]
        self.i += 1
        return tok

    def expr(self) -> tuple[Node, float]:
        terms = [(1, *self.term())]
        while self.peek() in (("op", "+"), ("op", "-")):
            sign = 1 if self.take()[1] == "+" else -1
            terms.append((sign, *self.term()))
            self.ops += 1
        if len(terms) == 1:
            return terms[0][1], terms[0][2]
        return Add(tuple((s, n) for s, n, _ in terms)), sum(s * v for s, _, v in terms)

    def term(self) -> tuple[Node, float]:
        node, value = self.unary()
        while self.peek() in (("op", "*"), ("op", "/")) or (self.peek() and self.peek()[0] in _IMPLICIT
                                                         or self.peek() == ("op", "(")):
            op = self.take()[1] if self.peek()[0] == "op" and self.peek()[1] in "*/" else "*"
            right, rv = self.unary()
            self.ops += 1
            if op == "*":
                node, value = Mul((node, right)), value * rv
            else:
                node, value = Div(node, right), value / rv
        return node, value

    def unary(self) -> tuple[Node, float]:
        if self.peek() == ("op", "-"):
            self.take()
            node, value = self.unary()
            return Add(((-1, node),)), -value
        return self.power()

    def power(self) -> tuple[Node, float]:
        node, value = self.atom()
        if self.peek() == ("op", "^"):
            self.take()
            kind, tok = self.take()
            if kind != "num":
                raise ValueError("only number exponents")
            exp = sympy.Rational(tok)
            self.ops += 1
            return Pow(node, exp), value ** float(exp)
        return node, value

    def atom(self) -> tuple[Node, float]:
        kind, tok = self.take()
        if kind == "num":
            return Num(float(tok)), float(tok)
        if kind == "pi":
            return Num(math.pi, "π"), math.pi
        if kind == "name" and tok in self.names:
            return Num(self.names[tok]), self.names[tok]
        if kind == "func":
            if self.take() != ("op", "("):
                raise ValueError("function without parentheses")
            arg, av = self.expr()
            if self.take() != ("op", ")"):
                raise ValueError("unclosed parenthesis")
            name = _FUNCS[tok]
            self.ops += 1
            return Func(name, arg), _DEG[name](av)
        if (kind, tok) == ("op", "("):
            node, value = self.expr()
            if self.take() != ("op", ")"):
                raise ValueError("unclosed parenthesis")
            return node, value
        raise ValueError(f"unexpected {tok}")


_DEG = {
    "sqrt": math.sqrt,
    "sin": lambda d: math.sin(math.radians(d)), "cos": lambda d: math.cos(math.radians(d)),
    "tan": lambda d: math.tan(math.radians(d)),
    "asin": lambda z: math.degrees(math.asin(z)), "acos": lambda z: math.degrees(math.acos(z)),
    "atan": lambda z: math.degrees(math.atan(z)),
}


# -- tolerance -------------------------------------------------------------------------------------------


def within(value: float, decimals: int, a: float, b: float, rel: float = 0.0) -> bool:
    """Is ``value``, written with ``decimals`` decimals, a rounding of something between ``a`` and ``b``
    (the exact and the GeomVerse evaluation), give or take ``rel`` of their size?"""
    lo, hi = min(a, b), max(a, b)
    slack = 0.5 * 10.0 ** -decimals + rel * max(abs(lo), abs(hi)) + 1e-9
    return lo - slack <= value <= hi + slack


def consistent(ch: Chain) -> int | None:
    """The index of the first stage that does not follow from the one before it (None: all do, or
    nothing can be checked).  The last step must be a rounding of the stage before it to two decimals
    (as the questions ask; solutions drop trailing zeros, so "19.3" stands for 19.30, or for 19.3 to one
    decimal: either rounding holds); inner steps may
    carry the paper's two-decimal rounding of intermediate results."""
    checked = [(i, s) for i, s in enumerate(ch.stages) if s.exact is not None]
    for (i, prev), (j, cur) in zip(checked, checked[1:]):
        if j != i + 1:
            continue
        last = j == len(ch.stages) - 1 and ch.value is not None
        if last:
            lo, hi = sorted((prev.exact, prev.rounded))
            if prev.operations > 1:  # done in one go: a last-digit slip of rounding is no error
                lo, hi = lo - 0.005, hi + 0.005
            one_decimal = ch.decimals == 1 and within(ch.value, 1, lo, hi) and \
                abs(ch.value - prev.exact) <= 0.001 * abs(ch.value)  # "0.228 * 360 = 82.1", not "106 / 360 = 0.3"
            if not one_decimal and not within(ch.value, max(ch.decimals, 2), lo, hi):
                return j
        elif not within(cur.exact, 2, prev.exact, prev.rounded, 0.005):
            return j
    return None
