"""The route a teacher takes (blind teachers 23 and 24's roundabout routes), each on its smallest problem."""
from __future__ import annotations

from .proof_text import checked_text as _text


def test_the_perpendicular_from_the_centre_halves_the_arc_it_bisects() -> None:
    """(teacher 23 gen 9, teacher 24 gen 1: "major arc BCA = 240°" found only to be taken from 360° again.)  The
    half is read off the arc it bisects: arc AE = arc AB/2."""
    text = _text("points O A B C D E\ncircle O through A B C E\nline A D B\nline O D E\nOD perpendicular to AD\n"
                 "counterclockwise OAE\nangle ACB = 60\nfind arc OAE\n")
    assert "it bisects the arc AEB; hence arc AE = arc AB/2 = 120°/2 = 60°" in text, text
    assert "major arc" not in text and "360°" not in text, text


def test_a_rhombus_diagonal_halves_the_angle_on_the_side_asked() -> None:
    """(teacher 24 gen 11: angle BAG = angle BAD/2, then angle DAG = angle BAG.)  The half asked at once."""
    text = _text("rhombus ABCD\nline A G C\nline B G D\nangle BAD = 60\nAB = 21\nfind angle DAG\n")
    assert "angle DAG = angle BAD/2 = 60°/2 = 30°" in text, text
    assert "BAG" not in text, text


def test_the_foot_of_a_height_from_the_three_sides_by_two_pythagoras_equations() -> None:
    """(teacher 23 gen 11: Heron's area, the height from it, then Pythagoras with the surd (9√195/22)².)  The two
    Pythagoras equations on the common height, subtracted: CF = (AC² + BC² - AB²)/(2·BC)."""
    text = _text("triangle ABC\nline C F B\nline A F\nAF perpendicular to CB\nAB = 9\nBC = 11\nAC = 7\nfind CF\n")
    # (as sentences, the expansion shown: blind teacher 34's gen 24 had it all in the rule's bracket)
    assert "Equating the two, 9² - (11 - CF)² = 7² - CF². Expanding, 81 - 121 + 22·CF - CF² = 49 - CF², so 22·CF = 89 " \
        "and CF = 89/22" in text, text
    assert "Heron" not in text and "area" not in text and "√" not in text, text


def test_an_isosceles_triangles_altitude_is_left_to_its_own_theorem() -> None:
    """The subtracted Pythagoras equations are for a scalene triangle: in an isosceles one the altitude from the
    apex is the median (no equation to solve)."""
    text = _text("triangle ABC\nline C F B\nline A F\nAF perpendicular to CB\nAB = 9\nBC = 11\nAC = 9\nfind CF\n")
    assert "2·BC·CF" not in text and "it is also the median to the base; hence CF = BC/2 = 11/2" in text, text


def test_the_intercept_theorem_beside_a_chain_that_fixed_the_goal_first() -> None:
    """(teacher 23 gen 8: the law of sines, the area of ABC, an area ratio and the area of CEF solved back for CF,
    where CF = CA·CE/CB in one proportion.)  A heavier pending theorem that gives the goal from known elements is
    weighed beside the chain that happened to fix it first."""
    text = _text("triangle ABC isosceles at A\nline C E B\nline C F A\nline E F\nEF parallel to BA\nAB = 22\n"
                 "angle BAC = 120\nCE = 27\nfind CF/BC\n")
    assert "By the intercept theorem (FE is parallel to AB), CF/AC = CE/BC, so CF = AC·CE/BC" in text, text
    assert "area" not in text and "perimeter" not in text, text
    assert "Therefore CF/BC = 9√3/(22√3) = 9/22." in text, text


def test_the_equilateral_triangles_altitude_bisects_its_side() -> None:
    """(teacher 24 gen 4: CD = AC·cos(angle ACD) = 43·cos(60°).)  The altitude of an equilateral triangle bisects
    the base: CD = BC/2."""
    text = _text("triangle ABC equilateral\nline C D B\nAD altitude of ABC\ncircle O through A B C\nAB = 43\n"
                 "find CO/CD\n")
    assert "Since AD is the altitude of the equilateral triangle ABC, it bisects the side BC; hence CD = BC/2 = 43/2" \
        in text, text
    assert "cos" not in text, text


def test_a_midpoint_of_an_arc_halves_the_arc_on_either_side() -> None:
    """(teacher 23 gen 1: arc CG = arc CA/2 and arc GA = arc CG.)  The half asked, at once."""
    text = _text("triangle ABC isosceles at A\ncircle O through A B C G\nG midpoint of arc OCA\ncounterclockwise OGA\n"
                 "G and B on opposite sides of line AO\nangle BAC = 50\nfind arc OGA\n")
    assert "Since G is the midpoint of the arc CGA of circle O, arc GA = arc CA/2 = 130°/2 = 65°." in text, text
    assert "arc CG =" not in text, text


def test_a_rhombus_gives_any_two_of_its_sides_equal_in_one_step() -> None:
    """(teacher 24 FormalGeo 2875: "BC = AB = AE and AD = BC = AE", where AD = AE suffices.)"""
    text = _text("points A B C D E\nrhombus ABCD\nline A E\nAE = AB\nAB = 5\nangle DAE = 80\nclockwise AED\n"
                 "find angle ADE\n")
    assert "Since the sides of the rhombus ABCD are equal, AD = AB. So AD = AE." in text, text
    assert "BC =" not in text and "= BC" not in text, text

