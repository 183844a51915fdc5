"""Blind readers 28 and 29 (issue 38, items 2 and 4): a sector's leader that ended in the circular segment beyond
its drawn chord (read as asking the segment's area).  The rule (render/attribution.py ``Rules._interior``): a
region's leader ends in its largest part, never in a small piece a drawn line cuts off it."""
from __future__ import annotations

import numpy as np

from geomill.dsl import parse
from geomill.render.textbook import textbook_figure

SECTOR = ("points O A B C\ntriangle ABC\ncircle O through A B C\ncounterclockwise OBC\nAO = 10\nangle ABC = 70\n"
          "angle ACB = 60\nfind sector area OBC\n")  # (reader 29's 18: chord BC and radii OB, OC drawn)


def _side(p: np.ndarray, a: np.ndarray, b: np.ndarray) -> float:
    return float(np.cross(b - a, p - a))


def test_a_sectors_leader_ends_on_its_centres_side_of_its_drawn_chord() -> None:
    lab = textbook_figure(parse(SECTOR)).labels
    pts = {n: np.array(p, float) for n, p in lab["points"].items()}
    asked = next(x for x in lab["labels"] if x["element"] == "area OBC")
    end = np.array(asked["leader"][0] if asked["leader"] is not None else
                   [(asked["bbox"][0] + asked["bbox"][2]) / 2, (asked["bbox"][1] + asked["bbox"][3]) / 2], float)
    o, b, c = pts["O"], pts["B"], pts["C"]
    assert _side(end, b, c) * _side(o, b, c) > 0  # (not in the segment beyond chord BC)
    assert _side(end, o, b) * _side(c, o, b) > 0 and _side(end, o, c) * _side(b, o, c) > 0  # (within its radii)
