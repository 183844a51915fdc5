"""Figures of general problems: the numeric model's coordinates drawn plain (VisOnlyQA style:
black strokes, point letters), through the same scene, renderer and claim checker as perception
figures.  Drawn: every line, every polygon's sides, every segment a relation or a fact names, and
every circle whole."""
from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
from geomill.engine.plane import GeneralProblem, elements_in
from geomill.engine.relations import BLOCKS_BY_KEY
from geomill.solvers.numeric import APPROXIMATE, NumericModel, build_model

from .scene import Scene
from .scene_io import scene_from_dict


def general_scene(problem: GeneralProblem, seed: int = 0,
                  model: NumericModel | None = None) -> tuple[NumericModel, Scene]:
    """The model of the problem (``model`` when one is given: the solver's) and its plain scene (a
    SolveError when no figure fits, even one that misses the givens by APPROXIMATE; ``model.misfit``
    says when it misses them)."""
    if model is None:
        model = build_model(problem, seed=seed, check_goal=False, tolerate=APPROXIMATE)
    pts = {n: [float(v[0]), float(v[1])] for n, v in model.coords.items()}
    strokes: list[tuple[str, ...]] = [ln.points for ln in problem.lines]
    covered = {frozenset((a, b)) for s in strokes for a in s for b in s if a != b}

    def add(a: str, b: str) -> None:
        if a != b and frozenset((a, b)) not in covered:
            strokes.append((a, b))
            covered.add(frozenset((a, b)))

    for a, b in named_segments(problem, sides_of_angles=False):
        add(a, b)
    for a, b in extensions(problem, pts, set(covered)):
        add(a, b)
    circles = [{"centre": pts[c.centre], "radius": model.radius(c.centre)} for c in problem.circles]
    scene = scene_from_dict({"points": pts, "lines": [list(s) for s in strokes], "circles": circles})
    return model, scene



def named_segments(problem: GeneralProblem, sides_of_angles: bool = True) -> list[tuple[str, str]]:
    """The segments a figure draws beyond its lines: every polygon side, every segment a relation names,
    every length a fact or the goal names, and (``sides_of_angles``) the sides of every named angle and polygon
    (an area or perimeter) and the radii of every named arc, sector and radius (a textbook figure draws what its problem names)."""
    out = [(a, b) for poly in problem.polygons for a, b in zip(poly.points, poly.points[1:] + poly.points[:1])]
    out += [(arg[0], arg[1]) for rel in problem.relations for arg in rel.args if len(arg) == 2]
    exprs = [f.lhs - f.rhs for f in problem.facts] + ([problem.goal.expr] if problem.goal else [])
    for el in (el for e in exprs for el in elements_in(e)):
        p, k = el.points, el.kind.key
        if k == "length":
            out.append((p[0], p[1]))
        elif not sides_of_angles:
            continue
        elif k == "angle":
            out += [(p[1], p[0]), (p[1], p[2])]
        elif k in ("arc", "arc_length", "sector_area", "sector_perimeter"):
            out += [(p[0], p[1]), (p[0], p[2])]
        elif k == "radius" and (end := radius_end(problem, p[0])) is not None:
            out.append((p[0], end))
        elif k in ("area", "perimeter") and len(p) >= 3:  # (a region a fact or the goal names: its sides)
            out += list(zip(p, p[1:] + p[:1]))
    return out


def extensions(problem: GeneralProblem, pts: Mapping[str, Sequence[float]],
               drawn: set[frozenset[str]]) -> list[tuple[str, str]]:
    """The extension a stated incidence needs ("E on AC extended", "P where AB meets CD" beyond B): where a
    relation puts three points on one line, a segment of two of them is drawn and the third lies beyond it,
    the segment from its nearer end to that point (a textbook extends the side; a height's extension is
    the height's own, dashed)."""
    out = []
    for rel in problem.relations:
        block = BLOCKS_BY_KEY[rel.key]
        if any(kind == "height" for kind, *_ in block.marks):
            continue
        for trio in block.collinear(rel.args):
            for far in trio:
                a, b = (p for p in trio if p != far)
                if frozenset((a, b)) not in drawn:
                    continue
                pa, pb, pf = (np.asarray(pts[p], float) for p in (a, b, far))
                ab = pb - pa
                t = float((pf - pa) @ ab / max(float(ab @ ab), 1e-12))
                if t > 1 + 1e-6:
                    out.append((b, far))
                elif t < -1e-6:
                    out.append((a, far))
    return out


def radius_end(problem: GeneralProblem, centre: str) -> str | None:
    """The point on the circle its radius is drawn to: one whose radius no other point splits (a radius
    along a line through other points reads as their segment's)."""
    c = problem.circle(centre)
    if c is None or not c.points:
        return None
    for p in c.points:
        if not any(centre in ln.points and p in ln.points and abs(ln.points.index(centre) - ln.points.index(p)) > 1
                   for ln in problem.lines):
            return p
    return c.points[0]
