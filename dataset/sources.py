"""Collections of JSON items published elsewhere (FormalGeo7k's ``.json``, ``.jsonl`` and
``.jsonl.gz`` files, or a folder of them): each item, or why it cannot be read, so that an import
goes on past a bad item. Parsed by ``engine.jsontext`` (bounded: deep nesting and huge numbers are
a reason, never a crash)."""
from __future__ import annotations

import gzip
import zlib
from collections.abc import Iterator
from pathlib import Path

from geomill.engine.errors import GeomillError
from geomill.engine.jsontext import loads, special

SUFFIXES = (".json", ".jsonl", ".jsonl.gz", ".json.gz")
MAX_ITEM = 4 * 2**20  # bytes of one item (a line of .jsonl): FormalGeo's longest is under 20 kB
MAX_BYTES = 1 * 2**30  # bytes one source file holds, or expands to (.gz): bounded as they are read
MAX_WHOLE = 64 * 2**20  # bytes of a .json file read whole
MAX_LINES = 1_000_000  # lines of one file, blank ones too (FormalGeo7k has 6,981 problems)


class _TooLarge(Exception):
    pass


def read_items(path: str | Path) -> Iterator[tuple[str, dict | str]]:
    """(``file:item``, a JSON object or the reason it is not one) for every item of a file, or of
    every ``.json``/``.jsonl``/``.jsonl.gz``/``.json.gz`` file in a folder (in name order).

    Reads are bounded by what the file holds after decompression, not by its size on disk (a gzip
    bomb of 65 kB holds 33 million lines): an item of more than MAX_ITEM bytes is a bad item, a file
    past MAX_BYTES or MAX_LINES ends with a reason.  FIFOs, devices and sockets are not read: the
    source itself is an error, one inside a folder an item with its reason."""
    path = Path(path)
    why = special(path)
    if why is not None:
        raise GeomillError(f"{why}: not read (a source is a file or a folder of them)", file=str(path))
    files = sorted(p for p in path.iterdir() if p.name.endswith(SUFFIXES)) if path.is_dir() else [path]
    for f in files:
        why = special(f)
        if why is not None:
            yield f.name, f"{why}: not read"
            continue
        try:
            with _open(f) as fh:
                if f.name.endswith((".jsonl", ".jsonl.gz")):
                    yield from _lines(f.name, fh)
                    continue
                raw = fh.read(MAX_WHOLE + 1)
                if len(raw) > MAX_WHOLE:
                    raise _TooLarge(f"the file holds more than {MAX_WHOLE:,} bytes (a .json file is read whole; "
                                    "a larger collection is .jsonl)")
                data = _value(raw.decode("utf-8"))
        except _TooLarge as e:
            yield f.name, str(e)
            continue
        except (OSError, EOFError, zlib.error) as e:
            yield f.name, f"cannot read the file: {e.strerror if isinstance(e, OSError) and e.strerror else e}"
            continue
        except UnicodeDecodeError as e:
            yield f.name, f"cannot read the file: not UTF-8 text (byte {e.start})"
            continue
        if isinstance(data, _Unreadable):
            yield f.name, data.reason
            continue
        for n, item in enumerate(data if isinstance(data, list) else [data], 1):
            yield f"{f.name}:{n}", item if isinstance(item, dict) else "not a JSON object"


def _open(f: Path):
    return gzip.open(f, "rb") if f.name.endswith(".gz") else open(f, "rb")


def _lines(name: str, fh) -> Iterator[tuple[str, dict | str]]:
    """The items of a JSON Lines stream, each line and the whole bounded."""
    total = 0
    for n in range(1, MAX_LINES + 2):
        raw = fh.readline(MAX_ITEM + 1)
        if not raw:
            return
        if n > MAX_LINES or total > MAX_BYTES:
            raise _TooLarge(f"the file holds more than {MAX_LINES:,} lines or {MAX_BYTES:,} bytes: "
                            f"not read past line {n - 1:,}")
        total += len(raw)
        if len(raw) > MAX_ITEM and not raw.endswith(b"\n"):
            yield f"{name}:{n}", f"a line longer than {MAX_ITEM:,} bytes"
            while len(raw) > MAX_ITEM and not raw.endswith(b"\n"):  # the rest of the line, unkept
                raw = fh.readline(MAX_ITEM + 1)
                total += len(raw)
                if total > MAX_BYTES:
                    raise _TooLarge(f"the file holds more than {MAX_BYTES:,} bytes: not read past line {n:,}")
            continue
        if raw.strip():
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as e:
                yield f"{name}:{n}", f"not UTF-8 text (byte {e.start})"
                continue
            yield f"{name}:{n}", _object(text)


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


def read_texts(path: str | Path, suffix: str, limit: int = 4 * 2**20) -> Iterator[tuple[str, str, bool]]:
    """(path, text or the reason it cannot be read, whether it was read) for a ``suffix`` file, or
    for every one in a folder (numbered names in number order: ``2.geo`` before ``10.geo``); a file
    of more than ``limit`` bytes, a FIFO, a device or a socket is a reason, not read."""
    path = Path(path)
    why = special(path)
    if why is not None:
        raise GeomillError(f"{why}: not read (a source is a file or a folder of them)", file=str(path))
    if path.is_dir():
        files = sorted(path.glob(f"*{suffix}"), key=_numbered)
    else:
        files = [path] if path.name.endswith(suffix) else []
    for f in files:
        why = special(f)
        if why is not None:
            yield str(f), f"{why}: not read", False
            continue
        try:
            with open(f, "rb") as fh:
                raw = fh.read(limit + 1)
            if len(raw) > limit:
                yield str(f), f"larger than {limit:,} bytes: not read", False
                continue
            yield str(f), raw.decode("utf-8"), True
        except OSError as e:
            yield str(f), f"cannot read the file: {e.strerror or e}", False
        except UnicodeDecodeError as e:
            yield str(f), f"cannot read the file: not UTF-8 text (byte {e.start})", False


def _numbered(p: Path) -> tuple:
    return (0, int(p.stem), "") if p.stem.isdigit() else (1, 0, p.stem)
