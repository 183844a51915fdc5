"""Theorem-family coverage of a generated textbook set: each family's share of the problems whose
proofs use it, the families under a floor, and those no problem reaches.

    python bench/textbook_coverage.py SET_DIR [--floor 0.5] [--json]

The families are the solver's (``solvers.plane.theorems.registry``: FormalGeo names); ``given`` and
``relation`` (a stated fact, a relation block's own equation) are counted but are not theorems.  The
families no textbook construction reaches (``generate.textbook_gen.targets.UNREACHABLE``) are listed
apart with the reason, not among those never used.
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from geomill.dataset.folder import open_dataset  # noqa: E402
from geomill.generate.textbook_gen.targets import UNREACHABLE  # noqa: E402
from geomill.solvers.plane.theorems import registry  # noqa: E402

NOT_THEOREMS = ("given", "relation")


def coverage(folder: str, floor: float) -> dict:
    """Shares in percent of the problems, by family; the families under ``floor`` and never used."""
    dataset = open_dataset(folder, command="textbook_coverage")
    uses: collections.Counter = collections.Counter()
    kinds: collections.Counter = collections.Counter()
    n = 0
    for part in dataset.parts:
        for record in dataset.records(part):
            n += 1
            uses.update(set(record.data["rules"]))
            kinds.update({record.data.get("base", "?"), *record.data.get("constructions", ())})
    families = sorted(set(registry()) - set(NOT_THEOREMS))
    share = {f: round(100 * uses[f] / max(n, 1), 2) for f in families}
    reachable = [f for f in families if f not in UNREACHABLE or uses[f]]
    return {"problems": n, "families": len(families),
            "reached": sum(1 for f in families if uses[f]),
            "at_floor": sum(1 for f in families if share[f] >= floor),
            "under_floor": {f: share[f] for f in families if 0 < share[f] < floor},
            "least_reachable": min(((share[f], f) for f in reachable), default=None),
            "never": [f for f in reachable if not uses[f]],
            "unreachable": {f: UNREACHABLE[f] for f in families if f in UNREACHABLE and not uses[f]},
            "share": dict(sorted(share.items(), key=lambda kv: -kv[1])),
            "construction_kinds": dict(kinds.most_common())}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir")
    ap.add_argument("--floor", type=float, default=0.5, help="percent of the problems (default 0.5)")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    got = coverage(a.dir, a.floor)
    if a.json:
        print(json.dumps(got, indent=1))
        return
    print(f"{got['problems']} problems: {got['reached']} of {got['families']} families reached, "
          f"{got['at_floor']} in at least {a.floor} %")
    for f, s in got["share"].items():
        print(f"  {f:<62} {s:6.2f} %")
    print("never used:", ", ".join(got["never"]) or "none")
    if got["least_reachable"]:
        print(f"least share of a reachable family: {got['least_reachable'][0]} % ({got['least_reachable'][1]})")
    for f, why in got["unreachable"].items():
        print(f"unreachable: {f} ({why})")


if __name__ == "__main__":
    main()
