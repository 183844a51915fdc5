"""The scripted reviewer: N generated figures of each of issue 24's five configurations, read by the
independent careful reader (tests/label_reader.py), and per class how many labels break its rule.

    python bench/readability.py [-n 20] [--seed 501] [--out DIR] [--config c1 ...]

Each configuration's figures are records 0..N-1 of ``make_record`` with seed ``--seed + k`` (k = 0..4
for c1..c5, as the blind reviews number them: seeds 501-505 are review 5's).  Besides the classes, it
reports the share of drawn figures the generator's own check refused (and so redrew), by reason, and
the CPU seconds spent.  ``--out DIR`` also writes each figure's PNG and label export there
(``c1-000.png``, ``c1-000.labels.json``) for a human reader.  The classes are those of
``tests.label_reader.CLASSES``; a figure the reader finds nothing in counts as clean.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE))

from geomill.generate import GenConfig  # noqa: E402
from geomill.generate.geomverse.pipeline import make_record  # noqa: E402
from geomill.generate.shared import Tally  # noqa: E402

from tests.label_reader import classify, problems  # noqa: E402

CONFIGS = {
    "c1": GenConfig(depth=3, shapes="all", annotation="individual"),
    "c2": GenConfig(depth=2, p_branch=1.0),
    "c3": GenConfig(depth=3, distractors=True),
    "c4": GenConfig(randomize=True, shapes="all"),
    "c5": GenConfig(depth=1, variablized=1.0),
}


def review(names: list[str], n: int, seed: int, out: Path | None) -> dict:
    """Per configuration: figures, clean figures, label faults by class, figure refusals by reason."""
    report = {}
    for name in names:
        k = list(CONFIGS).index(name)
        cfg = CONFIGS[name].with_(image_size=512)
        tally, classes, clean, examples = Tally(), Counter(), 0, []
        t0 = time.process_time()
        for i in range(n):
            record, files = make_record(cfg, seed + k, "data", i, tally)
            fig = json.loads(files[record["labels"]])
            found = problems(fig)
            clean += not found
            classes.update(classify(p) for p in found)
            examples += [f"{name}-{i:03d}: {p}" for p in found]
            if out is not None:
                (out / f"{name}-{i:03d}.png").write_bytes(files[record["image"]])
                (out / f"{name}-{i:03d}.labels.json").write_bytes(files[record["labels"]])
        refused = {r: c for r, c in tally.rejected.items() if r.startswith("figure")}
        report[name] = {"figures": n, "clean": clean, "classes": dict(classes), "refused": refused,
                        "refused_share": sum(refused.values()) / (n + sum(refused.values())),
                        "cpu_s": time.process_time() - t0, "examples": examples}
    return report


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", type=int, default=20, help="figures per configuration")
    ap.add_argument("--seed", type=int, default=501, help="c1's seed (c2..c5: the next four)")
    ap.add_argument("--config", nargs="*", choices=list(CONFIGS), default=list(CONFIGS))
    ap.add_argument("--out", type=Path, help="write the figures and their label exports here")
    ap.add_argument("--json", action="store_true", help="the report as one JSON object")
    args = ap.parse_args(argv)
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)
    report = review(args.config, args.n, args.seed, args.out)
    if args.json:
        print(json.dumps(report, indent=1, ensure_ascii=False))
        return 0
    total = Counter()
    for name, r in report.items():
        total.update(r["classes"])
        print(f"{name}: {r['clean']}/{r['figures']} clean, refused {100 * r['refused_share']:.0f} % of drawn "
              f"figures {r['refused']}, {r['cpu_s']:.1f} s CPU")
        for cls, c in sorted(r["classes"].items()):
            print(f"    {c:3d}  {cls}")
        for e in r["examples"][:8]:
            print(f"      {e}")
    print("all:", ", ".join(f"{c} {cls}" for cls, c in sorted(total.items())) or "no label breaks a rule")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
