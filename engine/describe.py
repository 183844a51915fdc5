"""The catalogue described for people: the JSON listing of ``geomill catalogue --json`` and
the language reference's table of kinds (a test keeps it in step with the catalogue)."""
from __future__ import annotations

from .kinds import KINDS, ShapeKind
from .rules import rules_for


def catalogue_rows() -> list[dict]:
    rows = []
    for key, kind in KINDS.items():
        rows.append({
            "kind": key, "title": kind.title, "pool": kind.pool, "forms": list(kind.forms),
            "elements": {s: e.kind.value for s, e in kind.elements.items()},
            "constants": {s: str(v) for s, v in kind.constants.items()},
            "equations": [f"{e.lhs} = {e.rhs}" for e in kind.equations],
            "rules": [f"{r.output} <- {', '.join(r.inputs)}" for r in rules_for(key)],
            "description": kind.description,
        })
    return rows


def kind_elements(kind: ShapeKind) -> dict[str, str]:
    """A kind's elements on its example, by symbol: ``{"a": "AB = CD", "R": "angle DAB = … = 90"}``."""
    out = {}
    for sym, qs in kind.bind(kind.example()).items():
        names = " = ".join(dict.fromkeys(str(q) for q in qs))
        out[sym] = names + (f" = {kind.constants[sym]}" if sym in kind.constants else "")
    return out


def catalogue_markdown() -> str:
    """The catalogue table of the language reference (a test keeps it in step with the catalogue)."""
    lines = ["| kind | example | elements | rules | GeomVerse |", "| --- | --- | --- | --- | --- |"]
    for key, kind in KINDS.items():
        decl = kind.example()
        elements = [_shortened(e) for e in kind_elements(kind).values()]
        pool = {"standard": "standard", "nonstandard": "non-standard"}.get(kind.pool, "")
        lines.append(f"| {kind.title} | `{kind.format(decl)}`{_left_out(kind, decl)} | {'; '.join(elements)} "
                     f"| {len(rules_for(key))} | {pool} |")
    return "\n".join(lines) + "\n"


def _left_out(kind: ShapeKind, decl) -> str:
    """The forms of a kind that leave a point out, with what the reader puts there (``kite ABCD``: the
    equal sides meet at A, its first point), as the example's other spellings: ``; `kite ABCD` is `kite
    ABCD at A```.  Never silent: a reader of the table sees the default."""
    out = ""
    for form in kind.forms[1:]:
        phs = kind.placeholders(form)
        if "name" in phs and set(kind.pins) - set(phs):
            out += f"; `{form.replace('{name}', decl.name)}` is `{kind.format(decl)}`"
    return out


def _shortened(equal: str, most: int = 6) -> str:
    """``AB = BC = … = XA``: a row of a 24-gon's equal sides, its first two and last two."""
    parts = equal.split(" = ")
    return equal if len(parts) <= most else " = ".join([*parts[:2], "…", *parts[-2:]])
