"""A batch run's journal: each finished item appended as one JSON line (its figure's bytes in files
beside it), so that a killed run resumes where it stopped (``geomill import formalgeo --records``)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

from .files import write_bytes, write_text
from .jsonl import read_jsonl


def entry_bytes(data: bytes | Path) -> bytes:
    """A journal entry's figure: its bytes, or the file they were set aside in."""
    return data.read_bytes() if isinstance(data, Path) else data


class Journal:
    """A ``--records`` run's entries as each is done: a JSON line each (its figure's bytes in files
    beside it, not in memory), so that a killed run goes on where it stopped.  A journal of other
    options or another source is started afresh."""

    def __init__(self, folder: Path, options: dict):
        self.folder = Path(folder)
        key = json.dumps(options, sort_keys=True, default=str)
        stamp = self.folder / "options.json"
        if self.folder.exists() and (not stamp.is_file() or stamp.read_text(encoding="utf-8") != key):
            shutil.rmtree(self.folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        if not stamp.is_file():
            write_text(stamp, key)
        self._done: dict[str, dict] = {}
        path = self.folder / "entries.jsonl"
        for _, e in read_jsonl(path, policy="skip", whole_lines=True, missing_ok=True):
            self._done[e["where"]] = e  # a line torn by the kill is skipped: that problem is done again
        self._fh = open(path, "a", encoding="utf-8")  # noqa: SIM115 - appended to for the run

    def done(self) -> set[str]:
        return set(self._done)

    def add(self, entry: dict) -> None:
        n = len(self._done)
        for key, suffix in (("png", "png"), ("labels", "labels.json")):
            if entry.get(key) is not None:
                write_bytes(self.folder / f"{n}.{suffix}", entry[key], durable=False)
                entry[key] = f"{n}.{suffix}"
        self._fh.write(json.dumps(entry, ensure_ascii=False, allow_nan=False) + "\n")
        self._fh.flush()
        self._done[entry["where"]] = entry

    def entries(self, order: list[str]) -> list[dict]:
        """The entries of ``order``'s problems, in that order, figures as paths to their files."""
        self._fh.close()
        out = []
        for where in order:
            e = dict(self._done[where])
            for key in ("png", "labels"):
                if e.get(key) is not None:
                    e[key] = self.folder / e[key]
            out.append(e)
        return out
