"""What blind teacher 30 marked down: ties said alone as steps ("Since E lies on BD, angle ABE = angle ABD."), each
class on its smallest text or problem."""
from __future__ import annotations

from geomill.solvers.plane.tidy import fold_ties, perpendicular_as_reason

from .proof_text import linted_text as _text


def test_a_tie_is_folded_into_the_chain_that_concludes_its_angle() -> None:
    lines = ["Since E lies on BD, angle ABE = angle ABD. Since triangle ABD is isosceles with AB = AD and an angle of "
             "60° at A, it is equilateral; hence angle ABE = 60°."]
    assert fold_ties(lines) == ["Since triangle ABD is isosceles with AB = AD and an angle of 60° at A, it is "
                                "equilateral; hence angle ABD = 60°."]  # (found as the triangle's own: named so)
    later = [*lines, "In the right triangle ABE, AE = AB·sin(angle ABE)."]  # (ABE's own angle: both names said)
    assert fold_ties(later)[0].endswith("hence angle ABD = 60°, and since E lies on BD, angle ABE = 60°.")


def test_a_tie_is_said_beside_the_triangle_whose_angle_it_is() -> None:
    lines = ["Since A lies on DC, angle BDA = angle BDC. In the right triangle BAD, cos(angle BDC) = AD/BD, so BD = 8."]
    assert fold_ties(lines) == ["In the right triangle BAD (its angle BDA is angle BDC), cos(angle BDC) = AD/BD, so "
                                "BD = 8."]


def test_a_term_of_a_chain_is_no_conclusion_to_fold_into() -> None:
    """("180° - angle RST - angle STU = 180° - …": angle STU there is put in, not concluded.)"""
    lines = ["Since T lies on RU extended, angle STR = angle STU. So angle SRU = 180° - angle RST - angle STU = 43°."]
    assert fold_ties(lines) == lines


def test_a_tie_the_next_sentence_does_not_use_stays() -> None:
    lines = ["Since E lies on BD, angle ABE = angle ABD. AB = 7 (given)."]
    assert fold_ties(lines) == lines
    assert fold_ties(["$x$"]) == ["$x$"]  # (LaTeX left as it is)


def test_a_kites_equilateral_half_says_no_tie_on_its_own() -> None:
    """(gen 5: "Since E lies on BD, angle ABE = angle ABD." before the equilateral triangle that gives 60°.)"""
    text = _text("points A B C D E\nkite ABCD at A\nline A E C\nline B E D\nE where AC meets BD\nAB = 7\n"
                 "angle BAD = 60\nfind AE\n")
    assert "angle ABD = 60°, and since E lies on BD, angle ABE = 60°." in text, text  # (no tie alone, no bracket)
    assert "the same angle" not in text and "Since E lies on BD, angle ABE = angle ABD." not in text, text


def test_a_tie_is_never_put_inside_a_clause_or_said_of_one_angle() -> None:
    """(FormalGeo 3208: "Since the angles of the square EFGC (its angle CGF is angle CGP) are right angles";
    6370: "angle BCE = angle BCE", a tie of one angle to itself.)"""
    inside = ["Since P lies on GF, angle CGP = angle CGF. Since the angles of the square EFGC are right angles, "
              "angle CEF = angle CGP = 90°."]
    assert fold_ties(inside) == ["Since the angles of the square EFGC are right angles and P lies on GF, angle CEF = "
                                 "angle CGF = angle CGP = 90°."]  # (a link of the chain, never "the square EFGC (its
    # angle …)"; the square's own angle next to it and the tie's reason in the "since": teacher 37 fg 18)
    both = ["Since P lies on GF, angle CGP = angle CGF. Since the angles of the square EFGC and of ABCD are right "
            "angles, angle CEF + angle CGP = 180°."]
    assert fold_ties(both) == both
    assert fold_ties(["Since F lies on BC, angle BCE = angle BCE. In triangle BCE, angle BCE = 40°."]) == [
        "In triangle BCE, angle BCE = 40°."]


def test_a_value_concluded_through_a_tie_is_stated() -> None:
    """("; hence angle DBO = angle ABO = 45° (the same angle)": both names brought to 45°, none put in unstated.)"""
    from geomill.solvers.plane.write import unstated

    assert unstated(["Since OBA is isosceles with a right angle at O, its base angles are 45°; hence angle DBO = "
                     "angle ABO = 45° (the same angle).", "So angle ABO + 10° = 45° + 10° = 55°."]) == []


def test_a_tie_joins_a_one_fact_reason() -> None:
    """(FormalGeo 6022: "Since P lies on DC, angle BDP = angle BDC." before the exterior angle theorem.)"""
    lines = ["Since P lies on DC, angle BDP = angle BDC. Since the exterior angle APD of triangle BPD is the sum of the "
             "two opposite interior angles, angle DBP = angle APD - angle BDC = 75° - 40° = 35°."]
    assert fold_ties(lines) == ["Since P lies on DC, angle BDP = angle BDC = 40°. Since the exterior angle APD of "
                                "triangle BPD is the sum of the two opposite interior angles, angle DBP = angle APD - "
                                "angle BDP = 75° - 40° = "
                                "35°."]


def test_an_angle_found_under_one_name_keeps_it_in_later_steps() -> None:
    """(teacher 44's sheet, gen 4: "angle CBF = angle CBA (the same angle) = (180° - angle BAC)/2 = 70°", then "angle
    AFE = angle CBF": the later step calls the angle by the name its value was found under, and no tie is said.)"""
    lines = ["Since F lies on AB, angle CBF = angle CBA. By the angle sum of triangle ABC, angle CBA = 70°.",
             "Since FE is parallel to BC, angle AFE = angle CBF = 70°."]
    assert fold_ties(lines) == ["By the angle sum of triangle ABC, angle CBA = 70°.",
                                "Since FE is parallel to BC, angle AFE = angle CBA = 70°."]
    own = [lines[0], "In triangle BCF, angle BCF = 180° - angle CBF - angle BFC = 30°."]  # (BCF's own angle: tied)
    assert fold_ties(own)[0] == ("By the angle sum of triangle ABC, angle CBA = 70°, and since F lies on AB, angle CBF "
                                 "= 70°.")
    text = _text("points A B C E F\ntriangle ABC isosceles at A\nline A E C\nline A F B\nline E F\nangle BAC = 40\n"
                 "AE = CE\nAF = BF\nfind angle AFE\n")
    assert "the same angle" not in text and "angle CBF" not in text and "angle AFE = angle CBA = 70°" in text, text


def test_a_given_perpendicular_is_the_reason_of_the_right_triangle_it_makes() -> None:
    """(teacher 44's sheet, gen 11: "Since CG is perpendicular to BA, angle BGC = 90°." a step of its own before "In
    the right triangle BGC, …", which alone uses it.)"""
    lines = ["Since CG is perpendicular to BA, angle BGC = 90°.", "In the right triangle BGC, CG = BC·sin(angle CBG)."]
    assert perpendicular_as_reason(lines) == ["In the right triangle BGC (as CG is perpendicular to BA), CG = "
                                              "BC·sin(angle CBG)."]
    later = [*lines, "So angle BGC + angle CGA = 180°."]  # (named again later: said on its own)
    assert perpendicular_as_reason(later) == later
    other = [lines[0], "In the right triangle AGC, CG = AC·sin(angle CAG)."]  # (another triangle's right angle)
    assert perpendicular_as_reason(other) == other
    text = _text("points A B C G\ntriangle ABC\nline B G A\nline C G\nCG perpendicular to BA\nBC = 18\n"
                 "angle ABC = 60\nfind CG\n")
    assert text.startswith("Since G lies on BA, angle CBG = angle ABC = 60°. In the right triangle BGC (as CG is "
                           "perpendicular to BA), sin(angle CBG) = CG/BC"), text


def test_a_name_said_before_keeps_its_link() -> None:
    """(FormalGeo 3208: "angle CDE = 70°" found, then "angle NBP = angle CDE = angle CDA = 70°": the parallelogram's
    angle CDA is linked to the value said before, never put in as "angle NBP = angle CDA = 70°" unsaid.)"""
    lines = ["By the angle sum of triangle DEC, angle CDE = 70°. Since E lies on DA, angle CDE = angle CDA. Since the "
             "opposite angles of the parallelogram ABCD are equal, angle NBP = angle CDA = 70°."]
    assert fold_ties(lines) == ["By the angle sum of triangle DEC, angle CDE = 70°. Since the opposite angles of the "
                                "parallelogram ABCD are equal and E lies on DA, angle NBP = angle CDA = angle CDE = "
                                "70°."]  # (why the link holds, in the "since": teacher 37 fg 18)


def test_a_link_of_a_chain_keeps_the_name_its_value_was_given_by() -> None:
    """(FormalGeo 204: "angle CDE = angle ABE = angle ABC = 32°", the given angle ABC; its value put in, not found.)"""
    lines = ["Since E lies on BC, angle ABE = angle ABC. Since the inscribed angles ABE and ADC stand on the same arc, "
             "angle CDE = angle ABE = 32°."]
    assert fold_ties(lines) == ["Since the inscribed angles ABE and ADC stand on the same arc and E lies on BC, angle "
                                "CDE = angle ABE = angle ABC = 32°."]  # (why the link holds: teacher 37 fg 18)


def test_two_reasons_side_by_side_share_one_bracket() -> None:
    """Stacked brackets read as two afterthoughts; one bracket holds both reasons (teacher 30's sheet, gen 2)."""
    from geomill.solvers.plane.tidy import _one_bracket

    line = ("Since the perpendicular OD from the centre bisects the central angle AOC (as OC = OA, radii) "
            "(as OD is perpendicular to CD), angle COD = angle AOC/2 = 130°/2 = 65°.")
    assert _one_bracket(line) == ("Since the perpendicular OD from the centre bisects the central angle AOC (as "
                                  "OC = OA, radii, and as OD is perpendicular to CD), angle COD = angle AOC/2 = "
                                  "130°/2 = 65°.")
    assert _one_bracket("In the right triangle ABC (as AB = 3), AC = 4 (given).") == \
        "In the right triangle ABC (as AB = 3), AC = 4 (given)."


def test_a_shape_is_named_as_its_given_area_spells_it() -> None:
    """A rhombus stated as XWZY whose area is given as area WXYZ is "the rhombus WXYZ" in the proof, as in the
    question: never the two spellings side by side (blind teacher 30's fg 6, FormalGeo 183)."""
    text = _text("points X W A Z Y\ntriangle XWA\ntriangle AWZ\ntriangle AZY\ntriangle XAY\nrhombus XWZY\n"
                 "line W A Y\nline X A Z\nclockwise XWA AWZ AZY XAY\narea WXYZ = 100\nXZ = 10\nfind WY\n")
    assert "rhombus WXYZ" in text and "XWZY" not in text, text


def test_a_shape_proved_once_is_not_proved_again() -> None:
    """A quadrilateral proved a rectangle is named so after, whatever reason a later step repeats and however it
    spells the shape ("it is a rectangle" three times: blind teacher 31's fg 16, FormalGeo 1590)."""
    from geomill.solvers.plane.tidy import tidy

    text = " ".join(tidy([
        "Since EA is perpendicular to CA and AC is perpendicular to DC and the angles of CDEA are right angles, it is "
        "a rectangle; hence CD = AE = 28.",
        "Since the angles of CDEA are right angles, it is a rectangle; hence AC = DE = 20.",
        "Since the angles of ACDE are right angles, it is a rectangle; hence area ACDE = AC·AE = 20·28 = 560."]))
    assert text.count("it is a rectangle") == 1, text
    assert "Since CDEA is a rectangle, AC = DE = 20." in text and "Since ACDE is a rectangle, area ACDE" in text, text


def test_a_right_angle_never_named_after_is_not_said_alone() -> None:
    """"Since CD is an altitude of triangle ABC, angle ADC = 90°." alone, before an altitude theorem that says the
    perpendicular itself and never names the angle, is filler (blind teacher 31's gen 11); a right angle a later
    sentence names, or whose reason is not said again, stays."""
    from geomill.solvers.plane.tidy import right_angle_near_use

    alone = "Since CD is an altitude of triangle ABC, angle ADC = 90°."
    mean = ("Since angle ACB = 90° and CD is perpendicular to the hypotenuse AB, by the geometric mean (altitude) "
            "theorem in the right triangle ACB, CD² = AD·BD, so CD = √(AD·BD) = √(6·28) = 2√42.")
    area = "Since CD is an altitude of triangle ABC, area ABC = AB·CD/2 = 34·(2√42)/2 = 34√42."
    assert right_angle_near_use([alone, mean, area]) == [mean, area]
    assert alone in right_angle_near_use([alone, mean])  # (its reason never said again)
    named = "In the right triangle ADC, AC² = AD² + CD²."
    assert alone in " ".join(right_angle_near_use([alone, named, area]))
