"""The eleventh blind review of textbook figures (issue 38), class by class: a right-angle square crossed by a
drawn ray from its vertex (A: read as the right angle of the part the ray cuts off); a bare value or "?" of a piece
of a side beside the equal-length bracket of the whole side (B: the radius's "?" read as the diameter's); a "?" of
an asked angle in a part of it another ray cuts off, beside a square that answers it (C).  Each test draws the
smallest reviewed problem and checks the geometry of the marks and labels in its export; the independent reader
(tests/label_reader.py) catches a spoilt export of A."""
from __future__ import annotations

import copy
import math

import numpy as np

from geomill.dsl import parse
from geomill.render.textbook import textbook_figure

from tests.label_reader import mark_problems, textbook_problems

CIRCUMCENTRE = ("points A B C O\ntriangle BCA right at C\ncircle O through B C A\nO circumcentre of BCA\nAC = 17\n"
                "BC = 15\nfind AC/CO\n")  # (review 11's 51: CO through the square's corner)
SQUARE_CUT_SIDE = ("points A E C D B\npolygon AECD\ntriangle EBC\nsquare ABCD\nline A E B\nclockwise AECD EBC\n"
                   "BE = 1\nCE = 2\nfind area ABCD\n")  # (06: "1" is BE's, the bracket AB's)
RECTANGLE_SUM = ("points E H K G F\ntriangle EHK\ntriangle KHG\ntriangle KGF\ntriangle EKF\nrectangle EHGF\n"
                 "line E K G\nline H K F\nEH perpendicular to GH\nclockwise EHK KHG KGF EKF FEH GFE EHG\n"
                 "find angle EFG + angle FEH\n")  # (30)


def _labels(text: str) -> dict:
    return textbook_figure(parse(text)).labels


def _inside(t: float, a: float, b: float, edge: float = math.radians(2.0)) -> bool:
    """Is direction ``t`` strictly inside the right angle between directions ``a`` and ``b``?"""
    return all(edge < abs(math.remainder(t - x, 2 * math.pi)) < math.pi / 2 - edge for x in (a, b))


def _crossing_rays(lab: dict, sq: list) -> list[str]:
    """The drawn segments from a square's vertex that run inside its quarter."""
    v = (sq[0][0] + sq[2][0] - sq[1][0], sq[0][1] + sq[2][1] - sq[1][1])
    a, b = (math.atan2(p[1] - v[1], p[0] - v[0]) for p in (sq[0], sq[2]))
    pts = lab["points"]
    out = []
    for s, t in lab["segments"]:
        for e, f in ((s, t), (t, s)):
            if math.dist(pts[e], v) < 1.5 and _inside(math.atan2(pts[f][1] - v[1], pts[f][0] - v[0]), a, b):
                out.append(e + f)
    return out


def test_a_right_angle_a_ray_crosses_keeps_its_square_from_arm_to_arm() -> None:
    lab = _labels(CIRCUMCENTRE)
    square = next(m for m in lab["marks"] if m["kind"] == "right")  # (issue 38: the square, CO through it, never
    assert square["elements"] == ["angle BCA"] and square["source"] == "triangle BCA right at C"  # "90°" in an arc)
    assert _crossing_rays(lab, square["pixels"][0]) == ["CO"]
    c, b, a = (lab["points"][n] for n in "CBA")
    sq = square["pixels"][0]
    for end, arm in ((sq[0], b), (sq[2], a)):  # (its sides along CB and CA: the whole angle's)
        assert abs((arm[0] - c[0]) * (end[1] - c[1]) - (arm[1] - c[1]) * (end[0] - c[0])) / math.dist(arm, c) < 1.0
    assert math.dist(sq[0], c) >= 16.0  # (large enough to read as a square either side of CO)
    assert not [m for m in lab["marks"] if m["kind"] == "right_arc"]
    assert not [x for x in lab["labels"] if x["text"].endswith("90°")]
    assert textbook_problems(lab) == [] and mark_problems(lab) == []
    spoilt = copy.deepcopy(lab)  # review 11's 20: a part CO cuts off labelled with no arc of its own
    spoilt["labels"].append({"text": "?", "element": "angle ACO", "bbox": [0, 0, 8, 12], "leader": None})
    assert any("labelled with no arc of its own" in x for x in textbook_problems(spoilt))


def test_a_square_moves_to_the_equal_quarter_a_ray_leaves_clear() -> None:
    from geomill.render.compose import Frame
    from geomill.render.mark_place import MarkLayout, draw_mark
    from geomill.render.marks import Mark
    from geomill.render.scene import Scene

    r = math.radians(45.0)  # ray VD through the middle of AVB; lines A V W and B V X run on through V
    pts = {"V": (0.0, 0.0), "A": (10.0, 0.0), "B": (0.0, 10.0), "W": (-10.0, 0.0), "X": (0.0, -10.0),
           "D": (9 * math.cos(r), 9 * math.sin(r))}
    scene = Scene(pts, [("W", "A"), ("X", "B"), ("V", "D")], [], [])
    layout = MarkLayout(scene, Frame.fit(scene, 512, 40), 16.0)
    square = draw_mark(Mark("right_lines", (("A", "W"), ("B", "X")), "AW perpendicular to BX"), layout)[0][0]
    v = layout.px["V"]
    corner = square[1] - v
    assert not (corner[0] > 0 and corner[1] > 0)  # (not in AVB, which VD crosses)
    assert layout.crowded == []
    alone = MarkLayout(Scene(pts, [("V", "A"), ("V", "B"), ("V", "D")], [], []), Frame.fit(scene, 512, 40), 16.0)
    lone = draw_mark(Mark("right", (("A", "V", "B"),), "angle AVB = 90"), alone)[0][0]  # no other quarter: its
    assert alone.crowded == []  # own square, VD through it (issue 38), large enough to read either side of VD
    v = alone.px["V"]
    assert float(np.hypot(*(lone[1] - v))) > 0 and float(np.hypot(*(lone[0] - v))) >= 16.0
    corner = lone[1] - v
    assert corner[0] > 0 and corner[1] > 0  # (in AVB itself)


def test_a_value_on_a_piece_of_a_bracketed_side_names_its_piece() -> None:
    lab = _labels(SQUARE_CUT_SIDE)
    brackets = [m for m in lab["marks"] if m["kind"] == "bracket"]
    assert [m["elements"] for m in brackets] == [["AB"]]  # (E splits AB: its equal ticks on a bracket)
    a, b, e = (lab["points"][n] for n in "ABE")
    assert abs((b[0] - a[0]) * (e[1] - a[1]) - (b[1] - a[1]) * (e[0] - a[0])) / math.dist(a, b) < 0.5  # BE on AB
    value = next(x for x in lab["labels"] if x["element"] == "BE")
    assert value["text"] == "BE = 1"  # (bare, beside AB's bracket, review 11 read it as AB's)
    assert textbook_problems(lab) == []


def test_an_asked_angle_has_no_square_and_its_query_names_it_in_a_cut_part() -> None:
    lab = _labels(RECTANGLE_SUM)
    rights = {m["elements"][0] for m in lab["marks"] if m["kind"] == "right"}
    assert not rights & {"angle FEH", "angle HEF", "angle EFG", "angle GFE"}  # (a square answers it)
    texts = {x["element"]: x["text"] for x in lab["labels"]}
    assert texts["angle FEH"] == "∠FEH = ?" and texts["angle EFG"] == "∠EFG = ?"  # (each in a part a diagonal
    # cuts off: bare, review 11 read FEH's "?" as FEG's)
    assert lab["goal"]["marked"] and textbook_problems(lab) == []
