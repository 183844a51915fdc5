"""``geomill import formalgeo SRC --out DIR --records``: the problems the plane solver proves, as a
dataset folder (``generate.textbook``) that ``geomill stats``, ``lint``, ``eval`` and ``grade`` read."""
from __future__ import annotations

import argparse
import multiprocessing as mp
import os
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
    from tqdm import tqdm

    from geomill.generate.textbook import Options, build_one, read_sources, write_dataset

    source, out = Path(args.source), Path(args.out)
    if not source.exists():
        raise GeomillError(f"no such file or folder: {source}")
    if args.workers < 1 or args.timeout <= 0:
        raise GeomillError("--workers must be at least 1 and --timeout positive")
    if args.no_model:
        raise GeomillError("--records needs each problem's numeric model: drop --no-model")
    opts = Options(images=not args.no_images, image_size=args.image_size, timeout=args.timeout)
    items = list(read_sources(source))[: args.limit]
    job = partial(build_one, opts=opts)
    with _hash_seed("0"), mp.get_context("spawn").Pool(args.workers) as pool:
        entries = list(tqdm(pool.imap(job, items, chunksize=1), total=len(items), desc="records", unit="problem",
                            file=sys.stderr, disable=None))
    report = write_dataset(entries, out, opts)
    left = ", ".join(f"{k}: {v}" for k, v in report["left_out"].items()) or "none"
    print(f"{report['records']} records of {report['problems']} problems in {out}; left out: {left} "
          f"(each listed in {out / 'textbook_report.json'})", file=sys.stderr)
    return 0
