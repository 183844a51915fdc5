"""The fourth blind review of textbook figures (issue 38), class by class: a region's label in a polygon that
drawn lines cut, a dimension line across the figure, an angle's label in a part another ray cuts off, double
arrows nested too close, a point hard by a line it is not on.  Each class is a rule of the layout
(render/textbook.py, render/mark_place.py) and a check of the independent reader (tests/label_reader.py): the
reader catches a spoilt export of each, and the layout's figure of the reviewed problem passes."""
from __future__ import annotations

import copy
import math

from geomill.dsl import parse
from geomill.render.textbook import textbook_figure

from tests.label_reader import ARROWS_APART, OFF_LINE, mark_problems, textbook_problems

CUT = ("points A B C D E\ntriangle BCA right at C\nline A D C\nline A E B\nDE parallel to CB\nAC = 15\nBC = 8\n"
       "AD = 11\nfind perimeter ABC\n")
DIMENSION = ("points M O N A E P B F\ntriangle MON\ntriangle AEM\ntriangle AMP\ntriangle PMN\ntriangle PNB\n"
             "triangle BNF\nline O M A\nline O N B\nline E M N F\nline E A P\nline P B F\n"
             "MA perpendicular bisector of PE\nNB perpendicular bisector of FP\nclockwise MON AEM AMP PMN PNB BNF\n"
             "EF = 6\nfind perimeter MNP\n")
INNER_RAY = ("points C D B O A E\ntriangle CDB\ntriangle BDA\nline A O B\ncircle O through C D A B\n"
             "AB diameter of circle O\nEC tangent to circle O\nclockwise CDB BDA ECB CDA CAB\nangle BCE = 35\n"
             "find angle ADC\n")
ARROWS = ("points A F D E C B\ntriangle AFD\ntriangle EFC\ntriangle FAC\ntriangle CAB\nparallelogram ABCD\n"
          "line D F C\nline E F A\nBCA mirror congruent to ECA\nclockwise AFD EFC FAC CAB\nangle AFD = 44\n"
          "angle ACB = 44\nfind angle ABC\n")
UNDRAWN = ("points A B O M N D C\ntriangle ABO\ntriangle AOM\ntriangle MON\ntriangle MND\ntriangle BCO\n"
           "triangle OCN\ntriangle NCD\nparallelogram ABCD\nline A M D\nline A O C\nline B O N D\nline M N C\n"
           "AO perpendicular to MO\nclockwise ABO AOM MON MND BCO OCN NCD\nperimeter CDM = 40\n"
           "find perimeter ABCD\n")
NO_ROOM = ("points D A E B C\ntriangle DAE\ntriangle EAB\ntriangle CEB\nline D E B\nline A E C\n"
           "DAB mirror congruent to CBA\nclockwise DAE EAB CEB\nAB = 6\nAD = 4\nBD = 5\nfind BC\n")
NEAR = ("points O A B C D\ntriangle ABC\ntriangle OBD\ncircle O through A B C\nDB tangent to circle O\nAO = 9\n"
        "angle ABC = 45\nangle ACB = 30\nfind area ABC\n")

_FIGS: dict[str, dict] = {}


def _labels(text: str) -> dict:
    if text not in _FIGS:
        _FIGS[text] = textbook_figure(parse(text)).labels
    return _FIGS[text]


def _clean(lab: dict) -> None:
    assert textbook_problems(lab) == []
    assert mark_problems(lab) == []


def test_a_region_label_in_a_cut_polygon_names_its_polygon() -> None:
    lab = _labels(CUT)
    _clean(lab)
    own = next(x for x in lab["labels"] if x["element"] == "perimeter ABC")
    assert own["text"] == "perimeter ABC = ?"
    spoilt = copy.deepcopy(lab)
    label = next(x for x in spoilt["labels"] if x["element"] == "perimeter ABC")
    label["text"], label["leader"] = "perimeter = ?", None
    a, d, e = (lab["points"][n] for n in "ADE")  # inside ADE, the piece DE cuts off
    cx, cy = (a[0] + d[0] + e[0]) / 3, (a[1] + d[1] + e[1]) / 3
    label["bbox"] = [cx - 5, cy - 5, cx + 5, cy + 5]
    assert any("pieces, without its name" in p for p in textbook_problems(spoilt))


def test_a_dimension_line_goes_beyond_the_figure_on_extension_lines() -> None:
    lab = _labels(DIMENSION)
    _clean(lab)
    pts = lab["points"]
    e, f = pts["E"], pts["F"]
    dim = next((m for m in lab["marks"] if m["kind"] == "dimension"), None)
    if dim is None:  # (beyond the figure farther than review 8's reader attached a dimension line to its side:
        # the value by its side, with its name)
        assert any(x["element"] == "EF" and x["text"] == "EF = 6" for x in lab["labels"])
    else:
        assert set(dim["elements"][0]) == set("EF")
        (x0, y0), (x1, y1) = dim["pixels"][0]
        off = abs((x0 - e[0]) * (f[1] - e[1]) - (y0 - e[1]) * (f[0] - e[0])) / math.dist(e, f)
        assert off > 40  # (beyond O, which the lines below EF reach: at two fonts it crossed PF, PN, PM and PE)
    spoilt = copy.deepcopy(lab)  # the line moved back across the figure: the reader sees it
    p = pts["P"]
    spoilt["marks"].append({"kind": "dimension", "elements": ["EF"], "count": 1, "source": "EF = 6",
                            "pixels": [[[e[0], (e[1] + p[1]) / 2], [f[0], (f[1] + p[1]) / 2]]]})
    assert any("dimension line of" in p and "crosses" in p for p in textbook_problems(spoilt))


def test_an_angle_cut_by_an_inner_ray_is_asked_by_name_and_its_arc_crossed_by_no_other_line() -> None:
    lab = _labels(INNER_RAY)
    _clean(lab)
    assert next(x for x in lab["labels"] if x["element"] == "angle ADC")["text"] == "∠ADC = ?"
    spoilt = copy.deepcopy(lab)  # a chord across the arc
    am = next(a for a in spoilt["angle_marks"] if a["element"] == "angle ADC")
    d, c, a = (lab["points"][n] for n in "DCA")
    r = am["radius"]
    u = [(c[0] - d[0]) / math.dist(c, d), (c[1] - d[1]) / math.dist(c, d)]
    w = [(a[0] - d[0]) / math.dist(a, d), (a[1] - d[1]) / math.dist(a, d)]
    spoilt["points"]["X"] = [d[0] + 2 * r * u[0], d[1] + 2 * r * u[1]]
    spoilt["points"]["Y"] = [d[0] + 2 * r * w[0], d[1] + 2 * r * w[1]]
    spoilt["segments"].append(["X", "Y"])
    assert any("arc of angle ADC is crossed by XY" in p for p in textbook_problems(spoilt))


def test_double_arrows_read_as_two() -> None:
    lab = _labels(ARROWS)
    _clean(lab)
    double = next(m for m in lab["marks"] if m["kind"] == "parallel" and m["count"] == 2)
    assert len(double["pixels"]) == 2 * len(double["elements"])
    spoilt = copy.deepcopy(lab)  # the second arrow of each side nested 3 px behind the first
    m = next(m for m in spoilt["marks"] if m["kind"] == "parallel" and m["count"] == 2)
    for i in range(0, len(m["pixels"]), 2):
        first, second = m["pixels"][i], m["pixels"][i + 1]
        tip, tip2 = first[1], second[1]
        dx, dy = tip2[0] - tip[0], tip2[1] - tip[1]
        k = 3.0 / math.hypot(dx, dy)
        m["pixels"][i + 1] = [[x - dx + k * dx, y - dy + k * dy] for x, y in second]
    assert any("read as one" in p for p in textbook_problems(spoilt))
    assert ARROWS_APART < 5.0


def test_no_point_hard_by_a_line_it_is_not_on() -> None:
    lab = _labels(NEAR)
    _clean(lab)
    spoilt = copy.deepcopy(lab)  # a point moved 7 px off the middle of a segment
    a, b = (lab["points"][n] for n in lab["segments"][0])
    n = math.dist(a, b)
    spoilt["points"]["Z"] = [(a[0] + b[0]) / 2 + 7 * (b[1] - a[1]) / n, (a[1] + b[1]) / 2 - 7 * (b[0] - a[0]) / n]
    assert any("point Z is 7.0 px off" in p for p in textbook_problems(spoilt))
    assert OFF_LINE == 15.0


def test_an_asked_polygon_with_points_inside_is_drawn_and_its_goal_marked_by_name() -> None:
    lab = _labels(UNDRAWN)
    assert textbook_problems(lab) == []
    assert lab["goal"]["marked"] and lab["goal"]["drawn"] == "perimeter ABCD"
    assert next(x for x in lab["labels"] if x["element"] == "perimeter ABCD")["text"] == "perimeter ABCD = ?"


def test_a_split_sides_value_with_no_clear_dimension_line_names_its_side() -> None:
    """BD, a diagonal of the figure: every dimension line beside it crosses the figure's lines or leaves the
    canvas, so its value says its side ("BD = 5") by the side's middle."""
    lab = _labels(NO_ROOM)
    assert textbook_problems(lab) == []
    assert not any(m["kind"] == "dimension" and set(m["elements"][0]) == set("BD") for m in lab["marks"])
    assert next(x for x in lab["labels"] if set(x["element"]) == set("BD"))["text"] in ("BD = 5", "DB = 5")
