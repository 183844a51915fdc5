"""The smallest non-linear subsystem that decides a goal, solved exactly by sympy.

What angle chasing and line addition (``linear.py``) cannot reach is algebra of higher
degree: Pythagoras, the laws of sines and cosines, products of similar-triangle ratios, power
of a point.  A textbook solution uses only the few equations the goal needs, so
:func:`solve_goal` looks for the smallest set of equations that fixes the goal: it grows
connected sets of equations (sharing unknowns) from those that mention the goal, in order of
size, keeps a set only when it can pin the goal down (as many equations as unknowns, or a
Jacobian at the figure's estimate whose rows span the goal's direction), solves it exactly
with sympy and keeps the roots that satisfy the caller's bounds (a length is positive, an
angle lies between 0° and 180°).  Where several roots remain (a quadratic's two positive
roots, the ambiguous case of the law of sines), the numeric model of the figure decides: the
root nearest the caller's estimate, provided it is near and the others are not.  An answer
that disagrees with the estimate is refused, never returned.

Angles are in degrees: write trigonometry with :func:`sind`, :func:`cosd`, :func:`tand`.
Coefficients should be exact (sympy Rationals); where an equation holds a Float, sympy solves
with ``rational=False`` so that the float is not silently turned into a fraction.
"""
from __future__ import annotations

import math
import signal
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

import numpy as np
import sympy
from geomill.engine.kinds import cosd, sind, tand  # noqa: F401 (trigonometry in degrees, re-exported)

MAX_SIZE = 4  # the most equations one step of a textbook solution combines
MAX_TRIES = 200  # subsets handed to sympy before giving up
TIMEOUT = 5.0  # seconds for one sympy solve (where a signal timer is available)




@dataclass(frozen=True)
class Solved:
    """The goal's exact value and how it was found.

    ``equations`` are indices into the caller's list, ``solution`` the chosen root for every
    unknown of the subsystem, ``roots`` every admissible value the subsystem allows the goal
    and ``chosen_by`` why this one: ``unique`` (one real root), ``bounds`` (the others break
    a bound: a negative length) or ``figure`` (the estimate picks among admissible roots)."""

    goal: sympy.Symbol
    value: sympy.Expr
    equations: tuple[int, ...]
    solution: Mapping[sympy.Symbol, sympy.Expr]
    roots: tuple[sympy.Expr, ...]
    chosen_by: str

    def __float__(self) -> float:
        return float(self.value)


def _expression(eq: sympy.Expr | sympy.Equality) -> sympy.Expr:
    """An equation as an expression equal to zero (sympy objects only: text is never parsed)."""
    if isinstance(eq, sympy.Equality):
        return eq.lhs - eq.rhs
    if not isinstance(eq, sympy.Expr):
        raise TypeError(f"an equation must be a sympy Eq or expression, not {type(eq).__name__}")
    return eq


def solve_goal(equations: Sequence[sympy.Expr | sympy.Equality], goal: sympy.Symbol,
               known: Mapping[sympy.Symbol, sympy.Expr] | None = None,
               estimate: Mapping[sympy.Symbol, float] | None = None,
               bounds: Mapping[sympy.Symbol, tuple[float | None, float | None]] | None = None, *,
               max_size: int = MAX_SIZE, rel_tol: float = 1e-6) -> Solved | None:
    """The goal's value from the smallest subset of ``equations`` (sympy equalities, or
    expressions equal to zero) that fixes it, with the ``known`` values put in, or None.

    ``estimate`` is the figure's value of each unknown (the goal's at least, to choose among
    roots and check the answer); ``bounds`` are open intervals (lo, hi), either end None."""
    known = dict(known or {})
    estimate = dict(estimate or {})
    bounds = dict(bounds or {})
    if goal in known:
        raise ValueError(f"the goal {goal} is already known")
    exprs: list[tuple[int, sympy.Expr]] = []
    for i, eq in enumerate(equations):
        e = _expression(eq).subs(known) if known else _expression(eq)
        if e.free_symbols:
            exprs.append((i, e))
    tries = 0
    for subset in _subsets(exprs, goal, max_size):
        unknowns = sorted(set().union(*(e.free_symbols for _, e in subset)), key=sympy.default_sort_key)
        if not _may_fix(subset, unknowns, goal, estimate):
            continue
        tries += 1
        if tries > MAX_TRIES:
            return None
        found = _solve(subset, unknowns, goal, estimate, bounds, rel_tol)
        if found is not None:
            return found
    return None


def _subsets(exprs: list[tuple[int, sympy.Expr]], goal: sympy.Symbol, max_size: int) -> Iterator[list]:
    """Connected sets of equations (through shared unknowns) holding one with the goal,
    smallest first, each once."""
    holds = [i for i, (_, e) in enumerate(exprs) if goal in e.free_symbols]
    level = [frozenset((i,)) for i in holds]
    seen = set(level)
    for size in range(1, max_size + 1):
        for s in level:
            yield [exprs[i] for i in sorted(s)]
        if size == max_size:
            return
        nxt = []
        for s in level:
            syms = set().union(*(exprs[i][1].free_symbols for i in s))
            for j, (_, e) in enumerate(exprs):
                if j not in s and e.free_symbols & syms:
                    t = s | {j}
                    if t not in seen:
                        seen.add(t)
                        nxt.append(t)
        level = sorted(nxt, key=sorted)
        if not level:
            return


def _may_fix(subset: list, unknowns: list, goal: sympy.Symbol, estimate: Mapping) -> bool:
    """Can these equations pin the goal down?  With an estimate of every unknown: is the goal's
    direction in the span of the Jacobian's rows there (locally determined); without one: are
    there as many equations as unknowns."""
    if len(unknowns) <= len(subset):
        return True
    if not all(u in estimate for u in unknowns):
        return False
    jac = sympy.Matrix([e for _, e in subset]).jacobian(unknowns)
    try:
        m = np.array(jac.subs({u: estimate[u] for u in unknowns}).evalf(), dtype=float)
    except (TypeError, ValueError):
        return False
    if not np.all(np.isfinite(m)):
        return False
    unit = np.zeros(len(unknowns))
    unit[unknowns.index(goal)] = 1.0
    coef, *_ = np.linalg.lstsq(m.T, unit, rcond=None)
    return bool(np.linalg.norm(m.T @ coef - unit) < 1e-7)


@contextmanager
def _time_limit(seconds: float):
    """Raise TimeoutError after ``seconds`` of this process's CPU time where a signal timer can be used
    (the main thread on Unix); elsewhere, no limit.  CPU time, not wall time: what a solve gives up on
    must not depend on how loaded the machine is (the same problem, the same proof).  A caller's own
    CPU-time limit (a per-problem one) is kept: it fires first when it is nearer, and runs on after."""
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    outer = signal.getitimer(signal.ITIMER_PROF)[0] if usable else 0.0
    if not usable or signal.getitimer(signal.ITIMER_REAL)[0] > 0 or 0 < outer <= seconds:
        yield
        return

    def expire(signum, frame):
        raise TimeoutError

    began = time.process_time()
    old = signal.signal(signal.SIGPROF, expire)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, old)
        if outer > 0:  # the caller's limit, less what this took
            signal.setitimer(signal.ITIMER_PROF, max(outer - (time.process_time() - began), 1e-3))


def _real(v: sympy.Expr) -> float | None:
    """The float of an exact real number; None when it is complex or not a number."""
    try:
        c = complex(v.evalf(30))
    except (TypeError, ValueError):
        return None
    if abs(c.imag) > 1e-12 * max(1.0, abs(c.real)):
        return None
    return c.real


def _solve(subset: list, unknowns: list, goal: sympy.Symbol, estimate: Mapping, bounds: Mapping,
           rel_tol: float) -> Solved | None:
    exprs = [e for _, e in subset]
    floats = any(e.has(sympy.Float) for e in exprs)
    try:
        with _time_limit(TIMEOUT):
            sols = sympy.solve(exprs, unknowns, dict=True, rational=False if floats else None)
    except (NotImplementedError, TimeoutError, ValueError, TypeError, ZeroDivisionError):
        return None
    if not sols:
        return None
    real: list[tuple[sympy.Expr, dict, float]] = []
    for s in sols:
        v = s.get(goal)
        if v is None or v.free_symbols:
            return None  # some solution leaves the goal free: these equations do not fix it
        x = _real(v)
        if x is None:
            continue
        if any(_real(w) is None for w in s.values() if not w.free_symbols):
            continue
        real.append((v if floats else sympy.radsimp(v), s, x))
    if not real:
        return None
    admissible = [r for r in real if _within(r[1], r[2], goal, bounds)]
    if not admissible:
        return None
    distinct: list[tuple[sympy.Expr, dict, float]] = []
    for r in admissible:
        if not any(math.isclose(r[2], d[2], rel_tol=1e-9, abs_tol=1e-12) for d in distinct):
            distinct.append(r)
    roots = tuple(r[0] for r in distinct)
    est = estimate.get(goal)
    if len(distinct) == 1:
        chosen = distinct[0]
        real_distinct = {round(r[2], 9) for r in real}
        how = "unique" if len(real_distinct) == 1 else "bounds"
    else:
        if est is None:
            return None
        ranked = sorted(distinct, key=lambda r: abs(r[2] - est))
        chosen = ranked[0]
        if abs(ranked[1][2] - est) <= rel_tol * max(1.0, abs(est)):
            return None  # the figure cannot tell the roots apart
        how = "figure"
    if est is not None and abs(chosen[2] - est) > rel_tol * max(1.0, abs(est)):
        return None  # the algebra disagrees with the figure: refuse rather than answer wrongly
    solution = {k: v for k, v in chosen[1].items()}
    return Solved(goal, chosen[0], tuple(i for i, _ in subset), solution, roots, how)


def _within(sol: Mapping, goal_value: float, goal: sympy.Symbol, bounds: Mapping) -> bool:
    for sym, (lo, hi) in bounds.items():
        if sym == goal:
            x = goal_value
        elif sym in sol and not sol[sym].free_symbols:
            x = _real(sol[sym])
            if x is None:
                return False
        else:
            continue
        eps = 1e-12 * max(1.0, abs(x))
        if (lo is not None and x <= lo + eps) or (hi is not None and x >= hi - eps):
            return False
    return True
