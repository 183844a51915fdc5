"""Blind reader 32 (issue 38): a label for a whole segment through a drawn crossing read as a piece's, a leader
ending where two lines cross, crowded arcs at one vertex.

* A split side's named value with no dimension line ("PR = ?", reader 32's 02: under the RQ part of RP, read as
  RQ's) sits by the whole side's middle where the piece there is free (``compose._whole_middle``), not by the middle
  of its longest piece.
* A leader's end on its side keeps off where another drawn line crosses the side (reader 32's 16: "AF = ?" ended
  where AF crosses ED): ``compose._open_middle``'s ``lines``; the reader flags one within ``CROSSING_PX``
  (``_leaders_at_crossings``).
* A narrow angle's arc is drawn long enough to see (reader 32's 01: a 20° arc 9 px long beside the 60° arc at A):
  ``compose.ARC_LENGTH_FONTS``.
* An asked sector is lightly shaded grey in a plain figure and its arc drawn heavier (reader 32's 24: a leader into
  an unshaded sector said little): ``textbook._shaded``, ``compose._emphasised_arcs``; the export's shape carries
  its ``shade``, and the reader reads a leader's tip in the shaded region as the region's."""
from __future__ import annotations

import math

from geomill.dsl import parse
from geomill.render.textbook import textbook_figure

from io import BytesIO

import numpy as np
from PIL import Image
from shapely.geometry import LineString, Point, Polygon

from tests.label_reader import _leaders_at_crossings, textbook_problems

SPLIT = ("points L R Q N M P K\npolygon LRQN\ntriangle RMQ\npolygon NQPK\ntriangle QMP\nline L R M\nline K P M\n"
         "line L N K\nline R Q P\nline N Q M\nLK parallel to RP\nKN perpendicular to MN\nRM perpendicular to PM\n"
         "clockwise LRQN RMQ NQPK QMP KNM RMP\nKN = 9\nLN = 16\nMP = 2 KP\nfind PR\n")  # (reader 32's 02)
CROSSED = ("points A B C D E F\ntriangle ABC\nline A D C\nline A E B\nline C F B\nline A F\nDE midsegment of ACB\n"
           "AB = 13\nBC = 16\nAC = 8\nCF = 4\nfind AF\n")  # (reader 32's 16: AF crosses DE at its middle)
NARROW = ("points A B M C D E\ntriangle ABM\ntriangle AMC\ntriangle MDC\ntriangle ACE\nline A M D\nline D C E\n"
          "line B M C\nABC congruent to ADE\nclockwise ABM AMC MDC ACE ABC CAD\nangle ABC = 40\nangle CAE = 60\n"
          "find angle CAD\n")  # (reader 32's 01: ∠CAD is 20°)


def _label(lab: dict, element: str) -> dict:
    return next(x for x in lab["labels"] if x["element"] == element)


def test_a_split_sides_named_value_sits_by_the_whole_middle() -> None:
    lab = textbook_figure(parse(SPLIT)).labels
    assert textbook_problems(lab) == []
    asked = _label(lab, "PR")
    assert asked["text"] == "PR = ?" and asked["leader"] is None
    (rx, ry), (px, py) = lab["points"]["R"], lab["points"]["P"]
    x0, y0, x1, y1 = asked["bbox"]
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    length = math.hypot(px - rx, py - ry)
    t = ((cx - rx) * (px - rx) + (cy - ry) * (py - ry)) / length ** 2
    assert abs(t - 0.5) < 0.06  # (by RP's middle; by RQ's middle, t ≈ 0.32, it read as RQ's)
    qx = lab["points"]["Q"][0]
    assert x1 < qx or x0 > qx  # (never over the crossing)


def test_a_leader_ends_off_a_crossing() -> None:
    lab = textbook_figure(parse(CROSSED)).labels
    assert textbook_problems(lab) == []
    asked = _label(lab, "AF")
    if asked["leader"] is not None:
        a, f, d, e = (lab["points"][n] for n in "AFDE")
        # AF crosses DE at its middle (D, E midpoints): the leader's end keeps off that crossing
        x = ((a[0] + f[0]) / 2, (a[1] + f[1]) / 2)
        assert math.dist(asked["leader"][0], x) >= 8.0


def test_the_reader_flags_a_leader_at_a_crossing() -> None:
    fig = {"points": {"A": (0.0, 0.0), "B": (100.0, 0.0), "C": (50.0, -50.0), "D": (50.0, 50.0)},
           "segments": [["A", "B"], ["C", "D"]],
           "labels": [{"text": "AB = ?", "element": "AB", "bbox": [80, 30, 120, 45], "leader": [[51.0, 2.0],
                                                                                               [80.0, 30.0]]}]}
    assert _leaders_at_crossings(fig, fig["points"])
    fig["labels"][0]["leader"][0] = [25.0, 0.0]
    assert not _leaders_at_crossings(fig, fig["points"])


def test_a_narrow_angles_arc_is_long_enough_to_see() -> None:
    lab = textbook_figure(parse(NARROW)).labels
    assert textbook_problems(lab) == []
    radius = {m["element"]: m["radius"] for m in lab["angle_marks"]}
    pts = lab["points"]
    sweep = abs(math.remainder(math.atan2(pts["C"][1] - pts["A"][1], pts["C"][0] - pts["A"][0])
                               - math.atan2(pts["D"][1] - pts["A"][1], pts["D"][0] - pts["A"][0]), 2 * math.pi))
    assert radius["angle CAD"] * sweep >= 14.0  # (a font long: 9 px read as a speck by the 60° arc)
    assert radius["angle CAD"] - radius["angle CAE"] >= 14.0  # (distinct radii at A, the narrow one's outside:
    # side by side, the wider angle's arc goes in, issue 38)


SECTOR = ("points A B C O D E\ntriangle ABC\nline C D A\nline O D E\ncircle O through A B C E\n"
          "OD perpendicular to CD\ncounterclockwise OEA\nangle ABC = 45\nAO = 8\nfind sector perimeter OEA\n")  # (24)


def test_an_asked_sector_is_shaded_and_its_arc_heavier() -> None:
    fig = textbook_figure(parse(SECTOR))
    lab = fig.labels
    assert textbook_problems(lab) == []
    sector = next(s for s in lab["shapes"] if s["kind"] == "sector")
    assert sector["shade"] > 0
    region = Polygon(sector["outline"])
    strokes = [LineString([lab["points"][a], lab["points"][b]]) for a, b in lab["segments"]]
    boxes = [Polygon([(x0, y0), (x1, y0), (x1, y1), (x0, y1)]) for x0, y0, x1, y1 in (x["bbox"] for x in lab["labels"])]
    px = np.asarray(Image.open(BytesIO(fig.data)).convert("RGB")).astype(int)
    inside = [(x, y) for x in range(0, 512, 4) for y in range(0, 512, 4) if region.buffer(-4).contains(Point(x, y))
              and all(s.distance(Point(x, y)) > 4 for s in strokes) and not any(b.buffer(3).contains(Point(x, y))
                                                                                    for b in boxes)]
    assert inside
    grey = [px[y, x] for x, y in inside]
    assert all(200 <= c[0] <= 245 and c[0] == c[1] == c[2] for c in grey)  # (light grey, not the white page)
    o = lab["points"]["O"]
    r = math.dist(o, lab["points"]["A"])
    mid = Point(*np.mean(sector["outline"][1:-1], axis=0))
    t = math.atan2(mid.y - o[1], mid.x - o[0])
    dark = [k for k in range(-4, 5) if px[round(o[1] + (r + k) * math.sin(t)), round(o[0] + (r + k) * math.cos(t))][0]
            < 128]
    plain = [k for k in range(-4, 5) if px[round(o[1] - (r + k) * math.sin(t)), round(o[0] - (r + k) * math.cos(t))][0]
             < 128]  # (the circle across from it, drawn as usual)
    assert len(dark) > len(plain)


def test_matplotlib_comes_through_render_mpl_unchanged_but_its_docstrings() -> None:
    """``render.mpl`` sets ``kwdoc`` aside only while matplotlib's renderer classes load (issue 38: start-up)."""
    import inspect

    import matplotlib.artist

    from geomill.render import mpl

    assert matplotlib.artist.kwdoc is mpl._kwdoc  # (restored: a later import writes its docstrings as usual)
    assert "linewidth" in inspect.signature(mpl.LineCollection.set).parameters  # (set()'s signature still built)


def test_a_point_a_few_px_off_a_circle_no_fact_puts_it_on_is_an_accident() -> None:
    """A point within ``ON_CIRCLE_PX`` of a circle it is not said to be on reads as on it (reader 32's 04 asked
    whether D was): a coincidence the layout weighs as a fault (``reads_as_fact``); one the facts state is none."""
    from geomill.render.accidents import ON_CIRCLE_PX, accidents, reads_as_fact
    from geomill.render.scene import Scene

    problem = parse("points O A B D\ncircle O through A B\ntriangle ABD\nAB = 5\nAD = 4\nfind BD\n")
    scene = Scene({n: (0.0, 0.0) for n in "OABD"}, [("A", "B"), ("B", "D"), ("D", "A")], [], [])
    for off, flagged in ((0.0, True), (ON_CIRCLE_PX - 1, True), (ON_CIRCLE_PX + 3, False)):
        px = {"O": np.array([256.0, 256.0]), "A": np.array([356.0, 256.0]), "B": np.array([256.0, 356.0]),
              "D": np.array([256.0 - 100.0 - off, 256.0])}
        found = [a for a in accidents(problem, scene, px, []) if "circle" in a]
        assert bool(found) == flagged and all(reads_as_fact(a) for a in found)
    stated = parse("points O A B D\ncircle O through A B D\ntriangle ABD\nAB = 5\nAD = 4\nfind BD\n")
    px["D"] = np.array([156.0, 256.0])
    assert not [a for a in accidents(stated, scene, px, []) if "circle" in a]
