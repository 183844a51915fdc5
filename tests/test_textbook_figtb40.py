"""Blind reader 38 (issue 38): what the independent reader now flags.

* A leader to a segment never ends beside another segment's bracket or brace: the label reads as marking what the
  bracket marks, with the ticks it carries (reader 38's 15: "EG = ?" led to EG by the tip of the brace of BG, G the
  midpoint of CB; ``_brackets_by_other_labels``).
* A tangency dot marks a stated tangency only, and a line drawn touching a circle has its dot or is an accident the
  layout avoids (FormalGeo 767, ``_unlike_touching_dots``: the figure's own test is in test_textbook_figtb39)."""
from __future__ import annotations

from tests.label_reader import _brackets_by_other_labels, _unlike_touching_dots

BRACE = [[312.11, 113.62], [303.49, 105.26], [174.87, 237.81], [183.48, 246.17]]  # (r15's brace of BG, beside BC)


def _fig(leader_end: tuple[float, float], element: str = "EG") -> dict:
    return {"labels": [{"text": f"{element} = ?", "element": element, "bbox": [248.5, 235.67, 305.5, 252.33],
                        "leader": [list(leader_end), [247.79, 233.8]]}],
            "marks": [{"kind": "bracket", "elements": ["BG"], "pixels": [BRACE]}]}


def test_reader_flags_a_label_led_beside_another_segments_bracket():
    pts = {"B": (322.0, 118.0), "E": (290.0, 152.0), "G": (187.0, 256.0)}
    got = _brackets_by_other_labels(_fig((238.36, 209.18)), pts)
    assert got and "marking EG" in got[0]


def test_reader_passes_a_label_clear_of_the_bracket_or_the_brackets_own():
    pts = {"B": (322.0, 118.0), "E": (290.0, 152.0), "G": (187.0, 256.0)}
    far = _fig((238.36, 209.18))
    far["labels"][0].update(bbox=[300.0, 300.0, 350.0, 316.0], leader=[[270.0, 300.0], [300.0, 305.0]])
    assert _brackets_by_other_labels(far, pts) == []
    bare = _fig((238.36, 209.18))
    bare["labels"][0].update(bbox=[190.0, 200.0, 230.0, 216.0], leader=None)  # (by it with no leader: by its name)
    assert _brackets_by_other_labels(bare, pts) == []
    assert _brackets_by_other_labels(_fig((238.36, 209.18), "BG"), pts) == []  # (its own segment's label)


def test_reader_flags_a_line_drawn_touching_with_no_dot():
    # PV touches the circle about Z at W's place; no dot there, nor any fact's
    fig = {"circles": [{"centre": [0.0, 0.0], "radius": 100.0}], "segments": [["P", "V"]], "marks": []}
    pts = {"P": (-150.0, 100.4), "V": (150.0, 100.4), "W": (0.0, 100.0)}
    got = _unlike_touching_dots(fig, pts)
    assert got and "point W" in got[0]
    pts.update(P=(-150.0, 80.0), V=(150.0, 80.0))  # (cutting the circle 20 % deep: no touching)
    assert _unlike_touching_dots(fig, pts) == []
    fig["marks"] = [{"kind": "dot", "elements": ["point W"], "source": "PV is tangent to circle Z at W"}]
    pts.update(P=(-150.0, 100.4), V=(150.0, 100.4))
    assert _unlike_touching_dots(fig, pts) == []
