"""Blind review 15 (issue 37): every step with its reason, every fact once.  A given shape's fact cites the property
it uses (the opposite angles of a parallelogram, the sides of a kite that meet at the vertex its pair shares); a
parallel the problem gives through a third segment names that given; a right angle a right triangle rests on is
kept; a bracket's reason repeats no equality the proof has said; a shape shown once gives its later facts there; a
half no later step uses is left out.  Each case is the smallest problem that showed the class; each proof must also
lint clean and keep its answer."""
from __future__ import annotations

import re

import pytest
from geomill.engine.plane import element_of
from geomill.engine.relations import BLOCKS

from tests.test_proof_teacher17 import says

_SQUARE_CUT = ("points A B C D E F\nsquare ABCD\nline A E B\nline D F C\nline E F\nE midpoint of AB\n"
               "EF parallel to BC\nAB = 5\nfind AE/EF\n")
_TANGENTS = ("points O A B C D W X Y Z\nquadrilateral ABCD\nline A W B\nline B X C\nline C Y D\nline D Z A\n"
             "circle O through W X Y Z\nAW tangent to circle O\nAZ tangent to circle O\nBW tangent to circle O\n"
             "BX tangent to circle O\nCX tangent to circle O\nCY tangent to circle O\nDY tangent to circle O\n"
             "DZ tangent to circle O\nAW = 6\nBW = 8\nBC = 20\nCD = 14\nangle BAD = 90\nfind OW/DO\n")

CASES = [
    # 1. a parallelogram's equal angles: the property named, never "Since ABCD is a parallelogram" alone (fg 1)
    ("reason: the parallelogram's opposite angles",
     "points A B C D\nparallelogram ABCD\nangle ABC = 6x - 54\nangle ADC = 4x + 6\nfind x\n", 30,
     ["Since the opposite angles of the parallelogram ABCD are equal, angle "], ["Since ABCD is a parallelogram"]),
    # 1. a kite's other pair of equal sides: the vertex where that pair meets (fg 4)
    ("reason: the kite's sides at the vertex they share",
     "points A B C D\nkite ABCD at A\nCD = 7\nfind BC\n", 7,
     ["Since the sides of the kite ABCD that meet at C are equal"], ["equal sides meet at A, "]),
    # 1. a parallel derived through the shape: it names the given it rests on (gen 7)
    ("reason: a derived parallel cites its given", _SQUARE_CUT, 0.5,
     ["FE is parallel to AD (both are parallel to BC)"], []),
    # 1. a parallelogram's side said equal to a segment outside it names the opposite side first (gen 7)
    ("reason: the parallelogram's own side", _SQUARE_CUT, 0.5, ["ADFE is a parallelogram; hence EF = AD = BC = 5."],
     []),
    # 1. no switch to the complement of a given angle: one form, the given's (fg 11)
    ("reason: the given angle kept",
     "points A D N\ntriangle ADN\nND perpendicular to AD\nDN = 13\nangle DAN = 40\nfind AD\n", 13 / 0.8390996311772800,
     ["AD = DN/tan(angle DAN) = 13/tan(40°)."], ["tan(50°)"]),
    # 1. which arc a sector takes: the minor arc BC, named as a textbook does (gen 15; teacher 17 gen 1)
    ("reason: the sector's arc",
     "points O A B C\ntriangle ABC\ncircle O through A B C\ncounterclockwise OBC\nAO = 5\nangle ABC = 70\n"
     "angle ACB = 30\nfind sector perimeter OBC\n", 10 + 40 * 3.141592653589793 / 9,
     ["sector OBC on the minor arc BC,"], ["its arc runs"]),
    # (an arc's length names its arc already: no bracket that says it again, gen 14)
    ("reason: an arc's length names its arc once",
     "points O A B C\ntriangle ABC\ncircle O through A B C\nclockwise OBC\nAO = 10\nangle ABC = 30\n"
     "angle ACB = 40\nfind arc length OBC\n", 110 * 3.141592653589793 / 9,
     ["By the arc length formula for major arc BC, the length of major arc BC = "],
     ["(its arc runs", "on the major arc"]),
    # 1. the right angle a right triangle's area rests on, said first (fg 14)
    ("reason: the right angle of the right triangle used",
     "points L B E D A\ntriangle LBE\nline L D E\nline B E A\nDE perpendicular to AE\nDL = 15\nDE = 20\nBE = 16\n"
     "find area BEL\n", 280, ["AEB is a straight line, angle BEL = 90°."], []),
    # 2. a bracket's reason repeats no equality the proof has said (gen 6)
    ("once: the isosceles triangle's equal sides",
     "points A B C O\ntriangle ABC\ncircle O through A B C\nO circumcentre of ABC\nangle ABC = 70\nangle ACB = 30\n"
     "find angle BCO\n", 10, ["BO = CO.", "(its base angles are equal)"], ["as OB = OC"]),
    # 2. a shape shown once gives its later facts where it is shown (gen 3)
    ("once: a square's sides", _TANGENTS, 3 / 10 ** 0.5, ["OWAZ is a square; hence OZ = OW = AW = 6."],
     ["Since OWAZ is a square"]),
    # 2. a half no later step uses is left out (gen 7)
    ("once: an unused half", _SQUARE_CUT, 0.5, ["AE = AB/2 = 5/2"], ["BE = AE"]),
]


@pytest.mark.parametrize("what,text,value,has,lacks", CASES, ids=[c[0] for c in CASES])
def test_teacher15(what, text, value, has, lacks):
    says(text, value, has, lacks)


def test_every_reason_a_block_gives_fits_its_equation():
    """A block gives one reason per equation (or none); a reason that names where a pair of sides meets names the
    point both sides of its equation share (the kite's other pair meets at C, never at A)."""
    for block in BLOCKS:
        if not block.reasons:
            continue
        assert len(block.reasons) == len(block.equations), block.key
        for why, (lhs, rhs) in zip(block.reasons, block.equations):
            m = re.search(r"meet at \{([A-Z])\}", why)
            if m is None:
                continue
            sides = [set(element_of(x).points) for x in (lhs - rhs).free_symbols]
            assert len(sides) == 2 and sides[0] & sides[1] == {m[1]}, (block.key, why)


def test_a_bracket_drops_only_an_equality_said_before():
    """An equality said before leaves the bracket (the rest of it stays); one never said, or a criterion's
    parts, stay as they are."""
    from geomill.solvers.plane.tidy import _bracket_said_before

    said = [["FJ = HJ.", "By the isosceles triangle FHJ (its base angles are equal, as JF = JH; K lies on HF), x.",
             "By the isosceles triangle ABD (as AB = AD), y.", "By the isosceles triangle ABC (as AB = AC), z.",
             "Since triangles FJK and HJK are congruent by SSS (as FJ = HJ), w."]]
    assert _bracket_said_before([list(said[0])]) == [[
        "FJ = HJ.", "By the isosceles triangle FHJ (its base angles are equal; K lies on HF), x.",
        "By the isosceles triangle ABD (as AB = AD), y.", "By the isosceles triangle ABC (as AB = AC), z.",
        "Since triangles FJK and HJK are congruent by SSS (as FJ = HJ), w."]]
    assert _bracket_said_before([["AB = AD.", "By the isosceles triangle ABD (as DA = BA), y."]]) == [
        ["AB = AD.", "By the isosceles triangle ABD, y."]]
