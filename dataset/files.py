"""Write files whole or not at all: a crash or a bad input never leaves half a file."""
from __future__ import annotations

import errno
import itertools
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

from geomill.engine.errors import GeomillError
from geomill.engine.jsontext import read_json_file


class WriteError(GeomillError, OSError):
    """A file that cannot be made (a missing or read-only folder, a full disk, ``/proc``): one
    line naming the path and the reason.  Still an ``OSError`` for callers that catch those."""


@contextmanager
def atomic_open(path: str | os.PathLike, mode: str = "w", encoding: str | None = "utf-8",
                durable: bool = True) -> Iterator[IO]:
    """Open a temporary file beside ``path``; it replaces ``path`` only if the block succeeds.

    ``durable`` also flushes it to disk before the rename (survives a power cut, costs
    ~0.4 ms); without it a killed process still never leaves half a file."""
    path = Path(path)
    binary = "b" in mode
    fd, tmp = _create_temp(path)
    try:
        with os.fdopen(fd, mode, encoding=None if binary else encoding) as fh:
            try:
                yield fh
            except OSError as exc:
                if exc.errno in _FULL:  # the disk filled while the block wrote: name the file
                    raise _write_error(path, exc) from None
                raise
            try:
                fh.flush()
                if durable:
                    os.fsync(fh.fileno())
            except OSError as exc:
                raise _write_error(path, exc) from None
        try:
            os.replace(tmp, path)
        except OSError as exc:
            raise _write_error(path, exc) from None
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


_COUNTER = itertools.count()
_FULL = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})


MAX_TRIES = 100  # stale temporaries stepped over before giving up: a live folder never holds this many


def _write_error(path: Path, exc: OSError) -> WriteError:
    reason = exc.strerror or type(exc).__name__
    return WriteError(f"cannot write {path}: {reason}")


def _create_temp(path: Path) -> tuple[int, Path]:
    """A new file beside ``path``, named by process and counter (unique among live writers;
    a stale one left by a killed process is stepped over), with the umask's usual mode.  A
    missing folder is made once; any other failure (or a folder that still cannot hold the
    file) is a :class:`WriteError` at once: no loop retries what cannot succeed."""
    made = False
    for _ in range(MAX_TRIES):
        tmp = path.with_name(f".{path.name}.{os.getpid()}.{next(_COUNTER)}.part")
        try:
            return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), tmp
        except FileExistsError:
            continue
        except FileNotFoundError:
            if made:  # the folder is there (or says it is, as /proc does) but takes no new file
                raise WriteError(f"cannot write {path}: {path.parent} takes no new files") from None
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as err:
                raise _write_error(path, err) from None
            made = True
        except OSError as exc:
            raise _write_error(path, exc) from None
    raise WriteError(f"cannot write {path}: {MAX_TRIES} temporary names beside it are taken")


def write_text(path: str | os.PathLike, text: str) -> None:
    with atomic_open(path, "w") as fh:
        fh.write(text)


def write_bytes(path: str | os.PathLike, data: bytes, durable: bool = True) -> None:
    with atomic_open(path, "wb", durable=durable) as fh:
        fh.write(data)


def read_json(path: str | os.PathLike, what: str = "JSON file"):
    """A JSON file's value, or a one-line error naming the file (bounded: a huge, deeply nested or
    not UTF-8 file is an error, never a crash; see ``engine.jsontext``)."""
    if not Path(path).exists():
        raise GeomillError(f"{path}: no such {what}")
    return read_json_file(path, what)


def write_json(path: str | os.PathLike, value, indent: int | None = 1) -> None:
    """``value`` as JSON (sorted keys), written atomically."""
    write_text(path, json.dumps(value, indent=indent, sort_keys=True))


def read_bytes(path: str | os.PathLike) -> bytes:
    """A file's bytes (an image), or a one-line error naming it."""
    try:
        return Path(path).read_bytes()
    except OSError as exc:
        raise GeomillError(f"{path}: {exc.strerror}") from None
