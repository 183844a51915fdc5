"""What generated proofs contain (blind teacher 36): a premise traced in the form its step uses, never through a
representative that drags in a passage of its own; each on its smallest problem."""
from __future__ import annotations

from .proof_text import linted_text as _text


def test_an_sas_ratio_premise_is_traced_as_its_own_tie_not_through_the_tables_representative() -> None:
    # (teacher 36 gen 24: DF/BD = 1/3 traced as DF = CE/3 and BD = CE, so "Triangles ABD and ACE are congruent by
    # SAS, so BD = CE" and "AE = AB/2" stood in the proof, never used: the centroid's DF = BD/3 alone proves it)
    text = _text("points A B C D E F G\ntriangle ABC isosceles at A\nline C D A G\nline A E B\nline B F D\n"
                 "line C F E\nline B G\nF centroid of BCA\nBD median of BCA\nCE median of CAB\nAB = 35\n"
                 "angle BAC = 70\nAG = AB\nfind angle FAG\n")
    assert "congruent" not in text and "CE" not in text and "AE" not in text, text
    assert "DF/BD = 1/3" in text and "BD = 3·DF" in text, text


def test_a_bisectors_half_is_taken_at_once_on_the_side_the_proof_uses() -> None:
    # (teacher 36 gen 21: "angle BCE = angle ACB/2 = 30°/2 = 15° and angle ACE = angle BCE = 15°": the relation gave
    # the whole as twice one half only, so the other half went through it)
    text = _text("points A B C E\ntriangle ABC isosceles at A\nline B E A\nCE bisects angle BCA\nAB = 9\n"
                 "angle BAC = 120\nfind CE\n")
    assert "angle ACE = angle ACB/2 = 30°/2 = 15°" in text and "BCE" not in text, text


def test_an_equilateral_triangles_bisector_is_its_median_at_once() -> None:
    # (teacher 36 gen 7: angle BDC = 90° by an angle sum first, then "Since CD is the altitude …, it bisects the
    # side AB"; the isosceles triangle's apex line keeps off a circle through its apex, so nothing else did it)
    text = _text("points A B C D O\ntriangle ABC equilateral\nline B D A\ncircle O through A B C\n"
                 "CD bisects angle BCA\nAB = 23\nfind AD\n")
    assert text.startswith("Since CD bisects the angle at C of the equilateral triangle ABC, it is also the median "
                           "to the side AB; hence AD = AB/2 = 23/2."), text
    assert "90°" not in text, text


def test_a_second_leg_is_taken_by_the_method_the_proof_used_for_the_first() -> None:
    # (teacher 36 gen 30: BD by the sine in the right triangle on the diameter BG, then DG by the extended law of
    # sines, a second method: what the proof has cited already is paid for once)
    text = _text("points D B G O\ntriangle DBG\ncircle O through D B G\nangle DBG = 60\nangle BGD = 30\nDO = 6\n"
                 "find area BDG\n")
    assert "law of sines" not in text, text
    assert "DG = BG·sin(angle DBG) = 12·sin(60°) = 6√3" in text, text
