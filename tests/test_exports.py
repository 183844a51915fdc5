"""The dataset exports: Parquet and a Hugging Face dataset with images embedded,
and the chat-format fine-tuning files, all agreeing with the JSONL records."""
from __future__ import annotations

import json

import pytest

from geomill.cli import main


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    out = tmp_path_factory.mktemp("gen")
    assert main(["generate", "-n", "5", "--depth", "2", "--seed", "4", "--quiet", "--out", str(out)]) == 0
    records = [json.loads(line) for f in sorted((out / "data").glob("shard-*.jsonl")) for line in f.open()]
    assert len(records) == 5
    return out, records


def test_parquet_matches_the_records(generated):
    pq = pytest.importorskip("pyarrow.parquet")
    from geomill.generate import export
    out, records = generated
    table = pq.read_table(export.parquet(out, "data")).to_pylist()
    assert [r["id"] for r in table] == [r["id"] for r in records]
    assert [r["answer"] for r in table] == [r["answer"] for r in records]
    assert all(r["image"] and len(r["image"]["bytes"]) > 100 for r in table)


def test_hf_dataset_embeds_images(generated):
    datasets = pytest.importorskip("datasets")
    from geomill.generate import export
    out, records = generated
    ds = datasets.load_from_disk(str(export.hf(out, ["data"])))["data"]
    assert ds.num_rows == len(records)
    row = ds[0]
    assert row["answer"] == records[0]["answer"] and row["dsl"] == records[0]["dsl"]
    assert row["image"].size[0] > 100  # a decoded PIL image


def test_chat_export_pairs_image_and_question_with_the_gold_solution(generated):
    out, records = generated
    lines = [json.loads(x) for x in (out / "finetune" / "data.llamafactory.jsonl").open()]
    assert len(lines) == len(records)
    first = json.dumps(lines[0])
    assert records[0]["solution"][:40] in first and "<image>" in first
    trl = [json.loads(x) for x in (out / "finetune" / "data.trl.jsonl").open()]
    assert len(trl) == len(records) and "messages" in trl[0]
