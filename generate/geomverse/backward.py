"""Algorithm 1 of GeomVerse (BackwardGenerate) over the whole catalogue.

A problem is built as a tree of :class:`ShapeNode` s: the root's rule gives the
query; each hidden input of a node is the output of a child attached on that
element (a shared side, or for an angle a relation such as supplementary
angles).  Values flow two ways: top-down, each child is sampled so that its
output is close to the value its parent's instance wants (so most draws are
feasible); bottom-up, given values are rounded to integers and every derived
value is recomputed with the compiled rules, checking each shape is possible
(positive sides, angles below 180, triangle inequality, asin domain).

Connections keep the figure consistent by construction: a side joins two
shapes at its two end points only; an angle inside a shape is continued by an
angle relation that shares it; a relation's free angle, when it shares no side
with a filled shape (vertical angles, or a relation at the root), can be a
corner of a new shape.
"""
from __future__ import annotations

import random
import string
from dataclasses import dataclass, field
from functools import lru_cache

import sympy
from geomill.engine.catalogue import KINDS
from geomill.engine.kinds import ShapeKind
from geomill.engine.model import Fact, Problem, QKind, Quantity, Query, ShapeDecl, split_points, variable
from geomill.engine.rules import Rule, apply, possible

from .config import GenConfig
from .knowledge import (
    QUESTION_TYPES,
    SCALE_POWER,
    closure,
    independent,
    info,
    reverse_rule,
    sample_values,
    variablizable,
)

SIDE, CORNER, OPEN = "side", "corner", "open"  # how a child attaches to its parent's element
VARIABLE_NAMES = ("x", "y", "z", "w", "t", "u", "v", "k", "m", "n")


class Infeasible(Exception):
    """This draw cannot be completed; the caller draws again."""


@dataclass(eq=False)
class ShapeNode:
    """One shape of the problem tree, with the rule that gives its output and its children."""

    key: str
    rule: Rule
    points: tuple[str, ...]
    context: str | None  # None at the root
    out_place: tuple[int, ...] | None = None
    children: dict[str, ShapeNode] = field(default_factory=dict)  # hidden input symbol -> child
    places: dict[str, tuple[int, ...]] = field(default_factory=dict)  # symbol -> placement used
    given: dict[str, float] = field(default_factory=dict)  # given input symbol -> integer value
    inst: dict[str, float] = field(default_factory=dict)  # the sampled instance (top-down)
    value: float = 0.0  # the output, recomputed bottom-up (true π)
    known: dict[str, float] = field(default_factory=dict)
    var: str | None = None  # variable name when variablized
    coeffs: dict[str, tuple[int, int]] = field(default_factory=dict)  # symbol -> (a, b) of a x + b
    dropped: str | None = None  # a given left out (distractor children)
    promoted: dict[str, int] = field(default_factory=dict)  # hidden inputs given anyway (distractors)
    x: float | None = None  # the variable's value (true π), when variablized

    @property
    def kind(self):
        return KINDS[self.key]

    def decl(self) -> ShapeDecl:
        return make_decl(self.key, self.points)

    def quantity(self, sym: str, place: tuple[int, ...] | None = None) -> Quantity:
        el = self.kind.elements[sym]
        p = self.points
        if el.kind is QKind.LENGTH:
            i, j = place or el.at[0]
            return Quantity.length(p[i], p[j])
        if el.kind is QKind.ANGLE:
            i, v, j = place or el.at[0]
            return Quantity.angle(p[i], p[v], p[j])
        return Quantity.of_shape(el.kind, self.decl().name)

    def walk(self):
        yield self
        for c in self.children.values():
            yield from c.walk()


# -- declarations ------------------------------------------------------------------------------


def make_decl(key: str, points: tuple[str, ...]) -> ShapeDecl:
    """The declaration the parser would build for ``points`` (canonical role order) of ``key``."""
    return _make_decl(KINDS[key], points)


@lru_cache(maxsize=65536)
def _make_decl(kind: ShapeKind, points: tuple[str, ...]) -> ShapeDecl:
    key = kind.key
    form = kind.forms[0]
    phs = kind.placeholders(form)
    args: dict[str, tuple[str, ...]] = {}
    if "name" in phs:
        for ph in phs:
            if ph != "name":
                args[ph] = tuple(points[i] for i in kind.pins[ph])
        name, pts = kind.resolve(points, args)
    else:
        args = {ph: tuple(split_points(text)) for ph, text in kind.declare(points).args}
        name, pts = kind.resolve(None, args)
    if pts != points:
        raise AssertionError(f"{key} {points} resolves to {pts}")
    return ShapeDecl(key, name, pts, tuple((k, "".join(v)) for k, v in args.items()))


class Letters:
    """Point names: plain capitals first, then A1, B1 … (the DSL allows digits)."""

    def __init__(self) -> None:
        self.n = 0

    def __call__(self) -> str:
        i, self.n = self.n, self.n + 1
        letter, round_ = string.ascii_uppercase[i % 26], i // 26
        return letter if round_ == 0 else f"{letter}{round_}"


# -- structure ------------------------------------------------------------------------------------


class Planner:
    """Which (kind, rule) may sit where, for one shape pool; memoised feasibility by depth."""

    def __init__(self, pool: tuple[str, ...]):
        self.pool = pool
        self._memo: dict[tuple, bool] = {}
        self._cands: dict[tuple, dict[str, list[Rule]]] = {}

    def child_context(self, key: str, sym: str, root: bool) -> str | None:
        """The context a child attached on input ``sym`` of a ``key`` node would have."""
        ki = info(key)
        if not ki.connectable(sym):
            return None
        if ki.relation:
            # a pair that shares a ray (supplementary) shares it with its parent's shape, so its
            # free angle can only start a new shape when it shares none (vertical), or at the root
            return OPEN if (root or not ki.kind.shares_ray) else None
        return SIDE if ki.qkind[sym] is QKind.LENGTH else CORNER

    def fits(self, key: str, rule: Rule, context: str | None, qkind: QKind) -> bool:
        ki = info(key)
        if ki.qkind[rule.output] is not qkind or not independent(rule):
            return False
        if context is None:
            return True
        if context == CORNER:
            return ki.relation and bool(ki.edges.get(rule.output))
        if ki.relation:
            return False
        return bool(ki.edges.get(rule.output))

    def expandable(self, key: str, rule: Rule, root: bool, depth: int) -> list[str]:
        """Inputs of ``rule`` that a subtree of ``depth`` hops can derive."""
        out = []
        for s in rule.inputs:
            ctx = self.child_context(key, s, root)
            if ctx is not None and self.feasible(ctx, info(key).qkind[s], depth):
                out.append(s)
        return out

    def feasible(self, context: str, qkind: QKind, depth: int) -> bool:
        k = (context, qkind, depth)
        if k not in self._memo:
            self._memo[k] = False  # guards recursion
            self._memo[k] = bool(self.candidates(context, qkind, depth, root=False))
        return self._memo[k]

    def candidates(self, context: str | None, qkind: QKind, depth: int, root: bool) -> dict[str, list[Rule]]:
        """Kind -> rules that can sit here and reach ``depth`` more hops below (Algorithm 1's loop).

        Depends on the pool and these arguments only, so it is worked out once (callers filter copies)."""
        key = (context, qkind, depth, root)
        if key not in self._cands:
            self._cands[key] = self._candidates(context, qkind, depth, root)
        return {k: list(v) for k, v in self._cands[key].items()}

    def _candidates(self, context: str | None, qkind: QKind, depth: int, root: bool) -> dict[str, list[Rule]]:
        out: dict[str, list[Rule]] = {}
        for key in self.pool:
            if not KINDS[key].generated:
                continue
            for rule in info(key).rules:
                if not self.fits(key, rule, context, qkind):
                    continue
                if depth > 0 and not self.expandable(key, rule, root, depth - 1):
                    continue
                out.setdefault(key, []).append(rule)
        return out


@dataclass
class Draft:
    """A drawn problem: the tree plus the variable names used."""

    root: ShapeNode
    depth: int
    qkind: QKind
    variables: list[str]
    problem: Problem

    @property
    def width(self) -> int:
        """The structure's width: most hidden inputs of one node (at least 1)."""
        return max([1] + [len([s for s in n.children if s not in n.promoted]) for n in self.root.walk()])

    @property
    def exact(self) -> float:
        return self.root.value


def build_tree(planner: Planner, rng: random.Random, qkind: QKind, depth: int, p_branch: float) -> ShapeNode:
    """Algorithm 1: the structure (kinds, rules, shared elements, point names), no values yet."""
    letters = Letters()
    return _node(planner, rng, None, None, qkind, depth, p_branch, letters)


def _node(planner: Planner, rng: random.Random, context: str | None, shared: tuple[str, ...] | None,
          qkind: QKind, depth: int, p_branch: float, letters: Letters) -> ShapeNode:
    root = context is None
    cands = planner.candidates(context, qkind, depth, root)
    if not cands:
        raise Infeasible(f"nothing gives a {qkind.value} here")
    # p_branch is the chance that this node branches: decide first, then pick among the rules
    # that can (GeomVerse samples first, so a rule with one connectable input caps p_branch = 1
    # at about 45 % width 2; deciding first makes the knob mean what it says)
    branch = depth > 0 and rng.random() < p_branch
    if branch:
        wide = {k: [r for r in rs if len(planner.expandable(k, r, root, depth - 1)) >= 2] for k, rs in cands.items()}
        wide = {k: rs for k, rs in wide.items() if rs}
        cands = wide or cands
    key = rng.choice(sorted(cands))
    rule = rng.choice(cands[key])
    ki = info(key)
    points, out_place = _place(key, rule.output, context, shared, rng, letters)
    node = ShapeNode(key, rule, points, context, out_place)
    node.places[rule.output] = out_place or rng.choice(ki.kind.elements[rule.output].at or ((),))
    hide: list[str] = []
    if depth > 0:
        options = planner.expandable(key, rule, root, depth - 1)
        hide.append(rng.choice(options))
        rest = [s for s in options if s not in hide]
        if rest and branch:
            hide.append(rng.choice(rest))
    for s in rule.inputs:
        if s in hide:
            node.places[s] = rng.choice(ki.edges[s])
        else:
            node.places[s] = rng.choice(ki.kind.elements[s].at or ((),))
    for s in rule.inputs:  # children in the rule's input order, so names read left to right
        if s in hide:
            shared_pts = tuple(points[i] for i in node.places[s])
            ctx = planner.child_context(key, s, root)
            node.children[s] = _node(planner, rng, ctx, shared_pts, ki.qkind[s], depth - 1, p_branch, letters)
    return node


def _place(key: str, out: str, context: str | None, shared: tuple[str, ...] | None, rng: random.Random,
           letters: Letters) -> tuple[tuple[str, ...], tuple[int, ...] | None]:
    """Point names in role order, the shared ones where the output element sits."""
    kind = KINDS[key]
    n = kind.n_points
    pts: list[str | None] = [None] * n
    place = None
    if context is not None:
        place = rng.choice(info(key).edges[out])
        names = list(shared)
        if rng.random() < 0.5:
            names.reverse()  # either orientation; for an angle the vertex stays in the middle
        for i, name in zip(place, names):
            pts[i] = name
    if place is None and kind.relation:  # at the root: name the asked angle first
        for i in kind.elements[out].at[0]:
            pts[i] = letters()
    for i, j in kind.joins:  # a relation's points that are one (the common vertex, the common ray)
        if (pts[i] is None) != (pts[j] is None):
            pts[i] = pts[j] = pts[i] or pts[j]
    for i in range(n):
        if pts[i] is None:
            pts[i] = letters()
    return tuple(pts), place


# -- values ----------------------------------------------------------------------------------------------


def assign_targets(node: ShapeNode, rng: random.Random, target: float | None) -> None:
    """Top-down: a valid instance of each shape whose output is near the parent's wish."""
    inst = sample_values(node.key, rng)
    if inst is None:
        raise Infeasible(f"no instance of {node.key}")
    if target is not None:
        inst = _aim(node, inst, target)
    node.inst = inst
    for s, child in node.children.items():
        assign_targets(child, rng, inst[s])


def _aim(node: ShapeNode, inst: dict[str, float], target: float) -> dict[str, float]:
    ki = info(node.key)
    out = node.rule.output
    q = ki.qkind[out]
    if SCALE_POWER[q] == 1:
        k = target / inst[out]
        return {s: v * k ** SCALE_POWER[ki.qkind[s]] for s, v in inst.items()}
    inst = dict(inst)
    inst[out] = target
    # an angle: solve one input from the output (prefer a given one)
    order = sorted(node.rule.inputs, key=lambda s: s in node.children)
    for j in order:
        r = reverse_rule(node.rule, j)
        if r is None:
            continue
        v = apply(r, inst)
        if v is not None and possible(ki.qkind[j], v):
            inst[j] = v
            return inst
    raise Infeasible("cannot aim the angle")


def round_given(q: QKind, v: float, cfg: GenConfig) -> int:
    n = int(round(v))
    lo, hi = cfg.angle_range if q is QKind.ANGLE else cfg.length_range
    if q is QKind.ANGLE or q is QKind.LENGTH:
        if not lo <= n <= hi:
            raise Infeasible(f"given {q.value} {n} out of range")
    elif n < 1:
        raise Infeasible("given value below 1")
    return n


def evaluate(node: ShapeNode, rng: random.Random, cfg: GenConfig, variables: list[str]) -> float:
    """Bottom-up: integer givens, derived values, per-shape feasibility; returns the output."""
    ki = info(node.key)
    values: dict[str, float] = {}
    for s in node.rule.inputs:
        if s in node.children and s not in node.promoted:
            values[s] = evaluate(node.children[s], rng, cfg, variables)
        elif s in node.promoted:
            values[s] = node.promoted[s]
        else:
            if s not in node.given:
                node.given[s] = round_given(ki.qkind[s], node.inst[s], cfg)
            values[s] = node.given[s]
    if node.var is not None:
        out = _variablize(node, values, rng)
    else:
        out = apply(node.rule, values)
    if out is None or not possible(ki.qkind[node.rule.output], out):
        raise Infeasible(f"{node.rule} gives an impossible value")
    values[node.rule.output] = out
    known = closure(node.key, values)
    if known is None:
        raise Infeasible(f"{node.key} cannot exist with {values}")
    lo, hi = cfg.angle_range
    if any(not lo <= v <= hi for s, v in known.items() if ki.qkind[s] is QKind.ANGLE and s not in ki.kind.constants):
        raise Infeasible(f"an angle of {node.key} out of range")  # a sliver of a shape, unreadable on the figure
    node.value, node.known = out, known
    return out


def _variablize(node: ShapeNode, values: dict[str, float], rng: random.Random) -> float | None:
    """Write the given inputs and the output as ``a x + b`` (integers a, b); x is then whatever
    the rule's equation makes it, found from two evaluations since the equation is linear."""
    ki = info(node.key)
    out = node.rule.output
    written = [s for s in node.rule.inputs if s in node.given] + [out]
    if not node.coeffs:
        x0 = rng.randint(2, 6)
        wish = {**values, out: node.inst[out]}
        for s in written:
            top = max(1, min(5, int(wish[s] // x0)))
            a = rng.randint(1, top)
            node.coeffs[s] = (a, int(round(wish[s] - a * x0)))

    def residual(x: float) -> float | None:
        vals = dict(values)
        for s in written[:-1]:
            a, b = node.coeffs[s]
            vals[s] = a * x + b
        got = apply(node.rule, vals)
        if got is None:
            return None
        a, b = node.coeffs[out]
        return got - (a * x + b)

    # the residual is affine in x; evaluate far from any domain edge first
    r0, r1 = residual(0.0), residual(1.0)
    if r0 is None or r1 is None or abs(r0 - r1) < 1e-9:
        return None
    x = r0 / (r0 - r1)
    for s in written:
        a, b = node.coeffs[s]
        v = a * x + b
        if not possible(ki.qkind[s], v):
            return None
        values[s] = v
    node.x = x
    return values[out]


# -- the problem ------------------------------------------------------------------------------------


def to_problem(root: ShapeNode) -> Problem:
    """Shapes in tree order, facts in the order a reader meets them, the root's output as query."""
    shapes, facts = [], []
    for node in root.walk():
        shapes.append(node.decl())
        x = variable(node.var) if node.var else None
        for s in node.rule.inputs:
            if s in node.promoted:
                facts.append(Fact(node.quantity(s, node.places[s]), sympy.Integer(node.promoted[s])))
            elif s in node.given and s != node.dropped:
                facts.append(Fact(node.quantity(s, node.places[s]), _expr(node, s, x)))
        if node.var is not None:
            out = node.rule.output
            facts.append(Fact(node.quantity(out, node.places[out]), _expr(node, out, x)))
    if len({frozenset(d.points) for d in shapes}) != len(shapes):
        raise Infeasible("two shapes on the same points")
    query = Query(root.quantity(root.rule.output, root.places[root.rule.output]))
    return Problem(tuple(shapes), tuple(facts), query)


def _expr(node: ShapeNode, s: str, x) -> sympy.Expr:
    if x is not None and s in node.coeffs:
        a, b = node.coeffs[s]
        return a * x + b
    return sympy.Integer(node.given[s])


# -- one draw ------------------------------------------------------------------------------------------


def draw(cfg: GenConfig, planner: Planner, rng: random.Random, qtype: str, depth: int, p_branch: float,
         rho: float) -> Draft:
    """One attempt at a problem of ``depth`` hops (plus one when distractors are asked for)."""
    qkind = QUESTION_TYPES[qtype]
    tree_depth = depth + (1 if cfg.distractors else 0)
    root = build_tree(planner, rng, qkind, tree_depth - 1, p_branch)
    variables: list[str] = []
    for node in root.walk():
        if (rho > 0 and variablizable(node.rule) and any(s not in node.children for s in node.rule.inputs)
                and rng.random() < rho and len(variables) < len(VARIABLE_NAMES)):
            node.var = VARIABLE_NAMES[len(variables)]
            variables.append(node.var)
    assign_targets(root, rng, None)
    evaluate(root, rng, cfg, variables)
    if cfg.distractors:
        _give_hidden(root, rng, cfg, variables, tree_depth - 2)
        _reevaluate(root, rng, cfg, variables)
    return Draft(root, depth, qkind, variables, to_problem(root))


def _give_hidden(root: ShapeNode, rng: random.Random, cfg: GenConfig, variables: list[str], level: int) -> None:
    """§4.3: the tree has one level more than the problem's depth; give the hidden inputs of the
    nodes just above its last level, whose children keep their shapes and all but one of their
    values (so the facts stay exactly consistent, and each still carries a given) and become
    distractors.  The chain to the query is then ``depth`` hops at any depth."""
    parents = [n for n in _level(root, level) if n.children]
    if not parents:
        raise Infeasible("no distractor level")
    for node in parents:
        ki = info(node.key)
        for s, child in node.children.items():
            if child.var is not None:
                raise Infeasible("variablized distractor")
            givens = [g for g in child.rule.inputs if g in child.given]
            if len(givens) < 2:
                raise Infeasible("distractor child would keep no given")
            node.promoted[s] = round_given(ki.qkind[s], child.value, cfg)
            child.dropped = rng.choice(givens)
            known = {g: v for g, v in child.given.items() if g != child.dropped}
            known[child.rule.output] = node.promoted[s]
            if closure(child.key, known) is None:
                raise Infeasible("distractor values impossible")


def _level(node: ShapeNode, k: int):
    """The nodes ``k`` levels below ``node``."""
    if k == 0:
        yield node
        return
    for c in node.children.values():
        yield from _level(c, k - 1)


def _reevaluate(root: ShapeNode, rng: random.Random, cfg: GenConfig, variables: list[str]) -> None:
    """The values again, bottom-up, now that some hidden inputs are given."""
    root.known = {}
    evaluate(root, rng, cfg, variables)
