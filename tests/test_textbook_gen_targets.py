"""Constructions aimed at rarely used theorem families (``textbook_gen.targets``): each family's recipe
makes a figure on which some goal of the default depth is proved with it, the aim is drawn by the seed
and the knobs alone, and a problem asked to use such a family is generated, re-solved and linted."""
from __future__ import annotations

import numpy as np
import pytest
from geomill.generate.textbook_gen import TextbookConfig, problems
from geomill.generate.textbook_gen.construct import Retry, sample
from geomill.generate.textbook_gen.goals import candidates, closure, model_of
from geomill.generate.textbook_gen.targets import TARGETS, UNREACHABLE, pick, uses_circle
from geomill.solvers.plane.theorems import registry

LEAST_DEPTH = TextbookConfig().depth_span()[0]


def _reaches(family: str, recipe, seeds: int = 4) -> bool:
    """Some goal on one of ``seeds`` figures of ``recipe`` alone has a proof of the default depth citing ``family``."""
    for seed in range(seeds):
        rng = np.random.default_rng(seed)
        try:
            fig = sample(rng, None, 20, 0, recipe)
        except Retry:
            continue
        full = fig.problem()
        ded = closure(full, model_of(full, fig), fig)
        for c in candidates(fig, ded, rng, limit=80):
            if c.proof is not None and c.proof.depth >= LEAST_DEPTH and family in c.theorems:
                return True
    return False


@pytest.mark.parametrize("family", sorted(TARGETS))
def test_a_recipe_reaches_its_family(family: str) -> None:
    assert any(_reaches(family, r) for r in TARGETS[family]), f"no recipe of {family} reaches it"


def test_targets_and_unreachable_are_solver_families_apart() -> None:
    known = set(registry())
    assert set(TARGETS) <= known and set(UNREACHABLE) <= known
    assert not set(TARGETS) & set(UNREACHABLE)
    assert all(why.strip() for why in UNREACHABLE.values())


def test_the_aim_follows_the_knobs() -> None:
    draws = [pick(np.random.default_rng(s), None) for s in range(200)]
    assert draws == [pick(np.random.default_rng(s), None) for s in range(200)]  # (the seed alone)
    aimed = [d for d in draws if d is not None]
    assert 0 < len(aimed) < len(draws) and len({f for f, _ in aimed}) > 10
    for s in range(100):
        got = pick(np.random.default_rng(s), False, exclude=("stewart_theorem",))
        assert got is None or (not uses_circle(got[1]) and got[0] != "stewart_theorem")
        got = pick(np.random.default_rng(s), True)
        assert got is None or uses_circle(got[1])
        assert pick(np.random.default_rng(s), None, require=("stewart_theorem",))[0] == "stewart_theorem"


# families no generated problem of a default set reached before constructions aimed at them
@pytest.mark.parametrize("family", ["altitude_of_triangle_judgment", "right_triangle_property_length_of_median",
                                    "rectangle_judgment_right_angle", "congruent_arc_property_chord_equal"])
def test_a_required_family_is_generated_solved_and_linted(family: str) -> None:
    cfg = TextbookConfig(theorems=family, images=False, goals_per_figure=1)
    made = next(iter(problems(5, 1, cfg)), None)
    assert made is not None, f"no problem with {family}"
    assert family in {k for st in made.solution.proof.steps for k in st.theorems}
