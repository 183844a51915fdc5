"""What a blind reader of generated textbook figures read wrong (reader 15, issues 38 and 39), each class on
its smallest figure: a height asked that no segment carries, a stated equal group ticked twice or not on every
member, a coincidence drawn that no fact states, a collinearity only the figure gives, and a bracket beside a
dimension line.  The figures are drawn on exact coordinates (the construction's, as the generator draws them)."""
from __future__ import annotations

import math
from types import SimpleNamespace

import numpy as np
import pytest
from geomill.dsl import parse
from geomill.generate.textbook import question
from geomill.generate.textbook_gen.make import beside_dimensions, unforced, unreadable
from geomill.render.textbook import textbook_figure
from geomill.solvers.numeric import NumericModel

from .label_reader import dimension_brackets


def _at(deg: float) -> tuple[float, float]:
    return math.cos(math.radians(deg)), math.sin(math.radians(deg))


def _drawn(text: str, at: dict):
    problem = parse(text)
    xy = {n: np.asarray(v, float) for n, v in at.items()}
    radii = {c.centre: float(np.linalg.norm(xy[c.points[0]] - xy[c.centre])) for c in problem.circles}
    return problem, textbook_figure(problem, NumericModel(problem, xy, {}, radii, 0.0, 0))


HEIGHT = "points D H E\ntriangle DHE\nDH = 6\nEH = 9\nangle DHE = 120\nfind height HED\n"


def test_a_height_goal_is_asked_from_its_vertex_to_its_side() -> None:
    text = question(parse(HEIGHT), figure=True, rounds=False)
    assert "the height from H to ED" in text
    assert "height HED" not in text


def test_a_height_goal_no_segment_carries_is_drawn_dashed_and_asked_on_it() -> None:
    """No segment is the height asked: it is drawn dashed from H with its square and "h = ?" on it (figtb41; it
    was refused, the figure having nothing to ask it on)."""
    d, h = (0.0, 0.0), (6.0, 0.0)
    e = (6 + 9 * math.cos(math.radians(60)), 9 * math.sin(math.radians(60)))
    problem, drawn = _drawn(HEIGHT, {"D": d, "H": h, "E": e})
    assert drawn.labels["goal"]["drawn"] == "height HED" and drawn.labels["goal"]["text"] == "h = ?"
    assert [h["shape"] for h in drawn.labels["heights"]] == ["HED"]
    assert not any("height asked" in why for why in unreadable(problem, drawn))


def test_a_drawn_height_goal_carries_its_query() -> None:
    text = ("points A B C F\ntriangle ABC\nline B F C\nline A F\nAF perpendicular to BC\nAB = 5\nBC = 6\n"
            "angle ABC = 60\nfind height ABC\n")
    b, c, a = (0.0, 0.0), (6.0, 0.0), (2.5, 2.5 * math.sqrt(3))
    problem, drawn = _drawn(text, {"A": a, "B": b, "C": c, "F": (2.5, 0.0)})
    assert drawn.labels["goal"]["drawn"] is not None
    assert not any("height asked" in why for why in unreadable(problem, drawn))


MIDSEGMENT = ("points A B C D E O F\ntriangle ABC equilateral\ntriangle ACF\nline C D B\nline C E A\nline A O F\n"
              "circle O through A B C F\nO circumcentre of ABC\nAF diameter of circle O\nDE midsegment of CBA\n"
              "AB = 20\nfind area ACF\n")


def test_one_equal_group_one_tick_count_on_every_member() -> None:
    a, c, b = _at(180), _at(60), _at(300)
    at = {"A": a, "B": b, "C": c, "D": ((b[0] + c[0]) / 2, 0.0), "E": ((a[0] + c[0]) / 2, (a[1] + c[1]) / 2),
          "O": (0.0, 0.0), "F": (1.0, 0.0)}
    problem, drawn = _drawn(MIDSEGMENT, at)
    counts: dict[frozenset, set] = {}
    for m in drawn.labels["marks"]:
        if m["kind"] == "equal":
            for el in m["elements"]:
                counts.setdefault(frozenset(el), set()).add(m["count"])
    assert all(len(c) == 1 for c in counts.values()), counts  # (BD = DC: its group's count, once)
    ticked = {frozenset(el) for m in drawn.labels["marks"] if m["kind"] in ("equal", "bracket") for el in m["elements"]}
    if frozenset("BC") not in ticked:  # a member of the equilateral group with no tick: never generated
        assert any("BC" in why or "CB" in why for why in unreadable(problem, drawn))


DIAMETER = ("points O A B C E\ntriangle ABC\ntriangle ACE\nline A O E\ncircle O through A B C E\n"
            "AE diameter of circle O\nAO = 8\nangle ABC = 30\nfind area ACE\n")


@pytest.mark.parametrize(("b", "accidental"), [(300, True), (260, False)])
def test_a_chord_through_the_centre_that_nothing_puts_there_is_sampled_again(b: float, accidental: bool) -> None:
    """B is free on its arc: drawn opposite C, CB reads as a diameter and A as a right angle; another figure
    of the same text (the text's own search: here B elsewhere) shows neither, so the coincidence is unforced.
    E opposite A makes angle ACE right in every figure: forced, never reported."""
    problem = parse(DIAMETER)
    at = {"O": (0.0, 0.0), "A": _at(180), "E": _at(0), "C": _at(120), "B": _at(b)}
    other = dict(at, B=_at(230))
    exact = SimpleNamespace(at={n: np.asarray(v) for n, v in at.items()})
    again = SimpleNamespace(coords={n: np.asarray(v) for n, v in other.items()})
    got = unforced(problem, exact, again)
    assert bool([why for why in got if why.startswith("point O is drawn on")]) == accidental, got
    assert not any(why.startswith("AC and CE are drawn at") for why in got)  # (the right angle in a semicircle)


def test_a_collinearity_the_proof_uses_is_said_beside_the_figure() -> None:
    text = ("points A B C D\ntriangle ABC isosceles at A\nline C A D\nline B D\nAB = 7\nangle BAC = 90\nAD = AB\n"
            "find BD\n")
    assert "C, A and D lie on one line" in question(parse(text), figure=True, rounds=False, incidences=True)
    named = text.replace("find BD", "find angle CAD").replace("angle BAC = 90", "angle ABD = 45")
    assert "lie on one line" not in question(parse(named), figure=True, rounds=False, incidences=True)


def test_a_point_on_a_circle_is_said_beside_the_figure() -> None:
    text = question(parse(DIAMETER), figure=True, rounds=False, incidences=True)
    assert "the circle through A, B, C and E" in text
    assert "lie on one line" not in text  # (O on AE: "AE is a diameter of circle O" says it)


CENTROID = ("points A B C F G H\ntriangle ABC equilateral\nline C F A\nline A G B\nline B H F\nline C H G\n"
            "H centroid of BCA\nBF median of BCA\nCG median of CAB\nAB = 19\nfind BC/BH\n")


def test_a_bracket_beside_a_dimension_line_is_read_and_refused() -> None:
    a, b, c = (1.0, 0.0), (0.0, math.sqrt(3)), (-1.0, 0.0)
    at = {"A": a, "B": b, "C": c, "F": (0.0, 0.0), "G": (0.5, math.sqrt(3) / 2), "H": (0.0, math.sqrt(3) / 3)}
    problem, drawn = _drawn(CENTROID, at)
    read = dimension_brackets(drawn.labels)
    assert read  # (AB = 19 on a dimension line, and AB's equilateral tick on a bracket: G splits AB)
    assert len(read) == len(beside_dimensions(drawn.labels))
    assert any("beside its dimension line" in why for why in unreadable(problem, drawn))
