"""How new a generated textbook set is: repeats inside it, and problems equal to a FormalGeo7k
problem, both by the canonical form up to renaming points (``generate/textbook_gen/canonical.py``).

    python bench/textbook_novelty.py SET_DIR [--formalgeo ../shared/formalgeo7k/dev.jsonl.gz]

A FormalGeo problem is compared as the importer writes it (``generate/formalgeo.convert``); the
problems the importer cannot write are counted and left out of the comparison.  Also compared:
the problems without their drawn lines and faces (facts, relations and goal only), a looser match.
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from geomill.dsl import parse  # noqa: E402
from geomill.engine.errors import GeomillError  # noqa: E402
from geomill.generate.formalgeo import Unsupported, convert, read_problems  # noqa: E402
from geomill.generate.textbook_gen.canonical import canonical_key  # noqa: E402


def _loose(p):
    from dataclasses import replace

    return replace(p, lines=(), polygons=(), circles=(), turns=())


def keys(problems) -> tuple[set[str], set[str]]:
    return {canonical_key(p) for p in problems}, {canonical_key(_loose(p)) for p in problems}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("set")
    ap.add_argument("--formalgeo", default=str(Path(__file__).parents[1] / ".." / "shared" / "formalgeo7k" /
                                               "dev.jsonl.gz"))
    a = ap.parse_args(argv)
    records = [json.loads(line) for f in sorted(Path(a.set).glob("*/shard-*.jsonl")) for line in open(f)]
    generated = [parse(r["dsl"]) for r in records]
    counts = collections.Counter(canonical_key(p) for p in generated)
    fg, skipped = [], 0
    for _where, problem in read_problems(Path(a.formalgeo)):
        try:
            fg.append(convert(problem)[1])
        except (Unsupported, GeomillError, TypeError, ValueError, KeyError):
            skipped += 1
    fg_exact, fg_loose = keys(fg)
    gen_exact = [canonical_key(p) for p in generated]
    gen_loose = [canonical_key(_loose(p)) for p in generated]
    print(json.dumps({
        "records": len(records), "distinct": len(counts),
        "repeated": sum(n - 1 for n in counts.values() if n > 1),
        "formalgeo_compared": len(fg), "formalgeo_not_imported": skipped,
        "equal_to_formalgeo": sum(k in fg_exact for k in gen_exact),
        "equal_to_formalgeo_loose": sum(k in fg_loose for k in gen_loose),
    }, indent=1))


if __name__ == "__main__":
    main()
