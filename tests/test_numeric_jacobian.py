"""The numeric model's analytic Jacobian (``_System.jacobian``, ``solvers.derivatives``) against central
differences of its residuals, for every kind of residual: lines in order, circles through points and of a
free radius, flat faces, convex quadrilaterals, turning chains, every relation block's conditions and
equations, given values of every element kind, named points kept apart and the gauge; on random points,
spread and bunched (so that the hinges, which vanish where a figure is a figure, are met too)."""
from __future__ import annotations

import numpy as np
import pytest
from geomill.dsl import parse
from geomill.engine.relations import BLOCKS_BY_KEY
from geomill.solvers import derivatives as dv
from geomill.solvers import numeric
from geomill.solvers.construct import Plan

PROBLEMS = [
    # lines in order, a circle through points, a convex quadrilateral, turns, a relation, variables, an arc
    "points A B C D E O\nquadrilateral ABCD\nline A E C\nline B E D\ncircle O through A B C\n"
    "AB parallel to CD\nclockwise ABC ACD\nAB = 2x + 1\nangle ABE = 3y\narc OAB = 70\nfind CD\n",
    # a circle through no point (its radius a parameter), a concave polygon, areas, perimeters, heights
    "points A B C D P\npolygon ABCD\ntriangle ABP\ncircle P\nradius P = 3\narea ABCD = 12\n"
    "perimeter ABP = 10\nheight PAB = 2\ncircumference P = AB + x\nfind diameter P\n",
    # relations with conditions, square roots and sines, a ratio (a relative residual's larger side moves)
    "points A B C D E F M\ntriangle ABC\ntriangle DEF\nline B M C\nM midpoint of BC\nABC similar to DEF\n"
    "AM bisects angle BAC\nAB = sqrt(AC + 2)\nEF = DE * sin(angle BAC)\nAC = 40 * BC / AM\nfind AM\n",
    # four points on a line, two circles, a diameter's and an arc's measure
    "points A B C D O P\nline A B C D\ncircle O through A B\ncircle P through C D\ndiameter O = 2 * CD\n"
    "arc OAB + angle ABO = 200\nfind AD\n",
]


def _central(system: numeric._System, x: np.ndarray) -> np.ndarray:
    cols = []
    for i in range(x.size):
        h = 1e-6 * max(1.0, abs(x[i]))
        e = np.zeros(x.size)
        e[i] = h
        cols.append((system(x + e) - system(x - e)) / (2 * h))
    return np.array(cols).T


def _agrees(system: numeric._System, x: np.ndarray) -> None:
    got, want = system.jacobian(x), _central(system, x)
    assert got.shape == want.shape == (system(x).size, x.size)
    err = np.abs(got - want) / (1.0 + np.abs(want))
    k, c = np.unravel_index(int(np.argmax(err)), err.shape)
    assert err[k, c] < 1e-4, (system.labels()[k] if len(system.labels()) == got.shape[0] else k, c, got[k, c],
                              want[k, c])


def _points(system: numeric._System, rng: np.random.Generator, spread: float) -> np.ndarray:
    return rng.normal(size=system.n) * spread + rng.normal(size=system.n) * 0.02 * spread


@pytest.mark.parametrize("text", PROBLEMS)
@pytest.mark.parametrize("seed", range(12))
def test_jacobian_is_the_residuals_derivative(text: str, seed: int) -> None:
    system = numeric._System(parse(text))
    rng = np.random.default_rng(seed)
    _agrees(system, _points(system, rng, 3.0 if seed % 3 else 0.05))


@pytest.mark.parametrize("seed", range(6))
def test_jacobian_with_a_given_dropped_and_weighed(seed: int) -> None:
    """The near figures' leave-one-out and the approximate figures' weights change the rows too."""
    system = numeric._System(parse(PROBLEMS[0]))
    rng = np.random.default_rng(seed)
    system.dropped, system.fact_weight, system.use_turns = seed % system.n_facts, 0.01, bool(seed % 2)
    _agrees(system, _points(system, rng, 2.0))


@pytest.mark.parametrize("key", sorted(BLOCKS_BY_KEY))
def test_every_blocks_rows(key: str) -> None:
    """Every relation block: its coordinate conditions (differenced over its own points) and its equations
    (differentiated symbolically), on its template letters."""
    block = BLOCKS_BY_KEY[key]
    args = tuple(tuple(ph) for ph in block.placeholders)
    circle = f"circle {block.circle} through {' '.join(block.on_circle)}\n" if block.circle else ""
    system = numeric._System(parse(f"points {' '.join(block.letters)}\n{circle}{block.text(args)}\n"))
    rng = np.random.default_rng(sum(map(ord, key)))
    for spread in (4.0, 0.5):
        _agrees(system, _points(system, rng, spread))


@pytest.mark.parametrize("seed", range(4))
def test_planned_jacobian_chains_the_placement(seed: int) -> None:
    """Over a plan's parameters: the residuals' Jacobian times the placement's, against differences of the
    whole composition."""
    problem = parse(PROBLEMS[2])
    system = numeric._System(problem)
    plan = Plan(problem, system.hint)
    rng = np.random.default_rng(seed)
    q, branches = plan.sample(rng)
    q = np.concatenate([q, rng.uniform(1, 5, system.n - 2 * len(system.points))])

    def composed(v: np.ndarray) -> np.ndarray:
        at = plan.place(v[:plan.n], branches)
        return system(np.concatenate([*(at[p] for p in system.points), v[plan.n:]]))

    want = np.array([(composed(q + e) - composed(q - e)) / 2e-6 for e in np.eye(q.size) * 1e-6]).T
    got = numeric._planned_jacobian(system, plan, q, branches)
    assert np.allclose(got, want, rtol=1e-4, atol=1e-4 * max(1.0, float(np.abs(want).max())))


def test_side_partials_are_compiled_once() -> None:
    """The sides' symbolic partials are derived once per problem: a second system of the same problem
    reuses them."""
    a = numeric._System(parse(PROBLEMS[2]))
    a.jacobian(np.ones(a.n))
    before = dv.side_partials.cache_info().hits
    b = numeric._System(parse(PROBLEMS[2]))
    b.jacobian(np.ones(b.n))
    assert dv.side_partials.cache_info().hits == before + 1


def test_a_search_counts_a_jacobian_as_its_unknowns() -> None:
    """The searches' budgets (RETRY_WORK) are in evaluations: an analytic Jacobian counts as many as the
    differences it replaces, so that a retry starts where it did."""
    system = numeric._System(parse(PROBLEMS[0]))
    system.jacobian(np.ones(system.n))
    assert system.evaluations == system.n
