"""The figure search tries again, from other seeded starts on other scales, where its first starts
find no figure: a figure that exists is then found, checked here against geometry measured
independently (a triangle's incircle touching its three sides)."""
from __future__ import annotations

import numpy as np
import pytest
from geomill.dsl import parse
from geomill.engine import plane_geometry as pg
from geomill.engine.errors import SolveError
from geomill.solvers import numeric

# FormalGeo 876: the incircle of JKL touches JK at M, JL at O, KL at N (tangents from a point are equal)
INCIRCLE = ("points R N M O K J L\nline J M K\nline J O L\nline K N L\ncircle R through N M O\n"
            "JM tangent to circle R\nJO tangent to circle R\nKM tangent to circle R\nKN tangent to circle R\n"
            "LN tangent to circle R\nLO tangent to circle R\nclockwise NMO\n"
            "JO = 12\nKN = 7\nLN = x + 3\nLO = 4x - 9\nfind x\n")


def test_a_figure_the_first_starts_miss_is_found_by_the_search_tried_again(monkeypatch) -> None:
    problem = parse(INCIRCLE)
    with monkeypatch.context() as m:
        m.setattr(numeric, "RETRIES", ())
        with pytest.raises(SolveError, match="the figure search failed"):
            numeric.build_model(problem, check_goal=False)
    model = numeric.build_model(problem, check_goal=False)
    at = model.coords
    assert model.variables["x"] == pytest.approx(4, abs=1e-4)  # LN = LO: x + 3 = 4x - 9
    for a, b, side in (("J", "K", 19), ("K", "L", 14), ("L", "J", 19)):  # tangents 12, 7, 7 from J, K, L
        assert pg.dist(at[a], at[b]) == pytest.approx(side, rel=1e-4)
    r = pg.dist(at["R"], at["N"])
    for a, b in ("JK", "KL", "LJ"):  # R is as far from each side's line as the circle's radius
        u, w = at[b] - at[a], at["R"] - at[a]
        assert abs(pg.cross(u, w)) / float(np.linalg.norm(u)) == pytest.approx(r, rel=1e-4)
