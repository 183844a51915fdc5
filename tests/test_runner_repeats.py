"""A shard never holds one problem twice: the runner passes the shard's own problems so far to the
record maker as it passes an earlier split's, and the maker makes another in a repeat's place."""
from __future__ import annotations

import json

from geomill.dataset.records import Part
from geomill.generate.runner import run


class _Repeating:
    """A record maker whose first choice for every index is one problem, 'same'."""

    distinct_within = True

    def as_dict(self) -> dict:
        return {"kind": "repeating"}

    def make_record(self, seed, part: str, index: int, tally, exclude=frozenset()):
        choice = next(h for h in ("same", f"other-{index}") if h not in exclude)
        return {"id": f"{part}-{index}", "schema": "geomill.generate/1", "answer": 1.0,
                "solution_hash": choice}, {}


def test_a_repeat_within_a_shard_is_made_again(tmp_path) -> None:
    run(tmp_path, [Part("data", "test", 6, _Repeating())], seed=0, workers=1, shard_size=6, progress=False)
    rows = [json.loads(line) for f in sorted(tmp_path.rglob("shard-*.jsonl")) for line in f.read_text().splitlines()]
    hashes = [r["solution_hash"] for r in rows]
    assert len(hashes) == 6 and len(set(hashes)) == 6, hashes
    assert hashes[0] == "same" and hashes.count("same") == 1
