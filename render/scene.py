"""A laid-out problem as plain data: points, what is drawn, and what it measures.

The scene is the contract between layout, drawing, the raster check and the
perception checker: everything downstream reads coordinates from here, and
``measured`` is computed from these coordinates alone (never copied from the
solver), so comparing it with the solver is an honest check of the layout.
"""
from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field

import numpy as np
from geomill.engine.geometry import angle_at, arc_sweep, distance, measure
from geomill.engine.kinds import KINDS, Arc, Line
from geomill.engine.model import QKind, Quantity, ShapeDecl
from shapely.geometry import LinearRing, Polygon

XY = tuple[float, float]
Loop = tuple  # tuple[Line | Arc, ...] over keys of SceneShape.coords

MAX_ARC_STEP_DEG = 1.0


@dataclass
class SceneArc:
    """A drawn circular arc: counter-clockwise from ``start`` to ``end`` (degrees)."""

    centre: XY
    radius: float
    start: float
    end: float
    shape: str = ""

    @property
    def sweep(self) -> float:
        s = (self.end - self.start) % 360.0
        return 360.0 if s < 1e-9 else s

    def contains_angle(self, deg: float, tol: float = 1e-6) -> bool:
        return (deg - self.start) % 360.0 <= self.sweep + tol or (self.start - deg) % 360.0 <= tol

    def to_dict(self) -> dict:
        return {"centre": list(self.centre), "radius": self.radius, "start": self.start, "end": self.end,
                "shape": self.shape}


@dataclass
class SceneShape:
    """One shape with an interior: its outline in scene coordinates and its fill colour name.

    ``coords`` maps the kind's vertex indices and aux names (``"O"``) to scene
    coordinates and ``loops`` is the kind's outline with arc directions
    corrected for a mirrored placement, so ``engine.geometry.measure`` works
    on it unchanged.
    """

    name: str
    kind: str
    points: tuple[str, ...]
    coords: dict
    loops: tuple[Loop, ...]
    colour: str = ""
    colour_rgb: tuple[float, float, float] = (0.5, 0.5, 0.5)
    shade: float = 0.0  # an opacity of its own, drawn whatever the style's (an asked sector's grey in a plain figure)

    @property
    def outline(self) -> list[XY]:
        """The outer boundary, closed (first point repeated), arcs at most 1° per step."""
        return densify(self.loops[0], self.coords)

    @property
    def holes(self) -> list[list[XY]]:
        return [densify(loop, self.coords) for loop in self.loops[1:]]

    def rings(self) -> list[np.ndarray]:
        """``outline`` and then ``holes`` as (n, 2) arrays (what drawing wants: no Python floats).

        Made once and handed out read-only: the frame, the judge and compose each ask for them (an
        arc's densifying is most of the cost), and the shape's coordinates and loops as they are
        now, compared on each ask, keep a changed shape from getting stale rings."""
        key = (tuple(self.coords.items()), self.loops)
        made = self.__dict__.get("_rings")
        if made is None or made[0] != key:
            rings = [densify_array(loop, self.coords) for loop in self.loops]
            for ring in rings:
                ring.flags.writeable = False
            made = self.__dict__["_rings"] = (key, rings)
        return list(made[1])

    def __getstate__(self) -> dict:  # (the rings are made again where the shape is unpickled)
        return {k: v for k, v in self.__dict__.items() if k != "_rings"}

    def to_dict(self) -> dict:
        d = {"name": self.name, "kind": self.kind, "points": list(self.points), "colour": self.colour,
             "outline": [list(p) for p in self.outline]}
        if len(self.loops) > 1:
            d["holes"] = [[list(p) for p in h] for h in self.holes]
        if self.shade:
            d["shade"] = self.shade
        return d


class Measures(Mapping[str, float]):
    """A scene's measurements, taken on first use: most generated figures are drawn and checked
    without anyone reading them, and measuring every element of every shape costs as much as
    a quarter of the layout."""

    def __init__(self, take: Callable[[], dict[str, float]]):
        self._take: Callable[[], dict[str, float]] | None = take
        self._values: dict[str, float] = {}

    def _all(self) -> dict[str, float]:
        if self._take is not None:
            self._values, self._take = self._take(), None
        return self._values

    def __getitem__(self, key: str) -> float:
        return self._all()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def __repr__(self) -> str:
        return f"Measures({self._all()!r})"

    def __reduce__(self):  # pickled (and so sent to another process) as the plain dict it stands for
        return dict, (self._all(),)


@dataclass
class Scene:
    points: dict[str, XY]
    segments: list[tuple[str, str]]
    arcs: list[SceneArc]
    shapes: list[SceneShape]
    measured: Mapping[str, float] = field(default_factory=dict)
    decls: tuple[ShapeDecl, ...] = ()
    heights: list[tuple[XY, XY]] = field(default_factory=list)  # (top, foot) drawn dashed
    height_shapes: list[str] = field(default_factory=list)  # the shape each of ``heights`` is the height of
    height_bases: list[tuple[XY, XY]] = field(default_factory=list)  # and the ends of the side it falls on
    seed: int = 0
    # imported scenes (render.scene_io): the points listed on each drawn line, which counts as
    # on it whatever rounding the coordinates had; a layout's scene leaves it empty
    lines: list[tuple[str, ...]] = field(default_factory=list)
    # imported scenes: what was accepted on the author's word (a listed point off its line by
    # no more than its coordinates' rounding), said once for the caller to show
    warnings: list[str] = field(default_factory=list)
    pad: float = 0.0  # px of canvas margin beyond the usual (a bracketed side's dimension line: render.textbook)

    # -- measuring --------------------------------------------------------------------------
    def shape(self, name: str) -> SceneShape | None:
        return next((s for s in self.shapes if s.name == name), None)

    def measure(self, q: Quantity) -> float:
        """``q`` measured from the coordinates (any two or three points, or a drawn shape)."""
        if q.kind is QKind.LENGTH:
            return distance(self.points[q.key[0]], self.points[q.key[1]])
        if q.kind is QKind.ANGLE:
            a, v, b = q.key
            return angle_at(self.points[a], self.points[v], self.points[b])
        shape = self.shape(q.key[0])
        if shape is None:
            raise KeyError(f"no drawn shape {q.key[0]}")
        kind = KINDS[shape.kind]
        sym = next(s for s, el in kind.elements.items() if el.kind is q.kind)
        return measure_shape(shape)[sym][0]

    def measure_all(self) -> dict[str, float]:
        """Every element of every shape (and relation), by ``str(quantity)``."""
        out: dict[str, float] = {}
        for decl in self.decls:
            kind = KINDS[decl.kind]
            shape = self.shape(decl.name)
            values = measure_shape(shape) if shape is not None else {}
            for sym, qs in kind.bind(decl).items():
                for i, q in enumerate(qs):
                    if q.kind in (QKind.LENGTH, QKind.ANGLE):
                        out[str(q)] = self.measure(q)
                    elif sym in values:
                        out[str(q)] = values[sym][min(i, len(values[sym]) - 1)]
        return out

    # -- geometry helpers -----------------------------------------------------------------------
    def bounds(self) -> tuple[float, float, float, float]:
        xs, ys = [], []
        for p in self.points.values():
            xs.append(p[0])
            ys.append(p[1])
        for s in self.shapes:
            for x, y in s.outline:
                xs.append(x)
                ys.append(y)
        return min(xs), min(ys), max(xs), max(ys)

    def segment_xy(self) -> list[tuple[XY, XY]]:
        return [(self.points[a], self.points[b]) for a, b in self.segments]

    # -- export -----------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        return {
            "points": {k: [v[0], v[1]] for k, v in self.points.items()},
            "segments": [list(s) for s in self.segments],
            "arcs": [a.to_dict() for a in self.arcs],
            "shapes": [s.to_dict() for s in self.shapes],
            "heights": [{"from": list(t), "foot": list(f)} for t, f in self.heights],
            "measured": dict(self.measured),
        }

    def to_json(self, indent: int | None = 1) -> str:
        return json.dumps(self.to_dict(), indent=indent)


def measure_shape(shape: SceneShape) -> dict[str, list[float]]:
    """The kind's own measurement (Green's theorem, arc lengths) on the scene outline."""
    kind = KINDS[shape.kind]
    saved = kind.construction.outline
    if shape.loops == saved:
        return measure(kind, shape.coords)
    return _measure_with_loops(kind, shape.coords, shape.loops)


def _measure_with_loops(kind, coords, loops) -> dict[str, list[float]]:
    """``engine.geometry.measure`` reads the outline from the kind; a mirrored shape
    has its arc directions flipped, so measure a view of the kind with those loops."""
    view = _KindView(kind, loops)
    return measure(view, coords)  # type: ignore[arg-type]


class _KindView:
    """A ShapeKind look-alike whose construction outline is replaced (for mirrored shapes)."""

    def __init__(self, kind, loops):
        self.elements = kind.elements
        self.construction = _ConstructionView(loops)


class _ConstructionView:
    def __init__(self, loops):
        self.outline = loops


def densify(loop: Loop, coords: dict) -> list[XY]:
    """A loop as a closed polyline; arcs are split into steps of at most 1°."""
    return [tuple(p) for p in densify_array(loop, coords).tolist()]


def densify_array(loop: Loop, coords: dict) -> np.ndarray:
    """``densify`` as an (n, 2) array: shapely builds polygons from arrays without a Python loop."""
    if not loop:
        return np.empty((0, 2))
    if all(isinstance(piece, Line) for piece in loop):  # a polygon (most outlines): its corners
        return np.array([coords[piece.start] for piece in loop] + [coords[loop[0].start]], dtype=float)
    parts: list[np.ndarray] = []
    for piece in loop:
        if isinstance(piece, Line):
            parts.append(np.asarray([coords[piece.start]], dtype=float))
        else:
            (cx, cy), r, t0, sweep = arc_sweep(piece, coords)
            n = max(2, math.ceil(abs(math.degrees(sweep)) / MAX_ARC_STEP_DEG))
            t = t0 + sweep * np.arange(n) / n
            parts.append(np.column_stack((cx + r * np.cos(t), cy + r * np.sin(t))))
    pts = np.concatenate(parts)
    return np.concatenate((pts, pts[:1]))


def flip_loops(loops: tuple[Loop, ...]) -> tuple[Loop, ...]:
    """The outline of a mirrored shape: every arc turns the other way."""
    return tuple(tuple(Arc(p.centre, p.start, p.end, not p.ccw) if isinstance(p, Arc) else p for p in loop)
                 for loop in loops)


def outline_polygon(loops: tuple[Loop, ...], coords: dict) -> Polygon | None:
    """The region a shape's outline bounds (holes included), or None where it is degenerate."""
    rings = [densify_array(loop, coords) for loop in loops]
    try:
        poly = Polygon(rings[0], rings[1:])
    except (ValueError, TypeError):
        return None
    if not poly.is_valid:
        # a hole touching the boundary (a square's inscribed circle) is fine to draw
        if not all(LinearRing(r).is_simple for r in rings):
            return None
        poly = poly.buffer(0)
    if poly.is_empty or poly.area <= 0:
        return None
    return poly
