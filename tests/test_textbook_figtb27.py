"""Issue 38 (figtb27): a figure never shows a coincidence its facts leave free (a chord drawn through the centre),
legend values set by their element, leaders that never read as a segment's.  Each class on its smallest problem,
checked by the export and the independent reader (tests/label_reader.py)."""
from __future__ import annotations

import math

import numpy as np
from geomill.dsl import parse
from geomill.render.textbook import textbook_figure
from geomill.solvers.numeric import build_model, spread

from tests.label_reader import mark_problems, textbook_problems

CHORDS = "circle O through A B C D\nline A P B\nline C P D\nAP = 4\nPB = 6\nCP = 3\nfind PD\n"


def _read(labels: dict) -> list[str]:
    return textbook_problems(labels) + mark_problems(labels)


def _off(labels: dict, point: str, a: str, b: str) -> float:
    """Pixels from ``point`` to line ab in the export."""
    p, q, r = (np.asarray(labels["points"][n], float) for n in (point, a, b))
    u, w = r - q, p - q
    return abs(float(u[0] * w[1] - u[1] * w[0])) / float(np.hypot(*u))


def test_a_chord_the_facts_leave_off_the_centre_is_drawn_off_it() -> None:
    """Chords AB and CD crossing at P, AP = 4, PB = 6, CP = 3: the radius is free (at least 5.5, where CD is a
    diameter).  The search's starts are smaller than the chords, so its least squares stops on that edge: CD
    through O, read as a diameter (newcomer 17's p08).  The figure moves O off CD (the facts let it)."""
    problem = parse(CHORDS)
    model = build_model(problem, seed=0, check_goal=False)
    d = math.dist(model.coords["C"], model.coords["D"])
    assert abs(d - 2 * model.radii["O"]) < 1e-3 * d  # (the search's model: the special case)
    fig = textbook_figure(problem, model)
    assert not [a for a in fig.accidental if a.startswith("point O")]
    assert _off(fig.labels, "O", "C", "D") >= 15.0 and _off(fig.labels, "O", "A", "B") >= 15.0
    assert _read(fig.labels) == []


def test_spread_moves_a_point_off_a_line_only_where_the_facts_let_it() -> None:
    """``spread(off=…)``: the chord's centre moved off it; a diameter's centre (stated on it) stays on it."""
    problem = parse(CHORDS)
    model = build_model(problem, seed=0, check_goal=False)
    moved = spread(model, off=[("O", ("C", "D"))])
    assert moved is not None and abs(moved.goal_value() - 8.0) < 1e-4
    c, o, dd = (np.asarray(moved.coords[n]) for n in ("C", "O", "D"))
    u, w = dd - c, o - c
    assert abs(float(u[0] * w[1] - u[1] * w[0])) / float(np.hypot(*u)) > 0.02 * moved.size()
    forced = parse("circle O through A B C\nline A O B\nAB = 10\nAC = 6\nfind BC\n")
    m = build_model(forced, seed=0, check_goal=False)
    again = spread(m, off=[("O", ("A", "B"))])
    assert again is None or math.dist(again.coords["O"], (again.coords["A"] + again.coords["B"]) / 2) < 1e-6


TANGENT = "points A B C\ntriangle ABC\nangle BAC = 30\nfind tan(angle BAC)\n"


def test_a_function_of_one_angle_asked_is_led_to_that_angle() -> None:
    """"tan ∠BAC = ?" was a corner legend line: now set by its angle, a leader ending inside ∠BAC."""
    fig = textbook_figure(parse(TANGENT)).labels
    goal = fig["goal"]
    assert goal["marked"] and goal["shown"] == "label" and goal["text"] == "tan ∠BAC = ?"
    line = next(lab for lab in fig["labels"] if lab["text"] == "tan ∠BAC = ?")
    assert line["leader"] is not None
    a, v, c = (np.asarray(fig["points"][n], float) for n in "BAC")
    tip = np.asarray(line["leader"][0], float)
    cross = lambda p, q: float(p[0] * q[1] - p[1] * q[0])  # noqa: E731
    assert cross(a - v, tip - v) * cross(tip - v, c - v) > 0  # (inside the angle's wedge)
    assert _read(fig) == []


REGIONS = ("points A B C D\ntriangle ABC\ntriangle ACD\nparallelogram ABCD\nclockwise ABC ACD\n"
           "perimeter ABCD = 28\nperimeter ABC = 22\nfind AC\n")  # (FormalGeo 6511)
CUT = ("points A B D E C\ntriangle ABD\ntriangle ADE\ntriangle EDC\nline A E C\nline B D C\n"
       "DE perpendicular bisector of CA\nclockwise ABD ADE EDC\nAE = 3\nperimeter ABD = 13\n"
       "find perimeter ABC\n")  # (FormalGeo 3381: ABC cut into three triangles by AD and DE)


def _inside(ring: list, xy) -> bool:
    from shapely.geometry import Point, Polygon

    return Polygon(ring).contains(Point(xy))


def test_a_regions_value_with_no_room_inside_is_led_into_its_region() -> None:
    """"perimeter ABC = 22", no room in ABC beside "perimeter ABCD = 28", was a corner legend line: now set outside
    the figure with a leader whose tip is inside ABC."""
    fig = textbook_figure(parse(REGIONS)).labels
    given = next(g for g in fig["givens"] if g["fact"] == "perimeter ABC = 22")
    assert given["shown"] == "label"
    line = next(lab for lab in fig["labels"] if lab["text"] == "perimeter ABC = 22")
    assert line["leader"] is not None and _inside([fig["points"][n] for n in "ABC"], line["leader"][0])
    assert _read(fig) == []


def test_a_region_drawn_lines_cut_into_parts_keeps_its_line_in_the_legend() -> None:
    """Perimeter ABC asked, ABC cut by AD and DE into three triangles: a leader's tip in any of them reads as that
    part's (reader 22's 29), so the named line stays in the legend, with no leader."""
    fig = textbook_figure(parse(CUT)).labels
    assert fig["goal"]["marked"] and fig["goal"]["shown"] == "legend"
    line = next(lab for lab in fig["labels"] if lab["text"] == "perimeter ABC = ?")
    assert line["leader"] is None and _read(fig) == []


THIN_CORNER = ("points C A D B\ntriangle CAD\ntriangle CDB\nline A D B\nAD perpendicular to CD\n"
               "BC perpendicular to AC\nclockwise CAD CDB BCA\nAC = 5 sqrt(26)\nAD = 25\nBC = sqrt(26)\nCD = 5\n"
               "BD = 1\nfind CD/BD\n")  # (FormalGeo 321: reader 22's 03)


def test_no_leader_runs_along_a_segment() -> None:
    """"CD = 5" was led straight up from CD's middle through C: it read as CD drawn on.  No leader runs within 10°
    of a drawn segment from an end on it."""
    fig = textbook_figure(parse(THIN_CORNER)).labels
    pts = {n: np.asarray(xy, float) for n, xy in fig["points"].items()}
    for lab in fig["labels"]:
        if lab["leader"] is None:
            continue
        s, e = (np.asarray(p, float) for p in lab["leader"][:2])
        u = e - s
        for a, b in fig["segments"]:
            v = pts[b] - pts[a]
            sine = abs(float(u[0] * v[1] - u[1] * v[0])) / float(np.hypot(*u) * np.hypot(*v))
            near = min(_seg_dist(s, pts[a], pts[b]), _seg_dist(e, pts[a], pts[b]))
            assert not (sine < math.sin(math.radians(10)) and near < 5.0), (lab["text"], a + b)


def _seg_dist(p, a, b) -> float:
    v = b - a
    t = min(max(float((p - a) @ v) / float(v @ v), 0.0), 1.0)
    return float(np.hypot(*(p - a - t * v)))


ALTITUDE_SPLIT = ("points Q S R M N\ntriangle QSR\ntriangle RSM\ntriangle MSN\nline Q R M\nline Q S N\n"
                  "MS altitude of MQN\nclockwise QSR RSM MSN\nQS = NS\nangle QSR = 7x + 9\nangle MSR = 3x + 11\n"
                  "find x\n")  # (FormalGeo 1262: reader 22's 11)


def test_a_right_angle_a_heights_square_says_gets_no_arc_of_its_own() -> None:
    """MS the altitude, SR inside ∠MSQ: the height's square sits on its free side, and the same right angle was drawn
    again as "∠MSQ = 90°" in an arc round the two valued arcs (three arcs at S).  The square says it: no third arc."""
    fig = textbook_figure(parse(ALTITUDE_SPLIT)).labels
    assert any(m["kind"] == "height" for m in fig["marks"])
    assert not [m for m in fig["marks"] if m["kind"] == "right_arc"]
    assert not [lab for lab in fig["labels"] if "90°" in lab["text"]]
    assert _read(fig) == []
