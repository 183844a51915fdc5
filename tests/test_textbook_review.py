"""The blind review of 60 textbook figures (issue 38), class by class: each class of misreading is a rule of
the layout (render/mark_place.py, render/textbook.py) and a check of the independent reader
(tests/label_reader.py ``textbook_problems``).  The reader's checks are shown to catch a spoilt export of
each class; the layout's figures of the reviewed problems pass them, and the layout's own measures are
checked against the pixels here."""
from __future__ import annotations

import copy
import math

import numpy as np
import pytest
from geomill.dsl import parse
from geomill.render.textbook import textbook_figure

from tests.label_reader import DIM_OFF, ink_problems, mark_problems, textbook_problems

MEDIAN = ("points A B C D O\ntriangle ABC equilateral\nline B D A\ncircle O through A B C\nO circumcentre of ABC\n"
          "CD median of CBA\nAB = 11\nfind CO\n")
TANGENT = ("points A B C O G\ntriangle ABC isosceles at A\ntriangle OAG\ncircle O through A B C\n"
           "O circumcentre of ABC\nGA tangent to circle O\nAB = 13\nangle BAC = 60\nAG = 15\nfind BO/GO\n")
RIGHT_BISECTOR = ("points A B C E\ntriangle BCA right at C\nline B E A\nCE bisects angle BCA\nAC = 14\nBC = 10\n"
                  "find CE\n")
AREA = ("points O A B C D\ntriangle ABC\ntriangle OAD\ncircle O through A B C\nDA tangent to circle O\nAO = 10\n"
        "AD = 9\nfind area ADO\n")
STRAY = ("points B A D C O\npolygon BADC\ncircle D through A C B\nclockwise BADC ACB CDA\nangle ABC = 70\n"
         "find angle ADC\n")
EXACT = ("points B A C\ntriangle BAC\nAC perpendicular to BC\nclockwise BAC\nBC = 17 sqrt(2)\nangle BAC = 45\n"
         "angle ABC = 45\nfind AB\n")
PERIMETER = ("points A E D B C\ntriangle AED\ntriangle DEB\ntriangle DBC\nline A E B\nline A D C\n"
             "DE perpendicular bisector of AB\nclockwise AED DEB DBC\nAC = 10\nBC = 7\nfind perimeter BCD\n")
RHOMBUS = ("points A P Q C B D\ntriangle APQ\ntriangle ACB\npolygon PDCQ\nrhombus ADCB\nline A P D\nline A Q C\n"
           "P midpoint of AD\nQ midpoint of AC\nclockwise APQ ACB PDCQ\nPQ = 3\nfind perimeter ABCD\n")

_FIGS: dict[str, object] = {}


def _figure(text: str):
    if text not in _FIGS:
        _FIGS[text] = textbook_figure(parse(text))
    return _FIGS[text]


def _labels(text: str) -> dict:
    return _figure(text).labels


@pytest.mark.parametrize("text", [MEDIAN, TANGENT, RIGHT_BISECTOR, AREA, PERIMETER, STRAY, EXACT, RHOMBUS])
def test_the_reviewed_problems_read_clean(text: str) -> None:
    lab = _labels(text)
    assert textbook_problems(lab) == []
    assert mark_problems(lab) == []


def _dim(lab: dict, side: set) -> dict:
    return next(m for m in lab["marks"] if m["kind"] == "dimension" and set(m["elements"][0]) == side)


def test_a_split_sides_value_is_on_a_dimension_line_by_its_middle() -> None:
    lab = _labels(MEDIAN)
    a, b, d = (lab["points"][n] for n in "ABD")
    assert math.dist(d, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)) < 1.0  # D splits AB at its middle
    line = _dim(lab, {"A", "B"})["pixels"][0]
    n = math.dist(a, b)
    off = [abs((x - a[0]) * (b[1] - a[1]) - (y - a[1]) * (b[0] - a[0])) / n for x, y in line]
    assert min(off) >= DIM_OFF and abs(off[0] - off[1]) < 0.5  # parallel, clearly off the side
    value = next(x for x in lab["labels"] if x["text"] == "11")
    cx = (value["bbox"][0] + value["bbox"][2]) / 2 - a[0]
    cy = (value["bbox"][1] + value["bbox"][3]) / 2 - a[1]
    t = (cx * (b[0] - a[0]) + cy * (b[1] - a[1])) / n
    assert abs(t - n / 2) <= 0.5 * abs(t - n / 4)  # nearer AB's middle than the middle of AD, by half
    ticks = next(m for m in lab["marks"] if m["kind"] == "equal" and "AB" in m["elements"])
    tick = ticks["pixels"][ticks["elements"].index("AB")]
    side = [((x - a[0]) * (b[1] - a[1]) - (y - a[1]) * (b[0] - a[0])) / n for x, y in tick]
    dim_side = ((line[0][0] - a[0]) * (b[1] - a[1]) - (line[0][1] - a[1]) * (b[0] - a[0])) / n
    assert min(abs(x) for x in side) > 3.0 and max(abs(x) for x in side) < abs(dim_side) - 3  # off AB and off
    # its dimension line, across the bracket: on the side away from the dimension line (review 5: a dimension
    # line, a bracket and ticks stacked on one side read as one muddle), or between them where that crosses less
    assert all(x * dim_side < 0 for x in side) or all(x * dim_side > 0 for x in side)


def test_marks_keep_apart_and_the_right_angle_shows() -> None:
    lab = _labels(RIGHT_BISECTOR)  # (issue 38: the square from arm to arm, the bisector through it)
    square = next(m for m in lab["marks"] if m["kind"] == "right")
    assert square["elements"][0] in ("angle BCA", "angle ACB")
    assert not any(x["text"].endswith("90°") for x in lab["labels"])
    c = lab["points"]["C"]
    corner = math.dist(square["pixels"][0][1], c)
    for m in (m for m in lab["marks"] if m["kind"] == "equal_angle"):
        arc = m["pixels"][0]
        assert min(math.dist(p, c) for p in arc) > corner + 4  # the halves' arcs beyond the square's corner
    assert textbook_problems(lab) == [] and mark_problems(lab) == []


def test_a_shape_label_set_off_points_into_its_shape_alone() -> None:
    lab = _labels(PERIMETER)  # (the review's: its leader ended in BCD and in ABC's other triangles' reach)
    label = next((x for x in lab["labels"] if x["element"] == "perimeter BCD"), None)
    if label is None:  # (asked in the text alone: the layouts with room for it draw a free angle under 15°)
        assert lab["goal"]["shown"] == "text"
    elif label["leader"] is not None:
        from shapely.geometry import Point, Polygon

        tip = Point(label["leader"][0])
        b, c, d, e = (lab["points"][n] for n in "BCDE")
        assert Polygon([b, c, d]).contains(tip) and not Polygon([b, d, e]).contains(tip)


def test_exact_value_and_no_stray_point() -> None:
    assert any(x["text"] == "17√2" for x in _labels(EXACT)["labels"])
    assert "O" not in _labels(STRAY)["points"]  # declared, but nothing draws or names it


# -- the reader catches each class in a spoilt export -------------------------------------------------------


def test_reader_catches_a_value_beside_a_piece() -> None:
    lab = copy.deepcopy(_labels(MEDIAN))
    value = next(x for x in lab["labels"] if x["text"] == "11")
    a, d = lab["points"]["A"], lab["points"]["D"]
    dx, dy = (a[0] - d[0]) / 2, (a[1] - d[1]) / 2  # moved halfway to A: by the middle of AD
    x0, y0, x1, y1 = value["bbox"]
    value["bbox"] = [x0 + dx, y0 + dy, x1 + dx, y1 + dy]
    assert any("piece" in p for p in textbook_problems(lab))
    lab["marks"] = [m for m in lab["marks"] if m["kind"] != "dimension"]
    assert any("no dimension line" in p for p in textbook_problems(lab))


def test_reader_catches_a_dimension_line_hugging_its_side() -> None:
    lab = copy.deepcopy(_labels(MEDIAN))
    a, b = lab["points"]["A"], lab["points"]["B"]
    n = math.dist(a, b)
    nx, ny = (b[1] - a[1]) / n * 3.7, -(b[0] - a[0]) / n * 3.7  # 3.7 px off AB, as the reviewed figures drew it
    _dim(lab, {"A", "B"})["pixels"][0] = [[a[0] + nx, a[1] + ny], [b[0] + nx, b[1] + ny]]
    assert any("drawn twice" in p for p in textbook_problems(lab))


def _to_segment(c, p, q) -> float:
    ux, uy = q[0] - p[0], q[1] - p[1]
    t = max(0.0, min(1.0, ((c[0] - p[0]) * ux + (c[1] - p[1]) * uy) / (ux * ux + uy * uy)))
    return math.dist(c, (p[0] + t * ux, p[1] + t * uy))


def test_reader_catches_merged_marks_and_ticks_on_a_crossing() -> None:
    lab = copy.deepcopy(_labels(TANGENT))
    eq = next(m for m in lab["marks"] if m["kind"] == "equal")
    ac = eq["elements"].index("AC")
    a, c = lab["points"]["A"], lab["points"]["C"]
    cross = None  # a place on AC where another drawn line passes, clear of points (GO crosses AC)
    for k in range(5, 96):
        xy = (a[0] + k / 100 * (c[0] - a[0]), a[1] + k / 100 * (c[1] - a[1]))
        if min(math.dist(xy, p) for p in lab["points"].values()) > 20 and any(
                _to_segment(xy, lab["points"][p], lab["points"][q]) < 1.5 for p, q in lab["segments"]
                if {p, q} != {"A", "C"}):
            cross = xy
    if cross is None:  # no line crosses AC in this layout: put the tick on another line's middle instead
        p, q = (lab["points"][n] for n in lab["segments"][0])
        cross = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
    tick = eq["pixels"][ac]
    mx, my = (tick[0][0] + tick[1][0]) / 2, (tick[0][1] + tick[1][1]) / 2
    eq["pixels"][ac] = [[x - mx + cross[0], y - my + cross[1]] for x, y in tick]
    assert any("line crossing" in p for p in textbook_problems(lab))
    lab = copy.deepcopy(_labels(RHOMBUS))
    two = next(m for m in lab["marks"] if m["kind"] == "equal" and m["count"] == 2)
    per = len(two["pixels"]) // len(two["elements"])
    assert per == 2
    (x0, y0), (x1, y1) = two["pixels"][0][0], two["pixels"][1][0]
    two["pixels"][1] = [[x - (x1 - x0) * 0.7, y - (y1 - y0) * 0.7] for x, y in two["pixels"][1]]  # 30 % apart
    out = textbook_problems(lab)
    assert any("count is not readable" in p for p in out) or any("run into" in p for p in out)


def test_reader_catches_a_leader_into_two_regions_a_stray_point_and_a_decimal() -> None:
    pts = {"A": [100, 300], "B": [300, 300], "C": [200, 100], "P": [150, 150], "Q": [400, 200], "R": [150, 250]}
    fig = {"size": [512, 512], "points": pts, "shapes": [{"name": "ABC", "outline": [pts["A"], pts["B"], pts["C"]],
                                                          "holes": []}],
           "segments": [["A", "B"], ["B", "C"], ["C", "A"], ["P", "Q"], ["Q", "R"], ["R", "P"]],
           "labels": [{"text": "area = ?", "element": "area ABC", "bbox": [20, 380, 90, 396],
                       "leader": [[200, 200], [60, 380]]}], "marks": []}
    assert any("region of other lines" in p for p in textbook_problems(fig))  # in ABC and in PQR
    fig["labels"][0]["leader"][0] = [200, 280]  # in ABC only
    assert not any("region" in p for p in textbook_problems(fig))
    lab = copy.deepcopy(_labels(EXACT))
    lab["points"]["Z"] = [5.0, 5.0]
    value = next(x for x in lab["labels"] if x["text"] == "17√2")
    value["text"] = "24.04"
    out = textbook_problems(lab)
    assert any("point Z is drawn alone" in p for p in out) and any("decimal" in p for p in out)


# -- the second blind review (20 figures): five classes, each a layout rule and a reader check --------------

CROSSED = ("points A O C D E B\nline A O C\nline B E D\ncircle O through A C\ncircle E through B D\n"
           "AC diameter of circle O\nBD diameter of circle E\nOC perpendicular to DC\nclockwise OCD\nAB = 22\n"
           "AC = 14\nBD = 14\nCD = 22\nfind area ABDC - sector area EDB - sector area OAC\n")
RUN_ON = ("points C A D B\ntriangle CAD\ntriangle CDB\nline A D B\nAD perpendicular to CD\nBC perpendicular to AC\n"
          "clockwise CAD CDB BCA\nAC = 5 sqrt(26)\nAD = 25\nBC = sqrt(26)\nCD = 5\nBD = 1\nfind CD/BD\n")
NEAR_RAY = ("points A D O B C E\ntriangle ADO\ntriangle DBC\ntriangle DCO\ntriangle OCE\nline A D B\nline D O E\n"
            "line A O C\nABC congruent to EDC\nclockwise ADO DBC DCO OCE ABC BCA\nangle ABC = 50\nangle ACB = 90\n"
            "find angle COE\n")
TICKED = ("points C A D E B\ntriangle CAD\ntriangle DAE\ntriangle DEB\nline C D B\nline A E B\nAD bisects angle CAB\n"
          "AE perpendicular to DE\nclockwise CAD DAE DEB BCA\nAB = 6\nAC = BC\nangle ACB = 90\nfind perimeter BDE\n")
ON_CIRCLE = ("points D A P L G F\nline D A F\nline P A G\ncircle A through P D L G F\nPG diameter of circle A\n"
             "clockwise PDL PLG PGF\nAP = 7\nfind GP\n")
LONG_VALUE = ("points C A D B Y\npolygon CADB\ntriangle AYD\nline C A Y\nline B D Y\nclockwise CADB AYD\nAC = AY\n"
              "AD = x + 2\nBC = 5x/3 + 11\nBD = 3y - 9\nBD = DY\nDY = 2y + 6\nfind x\n")


def _simple(ring: list) -> bool:
    from shapely.geometry import LineString

    return LineString([*ring, ring[0]]).is_simple


def test_a_polygon_only_the_goal_names_is_never_drawn_crossed() -> None:
    from geomill.solvers.numeric import faces

    assert ("A", "B", "D", "C") in faces(parse(CROSSED))  # named by the goal alone, no polygon declared
    lab = _labels(CROSSED)
    assert _simple([lab["points"][n] for n in "ABDC"])
    assert textbook_problems(lab) == [] and mark_problems(lab) == []
    spoilt = copy.deepcopy(lab)  # B reflected across AD, as the reviewed figure drew it
    (ax, ay), (dx, dy), (bx, by) = (lab["points"][n] for n in "ADB")
    ux, uy = (dx - ax) / math.dist((ax, ay), (dx, dy)), (dy - ay) / math.dist((ax, ay), (dx, dy))
    t = (bx - ax) * ux + (by - ay) * uy
    fx, fy = ax + t * ux, ay + t * uy
    spoilt["points"]["B"] = [2 * fx - bx, 2 * fy - by]
    assert not _simple([spoilt["points"][n] for n in "ABDC"])
    assert any("crossing itself" in p for p in textbook_problems(spoilt))


def test_a_value_by_a_short_run_on_piece_goes_on_a_dimension_line() -> None:
    lab = _labels(RUN_ON)  # B 16 px beyond D on line A D B: "25" by AD's middle read as BA's
    a, b, d = (lab["points"][n] for n in "ABD")
    assert 0 < math.dist(b, d) < 0.1 * math.dist(a, d)
    dim = _dim(lab, {"A", "D"})
    ends = dim["pixels"][0]
    assert min(math.dist(ends[0], d), math.dist(ends[-1], d)) < DIM_OFF + 40  # it spans AD alone, not BA
    assert max(math.dist(e, b) for e in ends) > math.dist(a, b) - 1 and min(math.dist(e, b) for e in ends) > 5
    assert textbook_problems(lab) == []
    spoilt = copy.deepcopy(lab)
    spoilt["marks"] = [m for m in spoilt["marks"] if m["kind"] != "dimension"]
    assert any("longer side's" in p for p in textbook_problems(spoilt))


def test_a_right_angle_with_a_ray_hard_by_its_side_inside_it_keeps_its_square() -> None:
    lab = _labels(NEAR_RAY)  # ray CD 10° from CA, inside ACB: the square from arm to arm all the same (issue 38)
    square = next(m for m in lab["marks"] if m["kind"] == "right" and set(m["elements"][0][6:]) == set("ACB"))
    assert math.dist(square["pixels"][0][0], lab["points"]["C"]) >= 16.0
    assert not any(x["text"].endswith("90°") for x in lab["labels"])
    assert textbook_problems(lab) == [] and mark_problems(lab) == []


def _crowded_fig(ray_deg: float) -> dict:
    r = math.radians(ray_deg)
    pts = {"V": [200.0, 200.0], "A": [400.0, 200.0], "B": [200.0, 400.0], "D": [200 + 150 * math.cos(r),
                                                                           200 + 150 * math.sin(r)]}
    square = [[212.0, 200.0], [212.0, 212.0], [200.0, 212.0]]
    return {"size": [512, 512], "points": pts, "segments": [["V", "A"], ["V", "B"], ["V", "D"]], "labels": [],
            "shapes": [], "marks": [{"kind": "right", "elements": ["angle AVB"], "count": 1, "source": "",
                                     "pixels": [square]}]}


def test_reader_catches_a_square_with_another_ray_by_its_side() -> None:
    assert any("another ray 10°" in p for p in textbook_problems(_crowded_fig(-10.0)))  # (outside its quarter)
    inside = textbook_problems(_crowded_fig(10.0))  # (inside, through the 12 px square: too small to read)
    assert not any("another ray" in p for p in inside) and any("cut by a ray" in p for p in inside)
    assert not any("another ray" in p for p in textbook_problems(_crowded_fig(45.0)))  # a bisector: clear


def test_a_right_angle_square_takes_the_quarter_clear_of_other_rays() -> None:
    from geomill.render.compose import Frame
    from geomill.render.mark_place import MarkLayout, draw_mark
    from geomill.render.marks import Mark
    from geomill.render.scene import Scene

    r = math.radians(8.0)  # ray VD 8° off VA; line W V A runs on through V: the quarter W-V-B is clear
    pts = {"V": (0.0, 0.0), "A": (10.0, 0.0), "B": (0.0, 10.0), "W": (-10.0, 0.0),
           "D": (9 * math.cos(r), 9 * math.sin(r))}
    scene = Scene(pts, [("W", "A"), ("V", "B"), ("V", "D")], [], [])
    layout = MarkLayout(scene, Frame.fit(scene, 512, 40), 16.0)
    square = draw_mark(Mark("right", (("A", "V", "B"),), "AV perpendicular to VB"), layout)[0][0]
    v = layout.px["V"]
    assert all(x <= v[0] + 1e-6 for x, _ in square) and all(y >= v[1] - 1e-6 for _, y in square)  # W's side
    assert layout.crowded == []
    scene = Scene(pts, [("V", "A"), ("V", "B"), ("V", "D")], [], [])  # no way round: its own quarter, crossed
    layout = MarkLayout(scene, Frame.fit(scene, 512, 40), 16.0)
    square = draw_mark(Mark("right", (("A", "V", "B"),), ""), layout)[0][0]
    assert layout.crowded == []  # (issue 38: the square from arm to arm, VD through it, large enough to read)
    assert all(x >= v[0] - 1e-6 for x, _ in square) and all(y >= v[1] - 1e-6 for _, y in square)
    assert float(np.hypot(*(square[0] - layout.px["V"]))) >= 16.0


def test_ticks_go_on_their_segment_and_no_dimension_line_is_bare() -> None:
    lab = _labels(TICKED)  # AC = BC, D on BC: the tick went onto an empty dimension line beside BC
    valued = {frozenset(x["element"]) for x in lab["labels"] if " " not in x["element"]}
    assert all(frozenset(m["elements"][0]) in valued for m in lab["marks"] if m["kind"] == "dimension")
    from shapely.geometry import LineString

    eq = next(m for m in lab["marks"] if m["kind"] == "equal" and {"BC", "CB"} & set(m["elements"]))
    i = next(k for k, e in enumerate(eq["elements"]) if e in ("BC", "CB"))
    per = len(eq["pixels"]) // len(eq["elements"])
    bc = LineString([lab["points"]["B"], lab["points"]["C"]])
    brace = next(m for m in lab["marks"] if m["kind"] == "bracket" and set(m["elements"][0]) == {"B", "C"})
    ticks = [LineString(t) for t in eq["pixels"][i * per:(i + 1) * per]]
    assert all(t.distance(bc) > 3.0 and t.intersects(LineString(brace["pixels"][0])) for t in ticks)  # D splits BC
    assert textbook_problems(lab) == [] and mark_problems(lab) == []
    spoilt = copy.deepcopy(lab)
    b, c = lab["points"]["B"], lab["points"]["C"]
    spoilt["marks"].append({"kind": "dimension", "elements": ["BC"], "count": 1, "source": "AC = BC",
                            "pixels": [[[b[0] - 20, b[1]], [c[0] - 20, c[1]]]]})
    assert any("carries no value" in p for p in textbook_problems(spoilt))


def test_a_point_only_a_circle_passes_gets_a_dot() -> None:
    lab = _labels(ON_CIRCLE)  # L on the circle, no line at it: its letter read as another name of G
    assert "L" in lab["dots"]
    assert textbook_problems(lab) == []
    spoilt = copy.deepcopy(lab)
    spoilt["dots"].remove("L")
    assert any("point L has no dot" in p for p in textbook_problems(spoilt))


def test_no_value_in_smaller_type_and_circles_closed() -> None:
    from geomill.render.draw import _path
    from matplotlib.path import Path

    assert {x["font_size"] for x in _labels(LONG_VALUE)["labels"]} == {12.0}  # moved, never shrunk
    t = [2 * math.pi * k / 180 for k in range(181)]
    ring = [[math.cos(a), math.sin(a)] for a in t]
    ring[-1] = ring[0]
    assert _path(ring).codes[-1] == Path.CLOSEPOLY  # no round caps meeting at its seam (a 1-px nub)
    assert _path(ring[:90]).codes is None


# -- the third blind review (40 figures): five classes, each a layout rule and a reader check ----------------

SPLIT_EQUAL = ("points A B C O D F\ntriangle ABC isosceles at A\ntriangle OBF\nline B D A\ncircle O through A B C\n"
               "O circumcentre of ABC\nCD median of CBA\nFB tangent to circle O\nAB = 5\nangle BAC = 60\n"
               "find circle area O\n")
VALUED_EQUAL = ("points A B C E G\ntriangle ABC isosceles at A\nline C E B\nline A G B\nAE altitude of ACB\n"
                "EG perpendicular to AG\nAB = 13\nangle BAC = 90\nfind perimeter ABC\n")
THIN = ("points O A G F E\ntriangle AGF\ntriangle OFE\ncircle O through A G F\nEF tangent to circle O\nAO = 3\n"
        "EF = 11\nfind perimeter EFO\n")
ASKED_RIGHT = ("points C G D A H\nparallelogram CGDA\nline C H D\nline G H A\nH where CD meets GA\nCG = 11\nAC = 11\n"
               "find angle DHG\n")


def _side(lab: dict, m: dict, el: str) -> list:
    per = len(m["pixels"]) // len(m["elements"])
    i = m["elements"].index(el)
    return m["pixels"][i * per:(i + 1) * per]


@pytest.mark.parametrize("text, side", [(SPLIT_EQUAL, "AB"), (VALUED_EQUAL, "AB")])
def test_a_split_sides_ticks_cross_a_bracket_off_its_pieces_and_its_dimension_line(text: str, side: str) -> None:
    from shapely.geometry import LineString

    lab = _labels(text)  # D (G) on AB: a tick by AB's middle read as BD's; one on "13"'s line as nothing
    assert textbook_problems(lab) == [] and mark_problems(lab) == []
    eq = next(m for m in lab["marks"] if m["kind"] == "equal" and side in m["elements"])
    a, b = (lab["points"][n] for n in side)
    brace = next(m for m in lab["marks"] if m["kind"] == "bracket" and m["elements"] == [side])["pixels"][0]
    assert max(min(math.dist(e, p) for p in (a, b)) for e in (brace[0], brace[-1])) < 16  # (its legs open, clear)
    for t in _side(lab, eq, side):
        assert LineString(t).distance(LineString([a, b])) > 3 and LineString(t).intersects(LineString(brace))
        assert not any(LineString(t).intersects(LineString(m["pixels"][0])) for m in lab["marks"]
                       if m["kind"] == "dimension")
    on_piece = copy.deepcopy(lab)  # the ticks moved onto AB by its middle: on a piece
    ticks = _side(on_piece, next(m for m in on_piece["marks"] if m["kind"] == "equal" and side in m["elements"]),
                  side)
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    for t in ticks:
        cx, cy = (t[0][0] + t[-1][0]) / 2, (t[0][1] + t[-1][1]) / 2
        t[:] = [[x - cx + mx, y - cy + my] for x, y in t]
    assert any("piece" in p for p in textbook_problems(on_piece))
    no_bracket = copy.deepcopy(lab)
    no_bracket["marks"] = [m for m in no_bracket["marks"] if m["kind"] != "bracket"]
    assert any("no bracket" in p for p in textbook_problems(no_bracket))
    if any(m["kind"] == "dimension" for m in lab["marks"]):  # onto the dimension line, as review 3 saw it
        on_dim = copy.deepcopy(lab)
        dim = next(m for m in on_dim["marks"] if m["kind"] == "dimension")["pixels"][0]
        ticks = _side(on_dim, next(m for m in on_dim["marks"] if m["kind"] == "equal" and side in m["elements"]),
                      side)
        mx, my = (dim[0][0] + dim[-1][0]) / 2, (dim[0][1] + dim[-1][1]) / 2
        for t in ticks:
            cx, cy = (t[0][0] + t[-1][0]) / 2, (t[0][1] + t[-1][1]) / 2
            t[:] = [[x - cx + mx, y - cy + my] for x, y in t]
        assert any("dimension line, not on its segment" in p for p in textbook_problems(on_dim))


def test_an_angles_value_in_a_part_another_ray_cuts_off_names_its_angle() -> None:
    lab = _labels(NEAR_RAY)  # ray CD 10° inside ACB: "90°" by an arc running 12 px past CD still read as BCD's
    c, a, b, d = (lab["points"][n] for n in "CABD")
    ta, tb, td = (math.atan2(p[1] - c[1], p[0] - c[0]) for p in (a, b, d))
    for x in lab["labels"]:
        if x["element"].split(" ")[-1] in ("ACB", "BCA"):
            assert x["text"].startswith("∠") or x["leader"] is not None
    assert textbook_problems(lab) == []
    spoilt = copy.deepcopy(lab)  # a bare "90°" between CD and CB, by the bisector of that part
    t = td + math.remainder(tb - td, 2 * math.pi) / 2
    x, y = c[0] + 40 * math.cos(t), c[1] + 40 * math.sin(t)
    spoilt["labels"].append({"text": "90°", "element": "angle ACB", "bbox": [x - 12, y - 8, x + 12, y + 8],
                             "leader": None, "font_size": 12.0, "colour": [0, 0, 0]})
    assert any("reads as the part's" in p for p in textbook_problems(spoilt))
    assert abs(math.remainder(ta - td, 2 * math.pi)) > 0.01  # (CD is inside ACB, off CA)


def test_an_asked_shape_keeps_its_word_never_a_bare_query_by_a_side() -> None:
    lab = _labels(THIN)  # a bare "?" 27 px from EO in a thin EFO read as EO's length asked
    assert not any(x["text"] == "?" and x["element"].startswith("perimeter") for x in lab["labels"])
    assert textbook_problems(lab) == []
    pts = {"E": [100.0, 300.0], "F": [400.0, 300.0], "O": [380.0, 270.0]}
    fig = {"size": [512, 512], "points": pts, "segments": [["E", "F"], ["F", "O"], ["O", "E"]], "shapes": [],
           "marks": [], "labels": [{"text": "?", "element": "perimeter EFO", "bbox": [290, 278, 300, 294],
                                    "leader": None}]}
    assert any("bare '?'" in p for p in textbook_problems(fig))


@pytest.mark.parametrize("text", [ASKED_RIGHT, NEAR_RAY, VALUED_EQUAL])
def test_every_exported_mark_is_inked(text: str) -> None:
    from io import BytesIO

    import numpy as np
    from PIL import Image

    fig = _figure(text)
    px = np.asarray(Image.open(BytesIO(fig.data)).convert("RGB"))
    lab = fig.labels
    assert lab["angle_marks"] or lab["marks"]
    assert ink_problems(lab, px) == []
    ghost = copy.deepcopy(lab)  # an arc exported where nothing is drawn: a quarter turn round, at the canvas' corner
    ghost["points"]["Z"], ghost["points"]["Y"], ghost["points"]["X"] = [30.0, 30.0], [80.0, 30.0], [30.0, 80.0]
    ghost["angle_marks"].append({"element": "angle YZX", "radius": 20.0})
    ghost["marks"].append({"kind": "equal", "elements": ["ZY"], "count": 1, "source": "",
                           "pixels": [[[55.0, 25.0], [55.0, 35.0]]]})
    out = ink_problems(ghost, px)
    assert any("angle YZX" in p for p in out) and any("equal mark of ZY" in p for p in out)


def test_a_parallelogram_carries_its_parallel_arrows() -> None:
    lab = _labels(ASKED_RIGHT)  # parallelogram CGDA: review 3 found its sides with no mark at all
    arrows = sorted((m["count"], sorted(m["elements"])) for m in lab["marks"] if m["kind"] == "parallel")
    assert [c for c, _ in arrows] == [1, 2] and all(len(els) == 2 for _, els in arrows)
    assert mark_problems(lab) == [] and textbook_problems(lab) == []


DIAMETER = ("points O A B D C\ntriangle AOD\nline A O B C\ncircle O through D A B\nAB diameter of circle O\n"
            "CD tangent to circle O\nclockwise AOD DAB\ndiameter O = 2\nangle DAO = 30\nfind CD\n")


def test_a_diameters_dimension_line_runs_beyond_its_circle() -> None:
    lab = _labels(DIAMETER)  # inside the circle, review 3 read a diameter's dimension line as a chord
    dim = _dim(lab, {"A", "B"})["pixels"][0]
    (c, r), = ((x["centre"], x["radius"]) for x in lab["circles"])
    a, b = lab["points"]["A"], lab["points"]["B"]
    n = math.dist(a, b)
    off = abs((dim[0][0] - a[0]) * (b[1] - a[1]) - (dim[0][1] - a[1]) * (b[0] - a[0])) / n
    assert off > r + DIM_OFF  # clear of the circle, not a chord of it
    assert textbook_problems(lab) == [] and mark_problems(lab) == []


TWO_RIGHT = ("points P K J N M L\nline J P L\nline K P M\ncircle P through K J N M L\nLP perpendicular to NP\n"
             "NP perpendicular to JP\nclockwise KJN KNM KML LPM MPN LPN NPJ\nangle LPM = 65\nfind angle MPN\n")


def test_two_right_angles_of_one_crossing_share_one_square() -> None:
    lab = _labels(TWO_RIGHT)  # LP ⟂ NP and NP ⟂ JP, J P L one line: one perpendicularity, one square (reader 41's
    # 11: two squares side by side read as one rectangle; a "90°" arc beside a square, as a second mark)
    sq = {m["elements"][0]: m["pixels"][0] for m in lab["marks"] if m["kind"] == "right"}
    p = lab["points"]["P"]
    corner = sq["angle NPJ"][1]  # in NPJ's quarter, which no ray crosses (PM crosses LPN's)
    ends = [lab["points"]["N"], lab["points"]["J"]]
    mid = [(ends[0][k] - p[k]) / math.dist(ends[0], p) + (ends[1][k] - p[k]) / math.dist(ends[1], p) for k in range(2)]
    assert (corner[0] - p[0]) * mid[0] + (corner[1] - p[1]) * mid[1] > 0
    assert sq["angle LPN"] == sq["angle NPJ"]  # (LPN said by the same square: its arms on the square's lines)
    assert not any(x["element"] == "angle LPN" for x in lab["labels"])  # (no "90°" arc beside it)
    assert not any(m["kind"] == "right_arc" for m in lab["marks"])
    assert textbook_problems(lab) == [] and mark_problems(lab) == []
    spoilt = copy.deepcopy(lab)  # (the square claimed by an angle off its lines: that one shows nowhere)
    spoilt["marks"].append({"kind": "right", "elements": ["angle MPN"], "count": 1, "source": "spoilt",
                            "pixels": [sq["angle NPJ"]]})
    assert any("share one square" in p for p in textbook_problems(spoilt))
    twice = copy.deepcopy(lab)  # (LPN drawn "90°" in its arc besides: one right angle, two marks)
    twice["marks"].append({"kind": "right_arc", "elements": ["angle LPN"], "count": 1, "source": "spoilt",
                           "pixels": [[p, p]]})
    assert any("marked twice" in p for p in textbook_problems(twice))


TRAPEZOID = ("points D C A F B\nisosceles trapezoid DCAF bases DF CA\nline C B A\nDB perpendicular to CB\nAC = 12\n"
             "CD = 7\nangle ACD = 60\nfind CF\n")


def test_a_sides_value_stays_by_its_middle_third() -> None:
    lab = _labels(TRAPEZOID)  # review 3: the "?" of CF slid to 0.9 of the way along, read as angle CFA's
    c, f = lab["points"]["C"], lab["points"]["F"]
    x0, y0, x1, y1 = next(x["bbox"] for x in lab["labels"] if x["element"] in ("CF", "FC"))
    t = (((x0 + x1) / 2 - c[0]) * (f[0] - c[0]) + ((y0 + y1) / 2 - c[1]) * (f[1] - c[1])) / math.dist(c, f) ** 2
    assert abs(t - 0.5) <= 0.2
    assert textbook_problems(lab) == [] and mark_problems(lab) == []
    spoilt = copy.deepcopy(lab)
    lab_cf = next(x for x in spoilt["labels"] if x["element"] in ("CF", "FC"))
    lab_cf["text"] = "?"  # (the bare "?" review 3 read: the figure names it, "CF = ?", a diagonal with a face each side)
    w, h = 9.0, y1 - y0
    cx, cy = c[0] + 0.9 * (f[0] - c[0]), c[1] + 0.9 * (f[1] - c[1]) + 12
    lab_cf["bbox"] = [cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2]
    assert any("of the way along" in p for p in textbook_problems(spoilt))


CHORD_ANGLE = ("points C E A O D B\ntriangle AEO\ntriangle DOB\ntriangle OEB\nline C E O D\nline A E B\n"
               "circle O through A C B D\nAE perpendicular to OE\nclockwise AEO DOB OEB ACB ABD BDE\n"
               "angle AOE = 40\nfind angle BDE\n")
PARALLEL_SPLIT = ("points A D E B C\ntriangle ADE\npolygon DBCE\nline A D B\nline A E C\nDE parallel to BC\n"
                  "clockwise ADE DBCE\nAD = 3 BD/4\nAE = 6\nfind AC\n")


def test_a_goal_whose_bare_query_misreads_is_marked_with_its_name() -> None:
    lab = _labels(CHORD_ANGLE)  # a bare "?" at D read as another angle's: it was dropped, the goal unmarked
    assert lab["goal"]["marked"]
    asked = [x for x in lab["labels"] if x["element"] == "angle BDE"]
    assert [x["text"] for x in asked] in (["?"], ["∠BDE = ?"])
    assert textbook_problems(lab) == [] and mark_problems(lab) == []


def test_a_goals_dimension_line_never_crosses_the_figure() -> None:
    lab = _labels(PARALLEL_SPLIT)  # AC split by E: its dimension line ran inside, across ED and AD
    assert textbook_problems(lab) == [] and mark_problems(lab) == []
    spoilt = copy.deepcopy(lab)
    a, d, e, c = (lab["points"][n] for n in "ADEC")
    spoilt["goal"]["drawn"] = "AC"
    spoilt["marks"].append({"kind": "dimension", "elements": ["AC"], "count": 1, "source": "",
                            "pixels": [[[(a[0] + d[0]) / 2, (a[1] + d[1]) / 2],
                                        [(e[0] + c[0]) / 2, (e[1] + c[1]) / 2]]]})
    assert any("dimension line of AC crosses" in p for p in textbook_problems(spoilt))


COSINE = ("points A B C\ntriangle ABC\nAB = 15\nAC = 25\nBC = 20\nfind cos(angle ACB)\n")
VARIABLE_SIDE = ("points W V X Z Y\ntriangle WVX\npolygon VZYX\nline W V Z\nline W X Y\nVX parallel to ZY\n"
                 "clockwise WVX VZYX\nVZ = a - 9\nVW = 6\nWX = 7\nWY = a\nfind WY\n")


@pytest.mark.parametrize("text, drawn, query", [(COSINE, "angle ACB", "?"), (VARIABLE_SIDE, "WY", "a = ?")])
def test_a_goal_in_an_expression_or_a_variable_is_marked_on_its_element(text: str, drawn: str, query: str) -> None:
    lab = _labels(text)  # review 3: cos(ACB) and a side given as "a" asked were never marked
    assert lab["goal"]["drawn"] == drawn and lab["goal"]["marked"]
    texts = [x["text"] for x in lab["labels"] if x["element"] == drawn]
    assert texts and texts[0].endswith(query)
    assert textbook_problems(lab) == [] and mark_problems(lab) == []
    spoilt = copy.deepcopy(lab)
    spoilt["labels"] = [x for x in lab["labels"] if x["element"] != drawn]
    assert any("not marked" in p for p in textbook_problems(spoilt))


def test_a_split_sides_ticks_slide_along_its_bracket_clear_of_a_crossing_line() -> None:
    from geomill.render.compose import Frame
    from geomill.render.mark_place import CLEAR, MarkLayout, draw_mark
    from geomill.render.marks import Mark
    from geomill.render.scene import Scene
    from shapely.geometry import LineString

    # AB split by M; PQ runs up from AB's middle (review 3's tick on OD), so the bracket below AB crosses nothing
    # and its tick slides clear of PQ's foot
    pts = {"A": (0.0, 0.0), "B": (10.0, 0.0), "M": (3.0, 0.0), "P": (5.0, 0.0), "Q": (5.0, 4.0), "C": (2.0, 6.0),
           "D": (8.0, 6.0), "N": (5.0, -0.3)}
    scene = Scene(pts, [("A", "M"), ("M", "P"), ("P", "B"), ("P", "Q"), ("C", "D"), ("P", "N")], [], [])
    frame = Frame.fit(scene, 512, 40)
    layout = MarkLayout(scene, frame, 16.0)
    ticks = draw_mark(Mark("equal", (("A", "B"), ("C", "D")), "AB = CD"), layout)[0]
    pn = LineString([layout.px["P"], layout.px["N"]])
    assert all(LineString(t).distance(pn) >= CLEAR - 1e-6 for t in ticks)
    (bracket, lines), = layout.brackets
    size = frame.size

    def down(line):
        return [[float(x), size - float(y)] for x, y in line]

    fig = {"size": [size, size], "points": {n: down([p])[0] for n, p in layout.px.items()}, "labels": [],
           "segments": [list(s) for s in scene.segments], "shapes": [],
           "marks": [{"kind": "bracket", "elements": ["AB"], "count": 1, "source": "", "pixels": [down(lines[0])]},
                     {"kind": "equal", "elements": ["AB", "CD"], "count": 1, "source": "",
                      "pixels": [down(t) for t in ticks]}]}
    assert not any("on its bracket" in p or "bracket of AB crosses" in p for p in textbook_problems(fig))
    spoilt = copy.deepcopy(fig)  # the tick back by P
    (x0, y0), (x1, y1) = spoilt["marks"][1]["pixels"][0]
    shift = fig["points"]["P"][0] - (x0 + x1) / 2
    spoilt["marks"][1]["pixels"][0] = [[x0 + shift, y0], [x1 + shift, y1]]
    assert any("on its bracket sits where a drawn line crosses" in p for p in textbook_problems(spoilt))
    # PQ through AB and on below it: every bracket of AB crosses it (review 10: drawn across it, it reads as a
    # chord), so AB's is broken where PQ crosses it (figtb26: the equality was left unmarked), its tick on a piece
    layout = MarkLayout(Scene({**pts, "P": (5.0, -4.0)}, [("A", "M"), ("M", "B"), ("P", "Q"), ("C", "D")], [], []),
                        frame, 16.0)
    ticks = draw_mark(Mark("equal", (("A", "B"), ("C", "D")), "AB = CD"), layout)[0]
    (_, pieces), = layout.brackets
    pq = LineString([frame.px((5.0, -4.0)), frame.px(pts["Q"])])
    assert len(pieces) == 2 and min(LineString(pc).distance(pq) for pc in pieces) >= 3.0
    assert len(ticks) == 2 and not layout.unticked


def test_reader_catches_a_letter_nearer_a_neighbours_dot() -> None:
    lab = _labels(TRAPEZOID)
    assert not any("nearer" in p for p in textbook_problems(lab))
    spoilt = copy.deepcopy(lab)  # review 3: "Z" 10 px from A's dot, 15 px from its own
    c, b = lab["points"]["C"], lab["points"]["B"]
    x = next(x for x in spoilt["labels"] if x["element"] == "point C")
    cx, cy = c[0] + 0.7 * (b[0] - c[0]), c[1] + 12
    x["bbox"] = [cx - 5, cy - 8, cx + 5, cy + 8]
    assert any("letter C is nearer B's dot" in p for p in textbook_problems(spoilt))


def test_a_rectangle_with_its_diagonals_stands_on_its_longest_side_not_on_a_diagonal() -> None:
    lab = _labels("points A B C D G\nrectangle ABCD\nline A G C\nline B G D\nAB = 13\nAD = 14\nfind DG\n")
    a, d = lab["points"]["A"], lab["points"]["D"]
    assert abs(a[1] - d[1]) < 1.0, (a, d)  # AD (14), the longest side, horizontal
    assert textbook_problems(lab) == []


def test_a_given_area_or_perimeter_says_which_measure_it_is() -> None:
    lab = _labels("points A B C D\ntriangle ABC\ntriangle ACD\nperimeter ABC = 12\narea ACD = 5\nAB = 3\n"
                  "BC = 4\nCD = 2\nfind AD\n")
    texts = {x["element"]: x["text"] for x in lab["labels"]}
    shown = [t for e, t in texts.items() if e and e.split()[0] in ("perimeter", "area")]
    assert shown and all(t.startswith(("perimeter = ", "area = ", "perimeter ABC = ", "area ACD = ")) for t in shown), \
        texts  # (the two triangles overlap: each cut by the other's side, each label names its triangle)
