"""The figure's speed work kept every number: a problem's equations compiled once and shared by the systems built
on it, the soft terms' corner angles measured for many figures at once as for each alone, and a relation's scale
taken over each pair once as over every ordered pair."""
from __future__ import annotations

import itertools
import math

import numpy as np
from geomill.dsl import parse
from geomill.engine.relations import _scale
from geomill.solvers import numeric

TEXT = ("points A B C D E\nquadrilateral ABCD\nline A E C\nAB = 2x + 1\nangle ABE = 3y\nBC = 5\n"
        "angle BCD = 80\nfind CD\n")


def test_systems_of_one_problem_share_its_compiled_equations() -> None:
    p = parse(TEXT)
    one, two = numeric._System(p), numeric._System(p)
    assert one._eq_fn is two._eq_fn  # (lambdified once)
    x = np.random.default_rng(3).uniform(-5, 5, one.n)
    assert np.array_equal(one(x), two(x))
    other = numeric._System(parse(TEXT.replace("BC = 5", "BC = 7")))
    assert other._eq_fn is not one._eq_fn  # (another problem's equations: compiled for it)
    assert not np.array_equal(other(x), one(x))


def test_inner_angles_of_many_figures_at_once_equal_each_alone() -> None:
    rng = np.random.default_rng(7)
    rings = [(0, 1, 2, 3), (4, 5, 6)]
    corners = [(k, r[i - 1], r[i], r[(i + 1) % len(r)]) for k, r in enumerate(rings) for i in range(len(r))]
    poly, prev, cur, nxt = (np.array([c[j] for c in corners]) for j in range(4))
    figures = rng.uniform(-10, 10, (9, 7, 2))
    together = numeric._inner_angles(figures, prev, cur, nxt, poly)
    alone = np.array([numeric._inner_angles(f, prev, cur, nxt, poly) for f in figures])
    assert np.array_equal(together, alone)
    assert (alone > 180).any() and (alone < 180).any()  # (reflex corners and plain ones both met)


def test_scale_over_pairs_equals_every_ordered_pair() -> None:
    rng = np.random.default_rng(11)
    for k in (1, 2, 3, 6):
        p = {chr(65 + i): rng.uniform(-4, 4, 2) for i in range(k)}
        brute = max(max(math.hypot(*(b - a)) for a, b in itertools.product(p.values(), repeat=2)), 1e-9)
        assert _scale(p) == brute
