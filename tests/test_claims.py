"""The perception checker: every VisOnlyQA claim family, true and false, the
tolerance bands, the explicit tolerance, and claims that cannot be read."""
from __future__ import annotations

import math

import pytest
from geomill.dsl import parse
from geomill.render.claims import ClaimError, check_claim, parse_tolerance
from geomill.render.layout import layout
from geomill.solvers import solve

# D on AC splits ABC; a semicircle on AB; a square on BC.
TEXT = """triangle ABC right at B
semicircle on AB
square BEFC
AB = 6
BC = 8
find AC
"""


@pytest.fixture(scope="module")
def scene():
    return layout(solve(parse(TEXT)))


def test_drawn_polygons(scene):
    assert check_claim(scene, "there is a triangle ABC").truth
    assert check_claim(scene, "There is a triangle CBA in the figure.").truth
    assert check_claim(scene, "quadrilateral BEFC").truth
    assert check_claim(scene, "quadrilateral BCFE").truth
    v = check_claim(scene, "there is a triangle ACF")  # FA is not drawn
    assert not v.truth and "FA" in v.detail and v.measured == pytest.approx(2 / 3)
    v = check_claim(scene, "triangle ABE")  # E is on AB extended: AE is drawn, but flat
    assert not v.truth and v.detail == "degenerate"
    assert not check_claim(scene, "quadrilateral BFEC").truth  # self-intersecting, diagonals not drawn
    assert not check_claim(scene, "quadrilateral ABCF").truth  # AB, BC, CF are drawn, FA is not
    assert not check_claim(scene, "triangle ABB").truth


def test_collinear_parts_count_as_drawn():
    sc = layout(solve(parse("triangle ABC\ntriangle ABD\ntriangle DBC\npoint D on AC\nAB = 6\nBC = 8\n"
                            "BD = 5\nAD = 4\nfind DC\n")))
    assert check_claim(sc, "triangle ABC").truth  # AC is drawn as AD + DC
    assert check_claim(sc, "triangle ABD").truth
    assert not check_claim(sc, "triangle ADC").truth  # degenerate: A, D, C are collinear


def test_diameters(scene):
    assert check_claim(scene, "AB is a diameter of a semicircle").truth
    assert check_claim(scene, "AB is a diameter").truth
    assert not check_claim(scene, "AB is a diameter of a circle").truth
    assert not check_claim(scene, "BC is a diameter").truth
    assert not check_claim(scene, "AC is a diameter of a semicircle").truth


def test_length_ratios(scene):
    # AC = 10, AB = 6, BC = 8
    v = check_claim(scene, "AC : AB = 1.7")
    assert v.truth and math.isclose(v.measured, 10 / 6)
    assert not check_claim(scene, "AC : AB = 2").truth
    assert check_claim(scene, "BC is 1 times longer than BE").truth  # square side
    assert check_claim(scene, "line AB : line BC = 0.8").truth  # 0.75 within ±10 %
    assert not check_claim(scene, "AB : BC = 0.5").truth
    assert check_claim(scene, "AB : BC = 0.5", tolerance=0.6).truth


def test_angles(scene):
    assert check_claim(scene, "angle ABC = 90").truth
    assert check_claim(scene, "angle ABC is about 94 degrees").truth  # VisOnlyQA: 85–95 counts as 90
    assert not check_claim(scene, "angle ABC = 96").truth
    v = check_claim(scene, "angle BAC = 53")
    assert v.truth and math.isclose(v.measured, math.degrees(math.atan2(8, 6)))
    assert not check_claim(scene, "angle BAC = 45").truth
    assert check_claim(scene, "angle BAC = 45", tolerance=10).truth


def test_tolerance_per_family(scene):
    """Each family's tolerance in its own unit: degrees do not loosen a ratio, nor a ratio an angle."""
    assert check_claim(scene, "angle BAC = 45", tolerance={"degrees": 10}).truth
    assert not check_claim(scene, "angle BAC = 45", tolerance={"ratio": 10}).truth
    assert check_claim(scene, "AB : BC = 0.5", tolerance={"ratio": 0.6, "degrees": 0}).truth
    assert not check_claim(scene, "AB : BC = 0.5", tolerance={"degrees": 10}).truth
    assert parse_tolerance("ratio=0.05, degrees=3") == {"ratio": 0.05, "degrees": 3.0}
    for bad in ("0.1", "angle=3", "ratio=-1", "ratio=x"):
        with pytest.raises(ClaimError):
            parse_tolerance(bad)


def test_area_ratios(scene):
    # square 64, triangle 24, semicircle 9π/2
    v = check_claim(scene, "area BEFC : area ABC = 2.7")
    assert v.truth and math.isclose(v.measured, 64 / 24)
    assert not check_claim(scene, "area BEFC : area ABC = 4").truth
    v = check_claim(scene, "AB is 0.25 times larger in area than BEFC")  # the semicircle, exactly
    assert math.isclose(v.measured, 9 * math.pi / 2 / 64) and v.truth is (abs(v.measured - 0.25) <= 0.025)
    assert check_claim(scene, "area ABC : area ABC = 1").truth


def test_intersections(scene):
    assert check_claim(scene, "AC intersects BC").truth  # they meet at C
    assert not check_claim(scene, "AB intersects FE").truth
    assert check_claim(scene, "BF and CE intersect").truth  # the square's diagonals
    x = (scene.points["B"][0] + scene.points["F"][0]) / 2
    assert check_claim(scene, f"BF and CE intersect near x = {x:.3f}").truth
    assert not check_claim(scene, f"BF and CE intersect near x = {x + 5:.3f}").truth


def test_unreadable_claims_are_errors(scene):
    with pytest.raises(ClaimError):
        check_claim(scene, "triangle ABX")
    with pytest.raises(ClaimError):
        check_claim(scene, "the triangle is pretty")
    with pytest.raises(ClaimError):
        check_claim(scene, "angle AB = 30")


def test_verdict_json(scene):
    d = check_claim(scene, "angle ABC = 90").to_dict()
    assert d["truth"] is True and d["family"] == "angle" and d["tolerance"] == 5.0
