"""Theorem blocks (solvers/plane/theorem_blocks.py): each block's construction, read as a
configuration, is matched by the block's own premises, and every conclusion holds by independent
coordinate geometry; each block's smallest problem needs it and is solved exactly."""
from __future__ import annotations

import math

import numpy as np
import pytest
import sympy
from geomill.dsl import parse
from geomill.engine.plane import element_of
from geomill.engine.relations import rename
from geomill.solvers.numeric import NumericModel
from geomill.solvers.plane import solve_general
from geomill.solvers.plane.configuration import Configuration
from geomill.solvers.plane.patterns import Collinear, Index, Triangle, match, plan
from geomill.solvers.plane.theorem_blocks import THEOREMS


def _measure(e: sympy.Expr, at: dict, radii: dict) -> float:
    """An expression's value by plain coordinate geometry: distances, atan2 angles, shoelace areas."""
    vals = {}
    for s in e.free_symbols:
        el = element_of(s)
        assert el is not None, s
        p = [np.asarray(at[n], float) for n in el.points]
        k = el.kind.key
        if k == "length":
            vals[s] = math.hypot(*(p[0] - p[1]))
        elif k == "angle":
            u, v = p[0] - p[1], p[2] - p[1]
            vals[s] = abs(math.degrees(math.atan2(u[0] * v[1] - u[1] * v[0], u @ v)))
        elif k == "area":
            xs, ys = zip(*p)
            n = len(p)
            vals[s] = abs(sum(xs[i] * ys[(i + 1) % n] - xs[(i + 1) % n] * ys[i] for i in range(n))) / 2
        elif k == "radius":
            vals[s] = radii[el.points[0]]
        else:
            raise AssertionError(f"no independent measure for {s}")
    e = e.replace(lambda x: hasattr(x, "rewrite_radians"), lambda x: x.rewrite_radians())
    return float(e.xreplace(vals))


def _configuration(theorem, rng) -> tuple[dict, Configuration]:
    at = {k: np.asarray(v, float) for k, v in theorem.construct(rng).items()}
    problem = parse(theorem.figure + "\n", f"{theorem.key}.geo")  # the block's own text, not user input
    assert set(problem.points) == set(at), (theorem.key, problem.points, sorted(at))
    radii = {c.centre: math.dist(at[c.centre], at[c.points[0]]) for c in problem.circles}
    return at, Configuration(problem, NumericModel(problem, at, {}, radii, 0.0, 0))


@pytest.mark.parametrize("theorem", THEOREMS, ids=lambda t: f"{t.key}-{len(t.figure)}")
def test_block_holds_on_its_construction(theorem) -> None:
    """The identity binding is found, and each conclusion, on the template points and as the matcher
    writes it (angles as the configuration's atoms), holds by measurement."""
    rng = np.random.default_rng(21)
    for _ in range(5):
        at, cfg = _configuration(theorem, rng)
        ix = Index(cfg)
        bindings = list(match(theorem.premises, ix))
        letters = {x for a in theorem.premises for x in a.letters}
        identity = {x: x for x in letters}
        assert identity in bindings, (theorem.key, bindings)
        found = {(n, lhs, rhs) for n, lhs, rhs in theorem.instances(ix)}
        for c in theorem.conclusions:
            lhs, rhs = (_measure(sympy.sympify(x, strict=True), at, cfg.model.radii) for x in (c.lhs, c.rhs))
            assert math.isclose(lhs, rhs, rel_tol=1e-7, abs_tol=1e-7), (theorem.key, c)
        for names, lhs, rhs in found:  # every instance on the figure, the identity's among them
            x, y = (_measure(cfg.canon(e), at, cfg.model.radii) for e in (lhs, rhs))
            assert math.isclose(x, y, rel_tol=1e-7, abs_tol=1e-7), (theorem.key, names, lhs, rhs)
        mine = {tuple(rename(sympy.sympify(e, strict=True), identity) for e in (c.lhs, c.rhs))
                for c in theorem.conclusions}
        canon = {(cfg.canon(a), cfg.canon(b)) for a, b in mine}
        assert canon <= {(cfg.canon(lhs), cfg.canon(rhs)) for _, lhs, rhs in found}, theorem.key


def test_matcher_binds_the_most_selective_atom_first() -> None:
    """The triangle table (one triangle, its vertices in the configuration's order) is bound before
    the lines' trios (a line of 5 points has 10), and the trios are then checked against it."""
    p = parse("points A B C D E\nline A B C D E\nline A F\nline E F\n", "m.geo")
    at = {k: np.array([float(i), 0.0]) for i, k in enumerate("ABCDE")} | {"F": np.array([2.0, 3.0])}
    cfg = Configuration(p, NumericModel(p, at, {}, {}, 0.0, 0))
    ix = Index(cfg)
    premises = (Collinear("XYZ"), Triangle("XZW"))
    assert plan(premises, ix)[0] == premises[1]
    assert [tuple(b[x] for x in "XYZW") for b in match(premises, ix)] == [
        ("A", y, "E", "F") for y in "BCD"]


CASES: dict[str, tuple[str, sympy.Expr | int]] = {  # key -> (its smallest problem, the exact answer)
    "line_addition": ("line A B C\nAB = 3\nAC = 8\nfind BC", 5),
    "angle_addition": ("points O A B C\nline O A\nline O B\nline O C\ncounterclockwise AOB BOC\n"
                       "angle AOB = 20\nangle BOC = 35\nfind angle AOC", 55),
    "adjacent_complementary_angle": ("triangle CAB\nline D A B\nclockwise CAB DAC\nangle BAC = 50\n"
                                     "angle CAD = x\nfind x", 130),
    "triangle_property_angle_sum": ("points A B C\ntriangle ABC\nangle ABC = 40\nangle BCA = 60\nfind angle CAB",
                                    80),
    "polygon_property_angle_sum": ("points A B C D\nquadrilateral ABCD\nangle DAB = 80\nangle ABC = 100\n"
                                   "angle BCD = 70\nfind angle CDA", 110),
    "sine_theorem": ("points A B C\ntriangle ABC\nangle ABC = 45\nangle BCA = 60\nAC = 6\nfind AB", 3 * sympy.sqrt(6)),
    "cosine_theorem": ("points A B C\ntriangle ABC\nAB = 3\nAC = 5\nangle BAC = 60\nfind BC", sympy.sqrt(19)),
}


@pytest.mark.parametrize("key", sorted({t.key for t in THEOREMS}))
def test_smallest_problem_that_needs_the_block(key: str) -> None:
    assert key in CASES, f"block {key} has no smallest problem"
    text, answer = CASES[key]
    sol = solve_general(parse(text, f"{key}.geo"))
    assert sympy.simplify(sol.exact_value - answer) == 0
    assert key in {k for st in sol.proof.steps for k in st.theorems}, [st.theorems for st in sol.proof.steps]
    assert sol.proof.check(sol.model) == []
