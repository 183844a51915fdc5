"""Blind review 15, the faults left (issue 37): HL says its right angles and hypotenuse; a point's place on a
major arc has its reason; an angle is named by the points of the shape the next step uses.  Each case is the
smallest problem that showed the class; each proof must also lint clean and keep its answer."""
from __future__ import annotations

import pytest

from tests.test_proof_teacher17 import says

_HL = ("points N M Q P\ntriangle NMQ\ntriangle NQP\nNM perpendicular to QM\nQP perpendicular to NP\n"
       "clockwise NMQ NQP\nMQ = 18\nPQ = 18\nangle MNQ = 3x + 5\nangle PNQ = 4x - 8\nfind x\n")

_MAJOR = ("points R P N M Q\nline M R P\ncircle R through N M Q P\nNR perpendicular to PR\nclockwise NMQ NQP NRP\n"
          "arc RPQ = 115\nfind arc RMQ\n")

CASES = [
    # 2. an angle named by the points of the triangle the next step uses: the right triangle BEL's angle at E is
    # angle BEL, never angle BED through D on EL (fg 14)
    ("names: the triangle's own angle",
     "points L B E D A\ntriangle LBE\nline L D E\nline B E A\nDE perpendicular to AE\nDL = 15\nDE = 20\nBE = 16\n"
     "find area BEL\n", 280, ["angle BEL = 90°.", "the right triangle BEL"], ["angle BED"]),
    # 1. a point on a major arc says why: the order the given turns fix (fg 9), in the reader's words, never the
    # DSL's "turns" (teacher 39's fg 10: "by the given turns NMQ and NQP")
    ("reason: the order round the circle", _MAJOR, 295,
     ["Since P lies on major arc MNQ (as N, M, Q and P lie clockwise round the circle in that order)"],
     ["turn"]),
    # 3. HL names its right angles and its hypotenuse, never "angle NMQ = angle NPQ" (fg 5)
    ("HL: right angles and hypotenuse", _HL, 13,
     ["congruent by HL (as the angles at M and P are right, the hypotenuse NQ is common and MQ = PQ)"],
     ["angle NMQ = angle NPQ,"]),
]


@pytest.mark.parametrize("what,text,value,has,lacks", CASES, ids=[c[0] for c in CASES])
def test_teacher15b(what, text, value, has, lacks):
    says(text, value, has, lacks)
