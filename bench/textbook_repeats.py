"""Template repeats in a generated textbook set: how many records share a template (the same
statements and given elements up to renaming points, values and goal aside), how many share a
template and its data (the same givens, values included: one problem asked twice), and how long the
runs of one template in a row are.

    python bench/textbook_repeats.py SET_DIR [--json]

A teacher reading a sample sees a template group as a repeat; the generator keeps the data of each
record its own (one question for each set of givens of a construction).
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import sys
from dataclasses import replace

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import sympy  # noqa: E402
from geomill.dataset.folder import open_dataset  # noqa: E402
from geomill.dsl import parse  # noqa: E402
from geomill.engine.plane import Equality  # noqa: E402
from geomill.generate.textbook_gen.canonical import canonical_key  # noqa: E402


def keys(dsl: str) -> tuple[str, str]:
    """(template, data) keys of a problem's text: its canonical form without the goal, with the
    given values blanked or kept."""
    problem = replace(parse(dsl), goal=None)
    blank = tuple(Equality(f.lhs, sympy.Integer(0)) for f in problem.facts)
    return canonical_key(replace(problem, facts=blank)), canonical_key(problem)


def repeats(folder: str) -> dict:
    dataset = open_dataset(folder, command="textbook_repeats")
    records = sorted((r.data for part in dataset.parts for r in dataset.records(part)), key=lambda d: d["index"])
    templates, data = zip(*(keys(d["dsl"]) for d in records)) if records else ((), ())
    by_template = collections.Counter(templates)
    by_data = collections.Counter(data)
    runs, run = [], 1
    for a, b in zip(templates, templates[1:]):
        run = run + 1 if a == b else 1
        runs.append(run)
    return {"records": len(records), "templates": len(by_template),
            "in_template_groups": sum(n for n in by_template.values() if n > 1),
            "template_groups": sum(1 for n in by_template.values() if n > 1),
            "largest_template_group": max(by_template.values(), default=0),
            "same_data_repeats": sum(n - 1 for n in by_data.values()),
            "same_template_neighbours": sum(1 for a, b in zip(templates, templates[1:]) if a == b),
            "longest_run": max(runs, default=1 if records else 0)}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    got = repeats(a.dir)
    print(json.dumps(got, indent=1) if a.json else "\n".join(f"{k:<26} {v}" for k, v in got.items()))


if __name__ == "__main__":
    main()
