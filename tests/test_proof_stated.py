"""Every number a proof puts in was stated first as ``element = … = number`` (issue 37): a reader
never meets ``180° - 80°`` before the sentence that says angle ACB = 80°."""
from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest
from geomill.dsl import parse
from geomill.solvers.plane import solve_general
from geomill.solvers.plane.write import unstated

from geomill.cli import main
from geomill.cli.solve import read_problem

ROOT = Path(__file__).resolve().parent.parent


def test_a_value_put_in_before_it_is_stated_is_found():
    lines = ["We are given angle ACB = (3x - 10)°. By the angle sum of triangle ABC, so 6x = 180 and x = 30.",
             "Since BCD is a straight line, angle ACD = 180° - angle ACB = 180° - 80° = 100°."]
    assert [x.split(":")[0] for x in unstated(lines)] == ["angle ACB"]
    lines.insert(1, "Then angle ACB = (3x - 10)° = (3·30 - 10)° = 80°.")
    assert unstated(lines) == []
    # a given, and a value stated with its reason in brackets, count as stated
    assert unstated(["We are given BP = 8. BO = 5 (a radius of circle O).", "OP = BO + BP = 5 + 8 = 13."]) == []


@pytest.mark.parametrize("path", sorted((ROOT / "examples" / "textbook").glob("*.geo")), ids=lambda p: p.name)
def test_the_textbook_examples_state_every_value_they_put_in(path):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["solve", str(path)]) == 0
    lines = out.getvalue().strip().splitlines()[:-1]  # (the last line is the answer)
    problem = read_problem(str(path), None).problem  # a file of shape lines reads as plane geometry, as solve reads it
    written = solve_general(problem).proof.written("text")
    assert written.lines == lines  # the command prints the proof measured here
    assert unstated(lines, written.givens) == [], "\n".join(lines)


def test_a_given_put_in_by_name_is_stated_by_the_problem():
    lines = ["Since OM bisects the chord AB, AM = AB/2 = 8/2 = 4."]
    assert [x.split(":")[0] for x in unstated(lines)] == ["AB"]
    assert unstated(lines, ("AB",)) == []


def test_an_sas_similarity_shows_its_ratio_with_numbers():
    """The ratio premise of SAS is proven in the text, each side's value stated before."""
    text = "triangle ABC\nline A D B\nline A E C\nline D E\nAD = 2\nAB = 6\nAE = 3\nAC = 9\nDE = 4\nfind BC\n"
    written = solve_general(parse(text)).proof.written("text")
    lines = written.lines
    proof = "\n".join(lines)
    assert "similar by SAS (as AB/AD = 6/2 = 3, AC/AE = 9/3 = 3 and angle A is common)" in proof, proof
    assert unstated(lines, written.givens) == [], proof
