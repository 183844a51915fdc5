"""Gold solutions with one known error, and gold solutions said another way: test material for the grader.

``inject(record, kind, step, rng)`` rewrites the record's coordinate gold solution
(``solution_text_only``) with one error at proof step ``step`` and returns the new text, or None where
that kind of error cannot be made there:

* ``result``      the step's stated result changed (a calculation error)
* ``formula``     the step computed with another formula of its shape (the perimeter for the area)
* ``given``       a given input of the step stated wrongly, the step recomputed from it
* ``distractor``  an input replaced by a distractor's value, the step recomputed from it
* ``hallucinated`` a value stated for an element the problem does not have, used in the step's arithmetic
* ``assigned``    the step's value replaced by one of its inputs' values, without arithmetic (``other``)

``propagate=True`` recomputes the later steps from the wrong value (their category: ``propagated``).
``reword(record, rng)`` keeps the values and says them another way: other element spellings (``DA``,
``∠BAC``, ``the area of BCDA``), values without their arithmetic, independent steps in another order.
"""
from __future__ import annotations

import random
import re

from geomill.engine.rules import apply, possible, rules_for
from geomill.evaluate.grading.alignment import a_part
from geomill.evaluate.grading.answer_key import AnswerKey, Key, ProofStep, build_key
from geomill.evaluate.grading.categories import DRIFT, evaluate, matches
from geomill.evaluate.grading.chains import NUMBER
from geomill.solvers.arith import chain, fmt, tree

_TRAILING = re.compile(r"-?\d+(?:\.\d+)?\.$")
ERRORS = ("result", "formula", "given", "distractor", "hallucinated", "assigned")
EXPECTED = {"result": "calculation", "formula": "wrong_formula", "given": "misread_given", "distractor": "distractor",
            "hallucinated": "hallucinated", "assigned": "other"}


def sentences(record: dict) -> list[str] | None:
    """The coordinate gold solution cut into one sentence per proof step, then the closing line."""
    text = record["solution_text_only"]
    out, at = [], 0
    for s in record["steps"]:
        last = re.escape(s["chain"][-1]) if s["chain"] else None
        m = re.compile(rf"(?:=|is|so|x|gives)\s*{last}\.(?:\s|$)" if last else r"\.\s").search(text, at)
        if m is None:
            return None
        end = m.end() if text[m.end() - 1:m.end()] != " " else m.end() - 1
        out.append(text[at:end].strip())
        at = end
    out.append(text[at:].strip())
    return out


def _wrong(value: float, rng: random.Random) -> float:
    """A clearly different value: 10 % to 60 % off, up or down."""
    factor = rng.choice([-1, 1]) * rng.uniform(0.1, 0.6)
    new = float(fmt(value * (1 + factor)))
    return new if new != value and new > 0 else value + 1.5


def _values(key: AnswerKey, step: ProofStep, override: dict[Key, float]) -> dict[str, float]:
    syms = key.symbols_of(step.shape)
    return {syms[key.key(q)]: override.get(key.key(q), v) for q, v in step.inputs}


def _rechain(key: AnswerKey, step: ProofStep, override: dict[Key, float]) -> tuple[float, list[str]] | None:
    """The step's arithmetic redone with some inputs changed; None where the exact formula leaves its domain
    or gives no value its element can have (acos(8.99 / 8.96) rounds to acos(1) = 0: an impossible step)."""
    rule = key.rule_of(step)
    if rule is None:
        return None
    values = _values(key, step, override)
    exact = apply(rule, values)
    if exact is None or not possible(step.output.kind, exact):
        return None
    try:
        redone = chain(tree(rule.expr), values)
    except (ValueError, ZeroDivisionError, OverflowError, TypeError):
        return None
    return redone if possible(step.output.kind, redone[0]) else None


def _replace_chain(sentence: str, old: list[str], new: list[str]) -> str | None:
    text = " = ".join(old)
    at = sentence.rfind(text)
    if at < 0:
        return None
    return sentence[:at] + " = ".join(new) + sentence[at + len(text):]


def _replace_input(key: AnswerKey, sentence: str, step: ProofStep, index: int, value: float) -> str | None:
    """The sentence with its ``index``-th input stated as ``value`` (inputs are listed in order)."""
    at = sentence.rfind(" = ".join(step.chain)) if step.chain else -1
    given_part = sentence[:at] if at >= 0 else sentence
    nums = list(NUMBER.finditer(given_part))
    if len(nums) != len(step.inputs):
        return None
    m = nums[index]
    return sentence[:m.start()] + fmt(value) + sentence[m.end():]


def inject(record: dict, kind: str, step: int, rng: random.Random, propagate: bool = False,
           key: AnswerKey | None = None) -> str | None:
    """The gold solution with one ``kind`` error at 1-based ``step`` (None: not possible there)."""
    key = key or build_key(record)
    parts = sentences(record)
    if parts is None or not 1 <= step <= len(key.steps):
        return None
    s = key.steps[step - 1]
    sentence = parts[step - 1]
    new_value: float | None = None
    if kind == "result":
        new_value = _wrong(s.value, rng)
        new = _TRAILING.sub(fmt(new_value) + ".", sentence) if _TRAILING.search(sentence) else None
    elif kind == "formula":
        new, new_value = _formula(key, s, sentence, rng)
    elif kind in ("given", "distractor"):
        new, new_value = _input(key, s, sentence, kind, rng)
    elif kind == "hallucinated":
        new, new_value = _invented(key, s, sentence, rng)
    elif kind == "assigned":
        others = [v for _, v in s.inputs if not matches(v, 2, s.value, s.exact)]
        new_value = rng.choice(others) if others and s.chain else None
        new = _replace_chain(sentence, s.chain, [fmt(new_value)]) if new_value is not None else None
    else:
        raise ValueError(f"unknown error kind {kind!r}")
    if new is None or new_value is None or matches(new_value, 2, s.value, s.exact) \
            or abs(new_value - s.exact) <= DRIFT * abs(s.exact):
        return None  # right, or as near as a number rounded too early comes (17 for 16.93): no test
    if a_part(key, key.key(s.output), new_value, 2):
        return None  # a wrong total that happens to be one piece's (a rectangle-plus-triangle's 67.28 is its
        # rectangle's 8·8.41): the grader reads it as that piece, as a response naming the piece means it
    parts[step - 1] = new
    if propagate:
        parts = _propagate(key, parts, step, new_value)
        if parts is None:
            return None
    return " ".join(parts)


def _formula(key: AnswerKey, s: ProofStep, sentence: str, rng: random.Random) -> tuple[str | None, float | None]:
    rule = key.rule_of(s)
    if rule is None:
        return None, None
    values = _values(key, s, {})
    options = [r for r in rules_for(s.kind) if r.output != rule.output and set(r.inputs) <= set(values)]
    rng.shuffle(options)
    for r in options:
        pair = evaluate(r, values)
        if pair is None or abs(pair[1] - s.value) <= 0.05 * abs(s.value):
            continue
        value, stages = chain(tree(r.expr), {n: values[n] for n in r.inputs})
        return _replace_chain(sentence, s.chain, stages), value
    return None, None


def _input(key: AnswerKey, s: ProofStep, sentence: str, kind: str,
           rng: random.Random) -> tuple[str | None, float | None]:
    order = list(range(len(s.inputs)))
    rng.shuffle(order)
    for i in order:
        q, v = s.inputs[i]
        k = key.key(q)
        if kind == "given":
            if key.givens.get(k, (None, None))[1] is None:
                continue  # not given, or given as an expression in a variable
            new_input = _wrong(v, rng)
        else:
            own = [p for dk, (_, p) in key.givens.items() if p is not None and dk not in key.distractors]
            own += [x.value for x in key.steps]
            pool = [d for dk, (_, d) in key.distractors.items() if dk[0] is k[0] and abs(d - v) > 0.05 * abs(v)
                    and all(abs(d - p) > 0.005 for p in own)]  # a distractor value the proof also has is no test
            if not pool:
                continue
            new_input = rng.choice(pool)
        redone = _rechain(key, s, {k: new_input})
        if redone is None:
            continue
        text = _replace_input(key, sentence, s, i, new_input)
        text = text and _replace_chain(text, s.chain, redone[1])
        if text:
            return text, redone[0]
    return None, None


def _invented(key: AnswerKey, s: ProofStep, sentence: str, rng: random.Random) -> tuple[str | None, float | None]:
    """An element the problem does not have, given a made-up value that the step's formula then uses."""
    if not s.inputs or key.rule_of(s) is None:
        return None, None
    i = rng.randrange(len(s.inputs))
    q, v = s.inputs[i]
    made_up = _wrong(v, rng)
    if any(abs(made_up - p) <= 0.005 for p in _problem_values(key)):
        return None, None  # a value the problem has (GB's 13 for BH) is a role swap, no invented value
    redone = _rechain(key, s, {key.key(q): made_up})
    used = {p for d in key.shapes.values() for p in d.points}
    free = [p for p in "PQRSTUVWXYZ" if p not in used]
    if redone is None or len(free) < 2:
        return None, None
    noun = "the degree of the {} angle" if q.kind.value == "angle" else "the length of the {} side"
    name = "".join(free[:3]) if q.kind.value == "angle" else "".join(free[:2])
    text = _replace_chain(sentence, s.chain, redone[1])
    return (f"Suppose {noun.format(name)} is {fmt(made_up)}. {text}" if text else None), redone[0]


def _problem_values(key: AnswerKey) -> list[float]:
    """Every value the problem gives or its proof derives (distractors included)."""
    return [g for _, g in key.givens.values() if g is not None] + [x for s in key.steps for x in (s.value, s.exact)]


def _propagate(key: AnswerKey, parts: list[str], step: int, value: float) -> list[str] | None:
    """Later sentences recomputed from the wrong value (inputs restated, chains redone)."""
    wrong = {key.key(key.steps[step - 1].output): value}
    for s in key.steps[step:]:
        if not any(key.key(q) in wrong for q, _ in s.inputs):
            continue
        redone = _rechain(key, s, wrong)
        if redone is None:
            return None
        sentence = parts[s.index - 1]
        for i, (q, _) in enumerate(s.inputs):
            if key.key(q) in wrong:
                sentence = _replace_input(key, sentence, s, i, wrong[key.key(q)]) or sentence
        sentence = _replace_chain(sentence, s.chain, redone[1])
        if sentence is None:
            return None
        parts[s.index - 1] = sentence
        wrong[key.key(s.output)] = redone[0]
    last = key.steps[-1]
    if key.key(last.output) in wrong:
        parts[-1] = f"Therefore the final answer is {fmt(wrong[key.key(last.output)])}."
    return parts


# -- saying the same thing another way --------------------------------------------------------------------

_SIDE = re.compile(r"the length of the ((?:[A-Z]\d*'*){2}) side")
_ANGLE = re.compile(r"the degree of the ((?:[A-Z]\d*'*){3}) angle")
_SIDES = re.compile(r"the lengths of the ((?:[A-Z]\d*'*){2}(?:(?:, | and )(?:[A-Z]\d*'*){2})+) sides")
_IN = re.compile(r"^In the ((?:[A-Z]\d*'*)+) ([a-z -]+?), ")
_PT = re.compile(r"[A-Z]\d*'*")


def _rev(name: str) -> str:
    return "".join(reversed(_PT.findall(name)))


def _rotate(name: str, rng: random.Random) -> str:
    pts = _PT.findall(name)
    if len(pts) < 3:
        return name
    i = rng.randrange(len(pts))
    pts = pts[i:] + pts[:i]
    return "".join(reversed(pts) if rng.random() < 0.5 else pts)


def respell(text: str, rng: random.Random) -> str:
    """Any solution in the gold style with other element spellings, sentence by sentence."""
    return " ".join(_respell(p, rng) for p in re.split(r"(?<=\.)\s+(?=[A-Z])", text))


def reword(record: dict, rng: random.Random, arithmetic: bool = True, order: bool = True) -> str | None:
    """The gold solution with other element spellings; ``arithmetic=False`` states values without their
    arithmetic; ``order`` puts independent steps in another valid order."""
    key = build_key(record)
    parts = sentences(record)
    if parts is None:
        return None
    steps, closing = parts[:-1], parts[-1]
    if not arithmetic:
        for i, s in enumerate(key.steps):
            if s.how in ("rule", "substitution") and len(s.chain) > 1:
                steps[i] = _replace_chain(steps[i], s.chain, s.chain[-1:]) or steps[i]
    if order:
        steps = [steps[i] for i in _shuffled_order(key, rng)]
    return " ".join([_respell(p, rng) for p in steps] + [closing])


def _shuffled_order(key: AnswerKey, rng: random.Random) -> list[int]:
    """A random topological order of the steps (each after the steps whose outputs it uses)."""
    made = {key.key(s.output): i for i, s in enumerate(key.steps)}
    needs = [{made[key.key(q)] for q, _ in s.inputs if key.key(q) in made} for s in key.steps]
    done: list[int] = []
    while len(done) < len(key.steps):
        ready = [i for i in range(len(key.steps)) if i not in done and needs[i] <= set(done)]
        done.append(rng.choice(ready))
    return done


def _respell(sentence: str, rng: random.Random) -> str:
    shape = _IN.match(sentence)
    if shape:
        name = _rotate(shape.group(1), rng)
        sentence = rng.choice([f"In {shape.group(2)} {name}, ", f"For the {shape.group(2)} {name}: ",
                               shape.group(0)]) + sentence[shape.end():]
        sentence = re.sub(r"\bits (area|perimeter)\b",
                          lambda m: rng.choice([f"the {m.group(1)} of {name}", f"its {m.group(1)}"]), sentence)
    sentence = _SIDE.sub(lambda m: rng.choice([f"side {_rev(m.group(1))}", f"{_rev(m.group(1))}",
                                               f"the {m.group(1)} side", f"the length of {m.group(1)}"]), sentence)
    sentence = _ANGLE.sub(lambda m: rng.choice([f"angle {_rev(m.group(1))}", f"∠{m.group(1)}",
                                                f"the {_rev(m.group(1))} angle", f"the measure of angle {m.group(1)}"]),
                          sentence)
    return _SIDES.sub(lambda m: "the lengths of the " + re.sub(r"(?:[A-Z]\d*'*){2}", lambda n: _rev(n.group()),
                                                               m.group(1)) + " sides", sentence)
