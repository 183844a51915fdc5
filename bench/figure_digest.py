"""What the generator's figures show, as digests: to tell whether a speed change changed any figure.

    python bench/figure_digest.py -n 400 --out before.json        # on the old version
    python bench/figure_digest.py -n 400 --against before.json    # on the new one: what changed
    python bench/figure_digest.py -n 400 --out before.json --figures old/     # keep the PNGs too
    python bench/figure_digest.py -n 400 --against before.json --figures old/ # and by how much pixels changed

For each of ``-n`` depth-3 problems (``make_record`` with its figure, seed and part as
``bench/duel.py`` draws them) it keeps the SHA-256 of the figure's decoded RGB pixels (not of
the PNG bytes: an encoder change that keeps every pixel changes nothing here), of its label
export, and of the record's JSON line less its image path.  ``--against`` prints how many
problems differ in each and, for the first few, which labels moved.  With ``--figures DIR`` the
PNGs are kept in DIR (with ``--out``), or compared with those kept there (with ``--against``): for a
change meant to alter pixels only within a bound (a rounding), how far each changed figure moved.
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


def digests(n: int, seed: str, part: str, keep: Path | None = None, kept: Path | None = None) -> dict[str, dict]:
    """The digests of the ``n`` figures; ``keep``: a folder to write each PNG into (``{i}.png``);
    ``kept``: a folder written so before, whose figures are compared pixel by pixel (see ``_moved``)."""
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
        image = Image.open(io.BytesIO(png)).convert("RGB")
        pixels = image.tobytes()
        if keep is not None:
            (keep / f"{i}.png").write_bytes(png)
        moved = None if kept is None else _moved(kept / f"{i}.png", image)
        labels = json.loads(files[record["labels"]])
        line = json.dumps({k: v for k, v in record.items() if k not in ("image", "labels")}, sort_keys=True)
        out[str(i)] = {"pixels": hashlib.sha256(pixels).hexdigest(),
                       "labels": hashlib.sha256(json.dumps(labels, sort_keys=True).encode()).hexdigest(),
                       "record": hashlib.sha256(line.encode()).hexdigest(),
                       "placed": [[lab["text"], lab["element"], lab["bbox"]] for lab in labels["labels"]]}
        if moved is not None:
            out[str(i)]["moved"] = moved
    return out


def _moved(old_png: Path, image) -> list[int]:
    """[the largest change of any channel of any pixel, the number of pixels changed] from the kept figure."""
    import numpy as np
    from PIL import Image

    old = np.asarray(Image.open(old_png).convert("RGB"), dtype=np.int16)
    new = np.asarray(image, dtype=np.int16)
    if old.shape != new.shape:
        return [255, int(new.shape[0] * new.shape[1])]
    diff = np.abs(new - old).max(axis=2)
    return [int(diff.max()), int((diff > 0).sum())]


def compare(old: dict[str, dict], new: dict[str, dict], show: int = 5) -> None:
    common = sorted(set(old) & set(new), key=int)
    for key in ("pixels", "labels", "record"):
        differ = [i for i in common if old[i][key] != new[i][key]]
        print(f"{key}: {len(differ)} of {len(common)} differ" + (f" ({', '.join(differ[:10])} …)" if differ else ""))
    shifts = [new[i]["moved"] for i in common if "moved" in new[i] and new[i]["moved"][1]]
    if shifts:
        worst = max(m for m, _ in shifts)
        print(f"  changed figures: at most {worst} of 255 in a channel; "
              f"{sum(c for _, c in shifts) / len(shifts):.0f} pixels changed in each, on average")
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
    ap.add_argument("--figures", help="a folder: keep the PNGs there (--out), or compare with those kept (--against)")
    args = ap.parse_args()
    folder = Path(args.figures) if args.figures else None
    if folder is not None and args.out:
        folder.mkdir(parents=True, exist_ok=True)
    got = digests(args.n, args.seed, args.part, keep=folder if args.out else None,
                  kept=folder if args.against and not args.out else None)
    if args.out:
        Path(args.out).write_text(json.dumps(got), encoding="utf-8")
    if args.against:
        compare(json.loads(Path(args.against).read_text(encoding="utf-8")), got)


if __name__ == "__main__":
    main()
