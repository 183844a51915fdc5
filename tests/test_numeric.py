"""The numeric model's residual function, compiled once per problem, against a plain reading of
every statement measured independently (one statement at a time, with the blocks' own conditions
and :mod:`engine.plane_geometry`), on random coordinates."""
from __future__ import annotations

import math

import numpy as np
import pytest
import sympy
from geomill.dsl import parse
from geomill.engine import plane_geometry as pg
from geomill.engine.plane import Degrees, element_of
from geomill.engine.relations import BLOCKS_BY_KEY, convex, hinge
from geomill.solvers import numeric
from hypothesis import given, settings
from hypothesis import strategies as st

PROBLEMS = [
    # lines in order, a circle through points, a convex quadrilateral, turns, a relation, variables
    "points A B C D E O\nquadrilateral ABCD\nline A E C\nline B E D\ncircle O through A B C\n"
    "AB parallel to CD\nclockwise ABC ACD\nAB = 2x + 1\nangle ABE = 3y\narc OAB = 70\nfind CD\n",
    # a circle through no point (its radius a parameter), a concave polygon, areas and perimeters
    "points A B C D P\npolygon ABCD\ntriangle ABP\ncircle P\nradius P = 3\narea ABCD = 12\n"
    "perimeter ABP = 10\nheight PAB = 2\ncircumference P = AB + x\nfind diameter P\n",
    # relations with conditions (a midpoint, a bisector, similar triangles), square roots and sines
    "points A B C D E F M\ntriangle ABC\ntriangle DEF\nline B M C\nM midpoint of BC\nABC similar to DEF\n"
    "AM bisects angle BAC\nAB = sqrt(AC + 2)\nEF = DE * sin(angle BAC)\nfind AM\n",
]


def _reference(system: numeric._System, x: np.ndarray) -> np.ndarray:
    """Every residual of the problem, statement by statement, in the system's order."""
    p = system.p
    at, vs, radii = system.unpack(x)
    pts = np.array([at[n] for n in system.points])
    size = max(float(np.max(np.ptp(pts, axis=0))), 1e-6)
    out: list[float] = []
    for ln in p.lines:
        a, b = at[ln.points[0]], at[ln.points[-1]]
        d = b - a
        n2 = float(d @ d) + 1e-12
        ts = [0.0] + [float((at[q] - a) @ d) / n2 for q in ln.points[1:-1]] + [1.0]
        out += [pg.cross(d, at[q] - a) / n2 for q in ln.points[1:-1]]
        out += [hinge(t1 - t0 - numeric.MIN_APART) for t0, t1 in zip(ts, ts[1:])]
    for c in p.circles:
        out += [(pg.dist(at[c.centre], at[q]) - radii[c.centre]) / size for q in c.points[1:]]
        if not c.points:
            out.append(hinge(radii[c.centre] / size - numeric.MIN_APART))
    for poly in p.polygons:
        area = abs(pg.signed_area([at[q] for q in poly.points]))
        out.append(numeric.FLAT_WEIGHT * hinge(area / size ** 2 - numeric.MIN_AREA))
        if len(poly.points) == 4 and poly.convex:
            out += convex(*poly.points)(at)
    if system.use_turns:
        for turn in p.turns:
            for chain in turn.chains:
                s = pg.signed_area([at[q] for q in chain]) * (-1 if turn.clockwise else 1)
                out.append(numeric.FLAT_WEIGHT * hinge(s / size ** 2 - numeric.MIN_TURN))
    for rel in p.relations:
        out += BLOCKS_BY_KEY[rel.key].residuals(rel.args, at)
    equations = [(f.lhs, f.rhs) for f in p.facts]
    for rel in p.relations:
        equations += BLOCKS_BY_KEY[rel.key].instantiate(rel.args)

    def value(e) -> float:
        subs = {}
        for s in e.free_symbols:
            el = element_of(s)
            subs[s] = sympy.Float(pg.measure(el, at, radii.__getitem__) if el is not None else vs[s.name], 30)
        e = e.replace(lambda t: isinstance(t, Degrees), lambda t: t.rewrite_radians())
        v = complex(e.xreplace(subs).evalf())
        return v.real if abs(v.imag) < 1e-12 and math.isfinite(v.real) else 1e6

    for k, (lhs, rhs) in enumerate(equations):
        a, b = value(lhs), value(rhs)
        out.append((a - b) / max(abs(a), abs(b), 1.0) * (system.fact_weight if k < len(p.facts) else 1.0))
    names = system.points
    out += [hinge(pg.dist(at[names[i]], at[names[j]]) / size - numeric.MIN_APART)
            for i in range(len(names)) for j in range(i + 1, len(names))]
    sized = any(element_of(f.lhs) is not None and element_of(f.lhs).kind.unit == "length" and f.rhs.is_number
                for f in p.facts)  # a given length fixes the size: no gauge
    out.append((0.0 if sized else numeric.GAUGE) * (size - system.hint) / system.hint)
    return np.array(out)


@pytest.mark.parametrize("text", PROBLEMS, ids=range(len(PROBLEMS)))
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), turns=st.booleans(), weight=st.sampled_from([1.0, 1e-2]),
       scale=st.sampled_from([0.3, 10.0]))
def test_the_compiled_residuals_equal_every_statement_read_plainly(text: str, seed: int, turns: bool,
                                                                     weight: float, scale: float) -> None:
    system = numeric._System(parse(text))
    system.use_turns, system.fact_weight = turns, weight
    x = np.random.default_rng(seed).uniform(-scale, scale, system.n)
    got, want = system(x), _reference(system, x)
    assert got.shape == want.shape
    assert np.allclose(got, want, rtol=1e-9, atol=1e-12), np.max(np.abs(got - want))
    n = len(system.points)
    assert system.first_fact == len(want) - len(system.equation_text) - n * (n - 1) // 2 - 1
    if turns:  # every residual has its statement, for the refusal that names the one missed most
        assert len(system.labels()) == len(got)


def _looped_head(system: numeric._System, X: list, Y: list, xs: list, size: float) -> tuple[list, list]:
    """The lines', circles', faces' and turns' residuals and the pairs' distances as loops over the statements
    compute them, operation for operation (the reference the generated code must equal to the bit)."""
    def area(chain):
        total, j = 0, chain[-1]
        for i in chain:
            total += X[j] * Y[i] - Y[j] * X[i]
            j = i
        return 0.5 * total

    out: list = []
    for ln in system._lines:
        a, b = ln[0], ln[-1]
        dx, dy = X[b] - X[a], Y[b] - Y[a]
        n2 = dx * dx + dy * dy + 1e-12
        ts = [0.0]
        for m in ln[1:-1]:
            rx, ry = X[m] - X[a], Y[m] - Y[a]
            out.append((dx * ry - dy * rx) / n2)
            ts.append((rx * dx + ry * dy) / n2)
        ts.append(1.0)
        out += [max(numeric.MIN_APART - t1 + t0, 0.0) for t0, t1 in zip(ts, ts[1:])]
    free0 = 2 * len(system.points) + len(system.vars)
    for c, on, free in system._circles:
        if on:
            r = math.hypot(X[on[0]] - X[c], Y[on[0]] - Y[c])
            out += [(math.hypot(X[q] - X[c], Y[q] - Y[c]) - r) / size for q in on[1:]]
        else:
            out.append(max(numeric.MIN_APART - abs(xs[free0 + free]) / size, 0.0))
    n = len(system.points)
    pairs = [math.hypot(X[i] - X[j], Y[i] - Y[j]) for i in range(n) for j in range(i + 1, n)]
    for pts, convex_ in system._polys:
        out.append(numeric.FLAT_WEIGHT * max(numeric.MIN_AREA - abs(area(pts)) / size ** 2, 0.0))
        if convex_:
            turns = [(X[pts[i]] - X[pts[i - 1]]) * (Y[pts[(i + 1) % 4]] - Y[pts[i]])
                     - (Y[pts[i]] - Y[pts[i - 1]]) * (X[pts[(i + 1) % 4]] - X[pts[i]]) for i in range(4)]
            scale = max(max(pairs, default=0.0), 1e-9) ** 2
            sign = 1.0 if sum(turns) >= 0 else -1.0
            out += [max(1e-5 - sign * t / scale, 0.0) for t in turns]
    if system.use_turns:
        out += [numeric.FLAT_WEIGHT * max(numeric.MIN_TURN - sign * area(chain) / size ** 2, 0.0)
                for sign, chain in system._turns]
    return out, pairs


@pytest.mark.parametrize("text", PROBLEMS + ["points A B\nAB = 3\nfind AB\n", "points A\nfind x\nx = 2\n"],
                         ids=range(len(PROBLEMS) + 2))
@pytest.mark.parametrize("turns", [True, False])
def test_the_generated_residuals_are_the_loops_floats_to_the_bit(text: str, turns: bool) -> None:
    """The residuals written out once per structure (numeric._head_function) against the loops they replace: the
    same floats to the last bit, or the figure search would take another path (and find another figure)."""
    system = numeric._System(parse(text))
    system.use_turns = turns
    rng = np.random.default_rng(len(text))
    for k in range(30):
        x = rng.normal(size=system.n) * 10.0 ** rng.uniform(-3, 3)
        if k % 5 == 0 and len(system.points) > 1:
            x[2:4] = x[0:2]  # two points at one place
        system(x)  # (the head is made on the first evaluation)
        xs = x.tolist()
        n = len(system.points)
        X, Y = xs[0:2 * n:2], xs[1:2 * n:2]
        size = max(max(X) - min(X), max(Y) - min(Y), 1e-6) if n else 1e-6
        got, want = system._head(X, Y, xs, size, turns), _looped_head(system, X, Y, xs, size)
        assert np.array(got[0]).tobytes() == np.array(want[0]).tobytes()
        assert np.array(got[1]).tobytes() == np.array(want[1]).tobytes()


def test_a_side_that_cannot_be_evaluated_counts_as_far_off_and_the_others_still_count() -> None:
    """sqrt of a negative on one side: that equation's residual is large, the rest are exact."""
    system = numeric._System(parse("points A B C\ntriangle ABC\nAB = sqrt(x - 100)\nAC = 5\nfind BC\n"))
    x = np.zeros(system.n)
    x[2:4], x[4:6] = (3.0, 0.0), (0.0, 5.0)  # B, C (A at the origin); the variable x is 0
    r = system(x)
    facts = r[system.first_fact:system.first_fact + 2]
    assert facts[0] == pytest.approx((3 - 1e6) / 1e6) and facts[1] == 0.0


def test_a_figure_much_larger_than_its_given_lengths_is_found() -> None:
    """FormalGeo 5979: sides of 1 and 2 along AB, yet the area of AEF makes the parallelogram 48
    high.  A given length fixes the size, so nothing may pull the figure toward the size the
    lengths suggest (a gauge did, and every start stopped 2e-5 short of a model)."""
    p = parse("points D A F E C B\ntriangle DAF\ntriangle FAE\ntriangle DFC\npolygon CFEB\nparallelogram ABCD\n"
              "line D F E\nline A F C\nline A E B\nclockwise DAF FAE DFC CFEB\narea AEF = 6\nAE = 1\nBE = 2\n"
              "find area CDF\n")
    assert numeric._System(p).gauge == 0.0
    m = numeric.build_model(p)
    assert m.goal_value() == pytest.approx(54, rel=1e-4)  # CDF ~ AEF with ratio 3: 9 times the area
    assert pg.line_distance(m.coords["D"], m.coords["A"], m.coords["B"]) == pytest.approx(48, rel=1e-4)


def test_a_stalled_search_is_given_up_after_its_rounds() -> None:
    """A residual crawling toward 1 and never halving (a search headed for a local minimum): a
    quick search gives up after one round of CHECK_ITERATIONS, the patient one after two of
    STALL_ITERATIONS; a search that converges is not cut short."""
    for quick, rounds in ((True, numeric.CHECK_ITERATIONS), (False, 2 * numeric.STALL_ITERATIONS)):
        calls = []

        def stuck(x: np.ndarray, calls: list = calls) -> np.ndarray:
            calls.append(1)
            return np.array([1.0 + 1 / (1 + x[0] ** 2), 0.0])

        numeric._minimise(stuck, np.array([0.5]), quick=quick)
        assert len(calls) == rounds * 2  # each iteration: a step and a Jacobian (one parameter)
    x = numeric._minimise(lambda v: np.array([v[0] - 3.0, v[1] + 1.0, 0.0]), np.zeros(2), quick=True)
    assert np.allclose(x, [3.0, -1.0], atol=1e-6)


def test_a_search_settled_under_the_tolerance_stops_after_its_rounds() -> None:
    """A residual already a model (under TOLERANCE) creeping toward a floor it never halves, while the
    least squares polishes the gauge (the last residual): the search keeps the best point and stops
    like a stalled one, not after its whole budget."""
    calls = []

    def settled(x: np.ndarray) -> np.ndarray:
        calls.append(1)
        return np.array([3e-7 * (1 + 1 / (1 + x[0] ** 2)), 10 / (1 + x[0] ** 2)])

    x = numeric._minimise(settled, np.array([0.5]), quick=True)
    assert len(calls) == numeric.CHECK_ITERATIONS * 2  # (scipy alone goes on for 38)
    assert float(settled(x)[0]) < float(settled(np.array([0.5]))[0])


def test_a_search_stops_at_the_residual_it_is_asked_for() -> None:
    """A figure only compared with the first (``done=CHECKED``) stops once every residual is under
    CHECKED, a model (under TOLERANCE), in fewer evaluations; the first, the one measured, goes on to DONE."""
    def cubic(calls: list):  # (a triple root: the least squares closes in on it a third at a time)
        def fun(x: np.ndarray) -> np.ndarray:
            calls.append(1)
            return np.array([(x[0] - 3.0) ** 3, 0.0])
        return fun

    loose, tight = [], []
    xc = numeric._minimise(cubic(loose), np.array([3.1]), done=numeric.CHECKED)
    xd = numeric._minimise(cubic(tight), np.array([3.1]))
    assert numeric.DONE <= abs(xc[0] - 3.0) ** 3 < numeric.CHECKED < numeric.TOLERANCE
    assert abs(xd[0] - 3.0) ** 3 < numeric.DONE
    assert len(loose) < len(tight)


@pytest.mark.parametrize("text", [
    "circle O through A B C D\nangle AOB = 100\nangle BOC = 60\nclockwise ABC ACD\nfind angle ADB\n",
    "triangle ABC\nline B D C\nAB = 6\nAC = 8\nAD = 7\nangle ABC = 50\nclockwise ABD\nfind BD\n",
])
def test_the_goal_check_leaves_the_first_figure_as_found(text: str) -> None:
    """The figures the goal is checked on (stopped at CHECKED, GOAL_FIGURES of them) never move the
    figure that is measured: it is the search's first, the same figure a search without the check finds."""
    p = parse(text, plane=True)
    checked, alone = numeric.build_model(p), numeric.build_model(p, check_goal=False)
    assert checked.seed == alone.seed
    assert all(np.array_equal(checked.coords[q], alone.coords[q]) for q in alone.coords)


@pytest.mark.parametrize("seed", range(3))
def test_the_forward_differences_are_scipys(seed: int) -> None:
    """The Jacobian the least squares gets is exactly scipy's ``2-point`` one (the same steps), from the
    residuals last evaluated at the point or evaluated afresh."""
    from scipy.optimize._numdiff import approx_derivative

    system = numeric._System(parse(PROBLEMS[seed]))
    x = np.random.default_rng(seed).uniform(-5, 5, system.n)
    x[0] = 0.0  # a step at 0 goes up
    want = approx_derivative(system, x, method="2-point")
    assert np.array_equal(numeric._forward_differences(system, x, {"at": x, "r": system(x)}), want)
    assert np.array_equal(numeric._forward_differences(system, x, {"at": None, "r": None}), want)


def test_a_rough_model_is_polished_before_two_figures_are_said_to_disagree() -> None:
    """FormalGeo 6380: a model accepted within TOLERANCE (7e-6) measured the perimeter 14.06, the
    exact figure 14: the goal is ill-conditioned, not underdetermined.  Polished, a rough model
    meets every residual to DONE and measures the goal exactly."""
    p = parse("points A B O D C\ntriangle ABO\ntriangle AOD\ntriangle OBC\ntriangle OCD\nparallelogram ABCD\n"
              "line A O C\nline B O D\nclockwise ABO AOD OBC OCD\nAC + BD = 16\nCD = 6\nfind perimeter ABO\n")
    model = numeric.build_model(p)
    assert model.goal_value() == pytest.approx(14, rel=1e-6)
    system = numeric._System(p)
    rough = numeric.NumericModel(p, {k: v + 1e-5 * np.array([math.sin(i), math.cos(i)])
                                     for i, (k, v) in enumerate(model.coords.items())},
                                 model.variables, model.radii, 1e-5, model.seed)
    assert abs(rough.goal_value() - 14) > 1e-6
    polished = numeric._polish(system, rough)
    assert polished.residual < 1e-6
    assert polished.goal_value() == pytest.approx(14, rel=1e-6)


def test_a_flat_face_is_no_figure_nor_a_second_one():
    """A triangle all but flat satisfies a centroid's facts within the tolerance with any point of
    its 'median': taken as the second figure it made AO look underdetermined (6 against 6.05)."""
    from geomill.dsl import parse
    from geomill.solvers.numeric import _flat, build_model

    sliver = [np.array(p) for p in ((-4.4974, -2.9556), (-9.1876, 6.5366), (-7.9208, 3.9690))]
    thin = [np.array(p) for p in ((0.0, 0.0), (10.0, 0.0), (5.0, 0.2))]  # corners of 2.3°: a figure
    assert _flat(sliver) and not _flat(thin)
    model = build_model(parse("points A B C O D\ntriangle ABC\nline A O D\nline B D C\n"
                              "O centroid of ABC\nAD = 9\nfind AO"))
    assert abs(model.goal_value() - 6) < 1e-6


def test_a_polygon_crosses_itself_exactly_when_shapely_says_its_outline_is_not_simple():
    from geomill.engine import plane_geometry as pg
    from shapely.geometry import LinearRing

    rng = np.random.default_rng(3)
    crossing = 0
    for _ in range(400):
        pts = list(rng.uniform(0, 10, size=(int(rng.integers(3, 7)), 2)))
        crossed = pg.crosses_itself(pts)
        assert crossed == (not LinearRing(pts).is_simple)
        crossing += crossed
    assert 50 < crossing < 350  # both answers drawn often


def test_value_closures_agree_with_lambdify():
    """The model's float functions of expressions (closures) compute what lambdify's do, and fail
    where they fail: a square root of a negative, a division by zero."""
    import math

    import sympy
    from geomill.engine.plane import Sin, element_symbol
    from geomill.solvers.numeric import _compiled

    a, b, c = (element_symbol("length", tuple(p)) for p in ("AB", "BC", "CA"))
    t = element_symbol("angle", ("A", "B", "C"))
    exprs = [a + 2 * b - sympy.Rational(3, 7) * c, a * b / c, sympy.sqrt(a ** 2 - b), 1 / sympy.sqrt(a - c),
             Sin(t) * a / (b - c), sympy.acos((a - b) / c) + sympy.pi, sympy.Abs(a - b) ** 3, a ** b,
             sympy.atan(a / b) * sympy.cos(sympy.pi * t / 180), sympy.Integer(5), sympy.sqrt(2) * a]
    for e in exprs:
        syms, fn = _compiled(e)
        radians = e.replace(lambda x: isinstance(x, Sin), lambda x: x.rewrite_radians())
        ref = sympy.lambdify(syms, radians, modules="math")
        for args in ([3.0, 2.0, 1.5, 40.0], [1.0, 4.0, 1.0, 90.0], [2.0, 2.0, 2.0, 60.0]):
            vals = args[:len(syms)] if len(syms) < 4 else args
            try:
                want = ref(*vals)
            except (ValueError, ZeroDivisionError) as err:
                with pytest.raises(type(err)):
                    fn(*vals)
                continue
            assert math.isclose(fn(*vals), want, rel_tol=1e-12, abs_tol=1e-12), (e, vals)


def test_a_figure_shrunk_to_a_point_is_no_second_figure() -> None:
    """A scale-free problem (no length given): a start that shrinks every point into one place meets the
    relative residuals and measures noise; it must not make the goal look underdetermined."""
    from geomill.solvers.plane import solve_general

    b, d = np.array([0.0, 0.0]), np.array([1.0, 0.0])
    a = (b + d) / 2 + np.array([0.0, 0.5 * np.tan(np.radians(80))])  # AB = AD, angle ABD = 80
    c = d + np.array([np.linalg.norm(a - d), 0.0])  # D between B and C, DC = AD
    u, v = a - c, d - c
    want = np.degrees(np.arccos(u @ v / np.linalg.norm(u) / np.linalg.norm(v)))
    text = ("points A B D C\ntriangle ABD\ntriangle ADC\nline B D C\nclockwise ABD ADC\nAB = AD\nAD = CD\n"
            "angle ABD = 80\nfind angle ACD\n")
    assert abs(solve_general(parse(text)).exact - want) < 1e-9


def test_an_approximate_figure_with_two_points_pinned_together_waits_for_an_exact_one() -> None:
    """FormalGeo 1654's givens have two roots, x = 2 (ST = SA = 2 with the right angle at A: T on A, a
    degenerate triangle) and x = 5; the nearest quick start ends near x = 2 with T and A held apart only
    by MIN_APART, which is no rounded figure: the patient starts find the exact one (x = 5, BF = 2)."""
    text = ("points S R T A F E G B\ntriangle SRT\ntriangle STA\ntriangle FEG\ntriangle FGB\nline R T A\n"
            "line E G B\nFB perpendicular to GB\nSA perpendicular to TA\nSRT similar to FEG\n"
            "clockwise SRT STA FEG FGB\nBF = 7 - x\nFG = 5\nAS = 2\nST = x\nfind BF\n")
    model = numeric.build_model(parse(text, "1654"), tolerate=numeric.APPROXIMATE)
    assert model.misfit == 0 and math.isclose(model.goal_value(), 2.0, rel_tol=1e-6)
    at = {"A": np.array([0.0, 0.0]), "B": np.array([1.0, 0.0]), "C": np.array([0.0, 1.0])}
    assert not numeric._pinned(at) and numeric._pinned({**at, "D": np.array([0.01, 0.0])})


NEAR_BASE = ("points A B C D E F\ntriangle ABC\ntriangle DEF\nAB = 3\nBC = 4\nCA = 5\nangle ABC = 70\n"
             "DE = 6\nDE = 2x\n")


def test_givens_that_contradict_away_from_the_goal_are_answered_on_the_near_figures() -> None:
    """No figure meets 3, 4, 5 with a 70° angle between 3 and 4 (the sides make it 90°), and none misses
    them by under APPROXIMATE; x = 3 whatever the triangle, and every near figure (``rough``) measures it:
    answered.  The triangle's own angle moves with the miss: the near figures disagree on it, refused."""
    from geomill.engine.errors import SolveError
    from geomill.solvers.plane import solve_general

    problem = parse(NEAR_BASE + "find x\n", "near")
    with pytest.raises(SolveError, match="figure search failed"):
        numeric.build_model(problem, tolerate=numeric.APPROXIMATE)
    model = numeric.build_model(problem, tolerate=numeric.APPROXIMATE, rough=numeric.NEAR_MISFIT)
    assert model.near and model.misfit > numeric.APPROXIMATE
    assert solve_general(problem, model).exact_value == 3
    with pytest.raises(SolveError, match="figure search failed"):
        numeric.build_model(parse(NEAR_BASE + "find angle BCA\n", "near"), tolerate=numeric.APPROXIMATE,
                            rough=numeric.NEAR_MISFIT)
