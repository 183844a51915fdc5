"""The responses file: one complete JSON line per answered item, appended and flushed as each
response arrives, so a killed run loses only what was in flight.

On reopening, a torn last line (the process died mid-write) is dropped, and so are lines whose
cache key no longer matches the item (its image or prompt changed) and repeated ids; the file is
then rewritten atomically, so it holds each item at most once."""
from __future__ import annotations

import json
import os
import time
from collections.abc import Mapping
from pathlib import Path

from .files import atomic_open


def _read(path: Path) -> tuple[list[dict], bool]:
    """The whole lines that are JSON objects with an id, and whether anything else was there."""
    rows: list[dict] = []
    clean = True
    if not path.exists():
        return rows, clean
    with open(path, encoding="utf-8", errors="replace") as fh:
        for line in fh:
            try:
                row = json.loads(line) if line.endswith("\n") else None  # no newline: torn by a kill
            except ValueError:
                row = None
            if isinstance(row, dict) and "id" in row:
                rows.append(row)
            else:
                clean = False
    return rows, clean


class ResponseStore:
    """Done items by id, and an append-only writer for new ones."""

    def __init__(self, path: str | os.PathLike, keys: Mapping[str, str]):
        """``keys``: item id -> the cache key its line must carry to count as done."""
        self.path = Path(path)
        self.done: dict[str, dict] = {}
        rows, clean = _read(self.path)
        for row in rows:
            if keys.get(row["id"]) == row.get("request_hash") and row["id"] not in self.done:
                self.done[row["id"]] = row
        if not clean or len(rows) != len(self.done):
            with atomic_open(self.path) as fh:
                for row in self.done.values():
                    fh.write(dumps(row) + "\n")
        self._fh = None
        self._synced = time.monotonic()

    def append(self, row: dict) -> None:
        if self._fh is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._fh = open(self.path, "a", encoding="utf-8")
        self._fh.write(dumps(row) + "\n")  # one write of one whole line
        self._fh.flush()
        if time.monotonic() - self._synced > 2.0:
            os.fsync(self._fh.fileno())
            self._synced = time.monotonic()
        self.done[row["id"]] = row

    def close(self) -> None:
        if self._fh is not None:
            self._fh.flush()
            os.fsync(self._fh.fileno())
            self._fh.close()
            self._fh = None


def dumps(row: Mapping) -> str:
    return json.dumps(row, ensure_ascii=False, sort_keys=True, separators=(",", ":"), default=str)
