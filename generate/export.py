"""Exports of a generated folder: chat-format JSONL for fine-tuning, Parquet and a
Hugging Face ``datasets`` dataset with the images embedded (the last two need
the optional ``hf`` extra: pyarrow, datasets; imported only when asked for)."""
from __future__ import annotations

import json
from pathlib import Path

from geomill.dataset.files import atomic_open
from geomill.dataset.folder import open_dataset, read_image


def chat(out: str | Path, part: str, text_only: bool = False) -> tuple[Path, Path]:
    """Two files per part: LLaMA-Factory's sharegpt layout (``messages`` with an ``<image>``
    token, ``images`` paths) and TRL's (content parts ``{"type": "image"}``)."""
    out = Path(out)
    dataset = open_dataset(out, command="the chat export")
    lf_path, trl_path = out / "finetune" / f"{part}.llamafactory.jsonl", out / "finetune" / f"{part}.trl.jsonl"
    with atomic_open(lf_path) as lf, atomic_open(trl_path) as trl:
        for record in dataset.records(dataset.part(part)):
            r = record.data  # the kind's own fields
            use_image = record.image and not text_only
            q = r["question"] if use_image else r["question_text_only"]
            a = r["solution"] if use_image else r["solution_text_only"]
            images = [str(Path(part) / r["image"])] if use_image else []
            lf.write(json.dumps({"messages": [{"role": "user", "content": ("<image>" if images else "") + q},
                                              {"role": "assistant", "content": a}],
                                 "images": images, "id": r["id"]}, ensure_ascii=False) + "\n")
            content = ([{"type": "image"}] if images else []) + [{"type": "text", "text": q}]
            trl.write(json.dumps({"messages": [{"role": "user", "content": content},
                                               {"role": "assistant", "content": [{"type": "text", "text": a}]}],
                                  "images": images, "id": r["id"]}, ensure_ascii=False) + "\n")
    return lf_path, trl_path


FLAT = ("id", "part", "dsl", "question", "question_text_only", "answer", "exact", "answer_type", "solution",
        "solution_text_only", "depth", "width")


PERCEPTION_FLAT = ("id", "part", "task", "question", "question_text_only", "response_type", "solution", "claim",
                   "measured", "negated", "near_miss", "n_lines", "angle_between")


def _perception_row(r) -> dict:
    """A perception record's columns: answers as text (a label or True/False), nested data as JSON."""
    row = {k: r[k] for k in PERCEPTION_FLAT}
    row["answer"] = str(r["answer"])
    row["options"] = json.dumps(r["options"], ensure_ascii=False) if r["options"] is not None else None
    row["scene"] = json.dumps(r["scene"])
    return row


def _rows(out: Path, part_name: str):
    dataset = open_dataset(out, command="the export")
    part = dataset.part(part_name)
    for record in dataset.records(part):
        r = record.data  # the kind's own fields
        image = {"bytes": read_image(part, record), "path": record.image} if record.image else None
        if record.kind == "perception":
            row = _perception_row(r)
            row["image"] = image
            yield row
            continue
        row = {k: r[k] for k in FLAT}
        row["knobs"] = json.dumps(r["knobs"], sort_keys=True)
        row["steps"] = json.dumps(r["steps"], ensure_ascii=False)
        row["shapes"] = [s["kind"] for s in r["shapes"]]
        row["rules"] = r["rules"]
        row["image"] = image
        yield row


def parquet(out: str | Path, part: str) -> Path:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError as e:  # pragma: no cover - depends on the optional extra
        raise RuntimeError("Parquet export needs pyarrow: pip install 'geomill[hf]'") from e
    out = Path(out)
    table = pa.Table.from_pylist(list(_rows(out, part)))
    path = out / "parquet" / f"{part}.parquet"
    with atomic_open(path, "wb") as fh:
        pq.write_table(table, fh)
    return path


def hf(out: str | Path, parts: list[str]) -> Path:
    try:
        import datasets
    except ImportError as e:  # pragma: no cover
        raise RuntimeError("Hugging Face export needs datasets: pip install 'geomill[hf]'") from e
    out = Path(out)
    dd = {}
    for part in parts:
        ds = datasets.Dataset.from_list(list(_rows(out, part)))
        if "image" in ds.column_names and any(x is not None for x in ds["image"]):
            ds = ds.cast_column("image", datasets.Image())
        dd[part] = ds
    path = out / "hf"
    datasets.DatasetDict(dd).save_to_disk(str(path))
    return path
