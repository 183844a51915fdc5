"""What the sentences say (blind teachers 25 and 26): every reason gives its claim, each fact once, natural names;
each class on its smallest problem."""
from __future__ import annotations

from geomill.solvers.plane_lint import sentence_findings, similar_gives

from .proof_text import linted_text as _text


def test_a_ratio_a_similarity_gives_only_with_a_tie_is_derived_first() -> None:
    """(teacher 25 gen 12: "similar by SAS (as AC/BG = AD/GH, since triangles ABC and GBH are similar by AA …)",
    a ratio ABC ~ GBH does not give.)  The similarity's own proportion first, with the tie (AB = 2·AD) and the
    values put in; the SAS then cites the ratio it found."""
    text = _text("triangle ABC\nline A D G B\nline B H C\nCD median of ABC\nline G H\nGH parallel to AC\n"
                 "angle ABC = 30\nangle ACB = 45\nBG = 5\nfind angle BDC\n")
    # (each similarity stated, then used: never "Since triangles … are similar", blind teacher 34)
    assert "similar by AA (as angle CAD = angle BGH and angle B is common); hence AC/GH = AB/BG, so AC = AB·GH/BG" \
        in text, text
    assert "= √2·AD. Triangles ACD and GBH are similar by SAS (as AC/AD = BG/GH = √2" in text, text
    assert "AC/BG = AD/GH" not in text, text


def test_the_linter_finds_a_similarity_cited_for_a_ratio_it_does_not_give() -> None:
    assert not similar_gives("ABC", "GBH", "AC", "BG", "AD", "GH")
    assert similar_gives("ABC", "GBH", "AC", "GH", "AB", "BG") and similar_gives("ABC", "GBH", "AC", "AB", "GH", "BG")
    said = ["Since triangles ACD and GBH are similar by SAS (as AC/BG = AD/GH, since triangles ABC and GBH are "
            "similar by AA and angle CAD = angle BGH), angle ADC = angle BHG = 45°."]
    assert [f.check for f in sentence_findings(said)] == ["sentence"]
    assert sentence_findings(["Since triangles ABC and GBH are similar by AA (as angle B is common), AC/GH = AB/BG, "
                              "so AC = 2."]) == []


def test_similar_triangles_with_a_common_side_are_said_congruent() -> None:
    """(teacher 26 gen 6: "triangles ABD and BAE are similar by AA …, AE/BD = 1", the ratio 1 unjustified; and the
    bisector said twice, "angle ABD = angle DBE" and later "angle ABD = angle ABE/2".)"""
    # (AE/BD: the congruence itself is the route; AD/AE takes AE in the right triangle ABE, once the bisector AE
    # gives its half BAE at once, without the congruence)
    text = _text("triangle ABC equilateral\nline A D C\nline C E B\nline A E\nline B D\nAE bisects angle CAB\n"
                 "BD bisects angle ABC\nAB = 7\nfind AE/BD\n")
    assert "Triangles ABD and BAE are congruent by ASA (as angle BAD = angle ABE, AB is common and angle ABD = " \
           "angle BAE)" in text, text
    assert "similar" not in text, text
    assert "Since BD bisects the angle ABC, angle ABD = angle ABE/2 = 60°/2 = 30°." in text, text
    assert text.count("Since BD bisects the angle ABC") == 1, text
    text = _text("triangle ABC equilateral\nline A D C\nline C E B\nline A E\nline B D\nAE bisects angle CAB\n"
                 "BD bisects angle ABC\nAB = 7\nfind AD/AE\n")
    assert "similar" not in text and "congruent" not in text and text.count("bisects") == 2, text


def test_two_elements_given_one_value_by_one_working_are_one_chain() -> None:
    """(teacher 25 gen 14: "AD = AC/2 = 12/2 = 6 and CD = AC/2 = 12/2 = 6".)"""
    text = _text("triangle ABC right at C\nline A D C\nBD median of ABC\nAC = 12\nBC = 27\nfind AD/BD\n")
    assert "AD = CD = AC/2 = 12/2 = 6." in text, text


def test_one_working_one_chain_and_a_comparison_after_its_value() -> None:
    """(teacher 26 fg 2: "so x = 14·cos(30°) and x = 7√3"; fg 8: "= 284° = 76° = arc BA".)"""
    from geomill.solvers.plane.tidy import tidy

    assert tidy(["In the right triangle ABC, cos(angle BAC) = AB/AC, so x = 14·cos(30°) and x = 7√3."]) == [
        "In the right triangle ABC, cos(angle BAC) = AB/AC, so x = 14·cos(30°) = 7√3."]
    assert tidy(["Since major arc CBD and arc DC make up the whole circle, arc DC = 360° - major arc CBD = 360° - "
                 "284° = 76° = arc BA."]) == [
        "Since major arc CBD and arc DC make up the whole circle, arc DC = 360° - major arc CBD = 360° - 284° = 76°; "
        "hence arc DC = arc BA."]
    text = _text("triangle CAB\nAB perpendicular to CB\nAB = x\nAC = 14\nangle BAC = 30\nfind x\n")
    assert "so x = 14·cos(30°) = 7√3." in text and " and x = " not in text, text


def test_a_given_perpendicular_is_cited_in_its_own_words() -> None:
    """(teacher 26 fg 9: "Since angle MNO = 90°" without pointing back to the given ON ⊥ MN; fg 2: "(as angle ABC =
    90°)" repeating the question.)  A right triangle is named with its right angle in the middle."""
    text = _text("triangle MNO\nline M P O\nline N P\nNP perpendicular to OP\nON perpendicular to MN\nMP = 11\n"
                 "OP = 27\nfind NP\n")
    assert text.startswith("Since ON is perpendicular to MN and NP is perpendicular to the hypotenuse MO, "), text
    assert "right triangle MNO" in text and "angle MNO = 90°" not in text, text


def test_the_diameter_asked_is_the_diameter_found() -> None:
    """(teacher 26 fg 10: AB = 17, then r = AB/2 = 17/2, then the diameter = 2r = 17; and "right triangle BAC"
    with the right angle at C.)"""
    text = _text("triangle ACB\nline A D B\ncircle D through A C B\nAC = 8\nBC = 15\nfind diameter D\n")
    assert text.endswith("Since AB is a diameter of circle D, the diameter of circle D = AB = 17."), text
    assert "2r" not in text and "Let r" not in text, text
    assert "right triangle ACB" in text, text


def test_a_triangle_the_question_names_keeps_its_name() -> None:
    """(teacher 25 gen 14: "BD is a median of triangle BCA" where the question says ABC: the parser turns a right
    triangle to put its right angle in the middle.)"""
    text = _text("triangle ABC right at C\nline A D C\nBD median of ABC\nAC = 12\nBC = 27\nfind AD/BD\n")
    assert text.startswith("Since BD is a median of triangle ABC, "), text


def test_a_sentence_about_one_triangle_names_its_angles_by_its_sides() -> None:
    """(teacher 25 gen 13: "Since ABC is an equilateral triangle, … angle DCE = angle FBG = 60°" for the angles
    ACB and ABC, D and E on its sides.)"""
    text = _text("triangle ABC equilateral\nline C D G B\nline A E C\nline A F B\nAD altitude of ABC\nline E F\n"
                 "EF parallel to CB\nline F G\nFG perpendicular to BG\nAB = 46\nAE = 18\nfind BD/DG\n")
    assert "Since ABC is an equilateral triangle, angle FBG = angle ACB = 60°." in text, text
    assert "angle DCE" not in text and "angle AEF = angle ACB = 60°" in text, text
    # (angle FBG is the angle ABC of ABC and the angle ABD of the right triangle ABD: named as it stands, once)


def test_a_criterions_angles_said_just_before_are_the_triangles_own() -> None:
    """(teacher 26 fg 12: "angle TZW = angle YXZ (corresponding angles)" before triangles WZT and WXY, where angle
    WXY is the angle of the triangle named.)"""
    text = _text("triangle WXY\nline W Z X\nline W T Y\nline Z T\nZT parallel to XY\nclockwise WZT\nTW = x\n"
                 "XY = 16\nWY = 20\nTZ = 10\nfind TY\n")
    assert "Since ZT is parallel to XY, angle TZW = angle WXY (corresponding angles)." in text, text
    assert "(as angle WXY = angle TZW and angle W is common)" in text and "YXZ" not in text, text
