"""What a teacher marks down in generated problems, each checked without geomill's solver where a
value is involved: answers no textbook prints, givens the proof never uses, arcs whose side the
text leaves open, and one construction's data asked twice."""
from __future__ import annotations

import math

import numpy as np
import sympy
from geomill.engine.plane import element_of, element_symbol
from geomill.generate.textbook_gen.config import TextbookConfig
from geomill.generate.textbook_gen.goals import (
    candidates,
    closure,
    model_of,
    textbook_answer,
    used_points,
    worth_asking,
)
from geomill.generate.textbook_gen.make import plans

from .test_textbook_gen_families import _figure

S = sympy.sqrt


def test_textbook_answer_rule() -> None:
    good = [sympy.Integer(7), sympy.Rational(11, 19), 4 * S(3), 2 * S(58) / 3, 4 * S(41) / 41, 16 * sympy.pi / 3,
            25 * sympy.pi, S(127), sympy.Rational(135, 2)]
    bad = [(1864 + 96 * S(233)) / 1157, 13 * S(399) / 360, 98 + 7 * S(254), sympy.Rational(1864, 1157), S(233),
           1 - 4 * S(61) / 61, sympy.pi ** 2, sympy.Integer(-3)]
    assert all(textbook_answer(v) for v in good)
    assert not any(textbook_answer(v) for v in bad)


def test_a_sectors_perimeter_is_an_answer() -> None:
    """A whole length plus an arc's (12 + 2π, 10 + 10π/3) is printed; no other sum, nor a negative part."""
    pi = sympy.pi
    assert all(textbook_answer(v) for v in (12 + 2 * pi, 10 + sympy.Rational(10, 3) * pi, sympy.Rational(9, 2) + pi))
    assert not any(textbook_answer(v) for v in (2 * pi - 4, 3 + S(2), 1 + pi / 97, S(3) + pi, 12 + 2 * pi * S(3)))


def test_a_printed_length_is_a_textbook_answer() -> None:
    """``construct.prints`` (on a float) keeps no value the answer rule (exact, on sympy) refuses, and
    keeps the simple ones."""
    from geomill.generate.textbook_gen.construct import prints

    rng = np.random.default_rng(5)
    for _ in range(300):
        p, q = (int(k) for k in rng.integers(1, 400, 2))
        v = S(sympy.Rational(p, q))
        if prints(float(v)):
            assert textbook_answer(v), v
    assert all(prints(float(v)) for v in (sympy.Integer(7), 4 * S(3), 2 * S(58) / 3, sympy.Rational(15, 2)))
    assert not any(prints(float(v)) for v in (S(233), S(1082) / 3, sympy.Rational(1864, 1157)))


def test_an_arc_goal_says_which_way_it_turns() -> None:
    """The turn stated for a sector is the one the figure's coordinates show (a cross product here)."""
    fig = _figure("circle", ())
    for a, b in (("A", "B"), ("B", "A")):
        goal = element_symbol("sector_area", ("O", a, b))
        (turn,) = fig.problem(goal=goal).turns
        u, v = fig.at[a] - fig.at["O"], fig.at[b] - fig.at["O"]
        assert turn.chains == (("O", a, b),) and turn.clockwise == (u[0] * v[1] - u[1] * v[0] < 0)
    assert fig.problem(goal=element_symbol("length", ("A", "B"))).turns == ()


def test_a_construction_point_nothing_needs_is_its_own_step() -> None:
    """The parallel's second point, the chord foot's point on the circle: steps of their own (dropped
    with their relation and line when a proof leaves them out), the line through O drawn once."""
    fig = _figure("circle", ("chord_foot",), want=lambda f: len(f.steps) == 4)  # (the circle its base's second)
    m, d = fig.steps[2].new[0], fig.steps[3].new[0]
    through_o = [ln for ln in fig.problem().lines if "O" in ln.points and m in ln.points]
    assert len(through_o) == 1 and d in through_o[0].points
    short = fig.problem(keep={0, 1, 2})
    assert d not in short.points and not any(d in ln.points for ln in short.lines)
    fig = _figure("triangle", ("parallel",))
    (dd,), (e,) = fig.steps[1].new, fig.steps[2].new
    short = fig.problem(keep={0, 1})
    assert dd in short.points and e not in short.points and not short.relations


def test_three_sides_base_gives_herons_area() -> None:
    fig = _figure("sss_triangle", ())
    a, b, c = (fig.at[n] for n in "ABC")
    shoelace = abs((b - a)[0] * (c - a)[1] - (b - a)[1] * (c - a)[0]) / 2
    for p, q in ("AB", "BC", "CA"):
        assert abs(np.linalg.norm(fig.at[p] - fig.at[q]) - round(np.linalg.norm(fig.at[p] - fig.at[q]))) < 1e-9
    full = fig.problem()
    ded = closure(full, model_of(full, fig), fig)
    area = ded.value_of(element_symbol("area", ("A", "B", "C")))
    assert area is not None and math.isclose(float(area), shoelace, rel_tol=1e-12)


def test_trapezoid_problems_use_the_trapezoid_and_ask_each_data_once() -> None:
    """A question about the triangle at one corner of the trapezoid (its fourth vertex named nowhere in
    the proof) is not asked, one whose proof names every vertex is; the questions planned on one
    construction have different givens."""
    fig = _figure("trapezoid", ())
    full = fig.problem()
    ded = closure(full, model_of(full, fig), fig)
    cands = [c for c in candidates(fig, ded, np.random.default_rng(0), limit=60) if c.proof is not None]
    named = [(c, used_points(c.proof, fig) | {p for s in c.expr.free_symbols for p in element_of(s).points})
             for c in cands]
    corner = [c for c, pts in named if "D" not in pts]
    whole = [c for c, pts in named if set("ABCD") <= pts]
    assert corner and not any(worth_asking(fig, c.proof, {0, 1}, [1, 2], c.expr) for c in corner)
    assert whole and all(worth_asking(fig, c.proof, {0, 1}, [1, 2], c.expr) for c in whole)
    cfg = TextbookConfig(images=False, depth="1-8").validate()
    keys = [p.key() for p in plans(fig, iter(cands), cfg, np.random.default_rng(0))]
    assert keys and len(set(keys)) == len(keys)


def test_a_goal_over_the_major_arc_is_asked_as_the_major_arc() -> None:
    """(reader 13's 33: "Find the length of arc BC" where the clockwise turn OBC makes it the 190° arc.)  The
    record's question names arcs as the proof does."""
    from geomill.dsl import parse
    from geomill.generate.textbook import question
    from geomill.solvers.plane import solve_general

    problem = parse("points O A B C\ntriangle ABC\ncircle O through A B C\nclockwise OBC\nAO = 3\nangle ABC = 40\n"
                    "angle ACB = 45\nfind arc length OBC\n", "t.geo")
    sol = solve_general(problem)
    assert sympy.simplify(sol.exact_value - 3 * sympy.pi * 190 / 180) == 0  # 360° − 2·85° about O, radius 3
    for figure in (True, False):
        assert question(problem, figure=figure, rounds=False, names=sol.proof.arcs).endswith(
            "Find the length of major arc BC.")
