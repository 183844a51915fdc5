"""Blind review 12, the classes left open (issue 37): the one-step named theorem where the proof took a longer
route.  The chord-angle theorem is applied to the asked angle itself (never to its vertical angle, then
"vertical angles"), and the midpoint theorem (a midpoint and a parallel through it: the other midpoint) is kept
where another judgement of the same round proved its conclusion first.  Each case is the smallest problem that
showed the class; each proof must also lint clean and keep its answer."""
from __future__ import annotations

import pytest

from tests.test_proof_teacher17 import says

CASES = [
    # the angle asked is the vertical angle of the one the block's labelling names: the theorem still applies
    ("route: the chord angle asked, not its vertical angle",
     "points O A B C D P\ncircle O through A B C D\nline A P B\nline C P D\nclockwise APC\narc OBD = 50\n"
     "arc OAC = 70\nfind angle BPD\n", 60,
     ["the angle BPD is half the sum of the arcs", "hence angle BPD = (arc AC + arc BD)/2"], ["vertical angles)"]),
    # the goal a variable naming the angle: the theorem solved for the angle, then the variable read off
    ("algebra: the chord angle named by a variable",
     "points O A B C D P\ncircle O through A B C D\nline A P B\nline C P D\nclockwise APC\nangle BPD = x\n"
     "arc OBD = 50\narc OAC = 75\nfind x\n", 62.5,
     ["hence angle BPD = (arc AC + arc BD)/2 = (75° + 50°)/2 = 62.5°, so x = 125/2."], ["2x ="]),
    # a midpoint and a parallel through it: the other midpoint at once, not equal angles and an isosceles triangle
    ("route: the midpoint theorem, not an angle chase",
     "points A B C E F\ntriangle ABC\nAB = AC\nline A E C\nline A F B\nE midpoint of AC\nEF parallel to CB\n"
     "AB = 5\nfind BF\n", 2.5,
     ["F is the midpoint of AB", "hence BF = AB/2 = 5/2."], ["corresponding angles", "equal angles", "is the midpoint of AB, F is the midpoint"]),
    ("route: the midpoint theorem in an equilateral triangle",
     "points A B C D E\ntriangle ABC\nAB = BC\nBC = CA\nline A D C\nline A E B\nD midpoint of AC\n"
     "DE parallel to CB\nAB = 10\nfind BE\n", 5,
     ["E is the midpoint of AB", "hence BE = AB/2 = 10/2 = 5."], ["60°", "equilateral"]),
]


@pytest.mark.parametrize("what,text,value,has,lacks", CASES, ids=[c[0] for c in CASES])
def test_teacher12(what, text, value, has, lacks):
    says(text, value, has, lacks)


def test_a_relation_of_three_lengths_is_said_with_the_odd_one_alone():
    """DM + EM - DF = -2 is said as a student writes it, DF = DM + EM + 2 (the one term whose sign differs,
    alone on its side); two terms, or no odd one with a unit coefficient, keep their form."""
    import sympy
    from geomill.engine.plane import element_symbol
    from geomill.solvers.plane.write import _linear, _lone_sign

    dm, em, df, fm = (element_symbol("length", tuple(p)) for p in ("DM", "EM", "DF", "FM"))
    assert _lone_sign(_linear(dm + em - df + 2)[0]) == (-1, df)
    assert _lone_sign(_linear(df - dm - em - 2)[0]) == (1, df)
    assert _lone_sign(_linear(fm - em - 2)[0]) is None
    assert _lone_sign(_linear(dm + em - 2 * df)[0]) is None
    assert _lone_sign(_linear(dm + em + df - 2)[0]) is None
