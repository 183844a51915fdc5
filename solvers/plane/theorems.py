"""Theorem families of plane geometry: the instances the deduction adds, all from the blocks.

A :class:`Family` is data: its key (FormalGeo's theorem name where one matches, so that a proof
step can be compared with FormalGeo's annotated sequences), the sentence a proof step says, and
whether its premises are configuration only (read off the figure: ``construction``) or include
metric facts that must be PROVEN first (``judgement``: isosceles from equal sides, similar by AA,
Pythagoras on an angle proven right …).  Every family is a declarative block
(``theorem_blocks.py``: premises, conclusions, sentence, figure) that one matcher (``patterns.py``)
binds on a :class:`~.configuration.Configuration`; a judgement's proven premises are atoms backed by
the deduction's test ``proven(lhs, rhs)``, never read off the model (the model only picks
candidates).  The drivers here yield :class:`Instance`\\ s: the points an instance is about and its
conclusion as one equation between element symbols; besides the blocks', only the problem's givens
and its relations' own equations.

Every instance is an equation that holds on every figure with the configuration: the property
tests (``tests/test_plane_solver.py``, ``tests/test_plane_blocks.py``) measure both sides on
models with independent coordinate geometry.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import sympy
from geomill.engine.model import split_points
from geomill.engine.plane import element_of, element_symbol
from geomill.engine.relations import BLOCKS_BY_KEY, declared_polygons

from .configuration import Configuration
from .patterns import Index, Theorem, reflex_corners
from .theorem_blocks import MAX_POLYGON, THEOREMS, concave_pattern, concave_sum, polygon_blocks

Proven = Callable[[sympy.Expr, sympy.Expr], bool]


@dataclass(frozen=True)
class Family:
    key: str
    sentence: str  # ``{0}``, ``{1}``: the instance's point names
    kind: str = "construction"  # or "judgement"
    direct: bool = False  # the block's (patterns.Theorem.direct)
    shape: tuple[str, int] | None = None  # the shape its sentence names (patterns.Theorem.shape)
    worded: bool = False  # its sentence says its equation in words (patterns.Theorem.worded)
    weight: float | None = None  # its block's own weight in a proof, where not its key's (Theorem.step_weight)


class _Points(str):
    """A joined name whose ``{0[1]}`` in a sentence is its second point, not its second character: ``AB1C'``
    gives ``B1``, so a template reads right whatever the points are called."""

    def __getitem__(self, key):  # type: ignore[override]
        if isinstance(key, int):
            try:
                return split_points(self)[key]
            except ValueError:  # not a run of point names (a plain word): its characters
                pass
        return str.__getitem__(self, key)


@dataclass(frozen=True)
class Instance:
    family: Family
    names: tuple[str, ...]
    lhs: sympy.Expr
    rhs: sympy.Expr
    premises: tuple = ()  # (lhs, rhs) metric premises a judgement needed proven

    @property
    def text(self) -> str:
        return self.family.sentence.format(*(_Points(n) for n in self.names))

    @property
    def expr(self) -> sympy.Expr:
        return self.lhs - self.rhs


# what a proof step cites besides a theorem: a fact the problem states, a relation's own equation
GIVEN = Family("given", "given")
RELATION = Family("relation", "since {0}")


def inst(family: Family, names: tuple[str, ...], lhs: sympy.Expr, rhs: sympy.Expr) -> Instance:
    """An instance of a given or a relation (each side an expression or a number built here, never text)."""
    return Instance(family, tuple(names), sympy.sympify(lhs, strict=True), sympy.sympify(rhs, strict=True))


# -- configuration families ----------------------------------------------------------------------


_CITED: dict[str, Family] = {}


def _relation(why: str) -> Family:
    """A relation's family citing one of its equations by the property it is (``since the opposite angles of the
    parallelogram TSRU are equal``): key "relation" still, its sentence that reason (as printed: no placeholder)."""
    got = _CITED.get(why)
    if got is None:
        got = _CITED[why] = Family(RELATION.key, why.replace("{", "{{").replace("}", "}}"))
    return got


def givens(cfg: Configuration) -> Iterator[Instance]:
    for f in cfg.problem.facts:
        yield inst(GIVEN, (), f.lhs, f.rhs)
    declared = declared_polygons(cfg.problem)
    for rel in cfg.problem.relations:
        block = BLOCKS_BY_KEY[rel.key]
        state = block.state(rel.args, declared)
        for i, (lhs, rhs) in enumerate(block.instantiate(rel.args)):
            why = block.reason(i, rel.args, declared)
            yield inst(RELATION if why == f"since {state}" else _relation(why), (state,), lhs, rhs)


_FAMILIES: dict[tuple[int, str, str | None], Family] = {}


def family(t: Theorem, key: str, sentence: str | None = None) -> Family:
    """A block's family (one per block, theorem key and sentence: two blocks of one theorem may say it in
    other words, and a conclusion may have its own)."""
    got = _FAMILIES.get((id(t), key, sentence))
    if got is None:
        own = t.step_weight if key == t.key else None  # (a conclusion with its own key weighs as that key)
        got = _FAMILIES[(id(t), key, sentence)] = Family(key, sentence or t.sentence, t.kind, t.direct, t.shape,
                                                         t.worded, own)
    return got


def registry() -> dict[str, Family]:
    """Every theorem family the solver knows, by key: one per key, from the blocks (the first block of
    a key; the concave polygons' angle sums share the convex ones' key)."""
    return {t.key: family(t, t.key) for t in reversed(THEOREMS)}


def blocks(ix: Index) -> tuple[Theorem, ...]:
    """The blocks a configuration is matched against: THEOREMS, the convex polygon families written out
    for the sizes past those THEOREMS holds, and the angle sum of each pattern of reflex corners its
    concave polygons have."""
    sizes = sorted(ix.polygons)
    patterns = {concave_pattern(r) for n in sizes if n >= 4 for poly in ix.polygons[n]
                if (r := reflex_corners(ix, poly)) is not None and any(r)}
    return (THEOREMS + tuple(t for n in sizes if n > MAX_POLYGON for t in polygon_blocks(n))
            + tuple(concave_sum(m) for m in sorted(patterns, key=lambda m: (len(m), m), reverse=True)))


def construction_instances(cfg: Configuration, ix: Index | None = None) -> Iterator[Instance]:
    """The givens, then every construction block's instances (by the matcher)."""
    yield from givens(cfg)
    ix = ix or Index(cfg)
    for t in blocks(ix):
        if t.kind != "construction":
            continue
        for f in t.instances(ix):
            yield Instance(family(t, f.key, f.sentence), f.names, f.lhs, f.rhs)


# -- judgements: candidates from the model, premises from the tables ----------------------------------


def judgements(cfg: Configuration, proven: Proven, ix: Index | None = None,
               done: set[tuple[int, int]] | None = None) -> Iterator[Instance]:
    """Every judgement block's instances whose proven premises the tables prove (``ix``: the
    configuration's index, kept from round to round; ``done``: the instances an earlier round gave,
    not given again)."""
    if ix is None:
        ix = Index(cfg, proven)
    ix.proven = proven
    for t in THEOREMS:
        if t.kind == "judgement":
            for f in t.instances(ix, done):
                yield Instance(family(t, f.key, f.sentence), f.names, f.lhs, f.rhs, f.premises)


def ratio_premise_lengths(step) -> list[sympy.Symbol]:
    """The sides of an SAS similarity's ratio premise (AB·AE = AC·AD): the proof states their values,
    so that its sentence shows the ratio with numbers (AB/AD = AC/AE = 3)."""
    inst = getattr(step, "instance", None)
    if inst is None or inst.family.key != "similar_triangle_property_line_ratio":
        return []
    out = []
    for a, b in getattr(inst, "premises", ()):
        sides = [x for t in (a, b) if t.is_Mul for x in t.args]
        if len(sides) == 4 and all(x.is_Symbol and (el := element_of(x)) is not None and el.kind.key == "length"
                                   for x in sides):
            out += sides
    return list(dict.fromkeys(out))


def ratio_premise_pairs(step) -> list[tuple[sympy.Symbol, sympy.Symbol]]:
    """The premise's sides as the two ratios of corresponding sides it sets equal (AD/DG and DF/BD of ADF ~ GDB):
    each pair a side of the first triangle and its partner in the second, as the criterion's sentence shows them."""
    sides = ratio_premise_lengths(step)
    names = getattr(step.instance, "names", ()) if sides else ()
    if len(names) < 2 or len(names[0]) != len(names[1]):
        return []
    corr = dict(zip(names[0], names[1]))
    pairs: list[tuple[sympy.Symbol, sympy.Symbol]] = []
    for x in sides:
        pts = element_of(x).points
        if not set(pts) <= set(names[0]):
            continue
        partner = element_symbol("length", (corr[pts[0]], corr[pts[1]]))
        if partner in sides and partner != x and all(x not in pair for pair in pairs):
            pairs.append((x, partner))
    return pairs if len(pairs) == 2 else []
