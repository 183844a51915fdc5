"""Blind readers 30 and 31 (issue 38): an asked segment's bare "?" set inside a region the segments close (triangle
ACE beside AC, AFE beside AF, the wedge CPD beside CP) read as the region's or an angle's.  The rule
(render/attribution.py ``Rules._off_faces``): the "?" sits beside its segment in no face of the drawing, else it
names its segment ("AD = ?", read by its name wherever it sits; led to the segment where no place beside it is free).  The reader's check (tests/label_reader.py ``_queries_in_faces``).
Equal halves of equal sides (reader 30's 17, 23: AE = DF with two ticks and three) share one tick count
(``marks.merge_equal``, confirmed in a second model); the reader flags groups of one length with two counts.
Equal arcs (reader 30's 14 "arc AD = arc BC", reader 31's 12) carry matching ticks across the arcs, exported as an
``equal_arc`` mark; the reader checks the ticks cross their arcs and flags a stated equality of arcs left unmarked.
An arc's label is named as the question names the arc ("arc EC", never the language's "arc length OEC") and sits
on its arc or is led to it (reader 31's 17: a 10° arc asked in a corner, unmarked): ``goal_text``, ``_led_anchor``;
the reader flags a centre-first name and an arc label off its arc with no leader (``_arc_labels_off``).
A piece's value by the middle of the whole unvalued line it is a piece of (reader 31's 25: "23" by BF, 79% of BA,
read as the hypotenuse's) goes on a dimension line (``mark_place.RUN_ON_SHARE``); the reader flags it beside the
piece (``_pieces_by_whole_middles``)."""
from __future__ import annotations

import numpy as np
import shapely.ops
from shapely.geometry import LineString, Point

from geomill.dsl import parse
from geomill.render.textbook import textbook_figure

from tests.label_reader import mark_problems, textbook_problems

ALTITUDE = "triangle ABC\nline B D C\nAD perpendicular to BC\nAB = 5\nAC = 7\nBD = 3\nfind AD\n"
BISECTED = ("points A F E C B D\ntriangle AFE\ntriangle AEC\npolygon FBDE\ntriangle EDC\nline B F A\nline B D C\n"
            "line C E F\nAE bisects angle CAB\nD midpoint of BC\nAE perpendicular to CE\n"
            "clockwise AFE AEC FBDE EDC\nAB = 7\nDE = 1\nfind AC\n")  # (reader 30's 13)

HALVES = ("points A B C D E F\nparallelogram ABCD\nline A E B\nline D F C\nline E F\nE midpoint of AB\n"
          "F midpoint of DC\nAB = 22\nAD = 13\nfind EF\n")  # (reader 30's 23, its sides given)
KITE = "points A B C D\nkite ABCD\nAB = AD\nCB = CD\nAB = 5\nBC = 7\nfind AC\n"

ARCS = ("points O A B C\ntriangle ABC\ncircle O through A B C\nclockwise ABC\narc length OBA = arc length OAC\n"
        "angle ACB = 75\nfind angle BAC\n")  # (reader 31's 12)

SMALL_ARC = ("points O A B C E\ntriangle ABC\ntriangle BCE\nline B O E\ncircle O through A B C E\n"
             "BE diameter of circle O\ncounterclockwise OEC\nAO = 7\nangle ABC = 40\nangle ACB = 45\n"
             "find arc length OEC\n")  # (reader 31's 17: arc EC is 10°)

PIECE = ("points A B C F G\ntriangle BCA right at C\nline B F A\nline B G C\nFG parallel to AC\nAC = 25\nBC = 15\n"
         "BF = 23\nfind BG\n")  # (reader 31's 25)
WHOLE_VALUED = ("points A D B C Q\npolygon ADBC\ntriangle DQB\nline A D Q\nline Q B C\nclockwise ADBC DQB\n"
                "BC = x\nBQ = 6\nCQ = 8\nfind x\n")  # (the whole line QC valued: its piece BQ's "6" by it)

MIDLINE = ("points A D E B C\ntriangle ADE\npolygon DBCE\nline A D B\nline A E C\nDE parallel to BC\n"
           "clockwise ADE DBCE\nAD = 3\nBC = 5\nBD = 4\nfind DE\n")  # (reader 30's 06: DE between two regions)


def _faces(lab: dict) -> list:
    pts = lab["points"]
    return list(shapely.ops.polygonize(shapely.union_all([LineString([pts[a], pts[b]]) for a, b in lab["segments"]])))


def _asked(lab: dict) -> dict:
    return next(x for x in lab["labels"] if x["text"] == "?")


def test_an_inner_segments_question_is_named() -> None:
    lab = textbook_figure(parse(ALTITUDE)).labels
    assert textbook_problems(lab) == []
    asked = next(x for x in lab["labels"] if x["element"] == "AD")
    assert asked["text"] == "AD = ?"  # (a face on either side of AD: a bare "?" in either reads as the region's)
    if asked["leader"] is not None:
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


def _equal_groups(lab: dict) -> list[tuple[set, int]]:
    return [({"".join(sorted(e)) for e in m["elements"]}, m["count"]) for m in lab["marks"] if m["kind"] == "equal"]


def test_the_halves_of_equal_sides_share_one_tick_count() -> None:
    lab = textbook_figure(parse(HALVES)).labels
    assert textbook_problems(lab) == []
    halves = [(els, n) for els, n in _equal_groups(lab) if "AE" in els]
    assert halves and {"AE", "BE", "CF", "DF"} <= halves[0][0]
    assert len({n for _, n in _equal_groups(lab)}) == len(_equal_groups(lab))  # (distinct groups, distinct counts)


def test_groups_of_two_lengths_keep_two_counts() -> None:
    lab = textbook_figure(parse(KITE)).labels
    groups = _equal_groups(lab)
    assert sorted(n for _, n in groups) == [1, 2]  # (AB = AD and CB = CD: 5 and 7, never merged)


def test_the_reader_flags_one_length_with_two_counts() -> None:
    lab = textbook_figure(parse(HALVES)).labels
    m = next(m for m in lab["marks"] if m["kind"] == "equal" and "AE" in m["elements"])
    lab["marks"] = [m for m in lab["marks"] if m["kind"] != "equal"] + [
        {**m, "elements": ["AE", "BE"], "count": 1}, {**m, "elements": ["CF", "DF"], "count": 2}]
    assert any("are one length with 1 ticks and 2" in p for p in textbook_problems(lab))


def test_equal_arcs_carry_matching_ticks_on_the_arcs() -> None:
    lab = textbook_figure(parse(ARCS)).labels
    assert textbook_problems(lab) == [] and mark_problems(lab) == []
    m = next(m for m in lab["marks"] if m["kind"] == "equal_arc")
    assert sorted(m["elements"]) == ["arc OAC", "arc OBA"] and len(m["pixels"]) == 2 * m["count"]
    o = np.array(lab["points"]["O"], float)
    r = float(np.linalg.norm(np.array(lab["points"]["A"], float) - o))
    for tick in m["pixels"]:  # (each across the circle)
        assert abs(float(np.linalg.norm((np.array(tick[0]) + np.array(tick[-1])) / 2 - o)) - r) < 1.0
    assert next(g for g in lab["givens"] if g["fact"].startswith("arc"))["shown"] == "mark"
    assert ({"AB", "AC"}, 1) in [({"".join(sorted(e)) for e in x["elements"]}, x["count"]) for x in lab["marks"]
                                 if x["kind"] == "equal"]  # (the drawn chords of the equal arcs: equal, ticked)


def test_the_reader_flags_equal_arcs_unmarked_or_ticked_off_their_arc() -> None:
    lab = textbook_figure(parse(ARCS)).labels
    lab["marks"] = [m for m in lab["marks"] if m["kind"] != "equal_arc"]
    assert any("carries no tick on its arcs" in p for p in textbook_problems(lab))
    lab = textbook_figure(parse(ARCS)).labels
    m = next(m for m in lab["marks"] if m["kind"] == "equal_arc")
    m["pixels"] = [[[x + 30.0, y] for x, y in tick] for tick in m["pixels"]]
    assert any("does not cross its arc" in p for p in mark_problems(lab))


def test_a_small_arcs_question_is_named_as_asked_and_led_to_it() -> None:
    lab = textbook_figure(parse(SMALL_ARC)).labels
    assert [p for p in textbook_problems(lab) if "reads as a diameter" not in p] == []  # (chord BC by the centre:
    # the facts draw it 5° off BE, which no placement of a label changes)
    asked = next(x for x in lab["labels"] if x["text"].endswith("?"))
    assert asked["text"] == "arc EC = ?" and asked["leader"] is not None
    o, e, c = (np.array(lab["points"][n], float) for n in "OEC")
    end = np.array(asked["leader"][0], float)
    assert abs(float(np.linalg.norm(end - o)) - float(np.linalg.norm(e - o))) < 2.0  # (on the circle)
    assert float(np.linalg.norm(end - (e + c) / 2)) < float(np.linalg.norm(e - c))  # (between E and C)


def test_the_reader_flags_an_arc_named_centre_first_or_off_its_arc() -> None:
    lab = textbook_figure(parse(SMALL_ARC)).labels
    asked = next(x for x in lab["labels"] if x["text"].endswith("?"))
    asked["text"], asked["leader"], asked["bbox"] = "arc length OEC = ?", None, [8.0, 8.0, 168.0, 25.0]
    found = textbook_problems(lab)
    assert any("names its arc centre first" in p for p in found)
    assert any("from its arc with no leader" in p for p in found)


def _dimensions(lab: dict) -> list[str]:
    return sorted("".join(sorted(m["elements"][0])) for m in lab["marks"] if m["kind"] == "dimension")


def test_a_piece_by_the_whole_lines_middle_gets_a_dimension_line() -> None:
    lab = textbook_figure(parse(PIECE)).labels
    assert textbook_problems(lab) == []
    assert "BF" in _dimensions(lab)
    assert [g["shown"] for g in lab["givens"] if g["element"] == "BF"] == ["label"]


def test_a_piece_of_a_valued_line_keeps_its_value_beside_it() -> None:
    lab = textbook_figure(parse(WHOLE_VALUED)).labels
    assert textbook_problems(lab) == []
    assert _dimensions(lab) == ["CQ"] and all(g["shown"] == "label" for g in lab["givens"])


def test_the_reader_flags_a_pieces_value_by_the_whole_lines_middle() -> None:
    lab = textbook_figure(parse(PIECE)).labels
    lab["marks"] = [m for m in lab["marks"] if not (m["kind"] == "dimension" and set(m["elements"][0]) == set("BF"))]
    value = next(x for x in lab["labels"] if x["element"] == "BF")
    b, f = (np.array(lab["points"][n], float) for n in "BF")
    mid = (b + f) / 2 + np.array([0.0, 12.0])
    value["bbox"], value["leader"] = [mid[0] - 11.0, mid[1] - 8.0, mid[0] + 11.0, mid[1] + 8.0], None
    assert any("it reads as the whole's" in p for p in textbook_problems(lab))


def test_an_inner_segments_named_question_is_led_clear_of_its_marks() -> None:
    lab = textbook_figure(parse(MIDLINE)).labels
    assert textbook_problems(lab) == [] and mark_problems(lab) == []
    asked = next(x for x in lab["labels"] if x["element"] == "DE")
    assert asked["text"] in ("?", "DE = ?")
    if asked["leader"] is not None:  # (never across DE's own arrow: it read as pointing at the mark)
        lead = LineString(asked["leader"])
        strokes = [LineString(p) for m in lab["marks"] if m["kind"] in ("parallel", "equal") for p in m["pixels"]]
        assert min(lead.distance(g) for g in strokes) >= 2.0
