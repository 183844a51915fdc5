"""Scenes as plain JSON: imported from points-and-strokes metadata, and written back.

The import format is the metadata style of VisOnlyQA's SyntheticGeometry and of Inter-GPS::

    {"points": {"A": [x, y], ...}, "lines": [["A", "B", "C"], ...],
     "circles": [{"centre": [x, y], "radius": r}, ...]}

A line is one straight stroke through the points listed on it, from its first to its last
point (from its two extreme points, should the list be out of order), so every segment
between two of its points is drawn; the listed points are on it whatever rounding their
coordinates had (see ``render.claims`` for the whole drawn-segment rule).  A listed membership is
the author's statement: a point is refused as off its line only beyond what the rounding of the
coordinates, as written, can explain (VisOnlyQA writes two decimals); between ``LISTED_TOL`` of the
figure and that (at most ``ROUNDED_TOL``), the scene is read with a warning (``Scene.warnings``).  Circles are drawn
whole.  ``geomill scene --json`` output (``segments``, ``arcs``, ``measured``) is read too.
"""
from __future__ import annotations

import json
import math
from pathlib import Path

from geomill.engine.errors import GeomillError
from geomill.engine.jsontext import read_json_file
from geomill.engine.model import split_points

from .scene import Scene, SceneArc

LISTED_TOL = 0.01  # of the figure's extent: a point listed on a line may be this far off it
ROUNDED_TOL = 0.025  # of the extent: never more off than this, whatever the rounding (plainly off a line)
MAX_DECIMALS = 6  # coordinates written with more decimals than this count as unrounded


class SceneFormatError(GeomillError):
    """The scene file is not a scene."""


def load_scene(path: str | Path) -> Scene:
    """The scene in a JSON file (errors name the file)."""
    data = read_json_file(path, "the scene")
    try:
        return scene_from_dict(data)
    except GeomillError as e:
        raise e.located(str(path)) from None


def _xy(value, what: str) -> tuple[float, float]:
    ok = (isinstance(value, (list, tuple)) and len(value) == 2
          and all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in value))
    if not ok:
        raise SceneFormatError(f"{what} must be [x, y] with two finite numbers, not {json.dumps(value)[:60]}")
    return float(value[0]), float(value[1])


def _number(value, what: str) -> float:
    if not (isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)):
        raise SceneFormatError(f"{what} must be a finite number, not {json.dumps(value)[:60]}")
    return float(value)


def _listed(data: dict, key: str) -> list:
    """A scene's list field (``lines``, ``segments``, ``circles``, ``arcs``): [] where absent, refused where not a list."""
    value = data.get(key, [])
    if not isinstance(value, list):
        raise SceneFormatError(f'"{key}" must be a list, not {json.dumps(value)[:60]}')
    return value


def scene_from_dict(data) -> Scene:
    """A scene from the import format or from ``geomill scene --json`` output."""
    if not isinstance(data, dict) or not isinstance(data.get("points"), dict) or not data["points"]:
        raise SceneFormatError('a scene is an object with "points": {"A": [x, y], ...} and "lines" or "segments"')
    points: dict[str, tuple[float, float]] = {}
    for name, xy in data["points"].items():
        try:
            single = len(split_points(name)) == 1
        except ValueError:
            single = False
        if not single:
            raise SceneFormatError(f"{name!r} is not a point name (a capital letter, digits, primes)")
        points[name] = _xy(xy, f"point {name}")
    lines = [tuple(x) if isinstance(x, (list, tuple)) else x for x in _listed(data, "lines")]
    lines += [tuple(x) if isinstance(x, (list, tuple)) else x for x in _listed(data, "segments")]
    for i, line in enumerate(lines):
        if not isinstance(line, tuple) or len(line) < 2 or not all(isinstance(n, str) for n in line):
            raise SceneFormatError(f"line {i + 1} must be a list of two or more point names")
        unknown = [n for n in line if n not in points]
        if unknown:
            raise SceneFormatError(f"line {i + 1} ({'-'.join(line)}) names no point {', '.join(unknown)}")
        if len(set(line)) != len(line):
            raise SceneFormatError(f"line {i + 1} ({'-'.join(line)}) lists a point twice")
    arcs = [SceneArc(_xy(c.get("centre", c.get("center")) if isinstance(c, dict) else None, f"circle {i + 1}'s centre"),
                     _radius(c, i), 0.0, 360.0) for i, c in enumerate(_listed(data, "circles"))]
    for i, a in enumerate(_listed(data, "arcs")):
        if not isinstance(a, dict):
            raise SceneFormatError(f"arc {i + 1} must be an object with centre, radius, start, end")
        arcs.append(SceneArc(_xy(a.get("centre"), f"arc {i + 1}'s centre"), _radius(a, i),
                             _number(a.get("start"), f"arc {i + 1}'s start"),
                             _number(a.get("end"), f"arc {i + 1}'s end"),
                             str(a.get("shape", ""))))
    measured = data.get("measured", {})
    if not isinstance(measured, dict):
        raise SceneFormatError('"measured" must be an object')
    scene = Scene(points, [], arcs, [], measured={k: _number(v, k) for k, v in measured.items()})
    x0, y0, x1, y1 = scene.bounds()
    extent = max(x1 - x0, y1 - y0, *(a.radius for a in arcs), 1e-9)
    quiet = LISTED_TOL * extent
    rounding = rounding_reach(points.values())
    for line in lines:
        scene.segments.append(_stroke(points, line, quiet, max(quiet, min(rounding, ROUNDED_TOL * extent)),
                                       scene.warnings))
    scene.lines = [tuple(line) for line in lines if len(line) > 2]
    return scene


def _radius(c, i: int) -> float:
    r = _number(c.get("radius") if isinstance(c, dict) else None, f"circle {i + 1}'s radius")
    if r <= 0:
        raise SceneFormatError(f"circle {i + 1}'s radius must be positive")
    return r


def decimals(value: float) -> int:
    """How many decimals ``value`` is written with (its shortest repr; MAX_DECIMALS + 1 for more)."""
    text = repr(float(value))
    if "e" in text or "n" in text:
        return MAX_DECIMALS + 1
    frac = text.split(".")[1].rstrip("0") if "." in text else ""
    return min(len(frac), MAX_DECIMALS + 1)


def rounding_reach(points) -> float:
    """How far off its line rounding alone can set a point listed on it: each coordinate of the point
    and of the line's two ends may be off by half the last written decimal, so the point by
    (√2 / 2)·q and the line, at any of its points, by as much again: √2·q, q = 10^-decimals."""
    d = max((decimals(v) for p in points for v in p), default=MAX_DECIMALS + 1)
    return 0.0 if d > MAX_DECIMALS else math.sqrt(2) * 10.0 ** -d


def _stroke(points, line: tuple[str, ...], quiet: float, tol: float | None = None,
            warnings: list[str] | None = None) -> tuple[str, str]:
    """The two extreme points of a line; every listed point must lie on the stroke between them:
    within ``quiet`` silently, within ``tol`` (the coordinates' rounding) with a warning."""
    tol = quiet if tol is None else tol
    (ax, ay), (bx, by) = points[line[0]], points[line[-1]]
    if len(line) == 2:
        if (ax, ay) == (bx, by):
            raise SceneFormatError(f"line {'-'.join(line)} has no length")
        return line[0], line[1]
    far = max(((p, q) for p in line for q in line), key=lambda pq: math.dist(points[pq[0]], points[pq[1]]))
    (ax, ay), (bx, by) = points[far[0]], points[far[1]]
    length = math.hypot(bx - ax, by - ay)
    if length <= 0:
        raise SceneFormatError(f"line {'-'.join(line)} has no length")
    for n in line:
        x, y = points[n]
        off = abs((x - ax) * (by - ay) - (y - ay) * (bx - ax)) / length
        if off > tol:
            raise SceneFormatError(f"point {n} is listed on line {'-'.join(line)} but lies {off:.4g} off it"
                                   + (f", more than the rounding of its coordinates explains ({tol:.4g})"
                                      if tol > quiet else ""))
        if off > quiet and warnings is not None:
            warnings.append(f"point {n} is listed on line {'-'.join(line)} but lies {off:.4g} off it "
                            f"(within the rounding of the coordinates, {tol:.4g}): taken as on it")
    return far


def plain_dict(scene: Scene) -> dict:
    """The scene in the import format (whole circles as ``circles``, other arcs as ``arcs``)."""
    out: dict = {"points": {k: [v[0], v[1]] for k, v in scene.points.items()}}
    listed = [list(m) for m in scene.lines]
    covered = {frozenset((a, b)) for m in scene.lines for a in m for b in m}
    out["lines"] = listed + [[a, b] for a, b in scene.segments if frozenset((a, b)) not in covered]
    out["circles"] = [{"centre": list(a.centre), "radius": a.radius} for a in scene.arcs if a.sweep >= 360 - 1e-9]
    arcs = [a.to_dict() for a in scene.arcs if a.sweep < 360 - 1e-9]
    if arcs:
        out["arcs"] = arcs
    return out
