"""The README is the front door: its commands and its example must stay true, and it stays short; the
catalogue table and the sample record it used to hold live in the docs and stay true there."""
from __future__ import annotations

import re
from pathlib import Path

from geomill.engine.describe import catalogue_markdown

README = Path(__file__).resolve().parent.parent / "README.md"
REFERENCE = README.parent / "docs" / "language" / "reference.md"  # the catalogue table
LOOP = README.parent / "docs" / "research-loop.md"  # the sample record


def test_catalogue_table_is_current():
    text = REFERENCE.read_text()
    table = text.split("<!-- catalogue:start -->\n")[1].split("<!-- catalogue:end -->")[0]
    assert table == catalogue_markdown()


def test_catalogue_counts_are_current():
    """The sentence above the table counts its kinds and rules, once."""
    rows = [line for line in catalogue_markdown().splitlines()[2:] if line.startswith("|")]
    total = sum(int(line.split("|")[4]) for line in rows)
    assert re.findall(r"(\d+) kinds, (\d+) derived rules", REFERENCE.read_text()) == [(str(len(rows)), str(total))]


def test_ci_commands_are_in_the_readme():
    text = README.read_text()
    for tag in ("install", "test"):
        assert re.search(rf"<!-- ci:{tag} -->\n```bash\n.+\n```", text), tag
    ci = (README.parent / ".ci" / "run").read_text()
    assert "readme_command install" in ci and "readme_command test" in ci


def test_readme_example_output_is_what_solve_prints(capsys):
    from geomill.cli import main
    assert main(["solve", str(README.parent / "examples" / "geomverse_c.geo")]) == 0
    out = capsys.readouterr().out.split()
    shown = README.read_text().split("<!-- ci:install -->")[1].split("```")[3].split()
    assert shown == out


def test_readme_sample_record_is_what_generate_writes(tmp_path):
    """The abridged record the docs show is, field for field, what its command writes."""
    import json
    import shlex

    from geomill.generate import read_records

    from geomill.cli import main
    text = LOOP.read_text()
    command = re.search(r"A record \(`geomill (generate [^`]+)`", text).group(1)
    shown = json.loads(text.split(command, 1)[1].split("```json\n", 1)[1].split("```", 1)[0])
    assert main(shlex.split(command) + ["--out", str(tmp_path / "out")]) == 0
    record = next(r for r in read_records(tmp_path / "out", "data") if r["id"] == shown["id"])
    assert {k: record[k] for k in shown} == shown


def test_examples_state_the_depth_solve_reports():
    """An example's comment that names its depth ("# Depth 2: …") says what solve reports."""
    from geomill.dsl import parse_file
    from geomill.solvers import solve

    checked = 0
    for path in sorted((README.parent / "examples").glob("*.geo")):
        stated = re.search(r"\bdepth (\d)", path.read_text().split("\n", 1)[0], re.I)
        if stated:
            assert solve(parse_file(str(path))).depth == int(stated.group(1)), path.name
            checked += 1
    assert checked >= 5


def test_readme_fits_on_a_few_screens():
    """At most about 250 lines, and no history of past measurements (the git log keeps that)."""
    text = README.read_text()
    assert len(text.splitlines()) <= 250
    assert not re.search(r"\bbefore (the|these|this)\b|\bwas \d|\bnow \d", text)
