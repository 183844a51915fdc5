"""A dataset's records as scored items: the gold answer, its response type and options, and the
record fields reports group by (``records.Item``). Thin helpers over ``folder`` for the evaluator."""
from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from .folder import Dataset, image_path, open_dataset, read_image
from .records import GROUP_FIELDS, Item, Part, Record

__all__ = ["GROUP_FIELDS", "Dataset", "Item", "Part", "image_path", "make_item", "open_dataset", "parts", "pick",
           "read_image"]


def parts(dataset: str | Path) -> list[Part]:
    """The parts of a ``geomill generate`` or ``geomill perceive`` folder (or a single part's folder)."""
    return list(open_dataset(dataset, command="geomill eval").parts)


def pick(all_parts: list[Part], names: str | None, split: str | None) -> list[Part]:
    """Parts by name (comma-separated) or by split; by default the test parts (all if none)."""
    return Dataset(Path("."), "geomverse", tuple(all_parts), None).pick(names, split)


def make_item(record: Record | Mapping) -> Item:
    """The scored item of a record (a ``Record``, or a record's JSON form)."""
    if not isinstance(record, Record):
        record = Record.from_json({"schema": "geomill.generate/1", **record})
    return Item.from_record(record)
