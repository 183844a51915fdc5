"""The real ``transformers`` backend end to end on a tiny randomly initialised LLaVA built here
(CLIP vision tower, Llama text model, word-level tokenizer; no download)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")  # a fallback only: the [test] extra installs torch and transformers
pytest.importorskip("transformers")

from geomill.evaluate.backends import get_backend  # noqa: E402
from geomill.evaluate.prompts import PromptSettings  # noqa: E402
from geomill.evaluate.run import RunSettings, build_requests  # noqa: E402

from geomill.cli import main  # noqa: E402
from tests.random_vlm import build_llava  # noqa: E402

from .evaldata import make_dataset  # noqa: E402


@pytest.fixture(scope="module")
def setup(tmp_path_factory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("hf")
    return make_dataset(root / "data", n=5), build_llava(root / "model")


def test_tiny_llava_through_geomill_eval(setup, tmp_path):
    dataset, model = setup
    out = tmp_path / "out"
    args = ["eval", str(dataset), "--backend", "transformers", "--model", str(model), "--batch-size", "2",
            "--max-tokens", "6", "--out", str(out), "--quiet", "--no-plots"]
    assert main(args) == 0
    rows = [json.loads(line) for line in (out / "responses.jsonl").read_text().splitlines()]
    assert [r["id"] for r in rows] == [f"test-{i:07d}" for i in range(5)]
    for row in rows:
        assert row["backend"] == "transformers" and row["model"] == str(model)
        assert row["response"] and 0 < row["completion_tokens"] <= 6 and row["prompt_tokens"] > 4
        assert row["correct"] is False  # random weights: noise, scored as such
    report = json.loads((out / "report.json").read_text())
    assert report["n"] == 5 and report["accuracy"] == 0.0 and report["extraction_failed"] == 5
    assert main(args) == 0  # a rerun asks nothing again
    assert len((out / "responses.jsonl").read_text().splitlines()) == 5


def test_missing_model_is_a_user_error(setup, tmp_path, capsys):
    dataset, _ = setup
    assert main(["eval", str(dataset), "--backend", "transformers", "--model", str(tmp_path / "none"),
                 "--out", str(tmp_path / "o")]) == 1
    assert "cannot load" in capsys.readouterr().err


def test_left_padded_batches_answer_like_one_at_a_time(setup):
    """Greedy decoding must not depend on which other prompts share the batch (left padding,
    attention mask and image tokens placed right)."""
    dataset, model = setup
    settings = RunSettings("transformers", prompt=PromptSettings(), max_tokens=8)
    requests = build_requests(dataset, settings)
    assert len({len(r.messages[0].content[1]) for r in requests}) > 1  # prompts of different lengths
    answers = {}
    for batch_size in (1, 5):
        backend = get_backend("transformers", model=str(model), batch_size=batch_size)
        answers[batch_size] = {r.id: (r.text, r.prompt_tokens) for r in backend.generate(requests)}
        backend.close()
    assert answers[1] == answers[5]


def test_text_only_prompts_carry_no_image_tokens(setup):
    dataset, model = setup
    backend = get_backend("transformers", model=str(model))
    tokens = {}
    for text_only in (False, True):
        settings = RunSettings("transformers", prompt=PromptSettings(text_only=text_only), max_tokens=2)
        (response,) = backend.generate(build_requests(dataset, settings)[:1])
        tokens[text_only] = response.prompt_tokens
    backend.close()
    # text-only batches go through the processor without images; the prompts differ (no image tokens)
    assert tokens[False] != tokens[True]
