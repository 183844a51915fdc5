"""Files two figures fit are refused, never answered from one (issues 42 and 36): the refusal names
both values and the line that picks each, and a line a message suggests, put back, solves to the
value of the figure that line picks."""
from __future__ import annotations

import re
from pathlib import Path

from geomill.cli import main


def _run(tmp_path: Path, capsys, text: str) -> tuple[int, str, str]:
    path = tmp_path / "p.geo"
    path.write_text(text)
    code = main(["solve", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def _answer(out: str) -> float:
    return float(out.strip().splitlines()[-1].split("exact: ")[1].split()[0])


def _choices(err: str) -> dict[str, float]:
    """The lines a refusal offers, each with the goal's value it gives: "add 'X' (55) or 'Y' (65)"."""
    found = re.findall(r"add '([^']+)' \(([-\d.]+)\) or '([^']+)' \(([-\d.]+)\)", err)
    assert found, err
    a, va, b, vb = found[-1]
    return {a: float(va), b: float(vb)}


TANGENT_SECANT = "circle O through T A B\nPT tangent to circle O\nline P A B\narc TB = 170\narc TA = 60\n"


def test_a_secant_whose_far_point_may_lie_either_way_round_is_refused(tmp_path: Path, capsys) -> None:
    """B 170° from T either way round: A on the minor arc TB (65) or on the major one (55)."""
    code, _, err = _run(tmp_path, capsys, TANGENT_SECANT + "find angle TPB\n")
    assert code == 1 and "underdetermined" in err, err
    choices = _choices(err)
    assert sorted(choices.values()) == [55, 65], err
    for line, value in choices.items():
        code, out, err = _run(tmp_path, capsys, TANGENT_SECANT + line + "\nfind angle TPB\n")
        assert code == 0 and abs(_answer(out) - value) < 1e-6, (line, out, err)


BETWEEN_PARALLELS = ("points A B C D E\nAB parallel to CD\nE and C on the same side of line AB\n"
                     "E and A on the same side of line CD\nangle BAE = 35\nangle DCE = 48\n")


def test_a_point_between_parallels_running_either_way_is_refused_and_its_hint_leads_to_the_figure(
        tmp_path: Path, capsys) -> None:
    """Without 'B and D on the same side of line AC' the lines may run opposite ways (83 or 167):
    the file with the triangle drawn is refused, and the file without it is told the side line, not a
    triangle that would answer from one figure."""
    code, _, err = _run(tmp_path, capsys, BETWEEN_PARALLELS + "triangle AEC\nfind angle AEC\n")
    assert code == 1 and "underdetermined" in err, err
    assert sorted(_choices(err).values()) == [83, 167], err
    code, _, err = _run(tmp_path, capsys, BETWEEN_PARALLELS + "find angle AEC\n")
    assert code == 1 and "add 'triangle AEC'" not in err, err
    choices = _choices(err)
    assert sorted(choices.values()) == [83, 167], err
    for line, value in choices.items():
        code, out, err = _run(tmp_path, capsys, BETWEEN_PARALLELS + f"triangle AEC\n{line}\nfind angle AEC\n")
        assert code == 0 and abs(_answer(out) - value) < 1e-6, (line, out, err)
