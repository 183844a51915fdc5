"""The given values of the generator's base shapes: each base's value space is wide enough that a large
set seldom draws one problem twice (two draws with the same givens on a template are one problem), and
the equal chord construction states a chord its figure makes equal."""
from __future__ import annotations

import collections

import numpy as np
import pytest
from geomill.engine.plane import element_of
from geomill.generate.textbook_gen.construct import BASES, Retry, sample

DRAWS = 1500
LEAST_SPACE = 70  # 1 / (chance two draws of a base give the same givens), at least: a single free value (an
# equilateral triangle's side) is the narrowest; the bases repeated across seeds were at 26-43


def _givens(base: str, rng: np.random.Generator) -> tuple | None:
    from geomill.generate.textbook_gen.construct import Figure

    f = Figure()
    try:
        BASES[base](f, rng)
    except Retry:
        return None
    return tuple((str(x.lhs), str(x.rhs)) for st in f.steps for x in st.facts)


@pytest.mark.parametrize("base", sorted(BASES))
def test_each_base_draws_from_a_wide_value_space(base: str) -> None:
    rng = np.random.default_rng(0)
    drawn = collections.Counter(g for g in (_givens(base, rng) for _ in range(DRAWS)) if g is not None)
    n = sum(drawn.values())
    collide = sum(k * (k - 1) for k in drawn.values()) / (n * (n - 1))
    assert n > DRAWS // 4 and collide * LEAST_SPACE <= 1, f"{base}: one in {1 / collide:.0f}"


def test_the_equal_chord_is_a_chord_equal_to_the_stated_one() -> None:
    made = 0
    for seed in range(12):
        try:
            fig = sample(np.random.default_rng(seed), None, 20, 0, ("circle", ("equal_chord",)))
        except Retry:
            continue
        st = fig.steps[-1]
        (d,) = st.new
        (fact,) = st.facts
        (c, d2), (a, b) = element_of(fact.lhs).points, element_of(fact.rhs).points
        at, o = fig.at, fig.at["O"]
        assert d2 == d and d in fig.circles["O"]
        assert np.isclose(np.linalg.norm(at[d] - o), fig.radii["O"])
        assert np.isclose(np.linalg.norm(at[c] - at[d]), np.linalg.norm(at[a] - at[b]))
        made += 1
    assert made >= 6
