"""The ninth blind review of textbook figures (issue 38), class by class: two length annotations of segments on
one line on one rail (A); several marks at one vertex cut by each other's rays (B); a bare "?" of a region (C).
Each class is a rule of the layout (render/) and a check of the independent reader (tests/label_reader.py):
the reader catches a spoilt export of each, and the layout's figure of the reviewed problem passes."""
from __future__ import annotations

import copy
import math

from geomill.dsl import parse
from geomill.render.textbook import textbook_figure

from tests.label_reader import textbook_problems
from tests.test_textbook_review8 import _square_at

STACKED = ("points A B C D E F G\ntriangle BCA right at C\nline B D A\nline B E C\nline C G F A\n"
           "DE midsegment of BAC\nDF perpendicular to CF\nAC = 14\nAG = 10\nfind FG/CG\n")  # (review 9's 40)
RAIL = ("points A B C D E F G\ntriangle ABC equilateral\nline C D F B\nline C E G A\nD midpoint of CB\n"
        "DE parallel to BA\nFG parallel to BA\nAB = 5\nCF = 3\nfind CE/CG\n")  # (43 and 57)


def _labels(text: str) -> dict:
    return textbook_figure(parse(text)).labels


def _dims(lab: dict) -> dict:
    return {m["elements"][0]: m for m in lab["marks"] if m["kind"] == "dimension"}


def test_two_segments_on_one_line_never_share_a_dimension_rail() -> None:
    lab = _labels(STACKED)
    assert textbook_problems(lab) == []
    dims = _dims(lab)
    assert len(dims) <= 1 or not {"AC", "AG"} <= set(dims)  # (the second value goes by its side, named)
    ag = next(g for g in lab["givens"] if g["element"] == "AG")  # (or the text's: never led to a piece, figtb14)
    assert any(x["text"].startswith("AG = ") or x["element"] == "AG" for x in lab["labels"]) or ag["shown"] == "moved"
    spoilt = copy.deepcopy(lab)  # review 9's: AG's dimension line on AC's, both from A
    a, c, g = (spoilt["points"][n] for n in "ACG")
    ac = next(iter(dims.values()), None)
    if ac is None:  # (AC's value by its side, no dimension line: AC's drawn 15 px off it, as review 9 saw it)
        ux, uy = c[0] - a[0], c[1] - a[1]
        k = 15.0 / max((ux * ux + uy * uy) ** 0.5, 1e-9)
        ac = {"kind": "dimension", "elements": ["AC"], "count": 1, "source": "AC",
              "pixels": [[[a[0] - uy * k, a[1] + ux * k], [c[0] - uy * k, c[1] + ux * k]]]}
        spoilt["marks"].append(ac)
    (x0, y0), (x1, y1) = ac["pixels"][0][0], ac["pixels"][0][-1]
    start = (x0, y0) if abs(x0 - a[0]) + abs(y0 - a[1]) < abs(x1 - a[0]) + abs(y1 - a[1]) else (x1, y1)
    shift = (start[0] - a[0], start[1] - a[1])
    spoilt["marks"].append({"kind": "dimension", "elements": ["AG"], "count": 1, "source": "AG",
                            "pixels": [[list(start), [g[0] + shift[0], g[1] + shift[1]]]]})
    assert any("share one rail" in x for x in textbook_problems(spoilt))


def test_a_bracket_never_runs_on_another_segments_dimension_line() -> None:
    lab = _labels(RAIL)
    assert textbook_problems(lab) == []
    cf = _dims(lab)["CF"]
    spoilt = copy.deepcopy(lab)  # review 9's: BD's bracket on CF's dimension line, overlapping between D and F
    b, d = (spoilt["points"][n] for n in "BD")
    s, t = cf["pixels"][0][0], cf["pixels"][0][-1]
    c = spoilt["points"]["C"]
    near = s if abs(s[0] - c[0]) + abs(s[1] - c[1]) < abs(t[0] - c[0]) + abs(t[1] - c[1]) else t
    off = (near[0] - c[0], near[1] - c[1])
    span = [[d[0] + off[0], d[1] + off[1]], [b[0] + off[0], b[1] + off[1]]]
    spoilt["marks"] = [m for m in spoilt["marks"]
                       if not (m["kind"] == "bracket" and set(m["elements"][0]) == {"B", "D"})]
    spoilt["marks"].append({"kind": "bracket", "elements": ["BD"], "count": 1, "source": "D midpoint of CB",
                            "pixels": [[span[0], span[0], span[1], span[1]]]})  # (the layout draws none there)
    assert any("share one rail" in x for x in textbook_problems(spoilt))


TANGENT_AREA = ("points O A B C D\ntriangle ABC\ntriangle OBD\ncircle O through A B C\nDB tangent to circle O\n"
                "AO = 8\nBD = 4\nfind area BDO\n")  # (review 9's 52)


def test_a_region_is_never_asked_with_a_bare_query_mark() -> None:
    lab = _labels(TANGENT_AREA)
    assert textbook_problems(lab) == []
    goal = lab["goal"]
    assert all(x["text"].strip() != "?" for x in lab["labels"])
    mine = [x for x in lab["labels"] if x["element"] == "area BDO"]
    assert mine and mine[0]["text"] == "area BDO = ?" or goal.get("shown") == "text" and not goal["marked"]
    bare = copy.deepcopy(lab)  # review 9's: a bare "?" in the thin triangle, 30 px from OD
    o, b, d = (bare["points"][n] for n in "OBD")
    x, y = ((o[k] + b[k] + d[k]) / 3 for k in (0, 1))
    bare["labels"] = [x for x in bare["labels"] if x["element"] != "area BDO"]
    bare["labels"].append({"text": "?", "element": "area BDO", "bbox": [x - 4, y - 8, x + 4, y + 8], "leader": None,
                           "font_size": 12.0, "colour": "#000000"})
    bare["goal"] = {"element": "area BDO", "drawn": "area BDO", "marked": True}
    assert any("names no region" in m for m in textbook_problems(bare))
    hidden = copy.deepcopy(lab)  # the goal neither marked nor said to be in the text
    hidden["labels"] = [x for x in hidden["labels"] if x["element"] != "area BDO"]
    hidden["goal"] = {"element": "area BDO", "drawn": "area BDO", "marked": False}
    assert any("not marked" in m for m in textbook_problems(hidden))


BISECTED_HEIGHT = ("points A B C D E\ntriangle BCA right at C\nline B D E A\nCD altitude of CBA\n"
                   "CE bisects angle BCA\nAC = 11\nBC = 8\nfind AE/CE\n")  # (review 9's 51)
TWO_RIGHT = ("points A B D C E\ntriangle ABD\ntriangle ADC\ntriangle CAB right at A\nline B D C\n"
             "circle A through D E\nAD median of ABC\nclockwise ABD ADC CAB EAD\nBC = 4\nangle BAC = 90\n"
             "angle DAE = 90\nfind sector area AED\n")  # (23)


def test_a_right_angle_two_rays_cut_keeps_a_larger_square_and_bisector_arcs_stand_apart() -> None:
    lab = _labels(BISECTED_HEIGHT)
    assert textbook_problems(lab) == []
    square = next(m for m in lab["marks"] if m["kind"] == "right" and m["elements"][0] in ("angle BCA", "angle ACB"))
    assert math.dist(square["pixels"][0][0], lab["points"]["C"]) >= 23.5  # (two rays through it: 24 px, review 9's 51)
    assert not any(x["text"].endswith("90°") for x in lab["labels"])
    arcs = [ln for m in lab["marks"] if m["kind"] == "equal_angle" for ln in m["pixels"] if len(ln) >= 4]
    assert len(arcs) == 2 and min(math.dist(x, y) for x in (arcs[0][0], arcs[0][-1])
                                  for y in (arcs[1][0], arcs[1][-1])) >= 2.0
    cut = copy.deepcopy(lab)  # review 8's: a square at C cut by the altitude and the bisector, too small to read
    cut["marks"] = [m for m in cut["marks"] if m is not square]
    cut["marks"].append({"kind": "right", "elements": ["angle BCA"], "count": 1, "source": "spoilt",
                         "pixels": [_square_at(lab, "C", "B", "A", 12.0)]})
    assert any("cut by a ray" in x for x in textbook_problems(cut))
    joined = copy.deepcopy(lab)  # and the two bisector arcs joined into one
    a0, a1 = [ln for m in joined["marks"] if m["kind"] == "equal_angle" for ln in m["pixels"] if len(ln) >= 4]
    ends = min(((i, j) for i in (0, -1) for j in (0, -1)), key=lambda e: math.dist(a0[e[0]], a1[e[1]]))
    a1[ends[1]] = list(a0[ends[0]])
    assert any("join into one arc" in x for x in textbook_problems(joined))


def test_two_right_angles_overlapping_at_a_vertex_never_share_it_as_two_squares() -> None:
    lab = _labels(TWO_RIGHT)
    assert textbook_problems(lab) == []
    squares = [m for m in lab["marks"] if m["kind"] == "right" and m["elements"][0] in ("angle CAB", "angle DAE")]
    assert len(squares) <= 1  # (the other says its 90 elsewhere: its arc, or the text; each crosses the other's
    # ray, so neither gets a square: review 11)
    nested = copy.deepcopy(lab)  # review 9's: DAE's square nested round CAB's, each crossed by the other's arm
    if not squares:
        nested["marks"].append({"kind": "right", "elements": ["angle CAB"], "count": 1, "source": "spoilt",
                                "pixels": [_square_at(lab, "A", "C", "B", 20.0)]})
    a, d, e = (nested["points"][n] for n in "ADE")
    u = [((p[0] - a[0]) / math.dist(p, a), (p[1] - a[1]) / math.dist(p, a)) for p in (d, e)]
    s = 30.0
    nested["marks"].append({"kind": "right", "elements": ["angle DAE"], "count": 1, "source": "angle DAE = 90",
                            "pixels": [[[a[0] + s * u[0][0], a[1] + s * u[0][1]],
                                        [a[0] + s * (u[0][0] + u[1][0]), a[1] + s * (u[0][1] + u[1][1])],
                                        [a[0] + s * u[1][0], a[1] + s * u[1][1]]]]})
    assert any("each crossed by the other's arm" in x for x in textbook_problems(nested))
