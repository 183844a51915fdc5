"""The layout alone: ``render.layout.layout`` on exactly what the generator lays out.

    python bench/bench_layout.py [-n 150] [--repeat 3] [--profile] [--out digest.json | --against digest.json]
    python bench/bench_layout.py --duel OLD [--repeat 9]    # OLD: a git ref or a checkout's path
    python bench/bench_layout.py --instructions OLD         # the same, counted by valgrind (minutes)

The cases are the ``layout(deduced, seed=...)`` calls ``make_record`` makes for ``-n`` depth-3
problems drawn as ``bench/duel.py`` draws them (seed 7, part "duel"), refused layouts included
(the generator pays for them).  Each case is kept as the problem's text and the seed, and solved
again (``deduce(parse(text))``, what ``make_record`` lays out) before any timing: the solution
holds compiled functions that do not pickle, and a text is what another version can take.  Each
case is laid out ``--repeat`` times; the best of the repeats counts (CPU time: this machine is
shared).  ``--out`` and ``--against`` keep or compare a digest of every layout: the scene's
points rounded to 1e-9, or the ``LayoutError``'s message.

``--duel OLD``: this checkout's layout against OLD's on the same cases, each version in its own
process, the two taking turns at whole passes (``--repeat`` each); prints the best pass of each
and the median ratio of the turns (as ``bench/bench_compose.py --duel``).

``--instructions OLD``: the instructions (valgrind's callgrind) one warm pass costs, this
checkout's layout against OLD's: a count that does not drift with the machine's load.  The
cases' texts are collected once, here; each version solves them and lays them out once and
twice under callgrind (string hashes seeded, the collector off in the passes), and the difference
is one warm pass.  Even so, three counts of the same OLD at ``-n 50`` gave 3.72, 3.79 and 3.99 M
instructions a layout: the one-off work (solving, imports) differs between runs by more than a
pass's share of a few per cent, so raise ``-n`` for changes that small.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tempfile
import time
import warnings
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def collect(n: int, seed: str = "7", part: str = "duel") -> list[tuple[str, int]]:
    """(problem text, seed) of every ``layout`` call ``make_record`` makes for n problems (images on)."""
    import geomill.render.layout as layout_module
    from geomill.dsl import format_problem
    from geomill.generate.geomverse.config import GenConfig
    from geomill.generate.geomverse.pipeline import make_record
    from geomill.generate.shared import Tally

    cases = []
    real = layout_module.layout

    def spy(solution, seed=0):
        cases.append((format_problem(solution.problem), seed))
        return real(solution, seed=seed)
    layout_module.layout = spy  # (the pipeline looks the layout up on every record)
    try:
        cfg, tally = GenConfig(depth=3, images=True), Tally()
        for i in range(n):
            make_record(cfg, seed, part, i, tally)
    finally:
        layout_module.layout = real
    return cases


def solved(cases: list[tuple[str, int]]) -> list[tuple[object, int]]:
    """Each case's solution, as ``make_record`` lays it out."""
    from geomill.dsl import parse
    from geomill.solvers.geomverse import deduce

    return [(deduce(parse(text)), seed) for text, seed in cases]


def run_one(layout, error: type, solution, seed: int):
    """The scene, or the LayoutError (the generator's warnings silenced, as it does)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        try:
            return layout(solution, seed=seed)
        except error as e:
            return e


def digest(out) -> str:
    if isinstance(out, Exception):
        return "error: " + str(out)
    pts = sorted((k, round(v[0], 9) + 0.0, round(v[1], 9) + 0.0) for k, v in out.points.items())
    return hashlib.sha256(json.dumps(pts).encode()).hexdigest()


def _worker(checkout: Path, cases_file: Path) -> None:
    """Serve turns for ``--duel``: each line on stdin -> one timed pass over the cases (CPU ms a layout)."""
    import turns

    with turns.imported(checkout, "geomill.render.layout") as module:
        layout, error = module.layout, module.LayoutError
        cases = solved(json.loads(cases_file.read_text(encoding="utf-8")))
        print("ready", flush=True)
        for _ in sys.stdin:
            t = time.process_time()
            for solution, seed in cases:
                run_one(layout, error, solution, seed)
            print((time.process_time() - t) * 1000 / len(cases), flush=True)


def _duel(old_ref: str, args: argparse.Namespace) -> None:
    """This checkout against ``old_ref``, taking turns (see the module docstring)."""
    import turns

    with tempfile.TemporaryDirectory(prefix="geomill-layout-") as scratch, turns.old_checkout(old_ref, HERE) as old:
        cases_file = Path(scratch) / "cases.json"
        cases_file.write_text(json.dumps(collect(args.n)), encoding="utf-8")
        ms = turns.take_turns({name: [sys.executable, __file__, "--worker", str(path), "--cases", str(cases_file)]
                               for name, path in (("old", old), ("new", HERE))}, args.repeat)
    print(turns.ratio_line(f"layout, {args.n} problems, {args.repeat} turns each", ms, "a layout"))


def _counted(checkout: Path, cases_file: Path, passes: int) -> None:
    """Serve ``--instructions``: solve the cases, then lay them out ``passes`` times with ``checkout``'s code."""
    import gc

    import turns

    with turns.imported(checkout, "geomill.render.layout") as module:
        layout, error = module.layout, module.LayoutError
        cases = solved(json.loads(cases_file.read_text(encoding="utf-8")))
        # (no collector in the counted passes: a full collection of the solver's heap falls in one
        # run's passes and not another's; the layout makes no cycles)
        gc.collect()
        gc.freeze()
        gc.disable()
        for _ in range(passes):
            for solution, seed in cases:
                run_one(layout, error, solution, seed)


def _instructions(old_ref: str, args: argparse.Namespace) -> None:
    """This checkout against ``old_ref`` in instructions a warm pass (see the module docstring)."""
    import turns

    cases = collect(args.n)
    o, n = turns.warm_pass(__file__, old_ref, HERE, json.dumps(cases).encode(), "bench_layout")
    k = len(cases)
    print(f"layout, {args.n} problems ({k} layouts), one warm pass: old {o / k / 1e6:.3f}, "
          f"new {n / k / 1e6:.3f} M instructions a layout; new/old {n / o:.4f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import turns

    turns.add_arguments(ap)
    args = ap.parse_args()
    if args.worker:
        return _worker(Path(args.worker), Path(args.cases))
    if args.counted:
        return _counted(Path(args.counted), Path(args.cases), args.passes)
    if args.instructions:
        return _instructions(args.instructions, args)
    if args.duel:
        return _duel(args.duel, args)
    from geomill.render.layout import LayoutError, layout

    print(f"(render from {Path(sys.modules[layout.__module__].__file__).parent})", file=sys.stderr)
    cases = solved(collect(args.n))
    if args.profile:
        return turns.profile(lambda: [run_one(layout, LayoutError, solution, seed) for solution, seed in cases],
                             args.sort)
    best = [float("inf")] * len(cases)
    got = []
    for r in range(args.repeat):
        for i, (solution, seed) in enumerate(cases):
            t = time.process_time()
            out = run_one(layout, LayoutError, solution, seed)
            best[i] = min(best[i], time.process_time() - t)
            if r == 0:
                got.append(digest(out))
    failed = [t for t, d in zip(best, got) if d.startswith("error: ")]
    placed = [t for t, d in zip(best, got) if not d.startswith("error: ")]
    print(f"{len(cases)} layouts ({args.n} problems): {sum(best) * 1000 / len(cases):.3f} ms each; "
          f"{len(placed)} placed {sum(placed) * 1000 / max(1, len(placed)):.3f} ms, "
          f"{len(failed)} refused {sum(failed) * 1000 / max(1, len(failed)):.3f} ms; "
          f"{sum(best) * 1000 / args.n:.3f} ms a problem")
    turns.keep_or_compare(got, args.out, args.against, "layouts")

if __name__ == "__main__":
    main()
