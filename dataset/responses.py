"""The responses file: one complete JSON line per answered item, appended and flushed as each
response arrives, so a killed run loses only what was in flight.

On reopening, torn or unreadable lines (the process died mid-write) are dropped at once (the file
is rewritten whole before anything is appended after them). An item counts as done when one of
its lines carries the cache key it has now; on closing, the run's items' lines of stale keys and
repeats are dropped (atomically), so the file holds each of them at most once."""
from __future__ import annotations

import os
import time
from collections.abc import Mapping
from pathlib import Path

from .files import atomic_open
from .jsonl import BadLines, dumps, read_jsonl


class ResponseStore:
    """Done items by id and cache key, and an append-only writer for new ones."""

    def __init__(self, path: str | os.PathLike):
        self.path = Path(path)
        self.bad = BadLines(str(self.path))
        self._rows: dict[str, list[dict]] = {}
        for number, row in read_jsonl(self.path, "skip", self.bad, whole_lines=True, missing_ok=True):
            if "id" in row:
                self._rows.setdefault(str(row["id"]), []).append(row)
            else:
                self.bad.lines.append((number, "no id"))
        if self.bad:
            self._rewrite({})
        self._fh = None
        self._synced = time.monotonic()

    def done(self, item_id: str, key: str) -> dict | None:
        """The line answering ``item_id`` under cache key ``key``, if there is one."""
        return next((r for r in self._rows.get(item_id, ()) if r.get("request_hash") == key), None)

    def append(self, row: dict) -> None:
        if self._fh is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._fh = open(self.path, "a", encoding="utf-8")
        self._fh.write(dumps(row, compact=True) + "\n")  # one write of one whole line
        self._fh.flush()
        if time.monotonic() - self._synced > 2.0:
            os.fsync(self._fh.fileno())
            self._synced = time.monotonic()
        self._rows.setdefault(str(row["id"]), []).insert(0, row)

    def close(self, keys: Mapping[str, str] | None = None) -> None:
        """Flush; with ``keys`` (item id -> its cache key now), drop those items' other lines."""
        if self._fh is not None:
            self._fh.flush()
            os.fsync(self._fh.fileno())
            self._fh.close()
            self._fh = None
        if keys is not None:
            stale = sum(len(self._rows.get(i, ())) - (self.done(i, k) is not None) for i, k in keys.items())
            if stale:
                self._rewrite(keys)

    def _rewrite(self, keys: Mapping[str, str]) -> None:
        """The file again, atomically: for an item of ``keys`` its current line only, other lines as they were."""
        kept: dict[str, list[dict]] = {}
        with atomic_open(self.path) as fh:
            for item_id, rows in self._rows.items():
                if item_id in keys:
                    rows = [r for r in [self.done(item_id, keys[item_id])] if r is not None]
                for row in rows:
                    fh.write(dumps(row, compact=True) + "\n")
                if rows:
                    kept[item_id] = rows
        self._rows = kept
