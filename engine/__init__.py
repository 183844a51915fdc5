"""Floor 1: the problem model, the shape catalogue and the fact/rule graph.

Imports nothing else of geomill's.  The names below load on first use (PEP 562), so that
``geomill.engine.errors`` — which every command's error handling needs — costs no sympy.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from .errors import GeomillError, ModelError, ParseError, SolveError, Span

if TYPE_CHECKING:
    from .model import ELEMENT_FORMS, Fact, Problem, QKind, Quantity, Query, ShapeDecl, element_text, variable

_LAZY = {name: ".model" for name in ("ELEMENT_FORMS", "Fact", "Problem", "QKind", "Quantity", "Query", "ShapeDecl",
                                     "element_text", "variable")}

__all__ = [
    "ELEMENT_FORMS", "Fact", "GeomillError", "ModelError", "ParseError", "Problem", "QKind", "Quantity",
    "Query", "ShapeDecl", "SolveError", "Span", "element_text", "variable",
]


def __getattr__(name: str):
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_LAZY[name], __name__), name)
    globals()[name] = value
    return value
