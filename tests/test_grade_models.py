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


# (record, text, step, its stated value, roles of values off the proof): the spellings of item 3
SPELLINGS = [
    ("textbook-570", r"$\angle BAC = \frac{1}{2}\angle DAB = \frac{1}{2} \cdot 54^\circ = 27^\circ$",
     "angle BAP", 27, {"angle DAB": None}),
    ("textbook-570", r"Half of angle DAB is 27°, so ∠BAC = 27°.", "angle BAP", 27, {}),
    ("textbook-570", r"∠BAC = \dfrac{54^\circ}{2} = 27^\circ", "angle BAP", 27, {}),
    ("textbook-570", r"m∠DAB = m∠BCD = 54°, and m∠BAC = ½ m∠DAB = 27°.", "angle BAP", 27, {"angle DAB": "extra"}),
    ("textbook-570", r"The measure of ∠BAC is twenty-seven degrees.", "angle BAP", 27, {}),
    ("textbook-490", r"m\angle CJF = 180^\circ - m\angle EJF = 180^\circ - 75^\circ = 105^\circ", "angle CJF", 105, {}),
    ("textbook-490", r"The measure of $\angle CJF$ is $180 - 75 = 105$ degrees.", "angle CJF", 105, {}),
    ("textbook-564", r"m⌒GH = 122°", "arc GH", 122, {}),
    ("textbook-564", r"The arc GH measures 122°.", "arc GH", 122, {}),
    ("textbook-564", r"$m\widehat{GH} = 122^\circ$", "arc GH", 122, {}),
    ("textbook-564", r"arc GH = m∠GKH = 122°", "arc GH", 122, {}),
    ("textbook-528", r"The perimeter of parallelogram TWVR is 2 × 18 + 2 × 12 = 60.", "perimeter RTWV", 60, {}),
    ("textbook-528", r"$P_{RTWV} = 2(18 + 12) = 60$", "perimeter RTWV", 60, {}),
    ("textbook-505", r"Area of kite $MNOB$: $\frac{d_1 d_2}{2} = \frac{9 \times 16}{2} = 72$", "area BMNO", 72, {}),
    ("textbook-505", r"The kite's area is ½ · 9 · 16 = 72.", "area BMNO", 72, {}),
    ("textbook-538", r"The area of sector KLJ is \(\frac{164}{360}\pi (15)^2 = 102.5\pi \approx 322.01\).",
     "area JL", 322.01, {}),
    ("textbook-533", r"**Step 3:** In △CEB, ∠BCE = 180° − ∠CEB − ∠CBE = 180° − 120° − 42° = 18°.",
     "angle BCE", 18, {"angle CEB": None}),
    ("textbook-533", r"∠BCE = 180° − (120° + 42°) = 18°", "angle BCE", 18, {}),
    ("textbook-535", r"∠BDC = 180° − ∠ADB, where ∠ADB = 180° − 45° − 40° = 95°, so ∠BDC = 85°.",
     "angle BDC", 85, {"angle ADB": "extra"}),
    ("textbook-548", r"$CE = BE \tan 60^\circ = 7\sqrt{3} \cdot \sqrt{3} = 21$, "
                     r"$AC = \dfrac{CE}{\sin 30^\circ} = 42$.",
     "AC", 42, {"CE": "extra"}),
    ("textbook-525", r"Area = $ab\sin\theta = 20 \times 15 \times \sin 120^\circ = 150\sqrt{3}$",
     "area ABOC", 259.81, {}),
    ("textbook-474", r"$S_{ADCE} - S_{\odot B} = 14^2 - \pi \cdot 7^2 = 196 - 49\pi$",
     "area ADCE - circle area B", 42.06, {}),
    ("textbook-566", r"The circle's diameter is the square's diagonal, $9\sqrt{2}$, so $C = \pi d = 9\sqrt{2}\pi$.",
     "circumference J", 39.99, {}),
    ("textbook-594", r"$m\overset{\frown}{ABC} = 360^\circ - 90^\circ = 270^\circ$", "arc major AC", 270, {}),
    ("textbook-541", r"$KL^2 = KM \cdot KJ = 20 \cdot 25 = 500$, so $z = KL = 10\sqrt{5}$.", "z", 22.36, {}),
]


@pytest.mark.parametrize("rid, text, name, value, off", SPELLINGS, ids=[f"{c[0]}-{i}" for i, c in enumerate(SPELLINGS)])
def test_names_in_model_text(records, rid, text, name, value, off):
    g = grade(records[rid], text)
    assert step(g, name).stated == pytest.approx(value, abs=0.01) and g.failure is None, g.reason
    assert {q: roles(g).get(q, (None,))[0] for q in off} == off


# right throughout, with right values of elements off the proof, rounded, in ratios, inside functions
RIGHT = [
    ("textbook-511", "tan 40° ≈ 0.839, so AD = 13 / 0.839 ≈ 15.5. BD = √120 ≈ 10.95. AB ≈ 26.45. "
                     "Area = ½ · 26.45 · 13 ≈ 171.91. Exact: 169/(2 tan 40°) + 13√30"),
    ("textbook-511", "In right triangle ADN, ∠AND = 90° − 40° = 50°, and AN = 13 / sin 40° ≈ 20.22. BD = 2√30. "
                     "So the area is 13√30 + 169/(2 tan 40°)."),
    ("textbook-517", "sin y = AD/AB = 8/16 = 1/2, so y = 30. Also BD = √(16² − 8²) = √192 = 8√3 ≈ 13.86."),
    ("textbook-517", "The ratio AD:AB = 1:2, so ∠ABD = 30° and y = 30."),
    ("textbook-548", "In △BCE: ∠BCE = 90° − 60° = 30°, CE = 21, BC = 14√3 ≈ 24.25. "
                     "In △ABC: AC = BC · tan 60° = 14√3 · √3 = 42."),
    ("textbook-573", "AD = √(169 − 36) = √133 ≈ 11.53; AB = √(133 + 841) = √974 ≈ 31.21. "
                     "Perimeter = 29 + √133 + √974 ≈ 71.74.\n\n**Answer:** $29 + \\sqrt{133} + \\sqrt{974}$"),
    ("textbook-525", "∠CAB = 180° − 60° = 120° (co-interior angles). AB = CO = 20, AC = BO = 15. "
                     "Area = 20 · 15 · sin 120° = 300 · (√3/2) = 150√3."),
    ("textbook-533", "∠CDE = ∠CED = ∠DCE = 60°, ∠CEB = 120°, ∠CBE = 42°, ∠ACB = 180° − 84° = 96°. ∠BCE = 18°."),
    ("textbook-594", "Each of the four equal angles is 45°: ∠BOD = ∠DOE = ∠EOF = ∠FOA = 45°. ∠AOC = 90°, "
                     "so minor arc AC = 90° and major arc ABC = 270°."),
    ("textbook-566", "Diagonal SB = 9√2 ≈ 12.73 is the diameter, r = 9√2/2 ≈ 6.36, circumference = 2πr = 9√2π "
                     "≈ 39.99. Exact: 9√2 π."),
    ("textbook-541", "JK = 25. JL² = JM · JK = 5 · 25 = 125, so JL = 5√5. LM² = JM · MK = 100, LM = 10. "
                     "z² = KM · KJ = 500, z = 10√5."),
    ("textbook-613", "∠B = 180 − 86 − 33 = 61°. By the law of sines, x = 24 sin 33° / sin 61° ≈ 14.95 and "
                     "AB = 24 sin 86°/sin 61° ≈ 27.37. So x = 24 sin 33° / sin 61°."),
    ("textbook-474", "Square side 14 ⇒ area 196; inscribed circle r = 7 ⇒ area 49π ≈ 153.94. Shaded = 196 − 49π."),
    ("textbook-538", "Sector area = (θ/360)πr² = (164/360) · π · 225 = 102.5π = 205π/2."),
    ("textbook-503", "△SRT ∼ △SQP, ratio 15/21 = 5/7. ST/SP = 5/7 with SP = ST + 8: 7 ST = 5 ST + 40, ST = 20. "
                     "Then SP = 28."),
    ("textbook-606", "AB = AC ⇒ 2x + 4 = 3x − 1 ⇒ x = 5. Sides: AB = 14, AC = 14, BC = 12. P = 40."),
    ("textbook-615", "x² = 11² + 12² − 2(11)(12)cos 67° ≈ 265 − 103.15 = 161.85, x ≈ 12.72. "
                     "Exact: x = √(265 − 264 cos 67°)."),
    ("textbook-589", "Scale factor BC/EH = 8/10 = 0.8. AB = 0.8 · EF = 12, so x + 2 = 12, x = 10. CD = 0.8 · GH = 4."),
]


@pytest.mark.parametrize("rid, text", RIGHT, ids=[f"{c[0]}-{i}" for i, c in enumerate(RIGHT)])
def test_right_responses_are_unflagged(records, rid, text):
    g = grade(records[rid], text)
    assert g.final_correct and g.failure is None, g.reason
    assert [u for u in g.unused if u["role"] != "extra"] == []
