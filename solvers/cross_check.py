"""Both engines on one GeomVerse problem: the GeomVerse solver's exact value against the plane
solver's proof of the problem compiled to plane geometry (``engine/shapes_plane.py``)."""
from __future__ import annotations

import math
from dataclasses import dataclass

from geomill.engine.errors import GeomillError
from geomill.engine.model import Problem
from geomill.engine.shapes_plane import to_plane

from .geomverse import solve
from .plane import solve_general

AGREE = 1e-6  # relative: both values are exact, compared as floats


@dataclass(frozen=True)
class Checked:
    """``status``: ``same`` (both engines prove one value), ``different`` (a true disagreement) or
    ``refused`` (the plane solver proves nothing); ``detail`` the plane side's value or reason."""

    status: str
    geomverse: float
    plane: float | None
    detail: str


def cross_check(problem: Problem) -> Checked:
    """Solve ``problem`` both ways and compare the exact values."""
    gv = solve(problem).exact
    try:
        sol = solve_general(to_plane(problem))
        value = float(sol.exact)
    except (GeomillError, ValueError, TypeError, ZeroDivisionError) as e:
        return Checked("refused", gv, None, f"{type(e).__name__}: {e}")
    same = math.isclose(value, gv, rel_tol=AGREE, abs_tol=AGREE)
    return Checked("same" if same else "different", gv, value, str(sol.exact_value))
