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


def grade_with_position(record: dict, text: str):
    """The grade of ``text`` and where (in ``text`` as written) its first wrong value is (None: nowhere)."""
    seen: dict[str, int | None] = {}
    original = G._first_error

    def spy(*args, **kwargs):
        out = original(*args, **kwargs)
        seen["pos"] = None if out is None else out["pos"]
        return out

    G._first_error = spy
    try:
        g = grade(record, text)
    finally:
        G._first_error = original
    return g, seen.get("pos")


def _graded() -> list[tuple[dict, dict, object, int | None]]:
    """(response, annotation, grade, position of the first wrong value in the response as written)."""
    records = {r["id"]: r for r in _jsonl("records.jsonl")}
    notes = {a["id"]: a for a in _jsonl("annotations.jsonl")}
    return [(row, notes[row["id"]], *grade_with_position(records[row["id"]], row["response"]))
            for row in _jsonl("responses.jsonl")]


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
    assert len(wrong) == 32
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


def _graded_at(rid: str, text: str):
    """The grade of ``text`` for the record ``rid`` and where its first wrong value is."""
    records = {r["id"]: r for r in _jsonl("records.jsonl")}
    return grade_with_position(records[rid], text)


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
    g, pos = _graded_at(rid, text)
    assert g.failure == failure, g.reason
    assert text.startswith(at, pos), text[pos:pos + 30]


# -- the failure classes of the held half, each in other words ---------------------------------------------

@pytest.mark.parametrize("rid, text, failure, at", [
    # a measure given (perimeter ABCD = 16) read with another value
    ("textbook-6497", "ABCD is a parallelogram with perimeter 18, so AD + CD = 9.\n"
     "O is the midpoint of AC and EO ⊥ AC, so AE = CE.\nPerimeter of CDE = CD + DE + CE = CD + AD = 9.",
     "misread_given", "18"),
    ("textbook-6497", "$P_{ABCD} = 18$, so $AD + CD = 9$.\n$C_{\\triangle CDE} = CD + AD = 9$", "misread_given", "18"),
    # a slip between two lines of algebra: the equation is solved again on the line that slips
    ("textbook-1358", "Angles of JKLM add to 360°:\n$(3x-6)+(x+10)+x+(2x-8)=360$\n$7x-4=360$\n"
     "$7x=354$, so $x=50.57$\n$\\angle JML = 2(50.57) - 8 = 93.14^\\circ$", "calculation", "$7x=354$"),
    # two angles said equal where the figure makes them supplementary, the value in the same piece
    ("textbook-3271", "Step 1: ∠BCD = ∠ABC = 72° (alternate angles, AB ∥ CD).\n"
     "Step 2: ∠CDE = ∠BCD = 72° since CB ∥ DE.\n\\boxed{72}", "wrong_formula", "∠CDE = ∠BCD"),
    # a fact of the figure it invents, before the wrong value it leads to
    ("textbook-6795", "EB is a diameter, so AO = AB + BO = 4 and $\\angle DAO = 30^\\circ$.\n"
     "From the figure $BC \\perp AB$, so $BC = AB\\tan 30^\\circ = \\frac{2}{\\sqrt{3}}$.",
     "hallucinated", "BC \\perp AB"),
    # another element's right value, the same number: where the wrong one is said, not the other's chain
    ("textbook-4297", "∠BOC = 180° − ∠AOC = 180° − 100° = 80°.\nThe inscribed angle equals the central one:\n"
     "∠BDE = ∠BOC = 80°.", "wrong_formula", "∠BDE = ∠BOC"),
    # the right proportion in names, solved wrongly: the equation is right, its solving is not
    ("data-0000015", "Since DE ∥ AC, BD/BA = BE/BC, so BE = 3/4.\nCE = BC − BE = 4 − 3/4 = 13/4.", "calculation",
     "BE = 3/4"),
    # sin 45° for cos 45°: the formula as written is right, the slip is after it
    ("data-0000022", "1. BC = 3√2 and D is the midpoint of BC, so BD = 3√2/2.\n"
     "2. DE = BD·sin 45° = (3√2/2)(√2/2) = 3/4.\nSo DE = 3/4.", "calculation", "DE = BD"),
    # "perimeter of triangle ABO = AB + AO + BO": a measure, no angle ABO; the sum slips
    ("textbook-6528", "AO = 12/2 = 6 and BO = 8/2 = 4.\nPerimeter of △ABO = AB + AO + BO = 7 + 6 + 4 = 18.",
     "calculation", "Perimeter"),
    # a given stated wrongly as the middle of a chain: "∠OAD = ∠ODA = 45°" states the given ∠ADO = 35° as 45°
    ("textbook-4114", "OA = OD, so ∠OAD = ∠ODA = 45°.\nOA = OB, so ∠OAB = ∠OBA = 30°.\n"
     "∠BAD = ∠OAB + ∠OAD = 30° + 45° = 75°.", "misread_given", "OA = OD"),
    # a value it stated for another element, carried into the sum: propagated there, no misread given
    ("textbook-6494", "∠ADC = 180° − 110° = 70° (co-interior angles).\n∠EDF = ∠ADC = 70°.\n"
     "∠DEF + ∠DFE = 180° − 70° = 110°.", "wrong_formula", "∠ADC"),
    # AB rightly √171, then 171 in the work: AB's value, not a given read wrongly; the relation is false
    ("textbook-100", "In right △BAY, AN is the altitude, so AY² = NY · AB.\n"
     "AB = √(14² − 5²) = √171, so y = 25/√171 ≈ 1.91.", "wrong_formula", "AY²"),
    # a number the response computed itself (BD² = … = 108) is no given read wrongly in √108
    ("textbook-6344", "By the law of cosines, BD² = 6² + 6² + 2·6·6·cos 60° = 36 + 36 + 36 = 108.\n"
     "BD = √108 = 6√3.", "wrong_formula", "By the law"),
    # "R = …" for the one circle's radius (no point is R)
    ("data-0000006", "AB = √(12² + 6²) = √180 = 6√5.\nThe circumradius is the hypotenuse: R = 6√5.\n"
     "Area = πR² = 180π.", "wrong_formula", "R = 6√5"),
    # the asked ratio inverted through a relation in names: still the ratio inverted, 'other'
    ("data-0000007", "EF ∥ CB, so AE/EC = AF/FB.\nEC = 12 − 4 = 8, so BF/AF = AE/EC = 4/8 = 1/2.", "other",
     "EC = 12"),
    # a proportion with colons, solved right in names and wrongly in numbers: the right equation solved wrongly
    ("textbook-5087", "The parallels cut the transversals proportionally: AB : BC = DE : EF, so 2 : 4 = 3 : EF.\n"
     "Solving, EF = 3 × 2 ÷ 4 = 1.5.", "calculation", "Solving"),
    # an inscribed angle taken as the central one, off the proof and said in words
    ("textbook-3908", "OC ⊥ AB, so arc AC equals arc BC.\nThe inscribed angle ADC equals the central angle AOC, so "
     "angle AOC measures 26°.\nSince the arcs are equal, angle BOC also measures 26°.",
     "wrong_formula", "The inscribed"),
    # two angles said supplementary in words where they are equal; the value said of "it"
    ("textbook-6494", "Opposite angles of parallelogram ABCD are equal, so angle ADC is 110°.\n"
     "Angle EDF is supplementary to angle ADC, so it measures 70°.\n"
     "In triangle DEF the other two angles sum to 180° − 70° = 110°.", "wrong_formula", "Angle EDF"),
    ("textbook-3271", "AB ∥ CD, so ∠BCD = ∠ABC = 72°.\n∠CDE and ∠BCD are corresponding angles, so ∠CDE is 72° too.",
     "wrong_formula", "∠CDE and"),
    ("textbook-307", "1) In triangle ABD: angle ADB = 180 - 45 - 40 = 95 degrees.\n"
     "2) Angles ADB and BDC are equal (vertical angles): angle BDC = 95 degrees.\n"
     "3) In triangle BCD: angle CBD = 180 - 95 - 70 = 15 degrees.", "wrong_formula", "2) Angles"),
    # a shape of another kind than the figure's: an invented property
    ("textbook-6344", "Since ABCD is a square, BD = AB√2 = 6√2.", "hallucinated", "ABCD is a square"),
    ("data-0000020", "Since ABC is equilateral, BC = AB = 3.\nPerimeter = 3 + 3 + 3 = 9.", "hallucinated", "ABC is"),
    # a fact the figure has, misapplied: the later step's "150 − 45" is no misread of the given 75
    ("textbook-3946", "AD bisects ∠EAC, so ∠CAD = 150°.\n∠ACD = 150° − 45° = 105°.", "wrong_formula", "AD bisects"),
    # a false relation gives an element a given's value: a wrong relation, not a misread given
    ("data-0000021", "AF = 3/2, so BF = √(9 + 9/4) = 3√5/2.\nBE = AB = 3.\nBF/BE = √5/2.", "wrong_formula", "BE = AB"),
])
def test_held_half_classes_in_other_words(rid, text, failure, at):
    """The first wrong value on the line of ``at`` (a step is a line), with the category."""
    g, pos = _graded_at(rid, text)
    assert g.failure == failure, g.reason
    assert text.count("\n", 0, pos) == text.count("\n", 0, text.index(at)), text[pos:][:30]


@pytest.mark.parametrize("rid, text", [
    # LaTeX's function glued to a name: a product
    ("textbook-6795", "$AO = AB + BO = 2 + 2 = 4$ and $\\sin\\angle DAO = \\frac{2}{4}$, so "
     "$\\angle DAO = 30^\\circ$.\n"
     "$BC = AB\\sin 30^\\circ = 2\\cdot\\frac{1}{2} = 1$.\nAnswer: $BC = 1$"),
    # vertex angles as terms of a sum, and a list's bullets
    ("textbook-1358", "- ∠J + ∠K + ∠L + ∠M = 360°\n- (3x - 6) + (x + 10) + x + (2x - 8) = 360\n- 7x - 4 = 360\n"
     "- x = 52\n- ∠JML = 2(52) - 8 = 96°"),
    # roots weighed and set aside
    ("textbook-544", "8x = 2x² − 10, so x² − 4x − 5 = 0 and x = 5 or x = −1.\nAn angle is positive, so x = 5 "
     "and ∠MLQ = 40°.\nIn isosceles △LMQ, ∠LQM = (180° − 40°)/2 = 70°."),
    ("textbook-544", "Solving 8x = 2x² − 10: x = 5 (x = −1 is rejected).\n"
     "∠MLQ = 40°, so ∠LQM = (180° − 40°) ÷ 2 = 70°."),
    # the word "angle" between a coefficient and its name: a product, not a value of ½
    ("textbook-3908", "angle ADC = (1/2) angle AOC, so angle AOC = 2 × 26 degrees = 52 degrees.\n"
     "Arc CB = arc AC, so angle BOC = angle AOC = 52 degrees."),
    ("textbook-6795", "AO = 4 and OD = 2, so angle DAO = 30°.\nBC = ABsin 30° = 2 × 0.5 = 1."),
    ("data-0000013", "Since DE ∥ AC, BE/BC = BD/BA, so BE = 4/3.\nF is the midpoint of BC, so BF = 2.\n"
     "EF = BF − BE = 2 − 4/3 = 2/3."),
    # the exact answer and its decimal given to the asked element before another element's value
    ("data-0000003", "In equilateral △ABC the altitude is CD = 39·√3/2 = 39√3/2.\n"
     "The circumcentre divides it 2:1, so AO = (2/3)·CD = 13√3 ≈ 22.52, and OD = 13√3/2."),
    # "AC is half of 16, which is 8": no value of 16 for AC
    ("textbook-6235", "OC ⊥ AB bisects the chord, so AC is half of 16, which is 8.\n"
     "In right triangle AOC, CO = √(10² − 8²) = √36 = 6."),
    ("textbook-4114", "Triangle OAD is isosceles (OA = OD), so angle OAD equals angle ODA, which is 35°.\n"
     "Likewise angle OAB equals angle OBA, which is 30°, so angle BAD = 35° + 30° = 65°."),
    ("textbook-6494", "Angle ADC is 110°, as opposite angles of a parallelogram are equal.\n"
     "Angle EDF and angle ADC are vertical angles, so it measures 110° too.\n"
     "So angle DEF + angle DFE = 180° − 110° = 70°."),
    # an arc's measure is no length of its chord
    ("textbook-4297", "∠BOC = 180° − 100° = 80°, so arc BC = 80° and ∠BDE = ½ · arc BC = 40°."),
])
def test_right_responses_in_other_words_are_not_flagged(rid, text):
    records = {r["id"]: r for r in _jsonl("records.jsonl")}
    g = grade(records[rid], text)
    assert g.final_correct and g.first_error is None and g.first_wrong_step is None, (g.failure, g.reason)


def test_facts_of_the_figure_checked_on_its_points():
    import math

    from geomill.evaluate.grading.answer_key import build_key
    from geomill.evaluate.grading.chains import normalize
    from geomill.evaluate.grading.relations import first_false_fact
    records = {r["id"]: r for r in _jsonl("records.jsonl")}
    record = records["textbook-6795"]
    key = build_key(record)
    xy = record["figure_model"]["points"]

    def cos_between(p, q, r, s):  # computed here from the stored coordinates, not by the grader
        u = (xy[q][0] - xy[p][0], xy[q][1] - xy[p][1])
        w = (xy[s][0] - xy[r][0], xy[s][1] - xy[r][1])
        return abs(u[0] * w[0] + u[1] * w[1]) / (math.hypot(*u) * math.hypot(*w))

    assert cos_between("A", "C", "B", "C") < 1e-6 and cos_between("O", "D", "A", "D") < 1e-6  # the givens
    for text in ("AC ⊥ BC", "OD \\perp AD", "AD is perpendicular to OD", "segment AC perpendicular to line CB"):
        assert first_false_fact(key, text, len(text)) is None, text
    assert cos_between("B", "C", "O", "D") > 1 - 1e-9 and cos_between("A", "B", "O", "D") < 1 - 1e-3
    assert cos_between("A", "B", "B", "C") > 1e-3
    for text in ("so BC ∥ OD", "BC is parallel to OD"):
        assert first_false_fact(key, text, len(text)) is None, text
    for text in ("so AB ∥ OD", "AB ⊥ BC", "AB is parallel to OD", "$AB \\parallel OD$"):
        assert first_false_fact(key, normalize(text), len(text)) is not None, text
    at = first_false_fact(key, "OD ⊥ AD, and AB ⊥ BC.", 100)
    assert at == (13, "AB ⊥ BC")
    assert first_false_fact(key, "PQ ⊥ BC", 10) is None  # a point the figure lacks: not read
    assert first_false_fact(key, "so ⊥ is perpendicular to it", 99) is None  # words are no segments


def test_bisectors_and_midpoints_checked_on_the_figure():
    import math

    from geomill.evaluate.grading.answer_key import build_key
    from geomill.evaluate.grading.relations import first_false_fact
    records = {r["id"]: r for r in _jsonl("records.jsonl")}

    def angle(xy, a, v, b):
        u = (xy[a][0] - xy[v][0], xy[a][1] - xy[v][1])
        w = (xy[b][0] - xy[v][0], xy[b][1] - xy[v][1])
        return math.degrees(math.atan2(abs(u[0] * w[1] - u[1] * w[0]), u[0] * w[0] + u[1] * w[1]))

    record = records["textbook-3946"]  # AD bisects angle EAC (given)
    key, xy = build_key(record), record["figure_model"]["points"]
    assert abs(angle(xy, "E", "A", "D") - angle(xy, "D", "A", "C")) < 1e-6
    assert first_false_fact(key, "AD bisects ∠EAC", 99) is None
    assert first_false_fact(key, "AD is the bisector of angle CAE", 99) is None
    assert abs(angle(xy, "B", "A", "D") - angle(xy, "D", "A", "C")) > 1
    assert first_false_fact(key, "so AD bisects ∠BAC", 99) == (3, "AD bisects ∠BAC")
    record = records["textbook-6497"]  # parallelogram ABCD, its diagonals meet at O
    key, xy = build_key(record), record["figure_model"]["points"]
    mid = ((xy["A"][0] + xy["C"][0]) / 2, (xy["A"][1] + xy["C"][1]) / 2)
    assert math.dist(mid, xy["O"]) < 1e-6 and first_false_fact(key, "O is the midpoint of AC", 99) is None
    mid = ((xy["A"][0] + xy["D"][0]) / 2, (xy["A"][1] + xy["D"][1]) / 2)
    assert math.dist(mid, xy["E"]) > 1e-3 and first_false_fact(key, "E is the midpoint of AD", 99) is not None


def test_shapes_kinds_checked_on_the_figure():
    from geomill.evaluate.grading.answer_key import build_key
    from geomill.evaluate.grading.relations import first_false_fact
    records = {r["id"]: r for r in _jsonl("records.jsonl")}
    key = build_key(records["textbook-6344"])  # rhombus ABCD with angle BAD = 60°: no square, no rectangle
    for text in ("ABCD is a rhombus", "ABCD is a parallelogram", "ABD is equilateral", "ABD is an isosceles"):
        assert first_false_fact(key, text, 99) is None, text
    for text in ("ABCD is a square", "ABCD is a rectangle", "ABD is a right triangle"):
        assert first_false_fact(key, text, 99) == (0, text.rsplit(" ", 1)[0] if "right" in text else text), text


def test_a_value_a_written_relation_computes_is_not_asserted():
    """"BD/BA = 1/4, so BE = 1": the wrong value follows from a number written for named elements, so
    it is no value asserted with nothing computing it (hallucinated); the error begins at the relation."""
    text = ("**Step 1:** $\\triangle BDE \\sim \\triangle BAC$ because $DE \\parallel AC$.\n"
            "**Step 2:** $\\frac{BE}{BC} = \\frac{BD}{BA} = \\frac{1}{4}$, so $BE = 1$.\n"
            "**Step 3:** $CE = BC - BE = 4 - 1 = 3$.")
    g, pos = _graded_at("data-0000015", text)
    assert g.failure != "hallucinated" and g.first_error["quantity"] == "BE"
    assert text.count("\n", 0, pos) == 1
