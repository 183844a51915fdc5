"""Blind reader 35 (issue 38): a drawn side left 28 px long where the facts leave it free, an equal-length bracket
read as a stray line, labels that could name a neighbour.

* ``numeric.spread`` leaves alone a polygon corner drawn past flat whose angle the facts fix (a dart's reflex
  corner at a circle's centre): its pull against the facts left the least squares far off them, and the polish
  landed on a worse figure, so spread gave up (reader 35's 06, FormalGeo 4428: chord BC 28 px, the asked angle's
  "?" arc tiny).
* A split side's equal-length bracket has legs of ``BRACKET_HOOK`` px, painted with rounded corners as a typeset
  bracket's (reader 35's 19: square 8 px legs beside a 390 px side read as "tiny end stubs", the bracket as a stray
  thin line parallel to AB, its tick "not on AB"); the reader flags stubs beside a long span.
* A side that another drawn line crosses where no point is (``MarkLayout.crossed``) is drawn as two pieces: its
  value says its side ("AO = 5"; reader 35's 26: the radius's bare "5" by the part of OA chord BC cuts off read as
  the piece's); the reader flags a bare value there.
* An asked arc is drawn heavier (``TextbookAnnotation._asked_arc``, exported as a mark of kind ``arc``), as an asked
  sector's is (reader 35's 16: a bare "?" by the circle between E and C, no arc marked, read as chord EC's); the
  reader flags an arc's bare "?" with no such mark, and a heavier stroke off its arc.
* A piece's bare value is never placed between the whole side and the whole's dimension line
  (``attribution._whole_strips``; reader 35's 17: AG's "?" under AC's "19" read as part of AC's dimension); the
  reader flags one there.
* A set-off value's leader keeps ``SQUARE_LEADER_CLEAR`` px from right-angle squares (reader 35's 12: "CD = 6" led
  3 px past the square at D read as led across it); the reader flags one within ``LEADER_SQUARE``.
* The generator's chords base spreads its points round the circle (``construct.CAP_ARC``: no arc between two of
  A, C, B, D over 180°, the centre inside ACBD), drawing its values again otherwise (reader 35's 20: AP = 5,
  PB = 7, CP = 3 at 30° put ACBD in a thin cap of a large circle, four leaders crowded there)."""
from __future__ import annotations

import copy
import math

import numpy as np
from shapely.geometry import LineString, Point, Polygon

from geomill.dsl import parse
from geomill.generate.textbook_gen.construct import BASES, CAP_ARC, Figure, Retry, _circumcentre, _unit, _widest_gap
from geomill.render.mark_place import BRACKET_HOOK, rounded
from geomill.render.textbook import MIN_SIDE, textbook_figure
from geomill.solvers.numeric import APPROXIMATE, NumericModel, build_model, moved, spread

from tests.label_reader import mark_problems, textbook_problems

SPLIT = ("points A B C O F\ntriangle ABC isosceles at A\nline A F B\nline O F\ncircle O through A B C\n"
         "O circumcentre of ABC\nOF perpendicular to AF\nangle BAC = 40\nfind angle BOF\n")  # (reader 35's 19)
CROSSED = ("points A B C O\ntriangle ABC\ncircle O through A B C\nclockwise OBC\nangle ABC = 30\n"
           "angle ACB = 40\nAO = 5\nfind sector perimeter OBC\n")  # (reader 35's 26)
ARC = ("points A B C O D E\ntriangle ABC isosceles at A\nline B D C\nline O D E\ncircle O through A B C E\n"
       "O circumcentre of ABC\nOD perpendicular to BD\ncounterclockwise OEC\nangle BAC = 60\nfind arc OEC\n")  # (16)
PIECE = ("points A B C F G\ntriangle ABC\nline C F B\nline C G A\nFG parallel to BA\nBC = 16\nAC = 19\nCF = 8\n"
         "find AG\n")  # (reader 35's 17, drawn where the reader saw it)
PIECE_AT = {"A": (119.04, 467.33), "B": (357.62, 467.33), "C": (392.96, 44.67), "F": (375.29, 256.0),
            "G": (256.0, 256.0)}
SQUARED = ("points A C D B\ntriangle ACD\ntriangle ADB\nline C D B\nCD perpendicular to AD\nclockwise ACD ADB\n"
           "AC = 13\nCD = 6\nBD = 29\nfind perimeter ABD\n")  # (FormalGeo 573, reader 35's 12)
SQUARED_AT = {"A": (394.88, 186.37), "C": (467.33, 325.63), "D": (394.88, 325.63), "B": (44.67, 325.63)}
DART = ("points D A O C B\npolygon DAOC\npolygon OABC\ncircle O through A B C D\n"
        "clockwise DAOC OABC ABC ACD COA\nangle AOC = 100\nfind angle ABC\n")  # (FormalGeo 4428, reader 35's 06)


def _length(lab: dict, a: str, b: str) -> float:
    return math.dist(lab["points"][a], lab["points"][b])


def test_spread_keeps_off_a_forced_reflex_corner() -> None:
    problem = parse(DART)
    model = build_model(problem, tolerate=APPROXIMATE)
    moved = spread(model)
    assert moved is not None
    assert abs(moved.goal_value() - 130.0) < 1e-3


def test_the_asked_angles_sides_are_drawn_long() -> None:
    problem = parse(DART)
    lab = textbook_figure(problem, build_model(problem, tolerate=APPROXIMATE)).labels
    assert min(_length(lab, "A", "B"), _length(lab, "B", "C")) >= 2 * MIN_SIDE  # (28 px before)
    assert textbook_problems(lab) == []


def test_a_split_sides_bracket_has_legs_that_read() -> None:
    lab = textbook_figure(parse(SPLIT)).labels
    assert textbook_problems(lab) == []
    (brace,) = next(m["pixels"] for m in lab["marks"] if m["kind"] == "bracket" and m["elements"] == ["AB"])
    assert min(math.dist(brace[0], brace[1]), math.dist(brace[-1], brace[-2])) >= BRACKET_HOOK - 0.1
    stubs = copy.deepcopy(lab)  # (reader 35's: the legs 8 px)
    (old,) = next(m["pixels"] for m in stubs["marks"] if m["kind"] == "bracket")
    for foot, corner in ((0, 1), (3, 2)):
        old[foot] = [old[corner][k] + (old[foot][k] - old[corner][k]) * 8.0 / BRACKET_HOOK for k in (0, 1)]
    assert any("stray line parallel to AB" in x for x in textbook_problems(stubs))


def test_a_bracket_is_painted_with_round_hooks() -> None:
    line = np.array([[0.0, 10.0], [0.0, 22.0], [200.0, 22.0], [200.0, 10.0]])
    drawn = rounded(line)
    assert len(drawn) > 4 and np.allclose(drawn[0], line[0]) and np.allclose(drawn[-1], line[-1])
    assert np.all(drawn[:, 1] <= 22.0 + 1e-9) and np.all(drawn[:, 1] >= 10.0 - 1e-9)  # (within the bracket's box)
    assert not any(np.allclose(p, line[1]) for p in drawn)  # (the corner rounded off)


def test_a_value_of_a_side_a_line_crosses_names_its_side() -> None:
    lab = textbook_figure(parse(CROSSED)).labels
    assert textbook_problems(lab) == []
    five = next(x for x in lab["labels"] if x["element"] in ("AO", "OA"))
    assert five["text"].endswith("= 5") and five["text"] != "5"
    bare = copy.deepcopy(lab)  # (reader 35's: "5" bare, by the piece above BC)
    label = next(x for x in bare["labels"] if x["element"] in ("AO", "OA"))
    (ax, ay), (ox, oy) = bare["points"]["A"], bare["points"]["O"]
    cx, cy = ax + 0.3 * (ox - ax) - 14, ay + 0.3 * (oy - ay)
    label.update(text="5", leader=None, bbox=[cx - 4, cy - 8, cx + 4, cy + 8])
    assert any("sits by one piece" in x for x in textbook_problems(bare))


def test_an_asked_arc_is_drawn_heavier() -> None:
    lab = textbook_figure(parse(ARC)).labels
    assert textbook_problems(lab) == [] and mark_problems(lab) == []
    heavy = [m for m in lab["marks"] if m["kind"] == "arc"]
    assert [m["elements"] for m in heavy] == [["arc OEC"]] and len(heavy[0]["pixels"]) == 2
    (ox, oy), (ex, ey), (cx, cy) = (lab["points"][n] for n in "OEC")
    r = math.dist((ox, oy), (ex, ey))
    for stroke in heavy[0]["pixels"]:  # (along the circle, from E to C: never the rest of it)
        assert all(abs(math.dist((ox, oy), p) - r) < 2.0 for p in stroke)
        assert min(math.dist(stroke[0], (ex, ey)), math.dist(stroke[0], (cx, cy))) < 2.0
        assert min(math.dist(stroke[-1], (ex, ey)), math.dist(stroke[-1], (cx, cy))) < 2.0
    bare = copy.deepcopy(lab)  # (reader 35's: no arc marked)
    bare["marks"] = [m for m in bare["marks"] if m["kind"] != "arc"]
    assert any("marks no arc" in x for x in textbook_problems(bare))
    off = copy.deepcopy(lab)  # (a stroke round the other way: the rest of the circle)
    m = next(m for m in off["marks"] if m["kind"] == "arc")
    m["pixels"] = [[[2 * ox - x, 2 * oy - y] for x, y in s] for s in m["pixels"]]
    assert any("does not run along its arc" in x for x in mark_problems(off))


def _where_reviewed(text: str, at: dict, a: str, b: str, length: float) -> dict:
    """The label export of ``text`` drawn on the reviewed figure's positions ``at`` (px), scaled so that ab is
    ``length``, polished on the facts where it stood."""
    problem = parse(text)
    k = length / math.dist(at[a], at[b])
    coords = {n: np.array([x * k, -y * k]) for n, (x, y) in at.items()}
    model = moved(NumericModel(problem, coords, {}, {}, 1.0, 0), 0.0)
    assert model is not None
    return textbook_figure(problem, model).labels


def test_a_pieces_value_keeps_out_of_the_wholes_dimension_strip() -> None:
    lab = _where_reviewed(PIECE, PIECE_AT, "A", "C", 19.0)
    assert textbook_problems(lab) == []
    assert max(math.dist(lab["points"][n], PIECE_AT[n]) for n in PIECE_AT) < 2.0  # (the reviewed layout)
    asked = next(x for x in lab["labels"] if x["element"] in ("AG", "GA"))
    dim = next(m["pixels"][0] for m in lab["marks"] if m["kind"] == "dimension" and m["elements"] in (["AC"], ["CA"]))
    x0, y0, x1, y1 = asked["bbox"]
    strip = [lab["points"]["A"], lab["points"]["C"], dim[-1], dim[0]]
    assert not Polygon(strip).convex_hull.contains(Point((x0 + x1) / 2, (y0 + y1) / 2))
    squeezed = copy.deepcopy(lab)  # (reader 35's: a bare "?" between AG and AC's dimension line)
    label = next(x for x in squeezed["labels"] if x["element"] in ("AG", "GA"))
    label.update(text="?", leader=None, bbox=[167.5, 342.67, 176.5, 359.33])
    assert any("between AC and its dimension line" in x or "between CA and its dimension line" in x
               for x in textbook_problems(squeezed))


def test_the_chords_base_spreads_its_points_round_the_circle() -> None:
    u, v = np.array([1.0, 0.0]), _unit(30)
    at = {"A": -5 * u, "B": 7 * u, "C": -3 * v, "D": 35 / 3 * v}  # (reader 35's 20)
    o = _circumcentre(at["A"], at["B"], at["C"])
    assert _widest_gap(o, [at[n] for n in "ACBD"]) > CAP_ARC  # (a 236° arc empty: the points in a cap)
    rng = np.random.default_rng(35)
    drawn = 0
    for _ in range(300):
        fig = Figure()
        try:
            BASES["chords"](fig, rng)
        except Retry:
            continue
        drawn += 1
        assert _widest_gap(fig.at["O"], [fig.at[n] for n in "ACBD"]) <= CAP_ARC
    assert drawn >= 30


def test_a_leader_keeps_clear_of_right_angle_squares() -> None:
    lab = _where_reviewed(SQUARED, SQUARED_AT, "A", "C", 13.0)
    assert textbook_problems(lab) == []
    assert max(math.dist(lab["points"][n], SQUARED_AT[n]) for n in SQUARED_AT) < 2.0
    square = next(m["pixels"][0] for m in lab["marks"] if m["kind"] == "right")
    for x in lab["labels"]:
        if x["leader"] is not None:
            assert LineString(x["leader"]).distance(LineString(square)) >= 4.0
    close = copy.deepcopy(lab)  # (reader 35's: "CD = 6" led 3.1 px past the square)
    label = next(x for x in close["labels"] if x["element"] in ("CD", "DC"))
    label.update(bbox=[323.0, 272.67, 383.0, 289.33], leader=[[427.91, 323.23], [384.6, 290.54]])
    assert any("crosses the right mark" in x for x in textbook_problems(close))
