"""``geomill import formalgeo SRC --out DIR --records``: the problems the plane solver proves, as a
dataset folder (``generate.textbook``) that ``geomill stats``, ``lint``, ``eval`` and ``grade`` read."""
from __future__ import annotations

import argparse
import itertools
import os
import shutil
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path

from geomill.engine.errors import GeomillError

from . import flags


def add_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--records", action="store_true",
                   help="write the problems the solver proves (answer equal to FormalGeo's, proof linted) as a "
                        "dataset folder with figures, questions and gold solutions, instead of .geo files; SRC may "
                        "also be .geo files written by this command")
    p.add_argument("--no-images", action="store_true", help="--records: no figures")
    p.add_argument("--image-size", type=flags.IMAGE_SIZE, default=512, help="--records: figure size in pixels")


@contextmanager
def _hash_seed(seed: str) -> Iterator[None]:
    """Workers started meanwhile hash strings with one fixed seed: a proof's order among equal
    choices follows set order, so records are the same bytes on every run (spawned workers only)."""
    old = os.environ.get("PYTHONHASHSEED")
    os.environ["PYTHONHASHSEED"] = seed
    try:
        yield
    finally:
        if old is None:
            del os.environ["PYTHONHASHSEED"]
        else:
            os.environ["PYTHONHASHSEED"] = old


def run_records(args: argparse.Namespace) -> int:
    """The records of every problem the solver proves, journalled as each is done in a staging folder
    beside --out (a killed run resumes from it: the same command again), then written as a dataset
    that replaces --out whole."""
    from tqdm import tqdm

    from geomill.dataset.journal import Journal
    from geomill.dataset.outdir import check_out, staging, swap_in
    from geomill.generate.formalgeo import pool
    from geomill.generate.textbook import Options, build_one, read_sources, write_dataset

    source, out = Path(args.source), Path(args.out)
    if not source.exists():
        raise GeomillError(f"no such file or folder: {source}")
    if args.no_model:
        raise GeomillError("--records needs each problem's numeric model: drop --no-model")
    check_out(out, source, _ours, "part of a dataset this command wrote")
    opts = Options(images=not args.no_images, image_size=args.image_size, timeout=args.timeout)
    items = list(itertools.islice(read_sources(source), args.limit))
    stage = staging(out, "records")
    journal = Journal(stage / "journal", {"source": str(source.resolve()), "limit": args.limit, **opts.__dict__})
    done = journal.done()
    todo = [item for item in items if item[0] not in done]
    job = partial(build_one, opts=opts)
    if todo:
        with _hash_seed("0"), pool("spawn", args.workers) as workers:
            for entry in tqdm(workers.imap(job, todo, chunksize=1), total=len(items), initial=len(items) - len(todo),
                              desc="records", unit="problem", file=sys.stderr, disable=None):
                journal.add(entry)
    entries = journal.entries([where for where, _ in items])
    report = write_dataset(entries, stage / "dataset", opts)
    swap_in(stage / "dataset", out)
    shutil.rmtree(stage, ignore_errors=True)
    left = ", ".join(f"{k}: {v}" for k, v in report["left_out"].items()) or "none"
    print(f"{report['records']} records of {report['problems']} problems in {out}; left out: {left} "
          f"(each listed in {out / 'textbook_report.json'})", file=sys.stderr)
    return 0


def _ours(path: Path) -> bool:
    """What --records writes in --out: a dataset of one part."""
    from geomill.generate.textbook import PART

    return (path.name in ("manifest.json", "textbook_report.json") and path.is_file()) or \
        (path.name == PART and path.is_dir())
