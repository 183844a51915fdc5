"""Floor 3: figures.  A solved problem is laid out to scale (``layout``), drawn in
GeomVerse's annotation styles (``annotate``, ``draw``), verified pixel by pixel
(``raster``) and questioned VisOnlyQA-style (``claims``).

Builds on ``engine`` and ``solvers``; matplotlib is imported only by ``draw``.  The names below load
on first use (PEP 562): a module of this floor costs only its own imports.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .layout import LayoutError, layout
    from .scene import Scene

_LAZY = {"LayoutError": ".layout", "layout": ".layout", "Scene": ".scene"}

__all__ = ["LayoutError", "Scene", "layout"]


def __getattr__(name: str):
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_LAZY[name], __name__), name)
    globals()[name] = value
    return value
