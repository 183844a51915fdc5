"""From a construction to questions: the deduction run to closure once, every element it determines
a candidate goal with its proof, and a chosen goal traced back to the givens and constructions its
proof needs (AlphaGeometry's traceback)."""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, replace
from fractions import Fraction

import numpy as np
import sympy
from geomill.engine import plane_geometry as pg
from geomill.engine.plane import Degrees, GeneralProblem, Goal, element_of, element_symbol, height_foot
from geomill.solvers.numeric import NumericModel
from geomill.solvers.plane.deduce import Deduction, Outcome
from geomill.solvers.plane.proof import HALF_TURN, Proof, build_proof
from sympy.functions.elementary.trigonometric import TrigonometricFunction

from .construct import Figure, near_diameter

QUESTION_TYPES = ("length", "angle", "arc", "area", "perimeter", "ratio", "x")


class _Closure(Deduction):
    """The plane deduction run until nothing new comes (no goal stops it), then asked goal after goal."""

    def answer(self) -> Outcome | None:
        return None if self.goal is None else super().answer()

    def _missing(self) -> str:
        return "closure"

    def _solve_one(self, e: sympy.Expr, s: sympy.Symbol, est: float | None = None) -> sympy.Expr | None:
        """Solved only when the figure's value looks like one a textbook prints: most of the
        closure's time went into solving for values like asin(3·sin(40°)/7) that no goal keeps."""
        v = self.estimate(s) if est is None else est
        el = element_of(s)
        if el is not None and not looks_nice(self._printed_part(el, v)):
            return None
        if in_radians(e).has(TrigonometricFunction):  # sin 50° stays; sin x = 1/2 needs asin: slow, rarely kept
            return None
        return super()._solve_one(e, s, est)

    def _printed_part(self, el, v: float) -> float:
        """The part of an element's value a textbook prints as one number: a sector's perimeter less its
        two radii (its arc's length, a multiple of π; the whole, 12 + 2π, is no single number)."""
        if el.kind.key == "sector_perimeter":
            return v - 2 * self.estimate(element_symbol("length", el.points[:2]))
        return v

    def _express_round(self, known: dict) -> bool:
        """Left out of the closure: with no goal to stop it, the round (a pooled equation with several
        unknowns that the table ties to one) went over the whole pool again after every new value,
        most of the closure's time, and rarely determined an element the other rounds leave open.
        The written problem's re-solve (``make.check``) runs it as ``geomill solve`` does."""
        return False

    _roughly = False  # explain by the table's first explanations, not the lightest (see rough)

    def evaluate(self, coeffs: dict, first: bool = False, light: bool = False):
        """The table's answer, kept while the table does not grow: the goals' proofs of one closure
        explain the same values again and again (the givens, the base's sides), each time by the
        lightest search."""
        light = light and not self._roughly
        memo = self.__dict__.setdefault("_evaluated", {})
        key = (frozenset(coeffs.items()), first, light, len(self.table.equations))
        if key not in memo:
            memo[key] = super().evaluate(coeffs, first, light)
        return memo[key]

    def value_of(self, expr: sympy.Expr) -> sympy.Expr | None:
        """The value of ``expr`` from what the closure proved, without its proof (a fifth of the cost)."""
        out = self._answer(expr)
        return None if out is None else out.value

    def rough(self, expr: sympy.Expr) -> Proof | None:
        """The proof built on the table's first explanations rather than the lightest ones (None: no
        proof): a screen about ten times cheaper than ``ask``.  The lightest proof is rarely deeper (seed
        11, 14 constructions: 19 of 219 goals one step deep so grew deeper), and it cites no fewer givens
        where this one cites too few for a problem (65 of 65)."""
        self._roughly = True
        try:
            got = self.ask(expr)
        finally:
            self._roughly = False
        return got[1] if got is not None and got[1].steps else None

    def ask(self, expr: sympy.Expr) -> tuple[sympy.Expr, Proof] | None:
        """The value and proof of ``expr`` from what the closure proved (None: not determined)."""
        out = self._answer(expr)
        if out is None:
            return None
        try:
            return out.value, build_proof(self, out)
        except (ValueError, KeyError, TypeError, RecursionError):
            return None

    def _answer(self, expr: sympy.Expr) -> Outcome | None:
        g = self.cfg.canon(expr)
        raw = g.xreplace(self.known())
        if raw.free_symbols and len(raw.free_symbols) == len(g.free_symbols) and not g.is_Mul:
            return None  # nothing of it is known (a ratio may still be: ask)
        if not raw.free_symbols and (raw.has(sympy.Function) or sympy.count_ops(raw) > 40):
            return None  # a value no textbook prints (tidying it costs more than the rest)
        self.goal, self.final = g, None
        try:
            out = super().answer()
        finally:
            self.goal = None
        return None if out is None or out.value is None else out


def in_radians(e: sympy.Expr) -> sympy.Expr:
    return e.replace(lambda x: isinstance(x, Degrees), lambda x: x.rewrite_radians())


def model_of(problem: GeneralProblem, fig: Figure) -> NumericModel:
    """The exact figure as the solver's numeric model (coordinates from the construction, not fitted)."""
    at = {n: np.asarray(fig.at[n], float) for n in problem.points}
    radii = {c.centre: fig.radii[c.centre] for c in problem.circles}
    return NumericModel(problem, at, {}, radii, 0.0, 0)


def closure(problem: GeneralProblem, model: NumericModel, fig: Figure | None = None) -> _Closure:
    """The deduction run to closure.  With ``fig``, the problem names its circles' arc lengths and
    sectors, its heights and its triangles' exterior angles as a goal would (their formulas apply only to
    an element named so), with no goal to stop at."""
    named = [s for c in problem.circles for a, b in ring_pairs(fig, c) for s in _sector_measures(c.centre, a, b)] \
        + heights(fig) + fig.exterior_angles() if fig is not None else []
    ded = _Closure(replace(problem, goal=Goal(sympy.Add(*named))) if named else problem, model)
    ded.goal = None
    ded.run()
    return ded


def ring_pairs(fig: Figure, circle) -> list[tuple[str, str]]:
    """Neighbouring points of a circle, going round it (the arcs a textbook names)."""
    o = fig.at[circle.centre]
    ring = sorted(circle.points, key=lambda n: float(np.arctan2(*(fig.at[n] - o)[::-1])))
    return list(zip(ring, ring[1:] + ring[:1]))


def _half_circle(fig: Figure, o: str, a: str, b: str) -> bool:
    """A and B are the ends of a diameter on the figure: the arc and sector they bound have no one name."""
    return abs(pg.angle(fig.at[a], fig.at[o], fig.at[b]) - 180) <= HALF_TURN


def _near_half(fig: Figure, o: str, a: str, b: str) -> bool:
    """A and B are nearly, not exactly, the ends of a diameter: the chord AB would pass by the centre as near as
    ``Figure.misdrawn`` refuses (an arc or sector between them reads as a half circle, its radii as a diameter:
    reader 31's 16, sector OBC of 190°)."""
    return not _half_circle(fig, o, a, b) and near_diameter(pg.angle(fig.at[a], fig.at[o], fig.at[b]))


def heights(fig: Figure) -> list[sympy.Symbol]:
    """The heights of the figure's polygons that a drawn perpendicular to a side's line meets at a
    point of the figure (a triangle's from a vertex, a quadrilateral's onto a side), as a textbook asks
    them: the altitude judgement names such a segment the height."""
    on_line = {frozenset((ln[i], ln[j])): ln for ln in fig.lines() for i in range(len(ln)) for j in range(i)}
    drawn = fig.segments()
    out = []
    for poly in fig.polygons:
        if len(poly) not in (3, 4):
            continue
        turns = (poly, poly[::-1]) if len(poly) == 4 else (poly,)  # (DCBA: from A onto DC, which ABCD's turns miss)
        for name in (t[k:] + t[:k] for t in turns for k in range(len(poly))):
            v, a, b = height_foot(name)
            line = on_line.get(frozenset((a, b)), ())
            if any(p not in (v, a, b) and frozenset((v, p)) in drawn
                   and abs(pg.angle(fig.at[v], fig.at[p], fig.at[a]) - 90) < 1e-9 for p in line):
                out.append(element_symbol("height", name))
    return list(dict.fromkeys(out))


def _sector_measures(centre: str, a: str, b: str) -> list[sympy.Symbol]:
    return [element_symbol(k, (centre, a, b)) for k in ("arc_length", "sector_area", "sector_perimeter")]


@dataclass
class Candidate:
    """A goal the closure determines: its proof is built only when the goal is considered (most
    candidates never are: a construction gives a few problems out of dozens of determined elements)."""

    qtype: str
    expr: sympy.Expr
    value: sympy.Expr
    ded: _Closure | None = None
    _proof: Proof | None = None
    _rough: Proof | bool | None = None  # (False: none)

    @property
    def proof(self) -> Proof | None:
        """The closure's proof of the goal; None where it has none worth asking (no step, depth 0)."""
        if self._proof is None and self.ded is not None:
            got, self.ded = self.ded.ask(self.expr), None
            if got is not None and got[1].steps and got[1].depth >= 1:
                self._proof = got[1]
        return self._proof

    @property
    def rough(self) -> Proof | None:
        """``_Closure.rough`` of the goal, kept (None: no proof)."""
        if self._rough is None:
            got = self.ded.rough(self.expr) if self.ded is not None else self._proof
            self._rough = False if got is None else got
        return self._rough or None

    @property
    def depth(self) -> int:
        return self.proof.depth

    @property
    def theorems(self) -> set[str]:
        return {k for st in self.proof.steps for k in st.theorems}


def candidate_exprs(fig: Figure, ded: _Closure, rng: np.random.Generator) -> list[tuple[str, sympy.Expr]]:
    """Elements a textbook could ask about on this figure, by question type, shuffled."""
    cfg = ded.cfg
    out: list[tuple[str, sympy.Expr]] = []
    segs = sorted(tuple(sorted(s)) for s in fig.segments())
    for ln in cfg.lines:
        segs += [tuple(sorted(p)) for p in itertools.combinations(ln.points, 2)]
    segs = sorted(set(segs))
    out += [("length", element_symbol("length", s)) for s in segs]
    seen = set()
    rays: dict[str, set[str]] = {}
    for a, b in segs:
        rays.setdefault(a, set()).add(b)
        rays.setdefault(b, set()).add(a)
    for v in sorted(rays):
        for p, q in itertools.combinations(sorted(rays[v]), 2):
            atom = cfg.angle(p, v, q)
            if atom is None or atom in seen or atom == 180:
                continue
            seen.add(atom)
            out.append(("angle", element_symbol("angle", (p, v, q))))
    for poly in fig.polygons:
        if all(n in fig.at for n in poly) and set(poly) <= set(ded.problem.points):
            out.append(("area", element_symbol("area", poly)))
            out.append(("perimeter", element_symbol("perimeter", poly)))
    out += [("length", h) for h in heights(fig)]
    for c in ded.problem.circles:  # (its circumference its perimeter: among a figure's dozens of lengths, never asked)
        out += [("length", element_symbol("radius", (c.centre,))), ("length", element_symbol("diameter", (c.centre,))),
                ("area", element_symbol("circle_area", (c.centre,))),
                ("perimeter", element_symbol("circumference", (c.centre,)))]
        for a, b in ring_pairs(fig, c):
            if _half_circle(fig, c.centre, a, b):  # "sector OBC" over a diameter: which half is asked?
                continue
            if _near_half(fig, c.centre, a, b):  # (its radii drawn nearly in one line: read as a diameter)
                continue
            # one measure of each arc (its degrees, length, sector's area or perimeter): all four made one
            # figure's questions, and a set's, mostly sectors
            measures = [("arc", element_symbol("arc", (c.centre, a, b))),
                        *zip(("length", "area", "perimeter"), _sector_measures(c.centre, a, b))]
            out.append(measures[int(rng.integers(len(measures)))])
    order = rng.permutation(len(out))
    return [out[i] for i in order]


def candidates(fig: Figure, ded: _Closure, rng: np.random.Generator, limit: int = 40) -> list[Candidate]:
    """Up to ``limit`` determined elements with nice values (plus ratios of two lengths); their
    proofs are built when asked for."""
    found: list[Candidate] = []
    lengths: list[Candidate] = []
    for qtype, e in candidate_exprs(fig, ded, rng):
        if len(found) >= limit:
            break
        if ded.model.value(e) < 1e-6:
            continue
        value = ded.value_of(e)
        if value is None or not nice(value):
            continue
        c = Candidate(qtype, e, value, ded)
        found.append(c)
        if qtype == "length" and element_of(e).kind.key == "length":
            lengths.append(c)
    pairs = [(a, b) for i, a in enumerate(lengths) for b in lengths[i + 1:]
             if set(element_of(a.expr).points) & set(element_of(b.expr).points)][:4]
    for a, b in pairs:  # a ratio of two lengths the closure determines, sharing an end (AE/AB, not AF/BG)
        e = a.expr / b.expr
        value = ded.value_of(e)
        if value is not None and value != 1 and nice(value):  # 3√5/2, not 1 - 4√61/61
            found.append(Candidate("ratio", e, value, ded))
    return found


NICE_DENOMINATOR = 3600  # the largest denominator a value a textbook prints has (or its square has)
FLOAT_ERROR = 1e-11  # relative: the exact figure's measures are within about 1e-13 of the exact values


def looks_nice(v: float) -> bool:
    """Is ``v`` (a measure on the figure) a rational with a small denominator, or a square root of
    one, or π times one of those, up to the figure's float error and no more (any number is within
    1e-7 or so of some fraction with denominator 3600: a looser tolerance would let every value in)."""
    if not math.isfinite(v) or v <= 0:
        return False
    for y in (v, v / math.pi):
        for z in (y, y * y):
            if abs(float(Fraction(z).limit_denominator(NICE_DENOMINATOR)) - z) <= FLOAT_ERROR * z:
                return True
    return False


def nice(value: sympy.Expr) -> bool:
    """An answer a textbook prints (``textbook_answer``), never a trigonometric value left unsimplified."""
    if value.has(sympy.Function) or sympy.count_ops(value) > 10:
        return False
    for p in value.atoms(sympy.Pow):
        if not (p.base.is_Rational and p.exp.is_Rational):
            return False
    return textbook_answer(value)


SIMPLE_DENOMINATOR = 30  # a fraction's largest denominator (11/19, 15/28; not 1864/1157)
SURD_DENOMINATOR = 12  # a surd's, unless it is the surd's own (4√41/41, from 4/√41)
LARGEST_RADICAND = 150  # √127 is a textbook's; √233, √254, √399 are not
LARGEST_NUMERATOR = 10_000


def textbook_answer(value: sympy.Expr) -> bool:
    """The rule for a textbook's answer: an integer, a simple fraction, or a single surd (``4√3``,
    ``2√58/3``, ``4√41/41``), any of them possibly times π (``16π/3``), or a simple fraction plus a
    simple fraction times π (a sector's perimeter, ``12 + 2π``); never another sum (``98 + 7√254``),
    a large denominator (``13√399/360``) or a large radicand."""
    if value.is_Add:
        return len(value.args) == 2 and _whole_and_arc(*value.args)
    rest = value / sympy.pi if value.has(sympy.pi) else value
    if rest.has(sympy.pi) or not rest.is_positive:
        return False
    coeff, surd = rest.as_coeff_Mul()
    if surd == 1:
        coeff, surd = rest, sympy.S.One
    if not coeff.is_Rational or abs(coeff.p) > LARGEST_NUMERATOR:
        return False
    if surd == 1:
        return coeff.q <= SIMPLE_DENOMINATOR
    if not (surd.is_Pow and surd.base.is_Integer and surd.exp == sympy.S.Half):
        return False
    radicand = int(surd.base)
    own = (SURD_DENOMINATOR * radicand) % coeff.q == 0
    return radicand <= LARGEST_RADICAND and (coeff.q <= SURD_DENOMINATOR or own)


def _whole_and_arc(a: sympy.Expr, b: sympy.Expr) -> bool:
    """``a + b`` is a simple fraction plus a simple fraction times π, both positive (``12 + 2π``)."""
    rational, arc = (a, b) if b.has(sympy.pi) else (b, a)
    coeff = arc / sympy.pi
    return all(x.is_Rational and x.is_positive and x.q <= SIMPLE_DENOMINATOR and x.p <= LARGEST_NUMERATOR
               for x in (rational, coeff))


def used_points(proof: Proof, fig: Figure) -> set[str]:
    """Every point an equation of the proof mentions; an angle's arm is named by the earliest
    constructed point on its ray (the deduction names it by the nearest, which may be a later one)."""
    return {p for pair in used_pairs(proof, fig) for p in pair}


def used_pairs(proof: Proof, fig: Figure, goal: sympy.Expr = sympy.S.Zero) -> set[frozenset[str]]:
    """The segments and angle arms the proof's equations (and the goal) name, as point pairs (a
    one-point element, a circle's centre, as itself): which drawn segments the problem needs."""
    born = {p: i for i, st in enumerate(fig.steps) for p in st.new}
    lines = fig.lines()
    out: set[frozenset[str]] = set()
    exprs = [e for st in proof.steps for s, _ in st.equations for e in (s.lhs, s.rhs, s.instance.lhs, s.instance.rhs)]
    for e in [*exprs, goal]:
        for sym in e.free_symbols:
            el = element_of(sym)
            if el is None:
                continue
            if el.kind.key == "angle":
                a, v, c = el.points
                out |= {frozenset((v, _earliest(fig, born, v, a, lines))),
                        frozenset((v, _earliest(fig, born, v, c, lines)))}
            elif len(el.points) == 2:
                out.add(frozenset(el.points))
            else:
                out |= {frozenset((p,)) for p in el.points}
    return out


def _earliest(fig: Figure, born: dict[str, int], v: str, p: str, lines: list[tuple[str, ...]] | None = None) -> str:
    """The earliest constructed point on the ray from ``v`` through ``p`` along a line the figure draws through
    both (the deduction knows no other point on it: a centre that lies on a bisector only because the triangle is
    equilateral names no arm, and keeps no circle in a problem that never uses it, teacher 25's gen 12)."""
    line = next((ln for ln in (fig.lines() if lines is None else lines) if v in ln and p in ln), (p,))
    o, d = fig.at[v], fig.at[p] - fig.at[v]
    on = [q for q in line if q in born and q != v and float(np.dot(d, fig.at[q] - o)) > 0]
    return min(on, key=lambda q: (born[q], q)) if on else p


def used_givens(proof: Proof) -> list[tuple[sympy.Expr, sympy.Expr]]:
    """The given facts the proof cites, as (lhs, rhs) as stated."""
    out = []
    for st in proof.steps:
        for s, _ in st.equations:
            if s.instance.family.key == "given":
                out.append((s.instance.lhs, s.instance.rhs))
    return out


def traceback(fig: Figure, proof: Proof, goal: sympy.Expr) -> set[int]:
    """The construction steps the proof (and the goal) needs: those that made a point they
    mention, and the steps those build on."""
    pairs = used_pairs(proof, fig, goal)
    need = {p for pair in pairs for p in pair}
    need |= {str(n) for st in proof.steps for s, _ in st.equations for n in s.instance.names if n in fig.circles}
    # (a circle a theorem cites by its centre, "the cyclic quadrilateral ABCD of circle O", that no equation names)
    keep = {0}
    for i in range(len(fig.steps) - 1, 0, -1):
        st = fig.steps[i]
        if set(st.new) & need or (not st.new and frozenset(st.uses) in pairs):  # (a drawn segment: if named)
            keep.add(i)
            need |= set(st.uses)
    return keep


def worth_asking(fig: Figure, proof: Proof, keep: set[int], facts: list, goal: sympy.Expr) -> bool:
    """A problem a textbook would set: givens and constructions four or more together (a radius
    and its circle's area, a rhombus's side and angle and its area, are too little to say: a large
    set repeats their few data), and a base quadrilateral the proof uses:
    a theorem or relation on it cited, or its every vertex named (a trapezoid drawn for the
    triangle at one of its corners is a given nothing needs)."""
    if not facts or len(facts) + fig.counted(keep) < 4:
        return False
    base = set(fig.polygons[0]) if fig.polygons else set()
    if len(base) != 4:
        return True
    if base <= {p for pair in used_pairs(proof, fig, goal) for p in pair}:
        return True
    return any(base <= set(n) for st in proof.steps for s, _ in st.equations for n in s.instance.names)
