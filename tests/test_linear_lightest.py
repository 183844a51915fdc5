"""The proof choice's search for the lightest few equations that fix a target: the weight-bounded,
shared-prefix search finds the same set as trying every combination in order."""
from __future__ import annotations

import itertools
import random
from fractions import Fraction

from geomill.solvers.linear import FEW_SIZE, LinearTable, _integer


def _brute(table: LinearTable, pool: set[int], weight, ints: dict, bound: float) -> set[int] | None:
    """Every combination of up to FEW_SIZE, in itertools order, the lightest kept (the reference)."""
    ranked = sorted(pool, key=lambda i: (weight(table.equations[i]), i))
    on = {i for k in ints for i in table._by_key.get(k, ())}
    best, best_w = None, bound - 1e-9
    for size in range(1, FEW_SIZE + 1):
        for combo in itertools.combinations(ranked, size):
            w = sum(weight(table.equations[i]) for i in combo)
            if w < best_w and on.intersection(combo) and table._determines(set(combo), ints):
                best, best_w = set(combo), w
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
