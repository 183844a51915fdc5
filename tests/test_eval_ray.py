"""Scaling on Ray, on a local CPU-only Ray instance: ``geomill generate --ray`` writes the same
bytes as a local run, and the ``ray-vllm`` evaluation path (Ray Data with a pool of replicas)
runs end to end with a stand-in engine in place of vLLM."""
from __future__ import annotations

import functools
import sys
from pathlib import Path

import pytest

ray = pytest.importorskip("ray")  # a fallback only: the [test] extra installs ray

from geomill.dataset.items import make_item  # noqa: E402
from geomill.evaluate.backends import register_backend  # noqa: E402
from geomill.evaluate.backends.baselines import answer_text  # noqa: E402
from geomill.evaluate.backends.ray import RayVLLMBackend, Replica, request_rows  # noqa: E402
from geomill.evaluate.run import RunSettings, build_requests, evaluate  # noqa: E402
from geomill.generate import read_records  # noqa: E402

from geomill.cli import main  # noqa: E402

from .evaldata import make_dataset  # noqa: E402

pytestmark = pytest.mark.slow  # a Ray instance takes ~10 s to start


@pytest.fixture(scope="module")
def local_ray():
    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])  # the stand-in engine travels by value
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


class AnswerEngine:
    """Stands in for vLLM: answers each conversation's question with its gold answer."""

    def __init__(self, answers: dict, **engine_kwargs):
        self.answers, self.kwargs = answers, engine_kwargs

    def run(self, conversations, samplings):
        out = []
        for conv, sampling in zip(conversations, samplings):
            parts = conv[-1]["content"]
            assert parts[0]["image_url"]["url"].startswith("data:image/png;base64,")
            text = parts[-1]["text"]
            answer = next(a for q, a in self.answers.items() if text.startswith(q))
            out.append((answer, len(text.split()), min(5, sampling.max_tokens)))
        return out


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_generate_on_ray_writes_the_bytes_of_a_local_run(local_ray, tmp_path):
    common = ["generate", "-n", "6", "--depth", "2", "--seed", "5", "--shard-size", "2", "--image-size", "256",
              "--quiet"]
    assert main(common + ["--out", str(tmp_path / "local")]) == 0
    assert main(common + ["--ray", "--out", str(tmp_path / "ray")]) == 0
    local, remote = _files(tmp_path / "local"), _files(tmp_path / "ray")
    assert len(local) > 6 and local == remote


def test_textbook_generation_on_ray_writes_the_bytes_of_a_local_run(local_ray, tmp_path):
    common = ["generate", "--world", "textbook", "-n", "2", "--depth", "2-4", "--seed", "5", "--shard-size", "1",
              "--no-images", "--no-chat", "--quiet"]
    assert main(common + ["--out", str(tmp_path / "local")]) == 0
    assert main(common + ["--ray", "--out", str(tmp_path / "ray")]) == 0
    local, remote = _files(tmp_path / "local"), _files(tmp_path / "ray")
    assert len(local) >= 2 and local == remote


def test_ray_data_replicas_answer_every_request(local_ray, tmp_path):
    dataset = make_dataset(tmp_path / "data", n=6)
    answers = {r["question"]: answer_text(make_item(r)) for r in read_records(dataset, "test")}
    register_backend("ray-answers", lambda opts: RayVLLMBackend(
        opts, engine_factory=functools.partial(AnswerEngine, answers), gpus_per_replica=0))
    settings = RunSettings("ray-answers", {"model": "stand-in", "data_parallel": 2, "batch_size": 2}, plots=False)
    result = evaluate(dataset, tmp_path / "out", settings, progress=False)
    assert result.failed == [] and result.report["n"] == 6 and result.report["accuracy"] == 1.0
    rows = (tmp_path / "out" / "responses.jsonl").read_text().splitlines()
    assert len(rows) == 6


def test_replica_maps_rows_to_responses(tmp_path):
    """The actor's batch function on its own (no Ray needed): rows in, response columns out."""
    dataset = make_dataset(tmp_path / "data", n=3)
    requests = build_requests(dataset, RunSettings("x", max_tokens=3))
    answers = {r["question"]: "42" for r in read_records(dataset, "test")}
    rows = request_rows(requests)
    replica = Replica(functools.partial(AnswerEngine, answers), {"model": "m"})
    out = replica({k: [row[k] for row in rows] for k in rows[0]})
    assert out["id"] == [r.id for r in requests] and out["text"] == ["42"] * 3 and out["completion_tokens"] == [3] * 3
