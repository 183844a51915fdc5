"""The geomill problem language: text <-> :class:`engine.model.Problem`.

``parse`` reads a problem (every error is a located ParseError or ModelError);
``format_problem`` writes the canonical text back, and
``parse(format_problem(p)) == p`` holds.
"""
from __future__ import annotations

from pathlib import Path

from engine.errors import GeomillError
from engine.model import Problem

from .printer import format_expr, format_problem
from .reader import read

__all__ = ["format_expr", "format_problem", "parse", "parse_file"]


def parse(text: str, file: str | None = None) -> Problem:
    """The problem ``text`` describes; errors carry ``file`` and the line and column."""
    try:
        return read(text, file)
    except GeomillError as e:
        raise e.located(file) from None


def parse_file(path: str | Path) -> Problem:
    return parse(Path(path).read_text(encoding="utf-8"), str(path))
