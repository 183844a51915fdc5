"""One call from a general problem to its exact answer and gold solution, or a refusal."""
from __future__ import annotations

import math
import re
import time
from dataclasses import dataclass

import numpy as np
import sympy
from geomill.engine import budget
from geomill.engine import plane_geometry as pg
from geomill.engine.errors import SolveError, shown
from geomill.engine.plane import GeneralProblem, element_of, positive_first, variables_in
from geomill.engine.relations import BLOCKS_BY_KEY

from ..numeric import NEAR_AGREE, NumericModel, _said, build_model, size
from .deduce import AGREE, Deduction, agreement
from .floats import float_function
from .proof import Proof, build_proof

RESEEDS = 3  # more models to try when the first draws a face crossing itself
ROUTES_APART = 0.01  # two routes to the goal at least this share apart contradict (a rounded degree moves one less:
# FormalGeo 823's 37 for 36.87 gives 36.80 by the law of sines)


READABLE = re.compile(r"(?:[0-9+\-*/() ]|sqrt\(|pi\b|(?:sin|cos|tan)\([0-9.]+°\))*")  # an exact form a reader
# reads: numbers, + - * /, sqrt, pi, and sines, cosines and tangents of angles in degrees


class Refused(SolveError):
    """The solver cannot prove the goal (the message says what is missing)."""


class Contradicted(Refused):
    """The givens contradict each other (the deduction proves values that break one): no figure meets them all."""


def _pi_apart(v: sympy.Expr) -> sympy.Expr:
    """``(64*pi - 48*sqrt(3))/3`` as ``64*pi/3 - 16*sqrt(3)``: a textbook writes the circle's part and the
    rest apart (a sector less a triangle), as the proof's last line does."""
    if not (v.is_Mul and v.has(sympy.pi)):
        return v
    e = sympy.expand(v)
    a = e.coeff(sympy.pi)
    rest = e - a * sympy.pi
    if a == 0 or rest == 0 or a.has(sympy.pi) or rest.has(sympy.pi):
        return v
    return a * sympy.pi + rest


def _in_degrees(v: sympy.Expr) -> sympy.Expr:
    """Sines, cosines and tangents of rational multiples of π written with their angle in degrees, as a
    textbook writes a trigonometric answer: ``20*tan(35°)``, never ``20*tan(7*pi/36)``."""
    put = {}
    for f in v.atoms(sympy.sin, sympy.cos, sympy.tan):
        deg = f.args[0] * 180 / sympy.pi
        if deg.is_Rational:
            put[f] = sympy.Symbol(f"{type(f).__name__}({float(deg):g}°)")
    return v.xreplace(put) if put else v


@dataclass
class GeneralSolution:
    problem: GeneralProblem
    exact_value: sympy.Expr
    model: NumericModel
    proof: Proof
    seconds_model: float
    seconds_solve: float

    @property
    def exact(self) -> float:
        return float(self.exact_value)

    @property
    def answer(self) -> float:
        return round(self.exact, 2)

    @property
    def answer_form(self) -> str:
        """The exact answer as a reader reads it, one rule for the answer line and the record: a decimal
        where the givens are decimals and it ends (7.5 from BP = 4.5, not 15/2), else the exact form
        (``5*sqrt(3)``, ``3/7``, ``4*pi``), else, where that is no form anyone reads (trigonometry, a
        root of a huge degree), its number."""
        from .write import decimal_text, given_decimals

        if given_decimals(self.proof) and (text := decimal_text(self.exact_value)) is not None:
            return text
        form = positive_first(_in_degrees(_pi_apart(self.exact_value)))
        if len(form) <= 40 and READABLE.fullmatch(form) and not any(len(d) > 12 for d in re.findall(r"[0-9]+", form)):
            return form
        return f"{self.exact:.6g}"

    @property
    def depth(self) -> int:
        return self.proof.depth

    @property
    def width(self) -> int:
        return self.proof.width

    def text(self, style: str = "text") -> str:
        return self.proof.render(style)

    def as_dict(self) -> dict:
        return {"answer": self.answer, "exact": self.exact, "exact_form": str(self.exact_value),
                "answer_form": self.answer_form,
                "depth": self.depth, "width": self.width, "solution": self.text("text"),
                "solution_latex": self.text("latex"), "steps": self.proof.as_dicts()}


def solve_general(problem: GeneralProblem, model: NumericModel | None = None) -> GeneralSolution:
    """The proven answer of a general problem, or :class:`Refused` / SolveError saying why not."""
    if not isinstance(problem, GeneralProblem):
        raise SolveError("not a general plane-geometry problem: solvers.solve solves GeomVerse problems")
    if problem.goal is None:
        raise Refused("the problem has no goal (a 'find' line)")
    with budget.limits():
        try:
            return _solve_general(problem, model)
        except Contradicted:
            raise  # (an exact figure would meet every given: there is none to look for)
        except Refused:
            exact = _exact_instead(problem, model)
            if exact is None:
                raise
            return _solve_general(problem, exact)


def _exact_instead(problem: GeneralProblem, model: NumericModel | None) -> NumericModel | None:
    """Where an approximate figure (one the quick starts settled for, missing rounded givens) leads to a
    refusal, the figure that meets every given, where the patient starts find one (FormalGeo 1191: the
    quick starts miss the exact chord figure, and the approximate one measures BE 4 % off the proof's)."""
    if model is None or model.misfit <= 0:
        return None
    try:
        return build_model(problem)
    except SolveError:
        return None


def _solve_general(problem: GeneralProblem, model: NumericModel | None) -> GeneralSolution:
    t0 = time.process_time()
    if model is None:
        model = build_model(problem)
    t1 = time.process_time()
    crossed = _crossed(problem, model)
    for seed in range(1, 1 + RESEEDS if crossed else 0):  # a face drawn crossing itself: look for a true figure
        try:
            again = build_model(problem, seed=seed)
        except SolveError:
            continue
        if not _crossed(problem, again):
            model, crossed = again, None
            break
    if crossed:
        raise Refused(f"the figure found draws polygon {crossed} crossing itself: it is not a face, and what the "
                      "figure says about the configuration cannot be trusted")
    mirrored = _mirror_disagrees(problem, model)
    if mirrored is not None:
        raise Refused(f"the goal depends on which way the figure turns ({mirrored}), and no turning chain "
                      "('clockwise …') fixes it")
    with budget.stage("the deduction", size(problem)):
        ded = Deduction(problem, model)
        out = ded.run()
        if out.value is None:  # the shapes the lines draw unnamed, looked at only where the named ones do not do
            wider = Deduction(problem, model, unnamed=True)
            if wider.cfg.drawn_quadrilaterals():
                again = wider.run()
                if again.value is not None:
                    ded, out = wider, again
    if out.value is None:
        raise Refused(out.reason, problem.goal.span if problem.goal is not None else None)
    measured = model.goal_value()
    try:
        exact = float(out.value)
    except TypeError:
        raise Refused(f"the deduced value {out.value} is not a real number") from None
    agree = agreement(model)
    if measured is None or not math.isfinite(measured) or abs(exact - measured) > agree * max(1.0, abs(measured)):
        said, seen = shown(exact, measured)
        raise Refused(f"the deduced value {out.value} = {said} disagrees with the figure's {seen}")
    if model.near and abs(exact - measured) > NEAR_AGREE * max(1.0, abs(measured)):
        said, seen = shown(exact, measured)
        raise Contradicted(f"the givens contradict each other (no figure meets them all: the nearest miss them by "
                           f"up to {100 * model.misfit:.2g} %), and the deduced value {out.value} = {said} is "
                           f"not the goal's {seen} on the near figures", problem.goal.span)
    contradicted = _given_contradicted(problem, ded.known(), agree) or _route_contradicted(problem, ded, agree)
    if contradicted:
        raise Contradicted(f"the givens contradict each other: {contradicted}", problem.goal.span)
    proof = build_proof(ded, out)
    bad = proof.check(model, agree)
    if bad:
        raise Refused(f"the proof shows an equation the figure does not satisfy: {bad[0]}")
    return GeneralSolution(problem, out.value, model, proof, t1 - t0, time.process_time() - t1)


def _given_contradicted(problem: GeneralProblem, known: dict, agree: float) -> str:
    """A given on the goal's elements that the deduced values break (by more than the figure's
    agreement): the givens then contradict each other, and which of them the answer trusts is a guess
    (FormalGeo 153: angle ADF = y^2 - 1 where the rectangle's other givens prove ADF = 25 and y = 21/4).
    Empty where none does."""
    asked = problem.goal.expr.free_symbols
    for f in problem.facts:
        syms = (f.lhs - f.rhs).free_symbols
        if not syms & asked or not syms <= known.keys():
            continue
        try:
            a, b = float(f.lhs.xreplace(known)), float(f.rhs.xreplace(known))
        except (TypeError, ValueError):
            continue
        if abs(a - b) > agree * max(1.0, abs(a), abs(b)):
            told = ", ".join(f"{_said(x)} = {_said(known[x])}" for x in sorted(syms, key=str))
            given = f"{_said(f.lhs)} = {_said(f.rhs)}".replace("**", "^")
            sa, sb = shown(a, b)
            return f"the values deduced from the others ({told}) break the given {given}: {sa} against {sb}"
    return ""


def _route_contradicted(problem: GeneralProblem, ded: Deduction, agree: float) -> str:
    """A theorem the deduction holds (pending: its elements all known now) that gives the goal's element
    another value than the deduction's, by more than the figure's agreement: two routes from the givens
    to the goal disagree, so the givens contradict each other (FormalGeo 2053: the incentre's angles give
    PQ = 25 sin 35° = 14.34, Pythagoras in JPQ gives 15).  Empty where none does."""
    known = ded.known()
    for p in ded.pool:
        syms = p.expr.free_symbols
        for x in syms & problem.goal.expr.free_symbols:
            if x not in known or not (syms - {x}) <= known.keys():
                continue
            f = p.expr.xreplace({y: known[y] for y in syms - {x}})
            v = float(known[x])
            other = _root_near(f, x, v)
            if other is not None and abs(other - v) > max(agree, ROUTES_APART) * max(1.0, abs(v)):
                sv, so = shown(v, other)
                exact = "" if known[x].is_Rational else f" = {sv}"
                return (f"{_said(x)} = {_said(known[x])}{exact} from the deduction, but {so} "
                        f"{p.step.instance.text}")
    return ""


def _root_near(f: sympy.Expr, x: sympy.Symbol, v: float) -> float | None:
    """The root of ``f`` in ``x`` that Newton's method reaches from ``v`` (None where it does not settle)."""
    compiled = float_function(f)
    if compiled is not None and compiled[0] == (x,):  # (a float function: sympy's arithmetic costs a hundred times more)
        fn = compiled[1]

        def at(t: float) -> float:
            return float(fn((t,)))
    else:
        def at(t: float) -> float:
            return float(f.xreplace({x: t}))
    try:
        for _ in range(20):
            h = 1e-7 * max(1.0, abs(v))
            fv = at(v)
            slope = (at(v + h) - fv) / h
            if not math.isfinite(slope) or slope == 0:
                return None
            step = fv / slope
            v -= step
            if abs(step) <= 1e-12 * max(1.0, abs(v)):
                return v if math.isfinite(v) else None
    except (TypeError, ValueError, ZeroDivisionError, OverflowError):
        return None
    return None


def _mirror_disagrees(problem: GeneralProblem, model: NumericModel) -> str | None:
    """With no turning chain, the mirror image of a figure is a figure of the problem too, unless a
    fact it states is one-handed (an arc runs counter-clockwise): if the mirror meets every fact and
    gives the goal another value, the problem does not decide it."""
    if problem.turns:
        return None
    at = {k: np.array([-v[0], v[1]]) for k, v in model.coords.items()}
    mirror = NumericModel(problem, at, model.variables, model.radii, model.residual, model.seed)
    one_handed = set()
    for f in problem.facts:
        e = f.lhs - f.rhs
        if variables_in(e):  # a variable would take another value in the mirror: compare its arcs below
            one_handed |= {s for s in e.free_symbols if (el := element_of(s)) and el.kind.canon == "ordered"}
            continue
        a, b = mirror.value(f.lhs), mirror.value(f.rhs)
        if not (math.isfinite(a) and math.isfinite(b)) or abs(a - b) > 1e-4 * max(1.0, abs(a), abs(b)):
            return None  # the mirror breaks a fact: the facts fix the handedness
    for rel in problem.relations:
        if any(abs(r) > 1e-4 for r in BLOCKS_BY_KEY[rel.key].residuals(rel.args, at)):
            return None
    for sym in sorted(one_handed, key=lambda s: s.name):
        a, b = model.value(sym), mirror.value(sym)
        if abs(a - b) > AGREE * max(1.0, abs(a)):
            return "{} is {} as found, {} in its mirror image".format(element_of(sym).text, *shown(a, b))
    g0, g1 = model.goal_value(), mirror.goal_value()
    if g0 is None or g1 is None or abs(g0 - g1) <= AGREE * max(1.0, abs(g0)):
        return None
    return "{} as found, {} in its mirror image".format(*shown(g0, g1))


def _crossed(problem: GeneralProblem, model: NumericModel) -> str | None:
    """The first polygon the model draws crossing itself (a face never does), or None."""
    for poly in problem.polygons:
        if pg.crosses_itself([model.coords[q] for q in poly.points]):
            return "".join(poly.points)
    return None
