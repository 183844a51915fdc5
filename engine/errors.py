"""Errors that point at the text.

Every error a user can cause carries where in the input it happened, so the CLI
can print ``file:line:col: message`` and exit non-zero without a traceback.
"""
from __future__ import annotations

from dataclasses import dataclass


def a_noun(noun: str) -> str:
    """The noun with its article, for messages: ``a triangle``, ``an angle``, ``an isosceles triangle``."""
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


NEAR_WHOLE = 1e-4  # a measure this close (relatively) to a whole number is shown as it, without the figure's noise


def shown(*values: float) -> tuple[str, ...]:
    """Measures as a message shows them: a near-whole one as the whole number (44, not 44.0014, the
    figure's numeric noise), else 4 significant digits, more where two would print alike (a message
    that sets 12.3456 against 12.3459 shows both apart)."""
    def one(x: float, digits: int) -> str:
        if x != x or x in (float("inf"), float("-inf")):
            return str(x)
        if abs(x - round(x)) <= NEAR_WHOLE * max(1.0, abs(x)) and digits <= 4:
            return str(int(round(x)))
        text = f"{x:.{digits}g}"
        if "e" in text and abs(x) >= 1:  # 12345.7, never 1.235e+04
            text = f"{x:.{max(digits - len(str(int(abs(x)))), 0)}f}".rstrip("0").rstrip(".")
        return text

    for digits in (4, 6, 8, 10, 12):
        out = tuple(one(float(x), digits) for x in values)
        if len(set(out)) == len({float(x) for x in values}):
            return out
    return tuple(repr(float(x)) for x in values)


@dataclass(frozen=True)
class Span:
    """A place in the problem text (1-based line and column)."""

    line: int
    col: int
    end_col: int | None = None

    def __str__(self) -> str:
        return f"{self.line}:{self.col}"


class GeomillError(Exception):
    """A problem with the user's input: reported as ``file:line:col: message``."""

    def __init__(self, message: str, span: Span | None = None, file: str | None = None):
        super().__init__(message)
        self.message = message
        self.span = span
        self.file = file

    def located(self, file: str | None = None, span: Span | None = None) -> GeomillError:
        """Fill in the file (and span) where they are not known yet."""
        if self.file is None and file is not None:
            self.file = file
        if self.span is None and span is not None:
            self.span = span
        return self

    def __str__(self) -> str:
        if self.file is None and self.span is None:
            return self.message  # not about a text (a command-line setting, an output folder)
        where = self.file or "<input>"
        if self.span is not None:
            where += f":{self.span.line}:{self.span.col}"
        return f"{where}: {self.message}"


class ParseError(GeomillError):
    """The text does not follow the grammar."""


class ModelError(GeomillError):
    """The text parses but describes something impossible (unknown kind, reused point …)."""


class SolveError(GeomillError):
    """The problem is contradictory, underdetermined or has impossible values."""


class ImpossibleValues(SolveError):
    """The given values contradict each other: deduction reaches a value no figure can have (an
    angle of a right triangle past 90°, the root of a negative).  A generator drawing values
    shape by shape refuses such a draw; any other SolveError from a generated problem is a bug."""
