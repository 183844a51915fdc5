"""matplotlib's classes the renderer draws with, imported without the docstrings matplotlib writes as it imports.

Why: ``geomill render`` is a command a person waits on (issue 38: under 1 s), and its start-up is most of it.
matplotlib builds every Artist subclass's ``set()`` docstring as the class is defined, listing each property's
accepted values (``matplotlib.artist.kwdoc``): about a fifth of importing it (0.41 against 0.33 s of CPU here), for
text no figure shows.  ``kwdoc`` is set aside only while these modules load; ``set()``'s signature is still built,
and every class behaves as before (figures byte-identical).  A process that imported them before keeps its own.

``matplotlib.figure`` (with the Axes, projections and mplot3d it imports: about a fifth again) is not among them:
a PNG is drawn on a bare ``RendererAgg`` (``draw.Renderer``), and ``figure_parts`` imports it for what needs a
real Figure (SVG output, the perception figures' artists).
"""
from __future__ import annotations

import matplotlib.artist as _artist

_kwdoc = _artist.kwdoc
_artist.kwdoc = lambda artist: ""
try:
    from matplotlib.backends.backend_agg import RendererAgg, get_hinting_flag
    from matplotlib.collections import LineCollection
    from matplotlib.colors import to_rgba
    from matplotlib.font_manager import FontProperties, fontManager, get_font
    from matplotlib.patches import Circle, PathPatch, Rectangle
    from matplotlib.path import Path
    from matplotlib.text import Text
finally:
    _artist.kwdoc = _kwdoc

__all__ = ["Circle", "FontProperties", "LineCollection", "Path", "PathPatch", "Rectangle", "RendererAgg", "Text",
           "figure_parts", "fontManager", "get_font", "get_hinting_flag", "to_rgba"]


def figure_parts():
    """``matplotlib.figure.Figure`` and ``FigureCanvasAgg``, imported (docstrings set aside as above) on first use."""
    _artist.kwdoc = lambda artist: ""
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    finally:
        _artist.kwdoc = _kwdoc
    return Figure, FigureCanvasAgg
