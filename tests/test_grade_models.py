"""What the grader reads in model text on textbook records (issue 41, item 3), on the records of
``tests/data/freeform_textbook_models``: exact forms and the decimals beside them, trigonometric
swaps, arcs named by three points, a circle's measures named by its centre, values in words, given
expressions copied wrongly, and the records' own proofs graded right throughout."""
from __future__ import annotations

import pytest
from geomill.evaluate.answers.extract import extract_number
from geomill.evaluate.grading.grade import grade

from tests.freeform import MODELS, load


@pytest.fixture(scope="module")
def records():
    return {r["id"]: r for r, _ in load(MODELS)}


def step(g, name):
    return next(s for s in g.steps if s.quantity == name)


def roles(g) -> dict[str, tuple[str, float | None]]:
    return {u["quantity"]: (u["role"], u["true"]) for u in g.unused}


def test_an_exact_form_is_a_stated_value(records):
    g = grade(records["textbook-511"], r"$BD = \sqrt{BN^2 - DN^2} = \sqrt{17^2 - 13^2} = \sqrt{120} = 2\sqrt{30}$")
    assert step(g, "BD").stated == pytest.approx(2 * 30 ** 0.5) and step(g, "BD").correct
    g = grade(records["textbook-511"], r"$BD = \sqrt{17^2 + 13^2} = \sqrt{458}$")
    assert step(g, "BD").correct is False and g.first_wrong_step == 4


def test_a_decimal_beside_the_right_exact_answer_is_right(records):
    r = records["textbook-474"]  # 196 - 49π asked exactly
    g = grade(r, r"Square 196, circle $49\pi$: $196 - 49\pi \approx 42.06$. **Answer:** $196 - 49\pi$")
    assert g.final_correct and g.failure is None and g.first_wrong_step is None
    g = grade(r, "Area 196 - 49π ≈ 42.06. **Answer:** 42.06")  # the decimal alone answers no exact question
    assert not g.final_correct


def test_sine_for_cosine_is_a_wrong_formula_named(records):
    g = grade(records["textbook-548"], r"CE = 21; in right $\triangle AEC$, $AC = \frac{CE}{\cos 30^\circ} = 24.25$")
    assert g.failure == "wrong_formula" and "cos where sin belongs" in g.reason


def test_an_arc_named_by_three_points_runs_between_the_outer_two(records):
    r = records["textbook-594"]  # major arc ABC = 270 (arc BC is 90)
    g = grade(r, "∠AOC = 90°, so the major arc ABC = 360° − 90° = 270°.")
    assert g.steps[0].stated == 270 and g.failure is None
    g = grade(r, "∠AOC = 90°, so the major arc ABC = 2 × 90° = 180°.")
    assert g.steps[0].stated == 180 and g.failure == "wrong_formula"


def test_a_circles_measures_named_by_its_centre(records):
    r = records["textbook-566"]  # radius of circle J = 9√2/2
    g = grade(r, "The diagonal SB = 9√2, so the radius of circle J is 9√2 and its circumference 18√2π.")
    assert roles(g)["radius J"] == ("wrong", pytest.approx(9 * 2 ** 0.5 / 2, abs=1e-5))
    g = grade(r, "SB = 9√2 is a diameter, so the circumference of circle J is π · 9√2 ≈ 39.99.")
    assert g.steps[-1].stated == pytest.approx(39.99) and g.failure is None


def test_values_in_words(records):
    g = grade(records["textbook-490"], "The measure of angle CJF is one hundred five degrees.")
    assert g.steps[0].stated == 105 and g.steps[0].correct
    g = grade(records["textbook-490"], "There is one line through C, J and E, so angle CJF is 180 - 75 = 105.")
    assert g.failure is None and g.steps[0].stated == 105


def test_a_given_expression_copied_with_a_sign_flipped_is_a_misread_given(records):
    g = grade(records["textbook-509"], "x + (2x + 18) + x + (4x + 26) = 360, so x = 39.5 and ∠ABC = 39.5°.")
    assert g.failure == "misread_given" and "4*x - 26" in g.reason
    g = grade(records["textbook-606"], "AB = AC: 2x + 4 = 3x - 1, x = 5. BC = 4(5) + 8 = 28, perimeter 56.")
    assert g.failure == "misread_given" and "BC" in g.reason


def test_a_name_before_is_another_name_equal_states_the_second(records):
    g = grade(records["textbook-511"], "The height from N to AB is DN = 13.")
    assert "AB" not in roles(g)


def test_the_gold_solutions_are_right_throughout(records):
    graded = 0
    for record in records.values():
        for field in ("solution", "solution_latex"):
            final = extract_number(record[field])
            if final is None or abs(final - record["exact"]) > 1e-6 * max(1.0, abs(record["exact"])):
                continue
            g = grade(record, record[field])
            assert g.failure is None and g.final_correct, (record["id"], field, g.reason)
            assert not [u for u in g.unused if u["role"] != "extra"], (record["id"], field, g.unused)
            graded += 1
    assert graded >= 50
