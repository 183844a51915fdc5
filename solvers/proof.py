"""The proof of a query: the derivations it needs, in order, with GeomVerse values.

Each step carries the typed data a solution is written from (rule, shape,
inputs with values, output, formula and the rounded arithmetic chain); the
text itself is rendered by ``solvers.writer``.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache

import sympy
from geomill.engine.kinds import KINDS, fill_premise
from geomill.engine.model import Quantity

from .arith import Node, Num, Sym, chain_nodes, convert, render, replace, round2, substitute, tree, unrounded
from .deduce import ByConstant, ByRule, BySubstitution, BySystem, Deduction, Derivation, Given, VariableSolution
from .lsq import levenberg_marquardt
from .working import root_near, solve_shown


@dataclass
class Step:
    """One step of a proof, as data; its arithmetic as trees, printed by the writer in either style."""

    how: str  # rule | constant | variable | substitution | system
    output: Quantity | sympy.Symbol
    value: float  # GeomVerse value (π = 3.14, rounded on the way)
    exact: float
    depth: int
    shape: str | None = None
    kind: str | None = None
    rule: str | None = None
    # (the sequences below default to an empty tuple rather than a fresh list each: a solution keeps its steps)
    inputs: Sequence[tuple[object, float]] = ()  # (quantity or variable, GeomVerse value)
    formula: str = ""  # with element names: "BC = S / CD - π · CD / 8"
    stages: list[Node] = field(default_factory=list)  # the arithmetic chain, ending in the value
    lines: Sequence[list[Node]] = ()  # variable / system steps: the equations shown
    numeric: bool = False  # the last line is solved numerically, not by arithmetic
    expressions: Sequence[tuple[Quantity, Node]] = ()  # variablized inputs: (element, 3x + 50)
    unknowns: dict[str, Quantity] = field(default_factory=dict)  # system steps: element symbols in ``lines``
    witness: Sequence[tuple[str, float]] = ()  # system steps: a solution, to two decimals
    premise: str = ""  # relation steps, a template: "the {a} and {a2} angles are supplementary"
    premise_terms: dict = field(default_factory=dict)  # its placeholders: elements or points
    because: tuple[str, dict] | None = None  # an implied relation: ("{p} lies on {s}", its terms)
    # style -> (the stages, their texts): see chain_text
    _chains: dict[str, tuple[tuple[Node, ...], tuple[str, ...]]] = field(default_factory=dict, init=False,
                                                                          repr=False, compare=False)

    def mentions(self) -> list[object]:
        """Every element the step's sentence names: output, inputs, variablized elements, relation
        premises (and why they hold) and the unknowns of its equations."""
        because = self.because[1].values() if self.because else ()
        return [self.output, *(q for q, _ in self.inputs), *(q for q, _ in self.expressions),
                *self.premise_terms.values(), *because, *self.unknowns.values()]

    def chain_text(self, style: str = "text") -> list[str]:
        """The stages printed (``arith.render``), remembered per style: a solution's texts (with any
        namer: stages name no element) and its proof data print them again.  The memo holds the
        stages it was printed from and is used only while they are still the step's very objects."""
        memo = self._chains.get(style)
        stages = self.stages
        if memo is None or len(memo[0]) != len(stages) or any(a is not b for a, b in zip(memo[0], stages)):
            memo = self._chains[style] = (tuple(stages), tuple(render(n, None, style) for n in stages))
        return list(memo[1])

    def names(self, namer: Callable[[Quantity], str] | None = None) -> dict[str, str]:
        """How the element symbols of ``lines`` print."""
        return {s: (namer(q) if namer else q.name) for s, q in self.unknowns.items()}

    def line_text(self, line: list[Node], namer: Callable[[Quantity], str] | None = None,
                  style: str = "text") -> str:
        return " = ".join(render(n, self.names(namer), style) for n in line)

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
            "chain": self.chain_text(),
            "equation": "; ".join(self.line_text(line, namer) for line in self.lines),
            "expressions": [[name(q), render(e)] for q, e in self.expressions],
            "premise": self.premise_text(namer),
        }

    def premise_text(self, namer: Callable[[Quantity], str] | None = None, template: tuple | None = None) -> str:
        """``the DEF and DEC angles are supplementary``, elements named by ``namer``."""
        return fill_premise(*(template or (self.premise, self.premise_terms)), namer)


@dataclass
class Proof:
    steps: list[Step]
    gv: dict  # quantity/variable -> GeomVerse value, for everything the proof touches
    used_facts: set[Quantity]
    used_shapes: set[str]
    rule_ids: set[int]


def _dependency_order(ded: Deduction, goal: Quantity) -> list[object]:
    """Everything ``goal`` is derived from, each after what it needs (depth first, inputs in their
    order).  Iterative, where a recursive closure would be a reference cycle holding the whole
    deduction until the garbage collector runs."""
    order: list[object] = []
    seen = {goal}
    stack = [(goal, iter(_needs(ded, goal)))]
    while stack:
        item, needs = stack[-1]
        for need in needs:
            if need not in seen:
                seen.add(need)
                stack.append((need, iter(_needs(ded, need))))
                break
        else:
            stack.pop()
            order.append(item)
    return order


def _needs(ded: Deduction, item: object) -> list[object]:
    """What a derived quantity or a solved variable is computed from, in the proof's order."""
    if isinstance(item, sympy.Symbol):
        sol = ded.variables[item]
        # (the variablized elements, sol.pending, become known only after the variable is solved)
        return [*sol.inputs, *_vars_in(ded, sol)]
    d = ded.known[item]
    return [*d.inputs, *d.variables]


def build_proof(ded: Deduction, goal: Quantity, query: Quantity | None = None) -> Proof:
    """Walk back from ``goal`` and replay the needed derivations in a valid order; the step
    that gives the goal names it ``query`` (the element the question asks about)."""
    order = _dependency_order(ded, goal)
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
        if isinstance(d, Given):
            used_facts.add(d.fact.quantity)
            gv[item] = float(d.fact.value)
            shown[item] = [d.fact.quantity]
            continue
        if isinstance(d, BySubstitution):
            used_facts.add(item)
        elif isinstance(d, BySystem):
            used_facts.update(ded.pending[q].quantity for q in d.consumed)
            used_shapes.update(d.shapes)
        elif isinstance(d, ByRule):
            rule_ids.add(d.rule.id)
        step = _step(ded, d, gv, shown, query if item == goal else None)
        gv[item] = step.value
        if step.shape:
            used_shapes.add(step.shape)
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


def _step(ded: Deduction, d: Derivation, gv: dict, shown: dict[Quantity, list[Quantity]],
          query: Quantity | None) -> Step:
    """The step's data; records the names its output goes by in the shape that derived it."""
    step = _make_step(ded, d, gv, shown, query)
    if isinstance(d, ByConstant):
        shown[d.quantity] = [step.output]
    elif query is not None:
        shown[d.quantity] = [query]
    elif isinstance(d, ByRule):
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


def _spelled(terms: dict, named: list[Quantity]) -> dict:
    """A relation's placeholders spelled as the step's own inputs and output are (BDA, not ADB)."""
    return {k: next((q for q in named if q == v), v) if isinstance(v, Quantity) else v for k, v in terms.items()}


def _because(ded: Deduction, shape: str) -> tuple[str, dict] | None:
    """Why an implied relation holds: the point on a segment that made it (D lies on AC)."""
    implied = next((decl for decl in ded.graph.implied if decl.name == shape), None)
    if implied is None:
        return None
    vertex = implied.points[1]
    for decl in ded.graph.problem.shapes:
        kind = KINDS[decl.kind]
        if kind.between is not None and decl.points[kind.between[0]] == vertex:
            return kind.premise, kind.premise_terms(decl)
    return None


def _make_step(ded: Deduction, d: Derivation, gv: dict, shown: dict[Quantity, list[Quantity]],
               query: Quantity | None) -> Step:
    if isinstance(d, ByConstant):
        c = d.constant
        aliases = [q for qs in ded.graph.bound[c.shape.name].values() for q in qs if ded.graph.find(q) == d.quantity]
        shown[d.quantity] = aliases  # a later step names it as its own shape does
        output = next((q for q in aliases if q in ded.graph.shared), aliases[0] if aliases else d.quantity)
        return Step("constant", query or output, float(c.value), float(c.value), 0, c.shape.name, c.shape.kind,
                    f"{KINDS[c.shape.kind].title}", stages=[Num(float(c.value))])
    if isinstance(d, ByRule):
        r = d.rule
        node = tree(r.rule.expr)
        values = {s: gv[q] for s, q in zip(r.rule.inputs, r.inputs)}
        value, stages = _chain_or_exact(node, values, d.exact)
        own = ded.graph.bound[r.shape.name]
        inputs = [(_name_in_shape(own[s], shown.get(q, [])), gv[q]) for s, q in zip(r.rule.inputs, r.inputs)]
        names = {s: str(q) for s, (q, _) in zip(r.rule.inputs, inputs)}
        aliases = own[r.rule.output]
        # the side the next shape meets, or the element the question names
        output = query or next((q for q in aliases if q in ded.graph.shared), aliases[0])
        formula = f"{output} = {_formula(r.rule.expr, names)}"
        kind = KINDS[r.shape.kind]
        terms = _spelled(kind.premise_terms(r.shape), [q for q, _ in inputs] + [output]) if kind.relation else {}
        return Step("rule", output, value, d.exact, d.depth, r.shape.name, r.shape.kind,
                    r.rule.name, inputs, formula, stages, premise=kind.premise, premise_terms=terms,
                    because=_because(ded, r.shape.name) if kind.relation else None)
    if isinstance(d, BySubstitution):
        f = d.fact
        node = convert(f.value)
        value, stages = _chain_or_exact(node, {s.name: gv[s] for s in d.variables}, d.exact)
        return Step("substitution", query or f.quantity, value, d.exact, d.depth,
                    inputs=[(s, gv[s]) for s in d.variables], formula=f"{f.quantity.name} = {render(node)}",
                    stages=stages)
    if isinstance(d, BySystem):
        return _system_step(ded, d, gv, shown, query)
    raise AssertionError(d.how)


def _formula(expr: sympy.Expr, names: dict[str, str]) -> str:
    """``render(tree(expr), names)``: the rule's tree printed once with its symbols marked, then
    each problem's names put in (a name is only ever a symbol's whole text)."""
    parts = _formula_parts(expr)
    return "".join(names.get(p, p) if i % 2 else p for i, p in enumerate(parts))


@cache
def _formula_parts(expr: sympy.Expr) -> tuple[str, ...]:
    """The printed tree split at its symbols: text, symbol, text, … (rule expressions are few)."""
    marks = {x.name: f"{_MARK}{x.name}{_MARK}" for x in expr.free_symbols}
    return tuple(render(tree(expr), marks).split(_MARK))


_MARK = "\x00"


def _chain_or_exact(node: Node, values: dict, exact: float) -> tuple[float, list[Node]]:
    """The paper's rounded chain; if even unrounded arithmetic on the rounded inputs
    leaves the domain (asin of 1.0004), the step's exact value, rounded."""
    try:
        return chain_nodes(node, values)
    except (ZeroDivisionError, ValueError, OverflowError):
        return round2(exact), [substitute(node, values), Num(round2(exact))]


def _equation_sides(ded: Deduction, eqi, gv: dict, unknown: dict[Quantity, Node]) -> tuple[Node, Node]:
    """A shape equation with GeomVerse numbers for known elements and ``unknown``'s trees for the rest."""
    by: dict[str, Node] = {}
    for sym, q in eqi.classes.items():
        by[sym] = unknown[q] if q in unknown else Num(gv[q])
    return (substitute(replace(tree(eqi.equation.lhs), by), {}),
            substitute(replace(tree(eqi.equation.rhs), by), {}))


def _given_tree(ded: Deduction, q: Quantity, gv: dict) -> Node:
    """A variablized element's value as given (``3x + 20``), variables found earlier put in."""
    known = {s.name: gv[s] for s in ded.pending[q].value.free_symbols if s in gv}
    return substitute(convert(ded.pending[q].value), known)


def _variable_step(ded: Deduction, sol: VariableSolution, gv: dict) -> Step:
    """The equation for the variable with GeomVerse values, and the working that solves it."""
    x = sol.symbol
    if sol.equation is not None:
        eqi = sol.equation
        kind = KINDS[eqi.shape.kind]
        lhs, rhs = _equation_sides(ded, eqi, gv, {q: _given_tree(ded, q, gv) for q in sol.pending})
        shape, kkey, rule = eqi.shape.name, eqi.shape.kind, eqi.equation.name
        premise, terms = (kind.premise, kind.premise_terms(eqi.shape)) if kind.relation else ("", {})
        because = _because(ded, eqi.shape.name) if kind.relation else None
    else:
        lhs, rhs = _given_tree(ded, sol.inputs[0], gv), Num(gv[sol.inputs[0]])
        shape = kkey = rule = None
        premise, terms, because = "", {}, None
    try:
        lines, value, numeric = solve_shown(lhs, rhs, x.name, sol.exact)
    except ValueError:
        lines, value, numeric = [], round2(sol.exact), True
    if not lines or lines[-1][0] != Sym(x.name) or numeric:
        lines.append([Sym(x.name), Num(value)])
    inputs = [(q, gv[q]) for q in sol.inputs if q in gv]
    exprs = [(ded.pending[q].quantity, convert(ded.pending[q].value)) for q in sol.pending]
    if sol.fact is not None:
        exprs.append((sol.fact.quantity, convert(sol.fact.value)))
    return Step("variable", x, value, sol.exact, sol.depth, shape, kkey, rule, inputs,
                lines=[[lhs, rhs], *lines], numeric=numeric, expressions=exprs, premise=premise,
                premise_terms=terms, because=because)


def _system_step(ded: Deduction, d: BySystem, gv: dict, shown: dict[Quantity, list[Quantity]],
                 query: Quantity | None) -> Step:
    """The equations solved together, known values put in and unknowns by their element names,
    re-solved with the GeomVerse values near the exact solution."""
    out = query or d.quantity
    unknowns = {q: (out if q == d.quantity else q if isinstance(q, Quantity) else Quantity.var(q.name))
                for q in d.solution}
    syms = {q: Sym(q.name if isinstance(q, sympy.Symbol) else f"_u{i}") for i, q in enumerate(unknowns)}
    lines = []
    for eqi in d.system:
        if isinstance(eqi, Quantity):  # a variablized fact: element = its expression
            lines.append([syms[eqi], _given_tree(ded, eqi, gv)])
        else:
            lines.append(list(_equation_sides(ded, eqi, gv, syms)))
    values = _resolve(lines, {syms[q].name: v for q, v in d.solution.items()})
    names = {syms[q].name: unknowns[q] for q in unknowns}
    value = round2(values[syms[d.quantity].name])
    return Step("system", out, value, d.exact, d.depth, inputs=[(shown.get(q, [q])[0], gv[q]) for q in d.inputs],
                lines=lines, numeric=True, unknowns=names, witness=[(n, round2(v)) for n, v in values.items()],
                stages=[Num(value)])


def _resolve(lines: list[list[Node]], start: dict[str, float]) -> dict[str, float]:
    """The solution of the shown equations (GeomVerse numbers) nearest the exact one."""
    names = list(start)
    if len(names) == 1 and len(lines) == 1:
        root = root_near(lines[0][0], lines[0][1], names[0], start[names[0]])
        return {names[0]: root} if root is not None else start

    def residual(v: list[float]) -> list[float] | None:
        at = dict(zip(names, v))
        try:
            r = [unrounded(a, at) - unrounded(b, at) for a, b in lines]
        except (ValueError, ZeroDivisionError, OverflowError):
            return None
        return r if all(map(math.isfinite, r)) else None
    size = 1 + max(abs(v) for v in start.values())
    x = levenberg_marquardt(residual, [start[n] for n in names], tol=math.inf, root_cost=(1e-13 * size) ** 2,
                            max_iterations=200, stall_cost=math.inf, minimum=True)
    return start if x is None else dict(zip(names, x))
