"""The proof's choice (issue 37, class 2 and 3 of blind review 4): the standard one-line result where it
finishes the problem, never the heavier route a distractor in the figure also allows."""
from __future__ import annotations

import pytest
from geomill.dsl import parse
from geomill.solvers.plane import solve_general

CASES = [
    # Pythagoras at once, though a circle through the triangle also gives AB through arcs and equal chords
    ("points A B C D O\ntriangle BCA right at C\ntriangle CBD\nline C O D\ncircle O through B C A D\n"
     "O circumcentre of BCA\nCD diameter of circle O\nAC = 8\nBC = 8\nfind perimeter ABC\n",
     ["AB = √(AC² + BC²) = √(8² + 8²) = 8√2"], ["arc", "similar", "chords"]),
    # and though DE parallel to CB gives it through two similarities
    ("points A B C D E\ntriangle BCA right at C\nline A D C\nline A E B\nDE parallel to CB\nAC = 7\nBC = 9\n"
     "AD = 3\nfind perimeter ABC\n", ["AB = √(AC² + BC²) = √(7² + 9²) = √130"], ["similar", "DE"]),
    # the angle in a semicircle; a right triangle's area from its legs, never ½ab·sin C
    ("points A B C E O\ntriangle ABC\ntriangle ABE\nline A O E\ncircle O through A B C E\nAE diameter of circle O\n"
     "AO = 5\nangle ACB = 60\nfind area ABE\n",
     ["the angle ABE in the semicircle is a right angle", "area ABE = AB·BE/2"], ["sin(30°)", "included angle"]),
    # the altitude on the hypotenuse, not two congruences
    ("points F E H G\ntriangle FEH\ntriangle HEG\nline F H G\nFE perpendicular to GE\nGH perpendicular to EH\n"
     "clockwise FEH HEG FEG\nFH = 12\nGH = 12\nfind EH\n", ["EH = √(FH·GH) = √(12·12) = 12"], ["congruent"]),
    # a right triangle's sine, not the law of sines; the apex line named only as what it is used as
    ("points A B C E F G H\nequilateral triangle ABC\nline B F E C\nline C G A\nline A H F\nline B H G\n"
     "H where AF meets BG\nAF median of ABC\nBG median of BCA\nAB = 9\nBE = 7\nfind AF / EF\n",
     ["In the right triangle ABF, sin(angle ABF) = AF/AB", "it is also the altitude;"], ["law of sines", "bisector"]),
]


@pytest.mark.parametrize("text,said,unsaid", CASES, ids=["pythagoras-circle", "pythagoras-parallel",
                                                          "semicircle-area", "altitude-hypotenuse", "right-sine"])
def test_the_proof_takes_the_short_named_route(text: str, said: list[str], unsaid: list[str]) -> None:
    sol = solve_general(parse(text, "choice.geo"))
    out = sol.text()
    assert all(s in out for s in said), out
    assert not any(s in out for s in unsaid), out
    assert sol.proof.check(sol.model) == []
