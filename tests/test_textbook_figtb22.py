"""Every given value on its element (issue 38, reader 18): an angle's value always with its arc on the figure (never
in the legend alone, where a reader hunts for the angle), a split side's value named by its side where no
dimension line keeps clear of the lines, and no radius drawn only for a named arc doubled over another line (read
as a diameter).  Each on the smallest problem that showed it, checked by the export and the independent reader
(tests/label_reader.py)."""
from __future__ import annotations

from geomill.dsl import parse
from geomill.render.textbook import textbook_figure

from tests.label_reader import mark_problems, textbook_problems

THIN = ("points D B H C\ntriangle DBH\ntriangle BCH\nparallelogram DBCH\nclockwise DBH BCH\nangle BCH = 8y - 12\n"
        "angle BHD = x/4\nangle CBH = y - 8\nangle BDH = 4x - 8\nfind x\n")  # (reader 18's 18: BHD 10° wide)
LETTERED = ("points C A D F G E B\ntriangle CAD\ntriangle CDF\ntriangle CFG isosceles at C\ntriangle CGE\n"
            "triangle CEB\ntriangle CDE equilateral\ntriangle CAB isosceles at C\nline A D F G E B\n"
            "clockwise CAD CDF CFG CGE CEB\nangle CAD = 42\nangle CFG = 77\nfind angle FCG\n")  # (reader 18's 02: the
# letter F on the small arc of CFG)
DIAGONAL = "points A B C D O\nrhombus ABCD\nline A O C\nline B O D\nAC = 6\nangle ABC = 60\nfind AB\n"
CHORD = "points O B E F\ncircle O through B E F\ntriangle BEF\narc OBE = 60\narc OEF = 118\nfind angle BFE\n"
# (reader 18's 22: arcs of 60° and 118° put chord BF 2° off the centre)


def _shown(fig, element: str) -> str:
    return next(g["shown"] for g in fig.labels["givens"] if g["element"] == element)


def _label(fig, element: str) -> dict:
    return next(lab for lab in fig.labels["labels"] if lab["element"] == element)


def _arcs(fig) -> set[str]:
    return {a["element"] for a in fig.labels.get("angle_marks", [])}


def test_a_thin_angles_value_is_led_to_its_arc_from_outside_not_left_to_the_legend() -> None:
    fig = textbook_figure(parse(THIN))
    assert _shown(fig, "angle BHD") == "label"
    lab = _label(fig, "angle BHD")
    assert lab["text"].startswith("∠BHD = ") and lab.get("leader")  # (named, and led to its arc)
    assert "angle BHD" in _arcs(fig)
    assert not textbook_problems(fig.labels) + mark_problems(fig.labels)


def test_an_angle_whose_small_arc_a_letter_takes_gets_a_wider_arc_and_its_value() -> None:
    fig = textbook_figure(parse(LETTERED))
    assert _shown(fig, "angle CFG") == "label"
    assert "angle CFG" in _arcs(fig)
    assert not textbook_problems(fig.labels) + mark_problems(fig.labels)


def test_an_angle_value_is_never_in_the_legend_without_its_arc() -> None:
    for src in (THIN, LETTERED):
        fig = textbook_figure(parse(src))
        for g in fig.labels["givens"]:
            if g["element"] and g["element"].startswith("angle ") and g["shown"] == "legend":
                assert g["element"] in _arcs(fig)


def test_a_split_diagonals_value_is_named_never_led_to_a_piece_nor_by_one() -> None:
    fig = textbook_figure(parse(DIAGONAL))  # (no dimension line keeps clear of the rhombus's lines: by one piece,
    assert _shown(fig, "AC") in ("label", "legend")  # "AC = 6" read as CO's, blind reader 29; figtb31: the legend)
    lab = _label(fig, "AC")
    assert lab["text"] == "AC = 6" and not lab.get("leader")
    assert not textbook_problems(fig.labels) + mark_problems(fig.labels)


def test_a_radius_drawn_only_for_a_named_arc_is_left_out_where_it_doubles_a_chord() -> None:
    fig = textbook_figure(parse(CHORD))
    drawn = {frozenset(s) for s in fig.scene.segments}
    assert frozenset("OB") not in drawn and frozenset("OF") not in drawn  # (over chord BF, 8 px from the centre)
    assert frozenset("OE") not in drawn  # (clear of every line, but named by nothing but the arcs: not drawn either,
    # issue 38's extra radii)
    assert frozenset("BF") in drawn
    assert {"60°", "118°"} <= {lab["text"] for lab in fig.labels["labels"]}  # (the arcs' values on the arcs)
