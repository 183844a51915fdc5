"""Equal parts of a whole and crammed sentences (teacher 16, issue 37): a sum with its ratio solved as a
teacher solves it (the sum with its number, the ratio, then each part), never ``60° - u = u``; a trapezoid's
height from its sides one theorem a sentence."""
import re

import pytest
from geomill.dsl import parse
from geomill.solvers.plane import solve_general
from geomill.solvers.plane.write import measures, sentences


def _written(src: str):
    sol = solve_general(parse(src))
    assert sol.proof.check(sol.model) == []
    return sol, sol.proof.written("text")


@pytest.mark.parametrize("src, said", [
    # the two halves said equal before (the kite's symmetry), then the sum of the bisected angle
    # (not a 60° apex: ABD is then equilateral, a shorter route)
    ("kite ABCD at A\nline A E C\nline B E D\nE where AC meets BD\nAB = 6\nangle BAD = 50\nfind angle BAE\n",
     "By angle addition at A, angle BAE + angle DAE = angle BAD = 50°; as the two are equal, "
     "angle BAE = angle DAE = 50°/2 = 25°."),
    # the equality a given, the sum an exterior angle
    ("triangle ABC\nline B C D\nangle ABC = angle BAC\nangle ACD = 130\nfind angle BAC\n",
     "angle BAC + angle ABC = angle ACD = 130°; as the two are equal (given), angle BAC = angle ABC = 130°/2 = 65°."),
    # a 2:1 ratio given as the problem says it, the part asked only
    ("triangle ABC\nangle ABC = 2 angle BAC\nangle ACB = 60\nfind angle BAC\n",
     "angle BAC + angle ABC = 180° - angle ACB = 180° - 60° = 120°; as angle ABC = 2·angle BAC (given), "
     "angle BAC = 120°/3 = 40°."),
], ids=["stated-halves", "given-halves", "given-ratio"])
def test_equal_parts_are_the_sum_the_ratio_then_each_part(src: str, said: str) -> None:
    sol, w = _written(src)
    text = sol.text()
    assert said in text, text
    assert "Since also" not in text and not re.search(r"\b2·angle [A-Z]{3} = ", text), text
    assert measures(w)["unstated"] == 0, text  # each part's value is stated where it is found


def test_an_isosceles_triangle_with_a_60_degree_apex_takes_no_angle_algebra() -> None:
    # teacher 16's gen 6: once "120° - angle BAO = angle BAO"; then the angle sum in halves; now one step, as the
    # route choice (tests/test_proof_routes16.py) prefers the equilateral triangle
    sol, _ = _written("triangle ABC isosceles at A\ncircle O through A B C\nO circumcentre of ABC\nAB = 7\n"
                      "angle BAC = 120\nfind CO\n")
    text = sol.text()
    assert "120° - angle BAO" not in text and "Since also" not in text, text
    assert "it is equilateral; hence BO = AB = 7" in text, text


def test_a_difference_with_a_ratio_keeps_its_working() -> None:
    # AH - BH = AB is no sum of parts: the line addition is put into the proportion as before (the asked AH kept,
    # BH = AH - 5 put in: AH solved at once, not BH first)
    sol, _ = _written("points A B C H I\ntriangle ABC\nline A B H\nline A C I\nCH bisects angle ICB\nAB = 5\n"
                      "BC = 4\nAC = 7\nfind AH/AB\n")
    assert "AH/(AH - 5) = 7/4" in sol.text() and "BH = 5" not in sol.text(), sol.text()


def test_a_trapezoids_height_says_one_theorem_a_sentence() -> None:
    sol, w = _written("points A B C D\ntrapezoid ABCD bases AD BC\nAD = 9\nBC = 26\nAB = 15\nCD = 19\n"
                      "find area ABCD\n")
    said = sentences(w.lines)
    assert "By Pythagoras in the right triangle ABE, h² = AB² - x² = 15² - x²." in said, said
    assert "By Pythagoras in the right triangle CDF, h² = CD² - (17 - x)² = 19² - (17 - x)²." in said
    assert "Equating the two, 15² - x² = 19² - (17 - x)²." in said, said  # (then "Expanding, …": one "so" a sentence)
    assert any(s.startswith("Expanding, 225 - x² = ") and s.endswith("x = 9/2.") for s in said), said
    assert all(s.count("Pythagoras") <= 1 and len(s) < 200 for s in said), said


def test_a_sum_said_in_words_is_not_said_again_as_an_equation() -> None:
    # the co-interior angles named with their sum: the numbers follow at once, the equation is not restated
    sol, _ = _written("points E C F D\npolygon ECFD\nCE parallel to FD\nclockwise ECFD CFD DEC ECF FDE\n"
                      "angle CFD = x + 36\nangle CED = 2y\nangle ECF = 78\nangle EDF = 110\nfind y\n")
    text = sol.text()
    assert "the co-interior angles CED and EDF add up to 180°: 2y + 110 = 180, so 2y = 70 and y = 35." in text, text
    assert "angle CED + angle EDF = 180°" not in text, text


def test_a_reason_with_its_own_main_clause_is_not_comma_spliced_to_its_equation() -> None:
    # "by Pitot's theorem the sums … are equal" is a clause of its own: "; hence AD = …", not ", AD = …"
    sides = "ABCD"
    lines = [f"line {a} {t} {b}" for a, t, b in zip(sides, "WXYZ", sides[1:] + sides[0])]
    tangents = [f"{v}{t} tangent to circle O" for v, t in zip("ABBCCDDA", "WWXXYYZZ")]
    sol, _ = _written("points A B C D W X Y Z O\npolygon ABCD\n" + "\n".join(lines) + "\ncircle O through W X Y Z\n"
                      + "\n".join(tangents) + "\nAB = 24\nBC = 17\nCD = 20\nfind AD\n")
    assert "by Pitot's theorem the sums of its opposite sides are equal; hence AD = AB + CD - BC" in sol.text()


def test_two_radii_said_equal_carry_the_known_radius() -> None:
    # "AO = BO (radii of circle O)" and then "AB = √2·AO = √2·2": the 2 was put in before it was stated
    sol, w = _written("circle O through A B P\ntriangle OAB\nradius O = 2\nangle APB = 45\nfind AB\n")
    text = sol.text()
    assert "AO = BO = 2 (radii of circle O)." in text, text
    assert measures(w)["unstated"] == 0, text
