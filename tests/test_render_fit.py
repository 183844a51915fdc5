"""The figure's fit of one shape agrees with the catalogue's constraints: values the constraints allow
are drawn, values they refuse cannot be (the solver refuses those with the constraint's words)."""
from __future__ import annotations

import math
import random

from geomill.engine.catalogue import KINDS
from geomill.render.fit import fit
from hypothesis import example, given, settings
from hypothesis import strategies as st

SIDE = st.integers(1, 20)


@settings(max_examples=60, deadline=None)
@given(a=SIDE, b=SIDE, e=SIDE, f=SIDE)
@example(a=3, b=2, e=3, f=4)  # a flat triangle: 1 + 3 = 4 (a draw the generator made)
@example(a=5, b=5, e=3, f=3)  # a parallelogram
@example(a=5, b=5, e=3, f=4)
@example(a=1, b=3, e=9, f=7)  # flat: the fit finds a sliver within its tolerance
def test_a_trapezoid_with_four_sides_is_drawn_exactly_when_its_constraints_hold(a, b, e, f):
    """Bases a (first two vertices) and b, legs e and f: a figure exists iff the legs and the bases'
    difference close a triangle (or the shape is a parallelogram).  On the boundary the triangle is
    flat: the fit, within its tolerance, may find a sliver (which the figure's looks then refuse) or
    nothing; the constraint's strict inequality refuses it."""
    kind = KINDS["trapezoid"]
    targets = {"a": float(a), "b": float(b), "e": float(e), "f": float(f)}
    found = next(fit(kind, targets, [], random.Random(0)), None)
    flat = ((e - f) ** 2 == (a - b) ** 2 and a != b) or (a - b) ** 2 == (e + f) ** 2
    if flat:
        assert not kind.satisfies(targets)
    else:
        assert (found is not None) == kind.satisfies(targets), (targets, found)
    if found is not None:  # measured independently, on the coordinates
        c = found[1]
        sides = [math.dist(c[0], c[1]), math.dist(c[2], c[3]), math.dist(c[1], c[2]), math.dist(c[3], c[0])]
        assert all(math.isclose(s, t, rel_tol=1e-6) for s, t in zip(sides, (a, b, e, f))), sides
        height = abs(c[3][1] - c[0][1])
        assert height <= min(e, f) * (1 + 1e-9)
        if flat:
            assert height < 0.01 * min(a, b, e, f), height
