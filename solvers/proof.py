"""The proof of a query: the derivations it needs, in order, with GeomVerse values.

Each step carries the typed data a solution is written from (rule, shape,
inputs with values, output, formula and the rounded arithmetic chain); the
text itself is rendered by ``solvers.writer``.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import sympy
from geomill.engine.catalogue import KINDS
from geomill.engine.kinds import fill_premise
from geomill.engine.model import Quantity

from .arith import chain, fmt, render, round2, substitute, tree
from .deduce import Deduction, Derivation, VariableSolution


@dataclass
class Step:
    """One step of a proof, as data."""

    how: str  # rule | constant | variable | substitution | system
    output: Quantity | sympy.Symbol
    value: float  # GeomVerse value (π = 3.14, rounded on the way)
    exact: float
    depth: int
    shape: str | None = None
    kind: str | None = None
    rule: str | None = None
    inputs: list[tuple[object, float]] = field(default_factory=list)  # (quantity or variable, GeomVerse value)
    formula: str = ""  # with element names: "BC = S / CD - π * CD / 8"
    stages: list[str] = field(default_factory=list)  # the arithmetic chain, ending in the value
    equation: str = ""  # variable steps: the equation solved
    expressions: list[tuple[Quantity, str]] = field(default_factory=list)  # variablized inputs: (element, "2x + 50")
    equations: list = field(default_factory=list)  # system steps: (lhs, rhs, symbol -> element)
    premise: str = ""  # relation steps, a template: "the {a} and {a2} angles are supplementary"
    premise_terms: dict = field(default_factory=dict)  # its placeholders: elements or points

    def as_dict(self, namer: Callable[[Quantity], str] | None = None) -> dict:
        """Plain data; ``namer`` gives each element its name as the problem writes it."""
        def name(q: object) -> str:
            if namer is None or not isinstance(q, Quantity):
                return str(q)
            return str(Quantity(q.kind, q.key, namer(q)))
        return {
            "how": self.how, "output": name(self.output), "value": self.value, "exact": self.exact,
            "depth": self.depth, "shape": self.shape, "kind": self.kind, "rule": self.rule,
            "inputs": [[name(q), v] for q, v in self.inputs], "formula": self.formula,
            "chain": self.stages, "equation": self.equation or self.system_text(namer),
            "expressions": [[name(q), e] for q, e in self.expressions],
            "premise": self.premise_text(namer),
        }

    def system_text(self, namer: Callable[[Quantity], str] | None = None) -> str:
        """A system step's equations, ``; ``-separated, elements named by ``namer``."""
        def name(q: Quantity) -> str:
            return str(Quantity(q.kind, q.key, namer(q))) if namer else str(q)
        return "; ".join(f"{render(tree(lhs), {s: name(q) for s, q in names.items()})} = "
                         f"{render(tree(rhs), {s: name(q) for s, q in names.items()})}"
                         for lhs, rhs, names in self.equations)

    def premise_text(self, namer: Callable[[Quantity], str] | None = None) -> str:
        """``the DEF and DEC angles are supplementary``, elements named by ``namer``."""
        return fill_premise(self.premise, self.premise_terms, namer)


@dataclass
class Proof:
    steps: list[Step]
    gv: dict  # quantity/variable -> GeomVerse value, for everything the proof touches
    used_facts: set[Quantity]
    used_shapes: set[str]
    rule_ids: set[int]


def build_proof(ded: Deduction, goal: Quantity) -> Proof:
    """Walk back from ``goal`` and replay the needed derivations in a valid order."""
    order: list[object] = []
    seen: set[object] = set()

    def visit(item: object) -> None:
        if item in seen:
            return
        seen.add(item)
        if isinstance(item, sympy.Symbol):
            sol = ded.variables[item]
            for q in sol.inputs:  # the variablized elements (sol.pending) become known only after this
                visit(q)
            for s in _vars_in(ded, sol):
                visit(s)
        else:
            d = ded.known[item]
            for q in d.inputs:
                visit(q)
            for s in d.variables:
                visit(s)
        order.append(item)

    visit(goal)
    gv: dict[object, float] = {}
    shown: dict[Quantity, list[Quantity]] = {}  # each value class: the names it was given or derived under
    steps: list[Step] = []
    used_facts: set[Quantity] = set()
    used_shapes: set[str] = set()
    rule_ids: set[int] = set()
    for item in order:
        if isinstance(item, sympy.Symbol):
            sol = ded.variables[item]
            used_facts.update(ded.pending[q].quantity for q in sol.pending)
            if sol.fact is not None:
                used_facts.add(sol.fact.quantity)
            step = _variable_step(ded, sol, gv)
            gv[item] = step.value
            steps.append(step)
            if step.shape:
                used_shapes.add(step.shape)
            continue
        d = ded.known[item]
        if d.fact is not None:
            used_facts.add(d.fact.quantity if d.how == "given" else item)
        if d.how == "given":
            gv[item] = float(d.fact.value)
            shown[item] = [d.fact.quantity]
            continue
        step = _step(ded, d, gv, shown)
        gv[item] = step.value
        if step.shape:
            used_shapes.add(step.shape)
        used_shapes.update(d.shapes)
        if d.rule is not None:
            rule_ids.add(d.rule.id)
        steps.append(step)
    return Proof(steps, gv, used_facts, used_shapes, rule_ids)


def _vars_in(ded: Deduction, sol: VariableSolution) -> list[sympy.Symbol]:
    out: set[sympy.Symbol] = set()
    for q in sol.pending:
        out |= ded.pending[q].value.free_symbols
    if sol.fact is not None:
        out |= sol.fact.value.free_symbols
    out.discard(sol.symbol)
    return sorted(out, key=lambda s: s.name)


def _step(ded: Deduction, d: Derivation, gv: dict, shown: dict[Quantity, list[Quantity]]) -> Step:
    """The step's data; records the names its output goes by in the shape that derived it."""
    step = _make_step(ded, d, gv, shown)
    if d.rule is not None:
        shown[d.quantity] = ded.graph.bound[d.rule.shape.name][d.rule.rule.output]
    elif isinstance(step.output, Quantity):
        shown[d.quantity] = [step.output]
    return step


def _name_in_shape(candidates: list[Quantity], earlier: list[Quantity]) -> Quantity:
    """How a shape should call a value: by its own name for it that the value was
    known under before (the shared side), else by its first own name."""
    for c in candidates:
        if c in earlier:
            return earlier[earlier.index(c)]  # and spelled as before: AD, not DA
    return candidates[0]


def _make_step(ded: Deduction, d: Derivation, gv: dict, shown: dict[Quantity, list[Quantity]]) -> Step:
    if d.how == "constant":
        c = d.constant
        return Step("constant", d.quantity, float(c.value), float(c.value), 0, c.shape.name, c.shape.kind,
                    f"{KINDS[c.shape.kind].title}", stages=[fmt(float(c.value))])
    if d.how == "rule":
        r = d.rule
        node = tree(r.rule.expr)
        values = {s: gv[q] for s, q in zip(r.rule.inputs, r.inputs)}
        value, stages = _chain_or_exact(node, values, d.exact)
        own = ded.graph.bound[r.shape.name]
        inputs = [(_name_in_shape(own[s], shown.get(q, [])), gv[q]) for s, q in zip(r.rule.inputs, r.inputs)]
        names = {s: str(q) for s, (q, _) in zip(r.rule.inputs, inputs)}
        aliases = own[r.rule.output]
        output = next((q for q in aliases if q in ded.graph.shared), aliases[0])  # the side the next shape meets
        formula = f"{output} = {render(node, names)}"
        kind = KINDS[r.shape.kind]
        return Step("rule", output, value, d.exact, d.depth, r.shape.name, r.shape.kind,
                    r.rule.name, inputs, formula, stages, premise=kind.premise,
                    premise_terms=kind.premise_terms(r.shape) if kind.relation else {})
    if d.how == "substitution":
        f = d.fact
        node = tree(f.value)
        value, stages = _chain_or_exact(node, {s.name: gv[s] for s in d.variables}, d.exact)
        return Step("substitution", d.quantity, value, d.exact, d.depth, inputs=[(s, gv[s]) for s in d.variables],
                    formula=f"{f.quantity.name} = {render(node)}", stages=stages)
    if d.how == "system":
        return Step("system", d.quantity, round2(d.exact), d.exact, d.depth,
                    inputs=[(q, gv.get(q, ded.known[q].exact)) for q in d.inputs],
                    equations=list(d.system), stages=[fmt(round2(d.exact))])
    raise AssertionError(d.how)


def _chain_or_exact(node, values: dict, exact: float) -> tuple[float, list[str]]:
    """The paper's rounded chain; if even unrounded arithmetic on the rounded inputs
    leaves the domain (asin of 1.0004), the step's exact value, rounded."""
    try:
        return chain(node, values)
    except (ZeroDivisionError, ValueError, OverflowError):
        return round2(exact), [render(substitute(node, values)), fmt(round2(exact))]


def _variable_step(ded: Deduction, sol: VariableSolution, gv: dict) -> Step:
    """Solve the variable again with GeomVerse values, keeping the equation for the text."""
    x = sol.symbol
    known_vars = {s: sympy.Float(gv[s], 15) for s in gv if isinstance(s, sympy.Symbol)}
    if sol.equation is not None:
        eqi = sol.equation
        kind = KINDS[eqi.shape.kind]
        lhs, rhs = eqi.equation.lhs, eqi.equation.rhs
        subs, shown = {}, {}
        for sym, q in eqi.classes.items():
            if q in ded.known and q not in sol.pending:
                subs[kind.symbol(sym)] = _exact_number(gv[q])
                shown[sym] = fmt(gv[q])
            else:
                subs[kind.symbol(sym)] = ded.pending[q].value.subs(known_vars)
                shown[sym] = f"({_show(subs[kind.symbol(sym)])})"
        written = f"{render(tree(lhs), shown)} = {render(tree(rhs), shown)}"
        lhs, rhs = lhs.subs(subs), rhs.subs(subs)
        shape, kkey, rule = eqi.shape.name, eqi.shape.kind, eqi.equation.name
        premise, terms = (kind.premise, kind.premise_terms(eqi.shape)) if kind.relation else ("", {})
    else:
        f = sol.fact
        lhs, rhs = f.value.subs(known_vars), _exact_number(gv[sol.inputs[0]])
        written = f"{_show(lhs)} = {_show(rhs)}"
        shape = kkey = rule = None
        premise, terms = "", {}
    lhs, rhs = lhs.subs(sympy.pi, sympy.Rational(314, 100)), rhs.subs(sympy.pi, sympy.Rational(314, 100))
    stages = _linear_chain(lhs, rhs, x)
    sol_values = [complex(v) for v in sympy.solve(sympy.expand(lhs - rhs), x)]
    real = [v.real for v in sol_values if abs(v.imag) < 1e-9]
    value = round2(min(real, key=lambda v: abs(v - sol.exact))) if real else round2(sol.exact)
    inputs = [(q, gv[q]) for q in sol.inputs if q in gv]
    exprs = [(ded.pending[q].quantity, _show(ded.pending[q].value)) for q in sol.pending]
    if sol.fact is not None:
        exprs.append((sol.fact.quantity, _show(sol.fact.value)))
    return Step("variable", x, value, sol.exact, sol.depth, shape, kkey, rule, inputs,
                equation=written, stages=_dedupe([written, *stages, f"{x} = {fmt(value)}"])[1:],
                expressions=exprs, premise=premise, premise_terms=terms)


def _dedupe(items: list[str]) -> list[str]:
    return [s for i, s in enumerate(items) if i == 0 or s != items[i - 1]]


def _exact_number(v: float) -> sympy.Expr:
    return sympy.Rational(str(v)) if v == round2(v) else sympy.Float(v, 15)


def _linear_chain(lhs: sympy.Expr, rhs: sympy.Expr, x: sympy.Symbol) -> list[str]:
    """``9x + 135 = 180``, ``9x = 45`` … as the paper shows a linear equation being solved."""
    e = sympy.expand(lhs - rhs)
    if not e.is_polynomial(x) or sympy.degree(e, x) != 1:
        return [f"{_show(sympy.expand(lhs))} = {_show(sympy.expand(rhs))}"]
    a, b = e.coeff(x, 1), e.coeff(x, 0)
    out = [f"{_show(a * x)} = {_show(-b)}"]
    if b != 0 and not e.coeff(x, 0).is_zero:
        out.insert(0, f"{_show(sympy.expand(lhs) - sympy.expand(rhs).coeff(x, 1) * x)} = "
                      f"{_show(sympy.expand(rhs).coeff(x, 0))}")
    if a != 1:
        out.append(f"{x} = {_show(-b)} / {_show(a)}")
    return out


def _show(e: sympy.Expr) -> str:
    """A sympy number or linear expression as the paper writes it: ``9x + 135``, ``14.65``."""
    e = sympy.nsimplify(e, rational=True) if e.is_Float else e
    if e.is_Number:
        return fmt(float(e))
    terms = []
    for t in sympy.Add.make_args(e):
        coeff, rest = t.as_coeff_Mul()
        c = fmt(abs(float(coeff)))
        body = (("" if c == "1" and rest != 1 else c) + ("" if rest == 1 else str(rest)))
        terms.append(("-" if coeff < 0 else "+", body or c))
    terms.sort(key=lambda t: 0 if any(ch.isalpha() for ch in t[1]) else 1)
    text = ""
    for i, (sign, body) in enumerate(terms):
        text += (("-" if sign == "-" else "") + body) if i == 0 else f" {sign} {body}"
    return text
