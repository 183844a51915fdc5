"""Do the theorem blocks change any answer or proof?  Solves the imported problems twice on the same
models, once with main's (068cdde) hand-written construction generators and once with today's
blocks, and compares answer, refusal and the solution text.

    python bench/plane_blocks_solve.py /tmp/b21-models [--limit N]

(the models from ``bench/plane_blocks_models.py``; main's generators loaded as in
``bench/plane_blocks_equal.py``).
"""
from __future__ import annotations

import argparse
import pickle
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from plane_blocks_equal import old_theorems  # noqa: E402 - a sibling script


def outcome(problem, model) -> tuple[str, str]:
    from geomill.engine.errors import GeomillError
    from geomill.solvers.plane import solve_general
    try:
        sol = solve_general(problem, model)
    except GeomillError as e:
        return "refused", str(e).splitlines()[0]
    return str(sol.exact_value), sol.text("text")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("models", type=Path)
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--show", action="store_true", help="print both solutions where they differ")
    args = ap.parse_args(argv)
    from geomill.solvers.plane import deduce
    old = old_theorems()
    new_gen = deduce.construction_instances
    files = sorted(args.models.glob("*.pkl"), key=lambda f: int(f.stem) if f.stem.isdigit() else 0)
    files = files[:args.limit] if args.limit else files
    n = same_answer = same_text = 0
    t_old = t_new = 0.0
    for f in files:
        model = pickle.loads(f.read_bytes())
        if isinstance(model, str) or model.problem.goal is None:
            continue
        n += 1
        got, spent = {}, {}
        for gen in ((old.construction_instances, new_gen) if n % 2 else (new_gen, old.construction_instances)):
            deduce.construction_instances = gen  # in turn first, so that neither always meets warm caches
            t0 = time.process_time()
            got[gen] = outcome(model.problem, model)
            spent[gen] = time.process_time() - t0
        deduce.construction_instances = new_gen
        a, b = got[old.construction_instances], got[new_gen]
        t_old += spent[old.construction_instances]
        t_new += spent[new_gen]
        same_answer += a[0] == b[0]
        same_text += a == b
        if a[0] != b[0]:
            print(f"{f.stem}: main {a[0]} ({a[1][:80]}), blocks {b[0]} ({b[1][:80]})")
        elif a != b and args.show:
            print(f"{f.stem}: main's solution:\n{a[1]}\nthe blocks':\n{b[1]}\n")
    print(f"problems solved twice: {n}; same answer or refusal: {same_answer}; same solution text: {same_text}")
    print(f"CPU time, all problems: main's generators {t_old:.1f} s, blocks {t_new:.1f} s")
    return 0 if same_answer == n else 1


if __name__ == "__main__":
    sys.exit(main())
