"""Blind review 10 (issue 37): every printed fact is given or concluded by a printed step, a square's
midline is no trapezoid's, two radii are equal in one sentence, one reason is said once."""
from __future__ import annotations

import pytest
from geomill.dsl import parse
from geomill.solvers.plane import solve_general
from geomill.solvers.plane_lint import lint_general

CASES = [
    # FormalGeo 3017: AM = CN makes O the centre (a congruence), never two full turns at O that hold only
    # because the figure puts B, O, D on one line
    ("points C B O M A N D\ntriangle CBO\ntriangle BMO\ntriangle MAO\ntriangle CON\npolygon OADN\nrhombus ADCB\n"
     "line A M B\nline C N D\nline M O N\nline A O C\nclockwise CBO BMO MAO CON OADN OAD\nAM = CN\n"
     "angle DAO = 28\nfind angle CBO\n", 62, ["CN = AM", "CO = AO"], ["full turn"]),
    # FormalGeo 2741: the SAS similarity's ratio EF/AC = 4/5 comes from a printed similarity
    ("points E F G H A B D C\ntriangle EFG\ntriangle EGH\ntriangle ABD\ntriangle ADC\nline F G H\nline B D C\n"
     "clockwise EFG EGH ABD ADC ABC BCA\nAD = 10\nBC = 15\nBD = CD\nEG = x\nFG = GH\nFH = 12\n"
     "angle ABC = angle EHG\nangle EFG = angle ACB\nfind x\n", 8, ["EFH and ACB are similar", "EF = 4·AC/5"], []),
    # a square's midline: no trapezoid
    ("points A B C D F G\nsquare ABCD\nline A F B\nline D G C\nline F G\nF midpoint of AB\nFG parallel to BC\n"
     "AB = 20\nfind FG\n", 20, [], ["trapezoid"]),
    # the circumradius from the side AC and its angle at once (the extended law of sines, teacher 32's gen 2), never
    # through the radius BO
    ("points A B C O\ntriangle ABC\ncircle O through A B C\nO circumcentre of ABC\nAB = 3\nBC = 5\n"
     "angle ABC = 60\nfind circle area O\n", None, ["By the extended law of sines in triangle ABC inscribed in circle O, "
                                                   "AC = 2r·sin(angle ABC)"], ["BO = CO", "Join BO"]),
    # two right angles in one semicircle: one sentence
    ("points A B C D O\npolygon ABCD\nline A O C\ncircle O through A B C D\nAC diameter of circle O\nAC = 65\n"
     "AB = 16\nAD = 33\nfind area ABCD\n", 1428, ["angle ABC = angle ADC = 90° (angles in a semicircle)"],
     ["the angle ADC in", "right angles; hence"]),
]


@pytest.mark.parametrize("text,value,has,lacks", CASES)
def test_teacher10(text, value, has, lacks):
    sol = solve_general(parse(text))
    if value is not None:
        assert abs(float(sol.exact) - value) < 1e-9
    proof = sol.proof.render("text")
    for s in has:
        assert s in proof, proof
    for s in lacks:
        assert s not in proof, proof
    assert proof.count("it is a diameter") <= 1
    assert not lint_general(sol)
