"""Arcs named the way textbooks name them (issue 42): ``arc AB`` is the minor arc, ``major arc AB`` the
rest, ``major arc ACB`` the arc from A to B through C. Each problem is solved, and its answer and the
arc it names are measured again on the solver's figure by plain atan2 geometry."""
from __future__ import annotations

import math

import pytest
from geomill.dsl import parse
from geomill.engine.errors import ModelError
from geomill.solvers.plane import solve_general


def _turn(at: dict, o: str, a: str, b: str) -> float:
    """The counter-clockwise turn about o from a to b, 0 to 360 degrees (independent of the solver)."""
    (ox, oy), (ax, ay), (bx, by) = (at[p] for p in (o, a, b))
    return math.degrees(math.atan2(by - oy, bx - ox) - math.atan2(ay - oy, ax - ox)) % 360


def _minor(at: dict, o: str, a: str, b: str) -> float:
    t = _turn(at, o, a, b)
    return min(t, 360 - t)


def _through(at: dict, o: str, a: str, c: str, b: str) -> float:
    """The arc from a to b that holds c."""
    t = _turn(at, o, a, b)
    return t if _turn(at, o, a, c) < t else 360 - t


def _angle(at: dict, a: str, v: str, b: str) -> float:
    return _minor(at, v, a, b)


# (problem, expected answer, an arc measure on the figure that must equal its given or asked value)
CASES = [
    ("circle O through A B C\narc AB = 80\nC on major arc AB\nfind angle ACB\n", 40,
     lambda at, x: (_minor(at, "O", "A", "B"), 80)),
    ("circle O through A B C\nminor arc AB = 80\nC on minor arc AB\nfind angle ACB\n", 140,
     lambda at, x: (_minor(at, "O", "A", "B"), 80)),
    ("circle O through A B C\nmajor arc ACB = 250\nfind angle ACB\n", 55,
     lambda at, x: (_through(at, "O", "A", "C", "B"), 250)),
    ("circle O through A B C\nminor arc ACB = 100\nfind angle ACB\n", 130,
     lambda at, x: (_through(at, "O", "A", "C", "B"), 100)),
    ("circle O through A B C\nangle AOB = 100\nC on major arc AB\nfind major arc AB\n", 260,
     lambda at, x: (360 - _minor(at, "O", "A", "B"), x)),
    ("circle O through A B C\nangle ACB = 35\nC on major arc AB\nfind arc AB\n", 70,
     lambda at, x: (_minor(at, "O", "A", "B"), x)),
    ("circle O through A B C\nangle ACB = 35\nC on major arc AB\nfind arc ACB\n", 290,
     lambda at, x: (_through(at, "O", "A", "C", "B"), x)),
    ("circle O through A B C\nAB diameter of circle O\nfind arc AB\n", 180,
     lambda at, x: (_minor(at, "O", "A", "B"), x)),
    # the two arcs' letters run opposite ways round the circle: no direction is assumed
    ("circle O through A B C D\nquadrilateral ABCD\narc AB = 80\narc DC = 60\nangle BOC = 100\n"
     "find angle BAD\n", 80, lambda at, x: (_minor(at, "O", "C", "D"), 60)),
    # a centre first keeps its meaning: the arc about O counter-clockwise from A to B
    ("circle O through A B C\ncounterclockwise ABC\narc OAB = 80\nfind angle ACB\n", 40,
     lambda at, x: (_turn(at, "O", "A", "B"), 80)),
]


@pytest.mark.parametrize("text,answer,arc", CASES)
def test_textbook_arcs_solve_to_the_figure_s_measure(text, answer, arc):
    sol = solve_general(parse(text))
    assert math.isclose(sol.exact, answer, abs_tol=1e-9), (text, sol.exact)
    at = {p: tuple(map(float, xy)) for p, xy in sol.model.coords.items()}
    measured, want = arc(at, sol.exact)
    assert math.isclose(measured, want, abs_tol=1e-6), (text, measured, want)
    goal = text.strip().splitlines()[-1].split(" ", 1)[1]
    if goal.startswith("angle"):
        assert math.isclose(_angle(at, *goal.split()[1]), answer, abs_tol=1e-6)


@pytest.mark.parametrize("text,line,message", [
    ("circle O through A B\ncircle P through A B\narc AB = 80\nfind AB\n", 3, "which circle?"),
    ("circle O through A C\nline A B\narc AB = 80\nfind AB\n", 3, "no circle of the problem passes through"),
    ("circle O through A B\ncircle P through O A B\narc OAB = 80\nfind AB\n", 3, "has two meanings"),
    ("circle O through A B\narc AB = 200\nfind AB\n", 2, "a minor arc is at most 180"),
    ("circle O through A B\nmajor arc OAB = 200\nfind AB\n", 2, "O is the centre of the circle through A and B"),
    ("circle O through A B\nmajor arc AB = 100\nfind AB\n", 2, "a major arc is 180 to 360"),
    ("circle O through A B\narc length AB = 3\nfind AB\n", 2, "named by 3 points"),
])
def test_arcs_that_name_no_one_arc_are_refused(text, line, message):
    with pytest.raises(ModelError) as err:
        parse(text)
    assert message in str(err.value) and err.value.span.line == line, str(err.value)


@pytest.mark.parametrize("text,says", [
    ("circle O through A B C\narc AB = 80\nC on major arc AB\nfind angle ACB\n",
     ["We are given arc AB = 80°, so its central angle is angle AOB = 80°."]),
    ("circle O through A B C\nangle ACB = 35\nC on major arc AB\nfind major arc AB\n",
     ["Therefore major arc AB = 360° - angle AOB = 360° - 70° = 290°."]),
    ("circle O through A B C\nmajor arc ACB = 250\nfind angle ACB\n",
     ["We are given major arc ACB = 250°.", "angle ACB = (360° - 250°)/2 = 55°."]),
    ("circle O through A B C\nangle ACB = 35\nC on major arc AB\nfind arc AB\n",
     ["Therefore arc AB = angle AOB = 70°."]),
])
def test_a_proof_speaks_of_the_arc_the_user_wrote(text, says):
    """The proof names the arc as written, never its compiled angle alone, and never says "-angle AOB"."""
    proof = solve_general(parse(text)).proof.render()
    for s in says:
        assert s in proof, proof
    assert "-angle" not in proof and "So -" not in proof
    assert "We are given angle AOB" not in proof and "We are given 360" not in proof


def test_a_written_arc_a_theorem_takes_as_an_arc_is_put_in_without_its_central_angle():
    """Two secants' angle takes the arcs themselves: the given arcs are put in as written, never turned into
    their central angles and back ("so its central angle is angle BOD = 110°", then "since arc DB has the
    measure of its central angle BOD, arc DB = 110°")."""
    proof = solve_general(parse("circle O through A B C D\nline P A B\nline P C D\nA on major arc BD\n"
                                "C on major arc BD\narc BD = 110\narc AC = 30\nfind angle BPD\n")).proof.render()
    assert "central angle" not in proof, proof
    assert proof.count("Since") == 1 and "(110° - 30°)/2 = 40°" in proof, proof
