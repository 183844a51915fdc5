"""Issue 38 (figtb26): a value or goal with no place by its element is set by it with a leader, outside the crowd,
not in a corner legend; an approximate figure says so on itself; reader 20's minor classes (a tangent's right
angle marked, a shape's leader off the points, a split side's equality bracket broken where it must cross a line).  Each class on its smallest
problem, checked by the export and the independent reader (tests/label_reader.py)."""
from __future__ import annotations

import math

from geomill.dsl import parse
from geomill.render.textbook import APPROXIMATE_NOTE, textbook_figure

from tests.label_reader import _nearest_of_kind, mark_problems, problems, textbook_problems

# (CD a short stub below the chord AB: no place by it reads as its own, the goal went to the corner legend)
SHORT_GOAL = ("points O A D B C\ntriangle OAD\ntriangle ODB\nline A D B\nline O D C\ncircle O through A C B\n"
              "AD perpendicular to OD\nclockwise OAD ODB ACB\nAB = 6\nDO = 4\nfind CD\n")
ROUNDED = "points A B C\ntriangle ABC\nangle ABC = 60\nangle BCA = 60\nangle CAB = 61\nAB = 5\nfind BC\n"
EXACT = "points A B C\ntriangle ABC\nangle ABC = 60\nangle BCA = 60\nAB = 5\nfind BC\n"
TANGENT = ("points O A B C E\ntriangle ABC\ntriangle OCE\ncircle O through A B C\nEC tangent to circle O\n"
           "AO = 9\nCE = 15\nfind area CEO\n")  # (CA runs inside the right angle OCE: no square fits there)


def _read(fig: dict) -> list[str]:
    return textbook_problems(fig) + mark_problems(fig)


def _tip(lab: dict) -> tuple[float, float]:
    return tuple(lab["leader"][0])


def test_a_goal_with_no_place_by_its_short_side_is_led_to_it_not_put_in_a_corner() -> None:
    """"CD = ?" was a corner legend line, read as no side's: now by CD outside the crowd, its leader to CD's
    middle, and the reader reads it as CD's."""
    fig = textbook_figure(parse(SHORT_GOAL)).labels
    goal = fig["goal"]
    assert goal["marked"] and goal.get("shown") != "legend"
    asked = [lab for lab in fig["labels"] if lab["text"].endswith("?")]
    assert len(asked) == 1 and asked[0]["element"] == "CD" and asked[0]["leader"] is not None
    c, d = fig["points"]["C"], fig["points"]["D"]
    tip = _tip(asked[0])
    share = ((tip[0] - c[0]) * (d[0] - c[0]) + (tip[1] - c[1]) * (d[1] - c[1])) / math.dist(c, d) ** 2
    foot = (c[0] + share * (d[0] - c[0]), c[1] + share * (d[1] - c[1]))
    assert 0.3 <= share <= 0.7 and math.dist(tip, foot) < 4.0  # (on CD's middle part)
    assert _read(fig) == []


def test_the_reader_reads_a_named_label_by_where_its_leader_ends() -> None:
    """A named label led to another side's middle reads as that side's: the reader says so (it read a named
    label as its own wherever it sat, leader or none)."""
    fig = textbook_figure(parse(SHORT_GOAL)).labels
    asked = next(lab for lab in fig["labels"] if lab["text"].endswith("?"))
    o, d = fig["points"]["O"], fig["points"]["D"]
    asked["leader"][0] = [(o[0] + d[0]) / 2, (o[1] + d[1]) / 2]  # (led to OD instead)
    assert any("nearer side" in p for p in _nearest_of_kind(fig, fig["points"]))


def test_no_given_of_the_short_goal_problem_is_left_to_a_corner() -> None:
    fig = textbook_figure(parse(SHORT_GOAL)).labels
    assert all(g["shown"] != "legend" for g in fig["givens"] if g["element"] != "AB")
    # (AB, split by D, with no room for a dimension line clear of OD, the arc and CD: never by one piece of it,
    # blind reader 29; the legend names it, figtb31)
    assert all(g["shown"] in ("label", "legend") for g in fig["givens"] if g["element"] == "AB")


def test_an_approximate_figure_says_so_on_itself_and_in_its_export() -> None:
    """Rounded givens that the facts contradict (60° + 60° + 61°): the figure follows the facts, and one line on
    it says the values are rounded (reader 20 trusted a drawn diameter the values denied, and was misled)."""
    fig = textbook_figure(parse(ROUNDED))
    lab = fig.labels
    assert lab["approximate"] and lab["approximate_note"]["text"] == APPROXIMATE_NOTE
    x0, y0, x1, y1 = lab["approximate_note"]["bbox"]
    size = lab["size"][0]
    assert 0 <= x0 < x1 <= size and 0 <= y0 < y1 <= size
    for other in lab["labels"]:  # (clear of every label, none of them the note)
        a0, b0, a1, b1 = other["bbox"]
        assert a1 <= x0 or a0 >= x1 or b1 <= y0 or b0 >= y1
        assert other["text"] != APPROXIMATE_NOTE
    for p in lab["points"].values():
        assert not (x0 <= p[0] <= x1 and y0 <= p[1] <= y1)
    assert _read(lab) == []


def test_an_exact_figure_has_no_note() -> None:
    lab = textbook_figure(parse(EXACT)).labels
    assert not lab["approximate"] and "approximate_note" not in lab


def test_a_tangent_right_angle_with_a_ray_inside_it_is_still_marked() -> None:
    """Radius OC ⊥ tangent CE, CA inside the angle: the square was left out (reader 20's 32, 39); now the right
    angle is marked as any crowded right angle is, "90°" in its arc."""
    fig = textbook_figure(parse(TANGENT)).labels
    marked = {e for m in fig["marks"] if m["kind"] in ("right", "right_arc") for e in m["elements"]}
    assert marked & {"angle OCE", "angle ECO"}
    assert _read(fig) == []


def test_the_reader_flags_a_shape_leader_ending_on_a_point() -> None:
    """A region's label led to a point of its region points at the point (reader 20's 55, "area ABE = ?" at O)."""
    fig = textbook_figure(parse(TANGENT)).labels
    lab = next(lab for lab in fig["labels"] if lab["element"].startswith("area "))
    c, e, o = (fig["points"][n] for n in "CEO")
    inside = [(c[0] + e[0] + o[0]) / 3, (c[1] + e[1] + o[1]) / 3]
    lab["leader"] = [inside, [lab["bbox"][0], lab["bbox"][1]]]
    assert not any("leader ending by a point" in p for p in problems(fig))
    lab["leader"][0] = list(o)
    assert any("leader ending by a point" in p for p in problems(fig))


CROSSED_BRACKET = ("points A B C D F\ntriangle ABC\nline B D C\nline A D F\nAB = BC\nAB = 6\nAC = 5\nBD = 2\n"
                   "DF = 3\nfind AD\n")  # (D splits BC off its middle; every bracket of BC crosses line ADF)
NEAR_END = ("points A C O D B E\ntriangle AEC\ntriangle CEB\ntriangle ADE\nline A O E B\nline C E D\n"
            "circle O through A D B C\nAB diameter of circle O\nclockwise AEC CEB ADE ADB ABC DCA\nAC = CD\n"
            "angle ACD = 40\nfind angle BAC\n")  # (CD's bracket crosses BC a few px from its end at C)


def test_a_split_sides_equality_whose_bracket_must_cross_a_line_is_marked_by_a_broken_bracket() -> None:
    """AB = BC with D on BC: no bracket of BC clears line ADF, and the equality had no mark at all; now BC's bracket
    is broken where DF crosses it (as a dimension line is), its tick on a piece, and the reader reads it."""
    fig = textbook_figure(parse(CROSSED_BRACKET)).labels
    equal = [m for m in fig["marks"] if m["kind"] == "equal"]
    assert any({"AB", "BC"} <= {"".join(sorted(e)) for e in m["elements"]} for m in equal)
    brace = next(m for m in fig["marks"] if m["kind"] == "bracket" and "".join(sorted(m["elements"][0])) == "BC")
    assert len(brace["pixels"]) > 1  # (broken)
    from shapely.geometry import LineString
    a, f = fig["points"]["A"], fig["points"]["F"]
    assert min(LineString(pc).distance(LineString([a, f])) for pc in brace["pixels"]) >= 3.0
    assert _read(fig) == []


def test_the_reader_flags_an_unbroken_bracket_across_a_line() -> None:
    fig = textbook_figure(parse(CROSSED_BRACKET)).labels
    brace = next(m for m in fig["marks"] if m["kind"] == "bracket" and len(m["pixels"]) > 1)
    first, last = brace["pixels"][0], brace["pixels"][-1]
    brace["pixels"] = [[first[0], first[1], last[-2], last[-1]]]  # (the same bracket, drawn whole)
    assert any(p.startswith("the bracket of BC crosses") for p in textbook_problems(fig))


def test_a_bracket_broken_by_its_end_is_no_right_angle_mark() -> None:
    """CD's bracket must cross BC a few px from C: broken there, its end piece (a 9 px stub and a 12 px hook) read as
    a right angle's square by C (reader 42's 01, FormalGeo 3048).  No such bracket is drawn (AC = CD is the text's);
    the reader flags the stub."""
    fig = textbook_figure(parse(NEAR_END)).labels
    assert not [m for m in fig["marks"] if m["kind"] == "bracket" and len(m["pixels"]) > 1
                and min(math.dist(m["pixels"][0][1], m["pixels"][0][-1]),
                        math.dist(m["pixels"][-1][1], m["pixels"][-1][0])) < 30.0]
    assert _read(fig) == []
    fig = textbook_figure(parse(CROSSED_BRACKET)).labels
    brace = next(m for m in fig["marks"] if m["kind"] == "bracket" and len(m["pixels"]) > 1)
    last = brace["pixels"][-1]  # (its last piece cut back to a 15 px stub by its corner)
    corner = last[-2]
    u = [(last[0][k] - corner[k]) / math.dist(last[0], corner) for k in range(2)]
    last[0] = [corner[k] + 15.0 * u[k] for k in range(2)]
    assert any("reads as a right-angle mark" in p for p in textbook_problems(fig))


CIRCLE_GIVEN = "points O A B\ncircle O through A B\ntriangle OAB\nangle AOB = 60\ndiameter O = 10\nfind AB\n"


def test_a_circles_own_given_is_led_to_its_rim_not_put_in_a_corner() -> None:
    """"diameter O = 10" (no segment draws it) was a corner legend line; now it sits by the circle, its leader
    ending on the rim."""
    fig = textbook_figure(parse(CIRCLE_GIVEN)).labels
    given = next(g for g in fig["givens"] if g["fact"].startswith("diameter"))
    assert given["shown"] == "label"
    lab = next(lab for lab in fig["labels"] if lab["text"] == "diameter O = 10")
    (circle,) = fig["circles"]
    tip = _tip(lab)
    assert abs(math.dist(tip, circle["centre"]) - circle["radius"]) < 4.0
    assert _read(fig) == []
