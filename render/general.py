"""Figures of general problems: the numeric model's coordinates drawn plain (VisOnlyQA style:
black strokes, point letters), through the same scene, renderer and claim checker as perception
figures.  Drawn: every line, every polygon's sides, every segment a relation or a fact names, and
every circle whole."""
from __future__ import annotations

from geomill.engine.plane import GeneralProblem, elements_in
from geomill.solvers.numeric import NumericModel, build_model

from .scene import Scene
from .scene_io import scene_from_dict

APPROXIMATE = 0.05  # givens that disagree by up to 5 % are drawn all the same (the import's tolerance)


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

    for poly in problem.polygons:
        for i, a in enumerate(poly.points):
            add(a, poly.points[(i + 1) % len(poly.points)])
    for rel in problem.relations:
        for arg in rel.args:
            if len(arg) == 2:
                add(*arg)
    exprs = [f.lhs - f.rhs for f in problem.facts] + ([problem.goal.expr] if problem.goal else [])
    for e in exprs:
        for el in elements_in(e):
            if el.kind.key == "length":
                add(*el.points)
    circles = [{"centre": pts[c.centre], "radius": model.radius(c.centre)} for c in problem.circles]
    scene = scene_from_dict({"points": pts, "lines": [list(s) for s in strokes], "circles": circles})
    return model, scene


def general_labels(scene: Scene, size: int) -> dict:
    """The label export of a plain figure: each point's letter, its box, in pixels (y down)."""
    from .plain import label_positions, to_pixels

    px, at = to_pixels(scene, size), label_positions(scene, size)
    half = size * 0.02
    return {"size": [size, size],
            "points": {k: [round(x, 2), round(size - y, 2)] for k, (x, y) in px.items()},
            "segments": [[a, b] for a, b in scene.segments],
            "labels": [{"text": k, "element": f"point {k}",
                        "bbox": [round(x - half, 2), round(size - y - half, 2), round(x + half, 2),
                                 round(size - y + half, 2)], "leader": None} for k, (x, y) in at.items()]}
