"""Which number of a free-text solution is meant as which quantity.

A *claim* is an element mention followed by a linking word and a chain: ``the length of the AD side
is sqrt(352) = 18.76``, ``∠ABC = 54°``, ``its area is 20``, ``AB = 20 / 4 = 5``, ``the lengths of the BC
and AB sides are 14.64 and 7``.  Mentions are element names in any spelling the key accepts (``DA``
for ``AD``, ``CD`` for the ``AB`` of a rectangle, a rotated shape name, the individual labels ``a``,
``α``, ``the cyan shape``), typed by the nouns around them (angle, area of, the … side); ``its area``
and ``the area`` refer to the shape the sentence is about.  A claim whose element the key does not
know is kept with ``key=None``: a value stated for something in neither the problem nor the proof.
"""
from __future__ import annotations

import dataclasses
import functools
import math
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from geomill.engine.catalogue import KINDS
from geomill.engine.model import QKind, Quantity, split_points

from .answer_key import MAJOR, AnswerKey, Key, ProofStep
from .categories import matches
from .chains import _TOKEN, NUMBER, Chain, Stage, _stage, exact_form, lone_number, normalize, read_chain, scan, value_of
from .letters import bind_letters

_PT = r"[A-Z]\d*'*"
_NAME = re.compile(rf"(?<![A-Za-z'])(?:{_PT}){{2,}}(?![A-Za-z0-9])")  # "2CD": a product names CD
_VERTEX = re.compile(rf"(?:∠\s*|\bangle\s+)({_PT})(?![A-Za-z0-9'])")
_SHAPE_NOUNS = r"shape|figure|triangle|square|rectangle|parallelogram|rhombus|kite|trapezoid|circle|semi-?circle|" \
               r"sector|pentagon|hexagon|octagon|polygon"
_QWORDS = {"area": QKind.AREA, "perimeter": QKind.PERIMETER, "circumference": QKind.PERIMETER,
           "height": QKind.HEIGHT, "arc length": QKind.ARC, "arc": QKind.ARC, "radius": QKind.RADIUS}
_QWORD = r"arc length|area|perimeter|circumference|height|arc|radius"
_ANGLE_BEFORE = re.compile(r"(?:∠\s*|\bangles?\s+|\bdegrees?\s+of\s+(?:the\s+)?|\bmeasure\s+of\s+(?:the\s+)?)$")
_ANGLE_AFTER = re.compile(r"^\s*angles?\b")
_SQ_BEFORE = re.compile(rf"\b({_QWORD})\s+(?:of\s+(?:the\s+)?(?:[a-z-]+\s+){{0,2}}|(?:of\s+)?(?=[A-Z]|$)|"
                        r"(?<=arc )(?:on|along|over)\s+(?:the\s+)?(?:side\s+|diameter\s+)?)$", re.I)  # "the arc on DC"
_SQ_AFTER = re.compile(rf"^(?:'s|’s)?\s*(?:[a-z-]+\s+){{0,4}}?({_QWORD})\b")  # "ABCD is a rhombus with area"
_CONTEXT_Q = re.compile(rf"\b(?:its|the)\s+({_QWORD})\b(?!\s+of\b)", re.I)
_W = r"(?!(?:and|or|the|a|an|with|from|on|in|to|by|for)\b)[a-z-]+"  # a word of a link, not of another phrase
_LINK = re.compile(rf"(?:\s*(?:'s|’s))?(?:\s+(?:{_W}))?(?:\s+(?:{_W}))?(?:\s+(?:{_W}))??"
                   r"\s*(?:=|:|\bis\b|\bare\b|\bequals\b|\bmeasures\b|\bbecomes\b|\bof\b|\bhas\s+(?:a\s+)?(?:length|measure|"
                   r"value)\s+of\b)"
                   r"(?:\s*[=:]|\s+(?:approximately|about|roughly|exactly|then|thus|therefore|now|also|given\s+as|"
                   r"found\s+to\s+be|calculated\s+as|equal\s+to|to)\b)*\s*")
_LIST = (r"((?:the\s+)?{n}(?:\s*,\s*(?:and\s+)?(?:the\s+)?{n}|\s+and\s+(?:the\s+)?{n})+)\s+"
         r"(sides|angles|diameters|diagonals)?\s*"
         r"(?:are|=)\s*((?:-?\d+(?:\.\d+)?)(?:\s*,\s*(?:and\s+)?-?\d+(?:\.\d+)?|\s+and\s+-?\d+(?:\.\d+)?)+)")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z*#])|\n+")


@dataclass(frozen=True)
class Claim:
    """A value the response states for an element."""

    key: Key | None  # the element's identity in the key, None: unknown to the problem and the proof
    name: str  # as the response wrote it, typed: "AD", "angle ABC", "area ABCD"
    value: float
    decimals: int
    pos: int  # where the value stands in the normalized text
    chain: Chain | None = None
    solved: bool = False  # found by solving an equation the element sits in, not stated as a value


@dataclass(frozen=True)
class Mention:
    start: int
    end: int
    quantity: Quantity | None  # None: a shape reference only (sets the context)
    shape: str | None = None
    loose: bool = False  # "its area", "the area": the shape meant, not named by its letters


def claims(key: AnswerKey, response: str, final: float | None = None) -> tuple[str, list[Claim]]:
    """The normalized text and every claim in it, in text order; ``final``: the response's final answer,
    its value of the query, claimed at the end of the text."""
    text = bind_letters(key, normalize(response)) if key.general else normalize(response)
    mentions = _mentions(key, text)
    out: list[Claim] = []
    used: list[tuple[int, int]] = []
    labels = [re.escape(label) for label, name in key.labels.items() if not name.startswith("shape ")]
    names = "|".join([f"(?:{_PT}){{2,}}"] + labels)
    for m in re.finditer(_LIST.format(n=f"(?<![\\w?])(?:{names})(?![\\w?])"), text):
        out += _listing(key, text, m)
        used.append(m.span())
    inside: list[Mention] = []
    for men in mentions:
        if men.quantity is None or any(a <= men.start < b for a, b in used):
            continue
        lo = max(0, men.start - _BEFORE_WINDOW)  # the phrases read before a name are short
        if men.quantity.kind in (QKind.AREA, QKind.PERIMETER) and _MEASURE_TERM.search(text, lo, men.start):
            continue  # "area ABDC = area ABD + area ACD = 600 + 600 = 1200": a term, not the chain's subject
        if _ARGUMENT.search(text, max(0, men.start - 16), men.start) or _RATIO.match(text, men.end) \
                or _RATIO_BEFORE.search(text, max(0, men.start - 8), men.start):
            continue  # "sin y = AD/AB = 1/2": y is the sine's argument; "AD:AB = 1:2" a ratio, no lengths
        if men.quantity.kind is QKind.ANGLE and _REFLEX.search(text, max(0, men.start - 16), men.start + 6):
            continue  # "the reflex angle MPQ is 279°": 360° less the angle, not its value
        if _FRACTION_OF.search(text, lo, men.start) or _SQUARE_OF.search(text, lo, men.start) \
                or (men.quantity.kind is QKind.LENGTH and (_BETWEEN.search(text, lo, men.start) or (
                    _ANGLE_BY_SIDE.search(text, lo, men.start) and not re.match(r"\s*=", text[men.end:])))):
            continue  # "half of angle DAB is 27°": a value of a part of the element, not of the element
        if _TERM_IN_WORDS.search(text, max(0, men.start - 24), men.start):
            continue  # "the perimeter is the diameter plus the arc: 13 + 20.41 = 33.41": a term of the sum
        if _in_expression(text, men):
            inside.append(men)  # "2.57 * BA = 24.12": BA is solved for, never given 24.12
            continue
        link = _LINK.match(text, men.end)
        if not link and men.quantity.kind in _SHAPE_QS and text[men.start:men.end].lower().endswith(_QWORD_ENDS):
            link = re.compile(r"\s+(?=\d)").match(text, men.end)  # "the circle AB has radius 14"
        if not link or (":" in link.group() and _PREPOSITION.search(text, lo, men.start)) \
                or _MULTIPLE.search(link.group()):
            continue  # "the triangle on BD:" names where, not what a display block computes; "AC is half of 16"
        ch = read_chain(text, link.end())
        if ch is None or ch.value is None or _RATIO_VALUE.match(text, ch.end) \
                or ((more := _EXPRESSION_GOES_ON.match(text, ch.end))
                    and more.group(1) in (key.record.get("variables") or ())):
            continue  # "WY = 6 x + 3": an expression in one of the problem's variables, not a value
        if (":" in link.group() or "=" not in link.group()) and _other_name_first(key, men.quantity, text, ch):
            continue  # "**AB:** FA = BE = 2": a heading, then a claim about FA; "the height to AB is DN = 13"
        if _names_itself(key, men.quantity, text, ch) or _names_unknown(key, text, ch):
            continue  # "BC: 3.08 * BC * sin(147) = 30" is an equation in BC, not its value
        used.append((men.start, ch.end))
        own = _identity(key, men.quantity)
        if men.loose and own is not None and ch.arithmetic and a_part(key, own, ch.value, ch.decimals):
            continue  # "the removed semicircle has diameter 7. Its area is 3.14 · 7² / 8 = 19.23": the piece's
        out.append(Claim(own, str(men.quantity), ch.value, ch.decimals, _value_pos(text, ch), ch))
        if key.general:  # "∠OAD = ∠ODA = 45°" states ∠ODA too
            out += [Claim(k, _name_of(key, k), ch.value, ch.decimals, _value_pos(text, ch), ch)
                    for k in _named_stages(key, ch) if k != own]
    out += _pronouns(key, text, mentions, used)
    out += _solved(key, text, inside, out, used)
    out += _substituted(key, text, out)
    out += _unnamed(key, text, out, used)
    if final is not None and key.steps:
        query = key.steps[-1]
        out.append(Claim(key.key(query.output), query.name, final, 2, len(text)))
    out.sort(key=lambda c: c.pos)
    return text, _linked(key, text, _candidates_dropped(text, out), used)


# a root set aside: "x = −1 gives a negative angle", "x = -2 is rejected", "(reject x = −1)"
_REJECTED_AFTER = re.compile(r"[^.;\n)=\d]{0,40}?(?:\b(?:gives?|yields?|makes?|would\s+(?:give|make|be))\s+"
                             r"(?:an?\s+)?(?:negative|zero|invalid|impossible|non-?positive)|\b(?:is\s+|are\s+)?"
                             r"(?:rejected|extraneous|discarded|invalid|impossible|not\s+(?:valid|possible|allowed|feasible))\b)",
                             re.I)
_REJECTED_BEFORE = re.compile(r"\b(?:reject(?:ing|ed)?|discard(?:ing|ed)?|exclud(?:e|ing)|ignor(?:e|ing)|not)\s+"
                              r"(?:the\s+)?(?:root\s+|value\s+|solution\s+)?[^\s=]{1,12}\s*=\s*$", re.I)
_OR = re.compile(r"\s*,?\s*or\b", re.I)


_REFLEX = re.compile(r"\breflex\s+(?:angle\b|∠)", re.I)  # "the reflex angle MPQ", "reflex ∠MPQ"


def a_part(key: AnswerKey, k: Key, value: float, decimals: int) -> bool:
    """Is ``value`` one piece of a composite shape's area or perimeter (the semi-circle cut out, the square
    around the circle), not the measure itself?"""
    exp = key.expected(k) or ((key.elements[k],) * 2 if key.elements.get(k) is not None else None)
    if exp is not None and matches(value, decimals, *exp):
        return False
    return any(matches(value, decimals, gv, exact) for exact, gv in key.parts(k))


def _candidates_dropped(text: str, found: list[Claim]) -> list[Claim]:
    """The claims without the roots a response weighs and sets aside: one it rejects in words ("x = −1
    gives a negative angle"), and the alternatives of an "or" ("x = 5 or x = −1") where it states the
    element again on a later line (the root it keeps)."""
    stated = [c for c in found if c.chain is not None and not c.solved]
    dropped = set()
    for i, c in enumerate(stated):
        line = text.rfind("\n", 0, c.chain.start) + 1
        if _REJECTED_AFTER.match(text, c.chain.end) or _REJECTED_BEFORE.search(text, line, c.chain.start):
            dropped.add(id(c))
        nxt = next((d for d in stated[i + 1:] if d.key == c.key), None)
        if nxt is None or "\n" in text[c.chain.end:nxt.chain.start] or not _OR.match(text, c.chain.end):
            continue
        if any(d.key == c.key and "\n" in text[nxt.chain.end:d.chain.start] for d in stated[i + 2:]):
            dropped |= {id(c), id(nxt)}  # "x = 5 or x = −1", then "so x = 5"
    return [c for c in found if id(c) not in dropped]


@functools.lru_cache(maxsize=4)
def loose_arithmetic(text: str) -> tuple[Chain, ...]:
    """Every chain of arithmetic with a value in the text (``36 + 256 - 121 = 181``), left to right
    (cached: grading reads one response's arithmetic twice, for claims and for steps)."""
    out: list[Chain] = []
    for m in re.finditer("=", text):
        if out and m.start() < out[-1].end:
            continue
        start = _start_of(text, m.start(), _line_start(text, m.start()))
        ch = read_chain(text, start if start < m.start() else m.end())
        if ch is None or ch.value is None or not ch.arithmetic:  # "cos(∠BCA) = (121 + …) / … = 0.87"
            ch = read_chain(text, m.end())
        if ch is not None and ch.value is not None and ch.arithmetic:
            out.append(ch)
    return tuple(out)


def _linked(key: AnswerKey, text: str, found: list[Claim], used: list[tuple[int, int]]) -> list[Claim]:
    """A value stated bare (``The area of ABCD is 26.55``) gets the arithmetic that computed it just
    before, unnamed (``DA + DC = 19 + 7.55 = 26.55``): that is the formula the response used."""
    loose = [ch for ch in loose_arithmetic(text) if not any(a <= ch.start < b for a, b in used)]
    out = []
    for c in found:
        if c.solved or (c.chain is not None and c.chain.arithmetic):
            out.append(c)
            continue
        before = [ch for ch in loose if ch.end <= c.pos and c.pos - ch.end <= 400
                  and abs(ch.value - c.value) <= 0.5 * 10.0 ** -min(ch.decimals, c.decimals, 9) + 1e-9
                  and not (c.key is not None and a_part(key, c.key, ch.value, ch.decimals))  # a piece's, copied
                  and not any(ch.end <= o.pos < c.pos for o in found if o is not c)]
        out.append(dataclasses.replace(c, chain=before[-1]) if before else c)
    return out


_IT = re.compile(r"\b(?:it|which)\s+(?:also\s+)?(?:measures|is|equals)\s+(?:also\s+)?(?:equal\s+to\s+)?"
                 r"(?=[\d(√-])", re.I)


def _pronouns(key: AnswerKey, text: str, mentions: list[Mention], used: list[tuple[int, int]]) -> list[Claim]:
    """Values said of a pronoun: "Angle EDF is supplementary to angle ADC, so it measures 70°" (the
    sentence's subject), "angle OAD equals angle ODA, which is 35°" (the element just named)."""
    out = []
    for m in _IT.finditer(text):
        if any(a <= m.end() < b for a, b in used) or _PREPOSITION.search(text, max(0, m.start() - 24), m.start()):
            continue  # "the height to it is 8": the pronoun is the height's foot, not what is 8
        start = max(text.rfind("\n", 0, m.start()), text.rfind(". ", 0, m.start())) + 1
        named = [men for men in mentions if start <= men.start < m.start() and men.quantity is not None]
        if not named:
            continue
        men = named[-1] if m.group().lower().startswith("which") else named[0]
        k = _identity(key, men.quantity)
        ch = read_chain(text, m.end())
        if k is None or ch is None or ch.value is None:
            continue
        used.append((m.start(), ch.end))
        out.append(Claim(k, str(men.quantity), ch.value, ch.decimals, _value_pos(text, ch), ch))
    return out


def _named_stages(key: AnswerKey, ch: Chain) -> list[Key]:
    """The elements a chain names alone in a stage before its value (``∠ODA`` of ``∠OAD = ∠ODA = 45°``)."""
    out = []
    for st in ch.stages[:-1]:
        parts = scan(st.text, 0)
        if len(parts) == 1 and len(parts[0].tokens) == 1 and parts[0].tokens[0][0] == "name":
            k = name_key(key, parts[0].tokens[0][1])
            if k is not None and _identity_known(key, k) is not None and k not in out:
                out.append(k)
    return out


def _other_name_first(key: AnswerKey, q: Quantity, text: str, ch: Chain) -> bool:
    parts = scan(text, ch.start)
    first = parts[0].tokens if parts else ()
    if len(first) == 1:
        return first[0][0] == "name" and name_key(key, first[0][1]) != key.key(q)
    # "**Leg CF:** ∠ECF + ∠CFD = 180°": a heading, then arithmetic of other elements (textbook figures)
    return key.general and any(kind == "name" and name_key(key, tok) != key.key(q) for kind, tok in first)


def _names_unknown(key: AnswerKey, text: str, ch: Chain) -> bool:
    """Does the arithmetic name something the problem does not have (``2r + 2.32r = 30``: an equation in r)?"""
    for part in scan(text, ch.start):
        for kind, tok in part.tokens:
            if kind == "name" and ((k := name_key(key, tok)) is None or _identity_known(key, k) is None):
                return True
    return False


def _names_itself(key: AnswerKey, q: Quantity, text: str, ch: Chain) -> bool:
    own = key.key(q)
    return any(name_key(key, tok) == own for part in scan(text, ch.start) for kind, tok in part.tokens
               if kind == "name")


_ARGUMENT = re.compile(r"\b(?:sin|cos|tan|sqrt)\s*\(?\s*(?:∠\s*|angle\s+)?$")
_RATIO = re.compile(r":(?=[A-Z])")  # "AD:AB" (glued: "BAFG: AB = …" is a heading)
_RATIO_BEFORE = re.compile(r"[A-Z]:$")
_RATIO_VALUE = re.compile(r"[ \t]*:[ \t]*(?:\d|sqrt\b|√|\()")  # "= 1:2", "= 1 : 2", "= 12 : √133"
_FRACTION_OF = re.compile(r"\b(?:half|twice|double|triple|thrice|(?:a|one|two)\s+(?:thirds?|quarters?|fourths?))"
                          r"\s+(?:of\s+)?(?:the\s+)?(?:measures?\s+of\s+)?(?:the\s+)?(?:angle\s+|∠\s*|arc\s+|side\s+)?$",
                          re.I)
# "the square of CA is 206.45": the square's value, not the element's
_SQUARE_OF = re.compile(r"\bsquare\s+of\s+(?:the\s+)?(?:(?:side|length|radius)\s+)?$", re.I)
# the sides of an angle: "the angle between AB and AC is 68°", "formed by sides PQ and PR": the second side names
# the angle, no length (never "between the sides AB = 11 and BC = 12", where each side has its own value) ...
_BETWEEN = re.compile(r"\b(?i:between|formed\s+by|made\s+by|included\s+by|enclosed\s+by|of)\s+(?i:the\s+)?"
                      r"(?i:(?:sides?|lines?|segments?)\s+)?[A-Z]{2}\s*(?:,|(?i:and)|&)\s*(?i:the\s+)?"
                      r"(?i:(?:side|line|segment)\s+)?$")
# ... and a side an angle is described by: "the angle opposite BC is 68°", "the angle adjacent to AC", "the angle
# that AB makes with AC" (unless the side's own "=" follows it: "the angle between AB = 6 and ...")
_ANGLE_BY_SIDE = re.compile(r"\b(?i:angle)\s+(?i:(?:that|which)\s+(?:[A-Z]{2}\s+)?(?:makes?|forms?)\s+with|"
                            r"opposite(?:\s+to)?|adjacent\s+to|between|formed\s+by|made\s+by|included\s+by|facing|"
                            r"across\s+from|subtended\s+by)\s+(?i:the\s+)?(?i:(?:sides?|lines?|segments?)\s+)?$")
_TERM_IN_WORDS = re.compile(r"\b(?:plus|minus|less|times|added\s+to|divided\s+by|multiplied\s+by)\s+(?:the\s+)?$",
                            re.I)
_MULTIPLE = re.compile(r"\b(?:half|twice|double|triple|thrice|third|quarter|fourth|square|root|sum|difference|"
                       r"product|ratio)\b", re.I)  # in a link: "AC is half of 16" gives no value of 16 to AC
_MEASURE_TERM = re.compile(r"[+\-*/]\s*(?:the\s+)?(?:area|perimeter)\s+(?:of\s+(?:the\s+)?(?:[a-z]+\s+)?)?$", re.I)
_EXPRESSION_GOES_ON = re.compile(r"[ \t]*([a-zα-ω])(?![A-Za-z0-9])")
_SHAPE_QS = (QKind.AREA, QKind.PERIMETER, QKind.RADIUS, QKind.ARC, QKind.HEIGHT)
_QWORD_ENDS = ("area", "perimeter", "circumference", "height", "arc", "radius", "arc length")
_PREPOSITION = re.compile(r"\b(?:on|from|in|with|and|at|to|by|for|into|onto|over|along)\s+(?:the\s+)?$", re.I)


# -- equations an element sits inside ---------------------------------------------------------------------

_OPS_BEFORE = "+-*/^"
# "area ABC", "Area of CDE", "the perimeter of the triangle ABM": a shape measured, before its name
_MEASURE_WORD_END = re.compile(rf"\b(?:perimeter|area|arc|circumference|radius|height|sector)(?:\s+of)?(?:\s+the)?"
                               rf"(?:\s+(?:{_SHAPE_NOUNS}))?\s+$", re.I)
_MARKER_END = re.compile(r"(?:∠|\bangle\s+|\barc\s+)\s*$")
_PLAIN_NAME = re.compile(rf"(?:{_PT}){{2,3}}|[a-zα-ω]")
_VERTEX_NAME = re.compile(_PT)
_BEFORE_WINDOW = 200  # characters before a name that decide whether it is a term of an expression


def _in_expression(text: str, men: Mention) -> bool:
    """Is a written element name a term of an expression (``2.57 * BA``, ``CF + CB``, ``7.14AB``)?"""
    if men.quantity is None or men.quantity.kind not in (QKind.LENGTH, QKind.ANGLE, QKind.VARIABLE, QKind.ARC):
        return False
    window = text[max(0, men.start - _BEFORE_WINDOW):men.start]  # what the tests below read, bounded: a
    # runaway's thousands of mentions on one line cost linear time, not quadratic
    marked = _MARKER_END.search(window)
    if not (_PLAIN_NAME.fullmatch(text[men.start:men.end])
            or (marked and men.quantity.kind is QKind.ANGLE and _VERTEX_NAME.fullmatch(text[men.start:men.end]))):
        return False  # a vertex's letter is a name only after its mark: "∠J + ∠K + ∠L + ∠M = 360"
    before = _MARKER_END.sub("", window)  # "(1/2)∠AOB", "180 - ∠ABD": the angle is the term
    after = text[men.end:men.end + 16].lstrip(" \t")
    stripped = before.rstrip(" \t")
    if before and (before[-1].isdigit() or before[-1] in ".π)"):
        return True  # glued: 7.14AB
    if stripped and (stripped[-1].isdigit() or stripped[-1] in "π)") and len(before) - len(stripped) <= 2:
        return True  # "2.57 BD", "(2 + 2.16) CD": a product
    if stripped and stripped[-1] in _OPS_BEFORE and not stripped.endswith(("--", "- -")):
        line = stripped[stripped.rfind("\n") + 1:]
        return not (stripped[-1] in "-*" and not line[:-1].strip())  # a bullet's dash or star
    if after[:1] and after[0] in "+-*/^²":
        return True
    return stripped.endswith("(") and after[:1] not in ("=", ")", "")


def _start_of(text: str, end: int, lo: int) -> int:
    """The leftmost position from which ``text[i:end]`` is all arithmetic tokens (names included)."""
    for i in range(lo, end):
        if text[i].isspace() or (i and (text[i - 1].isalnum() or text[i - 1] in "'_\\")):
            continue
        j = i
        while j < end:
            m = _TOKEN.match(text, j)
            if not m or m.end() == j or m.lastgroup == "unit":
                break
            j = m.end()
        if j >= end:
            return i
    return end


def _line_start(text: str, pos: int) -> int:
    cut = max(text.rfind(c, 0, pos) for c in "\n,;:→⇒")
    return max(cut + 1, pos - 160, 0)


def name_key(key: AnswerKey, tok: str) -> Key | None:
    """The key of an element written as one arithmetic token (``AB``, ``x``, a label)."""
    name = key.labels.get(tok, tok)
    if name.startswith("shape "):
        return None
    if name.startswith("angle "):
        return key.key(Quantity.angle(*split_points(name[6:])))
    if name.islower():
        return key.key(Quantity.var(name))
    try:
        pts = split_points(name)
    except ValueError:
        return None
    if len(pts) == 2:
        return key.key(Quantity.length(*pts))
    return key.key(Quantity.angle(*pts)) if len(pts) == 3 else None


def _known(key: AnswerKey, found: list[Claim], before: int) -> dict[Key, float]:
    """What the response has said by ``before``, over the problem's givens and constants."""
    out = {k: v for k, (_, v) in key.givens.items() if v is not None}
    out.update(key.constants)
    for c in sorted(found, key=lambda c: c.pos):
        if c.pos < before and c.key is not None:
            out[c.key] = c.value
    return out


def _solved(key: AnswerKey, text: str, inside: list[Mention], found: list[Claim],
            used: list[tuple[int, int]]) -> list[Claim]:
    """Claims for elements inside expressions: an equation linear in one element whose other names the
    response (or the problem) has given values, solved for it; none where the response states the
    element's value itself right after (``2.57 * BA = 24.12 -> BA = 9.39``)."""
    out: list[Claim] = []
    done: set[tuple[int, Key]] = set()
    for men in inside:
        if men.quantity.kind is QKind.ARC:
            continue  # "arc BAG + arc BGA = 360": arcs are no tokens of arithmetic; nothing is stated
        start = _start_of(text, men.start, _line_start(text, men.start))
        if _MEASURE_WORD_END.search(text, max(0, start - _BEFORE_WINDOW), start):
            continue  # "perimeter ABM = AB + AM + BM": ABM is a shape measured, no angle of an equation
        parts = scan(text, start)
        where = next((n for n, p in enumerate(parts) if p.start <= men.start < p.end), None)
        if where is None:
            continue
        value = next((v for p in (parts[-1], parts[0]) if p is not parts[where]
                      for v in [_part_value(p)] if v is not None), None)
        other = None  # with no number alone on a side: the element on both sides, "3x + 14 = 4x + 10"
        if value is None:
            other = parts[where + 1] if where + 1 < len(parts) else parts[where - 1] if where else None
            if other is None:
                continue
            numbers = any(kind == "num" for p in (parts[where], other) for kind, _ in p.tokens)
            names = {tok for p in (parts[where], other) for kind, tok in p.tokens if kind == "name"}
            if not numbers and not (key.general and len(names) >= 3):
                continue  # "angle ABP = angle DCP": two names said equal, no value; "BD/BA = BE/BC" is solved
        kinds = {kind for p in parts for kind, _ in p.tokens}
        if {"func", "pi"} <= kinds:
            continue  # "180 - 180·asin(15/17)/π - 90": radians, where the reader takes degrees
        names = {tok for p in (parts[where], other) if p is not None for kind, tok in p.tokens if kind == "name"}
        keys = {n: name_key(key, n) for n in names}
        if any(k is None for k in keys.values()):
            continue
        known = {**_known(key, found + out, men.start)}
        unknown = {k for k in keys.values() if k not in known}
        if not unknown:  # "7x - 6 = 360" after solving x from the line before: the algebra solved again
            unknown = set(keys.values()) - set(_known(key, [c for c in found + out if not c.solved], men.start))
        if len(unknown) != 1:
            continue
        target = unknown.pop()
        if (start, target) in done or _identity_known(key, target) is None:
            continue
        env = {n: known[k] for n, k in keys.items() if k != target}
        own = [n for n, k in keys.items() if k == target]
        if other is None:
            solved = solve_linear(parts[where].tokens, own, env, value)
            rhs = parts[-1] if parts[-1] is not parts[where] else parts[0]
        else:
            solved = solve_linear(parts[where].tokens + (("op", "-"), ("op", "(")) + other.tokens + (("op", ")"),),
                                   own, env, 0.0)
            rhs = other
        if solved is None or (other is not None and abs(solved) < 1e-9):
            continue  # "AE/(2 sin 60) = AE√3": no constant on either side, a relation in names, no value
        done.add((start, target))
        used.append((start, parts[-1].end))
        eq = " = ".join(" ".join(tok for _, tok in p.tokens) for p in (parts[where], rhs))
        out.append(Claim(target, _name_of(key, target), round(solved, 4), 2, men.start,
                         Chain(start, parts[-1].end, (Stage(eq),), round(solved, 4), 2), solved=True))
    return out


def _substituted(key: AnswerKey, text: str, found: list[Claim]) -> list[Claim]:
    """Givens a formula states by putting a number in each name's place: ``AB + BC + AD + DC = 13 + 13 +
    13 + 10.22`` uses AD = 13, term for term; the same expression with numbers for names, nothing else
    changed."""
    out: list[Claim] = []
    for parts in _equations(text):
        for names, numbers in zip(parts, parts[1:-1]):  # then a value: "= 13 + 10.22 = 23.22", never "= 1/3"
            bare = [t for t in names.tokens if t not in (("op", "("), ("op", ")"))]
            if len(names.tokens) != len(numbers.tokens) or not any(k == "name" for k, _ in names.tokens) \
                    or (len(bare) == 3 and bare[1] == ("op", "/")):
                continue  # "AE/AC = 1/3": a ratio, no lengths
            pairs = list(zip(names.tokens, _spans(text, numbers)))
            if any((a[0] == "name" and b[0] != "num") or (a[0] != "name" and a != b) for a, (b, _) in pairs):
                continue  # not the same expression with numbers for its names
            for (_, tok), ((_, num), at) in pairs:
                if tok == "" or tok[0] == "∠":
                    continue
                k = name_key(key, tok)
                if k is None or key.givens.get(k, (None, None))[1] is None \
                        or any(c.key == k and c.pos == at for c in found + out):
                    continue
                out.append(Claim(k, _name_of(key, k), float(num), _decimals_of(num), at))
    return out


def _equations(text: str, used: Sequence[tuple[int, int]] = ()) -> Iterator[list]:
    """The ``=``-separated parts of each equation of the text, left to right, none starting inside ``used``."""
    seen_to = -1
    for m in re.finditer("=", text):
        if m.start() < seen_to or any(a <= m.start() < b for a, b in used):
            continue
        start = _start_of(text, m.start(), _line_start(text, m.start()))
        parts = scan(text, start if start < m.start() else m.end())
        if parts:
            seen_to = parts[-1].end
            yield parts


def _spans(text: str, part) -> list[tuple[tuple[str, str], int]]:
    """A part's tokens with where each stands in the text."""
    out, i = [], part.start
    while i < part.end and len(out) < len(part.tokens):
        m = _TOKEN.match(text, i)
        if not m or m.end() == i:
            break
        kind = m.lastgroup
        if kind not in ("unit",) and not (kind == "op" and m.group(kind) == "="):
            out.append(((kind, m.group(kind)), m.start(kind)))
        i = m.end()
    return out


def _decimals_of(num: str) -> int:
    return len(num.split(".")[1]) if "." in num else 0


def _part_value(part) -> float | None:
    """A side of an equation that is a value: one number, or an exact form ("14√2", "205π/2")."""
    value = lone_number(part)[0]
    return value if value is not None else exact_form(part, _stage(list(part.tokens)))[0]


def _identity_known(key: AnswerKey, k: Key) -> Key | None:
    known = key.expected(k) is not None or k in key.distractors or k in key.givens or k in key.elements
    return k if known else None


def solve_linear(tokens, names: list[str], env: dict[str, float], value: float) -> float | None:
    """The value of ``names`` (one unknown) that makes ``tokens`` equal ``value``, where the expression is
    linear in it (or a plain square: ``HG^2 = 9.66``); None otherwise."""
    def f(t: float) -> float | None:
        return value_of(tokens, {**env, **{n: t for n in names}})

    f0, f1, f2 = f(0.0), f(1.0), f(2.0)
    if f0 is None or f1 is None or f2 is None:
        return _solve_reciprocal(f, value)  # "3/EF": no value at 0
    a = f1 - f0
    tol = 1e-9 * max(1.0, abs(a), abs(f0))
    if abs(a) > 1e-12 and abs((f2 - f0) - 2 * a) <= tol:
        return (value - f0) / a
    if abs(f0) <= tol and abs(f2 - 4 * f1) <= tol * 4 and f1 * value > 0:
        return math.sqrt(value / f1)  # "HG^2 = 9.66", "3.14 * r^2 / 2 = 23"
    return _solve_reciprocal(f, value)


def _solve_reciprocal(f, value: float) -> float | None:
    """The unknown of an expression linear in its reciprocal ("2/4 = 3/EF", "AB/BC = DE/EF")."""
    h1, h2, h3 = f(1.0), f(0.5), f(1 / 3)
    if h1 is None or h2 is None or h3 is None:
        return None
    a = h2 - h1  # per unit of 1/t
    if abs(a) <= 1e-12 or abs((h3 - h2) - a) > 1e-9 * max(1.0, abs(a), abs(h1)):
        return None
    u = 1.0 + (value - h1) / a
    return 1.0 / u if abs(u) > 1e-12 else None


def _name_of(key: AnswerKey, k: Key) -> str:
    step = key.step_of.get(k)
    if step is not None:
        return step.name
    for q, _ in list(key.givens.values()) + list(key.distractors.values()):
        if key.key(q) == k:
            return str(q)
    kind, pts = k
    if kind in (QKind.LENGTH, QKind.VARIABLE):
        return "".join(pts)
    return f"{kind.value} {''.join(pts)}"  # "angle MRQ", "area ABC"


# -- values with no name ----------------------------------------------------------------------------------------


def _unnamed(key: AnswerKey, text: str, found: list[Claim], used: list[tuple[int, int]]) -> list[Claim]:
    """Arithmetic no element is named for, aligned with the one proof step it can be: the step whose
    inputs (as the response states them, else as the proof has them) are all numbers of its first part,
    else the one step whose value it is.  Nothing where two steps fit, or the step was already stated."""
    out: list[Claim] = []
    for parts in _equations(text, used):
        if any(a <= parts[0].start < b or a < parts[-1].end <= b for a, b in used):
            continue
        value, decimals = lone_number(parts[-1])
        if value is None or len(parts) < 2 or any(kind == "name" for p in parts for kind, _ in p.tokens):
            continue
        numbers = [float(tok) for kind, tok in parts[0].tokens if kind == "num"]
        pos = parts[-1].start
        stated = {c.key for c in found + out if c.pos < pos}
        open_steps = [s for s in key.steps if key.key(s.output) not in stated]
        if _NO_ELEMENT_WORD.search(text, max(0, parts[0].start - 40), parts[0].start):
            continue  # "The discriminant is 23.02^2 - 4 * 0.43 * 268 = 68.96": a number of the work, no element's
        word = _WORD_BEFORE.search(text, 0, parts[0].start)
        if word:  # "Arc = 103 / 360 * ...": only a step whose element is an arc
            kind = {**_QWORDS, **_QWORDS_MORE}.get(word.group(1).lower())
            open_steps = [s for s in open_steps if s.output.kind is kind]
        fit = [s for s in open_steps if s.inputs and all(
            any(_near(n, _input_value(key, q, v, found, pos)) for n in numbers) for q, v in s.inputs)]
        fit = [s for s in fit if not _consumed(key, text, parts[-1].end, value, s, found, pos)
               and not _named_after(key, text, s, parts[-1].end, found)
               and not a_part(key, key.key(s.output), value, decimals)]  # "Square: 4 * 3 = 12" of a square - circle
        if not fit:  # the step's formula with other numbers in it: "2 * 5 / 3.14" for "2 · 4 / 3.14"
            shape = _skeleton(parts[0].tokens)
            fit = [s for s in open_steps if s.chain and sum(k == "op" for k, _ in parts[0].tokens) >= 2
                   and _skeleton(_gold_tokens(s)) == shape
                   and not _consumed(key, text, parts[-1].end, value, s, found, pos)
                   and not _named_after(key, text, s, parts[-1].end, found)]
        if not fit:
            givens = [v for _, v in key.givens.values() if v is not None]
            fit = [s for s in open_steps if (_near(value, s.value) or _near(value, s.exact))
                   and not _named_after(key, text, s, parts[-1].end, found)]
            if any(_near(value, g) for g in givens):
                fit = []
        if len(fit) != 1:
            continue
        ch = read_chain(text, parts[0].start)
        step = fit[0]
        out.append(Claim(key.key(step.output), step.name, value, decimals, pos, ch))
        used.append((parts[0].start, parts[-1].end))
    return out


_NO_ELEMENT_WORD = re.compile(r"\b(?:discriminant|numerator|denominator|square\s+root|root)\s*"
                              r"(?:is|=|:|of\b[^=]*?)?\s*$", re.I)
_WORD_BEFORE = re.compile(rf"\b({_QWORD}|diameter|hypotenuse|side|base|angle)\s*[:=]?\s*$", re.I)
_QWORDS_MORE = {"diameter": QKind.LENGTH, "hypotenuse": QKind.LENGTH, "side": QKind.LENGTH, "base": QKind.LENGTH,
                "angle": QKind.ANGLE}


def _named_after(key: AnswerKey, text: str, step: ProofStep, end: int, found: list[Claim]) -> bool:
    """Does the rest of the line state the step's element by name ("the discriminant is … = 68.96, whose root
    is 8.3; … AB = (23.02 - 8.3) / 0.86 = 17.12")?  Then the unnamed value is an intermediate of its work."""
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    own = key.key(step.output)
    return any(c.key == own and not c.solved and end <= c.pos < line_end for c in found)


def _consumed(key: AnswerKey, text: str, end: int, value: float, step: ProofStep, found: list[Claim],
              pos: int) -> bool:
    """Is ``value`` a number of the arithmetic that follows (the rest of its line, the next lines) before
    anything is named, other than as the input of a later step: an intermediate of ``step``, not its value?
    ("Square area: 2.72^2 = 7.4", then "7.4 - 5.81 = 1.59")"""
    lines = [ln for ln in text[end:end + 800].split("\n")[:20]]
    for n, line in enumerate(lines):
        numbers = [float(x) for x in NUMBER.findall(line.split("=")[0] if n else line)]
        if not any(abs(x - value) < 1e-9 for x in numbers):
            continue
        own = key.key(step.output)
        for later in key.steps:
            ins = [(key.key(q), v) for q, v in later.inputs]
            if later is step or own not in {k for k, _ in ins}:
                continue
            others = [_input_value(key, q, v, found, pos) for q, v in later.inputs if key.key(q) != own]
            if all(any(_near(x, o) for x in numbers) for o in others):
                return False  # "Octagon perimeter: 8 * 8 = 64": the next step, with this value as its input
        return True
    return False


def _skeleton(tokens) -> tuple:
    return tuple("#" if kind == "num" else tok for kind, tok in tokens)


def _gold_tokens(step: ProofStep) -> tuple:
    parts = scan(normalize(step.chain[0]), 0)
    return parts[0].tokens if len(parts) == 1 else ()


def _near(a: float, b: float) -> bool:
    return abs(a - b) <= 0.005 + 1e-9 + 0.001 * abs(b)


def _input_value(key: AnswerKey, q: Quantity, proof_value: float, found: list[Claim], before: int) -> float:
    k = key.key(q)
    prior = [c.value for c in found if c.key == k and c.pos < before]
    return prior[-1] if prior else proof_value


def _value_pos(text: str, ch: Chain) -> int:
    last = list(NUMBER.finditer(text, ch.start, ch.end))
    return last[-1].start() if last else ch.start


def _identity(key: AnswerKey, q: Quantity) -> Key | None:
    k = key.key(q)
    known = key.expected(k) is not None or k in key.distractors or k in key.givens or k in key.elements
    return k if known else None


def _listing(key: AnswerKey, text: str, m: re.Match) -> list[Claim]:
    labels = [re.escape(label) for label, name in key.labels.items() if not name.startswith("shape ")]
    pattern = "|".join([f"(?:{_PT}){{2,}}"] + labels)
    names = [key.labels.get(n, n) for n in re.findall(rf"(?<![\w?])(?:{pattern})(?![\w?])", m.group(1))]
    values = NUMBER.findall(m.group(3))
    if len(names) != len(values):
        return []
    before = text[max(0, m.start() - 20):m.start()]
    angle = m.group(2) == "angles" or "degree" in before
    out = []
    pos = m.start(3)
    for name, val in zip(names, values):
        pts = split_points(name.removeprefix("angle "))
        angle = angle or name.startswith("angle ")
        q = Quantity.angle(*pts) if (angle and len(pts) == 3) else Quantity.length(*pts) if len(pts) == 2 else None
        if q is None:
            continue
        pos = text.index(val, pos)
        dec = len(val.split(".")[1]) if "." in val else 0
        out.append(Claim(_identity(key, q), str(q), float(val), dec, pos))
        pos += len(val)
    return out


def _mentions(key: AnswerKey, text: str) -> list[Mention]:
    """Element mentions in text order, with the shape each sentence is about filled in for ``its area``."""
    raw: list[tuple[int, int, str, str]] = []  # (start, end, written name, how)
    for m in _NAME.finditer(text):
        raw.append((m.start(), m.end(), m.group(), "name"))
    for m in _VERTEX.finditer(text):
        raw.append((m.start(1), m.end(1), m.group(1), "vertex"))
    for label, name in key.labels.items():
        for m in re.finditer(rf"(?<![\w?]){re.escape(label)}(?![\w?])", text):
            raw.append((m.start(), m.end(), name, "label"))
    for m in _CONTEXT_Q.finditer(text):
        raw.append((m.start(), m.end(), m.group(1).lower(), "context"))
    for m in _CIRCLE_Q.finditer(text) if key.general else ():
        centre, word = m.group(2) or m.group(3), (m.group(1) or m.group(4)).lower()
        if centre in key.centres and not text[:m.start()].rstrip(" \t").endswith(tuple(_OPS_BEFORE + "(")):
            raw.append((m.start(), m.end(), f"{_CIRCLE_WORDS.get(word, word)} {centre}", "circle"))
    for m in re.finditer(rf"\b({_SHAPE_NOUNS})\b(?!\s+(?:{_PT}){{2,}})", text, re.I):
        shape = _only_shape_of(key, m.group(1).lower())
        if shape is not None:
            raw.append((m.start(), m.end(), shape, "noun"))
    for m in re.finditer(rf"\b({_SHAPE_NOUNS})\b(?!\s+(?:{_PT}){{2,}})", text) if not key.general else ():
        shape = _only_shape_of(key, m.group(1).lower())  # "the removed semicircle has …": a piece, as its subject
        if shape is not None and _composite_part(key, shape, m.group(1)) == "piece" \
                and _DEFINITE.search(text, max(0, m.start() - 40), m.start()) \
                and not _DESCRIBED.search(text, max(0, m.start() - 40), m.start()):  # never "a semicircle is removed"
            raw = [r for r in raw if not (r[0] == m.start() and r[3] == "noun")]
            raw.append((m.start(), m.end(), shape, "piece"))
    if key.general and len(key.centres) == 1:  # "R = 6√5", "r = 3": the one circle's radius, where no point is R
        centre = next(iter(key.centres))
        for letter in {"r", "R"} - set(key.points) - set(key.record.get("variables") or ()):
            for m in re.finditer(rf"(?<![\w'.^]){letter}(?=\s*=)", text):
                raw.append((m.start(), m.end(), f"radius {centre}", "circle"))
    for var in key.record.get("variables") or []:
        for m in re.finditer(rf"(?<![A-Za-z_.^]){re.escape(var)}(?![\w(])", text):  # "2.43x": a product
            raw.append((m.start(), m.end(), var, "variable"))
    raw.sort(key=lambda r: (r[0], -r[1]))
    out: list[Mention] = []
    context: str | None = None
    context_at = -1  # where the context shape was named
    last_end = -1
    sentence_starts = [0] + [m.end() for m in _SENTENCE_END.finditer(text)]
    part_until, after_part = -1, None  # a part's sentence ends there; then the shape talked about before
    piece_until, piece_said = -1, ""  # the sentence after a piece's: "Its area" there is still the piece's
    for start, end, name, how in raw:
        if context == _PART and start >= part_until:
            context = after_part
        if start < last_end:
            continue
        if how == "context":
            if context == _PART:
                continue  # "its area" in a sentence about a part of a shape: no element of the key
            if part_until <= start < piece_until and name not in piece_said:
                continue  # "The removed semicircle has diameter 7. Its area is …": the piece's, said next
            shape = context if context is not None else _only_shape_with(key, _QWORDS[name])
            if key.general and context_at < max(x for x in sentence_starts if x <= start):
                # a textbook figure's "the area" with no shape named in its sentence: the one the question
                # asks for, where it asks for that kind ("In triangle ADN, … So the area is …")
                query = key.steps[-1].output if key.steps else None
                if query is not None and query.kind is _QWORDS[name]:
                    out.append(Mention(start, end, query))
                continue
            if shape is not None and key.general and \
                    _identity(key, Quantity.of_shape(_QWORDS[name], key.shape_named(shape) or shape)) is None:
                continue  # "the height is BE = 8": a textbook figure names it by its points
            if shape is not None:
                out.append(Mention(start, end, Quantity.of_shape(_QWORDS[name], shape), shape, loose=True))
            continue
        if how == "piece":  # "the removed semicircle has …" of a rectangle minus one: the sentence is about it
            after_part = name
            context, context_at = _PART, start
            part_until = min([x for x in sentence_starts if x > start] + [len(text)])
            piece_until = min([x for x in sentence_starts if x > part_until] + [len(text)])
            piece_said = text[start:part_until].lower()
            continue
        if how == "noun":
            context, context_at = name, start  # "**Octagon:** … the perimeter is …"
            continue
        if how in ("variable", "circle"):
            out.append(Mention(start, end, Quantity.var(name)))
            last_end = end
            continue
        if how == "label":
            typed = _label(key, text, start, end, name)
            if typed is None:
                continue
            if typed.quantity is not None:
                out.append(typed)
                last_end = end
                continue
            name = typed.shape
        before = _clause_before(text, start, sentence_starts)
        after = text[end:end + 40]
        base = re.search(rf"\b({_SHAPE_NOUNS})\s+$", before, re.I) if how == "name" else None
        if how == "name" and (_PART_OF.search(before) or base and key.shape_named(name)
                              and _composite_part(key, key.shape_named(name), base.group(1)) == "base"):
            # "Triangle removed from EFGCD: its area is 6.88", "the semicircle on AD is 56.52", and "the
            # square ABCD has area 242.42" of a square minus a circle: the values are the part's, not the name's
            # "Triangle removed from EFGCD: its area is 6.88", "the semicircle on AD is 56.52": the name
            # says where the part is; the values of the sentence are the part's, not the name's
            after_part = key.shape_named(name) or (context if context != _PART else after_part)
            context, context_at = _PART, start
            part_until = min([s for s in sentence_starts if s > start] + [len(text)])
            piece_until = min([s for s in sentence_starts if s > part_until] + [len(text)])
            piece_said = text[max(0, start - 45):part_until].lower()
            last_end = end
            continue
        men = _typed(key, name, before, after, start, end, how)
        if men is None:
            continue
        if men.shape is not None:
            context, context_at = men.shape, start
        out.append(men)
        last_end = men.end
    return out


# "the circumference of circle J", "circle O's radius": a textbook circle's measures, named by its centre
_CIRCLE_Q = re.compile(r"\b(radius|diameter|circumference|area)\s+of\s+(?:the\s+)?circle\s+([A-Z])(?![\w'])"
                       r"|\bcircle\s+([A-Z])(?:'s|’s)\s+(radius|diameter|circumference|area)\b", re.I)
_CIRCLE_WORDS = {"area": "circle area"}


_PART = "\0part"  # the context of a sentence about an unnamed part of a shape ("the semicircle on AD")
# a shape noun, then where it sits: "triangle removed from", "the semicircle on (side)", "circle cut out of"
_PART_OF = re.compile(r"\b(?:triangle|square|rectangle|circle|semi-?circle|sector|parallelogram)\s+"
                      r"(?:(?:part|portion|piece)\s+)?(?:(?:(?:is|was|being|that\s+is)\s+)?(?:removed|cut|taken|"
                      r"subtracted|added|attached|drawn|built|erected|constructed|missing)\s+)?"
                      r"(?:out\s+of|from|on|onto|in|inside|of|over|along|to)\s+(?:the\s+)?"
                      r"(?:(?:side|diameter|segment|base)\s+)?$", re.I)


_DEFINITE = re.compile(r"(?:\b[Tt]he|\b[Ii]ts|'s|’s)\s+(?:[a-z-]+\s+){0,2}$")  # "the removed", "IJAH's missing"


# the piece in a description of the whole: "by the perimeter of a square minus its inscribed circle"
_DESCRIBED = re.compile(r"\b(?:minus|plus|with|without|and|less)\s+(?:the|its|a|an)\s+(?:[a-z-]+\s+){0,2}$", re.I)


def _composite_part(key: AnswerKey, shape: str, word: str) -> str | None:
    """Which part of a composite shape a kind noun names: ``"piece"``, what it adds or removes
    (``semicircle`` of a rectangle minus a semi-circle), ``"base"``, the shape it starts from (``square``
    of a square minus a circle, which a response may call by the composite's name: ``the square ABCD``),
    or None (no composite, or neither part)."""
    if shape not in key.shapes:
        return None
    title = KINDS[key.shapes[shape].kind].title.split()
    op = next((o for o in ("minus", "plus") if o in title), None)
    word = word.lower().replace("semicircle", "semi-circle")
    if op is None:
        return None
    return "piece" if word in title[title.index(op) + 1:] else "base" if word in title[:title.index(op)] else None


def _only_shape_with(key: AnswerKey, kind: QKind) -> str | None:
    """``the arc`` before any shape is named: the one shape of the problem with an arc, if only one has."""
    found = [name for name in key.shapes if "~" not in name and
             key.key(Quantity.of_shape(kind, name)) in key.elements]
    return found[0] if len(found) == 1 else None


def _only_shape_of(key: AnswerKey, noun: str) -> str | None:
    """The one shape of the problem a kind noun (``octagon``, ``trapezoid``) can mean, if only one."""
    noun = noun.replace("semicircle", "semi-circle")
    found = [name for name, decl in key.shapes.items() if "~" not in name and
             noun in KINDS[decl.kind].title.split() and not KINDS[decl.kind].relation]
    return found[0] if len(found) == 1 else None


def _clause_before(text: str, start: int, sentence_starts: list[int]) -> str:
    begin = max([s for s in sentence_starts if s <= start] + [0])
    return text[max(begin, start - 45):start]


def _label(key: AnswerKey, text: str, start: int, end: int, typed: str) -> Mention | None:
    """An individual label where it is meant as one: single letters are words too ("a side"), so a
    label counts next to its noun or an equals sign, a colour only before a shape noun."""
    word, _, name = typed.rpartition(" ")
    after, before = text[end:end + 12], text[max(0, start - 8):start]
    if word == "shape":
        shape = key.shape_named(name)
        ok = re.match(rf"\s+(?:[a-z-]+\s+){{0,2}}?(?:{_SHAPE_NOUNS})\b", text[end:])
        return Mention(start, end, None, shape) if (shape and ok) else None
    if not (re.match(r"\s*(?:sides?|angles?|diameters?|diagonals?)\b|\s*=", after)
            or re.search(r"(?:side|angle|diameter|diagonal|∠)\s*$", before)):
        return None
    pts = split_points(name)
    return Mention(start, end, Quantity.angle(*pts) if word == "angle" else Quantity.length(*pts))


def _typed(key: AnswerKey, name: str, before: str, after: str, start: int, end: int, how: str) -> Mention | None:
    shape = key.shape_named(name)
    sq_before = _SQ_BEFORE.search(before)
    sq_after = _SQ_AFTER.match(after)
    if how == "vertex":
        return _vertex_angle(key, name, start, end)
    try:
        pts = split_points(name)
    except ValueError:
        pts = ()
    if key.general:
        if re.search(r"\barc\s+$", before, re.I) and len(pts) in (2, 3):
            return _arc(key, pts, start, end, re.search(r"\b(major|minor)\s+arc\s+$", before, re.I))
        word = _MEASURE_BEFORE.search(before)
        if word and len(pts) >= 3:
            kind = QKind.AREA if word.group(2).lower() == "area" else QKind.PERIMETER
            sector = "sector" in word.group().lower() and len(pts) == 3
            name = "".join(sorted(pts[1:])) if sector else key.shape_named(name)
            return Mention(start, end, Quantity.of_shape(kind, name)) if name else None
        if len(pts) <= 3 and not (sq_before or sq_after or re.search(rf"\b(?:{_SHAPE_NOUNS})\s+$", before)):
            shape = None  # "ABC is 40": an angle of the figure, not the triangle
    if shape is not None and (sq_before or sq_after):
        word = (sq_before or sq_after).group(1)
        stop = end + sq_after.end() if (sq_after and not sq_before) else end
        return Mention(start, stop, Quantity.of_shape(_QWORDS[word.lower()], shape), shape)
    if shape is not None and re.search(rf"\b(?:{_SHAPE_NOUNS})\s+$", before):
        return Mention(start, end, None, shape)  # "In triangle BAC", "the semi-circle AB"
    if len(pts) == 3 and (_ANGLE_BEFORE.search(before) or _ANGLE_AFTER.match(after)):
        return Mention(start, end, Quantity.angle(*pts))
    if len(pts) == 2 and not (shape is not None and re.match(rf"\s*(?:{_SHAPE_NOUNS})\b", after)):
        return Mention(start, end, Quantity.length(*pts))
    if shape is not None and len(pts) == 3 and re.match(r"\s*=", after) and not re.search(r"\b(?:of|in)\s+$", before):
        q = Quantity.angle(*pts)  # "CAB = 115": the angle, where the problem has it (a triangle has no one value)
        if _identity(key, q) is not None:
            return Mention(start, end, q)
    if shape is not None:
        return Mention(start, end, None, shape)
    if len(pts) == 3 and re.match(r"\s*(?:=|is\b)", after):
        return Mention(start, end, Quantity.angle(*pts))
    return None


_MEASURE_BEFORE = re.compile(r"\b(sector\s+)?(area|perimeter)\s+(?:of\s+(?:the\s+)?(?:[a-z-]+\s+){0,2})?$", re.I)


def _arc(key: AnswerKey, pts: tuple[str, ...], start: int, end: int, said: re.Match | None) -> Mention | None:
    """``arc AB`` (or ``arc OAB`` from centre O, ``arc ACB`` through C) of a textbook figure, in degrees:
    the minor arc between its ends, the major one where the text says so or the arc runs through a point
    of the major one."""
    ends = pts if len(pts) == 2 else pts[1:] if pts[0] in key.centres else (pts[0], pts[2])
    minor = Quantity.of_shape(QKind.ARC, "".join(sorted(ends)))
    arcs = key.elements
    if key.key(minor) not in arcs:
        return None
    major = said is not None and said.group(1).lower() == "major"
    if said is None and len(pts) == 3 and pts[0] in key.centres:  # the record's own "arc OEA": its proof's arc
        major = key.key(Quantity.of_shape(QKind.ARC, MAJOR + minor.name)) in key.step_of
    elif said is None and len(pts) == 3:
        legs = [arcs.get(key.key(Quantity.of_shape(QKind.ARC, "".join(sorted(p))))) for p in (pts[:2], pts[1:])]
        major = None not in legs and abs(legs[0] + legs[1] - arcs[key.key(minor)]) > 1e-6
    return Mention(start, end, Quantity.of_shape(QKind.ARC, MAJOR + minor.name) if major else minor)


def _vertex_angle(key: AnswerKey, vertex: str, start: int, end: int) -> Mention | None:
    """``angle B``: the one angle of the proof or the givens with that vertex, if there is just one."""
    found = {k for k in list(key.step_of) + list(key.givens)
             if k[0] is QKind.ANGLE and k[1][1] == vertex}
    if len(found) != 1:
        return None
    a, v, b = next(iter(found))[1]
    return Mention(start, end, Quantity.angle(a, v, b))
