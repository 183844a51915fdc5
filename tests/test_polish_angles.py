"""The polish skips solving an angle under sin, cos or tan whose root is no fraction of a degree
(deduce._irrational_angle): checked against sympy.solve, which then gives only an inverse function's
root there, and never skipped where the root is a special angle or the angle also stands alone."""
from __future__ import annotations

import math

import pytest
import sympy
from geomill.engine.plane import Cos, Sin, Tan
from geomill.solvers.plane.deduce import _irrational_angle, _radians
from sympy.functions.elementary.trigonometric import InverseTrigonometricFunction

x = sympy.Symbol("x", positive=True)

# (equation in x, the root in degrees measured with math's own functions)
IRRATIONAL = [
    (7 * Sin(x) - 3 * sympy.sqrt(2), math.degrees(math.asin(3 * math.sqrt(2) / 7))),
    (5 * Cos(x) - 4, math.degrees(math.acos(4 / 5))),
    (3 * Tan(x) - 7, math.degrees(math.atan(7 / 3))),
    (Sin(x) * 10 / 2 - 3, math.degrees(math.asin(3 / 5))),
]
SPECIAL = [
    (2 * Sin(x) - 1, 30.0),
    (2 * Cos(x) - sympy.sqrt(3), 30.0),
    (Tan(x) - 1, 45.0),
    (4 * Sin(x) - sympy.sqrt(2) * (sympy.sqrt(3) - 1), 15.0),
]


@pytest.mark.parametrize("e, root", IRRATIONAL)
def test_irrational_root_skipped_and_solve_gives_inverse(e, root):
    est = root * (1 + 2e-5)  # a fitted figure's value: near, not exact
    assert _irrational_angle(e, x, est, 1e-3 * est)
    near = [r for r in sympy.solve(_radians(e), x) if abs(float(r) - root) < 1e-6 * root]
    assert near and all(r.has(InverseTrigonometricFunction) for r in near)


@pytest.mark.parametrize("e, root", SPECIAL)
def test_special_angle_solved(e, root):
    assert not _irrational_angle(e, x, root * (1 - 3e-5), 1e-3 * root)


def test_not_skipped_when_unsure():
    e = 7 * Sin(x) - 3 * sympy.sqrt(2)
    root = math.degrees(math.asin(3 * math.sqrt(2) / 7))
    assert not _irrational_angle(e, x, root + 5, 1e-3 * root)  # the root is outside the tolerance
    assert not _irrational_angle(x / 100 + Sin(x) - 1, x, 40.0, 1.0)  # x outside a sine too
    assert not _irrational_angle(x - 37, x, 37.0, 0.1)  # no sine at all
