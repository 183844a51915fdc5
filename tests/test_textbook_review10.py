"""The tenth blind review of textbook figures (issue 38), class by class: an equal-length bracket beside a split
side that crossed the segment through the side's middle and read as a chord (A).  Each class is a rule of the
layout (render/) and a check of the independent reader (tests/label_reader.py): the reader catches a spoilt
export of each, and the layout's figure of the reviewed problem passes."""
from __future__ import annotations

import copy

from geomill.dsl import parse
from geomill.render.textbook import textbook_figure

from tests.label_reader import mark_problems, textbook_problems

CHORD = ("points A B C O E F\ntriangle ABC equilateral\nline C E A\nline O E F\ncircle O through A B C F\n"
         "O circumcentre of ABC\nOE perpendicular to CE\nAB = 7\nfind FO\n")  # (review 10's 50)


def _labels(text: str) -> dict:
    return textbook_figure(parse(text)).labels


def test_a_bracket_never_crosses_a_drawn_line_it_is_broken_there() -> None:
    """(Halves ticked instead said the halves' equality, not the group's: reader 22's 13 read a given DE = CE as
    G the middle of DE.)  The side's bracket is broken where OF crosses it, its tick the group's."""
    lab = _labels(CHORD)
    assert textbook_problems(lab) == [] and mark_problems(lab) == []
    brackets = [m for m in lab["marks"] if m["kind"] == "bracket"]
    assert [m["elements"] for m in brackets] == [["AC"]] and len(brackets[0]["pixels"]) >= 2  # (broken: two pieces)
    assert not any(m["kind"] == "equal" and sorted(m["elements"]) == ["AE", "EC"] for m in lab["marks"])
    counts = {m["count"] for m in lab["marks"] if m["kind"] == "equal"} | {m["count"] for m in brackets}
    assert counts == {1}  # (one group, one count)
    pts = lab["points"]
    e = pts["E"]
    assert abs(pts["A"][0] + pts["C"][0] - 2 * e[0]) < 0.5 and abs(pts["A"][1] + pts["C"][1] - 2 * e[1]) < 0.5
    spoilt = copy.deepcopy(lab)  # review 10's: AC's bracket below the side, across EF
    a, c = pts["A"], pts["C"]
    y = max(a[1], c[1]) + 18
    spoilt["marks"].append({"kind": "bracket", "elements": ["AC"], "count": 1, "source": "triangle ABC equilateral",
                            "pixels": [[[a[0], a[1] + 10], [a[0], y], [c[0], y], [c[0], c[1] + 10]]]})
    assert any("the bracket of AC crosses" in x for x in textbook_problems(spoilt))


# -- issue 38 item 1 (a blind newcomer's figures): an arc's value or "?" on the arc ------------------------------
MAJOR = "circle O through A B\nPA tangent to circle O\nPB tangent to circle O\nmajor arc AB = 250\nfind angle APB\n"
ARC_LENGTH = "circle O through A B\ncounterclockwise OAB\nradius O = 9\nangle AOB = 80\nfind arc length OAB\n"
SECTOR = "sector AOB\nOA = 9\nangle AOB = 80\nfind arc AOB\n"  # (a GeomVerse shape: "arc = ?" sat mid-sector)


def _arc_label_nearest(lab: dict, element: str) -> None:
    """The label of arc ``element`` lies outside its circle, nearer the arc's middle (computed here from the points:
    the counter-clockwise arc, y up) than any point or any drawn segment."""
    import math

    from shapely.geometry import LineString, Point, box

    label = next(x for x in lab["labels"] if x["element"] == element)
    pts = lab["points"]
    name = element.split()[-1]
    if "givens" in lab:  # a textbook arc OAB: counter-clockwise from A to B about O
        o, a, b = (pts[n] for n in name)
        ta, tb = (math.atan2(-(p[1] - o[1]), p[0] - o[0]) for p in (a, b))  # (y down in the export)
        t = ta + ((tb - ta) % (2 * math.pi)) / 2
        r = math.dist(o, a)
        middle = (o[0] + r * math.cos(t), o[1] - r * math.sin(t))
    else:  # a sector AOB's arc (under 180° here): about O, halfway between OA and OB
        a, o, b = (pts[n] for n in name)
        r = math.dist(o, a)
        u = tuple((a[i] - o[i]) / math.dist(o, a) + (b[i] - o[i]) / math.dist(o, b) for i in (0, 1))
        middle = (o[0] + r * u[0] / math.hypot(*u), o[1] + r * u[1] / math.hypot(*u))
    where = box(*label["bbox"])
    assert where.distance(Point(o)) >= r - 0.5  # outside its circle
    own = where.distance(Point(middle))
    assert all(where.distance(Point(xy)) > own for xy in pts.values())
    assert all(where.distance(LineString([pts[s], pts[t]])) > own for s, t in lab["segments"])


def test_a_major_arc_given_is_labelled_on_the_arc() -> None:
    lab = _labels(MAJOR)
    given = next(g for g in lab["givens"] if g["element"] == "major arc AB")
    assert given["shown"] == "label"
    label = next(x for x in lab["labels"] if x["element"] == given["drawn"])
    assert label["text"] == "250°" and label["of"] == "major arc AB"
    _arc_label_nearest(lab, given["drawn"])
    o, a, b = (lab["points"][n] for n in "OAB")  # the labelled arc is the major one: beyond O from chord AB
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    lx, ly = (label["bbox"][0] + label["bbox"][2]) / 2, (label["bbox"][1] + label["bbox"][3]) / 2
    assert (lx - mx) * (o[0] - mx) + (ly - my) * (o[1] - my) > 0
    assert textbook_problems(lab) == []


def test_an_asked_arc_length_gets_its_query_on_the_arc_and_the_central_angle_keeps_its_value() -> None:
    lab = _labels(ARC_LENGTH)
    assert lab["goal"]["marked"] and lab["goal"]["drawn"] == "arc OAB" and "shown" not in lab["goal"]
    assert any(x["element"] == "arc OAB" and x["text"] == "?" for x in lab["labels"])
    _arc_label_nearest(lab, "arc OAB")
    assert any(x["element"] == "angle AOB" and x["text"] == "80°" for x in lab["labels"])  # (given as the angle)
    assert textbook_problems(lab) == []


def test_a_sectors_asked_arc_sits_beyond_its_arc_not_in_the_sector(tmp_path) -> None:
    import json

    from geomill.cli import main
    from tests.label_reader import problems

    src = tmp_path / "s.geo"
    src.write_text(SECTOR)  # (GeomVerse's figure of the sector: a shape-only file is a textbook figure by default)
    assert main(["render", str(src), "-o", str(tmp_path / "s.png"), "--labels", str(tmp_path / "s.json"),
                 "--style", "geomverse"]) == 0
    lab = json.loads((tmp_path / "s.json").read_text())
    _arc_label_nearest(lab, "arc AOB")
    assert problems(lab) == []
    spoilt = json.loads(json.dumps(lab))  # the review's: "arc = ?" in the middle of the sector
    label = next(x for x in spoilt["labels"] if x["element"] == "arc AOB")
    cx, cy = spoilt["arc_labels"][0]["centre"]
    mx, my = spoilt["arc_labels"][0]["middle"]
    x, y = cx + 0.5 * (mx - cx), cy + 0.5 * (my - cy)
    label["bbox"] = [x - 25, y - 8, x + 25, y + 8]
    assert any("inside its circle" in p for p in problems(spoilt))


# -- review 10's classes C and D: the unknown's only carrier on the figure; a drawn height asked ------------------
ONLY_CARRIER = ("points M Q S R N L P\ntriangle MQS\ntriangle SRN\nline M Q L\nline N R P\ncircle S through M L P N\n"
                "MQ perpendicular to SQ\nPR perpendicular to SR\nclockwise MQS SRN MLP MPN PRS\nLM = 16\nMS = NS\n"
                "NP = 4x\nQS = 7\nRS = 7\nradius S = MS\nradius S = NS\nfind x\n")  # (review 10's 19)
HEIGHT = ("points N M P O\ntriangle NMP\ntriangle NPO\nline M P O\nNP perpendicular to OP\nON perpendicular to MN\n"
          "clockwise NMP NPO ONM\nMP = 11\nOP = 27\nfind height NMO\n")  # (review 10's 25)


def test_the_only_given_that_carries_the_unknown_stays_on_the_figure() -> None:
    lab = _labels(ONLY_CARRIER)
    given = next(g for g in lab["givens"] if g["fact"] == "NP = 4*x")
    assert given["shown"] == "label"
    label = next(x for x in lab["labels"] if x["element"] == "NP")
    assert "4x" in label["text"] and lab["goal"]["marked"]
    assert textbook_problems(lab) == []


def test_an_asked_height_drawn_as_a_segment_gets_its_query_on_it() -> None:
    import math

    lab = _labels(HEIGHT)
    assert lab["goal"]["drawn"] == "NP" and lab["goal"]["marked"]
    label = next(x for x in lab["labels"] if x["element"] == "NP")
    assert label["text"].endswith("?") and label["of"] == "height NMO"
    n, p, m, o = (lab["points"][k] for k in "NPMO")  # (NP is the height: perpendicular to MO, P on it)
    assert abs((n[0] - p[0]) * (o[0] - m[0]) + (n[1] - p[1]) * (o[1] - m[1])) < 1e-3 * math.dist(m, o) ** 2
    assert textbook_problems(lab) == []


RATIO = "triangle ABC\nD on AB\nE on AC\nDE parallel to BC\nAD = 2 DB / 3\nAC = 20\nfind AE\n"  # (newcomer 11's 20)


def test_a_given_ratio_of_two_segments_is_shown_on_both_in_a_unit() -> None:
    lab = _labels(RATIO)  # (newcomer 11 saw no value on AB; the lead's rule since figtb14: "2k" on AD, "3k" on DB)
    ratio = next(g for g in lab["givens"] if g["fact"].startswith("AD = "))
    assert ratio["shown"] == "label" and ratio["element"] == "AD : BD"
    texts = {x["element"]: x["text"] for x in lab["labels"]}
    assert texts.get("AD") == "2k" and texts.get("BD") == "3k" and textbook_problems(lab) == []
    assert not {"AB", "BA"} & set(texts)
