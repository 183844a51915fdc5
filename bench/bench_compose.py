"""Label placement alone: ``render.compose.compose`` on exactly what the generator composes.

    python bench/bench_compose.py [-n 150] [--repeat 3] [--annotation individual] [--profile]
                                  [--out digest.json | --against digest.json]

The cases are the (scene, annotation) pairs that ``make_record`` hands to ``compose`` (with
``fail_fast``, as the generator does) for ``-n`` depth-3 problems drawn as ``bench/duel.py``
draws them (seed 7, part "duel"); refused figures count too, since the generator pays for
them.  They are collected once (not timed), then each is composed ``--repeat`` times from a
fresh copy of its annotation (``compose`` may move values to the text); the best of the
repeats counts (CPU time: this machine is shared), per annotation style.  ``--out`` and
``--against`` keep or compare a digest of every composed drawing's labels and verdicts (a
quicker check than ``figure_digest.py``).
"""
from __future__ import annotations

import argparse
import copy
import cProfile
import hashlib
import json
import pstats
import sys
import time
from pathlib import Path


def collect(n: int, seed: str = "7", part: str = "duel", annotation: str = "coordinate") -> list:
    """(scene, annotation, style, text_size) of every compose call the generator makes for n problems."""
    import geomill.render.compose as compose_module
    from geomill.generate.geomverse.config import GenConfig
    from geomill.generate.geomverse.pipeline import make_record
    from geomill.generate.shared import Tally

    cases = []
    real = compose_module.compose

    def spy(scene, annotation, style, text_size, fail_fast=False):
        cases.append((scene, copy.deepcopy(annotation), style, text_size))
        return real(scene, annotation, style, text_size, fail_fast)
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
    args = ap.parse_args()
    from geomill.render.compose import compose

    print(f"(render from {Path(sys.modules[compose.__module__].__file__).parent})", file=sys.stderr)
    cases = collect(args.n, annotation=args.annotation)
    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        for scene, ann, style, ts in cases:
            compose(scene, copy.deepcopy(ann), style, ts, fail_fast=True)
        prof.disable()
        pstats.Stats(prof).sort_stats(args.sort).print_stats(60)
        return
    best = [float("inf")] * len(cases)
    got = []
    for r in range(args.repeat):
        for i, (scene, ann, style, ts) in enumerate(cases):
            a = copy.deepcopy(ann)
            t = time.process_time()
            d = compose(scene, a, style, ts, fail_fast=True)
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
