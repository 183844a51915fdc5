"""The fact/rule graph of a problem.

Quantities that a shape makes equal (the opposite sides of a rectangle, the
two radii of a sector) or that are the same element of two shapes (a shared
side) collapse into one *value class*; its representative is the quantity the
problem first names.  Each directed rule of each shape becomes a rule
instance from input classes to an output class.  Deduction (solvers/) runs
over this structure; ``to_networkx`` gives the graph with quantity nodes and
rule-application nodes, for export as JSON or DOT.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property
from operator import itemgetter
from typing import NamedTuple

import networkx as nx
import sympy

from .errors import ModelError
from .kinds import KINDS, Equation, ShapeKind
from .model import Fact, Problem, QKind, Quantity, ShapeDecl
from .rules import Rule, compiled, kind_rules


@dataclass(frozen=True)
class RuleInstance:
    """A directed rule applied to one shape of the problem."""

    id: int
    rule: Rule
    shape: ShapeDecl
    inputs: tuple[Quantity, ...]  # class representatives, in rule.inputs order
    output: Quantity
    local: dict = field(compare=False, hash=False)  # symbol -> the shape's own spelling of it

    @property
    def kind(self) -> ShapeKind:
        return KINDS[self.shape.kind]


@dataclass(frozen=True)
class EquationInstance:
    """An equation of one shape with its symbols bound to value classes."""

    shape: ShapeDecl
    equation: Equation
    classes: dict  # symbol -> class representative
    local: dict = field(compare=False, hash=False)


@dataclass(frozen=True)
class Constant:
    """A value a shape fixes by its kind (the right angle of a right triangle)."""

    shape: ShapeDecl
    quantity: Quantity  # class representative
    local: Quantity
    value: sympy.Expr


class BoundShape(NamedTuple):
    """One shape of the problem with its symbols bound: to the shape's own first quantity for each
    (``local``, how the shape spells it) and to that quantity's value class (``cls``)."""

    decl: ShapeDecl
    kind: ShapeKind
    local: dict[str, Quantity]
    cls: dict[str, Quantity]


@dataclass(frozen=True)
class RuleIndex:
    """Every rule instance of a problem as deduction reads it, by rule id (ids run over the shapes
    in order, each shape's rules in its kind's order).  Deduction reads only input and output
    classes, so a ``RuleInstance`` is made only for a rule that fires (see ``FactGraph.rule``)."""

    rules: list[Rule]  # rule id -> the kind's rule
    shape_of: list[int]  # rule id -> its shape's index in ``FactGraph.shapes``
    inputs: list[tuple[Quantity, ...]]  # rule id -> its input classes, in rule.inputs order
    outputs: list[Quantity]  # rule id -> its output class
    needs: list[int]  # rule id -> how many distinct input classes it waits for
    # class -> ids of the rules it is an input of, in any order (tuples of ints, which the
    # collector stops tracking: a solution keeps its graph)
    by_input: dict[Quantity, tuple[int, ...]]


def index_rules(shapes: Sequence[BoundShape], fast: bool = True) -> RuleIndex:
    """The rule index of these bound shapes.

    FAST PATH: a kind's rules are planned once (``_rule_plan``), so a shape whose symbols are
    distinct classes (nearly all) takes its needs and feeds from the plan as whole lists.  The
    plain version, ``_index_plainly``, counts each rule's distinct input classes one rule at a
    time; a shape where two symbols are one class always takes it, and ``fast=False`` takes it
    for every shape: ``tests/test_graph_index.py`` holds the two equal."""
    rules: list[Rule] = []
    shape_of: list[int] = []
    ins_of: list[tuple[Quantity, ...]] = []
    outs_of: list[Quantity] = []
    needs: list[int] = []
    by_input: dict[Quantity, list[int]] = {}
    for index, (_, kind, _, cls) in enumerate(shapes):
        plan = _rule_plan(kind)
        base = len(ins_of)
        rules.extend(plan.rules)
        shape_of.extend([index] * len(plan.rules))
        shared = [get(cls) for get in plan.inputs_of]
        ins_of.extend([shared[i] for i in plan.input_index])
        outs_of.extend([cls[o] for o in plan.outputs])
        if fast and len(set(cls.values())) == len(cls):  # no two symbols of the shape are one class
            needs.extend(plan.needs)
            for sym, feeds in plan.by_symbol:
                q, ids = cls[sym], [base + i for i in feeds]
                if q in by_input:
                    by_input[q].extend(ids)
                else:
                    by_input[q] = ids
        else:
            _index_plainly(ins_of, base, needs, by_input)
    return RuleIndex(rules, shape_of, ins_of, outs_of, needs, {q: tuple(ids) for q, ids in by_input.items()})


def _index_plainly(ins_of: list[tuple[Quantity, ...]], base: int, needs: list[int],
                   by_input: dict[Quantity, list[int]]) -> None:
    """Needs and feeds of the rules from id ``base`` on, one rule at a time."""
    for rid in range(base, len(ins_of)):
        distinct = list(dict.fromkeys(ins_of[rid]))
        needs.append(len(distinct))
        for q in distinct:
            by_input.setdefault(q, []).append(rid)


class FactGraph:
    """Value classes, facts, constants, rule and equation instances of a problem."""

    def __init__(self, problem: Problem):
        self.problem = problem
        self._parent: dict[Quantity, Quantity] = {}
        self._order: dict[Quantity, int] = {}
        for f in problem.facts:
            self._add(f.quantity)
        if problem.query is not None:
            self._add(problem.query.quantity)
        bindings = [self._bind(decl) for decl in problem.shapes]
        self.implied = self._collinear(problem.shapes)
        bindings += [self._bind(decl) for decl in self.implied]
        del self._order  # only unions need it
        self.bound: dict[str, dict[str, list[Quantity]]] = {decl.name: bound for decl, _, bound in bindings}
        self.shapes: list[BoundShape] = []
        for decl, kind, bound in bindings:
            local = {sym: qs[0] for sym, qs in bound.items()}
            self.shapes.append(BoundShape(decl, kind, local, {sym: self.find(q) for sym, q in local.items()}))
        self.constants: list[Constant] = [Constant(s.decl, s.cls[sym], s.local[sym], value)
                                          for s in self.shapes for sym, value in s.kind.constants.items()]
        self.index = index_rules(self.shapes)
        self._instances: dict[int, RuleInstance] = {}
        self.facts: dict[Quantity, Fact] = {}
        for f in problem.facts:
            rep = self.find(f.quantity)
            if rep in self.facts:
                other = self.facts[rep]
                raise ModelError(
                    f"{f.quantity} is the same element as {other.quantity} (given on line "
                    f"{other.span.line if other.span else '?'}); give it only once", f.span, problem.source)
            self.facts[rep] = f

    def rule(self, rid: int) -> RuleInstance:
        """The rule instance with this id (made once, so the same object every time)."""
        r = self._instances.get(rid)
        if r is None:
            ix = self.index
            decl, _, local, _ = self.shapes[ix.shape_of[rid]]
            r = self._instances[rid] = RuleInstance(rid, ix.rules[rid], decl, ix.inputs[rid], ix.outputs[rid], local)
        return r

    @cached_property
    def rules(self) -> list[RuleInstance]:
        """Every rule instance, by id (``index`` serves deduction without them)."""
        return [self.rule(i) for i in range(len(self.index.rules))]

    def rule_fn(self, rid: int) -> Callable[..., float]:
        """The compiled rule of this id (see ``engine.rules.compiled``)."""
        return compiled(self.index.rules[rid])

    @cached_property
    def members(self) -> dict[Quantity, list[Quantity]]:
        """Each value class's representative -> its quantities, in the order the problem names them
        (built on first use: deduction never needs it)."""
        out: dict[Quantity, list[Quantity]] = {}
        for q in list(self._parent):  # the order quantities were added in
            out.setdefault(self.find(q), []).append(q)
        return out

    @cached_property
    def equations(self) -> list[EquationInstance]:
        """Each equation of each shape, bound to value classes (built on first use: only
        problems with variables, and simultaneous steps, need them)."""
        out = []
        for decl, kind, local, cls in self.shapes:
            for eqn in kind.equations:
                syms = eqn.symbol_names
                out.append(EquationInstance(decl, eqn, {s: cls[s] for s in syms}, {s: local[s] for s in syms}))
        return out

    def _bind(self, decl: ShapeDecl) -> tuple[ShapeDecl, ShapeKind, dict[str, list[Quantity]]]:
        kind = KINDS[decl.kind]
        bound = kind.bind(decl)
        for qs in bound.values():
            for q in qs:
                self._add(q)
            for q in qs[1:]:
                self._union(qs[0], q)
        return decl, kind, bound

    def _collinear(self, shapes: tuple[ShapeDecl, ...]) -> list[ShapeDecl]:
        """What a point D on segment AC implies about the angles already in the problem:
        angle XAD is angle XAC (and XCD is XCA), and angles XDA and XDC are supplementary.
        Returns the implied supplementary relations, as declarations."""
        implied = []
        for decl in shapes:
            between = KINDS[decl.kind].between
            if between is None:
                continue
            d, a, c = (decl.points[i] for i in between)
            angles = [q for q in self._parent if q.kind is QKind.ANGLE]
            for q in angles:
                x, v, y = q.key
                for vertex, near, far in ((a, d, c), (c, d, a)):
                    if v == vertex and near in (x, y):
                        other = y if x == near else x
                        if other != far:
                            same = Quantity.angle(other, vertex, far)
                            self._add(same)
                            self._union(q, same)
            others = {p for q in angles if q.key[1] == d for p in (q.key[0], q.key[2])} - {a, c}
            for x in sorted(others):
                if Quantity.angle(x, d, a) in self._parent and Quantity.angle(x, d, c) in self._parent:
                    implied.append(KINDS["supplementary"].declare((x, d, a, x, d, c)))
        return implied

    @cached_property
    def shared(self) -> set[Quantity]:
        """Quantities that two or more shapes have (the sides and angles they meet along)."""
        seen: set[Quantity] = set()
        both: set[Quantity] = set()
        for bound in self.bound.values():
            mine = {q for qs in bound.values() for q in qs}
            both |= seen & mine
            seen |= mine
        return both

    # -- union-find ---------------------------------------------------------------
    def _add(self, q: Quantity) -> None:
        if q not in self._parent:
            self._parent[q] = q
            self._order[q] = len(self._order)

    def find(self, q: Quantity) -> Quantity:
        """The representative of ``q``'s value class.  (``is`` before ``==``: the same answers, and
        most parents are the very object, which spares the comparison.)"""
        parent = self._parent
        root = q
        while (p := parent[root]) is not root and p != root:
            root = p
        while (p := parent[q]) is not root and p != root:
            parent[q], q = root, p
        return root

    def _union(self, a: Quantity, b: Quantity) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra is not rb and ra != rb:
            if self._order[rb] < self._order[ra]:
                ra, rb = rb, ra
            self._parent[rb] = ra

    def contains(self, q: Quantity) -> bool:
        return q in self._parent

    @property
    def classes(self) -> list[Quantity]:
        return list(self.members)

    # -- export ----------------------------------------------------------------------
    def to_networkx(self, fired: Iterable[int] | None = None) -> nx.DiGraph:
        """Quantity nodes ``q:…`` and rule-application nodes ``r:…`` (inputs → rule → output).

        ``fired`` restricts the rule nodes to those ids (e.g. a proof)."""
        keep = None if fired is None else set(fired)
        g = nx.DiGraph()
        for rep, members in self.members.items():
            g.add_node(_qnode(rep), type="quantity", kind=rep.kind.value, name=str(rep),
                       aliases=[str(m) for m in members[1:]], given=rep in self.facts)
        for c in self.constants:
            g.nodes[_qnode(c.quantity)]["constant"] = str(c.value)
        for r in self.rules:
            if keep is not None and r.id not in keep:
                continue
            node = f"r:{r.id}"
            g.add_node(node, type="rule", kind=r.shape.kind, shape=r.shape.name, rule=r.rule.name,
                       formula=f"{r.rule.output} = {r.rule.expr}")
            for q in r.inputs:
                g.add_edge(_qnode(q), node)
            g.add_edge(node, _qnode(r.output))
        if keep is not None:
            lonely = [n for n, d in g.nodes(data=True) if d["type"] == "quantity" and g.degree(n) == 0]
            g.remove_nodes_from(lonely)
        return g

    def to_json(self, fired: Iterable[int] | None = None) -> str:
        return json.dumps(nx.node_link_data(self.to_networkx(fired), edges="edges"), indent=1)

    def to_dot(self, fired: Iterable[int] | None = None) -> str:
        return graph_dot(self.to_networkx(fired))


def graph_dot(g: nx.DiGraph) -> str:
    """A graph of quantity and rule nodes in DOT (givens filled; a rule node shows its shape when it has one)."""
    lines = ["digraph geomill {", "  rankdir=LR;"]
    for n, d in g.nodes(data=True):
        if d["type"] == "quantity":
            style = "shape=box" + (",style=filled,fillcolor=lightgray" if d.get("given") else "")
            lines.append(f'  "{n}" [label="{d["name"]}",{style}];')
        else:
            shape = f'\\n({d["shape"]})' if d.get("shape") else ""
            lines.append(f'  "{n}" [label="{d["rule"]}{shape}",shape=ellipse];')
    for u, v in g.edges():
        lines.append(f'  "{u}" -> "{v}";')
    lines.append("}")
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class _RulePlan:
    """A kind's rules as instantiating them needs them, worked out once per kind object."""

    rules: tuple[Rule, ...]
    # the distinct input symbol tuples, as symbol -> class map to input classes; and each rule's
    # index among them (rules with the same inputs share one tuple of classes per shape)
    inputs_of: tuple[Callable[[dict], tuple[Quantity, ...]], ...]
    input_index: tuple[int, ...]
    outputs: tuple[str, ...]  # output symbols
    needs: tuple[int, ...]  # distinct input symbols
    by_symbol: tuple[tuple[str, tuple[int, ...]], ...]  # input symbol -> indices of the rules it feeds


@cache
def _rule_plan(kind: ShapeKind) -> _RulePlan:
    rules = kind_rules(kind)
    distinct: dict[tuple[str, ...], int] = {}
    feeds: dict[str, list[int]] = {}
    for i, rule in enumerate(rules):
        distinct.setdefault(rule.inputs, len(distinct))
        for sym in dict.fromkeys(rule.inputs):
            feeds.setdefault(sym, []).append(i)
    getters = tuple((lambda cls: ()) if not ins else (lambda cls, s=ins[0]: (cls[s],)) if len(ins) == 1
                    else itemgetter(*ins) for ins in distinct)
    return _RulePlan(rules, getters, tuple(distinct[r.inputs] for r in rules), tuple(r.output for r in rules),
                     tuple(len(set(r.inputs)) for r in rules), tuple((k, tuple(v)) for k, v in feeds.items()))


def _qnode(q: Quantity) -> str:
    """Node ids use the canonical key: ``angle BCA`` and ``angle ACB`` are one node."""
    return f"q:{q.kind.value}:{' '.join(q.key)}"

