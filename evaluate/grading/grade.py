"""Grade a free-text solution step by step against the record's proof.

``grade(record, response)`` aligns the response's claims with the proof steps (see
:mod:`.alignment`), checks every stated value against both the exact and the GeomVerse value and the
response's own arithmetic (:mod:`.chains`), finds the first wrong step in the record's order and
says why it is wrong (:mod:`.categories`).  ``grade_file`` does it for a responses file.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path

from geomill.dataset.folder import open_dataset
from geomill.dataset.jsonl import read_jsonl
from geomill.dataset.records import Record
from geomill.engine.errors import GeomillError, Span

from ..answers.extract import bounded, extract_number
from ..answers.score import numbers_agree
from .alignment import Claim, claims, loose_arithmetic
from .answer_key import AnswerKey, Key, ProofStep, build_key
from .categories import classify, matches
from .chains import NUMBER, Chain, consistent


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
    unused: list[dict]  # values for elements outside the proof: {quantity, value, role}

    def as_dict(self) -> dict:
        return asdict(self)


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
    arithmetic = loose_arithmetic(text)
    by_key: dict[Key, list[Claim]] = {}
    for c in found:
        by_key.setdefault(c.key, []).append(c)
    # values stated for elements the problem does not have; one the response computes is not invented
    unknown = [c.value for c in found
               if _unused_role(key, c) == "hallucinated" and not (c.chain and c.chain.arithmetic)]
    steps: list[StepGrade] = []
    for s in key.steps:
        steps.append(_grade_step(key, s, by_key, found, unknown, any(g.correct is False for g in steps), arithmetic))
    first = next((g for g in steps if g.correct is False), None)
    final_ok = final is not None and numbers_agree(final, float(record["answer"]))
    failure = reason = None
    if first is not None:
        failure, reason = first.category, first.reason
    elif final is None:
        failure, reason = "no_answer", "no number in the response"
    elif not final_ok:  # only where the proof has no step: the query was given
        failure, reason = "other", "the final answer differs from the given value"
    return GradedResponse(str(record.get("id", "")), final, final_ok, steps, first.step if first else None,
                          failure, reason, _unused(key, found))


def _grade_step(key: AnswerKey, s: ProofStep, by_key: dict[Key, list[Claim]], found: list[Claim],
                unknown: list[float], wrong_before: bool, arithmetic: list[Chain]) -> StepGrade:
    """A proof step: the values the response gives its output, right or not, and why not."""
    k = key.key(s.output)
    every = by_key.get(k, [])
    cs = [c for c in every if not c.solved] or every  # what it states; else what its equations give
    g = StepGrade(s.index, s.name, s.value, s.exact, cs[0].value if cs else None, None)
    if not cs:
        return g
    g.restated = sorted({c.value for c in cs[1:] if c.value != cs[0].value})
    first_ok = _claim_ok(cs[0], s.value, s.exact)
    g.correct = first_ok and all(_claim_ok(c, s.value, s.exact) and _agree(c, cs[0]) for c in cs[1:])
    if g.correct:
        return g
    if first_ok:
        g.category, g.reason = "other", f"stated right, then as {g.restated[0] if g.restated else '?'}"
        return g
    first = cs[0]
    # the equation the response set up for it, where it states the value after solving one
    equation = next((c for c in every if c.solved and c.pos <= first.pos), None)
    if equation is not None and equation is not first and not _agree(equation, first) \
            and matches(equation.value, 2, s.value, s.exact):
        g.category = "calculation"
        g.reason = f"its own equation ({equation.chain.stages[0].text}) gives {equation.value:g}, not {first.value:g}"
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
                 and _unused_role(key, c) == "hallucinated" and not (c.chain and c.chain.arithmetic)]
    g.category, g.reason = classify(key, s, first.value, first.decimals, _stated_inputs(key, s, by_key, first.pos),
                                    broken, wrong_before, unknown, elsewhere, numbers, formula_value, holds,
                                    region, misstated)
    if g.category == "calculation" and slip is not None and slip is not first.chain:
        g.reason = f"the arithmetic {_slip_text(slip)} does not hold"
    return g


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
    for ch in sorted([c for c in arithmetic if start <= c.start and c.end <= first.pos + 1] + own,
                     key=lambda c: c.start):
        if consistent(ch) is not None:
            return ch
    return None


def _slip_text(ch: Chain) -> str:
    j = consistent(ch)
    return f"{ch.stages[j - 1].text} = {ch.stages[j].text if j < len(ch.stages) - 1 else f'{ch.value:g}'}"


def _stated_inputs(key: AnswerKey, step: ProofStep, by_key: dict[Key, list[Claim]], before: int) -> dict[Key, float]:
    """What the response says the step's inputs are: the last value it gave each before the step's value."""
    out = {}
    for q, _ in step.inputs:
        k = key.key(q)
        prior = [c for c in by_key.get(k, []) if c.pos < before]
        if prior:  # a wrong value under another of its names counts ("AC = 23" for the AB = AC of the triangle)
            exp = key.expected(k)
            wrong = [c for c in prior if exp is not None and not matches(c.value, c.decimals, *exp)]
            out[k] = (wrong or prior)[-1].value
    return out


def _unused_role(key: AnswerKey, c: Claim) -> str | None:
    """What a value stated off the proof is: a distractor's, a misread given, a right value of an element
    the proof does not need (``extra``), or one the problem does not support (``hallucinated``)."""
    if c.key in key.step_of:
        return None
    if c.key in key.distractors:
        return "distractor"
    given = key.givens.get(c.key, (None, None))[1]
    if given is not None:
        return None if matches(c.value, c.decimals, given, given) else "misread_given"
    if c.key in key.givens or c.key in key.constants:
        return None
    value = key.elements.get(c.key)
    if value is not None and matches(c.value, c.decimals, value * 0.98, value * 1.02):
        return "extra"
    return "hallucinated"


def _unused(key: AnswerKey, found: list[Claim]) -> list[dict]:
    return [{"quantity": c.name, "value": c.value, "role": role} for c in found
            if (role := _unused_role(key, c)) is not None]


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
            graded = GradedResponse(rid, None, False, [], None, "other", reason, [])
        yield record, graded
