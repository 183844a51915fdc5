"""Two versions' worker processes measured against each other: the part of ``bench_compose.py`` and
``bench_layout.py`` that is the same for both (``bench/duel.py`` does the same for whole records).

``take_turns``: each worker answers a line on stdin with one timed pass (ms) on stdout, after a
"ready" line; the two take turns, the first alternating, so both see the machine's drift alike.
``count_instructions``: each command run under valgrind's callgrind, one at a time (the cores are
shared), with string hashes seeded (a run's dict and set orders, hence its work, stay the same),
and the instructions it executed.  ``profile`` and ``keep_or_compare``: a bench's ``--profile`` and
its ``--out`` / ``--against`` digests.
"""
from __future__ import annotations

import argparse
import contextlib
import cProfile
import importlib
import json
import os
import pstats
import re
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

WORKER_ENV = {"MPLBACKEND": "Agg"}


def take_turns(cmds: dict[str, list[str]], repeat: int) -> dict[str, list[float]]:
    """``repeat`` timed passes of each command's worker, the workers taking turns (old first, then new
    first, ...): the ms each reported, by name."""
    procs = {}
    try:
        for name, cmd in cmds.items():
            procs[name] = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                           env={**os.environ, **WORKER_ENV})
            if procs[name].stdout.readline().strip() != "ready":
                raise SystemExit(f"the worker {name} ({' '.join(cmd)}) did not start")
        names = list(cmds)
        ms: dict[str, list[float]] = {name: [] for name in names}
        for k in range(repeat):
            for name in (names[::-1] if k % 2 else names):
                procs[name].stdin.write("go\n")
                procs[name].stdin.flush()
                ms[name].append(float(procs[name].stdout.readline()))
    finally:
        for p in procs.values():
            p.stdin.close()
            p.wait()
    return ms


def ratio_line(what: str, ms: dict[str, list[float]], unit: str) -> str:
    """The best turn of each version and their ratio, and the median of the turns' ratios."""
    o, n = ms["old"], ms["new"]
    return (f"{what}: old {min(o):.3f} ms, new {min(n):.3f} ms {unit} (best turn); new/old {min(n) / min(o):.3f} "
            f"(median of the turns' ratios {statistics.median(b / a for a, b in zip(o, n)):.3f})")


def count_instructions(cmds: dict, tool: str) -> dict:
    """The instructions each command (by key) executed under callgrind; ``tool`` names the caller in errors."""
    refs = {}
    for key, cmd in cmds.items():
        proc = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                              env={**os.environ, **WORKER_ENV, "PYTHONHASHSEED": "0"})
        found = re.search(r"I\s+refs:\s+([\d,]+)", proc.stderr)
        if proc.returncode or found is None:
            raise SystemExit(f"{tool}: the counted run {key} failed:\n{proc.stderr[-2000:]}")
        refs[key] = int(found.group(1).replace(",", ""))
    return refs


def warm_pass(script: str, old_ref: str, here: Path, cases: bytes, tool: str) -> tuple[int, int]:
    """The instructions one warm pass over the cases (``cases``: the file ``script``'s workers read)
    costs ``old_ref`` and this checkout (``here``): ``script``'s ``--counted PATH --cases FILE --passes P``
    run once and twice under callgrind, the difference."""
    import shutil

    if shutil.which("valgrind") is None:
        raise SystemExit(f"{tool}: --instructions needs valgrind on the PATH")
    with tempfile.TemporaryDirectory(prefix="geomill-cases-") as scratch, old_checkout(old_ref, here) as old:
        cases_file = Path(scratch) / "cases"
        cases_file.write_bytes(cases)
        versions = {"old": old, "new": here}
        refs = count_instructions({(name, passes): [sys.executable, script, "--counted", str(path), "--cases",
                                                    str(cases_file), "--passes", str(passes)]
                                   for name, path in versions.items() for passes in (1, 2)}, tool)
    return refs["old", 2] - refs["old", 1], refs["new", 2] - refs["new", 1]


@contextlib.contextmanager
def old_checkout(old_ref: str, here: Path):
    """``old_ref`` as a checkout of the repository at ``here`` (``bench/duel.py``'s: a git worktree,
    removed after), or the checkout's path as given."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import duel as referee

    with tempfile.TemporaryDirectory(prefix="geomill-old-") as scratch:
        old = referee._checkout(old_ref, Path(scratch))
        try:
            yield old
        finally:
            if old != Path(old_ref):
                subprocess.run(["git", "-C", str(here), "worktree", "remove", "--force", str(old)], capture_output=True)


@contextlib.contextmanager
def imported(checkout: Path, module: str):
    """``checkout``'s ``module`` (``geomill.render.layout``), imported as ``geomill.*`` from a scratch
    folder of links (``bench/duel.py``'s), for a worker that runs one version's code."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import duel as referee

    with tempfile.TemporaryDirectory(prefix="geomill-import-") as scratch:
        root, prefix = referee._import_root(checkout, Path(scratch))
        assert prefix == "geomill.", "a version whose packages install as geomill.* is needed"
        sys.path.insert(0, str(root))
        got = importlib.import_module(module)
        assert Path(got.__file__).resolve().is_relative_to(checkout.resolve()), got.__file__
        yield got


def add_arguments(ap: argparse.ArgumentParser) -> None:
    """The options a stage's bench shares: the cases, timing, digests, ``--duel``, ``--instructions``
    and the hidden ones its workers are started with."""
    ap.add_argument("-n", type=int, default=150)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--profile", action="store_true", help="print a cProfile of one pass instead of timing")
    ap.add_argument("--sort", default="cumulative", help="the profile's order (cumulative, tottime)")
    ap.add_argument("--out")
    ap.add_argument("--against")
    ap.add_argument("--duel", metavar="OLD", help="time against OLD (a git ref or a checkout), taking turns")
    ap.add_argument("--instructions", metavar="OLD", help="count instructions against OLD (valgrind; minutes)")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--counted", help=argparse.SUPPRESS)
    ap.add_argument("--cases", help=argparse.SUPPRESS)
    ap.add_argument("--passes", type=int, default=1, help=argparse.SUPPRESS)


def profile(one_pass: Callable[[], None], sort: str) -> None:
    """``--profile``: a cProfile of one pass over the cases, its 60 costliest functions in ``sort`` order."""
    prof = cProfile.Profile()
    prof.enable()
    one_pass()
    prof.disable()
    pstats.Stats(prof).sort_stats(sort).print_stats(60)


def keep_or_compare(got: list[str], out: str | None, against: str | None, what: str) -> None:
    """``--out`` keeps a pass's digests (one per case, in order); ``--against`` says how many of them differ
    from digests kept before (the first few by index), and whether the number of cases changed."""
    if out:
        Path(out).write_text(json.dumps(got), encoding="utf-8")
    if against:
        old = json.loads(Path(against).read_text(encoding="utf-8"))
        differ = [i for i, (a, b) in enumerate(zip(old, got)) if a != b]
        print(f"{what}: {len(differ)} of {min(len(old), len(got))} differ" + (f" ({differ[:10]})" if differ else "")
              + ("" if len(old) == len(got) else f"; {len(old)} cases then, {len(got)} now"))
