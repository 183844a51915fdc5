"""One reading rule in every command (issue 42): a file of shape lines alone is read as plane geometry,
as the same file with a ``points`` line, by ``solve``, ``render``, ``scene``, ``check`` (one claim and
``--batch``), ``graph``, ``lint`` and the playground; and a shape whose values lay it flat is refused in
that reading, as GeomVerse's reading refuses it."""
from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest
from geomill.cli import main
from geomill.dsl import read_text
from geomill.engine.errors import SolveError
from geomill.engine.model import Problem
from geomill.engine.plane import GeneralProblem

SHAPES = "rhombus ABCD\nAC = 12\nBD = 16\nfind perimeter ABCD\n"
POINTS = "points A B C D\n" + SHAPES
COMPOSITE = "ABCD: rectangle + semicircle on DA\nAB = 10\nBC = 4\nfind area ABCD\n"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def files(tmp_path: Path) -> tuple[Path, Path]:
    shapes, points = tmp_path / "shapes.geo", tmp_path / "points.geo"
    shapes.write_text(SHAPES, encoding="utf-8")
    points.write_text(POINTS, encoding="utf-8")
    return shapes, points


def both(files: tuple[Path, Path], *argv: str) -> tuple[tuple[int, str, str], tuple[int, str, str]]:
    """The command on the shape-only file and on the file with a points line, each path written FILE."""
    got = []
    for path in files:
        code, out, err = run(*(str(path) if a == "FILE" else a for a in argv))
        got.append((code, out.replace(str(path), "FILE"), err.replace(str(path), "FILE")))
    return got[0], got[1]


def test_the_rule_reads_shape_lines_as_plane_geometry():
    shapes, points = read_text(SHAPES).problem, read_text(POINTS).problem
    assert isinstance(shapes, GeneralProblem) and shapes.relations[0].key == points.relations[0].key == "rhombus"
    assert isinstance(read_text(SHAPES, asked="geomverse").problem, Problem)
    assert read_text(COMPOSITE).style == "geomverse"


@pytest.mark.parametrize("argv", [
    ("solve", "FILE"),
    ("solve", "FILE", "--json"),
    ("scene", "FILE", "--json"),
    ("check", "FILE", "AC : BD = 0.75", "--json"),
    ("graph", "FILE", "--proof"),
    ("lint", "FILE", "--json"),
], ids=lambda a: " ".join(a[:1] + a[2:3]))
def test_every_command_reads_a_shape_only_file_as_with_a_points_line(files, argv):
    shapes, points = both(files, *argv)
    assert shapes[0] == 0, shapes
    assert shapes == points


def test_check_batch_reads_a_problem_file_by_the_rule(files, tmp_path):
    batch = tmp_path / "batch.jsonl"
    batch.write_text("".join(json.dumps({"id": p.stem, "scene": p.name, "claim": "AC : BD = 0.75"}) + "\n"
                             for p in files), encoding="utf-8")
    code, out, _ = run("check", "--batch", str(batch))
    verdicts = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and "error" not in verdicts[0], verdicts
    assert {k: v for k, v in verdicts[0].items() if k != "id"} == {k: v for k, v in verdicts[1].items() if k != "id"}


def test_render_draws_a_shape_only_file_as_with_a_points_line(files, tmp_path):
    images = []
    for path in files:
        out = tmp_path / f"{path.stem}.png"
        assert run("render", str(path), "-o", str(out))[0] == 0
        images.append(out.read_bytes())
    assert images[0] == images[1]


def test_graph_of_shape_lines_asks_for_the_proof_or_geomverse_s_reading(files):
    shapes, points = both(files, "graph", "FILE")
    assert shapes == points and shapes[0] == 1 and "--style geomverse" in shapes[2]
    assert run("graph", str(files[0]), "--style", "geomverse")[0] == 0


def test_the_playground_reads_a_text_by_the_rule():
    from geomill.serve import work

    shapes, points = work.problem(SHAPES, {}), work.problem(POINTS, {})
    assert shapes["kind"] == "general" and "error" not in shapes
    assert shapes == points
    assert work.record(SHAPES, {})["answer"] == work.record(POINTS, {})["answer"] == 40
    assert work.png(SHAPES, {}) == work.png(POINTS, {}) and b"<svg" in work.svg(SHAPES, {})
    assert work.problem(COMPOSITE, {})["kind"] == "geomverse"


# -- a shape its values lay flat -----------------------------------------------------------------------
FLAT_TRAPEZOID = "trapezoid ABCD bases AB CD\nAB = 3\nCD = 2\nBC = 3\nDA = 4\nfind perimeter ABCD\n"


@pytest.mark.parametrize("text, line, kind", [
    # the legs 3 and 4 and the bases' difference 1 make no triangle: the trapezoid lies on one line
    ("points A B C D\n" + FLAT_TRAPEZOID, 2, "trapezoid"),
    # a polygon's area > 0: 1 + 1 + 1 = 3 lays ABCD flat
    ("points A B C D\npolygon ABCD\nAB = 1\nBC = 1\nCD = 1\nDA = 3\nfind perimeter ABCD\n", 2, "polygon"),
])
def test_a_shape_its_values_lay_flat_is_refused_naming_its_line(tmp_path, text, line, kind):
    path = tmp_path / "flat.geo"
    path.write_text(text, encoding="utf-8")
    code, _, err = run("solve", str(path))
    assert code == 1 and f"flat.geo:{line}:" in err and "impossible values" in err and kind in err, err


def test_the_numeric_model_refuses_the_flat_figure_it_used_to_take():
    from geomill.solvers.numeric import build_model

    with pytest.raises(SolveError) as got:
        build_model(read_text(FLAT_TRAPEZOID).problem)
    assert got.value.span.line == 1 and "lies flat" in got.value.message


def test_a_shape_only_flat_trapezoid_is_refused_in_both_readings(tmp_path):
    path = tmp_path / "flat.geo"
    path.write_text(FLAT_TRAPEZOID, encoding="utf-8")
    for style in ("textbook", "geomverse"):
        code, out, err = run("solve", "--style", style, str(path))
        assert code == 1 and "impossible values" in err and not out, (style, err)


def test_a_proper_trapezoid_still_solves(tmp_path):
    path = tmp_path / "t.geo"
    path.write_text("trapezoid ABCD bases AB CD\nAB = 4\nCD = 6\nBC = 3\nDA = 2\nfind perimeter ABCD\n",
                    encoding="utf-8")
    code, out, _ = run("solve", str(path))
    assert code == 0 and out.splitlines()[-1].startswith("answer: 15 ")
