"""Routes blind teacher 27 marked as detours (issue #37), each on its smallest problem: the route a teacher takes,
with the answer kept and the proof linted clean."""
from __future__ import annotations

import pytest

from tests.test_proof_teacher17 import says

CASES = [
    # fg 7 (FormalGeo 53): a major arc is 360° less its minor arc, the minor arc its central angle, that angle the
    # straight line's other part; never an isosceles triangle and a cyclic quadrilateral through a point off it
    ("a major arc from its central angle",
     "points O E F A C B\nline E O C\nline A O B\ncircle O through E F A C B\nCO perpendicular to AO\n"
     "EO perpendicular to BO\nclockwise EFA EAC ECB FOE COA EOB\nangle EOF = 45\nfind arc OEA\n", 270,
     ["arc AE = angle AOE = 90°", "major arc ECA = 360° - arc AE = 360° - 90° = 270°"],
     ["cyclic quadrilateral", "isosceles", "Join"]),
    # fg 13 (FormalGeo 637): the leg theorem on the part a subtraction of givens gives, not the other leg first
    ("the leg theorem on a part the givens give",
     "points B A C N\ntriangle BAC\ntriangle CAN\nline N C B\nBA perpendicular to NA\nNC perpendicular to AC\n"
     "clockwise BAC CAN BAN\nAC = y\nAN = x\nAB = z\nBN = 12\nCN = 8\nfind z\n", 48 ** 0.5,
     ["BC = BN - CN = 12 - 8 = 4", "AB² = BC·BN"], ["AN²", "Pythagoras"]),
    # gen 8: a ratio a right triangle's sine gives is read off it, never a side found and divided out again
    ("a ratio read off the sine",
     "points A B C F\ntriangle ABC\nline B F A\nline C F\nCF perpendicular to BA\nBC = 23\nangle ABC = 45\n"
     "find CF/BC\n", 2 ** 0.5 / 2, ["angle CBF = angle ABC = 45°. In the right triangle BFC",
                                    "CF/BC = sin(angle CBF) = sin(45°) = √2/2"], ["23√2/2", "/23"]),
    # gen 1: a radius the question gives as "the radius of circle O is 9" is never named by its segment AO
    ("a given radius is the circle's",
     "points A B C O D F\ntriangle ABC\ntriangle BAD\nquadrilateral DCAB\nline B O D\nline B F A\n"
     "circle O through A B C D\nBD diameter of circle O\nOF perpendicular to BF\nangle ACB = 30\nAO = 9\nfind FO\n",
     9 * 3 ** 0.5 / 2, ["BO = 9 (a radius of circle O)"], ["AO", "(radii)"]),
    # FormalGeo 1525: four arcs given as multiples of a total 360° (18a = 360°), then the angle from its own arcs
    # (blind teacher 35 fg 16: not angle BAC and then its supplement); never a's value carried through the central
    # angles or through both chord angles
    ("four arcs round the circle first",
     "points A E O C D B\ntriangle OAC\ntriangle ODA\nline E A O B\nline C A D\ncircle O through E C B D\n"
     "clockwise OAC ODA ECB EBD DAB\narc ODB = 6a\narc OBC = 4a\narc OED = 3a\narc OCE = 5a\nfind angle BAD\n", 110,
     ["make up the whole circle", "18a = 360 and a = 20",
      "angle BAD = (arc CE + arc DB)/2 = (100° + 120°)/2 = 110°"],
     ["central angle", "major arc", "angle BAC"]),
]


@pytest.mark.parametrize("what,text,value,has,lacks", CASES, ids=[c[0] for c in CASES])
def test_routes27(what, text, value, has, lacks):
    says(text, value, has, lacks)
