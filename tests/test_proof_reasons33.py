"""Blind teachers' classes on FormalGeo solutions (issue 37, proofs33): a step's reason said (the altitude on the
hypotenuse is perpendicular to it), a proportion written as its ratios, not cross-multiplied (a side squared, a
product the step does not solve for), similar figures' areas as the square of the sides' ratio, and a value said
once.  Each case is the smallest problem that showed the class; each proof must also lint clean and keep its
answer."""
from __future__ import annotations

import pytest

from geomill.solvers.plane.write import _then_once
from tests.test_proof_teacher17 import says

CASES = [
    # FormalGeo 975, 800, 1830: "with the altitude BD" where the right angle at D was never said (the problem gives
    # AD ⊥ BD, and the step needs angle BDC): the sentence says BD is perpendicular to the hypotenuse
    ("the altitude's reason: perpendicular to the hypotenuse (leg rule)",
     "points A B C D\ntriangle ABC\nline A D C\nline B D\nAB perpendicular to CB\nAD perpendicular to BD\nAD = 8\n"
     "CD = 3\nfind AB\n", 2 * 22 ** 0.5,
     ["Since AB is perpendicular to CB and BD is perpendicular to the hypotenuse AC, by the geometric mean (leg) "
      "theorem in the "
      "right triangle ABC, "],
     ["(as angle ABC = 90°)", "hypotenuse CA"]),
    # a parallel from two given midpoints used with no reason ("Since DE is parallel to BC, …")
    ("a midsegment's parallel says where it comes from",
     "points A B C D E\ntriangle ABC\nline A D B\nline A E C\nline D E\nD midpoint of AB\nE midpoint of AC\n"
     "angle ABC = 50\nfind angle ADE\n", 50, ["DE is parallel to BC (DE joins the midpoints of AB and AC)"], []),
    # FormalGeo 5706: ABD ~ CBA sharing AB, "BC·BD = AB²" said as the proportion BC/AB = AB/BD
    ("a proportion with a shared side, not cross-multiplied",
     "points A B C D\ntriangle ABC\nline B D C\nline A D\nangle BAD = angle ACB\nAB = 6\nBD = 4\nfind CD\n", 5,
     ["BC/AB = AB/BD, so BC = AB²/BD = 6²/4 = 9"], ["BC·BD = AB²"]),
    # FormalGeo 5979: similar triangles' areas as the square of the sides' ratio, never AB²/AD²
    ("the area ratio of similar triangles as a squared ratio",
     "points A B C D E\ntriangle ABC\nline A D B\nline A E C\nDE parallel to BC\nAD = 2\nAB = 6\narea ADE = 3\n"
     "find area ABC\n", 27, ["(area ABC)/(area ADE) = (AB/AD)², so"], ["= AB²/AD², so"]),
    # FormalGeo 544: angle MLQ = 40° found with x, then worked out again from its other expression
    ("a value found once",
     "points L M P Q R\nrhombus LMPQ\nline L R P\nline Q R M\nMP = 10\nangle MPQ = 8x\nangle MLQ = 2x^2 - 10\n"
     "find angle LQM\n", 70, ["angle MLQ = (8·5)° = 40°", "= (180° - 40°)/2 = 70°"], ["Then angle MLQ"]),
]


@pytest.mark.parametrize("what,text,value,has,lacks", CASES, ids=[c[0] for c in CASES])
def test_reasons33(what, text, value, has, lacks):
    says(text, value, has, lacks)


def test_a_value_worked_out_again_is_left_out_only_where_said():
    """``Then X = … = V.`` goes only where an earlier sentence said X = … = V; a value said for another element,
    or a different value, keeps it."""
    said = ["So angle MLQ = (8·5)° = 40° and angle MLR = 20°.",
            "Then angle MLQ = (2x² - 10)° = 2·5² - 10 = 40°. By the angle sum, angle LQM = 70°."]
    assert _then_once(said) == [said[0], "By the angle sum, angle LQM = 70°."]
    kept = ["So angle MLR = 40°.", "Then angle MLQ = (2x² - 10)° = 2·5² - 10 = 40°."]
    assert _then_once(kept) == kept
    other = ["So angle MLQ = 4x° = 400°.", "Then angle MLQ = (2x² - 10)° = 40°."]
    assert _then_once(other) == other
