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
from geomill.solvers.writer import Namer, and_list, element_phrase

QUERY_MARK = "?"


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def kind_description(key: str) -> str:
    """``a parallelogram``, ``a combination of a rectangle and a semi-circle``, from the title."""
    title = KINDS[key].title
    if " plus " in title:
        a, b = title.split(" plus ", 1)
        return f"a combination of {_article(a)} {a} and {_article(b)} {b}"
    if " minus " in title:
        a, b = title.split(" minus ", 1)
        where = " from one side of it" if "s" in KINDS[key].pins else " from it"
        return f"{_article(a)} {a} where {_article(b)} {b} has been removed{where}"
    return f"{_article(title)} {title}"


def _pins(decl: ShapeDecl) -> str:
    """What the text-only version must add for the figure's marks: the right angle, the apex …"""
    kind = KINDS[decl.kind]
    written = dict(decl.args)
    form = kind.forms[0]
    parts = []
    for ph, pts in written.items():
        if ph not in kind.pins:
            continue
        before = form.split("{" + ph + "}")[0].split()
        word = before[-1] if before else ""
        prev = before[-2] if len(before) > 1 else ""
        if prev == "right":
            parts.append(f"with the right angle at {pts}")
        elif prev == "isosceles":
            parts.append(f"with the equal sides meeting at {pts}")
        elif word == "bases" or prev == "bases":
            continue  # handled below as a pair
        elif word == "on":
            extra = kind.title.split(" plus ")[-1].split(" minus ")[-1]
            parts.append(f"with the {extra} on the {pts} side")
        else:
            parts.append(f"{' '.join(before[-2:])} {pts}".strip())
    bases = [written[p] for p in ("s", "s2") if p in written and "bases" in form]
    if len(bases) == 2:
        parts.append(f"with the bases {bases[0]} and {bases[1]}")
    return (" " + " and ".join(parts)) if parts else ""


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
    kind = KINDS[decl.kind]
    qs = [qs[0] for qs in kind.bind(decl).values()]
    names = [namer(q) if namer else q.name for q in qs]
    return f"the {names[0]} and the {names[1]} angles are {decl.kind}"


def _value(v) -> str:
    return format_expr(v)


def query_phrase(q: Quantity, kinds: dict[str, str], namer: Namer | None) -> str:
    label = namer(q) if namer else q.name
    if label == QUERY_MARK and q.kind is QKind.LENGTH:
        return f"the length of the side marked with {QUERY_MARK}"
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
