"""Theorem families a construction may aim at: for each rarely used family, the base shapes and
constructions (``construct.BASES``, ``construct.CONSTRUCTIONS``) that make its premises, and the
families no textbook construction reaches, with the reason.

A share of the constructions (``TARGETED``) is drawn for one such family, by its seed alone (so a set is
the same on any number of workers): the program begins with one of the family's recipes, random
constructions follow, and the goals whose rough proof cites the family are asked first
(``make.choose``).  A family's weight is the inverse of its share of a default set's problems
(``SHARE``, measured with ``bench/textbook_coverage.py``), so the rarest are aimed at most.
"""
from __future__ import annotations

import numpy as np

from .construct import CIRCLE_BASES, CIRCLE_KINDS

Recipe = tuple[str, tuple[str, ...]]  # (base, constructions after it)

# family -> recipes: the figures of a recipe (of one, at least: tests/test_textbook_gen_targets.py) have
# some goal of the default depth, 2 or more, whose proof cites the family
TARGETS: dict[str, tuple[Recipe, ...]] = {
    "altitude_of_triangle_judgment": (("triangle", ("foot",)),),
    "perpendicular_property": (("triangle", ("foot",)),),
    "bisector_of_angle_property_line_ratio": (("triangle", ("bisector",)), ("sss_triangle", ("bisector",))),
    "bisector_of_angle_judgment_angle_equal": (("triangle", ("equal_angles",)), ("sss_triangle", ("equal_angles",))),
    "bisector_of_angle_property_line_ratio_external": (("sss_triangle", ("external_bisector",)),
                                                       ("triangle", ("external_bisector",))),
    "centroid_of_triangle_judgment_intersection": (("sss_triangle", ("centroid",)), ("right_triangle", ("centroid",))),
    "centroid_of_triangle_property_line_ratio": (("sss_triangle", ("centroid_given",)),
                                                 ("right_triangle", ("centroid_given",))),
    "median_of_triangle_property_length": (("sss_triangle", ("centroid",)), ("sss_triangle", ("median",))),
    "right_triangle_property_length_of_median": (("right_triangle", ("median",)),),
    "stewart_theorem": (("sss_triangle", ("cevian",)),),
    "right_triangle_property_pythagorean_difference": (("sss_triangle", ("altitude",)),),
    # (the altitude's right angle is the exterior angle of the triangle it cuts off at the base: the angle between
    # the altitude and the base is 90° less a base angle the apex gives)
    "triangle_property_exterior_angle": (("isosceles_triangle", ("altitude",)), ("circle", ("diameter", "chords"))),
    "isosceles_triangle_judge_angle_equal": (("circle", ("diameter", "chords")),),
    # (the midsegment of a right triangle by its legs: the hypotenuse rarely a whole number, and the halves' own
    # Pythagoras as short; a right triangle by its altitude has whole sides)
    "midsegment_of_triangle_property": (("right_altitude", ("midpoints",)),),
    "midsegment_of_triangle_judgment_midpoint": (("triangle", ("midpoints",)), ("sss_triangle", ("midpoints",))),
    "midsegment_of_triangle_judgment_parallel": (("triangle", ("midpoint_parallel",)),
                                                 ("sss_triangle", ("midpoint_parallel",))),
    "parallelogram_judgment_parallel_and_parallel": (("triangle", ("projections",)),),
    "rectangle_judgment_right_angle": (("right_triangle", ("projections",)),),
    "parallel_property_ipsilateral_internal_angle": (("isosceles_triangle", ("projections",)),
                                                     ("right_triangle", ("projections",))),
    "right_triangle_property_leg": (("right_altitude", ()),),
    "rectangle_property_diagonal_equal": (("rectangle_diagonals", ()),),
    "rhombus_property_diagonal_perpendicular": (("rhombus", ("intersection", "midpoint")),),
    "parallelogram_area_formula_sine": (("quadrilateral", ("quadrilateral_height",)), ("rhombus", ())),
    # (a square by its side or perimeter: its area a step or two away, too little to ask)
    "square_area_formula": (("square_point", ()), ("square_point", ("intersection",))),
    "midsegment_of_parallelogram_midpoint": (("quadrilateral", ("quadrilateral_midpoints",)),),
    "midsegment_of_parallelogram_parallel": (("quadrilateral", ("quadrilateral_midpoints",)),),
    "midsegment_of_quadrilateral_judgment_midpoint": (("sides_trapezoid", ("quadrilateral_midpoints",)),
                                                      ("trapezoid", ("quadrilateral_midpoints",))),
    "midsegment_of_quadrilateral_judgment_parallel": (("sides_trapezoid", ("quadrilateral_midpoints",)),
                                                      ("trapezoid", ("quadrilateral_midpoints",))),
    "midsegment_of_quadrilateral_property_length": (("trapezoid", ("quadrilateral_midsegment",)),
                                                    ("sides_trapezoid", ("quadrilateral_midsegment",))),
    "trapezoid_property_height": (("sides_trapezoid", ()),),
    "isosceles_trapezoid_property_foot": (("trapezoid", ()),),
    "tangential_quadrilateral_property_pitot": (("tangential_quadrilateral", ()),),
    "polygon_area_split": (("cyclic_quadrilateral", ()),),
    "circle_area_formula": (("circle", ()),),
    "circle_perimeter_formula": (("circle", ()),),
    "sector_perimeter_formula": (("circle", ()),),
    "circle_property_length_of_radius_and_diameter": (("equilateral_triangle", ("circumcircle", "arc_midpoint")),
                                                      ("isosceles_triangle", ("circumcircle", "tangent"))),
    "equilateral_triangle_property_circumradius": (("equilateral_triangle", ("circumcircle",)),),
    "arc_addition_measure": (("circle", ("chord_foot",)),),
    "arc_property_center_angle": (("circle", ("tangent_pair", "parallel")),),
    "arc_midpoint_property_angle_bisect": (("isosceles_triangle", ("circumcircle", "arc_midpoint")),),
    "circle_property_chord_perpendicular_bisect_chord": (("circle", ("chord_foot",)),),
    "circle_property_chord_perpendicular_bisect_arc": (("circle", ("chord_foot",)),),
    "circle_property_circular_power": (("chords", ()),),
    "tangent_of_circle_property_length_equal": (("circle", ("tangent", "second_tangent")),),
    "circle_property_alternate_segment": (("isosceles_triangle", ("circumcircle", "tangent")),),
    "circle_property_angle_of_osculation": (("right_triangle", ("circumcircle", "tangent")),),
    "circle_property_chord_perpendicular_bisect_angle": (("isosceles_triangle", ("circumcircle", "chord_foot")),),
    "round_angle": (("isosceles_triangle", ("circumcircle", "chord_foot")),
                    ("isosceles_triangle", ("circumcircle", "tangent_pair"))),
    "tangent_of_circle_property_quadrilateral_angle": (("circle", ("tangent_pair",)),),
    "congruent_triangle_property_line_equal": (("circle", ("tangent_pair",)),),
    "vertical_angle": (("crossing", ()),),
    # a chord stated equal to another (the equal chord's arc, its length or sector asked): a diameter's or two
    # chord feet's equal chords have a lighter route (their central angles) than the judgement
    "congruent_arc_judgment_chord_equal": (("circle", ("equal_chord",)),),
    "circle_property_circular_power_segment_and_segment_angle": (("circle", ("diameter", "chords")),),
    "cyclic_quadrilateral_property_opposite_angle": (("circle", ("arc_midpoint",)), ("circle", ("diameter", "chords"))),
    # families of the quadrilaterals a default set reaches at 1-2.5 % with its natural bases: each of their
    # bases is drawn by few constructions, so aiming the others away could leave them out of a set
    "kite_property_diagonal_perpendicular_bisection": (("kite", ("intersection",)), ("kite", ("intersection", "midpoint")),
                                                       ("kite", ())),
    "kite_area_formula_diagonal": (("perpendicular_diagonals", ()),),
    "quadrilateral_area_formula_diagonal": (("rectangle_diagonals", ("quadrilateral_midsegment",)),
                                            ("chords", ("diameter",)), ("chords", ("tangent",))),
    "rhombus_property_diagonal_bisect_angle": (("rhombus", ("quadrilateral_midpoints",)),
                                               ("rhombus", ("quadrilateral_height",))),
    "rhombus_perimeter_formula": (("rhombus", ("quadrilateral_midpoints",)), ("rhombus", ("quadrilateral_height",))),
    "parallelogram_perimeter_formula": (("quadrilateral", ()),),
    "ptolemy_theorem": (("cyclic_quadrilateral", ("intersection",)), ("cyclic_quadrilateral", ())),
    # a quadrilateral by its four sides (opposite ones equal) is a parallelogram; the height or the diagonals'
    # meeting point asks for its angles or halves
    "parallelogram_judgment_equal_and_equal": (("sides_quadrilateral", ("quadrilateral_height", "intersection")),
                                               ("sides_quadrilateral", ("intersection",))),
    "polygon_property_angle_sum": (("sides_quadrilateral", ("intersection", "quadrilateral_height")),),
    # arcs made equal by a chord's perpendicular from the centre (it bisects the arc) and inscribed angles: the
    # equal arcs' chords
    "congruent_arc_property_chord_equal": (("circle", ("chord_foot", "chords")),),
    # a triangle by its three sides, a median (it halves the area) and a perpendicular from its foot to a side: the
    # area by Heron's formula gives the perpendicular (no foot of a height to take Pythagoras twice on)
    "triangle_area_formula_heron": (("sss_triangle", ("median", "perpendicular")),
                                    ("sss_triangle", ("centroid", "perpendicular"))),
}

# families no textbook construction reaches, and why (the coverage bench lists them apart)
UNREACHABLE: dict[str, str] = {
    "isosceles_trapezoid_property_area": "the generator's isosceles trapezoid draws the foot of its height (without "
                                         "it the deduction finds no leg, height or area), and from that foot the "
                                         "symmetric trapezoid's projection (isosceles_trapezoid_property_foot) is the "
                                         "shorter route; Pythagoras on the height serves where no foot is drawn",
    "circle_property_chord_distance": "the perpendicular from the centre to a chord makes the right triangle OMA, "
                                      "where Pythagoras proves the same equation at a lower weight",
    "circle_property_chord_equal_distance": "it needs the perpendiculars from the centre to two chords proven "
                                            "equal; two chord feet a construction draws fall on unequal chords",
    "congruent_arc_judgment_length_equal": "arc lengths follow from the arcs' measures (the arc length formula), "
                                           "never two arc lengths proven equal before their arcs",
    "equilateral_triangle_judgment_isosceles_and_isosceles": "the constructions that make an equilateral triangle "
                                                             "(a rectangle's diagonals at 60°, a centroid, a 60° "
                                                             "kite) give a 60° angle first: the angle judgement "
                                                             "is the lighter proof",
    "polygon_property_exterior_angle_sum": "it needs every side of a polygon extended past a vertex, each exterior "
                                           "angle named; a construction extends one side",
}

# each aimed family's share (percent of the problems) in default sets, pooled over seeds (main's generator,
# aiming included: python bench/textbook_coverage.py --seeds 41,...,48 -n 250, 2000 problems); a family not
# listed was never used
SHARE: dict[str, float] = {
    "altitude_of_triangle_judgment": 0.5, "arc_addition_measure": 1.25, "arc_midpoint_property_angle_bisect": 0.45,
    "arc_property_center_angle": 4.35, "bisector_of_angle_judgment_angle_equal": 0.7,
    "bisector_of_angle_property_line_ratio": 0.65, "bisector_of_angle_property_line_ratio_external": 0.9,
    "centroid_of_triangle_judgment_intersection": 1.15, "centroid_of_triangle_property_line_ratio": 0.65,
    "circle_area_formula": 1.6, "circle_perimeter_formula": 1.15, "circle_property_alternate_segment": 0.05,
    "circle_property_angle_of_osculation": 0.05, "circle_property_chord_perpendicular_bisect_angle": 1.45,
    "circle_property_chord_perpendicular_bisect_arc": 1.65, "circle_property_chord_perpendicular_bisect_chord": 2.05,
    "circle_property_circular_power": 0.8, "circle_property_circular_power_segment_and_segment_angle": 0.25,
    "circle_property_length_of_radius_and_diameter": 0.1, "congruent_arc_judgment_chord_equal": 0.8,
    "congruent_arc_property_chord_equal": 0.05, "congruent_triangle_property_line_equal": 2.2,
    "cyclic_quadrilateral_property_opposite_angle": 0.6, "equilateral_triangle_property_circumradius": 2.1,
    "isosceles_trapezoid_property_foot": 3.1, "isosceles_triangle_judge_angle_equal": 1,
    "kite_area_formula_diagonal": 2.05, "kite_property_diagonal_perpendicular_bisection": 1.3,
    "median_of_triangle_property_length": 0.65, "midsegment_of_parallelogram_midpoint": 1.2,
    "midsegment_of_parallelogram_parallel": 2.05, "midsegment_of_quadrilateral_judgment_midpoint": 0.95,
    "midsegment_of_quadrilateral_judgment_parallel": 1.4, "midsegment_of_quadrilateral_property_length": 0.8,
    "midsegment_of_triangle_judgment_midpoint": 0.5, "midsegment_of_triangle_judgment_parallel": 3.05,
    "midsegment_of_triangle_property": 0.05, "parallel_property_ipsilateral_internal_angle": 0.1,
    "parallelogram_area_formula_sine": 0.45, "parallelogram_judgment_equal_and_equal": 0.45,
    "parallelogram_judgment_parallel_and_parallel": 2, "parallelogram_perimeter_formula": 1.1,
    "perpendicular_property": 3.2, "polygon_area_split": 1.55, "polygon_property_angle_sum": 0.15,
    "ptolemy_theorem": 1.55, "quadrilateral_area_formula_diagonal": 1.8, "rectangle_judgment_right_angle": 0.05,
    "rectangle_property_diagonal_equal": 1.65, "rhombus_perimeter_formula": 1.35,
    "rhombus_property_diagonal_bisect_angle": 0.95, "rhombus_property_diagonal_perpendicular": 0.95,
    "right_triangle_property_leg": 1.7, "right_triangle_property_length_of_median": 0.55,
    "right_triangle_property_pythagorean_difference": 1.45, "round_angle": 0.35, "sector_perimeter_formula": 3.15,
    "stewart_theorem": 1.2, "tangent_of_circle_property_length_equal": 4.05,
    "tangent_of_circle_property_quadrilateral_angle": 1.45, "tangential_quadrilateral_property_pitot": 1.8,
    "trapezoid_property_height": 2.75, "triangle_area_formula_heron": 0.1, "triangle_property_exterior_angle": 0.2,
    "vertical_angle": 0.65}
LEAST_SHARE = 0.25  # percent: the share a never-used family is weighted as
TARGETED = 0.3  # the share of constructions aimed at a family (half aimed left the natural bases too few draws)


def uses_circle(recipe: Recipe) -> bool:
    base, kinds = recipe
    return base in CIRCLE_BASES or any(k in CIRCLE_KINDS for k in kinds)


def pick(rng: np.random.Generator, circles: bool | None, require: tuple[str, ...] = (),
         exclude: tuple[str, ...] = ()) -> tuple[str, Recipe] | None:
    """The family a construction aims at and the recipe it begins with (None: no aim, ``1 - TARGETED``
    of the time), among those the knobs allow: the required families where any are (every
    construction aims at one of them), never an excluded one, and a recipe with a circle exactly where
    ``circles`` asks (either where None)."""
    if rng.random() >= (1.0 if require else TARGETED):
        return None
    fits = {f: [r for r in recipes if circles is None or uses_circle(r) == circles]
            for f, recipes in TARGETS.items() if f not in exclude and (not require or f in require)}
    fams = sorted(f for f, rs in fits.items() if rs)
    if not fams:
        return None
    w = np.array([1.0 / max(SHARE.get(f, 0.0), LEAST_SHARE) for f in fams])
    fam = fams[int(rng.choice(len(fams), p=w / w.sum()))]
    recipes = fits[fam]
    return fam, recipes[int(rng.integers(len(recipes)))]
