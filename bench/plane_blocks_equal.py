"""The proof that the theorem blocks changed nothing: on every imported problem, the construction
instances (family key, names, equation) of the hand-written generators of main (068cdde) and of
today's blocks and matcher are one set; and instance generation is not slower.

    python bench/plane_blocks_models.py /tmp/fgall /tmp/b21-models   # the models, once (slow)
    python bench/plane_blocks_equal.py /tmp/b21-models [--limit N]

The old generators are main's ``solvers/plane/theorems.py`` read with ``git show`` (this
repository's own source at a fixed commit) and loaded as a sibling module of today's.  Prints the
problems compared, those whose sets differ (with the first differences), the instance counts, and
the median and total time of generation, old against new, on the same configurations.

Last run (2026-12-01, 877 of the 3,390 imported problems, a seeded shuffled sample, plus the 177
block figures): sets differ on 0; generation median 12.06 ms old, 11.31 ms new, total 15.31 s
against 13.02 s.  ``bench/plane_blocks_solve.py`` on 284 of them: every answer or refusal the
same, 266 solution texts identical (the rest state the same steps in another order, or cite a
corresponding angle where main went through a co-interior one and a straight line).
"""
from __future__ import annotations

import argparse
import importlib.util
import pickle
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import sympy
from sympy.core.cache import clear_cache

OLD = "068cdde"
ROUNDS = 4
INF = float("inf")
ROOT = Path(__file__).resolve().parent.parent


def old_theorems():
    """main's theorems.py as module ``geomill.solvers.plane._theorems_old``."""
    src = subprocess.run(["git", "-C", str(ROOT), "show", f"{OLD}:solvers/plane/theorems.py"], check=True,
                         capture_output=True, text=True).stdout
    name = "geomill.solvers.plane._theorems_old"
    spec = importlib.util.spec_from_loader(name, loader=None)
    mod = importlib.util.module_from_spec(spec)
    mod.__package__ = "geomill.solvers.plane"
    sys.modules[name] = mod
    exec(compile(src, f"{OLD}:solvers/plane/theorems.py", "exec"), mod.__dict__)  # noqa: S102 - the repo's own code
    return mod


def block_figures(seeds: int = 3) -> list[tuple[str, object]]:
    """Each block's own figure on its construction (families a FormalGeo sample may lack)."""
    import math

    import numpy as np
    from geomill.dsl import parse
    from geomill.solvers.numeric import NumericModel
    from geomill.solvers.plane.theorem_blocks import THEOREMS
    out = []
    rng = np.random.default_rng(21)
    for k, t in enumerate(THEOREMS):
        problem = parse(t.figure + "\n", f"{t.key}.geo")
        for s in range(seeds):
            at = {p: np.asarray(v, float) for p, v in t.construct(rng).items()}
            radii = {c.centre: math.dist(at[c.centre], at[c.points[0]]) for c in problem.circles}
            out.append((f"figure-{k}-{s}-{t.key}", NumericModel(problem, at, {}, radii, 0.0, 0)))
    return out


def key(inst) -> tuple:
    return (inst.family.key, inst.names, sympy.srepr(inst.lhs), sympy.srepr(inst.rhs))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("models", type=Path)
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--show", type=int, default=3, help="differences shown per problem")
    args = ap.parse_args(argv)
    from geomill.solvers.plane import theorems as new
    from geomill.solvers.plane.configuration import Configuration
    old = old_theorems()
    files = sorted(args.models.glob("*.pkl"), key=lambda f: int(f.stem) if f.stem.isdigit() else 0)
    if args.limit:
        files = files[:args.limit]
    figures = block_figures()
    compared = differ = 0
    t_old, t_new, n_old, n_new = [], [], 0, 0
    only_old: Counter = Counter()
    only_new: Counter = Counter()
    families: Counter = Counter()
    for f in [*figures, *files]:
        model = f[1] if isinstance(f, tuple) else pickle.loads(f.read_bytes())
        f = Path(f[0]) if isinstance(f, tuple) else f
        if isinstance(model, str):
            continue
        compared += 1
        cfg_a, cfg_b = Configuration(model.problem, model), Configuration(model.problem, model)
        cfg_a.triangles, cfg_b.triangles  # noqa: B018 - the configuration's own tables, outside the timing
        best_old = best_new = INF
        for _ in range(ROUNDS):  # alternating, sympy's cache cleared before each (as a deduction meets a new
            clear_cache()  # problem): the least time of each (a shared machine's load only ever adds time)
            t0 = time.perf_counter()
            a = list(old.construction_instances(cfg_a))
            t1 = time.perf_counter()
            clear_cache()
            t2 = time.perf_counter()
            b = list(new.construction_instances(cfg_b))
            t3 = time.perf_counter()
            best_old, best_new = min(best_old, t1 - t0), min(best_new, t3 - t2)
        if not f.stem.startswith("figure-"):  # the time is the imported problems'
            t_old.append(best_old)
            t_new.append(best_new)
        n_old += len(a)
        n_new += len(b)
        sa, sb = {key(i) for i in a}, {key(i) for i in b}
        families.update(k[0] for k in sb)
        if sa != sb:
            differ += 1
            for k in sorted(sa - sb)[:args.show]:
                print(f"{f.stem}: only old {k[0]} {k[1]} {k[2][:160]} = {k[3][:80]}")
            for k in sorted(sb - sa)[:args.show]:
                print(f"{f.stem}: only new {k[0]} {k[1]} {k[2][:160]} = {k[3][:80]}")
            only_old.update(k[0] for k in sa - sb)
            only_new.update(k[0] for k in sb - sa)
    print(f"problems compared: {compared} ({len(figures)} of them the blocks' own figures); "
          f"instance sets differ on: {differ}")
    print(f"instances: old {n_old}, new {n_new}")
    print("distinct instances by family: " + ", ".join(f"{k} {n}" for k, n in sorted(families.items())))
    if only_old or only_new:
        print(f"only old by family: {dict(only_old)}\nonly new by family: {dict(only_new)}")
    if t_old:
        print(f"generation time per imported problem (least of {ROUNDS}): "
              f"median old {statistics.median(t_old) * 1e3:.2f} ms, new {statistics.median(t_new) * 1e3:.2f} ms; "
              f"total old {sum(t_old):.2f} s, new {sum(t_new):.2f} s")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
