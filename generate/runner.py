"""Runs of many problems: fixed-size shards by index range, written atomically,
computed by a fork pool, resumable, with splits that share no solution.

Layout of an output folder::

    DIR/manifest.json                 knobs, counts, rejections and failures per part
    DIR/<part>/shard-00000.jsonl      records <part>-0000000 … (complete or absent)
    DIR/<part>/shard-00000.meta.json  that shard's tally (written just before the shard)
    DIR/<part>/images/<id>.png
    DIR/<part>/images/<id>.labels.json   (the figure's labels, see render.attribution.figure_labels)

A shard's content depends only on (seed, part, index range, the solutions of
earlier parts of other splits), so 1 or 16 workers write the same bytes, and a
killed run picks up at the first missing shard.
"""
from __future__ import annotations

import gc
import json
import multiprocessing as mp
import os
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from geomill.engine.errors import Span
from geomill.engine.jsontext import JSONInputError, loads, read_json_file

from .config import GENERATOR_VERSION, SCHEMA, GenConfig
from .files import write_bytes, write_text
from .pipeline import Tally, make_record

SHARD_SIZE = 100
SPLIT_ORDER = {"test": 0, "validation": 1, "train": 2}


@dataclass(frozen=True)
class Part:
    """A named set of problems: ``n`` problems of one ``split`` with one config."""

    name: str
    split: str
    n: int
    config: GenConfig

    def as_dict(self) -> dict:
        return {"name": self.name, "split": self.split, "n": self.n, "config": self.config.as_dict()}


def shard_path(out: Path, part: str, shard: int) -> Path:
    return out / part / f"shard-{shard:05d}.jsonl"


def n_shards(n: int, size: int) -> int:
    return (n + size - 1) // size


def dumps(record: dict) -> str:
    return json.dumps(record, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


# -- the worker side ---------------------------------------------------------------------------------

_JOB: dict = {}  # set before forking: the part, seed, exclusions (inherited, not pickled per task)


def _work(shard: int) -> tuple[int, int, dict]:
    return _work_with(_JOB, shard)


def _work_with(job: dict, shard: int) -> tuple[int, int, dict]:
    part: Part = job["part"]
    out: Path = job["out"]
    size = job["shard_size"]
    lo, hi = shard * size, min(part.n, (shard + 1) * size)
    tally = Tally()
    lines = []
    own = getattr(part.config, "make_record", None)  # a config of another record family brings its maker
    for index in range(lo, hi):
        maker = own or partial(make_record, part.config)
        record, files = maker(job["seed"], part.name, index, tally, job["exclude"])
        for rel, data in files.items():  # an image is only trusted once its shard is written (and synced) after it
            write_bytes(out / part.name / rel, data, durable=False)
        lines.append(dumps(record))
    write_text(shard_path(out, part.name, shard).with_suffix(".meta.json"), json.dumps(tally.as_dict(), sort_keys=True))
    write_text(shard_path(out, part.name, shard), "\n".join(lines) + "\n")
    if _POOL_WORKER:
        gc.collect(1)
        gc.freeze()  # what the shard built to last (rules, caches, the renderer) joins the frozen heap
    return shard, hi - lo, tally.as_dict()


_POOL_WORKER = False


def _pool_worker() -> None:
    """A pool worker's collector: the heap it inherits (modules, and later what its first shard builds
    to last) is frozen out of the collector's sight, and young objects are collected less often.
    Full collections otherwise walk that heap again and again (measured: 1.4 ms of a 42 ms problem
    with its figure, 0.2 ms so).  Only in the pool's own processes: the caller's are left as they are."""
    global _POOL_WORKER
    _POOL_WORKER = True
    gc.freeze()
    gc.set_threshold(50_000, 50, 100)


# -- the driver ----------------------------------------------------------------------------------------


def read_records(out: Path, part: str) -> Iterable[dict]:
    for path in sorted((out / part).glob("shard-*.jsonl")):
        with open(path, encoding="utf-8", errors="replace") as fh:
            for number, line in enumerate(fh, 1):
                if line.strip():
                    record = loads(line, str(path), number)
                    if not isinstance(record, dict):
                        raise JSONInputError("a record is a JSON object", Span(number, 1), str(path))
                    yield record


def _hashes(out: Path, part: str) -> set[str]:
    return {r["solution_hash"] for r in read_records(out, part)}


def run(out: str | os.PathLike, parts: list[Part], seed: int | str = 0, workers: int = 1,
        shard_size: int = SHARD_SIZE, progress: bool = True, use_ray: bool = False) -> dict:
    """Generate every part (tests first, then validation, then train), resuming what exists.

    ``use_ray``: shards run as Ray tasks (``ray.init()`` joins the cluster ``RAY_ADDRESS`` names,
    or starts a local one); ``out`` must then be a folder every node sees. The bytes written are
    the same as a local run's. Returns the manifest (also written to ``DIR/manifest.json``)."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    parts = sorted(parts, key=lambda p: SPLIT_ORDER.get(p.split, 3))  # stable: presets keep their order
    _check_manifest(out, parts, seed, shard_size)
    manifest = {"schema": SCHEMA, "generator": GENERATOR_VERSION, "seed": seed, "shard_size": shard_size,
                "parts": [p.as_dict() for p in parts], "results": {}}
    write_text(out / "manifest.json", json.dumps(manifest, indent=1, sort_keys=True))
    done_parts: list[Part] = []
    total = sum(p.n for p in parts)
    bar = _bar(total, progress)
    for part in parts:
        exclude: set[str] = set()
        for earlier in done_parts:
            if earlier.split != part.split:
                exclude |= _hashes(out, earlier.name)
        tally = Tally()
        count = 0
        pending = []
        for shard in range(n_shards(part.n, shard_size)):
            path = shard_path(out, part.name, shard)
            if path.exists():
                meta = path.with_suffix(".meta.json")
                if meta.exists():
                    tally.merge(Tally.from_dict(_manifest_like(meta)))
                k = min(part.n, (shard + 1) * shard_size) - shard * shard_size
                count += k
                bar.update(k)
            else:
                pending.append(shard)
        _JOB.update(part=part, out=out, seed=seed, exclude=frozenset(exclude), shard_size=shard_size)
        (out / part.name / "images").mkdir(parents=True, exist_ok=True)
        for _shard, k, t in (_map_ray(dict(_JOB), pending) if use_ray else _map(_work, pending, workers)):
            tally.merge(Tally.from_dict(t))
            count += k
            bar.update(k)
        manifest["results"][part.name] = {"records": count, **tally.as_dict()}
        write_text(out / "manifest.json", json.dumps(manifest, indent=1, sort_keys=True))
        done_parts.append(part)
    bar.close()
    return manifest


def _map(fn, items: list[int], workers: int):
    if workers <= 1 or len(items) <= 1:
        for it in items:
            yield fn(it)
        return
    ctx = mp.get_context("fork")
    with ctx.Pool(min(workers, len(items)), initializer=_pool_worker) as pool:
        yield from pool.imap_unordered(fn, items)


def _map_ray(job: dict, shards: list[int]):
    """Each shard a Ray task (one CPU); results in completion order, like the local pool's."""
    import ray

    if not ray.is_initialized():
        ray.init()
    task = ray.remote(num_cpus=1)(_work_with)
    job_ref = ray.put(job)
    pending = [task.remote(job_ref, shard) for shard in shards]
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        yield ray.get(done[0])


def _manifest_like(path: Path) -> dict:
    """A JSON object written by an earlier run (a manifest, a shard's tally); anything else is an error naming it."""
    data = read_json_file(path)
    if not isinstance(data, dict):
        raise JSONInputError("not written by geomill generate (not a JSON object); use a new --out folder",
                             file=str(path))
    return data


def _check_manifest(out: Path, parts: list[Part], seed, shard_size: int) -> None:
    """Refuse to resume into a folder made with other settings (it would mix problems)."""
    path = out / "manifest.json"
    if not path.exists():
        return
    old = _manifest_like(path)
    same = (old.get("seed") == seed and old.get("shard_size") == shard_size
            and old.get("parts") == json.loads(json.dumps([p.as_dict() for p in parts])))
    if not same:
        from geomill.engine.errors import GeomillError
        raise GeomillError(f"{out} holds a run with other settings; use a new --out folder")


class _NoBar:
    def update(self, n: int) -> None:
        pass

    def close(self) -> None:
        pass


def _bar(total: int, progress: bool):
    if not progress:
        return _NoBar()
    from tqdm import tqdm
    return tqdm(total=total, unit="problem", file=sys.stderr, smoothing=0.05)
