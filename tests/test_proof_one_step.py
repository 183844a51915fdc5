"""The one-step standard theorem where it exists (issue 37, class 1 of blind review 9): each theorem on the
smallest problem that needs it, cited by name, and the longer route through arcs, angle sums or an isosceles
triangle not taken."""
from __future__ import annotations

import pytest

from .test_proof_choice import test_the_proof_takes_the_short_named_route as _short

CASES = [
    # the opposite angles of a cyclic quadrilateral no fact declares, its four sides drawn (twice, through ACDE)
    ("cyclic-undeclared", "points A B C D E O\ntriangle ABC\ntriangle ACD\ntriangle ADE\ncircle O through A B C D E\n"
     "clockwise ABC ACD ADE\nangle CAD = 35\nangle AED = 115\nfind angle ABC\n",
     ["cyclic quadrilateral ACDE", "cyclic quadrilateral ABCD add up to 180°, angle ABC = 180° - angle ADC"], ["arc"]),
    # the alternate segment theorem, not the arc inside the tangent-chord angle and then the inscribed angle
    ("alternate-segment", "points A B C P O\ntriangle ABC\ncircle O through A B C\nPA tangent to circle O\nline A P\n"
     "clockwise ABC\nC on major arc AB\nangle CAP = 40\nfind angle ABC\n",
     ["equals the inscribed angle ABC in the alternate segment, angle ABC = angle CAP = 40°"], ["arc"]),
    # four arcs round the circle at once, not three and then a split
    ("four-arcs", "points E G I J B\ntriangle GIE\ntriangle EJB\ncircle E through I J B G\nclockwise GIE EJB IJB IBG\n"
     "arc EGB = x\narc EIG = 100\narc EJI = 120\narc EBJ = 90\nfind x\n",
     ["Since arcs BJ, JI, IG and GB make up the whole circle", "x = 50"], ["lies on arc", "arc IB"]),
    # the chord to an arc's midpoint bisects the inscribed angle on the arc
    ("arc-midpoint", "points O D A B C\nline A O B\ncircle O through B C D A\nD midpoint of arc OAC\n"
     "clockwise BCD BDA ABC\nangle ABC = 50\nfind angle BAD\n",
     ["the chord BD bisects the angle ABC", "angle ABD = angle ABC/2 = 50°/2 = 25°"], ["arc AD", "arc AC ="]),
    # the perpendicular from the centre bisects the central angle, not the radii's isosceles triangle
    ("perpendicular-central-angle", "points A B C D O\npolygon ABOC\ntriangle OBD\ntriangle ODC\nline B D C\n"
     "circle O through A B C\nclockwise ABOC OBD ODC ABC\nangle COD = 50\nangle CDO = 90\nfind angle BAC\n",
     ["bisects the central angle BOC (as OC = OB, radii)", "angle BOC = 2·angle COD"], ["isosceles"]),
    # a rhombus's diagonal bisects its angles; and a parallelogram with equal adjacent sides is a rhombus
    ("rhombus-diagonal", "points A B C D I\nrhombus ABCD\nline A I C\nline B I D\nI where AC meets BD\nAB = 15\n"
     "angle BAD = 60\nfind AI\n", ["bisects the angles at A and C, angle BAI = angle BAD/2"], ["isosceles"]),
    ("parallelogram-rhombus", "points A B C D\nparallelogram ABCD\nAB = 5\nAD = 5\nangle BAD = 50\nfind angle BAC\n",
     ["it is a rhombus, and its diagonal AC bisects the angles at A and C"], ["isosceles", "angle ABC"]),
    # a square's diagonals are equal, never one from the area formula
    ("square-diagonals", "points A B C D H\nsquare ABCD\nline A H C\nline B H D\nH where AC meets BD\nAB = 10\n"
     "find BD\n", ["the diagonals of the square ABCD are equal"], ["sin", "area"]),
    # perpendicular diagonals: the area is half their product, not ½·d1·d2·sin 90°
    ("perpendicular-diagonals-area", "points B A E D C\ntriangle BAE\ntriangle EAD\ntriangle EDC\ntriangle BEC\n"
     "line A E C\nline B E D\nBE perpendicular to CE\nclockwise BAE EAD EDC BEC\nAC = 20\nBD = 24\n"
     "find area ABCD\n", ["its area is half their product", "AC·BD/2 = 20·24/2 = 240"], ["sin"]),
    # a judged parallelogram's diagonals bisect each other, said with the judgement
    ("judged-parallelogram-diagonals", "points A B C D E\nquadrilateral ABCD\nline A E C\nline B E D\n"
     "E where AC meets BD\nAB = 9\nCD = 9\nBC = 5\nAD = 5\nBD = 12\nfind BE\n",
     ["it is a parallelogram whose diagonals bisect each other; hence BE = BD/2 = 12/2 = 6"], ["congruent"]),
    # a triangle proved equilateral: its circumradius is its side over √3
    ("equilateral-circumradius", "points A B C O\ntriangle ABC\ncircle O through A B C\nline A O\nangle BAC = 60\n"
     "angle ABC = 60\nAB = 6\nfind AO\n", ["the triangle's side is √3 times the circle's radius", "2√3"], ["Pythagoras", "tan"]),
]


@pytest.mark.parametrize("name,text,said,unsaid", CASES, ids=[c[0] for c in CASES])
def test_the_standard_theorem_in_one_step(name: str, text: str, said: list[str], unsaid: list[str]) -> None:
    _short(text, said, unsaid)
