"""What blind teacher 37 marked down in FormalGeo proofs (issue 37): a reason said twice, a fact restated where it was
worked out another way, a tie with no reason, and a shape's measure named by its symbol."""
from __future__ import annotations

from geomill.solvers.plane.tidy import fold_ties
from geomill.solvers.plane.write import _diameter_rule_once, _measure_named

from .proof_text import linted_text as _text


def test_the_diameter_rule_is_said_once_and_the_radius_halved_in_words() -> None:
    # (fg 8, FormalGeo 500: "Since a diameter of circle A is twice its radius, the radius AX of circle A = diameter
    # of circle A/2 = 10/2 = 5. … Since a diameter of circle B is twice its radius, …")
    text = _text("points A D X B\nline A D X B\ncircle A through X\ncircle B through D\ndiameter A = 10\n"
                 "diameter B = 30\nAD = 2\nfind BX\n")
    assert text.startswith("Since the radius of circle A is half its diameter, the radius AX of circle A = 10/2 = 5. "
                           ), text
    assert "Likewise, the radius BD of circle B = 30/2 = 15." in text, text
    assert "twice its radius" not in text and "diameter of circle A/2" not in text, text
    # (one circle's rule said again for that circle is no "Likewise")
    again = ["Since a diameter of circle A is twice its radius, the diameter of circle A = 2r = 10.",
             "Since a diameter of circle A is twice its radius, the radius of circle A = diameter of circle A/2."]
    assert _diameter_rule_once(again) == again


def test_an_equal_side_is_worked_out_with_its_equal_and_the_perimeter_said_in_words() -> None:
    # (fg 5, FormalGeo 606: "Then AB = 2x + 4 = 2·5 + 4 = 14. Since AC = AB, AC = 14." restates the equation x came
    # from; "Perimeter ABC =" is the symbol's name)
    text = _text("points A B C\ntriangle ABC isosceles at A\nclockwise ABC\nAB = 2x + 4\nBC = 4x - 8\nAC = 3x - 1\n"
                 "find perimeter ABC\n")
    assert "Then AB = AC = 2x + 4 = 2·5 + 4 = 14" in text and "Since AC = AB" not in text, text
    assert "The perimeter of triangle ABC = AB + BC + CA = 14 + 12 + 14 = 40." in text, text
    # (a "Hence" that says the value again names it the same way; a quadrilateral no shape names says so)
    assert _measure_named(["Perimeter BCD = 5 + 6. Hence perimeter BCD = 11.", "Perimeter ABNC = 3 + 3 = 6."], {}) == [
        "The perimeter of triangle BCD = 5 + 6. Hence the perimeter of triangle BCD = 11.",
        "The perimeter of quadrilateral ABNC = 3 + 3 = 6."]


def test_a_tie_linked_in_a_chain_follows_the_shapes_angle_with_its_reason() -> None:
    # (fg 18, FormalGeo 2875: "angle ADC = angle ABE = angle ABC = 80°", no reason for ABE = ABC)
    said = fold_ties(["Since E lies on BC, angle ABE = angle ABC. Since the opposite angles of the rhombus ABCD are "
                      "equal, angle ADC = angle ABE = 80°."])
    assert said == ["Since the opposite angles of the rhombus ABCD are equal and E lies on BC, angle ADC = angle ABC "
                    "= angle ABE = 80°."], said


def test_chords_shown_equal_are_shown_where_used_and_not_restated() -> None:
    # (fg 15, 16, FormalGeo 2224, 2272: the equal distances in the "since", not "(MF = MB)" after the claim; ES = HN
    # proved first and restated at the end, "Since the chords HN and ES of circle M are equal")
    text = _text("points M E F S H B N\nline S F E\nline H B N\ncircle M through E S H N\nEF perpendicular to MF\n"
                 "HB perpendicular to MB\nclockwise ESH EHN MHN MHB\nFM = BM\nangle MHN = 40\nfind arc MSE\n")
    assert text.endswith("Since MF and MB are perpendicular to the chords ES and HN and MF = MB, the chords are "
                         "equally far from the centre; hence ES = HN. Since these chords are equal, so are their minor "
                         "arcs; hence arc SE = arc NH = 100°."), text
