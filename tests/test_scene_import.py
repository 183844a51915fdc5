"""Scene import (points, lines, circles), the drawn-segment rule, claim forms and errors of
``geomill check``, and ``check --batch``."""
from __future__ import annotations

import json
import math
import time

import pytest
from geomill.render.batch import check_batch
from geomill.render.claims import ClaimError, check_claim
from geomill.render.scene import Scene, SceneArc
from geomill.render.scene_io import SceneFormatError, load_scene, plain_dict, scene_from_dict

from geomill.cli import main

# A on the left, B mid, C right on one line; D above B; E up-left; circle about B through A and C.
SCENE = {"points": {"A": [0, 0], "B": [4, 0], "C": [8, 0], "D": [4, 3], "E": [0, 6], "F": [2, 1.5]},
         "lines": [["A", "B", "C"], ["A", "F", "D"], ["D", "C"], ["B", "D"], ["E", "D"]],
         "circles": [{"centre": [4, 0], "radius": 4}]}


@pytest.fixture(scope="module")
def sc():
    return scene_from_dict(SCENE)


def truth(sc, claim, tol=None):
    return check_claim(sc, claim, tol).truth


def test_drawn_segments_follow_lines(sc):
    assert truth(sc, "there is a triangle ABD")  # AB part of A-B-C, BD, DA via A-F-D
    assert truth(sc, "triangle ACD")  # AC is the whole line A-B-C
    assert truth(sc, "triangle FBD") is False  # FB is not drawn
    assert check_claim(sc, "triangle ABC").detail == "degenerate"  # three points of one line
    assert truth(sc, "there is no triangle ABC")
    assert truth(sc, "quadrilateral ABDE") is False  # EA is not drawn
    assert truth(sc, "quadrilateral ACDF") is False  # F lies on DA: D, F, A are collinear


def test_listed_points_count_despite_rounding_and_unlisted_points_by_geometry():
    d = json.loads(json.dumps(SCENE))
    d["points"]["B"] = [4.003, 0.004]  # rounded metadata: still listed on A-B-C
    assert truth(scene_from_dict(d), "triangle ABD") and truth(scene_from_dict(d), "there is no triangle ABC")
    d = {"points": {"A": [0, 0], "B": [4, 0], "C": [8, 0], "D": [4, 3]}, "lines": [["A", "C"], ["B", "D"], ["D", "A"]]}
    assert truth(scene_from_dict(d), "triangle ABD")  # B lies on the stroke AC though not listed
    d["points"]["B"] = [4, 0.2]  # visibly off the stroke (2.5 % of the figure)
    assert not truth(scene_from_dict(d), "triangle ABD")


def test_listed_point_judged_against_the_precision_of_its_coordinates(tmp_path, capsys):
    """VisOnlyQA writes two decimals: on a figure about 1 unit across, a point listed on a line can lie
    1.1 % of the figure off it from rounding alone.  That is the author's statement: read, with a
    warning; beyond what the rounding explains, or with unrounded coordinates, still refused."""
    d = {"points": {"A": [0.12, 0.15], "B": [0.55, 0.16], "C": [0.98, 0.15], "D": [0.6, 0.9]},
         "lines": [["A", "B", "C"], ["B", "D"], ["D", "A"]]}
    sc = scene_from_dict(d)  # B is 0.01 off A-C: 1.16 % of the 0.86 extent, within √2 · 0.01
    assert len(sc.warnings) == 1 and "point B" in sc.warnings[0] and "rounding" in sc.warnings[0]
    assert truth(sc, "triangle ABD") and truth(sc, "there is no triangle ABC")
    path = tmp_path / "v.json"
    path.write_text(json.dumps(d))
    assert main(["check", str(path), "there is a triangle ABD"]) == 0
    out = capsys.readouterr()
    assert out.out.startswith("true") and "warning: point B is listed on line A-B-C" in out.err
    batch = tmp_path / "b.jsonl"
    batch.write_text(json.dumps({"id": 1, "scene": "v.json", "claim": "triangle ABD"}) + "\n")
    (verdict,) = check_batch(batch)
    assert verdict["truth"] is True and len(verdict["warnings"]) == 1
    far = json.loads(json.dumps(d))
    far["points"]["B"] = [0.55, 0.17]  # 0.02 off: more than rounding to two decimals explains
    with pytest.raises(SceneFormatError, match="more than the rounding"):
        scene_from_dict(far)
    exact = json.loads(json.dumps(d))
    exact["points"]["B"] = [0.5512345678, 0.1612345678]  # unrounded: only the eye's 1 % holds
    with pytest.raises(SceneFormatError, match="listed on line"):
        scene_from_dict(exact)
    assert scene_from_dict(SCENE).warnings == []


def test_out_of_order_line_spans_its_extreme_points():
    sc = scene_from_dict({"points": {"A": [0, 0], "B": [4, 0], "C": [8, 0], "D": [4, 4]},
                          "lines": [["B", "A", "C"], ["C", "D"], ["D", "A"]]})
    assert truth(sc, "triangle ACD")


def test_crossing_quadrilateral():
    sc = scene_from_dict({"points": {"A": [0, 0], "B": [4, 0], "C": [4, 4], "D": [0, 4]},
                          "lines": [["A", "B"], ["B", "C"], ["C", "D"], ["D", "A"], ["A", "C"], ["B", "D"]]})
    assert truth(sc, "quadrilateral ABCD")
    assert check_claim(sc, "quadrilateral ACBD").detail == "self-intersecting"


def test_circles_diameters_and_radii(sc):
    assert truth(sc, "AC is a diameter of the circle")
    assert truth(sc, "BC is a radius of a circle") and truth(sc, "CB is a radius")
    assert not truth(sc, "AB is a diameter") and truth(sc, "AB is not a diameter of a circle")
    assert not truth(sc, "AD is a radius of a circle")
    assert not truth(sc, "AC is a diameter of a semicircle")


def test_whole_circle_stored_as_two_half_arcs():
    arcs = [SceneArc((0.0, 0.0), 2.0, 90.0, 270.0), SceneArc((0.0, 0.0), 2.0, 270.0, 90.0)]
    sc = Scene({"A": (0.0, 2.0), "E": (0.0, -2.0), "B": (2.0, 0.0)}, [("A", "E")], arcs, [])
    assert truth(sc, "AE is a diameter of the circle")
    assert not truth(sc, "AE is a diameter of the semicircle")
    half = Scene(dict(sc.points), [("A", "E")], arcs[:1], [])
    assert truth(half, "AE is a diameter of the semicircle") and not truth(half, "AE is a diameter of the circle")


def test_claim_forms(sc):
    assert truth(sc, "AB / BC = 1") and truth(sc, "AB : AC = 1/2") and truth(sc, "line AB : line AC = 0.5")
    assert truth(sc, "∠ABD = 90°") and truth(sc, "angle ABD is about 88 degrees")
    assert truth(sc, "AC is 2 times longer than AB")
    v = check_claim(sc, "area ABD : area ADC = 1/2")
    assert v.truth and math.isclose(v.measured, 0.5)
    assert truth(sc, "AD and BC do not intersect") and truth(sc, "BD intersects AC")
    assert not truth(sc, "AD does not intersect FD")


@pytest.mark.parametrize("claim,message", [
    ("AC intersects AC", "one segment"), ("AC and CA intersect", "one segment"),
    ("the triangle is pretty", "claims look like"), ("AB : CD = 1/0", "not a number"),
    ("triangle ABX", "no point X"), ("angle AAB = 3", "distinct"), ("AA : AB = 1", "not a segment")])
def test_claim_errors(sc, claim, message):
    with pytest.raises(ClaimError, match=message):
        check_claim(sc, claim)


@pytest.mark.parametrize("tol", [math.nan, math.inf, -1.0])
def test_bad_tolerance(sc, tol):
    with pytest.raises(ClaimError):
        check_claim(sc, "AB : BC = 1", tol)


def test_cli_check_on_a_json_scene(tmp_path, capsys):
    path = tmp_path / "s.json"
    path.write_text(json.dumps(SCENE))
    assert main(["check", str(path), "there is a triangle ABD", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["truth"] is True
    for bad in ("ratio=nan", "degrees=inf", "ratio=-1", "ratio=x", "0.1", "angle=3"):
        assert main(["check", str(path), "AB : BC = 1", "--tolerance", bad, "--json"]) == 1
        assert "tolerance" in capsys.readouterr().err
    assert main(["check", str(path), "hello there"]) == 1
    assert "AB : CD = 2" in capsys.readouterr().err


@pytest.mark.parametrize("data,message", [
    ({"lines": []}, "points"),
    ({"points": {"A": [0, 0], "B": ["x", 1]}, "lines": [["A", "B"]]}, "point B"),
    ({"points": {"A": [0, 0], "B": [1, 1]}, "lines": [["A", "Q"]]}, "no point Q"),
    ({"points": {"A": [0, 0], "B": [4, 0], "C": [2, 1]}, "lines": [["A", "C", "B"]]}, "listed on line"),
    ({"points": {"A": [0, 0], "B": [1, 1]}, "lines": [["A"]]}, "two or more"),
    ({"points": {"A": [0, 0]}, "circles": [{"centre": [0, 0], "radius": -1}]}, "positive"),
    ({"points": {"ab": [0, 0]}}, "not a point name"),
])
def test_malformed_scenes(tmp_path, data, message):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SceneFormatError, match=message) as e:
        load_scene(path)
    assert str(path) in str(e.value)


def test_geomill_scene_json_is_accepted_back(tmp_path, capsys):
    geo = tmp_path / "p.geo"
    geo.write_text("triangle ABC right at B\nsemicircle on AB\nAB = 6\nBC = 8\nfind AC\n")
    assert main(["scene", str(geo), "--json", "--style", "geomverse"]) == 0  # GeomVerse's layout of its shapes
    path = tmp_path / "scene.json"
    path.write_text(capsys.readouterr().out)
    sc = load_scene(path)
    assert truth(sc, "triangle ABC") and truth(sc, "AB is a diameter of a semicircle")
    assert math.isclose(check_claim(sc, "area AB : area ABC = 1").measured, 9 * math.pi / 2 / 24)
    again = scene_from_dict(plain_dict(sc))  # and the import format written back reads the same
    assert truth(again, "triangle ABC") and truth(again, "AB is a diameter")


def test_batch_in_order_with_error_lines(tmp_path, capsys):
    (tmp_path / "scenes").mkdir()
    (tmp_path / "scenes" / "s.json").write_text(json.dumps(SCENE))
    lines = [{"id": 1, "scene": "scenes/s.json", "claim": "triangle ABD"},
             {"id": 2, "scene": SCENE, "claim": "AB : BC = 2"},
             "not json",
             {"id": 4, "scene": "scenes/missing.json", "claim": "triangle ABD"},
             {"id": 5, "scene": "scenes/s.json", "claim": "triangle ABX"},
             {"id": 6, "scene": "scenes/s.json", "claim": "AC is a diameter"}]
    batch = tmp_path / "b.jsonl"
    batch.write_text("\n".join(x if isinstance(x, str) else json.dumps(x) for x in lines) + "\n")
    assert main(["check", "--batch", str(batch)]) == 0
    out = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [o["truth"] for o in out] == [True, False, None, None, None, True]
    assert [o["id"] for o in out] == [1, 2, None, 4, 5, 6]
    assert out[1]["family"] == "length_ratio" and out[1]["measured"] == 1.0
    assert "b.jsonl:3" in out[2]["error"] and "missing.json" in out[3]["error"] and "no point X" in out[4]["error"]


def test_batch_speed(tmp_path):
    """The brief asks >= 1,000 claims/s once scenes are loaded; on a shared CI core allow a quarter."""
    (tmp_path / "s.json").write_text(json.dumps(SCENE))
    pts = "ABCDEF"
    claims = [f"{a}{b} : {c}{d} = {k / 10}" for k, (a, b, c, d) in
              enumerate(zip(pts * 50, pts[1:] * 60, pts[2:] * 70, pts[3:] * 80))]
    claims += ["triangle ABD", "quadrilateral ABDE", "angle ABD = 90", "AC is a diameter", "BD intersects AC"] * 60
    batch = tmp_path / "b.jsonl"
    batch.write_text("\n".join(json.dumps({"id": i, "scene": "s.json", "claim": c}) for i, c in enumerate(claims)))
    t = time.perf_counter()
    out = list(check_batch(batch))
    rate = len(out) / (time.perf_counter() - t)
    assert len(out) == len(claims) and rate > 250
