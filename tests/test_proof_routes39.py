"""Routes a teacher would take (issue #37 item 1, blind teachers 23 to 26), each on its smallest problem."""

from .proof_text import linted_text as _text


def test_the_angle_at_a_bend_between_parallels_is_the_sum_of_the_alternate_angles() -> None:
    # (teacher 24 fg 13, FormalGeo 355: an unknown angle carried through six expressions until it cancels)
    text = _text("points B C D F E H I\ntriangle CIE\nline B C D\nline F E H\nBD parallel to FH\n"
                 "clockwise ICB FEI CIE\nangle BCI = 75\nangle FEI = 55\nfind angle CIE\n")
    assert ("Since BD is parallel to FH and I lies between them, the line through I parallel to both splits angle CIE "
            "into two parts, equal to angles BCI and FEI as alternate angles; hence") in text, text  # (teacher 37:
    # why it is a sum, and each part, not BCI itself, the alternate angle)
    assert "angle CIE = angle BCI + angle FEI = 75° + 55° = 130°" in text and "angle sum" not in text, text


def test_three_parallels_cut_two_lines_in_one_ratio() -> None:
    # (teacher 26 fg 16, FormalGeo 4970: the part BM found from the apex and taken back, where the parts between the
    # three parallels give the wanted one at once)
    text = _text("points A B C D E F G\ntriangle ABC\nline A D F B\nline A E G C\nline D E\nline F G\n"
                 "DE parallel to BC\nFG parallel to BC\nDF = 4\nAB = 12\nAD = 2\nEC = 15\nfind EG\n")
    assert "the parallels DE, FG and BC cut DB and EC in one ratio" in text, text
    assert "EG = CE·DF/BD = 15·4/10 = 6" in text and "AE" not in text, text


def test_a_parallel_the_problem_states_is_not_carried_through_a_third() -> None:
    # (teacher 26 fg 16: "(AB and EF are both parallel to CD)" where AB ∥ EF is given itself)
    from geomill.dsl import parse
    from geomill.solvers.plane.proof import parallel_sources

    problem = parse("points A B C D E F\nline A B\nline C D\nline E F\nAB parallel to CD\nAB parallel to EF\n"
                    "CD parallel to EF\n", "three.geo")
    assert parallel_sources(problem) == {}
    problem = parse("points A B C D E F\nline A B\nline C D\nline E F\nAB parallel to CD\nAB parallel to EF\n",
                    "two.geo")
    assert set(parallel_sources(problem).values()) == {"both are parallel to AB"}


def test_a_point_equidistant_from_the_vertices_gives_the_central_angle() -> None:
    # (teacher 25 fg 18, FormalGeo 3731: O on two perpendicular bisectors, an unknown angle at A carried through two
    # isosceles triangles and a full turn at O that needs O inside the triangle)
    text = _text("points A D O E C B\ntriangle ADO\ntriangle AOE\ntriangle EOC\ntriangle DBO\ntriangle OBC\n"
                 "line A D B\nline A E C\nOD perpendicular bisector of AB\nOE perpendicular bisector of AC\n"
                 "clockwise ADO AOE EOC DBO OBC EAD\nangle DAE = 70\nfind angle BCO\n")
    assert "the central angle BOC is twice the inscribed angle DAE" in text, text
    assert "angle BOC = 2·angle DAE = 2·70° = 140°" in text and "full turn" not in text, text


def test_a_bisector_perpendicular_to_the_opposite_side_makes_the_triangle_isosceles() -> None:
    # (teacher 26 fg 17, FormalGeo 5497: the equal base angles by an angle chase through two angle sums, where the
    # two triangles the bisector cuts off are congruent by ASA)
    text = _text("points A B C D\ntriangle ABC\nline B D C\nline A D\nAD bisects angle BAC\nAD perpendicular to BC\n"
                 "AB = 5\nfind AC\n")
    assert "congruent (ASA), and triangle ABC is isosceles; hence AC = AB = 5" in text, text
    assert "angle sum" not in text, text
