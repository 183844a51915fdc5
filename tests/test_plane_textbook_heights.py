"""Heights and chords as a textbook writes them (issue 36): a trapezoid's area and height from its
bases and legs (a trapezoid shape or an isosceles trapezoid stated as a relation), and the distance
from a circle's centre to a chord from the radius and the chord, with or without the triangle
drawn.  Each through ``geomill solve``, its exact answer checked."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import sympy

from geomill.cli import main

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "textbook"
CASES = [
    # a trapezoid shape: the area from the height, and from the legs (the height found first)
    ("trapezoid ABCD bases AB CD\nAB = 10\nCD = 20\nheight ABCD = 8\nfind area ABCD\n", 120),
    ("trapezoid ABCD bases AB CD\nAB = 20\nCD = 10\nBC = 13\nDA = 13\nfind height ABCD\n", 12),
    ("trapezoid ABCD bases AB CD\nAB = 25\nCD = 11\nBC = 13\nDA = 15\nfind height ABCD\n", 12),
    # an isosceles trapezoid: its height is between its bases whichever way it is named
    ("isosceles trapezoid ABCD bases AD BC\nAD = 20\nBC = 10\nAB = 13\nfind height ABCD\n", 12),
    ("isosceles trapezoid ABCD bases AB CD\nAB = 20\nCD = 10\nBC = 13\nfind area ABCD\n", 180),
    # a trapezoid as a polygon with an altitude drawn
    ("polygon ABCD\nAB parallel to DC\nline A E B\nline D E\nDE perpendicular to AB\nAB = 20\nCD = 10\n"
     "DE = 6\nfind area ABCD\n", 90),
    # the distance from the centre to a chord: the midpoint, the perpendicular, or the height OAB
    ("circle O through A B\nline A M B\nM midpoint of AB\nradius O = 5\nAB = 8\nfind OM\n", 3),
    ("circle O through A B\nline A M B\nline O M\nangle OMA = 90\nradius O = 13\nAB = 24\nfind OM\n", 5),
    ("circle O through A B\nradius O = 5\nAB = 8\nfind height OAB\n", 3),
    ("circle O through A B\nradius O = 4\nAB = 4\nfind height OAB\n", 2 * sympy.sqrt(3)),
]


def _exact(out: str) -> sympy.Expr:
    """The exact answer ``geomill solve`` prints: its first number after 'exact:' (6 digits)."""
    return sympy.Float(re.search(r"exact: (\S+)", out).group(1))


def _solve(tmp_path: Path, capsys, text: str) -> str:
    path = tmp_path / "p.geo"
    path.write_text(text)
    assert main(["solve", str(path)]) == 0, capsys.readouterr().err
    return capsys.readouterr().out


@pytest.mark.parametrize("name", ["trapezoid_area", "isosceles_trapezoid_height", "chord_distance"])
def test_textbook_example_is_solved_exactly(name: str, capsys) -> None:
    path = EXAMPLES / f"{name}.geo"
    want = float(re.search(r"# answer: (\S+)", path.read_text()).group(1))
    assert main(["solve", str(path)]) == 0
    out = capsys.readouterr().out
    assert abs(_exact(out) - want) < 1e-5 * max(1, abs(want)), out


@pytest.mark.parametrize("text,want", CASES, ids=range(len(CASES)))
def test_heights_and_chords(tmp_path: Path, capsys, text: str, want) -> None:
    out = _solve(tmp_path, capsys, text)
    assert abs(_exact(out) - want) < 1e-5 * max(1, abs(want)), out


def test_a_shape_the_plane_theorems_cannot_fix_keeps_its_own_refusal(tmp_path: Path, capsys) -> None:
    """A trapezoid with too little given: GeomVerse's message (what would fix it) stays the refusal."""
    path = tmp_path / "p.geo"
    path.write_text("trapezoid ABCD bases AB CD\nAB = 25\nCD = 11\nBC = 13\nfind area ABCD\n")
    assert main(["solve", str(path)]) == 1
    assert "would follow from knowing" in capsys.readouterr().err
