"""Routes a teacher would take (issue #37 item 1, blind teachers 23 to 26), each on its smallest problem."""

from .proof_text import linted_text as _text


def test_the_angle_at_a_bend_between_parallels_is_the_sum_of_the_alternate_angles() -> None:
    # (teacher 24 fg 13, FormalGeo 355: an unknown angle carried through six expressions until it cancels)
    text = _text("points B C D F E H I\ntriangle CIE\nline B C D\nline F E H\nBD parallel to FH\n"
                 "clockwise ICB FEI CIE\nangle BCI = 75\nangle FEI = 55\nfind angle CIE\n")
    assert "the angle CIE between them is the sum of the alternate angles BCI and FEI" in text, text
    assert "angle CIE = angle BCI + angle FEI = 75° + 55° = 130°" in text and "angle sum" not in text, text
