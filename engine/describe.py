"""The catalogue described for people: the JSON listing of ``geomill catalogue --json`` and
the README's table of kinds (a test keeps the README in step with the catalogue)."""
from __future__ import annotations

from .catalogue import KINDS
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


def catalogue_markdown() -> str:
    """The README's catalogue table (a test keeps the README in step with the catalogue)."""
    lines = ["| kind | example | elements | rules | GeomVerse |", "| --- | --- | --- | --- | --- |"]
    for key, kind in KINDS.items():
        decl = kind.example()
        elements = []
        for sym, qs in kind.bind(decl).items():
            names = " = ".join(dict.fromkeys(str(q) for q in qs))
            fixed = f" = {kind.constants[sym]}" if sym in kind.constants else ""
            elements.append(f"{names}{fixed}")
        pool = {"standard": "standard", "nonstandard": "non-standard"}.get(kind.pool, "")
        lines.append(f"| {kind.title} | `{kind.format(decl)}` | {'; '.join(elements)} "
                     f"| {len(rules_for(key))} | {pool} |")
    return "\n".join(lines) + "\n"
