"""Blind teacher 36's wording classes, each on its smallest case: a rule worded round its instance written out twice,
a half said in words and again as its equation, equal sides said again to call a triangle isosceles, a segment used
and never joined, an equilateral triangle called isosceles with no apex, an angle renamed through a point on its
arm unsaid."""
from geomill.solvers.plane.joins import joined_as_used, unjoined
from geomill.solvers.plane.tidy import fold_ties
from geomill.solvers.plane.write import _HALF_THEN, _equilateral_kept, _half_once, _isosceles_known

from .proof_text import linted_text


def test_a_rule_worded_round_its_instance_is_said_once_then_referred_back_to():
    text = linted_text("points O A B C D\nquadrilateral ABCD\nline A O C\ncircle O through A B C D\n"
                       "AC diameter of circle O\nAC = 65\nAB = 56\nAD = 63\nfind area ABCD\n")
    assert text.count("half the product of its legs") == 1, text
    assert "Similarly, area ACD = AD·CD/2" in text, text
    assert "its legs AB and BC, area ABC = AB·BC/2" in text, text  # (the legs named as the equation writes them)


def test_the_cut_off_parallelograms_half_is_said_once():
    line = ("Since FE is parallel to AD and AE is parallel to DF, ADFE is a parallelogram and DF = AE, half of AB (as "
            "E is its midpoint); hence DF = AB/2 = 8/2 = 4.")
    assert _HALF_THEN.sub(_half_once, line) == (
        "Since FE is parallel to AD and AE is parallel to DF, ADFE is a parallelogram and DF = AE = AB/2 = 8/2 = 4 "
        "(as E is the midpoint of AB).")
    other = "ADFE is a parallelogram and DF = AE, half of AB (as E is its midpoint); hence DF = CD/2 = 4."
    assert _HALF_THEN.sub(_half_once, other) == other  # (another segment's half: two facts)
    text = linted_text("points A B C D E F\nrectangle ABCD\nline A E B\nline D F C\nline E F\nE midpoint of AB\n"
                       "EF parallel to BC\nAB = 8\nfind DF\n")
    assert "half of" not in text and "DF = AE = AB/2 = 8/2 = 4 (as E is the midpoint of AB)" in text, text


def test_equal_sides_said_before_are_not_said_again_to_call_the_triangle_isosceles():
    lines = ["Since O is the circumcentre of triangle ABC, AO = CO.",
             "Since triangle ACO is isosceles with OA = OC and a right angle at O, its base angles are 45°."]
    assert _isosceles_known(lines)[1] == "Since triangle ACO is isosceles with a right angle at O, its base angles are 45°."
    alone = ["So AB = AC.", "Since triangle ABC is isosceles with AB = AC, angle ABC = angle ACB."]
    assert _isosceles_known(alone)[1] == "Since triangle ABC is isosceles at A, angle ABC = angle ACB."
    unsaid = ["So AB = 5.", "Since triangle ABC is isosceles with AB = AC, angle ABC = angle ACB."]
    assert _isosceles_known(unsaid) == unsaid  # (the equal sides said nowhere before: said here)


def test_every_segment_used_that_the_figure_does_not_draw_is_joined_once_before_its_first_use():
    drawn = {frozenset(x) for x in ("AB", "BC", "CA")}
    lines = ["Join OC. Since O is the circumcentre of triangle ABC, BO = CO.",
             "By the angle sum of the isosceles triangle BCO, angle CBO = 10°."]
    assert [x for _, x in unjoined(lines, drawn, "ABCO")] == ["BO"]  # (the linter's finding)
    joined = joined_as_used(lines, drawn, "ABCO")
    assert joined == ["Join BO and CO. Since O is the circumcentre of triangle ABC, BO = CO.", lines[1]]
    assert unjoined(joined, drawn, "ABCO") == []
    named = joined_as_used(["Since the tangent CX is perpendicular to the radius, angle CXO = 90°. So OX = 6."],
                           {frozenset("CX")}, "CXO")  # (named as the proof spells it: OX, never the arm's XO)
    assert named == ["Join OX. Since the tangent CX is perpendicular to the radius, angle CXO = 90°. So OX = 6."]
    text = linted_text("points A B C O\ntriangle ABC\ncircle O through A B C\nO circumcentre of ABC\n"
                       "angle ABC = 30\nangle ACB = 70\nfind angle CBO\n")
    # (BO, the asked angle CBO's arm, is drawn with its "?": only CO is joined)
    assert text.startswith("Join CO. ") and text.count("Join") == 1, text


def test_an_equilateral_triangle_is_not_called_isosceles_with_an_unnamed_apex():
    lines = ["Since ABC is an equilateral triangle, AB = AC = 12.",
             "Since AI bisects the apex angle of the isosceles triangle ABC, it is also the altitude."]
    assert _equilateral_kept(lines)[1] == "Since AI bisects an angle of the equilateral triangle ABC, it is also the " \
                                          "altitude."
    isosceles = ["Since AB = AC, triangle ABC is isosceles.", lines[1]]
    assert _equilateral_kept(isosceles) == isosceles


def test_an_angle_renamed_through_a_point_on_its_arm_says_where_the_point_lies():
    lines = ["Since I lies on CB, angle DCI = angle DCB. Since both pairs of opposite sides of ABCD are equal, it is a "
             "parallelogram; hence angle DCI = angle BAD = 45°.", "In the right triangle CID, sin(angle DCI) = 1/2."]
    assert fold_ties(lines)[0] == ("Since both pairs of opposite sides of ABCD are equal, it is a parallelogram; hence "
                                   "angle DCB = angle BAD = 45°, and since I lies on CB, angle DCI = 45°.")
