"""How often the step grader finds an injected error, per category, and never flags untouched gold.

    python bench/grade_detection.py [-n 40] [--seed 0]

Generates ``n`` problems for each of several knob settings (depth 1-3, width, variables, distractors,
individual annotation, all shapes), then for every problem:

* grades both gold solutions (individual and coordinate names) and a reworded one (other spellings,
  values without arithmetic, another valid step order): they must grade fully right;
* changes one stated step value (the result of a random step, in its own sentence, by a random amount
  from +0.01 to x2): the first wrong step must be that step;
* injects each kind of error (tests/inject.py) at a random step, locally and propagated, plain and
  respelled: the first wrong step and the category must be the injected ones.
"""
from __future__ import annotations

import argparse
import os
import random
import re
import sys
import time
from collections import Counter

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from geomill.evaluate.grading.answer_key import build_key  # noqa: E402
from geomill.evaluate.grading.grade import grade  # noqa: E402
from geomill.generate import GenConfig, Tally, make_record  # noqa: E402
from geomill.solvers.arith import fmt  # noqa: E402

from tests.inject import ERRORS, EXPECTED, inject, respell, reword, sentences  # noqa: E402

CONFIGS = {
    "depth1": GenConfig(depth=1, images=False),
    "depth2-width": GenConfig(depth=2, p_branch=1.0, images=False),
    "depth3-all": GenConfig(depth=3, p_branch=0.5, shapes="all", images=False),
    "variables": GenConfig(depth=2, variablized=1.0, images=False),
    "distractors": GenConfig(depth=1, distractors=True, images=False),
    "individual": GenConfig(depth=2, shapes="all", annotation="individual", images=False),
}
CHANGES = {"+0.01": lambda v: v + 0.01, "+0.1": lambda v: v + 0.1, "+1": lambda v: v + 1, "-1": lambda v: v - 1,
           "x1.05": lambda v: v * 1.05, "x0.5": lambda v: v * 0.5, "x2": lambda v: v * 2}


def changed_result(record: dict, step: int, how: str) -> str | None:
    """The coordinate gold with step ``step``'s stated result changed (in its own sentence)."""
    parts = sentences(record)
    value = record["steps"][step - 1]["value"]
    new = fmt(CHANGES[how](value))
    if parts is None or new == fmt(value) or float(new) <= 0:
        return None
    parts[step - 1] = re.sub(r"-?\d+(?:\.\d+)?\.$", new + ".", parts[step - 1])
    return " ".join(parts)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-n", type=int, default=40, help="problems per knob setting")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    t0 = time.perf_counter()
    records = [make_record(cfg, args.seed, name, i, Tally())[0] for name, cfg in CONFIGS.items() for i in range(args.n)]
    t1 = time.perf_counter()
    c: Counter = Counter()
    graded = 0
    for r in records:
        key = build_key(r)
        for text in (r["solution"], r["solution_text_only"], reword(r, rng), reword(r, rng, arithmetic=False)):
            g = grade(r, text, key)
            graded += 1
            c["gold", "n"] += 1
            c["gold", "ok"] += g.first_wrong_step is None and g.failure is None and all(s.correct for s in g.steps)
        for how in CHANGES:
            step = rng.randint(1, len(key.steps))
            text = changed_result(r, step, how)
            if text is None:
                continue
            g = grade(r, text, key)
            graded += 1
            c["changed " + how, "n"] += 1
            c["changed " + how, "ok"] += g.first_wrong_step == step
        cut = re.split(r"\d", r["solution_text_only"], maxsplit=1)[0]  # stopped before stating anything
        c["no_answer", "n"] += 1
        c["no_answer", "ok"] += grade(r, cut, key).failure == "no_answer"
        for kind in ERRORS:
            for propagate in (False, True):
                for respelled in (False, True):
                    step = rng.randint(1, len(key.steps))
                    text = inject(r, kind, step, rng, propagate=propagate, key=key)
                    if text is None:
                        continue
                    if respelled:
                        text = respell(text, rng)
                    g = grade(r, text, key)
                    graded += 1
                    c[kind, "n"] += 1
                    c[kind, "step"] += g.first_wrong_step == step
                    c[kind, "ok"] += g.first_wrong_step == step and g.failure == EXPECTED[kind]
                    later = [s for s in g.steps[step:] if s.correct is False] if propagate else []
                    c["propagated", "n"] += len(later)
                    c["propagated", "ok"] += sum(s.category == "propagated" for s in later)
    t2 = time.perf_counter()
    print(f"{len(records)} problems ({args.n} per setting: {', '.join(CONFIGS)}), generated in {t1 - t0:.0f} s; "
          f"{graded} responses graded in {t2 - t1:.1f} s ({1000 * (t2 - t1) / graded:.1f} ms each)\n")
    print("| case | responses | first wrong step found | category right |")
    print("| --- | --- | --- | --- |")
    for name in ["gold", *("changed " + h for h in CHANGES)]:
        n = c[name, "n"]
        print(f"| {name} | {n} | {100 * c[name, 'ok'] / max(n, 1):.1f} % | |" if name != "gold" else
              f"| gold and reworded gold (fully right) | {n} | {100 * c[name, 'ok'] / max(n, 1):.1f} % | |")
    for kind in ERRORS:
        n = c[kind, "n"]
        print(f"| {kind} -> {EXPECTED[kind]} | {n} | {100 * c[kind, 'step'] / max(n, 1):.1f} % "
              f"| {100 * c[kind, 'ok'] / max(n, 1):.1f} % |")
    n = c["no_answer", "n"]
    print(f"| cut before any number -> no_answer | {n} | | {100 * c['no_answer', 'ok'] / max(n, 1):.1f} % |")
    n = c["propagated", "n"]
    share = 100 * c["propagated", "ok"] / max(n, 1)
    print(f"| later steps of propagated errors -> propagated | {n} | | {share:.1f} % |")


if __name__ == "__main__":
    main()
