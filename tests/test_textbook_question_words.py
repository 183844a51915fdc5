"""A generated question as a teacher reads it: each fact once (a circle through a triangle's vertices is its
circumcircle, not said again) and a polygon's area or perimeter named in words ("the area of triangle ABD")."""
from __future__ import annotations

import pytest
from geomill.dsl import parse
from geomill.generate.textbook import question

CIRCUMCENTRE = ("points A B C O\ntriangle ABC\ncircle O through A B C\nO circumcentre of ABC\nangle ABC = 60\n"
                "angle ACB = 40\nfind angle CBO\n")


@pytest.mark.parametrize("figure,incidences", [(False, False), (True, True)])
def test_a_circumcentre_the_circle_sentence_gives_is_said_once(figure: bool, incidences: bool) -> None:
    text = question(parse(CIRCUMCENTRE), figure=figure, rounds=False, incidences=incidences)
    assert "O is the centre of the circle through A, B and C." in text, text
    assert "circumcentre" not in text, text


def test_a_circumcentre_is_said_where_the_circle_sentence_names_no_points() -> None:
    text = question(parse(CIRCUMCENTRE), figure=True, rounds=False)
    assert "O is the circumcentre of triangle ABC" in text, text


def test_a_polygons_area_and_perimeter_are_named_in_words() -> None:
    text = question(parse("points A B C D\nparallelogram ABCD\nAB = 5\narea ABC = 12\nfind perimeter ABCD\n"),
                    figure=False, rounds=False)
    assert "the area of triangle ABC is 12" in text and text.endswith("Find the perimeter of ABCD."), text
    text = question(parse("points A B C\ntriangle ABC\nAB = 5\nAC = 4\nangle BAC = 90\nfind area ABC\n"),
                    figure=True, rounds=False)
    assert text.endswith("Find the area of triangle ABC."), text


def test_a_given_radius_is_the_radius_of_its_circle() -> None:
    # AO with A on circle O is its radius, given as a textbook gives it; a chord AB stays AB = 8
    text = question(parse("points O A B C\ntriangle ABC\ncircle O through A B C\nAO = 6\nAB = 8\nangle ABC = 30\n"
                          "find angle ACB\n"), figure=False, rounds=False)
    assert "We know that the radius of circle O is 6, AB = 8 and angle ABC = 30°." in text, text
    assert "AO = 6" not in text, text
