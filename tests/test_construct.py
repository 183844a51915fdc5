"""The construction plans of the numeric model: every relation's loci checked on its block's own
random construction, plans that place points exactly, mirror images, and the model's speed."""
from __future__ import annotations

import math

import numpy as np
import pytest
from geomill.dsl import parse
from geomill.engine import plane_geometry as pg
from geomill.engine.relations import BLOCKS_BY_KEY
from geomill.solvers.construct import RELATION_LOCI, Plan, check_rule
from hypothesis import given, settings
from hypothesis import strategies as st


def test_every_locus_names_its_blocks_letters() -> None:
    for key, rules in RELATION_LOCI.items():
        letters = set(BLOCKS_BY_KEY[key].letters)
        for rule in rules:
            assert rule.target in letters and set(rule.needs) <= letters and rule.target not in rule.needs, (key, rule)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(RELATION_LOCI)), st.integers(0, 2**32 - 1))
def test_every_locus_holds_on_its_blocks_construction(key: str, seed: int) -> None:
    """The block's construction satisfies its equations (tests/test_plane.py); each locus of the
    block must pass through where that construction put the target."""
    p = BLOCKS_BY_KEY[key].construct(np.random.default_rng(seed))
    size = max(pg.dist(a, b) for a in p.values() for b in p.values())
    for rule in RELATION_LOCI[key]:
        got = rule.fn(p)
        want = p[rule.target]
        if rule.kind == "point":
            assert pg.dist(check_rule(rule, p), want) < 1e-7 * size, (key, rule.target)
        elif rule.kind == "line":
            base, d = got
            assert abs(pg.cross(d, want - base)) / (np.linalg.norm(d) * size) < 1e-7, (key, rule.target)
        else:
            centre, r = got
            assert abs(pg.dist(centre, want) - r) < 1e-7 * size, (key, rule.target)


def test_a_plan_computes_what_it_can_and_frees_the_rest() -> None:
    p = parse("points A B C M D\ntriangle ABC\nM midpoint of AB\nAD altitude of ABC\nfind CM\n")
    plan = Plan(p, 20.0)
    how = {s.target: s.how for s in plan.steps}
    assert how["M"] == "point" and how["D"] == "point"
    assert [s.how for s in plan.steps].count("free") == 3 and plan.n == 6
    q, br = plan.sample(np.random.default_rng(1))
    at = plan.place(q, br)
    assert np.allclose(at["M"], (at["A"] + at["B"]) / 2)
    assert abs(pg.unit_dot(at["A"], at["D"], at["B"], at["C"])) < 1e-9


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1), st.floats(0.5, 20), st.floats(10, 170))
def test_meeting_loci_place_given_values_and_mirror(seed: int, side: float, deg: float) -> None:
    """A length gives a circle, an angle a turned ray; where they meet the point has both values,
    and the mirrored parameters place the mirror image."""
    p = parse(f"points A B C D\ntriangle ABC\nline A D C\nAB = {side:g}\nangle ABC = {deg:g}\nBD = 7\nfind AC\n")
    plan = Plan(p, 20.0)
    q, br = plan.sample(np.random.default_rng(seed))
    at = plan.place(q, br)
    assert math.isclose(pg.dist(at["A"], at["B"]), float(f"{side:g}"), rel_tol=1e-9)
    assert math.isclose(pg.angle(at["A"], at["B"], at["C"]), float(f"{deg:g}"), abs_tol=1e-7)
    assert abs(pg.cross(at["C"] - at["A"], at["D"] - at["A"])) < 1e-6 * max(1.0, pg.dist(at["A"], at["C"])) ** 2
    mq, mbr = plan.mirror(q, br)
    mirrored = plan.place(mq, mbr)
    for name, v in at.items():
        assert np.allclose(mirrored[name], [-v[0], v[1]], atol=1e-7), name


@pytest.mark.parametrize("seed", [0, 1])
def test_a_planned_model_meets_every_fact(seed: int) -> None:
    from geomill.solvers.numeric import build_model

    p = parse("points A B C D E\ntriangle ABC\nline A D B\nline A E C\nDE parallel to BC\nAD = 2\nDB = 3\n"
              "AE = 4\nangle BAC = 60\nfind EC\n")
    m = build_model(p, seed=seed)
    assert math.isclose(m.goal_value(), 6, rel_tol=1e-4)
    assert m.between("D", "A", "B") and m.between("E", "A", "C")
