"""Area formulas named as a textbook names them, one triangle one name (blind teachers 21 and 22)."""
from __future__ import annotations

import pytest

from geomill.dsl import parse
from geomill.solvers.plane import solve_general


@pytest.mark.parametrize("text,said,unsaid", [
    # teacher 22 gen 7/11: "By the area of ABCD from its parallel sides and the height h"
    ("points A B C D\ntrapezoid ABCD bases AD BC\nAD = 23\nBC = 39\nAB = 7\nCD = 15\nfind area ABCD\n",
     "By the trapezoid area formula with the height h, area ABCD = ", "from its parallel sides"),
    # teacher 22 gen 14: "By the area of the parallelogram ABCD from its base AB and height DE"
    ("parallelogram ABCD\nline A E B\nline D E\nDE perpendicular to AE\nAB = 60\nAD = 30\nAE = 24\n"
     "find area ABCD\n", "By the parallelogram area formula with the base AB and the height DE, area ABCD",
     "from its base"),
    # teacher 22 gen 6: "the right triangle BCA ... area ABC": the sentence names the triangle once
    ("points A B C\ntriangle ABC right at B\nAB = 6\nBC = 8\nfind area ABC\n",
     "Since the area of a right triangle is half the product of its legs", "right triangle CBA is"),
], ids=["trapezoid", "parallelogram", "right-triangle"])
def test_an_area_formula_is_named_as_a_textbook_names_it(text: str, said: str, unsaid: str) -> None:
    sol = solve_general(parse(text, "area.geo"))
    out = sol.text()
    assert said in out and unsaid not in out, out
    assert sol.proof.check(sol.model) == []
