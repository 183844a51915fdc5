"""The proof of a general answer: only the steps the goal needs, in dependency order, as data and text.

A :class:`ProofStep` concludes one value (an element, or a linear combination such as ``x``) from
a few theorem instances combined (the linear table's provenance: which equations, with which
multipliers) or from one equation solved for its one unknown; it cites the earlier steps whose
values it puts in.  Walking back from the goal gives exactly the steps it needs.
"""
from __future__ import annotations

import itertools
import math
import re
from dataclasses import dataclass, field
from fractions import Fraction

import sympy
from geomill.engine import plane_geometry as pg
from geomill.engine.plane import element_of, polygon_key
from geomill.engine.relations import BLOCKS_BY_KEY, declared_polygons, named_polygons

from .deduce import Deduction, Outcome, Step, is_zero, linear_form
from .weights import DEFAULT as DEFAULT_WEIGHT
from .theorems import ratio_premise_lengths, ratio_premise_pairs


@dataclass
class ProofStep:
    target: sympy.Expr
    value: sympy.Expr
    equations: list[tuple[Step, Fraction]]
    needs: list[int] = field(default_factory=list)  # indices of earlier steps whose values it uses
    values: list[tuple[sympy.Expr, sympy.Expr]] = field(default_factory=list)  # (element, value) found earlier

    @property
    def theorems(self) -> list[str]:
        return [s.instance.family.key for s, _ in self.equations]


_NAMES = [(re.compile(r"length\((\w+)\)"), r"\1"), (re.compile(r"(\w+)\((\w+)\)"), r"\1 \2")]


def show(e: sympy.Expr, display: dict | None = None) -> str:
    """An expression in the language's words: ``angle ABC``, ``AB``, ``sin(angle ABC)``."""
    if display:
        e = e.xreplace({s: display[s] for s in e.free_symbols if s in display})
    subs = {s: sympy.Symbol(_name(s)) for s in e.free_symbols}
    text = str(e.xreplace(subs))
    text = text.replace("Sin(", "sin(").replace("Cos(", "cos(").replace("Tan(", "tan(").replace("**", "^")
    return _COEFFICIENT.sub(r"\1\2", text)


# a number times a variable is written as the language writes it: ``4y``, not ``4*y`` (variables are single
# lowercase letters; an element's word such as ``angle`` is longer, so it never matches)
_COEFFICIENT = re.compile(r"\b(\d+(?:\.\d+)?)\*([a-z])\b")


def _name(s: sympy.Symbol) -> str:
    el = element_of(s)
    if el is None:
        return s.name
    if el.kind.key == "length":
        return "".join(el.points)
    return " ".join((*el.kind.words, "".join(el.points))) if el.kind.words else f"{el.kind.key} {''.join(el.points)}"


def latex(e: sympy.Expr, display: dict | None = None) -> str:
    if display:
        e = e.xreplace({s: display[s] for s in e.free_symbols if s in display})
    names = {}
    for s in e.free_symbols:
        el = element_of(s)
        if el is None:
            names[s] = s.name
        elif el.kind.key == "length":
            names[s] = "".join(el.points)
        elif el.kind.key == "angle":
            names[s] = r"\angle " + "".join(el.points)
        else:
            names[s] = r"\text{" + " ".join(el.kind.words or (el.kind.key,)) + "}\\," + "".join(el.points)
    return sympy.latex(e, symbol_names=names)


@dataclass
class Proof:
    steps: list[ProofStep]
    goal: sympy.Expr
    value: sympy.Expr
    display: dict = field(default_factory=dict)  # an angle atom -> the name the problem gives it

    @property
    def depth(self) -> int:
        """The longest chain of theorem steps (a given, restated, is no step)."""
        level: list[int] = []
        for st in self.steps:
            own = 0 if all(s.instance.family.key == "given" for s, _ in st.equations) else 1
            level.append(own + max((level[i] for i in st.needs), default=0))
        return max(level, default=0)

    @property
    def width(self) -> int:
        return max((len(st.equations) for st in self.steps), default=0)

    arcs: dict = field(default_factory=dict)  # an arc symbol -> (text, latex) name: "arc AB", "major arc ACB"
    drawn: frozenset | None = None  # the segments the figure draws (point pairs); None: not known
    intros: dict = field(default_factory=dict)  # a point the user never named -> "Let Y be the foot …"
    as_written: dict = field(default_factory=dict)  # a textbook arc's (shape area's) expr -> (text, LaTeX, degrees)
    parallels: dict = field(default_factory=dict)  # two parallel segments -> why (opposite sides of a parallelogram)
    rules: dict = field(default_factory=dict)  # (lhs, rhs) of a fact the problem's shape states -> its rule in words
    feet: dict = field(default_factory=dict)  # (vertex, side) -> the segment the figure draws as that height ("BE")
    # id of an SAS step -> (the pooled step proving its ratio premise or None, the linear facts it rests on)
    ratio_sources: dict = field(default_factory=dict)
    shapes: dict = field(default_factory=dict)  # a polygon the problem states -> (its kind's words, its name)
    orders: tuple = ()  # each line's points in their order along it, where the problem gives one
    rounds: dict = field(default_factory=dict)  # a circle's centre -> its points, clockwise round it as drawn
    turns: tuple = ()  # the problem's given turns: (clockwise, chain) for each chain of three or more points
    marked: frozenset = frozenset()  # the relations' equations their own words say (lhs - rhs): see marked_facts
    points: tuple = ()  # the problem's points: a point the proof adds (a height's foot) takes a letter not among them
    diameters: frozenset = frozenset()  # (segment, centre) of each diameter the problem states: "BG is a diameter"
    triangles: tuple = ()  # each triangle the problem states, spelt as its question spells it

    def render(self, style: str = "text") -> str:
        """The proof as a textbook writes it (``write.write``): one unknown a sentence, numbers put in."""
        return "\n".join(self.written(style).lines)

    def written(self, style: str = "text"):
        """The proof as written (kept per style: the linter reads the text, and the record shows it again)."""
        from .write import write

        memo = self.__dict__.setdefault("_written", {})
        if style not in memo:
            memo[style] = write(self, style, self.arcs)
        return memo[style]

    def _value_of(self, u: dict) -> sympy.Expr | None:
        """The value a step proved for ``u`` (kept: the text and the LaTeX renderings ask alike)."""
        e = _expr(u)
        memo = self.__dict__.setdefault("_values", {})
        if e not in memo:
            memo[e] = self._find_value(e)
        return memo[e]

    def _find_value(self, e: sympy.Expr) -> sympy.Expr | None:
        for st in self.steps:
            if st.target == e:
                return st.value
            if st.target.is_Symbol and e.is_Symbol:  # two different symbols: never equal (no simplify needed)
                continue
            if is_zero(st.target - e):
                return st.value
            if is_zero(st.target + e):  # angle ABD = angle BCD proven as BCD - ABD = 0
                return -st.value
        return None

    def check(self, model, tolerance: float = 1e-3) -> list[str]:
        """Every equation the proof shows, and every value it states, measured on the figure: the
        general solutions' linter (what does not hold, as sentences; empty when all do);
        ``tolerance``: relative (wider on an approximate figure)."""
        bad = []
        for st in self.steps:
            shown = [(s.lhs, s.rhs, s.instance.text) for s, _ in st.equations]
            shown.append((st.target, st.value, "the value found"))
            shown += [(a, b, "a value put in") for a, b in st.values]
            for lhs, rhs, why in shown:
                x, y = model.value(lhs), model.value(rhs)
                # relative to the sizes of the elements in it (angle BCO − angle BOC = 0 errs like an angle)
                size = max([1.0, abs(x), abs(y)] + [abs(model.value(v)) for v in (lhs - rhs).free_symbols])
                if not (math.isfinite(x) and math.isfinite(y)) or abs(x - y) > tolerance * size:
                    bad.append(f"{show(lhs, self.display)} = {show(rhs, self.display)} ({why}) measures {x:.6g} "
                               f"and {y:.6g} on the figure")
        return bad

    def as_dicts(self) -> list[dict]:
        return [{"target": show(st.target), "value": str(st.value), "needs": st.needs,
                 "equations": [{"theorem": s.instance.family.key, "instance": s.instance.text,
                                "equation": f"{show(s.lhs)} = {show(s.rhs)}", "multiplier": str(m)}
                               for s, m in st.equations]} for st in self.steps]


def _expr(target: dict) -> sympy.Expr:
    return sympy.Add(*(sympy.Rational(c.numerator, c.denominator) * k if isinstance(c, Fraction) else c * k
                       for k, c in target.items()))


def _said(u: dict, v: sympy.Expr, eq) -> str:
    """A proven premise as a textbook says it: ``AB = AC`` rather than ``AB - AC = 0``."""
    return _target(_expr(u), v, eq)


def _target(t: sympy.Expr, v: sympy.Expr, eq) -> str:
    """``a - b = 0`` said as ``a = b``."""
    if v == 0 and t.is_Add and len(t.args) == 2:
        (c1, a), (c2, b) = (x.as_coeff_Mul() for x in t.args)
        if c1 * c2 < 0:
            return eq(a, -c2 / c1 * b) if abs(c1) == 1 or abs(c2) != 1 else eq(b, -c1 / c2 * a)
    return eq(t, v)


def build_proof(ded: Deduction, out: Outcome) -> Proof:
    """The steps the goal needs, each after the steps it cites.  Each value is explained by the
    table's nearest equations; where that goes round in a circle (a value proven from an equation
    that was itself found with that value put in), the whole proof is built again citing, for
    each value, only the equations the table had when it first determined it (acyclic) but the
    goal's own step, which keeps its lightest explanation where that makes no circle (EH² = FH·GH by
    the altitude on the hypotenuse, found after a congruence first fixed EH); else all of them."""
    try:
        return (_build(ded, out, first=False) or _build(ded, out, first=True, goal_light=True)
                or _build(ded, out, first=True))
    finally:
        ded.in_proof = frozenset()  # (a choice made outside a proof's traceback weighs every equation)


def _build(ded: Deduction, out: Outcome, first: bool, goal_light: bool = False) -> Proof | None:
    """The proof, or None when (not ``first``, or ``goal_light``) a step would cite one in progress: a
    circle.  ``goal_light``: the first value proven (the goal's) is explained lightest even so."""
    steps: list[ProofStep] = []
    sources: dict[int, tuple] = {}  # id of an SAS step -> (the pooled step proving its ratio premise, its facts)
    memo: dict[object, int | None] = {}
    active: set[object] = set()
    circle = False
    ded.in_proof = frozenset()

    def prove(target: dict) -> int | None:
        nonlocal circle
        key = frozenset(target.items())
        if key in memo:
            circle |= key in active
            return memo[key]
        memo[key] = None
        ans = ded.evaluate(target, first=first and not (goal_light and not memo.keys() - {key}), light=True)
        if ans is None or not ans.why:
            return None
        ded.in_proof |= ded.cited(ans)  # (what the proof cites, each later choice pays nothing again for)
        active.add(key)
        needs: list[int] = []
        own: list[tuple[Step, Fraction]] = []
        values: list[tuple[sympy.Expr, sympy.Expr]] = []
        for eq, m in ans.why:
            step: Step = eq.label
            if step.solved is not None and target != {step.solved: 1}:  # a value solved for earlier: cite it
                i = prove({step.solved: 1})
                if i is not None:
                    needs.append(i)
                    values.append((step.solved, step.value))
                    continue
            own.append((step, m))
            sides = ratio_premise_lengths(step)
            for u in [*step.uses, *({x: 1} for x in sides)]:
                i = prove(u)
                if i is not None and i not in needs:
                    needs.append(i)
            if sides and any(memo.get(frozenset({x: 1}.items())) is None for x in sides):
                for u in _ratio_sources(ded, step, sources):  # a ratio no value shows: the step that gives it
                    i = prove(u)
                    if i is not None and i not in needs:
                        needs.append(i)
        active.discard(key)
        expr = _expr(target)
        steps.append(ProofStep(expr, ans.value, own, sorted(set(needs)), values))
        memo[key] = len(steps) - 1
        return memo[key]

    form = None if out.combined else linear_form(out.goal)  # (a goal read as a whole: from its equations)
    if form is not None and len(form[0]) == 1:  # 360 - angle AOB: prove angle AOB, not -angle AOB
        prove({next(iter(form[0])): 1})
    elif form is not None and form[0]:
        prove(form[0])
    elif (tied := _ratio_tie(ded, out, first)) is not None:  # AC = 2·CE: AC/CE = 2, neither length found
        prove(tied)
    else:
        for s in sorted(out.goal.free_symbols, key=lambda s: s.name) if out.final is None else ():
            prove({s: 1})  # (a ratio read off one equation, AB/BC = sin C, needs neither AB nor BC found)
        needs = [i for u in out.uses if (i := prove(u)) is not None]
        if out.final is not None:
            steps.append(ProofStep(out.goal, out.value, [(out.final, Fraction(1))], sorted(set(needs))))
        elif out.combined:  # the goal as a whole, read from several equations at once
            steps.append(ProofStep(out.goal, out.value, list(out.combined), sorted(set(needs))))
    if circle and (goal_light or not first):
        return None
    return _with_rounds(ded, Proof(steps, out.goal, out.value, ded.display(), _arc_names(ded, steps),
                 _drawn(ded.problem, getattr(ded, "cfg", None)),
                 dict(getattr(ded.problem, "intros", ())),
                 {e: (text, tex, degrees) for e, text, tex, degrees in getattr(ded.problem, "written", ())},
                 parallel_sources(ded.problem),
                 {(f.lhs, f.rhs): f.why for f in getattr(ded.problem, "facts", ()) if getattr(f, "why", "")},
                 drawn_heights(ded.problem), sources, stated_shapes(ded.problem)))


# a ratio is proven as a tie only where that saves at least one named theorem: a tie as long as the two values
# (the rhombus's sides, an equilateral triangle and an isosceles median: AD = AB = CD = 2·DE, 2.7 against 2.8)
# reads as letters carried through a chain, where the values read as numbers
TIE_SAVES = DEFAULT_WEIGHT


def _ratio_tie(ded: Deduction, out: Outcome, first: bool) -> dict | None:
    """A ratio asked, a/b = k with k rational, that the table's own relations tie as a = k·b (the diagonals of a
    parallelogram bisecting each other: AC = 2·CE) more lightly than the two values found and divided: the tie
    to prove instead (a - k·b = 0), or None.  Found values divided make a teacher's detour where a stated
    midpoint or bisection relates the terms at once (blind teacher 34 gen 18: seven sentences of trigonometry
    for AC and CE, each found only to be divided out)."""
    if out.final is not None or out.combined or not out.value.is_Rational or out.value <= 0:
        return None
    num, den = sympy.fraction(sympy.factor(out.goal))
    if not (num.is_Symbol and den.is_Symbol) or num == den:
        return None
    tie = {num: Fraction(1), den: -Fraction(out.value.p, out.value.q)}
    whole = ded.evaluate(tie, first=first, light=True)
    if whole is None or not whole.why:
        return None
    parts = [ded.evaluate({s: 1}, first=first, light=True) for s in (num, den)]
    if any(a is None or not a.why for a in parts):
        return tie
    return tie if ded.support_weight(whole) + TIE_SAVES <= ded.support_weight(*parts) else None


def _with_rounds(ded: Deduction, proof: Proof) -> Proof:
    """``proof`` with the problem's line orders, each circle's points in their clockwise order round it on the
    figure and the turns the problem gives, so that a point said to lie on an arc can say why (the order the
    given turns fix), never take the arrangement on trust."""
    proof = _with_orders(ded.problem, proof)
    proof.marked = marked_facts(ded.problem)
    proof.points = tuple(getattr(ded.problem, "points", ()))
    if hasattr(ded.problem, "polygons"):
        proof.triangles = tuple("".join(p) for p in declared_polygons(ded.problem) if len(p) == 3)
    proof.diameters = frozenset(("".join(r.args[0]), r.args[1][0]) for r in getattr(ded.problem, "relations", ())
                                if r.key == "diameter")
    at = getattr(getattr(ded, "model", None), "coords", None) or {}
    for c in getattr(ded.problem, "circles", ()):
        pts = [p for p in c.points if p in at and p != c.centre]
        if c.centre in at and len(pts) >= 3:
            first = pts[0]
            proof.rounds[c.centre] = tuple(sorted(pts, key=lambda p: -pg.sweep(at[c.centre], at[first], at[p]) % 360))
    proof.turns = tuple((t.clockwise, ch) for t in getattr(ded.problem, "turns", ()) for ch in t.chains
                        if len(ch) >= 3)
    return proof


def marked_facts(problem) -> frozenset:
    """The equations of the problem's relations that the relation says in so many words, as its figure marks them
    (lhs - rhs): the right angle of "a right triangle with the right angle at C" or of a perpendicular, the equal
    halves of a median's side, the equal sides of an isosceles triangle; not a property the relation has by a
    theorem (the tangent's right angle with the radius)."""
    out = set()
    for rel in getattr(problem, "relations", ()):
        block = BLOCKS_BY_KEY.get(rel.key)
        if block is None or not block.marks or block.bind(rel.args) is None:
            continue
        marks = block.marks_on(rel.args)
        for lhs, rhs in block.instantiate(rel.args):
            if _marked(lhs, rhs, marks):
                out.add(lhs - rhs)
    return frozenset(out)


def _marked(lhs: sympy.Expr, rhs: sympy.Expr, marks: list) -> bool:
    """``lhs = rhs`` is one of ``marks``: a right angle marked right, two segments (two angles) marked equal."""
    a = element_of(lhs) if lhs.is_Symbol else None
    b = element_of(rhs) if rhs.is_Symbol else None

    def same_angle(p: tuple, q: tuple) -> bool:
        return len(p) == len(q) == 3 and p[1] == q[1] and {p[0], p[2]} == {q[0], q[2]}

    for kind, els in marks:
        if kind == "right" and a is not None and a.kind.key == "angle" and rhs == 90:
            if any(same_angle(a.points, el) for el in els):
                return True
        if kind == "equal" and a is not None and b is not None and a.kind.key == b.kind.key == "length":
            if {frozenset(a.points), frozenset(b.points)} <= {frozenset(el) for el in els}:
                return True
        if kind == "equal_angle" and a is not None and b is not None and a.kind.key == b.kind.key == "angle":
            if all(any(same_angle(x.points, el) for el in els) for x in (a, b)):
                return True
    return False


def _with_orders(problem, proof: Proof) -> Proof:
    """``proof`` with the problem's lines' point orders, so that it says "F lies on CA extended" where F is
    beyond A, never "F lies on CA"."""
    proof.orders = tuple(tuple(ln.points) for ln in getattr(problem, "lines", ()) if len(ln.points) >= 3)
    return proof


def _ratio_sources(ded: Deduction, step: Step, sources: dict) -> list[dict]:
    """The linear facts ``step``'s ratio premise rests on, for the proof to print first, and kept in
    ``sources`` (with the pooled step proving the premise, if one does): the pooled step's premises, or the
    linear tie of its sides the table holds (EF = 4/5·AC, from EFH ~ ACB with BC and FH known)."""
    find = getattr(ded, "ratio_source", None)
    if find is None:
        return []
    for a, b in getattr(step.instance, "premises", ()):
        src = find(a, b, step.instance)
        if src is not None:
            ties = _source_ties(ded, a - b, src)
            uses = (*src.uses, *(t for _, _, t in ties if t not in src.uses))
            sources[id(step)] = (src, uses, tuple((x, e) for x, e, _ in ties))
            return list(uses)
    out = []
    exs = {x: ex for x in ratio_premise_lengths(step) if (ex := ded.express(x)) is not None}
    # two unknown sides of one ratio that the table ties to each other are proven as that tie, the form the
    # criterion's sentence uses (DF = BD/3 for DF/BD = 1/3), never each through the table's representative of their
    # class (DF = CE/3 and BD = CE), which drags in the proof that found the representative (a congruence for
    # BD = CE that nothing else uses: blind teacher 36 gen 24)
    for x, y in ratio_premise_pairs(step):
        if x in exs and y in exs and exs[x][0].free_symbols and exs[y][0].free_symbols:
            k = sympy.simplify(exs[x][0] / exs[y][0])
            if k.is_Rational and k > 0:
                tie = {x: 1, y: -k}
                if tie not in out:
                    out.append(tie)
                del exs[x], exs[y]
    for x, ex in exs.items():
        if len(ex[1]) > 1 and ex[1] not in out:
            out.append(ex[1])
    if out:
        sources[id(step)] = (None, tuple(out), ())
    return out


def _source_ties(ded: Deduction, premise: sympy.Expr, src: Step) -> list[tuple]:
    """Where the pooled step ``src`` gives an SAS similarity's ratio premise only once the table's ties are put
    in (AC·BG = AB·GH from ABC ~ GBH, with AB = 2·AD, for AC·GH = AD·BG), each tie as (side, its expression, its
    linear combination): the proof says the ties first and the writer derives the premise from ``src`` with
    them, so that no similarity is cited for a ratio it does not give (blind teacher 25).  [] where ``src``'s
    equation is the premise itself up to a constant."""
    canon = getattr(getattr(ded, "cfg", None), "canon", None)
    if canon is None:
        return []
    e, q = canon(premise), src.lhs - src.rhs
    ratio = sympy.simplify(e / q) if q != 0 else None
    if ratio is not None and not ratio.free_symbols:
        return []
    out = []
    for x in sorted((e.free_symbols | q.free_symbols), key=lambda s: s.name):
        ex = ded.express(x)
        if ex is not None and ex[0] != x and len(ex[1]) > 1 and not ex[0].is_Number:
            out.append((x, ex[0], ex[1]))
    return out


def drawn_heights(problem) -> dict:
    """Each height the problem draws as a segment, keyed by (vertex, side as a set of its two ends):
    ``BE perpendicular to AD`` with E on AD (or ``BE altitude of BAD``) draws the height from B to AD,
    so that a proof names it BE, as the figure does, and never by a shape's points."""
    on_line = {frozenset(x) for ln in problem.lines for x in itertools.combinations(ln.points, 3)}
    on_line |= {frozenset((*r.args[0], *r.args[1])) for r in problem.relations
                if r.key in ("point_on_segment", "point_on_line") and len(r.args[1]) == 2}
    out: dict = {}
    for rel in problem.relations:
        a = rel.args
        if rel.key == "altitude" and len(a[1]) == 3:  # CD altitude of CAB: from C, its foot D on AB
            out.setdefault((a[0][0], frozenset(a[1][1:])), "".join(a[0]))
        elif rel.key in ("perpendicular_lines", "perpendicular") and len(a) == 2 and all(len(x) == 2 for x in a):
            for seg, side in ((a[0], a[1]), (a[1], a[0])):
                for v, f in (seg, seg[::-1]):
                    if rel.key != "perpendicular_lines" and f not in side:
                        continue
                    if f not in side and v not in side and frozenset((f, *side)) in on_line:
                        out.setdefault((v, frozenset(side)), v + f)
                    elif f in side and v not in side:  # AE perpendicular to BE, E on BC: the height onto BC too
                        for ln in problem.lines:
                            if set(side) <= set(ln.points) and v not in ln.points:
                                for pair in itertools.combinations(ln.points, 2):
                                    out.setdefault((v, frozenset(pair)), v + f)
    return out


# a shape's kinds from the most specific: a polygon stated as two of them is named by the first
SHAPE_KINDS = ("square", "rectangle", "rhombus", "isosceles_trapezoid", "right_trapezoid", "parallelogram", "kite",
               "trapezoid")


def stated_shapes(problem) -> dict:
    """Each quadrilateral the problem states, keyed by :func:`~geomill.engine.plane.polygon_key`: (its most specific kind in
    words, its name as the problem writes it: as its area's or perimeter's given or goal spells it, else from the
    vertex named first), so that a proof names it as the question does."""
    out: dict = {}
    first = {q: k for k, q in enumerate(getattr(problem, "points", ()))}
    spelt = {polygon_key(tuple(n)): n for n in (named_polygons(problem) if hasattr(problem, "facts") else ())}
    for rel in getattr(problem, "relations", ()):
        if rel.key not in SHAPE_KINDS or not rel.args or len(rel.args[0]) < 4:
            continue
        # (from the vertex the problem names first, the same way round, as the question spells it: "the kite BADC",
        # never the parser's apex-first ADCB: blind teacher 23)
        pts = tuple(rel.args[0])
        k = min(range(len(pts)), key=lambda i: first.get(pts[i], len(first)))
        name = "".join(pts[k:] + pts[:k])
        key = polygon_key(tuple(name))
        name = spelt.get(key, name)  # (as a fact or the goal spells it, as the question then does)
        rank = SHAPE_KINDS.index(rel.key)
        if key not in out or rank < out[key][2]:
            out[key] = (rel.key.replace("_", " "), name, rank)
    return {k: (kind, name) for k, (kind, name, _) in out.items()}


def parallel_sources(problem) -> dict:
    """Why two segments are parallel where the problem does not say it in so many words: the shape it
    states (``opposite sides of the parallelogram ADCB``, ``the bases of the trapezoid ABCD``), keyed by
    the two segments (point pairs) as the parallel-line theorems name them."""
    out: dict = {}

    def put(a, b, c, d, why):
        out.setdefault(frozenset((frozenset((a, b)), frozenset((c, d)))), why)

    for rel in problem.relations:
        a = rel.args
        kind = rel.key.replace("_", " ")
        if rel.key in ("parallelogram", "rectangle", "rhombus", "square"):
            p = a[0]
            put(p[0], p[1], p[3], p[2], f"opposite sides of the {kind} {''.join(p)}")
            put(p[1], p[2], p[0], p[3], f"opposite sides of the {kind} {''.join(p)}")
        elif rel.key in ("trapezoid", "isosceles_trapezoid", "right_trapezoid"):
            put(*a[1], *a[2], f"the bases of the {kind} {''.join(a[0])}")
        elif rel.key == "midsegment":
            put(*a[0], *a[1][1:], f"{''.join(a[0])} is a midsegment of triangle {''.join(a[1])}")
    # two midpoints given on two sides from one point: the segment joining them is parallel to the third side (a
    # blind teacher: "DE is parallel to BC" used with no reason, where D and E are the midpoints of AB and AC)
    mids: dict[frozenset, str] = {}
    for rel in problem.relations:
        if rel.key == "midpoint":
            mids[frozenset(rel.args[1])] = rel.args[0][0]
        elif rel.key == "median":
            mids[frozenset(rel.args[1][1:])] = rel.args[0][1]
    for (s1, d), (s2, e) in itertools.combinations(mids.items(), 2):
        if len(s1 & s2) == 1 and d != e:
            (x,), (y,), (z,) = s1 & s2, s1 - s2, s2 - s1
            put(d, e, y, z, f"{d}{e} joins the midpoints of {x}{y} and {x}{z}")
    # a given parallel carried to a shape's side parallel to its own (EF ∥ BC, and BC ∥ AD in the square ABCD):
    # both parallel to the given's segment, the reason that names the given (never for a pair the problem gives
    # itself: AB ∥ EF stated beside AB ∥ CD and CD ∥ EF, blind teacher 26 fg 16)
    stated = {frozenset((frozenset(rel.args[0]), frozenset(rel.args[1]))) for rel in problem.relations
              if rel.key == "parallel"}
    shapes = list(out)
    for rel in problem.relations:
        if rel.key != "parallel":
            continue
        ab, cd = (frozenset(x) for x in rel.args)
        for mine, theirs in ((ab, cd), (cd, ab)):
            for pair in shapes:
                if theirs in pair and mine not in pair:
                    (other,) = pair - {theirs}
                    given = "".join(rel.args[1 if mine == ab else 0])
                    if frozenset((mine, other)) not in stated:
                        put(*sorted(mine), *sorted(other), f"both are parallel to {given}")
    # two given parallels to one segment (EF ∥ CB and GH ∥ CB): GH ∥ EF, the reason naming that segment
    given = [rel.args for rel in problem.relations if rel.key == "parallel"]
    for i, (ab, cd) in enumerate(given):
        for ef, gh in given[i + 1:]:
            for mine, shared in ((ab, cd), (cd, ab)):
                for theirs, again in ((ef, gh), (gh, ef)):
                    if (frozenset(shared) == frozenset(again) and frozenset(mine) != frozenset(theirs)
                            and frozenset((frozenset(mine), frozenset(theirs))) not in stated):
                        put(*sorted(mine), *sorted(theirs), f"both are parallel to {''.join(shared)}")
    return out


def _drawn(problem, cfg=None) -> frozenset:
    """The segments the figure draws, as point pairs: any two points of a declared line, a polygon's
    sides, a segment a relation names (a tangent PA, a diameter AB), a segment or an angle's arms a
    fact or the goal names, and any two points of a line of the configuration that holds one of
    these (D on side BC: BD and CD lie on the drawn BC); a proof joins any other it uses."""
    pairs = set()
    for ln in problem.lines:
        pairs |= {frozenset((a, b)) for i, a in enumerate(ln.points) for b in ln.points[i + 1:]}
    for poly in problem.polygons:
        pts = poly.points
        pairs |= {frozenset((pts[i], pts[(i + 1) % len(pts)])) for i in range(len(pts))}
    for rel in problem.relations:
        pairs |= {frozenset(a) for a in rel.args if len(a) == 2}
    exprs = [f.lhs - f.rhs for f in problem.facts] + ([problem.goal.expr] if problem.goal is not None else [])
    for e in exprs:  # a segment or an angle's arms a given or the goal names are in its figure (the renderer
        # draws the asked angle CBO's arm BO with its "?")
        for s in e.free_symbols:
            el = element_of(s)
            if el is not None and el.kind.key == "length":
                pairs.add(frozenset(el.points))
            elif el is not None and el.kind.key == "angle":
                a, v, c = el.points
                pairs |= {frozenset((v, a)), frozenset((v, c))}
    for ln in cfg.lines if cfg is not None else ():
        on = [frozenset(x) for x in itertools.combinations(ln.points, 2)]
        if any(x in pairs for x in on):
            pairs |= set(on)
    return frozenset(pairs)


_ARC_WORDS = {"arc": "arc", "arc_length": "length of {}arc", "sector_area": "area of {}sector",
              "sector_perimeter": "perimeter of {}sector"}


def _arc_names(ded: Deduction, steps: list[ProofStep]) -> dict:
    """Each arc the proof names, as a textbook names it: ``arc AB`` (minor), ``major arc ACB`` (through
    a point of the circle on it, measured on the figure), with its LaTeX ``\\overset\\frown{ACB}``; an arc's
    length, sector area or perimeter over a major arc says so (``length of major arc ACB``, ``area of
    major sector OAB``), so that a reader never takes the minor one."""
    out = {}
    arcs = {s for st in steps for e in [st.target, *(x for q, _ in st.equations for x in (q.lhs, q.rhs))]
            for s in e.free_symbols if (el := element_of(s)) is not None and el.kind.key in _ARC_WORDS}
    at = ded.model.coords
    for s in sorted(arcs, key=lambda s: s.name):
        el = element_of(s)
        o, a, b = el.points
        name = a + b
        sweep = pg.sweep(at[o], at[a], at[b])
        major = is_major(sweep)
        if major or abs(sweep - 180) <= HALF_TURN:  # a half circle is named through a point on it, never "major"
            circle = ded.problem.circle(o) if hasattr(ded.problem, "circle") else None
            on = [p for p in (circle.points if circle else ())
                  if p not in (a, b) and 0 < pg.sweep(at[o], at[a], at[p]) < sweep]
            name = f"{a}{on[0]}{b}" if on else name
        if el.kind.key == "arc":
            out[s] = (f"{'major ' if major else ''}arc {name}", rf"\overset\frown{{{name}}}")
        elif major:
            words = _ARC_WORDS[el.kind.key].format("major ")
            shown = name if el.kind.key == "arc_length" else o + a + b
            out[s] = (f"{words} {shown}", rf"\text{{{words} }}{shown}")
    return out


# how far (degrees) from 180 an arc on the figure is still a half circle: the figure is exact to far less
HALF_TURN = 1e-3


def is_major(sweep: float) -> bool:
    """An arc of ``sweep`` degrees on the figure is a major arc: over a half circle by more than the figure's error."""
    return sweep > 180 + HALF_TURN
