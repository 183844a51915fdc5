"""Matching lines of words against the catalogue's forms and ``ELEMENT_FORMS``.

The grammar only splits a line into words; all vocabulary lives in the
catalogue, so matching is done here: a form such as
``"{name}: rectangle + semicircle on {s}"`` is a list of literal tokens and
placeholders, and a line matches it token for token.  The forms are indexed by
their literal words (``Pattern.key``), so a line is compared only with the forms
it could be, in catalogue order.
"""
from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from geomill.engine.errors import ModelError, Span
from geomill.engine.kinds import KINDS, PLACEHOLDER_SIZES, ShapeKind
from geomill.engine.model import ELEMENT_FORMS, QKind, ShapeDecl, split_points
from geomill.engine.relations import BLOCKS

from .phrases import filler, hint, written_instead

_FORM_TOKEN = re.compile(r"\{\w+\}|:|[^\s:{}]+")
_KEYWORD = re.compile(r"[a-z]+")
# Points per placeholder; {name} and {n} take any number.


@dataclass(frozen=True)
class Word:
    """One word of a line, classified: ``points`` is set for a point sequence."""

    text: str
    line: int
    col: int
    points: tuple[str, ...] | None = None

    @property
    def span(self) -> Span:
        return Span(self.line, self.col, self.col + len(self.text))


def make_word(text: str, line: int, col: int) -> Word:
    """Classify a raw word: a lowercase keyword, a symbol (+ - :) or a point sequence."""
    try:
        return Word(text, line, col, _points(text))
    except ValueError:
        raise ModelError(
            f"{text!r} is neither a keyword (lowercase letters) nor a point sequence "
            "(capital letters, each with optional digits and primes, e.g. ABC or A1B'C)",
            Span(line, col, col + len(text))) from None


@functools.lru_cache(maxsize=4096)
def _points(text: str) -> tuple[str, ...] | None:
    """A word's points, None for a keyword or symbol; ValueError for neither.  Cached: the same
    words recur in every problem, and the answer is an immutable function of the text."""
    if _KEYWORD.fullmatch(text) or text in ("+", "-", ":"):
        return None
    return split_points(text)


def split_words(text: str, line: int = 1) -> list[Word]:
    """Words of a line of shape text without the grammar (used by the printer's self-check)."""
    return [make_word(m.group(), line, m.start() + 1) for m in _FORM_TOKEN.finditer(text)]


@functools.cache
def form_tokens(form: str) -> tuple[str, ...]:
    return tuple(_FORM_TOKEN.findall(form))


def _placeholder(tok: str) -> str | None:
    return tok[1:-1] if tok.startswith("{") else None


class Pattern(NamedTuple):
    """A form as a line of words is matched against it.

    ``key`` has the form's literal tokens, and None where a placeholder (a point sequence)
    stands; a line's ``line_key`` equals it exactly when every literal is there and every
    placeholder has points.  ``slots`` are the placeholders: word position, name, and the
    number of points it takes (None: any number).
    """

    key: tuple[str | None, ...]
    slots: tuple[tuple[int, str, int | None], ...]

    def bind(self, words: list[Word]) -> dict[str, Word] | None:
        """Placeholder -> word (in written order) if each has its number of points; for words
        whose ``line_key`` is ``key``."""
        bound: dict[str, Word] = {}
        for i, ph, size in self.slots:
            word = words[i]
            if size is not None and len(word.points) != size:
                return None
            bound[ph] = word
        return bound


@functools.cache
def pattern(form: str) -> Pattern:
    """``form`` as a Pattern; words fit it when their ``line_key`` is its key and ``bind`` binds them."""
    toks = form_tokens(form)
    phs = [_placeholder(t) for t in toks]
    return Pattern(tuple(t if ph is None else None for t, ph in zip(toks, phs)),
                   tuple((i, ph, PLACEHOLDER_SIZES.get(ph[0])) for i, ph in enumerate(phs) if ph is not None))


def line_key(words: list[Word]) -> tuple[str | None, ...]:
    """What a form's ``Pattern.key`` must be to match these words: None for a point sequence."""
    return tuple([w.text if w.points is None else None for w in words])


@functools.cache
def _shape_index(kinds: tuple[ShapeKind, ...]) -> dict[tuple[str | None, ...], list[tuple[ShapeKind, str, Pattern]]]:
    """Every shape form by its key, in catalogue order: a line is tried only against the forms
    whose literal words it has, instead of against all of them."""
    index: dict[tuple[str | None, ...], list[tuple[ShapeKind, str, Pattern]]] = {}
    for kind in kinds:
        for form in kind.forms:
            pat = pattern(form)
            index.setdefault(pat.key, []).append((kind, form, pat))
    return index


def vocabulary() -> frozenset[str]:
    """Every keyword some shape form uses."""
    return _vocabulary(tuple(KINDS.values()))


def shape_words() -> tuple[str, ...]:
    """The first keyword of every form: what a shape line starts with."""
    return _shape_words(tuple(KINDS.values()))


@functools.cache
def _vocabulary(kinds: tuple[ShapeKind, ...]) -> frozenset[str]:
    return frozenset(t for k in kinds for f in k.forms for t in form_tokens(f) if _KEYWORD.fullmatch(t))


@functools.cache
def _shape_words(kinds: tuple[ShapeKind, ...]) -> tuple[str, ...]:
    firsts = {next(t for t in form_tokens(f) if _KEYWORD.fullmatch(t)) for k in kinds for f in k.forms}
    return tuple(sorted(firsts))


def _suggest(word: str, known: list[str] | tuple[str, ...] | frozenset[str]) -> str:
    close = difflib.get_close_matches(word, sorted(known), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


class NoForm(ModelError):
    """A line that fits no shape form (the general reader may know it, or say which forms are near)."""


def forms_with(token: Callable[[str], bool]) -> tuple[list[str], list[str]]:
    """The shape kinds' forms and the relations' forms with a token that passes ``token``: what an error
    shows a writer whose line fits none."""
    return ([f for k in KINDS.values() for f in k.forms if any(map(token, form_tokens(f)))],
            [f for b in BLOCKS for f in b.forms if any(map(token, form_tokens(f)))])


@functools.cache
def _relation_words() -> frozenset[str]:
    return frozenset(t for b in BLOCKS for f in b.forms for t in f.split() if _KEYWORD.fullmatch(t))


def unique_forms(forms: list[str]) -> list[str]:
    """Forms that differ only in their placeholders' names (a shape's ``trapezoid {name} bases {s} {s2}`` and the
    relation's ``trapezoid {ABCD} bases {AD} {BC}``) once, in the spelling with points (it reads as a line)."""
    out: dict[str, str] = {}
    for f in forms:
        key = re.sub(r"\{[^}]*\}", "{}", f)
        if key not in out or re.search(r"\{[A-Z]", f):
            out[key] = f
    return list(out.values())


def _no_form(words: list[Word]) -> ModelError:
    """Explain why a line matches no shape form: an unknown word, or the wrong arrangement."""
    instead = written_instead([(w.text, w.points) for w in words])
    if instead is not None:
        return ModelError(instead[1], words[instead[0]].span)
    keywords = [w for w in words if w.points is None and _KEYWORD.fullmatch(w.text)]
    known = vocabulary() | _relation_words()
    if keywords and all(w.text in known for w in keywords) and any(w.text not in vocabulary() for w in keywords):
        return NoForm("this line fits no shape form (its words are a relation's)", keywords[0].span)
    for i, w in enumerate(keywords):
        if w.text not in vocabulary():
            if i == 0 and w.text in _relation_words():  # "AD bisects angle A": the statement reader says why
                return NoForm(f"this line fits no shape form ({w.text!r} is a relation's word)", w.span)
            if i == 0 and not filler(w.text):
                return ModelError(f"unknown shape {w.text!r}{_suggest(w.text, (*vocabulary(), 'find'))}; "
                                  f"known shapes: {', '.join(shape_words())}{hint(w.text)}", w.span)
            if i > 0 and filler(w.text):  # "isosceles trapezoid ABCD with bases AD and BC"
                named = next((k for k in keywords if not filler(k.text) and hint(k.text)), None)
                if named is not None:  # "circle with center O …": the phrase says more than 'with'
                    return ModelError(f"unknown word {named.text!r} in a shape line{hint(named.text)}", named.span)
                head, said = keywords[0].text, {k.text for k in keywords if not filler(k.text)}
                shapes, relations = forms_with(head.__eq__)
                forms = unique_forms(shapes + relations)
                forms.sort(key=lambda f: -len(said & set(form_tokens(f))))  # the forms with most of its words
                return ModelError(f"unknown word {w.text!r} in a shape line{hint(w.text)}; forms with {head!r}: "
                                  + "; ".join(forms), w.span)
            return ModelError(f"unknown word {w.text!r}{_suggest(w.text, vocabulary())} in a shape line"
                              f"{hint(w.text)}", w.span)
    if not keywords:
        return NoForm("expected a shape (e.g. 'triangle ABC'), a fact (e.g. 'AB = 3') or 'find …'", words[0].span)
    first = keywords[0].text
    forms = [f for k in KINDS.values() for f in k.forms if first in form_tokens(f)]
    return NoForm(f"this line fits no shape form; forms with {first!r}: " + "; ".join(forms), words[0].span)


def is_shape_line(words: list[Word]) -> bool:
    """Does some shape form have this line's literal words (whether or not its points fit)?"""
    return line_key(words) in _shape_index(tuple(KINDS.values()))


def read_shape(words: list[Word]) -> ShapeDecl:
    """The declaration a shape line makes, or a ModelError pointing at the culprit."""
    candidates = _shape_index(tuple(KINDS.values())).get(line_key(words), ())
    found = [(k, f, b) for k, f, pat in candidates if (b := pat.bind(words)) is not None]
    if not found:
        raise _no_form(words)
    fitting = [(k, f, b) for k, f, b in found if "name" not in b or len(b["name"].points) == k.n_points]
    if not fitting:
        name = found[0][2]["name"]
        sizes = sorted({k.n_points for k, _, _ in found})
        if len(sizes) > 1:
            want = f"{sizes[0]} to {sizes[-1]}" if sizes == list(range(sizes[0], sizes[-1] + 1)) and len(sizes) > 3 \
                else ", ".join(map(str, sizes[:-1])) + f" or {sizes[-1]}"
            raise ModelError(f"{found[0][1].replace('{name}', '…')!r} takes {want} points, "
                             f"but {name.text} has {len(name.points)}", name.span)
        fitting = found  # let resolve() word the error
    kind, _, bound = fitting[0]
    return _resolve(kind, bound, words)


def _resolve(kind: ShapeKind, bound: dict[str, Word], words: list[Word]) -> ShapeDecl:
    name = bound.get("name")
    args = {ph: w.points for ph, w in bound.items() if ph != "name"}
    for w in bound.values():
        if len(set(w.points)) != len(w.points):
            raise ModelError(f"{w.text} repeats a point", w.span)
    try:
        shape_name, points = kind.resolve(name.points if name else None, args)
    except ValueError as e:
        culprit = name if name is not None and len(name.points) != kind.n_points else None
        culprit = culprit or next((w for ph, w in bound.items() if ph != "name"), None) or name or words[0]
        raise ModelError(str(e), culprit.span) from None
    return ShapeDecl(kind=kind.key, name=shape_name, points=points,
                     args=tuple((ph, "".join(pts)) for ph, pts in args.items()),
                     span=Span(words[0].line, words[0].col))


# -- elements (the left side of a fact, the object of a query) --------------------------


@functools.cache
def _element_vocabulary() -> frozenset[str]:
    return frozenset(t for f in ELEMENT_FORMS.values() for t in form_tokens(f) if _KEYWORD.fullmatch(t))


@functools.cache
def _element_index() -> dict[tuple[str | None, ...], list[tuple[QKind, Pattern]]]:
    """The element forms by key, in ``ELEMENT_FORMS`` order (see ``_shape_index``)."""
    index: dict[tuple[str | None, ...], list[tuple[QKind, Pattern]]] = {}
    for qkind, form in ELEMENT_FORMS.items():
        index.setdefault(pattern(form).key, []).append((qkind, pattern(form)))
    return index


def _element(words: list[Word]) -> tuple[QKind, dict[str, Word]] | None:
    """The first element form (in ``ELEMENT_FORMS`` order) the words fit, with its placeholder."""
    for qkind, pat in _element_index().get(line_key(words), ()):
        bound = pat.bind(words)
        if bound is not None:
            return qkind, bound
    return None


def read_element(words: list[Word]) -> tuple[QKind, Word]:
    """Which element form the words are, and the word holding its points."""
    found = _element(words)
    if found is not None:
        qkind, bound = found
        (word,) = bound.values()
        if len(set(word.points)) != len(word.points):
            raise ModelError(f"{word.text} repeats a point", word.span)
        return qkind, word
    known = sorted(_element_vocabulary())
    for w in words:
        if w.points is None and w.text not in _element_vocabulary():
            raise ModelError(f"unknown element {w.text!r}{_suggest(w.text, known)}; "
                             f"expected a segment such as AB, or {', '.join(known)} followed by points"
                             f"{hint(w.text)}", w.span)
    text = " ".join(w.text for w in words)
    raise ModelError(f"{text!r} is not an element; expected a segment such as AB, "
                     f"or one of: {', '.join(ELEMENT_FORMS.values())}", words[0].span)


def is_element(words: list[Word]) -> bool:
    return _element(words) is not None
