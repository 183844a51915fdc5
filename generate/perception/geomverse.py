"""Perception questions on the very figures of generated GeomVerse problems.

A problem is generated as ``geomill generate`` would (its own seed, part ``<part>/figure``), laid
out and drawn in geomill's coloured style exactly as its record's image; then every question of
the task the figure can answer is listed (every triple or ordered quadruple of points, every pair
of drawn segments, every angle between two drawn strokes) and one with the slot's target value
is picked.  A figure with none is passed over for the next.  Labels are then re-derived by
``perception.derive`` like those of the constructions.
"""
from __future__ import annotations

import itertools
import random
import warnings

from geomill.engine.errors import GeomillError
from geomill.engine.geometry import angle_at, distance
from geomill.engine.model import split_points
from geomill.render.claims import check_claim, edge_drawn
from geomill.render.scene_io import plain_dict, scene_from_dict

from ..geomverse.config import GenConfig
from .construct import Unbuildable
from .questions import CHOICES, MARGIN, NEAR_MISSES, Question

FIGURE_CONFIG = GenConfig(depth=2, randomize=True, max_depth=3, images=False)
MIN_ANGLE = 12.0  # a True polygon's corners, degrees: no slivers
GAP = 0.05  # of the figure's extent: a near miss of the intersect task leaves this gap


def figure(seed, part: str, k: int):
    """Problem ``k`` of the hidden part ``<part>/figure``: (solution, scene, annotation knobs)."""
    from geomill.dsl import parse
    from geomill.render.layout import layout
    from geomill.solvers import solve

    from ..geomverse.pipeline import make_record
    from ..shared import Tally

    record, _ = make_record(FIGURE_CONFIG, seed, f"{part}/figure", k, Tally())
    sol = solve(parse(record["dsl"]))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        scene = layout(sol, seed=k)
    return sol, scene, record["knobs"]


def draw(sol, scene, knobs: dict, size: int) -> tuple[bytes, dict]:
    """The figure as the problem's record draws it, but always with its point letters (coordinate
    annotation: every question names points, and a figure without their letters cannot answer it),
    and its label export (``render.attribution.figure_labels``)."""
    from geomill.render.annotate import Annotation
    from geomill.render.attribution import figure_labels

    from ..geomverse.pipeline import _RENDERERS

    if ("perception", size) not in _RENDERERS:
        from geomill.render.draw import Renderer
        _RENDERERS[("perception", size)] = Renderer(size=size)
    ann = Annotation.build(scene, sol, style="coordinate", values=knobs["values"])
    png, drawing = _RENDERERS[("perception", size)].figure(scene, ann)
    if drawing.misread:
        raise Unbuildable("figure: a label reads as another element's")
    return png, figure_labels(drawing)


def candidates(task: str, sc, want, miss: str | None, margin: float) -> list[tuple]:
    """Every question of ``task`` on scene ``sc`` whose value is ``want`` (True/False or an option),
    as tuples of point-name groups; ``miss`` the wanted near miss of a False polygon."""
    names = sorted(sc.points)
    xy = sc.points
    x0, y0, x1, y1 = sc.bounds()
    extent = max(x1 - x0, y1 - y0)
    drawn = [(a, b) for a, b in itertools.combinations(names, 2) if edge_drawn(sc, a, b)]
    out: list[tuple] = []
    if task in ("triangle", "quadrilateral"):
        k = 3 if task == "triangle" else 4
        seen = set()
        for combo in itertools.permutations(names, k):
            key = frozenset(zip(combo, combo[1:] + combo[:1])) | frozenset(zip(combo[1:] + combo[:1], combo))
            if combo[0] != min(combo) or key in seen:
                continue
            seen.add(key)
            v = check_claim(sc, f"there is a {task} {''.join(combo)}")
            if want and v.truth:
                if min(angle_at(xy[combo[i - 1]], xy[combo[i]], xy[combo[(i + 1) % k]]) for i in range(k)) >= MIN_ANGLE:
                    out.append(("".join(combo),))
            elif not want and not v.truth:
                kind = ("missing side" if v.detail.startswith("edges not drawn") and v.measured == (k - 1) / k
                        else "collinear" if v.detail == "degenerate" and v.measured == 1
                        else "crossing" if v.detail == "self-intersecting" else None)
                if kind == miss:
                    out.append(("".join(combo),))
    elif task == "length":
        for (a, b), (c, d) in itertools.permutations(drawn, 2):
            r = distance(xy[a], xy[b]) / distance(xy[c], xy[d])
            if abs(r / want - 1) <= margin * 0.1:
                out.append((a + b, c + d))
    elif task == "angle":
        for p, v, q in corners(drawn):
            if abs(angle_at(xy[p], xy[v], xy[q]) - want) <= margin * 5:
                out.append((p + v + q,))
    elif task == "area":
        polys = [c for n in (3,) for c in itertools.combinations(names, n)
                 if check_claim(sc, f"triangle {''.join(c)}").truth]
        for p, q in itertools.permutations(polys, 2):
            v = check_claim(sc, f"area {''.join(p)} : area {''.join(q)} = {want}")
            if abs(v.measured / want - 1) <= margin * 0.1:
                out.append(("".join(p), "".join(q)))
    elif task == "intersect":
        for (a, b), (c, d) in itertools.combinations(drawn, 2):
            if {a, b} & {c, d}:
                continue
            v = check_claim(sc, f"{a}{b} and {c}{d} intersect")
            if v.truth != want:
                continue
            if want and _interior(xy[a], xy[b], xy[c], xy[d]) or not want and _gap(xy, a, b, c, d) >= GAP * extent:
                out.append((a + b, c + d))
    return out


def corners(drawn: list[tuple[str, str]]):
    """(p, v, q) for every two drawn segments vp and vq that share exactly one end v."""
    for (a, b), (c, d) in itertools.combinations(drawn, 2):
        shared = {a, b} & {c, d}
        if len(shared) == 1:
            (v,) = shared
            yield ({a, b} - shared).pop(), v, ({c, d} - shared).pop()


def _interior(a, b, c, d) -> bool:
    from .construct import crossing

    hit = crossing(a, b, c, d)
    return hit is not None and 0.1 <= hit[0] <= 0.9 and 0.1 <= hit[1] <= 0.9


def _gap(xy, a, b, c, d) -> float:
    from shapely.geometry import LineString

    return LineString([xy[a], xy[b]]).distance(LineString([xy[c], xy[d]]))


def question(cfg, seed, part: str, figure_index: int, slot: int, attempt: int, rng: random.Random):
    """(scene dict, Question, (PNG, labels) or None) for a GeomVerse figure; ``Unbuildable`` when it has
    none, or when its figure would not show the letter of every point the question names."""
    task = cfg.task
    if task in CHOICES:
        want, miss = CHOICES[task][slot % len(CHOICES[task])], None
    else:
        want = slot % 2 == 0
        misses = NEAR_MISSES[task]
        miss = None if want else misses[(slot // 2) % len(misses)]
    try:
        sol, scene, knobs = figure(seed, part, figure_index * 1000 + attempt)
    except GeomillError as e:  # no problem or no layout for this draw
        raise Unbuildable(f"figure: {e}") from None
    scene_dict = plain_dict(scene)
    sc = scene_from_dict(scene_dict)
    found = []
    for kind in ([miss] + [m for m in NEAR_MISSES[task] if m != miss]) if miss else [None]:
        found = candidates(task, sc, want, kind, MARGIN * 0.9)
        if found:  # the wanted near miss, or failing that another the figure has
            miss = kind
            break
    if not found:
        raise Unbuildable(f"no {task} question with answer {want} on this figure")
    q = Question(task, rng.choice(sorted(found)), want, miss=miss or "")
    if not cfg.images:
        return scene_dict, q, None
    png, labels = draw(sol, scene, knobs, cfg.image_size)
    shown = {lab["element"][6:] for lab in labels["labels"] if lab["element"].startswith("point ")}
    missing = sorted({n for group in q.names for n in split_points(group)} - shown)
    if missing:
        raise Unbuildable(f"figure: no letter for {', '.join(missing)}")
    return scene_dict, q, (png, labels)
