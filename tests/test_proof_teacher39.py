"""Blind review 39 (FormalGeo), issue 37: a similarity's angles named by the triangles' own corners where the
vertex is in both triangles; a shortened diameter's reason ends at a comma.  Each case is the smallest problem that
showed the class; each proof must also lint clean and keep its answer."""
from __future__ import annotations

import pytest

from solvers.plane.tidy import tidy
from tests.test_proof_teacher17 import says

# a circle on the right triangle's corner C cuts its legs at P and Q (FormalGeo 4624)
_CORNER = ("points B Q O M C P A\ntriangle QCO\ntriangle OCP\nline P O Q\nline C O M\nline B Q C\nline C P A\n"
           "line A M B\ncircle O through C P M Q\nBM tangent to circle O\nclockwise QCO OCP CPM CMQ\nAB = 13\n"
           "AC = 5\nBC = 12\nfind PQ\n")

CASES = [
    # the angle at C, a corner of both triangles BMC and BCA, named by the one whose corner matches M's: angle BCA,
    # never angle PCQ outside both (fg 18), and the diameter's reason with a comma, never "; hence"
    ("AA: the shared vertex's angle by its triangle", _CORNER, 60 / 13,
     ["(as angle BMC = angle ACB and angle B is common)", "Since PQ is a diameter, PQ = 2r"],
     ["= angle PCQ and", "is a diameter; hence"]),
]


@pytest.mark.parametrize("what,text,value,has,lacks", CASES, ids=[c[0] for c in CASES])
def test_teacher39(what, text, value, has, lacks):
    says(text, value, has, lacks)


def test_a_shortened_diameter_reason_ends_at_a_comma():
    """A diameter shown once, then cited for its length: the since clause ends at a comma."""
    out = tidy(["Since PQ passes through the centre O, it is a diameter, and angle PCQ = 90°.",
                "Since PQ passes through the centre O, it is a diameter; hence PQ = 2r = 4."])
    assert out[1] == "Since PQ is a diameter, PQ = 2r = 4.", out
