"""Gold solutions in the style of the GeomVerse paper, one sentence per proof step.

Every sentence is rendered from a typed :class:`~solvers.proof.Step`; the
words for elements and shapes come from the catalogue (titles) and the
element kinds, so a new kind needs no new text here.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from geomill.engine.kinds import KINDS
from geomill.engine.model import QKind, Quantity, split_points

from .arith import Node, Num, Sym, fmt, render
from .proof import Step
from .words import and_list

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


def element_noun(q: Quantity, kinds: dict[str, str]) -> str:
    """``side``, ``angle``; ``diameter`` for the segment a circle or semi-circle is named by,
    ``diagonal`` for a segment joining two corners of a polygon that are not neighbours."""
    if q.kind is not QKind.LENGTH:
        return _NOUN[q.kind][1]
    return _segment_noun(q, tuple(kinds.items()))


@lru_cache(maxsize=4096)
def _segment_noun(q: Quantity, kinds: tuple[tuple[str, str], ...]) -> str:
    for name, key in kinds:
        kind = KINDS[key]
        if kind.relation:
            continue
        pts = split_points(name)
        if kind.n_points == 2 and len(pts) == 2 and Quantity.length(*pts) == q:
            return "diameter"
        if kind.cyclic and kind.n_points >= 4 and kind.pool != "nonstandard" and set(q.key) <= set(pts):
            i, j = (pts.index(p) for p in q.key)
            if (i - j) % len(pts) not in (1, len(pts) - 1):
                return "diagonal"
    return "side"


def element_phrase(q: Quantity, kinds: dict[str, str], namer: Namer | None = None, within: str | None = None) -> str:
    """``the length of the AD side``, ``the area of the BCDE shape`` (``its area`` within BCDE)."""
    label = namer(q) if namer else q.name
    if q.kind in _NOUN:
        return f"the {_NOUN[q.kind][0]} of the {label} {element_noun(q, kinds)}"
    if q.kind is QKind.VARIABLE:
        return q.name
    if q.name == within:
        return f"its {_SHAPE_NOUN[q.kind]}"
    shape = shape_phrase(label, kinds[q.name]) if q.name in kinds else f"the {label} shape"
    return f"the {_SHAPE_NOUN[q.kind]} of {shape}"


def _listing(items: Sequence[tuple[Quantity, str]], kinds: dict[str, str], namer: Namer | None,
             within: str | None = None) -> str:
    """``the lengths of the AD and the AB sides are 10 and 12``; mixed kinds are listed one by one."""
    if len(items) > 1 and len({q.kind for q, _ in items}) == 1 and items[0][0].kind in _NOUN \
            and len({element_noun(q, kinds) for q, _ in items}) == 1:
        noun, what = _NOUN[items[0][0].kind][0], element_noun(items[0][0], kinds)
        names = [namer(q) if namer else q.name for q, _ in items]
        return f"the {noun}s of the {and_list(names)} {what}s are {and_list([v for _, v in items])}"
    return and_list([f"{element_phrase(q, kinds, namer, within)} is {v}" for q, v in items])


class _Math:
    """Prints trees in one style; LaTeX math goes between ``$``."""

    def __init__(self, style: str):
        self.style = style

    def __call__(self, *sides: Node, names: dict[str, str] | None = None) -> str:
        return self.joined([render(n, names, self.style) for n in sides])

    def joined(self, sides: list[str]) -> str:
        """Printed sides joined into one chain."""
        text = " = ".join(sides)
        return f"${text}$" if self.style == "latex" else text

    def num(self, v: float) -> str:
        return f"${fmt(v)}$" if self.style == "latex" else fmt(v)


def _by(rule: str) -> str:
    """``by the law of sines``; a rule named by a sentence reads ``since the radius is half the diameter``."""
    return f"since the {rule}" if " is " in rule or " are " in rule else f"by the {rule}"


def _premise(step: Step, namer: Namer | None) -> str:
    """``the BDA and BDC angles are supplementary``, with why when the relation is implied
    (``D lies on AC, the BDA and BDC angles are supplementary, and``)."""
    text = step.premise_text(namer)
    if step.because is not None:
        return f"{step.premise_text(namer, step.because)}, {text}, and as"
    return f"{text} and"


def sentence(step: Step, kinds: dict[str, str], namer: Namer | None = None, style: str = "text") -> str:
    """One step as a sentence."""
    m = _Math(style)
    within = step.shape if step.how == "rule" else None
    out = element_phrase(step.output, kinds, namer, within) if isinstance(step.output, Quantity) else str(step.output)
    arithmetic = m.joined(step.chain_text(style))
    if step.how == "rule":
        shape = shape_phrase(namer_shape(step.shape, namer), step.kind)
        given = _listing([(q, m.num(v)) for q, v in step.inputs], kinds, namer, within)
        if KINDS[step.kind].relation:
            return _capital(f"Since {_premise(step, namer)} {given}, {out} is {arithmetic}.")
        return f"In {shape}, {given}, so {_by(step.rule)}, {out} is {arithmetic}."
    if step.how == "constant":
        shape = shape_phrase(namer_shape(step.shape, namer), step.kind)
        return f"Since {shape} is a {KINDS[step.kind].title}, {out} is {arithmetic}."
    if step.how == "substitution":
        var_values = and_list([m(_sym(x), _num(v)) for x, v in step.inputs])
        return f"With {var_values}, {out} is {arithmetic}."
    if step.how == "variable":
        parts = [f"{element_phrase(q, kinds, namer)} is {m(e)}" for q, e in step.expressions]
        parts += [f"{element_phrase(q, kinds, namer)} is {m.num(v)}" for q, v in step.inputs]
        where = ""
        if step.shape and KINDS[step.kind].relation:
            where = f"Since {_premise(step, namer).removesuffix(' and as').removesuffix(' and')}, "
        elif step.shape:
            where = f"In {shape_phrase(namer_shape(step.shape, namer), step.kind)}, "
        by = f"{_by(step.rule)}, " if step.rule and not KINDS[step.kind].relation else ""
        shown = [m(*line) for line in step.lines]
        if step.numeric:
            shown[-2:] = [f"{shown[-2]}, whose only valid solution is {shown[-1]}"]
        return _capital(f"{where}{and_list(parts)}, so {by}" + ", so ".join(shown) + ".")
    if step.how == "system":
        names = step.names(namer)
        known = _listing([(q, m.num(v)) for q, v in step.inputs], kinds, namer)
        equations = [m(*line, names=names) for line in step.lines]
        target = names.get(_key_of(step), "")
        witness = and_list([m(_sym(n), _num(v), names=names) for n, v in step.witness])
        text = f"No chain of single formulas gives {out}. " + (f"As {known}, we" if known else "We")
        if len(equations) == 1 and len(step.witness) == 1:
            return (f"{text} solve the equation {equations[0]} for {target}: its only valid solution is "
                    f"{witness}, so {out} is {arithmetic}.")
        return (f"{text} solve these equations together: {and_list(equations)}. One solution is {witness}, "
                f"and every valid solution gives the same value, so {out} is {arithmetic}.")
    raise AssertionError(step.how)


def _key_of(step: Step) -> str:
    return next((n for n, q in step.unknowns.items() if q == step.output), "")


def _sym(name: object) -> Node:
    return Sym(str(name))


def _num(v: float) -> Node:
    return Num(v)


def _capital(text: str) -> str:
    return text[0].upper() + text[1:]


def namer_shape(name: str | None, namer: Namer | None) -> str:
    if name is None or namer is None:
        return name or ""
    return namer(Quantity.of_shape(QKind.AREA, name))


def write(steps: Sequence[Step], answer: float, kinds: dict[str, str], namer: Namer | None = None,
          given: Quantity | None = None, style: str = "text") -> str:
    """The whole solution text, ending with the paper's closing line; ``style="latex"`` puts the
    mathematics in LaTeX between ``$``."""
    m = _Math(style)
    lines = [sentence(s, kinds, namer, style) for s in steps]
    if not lines and given is not None:  # the query was itself given
        lines.append(_capital(f"{element_phrase(given, kinds, namer)} is given as {m.num(answer)}."))
    lines.append(f"Therefore the final answer is {m.num(answer)}.")
    return " ".join(lines)
