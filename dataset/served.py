"""A folder served to the browser (``geomill serve --data DIR``): its files, read only inside it.

Every path is resolved (symbolic links followed) and refused unless it stays inside the folder,
and files are size-bounded, so a page can name any path and still read nothing else.
"""
from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from geomill.engine.errors import GeomillError

MAX_FILE = 256 * 1024 * 1024  # bytes: a shard, image or run file larger is refused
MAX_DEPTH = 3  # folder levels searched below the root for datasets and runs
MAX_FOLDERS = 200  # sub-folders looked at in one folder


class Refused(GeomillError):
    """A path outside the served folder, or a file too large to serve."""


@dataclass
class Root:
    """The served folder."""

    path: Path

    def __post_init__(self) -> None:
        self.path = Path(os.path.realpath(self.path))

    def inside(self, rel: str | os.PathLike) -> Path:
        """``rel`` (relative to the root, as a page names it) resolved, refused unless it stays inside."""
        rel = str(rel)
        if "\x00" in rel or len(rel) > 4096:
            raise Refused("not a path")
        return self._checked(self.path / rel.lstrip("/"), rel)

    def _checked(self, path: Path, said: str | None = None) -> Path:
        full = Path(os.path.realpath(path))
        if full != self.path and self.path not in full.parents:
            raise Refused(f"{said or path.name!r} is outside the served folder")
        return full

    def rel(self, path: Path) -> str:
        return path.relative_to(self.path).as_posix() or "."

    def read(self, rel: str | os.PathLike) -> bytes:
        """A file the page names (a figure, a label file)."""
        return self._bytes(self.inside(rel), str(rel))

    def _bytes(self, path: Path, said: str) -> bytes:
        if not path.is_file():
            raise Refused(f"{said}: no such file")
        if path.stat().st_size > MAX_FILE:
            raise Refused(f"{said}: larger than {MAX_FILE:,} bytes")
        return path.read_bytes()

    def lines(self, path: Path) -> list[bytes]:
        """The non-blank lines of a JSON Lines file inside the root."""
        data = self._bytes(self._checked(path), path.name)
        return [ln for ln in data.split(b"\n") if ln.strip()]

    def matching(self, folder: Path, pattern: str) -> list[Path]:
        """The files matching ``pattern`` in ``folder``, sorted, those whose links lead out left out."""
        found = []
        for p in sorted(self._checked(folder).glob(pattern)):
            try:
                found.append(self._checked(p))
            except Refused:
                continue
        return found

    def folders(self) -> dict[str, list[str]]:
        """The datasets (a manifest, or shards) and evaluation runs (responses or grades) under the root."""
        datasets, runs = [], []
        for folder in self._walk(self.path, 0):
            names = {p.name for p in folder.iterdir()}
            if (folder.parent / "manifest.json").is_file() and folder != self.path:
                continue  # a part of the dataset above
            if "manifest.json" in names or any(n.startswith("shard-") and n.endswith(".jsonl") for n in names):
                datasets.append(self.rel(folder))
            graded_only = "responses.jsonl" not in names and (folder.parent / "responses.jsonl").is_file()
            if "responses.jsonl" in names or ("graded.jsonl" in names and not graded_only):
                runs.append(self.rel(folder))  # (grades beside their run's responses belong to that run)
        return {"datasets": sorted(datasets), "runs": sorted(runs)}

    def _walk(self, folder: Path, depth: int) -> Iterator[Path]:
        yield folder
        if depth >= MAX_DEPTH:
            return
        try:
            subs = sorted(p for p in folder.iterdir() if p.is_dir() and not p.name.startswith("."))
        except OSError:
            return
        for sub in subs[:MAX_FOLDERS]:
            try:
                self._checked(sub)  # a link out of the root is not followed
            except Refused:
                continue
            yield from self._walk(sub, depth + 1)
