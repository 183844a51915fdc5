"""Figures refused only where no layout reads right (issue 38, figtb18): a fault the facts force (its measure fixed
up to similarity: no model draws it otherwise) is said and kept, a forced closeness on a canvas grown until the two
are apart; a fault the layout chose is fixed from another model; a point letter walled in by strokes gets the finer
places beside its point before the figure is refused.  Each is measured on the exported pixels, independently of
the checks that decide."""
from __future__ import annotations

import math

import numpy as np

import geomill.render.compose as compose
import geomill.render.textbook as textbook
from geomill.dsl import parse
from geomill.render.textbook import MIN_ANGLE, ZOOM_TARGET, textbook_figure
from geomill.solvers.numeric import NumericModel, build_model, fixed_by_facts

FORCED_ANGLE = "points A B C\ntriangle ABC\nAB = 10\nangle ABC = 160\nangle BCA = 10\nfind BC\n"  # (BAC is 10°)
FREE_ANGLE = "points A B C M\ntriangle ABC\nM midpoint of AB\nAB = 10\nBC = 7\nfind AM\n"  # (C turns about B)
FORCED_CLOSE = "points A B C D\ntriangle ABC\nline A D B\nAD = 2\nAB = 60\nBC = 50\nAC = 40\nfind CD\n"
CROSSING = ("points W Y Z X T\ntriangle WYT\ntriangle TYZ\ntriangle XWT\ntriangle TZX\nrhombus WYZX\nline W T Z\n"
            "line X T Y\nclockwise WYT TYZ XWT TZX YZX\nangle XZY = 56\nfind angle TWY\n")  # (T where diagonals cross)


def _angle(pts: dict, a: str, v: str, b: str) -> float:
    u, w = np.subtract(pts[a], pts[v]), np.subtract(pts[b], pts[v])
    return math.degrees(math.acos(float(u @ w) / float(np.linalg.norm(u) * np.linalg.norm(w))))


def _angle_measure(a: str, v: str, b: str):
    return lambda c, _r: _angle(c, a, v, b)


def test_an_angle_the_facts_force_small_is_kept_and_said() -> None:
    fig = textbook_figure(parse(FORCED_ANGLE))
    assert abs(_angle(fig.labels["points"], "C", "A", "B") - 10) < 0.5  # (drawn as the facts make it)
    said = [f for f in fig.faults if f.startswith("the angle CAB ")]
    assert said and said[0] in fig.forced  # said, and known forced
    assert fig.misleads == []  # not refused: no layout draws it otherwise


def test_a_free_small_angle_is_not_forced_and_is_drawn_open() -> None:
    p = parse(FREE_ANGLE)
    good = build_model(p)
    t = math.radians(6)  # a model the facts allow, C hard by line AB: a layout's choice
    coords = {"A": np.array([0.0, 0.0]), "B": np.array([10.0, 0.0]), "M": np.array([5.0, 0.0]),
              "C": np.array([10 - 7 * math.cos(t), 7 * math.sin(t)])}
    bad = NumericModel(p, coords, dict(good.variables), dict(good.radii), 0.0, 0)
    assert fixed_by_facts(bad, [_angle_measure("C", "A", "B")]) == [False]
    fig = textbook_figure(p, bad)
    pts = fig.labels["points"]
    assert min(_angle(pts, *t) for t in ("CAB", "ABC", "BCA")) >= MIN_ANGLE  # another model, drawn open
    assert fig.misleads == [] and fig.forced == []


def test_a_closeness_the_facts_force_grows_the_canvas() -> None:
    fig = textbook_figure(parse(FORCED_CLOSE))
    size = fig.labels["size"][0]
    pts = fig.labels["points"]
    assert size > 512  # (at 512 px, AD = 2 of AB = 60 is drawn under 15 px)
    assert math.dist(pts["A"], pts["D"]) >= ZOOM_TARGET
    assert fig.misleads == []
    assert fixed_by_facts(build_model(parse(FORCED_CLOSE)), [
        lambda c, _r: float(np.linalg.norm(c["A"] - c["D"]) / np.linalg.norm(c["A"] - c["B"]))]) == [True]


def _clear_of(box, a, b) -> bool:
    """Does segment ab stay out of the box (x0, y0, x1, y1)?"""
    t = np.linspace(0, 1, 400)[:, None]
    xy = np.asarray(a) + t * (np.asarray(b) - np.asarray(a))
    return not np.any((xy[:, 0] > box[0]) & (xy[:, 0] < box[2]) & (xy[:, 1] > box[1]) & (xy[:, 1] < box[3]))


def test_a_letter_where_lines_cross_finds_its_place(monkeypatch) -> None:
    fig = textbook_figure(parse(CROSSING))
    assert fig.misread == []
    pts = fig.labels["points"]
    box = next(lab["bbox"] for lab in fig.labels["labels"] if lab["element"] == "point T")
    centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    assert all(_clear_of(box, pts[a], pts[b]) for a, b in ("WT", "TZ", "XT", "TY"))
    assert min(math.dist(centre, pts[n]) for n in pts if n != "T") > 1.6 * math.dist(centre, pts["T"])
    monkeypatch.setattr(compose, "POINT_STAGES", compose.POINT_STAGES[:1])  # (the usual places alone: refused)
    monkeypatch.setattr(textbook, "_square_lines", lambda problem, layout: [])  # (in this layout: no other model)
    assert any("'T'" in m for m in textbook_figure(parse(CROSSING)).misread)


def test_another_start_never_trades_a_fault_for_a_coincidence_no_fact_states() -> None:
    """Reader 16's 12: a start that lost a label fault by drawing chord BFA through the centre E (it reads as a
    diameter) must not win; the figure draws no coincidence the facts leave free."""
    chords = ("points E D B F C A\nline B F A\nline D F C\ncircle E through D B C A\nclockwise DBC DCA\nAF = 2\n"
              "BF = 7\nCF = x\nDF = 3\nfind x\n")
    fig = textbook_figure(parse(chords))
    assert not fig.accidental and not fig.misleads
