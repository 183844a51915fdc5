"""Categories on GeomVerse model text where the README's table needed a rule (issue 41): two-decimal
rounding on the way, invented facts and numbers, names a sentence's words put on a value."""
from __future__ import annotations

from geomill.dsl import parse
from geomill.evaluate.grading.grade import grade
from geomill.solvers import solve


def record(dsl: str) -> dict:
    d = solve(parse(dsl)).as_dict()
    return {"id": "t", "dsl": dsl, "answer": d["answer"], "steps": d["steps"], "variables": [],
            "distractors": {"facts": [], "shapes": []}, "solution": d["solution"], "solution_text_only": d["solution"]}


# BA = 180 · 49 / (π · 148) = 18.97 (GeomVerse 18.98); area = π · BA² / 8 = 141.31
SECTOR = record("semicircle on AB\nsector ABC\narc ABC = 49\nangle ABC = 148\nfind area AB\n")
SQUARE = record("square ABCD\nBD = 13\nfind AB\n")  # AB = 13 / √2 = 9.19 (GeomVerse 1.41 · 13 / 2 = 9.17)


def test_two_decimals_at_every_operation_is_right():
    # 148 / 360 rounded to 0.41 first: 19.07, 0.5 % off; then the semicircle's area from 19.07
    g = grade(SECTOR, "The arc is (148 / 360) · 2π · BA = 49, so BA = 49 / (0.41 · 6.28) = 49 / 2.57 = 19.07.\n"
                      "The area is 3.14 · 19.07² / 8 = 3.14 · 363.66 / 8 = 1141.89 / 8 = 142.74.")
    assert [s.correct for s in g.steps] == [True, True] and g.failure is None, g
    g = grade(SECTOR, "BA = 49 / (0.41 · 6.28) = 4900 / 257.48 = 19.03.\n"  # an integer it computes: no misread
                      "The area is 3.14 · 19.03² / 8 = 3.14 · 362.14 / 8 = 142.14.")
    assert g.failure is None, g
    g = grade(SQUARE, "AB = 13 / √2 = 13 / 1.41 = 9.22. The answer is 9.22.")
    assert g.steps[0].correct and g.failure is None, g


def test_rounded_coarser_than_two_decimals_is_calculation():
    g = grade(SECTOR, "BA = 49 / (0.4 · 6.28) = 49 / 2.51 = 19.52.\nThe area is 3.14 · 19.52² / 8 = 149.56.")
    assert (g.first_wrong_step, g.failure) == (1, "calculation"), g
    g = grade(SQUARE, "AB = 13 / √2 = 13 / 1.4 = 9.29. The answer is 9.29.")  # √2 as 1.4
    assert (g.first_wrong_step, g.failure) == (1, "calculation"), g


def test_a_misread_number_is_no_rounding():
    g = grade(SECTOR, "BA = 48 / (0.41 · 6.28) = 48 / 2.57 = 18.68.\nThe area is 3.14 · 18.68² / 8 = 136.96.")
    assert g.steps[0].correct is False and g.failure == "misread_given", g


def test_two_decimal_roundings_past_three_percent_are_calculation():
    r = record("sector ABC\narc ABC = 4\nangle ABC = 24\nfind AB\n")  # AB = 9.55
    g = grade(r, "24 / 360 = 0.07, 0.07 × 6.28 = 0.44, so 0.44 × AB = 4 → AB = 9.09.")
    assert (g.first_wrong_step, g.failure) == (1, "calculation"), g


# BC = 2 · 46 / (18 · sin 15°) = 19.75; the figure marks no right angle
OBLIQUE = record("triangle ABC\nangles ABD and ABC are supplementary\narea ABC = 46\nAB = 18\nangle ABD = 165\n"
                 "find BC\n")


def test_an_invented_right_angle_is_hallucinated():
    for said in ("The triangle has a right angle at A", "AB ⊥ AC", "∠BAC = 90°", "ABC is a right triangle",
                 "Angle A is a right angle", "Taking ABC as a right triangle with legs AB and AC",
                 "ABC is a right triangle at A"):
        g = grade(OBLIQUE, f"The angle ABC = 180 − 165 = 15°.\n{said}, so its area is AB · AC / 2 = 46, which gives "
                           "AC = 92 / 18 = 5.11.\nBC = √(18² + 5.11²) = √350.11 = 18.71.")
        assert (g.first_wrong_step, g.failure) == (2, "hallucinated"), (said, g)
        assert g.reason.startswith("it assumes '") and "which the figure does not have" in g.reason, g.reason


def test_a_right_angle_the_figure_has_is_no_invention():
    r = record("triangle ABC right at C\nAB = 10\nangle BAC = 30\nfind AC\n")  # AC = 10 cos 30° = 8.66
    g = grade(r, "The right angle is at C, so AC = AB × sin(30°) = 10 × 0.5 = 5.")
    assert g.failure == "wrong_formula", g


# DG = (93 − 3 · 12) / 2 = 28.5; ED = (88 − 2 · 28.5) / 2.57 = 12.06
COMBO = record("FEDG: rectangle + semicircle on GF\nHIJDG: rectangle - equilateral triangle on ID\n"
               "perimeter FEDG = 88\nperimeter HIJDG = 93\nJD = 12\nfind ED\n")


def test_a_made_up_number_in_place_of_the_inputs_is_hallucinated():
    text = ("Step 1: The perimeter is 2 · GD + 3 · 12 = 93, giving GD = (93 − 36) / 2 = 28.5.\n"
            "Step 2: In FEDG, the semicircle on FG has radius {r}, so ED = FG = 2 · {r} = {d}.")
    g = grade(COMBO, text.format(r=5, d=10))  # the right GD is never used: ED comes from a radius made up
    assert [s.correct for s in g.steps] == [True, False] and g.failure == "hallucinated", g
    assert "5" in g.reason, g.reason
    g = grade(COMBO, text.format(r=6.03, d=12.06))  # the right value, however reached: no error at all
    assert g.failure is None, g


def test_a_wrong_formula_on_the_inputs_is_no_invention():
    # π where the side and the semicircle's arc take 1 + π / 2 = 2.57: a formula's error, on the inputs
    g = grade(COMBO, "GD = (93 − 36) / 2 = 28.5.\nED = (88 − 2 · 28.5) / 3.14 = 9.87.")
    assert g.failure == "wrong_formula", g


def test_a_term_named_in_words_is_not_the_sums_subject():
    r = record("semicircle on AB\nAB = 13\nfind perimeter AB\n")  # 13 + 3.14 · 13 / 2 = 33.41
    g = grade(r, "AB is the diameter, so its arc is 3.14 · 13 / 2 = 40.82 / 2 = 20.41.\n"
                 "The perimeter of the semicircle is the diameter plus the arc: 13 + 20.41 = 33.41.")
    assert g.failure is None and g.steps[-1].correct, g
    assert [u["value"] for u in g.unused if u["role"] != "extra"] == [], g.unused


def test_a_pronoun_after_a_preposition_is_not_the_subject():
    r = record("parallelogram ABCD\nDC = 13\nheight ABCD = 8\nfind area ABCD\n")
    g = grade(r, "The side DC = 13 and the height to it is 8, so the area is 13 · 8 = 104.")
    assert g.failure is None and g.unused == [], g  # never "DC = 8", a misread of the given DC = 13


def test_a_part_of_a_shape_owns_the_values_of_its_sentence():
    # "cut out of PQRS": the semicircle's area, not PQRS's (whose area is the given 200)
    r = record("PQRS: rectangle - semicircle on QR\narea PQRS = 200\nQR = 10\nfind PQ\n")
    g = grade(r, "The semi-circle cut out of PQRS has diameter QR = 10, so its area is 3.14 * 10^2 / 8 = 39.25.\n"
                 "Then PQ * 10 - 39.25 = 200, so PQ = 239.25 / 10 = 23.93.")
    assert g.failure is None and g.final_correct and g.unused == [], g
    # "the semicircle attached to side MN": 14.13 is the part's area, not a length MN
    r = record("KLMN: rectangle + semicircle on MN\nLM = 9\nMN = 6\nfind area KLMN\n")
    g = grade(r, "The rectangle is 9 * 6 = 54 and the semicircle attached to side MN adds 3.14 * 6^2 / 8 = 14.13,"
                 " so the area is 54 + 14.13 = 68.13.")
    assert g.failure is None and g.final_correct and g.unused == [], g


def test_the_shape_is_meant_again_after_the_parts_sentence():
    r = record("PQRS: rectangle - semicircle on QR\narea PQRS = 200\nQR = 10\nfind PQ\n")
    g = grade(r, "The semicircle removed from PQRS has area 3.14 * 10^2 / 8 = 39.25. Its area is 210, "
                 "so PQ * 10 - 39.25 = 210, PQ = 24.93.")
    assert [u["value"] for u in g.unused if u["role"] == "misread_given"] == [210], g.unused


def test_a_small_number_alone_in_the_work_is_made_up_not_a_constant():
    # 4 is a constant beside a measure (√3 / 4 · 36); alone, "a radius of 4" is a number nothing gives
    r = record("PQRS: rectangle + semicircle on SP\narea PQRS = 90\nPQ = 7\nfind QR\n")
    g = grade(r, "Its semicircle has a radius of 4, so QR = 4 * 2 = 8.\nThe answer is 8.")
    assert (g.first_wrong_step, g.failure) == (1, "hallucinated"), g


def test_a_given_put_in_its_names_place_is_stated():
    r = record("rectangle PQRS\nPQ = 9\nQR = 7\nfind perimeter PQRS\n")
    g = grade(r, "P = 2 * (PQ + QR) = 2 * (9 + 9) = 36.")  # QR's place holds PQ's 9
    assert g.failure == "misread_given" and "QR" in g.reason, g
    g = grade(r, "The perimeter is PQ + QR + RS + SP = 9 + 7 + 9 + 7 = 32.")
    assert g.failure is None and g.final_correct and g.unused == [], g


def test_a_wrong_step_is_reported_when_the_final_answer_is_within_three_percent():
    r = record("rectangle PQRS\nPQ = 9\nQR = 7\nfind perimeter PQRS\n")  # 32
    g = grade(r, "QR = 7.2, so the perimeter is 2 * (9 + 7.2) = 2 * 16.2 = 32.4.")  # 1.25 % off
    assert g.final_correct, g
    assert (g.first_wrong_step, g.failure) == (1, "misread_given") and g.first_error["stated"] == 32.4, g
    assert [(u["quantity"], u["value"]) for u in g.unused if u["role"] == "misread_given"] == [("QR", 7.2)], g


def test_two_angles_exchanged_in_a_law_of_sines_say_so():
    r = record("triangle PQR\nQR = 10\nangle QPR = 40\nangle PQR = 75\nfind PR\n")  # 10 · sin 75 / sin 40 = 15.03
    g = grade(r, "By the law of sines, PR = 10 * sin(40) / sin(75) = 10 * 0.64 / 0.97 = 6.4 / 0.97 = 6.6.")
    assert g.failure == "wrong_formula" and g.reason.startswith("6.6 exchanges") and "40" in g.reason, g
