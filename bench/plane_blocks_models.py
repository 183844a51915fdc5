"""Build and keep the numeric models of the imported FormalGeo problems, once, for
``bench/plane_blocks_equal.py`` (the models take ~0.5 s each; comparing instances takes ms).

    python bench/plane_blocks_models.py /tmp/fgall /tmp/b21-models

One pickle per problem (written atomically), in a seeded shuffled order so that a partial run is
a fair sample; a problem already done is skipped, so the script can be stopped and run again.
A model that cannot be built is recorded as the error's one line.
"""
from __future__ import annotations

import os
import pickle
import random
import sys
from pathlib import Path

from geomill.dsl import parse
from geomill.solvers.numeric import build_model


def main(argv: list[str]) -> int:
    src, dst = Path(argv[0]), Path(argv[1])
    dst.mkdir(parents=True, exist_ok=True)
    files = sorted(src.glob("*.geo"))
    random.Random(21).shuffle(files)
    for f in files:
        out = dst / (f.stem + ".pkl")
        if out.exists():
            continue
        try:
            problem = parse(f.read_text(), str(f))
            rec = build_model(problem, starts=3, check_goal=False, tolerate=0.05)
        except Exception as e:  # noqa: BLE001 - the bench records every failure and goes on
            rec = f"{type(e).__name__}: {e}".splitlines()[0]
        tmp = out.with_suffix(".tmp")
        tmp.write_bytes(pickle.dumps(rec))
        os.replace(tmp, out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
