"""Blind reader 35 (issue 38): a drawn side left 28 px long where the facts leave it free, an equal-length bracket
read as a stray line, labels that could name a neighbour.

* ``numeric.spread`` leaves alone a polygon corner drawn past flat whose angle the facts fix (a dart's reflex
  corner at a circle's centre): its pull against the facts left the least squares far off them, and the polish
  landed on a worse figure, so spread gave up (reader 35's 06, FormalGeo 4428: chord BC 28 px, the asked angle's
  "?" arc tiny)."""
from __future__ import annotations

import math

from geomill.dsl import parse
from geomill.render.textbook import MIN_SIDE, textbook_figure
from geomill.solvers.numeric import APPROXIMATE, build_model, spread

from tests.label_reader import textbook_problems

DART = ("points D A O C B\npolygon DAOC\npolygon OABC\ncircle O through A B C D\n"
        "clockwise DAOC OABC ABC ACD COA\nangle AOC = 100\nfind angle ABC\n")  # (FormalGeo 4428, reader 35's 06)


def _length(lab: dict, a: str, b: str) -> float:
    return math.dist(lab["points"][a], lab["points"][b])


def test_spread_keeps_off_a_forced_reflex_corner() -> None:
    problem = parse(DART)
    model = build_model(problem, tolerate=APPROXIMATE)
    moved = spread(model)
    assert moved is not None
    assert abs(moved.goal_value() - 130.0) < 1e-3


def test_the_asked_angles_sides_are_drawn_long() -> None:
    problem = parse(DART)
    lab = textbook_figure(problem, build_model(problem, tolerate=APPROXIMATE)).labels
    assert min(_length(lab, "A", "B"), _length(lab, "B", "C")) >= 2 * MIN_SIDE  # (28 px before)
    assert textbook_problems(lab) == []
