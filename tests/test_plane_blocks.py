"""Theorem blocks (solvers/plane/theorem_blocks.py): each block's construction, read as a
configuration, is matched by the block's own premises, and every conclusion holds by independent
coordinate geometry; each block's smallest problem needs it and is solved exactly."""
from __future__ import annotations

import math

import numpy as np
import pytest
import sympy
from geomill.dsl import parse
from geomill.engine.plane import element_of
from geomill.solvers.numeric import NumericModel, build_model
from geomill.solvers.plane import solve_general
from geomill.solvers.plane.configuration import Configuration
from geomill.solvers.plane.patterns import Collinear, Index, Triangle, match, plan
from geomill.solvers.plane.theorem_blocks import MAX_POLYGON, THEOREMS, concave_blocks

from .independent import measure


def _configuration(theorem, rng) -> tuple[dict, Configuration, float]:
    """The block's figure text as a problem, on its construction's coordinates, or (a block with no
    construction) on a figure the numeric model finds; and the tolerance its measurements meet."""
    problem = parse(theorem.figure + "\n", f"{theorem.key}.geo")  # the block's own text, not user input
    if theorem.construct is None:
        model = build_model(problem, check_goal=False, seed=int(rng.integers(1 << 30)))
        return model.coords, Configuration(problem, model), 1e-4
    at = {k: np.asarray(v, float) for k, v in theorem.construct(rng).items()}
    assert set(problem.points) == set(at), (theorem.key, problem.points, sorted(at))
    radii = {c.centre: math.dist(at[c.centre], at[c.points[0]]) for c in problem.circles}
    return at, Configuration(problem, NumericModel(problem, at, {}, radii, 0.0, 0)), 1e-6


def _measured(cfg: Configuration, at: dict):
    """A proven value's reading on a figure (a premise that two values differ): its measure, rounded to the
    tolerance's digits so that two equal lengths read equal."""
    return lambda e: sympy.Float(round(measure(cfg.canon(sympy.sympify(e)), at, cfg.model.radii), 6))


def _holds(cfg: Configuration, at: dict, tol: float):
    """A proven premise's test on a figure: true where both sides measure equal."""
    def holds(a: sympy.Expr, b: sympy.Expr) -> bool:
        x, y = (measure(cfg.canon(sympy.sympify(e)), at, cfg.model.radii) for e in (a, b))
        return math.isclose(x, y, rel_tol=tol, abs_tol=tol)
    return holds


# every block THEOREMS holds, and the concave polygons' angle sums (written out per size) up to hexagons
BLOCKS = THEOREMS + tuple(t for n in (4, 5, 6) for t in concave_blocks(n))


@pytest.mark.parametrize("theorem", BLOCKS, ids=lambda t: f"{t.key}-{len(t.figure)}")
def test_block_holds_on_its_construction(theorem) -> None:
    """A binding that keeps the construction's points is found; every instance on the figure holds by
    measurement; and each conclusion on the construction's points (where its letters are all points
    of the construction), measured on the template and found by the matcher, holds.  A judgement's
    proven premises count as proven where they measure equal."""
    rng = np.random.default_rng(21)
    for _ in range(5 if theorem.construct else 2):
        at, cfg, tol = _configuration(theorem, rng)
        ix = Index(cfg, _holds(cfg, at, tol))
        ix.value = _measured(cfg, at)
        bindings = list(match(theorem.premises, ix))
        assert any(all(b[x] == x for x in b if x in at) for b in bindings), (theorem.key, bindings)
        found = list(theorem.instances(ix))
        assert found, theorem.key
        for names, lhs, rhs, *_ in found:
            x, y = (measure(cfg.canon(e), at, cfg.model.radii) for e in (lhs, rhs))
            assert math.isclose(x, y, rel_tol=tol, abs_tol=tol), (theorem.key, names, lhs, rhs)
        canon = {(cfg.canon(lhs), cfg.canon(rhs)) for _, lhs, rhs, *_ in found}
        for c in theorem.conclusions:
            lhs, rhs = (sympy.sympify(e, strict=True) for e in (c.lhs, c.rhs))
            if not all(p in at for s in lhs.free_symbols | rhs.free_symbols for p in element_of(s).points):
                continue
            x, y = (measure(e, at, cfg.model.radii) for e in (lhs, rhs))
            assert math.isclose(x, y, rel_tol=tol, abs_tol=tol), (theorem.key, c)
            assert (cfg.canon(lhs), cfg.canon(rhs)) in canon, (theorem.key, c)


def test_matcher_binds_the_most_selective_atom_first() -> None:
    """The triangle table (one triangle, its vertices in the configuration's order) is bound before
    the lines' trios (a line of 5 points has 10), and the trios are then checked against it."""
    p = parse("points A B C D E\nline A B C D E\nline A F\nline E F\n", "m.geo")
    at = {k: np.array([float(i), 0.0]) for i, k in enumerate("ABCDE")} | {"F": np.array([2.0, 3.0])}
    cfg = Configuration(p, NumericModel(p, at, {}, {}, 0.0, 0))
    ix = Index(cfg)
    premises = (Collinear("XYZ"), Triangle("XZW"))
    assert plan(premises, ix)[0] == premises[1]
    assert [tuple(b[x] for x in "XYZW") for b in match(premises, ix)] == [
        ("A", y, "E", "F") for y in "BCD"]


CASES: list[tuple[str, str, sympy.Expr | int]] = [  # (block key, its smallest problem, the exact answer)
    # (the right isosceles triangle's hypotenuse: weighed above plain Pythagoras, it is the line only where one leg
    # comes from elsewhere, here the radius AO = OC of a right angle in a semicircle; teacher 15's gen 2)
    ("isosceles_right_triangle_property_pythagorean",
     "points O A B C D E H\ntriangle ABC\ntriangle CAH\nline A D C\nline A E B\nline C O H\n"
     "circle O through A B C H\nCH diameter of circle O\nDE midsegment of ACB\nAO = 8\nangle ABC = 45\n"
     "find CD/CH\n", sympy.sqrt(2) / 4),
    ("line_addition", "line A B C\nAB = 3\nAC = 8\nfind BC", 5),
    ("angle_addition", "points O A B C\nline O A\nline O B\nline O C\ncounterclockwise AOB BOC\n"
     "angle AOB = 20\nangle BOC = 35\nfind angle AOC", 55),
    ("adjacent_complementary_angle", "triangle CAB\nline D A B\nclockwise CAB DAC\nangle BAC = 50\n"
     "angle CAD = x\nfind x", 130),
    ("triangle_property_angle_sum", "points A B C\ntriangle ABC\nangle ABC = 40\nangle BCA = 60\nfind angle CAB",
     80),
    ("polygon_property_angle_sum", "points A B C D\nquadrilateral ABCD\nangle DAB = 80\nangle ABC = 100\n"
     "angle BCD = 70\nfind angle CDA", 110),
    ("sine_theorem", "points A B C\ntriangle ABC\nangle ABC = 45\nangle BCA = 60\nAC = 6\nfind AB", 3 * sympy.sqrt(6)),
    ("cosine_theorem", "points A B C\ntriangle ABC\nAB = 3\nAC = 5\nangle BAC = 60\nfind BC", sympy.sqrt(19)),
    ("sine_theorem_circumradius", "points A B C O\ntriangle ABC\ncircle O through A B C\nangle BAC = 60\nBC = 6\n"
     "find radius O", 2 * sympy.sqrt(3)),
    ("polygon_perimeter_formula", "points A B C D\npolygon ABCD\nAB = 3\nBC = 4\nCD = 5\nDA = 6\n"
     "find perimeter ABCD", 18),
    ("polygon_area_split", "points A B C D\nquadrilateral ABCD\narea ABCD = 20\narea ABC = 8\nfind area CDA", 12),
    ("polygon_area_split", "points A B C M\ntriangle ABC\nline B M C\nline A M\narea ABC = 10\narea ABM = 4\n"
     "find area AMC", 6),
    ("parallel_property_angle", "points A B C D P Q E\nline A P B\nline C Q D\nline E P Q\nAB parallel to CD\n"
     "clockwise APQ PQC\nangle EPB = 70\nfind angle PQD", 70),  # corresponding
    ("parallel_property_angle", "points A B C D P Q\nline A P B\nline C Q D\nline P Q\nAB parallel to CD\n"
     "clockwise APQ\nC and A on opposite sides of line PQ\nangle APQ = 50\nfind angle PQC", 50),  # alternate
    ("parallel_property_ipsilateral_internal_angle", "points A B C D P Q\nline A P B\nline C Q D\nline P Q\n"
     "AB parallel to CD\nclockwise APQ\nD and A on the same side of line PQ\nangle APQ = 50\nfind angle PQD", 130),
    ("parallel_property_bend_angle", "points A B C D P Q E\nline A P B\nline C Q D\nline P E\nline Q E\n"
     "AB parallel to CD\nB and D on the same side of line PQ\nE and B on the same side of line PQ\n"
     "E and C on the same side of line AB\nE and A on the same side of line CD\nangle BPE = 40\nangle DQE = 30\n"
     "find angle PEQ", 70),
    ("circumcenter_of_triangle_property_central_angle", "points A B C O\ntriangle ABC\nline O B\nline O C\nOA = OB\n"
     "OB = OC\nangle BAC = 50\nfind angle BOC", 100),
    ("isosceles_triangle_judge_line_coincidence", "points A B C D\ntriangle ABC\nline B D C\nline A D\n"
     "AD bisects angle BAC\nAD perpendicular to BC\nAB = 5\nfind AC", 5),
    ("perpendicular_property", "points A B C D V\nline A V B\nline C V D\nAB perpendicular to CD\nfind angle AVC",
     90),
    ("circle_property_circular_power", "circle O through A B C D\nline A P B\nline C P D\nPA = 2\nPB = 6\nPC = 3\n"
     "find PD", 4),
    ("circle_property_circular_power", "circle O through A C D\nline P C D\nPA tangent to circle O\nPC = 2\n"
     "PD = 8\nfind PA", 4),
    ("tangent_of_circle_property_length_equal", "circle O through A B\nPA tangent to circle O\n"
     "PB tangent to circle O\nPA = 5\nfind PB", 5),
    ("midsegment_of_triangle_property", "points A B C D E\ntriangle ABC\nline A D B\nline A E C\nline D E\n"
     "D midpoint of AB\nE midpoint of AC\nBC = 10\nfind DE", 5),
    ("bisector_of_angle_property_line_ratio", "points A B C D\ntriangle ABC\nline A D C\nline B D\n"
     "BD bisects angle ABC\nAB = 6\nBC = 9\nAD = 4\nfind DC", 6),
    ("centroid_of_triangle_property_line_ratio", "points A B C O D\ntriangle ABC\nline A O D\nline B D C\n"
     "O centroid of ABC\nAD = 9\nfind AO", 6),
    ("midsegment_of_quadrilateral_property_length", "points C H E D G F\nquadrilateral CHED\nquadrilateral HGFE\n"
     "trapezoid CGFD bases CD GF\nline C H G\nline D E F\nHE midsegment of CGFD\nclockwise CHED HGFE\nCD = 46\n"
     "EH = 38\nfind FG", 30),
    ("parallelogram_property_diagonal_bisection", "points A B C D O\nparallelogram ABCD\nline A O C\nline B O D\n"
     "AO = 3\nfind AC", 6),
    ("radius_of_circle_property_length_equal", "circle O through A B\nOA = 3\nfind OB", 3),
    ("circle_property_length_of_radius_and_diameter", "circle O through A\nOA = 3\nfind diameter O", 6),
    ("circle_perimeter_formula", "circle O through A\nOA = 2\nfind circumference O", 4 * sympy.pi),
    ("circle_area_formula", "circle O through A\nOA = 5\nfind circle area O", 25 * sympy.pi),
    ("arc_addition_measure", "circle O through A B\narc OAB = 100\nfind arc OBA", 260),
    ("arc_property_center_angle", "circle O through A B\nline O A\nline O B\ncounterclockwise OAB\n"
     "angle AOB = 70\nfind arc OAB", 70),
    ("arc_property_center_angle", "circle O through A B\nline A O B\nfind arc OAB", 180),
    ("arc_property_circumference_angle_external", "circle O through A B C\ntriangle ABC\ncounterclockwise ABC\n"
     "arc OAB = 100\nfind angle ACB", 50),
    ("arc_length_formula", "circle O through A B\nOA = 3\narc OAB = 60\nfind arc length OAB", sympy.pi),
    ("sector_area_formula", "circle K through J L\nJK = 4\narc KLJ = 53\nfind sector area KLJ",
     106 * sympy.pi / 45),
    ("sector_perimeter_formula", "circle O through A B\nOA = 3\narc OAB = 60\nfind sector perimeter OAB",
     6 + sympy.pi),
    ("isosceles_triangle_judge_angle_equal", "points A B C\ntriangle ABC\nangle ABC = 50\nangle ACB = 50\n"
     "AB = 7\nfind AC", 7),
    ("triangle_area_formula_common", "points A B C D\ntriangle ABC\nline B D C\nline A D\nangle ADB = 90\n"
     "AD = 4\nBC = 6\nfind area ABC", 12),
    ("trapezoid_area_formula", "points A B C D X Y\npolygon ABCD\nline A X B\nline D Y C\nline X Y\n"
     "AB parallel to DC\nclockwise ABCD\nangle XYC = 90\nAB = 6\nDC = 10\nXY = 4\nfind area ABCD", 32),
    ("congruent_triangle_property_line_equal", "points A B C D E F\ntriangle ABC\ntriangle DEF\nAB = DE\nBC = EF\n"
     "CA = FD\nclockwise ABC DEF\nangle ABC = 70\nfind angle DEF", 70),
    ("median_of_triangle_property_length", "triangle ABC\nline B D C\nline A D\nD midpoint of BC\nAB = 7\nAC = 8\n"
     "AD = 5\nclockwise ABD ADC\nfind BC", 3 * sympy.sqrt(14)),
    ("stewart_theorem", "points A B C D\ntriangle ABC\nline B D C\nline A D\nclockwise ABD ADC\nAB = 5\nAC = 7\n"
     "AD = 4\nBD = x\nDC = 2x\nfind x", sympy.sqrt(34) / 2),
    ("ptolemy_theorem", "circle O through A B C D\npolygon ABCD\nclockwise ABCD\nAB = 2\nBC = 3\nCD = 4\nDA = 6\n"
     "AC = 2 sqrt(130)/5\nfind BD", sympy.sqrt(130) / 2),
    ("bisector_of_angle_property_line_ratio_external", "points A B C D E\ntriangle ABC\nline B C D\nline B A E\n"
     "line A D\nangle EAD = angle DAC\nAB = 6\nAC = 4\nBC = 3\nfind CD", 6),
    ("circle_property_angle_of_osculation", "circle O through A B\nPA tangent to circle O\nline A B\nline P A\n"
     "counterclockwise OAP\narc OAB = 100\nfind angle PAB", 50),
    ("triangle_area_formula_common", "points A B C\ntriangle ABC\nBC = 6\narea ABC = 12\nfind height ABC", 4),
    ("isosceles_trapezoid_property_foot", "points A B C D E\nisosceles trapezoid ABCD bases AD BC\nline B E C\n"
     "AE perpendicular to BE\nBC = 20\nBE = 3\nfind AD", 14),
    ("isosceles_trapezoid_property_area", "points A B C D\nisosceles trapezoid ABCD bases AD BC\nAD = 20\nBC = 10\n"
     "AB = 13\nfind area ABCD", 180),
    ("right_trapezoid_property_leg", "right trapezoid ABCD bases AD BC\nAD = 8\nBC = 14\nAB = 8\nfind CD", 10),
    ("isosceles_trapezoid_judgment", "quadrilateral ABCD\nAB parallel to DC\nAB = 20\nDC = 10\nAD = BC\n"
     "angle DAB = 50\nfind angle ABC", 50),
    ("diameter_of_circle_property_right_angle", "circle O through A B C\nline A O B\ntriangle ABC\nangle BAC = 35\n"
     "find angle ABC", 55),
    ("equilateral_triangle_property_circumradius", "circle O through A B C\ntriangle ABC equilateral\nAB = 6\n"
     "find radius O", 2 * sympy.sqrt(3)),
    ("triangle_area_formula_common", "points A B C\ntriangle ABC\nangle BAC = 90\nAB = 6\nAC = 5\n"
     "find area ABC", 15),
    ("square_area_formula", "points A B C D\nsquare ABCD\nAC = 6\nfind area ABCD", 18),
    ("parallelogram_perimeter_formula", "points A B C D\nparallelogram ABCD\nAB = 5\nBC = 3\n"
     "find perimeter ABCD", 16),
    ("rhombus_perimeter_formula", "points A B C D\nrhombus ABCD\nAB = 5\nfind perimeter ABCD", 20),
    ("rectangle_area_formula", "points A B C D\npolygon ABCD\nangle ABC = 90\nangle BCD = 90\nangle CDA = 90\n"
     "AB = 6\nBC = 4\nfind area ABCD", 24),
    ("triangle_area_formula_sine", "points A B C\ntriangle ABC\nAB = 4\nBC = 5\nangle ABC = 30\nfind area ABC", 5),
    ("vertical_angle", "points O A B C D\nline A O C\nline B O D\nangle AOB = 50\nfind angle COD", 50),
    ("right_triangle_property_trigonometric", "points A B C\ntriangle CAB\nAB perpendicular to CB\nclockwise CAB\n"
     "AC = 14\nangle BAC = 30\nfind AB", 7 * sympy.sqrt(3)),
    ("isosceles_triangle_property_line_coincidence", "points A B C D\ntriangle ABD\ntriangle BCD\nline A D C\n"
     "BD perpendicular to AD\nclockwise ABD BCD\nAB = BC\nAD = 5\nfind AC", 10),
    ("kite_property_diagonal_perpendicular_bisection", "points W Z Y X A\nkite WZYX at W\nline W A Y\nline Z A X\n"
     "clockwise WZA AZY\nAX = 5\nAY = 8\nfind YZ", sympy.sqrt(89)),
    ("rhombus_property_diagonal_perpendicular", "points A B C D O\nrhombus ABCD\nline A O C\nline B O D\n"
     "clockwise ABCD\nAO = 4\nBO = 3\nfind AB", 5),
    ("rectangle_property_diagonal_equal", "points A B C D O\nrectangle ABCD\nline A O C\nline B O D\n"
     "clockwise ABCD\nAO = 4\nfind BO", 4),
    ("altitude_of_triangle_judgment", "points A B C D\ntriangle ABC\nline B D C\nline A D\nangle ADB = 90\nAD = 4\n"
     "find height ABC", 4),
    ("altitude_of_quadrilateral_judgment", "points A B C D\npolygon ABCD\nangle DAB = 90\nDA = 3\nfind height ABCD", 3),
    ("diameter_of_circle_judgment_right_angle", "circle O through A B C\ntriangle ABC\nangle ABC = 90\nAB = 6\n"
     "BC = 8\nfind radius O", 5),
    ("circle_property_chord_distance", "circle O through A B\nradius O = 5\nAB = 8\nfind height OAB", 3),
    ("circle_property_chord_distance", "circle O through A B\nline A M B\nline O M\nOM perpendicular to AB\n"
     "radius O = 5\nAB = 8\nfind OM", 3),
    ("parallelogram_area_formula_common", "points A B C D\nparallelogram ABCD\nAB = 8\narea ABCD = 40\n"
     "find height ABCD", 5),
    ("trapezoid_property_height", "points A B C D\ntrapezoid ABCD bases AD BC\nAD = 25\nBC = 11\nAB = 13\n"
     "CD = 15\nfind height ABCD", 12),
    ("trapezoid_area_formula", "points A B C D\ntrapezoid ABCD bases AD BC\nAD = 25\nBC = 11\nAB = 13\n"
     "CD = 15\nfind area ABCD", 216),
    ("triangle_property_exterior_angle", "points A B C D\ntriangle ABC\nline B C D\nangle BAC = 40\n"
     "angle ABC = 60\nfind angle ACD", 100),
    ("isosceles_triangle_property_base_angle", "points A B C\ntriangle ABC\nAB = AC\nangle BAC = 34\n"
     "find angle ABC", 73),
    ("quadrilateral_area_formula_diagonal", "points A B C D P\npolygon ABCD\nline A P C\nline B P D\nclockwise ABCD\n"
     "AC = 10\nBD = 8\nangle APB = 30\nfind area ABCD", 20),
    ("isosceles_right_triangle_property_angle", "points A B C\ntriangle ABC\nAB = AC\nangle BAC = 90\n"
     "find angle ABC", 45),
    ("polygon_property_exterior_angle_sum", "points A B C D P Q R S\npolygon ABCD\nline B A P\nline C B Q\n"
     "line D C R\nline A D S\nclockwise ABCD\nangle DAP = 80\nangle ABQ = 100\nangle BCR = 70\nfind angle CDS", 110),
    ("right_triangle_property_altitude", "points A B C D\ntriangle ABC\nline B D C\nline A D\nangle BAC = 90\n"
     "angle ADB = 90\nBD = 9\nDC = 16\nfind AD", 12),
    ("arc_property_center_angle_inscribed", "triangle ABC\ncircle O through A B C\nline O B\nline O C\n"
     "angle BAC = 35\nfind angle BOC", 70),
    ("tangential_quadrilateral_property_pitot", "circle O through W X Y Z\npolygon ABCD\nline A W B\nline B X C\n"
     "line C Y D\nline D Z A\nAW tangent to circle O\nBW tangent to circle O\nBX tangent to circle O\n"
     "CX tangent to circle O\nCY tangent to circle O\nDY tangent to circle O\nDZ tangent to circle O\n"
     "AZ tangent to circle O\nclockwise ABCD\nAB = 7\nBC = 8\nCD = 9\nfind DA", 8),
    ("tangential_triangle_property_perimeter", "points A B C O W X Y\ncircle O through W X Y\ntriangle ABC\n"
     "line A W B\nline B X C\nline C Y A\nAW tangent to circle O\nBW tangent to circle O\nBX tangent to circle O\n"
     "CX tangent to circle O\nCY tangent to circle O\nAY tangent to circle O\nclockwise ABC\nAW = 5\nBX = 3\n"
     "CY = 4\nfind perimeter ABC", 24),
    ("triangle_area_formula_heron", "points A B C\ntriangle ABC\nAB = 15\nBC = 14\nCA = 13\nfind area ABC", 84),
    ("right_triangle_property_leg", "points A B C D\ntriangle ABC\nline B D C\nline A D\nangle BAC = 90\n"
     "angle ADB = 90\nBD = 9\nDC = 16\nfind AB", 15),
    ("equilateral_triangle_judgment_angle", "points A B C\ntriangle ABC\nangle ABC = 60\nangle ACB = 60\nAB = 7\n"
     "find BC", 7),
    ("equilateral_triangle_judgment_isosceles_and_isosceles", "points A B C\ntriangle ABC\nAB = BC\nBC = CA\n"
     "find angle ABC", 60),
    # (two radii with a 60° angle between them: equilateral in one step, not its base angles and then two 60° angles)
    ("equilateral_triangle_judgment_isosceles_and_angle", "points O A B\ncircle O through A B\nline O A\nline O B\n"
     "line A B\nangle AOB = 60\nAO = 5\nfind AB", 5),
    ("cyclic_quadrilateral_property_opposite_angle", "circle O through A B C D\npolygon ABCD\nclockwise ABCD\n"
     "angle ABC = 3x + 5\nangle CDA = 2x + 25\nfind x", 30),
    ("circle_property_chord_equal_distance", "circle O through A B C D\nline A M B\nline C N D\nline O M\nline O N\n"
     "clockwise ABCD\nangle OMA = 90\nangle ONC = 90\nOM = 3\nON = 3\nAB = 10\nCD = 2x\nfind x", 5),
    ("tangent_of_circle_property_square", "circle O through A B\nPA tangent to circle O\nPB tangent to circle O\n"
     "line O B\nangle APB = 90\nPA = 5\nfind OB", 5),
    ("parallel_property_intercept", "points A B C D E\ntriangle ABC\nline A D B\nline A E C\nDE parallel to BC\n"
     "AB = 8\nAD = 2\nAC = 12\nfind CE", 9),
    ("tangent_of_circle_property_quadrilateral_angle", "circle O through A B\nPA tangent to circle O\n"
     "PB tangent to circle O\nangle AOB = 130\nfind angle APB", 50),
    # (B's arc stated too: P may be on either ray of the tangent, and angle ABC then 40 or 140)
    ("circle_property_alternate_segment", "points A B C P O\ntriangle ABC\ncircle O through A B C\n"
     "PA tangent to circle O\nline A P\nclockwise ABC\nC on major arc AB\nB on major arc AC\nangle CAP = 40\n"
     "find angle ABC", 40),
    ("kite_area_formula_diagonal", "points B A E D C\ntriangle BAE\ntriangle EAD\ntriangle EDC\ntriangle BEC\n"
     "line A E C\nline B E D\nBE perpendicular to CE\nclockwise BAE EAD EDC BEC\nAC = 20\nBD = 24\n"
     "find area ABCD", 240),
    ("rhombus_property_diagonal_bisect_angle", "points A B C D\nparallelogram ABCD\nAB = 5\nAD = 5\n"
     "angle BAD = 50\nfind angle BAC", 25),
    ("circle_property_chord_perpendicular_bisect_angle", "points A B C D O\npolygon ABOC\ntriangle OBD\n"
     "triangle ODC\nline B D C\ncircle O through A B C\nclockwise ABOC OBD ODC ABC\nangle COD = 50\n"
     "angle CDO = 90\nfind angle BAC", 50),
    ("arc_midpoint_property_angle_bisect", "points O D A B C\nline A O B\ncircle O through B C D A\n"
     "D midpoint of arc OAC\nclockwise BCD BDA ABC\nangle ABC = 50\nfind angle BAD", 65),
    ("midsegment_of_parallelogram_parallel", "points A B C D E F\nparallelogram ABCD\nline A E B\nline D F C\n"
     "line E F\nE midpoint of AB\nEF parallel to BC\nAB = 4\nfind DF", 2),
    ("midsegment_of_parallelogram_midpoint", "points A B C D E F\nparallelogram ABCD\nline A F D\nline B E C\n"
     "line E F\nF midpoint of AD\nE midpoint of BC\nAB = 7\nfind EF", 7),
    ("triangle_area_property_same_height", "points A B C D\ntriangle ABC\nline B D C\nBD = 4\nDC = 8\n"
     "area ABC = 36\nfind area ADC", 24),
    ("right_triangle_property_pythagorean_difference", "points A B C F\ntriangle ABC\nline C F B\nline A F\n"
     "AF perpendicular to CB\nAB = 9\nBC = 11\nAC = 7\nfind CF", sympy.Rational(89, 22)),
    ("bisector_of_angle_property_distance_equal", "points A B C D\nline A B\nline A C\nline A D\nline D B\n"
     "line D C\nAD bisects angle BAC\nangle ABD = 90\nangle ACD = 90\nDB = 2\nfind DC", 2),
    ("perpendicular_bisector_property_distance_equal", "points A B C D\ntriangle ABC\nline B D C\nline A D\n"
     "BD = DC\nangle ADB = 90\nAB = 5\nfind AC", 5),
    ("equilateral_triangle_property_altitude_bisect", "points A B C D O\ntriangle ABC equilateral\nline C D B\n"
     "AD altitude of ABC\ncircle O through A B C\nAB = 43\nfind CO/CD", 2 * sympy.sqrt(3) / 3),
    ("equilateral_triangle_property_bisector_coincidence", "points A B C D O\ntriangle ABC equilateral\n"
     "line B D A\ncircle O through A B C\nCD bisects angle BCA\nAB = 23\nfind AD", sympy.Rational(23, 2)),
]


def test_every_block_has_its_smallest_problem() -> None:
    """Here, or (a judgement's) among the solver's smallest problems, which run as their own tests."""
    from .test_plane_solver import CASES as SOLVER
    from .test_plane_solver_coverage import CASES as COVERAGE

    assert {t.key for t in THEOREMS} <= {case[0] for case in CASES + SOLVER + COVERAGE}


@pytest.mark.parametrize("key,text,answer", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_smallest_problem_that_needs_the_block(key: str, text: str, answer) -> None:
    sol = solve_general(parse(text, f"{key}.geo"))
    assert sympy.simplify(sol.exact_value - answer) == 0
    assert key in {k for st in sol.proof.steps for k in st.theorems}, [st.theorems for st in sol.proof.steps]
    assert sol.proof.check(sol.model) == []


@pytest.mark.parametrize("n", [14, 27])
def test_a_polygon_larger_than_the_written_blocks_gets_its_families(n: int) -> None:
    """A convex n-gon past MAX_POLYGON (past Z for 27): its angle sum, perimeter and every diagonal's
    area split, each true by measurement."""
    from geomill.solvers.plane.theorems import construction_instances

    assert n > MAX_POLYGON
    names = [chr(ord("A") + i) for i in range(26)] + ["A1"]
    names = names[:n]
    ts = np.linspace(0, 2 * math.pi, n, endpoint=False) + 0.1
    at = {p: np.array([math.cos(t) * 3, math.sin(t) * 2]) for p, t in zip(names, ts)}
    problem = parse(f"polygon {''.join(names)}\n", "big.geo")
    cfg = Configuration(problem, NumericModel(problem, at, {}, {}, 0.0, 0))
    got = [i for i in construction_instances(cfg) if i.family.key != "given"]
    keys = [i.family.key for i in got]
    assert keys.count("polygon_property_angle_sum") == 1 and keys.count("polygon_perimeter_formula") == 1
    assert keys.count("polygon_area_split") == n
    for i in got:
        if i.family.key == "polygon_property_angle_sum":
            assert i.rhs == 180 * (n - 2)
        x, y = (measure(cfg.canon(e), at, {}) for e in (i.lhs, i.rhs))
        assert math.isclose(x, y, rel_tol=1e-9), (i.text, i.lhs, i.rhs)


def test_points_named_with_digits_and_primes() -> None:
    """Blocks bind point names, never letters of a joined string: main's generators wrote L(a + b),
    which read 'AB1' as three points and failed on any name longer than a letter."""
    sol = solve_general(parse("line A B1 C'\nAB1 = 3\nAC' = 8\nfind B1C'", "names.geo"))
    assert sol.exact_value == 5 and "Since B1 lies on AC'" in sol.text("text")
    sol = solve_general(parse("points A1 B C'\ntriangle A1BC'\nangle A1BC' = 40\nangle BC'A1 = 60\n"
                              "find angle C'A1B", "names.geo"))
    assert sol.exact_value == 80


_DART = "points A B C D\npolygon ABCD\nangle DAB = 40\nangle ABC = 30\nangle CDA = 35\nfind angle BCD"


def test_no_theorem_family_is_an_instance_generator() -> None:
    """Theorem families are blocks (theorem_blocks.py), matched by one matcher: the only code in
    theorems.py that yields instances is the givens and the drivers of the blocks; the deduction takes
    its instances from those drivers alone; the registry is the blocks' keys; and every instance the
    drivers give on figures of every kind names a block's family (or a given).  A new generator
    written beside them, or a family made by hand, fails here."""
    import inspect

    from geomill.solvers.plane import deduce, theorems

    generators = {name for name, f in inspect.getmembers(theorems, inspect.isgeneratorfunction)
                  if f.__module__ == theorems.__name__}
    assert generators == {"givens", "construction_instances", "judgements"}
    sources = {name for name, f in vars(deduce).items() if inspect.isfunction(f) and f.__module__ == theorems.__name__}
    assert sources == {"construction_instances", "judgements"}
    assert set(theorems.registry()) == {t.key for t in THEOREMS}
    assert all(t.construct is not None or t.figure for t in THEOREMS)  # each is tested on its own figure
    from .test_plane_solver_coverage import CASES as COVERAGE

    made = set()
    for _, text, _ in COVERAGE + [("", _DART, 105)]:
        p = parse(text, "figure.geo")
        ded = deduce.Deduction(p, build_model(p, check_goal=False))
        block_families = {theorems.family(t, c.key or t.key, c.sentence) for t in theorems.blocks(ded.index)
                          for c in t.conclusions}
        for inst in [*theorems.construction_instances(ded.cfg, ded.index),
                     *theorems.judgements(ded.cfg, lambda a, b: True, ded.index)]:
            assert inst.family in block_families or inst.family.key in ("given", "relation"), inst.text
            made.add(inst.family.key)
    assert {"circle_property_circular_power_segment_and_segment_angle", "polygon_property_angle_sum"} <= made


@pytest.mark.parametrize("text,words", [
    ("points O A B C D P\ncircle O through A B C D\nline A P B\nline C P D\nclockwise APC\narc OBD = 50\n"
     "arc OAC = 70\nfind angle APC", "half the sum"),
    ("points O A B C D P\ncircle O through A B C D\nline P A B\nline P C D\nclockwise PAC\narc ODB = 120\n"
     "arc OAC = 40\nfind angle APC", "half the difference"),
    ("points O T A B P\ncircle O through T A B\nline P A B\nline P T\nPT tangent to circle O\nclockwise PTA\n"
     "arc OBT = 150\narc OTA = 70\nfind angle TPA", "half the difference")])
def test_the_angle_of_two_lines_cutting_a_circle_says_which_case(text: str, words: str) -> None:
    """Lines crossing inside the circle: half the sum of the arcs; outside: half the difference (a
    teacher names the case)."""
    sol = solve_general(parse(text, "case.geo"))
    said = sol.text("text")
    other = "half the " + ({"sum", "difference"} - set(words.split())).pop()
    assert words in said and other not in said, said


def test_a_concave_polygon_angle_sum_counts_its_reflex_corner() -> None:
    """A dart ABCD whose reflex corner is C: the angles at A, B and D add to the reflex angle at C,
    360 less the angle BCD, so BCD = 40 + 30 + 35."""
    p = parse(_DART, "dart.geo")
    model = build_model(p)
    cfg = Configuration(p, model)
    assert Index(cfg).polygons[4] and sum(cfg.convex(q) for q in Index(cfg).polygons[4]) == 0
    sol = solve_general(p)
    assert sol.exact_value == 105 and "reflex corner" in sol.text("text")


def test_a_judgement_round_gives_only_what_no_earlier_round_gave() -> None:
    """The deduction remembers the judgement instances its rounds gave and does not bind them again: a
    round after the run gives none of them, and each one a round without that memory gives is an
    equation the deduction already has."""
    from geomill.solvers.plane.deduce import Deduction
    from geomill.solvers.plane.theorems import judgements

    p = parse("points A B C\ntriangle ABC\nAB = 5\nAC = 5\nangle ABC = 40\nfind angle BCA\n")
    ded = Deduction(p, build_model(p))
    assert ded.run().value == 40  # the isosceles triangle's equal angles: a judgement's conclusion
    fresh = list(judgements(ded.cfg, ded.proven, ded.index))
    assert fresh and all((inst.lhs, inst.rhs) in ded._said for inst in fresh)
    assert list(judgements(ded.cfg, ded.proven, ded.index, set(ded._judged))) == []


def test_the_known_values_follow_the_table_and_are_a_copy() -> None:
    """Deduction.known is kept while the table does not grow: a caller's change to the values it got is not
    kept, and an equation added after is in the next values."""
    from geomill.engine.plane import element_symbol
    from geomill.solvers.plane.deduce import Deduction

    p = parse("points A B C\ntriangle ABC\nAB = 5\nAC = 5\nangle ABC = 40\nfind angle BCA\n")
    ded = Deduction(p, build_model(p))
    ded.run()
    ab, x = element_symbol("length", ("A", "B")), sympy.Symbol("x")
    known = ded.known()
    assert known[ab] == 5 and x not in known
    known[ab] = 7
    assert ded.known()[ab] == 5
    ded.symbol[x.name] = x
    ded.table.add({x.name: 1}, 3)
    assert ded.known()[x] == 3 and ded.known()[ab] == 5


def test_the_contributor_guide_shows_a_block_of_the_file() -> None:
    """docs/extending.md shows adding a theorem as one block, and docs/theorems.md shows more: each
    block a page shows is a block of theorem_blocks.py (its text, spacing aside, is in the file), one of
    THEOREMS by its key; the one on extending.md is quoted line for line."""
    import re
    from pathlib import Path

    from geomill.solvers.plane import theorem_blocks

    root = Path(__file__).resolve().parents[1]
    source = Path(theorem_blocks.__file__).read_text(encoding="utf-8")
    flat = re.sub(r"\s+", "", source)
    keys = {t.key for t in THEOREMS}
    shown = {}
    for page in ("extending.md", "theorems.md"):
        text = (root / "docs" / page).read_text(encoding="utf-8")
        shown[page] = [b for b in re.findall(r"```python\n(.*?)```", text, re.S) if b.lstrip().startswith("Theorem(\"")]
        for block in shown[page]:
            assert re.sub(r"\s+", "", block).rstrip(",") in flat, (page, block)
            assert re.match(r'\s*Theorem\("(\w+)"', block).group(1) in keys, (page, block)
    assert len(shown["extending.md"]) == 1 and shown["extending.md"][0] in source
    assert shown["theorems.md"]


def test_shared_prefixes_bind_as_the_matcher_does() -> None:
    """One index matches every block's read premises, each prefix of a binding order once and shared
    between blocks: the bindings, in order, are the matcher's own on a fresh index."""
    rng = np.random.default_rng(5)
    pair = next(t for t in THEOREMS if "TrianglePair" in str(t.read))
    _, cfg, _ = _configuration(pair, rng)
    ix = Index(cfg)
    shared = 0
    for t in THEOREMS:
        got = ix.matched(t.read)
        assert got == list(match(t.read, Index(cfg))), t.key
        shared += bool(got)
    assert shared > 1
