"""Blind teacher 33's wording classes, each on its smallest case: a rule said in words and again as its equation,
a closing "Hence …" after the sentence that already said the value, a segment's value said again to name it the
radius."""
from geomill.dsl import parse
from geomill.solvers.plane import solve_general
from geomill.solvers.plane.write import _formula_once, _hence, _radius_said_once


def _text(source: str) -> str:
    sol = solve_general(parse(source, "case.geo"))
    return sol.text()


def test_a_parallelogram_perimeter_is_said_once_as_its_equation():
    text = _text("points A B C D\nrectangle ABCD\nAB = 8\nperimeter ABCD = 42\nfind BC\n")
    assert "twice the sum" not in text and "hence perimeter" not in text, text
    assert "Since the opposite sides of the rectangle ABCD are equal, perimeter ABCD = 2·(AB + BC)" in text, text


def test_a_rhombus_perimeter_is_said_once_as_its_equation():
    text = _text("points A B C D\nsquare ABCD\nperimeter ABCD = 144\nfind AB\n")
    assert "four times its side" not in text and "; hence" not in text, text
    assert "Since the four sides of the square ABCD are equal, AB = perimeter ABCD/4 = 144/4 = 36" in text, text


def test_a_formula_the_reason_states_is_not_repeated_in_its_chain():
    line = "Since the area of a circle is πr², the area of circle O = πr² = π·(√1090/2)² = 545π/2."
    assert _formula_once(line) == "Since the area of a circle is πr², the area of circle O = π·(√1090/2)² = 545π/2."
    kept = "Since the circumference of a circle is 2πr, the circumference of circle O = 2π·AO = 2π·24 = 48π."
    assert _formula_once(kept) == kept  # (the rule put in with the proof's own segment: said once already)


def test_the_closing_is_not_written_after_a_sentence_that_stated_the_value():
    line = "So the radius CO of circle O = √3·AB/3 = √3·28/3 = 28√3/3."
    assert _hence(line, "CO", "28√3/3") == line
    assert _hence(line, "BO", "28√3/3") == f"{line} Hence BO = 28√3/3."
    text = _text("points A B C O\ntriangle ABC isosceles at A\ncircle O through A B C\nO circumcentre of ABC\n"
                 "AB = 28\nangle BAC = 60\nfind CO\n")
    assert text.count("28√3/3") == 1 and "Hence CO" not in text, text


def test_a_segment_just_found_is_named_the_radius_in_the_same_sentence():
    lines = ["Since triangle OAB is equilateral; hence AO = AB = 24. The radius of circle O is AO = 24.", "Next."]
    assert _radius_said_once(lines) == ["Since triangle OAB is equilateral; hence AO = AB = 24, the radius of "
                                        "circle O.", "Next."]
    apart = ["Hence AO = AB = 24.", "The radius of circle O is AO = 24. So x = 1."]
    assert _radius_said_once(apart) == ["Hence AO = AB = 24, the radius of circle O.", "So x = 1."]
    other = ["Hence BO = 24.", "The radius of circle O is AO = 24."]
    assert _radius_said_once(other) == other  # (another segment: the sentence says what the one before did not)
    text = _text("points A B C O\ntriangle ABC isosceles at A\ncircle O through A B C\nO circumcentre of ABC\n"
                 "AB = 24\nangle BAC = 120\nfind circumference O\n")
    assert "The radius of circle O is" not in text and text.count("= 24") == 1, text


def test_the_angle_bisector_theorem_is_stated_as_the_ratio_and_said_once():
    text = _text("points A B C E\ntriangle ABC\nline C E B\nline A E\nAB = 6\nBC = 16\nAC = 15\n"
                 "angle CAE = angle BAE\nfind AE\n")
    assert text.count("bisects angle CAB") == 1 and "·(AB + AC) = " not in text, text
    assert "BE/CE = AB/AC (the angle bisector theorem); as BE + CE = BC, BE = " in text and " and CE = " in text, text


def test_a_diagonal_splits_a_quadrilateral_into_named_triangles():
    text = _text("points O A B C D\nquadrilateral ABCD\nline A O C\ncircle O through A B C D\nAC diameter of circle O\n"
                 "AC = 75\nAB = 60\nCD = 72\nfind area ABCD\n")
    assert "into two parts" not in text and "divides ABCD into the triangles ABC and ACD" in text, text


def test_the_area_from_the_diagonals_is_said_as_the_rule():
    text = _text("points A B C D E\nrectangle ABCD\nline A E C\nline B E D\nE where AC meets BD\nAC = 28\n"
                 "angle AEB = 60\nfind area ABCD\n")
    assert "from its diagonals" not in text, text
    assert ("Since the area of a quadrilateral is half the product of its diagonals times the sine of the angle "
            "between them, area ABCD = AC·BD·sin(angle AEB)/2") in text, text


def test_the_two_pythagoras_equations_are_equated_and_opened_out_in_sentences():
    # (blind teacher 34: the argument in one bracket and its expansion skipped, marked 2)
    text = _text("points A B C E\ntriangle ABC\nline A E C\nline B E\nBE perpendicular to AC\nAB = 21\nBC = 10\n"
                 "AC = 25\nfind AE\n")
    assert ("BE² = BC² - CE² and BE² = AB² - AE². Since E lies on AC, CE = AC - AE = 25 - AE. Equating the two, 10² - "
            "(25 - AE)² = 21² - AE². Expanding, 100 - 625 + 50·AE - AE² = 441 - AE², so 50·AE = 966 and AE = 483/25.") \
        in text, text


def test_a_right_angle_nothing_cites_is_not_said_where_its_perpendicular_is_the_next_reason():
    from geomill.solvers.plane.tidy import right_angle_near_use

    lines = ["Since CD is an altitude of triangle ABC, angle CDE = 90°.", "Since D lies on AB, AB = 49.",
             "Since CD is perpendicular to the hypotenuse AB, by the geometric mean (leg) theorem in the right "
             "triangle CAB, AC² = AB·AD, so AC = 42."]
    assert right_angle_near_use(lines) == lines[1:]
    cited = [*lines, "So angle CDE = 90° gives x."]  # (an angle named later stays where it is used)
    assert any("angle CDE = 90°." in x for x in right_angle_near_use(cited))
    text = _text("points A B C D E F\ntriangle BCA right at C\nline A E D B\nline C D\nline B F C\nline E F\n"
                 "CD altitude of CAB\nE midpoint of BA\nF midpoint of BC\nAD = 36\nBD = 13\nfind EF\n")
    assert "angle CDE" not in text and "= 21" in text, text


def test_a_radicand_of_several_fractions_is_worked_out_before_the_root():
    text = _text("points A B C E\ntriangle ABC\nline C E B\nline A E\nAB = 6\nBC = 16\nAC = 15\n"
                 "angle CAE = angle BAE\nfind AE\n")
    assert "/16) = √(1850/49) = 5√74/7" in text, text
    plain = _text("points A B C\ntriangle ABC right at A\nAB = 16\nAC = 13\nfind BC\n")
    assert "√(16² + 13²) = 5√17" in plain and "√425" not in plain, plain  # (a root worked at a glance)


def test_an_angle_is_named_by_its_triangle_points_in_a_sentence_about_that_triangle():
    text = _text("points A B C D E\nisosceles trapezoid ABCD bases AD BC\nline B E C\nAE perpendicular to BE\n"
                 "BC = 9\nAB = 5\nangle ABC = 60\nfind area ABCD\n")
    assert "In the right triangle AEB, sin(angle ABE) = AE/AB" in text and "sin(angle ABC)" not in text, text
    base = _text("points A B C D E F\ntriangle ABC isosceles at A\nquadrilateral BEDF\nline A D C\nline B E A\n"
                 "line B F C\nED parallel to BC\nFD parallel to BA\nAB = 20\nangle BAC = 30\nAD = 8\nfind area BEDF\n")
    assert "angle ACB = angle EBF" not in base, base
