"""Floor 3: figures.  A solved problem is laid out to scale (``layout``), drawn in
GeomVerse's annotation styles (``annotate``, ``draw``), verified pixel by pixel
(``raster``) and questioned VisOnlyQA-style (``claims``).

Builds on ``engine`` and ``solvers``; matplotlib is imported only by ``draw``.
"""
from .layout import LayoutError, layout
from .scene import Scene

__all__ = ["LayoutError", "Scene", "layout"]
