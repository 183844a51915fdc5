"""Points on a circle whose order no line fixes (issue 42): where a figure with a point on the other arc
of a chord satisfies every fact and gives the goal another value, the goal is refused with the arc
lines that choose, each with its value, never answered from whichever figure the search drew.  The
values are checked against the textbook angle formulas computed here, and a file that states the
order is answered."""
from __future__ import annotations

import re

import pytest
from geomill.dsl import parse
from geomill.engine.errors import GeomillError
from geomill.solvers.numeric import build_model


def _choices(text: str) -> dict[str, float]:
    """The refusal's lines to add, each with the goal's value on its figure."""
    with pytest.raises(GeomillError) as err:
        build_model(parse(text))
    msg = str(err.value)
    assert "underdetermined" in msg, msg
    return {lines: float(v) for lines, v in re.findall(r"('[^()]+?') \(([-\d.]+)\)", msg)}


def _near(a: float, b: float) -> bool:
    return abs(a - b) < 1e-2


@pytest.mark.parametrize("text, major, minor", [
    # two secants P-A-B, P-C-D: the far arc BD (A, C on its major arc) gives (110 - 30) / 2; the near
    # one (A, C on the minor arc BD, so the far arc is the major arc 250) gives (250 - 30) / 2
    ("circle O through A B C D\nline P A B\nline P C D\narc BD = 110\narc AC = 30\nfind angle BPD\n",
     "'A on major arc BD', 'C on major arc BD'", ((110 - 30) / 2, (360 - 110 - 30) / 2)),
    # tangent PT and secant P-A-B: (150 - 50) / 2 with A on the major arc TB, else (210 - 50) / 2
    ("circle O through T A B\nPT tangent to circle O\nline P A B\narc TB = 150\narc TA = 50\nfind angle TPB\n",
     "'A on major arc TB'", ((150 - 50) / 2, (360 - 150 - 50) / 2)),
    # chords AB, CD crossing at P: (80 + 40) / 2 with B, D on the major arc AC, else 180 - (80 - 40) / 2
    ("circle O through A B C D\nline A P B\nline C P D\narc AC = 80\narc BD = 40\nfind angle APC\n",
     "'B on major arc AC', 'D on major arc AC'", ((80 + 40) / 2, 180 - (80 - 40) / 2)),
], ids=["secants", "tangent-secant", "crossing-chords"])
def test_an_open_order_on_a_circle_is_refused_with_the_arc_lines(text: str, major: str,
                                                                  minor: tuple[float, float]) -> None:
    choices = _choices(text)
    assert major in choices, choices
    assert _near(choices[major], minor[0]), choices
    other = major.replace("major", "minor")
    assert other in choices and _near(choices[other], minor[1]), choices


def test_an_inscribed_angle_with_a_free_point_is_refused() -> None:
    values = sorted(_choices("circle O through A B C\narc AB = 100\nfind angle ACB\n").values())
    assert _near(values[0], 50) and _near(values[1], 130), values


@pytest.mark.parametrize("text, value", [
    ("circle O through A B C D\nline P A B\nline P C D\nA on major arc BD\nC on major arc BD\narc BD = 110\n"
     "arc AC = 30\nfind angle BPD\n", 40),
    ("circle O through A B C D\nquadrilateral ABCD\nangle ABC = 3x + 10\nangle ADC = 2x + 20\nfind angle ADC\n", 80),
], ids=["arcs-stated", "polygon"])
def test_a_stated_order_is_answered(text: str, value: float) -> None:
    assert _near(build_model(parse(text)).goal_value(), value)
