"""Runs of many problems: fixed-size shards by index range, written atomically,
computed by a fork pool, resumable, with splits that share no solution. What GeomVerse
generation and the perception sets share: a part's config brings its own record maker.

The folder's layout is ``geomill.dataset.folder``'s, and only it writes there. A shard's
content depends only on (seed, part, index range, the solutions of earlier parts of other
splits), so 1 or 16 workers write the same bytes, and a
killed run picks up at the first missing shard.
"""
from __future__ import annotations

import gc
import json
import multiprocessing as mp
import os
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path

from geomill.dataset.folder import (
    n_shards,
    prepare_part,
    read_manifest,
    read_records,
    read_shard_meta,
    shard_path,
    write_manifest,
    write_part_files,
    write_shard,
)
from geomill.dataset.records import Manifest, Part, Record
from geomill.engine.errors import GeomillError

from .geomverse.config import GENERATOR_VERSION, SCHEMA
from .geomverse.pipeline import make_record
from .shared import Tally

SHARD_SIZE = 100
SPLIT_ORDER = {"test": 0, "validation": 1, "train": 2}


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
    records = []
    own = getattr(part.config, "make_record", None)  # a config of another record family brings its maker
    tick = job.get("tick")  # progress per problem: the bar moves as problems are made, not per shard
    # a family that keeps a part distinct (textbook problems) is told this shard's problems so far, as an
    # earlier part's: a repeat is made again (GeomVerse's small spaces may repeat within a part, as the paper's)
    distinct = getattr(part.config, "distinct_within", False)
    exclude = set(job["exclude"]) if distinct else job["exclude"]  # (copied once a shard, then grown)
    for index in range(lo, hi):
        maker = own or partial(make_record, part.config)
        record, files = maker(job["seed"], part.name, index, tally, exclude)
        if distinct and record.get("solution_hash"):
            exclude.add(record["solution_hash"])
        write_part_files(out, part.name, files)  # an image is only trusted once its shard is written after it
        records.append(Record.from_json(record, f"{part.name} #{index}"))
        if tick is not None:
            tick()
    write_shard(out, part.name, shard, records, tally.as_dict())
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


def _hashes(out: Path, part: str) -> set[str]:
    return {r.get("solution_hash") for r in read_records(out, part)}


def run(out: str | os.PathLike, parts: list[Part], seed: int | str = 0, workers: int = 1,
        shard_size: int = SHARD_SIZE, progress: bool = True, use_ray: bool = False) -> Manifest:
    """Generate every part (tests first, then validation, then train), resuming what exists.

    ``use_ray``: shards run as Ray tasks (``ray.init()`` joins the cluster ``RAY_ADDRESS`` names,
    or starts a local one); ``out`` must then be a folder every node sees. The bytes written are
    the same as a local run's. Returns the manifest (also written to ``DIR/manifest.json``)."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    parts = sorted(parts, key=lambda p: SPLIT_ORDER.get(p.split, 3))  # stable: presets keep their order
    _check_manifest(out, parts, seed, shard_size)
    results: dict[str, dict] = {}
    manifest = Manifest(SCHEMA, GENERATOR_VERSION, seed, shard_size, tuple(parts), results)
    write_manifest(out, manifest)
    done_parts: list[Part] = []
    total = sum(p.n for p in parts)
    bar = _bar(total, progress)
    if workers > 1 and not use_ray and any(getattr(p.config, "images", False) for p in parts):
        _import_figures()  # once here, so that the forked workers inherit it (not each on its first problem)
    for part in parts:
        exclude: set[str] = set()
        for earlier in done_parts:
            if earlier.split != part.split:
                exclude |= _hashes(out, earlier.name)
        tally = Tally()
        count = 0
        pending = []
        for shard in range(n_shards(part.n, shard_size)):
            if shard_path(out, part.name, shard).exists():
                meta = read_shard_meta(out, part.name, shard)
                if meta is not None:
                    tally.merge(Tally.from_dict(meta))
                k = min(part.n, (shard + 1) * shard_size) - shard * shard_size
                count += k
                bar.update(k)
            else:
                pending.append(shard)
        _JOB.update(part=part, out=out, seed=seed, exclude=frozenset(exclude), shard_size=shard_size)
        prepare_part(out, part.name)
        shards = _map_ray(dict(_JOB), pending) if use_ray else _map(_work, pending, workers, bar.update)
        for _shard, k, t in shards:
            tally.merge(Tally.from_dict(t))
            count += k
            if use_ray:  # (a Ray task's problems are counted when its shard returns)
                bar.update(k)
        results[part.name] = {"records": count, **tally.as_dict()}
        write_manifest(out, manifest)
        done_parts.append(part)
    bar.close()
    return manifest


def _import_figures() -> None:
    """The figure floor (matplotlib: a second or two to import), when it is installed."""
    try:
        import geomill.render.draw  # noqa: F401
    except ImportError:
        pass


def _map(fn, items: list[int], workers: int, advance: Callable[[int], object]):
    """``fn`` over the shards, in this process or a fork pool; ``advance(k)`` is told of every ``k``
    problems made as they are made (from a pool: a shared counter, read every quarter second)."""
    if workers <= 1 or len(items) <= 1:
        _JOB["tick"] = partial(advance, 1)
        try:
            for it in items:
                yield fn(it)
        finally:
            _JOB.pop("tick", None)
        return
    ctx = mp.get_context("fork")
    made = ctx.Value("q", 0)  # inherited by the forked workers with _JOB
    _JOB["tick"] = partial(_count, made)
    seen = 0
    try:
        with ctx.Pool(min(workers, len(items)), initializer=_pool_worker) as pool:
            results = pool.imap_unordered(fn, items)
            while True:
                try:
                    result = results.next(timeout=0.25)
                except mp.TimeoutError:
                    result = None
                except StopIteration:
                    break
                now = made.value
                advance(now - seen)
                seen = now
                if result is not None:
                    yield result
    finally:
        _JOB.pop("tick", None)
    advance(made.value - seen)


def _count(made) -> None:
    with made.get_lock():
        made.value += 1


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


def _check_manifest(out: Path, parts: list[Part], seed, shard_size: int) -> None:
    """Refuse to resume into a folder made with other settings (it would mix problems)."""
    old = read_manifest(out)
    if old is None:
        return
    same = (old.seed == seed and old.shard_size == shard_size
            and [p.to_json() for p in old.parts] == json.loads(json.dumps([p.to_json() for p in parts])))
    if not same:
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
