"""One shape in its own frame: construction parameters that reproduce known values.

Driven only by the catalogue's construction: a parameter named like a known
element takes its value directly; every other parameter (the offset of a
trapezoid's top base, the angle of a triangle whose two sides only are known,
the ray angle of an angle relation) is found by least squares against all the
known element values, from seeded starting points, so that a free element
gets a valid, non-degenerate value that contradicts nothing.
"""
from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Iterator, Mapping
from functools import cache

from geomill.engine.geometry import (
    angle_at,
    construct,
    construction_function,
    distance,
    measure,
    outline_pieces,
    piece_length,
    signed_area,
)
from geomill.engine.kinds import ShapeKind
from geomill.engine.model import QKind
from geomill.engine.rules import chain
from geomill.solvers.lsq import levenberg_marquardt

REL_TOL = 1e-7
GENERIC = 0.4  # where in a free parameter's sample range the first try starts
MAX_ITERATIONS = 40
ROOT_COST = (REL_TOL * 0.01) ** 2  # squared misfit that counts as a root
STALL_COST = 1e-8  # above this, four steps in a row that fail to halve the misfit mean no root is near


@cache
def length_params(kind: ShapeKind) -> frozenset[str]:
    """Parameters that scale with the figure: doubling them (and only them) doubles every coordinate.

    Found by trying, so that a parameter such as the trapezoid's offset ``g``
    is recognised as a length without a per-kind table."""
    cons = kind.construction
    mid = {p.name: sum(cons.sample.get(p, (1.0, 2.0))) / 2 for p in cons.params}
    base = construct(kind, mid)
    lengths = {p.name for p in cons.params if p.name in kind.elements and kind.elements[p.name].kind is QKind.LENGTH}
    others = [p.name for p in cons.params if p.name not in lengths and
              not (p.name in kind.elements and kind.elements[p.name].kind is QKind.ANGLE)]
    for extra in [[]] + [[o] for o in others]:
        names = lengths | set(extra)
        if not names:
            continue
        scaled = construct(kind, {k: v * 2 if k in names else v for k, v in mid.items()})
        if all(math.isclose(scaled[k][i], 2 * base[k][i], rel_tol=1e-9, abs_tol=1e-9) for k in base for i in (0, 1)):
            return frozenset(names)
    return frozenset(lengths)


def is_valid(kind: ShapeKind, params: Mapping[str, float], values: Mapping[str, list[float]], scale: float) -> bool:
    """The construction is valid, the kind's constraints hold and nothing is degenerate."""
    valid = kind.valid_check
    try:
        if valid is not None and not valid(*(params[p.name] for p in kind.construction.params)):
            return False
        if not kind.satisfies({s: v[0] for s, v in values.items()}):
            return False
    except (ValueError, ZeroDivisionError, TypeError):
        return False
    for sym, vals in values.items():
        el = kind.elements[sym]
        floor = 0.5 if el.kind is QKind.ANGLE else 1e-3 * scale
        if el.kind is QKind.AREA:
            floor = 1e-4 * scale * scale
        if any(not math.isfinite(v) or v <= floor for v in vals):
            return False
        if el.kind is QKind.ANGLE and any(v >= 179.5 for v in vals):
            return False
    return True


def _misfit(kind: ShapeKind, targets: Mapping[str, float],
            pairs: list[tuple[int | str, int | str, float]]) -> Callable[[dict], list[float]]:
    """The relative errors of coordinates against ``targets`` and the distances in ``pairs``, as one
    function with its parts looked up once: the least-squares search evaluates it some hundreds of
    times where no figure fits."""
    terms = [(_first(kind, s), v, max(abs(v), 1.0)) for s, v in targets.items()]
    spans = [(i, j, d, max(d, 1.0)) for i, j, d in pairs]

    def errors(c: dict) -> list[float]:
        out = [(f(c) - v) / scale for f, v, scale in terms]
        out += [(distance(c[i], c[j]) - d) / scale for i, j, d, scale in spans]
        return out
    return errors


@cache
def _first(kind: ShapeKind, sym: str) -> Callable[[dict], float]:
    """``measure(kind, coords, [sym])[sym][0]`` as one function of the coordinates: the least-squares
    search evaluates the misfit thousands of times where no figure fits (a refused layout spent ~90 %
    of its time there), and only an element's first place is compared.  A side and an angle are the
    same expressions as ``measure``'s (the same floats); every other kind is ``measure`` itself."""
    el = kind.elements[sym]
    hypot = math.hypot
    if el.kind is QKind.LENGTH:
        i, j = el.at[0]
        return lambda c: hypot(c[j][0] - c[i][0], c[j][1] - c[i][1])
    if el.kind is QKind.ANGLE:
        i, v, j = el.at[0]
        return lambda c: angle_at(c[i], c[v], c[j])
    loops = kind.construction.outline
    if el.kind is QKind.AREA:
        return lambda c: abs(sum(signed_area(loop, c) for loop in loops))
    if el.kind is QKind.PERIMETER:
        pieces = outline_pieces(loops)
        return lambda c: sum(hypot(c[j][0] - c[i][0], c[j][1] - c[i][1]) if arc is None else piece_length(arc, c)
                             for i, j, arc in pieces)
    only = (sym,)
    return lambda c: measure(kind, c, only)[sym][0]


def fit(kind: ShapeKind, targets: Mapping[str, float], pairs: list[tuple[int | str, int | str, float]],
        rng: random.Random, tries: int = 12) -> Iterator[tuple[dict, dict]]:
    """Yield (params, coords) in the kind's frame that reproduce ``targets`` (symbol -> value)
    and the distances in ``pairs`` (vertex, vertex, distance); several for free choices."""
    cons = kind.construction
    targets = complete(kind, targets)
    lengths = [v for s, v in targets.items() if kind.elements[s].kind is QKind.LENGTH]
    lengths += [d for _, _, d in pairs]
    scale = statistics.median(lengths) / 11.0 if lengths else 1.0  # (numpy's costs ~0.2 ms on a few values)
    fixed = {p.name: targets[p.name] for p in cons.params if p.name in targets and p.name in kind.elements}
    free = [p for p in cons.params if p.name not in fixed]
    scaled = length_params(kind)
    seen: list[tuple[float, ...]] = []
    misfit = _misfit(kind, targets, pairs)
    for attempt in range(tries if free else 1):
        params = dict(fixed)
        x0 = []
        for p in free:
            lo, hi = cons.sample.get(p, (1.0, 2.0))
            k = scale if p.name in scaled else 1.0
            # first try a generic value, not the middle of the range: a free angle of 90 would
            # draw a parallelogram as a rectangle and suggest right angles the problem never gave
            x0.append(rng.uniform(lo, hi) * k if attempt else (lo + GENERIC * (hi - lo)) * k)
        if free:
            x = _solve(kind, params, free, x0, misfit)
            if x is None:
                continue
            params.update({p.name: float(v) for p, v in zip(free, x)})
        try:
            coords = construct(kind, params)
            err = misfit(coords)
        except (ValueError, ZeroDivisionError, OverflowError):
            continue
        if err and max(abs(e) for e in err) > REL_TOL:
            continue
        key = tuple(round(params[p.name] / (scale if p.name in scaled else 1.0), 3) for p in free)
        if key in seen:
            continue
        values = measure(kind, coords)
        if not is_valid(kind, params, values, scale):
            continue
        seen.append(key)
        yield params, coords


def complete(kind: ShapeKind, targets: Mapping[str, float]) -> dict[str, float]:
    """Every element the known ones determine, by the kind's own compiled rules, so that a
    parameter which follows from the known values is fixed rather than searched for."""
    return chain(kind.key, {**{s: float(v) for s, v in kind.constants.items()}, **targets})


def _solve(kind, fixed, free, x0, misfit: Callable[[dict], list[float]]) -> list[float] | None:
    """The free parameters' values from ``x0`` that reproduce the targets (``misfit`` zero), by the
    project's one least-squares solver (``solvers.lsq``: plain floats, as the problems here are tiny).

    None when no root is near: a step that no damping makes downhill, or progress that
    stalls far from zero, is a local minimum of the misfit, not a figure (the values
    contradict each other from here; most such targets have no root at all).

    The coordinates are ``construct``'s, its compiled function and the parameters' places looked
    up once for the whole search (the same operations, so the same floats)."""
    names = [p.name for p in free]
    keys, fn = construction_function(kind)
    places = list(enumerate(keys))
    slots = [(names.index(p.name), 0.0) if p.name in names else (-1, float(fixed[p.name]))
             for p in kind.construction.params]
    isfinite = math.isfinite

    def residual(x: list[float]) -> list[float] | None:
        try:
            flat = fn(*[float(x[k]) if k >= 0 else v for k, v in slots])
            r = misfit({key: (float(flat[2 * i]), float(flat[2 * i + 1])) for i, key in places})
        except (ValueError, ZeroDivisionError, OverflowError):
            return None
        if not r:
            return [0.0]
        return r if all(map(isfinite, r)) else None

    return levenberg_marquardt(residual, x0, tol=REL_TOL, root_cost=ROOT_COST, max_iterations=MAX_ITERATIONS,
                               stall_cost=STALL_COST)
