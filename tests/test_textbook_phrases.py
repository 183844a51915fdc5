"""A textbook's words for a side (issue 42): 'C on major arc AB', 'A and D on opposite sides of line EF',
'D on BC extended', 'D on line BC'.  Problems written the way a newcomer first writes them (the
newcomer's own variants and more of each kind) solve to the textbook's answer, worked by hand; a
refusal names these words, and each line it names, written into the file, gives the value it said."""
from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
from geomill.dsl import parse
from geomill.dsl.general import format_general
from geomill.engine.errors import ModelError

from tests.test_newcomer_messages import _run

# (problem, the textbook's answer by hand)
ARCS = [
    ("circle O through A B C\nC on major arc AB\nangle AOB = 100\nfind angle ACB\n", 50),  # newcomer N18
    ("circle O through A B C\nC on minor arc AB\nangle AOB = 100\nfind angle ACB\n", 130),
    ("circle O through A B C\nPA tangent to circle O\nPB tangent to circle O\nC on major arc AB\nangle APB = 50\n"
     "find angle ACB\n", 65),  # newcomer 03 / 03a
    ("circle O through A B C\nPA tangent to circle O\nPB tangent to circle O\nC on minor arc AB\nangle APB = 50\n"
     "find angle ACB\n", 115),
    ("circle O through A B C\nPA tangent to circle O\nC on major arc AB\nangle PAB = 70\nfind angle ACB\n", 70),  # S1
    ("circle O through A B C D\nC on major arc AB\nD on minor arc AB\nangle ACB = 40\nfind angle ADB\n", 140),  # S2
    ("circle O through A B C\nC on minor arc AB of circle O\nangle ACB = 110\nfind angle AOB\n", 140),
    ("circle O through A B C\nPA tangent to circle O\nC on minor arc AB\nangle PAB = 70\nfind angle ACB\n", 110),
]
SIDES = [
    ("line A E B\nline C F D\nline G E F H\nAB parallel to CD\nA and D on opposite sides of line EF\n"
     "angle AEF = 2x + 10\nangle EFD = 4x - 30\nfind angle AEF\n", 50),  # newcomer 09 / 09a: alternate angles
    ("line A E B\nline C F D\nline G E F H\nAB parallel to CD\nB and D on the same side of line GH\n"
     "angle GEB = 112\nfind angle CFH\n", 112),  # newcomer 11 / 11a: the parallels run the same way
    ("line A E B\nline C F D\nline G E F H\nAB parallel to CD\nA and C on the same side of GH\nangle AEG = 120\n"
     "find angle CFH\n", 60),  # S4
    ("line A E B\nline C F D\nAB parallel to CD\nB and D on the same side of line EF\nangle BEF = 70\n"
     "find angle EFD\n", 110),  # co-interior
    ("triangle ABC\ntriangle ABD\nC and D on opposite sides of line AB\nangle CAB = 30\nangle DAB = 40\n"
     "find angle CAD\n", 70),
    ("triangle ABC\ntriangle ABD\nC and D on the same side of line AB\nangle CAB = 30\nangle DAB = 40\n"
     "find angle CAD\n", 10),
    ("line B A\nline D C\nline B E\nline D E\nAB parallel to CD\nA and C on the same side of line BD\n"
     "E and C on the same side of line AB\nE and A on the same side of line CD\nangle ABE = 40\nangle CDE = 30\n"
     "find angle BED\n", 70),  # E between the parallels
]
LINES = [
    ("triangle ABC\nD on BC extended\nangle ABC = 40\nfind angle ABD\n", 40),  # newcomer N4b
    ("triangle ABC\nD on BC extended\nangle ABC = 50\nangle BAC = 70\nfind angle ACD\n", 120),
    ("triangle ABC\nD on BC extended beyond B\nangle ABC = 50\nfind angle ABD\n", 130),
    ("triangle ABC\nD on ray BC\nBD = 10\nBC = 4\nfind CD\n", 6),
    ("triangle ABC\nD on BC extended\nAB = AC\nangle BAC = 40\nfind angle ACD\n", 110),
    ("triangle ABC\nD on AB extended\nBD = BC\nangle ABC = 80\nfind angle BDC\n", 40),
    ("triangle ABC right at C\nD on BC extended\nAC = 3\nCD = 4\nfind AD\n", 5),
    ("triangle ABC\nD on line BC\nAD perpendicular to BC\nAB = 5\nAD = 4\nfind BD\n", 3),
]


def _answer(out: str) -> float:
    return float(out.split("exact: ")[1].split()[0])


@pytest.mark.parametrize("text, answer", ARCS + SIDES + LINES)
def test_a_side_said_in_words_gives_the_textbook_answer(tmp_path: Path, capsys, text: str, answer: float) -> None:
    code, out, err = _run(tmp_path, capsys, text)
    assert code == 0, err
    assert math.isclose(_answer(out), answer, rel_tol=1e-6), out


@pytest.mark.parametrize("text, answers", [
    ("circle O through A B C\nangle AOB = 100\nfind angle ACB\n", {50, 130}),  # newcomer N8
    ("line A E B\nline C F D\nline G E F H\nAB parallel to CD\nangle AEF = 2x + 10\nangle EFD = 4x - 30\n"
     "find angle AEF\n", {50}),  # newcomer 09a (the other figure's x is no whole number)
    ("triangle ABC\nD on line BC\nangle ABC = 40\nfind angle ABD\n", {40, 140}),  # newcomer N4
])
def test_each_line_a_refusal_names_gives_its_value(tmp_path: Path, capsys, text: str, answers: set) -> None:
    """The refusal names a textbook line for each figure (no turning chain); written into the file, each
    gives the value the refusal gave it."""
    code, _, err = _run(tmp_path, capsys, text)
    said = re.search(r"add '([^']*)' \(([\d.]+)\) or '([^']*)' \(([\d.]+)\)", err)
    assert code == 1 and said is not None and "clockwise" not in err, err
    got = set()
    for line, value in ((said.group(1), said.group(2)), (said.group(3), said.group(4))):
        code, out, err = _run(tmp_path, capsys, text.replace("find", line + "\nfind"))
        assert code == 0, (line, err)
        assert math.isclose(_answer(out), float(value), rel_tol=1e-4), (line, out, value)
        got.add(round(_answer(out), 4))
    assert answers <= got


def test_a_quadrilateral_with_parallel_bases_and_equal_legs_is_named_as_one_kind(tmp_path: Path, capsys) -> None:
    """AD ∥ BC and AB = CD hold in a parallelogram and in an isosceles trapezoid, but bases proven unequal (22 and
    10) rule the parallelogram out: the isosceles trapezoid judgement gives the area (legs 10: height 8, area 128),
    as the line naming its kind does."""
    text = "points A B C D\nquadrilateral ABCD\nAD parallel to BC\nAB = CD\nAD = 22\nBC = 10\nAB = 10\nfind area ABCD\n"
    code, out, err = _run(tmp_path, capsys, text)
    assert code == 0 and "it is an isosceles trapezoid" in out and math.isclose(_answer(out), 128), (out, err)
    code, out, err = _run(tmp_path, capsys, text.replace("quadrilateral ABCD", "isosceles trapezoid ABCD bases AD BC"))
    assert code == 0 and math.isclose(_answer(out), 128), (out, err)


def test_the_forms_read_as_written_and_print_back() -> None:
    p = parse("circle O through A B C\ncircle P through A B\nC on major arc AB\nD on BC extended beyond B\n"
              "A and C on opposite sides of OP\nfind angle ACB\n")
    rel = {r.key: r.args for r in p.relations}
    assert rel["major_arc"] == (("C",), ("A", "B"), ("O",))  # the one circle through A, B and C
    assert rel["point_beyond"] == (("D",), ("C", "B"), ("B",))  # past B: CB extended
    assert rel["opposite_sides"] == (("A",), ("C",), ("O", "P"))
    assert parse(format_general(p)) == p


@pytest.mark.parametrize("text, wanted", [
    ("points A B C\nC on major arc AB\nfind angle ACB\n", "which circle? no circle is drawn"),
    ("circle O through A B C\ncircle P through A B C\nC on minor arc AB\nfind angle ACB\n", "several circles"),
    ("triangle ABC\nD on BC extended beyond A\nfind AD\n", "fits no shape form"),
])
def test_a_form_that_names_no_figure_is_refused_with_the_line_to_write(text: str, wanted: str) -> None:
    with pytest.raises(ModelError, match=re.escape(wanted)):
        parse(text)
