"""Gold solutions in the style of the GeomVerse paper, one sentence per proof step.

Every sentence is rendered from a typed :class:`~solvers.proof.Step`; the
words for elements and shapes come from the catalogue (titles) and the
element kinds, so a new kind needs no new text here.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

from geomill.engine.catalogue import KINDS
from geomill.engine.model import QKind, Quantity

from .arith import fmt
from .proof import Step

_NOUN = {QKind.LENGTH: ("length", "side"), QKind.ANGLE: ("degree", "angle")}
_SHAPE_NOUN = {QKind.AREA: "area", QKind.PERIMETER: "perimeter", QKind.HEIGHT: "height",
               QKind.ARC: "arc length", QKind.RADIUS: "radius"}

# How a solution names an element or a shape; the generator swaps these for
# the individual annotation style (sides as lowercase letters, shapes by colour).
Namer = Callable[[Quantity], str]


def shape_phrase(name: str, kind: str) -> str:
    k = KINDS[kind]
    if k.pool == "nonstandard":
        return f"the {name} shape"
    return f"the {name} {k.title}"


def element_phrase(q: Quantity, kinds: dict[str, str], namer: Namer | None = None, within: str | None = None) -> str:
    """``the length of the AD side``, ``the area of the BCDE shape`` (``its area`` within BCDE)."""
    label = namer(q) if namer else q.name
    if q.kind in _NOUN:
        noun, what = _NOUN[q.kind]
        return f"the {noun} of the {label} {what}"
    if q.kind is QKind.VARIABLE:
        return q.name
    if q.name == within:
        return f"its {_SHAPE_NOUN[q.kind]}"
    shape = shape_phrase(label, kinds[q.name]) if q.name in kinds else f"the {label} shape"
    return f"the {_SHAPE_NOUN[q.kind]} of {shape}"


def _listing(items: Sequence[tuple[Quantity, str]], kinds: dict[str, str], namer: Namer | None,
             within: str | None = None) -> str:
    """``the lengths of the AD and the AB sides are 10 and 12``; mixed kinds are listed one by one."""
    if len(items) > 1 and len({q.kind for q, _ in items}) == 1 and items[0][0].kind in _NOUN:
        noun, what = _NOUN[items[0][0].kind]
        names = [namer(q) if namer else q.name for q, _ in items]
        return f"the {noun}s of the {_and(names)} {what}s are {_and([v for _, v in items])}"
    return _and([f"{element_phrase(q, kinds, namer, within)} is {v}" for q, v in items])


def _and(words: Sequence[str]) -> str:
    words = list(words)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def sentence(step: Step, kinds: dict[str, str], namer: Namer | None = None) -> str:
    """One step as a sentence."""
    within = step.shape if step.how == "rule" else None
    out = element_phrase(step.output, kinds, namer, within) if isinstance(step.output, Quantity) else str(step.output)
    arithmetic = " = ".join(step.stages)
    if step.how == "rule":
        shape = shape_phrase(namer_shape(step.shape, namer), step.kind)
        given = _listing([(q, fmt(v)) for q, v in step.inputs], kinds, namer, within)
        if KINDS[step.kind].relation:
            return f"Since {step.premise_text(namer)} and {given}, {out} is {arithmetic}."
        return f"In {shape}, {given}, so by the {step.rule}, {out} is {arithmetic}."
    if step.how == "constant":
        shape = shape_phrase(namer_shape(step.shape, namer), step.kind)
        return f"Since {shape} is a {KINDS[step.kind].title}, {out} is {arithmetic}."
    if step.how == "substitution":
        var_values = _and([f"{x} = {fmt(v)}" for x, v in step.inputs])
        return f"With {var_values}, {out} is {arithmetic}."
    if step.how == "variable":
        parts = [f"{element_phrase(q, kinds, namer)} is {e}" for q, e in step.expressions]
        parts += [f"{element_phrase(q, kinds, namer)} is {fmt(v)}" for q, v in step.inputs]
        where = ""
        if step.shape and KINDS[step.kind].relation:
            where = f"Since {step.premise_text(namer)}, "
        elif step.shape:
            where = f"In {shape_phrase(namer_shape(step.shape, namer), step.kind)}, "
        by = f"by the {step.rule}, " if step.rule and not KINDS[step.kind].relation else ""
        text = f"{where}{_and(parts)}, so {by}" + ", so ".join([step.equation, *step.stages]) + "."
        return text[0].upper() + text[1:]
    if step.how == "system":
        known = _listing([(q, fmt(v)) for q, v in step.inputs], kinds, namer) if step.inputs else ""
        several = len(step.equations) > 1
        equations = step.system_text(namer)
        return (f"No chain of single formulas gives {out}, so we solve "
                + (f"these equations together: {equations}" if several else f"the equation {equations}")
                + (f", where {known}" if known else "")
                + f". {'Their' if several else 'Its'} only valid solution gives {out} = {arithmetic}.")
    raise AssertionError(step.how)


def namer_shape(name: str | None, namer: Namer | None) -> str:
    if name is None or namer is None:
        return name or ""
    return namer(Quantity.of_shape(QKind.AREA, name))


def write(steps: Sequence[Step], answer: float, kinds: dict[str, str], namer: Namer | None = None,
          given: Quantity | None = None) -> str:
    """The whole solution text, ending with the paper's closing line."""
    lines = [sentence(s, kinds, namer) for s in steps]
    if not lines and given is not None:  # the query was itself given
        phrase = element_phrase(given, kinds, namer)
        lines.append(f"{phrase[0].upper()}{phrase[1:]} is given as {fmt(answer)}.")
    lines.append(f"Therefore the final answer is {fmt(answer)}.")
    return " ".join(lines)

