"""What blind teacher 35 marked down (issue 37): a proof that ends on the asked sum under other names of its angles
("So angle EAP + angle DBE = 70°" for angle CAE + angle DBE) never answered the question as asked."""
from __future__ import annotations

from .proof_text import linted_text as _text

TANGENTS = ("points O B A E C D P\npolygon OAEB\ntriangle CPD\nline P C A\nline P D B\nline C E D\n"
            "circle O through A E B\nCE tangent to circle O\nDE tangent to circle O\nPA tangent to circle O\n"
            "PB tangent to circle O\nclockwise OAEB CPD AEB EAC DBE\nangle CPD = 40\nfind angle CAE + angle DBE\n")


def test_an_asked_sum_is_stated_under_its_own_names_with_why_they_are_the_angles_found() -> None:
    text = _text(TANGENTS)
    last = text.strip().splitlines()[-1]
    assert "angle CAE + angle DBE = " in last and last.endswith("= 70°.")
    assert "as C lies on AP" in last  # (the asked angle CAE is angle EAP, the one the tangent-chord angle gave)
