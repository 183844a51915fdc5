"""The seventh blind review of textbook figures (issue 38), class by class: a split side's equality bracket 4 px
off its side (a thin closed strip, read as a second line or an extra chord) or stacked against the side's
dimension line (three lines, tick counts mixed); two angle marks at one vertex merged (two overlapping
right-angle squares as one crooked square, two arcs 8 px apart as one double arc).  Each class is a rule of
the layout (render/) and a check of the independent reader (tests/label_reader.py): the reader catches a
spoilt export of each, and the layout's figure of the reviewed problem passes."""
from __future__ import annotations

import copy
import math

from geomill.dsl import parse
from geomill.render.textbook import textbook_figure

from tests.label_reader import BRACKET_APART, VERTEX_RADII, textbook_problems

MEDIANS = ("points A B C E F\ntriangle ABC equilateral\nline A E C\nline B F A\nBE median of BAC\n"
           "CF median of CBA\nAB = 12\nfind BF/BE\n")  # (review 7's 54: brackets on AB and AC, AB's dimension line)
RIGHTS = ("points A B D C E\ntriangle ABD\ntriangle ADC\ntriangle CAB right at A\nline B D C\ncircle A through D E\n"
          "AD median of ABC\nclockwise ABD ADC CAB EAD\nBC = 4\nangle BAC = 90\nangle DAE = 90\n"
          "find sector area AED\n")  # (review 7's 11: right angles CAB and DAE overlap at A)
ARCS = ("points A B C E F G O H\ntriangle ABC isosceles at A\ntriangle CAH\nline B E C\nline C F A\nline A G E\n"
        "line B G F\nline C O H\ncircle O through A B C H\nO circumcentre of ABC\nCH diameter of circle O\n"
        "G where AE meets BF\nAE median of ABC\nBF median of BCA\nangle BAC = 100\nfind angle EAH\n")  # (43)


def _labels(text: str) -> dict:
    return textbook_figure(parse(text)).labels


def _off(p, q, xy) -> float:
    return abs((xy[0] - p[0]) * (q[1] - p[1]) - (xy[1] - p[1]) * (q[0] - p[0])) / math.dist(p, q)


def test_a_bracket_stands_clear_of_its_side_and_of_its_dimension_line() -> None:
    lab = _labels(MEDIANS)
    assert textbook_problems(lab) == []
    pts = lab["points"]
    brackets = [m for m in lab["marks"] if m["kind"] == "bracket"]
    assert len(brackets) == 2
    for m in brackets:
        p, q = (pts[n] for n in m["elements"][0])
        brace = m["pixels"][0]
        assert min(_off(p, q, brace[0]), _off(p, q, brace[-1])) >= BRACKET_APART  # open legs, clear of the side
        assert _off(p, q, brace[1]) - _off(p, q, brace[0]) >= 6.0  # (legs long enough to read as hooks)
    strip = copy.deepcopy(lab)  # review 7's: legs 4 px off the side
    m = next(m for m in strip["marks"] if m["kind"] == "bracket")
    p, q = (pts[n] for n in m["elements"][0])
    brace = m["pixels"][0]
    for i, j in ((0, 1), (3, 2)):  # (each leg's foot moved to 4 px off the side)
        f = _foot(p, q, brace[j])
        k = 4.0 / math.dist(f, brace[j])
        brace[i] = [f[0] + (brace[j][0] - f[0]) * k, f[1] + (brace[j][1] - f[1]) * k]
    assert any("starts within" in x for x in textbook_problems(strip))
    dim = next((d for d in lab["marks"] if d["kind"] == "dimension"), None)
    assert dim is not None
    stacked = copy.deepcopy(lab)  # the dimension line moved onto its side's bracket
    side = dim["elements"][0]
    b = next(m for m in stacked["marks"] if m["kind"] == "bracket" and set(m["elements"][0]) == set(side))
    d = next(m for m in stacked["marks"] if m["kind"] == "dimension")
    shift = [b["pixels"][0][1][k] - d["pixels"][0][0][k] + (b["pixels"][0][1][k] - b["pixels"][0][0][k]) * 0.5
             for k in (0, 1)]
    d["pixels"] = [[[x + shift[0], y + shift[1]] for x, y in line] for line in d["pixels"]]
    assert any("dimension line" in x and "bracket" in x for x in textbook_problems(stacked))


def _foot(p, q, xy) -> tuple[float, float]:
    dx, dy = q[0] - p[0], q[1] - p[1]
    t = ((xy[0] - p[0]) * dx + (xy[1] - p[1]) * dy) / (dx * dx + dy * dy)
    return p[0] + t * dx, p[1] + t * dy


def test_overlapping_right_angles_at_one_vertex_draw_apart() -> None:
    lab = _labels(RIGHTS)
    assert textbook_problems(lab) == []
    a = lab["points"]["A"]
    squares = [m for m in lab["marks"] if m["kind"] == "right" and m["elements"][0] in ("angle CAB", "angle DAE")]
    assert len(squares) <= 1  # (nested, each crossed by the other's arm, they misled review 9: one square at most;
    # none where each is crossed by the other's ray, review 11)
    merged = copy.deepcopy(lab)  # review 7's: both at one size, crossing
    s = math.dist(squares[0]["pixels"][0][0], a) if squares else 20.0
    b, c, d, e = (merged["points"][n] for n in "BCDE")
    if not squares:
        w = [((p[0] - a[0]) / math.dist(p, a), (p[1] - a[1]) / math.dist(p, a)) for p in (c, b)]
        merged["marks"].append({"kind": "right", "elements": ["angle CAB"], "count": 1, "source": "angle CAB = 90",
                                "pixels": [[[a[0] + s * w[0][0], a[1] + s * w[0][1]],
                                            [a[0] + s * (w[0][0] + w[1][0]), a[1] + s * (w[0][1] + w[1][1])],
                                            [a[0] + s * w[1][0], a[1] + s * w[1][1]]]]})
    u = [((p[0] - a[0]) / math.dist(p, a), (p[1] - a[1]) / math.dist(p, a)) for p in (d, e)]
    merged["marks"].append({"kind": "right", "elements": ["angle DAE"], "count": 1, "source": "angle DAE = 90",
                            "pixels": [[[a[0] + s * u[0][0], a[1] + s * u[0][1]],
                                        [a[0] + s * (u[0][0] + u[1][0]), a[1] + s * (u[0][1] + u[1][1])],
                                        [a[0] + s * u[1][0], a[1] + s * u[1][1]]]]})
    assert any("crooked square" in x for x in textbook_problems(merged))


def test_arcs_at_one_vertex_keep_apart() -> None:
    lab = _labels(ARCS)
    assert not [x for x in textbook_problems(lab) if "double arc" in x]
    arcs = {am["element"]: am["radius"] for am in lab["angle_marks"]}
    if "angle BAC" in arcs:
        assert abs(arcs["angle BAC"] - arcs["angle EAH"]) >= VERTEX_RADII
    else:  # (its one place led "∠BAC = 100°" down along AE, read as AE's label (newcomer 15): the legend has it, or,
        # named, a free place by its angle with a leader into it, figtb26)
        assert any(g["element"] == "angle BAC" and g["shown"] in ("moved", "legend", "label") for g in lab["givens"])
        led = [x for x in lab["labels"] if x["element"] == "angle BAC"]
        assert all(x["leader"] is not None and x["text"].startswith("∠BAC = ") for x in led)
        assert not [x for x in textbook_problems(lab) if "BAC" in x]
    close = copy.deepcopy(lab)  # review 7's: 8 px apart
    inner = next(am for am in close["angle_marks"] if am["element"] == "angle EAH")
    close["angle_marks"] = [am for am in close["angle_marks"] if am["element"] != "angle BAC"]
    close["angle_marks"].append({**inner, "element": "angle BAC", "radius": inner["radius"] + 8.0})
    assert any("double arc" in x for x in textbook_problems(close))
