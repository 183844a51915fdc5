"""`geomill lint` on a generated textbook set re-solves each record on the figure its proof was written on
(the record's ``figure``), so a set straight from the generator lints clean; a figure that no longer fits
the text is a finding, never a traceback."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from geomill.dsl import parse
from geomill.generate.textbook import lint_record

from geomill.cli import main


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("textbook_lint") / "set"
    assert main(["generate", "--world", "textbook", "-n", "8", "--seed", "11", "--workers", "1", "--no-images",
                 "--quiet", "--out", str(out)]) == 0
    return out


def _records(folder: Path) -> list[dict]:
    return [json.loads(line) for f in sorted((folder / "data").glob("shard-*.jsonl")) for line in open(f)]


def test_a_generated_set_lints_clean(generated: Path, capsys) -> None:
    assert main(["lint", str(generated)]) == 0
    assert "with findings: 0" in capsys.readouterr().out


def test_every_record_keeps_the_figure_its_proof_read(generated: Path) -> None:
    for r in _records(generated):
        problem = parse(r["dsl"])
        assert set(r["figure"]["points"]) == set(problem.points), r["id"]
        assert set(r["figure"]["radii"]) == {c.centre for c in problem.circles}, r["id"]


def test_a_figure_that_misses_the_text_is_a_finding(generated: Path) -> None:
    r = _records(generated)[0]
    problem = parse(r["dsl"])
    moved = json.loads(json.dumps(r))
    name = sorted(moved["figure"]["points"])[0]
    moved["figure"]["points"][name][0] += 3.0  # one point off its lines, circles and facts
    messages = [f.detail for f in lint_record(problem, moved)]
    assert messages == ["the recorded figure does not satisfy the problem's text"], messages
    broken = {**r, "figure": {"points": {name: "here"}}}
    assert [f.detail for f in lint_record(problem, broken)] == messages
