"""JSON read from files a user hands in, with every failure a :class:`GeomillError`.

``json.loads`` has failures besides ``JSONDecodeError`` that hostile input reaches: a
``RecursionError`` on deeply nested arrays, a ``ValueError`` on an integer of more than 4,300
digits, an ``OverflowError`` later when a 400-digit integer meets ``float``.  Here an integer
longer than :data:`MAX_INT_DIGITS` is read as a float (``inf`` past 1e308, which the readers
refuse as not finite), and nesting deeper than
:data:`MAX_DEPTH` is an error at its line and column, never a crash."""
from __future__ import annotations

import json
import os
import stat

from .errors import GeomillError, Span

MAX_INT_DIGITS = 300  # float() of any such integer is finite; longer ones become float (inf past 308)
MAX_DEPTH = 200  # brackets: more than any geomill file or a real scene holds


class JSONInputError(GeomillError):
    """Text that is not the JSON expected (or is hostile JSON)."""


def _int(text: str) -> int | float:
    return int(text) if len(text) <= MAX_INT_DIGITS else float(text)


def _too_deep(text: str) -> int | None:
    """The offset where nesting passes :data:`MAX_DEPTH` (strings skipped), or None."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return None
    depth, in_string, escaped = 0, False, False
    for i, ch in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return i
        elif ch in "]}":
            depth -= 1
    return None


def loads(text: str, file: str | None = None, line: int | None = None) -> object:
    """``text`` parsed; a failure is a :class:`JSONInputError` at ``file:line:col``."""
    deep = _too_deep(text)
    if deep is not None:
        col = deep - text.rfind("\n", 0, deep)
        raise JSONInputError(f"nested more than {MAX_DEPTH} deep", Span(line or 1, col), file)
    try:
        return json.loads(text, parse_int=_int)
    except json.JSONDecodeError as exc:
        where = Span(exc.lineno if line is None else line, exc.colno)
        raise JSONInputError(f"not JSON: {exc.msg}", where, file) from None
    except (ValueError, RecursionError) as exc:
        raise JSONInputError(f"not JSON: {exc}", Span(line or 1, 1), file) from None


MAX_FILE = 64 * 2**20  # bytes of one JSON file read whole (a scene, a manifest): /dev/zero is not read to the end
MAX_LINE = 64 * 2**20  # bytes of one JSON line


def read_bounded(path, limit: int = MAX_FILE, what: str = "the file") -> bytes:
    """A file's bytes, or an error naming it: unreadable, or longer than ``limit`` (an endless
    device, a runaway file) -- never read into memory whole."""
    why = special(path)
    if why is not None:  # opening a FIFO waits for a writer
        raise JSONInputError(f"cannot read {what}: {why}", file=str(path))
    try:
        with open(path, "rb") as fh:
            raw = fh.read(limit + 1)
    except OSError as exc:
        raise JSONInputError(f"cannot read {what}: {exc.strerror or exc}", file=str(path)) from None
    if len(raw) > limit:
        raise JSONInputError(f"{what} is larger than {limit:,} bytes", file=str(path))
    return raw


def read_lines(fh, path: str, limit: int = MAX_LINE):
    """(line number, bytes) of an open binary file, each line at most ``limit`` bytes."""
    number = 0
    while True:
        raw = fh.readline(limit + 1)
        if not raw:
            return
        number += 1
        if len(raw) > limit and not raw.endswith(b"\n"):
            raise JSONInputError(f"a line longer than {limit:,} bytes", Span(number, 1), path)
        yield number, raw


def read_json_file(path, what: str = "JSON") -> object:
    """A whole JSON file (a manifest, a scene); unreadable, too large or not UTF-8 is an error naming it."""
    raw = read_bounded(path, MAX_FILE, what)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise JSONInputError(f"not UTF-8 text (byte {exc.start})", file=str(path)) from None
    return loads(text, str(path))


def cut(text: str, limit: int = 80) -> str:
    """``text`` quoted in an error: whole when short, else its start, an ellipsis and its length."""
    text = str(text)
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text):,} characters)"


def special(path) -> str | None:
    """Why ``path`` is not to be read, when it is a FIFO, a device or a socket (a read of one may
    wait for ever or never end): ``"a FIFO, not a file"``; None for a file, a folder or a path that
    is not there (opening it says why)."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return None
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return None
    kind = ("a FIFO" if stat.S_ISFIFO(mode) else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
            else "a socket" if stat.S_ISSOCK(mode) else "a special file")
    return f"{kind}, not a file"
