"""Classes blind teachers 25 and 26 marked down, each on its smallest problem (issue #37)."""

from .proof_text import linted_text as _text


def test_a_quadrilateral_with_both_pairs_of_sides_parallel_takes_base_times_height() -> None:
    # (teacher 25 gen 6, teacher 26 gen 4: "it is a parallelogram ... By the trapezoid area formula with the height
    # EC, area AFEG = CE·(AF + EG)/2", the half sum of two equal sides)
    text = _text("triangle ABC\nangle ACB = 90\npolygon AFEG\nline C E B\nline A F C\nline A G B\n"
                 "FE parallel to AB\nGE parallel to AC\nAC = 36\nBC = 19\nCE = 8\nfind area AFEG\n")
    assert "trapezoid" not in text and "parallelogram, whose area is the base AF times the height EC" in text, text
    assert "area AFEG = AF·CE = (396/19)·8 = 3168/19" in text, text


def test_a_trapezoid_keeps_its_own_area_formula() -> None:
    text = _text("points A B C D E\npolygon ABCD\nline A E B\nAB parallel to DC\nline D E\nangle DEB = 90\n"
                 "AB = 10\nDC = 6\nDE = 4\nclockwise ABCD\nfind area ABCD\n")
    assert "trapezoid area formula" in text, text

