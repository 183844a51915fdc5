"""Area formulas named as a textbook names them, one triangle one name (blind teachers 21 and 22)."""
from __future__ import annotations

import pytest

from geomill.dsl import parse
from geomill.generate.textbook import question
from geomill.solvers.plane import solve_general


@pytest.mark.parametrize("text,said,unsaid", [
    # teacher 22 gen 7/11: "By the area of ABCD from its parallel sides and the height h"
    ("points A B C D\ntrapezoid ABCD bases AD BC\nAD = 23\nBC = 39\nAB = 7\nCD = 15\nfind area ABCD\n",
     "By the trapezoid area formula with the height h, area ABCD = ", "from its parallel sides"),
    # teacher 22 gen 14: "By the area of the parallelogram ABCD from its base AB and height DE"
    ("parallelogram ABCD\nline A E B\nline D E\nDE perpendicular to AE\nAB = 60\nAD = 30\nAE = 24\n"
     "find area ABCD\n", "By the parallelogram area formula with the base AB and the height DE, area ABCD",
     "from its base"),
], ids=["trapezoid", "parallelogram"])
def test_an_area_formula_is_named_as_a_textbook_names_it(text: str, said: str, unsaid: str) -> None:
    sol = solve_general(parse(text, "area.geo"))
    out = sol.text()
    assert said in out and unsaid not in out, out
    assert sol.proof.check(sol.model) == []


@pytest.mark.parametrize("text,said,unsaid", [
    # teacher 21 gen 4: "ABC is a triangle. CAD is a triangle. CABD is a quadrilateral." - a triangle whose sides
    # are stated lines or sides of a stated polygon needs no sentence
    ("points A B C D\nquadrilateral ABCD\ntriangle ABC\nline A C\nAB = 3\nBC = 4\nfind CD\n",
     "ABCD is a quadrilateral. Segment AC is drawn.", "ABC is a triangle"),
    # the goal names the triangle; "angle ABC" names none, so the triangle beside it stays said
    ("points A B C\ntriangle ABC\nAB = 3\nBC = 4\nangle ABC = 90\nfind area ABC\n", "We know that AB = 3",
     "is a triangle"),
    ("points A B C\ntriangle ABC\nAB = 3\nangle ABC = 40\nangle BCA = 60\nfind AC\n", "ABC is a triangle.", None),
    # teacher 21 gen 6: the parser turns "triangle ABC right at C" to BCA; the question spells it as written
    ("points A B C\ntriangle ABC right at C\nAC = 3\nBC = 4\nfind AB\n",
     "ABC is a right triangle with the right angle at C.", "BCA"),
], ids=["sides-stated", "goal-names-it", "angle-names-none", "right-triangle-spelt"])
def test_the_question_states_only_the_polygons_it_needs(text: str, said: str, unsaid: str | None) -> None:
    q = question(parse(text, "q.geo"), figure=False, rounds=False)
    assert said in q and (unsaid is None or unsaid not in q), q
