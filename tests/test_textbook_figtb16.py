"""Textbook figures that never mislead (issue 38, reader 14): a major arc's "?" on a stretch of it by no point
letter (not by its middle, next to a point on a short arc); no leader through another label's text; equal-angle
marks at a textbook's size; an angle's label never in another angle's wedge at its vertex without a leader.  Each
class is checked by the independent reader (tests/label_reader.py) and drawn right by the renderer."""
from __future__ import annotations

import copy
import math

import numpy as np

from geomill.dsl import parse
from geomill.render.compose import _stretch_middle
from geomill.render.textbook import textbook_figure
from tests.label_reader import (_angle_labels_in_other_wedges, _arc_label_stretches, _leaders_through_labels,
                                _small_angle_marks, textbook_problems)

MAJOR_ARC = ("points B C A G F D\nline A B D\nline C B G\ncircle B through C A G F D\nclockwise CAG CGF CFD CBD FBG\n"
             "angle CBD = 55\nangle FBG = 35\nfind arc BAF\n")  # (reader 14's 02: the 270° arc A…F through C, D)
KITE = ("points N M Q P B C\ntriangle NMQ\ntriangle NQP\nline B M N\nline C P N\nNM perpendicular to QM\n"
        "QP perpendicular to NP\nclockwise NMQ NQP PNM\nMQ = 18\nPQ = 18\nangle PNQ = 4x - 8\nangle MNQ = 3x + 5\n"
        "find angle MNP\n")  # (reader 14's 08: three angles at N)
BISECTOR = ("points C F D B\ntriangle CFD\ntriangle CDB\nline F D B\nclockwise CFD CDB\nBC = 14\nBD = x\nBF = 20\n"
            "CF = 11\nangle DCF = angle BCD\nfind x\n")  # (reader 14's 20)


def _pts(fig: dict) -> dict:
    return {k: tuple(v) for k, v in fig["points"].items()}


def _label(fig: dict, element: str) -> dict:
    return next(lab for lab in fig["labels"] if lab["element"] == element)


def _angle_on(c, xy) -> float:
    return math.atan2(xy[1] - c[1], xy[0] - c[0])


# -- 1. an arc's label on a stretch of its arc, by no point letter ---------------------------------------------


def test_a_stretch_middle_is_the_arcs_middle_with_no_point_on_it_and_the_longest_stretchs_otherwise() -> None:
    o = np.zeros(2)
    on = [np.array([10 * math.cos(t), 10 * math.sin(t)]) for t in (0.2, 0.5)]  # two points early on the arc
    assert _stretch_middle(o, 10.0, 0.0, 3.0, [], []) == 1.5
    assert math.isclose(_stretch_middle(o, 10.0, 0.0, 3.0, on, []), (0.5 + 3.0) / 2)
    # (the longest stretch taken by a shorter labelled arc of the same circle: the next longest)
    assert math.isclose(_stretch_middle(o, 10.0, 0.0, 3.0, on, [(0.5, 2.5)]), 0.35)


def test_a_major_arcs_query_sits_by_its_longest_stretchs_middle_far_from_every_letter() -> None:
    fig = textbook_figure(parse(MAJOR_ARC)).labels
    arc = fig["arc_labels"][0]
    lab = _label(fig, "arc BAF")
    c, pts = arc["centre"], _pts(fig)
    x0, y0, x1, y1 = lab["bbox"]
    at = _angle_on(c, ((x0 + x1) / 2, (y0 + y1) / 2))
    # on the stretch from A round to C (no drawn point on it), not on the short arc CD, nor by C
    a, cc, d = (_angle_on(c, pts[n]) for n in "ACD")
    assert (a - at) % (2 * math.pi) < (a - cc) % (2 * math.pi)  # (image angles: y down)
    font = y1 - y0
    for n in "BCDG":
        letter = _label(fig, f"point {n}")["bbox"]
        gap = math.hypot(max(letter[0] - x1, x0 - letter[2], 0), max(letter[1] - y1, y0 - letter[3], 0))
        assert gap >= font, n
    assert not _arc_label_stretches(fig, pts) and not textbook_problems(fig)


def test_the_reader_refuses_an_arcs_label_by_a_point_on_its_arc() -> None:
    fig = textbook_figure(parse(MAJOR_ARC)).labels
    arc, lab = fig["arc_labels"][0], _label(fig, "arc BAF")
    c, r = arc["centre"], arc["radius"]
    start, sweep = arc["span"]
    t = math.radians(start + sweep / 2)  # the arc's middle (the old place): 10° from C, on the short arc CD
    w, h = lab["bbox"][2] - lab["bbox"][0], lab["bbox"][3] - lab["bbox"][1]
    x, y = c[0] + (r + 12) * math.cos(t), c[1] + (r + 12) * math.sin(t)
    spoilt = copy.deepcopy(fig)
    _label(spoilt, "arc BAF").update(text="?", leader=None)  # (bare: the layout names an arc through a drawn
    # point, "arc ACF = ?", with a leader)
    _label(spoilt, "arc BAF")["bbox"] = [x - w / 2, y - h / 2, x + w / 2, y + h / 2]
    assert any("drawn point on its arc" in p for p in _arc_label_stretches(spoilt, _pts(spoilt)))
    t = math.radians(start - 40)  # beyond its ends: on the other arc
    x, y = c[0] + (r + 12) * math.cos(t), c[1] + (r + 12) * math.sin(t)
    _label(spoilt, "arc BAF")["bbox"] = [x - w / 2, y - h / 2, x + w / 2, y + h / 2]
    assert any("beyond its arc's ends" in p for p in _arc_label_stretches(spoilt, _pts(spoilt)))


# -- 2. no leader through another label's text -----------------------------------------------------------------


def test_no_leader_runs_through_a_label_and_the_reader_sees_one_that_does() -> None:
    fig = textbook_figure(parse(KITE)).labels
    assert not _leaders_through_labels(fig)
    spoilt = copy.deepcopy(fig)
    a, b = spoilt["labels"][0], spoilt["labels"][1]
    x0, y0, x1, y1 = b["bbox"]
    a["leader"] = [[x0 - 20, (y0 + y1) / 2], [x1 + 20, (y0 + y1) / 2]]  # straight across b's text
    assert any(f"runs through {b['text']!r}" in p for p in _leaders_through_labels(spoilt))


def test_the_least_bad_place_of_a_set_off_label_keeps_its_leader_off_placed_text() -> None:
    from geomill.render.labels import Occupancy, Placer, _on_boxes, _samples

    placer = Placer(512, Occupancy(512))
    wall = placer.place("wall", 200.0, 16.0, np.array([[256.0, 200.0]]), "shape")
    assert wall.conflicts == 0
    # every candidate breaks its rule; the first leads through the wall's text
    centres = np.array([[256.0, 260.0], [420.0, 200.0]])
    placed = placer.place("x = 1", 40.0, 16.0, centres, "angle", accept=lambda b, lead: np.zeros(len(b), bool),
                          leader_from=(256.0, 120.0))
    assert placed.leader is not None
    assert not _on_boxes(_samples(np.asarray(placed.leader)[None]), np.array([wall.box]))[0]


# -- 3. equal-angle marks at a textbook's size -----------------------------------------------------------------


def test_a_bisectors_equal_angle_arcs_and_ticks_are_a_textbooks_size() -> None:
    fig = textbook_figure(parse(BISECTOR)).labels
    m = next(m for m in fig["marks"] if m["kind"] == "equal_angle")
    font = max(lab["bbox"][3] - lab["bbox"][1] for lab in fig["labels"])
    c = fig["points"]["C"]
    arcs = [line for line in m["pixels"] if len(line) > 2]
    ticks = [line for line in m["pixels"] if len(line) == 2]
    assert len(arcs) == 2 and len(ticks) == 2
    assert all(math.dist(c, line[len(line) // 2]) >= 1.1 * font for line in arcs)  # (~18 px by a 16.7 px font)
    assert all(math.dist(*line) >= 0.6 * font for line in ticks)
    assert not _small_angle_marks(fig, _pts(fig))


def test_the_reader_refuses_small_equal_angle_marks() -> None:
    fig = textbook_figure(parse(BISECTOR)).labels
    spoilt = copy.deepcopy(fig)
    m = next(m for m in spoilt["marks"] if m["kind"] == "equal_angle")
    c = spoilt["points"]["C"]
    arc = next(line for line in m["pixels"] if len(line) > 2)
    k = 10.0 / math.dist(c, arc[len(arc) // 2])  # (shrunk about C to review 14's 10 px arcs)
    m["pixels"] = [[[c[0] + k * (x - c[0]), c[1] + k * (y - c[1])] for x, y in line] for line in m["pixels"]]
    assert any("in radius" in p for p in _small_angle_marks(spoilt, _pts(spoilt)))


# -- 4. an angle's label in its own wedge, or led there ------------------------------------------------------


def test_no_angle_label_sits_unled_in_another_angles_wedge_at_its_vertex() -> None:
    fig = textbook_figure(parse(KITE)).labels
    assert not _angle_labels_in_other_wedges(fig, _pts(fig))
    assert not textbook_problems(fig)


def test_the_reader_refuses_a_named_angle_label_in_a_part_of_its_angle_another_angle_holds() -> None:
    fig = textbook_figure(parse(KITE)).labels
    pts = _pts(fig)
    spoilt = copy.deepcopy(fig)
    n, q, p = (np.array(pts[k]) for k in "NQP")
    u = (q - n) / np.linalg.norm(q - n) + (p - n) / np.linalg.norm(p - n)  # (the PNQ wedge's bisector)
    x, y = n + 80 * u / np.linalg.norm(u)
    here = {"text": "∠MNP = ?", "element": "angle MNP", "bbox": [x - 40, y - 8, x + 40, y + 8], "leader": None,
            "font_size": 12.0, "colour": "#000000"}
    spoilt["labels"].append(here)
    spoilt["angle_marks"].append({"element": "angle PNQ", "radius": 30.0})
    assert any("wedge of angle PNQ" in p for p in _angle_labels_in_other_wedges(spoilt, pts))
    here["leader"] = [[float(n[0]) + 40, float(n[1]) - 40], [x, y]]  # led into its own wedge: fine
    assert not _angle_labels_in_other_wedges(spoilt, pts)
