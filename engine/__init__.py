"""Floor 1: the problem model, the shape catalogue and the fact/rule graph.

Imports nothing else of geomill's.
"""
from .errors import GeomillError, ModelError, ParseError, SolveError, Span
from .model import ELEMENT_FORMS, Fact, Problem, QKind, Quantity, Query, ShapeDecl, element_text, variable

__all__ = [
    "ELEMENT_FORMS", "Fact", "GeomillError", "ModelError", "ParseError", "Problem", "QKind", "Quantity",
    "Query", "ShapeDecl", "SolveError", "Span", "element_text", "variable",
]
