"""Textbook figures (issue 38): a right angle a drawn ray splits keeps its square, and the arcs at one vertex.

* A right angle ABC with a ray BD inside it is squared at B from arm to arm (``mark_place._square``), never "90°"
  in an arc; the smaller angles ABD and DBC get their own arcs where they are given or asked.
* Arcs of angles side by side at one vertex get distinct radii, the smaller inside, but a narrow angle's (under 45°)
  outside the others, where its wedge has room for its value (``compose._arc_order``); an angle that holds another
  still gets its arc outside the other's.
* The independent reader (``tests/label_reader.py``) flags a crossed square only where a part the ray cuts off is
  labelled with no arc of its own (it then reads as that part's right angle)."""
from __future__ import annotations

import copy
import math

from geomill.dsl import parse
from geomill.render.textbook import textbook_figure

from tests.label_reader import mark_problems, textbook_problems

SPLIT = ("points A B C D\ntriangle ABC\nline A D C\nline B D\nangle ABC = 90\nangle ABD = 30\nAB = 4\nBC = 5\n"
         "find angle DBC\n")


def _side(p, q, r) -> float:
    """Which side of line pq point r lies on (the sign of the cross product)."""
    return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])


def test_a_right_angle_a_ray_splits_is_squared_from_arm_to_arm() -> None:
    lab = textbook_figure(parse(SPLIT)).labels
    pts = lab["points"]
    squares = [m for m in lab["marks"] if m["kind"] == "right"]
    assert [m["elements"] for m in squares] == [["angle ABC"]]
    assert not [m for m in lab["marks"] if m["kind"] == "right_arc"]
    assert not [x for x in lab["labels"] if x["text"].endswith("90°")]
    sq = squares[0]["pixels"][0]
    a, b, c, d = (pts[n] for n in "ABCD")
    ends = [sq[0], sq[2]]  # (its two sides along BA and BC, BD between them: through the square)
    assert sorted(min(abs(_side(b, arm, e)) / math.dist(b, arm) for arm in (a, c)) for e in ends)[-1] < 1.0
    assert _side(b, d, sq[0]) * _side(b, d, sq[2]) < 0
    arcs = {m["element"]: m["radius"] for m in lab["angle_marks"]}
    assert set(arcs) == {"angle ABD", "angle CBD"}  # (the given part and the asked part: their own arcs)
    assert abs(arcs["angle ABD"] - arcs["angle CBD"]) >= 14.0
    corner = math.dist(sq[1], b)
    assert min(arcs.values()) > corner  # (outside the square)
    asked = next(x for x in lab["labels"] if x["element"] == "angle CBD")
    x0, y0, x1, y1 = asked["bbox"]
    assert _side(b, d, ((x0 + x1) / 2, (y0 + y1) / 2)) * _side(b, d, c) > 0  # (its "?" on DBC's side of BD)
    assert textbook_problems(lab) == [] and mark_problems(lab) == []


def test_the_reader_flags_a_crossed_square_whose_part_has_no_arc() -> None:
    lab = textbook_figure(parse(SPLIT)).labels
    spoilt = copy.deepcopy(lab)
    spoilt["angle_marks"] = [m for m in lab["angle_marks"] if m["element"] != "angle CBD"]
    assert any("labelled with no arc of its own" in x for x in textbook_problems(spoilt))


def test_side_by_side_arcs_put_the_narrow_one_outside_and_a_holding_one_outside_all() -> None:
    from geomill.engine.model import Quantity
    from geomill.render.compose import Frame, _arc_order
    from geomill.render.scene import Scene

    r = math.radians(30.0)
    pts = {"B": (0.0, 0.0), "A": (10.0, 0.0), "C": (0.0, 10.0), "D": (10 * math.cos(r), 10 * math.sin(r))}
    scene = Scene(pts, [("B", "A"), ("B", "C"), ("B", "D")], [], [])
    frame = Frame.fit(scene, 512, 40)
    angles = [Quantity.angle("A", "B", "D"), Quantity.angle("D", "B", "C"), Quantity.angle("A", "B", "C")]
    order = sorted(angles, key=lambda q: _arc_order(scene, frame, q, angles))
    assert [set(q.key) for q in order] == [set("DBC"), set("ABD"), set("ABC")]  # (60°, 30°, then the 90° holding
    # both)
    for d_deg, c_deg, first in ((50.0, 90.0, "ABD"), (60.0, 130.0, "ABD"), (70.0, 130.0, "DBC")):
        # (50° and 40°: the narrow 40° outside; 60° and 70°, neither narrow: the smaller inside, either way round)
        pts["D"] = (10 * math.cos(math.radians(d_deg)), 10 * math.sin(math.radians(d_deg)))
        pts["C"] = (10 * math.cos(math.radians(c_deg)), 10 * math.sin(math.radians(c_deg)))
        scene = Scene(pts, [("B", "A"), ("B", "C"), ("B", "D")], [], [])
        order = sorted(angles, key=lambda q: _arc_order(scene, frame, q, angles))
        second = "DBC" if first == "ABD" else "ABD"
        assert [set(q.key) for q in order] == [set(first), set(second), set("ABC")]
