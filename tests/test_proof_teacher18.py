"""Blind review 18 (issue 37): proofs a teacher would sign.  A value is said once (never "(163/2) = x, so
2x = 163 and x = 163/2", never a height's value again after it was found); a theorem's sentence reads as
a sentence: the reason, the equation, then the theorem's name.  Each case is the smallest problem that
showed the class; each proof must also lint clean and keep its answer."""
from __future__ import annotations

import pytest

from tests.test_proof_teacher17 import says


CASES = [
    # 1. an equation that already reads "x = number" once the value is put in: the value said once
    ("algebra: a value equal to a variable",
     "points A G H J K L\ntriangle JGK\nline L G J\nline H G K\ncircle A through H L K J\n"
     "clockwise JGK HLK HKJ KGL\nangle KGL = x\narc AHJ = 47\narc AKL = 116\nfind x\n", 163 / 2,
     ["hence angle KGL = arc HJ/2 + arc KL/2 = 47°/2 + 116°/2 = 81.5°, so x = 163/2."], ["= x", "2x = 163"]),
    # 1. a side in a trig ratio's denominator solved forwards: BC = AC/tan(…), never "8 = BC·tan(30°), so √3·BC/3 = 8"
    ("algebra: a trig ratio's denominator",
     "points A B C\ntriangle ABC\nBC perpendicular to AC\nclockwise ABC\nAB = y\nAC = 8\nBC = x\nangle ABC = 30\n"
     "find x\n", 8 * 3 ** 0.5,
     ["tan(angle ABC) = AC/BC, so BC = AC/tan(angle ABC) = 8/tan(30°) = 8√3."], ["8 = BC", "√3·BC/3"]),
    # 2. a drawn height found before: named the shape's height, its value not said again
    ("facts once: a height found before",
     "points A B C D E\nisosceles trapezoid ABCD bases AD BC\nline B E C\nAE perpendicular to BE\nAB = 17\n"
     "angle ABC = 45\nfind height BCDA\n", 17 * 2 ** 0.5 / 2,
     ["AE = AB·sin(angle ABC) = 17·sin(45°) = 17√2/2.",
      "Since AE is perpendicular to BC, AE is the height of the isosceles trapezoid ABCD."], ["hence AE"]),
    # 3. an inscribed angle's step with no unreasoned "Since A is not on arc BC": the arc it stands on
    ("sentence: the inscribed angle on its arc",
     "points A B C O\ntriangle ABC\ncircle O through A B C\ncounterclockwise OBC\nAO = 6\nangle ABC = 70\n"
     "angle ACB = 30\nfind sector area OBC\n", 16 * 3.141592653589793,
     ["Since the inscribed angle BAC stands on arc BC, it is half the arc; hence arc BC = 2·angle BAC"],
     ["not on arc"]),
    # 3. a theorem's sentence: the bisected angle at its vertex, the equation, then the theorem's name
    ("sentence: the exterior angle bisector theorem",
     "points A B C H I\ntriangle ABC\nline A B H\nline A C I\nCH bisects angle ICB\nAB = 5\nBC = 4\nAC = 7\n"
     "find AH/AB\n", 7 / 3,
     ["Since CH bisects the exterior angle at C of triangle CAB, BH/AH = BC/AC (the exterior angle bisector "
      "theorem)"], ["theorem:", "by the exterior"]),
]


@pytest.mark.parametrize("what,text,value,has,lacks", CASES, ids=[c[0] for c in CASES])
def test_teacher18(what, text, value, has, lacks):
    says(text, value, has, lacks)


def test_a_linear_equation_with_a_unit_coefficient_is_solved_in_one_step():
    """x + 5 = 12 gives x = 7 at once; 6x = 366 is a step only where x has a coefficient."""
    import sympy
    from geomill.solvers.plane.write import _Writer

    x = sympy.Symbol("x")
    solving = _Writer._solving
    w = type("W", (), {"wrap": staticmethod(lambda t: t), "n": None, "sub": {}})()
    assert solving(w, sympy.Rational(163, 2) - x, x, sympy.Rational(163, 2)) == ([], "")
    assert solving(w, x / 2 - 3, x, sympy.Integer(6)) == ([], "")
