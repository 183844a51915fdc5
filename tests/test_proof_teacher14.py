"""Blind review 14 (issues 37/39): generated solutions a teacher marks 4.5.  A value known is put in (never an
element kept as an unknown that cancels); a fact is said once; wording that is true as said (a point beyond a
segment's end lies on it extended, a segment joined before its first use); algebra as a student writes it (the
law of sines as side over sine, one chain of working); a derived fact tied to the given it rests on.  Each case
is the smallest problem that showed the class; each proof must also lint clean and keep its answer."""
from __future__ import annotations

import pytest

from tests.test_proof_teacher17 import says

CASES = [
    # 1. a given value of an element the solver's step did without (AW = 6) is put in: AZ = AW = 6, then numbers
    ("known: a given put in though the step cancels it",
     "points O A B C D W X Y Z\nquadrilateral ABCD\nline A W B\nline B X C\nline C Y D\nline D Z A\n"
     "circle O through W X Y Z\nAW tangent to circle O\nAZ tangent to circle O\nBW tangent to circle O\n"
     "BX tangent to circle O\nCX tangent to circle O\nCY tangent to circle O\nDY tangent to circle O\n"
     "DZ tangent to circle O\nAW = 6\nBW = 7\nBC = 17\nCD = 13\nangle BAD = 90\nfind DO\n", 45 ** 0.5,
     ["AZ = AW = 6", "DZ = AD - AZ = 9 - 6 = 3"], ["(AZ + 3) - AZ", "AZ + 7"]),
    # 2. two right angles in a semicircle: the equation once, its reason after it
    ("once: angles in a semicircle",
     "points O A B C D\nquadrilateral ABCD\nline A O C\nline B D\ncircle O through A B C D\n"
     "AC diameter of circle O\nAC = 85\nAB = 77\nAD = 40\nfind BD\n", 1443 / 17,
     ["Since AC is a diameter of circle O, angle ABC = angle ADC = 90° (angles in a semicircle)."],
     ["right angles; hence"]),
    # 2. a radius found is named there, not said again on a line of its own; the quotient with no 22√3/33
    ("once: a radius and a quotient",
     "points A B C D O\ntriangle ABC equilateral\nline A D C\ncircle O through A B C\nBD altitude of BAC\n"
     "O circumcentre of ABC\nAB = 11\nfind AO/AD\n", 2 / 3 ** 0.5,
     ["the radius AO of circle O = ", "(11√3/3)/(11/2) = 2√3/3"], ["(a radius of circle O)", "22√3/33"]),
    # 2. an equilateral triangle's sides said in one chain where it is shown equilateral
    ("once: an equilateral triangle's sides",
     "points A B C D H I\ntriangle ABC equilateral\nline A I D C\nline C H B\nBD median of BAC\n"
     "HI parallel to BA\nAB = 38\nCH = 26\nfind HI/DI\n", 26 / 7,
     ["it is equilateral; hence CI = HI = CH = 26."], ["Since triangle CHI is equilateral"]),
    # 3. a point beyond a segment's end lies on it extended; a segment joined before the sentence naming it
    ("true: on a segment extended, joined first",
     "points A B C F O\ntriangle ABC isosceles at A\nline C A F\nline B F\ncircle O through A B C\n"
     "O circumcentre of ABC\nangle BAC = 70\nAF = AB\nfind angle FBO\n", 70,
     ["Join AO. Since O is the circumcentre of triangle ABC, AO = BO."],  # (BO, the asked angle FBO's arm, is
     # drawn; its line order: test_a_point_on_a_ray_…)
     ["as F lies on CA)", "as F lies on CA;"]),
    # 4. the law of sines as side over the sine of the angle facing it
    ("algebra: the law of sines as a ratio",
     "points A B C D E\ntriangle ABC\nline B D A\nline B E C\nDE parallel to AC\nangle ABC = 60\n"
     "angle ACB = 45\nBD = 4\nfind DE\n", 24 ** 0.5,
     ["DE/sin(angle ABC) = BD/sin(angle BED), so DE = "], ["DE·sin("]),
    # 4. working that keeps one side is one chain
    ("algebra: one chain of working",
     "points A B C D H\nparallelogram ABCD\nline A H C\nline B H D\nH where AC meets BD\nAB = 15\nAD = 9\n"
     "angle BAD = 60\nfind AH\n", 21 / 2,
     ["so AC² = 15² + 9² - 2·15·9·cos(120°) = 441 and AC = 21."], ["so AC² = 441"]),
    # 2. the right angle beside an altitude's foot said with the altitude, never as 180° - 90°
    ("once: the right angle beside an altitude",
     "points A B C E F\ntriangle ABC\nline B E A\nline C F A\nCE altitude of CBA\nEF perpendicular to CF\n"
     "AB = 13\nBC = 9\nangle ABC = 60\nfind AF\n", 289 * 133 ** 0.5 / 532,
     ["Since CE is an altitude of triangle ABC and AEB is a straight line, angle BEC = angle AEC = 90°."],
     ["180° - angle BEC"]),
    # 5. a right angle named through a point on its arm: the reason says the point lies there
    ("reason: the point on the perpendicular's line",
     "points A B C R\ntriangle ABC\nline A R C\nRC perpendicular to BC\nAC = 12\nBC = 9\nfind AB\n", 15,
     ["Since RC is perpendicular to BC and R lies on CA, angle ACB = 90°."], []),
    # 5. perpendicular diagonals tied to the perpendicular given
    ("reason: the given the perpendicular diagonals rest on",
     "points A B C D E\nquadrilateral ABCD\nline A E C\nline B E D\nE where AC meets BD\nAE perpendicular to BE\n"
     "AE = 8\nCE = 14\nBE = 11\nDE = 3\nfind area ABCD\n", 154,
     ["Since AE is perpendicular to BE, the diagonals AC and BD of ABCD are perpendicular"], []),
]


@pytest.mark.parametrize("what,text,value,has,lacks", CASES, ids=[c[0] for c in CASES])
def test_teacher14(what, text, value, has, lacks):
    says(text, value, has, lacks)


def test_a_point_on_a_ray_is_placed_by_the_line_order():
    """Between the ends: on the segment; beyond the second end: on it extended; no order known: on the line."""
    from geomill.solvers.plane.write import _Writer

    w = type("W", (), {"proof": type("P", (), {"orders": (("C", "A", "F"), ("B", "E", "A"))})()})()
    assert _Writer._on(w, "F", "C", "A") == "F lies on CA extended"
    assert _Writer._on(w, "E", "B", "A") == "E lies on BA"
    assert _Writer._on(w, "F", "A", "C") == "F lies on line AC"  # (F is behind A seen from C: no ray through it)
    assert _Writer._on(w, "X", "C", "A") == "X lies on line CA"


def test_a_radius_found_is_named_where_it_is_found():
    """"the radius of circle A = … = 5. AX = 5 (a radius of circle A)." is one sentence naming AX, in a line or
    across two; a radius line whose value differs from the one found stays."""
    from geomill.solvers.plane.write import _radius_named

    said = "So the radius of circle A = diameter of circle A/2 = 10/2 = 5. AX = 5 (a radius of circle A). Then x."
    assert _radius_named([said]) == ["So the radius AX of circle A = diameter of circle A/2 = 10/2 = 5. Then x."]
    two = ["Hence the radius of circle O = √3·AB/3 = 11√3/3.", "AO = 11√3/3 (a radius of circle O)."]
    assert _radius_named(two) == ["Hence the radius AO of circle O = √3·AB/3 = 11√3/3."]
    other = ["Hence the radius of circle O = 4.", "AO = 5 (a radius of circle O)."]
    assert _radius_named(other) == other
