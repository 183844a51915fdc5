"""What the fifth newcomer still tripped on (issue 42): a collapsed figure taken for a second figure,
errors reported after a later line's, and an unplaced point's example on the wrong side."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from geomill.dsl import parse
from geomill.engine.errors import GeomillError
from geomill.solvers.collapse import collapsed

from .test_newcomer_messages import _run


def _at(**xy: tuple[float, float]) -> dict[str, np.ndarray]:
    return {p: np.array(v, dtype=float) for p, v in xy.items()}


BOWTIE = "points A B C D\nP where AD meets BC\nAB parallel to CD\nAB = 8\nCD = 12\nAP = 6\nfind PD\n"


@pytest.mark.parametrize("text, coords, why", [
    # coincident parallels
    ("points A B C D\nAB parallel to CD\nfind AB",
     _at(A=(0, 0), B=(2, 0), C=(5, 0), D=(9, 0)), "lines AB and CD are one line"),
    # crossing lines folded onto one line
    (BOWTIE, _at(A=(0, 0), B=(8, 0), C=(20, 0), D=(-12, 0), P=(4, 0)), "are one line"),
    # a triangle of no area: two of its sides on one line
    ("triangle ABC\nD on AB\nfind CD", _at(A=(0, 0), B=(4, 0), C=(6, 0), D=(2, 0)), "are one line"),
    # two named points at one place
    ("triangle ABC\nD on AB\nfind CD", _at(A=(0, 0), B=(4, 0), C=(1, 3), D=(4, 0)), "B and D at one place"),
])
def test_a_figure_that_holds_only_by_collapsing_is_no_figure(text: str, coords, why: str) -> None:
    problem = parse(text)
    assert why in (collapsed(problem, coords) or "")
    spread = {p: v + np.array([0.0, 1.0 + 0.37 * i * i]) for i, (p, v) in enumerate(coords.items())}
    assert collapsed(problem, spread) is None  # the same names, spread out: a figure


def test_points_the_statements_put_on_one_line_do_not_collapse() -> None:
    problem = parse("triangle ABC\nD on AB\nCD perpendicular to AB\nfind CD")
    assert collapsed(problem, _at(A=(0, 0), B=(4, 0), C=(1, 3), D=(1, 0))) is None


def test_the_crossing_lines_form_answers_without_a_collapsed_second_figure(tmp_path: Path, capsys) -> None:
    code, out, err = _run(tmp_path, capsys, BOWTIE)
    assert code == 0, err
    assert out.strip().splitlines()[-1].startswith("answer: 9 "), out


@pytest.mark.parametrize("text, line, col", [
    ("isosceles trapezoid ABCD with bases AB and CD\nAB = 22\nCD = 10\nAD = 10\nfind the area of ABCD\n", 1, 26),
    ("rhombus ABCD\ndiagonal AC = 10\ndiagonal BD = 24\nfind perimeter of ABCD\n", 2, 1),
])
def test_the_first_bad_line_is_reported(text: str, line: int, col: int) -> None:
    with pytest.raises(GeomillError) as info:
        parse(text)
    assert (info.value.span.line, info.value.span.col) == (line, col), str(info.value)


def test_an_unplaced_points_example_keeps_every_fact(tmp_path: Path, capsys) -> None:
    """D on the bisector of angle ABC: on side AB it would be B itself; the example is AC."""
    code, _, err = _run(tmp_path, capsys, "triangle ABC\nBD bisects angle ABC\nAB = 6\nBC = 9\nAC = 10\nfind AD\n")
    assert code == 1 and "underdetermined" in err, err
    example = err.split("e.g. '")[1].split("'")[0]
    assert example in ("D on AC", "D on CA"), err
    code, out, _ = _run(tmp_path, capsys, f"triangle ABC\n{example}\nBD bisects angle ABC\nAB = 6\nBC = 9\n"
                                           "AC = 10\nfind AD\n")
    assert code == 0 and out.strip().splitlines()[-1].startswith("answer: 4 "), out
