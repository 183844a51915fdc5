"""Blind review 16 (issue 37): a fact is never restated nor stated unused, and a step names every premise it reads.

1. A relation's fact the question says in so many words (the right angle of "a right triangle with the right angle
   at C", a median's equal halves) is no line of its own where only judgements use it: the judgement cites it
   where first used ("as angle ACB = 90°") or names it (the medians); a chain that ends in the relation it proves
   is not followed by "So …" saying it again; a fact is stated next to the step that uses it.
2. A judgement names every premise its block reads (the tangents' radii of a square, the midpoint a cut-off
   parallelogram carries across), and a radius used under its segment's name says it is one.

Each case is the smallest problem that showed the class; each proof must also lint clean."""
from __future__ import annotations

import pytest
from geomill.dsl import parse
from geomill.solvers.plane import solve_general
from geomill.solvers.plane_lint import lint_general


def _lines(text: str, value: float) -> list[str]:
    sol = solve_general(parse(text))
    assert abs(float(sol.exact) - value) < 1e-9
    assert not lint_general(sol)
    return sol.proof.render("text").splitlines()


CASES = [
    # 1. the question's right angle, cited by the step that uses it, never a line restating the question
    ("restated: a right triangle's right angle",
     "points A B C\ntriangle ABC right at C\nAC = 3\nBC = 4\nfind AB\n", 5,
     ["By Pythagoras in the right triangle ACB (as angle ACB = 90°)"], ["Since ABC is a right triangle"]),
    # 1. a median's halves, which the centroid's sentence names as the medians
    ("restated: a median's halves",
     "points A B C D E F\ntriangle ABC\nline B D C\nline C E A\nline A F D\nline B F E\nF where AD meets BE\n"
     "AD median of ABC\nBE median of BCA\nBE = 9\nfind BF\n", 6,
     ["Since the medians AD and BE of triangle ABC meet at F"], ["BD = CD", "CE = AE", "AE = CE"]),
    # 1. a chain that ends in the relation it proves: no "So AE = AF." after "AE = AC/2 = (2·AF)/2 = AF."
    ("restated: the end of a chain",
     "points A B C E F\ntriangle ABC isosceles at A\nline A E C\nline A F B\nline E F\nE midpoint of AC\n"
     "F midpoint of AB\nangle BAC = 70\nfind angle AFE\n", 55,
     ["= AF."], ["So AE = AF"]),
    # 2. the tangent square: both radii perpendicular to their tangents, with the equal tangents and the right angle
    ("premises: the tangents' square",
     "points A B O P\ncircle O through A B\nPA tangent to circle O\nPB tangent to circle O\nangle APB = 90\nPA = 5\n"
     "find OB\n", 5,
     ["the equal tangents PA and PB from P meet at a right angle and are perpendicular to the radii OA and "
      "OB, OAPB is a square"], []),
    # 2. the cut-off parallelogram carries the midpoint across: its equal sides and halves, and the given midpoint
    ("premises: a midpoint carried through a parallelogram",
     "points A B C D E F\nparallelogram ABCD\nline A E B\nline D F C\nline E F\nE midpoint of AB\nEF parallel to BC\n"
     "AB = 4\nfind DF\n", 2,
     ["ADFE is a parallelogram and DF = AE = AB/2 = 4/2 = 2 (as E is the midpoint of AB)."],
     ["Since E is the midpoint of AB, AE = BE."]),
    # 2. a radius standing under its segment's name in a formula is the radius the question gives (never restated)
    ("premises: a radius by another name",
     "points O A B C\ncircle O through A B C\ncounterclockwise OBC\nAO = 6\nangle BOC = 60\nfind arc length OBC\n",
     2 * 3.141592653589793,
     ["the length of arc BC = (60/360)·2π·6 = 2π."],  # (teachers 45, 46: the given radius put in, no letter for it)
     ["the radius of circle O = AO", "The radius of circle O is AO", "AO", "Let r"]),
]


@pytest.mark.parametrize("what,text,value,has,lacks", CASES, ids=[c[0] for c in CASES])
def test_teacher16(what, text, value, has, lacks):
    proof = "\n".join(_lines(text, value))
    for s in has:
        assert s in proof, proof
    for s in lacks:
        assert s not in proof, proof


def test_a_fact_is_stated_next_to_the_step_that_uses_it():
    """Four equal inscribed angles, which only the two similarities at the end use, come after the chain of lengths
    (law of cosines, line addition, …) and just before the similarities, not up front."""
    lines = _lines("points O A B C D P\nquadrilateral ACBD\nline A P B\nline C P D\ncircle O through A C B D\n"
                   "AP = 15\nBP = 3\nCP = 12\nangle APC = 60\nfind perimeter ACBD\n", 21 * 21 ** 0.5 / 2)
    arcs = [i for i, x in enumerate(lines) if "stand on the same arc" in x and " similar " not in x]
    similar = next(i for i, x in enumerate(lines) if " similar by AA" in x)
    cosines = next(i for i, x in enumerate(lines) if "law of cosines" in x)
    assert arcs and cosines < min(arcs) and max(arcs) < similar, lines
    assert arcs == list(range(min(arcs), similar)), lines


def test_a_premise_said_by_a_property_stays():
    """The tangent's right angle is a theorem about the tangent, not the question's words: it keeps its line."""
    lines = _lines("points A B C F O\ntriangle ABC\ntriangle OBF\ncircle O through A B C\nFB tangent to circle O\n"
                   "AO = 3\nBF = 5\nfind area BFO\n", 7.5)
    # (said, just before the sentence that uses it: blind teacher 27 marked a fact said steps before its use)
    assert "Since FB is tangent to circle O at B, angle FBO = 90°. Since the area of the right triangle FBO" \
        in " ".join(lines), lines
