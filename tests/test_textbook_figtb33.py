"""Blind readers 30 and 31 (issue 38): an asked segment's bare "?" set inside a region the segments close (triangle
ACE beside AC, AFE beside AF, the wedge CPD beside CP) read as the region's or an angle's.  The rule
(render/attribution.py ``Rules._off_faces``): the "?" sits beside its segment in no face of the drawing, else a
leader to the segment.  The reader's check (tests/label_reader.py ``_queries_in_faces``)."""
from __future__ import annotations

import numpy as np
import shapely.ops
from shapely.geometry import LineString, Point

from geomill.dsl import parse
from geomill.render.textbook import textbook_figure

from tests.label_reader import textbook_problems

ALTITUDE = "triangle ABC\nline B D C\nAD perpendicular to BC\nAB = 5\nAC = 7\nBD = 3\nfind AD\n"
BISECTED = ("points A F E C B D\ntriangle AFE\ntriangle AEC\npolygon FBDE\ntriangle EDC\nline B F A\nline B D C\n"
            "line C E F\nAE bisects angle CAB\nD midpoint of BC\nAE perpendicular to CE\n"
            "clockwise AFE AEC FBDE EDC\nAB = 7\nDE = 1\nfind AC\n")  # (reader 30's 13)


def _faces(lab: dict) -> list:
    pts = lab["points"]
    return list(shapely.ops.polygonize(shapely.union_all([LineString([pts[a], pts[b]]) for a, b in lab["segments"]])))


def _asked(lab: dict) -> dict:
    return next(x for x in lab["labels"] if x["text"] == "?")


def test_an_inner_segments_question_mark_is_led_to_it() -> None:
    lab = textbook_figure(parse(ALTITUDE)).labels
    assert textbook_problems(lab) == []
    asked = _asked(lab)
    assert asked["element"] == "AD" and asked["leader"] is not None
    a, d = (np.array(lab["points"][n], float) for n in "AD")
    assert LineString([a, d]).distance(Point(asked["leader"][0])) < 6.0  # (its end on AD)


def test_an_outer_sides_question_mark_sits_outside_the_figure() -> None:
    lab = textbook_figure(parse(BISECTED)).labels
    assert textbook_problems(lab) == []
    asked = _asked(lab)
    assert asked["element"] == "AC" and asked["leader"] is None
    x0, y0, x1, y1 = asked["bbox"]
    c = Point((x0 + x1) / 2, (y0 + y1) / 2)
    assert not any(f.contains(c) for f in _faces(lab))
    pts = lab["points"]
    near = min(lab["segments"], key=lambda s: LineString([pts[s[0]], pts[s[1]]]).distance(c))
    assert set(near) == {"A", "C"}  # (its nearest segment is its own)


def test_the_reader_flags_a_question_mark_inside_a_region() -> None:
    lab = textbook_figure(parse(BISECTED)).labels
    asked = _asked(lab)
    pts = {n: np.array(p, float) for n, p in lab["points"].items()}
    inside = (pts["A"] + pts["C"] + pts["E"]) / 3  # (triangle ACE's middle, where reader 30 found it)
    asked["bbox"] = [inside[0] - 4.5, inside[1] - 8.0, inside[0] + 4.5, inside[1] + 8.0]
    asked["leader"] = None
    assert any('the "?" of AC sits inside a region' in p for p in textbook_problems(lab))
