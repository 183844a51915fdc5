"""Files two figures fit are refused, never answered from one (issues 42 and 36): the refusal names
both values and the line that picks each, and a line a message suggests, put back, solves to the
value of the figure that line picks."""
from __future__ import annotations

import re
from pathlib import Path

from tests.test_newcomer_messages import _run


def _answer(out: str) -> float:
    return float(out.strip().splitlines()[-1].split("exact: ")[1].split()[0])


def _choices(err: str) -> dict[str, float]:
    """The lines a refusal offers, each with the goal's value it gives: "add 'X' (55) or 'Y' (65)"."""
    found = re.findall(r"add '([^']+)' \(([-\d.]+)\) or '([^']+)' \(([-\d.]+)\)", err)
    assert found, err
    a, va, b, vb = found[-1]
    return {a: float(va), b: float(vb)}


def _refused_then_each_choice_answers(tmp_path: Path, capsys, facts: str, goal: str, values: list[float]) -> None:
    """The file is refused as two figures whose goal values are ``values``, and each line the refusal
    offers, added, gives a file answered with the value the refusal said for it."""
    code, _, err = _run(tmp_path, capsys, facts + goal)
    assert code == 1 and "underdetermined" in err, err
    choices = _choices(err)
    assert sorted(choices.values()) == values, err
    for line, value in choices.items():
        code, out, err = _run(tmp_path, capsys, facts + line + "\n" + goal)
        assert code == 0 and abs(_answer(out) - value) < 1e-6, (line, out, err)


TANGENT_SECANT = "circle O through T A B\nPT tangent to circle O\nline P A B\narc TB = 170\narc TA = 60\n"


def test_a_secant_whose_far_point_may_lie_either_way_round_is_refused(tmp_path: Path, capsys) -> None:
    """B 170° from T either way round: A on the minor arc TB (65) or on the major one (55)."""
    _refused_then_each_choice_answers(tmp_path, capsys, TANGENT_SECANT, "find angle TPB\n", [55, 65])


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


TRANSVERSAL = ("line A E B\nline C F D\nline G E F H\nAB parallel to CD\nangle AEF = 3x + 10\n"
               "angle EFD = 5x - 30\n")


def test_parallels_cut_by_a_transversal_with_no_side_line_are_refused_and_each_side_line_answers(
        tmp_path: Path, capsys) -> None:
    """No polygon or circle pins which way A and B lie along their line: AEF and EFD are alternate (20)
    or co-interior (25) angles. Newcomer 16's file was answered 25 without a word, where render warned."""
    _refused_then_each_choice_answers(tmp_path, capsys, TRANSVERSAL, "find x\n", [20, 25])


def test_a_foot_on_no_line_is_told_the_line_that_places_it(tmp_path: Path, capsys) -> None:
    """'OM perpendicular to AB' leaves M anywhere on the perpendicular: the refusal names the line
    that puts M on AB (not a side line), and the file with it is answered (5)."""
    text = "circle O through A B\nradius O = 13\nAB = 24\nOM perpendicular to AB\n"
    for extra in ("", "M and B on the same side of line OA\n"):
        code, _, err = _run(tmp_path, capsys, text + extra + "find OM\n")
        assert code == 1 and "M lies on no line" in err and "'M on AB'" in err, err
        assert "same side of line" not in err.split("underdetermined")[1], err
    for line in ("M on AB", "line A M B"):
        code, out, err = _run(tmp_path, capsys, text + line + "\nfind OM\n")
        assert code == 0 and abs(_answer(out) - 5) < 1e-6, (line, out, err)


def _written(err: str) -> list[str]:
    """The lines a phrase hint says to write: "… write 'X'; 'Y' (docs: …)"."""
    return re.findall(r"'([^']+)'", err.split(" write ", 1)[1].split("(docs:")[0])


def test_two_tangents_said_in_english_are_told_the_two_tangent_lines(tmp_path: Path, capsys) -> None:
    code, _, err = _run(tmp_path, capsys, "circle O through A B\nPA and PB are tangents to circle O\n"
                                          "angle AOB = 110\nfind angle APB\n")
    assert code == 1 and "two tangents" in err and "secant" not in err, err
    lines = "\n".join(_written(err))
    code, out, err = _run(tmp_path, capsys, f"circle O through A B\n{lines}\nangle AOB = 110\nfind angle APB\n")
    assert code == 0 and abs(_answer(out) - 70) < 1e-6, (out, err)


def test_a_circle_inscribed_in_a_polygon_is_told_the_incircle_lines(tmp_path: Path, capsys) -> None:
    code, _, err = _run(tmp_path, capsys, "square ABCD\ncircle O inscribed in ABCD\nAB = 10\nfind radius O\n")
    """(The lines, in a whole problem, are the "How do I say" page's example, which the docs tests solve.)"""
    assert code == 1 and "incircle" in err, err
    assert {"E on AB", "AE tangent to circle O", "DH tangent to circle O"} <= set(_written(err)), err
