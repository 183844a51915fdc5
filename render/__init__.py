"""Floor 3: figures.  A solved problem is laid out to scale (``layout.layout``), drawn in
GeomVerse's annotation styles (``annotate``, ``draw``), verified pixel by pixel
(``raster``) and questioned VisOnlyQA-style (``claims``).

Builds on ``engine`` and ``solvers``; matplotlib is imported only by ``draw``.  The names below load
on first use (PEP 562): a module of this floor costs only its own imports.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from geomill.engine.lazy import lazy_attributes

if TYPE_CHECKING:
    from .layout import LayoutError
    from .scene import Scene

# (no name of a submodule: importing ``geomill.render.layout`` would put the module in its place)
_LAZY = {"LayoutError": ".layout", "Scene": ".scene"}

__all__ = ["LayoutError", "Scene"]


__getattr__ = lazy_attributes(__name__, _LAZY, globals())
