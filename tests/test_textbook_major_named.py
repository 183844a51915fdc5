"""A generated question names a major sector or arc as major (issue 39, blind review 13, class 4): "Find the area
of sector OBC" relied on a turn convention a reader cannot be expected to know."""
from __future__ import annotations

import pytest
from geomill.dsl import parse
from geomill.generate.textbook import question

_CIRCLE = "points O A B C\ntriangle ABC\ncircle O through A B C\n{turn} OBC\nAO = 3\nangle ABC = 40\nangle ACB = 45\n"


@pytest.mark.parametrize("turn,goal,said", [
    ("clockwise", "sector area OBC", "Find the area of major sector OBC."),
    ("counterclockwise", "sector area OBC", "Find the area of minor sector OBC."),
    ("clockwise", "arc OBC", "Find major arc BC in degrees."),
    ("counterclockwise", "arc OBC", "Find arc BC in degrees."),
    ("clockwise", "sector perimeter OBC", "Find the perimeter of major sector OBC."),
    ("counterclockwise", "arc length OCB", "Find the length of major arc CB."),  # (turned the other way round)
])
def test_a_major_sector_or_arc_is_named_major(turn: str, goal: str, said: str) -> None:
    problem = parse(_CIRCLE.format(turn=turn) + f"find {goal}\n", "major.geo")
    assert said in question(problem, figure=False, rounds=False)
