"""Label placement alone: ``render.compose.compose`` on exactly what the generator composes.

    python bench/bench_compose.py [-n 150] [--repeat 3] [--annotation individual] [--profile]
                                  [--out digest.json | --against digest.json]
    python bench/bench_compose.py --duel OLD [--repeat 9]    # OLD: a git ref or a checkout's path
    python bench/bench_compose.py --instructions OLD         # the same, counted by valgrind (minutes)

The cases are the (scene, annotation) pairs that ``make_record`` hands to ``compose`` (with
``fail_fast``, as the generator does) for ``-n`` depth-3 problems drawn as ``bench/duel.py``
draws them (seed 7, part "duel"); refused figures count too, since the generator pays for
them.  They are collected once (not timed), then each is composed ``--repeat`` times from a
fresh copy of its annotation (``compose`` may move values to the text); the best of the
repeats counts (CPU time: this machine is shared), per annotation style.  ``--out`` and
``--against`` keep or compare a digest of every composed drawing's labels and verdicts (a
quicker check than ``figure_digest.py``).

``--duel OLD``: this checkout's compose against OLD's on the same cases, each version in its own
process (as ``bench/duel.py`` runs them: this machine's speed drifts more than a change worth
measuring), the two taking turns at whole passes over the cases, ``--repeat`` passes each; prints
the best pass of each and the median ratio of the turns.

``--instructions OLD``: the instructions (valgrind's callgrind) one warm pass over the cases costs,
this checkout's compose against OLD's: a count that does not drift with the machine's load, for
changes of a few per cent that timings here cannot resolve (an A/A pair of timed passes differs by
up to 7 %).  The cases are collected once, here, and pickled (so OLD must take the same inputs);
each version runs them once and twice under callgrind, and the difference is one warm pass.
"""
from __future__ import annotations

import argparse
import contextlib
import copy
import cProfile
import hashlib
import json
import os
import pstats
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def collect(n: int, seed: str = "7", part: str = "duel", annotation: str = "coordinate") -> list:
    """(scene, annotation, style, text_size, judged) of every compose call the generator makes for n problems."""
    import geomill.render.compose as compose_module
    from geomill.generate.geomverse.config import GenConfig
    from geomill.generate.geomverse.pipeline import make_record
    from geomill.generate.shared import Tally

    cases = []
    real = compose_module.compose

    def spy(scene, annotation, style, text_size, fail_fast=False, judged=None):
        cases.append((scene, copy.deepcopy(annotation), style, text_size, judged))
        return real(scene, annotation, style, text_size, fail_fast, judged)
    compose_module.compose = spy
    try:
        cfg, tally = GenConfig(depth=3, images=True, annotation=annotation), Tally()
        for i in range(n):
            make_record(cfg, seed, part, i, tally)
    finally:
        compose_module.compose = real
    return cases


def digest(d) -> list:
    return [[(lab.text, lab.element, round(lab.x, 3), round(lab.y, 3), lab.conflicts, lab.font_size,
              None if lab.leader is None else [round(float(v), 3) for v in lab.leader.ravel()]) for lab in d.labels],
            sorted(lab.element for lab in d.misread), list(d.faults)]


@contextlib.contextmanager
def _imported(checkout: Path):
    """``checkout``'s ``compose``, imported as ``geomill.*`` from a scratch folder of links (``bench/duel.py``'s)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import duel as referee

    with tempfile.TemporaryDirectory(prefix="geomill-compose-") as scratch:
        root, prefix = referee._import_root(checkout, Path(scratch))
        assert prefix == "geomill.", "a version whose packages install as geomill.* is needed"
        sys.path.insert(0, str(root))
        from geomill.render.compose import compose

        assert Path(sys.modules[compose.__module__].__file__).resolve().is_relative_to(checkout.resolve())
        yield compose


def _worker(checkout: Path, n: int, annotation: str) -> None:
    """Serve turns for ``--duel``: each line on stdin -> one timed pass over the cases (CPU ms a compose)."""
    with _imported(checkout) as compose:
        cases = collect(n, annotation=annotation)
        print("ready", flush=True)
        for _ in sys.stdin:
            fresh = [copy.deepcopy(ann) for _, ann, *_ in cases]
            t = time.process_time()
            for (scene, _, style, ts, judged), ann in zip(cases, fresh):
                compose(scene, ann, style, ts, fail_fast=True, judged=judged)
            print((time.process_time() - t) * 1000 / len(cases), flush=True)


def _duel(old_ref: str, args: argparse.Namespace) -> None:
    """This checkout against ``old_ref``, taking turns (see the module docstring)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import duel as referee

    with tempfile.TemporaryDirectory(prefix="geomill-compose-") as scratch:
        old = referee._checkout(old_ref, Path(scratch))
        try:
            procs = {}
            for name, path in (("old", old), ("new", HERE)):
                cmd = [sys.executable, __file__, "--worker", str(path), "-n", str(args.n),
                       "--annotation", args.annotation]
                procs[name] = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                               env={**os.environ, "MPLBACKEND": "Agg"})
                if procs[name].stdout.readline().strip() != "ready":
                    raise SystemExit(f"the worker for {path} did not start")
            ms: dict[str, list[float]] = {"old": [], "new": []}
            for k in range(args.repeat):
                for name in ("new", "old") if k % 2 else ("old", "new"):
                    procs[name].stdin.write("go\n")
                    procs[name].stdin.flush()
                    ms[name].append(float(procs[name].stdout.readline()))
            for p in procs.values():
                p.stdin.close()
                p.wait()
        finally:
            if old != Path(old_ref):
                subprocess.run(["git", "-C", str(HERE), "worktree", "remove", "--force", str(old)], capture_output=True)
    o, n = ms["old"], ms["new"]
    print(f"compose, {args.annotation}, {args.n} problems, {args.repeat} turns each: old {min(o):.2f} ms, "
          f"new {min(n):.2f} ms a compose (best turn); new/old {min(n) / min(o):.3f} "
          f"(median of the turns' ratios {statistics.median(b / a for a, b in zip(o, n)):.3f})")


def _counted(checkout: Path, cases_file: Path, passes: int) -> None:
    """Serve ``--instructions``: compose the pickled cases ``passes`` times with ``checkout``'s code."""
    import pickle

    with _imported(checkout) as compose:
        from geomill.render.draw import Renderer

        cases = pickle.loads(cases_file.read_bytes())
        renderer = Renderer(size=cases[0][2].size)
        assert renderer.style == cases[0][2], "the cases were drawn in another style than the renderer's"
        for _ in range(passes):
            for scene, ann, style, judged in cases:
                compose(scene, copy.deepcopy(ann), style, renderer.text_size, fail_fast=True, judged=judged)


def _instructions(old_ref: str, args: argparse.Namespace) -> None:
    """This checkout against ``old_ref`` in instructions a warm pass (see the module docstring)."""
    import pickle
    import re
    import shutil

    if shutil.which("valgrind") is None:
        raise SystemExit("bench_compose: --instructions needs valgrind on the PATH")
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import duel as referee

    collected = collect(args.n, annotation=args.annotation)
    cases = [(scene, ann, style, judged) for scene, ann, style, _, judged in collected]  # (text_size: not pickled)
    with tempfile.TemporaryDirectory(prefix="geomill-compose-") as scratch:
        cases_file = Path(scratch) / "cases.pkl"
        cases_file.write_bytes(pickle.dumps(cases))
        old = referee._checkout(old_ref, Path(scratch))
        try:
            runs = {}
            for name, path in (("old", old), ("new", HERE)):
                for passes in (1, 2):
                    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, __file__,
                           "--counted", str(path), "--cases", str(cases_file), "--passes", str(passes)]
                    runs[name, passes] = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                                          text=True, env={**os.environ, "MPLBACKEND": "Agg"})
            refs = {}
            for key, proc in runs.items():
                err = proc.communicate()[1]
                found = re.search(r"I\s+refs:\s+([\d,]+)", err)
                if proc.returncode or found is None:
                    raise SystemExit(f"bench_compose: the counted run {key} failed:\n{err[-2000:]}")
                refs[key] = int(found.group(1).replace(",", ""))
        finally:
            if old != Path(old_ref):
                subprocess.run(["git", "-C", str(HERE), "worktree", "remove", "--force", str(old)], capture_output=True)
    o, n = (refs[name, 2] - refs[name, 1] for name in ("old", "new"))
    k = len(cases)
    print(f"compose, {args.annotation}, {args.n} problems ({k} composes), one warm pass: old {o / k / 1e6:.2f}, "
          f"new {n / k / 1e6:.2f} M instructions a compose; new/old {n / o:.4f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=150)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--annotation", default="coordinate", choices=["coordinate", "individual"],
                    help="the generator's annotation style (bench/duel.py's problems are coordinate)")
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
    args = ap.parse_args()
    if args.worker:
        return _worker(Path(args.worker), args.n, args.annotation)
    if args.counted:
        return _counted(Path(args.counted), Path(args.cases), args.passes)
    if args.instructions:
        return _instructions(args.instructions, args)
    if args.duel:
        return _duel(args.duel, args)
    from geomill.render.compose import compose

    print(f"(render from {Path(sys.modules[compose.__module__].__file__).parent})", file=sys.stderr)
    cases = collect(args.n, annotation=args.annotation)
    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        for scene, ann, style, ts, judged in cases:
            compose(scene, copy.deepcopy(ann), style, ts, fail_fast=True, judged=judged)
        prof.disable()
        pstats.Stats(prof).sort_stats(args.sort).print_stats(60)
        return
    best = [float("inf")] * len(cases)
    got = []
    for r in range(args.repeat):
        for i, (scene, ann, style, ts, judged) in enumerate(cases):
            a = copy.deepcopy(ann)
            t = time.process_time()
            d = compose(scene, a, style, ts, fail_fast=True, judged=judged)
            best[i] = min(best[i], time.process_time() - t)
            if r == 0:
                got.append(hashlib.sha256(json.dumps(digest(d), default=str).encode()).hexdigest())
    by_style: dict[str, list[float]] = {}
    for (_scene, ann, *_), t in zip(cases, best):
        by_style.setdefault(ann.style, []).append(t)
    total = sum(best) * 1000
    print(f"{len(cases)} composes ({args.n} problems): {total / len(cases):.2f} ms each, "
          + ", ".join(f"{s} {sum(v) * 1000 / len(v):.2f} ms ({len(v)})" for s, v in sorted(by_style.items())))
    if args.out:
        Path(args.out).write_text(json.dumps(got), encoding="utf-8")
    if args.against:
        old = json.loads(Path(args.against).read_text(encoding="utf-8"))
        differ = [i for i, (a, b) in enumerate(zip(old, got)) if a != b]
        print(f"drawings: {len(differ)} of {min(len(old), len(got))} differ" + (f" ({differ[:10]})" if differ else ""))


if __name__ == "__main__":
    main()
