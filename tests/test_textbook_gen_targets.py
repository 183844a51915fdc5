"""Constructions aimed at rarely used theorem families (``textbook_gen.targets``): each recipe, run alone, makes
a problem (written, re-solved, linted) whose proof uses its family, the aim is drawn by the seed and the knobs
alone, and a problem asked to use such a family is generated, re-solved and linted."""
from __future__ import annotations

import collections
from collections.abc import Iterable

import numpy as np
import pytest
from geomill.generate.textbook_gen import TextbookConfig, make, problems
from geomill.generate.textbook_gen.construct import BASE_WEIGHTS, Retry, sample
from geomill.generate.textbook_gen.targets import TARGETS, UNREACHABLE, pick, uses_circle
from geomill.solvers.plane.theorems import registry


def _made_with(family: str, recipe, seeds: Iterable[int]) -> bool:
    """One of the constructions of ``seeds`` aimed at ``family`` by ``recipe`` alone (``make.attempt`` as a
    default set draws it, the aim fixed) makes a problem, written, re-solved and linted, whose proof uses the
    family."""
    cfg = TextbookConfig(images=False)
    for seed in seeds:
        rng = make.rng_for(seed, "recipe", f"{family}:{recipe}")
        try:
            for made in make.attempt(cfg, rng, 2):
                if family in {k for st in made.solution.proof.steps for k in st.theorems}:
                    return True
        except (Retry, make.Rejected):
            continue
    return False


RECIPES = [(f, r) for f in sorted(TARGETS) for r in TARGETS[f]]
IDS = [f"{f}-{r[0]}+{'+'.join(r[1])}" for f, r in RECIPES]
TRIES = 12  # constructions a recipe is given, the first that makes a problem using its family ending the search
# the first of the TRIES seeds that made one, for the recipes whose search was slowest, tried first: the same
# seeds are tried (a seed that no longer makes one falls back to the others in order), so the test asks what
# it asked, without remaking the constructions before it (8 for the median's: three quarters of its cost)
FIRST_SEED = {
    "altitude_of_triangle_judgment-triangle+foot": 3,
    "arc_midpoint_property_angle_bisect-isosceles_triangle+circumcircle+arc_midpoint": 3,
    "bisector_of_angle_judgment_angle_equal-sss_triangle+equal_angles": 3,
    "bisector_of_angle_property_line_ratio-right_triangle+bisector": 3,
    "circle_property_chord_perpendicular_bisect_angle-isosceles_triangle+circumcircle+chord_foot": 1,
    "circle_property_chord_perpendicular_bisect_chord-equilateral_triangle+circumcircle+chord_foot": 2,
    "circle_property_chord_perpendicular_bisect_chord-isosceles_triangle+circumcircle+chord_foot": 1,
    "circle_property_length_of_radius_and_diameter-isosceles_triangle+circumcircle+tangent": 2,
    "rectangle_judgment_right_angle-right_altitude+projections": 2,
    "rhombus_perimeter_formula-rhombus+quadrilateral_height": 3,
    "rhombus_property_diagonal_bisect_angle-rhombus+quadrilateral_midpoints": 1,
    "right_triangle_property_length_of_median-right_altitude+median": 8,
    "sector_perimeter_formula-circle+": 2,
    "square_area_formula-square_point+intersection": 1,
    "tangent_of_circle_property_quadrilateral_angle-circle+tangent_pair": 1,
    "tangential_quadrilateral_property_pitot-tangential_quadrilateral+": 1,
    "triangle_area_formula_heron-sss_triangle+median+perpendicular": 2,
    "triangle_property_exterior_angle-isosceles_triangle+extension": 1,
}


# (the set counts made problems: a recipe whose figures have a goal whose proof cites the family, the check this
# replaced, may still make none with it, the written problem's own proof taking another route or its text leaving
# the answer open; 0 of 4 constructions for 32 of main's 93 recipes before genreach2)
@pytest.mark.slow
@pytest.mark.parametrize("family,recipe,first", [(f, r, FIRST_SEED.get(i, 0)) for (f, r), i in zip(RECIPES, IDS)],
                         ids=IDS)
def test_each_recipe_makes_a_problem_using_its_family(family: str, recipe, first: int, monkeypatch) -> None:
    monkeypatch.setattr(make, "pick", lambda *a, **k: (family, recipe))
    seeds = [first, *(s for s in range(TRIES) if s != first)]
    assert _made_with(family, recipe, seeds), f"{recipe} made no problem using {family} in {TRIES} constructions"


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


def test_aiming_leaves_each_natural_base_most_of_its_draws() -> None:
    """An aimed construction is one the natural draw loses: each base the default draw uses keeps two thirds
    of its draws at least (aimed recipes on it counted), so the families of a base few constructions draw
    (a kite's, a rhombus's: 2 % of a set) keep most of their share; half aimed left a kite 0.57 of its draws."""
    n = 4000
    draws = [pick(np.random.default_rng(s), None) for s in range(n)]
    natural = sum(d is None for d in draws) / n
    aimed = collections.Counter(d[1][0] for d in draws if d is not None)
    total = sum(BASE_WEIGHTS.values())
    for base, w in BASE_WEIGHTS.items():
        if w > 0:
            share = w / total
            assert natural * share + aimed[base] / n >= 2 / 3 * share, base


# families no generated problem of a default set reached before constructions aimed at them
# (the equal arcs' chords took 20 s of retries: its recipe's reach is tested above)
# (the median's seed 7: every seed of 0-7 made one, seed 5 in 14 CPU s of constructions that missed it, 7 in 3)
@pytest.mark.parametrize("family,seed", [("altitude_of_triangle_judgment", 5),
                                         ("right_triangle_property_length_of_median", 7),
                                         ("rectangle_judgment_right_angle", 5)],
                         ids=["altitude_of_triangle_judgment", "right_triangle_property_length_of_median",
                              "rectangle_judgment_right_angle"])
def test_a_required_family_is_generated_solved_and_linted(family: str, seed: int) -> None:
    cfg = TextbookConfig(theorems=family, images=False, goals_per_figure=1)
    made = next(iter(problems(seed, 1, cfg)), None)
    assert made is not None, f"no problem with {family}"
    assert family in {k for st in made.solution.proof.steps for k in st.theorems}


def _d(fig, a: str, b: str) -> float:
    return float(np.linalg.norm(fig.at[a] - fig.at[b]))


def _angle(fig, p: str, q: str, s: str) -> float:
    u, w = fig.at[p] - fig.at[q], fig.at[s] - fig.at[q]
    return float(np.degrees(np.arccos(np.dot(u, w) / np.linalg.norm(u) / np.linalg.norm(w))))


def _given(fig) -> dict[str, float]:
    return {str(f.lhs): float(f.rhs) for st in fig.steps for f in st.facts}


def test_crossing_base_is_a_bow_tie_with_its_givens() -> None:
    for seed in range(6):
        fig = sample(np.random.default_rng(seed), None, 12, 0, ("crossing", ()))
        given = _given(fig)
        assert np.isclose(_d(fig, "A", "P") + _d(fig, "P", "B"), _d(fig, "A", "B"))  # P between A and B
        assert np.isclose(_d(fig, "C", "P") + _d(fig, "P", "D"), _d(fig, "C", "D"))  # and between C and D
        assert np.isclose(_angle(fig, "A", "P", "C"), given["angle(APC)"])
        assert np.isclose(_angle(fig, "P", "B", "D"), given["angle(DBP)"])
        assert np.isclose(_angle(fig, "B", "P", "D"), _angle(fig, "A", "P", "C"))  # vertical angles
        for side in ("AP", "CP", "BP"):
            assert np.isclose(_d(fig, *side), given[f"length({side})"])


def test_tangent_pair_sees_the_circle_under_its_given_angle() -> None:
    for seed in range(6):
        fig = sample(np.random.default_rng(seed), None, 12, 0, ("circle", ("tangent_pair",)))
        st = fig.steps[-1]
        (p, b), a = st.new, st.uses[1]
        o, r = fig.at["O"], fig.radii["O"]
        assert np.isclose(_d(fig, "O", b), r) and np.isclose(_d(fig, p, a), _d(fig, p, b))
        for t in (a, b):
            assert abs(np.dot(fig.at[t] - o, fig.at[p] - fig.at[t])) < 1e-9  # the radius normal to the tangent
        assert np.isclose(_angle(fig, a, p, b), _given(fig)[str(st.facts[0].lhs)])
        assert np.isclose(_angle(fig, a, p, b) + _angle(fig, a, "O", b), 180)


def test_a_construction_taken_back_takes_its_circle_radius_back() -> None:
    """A circle drawn past the most points is taken back with its radius: a stale radius made the renaming
    of the construction's later problems fail (KeyError 'O')."""
    for seed in range(300):
        fig = sample(np.random.default_rng(seed), None, 3, 3, ("triangle", ()))
        assert set(fig.radii) == set(fig.circles) and set(fig.radii) <= set(fig.at)
        fig.renamed(fig.relabelling(np.random.default_rng(seed)))


def _coverage_bench():
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "bench" / "textbook_coverage.py"
    spec = importlib.util.spec_from_file_location("textbook_coverage", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_coverage_bench_pools_the_seeds_sets() -> None:
    """A family used once in each of two sets of 100 is at 1 % of the pooled 200 (at the 0.5 % floor);
    one used once in all is under it; the families no construction reaches are listed apart, with the reason."""
    bench = _coverage_bench()

    def rec(i: int, rules: list[str]) -> dict:
        return {"rules": rules, "solution_hash": str(i), "base": "triangle", "constructions": []}

    a = [rec(0, ["stewart_theorem", "vertical_angle"])] + [rec(i, ["line_addition"]) for i in range(1, 100)]
    b = [rec(100, ["stewart_theorem"])] + [rec(i, ["line_addition"]) for i in range(101, 199)] + [rec(1, ["given"])]
    got = bench.pooled({"a": a, "b": b}, 0.6)
    assert got["problems"] == 200 and got["distinct"] == 199
    assert [(r["base"], r["count"]) for r in got["repeated"]] == [("triangle", 2)]  # (the one problem drawn twice)
    assert got["share"]["stewart_theorem"] == 1.0 and got["under_floor"] == {"vertical_angle": 0.5}
    assert got["at_floor"] == 2 and got["reached"] == 3  # (line_addition, Stewart; "given" is not a theorem)
    assert got["sets"]["a"]["reached"] == 3 and got["sets"]["b"]["reached"] == 2 and got["spread"]["reached"] == [2, 3]
    assert set(got["unreachable"]) == set(UNREACHABLE) and not set(got["never"]) & set(UNREACHABLE)
