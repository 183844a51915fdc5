"""What one construction's closure offers the textbook generator, and what the group streams take from it.

    python bench/textbook_closure_yield.py [--constructions 12] [--groups 8] [--seed 11]

``offer``: for the first construction of each of ``--constructions`` groups, the candidate goals (nice values the
closure determines) by the depth of their rough proof, those the cheap screen passes (two steps deep or more, enough
givens: ``make.choose``'s screen), and how many distinct data (construction steps and givens, ``make.data``) those
need: the generator asks one question per data, so the distinct data bound what a closure can give.
``streams``: the first ``make.stream`` slots of ``--groups`` groups (4, as ``records.place`` reads a block), no
images: the closures built, the checks run and the CPU seconds each took, against the problems made.  The check
(written text read back, own figure, the text's own figure search, re-solve and lint) is paid per problem, so a
closure shared by more problems saves only its own share.
"""
from __future__ import annotations

import argparse
import collections
import itertools
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

SLOTS = 4  # a group's problems in one block of records (records.BLOCK // records.INTERLEAVE)


def offer(n: int, seed: str) -> dict:
    """Candidate goals by rough depth, those the screen passes, and their distinct data, over ``n`` closures."""
    from geomill.generate.textbook_gen import goals, make
    from geomill.generate.textbook_gen.config import TextbookConfig
    from geomill.generate.textbook_gen.construct import Retry, relation_ok, sample
    from geomill.generate.textbook_gen.targets import pick

    cfg = TextbookConfig(images=False).validate()
    by_depth: collections.Counter = collections.Counter()
    screened: collections.Counter = collections.Counter()
    per: list[tuple[int, int, int]] = []  # (candidates, screened, distinct data) per closure
    for g in range(n):
        rng = make.rng_for(seed, "train", f"{g}:0")  # (a group's first construction, as make.stream draws it)
        lo, hi = cfg.step_span()
        aim = pick(rng, cfg.circles, cfg.require, cfg.exclude)
        try:
            fig = sample(rng, cfg.circles, cfg.max_points, int(rng.integers(lo, hi + 1)), aim[1] if aim else None)
        except Retry:
            continue
        full = fig.problem()
        if not all(relation_ok(r, fig.at) for r in full.relations):
            continue
        ded = goals.closure(full, goals.model_of(full, fig), fig)
        cands = goals.candidates(fig, ded, rng)
        passed, data = 0, set()
        for c in cands:
            rough = c.rough
            depth = rough.depth if rough is not None else 0
            by_depth[depth] += 1
            if depth >= 2:
                keep, facts = make.traced(fig, rough, c.expr)[:2]
                if not make.too_little(keep, facts, fig):
                    screened[depth] += 1
                    passed += 1
                    data.add(make.data(keep, facts))
        per.append((len(cands), passed, len(data)))
    return {"closures": len(per), "candidates_by_rough_depth": dict(sorted(by_depth.items())),
            "screened_by_depth": dict(sorted(screened.items())),
            "distinct_data": sum(d for _, _, d in per), "per_closure": per}


def streams(n: int, seed: str) -> dict:
    """Closures, checks and their CPU seconds against the problems the first ``SLOTS`` of ``n`` group streams make."""
    from geomill.generate.textbook_gen import make
    from geomill.generate.textbook_gen.config import TextbookConfig

    spent: collections.Counter = collections.Counter()

    def counted(name: str, fn):
        def timed(*a, **k):
            t0 = time.process_time()
            try:
                return fn(*a, **k)
            finally:
                spent[f"{name}s"] += 1
                spent[f"{name}_cpu_s"] += time.process_time() - t0
        return timed

    closure, check = make.closure, make.check
    make.closure, make.check = counted("closure", closure), counted("check", check)
    try:
        cfg = TextbookConfig(images=False).validate()
        t0 = time.process_time()
        made = [len(list(itertools.islice(make.stream(cfg, seed, "train", g), SLOTS))) for g in range(n)]
        cpu = time.process_time() - t0
    finally:
        make.closure, make.check = closure, check
    return {"problems": sum(made), "per_group": made, "cpu_s": round(cpu, 1),
            **{k: round(v, 1) if isinstance(v, float) else v for k, v in sorted(spent.items())},
            "problems_per_closure": round(sum(made) / max(spent["closures"], 1), 2)}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--constructions", type=int, default=12)
    ap.add_argument("--groups", type=int, default=8)
    ap.add_argument("--seed", default="11")
    a = ap.parse_args(argv)
    out = {"offer": offer(a.constructions, a.seed)} if a.constructions else {}
    if a.groups:
        out["streams"] = streams(a.groups, a.seed)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
