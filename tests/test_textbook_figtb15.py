"""Textbook figures that draw no more than the facts say and ask what the question asks (issue 38, newcomer 15):
a coincidence no fact states (a chord through the centre) is avoided where the facts allow it and kept where they
force it (a stated diameter); the goal's label of a function of elements says the function ("sin ∠BAC = ?"); a
right angle split by a drawn ray is never labelled with a leader alongside another segment."""
from __future__ import annotations

import math

from geomill.dsl import parse
from geomill.render.accidents import accidents
from geomill.render.textbook import textbook_figure

CHORDS = "circle O through A B C D\nline A P B\nline C P D\nAP = 4\nPB = 9\nCP = 3\nfind PD\n"  # (p04)
DIAMETER = "circle O through A B C D\nCD diameter of circle O\nline A P B\nline C P D\nAP = 4\nPB = 9\nCP = 3\nfind PD\n"


def _off(pts: dict, p: str, a: str, b: str) -> float:
    """Pixels from point ``p`` to line ``ab``."""
    (px, py), (ax, ay), (bx, by) = pts[p], pts[a], pts[b]
    return abs((bx - ax) * (py - ay) - (by - ay) * (px - ax)) / math.hypot(bx - ax, by - ay)


def test_a_chord_is_not_drawn_through_the_centre_no_fact_puts_there() -> None:
    fig = textbook_figure(parse(CHORDS))
    pts = fig.labels["points"]
    assert _off(pts, "O", "C", "D") > 15 and _off(pts, "O", "A", "B") > 15
    assert not [a for a in accidents(parse(CHORDS), fig.scene, _pixels(fig), []) if a.startswith("point ")]


def test_a_stated_diameter_is_kept_through_the_centre() -> None:
    pts = textbook_figure(parse(DIAMETER)).labels["points"]
    assert _off(pts, "O", "C", "D") < 1.5


def test_accidents_names_an_unstated_centre_on_a_chord_and_not_a_stated_one() -> None:
    from geomill.solvers.numeric import build_model

    for text, stated in ((CHORDS, False), (DIAMETER, True)):  # (seed 0 draws both through the centre: the
        problem = parse(text)  # newcomer's figure)
        px, found = _accidents_of(problem, build_model(problem, seed=0, check_goal=False))
        assert _off(px, "O", "C", "D") < 1.5
        assert any(a.startswith("point O is drawn on CD") for a in found) != stated


def _accidents_of(problem, model) -> tuple[dict, list[str]]:
    """The model's pixels as a 512 px figure lays it out, and its accidents."""
    import numpy as np
    from geomill.render.compose import _framed
    from geomill.render.marks import read_marks
    from geomill.render.textbook import _renderer, build_scene, orient

    marks = read_marks(problem)[0]
    scene = build_scene(problem, orient(problem, model.coords, marks), model.radii, marks)
    frame = _framed(scene, _renderer(512, "plain", 1.5, 12.0, 0.0).style)[0]
    px = {n: np.array(frame.px(xy)) for n, xy in scene.points.items()}
    return px, accidents(problem, scene, px, marks)


def _pixels(fig) -> dict:
    import numpy as np

    h = fig.labels["size"][1]
    return {n: np.array([x, h - y]) for n, (x, y) in fig.labels["points"].items()}


def test_accidents_names_unstated_right_angles_and_parallels_only() -> None:
    import numpy as np
    from geomill.render.marks import read_marks
    from geomill.render.scene_io import scene_from_dict

    pts = {"A": [0.0, 0.0], "B": [200.0, 0.0], "C": [0.0, 120.0], "D": [150.0, 121.0]}
    scene = scene_from_dict({"points": pts, "lines": [["A", "B"], ["B", "C"], ["C", "A"], ["C", "D"]],
                             "circles": []})
    px = {n: np.array(xy) for n, xy in pts.items()}
    for right, parallel in ((False, False), (True, False), (False, True), (True, True)):
        text = "points A B C D\ntriangle ABC" + (" right at A" if right else "") + "\nline C D\n" + \
            ("CD parallel to AB\n" if parallel else "") + "AB = 5\nfind AC\n"
        problem = parse(text)
        found = accidents(problem, scene, px, read_marks(problem)[0])
        assert any("AB" in a and "CA" in a and "perpendicular" in a for a in found) != right, (text, found)
        assert any("AB" in a and "CD" in a and "parallel" in a for a in found) != parallel, (text, found)
