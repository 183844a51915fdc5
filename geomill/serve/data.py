"""The dataset page's reading: folders under the served root, their records a page at a time.

Only files under the root are read (``geomill.dataset.served``: every path resolved, symbolic
links followed, and refused unless it stays inside).  A page of records reads only the shards it needs
(a part's shards hold ``shard_size`` records each, the writer's contract); filters use an index
of each record's facets, built once per folder in a background thread.
"""
from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from geomill.dataset.served import Refused, Root
from geomill.engine.errors import GeomillError

__all__ = ["Folder", "Refused", "Root", "Run", "family"]

MAX_PAGE = 200  # records per page
SHOWN = ("id", "part", "question", "question_text_only", "answer", "exact", "exact_form", "answer_type",
         "solution", "solution_latex", "depth", "width", "knobs", "task", "options", "response_type", "dsl",
         "rules", "steps", "claim")
FACETS = ("part", "depth", "family", "task")


def family(rule: str) -> str:
    """A theorem family: what a proof rule names before its colon (a GeomVerse rule is
    ``kind: rule``; a textbook one is its theorem's key)."""
    return rule.split(":", 1)[0].strip()


@dataclass
class PartView:
    name: str
    folder: Path
    shards: list[Path]
    per_shard: int
    n: int


@dataclass
class Folder:
    """One dataset folder: its parts, their records by position, and (once built) the facet index."""

    root: Root
    path: Path
    parts: list[PartView] = field(default_factory=list)
    index: list[tuple[int, int, dict]] | None = None  # (part, position, facets) of every record
    indexed: int = 0
    index_error: str | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _thread: threading.Thread | None = None

    @classmethod
    def open(cls, root: Root, rel: str) -> Folder:
        from geomill.dataset.folder import open_dataset

        path = root.inside(rel)
        ds = open_dataset(path, command="geomill serve")
        shard_size = ds.manifest.shard_size if ds.manifest else 0
        results = ds.manifest.results if ds.manifest else {}
        parts = []
        for p in ds.parts:
            folder = root.inside(root.rel(p.folder)) if p.folder else path
            shards = root.matching(folder, "shard-*.jsonl")
            written = results.get(p.name, {}).get("records") if isinstance(results.get(p.name), dict) else None
            if not shard_size or not isinstance(written, int):  # no manifest to trust: count the lines
                counts = [len(root.lines(s)) for s in shards]
                per, n = (max(counts) if counts else 1), sum(counts)
                if len(set(counts[:-1])) > 1:
                    raise Refused(f"{root.rel(folder)}: shards of unequal sizes")
            else:
                per, n = shard_size, written
            parts.append(PartView(p.name, folder, shards, max(per, 1), n))
        return cls(root, path, parts)

    @property
    def total(self) -> int:
        return sum(p.n for p in self.parts)

    def _records(self, wanted: list[tuple[int, int]]) -> list[dict]:
        """The records at these (part, position) places, reading each shard needed once."""
        out: list[dict] = []
        cache: dict[Path, list[bytes]] = {}
        for pi, pos in wanted:
            part = self.parts[pi]
            shard_i, line_i = divmod(pos, part.per_shard)
            if shard_i >= len(part.shards):
                continue
            shard = part.shards[shard_i]
            if shard not in cache:
                cache[shard] = self.root.lines(shard)
            lines = cache[shard]
            if line_i < len(lines):
                rec = _json(lines[line_i])
                out.append(self._view(part, rec) if rec else  # one bad line spoils only its own record
                           {"id": f"{shard.name}:{line_i + 1}", "part": part.name,
                            "question": "(this line of the shard is not a JSON record)"})
        return out

    def _view(self, part: PartView, rec: dict) -> dict:
        view = {k: rec[k] for k in SHOWN if k in rec}
        view["id"] = str(view.get("id", ""))
        view.setdefault("part", part.name)
        image = rec.get("image")
        if isinstance(image, str):
            try:
                view["image"] = self.root.rel(self.root.inside(self.root.rel(part.folder) + "/" + image))
            except Refused:
                view["image"] = None
        rules = rec.get("rules") if isinstance(rec.get("rules"), list) else []
        view["families"] = sorted({family(r) for r in rules if isinstance(r, str)})
        return view

    def page(self, offset: int, limit: int, filters: dict[str, str]) -> dict:
        limit = max(1, min(limit, MAX_PAGE))
        offset = max(0, offset)
        active = {k: v for k, v in filters.items() if k in FACETS and v not in ("", None)}
        parts = [i for i, p in enumerate(self.parts) if active.get("part") in (None, p.name)]
        if set(active) <= {"part"}:  # no facet needs the index: positions follow from the shards
            total = sum(self.parts[i].n for i in parts)
            wanted, skip = [], offset
            for i in parts:
                n = self.parts[i].n
                if skip >= n:
                    skip -= n
                    continue
                take = min(n - skip, limit - len(wanted))
                wanted += [(i, skip + k) for k in range(take)]
                skip = 0
                if len(wanted) >= limit:
                    break
            return {"total": total, "offset": offset, "records": self._records(wanted)}
        if self.index_error:
            raise GeomillError(self.index_error)
        if self.index is None:
            self.start_index()
            return {"indexing": True, "done": self.indexed, "of": self.total}
        hits = [(pi, pos) for pi, pos, f in self.index if pi in parts and _matches(f, active)]
        return {"total": len(hits), "offset": offset, "records": self._records(hits[offset:offset + limit])}

    def facets(self) -> dict[str, Any]:
        """Each facet's values (the parts at once; the rest once the index is built)."""
        out: dict[str, Any] = {"part": [p.name for p in self.parts], "total": self.total}
        if self.index is None:
            if not self.index_error:
                self.start_index()
                out["indexing"] = {"done": self.indexed, "of": self.total}
            return out
        for name in ("depth", "family", "task"):
            values = {v for _, _, f in self.index for v in (f[name] if name == "family" else [f[name]])
                      if v is not None}
            out[name] = sorted(values, key=lambda v: (isinstance(v, str), v))
        return out

    def start_index(self) -> None:
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._build_index, daemon=True, name="facet-index")
                self._thread.start()

    def _build_index(self) -> None:
        index: list[tuple[int, int, dict]] = []
        try:
            for pi, part in enumerate(self.parts):
                pos = 0
                for shard in part.shards:
                    for line in self.root.lines(shard):
                        index.append((pi, pos, _facets(line)))
                        pos += 1
                        self.indexed += 1
        except (OSError, Refused) as exc:  # a shard gone or grown meanwhile: filters say so
            self.index_error = f"the folder could not be indexed: {exc}"
            return
        self.index = index


def _facets(line: bytes) -> dict:
    rec = _json(line)
    depth, task, rules = rec.get("depth"), rec.get("task"), rec.get("rules")
    return {"depth": depth if isinstance(depth, int) else None, "task": task if isinstance(task, str) else None,
            "family": sorted({family(x) for x in rules if isinstance(x, str)}) if isinstance(rules, list) else []}


def _matches(f: dict, active: dict[str, str]) -> bool:
    for name, want in active.items():
        if name == "depth" and str(f["depth"]) != want:
            return False
        if name == "task" and f["task"] != want:
            return False
        if name == "family" and want not in f["family"]:
            return False
    return True


@dataclass
class Run:
    """An evaluation run: the responses (``geomill eval``'s responses.jsonl) and grades (``geomill
    grade``'s graded.jsonl, in the run's folder or one below it) by record id."""

    root: Root
    path: Path
    responses: dict[str, str] = field(default_factory=dict)
    grades: dict[str, dict] = field(default_factory=dict)

    @classmethod
    def open(cls, root: Root, rel: str) -> Run:
        path = root.inside(rel)
        run = cls(root, path)
        answers = path / "responses.jsonl"
        if answers.is_file():
            for line in root.lines(answers):
                row = _json(line)
                if isinstance(row.get("id"), str):
                    text = row.get("response") if isinstance(row.get("response"), str) else row.get("raw_response")
                    run.responses[row["id"]] = text if isinstance(text, str) else ""
        for graded in [*root.matching(path, "graded.jsonl"), *root.matching(path, "*/graded.jsonl")]:
            if graded.is_file():
                for line in root.lines(graded):
                    row = _json(line)
                    if isinstance(row.get("id"), str):
                        run.grades[row["id"]] = row
                break
        return run

    def of(self, rid: str) -> dict | None:
        if rid not in self.responses and rid not in self.grades:
            return None
        return {"response": self.responses.get(rid), "grade": self.grades.get(rid)}


def _json(line: bytes) -> dict:
    try:
        row = json.loads(line)
    except ValueError:
        return {}
    return row if isinstance(row, dict) else {}
