"""solvers.trf, the numeric model's least squares in numpy alone, against its plain version, scipy's
``least_squares(method="trf")``: the same points evaluated, in the same order, and the same result,
to the last bit (a figure search that drifts by one rounding ends on another figure)."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from geomill.dsl import parse_file
from geomill.solvers import numeric, trf
from scipy.optimize import least_squares as scipy_least_squares

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "textbook"
PROBLEMS = ["circle_tangent.geo", "parallel_lines.geo"]


def _visits(solver, fun, x0: np.ndarray, **options) -> tuple[list[bytes], np.ndarray]:
    seen: list[bytes] = []

    def traced(x: np.ndarray) -> np.ndarray:
        seen.append(x.tobytes())
        return fun(x)

    if options.pop("with_jacobian", False):
        options["jac"] = lambda x: trf.forward_differences(traced, x, traced(x))
    return seen, solver(traced, x0, **options)


def _scipy(fun, x0, **options) -> np.ndarray:
    return scipy_least_squares(fun, x0, method="trf", **options).x


def _same(fun, x0: np.ndarray, **options) -> int:
    want_seen, want = _visits(_scipy, fun, x0, **dict(options))
    seen, got = _visits(trf.least_squares, fun, x0, **dict(options))
    assert seen == want_seen
    assert got.tobytes() == want.tobytes()
    return len(seen)


@pytest.mark.parametrize("name", PROBLEMS)
@pytest.mark.parametrize("with_jacobian", [False, True])
def test_a_figure_search_visits_what_scipy_visits(name: str, with_jacobian: bool) -> None:
    """A model's residuals from random starts, as the figure search minimises them (its tolerances,
    a budget that cuts some runs short), with a given Jacobian and with the solver's own differences."""
    system = numeric._System(parse_file(str(EXAMPLES / name)))
    rng = np.random.default_rng(len(name))
    for _ in range(4):
        x0 = rng.uniform(-3, 3, system.n)
        assert _same(system, x0, with_jacobian=with_jacobian, xtol=1e-12, ftol=1e-14, gtol=1e-12, max_nfev=60) > 5
    _same(system, rng.uniform(-3, 3, system.n))  # the defaults, to convergence


def test_small_systems_as_scipy() -> None:
    """More residuals than unknowns, fewer (never full rank), one residual, one unknown, a root at the
    start (the gradient test stops it at once), and residuals that go infinite on a long step (the
    radius shrinks)."""
    rng = np.random.default_rng(7)
    for m, n in ((5, 2), (2, 4), (1, 3), (3, 1)):
        a, b = rng.normal(size=(m, n)), rng.normal(size=m)
        _same(lambda x, a=a, b=b: np.sin(a @ x) + b * x.sum() ** 2 - 0.3, rng.normal(size=n))
    assert _same(lambda x: np.array([x[0] - 1.0, x[1] + 2.0]), np.array([1.0, -2.0])) == 3
    walled = []

    def beyond_a_wall(x: np.ndarray) -> np.ndarray:
        walled.append(bool(np.any(np.abs(x[:2]) >= 2.5)))
        return np.array([x[0] ** 2 - 4, x[1] ** 2 - 4, x[2] - 40.0]) if not walled[-1] else np.full(3, np.inf)

    _same(beyond_a_wall, np.array([0.3, 0.2, 40.0]))
    assert any(walled)  # (the first steps overshoot: x0 is 6 away, the radius 40)


def test_infinite_residuals_at_the_start_are_refused_as_scipy_refuses_them() -> None:
    with pytest.raises(ValueError, match="not finite"), np.errstate(invalid="ignore"):
        trf.least_squares(lambda x: np.array([np.inf, x[0]]), np.array([1.0]))
