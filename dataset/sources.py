"""Collections of JSON items published elsewhere (FormalGeo7k's ``.json``, ``.jsonl`` and
``.jsonl.gz`` files, or a folder of them): each item, or why it cannot be read, so that an import
goes on past a bad item. Parsed by ``engine.jsontext`` (bounded: deep nesting and huge numbers are
a reason, never a crash)."""
from __future__ import annotations

import gzip
from collections.abc import Iterator
from pathlib import Path

from geomill.engine.errors import GeomillError
from geomill.engine.jsontext import loads

SUFFIXES = (".json", ".jsonl", ".jsonl.gz")


def read_items(path: str | Path) -> Iterator[tuple[str, dict | str]]:
    """(``file:item``, a JSON object or the reason it is not one) for every item of a file, or of
    every ``.json``/``.jsonl``/``.jsonl.gz`` file in a folder (in name order)."""
    path = Path(path)
    files = sorted(p for p in path.iterdir() if p.name.endswith(SUFFIXES)) if path.is_dir() else [path]
    for f in files:
        opener = gzip.open if f.name.endswith(".gz") else open
        try:
            with opener(f, "rt", encoding="utf-8") as fh:
                if f.name.endswith((".jsonl", ".jsonl.gz")):
                    for n, line in enumerate(fh, 1):
                        if line.strip():
                            yield f"{f.name}:{n}", _object(line)
                    continue
                data = _value(fh.read())
        except (OSError, EOFError, UnicodeDecodeError) as e:
            yield f.name, f"cannot read the file: {e}"
            continue
        if isinstance(data, _Unreadable):
            yield f.name, data.reason
            continue
        for n, item in enumerate(data if isinstance(data, list) else [data], 1):
            yield f"{f.name}:{n}", item if isinstance(item, dict) else "not a JSON object"


class _Unreadable:
    def __init__(self, reason: str):
        self.reason = reason


def _value(text: str) -> object:
    try:
        return loads(text)
    except GeomillError as e:
        return _Unreadable(f"{e.message} at column {e.span.col if e.span else 1}")


def _object(text: str) -> dict | str:
    out = _value(text)
    if isinstance(out, _Unreadable):
        return out.reason
    return out if isinstance(out, dict) else "not a JSON object"


def read_texts(path: str | Path, suffix: str) -> Iterator[tuple[str, str, bool]]:
    """(path, text or the reason it cannot be read, whether it was read) for a ``suffix`` file, or
    for every one in a folder (numbered names in number order: ``2.geo`` before ``10.geo``)."""
    path = Path(path)
    if path.is_dir():
        files = sorted(path.glob(f"*{suffix}"), key=_numbered)
    else:
        files = [path] if path.name.endswith(suffix) else []
    for f in files:
        try:
            yield str(f), f.read_text(encoding="utf-8"), True
        except (OSError, UnicodeDecodeError) as e:
            yield str(f), f"cannot read the file: {e}", False


def _numbered(p: Path) -> tuple:
    return (0, int(p.stem), "") if p.stem.isdigit() else (1, 0, p.stem)
