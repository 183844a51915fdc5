"""Each aimed recipe (``generate.textbook_gen.targets.TARGETS``) run alone: how many of its constructions give a
made problem (written, re-solved, linted) whose proof uses the family it aims at.

    python bench/textbook_recipes.py [FAMILY ...] [--seeds 5] [--most 2]

The coverage bench says which families a set misses; this says which recipe fails its family, and what the
problems it does make use instead.  It prints JSON: per family and recipe, the constructions tried, those with a
problem, those with a problem using the family, and the families its problems used most.
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from geomill.generate.textbook_gen import TextbookConfig, make  # noqa: E402
from geomill.generate.textbook_gen.construct import Retry  # noqa: E402
from geomill.generate.textbook_gen.targets import TARGETS  # noqa: E402


def aimed(family: str, recipe, seed: int, most: int = 2, cfg: TextbookConfig | None = None) -> list[set[str]]:
    """The families of each problem one construction aimed by ``recipe`` at ``family`` makes (the draw as
    ``make.attempt`` makes it, with the aim fixed)."""
    cfg = cfg or TextbookConfig(images=False)
    real = make.pick
    make.pick = lambda *a, **k: (family, recipe)
    try:
        rng = make.rng_for(seed, "recipe", f"{family}:{recipe}")
        return [{k for st in m.solution.proof.steps for k in st.theorems} for m in make.attempt(cfg, rng, most)]
    except (Retry, make.Rejected):
        return []
    finally:
        make.pick = real


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("families", nargs="*", help="default: every family with a recipe")
    ap.add_argument("--seeds", type=int, default=5, help="constructions per recipe")
    ap.add_argument("--most", type=int, default=2, help="problems per construction")
    a = ap.parse_args(argv)
    out = {}
    for fam in a.families or sorted(TARGETS):
        for recipe in TARGETS[fam]:
            t0 = time.process_time()
            made = [aimed(fam, recipe, s, a.most) for s in range(a.seeds)]
            used = collections.Counter(k for got in made for fs in got for k in fs)
            out[f"{fam} {recipe[0]}+{'+'.join(recipe[1])}"] = {
                "tried": a.seeds, "made": sum(bool(g) for g in made),
                "hit": sum(any(fam in fs for fs in g) for g in made),
                "cpu_s": round(time.process_time() - t0, 1),
                "used": [k for k, _ in used.most_common(8)]}
            print(json.dumps({k: v for k, v in out.items() if k.startswith(fam + " ")}), flush=True)


if __name__ == "__main__":
    main()
