"""The random multi-shape problems of tests/random_problems.py: solvable, with answers that
agree with the figure they were built on."""
from __future__ import annotations

import random

import pytest
from geomill.engine.catalogue import KINDS
from geomill.solvers import solve
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from .random_problems import build_problem


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(st.integers(0, 2**31 - 1), st.integers(1, 4), st.booleans(), st.booleans())
def test_generated_problems_solve_to_the_figure_they_were_built_on(seed, n, rel, drop):
    truth: dict = {}
    problem = build_problem(random.Random(seed), n, rel, drop, truth)
    assume(problem is not None)  # rare (the test below bounds how rare)
    sol = solve(problem)
    query = problem.query.quantity
    # every element is measured on the figure, but for a relation's new angle (its rays were not drawn)
    assert query in truth or any(KINDS[d.kind].relation for d in problem.shapes)
    if query in truth:
        assert sol.exact == pytest.approx(truth[query], rel=1e-6)


def test_build_problem_makes_multi_shape_problems():
    rng = random.Random(7)
    sizes = [len(p.shapes) for p in (build_problem(rng, 4, True, False) for _ in range(10)) if p is not None]
    assert len(sizes) >= 8 and max(sizes) >= 3
