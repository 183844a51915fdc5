"""Blind reviews 38 (generated) and 39 (FormalGeo), issues 37 and 39: a similarity's angles named by the triangles'
own corners where the vertex is in both triangles; a shortened diameter's reason ends at a comma; a rectangle's right
angles shown before it is called one.  Each case is the smallest problem that
showed the class; each proof must also lint clean and keep its answer."""
from __future__ import annotations

import pytest

from geomill.solvers.plane.tidy import tidy
from .test_proof_teacher17 import says

# a circle on the right triangle's corner C cuts its legs at P and Q (FormalGeo 4624)
_CORNER = ("points B Q O M C P A\ntriangle QCO\ntriangle OCP\nline P O Q\nline C O M\nline B Q C\nline C P A\n"
           "line A M B\ncircle O through C P M Q\nBM tangent to circle O\nclockwise QCO OCP CPM CMQ\nAB = 13\n"
           "AC = 5\nBC = 12\nfind PQ\n")

# a rectangle CFEG in the right triangle ABC's corner C, E on the hypotenuse (generated 3737, gen 12)
_CORNER_RECTANGLE = ("points A B C D E F G\ntriangle BCA right at C\nquadrilateral CFEG\nline A E D B\nline C D\n"
                     "line C F B\nline C G A\nCD altitude of CAB\nEF perpendicular to CF\nEG perpendicular to CG\n"
                     "AD = 23\nBD = 5\nBE = 20\nfind area CFEG\n")

# a trapezoid whose height the question draws from a leg's end to a point of the long base (generated 3737, gen 27)
_DRAWN_HEIGHT = ("points D B G F A\ntrapezoid DBGF bases DF BG\nline B A G\nline F A\nFA perpendicular to BA\n"
                 "DF = 12\nBG = 21\nBD = 13\nFG = 14\nfind AF\n")

CASES = [
    # the height from the four sides worked as gen 2 works it (the heights drawn, Pythagoras twice, x solved),
    # never the closed formula "4h²·(DF - BG)² = … So h = 4√10": a given said in words ("FA is perpendicular to
    # BA") no longer stops the fresh letters for the feet (gen 27)
    ("trapezoid: the height worked out", _DRAWN_HEIGHT, 4 * 10 ** 0.5,
     ["By Pythagoras in the right triangle BDC, h² = BD² - x² = 13² - x².", "so 18x = 54 and x = 3"],
     ["^4", "(DF - BG)²"]),
    # the rectangle's three right angles named by its corners, each shown before it (the one at C tied to the right
    # triangle's), never "Since the angles of CFEG are right angles, it is a rectangle" before angle CGE = 90° (gen 12)
    ("rectangle: its right angles shown first", _CORNER_RECTANGLE, 40 * 115 ** 0.5 / 7,
     ["Since EG is perpendicular to CG, angle CGE = 90°. Since the angles CGE, GCF and CFE of CFEG are right angles "
      "(angle GCF = angle ACB, as G lies on CA and F lies on CB), it is a rectangle; hence CG = EF"], []),
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
