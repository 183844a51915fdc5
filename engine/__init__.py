"""Floor 1: the problem model, the shape catalogue and the fact/rule graph.

Imports nothing else of geomill's.  The names below load on first use (PEP 562), so that
``geomill.engine.errors`` — which every command's error handling needs — costs no sympy.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import GeomillError, ModelError, ParseError, SolveError, Span
from .lazy import lazy_attributes

if TYPE_CHECKING:
    from .model import ELEMENT_FORMS, Fact, Problem, QKind, Quantity, Query, ShapeDecl, element_text, variable

_LAZY = {name: ".model" for name in ("ELEMENT_FORMS", "Fact", "Problem", "QKind", "Quantity", "Query", "ShapeDecl",
                                     "element_text", "variable")}

__all__ = [
    "ELEMENT_FORMS", "Fact", "GeomillError", "ModelError", "ParseError", "Problem", "QKind", "Quantity",
    "Query", "ShapeDecl", "SolveError", "Span", "element_text", "variable",
]


__getattr__ = lazy_attributes(__name__, _LAZY, globals())
