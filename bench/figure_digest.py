"""What the generator's figures show, as digests: to tell whether a speed change changed any figure.

    python bench/figure_digest.py -n 400 --out before.json        # on the old version
    python bench/figure_digest.py -n 400 --against before.json    # on the new one: what changed

For each of ``-n`` depth-3 problems (``make_record`` with its figure, seed and part as
``bench/duel.py`` draws them) it keeps the SHA-256 of the figure's decoded RGB pixels (not of
the PNG bytes: an encoder change that keeps every pixel changes nothing here), of its label
export, and of the record's JSON line less its image path.  ``--against`` prints how many
problems differ in each and, for the first few, which labels moved.
"""
from __future__ import annotations

import argparse
import hashlib
import io
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def digests(n: int, seed: str, part: str) -> dict[str, dict]:
    from geomill.generate.geomverse.config import GenConfig
    from geomill.generate.geomverse.pipeline import make_record
    from geomill.generate.shared import Tally
    from PIL import Image

    cfg = GenConfig(depth=3, images=True)
    tally = Tally()
    out = {}
    for i in range(n):
        record, files = make_record(cfg, seed, part, i, tally)
        png = files[record["image"]]
        pixels = Image.open(io.BytesIO(png)).convert("RGB").tobytes()
        labels = json.loads(files[record["labels"]])
        line = json.dumps({k: v for k, v in record.items() if k not in ("image", "labels")}, sort_keys=True)
        out[str(i)] = {"pixels": hashlib.sha256(pixels).hexdigest(),
                       "labels": hashlib.sha256(json.dumps(labels, sort_keys=True).encode()).hexdigest(),
                       "record": hashlib.sha256(line.encode()).hexdigest(),
                       "placed": [[lab["text"], lab["element"], lab["bbox"]] for lab in labels["labels"]]}
    return out


def compare(old: dict[str, dict], new: dict[str, dict], show: int = 5) -> None:
    common = sorted(set(old) & set(new), key=int)
    for key in ("pixels", "labels", "record"):
        differ = [i for i in common if old[i][key] != new[i][key]]
        print(f"{key}: {len(differ)} of {len(common)} differ" + (f" ({', '.join(differ[:10])} …)" if differ else ""))
    moved = [i for i in common if old[i]["placed"] != new[i]["placed"]]
    for i in moved[:show]:
        a, b = ({tuple(p[:2]): p[2] for p in d[i]["placed"]} for d in (old, new))
        print(f"  #{i}: " + "; ".join(f"{t} {e}: {a.get((t, e))} -> {b.get((t, e))}"
                                     for t, e in sorted(set(a) | set(b)) if a.get((t, e)) != b.get((t, e))))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=400)
    ap.add_argument("--seed", default="7")
    ap.add_argument("--part", default="duel")
    ap.add_argument("--out", help="write the digests here (JSON)")
    ap.add_argument("--against", help="compare with digests written before")
    args = ap.parse_args()
    got = digests(args.n, args.seed, args.part)
    if args.out:
        Path(args.out).write_text(json.dumps(got), encoding="utf-8")
    if args.against:
        compare(json.loads(Path(args.against).read_text(encoding="utf-8")), got)


if __name__ == "__main__":
    main()
