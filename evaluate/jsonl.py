"""JSON Lines in and out: a bad line is a ``file:line:col`` error, a written file is whole or absent."""
from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

from geomill.engine.errors import GeomillError, Span
from geomill.engine.jsontext import loads, read_lines
from geomill.generate.files import atomic_open


def read_jsonl(path: str | os.PathLike, errors: list[GeomillError] | None = None) -> Iterator[tuple[int, dict]]:
    """(line number, object) for every non-blank line; anything but a JSON object is an error,
    raised at once or, given an ``errors`` list, put there while the other lines go on."""
    try:
        fh = open(path, "rb")
    except OSError as exc:
        raise GeomillError(f"cannot read {path}: {exc.strerror}") from None
    with fh:
        for number, raw in read_lines(fh, str(path)):
            try:
                yield number, _object(raw, str(path), number)
            except _Blank:
                continue
            except GeomillError as exc:
                if errors is None:
                    raise
                errors.append(exc)


class _Blank(Exception):
    pass


def _object(raw: bytes, path: str, number: int) -> dict:
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise GeomillError("not UTF-8 text", Span(number, exc.start + 1), path) from None
    if not line.strip():
        raise _Blank
    obj = loads(line, path, number)
    if not isinstance(obj, dict):
        raise GeomillError(f"each line must be a JSON object, not {type(obj).__name__}", Span(number, 1), path)
    return obj


def write_jsonl(path: str | os.PathLike, rows: Iterable[Mapping]) -> Path:
    """One JSON object per line, written atomically."""
    with atomic_open(path) as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    return Path(path)
