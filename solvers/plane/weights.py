"""What a theorem costs a proof: the table the proof writer weighs derivations by (data, by theorem key).

A teacher writes the standard named theorem (the inscribed angle, the angle in a semicircle,
Pythagoras, the perpendicular from the centre bisecting a chord) rather than a chain of angle and
line additions that reaches the same value; a fact the problem states costs almost nothing.  The
weights only choose among proofs the deduction has already found (``LinearTable.evaluate_lightest``):
they never change an answer.  A theorem block's own ``weight`` (``patterns.Theorem.weight``) is the
default; this table holds the keys that are no block (givens, relations, additions) and overrides.
"""
from __future__ import annotations

from functools import cache

DEFAULT = 1.0  # a named theorem
WEIGHTS: dict[str, float] = {
    "given": 0.1,  # a value or relation the problem states
    "relation": 0.3,  # a relation's own equation: the perpendicular's right angle, a midpoint's halves
    "perpendicular_property": 0.3,
    "radius_of_circle_property_length_equal": 0.5,
    # additions and sums: correct, but a teacher reaches for them only when no named theorem does it
    "angle_addition": 1.6,
    "line_addition": 1.4,
    "arc_addition_measure": 1.4,
    "arc_split": 1.4,
    "round_angle": 1.5,
    "polygon_area_split": 1.5,
    "polygon_property_angle_sum": 1.3,
    "triangle_property_angle_sum": 1.1,
    "adjacent_complementary_angle": 1.0,
    # similar figures: the perimeters are in the scale factor (one line where each side takes one)
    "similar_triangle_property_perimeter_ratio": 0.5,
    # general laws where a right-triangle theorem or a named property often does it in one step
    # a triangle's area: ½·base·height or ½·leg·leg (every block of the key); ½ab·sin C only where neither does it
    "triangle_area_formula_common": 0.5,
    # (and a parallelogram's or a trapezoid's from a drawn height: light, so that each of its heights is weighed
    # with the right angle it rests on, and the one a given perpendicular makes a height wins over one an angle
    # chase between the parallels first proves perpendicular)
    "parallelogram_area_formula_common": 0.5,
    "trapezoid_area_formula": 0.5,
    "triangle_area_formula_sine": 1.5,
    "sine_theorem": 1.5,
    "cosine_theorem": 1.5,
}
SOLVED = 0.5  # a value an earlier step found (cited, not derived again)
# a value one theorem's equation gives only as a root of a quadratic in it (PQ² − 2·HP·PQ + … = 0: the two right
# triangles on a common height subtracted, solved for the whole side): a teacher takes the part from Pythagoras and
# adds, and solves a quadratic only where no theorem gives the value at once (so heavier than Pythagoras, the right
# angle it rests on and an addition together, with the premises they share weighed into each: FormalGeo 2031 needs
# more than 4.3)
QUADRATIC = 5.0
# additions that, summing given values only (AB = AD + DB = 9 + 16), weigh ARITHMETIC_WEIGHT: arithmetic a teacher
# writes in passing (BC = 12 - 8 = 4), lighter than a value a theorem solved, so that the leg theorem on the part
# it gives is one named step, not a second theorem's value put into Pythagoras (blind teacher 27 fg 13)
ARITHMETIC = frozenset({"line_addition", "angle_addition", "arc_addition_measure"})
ARITHMETIC_WEIGHT = 0.3
# a ratio solved for an ANGLE (6 = 6·tan(angle ABO), so angle ABO = 45°): a teacher reads an angle off an angle sum,
# a base angle or a complementary angle, and takes an inverse sine only where none of them gives it
ANGLE_FROM_RATIO: dict[str, float] = {
    "right_triangle_property_trigonometric": 2.5,
    "sine_theorem": 3.0,
    "cosine_theorem": 3.0,
}

# a formula a textbook solves for one kind of element only (Heron's for the area, never a side from the area)
SOLVED_ONLY: dict[str, tuple[str, float]] = {
    "triangle_area_formula_heron": ("area", 4.0),
}
# a general formula whose value a step solves keeps a weight of its own, never a solved value's SOLVED: Heron's
# area only where no drawn height does it (heavier than the three steps of an isosceles triangle's height: its half
# base, Pythagoras, then ½·base·height, each with the premises it rests on)
OWN_WHEN_SOLVED: dict[str, float] = {
    "triangle_area_formula_heron": 4.0,
}
# a formula a textbook solves only for the element it holds to the first power: the two right triangles on a common
# height subtracted give the foot's part of the base (2·YZ·FZ = XZ² + YZ² − XY²), and a side they hold squared is
# Pythagoras's in its own right triangle (AE² = AG² + EG²), not the difference taken again (blind teacher 33 gen 26)
LINEAR_ONLY: dict[str, float] = {
    "right_triangle_property_pythagorean_difference": DEFAULT,
}


@cache
def _block_weights() -> dict[str, float]:
    from .theorem_blocks import THEOREMS  # the blocks import the deduction's atoms: read them once, late
    return {t.key: t.weight for t in THEOREMS}


def weight(key: str) -> float:
    return WEIGHTS[key] if key in WEIGHTS else _block_weights().get(key, DEFAULT)
