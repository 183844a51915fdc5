"""What the grader knows about a record: its proof steps, givens, distractors and element names.

Everything comes from the record itself: the DSL text (parsed, never evaluated) gives the shapes,
the given values and which names denote the same element (the opposite sides of a rectangle, both
spellings of an angle); ``steps`` give each proof step's output, inputs, rule and both values; the
two solution texts, written from one template, give the individual-annotation labels (``a``, ``α``,
``the cyan shape``) word by word.
"""
from __future__ import annotations

import difflib
import math
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np
import sympy
from geomill.dsl import parse
from geomill.engine.catalogue import KINDS
from geomill.engine.model import QKind, Quantity, ShapeDecl, split_points
from geomill.engine.plane import ELEMENT_KINDS, Element, GeneralProblem, element_of, polygon_key
from geomill.engine.rules import Rule, chain, rules_for
from geomill.solvers.arith import chain as arith_chain
from geomill.solvers.arith import tree as arith_tree

Key = tuple  # a quantity's identity up to the elements a shape makes equal: (kind, canonical key)


def quantity_of(text: str) -> Quantity:
    """A record's element name as a Quantity: ``AD``, ``angle CBD``, ``area EFAD``, ``x``."""
    word, _, name = text.partition(" ")
    if not name:
        if text.islower():
            return Quantity.var(text)
        return Quantity.length(*split_points(text))
    kind = QKind(word)
    if kind is QKind.ANGLE:
        return Quantity.angle(*split_points(name))
    return Quantity.of_shape(kind, name)


@dataclass
class ProofStep:
    index: int  # 1-based, in the record's order
    output: Quantity
    value: float  # GeomVerse
    exact: float
    how: str
    kind: str | None
    shape: str | None
    rule: str | None
    inputs: list[tuple[Quantity, float]]
    chain: list[str]

    @property
    def name(self) -> str:
        return str(self.output)


@dataclass
class AnswerKey:
    record: dict
    shapes: dict[str, ShapeDecl]
    steps: list[ProofStep]
    givens: dict[Key, tuple[Quantity, float | None]]  # given facts (None: an expression in a variable)
    distractors: dict[Key, tuple[Quantity, float]]  # facts and elements of the shapes the proof does not use
    labels: dict[str, str] = field(default_factory=dict)  # individual label -> "FA", "angle ABC", "shape BDEFA"
    _alias: dict[Key, Key] = field(default_factory=dict)
    # a textbook problem's figure, measured on its numeric model: every element's exact value (``figure``)
    measured: dict[Key, float] | None = None
    points: frozenset[str] = frozenset()
    centres: frozenset[str] = frozenset()  # a textbook figure's circle centres ("arc OAB": from centre O)
    coords: dict[str, np.ndarray] = field(default_factory=dict)  # a textbook figure's points, where measured
    expressions: dict[Key, tuple[Quantity, object]] = field(default_factory=dict)  # givens in variables

    def expression_values(self) -> dict[Key, tuple[Quantity, float]]:
        """What each given in variables ("CB = 2x + 3") is, with the variables' values the proof finds."""
        env = {k[1][0]: v for k, v in (self.measured or {}).items() if k[0] is QKind.VARIABLE}  # the figure's
        env.update({s.output.name: s.exact for s in self.steps if s.output.kind is QKind.VARIABLE})
        out = {}
        for k, (q, expr) in self.expressions.items():
            subs = {sym: env[sym.name] for sym in expr.free_symbols if sym.name in env}
            if len(subs) == len(expr.free_symbols):
                try:
                    out[k] = (q, float(expr.subs(subs)))
                except (TypeError, ValueError):
                    continue
        return out

    # -- names ------------------------------------------------------------------------------------------
    def key(self, q: Quantity) -> Key:
        """One identity for every name of an element (AB = CD in a rectangle)."""
        k = (q.kind, q.key)
        return self._alias.get(k, k)

    def shape_named(self, name: str) -> str | None:
        """The problem's shape called ``name`` in any rotation or direction (``BCDA`` is ``ABCD``)."""
        if name in self.shapes:
            return name
        try:
            pts = split_points(name)
        except ValueError:
            return None
        if self.measured is not None:  # a textbook figure: any polygon of its points ("area of CDF")
            if len(pts) >= 3 and len(set(pts)) == len(pts) and set(pts) <= self.points:
                return "".join(polygon_key(pts))
            return None
        for shape, decl in self.shapes.items():
            own = tuple(decl.points) if "~" not in shape else ()
            if own and len(own) == len(pts) and _same_cycle(own, pts):
                return shape
        return None

    @cached_property
    def step_of(self) -> dict[Key, ProofStep]:
        return {self.key(s.output): s for s in self.steps}

    def expected(self, k: Key) -> tuple[float, float] | None:
        """(GeomVerse, exact) value of a proof quantity or a numeric given."""
        if k in self.step_of:
            s = self.step_of[k]
            return s.value, s.exact
        if k in self.givens and self.givens[k][1] is not None:
            v = self.givens[k][1]
            return v, v
        if k in self.constants:
            v = self.constants[k]
            return v, v
        return None

    @property
    def general(self) -> bool:
        """A textbook problem (no shape kinds): its elements are measured on its figure."""
        return self.measured is not None

    @cached_property
    def constants(self) -> dict[Key, float]:
        """The values shapes fix by themselves (the right angle of a rectangle)."""
        out: dict[Key, float] = {}
        for decl in self.shapes.values():
            kind = KINDS[decl.kind]
            for sym, qs in kind.bind(decl).items():
                if sym in kind.constants:
                    for q in qs:
                        out[self.key(q)] = float(kind.constants[sym])
        return out

    @cached_property
    def elements(self) -> dict[Key, float | None]:
        """Every element of every shape, with its value where the givens and the proof determine it
        (a rectangle's diagonal from its sides): a value stated off the proof's path may still be right."""
        if self.measured is not None:
            return dict(self.measured)
        out: dict[Key, float | None] = {}
        for decl in self.shapes.values():
            bound = KINDS[decl.kind].bind(decl)
            known: dict[str, float] = {}
            for sym, qs in bound.items():
                k = self.key(qs[0])
                exp = self.expected(k)
                if exp is not None:
                    known[sym] = exp[1]
            values = chain(decl.kind, known) or {}
            for sym, qs in bound.items():
                for q in qs:
                    out.setdefault(self.key(q), values.get(sym))
        return out

    def parts(self, k: Key) -> list[tuple[float, float]]:
        """(exact, GeomVerse) values of the pieces of a composite shape's area or perimeter: the terms of its
        catalogue formula (the rectangle's a · d and the semi-circle's π · d² / 8 of a rectangle minus a
        semi-circle), on the figure's values; none for a shape of one piece (whose area formula is no sum)."""
        if k not in self._parts:
            self._parts[k] = self._pieces(k)
        return self._parts[k]

    @cached_property
    def _parts(self) -> dict[Key, list[tuple[float, float]]]:
        return {}

    def _pieces(self, k: Key) -> list[tuple[float, float]]:
        if self.general or k[0] not in (QKind.AREA, QKind.PERIMETER) or len(k[1]) != 1 or k[1][0] not in self.shapes:
            return []
        shape = k[1][0]
        kind = KINDS[self.shapes[shape].kind]
        target = next((sym for sym, el in kind.elements.items() if el.kind is k[0]), None)
        area = next((sym for sym, el in kind.elements.items() if el.kind is QKind.AREA), None)
        if not any(str(e.lhs) == area and isinstance(e.rhs, sympy.Add) for e in kind.equations):
            return []  # one piece: a rectangle's 2a + 2d are no pieces of it
        exact, paper = {}, {}
        for kk, sym in self.symbols_of(shape).items():
            exp = self.expected(kk)
            value = exp[1] if exp is not None else self.elements.get(kk)
            if value is not None:
                exact[sym], paper[sym] = value, exp[0] if exp is not None else round(value, 2)
        out = []
        for e in kind.equations:
            if target is None or str(e.lhs) != target or not isinstance(e.rhs, sympy.Add):
                continue
            for term in e.rhs.args:
                term = -term if term.could_extract_minus_sign() else term
                if term.is_Symbol or not {str(x) for x in term.free_symbols} <= set(exact):
                    continue
                try:
                    gv, _ = arith_chain(arith_tree(term), paper)
                    out.append((float(term.subs({x: exact[str(x)] for x in term.free_symbols})), float(gv)))
                except (ValueError, ZeroDivisionError, OverflowError, TypeError):
                    continue
        return out

    # -- rules -------------------------------------------------------------------------------------------
    def symbols_of(self, shape: str) -> dict[Key, str]:
        """Quantity identity -> the kind's element symbol, for one shape of the problem."""
        decl = self.shapes[shape]
        return {self.key(q): sym for sym, qs in KINDS[decl.kind].bind(decl).items() for q in qs}

    def rule_of(self, step: ProofStep) -> Rule | None:
        """The catalogue rule a ``rule`` step applied (found from its name, output and inputs)."""
        if step.how != "rule" or step.shape not in self.shapes:
            return None
        syms = self.symbols_of(step.shape)
        out = syms.get(self.key(step.output))
        ins = {syms.get(self.key(q)) for q, _ in step.inputs}
        for r in rules_for(step.kind):
            if r.output == out and set(r.inputs) == ins and r.name == step.rule:
                return r
        return None


def _same_cycle(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    n = len(a)
    rev = tuple(reversed(a))
    return any(b == a[i:] + a[:i] or b == rev[i:] + rev[:i] for i in range(n))


def build_key(record: dict) -> AnswerKey:
    """The answer key of a generated record (or of ``geomill solve --json`` output with a ``dsl``)."""
    problem = parse(record["dsl"])
    if isinstance(problem, GeneralProblem):
        return _general_key(record, problem)
    shapes = {d.name: d for d in problem.shapes}
    alias: dict[Key, Key] = {}

    def find(k: Key) -> Key:
        while alias.get(k, k) != k:
            k = alias[k]
        return k

    for decl in problem.shapes:
        for qs in KINDS[decl.kind].bind(decl).values():
            first = find((qs[0].kind, qs[0].key))
            for q in qs[1:]:
                other = find((q.kind, q.key))
                if other != first:
                    alias[other] = first
    flat = {k: find(k) for k in list(alias)}
    key = AnswerKey(record, shapes, _steps(record), {}, {}, _alias=flat)
    for f in problem.facts:
        val = float(f.value) if not f.value.free_symbols else None
        key.givens[key.key(f.quantity)] = (f.quantity, val)
        if val is None:
            key.expressions[key.key(f.quantity)] = (f.quantity, f.value)
    _distractors(key, record)
    individual, coordinate = record.get("solution"), record.get("solution_text_only")
    if individual and coordinate and individual != coordinate:
        key.labels = individual_labels(individual, coordinate)
    return key


def _steps(record: dict, name=quantity_of) -> list[ProofStep]:
    return [ProofStep(i, name(s["output"]), float(s["value"]), float(s["exact"]), s["how"], s.get("kind"),
                      s.get("shape"), s.get("rule"), [(name(n), float(v)) for n, v in s["inputs"]],
                      list(s.get("chain") or []))
            for i, s in enumerate(record.get("steps") or [], 1)]


def figure_quantity(text: str) -> Quantity:
    """A textbook record's element name as the grader keys it: ``AB``, ``angle ABC``, ``x``, ``area ABDC``
    (any rotation), ``arc OEA`` and ``sector area KJL`` (the arc between E and A, J and L); anything
    else (``CD/BD``, ``circumference O``) as an opaque name of its own."""
    from geomill.engine.plane import ELEMENT_WORDS

    words = text.split()
    for kwords, kind in ELEMENT_WORDS:
        if tuple(words[:len(kwords)]) != kwords or len(words) != len(kwords) + 1:
            continue
        try:
            pts = split_points(words[-1])
        except ValueError:
            break
        if kind.key in ("area", "perimeter") and len(pts) >= 3:
            return Quantity.of_shape(_SHAPE_KINDS[kind.key], "".join(polygon_key(pts)))
        if kind.key in _SHAPE_KINDS and len(pts) == 3:
            return Quantity.of_shape(_SHAPE_KINDS[kind.key], ("L" if kind.key == "arc_length" else "")
                                     + "".join(sorted(pts[1:])))
        break
    if len(words) == 1 or (words[0] == "angle" and len(words) == 2):
        try:
            return quantity_of(text)
        except ValueError:
            pass
    return Quantity.var(text)


def _general_key(record: dict, problem: GeneralProblem) -> AnswerKey:
    """The key of a general problem's record (``generate.textbook``): its proof steps, and as givens
    the facts that give one length, angle or variable (no shape kinds, so no aliases)."""
    key = AnswerKey(record, {}, _steps(record, figure_quantity), {}, {})
    _measure_figure(key, problem)  # first: it says which names are one angle
    for f in problem.facts:  # "BD = x": the question's unknown is that element, under either name
        if f.lhs.is_Symbol and f.rhs.is_Symbol and (el := element_of(f.lhs)) is not None \
                and element_of(f.rhs) is None and el.kind.key in ("length", "angle"):
            q = Quantity.length(*el.points) if el.kind.key == "length" else Quantity.angle(*el.points)
            key._alias.setdefault((QKind.VARIABLE, (f.rhs.name,)), key.key(q))
    query = _query_step(record, problem, len(key.steps) + 1)
    for s in [*key.steps, *([query] if query else [])]:  # an arc of more than 180° ("arc OEA" the long way)
        if s.output.kind is QKind.ARC and len(s.output.name) == 2 and s.exact > 180.0 + 1e-9:  # not an arc length
            s.output = Quantity.of_shape(QKind.ARC, MAJOR + s.output.name)
    if query is not None and (not key.steps or key.key(key.steps[-1].output) != key.key(query.output)):
        key.steps.append(query)  # the proof's steps stop short of what the question asks (an area, an arc)
    for f in problem.facts:
        if not f.lhs.is_Symbol:
            continue
        el = element_of(f.lhs)
        if el is None:
            q = Quantity.var(f.lhs.name)
        elif el.kind.key in ("length", "angle"):
            q = Quantity.length(*el.points) if el.kind.key == "length" else Quantity.angle(*el.points)
        else:  # "perimeter RSTU = 18", "radius O = 2": a measure of a figure, keyed as the text names it
            q = figure_quantity(el.text)
        key.givens[key.key(q)] = (q, None if f.rhs.free_symbols else float(f.rhs))
        if f.rhs.free_symbols:
            key.expressions[key.key(q)] = (q, f.rhs)  # "BC = 4x - 8": its value is the figure's x put in
    return key


def _model(record: dict, problem: GeneralProblem) -> tuple[dict, dict, dict] | None:
    """(coordinates, radii, variables) of the problem's figure: the record's own ``figure_model``
    (written by ``generate.textbook``), else the numeric model built again; None where none can be."""
    stored = record.get("figure_model")
    if isinstance(stored, dict) and isinstance(stored.get("points"), dict):
        try:
            coords = {str(p): np.array([float(x), float(y)]) for p, (x, y) in stored["points"].items()}
            radii = {str(o): float(r) for o, r in (stored.get("radii") or {}).items()}
            variables = {str(v): float(x) for v, x in (stored.get("variables") or {}).items()}
            if all(np.all(np.isfinite(c)) for c in coords.values()) and \
                    all(math.isfinite(v) for v in [*radii.values(), *variables.values()]):
                return coords, radii, variables
        except (TypeError, ValueError, AttributeError):
            pass  # a damaged figure_model: the figure is measured again
    from geomill.engine.errors import SolveError
    from geomill.solvers.numeric import build_model

    try:
        model = build_model(problem, check_goal=False)
    except (SolveError, ArithmeticError, ValueError):  # no figure: the proof's values only
        return None
    return model.coords, model.radii, model.variables


_SHAPE_KINDS = {"area": QKind.AREA, "perimeter": QKind.PERIMETER, "sector_area": QKind.AREA,
                "sector_perimeter": QKind.PERIMETER, "arc": QKind.ARC, "arc_length": QKind.ARC}  # by element kind


MAJOR = "major "  # the name of a major arc's key: "arc major AC"


def _query_step(record: dict, problem: GeneralProblem, index: int) -> ProofStep | None:
    """What the question asks, as the last step the answer states (the record's answer and exact
    value): None where it asks for an expression of several elements."""
    goal = problem.goal.expr if problem.goal is not None else None
    if goal is None or not goal.is_Symbol or "exact" not in record:
        return None
    el = element_of(goal)
    q = Quantity.var(goal.name) if el is None else figure_quantity(el.text)
    return ProofStep(index, q, float(record["answer"]), float(record["exact"]), "query", None, None, None, [], [])


def _measure_figure(key: AnswerKey, problem: GeneralProblem) -> None:
    """Every length, angle, triangle and polygon (area and perimeter) and arc of the problem's figure,
    measured on its numeric model: a value a response states for any of them can be checked, in the
    proof or not.  Names of one angle along the same rays (ABC and ABD with D on ray BC) become one key."""
    from geomill.engine import plane_geometry as pg

    model = _model(key.record, problem)
    if model is None:
        return
    coords, radii, variables = model
    pts = sorted(coords)
    size = max((float(np.max(np.ptp(np.array(list(coords.values())), axis=0))) if len(coords) > 1 else 1.0), 1e-12)
    out: dict[Key, float] = {}
    rays: dict[tuple[str, str], str] = {}  # (vertex, point) -> the ray's first point, alphabetically
    for v in pts:
        groups: list[list[str]] = []
        for p in pts:
            if p == v or pg.dist(coords[p], coords[v]) < 1e-9 * size:
                continue
            for g in groups:
                if pg.angle(coords[p], coords[v], coords[g[0]]) < 1e-6:
                    g.append(p)
                    break
            else:
                groups.append([p])
        for g in groups:
            for p in g:
                rays[(v, p)] = min(g)
    for i, a in enumerate(pts):
        for b in pts[i + 1:]:
            out[(QKind.LENGTH, (a, b))] = pg.dist(coords[a], coords[b])
    for v in pts:
        for a in pts:
            for b in pts:
                if len({a, v, b}) < 3 or a > b or (v, a) not in rays or (v, b) not in rays:
                    continue
                q = Quantity.angle(a, v, b)
                ra, rb = sorted((rays[(v, a)], rays[(v, b)]))
                canon = (QKind.ANGLE, (ra, v, rb))
                if canon != (q.kind, q.key):
                    key._alias[(q.kind, q.key)] = canon
                out[canon] = pg.angle(coords[ra], coords[v], coords[rb])
    polygons = {polygon_key(tuple(p.points)) for p in problem.polygons}
    polygons |= {(a, b, c) for i, a in enumerate(pts) for j, b in enumerate(pts[i + 1:], i + 1) for c in pts[j + 1:]}
    for poly in polygons:
        area = pg.measure(Element(ELEMENT_KINDS["area"], poly), coords)
        if area > 1e-6 * size * size:
            name = "".join(poly)
            out[(QKind.AREA, (name,))] = area
            out[(QKind.PERIMETER, (name,))] = pg.measure(Element(ELEMENT_KINDS["perimeter"], poly), coords)
    for c in problem.circles:
        on = [p for p in pts if p != c.centre and c.centre in coords and c.centre in radii
              and abs(pg.dist(coords[p], coords[c.centre]) - radii[c.centre]) < 1e-6 * size]
        for a in on:
            for b in on:
                if a < b:  # "arc AB": the minor arc, in degrees; "major arc AB" the rest of the circle
                    out[(QKind.ARC, (a + b,))] = min(pg.angle(coords[a], coords[c.centre], coords[b]), 180.0)
                    out[(QKind.ARC, (MAJOR + a + b,))] = 360.0 - out[(QKind.ARC, (a + b,))]
    for o, r in radii.items():  # a circle's own measures, named as the records name them ("circle area O")
        for name, value in (("radius", r), ("diameter", 2 * r), ("circumference", 2 * math.pi * r),
                            ("circle area", math.pi * r * r)):
            out[(QKind.VARIABLE, (f"{name} {o}",))] = value
    for v in key.record.get("variables") or []:
        if v in variables:
            out[(QKind.VARIABLE, (v,))] = float(variables[v])
    key.measured = out
    key.points = frozenset(pts)
    key.coords = dict(coords)
    key.centres = frozenset(c.centre for c in problem.circles)


def _distractors(key: AnswerKey, record: dict) -> None:
    """Distractor facts, and what the distractor shapes' own facts give (the hidden values of §4.3)."""
    facts = (record.get("distractors") or {}).get("facts") or []
    for name in facts:
        k = key.key(quantity_of(name))
        if k in key.givens and key.givens[k][1] is not None:
            key.distractors[k] = key.givens[k]
    for shape in (record.get("distractors") or {}).get("shapes") or []:
        if shape not in key.shapes:
            continue
        decl = key.shapes[shape]
        bound = KINDS[decl.kind].bind(decl)
        known, own = {}, set()
        for sym, qs in bound.items():
            for q in qs:
                g = key.givens.get(key.key(q))
                if g and g[1] is not None:
                    known[sym] = g[1]
                    if key.key(q) in key.distractors:
                        own.add(sym)
        # only what the distractor facts make known: the rest follows from the proof's own values
        plain = chain(decl.kind, {s: v for s, v in known.items() if s not in own}) or {}
        for sym, v in (chain(decl.kind, known) or {}).items():
            k = key.key(bound[sym][0])
            if sym not in plain and k not in key.step_of and k not in key.givens and math.isfinite(v):
                key.distractors[k] = (bound[sym][0], v)


_SHAPE_WORDS = {w for k in KINDS.values() for w in k.title.split()} | {"shape"}


def individual_labels(individual: str, coordinate: str) -> dict[str, str]:
    """Label -> typed coordinate name, read off two renderings of one solution: ``the a side`` /
    ``the FA side`` gives ``a -> FA``, ``the α angle`` gives ``α -> angle ABC``, ``the cyan shape``
    gives ``cyan -> shape BDEFA``."""
    a, b = individual.split(), coordinate.split()
    out: dict[str, str] = {}
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if op != "replace" or i2 - i1 != j2 - j1:
            continue
        for j, (x, y) in enumerate(zip(a[i1:i2], b[j1:j2]), j1):
            x, y = x.strip(",."), y.strip(",.")
            if not x or not y or x == y:
                continue
            noun = next((w for w in b[j + 1:j + 8] if w.startswith(("side", "angle")) or w.strip(",.") in
                         _SHAPE_WORDS), "")
            if noun.startswith("angle"):
                out.setdefault(x, f"angle {y}")
            elif noun.startswith("side"):
                out.setdefault(x, y)
            else:
                out.setdefault(x, f"shape {y}")
    return out
