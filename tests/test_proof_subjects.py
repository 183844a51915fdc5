"""A sentence's subject is the object it speaks of (issue 37, blind review 13, class 1): the isosceles
triangle's apex line is "it" in "…, it is also the median", so a later use names that line, never the
triangle ("Since triangle CAB is also the median to the base" was false)."""
from __future__ import annotations

import re

import pytest
import sympy
from geomill.dsl import parse
from geomill.solvers.plane import solve_general
from geomill.solvers.plane.theorem_blocks import THEOREMS
from tests.test_proof_choice import test_the_proof_takes_the_short_named_route as _says_and_checks

_ISOSCELES = "points A B C D\ntriangle ABC\nline B D C\nline A D\nAB = AC\n"
# each template of the apex-line family that a smallest problem's proof uses: (given line, role used, problem)
CASES = [
    ("altitude", "median", "AD perpendicular to BC\nBC = 10\nfind BD\n"),
    ("median", "altitude", "D midpoint of BC\nfind angle ADB\n"),
    ("median", "bisector", "D midpoint of BC\nangle BAC = 50\nfind angle BAD\n"),
    ("bisector", "median", "AD bisects angle BAC\nBC = 10\nfind BD\n"),
    ("bisector", "altitude", "AD bisects angle BAC\nAB = 5\nBC = 6\nfind AD\n"),  # and then the median too
]
_GIVEN = {"altitude": "is the altitude to the base", "median": "is the median to the base",
          "bisector": "bisects the apex angle"}
_ROLE = {"altitude": "the altitude", "median": "the median to the base", "bisector": "the bisector of the apex angle"}


def test_every_apex_line_template_has_the_line_as_its_subject() -> None:
    blocks = [t for t in THEOREMS if t.key == "isosceles_triangle_property_line_coincidence"]
    assert len(blocks) == 6
    for t in blocks:  # "since {1} … of the isosceles triangle {0}, it is also …": {1} is the line XM
        pattern = r"since \{1\} [a-z ]+ of the isosceles triangle \{0\}, it is also [a-z ]+"
        assert re.fullmatch(pattern, t.sentence), t.sentence
        assert t.names[1] == "XM", t.names


@pytest.mark.parametrize("given,role,facts", CASES, ids=[f"{g}-{r}" for g, r, _ in CASES])
def test_the_apex_line_is_the_subject_of_each_sentence_about_it(given: str, role: str, facts: str) -> None:
    sol = solve_general(parse(_ISOSCELES + facts, "apex.geo"))
    out = sol.text()
    assert f"Since AD {_GIVEN[given]} of the isosceles triangle ABC, it is also {_ROLE[role]}" in out, out
    for sentence in re.findall(r"[^.]*\bis also\b[^.]*", out):  # a later role: "Since AD is also the median …"
        assert re.match(r"\s*Since AD\b", sentence), sentence
    assert not re.search(r"\btriangle [A-Z]{3} is also\b", out), out
    assert sol.proof.check(sol.model) == []


def test_a_bisectors_halves_named_only_in_a_triangles_name_are_left_out() -> None:
    # "In the right triangle ACE" names no angle ACE: the unused "angle BCE = angle ACE" is not said
    sol = solve_general(parse("points A B C E F\nequilateral triangle ABC\nline B E F A\nCE bisects angle BCA\n"
                              "AB = 37\nBF = 26\nfind CF\n", "halves.geo"))
    out = sol.text()
    assert "In the right triangle " in out and "angle sum" not in out, out
    assert "angle BCE = angle ACE" not in out, out
    assert "Since CE is also the median to the side AB, BE = AB/2" in out, out  # (equilateral: no base)


# the smallest problems of blind review 13's other classes: a ratio asked, a given diameter, a square's area
WRITTEN = [
    # a ratio asked: the proportion with its numbers put in, never solved for one of its parts first
    ("ratio", "points A B C D E\ntriangle ABC\nline A D B\nline A E C\nDE parallel to BC\nAD = 3\nAB = 5\n"
     "find AE / AC\n", ["AE/AC = AD/AB = 3/5"], ["AE = 3·AC/5", "So AE/AC"]),
    # a given diameter is the reason as given, not found again from the centre
    ("given-diameter", "points O A B C D\nquadrilateral ABCD\nline A O C\ncircle O through A B C D\n"
     "AC diameter of circle O\nAC = 65\nAB = 56\nAD = 16\nfind perimeter ABCD\n",
     ["Since AC is a diameter of circle O, angle ABC = angle ADC = 90° (angles in a semicircle)."],
     ["passes through the centre", "it is a diameter"]),
    # a square's area is its side squared
    ("square-area", "points A B C D\nsquare ABCD\nAC = 6\nfind area ABCD\n",
     ["is its side squared", "= (3√2)² = 18"], ["included angle", "parallelogram", "sin(90°)"]),
]


@pytest.mark.parametrize("text,said,unsaid", [c[1:] for c in WRITTEN], ids=[c[0] for c in WRITTEN])
def test_the_step_says_what_a_teacher_writes(text: str, said: list[str], unsaid: list[str]) -> None:
    _says_and_checks(text, said, unsaid)


# (one "so" a sentence, the expansion its own: blind teacher 34)
_OFFSET = "12² - x² = 18² - (15 - x)². Expanding, 144 - x² = 324 - 225 + 30x - x², so 30x = 45 and x = 3/2"


@pytest.mark.parametrize("bases,said", [
    ("AD = 11\nBC = 26\n", ["Let h be the height of ABCD.",
                            "Draw the heights AE and DF from A and D to BC, so that AE = DF = h, and let x = BE.",
                            "Since AEFD is a rectangle, EF = AD; hence CF = BC - EF - BE = 26 - 11 - x = 15 - x.",
                            "right triangle ABE, h² = AB² - x²", "right triangle CDF, h² = CD² - (15 - x)²",
                            _OFFSET,
                            "h = √(AB² - x²) = √(12² - (3/2)²) = 9√7/2"]),
    ("AD = 26\nBC = 11\n", ["Draw the heights BE and CF from B and C to AD", "let x = AE", _OFFSET]),
], ids=["long-BC", "long-AD"])
def test_a_trapezoids_height_from_its_sides_by_the_foot_offset(bases: str, said: list[str]) -> None:
    # the heights from the short base cut the long one: leg² - x² = h² = other leg² - (d - x)², never Heron expanded
    sol = solve_general(parse(f"points A B C D\ntrapezoid ABCD bases AD BC\n{bases}AB = 12\nCD = 18\n"
                              "find area ABCD\n", "trapezoid.geo"))
    out = sol.text()
    assert all(s in out for s in said), out
    assert "^4" not in out and "moved along its bases" not in out and "the foot of" not in out, out
    assert sympy.simplify(sol.exact_value - sympy.Rational(333, 4) * sympy.sqrt(7)) == 0
    assert sol.proof.check(sol.model) == []


@pytest.mark.parametrize("text,tie", [
    # the base angle ABD of the isosceles triangle ABD, printed ABE (E on BD); the kite's AD = AB cited where used
    ("points A B C D E\nkite ABCD at A\nline A E C\nline B E D\nE where AC meets BD\nAB = 9\nangle BAD = 120\n"
     "find BE\n", "By the angle sum of the isosceles triangle ABD (its base angles are equal, as AB = AD), angle ABD = "
     "(180° - angle BAD)/2 = (180° - 120°)/2 = 30°, and since E lies on BD, angle ABE = 30°."),
    # the trapezoid's base angle BCD, printed BCI (I on CD)
    ("points A B C D I\nisosceles trapezoid ABCD bases AD BC\nline C I D\nline B I\nBI perpendicular to CI\n"
     "BC = 15\nangle ABC = 60\nfind BI\n", "Since the base angles of the isosceles trapezoid ABCD are equal, angle "
     "BCD = angle ABC = 60°, and since I lies on CD, angle BCI = 60°."),
], ids=["base-angle", "trapezoid-angle"])
def test_an_angle_printed_through_a_point_is_tied_to_the_shapes_name(text: str, tie: str) -> None:
    sol = solve_general(parse(text, "tie.geo"))
    out = sol.text()
    assert tie in out, out
    assert sol.proof.check(sol.model) == []


def test_a_trapezoids_feet_take_letters_the_figure_does_not_use() -> None:
    # E is the diagonals' crossing: the heights' feet are F and G, never a second E
    sol = solve_general(parse("points A B C D E\ntrapezoid ABCD bases AD BC\nline A E C\nline B E D\nAD = 11\n"
                              "BC = 26\nAB = 12\nCD = 18\nfind area ABCD\n", "trapezoid.geo"))
    out = sol.text()
    assert "Draw the heights AF and DG from A and D to BC, so that AF = DG = h, and let x = BF." in out, out
    assert "AFGD is a rectangle" in out and "AE" not in out, out


def test_two_given_parallels_to_one_side_say_why_they_are_parallel() -> None:
    # EF ∥ CB and GH ∥ CB: the intercept theorem on GH and EF says why they are parallel (teacher's gen 15)
    sol = solve_general(parse("points A B C E F G H\nright triangle BCA at C\nline A G E C\nline A H F B\n"
                              "EF parallel to CB\nGH parallel to CB\nAC = 6\nBC = 12\nAE = 3\nAG = 2\nfind FH\n",
                              "parallels.geo"))
    out = sol.text()
    assert "By the intercept theorem (GH and EF are both parallel to CB), FH/AF = EG/AE" in out, out
    assert sol.proof.check(sol.model) == []


@pytest.mark.parametrize("text,said,unsaid", [
    ("points O A B C D\ntriangle ABC\ntriangle BAD\nquadrilateral ABDC\nline B O D\ncircle O through A B C D\n"
     "BD diameter of circle O\nAO = 9\nangle ACB = 45\nfind area ABD\n",
     "By the triangle area formula with the base BD and the height AO (as angle AOB = 90°), area ABD = AO·BD/2", None),
    # the right angle on the line just before is not said again with the height
    ("points A B C D E\nparallelogram ABCD\nline A E B\nline D E\nDE perpendicular to AE\nAB = 120\nAD = 51\n"
     "AE = 45\nfind area ABCD\n", "with the base AB and the height DE, area ABCD = AB·DE", "height DE (as"),
], ids=["found-before", "just-said"])
def test_a_height_found_by_an_earlier_step_says_its_right_angle(text: str, said: str, unsaid: str | None) -> None:
    sol = solve_general(parse(text, "height.geo"))
    out = sol.text()
    assert said in out and (unsaid is None or unsaid not in out), out
    assert sol.proof.check(sol.model) == []
