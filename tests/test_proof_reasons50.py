"""What blind teachers 34 and 35 marked as a reason missing, vague or misplaced (issues 37, 39): each sentence of
a kind says its own reason where it is used ("the tangents from A", the arc away from an inscribed angle's vertex,
the obtuse angle that stands on a major arc), and the linter flags an inscribed angle's arc that holds its vertex."""
from __future__ import annotations

import pytest
from geomill.dsl import parse
from geomill.solvers.plane import solve_general
from geomill.solvers.plane_lint import inscribed_findings, lint_general, right_triangle_findings

# gen 23's figure: D the midpoint of the arc AB that C, the inscribed angle's vertex, does not lie on
_ARC_MIDPOINT = ("points A B C O D\ntriangle ABC\nquadrilateral ADBC\nline C D\ncircle O through A B C D\n"
                 "D midpoint of arc OAB\ncounterclockwise ODB\nangle ACB = 60\nAO = 7\nfind arc ODB\n")


@pytest.fixture(scope="module")
def arc_midpoint():
    sol = solve_general(parse(_ARC_MIDPOINT, "case.geo"))
    assert lint_general(sol) == [], sol.text()
    return sol


def _text(src: str) -> str:
    sol = solve_general(parse(src, "case.geo"))
    assert lint_general(sol) == [], sol.text()
    return sol.text()


def test_equal_tangents_name_the_point_they_are_drawn_from() -> None:
    text = _text("points A B O P\ncircle O through A B\nPA tangent to circle O\nPB tangent to circle O\nPA = 5\n"
                 "find PB\n")
    assert "the tangents PA and PB from P are equal" in text and "one point" not in text, text


def test_an_inscribed_angle_stands_on_the_arc_named_away_from_its_vertex(arc_midpoint) -> None:
    assert "Since the inscribed angle ACB stands on arc ADB, it is half the arc" in arc_midpoint.text()


def test_an_inscribed_angle_on_a_major_arc_says_it_is_obtuse() -> None:
    text = _text("points A B C O\ntriangle ABC\ncircle O through A B C\nangle BAC = 110\nclockwise OBC\n"
                 "find arc OBC\n")
    assert "Since the inscribed angle BAC is obtuse, it stands on major arc BC and is half of it" in text, text


def test_the_linter_flags_an_inscribed_angles_arc_through_its_vertex(arc_midpoint) -> None:
    bad = ["Since the inscribed angle ACB stands on arc ACB, it is half the arc."]
    assert [f.check for f in inscribed_findings(bad, arc_midpoint.model)] == ["claim"]
    major = ["Since the inscribed angle ACB stands on major arc AB, it is half of it."]  # (C lies on the major arc)
    assert [f.check for f in inscribed_findings(major, arc_midpoint.model)] == ["claim"]
    assert inscribed_findings(["Since the inscribed angle ACB stands on arc AB, it is half the arc."],
                              arc_midpoint.model) == []


def test_a_right_triangle_on_the_given_right_angle_says_why_it_is_right() -> None:
    sol = solve_general(parse("points A B C D\ntriangle ABC right at C\nline C D A\nline B D\nBC = 3\nCD = 4\n"
                              "find BD\n", "case.geo"))
    assert lint_general(sol) == [], sol.text()
    assert ("By Pythagoras in the right triangle BCD (its angle at C is the right angle of triangle ABC, as D lies "
            "on CA)") in sol.text(), sol.text()
    # the linter: a right triangle first named with no right angle said, and one the figure does not make right
    bare = right_triangle_findings(["By Pythagoras in the right triangle BCD, BC² + CD² = BD²."], sol.model)
    assert [f.check for f in bare] == ["sentence"]
    assert [f.check for f in right_triangle_findings(["In the right triangle ABD, AB = 5."], sol.model)] == ["claim"]
    assert right_triangle_findings(["By Pythagoras in the right triangle ABC, AB² = 25."], sol.model) == []


def test_two_right_triangles_on_one_height_cite_the_perpendicular_for_both() -> None:
    text = _text("points A B C D\ntriangle ABC\nline B D A\nCD altitude of CBA\nAB = 19\nBC = 17\nAC = 8\n"
                 "find BD\n")
    first = text.split(". ")[0]
    assert first.startswith("Since CD is perpendicular to AB"), text
    assert "the triangles CAD and BDC are right-angled at D" in first, text


def test_an_exterior_angle_named_through_a_point_on_its_arm_says_where_the_point_lies() -> None:
    text = _text("points A B C D E\ntriangle ABC\nline B C D\nline C E A\nangle DCE = 110\nangle ABC = 60\n"
                 "find angle BAC\n")
    assert "the exterior angle DCE of triangle ABC (as E lies on CA) is the sum" in text, text


def test_crossing_chords_name_the_vertical_angle_whose_arc_is_added() -> None:
    text = _text("points B C F E D A\ntriangle BDA\nline E B F A\nline C B D\ncircle F through E D A C\n"
                 "clockwise BDA EDA EAC DBE\narc FCA = 120\narc FDE = 100\nfind angle DBE\n")
    assert ("the angle DBE is half the sum of the arcs intercepted by it and by its vertical angle ABC; hence angle "
            "DBE = (arc CA + arc DE)/2") in text, text


def test_an_isosceles_triangle_says_its_equal_sides_where_no_sentence_equates_them() -> None:
    """(BD = 25 and BC = 25 in two sentences: "the isosceles triangle BCD" says BC = BD beside its name)"""
    text = _text("points A B C D E\nrhombus ABCD\nline C E D\nline B E\nBE perpendicular to CE\nAB = 25\n"
                 "angle BAD = 60\nfind AD/DE\n")
    assert "the isosceles triangle BCD (as BC = BD), it is also the median to the base" in text, text


def test_the_apex_angles_half_named_through_a_point_on_a_side_says_where_it_lies() -> None:
    text = _text("points A B C D G\ntriangle ABC isosceles at A\nline B D C\nline A G B\nAD median of ABC\n"
                 "DG perpendicular to AG\nangle BAC = 50\nfind angle ADG\n")
    assert "angle DAG is angle DAB (as G lies on AB), it is also the bisector of the apex angle" in text, text


def test_the_midpoints_that_make_two_medians_come_before_the_centroid() -> None:
    text = _text("points A B C D E F\ntriangle ABC\nline B D C\nline C E A\nline A F D\nline B F E\nBD = DC\nCE = EA\n"
                 "BE = 9\nfind BF\n")
    assert text.startswith("Since BD = CD and CE = AE, AD and BE are medians of triangle ABC, and as they meet at F, "
                           "F is the centroid"), text


def test_a_trapezoid_theorem_names_the_trapezoid_not_its_stated_stronger_kind() -> None:
    text = _text("points D C E B F G\nisosceles trapezoid DCEB bases DB CE\nline D F C\nline B G E\nline F G\n"
                 "F midpoint of DC\nFG parallel to CE\nCD = 3\nfind BG\n")
    assert "from the midpoint of a leg of the trapezoid DCEB parallel to its bases" in text, text
    assert "the legs of the isosceles trapezoid DCEB are equal" in text, text
