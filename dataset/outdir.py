"""An output folder a command fills whole or not at all: it is written under a staging name beside
``--out`` and put in its place only when the run ends (so a folder that held an earlier run is
replaced whole, never mixed with it), and ``--out`` is refused where it would hold or be the input
or lose a user's other files."""
from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

from geomill.engine.errors import GeomillError


def check_out(out: Path, source: Path, ours: Callable[[Path], bool], what: str) -> None:
    """Refuse an ``out`` that is ``source``, lies inside or around it, is a file, or holds anything
    ``ours`` does not recognise as this command's own output (``what`` names that output)."""
    out, source = Path(out), Path(source)
    o, s = out.resolve(), source.resolve()
    if o == s or (source.is_dir() and s in o.parents) or o in s.parents:
        raise GeomillError(f"--out {out} is the source or holds it: choose a folder apart from {source}")
    if out.exists() and not out.is_dir():
        raise GeomillError(f"--out {out} is a file: give a folder")
    if out.is_dir():
        other = next((p for p in out.iterdir() if not ours(p)), None)
        if other is not None:
            raise GeomillError(f"--out {out} holds {other.name}, which is not {what}: choose an empty or new folder "
                               "(a folder holding an earlier run is replaced whole)")


def staging(out: Path, tag: str) -> Path:
    """The folder a run of ``out`` is written in before it takes ``out``'s place (the same for every
    run of one command, so that a run that was killed can be resumed from it)."""
    out = Path(out).resolve()  # ".": the folder's own name
    return out.with_name(f".{out.name}.{tag}")


def swap_in(staged: Path, out: Path) -> None:
    """``staged`` becomes ``out``; the folder ``out`` was (an earlier run) is removed after."""
    staged, out = Path(staged), Path(out).resolve()
    old = None
    try:
        if out.exists():
            old = out.with_name(f".{out.name}.old-{os.getpid()}")
            os.rename(out, old)
        os.rename(staged, out)
    except OSError as exc:
        if old is not None and not out.exists():
            os.rename(old, out)
        raise GeomillError(f"cannot put the run in place at {out}: {exc.strerror or exc}") from None
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
