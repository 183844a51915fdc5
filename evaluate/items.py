"""Reading a dataset written by ``geomill generate`` and turning its records into items: the
gold answer, its response type and options, and the record fields reports group by."""
from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from geomill.engine.errors import GeomillError
from geomill.engine.jsontext import read_json_file
from geomill.generate.runner import read_records

from .types import RESPONSE_TYPES

# Report axes: item field -> the record key it is read from, in the generation knobs first (shapes
# and distractors are also top-level record fields holding the drawn shapes and the distractor
# facts, not the split), then at the top level. Only plain values (text, numbers, booleans) count.
GROUP_FIELDS = {
    "depth": "depth", "width": "width", "question_type": "question_type", "shapes": "shapes",
    "annotation": "annotation", "values": "values", "variablized": "variablized",
    "distractors": "distractors", "task": "task", "part": "part",
}


_SAFE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")  # a part is a folder inside the dataset, never "../x"


@dataclass(frozen=True)
class Part:
    """One part of a generated folder: its records and the folder its image paths start from."""

    name: str
    split: str
    folder: Path

    def records(self) -> Iterator[dict]:
        return iter(read_records(self.folder.parent, self.name))


def parts(dataset: str | Path) -> list[Part]:
    """The parts of a ``geomill generate`` folder (or a single part's folder)."""
    root = Path(dataset)
    manifest = root / "manifest.json"
    if manifest.is_file():
        data = read_json_file(manifest, "the manifest")
        listed = data.get("parts") if isinstance(data, dict) else None
        if not isinstance(listed, list) or not all(
                isinstance(p, dict) and isinstance(p.get("name"), str) and _SAFE_NAME.fullmatch(p["name"])
                and isinstance(p.get("split", "test"), str) for p in listed):
            raise GeomillError(f"{manifest}: not a geomill generate manifest "
                               '(wants "parts": [{"name": a folder name, "split": …}, …])')
        return [Part(p["name"], p.get("split", "test"), root / p["name"]) for p in listed]
    if any(root.glob("shard-*.jsonl")):
        return [Part(root.name, "test", root)]
    raise GeomillError(f"{root}: not a folder written by geomill generate (no manifest.json, no shard-*.jsonl)")


def pick(all_parts: list[Part], names: str | None, split: str | None) -> list[Part]:
    """Parts by name (comma-separated) or by split; by default the test parts (all if none)."""
    if names:
        wanted = names.split(",")
        unknown = [n for n in wanted if n not in {p.name for p in all_parts}]
        if unknown:
            raise GeomillError(f"no part {unknown[0]!r}; parts: {', '.join(p.name for p in all_parts)}")
        return [p for p in all_parts if p.name in wanted]
    if split:
        return [p for p in all_parts if p.split == split]
    return [p for p in all_parts if p.split == "test"] or all_parts


def make_item(record: Mapping) -> dict:
    """The scored item of a record: id, answer, response type, options and the group fields."""
    missing = [f for f in ("id", "answer") if f not in record]
    if missing:
        rid = str(record.get("id", "?"))[:60]
        raise GeomillError(f"record {rid}: no {missing[0]!r}: not a geomill generate record")
    response_type = record.get("response_type", "number")
    if not isinstance(response_type, str) or response_type not in RESPONSE_TYPES:
        raise GeomillError(f"record {record.get('id')}: unknown response_type {response_type!r}")
    knobs = record.get("knobs") or {}
    item = {"id": record["id"], "answer": record["answer"], "response_type": response_type,
            "options": record.get("options")}
    for field, key in GROUP_FIELDS.items():
        value = knobs[key] if key in knobs else record.get(key)
        if field == "question_type" and record.get("answer_type"):
            value = record["answer_type"]  # what was asked, also when the knob said "any"
        if field == "task" and value is None and response_type == "number":
            value = "geomverse"
        if isinstance(value, (str, int, float, bool)):
            item[field] = value
    return item


def image_path(part: Part, record: Mapping) -> Path | None:
    return part.folder / record["image"] if record.get("image") else None
