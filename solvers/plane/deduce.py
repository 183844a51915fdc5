"""Deduction for general problems: theorem instances -> exact linear elimination + one-unknown algebra.

Every theorem instance (``theorems.py``) is an equation between element symbols, written on the
configuration's atoms (an angle as its pair of rays).  A linear one with rational coefficients
(angle sums and addition, line addition, parallel angles, radii, arcs, givens) goes to one
:class:`~geomill.solvers.linear.LinearTable` over every atom and variable; the others (Pythagoras,
the laws of sines and cosines, ratios of similar triangles, areas, circle formulas) wait in a
pool.  Rounds then repeat until the goal is determined or nothing new comes:

1. a pooled equation whose unknowns, after the table's known values are put in, are linear with
   rational coefficients joins the table (a similar-triangle ratio with one ratio known);
2. a pooled equation left with one unknown is solved exactly by sympy, the root chosen by the
   numeric model's value (the model only picks among the roots the algebra proves);
3. judgement theorems (isosceles, right triangles, similar and congruent triangles …) whose
   metric premises the table now proves add their conclusions.

The goal's value is then checked against the model; a disagreement or an undetermined goal is a
refusal that names what is missing, never an answer read from the coordinates.
"""
from __future__ import annotations

import bisect
import dataclasses
import functools
import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

import sympy
from geomill.engine import budget
from geomill.engine import plane_geometry as pg
from geomill.engine.errors import SolveError
from geomill.engine.plane import Degrees, GeneralProblem, PolygonDecl, element_of, element_symbol
from geomill.engine.relations import BLOCKS_BY_KEY
from sympy.core.assumptions import check_assumptions
from sympy.functions.elementary.trigonometric import InverseTrigonometricFunction, TrigonometricFunction

from ..linear import Answer, Inconsistent, LinearTable
from ..nonlinear import _real
from ..numeric import UNDERDETERMINED, NumericModel, build_model
from .configuration import Configuration
from .floats import clearly_nonlinear, kept_unknowns
from .patterns import Index
from .theorems import Instance, construction_instances, judgements
from .weights import ANGLE_FROM_RATIO, ARITHMETIC, ARITHMETIC_WEIGHT, LINEAR_ONLY, OWN_WHEN_SOLVED, SOLVED_ONLY, weight
from .weights import DEFAULT as DEFAULT_WEIGHT
from .weights import QUADRATIC as QUADRATIC_WEIGHT
from .weights import SOLVED as SOLVED_WEIGHT

MAX_ROUNDS = 12
PATH_DEPTH = 8  # premises of premises … weighed into a proof's choice this deep
PREMISE_CUTS = 2  # a premise's explanations tried: the table cut after each of this many light theorems on it
MAX_PROPORTIONAL = 6  # unknowns in a product of ratios that proven() compares with the pooled equations
SOLVE_OPS = 60  # the largest equation (sympy.count_ops) a round solves with sympy: a size, not a CPU-time limit,
# so that the same problem gets the same proof on any machine (FormalGeo's development half needs 41 at most)
# the theorem a textbook reaches for first; a relation's own (nonlinear) equation as any named theorem; else its weight
PREFER = {"right_triangle_property_pythagorean": 0, "relation": 1}


POLISH_WEIGHT = 0.5  # the pending equations solved once the goal is found: as light as this (weights.py)
# a goal whose proof weighs at least this (the law of sines, two areas and an area ratio: 9.2) has a light named
# theorem still pending that gives it cited as well (the intercept theorem: 3.5 with the law of sines before it);
# a route of a few named steps (the midpoint theorem: 1.8; an equilateral triangle cut off by a parallel: 5.8)
# stays as it is
LONG_CHAIN = 8.0
TIE = 1e-6  # each equation of a proof weighs this more in the proof's choice: fewer equations win a tie of weights
LIGHT_RATIO = 0.5  # a ratio asked is read off one equation this light where one gives it (a right triangle's sine)
POLISH_PASSES = 3
# heavier theorems the polish solves too where every element but one is given: the law of cosines with two given
# sides and their given angle is the textbook's first step, where a chain through other elements (Stewart's theorem
# on a diagonal) fixed the goal first
POLISH_GIVEN = frozenset({"cosine_theorem"})
COMBINE_REACH = 2  # rounds of pooled equations a combined goal draws in (each round's symbols reach further)
COMBINE_MAX = 16  # pooled equations a combined goal solves for at most
HOLDS_DIGITS = 60  # a pending equation holds on the known values when it vanishes to this many digits
POLISH_OPS = 30  # the largest equation (sympy.count_ops, known values put in) the polish solves: a size, not
# a time limit, so that the same problem gets the same proof on any machine


def _preference(key: str, solved: sympy.Symbol | None = None) -> float:
    """The order a round solves equations of one unknown in: Pythagoras first, then the lighter theorems
    (weights.py), so that the goal is reached by the named results a textbook quotes (a right triangle's
    legs, not the law of sines) before a heavier route fixes it; a formula solved for an element a
    textbook never takes from it (a side from Heron's formula) last."""
    off = _off_role(key, solved)
    return off if off is not None else PREFER.get(key, weight(key))


def _off_role(key: str, solved: sympy.Symbol | None) -> float | None:
    """SOLVED_ONLY's weight where ``solved`` is an element its formula is never solved for (a side from
    Heron's formula); None where that formula is solved for its own element, or is not such a formula."""
    el = element_of(solved) if solved is not None and key in SOLVED_ONLY else None
    return SOLVED_ONLY[key][1] if el is not None and el.kind.key != SOLVED_ONLY[key][0] else None


AGREE = 1e-3  # relative agreement of an answer (or a chosen root) with the model's value (a model meets its
# facts to 1e-5 relative, and a derived value can be off by ten times that)


ROUNDED = 5e-3  # on an approximate model, at least this: a whole degree rounds 53.13 to 53 (0.25 %), and a
# goal can move twice that (FormalGeo 1561: a rhombus's diagonal 8 measures 7.975 where its given angle is 53)


def agreement(model: NumericModel) -> float:
    """How closely a value must agree with the model: AGREE, or on an approximate model (givens
    that disagree, as FormalGeo rounds them) three times the share by which it misses them, and at
    least ROUNDED."""
    return max(AGREE, 3 * model.misfit, ROUNDED if model.misfit > 0 else 0.0)


@dataclass(eq=False)
class Step:
    """One theorem instance as used: its equation on atoms (after known values were put in,
    ``uses`` lists them) and, for a solved one, the unknown and its value."""

    instance: Instance
    lhs: sympy.Expr
    rhs: sympy.Expr
    uses: tuple[dict, ...] = ()  # linear combinations {symbol: coefficient} whose proven values it relies on
    solved: sympy.Symbol | None = None
    value: sympy.Expr | None = None
    # the linear equation (equal to zero) the table took from it, where that is not lhs − rhs with
    # known values put in: a ratio the table's relations (in ``uses``) made linear, a length divided out
    row: sympy.Expr | None = None

    def __str__(self) -> str:
        return f"{self.instance.text}: {self.lhs} = {self.rhs}"


@dataclass(eq=False)
class Pending:
    step: Step
    expr: sympy.Expr  # lhs - rhs on atoms
    done: bool = False
    known_count: int = -1
    idle: bool = False  # done with every element known before it was used: the polish may still cite it
    put: list | None = None  # [its elements' known values, expr with them put in, that one's symbols]: see put_in
    elements: tuple | None = None  # expr's symbols (put_in's key)

    def put_in(self, known: dict) -> sympy.Expr:
        """``expr`` with the known values put in, kept by those values: every pass of the pool and of
        the polish puts them in again, and most elements keep their state from pass to pass."""
        if self.elements is None:
            self.elements = tuple(self.expr.free_symbols)
        key = tuple(known.get(s) for s in self.elements)
        if self.put is None or self.put[0] != key:
            self.put = [key, self.expr.xreplace(known), None]
        return self.put[1]

    def left(self, known: dict) -> tuple[sympy.Expr, frozenset]:
        """``put_in`` and its symbols, kept with it: sympy walks the whole expression for them at every ask,
        and every pass of the pool asks each pending equation again."""
        e = self.put_in(known)
        if self.put[2] is None:
            self.put[2] = frozenset(e.free_symbols)
        return e, self.put[2]


def linear_form(e: sympy.Expr) -> tuple[dict[sympy.Symbol, sympy.Rational], sympy.Expr] | None:
    """(coefficients, constant) with ``e = sum(c*s) - constant``, when e is linear with rational
    coefficients and an exact constant; else None.

    An equation already written as a sum of monomials (most are: angle sums, line addition and
    givens are linear, products of ratios are not) is read as it is; only another shape is
    expanded first, which costs ten times more.  (Kept: seven in ten calls ask again, round after
    round of the pool; each caller gets its own dict.)"""
    got = _linear_form(e)
    return None if got is None else (dict(got[0]), got[1])


@functools.lru_cache(maxsize=65_536)
def _linear_form(e: sympy.Expr) -> tuple[dict[sympy.Symbol, sympy.Rational], sympy.Expr] | None:
    fast = _plain_linear(e)
    if fast is not None:
        return None if fast is NONLINEAR else fast
    if clearly_nonlinear(e):  # (Heron's formula of every triangle: expanding it only to read it nonlinear)
        return None
    return expanded_linear_form(e)


def expanded_linear_form(e: sympy.Expr) -> tuple[dict[sympy.Symbol, sympy.Rational], sympy.Expr] | None:
    """``linear_form`` the general way, of any shape: expanded, then read term by term."""
    e = sympy.expand(e)
    coeffs: dict[sympy.Symbol, sympy.Rational] = {}
    const = sympy.Integer(0)
    for term in sympy.Add.make_args(e):
        if not term.free_symbols:
            if term.has(sympy.Float):
                return None
            const -= term
            continue
        c, rest = term.as_coeff_Mul()
        if not rest.is_Symbol or not c.is_Rational:
            return None
        coeffs[rest] = coeffs.get(rest, sympy.Integer(0)) + c
    return {k: v for k, v in coeffs.items() if v != 0}, const


def _plain_linear(e: sympy.Expr):
    """``linear_form`` of a sum that ``expand`` would leave as it is: a sum of monomials (a rational
    times powers of symbols).  Such a sum is linear when each monomial is a rational or a rational
    times one symbol; otherwise it is not (``sympy.Add`` has already merged like monomials), and
    the answer is NONLINEAR.  None: another shape, for ``expand`` to settle."""
    coeffs: dict[sympy.Symbol, sympy.Rational] = {}
    const = sympy.Integer(0)
    linear = True
    for term in sympy.Add.make_args(e):
        if term.is_Symbol:
            coeffs[term] = coeffs.get(term, sympy.Integer(0)) + 1
        elif term.is_Rational:
            const -= term
        elif term.is_Mul and len(term.args) == 2 and term.args[0].is_Rational and term.args[1].is_Symbol:
            c, s = term.args
            coeffs[s] = coeffs.get(s, sympy.Integer(0)) + c
        elif _monomial(term):
            linear = False
        else:
            return None
    if not linear:
        return NONLINEAR
    return {k: v for k, v in coeffs.items() if v != 0}, const


NONLINEAR = "nonlinear"


def _monomial(term: sympy.Expr) -> bool:
    """Is ``term`` a rational times integer powers of symbols and of functions of symbols
    (``AC·BC·cos(∠ACB)``), a product ``expand`` leaves as it is?"""
    factors = term.args if term.is_Mul else (term,)
    for f in factors:
        if f.is_Pow:
            f = f.base if f.exp.is_Integer else f
        if not (f.is_Symbol or f.is_Rational or (f.is_Function and all(a.is_Symbol for a in f.args))):
            return False
    return True


@functools.lru_cache(maxsize=4096)
def _without_positive_factors(e: sympy.Expr) -> sympy.Expr:
    """``EF·P − 4·EF`` -> ``P − 4``: a length (a positive symbol) that every term holds as a factor
    of an equation equal to zero can be divided out.  (Kept: every round of the pool asks again.)"""
    if sympy.count_ops(e) > 40:
        return e
    if e.has(Degrees):  # (expanding a sine or cosine is slow: the terms as written)
        return _divided_out(sympy.Add.make_args(e))
    return _divided_out(sympy.Add.make_args(sympy.expand(e)), expand=True)


def _divided_out(terms: tuple[sympy.Expr, ...], expand: bool = False) -> sympy.Expr:
    """The sum of ``terms`` with every positive symbol that each term holds as a factor divided out: a
    sine or cosine stays one whole factor (``OP·cos(MOP) − 4/5·OP`` -> ``cos(MOP) − 4/5``, the ratio of
    two sides of a right triangle)."""
    e = sympy.Add(*terms)
    for s in sorted(e.free_symbols, key=lambda s: s.name):
        if not s.is_positive:
            continue
        while all(t.as_powers_dict().get(s, 0) >= 1 for t in terms):
            e = sympy.expand(e / s) if expand else sympy.Add(*(t / s for t in terms))
            terms = sympy.Add.make_args(e)
    return e


def _numerator(e: sympy.Expr) -> sympy.Expr:
    """An equation equal to zero without its denominators, expanded: ``AB - CD·EF/GH`` -> ``AB·GH - CD·EF``
    (``as_numer_denom`` brings the terms over one denominator as ``together`` does, several times faster)."""
    return sympy.expand(e.as_numer_denom()[0])


def _constant_multiple(r: sympy.Expr, q: sympy.Expr, syms: list[sympy.Symbol]) -> bool:
    """Is the expanded polynomial ``r`` a nonzero constant times the expanded ``q`` (in ``syms``)?

    Both are sums of monomials with constant coefficients, so a multiple has the same monomials
    with proportional coefficients: read term by term (``cancel`` of the quotient, which this
    replaces as the first test, costs a hundred times more); only monomials that match with
    ratios that do not compare equal as written go to ``cancel``."""
    def terms(e: sympy.Expr) -> dict[sympy.Expr, sympy.Expr]:
        out: dict[sympy.Expr, sympy.Expr] = {}
        for t in sympy.Add.make_args(e):
            c, m = t.as_independent(*syms, as_Add=False)
            out[m] = out.get(m, 0) + c
        return out

    tr, tq = terms(r), terms(q)
    if tr.keys() != tq.keys():
        return False
    ratios = {tr[m] / tq[m] for m in tr} if all(c != 0 for c in (*tr.values(), *tq.values())) else set()
    if len(ratios) == 1:
        k = next(iter(ratios))
        return not k.free_symbols and k != 0
    ratio = sympy.cancel(r / q)
    return not ratio.free_symbols and ratio != 0


def is_zero(e: sympy.Expr) -> bool:
    """Is ``e`` identically 0?  Expanded, a polynomial in its symbols with rational coefficients is
    0 only when it reads 0 (its expanded form is canonical), and a constant is decided as
    :func:`_holds_exactly` decides one, by evaluating it to HOLDS_DIGITS digits; ``simplify``, which costs a
    hundred times more (seconds on nested radicals), is left for other shapes and for a constant whose
    evaluation fails."""
    d = sympy.expand(e)
    if d == 0:
        return True
    if all(_rational_monomial(t) for t in sympy.Add.make_args(d)):
        return False
    if not d.free_symbols:
        verdict = _vanishes(d)
        if verdict is not None:
            return verdict
    return sympy.simplify(d) == 0


def _vanishes(d: sympy.Expr) -> bool | None:
    """Does the constant ``d`` (expanded) vanish to HOLDS_DIGITS digits against the size of its terms?  None
    where it cannot be evaluated.  Precision, not a CPU-time limit, decides: the same answer on any machine."""
    try:
        v = complex(d.evalf(HOLDS_DIGITS, maxn=4 * HOLDS_DIGITS))
        scale = max([1.0] + [abs(complex(t.evalf(15))) for t in sympy.Add.make_args(d)])
    except (TypeError, ValueError, ZeroDivisionError):
        return None
    if not (math.isfinite(v.real) and math.isfinite(v.imag) and math.isfinite(scale)):
        return None
    return abs(v) <= scale * 10.0 ** (10 - HOLDS_DIGITS)


def _clearly_nonzero(d: sympy.Expr) -> bool:
    """Is the constant ``d`` far from 0 on its value to 30 digits (beyond 1e-9 of its terms' size)?  Then
    ``simplify`` cannot make it 0, and a premise test need not spend it (20 ms on ``-5*pi/3``, a judgement's
    arc against the table's); False where unsure or where it cannot be evaluated, for ``simplify`` to decide."""
    try:
        v = complex(d.evalf(30))
        scale = max([1.0] + [abs(complex(t.evalf(15))) for t in sympy.Add.make_args(d)])
    except (TypeError, ValueError, ZeroDivisionError, OverflowError):
        return False
    return math.isfinite(v.real) and math.isfinite(v.imag) and math.isfinite(scale) and abs(v) > 1e-9 * scale


def _normal(e: sympy.Expr) -> sympy.Expr:
    """``e = 0`` scaled so that its first element (by name) has coefficient 1: one key for AE - EC and EC - AE."""
    e = sympy.expand(e)
    fs = sorted(e.free_symbols, key=lambda x: x.name)
    c = e.coeff(fs[0]) if fs else sympy.Integer(1)
    return sympy.expand(e / c) if c.is_number and c != 0 else e


def _holds_exactly(e: sympy.Expr) -> bool:
    """Does the constant ``e`` (a theorem's equation with proven exact values put in) vanish?  It does by
    the theorem wherever the values are right, so this guards against a wrong value, not a wrong theorem:
    a polynomial in rationals is decided exactly (expanded, it reads 0), anything else (radicals,
    trigonometry, whose ``simplify`` can run for minutes) by evaluating it to 60 digits.  Precision, not
    a CPU-time limit, decides: the same problem gives the same proof on any machine and under any load."""
    d = sympy.expand(e)
    if d == 0:
        return True
    if all(_rational_monomial(t) for t in sympy.Add.make_args(d)):
        return False
    return bool(_vanishes(d))


def _rational_monomial(t: sympy.Expr) -> bool:
    """A rational, or a rational times positive integer powers of symbols."""
    c, m = t.as_coeff_Mul()
    if not c.is_Rational:
        return False
    for f in sympy.Mul.make_args(m):
        if f.is_Pow:
            if not (f.exp.is_Integer and f.exp > 0):
                return False
            f = f.base
        if not (f.is_Symbol or f.is_Rational):
            return False
    return True


SPECIAL_DENOMINATORS = 360  # an angle whose root is a rational number of degrees is tried exactly below this


def _irrational_angle(e: sympy.Expr, s: sympy.Symbol, est: float, tol: float) -> bool:
    """Is the root of ``e = 0`` near ``est`` (within ``tol``), with the angle ``s`` only under sin, cos and
    tan, a number of degrees that is no fraction with a small denominator?  Then its exact form needs an
    inverse function (Niven: no other angle has a special sine), so ``sympy.solve`` (the polish's main
    cost, on angles no textbook asks) need not run.  The root is found by the secant method from
    ``est``; False wherever that is unsure (no convergence, a root outside ``tol``, a near fraction)."""
    if not math.isfinite(est) or not any(isinstance(a, Degrees) for a in e.atoms(sympy.Function)):
        return False
    if e.xreplace({a: sympy.Dummy() for a in e.atoms(Degrees) if a.has(s)}).has(s):
        return False  # (the angle also outside a sine: solved as before)
    f = _radians(e)

    def at(x: float) -> float:
        try:
            return float(f.evalf(30, subs={s: x}))
        except (TypeError, ValueError, ZeroDivisionError):
            return math.nan

    x0, x1 = est, est + max(1e-6, 1e-7 * abs(est))
    f0, f1 = at(x0), at(x1)
    for _ in range(30):
        if not (math.isfinite(f0) and math.isfinite(f1)) or f1 == f0:
            return False
        x0, x1, f0 = x1, x1 - f1 * (x1 - x0) / (f1 - f0), f1
        f1 = at(x1)
        if abs(x1 - x0) <= 1e-12 * max(1.0, abs(x1)):
            break
    else:
        return False
    if not (abs(f1) <= 1e-9 and abs(x1 - est) <= tol):
        return False
    return all(abs(x1 * q - round(x1 * q)) > 1e-6 for q in range(1, SPECIAL_DENOMINATORS + 1))


def _rational_roots(e: sympy.Expr, s: sympy.Symbol) -> list[sympy.Expr] | None:
    """The roots of ``e = 0`` that ``sympy.solve`` gives, where ``e`` is a polynomial of degree one or two
    in ``s`` with rational coefficients (most of the deduction's: a side from Pythagoras, an angle from a
    sum): the same formula's roots, each once, those that break ``s``'s assumptions left out, at a quarter
    of solve's cost (its checks and simplification find nothing to do on them).  None for any other ``e``."""
    try:
        poly = sympy.Poly(e, s)
    except sympy.PolynomialError:
        return None
    coeffs = poly.all_coeffs()
    if not 1 <= poly.degree() <= 2 or not all(c.is_Rational for c in coeffs):
        return None
    assumed = s.assumptions0
    return [r for r in dict.fromkeys(sympy.roots(poly, multiple=True))
            if check_assumptions(r, **assumed) is not False]


def _syms(e: sympy.Expr) -> list[sympy.Symbol]:
    """An expression's symbols in name order (a set's order changes from run to run)."""
    return sorted(e.free_symbols, key=lambda s: s.name)


def _tidy(value: sympy.Expr) -> sympy.Expr:
    """An answer in the form a textbook prints: ``21``, not ``10*cos(acos(-7/25)/2) + 15``; ``12/13``,
    not ``cos(pi*(1/2 - asin(12/13)/pi))`` (a trigonometric function of an inverse one, or of half
    of one, is written out exactly; other answers only have their radicals rationalised and nested
    radicals denested, since simplify is slow and rarely needed)."""
    value = sympy.radsimp(_half_angles(_radians(value)))
    if value.has(TrigonometricFunction, InverseTrigonometricFunction):
        tidy = sympy.simplify(value)
        if sympy.count_ops(tidy) < sympy.count_ops(value):
            value = tidy
    if value.has(sympy.Pow) and not value.free_symbols:
        tidy = sympy.radsimp(sympy.sqrtdenest(value))
        if sympy.count_ops(tidy) < sympy.count_ops(value):
            value = tidy
    return value


_INVERSE = (sympy.acos, sympy.asin, sympy.atan)


def _half_angles(e: sympy.Expr) -> sympy.Expr:
    """``cos(acos(a)/2)`` -> ``sqrt((1 + a)/2)``: sin and cos of half an inverse sine, cosine or
    tangent by the half-angle formulas (each half angle lies where its cosine is positive, and its
    sine has the sign of a)."""
    def half(f: sympy.Expr) -> sympy.Expr | None:
        c, rest = f.args[0].as_coeff_Mul()
        if abs(c) != sympy.Rational(1, 2) or not isinstance(rest, _INVERSE):
            return None
        a = rest.args[0]
        double = {sympy.acos: a, sympy.asin: sympy.sqrt(1 - a ** 2), sympy.atan: 1 / sympy.sqrt(1 + a ** 2)}[rest.func]
        if f.func == sympy.cos:
            return sympy.sqrt((1 + double) / 2)
        sign = 1 if rest.func == sympy.acos else sympy.sign(a)
        return sympy.sign(c) * sign * sympy.sqrt((1 - double) / 2)

    return e.replace(lambda x: isinstance(x, (sympy.sin, sympy.cos)) and not x.free_symbols and half(x) is not None,
                     half)


def _kind(s: sympy.Symbol) -> str | None:
    """The kind of the element ``s`` names (length, angle, perimeter …); None for a variable."""
    el = element_of(s)
    return el.kind.key if el is not None else None


def _radians(e: sympy.Expr) -> sympy.Expr:
    return e.replace(lambda x: isinstance(x, Degrees), lambda x: x.rewrite_radians())


def _weight(eq) -> float:
    """An equation's weight in a proof: its theorem's (weights.py); a value solved earlier, cited."""
    step = eq.label
    if not isinstance(step, Step):
        return DEFAULT_WEIGHT
    key = step.instance.family.key
    own = weight(key) if step.instance.family.weight is None else step.instance.family.weight  # (a block's own)
    if step.solved is not None and key in ANGLE_FROM_RATIO and (el := element_of(step.solved)) is not None \
            and el.kind.key == "angle":
        return ANGLE_FROM_RATIO[key]
    off = _off_role(key, step.solved)
    if off is not None:
        return off
    if step.solved is not None and _quadratic_in(step.lhs - step.rhs, step.solved):
        return max(QUADRATIC_WEIGHT, own)
    if step.solved is not None and key in LINEAR_ONLY and _squared_only(step.lhs - step.rhs, step.solved):
        return LINEAR_ONLY[key]
    if step.solved is not None and key in OWN_WHEN_SOLVED:
        return OWN_WHEN_SOLVED[key]
    return min(SOLVED_WEIGHT, own) if step.solved is not None else own  # (a relation's, solved, stays light)


def _squared_only(e: sympy.Expr, s: sympy.Symbol) -> bool:
    """Does ``e`` hold ``s`` only squared (``2·CE·EG = AE² + CE² − AC²`` for AE), not to the first power?"""
    try:
        poly = sympy.Poly(sympy.expand(e), s)
    except sympy.PolynomialError:
        return False
    return poly.degree() == 2 and poly.coeff_monomial(s) == 0


def _quadratic_in(e: sympy.Expr, s: sympy.Symbol) -> bool:
    """Is ``e = 0``, its other elements taken as known, a quadratic in ``s`` with a term in ``s`` itself (solved by
    the formula, not by a square root: ``2·PQ·HP = AP² + PQ² − AQ²`` for PQ, not Pythagoras for a side)?"""
    if s not in e.free_symbols:
        return False
    try:
        poly = sympy.Poly(sympy.expand(e), s)
    except sympy.PolynomialError:
        return False
    return poly.degree() == 2 and poly.coeff_monomial(s) != 0


@dataclass
class Outcome:
    value: sympy.Expr | None
    reason: str = ""
    goal: sympy.Expr | None = None
    steps: list[Step] = field(default_factory=list)
    uses: list[dict] = field(default_factory=list)  # linear relations the goal's value rests on
    final: Step | None = None  # the equation that gives a ratio goal its value
    combined: list[tuple[Step, sympy.Expr]] = field(default_factory=list)  # equations a whole goal is read from


def _rule(eq) -> bool:
    """Is ``eq`` one of a relation's own equalities of two elements (a stated shape's equal sides: LQ = MP)? (Never
    a value or a sum: a square's angle of 90°, then its neighbour's 180° less it, are two facts.)"""
    return isinstance(eq.label, Step) and eq.label.instance.family.key == "relation" and len(eq.coeffs) == 2 \
        and sum(eq.coeffs.values()) == 0 and not eq.constant


def _lightest(ways: list[frozenset], weigh: Callable[[frozenset], float]) -> frozenset:
    """The way of least weight, the least sorted among equals: ``min`` on (weight, sorted ids), each set sorted
    only where its weight ties the least."""
    if not ways:
        return frozenset()
    sums = [weigh(w) for w in ways]
    least = min(sums)
    ties = [w for w, s in zip(ways, sums) if s == least]
    return ties[0] if len(ties) == 1 else min(ties, key=sorted)


def _lead(e: sympy.Expr) -> sympy.Expr:
    """The number multiplying ``e``'s first element by name: what a sum is divided by to read as the table
    holds it (``sector area ADE + sector area BHI − x``, not ``x − sector area ADE − …``)."""
    first = min(e.free_symbols, key=lambda x: x.name)
    return sympy.expand(e).coeff(first).as_independent(*e.free_symbols, as_Add=False)[0] or sympy.Integer(1)


def _table_sums(rest: sympy.Expr, uses: dict) -> list[dict]:
    """What a combined goal's rest (the goal less its equations) rests on in the table: the linear sum each
    constant factor multiplies (π/90 of the three arcs: their sum 180; 1 of x less three sectors' areas: 0),
    or where a part is not linear (π·radius O² − π·CO²), the table's expression of each element in it
    (radius O = CO)."""
    parts: dict[sympy.Expr, list[sympy.Expr]] = {}
    for t in sympy.Add.make_args(sympy.expand(rest)):
        if t.free_symbols:
            c = t.as_independent(*t.free_symbols, as_Add=False)[0]
            parts.setdefault(sympy.Mul(*[f for f in sympy.Mul.make_args(c) if not f.is_Rational]), []).append(t)
    forms = [linear_form(sympy.expand(sympy.Add(*ts) / _lead(sympy.Add(*ts)))) for ts in parts.values()]
    if all(f is not None for f in forms):
        return [f[0] for f in forms if f[0]]
    left = set().union(*(sympy.Add(*ts).free_symbols for ts in parts.values()))
    return [uses[x][1] for x in sorted(left, key=lambda x: x.name) if uses.get(x) is not None]


def _cannot_tie(e: sympy.Expr, k: int, last: bool) -> bool:
    """Does ``e`` (a pooled equation with ``k`` of the table's expressions put in) certainly keep two
    unknowns however its positive factors are divided out, and (with expressions put in) stay nonlinear?
    Read on floats (floats.kept_unknowns), so that the exact division, sympy's dearest work in a round of
    the pool, is spent only where it may leave one unknown.  With every expression put in, nonzero factors
    are divided out too: only three unknowns kept are sure to leave two."""
    got = kept_unknowns(e)
    if got is None:
        return False
    kept, nonlinear = got
    if kept < (3 if last else 2):
        return False
    return k == 0 or nonlinear


def _on_two_triangles(inst: Instance) -> bool:
    """A judgement on a pair of triangles (similar, congruent), the kind several premise sets prove at once;
    any other judgement (the apex line's roles on one isosceles triangle) keeps the order its blocks come in."""
    return len(inst.names) == 2 and all(isinstance(n, str) and len(n) == 3 for n in inst.names)


class Deduction:
    def __init__(self, problem: GeneralProblem, model: NumericModel, unnamed: bool = False):
        self.problem = problem
        self.model = model
        self.cfg = Configuration(problem, model, unnamed)
        self.index = Index(self.cfg, self.proven)
        self.index.value = self.value_of
        self.agree = agreement(model)  # the theorem blocks' tables, kept from round to round
        self.table = LinearTable()
        self.pool: list[Pending] = []
        self.seen: set[sympy.Expr] = set()
        self._said: set[tuple[sympy.Expr, sympy.Expr]] = set()  # (lhs, rhs) of every instance added
        self._proven: dict[tuple[sympy.Expr, sympy.Expr], object] = {}  # see proven
        self._products: set[sympy.Expr] = set()  # pooled equations, cleared of denominators (see products)
        # pooled equations not yet in _products, with their elements once asked (None: not yet)
        self._unkeyed: list[tuple[sympy.Expr, set | None]] = []
        self.clashes: list[str] = []
        self.symbol: dict[str, sympy.Symbol] = {}  # the table's keys are names (they order; symbols do not)
        self._estimates: dict[sympy.Symbol, float] = {}
        self._roots: dict[tuple, sympy.Expr | None] = {}  # (equation, unknown, estimate) -> _solve_one's root
        self.goal = self.cfg.canon(problem.goal.expr) if problem.goal is not None else None
        self.final: Step | None = None  # the equation a ratio goal was solved from
        # a pooled equation's id -> (table rank, its equation with the table put in, that reduced: None until asked)
        self._reductions: dict[int, tuple[int, sympy.Expr | None, sympy.Expr | None]] = {}
        # (by depth: an equation met deep down is weighed without its premises, and again at the top with them)
        self._paths: dict[tuple, float] = {}  # (equation id, depth) -> its weight with its premises' proofs
        # the equations (ids) the proof being written has cited so far, with all they rest on: a route through them
        # pays nothing again for them (see _proof_weight); set and cleared by the proof's traceback
        self.in_proof: frozenset[int] = frozenset()
        self._costs: dict[tuple, frozenset] = {}  # (premise, before, depth) -> the equations of its lightest proof
        self._first_fixed: dict[frozenset, int] = {}  # a premise -> how many first equations of the table fix it
        self._explained: dict[tuple, list] = {}  # (premise, before) -> its explanations (see _explanations)
        self._closures: dict[tuple, frozenset] = {}  # (equation id, depth) -> the equations of its proof
        self._judged: set[tuple[int, int]] = set()  # (judgement block, binding) pairs a round has added
        self._factored: dict[sympy.Expr, sympy.Expr] = {}  # _without_nonzero_factors, as found
        self._tied: dict[tuple, tuple | None] = {}  # _tie_to_one's answers (see there)
        self._solved_index: dict = {}  # an element -> the table's equations solved for it (see _solved_for)
        self._solved_seen = 0  # how many of the table's equations _solved_index holds
        self._relation_said: set = set()  # what only a relation's own equations said (see add)
        self._judged_from: set = set()  # (family, premises) of the judgement instances added (see add)
        self._givens: set | None = None  # see _given_keys (read once the givens are in)
        self._direct_said: set = set()  # (conclusion, family) of each direct judgement's instance met
        self._said_stated: set = set()  # conclusions a judgement from stated premises said again (see _restated)
        self._relation_seen: set = set()
        self._round_start: int | None = None  # the table's size when the judgement round now running began
        self._stated_forms: set = set()  # the givens' and relations' equations, normalized (see _stated_premise)
        self._premises: dict[tuple, list] = {}  # a premise (a, b) -> a − b on atoms, and normalized (see _premise)
        # each equation's _eq_weight (None: not yet asked; fixed once asked, _given_keys being read once) and, for a
        # relation's own equality, its instance's text (see _sum)
        self._weights: list[float | None] = []
        self._stated_values: set | None = None  # _stated_keys, read once (the judgements come after them)
        self._round_costs: dict[tuple, int] = {}  # _round_cost's: (lhs, rhs, the round's start) -> the premise's cost
        self._rule_texts: list[str | None] = []
        self._known: tuple[int, dict] | None = None  # (the table's size, the values then): see known

    # -- adding equations ------------------------------------------------------------------------
    def add(self, inst: Instance) -> bool:
        budget.check()
        said = (inst.lhs, inst.rhs)  # an equation met before, as written: seen (or 0) already
        # (a relation's own Pythagoras does not keep out the named theorem's: the proof says "by Pythagoras")
        named = inst.family.key != "relation"
        # (nor does one named result keep out another from other premises: the isosceles triangle's median from
        # the given bisector, where the altitude an angle chase proved said it first; the lighter is chosen)
        again = inst.family.direct and bool(inst.premises) and (said, inst.family) not in self._direct_said
        # (nor one from premises the problem states, once, beside the same conclusion from derived ones: the
        # height CE of a parallelogram from the given right angle CED, where angle AEC came first)
        stated = self._restated(said, inst)
        again = again or stated
        if said in self._said and not (named and said in self._relation_said) and not again:
            return False
        self._said.add(said)
        if inst.family.direct and inst.premises:
            self._direct_said.add((said, inst.family))
        lhs, rhs = self.cfg.canon(inst.lhs), self.cfg.canon(inst.rhs)
        e = lhs - rhs
        if e == 0 or e in self.seen and not (named and e in self._relation_seen) and not again:
            return False
        self.seen.add(e)
        if not named:
            self._relation_said.add(said)
            self._relation_seen.add(e)
        else:
            self._relation_said.discard(said)
            self._relation_seen.discard(e)
        uses = []
        for a, b in inst.premises:  # a judgement cites the proofs of its metric premises
            form = linear_form(self._premise(a, b)[0])
            if form is not None and form[0]:
                uses.append(form[0])
        step = Step(inst, lhs, rhs, tuple(uses))
        form = linear_form(e)
        if inst.family.key in ("given", "relation"):
            self._stated_forms.add(_normal(e))
        if form is not None:
            sibling = (inst.family, inst.premises) in self._judged_from
            if inst.premises and not inst.family.direct and not sibling and self._held_before(form, inst):
                # a judgement whose conclusion the table already proves adds nothing, and a proof
                # citing it can go round in a circle (PE = PF from the equal angles that the
                # isosceles triangle PE = PF gave; or longer rounds, through congruent triangles);
                # but each conclusion of one it added is kept (an equilateral triangle's every pair of sides)
                return False
            added = self._add_linear(form, step)
            if added and inst.premises:
                self._judged_from.add((inst.family, inst.premises))
            return added
        self.pool.append(Pending(step, e))
        self._unkeyed.append((e, None))
        return True

    def _restated(self, said: tuple, inst: Instance) -> bool:
        """Whether ``inst`` is a judgement whose every premise the problem states, met first here for its
        conclusion ``said`` (recorded), though an instance from derived premises said it before."""
        if not inst.premises or said in self._said_stated or said not in self._said:
            return False
        if not all(self._stated_premise(a, b) for a, b in inst.premises):
            return False
        self._said_stated.add(said)
        return True

    def _stated_premise(self, a: sympy.Expr, b: sympy.Expr) -> bool:
        """Whether ``a = b`` is a given or a relation's own equation (AE = EC of E the midpoint of AC)."""
        got = self._premise(a, b)
        if got[1] is None:
            got[1] = _normal(got[0])
        return got[1] in self._stated_forms

    def _premise(self, a: sympy.Expr, b: sympy.Expr) -> list:
        """[a − b on atoms, None or it normalized (_stated_premise)], kept: many instances share a premise,
        and every judgement round asks again of the same premises."""
        got = self._premises.get((a, b))
        if got is None:
            got = self._premises[a, b] = [self.cfg.canon(a) - self.cfg.canon(b), None]
        return got

    def _add_linear(self, form, step: Step, cost: float = 0) -> bool:
        coeffs, const = form
        if not coeffs:
            return False
        for k in coeffs:
            self.symbol[k.name] = k
        try:
            self.table.add({k.name: c for k, c in coeffs.items()}, const, label=step, cost=cost)
        except Inconsistent as exc:
            self.clashes.append(f"{step}: {exc}")
            return False
        except TypeError:
            return False
        return True

    def estimate(self, s: sympy.Symbol) -> float:
        if s not in self._estimates:
            self._estimates[s] = self.model.value(s)
        return self._estimates[s]

    def value_of(self, e: sympy.Expr) -> sympy.Expr | None:
        """The exact value the table proves for ``e`` (None where it is not determined): a judgement's premise
        that two values differ reads it."""
        got = self.cfg.canon(e).xreplace(self.known())
        return None if got.free_symbols else got

    def known(self) -> dict[sympy.Symbol, sympy.Expr]:
        """The determined values (a copy), kept while the table does not grow: a premise's test, a reduction of
        the pool and every pass of the polish read them again, and building them (each value a sympy sum from
        the table's back-substitution) is most of such a test's cost.  Only a new equation changes them."""
        key = len(self.table.equations)
        if self._known is None or self._known[0] != key:
            self._known = (key, {self.symbol[k]: v for k, v in self.table.known().items()})
        return dict(self._known[1])

    def evaluate(self, coeffs: dict, first: bool = False, light: bool = False):
        """The table's Answer for a linear combination of symbols (None when undetermined).  With
        ``first``, the answer cites only the equations the table had when it first determined
        the combination: every step's ``uses`` were known when it was added, so a proof built
        that way never goes round in a circle."""
        target = {k.name: c for k, c in coeffs.items()}
        before = None
        if first:
            before = self.table.determined_by(target)
            if before is None:
                return None
        if light:  # the proof's choice: the lightest derivation (weights.py), pruned of what it does not need
            return self.table.evaluate_lightest(target, self._path_weight, before, self._proof_weight)
        return self.table.evaluate(target, before=before)

    def _path_weight(self, eq, depth: int = 0) -> float:
        """An equation's weight in a proof with the proofs of what it rests on (a judgement's premises,
        the values put into it): the weight of a hyperpath, each equation in it counted once (AB put in
        twice, directly and through BE, costs its proof once), so that a congruence whose premises take
        ten steps loses to a named theorem that needs none."""
        if (eq.id, depth) not in self._paths:
            self._paths[eq.id, depth] = self._sum(self._closure(eq, depth))
        return self._paths[eq.id, depth]

    def _proof_weight(self, eqs) -> float:
        """The weight of a proof that cites the equations ``eqs``: each one's with the proofs it rests on
        (_path_weight), summed; and of two proofs of one weight, the one that states fewer values weighs less (TIE
        each): the square's area from the side AD that Pythagoras found, not from BC, which the rule of equal sides
        (one fact however many of its equations a proof cites) gives from AD in a sentence of its own.  What the proof
        has cited already (``in_proof``) it pays for once: the leg DG in the right triangle on the diameter BG that
        the proof found for BD, not the extended law of sines, a second method (blind teacher 36 gen 30)."""
        support = self._support(eqs)
        # (the proofs of the values it rests on or puts in, not the equations it cites itself: the step says those
        # again, and two of the proof's equations combined are no lighter than one theorem that says the same, the
        # equilateral triangle's AC = BC; nor a tie it rests on, CD = CB of a rhombus, whose sides the proof said:
        # that took the triangle BCD's angle from the opposite angles, a step more than ABD's given one)
        again = frozenset()
        if self.in_proof:
            again = frozenset().union(*(self._use_closure(u, 1, e.id) for e in eqs if isinstance(e.label, Step)
                                        for u in e.label.uses if len(u) == 1)) & self.in_proof - {e.id for e in eqs}
        return sum(self._path_weight(e) for e in eqs) - self._sum(self._put_in_twice(eqs) | again) \
            + TIE * len(self._values_stated(support))

    def _support(self, eqs) -> frozenset:
        """The equations (ids) that ``eqs`` are and rest on, each once."""
        return frozenset().union(*(self._closure(e, 0) for e in eqs))

    @staticmethod
    def cited(answer: Answer) -> frozenset:
        """The equations (ids) the explanation ``answer`` cites (not what they rest on: the proof chooses that
        itself, and a lightest closure is no step it writes)."""
        return frozenset(e.id for e, _ in answer.why)

    def support_weight(self, *answers: Answer) -> float:
        """The weight of the equations the explanations ``answers`` cite with all they rest on, each counted once
        however many of them cite it: what proving them together costs."""
        return self._sum(self._support([e for ans in answers for e, _ in ans.why]))

    def _put_in_twice(self, eqs) -> frozenset:
        """The equations (ids) of the proofs of values that two or more of ``eqs`` put in: the proof states such a
        value once, so a route that puts it in again pays for it once (the leg AC = BC·cos(angle ACB) beside the
        area AC·BC·sin(angle ACB)/2, which puts BC in anyway, not a second right triangle through a far point:
        blind teacher 34 gen 25).  Only values found (one element each, not a given: two formulas that put in the
        same givens are no shorter for it, and the trapezoid's area would give back the height it rests on), never
        a premise: one that two judgements share stays counted with each (counting every shared premise once makes
        a chain of light steps on one premise win over one named theorem)."""
        seen: dict[int, int] = {}
        given = self._given_keys()
        for e in eqs:
            step = e.label
            if isinstance(step, Step):
                found = [u for u in step.uses if len(u) == 1 and next(iter(u)).name not in given]
                for i in frozenset().union(*(self._use_closure(u, 1, e.id) for u in found)):
                    seen[i] = seen.get(i, 0) + 1
        return frozenset(i for i, n in seen.items() if n > 1)

    def _values_stated(self, ids: frozenset) -> set:
        """The elements whose values the equations ``ids`` state or rest on: each solved for, each cited."""
        out = set()
        for i in ids:
            step = self.table.equations[i].label
            if isinstance(step, Step):
                if step.solved is not None:
                    out.add(step.solved)
                out.update(next(iter(u)) for u in step.uses if len(u) == 1)
        return out

    def _closure(self, eq, depth: int) -> frozenset:
        """The equations (ids) of ``eq``'s lightest proof: it and, PATH_DEPTH levels deep, those of each
        premise or value it rests on, each proved from the equations the table had before ``eq`` (acyclic)."""
        if (eq.id, depth) in self._closures:
            return self._closures[eq.id, depth]
        self._closures[eq.id, depth] = frozenset((eq.id,))
        step = eq.label
        ids = {eq.id}
        if isinstance(step, Step) and depth < PATH_DEPTH:
            for u in step.uses:
                ids |= self._use_closure(u, depth + 1, eq.id)
        self._closures[eq.id, depth] = frozenset(ids)
        return self._closures[eq.id, depth]

    def _use_closure(self, u: dict, depth: int, before: int) -> frozenset:
        """The lightest proof found of a premise or value from the equations before ``before`` (the equation
        resting on it): the table's explanations of it (nearest first, and lightest first) and, for an element,
        each equation solved for it.  Never from a later equation: the conclusions of one judgement proving each
        other's premises (an equilateral triangle's angles, each from the others) would weigh a long route as
        short, and the route the proof takes would be misjudged."""
        key = (frozenset(u.items()), before, depth)
        if key not in self._costs:
            self._costs[key] = frozenset()
            ways = [frozenset().union(*(self._closure(e, depth) for e, _ in ans.why))
                    for ans in self._explanations(u, before)]
            if len(u) == 1:
                ways += [self._closure(e, depth) for e in self._solved_for(next(iter(u))) if e.id < before]
            self._costs[key] = _lightest(ways, self._sum)
        return self._costs[key]

    def _explanations(self, u: dict, before: int) -> list:
        """Explanations of ``u`` from the table's equations before ``before`` (none where they leave it free):
        the nearest, and the lightest-first ones cut just after each of the lightest equations on ``u`` that rest
        on no premise (a named theorem that gives it, as the central angle twice the inscribed one), where
        a later judgement says ``u`` again from premises that rest on it (an isosceles triangle with a 60° angle
        proving that angle again) and the whole table's nearest explanation takes that."""
        t = {k.name: c for k, c in u.items()}
        key = frozenset(t.items())
        if key not in self._first_fixed:
            first = self.table.determined_by(t)
            if first is None:
                return []
            self._first_fixed[key] = first  # (the table only grows: the first equations that fix it stay)
        first = self._first_fixed[key]
        if first > before:
            return []
        # (cut just after the last equation on its elements before ``before``: the same explanations for every
        # equation that rests on it from there on, found once)
        cut = first
        for ids in (self.table.ids_on(k) for k in t):
            j = bisect.bisect_left(ids, before)
            if j:
                cut = max(cut, ids[j - 1] + 1)
        if (key, cut) not in self._explained:
            self._explained[key, cut] = self._explain_from(t, first, cut)
        return self._explained[key, cut]

    def _explain_from(self, t: dict, first: int, before: int) -> list:
        """``_explanations`` worked out, for ``t`` fixed by the table's ``first`` equations: its first proof among
        them too (the right angle BAI from the straight line CAI and the given angle BAC), so that a premise is
        never weighed only through a later judgement that rests on a longer route (BA the median of an isosceles
        triangle found from the angles around it)."""
        eqs = self.table.equations
        own = lambda i: (self._eq_weight(eqs[i]), i)  # noqa: E731
        named = sorted({i for k in t for i in self.table.ids_on(k) if first <= i < before}, key=own)[:PREMISE_CUTS]
        cuts = sorted({first, before, *(i + 1 for i in named)})
        return [self.table.evaluate(t, before)] + [self.table.evaluate(t, b, rank=own) for b in cuts]

    def _sum(self, ids: frozenset) -> float:
        """The weight of a set of equations, a stated shape's rule counted once however many of its equations
        it takes (LQ = LM from the rhombus's LQ = MP and MP = LM is one fact: "the sides of the rhombus are
        equal"), as a proof says it once."""
        eqs, weights, texts = self.table.equations, self._weights, self._rule_texts
        self._grow_weights()
        rules = {}
        for i in ids:
            if texts[i] is not None:
                rules[texts[i]] = i
        total = 0
        for i in ids:  # (summed in the set's own order, as ever: a float sum's last digit depends on it)
            if texts[i] is None or rules[texts[i]] == i:
                w = weights[i]
                if w is None:
                    w = weights[i] = self._eq_weight(eqs[i])
                total += w
        return total

    def _eq_weight(self, eq) -> float:
        """``_weight``, but an addition that only sums given values (AB = AD + DB = 9 + 16) as light as a value
        solved: arithmetic a teacher writes in passing, so that the leg theorem on that hypotenuse is one named
        step, not the chain of additions the addition's weight keeps a proof from."""
        self._grow_weights()
        w = self._weights[eq.id]
        if w is None:
            w = self._weights[eq.id] = self._eq_weight_of(eq)
        return w

    def _grow_weights(self) -> None:
        """Room in _weights and _rule_texts for every equation of the table (each found once: the table only grows)."""
        for e in self.table.equations[len(self._weights):]:
            self._weights.append(None)
            self._rule_texts.append(e.label.instance.text if _rule(e) else None)

    def _eq_weight_of(self, eq) -> float:
        own = _weight(eq)
        step = eq.label
        if own > SOLVED_WEIGHT and isinstance(step, Step) and step.instance.family.key in ARITHMETIC \
                and sum(k not in self._given_keys() for k in eq.coeffs) == 1:
            return ARITHMETIC_WEIGHT
        return own

    def _given_keys(self) -> set:
        """The table's keys a given states the value of (one element = a number)."""
        if self._givens is None:
            self._givens = {k for e in self.table.equations if isinstance(e.label, Step)
                            and e.label.instance.family.key == "given" and len(e.coeffs) == 1 for k in e.coeffs}
        return self._givens

    def _cost(self, u: dict, depth: int) -> float:
        return self._sum(self._use_closure(u, depth, len(self.table.equations)))

    def _solved_for(self, s: sympy.Symbol) -> list:
        """The table's equations that give ``s`` its value (a single unknown solved)."""
        eqs = self.table.equations
        for e in eqs[self._solved_seen:]:  # (the table only grows: each equation indexed once)
            if isinstance(e.label, Step) and e.label.solved is not None:
                self._solved_index.setdefault(e.label.solved, []).append(e)
        self._solved_seen = len(eqs)
        return list(self._solved_index.get(s, ()))

    # -- the loop --------------------------------------------------------------------------------
    def run(self) -> Outcome:
        for inst in construction_instances(self.cfg, self.index):
            self.add(inst)
        for _ in range(MAX_ROUNDS):
            out = self.answer()
            if out is not None:
                self._polish()
                return self._lighter_ratio(out)
            progress = self._judgement_round()
            progress |= self._pool_round()
            if not progress:
                break
        return self.answer() or self._combined_goal() or Outcome(None, self._missing())

    def _lighter_ratio(self, out: Outcome) -> Outcome:
        """A ratio asked that a heavy equation gave (the law of sines), read instead off a light one the
        polish's judgements brought (AB = BC·sin C in the right triangle: AB/BC = sin C at once)."""
        if out.final is None and not (not out.combined and self._ratio_of_found(out)) \
                or out.final is not None and weight(out.final.instance.family.key) <= LIGHT_RATIO:
            return out
        final = self.final
        value, uses = self._ratio_goal(self.goal, LIGHT_RATIO)
        if value is None or not is_zero(value - out.value):
            self.final = final
            return out
        return Outcome(_tidy(value), goal=self.goal, uses=uses, final=self.final)

    def _ratio_of_found(self, out: Outcome) -> bool:
        """Is the goal a ratio of two elements, one of them found (not given), whose values were divided (CF/BC =
        (23√2/2)/23)?  A light equation read as the ratio says it at once (CF/BC = sin 45° in the right triangle:
        blind teacher 27 gen 8), where the division finds a value only to divide it out again."""
        num, den = sympy.fraction(sympy.factor(self.goal))
        if not (num.is_Symbol and den.is_Symbol) or out.value is None:
            return False
        given = self._given_keys()
        return num.name not in given or den.name not in given

    def _combined_goal(self) -> Outcome | None:
        """A goal whose terms no value fixes one by one (AO² − r², π·AO² − circle area O, the sum of
        three sectors' areas), but which a combination of pooled polynomial equations (Pythagoras, the
        circle area formula, the sector area formula: π a coefficient the table does not take) fixes
        as a whole: with the table's expressions put in, the goal minus λ₁·e₁ + λ₂·e₂ … is a constant
        for numbers λ (coefficients matched monomial by monomial)."""
        if self.goal is None:  # (a closure with no goal: the generator's)
            return None
        known = self.known()
        g = self.goal.xreplace(known)
        if not g.free_symbols or not g.is_polynomial(*g.free_symbols):
            return None
        uses: dict[sympy.Symbol, dict] = {}

        def canon(e: sympy.Expr) -> sympy.Expr:
            subs = {}
            for x in e.free_symbols:
                if x not in uses:
                    ex = self.express(x)
                    uses[x] = ex if ex is not None and ex[0] != x else None
                if uses[x] is not None:
                    subs[x] = uses[x][0]
            return sympy.expand(e.xreplace(subs) if subs else e)

        target = canon(g)
        polys = []
        for p in self.pool:
            budget.check()
            e = p.put_in(known)
            if e.free_symbols and e.is_polynomial(*e.free_symbols) and (e := canon(e)).free_symbols:
                polys.append((p, e))
        reach, chosen = set(target.free_symbols), []
        for _ in range(COMBINE_REACH):
            chosen += [(p, e) for p, e in polys if e.free_symbols & reach and all(q is not p for q, _ in chosen)]
            chosen = chosen[:COMBINE_MAX]
            reach |= {x for _, e in chosen for x in e.free_symbols}
        if not chosen:
            return None
        lam = sympy.symbols(f"combine0:{len(chosen)}")
        rest = sympy.expand(target - sum(m * e for m, (_, e) in zip(lam, chosen)))
        poly = sympy.Poly(rest, *sorted(reach, key=lambda x: x.name))
        eqs = [c for mono, c in poly.terms() if any(mono)]
        sol = sympy.linsolve(eqs, lam) if eqs else sympy.FiniteSet(tuple(sympy.S.Zero for _ in lam))
        if not isinstance(sol, sympy.FiniteSet) or not sol.args:
            return None
        free = set().union(*(sympy.sympify(m).free_symbols for m in sol.args[0])) & set(lam)
        zero = {m: 0 for m in free}
        ms = [sympy.sympify(m).xreplace(zero) for m in sol.args[0]]
        const = poly.as_expr().xreplace(dict(zip(lam, ms)))
        if const.free_symbols or const.xreplace({m: 1 for m in free}) != const:
            return None
        used = [(p.step, m) for (p, _), m in zip(chosen, ms) if m != 0]
        if not used:
            return None
        self.final = None
        needs = [u for st, _ in used for u in st.uses] + [{x: 1} for st, _ in used
                                                           for x in _syms(st.lhs - st.rhs) if x in known]
        needs += _table_sums(self.goal.xreplace(known) - sum(m * (st.lhs - st.rhs).xreplace(known) for st, m in used),
                             uses)
        return Outcome(_tidy(const), goal=self.goal, uses=needs, combined=used)

    def _polish(self) -> None:
        """Once the goal is determined, the light equations still pending (a relation's Pythagoras, a right
        triangle's sine, a right triangle's area from its legs) solved too, so that the proof's choice
        (``evaluate_lightest``) has the short route where a heavier chain happened to fix the goal first.
        The judgements the last round's values allow come first.  Each holds on the figure, so the answer
        is unchanged."""
        asked = self.goal.free_symbols
        self._judgement_round()  # (a right angle proven in the last round gives its triangle's sine only now)
        for _ in range(POLISH_PASSES):
            known = self.known()
            new = False
            for p in self.pool:
                key = p.step.instance.family.key
                if p.done and not p.idle or key == "relation":
                    continue  # (a relation's pending equation: its named theorem's, where one is, says it)
                if _preference(key) > POLISH_WEIGHT and not (key in POLISH_GIVEN and self._given_but_one(p, known)):
                    # a light named theorem still pending that gives the goal's own element from known ones at once
                    # (the intercept theorem's CF = CA·CE/CB), cited beside the chain that fixed it first, so that
                    # the proof's choice weighs both
                    if weight(key) >= DEFAULT_WEIGHT or not (asked & p.expr.free_symbols) \
                            or p.put_in(known).free_symbols:
                        continue  # (a named theorem lighter than most: never a similarity's or a general law's)
                    budget.check()
                    if max(self._cost({x: 1}, 0) for x in asked & p.expr.free_symbols) < LONG_CHAIN:
                        continue  # (a short route to the goal stays: the midpoint theorem, not the intercept theorem)
                    new |= self._cite_known(p, known, heaviest=True)
                    continue
                budget.check()
                e, fs = p.left(known)
                if not fs:  # every element known: it gives the one the table fixed last, from the others
                    new |= self._cite_known(p, known)
                    continue
                form = linear_form(e)
                if form is None and len(fs) != 1 or asked & p.expr.free_symbols:
                    continue  # (never an element found from the goal's value: the goal is what it proves)
                p.done = True
                uses = p.step.uses + tuple({x: 1} for x in _syms(p.expr) if x in known)
                if form is not None:
                    new |= self._add_linear(form, Step(p.step.instance, p.step.lhs, p.step.rhs, uses), cost=1)
                    continue
                x = next(iter(fs))
                est = self.estimate(x)
                if _irrational_angle(e, x, est, self.agree * max(1.0, abs(est))):
                    continue  # (its root is an inverse sine's or the like, which the polish never keeps)
                if sympy.count_ops(e) > POLISH_OPS:
                    continue  # (a root a textbook would not print, which sympy can take seconds to find)
                v = self._solve_one(e, x, est)
                if v is not None and not v.has(InverseTrigonometricFunction):  # (never an angle as an arctangent)
                    step = Step(p.step.instance, p.step.lhs, p.step.rhs, uses, x, v)
                    new |= self._add_linear(({x: 1}, v), step, cost=1)
            if not new:
                break
        self._paths.clear()  # (weighed against the table before these were added)
        self._costs.clear()
        self._closures.clear()
        self._cite_other_way()

    def _given_but_one(self, p, known: dict) -> bool:
        """Is every element of ``expr`` but one given a value by the problem, the one left its square's root
        (two sides and the angle between them give the third side; two sides and another angle, a quadratic, no)?"""
        given = self._given_keys()  # (the table's keys: the elements' names)
        syms = _syms(p.expr)
        if sum(x.name not in given for x in syms) != 1 or any(x not in known for x in syms if x.name in given):
            return False
        values = {x: known[x] for x in syms if x.name in given}
        sides = [v for x, v in values.items() if _kind(x) == "length"]
        if len(sides) == 2 and sides[0] == sides[1] and any(v == 60 for x, v in values.items() if _kind(x) == "angle"):
            return False  # (an isosceles triangle with a 60° apex: the equilateral triangle's, one step)
        e = p.expr.xreplace(values)  # (not put_in: its kept value is the one with every known element put in)
        if len(e.free_symbols) != 1:
            return False
        try:
            poly = sympy.Poly(sympy.expand(e), *e.free_symbols)
        except sympy.PolynomialError:
            return False
        return poly.degree() == 2 and poly.coeff_monomial(next(iter(e.free_symbols))) == 0

    def _cite_other_way(self) -> None:
        """Each light equation the rounds solved for one element, cited too for the element whose proof is now the
        heaviest where that is another: Pythagoras in BDC solved for CD from BC, where the altitude rule then gave
        CD in one step, gives BC from CD as well, and the proof's choice has the shorter route."""
        known = self.known()
        size = len(self.table.equations)  # (each element's proof weighed on the table as the polish left it)
        cost = functools.cache(lambda x: self._sum(self._use_closure({x: 1}, 0, size)))
        solved: dict[int, set] = {}  # id of an instance -> the elements the table solved it for
        fixed: dict[int, set] = {}  # id of an instance -> the elements it gave, every other one put in (linear)
        for e in self.table.equations:
            if isinstance(e.label, Step) and e.label.solved is not None:
                solved.setdefault(id(e.label.instance), set()).add(e.label.solved)
            elif isinstance(e.label, Step) and len(e.coeffs) == 1:
                fixed.setdefault(id(e.label.instance), set()).update(e.coeffs)
        for p in self.pool:
            key = p.step.instance.family.key
            if not p.done or p.idle or key == "relation" or _preference(key) > POLISH_WEIGHT:
                continue
            syms = _syms(p.expr)
            if len(syms) < 2 or linear_form(p.expr) is not None \
                    or any(x not in known or known[x].has(InverseTrigonometricFunction) for x in syms):
                continue
            asked = [x for x in syms if x in self.goal.free_symbols]
            was = solved.get(id(p.step.instance), set())
            # (an element of the kind it was solved for: a side from a side, never a side from a perimeter ratio
            # that was solved for the perimeter)
            # (an equation that gave the goal's own element, every other one put in, cited again for it: the right
            # triangle's area from its legs, one leg's value found lighter since, by Pythagoras; never one that gave
            # another element from the goal's value: the area from the height, then the height back from the area)
            again = bool(asked) and not was and asked[0].name in fixed.get(id(p.step.instance), ())
            if not again and (not was or set(syms) <= was or not {_kind(x) for x in syms} & {_kind(x) for x in was}):
                continue  # (whichever element is the last, the test below skips it: no proof weighed for nothing)
            last = asked[0] if asked else max(syms, key=lambda x: (cost(x), x.name))
            if last in was or not any(_kind(x) == _kind(last) for x in was) and not again:
                continue
            uses = p.step.uses + tuple({x: 1} for x in syms if x != last)
            self._add_linear(({last: 1}, known[last]), Step(p.step.instance, p.step.lhs, p.step.rhs, uses, last,
                                                            known[last]), cost=1)

    def _cite_known(self, p, known: dict, heaviest: bool = False) -> bool:
        """A pending equation whose elements are all known, added as the value of the one the table
        determined last (AB from AC and BC by Pythagoras, where a longer chain fixed AB first); with
        ``heaviest``, of the goal's elements in it, the one whose proof is heaviest now (CF, not BC, in CF/BC)."""
        p.done, p.idle = True, False
        syms = _syms(p.expr)
        if not syms or any(x not in known or known[x].has(InverseTrigonometricFunction) for x in syms):
            return False  # (an element the substitution cancelled is unknown: nothing to cite; checked before
            # is_zero, whose simplify of an arccosine costs seconds)
        if not _holds_exactly(p.expr.xreplace(known)):
            return False
        # the goal's element where it is one, else the one whose proof is heaviest now
        asked = [x for x in syms if x in self.goal.free_symbols]
        heavy = lambda x: (self._cost({x: 1}, 0), x.name)  # noqa: E731
        # (one candidate: no proof weighed)
        heaviest_of = lambda xs: xs[0] if len(xs) == 1 else max(xs, key=heavy)  # noqa: E731
        last = (heaviest_of(asked) if heaviest else asked[0]) if asked else heaviest_of(syms)
        uses = p.step.uses + tuple({x: 1} for x in syms if x != last)
        return self._add_linear(({last: 1}, known[last]), Step(p.step.instance, p.step.lhs, p.step.rhs, uses, last,
                                                               known[last]), cost=1)

    def _pool_round(self) -> bool:
        progress = False
        while True:
            known = self.known()
            new = False
            single: list[tuple[Pending, sympy.Symbol, sympy.Expr]] = []
            for p in self.pool:
                if p.done:
                    continue
                budget.check()
                e, fs = p.left(known)
                if not fs:
                    p.done = p.idle = True
                    continue
                form = linear_form(e)
                if form is not None:
                    p.done = True
                    uses = p.step.uses + tuple({s: 1} for s in _syms(p.expr) if s in known)
                    step = Step(p.step.instance, p.step.lhs, p.step.rhs, uses)
                    new |= self._add_linear(form, step, cost=1)
                    continue
                if len(fs) == 1:
                    single.append((p, next(iter(fs)), e))
            if not new:
                asked = self.goal.free_symbols if self.goal is not None else set()
                # the goal itself first where one equation gives it (AB² = BC·BN, not AC first and then AB)
                for p, s, e in sorted(single, key=lambda t: (t[1] not in asked,
                                                             _preference(t[0].step.instance.family.key, t[1]),
                                                             sympy.count_ops(t[2]))):
                    v = self._solve_one(e, s)
                    p.done = True
                    if v is None:
                        continue
                    uses = p.step.uses + tuple({x: 1} for x in _syms(p.expr) if x in known)
                    step = Step(p.step.instance, p.step.lhs, p.step.rhs, uses, s, v)
                    if self._add_linear(({s: 1}, v), step, cost=1):
                        new = True
                        break  # new knowns: re-substitute before solving more
            if not new:
                new = self._express_round(known)
            if not new:
                return progress
            progress = True
            if self.answer() is not None:
                return True

    def express(self, s: sympy.Symbol) -> tuple[sympy.Expr, dict] | None:
        """s in terms of the free symbols of the table, and the linear combination that says so."""
        found = self.table.express(s.name)
        if found is None:
            return None
        keys, atoms = found
        e = sympy.Add(*(sympy.Rational(c.numerator, c.denominator) * self.symbol[k] for k, c in keys.items()))
        e += sympy.Add(*(sympy.Rational(c.numerator, c.denominator) * a.expr for a, c in atoms.items()))
        target = {s: 1, **{self.symbol[k]: -sympy.Rational(c.numerator, c.denominator) for k, c in keys.items()}}
        return e, target

    def _express_round(self, known: dict) -> bool:
        """A pooled equation with several unknowns that the table ties to one free unknown."""
        cands = []
        for p in self.pool:
            if p.done:
                continue
            e, fs = p.left(known)
            if len(fs) < 2 or len(fs) > 4:
                continue
            exs = {}
            for u in sorted(fs, key=lambda u: u.name):
                ex = self.express(u)
                if ex is not None and ex[0] != u:
                    exs[u] = ex
            key = (e, tuple((u, ex[0]) for u, ex in exs.items()))
            if key not in self._tied:  # (every round of the pool asks again; most equations and expressions stay)
                self._tied[key] = self._tie_to_one(e, {u: ex[0] for u, ex in exs.items()})
            found = self._tied[key]
            if found is None:
                continue
            e2, chosen, ops = found
            cands.append((ops, p, e2, [exs[u][1] for u in chosen]))
        for _, p, e2, uses in sorted(cands, key=lambda t: t[0]):
            form = linear_form(e2)
            if form is not None and len(e2.free_symbols) > 1:  # a ratio became linear: AB = 3/2 AC
                p.done = True
                uses = p.step.uses + tuple({x: 1} for x in _syms(p.expr) if x in known) + tuple(uses)
                if self._add_linear(form, Step(p.step.instance, p.step.lhs, p.step.rhs, uses, row=e2), cost=1):
                    return True
                continue
            s = next(iter(e2.free_symbols))
            v = self._solve_one(e2, s)
            if v is None:
                continue
            p.done = True
            uses = p.step.uses + tuple({x: 1} for x in _syms(p.expr) if x in known) + tuple(uses)
            step = Step(p.step.instance, p.step.lhs, p.step.rhs, uses, s, v)
            if self._add_linear(({s: 1}, v), step, cost=1):
                return True
        return False

    def _tie_to_one(self, e: sympy.Expr, exs: dict[sympy.Symbol, sympy.Expr]) -> tuple | None:
        """``e`` with as few of the table's expressions ``exs`` put in as leave one unknown (or, with some
        put in, a linear equation): (the equation, the symbols put in, its size), or None.  A function of ``e`` and
        ``exs`` alone (and of the figure), so kept by them: the pool asks again each round, and the table
        changes only a few of its expressions between rounds."""
        for k in range(len(exs) + 1):
            for chosen in itertools.combinations(exs, k):
                e2 = e.xreplace({u: exs[u] for u in chosen}) if chosen else e
                if _cannot_tie(e2, k, k == len(exs)):
                    continue
                if len(e2.free_symbols) != 1:
                    e2 = _without_positive_factors(e2)
                if len(e2.free_symbols) > 1 and k == len(exs):  # everything put in: try factoring
                    e2 = self._without_nonzero_factors(e2)
                if len(e2.free_symbols) == 1 or (k and e2.free_symbols and linear_form(e2) is not None):
                    return e2, chosen, sympy.count_ops(e2)
        return None

    def _without_nonzero_factors(self, e: sympy.Expr) -> sympy.Expr:
        """``(BF − FM)(3·BF − 18)`` -> ``3·BF − 18`` when ``BF − FM`` is far from zero on the figure
        (it is ``−BM``: two named points are apart); only when several unknowns are left."""
        if e not in self._factored:  # (every round of the pool asks again; the figure's values stay)
            self._factored[e] = self._factor_out_nonzero(e)
        return self._factored[e]

    def _factor_out_nonzero(self, e: sympy.Expr) -> sympy.Expr:
        if len(e.free_symbols) != 2 or e.has(Degrees) or sympy.count_ops(e) > 30:
            return e
        f = sympy.factor(e)
        if not f.is_Mul:
            return e
        keep = []
        for a in f.args:
            if not a.free_symbols:
                continue
            try:
                v = float(a.xreplace({s: self.estimate(s) for s in a.free_symbols}))
            except TypeError:
                v = math.nan
            if not (math.isfinite(v) and abs(v) > 1e-4 * max(1.0, self.model.size())):
                keep.append(a)
        return sympy.Mul(*keep) if keep else e

    def _solve_one(self, e: sympy.Expr, s: sympy.Symbol, est: float | None = None) -> sympy.Expr | None:
        """The root of ``e = 0`` for ``s`` near its estimate (None where none is near, or two are), kept: a pool
        round and the polish put the same values into a pending equation and solve it again."""
        est = self.estimate(s) if est is None else est
        key = (e, s, est)
        if key not in self._roots:
            self._roots[key] = self._solve_new(e, s, est)
        return self._roots[key]

    def _solve_new(self, e: sympy.Expr, s: sympy.Symbol, est: float) -> sympy.Expr | None:
        if not math.isfinite(est) or sympy.count_ops(e) > SOLVE_OPS:
            return None
        el = element_of(s)
        roots = _rational_roots(e, s)
        if roots is None:
            try:
                roots = sympy.solve(_radians(e), s)
            except (NotImplementedError, ValueError, TypeError, ZeroDivisionError, RecursionError):
                return None
        near = []
        for r in roots:
            if r.free_symbols or r.has(sympy.Float):
                continue
            x = _real(r)
            if x is None:
                continue
            if el is not None and (x <= 0 or (el.kind.unit == "degrees" and x > 180 + 1e-9)):
                continue
            near.append((abs(x - est), r, x))
        near.sort(key=lambda t: t[0])
        if not near or near[0][0] > self.agree * max(1.0, abs(est)):
            return None
        if len(near) > 1 and near[1][0] <= self.agree * max(1.0, abs(est)) and not math.isclose(near[0][2], near[1][2]):
            return None
        r = near[0][1]
        if r.has(sympy.I):
            r = sympy.re(sympy.expand_complex(r))
        return sympy.radsimp(r)

    def _judgement_round(self) -> bool:
        progress = False
        self._round_start = len(self.table.equations)
        try:
            group: list[Instance] = []  # (one judgement's instances on one pair of triangles: its premise sets, each
            for inst in judgements(self.cfg, self.proven, self.index, self._judged):  # with all its conclusions)
                if group and inst.names != group[0].names:
                    progress |= self._add_lightest_first(group)
                    group = []
                if _on_two_triangles(inst):
                    group.append(inst)
                else:  # (added at once, as the judgements come: a later block's premises see it this round)
                    progress |= self.add(inst)
            progress |= self._add_lightest_first(group)
        finally:
            self._round_start = None
        return progress

    def _add_lightest_first(self, group: list[Instance]) -> bool:
        """One judgement on one pair of figures from several premise sets (similar by AA at D and E, or at A and
        D): the set whose premises the problem states or one equation says goes first, as the one the proof
        then cites (blind teacher 26's fg 11: the vertical angles and the given angle, not a third angle found
        from two angle sums)."""
        progress = False
        if len(group) > 1:  # (one premise set: nothing to order)
            group = sorted(group, key=lambda i: sum(self._round_cost(a, b) for a, b in i.premises))
        for inst in group:
            progress |= self.add(inst)
        return progress

    def _round_cost(self, a: sympy.Expr, b: sympy.Expr) -> int:
        """``_premise_cost``, read once a judgement round (many pairs of triangles share a premise)."""
        key = (a, b, self._round_start)
        got = self._round_costs.get(key)
        if got is None:
            if len(self._round_costs) > 4096:
                self._round_costs.clear()
            got = self._round_costs[key] = self._premise_cost(a, b)
        return got

    def _premise_cost(self, a: sympy.Expr, b: sympy.Expr) -> int:
        """0 for a premise the problem states (in so many words, or as the values of its elements: MQ = 18 and
        PQ = 18, or the right angles of two given perpendiculars), 1 for one the figure gives (a common angle) or a
        single equation says that rests on no proven premise (the vertical angles, a corresponding angle), 2 for
        one a chain proves (MN = NP from the isosceles triangle an angle chase gives: one equation of the table
        says it, but at the end of the chain)."""
        if self._stated_premise(a, b):
            return 0
        form = linear_form(self._premise(a, b)[0])
        if form is not None and form[0] and {k.name for k in form[0]} <= self._stated_keys():
            return 0
        if self._premise(a, b)[0] == 0:
            return 1  # (one element under two names, the common angle A: a tie with a corresponding angle keeps
            # the order the judgements come in)
        if form is None or not form[0] or form[1] != 0:
            return 2
        target = {k.name: Fraction(str(c)) for k, c in form[0].items()}
        first = next(iter(target))
        for i in self.table.ids_on(first):
            e = self.table.equations[i]
            if e.coeffs.keys() == target.keys():
                r = Fraction(e.coeffs[first]) / target[first]
                if all(Fraction(e.coeffs[k]) == r * c for k, c in target.items()) \
                        and not (isinstance(e.label, Step) and e.label.uses):
                    return 1
        return 2

    def _stated_keys(self) -> set:
        """The table's keys whose value the problem states: a given's (AB = 5) or a relation's own (the right angle
        of a perpendicular)."""
        if self._stated_values is None:
            self._stated_values = {k for e in self.table.equations if isinstance(e.label, Step)
                                   and e.label.instance.family.key in ("given", "relation") and len(e.coeffs) == 1
                                   for k in e.coeffs}
        return self._stated_values

    def _held_before(self, form, inst: Instance) -> bool:
        """Whether the table proved ``form`` before the judgement round now running (or now, outside one):
        a judgement that adds nothing is kept out, but one whose conclusion another judgement of the same round
        proved first (AF = AE from the isosceles triangle AEF) stays, so that the proof may choose the one-step
        named theorem (E the midpoint of AC and EF parallel to CB: F the midpoint of AB).  From derived premises
        it stays only where no one equation of the round says it, only a chain (D the midpoint of BC from BD = BC -
        CD: DE ∥ AB gives AE = AC/2 at once, where the other midline DF and the parallelogram AEDF take two); the
        same fact said again from other derived premises (an equilateral triangle from its other two angles) could
        only lengthen the route the proof weighs.  Its premises were proven before the round: no circle."""
        if not self._holds(form):
            return False
        if self._round_start is None:
            return True
        if not all(self._stated_premise(a, b) for a, b in inst.premises) and self._said_this_round(form):
            return True
        n = self.table.determined_by({k.name: c for k, c in form[0].items()})
        return n is None or n <= self._round_start

    def _said_this_round(self, form) -> bool:
        """Does one equation the running round added say ``form`` (the same elements, in proportion)?"""
        target = {k.name: Fraction(str(c)) for k, c in form[0].items()}
        first = next(iter(target))
        for e in self.table.equations[self._round_start:]:
            if e.coeffs.keys() != target.keys():
                continue
            r = Fraction(e.coeffs[first]) / target[first]
            if all(Fraction(e.coeffs[k]) == r * c for k, c in target.items()):
                return True
        return False

    def _holds(self, form) -> bool:
        """Does the table already prove the linear relation ``form``?"""
        coeffs, const = form
        if not coeffs:
            return const == 0
        value = self.table.value_of({k.name: c for k, c in coeffs.items()})
        if value is None:
            return False
        d = value - const
        if d.is_Rational:  # (simplify returns a number with no arguments as it is)
            return d == 0
        return not _clearly_nonzero(d) and sympy.simplify(d) == 0

    def products(self, key: sympy.Expr) -> set[sympy.Expr]:
        """The pooled equations cleared of denominators, for :meth:`proven` to look the product of
        ratios ``key`` up in; each cleared only once asked, and only where it names every element of
        ``key`` (a cleared equation names no element its equation does not): most are never asked
        for, and clearing costs."""
        if self._unkeyed:
            fs = key.free_symbols
            left = []
            for e, names in self._unkeyed:
                names = e.free_symbols if names is None else names
                if fs <= names:
                    self._products.add(_numerator(e))
                else:
                    left.append((e, names))
            self._unkeyed = left
        return self._products

    def proven(self, lhs: sympy.Expr, rhs: sympy.Expr) -> bool:
        """Does the table prove lhs = rhs (both linear)?  Kept: each judgement round asks again for
        the same premises; a proven one stays proven, an unproven one is asked again once the table
        or the pool has grown."""
        state = (self.table.rank, len(self.pool))
        got = self._proven.get((lhs, rhs))
        if got is True or got == state:
            return got is True
        ok = self._proves(lhs, rhs)
        self._proven[(lhs, rhs)] = True if ok else state
        return ok

    def _proves(self, lhs: sympy.Expr, rhs: sympy.Expr) -> bool:
        e = self._premise(lhs, rhs)[0]
        form = linear_form(e)
        if form is None:  # a product of ratios: stated or derived as an equation, or zero on the values
            key = _numerator(e)
            products = self.products(key)
            if key in products or -key in products:
                return True
            rest = e.xreplace(self.known())
            if not rest.free_symbols:
                return sympy.simplify(rest) == 0
            return self._proportional(rest)
        return self._holds(form)

    def _reduced(self, e: sympy.Expr) -> sympy.Expr:
        """An equation equal to zero with the table's values and expressions put in, without denominators."""
        return _numerator(self._put_in_table(e))

    def _put_in_table(self, e: sympy.Expr) -> sympy.Expr:
        """``e`` with the table's values and expressions put in (``_reduced`` before its denominators go)."""
        e = e.xreplace(self.known())
        subs = {}
        for s in _syms(e):
            ex = self.express(s)
            if ex is not None and ex[0] != s:
                subs[s] = ex[0]
        return e.xreplace(subs) if subs else e

    def _proportional(self, e: sympy.Expr) -> bool:
        """Is e = 0 a multiple of a pooled equation once the table's values and expressions are put in
        in both (AC·MN = AB·NP from AX·MN = AB·NQ with AX = 2 AC and NQ = 2 NP)?"""
        if len(e.free_symbols) > MAX_PROPORTIONAL or e.has(Degrees):
            return False
        r = self._reduced(e)
        if r == 0:
            return True
        fs = r.free_symbols
        syms = _syms(r)
        version = self.table.rank
        for p in self.pool:
            cached = self._reductions.get(id(p))
            if cached is None or cached[0] != version:
                put = self._put_in_table(p.expr) \
                    if len(p.expr.free_symbols) <= MAX_PROPORTIONAL and not p.expr.has(Degrees) else None
                cached = self._reductions[id(p)] = (version, put, None if put is not None else sympy.Integer(0))
            q = cached[2]
            if q is None:  # (expanded only where it may hold every symbol of r: its numerator has none of its own)
                if not fs <= cached[1].free_symbols:
                    continue
                q = _numerator(cached[1])
                self._reductions[id(p)] = (version, cached[1], q)
            if q == 0 or q.free_symbols != fs:
                continue
            if _constant_multiple(r, q, syms):
                return True
        return False

    def ratio_source(self, lhs: sympy.Expr, rhs: sympy.Expr, inst) -> Step | None:
        """The pooled step (not ``inst``'s own, not a given) whose equation proves the product of ratios
        lhs = rhs, once the table's values are put in (EF·CD = AC·FG from EFH ~ ACB's EF·BC = AC·FH with
        BC, CD, FG, FH known): the proof prints it, so that no printed step rests on a ratio never derived."""
        e = self.cfg.canon(lhs) - self.cfg.canon(rhs)
        if linear_form(e) is not None or len(e.free_symbols) > MAX_PROPORTIONAL or e.has(Degrees):
            return None
        r = self._reduced(e)
        if r == 0:
            return None
        fs, syms = r.free_symbols, _syms(r)
        for p in self.pool:
            if p.step.instance is inst or p.step.instance.family.key == "given" or p.expr.has(Degrees) \
                    or len(p.expr.free_symbols) > MAX_PROPORTIONAL:
                continue
            q = self._reduced(p.expr)
            if q != 0 and q.free_symbols == fs and _constant_multiple(r, q, syms):
                return p.step
        return None

    def display(self) -> dict[sympy.Symbol, sympy.Symbol]:
        """Each angle atom -> the name the problem first gives that angle (``angle CAB``, not the
        atom's ``angle CAO``), for the written proof."""
        out: dict[sympy.Symbol, sympy.Symbol] = {}
        exprs = [f.lhs - f.rhs for f in self.problem.facts] + [self.problem.goal.expr] if self.problem.goal else []
        for e in exprs:
            for s in sorted(e.free_symbols, key=lambda s: s.name):
                atom = self.cfg.angle_atoms.get(s)
                if atom is not None and atom.is_Symbol and atom != s:
                    out.setdefault(atom, s)
        return out

    # -- the goal --------------------------------------------------------------------------------
    def answer(self) -> Outcome | None:
        if self.goal is None:
            return Outcome(None, "the problem has no goal")
        known = self.known()
        g = self.goal.xreplace(known)
        value = None
        trig = self._trig_goal(known)
        if trig is not None:  # sin(angle BAC) = BC/AB in the right triangle, not sin(asin(8/17))
            return Outcome(_tidy(trig[0]), goal=self.goal, uses=trig[1], final=self.final)
        if not g.free_symbols:
            value = g
        else:
            form = linear_form(self.goal)
            if form is not None:
                coeffs, const = form
                ans = self.evaluate(coeffs) if coeffs else None
                if ans is not None:
                    value = ans.value - const
        uses: list[dict] = []
        if value is None and len(g.free_symbols) <= 4:  # a ratio: AB / CD with AB = 3/5 CD proven
            subs = {}
            for s in _syms(g):
                ex = self.express(s)
                if ex is not None and ex[0] != s:
                    subs[s] = ex[0]
                    uses.append(ex[1])
            g2 = sympy.cancel(g.xreplace(subs)) if subs else g
            if not g2.free_symbols:
                value = g2
        if value is None:
            value, uses = self._ratio_goal(g)
        if value is None:
            return None
        value = _tidy(value)
        return Outcome(value, goal=self.goal, uses=uses, final=self.final)

    def _trig_goal(self, known: dict) -> tuple[sympy.Expr, list] | None:
        """A goal sin, cos or tan of an angle that one equation gives with the values found put in
        (``BC = AB·cos(angle ABC)``): its value and the values it puts in (``self.final``, the step)."""
        goal = self.goal
        if not (isinstance(goal, Degrees) and len(goal.free_symbols) == 1 and goal.args[0].is_Symbol):
            return None
        k = sympy.Symbol("trig_goal")
        for p in sorted(self.pool, key=lambda p: weight(p.step.instance.family.key)):  # (stable: then in order)
            if not p.expr.has(goal):
                continue
            e = sympy.expand(p.expr.xreplace({goal: k}).xreplace(known))
            if e.free_symbols != {k} or sympy.degree(e, k) != 1:
                continue
            v = sympy.solve(e, k)[0]
            step = Step(p.step.instance, p.step.lhs, p.step.rhs,
                        p.step.uses + tuple({x: 1} for x in _syms(p.expr) if x in known))
            self.final = step
            return sympy.radsimp(v), list(step.uses)
        return None

    def _ratio_goal(self, g: sympy.Expr, lightest: float | None = None) -> tuple[sympy.Expr | None, list]:
        """A goal a/b of two lengths (or areas …) that an equation fixes as a ratio (40·DE² = 30·AB²):
        put a = k·b in, divide b out, solve for k.  With ``lightest``: only an equation of at most that
        weight, read as a ratio though a and b are known each (a right triangle's AB = BC·sin C)."""
        num, den = sympy.fraction(sympy.factor(g))
        if not (num.is_Symbol and den.is_Symbol and num.is_positive and den.is_positive):
            return None, []
        k = sympy.Symbol("ratio", positive=True)
        known = self.known()
        pool = self.pool
        if lightest is not None:
            known = {x: v for x, v in known.items() if x not in (num, den)}
            pool = [p for p in pool if weight(p.step.instance.family.key) <= lightest]
        est = self.estimate(num) / self.estimate(den)
        for p in pool:
            e = p.put_in(known)
            if e.free_symbols != {num, den}:
                continue
            e2 = _without_positive_factors(e.xreplace({num: k * den}))
            if e2.free_symbols != {k}:
                continue
            v = self._solve_one(e2, k, est)
            if v is not None:
                p.done = True
                step = Step(p.step.instance, p.step.lhs, p.step.rhs,
                            p.step.uses + tuple({x: 1} for x in _syms(p.expr) if x in known))
                self.final = step
                return v, list(step.uses)
        return None, []

    def _missing(self) -> str:
        known = self.known()
        g = self.goal.xreplace(known)
        unknown = sorted(_said(s) for s in g.free_symbols)
        names = [k for k in unknown][:4]
        values = ", ".join(f"{_said(k)} = {v}" for k, v in list(known.items())[:6])
        return (f"no theorem gives {', '.join(names)} from the facts; known: {len(known)} values "
                f"({values}{' …' if len(known) > 6 else ''})"
                f"{_two_kinds(self.problem, self.model, known)}{self._unjoined()}{self._unlined(known)}"
                f"{self._unradiused(g)}")

    def _unradiused(self, g: sympy.Expr) -> str:
        """A chord asked (or left unknown) whose ends lie on a circle whose radii to them no line draws,
        with the line that draws them: the radius is known, but no triangle holds it and the chord (a
        regular hexagon in a circle of radius 7: 'triangle OAB'); empty where there is none."""
        for s in sorted(g.free_symbols, key=str):
            el = element_of(s)
            if el is None or el.kind.key != "length":
                continue
            a, b = el.points
            for c in self.problem.circles:
                o = c.centre
                if {a, b} <= set(c.points) and not (self.cfg.joined(o, a) and self.cfg.joined(o, b)):
                    return (f"; the radii {o}{a} and {o}{b} of circle {o} are drawn by no line, so no theorem gives "
                            f"the chord {a}{b} from the radius{self._adding((o, a, b))}")
        return ""

    def _unlined(self, known: dict) -> str:
        """A straight angle the facts give (angle AGD = 180: G on AD, as the centroid on a median) whose
        points no line names, with the line that lets the theorems use it (they read collinearity
        from lines, not from an angle's value); empty where there is none."""
        lines = [set(ln.points) for ln in self.problem.lines]
        for s, v in known.items():
            el = element_of(s)
            if el is not None and el.kind.key == "angle" and v == 180 \
                    and not any(set(el.points) <= ln for ln in lines):
                a, b, c = el.points
                return f"; {a}, {b}, {c} lie on one line: add 'line {a} {b} {c}'"
        centroids = {r.args[1]: r.args[0][0] for r in self.problem.relations if r.key == "centroid"}
        for r in self.problem.relations:  # the centroid on a median the facts state, no line through the three
            (a, d), tri = r.args if r.key == "median" else ((None, None), None)
            g = centroids.get(tri)
            if g is not None and not any({a, g, d} <= ln for ln in lines):
                return f"; {a}, {g}, {d} lie on one line (the centroid is on the median): add 'line {a} {g} {d}'"
        return ""

    def _unjoined(self) -> str:
        """The goal's angle in a triangle whose third side nothing draws, with the line that draws it:
        a triangle's theorems need its three sides (``find angle OAB`` with A and B on a circle about O
        draws AO and AB, not the radius OB); empty where every such side is drawn."""
        if self.problem.goal is None:
            return ""
        for s in sorted(self.problem.goal.expr.free_symbols, key=str):
            el = element_of(s)
            if el is None or el.kind.key != "angle" or self.cfg.joined(el.points[0], el.points[2]):
                continue
            a, v, c = el.points
            if abs(pg.signed_area([self.model.coords[q] for q in (a, v, c)])) > 1e-6 * self.model.size() ** 2:
                return (f"; the side {a}{c} of triangle {a}{v}{c} is drawn by no line, so no theorem of that "
                        f"triangle applies{self._adding((a, v, c))}")
        return ""

    def _adding(self, triangle: tuple[str, str, str]) -> str:
        """': add 'triangle ABC'', unless the problem with that triangle added still fits two figures
        that give the goal other values: a suggested line must never lead to another problem than the
        user's (one figure answered without a word), so the side line that picks the figure is named
        instead, with the goal's value on each."""
        line = f"triangle {''.join(triangle)}"
        added = dataclasses.replace(self.problem, polygons=(*self.problem.polygons, PolygonDecl(triangle)))
        try:
            build_model(added)
        except SolveError as e:
            if e.message.startswith(UNDERDETERMINED):
                return f"; '{line}' would draw it, but {e.message}"
        return f": add '{line}'"


def _two_kinds(problem: GeneralProblem, model: NumericModel, known: dict) -> str:
    """Where a quadrilateral is given one pair of sides parallel and the other pair equal, and no
    kind: a parallelogram and an isosceles trapezoid both have that, and the theorems of each wait
    for its line; named with the line for the figure found (empty where no quadrilateral is so)."""
    parallel = {frozenset((frozenset(a), frozenset(b))) for r in problem.relations if r.key == "parallel"
                for a, b in [r.args]}
    kinds = {frozenset(r.args[0]) for r in problem.relations if BLOCKS_BY_KEY[r.key].polygon is not None}
    stated = {frozenset((f.lhs, f.rhs)) for f in problem.facts}
    for poly in problem.polygons:
        q = poly.points
        if len(q) != 4 or frozenset(q) in kinds:
            continue
        for i in range(2):
            bases = ((q[i], q[i + 1]), (q[(i + 2) % 4], q[(i + 3) % 4]))  # AB, CD (i = 0) or BC, DA
            legs = ((q[i + 1], q[(i + 2) % 4]), (q[(i + 3) % 4], q[i]))
            if frozenset(map(frozenset, bases)) not in parallel:
                continue
            a, b = (element_symbol("length", leg) for leg in legs)
            if frozenset((a, b)) not in stated and not (a in known and known.get(a) == known.get(b)):
                continue
            named = ["".join(sorted(side, key=q.index)) for side in (*bases, *legs)]  # each side in q's order
            order = {p: k for k, p in enumerate(q)}
            sides = sorted(named[:2], key=lambda t: order[t[0]]) + sorted(named[2:], key=lambda t: order[t[0]])
            both = [f"{sides[0]} ∥ {sides[1]}", f"{sides[2]} = {sides[3]}"]
            lines = (f"'isosceles trapezoid {''.join(q)} bases {sides[0]} {sides[1]}'",
                     f"'parallelogram {''.join(q)}'")
            other = [model.coords[p] for p in legs[0] + legs[1]]
            if abs(pg.unit_cross(*other)) < 1e-6:  # the figure found has its legs parallel too
                lines = lines[::-1]
            return (f"; {''.join(q)} has {' and '.join(both)}, which a parallelogram and an isosceles trapezoid "
                    f"both have: say which it is, e.g. {lines[0]} (the figure found) or {lines[1]}")
    return ""


def _said(s: sympy.Symbol) -> str:
    """An element as the language writes it (``angle BAO``, not the symbol's ``angle(BAO)``); a variable's name."""
    el = element_of(s)
    return s.name if el is None else el.text
