"""Grading on free-form text about real textbook problems (issue 41): beyond the bars of the
hand-annotated set ``tests/data/freeform_textbook`` (in ``tests/test_grade_freeform.py``), right
responses and gold proofs unflagged, every value of the figure checked, the names model text gives
elements of a textbook figure, and answers judged as the question asks."""
from __future__ import annotations

import pytest
from geomill.evaluate.grading.answer_key import build_key
from geomill.evaluate.grading.grade import answer_right, grade

from tests.freeform import TEXTBOOK, load


@pytest.fixture(scope="module")
def pairs():
    return load(TEXTBOOK)


@pytest.fixture(scope="module")
def records(pairs):
    return {r["id"]: r for r, _ in pairs}


def test_textbook_no_right_response_flagged(pairs):
    for record, sol in pairs:
        if sol["annotation"]["first_wrong_step"] is None:
            g = grade(record, sol["response"])
            assert g.first_wrong_step is None and g.failure is None, (sol["id"], g.reason)
            assert not [u for u in g.unused if u["role"] in ("wrong", "hallucinated", "misread_given")], sol["id"]


# -- every value of the figure is checkable ---------------------------------------------------------------


def unused(record: dict, text: str) -> dict[str, tuple[float, str, float | None]]:
    return {u["quantity"]: (u["value"], u["role"], u["true"]) for u in grade(record, text).unused}


def test_right_values_off_the_proof_are_right(records):
    # textbook-6: AM = 16 and AB = 34 are proof steps; angle MAB and the area of AMB are not
    r = records["textbook-6"]
    got = unused(r, "AM = 16, AB = 34. The area of triangle ABM is 16 * 30 / 2 = 240. "
                    "Angle MAB = atan(30 / 16) = 61.93°. The perimeter is 80.")
    assert got["area ABM"][1] == "extra" and got["area ABM"][2] == pytest.approx(240)
    assert got["angle MAB"][1] == "extra"


def test_a_wrong_value_off_the_proof_is_reported_with_its_true_value(records):
    r = records["textbook-6"]
    got = unused(r, "The area of △ABM is 250. AM = 16, AB = 34, so the perimeter is 80.")
    assert got["area ABM"] == (250.0, "wrong", pytest.approx(240.0))
    got = unused(r, "PQ = 7. AM = 16, AB = 34, so the perimeter is 80.")
    assert got["PQ"][1] == "hallucinated"  # the figure has no P or Q


def test_one_angle_under_other_names(records):
    # textbook-175: C, G, B on one line, so angle ABC is the proof's angle ABG
    g = grade(records["textbook-175"], "In right triangle CAB, ∠ABC = 30°, so BC = 15 / sin 30° = 30.")
    assert g.steps[0].stated == 30 and g.first_wrong_step is None


# -- names in model text --------------------------------------------------------------------------------


def test_latex_names(records):
    r = records["textbook-95"]  # the arc PO, asked as arc BPO
    g = grade(r, r"$\angle ONP = 56^\circ$ is inscribed, so $\overset\frown{PO} = 2 \cdot 56^\circ = 112^\circ$.")
    assert g.steps[-1].stated == 112 and g.first_wrong_step is None
    g = grade(r, r"The arc is $\overset{\frown}{OP} = 56^\circ$.")
    assert g.steps[-1].stated == 56 and g.failure == "wrong_formula"


def test_a_fraction_of_an_angle_is_not_the_angle(records):
    r = records["textbook-95"]
    g = grade(r, "½∠POB = 56, so arc PO = 112.")  # "½∠AOB = … = 56" never makes the angle 56
    assert g.steps[-1].stated == 112
    assert "angle POB" not in unused(r, "½∠POB = 56, so arc PO = 112.")


def test_an_element_subtracted_inside_a_chain(records):
    r = records["textbook-307"]  # angle CBD = 25; BDA = 95, BDC = 85 on the way
    text = "∠BDA = 180° − ∠ABD − ∠BAD = 180° − 45° − 40° = 95°, ∠BDC = 85°, ∠CBD = 180° − 70° − 85° = 25°."
    g = grade(r, text)
    assert g.first_wrong_step is None and g.steps[0].stated == 25
    assert {q: role for q, (_, role, _) in unused(r, text).items()} == {"angle BDA": "extra", "angle BDC": "extra"}


def test_areas_of_named_figures(records):
    r = records["textbook-286"]  # area ACBD = 56
    for text in ("The area of quadrilateral ACBD is (4 + 10) / 2 * 8 = 56.", r"Area of $ACBD$ = 56",
                 "area of triangle ABC = 40, area of triangle ACD = 16, so the area of ACBD is 56."):
        g = grade(r, text)
        assert g.steps[-1].stated == 56 and g.first_wrong_step is None, text
    assert unused(r, "area of △ABC = 40; the total is 56")["area ABC"][1] == "extra"


# -- answers as the question asks --------------------------------------------------------------------------


def test_textbook_answers_to_the_questions_rounding(records):
    r = records["textbook-146"]  # 10.0356…, asked to 2 decimals
    assert answer_right(r, 10.04) and answer_right(r, 10.036)
    assert not answer_right(r, 10.03) and not answer_right(r, 10.1)  # within 3 %, still wrong
    exact = records["textbook-135"]  # 420, no rounding asked
    assert answer_right(exact, 420) and not answer_right(exact, 420.5)


def test_geomverse_answers_keep_the_3_percent_rule():
    assert answer_right({"schema": "geomill.generate/1", "answer": 100.0}, 102.9)
    assert not answer_right({"schema": "geomill.generate/1", "answer": 100.0}, 103.1)


def test_a_key_without_a_stored_figure_measures_it_again(records):
    r = dict(records["textbook-6"])
    stored = build_key(r).elements
    del r["figure_model"]
    again = build_key(r).elements
    assert stored.keys() == again.keys()
    assert all(abs(stored[k] - again[k]) <= 1e-6 * max(1.0, abs(stored[k])) for k in stored)


def test_a_wrong_value_off_the_proof_that_comes_first_is_the_first_error(records):
    r = records["textbook-307"]  # angle ADB = 95 is no proof step
    g = grade(r, "∠ADB = 180° − 45° − 40° = 105°, so ∠BDC = 75°... no: ∠CBD = 25°.")
    assert g.first_wrong_step is None and g.first_error["quantity"] == "angle ADB"
    assert g.first_error["stated"] == 105 and g.first_error["true"] == pytest.approx(95)
    assert g.failure == "calculation"
    g = grade(r, "∠ADB = 95°, ∠BDC = 85°, so ∠CBD = 180° − 70° − 85° = 35°.")
    assert g.first_error == {"quantity": "angle CBD", "stated": 35, "true": 25, "step": 1}
    g = grade(records["textbook-207"], "BE = 16 cos 60° = 8, so the area of ABDC is 23 * 8 = 184.")
    assert g.first_error["quantity"] == "BE" and g.first_error["step"] is None and g.first_wrong_step == 4
    assert g.failure == "wrong_formula"


def test_the_gold_solutions_are_right_throughout(pairs):
    """The records' own proofs, in words and in LaTeX (sums of angles, straight lines, arcs that add up,
    'perimeter ABM = AB + AM + BM', 'WY = 6 x + 3'): no step wrong, no value of the figure wrong."""
    from geomill.evaluate.answers.extract import extract_number

    graded = 0
    for record, _ in pairs:
        for field in ("solution", "solution_latex"):
            text = record[field]
            final = extract_number(text)
            if final is None or abs(final - record["exact"]) > 1e-6 * max(1.0, abs(record["exact"])):
                continue  # an exact form the extractor does not evaluate (8/sin(43*pi/180))
            g = grade(record, text)
            assert g.failure is None and g.final_correct, (record["id"], field, g.reason)
            assert not [u for u in g.unused if u["role"] != "extra"], (record["id"], field, g.unused)
            graded += 1
    assert graded >= 100


@pytest.mark.parametrize("damaged", [{"points": {"A": [1, 2, 3]}}, {"points": {"A": ["x", 0]}}, {"points": 7},
                                     {"points": {"A": [float("nan"), 0]}}, "figure"])
def test_a_damaged_figure_model_is_measured_again(records, damaged):
    r = {**records["textbook-69"], "figure_model": damaged}
    g = grade(r, "DG ⊥ EF, so ∠DGF = 90°, and ∠FDG = 90° − 65° = 25°.")
    assert g.first_wrong_step is None and g.failure is None and g.unused[0]["role"] == "extra"


@pytest.mark.parametrize("rid, text, answer", [
    # the last number is another element's: the answer is the asked quantity's last value
    ("textbook-175", "sin 30° = AC/BC → BC = 15/0.5 = 30. So x = 30 and AB = 15√3 ≈ 25.98.", 30),
    ("textbook-95", "The inscribed angle ∠ONP = 56° stands on arc OP, so arc OP = 112°. Also arc NM = 70°.", 112),
    # a remark in brackets after a value ends its chain
    ("textbook-204", "∠CDE = ∠ABE = 32° (inscribed angles on the same arc AC). Arc AC = 64°.", 32),
])
def test_a_right_answer_before_a_remark(records, rid, text, answer):
    g = grade(records[rid], text)
    assert g.final_answer == answer and g.final_correct and g.failure is None, g.reason


@pytest.mark.parametrize("rid, output", [("textbook-207", "area ABDC"), ("textbook-53", "arc OEA"),
                                         ("textbook-101", "sector area KJL"), ("textbook-39", "perimeter JKLM")])
def test_steps_that_end_at_the_asked_quantity_grade_the_same(pairs, rid, output):
    """Records whose proof ends at what the question asks (an area, an arc, a sector's area) need no
    added step; the grading is the same."""
    record, sol = next((r, s) for r, s in pairs if r["id"] == rid)
    last = {"output": output, "value": record["answer"], "exact": record["exact"], "how": "theorem", "kind": None,
            "shape": None, "rule": "given", "inputs": [], "chain": []}
    ending = {**record, "steps": [*record["steps"], last]}
    assert len(build_key(ending).steps) == len(build_key(record).steps)
    a, b = grade(record, sol["response"]), grade(ending, sol["response"])
    assert (a.first_wrong_step, a.failure, a.final_correct) == (b.first_wrong_step, b.failure, b.final_correct)
