"""Grading on free-form text written the way vision-language models write: the hand-annotated sets of
``tests/data/freeform`` (issue 22's bars), ``tests/data/freeform_textbook`` and
``tests/data/freeform_textbook_models`` (issue 41's), and issue 22's own examples."""
from __future__ import annotations

import pytest
from geomill.dsl import parse
from geomill.evaluate.grading.alignment import claims
from geomill.evaluate.grading.answer_key import build_key
from geomill.evaluate.grading.grade import grade
from geomill.solvers import solve

from tests.freeform import DATA, MODELS, TEXTBOOK, agreement, load

# each hand-annotated set and the fewest responses it holds: GeomVerse records (issue 22) and FormalGeo
# textbook records (issue 41, tests/test_grade_textbook.py for the rest)
SETS = {"geomverse": (DATA, 120), "textbook": (TEXTBOOK, 60), "models": (MODELS, 30)}


@pytest.fixture(scope="module", params=list(SETS))
def annotated(request):
    folder, least = SETS[request.param]
    return load(folder), least


@pytest.fixture(scope="module")
def figures(annotated):
    return agreement(annotated[0])


def test_freeform_set_is_large_and_half_wrong(annotated):
    pairs, least = annotated
    assert len({r["id"] for r, _ in pairs}) >= least
    wrong = sum(s["mistake"] is not None for _, s in pairs)
    assert 0.4 <= wrong / len(pairs) <= 0.6


def test_freeform_final_answers_all_agree(figures):
    assert figures.final == figures.n, figures.misses


def test_freeform_first_wrong_step(figures):
    assert figures.first_wrong >= 0.95 * figures.n, figures.misses


def test_freeform_categories(figures):
    assert figures.category >= 0.90 * figures.wrong, figures.misses


def test_freeform_no_right_step_called_wrong(figures):
    assert figures.right_called_wrong == 0, figures.misses


def test_freeform_stated_values_found(figures):
    assert figures.stated_found >= 0.95 * figures.stated, figures.misses


def test_freeform_textbook_right_responses_unflagged(annotated, figures):
    if annotated[0][0][0].get("schema", "").startswith("geomill.textbook"):  # every value of the figure is checked
        assert figures.right_responses and figures.right_flagged == 0, figures.misses


# -- the examples ----------------------------------------------------------------------------------


def record(dsl: str) -> dict:
    d = solve(parse(dsl)).as_dict()
    return {"id": "t", "dsl": dsl, "answer": d["answer"], "steps": d["steps"], "variables": [],
            "distractors": {"facts": [], "shapes": []}, "solution": d["solution"], "solution_text_only": d["solution"]}


SEMI = record("semicircle on AB\narc AB = 4\nfind AB\n")  # AB = 2 * 4 / 3.14 = 2.55
SEMI_P = record("semicircle on AB\nperimeter AB = 17\nfind AB\n")  # AB = 2 * 17 / 5.14 = 6.61
RIGHT = record("triangle ABC right at C\nAB = 10\nangle BAC = 30\nfind AC\n")  # AC = 10 cos 30 = 8.7
TRAP = record("trapezoid ABCD bases AB CD\nsemicircle on DC\narea ABCD = 92\nheight ABCD = 10\n"
              "perimeter DC = 17\nfind AB\n")  # CD = 6.61, AB = 11.79
SECTOR = record("sector ABC\nangle ABC = 60\narc ABC = 5\nfind area ABC\n")  # BA = 4.78, area 11.94


def stated(r: dict, text: str) -> list[float | None]:
    return [s.stated for s in grade(r, text).steps]


@pytest.mark.parametrize("text, values", [
    # an element inside an expression is solved for, never given the value after the chain's "="
    ("2.57 × CD = 17 → CD = 6.61. (AB + CD) / 2 × 10 = 92 → AB + 6.61 = 18.4 → AB = 11.79", [6.61, 11.79]),
    ("CD + 1.57CD = 2.57CD = 17, so the diameter is found. Then 92 = (AB + 6.61) / 2 * 10. The answer is 11.79.",
     [pytest.approx(6.615, abs=1e-3), 11.79]),
    # one claim per display block, bullets and lines: never chained into one
    ("\\[ CD = \\frac{2 \\cdot 17}{5.14} = 6.61 \\] \\[ AB = 18.4 - 6.61 = 11.79 \\]", [6.61, 11.79]),
    ("- CD = 6.61\n- AB = 11.79\n", [6.61, 11.79]),
    # no name at all: the one step whose inputs the arithmetic uses
    ("The diameter: 2 × 17 / 5.14 = 6.61.\nThe base: 184 / 10 - 6.61 = 11.79.", [6.61, 11.79]),
])
def test_alignment_of_model_text(text, values):
    assert stated(TRAP, text) == values


def test_an_angle_named_without_its_noun():
    r = record("triangle ABC\nangle ABC = 30\nangle BCA = 35\nfind angle CAB\n")
    assert stated(r, "CAB = 180 - 30 - 35 = 115") == [115]
    key = build_key(r)
    assert [c.name for c in claims(key, "CAB = 115")[1]] == ["angle CAB"]


@pytest.mark.parametrize("r, text, category, reason", [
    (SEMI, "The arc is 5, so the diameter is 2 * 5 / 3.14 = 3.18. The answer is 3.18.", "misread_given",
     "states the given arc AB as 5"),
    (SEMI, "The diameter is 2 * 5 / 3.14 = 3.18. The answer is 3.18.", "misread_given",
     "uses 5 for the given arc AB = 4"),
    (RIGHT, "AC = AB × sin(30°) = 10 × 0.5 = 5. The answer is 5.", "wrong_formula", None),
    (SEMI_P, "The perimeter is 17, so the diameter is 2 * 17 / 3.14 = 10.83. The answer is 10.83.", "wrong_formula",
     "10.83 takes perimeter AB = 17 as the arc length of AB (the arc length of a semi-circle)"),
    (SEMI_P, "AB = 17 / 3.14 = 5.41. The answer is 5.41.", "wrong_formula",
     "5.41 is the diameter of a circle whose circumference is 17, not of the AB semi-circle"),
    (SECTOR, "The radius is 6, so the area is 60 / 360 * 3.14 * 6^2 = 18.84. The answer is 18.84.", "hallucinated",
     "uses 6 for BA, a value the problem does not give"),
])
def test_categories_are_true(r, text, category, reason):
    g = grade(r, text)
    assert g.failure == category, g
    if reason is not None:
        assert g.reason == reason
    assert g.reason != "right inputs, wrong value"


def test_swapped_trigonometry_is_a_wrong_formula():
    r = record("triangle ABC right at C\nAB = 10\nangle BAC = 40\nfind AC\n")  # AC = 10 cos 40 = 7.66
    g = grade(r, "AC = 10 × sin(40°) = 6.43. The answer is 6.43.")
    assert g.failure == "wrong_formula" and ("sin" in g.reason or "CB" in g.reason), g


def test_calculation_only_where_the_arithmetic_or_the_inputs_show_it():
    g = grade(TRAP, "CD = 2 × 17 / 5.14 = 6.61. AB = 2 × 92 / 10 - 6.61 = 12.5. The answer is 12.5.")
    assert (g.first_wrong_step, g.failure) == (2, "calculation")
    g = grade(TRAP, "CD = 2 × 17 / 5.14 = 6.61. (AB + CD) × 10 = 92 → AB + 6.61 = 9.2 → AB = 2.59.")
    assert (g.first_wrong_step, g.failure) == (2, "wrong_formula"), g  # its own arithmetic holds


def _reason_holds(reason: str) -> bool:
    """``V is the X of a K whose Y is W [and Z is U]``: some rule of kind K gives V as its X from those values."""
    import re

    from geomill.engine.catalogue import KINDS
    from geomill.engine.rules import all_rules
    from geomill.evaluate.grading.categories import evaluate, explained, noun

    m = re.match(r"([\d.]+) is the ([a-z ]+?) of an? (.+?) whose (.+?), not of", reason)
    assert m, reason
    value, what, title = float(m.group(1)), m.group(2), m.group(3)
    given = [re.match(r"(.+) is ([\d.]+)$", part).groups() for part in m.group(4).split(" and ")]
    for key, kind in KINDS.items():
        if kind.title != title:
            continue
        for r in all_rules()[key]:
            nouns = [noun(key, s) for s in r.inputs]
            if noun(key, r.output) == what and sorted(nouns) == sorted(g for g, _ in given):
                values = dict(zip(r.inputs, (float(v) for _, v in given)))
                if explained(value, 2, evaluate(r, values)):
                    return True
    return False


def test_reasons_say_what_the_value_is():
    """A wrong-formula reason names a formula that really gives the value: the README's example among them."""
    from geomill.generate import GenConfig, Tally, make_record

    readme = make_record(GenConfig(depth=2, images=False), 1, "data", 0, Tally())[0]
    text = ("The semicircle on DC has perimeter 17, so its diameter is CD = 17 / 3.14 = 5.41. The trapezoid's area is "
            "(AB + CD) / 2 * 10 = 92, so AB = 2 * 92 / 10 - 5.41 = 12.99. The answer is 12.99.")
    cases = [(readme, text), (SEMI_P, "AB = 17 / 3.14 = 5.41. The answer is 5.41.")]
    for r, t in cases:
        g = grade(r, t)
        assert g.failure == "wrong_formula" and _reason_holds(g.reason), g.reason
    assert not _reason_holds("5.41 is the circumference of a circle whose diameter is 17, not of the AB semi-circle")
