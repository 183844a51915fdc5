"""Blind readers of issue 38 (students shown only the PNG and the question): four classes still open.

* **A small circle.**  A point the facts leave free drawn far from the rest set the figure's extent, and the circle
  with everything on it shrank into a corner.  ``layout_faults`` says a circle under ``SMALL_CIRCLE`` (a polygon
  under ``SMALL_POLYGON``) of the figure's extent across (``small_parts``); ``spread(small=…)`` draws the far point
  nearer where the facts let it; where the givens force it (a tangent 22 radii long) the fault is forced and the
  generator refuses the figure (``make.unreadable``).  The reader flags it (``_small_parts``).
* **Crowded ticks.**  A diameter FH drawn through its centre O 0.09 px off its half FO (the pixels' rounding) was
  "another line" all along FO: every spot on FO touched it, and FO's and OH's ticks went to O.  A segment lies along a
  line by both ends within ``ALONG_PX`` (``MarkLayout._others``).  The reader already flags a tick by a point.
* **Parallel arrows on a piece.**  Arrows sit on the segment the relation names (its whole stretch where no piece of
  it has room, never a piece of the line beyond it while it has room itself) and mid-way on their piece
  (``mark_place._mid_way``): pushed 29 px from A on a 207 px side they read as marking the short stretch by A.  The
  reader flags arrows beyond their segment, on a short piece, or by an end of their piece (``_arrows_mid_way``).
* **A dimension line that starts away from its point.**  Its end bars were short, a font and more off its side: CB's
  "4" read as starting at X above C.  Each end now has an extension line from its point; the reader flags an end
  neither reached by one nor clearly nearest its own point (``_dimension_starts``)."""
from __future__ import annotations

import math

import numpy as np

from geomill.dsl import parse
from geomill.generate.textbook_gen.make import unreadable
from geomill.render.mark_place import MarkLayout, arrow_piece
from geomill.render.textbook import textbook_figure
from geomill.solvers.numeric import NumericModel, build_model

from tests.label_reader import (_arrows_mid_way, _dimension_starts, _small_parts, _ticks_by_labels, mark_problems,
                                textbook_problems)


def _model(problem, coords: dict, radii: dict | None = None) -> NumericModel:
    return NumericModel(problem, {n: np.array(v, float) for n, v in coords.items()}, {}, radii or {}, 0.0, 0)


FAR = """points A B C O P
circle O through A B C
line B A P
triangle ABC
AO = 3
angle ABC = 40
find angle AOC
"""


def _far_model(problem) -> NumericModel:
    a, b = np.array([3.0, 0.0]), np.array([0.0, 3.0])
    c = 3 * np.array([math.cos(math.radians(-80)), math.sin(math.radians(-80))])
    return _model(problem, {"A": a, "B": b, "C": c, "O": (0.0, 0.0), "P": a + 6 * (a - b)}, {"O": 3.0})


def test_a_free_point_far_off_is_drawn_near_the_circle():
    """P, free on line BA, given 6 chords out: the circle was 135 px across in a figure 423 px wide, in a corner."""
    problem = parse(FAR, "x")
    fig = textbook_figure(problem, _far_model(problem))
    lab = fig.labels
    (circle,) = lab["circles"]
    xs = [x for x, _ in lab["points"].values()] + [circle["centre"][0] - circle["radius"], circle["centre"][0] + circle["radius"]]
    ys = [y for _, y in lab["points"].values()] + [circle["centre"][1] - circle["radius"], circle["centre"][1] + circle["radius"]]
    assert 2 * circle["radius"] >= max(max(xs) - min(xs), max(ys) - min(ys)) / 3
    assert not any("drawn small" in f for f in fig.warnings)
    assert _small_parts(lab) == [] and textbook_problems(lab) == []
    spoilt = {**lab, "circles": [{**circle, "radius": 40.0}]}  # (the circle as it was drawn: shrunk into a corner)
    assert any("shrunk into a corner" in p for p in _small_parts(spoilt))


def test_spread_grows_a_small_circle_against_the_figure():
    """``spread(small=…)``: the circle grown to SPREAD_CIRCLE of the figure's size where the facts let it (P nearer)."""
    from geomill.solvers.numeric import SPREAD_CIRCLE, spread

    problem = parse(FAR, "x")
    model = _far_model(problem)

    def share(m) -> float:
        xy = np.array(list(m.coords.values()))
        return 2 * m.radii["O"] / float(np.max(np.ptp(xy, axis=0)))

    grown = spread(model, small=[(("O", "A"), True)])
    assert share(model) < 0.3 and grown is not None and share(grown) >= SPREAD_CIRCLE - 0.02
    assert share(grown) > share(spread(model)) + 0.03  # (the term's own work: the other terms alone stop at 0.40)
    assert abs(grown.goal_value() - model.goal_value()) < 1e-6


TANGENT = """points A B C O E F
triangle ABC
triangle OBE
line B F E
circle O through A B C
F midpoint of BE
EB tangent to circle O
angle ABC = 30
angle ACB = 60
AO = 3
BE = 22
find BC/BF
"""


def test_a_small_circle_the_givens_force_is_said_and_refused_by_the_generator():
    """A tangent 22 radii long: no layout draws the circle larger; the figure says it, the generator refuses it."""
    problem = parse(TANGENT, "x")
    fig = textbook_figure(problem, build_model(problem))
    small = [f for f in fig.forced if "circle about O is drawn small" in f]
    assert small and not any("drawn small" in f for f in fig.misleads)
    assert any("drawn small" in w for w in unreadable(problem, fig))
    assert _small_parts(fig.labels)  # (the reader sees it as a student does)


HALVES = """points A B C O E F G H
triangle ABC
triangle OAE
line E F G
line F H
circle O through A B C F G H
EA tangent to circle O
angle ABC = 30
angle ACB = 60
AO = 6
FH = BC
find FH
"""
HALVES_AT = {"A": (1.07339591488, -5.903204317142), "B": (4.575626944935, 3.881190289175),
             "C": (-4.575626944935, -3.881190289175), "E": (5.992732845831, -5.008707721408),
             "F": (4.091214999092, -4.388844931324), "G": (-5.89175369629, -1.13456528338),
             "H": (-4.091214999092, 4.388844931324), "O": (0.0, 0.0)}


def test_ticks_of_a_diameters_halves_sit_by_their_middles():
    """Generated 31 of seed 5: FO's and OH's ticks were drawn 4 px from O, over the lines crossing there."""
    problem = parse(HALVES, "x")
    lab = textbook_figure(problem, _model(problem, HALVES_AT, {"O": 6.0})).labels
    pts = lab["points"]
    (eq,) = [m for m in lab["marks"] if m["kind"] == "equal"]
    for i, e in enumerate(eq["elements"]):
        tick = np.mean(eq["pixels"][i], axis=0)
        p, q = (np.array(pts[n]) for n in e)
        assert np.hypot(*(tick - (p + q) / 2)) < 0.25 * np.hypot(*(q - p)), e  # (by the middle of its segment)
    assert mark_problems(lab) == [] and textbook_problems(lab) == []
    tick = eq["pixels"][0]
    x, y = tick[0]
    spoilt = {**lab, "labels": [*lab["labels"], {"text": "5", "element": "BO", "bbox": [x + 1, y - 8, x + 9, y + 8],
                                                  "leader": None}]}  # (a value set against the tick)
    assert any("touches the label '5'" in p for p in _ticks_by_labels(spoilt))


def test_a_segment_along_a_line_by_rounding_is_no_other_line():
    """Both ends within ALONG_PX of the line: along it (0.09 px off), not another line through every spot on it."""
    class Frame:
        size, scale = 512, 1.0

        @staticmethod
        def px(xy):
            return xy

    class Scene:
        points = {"F": (100.0, 100.0), "O": (150.0, 200.0), "H": (200.09, 300.0), "E": (0.0, 300.0)}
        segments = [("F", "H"), ("E", "O")]
        arcs = []

    layout = MarkLayout(Scene, Frame, 16.0)
    a, _ = layout._others(np.array(Scene.points["F"]), np.array(Scene.points["O"]))
    assert [tuple(x) for x in a] == [(0.0, 300.0)]  # (EO only: FH lies along FO)


TANGENTS = """points O A B C D W X Y Z
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
AW = 3
BW = 3
BC = 4
angle BAD = 90
find CX/CO
"""
TANGENTS_AT = {"A": (3.070413943151, -2.927893136319), "B": (2.927893136319, 3.070413943151),
               "C": (-1.070978249994, 2.97540007193), "D": (-8.926200215789, -3.212934749982), "O": (0.0, 0.0),
               "W": (2.999153539735, 0.071260403416), "X": (-0.071260403416, 2.999153539735),
               "Y": (-1.856500446574, 2.356566589739), "Z": (0.071260403416, -2.999153539735)}


def test_a_dimension_line_starts_at_its_points():
    """Generated 19 of seed 11: CB's "4" ran 33 px above C with short end bars, 48 px from X: read as from X."""
    problem = parse(TANGENTS, "x")
    lab = textbook_figure(problem, _model(problem, TANGENTS_AT, {"O": 3.0})).labels
    pts = {k: tuple(v) for k, v in lab["points"].items()}
    (dim,) = [m for m in lab["marks"] if m["kind"] == "dimension"]
    ends = {n for n in "BC" if any(min(math.dist(pts[n], xy) for xy in bar) < 6.0 for bar in dim["pixels"][1:3])}
    assert ends == {"B", "C"}  # (an extension line from each point)
    assert _dimension_starts(lab, pts) == [] and textbook_problems(lab) == [] and mark_problems(lab) == []
    short = [[list(np.array(b[0]) + 0.85 * (np.array(b[1]) - np.array(b[0]))), b[1]] for b in dim["pixels"][1:3]]
    spoilt = {**lab, "marks": [{**dim, "pixels": [dim["pixels"][0], *short, *dim["pixels"][3:]]} if m is dim else m
                               for m in lab["marks"]]}
    assert any("reads as starting at X" in p for p in _dimension_starts(spoilt, pts))


PARALLELOGRAM = """points A C J B D
triangle ACJ
triangle JCB
triangle AJD
triangle JBD
parallelogram ACBD
line A J B
line C J D
clockwise ACJ JCB AJD JBD
AJ = 2x + 3
CJ = 8y - 36
BJ = 5x
DJ = 4y
find y
"""


def test_parallel_arrows_sit_mid_way():
    """FormalGeo 14: AD's and BC's arrows were pushed 29 px from A and B on 207 px sides (the middle by a leader)."""
    problem = parse(PARALLELOGRAM, "x")
    lab = textbook_figure(problem).labels
    pts = {k: tuple(v) for k, v in lab["points"].items()}
    for m in (m for m in lab["marks"] if m["kind"] == "parallel"):
        per = len(m["pixels"]) // len(m["elements"])
        for i, e in enumerate(m["elements"]):
            p, q = (np.array(pts[n]) for n in e)
            centre = np.mean([xy for a in m["pixels"][i * per:(i + 1) * per] for xy in a], axis=0)
            share = float((centre - p) @ (q - p)) / float((q - p) @ (q - p))
            assert abs(share - 0.5) <= 0.3, (e, share)
    assert _arrows_mid_way(lab, pts) == []
    (m, *_) = [m for m in lab["marks"] if m["kind"] == "parallel"]
    e = m["elements"][0]
    p, q = (np.array(pts[n]) for n in e)
    shift = 0.4 * (q - p)  # (the arrows pushed by an end, as they were)
    moved = [[list(np.array(xy) + shift) for xy in a] for a in m["pixels"][:len(m["pixels"]) // len(m["elements"])]]
    spoilt = {**lab, "marks": [{**m, "pixels": moved + m["pixels"][len(moved):]}]}
    assert any(f"arrows of {e}" in p for p in _arrows_mid_way(spoilt, pts))


SPLIT = """points A F B E C D
line A F B E
AB parallel to CD
line C E
line B C
line A D
find BE
"""


def test_arrows_stay_on_their_segment_where_it_has_room():
    """AB split by F into pieces too short for an arrow each, but AB with room: on AB, never on the long piece BE of
    its line (read as BE's)."""
    problem = parse(SPLIT, "x")
    at = {"A": (0.0, 0.0), "F": (0.9, 0.0), "B": (1.8, 0.0), "E": (12.0, 0.0), "C": (4.0, 5.0), "D": (-1.0, 5.0)}

    class Frame:
        size, scale = 512, 35.0

        @staticmethod
        def px(xy):
            return (35.0 * xy[0] + 40.0, 35.0 * xy[1] + 100.0)

    class Scene:
        points = at
        segments = [("A", "F"), ("F", "B"), ("B", "E"), ("C", "E"), ("B", "C"), ("A", "D"), ("C", "D")]
        arcs = []

    layout = MarkLayout(Scene, Frame, 16.0)
    s, t = arrow_piece(layout, "A", "B", 1)
    assert 40.0 - 0.5 <= min(s[0], t[0]) and max(s[0], t[0]) <= 40.0 + 35.0 * 1.8 + 0.5  # (within AB)
    lab = textbook_figure(problem, _model(problem, at)).labels
    pts = {k: tuple(v) for k, v in lab["points"].items()}
    assert not any("beyond it" in p for p in _arrows_mid_way(lab, pts))
