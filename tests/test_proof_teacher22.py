"""Blind teachers 21 and 22: the routes and words they marked down, on the smallest problems that show them."""

from .proof_text import linted_text as _text


def test_an_isosceles_trapezoid_s_base_from_the_foot_of_its_height():
    # (gen 2: "Let h be the height from B to AD", then sine for the height and Pythagoras to undo it; a teacher
    # takes BE = AB·cos 60° and the symmetric trapezoid's AD = BC - 2·BE)
    text = _text("points A B C D E\nisosceles trapezoid ABCD bases AD BC\nline B E C\nAE perpendicular to BE\n"
                 "BC = 32\nAB = 13\nangle ABC = 60\nfind AD\n")
    assert "AD = BC - 2·BE = 32 - 2·13/2 = 19" in text and "Let h" not in text, text


def test_the_longer_top_base_from_a_foot_beyond_the_bottom_one():
    text = _text("points A B C D E\nisosceles trapezoid ABCD bases AD BC\nline E B C\nAE perpendicular to BE\n"
                 "BC = 10\nAB = 4\nangle ABE = 60\nfind AD\n")
    assert "AD = BC + 2·BE" in text and "= 14" in text, text
