"""Relations a textbook response states by name ("AE/EB = BC/AC", "BD = DO*tan(DBO) = sqrt(3)/3"),
checked against the figure's measured elements.

A wrong formula is often written before any number ("AD/AB = AE/CE", then "8/12 = 6/CE -> CE = 9"):
the figure's own values show the relation false where it is written, which is where the error begins.
"""
from __future__ import annotations

import re

from .alignment import name_key
from .answer_key import AnswerKey
from .chains import tokens_of, value_of

# a relation's pieces: a line split at the words and marks that end one statement and begin the next
_PIECE = re.compile(r"[,;:→]|\.(?!\d)|\b(?:so|then|and|by|gives?|hence|thus|where|with|since|because)\b|=>")
_TRIG_OF = re.compile(r"\b(sin|cos|tan)\s*(?:∠|angle\s+)?\s*([A-Z]{3})\b")  # "tan∠DBO": tan(DBO)
_WORD = re.compile(r"\b(?!(?:sin|cos|tan|sqrt|asin|acos|atan|arcsin|arccos|arctan)\b)[A-Za-z]?[a-z]{2,}\b")
_LEAD = re.compile(r"^[\s\-*#>\d.)]*")  # a list's bullet or number
NAME_RTOL = 5e-4  # two sides in names: the figure's measured values agree to its precision
NUMBER_TOL = (0.006, 0.002)  # a side in numbers: rounded to two decimals, or within 0.2 %


def first_wrong_relation(key: AnswerKey, text: str, before: int) -> tuple[int, bool] | None:
    """Where (in ``text``, before ``before``) the response first writes a relation between elements of
    the figure that the figure's values make false, and whether two sides in names differ (a wrong
    formula) rather than a side in names and one in numbers (its value); None where none is found or
    the figure is not measured."""
    if not key.general:
        return None
    at = 0
    for line in text[:before].split("\n"):
        cut = 0
        for m in list(_PIECE.finditer(line)) + [None]:
            end = m.start() if m else len(line)
            piece = line[cut:end]
            if "=" in piece and (false := _false(key, piece)) is not None:
                return at + cut + len(piece) - len(piece.lstrip()), false
            cut = m.end() if m else end
        at += len(line) + 1
    return None


def _false(key: AnswerKey, piece: str) -> bool | None:
    """None: the relation holds (or cannot be checked); True: two sides in names differ; False: a side
    in names differs from the value written."""
    piece = _TRIG_OF.sub(r"\1(\2)", piece)
    first, last = piece.index("="), piece.rindex("=")
    words = [m for m in _WORD.finditer(piece) if m.end() <= first]
    if words:  # "The leg AY satisfies AY^2 = BN * NY": the relation starts after the words
        piece = piece[words[-1].end():]
        last -= words[-1].end()
    after = next((m for m in _WORD.finditer(piece, last)), None)
    if after:  # "= 7 - 2sqrt(6) (taking the smaller root": it ends before them
        piece = piece[:after.start()].rstrip(" (")
    sides = tokens_of(_LEAD.sub("", piece).strip())
    if not sides or len(sides) < 2 or any(not s for s in sides):
        return None
    named: list[float] = []
    numbers: list[float] = []
    rounded = 0.0
    for side in sides:
        names = {tok for kind, tok in side if kind == "name"}
        if not names:
            v = value_of(side, {})
            if v is not None:
                numbers.append(v)
                # a decimal written rounded: "AC = 5.2" is AC = 5.176… to one decimal
                places = [len(tok.partition(".")[2]) for kind, tok in side if kind == "num" and "." in tok]
                rounded = 0.5 * 10.0 ** -min(places) + 1e-9 if places else 0.0
            continue
        values = {n: _figure_value(key, n) for n in names}
        if any(v is None for v in values.values()):
            return None  # a name the figure does not measure (h, x): no check
        v = value_of(side, values)
        if v is None:
            return None
        named.append(v)
    if not named:
        return None
    ref = named[0]
    if any(abs(v - ref) > NAME_RTOL * max(1.0, abs(ref)) for v in named[1:]):
        return True
    if numbers and abs(numbers[-1] - ref) > max(NUMBER_TOL[0], NUMBER_TOL[1] * abs(ref), rounded):
        return False
    return None


def _figure_value(key: AnswerKey, tok: str) -> float | None:
    if not tok[:1].isupper() or len(tok) < 2:
        return None
    k = name_key(key, tok)
    if k is None:
        return None
    exp = key.expected(k)
    if exp is not None:
        return exp[1]
    return key.elements.get(k)
