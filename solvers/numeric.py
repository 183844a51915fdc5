"""A numeric model of a general problem: coordinates that satisfy every construction fact and
given value, found from the problem itself.

Every point is two unknowns and every variable one; each statement contributes residuals that are
0 where it holds (collinear points in their order, points on their circle, every relation block's
equations and coordinate conditions, every fact), plus what keeps a figure a figure (named points
apart, polygons not flat).  Least squares (scipy's trust-region method, ``solvers.trf``) minimises
them from several seeded random starts; a start whose residuals all vanish is a model.  None vanishing is an impossible
configuration (a clear error); two models that disagree on the goal mean it is underdetermined.
The model answers the configuration questions deduction needs (betweenness, sides of a line,
minor or major arc) and measures any element or expression.
"""
from __future__ import annotations

import dataclasses
import functools
import itertools
import math
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import itemgetter, sub

import numpy as np
import sympy
from geomill.engine import budget
from geomill.engine import plane_geometry as pg
from geomill.engine.errors import SolveError, Span, shown
from geomill.engine.plane import Degrees, Element, GeneralProblem, RelationDecl, element_of, elements_in
from geomill.engine.relations import BLOCKS_BY_KEY

from .collapse import collapsed, standing
from .construct import Plan
from .trf import EPS, forward_differences, least_squares

STARTS = 12  # seeded starts; a problem stops at its first model (its second, checking the goal), so
# only a problem with no model pays for all of them (6 starts left 5 % of a FormalGeo sample unbuilt)
FALLBACK_STARTS = 10  # then starts with every coordinate free (a plan's branches may all be wrong)
RETRIES = ((1, 1.0), (2, 0.5), (3, 2.0))  # (seed offset, scale of the size hint) of the searches tried again
# where the first finds no figure: starts are luck (FormalGeo 876's incircle is found by the 25th start, not the
# 12th) and a hint from the median given length can be far from the figure's size; only a failing search pays
RETRY_WORK = 1_500_000  # evaluations of the residuals times the unknowns after which no retry starts (counted,
# not timed, so that a slower machine finds the same figure): a search of 34 unknowns that fails does ~1e6 (4 s)
GOAL_FIGURES = 4  # figures the goal is compared on (checking it), as long as the starts that found the
# first two last: a choice the facts leave open (which arc a point is on) shows as two values.  (On a quarter of
# FormalGeo's development half no third or fourth figure gave a value the first two did not, but with three the
# textbook generator's set of seed 11 changed a problem in 60: its check keeps the four.)
TOLERANCE = 1e-5  # largest residual of a model (the residuals are relative)
# givens that disagree by up to 5 % (rounded, as FormalGeo rounds them) still get a figure, marked approximate:
# the tolerance callers pass as build_model(..., tolerate=APPROXIMATE) (the import, its figures, the benchmark)
APPROXIMATE = 0.05
SHOWN_MISFIT = 1e-3  # a figure that misses its givens by less (under 0.1 %) is warned of by no command
SHRUNK = 1e-4  # a figure narrower than this share of the size hint has shrunk to a point (its angles are noise)
SLIVER = 1e-4  # a face whose area is under this share of its perimeter squared is flat (corners of ~0.1°)
APPROXIMATE_TRIES = 3  # the nearest figures an approximate model is sought from
SOFT = (1e-2, 1e-4)  # the weights of the given values where they disagree, in turn (construction weighs 1)
DONE = 1e-7  # the least squares stops once every residual is this small (a hundredth of TOLERANCE)
CHECKED = 1e-6  # where the least squares stops on a figure found after the first: it is only compared with the
# first on the goal (a tenth of TOLERANCE: a model; two that disagree are polished to DONE before a refusal)
STUCK_APART = 1e-2  # two goal values this near, one from a figure polishing leaves above DONE, are one value
NEAR_MISFIT = 0.25  # the givens' largest miss a near figure may have (build_model's ``rough`` for FormalGeo)
NEAR_AGREE = 1e-3  # the goal's values on the near figures (build_model's ``rough``) agree this closely
STALL_ITERATIONS = 10  # iterations per round; a round that does not halve the largest residual …
STUCK = 1e-3  # … while it is above this stops the search (a local minimum: the next start is cheaper)
UNDEFINED = 1e3  # the residual of a condition on a point the plan cannot place (NaN from a square root below zero)
CRAWL = 0.8  # below STUCK, a round that leaves the largest residual above TOLERANCE and above this share of
# the last round's stops it too: a crawl (2e-4 to 4e-5 in 1,300 evaluations) rarely ends in a figure
SETTLED = 0.5  # a round that leaves a largest residual under SETTLE_BELOW above this share of the last
# round's stops the search too: the trust region settles at a floor of a few 1e-7 (the finite-difference
# Jacobian's precision) and would spend the rest of its evaluations there
SETTLE_BELOW = 1e-6  # (not TOLERANCE: a goal as ill-conditioned as FormalGeo 5678's moves 0.1 % at 3e-6)
CHECK_ITERATIONS = 5  # the rounds of a construction start, the first measured from the start itself: of
# 717 stalled runs on a FormalGeo sample 385 were already stalled after five iterations, of 415 converging
# runs 11 (and another start drew each of those figures)
BUDGET_EVERY = 8  # evaluations of the residuals between two looks at the budget (each reads the CPU clock, a
# system call that cost a sixth of a small figure's evaluation; eight evaluations take about a millisecond)
MAX_STEPS = 200  # evaluations of the residuals per least-squares run (each Jacobian costs n more)
MIN_APART = 0.01  # named points at least this fraction of the figure apart (on a line: of the line)
PINNED = 1.5  # an approximate figure with two points under this many MIN_APART apart may be degenerate
MIN_AREA = 1e-4  # a polygon's area at least this fraction of the figure's size squared
MIN_TURN = 1e-5  # a chain's signed area, the way it turns, at least this fraction of the size squared
# a flat polygon or a chain turning the wrong way leaves a residual of only MIN_AREA (MIN_TURN): weighed
# like that, a flat figure that meets every equation is a near-model the solver settles in; weighed so,
# flatness costs as much as a 1 % error in a given value
FLAT_WEIGHT = 100.0
GAUGE = 1e-4  # the weight of the figure's size against the hint, where no given length fixes it


@functools.lru_cache(maxsize=50_000)
def _compiled(e: sympy.Expr) -> tuple[tuple[sympy.Symbol, ...], object]:
    """(its symbols, a float function of them) for an expression; trigonometry in degrees.  Built as
    nested closures (:func:`_closure`), a few microseconds per node where ``lambdify`` prints and
    compiles source for a millisecond: most expressions are measured a handful of times; only a form
    the closures do not know goes to ``lambdify``."""
    e = e.replace(lambda x: isinstance(x, Degrees), lambda x: x.rewrite_radians())
    syms = tuple(sorted(e.free_symbols, key=lambda s: s.name))
    try:
        fn = _closure(e, {s: i for i, s in enumerate(syms)})
    except _Unknown:
        return syms, sympy.lambdify(syms, e, modules="math")
    return syms, lambda *args: fn(args)


class _Unknown(Exception):
    """A form :func:`_closure` has no float function for."""


_FUNCTIONS = {sympy.sin: math.sin, sympy.cos: math.cos, sympy.tan: math.tan, sympy.asin: math.asin,
              sympy.acos: math.acos, sympy.atan: math.atan, sympy.exp: math.exp, sympy.Abs: abs}


def _closure(e: sympy.Expr, where: dict[sympy.Symbol, int]):
    """``e`` as a function of a sequence of values (``where``: each symbol's place) doing the float
    arithmetic that ``lambdify(..., modules="math")`` prints: ``math.sqrt`` for a square root (an
    error on a negative), ``**`` otherwise, a division by zero an error."""
    if e.is_Symbol:
        if e not in where:
            raise _Unknown(e)
        i = where[e]
        return lambda v: v[i]
    if e.is_Integer:
        k = int(e)
        return lambda v: k
    if e.is_Number or e.is_NumberSymbol:
        if not e.is_real:
            raise _Unknown(e)
        c = float(e)
        return lambda v: c
    if e.is_Add or e.is_Mul:
        parts = [_closure(a, where) for a in e.args]
        if e.is_Add:
            return lambda v: sum([p(v) for p in parts])
        return lambda v: math.prod([p(v) for p in parts])
    if e.is_Pow:
        base, ex = _closure(e.base, where), e.exp
        if ex == sympy.S.Half:
            return lambda v: math.sqrt(base(v))
        if ex == -sympy.S.Half:
            return lambda v: 1 / math.sqrt(base(v))
        if ex.is_Integer and ex < 0:
            k = -int(ex)
            return lambda v: 1 / base(v) ** k
        power = _closure(ex, where)
        return lambda v: base(v) ** power(v)
    fn = _FUNCTIONS.get(e.func)
    if fn is not None and len(e.args) == 1:
        arg = _closure(e.args[0], where)
        return lambda v: fn(arg(v))
    raise _Unknown(e)


@dataclass
class NumericModel:
    """Coordinates (y up) and variable values satisfying a problem."""

    problem: GeneralProblem
    coords: dict[str, np.ndarray]
    variables: dict[str, float]
    radii: dict[str, float]
    residual: float
    seed: int
    misfit: float = 0.0  # 0: exact; else the givens disagree and the figure misses one by this share
    missed: tuple[str, ...] = ()  # (approximate) the givens it misses most
    near: bool = False  # a near figure (build_model's ``rough``): a goal answered on it must agree with it exactly

    def radius(self, centre: str) -> float:
        return self.radii[centre]

    def misfit_text(self) -> str:
        """What an approximate model says of its givens; its share never reads 0.0 %."""
        share = 100 * self.misfit
        return (f"the givens disagree: the figure misses them by up to {share:.1f} %" if share >= 0.1 else
                f"the givens disagree: the figure misses them by up to {share:.1g} %") + f" ({'; '.join(self.missed)})"

    def warning(self) -> str | None:
        """The warning a figure of this model prints: none under SHOWN_MISFIT, a miss no figure shows
        (a search that stops just short of the tolerance, not givens that disagree)."""
        return self.misfit_text() if self.misfit >= SHOWN_MISFIT else None

    def element(self, el: Element) -> float:
        return pg.measure(el, self.coords, self.radius)

    def value(self, e: sympy.Expr) -> float:
        """The value of an expression of elements and variables on this model."""
        if isinstance(e, sympy.Symbol):  # most questions are one element: measured, nothing compiled
            el = element_of(e)
            return float(self.element(el) if el is not None else self.variables[e.name])
        syms, fn = _compiled(sympy.sympify(e, strict=True))  # an expression or a number, never text
        args = []
        for s in syms:
            el = element_of(s)
            args.append(self.element(el) if el is not None else self.variables[s.name])
        try:
            return float(fn(*args))
        except (ValueError, ZeroDivisionError, OverflowError):
            return float("nan")
        except (NameError, TypeError):  # a form math has no function for (a CRootOf of a quintic): sympy's own
            try:
                return float(_radians(sympy.sympify(e, strict=True)).xreplace(dict(zip(syms, args))).evalf())
            except (TypeError, ValueError, ArithmeticError):
                return float("nan")

    def goal_value(self) -> float | None:
        return None if self.problem.goal is None else self.value(self.problem.goal.expr)

    # -- configuration questions -------------------------------------------------------------
    def between(self, m: str, a: str, b: str, tol: float = 1e-6) -> bool:
        """Is m strictly inside segment ab (and on it)?"""
        p, q, r = self.coords[a], self.coords[b], self.coords[m]
        d = q - p
        t = float(np.dot(r - p, d)) / float(np.dot(d, d))
        return abs(pg.cross(d, r - p)) / float(np.dot(d, d)) < tol and tol < t < 1 - tol

    def side(self, p: str, a: str, b: str) -> int:
        """+1 left of line ab, -1 right, 0 on it."""
        c = pg.cross(self.coords[b] - self.coords[a], self.coords[p] - self.coords[a])
        return 0 if abs(c) < 1e-9 * self.size() ** 2 else (1 if c > 0 else -1)

    def is_minor_arc(self, o: str, a: str, b: str) -> bool:
        return pg.sweep(self.coords[o], self.coords[a], self.coords[b]) < 180

    def size(self) -> float:
        pts = np.array(list(self.coords.values()))
        return float(np.max(np.ptp(pts, axis=0))) if len(pts) > 1 else 1.0


COMPILED_KEPT = 32  # problems whose compiled equations are kept (the batch's last few, most recent last)
_COMPILED: dict[tuple, tuple] = {}


class _System:
    """The residual function of a problem over (point coordinates, variables, free radii).

    Built once per problem and evaluated thousands of times by the least squares (each Jacobian
    costs one evaluation per parameter), so everything symbolic is done here, once: statements
    become tuples of point indices, and every equation of the facts and relations one compiled
    function of the elements it names, each element measured once per evaluation.  An evaluation
    is then plain float arithmetic (a few points: numpy's per-call cost would outweigh its speed);
    only the relations' coordinate conditions run through their blocks."""

    def __init__(self, problem: GeneralProblem):
        self.p = problem
        self.use_turns = True
        self.hint = _size_hint(problem)
        # the gauge fixes the size of a figure no given length sizes; where one does, it would pull the
        # figure toward the hint against the facts (a height of 48 over sides of 1 and 2 missed them by 2e-5)
        self.gauge = 0.0 if _given_lengths(problem) else GAUGE
        self.points = list(problem.points)
        self.vars = sorted({s.name for s in problem.variables})
        self.free_radii = [c.centre for c in problem.circles if not c.points]
        self.n = 2 * len(self.points) + len(self.vars) + len(self.free_radii)
        self.evaluations = 0  # of the residuals, by every search so far (what a retry may still cost)
        equations: list[tuple[sympy.Expr, sympy.Expr]] = [(f.lhs, f.rhs) for f in problem.facts]
        self.equation_spans = [f.span for f in problem.facts]
        self.n_facts, self.fact_weight, self.first_fact = len(problem.facts), 1.0, 0
        self.dropped = -1  # a given left out (its residual 0): the near figures' leave-one-out
        for rel in problem.relations:
            more = BLOCKS_BY_KEY[rel.key].instantiate(rel.args)
            equations += more
            self.equation_spans += [rel.span] * len(more)
        self.equation_text = [f"{_said(lhs)} = {_said(rhs)}" for lhs, rhs in equations]
        ix = {n: i for i, n in enumerate(self.points)}
        self._ix = ix
        self._lines = [tuple(ix[q] for q in ln.points) for ln in problem.lines]
        self._circles = [(ix[c.centre], tuple(ix[q] for q in c.points),
                          None if c.points else self.free_radii.index(c.centre)) for c in problem.circles]
        self._polys = [(tuple(ix[q] for q in poly.points), len(poly.points) == 4 and poly.convex)
                       for poly in problem.polygons]
        self._turns = [(-1.0 if t.clockwise else 1.0, tuple(ix[q] for q in chain))
                       for t in problem.turns for chain in t.chains]
        self._relations = []
        for rel in problem.relations:  # each relation's letters bound once
            block = BLOCKS_BY_KEY[rel.key]
            self._relations.append((block.conditions, tuple((k, ix[q]) for k, q in block.bind(rel.args).items())))
        self._head = None  # the residuals before the relations' (_head_function), made when first evaluated
        self._compile_equations(equations)

    def _compile_equations(self, equations: list[tuple[sympy.Expr, sympy.Expr]]) -> None:
        """Every side of every equation as one function of the elements and variables they name, compiled once
        per problem (``_COMPILED``): a figure builds the system of one problem several times over (each spread,
        each ``fixed_by_facts``), and sympy's ``lambdify`` costs more than the rest of the system together."""
        key = (tuple(equations), tuple(self.points), tuple(self.vars))
        done = _COMPILED.get(key)
        if done is None:
            self._compile_fresh(equations)
            done = (self._measures, self._needs_at, self._sides, self._eq_fn, self._measure_fn)
            _COMPILED[key] = done
            if len(_COMPILED) > COMPILED_KEPT:
                del _COMPILED[next(iter(_COMPILED))]
        else:
            _COMPILED[key] = _COMPILED.pop(key)  # (the most recent last: the oldest goes first)
        self._measures, self._needs_at, self._sides, self._eq_fn, self._measure_fn = done
        self._side_fns: list | None = None  # one function per side: only where the whole list fails

    def _compile_fresh(self, equations: list[tuple[sympy.Expr, sympy.Expr]]) -> None:
        symbols = sorted({s for lhs, rhs in equations for s in (lhs.free_symbols | rhs.free_symbols)},
                         key=lambda s: s.name)
        self._measures = []  # per symbol: ("length", i, j) | ("angle", a, o, b) | ("var", k) | ("other", element)
        for s in symbols:
            el = element_of(s)
            if el is None:
                self._measures.append(("var", 2 * len(self.points) + self.vars.index(s.name)))
            elif el.kind.key in ("length", "angle"):
                self._measures.append((el.kind.key, *(self._ix[q] for q in el.points)))
            else:
                self._measures.append(("other", el))
        self._needs_at = any(m[0] == "other" for m in self._measures)
        self._measure_fn = None if self._needs_at else _measure_function(self._measures)
        sides = [_radians(e) for lhs, rhs in equations for e in (lhs, rhs)]
        self._sides = sides
        self._eq_fn = sympy.lambdify((tuple(symbols),), sides, modules="math") if sides else None

    # -- evaluated many times --------------------------------------------------------------------
    def labels(self) -> list[tuple[str, Span | None]]:
        """What each residual (with the turning directions) says, in the language's words, and
        where the problem says it."""
        out: list[tuple[str, Span | None]] = []
        for ln in self.p.lines:
            out += [(f"line {' '.join(ln.points)}", ln.span)] * (2 * len(ln.points) - 3)
        for c in self.p.circles:
            out += [(f"circle {c.centre} through {' '.join(c.points)}", c.span)] * max(len(c.points) - 1, 0)
            out += [("a circle's radius", c.span)] * (not c.points)
        for poly in self.p.polygons:
            convex_too = 4 if len(poly.points) == 4 and poly.convex else 0
            out += [(f"{poly.noun} {''.join(poly.points)}", poly.span)] * (1 + convex_too)
        for turn in self.p.turns:
            word = "clockwise" if turn.clockwise else "counterclockwise"
            out += [(f"{word} {''.join(chain)}", turn.span) for chain in turn.chains]
        probe = {n: np.array([math.cos(i), math.sin(i)]) for i, n in enumerate(self.points)}
        for rel in self.p.relations:
            block = BLOCKS_BY_KEY[rel.key]
            out += [(block.text(rel.args), rel.span)] * len(block.residuals(rel.args, probe))
        out += list(zip(self.equation_text, self.equation_spans))
        n = len(self.points)
        out += [("no two named points at one place", None)] * (n * (n - 1) // 2) + [("the figure's size", None)]
        return out

    def pack(self, coords: dict[str, np.ndarray], variables: dict[str, float], radii: dict[str, float]) -> np.ndarray:
        """``unpack``'s inverse: a model's coordinates, variables and free radii as one vector."""
        return np.concatenate([*(coords[q] for q in self.points), [variables[v] for v in self.vars],
                               [radii[c] for c in self.free_radii]])

    def unpack(self, x: np.ndarray) -> tuple[dict[str, np.ndarray], dict[str, float], dict[str, float]]:
        at = {n: x[2 * i:2 * i + 2] for i, n in enumerate(self.points)}
        k = 2 * len(self.points)
        vs = {v: float(x[k + i]) for i, v in enumerate(self.vars)}
        k += len(self.vars)
        radii = {c: abs(float(x[k + i])) for i, c in enumerate(self.free_radii)}
        for c in self.p.circles:
            if c.points:
                radii[c.centre] = pg.dist(at[c.centre], at[c.points[0]])
        return at, vs, radii

    def __call__(self, x: np.ndarray) -> np.ndarray:
        self.evaluations += 1
        xs = x.tolist()
        npts = len(self.points)
        X, Y = xs[0:2 * npts:2], xs[1:2 * npts:2]
        size = max(max(X) - min(X), max(Y) - min(Y), 1e-6) if npts else 1e-6
        if self._head is None:
            self._head = _head_function(npts, self._lines, self._circles, self._polys, self._turns,
                                        2 * npts + len(self.vars))
        out, pairs = self._head(X, Y, xs, size, self.use_turns)
        if self._relations:
            pts = x[:2 * npts].reshape(npts, 2)
            for conds, names in self._relations:
                p = {letter: pts[i] for letter, i in names}
                for cond in conds:
                    out += cond(p)
        self.first_fact = len(out)
        out += self._equations(x, xs, X, Y)
        out += [g if not (g := MIN_APART - d / size) < 0.0 else 0.0 for d in pairs]  # (max(g, 0.0), faster)
        out.append(self.gauge * (size - self.hint) / self.hint)  # the size, where no given length fixes it
        return np.array(out, dtype=float)

    def _equations(self, x: np.ndarray, xs: list[float], X: list[float], Y: list[float]) -> list[float]:
        """Each equation's relative residual (a side that cannot be evaluated counts as 1e6)."""
        if self._eq_fn is None:
            return []
        if self._measure_fn is not None:
            values = self._measure_fn(X, Y, xs)
        else:
            values = []
            at, _, radii = self.unpack(x)
            for m in self._measures:
                kind = m[0]
                if kind == "length":
                    values.append(math.hypot(X[m[2]] - X[m[1]], Y[m[2]] - Y[m[1]]))
                elif kind == "angle":
                    ux, uy, wx, wy = X[m[1]] - X[m[2]], Y[m[1]] - Y[m[2]], X[m[3]] - X[m[2]], Y[m[3]] - Y[m[2]]
                    values.append(math.degrees(math.atan2(abs(ux * wy - uy * wx), ux * wx + uy * wy)))
                elif kind == "var":
                    values.append(xs[m[1]])
                else:
                    values.append(pg.measure(m[1], at, radii.__getitem__))
        try:
            sides = self._eq_fn(values)
        except (ValueError, ZeroDivisionError, OverflowError, TypeError):
            sides = self._each_side(values)
        out = []
        w = self.fact_weight
        isfinite = math.isfinite
        facts = 2 * self.n_facts
        dropped = 2 * self.dropped
        for k in range(0, len(sides), 2):
            a, b = sides[k], sides[k + 1]
            if not (type(a) is float and isfinite(a)):
                a = _finite(a)
            if not (type(b) is float and isfinite(b)):
                b = _finite(b)
            big = abs(a)  # (max(abs(a), abs(b), 1.0) inline: a builtin call per equation per evaluation)
            if abs(b) > big:
                big = abs(b)
            if big < 1.0:
                big = 1.0
            r = (a - b) / big
            out.append((0.0 if k == dropped else r * w) if k < facts else r)
        return out

    def _each_side(self, values: list[float]) -> list[float]:
        """Side by side, where one side cannot be evaluated (a square root of a negative, …)."""
        if self._side_fns is None:
            syms = sorted({s for e in self._sides for s in e.free_symbols}, key=lambda s: s.name)
            self._side_fns = [sympy.lambdify((tuple(syms),), e, modules="math") for e in self._sides]
        out = []
        for fn in self._side_fns:
            try:
                out.append(fn(values))
            except (ValueError, ZeroDivisionError, OverflowError, TypeError):
                out.append(math.inf)
        return out


_HEADS: dict[tuple, Callable] = {}  # the structure of a system -> its _head_function (the most recent last)


def _head_function(npts: int, lines: list, circles: list, polys: list, turns: list, free0: int) -> Callable:
    """The residuals of a system's lines, circles, faces and turns, and the distances of its pairs of points, as one
    function of the coordinates ``X``, ``Y``, the parameters ``xs``, the figure's size and whether the turns count:
    straight-line code written once per structure (point indices only), each residual the arithmetic of the loops
    it replaces in the same order (the same floats), without their interpretation, thousands of times per figure."""
    key = (npts, tuple(lines), tuple(circles), tuple(polys), tuple(turns), free0)
    fn = _HEADS.get(key)
    if fn is not None:
        _HEADS[key] = _HEADS.pop(key)
        return fn
    body: list[str] = []
    put = body.append

    def area(chain: tuple[int, ...]) -> str:  # the shoelace, signed (counter-clockwise positive, y up), from 0
        terms, j = [], chain[-1]
        for i in chain:
            terms.append(f"(X[{j}] * Y[{i}] - Y[{j}] * X[{i}])")
            j = i
        return f"(0.5 * (0 + {' + '.join(terms)}))"

    for ln in lines:
        a, b, ms = ln[0], ln[-1], ln[1:-1]
        if ms:
            put(f"dx = X[{b}] - X[{a}]; dy = Y[{b}] - Y[{a}]; n2 = dx * dx + dy * dy + 1e-12")
        ts = ["0.0"]
        for k, m in enumerate(ms):
            put(f"rx = X[{m}] - X[{a}]; ry = Y[{m}] - Y[{a}]; o((dx * ry - dy * rx) / n2); t{k} = (rx * dx + ry * dy) / n2")
            ts.append(f"t{k}")
        ts.append("1.0")
        for t0, t1 in zip(ts, ts[1:]):
            put(f"o(g if not (g := MIN_APART - {t1} + {t0}) < 0.0 else 0.0)")
    for c, on, free in circles:
        if on:
            put(f"r = hypot(X[{on[0]}] - X[{c}], Y[{on[0]}] - Y[{c}])")
            for q in on[1:]:
                put(f"o((hypot(X[{q}] - X[{c}], Y[{q}] - Y[{c}]) - r) / size)")
        else:
            put(f"o(max(MIN_APART - abs(xs[{free0 + free}]) / size, 0.0))")
    if npts > 2:
        pi, pj = zip(*itertools.combinations(range(npts), 2))
        put("pairs = list(map(hypot, map(sub, first(X), second(X)), map(sub, first(Y), second(Y))))")
    else:
        pi, pj = (), ()
        put("pairs = [" + ", ".join(f"hypot(X[{i}] - X[{j}], Y[{i}] - Y[{j}])"
                                    for i in range(npts) for j in range(i + 1, npts)) + "]")
    for pts, convex in polys:
        put(f"o(FLAT_WEIGHT * max(MIN_AREA - abs({area(pts)}) / size ** 2, 0.0))")
        if convex:  # (engine.relations.convex: the turns at the four corners, one way)
            for i in range(4):
                u, v, w = pts[i - 1], pts[i], pts[(i + 1) % 4]
                put(f"c{i} = (X[{v}] - X[{u}]) * (Y[{w}] - Y[{v}]) - (Y[{v}] - Y[{u}]) * (X[{w}] - X[{v}])")
            put("scale = max(max(pairs, default=0.0), 1e-9) ** 2; sign = 1.0 if sum([c0, c1, c2, c3]) >= 0 else -1.0")
            for i in range(4):
                put(f"o(max(1e-5 - sign * c{i} / scale, 0.0))")
    if turns:
        put("if use_turns:")
        for sign, chain in turns:
            put(f"    o(FLAT_WEIGHT * max(MIN_TURN - ({sign!r}) * {area(chain)} / size ** 2, 0.0))")
    source = ("def head(X, Y, xs, size, use_turns):\n    out = []; o = out.append\n"
              + "".join(f"    {line}\n" for line in body) + "    return out, pairs\n")
    scope = {"hypot": math.hypot, "sub": sub, "MIN_APART": MIN_APART, "MIN_AREA": MIN_AREA, "MIN_TURN": MIN_TURN,
             "FLAT_WEIGHT": FLAT_WEIGHT, "first": itemgetter(*pi) if pi else None,
             "second": itemgetter(*pj) if pj else None}
    exec(compile(source, "<geomill residuals>", "exec"), scope)  # noqa: S102 - point indices and constants only
    fn = _HEADS[key] = scope["head"]
    if len(_HEADS) > COMPILED_KEPT:
        del _HEADS[next(iter(_HEADS))]
    return fn


SYSTEMS_KEPT = 8  # problems whose fresh _System is kept for spread and fixed_by_facts (a figure asks for several)
_SYSTEMS: dict[int, _System] = {}


def _fresh_system(problem: GeneralProblem) -> _System:
    """A _System of ``problem`` in its initial state, reused across calls: one figure spreads its model and
    asks what its facts fix several times over, and each build re-instantiates every relation's block.  (Only
    for callers that leave its state as they found it: the search changes the hint and the turns' use.)"""
    system = _SYSTEMS.get(id(problem))
    if system is None or system.p is not problem:
        system = _System(problem)
        _SYSTEMS[id(problem)] = system  # (the entry holds the problem: its id is not reused while kept)
        if len(_SYSTEMS) > SYSTEMS_KEPT:
            del _SYSTEMS[next(iter(_SYSTEMS))]
    return system


def _measure_function(measures: list[tuple]) -> Callable[[list, list, list], list[float]]:
    """The measures of a system without "other" elements as one function of the point coordinates (``X``, ``Y``) and
    the parameters (``xs``): ``_equations``' loop written out once per problem, the same arithmetic in the same order
    (each evaluation of the residuals measures every element, thousands of times per figure).  Generated from point
    and parameter indices alone."""
    lines, names = [], []
    for k, m in enumerate(measures):
        v = f"v{k}"
        if m[0] == "length":
            a, b = int(m[1]), int(m[2])
            lines.append(f"    {v} = hypot(X[{b}] - X[{a}], Y[{b}] - Y[{a}])")
        elif m[0] == "angle":
            a, o, b = (int(i) for i in m[1:])
            lines.append(f"    ux = X[{a}] - X[{o}]; uy = Y[{a}] - Y[{o}]; wx = X[{b}] - X[{o}]; wy = Y[{b}] - Y[{o}]")
            lines.append(f"    {v} = degrees(atan2(abs(ux * wy - uy * wx), ux * wx + uy * wy))")
        else:  # ("var", index)
            lines.append(f"    {v} = xs[{int(m[1])}]")
        names.append(v)
    source = "def measured(X, Y, xs):\n" + "\n".join(lines) + f"\n    return [{', '.join(names)}]\n"
    scope = {"hypot": math.hypot, "degrees": math.degrees, "atan2": math.atan2}
    exec(compile(source, "<geomill measures>", "exec"), scope)  # noqa: S102 - integer indices only
    return scope["measured"]


def _finite(v) -> float:
    """A side's value as a float; one that cannot be evaluated, or is not finite, is 1e6."""
    try:
        v = float(v)
    except (TypeError, ValueError, OverflowError):
        return 1e6
    return v if math.isfinite(v) else 1e6


def _radians(e: sympy.Expr) -> sympy.Expr:
    return e.replace(lambda x: isinstance(x, Degrees), lambda x: x.rewrite_radians())


class _Stop(Exception):
    """Raised from inside the least squares: every condition holds to DONE, or the search stalled."""


def _minimise(fun, x0: np.ndarray, max_nfev: int = MAX_STEPS, quick: bool = False, settle: bool = True,
              done: float = DONE) -> np.ndarray:
    """Least squares from ``x0`` (its best point), stopped as soon as every residual but the gauge
    is within ``done`` (the least squares would go on polishing the gauge, or crawl along a hinge, for its whole
    budget), or when STALL rounds of iterations in a row leave the largest residual above STUCK and
    not halved: a start headed for a local minimum is given up early (``quick``: rounds of
    CHECK_ITERATIONS, the first measured against the start); and, with ``settle``, a model (under
    TOLERANCE) that a round no longer improves (SETTLED) stops too."""
    if x0.size == 0:
        return x0
    every = (CHECK_ITERATIONS if quick else STALL_ITERATIONS) * (x0.size + 1)  # evaluations per round
    state = {"n": 0, "best": math.inf, "x": x0, "mark": math.inf, "at": None, "r": None}

    def watched(x: np.ndarray) -> np.ndarray:
        if state["n"] % BUDGET_EVERY == 0:
            budget.check()
        r = fun(x)
        worst = _worst(r)  # (finite with the gauge: every residual is, a NaN or infinity being its own largest)
        if not (math.isfinite(worst) and (r.size == 0 or math.isfinite(r[-1]))):
            # a plan's point that does not exist here (two circles apart): far off, not NaN
            r = np.nan_to_num(r, nan=UNDEFINED, posinf=UNDEFINED, neginf=-UNDEFINED)
            worst = _worst(r)
        state["at"], state["r"] = x, r
        if worst < state["best"]:
            state["best"], state["x"] = worst, x.copy()
        if quick and state["mark"] == math.inf:  # the first round is measured against the start
            state["mark"] = worst
        if worst < done:
            raise _Stop
        state["n"] += 1
        if state["n"] % every == 0:
            if state["best"] > STUCK and state["best"] > 0.5 * state["mark"]:
                raise _Stop
            if TOLERANCE < state["best"] and state["best"] > CRAWL * state["mark"]:
                raise _Stop
            if settle and state["best"] < SETTLE_BELOW and state["best"] > SETTLED * state["mark"]:
                raise _Stop  # a model, no longer improving: the rest of the budget would not move it
            state["mark"] = state["best"]
        return r

    try:
        with warnings.catch_warnings():  # the trust region divides by zero on a flat step: no news
            warnings.simplefilter("ignore", RuntimeWarning)
            least_squares(watched, x0, jac=lambda x: _forward_differences(watched, x, state),
                          xtol=1e-12, ftol=1e-14, gtol=1e-12, max_nfev=max_nfev)
    except _Stop:
        pass
    return state["x"]


def _forward_differences(fun, x: np.ndarray, state: dict) -> np.ndarray:
    """The Jacobian of ``fun`` at ``x`` by forward differences (scipy's ``2-point`` steps), from the
    residuals of the last evaluation (the least squares asks for the Jacobian where it has just
    evaluated), else evaluated: the least squares' own differences would evaluate ``x`` again."""
    at = state["at"]
    f0 = state["r"] if at is not None and (at is x or np.array_equal(at, x)) else fun(x)
    return forward_differences(fun, x, f0)


def _solve(system: _System, x0: np.ndarray, quick: bool = False, done: float = DONE):
    """Least squares from ``x0`` in two steps: without the turning directions (a figure whose
    chains all turn the wrong way is the mirror of a right one, but a solver cannot pass through the
    flat figure between them), then, from that figure or its mirror, with them."""
    if not system.p.turns:
        return _minimise(system, x0, quick=quick, done=done)
    system.use_turns = False
    try:
        x = _minimise(system, x0, quick=quick, done=done)
    finally:
        system.use_turns = True
    at, _, _ = system.unpack(x)
    votes = sum((1 if pg.signed_area([at[q] for q in chain]) < 0 else -1) * (1 if t.clockwise else -1)
                for t in system.p.turns for chain in t.chains)
    x = x.copy()
    if votes < 0:  # most chains turn the wrong way: start from the mirror image
        x[0:2 * len(system.points):2] *= -1
    return _minimise(system, x, quick=quick, done=done)


def _solve_planned(system: _System, plan: Plan, q0: np.ndarray, branches: np.ndarray,
                   quick: bool = False, done: float = DONE) -> tuple[np.ndarray, np.ndarray]:
    """Least squares over a plan's parameters (and the variables and free radii after them), in
    the same two steps as :func:`_solve`, stopped within ``done``; the coordinates it ends at and
    their residuals."""
    def coords(q: np.ndarray, br: np.ndarray) -> np.ndarray:
        at = plan.place(q[:plan.n], br)
        return np.concatenate([*(at[p] for p in system.points), q[plan.n:]])

    def run(q: np.ndarray, br: np.ndarray) -> np.ndarray:
        return _minimise(lambda v: system(coords(v, br)), q, quick=quick, done=done)

    if not system.p.turns:
        q = run(q0, branches)
        x = coords(q, branches)
        return x, system(x)
    system.use_turns = False
    try:
        q = run(q0, branches)
    finally:
        system.use_turns = True
    at, _, _ = system.unpack(coords(q, branches))
    votes = sum((1 if pg.signed_area([at[p] for p in chain]) < 0 else -1) * (1 if t.clockwise else -1)
                for t in system.p.turns for chain in t.chains)
    if votes < 0:  # most chains turn the wrong way: go on from the mirror image
        head, br = plan.mirror(q[:plan.n], branches)
        q, branches = np.concatenate([head, q[plan.n:]]), br
    x = coords(q, branches)
    if _worst(system(x)) >= TOLERANCE:
        x = coords(run(q, branches), branches)
    return x, system(x)


def _approximate(system: _System, x0: np.ndarray, tolerate: float) -> NumericModel | None:
    """From the nearest figure, the least squares again with the givens weighed less and less: a
    figure that meets every construction fact and misses the givens by at most ``tolerate``."""
    x = x0
    try:
        for weight in SOFT:
            system.fact_weight = weight
            x = _minimise(system, x)
    finally:
        system.fact_weight = 1.0
    fun = system(x)
    facts = slice(system.first_fact, system.first_fact + system.n_facts)
    hard = np.concatenate([fun[:facts.start], fun[facts.stop:-1]])
    at, vs, radii = system.unpack(x)
    misfit = float(np.max(np.abs(fun[facts]), initial=0.0))
    if float(np.max(np.abs(hard), initial=0.0)) >= TOLERANCE or misfit > tolerate \
            or _misdrawn(at, faces(system.p)):  # a sliver meets rounded givens by lying flat
        return None
    if misfit < TOLERANCE:  # (every given met after all, the search had stopped just short: an exact model,
        return NumericModel(system.p, {n: v.copy() for n, v in at.items()}, vs, radii, misfit, -1)  # never drawn
        # from the shape's facts alone with a note that its values are rounded, reader 33's 09)
    texts = system.equation_text[:system.n_facts]
    order = np.argsort(-np.abs(fun[facts]))
    missed = tuple(texts[i] for i in order if abs(fun[facts][i]) > 0.1 * misfit)[:3]
    return NumericModel(system.p, {n: v.copy() for n, v in at.items()}, vs, radii, misfit, -1, misfit, missed)


def _pinned(at: dict[str, np.ndarray]) -> bool:
    """Are two named points held at the least distance apart (MIN_APART, within PINNED)?  In an
    approximate figure it is two points that would coincide: often a degenerate figure (a leg of 0,
    the wrong root), so the patient starts look for an exact one before it is taken."""
    pts = np.array(list(at.values()))
    if len(pts) < 2:
        return False
    size = max(float(np.ptp(pts[:, 0])), float(np.ptp(pts[:, 1])), 1e-12)
    d = np.hypot(*(pts[:, None, :] - pts[None, :, :]).transpose(2, 0, 1))
    return float(d[np.triu_indices(len(pts), 1)].min()) < PINNED * MIN_APART * size


def _missed(system: _System, fun: np.ndarray) -> tuple[str, Span | None]:
    """The statements the nearest figure misses most, for the refusal, and where the first is."""
    if fun.size < 2 or len(fun) != len(labels := system.labels()):
        return "", None
    worst = float(np.max(np.abs(fun[:-1])))
    said = list(dict.fromkeys(labels[i] for i in np.argsort(-np.abs(fun[:-1])) if abs(fun[i]) > 0.1 * worst))[:3]
    return ": " + "; ".join(repr(text) for text, _ in said), next((sp for _, sp in said if sp), None)


def _one_circle(problem: GeneralProblem, missed: str) -> str:
    """Where the nearest figure misses a circle that several lines named, say that they name one circle:
    a writer who meant two circles about one centre reads the refusal as a contradiction otherwise."""
    for c in problem.circles:
        if c.joined and f"'circle {c.centre} through " in missed:
            said = [str(s.line) for s in (c.span, *c.joined) if s is not None]
            lines = " and ".join(said) + (" both" if len(said) == 2 else " all")
            return (f" (lines {lines} name circle {c.centre}: a centre names one circle, and every point they "
                    f"list lies on it; for a second circle about {c.centre}, name its radius as a segment "
                    f"from {c.centre} instead)")
    return ""


def _flat(pts: list[np.ndarray]) -> bool:
    """Is a face a sliver, its corners all but on one line?  Such a figure satisfies the facts only
    within the tolerance, and any goal of it is ill-conditioned (a centroid's median, a
    parallelogram's side), so it may not stand as a figure, nor as the second figure that would
    make a goal look underdetermined."""
    perimeter = sum(pg.dist(pts[i - 1], pts[i]) for i in range(len(pts)))
    return abs(pg.signed_area(pts)) < SLIVER * perimeter ** 2


def _said(e: sympy.Expr) -> str:
    """An expression with its elements as the language writes them (``angle ABC``), for messages."""
    return sympy.sstr(e.xreplace({s: sympy.Symbol(el.text) for s in e.free_symbols if (el := element_of(s))}))


UNDERDETERMINED = "the goal is underdetermined"  # how a refusal for two figures begins


def build_model(problem: GeneralProblem, starts: int = STARTS, seed: int = 0, check_goal: bool = True,
                tolerate: float = 0.0, rough: float = 0.0) -> NumericModel:
    """A model of the problem (the first start that satisfies it), or a SolveError: the search
    found no figure (which does not prove that none exists: least squares from random starts can
    miss one), or (``check_goal``) a second model gives the goal another value (it is underdetermined).

    A construction start gives up a stalling search quickly (CHECK_ITERATIONS: a planned start
    near a figure converges fast, and there are others); when no quick start finds one, the
    construction starts are tried again with the patient rounds (STALL_ITERATIONS: some figures
    are only reached slowly), and so is a start with every coordinate free.  Where none finds a
    figure, the whole search is tried again (RETRIES) from other seeds on other scales.

    ``tolerate`` > 0: when no figure satisfies every fact, one that satisfies every construction
    fact (lines, circles, relations, faces) and misses no given value by more than that share
    (FormalGeo's rounded values often disagree by a few per cent) is an approximate model: its
    ``misfit`` says by how much, ``missed`` which givens.  It is sought from the nearest quick starts
    before the patient ones, and from the nearest of all starts where those found none.

    ``rough`` > ``tolerate``: where not even such a figure is found, the near figures (every construction
    fact met, the givens missed by up to ``rough``) from the nearest starts, where the goal measures one
    value on all of them (within NEAR_AGREE): the givens contradict each other, but not on the goal.
    Such a model is ``near``: a deduced answer must agree with it as closely (solvers.plane.solve)."""
    with budget.limits(), budget.stage("the figure search", size(problem)), np.errstate(all="ignore"):
        return _build(problem, starts, seed, check_goal, tolerate, rough)


def size(problem: GeneralProblem) -> str:
    """A problem's size in words, for a budget's message: ``30 points, 9 relations``."""
    parts = [(len(problem.points), "point"), (len(problem.lines), "line"), (len(problem.circles), "circle"),
             (len(problem.polygons), "polygon"), (len(problem.relations), "relation"), (len(problem.facts), "fact")]
    return ", ".join(f"{n} {word}{'s' * (n != 1)}" for n, word in parts if n)


def _build(problem: GeneralProblem, starts: int, seed: int, check_goal: bool, tolerate: float,
           rough: float = 0.0) -> NumericModel:
    system = _System(problem)
    search = _search(system, Plan(problem, system.hint), starts, seed, check_goal, tolerate)
    hint = system.hint
    for offset, scale in RETRIES:  # none found: again, from other starts on another scale
        if search.found or search.crossed is not None or search.approximate is not None \
                or system.evaluations * system.n > RETRY_WORK:
            break
        system.hint = hint * scale
        again = _search(system, Plan(problem, system.hint), starts, seed + offset, check_goal, tolerate)
        again.tried = search.tried + again.tried
        if again.best > search.best:
            again.best, again.nearest = search.best, search.nearest
        search = again
    system.hint = hint
    if search.approximate is not None:
        return search.approximate
    found = search.found
    degenerate = None  # the polygon every figure found lays flat or crosses: no figure of its kind
    if not found and search.crossed is not None:
        degenerate = degenerate_polygon(problem, search.crossed.coords)
        if degenerate is None:  # lines the statements name apart on one line: a theorem may force that
            found.append(search.crossed)
    if not found and tolerate > 0:
        approximate = _nearest_approximate(system, search.tried, tolerate)
        if approximate is not None:
            return approximate
    if not found and rough > tolerate and check_goal and problem.goal is not None:
        near = _near_figure(system, search.tried, rough)
        if near is not None:
            return near
    if not found and degenerate is not None:
        raise SolveError(*degenerate)
    if not found:
        missed, where = _missed(system, search.nearest)
        raise SolveError(f"the figure search failed: no figure it found fits every fact, so the facts may "
                         f"contradict each other (a point on the wrong arc, a side line the wrong way round, "
                         f"a value the others rule out); check first the lines the nearest figure misses"
                         f"{missed}{_one_circle(problem, missed)} (best of {len(search.tried)} starts, "
                         f"residual {search.best:.2g})", where)
    if check_goal and problem.goal is not None:
        zero = _zero_divisor(found[0], problem.goal.expr)
        if zero is not None:
            raise SolveError(f"the goal divides by {zero}, which is 0 on the figure: it has no value",
                             problem.goal.span)
        value = found[0].goal_value()
        if value is not None and not math.isfinite(value):
            raise SolveError(f"the goal {_said(problem.goal.expr)} has no finite value on the figure "
                             "(it overflows, or is not real)", problem.goal.span)
    if check_goal and problem.goal is not None:
        found = standing(problem, found + _other_arcs(system, found[0]) + _other_sides(system, found[0])
                         + _other_placements(system, found[0]))
    for other in found[1:]:
        a, b = found[0].goal_value(), other.goal_value()
        if a is not None and b is not None and not _close(a, b):  # a model within TOLERANCE may be rough:
            found[0], other = _polish(system, found[0]), _polish(system, other)  # an ill-conditioned goal
            a, b = found[0].goal_value(), other.goal_value()  # moves 0.4 % at 7e-6
            if _close(a, b, STUCK_APART) and max(found[0].residual, other.residual) > DONE:
                continue  # a figure the least squares cannot polish is stuck near one: its goal is rough
        if a is not None and b is not None and not _close(a, b):
            why, placed = _unplaced(problem, (found[0], other))
            if not placed:  # an arc, or a side of a line, that tells the figures apart says more than 'place it'
                why = (_convexity(problem, found[0], other) or _sector_turn(problem, found[0], other)
                       or _arc_order(problem, found[0], other) or _turning(problem, found[0], other) or why)
            sa, sb = shown(a, b)
            raise SolveError(f"{UNDERDETERMINED}: two figures satisfying every fact give {sa} and "
                             f"{sb}{why}", problem.goal.span)
    return found[0]


def _unplaced(problem: GeneralProblem, figures: tuple[NumericModel, ...] = ()) -> tuple[str, bool]:
    """Points besides the first polygon's that no statement puts on a line of three points or on a
    circle (``DE parallel to BC`` alone leaves D and E anywhere), with the line that would place the
    first: the usual cause of two figures that is not a side of a line (empty where there are none).
    The example is a side the point can be put on with every fact still holding, tried from the
    figures (``BD bisects angle ABC`` puts D on AC, never on AB); where no side does, none is given.
    Returned with whether it gives one.  With no polygon, only a point a relation names (``OM
    perpendicular to AB`` with M on no line) is told, and only with a segment of a relation it fits on."""
    first = problem.polygons[0].points if problem.polygons else ()
    placed = set(first) | {p for ln in problem.lines if len(ln.points) >= 3 for p in ln.points}
    placed |= {p for c in problem.circles for p in (c.centre, *c.points)}
    placed |= {p for rel in problem.relations for trio in BLOCKS_BY_KEY[rel.key].collinear(rel.args) for p in trio}
    free = [p for p in problem.points if p not in placed]
    segments = list(dict.fromkeys(arg for rel in problem.relations for arg in rel.args if len(arg) == 2))
    if not first:
        free = [p for p in free if any(p in arg for arg in segments)]
    if not free:
        return "", False
    exprs = [f.lhs - f.rhs for f in problem.facts] + ([problem.goal.expr] if problem.goal is not None else [])
    joined = {p for e in exprs for el in elements_in(e) if el.kind.key == "length" and free[0] in el.points
              for p in el.points}
    sides = [(first[i], first[(i + 1) % len(first)]) for i in range(len(first))]
    sides.sort(key=lambda s: -len(joined & set(s)))
    if not first:
        sides = [s for s in segments if free[0] not in s]
    side = next((s for s in sides if not figures or _placeable(problem, free[0], s, figures)), None)
    if side is None and not first:
        return "", False
    example = f" (e.g. '{free[0]} on {side[0]}{side[1]}' or 'line {side[0]} {free[0]} {side[1]}')" if side else ""
    return (f"; {', '.join(free)} {'lies' if len(free) == 1 else 'lie'} on no line or circle a statement draws: "
            f"place {'it' if len(free) == 1 else 'them'}{example}"), side is not None


def _placeable(problem: GeneralProblem, point: str, side: tuple[str, str],
               figures: tuple[NumericModel, ...]) -> bool:
    """Does a figure satisfy every fact with ``point`` on segment ``side`` too?  Sought from each
    figure with the point moved onto the segment (at its foot, kept inside)."""
    placed = dataclasses.replace(problem, relations=(*problem.relations,
                                                     RelationDecl("point_on_segment", ((point,), side))))
    system = _System(placed)
    for model in figures:
        a, b = model.coords[side[0]], model.coords[side[1]]
        d = b - a
        t = float((model.coords[point] - a) @ d) / max(float(d @ d), 1e-18)
        coords = {**model.coords, point: a + d * min(max(t, 0.2), 0.8)}
        at, _, _ = system.unpack(x := _solve(system, system.pack(coords, model.variables, model.radii)))
        if _worst(system(x)) < TOLERANCE and not _misdrawn(at, faces(placed)) and collapsed(placed, at) is None:
            return True
    return False


def _other_arcs(system: _System, model: NumericModel) -> list[NumericModel]:
    """The figure with a point of the goal moved to the other arc of a chord of its circle, wherever
    that figure still satisfies every fact: the random starts may all put C on one arc of AB (a
    tangents' inscribed angle of 65 or 115 then answered without a word), and no other fact need
    hold it there.  A point on the arc is mirrored in the chord's line and put back on the circle."""
    problem = system.p
    goal = {p for el in elements_in(problem.goal.expr) for p in el.points}
    if not goal:  # x asked: the points of the facts that give x
        asked = problem.goal.expr.free_symbols
        goal = {p for f in problem.facts if (f.lhs - f.rhs).free_symbols & asked
                for el in elements_in(f.lhs - f.rhs) for p in el.points}
    out = []
    for circle in problem.circles:
        o = model.coords[circle.centre]
        for p in (q for q in circle.points if q in goal):
            r = float(np.linalg.norm(model.coords[p] - o))
            for a, b in itertools.combinations([q for q in circle.points if q != p], 2):
                pa, pb = model.coords[a], model.coords[b]
                if float((pb - pa) @ (pb - pa)) < 1e-18:
                    continue
                away = _mirror_away(model.coords[p], pa, pb, o)
                if float(np.linalg.norm(away)) < 1e-12:
                    continue
                coords = {**model.coords, p: o + away * (r / float(np.linalg.norm(away)))}
                worst = _worst(system(system.pack(coords, model.variables, model.radii)))
                other = NumericModel(problem, coords, model.variables, model.radii, worst, model.seed)
                if worst >= TOLERANCE and model.variables:  # x moves with the arc: solved again from there,
                    other = _solved_from(system, model, coords)
                    if other.side(p, a, b) == model.side(p, a, b):
                        continue  # kept only where it stays on the other arc (not a near-copy of the figure)
                if other.residual < TOLERANCE and not _misdrawn(other.coords, faces(problem)):
                    out.append(other)
    return out


def _unordered(problem: GeneralProblem, circle) -> list[str]:
    """The points of a circle whose order on it no statement fixes: on no polygon, in no
    ``X on minor/major arc`` line (as the point or the chord's end), in no clockwise line."""
    fixed = {p for poly in problem.polygons for p in poly.points}
    fixed |= {p for t in problem.turns for chain in t.chains for p in chain}
    fixed |= {p for rel in problem.relations if rel.key in ("major_arc", "minor_arc") for arg in rel.args for p in arg}
    return [p for p in circle.points if p not in fixed]


def _other_placements(system: _System, model: NumericModel) -> list[NumericModel]:
    """The figures with points of a circle whose order is left open put on the other arc of a chord,
    wherever such a figure satisfies every fact: ``line P A B``, ``line P C D`` and ``arc BD = 110``
    hold with A and C on either arc of BD (``arc BD`` is the minor arc), and the random starts may
    draw only one (the far arc read as the near one, without a word).  For each chord of two points
    of the circle, the open points on one side of it are moved across, one at a time and all
    together (mirrored in the chord and put back on the circle), and the figure solved again.
    Each open point is also mirrored in the diameter through each other point of the circle: that
    keeps its arc to that point (``arc TB = 170`` holds with B 170° either way round from T), which
    puts it on the other side of every chord from T, so a third point A passes from the minor arc TB
    to the major one (a tangent and secant's angle of 65 or 55 answered from one of them)."""
    problem = system.p
    out: list[NumericModel] = []
    for circle in problem.circles:
        open_ = _unordered(problem, circle)
        if not open_ or len(circle.points) < 3:
            continue
        o = model.coords[circle.centre]
        for coords in _placements(model, circle.points, open_, o):
            other = _solved_from(system, model, coords, quick=True)
            if other.residual < TOLERANCE and not _misdrawn(other.coords, faces(problem)):
                out.append(other)
                values = (model.goal_value(), other.goal_value())
                if None not in values and not _close(*values):
                    return out  # one other value is enough to refuse
    return out


def _placements(model: NumericModel, points: tuple[str, ...], open_: list[str], o: np.ndarray):
    """The starts :func:`_other_placements` solves from: open points moved across a chord, then one
    open point mirrored in the diameter through another point of the circle."""
    for a, b in itertools.combinations(points, 2):
        for sign in (1, -1):
            group = [p for p in open_ if p not in (a, b) and model.side(p, a, b) == sign]
            for moved in dict.fromkeys([*((p,) for p in group), tuple(group)] if group else []):
                coords = dict(model.coords)
                for p in moved:
                    coords[p] = _across(model.coords[p], model.coords[a], model.coords[b], o)
                yield coords
    for p in open_:
        for a in (q for q in points if q != p):
            d = model.coords[a] - o
            if float(d @ d) < 1e-18:
                continue
            d = d / float(np.linalg.norm(d))
            v = model.coords[p] - o
            yield {**model.coords, p: o + 2 * float(v @ d) * d - v}


def _mirror_away(p: np.ndarray, a: np.ndarray, b: np.ndarray, o: np.ndarray) -> np.ndarray:
    """Point ``p`` mirrored in the line of chord ab, as a direction from the centre ``o`` (scaled to
    the radius, it is ``p`` moved to the chord's other arc; near zero where the mirror is the centre)."""
    d = b - a
    foot = a + d * float((p - a) @ d) / max(float(d @ d), 1e-18)
    return 2 * foot - p - o


def _across(p: np.ndarray, a: np.ndarray, b: np.ndarray, o: np.ndarray) -> np.ndarray:
    """Point ``p`` of the circle about ``o`` moved to the other arc of chord ab: mirrored in the
    chord's line and put back on the circle (the mid-point of that arc where the mirror is the centre)."""
    d = b - a
    away = _mirror_away(p, a, b, o)
    if float(np.linalg.norm(away)) < 1e-9 * max(float(np.linalg.norm(d)), 1e-12):
        away = 2 * (a + b) / 2 - 2 * o  # p was the mid-point of its arc: the other arc's mid-point
        away = away if float(np.linalg.norm(away)) > 1e-12 else np.array([-d[1], d[0]])
        if float((away) @ (p - o)) > 0:
            away = -away
    return o + away * (float(np.linalg.norm(p - o)) / float(np.linalg.norm(away)))


def _arc_order(problem: GeneralProblem, one: NumericModel, other: NumericModel) -> str:
    """The arc lines that choose between two figures that differ in which arc of a chord points of
    a circle lie on, with the goal's value on each: 'A on major arc BD' (40) or 'A on minor arc BD'
    (110), every such point of the circle named (empty where the figures do not differ so)."""
    values = (one.goal_value(), other.goal_value())
    goal = {p for el in elements_in(problem.goal.expr) for p in el.points} if problem.goal else set()
    named = {p for f in problem.facts for el in elements_in(f.lhs - f.rhs) for p in el.points}
    arcs = _arcs_named(problem)
    best = None
    for circle in problem.circles:
        o = circle.centre
        open_ = _unordered(problem, circle)
        for a, b in itertools.combinations(circle.points, 2):
            if one.side(o, a, b) == 0 or other.side(o, a, b) == 0:
                continue  # a diameter has no major arc
            moved = [p for p in open_ if p not in (a, b) and 0 != one.side(p, a, b) * one.side(o, a, b)
                     != other.side(p, a, b) * other.side(o, a, b) != 0]
            if not moved:
                continue
            # a chord whose arc the facts name, then one of the goal's points, then fewest points moved
            score = (f"arc {a}{b}" in arcs or f"arc {b}{a}" in arcs,
                     len(goal & {a, b}), len(named & {a, b}), -len(moved))
            if best is None or score > best[0]:
                of = f" of circle {o}" if len(problem.circles) > 1 else ""
                lines = [[f"{p} on {'major' if m.side(p, a, b) == m.side(o, a, b) else 'minor'} arc {a}{b}{of}"
                          for p in moved] for m in (one, other)]
                best = (score, lines)
    if best is None:
        return ""
    said = ["', '".join(lines) for lines in best[1]]
    return (f"; they differ by the arc a point is on ('arc XY' is the minor arc): add '{said[0]}' "
            f"({shown(*values)[0]}) or '{said[1]}' ({shown(*values)[1]}) (docs: the orientation cookbook)")


def _convexity(problem: GeneralProblem, one: NumericModel, other: NumericModel) -> str:
    """The line that chooses between two figures of which one draws a polygon convex and the other
    with a reflex corner: 'convex polygon ABCDE' (a textbook's pentagon), with the goal's value on
    each (empty where no polygon tells them apart)."""
    def is_convex(m: NumericModel, pts: tuple[str, ...]) -> bool:
        at = [m.coords[p] for p in pts]
        turns = [pg.cross(at[i] - at[i - 1], at[(i + 1) % len(at)] - at[i]) for i in range(len(at))]
        return all(t > 0 for t in turns) or all(t < 0 for t in turns)

    for poly in problem.polygons:
        if len(poly.points) < 4 or poly.noun != "polygon":
            continue
        convex = [is_convex(m, poly.points) for m in (one, other)]
        if convex[0] != convex[1]:
            values = (one.goal_value(), other.goal_value())
            yes, no = values if convex[0] else values[::-1]
            name = "".join(poly.points)
            yes, no = shown(yes, no)
            return (f"; polygon {name} is convex on one ({yes}) and has a reflex corner on the other "
                    f"({no}): for a convex polygon write 'convex polygon {name}' (docs: the orientation cookbook)")
    return ""


def _sector_turn(problem: GeneralProblem, one: NumericModel, other: NumericModel) -> str:
    """The turn line that chooses between two figures that are mirror images where the goal names
    an arc or sector by its centre (``sector area OAB`` runs from A counter-clockwise to B: the
    minor sector on one figure, the major one on its mirror), with the goal's value on each."""
    if problem.goal is None:
        return ""
    for el in elements_in(problem.goal.expr):
        if el.kind.key not in ("arc", "arc_length", "sector_area", "sector_perimeter"):
            continue
        o, a, b = (m.coords for m in (one, other)), el.points[1], el.points[2]
        turns = [pg.cross(c[a] - c[el.points[0]], c[b] - c[el.points[0]]) for c in o]
        if turns[0] * turns[1] < 0:
            values = (one.goal_value(), other.goal_value())
            ccw = values if turns[0] > 0 else values[::-1]
            chain = "".join(el.points)
            return (f"; they differ by the way {chain} turns ({el.text} runs from {a} counter-clockwise to {b}): "
                    f"add 'counterclockwise {chain}' ({shown(*ccw)[0]}) or 'clockwise {chain}' ({shown(*ccw)[1]}) "
                    f"(docs: the orientation cookbook)")
    return ""


def _arcs_named(problem: GeneralProblem) -> set[str]:
    """The arcs the facts and the goal name by their ends (``arc BD``), as text."""
    exprs = [f.lhs - f.rhs for f in problem.facts] + ([problem.goal.expr] if problem.goal else [])
    return {f"arc {''.join(el.points)}" for e in exprs for el in elements_in(e)
            if el.kind.key == "minor_arc" and len(el.points) == 2}


def _solved_from(system: _System, model: NumericModel, coords: dict[str, np.ndarray],
                 quick: bool = False) -> NumericModel:
    """The figure the least squares reaches from ``model`` with its points moved to ``coords``, its
    residual the worst left (the caller decides whether that is a model); stopped within CHECKED,
    as it is only compared with ``model``."""
    x = _solve(system, system.pack(coords, model.variables, model.radii), quick=quick, done=CHECKED)
    at, variables, radii = system.unpack(x)
    return NumericModel(system.p, {n: v.copy() for n, v in at.items()}, variables, radii, _worst(system(x)),
                        model.seed)


def _lines_and_segments(problem: GeneralProblem) -> list[tuple[str, ...]]:
    """The problem's drawn lines and the segments its relations name (``AB parallel to CD``), each once."""
    return list(dict.fromkeys([*(ln.points for ln in problem.lines),
                               *(arg for rel in problem.relations for arg in rel.args if len(arg) == 2)]))


def _other_sides(system: _System, model: NumericModel) -> list[NumericModel]:
    """The figure with a line turned half round one of its polygon points, wherever a figure with it
    turned satisfies every fact: a line through a vertex (``line D C E`` with ``DE parallel to AB``, or
    ``line C E``) may run either way, and the random starts may all draw it one way (alternate angles
    then answered as co-interior ones without a word).  The line's points off every polygon and circle
    are mirrored in the vertex, and the figure solved again from there.  A segment a relation names
    (``AB parallel to CD`` with A and C on triangle AEC) is such a line too: B and D may run either way.
    A line with no polygon or circle point turns round a point where it crosses another drawn line
    (``line A E B`` crossed by ``line G E F H``: A and B may lie either way along it, and the angle AEF
    is then an alternate or a co-interior one), its other crossings staying where they are."""
    problem = system.p
    anchored = {p for poly in problem.polygons for p in poly.points}
    anchored |= {p for c in problem.circles for p in (c.centre, *c.points)}
    drawn = [ln.points for ln in problem.lines]
    crossings = {p for i, a in enumerate(drawn) for b in drawn[i + 1:] for p in set(a) & set(b)}
    lines = _lines_and_segments(problem)
    out = []
    for points in lines:
        pivots = [p for p in points if p in anchored]
        loose = [p for p in points if p not in anchored]
        if not pivots:
            pivots = [p for p in points if p in crossings]
            loose = [p for p in loose if p not in crossings]
        for pivot in pivots if loose else ():
            at = model.coords[pivot]
            other = _solved_from(system, model, {**model.coords, **{p: 2 * at - model.coords[p] for p in loose}},
                                 quick=True)
            if other.residual < TOLERANCE and not _misdrawn(other.coords, faces(problem)):
                out.append(other)
    return out


def turned_ends(model: NumericModel) -> list[NumericModel]:
    """The figures with a segment's end turned half round its other end, where that end is held (on a circle, or on
    a line of three points) and the turned one is on polygons alone: ``EA tangent to circle O`` with E a vertex of
    triangle OAE alone leaves E on either side of A, which ``_other_sides`` (it turns only points on no polygon)
    never tries.  Each solved again from there, kept where every fact still holds.  (The textbook generator's check
    that its text fixes the goal: a search on every solve would cost each one.)"""
    system = _System(model.problem)
    problem = system.p
    held = {p for c in problem.circles for p in (c.centre, *c.points)}
    held |= {p for ln in problem.lines if len(ln.points) >= 3 for p in ln.points}
    segments = [s for s in _lines_and_segments(problem) if len(s) == 2]
    out = []
    for a, b in segments:
        for end, pivot in ((a, b), (b, a)):
            if end in held or pivot not in held:
                continue
            at = model.coords[pivot]
            other = _solved_from(system, model, {**model.coords, end: 2 * at - model.coords[end]}, quick=True)
            if other.residual < TOLERANCE and not _misdrawn(other.coords, faces(problem)):
                out.append(other)
    return out


def _turning(problem: GeneralProblem, one: NumericModel, other: NumericModel) -> str:
    """The line that chooses between two figures, with the goal's value on each (empty where none is
    clear). A mirror image is the same figure, so one chain says nothing: the figures differ where a
    point is on another's side of a line on one and not on the other (C on O's side of AB or not). Said
    as a textbook says it: 'C on major arc AB' where the other point is the centre of a circle through
    A, B and C, else 'C and X on the same side of line AB'."""
    memo: dict[tuple[int, tuple[str, ...]], float] = {}

    def turn(m: NumericModel, chain: tuple[str, ...]) -> float:
        """The sine of the chain's turn: clear of zero however small the figure draws its three points
        (a figure may squeeze some points together and spread others)."""
        key = (id(m), chain)
        if key not in memo:
            a, b, c = (m.coords[p] for p in chain)
            memo[key] = pg.cross(b - a, c - a) / max(float(np.linalg.norm(b - a) * np.linalg.norm(c - a)), 1e-24)
        return memo[key]

    def clear(chain: tuple[str, ...]) -> bool:
        return min(abs(turn(one, chain)), abs(turn(other, chain))) > 0.005

    def flips(chain: tuple[str, ...]) -> bool:
        return turn(one, chain) * turn(other, chain) < 0

    goal = {p for el in elements_in(problem.goal.expr) for p in el.points} if problem.goal else set()
    named = goal | {p for f in problem.facts for el in elements_in(f.lhs - f.rhs) for p in el.points}
    drawn = [set(ln.points) for ln in problem.lines]
    drawn += [{q, poly.points[i - 1]} for poly in problem.polygons for i, q in enumerate(poly.points)]
    best, said = None, ""
    for t1 in sorted(itertools.combinations(problem.points, 3), key=lambda t: -len(goal & set(t))):
        if best is not None and len(goal & set(t1)) < best[0]:
            break  # the triples left share fewer of the goal's points
        if not clear(t1):
            continue
        for a, b in ((t1[0], t1[1]), (t1[1], t1[2]), (t1[0], t1[2])):
            c = next(q for q in t1 if q not in (a, b))
            for x in problem.points:
                t2 = (a, b, x)
                if x in t1 or not clear(t2) or flips(t2) == flips(t1):
                    continue
                same, apart = _side_phrases(problem, a, b, c, x)
                # the phrase on the goal's points, an arc, about a drawn line, on points the problem speaks of
                score = (len(goal & set(t1)), " arc " in same, any({a, b} <= ln for ln in drawn),
                         len(named & {a, b, c, x}))
                if best is not None and score <= best:
                    continue
                values = (one.goal_value(), other.goal_value())
                if turn(one, (a, b, c)) * turn(one, t2) < 0:  # the first figure has them apart
                    values = values[::-1]
                best, said = score, (f"; they differ by a side of a line: add '{same}' ({shown(*values)[0]}) or "
                                     f"'{apart}' ({shown(*values)[1]}) (docs: the orientation cookbook)")
    return said


def _side_phrases(problem: GeneralProblem, a: str, b: str, c: str, x: str) -> tuple[str, str]:
    """The lines that put ``c`` on ``x``'s side of line ``ab``, and on the other side, in a textbook's
    words: an arc where ``x`` is the centre of a circle through a, b and c (or ``c`` of one through
    a, b and x), else the sides of the line."""
    lines = [set(ln.points) for ln in problem.lines]
    lines += [set(trio) for rel in problem.relations for trio in BLOCKS_BY_KEY[rel.key].collinear(rel.args)]
    for q in (a, b):
        if any({q, c, x} <= ln for ln in lines):  # c on the line qx: x's side of ab is the ray from q
            return f"{c} on ray {q}{x}", f"{c} on {x}{q} extended beyond {q}"
    for point, centre in ((c, x), (x, c)):
        circle = next((k for k in problem.circles if k.centre == centre and {a, b, point} <= set(k.points)), None)
        if circle is not None:
            of = f" of circle {centre}" if len(problem.circles) > 1 else ""
            return f"{point} on major arc {a}{b}{of}", f"{point} on minor arc {a}{b}{of}"
    return f"{c} and {x} on the same side of line {a}{b}", f"{c} and {x} on opposite sides of line {a}{b}"


def _zero_divisor(model: NumericModel, e: sympy.Expr) -> str | None:
    """A divisor of ``e`` (``AB - BC`` in ``CA / (AB - BC)``) that is 0 on the model, in words."""
    for d in e.atoms(sympy.Pow):
        if d.exp.is_negative and d.base.free_symbols:
            v = model.value(d.base)
            if not math.isfinite(v) or abs(v) <= 1e-9 * max(1.0, model.size()):
                return _said(d.base)
    return None


def _polish(system: _System, model: NumericModel) -> NumericModel:
    """The model moved on to where every residual is within DONE (or as near as the least squares
    gets), every coordinate free: a model accepted within TOLERANCE can still be far enough off for
    an ill-conditioned goal to differ by a few tenths of a per cent between two figures."""
    if model.residual <= DONE:
        return model
    x = system.pack(model.coords, model.variables, model.radii)
    y = _minimise(system, x, max_nfev=2 * MAX_STEPS, settle=False)  # as near DONE as it gets
    worst = _worst(system(y))
    if worst >= model.residual:
        return model
    at, vs, radii = system.unpack(y)
    return NumericModel(model.problem, {n: v.copy() for n, v in at.items()}, vs, radii, worst, model.seed)


@dataclass
class _Search:
    """What one pass of starts found: proper models (one, or two with ``check_goal``), a model
    drawing a face crossed, every start's end (for an approximate model) and the nearest miss."""

    found: list[NumericModel]
    crossed: NumericModel | None
    tried: list[tuple[float, int, np.ndarray]]
    best: float
    nearest: np.ndarray
    approximate: NumericModel | None = None


def _search(system: _System, plan: Plan, starts: int, seed: int, check_goal: bool,
            tolerate: float = 0.0) -> _Search:
    """Seeded starts, construction first, then every coordinate free, until a model (two, checking
    the goal) is found.  With ``tolerate``, where no quick start finds a figure, an approximate model
    from the nearest of them ends the search: givens that disagree (rounded) leave every start
    missing them, and the patient starts would miss them too, at ten times the cost."""
    problem = system.p
    rng = np.random.default_rng(seed)
    half = plan.hint / 2
    chains = [(chain, t.clockwise) for t in problem.turns for chain in t.chains]
    out = _Search([], None, [], math.inf, np.zeros(0))
    found = out.found
    named = faces(problem)
    last = 2 * starts + FALLBACK_STARTS
    for k in range(2 * starts + FALLBACK_STARTS):
        budget.check()
        extra = np.concatenate([rng.uniform(1, 30, len(system.vars)),
                                rng.uniform(0.2, 0.8, len(system.free_radii)) * half])
        if k >= starts and found:
            break
        if k == starts and tolerate > 0 and out.crossed is None:
            out.approximate = _nearest_approximate(system, out.tried, tolerate, pinned=False)
            if out.approximate is not None:
                return out
        if k < 2 * starts:  # construction first: quick starts, then (none found) patient ones
            q0, branches = plan.sample(rng)
            branches = plan.orient(q0, branches, chains)
            x, fun = _solve_planned(system, plan, np.concatenate([q0, extra]), branches, quick=k < starts,
                                    done=CHECKED if found else DONE)  # (the first is the one measured)
        else:  # every coordinate free: slower, but no plan's choices in the way
            x = _solve(system, np.concatenate([_start(problem, rng, half), extra]))
            fun = system(x)
        worst = _worst(fun)
        if worst < out.best:
            out.best, out.nearest = worst, fun
        out.tried.append((worst, k, x))
        at, vs, radii = system.unpack(x)
        if worst < TOLERANCE:
            model = NumericModel(problem, {n: v.copy() for n, v in at.items()}, vs, radii, worst, k)
            if model.size() < SHRUNK * plan.hint:
                continue  # no figure: every point in one place, where relative residuals all but vanish
            if _misdrawn(at, named) or collapsed(problem, at):
                out.crossed = out.crossed or model  # a face crossing itself or flat, or lines the statements
                continue  # name apart on one line (solvers.collapse): only if no start finds better
            found.append(model)
            if not check_goal or problem.goal is None or len(found) == GOAL_FIGURES:
                break
            if len(found) == 2:
                last = 2 * (k + 1) if k < starts else k + 1  # as many starts again, at most
        if len(found) >= 2 and k + 1 >= last:
            break
    return out


def _worst(fun: np.ndarray) -> float:
    """The largest residual of a condition (the last entry is the gauge, no condition)."""
    return float(np.abs(fun[:-1]).max()) if fun.size > 1 else 0.0  # (the method: np.max's wrapper costs as much)


def degenerate_polygon(problem: GeneralProblem, at: dict[str, np.ndarray]) -> tuple[str, Span | None] | None:
    """The refusal of a figure whose declared polygon lies flat or crosses itself (a trapezoid whose legs
    and base difference make no triangle, a triangle of area 0): no polygon of its kind exists, whatever
    the facts force (GeomVerse's reading refuses such shapes too).  The message names the polygon's kind
    and the line that declares it; None where every declared polygon is a proper one."""
    for poly in problem.polygons:
        pts = [at[q] for q in poly.points]
        flat = _flat(pts)
        if not flat and not pg.crosses_itself(pts):
            continue
        kind = next((rel for rel in problem.relations if rel.args and rel.args[0] == poly.points), None)
        said = BLOCKS_BY_KEY[kind.key].text(kind.args) if kind is not None else f"{poly.noun} {''.join(poly.points)}"
        how = "lies flat (its corners on one line)" if flat else "crosses itself"
        noun = kind.key.replace("_", " ") if kind is not None else poly.noun
        return (f"impossible values: in every figure the search found meeting the givens {said} {how}: "
                f"no such {noun} exists", kind.span if kind is not None else poly.span)
    return None


def _misdrawn(at: dict[str, np.ndarray], named: tuple[tuple[str, ...], ...]) -> bool:
    """Does a face the problem names cross itself or lie flat in these coordinates?"""
    return any(pg.crosses_itself(pts) or _flat(pts) for pts in ([at[q] for q in face] for face in named))


def _nearest_approximate(system: _System, tried: list[tuple[float, int, np.ndarray]],
                         tolerate: float, pinned: bool = True) -> NumericModel | None:
    """An approximate model from the starts that came nearest (``build_model``'s ``tolerate``), or None;
    one with two points pinned together (:func:`_pinned`) only where ``pinned`` allows it."""
    for _, _, x in sorted(tried, key=lambda t: t[:2])[:APPROXIMATE_TRIES]:
        approximate = _approximate(system, x, tolerate)
        if approximate is not None and (pinned or not _pinned(approximate.coords)):
            return approximate
    return None


def _near_figure(system: _System, tried: list[tuple[float, int, np.ndarray]], rough: float) -> NumericModel | None:
    """A figure, marked ``near``, on which the goal has the one value that every near figure gives it:
    from the near figures (every construction fact met, the givens missed by up to ``rough``) of the
    nearest starts, each given left out in turn and the rest solved exactly (the first such figure, with
    the left-out given as its miss, where they all agree on the goal); where leaving one out finds no
    figure, the near figures themselves where they agree.  None where none is found, or two disagree
    (the contradiction then reaches the goal: which given to trust is a guess)."""
    near = [m for _, _, x in sorted(tried, key=lambda t: t[:2])[:APPROXIMATE_TRIES]
            if (m := _approximate(system, x, rough)) is not None and not _pinned(m.coords)]
    if not near:
        return None
    figures = _left_out(system, near[0]) or near  # (the near figures only where leaving a given out finds none)
    values = [m.goal_value() for m in figures]
    if not all(v is not None and math.isfinite(v) and _close(v, values[0], NEAR_AGREE) for v in values):
        return None
    figures[0].near = True
    return figures[0]


def _left_out(system: _System, first: NumericModel) -> list[NumericModel]:
    """The figures that meet every given but one, solved from ``first`` with each left out in turn."""
    x0 = system.pack(first.coords, first.variables, first.radii)
    out: list[NumericModel] = []
    texts = system.equation_text[:system.n_facts]
    for i in range(system.n_facts):
        system.dropped = i
        try:
            x = _minimise(system, x0)
            worst = _worst(system(x))
        finally:
            system.dropped = -1
        at, vs, radii = system.unpack(x)
        if worst >= TOLERANCE or _misdrawn(at, faces(system.p)) or _pinned(at):
            continue
        miss = float(np.max(np.abs(system(x)[system.first_fact:system.first_fact + system.n_facts]), initial=0.0))
        out.append(NumericModel(system.p, {n: v.copy() for n, v in at.items()}, vs, radii, worst, -1, miss,
                                (texts[i],)))
    return out


def faces(problem: GeneralProblem) -> tuple[tuple[str, ...], ...]:
    """The polygons a problem names: declared ones, and those only an element names (area ABDC in the goal or a
    given): drawn crossing itself, "area ABDC" reads as another shape's."""
    out = [tuple(poly.points) for poly in problem.polygons]
    exprs = [f.lhs - f.rhs for f in problem.facts] + ([problem.goal.expr] if problem.goal else [])
    for el in (el for e in exprs for el in elements_in(e)):
        if el.kind.key in ("area", "perimeter") and len(el.points) >= 4 and tuple(el.points) not in out:
            out.append(tuple(el.points))
    return tuple(out)


def parts(problem: GeneralProblem) -> list[tuple[str, ...]]:
    """The figure's unconnected parts (two, three or more points each): points joined by a line, a polygon, a
    circle (its centre and its points), a relation's segment or a relation of a point (D on AB).  Parts that share
    no point (two similar triangles) are drawn apart, side by side, as a textbook draws them; over each other they
    read as one figure."""
    link = {q: q for q in problem.points}

    def root(q: str) -> str:
        while link[q] != q:
            link[q] = link[link[q]]
            q = link[q]
        return q

    groups = [ln.points for ln in problem.lines] + [poly.points for poly in problem.polygons]
    groups += [(c.centre, *c.points) for c in problem.circles]
    groups += [arg for rel in problem.relations for arg in rel.args if len(arg) == 2]
    groups += [tuple(q for arg in rel.args for q in arg) for rel in problem.relations  # (a point on, or at, what it
               if any(len(arg) == 1 for arg in rel.args)]  # is on: D on AB, a midpoint, a foot)
    groups += [trio for rel in problem.relations for trio in BLOCKS_BY_KEY[rel.key].collinear(rel.args)]  # (E on
    # AB where 'EF midsegment of ABCD' says so)
    for g in groups:
        for q in g[1:]:
            if q in link and g[0] in link:
                link[root(q)] = root(g[0])
    out: dict[str, list[str]] = {}
    for q in problem.points:
        out.setdefault(root(q), []).append(q)
    return [tuple(g) for g in out.values() if len(g) >= 2]


def flat_corners(ring: np.ndarray, flat: float) -> np.ndarray:
    """Each corner's interior angle (degrees) of the polygon ``ring`` (n×2) past ``flat``, else 0: a corner near
    180° reads as a point on a side, a reflex one as a dent the facts seldom mean."""
    n = len(ring)
    idx = np.arange(n)
    return np.maximum(_inner_angles(ring, idx - 1 + n * (idx == 0), idx, (idx + 1) % n, np.zeros(n, int)) - flat, 0.0)


def _inner_angles(pts: np.ndarray, prev: np.ndarray, cur: np.ndarray, nxt: np.ndarray, poly: np.ndarray) -> np.ndarray:
    """The interior angles (degrees) at the corners ``cur`` (indices into ``pts``) of the polygons ``poly`` (each
    corner's polygon, numbered from 0), their neighbours ``prev`` and ``nxt``: all polygons in one pass (``pts``
    n×2, or B×n×2 for B figures at once: B×corners)."""
    p, u, w = pts[..., cur, :], pts[..., prev, :] - pts[..., cur, :], pts[..., nxt, :] - pts[..., cur, :]
    cross = u[..., 0] * w[..., 1] - u[..., 1] * w[..., 0]
    twice = p[..., 0] * pts[..., nxt, 1] - p[..., 1] * pts[..., nxt, 0]  # (each corner's share of twice the area)
    if pts.ndim == 2:
        area = np.bincount(poly, weights=twice)[poly]  # (twice, signed)
    else:  # (each figure's polygons numbered apart: one bincount, each bin summed in the same order)
        count = int(poly.max(initial=-1)) + 1
        ids = (np.arange(len(twice))[:, None] * count + poly[None, :]).ravel()
        area = np.bincount(ids, weights=twice.ravel(), minlength=len(twice) * count)[ids].reshape(twice.shape)
    cos = (u[..., 0] * w[..., 0] + u[..., 1] * w[..., 1]) / np.maximum(
        np.hypot(u[..., 0], u[..., 1]) * np.hypot(w[..., 0], w[..., 1]), 1e-12)
    inner = np.degrees(np.arccos(np.clip(cos, -1.0, 1.0)))
    return np.where(cross * area > 0, 360.0 - inner, inner)  # (turning against the outline's way: reflex)


def parts_gap(a: np.ndarray, b: np.ndarray) -> float:
    """How far apart two parts' points (m×2, n×2) lie along the line through their centres (negative where
    they overlap along it): a separating gap, smooth enough for least squares."""
    u = b.mean(axis=0) - a.mean(axis=0)
    u = u / max(float(np.hypot(*u)), 1e-12)
    return float(np.min(b @ u) - np.max(a @ u))


def _start(problem: GeneralProblem, rng: np.random.Generator, half: float) -> np.ndarray:
    """Random starting coordinates that already keep each line's points in order along it and
    each circle's points on it, as far as earlier lines and circles leave them free."""
    at = {p: rng.uniform(-half, half, 2) for p in problem.points}
    fixed: set[str] = set()
    for ln in problem.lines:
        base = at[ln.points[0]]
        d = rng.normal(size=2)
        d /= np.linalg.norm(d) + 1e-12
        steps = np.cumsum(rng.uniform(0.3, 1.0, len(ln.points))) * half / len(ln.points)
        for p, t in zip(ln.points[1:], steps):
            if p not in fixed:
                at[p] = base + d * t
        fixed |= set(ln.points)
    for c in problem.circles:
        r = rng.uniform(0.3, 0.7) * half
        for p in c.points:
            if p not in fixed:
                t = rng.uniform(0, 2 * np.pi)
                at[p] = at[c.centre] + r * np.array([np.cos(t), np.sin(t)])
        fixed |= {c.centre, *c.points}
    return np.concatenate([at[p] for p in problem.points])


def _size_hint(problem: GeneralProblem) -> float:
    """About how wide the figure is: the median given length (times 2), else 20."""
    lengths = _given_lengths(problem)
    return 2 * float(np.median(lengths)) if lengths else 20.0


def _given_lengths(problem: GeneralProblem) -> list[float]:
    """The lengths (sides, radii, perimeters …) the facts give as numbers: any one fixes the size."""
    lengths = []
    for f in problem.facts:
        el = element_of(f.lhs) if isinstance(f.lhs, sympy.Symbol) else None
        if el is not None and el.kind.unit == "length" and f.rhs.is_number:
            lengths.append(abs(float(f.rhs)))
    return lengths


def _close(a: float, b: float, rel: float = 1e-3) -> bool:
    return abs(a - b) <= rel * max(abs(a), abs(b), 1.0)


SPREAD_APART = 0.07  # of the figure's size: distinct points a figure spreads apart (25 px at 360 px)
SPREAD_WIDTH = 0.15  # a polygon's mean width (area over its longest side), as a share of that side
SPREAD_SHORT = 0.25  # a drawn side's length, as a share of the figure's size
SPREAD_WEIGHT = 1.0  # the readability terms against the facts while spreading (the facts are polished after)
SPREAD_FLAT = 150.0  # degrees: a polygon's corner past this (near flat, or reflex) is pushed back under it
SPREAD_PARTS = 0.12  # of the figure's size: the gap between unconnected parts
SPREAD_UNEQUAL = 0.15  # two segments the caller wants drawn unequal differ by this share of the longer at least
SPREAD_TURN = math.sin(math.radians(18.0))  # two lines the caller wants turned apart: 18° from parallel (a narrow
# crossing opened past 15°) and SPREAD_SQUARE from square (a corner off 90° enough to read as not right)
SPREAD_SQUARE = math.sin(math.radians(8.0))
SPREAD_CENTRE = 0.25  # a chord the caller wants off the centre passes this share of the radius from it at least
SPREAD_TANGENT = 0.25  # a line the caller wants to read as no tangent cuts or misses its circle by this share of r
SPREAD_CIRCLE = 0.45  # of the figure's size: a circle the caller wants grown, across (a third reads as shrunk)
SPREAD_POLYGON = 0.3  # and a polygon's widest reach
SPREAD_FAN = math.radians(180.0)  # a circle the caller wants its points spread over: its widest stretch with none of
# them at most this (a reader looks for the chords a large circle's points make; all in one strip of it, they are
# squeezed there: reader 42's 19)
SPREAD_ROUNDS = 6  # Jacobians (each n + 1 evaluations of the residuals) for each of the two least squares


def spread(model: NumericModel, apart: float = SPREAD_APART, width: float = SPREAD_WIDTH,
           short: float = SPREAD_SHORT, rounds: int = SPREAD_ROUNDS,
           unequal: Sequence[tuple[Sequence[str], Sequence[str]]] = (),
           off: Sequence[tuple[str, Sequence[str]]] = (),
           turned: Sequence[tuple[Sequence[str], Sequence[str], bool]] = (),
           clear: Sequence[tuple[str, Sequence[str], str, bool]] = (),
           small: Sequence[tuple[Sequence[str], bool]] = (),
           fan: Sequence[tuple[str, Sequence[str]]] = ()) -> NumericModel | None:
    """Another model of the same problem, drawn more readably: the least squares from ``model`` with soft
    terms that push distinct points ``apart`` (a share of the figure's size) and polygons to a mean width of
    ``width`` of their longest side and drawn sides (lines between points, polygon sides, relations'
    segments) to ``short`` of the figure's size at least (``rounds`` Jacobians), then polished on the facts
    alone.  Among the solutions that satisfy
    every fact this picks one near the given model where facts leave points free (a foot anywhere along its
    side, a parallelogram's angle); None where the moved figure breaks a fact, changes the goal's value, or
    is no better.  (An approximate model is kept as it is: its givens disagree, spreading would move them.)
    ``unequal``: pairs of segments (each two points) drawn of one length that should not be, ``SPREAD_UNEQUAL``
    apart at least where the facts leave their ratio free (one length drawn for two reads as a relation).  ``off``:
    points each drawn on (or hard by) a line no fact puts it on, with two points of the line, pushed ``apart`` off
    it where the facts let them (a chord drawn through the centre reads as a diameter: the least squares from a
    start too small for the given lengths stops on the edge of the figures that fit, the chord as long as it can be).
    ``turned``: pairs of lines (each by two points or more) drawn near perpendicular (True) or near parallel (False)
    that no fact makes so, turned ``SPREAD_SQUARE`` or ``SPREAD_TURN`` away from it where the facts leave their angle
    free.  ``clear``: lines against circles, each the centre, two points of the line, a point of the circle and whether
    tangent: a chord drawn near the centre moved ``SPREAD_CENTRE`` of the radius off it (it reads as a diameter), a
    line drawn near tangent ``SPREAD_TANGENT`` of the radius into or off the circle, the way it leans (it reads as
    tangent), where the facts let them.  ``small``: circles (a centre and a point on it, True) and polygons (their
    points, False) drawn small against the figure (a point far from the rest sets its size), grown to ``SPREAD_CIRCLE``
    or ``SPREAD_POLYGON`` of the figure's size across where the facts let them: the far point drawn nearer.  ``fan``:
    circles (a centre and the points on it) whose points bunch in one strip, spread over it (no stretch without
    one wider than ``SPREAD_FAN``) where the facts let them."""
    if model.misfit:
        return None
    unequal = _free_ratios(model, unequal)
    system = _fresh_system(model.problem)
    n = len(system.points)
    x0 = system.pack(model.coords, model.variables, model.radii)
    problem, ix = model.problem, {q: i for i, q in enumerate(system.points)}
    polys = [tuple(ix[q] for q in poly.points) for poly in problem.polygons]
    sides = {tuple(sorted((ix[a], ix[b]))) for ln in problem.lines for a, b in zip(ln.points, ln.points[1:])}
    sides |= {tuple(sorted((ix[a], ix[b]))) for ring in (p.points for p in problem.polygons)
              for a, b in zip(ring, ring[1:] + ring[:1])}
    sides |= {tuple(sorted((ix[arg[0]], ix[arg[1]]))) for rel in problem.relations for arg in rel.args
              if len(arg) == 2 and arg[0] != arg[1]}
    first, second = (np.array([s[k] for s in sorted(sides)], dtype=int) for k in (0, 1))
    groups = [[ix[q] for q in g] for g in parts(problem)]
    corners = [(k, r[i - 1], r[i], r[(i + 1) % len(r)]) for k, r in enumerate(polys) for i in range(len(r))]
    poly, prev, cur, nxt = (np.array([c[j] for c in corners], dtype=int) for j in range(4))
    if len(cur):  # (the corners drawn near flat or reflex are pushed back; the rest are left to the other terms)
        start = x0[:2 * n].reshape(n, 2)
        keep = np.unique(poly if turned else poly[_inner_angles(start, prev, cur, nxt, poly) > SPREAD_FLAT])
        # (lines turned apart: every polygon's corners kept from flat, or the turn lays one flat instead)
        pick = np.isin(poly, keep)
        renumber = np.searchsorted(keep, poly[pick])
        poly, prev, cur, nxt = renumber, prev[pick], cur[pick], nxt[pick]
        loose = _loose_corners(model, system.points, start, poly, prev, cur, nxt)
    iu = np.triu_indices(n, 1)
    pairs = np.array([[ix[a[0]], ix[a[1]], ix[b[0]], ix[b[1]]] for a, b in unequal], dtype=int).reshape(-1, 4)
    offs = np.array([[ix[q], ix[ab[0]], ix[ab[1]]] for q, ab in off], dtype=int).reshape(-1, 3)
    turns = np.array([[ix[s[0]], ix[s[-1]], ix[t[0]], ix[t[-1]], square] for s, t, square in turned],
                     dtype=int).reshape(-1, 5)
    clears = np.array([[ix[o], ix[ab[0]], ix[ab[1]], ix[q], tangent] for o, ab, q, tangent in clear],
                      dtype=int).reshape(-1, 5)
    grown = [(np.array([ix[q] for q in names], dtype=int), circle) for names, circle in small]
    fans = [(ix[o], np.array([ix[q] for q in names], dtype=int)) for o, names in fan]

    rings = [(np.array(ring, dtype=int), np.roll(np.array(ring, dtype=int), 1)) for ring in polys]  # (each ring
    # with its corners one back: np.roll on every evaluation cost more than the area it feeds)
    i0, i1 = iu
    group_pairs = [(np.array(g), np.array(h)) for i, g in enumerate(groups) for h in groups[i + 1:]]

    def soft_all(pts: np.ndarray) -> np.ndarray:
        """The soft terms of B figures at once (``pts`` B×n×2, B×terms): a Jacobian's columns in one pass."""
        size = np.maximum(np.max(np.ptp(pts, axis=1), axis=1), 1e-9)[:, None]
        diff = pts[:, i0] - pts[:, i1]
        out = [np.maximum(apart - np.hypot(diff[..., 0], diff[..., 1]) / size, 0.0)]
        if len(first):  # every drawn side a fair share of the figure (a long ray dwarfs the rest)
            side = pts[:, first] - pts[:, second]
            out.append(np.maximum(short - np.hypot(side[..., 0], side[..., 1]) / size, 0.0))
        for ring, back in rings:
            p = pts[:, ring]
            X, Y = p[..., 0], p[..., 1]
            total = np.zeros(len(pts))
            for i in range(len(ring)):  # (the shoelace summed corner by corner, as the residuals' faces sum it)
                total = total + (X[:, i - 1] * Y[:, i] - Y[:, i - 1] * X[:, i])
            area = np.abs(0.5 * total)
            edge = p - pts[:, back]
            longest = np.max(np.hypot(edge[..., 0], edge[..., 1]), axis=1)
            out.append(np.maximum(width - area / np.maximum(longest, 1e-9) ** 2, 0.0)[:, None])
        if len(cur):  # (no polygon corner drawn near flat, or reflex, where the facts leave it free: the polygons
            # that have one at the start, all their corners)
            out.append(loose * np.maximum(_inner_angles(pts, prev, cur, nxt, poly) - SPREAD_FLAT, 0.0) / 180.0)
        for g, h in group_pairs:  # (unconnected parts side by side, never over each other)
            a, b = pts[:, g], pts[:, h]
            u = b.mean(axis=1) - a.mean(axis=1)
            u = u / np.maximum(np.hypot(u[:, 0], u[:, 1]), 1e-12)[:, None]
            along_a = a[..., 0] * u[:, None, 0] + a[..., 1] * u[:, None, 1]
            along_b = b[..., 0] * u[:, None, 0] + b[..., 1] * u[:, None, 1]
            gap = np.min(along_b, axis=1) - np.max(along_a, axis=1)
            out.append(np.maximum(SPREAD_PARTS - gap / size[:, 0], 0.0)[:, None])
        if len(pairs):  # (segments the facts leave free drawn of one length: told apart)
            da, db = pts[:, pairs[:, 0]] - pts[:, pairs[:, 1]], pts[:, pairs[:, 2]] - pts[:, pairs[:, 3]]
            la, lb = np.hypot(da[..., 0], da[..., 1]), np.hypot(db[..., 0], db[..., 1])
            out.append(np.maximum(SPREAD_UNEQUAL - np.abs(la - lb) / np.maximum(np.maximum(la, lb), 1e-9), 0.0))
        if len(offs):  # (a point drawn on a line no fact puts it on: off it)
            u, w = pts[:, offs[:, 2]] - pts[:, offs[:, 1]], pts[:, offs[:, 0]] - pts[:, offs[:, 1]]
            gap = np.abs(u[..., 0] * w[..., 1] - u[..., 1] * w[..., 0]) / np.maximum(np.hypot(u[..., 0], u[..., 1]),
                                                                                    1e-9)
            out.append(np.maximum(apart - gap / size, 0.0))
        if len(turns):  # (two lines drawn near perpendicular or parallel that no fact makes so: turned apart)
            u, w = pts[:, turns[:, 1]] - pts[:, turns[:, 0]], pts[:, turns[:, 3]] - pts[:, turns[:, 2]]
            norm = np.maximum(np.hypot(u[..., 0], u[..., 1]) * np.hypot(w[..., 0], w[..., 1]), 1e-12)
            cos = np.abs(u[..., 0] * w[..., 0] + u[..., 1] * w[..., 1]) / norm
            sin = np.abs(u[..., 0] * w[..., 1] - u[..., 1] * w[..., 0]) / norm
            out.append(np.maximum(np.where(turns[:, 4] == 1, SPREAD_SQUARE - cos, SPREAD_TURN - sin), 0.0))
        if len(clears):  # (a chord near the centre, a line near tangent, that no fact makes so: cleared)
            u, w = pts[:, clears[:, 2]] - pts[:, clears[:, 1]], pts[:, clears[:, 0]] - pts[:, clears[:, 1]]
            d = np.abs(u[..., 0] * w[..., 1] - u[..., 1] * w[..., 0]) / np.maximum(np.hypot(u[..., 0], u[..., 1]), 1e-9)
            rv = pts[:, clears[:, 3]] - pts[:, clears[:, 0]]
            r = np.maximum(np.hypot(rv[..., 0], rv[..., 1]), 1e-9)
            out.append(np.maximum(np.where(clears[:, 4] == 1, SPREAD_TANGENT - np.abs(r - d) / r,
                                           SPREAD_CENTRE - d / r), 0.0))
        for idx, circle in grown:  # (a circle or a polygon drawn small, a far point setting the figure's size)
            p = pts[:, idx]
            if circle:
                across = 2 * np.hypot(*(p[:, 1] - p[:, 0]).T)
            else:
                gap = p[:, :, None, :] - p[:, None, :, :]
                across = np.max(np.hypot(gap[..., 0], gap[..., 1]).reshape(len(pts), -1), axis=1)
            out.append(np.maximum((SPREAD_CIRCLE if circle else SPREAD_POLYGON) - across / size[:, 0], 0.0)[:, None])
        for o, idx in fans:  # (a circle's points bunched in one strip of it: spread over it)
            v = pts[:, idx] - pts[:, o][:, None, :]
            out.append(np.maximum(widest_gap(np.arctan2(v[..., 1], v[..., 0])) - SPREAD_FAN, 0.0)[:, None]
                       / (2 * math.pi))
        return np.concatenate(out, axis=1)

    def soft(x: np.ndarray) -> np.ndarray:
        return soft_all(x[None, :2 * n].reshape(1, n, 2))[0]

    before = float(np.sum(soft(x0) ** 2))
    if before == 0.0:
        return None
    last: list = [None, None, None]  # (the point the residuals were last asked at, the facts' and soft terms' there:
    # the least squares asks the Jacobian where it has just evaluated, and soft_all is a dozen numpy calls)

    def at(x: np.ndarray) -> list:
        if last[0] is None or not np.array_equal(last[0], x):
            last[:] = [x.copy(), system(x), SPREAD_WEIGHT * soft(x)]
        return last

    def facts_at(x: np.ndarray) -> np.ndarray:
        return at(x)[1]

    def fun(x: np.ndarray) -> np.ndarray:
        _, facts, s = at(x)
        return np.concatenate([facts, s])

    def jac(x: np.ndarray) -> np.ndarray:
        """``forward_differences``' Jacobian, step for step: the facts' columns one evaluation each, the soft
        terms' all in one pass (they read the points alone: a variable's or a radius's column is 0)."""
        f0 = facts_at(x)
        sign = (x >= 0).astype(float) * 2 - 1
        h = EPS ** 0.5 * sign * np.maximum(1.0, np.abs(x))
        step = (x + h) - x
        out = np.empty((x.size, f0.size + len(s0)))
        for i in range(x.size):
            x1 = np.copy(x)
            x1[i] = x[i] + h[i]
            out[i, :f0.size] = (system(x1) - f0) / step[i]
        k = 2 * n
        moved = np.repeat(x[None, :k], k, axis=0)
        moved[np.arange(k), np.arange(k)] += h[:k]
        s = at(x)[2]
        out[:k, f0.size:] = (SPREAD_WEIGHT * soft_all(moved.reshape(k, n, 2)) - s) / step[:k, None]
        out[k:, f0.size:] = 0.0
        return out.T

    s0 = soft(x0)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        y = least_squares(fun, x0, jac, max_nfev=rounds * (x0.size + 1))
    y = _minimise(system, y, max_nfev=max(rounds, SPREAD_ROUNDS) * (x0.size + 1))
    worst = _worst(system(y))
    if worst >= TOLERANCE or float(np.sum(soft(y) ** 2)) >= before:
        return None
    at, vs, radii = system.unpack(y)
    moved = NumericModel(model.problem, {q: v.copy() for q, v in at.items()}, vs, radii, worst, model.seed)
    polys_ok = not any(pg.crosses_itself([at[q] for q in face]) for face in faces(model.problem))
    a, b = model.goal_value(), moved.goal_value()
    if not polys_ok or (a is not None and b is not None and not _close(a, b)):
        return None
    return moved


def widest_gap(angles: np.ndarray) -> np.ndarray:
    """The widest stretch (radians) between consecutive directions round a centre (``angles``: B×k, radians), the
    stretch across the wrap included: small where points spread round a circle, near 2π where they bunch."""
    a = np.sort(np.mod(angles, 2 * math.pi), axis=-1)
    inner = np.diff(a, axis=-1)
    wrap = 2 * math.pi - (a[..., -1] - a[..., 0])
    return np.maximum(np.max(inner, axis=-1, initial=0.0), wrap)


def _loose_corners(model: NumericModel, names: Sequence[str], start: np.ndarray, poly: np.ndarray, prev: np.ndarray,
                   cur: np.ndarray, nxt: np.ndarray) -> np.ndarray:
    """1 for each polygon corner ``spread`` may push back from flat or reflex, 0 for one drawn past SPREAD_FLAT
    whose angle the facts fix (a dart's reflex corner at a circle's centre): pushing it back cannot succeed, and
    its pull against the facts left the least squares far off them, the polish then landing on a worse figure
    (reader 35's 06: FormalGeo 4428 kept its 28 px chord BC)."""
    flat = _inner_angles(start, prev, cur, nxt, poly) > SPREAD_FLAT
    loose = np.ones(len(cur))
    if not flat.any():
        return loose
    which = np.flatnonzero(flat)

    def angle(a: str, v: str, b: str):
        def measure(c, _r):
            u, w = c[a] - c[v], c[b] - c[v]
            return math.atan2(abs(float(u[0] * w[1] - u[1] * w[0])), float(u @ w))
        return measure

    fixed = fixed_by_facts(model, [angle(names[prev[i]], names[cur[i]], names[nxt[i]]) for i in which])
    loose[which[np.array(fixed, dtype=bool)]] = 0.0
    return loose


def _free_ratios(model: NumericModel, pairs) -> list:
    """The pairs of segments whose ratio of lengths the facts leave free near ``model``."""
    pairs = [(tuple(a), tuple(b)) for a, b in pairs]
    if not pairs:
        return []

    def ratio(a, b):
        return lambda c, _r: float(np.hypot(*(c[a[0]] - c[a[1]]))) / max(float(np.hypot(*(c[b[0]] - c[b[1]]))), 1e-12)

    fixed = fixed_by_facts(model, [ratio(a, b) for a, b in pairs])
    return [p for p, f in zip(pairs, fixed) if not f]


FIXED_RANK = 1e-7  # a singular value of the facts' Jacobian under this share of the largest: a free direction
FIXED_SHARE = 1e-3  # a measure whose change along the free directions is under this share of its gradient is fixed


def fixed_by_facts(model: NumericModel, measures: list) -> list[bool]:
    """For each measure (a function of the coordinates and radii, unchanged by a move, turn or scaling of the
    whole figure: an angle, a ratio of lengths), whether the facts fix it near ``model``: it keeps its value
    along every direction that keeps every fact (the null space of the residuals' Jacobian).  A figure's flaw
    measured so is the facts', not the layout's: no other model near this one draws it otherwise (a discrete
    other solution may; the caller's search tries those).  A degenerate model (a Jacobian short of rank) has
    more free directions, so it errs towards "free"."""
    if not measures:
        return []
    free, steps, h = _free_directions(model)
    out = []
    for measure in measures:
        grad = np.array([(float(measure(up[0], up[2])) - float(measure(down[0], down[2]))) / (2 * h)
                         for up, down in steps])
        norm = float(np.linalg.norm(grad))
        out.append(norm > 0 and float(np.linalg.norm(free @ grad)) <= FIXED_SHARE * norm)
    return out


_FREE: list = [None]  # the last model's free directions: one tuple (model, its packed vector, free, steps, h),
# replaced whole, so a reader never mixes two models' entries


def _free_directions(model: NumericModel) -> tuple[np.ndarray, list, float]:
    """The directions that keep every fact near ``model`` (``fixed_by_facts``), the central steps along each
    parameter (each step's figure unpacked) and the step; kept for the last model asked about: a figure asks
    several times of one model (its faults, its turns, its ratios), and the Jacobian and its SVD are the cost."""
    system = _fresh_system(model.problem)
    x0 = system.pack(model.coords, model.variables, model.radii)
    kept = _FREE[0]
    if kept is not None and kept[0] is model and np.array_equal(kept[1], x0):
        return kept[2], kept[3], kept[4]
    scale = max(float(np.max(np.abs(x0[:2 * len(system.points)]), initial=0.0)), 1.0)
    h = 1e-6 * scale
    eye = np.eye(x0.size) * h
    jac = np.column_stack([(system(x0 + e) - system(x0 - e)) / (2 * h) for e in eye])
    _, s, vt = np.linalg.svd(jac, full_matrices=True)
    rank = int(np.sum(s > FIXED_RANK * max(float(s[0]) if s.size else 0.0, 1e-12)))
    free = vt[rank:]
    steps = [(system.unpack(x0 + e), system.unpack(x0 - e)) for e in eye]  # (each step's figure unpacked once,
    # read by every measure)
    _FREE[0] = (model, x0, free, steps, h)
    return free, steps, h


def model_on(problem: GeneralProblem, coords: dict[str, np.ndarray], variables: dict[str, float],
             radii: dict[str, float]) -> NumericModel | None:
    """The model of ``problem`` on coordinates known to fit it (a generated construction's own figure),
    where they do: every line, circle, polygon, turn, relation and fact within TOLERANCE (None where one
    fails).  No search: the figure is checked, not found."""
    system = _System(problem)
    try:
        x = system.pack(coords, variables, radii)
    except KeyError:
        return None
    with np.errstate(all="ignore"):
        worst = _worst(system(x))
    if not worst < TOLERANCE:
        return None
    return NumericModel(problem, dict(coords), dict(variables), dict(radii), worst, 0)


def moved(model: NumericModel, shift: float, seed: int = 0) -> NumericModel | None:
    """Another model of the same problem near ``model``: the least squares from its points each moved at
    random by up to ``shift`` of the figure's size.  What the facts leave free moves with them, what they
    force comes back: one local solve shows what another figure of the text shows, with no search from
    random starts.  None where the solve finds no model within TOLERANCE."""
    system = _System(model.problem)
    x = system.pack(model.coords, model.variables, model.radii)
    k = 2 * len(system.points)
    x[:k] += np.random.default_rng(seed).uniform(-shift, shift, k) * model.size()
    with budget.limits(), np.errstate(all="ignore"):
        y = _solve(system, x, quick=True)
        worst = _worst(system(y))
    if not worst < TOLERANCE:
        return None
    at, vs, radii = system.unpack(y)
    return NumericModel(model.problem, {q: v.copy() for q, v in at.items()}, vs, radii, worst, seed)
