"""Errors that point at the text.

Every error a user can cause carries where in the input it happened, so the CLI
can print ``file:line:col: message`` and exit non-zero without a traceback.
"""
from __future__ import annotations

from dataclasses import dataclass


def a_noun(noun: str) -> str:
    """The noun with its article, for messages: ``a triangle``, ``an angle``, ``an isosceles triangle``."""
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


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
