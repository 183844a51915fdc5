"""The textbook generator's constructions for rarer theorem families: each one's figure checked by
plain coordinate geometry (not geomill's solver), and the closure on it proving some goal with the
family it exists for."""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from geomill.engine.plane import element_of
from geomill.generate.textbook_gen.construct import BASES, CONSTRUCTIONS, Figure, Retry, relation_ok
from geomill.generate.textbook_gen.goals import candidates, closure, model_of


def _figure(base: str, kinds: tuple[str, ...], seed: int = 1, want=lambda f: True) -> Figure:
    """A figure of ``base`` with ``kinds`` added, the first of 300 draws that ``want`` accepts, its relations
    true on its coordinates."""
    rng = np.random.default_rng(seed)
    for _ in range(300):
        fig = Figure()
        try:
            BASES[base](fig, rng)
            for kind in kinds:
                CONSTRUCTIONS[kind](fig, rng)
        except Retry:
            continue
        if want(fig):
            assert all(relation_ok(r, fig.at) for r in fig.problem().relations)
            return fig
    raise AssertionError(f"{base} {kinds}: no figure in 300 draws")
    raise AssertionError(f"{base} {kinds}: no figure in 300 draws")


def _d(fig: Figure, a: str, b: str) -> float:
    return float(np.linalg.norm(fig.at[a] - fig.at[b]))


def test_kite_base_has_its_equal_sides_and_perpendicular_diagonals() -> None:
    fig = _figure("kite", ())
    assert math.isclose(_d(fig, "A", "B"), _d(fig, "A", "D")) and math.isclose(_d(fig, "C", "B"), _d(fig, "C", "D"))
    e = fig.steps[1].new[0]
    assert math.isclose(_d(fig, "B", e), _d(fig, "E", "D"))
    assert abs(np.dot(fig.at["C"] - fig.at["A"], fig.at["D"] - fig.at["B"])) < 1e-9


def test_cyclic_quadrilateral_base_has_whole_sides_and_ptolemy_holds() -> None:
    for seed in range(5):
        fig = _figure("cyclic_quadrilateral", (), seed)
        for n in "ABCD":
            assert math.isclose(_d(fig, n, "O"), fig.radii["O"], rel_tol=1e-12)
        sides = [_d(fig, *s) for s in ("AB", "BC", "CD", "DA", "AC")]
        assert all(abs(s - round(s)) < 1e-9 for s in sides)
        ab, bc, cd, da, ac = sides
        assert math.isclose(ac * _d(fig, "B", "D"), ab * cd + da * bc, rel_tol=1e-12)
        ac_dir = fig.at["C"] - fig.at["A"]
        side = [ac_dir[0] * (fig.at[n] - fig.at["A"])[1] - ac_dir[1] * (fig.at[n] - fig.at["A"])[0] for n in "BD"]
        assert side[0] * side[1] < 0  # B and D on either side of AC


def test_secant_meets_the_circle_with_the_power_of_its_point() -> None:
    fig = _figure("circle", ("tangent", "secant"))
    tangent, secant = fig.steps[-2], fig.steps[-1]
    p, a = tangent.new[0], tangent.uses[1]
    c, d = secant.new
    for n in (c, d):
        assert math.isclose(_d(fig, n, "O"), fig.radii["O"], rel_tol=1e-9)
    assert math.isclose(_d(fig, p, c) * _d(fig, p, d), _d(fig, p, a) ** 2, rel_tol=1e-9)
    assert math.isclose(_d(fig, p, c) + _d(fig, c, d), _d(fig, p, d), rel_tol=1e-9)
    assert abs(_d(fig, p, c) - round(_d(fig, p, c))) < 1e-9


def test_projections_make_a_parallelogram() -> None:
    fig = _figure("triangle", ("projections",))
    v, e, d, g = fig.polygons[-1]
    assert np.allclose(fig.at[v] + fig.at[d], fig.at[e] + fig.at[g])  # diagonals bisect each other


def _angle(fig: Figure, p: str, q: str, s: str) -> float:
    u, w = fig.at[p] - fig.at[q], fig.at[s] - fig.at[q]
    return math.degrees(math.acos(np.dot(u, w) / np.linalg.norm(u) / np.linalg.norm(w)))


def test_tangential_quadrilateral_touches_its_circle_and_pitot_holds() -> None:
    for seed in range(4):
        fig = _figure("tangential_quadrilateral", (), seed)
        o, r = fig.at["O"], fig.radii["O"]
        for w, (p, q) in zip("WWXXYYZZ", ("AB", "AB", "BC", "BC", "CD", "CD", "DA", "DA")):
            assert math.isclose(_d(fig, w, "O"), r, rel_tol=1e-12)
            assert abs(np.dot(fig.at[w] - o, fig.at[q] - fig.at[p])) < 1e-9  # the radius to W is normal to AB
            assert math.isclose(_d(fig, p, w) + _d(fig, w, q), _d(fig, p, q), rel_tol=1e-12)  # W on segment AB
        assert math.isclose(_d(fig, "A", "W"), _d(fig, "A", "Z")) and math.isclose(_d(fig, "C", "X"), _d(fig, "C", "Y"))
        assert abs(np.dot(fig.at["B"] - fig.at["A"], fig.at["D"] - fig.at["A"])) < 1e-9  # the right angle at A
        sides = [_d(fig, *s) for s in ("AW", "WB", "BC", "CD", "DA")]
        assert all(abs(s - round(s)) < 1e-9 for s in sides)  # whole givens, and a whole fourth side
        assert math.isclose(_d(fig, "A", "B") + _d(fig, "C", "D"), _d(fig, "B", "C") + _d(fig, "D", "A"))


def test_sides_quadrilateral_is_a_parallelogram_not_said_to_be_one() -> None:
    fig = _figure("sides_quadrilateral", ())
    assert not fig.steps[0].relations
    assert math.isclose(_d(fig, "A", "B"), _d(fig, "C", "D")) and math.isclose(_d(fig, "B", "C"), _d(fig, "D", "A"))
    assert np.allclose(fig.at["A"] + fig.at["C"], fig.at["B"] + fig.at["D"])  # its diagonals bisect each other


def test_extension_makes_the_given_angle_twice_the_base_angle() -> None:
    for seed in range(4):
        fig = _figure("triangle", ("extension",), seed)
        (d,), (v, a, b) = fig.steps[-1].new, fig.steps[-1].uses
        assert math.isclose(_d(fig, v, d), _d(fig, v, b))
        assert math.isclose(_d(fig, a, v) + _d(fig, v, d), _d(fig, a, d))  # V between A and D
        assert math.isclose(_angle(fig, a, v, b), 2 * _angle(fig, v, d, b))


def _given(fig: Figure) -> dict[str, object]:
    """The figure's given facts by their left side as written (``length(AB)``) and their right sides."""
    return {str(f.lhs): f.rhs for st in fig.steps for f in st.facts}


def test_sides_trapezoid_has_its_given_sides_and_parallel_bases() -> None:
    for seed in range(6):
        fig = _figure("sides_trapezoid", (), seed)
        given = _given(fig)
        for side in ("AD", "BC", "AB", "CD"):
            assert math.isclose(_d(fig, *side), float(given[f"length({side})"]), rel_tol=1e-12)
        ad, bc = fig.at["D"] - fig.at["A"], fig.at["C"] - fig.at["B"]
        assert abs(ad[0] * bc[1] - ad[1] * bc[0]) < 1e-9 and np.dot(ad, bc) > 0  # AD parallel to BC, same way
        assert not math.isclose(_d(fig, "A", "B"), _d(fig, "C", "D"))  # not isosceles
        # the height by Heron in the triangle of the legs and the bases' difference, against the coordinates
        c, d, e = _d(fig, "A", "B"), _d(fig, "C", "D"), _d(fig, "B", "C") - _d(fig, "A", "D")
        s2 = (c + d + e) * (d + e - c) * (c + e - d) * (c + d - e)
        assert math.isclose(math.sqrt(s2) / (2 * e), abs(fig.at["A"][1] - fig.at["B"][1]), rel_tol=1e-9)


def test_rectangle_diagonals_base_has_its_given_diagonal_and_angle() -> None:
    for seed in range(4):
        fig = _figure("rectangle_diagonals", (), seed)
        (e,) = fig.steps[1].new
        given = _given(fig)
        assert np.allclose(fig.at[e], (fig.at["A"] + fig.at["C"]) / 2) and np.allclose(fig.at[e], (fig.at["B"] + fig.at["D"]) / 2)
        (side, value), = ((k, v) for k, v in given.items() if k.startswith("length("))  # a diagonal, or half of one
        whole = _d(fig, "A", "C")
        assert math.isclose(whole / 2 if e in side else whole, float(value)), (side, value)
        assert math.isclose(_angle(fig, "A", e, "B"), float(given[f"angle(A{e}B)"]), abs_tol=1e-9)
        assert abs(_angle(fig, "A", "B", "C") - 90) < 1e-9 and abs(_angle(fig, "B", "C", "D") - 90) < 1e-9


def test_parallelogram_height_base_drops_its_height_on_ab() -> None:
    for seed in range(4):
        fig = _figure("parallelogram_height", (), seed)
        (e,) = fig.steps[1].new
        assert np.allclose(fig.at["A"] + fig.at["C"], fig.at["B"] + fig.at["D"])
        assert abs(np.dot(fig.at["D"] - fig.at[e], fig.at["B"] - fig.at["A"])) < 1e-9
        assert math.isclose(_d(fig, "A", e) + _d(fig, e, "B"), _d(fig, "A", "B"))  # E on the side AB
        assert math.isclose(_d(fig, "A", e), float(_given(fig)[f"length(A{e})"]))


def test_quadrilateral_height_is_perpendicular_and_named() -> None:
    """The foot on a side from a vertex not on it: the drawn height, named whichever neighbour side it
    falls on (from D onto BC as well as onto AB)."""
    from geomill.engine.plane import height_foot
    from geomill.generate.textbook_gen.goals import heights

    feet = set()
    for seed in range(12):
        fig = _figure("quadrilateral", ("quadrilateral_height",), seed)
        (e,), (v, a, b) = fig.steps[-1].new, fig.steps[-1].uses
        assert abs(np.dot(fig.at[v] - fig.at[e], fig.at[b] - fig.at[a])) < 1e-9
        assert math.isclose(_d(fig, a, e) + _d(fig, e, b), _d(fig, a, b))
        named = [height_foot(element_of(s).points) for s in heights(fig)]
        assert (v, frozenset((a, b))) in {(h[0], frozenset(h[1:])) for h in named}
        after = {(p[3], frozenset(p[:2])) for p in ("ABCD", "BCDA", "CDAB", "DABC")}  # onto the side after it
        feet.add((v, frozenset((a, b))) in after)
    assert feet == {True, False}  # (both: onto the side after the vertex, and the one before it)


def test_cevian_has_a_printed_length() -> None:
    for seed in range(6):
        fig = _figure("sss_triangle", ("cevian",), seed)
        (d,), (v, a, b) = fig.steps[-1].new, fig.steps[-1].uses
        assert math.isclose(_d(fig, a, d) + _d(fig, d, b), _d(fig, a, b))
        vd2 = Fraction(_d(fig, v, d) ** 2).limit_denominator(3600)  # Stewart's VD² is rational on whole sides
        assert math.isclose(float(vd2), _d(fig, v, d) ** 2, rel_tol=1e-12) and vd2.denominator <= 144


def test_midpoints_by_their_halves() -> None:
    fig = _figure("triangle", ("midpoints",), want=lambda f: not f.steps[1].relations)
    for st in fig.steps[1:]:
        (fact,) = st.facts
        (p, q), (r, t) = (element_of(x).points for x in (fact.lhs, fact.rhs))
        assert math.isclose(_d(fig, p, q), _d(fig, r, t))
        assert math.isclose(_d(fig, p, q) + _d(fig, r, t), _d(fig, *sorted({p, q, r, t} - set(st.new))))


def test_parallelogram_by_its_perimeter() -> None:
    fig = _figure("quadrilateral", (), want=lambda f: "perimeter(ABCD)" in _given(f))
    assert math.isclose(sum(_d(fig, *s) for s in ("AB", "BC", "CD", "DA")), float(_given(fig)["perimeter(ABCD)"]))


def test_right_altitude_base_has_its_altitude_and_parts() -> None:
    """The right angle at C, CD perpendicular to AB at D between A and B, AD and DB as given; the written
    problem asking CD is solved by the altitude rule (CD² = AD·DB)."""
    from geomill.dsl import format_problem, parse
    from geomill.engine.plane import element_symbol
    from geomill.solvers.plane import solve_general

    for seed in range(4):
        fig = _figure("right_altitude", (), seed)
        (d,) = fig.steps[1].new
        assert abs(_angle(fig, "A", "C", "B") - 90) < 1e-9 and abs(_angle(fig, "C", d, "A") - 90) < 1e-9
        assert math.isclose(_d(fig, "A", d) + _d(fig, d, "B"), _d(fig, "A", "B"))
        given = _given(fig)
        assert math.isclose(_d(fig, "A", d), float(given[f"length(A{d})"]))
        assert math.isclose(_d(fig, "C", d) ** 2, _d(fig, "A", d) * _d(fig, d, "B"))
    sol = solve_general(parse(format_problem(fig.problem(goal=element_symbol("length", ("C", d))))))
    assert "right_triangle_property_altitude" in {k for st in sol.proof.steps for k in st.theorems}


def test_perpendicular_diagonals_base() -> None:
    for seed in range(4):
        fig = _figure("perpendicular_diagonals", (), seed)
        (e,) = fig.steps[1].new
        assert not fig.steps[0].relations  # (no kite or rhombus said)
        assert abs(np.dot(fig.at["C"] - fig.at["A"], fig.at["D"] - fig.at["B"])) < 1e-9
        assert math.isclose(_d(fig, "A", e) + _d(fig, e, "C"), _d(fig, "A", "C"))
        assert math.isclose(_d(fig, "B", e) + _d(fig, e, "D"), _d(fig, "B", "D"))
        assert all(math.isclose(_d(fig, *element_of(f.lhs).points), float(f.rhs)) for f in fig.steps[1].facts)


def test_arc_midpoint_halves_the_inscribed_angle() -> None:
    for seed in range(4):
        fig = _figure("circle", ("arc_midpoint",), seed)
        (m,), (_, v, a, b) = fig.steps[-1].new, fig.steps[-1].uses
        assert math.isclose(_d(fig, "O", m), fig.radii["O"]) and math.isclose(_d(fig, a, m), _d(fig, m, b))
        assert math.isclose(_angle(fig, a, v, m), _angle(fig, m, v, b))
        assert math.isclose(_angle(fig, a, v, m) * 2, _angle(fig, a, v, b))  # (V off the arc AB that M halves)


# (base, constructions, a family some goal's proof on that figure uses)
REACHED = [
    ("kite", (), "kite_property_diagonal_perpendicular_bisection"),
    ("cyclic_quadrilateral", (), "ptolemy_theorem"),
    ("triangle", ("midpoints",), "midsegment_of_triangle_property"),
    ("triangle", ("midpoint_parallel",), "midsegment_of_triangle_judgment_parallel"),
    ("triangle", ("projections",), "parallelogram_judgment_parallel_and_parallel"),
    ("right_triangle", ("projections",), "rectangle_judgment_right_angle"),
    # (the base may be a stated parallelogram: its midline is the parallelogram's, never a trapezoid's)
    ("quadrilateral", ("quadrilateral_midpoints",), ("midsegment_of_quadrilateral_judgment_",
                                                      "midsegment_of_parallelogram_")),
    ("circle", ("chord_foot",), "circle_property_chord_perpendicular_bisect_chord"),
    ("circle", ("tangent", "secant"), "circle_property_circular_power"),
    ("tangential_quadrilateral", (), "tangential_quadrilateral_property_pitot"),
    ("sides_quadrilateral", (), "parallelogram_judgment_equal_and_equal"),
    ("circle", ("bisector",), "triangle_property_exterior_angle"),
    ("sides_trapezoid", (), "trapezoid_property_height"),
    ("sides_trapezoid", (), "trapezoid_area_formula"),
    ("parallelogram_height", (), "parallelogram_area_formula_common"),
    ("rectangle_diagonals", (), "rectangle_property_diagonal_equal"),
    ("sss_triangle", ("cevian",), "stewart_theorem"),
    ("sss_triangle", ("centroid",), "median_of_triangle_property_length"),
    ("triangle", ("midpoints",), "midsegment_of_triangle_judgment_midpoint"),
    ("circle", (), "sector_perimeter_formula"),
    ("perpendicular_diagonals", (), "kite_area_formula_diagonal"),
    ("circle", ("arc_midpoint",), "arc_midpoint_property_angle_bisect"),
]


@pytest.mark.parametrize(("base", "kinds", "family"), REACHED, ids=[str(r[2]) for r in REACHED])
def test_construction_reaches_its_family(base: str, kinds: tuple[str, ...], family: str | tuple[str, ...]) -> None:
    for seed in range(4):
        fig = _figure(base, kinds, seed)
        full = fig.problem()
        ded = closure(full, model_of(full, fig), fig)
        for c in candidates(fig, ded, np.random.default_rng(seed), limit=80):
            if c.proof is not None and any(t.startswith(family) for t in c.theorems):
                return
    raise AssertionError(f"no goal on {base} + {kinds} is proved with {family}")
