"""Issue 38 (figtb41): the three figures blind reader 40 rated misleading, each class on its smallest problem,
checked by the export and the independent reader (tests/label_reader.py)."""
from __future__ import annotations

import copy
import functools
import math

from geomill.dsl import parse
from geomill.render.textbook import textbook_figure, without_idle

from tests.label_reader import mark_problems, problems, textbook_problems

TRAPEZOID = ("points P S A R Q\ntriangle PSA\npolygon PARQ\ntrapezoid PSRQ bases PQ SR\nline S A R\n"
             "clockwise PSA PARQ\narea PQRS = 250\nPQ = 20\nRS = 30\nfind height SRQP\n")  # (FormalGeo 2093)
MEDIAN = ("points A B D C\ntriangle ABD\ntriangle ADC\nline B D C\nAD median of ABC\nclockwise ABD ADC\n"
          "perimeter ABD - perimeter ACD = 3\nfind AB - AC\n")  # (FormalGeo 5103)


def _read(labels: dict) -> list[str]:
    return textbook_problems(labels) + mark_problems(labels)


def test_a_height_asked_is_drawn_dashed_with_its_query_and_the_idle_point_is_left_out() -> None:
    """The height asked, drawn nowhere, was named in a corner ("height SRQP = ?", FormalGeo's order), and PA, a
    slanted side of FormalGeo's construction to a point nothing names, read as it: now a dashed perpendicular from
    P with "h = ?" on it, and no A."""
    labels = textbook_figure(parse(TRAPEZOID)).labels
    assert "A" not in labels["points"] and ["A", "P"] not in [sorted(s) for s in labels["segments"]]
    (height,) = labels["heights"]
    (x0, y0), (x1, y1) = height["line"]
    assert abs(x0 - x1) < 0.5 < abs(y0 - y1)  # (the base SR is horizontal: the height is upright)
    assert labels["goal"]["marked"] and labels["goal"]["text"] == "h = ?"
    assert not any("SRQP" in lab["text"] for lab in labels["labels"])
    assert _read(labels) == [] and problems(labels) == []


def test_the_reader_finds_a_height_drawn_nowhere() -> None:
    labels = textbook_figure(parse(TRAPEZOID)).labels
    labels["heights"] = []
    labels["segments"].append(["P", "Q"])
    assert any("height SRQP is drawn nowhere" in p for p in textbook_problems(labels))


def test_an_idle_point_that_another_fact_names_stays() -> None:
    named = TRAPEZOID.replace("RS = 30\n", "RS = 30\nAR = 4\n")
    assert without_idle(parse(named)).points == parse(named).points
    assert "A" not in without_idle(parse(TRAPEZOID)).points


def test_a_difference_of_two_asked_sides_is_one_label() -> None:
    """AB - AC, both asked: "AB = ?" and "AC = ?" read as two unknowns where only the difference is found (reader
    40's 29): one label names the whole by its first term, and the reader flags the two."""
    labels = textbook_figure(parse(MEDIAN)).labels
    asked = [lab for lab in labels["labels"] if lab["text"].endswith("?")]
    assert [lab["text"] for lab in asked] == ["AB - AC = ?"] and asked[0]["element"] == "AB"
    assert labels["goal"]["marked"] and _read(labels) == []
    asked[0]["text"] = "AB = ?"
    labels["labels"].append(dict(asked[0], text="AC = ?", element="AC"))
    assert any("2 unknowns" in p for p in textbook_problems(labels))


TANGENTS = ("points A O B D P\npolygon AOBD\ncircle O through A B D\nPA tangent to circle O\nPB tangent to circle O\n"
            "clockwise AOBD ABD BPA\nangle APB = 40\nfind angle ADB\n")  # (FormalGeo 4720)


@functools.lru_cache(maxsize=1)
def _tangents():
    return textbook_figure(parse(TANGENTS))


def test_every_point_of_a_circle_is_dotted_where_one_is() -> None:
    """A and B carry tangency dots; D, on the same circle by the figure alone, carried none and read as off it
    (reader 40's 28): now a dot of its own, and the reader flags a circle's point left bare."""
    labels = copy.deepcopy(_tangents().labels)
    assert "D" in labels["dots"] and _read(labels) == []
    labels["dots"].remove("D")
    assert any("D on the circle" in p for p in textbook_problems(labels))


def test_a_chord_drawn_parallel_to_a_radius_no_fact_makes_so_is_drawn_again() -> None:
    """Chord DA drawn exactly along radius OB read as DA ∥ OB (reader 40's 28): a parallel no fact states sends the
    layout to another start of the search, which draws D elsewhere on its arc."""
    fig = _tangents()
    assert not [a for a in fig.accidental if "parallel" in a], fig.accidental
    pts = fig.labels["points"]
    turn = [math.degrees(math.atan2(pts[b][1] - pts[a][1], pts[b][0] - pts[a][0])) % 180 for a, b in ("DA", "OB")]
    assert min(abs(turn[0] - turn[1]), 180 - abs(turn[0] - turn[1])) > 3.0
