"""The attribution rules' one-box tests (``rule.one``, plain floats, asked of the first free candidates
one by one) against the same rules' vectorised tests: the same verdict on every box, on figures
the renderer composed (both annotation styles), boxes strewn round each labelled element and
round every point."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from geomill.dsl import parse_file
from geomill.render.annotate import Annotation
from geomill.render.draw import Renderer
from geomill.render.layout import LayoutError, layout
from geomill.solvers import solve

EXAMPLES = sorted((Path(__file__).resolve().parent.parent / "examples").glob("*.geo"))


def _drawings():
    renderer = Renderer()
    for path in EXAMPLES:
        sol = solve(parse_file(path))
        try:
            scene = layout(sol, seed=0)
        except LayoutError:
            continue
        for style in ("coordinate", "individual"):
            yield path.stem, renderer.compose(scene, Annotation.build(scene, sol, style, "image"))


def _boxes(rng, centres: np.ndarray, k: int) -> np.ndarray:
    """k boxes of label sizes round random ones of ``centres``, centres snapped as the placer snaps them."""
    c = np.rint(centres[rng.integers(len(centres), size=k)] + rng.normal(0, 28, (k, 2)))
    half = np.column_stack([rng.uniform(4, 45, k), rng.uniform(6, 9, k)])
    return np.concatenate([c - half, c + half], axis=1)


def test_one_box_tests_agree_with_the_vectorised_rules():
    rng = np.random.default_rng(5)
    checked = {True: 0, False: 0}
    for name, d in _drawings():
        rules = d.rules
        points = np.array(list(rules.points.values()))
        for lab in d.labels:
            rule = rules.rule(lab.role, lab.element)
            one = getattr(rule, "one", None)
            if one is None:
                continue
            boxes = np.concatenate([_boxes(rng, np.array([[lab.x, lab.y]]), 150), _boxes(rng, points, 150)])
            want = rule(boxes, None)
            for box, w in zip(boxes, want):
                assert one(box.tolist()) == bool(w), (name, lab.element, box.tolist())
                checked[bool(w)] += 1
    assert min(checked.values()) > 200, checked  # both verdicts well represented


@pytest.mark.parametrize("role", ["side", "angle"])
def test_the_placer_asks_one_box_tests_of_values(role):
    """The rules that side and angle values obey carry a one-box test (else the placer's fast path is gone)."""
    for _, d in _drawings():
        labs = [lab for lab in d.labels if lab.role == role]
        if labs:
            assert callable(getattr(d.rules.rule(role, labs[0].element), "one", None))
            return
    pytest.fail(f"no {role} value in the examples")


def test_shape_regions_agree_with_the_region_made_as_a_polygon():
    """``_Region`` (a shape label's region, tested without making it) against the region made as the
    fill less the union of every other fill grown by CLEAR: the same verdict on boxes and on points
    strewn over each labelled shape, near its neighbours above all (where the grown ones are asked)."""
    import shapely
    from geomill.render.attribution import CLEAR

    rng = np.random.default_rng(7)
    checked = {True: 0, False: 0}
    for name, d in _drawings():
        rules = d.rules
        for shape in rules.fills:
            own = rules.fills[shape]
            others = [f.buffer(CLEAR, quad_segs=2) for n, f in rules.fills.items() if n != shape]
            polygon = own.difference(shapely.union_all(others)) if others else own
            region = rules._region(shape)
            edge = np.concatenate([np.asarray(f.exterior.coords) for f in rules.fills.values()
                                   if hasattr(f, "exterior")])
            centres = np.concatenate([edge, [[own.centroid.x, own.centroid.y]]])
            boxes = _boxes(rng, centres, 300)
            want = shapely.contains(polygon, shapely.box(boxes[:, 0], boxes[:, 1], boxes[:, 2], boxes[:, 3]))
            got = region.holds_boxes(boxes)
            assert (got == want).all(), (name, shape, boxes[got != want].tolist())
            pts = centres[rng.integers(len(centres), size=300)] + rng.normal(0, 6, (300, 2))
            want_pts = shapely.contains_xy(polygon, pts[:, 0], pts[:, 1])
            assert (region.holds_points(pts[:, 0], pts[:, 1]) == want_pts).all(), (name, shape)
            for w in want:
                checked[bool(w)] += 1
    assert min(checked.values()) > 200, checked  # both verdicts well represented
