"""Grade a free-text solution step by step against the record's proof.

``grade(record, response)`` aligns the response's claims with the proof steps (see
:mod:`.alignment`), checks every stated value against both the exact and the GeomVerse value and the
response's own arithmetic (:mod:`.chains`), finds the first wrong step in the record's order and
says why it is wrong (:mod:`.categories`).  ``grade_file`` does it for a responses file.
"""
from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path

import sympy
from geomill.dataset.folder import open_dataset
from geomill.dataset.jsonl import read_jsonl
from geomill.dataset.records import Record
from geomill.engine.catalogue import KINDS
from geomill.engine.errors import GeomillError, Span
from geomill.engine.model import QKind

from ..answers.extract import bounded, extract_number
from ..answers.score import numbers_agree
from .alignment import Claim, a_part, claims, loose_arithmetic, name_key, solve_linear
from .answer_key import AnswerKey, Key, ProofStep, build_key
from .categories import _CONSTANTS, READ_AS, _by_symbol, classify, evaluate, matches
from .chains import NUMBER, Chain, consistent, read_chain, scan, source_pos, tokens_of, value_of, within
from .relations import (
    SLIP,
    facts,
    first_false_fact,
    first_wrong_relation,
    invented_fact,
    invented_right_angle,
    read_off_figure,
)


@dataclass
class StepGrade:
    step: int  # 1-based, the record's order
    quantity: str
    expected: float  # GeomVerse value
    exact: float
    stated: float | None  # the first value the response gives for it
    correct: bool | None  # None: the response does not state it
    category: str | None = None
    reason: str | None = None
    restated: list[float] = field(default_factory=list)  # other values it gives for it later


@dataclass
class GradedResponse:
    id: str
    final_answer: float | None
    final_correct: bool
    steps: list[StepGrade]
    first_wrong_step: int | None
    failure: str | None
    reason: str | None
    unused: list[dict]  # values for elements outside the proof: {quantity, value, role, true}
    # the response's first wrong value, a proof step's or (textbook figures) any element's:
    # {quantity, stated, true, step (None: off the proof)}
    first_error: dict | None = None

    def as_dict(self) -> dict:
        return asdict(self)


_ROUNDING = re.compile(r"\bround(?:ed|ing)?\b[^.]*?\bto\s+(\d+|one|two|three|four)\s+decimal", re.I)
_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4}


def _said_last(key: AnswerKey, found: list[Claim], final: float | None) -> float | None:
    """The value a textbook response last gives the asked quantity, where its last number (taken as its
    final answer) is stated for another element of the figure after it; None otherwise."""
    if final is None or not key.steps:
        return None
    query = key.key(key.steps[-1].output)
    stated = [c for c in found if c.pos < max(c.pos for c in found)] if found else []
    if not stated or stated[-1].key in (None, query) or abs(stated[-1].value - final) > 1e-9:
        return None
    own = [c for c in stated if c.key == query and not c.solved]
    return own[-1].value if own else None


def answer_right(record: dict, final: float) -> bool:
    """The final answer judged as the question asks: a textbook record's exactly, or to the rounding its
    question asks for; a GeomVerse record's by GeomVerse's relaxed accuracy (3 %)."""
    if not str(record.get("schema", "")).startswith("geomill.textbook"):
        return numbers_agree(final, float(record["answer"]))
    exact = float(record.get("exact", record["answer"]))
    m = _ROUNDING.search(str(record.get("question_text_only") or record.get("question") or ""))
    if m is None:
        return abs(final - exact) <= 1e-6 * max(1.0, abs(exact))
    places = int(_WORDS.get(m.group(1).lower(), m.group(1)))
    # the answer rounded as asked, or (where the exact value sits on a rounding edge) the record's rounding
    return abs(final - exact) <= 0.5 * 10.0 ** -places + 1e-9 or abs(final - float(record["answer"])) <= 1e-9


def _exact_beside(record: dict, text: str, final: float, said: bool = False) -> tuple[float, bool]:
    """The final answer where the response closes on an exact form and its decimal ("the circumference
    is 9√2π ≈ 39.99", "196 - 49π ≈ 42.06"), or gives them to the asked quantity before another element
    (``said``: "AO = 13√3 ≈ 22.52, and OD = 13√3/2"): the exact form, when it is the record's exact value."""
    exact = float(record.get("exact", record["answer"]))
    last = [ch for ch in loose_arithmetic(text) if ch.value is not None and abs(ch.value - final) < 1e-9
            and len(ch.stages) > 1]
    if not last or not within(final, last[-1].decimals, exact, exact) \
            or (not said and NUMBER.search(text, last[-1].end)):
        return final, False
    form = last[-1].stages[-2]  # the stage the decimal approximates: an exact form, never a sum worked wrongly
    if form.exact is not None and abs(form.exact - exact) <= 1e-9 * max(1.0, abs(exact)) \
            and _EXACT_FORM.search(form.text):
        return exact, True
    return final, False


_EXACT_FORM = re.compile(r"sqrt|π|sin|cos|tan|/")


def _approximates(record: dict, c: Claim) -> bool:
    """A decimal given beside a right exact answer ("196 - 49π ≈ 42.06" where the exact value is asked):
    the exact value rounded to the decimals written, in a question that asks for no rounding."""
    question = str(record.get("question_text_only") or record.get("question") or "")
    exact = float(record.get("exact", record["answer"]))
    return c.decimals >= 1 and _ROUNDING.search(question) is None and within(c.value, c.decimals, exact, exact)


def _claim_ok(c: Claim, gv: float, exact: float) -> bool:
    """Right: the expected value (exact or GeomVerse, to its rounding); where its own arithmetic does not
    hold, only the paper's value or the exact one rounded (sin 147° written 0.545 on the way, 4.205 rounded
    up), never a value the slip made."""
    if not matches(c.value, c.decimals, gv, exact):
        return False
    if c.chain is not None and consistent(c.chain) is not None:
        return abs(c.value - round(gv, 2)) < 1e-9 or abs(c.value - round(exact, 2)) < 1e-9
    return True


def _agree(later: Claim, first: Claim) -> bool:
    """A value stated again must be the same value (to the coarser of the two precisions, two decimals at most)."""
    return abs(later.value - first.value) <= 0.5 * 10.0 ** -min(later.decimals, first.decimals, 2) + 1e-9


MAX_GRADED = 16_000  # characters of a response graded: steps are read from its start, the answer at its end


def grade(record: dict, response: str, key: AnswerKey | None = None) -> GradedResponse:
    """One response graded against one record (``key``: the record's answer key, when already built)."""
    key = key or build_key(record)
    response = bounded(response or "", MAX_GRADED, MAX_GRADED - 2_000)  # a runaway: its steps and its end
    final = extract_number(response)
    text, found = claims(key, response, final)  # the final answer is the response's value of the query
    said = key.general and (last := _said_last(key, found, final)) is not None
    if said:
        final = last  # "… so x = 30. AB = 25.98 too.": the last number is another element's, not the answer
        text, found = claims(key, response, final)
    arithmetic = loose_arithmetic(text)
    by_key: dict[Key, list[Claim]] = {}
    for c in found:
        by_key.setdefault(c.key, []).append(c)
    # values stated for elements the problem does not have; one the response computes is not invented
    unknown = [c.value for c in found if _said_of_nothing(key, c)]
    final_ok = final is not None and answer_right(record, final)
    if not final_ok and final is not None and key.general:
        final, final_ok = _exact_beside(record, text, final, said)
    steps: list[StepGrade] = []
    accepted: dict[Key, list[float]] = {}  # the values a right step was stated with (two-decimal drift included)
    for s in key.steps:
        steps.append(_grade_step(key, s, by_key, found, unknown, any(g.correct is False for g in steps), arithmetic,
                                 final_ok, accepted, text))
        if steps[-1].correct:
            accepted[key.key(s.output)] = [v for v in [steps[-1].stated, *steps[-1].restated] if v is not None]
    first = next((g for g in steps if g.correct is False), None)
    failure = reason = None
    first_error = _first_error(key, found, first, response, text)
    if first is not None:
        failure, reason = first.category, first.reason
        if not key.general and failure in ("wrong_formula", "calculation", "other") \
                and (said_right := _invented_right_angle(key, found, first, text)) is not None:
            failure = "hallucinated"  # what the wrong formula then computes is beside the point
            reason = (f"it assumes {said_right!r}, which the figure does not have, and states {first.quantity} = "
                      f"{first.stated:g} ({first.exact:.4g})")
        if failure == "misread_given" and first_error is not None and first_error["step"] is None \
                and not _misread_at(key, found, first_error, text, reason):
            # a given misread only in the work of a later step: that step carries the earlier wrong value
            off = _off_proof_category(key, found, first_error)
            if off is not None:
                failure, reason = off
        if failure in ("calculation", "other") and first_error is not None and first_error["step"] is None \
                and not any(first_error.get(f) for f in ("invented", "formula", "asserted")):
            own = _worked_off_proof(key, found, first_error)
            if own is not None:
                failure, reason = "wrong_formula", own
        if first_error is not None and first_error.get("invented"):
            failure = "hallucinated"
            reason = f"{reason} (it states {first_error['invented']!r} before, which the figure does not have)"
        elif first_error is not None and first_error.get("formula") \
                and (INVERTED not in reason or first_error["formula"] == SLIP) \
                and (failure != "misread_given" or reason.endswith(READ_AS + first.quantity)):
            # "BE = AB = 3": a relation the figure makes false gave the element a given's value
            if first_error["formula"] == SLIP:  # the right relation in names, its arithmetic worked wrongly
                failure, reason = "calculation", f"{reason} (the arithmetic in names it writes before does not hold)"
            else:
                failure = "wrong_formula"  # a relation between elements the figure makes false, written first
                reason = f"{reason} (a relation it writes before does not hold in the figure)"
        elif first_error is not None and first_error.get("asserted") \
                and failure not in ("misread_given", "calculation"):
            given = _given_number(key, first_error)
            if given is not None:  # "the circle has radius OD = 2" where the diameter 2 is given
                failure = "misread_given"
                reason = (f"{reason} (it states {first_error['quantity']} = {first_error['stated']:g}, "
                          f"the given {given}'s number)")
            else:  # a value of the figure asserted, nothing computing it ("BD ⊥ AC, so ∠BDC = 90°" where it is 85)
                failure = "hallucinated"
        elif first_error is not None and first_error.get("bare") and failure == "other" \
                and INVERTED not in reason and (given := _given_number(key, first_error)) is not None:
            failure = "misread_given"  # "AD = 14" where CD = 14 is given: the given read for another element
            reason = f"{reason} (the given {given}'s number)"
        if first_error is not None and first_error["step"] is None:  # the error began off the proof
            reason = (f"{reason} (first wrong: {first_error['quantity']} = {first_error['stated']:g}, "
                      f"the figure has {_num(first_error['true'])})")
    elif final is None:
        failure, reason = "no_answer", "no number in the response"
    elif not final_ok:  # only where the proof has no step: the query was given
        failure, reason = "other", "the final answer differs from the given value"
    elif first_error is not None:  # right steps, but a wrong value of the figure on the way
        slip = next((c.chain for c in found if c.pos == first_error["pos"] and c.chain is not None
                     and not c.solved and consistent(c.chain) is not None), None)
        failure = "calculation" if slip is not None else "hallucinated" if first_error.get("invented") \
            else "calculation" if first_error.get("formula") == SLIP \
            else "wrong_formula" if first_error.get("formula") else "other"
        reason = (f"states {first_error['quantity']} = {first_error['stated']:g}; "
                  f"the figure has {_num(first_error['true'])}")
    if first_error is not None:
        first_error.pop("pos")
        first_error.pop("asserted", None)
        first_error.pop("bare", None)
        first_error.pop("formula", None)
        first_error.pop("invented", None)
    return GradedResponse(str(record.get("id", "")), final, final_ok, steps, first.step if first else None,
                          failure, reason, _unused(key, found), first_error)


def _invented_right_angle(key: AnswerKey, found: list[Claim], first: StepGrade, text: str) -> str | None:
    """A right angle the problem lacks ("the triangle has a right angle at A, so its area is AB · AC / 2"), or a
    shape kind or an equality its values make false ("AGFB is a square, so AB = AG"), asserted in the first wrong
    step's work: an invented fact of the figure, the step's first error."""
    s = key.steps[first.step - 1]
    at = next((c for c in found if c.key == key.key(s.output) and abs(c.value - first.stated) < 1e-12), None)
    if at is None:
        return None
    start = _region_start(key, s, found, at.pos)
    said = invented_right_angle(key, text, start, at.pos) or invented_fact(key, text, start, at.pos)
    return said[1] if said else None


def _given_number(key: AnswerKey, error: dict) -> str | None:
    """The given (of another element) whose number a wrong value asserted with nothing computing it
    repeats: the given read as this element's ("radius OD = 2" where the diameter is 2), else None."""
    angle = error["quantity"].startswith("angle ")
    if angle and abs(error["stated"] - 90) < 1e-9:
        return None  # "∠BDC = 90°": a right angle assumed, not a given's number read for it
    return next((str(q) for q, v in key.givens.values() if v is not None and str(q) != error["quantity"]
                 and (q.kind is QKind.ANGLE) == angle and matches(error["stated"], 2, v, v)), None)


def _num(v: float | None) -> str:
    return "no one value" if v is None else f"{v:.4g}"


def _first_error(key: AnswerKey, found: list[Claim], first: StepGrade | None, response: str = "",
                 text: str = "") -> dict | None:
    """The first wrong value in the text: the first wrong step's, or a textbook figure's element off
    the proof stated with another value than it has, where that comes first (``pos``: where the response
    as written states it, -1 where no claim of it is found)."""
    out = _first_wrong(key, found, first)
    if out is not None and text:
        own = next((c.key for c in found if c.pos == out["pos"] and c.value == out["stated"]), None)
        out["pos"] = _computed_at(text, found, out["stated"], out["pos"], own)
        # a relation the figure makes false, written before the value ("AD/AB = AE/CE", then CE = 9)
        rel = first_wrong_relation(key, text, len(text) if out["pos"] < 0 else out["pos"])
        if rel is not None:
            out["pos"], out["formula"] = rel
            if not rel[1]:  # "BD/BA = 1/4, so BE = 1": a value written for named elements computes it
                out["asserted"] = False
            elif rel[1] is True and (seen := read_off_figure(text, rel[0])) is not None:
                out["invented"] = seen  # "The figure marks CA = CD": an equality the figure does not mark
        # a fact of the figure it invents on the way ("From the figure, CE ⊥ AB"), written before that
        fact = first_false_fact(key, text, len(text) if out["pos"] < 0 else out["pos"])
        if fact is not None:
            out["pos"], out["invented"] = fact
        elif (out.get("asserted") or out.get("bare")) and _fact_before(key, text, out["pos"]):
            out["formula"] = True  # "CE bisects ∠BCA, so ∠ACE = 30°": a fact the figure has, misapplied
        elif out["step"] is None and own is not None and own[0] in (QKind.ANGLE, QKind.ARC) and out["true"] \
                and any(matches(out["stated"], 2, f * out["true"], f * out["true"]) for f in (0.5, 2.0)):
            out["formula"] = True  # an inscribed angle taken as the central one, or the reverse, off the proof
        if first is not None and out["step"] == first.step and out["pos"] >= 0 \
                and not (out.get("formula") or out.get("invented")):
            if first.category == "wrong_formula":
                out["pos"] = _formula_in_words(text, out["pos"])
            elif first.category == "calculation":  # "the reflex angle is 360 − 81 = 269", then the area in it
                start = _region_start(key, key.steps[first.step - 1], found, out["pos"])
                out["pos"] = min([out["pos"]] + [ch.start for ch in loose_arithmetic(text) if start <= ch.start
                                                 and ch.end <= out["pos"] and consistent(ch) is not None])
        opener = _answer_first(key, text)
        if opener is not None and (out["pos"] < 0 or opener < out["pos"]):
            out["pos"] = opener  # "The answer is 35. Here's why: …": the first thing it states wrongly
    if out is not None and out["pos"] >= 0 and response:
        out["pos"] = source_pos(response, text, out["pos"])
    return out


# an answer stated before the work: "The answer is 35. Here's why:", "**Answer: 35**", "Final answer: x = 35"
_ANSWER_FIRST = re.compile(r"\s*[#*>\s]*(?:the\s+)?(?:final\s+)?answer\s*(?:is|:|=)\s*(?:\$\s*)?"
                           r"(?:[A-Za-z∠]{1,8}\s*[A-Z]*\s*=\s*)?", re.I)


def _answer_first(key: AnswerKey, text: str) -> int | None:
    """Where a wrong answer stated on the response's first line, before its work, stands; else None."""
    m = _ANSWER_FIRST.match(text)
    if m is None or "\n" in text[:m.end()].strip():
        return None
    ch = read_chain(text, m.end())
    if ch is None or ch.value is None or answer_right(key.record, ch.value):
        return None
    return m.end()


# a formula said in words on its own line, introducing the arithmetic below it:
# "The area of a trapezoid is the sum of the bases times the height:"
_FORMULA_WORDS = re.compile(r"\b(?:area|perimeter|circumference|formula|law|theorem|rule|sum|product|times|half|"
                            r"twice|square|root|equals?)\b", re.I)


_LIST_MARK = re.compile(r"^\s*(?:[-*•]+\s*|\d+[.)]\s+|step\s*\d+\s*[:.)]\s*)", re.I)


def _formula_in_words(text: str, pos: int) -> int:
    """Where a wrong formula begins: the line before the one of ``pos`` where that line says the formula
    in words (no number, no ``=``, ending in a colon), else ``pos``."""
    line = text.rfind("\n", 0, pos)
    if line < 0:
        return pos
    prev_start = text.rfind("\n", 0, line) + 1
    prev = _LIST_MARK.sub("", text[prev_start:line]).strip()  # "2. The area of …:", "Step 2: The area …:"
    if prev.endswith(":") and not re.search(r"[\d=]", prev) and len(prev.split()) >= 4 and _FORMULA_WORDS.search(prev):
        return prev_start + len(text[prev_start:line]) - len(text[prev_start:line].lstrip())
    return pos


def _claim_of(found: list[Claim], error: dict) -> Claim | None:
    return next((c for c in found if c.name == error["quantity"] and c.value == error["stated"]), None)


INVERTED = "the ratio asked for inverted"  # in a reason: the asked ratio answered by its reciprocal, 'other'
_USES = re.compile(r"uses (-?[\d.]+) (?:where|for) the given")


def _misread_at(key: AnswerKey, found: list[Claim], error: dict, text: str, why: str) -> bool:
    """Is an off-proof first error a given misread: the given itself, a given read wrongly in its work,
    or the misread number (``why``: the later step's reason) written before it?"""
    c = _claim_of(found, error)
    if c is None or any(d.pos <= c.pos and (g := key.givens.get(d.key, (None, None))[1]) is not None
                        and not matches(d.value, d.decimals, g, g) for d in found):
        return True  # a given stated with another value, there ("∠OAD = ∠ODA = 45°") or before
    used = _USES.match(why or "")
    if used is None:
        return True  # a given read wrongly in other words: the step's reason stands
    n = float(used.group(1))
    if any(abs(float(m.group()) - n) < 1e-9 for m in NUMBER.finditer(text, 0, c.pos)):
        return True  # "3 / 9 = 6 / RS", then "RS = 18": the misread number written before the value
    true = key.elements.get(c.key)
    return true is None or _misread_in_work(key, None, c, found, (c.key, true, true),
                                            loose_arithmetic(text)) is not None


def _off_proof_category(key: AnswerKey, found: list[Claim], error: dict) -> tuple[str, str] | None:
    """The category of an off-proof first error from its own text: a slip in its arithmetic, a relation
    or fact that gave it (the flags), a value asserted; None: the later step's category stands."""
    c = _claim_of(found, error)
    if c is None:
        return None
    why = f"states {c.name} = {c.value:g}; the figure has {_num(error['true'])}"
    if c.chain is not None and not c.solved and consistent(c.chain) is not None:
        return "calculation", f"the arithmetic {_slip_text(c.chain)} does not hold"
    if error.get("invented") or error.get("formula") or error.get("asserted"):
        return "other", why  # the flags name it below
    return None


def _worked_off_proof(key: AnswerKey, found: list[Claim], error: dict) -> str | None:
    """Why an off-proof first error worked out by arithmetic that holds ("R = 5/√2" for a side of 5) is a
    wrong formula: its own numbers give it, so the formula that chose them is what is wrong; None where it
    is no such value (asserted, solved, or its arithmetic slips)."""
    c = _claim_of(found, error)
    if c is None or c.chain is None or c.solved or _bare(c) or consistent(c.chain) is not None:
        return None
    givens = [v for _, v in key.givens.values() if v is not None]
    from_given = any(abs(float(m.group()) - v) < 1e-9 for st in c.chain.stages for m in NUMBER.finditer(st.text)
                     for v in givens)
    exact = any(w in st.text for st in c.chain.stages for w in ("sqrt", "sin", "cos", "tan", "π"))
    if not (c.chain.arithmetic or (from_given and exact)):
        return None  # "BE = 3/4" alone: a value, maybe solved from a proportion; "R = 5/√2" a formula's
    return (f"{c.name} = {c.value:g} follows from its own arithmetic, by a formula that does not give it "
            f"(the figure has {_num(error['true'])})")


def _fact_before(key: AnswerKey, text: str, pos: int) -> bool:
    """Does the sentence of ``pos`` state a fact the figure has before it ("CE bisects ∠BCA, so …")?"""
    start = max(text.rfind("\n", 0, pos), text.rfind(". ", 0, pos)) + 1
    return any(holds for _, _, holds in facts(key, text, start, pos))


def _computed_at(text: str, found: list[Claim], value: float, pos: int, own: Key | None = None) -> int:
    """Where the response first works out a wrong value it claims at ``pos``: the first chain of its
    arithmetic that ends on that value since the last value it claimed for anything else ("area ABC =
    BC · h = 10 · 5(√3 − 1) = 50√3 − 50", whose element the chain's names hide, before the closing
    "area ABC = 50√3 − 50"), another element of the same value included ("∠BOC = 180° − 100° = 80°" is
    BOC's, not the 80 of "∠BDC = ∠BOC = 80°"); anywhere before its claim where no claim of it is found
    (``pos`` -1; ``own``: the claim's element)."""
    end = len(text) + 1 if pos < 0 else pos
    start = max((c.pos for c in found if c.pos < end and (abs(c.value - value) > 1e-9
                                                           or (own is not None and c.key not in (own, None)))),
                default=0)
    for ch in loose_arithmetic(text):
        if start <= ch.start and ch.end <= end + 1 and ch.value is not None and ch.arithmetic \
                and abs(ch.value - value) <= 1e-6 * max(1.0, abs(value)):
            at = list(NUMBER.finditer(text, ch.start, ch.end))
            return min(pos if pos >= 0 else len(text), at[-1].start() if at else ch.start)
    if pos < 0:  # no claim and no chain gives it: where the response first writes or uses the number
        return next((m.start() for m in NUMBER.finditer(text) if abs(float(m.group()) - value) < 1e-9), pos)
    return pos


def _first_wrong(key: AnswerKey, found: list[Claim], first: StepGrade | None) -> dict | None:
    at = None
    if first is not None:
        k = key.key(key.steps[first.step - 1].output)
        at = next((c for c in found if c.key == k and abs(c.value - first.stated) < 1e-12), None)
        if at is None:
            return {"quantity": first.quantity, "stated": first.stated, "true": first.exact, "step": first.step,
                    "pos": -1}
    off = [c for c in found if key.general and _unused_role(key, c) in ("wrong", "misread_given")
           and (at is None or c.pos < at.pos)]
    if off:
        c = off[0]
        true = (key.expected(c.key) or (None, key.elements.get(c.key)))[1]
        return {"quantity": c.name, "stated": c.value, "true": true, "step": None, "pos": c.pos,
                "asserted": _unused_role(key, c) == "wrong" and _bare(c)}
    if first is None:
        return None
    return {"quantity": first.quantity, "stated": first.stated, "true": first.exact, "step": first.step,
            "pos": at.pos, "bare": key.general and first.category == "other" and _bare(at)}


def _bare(c: Claim) -> bool:
    """A value asserted, not worked out: no number before its last stage ("∠BDC = 90°", "∠DCB = ∠ACD = 20°")."""
    if c.chain is None:
        return True
    return not c.solved and NUMBER.fullmatch(c.chain.stages[-1].text.strip()) is not None \
        and not any(NUMBER.search(st.text) for st in c.chain.stages[:-1])


def _grade_step(key: AnswerKey, s: ProofStep, by_key: dict[Key, list[Claim]], found: list[Claim],
                unknown: list[float], wrong_before: bool, arithmetic: list[Chain], final_ok: bool = False,
                accepted: Mapping[Key, list[float]] | None = None, text: str = "") -> StepGrade:
    """A proof step: the values the response gives its output, right or not, and why not."""
    k = key.key(s.output)
    every = by_key.get(k, [])
    cs = [c for c in every if not c.solved] or every  # what it states; else what its equations give
    g = StepGrade(s.index, s.name, s.value, s.exact, cs[0].value if cs else None, None)
    if not cs:
        return g
    g.restated = sorted({c.value for c in cs[1:] if c.value != cs[0].value})
    query = key.general and s is key.steps[-1] and abs(s.exact - float(key.record.get("exact", s.exact))) < 1e-9

    def ok(c: Claim) -> bool:  # the asked value, as the question asks for it (a textbook question's rounding)
        if not key.general and not _claim_ok(c, s.value, s.exact):  # restated as first worked out, or drifted
            return (c is not cs[0] and abs(c.value - cs[0].value) < 1e-9 and first_ok) \
                or _rounded_right(key, s, c, by_key, arithmetic, found, accepted or {})
        return _claim_ok(c, s.value, s.exact) and (not query or answer_right(key.record, c.value)
                                                    or (final_ok and _approximates(key.record, c)))

    first_ok = False
    first_ok = ok(cs[0])
    g.correct = first_ok and all(ok(c) and _agree(c, cs[0]) for c in cs[1:])
    if g.correct:
        return g
    if first_ok:
        later = next((c for c in cs[1:] if not ok(c) or not _agree(c, cs[0])), None)
        converted = _in_radians(s, later, arithmetic, text) if later is not None else None
        g.category, g.reason = "other", converted or f"stated right, then as {g.restated[0] if g.restated else '?'}"
        return g
    first = cs[0]
    if (converted := _in_radians(s, first, arithmetic, text)) is not None:
        g.category, g.reason = "other", converted  # "100.8° … In radians: 100.8 · 3.14 / 180 = 1.76"
        return g
    if key.general and (slipped := _named_formula_slip(key, s, first, found)) is not None:
        g.category, g.reason = "calculation", slipped
        return g
    if key.general and (why := _figure_category(key, s, first, found, wrong_before, arithmetic)) is not None:
        g.category, g.reason = why
        return g
    # the equation the response set up for it, where it states the value after solving one
    equation = next((c for c in every if c.solved and c.pos <= first.pos), None)
    if equation is not None and equation is not first and not _agree(equation, first) \
            and matches(equation.value, 2, s.value, s.exact):
        g.category = "calculation"
        g.reason = f"its own equation ({equation.chain.stages[0].text}) gives {equation.value:g}, not {first.value:g}"
        return g
    for ek, (q, v) in key.expression_values().items():  # "CB = 2·3 + 3 = 9": another given's expression
        if ek != k and not key.general and abs(first.value - v) <= 0.005 + 1e-9 and not matches(v, 2, s.value, s.exact):
            g.category, g.reason = "other", f"{first.value:g} is {q}, whose expression it evaluates, not {s.name}"
            return g
    slip = _slip(arithmetic, _region_start(key, s, found, first.pos), first)
    inputs = [v for _, v in s.inputs]
    evidence = max((e for e in (first, equation) if e is not None and e.chain is not None),
                   key=lambda e: (_covered(_formula(e)[0], inputs), e.solved or e.chain.arithmetic), default=None)
    numbers, formula_value = _formula(evidence) if evidence is not None else ([], None)
    start = _region_start(key, s, found, first.pos)
    region = [float(n) for ch in arithmetic if start <= ch.start and ch.end <= first.pos + 1
              for st in ch.stages[:-1] for n in NUMBER.findall(st.text)]
    broken = slip is not None
    holds = not broken and evidence is not None and (evidence.solved or evidence.chain.arithmetic)
    elsewhere = {c.name: c.value for c in found if c.key != k and c.pos < first.pos}
    misstated = [(c.name, c.value, key.elements.get(c.key)) for c in found if c.pos < first.pos and c.key != k
                 and _said_of_nothing(key, c)]
    if not key.general and not wrong_before:  # the right formula on right inputs, rounded too far on the way
        if _rounded_right(key, s, first, by_key, arithmetic, found, accepted or {}, float("inf")):
            g.category, g.reason = "calculation", f"{first.value:g} is {s.value:g} rounded on the way past 3 %"
            return g
        if _rounded_right(key, s, first, by_key, arithmetic, found, accepted or {}, float("inf"), coarse=True):
            g.category, g.reason = "calculation", f"{first.value:g} is {s.value:g} with a number rounded too far"
            return g
    invented = None if key.general or wrong_before else _invented_number(key, s, first, found, arithmetic)
    if invented is not None:  # "the equilateral triangle has sides of 5", then 2 · AB + AE + 2 · 5 = 47
        g.category, g.reason = "hallucinated", invented
        return g
    said = None if key.general or wrong_before else \
        _radius_said(key, text[(at := _region_start(key, s, found, first.pos)):first.pos], arithmetic, at)
    if said is not None and said[0] == "other":  # "The semicircle has radius 7" where the given AD = 7 is its diameter
        g.category, g.reason = said
        return g
    copied = _copied(key, first, numbers, arithmetic)
    if copied is not None:  # "its circumference is 3.14 * 3 = 9.42. Hence the perimeter of ABCD is 9.42."
        g.category = "other"
        g.reason = f"{first.value:g} is a piece's value ({copied}) worked out before, copied as {s.name}"
        return g
    g.category, g.reason = classify(key, s, first.value, first.decimals, _stated_inputs(key, s, by_key, first.pos),
                                    broken, wrong_before, unknown, elsewhere, numbers, formula_value, holds,
                                    region, misstated, accepted)
    if g.category == "calculation" and slip is not None:
        g.reason = f"the arithmetic {_slip_text(slip)} does not hold"
    if said is not None and g.category in ("wrong_formula", "calculation"):
        g.category, g.reason = said  # "the removed semicircle has radius 4": made up, whatever formula follows
    return g


_RADIANS = re.compile(r"\brad(?:ians?)?\b|/\s*180(?![\d.])", re.I)  # "in radians", "1.76 rad", "· π / 180"


def _in_radians(s: ProofStep, c: Claim, arithmetic: list[Chain] | tuple[Chain, ...], text: str) -> str | None:
    """Why an angle's value is the right angle given again in radians: its degrees (a number the work wrote
    before within GeomVerse's 3 % of the step's value, else that value) times π / 180 (π or 3.14), in a text
    that speaks of radians or divides by 180; None otherwise.  A unit changed, not a formula or a slip: ``other``."""
    if s.output.kind is not QKind.ANGLE or not _RADIANS.search(text, 0, c.pos + 16):  # "1.78 radians"
        return None
    written = [float(n) for ch in arithmetic if ch.end <= c.pos + 1 for st in ch.stages
               for n in NUMBER.findall(st.text) if abs(float(n) - s.exact) <= RELAXED * s.exact]
    slack = 0.5 * 10.0 ** -min(c.decimals, 2) + 1e-9
    for d in [*written, s.value, s.exact]:
        if any(abs(c.value - d * pi / 180) <= slack for pi in (3.14, math.pi)):
            return f"{c.value:g} is {s.name} = {round(d, 2):g}° given again in radians"
    return None


# a square written after the word: "CA^2", "CA squared", "the square of CA" (normalized text: ² and \\^{2} are ^2)
_SQUARED = re.compile(r"\^|\bsquared\b|\bsquare\s+of\b", re.I)
_RADIUS_SAID = re.compile(r"\b(radius|diameter)\b[^\d\n.=]{0,16}?(?:=\s*)?(\d+(?:\.\d+)?)(?![\d.]*\s*[*/×·])", re.I)


def _radius_said(key: AnswerKey, work: str, arithmetic: list[Chain] | tuple[Chain, ...],
                 offset: int = 0) -> tuple[str, str] | None:
    """A radius or diameter the step's work states wrongly: a given length's number as a radius where the given
    is a diameter (a side a semi-circle or circle is drawn on), or a given radius's number as a diameter (the
    given's number for an element of another measure: ``other``); a number no given, no length of the figure
    (nor its half or double, rounded as GeomVerse may) and no arithmetic of the response gives
    (``hallucinated``); None otherwise.  ``offset``: where ``work`` starts in the text the chains are of; only
    arithmetic before the number counts (never "DA = 2r = 10", which the made-up radius 5 itself gives)."""
    figure = [v for k, v in key.elements.items() if v is not None and k[0] in (QKind.LENGTH, QKind.RADIUS)]
    figure += [v for _, v in key.givens.values() if v is not None]
    for m in _RADIUS_SAID.finditer(work):
        if _SQUARED.search(work, m.start(), m.start(2)):
            continue  # "Radius: CA² = 206.45", "r squared is 49": a square's number (or its exponent), no radius
        lengths = figure + [ch.value for ch in arithmetic if ch.value is not None and ch.end <= offset + m.start(2)]
        word, n = m.group(1).lower(), float(m.group(2))
        for k, (q, v) in key.givens.items():
            if v is None or abs(v - n) > 1e-9:
                continue
            if word == "radius" and k[0] is QKind.LENGTH and _a_diameter(key, k):
                return "other", f"takes the given {q} = {v:g}, a diameter, as the radius"
            if word == "diameter" and k[0] is QKind.RADIUS:
                return "other", f"takes the given {q} = {v:g}, a radius, as the diameter"
        if not any(abs(n - f * v) <= RELAXED * abs(f * v) + ROUNDED for v in lengths for f in (0.5, 1.0, 2.0)):
            return "hallucinated", f"states a {word} of {n:g}, which nothing in the problem gives"
    return None


def _a_diameter(key: AnswerKey, k: Key) -> bool:
    """Is a length a diameter in a shape of the problem: in a term of its kind's formulas with π and no angle
    (π · d / 2, π · s² / 4), never a sector's radius (π · T · r / 180)?"""
    for shape, decl in key.shapes.items():
        sym = key.symbols_of(shape).get(k)
        if sym is None:
            continue
        kind = KINDS[decl.kind]
        angles = {s for s, el in kind.elements.items() if el.kind is QKind.ANGLE}
        for e in kind.equations:
            for term in sympy.Add.make_args(sympy.expand(e.rhs)):
                names = {str(x) for x in term.free_symbols}
                if term.has(sympy.pi) and sym in names and not names & angles:
                    return True
    return False


def _invented_number(key: AnswerKey, s: ProofStep, first: Claim, found: list[Claim],
                     arithmetic: list[Chain] | tuple[Chain, ...] = ()) -> str | None:
    """A number of the step's own work that nothing gives (no given, input, constant or value stated before),
    in the place of an input: put that input's value in its place and the response's equation gives the right
    value.  A number made up for an element of the figure (the removed triangle's side 5 where EA = 6 belongs:
    "2 · AB + AE + 2 · 5 = 47"), with nothing computing it; None where there is none."""
    own = key.key(s.output)
    start = _region_start(key, s, found, first.pos)
    for c in [first] + [c for c in found if start <= c.pos < first.pos and c is not first]:
        if c.chain is not None and (c.solved or c.chain.arithmetic):
            why = _invented_in(key, s, own, " = ".join(st.text for st in c.chain.stages), first.pos, found,
                               [ch.value for ch in arithmetic if ch.end <= c.chain.start and ch.value is not None])
            if why is not None:
                return why
    return None


def _invented_in(key: AnswerKey, s: ProofStep, own: Key, equation: str, before: int, found: list[Claim],
                 worked: list[float]) -> str | None:
    """Why ``equation`` holds a made-up number (see ``_invented_number``); ``worked``: values its arithmetic
    computed before, which a later equation may use (a slip there is a calculation, not an invention)."""
    sides = tokens_of(equation)
    if not sides or len(sides) < 2:
        return None
    sides = [sides[0], sides[-1]]
    env: dict[str, float] = {}
    names = []
    for side in sides:
        for kind, tok in side:
            if kind != "name":
                continue
            k = name_key(key, tok)
            if k == own:
                names.append(tok)
                continue
            said = [c.value for c in found if c.key == k and c.pos < before]
            exp = key.expected(k) if k is not None else None
            if not said and exp is None:
                return None
            env[tok] = said[-1] if said else exp[1]
    if not names:
        return None
    inputs = {key.key(q): v for q, v in s.inputs}
    known = [v for _, v in key.givens.values() if v is not None] + list(inputs.values()) + list(_CONSTANTS) \
        + [c.value for c in found if c.pos < before] + worked + [3.0, 4.0, 8.0]
    numbers = {float(t) for side in sides for kind, t in side if kind == "num"}
    for n in [n for n in numbers if not any(abs(n - k) <= 1e-9 for k in known)]:
        for k, w in inputs.items():
            if k in key.givens:
                continue  # a given read as another number: a misread given (classify)
            fixed = [tuple(("num", f"{w:g}") if kind == "num" and abs(float(t) - n) < 1e-9 else (kind, t)
                           for kind, t in side) for side in sides]
            got = solve_linear(fixed[0] + (("op", "-"), ("op", "(")) + fixed[1] + (("op", ")"),), names, env, 0.0)
            if got is not None and matches(got, 2, s.value, s.exact):
                return (f"computes with {n:g}, a number nothing in the problem gives, where "
                        f"{_name_of_key(key, k)} = {w:g} belongs")
    return None


def _name_of_key(key: AnswerKey, k: Key) -> str:
    step = key.step_of.get(k)
    return step.name if step is not None else next((str(q) for kk, (q, _) in key.givens.items() if kk == k), str(k[1]))


def _copied(key: AnswerKey, first: Claim, numbers: list[float],
            arithmetic: list[Chain] | tuple[Chain, ...]) -> str | None:
    """The arithmetic (as written) whose value a bare claim of a composite shape's measure repeats, where the
    response worked out its pieces before (the square's 4 · 3 = 12 and the circle's 3.14 · 3 = 9.42), then gave one
    piece's value to the whole: a value copied, the sum never made; None otherwise."""
    if first.key is None or not key.parts(first.key) or first.solved or (numbers and numbers != [first.value]) \
            or (first.chain is not None and first.chain.arithmetic):
        return None
    pieces = [ch for ch in arithmetic if ch.end <= first.pos and ch.arithmetic
              and a_part(key, first.key, ch.value, ch.decimals)]
    for ch in reversed(pieces):
        if abs(ch.value - first.value) <= 0.5 * 10.0 ** -min(ch.decimals, first.decimals, 9) + 1e-9 \
                and any(abs(other.value - ch.value) > 0.01 for other in pieces):
            return " = ".join(st.text.strip() for st in ch.stages[:-1])
    return None  # one piece worked out and given as the whole: that piece's formula for the shape's


def _named_formula_slip(key: AnswerKey, s: ProofStep, first: Claim, found: list[Claim]) -> str | None:
    """Why the value is a slip where its chain opens with a formula in names ("π·R² = 25π/9") that the
    values it stated for those names (R = 5/√3) make right: the formula and its inputs are right, the
    working out is not; None where that is not so."""
    ch = first.chain
    if ch is None or first.solved or len(ch.stages) < 2 or ch.stages[0].exact is not None:
        return None
    sides = tokens_of(ch.stages[0].text)
    if not sides or len(sides) != 1:
        return None
    names: dict[str, float] = {}
    for kind, tok in sides[0]:
        if kind != "name" or tok in names:
            continue
        k = name_key(key, tok)
        said = [c for c in found if c.pos < first.pos and c.key is not None and c.key != key.key(s.output)
                and (c.key == k or (k is None and tok in "rR" and c.name.startswith("radius")))]
        # a given not restated: its value, where the chain shows no numbers in which it could be misread
        given = key.givens.get(k, (None, None))[1] if k is not None and len(ch.stages) == 2 else None
        if not said and given is None:
            return None
        names[tok] = said[-1].value if said else given
    v = value_of(sides[0], names)
    if v is None or not matches(v, 2, s.value, s.exact) or matches(first.value, first.decimals, s.value, s.exact) \
            or (v and matches(first.value, first.decimals, 1 / v, 1 / v)):
        return None  # a reciprocal: the asked ratio inverted, another quantity, not a slip
    return f"{ch.stages[0].text} gives {v:.4g} with the values it states; it writes {first.value:g}"


def _figure_category(key: AnswerKey, s: ProofStep, first: Claim, found: list[Claim],
                     wrong_before: bool, arithmetic: list[Chain] | tuple[Chain, ...] = ()) -> tuple[str, str] | None:
    """The category of a textbook step's wrong value where the figure decides it (the README's
    precedence: misread_given, calculation, wrong_formula, propagated); None: the catalogue's rules."""
    k = key.key(s.output)
    given = key.givens.get(k, (None, None))[1]
    if given is not None:  # the step restates a given, with another value
        return "misread_given", f"states the given {s.name} as {first.value:g}; it is {given:g}"
    if wrong_before:  # an earlier error carried forward, unless this step's own arithmetic slips too
        if first.chain is not None and not first.solved and consistent(first.chain) is not None:
            return "calculation", f"the arithmetic {_slip_text(first.chain)} does not hold"
        return "propagated", "follows from an earlier wrong value"
    before = [c for c in found if c.pos <= first.pos and c is not first and c.key != k and c.key is not None]
    for c in before:
        g = key.givens.get(c.key, (None, None))[1]
        if g is not None and not matches(c.value, c.decimals, g, g):
            return "misread_given", f"states the given {c.name} as {c.value:g}; it is {g:g}"
    expressions = key.expression_values()
    for c in before:  # "BC = 4(5) + 8 = 28" for BC = 4x - 8: the expression read wrongly, its arithmetic right
        q, v = expressions.get(c.key, (None, None))
        if v is not None and not c.solved and c.chain is not None and c.chain.arithmetic \
                and not key.expressions[c.key][1].is_Symbol and not matches(c.value, c.decimals, v, v):
            if consistent(c.chain) is not None:
                return "calculation", f"the arithmetic {_slip_text(c.chain)} does not hold"
            return "misread_given", f"states {q} as {c.value:g}; its given expression makes it {v:g}"
    misread = _misread_in_work(key, s, first, found, None, arithmetic) or _misread_expression(key, first, found)
    for c in before:  # a given read wrongly in the work of an element off the proof ("√(12² + 4²)", BC = 6)
        true = key.elements.get(c.key)
        if misread is None and true is not None and not matches(c.value, c.decimals, true, true):
            misread = _misread_in_work(key, s, c, found, (c.key, true, true), arithmetic)
    if misread is not None:
        return "misread_given", misread
    for c in before:  # an element off the proof solved wrongly from its own right equation
        true = key.elements.get(c.key)
        if true is None or matches(c.value, c.decimals, true, true) or c.solved:
            continue
        eq = next((e for e in found if e.key == c.key and e.solved and e.pos <= c.pos + 1), None)
        if eq is not None and matches(eq.value, 2, true, true):
            return "calculation", f"its own equation gives {c.name} = {eq.value:g}, not {c.value:g}"
    ratio = re.fullmatch(r"(\w+)\s*/\s*(\w+)", s.name)
    if ratio and first.value and matches(first.value, first.decimals, 1 / s.value, 1 / s.exact):
        return "other", (f"{first.value:g} is {ratio.group(2)}/{ratio.group(1)}: {INVERTED} "
                         f"({s.name} is {s.exact:.4g})")
    swapped = _swapped_trig(key, s, first, found)
    if swapped is not None:
        return "wrong_formula", swapped
    if s.output.kind in (QKind.ANGLE, QKind.ARC) and not (first.chain is not None and not first.solved
                                                          and consistent(first.chain) is not None):
        for factor, what in ((0.5, "half"), (2.0, "twice")):  # (its own arithmetic slipping comes first)
            if matches(first.value, first.decimals, factor * s.value, factor * s.exact):
                return "wrong_formula", (f"{first.value:g} is {what} {s.name} = {s.exact:g}: an inscribed angle "
                                         "taken as the central one, or the reverse")
    return None


_TRIG_SWAP = {"sin": "cos", "cos": "sin", "asin": "acos", "acos": "asin", "arcsin": "arccos", "arccos": "arcsin"}


def _swapped_trig(key: AnswerKey, s: ProofStep, first: Claim, found: list[Claim]) -> str | None:
    """A sine where the cosine belongs, or the reverse: the step's own formula with the function swapped
    gives the step's right value ("AC = CE / cos 30° = 24.25" where CE / sin 30° = 42 is right)."""
    if first.chain is None:
        return None
    for stage in first.chain.stages:
        parts = scan(stage.text, 0)
        if len(parts) != 1 or not any(kind == "func" and tok in _TRIG_SWAP for kind, tok in parts[0].tokens):
            continue
        tokens = parts[0].tokens
        names = {}
        for kind, tok in tokens:
            if kind == "name":
                k = name_key(key, tok)
                said = [c.value for c in found if c.key == k and k is not None and c.pos < first.pos]
                if not said:
                    break
                names[tok] = said[-1]
        else:
            swapped = tuple(("func", _TRIG_SWAP[tok]) if kind == "func" and tok in _TRIG_SWAP else (kind, tok)
                            for kind, tok in tokens)
            value, own = value_of(swapped, names), value_of(tokens, names)
            if own is not None and matches(own, 2, s.value, s.exact):
                continue  # the formula as written is right (sin 45° = cos 45°): a slip after it, if any
            if value is not None and matches(value, 2, s.value, s.exact):
                used = next(tok for kind, tok in tokens if kind == "func" and tok in _TRIG_SWAP)
                return (f"{stage.text} uses {used} where {_TRIG_SWAP[used]} belongs "
                        f"({s.name} is {s.exact:.4g}, not {first.value:g})")
    return None


def _misread_expression(key: AnswerKey, first: Claim, found: list[Claim]) -> str | None:
    """A given expression copied with a constant's sign flipped into the equation solved ("(4x + 26)" for
    angle BAD = (4x - 26)°): flipped back, the equation gives the right value."""
    for c in found:
        if not c.solved or c.pos > first.pos or not key.expressions:
            continue
        true = key.expected(c.key) or ((key.elements[c.key],) * 2 if key.elements.get(c.key) is not None else None)
        sides = tokens_of(c.chain.stages[0].text)
        if true is None or matches(c.value, 2, *true) or sides is None or len(sides) != 2:
            continue
        names = {tok for side in sides for kind, tok in side if kind == "name"}
        own = [n for n in names if name_key(key, n) == c.key]
        if not own or len(own) != len(names):
            continue
        tokens = sides[0] + (("op", "-"), ("op", "(")) + sides[1] + (("op", ")"),)
        for i, (kind, tok) in enumerate(tokens):
            if kind not in ("num", "name") or i == 0 or tokens[i - 1] not in (("op", "+"), ("op", "-")):
                continue
            sign = 1.0 if tokens[i - 1][1] == "+" else -1.0
            flipped = tokens[:i - 1] + (("op", "-" if sign > 0 else "+"),) + tokens[i:]
            solved = solve_linear(flipped, own, {}, 0.0)
            if solved is None or not matches(solved, 2, *true):
                continue
            # the term whose sign flipped: "+ 26" (a constant), "+ y" or "+ 2 y" (a variable's coefficient)
            var = tok if kind == "name" else (tokens[i + 1][1] if i + 1 < len(tokens) and tokens[i + 1][0] == "name"
                                              else None)
            size = 1.0 if kind == "name" else float(tok)
            for q, expr in key.expressions.values():
                if var is None:
                    written = float(expr.as_coeff_Add()[0])  # the given's constant
                else:
                    symbols = [x for x in expr.free_symbols if x.name == var]
                    written = float(expr.coeff(symbols[0])) if symbols else None  # its coefficient of the variable
                if written is not None and abs(written + sign * size) < 1e-9:
                    term = f"{'+' if sign > 0 else '-'} {'' if kind == 'name' else tok}{var or ''}"
                    return f"reads the given {q} = {expr} with {term}"
    return None


def _misread_in_work(key: AnswerKey, s: ProofStep | None, first: Claim, found: list[Claim],
                     target: tuple[Key, float, float] | None = None,
                     arithmetic: list[Chain] | tuple[Chain, ...] = ()) -> str | None:
    """A given read wrongly inside the step's arithmetic: a number of its formula that, put back as a
    given's value (or its square), makes the formula give the step's right value ("sqrt(36 + 9)" for
    AC = 5, BC = 3); ``target``: another element's (key, values) where the claim is that element's."""
    own, value, exact = target or (key.key(s.output), s.value, s.exact)
    chains = [c.chain for c in [first] if c.chain is not None and c.chain.arithmetic and not c.solved]
    if not chains:
        return None
    plain = [p[0].tokens for st in chains[0].stages[:-1] for p in [scan(st.text, 0)] if len(p) == 1
             and any(kind == "num" for kind, _ in p[0].tokens) and all(kind != "name" for kind, _ in p[0].tokens)]
    if not plain:
        return None
    tokens = plain[0]
    # a number the response stated for another element before (or its square: √171 for AB, then 171) is
    # that element's, right or wrong, not a misread given: a wrong one is its own error, carried on
    said = [c.value for c in found if c.pos < first.pos and c.key is not None and c.key != own
            and key.givens.get(c.key, (None, None))[1] is None]
    said += [ch.value for ch in arithmetic if ch.end <= chains[0].start]  # "BD² = … = 108", then "√108"
    numbers = {n for kind, t in tokens if kind == "num" for n in [float(t)]
               if not any(abs(n - w) <= 1e-9 * max(1.0, abs(w)) or abs(n - w * w) <= 0.005 * max(1.0, w * w)
                          for w in said)}
    for q, v in key.givens.values():
        if v is None or any(abs(float(t) - w) < 1e-9 for kind, t in tokens if kind == "num" for w in (v, v * v)):
            continue  # the given is there as it is
        for n in numbers:
            for w, put in ((v, f"{v:g}"), (v * v, f"{v * v:g}")):
                if abs(n - w) < 1e-9:
                    continue
                fixed = tuple(("num", put) if kind == "num" and abs(float(t) - n) < 1e-9 else (kind, t)
                              for kind, t in tokens)
                got = value_of(fixed, {})
                if got is not None and matches(got, 2, value, exact):
                    return f"uses {n:g} where the given {q} = {v:g} belongs"
    return None


def _formula(c: Claim) -> tuple[list[float], float | None]:
    """The numbers of a claim's formula with values (its first arithmetic stage) and that stage's value."""
    if c.solved:
        return [float(n) for n in NUMBER.findall(c.chain.stages[0].text)], c.value
    inner = c.chain.stages[:-1] if c.chain.arithmetic else ()
    stage = next((st for st in inner if st.exact is not None), None) or \
        next((st for st in inner if NUMBER.search(st.text)), None)
    text = stage.text if stage else c.chain.stages[0].text
    return [float(n) for n in NUMBER.findall(text)], (stage.exact if stage is not None else None)


def _covered(numbers: list[float], inputs: list[float]) -> int:
    return sum(any(abs(n - v) <= 0.005 + 1e-9 for n in numbers) for v in inputs)


def _region_start(key: AnswerKey, s: ProofStep, found: list[Claim], pos: int) -> int:
    """Where the response's work on a step starts: after the last value it stated for another proof step."""
    own = key.key(s.output)
    before = [c.pos for c in found if c.pos < pos and c.key in key.step_of and c.key != own]
    return max(before, default=0)


def _slip(arithmetic: list[Chain], start: int, first: Claim) -> Chain | None:
    """The first chain of the step's work whose arithmetic does not hold (its own chain included)."""
    own = [first.chain] if first.chain is not None and not first.solved else []
    # a value solved from an equation is placed where the equation starts: its chain runs past it
    end = max((c.end for c in arithmetic if first.solved and c.start <= first.pos < c.end), default=first.pos + 1)
    for ch in sorted([c for c in arithmetic if start <= c.start and c.end <= end] + own,
                     key=lambda c: c.start):
        if consistent(ch) is not None:
            return ch
    return None


def _slip_text(ch: Chain) -> str:
    j = consistent(ch)
    return f"{ch.stages[j - 1].text} = {ch.stages[j].text if j < len(ch.stages) - 1 else f'{ch.value:g}'}"


ROUNDED = 0.005  # a number written to two decimals is this far at most from what it rounds
RELAXED = 0.03  # GeomVerse's relaxed accuracy: no drift of rounding takes a right value further than this
_SMALL = 12  # integers up to this are a formula's own numbers (halves, squares, 4 sides), never a misread


def _rounded_right(key: AnswerKey, s: ProofStep, c: Claim, by_key: dict[Key, list[Claim]],
                   arithmetic: list[Chain], found: list[Claim], accepted: Mapping[Key, list[float]],
                   relaxed: float = RELAXED, coarse: bool = False) -> bool:
    """A GeomVerse value reached by the step's own formula on right inputs, every number of its work
    rounded to two decimals, in whatever order ("49 / (0.41 · 6.28)" for 180 · 49 / (3.14 · 148), "13 / 1.41"
    for √2 · 13 / 2): right, as the question's "two decimals at every operation" allows, however far those
    roundings carry it, within GeomVerse's 3 % (``relaxed``).  A number rounded coarser (√3 as 1.7, "106 /
    360 = 0.3"; allowed with ``coarse``: the right formula rounded too far), a slip of its arithmetic or a
    number nothing gives (a misread given) is no such value."""
    rule = key.rule_of(s)
    if rule is None or c.chain is None or abs(c.value - s.exact) > relaxed * abs(s.exact):
        return False
    if not c.solved and consistent(c.chain) is not None:
        return False
    stated = _stated_inputs(key, s, by_key, c.pos)
    used = {}
    for q, v in s.inputs:
        k = key.key(q)
        if k in stated and not any(abs(stated[k] - a) < 1e-9 for a in accepted.get(k, ())):
            exp = key.expected(k)
            if exp is None or not matches(stated[k], 2, *exp):
                return False  # an input stated wrongly: that is the error
        used[k] = stated.get(k, v)
    pair = evaluate(rule, _by_symbol(key, s, used))
    if pair is None:
        return False
    start = _region_start(key, s, found, c.pos)
    work = [c.chain] + [ch for ch in arithmetic if start <= ch.start and ch.end <= c.pos + 1]
    written = {n for ch in work for st in ch.stages for n in NUMBER.findall(st.text)}
    known = {v for _, v in key.givens.values() if v is not None} | set(used.values()) | set(_CONSTANTS)
    known |= {round(a * b, 2) for a in list(known) for b in list(known)}  # 18², 180 · 49
    formulas = {float(n) for ch in work for st in ch.stages[:1 if ch.stages[0].exact is not None else 2]
                for n in NUMBER.findall(st.text)}  # the numbers a formula starts from, not what it computes

    def allowance(text: str) -> float:  # how far rounding may have moved a number written so
        return 0.05 if coarse and len(text.partition(".")[2]) < 2 else ROUNDED

    for ch in work:
        for prev, cur in zip(ch.stages, ch.stages[1:]):  # "106 / 360 = 0.3": a rounding to one decimal
            if prev.exact is None or not NUMBER.fullmatch(cur.text.strip()):
                continue
            if min(abs(float(cur.text) - prev.exact), abs(float(cur.text) - prev.rounded)) > allowance(cur.text) + 1e-9:
                return False
    if _says_made_up(key, found, c, formulas, used.values()):
        return False  # sin 81.93° for sin 95.54°, 81.93 said of the made-up angle PQR: hallucinated, no rounding
    drift = 0.0
    for text in written:
        n = float(text)
        if n == int(n):
            if n > _SMALL and n in formulas and not any(abs(n - k) < 1e-9 for k in known):
                return False  # an integer no given, input or formula has: a misread, not a rounding
        else:
            drift += allowance(text) / abs(n)
    return abs(c.value - pair[0]) <= drift * abs(pair[0]) + ROUNDED


def _says_made_up(key: AnswerKey, found: list[Claim], c: Claim, numbers: set[float],
                  own: Iterable[float]) -> bool:
    """Whether a formula's ``numbers`` include a value the response stated, before ``c``, for an element the
    problem does not have (and that is not the value of an input the step uses, ``own``)."""
    own = list(own)
    return any(abs(n - h.value) <= 1e-9 and not any(abs(h.value - v) <= 0.005 for v in own)
               for h in found if h.pos < c.pos and _said_of_nothing(key, h) for n in numbers)


def _said_of_nothing(key: AnswerKey, c: Claim) -> bool:
    """A value the response states (not works out) for an element neither the problem nor the proof has."""
    return _unused_role(key, c) == "hallucinated" and not (c.chain and c.chain.arithmetic)


def _stated_inputs(key: AnswerKey, step: ProofStep, by_key: dict[Key, list[Claim]], before: int) -> dict[Key, float]:
    """What the response says the step's inputs are: the last value it gave each before the step's value."""
    out = {}
    for q, _ in step.inputs:
        k = key.key(q)
        prior = [c for c in by_key.get(k, []) if c.pos < before]
        prior = [c for c in prior if not c.solved] or prior  # what it states, over what its equations were read to give
        if prior:  # a wrong value under another of its names counts ("AC = 23" for the AB = AC of the triangle)
            exp = key.expected(k)
            wrong = [c for c in prior if exp is not None and not matches(c.value, c.decimals, *exp)]
            out[k] = (wrong or prior)[-1].value
    return out


FIGURE_BAND = 0.005  # a value off the proof this close to the figure's is the right one, rounded on the way


def _unused_role(key: AnswerKey, c: Claim) -> str | None:
    """What a value stated off the proof is: a distractor's, a misread given, a right value of an element
    the proof does not need (``extra``), or one the problem does not support (``hallucinated``)."""
    if c.key in key.step_of:
        return None
    if key.general and c.key is None and set(re.findall(r"[A-Z]", c.name.rpartition(" ")[2])) <= key.points:
        return None  # an element of the figure's own points that it does not measure (a height): not judged
    if c.key in key.distractors:
        return "distractor"
    given = key.givens.get(c.key, (None, None))[1]
    if given is not None:
        return None if matches(c.value, c.decimals, given, given) else "misread_given"
    if c.key in key.constants or (c.key in key.givens and not key.general):
        return None
    if c.key in key.givens:  # a textbook given in variables ("angle KLM = x"): what the figure's variables make it
        value = key.expression_values().get(c.key, (None, None))[1]
        return None if value is None or matches(c.value, c.decimals, value, value) else "wrong"
    value = key.elements.get(c.key)
    band = FIGURE_BAND if key.general else 0.02  # a textbook figure's values are exact, not GeomVerse's chains
    if value is not None and matches(c.value, c.decimals, value * (1 - band), value * (1 + band)):
        return "extra"
    if key.general and value is not None:
        return "wrong"  # an element of the figure, stated with another value than it has
    return "hallucinated"


def _unused(key: AnswerKey, found: list[Claim]) -> list[dict]:
    """Values stated for elements off the proof, each with its role and (where the figure or the
    givens fix it) the element's true value."""
    out = []
    for c in found:
        role = _unused_role(key, c)
        if role is not None:
            exp = key.expected(c.key) or ((key.elements.get(c.key),) * 2)
            out.append({"quantity": c.name, "value": c.value, "role": role,
                        "true": None if exp[1] is None else round(float(exp[1]), 6)})
    return out


# -- files ------------------------------------------------------------------------------------------------


def load_dataset(folder: str | Path) -> dict[str, Record]:
    """Every record of a ``geomill generate`` folder (all its parts), by id."""
    dataset = open_dataset(folder, "geomverse", "geomill grade")
    return {r.id: r for part in dataset.parts for r in dataset.records(part)}


def read_responses(path: str | Path) -> Iterator[tuple[int, str, str]]:
    """(line, id, response text) of a responses file: ``response`` or ``raw_response`` per line."""
    for n, obj in read_jsonl(path):
        if "id" not in obj:
            raise GeomillError("a response needs an \"id\"", Span(n, 1), str(path))
        text = obj.get("raw_response", obj.get("response"))
        if text is not None and not isinstance(text, str):
            raise GeomillError("\"response\" must be text", Span(n, 1), str(path))
        yield n, str(obj["id"]), text or ""


def grade_file(responses: str | Path, records: Mapping[str, Record]) -> Iterator[tuple[Record, GradedResponse]]:
    """Each response of the file with its record and grade; an id the dataset lacks is a user error."""
    keys: dict[str, AnswerKey] = {}
    for n, rid, text in read_responses(responses):
        if rid not in records:
            raise GeomillError(f"id {rid!r} is not in the dataset", Span(n, 1), str(responses))
        record = records[rid]
        if rid not in keys:
            keys[rid] = build_key(record)
        try:
            graded = grade(record, text, keys[rid])
        except (ArithmeticError, ValueError, RecursionError) as exc:  # this response only: the batch goes on
            reason = f"{responses}:{n}: cannot grade this response ({type(exc).__name__}: {str(exc)[:100]})"
            graded = GradedResponse(rid, None, False, [], None, "other", reason, [], None)
        yield record, graded
