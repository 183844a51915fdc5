"""What the sentences say (blind teacher 27): an identification through a collinearity said where it is used, each
equation once, at most two "so" a sentence, an element's value before it is put in, one spelling per angle, each
class on its smallest problem."""
from __future__ import annotations

from geomill.solvers.plane.tidy import tidy

from .proof_text import linted_text as _text


def test_an_angle_of_a_shape_renamed_through_both_arms_says_the_points_on_them() -> None:
    """(gen 1: angle ABD of the cyclic quadrilateral ABDC printed as FBO, the triangle's name, unsaid.)"""
    text = _text("triangle ABC\npolygon DCAB\ncircle O through A B C D\nline B O D\nline B F A\nline O F\n"
                 "OF perpendicular to BF\nangle ACB = 30\nradius O = 9\nfind FO\n")
    # (teacher 30: the tie folded into the chain that concludes the angle, never a sentence of its own)
    assert ("Since the opposite angles of the cyclic quadrilateral ABDC add up to 180°, angle ABD = 180° - angle ACD "
            "= 180° - 120° = 60°, and since F lies on BA and O lies on BD, angle FBO = 60°.") in text, text
    assert "Since F lies on BA" not in text, text  # (teacher 30: never a tie alone)


def test_a_centroid_names_the_median_it_lies_on_with_its_reason() -> None:
    """(fg 5: "it divides the median CF" without C, P, F collinear and F on AE.)"""
    text = _text("triangle ACE\nline A B C\nline C D E\nline E F A\nline B P E\nline C P F\nline A P D\n"
                 "P centroid of ACE\nAD = 15\nFP = 6\nfind CP\n")
    assert "Since P is the centroid of triangle ACE and the line CP meets EA at F, CF is the median from C, which P " \
           "divides in the ratio 2:1; hence CP = 2·FP = 2·6 = 12." in text, text


def test_a_height_whose_foot_is_on_the_side_produced_says_so() -> None:
    """(fg 6: "(as DE is perpendicular to BE)" without E on line AD.)"""
    text = _text("parallelogram CADB\nline A D E\nDE perpendicular to BE\nAC = 25\nAD = 21\nBE = 20\n"
                 "find area CADB\n")
    assert "with the base AD and the height BE (as E lies on AD extended and DE is perpendicular to BE)" in text, text


def test_the_perpendicular_from_the_centre_bisects_the_central_angle_for_equal_radii() -> None:
    """(gen 7: the bisection without OB = OC; the angle named BOC, then COB.)"""
    text = _text("triangle ABC isosceles at A\nline B D C\nline O D\nline O B\nline O C\ncircle O through A B C\n"
                 "OD perpendicular to BD\nangle BAC = 70\nfind angle COD\n")
    assert "bisects the central angle BOC (as OC = OB, radii), angle COD = angle BOC/2" in text, text
    assert "COB" not in text, text


def test_an_angle_keeps_its_first_spelling() -> None:
    """(the spelling an equation gives it first, before a theorem's words)"""
    assert tidy(["Since arc EA has the measure of its central angle EOA, arc EA = angle AOE = 60°."]) == [
        "Since arc EA has the measure of its central angle AOE, arc EA = angle AOE = 60°."]
    assert tidy(["Since the central angle BOC is twice the inscribed angle BAC, angle BOC = 140°. Since OD bisects "
                 "the central angle COB, angle COD = angle COB/2 = 70°."]) == [
        "Since the central angle BOC is twice the inscribed angle BAC, angle BOC = 140°. Since OD bisects the central "
        "angle BOC, angle COD = angle BOC/2 = 70°."]


def test_an_equation_is_said_once_with_its_numbers() -> None:
    """(fg 13, fg 14: "AN² = BN·CN, so AN² = BN·CN = 12·8 = 96".)"""
    assert tidy(["By the geometric mean (leg) theorem in the right triangle BAN, AN² = BN·CN, so AN² = BN·CN = "
                 "12·8 = 96."]) == [
        "By the geometric mean (leg) theorem in the right triangle BAN, AN² = BN·CN = 12·8 = 96."]


def test_at_most_two_so_in_a_sentence() -> None:
    """(fg 14: six clauses joined by "so".)"""
    assert tidy(["In the right triangle CBD, BD² = AD·CD, so 8² = x·(x + 9), so 64 = x² + 9x, so x² + 9x - 64 = 0, "
                 "so by the quadratic formula, x = (-9 ± √337)/2."]) == [
        "In the right triangle CBD, BD² = AD·CD, so 8² = x·(x + 9), so 64 = x² + 9x. Hence x² + 9x - 64 = 0, so by "
        "the quadratic formula, x = (-9 ± √337)/2."]


def test_an_element_found_through_a_variable_is_valued_before_it_is_put_in() -> None:
    """(fg 11: "(4x - 5) + (3y + 1) = 180, so 3y + 60 = 180" never says angle EIO = 59°.)"""
    text = _text("line G O H\nline E I B\nGE parallel to OI\nHG parallel to BE\nOI parallel to HB\n"
                 "clockwise GOIE\nclockwise OHBI\nangle GOI = 3y + 1\nangle HBI = 3x + 11\nangle EIO = 4x - 5\n"
                 "find y\n")
    assert "and x = 16. Since x = 16, angle EIO = 4x - 5 = 4·16 - 5 = 59°. Since HG is parallel to BE, the " \
           "co-interior angles GOI and EIO add up to 180°: 59 + (3y + 1) = 180" in text, text


def test_a_half_sum_is_written_as_the_sum_halved() -> None:
    """(gen 2: "FG = AD/2 + BC/2 = 27/2 + 59/2 = 43".)"""
    text = _text("trapezoid ABCD bases AD BC\nline A F B\nline D G C\nFG midsegment of ABCD\nAD = 27\nBC = 59\n"
                 "find FG\n")
    assert "FG = (AD + BC)/2 = (27 + 59)/2 = 43" in text, text


def test_segments_joined_one_after_the_other_are_one_sentence() -> None:
    from geomill.solvers.plane.write import _joins_merged

    assert _joins_merged(["Join XO. Join OW. Since …"]) == ["Join XO and OW. Since …"]
    assert _joins_merged(["Join XO. Join OW and OZ. So …"]) == ["Join XO, OW and OZ. So …"]


def test_equal_radii_said_alone_go_with_the_sentence_that_uses_them() -> None:
    """(fg 7: "AO = CO (radii of circle O)." alone as the first line.)"""
    assert tidy(["AO = CO (radii of circle O).", "Join CA. Since triangle OAC is isosceles with OA = OC and a right "
                 "angle at O, its base angles are 45°; hence angle ACO = 45°."]) == [
        "Join CA. Since triangle OAC is isosceles with OA = OC (radii of circle O) and a right angle at O, its base "
        "angles are 45°; hence angle ACO = 45°."]


def test_a_since_lists_only_the_premises_of_its_own_conclusion() -> None:
    """(gen 4: "Since angle DCF = 90° and both pairs of opposite sides of BEDF are parallel, it is a
    parallelogram": the height's right angle goes with the height.)"""
    text = _text("triangle ABC right at C\npolygon BEDF\nline A D C\nline B E A\nline B F C\nED parallel to BC\n"
                 "FD parallel to BA\nAC = 24\nBC = 32\nAD = 13\nfind area BEDF\n")
    assert "Since both pairs of opposite sides of BEDF are parallel, it is a parallelogram, whose area is the base FB " \
           "times the height DC (as C lies on BF extended" in text, text
    assert "Since angle DCF = 90° and both" not in text, text


def test_a_rule_giving_a_multiple_of_a_sum_is_stated_then_solved_for_a_part() -> None:
    """(fg 2: "TU = 2·SV - QR" never states the midsegment theorem; gen 10: "AD = perimeter ABCD/2 - AB".)"""
    text = _text("trapezoid ABCD bases AD BC\nline A F B\nline D G C\nFG midsegment of ABCD\nAD = 27\nFG = 43\n"
                 "find BC\n")
    assert "FG = (AD + BC)/2 (the trapezoid midsegment theorem), so 43 = (27 + BC)/2 and BC = 2·43 - 27 = 59." \
        in text, text
    text = _text("points A B C D\nparallelogram ABCD\nAB = 21\nperimeter ABCD = 92\nfind AD\n")
    assert "perimeter ABCD = 2·(AB + AD), so 92 = 2·(21 + AD) and AD = 92/2 - 21 = 25." in text, text


def test_a_right_angle_is_said_just_before_the_sentence_that_uses_it() -> None:
    """(gen 4: "angle DCF = 90°" said two steps before the height it makes.)"""
    text = _text("triangle ABC right at C\npolygon BEDF\nline A D C\nline B E A\nline B F C\nED parallel to BC\n"
                 "FD parallel to BA\nAC = 24\nBC = 32\nAD = 13\nfind area BEDF\n")
    assert "= 52/3. Since ABC is a right triangle with the right angle at C, angle DCF = 90°. Since both pairs of " \
           "opposite sides of BEDF are parallel, it is a parallelogram, whose area is the base FB times the height DC " \
           "(as C lies on BF extended); hence" in text, text
