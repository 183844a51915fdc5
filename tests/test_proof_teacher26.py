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


def test_similar_triangles_by_the_angles_the_problem_and_one_theorem_give() -> None:
    # (teacher 26 fg 11, FormalGeo 2189: a third angle found from two angle sums for AA, where the given angle and
    # the vertical angles already make it)
    text = _text("points A D E B C\ntriangle ADE\ntriangle BEC\nline A E C\nline D E B\nclockwise ADE BEC\nBC = 15\n"
                 "BE = 6\nAD = 10\nDE = 3x - 2\nCE = 12\nangle ADE = angle CBE\nfind DE\n")
    assert "angle sum" not in text and "similar by AA (as angle ADE = angle CBE and angle AED = angle BEC)" in text, text
