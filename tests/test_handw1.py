"""Textbook problems a new user wrote from the README and the docs (handw1), each rule on its smallest problem."""
from __future__ import annotations

from .proof_text import linted_text as _text


def test_an_isosceles_trapezoids_base_angles_at_either_base_are_equal() -> None:
    """The angles at the base AB of 'isosceles trapezoid ABCD bases AB CD' came from two triangles congruent by SSS
    ("Join BD and AC."): the shape gave the equal base angles at one base only."""
    text = _text("isosceles trapezoid ABCD bases AB CD\nangle DAB = 70\nfind angle ABC\n")
    assert text == "Since the base angles of the isosceles trapezoid ABCD are equal, angle ABC = angle BAD = 70°.", text
