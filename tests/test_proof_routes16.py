"""Blind review 16 (issue 37): the shorter route a teacher takes.  A judgement's premises weighed by their own
acyclic proofs (never by a conclusion that rests on them), an isosceles triangle with a 60° angle equilateral in
one step, the law of cosines at a known angle before Stewart's theorem, the centroid two thirds of the way along
a median, and a light equation solved for one element cited for another once a shorter proof of the first is
found.  Each case is the smallest problem that showed the class; each proof must also lint clean and keep its
answer."""
from __future__ import annotations

import pytest
from geomill.dsl import parse
from geomill.solvers.numeric import build_model
from geomill.solvers.plane.deduce import Deduction

from tests.test_proof_teacher17 import says

GEN6 = ("points A B C O\ntriangle ABC isosceles at A\ncircle O through A B C\nO circumcentre of ABC\nAB = 7\n"
        "angle BAC = 120\nfind CO\n")

CASES = [
    # gen 6: AOB isosceles (radii) with a 60° apex is equilateral; its premise angle AOB = 60 weighed by the central
    # angle that proves it, not by the equilateral triangle's own angles
    ("an isosceles triangle with a 60° apex, equilateral at once", GEN6, 7,
     ["is isosceles with an angle of 60° at O, it is equilateral"],  # (AO = BO said the line before: teacher 36)
     ["two angles of 60°", "angle ABO", "angle BAO"]),
    # gen 15: the law of cosines at the cevian's foot (angle BPC = 120°), not Stewart's theorem from AC
    ("the law of cosines at a known angle, not Stewart",
     "points A B C P\ntriangle ABC\nline A P B\nline C P\nAP = 15\nBP = 3\nCP = 12\nangle APC = 60\n"
     "find perimeter ABC\n", 18 + 6 * 21 ** 0.5, ["By the law of cosines in triangle BCP"], ["Stewart"]),
    # gen 7: the centroid two thirds of the way along the median, not BF = 2·EF and BF + EF = BE
    ("the centroid two thirds of the way along a median",
     "points A B C D E F\ntriangle ABC\nline B D C\nline C E A\nline A F D\nline B F E\nF where AD meets BE\n"
     "AD median of ABC\nBE median of BCA\nBE = 9\nfind BF\n", 6,
     ["two thirds of the way along each median from its vertex; hence BF = 2·BE/3 = 2·9/3 = 6"], ["EF"]),
    # fg 14 (FormalGeo 1258): CD by the altitude rule and BC by Pythagoras in BDC, not AB, AC and Pythagoras in ABC
    ("the altitude rule then Pythagoras in the small triangle",
     "points A B D C\ntriangle ABD\ntriangle DBC\nline A D C\nAB perpendicular to CB\nCD perpendicular to BD\n"
     "clockwise ABD DBC ABC\nAB = x\nAD = 3 sqrt(2)\nBC = y\nBD = sqrt(2)\nCD = z\nfind y\n", 2 * 5 ** 0.5 / 3,
     ["BD is perpendicular to the hypotenuse AC, by the geometric mean (altitude) theorem",
      "By Pythagoras in the right triangle BDC"], ["(leg) theorem", "AC ="]),
    # teacher 17's gen 6: the third side of a triangle whose two sides and their angle are given, by the law of
    # cosines, then the parallelogram's halved diagonal; not the angle sum, the other diagonal and Stewart's theorem
    ("the law of cosines on given sides and angle, before Stewart",
     "quadrilateral ABCD\nline A H C\nline B H D\nH where AC meets BD\nAB = 13\nCD = 13\nBC = 8\nAD = 8\n"
     "angle BAD = 60\nfind DH\n", 129 ** 0.5 / 2,
     ["By the law of cosines in triangle ABD", "DH = BD/2 = √129/2"], ["Stewart", "polygon ABCD"]),
    # teacher 17's gen 15: a parallelogram proved from its sides gives its adjacent angles at once (co-interior on its
    # parallel sides), not the quadrilateral's angle sum halved
    ("a judged parallelogram's adjacent angles",
     "quadrilateral ABCD\nline A G C\nline B G D\nG where AC meets BD\nAB = 5\nCD = 5\nBC = 4\nAD = 4\n"
     "angle BAD = 60\nfind CG\n", 61 ** 0.5 / 2,
     ["it is a parallelogram, whose co-interior angles at A and B add up to 180° (as AD is parallel to BC); hence "
      "angle ABC = 180° - angle BAD = 180° - 60° = 120°"], ["polygon ABCD", "240°"]),
    # ... but never its quadratic for a side beside the given angle (two given radii and the angle at A: "AC² -
    # 5√3·AC = 0 … rejecting AC = 0")
    ("no quadratic law of cosines for a side beside the given angle",
     "points A B C O\ncircle O through A B C\nline A O B\ntriangle ABC\ntriangle AOC\nAO = 5\nCO = 5\n"
     "angle CAO = 30\nfind AC\n", 5 * 3 ** 0.5, ["= 5√3"], ["rejecting", "AC² - "]),
]


@pytest.mark.parametrize("what,text,value,has,lacks", CASES, ids=[c[0] for c in CASES])
def test_routes16(what, text, value, has, lacks):
    says(text, value, has, lacks)


def test_a_premise_is_weighed_by_a_proof_from_earlier_equations():
    """Every equation's weighed proof (its closure) cites only equations the table had before it: acyclic, so that
    a judgement's premise is never weighed by a conclusion that rests on it (gen 6: the equilateral triangle's
    angle AOB = 60 from AOB itself made the two-angles route look lighter)."""
    problem = parse(GEN6)
    ded = Deduction(problem, build_model(problem))
    assert ded.run().value == 7
    for eq in ded.table.equations:
        assert max(ded._closure(eq, 0)) == eq.id
