"""On rounded givens that contradict a diameter (FormalGeo dev 1994: angle BFE = 30 and arc EF = 118 with BF
through the centre), the answer is the one the approximate figure measures: the angle-in-a-semicircle block
comes after the routes that fix it, so its right angle no longer carries the 2° of rounding into the goal."""
from geomill.dsl import parse
from geomill.solvers.numeric import APPROXIMATE, build_model
from geomill.solvers.plane import solve_general

TEXT = """points D C O A F G E B
triangle GFE
triangle CGO
line D A B
line D C G E
line B O G F
circle O through A C F E B
clockwise GFE CGO ACF AFE AEB BFE BGE BDE
angle BFE = 30
angle BGE = 52
arc OAB = 108
arc OEF = 118
find angle BDE
"""


def test_rounded_givens_answered_as_the_figure_measures():
    problem = parse(TEXT, "fg1994.geo")
    model = build_model(problem, tolerate=APPROXIMATE)
    assert model.misfit > 0  # the givens do disagree
    sol = solve_general(problem, model)
    assert abs(sol.exact - model.goal_value()) < 1e-3 * model.goal_value()
    assert sol.exact == 16
