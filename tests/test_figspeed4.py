"""The figure's speed work (figspeed4) kept every number: the element measures compiled into one function give the
loop's values, a problem's fresh system is reused only as it was built, and the free directions kept for the last
model answer as a fresh computation does (and never for another model)."""
from __future__ import annotations

import numpy as np
from geomill.dsl import parse
from geomill.solvers import numeric

TEXT = ("points A B C D E\nquadrilateral ABCD\nline A E C\nAB = 2x + 1\nangle ABE = 3y\nBC = 5\n"
        "angle BCD = 80\nfind CD\n")


def test_compiled_measures_give_the_loops_residuals() -> None:
    p = parse(TEXT)
    compiled = numeric._System(p)
    assert compiled._measure_fn is not None
    kinds = {m[0] for m in compiled._measures}
    assert {"length", "angle", "var"} <= kinds  # (each kind of measure written out)
    looped = numeric._System(p)
    looped._measure_fn = None  # (the loop: what an "other" element's system runs)
    rng = np.random.default_rng(5)
    for _ in range(20):
        x = rng.uniform(-6, 6, compiled.n)
        assert np.array_equal(compiled(x), looped(x))


def test_a_fresh_system_is_reused_for_its_problem_alone() -> None:
    p, q = parse(TEXT), parse(TEXT.replace("BC = 5", "BC = 7"))
    one = numeric._fresh_system(p)
    assert numeric._fresh_system(p) is one
    assert numeric._fresh_system(q) is not one and numeric._fresh_system(q).p is q
    assert one.use_turns and one.fact_weight == 1.0 and one.dropped == -1  # (as built: nothing the search changes)


def test_free_directions_kept_for_the_last_model_answer_as_fresh() -> None:
    p = parse(TEXT)
    model = numeric.build_model(p, seed=0, check_goal=False)
    other = numeric.build_model(p, seed=4, check_goal=False)

    def angle(c, _r, a="A", v="B", b="C"):
        u, w = c[a] - c[v], c[b] - c[v]
        return float(np.arctan2(abs(u[0] * w[1] - u[1] * w[0]), u @ w))

    def ratio(c, _r):
        return float(np.hypot(*(c["A"] - c["B"]))) / float(np.hypot(*(c["B"] - c["C"])))

    measures = [angle, ratio, lambda c, r: angle(c, r, "B", "C", "D")]
    numeric._FREE[0] = None
    fresh = numeric.fixed_by_facts(model, measures)
    assert numeric._FREE[0] is not None and numeric._FREE[0][0] is model
    assert numeric.fixed_by_facts(model, measures) == fresh  # (kept)
    assert numeric.fixed_by_facts(model, measures[::-1]) == fresh[::-1]
    numeric._FREE[0] = None
    alone = numeric.fixed_by_facts(other, measures)
    numeric.fixed_by_facts(model, measures)
    assert numeric.fixed_by_facts(other, measures) == alone  # (another model: its own directions, not the kept)
    assert numeric._FREE[0][0] is other
    assert fresh[2] and not fresh[0]  # (BCD is given; ABC is left free by the facts)
