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
        elements = list(kind_elements(kind).values())
        pool = {"standard": "standard", "nonstandard": "non-standard"}.get(kind.pool, "")
        lines.append(f"| {kind.title} | `{kind.format(decl)}` | {'; '.join(elements)} "
                     f"| {len(rules_for(key))} | {pool} |")
    return "\n".join(lines) + "\n"
