"""Solving equations together where forward chaining stalls.

GeomVerse's problems are trees that chaining always solves; a point splitting
a side, or two facts about one shape that each involve two unknowns (area
and perimeter of a rectangle), are not.  Then the equations connected to the
query are solved simultaneously, numerically from many seeded starts: the
query is answered only if every valid solution gives it the same value.
"""
from __future__ import annotations

import math
import random

import numpy as np
import sympy
from geomill.engine.errors import SolveError
from geomill.engine.kinds import KINDS
from geomill.engine.model import QKind, Quantity

from .deduce import BySystem, Deduction
from .lsq import levenberg_marquardt

STARTS = 40


def _equations(ded: Deduction, sym: _Unknowns) -> list[tuple[sympy.Expr, object, tuple[Quantity, ...], str | None]]:
    """Every equation that still has an unknown: (expression, where it comes from (an equation
    instance, or a variablized element), known classes used, shape)."""
    g = ded.graph
    out = []
    for eqi in g.equations:
        if all(q in ded.known for q in eqi.classes.values()):
            continue
        kind = KINDS[eqi.shape.kind]
        subs = {kind.symbol(s): (sympy.Float(ded.known[q].exact, 17) if q in ded.known else sym(q))
                for s, q in eqi.classes.items()}
        out.append((eqi.equation.expr.subs(subs), eqi,
                    tuple(q for q in eqi.classes.values() if q in ded.known), eqi.shape.name))
    for q, f in ded.pending.items():
        if q not in ded.known:
            value = f.value.subs({x: v.exact for x, v in ded.variables.items()})
            out.append((sym(q) - value, q, (), None))
    return out


class _Unknowns:
    """A sympy symbol for each unknown value class, and back."""

    def __init__(self) -> None:
        self.of: dict[Quantity, sympy.Symbol] = {}
        self.back: dict[sympy.Symbol, Quantity] = {}

    def __call__(self, q: Quantity) -> sympy.Symbol:
        if q not in self.of:
            s = sympy.Symbol(f"_u{len(self.of)}", real=True)
            self.of[q], self.back[s] = s, q
        return self.of[q]


def solve_system(ded: Deduction, goal: Quantity) -> bool:
    """Try to fix ``goal`` from the equations together; record it in ``ded`` and return True on success."""
    sym = _Unknowns()
    eqs = _equations(ded, sym)
    if not eqs:
        return False
    goal_syms = {sym.of[goal]} if goal in sym.of else set()
    if not goal_syms:
        return False
    for eq in eqs:  # the common case first: one polynomial equation in the goal alone (a side from SSA)
        if eq[0].free_symbols == goal_syms and _one_root(ded, eq, goal, sym.of[goal]):
            return True
    # the equations connected to the goal through shared unknowns
    unknown_of = [e.free_symbols for e, *_ in eqs]
    component, frontier, chosen = set(goal_syms), set(goal_syms), set()
    while frontier:
        nxt = set()
        for i, syms in enumerate(unknown_of):
            if i not in chosen and syms & frontier:
                chosen.add(i)
                nxt |= syms - component
        component |= nxt
        frontier = nxt
    unknowns = sorted(component, key=lambda s: s.name)
    system = [eqs[i] for i in sorted(chosen)]
    if len(system) < len(unknowns):
        return False
    values, jacobian, point = _solutions(ded, [e for e, *_ in system], unknowns, sym.of[goal], sym.back)
    if len(values) != 1:
        if len(values) > 1:
            raise SolveError(f"the facts allow several values for {goal}: "
                             + ", ".join(f"{v:.6g}" for v in values), None, ded.graph.problem.source)
        return False
    system = [system[i] for i in _needed(jacobian, unknowns.index(sym.of[goal]))]
    inputs = tuple(dict.fromkeys(q for _, _, used, _ in system for q in used))
    depth = 1 + max((ded.known[q].depth for q in inputs), default=0)
    involved = set().union(*(e.free_symbols for e, *_ in system))
    solution = {sym.back.get(s, s): float(v) for s, v in zip(unknowns, point) if s in involved}
    consumed = tuple(t for _, t, _, _ in system if isinstance(t, Quantity))
    ded.known[goal] = BySystem(goal, values[0], depth, inputs=inputs, variables=_solved(ded, consumed),
                               system=[t for _, t, _, _ in system], solution=solution, consumed=consumed,
                               shapes=tuple(dict.fromkeys(s for *_, s in system if s)))
    return True


def _one_root(ded: Deduction, eq: tuple, goal: Quantity, x: sympy.Symbol) -> bool:
    """Record the goal if ``eq`` alone, a polynomial in it, has exactly one valid root."""
    expr, text, used, shape = eq
    expr = sympy.expand(expr)
    if not expr.is_polynomial(x):
        return False
    coeffs = [float(c) for c in sympy.Poly(expr, x).all_coeffs()]
    roots = [r.real for r in np.roots(coeffs) if abs(r.imag) < 1e-9 * max(1.0, abs(r))]
    valid = [r for r in roots if r > 1e-9 and (goal.kind is not QKind.ANGLE or r < 180)]
    if len(valid) != 1:
        return False
    depth = 1 + max((ded.known[q].depth for q in used), default=0)
    consumed = (text,) if isinstance(text, Quantity) else ()
    ded.known[goal] = BySystem(goal, float(valid[0]), depth, inputs=used, variables=_solved(ded, consumed),
                               system=[text], solution={goal: float(valid[0])}, consumed=consumed,
                               shapes=(shape,) if shape else ())
    return True


def _solved(ded: Deduction, consumed: tuple[Quantity, ...]) -> tuple[sympy.Symbol, ...]:
    """The variables already found that the consumed variablized facts use."""
    used = set().union(set(), *(ded.pending[q].value.free_symbols for q in consumed))
    return tuple(sorted(used & ded.variables.keys(), key=lambda s: s.name))


def _needed(jacobian: np.ndarray, goal: int) -> list[int]:
    """A minimal set of equations (rows) that still pins the goal down at the solution:
    the goal is fixed while its unit vector lies in the rows' span.  The proof cites these."""
    rows = list(range(jacobian.shape[0]))
    unit = np.zeros(jacobian.shape[1])
    unit[goal] = 1.0
    for i in reversed(range(jacobian.shape[0])):
        trial = [r for r in rows if r != i]
        if trial and _in_span(jacobian[trial], unit):
            rows = trial
    return rows


def _in_span(rows: np.ndarray, vector: np.ndarray) -> bool:
    coef, *_ = np.linalg.lstsq(rows.T, vector, rcond=None)
    return bool(np.linalg.norm(rows.T @ coef - vector) < 1e-7)


def _solutions(ded: Deduction, exprs: list[sympy.Expr], unknowns: list[sympy.Symbol], goal: sympy.Symbol,
               back: dict[sympy.Symbol, Quantity]) -> tuple[list[float], np.ndarray | None, np.ndarray | None]:
    """Distinct values of ``goal`` over the valid solutions found from seeded random starts,
    and the Jacobian at the first of them and that solution."""
    fn = sympy.lambdify(unknowns, exprs, modules="numpy")
    jac = sympy.lambdify(unknowns, sympy.Matrix(exprs).jacobian(unknowns), modules="numpy")
    scale = np.median([abs(d.exact) for d in ded.known.values()] or [10.0]) or 10.0
    lo, hi, angle = [], [], []
    for s in unknowns:
        q = back.get(s)
        is_angle = q is not None and q.kind is QKind.ANGLE
        positive = q is not None
        lo.append(1e-9 if positive else -np.inf)
        hi.append(180.0 if is_angle else np.inf)
        angle.append(is_angle)
    rng = random.Random(str(ded.graph.problem.facts))
    found: list[float] = []
    first: np.ndarray | None = None
    point: np.ndarray | None = None
    gi = unknowns.index(goal)
    tol = 1e-8 * (1 + scale)

    def residual(x: list[float]) -> list[float] | None:
        try:
            r = [float(v) for v in fn(*x)]
        except (ValueError, TypeError, ZeroDivisionError, OverflowError, FloatingPointError):
            return None
        return r if all(map(math.isfinite, r)) else None

    for _ in range(STARTS):
        x0 = [rng.uniform(1, 179) if a else (rng.uniform(0.1, 3) * scale if lo[i] > 0 else rng.uniform(-20, 20))
              for i, a in enumerate(angle)]
        with np.errstate(all="ignore"):
            x = levenberg_marquardt(residual, x0, tol=tol, root_cost=0.0, max_iterations=200,
                                    stall_cost=math.inf, bounds=(lo, hi))
        if x is None:
            continue
        if any(v <= 1e-6 for v, low in zip(x, lo) if low > 0) or any(
                v >= 180 - 1e-6 for v, a in zip(x, angle) if a):
            continue
        at = np.asarray(jac(*x), dtype=float)
        if _free(at, gi):
            return [], None, None  # the goal can move along the solution set: not determined
        if first is None:
            first, point = at, np.asarray(x)
        v = float(x[gi])
        if not any(math.isclose(v, f, rel_tol=1e-6, abs_tol=1e-9) for f in found):
            found.append(v)
    return sorted(found), first, point


def _free(jacobian: np.ndarray, goal: int) -> bool:
    """Is the goal coordinate free to move at this solution (in the Jacobian's null space)?"""
    _, sv, vt = np.linalg.svd(jacobian)
    rank = int(np.sum(sv > 1e-8 * max(1.0, sv.max(initial=0.0))))
    null = vt[rank:]
    return bool(null.size) and bool(np.any(np.abs(null[:, goal]) > 1e-6))


def underdetermined_message(ded: Deduction, goal: Quantity) -> str:
    """Say what is missing: the rules that would give the goal and their unknown inputs."""
    g = ded.graph
    if goal in ded.pending:
        fact = ded.pending[goal]
        free = ", ".join(sorted(str(x) for x in fact.value.free_symbols - ded.variables.keys()))
        return f"cannot determine {goal}: it is given as {fact.value}, but no equation fixes {free}"
    options = []
    for r in g.rules:
        if r.output == goal:
            missing = sorted({q for q in r.inputs if q not in ded.known}, key=str)
            options.append((len(missing), ", ".join(str(q) for q in missing), r))
    options.sort(key=lambda o: (o[0], o[1]))
    if not options:
        return f"cannot determine {goal}: no formula of the problem's shapes gives it"
    seen, hints = set(), []
    for _, missing, r in options:
        if missing not in seen:
            seen.add(missing)
            hints.append(f"{missing} (the {r.rule.name}, in the {r.shape.name} {KINDS[r.shape.kind].title})")
        if len(hints) == 3:
            break
    return (f"cannot determine {goal}: the facts do not fix it. It would follow from knowing "
            + "; or ".join(hints))
