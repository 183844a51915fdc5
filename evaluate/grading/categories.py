"""Why a step's value is wrong, decided from the alignment (GeomVerse §4.4, VisOnlyQA App. E).

Each category, with the kind of response it names (step: "In the EFAB rectangle, its area is 20 and
the length of the FA side is 4, so the length of the AB side is 20 / 4 = 5"):

* ``misread_given``  a given value stated wrongly: "… the length of the FA side is 5, so … 20 / 5 = 4"
* ``wrong_formula``  another formula of the catalogue explains the value: "… AB is 2 * (20 + 4) = 48"
  (the perimeter's), or a triangle's area formula used on a sector
* ``calculation``    right inputs and formula, wrong arithmetic: "… AB is 20 / 4 = 6"
* ``propagated``     right arithmetic on an earlier wrong value (later steps only)
* ``distractor``     a distractor's value used: "… the length of the FA side is 7 (DC's), …"
* ``hallucinated``   a value for an element in neither the problem nor the proof: "… since CE = 3, …"
* ``no_answer``      no final number at all
* ``other``          wrong, and none of the above explains it: another element's value assigned to
  this one, a value stated right and then again differently

Alternatives are computed from the catalogue itself (:func:`geomill.engine.rules.rules_for`), each
both exactly and the GeomVerse way (π = 3.14, two decimals at each operation).
"""
from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterator, Mapping
from functools import cache

import sympy
from geomill.engine.catalogue import KINDS
from geomill.engine.model import QKind
from geomill.engine.rules import Rule, all_rules, apply, rules_for
from geomill.solvers.arith import chain, tree

from .answer_key import AnswerKey, Key, ProofStep

CATEGORIES = ("misread_given", "wrong_formula", "calculation", "propagated", "distractor", "hallucinated",
              "no_answer", "other")


MODEL_PRECISION = 1e-5  # relative: the numeric model of a textbook figure settles within this of the exact figure


def matches(value: float, decimals: int, gv: float, exact: float) -> bool:
    """Is a stated value right for an expected one?  Anything between the exact and the GeomVerse
    value to two decimals (solutions drop trailing zeros: "19.9" may be 19.90), and 0.2 % more where
    rounding was involved (other orders of rounding, fewer decimals); a textbook figure's values come
    from a numeric model, so an exact statement (2√11) is right within the model's own precision."""
    lo, hi = min(gv, exact), max(gv, exact)
    size = max(abs(lo), abs(hi))
    slack = (0.49 * 10.0 ** -max(decimals, 2) + (0.002 * size if hi - lo > 1e-9 else 0.0)
             + MODEL_PRECISION * size)
    return lo - slack <= value <= hi + slack


def evaluate(rule: Rule, values: Mapping[str, float]) -> tuple[float, float] | None:
    """(exact, GeomVerse) value of a rule on these inputs, None outside its domain."""
    exact = apply(rule, values)
    if exact is None:
        return None
    try:
        rounded, _ = chain(tree(rule.expr), dict(values))
    except (ValueError, ZeroDivisionError, OverflowError, TypeError):
        rounded = exact
    return exact, rounded


def explained(value: float, decimals: int, pair: tuple[float, float] | None) -> bool:
    return pair is not None and matches(value, decimals, pair[1], pair[0])


@cache
def _rules_by_output_kind() -> dict[QKind, tuple[Rule, ...]]:
    out: dict[QKind, list[Rule]] = {}
    for rules in all_rules().values():
        for r in rules:
            out.setdefault(KINDS[r.kind].elements[r.output].kind, []).append(r)
    return {k: tuple(v) for k, v in out.items()}


def noun(kind: str, sym: str) -> str:
    """What an element symbol of a kind is, in words: ``diameter``, ``side``, ``circumference`` …"""
    k = KINDS[kind]
    q = k.elements[sym].kind
    if q is QKind.LENGTH:
        return "diameter" if k.n_points == 2 else "side"
    if q is QKind.PERIMETER and k.key == "circle":
        return "circumference"
    return {QKind.ANGLE: "angle", QKind.AREA: "area", QKind.PERIMETER: "perimeter", QKind.HEIGHT: "height",
            QKind.ARC: "arc length", QKind.RADIUS: "radius"}.get(q, q.value)


def _article(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"


def alternatives(key: AnswerKey, step: ProofStep,
                 inputs: Mapping[Key, float]) -> Iterator[tuple[str, tuple[float, float]]]:
    """Values other formulas give from the step's inputs, each with what it is: another element of the
    same shape (the perimeter for the area), the step's element by another kind's formula (a circle's
    diameter from its circumference for a semi-circle's), an input taken in another element's role (the
    perimeter used as the arc length), a sine used for a cosine."""
    rule = key.rule_of(step)
    values = [(k, v) for k, v in inputs.items()]
    if rule is not None:
        syms = key.symbols_of(step.shape)
        known = {syms[k]: v for k, v in values if k in syms}
        decl = key.shapes[step.shape]
        bound = KINDS[decl.kind].bind(decl)
        for r in all_rules()[step.kind]:
            if r.output != rule.output and set(r.inputs) <= set(known):
                pair = evaluate(r, known)
                if pair:
                    yield f"is {bound[r.output][0]}, not {step.name} (the {r.name})", pair
        yield from _role_swaps(key, step, rule, known, bound)
        yield from _trig_swaps(rule, known)
    out_kind = step.output.kind
    by_kind = [(k[0], v) for k, v in values]
    for r in _rules_by_output_kind().get(out_kind, ()):
        if rule is not None and r.kind == rule.kind:
            continue
        kinds = KINDS[r.kind]
        need = [kinds.elements[s].kind for s in r.inputs]
        if len(need) > len(by_kind):
            continue
        for perm in itertools.permutations(range(len(by_kind)), len(need)):
            if all(by_kind[i][0] is need[n] for n, i in enumerate(perm)):
                pair = evaluate(r, {s: by_kind[i][1] for s, i in zip(r.inputs, perm)})
                if pair:
                    given = " and ".join(f"{noun(r.kind, s)} is {by_kind[i][1]:g}" for s, i in zip(r.inputs, perm))
                    where = (f"not of the {step.shape} {KINDS[step.kind].title}" if step.kind and step.shape
                             else f"not {step.name}")  # a textbook step has no shape of the catalogue
                    yield (f"is the {noun(r.kind, r.output)} of {_article(kinds.title)} {kinds.title} whose {given}, "
                           f"{where}"), pair


def _role_swaps(key: AnswerKey, step: ProofStep, rule: Rule, known: Mapping[str, float],
                bound) -> Iterator[tuple[str, tuple[float, float]]]:
    """The step's element from one of its inputs taken as another element of its shape; first, two inputs
    of one kind in each other's place (the two angles of a law of sines)."""
    kinds = KINDS[key.shapes[step.shape].kind].elements
    for a, b in itertools.combinations([s for s in rule.inputs if s in known], 2):
        if kinds[a].kind is kinds[b].kind and known[a] != known[b]:
            pair = evaluate(rule, {**known, a: known[b], b: known[a]})
            if pair:
                yield (f"exchanges {bound[a][0]} = {known[a]:g} and {bound[b][0]} = {known[b]:g} "
                       f"(the {rule.name})"), pair
    for r in rules_for(step.kind):
        if r.output != rule.output or r == rule or len(r.inputs) != len(rule.inputs):
            continue
        for perm in itertools.permutations(rule.inputs):
            moved = [(a, b) for a, b in zip(perm, r.inputs) if a != b]
            if not moved or any(a not in known for a in perm):
                continue
            pair = evaluate(r, {b: known[a] for a, b in zip(perm, r.inputs)})
            if pair:
                a, b = moved[0]
                yield (f"takes {bound[a][0]} = {known[a]:g} as the {noun(step.kind, b)} of {step.shape} "
                       f"(the {r.name})"), pair


_SWAPS = ((sympy.sin, sympy.cos), (sympy.asin, sympy.acos), (sympy.tan, sympy.cot))


@cache
def _swapped(rule: Rule) -> tuple[tuple[str, Rule], ...]:
    """The rule with a trigonometric function swapped for its co-function, each with what was swapped."""
    out = []
    for f, g in _SWAPS:
        has_f, has_g = rule.expr.has(f), rule.expr.has(g)
        if not (has_f or has_g):
            continue
        hold = sympy.Function("_swap")
        expr = rule.expr.replace(f, hold).replace(g, f).replace(hold, g)
        what = (f"{f.__name__} and {g.__name__} swapped" if has_f and has_g else
                f"{g.__name__} where it has {f.__name__}" if has_f else f"{f.__name__} where it has {g.__name__}")
        out.append((what, dataclasses.replace(rule, expr=expr)))
    return tuple(out)


def _trig_swaps(rule: Rule, known: Mapping[str, float]) -> Iterator[tuple[str, tuple[float, float]]]:
    for what, r in _swapped(rule):
        pair = evaluate(r, known)
        if pair:  # "in size": a cosine of an obtuse angle taken positive
            yield f"is the {rule.name} with {what}", (abs(pair[0]), abs(pair[1]))


def classify(key: AnswerKey, step: ProofStep, value: float, decimals: int, stated_inputs: Mapping[Key, float],
             chain_broken: bool, earlier_wrong: bool, unknown_values: list[float],
             elsewhere: Mapping[str, float] | None = None,
             formula_numbers: list[float] | None = None, formula_value: float | None = None,
             holds: bool = False, work_numbers: list[float] | None = None,
             misstated: list[tuple[str, float, float | None]] | None = None,
             accepted: Mapping[Key, list[float]] | None = None) -> tuple[str, str]:
    """The category of a wrong step value and a short reason.  ``stated_inputs``: what the response
    says the step's inputs are (where it says it), ``unknown_values``: values it stated for elements the
    problem and proof do not have, ``elsewhere``: the values it stated for other elements, by name,
    ``formula_numbers``: the numbers in the first stage of the step's arithmetic (its formula with values),
    ``formula_value``: what that stage evaluates to.  ``calculation`` only where the arithmetic shown is
    wrong, or the inputs shown are right and nothing else explains the value."""
    rule = key.rule_of(step)
    inputs = {key.key(q): v for q, v in step.inputs}
    used = dict(inputs)
    for k, v in stated_inputs.items():
        if k in inputs:
            used[k] = v
    wrong_inputs = [k for k in inputs if k in stated_inputs and not _right(key, k, stated_inputs[k])
                    and not any(abs(stated_inputs[k] - a) < 1e-9 for a in (accepted or {}).get(k, ()))]
    for k in wrong_inputs:
        v = stated_inputs[k]
        if _is_distractor_value(key, v):
            return "distractor", f"states {_name(key, k)} as {v:g}, a distractor's value"
        copied = [str(q) for kk, (q, g) in key.givens.items() if g is not None and kk != k and abs(g - v) < 1e-9
                  and kk not in key.distractors]
        if key.givens.get(k, (None, None))[1] is not None and k not in key.step_of:
            # a given stated wrongly is a misread given, whatever number took its place: another given's
            # value (the neighbouring label read) is the commonest misreading, and a made-up value can be one
            source = f" (the value of {copied[0]})" if copied else ""
            return "misread_given", f"states the given {_name(key, k)} as {v:g}{source}"
        if copied and k not in key.step_of:  # a given in a variable stated as another given's number
            return "other", f"uses {_name(key, k)} = {v:g}, the value of {copied[0]}"
    if wrong_inputs:
        if earlier_wrong and (rule is None or explained(value, decimals, evaluate(rule, _by_symbol(key, step, used)))):
            return "propagated", "follows from an earlier wrong value"
        return "other", f"uses {_name(key, wrong_inputs[0])} = {stated_inputs[wrong_inputs[0]]:g}"
    unstated = [k for k in inputs if k not in stated_inputs]  # what the response says it used is what it used
    results = [value] + ([formula_value] if formula_value is not None else [])
    shown = _shown(formula_numbers or [], used)
    if rule is not None:  # a given used with another value than it has
        for k in unstated:
            given = key.givens.get(k, (None, None))[1]
            if given is None or k in key.step_of:
                continue
            for n in _foreign((formula_numbers or []) + (work_numbers or []), used):
                if any(abs(n - h) <= 1e-9 for h in unknown_values + [v for _, v, _ in misstated or []]):
                    continue  # a value stated for something else: see below
                pair = evaluate(rule, _by_symbol(key, step, {**used, k: n}))
                if pair and any(explained(r, 2, pair) or abs(r - pair[0]) <= DRIFT * abs(pair[0]) for r in results):
                    return "misread_given", f"uses {n:g} for the given {_name(key, k)} = {given:g}"
    if chain_broken:
        return "calculation", "the arithmetic does not give the stated value"
    stated_all = bool(inputs) and all(k in stated_inputs for k in inputs)  # and right: wrong ones returned above
    # before "rounded too far": a number stated for an element the problem lacks, in the formula, is no
    # rounding of the right inputs however little it moves the value (sin 86.15° for sin 97°)
    own = list({**inputs, **stated_inputs}.values())
    for h in unknown_values:
        if any(abs(n - h) <= 1e-9 for n in formula_numbers or []) and not any(abs(h - v) <= 0.005 for v in own):
            return "hallucinated", f"computes with {h:g}, stated for an element the problem does not have"
    if (shown or stated_all or holds) and abs(value - step.exact) <= DRIFT * abs(step.exact):
        return "calculation", f"{value:g} is {step.value:g} with a number rounded too far on the way"
    if not formula_numbers or formula_numbers == [value]:  # a bare value: copied from another element?
        for name, v in (elsewhere or {}).items():
            if abs(value - v) <= 1e-9:
                invented = any(abs(v - h) <= 1e-9 for h in unknown_values)
                return ("hallucinated" if invented else "other"), f"the value of {name} assigned to {step.name}"
    if _is_distractor_value(key, value):
        return "distractor", f"{value:g} is a distractor's value"
    if rule is not None:
        for k in unstated:
            for d in _distractor_values(key, k[0]):
                if explained(value, decimals, evaluate(rule, _by_symbol(key, step, {**used, k: d}))):
                    return "distractor", f"uses a distractor's value {d:g} for {_name(key, k)}"
    if rule is not None and (root := _other_root(key, step, rule, used, value)) is not None:
        return "other", root
    made_up = _made_up(key, used, formula_numbers, work_numbers or [], elsewhere or {}) \
        if rule is not None and not key.general and formula_numbers and formula_numbers != [value] else None
    if made_up is not None:
        return "hallucinated", (f"computes with {made_up:g}, a number nothing in the problem gives, "
                                f"not from {_inputs_named(key, used)}")
    for what, pair in alternatives(key, step, used):
        if explained(value, decimals, pair) and not matches(pair[1], 2, step.value, step.exact):
            return "wrong_formula", f"{value:g} {what}"
    if rule is not None:
        for k in unstated:
            for h in unknown_values:
                if explained(value, decimals, evaluate(rule, _by_symbol(key, step, {**used, k: h}))):
                    return "hallucinated", f"uses an invented value {h:g} for {_name(key, k)}"
    if any(abs(value - h) <= 1e-9 for h in unknown_values):
        return "hallucinated", f"{value:g} is a value the problem does not have"
    for name, v in (elsewhere or {}).items():
        if abs(value - v) <= 1e-9:
            return "other", f"the value of {name} assigned to {step.name}"
    if rule is not None:  # a number nothing in the problem has, in an input's place
        for k in unstated:
            for n in _foreign(formula_numbers or [], used):
                if n in _known_values(key, stated_inputs):
                    continue
                if any(explained(r, 2, evaluate(rule, _by_symbol(key, step, {**used, k: n}))) for r in results):
                    return "hallucinated", f"uses {n:g} for {_name(key, k)}, a value the problem does not give"
    for name, v, true in misstated or []:  # "the circle AB has radius 14", then 2 * 3.14 * 14
        if any(abs(n - v) <= 0.005 for n in formula_numbers or []):
            which = f", which is {true:g}" if true is not None else ", which the problem does not have"
            return "hallucinated", f"uses {name} = {v:g}{which}"
    if not formula_numbers or formula_numbers == [value]:
        given = [q for k, (q, g) in key.givens.items() if g is not None and abs(g - value) < 1e-9
                 and k not in key.distractors and k != key.key(step.output)]
        if given and not stated_all:  # a given read for another element: of its kind, a misreading
            same = [q for q in given if q.kind is step.output.kind]
            if same:
                return "misread_given", f"{value:g} is the given {same[0]}{READ_AS}{step.name}"
            return "other", f"the value of the given {given[0]} assigned to {step.name}"
        if stated_all and (key.general or rule is None or sympy.count_ops(rule.expr) <= 1):
            # a textbook figure's reasoning is in words; a step one operation from its inputs (vertical angles,
            # 180 − x, a · b) is worked in the head: a wrong value there is a slip
            return "calculation", f"the inputs are stated right; {value:g} does not follow from them"
        if stated_all:  # a formula's value with no arithmetic ("a sixth of a circle, so 60°"): nothing computes it
            return "hallucinated", f"states {value:g} for {step.name} with no work that computes it from its inputs"
        if key.general:  # a textbook figure has the element: a wrong value of it, not an invented one
            if holds:
                return "wrong_formula", f"its own arithmetic holds and gives {value:g}; {step.name} is {step.exact:.4g}"
            return "hallucinated", f"states {value:g} for {step.name}; the figure has {step.exact:.4g}"
        return "hallucinated", f"states {value:g} for {step.name} with nothing that computes it"
    if shown and formula_value is not None:
        why = f"the {rule.name}" if rule is not None else "the step's formula"
        return "wrong_formula", f"computes {formula_value:.4g} from the right inputs, not by {why}"
    if holds:  # right inputs and arithmetic that holds: the formula is what is wrong
        why = f"the {rule.name} gives {step.value:g}" if rule is not None else f"the step gives {step.value:g}"
        return "wrong_formula", f"its own arithmetic gives {value:g} from the inputs it states; {why}"
    if shown or stated_all:
        return "calculation", f"the inputs are shown right; {value:g} does not follow from them"
    return "other", f"{value:g} does not follow from the step's inputs"


def _made_up(key: AnswerKey, used: Mapping[Key, float], formula: list[float], work: list[float],
             elsewhere: Mapping[str, float]) -> float | None:
    """A number nothing in the problem gives, in a formula whose work uses none of the step's inputs
    ("the semicircle has radius 5, so ED = 2 · 5 = 10" where ED comes from a perimeter and a side): the
    number the step was computed from, made up; None where the work uses an input (a formula's error)."""
    if not used or any(abs(n - v) <= 0.005 + 1e-9 for n in formula + work for v in used.values()):
        return None
    known = _known_values(key, {}) | set(elsewhere.values()) | set(_proof_values(key)) | set(used.values())
    known |= {v for _, v in key.distractors.values() if v is not None}
    if any(not any(abs(n - c) <= 1e-9 for c in (*_CONSTANTS, 3.0, 4.0)) for n in formula):
        known |= {3.0, 4.0}  # √3 / 4, 3 sides: constants beside a measure, never alone ("radius 4, 2 · 4")
    known |= {k * k for k in list(known)}  # "√(196 + 36)": the inputs squared
    return next((n for n in _foreign(formula, used) if not any(abs(n - k) <= 0.005 * max(1.0, k) for k in known)),
                None)


def _inputs_named(key: AnswerKey, used: Mapping[Key, float]) -> str:
    return " and ".join(f"{_name(key, k)} = {v:g}" for k, v in used.items())


def _other_root(key: AnswerKey, step: ProofStep, rule: Rule, used: Mapping[Key, float], value: float) -> str | None:
    """Is the wrong value the other root of the step's own equation: the relation that gives an input
    from the output (the area from the side) gives that input back from it too (10·AB − 0.433·AB² = 47
    holds for AB = 16.52 as for 6.55)?"""
    syms = key.symbols_of(step.shape)
    known = {syms[k]: v for k, v in used.items() if k in syms}
    for r in rules_for(step.kind):
        if r.output not in known or rule.output not in r.inputs or not set(r.inputs) <= set(known) | {rule.output}:
            continue
        back = apply(r, {**known, rule.output: value})
        if back is not None and abs(back - known[r.output]) <= 0.005 * max(1.0, abs(known[r.output])):
            return f"{value:g} is the other root of the {r.name} (it gives {known[r.output]:g} too)"
    return None


READ_AS = ", read as "  # the end of a reason: a given's value taken for another element ("…, read as BE")
DRIFT = 0.012  # a value this close to the right one, from right inputs, is the right formula rounded too early
_CONSTANTS = (0.5, 1, 2, 90, 180, 360, 3.14, 1.73, 1.41, 2.57, 5.14, 1.57)  # π, √3, √2 as written


def _shown(numbers: list[float], used: Mapping[Key, float]) -> bool:
    """Does the formula shown hold every input's value?"""
    return bool(used) and all(any(abs(n - v) <= 0.005 + 1e-9 for n in numbers) for v in used.values())


def _foreign(numbers: list[float], used: Mapping[Key, float]) -> list[float]:
    """Numbers of a formula that are none of the inputs' values nor a formula's usual constants."""
    return [n for n in dict.fromkeys(numbers)
            if not any(abs(n - v) <= 0.005 + 1e-9 for v in used.values())
            and not any(abs(n - c) <= 1e-9 for c in _CONSTANTS)]


def _known_values(key: AnswerKey, stated: Mapping[Key, float]) -> set[float]:
    return {v for _, v in key.givens.values() if v is not None} | set(stated.values())


def _by_symbol(key: AnswerKey, step: ProofStep, values: Mapping[Key, float]) -> dict[str, float]:
    syms = key.symbols_of(step.shape)
    return {syms[k]: v for k, v in values.items() if k in syms}


def _right(key: AnswerKey, k: Key, v: float) -> bool:
    exp = key.expected(k)
    return exp is None or matches(v, 12, exp[0], exp[1]) or matches(v, 2, exp[0], exp[1])


def _is_distractor_value(key: AnswerKey, v: float) -> bool:
    return any(abs(v - d) <= 0.005 + 1e-9 for _, d in key.distractors.values()) and \
        not any(abs(v - p) <= 0.005 for p in _proof_values(key))


def _proof_values(key: AnswerKey) -> list[float]:
    vals = [v for k, (_, v) in key.givens.items() if v is not None and k not in key.distractors]
    for s in key.steps:
        vals += [s.value, s.exact]
    return vals


def _distractor_values(key: AnswerKey, kind: QKind) -> list[float]:
    return [v for k, (_, v) in key.distractors.items() if k[0] is kind]


def _name(key: AnswerKey, k: Key) -> str:
    for q, _ in list(key.givens.values()) + list(key.distractors.values()):
        if key.key(q) == k:
            return str(q)
    step = key.step_of.get(k)
    return step.name if step else str(k[1])
