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
import copy
import hashlib
import json
import sys
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


def _worker(checkout: Path, n: int, annotation: str) -> None:
    """Serve turns for ``--duel``: each line on stdin -> one timed pass over the cases (CPU ms a compose)."""
    import turns

    with turns.imported(checkout, "geomill.render.compose") as module:
        compose = module.compose
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
    import turns

    with turns.old_checkout(old_ref, HERE) as old:
        ms = turns.take_turns({name: [sys.executable, __file__, "--worker", str(path), "-n", str(args.n),
                                      "--annotation", args.annotation] for name, path in (("old", old), ("new", HERE))},
                              args.repeat)
    print(turns.ratio_line(f"compose, {args.annotation}, {args.n} problems, {args.repeat} turns each", ms, "a compose"))


def _counted(checkout: Path, cases_file: Path, passes: int) -> None:
    """Serve ``--instructions``: compose the pickled cases ``passes`` times with ``checkout``'s code."""
    import pickle

    import turns

    with turns.imported(checkout, "geomill.render.compose") as module:
        compose = module.compose
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

    import turns

    collected = collect(args.n, annotation=args.annotation)
    cases = [(scene, ann, style, judged) for scene, ann, style, _, judged in collected]  # (text_size: not pickled)
    o, n = turns.warm_pass(__file__, old_ref, HERE, pickle.dumps(cases), "bench_compose")
    k = len(cases)
    print(f"compose, {args.annotation}, {args.n} problems ({k} composes), one warm pass: old {o / k / 1e6:.2f}, "
          f"new {n / k / 1e6:.2f} M instructions a compose; new/old {n / o:.4f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import turns

    turns.add_arguments(ap)
    ap.add_argument("--annotation", default="coordinate", choices=["coordinate", "individual"],
                    help="the generator's annotation style (bench/duel.py's problems are coordinate)")
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
        return turns.profile(lambda: [compose(scene, copy.deepcopy(ann), style, ts, fail_fast=True, judged=judged)
                                      for scene, ann, style, ts, judged in cases], args.sort)
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
    turns.keep_or_compare(got, args.out, args.against, "drawings")

if __name__ == "__main__":
    main()
