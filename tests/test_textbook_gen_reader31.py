"""Generated givens that draw well (blind readers 30 and 31, teacher 25; issues 38 and 39): no chord a few degrees
off a diameter and no two points of a circle a sliver apart (reader 31's 16, 30 and 17), a circle's centre O and O
no other point (reader 30's 08), an isosceles triangle standing on its base beside other polygons (reader 31's 28),
and no circle in a question its proof never uses (teacher 25's gen 12)."""
from __future__ import annotations

import math

import numpy as np
import pytest
from geomill.dsl import parse
from geomill.engine import plane_geometry as pg
from geomill.engine.plane import element_of
from geomill.generate.textbook_gen import TextbookConfig, problems
from geomill.generate.textbook_gen.construct import (
    BASES,
    CONSTRUCTIONS,
    MIN_ARC,
    Figure,
    Retry,
    Step,
    sample,
)
from geomill.generate.textbook_gen.goals import _near_half, candidate_exprs, closure, model_of
from geomill.render.accidents import CENTRE_SHARE
from geomill.render.marks import read_marks
from geomill.render.textbook import orient
from geomill.solvers.numeric import build_model


def _inscribed(beta: float, gamma: float) -> Figure:
    """Triangle ABC in circle O (radius 5) with the inscribed angles ABC = ``beta`` and ACB = ``gamma``."""
    f = Figure()
    ta, tb = 10.0, 10.0 + 2 * gamma
    tc = tb + 2 * (180 - beta - gamma)
    f.at.update(O=np.zeros(2), **{n: 5 * np.array([math.cos(math.radians(t)), math.sin(math.radians(t))])
                                  for n, t in zip("ABC", (ta, tb, tc))})
    f.circles["O"], f.radii["O"] = ["A", "B", "C"], 5.0
    f.polygons.append(("A", "B", "C"))
    f.steps.append(Step("inscribed_triangle", ("A", "B", "C"), ()))
    f.steps.append(Step("inscribed_triangle", ("O",), ("A", "B", "C"), follows=True))
    return f


def test_a_chord_a_few_degrees_off_a_diameter_is_misdrawn() -> None:
    """Reader 31's 16 and 30: angles ABC = 45° and ACB = 40° put A at 95°, BC 170° round the circle."""
    why = _inscribed(45, 40).misdrawn()
    assert why is not None and "BC" in why
    assert _inscribed(60, 30).misdrawn() is None  # (a right angle at A: BC a diameter, which the givens force)
    assert _inscribed(60, 45).misdrawn() is None  # (BC 150° round: well off the centre)


def test_two_points_of_a_circle_a_sliver_apart_are_misdrawn() -> None:
    """Reader 31's 17: E opposite B, 10° from C round the circle (the arc EC asked, too short to read)."""
    f = _inscribed(40, 45)
    f.polygons = [("A", "B", "E")]  # (chord BC, 170° round, left out: the arc alone is at fault here)
    f.at["E"] = -f.at["B"]
    f.circles["O"].append("E")
    f.steps.append(Step("diameter", ("E",), ("O", "B", "C"), lines=[("B", "O", "E")]))
    assert pg.angle(f.at["E"], f.at["O"], f.at["C"]) < MIN_ARC
    why = f.misdrawn()
    assert why is not None and "apart" in why


def test_a_constructed_diameter_is_not_misdrawn() -> None:
    rng = np.random.default_rng(3)
    for _ in range(50):
        f = Figure()
        try:
            BASES["circle"](f, rng)
            CONSTRUCTIONS["diameter"](f, rng)
        except Retry:
            continue
        if f.misdrawn() is None:
            return
    raise AssertionError("every figure with a diameter refused")


def _chord_angles(f: Figure) -> list[float]:
    drawn = f.segments()
    return [pg.angle(f.at[a], f.at[o], f.at[b]) for o, on in f.circles.items()
            for i, a in enumerate(on) for b in on[i + 1:] if frozenset((a, b)) in drawn]


def test_sampled_circles_have_no_near_diameter_chord_and_no_sliver_arc() -> None:
    """The value spaces draw again where the figure would mislead (the base circle's 45° and 40° among them)."""
    seen = 0
    for seed in range(120):
        try:
            f = sample(np.random.default_rng(seed), True, 9, 2)
        except Retry:
            continue
        seen += 1
        for o, on in f.circles.items():
            for i, a in enumerate(on):
                for b in on[i + 1:]:
                    assert pg.angle(f.at[a], f.at[o], f.at[b]) >= MIN_ARC
        r_share = [math.cos(math.radians(t / 2)) for t in _chord_angles(f)]
        assert all(s >= CENTRE_SHARE or s < 1e-7 for s in r_share)
    assert seen > 100


def test_an_arc_goal_nearly_a_half_circle_is_not_a_candidate() -> None:
    """Sector OBC of 190° (its radii nearly one line through O) is never asked, whatever the chord."""
    f = _inscribed(45, 40)
    assert _near_half(f, "O", "B", "C") and not _near_half(f, "O", "A", "B")
    f.steps[0].facts = []
    problem = f.problem()
    ded = closure(problem, model_of(problem, f), f)
    asked = {element_of(e).points for _, e in candidate_exprs(f, ded, np.random.default_rng(0))
             if element_of(e) is not None and element_of(e).kind.key in ("arc", "arc_length", "sector_area",
                                                                          "sector_perimeter")}
    assert asked and not any(set(p[1:]) == {"B", "C"} for p in asked)


def test_the_base_circle_is_a_step_of_its_own() -> None:
    """The inscribed triangle's circle and radius go with O: a proof that never uses the circle leaves it out of
    the question (teacher 25's gen 12: "O is the centre of the circle through A, B and C", no part of the proof)."""
    f = sample(np.random.default_rng(5), True, 9, 0, ("circle", ()))
    short = f.problem(keep={0})
    assert "O" not in short.points and not short.circles
    assert not any("O" in str(x) for fact in short.facts for x in (fact.lhs, fact.rhs))
    assert f.problem().circles and f.steps[1].new == ("O",) and f.steps[1].follows


@pytest.mark.slow
def test_generated_circle_problems_name_o_as_the_centre_only_and_use_their_circle() -> None:
    """Across generated problems with circles: a circle's centre is O, O names no other point, and the proof uses
    the circle (a step's element or a theorem names O) wherever the question has one."""
    made = list(problems(7, 6, TextbookConfig(circles=True, goals_per_figure=2)))
    assert made
    for m in made:
        p = m.problem
        assert all(c.centre == "O" for c in p.circles)
        assert "O" not in p.points or any(c.centre == "O" for c in p.circles), m.text
        if p.circles:
            named = {q for st in m.solution.proof.steps for s, _ in st.equations
                     for x in (s.lhs, s.rhs, s.instance.lhs, s.instance.rhs) for sym in x.free_symbols
                     if (el := element_of(sym)) is not None for q in el.points}
            named |= {str(n) for st in m.solution.proof.steps for s, _ in st.equations for n in s.instance.names}
            assert "O" in named or any(str(n) == "O" for n in named), m.text


def test_the_relabelling_keeps_o_for_the_centre() -> None:
    f = sample(np.random.default_rng(2), True, 9, 2)
    for seed in range(10):
        names = f.relabelling(np.random.default_rng(seed))
        assert names["O"] == "O" and "O" not in {v for k, v in names.items() if k != "O"}
    plain = Figure()
    plain.at.update({c: np.zeros(2) for c in "ABCDEFGHIJKLMN"})
    assert plain.fresh() == "P"  # (O is kept for a centre, never a point's letter)


READER31_28 = ("points A B C D E F\ntriangle ABC isosceles at A\nquadrilateral AEDF\nline C D B\nline A E C\n"
               "line A F B\nED parallel to AB\nFD parallel to AC\nangle BAC = 70\nfind angle BDF\n")


def test_the_main_isosceles_triangle_stands_on_its_base_beside_parallels() -> None:
    """Reader 31's 28: the parallels ED ∥ AB and FD ∥ AC stood ABC on its leg AB (the longest parallel), its apex
    at the bottom left; the main polygon's own base comes first."""
    problem = parse(READER31_28)
    model = build_model(problem, seed=0, check_goal=False)
    at = orient(problem, model.coords, read_marks(problem)[0])
    assert abs(at["B"][1] - at["C"][1]) < 1e-9 * max(1.0, abs(at["B"][0] - at["C"][0]))
    assert at["A"][1] > at["B"][1]


def test_parallels_still_set_the_base_where_the_main_polygon_has_none() -> None:
    """A scalene triangle with DE ∥ BC stands on BC (the parallel), an isosceles triangle drawn elsewhere in the
    figure notwithstanding."""
    problem = parse("points A B C D E F\ntriangle ABC\ntriangle ACF isosceles at F\nline A D B\nline A E C\n"
                    "DE parallel to BC\nAB = 7\nBC = 9\nAC = 8\nAD = 3\nangle AFC = 100\nfind DE\n")
    model = build_model(problem, seed=0, check_goal=False)
    at = orient(problem, model.coords, read_marks(problem)[0])
    assert abs(at["B"][1] - at["C"][1]) < 1e-9 * max(1.0, abs(at["B"][0] - at["C"][0]))



def test_an_arm_is_named_by_a_point_of_its_drawn_line_only() -> None:
    """Teacher 25's gen 12 kept circle O in a problem that never used it: the circumcentre of an equilateral
    triangle lies on its bisector AD though no line says so, and the traceback named the arm AD by O (constructed
    before D), so kept the circle.  The arm is named by a point of the line the figure draws through it."""
    from types import SimpleNamespace

    from geomill.generate.textbook_gen.construct import ang
    from geomill.generate.textbook_gen.goals import traceback, used_pairs

    f = Figure()
    rng = np.random.default_rng(0)
    BASES["equilateral_triangle"](f, rng)
    CONSTRUCTIONS["circumcircle"](f, rng)
    CONSTRUCTIONS["bisector"](f, rng)
    (d,), (v, a, _) = f.steps[-1].new, f.steps[-1].uses
    assert pg.angle(f.at["O"], f.at[v], f.at[d]) < 1e-6  # (O on the bisector, no line through them)
    goal = ang(a, v, d)
    none = SimpleNamespace(steps=[])
    assert frozenset((v, "O")) not in used_pairs(none, f, goal)
    assert frozenset((v, d)) in used_pairs(none, f, goal)
    assert 1 not in traceback(f, none, goal)  # (the circumcircle's step left out)
