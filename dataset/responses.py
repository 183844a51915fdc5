"""The responses file: one complete JSON line per answered item, appended and flushed as each
response arrives, so a killed run loses only what was in flight.

On reopening, torn or unreadable lines (the process died mid-write) are dropped at once (the file
is rewritten whole before anything is appended after them). An item counts as done when one of
its lines carries the cache key it has now; on closing, the run's items' lines of stale keys and
repeats are dropped (atomically), so the file holds each of them at most once.

Its lines are typed: a run stores ``ScoredRow`` rows (a ``ResponseRow`` and its reading), the judge's
cache ``JudgeReply`` rows; a JSON line that is not such a row counts as unreadable. The JSON form
(keys sorted, compact) is what ``geomill eval`` has always written, byte for byte."""
from __future__ import annotations

import os
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from geomill.engine.errors import GeomillError

from .files import atomic_open
from .jsonl import BadLines, dumps, read_jsonl
from .records import Item, _need

# -- the typed rows ------------------------------------------------------------------------------

_RUN_FIELDS = ("model", "revision", "backend", "template", "template_version", "request_hash", "cot",
               "few_shot", "text_only", "response", "latency_s", "prompt_tokens", "completion_tokens")
_SCORE_FIELDS = ("extracted", "extraction_failed", "judged", "correct")


@dataclass(frozen=True)
class ResponseRow:
    """One answered item as the run asked it: the item, how it was asked (backend, model, template,
    cache key ``request_hash``, prompt settings) and what came back. ``extra`` keeps the fields of a
    line this version does not know, so a file rewritten on closing keeps them."""

    item: Item
    request_hash: str
    response: str
    model: str
    backend: str
    template: str
    template_version: str
    revision: str | None = None
    cot: bool = False
    few_shot: int = 0
    text_only: bool = False
    latency_s: float = 0.0
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.item.id

    @classmethod
    def from_json(cls, obj: Mapping, where: str = "response") -> ResponseRow:
        item = Item.from_json(obj, where)
        known = set(_RUN_FIELDS) | set(item.to_json())
        for name in ("request_hash", "model", "template", "template_version", "backend"):
            _need(obj, name, str, f"{where} ({item.id})")
        text = obj.get("response")
        return cls(item, obj["request_hash"], text if isinstance(text, str) else "", obj["model"],
                   obj["backend"], obj["template"], obj["template_version"], obj.get("revision"),
                   bool(obj.get("cot")), int(obj.get("few_shot") or 0), bool(obj.get("text_only")),
                   float(obj.get("latency_s") or 0.0), obj.get("prompt_tokens"), obj.get("completion_tokens"),
                   {k: v for k, v in obj.items() if k not in known and k not in _SCORE_FIELDS})

    def to_json(self) -> dict:
        return {**self.item.to_json(), "model": self.model, "revision": self.revision, "backend": self.backend,
                "template": self.template, "template_version": self.template_version,
                "request_hash": self.request_hash, "cot": self.cot, "few_shot": self.few_shot,
                "text_only": self.text_only, "response": self.response, "latency_s": self.latency_s,
                "prompt_tokens": self.prompt_tokens, "completion_tokens": self.completion_tokens, **self.extra}


@dataclass(frozen=True)
class ScoredRow:
    """A response with its reading: the value ``extracted`` from it (JSON-ready: a list for multi),
    whether extraction failed, whether it is ``correct``, and (with a judge) whether the judge read it."""

    response: ResponseRow
    extracted: Any
    extraction_failed: bool
    correct: bool
    judged: bool | None = None

    @property
    def id(self) -> str:
        return self.response.item.id

    @property
    def request_hash(self) -> str:
        return self.response.request_hash

    @classmethod
    def from_json(cls, obj: Mapping, where: str = "scored response") -> ScoredRow:
        response = ResponseRow.from_json(obj, where)
        for name in ("extraction_failed", "correct"):
            _need(obj, name, bool, f"{where} ({response.id})")
        judged = obj.get("judged")
        return cls(response, obj.get("extracted"), obj["extraction_failed"], obj["correct"],
                   judged if isinstance(judged, bool) else None)

    def to_json(self) -> dict:
        row = {**self.response.to_json(), "extracted": self.extracted, "extraction_failed": self.extraction_failed}
        if self.judged is not None:
            row["judged"] = self.judged
        row["correct"] = self.correct
        return row


@dataclass(frozen=True)
class JudgeReply:
    """One line of the judge's cache: what the judge model ``judge`` replied about item ``id``."""

    id: str
    request_hash: str
    judge: str
    reply: str

    @classmethod
    def from_json(cls, obj: Mapping, where: str = "judge reply") -> JudgeReply:
        return cls(_need(obj, "id", str, where), _need(obj, "request_hash", str, where),
                   _need(obj, "judge", str, where), _need(obj, "reply", str, where))

    def to_json(self) -> dict:
        return {"id": self.id, "request_hash": self.request_hash, "judge": self.judge, "reply": self.reply}


class Row(Protocol):
    """What the store keeps: a typed line with an item id and the cache key it was asked under."""

    @property
    def id(self) -> str: ...
    @property
    def request_hash(self) -> str: ...
    def to_json(self) -> dict: ...


R = TypeVar("R", bound=Row)


class ResponseStore(Generic[R]):
    """Done items by id and cache key, and an append-only writer for new ones; its lines are
    ``row`` values (``ScoredRow`` responses by default, ``JudgeReply`` for the judge's cache)."""

    def __init__(self, path: str | os.PathLike, row: type[R] = ScoredRow):  # type: ignore[assignment]
        self.path = Path(path)
        self.bad = BadLines(str(self.path))
        self._rows: dict[str, list[R]] = {}
        for number, obj in read_jsonl(self.path, "skip", self.bad, whole_lines=True, missing_ok=True):
            try:
                typed = row.from_json(obj)  # type: ignore[attr-defined]
            except GeomillError as exc:
                self.bad.lines.append((number, str(exc)))
                continue
            self._rows.setdefault(typed.id, []).append(typed)
        if self.bad:
            self._rewrite({})
        self._fh = None
        self._synced = time.monotonic()

    def done(self, item_id: str, key: str) -> R | None:
        """The line answering ``item_id`` under cache key ``key``, if there is one."""
        return next((r for r in self._rows.get(item_id, ()) if r.request_hash == key), None)

    def append(self, row: R) -> None:
        if self._fh is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._fh = open(self.path, "a", encoding="utf-8")
        self._fh.write(dumps(row.to_json(), compact=True) + "\n")  # one write of one whole line
        self._fh.flush()
        if time.monotonic() - self._synced > 2.0:
            os.fsync(self._fh.fileno())
            self._synced = time.monotonic()
        self._rows.setdefault(row.id, []).insert(0, row)

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
        kept: dict[str, list[R]] = {}
        with atomic_open(self.path) as fh:
            for item_id, rows in self._rows.items():
                if item_id in keys:
                    rows = [r for r in [self.done(item_id, keys[item_id])] if r is not None]
                for row in rows:
                    fh.write(dumps(row.to_json(), compact=True) + "\n")
                if rows:
                    kept[item_id] = rows
        self._rows = kept
