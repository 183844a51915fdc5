"""THE rule for how a problem file is read, one for every command and the playground
(docs/language/index.md "One language, one meaning"): the style asked for, else ``geomverse`` for a
file with one of GeomVerse's composite shapes and ``textbook`` for every other.  In the textbook
style every line means its plane geometry, so a shape-only file (``rhombus ABCD`` and its values) is
solved, drawn, checked and linted exactly as the same file with a ``points`` line; only the geomverse
style keeps GeomVerse's reading of its shapes."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from geomill.engine.kinds import KINDS
from geomill.engine.model import Problem
from geomill.engine.plane import GeneralProblem

STYLES = ("textbook", "geomverse")


@dataclass(frozen=True)
class Reading:
    """A file as every command reads it: ``problem`` is what is solved and drawn, ``style`` how, and
    ``shapes`` the GeomVerse reading of a shape-only file read as plane geometry (``solve`` lets its
    solution stand in where the plane solver proves no exact form)."""

    problem: Problem | GeneralProblem
    style: str
    shapes: Problem | None = None


def read_text(text: str, file: str | None = None, asked: str | None = None) -> Reading:
    """``text`` read by the rule (``asked``: a style the user named, else the file's own)."""
    from . import parse

    if asked is not None and asked not in STYLES:
        raise ValueError(f"a reading style is one of {', '.join(STYLES)}, not {asked!r}")
    problem = parse(text, file)
    style = asked or ("geomverse" if composite(problem) else "textbook")
    if style == "textbook" and isinstance(problem, Problem):
        return Reading(parse(text, file, plane=True), style, problem)
    return Reading(problem, style)


def read_problem(path: str | Path, asked: str | None = None) -> Reading:
    """The file at ``path`` (``-``: standard input) read by the rule."""
    from . import read_source

    return read_text(*read_source(path), asked)


def composite(problem: Problem | GeneralProblem) -> bool:
    """Does the file hold one of GeomVerse's composite shapes (a rectangle plus a semicircle …)?"""
    return isinstance(problem, Problem) and any(KINDS[s.kind].pool == "nonstandard" for s in problem.shapes)
