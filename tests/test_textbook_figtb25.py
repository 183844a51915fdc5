"""Issue 38 (figtb25): a given never vanishes from the figure, a ratio asked reads as one goal, and a near-special
shape the facts leave free is caught (``render.accidents.near_special``) so that the generator draws again.  Each
class on its smallest problem, checked by the export and the independent reader (tests/label_reader.py)."""
from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest
from geomill.dsl import parse
from geomill.generate.textbook_gen.make import unforced
from geomill.render.accidents import near_special
from geomill.render.textbook import textbook_figure

from tests.label_reader import mark_problems, problems, textbook_problems

RATIO_BOTH = "points A B C D\ntriangle ABC\nline B D C\nAB = 4\nAC = 6\nfind BD/DC\n"
THIN_PERIMETERS = ("points A B C D\ntriangle ABD\ntriangle BCD\nline A C\nAB = 5\nAD = 5\nBD = 1\n"
                   "perimeter ABD = 11\nperimeter BCD = 3\nfind BC\n")  # (BCD a sliver: no room inside it)
UNDRAWN_REGION = ("points A B C D E\ntriangle ABC\nline A D B\nline A E C\nline D E\nAB = 10\nAC = 11\nBC = 9\n"
                  "AD = 1\nAE = 1\nperimeter ADE = 3\nfind DE\n")  # (ADE drawn by its lines, no shape of its own)


def _read(labels: dict) -> list[str]:
    """The bench's reader (GeomVerse's ``problems`` reads stacked legend lines as one label: it has no legend)."""
    return textbook_problems(labels) + mark_problems(labels)


def test_a_ratio_of_two_asked_sides_is_one_line_in_the_legend() -> None:
    """BD/DC, both asked: "BD = ?" and "DC = ?" by their sides read as two goals (a blind reader's); the legend
    names the ratio whole, "BD/CD = ?", and no "?" sits on either side."""
    labels = textbook_figure(parse(RATIO_BOTH)).labels
    goal = labels["goal"]
    assert goal["marked"] and goal["shown"] == "legend" and goal["drawn"] is None
    asked = [lab for lab in labels["labels"] if lab["text"].endswith("?")]
    assert [lab["text"] for lab in asked] == ["BD/CD = ?"]
    assert asked[0]["leader"] is None and _read(labels) == [] and problems(labels) == []


@pytest.mark.parametrize("text", [THIN_PERIMETERS, UNDRAWN_REGION])
def test_a_region_given_with_no_place_on_its_region_is_named_in_the_legend(text: str) -> None:
    """A region's given that no place in it reads as its own (a sliver), or whose region is no drawn shape, was
    on no label at all (``shown`` "moved" or "text"): now a legend line that names it, "perimeter BCD = 3"."""
    labels = textbook_figure(parse(text)).labels
    regions = [g for g in labels["givens"] if g["fact"].startswith("perimeter ")]
    assert regions and all(g["shown"] in ("label", "legend") for g in regions)
    texts = {lab["text"] for lab in labels["labels"]}
    for g in regions:
        if g["shown"] == "legend":
            assert g["fact"] in texts  # ("perimeter BCD = 3", as the problem gives it)
    assert not [g for g in labels["givens"] if g["shown"] in ("moved", "text") and g["element"] is not None]
    assert _read(labels) == []


KITE = "points A B C D\nkite ABCD at A\nAB = 5\nangle BAD = 80\nfind AC\n"


def _kite(x: float) -> dict:
    """Kite ABCD at A about AC, its free vertices B and D at ``x`` along AC (1: a rhombus; 0.7: plainly a kite)."""
    return {"A": np.array([0.0, 0.0]), "B": np.array([x, -0.8]), "C": np.array([2.0, 0.0]), "D": np.array([x, 0.8])}


def _near(at: dict) -> list[str]:
    problem = parse(KITE)
    scene = SimpleNamespace(points=at, segments=[("A", "B"), ("B", "C"), ("C", "D"), ("D", "A")])
    px = {n: v * 200 for n, v in at.items()}
    from geomill.render.marks import read_marks

    return near_special(problem, scene, px, read_marks(problem)[0])


def test_a_kite_drawn_near_a_rhombus_is_caught() -> None:
    """The blind reader's kite: sides 0.92 of each other, one pair 4° off parallel, which the text leaves free.
    Each near-coincidence is said; a kite drawn plainly a kite shows none."""
    found = _near(_kite(0.93))
    assert any("nearly equal" in f and "AB" in f and "BC" in f for f in found), found
    assert any("nearly parallel" in f for f in found), found
    assert _near(_kite(0.7)) == []


def test_the_generator_draws_again_where_a_near_special_shape_is_unforced() -> None:
    """The exact figure near a rhombus, another figure of the same text plainly a kite: the near-coincidence is the
    construction's accident, not the text's, and the draw is refused (``unforced``); the same shape in both is kept."""
    problem = parse(KITE)
    exact = SimpleNamespace(at=_kite(0.93))
    assert any("nearly" in why for why in unforced(problem, exact, SimpleNamespace(coords=_kite(0.7))))
    assert not [why for why in unforced(problem, exact, SimpleNamespace(coords=_kite(0.93))) if "nearly" in why]


def test_a_point_near_a_middle_or_a_circle_is_caught_unless_stated() -> None:
    """M near the middle of AB, P near circle O: each read as a midpoint, a point on the circle; stated, neither is
    said."""
    free = parse("points A B M O P Q\nline A M B\ncircle O through Q\nline O P\nfind AB\n")
    at = {"A": np.array([0.0, 0.0]), "B": np.array([2.0, 0.0]), "M": np.array([1.04, 0.0]),
          "O": np.array([0.0, 3.0]), "Q": np.array([1.0, 3.0]), "P": np.array([0.0, 3.98])}
    scene = SimpleNamespace(points=at, segments=[("A", "M"), ("M", "B"), ("O", "P")])
    px = {n: v * 100 for n, v in at.items()}
    found = near_special(free, scene, px, [])
    assert any(f.startswith("point M is drawn near the middle of AB") for f in found), found
    assert any(f.startswith("point P is drawn near circle O") for f in found), found
    stated = parse("points A B M O P Q\nline A M B\nM midpoint of AB\ncircle O through Q P\nfind AB\n")
    from geomill.render.marks import read_marks

    assert not near_special(stated, scene, px, read_marks(stated)[0])


CHORDS = ("points A C O E D B\ntriangle CAE\ntriangle CED\nline A E D\nline C E B\ncircle O through C A B D\n"
          "AB diameter of circle O\nCD = 4\nDE = 2\nfind AE\n")  # (CD short, between DE's value and the arc)


def test_a_whole_side_with_no_place_by_it_is_named_and_led_to_it_not_legend_only() -> None:
    """A whole side's value that no place by it took, set off or not, was named in the legend alone ("CD = 4" in a
    corner): now named where there is room and led to the side, the export naming the side, the reader content."""
    labels = textbook_figure(parse(CHORDS)).labels
    given = next(g for g in labels["givens"] if g["fact"] == "CD = 4")
    assert given["shown"] == "label" and given["drawn"] == "CD"
    lab = next(lab for lab in labels["labels"] if lab["element"] == "CD")
    assert lab["text"] == "CD = 4" and lab["leader"] is not None
    assert _read(labels) == []


def test_a_legend_arc_is_named_as_the_question_names_it() -> None:
    # reader 20's 21: "arc OEF = 118°" in the legend read as an arc through the centre O
    import math
    from types import SimpleNamespace

    from geomill.engine.model import QKind, Quantity
    from geomill.engine.plane import element_symbol
    from geomill.render.scene import Scene
    from geomill.render.textbook import _legend_text, goal_text

    at = lambda deg: (100 * math.cos(math.radians(deg)), 100 * math.sin(math.radians(deg)))  # noqa: E731
    scene = Scene(points={"O": (0.0, 0.0), "E": at(0), "F": at(118), "A": at(200)}, segments=[], arcs=[], shapes=[])
    minor, major = Quantity(QKind.ARC, ("O", "E", "F"), "OEF"), Quantity(QKind.ARC, ("O", "F", "E"), "OFE")
    ann = SimpleNamespace(names={str(minor): "arc OEF", str(major): "arc OFE"},
                          texts={minor: "118°", major: "242°"})
    assert _legend_text(ann, minor, scene) == "arc EF = 118°"
    assert _legend_text(ann, major, scene) == "major arc FE = 242°"  # (past 180° on the figure)
    ann.names[str(minor)] = "arc EAF"  # a textbook arc through a point: as written
    assert _legend_text(ann, minor, scene) == "arc EAF = 118°"
    assert goal_text(element_symbol("arc", ("O", "E", "F")), scene=scene) == "arc EF"  # the goal's legend line
