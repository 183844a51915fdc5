"""After the merge of figtb35 and figtb36 (issue 38).

* A legend line led by its element (``textbook._led_line``) keeps ``SQUARE_LEADER_CLEAR`` px from right-angle
  squares, as compose's set-off values do: RUN_ON's "BD = 1", which compose left to the text, was led from BD up
  3.7 px past the corner of the square at D, read as led across it (the reader's ``LEADER_SQUARE``).
* An angle value's tries beyond a wider arc (``textbook._arced``) cost less and draw the same: a try stops once
  every value it is for has gone to the text (``compose.GaveUp``), and one whose annotation a failed try's was
  already (a wider radius cut to the same share of a short side) is not composed again."""
from __future__ import annotations

import pytest
from geomill.dsl import parse
from geomill.render import compose, textbook
from geomill.render.compose import SQUARE_LEADER_CLEAR
from geomill.render.draw import Renderer
from geomill.render.textbook import textbook_figure
from shapely.geometry import LineString

from tests.label_reader import textbook_problems
from tests.test_textbook_review import RUN_ON, TANGENT
from tests.test_textbook_review14 import LONG_LINE


def test_a_led_legend_line_keeps_off_the_squares() -> None:
    lab = textbook_figure(parse(RUN_ON)).labels
    squares = [LineString(s) for m in lab["marks"] if m["kind"] == "right" for s in m["pixels"]]
    led = [x for x in lab["labels"] if x["leader"] is not None]
    assert squares and led
    assert all(LineString(x["leader"]).distance(s) >= SQUARE_LEADER_CLEAR - 0.01 for x in led for s in squares)
    assert textbook_problems(lab) == []


@pytest.fixture
def composes(monkeypatch) -> list:
    """Counts the renderer's compositions."""
    calls: list = []
    real = Renderer.compose

    def counted(self, scene, annotation):
        calls.append(1)
        return real(self, scene, annotation)
    monkeypatch.setattr(Renderer, "compose", counted)
    return calls


def test_a_try_stops_once_its_values_are_all_in_the_text(monkeypatch) -> None:
    stops: list = []
    real = compose._give_up

    def counted(annotation) -> None:
        try:
            real(annotation)
        except compose.GaveUp:
            stops.append(annotation.give_up)
            raise
    monkeypatch.setattr(compose, "_give_up", counted)
    fig = textbook_figure(parse(TANGENT))
    assert stops
    monkeypatch.setattr(compose, "_give_up", lambda annotation: None)  # (every try composed to its end)
    whole = textbook_figure(parse(TANGENT))
    assert fig.data == whole.data and fig.labels == whole.labels


def test_a_try_that_would_fail_again_is_not_composed(monkeypatch, composes: list) -> None:
    fig = textbook_figure(parse(LONG_LINE))
    fewer = len(composes)
    composes.clear()
    monkeypatch.setattr(textbook, "_shorter_sides", lambda *args: {})  # (every wider radius taken as asked)
    every = textbook_figure(parse(LONG_LINE))
    assert fewer < len(composes)
    assert fig.data == every.data and fig.labels == every.labels
