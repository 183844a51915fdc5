"""Floor 2: deduction over the fact/rule graph, numeric and rounded values, solution writing.

Builds on ``engine`` only.  ``solve`` and ``Solution`` load on first use (``engine.lazy``): a command that
needs only the numeric model (``geomill render`` of a textbook problem) does not import deduction's
graph library.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from geomill.engine.lazy import lazy_attributes

if TYPE_CHECKING:
    from .geomverse import Solution, solve

_LAZY = {"Solution": ".geomverse", "solve": ".geomverse"}
__all__ = ["Solution", "solve"]
__getattr__ = lazy_attributes(__name__, _LAZY, globals())
