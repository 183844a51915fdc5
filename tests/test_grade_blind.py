"""The blind textbook set (tests/data/freeform_textbook_blind): responses written and annotated by hand
by someone who never saw the grader or the gold; the grader must agree with every annotation."""
from __future__ import annotations

import json
from pathlib import Path

import geomill.evaluate.grading.grade as G
import pytest
from geomill.engine.model import Quantity
from geomill.evaluate.grading.grade import grade

BLIND = Path(__file__).parent / "data" / "freeform_textbook_blind"


def _jsonl(name: str) -> list[dict]:
    return [json.loads(line) for line in (BLIND / name).read_text(encoding="utf-8").splitlines() if line.strip()]


def _graded() -> list[tuple[dict, dict, object, int | None]]:
    """(response, annotation, grade, position of the first wrong value in the response as written)."""
    records = {r["id"]: r for r in _jsonl("records.jsonl")}
    notes = {a["id"]: a for a in _jsonl("annotations.jsonl")}
    seen: dict[str, int | None] = {}
    original = G._first_error

    def spy(*args, **kwargs):
        out = original(*args, **kwargs)
        seen["pos"] = None if out is None else out["pos"]
        return out

    G._first_error = spy
    try:
        out = []
        for row in _jsonl("responses.jsonl"):
            seen.clear()
            g = grade(records[row["id"]], row["response"])
            out.append((row, notes[row["id"]], g, seen.get("pos")))
        return out
    finally:
        G._first_error = original


@pytest.fixture(scope="module")
def graded():
    return _graded()


def _step_at(text: str, steps: list[str], pos: int | None) -> int | None:
    at = 0
    for k, s in enumerate(steps):
        i = text.find(s, at)
        if i < 0:
            continue
        if pos is not None and i <= pos < i + len(s):
            return k
        at = i + len(s)
    return None


def test_final_answers_as_annotated(graded):
    wrong = [row["id"] for row, note, g, _ in graded if g.final_correct != note["answer_right"]]
    assert not wrong


def test_no_right_response_flagged(graded):
    flagged = [row["id"] for row, note, g, _ in graded if note["first_wrong_step"] is None
               and (g.first_error is not None or g.first_wrong_step is not None or not g.final_correct)]
    assert not flagged


def test_first_wrong_step_and_category_as_annotated(graded):
    wrong = [(row, note, g, pos) for row, note, g, pos in graded if note["first_wrong_step"] is not None]
    assert len(wrong) == 16
    placed = [row["id"] for row, note, g, pos in wrong
              if _step_at(row["response"], note["steps"], pos) != note["first_wrong_step"]]
    named = [(row["id"], g.failure, note["category"]) for row, note, g, _ in wrong if g.failure != note["category"]]
    assert len(placed) <= 0.05 * len(graded), placed  # the bar: at least 95 %
    assert len(named) <= 0.10 * len(wrong), named  # at least 90 %


def test_a_position_in_normalized_text_is_found_in_the_response_as_written():
    from geomill.evaluate.grading.chains import normalize, source_pos
    text = "1. AB = $\\frac{12}{2}$ = 6.\n2. $\\angle ABC = 90^\\circ$, so AC = √(36 + 64) = 10.\nSo AC = 10."
    norm = normalize(text)
    for value, line in (("6", 0), ("10", 1)):
        pos = source_pos(text, norm, norm.index(value, norm.index("=")))
        assert text.count("\n", 0, pos) == line and text[pos:pos + len(value)] == value
    assert source_pos(text, norm, len(norm)) == len(text)


def test_relations_by_name_checked_against_the_figure():
    from geomill.evaluate.grading.answer_key import build_key
    from geomill.evaluate.grading.chains import normalize
    from geomill.evaluate.grading.relations import first_wrong_relation

    from tests.freeform import TEXTBOOK
    record = next(json.loads(line) for line in (TEXTBOOK / "records.jsonl").read_text().splitlines()
                  if json.loads(line)["id"] == "textbook-76")  # parallelogram RQPS, its diagonals meet at T
    key = build_key(record)
    rt = key.elements[key.key(Quantity.length("R", "T"))]

    def check(text: str):
        norm = normalize(text)
        return first_wrong_relation(key, norm, len(norm))

    assert check("The diagonals bisect each other, so RT = PT and RT = 7.") is None
    assert check(f"so RT = 2 * PT = {2 * rt:g}") == (3, True)  # a wrong relation between elements
    assert check("- The figure gives RT = 9.") == (19, False)  # a wrong value of one, where "RT" starts


@pytest.mark.parametrize("rid, text, failure, at", [
    # a given read wrongly in an element's work off the proof: BC = 6 read as 4
    ("data-0000006", "1. AB = √(12² + 4²) = √160 = 4√10.\n2. r = 2√10, so the area is π·40 = 40π.\nAnswer: 40π",
     "misread_given", "AB = √"),
    # the equation's arithmetic slips before the value solved from it
    ("data-0000002", "AD = 6. AC² = 12² + 11² − 2·12·11·cos 60° = 265 − 132 = 123. DE = ½AC = √123/2. "
     "AD/DE = 12/√123.\nAnswer: 12/√123", "calculation", "AC²"),
    # the asked ratio inverted
    ("data-0000002", "$\\frac{AD}{DE} = \\frac{\\sqrt{133}}{12}$ since DE = √133/2 and AD = 6.\n"
     "Answer: $\\frac{\\sqrt{133}}{12}$", "other", "$\\frac{AD}"),
    # a theorem misapplied, written in names before any number
    ("textbook-5316", "By the side-splitter theorem,\n$$\\frac{AD}{AB} = \\frac{AE}{CE}$$\nWith $AB = 8 + 4 = 12$:\n"
     "$$\\frac{8}{12} = \\frac{6}{CE} \\Rightarrow CE = 9$$\n**Answer:** $CE = 9$", "wrong_formula", "$$\\frac{AD}"),
    # a perpendicular the figure does not have, asserted: the error begins where it is stated
    ("textbook-307", "In $\\triangle ABC$, $\\angle ABC = 180^\\circ - 40^\\circ - 70^\\circ = 70^\\circ$.\n"
     "Since $BD \\perp AC$, $\\angle BDC = 90^\\circ$.\n"
     "Then $\\angle CBD = 180^\\circ - 90^\\circ - 70^\\circ = 20^\\circ$.",
     "hallucinated", "BD \\perp AC"),
])
def test_failure_classes_in_other_words(rid, text, failure, at):
    records = {r["id"]: r for r in _jsonl("records.jsonl")}
    seen = {}
    original = G._first_error

    def spy(*args, **kwargs):
        out = original(*args, **kwargs)
        seen["pos"] = out and out["pos"]
        return out

    G._first_error = spy
    try:
        g = grade(records[rid], text)
    finally:
        G._first_error = original
    assert g.failure == failure, g.reason
    assert text.startswith(at, seen["pos"]), text[seen["pos"]:seen["pos"] + 30]
