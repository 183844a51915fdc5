"""GeomVerse figures as issue 38's reader asked: the asked element marked "?" in every question type, equal
sides ticked, every label legible on its ground (WCAG contrast at least 4.5) and in one type size.  Each rule
holds in the figures drawn and in the independent reader of their export and pixels (tests/label_reader.py),
which also catches the rule broken."""
from __future__ import annotations

import json
import math
import random
from io import BytesIO

import numpy as np
import pytest
from geomill.dsl import parse
from geomill.engine.catalogue import KINDS
from geomill.engine.geometry import construct
from geomill.engine.model import QKind
from geomill.generate import GenConfig
from geomill.generate.geomverse.pipeline import Tally, make_record
from geomill.render.annotate import Annotation
from geomill.render.attribution import figure_labels
from geomill.render.colours import MIN_CONTRAST, PALETTE, legible
from geomill.render.compose import STAGES
from geomill.render.draw import Renderer
from geomill.render.layout import layout
from geomill.solvers import solve
from PIL import Image

from tests.label_reader import (
    _luminance,
    contrast_problems,
    mark_problems,
    problems,
    query_problems,
    tick_problems,
)


@pytest.fixture(scope="module")
def renderer():
    return Renderer()


def _drawn(renderer: Renderer, text: str, seed: int = 0, colour: str | None = None):
    """The figure's export and pixels (``colour``: every shape filled so)."""
    sol = solve(parse(text))
    scene = layout(sol, seed=seed)
    if colour is not None:
        for s in scene.shapes:
            s.colour, s.colour_rgb = colour, PALETTE[colour]
    png, d = renderer.figure(scene, Annotation.build(scene, sol, "coordinate", "image"))
    return figure_labels(d), np.asarray(Image.open(BytesIO(png)).convert("RGB")), d


ASKED = {  # one problem a question type; the complementary pair's asked angle was a bare ray (issue 38)
    "angle": "angles ABC and ABD are complementary\ntriangle DAB\nAB = 7\nBD = 3\nDA = 6\nfind angle ABC\n",
    "side": "triangle ABC right at A\nAB = 6\nAC = 8\nfind BC\n",
    "area": "rectangle ABCD\nAB = 9\nBC = 5\nfind area ABCD\n",
    "perimeter": "triangle ABC\nAB = 7\nBC = 8\nCA = 6\nfind perimeter ABC\n",
}


@pytest.mark.parametrize("kind", sorted(ASKED))
def test_the_asked_element_is_marked_in_every_question_type(renderer, kind):
    fig, _, d = _drawn(renderer, ASKED[kind])
    asked = [lab for lab in fig["labels"] if lab["element"] == fig["query"]]
    assert fig["query"] and len(asked) == 1 and "?" in asked[0]["text"]
    assert query_problems(fig) == [] and problems(fig) == [] and d.misread == []
    if kind == "angle":  # with its own arc, apart from its pair's
        assert fig["query"] in {m["element"] for m in fig["angle_marks"]}
        assert fig["query"] in d.angle_arcs
    unmarked = dict(fig, labels=[lab for lab in fig["labels"] if lab["element"] != fig["query"]],
                    angle_marks=[m for m in fig["angle_marks"] if m["element"] != fig["query"]])
    # an asked shape may go unlabelled (its letters name it), never labelled without "?"
    assert bool(query_problems(unmarked)) is (kind in ("angle", "side"))
    answered = dict(fig, labels=[dict(lab, text="5") if lab["element"] == fig["query"] else lab
                                 for lab in fig["labels"]])
    assert any("carries no '?'" in p for p in query_problems(answered))
    if kind == "angle":
        assert any("has no arc" in p for p in query_problems(unmarked))


EQUAL = {  # the shapes issue 38 found unticked, and the sides each ticks
    "square ABCD\nAB = 5\nfind area ABCD\n": {"AB", "BC", "CD", "DA"},
    "triangle ABC isosceles at A\nAB = 9\nBC = 6\nfind area ABC\n": {"AB", "CA"},
    "triangle ABC equilateral\nAB = 8\nfind area ABC\n": {"AB", "BC", "CA"},
}


@pytest.mark.parametrize("text", sorted(EQUAL))
def test_equal_sides_carry_ticks(renderer, text):
    fig, _, _ = _drawn(renderer, text)
    (mark,) = [m for m in fig["marks"] if m["kind"] == "equal"]
    assert {frozenset(e) for e in mark["elements"]} == {frozenset(e) for e in EQUAL[text]}
    assert len(mark["pixels"]) == len(mark["elements"]) * mark["count"]
    assert tick_problems(fig) == [] and mark_problems(fig) == [] and problems(fig) == []
    assert any("no common tick" in p for p in tick_problems(dict(fig, marks=[])))  # the reader misses them


def test_ticks_keep_off_a_dashed_height(renderer):
    """A trapezoid's height drawn from the middle of its side BC, which the equilateral triangle's ticks mark:
    the tick moves along BC (at the height's end it reads as the height's mark)."""
    fig, _, _ = _drawn(renderer, "ABCDE: rectangle + equilateral triangle on BD\ntrapezoid FGBC bases FG BC\n"
                                 "AB = 13\narea FGBC = 185\nFG = 19\nheight FGBC = 11\nfind perimeter ABCDE\n", seed=7)
    ends = [p for h in fig["heights"] for p in h["line"]]
    ticks = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for m in fig["marks"] for a, b in m["pixels"]]
    assert ends and len(ticks) == 3
    assert min(math.dist(t, e) for t in ticks for e in ends) > 12.0
    assert tick_problems(fig) == [] and mark_problems(fig) == []


def test_two_groups_of_equal_sides_are_told_apart(renderer):
    """Sides of two lengths carry one tick and two; a square glued to an equilateral triangle, one length,
    one group."""
    fig, _, _ = _drawn(renderer, "square ABCD\ntriangle EBC isosceles at E\nAB = 6\nBE = 9\nfind area ABCD\n")
    groups = {frozenset(m["elements"]): m["count"] for m in fig["marks"] if m["kind"] == "equal"}
    assert groups == {frozenset(("AB", "BC", "CD", "DA")): 1, frozenset(("EB", "EC")): 2}
    assert tick_problems(fig) == [] and mark_problems(fig) == []
    twins = dict(fig, marks=[dict(m, count=1) for m in fig["marks"]])
    assert any("same count" in p for p in tick_problems(twins))
    fig, _, _ = _drawn(renderer, "square ABCD\ntriangle CBE equilateral\nAB = 6\nfind area CBE\n")
    (one,) = [m for m in fig["marks"] if m["kind"] == "equal"]
    assert len(one["elements"]) == 6 and tick_problems(fig) == []
    unequal = dict(fig, marks=[dict(one, elements=[*one["elements"][:5], "AC"])],
                   segments=[*fig["segments"], ["A", "C"]])
    assert any("unequal lengths" in p for p in tick_problems(unequal))


def test_equal_marks_are_declared_equal_sides():
    """A kind's ``equal_marks`` name side elements of two or more sides, equal in its construction."""
    for key, kind in KINDS.items():
        coords = construct(kind, {p.name: sum(kind.construction.sample[p]) / 2 for p in kind.construction.params})
        for sym in kind.equal_marks:
            el = kind.elements[sym]
            assert el.kind is QKind.LENGTH and len(el.at) > 1, (key, sym)
            lengths = [float(np.hypot(*(np.asarray(coords[i], float) - np.asarray(coords[j], float))))
                       for i, j in el.at]
            assert max(lengths) - min(lengths) < 1e-9 * max(lengths), (key, sym)


def test_legible_stands_the_least_contrast_on_any_ground():
    """``colours.legible``, checked by the reader's own luminance on the 8-bit colour painted."""
    rng = random.Random(38)
    for _ in range(400):
        rgb = tuple(rng.random() for _ in range(3))
        ground_rgb = tuple(rng.randrange(256) for _ in range(3))
        g = _luminance(ground_rgb)
        got = legible(rgb, g)
        painted = tuple(round(255 * c) for c in got)
        lt = _luminance(painted)
        assert (max(lt, g) + 0.05) / (min(lt, g) + 0.05) >= MIN_CONTRAST - 1e-9, (rgb, ground_rgb)
        if got not in ((0.0, 0.0, 0.0), (1.0, 1.0, 1.0)) and got != rgb:  # darkened, its hue kept
            k = max(got) / max(rgb)
            assert np.allclose(got, np.array(rgb) * k, atol=1 / 255)


def test_labels_on_a_red_fill_stand_the_contrast(renderer, monkeypatch):
    """Issue 38's dark red on red (3.57:1): the angle's value inside a red triangle is darkened until the
    reader, from the PNG's pixels, finds it legible; painted in its role's colour, the reader objects."""
    text = "triangle ABC\nAB = 12\nBC = 14\nangle ABC = 70\nfind CA\n"
    fig, px, _ = _drawn(renderer, text, colour="red")
    inside = [lab for lab in fig["labels"] if lab["element"] == "angle ABC"]
    assert inside and inside[0]["colour"] != "#730d0d"
    assert contrast_problems(fig, px) == []
    monkeypatch.setattr(Renderer, "_legible", lambda self, rgb, ground: rgb)
    faint, px, _ = _drawn(renderer, text, colour="red")
    assert any("contrast" in p and "angle ABC" in p for p in contrast_problems(faint, px))


def test_every_label_in_one_type_size():
    """A label moves rather than shrinks, and the reader objects to a smaller one beside the rest."""
    assert {step for step, _ in STAGES} == {1.0}
    fig = {"size": [512, 512], "points": {"A": [100, 100], "B": [400, 100]}, "segments": [["A", "B"]],
           "shapes": [], "labels": [
               {"text": "A", "element": "point A", "bbox": [80, 80, 92, 96], "leader": None, "font_size": 12.0},
               {"text": "B", "element": "point B", "bbox": [408, 80, 420, 96], "leader": None, "font_size": 12.0},
               {"text": "6", "element": "AB", "bbox": [244, 80, 254, 94], "leader": None, "font_size": 10.2}]}
    assert any("-point type beside" in p for p in problems(fig))
    fig["labels"][2].update(font_size=12.0, bbox=[243, 79, 255, 95])
    assert not any("-point type beside" in p for p in problems(fig))


def test_generated_figures_read_right_on_every_rule():
    """Default GeomVerse records: every rule of the reader holds on the export and the pixels."""
    cfg = GenConfig(depth=2)
    seen = set()
    for index in range(8):
        record, files = make_record(cfg, 38, "data", index, Tally())
        fig = json.loads(files[record["labels"]])
        px = np.asarray(Image.open(BytesIO(files[record["image"]])).convert("RGB"))
        found = (problems(fig) + mark_problems(fig) + query_problems(fig) + tick_problems(fig)
                 + contrast_problems(fig, px))
        assert found == [], (index, found)
        assert fig["query"] and len({lab["font_size"] for lab in fig["labels"]}) == 1
        seen.add(record["answer_type"])
    assert len(seen) >= 3


def test_a_ticks_middle_is_where_the_search_puts_it(renderer, monkeypatch):
    """``MarkLayout.spot``'s fast path (a tick by the whole side's middle where that is clear) places every
    tick where the search over all the shares does, also with something at the very edge of CLEAR."""
    from geomill.render import mark_place
    from geomill.render.mark_place import CLEAR, MarkLayout

    texts = [*sorted(EQUAL), "square ABCD\ntriangle EBC isosceles at E\nAB = 6\nBE = 9\nfind area ABCD\n",
             "ABCDE: rectangle + equilateral triangle on BD\ntrapezoid FGBC bases FG BC\n"
             "AB = 13\narea FGBC = 185\nFG = 19\nheight FGBC = 11\nfind perimeter ABCDE\n"]
    hits = []
    middle_clear = MarkLayout._middle_clear
    monkeypatch.setattr(MarkLayout, "_middle_clear", lambda *a: hits.append(middle_clear(*a)) or hits[-1])
    fast = [_drawn(renderer, t, seed=7)[0]["marks"] for t in texts]
    monkeypatch.setattr(MarkLayout, "_middle_clear", lambda *a: False)
    assert fast == [_drawn(renderer, t, seed=7)[0]["marks"] for t in texts]
    assert any(hits) and not all(hits)
    sol = solve(parse(texts[0]))
    scene = layout(sol)
    frame = renderer.compose(scene, Annotation.build(scene, sol, "coordinate", "image")).frame
    for edge in (-1e-6, 0.0, 1e-12, 1e-6):  # a mark taken CLEAR (and a hair) from a side's middle
        grid = MarkLayout(scene, frame, renderer.style.font_px)
        p, r = grid.px["A"], grid.px["B"]
        mid = p + (r - p) * mark_place._SPOT_SHARES[mark_place._SPOT_MIDDLE]
        normal = np.array([-(r - p)[1], (r - p)[0]]) / np.hypot(*(r - p))
        grid.take(mid + normal * (CLEAR + 2 * mark_place.TICK_HALF + edge), mark_place.TICK_HALF)
        plain = MarkLayout(scene, frame, renderer.style.font_px)
        plain.taken = list(grid.taken)
        monkeypatch.setattr(MarkLayout, "_middle_clear", middle_clear)
        got = grid.spot(p, r, mark_place.TICK_HALF, whole=True)
        monkeypatch.setattr(MarkLayout, "_middle_clear", lambda *a: False)
        assert np.array_equal(got, plain.spot(p, r, mark_place.TICK_HALF, whole=True)), edge
