"""Blind teacher 36's wording classes, each on its smallest case: a rule worded round its instance written out twice,
a half said in words and again as its equation, ..."""
from geomill.solvers.plane.write import _HALF_THEN, _half_once

from .proof_text import linted_text


def test_a_rule_worded_round_its_instance_is_said_once_then_referred_back_to():
    text = linted_text("points O A B C D\nquadrilateral ABCD\nline A O C\ncircle O through A B C D\n"
                       "AC diameter of circle O\nAC = 65\nAB = 56\nAD = 63\nfind area ABCD\n")
    assert text.count("half the product of its legs") == 1, text
    assert "Similarly, area ACD = AD·CD/2" in text, text
    assert "its legs AB and BC, area ABC = AB·BC/2" in text, text  # (the legs named as the equation writes them)


def test_the_cut_off_parallelograms_half_is_said_once():
    line = ("Since FE is parallel to AD and AE is parallel to DF, ADFE is a parallelogram and DF = AE, half of AB (as "
            "E is its midpoint); hence DF = AB/2 = 8/2 = 4.")
    assert _HALF_THEN.sub(_half_once, line) == (
        "Since FE is parallel to AD and AE is parallel to DF, ADFE is a parallelogram and DF = AE = AB/2 = 8/2 = 4 "
        "(as E is the midpoint of AB).")
    other = "ADFE is a parallelogram and DF = AE, half of AB (as E is its midpoint); hence DF = CD/2 = 4."
    assert _HALF_THEN.sub(_half_once, other) == other  # (another segment's half: two facts)
    text = linted_text("points A B C D E F\nrectangle ABCD\nline A E B\nline D F C\nline E F\nE midpoint of AB\n"
                       "EF parallel to BC\nAB = 8\nfind DF\n")
    assert "half of" not in text and "DF = AE = AB/2 = 8/2 = 4 (as E is the midpoint of AB)" in text, text
