"""Blind reader 37 (issue 38): textbook figures that a reader misread.

* A bare arc value stands on its arc only where no other drawn point lies on that arc; otherwise it is named
  ("arc CBD = 284°"): FormalGeo 1022's "284°" of the major arc CBD, written by the stretch DA, read as arc DA = 284°
  (``_bare_arc_values``).
* A leader to a side ends away from where a drawn circle crosses that side, as from where a line crosses it (the
  generated quadrilateral about a circle, seed 3707 index 0: "CO = ?" ended where CO crosses the circle, reading as
  the circle's or the crossing's; ``_leaders_at_crossings``).
* A chord drawn near the centre reads as a diameter: where the model made here draws one that no fact makes so, and
  the spreads leave it near, another start is tried, as for points drawn too close (FormalGeo 1883: chord TS 17 px
  from centre B in a 211 px circle; ``_near_incidences``).
* A tangency dot marks a stated tangency only (issue 38, figtb40): a line drawn touching a circle that no fact makes
  tangent is an accident the layout avoids, never dotted (FormalGeo 767: PV drawn touching the circle at W;
  ``_unlike_touching_dots`` flags a touching with no dot and a dot "as drawn").
* A piece's value of a side with a dimension line is named under the piece ("AE = 12", between the side and the
  whole's dimension line: its name says it is no part of that dimension) before a leader across the lines between
  (the generated parallelogram, seed 3707 index 1: "AE = 12"'s leader crossed AD by AD's arrows and "15", read as a
  second altitude; ``_leaders_across_annotated_sides``).  A leader that must cross lines crosses them away from their
  marks first (``compose._leaders_far_from_marks``: seed 3707 index 3, "CF = 13" led across FG by FG's arrow).
* A callout's leader crosses no other angle's arc on its way to its own (FormalGeo 3442: "∠AOC = 130°" led across
  COD's arc in a nest of four arcs at O; ``_leaders_across_arcs``)."""
from __future__ import annotations

import numpy as np
from geomill.dsl import parse
from geomill.render.compose import LEADER_ACROSS_MARK, _leaders_far_from_marks
from geomill.render.textbook import textbook_figure

from tests.label_reader import (_bare_arc_values, _leaders_across_annotated_sides, _leaders_across_arcs,
                                _leaders_at_crossings, _near_incidences, _unlike_touching_dots, mark_problems,
                                textbook_problems)

ARC_THROUGH = """points E A B C D
triangle ECD
circle E through B C D A
clockwise ECD BCD BDA
AB = 2x + 9
CD = 3x - 7
arc EBA = 76
arc ECD = 284
find x
"""


def _pts(lab: dict) -> dict:
    return {k: tuple(v) for k, v in lab["points"].items()}


def test_arc_value_through_points_is_named():
    """FormalGeo 1022: the major arc CD holds A and B, so its value is named; arc AB holds none and stays bare."""
    lab = textbook_figure(parse(ARC_THROUGH, "x")).labels
    text = {x["element"]: x["text"] for x in lab["labels"]}
    assert text["arc ECD"].startswith("arc C") and text["arc ECD"].endswith("= 284°")
    assert text["arc EBA"] == "76°"
    assert _bare_arc_values(lab, _pts(lab)) == [] and textbook_problems(lab) == [] and mark_problems(lab) == []


def test_reader_flags_a_bare_value_on_an_arc_through_points():
    pts = {"E": (256.0, 256.0), "C": (386.0, 423.0), "D": (126.0, 423.0), "A": (392.0, 96.0), "B": (445.0, 348.0)}
    pts = {n: (256.0 + (x - 256.0) * 211.33 / ((x - 256.0) ** 2 + (y - 256.0) ** 2) ** 0.5,
               256.0 + (y - 256.0) * 211.33 / ((x - 256.0) ** 2 + (y - 256.0) ** 2) ** 0.5) if n != "E" else (x, y)
           for n, (x, y) in pts.items()}
    bare = {"labels": [{"text": "284°", "element": "arc ECD", "bbox": [46, 101, 88, 118], "leader": None}]}
    assert "through A, B" in _bare_arc_values(bare, pts)[0]
    named = {"labels": [{"text": "arc CBD = 284°", "element": "arc ECD", "bbox": [46, 101, 88, 118], "leader": None}]}
    assert _bare_arc_values(named, pts) == []
    short = {"labels": [{"text": "76°", "element": "arc EBA", "bbox": [468, 194, 499, 211], "leader": None}]}
    assert _bare_arc_values(short, pts) == []


TANGENTIAL = """points O A B C D W X Y Z
quadrilateral ABCD
line A W B
line B X C
line C Y D
line D Z A
circle O through W X Y Z
AW tangent to circle O
AZ tangent to circle O
BW tangent to circle O
BX tangent to circle O
CX tangent to circle O
CY tangent to circle O
DY tangent to circle O
DZ tangent to circle O
AW = 12
BW = 4
BC = 25
angle BAD = 90
find CO
"""


def test_leader_ends_off_a_circle_crossing():
    """Seed 3707's index 0: the "CO = ?" leader ends on CO away from the circle it crosses."""
    lab = textbook_figure(parse(TANGENTIAL, "x")).labels
    led = next(x for x in lab["labels"] if x["element"] == "CO")
    assert led["leader"] is not None  # (still led: the case the rule is about)
    assert _leaders_at_crossings(lab, _pts(lab)) == [] and textbook_problems(lab) == []


def test_reader_flags_a_leader_at_a_circle_crossing():
    fig = {"segments": [["C", "O"]], "circles": [{"centre": [272.0, 276.0], "radius": 130.0}],
           "labels": [{"text": "CO = ?", "element": "CO", "bbox": [171, 260, 229, 277],
                       "leader": [[159.23, 337.11], [170.61, 279.3]]}]}
    pts = {"C": (45.0, 406.0), "O": (272.0, 276.0)}
    assert "the circle" in _leaders_at_crossings(fig, pts)[0]
    fig["labels"][0]["leader"] = [[148.0, 351.0], [148.0, 380.0]]
    assert _leaders_at_crossings(fig, pts) == []


CHORDS = """points S V R B U T
triangle VSU
line R V U
line S V T
circle B through R S U T
clockwise VSU RSU RUT TVU
angle TVU = x
arc BSR = 84
arc BTU = 130
find x
"""


def test_no_chord_drawn_near_the_centre():
    """FormalGeo 1883: neither chord ST nor chord RU reads as a diameter (the facts leave both free)."""
    fig = textbook_figure(parse(CHORDS, "x"))
    assert not any("reads as a diameter" in a for a in fig.accidental)
    assert _near_incidences(fig.labels, _pts(fig.labels)) == [] and textbook_problems(fig.labels) == []


TOUCHING = """points Q P W Z V U T S R
line P Q R
line P W V
line V U T
line R S T
circle Z through Q W U S
RQ tangent to circle Z
RS tangent to circle Z
TS tangent to circle Z
TU tangent to circle Z
clockwise QWU QUS
QR = 6
RT = x
TU = 4
VW = 8
PW = 3
find x
"""


def test_a_touching_no_fact_states_is_neither_dotted_nor_drawn():
    """FormalGeo 767: PV drawn touching the circle at W (no fact says so) read as a fourth tangency; its W dotted as one
    stated a relation no fact states.  The dots are the stated tangencies' and PV is drawn cutting the circle."""
    import math

    lab = textbook_figure(parse(TOUCHING, "x")).labels
    dots = {m["elements"][0] for m in lab["marks"] if m["kind"] == "dot"}
    assert dots == {"point Q", "point S", "point U"}
    pts = _pts(lab)
    (c, r), = ((x["centre"], x["radius"]) for x in lab["circles"])
    (px, py), (vx, vy) = pts["P"], pts["V"]
    off = abs((vx - px) * (c[1] - py) - (vy - py) * (c[0] - px)) / math.dist(pts["P"], pts["V"])
    assert abs(off - r) > 0.1 * r  # (clear of tangent: accidents.TANGENT_SHARE)
    assert _unlike_touching_dots(lab, pts) == [] and textbook_problems(lab) == [] and mark_problems(lab) == []


def test_reader_flags_a_dot_for_a_touching_only_drawn():
    fig = {"circles": [], "segments": [], "marks": [{"kind": "dot", "elements": ["point W"],
                                                     "source": "WV touches circle Z as drawn"}]}
    assert "point W" in _unlike_touching_dots(fig, {"W": (1.0, 2.0)})[0]
    fig["marks"][0]["source"] = "WV is tangent to circle Z at W"
    assert _unlike_touching_dots(fig, {"W": (1.0, 2.0)}) == []


def test_reader_flags_a_small_dot_where_a_line_touches():
    pts = {"Z": (227.0, 256.0), "P": (319.0, 107.0), "V": (467.0, 405.0), "Q": (227.0, 107.0)}
    w = (359.0, 187.5)
    fig = {"circles": [{"centre": [227.0, 256.0], "radius": 149.0}], "segments": [["P", "W"], ["W", "V"], ["P", "Q"]],
           "marks": [{"kind": "dot", "elements": ["point Q"]}], "dots": ["W", "Z"]}
    # (W where the circle touches PV: the foot of Z on PV)
    ux, uy = pts["V"][0] - pts["P"][0], pts["V"][1] - pts["P"][1]
    t = ((pts["Z"][0] - pts["P"][0]) * ux + (pts["Z"][1] - pts["P"][1]) * uy) / (ux * ux + uy * uy)
    w = (pts["P"][0] + t * ux, pts["P"][1] + t * uy)
    fig["circles"][0]["radius"] = ((w[0] - 227.0) ** 2 + (w[1] - 256.0) ** 2) ** 0.5
    pts["W"] = w
    assert "point W" in _unlike_touching_dots(fig, pts)[0]
    fig["marks"].append({"kind": "dot", "elements": ["point W"]})
    assert _unlike_touching_dots(fig, pts) == []


PIECE = """points A B C D E
parallelogram ABCD
line A E B
line D E
DE perpendicular to AE
AB = 27
AD = 15
AE = 12
find area ABCD
"""


def test_piece_value_named_under_the_piece():
    """Seed 3707's index 1: "AE = 12" under AE, no leader across AD."""
    lab = textbook_figure(parse(PIECE, "x")).labels
    ae = next(x for x in lab["labels"] if x["element"] == "AE")
    assert ae["text"] == "AE = 12" and ae["leader"] is None
    assert ae["bbox"][1] > lab["points"]["A"][1]  # (under AB, the side it is a piece of)
    assert _leaders_across_annotated_sides(lab, _pts(lab)) == [] and textbook_problems(lab) == []


def test_reader_flags_a_leader_across_a_side_by_its_marks():
    pts = {"A": (44.67, 304.77), "B": (337.28, 304.77), "D": (174.72, 207.2), "E": (174.72, 304.77)}
    fig = {"segments": [["A", "E"], ["E", "B"], ["D", "E"], ["D", "A"]],
           "marks": [{"kind": "parallel", "elements": ["AD", "BC"], "pixels": [[[93.09, 262.2], [102.49, 261.4],
                                                                                 [99.09, 270.2]]]}],
           "labels": [{"text": "15", "element": "AD", "bbox": [84, 228.67, 106, 245.33], "leader": None},
                      {"text": "AE = 12", "element": "AE", "bbox": [41.33, 170.67, 110.33, 187.33],
                       "leader": [[109.69, 301.77], [109.69, 187.33]]}]}
    assert "crosses DA" in _leaders_across_annotated_sides(fig, pts)[0]
    fig["labels"][1]["leader"] = [[150.0, 301.77], [150.0, 187.33]]  # (across AD far from its arrow and "15")
    assert _leaders_across_annotated_sides(fig, pts) == []


def test_reader_flags_a_callout_across_another_arc():
    """Reader 37's 25 as exported: "∠AOC = 130°" ends on its arc (50.7 px) after crossing COD's (64.7 px)."""
    pts = {"O": (186.76, 92.78), "A": (44.67, 292.44), "C": (345.45, 80.11), "D": (213.82, 431.89),
           "B": (467.33, 292.44)}
    fig = {"angle_marks": [{"element": "angle AOC", "radius": 50.67}, {"element": "angle DOC", "radius": 64.67}],
           "marks": [], "labels": [{"text": "∠AOC = 130°", "element": "angle AOC", "bbox": [364.15, 157.67, 481.85, 174.33],
                                    "leader": [[215.72, 137.39], [362.17, 157.4]]}]}
    assert "crosses the arc of angle DOC" in _leaders_across_arcs(fig, pts)[0]
    fig["angle_marks"][1]["radius"] = 36.0  # (COD's arc inside AOC's: the leader leaves AOC's arc outwards, clear)
    assert _leaders_across_arcs(fig, pts) == []


def test_a_leader_across_lines_keeps_off_their_marks():
    """The across-lines leader's rule: past its own end, ``LEADER_ACROSS_MARK`` px from every mark's stroke."""
    arrow = np.array([[[330.0, 245.0], [338.0, 250.0]], [[338.0, 250.0], [330.0, 255.0]]])  # (FG's arrow)
    boxes = np.zeros((3, 4))
    leaders = np.array([[[319.0, 220.0], [319.0, 265.0]],  # 11 px from the arrow's tip: too near
                        [[314.0, 220.0], [310.0, 265.0]],  # farther off
                        [[336.0, 257.0], [400.0, 300.0]]])  # its own end by the arrow (its own mark), then away
    ok = _leaders_far_from_marks(lambda b, ld: np.ones(len(b), bool), arrow, boxes, leaders)
    assert ok.tolist() == [False, True, True] and LEADER_ACROSS_MARK > 11.0
