"""Blind teacher 28's classes, each on its smallest case: two values compared after a value its reason follows in
brackets, a similarity of ratio 1, a radius named through one no other step uses."""
from types import SimpleNamespace

from geomill.engine.plane import element_symbol
from geomill.solvers.plane.tidy import tidy
from geomill.solvers.plane.write import _key, _Writer


def test_values_compared_are_not_said_again_after_a_value_with_its_reason_in_brackets():
    said = ("Since AC bisects angle DAB, angle BAO = angle DAO = 28°. Since AD is parallel to BC, angle BCO = "
            "angle DAO = 28° (alternate angles). Since angle BCO = 28° = angle BAO, angle BCO = angle BAO.")
    out = tidy([said, "x"])
    assert "Since angle BCO = 28° = angle BAO" not in out[0] and "(alternate angles)." in out[0], out


def _length(t: str):
    return element_symbol("length", tuple(t))


def test_a_similarity_whose_ratio_is_one_is_a_congruence_by_sas():
    part = "Since triangles CBO and ABO are similar by SAS (as BC/AB = CO/AO and angle BCO = angle BAO), x"
    writer = SimpleNamespace(stated={_key(_length("BC") - _length("AB")), _key(_length("CO") - _length("AO"))})
    out = _Writer._ratio_one(writer, part)
    assert out == ("Since triangles CBO and ABO are congruent by SAS (as BC = AB, CO = AO and angle BCO = "
                   "angle BAO), x"), out
    writer.stated.pop()  # (one pair not known equal: a ratio, still a similarity)
    assert _Writer._ratio_one(writer, part) == part


def test_a_radius_no_other_step_uses_is_not_cited():
    from geomill.dsl import parse
    from geomill.solvers.plane import solve_general

    sol = solve_general(parse("points T V X Z W\ncircle T through Z X W\nline Z V T W\ntriangle TVX\n"
                              "TV perpendicular to XV\nTW = 13\nVZ = 1\nfind VX\n", "case.geo"))
    text = sol.text()
    assert "TW" not in text and "(a radius of circle T)" in text and sol.exact == 5, text


def test_a_figure_the_search_meets_within_its_tolerance_is_drawn_to_scale():
    """Reader 33's 09 (FormalGeo 4956): the approximate search polished a figure to within the tolerance of every
    given; it is an exact model, drawn to its lengths, never from the shape's facts alone as 'values rounded'."""
    import math

    from geomill.dsl import parse
    from geomill.render.textbook import textbook_figure

    problem = parse("points A C D B M E F\npolygon ACDB\ntriangle CMD\ntriangle MEF\nline A C M F\nline B D M E\n"
                    "AB parallel to CD\nAB parallel to EF\nCD parallel to EF\nclockwise ACDB CMD MEF\nAC = 4\n"
                    "AF = 10\nBE = 12\nCM = 1\nfind DE\n", "case.geo")
    fig = textbook_figure(problem)
    px = fig.labels["points"]
    assert not fig.labels["approximate"]
    ac, cm, mf = (math.dist(px[a], px[b]) for a, b in ("AC", "CM", "MF"))
    assert abs(ac / cm - 4) < 0.05 and abs(mf / cm - 5) < 0.05, (ac, cm, mf)


def _text(source: str) -> str:
    from geomill.dsl import parse
    from geomill.solvers.plane import solve_general

    return solve_general(parse(source, "case.geo")).text()


def test_a_diameter_the_problem_states_is_never_shown_from_the_centre():
    stated = tidy(["Since BG passes through the centre O, it is a diameter and cuts off a semicircle; hence arc BG = "
                   "180°."], frozenset({("BG", "O")}))
    assert stated == ["Since BG is a diameter, it cuts off a semicircle; hence arc BG = 180°."], stated
    drawn = tidy(["Since BG passes through the centre O, it is a diameter and cuts off a semicircle; hence arc BG = "
                  "180°."])  # (a diameter only the collinearity gives is shown from the centre)
    assert "passes through the centre O" in drawn[0], drawn


def test_one_perpendicular_is_the_reason_of_one_sentence():
    out = tidy(["Since CD is perpendicular to AB, CD is the height from C to AB. Since CD is perpendicular to BA, "
                "angle BDC = 90°.", "x"])
    assert out[0] == "Since CD is perpendicular to AB, CD is the height from C to AB and angle BDC = 90°.", out
    apart = tidy(["Since CD is perpendicular to AB, angle BDC = 90°. Since CE is perpendicular to AB, angle BEC = 90°.",
                  "x"])
    assert apart[0].count("Since") == 2, apart


def test_a_central_angle_given_is_never_said_as_the_arc_asked():
    text = _text("points A B C\ncircle O through A B C\nAB diameter of circle O\nangle BOC = 70\nfind arc BC\n")
    assert "given arc BC" not in text and "arc BC = angle BOC = 70°" in text, text
    written = _text("points A B C\ncircle O through A B C\nAB diameter of circle O\narc BC = 70\nfind angle BAC\n")
    assert "We are given arc BC = 70°" in written, written


def test_the_radius_r_is_its_value_where_no_step_names_the_segment():
    text = _text("points A B C G\ncircle O through A B C G\nBG diameter of circle O\nangle ABC = 45\n"
                 "angle ACB = 30\nAO = 5\ncounterclockwise OGC\nfind sector perimeter OGC\n")
    assert "= (30/360)·2π·5 + 2·5 = 5π/6 + 10." in text and "Let r" not in text and "AO" not in text, text


def test_a_stated_triangle_keeps_its_spelling_wherever_one_triangle_is_named():
    from geomill.solvers.plane.write import _triangles_as_stated

    out = _triangles_as_stated(["Since triangle ACB is isosceles with AC = AB, x.", "In the right triangle ACB, y. "
                                "Since triangles ACB and DEF are similar, z."], ("BAC",))
    assert out == ["Since triangle BAC is isosceles with AC = AB, x.", "In the right triangle ACB, y. "
                   "Since triangles ACB and DEF are similar, z."], out
    text = _text("points B A C\ntriangle BAC\nAB = AC\nAB = 3\nBC = 4y - 5\nangle BAC = 2x\nangle ABC = 2x\n"
                 "clockwise BAC\nfind y\n")
    assert "triangle ACB" not in text and "triangle ABC" not in text and "triangle BAC" in text, text


def test_a_sum_of_angles_given_is_in_degrees_in_the_question():
    import sympy

    from geomill.engine.plane import element_symbol
    from geomill.generate.textbook import fact_text

    a, b = element_symbol("angle", tuple("ABF")), element_symbol("angle", tuple("DCH"))
    assert fact_text(a + b, sympy.Integer(70)) == "angle ABF + angle DCH = 70°"  # (reader 33's 03)
    assert fact_text(element_symbol("length", tuple("AB")) + element_symbol("length", tuple("CD")),
                     sympy.Integer(70)) == "AB + CD = 70"


def test_a_point_between_two_others_is_said_once_however_its_segment_is_spelt():
    from geomill.solvers.plane.write import _tie_sentence

    said = _tie_sentence([("angle BOE = angle BOC", "E lies on OC"), ("angle ECF = angle OCB", "E lies on CO"),
                          ("angle ECF = angle BCO", "F lies on CB")])
    assert said.startswith("since E lies on OC and F lies on CB, "), said  # (blind teacher 29's fg 18)
    beyond = _tie_sentence([("a", "A lies on BO extended"), ("b", "A lies on OB extended")])
    assert beyond.startswith("since A lies on BO extended and A lies on OB extended, "), beyond


def test_a_proof_ends_at_the_asked_angle_by_its_own_name():
    from geomill.solvers.plane.write import _hence

    line = "So angle BDC = angle EBF + 28° = 32° + 28° = 60°."
    assert _hence(line, "angle CDF", "60°") == f"{line} Hence angle CDF = angle BDC = 60°."  # (teacher 29)
    assert _hence(line, "angle CDF", "70°") == f"{line} Hence angle CDF = 70°."  # (another value: never tied)
    assert _hence(line, "angle CAF", "60°") == f"{line} Hence angle CAF = 60°."  # (another vertex)
    assert _hence("By the angle sum of triangle CDF, angle CDF = 60°.", "angle CDF", "60°").count("CDF") == 2
