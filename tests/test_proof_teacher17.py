"""Blind review 17 (issue 37): proofs a teacher would sign.  Every step names its theorem or the values it
compares; a shape is named as the problem names it; a major arc is called one in every sentence; a fact
appears only where a later step uses it; proportions and squares are solved as a textbook solves them.
Each case is the smallest problem that showed the class; each proof must also lint clean."""
from __future__ import annotations

import pytest
from geomill.dsl import parse
from geomill.solvers.plane import solve_general
from geomill.solvers.plane.tidy import tidy
from geomill.solvers.plane_lint import lint_general


def _proof(text: str, value: float | None = None) -> str:
    sol = solve_general(parse(text))
    if value is not None:
        assert abs(float(sol.exact) - value) < 1e-9
    assert not lint_general(sol)
    return sol.proof.render("text")


CASES = [
    # 1. a step with no reason: an equilateral triangle's sides ("CD = DE. So CE = DE."), then a value read
    # through the equality said before ("So CD = CE = 38.")
    ("step names its reason: the shape",
     "points E C D F\ntriangle ECD equilateral\nline D F C\nline E F\nCE = 38\nangle DEF = angle CEF\nfind DF\n", 19,
     ["Since ECD is an equilateral triangle, CD = CE = 38."],
     ["So CE = DE", "So CD = CE"]),
    # 1. two elements equal as their values are (FormalGeo 2092): the values compared, not "So GH = HI = 7"; where
    # the sentence before found one value, the comparison ends that sentence (a later review: "Since BD = 4 = CD,
    # BD = CD." is clumsy)
    ("step names its reason: the values compared",
     "points G K H J I\ntriangle GKH\npolygon KJIH\nline G K J\nline G H I\nKH parallel to JI\nclockwise GKH KJIH\n"
     "GH = 7\nGI = 14\nJK = 6\nfind GK\n", 6, ["HI = GI - GH = 14 - 7 = 7; hence HI = GH."], ["So GH = HI", "Since GH = 7 = HI"]),
    # 1. an isosceles triangle's side read through its equal sides said before: which values it compares
    ("step names its reason: an equality said before",
     "points O E G H B A F C\ntriangle EGH\nline H F E B\nline H G A\nline E C G\ncircle O through E G H\n"
     "GB bisects angle AGE\nFC midsegment of EHG\nEO = 5\nangle EGH = 60\nangle EHG = 30\nfind BH/BF\n", 4 / 3,
     [], ["So BG = GH"]),  # (the law of sines in GHB now takes GH itself: BG's value is not read at all)
    # 2. a rectangle named by its own kind and letters, never "the parallelogram ADCB"
    ("shape as the problem names it",
     "points A B C D E F\nrectangle ABCD\nline A E B\nline D F C\nline E F\nE midpoint of AB\nEF parallel to BC\n"
     "AB = 4\nAD = 6\nfind EF/CF\n", 3, ["opposite sides of the rectangle ABCD"], ["ADCB", "parallelogram ABCD"]),
    ("shape as the problem names it: a square",
     "points A B C D E F\nsquare ABCD\nline A E B\nline D F C\nline E F\nE midpoint of AB\nF midpoint of DC\n"
     "AB = 19\nfind EF\n", 19, ["of the square ABCD"], ["ADCB"]),
    # 3. two congruent major arcs: "major arc" in the reason too, never "the arcs OAE and OBC"
    ("major arcs in every sentence",
     "points O A B C E\ncircle O through A B C E\narc OAE congruent to arc OBC\narc OAE = 250\nfind arc OBC\n", 250,
     ["Since major arc ACE and major arc BAC are congruent, major arc BAC = major arc ACE = 250°."],
     ["arcs OAE", "arcs AE"]),
    # 4. a midpoint's halves no step uses, and a parallelogram proved once and named after
    ("facts only where used: a midpoint, a judgement",
     "points A B C D E F\nrectangle ABCD\nline A E B\nline D F C\nline E F\nE midpoint of AB\nEF parallel to BC\n"
     "AB = 4\nAD = 6\nfind EF/CF\n", 3, ["ADFE is a parallelogram; hence EF = AD = 6."], ["AE = BE"]),
    # 4. a height that is a drawn segment needs no "Let h be …"
    ("facts only where used: a drawn height",
     "points A B C D E\nisosceles trapezoid ABCD bases AD BC\nline B E C\nAE perpendicular to BE\nAB = 11\n"
     "angle ABC = 45\nfind height BCDA\n", 11 * 2 ** 0.5 / 2,
     ["is the height of the isosceles trapezoid ABCD"], ["Let h", "height h"]),
    # 5. a square equal to a number: "AC² = 252 and AC = 6√7", not "AC² - 252 = 0 … rejecting the negative root"
    ("algebra: a square",
     "points A B C\ntriangle ABC\nAB = 6\nBC = 12\nangle ABC = 120\nfind AC\n", 252 ** 0.5,
     ["= 252 and AC = 6√7."], ["= 0", "negative root"]),
    # 5. the intercept theorem as its ratios, not cross-multiplied
    ("algebra: a proportion",
     "points A B C D E\ntriangle ABC\nline A D B\nline A E C\nline D E\nDE parallel to BC\nAB = 4\nAC = 3\nAD = 3\n"
     "find AE\n", 9 / 4, ["AE/AC = AD/AB, so AE = AC·AD/AB"], ["AC·AD = AB·AE"]),
]


def says(text: str, value: float, has: list[str], lacks: list[str]) -> None:
    """The problem's proof (right, linted) says each of ``has`` and none of ``lacks``."""
    proof = _proof(text, value)
    for s in has:
        assert s in proof, proof
    for s in lacks:
        assert s not in proof, proof


@pytest.mark.parametrize("what,text,value,has,lacks", CASES, ids=[c[0] for c in CASES])
def test_teacher17(what, text, value, has, lacks):
    says(text, value, has, lacks)


def test_each_step_of_a_bare_so_names_a_shape_with_all_sides_equal():
    """The tidy pass folds an equilateral triangle's (or rhombus's) side equalities and the "So" that joins
    them into the one equality the proof needs, where no later sentence uses the others."""
    out = tidy(["Since ECD is an equilateral triangle, CD = DE. So CE = DE.", "Since CE = DE, x = 1."])
    assert out[0] == "Since ECD is an equilateral triangle, CE = DE.", out
    kept = tidy(["Since ECD is an equilateral triangle, CD = DE. So CE = DE.", "Since CD = DE, x = 1."])
    assert kept[0].startswith("Since ECD is an equilateral triangle, CD = DE. So"), kept


def test_values_compared_are_not_said_again_after_both_values():
    out = tidy(["Since BO is perpendicular to EO, angle BOE = 90°. Since BOD is a straight line, angle DOE = 90°. "
                "Since angle BOE = 90° = angle DOE, angle BOE = angle DOE.", "Since x = 1, y = 2."])
    assert "Since angle BOE = 90° = angle DOE" not in out[0], out


def test_a_major_arc_in_a_list_of_arcs_is_named_major():
    from geomill.engine.plane import element_symbol
    from geomill.solvers.plane.write import arc_sentence

    big, small = element_symbol("arc", ("O", "A", "B")), element_symbol("arc", ("O", "B", "C"))
    arcs = {big: ("major arc ACB", ""), small: ("arc BC", "")}
    said = arc_sentence("since arcs BA and BC of one circle are equal, so are their chords", [big - small], arcs)
    assert said == "since major arc ACB and arc BC of one circle are equal, so are their chords", said


def test_a_bisector_or_midpoint_whose_halves_no_step_names_is_not_restated():
    from geomill.solvers.plane.write import _unused_halves

    used = "By the exterior angle bisector theorem: BE bisects the exterior angle of triangle BCA, CE/AE = BC/AB."
    assert _unused_halves(["Since BE bisects the angle FBA, angle EBF = angle ABE.", used]) == [used]
    assert _unused_halves(["Since E is the midpoint of AB, AE = BE.", "Since AE is parallel to DF, x = 1."]) == \
        ["Since AE is parallel to DF, x = 1."]
    kept = ["Since CO bisects the angle ACD, angle ECO = angle DCO.",
            "By the angle sum of triangle OEC, angle COE = 180° - angle CEO - angle OCE."]
    assert _unused_halves(kept) == kept  # (angle OCE is angle ECO: its letters in the other order)
