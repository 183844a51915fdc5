"""Proofs written as a textbook writes them: givens put in where used, rules in their natural form,
a midpoint as half, the algebra of a decisive step shown (teacher's classes B-G of issue 37)."""
import re

import pytest
from geomill.dsl import parse
from geomill.solvers.plane import solve_general


def _text(src: str) -> str:
    sol = solve_general(parse(src))
    return sol.text()


def test_a_given_is_never_listed_and_its_value_enters_the_equation():
    text = _text("points E C F D\npolygon ECFD\nCE parallel to FD\nclockwise ECFD CFD DEC ECF FDE\n"
                 "angle CFD = x + 36\nangle CED = 2y\nangle ECF = 78\nangle EDF = 110\nfind y\n")
    assert "We are given" not in text, text
    assert "2y + 110 = 180, so 2y = 70 and y = 35" in text, text  # no degree sign on one term only


def test_a_sum_of_expressions_is_shown_and_simplified_before_it_is_solved():
    text = _text("triangle ABC\nline B C D\nangle BAC = 2x\nangle ABC = x + 10\nangle ACB = 3x - 10\n"
                 "find angle ACD\n")
    assert "so (x + 10) + (3x - 10) + 2x = 180, 6x = 180 and x = 30" in text, text  # (one "so": blind teacher 35)
    assert text.count("6x = 180") == 1, text


def test_a_midpoint_gives_half_the_whole():
    text = _text("rectangle ABCD\nE on AB\nF on DC\nEF midsegment of ABCD\nAB = 3\nAD = 10\nfind AE\n")
    assert "E is the midpoint of AB; hence AE = AB/2 = 3/2." in text, text
    assert "2·BE" not in text and "Since also" not in text, text


@pytest.mark.parametrize("src, rule", [
    ("triangle ABC\ntriangle DEF\nABC similar to DEF\nAB = 3 DE / 5\nAC = 12\nfind DF\n",
     "DF/AC = DE/AB. Since AB = 3·DE/5, DE/AB = 5/3, so DF = AC·DE/AB = 12·5/3 = 20."),
    ("triangle ABC\nD on AC\nBD bisects angle ABC\nAB = 5\nBC = 3\nCD = 3/2\nfind AD\n", "AD/CD = AB/BC"),
])
def test_a_proportion_is_stated_as_its_ratios(src, rule):
    text = _text(src)
    assert rule in text, text
    assert not re.search(r"\b[A-Z]{2}·[A-Z]{2} = [A-Z]{2}·[A-Z]{2}\b", text), text


def test_a_quadratic_given_is_solved_visibly():
    text = _text("points L R Q M P\ntriangle LRQ\ntriangle LMR\ntriangle MPR\ntriangle QRP\nrhombus LMPQ\n"
                 "line L R P\nline Q R M\nclockwise LRQ LMR MPR QRP MPQ QLM MQL\nMP = 10\nangle MPQ = 8x\n"
                 "angle MLQ = 2 x^2 - 10\nfind angle LQM\n")
    assert "2x² - 10 = 8x, so x² - 4x - 5 = 0. Factorising, (x - 5)(x + 1) = 0, so x = 5" in text, text
    assert "x° = angle" not in text, text  # an element in the variable, not the variable in the element


@pytest.mark.parametrize("src, shown", [
    ("rectangle ABCD\nE midpoint of AB\nAB = 3\nAD = 10\nfind AE / AC\n",
     "Therefore AE/AC = (3/2)/√109 = 3√109/218."),
    ("triangle ABC right at C\nE on AB\nH midpoint of CA\nAC = 4\nBC = 6\nBE = 3\nfind AH / AE\n",
     "Therefore AH/AE = 2/(2√13 - 3) = 2(3 + 2√13)/43 = (6 + 4√13)/43."),
])
def test_a_ratio_is_rationalised_visibly(src, shown):
    assert shown in _text(src)
