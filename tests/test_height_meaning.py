"""``height ABCD`` has one meaning whatever else the file holds (issue 42): the height onto the first
side AB, as a textbook's "base AB, height h".  A file of shape lines only and the same file with a
general line (``points A B C D``) give the same answer, and that answer is the distance from D (and
C) to the line AB measured on coordinates here."""
from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from geomill.cli import main


def _exact(tmp_path: Path, capsys, text: str) -> float:
    path = tmp_path / "p.geo"
    path.write_text(text)
    assert main(["solve", str(path)]) == 0, capsys.readouterr().err
    out = capsys.readouterr().out
    named = re.search(r"(?<![a-z])Y(?![a-z'])", out)  # a foot the user never named: introduced first
    assert named is None or out[:named.start()].endswith("Let "), out
    return float(re.search(r"exact: (\S+)", out).group(1))


def _to_line(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    """The distance from p to the line ab: |cross(b - a, p - a)| / |b - a|."""
    cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
    return abs(cross) / math.dist(a, b)


def test_the_newcomers_parallelogram_reads_the_same_in_both_kinds_of_file(tmp_path: Path, capsys) -> None:
    text = "parallelogram ABCD\nAB = 6\nBC = 5\nheight ABCD = 4\nfind area ABCD\n"
    assert _exact(tmp_path, capsys, text) == _exact(tmp_path, capsys, "points A B C D\n" + text) == 24


# (AB, AD, angle DAB) of a parallelogram; (AB, CD, offset of D along AB, height) of a trapezoid
PARALLELOGRAMS = [(6, 5, 60), (7, 3, 45), (4, 9, 120)]
TRAPEZOIDS = [(10, 6, 3, 4), (12, 5, 1, 7), (9, 4, 4, 2)]


def _shape_and_general(tmp_path: Path, capsys, text: str) -> tuple[float, float]:
    return _exact(tmp_path, capsys, text), _exact(tmp_path, capsys, "points A B C D\n" + text)


@pytest.mark.parametrize("ab,ad,angle", PARALLELOGRAMS)
def test_a_parallelograms_height_is_onto_ab(tmp_path: Path, capsys, ab: int, ad: int, angle: int) -> None:
    t = math.radians(angle)
    a, b, d = (0.0, 0.0), (float(ab), 0.0), (ad * math.cos(t), ad * math.sin(t))
    c = (b[0] + d[0], b[1] + d[1])
    want = _to_line(d, a, b)
    assert math.isclose(want, _to_line(c, a, b))
    text = f"parallelogram ABCD\nAB = {ab}\nDA = {ad}\nangle DAB = {angle}\nfind height ABCD\n"
    for got in _shape_and_general(tmp_path, capsys, text):
        assert math.isclose(got, want, rel_tol=1e-6)


@pytest.mark.parametrize("ab,cd,off,h", TRAPEZOIDS)
def test_a_trapezoids_height_is_onto_ab(tmp_path: Path, capsys, ab: int, cd: int, off: int, h: int) -> None:
    a, b, d = (0.0, 0.0), (float(ab), 0.0), (float(off), float(h))
    c = (d[0] + cd, d[1])
    want = _to_line(d, a, b)
    legs = f"BC = sqrt({round((c[0] - b[0]) ** 2 + c[1] ** 2)})\nDA = sqrt({off ** 2 + h ** 2})\n"
    area = f"trapezoid ABCD bases AB CD\nAB = {ab}\nCD = {cd}\nheight ABCD = {h}\nfind area ABCD\n"
    for got in _shape_and_general(tmp_path, capsys, area):
        assert math.isclose(got, (ab + cd) * want / 2, rel_tol=1e-6)
    height = f"trapezoid ABCD bases AB CD\nAB = {ab}\nCD = {cd}\n{legs}find height ABCD\n"
    for got in _shape_and_general(tmp_path, capsys, height):
        assert math.isclose(got, want, rel_tol=1e-6)
