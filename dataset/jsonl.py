"""JSON Lines in and out: the one reader, with an explicit policy for a bad line, and a written
file whole or absent.

``strict``: a bad line is a ``file:line:col`` error. ``skip``: it is left out and reported in a
``BadLines`` (its line number and why), and reading goes on. ``whole_lines``: a last line without
its newline counts as bad (a writer killed mid-line leaves one)."""
from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from geomill.engine.errors import GeomillError, Span
from geomill.engine.jsontext import loads, read_lines

from .files import atomic_open

Policy = Literal["strict", "skip"]


@dataclass
class BadLines:
    """The lines a ``skip`` read left out: (line number, why)."""

    path: str
    lines: list[tuple[int, str]] = field(default_factory=list)
    columns: dict[int, int] = field(default_factory=dict)  # line number -> column where it went bad

    def __bool__(self) -> bool:
        return bool(self.lines)

    def __str__(self) -> str:
        shown = ", ".join(f"{n} ({why})" for n, why in self.lines[:5])
        more = f" and {len(self.lines) - 5} more" if len(self.lines) > 5 else ""
        return f"{self.path}: skipped {len(self.lines)} bad line(s): {shown}{more}"


def read_jsonl(path: str | os.PathLike, policy: Policy = "strict", bad: BadLines | None = None,
               whole_lines: bool = False, missing_ok: bool = False) -> Iterator[tuple[int, dict]]:
    """(line number, object) for every non-blank line; anything but a JSON object is a bad line."""
    if policy not in ("strict", "skip"):
        raise ValueError(f"policy is strict or skip, not {policy!r}")
    if policy == "skip" and bad is None:
        bad = BadLines(str(path))
    if Path(path).is_dir():
        raise GeomillError(f"{path} is a folder, not a JSON Lines file")
    try:
        fh = open(path, "rb")
    except FileNotFoundError:
        if missing_ok:
            return
        raise GeomillError(f"cannot read {path}: no such file") from None
    except OSError as exc:
        raise GeomillError(f"cannot read {path}: {exc.strerror}") from None
    with fh:
        for number, raw in read_lines(fh, str(path)):  # each line bounded: /dev/zero is an error, not a hang
            try:
                obj = _parse(raw, whole_lines)
            except _Bad as exc:
                if policy == "strict":
                    raise GeomillError(exc.message, Span(number, exc.col), str(path)) from None
                bad.lines.append((number, exc.message))
                bad.columns[number] = exc.col
                continue
            if obj is not None:
                yield number, obj


class _Bad(Exception):
    def __init__(self, message: str, col: int = 1):
        super().__init__(message)
        self.message, self.col = message, col


def _parse(raw: bytes, whole_lines: bool) -> dict | None:
    if whole_lines and not raw.endswith(b"\n"):
        raise _Bad("a torn last line (no newline)")
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _Bad("not UTF-8 text", exc.start + 1) from None
    if not line.strip(" \t\r\n"):  # blank in JSON's sense: "\x1c" (a Unicode space to str.strip) is a bad line
        return None
    try:
        obj = loads(line)  # bounded: deep nesting and huge integers are bad lines, not crashes
    except GeomillError as exc:
        raise _Bad(exc.message, exc.span.col if exc.span else 1) from None
    if not isinstance(obj, dict):
        raise _Bad(f"each line must be a JSON object, not {type(obj).__name__}")
    return obj


def dumps(row: Mapping, compact: bool = False) -> str:
    """One line: ``compact`` (sorted keys, no spaces) as shards and responses hold them."""
    if compact:
        return json.dumps(row, ensure_ascii=False, sort_keys=True, separators=(",", ":"), default=str)
    return json.dumps(row, ensure_ascii=False)


def write_jsonl(path: str | os.PathLike, rows: Iterable[Mapping]) -> Path:
    """One JSON object per line, written atomically."""
    with atomic_open(path) as fh:
        for row in rows:
            fh.write(dumps(_plain(row)) + "\n")
    return Path(path)


def _plain(row):
    return row.to_json() if hasattr(row, "to_json") else row
