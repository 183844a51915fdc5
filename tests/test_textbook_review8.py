"""The eighth blind review of textbook figures (issue 38), class by class: a right-angle square at a crowded
vertex (a ray through it, an arc over its corner: the reader saw no square); double parallel arrows that fuse
at print size on a slanted side; a dimension line drawn far off its side or with an extension line along
another side (its value read as another length's); a region's value without its shape's name; a side's value
floating between two sides; a leader ending on its side's tick; parallel arrowheads on an angle's arc; a tangent
dot like a point's dot.  Each class is a
rule of the layout (render/) and a check of the independent reader (tests/label_reader.py): the reader catches
a spoilt export of each, and the layout's figure of the reviewed problem passes."""
from __future__ import annotations

import copy
import math

from geomill.dsl import parse
from geomill.render.textbook import textbook_figure

from tests.label_reader import ARROW_ARMS, DIM_FAR, SQUARE_CUT, TANGENT_DOT, textbook_problems

BISECTED = ("points A B C E\ntriangle BCA right at C\nline B E A\nCE bisects angle BCA\nAC = 4\nBC = 3\n"
            "find AE\n")  # (review 8's 58: the square at C cut by the bisector, under its arcs)
MIDPOINTS = ("points A B C D E F\nparallelogram ABCD\nline A E B\nline D F C\nline E F\nE midpoint of AB\n"
             "F midpoint of DC\nAB = 4\nAD = 3\nfind AE/EF\n")  # (53: double arrows on 45° sides)
DIAMETER = ("points O A B C D\nquadrilateral ABCD\nline A O C\nline B D\ncircle O through A B C D\n"
            "AC diameter of circle O\nAC = 25\nAB = 24\nAD = 20\nfind perimeter ABCD\n")  # (49: AC's "25" 133 px off)
PERIMETER = "points A B C\ntriangle ABC right at C\nAC = 6\nperimeter ABC = 24\nfind BC\n"  # (31: "perimeter = 23")


def _labels(text: str) -> dict:
    return textbook_figure(parse(text)).labels


def _vertex(sq) -> tuple[float, float]:
    return sq[0][0] + sq[2][0] - sq[1][0], sq[0][1] + sq[2][1] - sq[1][1]


def _square_at(lab: dict, v: str, a: str, b: str, side: float) -> list:
    """A right-angle square at ``v`` on rays ``va`` and ``vb``, ``side`` px (pixels as the export's)."""
    p = {n: lab["points"][n] for n in (v, a, b)}
    ua, ub = ([(p[e][i] - p[v][i]) / math.dist(p[e], p[v]) for i in (0, 1)] for e in (a, b))
    return [[p[v][i] + side * ua[i] for i in (0, 1)], [p[v][i] + side * (ua[i] + ub[i]) for i in (0, 1)],
            [p[v][i] + side * ub[i] for i in (0, 1)]]


def test_a_right_angle_a_ray_cuts_keeps_its_square_and_a_small_cut_square_is_caught() -> None:
    lab = _labels(BISECTED)
    assert textbook_problems(lab) == []
    square = next(m for m in lab["marks"] if m["kind"] == "right")  # (issue 38: the square, the bisector through
    assert square["elements"][0] in ("angle BCA", "angle ACB")  # it, never "90°" in an arc)
    assert not any(x["text"].endswith("90°") for x in lab["labels"])
    v = lab["points"]["C"]
    assert math.dist(square["pixels"][0][0], v) >= SQUARE_CUT  # (large enough to read either side of the ray)
    for side in (13.3, 18.0, 30.0):  # review 8's 13 px square, the bisector through its corner; and larger ones
        cut = copy.deepcopy(lab)
        cut["marks"] = [m for m in cut["marks"] if m["kind"] != "right"]
        cut["marks"].append({"kind": "right", "elements": ["angle BCA"], "count": 1, "source": "spoilt",
                             "pixels": [_square_at(lab, "C", "B", "A", side)]})
        found = textbook_problems(cut)
        assert any("cut by a ray" in x for x in found) == (side < SQUARE_CUT)
    over = copy.deepcopy(lab)  # an arc 2 px past a square's corner
    sq = _square_at(lab, "C", "B", "A", 18.0)
    over["marks"].append({"kind": "right", "elements": ["angle BCA"], "count": 1, "source": "spoilt", "pixels": [sq]})
    corner = math.dist(sq[1], v)
    for m in over["marks"]:
        if m["kind"] == "equal_angle":
            for ln in m["pixels"]:
                if len(ln) >= 4:
                    r = math.dist(ln[0], v)
                    ln[:] = [[v[0] + (x - v[0]) * (corner + 2) / r, v[1] + (y - v[1]) * (corner + 2) / r]
                             for x, y in ln]
    assert any("hides the square" in x for x in textbook_problems(over))


def test_double_arrows_on_slanted_sides_stand_two_arms_apart() -> None:
    lab = _labels(MIDPOINTS)
    assert textbook_problems(lab) == []
    doubles = [m for m in lab["marks"] if m["kind"] == "parallel" and m["count"] == 2]
    assert doubles
    slanted = 0
    for m in doubles:
        for i in range(0, len(m["pixels"]), 2):
            a, b = m["pixels"][i], m["pixels"][i + 1]
            arm = math.dist(a[0], a[1])
            assert math.dist(a[1], b[1]) >= ARROW_ARMS * arm
            u = (b[1][0] - a[1][0], b[1][1] - a[1][1])  # (the side's direction, tip to tip)
            slanted += 10 < math.degrees(math.atan2(u[1], u[0])) % 90 < 80
    assert slanted  # (the figure has a double arrow on a slanted side)
    fused = copy.deepcopy(lab)  # review 8's: tips 14 px apart
    m = next(m for m in fused["marks"] if m["kind"] == "parallel" and m["count"] == 2)
    a, b = m["pixels"][0], m["pixels"][1]
    d = math.dist(a[1], b[1])
    shift = [(a[1][k] - b[1][k]) * (1 - 14.0 / d) for k in (0, 1)]
    m["pixels"][1] = [[x + shift[0], y + shift[1]] for x, y in b]
    assert any("arrow tips" in x for x in textbook_problems(fused))


def test_a_dimension_line_stays_by_its_side_or_the_value_names_it() -> None:
    lab = _labels(DIAMETER)
    assert textbook_problems(lab) == []
    font = max(x["bbox"][3] - x["bbox"][1] for x in lab["labels"])
    pts = lab["points"]
    for m in lab["marks"]:
        if m["kind"] == "dimension":
            p, q = (pts[n] for n in m["elements"][0])
            x, y = m["pixels"][0][0]
            assert abs((x - p[0]) * (q[1] - p[1]) - (y - p[1]) * (q[0] - p[0])) / math.dist(p, q) <= DIM_FAR * font
    ac = next(g for g in lab["givens"] if g["element"] == "AC")  # (named on the figure, or, with no place by its
    # side nor led from its dimension line, the text's: never led to a piece, figtb14)
    assert any(x["element"] == "AC" and x["text"].startswith("AC = ") for x in lab["labels"]) or ac["shown"] == "moved"
    far = copy.deepcopy(lab)  # review 8's: AC's dimension 133 px off, below chord CD
    a, c = pts["A"], pts["C"]
    n = math.dist(a, c)
    off = [(c[1] - a[1]) / n * 133.0, -(c[0] - a[0]) / n * 133.0]
    far["marks"].append({"kind": "dimension", "elements": ["AC"], "count": 1, "source": "AC",
                         "pixels": [[[a[0] + off[0], a[1] + off[1]], [c[0] + off[0], c[1] + off[1]]]]})
    assert any("reads as a chord" in x for x in textbook_problems(far))  # (AC a diameter: inside its circle)
    beyond = copy.deepcopy(far)  # and far beyond the circle
    r = lab["circles"][0]["radius"]
    beyond["marks"][-1]["pixels"][0] = [[e[0] + off[0] / 133.0 * (r + DIM_FAR * font + 20), e[1] + off[1] / 133.0 *
                                         (r + DIM_FAR * font + 20)] for e in (a, c)]
    assert any("far side" in x for x in textbook_problems(beyond))
    right = _labels(BISECTED)  # review 8's 41: AC's extension line at C along side CB (C the right angle)
    pts = right["points"]
    a, b, c = pts["A"], pts["B"], pts["C"]
    u = [(b[k] - c[k]) / math.dist(b, c) * 1.5 * font for k in (0, 1)]
    right["marks"].append({"kind": "dimension", "elements": ["AC"], "count": 1, "source": "AC",
                           "pixels": [[[a[0] + u[0], a[1] + u[1]], [c[0] + u[0], c[1] + u[1]]]]})
    assert any("extension line" in x for x in textbook_problems(right))


def test_a_region_value_names_its_shape() -> None:
    lab = _labels(PERIMETER)
    assert textbook_problems(lab) == []
    assert any(x["text"] == "perimeter ABC = 24" for x in lab["labels"])
    bare = copy.deepcopy(lab)  # review 8's: "perimeter = 23", read as the larger shape's
    next(x for x in bare["labels"] if x["element"] == "perimeter ABC")["text"] = "perimeter = 24"
    assert any("does not name" in x for x in textbook_problems(bare))


def test_a_side_value_sits_clearly_nearest_its_side() -> None:
    lab = _labels(PERIMETER)
    assert textbook_problems(lab) == []
    spoilt = copy.deepcopy(lab)  # review 8's: "25" 20 px from BD and 42 px from AC, read as AC's
    a, b, c = (spoilt["points"][n] for n in "ABC")
    ua = [(a[k] - c[k]) / math.dist(a, c) for k in (0, 1)]
    ub = [(b[k] - c[k]) / math.dist(b, c) for k in (0, 1)]
    x, y = (c[k] + 30 * ua[k] + 15 * ub[k] for k in (0, 1))  # (15 px from AC, 30 px from BC, beside both)
    label = next(x for x in spoilt["labels"] if x["element"] == "AC")
    label["bbox"], label["leader"] = [x - 5, y - 8, x + 5, y + 8], None
    assert any("not clearly nearest" in m for m in textbook_problems(spoilt))


def test_a_leader_to_a_side_ends_clear_of_the_sides_marks() -> None:
    import numpy as np
    from geomill.render.compose import LEADER_END_MARK, _open_middle

    points = {"A": np.array([0.0, 0.0]), "B": np.array([100.0, 0.0])}
    tick = np.array([[50.0, -5.0], [50.0, 5.0]])
    x, y = _open_middle(points, "A", "B", marks=[tick])
    assert abs(y) < 1e-9 and 0 < x < 100 and abs(x - 50.0) >= LEADER_END_MARK  # (review 8: on its tick)
    lab = _labels(MIDPOINTS)  # the reader: a leader ending on a side's tick runs into it
    tick = next(m for m in lab["marks"] if m["kind"] == "equal")["pixels"][0]
    label = next(x for x in lab["labels"] if x["element"] == "AB")
    label["leader"] = [[(tick[0][0] + tick[1][0]) / 2, (tick[0][1] + tick[1][1]) / 2], [20.0, 20.0]]
    assert any("crosses the equal mark" in m for m in textbook_problems(lab))


def test_a_tangent_dot_is_larger_than_a_points_dot() -> None:
    lab = _labels("circle O through A\npoints P\nPA tangent to circle O\nradius O = 3\nPA = 4\nfind OP\n")
    assert textbook_problems(lab) == []
    dot = next(m for m in lab["marks"] if m["kind"] == "dot")
    a = lab["points"]["A"]
    assert max(math.dist(a, xy) for xy in dot["pixels"][0]) >= TANGENT_DOT
    small = copy.deepcopy(lab)  # review 8's: a 3.4 px dot beside 2.2 px point dots, read as one of them
    m = next(m for m in small["marks"] if m["kind"] == "dot")
    m["pixels"] = [[[a[0] + (x - a[0]) * 0.68, a[1] + (y - a[1]) * 0.68] for x, y in ring] for ring in m["pixels"]]
    assert any("reads as a point's dot" in x for x in textbook_problems(small))


def test_parallel_arrows_keep_off_the_angle_arcs() -> None:
    lab = _labels("points A B C D\nquadrilateral ABCD\nAB parallel to DC\nangle DAB = 70\nangle ABC = 50\n"
                  "AB = 10\nDC = 4\nfind AD\n")
    assert textbook_problems(lab) == []
    merged = copy.deepcopy(lab)  # review 8's 26: the double arrowheads of FM on the 13 px arc at M
    a, b = merged["points"]["A"], merged["points"]["B"]
    r = next(am["radius"] for am in merged["angle_marks"] if am["element"] == "angle BAD")
    m = next(m for m in merged["marks"] if m["kind"] == "parallel")
    arrow = next(s for s in m["pixels"] if math.dist(s[1], a) + math.dist(s[1], b) < math.dist(a, b) + 1.0)
    on = [a[k] + (b[k] - a[k]) * r / math.dist(a, b) for k in (0, 1)]
    shift = [on[k] - arrow[1][k] for k in (0, 1)]
    arrow[:] = [[x + shift[0], y + shift[1]] for x, y in arrow]
    assert any("arrowhead and arc merge" in x for x in textbook_problems(merged))
