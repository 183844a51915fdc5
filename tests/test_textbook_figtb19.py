"""Textbook figures that never mislead (issue 38, reader 16): no polygon corner drawn near flat that the facts leave
free; unconnected parts side by side; parallel arrow groups countable; a side's value never by an undrawn radius
from its end; equal-angle arcs longer than their ticks; a bare "?" clear of other values.  Each class is checked by
the independent reader (tests/label_reader.py) and drawn right by the renderer."""
from __future__ import annotations

import copy
import dataclasses
import math

import numpy as np

from geomill.dsl import parse
from geomill.render.textbook import readability, textbook_figure
from geomill.solvers.numeric import build_model, flat_corners, parts, spread
from tests.label_reader import (_arrows_apart, _flat_corners, _parts_apart, _queries_apart, _small_angle_marks,
                                _values_by_radii, textbook_problems)

QUAD = "points A B C D\npolygon ABCD\nAB = 5\nfind AB\n"  # (a quadrilateral the facts leave free, its goal not)
SIMILAR = ("points A B C D E F\ntriangle ABC\ntriangle DEF\nABC similar to DEF\nAB = 3\nBC = 4\nDE = 6\nfind EF\n")
PARALLELOGRAM = ("points J M L K\nparallelogram JMLK\nclockwise JMLK JML KJM\nJK = 3f - 6\nLM = 2f + 8\n"
                 "angle KJM = 56\nfind f\n")  # (reader 16's 07)
CHORDS = ("points E D B F C A\nline B F A\nline D F C\ncircle E through D B C A\nclockwise DBC DCA\nAF = 2\nBF = 7\n"
          "CF = x\nDF = 3\nfind x\n")  # (reader 16's 12)
EXTERIOR = ("points A B C G H\ntriangle BCA right at C\nline A B G\nline A C H\nCG bisects angle HCB\nAC = 10\n"
            "BC = 6\nfind BG/BC\n")  # (reader 16's 51)
INSCRIBED = ("points O A E G B\nquadrilateral AEGB\nline A O G\nline E B\ncircle O through A E G B\n"
             "AG diameter of circle O\nAG = 85\nAE = 51\nAB = 36\nfind BE\n")  # (reader 16's 58)


def _pts(fig: dict) -> dict:
    return {k: tuple(v) for k, v in fig["points"].items()}


# -- 1. no corner near flat that the facts leave free ---------------------------------------------------------


def test_flat_corners_measures_near_flat_and_reflex_corners_only() -> None:
    square = np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]])
    assert not flat_corners(square, 160.0).any()
    dent = np.array([[0.0, 0.0], [2.0, 0.0], [1.0, 0.5], [2.0, 2.0], [0.0, 2.0]])  # (a reflex corner at (1, .5))
    past = flat_corners(dent, 160.0)
    assert past[2] > 0 and not np.delete(past, 2).any()
    assert np.allclose(flat_corners(dent[::-1], 160.0)[::-1], past)  # (either way round)


def test_a_free_quadrilateral_drawn_near_flat_is_a_fault_and_spread_unflattens_it() -> None:
    problem = parse(QUAD)
    model = build_model(problem, seed=0, check_goal=False)
    at = {q: v.copy() for q, v in model.coords.items()}
    at["C"] = (at["B"] + at["D"]) / 2 + 0.02 * (at["D"] - at["B"])[::-1] * np.array([1.0, -1.0])  # (C on BD)
    flat = dataclasses.replace(model, coords=at)
    ring = np.array([at[q] for q in "ABCD"])
    assert flat_corners(ring, 165.0).any()
    moved = spread(flat)
    assert moved is not None
    assert not flat_corners(np.array([moved.coords[q] for q in "ABCD"]), 165.0).any()


def test_the_reader_refuses_a_corner_drawn_near_flat() -> None:
    fig = textbook_figure(parse(SIMILAR))
    assert not _flat_corners(fig.labels, _pts(fig.labels))
    spoilt = copy.deepcopy(fig.labels)  # (a corner of ABC pushed onto its opposite side's line: 175°)
    p = spoilt["points"]
    a, b = np.array(p["A"]), np.array(p["B"])
    p["C"] = list((a + b) / 2 + 0.04 * np.linalg.norm(b - a) * np.array([0.0, 1.0]))
    assert any("reads as a point on a side" in f for f in _flat_corners(spoilt, _pts(spoilt)))


# -- 2. unconnected parts side by side -------------------------------------------------------------------------


def test_parts_are_the_unconnected_pieces_of_a_figure() -> None:
    assert sorted(map(sorted, parts(parse(SIMILAR)))) == [["A", "B", "C"], ["D", "E", "F"]]
    assert len(parts(parse(QUAD))) == 1
    assert len(parts(parse("triangle ABC\nD on AB\nE on AC\nDE parallel to BC\nAC = 20\nfind AE\n"))) == 1


def test_similar_triangles_are_drawn_apart_and_the_reader_refuses_them_over_each_other() -> None:
    fig = textbook_figure(parse(SIMILAR))
    assert not [f for f in fig.warnings if "parts" in f]
    assert not _parts_apart(fig.labels, _pts(fig.labels))
    spoilt = copy.deepcopy(fig.labels)  # (DEF moved onto ABC)
    p = spoilt["points"]
    shift = np.mean([p[q] for q in "ABC"], axis=0) - np.mean([p[q] for q in "DEF"], axis=0)
    for q in "DEF":
        p[q] = list(np.array(p[q]) + shift)
    assert any("read as one figure" in f for f in _parts_apart(spoilt, _pts(spoilt)))


def _faults(problem, at: dict, radii: dict) -> list[str]:
    """The layout faults (``readability``) of ``problem`` drawn at ``at``."""
    from geomill.render.compose import _framed
    from geomill.render.marks import read_marks
    from geomill.render.textbook import _renderer, build_scene, orient

    marks = read_marks(problem)[0]
    scene = build_scene(problem, orient(problem, at, marks), radii, marks)
    frame = _framed(scene, _renderer(512, "plain", 1.5, 12.0, 0.0).style)[0]
    return readability(problem, scene, frame, marks)


def test_parts_drawn_over_each_other_are_a_layout_fault() -> None:
    problem = parse(SIMILAR)
    model = build_model(problem, seed=0, check_goal=False)
    at = {q: v.copy() for q, v in model.coords.items()}
    assert not any(f.startswith("the parts ") for f in _faults(problem, model.coords, model.radii))
    shift = np.mean([at[q] for q in "ABC"], axis=0) - np.mean([at[q] for q in "DEF"], axis=0)
    for q in "DEF":
        at[q] = at[q] + shift
    assert any(f.startswith("the parts ") for f in _faults(problem, at, model.radii))


def test_a_free_dent_is_a_fault_but_not_a_polygon_wrapped_round_another() -> None:
    problem = parse(QUAD)
    at = {"A": np.array([0.0, 0.0]), "B": np.array([4.0, 0.0]), "C": np.array([2.0, 1.0]), "D": np.array([2.0, 4.0])}
    assert any("a dent no fact gives" in f for f in _faults(problem, at, {}))  # (C a reflex corner)
    at["C"] = np.array([4.0, 4.0])
    assert not any(" corner " in f for f in _faults(problem, at, {}))
    wrapped = parse("points A B C D E F\npolygon ABEF\npolygon BCDFE\nline A B C\nline A F D\nAB = 2\nBE = 1\n"
                    "find AB\n")  # (BCDFE, the rest of triangle ACD round ABEF: reflex at E)
    at = {"A": np.array([0.0, 0.0]), "B": np.array([2.0, 0.0]), "C": np.array([4.0, 0.0]), "D": np.array([0.0, 4.0]),
          "E": np.array([1.5, 1.0]), "F": np.array([0.0, 1.5])}
    assert not any(" corner " in f for f in _faults(wrapped, at, {}))


# -- 3. parallel arrow groups countable ------------------------------------------------------------------------


def test_double_arrows_stand_apart_and_the_reader_refuses_them_close() -> None:
    fig = textbook_figure(parse(PARALLELOGRAM)).labels
    double = next(m for m in fig["marks"] if m["kind"] == "parallel" and m["count"] == 2)
    tips = [a[1] for a in double["pixels"]]
    arm = max(math.dist(a[0], a[1]) for a in double["pixels"])
    assert math.dist(tips[0], tips[1]) >= 2.5 * arm
    assert not _arrows_apart(fig)
    spoilt = copy.deepcopy(fig)  # (the second head 2.2 arms from the first: reader 16 read one)
    m = next(m for m in spoilt["marks"] if m["kind"] == "parallel" and m["count"] == 2)
    a, b = np.array(m["pixels"][0]), np.array(m["pixels"][1])
    step = b[1] - a[1]
    m["pixels"][1] = (a + step * 2.2 * arm / np.linalg.norm(step)).tolist()
    assert any("two read as one" in f for f in _arrows_apart(spoilt))


# -- 4. a side's value never by an undrawn radius from its end -------------------------------------------------


def test_a_chords_value_keeps_clear_of_the_undrawn_radius_from_its_end() -> None:
    fig = textbook_figure(parse(CHORDS)).labels
    pts = _pts(fig)
    assert not _values_by_radii(fig, pts)
    spoilt = copy.deepcopy(fig)  # (its value moved onto the undrawn radius BE: reader 16 read it as BE's)
    lab = next(lab for lab in spoilt["labels"] if lab["element"] == "BF")
    mid = np.mean([lab["bbox"][:2], lab["bbox"][2:]], axis=0)
    shift = (np.array(pts["B"]) + np.array(pts["E"])) / 2 - mid
    lab["bbox"] = [lab["bbox"][0] + shift[0], lab["bbox"][1] + shift[1], lab["bbox"][2] + shift[0],
                   lab["bbox"][3] + shift[1]]
    lab["leader"] = None
    assert any("reads as the radius's" in f for f in _values_by_radii(spoilt, pts))


# -- 5. equal-angle arcs longer than their ticks ---------------------------------------------------------------


def test_an_exterior_bisectors_arcs_are_longer_than_their_ticks_and_the_reader_refuses_crosses() -> None:
    fig = textbook_figure(parse(EXTERIOR)).labels
    m = next(m for m in fig["marks"] if m["kind"] == "equal_angle")
    arcs = [line for line in m["pixels"] if len(line) > 2]
    ticks = [line for line in m["pixels"] if len(line) == 2]
    assert all(math.dist(a[0], a[-1]) >= 1.8 * max(math.dist(*t) for t in ticks) for a in arcs)
    assert not _small_angle_marks(fig, _pts(fig))
    spoilt = copy.deepcopy(fig)  # (the arcs cut to the middle third, the ticks kept: "+" and "×")
    m = next(m for m in spoilt["marks"] if m["kind"] == "equal_angle")
    m["pixels"] = [line[len(line) // 3: 2 * len(line) // 3 + 1] if len(line) > 2 else line for line in m["pixels"]]
    assert any("read as a cross" in f for f in _small_angle_marks(spoilt, _pts(spoilt)))


# -- 6. a bare "?" clear of other values -----------------------------------------------------------------------


def test_a_bare_query_keeps_clear_of_other_values_or_says_its_side() -> None:
    fig = textbook_figure(parse(INSCRIBED)).labels
    asked = next(lab for lab in fig["labels"] if lab["element"] == "BE")
    assert asked["text"] in ("?", "BE = ?")
    assert not _queries_apart(fig)
    assert not textbook_problems(fig)
    spoilt = copy.deepcopy(fig)  # (a bare "?" 20 px from "AE = 51", as reader 16 saw it float)
    q = next(lab for lab in spoilt["labels"] if lab["element"] == "BE")
    ae = next(lab for lab in spoilt["labels"] if lab["element"] == "AE")
    q["text"], q["leader"] = "?", None
    q["bbox"] = [ae["bbox"][2] + 20, ae["bbox"][1], ae["bbox"][2] + 29, ae["bbox"][3]]
    assert any("floats between" in f for f in _queries_apart(spoilt))
