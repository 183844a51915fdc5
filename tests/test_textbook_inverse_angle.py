"""An angle given by its tangent (FormalGeo's ``atan(0.5)``, GeoQA's "tan A = 1/2") is said so beside the figure and on
it, never as its degrees' form: a blind reader saw "180atan(1/2)/π°" on the arc and "(atan(0.5))°" in the text."""
from __future__ import annotations

from geomill.dsl import parse
from geomill.generate.textbook import question
from geomill.render.textbook import textbook_figure

TAN_GIVEN = "points A C B\ntriangle ACB\nclockwise ACB\nAC = 4\nangle ACB = 90\nangle BAC = atan(0.5)\nfind BC\n"


def test_an_angle_given_by_its_tangent_is_said_by_its_tangent() -> None:
    problem = parse(TAN_GIVEN)
    text = question(problem, figure=True, rounds=False)
    assert "tan(angle BAC) = 0.5" in text and "atan" not in text, text
    labels = [x["text"] for x in textbook_figure(problem).labels["labels"]]
    assert "arctan(0.5)" in labels and not any("π" in x or "atan" in x for x in labels), labels
