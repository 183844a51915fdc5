"""A textbook question states each fact once, in a textbook's words: the line a relation's sentence already
orders is not stated again, and a triangle is spelt as the problem declares it."""
from geomill.dsl import parse
from geomill.generate.textbook import question
from geomill.solvers.numeric import build_model
from geomill.solvers.plane import solve_general

CENTROID = ("points A B C D E F\ntriangle ABC\nline B D C\nline C E A\nline A F D\nline B F E\n"
            "F centroid of ABC\nAD median of ABC\nBE median of BCA\nAB = 13\nBC = 18\nAC = 8\nfind DF\n")


def test_a_median_s_foot_is_not_stated_again_as_a_line():
    text = question(parse(CENTROID), figure=False, rounds=True)
    assert "B, D and C lie on one line" not in text and "C, E and A lie on one line" not in text
    assert "A, F and D lie on one line, in that order" in text  # (no one relation says F is on AD)


def test_a_point_on_a_line_without_its_order_keeps_the_line():
    text = question(parse("points A B C P\ntriangle ABC\nline B C P\nP on line BC\nAB = 3\nBC = 4\nCA = 5\n"
                          "find AP\n"), figure=False, rounds=True)
    assert "B, C and P lie on one line, in that order" in text


def test_a_triangle_is_named_as_declared_in_the_question_and_the_proof():
    p = parse(CENTROID)
    assert "BE is a median of triangle ABC" in question(p, figure=False, rounds=True)
    assert "of BCA" not in solve_general(p).text("text")


def test_an_isosceles_triangle_s_altitude_finds_its_figure():
    # the plan once placed a point where none exists on its first start: NaN residuals ended the search
    p = parse("points A B C D\ntriangle ABC\nline A D C\nBD altitude of BCA\nAB = 5\nBC = 5\nangle BAC = 50\n"
              "find angle ABD\n")
    assert solve_general(p, build_model(p)).exact == 40  # (the search itself, as build_model runs it)


def test_a_parallelogram_s_area_uses_the_given_angle_s_own_corner():
    p = parse("points A B C D\nparallelogram ABCD\nAB = 8\nBC = 5\nangle ABC = 60\nfind area ABCD\n")
    text = solve_general(p).text("text")
    assert "sin(60°)" in text and "120" not in text, text


def test_the_centroid_s_third_of_the_median_is_one_step():
    p = parse(CENTROID)
    text = solve_general(p).text("text")
    # (the median given: named, never found again from the line through F; blind teacher 34)
    assert ("Since F is the centroid of triangle ABC, it lies on the median AD, one third of the way along it from D; "
            "hence DF = AD/3") in text, text
    assert text.count("is the centroid") == 1, text


def test_beside_a_figure_a_line_a_relation_states_is_not_stated_again():
    p = parse("points A B C G\nline A G C\nBG altitude of BAC\nBC = 10\nangle ACB = 60\nfind CG\n")
    text = question(p, figure=True, rounds=False, incidences=True)
    assert "lie on one line" not in text and "BG is an altitude of triangle BAC" in text, text


def test_a_turn_that_orders_a_named_arc_is_said_by_the_arc_s_name():
    text = question(parse("points O B C D\ncircle O through B C D\nclockwise OBC BCD\nangle BOC = 60\nradius O = 6\n"
                          "find sector area OBC\n"), figure=False, rounds=True)
    assert "major sector OBC" in text and "through B, C and D, in that order, clockwise" in text, text
    assert "OBC and" not in text and "in clockwise order" not in text, text  # (said once: by the circle's order)


def test_a_quadrilateral_the_goal_names_without_its_kind_is_still_introduced():
    # (blind teachers 23 and 24: "Find the area of ABCD." with ABCD never said to be a quadrilateral)
    text = question(parse("points A B C D E\nquadrilateral ABCD\nline A E C\nline B E D\nAE perpendicular to BE\n"
                          "AE = 3\nCE = 25\nBE = 4\nDE = 17\nfind area ABCD\n"), figure=False, rounds=False)
    assert text.startswith("ABCD is a quadrilateral."), text


PARALLELS = ("points G O H E I B\npolygon GOIE\npolygon OHBI\nline G O H\nline E I B\nGE parallel to OI\n"
             "HG parallel to BE\nOI parallel to HB\nclockwise GOIE OHBI\nangle GOI = 70\nfind angle EIO\n")


def test_a_polygon_whose_order_and_sides_the_text_says_is_not_declared_again():
    # (blind teacher 27: "GOIE is a polygon. OHBI is a polygon." beside their clockwise orders and the parallels
    # that draw their sides)
    text = question(parse(PARALLELS), figure=False, rounds=False)
    assert "is a polygon" not in text and "GOIE and OHBI are labelled clockwise" in text, text
    kept = question(parse(PARALLELS.replace("clockwise GOIE OHBI", "clockwise OHBI")), figure=False, rounds=False)
    assert "GOIE is a polygon" in kept and "OHBI is a polygon" not in kept, kept  # (its order said nowhere else)
