"""Every goal marked, every relation marked (issue 38, figtb23): a circle's own goal (its circumference, a
diameter no segment draws) asked by a "?" on its circle that says what is asked; an asked region around a named
one asked in the rest of it, the part its hole; a thin asked region led into from outside every cell; an asked
sector drawn as a shape with its "?" in it; an equal group whose every side a drawn point halves ticked on the
halves, exported as marks of those sides.  Each checked by the export and the independent reader
(tests/label_reader.py)."""
from __future__ import annotations

import math

import pytest
from geomill.dsl import parse
from geomill.render.textbook import textbook_figure

from tests.label_reader import mark_problems, problems, textbook_problems

CIRCUMFERENCE = "points O A\ncircle O through A\nOA = 3\nfind circumference O\n"
DIAMETER = "points O A\ncircle O through A\nOA = 3\nfind diameter O\n"
HALVED = ("points A B C D O\nparallelogram ABCD\nline A O C\nline B O D\nAC = BD\nAB = 3\nBC = 4\n"
          "find area ABCD\n")  # (O halves both diagonals: AC = BD with no bracket across the other diagonal)


def _read(fig: dict) -> list[str]:
    return problems(fig) + textbook_problems(fig) + mark_problems(fig)


@pytest.mark.parametrize("text, word", [(CIRCUMFERENCE, "circumference"), (DIAMETER, "diameter"),
                                        (CIRCUMFERENCE.replace("circumference", "circle area"), "area ⊙O")])
def test_a_circles_own_goal_is_asked_on_its_circle(text: str, word: str) -> None:
    fig = textbook_figure(parse(text)).labels
    goal = fig["goal"]
    assert goal["marked"] and goal["text"] == f"{word} = ?"
    lab = next(lab for lab in fig["labels"] if lab["element"] == goal["drawn"])
    (cx, cy), r = fig["circles"][0]["centre"], fig["circles"][0]["radius"]
    x0, y0, x1, y1 = lab["bbox"]
    at = lab["leader"][0] if lab["leader"] else ((x0 + x1) / 2, (y0 + y1) / 2)
    near = min(math.dist(at, (cx, cy)) - r, 2 * fig.get("font_px", 16))  # (by the circle, just outside it)
    assert math.dist(at, (cx, cy)) >= r - 0.5 and near < 40
    assert _read(fig) == []


def test_an_equal_group_whose_sides_are_halved_is_ticked_on_the_halves() -> None:
    fig = textbook_figure(parse(HALVED)).labels
    mark = next(m for m in fig["marks"] if m["kind"] == "equal" and m.get("sides"))
    assert sorted(mark["sides"]) == ["AC", "BD"]
    halves = {frozenset(e) for e in mark["elements"]}
    assert halves == {frozenset(s) for s in ("AO", "OC", "BO", "OD")}
    assert len(mark["pixels"]) == 4 * mark["count"]  # (one row of the group's count on each half)
    assert not any(m["kind"] == "bracket" for m in fig["marks"])
    pts = fig["points"]
    for i, e in enumerate(mark["elements"]):  # (each row across its own half, by it)
        p, q = (pts[n] for n in e)
        row = mark["pixels"][i * mark["count"]:(i + 1) * mark["count"]]
        mid = [sum(c) / len(c) for c in zip(*[pt for s in row for pt in s])]
        t = ((mid[0] - p[0]) * (q[0] - p[0]) + (mid[1] - p[1]) * (q[1] - p[1])) / math.dist(p, q) ** 2
        assert 0.0 < t < 1.0
    assert _read(fig) == []


def test_a_halved_side_beside_a_whole_one_keeps_its_bracket_or_nothing() -> None:
    """Ticks on the halves of one side and on another whole side would say half equals whole: not halved."""
    fig = textbook_figure(parse("points A B C D O\nparallelogram ABCD\nline A O C\nline B O D\nAC = AB\nAB = 3\n"
                                "BC = 4\nfind angle ABC\n")).labels
    assert not any(m.get("sides") for m in fig["marks"])


NESTED = ("points A D E B C\ntriangle ADE\npolygon DBCE\nline A D B\nline A E C\nDE parallel to BC\narea ADE = 3\n"
          "AB = AC\nAD = DB\nfind area ABC\n")  # (reader: the asked region holds a region named: its "?" in the rest)


def test_an_asked_region_around_a_named_one_is_asked_in_the_rest_of_it() -> None:
    from shapely.geometry import Point, Polygon, box

    fig = textbook_figure(parse(NESTED)).labels
    assert fig["goal"]["marked"] and fig["goal"]["text"] == "area ABC = ?"
    shapes = {s["name"]: s for s in fig["shapes"]}
    assert len(shapes["ABC"]["holes"]) == 1  # (its part ADE, a hole of it)
    part = Polygon(shapes["ADE"]["outline"])
    asked = next(lab for lab in fig["labels"] if lab["element"] == "area ABC")
    at = Point(asked["leader"][0]) if asked["leader"] else box(*asked["bbox"])
    assert Polygon(shapes["ABC"]["outline"]).contains(at) and not part.intersects(at)
    for lab in fig["labels"]:  # (the part's value, where it has room, in the part: the hole is its own region)
        if lab["element"] == "area ADE" and not lab["leader"]:
            assert part.buffer(0.5).contains(box(*lab["bbox"]))
    assert _read(fig) == []


THIN = ("points A E D C B\ntriangle AED\ntriangle DEC\ntriangle EBC\nline A D C\nline A E B\n"
        "ED perpendicular bisector of CA\nAB = 10\nBC = 8\nfind perimeter BCE\n")  # (FormalGeo7k 3769)


def test_a_thin_asked_region_among_cells_is_led_into_from_outside_every_cell() -> None:
    from shapely.geometry import Point, Polygon

    fig = textbook_figure(parse(THIN)).labels
    assert fig["goal"]["marked"] and fig["goal"]["text"] == "perimeter BCE = ?"
    lab = next(lab for lab in fig["labels"] if lab["element"] == "perimeter BCE")
    own = Polygon(next(s["outline"] for s in fig["shapes"] if s["name"] == "BCE"))
    assert lab["leader"] is not None and own.buffer(-0.5).contains(Point(lab["leader"][0]))
    assert _read(fig) == []


@pytest.mark.parametrize("word", ["area", "perimeter"])
def test_an_asked_sector_is_drawn_as_a_shape_with_its_named_query_inside(word: str) -> None:
    from shapely.geometry import Point, Polygon, box

    text = f"points O A B\ncircle O through A B\nOA = 3\nangle AOB = 50\nfind sector {word} OAB\n"
    fig = textbook_figure(parse(text)).labels
    assert fig["goal"]["marked"] and fig["goal"]["text"] == f"sector {word} OAB = ?"
    sector = next(s for s in fig["shapes"] if s["name"] == "OAB")
    region = Polygon(sector["outline"])
    o, a, b = (fig["points"][n] for n in "OAB")
    turn = math.degrees(math.atan2(-(a[1] - o[1]), a[0] - o[0]) - math.atan2(-(b[1] - o[1]), b[0] - o[0])) % 360
    assert region.area == pytest.approx(math.pi * math.dist(o, a) ** 2 * (360 - turn) / 360, rel=0.02)
    lab = next(lab for lab in fig["labels"] if lab["element"] == f"{word} OAB")
    at = Point(lab["leader"][0]) if lab["leader"] else box(*lab["bbox"])
    assert region.buffer(0.5).contains(at)
    assert _read(fig) == []


def test_a_goal_of_several_regions_draws_no_region_around_a_named_one() -> None:
    """area ABC - area ADE: no "?" goes on either region, so ABC is not drawn over its part (ADE's value stays)."""
    fig = textbook_figure(parse("points A D E B C\ntriangle ADE\npolygon DBCE\nline A D B\nline A E C\n"
                                "DE parallel to BC\narea ADE = 1\nAD = BD/2\nfind area ABC - area ADE\n")).labels
    assert "ABC" not in {s["name"] for s in fig["shapes"]}
    assert next(g for g in fig["givens"] if g["element"] == "area ADE")["shown"] == "label"
