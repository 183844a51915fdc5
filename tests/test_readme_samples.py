"""Every sample output the docs show (docs/research-loop.md, moved there from the README) is what its
commands print now (docs/readme_samples.py makes them; ``python docs/readme_samples.py --write`` updates
the page)."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs" / "readme_samples.py"
_spec = importlib.util.spec_from_file_location("readme_samples", DOCS)
samples = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(samples)


def test_every_sample_has_its_block():
    text = samples.PAGE.read_text(encoding="utf-8")
    for name in samples.SAMPLES:
        assert samples.block(text, name).strip()


@pytest.mark.parametrize("name", ["grade-example", "grade-report"])
def test_grading_samples_are_current(name):
    assert samples.block(samples.PAGE.read_text(encoding="utf-8"), name) == samples.make(name)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["baselines", "scoring"])
def test_evaluation_samples_are_current(name):
    assert samples.block(samples.PAGE.read_text(encoding="utf-8"), name) == samples.make(name)
