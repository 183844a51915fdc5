"""What blind teachers 45 and 46 marked down in the wording (issue 37): mechanical asides ("(the same angle)", "(its
angle ACD is angle ACB)"), filler ("Let r = 8 be the radius of circle O.", "since the perimeter of ABC is the sum of
its sides"), a formula printed with its letters (π·(arc CB)r²/360) and a proof that never says the asked value."""
from __future__ import annotations

from geomill.solvers.plane.tidy import fold_ties, perpendicular_as_reason
from geomill.solvers.plane.write import _formula_put_in, _letter_dropped

from .proof_text import linted_text as _text


def test_a_tie_in_a_chain_concludes_the_shapes_angle_and_names_the_other_after_it() -> None:
    lines = ["Since F lies on CG, angle BCF = angle BCG. Since the exterior angle AGF of triangle CBG is the sum of "
             "the two opposite interior angles, angle BCF = angle AGF - angle CBG = 104° - 90° = 14°.",
             "In triangle BCF, angle BFC = 180° - angle BCF - angle CBF = 140°."]
    out = fold_ties(lines)
    assert out[0] == ("Since the exterior angle AGF of triangle CBG is the sum of the two opposite interior angles, "
                      "angle BCG = angle AGF - angle CBG = 104° - 90° = 14°, and since F lies on CG, angle BCF = 14°.")
    assert "the same angle" not in " ".join(out)


def test_a_tie_a_triangle_needs_is_a_step_with_its_value() -> None:
    lines = ["Since D lies on CB, angle ACD = angle ACB. By the angle sum of triangle ADC, angle CAD = 180° - "
             "angle ACB - angle ADC = 180° - 40° - 90° = 50°."]
    assert fold_ties(lines) == ["Since D lies on CB, angle ACD = angle ACB = 40°. By the angle sum of triangle ADC, "
                                "angle CAD = 180° - angle ACD - angle ADC = 180° - 40° - 90° = 50°."]
    reason = ["Since B lies on FG, angle EFG = angle EFB. Since the inscribed angle EFG stands on arc BE, it is half "
              "the arc; hence arc BE = 2·angle EFG = 2·30° = 60°."]  # (no shape: the theorem's name, with the value)
    assert fold_ties(reason) == ["Since B lies on FG, angle EFG = angle EFB = 30°. Since the inscribed angle EFG "
                                 "stands on arc BE, it is half the arc; hence arc BE = 2·angle EFG = 2·30° = 60°."]
    # (a right angle said alone before them is the triangle's reason still, past the tie)
    right = ["Since CG is perpendicular to BA, angle BGC = 90°.", "Since G lies on BA, angle CBG = angle ABC = 60°. In "
             "the right triangle BGC, CG = BC·sin(angle CBG) = 9√3."]
    assert perpendicular_as_reason(right) == ["Since G lies on BA, angle CBG = angle ABC = 60°. In the right triangle "
                                              "BGC (as CG is perpendicular to BA), CG = BC·sin(angle CBG) = 9√3."]


def test_a_base_angle_tie_is_a_link_of_its_chain() -> None:
    lines = ["Since F lies on BC, angle EBC = angle EBF. Since triangle BEC is isosceles with EC = EB, angle BCE = "
             "angle EBF."]
    assert fold_ties(lines) == ["Since triangle BEC is isosceles with EC = EB, angle BCE = angle EBC = angle EBF."]


def test_a_theorems_bracketed_tie_is_said_after_its_chain() -> None:
    lines = ["Since the inscribed angles ABE and ADC stand on the same arc (angle CDE is angle ADC, as E lies on line "
             "DA), angle CDE = angle ABE = angle ABC = 32°."]
    assert fold_ties(lines) == ["Since the inscribed angles ABE and ADC stand on the same arc, angle ADC = angle ABE = "
                                "angle ABC = 32°, and since E lies on line DA, angle CDE = 32°."]
    kept = ["Since the inscribed angles TSU and TVU stand on the same arc (angle BST is angle TSU, as B lies on line "
            "SU), angle TSU = angle TVU, so 3y = y + 16 and y = 8."]  # (no value to say it with: the bracket stays)
    assert fold_ties(kept) == kept


def test_a_given_radius_is_put_in_without_a_letter() -> None:
    assert _letter_dropped(["Since BAC is a right angle, BC is a diameter; hence BC = 2r = 2·8 = 16."], "r", "8") == [
        "Since BAC is a right angle, BC is a diameter; hence BC = 2·8 = 16."]
    assert _letter_dropped(["Since the area of a circle is πr², its area = πr² = π·5² = 25π."], "r", "5") is None
    text = _text("points O A B C\ncircle O through A B C\ncounterclockwise OBC\nOA = 6\nangle BOC = 60\n"
                 "find sector area OBC\n")
    assert "the area of sector OBC = (60/360)·π·6² = 6π." in text and "Let r" not in text, text


def test_formulas_are_written_with_their_numbers() -> None:
    assert _formula_put_in("Since the perimeter of ABC is the sum of its sides, perimeter ABC = AB + AC + BC = 5 + 5 + "
                           "5 = 15.") == "Perimeter ABC = AB + BC + CA = 5 + 5 + 5 = 15."  # (round it: teacher 35)
    assert _formula_put_in("the area of sector ACB = π·(arc CB)r²/360 = π·45·2²/360 = π/2.") == (
        "the area of sector ACB = (45/360)·π·2² = π/2.")
    assert _formula_put_in("the length of arc ZY = π·(arc ZY)r/180 = π·75·6/180 = 5π/2.") == (
        "the length of arc ZY = (75/360)·2π·6 = 5π/2.")
    text = _text("points A B C\ntriangle ABC\nAB = 5\nBC = 6\nCA = 7\nfind perimeter ABC\n")
    assert text == "The perimeter of triangle ABC = AB + BC + CA = 5 + 6 + 7 = 18.", text  # (in words: teacher 37)


def test_the_last_sentence_states_the_asked_value() -> None:
    """(the height asked, found as the segment CD that no sentence calls the height: "Hence the height from C to AB
    is …"; a sum of angles in degrees; an answer the last sentence states already is not said again.)"""
    text = _text("points A B C D\ntriangle ABC\nangle ACB = 90\nline A D B\nline C D\nCD altitude of ABC\nAD = 4\n"
                 "BD = 22\nfind height CAB\n")
    assert text.endswith("= 2√22. Hence the height from C to AB is 2√22."), text
    named = _text("points A B C D\ntriangle ABC\nangle ACB = 90\nline A D B\nline C D\nCD perpendicular to AB\n"
                  "AD = 4\nBD = 22\nfind height CAB\n")  # (CD said to be the height: its value closes the proof)
    assert "CD is the height from C to AB" in named and named.endswith("= 2√22."), named
    summed = _text("points A B C D\ntriangle ABC\nangle BAC = 40\nfind angle ABC + angle ACB\n")
    assert summed.endswith("°."), summed
    given = _text("points A B C\ntriangle ABC\nAB = 3\nfind AB\n")
    assert given == "AB = 3 is given.", given
    ratio = _text("points A B C D E\ntriangle ABC\nline A D B\nline A E C\nD midpoint of AB\nE midpoint of AC\n"
                  "BC = 10\nAB = 8\nfind DE/AB\n")
    assert ratio.endswith("Therefore DE/AB = 5/8."), ratio


def test_a_reason_said_twice_is_said_once_where_the_value_put_in_is_given() -> None:
    """(the bisector of a given angle said as a step and again with the value: once, with its value, where the
    question gives angle ABE; still twice where the value put in is found later, not given.)"""
    from geomill.solvers.plane.tidy import tidy

    lines = ["Since BD bisects the angle ABE, angle ABD = angle DBE.", "So angle DBE + angle BED = 100°.",
             "Since BD bisects the angle ABE, angle ABD = angle ABE/2 = 60°/2 = 30°.", "So angle BED = 70°."]
    assert tidy(lines, givens=frozenset({"angle ABE"})) == [
        "Since BD bisects the angle ABE, angle ABD = angle DBE = angle ABE/2 = 60°/2 = 30°.",
        "So angle DBE + angle BED = 100°.", "So angle BED = 70°."]
    assert tidy(lines) == lines


def test_a_tie_is_said_with_a_value_only_where_the_proof_has_that_value() -> None:
    """(FormalGeo 1872: "angle BDC + angle DBE + angle DCE = 180°, so 4y + 65 + 83 = 180" puts 83° in for angle DBE, not
    the 65° its place would say: a number read off the sentence is said only where the proof's value agrees.)"""
    lines = ["Since C lies on BE extended, angle CBD = angle DBE. By the angle sum of triangle CDB, angle BDC + "
             "angle DBE + angle DCE = 180°, so 4y + 65 + 83 = 180, so 4y = 32 and y = 8."]
    assert "angle DBE = 65°" not in fold_ties(lines, {"DBE": "83°", "EBD": "83°", "BDC": "65°"})[0]
    assert fold_ties(lines, {"DBE": "65°"})[0].startswith("Since C lies on BE extended, angle CBD = angle DBE = 65°. ")
