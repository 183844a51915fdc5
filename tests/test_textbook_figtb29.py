"""Textbook figures with no accidental near-incidences (issue 38): a chord no fact makes a diameter passes clear of
the centre, points no fact puts in a line are drawn clearly off it (and sides no fact makes equal clearly unequal),
a line no fact makes tangent clearly cuts or misses the circle.  Each on the problem the blind reader misread, from
the model the reader's figure drew (its pixel places), and on the independent reader's check."""
from __future__ import annotations

import math

import numpy as np

from geomill.dsl import parse
from geomill.solvers.numeric import NumericModel
from geomill.render.textbook import textbook_figure
from tests.label_reader import _near_incidences

CHORD = ("points O A B C D E\ntriangle ABC\nline C D A\nline O D E\ncircle O through A B C E\n"
         "OD perpendicular to CD\nAO = 6\nangle ABC = 45\nfind AD\n")  # (reader 27's 20)
CHORD_AT = {'O': (256.0, 256.0), 'A': (237.58, 45.47), 'B': (45.47, 237.58), 'C': (466.53, 237.58),
            'D': (352.06, 141.53), 'E': (391.84, 94.11)}
NARROW = ("points O A B C D\ntriangle ABC\ntriangle OBD\ncircle O through A B C\nDB tangent to circle O\nAO = 6\n"
          "BD = 17\nfind area BDO\n")  # (reader 27's 19: A drawn 9° off OD)
NARROW_AT = {'O': (150.21, 256.0), 'A': (254.33, 273.31), 'B': (185.34, 156.47), 'C': (83.16, 337.51),
             'D': (467.33, 256.0)}
BEND = ("points A D O E C B\ntriangle ADO\ntriangle AOE\ntriangle EOC\ntriangle DBO\ntriangle OBC\nline A D B\n"
        "line A E C\nOD perpendicular bisector of AB\nOE perpendicular bisector of AC\n"
        "clockwise ADO AOE EOC DBO OBC EAD\nangle DAE = 70\nfind angle BCO\n")  # (reader 26's 23, FormalGeo 3731)
BEND_AT = {'A': (152.23, 117.78), 'D': (309.78, 256.0), 'O': (256.0, 317.3), 'E': (98.45, 256.0),
           'C': (44.67, 394.22), 'B': (467.33, 394.22)}
GRAZE = ("points K G E O F N D H A\nline G K A\nline G E F\nline F N D\nline A H D\nline E O H\n"
         "circle O through K E N H\nEH diameter of circle O\nEF perpendicular to NF\nHA perpendicular to KA\n"
         "KG perpendicular to EG\nND perpendicular to HD\nDH tangent to circle O\nFE tangent to circle O\n"
         "clockwise KEN KNH EFN HAK KGE NDH\nDF = 25\nfind circumference O\n")  # (reader 26's 30, FormalGeo 353)
GRAZE_AT = {'K': (340.62, 449.65), 'G': (44.67, 449.65), 'E': (44.67, 256.0), 'O': (256.0, 256.0),
            'F': (44.67, 60.85), 'N': (337.12, 60.85), 'D': (467.33, 60.85), 'H': (467.33, 256.0),
            'A': (467.33, 449.65)}


def _drawn(text: str, at: dict, pair: str, length: float):
    """The problem and the model its reader's figure drew (pixel places, y up, scaled so ``pair`` is ``length``),
    and its textbook figure's points (model units)."""
    problem = parse(text, plane=True)
    k = length / math.dist(at[pair[0]], at[pair[1]])
    coords = {q: np.array([x * k, -y * k]) for q, (x, y) in at.items()}
    radii = {c.centre: float(np.linalg.norm(coords[c.points[0]] - coords[c.centre])) for c in problem.circles}
    model = NumericModel(problem, coords, {}, radii, 0.0, 0)
    fig = textbook_figure(problem, model)
    return coords, {q: np.asarray(xy, float) for q, xy in fig.scene.points.items()}, fig


def _off(p, a, b) -> float:
    u, w = b - a, p - a
    return abs(float(u[0] * w[1] - u[1] * w[0])) / float(np.linalg.norm(u))


def _angle(a, v, b) -> float:
    u, w = a - v, b - v
    return math.degrees(math.acos(float(np.clip(u @ w / np.linalg.norm(u) / np.linalg.norm(w), -1, 1))))


def test_a_chord_no_fact_makes_a_diameter_passes_clear_of_the_centre() -> None:
    given, drawn, fig = _drawn(CHORD, CHORD_AT, "AO", 6)
    r = float(np.linalg.norm(given["A"] - given["O"]))
    assert _off(given["O"], given["B"], given["C"]) < 0.1 * r  # (the reader's figure: BC 0.5 off the centre)
    r = float(np.linalg.norm(drawn["A"] - drawn["O"]))
    assert _off(drawn["O"], drawn["B"], drawn["C"]) >= 0.15 * r
    assert not any("near centre" in a for a in fig.accidental)
    assert not any("diameter" in p for p in _near_incidences(fig.labels, {k: tuple(v) for k, v in fig.labels["points"].items()}))


def test_a_point_no_fact_puts_on_a_line_is_drawn_clearly_off_it() -> None:
    given, drawn, fig = _drawn(NARROW, NARROW_AT, "AO", 6)
    assert _angle(given["A"], given["O"], given["D"]) < 10.0  # (A read as where OD crosses the circle)
    assert _angle(drawn["A"], drawn["O"], drawn["D"]) >= 10.0
    assert not any("point A is drawn near line" in a for a in fig.accidental)


def test_a_bend_no_fact_makes_straight_is_drawn_bent_and_free_sides_unequal() -> None:
    given, drawn, fig = _drawn(BEND, BEND_AT, "AB", 10)
    assert _angle(given["E"], given["O"], given["B"]) > 178.0  # (E, O, B read as in a line, BA as BC)
    assert _angle(drawn["E"], drawn["O"], drawn["B"]) < 174.0
    ab, bc = (float(np.linalg.norm(drawn[p] - drawn[q])) for p, q in ("AB", "BC"))
    assert abs(ab - bc) >= 0.03 * max(ab, bc)
    assert not any("drawn near line" in a or a.startswith(("AB and BC", "BC and AB")) for a in fig.accidental)


def test_a_side_no_fact_makes_tangent_clearly_cuts_the_circle() -> None:
    given, drawn, fig = _drawn(GRAZE, GRAZE_AT, "DF", 25)
    r = float(np.linalg.norm(given["E"] - given["O"]))
    assert r - _off(given["O"], given["F"], given["D"]) < 0.1 * r  # (FD 8 % of the radius into the circle)
    r = float(np.linalg.norm(drawn["E"] - drawn["O"]))
    assert r - _off(drawn["O"], drawn["F"], drawn["D"]) >= 0.1 * r
    assert not any("near tangent" in a for a in fig.accidental)


def _fig(points: dict, segments: list, circles: list = ()) -> dict:
    return {"points": points, "segments": segments, "circles": [{"centre": c, "radius": r} for c, r in circles]}


def test_the_reader_sees_a_chord_by_the_centre_but_not_a_diameter() -> None:
    pts = {"B": (56.0, 240.0), "C": (456.0, 240.0), "P": (56.0, 256.0), "Q": (456.0, 256.0)}
    near = _near_incidences(_fig(pts, [["B", "C"]], [((256.0, 256.0), math.dist((56, 240), (256, 256)))]), pts)
    assert any("reads as a diameter" in m for m in near)
    assert not _near_incidences(_fig(pts, [["P", "Q"]], [((256.0, 256.0), 200.0)]), pts)


def test_the_reader_sees_a_grazing_line_but_not_a_tangent() -> None:
    circle = [((256.0, 256.0), 200.0)]
    grazing = {"F": (40.0, 66.0), "D": (470.0, 66.0)}  # (10 px into a radius-200 circle)
    tangent = {"F": (40.0, 56.0), "D": (470.0, 56.0)}
    assert any("reads as tangent" in m for m in _near_incidences(_fig(grazing, [["F", "D"]], circle), grazing))
    assert not _near_incidences(_fig(tangent, [["F", "D"]], circle), tangent)


def test_the_reader_sees_a_near_straight_bend() -> None:
    bent = {"E": (100.0, 256.0), "O": (256.0, 260.0), "B": (456.0, 256.0)}
    assert any("read as in a line" in m for m in _near_incidences(_fig(bent, [["E", "O"], ["O", "B"]]), bent))
    straight = {"E": (100.0, 256.0), "O": (256.0, 256.0), "B": (456.0, 256.0)}
    assert not _near_incidences(_fig(straight, [["E", "O"], ["O", "B"]]), straight)
