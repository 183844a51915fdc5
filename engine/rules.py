"""Directed rules derived from the catalogue's equations.

For every equation of a kind and every element symbol in it, sympy solves for
that symbol; the root that agrees with coordinates measured on several random
valid instances of the kind is kept (the positive side, the acute angle …).
Where no single root agrees on every instance the direction is ambiguous
(the angle from a sine, a side from SSA) and no rule is made.

Deriving takes seconds, so the result is cached on disk, one file per kind keyed
by a hash of everything the kind declares; ``rules_for`` then costs a dictionary lookup.
The cache is JSON, never executable (a pickle would run code from anyone who can write the
folder): expressions as trees of allow-listed sympy classes, numbers as text, the whole checked
by a SHA-256 of its rules.  A corrupt or stale file is derived again with a note; a folder that
cannot be written is noted once and a temporary one used instead.
"""
from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
import math
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import sympy

from .cachedir import cache_dir as _cache_dir
from .cachedir import store_json
from .geometry import sample_instance
from .kinds import KINDS, Equation, ShapeKind
from .model import QKind

N_SAMPLES = 60  # enough random instances that an ambiguous root (an obtuse angle from a sine) shows
CACHE_VERSION = "5"  # 5: JSON instead of pickle


@dataclass(frozen=True)
class Rule:
    """``output = expr(inputs)`` for one kind, from ``kind.equations[equation]``."""

    kind: str
    equation: int
    output: str
    inputs: tuple[str, ...]
    expr: sympy.Expr
    _hash: int = dataclasses.field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # rules key the compiled-function cache on every application: hash once (the same value
        # the generated __hash__ gives, so sets of rules keep their order)
        object.__setattr__(self, "_hash", hash((self.kind, self.equation, self.output, self.inputs, self.expr)))

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self):  # string hashes differ between processes: never pickle the cached one
        return (Rule, (self.kind, self.equation, self.output, self.inputs, self.expr))

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


def kind_hash(kind: ShapeKind) -> str:
    """The rule cache key of one kind: every field of it (equations, constants, elements,
    constraints, construction with its outline, samples and validity, …) and the derivation's
    own version, so that editing anything the derivation reads derives the rules again."""
    h = hashlib.sha256(f"{CACHE_VERSION}:{N_SAMPLES}".encode())
    h.update(_canonical(kind).encode())
    return h.hexdigest()[:16]


def catalogue_hash() -> str:
    """One key for the whole catalogue (the kinds' keys, in order)."""
    h = hashlib.sha256()
    for key in sorted(KINDS):
        h.update(f"{key}:{kind_hash(KINDS[key])};".encode())
    return h.hexdigest()[:16]


def _canonical(x: object) -> str:
    """A stable text for catalogue data: dataclasses field by field, mappings sorted, sympy by srepr."""
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        inner = ",".join(f"{f.name}={_canonical(getattr(x, f.name))}" for f in dataclasses.fields(x))
        return f"{type(x).__name__}({inner})"
    if isinstance(x, Mapping):
        return "{" + ",".join(sorted(f"{_canonical(k)}:{_canonical(v)}" for k, v in x.items())) + "}"
    if isinstance(x, (tuple, list)):
        return "(" + ",".join(_canonical(v) for v in x) + ")"
    if isinstance(x, (set, frozenset)):
        return "{" + ",".join(sorted(_canonical(v) for v in x)) + "}"
    if isinstance(x, sympy.Basic):
        return sympy.srepr(x)
    if isinstance(x, enum.Enum):
        return f"{type(x).__name__}.{x.name}"
    return repr(x)


# sympy classes a cached expression may name; anything else makes the file stale (derived again)
_FUNCS = {name: getattr(sympy, name) for name in (
    "Add", "Mul", "Pow", "sin", "cos", "tan", "asin", "acos", "atan", "cot", "sec", "csc", "exp", "log", "Abs",
    "Min", "Max", "sign", "floor", "ceiling")}
_CONSTANTS = {"pi": sympy.pi, "E": sympy.E, "I": sympy.I}


def _freeze(e: sympy.Basic) -> list:
    """A sympy tree as nested JSON lists, so that loading it neither runs code nor re-evaluates
    (and re-shapes) it: ``2*(a + b)`` stays ``2*(a + b)``."""
    if e.is_Symbol:
        given = getattr(e, "_assumptions_orig", None)  # as the symbol was made (positive=True), not all implied
        return ["S", e.name, dict(sorted((e.assumptions0 if given is None else given).items()))]
    if e.is_Integer:
        return ["Z", str(int(e))]
    if e.is_Rational:
        return ["Q", str(e.p), str(e.q)]
    if e.is_Float:
        return ["F", str(e), e._prec]
    for name, const in _CONSTANTS.items():
        if e == const:
            return ["C", name]
    name = type(e).__name__
    if name not in _FUNCS or not e.args:
        raise ValueError(f"cannot cache {name}")
    return ["f", name, [_freeze(a) for a in e.args]]


def _thaw(t: list) -> sympy.Basic:
    """The tree :func:`_freeze` wrote; anything else is a ValueError (the file is then derived again)."""
    tag = t[0]
    if tag == "S":
        return sympy.Symbol(str(t[1]), **{str(k): bool(v) for k, v in dict(t[2]).items()})
    if tag == "Z":
        return sympy.Integer(int(t[1]))
    if tag == "Q":
        return sympy.Rational(int(t[1]), int(t[2]))
    if tag == "F":
        return sympy.Float(str(t[1]), precision=int(t[2]))
    if tag == "C":
        return _CONSTANTS[t[1]]
    if tag == "f" and t[1] in _FUNCS:
        return _FUNCS[t[1]](*(_thaw(a) for a in t[2]), evaluate=False)
    raise ValueError(f"unknown node {str(tag)[:20]!r}")


def _digest(rules: list) -> str:
    return hashlib.sha256(json.dumps(rules, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


_NOTED: set[str] = set()


def _note(key: str, message: str) -> None:
    """One line on stderr, once per process for each kind of trouble (a run has 25 kinds)."""
    if key not in _NOTED:
        _NOTED.add(key)
        print(f"geomill: note: {message}", file=sys.stderr)


def _load(path: Path, kind: ShapeKind) -> tuple[Rule, ...] | None:
    """The cached rules, or None: absent (silently), or corrupt / stale (with a note)."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        _note("unreadable", f"cannot read the rule cache {path} ({exc.strerror}); deriving the rules again")
        return None
    try:
        data = json.loads(raw.decode("utf-8"))
        if data.get("version") != CACHE_VERSION or data.get("kind") != kind.key \
                or data.get("kind_hash") != kind_hash(kind):
            raise ValueError("another version")
        if data.get("sha256") != _digest(data["rules"]):
            raise ValueError("its checksum does not match")
        return tuple(Rule(str(k), int(eq), str(out), tuple(map(str, ins)), _thaw(expr))
                     for k, eq, out, ins, expr in data["rules"])
    except (ValueError, KeyError, TypeError, AttributeError, IndexError, RecursionError, UnicodeDecodeError) as exc:
        _note("corrupt", f"the rule cache {path.name} in {path.parent} is corrupt or stale ({str(exc)[:80]}); "
                         "deriving the rules again (a few seconds)")
        return None


def _store(path: Path, kind: ShapeKind, rules: tuple[Rule, ...]) -> bool:
    """Write the rules atomically; False when the folder takes no file."""
    try:
        frozen = [[r.kind, r.equation, r.output, list(r.inputs), _freeze(r.expr)] for r in rules]
    except ValueError:
        return True  # an expression outside the allow-list: derived each time, never cached wrong
    data = {"version": CACHE_VERSION, "kind": kind.key, "kind_hash": kind_hash(kind), "rules": frozen,
            "sha256": _digest(frozen)}
    return store_json(path, data)


def _fallback_dir() -> Path:
    return Path(tempfile.gettempdir()) / f"geomill-cache-{os.getuid() if hasattr(os, 'getuid') else 'user'}"


_ANNOUNCED: set[str] = set()  # the kinds whose building was said in this process (a rebuild is noted otherwise)


def _announce_derivation(kind: ShapeKind) -> Callable[[], None]:
    """Say on stderr, before the wait, that a kind's rules are being built (once: they are kept), and
    return what says, after it, how long it took (a kind takes 0.05 to 4 s; the catalogue 15 s)."""
    if kind.key in _ANNOUNCED:
        return lambda: None
    _ANNOUNCED.add(kind.key)
    start = time.perf_counter()
    print(f"geomill: building the rules for shape kind {kind.title} once (kept in {_cache_dir()}) …",
          end="", file=sys.stderr, flush=True)
    return lambda: print(f" {time.perf_counter() - start:.1f} s", file=sys.stderr, flush=True)


@cache
def kind_rules(kind: ShapeKind) -> tuple[Rule, ...]:
    """The kind's directed rules, from the disk cache when one was derived for this very kind
    (see :func:`kind_hash`).  Cached per kind object, so a kind registered later (or replaced)
    gets its own rules.  An unwritable cache folder is noted once and a temporary folder used."""
    name = f"rules-{kind.key}-{kind_hash(kind)}.json"
    home = _cache_dir() / name
    for path in (home, _fallback_dir() / name):
        rules = _load(path, kind)
        if rules is not None:
            return rules
    done = _announce_derivation(kind)
    rules = tuple(derive_kind(kind))
    done()
    if not _store(home, kind, rules):
        spare = _fallback_dir() / name
        stored = _store(spare, kind, rules)
        _note("unwritable", f"the rule cache folder {home.parent} cannot be written; "
                            + (f"using {spare.parent} instead" if stored else "deriving the rules on every run")
                            + " (GEOMILL_CACHE moves it)")
    return rules


def all_rules() -> dict[str, tuple[Rule, ...]]:
    """Kind key -> its directed rules."""
    return {key: kind_rules(kind) for key, kind in KINDS.items()}


def rules_for(kind: str) -> tuple[Rule, ...]:
    return kind_rules(KINDS[kind])


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
