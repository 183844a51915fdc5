"""Detours blind teachers (34, 35) marked in generated and FormalGeo solutions, each on its smallest problem: a
shape's own property closes the goal before trigonometry does, and a value the proof puts in anyway is paid for once."""
from __future__ import annotations

from .proof_text import linted_text as _text


def test_a_ratio_whose_terms_a_stated_bisection_ties_is_closed_by_it_at_once() -> None:
    # (teacher 34 gen 18: "the diagonals of the rhombus bisect each other" said, then AE, AC, angle BCD, BCE, BC and
    # CE by trigonometry, each found only to be divided out)
    text = _text("points A B C D E\nrhombus ABCD\nline A E C\nline B E D\nE where AC meets BD\nAB = 24\n"
                 "angle BAD = 60\nfind AC/CE\n")
    assert "bisect each other, AC = 2·CE" in text, text
    assert "cos" not in text and "angle BCD" not in text and "24√3" not in text, text


def test_a_ratio_whose_tie_is_as_long_as_its_values_is_still_worked_from_the_values() -> None:
    # (teacher 34 gen 14: the tie AD = AB = CD = 2·DE takes the same three theorems as DE = 25/2, and reads as
    # letters carried through a chain)
    text = _text("points A B C D E\nrhombus ABCD\nline C E D\nline B E\nBE perpendicular to CE\nAB = 25\n"
                 "angle BAD = 60\nfind AD/DE\n")
    assert "AD/DE = 25/(25/2) = 2" in text and "2·DE" not in text, text


def test_a_leg_is_taken_in_the_right_triangle_whose_hypotenuse_the_proof_finds_anyway() -> None:
    # (teacher 34 gen 25: AC from the right triangle ACF on the diameter AF, where the area's BC = 18 is the
    # hypotenuse of the right triangle BAC: AC = 18·cos 30° at once)
    text = _text("points A B C O F\ntriangle ABC\ntriangle ACF\nline A O F\ncircle O through A B C F\n"
                 "AF diameter of circle O\nangle ABC = 60\nangle ACB = 30\nAO = 9\nfind area ABC\n")
    assert "AF" not in text and "angle ACF" not in text, text
    assert "AC = BC·cos(angle ACB) = 18·cos(30°) = 9√3" in text, text


def test_the_centroids_part_at_the_midpoint_is_a_third_of_the_median_in_one_step() -> None:
    # (teacher 35 fg 9, FormalGeo 382: JZ = 2·TZ/3 and then JT = JZ/2, where JT = TZ/3 directly)
    text = _text("points A B C G M N\ntriangle ABC\nline B M C\nline C N A\nline A G M\nline B G N\nBM = MC\n"
                 "CN = NA\nAM = 18\nfind GM\n")
    assert "one third of the way along each median from its midpoint" in text, text
    assert "GM = AM/3 = 18/3 = 6" in text and "AG" not in text, text


def test_an_angle_of_crossing_chords_is_half_its_own_arcs_not_the_supplement_of_its_neighbour() -> None:
    # (teacher 35 fg 16, FormalGeo 1525: angle BAC = 70° and then its supplement; the route one unknown at a time
    # with the stated arcs put in was tried only where none without them existed, and one did: an equilateral
    # triangle's 60° read as half an arc)
    text = _text("points A E O C D B\ntriangle OAC\ntriangle ODA\nline E A O B\nline C A D\n"
                 "circle O through E C B D\nclockwise OAC ODA ECB EBD DAB\narc ODB = 6a\narc OBC = 4a\n"
                 "arc OED = 3a\narc OCE = 5a\nfind angle BAD\n")
    assert "angle BAC" not in text and "180° - angle" not in text, text
    assert "angle BAD = (arc CE + arc DB)/2 = (100° + 120°)/2 = 110°" in text, text
