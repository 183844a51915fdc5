"""The proof of a general answer: only the steps the goal needs, in dependency order, as data and text.

A :class:`ProofStep` concludes one value (an element, or a linear combination such as ``x``) from
a few theorem instances combined (the linear table's provenance: which equations, with which
multipliers) or from one equation solved for its one unknown; it cites the earlier steps whose
values it puts in.  Walking back from the goal gives exactly the steps it needs.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction

import sympy
from geomill.engine.plane import element_of

from .deduce import Deduction, Outcome, Step, linear_form


@dataclass
class ProofStep:
    target: sympy.Expr
    value: sympy.Expr
    equations: list[tuple[Step, Fraction]]
    needs: list[int] = field(default_factory=list)  # indices of earlier steps whose values it uses

    @property
    def theorems(self) -> list[str]:
        return [s.instance.family.key for s, _ in self.equations]


_NAMES = [(re.compile(r"length\((\w+)\)"), r"\1"), (re.compile(r"(\w+)\((\w+)\)"), r"\1 \2")]


def show(e: sympy.Expr) -> str:
    """An expression in the language's words: ``angle ABC``, ``AB``, ``sin(angle ABC)``."""
    subs = {s: sympy.Symbol(_name(s)) for s in e.free_symbols}
    text = str(e.xreplace(subs))
    return text.replace("Sin(", "sin(").replace("Cos(", "cos(").replace("Tan(", "tan(").replace("**", "^")


def _name(s: sympy.Symbol) -> str:
    el = element_of(s)
    if el is None:
        return s.name
    if el.kind.key == "length":
        return "".join(el.points)
    return " ".join((*el.kind.words, "".join(el.points))) if el.kind.words else f"{el.kind.key} {''.join(el.points)}"


def latex(e: sympy.Expr) -> str:
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

    @property
    def depth(self) -> int:
        level: list[int] = []
        for st in self.steps:
            level.append(1 + max((level[i] for i in st.needs), default=0))
        return max(level, default=0)

    @property
    def width(self) -> int:
        return max((len(st.equations) for st in self.steps), default=0)

    def render(self, style: str = "text") -> str:
        fmt = latex if style == "latex" else show
        wrap = (lambda t: f"${t}$") if style == "latex" else (lambda t: t)
        lines = []
        for st in self.steps:
            parts = []
            for step, _ in st.equations:
                eq = wrap(f"{fmt(step.lhs)} = {fmt(step.rhs)}")
                why = step.instance.text
                parts.append(f"{eq} ({why})" if step.instance.family.key != "given" else f"{eq} (given)")
            line = "; ".join(parts)
            lines.append(f"{line}, so {wrap(f'{fmt(st.target)} = {fmt(st.value)}')}.")
        if self.steps and sympy.simplify(self.steps[-1].target - self.goal) != 0:
            lines.append(f"Therefore {wrap(f'{fmt(self.goal)} = {fmt(self.value)}')}.")
        return "\n".join(lines)

    def as_dicts(self) -> list[dict]:
        return [{"target": show(st.target), "value": str(st.value), "needs": st.needs,
                 "equations": [{"theorem": s.instance.family.key, "instance": s.instance.text,
                                "equation": f"{show(s.lhs)} = {show(s.rhs)}", "multiplier": str(m)}
                               for s, m in st.equations]} for st in self.steps]


def build_proof(ded: Deduction, out: Outcome) -> Proof:
    steps: list[ProofStep] = []
    memo: dict[object, int | None] = {}

    def prove(target: dict) -> int | None:
        key = frozenset(target.items())
        if key in memo:
            return memo[key]
        memo[key] = None  # in progress: a cycle cites nothing
        ans = ded.evaluate(target)
        if ans is None or not ans.why:
            return None
        needs: list[int] = []
        for eq, _ in ans.why:
            step: Step = eq.label
            for u in step.uses:
                i = prove(u)
                if i is not None and i not in needs:
                    needs.append(i)
        expr = sympy.Add(*(sympy.Rational(c.numerator, c.denominator) * k if isinstance(c, Fraction) else c * k
                           for k, c in target.items()))
        steps.append(ProofStep(expr, ans.value, [(eq.label, m) for eq, m in ans.why], sorted(needs)))
        memo[key] = len(steps) - 1
        return memo[key]

    form = linear_form(out.goal)
    if form is not None and form[0]:
        prove(form[0])
    else:
        for s in sorted(out.goal.free_symbols, key=lambda s: s.name):
            prove({s: 1})
    return Proof(steps, out.goal, out.value)
