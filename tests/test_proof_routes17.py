"""Blind review 17 (issue 37): the route a teacher takes, and the words.  A midpoint a judgement proves gives each
half as the whole over two at once; a judgement from derived premises stays beside another of its round that said
its conclusion first; a triangle whose sides touch one circle has its perimeter from one tangent per vertex; a
sector's arc named as a textbook names it; the leg theorem by its textbook name; a right angle the sentence says as
its perpendicular not cited again; a square root of roots solved for the square first.  Each case is the smallest
problem that showed the class; each proof must also lint clean and keep its answer."""
from __future__ import annotations

import pytest

from tests.test_proof_teacher17 import says

_TOUCHING = ("points J K L M N O R\ntriangle JKL\nline J M K\nline J O L\nline K N L\ncircle R through M O N\n"
             "JM tangent to circle R\nJO tangent to circle R\nKM tangent to circle R\nKN tangent to circle R\n"
             "LN tangent to circle R\nLO tangent to circle R\nclockwise MON\nJO = 12\nKM = 7\nLN = x + 3\n"
             "LO = 4x - 9\nfind perimeter JKL\n")

CASES = [
    # gen 11: DE ∥ AB through the midpoint D of BC gives AE = AC/2 at once, not the midline DF and the
    # parallelogram AEDF (D the midpoint from BD = BC - CD: a derived premise)
    ("the midline converse's halves at once",
     "points A B C D E F\ntriangle BCA right at C\nquadrilateral AEDF\nline C D B\nline A E C\nline A F B\n"
     "ED parallel to AB\nFD parallel to AC\nAC = 4\nBC = 8\nCD = 4\nfind AC/AE\n", 2,
     ["E is the midpoint of CA", "AE = AC/2 = 4/2 = 2"], ["parallelogram", "DF"]),
    # gen 8: the same for the trapezoid's midline from the midpoint of a leg, its midpoint named
    ("the trapezoid's midline converse names its midpoint",
     "points A B C D E F\ntrapezoid ABCD bases AD BC\nline A F B\nline D E C\nline F E\nE midpoint of DC\n"
     "FE parallel to BC\nAB = 16\nfind AF\n", 8, ["F is the midpoint of AB; hence AF = AB/2 = 16/2 = 8"], []),
    # fg 10: the perimeter of a triangle whose sides touch one circle, twice one tangent from each vertex
    ("a touching triangle's perimeter from its tangents", _TOUCHING, 52,
     ["its perimeter is twice one tangent from each vertex", "= 52"], ["lies on JK", "lies on KL", "lies on JL"]),
    # gen 1: the sector's arc named, never the turn that picks it
    ("the sector's arc by its name",
     "points A B C D O\ntriangle ABC\nline C O D\ncircle O through A B C D\ncounterclockwise ODB\nAO = 4\n"
     "angle ABC = 30\nangle ACB = 70\nfind sector area ODB\n", 8 * 3.141592653589793 / 9,
     ["for sector ODB on the minor arc DB,"], ["runs from", "counterclockwise"]),
    # fg 14: the geometric mean (leg) theorem by its textbook name
    ("the leg theorem named",
     "points C A Y B\ntriangle CAY\ntriangle CYB\nline A Y B\nBC perpendicular to AC\nCY perpendicular to BY\n"
     "clockwise CAY CYB BCA\nAC = 5\nAB = 15\nfind AY\n", 5 / 3,
     ["Since BC is perpendicular to AC and CY is perpendicular to the hypotenuse AB, by the geometric mean (leg) "
      "theorem in "
      "the right triangle ACB,"], ["leg rule"]),
    # gen 2: a right angle the sentence says as its perpendicular is not cited again after the arcs' sum
    ("a right angle said as its perpendicular",
     "points A B C G H O\ntriangle ABC\nline B G C\nline O G H\ncircle O through A B C H\nOG perpendicular to BG\n"
     "angle ABC = 70\nangle ACB = 30\nfind angle AOG\n", 140,
     ["perpendicular to the chord BC from the centre, it bisects"], ["(as angle BGO = 90°)"]),
    # gen 6 (before the law of cosines took it): Stewart's theorem on a diagonal of root length, the square first
    ("a square root of roots: the square first",
     "points A B C H\ntriangle ABC\nline A H C\nline B H\nAH = HC\nAB = 13\nBC = 8\nAC = sqrt(337)\nfind BH\n",
     129 ** 0.5 / 2, ["BH² = (AB²·CH", "= 129/4 and BH = √129/2"], ["√(("]),
]


@pytest.mark.parametrize("what,text,value,has,lacks", CASES, ids=[c[0] for c in CASES])
def test_routes17(what, text, value, has, lacks):
    says(text, value, has, lacks)
