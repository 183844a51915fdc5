"""The geomill problem language: text <-> :class:`engine.model.Problem` (GeomVerse's glued shapes)
or :class:`engine.plane.GeneralProblem` (general plane geometry).

``parse`` reads a problem (every error is a located ParseError or ModelError);
``format_problem`` writes the canonical text back, and
``parse(format_problem(p)) == p`` holds.
"""
from __future__ import annotations

import sys
from pathlib import Path

from geomill.engine.errors import GeomillError
from geomill.engine.jsontext import special
from geomill.engine.model import Problem
from geomill.engine.plane import GeneralProblem

from .general import format_general
from .printer import format_expr
from .printer import format_problem as _format_shapes
from .reader import read
from .reading import Reading, read_problem, read_text
from .syntax import MAX_SOURCE

__all__ = ["Reading", "format_expr", "format_problem", "parse", "parse_file", "read_problem", "read_source",
           "read_text"]


def format_problem(problem: Problem | GeneralProblem) -> str:
    """The canonical text of ``problem``: ``parse(format_problem(p)) == p``."""
    return format_general(problem) if isinstance(problem, GeneralProblem) else _format_shapes(problem)


def parse(text: str, file: str | None = None, plane: bool = False) -> Problem | GeneralProblem:
    """The problem ``text`` describes (a general one when a line says what only the general
    language can: see ``dsl/general.py``, or with ``plane``: every line's plane geometry, as a
    ``points`` line would make it); errors carry ``file`` and the line and column."""
    try:
        return read(text, file, plane)
    except GeomillError as e:
        raise e.located(file) from None


def parse_file(path: str | Path, plane: bool = False) -> Problem | GeneralProblem:
    """The problem in a file (``-``: standard input); a file that cannot be read is a user error."""
    return parse(*read_source(path), plane)


def read_source(path: str | Path) -> tuple[str, str]:
    """A problem file's text and the name its errors carry (``-``: standard input, read once)."""
    limit = 4 * MAX_SOURCE  # bytes: more than the longest problem the reader takes, in any UTF-8
    if str(path) == "-":
        return sys.stdin.read(limit + 1), "<stdin>"
    why = special(path)
    if why is not None:
        raise GeomillError(f"{why}: not read (a problem is a file, or - for standard input)", file=str(path))
    try:
        with open(path, "rb") as fh:
            raw = fh.read(limit + 1)
    except OSError as e:
        raise GeomillError(e.strerror or str(e), file=str(path)) from None
    if len(raw) > limit:
        raise GeomillError(f"larger than {limit:,} bytes: not a problem", file=str(path))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise GeomillError(f"not UTF-8 text ({e.reason} at byte {e.start})", file=str(path)) from None
    return text, str(path)
