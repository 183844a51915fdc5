"""Blind review 15 (issue 37): the route a teacher takes.  A named one-step theorem where the proof took a chain:
a diameter perpendicular to a chord bisects its arcs (each half from the other arc at once), two right triangles
with a common hypotenuse and an equal leg (HL), a given perpendicular as the height between parallel sides, a
right isosceles triangle's hypotenuse by Pythagoras, a right triangle's sine as the ratio asked; and a degree
value a number with its degree sign.  Each case is the smallest problem that showed the class; each proof must
also lint clean and keep its answer."""
from __future__ import annotations

import pytest

from tests.test_proof_teacher17 import says

CASES = [
    # fg 13: the perpendicular from the centre bisects the major arc, which is half of what the minor arc leaves
    ("a diameter perpendicular to a chord halves its arc",
     "points O A B D M\ncircle O through A B D\nline A M B\nline M O D\nOM perpendicular to AB\n"
     "counterclockwise ADB\narc OBA = 98\nfind arc ODB\n", 131,
     ["it bisects the arc ADB", "= (360° - 98°)/2 = 131°"], ["inscribed", "isosceles", "/2)°"]),
    # fg 5: right triangles with a common hypotenuse and an equal leg are congruent (HL), never "Join MP" and SSS
    ("HL congruence, not a chain to SSS",
     "points N M Q P B C\ntriangle NMQ\ntriangle NQP\nline B M N\nline C P N\nNM perpendicular to QM\n"
     "QP perpendicular to NP\nclockwise NMQ NQP PNM\nMQ = 18\nPQ = 18\nangle PNQ = 4x - 8\nangle MNQ = 3x + 5\n"
     "find angle MNP\n", 88, ["congruent by HL"], ["Join MP", "SSS", "isosceles"]),
    # fg 6: the given perpendicular CE to DA is the height onto DA, never a co-interior angle first
    ("a given perpendicular is the height between the parallel sides",
     "points B D E C A\npolygon BDEC\ntriangle CEA\nparallelogram BDAC\nline D E A\nDE perpendicular to CE\n"
     "clockwise BDEC CEA DEC\nBC = 44\nAE = 19\nangle ACE = 30\nfind area ACBD\n", 836 * 3 ** 0.5,
     ["with the base DA and the height CE"], ["co-interior", "angle BCE"]),
    # gen 2: a right isosceles triangle's hypotenuse √2 times a leg by Pythagoras, never a base angle of 45° and its sine
    ("a right isosceles triangle's hypotenuse by Pythagoras",
     "points O A B C D E H\ntriangle ABC\ntriangle CAH\nline A D C\nline A E B\nline C O H\n"
     "circle O through A B C H\nCH diameter of circle O\nDE midsegment of ACB\nAO = 8\nangle ABC = 45\n"
     "find CD/CH\n", 2 ** 0.5 / 4, ["its hypotenuse is √2 times a leg (by Pythagoras); hence AC = "],
     ["sin(45°)", "45°; hence"]),
    # gen 11: a right angle at A gives AB/BC = sin C at once, never BC and AB each by the law of sines
    ("a right triangle's sine is the ratio asked",
     "points O A B C\ntriangle ABC\ncircle O through A B C\nAO = 4\nangle ABC = 30\nangle ACB = 60\nfind AB/BC\n",
     3 ** 0.5 / 2, ["In the right triangle BAC, AB/BC = sin(angle ACB) = sin(60°) = √3/2."], ["law of sines", "BC = 2·AO"]),
]


@pytest.mark.parametrize("what,text,value,has,lacks", CASES, ids=[c[0] for c in CASES])
def test_teacher15(what, text, value, has, lacks):
    says(text, value, has, lacks)


def test_a_degree_value_is_a_number_with_its_degree_sign():
    """A fraction of degrees (from whole givens) with a short decimal is printed as one (65.5°, as a student
    writes half of 131°); another is printed 131°/3, never (131/3)°; a whole number as it is; in LaTeX the degree
    sign on the numerator too."""
    import sympy
    from geomill.solvers.plane.write import Namer

    assert Namer(decimals=False).number(sympy.Rational(131, 2), True) == "65.5°"
    assert Namer(decimals=False).number(sympy.Rational(131, 3), True) == "131°/3"
    assert Namer(decimals=False).number(sympy.Integer(49), True) == "49°"
    assert Namer(style="latex", decimals=False).number(sympy.Rational(131, 3), True) == r"\frac{131^{\circ}}{3}"
