"""Text -> lines of words (plus an optional value), via the lark grammar.

Owns the compiled parser (built once per process, lazily) and the translation
of lark's exceptions into located, human ParseErrors.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

import sympy
from geomill.engine.errors import GeomillError, ParseError, Span
from geomill.engine.jsontext import cut
from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from . import expr
from .compiled import compiled
from .forms import Word, is_element, make_word
from .phrases import of_goal, symbol_hint

GRAMMAR = Path(__file__).with_name("grammar.lark")
MAX_SOURCE = 200_000
MAX_NESTING = 50
MAX_CALLS = 8  # functions nested in one another (sin(cos(sqrt(x)))): a textbook value nests two or three


@functools.cache
def parser() -> Lark:
    """The compiled LALR parser; compiling costs more than parsing a problem, so it is done once
    (and kept across runs: ``dsl.compiled``)."""
    return compiled(GRAMMAR.read_text(encoding="utf-8"), "start")


@functools.cache
def expression_parser() -> Lark:
    """The same grammar from its ``expression`` rule: a goal's expression (compiled on first use)."""
    return compiled(GRAMMAR.read_text(encoding="utf-8"), "expression")


@dataclass(frozen=True)
class SourceLine:
    """One statement: its words, and the value after ``=`` if it has one."""

    number: int
    words: tuple[Word, ...]
    value: sympy.Expr | None = None
    value_span: Span | None = None
    goal: sympy.Expr | None = None  # "find" + an expression (words: the goal word alone)


def parse_lines(text: str) -> list[SourceLine]:
    """Every non-blank line of ``text``, or a ParseError at the first syntax error.

    The grammar reads each line on its own, so a line's words and value depend on its text
    alone: they are parsed once per distinct line (generated problems repeat most of their
    lines: ``rectangle ABCD``, ``AB = 5``), the new ones of a text in one parser run, and
    placed on their line number here.  A text with an error goes through the parser whole,
    whose first error is the one reported."""
    if len(text) > MAX_SOURCE:
        raise ParseError(f"the problem is too long ({len(text)} characters; at most {MAX_SOURCE})", Span(1, 1))
    _check_nesting(text)
    raws = text.split("\n")
    goals = {number: raw for number, raw in enumerate(raws, 1) if _is_goal(raw)}
    new = [raw for raw in dict.fromkeys(raws) if raw not in _LINES and raw not in goals.values()]
    if new:
        try:
            _parse_new(new)
        except (UnexpectedInput, GeomillError):
            return _parse_whole(text)
    out = []
    for number, raw in enumerate(raws, 1):
        if number in goals:
            out.append(_goal(raw, number))
            continue
        parsed = _LINES[raw]
        if parsed:
            words, value, value_cols = parsed
            out.append(SourceLine(number, tuple(Word(t, number, col, points) for t, col, points in words), value,
                                  None if value_cols is None else Span(number, *value_cols)))
    return out


GOAL_WORD = "find"
_GOAL = re.compile(rf"[ \t\f\r]*{GOAL_WORD}(?![A-Za-z0-9_'])")


def _is_goal(raw: str) -> bool:
    """A ``find`` line that is not ``find`` + one element's words (those read as before)."""
    if not _GOAL.match(raw):
        return False
    code = raw.split("#", 1)[0]
    if "=" in code:
        return False
    try:
        got = _plain(code)
    except GeomillError:
        return False
    if got is None:  # operators, numbers or parentheses: an expression
        return True
    words = got[0]
    return len(words) > 1 and not is_element([make_word(t, 1, col) for t, col, _ in words[1:]])


def _goal(raw: str, number: int) -> SourceLine:
    """``find`` + an expression: the expression parsed from the goal word on (columns kept)."""
    m = _GOAL.match(raw)
    word = Word(GOAL_WORD, number, m.end() - len(GOAL_WORD) + 1)
    rest = " " * m.end() + raw[m.end():]
    said = of_goal(rest.split("#", 1)[0].split())
    if said is not None:
        of = re.search(r"(?<!\S)of(?!\S)", rest)
        raise ParseError(f"'of' is no word of a goal: {said}", Span(number, (of.start() if of else m.end()) + 1))
    try:
        tree = expression_parser().parse(rest)
        value = expr.build(tree.children[0])
    except UnexpectedInput as e:
        err = _syntax_error(e, rest)
        raise ParseError(err.message, Span(number, err.span.col)) from None
    except GeomillError as e:
        if e.span is not None:
            e.span = Span(number, e.span.col, e.span.end_col)
        raise
    return SourceLine(number, (word,), goal=value)


LINE_CACHE_LIMIT = 50_000  # distinct lines kept (a few MB); cleared when full
_LINES: dict[str, tuple] = {}  # a line's text -> () for a blank one, else (words, value, value columns)


def _parse_new(raws: list[str]) -> None:
    """Parse lines not seen before and keep each by its text, positioned by column only: the
    plainest (see ``_plain``) by the grammar's own terminals, the others in one parser run."""
    if len(_LINES) + len(raws) > LINE_CACHE_LIMIT:
        _LINES.clear()
    parsed: dict[str, tuple] = {}
    rest = []
    for raw in raws:
        got = _plain(raw)
        if got is None:
            rest.append(raw)
        else:
            parsed[raw] = got
    if rest:
        parsed.update(dict.fromkeys(rest, ()))
        for node in parser().parse("\n".join(rest) + "\n").children:
            line = _line(node)
            parsed[rest[line.number - 1]] = _by_column(line)
    _LINES.update(parsed)


def _by_column(line: SourceLine) -> tuple:
    where = line.value_span
    return (tuple((w.text, w.col, w.points) for w in line.words), line.value,
            None if where is None else (where.col, where.end_col))


# FAST PATH: the plain-line reader; the plain version is the LALR parser (``tests/test_dsl.py``
# holds them equal: test_plain_lines_read_as_the_parser_reads_them).
def _plain(raw: str) -> tuple | None:
    """A line of words alone or ``words = number`` (shape lines, ``find``, given numbers: most lines
    a generator writes), read by the grammar's own terminals: the same tokens the LALR parser
    would make, at a fraction of its cost.  None for any other line, which goes to the parser."""
    line, word = _plain_patterns()
    m = line.fullmatch(raw)
    if m is None:
        return None
    end = m.start("eq") if m.group("eq") is not None else len(raw)
    words = tuple(make_word(w.group(), 1, w.start() + 1) for w in word.finditer(raw, 0, end))
    if m.group("num") is None:
        return _by_column(SourceLine(1, words))
    tok = Token("NUMBER", m.group("num"), line=1, column=m.start("num") + 1)
    return _by_column(SourceLine(1, words, expr.build(tok), expr.span_of(tok)))


@functools.cache
def _plain_patterns() -> tuple[re.Pattern, re.Pattern]:
    """(a plain line, one of its words) as regexes built from the grammar's terminals: words are
    NAME, PLUS, MINUS or COLON (the ``_word`` rule), the value a NUMBER, spaces the ignored
    whitespace (a comment, being ignored text too, sends the line to the parser)."""
    lark = parser()
    term = {t.name: t.pattern.to_regexp() for t in lark.terminals}
    space = "|".join(term[t] for t in lark.lexer_conf.ignore if t != "COMMENT")
    word = "|".join(f"(?:{term[t]})" for t in ("NAME", "PLUS", "MINUS", "COLON"))
    # each word atomic, as the lexer takes the longest match and never gives it back (else a line
    # that is not plain would be tried split every way before it fails)
    line = (f"(?:{space})?(?:(?>{word})(?:{space})?)+"
            f"(?P<eq>{term['EQUAL']}(?:{space})?(?P<num>{term['NUMBER']})(?:{space})?)?")
    return re.compile(line), re.compile(word)


def _parse_whole(text: str) -> list[SourceLine]:
    try:
        tree = parser().parse(text + "\n")
    except UnexpectedInput as e:
        raise _syntax_error(e, text) from None
    return [_line(node) for node in tree.children]


def _check_nesting(text: str) -> None:
    """Refuse parentheses nested deeper than MAX_NESTING, and function calls nested deeper than
    MAX_CALLS (each is evaluated inside the other: a tower of them takes unbounded time to
    evaluate), before anything builds a deep tree."""
    for lineno, line in enumerate(text.split("\n"), 1):
        if "(" not in line:  # depth only grows at '('
            continue
        depth, calls = 0, []
        code = line.split("#", 1)[0]
        for col, ch in enumerate(code, 1):
            if ch == "(":
                depth += 1
                if depth > MAX_NESTING:
                    raise ParseError(f"parentheses nested deeper than {MAX_NESTING}", Span(lineno, col))
                calls.append(col > 1 and (code[col - 2].isalnum() or code[col - 2] in "_'"))
                if sum(calls) > MAX_CALLS:
                    raise ParseError(f"functions nested deeper than {MAX_CALLS} (a value such as "
                                     f"sin(cos(x)) nests two)", Span(lineno, col))
            elif ch == ")":
                depth -= 1
                if calls:
                    calls.pop()


def _line(node: Tree) -> SourceLine:
    words, value, where = [], None, None
    for child in node.children:
        if isinstance(child, Token):
            words.append(make_word(child.value, child.line, child.column))
        else:  # the value subtree: "=" sum
            (root,) = child.children
            value = expr.build(root)
            where = expr.span_of(root)
    return SourceLine(words[0].line, tuple(words), value, where)


# -- lark errors -> ParseError ------------------------------------------------------------

_TERMINALS = {
    "NUMBER": "a number", "NAME": "a word or name", "LPAR": "'('", "RPAR": "')'", "PLUS": "'+'",
    "MINUS": "'-'", "STAR": "'*'", "SLASH": "'/'", "POW": "'^'", "EQUAL": "'='", "COLON": "':'",
    "_NL": "the end of the line", "$END": "the end of the input",
}
_VALUE_START = {"NUMBER", "NAME", "LPAR"}


def _describe(tok: Token) -> str:
    if tok.type in ("_NL", "$END"):
        return _TERMINALS[tok.type]
    if tok.type == "NUMBER":
        return f"number {cut(tok.value, 40)!r}"
    return repr(cut(tok.value, 40))


# a trigonometric value given as a fact: 'tan(angle BAC) = 3/4', 'sin A = 0.6'
_TRIG_NAMES = {"sin": "sine", "cos": "cosine", "tan": "tangent"}
_TRIG_GIVEN = re.compile(r"\s*(sin|cos|tan)\s*\(?\s*(angle\s+[A-Z][\w']*|[A-Z][\w']*)\s*\)?\s*=\s*([^=#]+?)\s*")


def _syntax_error(e: UnexpectedInput, text: str) -> ParseError:
    lines = text.split("\n")
    if isinstance(e, UnexpectedEOF) or getattr(e, "line", -1) < 1:
        line = len(lines)
        return ParseError("unexpected end of input", Span(line, len(lines[-1]) + 1))
    span = Span(e.line, e.column)
    before = lines[e.line - 1][: e.column - 1].split("#", 1)[0].rstrip() if e.line <= len(lines) else ""
    # the text of the line up to the error, without its comment: "AB = 2 +"
    if isinstance(e, UnexpectedCharacters):
        ch = text[e.pos_in_stream] if e.pos_in_stream < len(text) else "?"
        return ParseError(f"unexpected character {ch!r}{symbol_hint(ch)}", span)
    assert isinstance(e, UnexpectedToken)
    expected = set(e.expected)
    if e.token.type in ("_NL", "$END") and expected & _VALUE_START:
        last = before[-1:] or "?"
        return ParseError(f"expected a value after {last!r}", Span(e.line, len(before) + 1))
    if e.token.type in ("_NL", "$END") and "RPAR" in expected:
        return ParseError("missing ')'", span)
    if e.token.type in ("NUMBER", "LPAR", "NAME") and "STAR" in expected:
        return ParseError(f"unexpected {_describe(e.token)} in the expression; is an operator missing?", span)
    wanted = sorted({_TERMINALS.get(t, t) for t in expected})
    said = lines[e.line - 1].split("#", 1)[0] if e.line <= len(lines) else ""
    trig = _TRIG_GIVEN.fullmatch(said)
    if trig and "=" not in before:  # "tan(angle BAC) = 3/4": the angle is what is given
        angle = trig[2] if trig[2].startswith("angle") else "angle BAC"  # (a bare 'A': three points are needed)
        return ParseError(f"unexpected {_describe(e.token)}: a {_TRIG_NAMES[trig[1]]} is given as its angle: write "
                          f"'{angle} = a{trig[1]}({trig[3].strip()})', the angle in degrees whose "
                          f"{_TRIG_NAMES[trig[1]]} it is", span)
    if "=" in said and (e.token.value == ":" or "=" not in before and e.token.type not in ("NAME", "_NL", "$END")):
        # "AD / DB = 2/3", "3 AD = 2 DB", "AD : DB = 2 : 3": arithmetic left of '='
        ratio = re.fullmatch(r"\s*([A-Z]{2})\s*[/:]\s*([A-Z]{2})\s*=\s*(\d+)\s*[/:]\s*(\d+)\s*", said)
        example = (f"write '{ratio[1]} = {ratio[3]} {ratio[2]} / {ratio[4]}'" if ratio else
                   "'AD = 2 DB / 3' says AD : DB = 2 : 3")
        return ParseError(f"unexpected {_describe(e.token)}: the left side of '=' is an element or a sum of elements "
                          f"('AB + BC = 12', 'angle ABC = angle DEF'); put the arithmetic on the right: {example}",
                          span)
    if e.token.type == "NUMBER" and "=" not in said:  # "circle O with radius 9", "AB 5"
        circle = re.match(r"\s*circle\s+([A-Z]\w*)\b.*\bradius\b", said)
        if circle:  # the circle needs a point on it: the value is its radius's
            o = circle[1]
            return ParseError(f"unexpected {_describe(e.token)}: write 'circle {o} through A' (a point on it), then "
                              f"'radius {o} = {e.token.value}' (a value is given on a line of its own)", span)
        if re.search(r"\bregular\s*$", before):  # "regular 12-gon ABCDEFGHIJKL"
            return ParseError(f"unexpected {_describe(e.token)}: a regular polygon is 'regular polygon' and its "
                              f"points in order, as many as its sides ('regular polygon ABCDEFGHIJKL', 12 sides; "
                              f"or by its name: 'regular dodecagon ABCDEFGHIJKL')", span)
        return ParseError(f"unexpected {_describe(e.token)}: a value is given on a line of its own as "
                          "'element = value' ('radius O = 9', 'AB = 5')", span)
    if e.token.type == "EQUAL" and re.search(r"\b(with|and)\b", before):  # "rhombus ABCD with diagonals AC = 10"
        return ParseError(f"unexpected {_describe(e.token)}: give each fact on a line of its own "
                          "('rhombus ABCD', then 'AC = 10')", span)
    if e.token.type == "EQUAL" and "=" in before:  # "AB = AC = 13": a chain of equal elements
        *sides, value = (part.strip() for part in said.split("="))
        facts = " and ".join(f"'{side} = {value}'" for side in sides)
        return ParseError(f"unexpected {_describe(e.token)}: one fact per line: {facts}", span)
    return ParseError(f"unexpected {_describe(e.token)}; expected {', '.join(wanted)}", span)
