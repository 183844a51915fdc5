"""The linter for general solutions: what a teacher checks in a proof of ``solvers.plane``, checked
on the proof's typed steps (never on its prose, never by evaluating text).

* ``equation``: every step's equations, combined with the step's own multipliers and with the
  values found before put in, give exactly the value the step concludes (sympy); an equation
  solved for its one unknown holds exactly at the value shown; one the cited relations made
  linear (its ``row``) is that row times factors of known sign.  A goal read as a whole from several
  equations rests besides on relations the steps it needs concluded (the three arcs' sum 180): put in too.
* ``numeric``: every equation shown, and every value concluded, holds on the numeric model
  (floats, relative to the largest term measured): the figure agrees with each line of the
  proof, not only with its answer.  An approximate figure is judged at the agreement its givens'
  misfit implies (:func:`_tolerance`).
* ``uses``: every value a step puts in was concluded by an earlier step (a given is restated as
  one); no step cites a later one.
* ``goal``: the goal, with the proof's values put in, is the answer, and the figure measures it.
* ``claim``: every relation a sentence states ("PD is tangent to circle O at D", "ABCD is a right
  trapezoid …, right angles at A and B") names only points its relation binds, and holds there on
  the numeric model: the block's coordinate conditions, its points on its circle, its equations
  (:func:`claim_findings`).
* ``sentence``: no sentence of the written proof sets an angle equal to a trigonometric value
  (``angle BOX = sin(angle BOW)``) (:func:`sentence_findings`); every segment a sentence uses that the figure
  does not draw is joined before it (:func:`join_findings`).
* ``depth`` / ``width``: recomputed from the steps' own dependencies, they agree with the solution's.

Findings are :class:`solvers.lint.Finding`, the type GeomVerse lint reports."""
from __future__ import annotations

import math
import re
from fractions import Fraction

import sympy
from geomill.engine.geometry import angle_at
from geomill.engine.plane import Degrees, element_of, element_symbol

from .lint import Finding
from .plane.deduce import agreement
from .plane.theorems import ratio_premise_lengths

__all__ = ["lint_general", "lint_proof", "claim_findings", "inscribed_findings", "right_triangle_findings",
           "sentence_findings", "run_on", "Finding"]

NUMERIC_TOL = 1e-3  # relative: a model meets its facts to 1e-5, a derived value to ten times that (deduce.AGREE)


def _radians(e: sympy.Expr) -> sympy.Expr:
    return e.replace(lambda x: isinstance(x, Degrees), lambda x: x.rewrite_radians())


def _zero(e: sympy.Expr) -> bool:
    """Is ``e`` exactly zero?  Expanded first (cheap); a constant is decided by its value to 50 digits (sympy's
    simplify can take minutes on a nested trigonometric constant, either way); else simplified."""
    e = _radians(sympy.sympify(e, strict=True))
    if sympy.expand(e) == 0:
        return True
    if not e.free_symbols:
        try:
            return abs(complex(e.evalf(50))) < 1e-40
        except (TypeError, ValueError, ZeroDivisionError):
            pass
    try:
        return sympy.simplify(e) == 0 or e.equals(0) is True  # equals: sympy's proof that a constant is 0
    except (TypeError, ValueError, RecursionError):
        return False


def _num(c) -> sympy.Expr:
    return sympy.Rational(c.numerator, c.denominator) if isinstance(c, Fraction) else sympy.sympify(c, strict=True)


def _expr(target: dict) -> sympy.Expr:
    return sympy.Add(*(_num(c) * k for k, c in target.items()))


def _close(a: float, b: float, size: float = 0.0, tol: float = NUMERIC_TOL) -> bool:
    """Do two measures agree, relative to them (and to ``size``, the terms they were measured from)?"""
    return math.isfinite(a) and math.isfinite(b) and abs(a - b) <= tol * max(1.0, abs(a), abs(b), size)


def _tolerance(model) -> tuple[float, str]:
    """How closely the figure must agree with a line of the proof, and what a finding adds about a figure
    whose givens disagree.  An exact figure meets its facts: NUMERIC_TOL.  An approximate (or near) one
    misses its givens by ``model.misfit`` (FormalGeo's rounded values), and every value the proof derives
    from them may be off by a multiple of that: it is judged at the agreement the solver checked the proof
    at (``deduce.agreement``: three times the misfit, and at least what rounding a given moves a value by),
    so a line the figure misses by more than its givens explain is still a finding."""
    if not getattr(model, "misfit", 0.0):
        return NUMERIC_TOL, ""
    kind = "a near figure" if getattr(model, "near", False) else "an approximate figure"
    tol = max(NUMERIC_TOL, agreement(model))
    return tol, f" (on {kind}, whose givens it misses by up to {100 * model.misfit:.2g} %: judged to {100 * tol:.2g} %)"


def _size(e: sympy.Expr, model) -> float:
    """The largest term of ``e`` on the figure: what a relation's measure errs relative to (``AC − 3·DE``
    measures nearly 0, with an error relative to AC ≈ 50, the error each of its elements may have)."""
    sizes = [abs(model.value(t)) for t in sympy.Add.make_args(sympy.expand(e)) if t.free_symbols]
    return max((x for x in sizes if math.isfinite(x)), default=0.0)


def _show(e: sympy.Expr) -> str:
    from .plane.proof import show

    return show(e)


def _cited(step) -> list[tuple[sympy.Expr, sympy.Expr]]:
    """The (element, value) pairs a step restates from earlier steps (newer proofs list them)."""
    return list(getattr(step, "values", None) or [])


def lint_proof(proof, model=None, answer: sympy.Expr | None = None,
               depth: int | None = None, width: int | None = None) -> list[Finding]:
    """Every check on a :class:`solvers.plane.proof.Proof`; ``model`` (a NumericModel) adds the
    numeric checks, ``answer``, ``depth`` and ``width`` (the solution's) are compared when given."""
    out: list[Finding] = []
    known: dict[sympy.Symbol, sympy.Expr] = {}  # single elements (or variables) found so far
    found: list[sympy.Expr] = []  # each step's target, by index
    level: list[int] = []

    def established(e: sympy.Expr, before: int) -> int | None:
        for j in range(before - 1, -1, -1):
            if sympy.expand(found[j] - e) == 0:
                return j
        return None

    for i, st in enumerate(proof.steps):
        where = f"step {i + 1} ({_show(st.target)} = {st.value})"
        deps: set[int] = set()
        for j in st.needs:
            if not 0 <= j < i:
                out.append(Finding("uses", f"{where} cites step {j + 1}, not an earlier one"))
        for s, _ in st.equations:  # (with the facts an SAS step's ratio premise rests on)
            for u in [*s.uses, *(getattr(proof, "ratio_sources", None) or {}).get(id(s), ((), ()))[1]]:
                e = _expr(u)
                j = established(e, i)
                if j is None:
                    out.append(Finding("uses", f"{where} puts in {_show(e)}, which no earlier step gives"))
                else:
                    deps.add(j)
            # an SAS similarity's ratio premise (PS/QV = ST/VW) is shown with its sides' values: they are
            # what the criterion stands on, found before or not (Proof.depth counts them alike)
            deps.update(j for x in ratio_premise_lengths(s) if (j := established(x, i)) is not None)
        for el, v in _cited(st):
            j = established(el, i)
            if j is None or not _zero(proof.steps[j].value - v):
                out.append(Finding("uses", f"{where} restates {_show(el)} = {v}, which no earlier step gives"))
            else:
                deps.add(j)
        out += _check_step(st, where, known, _relations(st, proof, established, i), _needed_relations(st, proof))
        deps.update(_needed_used(st, proof))
        if model is not None:
            out += _check_numeric(st, where, model)
        # a given restated, or a value put into a given expression, is no theorem step (Proof.depth)
        given_only = all(s.instance.family.key == "given" for s, _ in st.equations)
        level.append((0 if given_only else 1) + max((level[j] for j in deps), default=0))
        found.append(st.target)
        if st.target.is_Symbol:
            known[st.target] = st.value
    out += _check_goal(proof, known, model, answer)
    if depth is not None and depth != max(level, default=0):
        out.append(Finding("depth", f"the solution says depth {depth}; its steps' dependencies give "
                                    f"{max(level, default=0)}"))
    own_width = max((len(st.equations) + len(_cited(st)) for st in proof.steps), default=0)
    if width is not None and width not in (own_width, max((len(st.equations) for st in proof.steps), default=0)):
        out.append(Finding("width", f"the solution says width {width}; its widest step combines {own_width} facts"))
    return out


def _row(s) -> sympy.Expr:
    """The equation a step contributes to the linear table: ``s − v`` for one solved for ``s``,
    the linear ``row`` the relations it cites made of it (checked by :func:`_gives`), else its own
    ``lhs − rhs``."""
    if getattr(s, "solved", None) is not None and s.value is not None:
        return s.solved - s.value
    if getattr(s, "row", None) is not None:
        return s.row
    return s.lhs - s.rhs


def _relations(st, proof, established, i: int) -> dict[sympy.Symbol, sympy.Expr]:
    """The relations between several elements that the step's equations put in (``CO = 3·EO``,
    each concluded by an earlier step), solved: what turns ``BC·EO = CO·DE`` into ``BC = 3·DE``."""
    cited = ((e, established(e, i)) for s, _ in st.equations for e in map(_expr, s.uses))
    return _solved(e - proof.steps[j].value for e, j in cited if j is not None)


def _needed_relations(st, proof) -> dict[sympy.Symbol, sympy.Expr]:
    """The relations between several elements that the steps a step needs concluded, solved: what a goal
    read as a whole from several equations (the deduction's combined goal) rests on besides single values
    (radius O = CO; the three arcs' sum 180), where its equations cite none of them."""
    return _solved(proof.steps[j].target - proof.steps[j].value for j in st.needs if 0 <= j < len(proof.steps))


def _needed_used(st, proof) -> set[int]:
    """The steps a step needs whose conclusion is about the elements of its equations or its target (a value
    or a relation put in): its dependencies where its equations' ``uses`` do not list them."""
    own = st.target.free_symbols.union(*((s.lhs - s.rhs).free_symbols for s, _ in st.equations))
    return {j for j in st.needs if 0 <= j < len(proof.steps) and proof.steps[j].target.free_symbols & own}


def _concluded_relations(proof, wanted: set) -> dict[sympy.Symbol, sympy.Expr]:
    """The linear relations the steps concluded (``MR − 3·PT = 0``), solved for the ``wanted``
    symbols: what a ratio goal is read from."""
    return _solved((st.target - st.value for st in proof.steps), wanted)


def _solved(relations, wanted: set | None = None) -> dict[sympy.Symbol, sympy.Expr]:
    """Relations (each equal to zero) between two or more elements (a single element's value is put in
    elsewhere), taken in order, each solved for its first symbol in name order (of ``wanted``, when
    given) that it holds linearly once the earlier ones are put in; the earlier solutions are kept in
    terms of the symbols left, so one substitution puts them all in."""
    subs: dict[sympy.Symbol, sympy.Expr] = {}
    for rel in relations:
        if len(rel.free_symbols) < 2:
            continue
        rel = rel.xreplace(subs)
        free = rel.free_symbols
        for x in sorted(free if wanted is None else free & wanted, key=lambda x: x.name):
            d = rel.diff(x)
            if d.is_number and d != 0:
                roots = sympy.solve(rel, x, rational=True)
                if not roots:  # (the earlier relations put in leave a contradiction: 0 = 7)
                    break
                value = roots[0]
                subs = {k: v.xreplace({x: value}) for k, v in subs.items()}
                subs[x] = value
                break
    return subs


def _positive_multiple(ratio: sympy.Expr) -> bool:
    """Is ``ratio`` a nonzero number times factors of known sign (powers of lengths and areas, which
    are positive; sums of such terms, ``JM/ST + √690/5``)?  An equation that is such a multiple of a
    conclusion proves it (the deduction divides those out, or takes the positive root)."""
    if ratio == 0 or ratio.has(sympy.zoo, sympy.nan, sympy.oo):
        return False
    coeff, rest = ratio.as_independent(*ratio.free_symbols, as_Add=False)
    if not coeff.is_number or coeff == 0:
        return False
    return all(f.is_positive is True or f.is_negative is True for f in sympy.Mul.make_args(rest))


def _check_step(st, where: str, known: dict, relations: dict | None = None,
                needed: dict | None = None) -> list[Finding]:
    """The step's equations give its conclusion (see the module's ``equation``); where they do not with the
    relations its equations cite, with the relations the steps it needs concluded (``needed``) instead."""
    out = _check_step_with(st, where, known, relations)
    if out and needed:
        again = _check_step_with(st, where, known, {**(relations or {}), **needed})
        if len(again) < len(out):
            return again
    return out


def _check_step_with(st, where: str, known: dict, relations: dict | None = None) -> list[Finding]:
    out = []
    own = dict(known)
    for el, v in _cited(st):
        if el.is_Symbol:
            own[el] = v
    at = {**own, **({st.target: st.value} if st.target.is_Symbol else {})}
    for s, _ in st.equations:  # an equation solved for its unknown holds at the value found
        if getattr(s, "solved", None) is not None and s.value is not None:
            e = (s.lhs - s.rhs).xreplace({**at, s.solved: s.value})
            if not e.free_symbols and not _zero(e):
                out.append(Finding("equation", f"{where}: {_show(s.lhs)} = {_show(s.rhs)} does not hold at "
                                               f"{_show(s.solved)} = {s.value}"))
    for s, _ in st.equations:  # an equation made linear by the relations it cites gives its row
        if getattr(s, "row", None) is not None and not _gives(s.lhs - s.rhs, s.row, own, relations or {}):
            out.append(Finding("equation", f"{where}: {_show(s.lhs)} = {_show(s.rhs)} does not give "
                                           f"{_show(s.row)} = 0 with the values and relations it cites"))
    combined = sum((_num(m) * _row(s) for s, m in st.equations), sympy.Integer(0))
    residue = (combined - (st.target - st.value)).xreplace(own)
    if not _zero(residue) and not _follows(combined, st, own, relations or {}):
        shown = ", ".join(f"{_show(s.lhs)} = {_show(s.rhs)}" for s, _ in st.equations)
        out.append(Finding("equation", f"{where} does not follow from {shown} with the values found before "
                                       f"(left over: {_show(residue)} = 0)"))
    return out


def _follows(combined: sympy.Expr, st, own: dict, relations: dict) -> bool:
    """Does the step's conclusion follow from its combined equation once values and relations are
    put in: the equation is the conclusion times a nonzero number and factors of known sign
    (``BC·EO − 3·EO·DE = EO·(BC − 3·DE)``), or, for a positive quantity, so is the conclusion's
    square (``JM/ST = √690/5`` from ``ST²·area JKLM = JM²·area QRST``)?"""
    a = _put(combined, own, relations)
    if not a.free_symbols:
        return False
    value = sympy.sympify(st.value, strict=True)
    conclusions = [st.target - value] + ([st.target ** 2 - value ** 2]
                                         if st.target.is_positive and value.is_positive else [])
    return any(_multiple(a, _put(b, own, relations)) for b in conclusions)


def _gives(equation: sympy.Expr, row: sympy.Expr, own: dict, relations: dict) -> bool:
    """Is ``row = 0`` what ``equation = 0`` says once the values and cited relations are put in in
    both: the same, or a nonzero number and factors of known sign times it (``BE·DE − AE·EF``
    with ``BE = 3·EF`` is ``EF·(3·DE − AE)``: a length divided out)?"""
    a, b = _put(equation, own, relations), _put(row, own, relations)
    return _zero(a - b) or _multiple(a, b)


def _put(e: sympy.Expr, own: dict, relations: dict) -> sympy.Expr:
    """``e`` with the step's values, then its cited relations, put in."""
    return e.xreplace(own).xreplace(relations)


def _multiple(a: sympy.Expr, b: sympy.Expr) -> bool:
    """Is ``a`` a nonzero number and factors of known sign times ``b`` (so ``a = 0`` says ``b = 0``)?"""
    return b != 0 and _positive_multiple(sympy.cancel(sympy.expand(a) / sympy.expand(b)))


def _check_numeric(st, where: str, model) -> list[Finding]:
    out = []
    tol, said = _tolerance(model)
    for s, _ in st.equations:
        a, b = model.value(s.lhs), model.value(s.rhs)
        if not _close(a, b, _size(s.lhs - s.rhs, model), tol):
            out.append(Finding("numeric", f"{where}: {_show(s.lhs)} = {_show(s.rhs)} measures {a:.6g} = {b:.6g} "
                                          f"on the figure{said}"))
    a, b = model.value(st.target), float(_radians(st.value))
    if not _close(a, b, _size(st.target, model), tol):
        out.append(Finding("numeric", f"{where}: the figure measures {_show(st.target)} = {a:.6g}, not {b:.6g}"
                                      f"{said}"))
    return out


def _check_goal(proof, known: dict, model, answer) -> list[Finding]:
    out = []
    if not proof.steps:
        return [Finding("goal", "the proof has no step")]
    last = proof.steps[-1]
    got = proof.goal.xreplace(known)
    if sympy.expand(last.target - proof.goal) == 0:
        got = last.value
    elif got.free_symbols:  # a ratio goal: the relations the steps concluded (MR = 3·PT) put in
        got = sympy.cancel(got.xreplace(_concluded_relations(proof, got.free_symbols)))
    if got.free_symbols:
        out.append(Finding("goal", f"the steps leave {_show(got)} unknown: no step gives the goal {_show(proof.goal)}"))
    elif not _zero(got - proof.value):
        out.append(Finding("goal", f"the steps give {_show(proof.goal)} = {got}, the proof says {proof.value}"))
    if answer is not None and not _zero(answer - proof.value):
        out.append(Finding("goal", f"the answer {answer} is not the proof's value {proof.value}"))
    if model is not None:
        measured = model.value(proof.goal)
        tol, said = _tolerance(model)
        if not _close(measured, float(_radians(proof.value)), tol=tol):
            out.append(Finding("goal", f"the figure measures {_show(proof.goal)} = {measured:.6g}, "
                                       f"not {float(_radians(proof.value)):.6g}{said}"))
    return out


def claim_findings(proof, model) -> list[Finding]:
    """The relations the proof's sentences state, checked as claims about the figure: each point a
    sentence names is one its relation binds (a template letter printed as itself would name some
    other point, or none), and the relation holds there on the model."""
    import re

    from geomill.engine.relations import BLOCKS_BY_KEY, declared_polygons

    problem = getattr(model, "problem", None)
    if problem is None:
        return []
    out: list[Finding] = _arc_claims(proof, model)
    cited = {s.instance.names[0] for st in proof.steps for s, _ in st.equations
             if s.instance.family.key == "relation" and s.instance.names}
    for rel in problem.relations:
        block = BLOCKS_BY_KEY[rel.key]
        sentence = block.state(rel.args, declared_polygons(problem))
        if sentence not in cited:
            continue
        names = block.bind(rel.args) or {}
        for ph in re.findall(r"\{([A-Z]+)\}", block.sentence):
            if ph in block.placeholders:
                continue
            if any(c not in names for c in ph):
                out.append(Finding("claim", f"'{sentence}' names {ph}, a point the relation does not bind"))
            elif not re.search(rf"\b{''.join(names[c] for c in ph)}\b", sentence):
                out.append(Finding("claim", f"'{sentence}' does not name {''.join(names[c] for c in ph)}, the "
                                            f"point its relation puts at {ph}"))
        at = model.coords
        for r in block.residuals(rel.args, at) if names else ():
            if abs(r) > NUMERIC_TOL:
                out.append(Finding("claim", f"'{sentence}' does not hold on the figure (residual {r:.3g})"))
                break
        if block.circle and names.get(block.circle) in at:
            o = at[names[block.circle]]
            radius = model.radii.get(names[block.circle])
            for letter in block.on_circle:
                p = at.get(names.get(letter, ""))
                if radius is not None and p is not None and not _close(float(math.dist(o, p)), radius):
                    out.append(Finding("claim", f"'{sentence}': {names[letter]} is not on circle "
                                                f"{names[block.circle]} in the figure"))
        for lhs, rhs in block.instantiate(rel.args) if names else ():
            a, b = model.value(lhs), model.value(rhs)
            if not _close(a, b, _size(lhs - rhs, model)):
                out.append(Finding("claim", f"'{sentence}': {_show(lhs)} = {_show(rhs)} measures {a:.6g} = {b:.6g}"))
    return out


def _arc_claims(proof, model) -> list[Finding]:
    """Each arc a sentence names, read as a reader reads it: ``arc AB`` is the minor arc and ``major arc
    ACB`` the major one, through C.  A sentence that says ``half the arc AB`` of an angle whose equation
    holds the major arc states a value the figure contradicts (an angle of 60° for one of 120°)."""
    import re

    from .plane.proof import is_major
    from .plane.write import Namer, arc_sentence

    arcs = getattr(proof, "arcs", None) or {}
    out: list[Finding] = []
    for s, (text, _) in arcs.items():
        el = element_of(s)
        arc = s if el.kind.key == "arc" else element_symbol("arc", el.points)  # a sector's or arc length's arc
        measure = model.value(arc)
        if math.isfinite(measure) and ("major " in text) != is_major(measure):
            out.append(Finding("claim", f"'{text}' measures {measure:.4g}° on the figure"))
    seen = set()
    for st in proof.steps:
        for q, _ in st.equations:
            if q.instance.family.key == "given" or (q.instance.text, q.lhs, q.rhs) in seen:
                continue
            seen.add((q.instance.text, q.lhs, q.rhs))
            sentence = arc_sentence(q.instance.text, [q.lhs, q.rhs], arcs)
            for x in (q.lhs - q.rhs).free_symbols:
                el = element_of(x)
                if el is None or el.kind.key != "arc" or not model.value(x) > 180 + 1e-6:
                    continue
                _, a, b = el.points
                named = Namer(arcs=arcs).name(x)
                if named not in sentence and re.search(rf"(?<!major )\barc {a}{b}\b", sentence):
                    out.append(Finding("claim", f"'{sentence}' names the minor arc {a}{b} where its equation holds "
                                                f"{named} ({model.value(x):.4g}°)"))
    return out


def lint_general(sol) -> list[Finding]:
    """Every check on a :class:`solvers.plane.GeneralSolution` (its proof, model, answer, depth, width,
    the relations its sentences state, and the sentences themselves)."""
    lines = sol.proof.written().lines
    return (lint_proof(sol.proof, sol.model, sol.exact_value, sol.depth, sol.width)
            + claim_findings(sol.proof, sol.model) + radius_findings(lines, sol.model) + sentence_findings(lines)
            + inscribed_findings(lines, sol.model) + right_triangle_findings(lines, sol.model)
            + join_findings(lines, sol.proof))


def join_findings(lines: list[str], proof) -> list[Finding]:
    """Each segment a sentence uses that the figure does not draw and no Join sentence before it joined ("Join OC."
    where the argument also uses OB: blind teacher 36); nothing where the proof does not know its figure."""
    from .plane.joins import unjoined

    drawn = getattr(proof, "drawn", None)
    if drawn is None:
        return []
    points = getattr(proof, "points", ()) or {p for x in drawn for p in x}
    return [Finding("sentence", f"'{sentence}' uses {seg}, which the figure does not draw, before any 'Join {seg}.'")
            for sentence, seg in unjoined(lines, drawn, points)]


_RIGHT_NAMED = re.compile(r"\bright triangles? ([A-Z]{3})\b(?: and ([A-Z]{3})\b)?")
# what makes a right angle without saying "90°": the circle's and the shapes' own right angles
_RIGHT_WORDS = ("semicircle", "diameter", "tangent", "altitude", "height", "rectangle", "square", "right angle")
_RIGHT_KEYS = {"perpendicular", "perpendicular_lines", "altitude", "altitude_quadrilateral", "tangent", "diameter",
               "rectangle", "square", "right_trapezoid", "perpendicular_bisector", "orthocentre"}


def right_triangle_findings(lines: list[str], model) -> list[Finding]:
    """Each triangle a sentence calls right, checked on the figure (a right angle at one of its vertices) and in
    the text: its right angle said by then (``angle BCD = 90°``, a perpendicular at its vertex, the given right
    triangle itself, a shape or circle that makes it) where it is first named so (teacher 34's gen 9: "By
    Pythagoras in the right triangle BCD" of the right triangle ABC, D on CA, with no word of why)."""
    from .plane.write import sentences

    at, problem = model.coords, getattr(model, "problem", None)
    out, done, said = [], set(), []
    for sentence in sentences(lines):
        said.append(sentence)
        for t in (x for m in _RIGHT_NAMED.finditer(sentence) for x in m.groups() if x):
            if frozenset(t) in done or not set(t) <= at.keys():
                continue
            done.add(frozenset(t))
            v = next((c for i, c in enumerate(t) if abs(angle_at(at[t[i - 1]], at[c], at[t[(i + 1) % 3]]) - 90) < 1e-3), None)
            if v is None:
                out.append(Finding("claim", f"'{sentence}' calls {t} a right triangle, not right on the figure"))
            elif not _right_said(t, v, " ".join(said), problem):
                out.append(Finding("sentence", f"a right triangle named with no right angle said before it: "
                                               f"'{sentence}' ({t}, right at {v})"))
    return out


def _right_said(t: str, v: str, text: str, problem) -> bool:
    """Does ``text`` (the proof up to the sentence), or the question, give the triangle ``t`` its right angle at
    ``v``: an angle at v said 90°, a perpendicular through v, the question's right triangle on the same points, a
    shape, a circle or a given that makes it?"""
    if re.search(rf"\bangle [A-Z]{v}[A-Z] = (?:[^.;]*? = )?90°", text) or f"angle at {v}" in text:
        return True
    if any(v in m[1] + m[2] for m in re.finditer(r"\b([A-Z]{2}) is perpendicular to (?:the hypotenuse )?([A-Z]{2})\b",
                                                  text)):
        return True
    if any(w in text for w in _RIGHT_WORDS):
        return True
    for rel in getattr(problem, "relations", ()):
        pts = "".join("".join(a) if isinstance(a, (tuple, list)) else str(a) for a in rel.args)
        if rel.key in ("right_triangle", "isosceles_right_triangle") and set(pts) >= set(t) and v in pts:
            if set(rel.args[0]) == set(t):
                return True
        elif rel.key in _RIGHT_KEYS and v in pts:
            return True
    for f in getattr(problem, "facts", ()):
        el = element_of(f.lhs) if getattr(f.lhs, "is_Symbol", False) else None
        if el is not None and el.kind.key == "angle" and el.points[1] == v and f.rhs == 90:
            return True
    return False


# "the inscribed angle ACB stands on arc ADB", "… is obtuse, it stands on major arc BC": the angle and its arc
_STANDS_ON = re.compile(r"\binscribed angle ([A-Z])([A-Z])([A-Z])\b[^.;]*?\bstands on (major |minor )?arc ([A-Z]{2,3})\b")


def inscribed_findings(lines: list[str], model) -> list[Finding]:
    """Each arc a sentence says an inscribed angle stands on, checked on the figure: the arc away from the
    angle's vertex (``arc AB``, the minor arc, for an angle whose vertex lies on it stands on the major one)."""
    from .plane.write import sentences

    out = []
    at = model.coords
    for said in sentences(lines):
        for a, v, b, size, arc in _STANDS_ON.findall(said):
            ends = {arc[0], arc[-1]}
            circle = next((c for c in getattr(getattr(model, "problem", None), "circles", ())
                           if {a, v, b} <= set(c.points) and c.centre in at), None)
            if ends != {a, b} or circle is None or not {a, v, b, *arc} <= at.keys():
                continue
            o = at[circle.centre]

            def turn(p: str, q: str) -> float:  # counterclockwise from p to q round the centre, in (0, 360)
                d = math.degrees(math.atan2(at[q][1] - o[1], at[q][0] - o[0])
                                 - math.atan2(at[p][1] - o[1], at[p][0] - o[0]))
                return d % 360

            x, y = arc[0], arc[-1]
            if len(arc) == 3:  # through its middle point: counterclockwise from x when that point comes before y
                ccw = turn(x, arc[1]) < turn(x, y)
            else:  # by its ends: the minor arc, or the major one
                ccw = (turn(x, y) < 180) != (size == "major ")
            sweep = turn(x, y) if ccw else 360 - turn(x, y)
            off = turn(x, v) if ccw else 360 - turn(x, v)
            if 0 < off < sweep:
                out.append(Finding("claim", f"'{said}': the inscribed angle {a}{v}{b} stands on an arc {arc} that "
                                            f"holds its vertex {v}"))
    return out


# "AO = BO = 6 (radii of circle O)", "OC = 5 (a radius of circle O)": the clause a radius reason closes
_RADIUS_SAID = re.compile(r"(?:^|[.;,] )([^.;,()]*?) \((?:radii|a radius) of circle ([A-Z])\)")


def radius_findings(lines: list[str], model) -> list[Finding]:
    """Each segment a sentence calls a radius of circle O, checked on the figure: one end at O, the other on
    the circle (a chord as long as the radius is no radius)."""
    from .plane.write import sentences

    out = []
    for said in sentences(lines):
        for clause, centre in _RADIUS_SAID.findall(said):
            o, r = model.coords.get(centre), model.radii.get(centre)
            if o is None or r is None:
                continue
            for seg in re.findall(r"\b[A-Z]{2}\b", clause):
                far = seg.replace(centre, "", 1)
                p = model.coords.get(far) if centre in seg and len(far) == 1 else None
                if p is None or not _close(float(math.dist(o, p)), r):
                    out.append(Finding("claim", f"'{said}' calls {seg} a radius of circle {centre}"))
    return out


# an angle (in degrees) set equal to a ratio, either way round: "angle BOX = sin(angle BOW) = 4/5"
_ANGLE_AS_RATIO = re.compile(r"\bangle [A-Z]{3} = (?:sin|cos|tan)\(|\b(?:sin|cos|tan)\([^()]*\) = angle [A-Z]{3}\b")


def sentence_findings(lines: list[str]) -> list[Finding]:
    """Each sentence of a text proof that equates an angle with a trigonometric value: an angle is a
    measure in degrees, its sine a number, and a chain ``angle BOX = sin(angle BOW)`` is false."""
    from .plane.write import sentences

    said = sentences(lines)
    return ([Finding("sentence", f"an angle is set equal to a trigonometric value: '{x}'")
             for x in said if _ANGLE_AS_RATIO.search(x)]
            + [Finding("sentence", f"a fact said twice: '{x}' says again what an earlier sentence said")
               for x in said_twice(said)]
            + [Finding("sentence", f"radians in a proof in degrees: '{x}'") for x in said if _RADIANS.search(x)]
            + [Finding("sentence", f"an equation solved in a run-on 'so … so' chain: '{x}'")
               for x in said if run_on(x)]
            + [Finding("sentence", f"a similarity cited for a ratio it does not give: '{x}'")
               for x in said if not all(similar_gives(*m) for m in _similar_ratios(x))]
            + [Finding("sentence", f"a right triangle cited for sides or angles not its own: '{x}'")
               for x in said if not right_triangle_owns(x)])


# a "so" that brings a form of an equation in the variables alone (no point's name): "so 3x - 4 = 14", "so 30x = 360"
_SO_SOLVING = re.compile(r"(?:^|, )[Ss]o \$?(?=[^,;.]*=)(?![^,;.]*[A-Z])[^,;.]*?(?<![A-Za-z])[a-z](?![A-Za-z(])")


def run_on(sentence: str) -> bool:
    """Does a sentence solve an equation in a chain of "so"s ("so 3x - 4 = 14, so 3x = 18 and x = 6", blind teachers
    34, 35), where one "so" and the forms listed would do ("so 3x - 4 = 14, 3x = 18 and x = 6")?"""
    return len(_SO_SOLVING.findall(sentence)) > 1


# a right triangle and the equation said in it: "In the right triangle FAH (…), AH/FH = sin(angle AFH) = √3/2"
_IN_RIGHT = re.compile(r"\b[Ii]n the right triangle ([A-Z]{3})(?: \([^()]*\))?, ([^;]*?)(?:;|\.(?: |$)|, so |$)")


def right_triangle_owns(sentence: str) -> bool:
    """Does each side of a trigonometric ratio a sentence says in a right triangle belong to that triangle (blind
    teacher 33: "In the right triangle BAC, AH/FH = sin(angle AFH)", the ratio of the triangle FAH)?  Its angle
    may be named through points on its arms (angle ABC of the triangle ABE), and other theorems said in a right
    triangle (the geometric mean theorems) take the altitude's foot."""
    for m in _IN_RIGHT.finditer(sentence):
        if not re.search(r"\b(?:sin|cos|tan)\(", m[2]):
            continue
        sides = re.findall(r"(?<![A-Za-z])([A-Z]{2})(?![A-Za-z])", re.sub(r"\bangle [A-Z]{3}\b", "", m[2]))
        if any(not set(n) <= set(m[1]) for n in sides):
            return False
    return True


# a proportion and the similarity cited for it, either way round: "AC/BG = AD/GH, since triangles ABC and GBH are
# similar", "triangles ABC and GBH are similar by AA (as …), AC/GH = AB/BG"
_SIDE2 = r"([A-Z]{2})/([A-Z]{2}) = ([A-Z]{2})/([A-Z]{2})"
_RATIO_SINCE = re.compile(_SIDE2 + r"(?: = [^,()]+)?, since triangles ([A-Z]{3}) and ([A-Z]{3}) are similar\b")
_SIMILAR_SO = re.compile(r"\b[Tt]riangles ([A-Z]{3}) and ([A-Z]{3}) are similar by [A-Z]+(?: \((?:[^()]|\([^()]*\))*\))?"
                         r"(?:, |; hence |, so )" + _SIDE2)


def _similar_ratios(sentence: str) -> list[tuple[str, str, str, str, str, str]]:
    """Each proportion a sentence says a similarity gives, as (first triangle, second, the four sides)."""
    return ([(m[5], m[6], m[1], m[2], m[3], m[4]) for m in _RATIO_SINCE.finditer(sentence)]
            + [(m[1], m[2], m[3], m[4], m[5], m[6]) for m in _SIMILAR_SO.finditer(sentence)])


def similar_gives(p: str, q: str, a: str, b: str, c: str, d: str) -> bool:
    """Does the similarity of triangles ``p`` and ``q`` (in corresponding order) give a/b = c/d: the sides of the
    two fractions' numerators corresponding and their denominators too, or each fraction's two sides?"""
    fwd = dict(zip(p, q))
    back = dict(zip(q, p))

    def maps(x: str, y: str) -> bool:  # side x of one triangle corresponds to side y of the other
        return any(all(ch in m for ch in x) and {m[ch] for ch in x} == set(y) for m in (fwd, back))

    return (maps(a, b) and maps(c, d)) or (maps(a, c) and maps(b, d))


# a name, or a chain of names, brought to a number: "angle AMC = angle AMB = 90°", "BC = 10"
_NAMES = r"(?:(?:major |minor )?arc |angle )?[A-Z]{2,3}"
_CONCLUDED = re.compile(rf"(?:^|, so |, |; hence | and |^So |^Then )((?:{_NAMES} = )+)([0-9][0-9.√/]*°?)"
                        r"(?=[.,;]| and |$)")
_RADIANS = re.compile(r"π°|(?:sin|cos|tan)\([^()]*π/\d|\b(?:asin|acos|atan)\(")


def said_twice(said: list[str]) -> list[str]:
    """Each sentence that brings only elements already brought to the same numbers by earlier sentences
    (``So angle BOE = angle DOE = 90°.`` after both right angles were said): it states no new fact."""
    values: dict[str, str] = {}
    out = []
    for sentence in said:
        found = [(m[1].removesuffix(" = ").split(" = "), m[2]) for m in _CONCLUDED.finditer(sentence.rstrip("."))]
        if found and all(values.get(x) == v for names, v in found for x in names):
            out.append(sentence)
        for names, v in found:
            values.update((x, v) for x in names)
    return out
