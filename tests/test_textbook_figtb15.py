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
DIAMETER = ("circle O through A B C D\nCD diameter of circle O\nline A P B\nline C P D\nAP = 4\nPB = 9\nCP = 3\n"
            "find PD\n")


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


SINE = "points A B C\ntriangle ABC right at C\nBC = 5\nAC = 12\nfind sin(angle BAC)\n"  # (p08)
COSINE = "points A B C\ntriangle ABC right at C\nBC = 5\nAC = 12\nfind cos(angle ABC)\n"
SUM = "points A B C D\npolygon ABCD\nAB = 3\nBC = 4\nCD = 5\nfind AB + BC + CD + DA\n"
RATIO = "points A B C D\npolygon ABCD\nAB = 3\nBC = 4\nDA = 5\nfind CD/DA\n"


def test_the_goal_label_of_a_function_of_an_element_says_the_function_on_its_element() -> None:
    for text, drawn, said, expression in ((SINE, "angle BAC", "sin ∠BAC = ?", "sin(angle BAC)"),
                                          (COSINE, "angle ABC", "cos ∠ABC = ?", "cos(angle ABC)")):
        labels = textbook_figure(parse(text)).labels
        goal = labels["goal"]
        assert goal["drawn"] == drawn and goal["marked"] and goal["expression"] == expression
        assert goal["text"] == said
        asked = [lab for lab in labels["labels"] if lab["text"].endswith("?")]
        assert [(lab["element"], lab["text"]) for lab in asked] == [(drawn, said)]


def test_a_sum_or_ratio_of_segments_is_asked_by_the_question_with_its_expression_exported() -> None:
    """Its expression exported; with every term but one given, the expression asked by that one ("CD/AD = ?" by CD,
    issue 38: every goal marked), never the bare term ("CD = ?" read as CD asked)."""
    for text, expression, unknown in ((SUM, "AB + AD + BC + CD", "AD"), (RATIO, "CD/AD", "CD")):
        labels = textbook_figure(parse(text)).labels
        assert labels["goal"]["expression"] == expression and labels["goal"]["drawn"] == unknown
        asked = [(lab["element"], lab["text"]) for lab in labels["labels"] if lab["text"].endswith("?")]
        assert asked == [(unknown, f"{expression} = ?")]


def test_an_asked_element_alone_keeps_its_bare_question_mark() -> None:
    labels = textbook_figure(parse("points A B C\ntriangle ABC right at C\nBC = 5\nAC = 12\nfind AB\n")).labels
    assert labels["goal"]["expression"] == "AB" and labels["goal"].get("text") == "?"


ALTITUDE = "triangle ABC right at C\nCD altitude of CAB\nAC = 15\nBC = 20\nfind CD\n"  # (p19)


def _in_angle(xy, a, v, b) -> bool:
    """Is ``xy`` strictly inside the angle avb (under 180°)?"""
    def cross(p, q):
        return (p[0] - v[0]) * (q[1] - v[1]) - (p[1] - v[1]) * (q[0] - v[0])
    return cross(a, xy) * cross(a, b) > 0 and cross(b, xy) * cross(b, a) > 0


def test_a_right_angle_split_by_the_altitude_is_marked_inside_it_with_no_leader_beside_the_altitude() -> None:
    from tests.label_reader import _leaders_alongside, textbook_problems

    labels = textbook_figure(parse(ALTITUDE)).labels
    pts = {k: tuple(v) for k, v in labels["points"].items()}
    assert not _leaders_alongside(labels, pts) and not textbook_problems(labels)
    right = [m for m in labels["marks"] if m["elements"] in (["angle ACB"], ["angle BCA"])]
    assert right, "the right angle at C is marked"
    for lab in labels["labels"]:
        if lab["element"] in ("angle ACB", "angle BCA"):  # its "90°" inside the angle
            x0, y0, x1, y1 = lab["bbox"]
            assert _in_angle(((x0 + x1) / 2, (y0 + y1) / 2), pts["A"], pts["C"], pts["B"])


def test_the_reader_refuses_a_leader_alongside_another_segment_and_a_goal_that_asks_its_element() -> None:
    import copy

    from tests.label_reader import textbook_problems

    labels = textbook_figure(parse(ALTITUDE)).labels
    spoilt = copy.deepcopy(labels)
    c, d = spoilt["points"]["C"], spoilt["points"]["D"]
    spoilt["labels"].append({"text": "∠ACB = 90°", "element": "angle BCA", "font_size": 12.0, "colour": "#000000",
                             "bbox": [c[0] + 5, (c[1] + d[1]) / 2, c[0] + 110, (c[1] + d[1]) / 2 + 16],
                             "leader": [[c[0] + 5, c[1] + 40], [c[0] + 5, (c[1] + d[1]) / 2]]})  # (p19's old one)
    assert any("alongside CD" in p for p in textbook_problems(spoilt))
    labels = textbook_figure(parse(SINE)).labels
    spoilt = copy.deepcopy(labels)
    for lab in spoilt["labels"]:
        if lab["text"] == "sin ∠BAC = ?":
            lab["text"] = "∠BAC = ?"  # (p08's old one)
    assert not textbook_problems(labels)
    assert any("sin(angle BAC)" in p for p in textbook_problems(spoilt))
