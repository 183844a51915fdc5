"""Directed rules derived from the catalogue's equations.

For every equation of a kind and every element symbol in it, sympy solves for
that symbol; the root that agrees with coordinates measured on several random
valid instances of the kind is kept (the positive side, the acute angle …).
Where no single root agrees on every instance the direction is ambiguous
(the angle from a sine, a side from SSA) and no rule is made.

Deriving takes seconds, so the result is cached on disk, keyed by a hash of
the catalogue; ``rules_for`` then costs a dictionary lookup.
"""
from __future__ import annotations

import hashlib
import math
import os
import pickle
import random
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import sympy

from .catalogue import KINDS
from .geometry import sample_instance
from .kinds import Equation, ShapeKind
from .model import QKind

N_SAMPLES = 60  # enough random instances that an ambiguous root (an obtuse angle from a sine) shows
CACHE_VERSION = "4"


@dataclass(frozen=True)
class Rule:
    """``output = expr(inputs)`` for one kind, from ``kind.equations[equation]``."""

    kind: str
    equation: int
    output: str
    inputs: tuple[str, ...]
    expr: sympy.Expr

    @property
    def name(self) -> str:
        return KINDS[self.kind].equations[self.equation].name

    @property
    def source(self) -> Equation:
        return KINDS[self.kind].equations[self.equation]

    def __str__(self) -> str:
        return f"{self.kind}: {', '.join(self.inputs)} -> {self.output}"


def _agrees(root: sympy.Expr, out: str, names: list[str], samples: list[dict[str, float]]) -> bool:
    """Does ``root`` give the measured value of ``out`` on every sampled instance?"""
    fn = sympy.lambdify([sympy.Symbol(n, positive=True) for n in names], root, modules="cmath")
    for sample in samples:
        try:
            v = complex(fn(*(sample[n] for n in names)))
        except (ValueError, ZeroDivisionError, OverflowError, TypeError):
            return False
        want = sample[out]
        if not (abs(v.imag) < 1e-9 and abs(v.real - want) <= 1e-7 * max(1.0, abs(want))):
            return False
    return True


def derive_kind(kind: ShapeKind, seed: int = 0) -> list[Rule]:
    """All directed rules of one kind (see the module docstring)."""
    rng = random.Random(f"{kind.key}:{seed}")
    samples = [sample_instance(kind, rng)[2] for _ in range(N_SAMPLES)]
    constants = {kind.symbol(k): v for k, v in kind.constants.items()}
    rules: list[Rule] = []
    for idx, equation in enumerate(kind.equations):
        expr = equation.expr.subs(constants)
        for out in sorted(expr.free_symbols, key=lambda s: s.name):
            inputs = tuple(sorted(s.name for s in expr.free_symbols if s != out))
            try:
                roots = sympy.solve(expr, out)
            except NotImplementedError:
                continue
            good = [r for r in roots if _agrees(r, out.name, list(inputs), samples)]
            if good:
                rules.append(Rule(kind.key, idx, out.name, inputs, _tidy(good[0])))
    return rules


def _tidy(expr: sympy.Expr) -> sympy.Expr:
    """Prefer the shorter of sympy's forms: it reads better and rounds closer to the paper."""
    candidates = [expr, sympy.together(expr), sympy.factor_terms(expr)]
    return min(candidates, key=lambda e: (sympy.count_ops(e), len(str(e))))


def catalogue_hash() -> str:
    h = hashlib.sha256(CACHE_VERSION.encode())
    for key in sorted(KINDS):
        kind = KINDS[key]
        h.update(key.encode())
        for e in kind.equations:
            h.update(sympy.srepr(e.expr).encode())
        h.update(repr(sorted(kind.constants.items())).encode())
        h.update(repr(sorted((k, v.kind.value, v.at) for k, v in kind.elements.items())).encode())
        h.update(sympy.srepr(list(kind.construction.coords.items())).encode())
        h.update(repr(sorted((s.name, r) for s, r in kind.construction.sample.items())).encode())
    return h.hexdigest()[:16]


def _cache_dir() -> Path:
    base = os.environ.get("GEOMILL_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "geomill")
    return Path(base)


def _freeze(e: sympy.Basic) -> tuple:
    """A sympy tree as nested tuples, so that loading it does not re-evaluate
    (and re-shape) it: pickle would rebuild ``2*(a + b)`` as ``2*a + 2*b``."""
    if not e.args:
        return ("atom", e)
    return (e.func.__name__, tuple(_freeze(a) for a in e.args))


def _thaw(t: tuple) -> sympy.Basic:
    name, payload = t
    if name == "atom":
        return payload
    return getattr(sympy, name)(*(_thaw(a) for a in payload), evaluate=False)


@cache
def all_rules() -> dict[str, tuple[Rule, ...]]:
    """Kind key -> its directed rules, from the disk cache when it is current."""
    path = _cache_dir() / f"rules-{catalogue_hash()}.pickle"
    try:
        with open(path, "rb") as fh:
            cached = pickle.load(fh)
        if set(cached) == set(KINDS):
            return {k: tuple(Rule(*fields[:4], _thaw(fields[4])) for fields in v) for k, v in cached.items()}
    except (OSError, pickle.PickleError, EOFError, AttributeError, TypeError, ValueError):
        pass
    rules = {key: tuple(derive_kind(kind)) for key, kind in KINDS.items()}
    frozen = {k: [(r.kind, r.equation, r.output, r.inputs, _freeze(r.expr)) for r in v] for k, v in rules.items()}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("wb", dir=path.parent, delete=False) as fh:
            pickle.dump(frozen, fh)
        os.replace(fh.name, path)
    except OSError:
        pass  # a read-only home only costs the derivation on every start
    return rules


def rules_for(kind: str) -> tuple[Rule, ...]:
    return all_rules()[kind]


@cache
def compiled(rule: Rule) -> Callable[..., float]:
    """The rule as a plain float function of its inputs (in ``rule.inputs`` order)."""
    syms = [sympy.Symbol(n, positive=True) for n in rule.inputs]
    return sympy.lambdify(syms, rule.expr, modules="math")


def apply(rule: Rule, values: Mapping[str, float]) -> float | None:
    """The rule's output from ``values`` in float (true π); None outside its domain (a math
    error, or a complex root: a negative under a square root)."""
    try:
        out = compiled(rule)(*(values[s] for s in rule.inputs))
    except (ValueError, ZeroDivisionError, OverflowError, TypeError):
        return None
    if isinstance(out, complex) or not math.isfinite(out):
        return None
    return float(out)


def possible(qkind: QKind, value: float) -> bool:
    """A value an element of this kind can have: finite, positive, an angle below 180."""
    if not math.isfinite(value) or value <= 1e-6:
        return False
    return value < 180 - 1e-6 if qkind is QKind.ANGLE else value < 1e7


def chain(key: str, known: Mapping[str, float], strict: bool = False) -> dict[str, float] | None:
    """Every element of one ``key`` shape that the ``known`` ones determine, by its compiled rules
    applied until nothing new follows.  A rule that gives no :func:`possible` value (outside its
    domain, an angle of 180) is passed over, or with ``strict`` makes the answer None: then the
    known values cannot belong to one shape (the generator's feasibility check)."""
    kind = KINDS[key]
    values = dict(known)
    grew = True
    while grew:
        grew = False
        for rule in rules_for(key):
            if rule.output in values or any(i not in values for i in rule.inputs):
                continue
            v = apply(rule, values)
            if v is None or not possible(kind.elements[rule.output].kind, v):
                if strict:
                    return None
                continue
            values[rule.output] = v
            grew = True
    return values
