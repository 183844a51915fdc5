"""The kind contract: what the figure, the question texts and the generator read from a kind is
declared in its block (right-angle marks, phrases, relation joins), and they read only that."""
from __future__ import annotations

import numpy as np
import pytest
from geomill.dsl import parse
from geomill.engine.catalogue import KINDS
from geomill.engine.geometry import construct
from geomill.generate.geomverse.text import _pins, kind_description
from geomill.render.annotate import Annotation
from geomill.render.compose import Style, compose
from geomill.render.layout import layout
from geomill.solvers import solve


def _text_size(text: str, size: float = 12.0) -> tuple[float, float]:
    return 0.6 * size * len(text), 1.2 * size


def _mark_corners(text: str) -> tuple[list[np.ndarray], dict[str, np.ndarray], object]:
    """The vertex of every right-angle box drawn for the problem, in pixels, and the points'."""
    sol = solve(parse(text))
    scene = layout(sol)
    d = compose(scene, Annotation.build(scene, sol), Style(), _text_size)
    boxes = [np.asarray(m) for m in d.marks if len(m) == 3]
    # a box is (on ray a, corner, on ray b): its vertex is a + b - corner
    vertices = [m[0] + m[2] - m[1] for m in boxes]
    points = {p: np.asarray(d.frame.px(xy)) for p, xy in scene.points.items()}
    return vertices, points, d


def _at(vertices, point) -> int:
    return sum(float(np.hypot(*(v - point))) < 1e-6 for v in vertices)


def test_right_marks_are_declared_corners_and_drawn_as_right_angles():
    for key, kind in KINDS.items():
        coords = construct(kind, {p.name: sum(kind.construction.sample[p]) / 2 for p in kind.construction.params})
        for i, v, j in kind.right_marks:
            a, o, b = (np.asarray(coords[k]) for k in (i, v, j))
            assert abs(np.dot(a - o, b - o)) < 1e-9 * np.hypot(*(a - o)) * np.hypot(*(b - o)), (key, (i, v, j))


def test_a_composite_marks_its_rectangle_corners():
    vertices, points, _ = _mark_corners("BCDE: rectangle + semicircle on EB\nCD = 6\nBC = 10\nfind area BCDE\n")
    assert len(vertices) == 2 and _at(vertices, points["C"]) == 1 and _at(vertices, points["D"]) == 1


def test_two_right_angles_at_one_point_get_two_marks():
    vertices, points, _ = _mark_corners("triangle ABC right at A\ntriangle ADB right at A\nAB = 4\nAC = 3\nAD = 5\n"
                                        "find BC\n")
    assert _at(vertices, points["A"]) == 2


def test_question_phrases_are_the_kinds_own():
    assert kind_description("rectangle_plus_semicircle") == "a combination of a rectangle and a semi-circle"
    assert kind_description("square_minus_circle") == "a square where a circle has been removed from it"
    assert kind_description("parallelogram") == "a parallelogram"
    texts = {
        "triangle ABC right at B": " with the right angle at B",
        "trapezoid ABCD bases AB CD": " with the bases AB and CD",
        "kite ABCD at C": " with the equal sides meeting at C",
        "kite ABCD": " with the equal sides meeting at A",  # the pin not written: from the points
        "BCDE: rectangle + semicircle on EB": " with the semi-circle on the EB side",
        "square ABCD": "",
    }
    for line, want in texts.items():
        assert _pins(parse(line + "\n").shapes[0]) == want, line


@pytest.mark.parametrize("key", [k for k, v in KINDS.items() if v.relation])
def test_relations_declare_how_they_join(key):
    kind = KINDS[key]
    coords = kind.construction.coords
    for i, j in kind.joins:  # joined vertices are one point of the construction
        assert coords[i] == coords[j]
    assert kind.shares_ray == (len(kind.joins) > 1)
    assert kind.premise and all(f"{{{ph}}}" in kind.premise for ph in kind.placeholders(kind.forms[0]))
