"""What blind teacher 33 found false in generated solutions (issues 37 and 39): a right triangle named after the
right angle's printed name although the ratio belongs to another triangle ("In the right triangle BAC, AH/FH =
sin(angle AFH)"), and equal areas read off a similarity without saying that its ratio is 1."""
from __future__ import annotations

from .proof_text import linted_text as _text

FOLDED = ("points A B C F G H\ntriangle ABC\nquadrilateral CGFH\nline B F A\nline C G B\nline C H A\n"
          "GF parallel to CA\nHF parallel to CB\nangle ABC = 60\nangle ACB = 30\nfind AH/FH\n")
SEMICIRCLE = ("points A B C O E\ntriangle BCA right at C\ntriangle CAE\nline C O E\ncircle O through B C A E\n"
              "O circumcentre of BCA\nCE diameter of circle O\nAC = 23\nBC = 39\nfind area ACE\n")


def test_a_right_triangle_is_the_one_whose_sides_the_ratio_takes() -> None:
    text = _text(FOLDED)
    assert "right triangle BAC" not in text and "right triangle FAH" in text
    # (its right angle, found as angle BAC, tied to the triangle's own name with the points that make it so)
    assert "angle FAH = angle BAC = 90°, as F lies on AB and H lies on AC" in text


def test_equal_areas_from_similar_triangles_say_the_ratio_is_one() -> None:
    text = _text(SEMICIRCLE)
    assert "similar by AA" not in text
    # (the route by the diameters and the angle in a semicircle, or the congruence with AC common; never equal areas
    # read off a bare similarity)
    assert ("are congruent by AAS" in text and "AC is common" in text) or "angle in a semicircle" in text


def test_an_aa_similarity_of_areas_with_a_common_side_is_a_congruence() -> None:
    from types import SimpleNamespace

    from geomill.engine.plane import element_symbol
    from geomill.solvers.plane.write import _Writer

    def angle(p: str):
        return element_symbol("angle", tuple(p))
    side, one, two = element_symbol("length", ("A", "C")), element_symbol("area", ("A", "B", "C")), \
        element_symbol("area", ("A", "C", "E"))
    family = SimpleNamespace(key="similar_triangle_property_area_square_ratio")
    step = SimpleNamespace(lhs=side ** 2 * one, rhs=side ** 2 * two, instance=SimpleNamespace(
        family=family, text="triangles ABC and CEA are similar by AA", names=("ABC", "CEA"),
        premises=((angle("BAC"), angle("ECA")), (angle("ABC"), angle("CEA")))))
    # (AC of ABC corresponds to CA of CEA: the ratio is 1; the angles at A and B, so the side is no joint of both)
    assert _Writer._common_side(None, step) == (side, "AAS")
    family.key = "similar_triangle_property_line_ratio"
    step.lhs, step.rhs = side * element_symbol("length", ("B", "C")), side * element_symbol("length", ("E", "A"))
    assert _Writer._common_side(None, step) == (side, "AAS")
