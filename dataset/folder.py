"""A dataset folder on disk, read and written here only.

Layout (``geomill generate`` and ``geomill perceive`` write the same one)::

    DIR/manifest.json                 seed, shard size, parts, and per part counts, rejections, failures
    DIR/<part>/shard-00000.jsonl      records <part>-0000000 … (complete or absent)
    DIR/<part>/shard-00000.meta.json  that shard's tally (written just before the shard)
    DIR/<part>/images/<id>.png
    DIR/<part>/images/<id>.labels.json   (the figure's labels, see render.attribution.figure_labels)

A single part's folder (shards, no manifest) reads as a dataset of one part."""
from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from geomill.engine.errors import GeomillError

from .files import read_bytes, read_json, write_bytes, write_json, write_text
from .jsonl import read_jsonl
from .records import WRITER, Kind, Manifest, Part, Record

MANIFEST = "manifest.json"
KIND_NAMES = {"geomverse": "a GeomVerse folder", "perception": "a perception folder"}


def shard_path(out: Path, part: str, shard: int) -> Path:
    return Path(out) / part / f"shard-{shard:05d}.jsonl"


def n_shards(n: int, size: int) -> int:
    return (n + size - 1) // size


# -- writing ---------------------------------------------------------------------------------------


def record_line(record: Record | Mapping) -> str:
    """A record's shard line: compact, sorted keys, so equal records are equal bytes."""
    data = record.to_json() if isinstance(record, Record) else record
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def write_shard(out: Path, part: str, shard: int, records: Sequence[Record], tally: Mapping) -> None:
    """The shard's tally, then the shard itself (a shard present means its tally and images are)."""
    path = shard_path(out, part, shard)
    write_text(path.with_suffix(".meta.json"), json.dumps(tally, sort_keys=True))
    write_text(path, "".join(record_line(r) + "\n" for r in records))


def write_part_files(out: Path, part: str, files: Mapping[str, bytes]) -> None:
    """A record's images and label sidecars, by their path relative to the part's folder (not synced:
    they are trusted only once the shard after them is written)."""
    for rel, data in files.items():
        write_bytes(Path(out) / part / rel, data, durable=False)


def prepare_part(out: Path, part: str) -> None:
    (Path(out) / part / "images").mkdir(parents=True, exist_ok=True)


def read_shard_meta(out: Path, part: str, shard: int) -> dict | None:
    meta = shard_path(out, part, shard).with_suffix(".meta.json")
    return read_json(meta) if meta.exists() else None


def write_manifest(out: Path, manifest: Manifest) -> None:
    write_json(Path(out) / MANIFEST, manifest.to_json())


def read_manifest(out: Path) -> Manifest | None:
    path = Path(out) / MANIFEST
    if not path.exists():
        return None
    return Manifest.from_json(read_json(path, "manifest"), Path(out), str(path))


# -- reading ---------------------------------------------------------------------------------------


def read_records(out: Path, part: str) -> Iterator[Record]:
    """Every record of a part, in index order; a bad line is a ``file:line:col`` error."""
    for path in sorted((Path(out) / part).glob("shard-*.jsonl")):
        for number, obj in read_jsonl(path):
            yield Record.from_json(obj, f"{path}:{number}")


@dataclass(frozen=True)
class Dataset:
    """A folder written by ``geomill generate`` or ``geomill perceive``: its parts and their records."""

    root: Path
    kind: Kind
    parts: tuple[Part, ...]
    manifest: Manifest | None

    def records(self, part: Part) -> Iterator[Record]:
        return read_records(part.folder.parent, part.folder.name)

    def part(self, name: str) -> Part:
        for p in self.parts:
            if p.name == name:
                return p
        raise GeomillError(f"{self.root}: no part {name!r}; parts: {', '.join(p.name for p in self.parts)}")

    def pick(self, names: str | None, split: str | None) -> list[Part]:
        """Parts by name (comma-separated) or by split; by default the test parts (all if none)."""
        if names:
            wanted = names.split(",")
            for name in wanted:
                self.part(name)
            return [p for p in self.parts if p.name in wanted]
        if split:
            return [p for p in self.parts if p.split == split]
        return [p for p in self.parts if p.split == "test"] or list(self.parts)


def image_path(part: Part, record: Record, sidecar: bool = False) -> Path | None:
    rel = record.labels if sidecar else record.image
    return part.folder / rel if rel else None


def read_image(part: Part, record: Record) -> bytes | None:
    """The record's figure (PNG bytes), or None when it has none."""
    path = image_path(part, record)
    return None if path is None else read_bytes(path)


def open_dataset(path: str | Path, kind: Kind | None = None, command: str = "this command") -> Dataset:
    """The dataset in ``path`` (a folder with a manifest, or one part's folder), checked to be of
    ``kind`` when given; anything else is a one-line error saying what the folder is."""
    root = Path(path)
    if not root.is_dir():
        raise GeomillError(f"{root}: {'no such folder' if not root.exists() else 'not a folder'}; "
                           f"{command} reads a folder written by {_writer(kind)}")
    manifest = read_manifest(root)
    if manifest is not None:
        parts = manifest.parts
        found = manifest.kind
    elif any(root.glob("shard-*.jsonl")):
        first = next(read_records(root.parent, root.name), None)
        found = first.kind if first is not None else (kind or "geomverse")
        parts = (Part(root.name, "test", 0, {"kind": found}, root),)
    else:
        raise GeomillError(f"{root}: not a folder written by geomill generate or geomill perceive "
                           f"(no {MANIFEST}, no shard-*.jsonl); {command} reads one written by {_writer(kind)}")
    if kind is not None and found != kind:
        raise GeomillError(f"{root} is {KIND_NAMES[found]} (written by {WRITER[found]}); "
                           f"{command} reads {KIND_NAMES[kind]} (written by {WRITER[kind]})")
    return Dataset(root, found, parts, manifest)


def _writer(kind: Kind | None) -> str:
    return WRITER[kind] if kind else "geomill generate or geomill perceive"
