"""Reader 22's finding (issue 38): a given equality of a side that a drawn line crosses at its middle was shown by
ticks on the side's halves, which say that point is its middle, and nothing on the other side: "DE = CE" read as
"G the middle of DE" (FormalGeo 1462).  The group is marked on both its sides; the crossed side's bracket is
broken at the line."""
from __future__ import annotations

from geomill.dsl import parse
from geomill.render.textbook import textbook_figure

from tests.label_reader import mark_problems, textbook_problems

CROSSED = ("points D B A G C E F\npolygon BADG\ntriangle GDC\ntriangle EGC\ntriangle CAF\nline B G C\nline A D C\n"
           "line D G E\ncircle D through A F C E B\nDG perpendicular to BG\n"
           "clockwise BADG GDC EGC CAF AFC ACE AEB DGB\nDE = CE\narc DCF = 60\nfind angle CAF\n")


def test_a_given_equal_group_is_marked_on_its_own_sides_never_on_halves() -> None:
    lab = textbook_figure(parse(CROSSED)).labels
    assert textbook_problems(lab) == [] and mark_problems(lab) == []
    marked = {tuple(sorted(e)) for m in lab["marks"] if m["kind"] in ("equal", "bracket") for e in m["elements"]}
    assert {("C", "E"), ("D", "E")} <= {tuple(sorted(x)) for x in marked}, marked
    assert not any(m.get("source", "").endswith("(drawn)") for m in lab["marks"]), lab["marks"]
