"""What the grader knows about a record: its proof steps, givens, distractors and element names.

Everything comes from the record itself: the DSL text (parsed, never evaluated) gives the shapes,
the given values and which names denote the same element (the opposite sides of a rectangle, both
spellings of an angle); ``steps`` give each proof step's output, inputs, rule and both values; the
two solution texts, written from one template, give the individual-annotation labels (``a``, ``α``,
``the cyan shape``) word by word.
"""
from __future__ import annotations

import difflib
import math
from dataclasses import dataclass, field
from functools import cached_property

from geomill.dsl import parse
from geomill.engine.catalogue import KINDS
from geomill.engine.model import QKind, Quantity, ShapeDecl, split_points
from geomill.engine.plane import GeneralProblem, element_of
from geomill.engine.rules import Rule, chain, rules_for

Key = tuple  # a quantity's identity up to the elements a shape makes equal: (kind, canonical key)


def quantity_of(text: str) -> Quantity:
    """A record's element name as a Quantity: ``AD``, ``angle CBD``, ``area EFAD``, ``x``."""
    word, _, name = text.partition(" ")
    if not name:
        if text.islower():
            return Quantity.var(text)
        return Quantity.length(*split_points(text))
    kind = QKind(word)
    if kind is QKind.ANGLE:
        return Quantity.angle(*split_points(name))
    return Quantity.of_shape(kind, name)


@dataclass
class ProofStep:
    index: int  # 1-based, in the record's order
    output: Quantity
    value: float  # GeomVerse
    exact: float
    how: str
    kind: str | None
    shape: str | None
    rule: str | None
    inputs: list[tuple[Quantity, float]]
    chain: list[str]

    @property
    def name(self) -> str:
        return str(self.output)


@dataclass
class AnswerKey:
    record: dict
    shapes: dict[str, ShapeDecl]
    steps: list[ProofStep]
    givens: dict[Key, tuple[Quantity, float | None]]  # given facts (None: an expression in a variable)
    distractors: dict[Key, tuple[Quantity, float]]  # facts and elements of the shapes the proof does not use
    labels: dict[str, str] = field(default_factory=dict)  # individual label -> "FA", "angle ABC", "shape BDEFA"
    _alias: dict[Key, Key] = field(default_factory=dict)

    # -- names ------------------------------------------------------------------------------------------
    def key(self, q: Quantity) -> Key:
        """One identity for every name of an element (AB = CD in a rectangle)."""
        k = (q.kind, q.key)
        return self._alias.get(k, k)

    def shape_named(self, name: str) -> str | None:
        """The problem's shape called ``name`` in any rotation or direction (``BCDA`` is ``ABCD``)."""
        if name in self.shapes:
            return name
        try:
            pts = split_points(name)
        except ValueError:
            return None
        for shape, decl in self.shapes.items():
            own = tuple(decl.points) if "~" not in shape else ()
            if own and len(own) == len(pts) and _same_cycle(own, pts):
                return shape
        return None

    @cached_property
    def step_of(self) -> dict[Key, ProofStep]:
        return {self.key(s.output): s for s in self.steps}

    def expected(self, k: Key) -> tuple[float, float] | None:
        """(GeomVerse, exact) value of a proof quantity or a numeric given."""
        if k in self.step_of:
            s = self.step_of[k]
            return s.value, s.exact
        if k in self.givens and self.givens[k][1] is not None:
            v = self.givens[k][1]
            return v, v
        if k in self.constants:
            v = self.constants[k]
            return v, v
        return None

    @cached_property
    def constants(self) -> dict[Key, float]:
        """The values shapes fix by themselves (the right angle of a rectangle)."""
        out: dict[Key, float] = {}
        for decl in self.shapes.values():
            kind = KINDS[decl.kind]
            for sym, qs in kind.bind(decl).items():
                if sym in kind.constants:
                    for q in qs:
                        out[self.key(q)] = float(kind.constants[sym])
        return out

    @cached_property
    def elements(self) -> dict[Key, float | None]:
        """Every element of every shape, with its value where the givens and the proof determine it
        (a rectangle's diagonal from its sides): a value stated off the proof's path may still be right."""
        out: dict[Key, float | None] = {}
        for decl in self.shapes.values():
            bound = KINDS[decl.kind].bind(decl)
            known: dict[str, float] = {}
            for sym, qs in bound.items():
                k = self.key(qs[0])
                exp = self.expected(k)
                if exp is not None:
                    known[sym] = exp[1]
            values = chain(decl.kind, known) or {}
            for sym, qs in bound.items():
                for q in qs:
                    out.setdefault(self.key(q), values.get(sym))
        return out

    # -- rules -------------------------------------------------------------------------------------------
    def symbols_of(self, shape: str) -> dict[Key, str]:
        """Quantity identity -> the kind's element symbol, for one shape of the problem."""
        decl = self.shapes[shape]
        return {self.key(q): sym for sym, qs in KINDS[decl.kind].bind(decl).items() for q in qs}

    def rule_of(self, step: ProofStep) -> Rule | None:
        """The catalogue rule a ``rule`` step applied (found from its name, output and inputs)."""
        if step.how != "rule" or step.shape not in self.shapes:
            return None
        syms = self.symbols_of(step.shape)
        out = syms.get(self.key(step.output))
        ins = {syms.get(self.key(q)) for q, _ in step.inputs}
        for r in rules_for(step.kind):
            if r.output == out and set(r.inputs) == ins and r.name == step.rule:
                return r
        return None


def _same_cycle(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    n = len(a)
    rev = tuple(reversed(a))
    return any(b == a[i:] + a[:i] or b == rev[i:] + rev[:i] for i in range(n))


def build_key(record: dict) -> AnswerKey:
    """The answer key of a generated record (or of ``geomill solve --json`` output with a ``dsl``)."""
    problem = parse(record["dsl"])
    if isinstance(problem, GeneralProblem):
        return _general_key(record, problem)
    shapes = {d.name: d for d in problem.shapes}
    alias: dict[Key, Key] = {}

    def find(k: Key) -> Key:
        while alias.get(k, k) != k:
            k = alias[k]
        return k

    for decl in problem.shapes:
        for qs in KINDS[decl.kind].bind(decl).values():
            first = find((qs[0].kind, qs[0].key))
            for q in qs[1:]:
                other = find((q.kind, q.key))
                if other != first:
                    alias[other] = first
    flat = {k: find(k) for k in list(alias)}
    key = AnswerKey(record, shapes, _steps(record), {}, {}, _alias=flat)
    for f in problem.facts:
        val = float(f.value) if not f.value.free_symbols else None
        key.givens[key.key(f.quantity)] = (f.quantity, val)
    _distractors(key, record)
    individual, coordinate = record.get("solution"), record.get("solution_text_only")
    if individual and coordinate and individual != coordinate:
        key.labels = individual_labels(individual, coordinate)
    return key


def _steps(record: dict) -> list[ProofStep]:
    return [ProofStep(i, quantity_of(s["output"]), float(s["value"]), float(s["exact"]), s["how"], s.get("kind"),
                      s.get("shape"), s.get("rule"), [(quantity_of(n), float(v)) for n, v in s["inputs"]],
                      list(s.get("chain") or []))
            for i, s in enumerate(record.get("steps") or [], 1)]


def _general_key(record: dict, problem: GeneralProblem) -> AnswerKey:
    """The key of a general problem's record (``generate.textbook``): its proof steps, and as givens
    the facts that give one length, angle or variable (no shape kinds, so no aliases)."""
    key = AnswerKey(record, {}, _steps(record), {}, {})
    for f in problem.facts:
        if not f.lhs.is_Symbol:
            continue
        el = element_of(f.lhs)
        if el is None:
            q = Quantity.var(f.lhs.name)
        elif el.kind.key in ("length", "angle"):
            q = Quantity.length(*el.points) if el.kind.key == "length" else Quantity.angle(*el.points)
        else:
            continue
        key.givens[key.key(q)] = (q, None if f.rhs.free_symbols else float(f.rhs))
    return key


def _distractors(key: AnswerKey, record: dict) -> None:
    """Distractor facts, and what the distractor shapes' own facts give (the hidden values of §4.3)."""
    facts = (record.get("distractors") or {}).get("facts") or []
    for name in facts:
        k = key.key(quantity_of(name))
        if k in key.givens and key.givens[k][1] is not None:
            key.distractors[k] = key.givens[k]
    for shape in (record.get("distractors") or {}).get("shapes") or []:
        if shape not in key.shapes:
            continue
        decl = key.shapes[shape]
        bound = KINDS[decl.kind].bind(decl)
        known, own = {}, set()
        for sym, qs in bound.items():
            for q in qs:
                g = key.givens.get(key.key(q))
                if g and g[1] is not None:
                    known[sym] = g[1]
                    if key.key(q) in key.distractors:
                        own.add(sym)
        # only what the distractor facts make known: the rest follows from the proof's own values
        plain = chain(decl.kind, {s: v for s, v in known.items() if s not in own}) or {}
        for sym, v in (chain(decl.kind, known) or {}).items():
            k = key.key(bound[sym][0])
            if sym not in plain and k not in key.step_of and k not in key.givens and math.isfinite(v):
                key.distractors[k] = (bound[sym][0], v)


_SHAPE_WORDS = {w for k in KINDS.values() for w in k.title.split()} | {"shape"}


def individual_labels(individual: str, coordinate: str) -> dict[str, str]:
    """Label -> typed coordinate name, read off two renderings of one solution: ``the a side`` /
    ``the FA side`` gives ``a -> FA``, ``the α angle`` gives ``α -> angle ABC``, ``the cyan shape``
    gives ``cyan -> shape BDEFA``."""
    a, b = individual.split(), coordinate.split()
    out: dict[str, str] = {}
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if op != "replace" or i2 - i1 != j2 - j1:
            continue
        for j, (x, y) in enumerate(zip(a[i1:i2], b[j1:j2]), j1):
            x, y = x.strip(",."), y.strip(",.")
            if not x or not y or x == y:
                continue
            noun = next((w for w in b[j + 1:j + 8] if w.startswith(("side", "angle")) or w.strip(",.") in
                         _SHAPE_WORDS), "")
            if noun.startswith("angle"):
                out.setdefault(x, f"angle {y}")
            elif noun.startswith("side"):
                out.setdefault(x, y)
            else:
                out.setdefault(x, f"shape {y}")
    return out
