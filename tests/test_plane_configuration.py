"""The configuration reads order and sides off the figure, never incidence: a point lies on a line
only where the problem says so (solvers/plane/configuration.py)."""
from __future__ import annotations

import sympy
from geomill.dsl import parse
from geomill.solvers.numeric import build_model
from geomill.solvers.plane.configuration import Configuration

# the circumcentre of an equilateral triangle lies on its bisector on the figure, but no statement says so
_TEXT = ("points A B C D O\ntriangle ABC equilateral\nline A D C\nBD bisects angle ABC\nO circumcentre of ABC\n"
         "AB = 6\nfind BO\n")


def test_a_point_the_figure_places_on_a_line_is_not_on_it():
    problem = parse(_TEXT, "equilateral.geo")
    model = build_model(problem, check_goal=False, seed=1)
    b, o, d = (model.coords[p] for p in "BOD")
    assert abs((o - b)[0] * (d - b)[1] - (o - b)[1] * (d - b)[0]) < 1e-6  # collinear on the model
    cfg = Configuration(problem, model)
    assert not any({"B", "O", "D"} <= set(ln.points) for ln in cfg.lines), cfg.lines
    assert cfg.line_through("B", "O") != cfg.line_through("B", "D")


def test_no_angle_is_read_between_two_lines_the_figure_alone_aligns():
    from geomill.solvers.plane import solve_general

    sol = solve_general(parse(_TEXT, "equilateral.geo"))
    assert sol.exact_value == 2 * sympy.sqrt(3)
    text = sol.proof.render()
    assert not any(name in text for name in ("angle DBO", "angle OBD", "angle EBO")), text
