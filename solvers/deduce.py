"""Forward chaining over the fact/rule graph, with variables and a simultaneous fallback.

Rule instances fire in order of depth (a rule's depth is one more than its
deepest input), so the first derivation of every value class is a shallowest
one and the proof read back from the query is minimal in depth.  Values are
floats from the compiled rules (true π); the GeomVerse-rounded values are
computed afterwards for the proof steps only.

Variables (``angle BAC = 2x + 50``) follow GeomVerse §A.4: once every element
of one equation is known or given in terms of a single unknown variable, the
equation is solved for it, and the variablized elements become numbers.  An
element given in terms of x is never derived by a rule directly, even where one
could: the paper states it in x so that x must be found, so its value always
comes from x (and the fact is used, never a distractor).
"""
from __future__ import annotations

import heapq
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

import sympy
from geomill.engine.errors import ImpossibleValues, SolveError
from geomill.engine.graph import Constant, EquationInstance, FactGraph, RuleInstance
from geomill.engine.kinds import KINDS
from geomill.engine.model import Fact, QKind, Quantity
from geomill.engine.rules import compiled

TOL = 1e-6
# Given values are often rounded (GeomVerse gives 2 decimals), so facts that agree
# with what other facts imply to within 0.5 % are consistent, not contradictory.
CONSISTENT = 5e-3
_ILLEGAL = (sympy.S.NaN, sympy.S.ComplexInfinity, sympy.S.Infinity, sympy.S.NegativeInfinity)


@dataclass
class Derivation:
    """How a value class got its value: one of the variants below (``how`` names which).

    Every variant says what it was derived from, ``inputs`` (value classes) and ``variables``
    (the variables it used): the edges a proof walks back along."""

    quantity: Quantity
    exact: float
    depth: int
    how: ClassVar[str]
    # inputs: tuple[Quantity, ...] and variables: tuple[sympy.Symbol, ...], each variant's own
    # (a field, a property or a class constant: a dataclass field may not follow an inherited default)


@dataclass
class Given(Derivation):
    """A number the problem gives."""

    fact: Fact
    how: ClassVar[str] = "given"
    inputs: ClassVar[tuple[Quantity, ...]] = ()
    variables: ClassVar[tuple[sympy.Symbol, ...]] = ()


@dataclass
class ByConstant(Derivation):
    """A value a shape fixes by its kind (the right angle of a right triangle)."""

    constant: Constant
    how: ClassVar[str] = "constant"
    inputs: ClassVar[tuple[Quantity, ...]] = ()
    variables: ClassVar[tuple[sympy.Symbol, ...]] = ()


@dataclass
class ByRule(Derivation):
    """A rule of one shape applied to known input classes."""

    rule: RuleInstance
    how: ClassVar[str] = "rule"
    variables: ClassVar[tuple[sympy.Symbol, ...]] = ()

    @property
    def inputs(self) -> tuple[Quantity, ...]:
        return self.rule.inputs


@dataclass
class BySubstitution(Derivation):
    """An element given in terms of variables, once they are found (``2x + 50`` at ``x = 10``)."""

    fact: Fact
    variables: tuple[sympy.Symbol, ...]
    how: ClassVar[str] = "substitution"
    inputs: ClassVar[tuple[Quantity, ...]] = ()


@dataclass
class BySystem(Derivation):
    """Equations solved together where forward chaining stalls (``solvers.system``)."""

    inputs: tuple[Quantity, ...]  # known classes the equations use
    variables: tuple[sympy.Symbol, ...]  # found variables the consumed facts use
    system: Sequence  # the equations: instances, or variablized elements (Quantity) whose given
    # expression is an equation
    solution: Mapping  # unknown class (or variable) -> its value
    consumed: tuple[Quantity, ...]  # variablized facts the step uses
    shapes: tuple[str, ...]  # shapes whose equations the step uses
    how: ClassVar[str] = "system"


@dataclass
class VariableSolution:
    symbol: sympy.Symbol
    exact: float
    depth: int
    equation: EquationInstance | None  # a shape equation, or None when from a fact
    fact: Fact | None  # a variablized fact whose element became known
    inputs: tuple[Quantity, ...]  # numeric classes substituted into the equation
    pending: tuple[Quantity, ...]  # variablized classes substituted into it


class Deduction:
    """The result of forward chaining: every derived value and how."""

    def __init__(self, graph: FactGraph):
        self.graph = graph
        self.known: dict[Quantity, Derivation] = {}
        self.pending: dict[Quantity, Fact] = {}
        self.variables: dict[sympy.Symbol, VariableSolution] = {}
        self._heap: list[tuple[int, int, int]] = []  # (depth, derived inputs, rule id)
        self._missing: list[int] = list(graph.index.needs)  # rule id -> distinct inputs not known yet
        self._n_variables = len(graph.problem.variables)  # a property that walks every fact
        self._run()

    # -- seeding ----------------------------------------------------------------------
    def _run(self) -> None:
        g = self.graph
        self.pending = {rep: fact for rep, fact in g.facts.items() if fact.value.free_symbols}
        for rep, fact in g.facts.items():
            if rep not in self.pending:
                self._set(Given(rep, float(fact.value), 0, fact))
        for c in g.constants:
            if c.quantity in self.known:
                self._check_equal(c.quantity, float(c.value), f"{c.shape.name} is a {KINDS[c.shape.kind].title}")
            else:
                self._set(ByConstant(c.quantity, float(c.value), 0, c))
        while True:
            self._drain()
            if not self._solve_variables():
                break
        del self._heap, self._missing  # only the run needs them (a solution keeps its deduction)

    def _set(self, d: Derivation) -> None:
        why = _invalid(d)
        if why is not None:
            how = ""
            rule = d.rule if isinstance(d, ByRule) else None
            if rule is not None:
                shown = ", ".join(f"{rule.local[s]} = {_num(self.known[q].exact)}"
                                  for s, q in zip(rule.rule.inputs, rule.inputs))
                how = f" from {shown} ({_by(rule)})"
            span = d.fact.span if isinstance(d, (Given, BySubstitution)) else \
                self._blame(d.inputs, rule.shape if rule else None)
            raise ImpossibleValues(f"impossible values: {d.quantity} comes out as {_num(d.exact)}{how}, but {why}",
                             span, self.graph.problem.source)
        self.known[d.quantity] = d
        ix, known, missing = self.graph.index, self.known, self._missing
        for rid in ix.by_input.get(d.quantity, ()):  # any order: the heap orders by (depth, derived, id)
            missing[rid] -= 1
            out, ins = ix.outputs[rid], ix.inputs[rid]
            if missing[rid] == 0 and out not in known and out not in ins \
                    and out not in self.pending:  # §A.4: a value given in x comes from x
                inputs = [known[q] for q in ins]
                depth = 1 + max(k.depth for k in inputs)
                # among equally deep derivations, the narrowest (fewest derived inputs) wins
                derived = sum(1 for k in inputs if k.how not in ("given", "constant"))
                heapq.heappush(self._heap, (depth, derived, rid))

    def _drain(self) -> None:
        g = self.graph
        outputs = g.index.outputs
        while self._heap:
            depth, _, rid = heapq.heappop(self._heap)
            if outputs[rid] in self.known:
                continue
            r = g.rule(rid)
            value = self.apply(r)
            self._set(ByRule(r.output, value, depth, r))

    def _value(self, rid: int, args: list[float]) -> float:
        """``apply`` by rule id, on its inputs' known values ``args``, without making the rule
        instance unless the value is impossible."""
        value = _real(self.graph.rule_fn(rid), args)
        return self.apply(self.graph.rule(rid)) if value is None else value  # (apply raises, naming the rule)

    def apply(self, r: RuleInstance) -> float:
        """The rule's output from the known exact values of its inputs."""
        args = [self.known[q].exact for q in r.inputs]
        value = _real(compiled(r.rule), args)
        if value is None:
            shown = ", ".join(f"{r.local[s]} = {_num(v)}" for s, v in zip(r.rule.inputs, args))
            raise ImpossibleValues(
                f"impossible values: {r.local[r.rule.output]} has no real value from {shown} ({_by(r)})",
                self._blame(r.inputs, r.shape), self.graph.problem.source)
        return value

    # -- variables ------------------------------------------------------------------------
    def _solve_variables(self) -> bool:
        """Solve one variable where an equation allows; substitute it.  True if anything moved."""
        if len(self.variables) == self._n_variables:
            return False
        for rep, fact in self.pending.items():
            if rep in self.known:
                unknown = fact.value.free_symbols - self.variables.keys()
                if len(unknown) == 1:
                    x = next(iter(unknown))
                    e = put(fact.value, self._var_values()) - self.known[rep].exact
                    self._found(x, _solve_one(e, x, self, fact.span), self.known[rep].depth, None, fact, (rep,), ())
                    return True
        for eqi in self.graph.equations:
            classes = list(dict.fromkeys(eqi.classes.values()))
            if any(q not in self.known and q not in self.pending for q in classes):
                continue
            pend = tuple(q for q in classes if q not in self.known)
            if not pend:
                continue
            unknown = set().union(*(self.pending[q].value.free_symbols for q in pend)) - self.variables.keys()
            if len(unknown) != 1:
                continue
            x = next(iter(unknown))
            e = self.substituted(eqi)
            nums = tuple(q for q in classes if q in self.known)
            depth = 1 + max((self.known[q].depth for q in nums), default=0)
            self._found(x, _solve_one(e, x, self, self.pending[pend[0]].span), depth, eqi, None, nums, pend)
            return True
        return False

    def substituted(self, eqi: EquationInstance) -> sympy.Expr:
        """The equation with known numbers and variablized expressions put in."""
        kind = KINDS[eqi.shape.kind]
        subs = {}
        for sym, q in eqi.classes.items():
            if q in self.known:
                subs[kind.symbol(sym)] = sympy.Float(self.known[q].exact, 17)
            else:
                subs[kind.symbol(sym)] = put(self.pending[q].value, self._var_values())
        return put(eqi.equation.expr, subs)

    def _var_values(self) -> dict[sympy.Symbol, sympy.Float]:
        return {x: sympy.Float(v.exact, 17) for x, v in self.variables.items()}

    def _found(self, x, value, depth, eqi, fact, inputs, pend) -> None:
        self.variables[x] = VariableSolution(x, value, depth, eqi, fact, inputs, pend)
        values = self._var_values()
        for rep, f in list(self.pending.items()):
            if rep not in self.known and f.value.free_symbols <= self.variables.keys():
                v = value_at(f.value, values)
                used = tuple(sorted(f.value.free_symbols, key=lambda s: s.name))
                self._set(BySubstitution(rep, v, max(self.variables[s].depth for s in used), f, used))

    # -- checks -------------------------------------------------------------------------------
    def _check_equal(self, q: Quantity, value: float, why: str) -> None:
        have = self.known[q].exact
        if not _close(have, value, CONSISTENT):
            raise SolveError(f"contradictory facts: {q} is given as {_num(have)}, but {why}, which makes it "
                             f"{_num(value)}",
                             self._blame((q,)), self.graph.problem.source)

    def check_consistency(self) -> None:
        """Every rule whose inputs and output are all known must agree (triangle angles sum to 180 …)."""
        g, known = self.graph, self.known
        inputs_of = g.index.inputs
        for rid, output in enumerate(g.index.outputs):
            out = known.get(output)
            if out is None or (isinstance(out, ByRule) and out.rule.id == rid):
                continue
            args = [d.exact for q in inputs_of[rid] if (d := known.get(q)) is not None]
            if len(args) != len(inputs_of[rid]):
                continue
            value = self._value(rid, args)
            if not _close(out.exact, value, CONSISTENT):
                r = g.rule(rid)
                shown = ", ".join(f"{r.local[s]} = {_num(self.known[q].exact)}"
                                  for s, q in zip(r.rule.inputs, r.inputs))
                raise SolveError(
                    f"contradictory facts: {shown} give {r.local[r.rule.output]} = {_num(value)} ({_by(r)}), "
                    f"but it is {_num(out.exact)}",
                    self._blame((r.output, *r.inputs), r.shape), self.graph.problem.source)
        for decl in self.graph.problem.shapes:
            kind = KINDS[decl.kind]
            if not kind.constraints:
                continue
            bound = {s: self.graph.find(qs[0]) for s, qs in kind.bind(decl).items()}
            for syms, holds in kind.constraint_checks:
                if all(bound[s] in self.known for s in syms):
                    if not holds(*(self.known[bound[s]].exact for s in syms)):
                        raise ImpossibleValues(
                            f"impossible values: {_shape_phrase(decl)} cannot exist with "
                            + ", ".join(f"{bound[s]} = {_num(self.known[bound[s]].exact)}" for s in sorted(syms))
                            + (f" ({kind.impossible})" if kind.impossible else ""),
                            self._blame(tuple(bound[s] for s in syms), decl), self.graph.problem.source)

    def _blame(self, qs: tuple[Quantity, ...], shape=None):
        """The place in the text to point at: a given fact behind these values, else the shape."""
        seen: set[Quantity] = set()
        stack = list(qs)
        while stack:
            q = stack.pop(0)
            if q in seen:
                continue
            seen.add(q)
            d = self.known.get(q)
            if q in self.graph.facts and self.graph.facts[q].span is not None:
                return self.graph.facts[q].span
            if d is not None:
                stack.extend(d.inputs)
        return shape.span if shape is not None else None


def _real(fn, args: list[float]) -> float | None:
    """A compiled rule's value on ``args``, None where it has no finite real one."""
    try:
        value = fn(*args)
    except (ValueError, ZeroDivisionError, OverflowError):
        return None
    if isinstance(value, complex) or not math.isfinite(value):
        return None
    return float(value)


def _solve_one(e: sympy.Expr, x: sympy.Symbol, ded: Deduction, span) -> float:
    """The one real solution of ``e = 0`` for ``x`` that keeps every element valid."""
    e = sympy.expand(e)
    linear = _linear(e, x)
    poly = None if linear is not None else e.as_poly(x) if e.is_polynomial(x) else None
    if linear is not None:
        c1, c0 = linear
        roots = [float(-c0 / c1)]
    elif poly is not None and poly.degree() == 1:
        c1, c0 = poly.all_coeffs()
        roots = [float(-c0 / c1)]
    elif poly is not None and poly.degree() == 0:
        raise SolveError(f"the equation for {x} does not involve it", span, ded.graph.problem.source)
    else:
        try:
            roots = [complex(r) for r in sympy.solve(e, x, rational=False)]
        except NotImplementedError:
            roots = []
        roots = [r.real for r in roots if abs(r.imag) < 1e-9]
    good = []
    for r in roots:
        vals = {x: sympy.Float(r), **{s: sympy.Float(v.exact) for s, v in ded.variables.items()}}
        ok = True
        for q, f in ded.pending.items():
            if f.value.free_symbols <= vals.keys():
                v = value_at(f.value, vals)
                ok &= v > 0 and (q.kind is not QKind.ANGLE or v < 180)
        if ok:
            good.append(r)
    good = sorted(set(round(g, 12) for g in good))
    if len(good) != 1:
        what = "no value" if not good else "several values (" + ", ".join(_num(g) for g in good) + ")"
        raise ImpossibleValues(f"impossible values: the equations give {what} for {x}", span, ded.graph.problem.source)
    return good[0]


def put(expr: sympy.Expr, values: Mapping[sympy.Symbol, sympy.Expr]) -> sympy.Expr:
    """``expr.subs(values)`` for symbol keys, the same expression by the same evaluations, faster.
    FAST PATH: ``subs`` is the plain version (``tests/test_solver.py`` holds them equal).

    ``subs`` with a dictionary puts its pairs in one at a time, symbols in name order, each pass
    rebuilding (and evaluating) the tree where the symbol occurs; for a symbol, that pass is
    exactly ``xreplace``.  Doing those passes directly skips what made ``subs`` most of the
    deduction's cost: sympifying, ``ordered``, its cache and the structural sameness checks.
    (The order matters for the result: Float sums round differently when grouped otherwise.)"""
    if not all(type(k) is sympy.Symbol for k in values) or any(v is i for v in values.values() for i in _ILLEGAL):
        return expr.subs(values)  # (subs puts infinities, sympy's singletons, in first)
    for k in sorted(values, key=lambda s: s.name):
        expr = expr.xreplace({k: values[k]})
    return expr


def value_at(expr: sympy.Expr, values: Mapping[sympy.Symbol, sympy.Expr]) -> float:
    """``float(put(expr, values))`` (a given value in variables, at numbers for them), faster.
    FAST PATH: ``float(expr.subs(values))`` is the plain version (``tests/test_solver.py``).

    A value given in one variable is a sum or product of numbers and that variable (``2x + 50``);
    putting a number in rebuilds each sum and product of numbers alone, which sympy reduces by
    folding them, in their order, into a running number (``Add.flatten``: ``coeff += o`` from 0,
    ``Mul.flatten``: ``coeff *= o`` from 1).  The same operations on the same sympy numbers,
    without building the expressions, give the same number.  Anything else goes through ``put``."""
    free = expr.free_symbols
    if len(free) == 1:
        (x,) = free
        folded = _fold(expr, x, values[x])
        if folded is not None:
            return float(folded)
    return float(put(expr, values))


def _fold(e: sympy.Expr, x: sympy.Symbol, value: sympy.Expr) -> sympy.Expr | None:
    """The number ``e`` is at ``x = value`` by sympy's own number arithmetic (see ``value_at``);
    None for a form other than numbers, ``x``, sums and products."""
    if e == x:
        return value
    if e.is_Number:
        return e
    if e.is_Add or e.is_Mul:
        acc = sympy.S.Zero if e.is_Add else sympy.S.One
        for arg in e.args:
            v = _fold(arg, x, value)
            if v is None:
                return None
            acc = acc + v if e.is_Add else acc * v
        return acc
    return None


def _linear(e: sympy.Expr, x: sympy.Symbol) -> tuple[sympy.Expr, sympy.Expr] | None:
    """(c1, c0) of an expanded ``c1·x + c0`` where ``-c0 / c1`` is provably the number that
    ``Poly(e, x).all_coeffs()`` gives, else None (then ``Poly`` decides).  FAST PATH: ``Poly`` is
    the plain version (``tests/test_solver.py`` holds them equal).

    Each term is a number, ``x`` or a number times ``x`` (a factor -1 besides, as unevaluated
    products keep it: negating is exact).  Both coefficients rational: exact either way.  ``c0`` a
    Float and ``c1`` a Float or an integer: Poly's domain is the reals at the larger precision of
    the two, to which both convert exactly, and a Float quotient is taken at that precision too.
    Other mixes round differently (a rational divided by a Float is multiplied by its inverse)."""
    c0 = c1 = None
    for t in e.args if e.is_Add else (e,):
        nums = [f for f in t.args if f.is_Number] if t.is_Mul else [t] if t.is_Number else []
        rest = [f for f in t.args if not f.is_Number] if t.is_Mul else [] if t.is_Number else [t]
        if len(nums) == 2 and nums[0] is sympy.S.NegativeOne:
            nums = [-nums[1]]
        if len(nums) > 1 or rest not in ([], [x]):
            return None
        coeff = nums[0] if nums else sympy.Integer(1)
        if rest and c1 is None:
            c1 = coeff
        elif not rest and c0 is None:
            c0 = coeff
        else:
            return None
    if c1 is None or c0 is None or c1.is_zero:
        return None
    if (c0.is_Rational and c1.is_Rational) or (c0.is_Float and (c1.is_Float or c1.is_Integer)):
        return c1, c0
    return None


def _invalid(d: Derivation) -> str | None:
    """Why a value cannot be the value of its element, if it cannot."""
    q = d.quantity
    if q.kind is QKind.ANGLE and not 1e-12 < d.exact < 180 - 1e-9:
        return "an angle must lie strictly between 0 and 180 degrees"
    if q.kind is not QKind.VARIABLE and q.kind is not QKind.ANGLE and d.exact <= 1e-12:
        return "it must be positive"
    return None


def _close(a: float, b: float, tol: float = TOL) -> bool:
    return abs(a - b) <= tol * max(1.0, abs(a), abs(b))


def _num(x: float) -> str:
    return f"{x:.6g}"


def _by(r: RuleInstance) -> str:
    return f"the {r.rule.name}, in {_shape_phrase(r.shape)}"


def _shape_phrase(decl) -> str:
    return f"the {decl.name} {KINDS[decl.kind].title}"
