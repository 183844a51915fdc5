"""The route a teacher takes (issue #37 item 1, still open after proofs36), each on its smallest problem."""
from __future__ import annotations

from .proof_text import checked_text as _text


def test_the_radius_put_in_a_formula_says_which_segment_it_is() -> None:
    """("Let r be the radius of circle O. ... = π·60·6²/360" where OA = 6 is given: which given is r was never
    said.)  The letter is introduced with the segment and value it stands for, where the formula puts it in."""
    text = _text("points O A B C\ncircle O through A B C\ncounterclockwise OBC\nOA = 6\nangle BOC = 60\n"
                 "find sector area OBC\n")
    # (the record's question gives OA = 6 as "the radius of circle O is 6": r is that value, AO named nowhere else)
    # (teachers 45, 46: the formula with the numbers put in, "(60/360)·π·6²", and no "Let r = 6 …" filler)
    assert "the area of sector OBC = (60/360)·π·6² = 6π." in text, text
    assert "Let r" not in text and "π·(arc" not in text, text


def test_a_radius_found_first_keeps_its_bare_letter() -> None:
    """A radius the proof finds (half a diameter) is said by its own equation, r = AB/2 = 5: nothing to name."""
    text = _text("points O A B\ncircle O through A B\nline A O B\nAB = 10\nfind circle area O\n")
    assert "Let r be the radius of circle O." in text and "r = AB/2 = 10/2 = 5" in text, text
    assert "Let r = " not in text, text


def test_a_half_the_parallelogram_sentence_reads_off_the_midpoint_is_not_said_before_it() -> None:
    """(teacher 23 gen 7: "BG = AB/2 = 3/2 and AG = BG = 3/2", AG never used as a length.)  The sentence "AG and DH
    are halves of the equal parallel sides" reads AG off the midpoint itself."""
    text = _text("rhombus ABCD\nline A G B\nline D H C\nline G H\nG midpoint of AB\nH midpoint of DC\nAB = 3\n"
                 "find BG/GH\n")
    assert "Since G is the midpoint of AB, BG = AB/2 = 3/2." in text and "AG = BG" not in text, text
    assert "AG and DH are halves of the equal parallel sides AB and DC" in text, text
