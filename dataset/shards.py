"""Shards: a part's records as ``DIR/<part>/shard-NNNNN.jsonl`` files of fixed size by index range."""
from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path


def shard_path(out: Path, part: str, shard: int) -> Path:
    return out / part / f"shard-{shard:05d}.jsonl"


def n_shards(n: int, size: int) -> int:
    return (n + size - 1) // size


def read_records(out: Path, part: str) -> Iterable[dict]:
    for path in sorted((out / part).glob("shard-*.jsonl")):
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if line.strip():
                    yield json.loads(line)
