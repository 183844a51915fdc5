"""The segments a written proof uses that its figure does not draw: each is joined ("Join OB and OC."), once, before
the first sentence that uses it, and named as the proof first spells it.  One reading of the prose serves the writer
(which puts the joins in) and the linter (which flags a use never joined), so that the two cannot disagree."""
from __future__ import annotations

import re

from geomill.solvers.words import and_list

from .tidy import _SENTENCE

_PLURAL_LIST = r"[A-Z]{%s}(?:(?:,? and |, )[A-Z]{%s})*"
# what a sentence names: arcs and sectors (no segment), angles (their arms), triangles and four-sided shapes (their
# sides), a Join sentence, and a bare two-letter name (a segment)
_NAMED = re.compile(
    r"\b(?P<join>Join (?P<joined>" + _PLURAL_LIST % (2, 2) + r")\.)"
    r"|\b(?:(?:major |minor )?arcs?|sectors?|circles?|lines?) (?:" + _PLURAL_LIST % ("1,3", "1,3") + r")\b"
    r"|\bangles? (?P<angles>" + _PLURAL_LIST % (3, 3) + r")\b"
    r"|\btriangles? (?P<triangles>" + _PLURAL_LIST % (3, 3) + r")\b"
    r"|\b(?:square|rectangle|rhombus|parallelogram|trapezoid|kite|quadrilateral) (?P<shape>[A-Z]{4})\b"
    r"|\b(?P<shape_is>[A-Z]{4}) is an? "
    r"|(?<!by )(?<![A-Za-z0-9])(?P<segment>[A-Z]{2})(?![A-Za-z0-9])")
_JOIN_SENTENCE = re.compile(r"\bJoin " + _PLURAL_LIST % (2, 2) + r"\.\s*")


def segments_named(sentence: str, points) -> list[tuple[str, bool]]:
    """Each segment ``sentence`` names, in order, as (name, spelt): a bare name is spelt as written, an angle's arms
    from its vertex, a triangle's or a shape's sides round it; two letters that are not two of the problem's
    ``points`` (``AA`` similarity) are no segment.  A Join sentence's segments come back with spelt None."""
    pts = set(points)
    out: list[tuple[str, bool | None]] = []

    def add(name: str, spelt: bool | None) -> None:
        if len(set(name)) == 2 and set(name) <= pts:
            out.append((name, spelt))

    for m in _NAMED.finditer(sentence):
        if m["joined"]:
            for name in re.findall(r"[A-Z]{2}", m["joined"]):
                add(name, None)
        elif m["angles"]:
            for a, v, c in re.findall(r"[A-Z]{3}", m["angles"]):
                add(v + a, False)
                add(v + c, False)
        elif m["triangles"] or m["shape"] or m["shape_is"]:
            for poly in re.findall(r"[A-Z]{3,4}", m["triangles"] or m["shape"] or m["shape_is"]):
                for i, p in enumerate(poly):
                    add(p + poly[(i + 1) % len(poly)], False)
        elif m["segment"]:
            add(m["segment"], True)
    return out


def _spellings(lines: list[str], points) -> dict[frozenset, str]:
    """Each segment by the proof's first bare spelling of it (``OC``, never its reverse), where it has one."""
    out: dict[frozenset, str] = {}
    for line in lines:
        for sentence in _SENTENCE.split(line):
            if _JOIN_SENTENCE.fullmatch(sentence.strip() + " "):
                continue
            for name, spelt in segments_named(sentence, points):
                if spelt:
                    out.setdefault(frozenset(name), name)
    return out


def unjoined(lines: list[str], drawn, points) -> list[tuple[str, str]]:
    """(sentence, segment) for each segment a sentence uses that the figure does not draw and no Join sentence
    before it joined (``drawn``: the figure's point pairs)."""
    have = set(drawn)
    out = []
    for line in lines:
        for sentence in _SENTENCE.split(line):
            for name, spelt in segments_named(sentence, points):
                key = frozenset(name)
                if spelt is None:
                    have.add(key)
                elif key not in have:
                    out.append((sentence, name))
                    have.add(key)
    return out


def joined_as_used(lines: list[str], drawn, points) -> list[str]:
    """The proof with every segment it uses that the figure does not draw joined once, right before the first
    sentence using it, each Join naming its segments as the proof spells them (``Join OB and OC.``), in the order
    used; the Join sentences written before are replaced (blind teacher 36: "Join OC." where the argument also uses
    OB; "Join XO and OW" where OZ and OC are used, named two ways)."""

    spelt = _spellings(lines, points)
    have = set(drawn)
    out = []
    for line in lines:
        line = _JOIN_SENTENCE.sub("", line)
        said = []
        for sentence in _SENTENCE.split(line):
            new = []
            for name, _ in segments_named(sentence, points):
                key = frozenset(name)
                if key not in have:
                    have.add(key)
                    new.append(key)
            common = set.intersection(*(set(k) for k in new)) if len(new) > 1 else set()
            # (a segment the proof never spells alone: its point shared with the others first, "Join OA and OB.",
            # else in the alphabet's order)
            new = [spelt.get(k) or "".join(sorted(k, key=lambda p: (p not in common, p))) for k in new]
            said.append(f"Join {and_list(new)}. {sentence}" if new else sentence)
        if any(said):  # (a line that only joined: its segments are joined where used)
            out.append(" ".join(x for x in said if x))
    return out
