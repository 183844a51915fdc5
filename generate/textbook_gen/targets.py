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
    "bisector_of_angle_property_line_ratio": (("right_triangle", ("bisector",)),),
    "bisector_of_angle_judgment_angle_equal": (("triangle", ("equal_angles",)), ("sss_triangle", ("equal_angles",))),
    # (a triangle by two sides and an angle has whole sides at one vertex alone: its exterior bisector is rarely drawn)
    "bisector_of_angle_property_line_ratio_external": (("sss_triangle", ("external_bisector",)),),
    "centroid_of_triangle_judgment_intersection": (("sss_triangle", ("centroid",)), ("right_triangle", ("centroid",))),
    "centroid_of_triangle_property_line_ratio": (("sss_triangle", ("centroid_given",)),
                                                 ("right_triangle", ("centroid_given",))),
    "median_of_triangle_property_length": (("sss_triangle", ("centroid",)), ("sss_triangle", ("median",))),
    "right_triangle_property_length_of_median": (("right_altitude", ("median",)),),
    "stewart_theorem": (("sss_triangle", ("cevian",)),),
    "right_triangle_property_pythagorean_difference": (("sss_triangle", ("altitude",)),),
    # (a side extended by the other: the given angle the exterior angle of the isosceles triangle it makes)
    "triangle_property_exterior_angle": (("isosceles_triangle", ("extension",)),),
    # (the midsegment of a right triangle by its legs: the hypotenuse rarely a whole number, and the halves' own
    # Pythagoras as short; a right triangle by its altitude has whole sides)
    "midsegment_of_triangle_property": (("right_altitude", ("midpoints",)),),
    # (the third side found first, its half a step on: on a triangle by its sides or by an angle the midpoints' side
    # is mostly a given, and the midsegment one step from it)
    "midsegment_of_triangle_judgment_midpoint": (("right_altitude", ("midpoints",)),),
    "midsegment_of_triangle_judgment_parallel": (("triangle", ("midpoint_parallel",)),
                                                 ("sss_triangle", ("midpoint_parallel",))),
    "parallelogram_judgment_parallel_and_parallel": (("triangle", ("projections",)),),
    # (a right triangle by its altitude: the rectangle's sides are parts of legs found on the way, its area asked)
    "rectangle_judgment_right_angle": (("right_altitude", ("projections",)),),
    "parallel_property_ipsilateral_internal_angle": (("isosceles_triangle", ("projections",)),),
    "right_triangle_property_leg": (("right_altitude", ()),),
    "rectangle_property_diagonal_equal": (("rectangle_diagonals", ()),),
    "rhombus_property_diagonal_perpendicular": (("rhombus", ("intersection",)),),
    "parallelogram_area_formula_sine": (("quadrilateral", ("quadrilateral_height",)),),
    # (a square by its side or perimeter: its area a step or two away, too little to ask)
    "square_area_formula": (("square_point", ()), ("square_point", ("intersection",))),
    "midsegment_of_parallelogram_midpoint": (("quadrilateral", ("quadrilateral_midpoints",)),),
    "midsegment_of_parallelogram_parallel": (("quadrilateral", ("quadrilateral_midpoints",)),),
    "midsegment_of_quadrilateral_judgment_midpoint": (("sides_trapezoid", ("quadrilateral_midpoints",)),
                                                      ("trapezoid", ("quadrilateral_midpoints",))),
    "midsegment_of_quadrilateral_judgment_parallel": (("sides_trapezoid", ("quadrilateral_midpoints",)),
                                                      ("trapezoid", ("quadrilateral_midpoints",))),
    "midsegment_of_quadrilateral_property_length": (("trapezoid", ("quadrilateral_midsegment",)),),
    "trapezoid_property_height": (("sides_trapezoid", ()),),
    "isosceles_trapezoid_property_foot": (("trapezoid", ()),),
    "tangential_quadrilateral_property_pitot": (("tangential_quadrilateral", ()),),
    "polygon_area_split": (("cyclic_quadrilateral", ()),),
    "sector_perimeter_formula": (("circle", ()),),
    "circle_property_length_of_radius_and_diameter": (("isosceles_triangle", ("circumcircle", "tangent")),),
    "equilateral_triangle_property_circumradius": (("equilateral_triangle", ("circumcircle",)),),
    "arc_property_center_angle": (("circle", ("tangent_pair", "parallel")),),
    "arc_midpoint_property_angle_bisect": (("isosceles_triangle", ("circumcircle", "arc_midpoint")),),
    # (on the inscribed triangle of the circle base the chord's halves were never asked: its arcs and angles come
    # first; an isosceles triangle's chords are its given legs)
    "circle_property_chord_perpendicular_bisect_chord": (("isosceles_triangle", ("circumcircle", "chord_foot")),
                                                         ("equilateral_triangle", ("circumcircle", "chord_foot"))),
    "circle_property_chord_perpendicular_bisect_arc": (("circle", ("chord_foot",)),),
    "circle_property_circular_power": (("chords", ()),),
    "tangent_of_circle_property_length_equal": (("circle", ("tangent", "second_tangent")),),
    # (the tangent at a vertex of the inscribed triangle, its side of the chord stated or fixed by its given angle:
    # a tangent by its length alone leaves the angle open, the text's two figures giving it and its supplement)
    "circle_property_alternate_segment": (("isosceles_triangle", ("circumcircle", "tangent_chord")),),
    "circle_property_angle_of_osculation": (("circle", ("tangent_chord",)),),
    "tangential_triangle_property_perimeter": (("tangential_triangle", ()),),
    "circle_property_chord_perpendicular_bisect_angle": (("isosceles_triangle", ("circumcircle", "chord_foot")),),
    "round_angle": (("isosceles_triangle", ("circumcircle", "chord_foot")),),
    "tangent_of_circle_property_quadrilateral_angle": (("circle", ("tangent_pair",)),),
    # (two tangents by the length of one: the kite OAPB's halves congruent; by their angle, the angles come first)
    "congruent_triangle_property_line_equal": (("circle", ("tangent", "second_tangent")),),
    "vertical_angle": (("crossing", ()),),
    # a chord stated equal to another (the equal chord's arc, its length or sector asked): a diameter's or two
    # chord feet's equal chords have a lighter route (their central angles) than the judgement
    "congruent_arc_judgment_chord_equal": (("circle", ("equal_chord",)),),
    # (cyclic_quadrilateral_property_opposite_angle: left to the natural draws, 0.75 % of a set at the last count;
    # its cyclic_quadrilateral recipe alone made no problem using it in 16 constructions once the arcs round the
    # whole circle weighed less: its problems' proofs take the inscribed angles' route)
    # families of the quadrilaterals a default set reaches at 1-2.5 % with its natural bases: each of their
    # bases is drawn by few constructions, so aiming the others away could leave them out of a set
    # (the kite base draws its diagonals' meeting point: an intersection after it falls on that point, never drawn)
    "kite_property_diagonal_perpendicular_bisection": (("kite", ()),),
    "kite_area_formula_diagonal": (("perpendicular_diagonals", ()),),
    "quadrilateral_area_formula_diagonal": (("rectangle_diagonals", ("quadrilateral_midsegment",)),
                                            ("chords", ("diameter",)), ("chords", ("tangent",))),
    "rhombus_property_diagonal_bisect_angle": (("rhombus", ("quadrilateral_midpoints",)),),
    "rhombus_perimeter_formula": (("rhombus", ("quadrilateral_midpoints",)), ("rhombus", ("quadrilateral_height",))),
    "ptolemy_theorem": (("cyclic_quadrilateral", ("intersection",)), ("cyclic_quadrilateral", ())),
    # a quadrilateral by its four sides (opposite ones equal) is a parallelogram; the height or the diagonals'
    # meeting point asks for its angles or halves
    "parallelogram_judgment_equal_and_equal": (("sides_quadrilateral", ("quadrilateral_height", "intersection")),
                                               ("sides_quadrilateral", ("intersection",))),
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
    "triangle_area_property_same_height": "it needs a part of a triangle cut off by a cevian asked for its area, "
                                          "and the ratio of the bases must be the lightest route to it: with an "
                                          "angle of the triangle given, the part's own two sides and that angle "
                                          "(the sine formula) or the whole less the other part is as short, and a "
                                          "triangle by its three sides (Heron) rarely has an area a textbook "
                                          "prints (a cevian's part declared a triangle: no such goal on 14 "
                                          "sss_triangle figures, the sine formula or the split on triangle ones)",
    "circle_property_circular_power_segment_and_segment_angle": "the angle two chords make where they cross is "
        "found as short through the triangle they make with their ends (inscribed angles and the angle sum), and the "
        "chords base gives that angle: none of four constructions each of circle+diameter+chords, chords or "
        "cyclic_quadrilateral+intersection made a problem using it (5 of 2000 problems did, by chance)",
    "congruent_arc_property_chord_equal": "equal arcs come from inscribed angles or a chord's perpendicular from the "
                                          "centre, and their chords from the radii's isosceles triangles or the law "
                                          "of sines as soon: circle+chord_foot+chords and circle+arc_midpoint+chords "
                                          "made no problem using it in four constructions each (one of 2000 did)",
    "polygon_property_exterior_angle_sum": "it needs every side of a polygon extended past a vertex, each exterior "
                                           "angle named; a construction extends one side",
}

# each aimed family's share (percent of the problems) in default sets, pooled over seeds (main's generator,
# aiming included, python bench/textbook_coverage.py): 2000 problems of seeds 41-48 x 250 with 400 of seeds
# 61-64 x 100 (a later generator: one set alone is a few problems a family); a family not listed was never used
SHARE: dict[str, float] = {
    "altitude_of_triangle_judgment": 0.5, "arc_midpoint_property_angle_bisect": 0.46,
    "arc_property_center_angle": 4.21, "bisector_of_angle_judgment_angle_equal": 0.62,
    "bisector_of_angle_property_line_ratio": 0.62, "bisector_of_angle_property_line_ratio_external": 0.79,
    "centroid_of_triangle_judgment_intersection": 1.12, "centroid_of_triangle_property_line_ratio": 0.62,
    "circle_property_alternate_segment": 0.04, "circle_property_angle_of_osculation": 0.04,
    "circle_property_chord_perpendicular_bisect_angle": 1.38, "circle_property_chord_perpendicular_bisect_arc": 1.54,
    "circle_property_chord_perpendicular_bisect_chord": 1.75, "circle_property_circular_power": 0.71,
    "circle_property_length_of_radius_and_diameter": 0.12, "congruent_arc_judgment_chord_equal": 0.75,
    "congruent_triangle_property_line_equal": 1.96, "cyclic_quadrilateral_property_opposite_angle": 0.62,
    "equilateral_triangle_property_circumradius": 1.92, "isosceles_trapezoid_property_foot": 3.12,
    "kite_area_formula_diagonal": 1.88, "kite_property_diagonal_perpendicular_bisection": 1.38,
    "median_of_triangle_property_length": 0.62, "midsegment_of_parallelogram_midpoint": 1.25,
    "midsegment_of_parallelogram_parallel": 1.79, "midsegment_of_quadrilateral_judgment_midpoint": 0.92,
    "midsegment_of_quadrilateral_judgment_parallel": 1.38, "midsegment_of_quadrilateral_property_length": 0.75,
    "midsegment_of_triangle_judgment_midpoint": 0.42, "midsegment_of_triangle_judgment_parallel": 2.88,
    "midsegment_of_triangle_property": 0.12, "parallel_property_ipsilateral_internal_angle": 0.12,
    "parallelogram_area_formula_sine": 0.54, "parallelogram_judgment_equal_and_equal": 0.79,
    "parallelogram_judgment_parallel_and_parallel": 2.12, "perpendicular_property": 2.96, "polygon_area_split": 1.46,
    "ptolemy_theorem": 1.54, "quadrilateral_area_formula_diagonal": 1.92, "rectangle_judgment_right_angle": 0.08,
    "rectangle_property_diagonal_equal": 2, "rhombus_perimeter_formula": 1.29,
    "rhombus_property_diagonal_bisect_angle": 0.83, "rhombus_property_diagonal_perpendicular": 0.83,
    "right_triangle_property_leg": 2, "right_triangle_property_length_of_median": 0.71,
    "right_triangle_property_pythagorean_difference": 1.29, "round_angle": 0.29, "sector_perimeter_formula": 3.04,
    "square_area_formula": 0.08, "stewart_theorem": 1.25, "tangent_of_circle_property_length_equal": 3.67,
    "tangent_of_circle_property_quadrilateral_angle": 1.25, "tangential_quadrilateral_property_pitot": 1.71,
    "trapezoid_property_height": 3.12, "triangle_area_formula_heron": 0.17, "triangle_property_exterior_angle": 0.17,
    "vertical_angle": 0.79}
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
