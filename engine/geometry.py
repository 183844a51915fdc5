"""Coordinates of a kind's construction, and every element measured from them.

The measurements here use only coordinates (distances, atan2 angles, Green's
theorem areas over the outline, arc lengths): they are the independent check
on the catalogue's equations and the source of ``measured`` values in scenes.
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Mapping
from functools import cache

import sympy

from .kinds import Arc, Line, ShapeKind
from .model import QKind

Point = tuple[float, float]
Coords = dict  # vertex index or aux name -> (x, y)


@cache
def construction_function(kind: ShapeKind) -> tuple[list, Callable]:
    """The keys of ``construct``'s coordinates and the compiled function of the construction's
    parameters (in order) that gives them flat (x0, y0, x1, y1 …); compiled once per kind."""
    keys = list(kind.construction.coords)
    flat = [sympy.Float(0) + e for k in keys for e in kind.construction.coords[k]]
    fn = sympy.lambdify(kind.construction.params, flat, modules="math")
    return keys, fn


def construct(kind: ShapeKind, params: Mapping[str, float]) -> Coords:
    """Vertex (and aux point) coordinates for parameter values given by symbol name."""
    keys, fn = construction_function(kind)
    flat = fn(*(float(params[p.name]) for p in kind.construction.params))
    return {k: (float(flat[2 * i]), float(flat[2 * i + 1])) for i, k in enumerate(keys)}


def distance(p: Point, q: Point) -> float:
    return math.hypot(q[0] - p[0], q[1] - p[1])


def angle_at(p: Point, v: Point, q: Point) -> float:
    """The angle pvq in degrees, in [0, 180], from atan2."""
    a1 = math.atan2(p[1] - v[1], p[0] - v[0])
    a2 = math.atan2(q[1] - v[1], q[0] - v[0])
    d = abs(a1 - a2) % (2 * math.pi)
    return math.degrees(min(d, 2 * math.pi - d))


def line_distance(p: Point, a: Point, b: Point) -> float:
    return abs((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])) / distance(a, b)


def segment_distance(p: Point, a: Point, b: Point) -> float:
    """The distance from p to the segment ab (to its nearer end past either end)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    n2 = dx * dx + dy * dy
    t = 0.0 if n2 < 1e-24 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / n2))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def arc_sweep(piece: Arc, coords: Coords) -> tuple[Point, float, float, float]:
    """(centre, radius, start angle, signed sweep) of an arc piece, angles in radians."""
    o, s, e = coords[piece.centre], coords[piece.start], coords[piece.end]
    r = distance(o, s)
    t0 = math.atan2(s[1] - o[1], s[0] - o[0])
    t1 = math.atan2(e[1] - o[1], e[0] - o[0])
    if piece.ccw:
        sweep = (t1 - t0) % (2 * math.pi)
    else:
        sweep = -((t0 - t1) % (2 * math.pi))
    if abs(sweep) < 1e-12:
        sweep = 2 * math.pi if piece.ccw else -2 * math.pi
    return o, r, t0, sweep


def signed_area(loop: tuple[Line | Arc, ...], coords: Coords) -> float:
    """Green's theorem over straight and circular pieces (exact for arcs)."""
    total = 0.0
    for piece in loop:
        if isinstance(piece, Line):
            (x0, y0), (x1, y1) = coords[piece.start], coords[piece.end]
            total += x0 * y1 - x1 * y0
        else:
            (cx, cy), r, t0, sw = arc_sweep(piece, coords)
            t1 = t0 + sw
            total += cx * r * (math.sin(t1) - math.sin(t0)) - cy * r * (math.cos(t1) - math.cos(t0)) + r * r * sw
    return total / 2


def piece_length(piece: Line | Arc, coords: Coords) -> float:
    if isinstance(piece, Line):
        return distance(coords[piece.start], coords[piece.end])
    _, r, _, sw = arc_sweep(piece, coords)
    return r * abs(sw)


@cache
def outline_pieces(loops: tuple) -> tuple[tuple[int | str, int | str, Arc | None], ...]:
    """An outline's pieces in order as (start, end, the arc or None for a straight piece), split
    once per outline: the layout measures the same kinds thousands of times."""
    return tuple((p.start, p.end, p if isinstance(p, Arc) else None) for loop in loops for p in loop)


def measure(kind: ShapeKind, coords: Coords, only: Iterable[str] | None = None) -> dict[str, list[float]]:
    """Every element symbol of ``kind`` (or ``only`` these) -> its measured value at each place it is bound."""
    out: dict[str, list[float]] = {}
    loops = kind.construction.outline
    hypot = math.hypot
    for sym in kind.elements if only is None else only:
        el = kind.elements[sym]
        k = el.kind
        if k is QKind.LENGTH:
            out[sym] = [hypot(coords[j][0] - coords[i][0], coords[j][1] - coords[i][1]) for i, j in el.at]
        elif k is QKind.ANGLE:
            out[sym] = [angle_at(coords[i], coords[v], coords[j]) for i, v, j in el.at]
        elif k is QKind.AREA:
            out[sym] = [abs(sum(signed_area(loop, coords) for loop in loops))]
        elif k is QKind.PERIMETER:
            out[sym] = [sum(hypot(coords[j][0] - coords[i][0], coords[j][1] - coords[i][1]) if arc is None
                            else piece_length(arc, coords) for i, j, arc in outline_pieces(loops))]
        elif k is QKind.ARC:
            out[sym] = [sum(piece_length(arc, coords) for _, _, arc in outline_pieces(loops) if arc is not None)]
        elif k is QKind.RADIUS:
            arc = next(arc for _, _, arc in outline_pieces(loops) if arc is not None)
            out[sym] = [arc_sweep(arc, coords)[1]]
        elif k is QKind.HEIGHT:
            v, a, b = el.foot
            out[sym] = [line_distance(coords[v], coords[a], coords[b])]
    return out


def sample_instance(kind: ShapeKind, rng: random.Random,
                    tries: int = 200) -> tuple[dict[str, float], Coords, dict[str, float]]:
    """A random valid instance: (params, coordinates, element values by symbol).

    Draws params in the construction's sample ranges and keeps the first draw
    that satisfies the construction's validity condition and the kind's
    constraints, so every rule derived from such instances stays in the domain.
    """
    cons = kind.construction
    for _ in range(tries):
        params = {p.name: rng.uniform(*cons.sample[p]) for p in cons.params}
        if kind.valid_check is not None and not kind.valid_check(*(params[p.name] for p in cons.params)):
            continue
        try:
            coords = construct(kind, params)
        except (ValueError, ZeroDivisionError):
            continue
        values = {sym: vals[0] for sym, vals in measure(kind, coords).items()}
        if min(values.values()) > 1e-6 and kind.satisfies(values):
            return params, coords, values
    raise RuntimeError(f"could not sample a valid {kind.key}")
