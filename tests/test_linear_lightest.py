"""The proof choice's search for the lightest few equations that fix a target: the weight-bounded,
shared-prefix search finds the same set as trying every combination in order."""
from __future__ import annotations

import itertools
import random
from fractions import Fraction

from geomill.solvers.linear import FEW_SIZE, STATED, LinearTable, _integer


def _brute(table: LinearTable, pool: set[int], weight, ints: dict, bound: float) -> set[int] | None:
    """Every combination of up to FEW_SIZE of the equations not stated (weight above STATED), in itertools order,
    each with every stated one, the lightest kept; then the stated ones it does without left out, heaviest first
    (the reference)."""
    stated = sorted(i for i in pool if weight(table.equations[i]) <= STATED)
    ranked = sorted(set(pool) - set(stated), key=lambda i: (weight(table.equations[i]), i))
    on = {i for k in ints for i in table._by_key.get(k, ())}
    best, best_w = None, bound - 1e-9
    for size in range(1, FEW_SIZE + 1):
        for combo in itertools.combinations(ranked, size):
            w = sum(weight(table.equations[i]) for i in combo)
            if w < best_w and on.intersection((*combo, *stated)) and table._determines({*combo, *stated}, ints):
                best, best_w = set(combo), w
    if best is None or not stated:
        return best
    best |= set(stated)
    for i in sorted(stated, key=lambda i: (-weight(table.equations[i]), -i)):
        if table._determines(best - {i}, ints):
            best.discard(i)
    return best


def _random_table(rnd: random.Random, n_keys: int, rows: int, low: int, coeffs: list[int]) -> tuple[list, LinearTable]:
    """A consistent table: ``rows`` random equations of 1-3 of ``n_keys`` unknowns, whose values lie in [low, -low]."""
    keys = [f"x{i}" for i in range(n_keys)]
    value = {k: rnd.randint(low, -low) for k in keys}
    table = LinearTable()
    for _ in range(rows):
        row = {k: rnd.choice(coeffs) for k in rnd.sample(keys, rnd.randint(1, 3))}
        table.add(row, sum(c * value[k] for k, c in row.items()))
    return keys, table


def test_lightest_few_matches_every_combination_tried():
    found = 0
    for seed in range(40):
        rnd = random.Random(seed)
        keys, table = _random_table(rnd, 6, 10, -5, [-2, -1, 1, 2])
        weights = [rnd.choice([0.0, 0.5, 1.0, 1.1, 1.5]) for _ in table.equations]
        weight = lambda e, ws=weights: ws[e.id]  # noqa: E731
        target = {rnd.choice(keys): 1}
        if table.evaluate(target) is None:
            continue
        ints, _ = _integer({k: Fraction(1) for k in target})
        pool = set(range(len(table.equations)))
        for bound in (float("inf"), 2.0):
            got = table._lightest_few(pool, weight, ints, bound)
            assert got == _brute(table, pool, weight, ints, bound), seed
            found += got is not None
    assert found > 20  # (the comparison is mostly of sets found, not of two Nones)


def test_determines_stops_early_with_the_same_answer():
    """_determines (the target kept reduced row by row, stopping once constant) says what reducing the
    target against every row says, and what the ranks of the rows with and without the target say."""
    import sympy
    from geomill.solvers.linear import Atom, _Rows

    asked = 0
    for seed in range(20):
        rnd = random.Random(seed)
        keys, table = _random_table(rnd, 5, 8, -9, [-2, -1, 1, 3])
        n = len(table.equations)
        for _ in range(8):
            ids = set(rnd.sample(range(n), rnd.randint(1, n)))
            target = {k: Fraction(rnd.choice([-1, 1, 2])) for k in rnd.sample(keys, rnd.randint(1, 2))}
            ints, _ = _integer(target)
            full = _Rows(table._order, table._by_key, track=False)
            for i in sorted(ids):
                full.insert(dict(table._ints[i][0]), None)
            vec, _ = full.reduce(dict(ints), None)
            whole = all(type(k) is Atom for k in vec)
            rows = [[table.equations[i].coeffs.get(k, 0) for k in keys] for i in sorted(ids)]
            ranked = sympy.Matrix(rows).rank() == sympy.Matrix(rows + [[target.get(k, 0) for k in keys]]).rank()
            assert table._determines(ids, ints) == whole == ranked
            asked += whole
    assert 15 < asked < 20 * 8 - 15  # (both answers met often)


def test_determines_agrees_with_the_rank_of_the_equations():
    """The pruning's span test against sympy's rank: a set of equations determines a target exactly
    when adding the target's row to theirs (keys only) leaves the rank unchanged."""
    import sympy

    seen = {True: 0, False: 0}
    for seed in range(60):
        rnd = random.Random(1000 + seed)
        keys, table = _random_table(rnd, 5, 8, -4, [-3, -1, 1, 2])
        for _ in range(6):
            ids = set(rnd.sample(range(len(table.equations)), rnd.randint(1, 5)))
            target = {k: rnd.choice([-2, -1, 1, 3]) for k in rnd.sample(keys, rnd.randint(1, 2))}
            ints, _ = _integer({k: Fraction(c) for k, c in target.items()})
            rows = [[table.equations[i].coeffs.get(k, 0) for k in keys] for i in sorted(ids)]
            with_target = rows + [[target.get(k, 0) for k in keys]]
            expected = sympy.Matrix(with_target).rank() == sympy.Matrix(rows).rank()
            table._determined.clear()
            assert table._determines(ids, ints) == expected
            seen[expected] += 1
    assert seen[True] and seen[False]  # (both answers met)


def test_one_at_a_time_route_determines_the_target():
    """The route that solves one unknown a step (each equation with one key not solved before it) fixes the
    target wherever it is found, and is found wherever the table solves the target that way."""
    found = 0
    for seed in range(40):
        rnd = random.Random(seed)
        keys, table = _random_table(rnd, 6, 10, -5, [-2, -1, 1, 2])
        weight = lambda e: 1.0  # noqa: E731
        target = {rnd.choice(keys): Fraction(1)}
        got = table._one_at_a_time(target, None, weight)
        if got is None:
            continue
        ints, _ = _integer(target)
        assert table._determines(got, ints), seed
        solved: set = set()  # each equation, in an order, leaves one key it solves
        left = set(got)
        while left:
            i = next(i for i in sorted(left) if len(set(table.equations[i].coeffs) - solved) <= 1)
            solved |= set(table.equations[i].coeffs)
            left.discard(i)
        found += 1
    assert found > 10


def test_a_light_route_past_the_nearest_pool_is_chosen(monkeypatch):
    """A target tied to helper unknowns by heavy equations near it, and fixed one unknown a step by light
    equations further out (the inscribed angle on an arc that a diameter's 180° and an addition give): the
    proof takes the light route though the nearest-equations pool holds none of its far equations."""
    import geomill.solvers.linear as linear

    table = LinearTable()
    table.add({"g": 1, "p": 1, "q": 1}, 180)  # heavy: angle sums and additions round the target
    table.add({"p": 1, "r": -1}, 20)
    table.add({"q": 1, "r": 1}, 124)
    table.add({"p": 1, "s": 1}, 90)
    table.add({"s": 1, "r": 1}, 70)
    table.add({"g": 1, "h": -1}, 0)  # light and far: g = h, 2h = k, k + m = n, n = 180, m = 108
    table.add({"k": 1, "h": -2}, 0)
    table.add({"k": 1, "m": 1, "n": -1}, 0)
    table.add({"n": 1}, 180)
    table.add({"m": 1}, 108)
    heavy = {0, 1, 2, 3, 4}
    weight = lambda e: 2.0 if e.id in heavy else 1.0  # noqa: E731
    monkeypatch.setattr(linear, "LIGHTEST_POOL", 2)
    monkeypatch.setattr(linear, "LIGHTEST_TRIES", 1)
    ans = table.evaluate_lightest({"g": 1}, weight)
    assert ans.value == 36 and {e.id for e, _ in ans.why} == {5, 6, 7, 8, 9}
    monkeypatch.setattr(LinearTable, "_one_at_a_time", lambda self, *a: None)
    assert {e.id for e, _ in table.evaluate_lightest({"g": 1}, weight).why} & heavy  # (what it chose before)
