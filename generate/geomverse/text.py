"""Question text in the style of GeomVerse (Fig. 1, Table 3, Appendix C).

"If <shape statements and facts>, compute <query>. Assume π = 3.14. Round
computations to 2 decimal places."  Two versions (§3.3): text-only, where the
words carry everything (coordinate names), and text+image, where values drawn
on the figure are left out of the words and elements are named the way the
figure names them (coordinate or individual annotation, §A.3).  Element and
shape phrases come from the solution writer, so question and solution agree.
"""
from __future__ import annotations

from collections.abc import Callable

from geomill.dsl import format_expr
from geomill.engine.catalogue import KINDS
from geomill.engine.model import Problem, QKind, Quantity, ShapeDecl
from geomill.solvers.writer import Namer, and_list, element_noun, element_phrase

QUERY_MARK = "?"


def kind_description(key: str) -> str:
    """``a parallelogram``, ``a combination of a rectangle and a semi-circle``: the kind's own phrase."""
    return KINDS[key].sentence_name()


def _pins(decl: ShapeDecl) -> str:
    """What the text-only version must add for the figure's marks: the right angle, the apex …"""
    text = KINDS[decl.kind].pin_text(decl)
    return f" {text}" if text else ""


def shape_statement(decl: ShapeDecl, shape_namer: Callable[[str], str] | None, full: bool) -> str | None:
    """``ABC is a right triangle with the right angle at A`` / ``the BCDE shape is a combination …``.

    ``full`` (text-only) states every shape; otherwise only what a figure cannot show
    (non-standard and geomill's extra kinds)."""
    kind = KINDS[decl.kind]
    if kind.relation:
        return None
    if not full and kind.pool == "standard":
        return None
    name = shape_namer(decl.name) if shape_namer else decl.name
    pins = _pins(decl) if full and shape_namer is None else ""
    if kind.pool == "nonstandard" or shape_namer is not None:
        return f"the {name} shape is {kind_description(decl.kind)}{pins}"
    return f"{name} is {kind_description(decl.kind)}{pins}"


def relation_statement(decl: ShapeDecl, namer: Namer | None) -> str:
    """The relation's premise (``the DEF and DEC angles are supplementary``), named as the figure names."""
    return KINDS[decl.kind].premise_text(decl, namer)


def _value(v) -> str:
    return format_expr(v)


def query_phrase(q: Quantity, kinds: dict[str, str], namer: Namer | None) -> str:
    label = namer(q) if namer else q.name
    if label == QUERY_MARK and q.kind is QKind.LENGTH:
        return f"the length of the {element_noun(q, kinds)} marked with {QUERY_MARK}"  # side, diagonal, diameter
    if label == QUERY_MARK and q.kind is QKind.ANGLE:
        return f"the degree of the angle marked with {QUERY_MARK}"
    return element_phrase(q, kinds, namer)


def question(problem: Problem, *, namer: Namer | None = None, shape_namer: Callable[[str], str] | None = None,
             on_image: Callable[[Quantity], bool] | None = None, uses_pi: bool = True,
             rounds: bool = True) -> str:
    """One question.  ``namer``/``shape_namer`` None means coordinate names; ``on_image`` says
    which facts the figure shows (None: the text-only version, every fact in words)."""
    full = on_image is None
    kinds = {s.name: s.kind for s in problem.shapes}
    clauses: list[str] = []
    for decl in problem.shapes:
        st = shape_statement(decl, shape_namer, full)
        if st:
            clauses.append(st)
    for decl in problem.shapes:
        if KINDS[decl.kind].relation:
            clauses.append(relation_statement(decl, namer))
    for f in problem.facts:
        if on_image is not None and on_image(f.quantity):
            continue
        clauses.append(f"{element_phrase(f.quantity, kinds, namer)} is {_value(f.value)}")
    ask = f"compute {query_phrase(problem.query.quantity, kinds, namer)}."
    text = f"If {and_list(clauses)}, {ask}" if clauses else ask[0].upper() + ask[1:]
    if uses_pi:
        text += " Assume π = 3.14."
    if rounds:
        text += " Round computations to 2 decimal places."
    return text
