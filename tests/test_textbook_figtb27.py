"""Issue 38 (figtb27): a figure never shows a coincidence its facts leave free (a chord drawn through the centre),
legend values set by their element, leaders that never read as a segment's.  Each class on its smallest problem,
checked by the export and the independent reader (tests/label_reader.py)."""
from __future__ import annotations

import math

import numpy as np
from geomill.dsl import parse
from geomill.render.textbook import textbook_figure
from geomill.solvers.numeric import build_model, spread

from tests.label_reader import mark_problems, textbook_problems

CHORDS = "circle O through A B C D\nline A P B\nline C P D\nAP = 4\nPB = 6\nCP = 3\nfind PD\n"


def _read(labels: dict) -> list[str]:
    return textbook_problems(labels) + mark_problems(labels)


def _off(labels: dict, point: str, a: str, b: str) -> float:
    """Pixels from ``point`` to line ab in the export."""
    p, q, r = (np.asarray(labels["points"][n], float) for n in (point, a, b))
    u, w = r - q, p - q
    return abs(float(u[0] * w[1] - u[1] * w[0])) / float(np.hypot(*u))


def test_a_chord_the_facts_leave_off_the_centre_is_drawn_off_it() -> None:
    """Chords AB and CD crossing at P, AP = 4, PB = 6, CP = 3: the radius is free (at least 5.5, where CD is a
    diameter).  The search's starts are smaller than the chords, so its least squares stops on that edge: CD
    through O, read as a diameter (newcomer 17's p08).  The figure moves O off CD (the facts let it)."""
    problem = parse(CHORDS)
    model = build_model(problem, seed=0, check_goal=False)
    d = math.dist(model.coords["C"], model.coords["D"])
    assert abs(d - 2 * model.radii["O"]) < 1e-3 * d  # (the search's model: the special case)
    fig = textbook_figure(problem, model)
    assert not [a for a in fig.accidental if a.startswith("point O")]
    assert _off(fig.labels, "O", "C", "D") >= 15.0 and _off(fig.labels, "O", "A", "B") >= 15.0
    assert _read(fig.labels) == []


def test_spread_moves_a_point_off_a_line_only_where_the_facts_let_it() -> None:
    """``spread(off=…)``: the chord's centre moved off it; a diameter's centre (stated on it) stays on it."""
    problem = parse(CHORDS)
    model = build_model(problem, seed=0, check_goal=False)
    moved = spread(model, off=[("O", ("C", "D"))])
    assert moved is not None and abs(moved.goal_value() - 8.0) < 1e-4
    c, o, dd = (np.asarray(moved.coords[n]) for n in ("C", "O", "D"))
    u, w = dd - c, o - c
    assert abs(float(u[0] * w[1] - u[1] * w[0])) / float(np.hypot(*u)) > 0.02 * moved.size()
    forced = parse("circle O through A B C\nline A O B\nAB = 10\nAC = 6\nfind BC\n")
    m = build_model(forced, seed=0, check_goal=False)
    again = spread(m, off=[("O", ("A", "B"))])
    assert again is None or math.dist(again.coords["O"], (again.coords["A"] + again.coords["B"]) / 2) < 1e-6
