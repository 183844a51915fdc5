"""Blind review 17, second round (issue 37): each fact and each rule said once, no step without its reason.
A theorem's general rule is named at its first use only; a premise the theorem's own sentence says is not cited
again in a bracket; a stated polygon's area is named as the polygon is; an angle a triangle's theorem uses under
another name is tied to the triangle's name for it, with the point that makes them one.  Each case is the
smallest FormalGeo problem that showed the class; each proof must also lint clean."""
from __future__ import annotations

import functools

from geomill.dsl import parse
from geomill.solvers.plane import solve_general
from geomill.solvers.plane.write import _rule, _sentence_names
from geomill.solvers.plane_lint import lint_general


@functools.cache
def _text(src: str, value: float) -> str:
    sol = solve_general(parse(src, "case.geo"))
    assert abs(float(sol.exact) - value) < 1e-9, sol.exact
    assert lint_general(sol) == [], sol.text()
    return sol.proof.render("text")


THREE_CIRCLES = ("points B F A E H\nline B F A E H\ncircle F through A B\ncircle E through A H\n"
                 "circle A through B H\nAF = AE\nBH = 14\nfind circle area A - circle area E - circle area F\n")


def test_a_rule_is_named_once():
    """FormalGeo 518: "Since the area of a circle is πr²" twice, "it is a diameter, twice the radius" three
    times; the rule once, each later chord through a centre with its own clause only."""
    text = _text(THREE_CIRCLES, 49 * 3.141592653589793 / 2)
    assert text.count("the area of a circle is πr²") == 1, text
    assert text.count("twice the radius") == 1, text
    assert text.count("it is a diameter") == 3, text  # (each chord's own reason stays)


def test_the_rule_of_a_sentence_is_its_clauses_naming_no_point():
    assert _rule("since the area of a circle is πr²") == "since the area of a circle is πr²"
    assert _rule("since {1} passes through the centre of circle {0}, it is a diameter, twice the radius") == \
        ", twice the radius"
    assert _rule("since {0} is perpendicular to {1}, the diagonals bisect, and {2} is a kite") == ""
    assert _rule("by the angle sum of triangle {0}") == ""
    assert _rule("by the intersecting chords theorem") == ""  # (a theorem's name, said at each use)


def test_a_premise_the_sentence_says_is_not_cited_again():
    """FormalGeo 395: "Since AE is perpendicular to CE, … (as angle AEC = 90°)" gave the reason twice."""
    text = _text("points C B E A T\ntriangle CBE\ntriangle CEA\ntriangle BTE\ntriangle ETA\nline C E T\n"
                 "line B E A\nCE perpendicular to AE\nclockwise CBE CEA BTE ETA\narea ACBT = 104\nAB = 16\n"
                 "CE = ET\nET = x\nfind x\n", 6.5)
    assert "Since AE is perpendicular to CE" in text and "(as angle AEC = 90°)" not in text, text


def test_sentence_names_reads_the_templates_fields():
    from types import SimpleNamespace

    import sympy
    from geomill.engine.plane import element_symbol

    fam = SimpleNamespace(sentence="since {3[0]}{3[1]} is perpendicular to {3[2]}{3[1]}, its area is half")
    said = SimpleNamespace(family=fam, names=("ACBT", "AB", "CT", "AEC"))
    assert _sentence_names(said, element_symbol("angle", tuple("AEC")))
    assert not _sentence_names(said, element_symbol("angle", tuple("BEC")))
    unsaid = SimpleNamespace(family=SimpleNamespace(sentence="by the area of {0}"), names=("ACBT", "AEC"))
    assert not _sentence_names(unsaid, element_symbol("angle", tuple("AEC")))
    assert not _sentence_names(said, sympy.Symbol("x"))


def test_a_stated_polygons_area_is_named_as_the_polygon():
    """FormalGeo 389: "the parallelogram ADCB" was "suddenly called area ABCD"."""
    text = _text("points A D E B C\ntriangle ADE\ntriangle EDB\ntriangle BDC\nparallelogram ADCB\nline A E B\n"
                 "BE perpendicular to DE\nCB perpendicular to DB\nclockwise ADE EDB BDC\nAB = 15\nAD = 9\n"
                 "BD = 12\nDE = x\nfind x\n", 36 / 5)
    assert "area ADCB = " in text and "area ABCD" not in text, text


def test_an_asked_area_keeps_the_questions_name():
    text = _text("points B A O C D\ntriangle BAO\ntriangle BOD\ntriangle ACO\ntriangle OCD\nkite BACD\n"
                 "line C O B\nline A O D\nclockwise BAO BOD ACO OCD\nAD = 11\nBC = 25\nfind area ABDC\n", 275 / 2)
    assert "area ABDC = " in text, text


def test_an_angle_a_triangles_theorem_uses_under_another_name_is_tied():
    """FormalGeo 536: the exterior angle theorem in triangle CBG gives angle BCG, written angle BCF with F on GC
    never said; the exterior angle CFE itself is no angle of triangle CBF (E lies beyond F on BF): no tie."""
    text = _text("points A D G B F C E\ntriangle ADG\ntriangle GBF\ntriangle FBC\nline D G F C\nline A G B\n"
                 "line B F E\nAB perpendicular to CB\nclockwise ADG GBF FBC EFC AGF ABC\nangle ADG = 36\n"
                 "angle AGF = 104\nangle CFE = 40\nfind angle CBF\n", 26)
    # (teachers 45, 46: the chain concludes the triangle's own angle, the question's name follows with its reason)
    assert ("opposite interior angles, angle BCG = angle AGF - angle CBG = 104° - 90° = 14°, and since G lies on CF "
            "extended, angle BCF = 14°.") in text, text
    assert "Since G lies on CF extended, angle BCF = angle BCG." not in text, text  # (teacher 30: no tie alone)
    assert "angle CFB" not in text and "angle CFE is" not in text, text


def test_an_angle_renamed_through_a_point_of_its_line_names_the_point():
    """FormalGeo 256: angle ACB used as the triangle DBC's angle DCB, angle BDC as the triangle DBA's BDA."""
    text = _text("points D B A C\ntriangle DBA\ntriangle ABC\nline D A C\nCA perpendicular to BA\n"
                 "DB perpendicular to CB\nclockwise DBA ABC DBC\nAC = x\nAD = 8\nBD = y\nangle ACB = 43\nfind y\n",
                 8 / __import__("math").sin(__import__("math").radians(43)))
    # (teachers 45, 46: the tie a step with its value before the triangle that names the angle its own way)
    assert ("Since D lies on CA extended, angle DCB = angle ACB = 43°. By the angle sum of triangle DBC, angle BDC = "
            "180° - angle DCB - angle CBD") in text, text
    assert ("Since A lies on DC, angle BDA = angle BDC = 47°. In the right triangle BAD, cos(angle BDA)") in text, text
    assert "its angle" not in text, text
    assert ", angle DCB = angle ACB." not in text, text  # (teacher 30: never a tie alone without its value)
    # (the right angle BAC no step uses is left out: the right triangle DBA rests on angle BAD, said after it)
    assert "angle BAC" not in text and "angle BAD = 90°" in text, text


def test_an_equation_solved_as_it_stands_is_not_collected_again():
    """FormalGeo 828: "so 5² = 15y, so 15y = 25" restated itself."""
    text = _text("points C A Y B\ntriangle CAY\ntriangle CYB\nline A Y B\nBC perpendicular to AC\n"
                 "CY perpendicular to BY\nclockwise CAY CYB BCA\nAC = 5\nAB = 15\nBC = z\nAY = y\nfind y\n", 5 / 3)
    assert "so 5² = 15y and y = 5/3" in text and "15y = 25" not in text, text


def test_a_value_equal_to_one_found_is_read_through_the_equality():
    """FormalGeo 816: "Then LN = x + 3 = 4 + 3 = 7" worked out again a value LN = LO = 7 already gave."""
    text = _text("points R N M O K J L\nline J M K\nline J O L\nline K N L\ncircle R through M O N\n"
                 "R incentre of KJL\nJM tangent to circle R\nJO tangent to circle R\nKM tangent to circle R\n"
                 "KN tangent to circle R\nLN tangent to circle R\nLO tangent to circle R\nclockwise MON\nJO = 12\n"
                 "KM = 7\nLN = x + 3\nLO = 4x - 9\nfind perimeter JKL\n", 52)
    assert "4 + 3" not in text and "LN = x + 3 =" not in text, text  # (LN = LO = 7 is never worked out again;
    # the tangential triangle's perimeter block now needs only one tangent from each vertex)


def test_the_goal_angle_under_the_central_angles_name_is_tied():
    """Generated problem (teacher 17's gen 2): "angle AOG = arc AH" after "its central angle AOH" never said G lies
    on OH; the sentence's own angle name is tied to the question's."""
    text = _text("points A B C O G H\ntriangle ABC\nline B G C\nline O G H\ncircle O through A B C H\n"
                 "OG perpendicular to BG\nangle ABC = 70\nangle ACB = 30\nfind angle AOG\n", 140)
    assert "angle AOH = arc AH = 140°, and since G lies on line OH, angle AOG = 140°." in text, text
    # (the perpendicular from the centre is the reason its sentence says: "(as angle BGO = 90°)" cited it again)
    assert "Since OG is perpendicular to the chord BC" in text and "angle BGO" not in text, text


def test_a_right_triangles_premise_and_its_tied_angle_share_one_bracket():
    """FormalGeo 1121: the right angle cited in the bracket, the angle tied to the triangle's name before it with its
    value (blind teachers 23, 24: at most one short bracket; teachers 45, 46: "its angle ACB is angle ACY" clumsy)."""
    text = _text("points A B Y C\ntriangle ABY\ntriangle AYC\nline B Y C\nAY perpendicular to CY\n"
                 "CA perpendicular to BA\nclockwise ABY AYC CAB\nAB = 6\nBC = y\nAY = x\nangle ACY = 45\nfind y\n",
                 6 * 2 ** 0.5)
    assert ("Since B lies on CY extended, angle ACB = angle ACY = 45°. In the right triangle BAC (as CA is "
            "perpendicular to BA), sin(angle ACB) = AB/BC"
            in text), text
