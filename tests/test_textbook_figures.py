"""Textbook figures (render/textbook.py): every given value and relation of small general problems is in
the label export on its own element, with a mark of the right kind, and the pixels agree with coordinates
worked out here from the numeric model (a similarity: the figure is turned and scaled, never mirrored);
the independent reader (tests/label_reader.py) reads the marks; options that do not apply are refused."""
from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest
from geomill.dsl import parse
from geomill.render.general import APPROXIMATE
from geomill.render.textbook import textbook_figure
from geomill.solvers.numeric import build_model

from geomill.cli import main
from tests.label_reader import mark_problems, problems

RIGHT = "points A B C\ntriangle ABC right at B\nAB = 3\nBC = 4\nfind AC\n"
MIDSEGMENT = ("triangle ABC\nline A D B\nline A E C\nD midpoint of AB\nE midpoint of AC\nDE parallel to BC\n"
              "BC = 10\nangle ABC = 55\nfind DE\n")  # (at 50° its model draws AC near BC: spread redraws it)
TANGENT = "circle O through A\npoints P\nPA tangent to circle O\nradius O = 3\nPA = 4\nfind OP\n"
BISECTOR = ("triangle ABC\nline B D C\nAD bisects angle BAC\nBC = 8\nAB = 5\nAC = 7\nclockwise ABD ADC\n"
            "find angle BAD\n")


def _figure(text: str):
    problem = parse(text)
    model = build_model(problem, seed=0, check_goal=False, tolerate=APPROXIMATE)
    return problem, model, textbook_figure(problem, model)


def _pixels(model, labels) -> dict[str, np.ndarray]:
    """The model's points mapped to pixels by the similarity fitted on two of the export's points, checked on
    every other: the export's points are the model's, turned and scaled (y down: a mirror of y up)."""
    names = sorted(labels["points"])
    a, b = names[0], names[1]
    za = complex(*model.coords[a])
    zb = complex(*model.coords[b])
    wa, wb = (complex(x, -y) for x, y in (labels["points"][a], labels["points"][b]))  # y up again
    k = (wb - wa) / (zb - za)
    out = {}
    for n in names:
        w = wa + k * (complex(*model.coords[n]) - za)
        out[n] = np.array([w.real, -w.imag])
    return out


def _near_segment(c, p, q) -> float:
    p, q, c = map(np.asarray, (p, q, c))
    t = float(np.clip((c - p) @ (q - p) / ((q - p) @ (q - p)), 0, 1))
    return float(np.linalg.norm(c - (p + t * (q - p))))


def _centre(lab) -> np.ndarray:
    x0, y0, x1, y1 = lab["bbox"]
    return np.array([(x0 + x1) / 2, (y0 + y1) / 2])


@pytest.mark.parametrize("text", [RIGHT, MIDSEGMENT, TANGENT, BISECTOR])
def test_values_goal_and_marks_on_their_elements(text: str) -> None:
    problem, model, fig = _figure(text)
    lab = fig.labels
    at = _pixels(model, lab)
    for name, xy in lab["points"].items():  # the export's points are the model's
        assert np.linalg.norm(at[name] - np.array(xy)) < 0.05, name
    font = 12 * 100 / 72
    by_element = {x["element"]: x for x in lab["labels"]}
    for g in lab["givens"]:  # every given is on its element (a value, or a mark)
        assert g["shown"] in ("label", "mark"), g
        if g["shown"] == "label":
            label = by_element[g["drawn"]]
            assert label["text"] == g["fact"].split(" = ")[1].replace("*", "") + ("°" if "angle" in g["element"]
                                                                                    else "")
            names = g["drawn"].split(" ")[-1]  # (a radius's value is drawn on a radius)
            if g["drawn"].startswith("angle"):  # inside its arc, by its vertex
                assert np.linalg.norm(_centre(label) - at[names[1]]) < 4 * font
            else:  # beside its side, or (a side that points split) beside its dimension line
                dim = [m["pixels"][0] for m in lab["marks"] if m["kind"] == "dimension" and
                       set(m["elements"][0]) == set(names)]
                ends = dim[0] if dim else (at[names[0]], at[names[1]])
                assert _near_segment(_centre(label), *ends) < 2.2 * font
    goal = lab["goal"]
    assert goal["marked"] and by_element[goal["drawn"]]["text"] in ("?", f"{goal['drawn']} = ?")  # (named where a
    # bare "?" would sit inside a face: the midsegment's, figtb33)
    assert mark_problems(lab) == []
    assert problems(lab) == []


def test_marks_are_the_relations_kinds() -> None:
    _, _, fig = _figure(MIDSEGMENT)
    kinds = {(m["kind"], tuple(m["elements"]), m["count"]) for m in fig.labels["marks"]}
    assert ("equal", ("AD", "BD"), 1) in kinds and ("equal", ("AE", "CE"), 2) in kinds
    assert ("parallel", ("BC", "DE"), 1) in kinds
    _, _, fig = _figure(RIGHT)
    assert [(m["kind"], m["elements"]) for m in fig.labels["marks"]] == [("right", ["angle ABC"])]
    _, model, fig = _figure(TANGENT)
    dot = [m for m in fig.labels["marks"] if m["kind"] == "dot"]
    assert len(dot) == 1 and dot[0]["elements"] == ["point A"]
    _, _, fig = _figure(BISECTOR)
    assert {(m["kind"], tuple(m["elements"])) for m in fig.labels["marks"]} == {
        ("equal_angle", ("angle BAD", "angle CAD")), ("dimension", ("BC",))}  # (D splits BC: its value's line)


def test_a_mark_off_its_element_is_caught() -> None:
    """The reader's mark check can fail: a tick moved off its segment, an arrow moved off its own."""
    _, _, fig = _figure(MIDSEGMENT)
    lab = json.loads(json.dumps(fig.labels))
    for m in lab["marks"]:
        for line in m["pixels"]:
            for p in line:
                p[1] += 40  # (off the horizontal parallels)
    assert any("tick" in p for p in mark_problems(lab)) and any("arrow" in p for p in mark_problems(lab))


def test_base_horizontal_and_the_figure_above_it() -> None:
    _, _, fig = _figure(MIDSEGMENT)
    b, c = fig.labels["points"]["B"], fig.labels["points"]["C"]
    assert abs(b[1] - c[1]) < 0.05  # the parallels' direction is the base's
    assert fig.labels["points"]["A"][1] < b[1]  # (y down: A above BC)


def test_values_text_leaves_the_values_off() -> None:
    problem = parse(RIGHT)
    model = build_model(problem, seed=0, check_goal=False, tolerate=APPROXIMATE)
    fig = textbook_figure(problem, model, values="text", style="colour")
    texts = {x["text"] for x in fig.labels["labels"] if not x["element"].startswith("point")}
    assert texts == {"?"}


def test_render_cli_and_refusals(tmp_path: Path, capsys) -> None:
    geo = tmp_path / "p.geo"
    geo.write_text(MIDSEGMENT)
    out, labels = tmp_path / "p.png", tmp_path / "p.json"
    assert main(["render", str(geo), "-o", str(out), "--labels", str(labels)]) == 0
    assert out.read_bytes()[:4] == b"\x89PNG" and json.loads(labels.read_text())["marks"]
    assert main(["render", str(geo), "-o", str(tmp_path / "p.svg")]) == 0
    assert (tmp_path / "p.svg").read_bytes().lstrip().startswith(b"<?xml")
    refused = ((["--annotation", "individual"], "--annotation individual"), (["--opacity", "0.5"], "--opacity"))
    for flags, word in refused:
        assert main(["render", str(geo), "-o", str(out), *flags]) != 0
        err = capsys.readouterr().err.strip()
        assert word in err and len(err.splitlines()) == 1
    # one rule for solve and render: a file of shape lines is a textbook figure unless --style geomverse asks
    # for GeomVerse's; a file of plane-geometry lines has no GeomVerse figure
    gv = Path(__file__).resolve().parents[1] / "examples" / "geomverse_a.geo"
    assert main(["render", str(gv), "-o", str(out), "--style", "plain"]) == 0
    assert main(["render", str(gv), "-o", str(out), "--style", "geomverse"]) == 0
    capsys.readouterr()
    assert main(["render", str(geo), "-o", str(out), "--style", "geomverse"]) != 0
    assert "--style geomverse" in capsys.readouterr().err


def test_distances_agree_with_the_model() -> None:
    """The scale is one: every pair of points is as far apart in pixels as the model says, times one factor."""
    _, model, fig = _figure(BISECTOR)
    pts = fig.labels["points"]
    names = sorted(pts)
    ratios = [math.dist(pts[a], pts[b]) / float(np.linalg.norm(model.coords[a] - model.coords[b]))
              for i, a in enumerate(names) for b in names[i + 1:]]
    assert max(ratios) - min(ratios) < 1e-3 * max(ratios)


def test_spread_keeps_every_fact_and_moves_a_crowded_point_apart() -> None:
    """numeric.spread: D, free along BC, starts 3 % of BC from B; the spread model has it farther, and every
    fact measured here on its coordinates still holds (AB = AC = 5, BC = 6, D between B and C), the goal too."""
    from geomill.solvers.numeric import NumericModel, spread

    problem = parse("points A B C D\ntriangle ABC\nline B D C\nAB = 5\nAC = 5\nBC = 6\nfind angle ABC\n")
    b, c, a = np.array([0.0, 0.0]), np.array([6.0, 0.0]), np.array([3.0, 4.0])
    crowded = NumericModel(problem, {"A": a, "B": b, "C": c, "D": b + 0.03 * (c - b)}, {}, {}, 0.0, 0)
    moved = spread(crowded)
    assert moved is not None
    p = moved.coords
    assert math.isclose(np.linalg.norm(p["A"] - p["B"]), 5, rel_tol=1e-4)
    assert math.isclose(np.linalg.norm(p["A"] - p["C"]), 5, rel_tol=1e-4)
    assert math.isclose(np.linalg.norm(p["B"] - p["C"]), 6, rel_tol=1e-4)
    u, w = p["C"] - p["B"], p["D"] - p["B"]
    t = float(w @ u / (u @ u))
    assert abs(float(u[0] * w[1] - u[1] * w[0])) < 1e-3 and 0.03 + 0.02 < t < 1
    cos = float((p["A"] - p["B"]) @ u) / (5 * 6)
    assert math.isclose(math.degrees(math.acos(cos)), math.degrees(math.acos(0.6)), rel_tol=1e-4)


def test_a_value_the_shape_name_states_is_not_labelled_as_given() -> None:
    """A regular hexagon's 120° angles follow from its name: the figure marks them equal but writes no
    value on them (a label would read as a given), and the export says the shape states them."""
    problem, model, fig = _figure("circle O through A B C D E F\nregular hexagon ABCDEF\ntriangle OAB\n"
                                  "radius O = 7\nfind perimeter ABCDEF\n")
    lab = fig.labels
    stated = [g for g in lab["givens"] if g["fact"].endswith("= 120")]
    assert len(stated) == 6 and all(g["shown"] == "shape" for g in stated)
    assert not [x for x in lab["labels"] if "120" in x["text"]]
    (equal,) = [m for m in lab["marks"] if m["kind"] == "equal_angle"]
    assert len(equal["elements"]) == 6
    assert any(g["fact"] == "radius O = 7" and g["shown"] == "label" for g in lab["givens"])
