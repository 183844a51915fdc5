"""Blind reader 32 (issue 38): a parallelogram's side BC runs on along its line to O and E, and the arrows
for "AD ∥ BC" sat on the longer piece EO, read as EO's.  Arrows go on the stated segment's own drawn piece
where it has room for them (``render.mark_place.arrow_piece``)."""
from __future__ import annotations

import numpy as np

from geomill.dsl import parse
from geomill.render.textbook import textbook_figure

RUN_ON = ("points B A D C E O\nparallelogram ADCB\ntriangle AEB\nline B C O E\ncircle O through B A D E\n"
          "BE diameter of circle O\nclockwise BADC AEB BAD BDE ADC\nangle AEB = 36\nfind angle ADC\n")


def _on_segment(xy: np.ndarray, p: np.ndarray, r: np.ndarray, slack: float = 12.0) -> bool:
    u = r - p
    t = float((xy - p) @ u) / float(u @ u)
    return -slack / float(np.hypot(*u)) <= t <= 1 + slack / float(np.hypot(*u))


def test_the_arrows_of_a_side_that_runs_on_sit_on_the_side() -> None:
    lab = textbook_figure(parse(RUN_ON)).labels
    px = {k: np.array(v) for k, v in lab["points"].items()}
    (mark,) = [m for m in lab["marks"] if m["kind"] == "parallel" and "BC" in m["elements"]]
    tips = [np.array(head[1]) for head in mark["pixels"]]
    on_bc = [t for t in tips if _on_segment(t, px["B"], px["C"])]
    on_ad = [t for t in tips if _on_segment(t, px["A"], px["D"])]
    assert len(on_bc) == len(on_ad) == len(tips) // 2, (tips, lab["points"])
