"""Review 12's misleading textbook figures, as rules on the label export's geometry (never on pixels): an angle
holding another marked angle at its vertex gets the arc further out (08), a value arc keeps clear of the count
arcs of equal angles at its vertex (52), a side's leader ends on a piece no other label holds (36), and an asked
side's label reads as its own side's by where it sits or by its leader (53)."""
from __future__ import annotations

import math

import numpy as np
from geomill.dsl import parse
from geomill.render.compose import ARC_TICK_OUT, COUNT_ARC_APART
from geomill.render.textbook import textbook_figure

NESTED = "points B A D C\nBA perpendicular to DA\nclockwise BAD DAC BAC\nangle CAD = 25\nfind angle BAC\n"
BISECTED = ("points A B C F\ntriangle ABC\nline A F C\nline B F\nAB = 8\nBC = 14\nangle ABC = 60\n"
            "angle ABF = angle CBF\nfind AF\n")
PART_LABELLED = ("points A B C D E\ntriangle BCA right at C\nline A D C\nline A E B\nDE parallel to CB\nAC = 4\n"
                 "BC = 4\nAD = 3\nfind BC/BE\n")
CHORDS = ("points O A B C D F H\nquadrilateral ABCD\ntriangle BAF\nquadrilateral CDFA\nline A O C\nline B D\n"
          "line B O F\nline C H F\nline D H A\ncircle O through A B C D F\nAC diameter of circle O\n"
          "BF diameter of circle O\nH where CF meets DA\nAC = 65\nAB = 56\nAD = 60\nfind FH\n")


def _labels(text: str) -> dict:
    return textbook_figure(parse(text)).labels


def _pt(labels: dict, name: str) -> np.ndarray:
    return np.asarray(labels["points"][name], float)


def _radius(labels: dict, element: str) -> float:
    return next(m["radius"] for m in labels["angle_marks"] if m["element"] == element)


def _to_segment(p: np.ndarray, a: np.ndarray, b: np.ndarray) -> float:
    u = b - a
    t = min(1.0, max(0.0, float((p - a) @ u) / float(u @ u)))
    return float(np.hypot(*(p - a - t * u)))


def test_an_angle_holding_a_marked_part_has_the_arc_further_out():
    labels = _labels(NESTED)
    assert _radius(labels, "angle BAC") > _radius(labels, "angle CAD") + 8.0


def test_a_value_arc_keeps_clear_of_its_vertex_count_arcs():
    labels = _labels(BISECTED)
    b = _pt(labels, "B")
    mark = next(m for m in labels["marks"] if m["kind"] == "equal_angle")
    counts = [float(np.hypot(*(np.asarray(line[0], float) - b))) for line in mark["pixels"] if len(line) > 2]
    assert len(counts) == 2  # one count arc for each half
    value = _radius(labels, "angle ABC")
    assert all(value >= r + ARC_TICK_OUT + COUNT_ARC_APART - 0.5 for r in counts)


def test_a_side_leader_ends_on_a_piece_no_other_label_holds():
    labels = _labels(PART_LABELLED)
    ac = next(lab for lab in labels["labels"] if lab["element"] == "AC")
    if any(g["element"] == "AC" and g["shown"] == "legend" for g in labels["givens"]):
        assert ac["text"] == "AC = 4" and ac["leader"] is None  # named in the legend: it reads as AC's anywhere
        return
    dim = next((m for m in labels["marks"] if m["kind"] == "dimension" and set(m["elements"][0]) == set("AC")), None)
    if dim is not None and "gap" in dim and not ac["leader"]:  # in its dimension line's break (figtb31): the span's
        (gx0, gy0), (gx1, gy1) = dim["gap"]
        x0, y0, x1, y1 = ac["bbox"]
        assert abs((gx0 + gx1 - x0 - x1) / 2) <= 1.0 and abs((gy0 + gy1 - y0 - y1) / 2) <= 1.0
        return
    a, c, d = _pt(labels, "A"), _pt(labels, "C"), _pt(labels, "D")
    end = np.asarray(ac["leader"][0] if ac["leader"] else [(ac["bbox"][0] + ac["bbox"][2]) / 2,
                                                            (ac["bbox"][1] + ac["bbox"][3]) / 2], float)
    u = c - a
    t, t_d = float((end - a) @ u) / float(u @ u), float((d - a) @ u) / float(u @ u)
    assert t > t_d  # on D–C, not beside AD's own "3"


def test_an_asked_side_label_reads_as_its_own_side():
    labels = _labels(CHORDS)
    fh = next(lab for lab in labels["labels"] if lab["element"] == "FH")
    f, h = _pt(labels, "F"), _pt(labels, "H")
    if fh["leader"]:
        assert _to_segment(np.asarray(fh["leader"][0], float), f, h) < 6.0
        return
    x0, y0, x1, y1 = fh["bbox"]
    c = np.array([(x0 + x1) / 2, (y0 + y1) / 2])
    own = _to_segment(c, f, h)
    others = [_to_segment(c, _pt(labels, p), _pt(labels, q)) for p, q in labels["segments"]
              if {p, q} != {"F", "H"} and not (math.isclose(_to_segment(_pt(labels, p), f, h), 0, abs_tol=1.0)
                                               and math.isclose(_to_segment(_pt(labels, q), f, h), 0, abs_tol=1.0))]
    assert own < min(others)
