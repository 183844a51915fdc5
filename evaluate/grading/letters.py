"""Letters a response binds to elements of the figure ("Let x = ∠BOD", "Let each side be s, so AE = s").

A model often names an unknown by a letter and works in it: ``(x + 30) + 90 + x = 180``, ``EO =
s/(2·(√3/2))``, ``OE = r sin 60°``.  Where the letter is bound to one element of the figure, it is read
as that element, so the work in it is checked as work in the element: its value, its equations and
the relations it writes.  A letter that is one of the problem's variables or points is never rebound.
"""
from __future__ import annotations

import re

from .answer_key import AnswerKey

_ELEMENT = r"(?:∠\s*[A-Z]{3}|\bangle\s+[A-Z]{3}|\b[A-Z]{2})(?![A-Za-z0-9'])"
# "Let x = ∠BOD", "let y be the measure of angle ABC"; "AE = s", "OD = OB = r" (the name just before the letter)
_LET = re.compile(rf"\b(?i:let)\s+([a-z])\s*(?:=|\bbe\b)\s*(?i:the\s+)?(?i:(?:measure|length|size)\s+of\s+)?"
                  rf"({_ELEMENT})")
_IS = re.compile(rf"({_ELEMENT})\s*=\s*([a-z])(?=\s*(?:[.,;:)\n]|$|\s+(?:and|so|then)\b))")
_MATH = r"[=+\-*/^()\d·×√]"
_SIGNS = "=+-*/^()·×"
_FUNC = r"(?:sqrt|sin|cos|tan)(?![a-z])"


def bindings(key: AnswerKey, text: str) -> dict[str, str]:
    """Each letter the text binds to one element's name, the first binding it writes."""
    taken = set(key.points) | set(key.record.get("variables") or ())
    out: dict[str, str] = {}
    for m in sorted([*_LET.finditer(text), *_IS.finditer(text)], key=lambda m: m.start()):
        letter, name = (m.group(1), m.group(2)) if m.re is _LET else (m.group(2), m.group(1))
        if letter in taken or letter == "i":  # "i" is a word too often to rebind
            continue
        name = re.sub(r"^(?:angle\s+|∠\s*)", "∠", name.strip())  # "2∠BOD" reads as a product, "2angle BOD" not
        out.setdefault(letter, name)
    return out


def bind_letters(key: AnswerKey, text: str) -> str:
    """``text`` with each bound letter written as its element wherever it stands in arithmetic
    (next to a sign, a number, a parenthesis or a function: ``2x``, ``x + 30``, ``r sin(60)``)."""
    for letter, name in bindings(key, text).items():
        pattern = re.compile(rf"(?<![A-Za-z'.^_\\]){letter}(?=[^A-Za-z'_]|{_FUNC}|$)")  # "ksqrt(3)": k √3

        def swap(m: re.Match, name: str = name, word: bool = letter == "a") -> str:
            before = m.string[max(0, m.start() - 3):m.start()].rstrip()
            after = m.string[m.end():m.end() + 6].lstrip()
            if word:  # "a": an article too, so only beside a sign or glued to a number ("2a", "= a", "a/2")
                glued = m.start() > 0 and m.string[m.start() - 1].isdigit()
                if glued or (before and before[-1] in _SIGNS) or (after and after[0] in _SIGNS):
                    return name
                return m.group()
            if (before and re.search(_MATH + "$", before)) or (after and (re.match(_MATH, after)
                                                                          or re.match(_FUNC, after))):
                return name + " " if after[:1].isalpha() else name
            return m.group()
        text = pattern.sub(swap, text)
    return text
