"""Blind readers' findings on textbook figures (issue 38, figtb14), class by class: a split side's value led to one
piece of it (1); parallel arrows crammed on a short piece (2); a value nearer another element of its kind than
its own (4); points drawn on each other, tiny circles (5).  Each class is a rule of the layout (render/) and a
check of the independent reader (tests/label_reader.py): the reader refuses a spoilt export of each, and the
layout's figure passes."""
from __future__ import annotations

import copy

from geomill.dsl import parse
from geomill.render.textbook import textbook_figure

from tests.label_reader import mark_problems, textbook_problems

SPLIT = "points A B C D\ntriangle ABC\ntriangle ADC\nline A D B\nAB = 12\nAD = 5\nfind CD\n"
SPLIT_SIDE = ("points J M E L K\ntriangle JME\npolygon JELK\nparallelogram JMLK\nline M E L\nJE perpendicular to LE\n"
              "clockwise JME JELK JEL\nEJ = 6\nKL = 7\nLM = 4\nfind perimeter JKLM\n")  # (FormalGeo 39)


def _labels(text: str) -> dict:
    return textbook_figure(parse(text)).labels


def _label(lab: dict, element: str) -> dict:
    return next(x for x in lab["labels"] if x["element"] in (element, element[::-1]))


def _dimension(lab: dict, element: str) -> dict | None:
    return next((m for m in lab["marks"] if m["kind"] == "dimension" and
                 m["elements"][0] in (element, element[::-1])), None)


# -- 1: a split side's value on a dimension line spanning the whole side, never led to a piece -------------------
def test_a_split_sides_value_sits_on_its_dimension_line() -> None:
    lab = _labels(SPLIT)
    assert textbook_problems(lab) == [] and mark_problems(lab) == []
    dim = _dimension(lab, "AB")
    assert dim is not None and _label(lab, "AB")["leader"] is None


def test_the_reader_refuses_a_split_sides_value_led_to_a_piece() -> None:
    lab = _labels(SPLIT)
    spoilt = copy.deepcopy(lab)  # the readers' "12" of AB whose leader touches only AD
    spoilt["marks"] = [m for m in spoilt["marks"] if m["kind"] != "dimension"]
    a, d = spoilt["points"]["A"], spoilt["points"]["D"]
    mid = [(a[0] + d[0]) / 2, (a[1] + d[1]) / 2]
    val = _label(spoilt, "AB")
    val["text"] = "AB = 12"  # (named or not: the leader's end says AD)
    val["leader"] = [mid, [mid[0], mid[1] + 20]]
    assert any("led by its leader to a piece" in x for x in textbook_problems(spoilt))


def test_the_reader_refuses_a_dimension_line_short_of_its_side() -> None:
    lab = _labels(SPLIT)
    spoilt = copy.deepcopy(lab)
    dim = _dimension(spoilt, "AB")
    (x0, y0), (x1, y1) = dim["pixels"][0][0], dim["pixels"][0][-1]
    dim["pixels"][0][-1] = [x0 + 0.8 * (x1 - x0), y0 + 0.8 * (y1 - y0)]  # (it spans AD's share, not AB)
    assert any("does not span" in x for x in textbook_problems(spoilt))


def test_a_split_sides_value_with_no_dimension_line_is_never_led_to_a_piece() -> None:
    lab = _labels(SPLIT_SIDE)
    assert textbook_problems(lab) == []
    given = next(g for g in lab["givens"] if g["fact"] == "LM = 4")
    value = next(x for x in lab["labels"] if x["element"] in ("LM", "ML"))  # (on the figure, one way or another)
    if given["shown"] == "label":  # by its dimension line, or named by its side with no leader
        assert _dimension(lab, "LM") is not None or (value["text"] == "LM = 4" and value["leader"] is None)
    else:  # or named in the legend, with no leader
        assert given["shown"] == "legend" and value["text"] == "LM = 4" and value["leader"] is None


# -- 2: parallel arrows on the longest drawn piece of their line, off points and letters --------------------------
LONG_LINE = "points A B C D E\nparallelogram ABCD\nline A B E\nAB = 2\nBC = 8\nBE = 14\nangle ABC = 70\nfind CE\n"


def _arrows_of(lab: dict, element: str) -> list:
    m = next(m for m in lab["marks"] if m["kind"] == "parallel" and element in m["elements"])
    per = len(m["pixels"]) // len(m["elements"])
    i = m["elements"].index(element)
    return m["pixels"][i * per:(i + 1) * per]


def _share(lab: dict, a: str, b: str, xy) -> float:
    """Where ``xy`` lies along segment ab, as a share of it from a."""
    p, q = lab["points"][a], lab["points"][b]
    ux, uy = q[0] - p[0], q[1] - p[1]
    return ((xy[0] - p[0]) * ux + (xy[1] - p[1]) * uy) / (ux * ux + uy * uy)


def test_parallel_arrows_sit_on_their_own_side_where_it_has_room() -> None:
    lab = _labels(LONG_LINE)
    assert textbook_problems(lab) == [] and mark_problems(lab) == []
    for arrow in _arrows_of(lab, "AB"):  # AB is the short piece of line A-B-E, long enough for one arrow (blind
        assert all(0.0 < _share(lab, "A", "B", xy) < 1.0 for xy in arrow)  # reader 32 read arrows on BE as BE's)


def test_parallel_arrows_leave_a_side_too_short_for_them_for_its_line() -> None:
    lab = _labels(LONG_LINE.replace("AB = 2\n", "AB = 1\n").replace("BE = 14", "BE = 30"))
    assert mark_problems(lab) == []
    for arrow in _arrows_of(lab, "AB"):  # (AB now too short to carry an arrow clear of its points: on BE)
        assert all(0.0 < _share(lab, "B", "E", xy) < 1.0 for xy in arrow)


def test_the_reader_refuses_arrows_across_a_point_or_on_a_letter() -> None:
    lab = _labels(LONG_LINE)
    across = copy.deepcopy(lab)
    m = next(m for m in across["marks"] if m["kind"] == "parallel" and "AB" in m["elements"])
    i = m["elements"].index("AB")
    b = across["points"]["B"]
    tip = m["pixels"][i][1]
    m["pixels"][i] = [[x - tip[0] + b[0], y - tip[1] + b[1]] for x, y in m["pixels"][i]]  # (its tip on B)
    assert any("lie across a point" in x or "covers point B" in x for x in mark_problems(across))
    letter = copy.deepcopy(lab)
    m = next(m for m in letter["marks"] if m["kind"] == "parallel" and "AB" in m["elements"])
    x0, y0, x1, y1 = next(x for x in letter["labels"] if x["element"] == "point E")["bbox"]
    tip = m["pixels"][i][1]
    m["pixels"][i] = [[x - tip[0] + (x0 + x1) / 2, y - tip[1] + (y0 + y1) / 2] for x, y in m["pixels"][i]]
    assert any("covers the letter E" in x for x in mark_problems(letter))


# -- 4: each value nearer its own element than any other of its kind -------------------------------------------
TRIANGLE = "points A B C\ntriangle ABC\nAB = 5\nAC = 7\nangle BAC = 60\nfind BC\n"


def _moved(lab: dict, element: str, xy) -> dict:
    """The export with ``element``'s label centred on ``xy`` (no leader)."""
    out = copy.deepcopy(lab)
    x = _label(out, element)
    x0, y0, x1, y1 = x["bbox"]
    w, h = x1 - x0, y1 - y0
    x["bbox"], x["leader"] = [xy[0] - w / 2, xy[1] - h / 2, xy[0] + w / 2, xy[1] + h / 2], None
    return out


def test_every_value_is_nearest_its_own_element() -> None:
    lab = _labels(TRIANGLE)
    assert textbook_problems(lab) == []
    a, b, c = (lab["points"][n] for n in "ABC")
    by_b = [b[0] + 0.15 * (a[0] + c[0] - 2 * b[0]) / 2, b[1] + 0.15 * (a[1] + c[1] - 2 * b[1]) / 2]
    assert any("nearer the angle at B" in x for x in textbook_problems(_moved(lab, "angle BAC", by_b)))
    beyond = [2 * a[0] - (b[0] + c[0]) / 2, 2 * a[1] - (b[1] + c[1]) / 2]  # (behind A: in no angle of A's)
    assert any("outside its angle" in x for x in textbook_problems(_moved(lab, "angle BAC", beyond)))
    mid_bc = [(b[0] + c[0]) / 2, (b[1] + c[1]) / 2]
    assert any("nearer side" in x for x in textbook_problems(_moved(lab, "AB", mid_bc)))


# -- 3: a given ratio shown on the figure ---------------------------------------------------------------------
RATIO_K = ("points A B C D E\ntriangle ABC\nline A D B\nline A E C\nDE parallel to BC\nAD = 3 DB / 4\nAE = k + 2\n"
           "EC = 8\nfind k\n")


def test_a_ratio_of_two_segments_reads_as_multiples_of_one_unit() -> None:
    lab = _labels(RATIO_K)  # (k is the problem's: the unit is the next free letter)
    ratio = next(g for g in lab["givens"] if g["fact"].startswith("AD = "))
    texts = {x["element"]: x["text"] for x in lab["labels"]}
    assert ratio["shown"] == "label" and ratio["ratio"] == ["AD", "BD"]
    assert texts.get("AD") == "3t" and texts.get("BD") == "4t"
    assert textbook_problems(lab) == []


def test_a_ratio_whose_segment_has_its_own_value_stays_in_the_text() -> None:
    lab = _labels("points A B C D\ntriangle ABC\nline A D B\nAD = 2 DB / 3\nAD = 4\nfind BC\n")
    ratio = next(g for g in lab["givens"] if "DB" in g["fact"] or "BD" in g["fact"])
    assert ratio["shown"] == "text"  # (AD carries 4: "2k" beside it would be a second value)


# -- 5: a circle too small to read, points on each other: said, never drawn silently --------------------------------
TINY_CIRCLE = "points O A B C D\ncircle O through A B\nline C A D\nOA = 1\nCD = 60\nfind AB\n"


def test_a_circle_the_facts_force_tiny_is_said() -> None:
    from geomill.render.textbook import MIN_APART, MIN_RADIUS

    fig = textbook_figure(parse(TINY_CIRCLE))
    r = min(c["radius"] for c in fig.labels["circles"])
    assert r < MIN_RADIUS  # (OA = 1 beside CD = 60: no layout draws it larger)
    assert any(w.startswith("the circle about O") and "radius" in w for w in fig.faults)
    pts = fig.labels["points"]
    close = [(a, b) for a in pts for b in pts if a < b and
             ((pts[a][0] - pts[b][0]) ** 2 + (pts[a][1] - pts[b][1]) ** 2) ** 0.5 < MIN_APART]
    assert all(any(w.startswith(f"points {a} and {b} ") for w in fig.faults) for a, b in close)


def test_a_readable_circle_says_nothing() -> None:
    fig = textbook_figure(parse("points O A B\ncircle O through A B\nOA = 5\nangle AOB = 80\nfind AB\n"))
    assert min(c["radius"] for c in fig.labels["circles"]) >= 30
    assert not any("circle" in w for w in fig.warnings)


# -- 3: a given with no place by its element: named in a legend line, never only in the text -----------------------
def test_a_given_with_no_place_by_its_element_is_named_in_a_legend() -> None:
    lab = _labels(SPLIT_SIDE)  # (LM = 4: no place by LM or led from its dimension line reads as its own)
    given = next(g for g in lab["givens"] if g["fact"] == "LM = 4")
    if given["shown"] != "legend":  # (another layout may find it a place by its side: then no legend is needed)
        assert given["shown"] == "label"
        return
    line = next(x for x in lab["labels"] if x["element"] in ("LM", "ML"))
    assert line["text"] == "LM = 4" and line["leader"] is None
    from shapely.geometry import LineString, box

    font = line["bbox"][3] - line["bbox"][1]
    here = box(*line["bbox"])
    pts = lab["points"]
    assert all(here.distance(LineString([pts[a], pts[b]])) >= 0.9 * font for a, b in lab["segments"])
    assert textbook_problems(lab) == []
