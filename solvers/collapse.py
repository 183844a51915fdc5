"""Collapsed figures: coordinates that meet every fact only by folding the figure onto itself.

Two lines the statements name as different lines lying on one line (``AB parallel to CD`` with
the parallels 0 apart, ``P where AD meets BC`` with A, B, C, D on one line, a triangle's sides
along one line: a polygon of no area), or two named points at one place, satisfy the equations of
the facts the way 0 = 0 does: such coordinates are no figure of the problem.  A search that finds
one besides a proper figure keeps the proper one, so a collapsed figure never makes a goal look
underdetermined (nor answers it).  Where only collapsed figures are found they stand: a theorem
may force three named points onto one line.
"""
from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence

import numpy as np
from geomill.engine import plane_geometry as pg
from geomill.engine.plane import GeneralProblem
from geomill.engine.relations import BLOCKS_BY_KEY

FLAT = 1e-4  # a point this share of the figure's size from a line is on it (proper figures: ~1e-1)


def named_lines(problem: GeneralProblem) -> list[frozenset[str]]:
    """The lines the statements draw: each ``line`` statement, each polygon's sides and each two
    points a relation takes as a line or segment (``AB`` and ``CD`` of ``AB parallel to CD``)."""
    out: list[frozenset[str]] = [frozenset(ln.points) for ln in problem.lines]
    for poly in problem.polygons:
        pts = poly.points
        out += [frozenset((pts[i - 1], pts[i])) for i in range(len(pts))]
    for rel in problem.relations:
        out += [frozenset(arg) for arg in rel.args if len(arg) == 2]
    return list(dict.fromkeys(ln for ln in out if len(ln) >= 2))


def said_collinear(problem: GeneralProblem) -> list[frozenset[str]]:
    """The point sets the statements put on one line (``line A P D``, ``M midpoint of AB``)."""
    out = [frozenset(ln.points) for ln in problem.lines]
    for rel in problem.relations:
        out += [frozenset(trio) for trio in BLOCKS_BY_KEY[rel.key].collinear(rel.args)]
    return out


def collapsed(problem: GeneralProblem, coords: Mapping[str, np.ndarray]) -> str | None:
    """How these coordinates collapse (``lines AD and BC are one line``), or None for a figure."""
    pts = {p: np.asarray(coords[p], dtype=float) for p in problem.points if p in coords}
    if len(pts) < 2:
        return None
    stack = np.array(list(pts.values()))
    size = float(np.max(np.ptp(stack, axis=0))) or 1.0
    for a, b in itertools.combinations(pts, 2):
        if pg.dist(pts[a], pts[b]) < FLAT * size:
            return f"{a} and {b} at one place"
    collinear = said_collinear(problem)
    lines = [ln for ln in named_lines(problem) if ln <= pts.keys()]
    for one, other in itertools.combinations(lines, 2):
        both = one | other
        if len(one & other) >= 2 or any(both <= said for said in collinear):
            continue  # one line by the statements
        if _on_one_line([pts[p] for p in sorted(both)], size):
            return f"lines {''.join(sorted(one))} and {''.join(sorted(other))} are one line"
    return None


def _on_one_line(points: Sequence[np.ndarray], size: float) -> bool:
    a = points[0]
    far = max(points[1:], key=lambda q: pg.dist(a, q))
    if pg.dist(a, far) < FLAT * size:
        return True
    return all(pg.line_distance(q, a, far) < FLAT * size for q in points)


def standing(problem: GeneralProblem, figures: list) -> list:
    """The figures (models with ``coords``) that do not collapse, in their order; all of them where
    every one does."""
    kept = [m for m in figures if collapsed(problem, m.coords) is None]
    return kept or figures
