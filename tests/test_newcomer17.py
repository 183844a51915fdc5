"""A newcomer's problems written from the docs alone (newcomer 17), each finding a rule with its smallest
problem: a point stated on a side's extension gets the extension drawn (issue 38, item 3); a shape's area asked
where its kind compiles it to a formula is marked as the question names it, never by the formula; a midsegment
inside its trapezoid is one figure with it, not a second part drawn over the first."""
from __future__ import annotations

from geomill.dsl import parse
from geomill.engine.shapes_plane import to_plane
from geomill.render.general import extensions
from geomill.render.textbook import textbook_figure
from geomill.solvers.numeric import parts

from tests.label_reader import textbook_problems

BEYOND = ("triangle ABC\nD on AB extended\nE on AC extended\nDE parallel to BC\nAB = 4\nBD = 2\nBC = 5\n"
          "find DE\n")


def _drawn(lab: dict) -> set[frozenset]:
    return {frozenset(s) for s in lab["segments"]}


def test_a_point_on_a_sides_extension_gets_the_extension() -> None:
    lab = textbook_figure(parse(BEYOND)).labels
    assert {frozenset("CE"), frozenset("BD")} <= _drawn(lab)  # (CE: no length names it; only the relation does)
    assert textbook_problems(lab) == []


def test_an_extension_is_drawn_only_past_the_drawn_segment() -> None:
    problem = parse(BEYOND)
    drawn = {frozenset("AB"), frozenset("AC")}
    past = {"A": (0.0, 0.0), "B": (1.0, 0.0), "C": (0.0, 1.0), "D": (1.5, 0.0), "E": (0.0, 1.5)}
    assert sorted(extensions(problem, past, drawn)) == [("B", "D"), ("C", "E")]
    short = dict(past, D=(0.5, 0.0), E=(0.0, 0.5))  # (the same relations on points inside their sides: none)
    assert extensions(problem, short, drawn) == []


def test_a_regular_polygons_asked_area_is_named_not_its_formula() -> None:
    lab = textbook_figure(to_plane(parse("regular hexagon ABCDEF\nAB = 4\nfind area ABCDEF\n"))).labels
    asked = [x for x in lab["labels"] if "?" in x["text"]]
    assert [x["text"] for x in asked] == ["area ABCDEF = ?"], asked
    assert lab["goal"]["expression"] == "area ABCDEF"


def test_a_sector_shapes_asked_area_is_the_sectors() -> None:
    lab = textbook_figure(to_plane(parse("sector AOB\nOA = 6\nangle AOB = 120\nfind area AOB\n"))).labels
    asked = [x["text"] for x in lab["labels"] if "?" in x["text"]]
    assert asked == ["sector area OAB = ?"] and lab["goal"].get("shown") != "legend", (asked, lab["goal"])


def test_a_midsegment_is_one_part_with_its_trapezoid() -> None:
    problem = parse("trapezoid ABCD bases AD BC\nEF midsegment of ABCD\nAD = 2x + 4\nBC = 8\nEF = 12\nfind x\n")
    assert len(parts(problem)) == 1
    assert not any("read as one figure" in w for w in textbook_figure(problem).warnings)


def test_a_value_the_shape_gives_is_said_with_its_rule_where_first_used() -> None:
    """(p22: "(180° - 108°)/2" with no word of where 108° came from.)  The rule once, then its value."""
    from geomill.solvers.plane.solve import solve_general

    text = solve_general(parse("regular pentagon ABCDE\nfind angle BAC\n")).text()
    assert "Each interior angle of a regular pentagon is (5 − 2)·180°/5 = 108°, so angle ABC = 108°." in text, text
    assert text.index("108°, so angle ABC") < text.index("(180° - 108°)"), text  # (said before it is put in)
    assert text.count("interior angle of a regular pentagon") == 1, text


def test_an_asked_arc_through_a_drawn_point_is_named_through_it() -> None:
    """(Reader 21's 21: the bare "?" of arc CE through B sat on the stretch CB and read as arc CB.)  An arc with a
    drawn point inside is asked by name through that point; one with none keeps its bare "?"."""
    through = ("points O A B C\ncircle O through A B C\nline O A\nline O B\nline O C\ncounterclockwise OAB OBC\n"
               "angle AOB = 50\nangle BOC = 60\nfind arc OAC\n")
    lab = textbook_figure(parse(through)).labels
    assert [x["text"] for x in lab["labels"] if "?" in x["text"]] == ["arc ABC = ?"]
    lab = textbook_figure(parse(through.replace("find arc OAC", "find arc OAB"))).labels
    assert [x["text"] for x in lab["labels"] if "?" in x["text"]] == ["?"]


def test_a_regular_polygons_equal_sides_are_said_with_their_rule() -> None:
    """("So CD = BC." with no reason, where the sides of the regular hexagon are equal.)  The rule is said with the
    equality; a given value of a side is never said to follow from it."""
    from geomill.solvers.plane.solve import solve_general

    text = solve_general(parse("regular hexagon ABCDEF\nfind angle ABD\n")).text()
    assert text.startswith("The sides of a regular hexagon are equal, so CD = BC."), text
    text = solve_general(parse("regular hexagon ABCDEF\nAB = 4\nfind angle ABD\n")).text()
    assert "are equal, so AB = 4" not in text, text
    text = solve_general(to_plane(parse("regular hexagon ABCDEF\nAB = 4\nfind AB\n"))).text()
    assert text.startswith("AB = 4 is given."), text  # (the goal a given, never read off the sides' rule)
