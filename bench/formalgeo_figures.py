"""Every imported FormalGeo problem drawn, with its label export, through the same code as
``geomill render FILE -o OUT.png --labels OUT.json`` (``geomill.cli.main``), in a pool with a bar:
failures counted by message, CPU seconds per figure (model and drawing together).

``python bench/formalgeo_figures.py DIR [WORKERS] [OUT]``: DIR holds the ``.geo`` files of
``geomill import formalgeo … --out DIR``; figures go to OUT (default: a temporary folder).
"""
from __future__ import annotations

import collections
import contextlib
import io
import json
import multiprocessing as mp
import statistics
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

from geomill.cli import main as geomill


def draw(geo: Path, out: Path) -> dict:
    """One figure and its labels; the exit status, what stderr said, CPU seconds, and whether the
    label export names every point of the figure."""
    png, labels = out / f"{geo.stem}.png", out / f"{geo.stem}.labels.json"
    err = io.StringIO()
    t = time.process_time()
    with contextlib.redirect_stderr(err):
        try:
            rc = geomill(["render", str(geo), "-o", str(png), "--labels", str(labels)])
        except Exception as e:  # noqa: BLE001 - a bench counts every way a figure can fail
            rc, err = 99, io.StringIO(f"{type(e).__name__}: {e}")
    row = {"id": geo.stem, "rc": rc, "s": round(time.process_time() - t, 3), "error": err.getvalue().strip()[:200]}
    if rc == 0:
        exported = json.loads(labels.read_text())
        letters = {lab["text"] for lab in exported["labels"] if lab["element"].startswith("point ")}
        row["labelled"] = letters == set(exported["points"])
        row["png"] = png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    return row


def main() -> None:
    from tqdm import tqdm

    src = Path(sys.argv[1])
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    files = sorted(src.glob("*.geo"), key=lambda p: int(p.stem) if p.stem.isdigit() else 0)
    with contextlib.ExitStack() as stack:
        out = Path(sys.argv[3]) if len(sys.argv) > 3 else Path(stack.enter_context(tempfile.TemporaryDirectory()))
        out.mkdir(parents=True, exist_ok=True)
        with mp.get_context("fork").Pool(workers) as pool:
            rows = list(tqdm(pool.imap(partial(draw, out=out), files, chunksize=4), total=len(files),
                             desc="figures", unit="figure", file=sys.stderr))
    drawn = [r for r in rows if r["rc"] == 0]
    secs = [r["s"] for r in rows] or [0.0]
    print(json.dumps({"figures": len(rows), "drawn": len(drawn),
                      "labels_complete": sum(bool(r.get("labelled")) for r in drawn),
                      "png_ok": sum(bool(r.get("png")) for r in drawn),
                      "cpu_s_mean": round(statistics.mean(secs), 3), "cpu_s_median": round(statistics.median(secs), 3),
                      "cpu_s_max": max(secs),
                      "failures": collections.Counter(r["error"][:60] for r in rows if r["rc"] != 0).most_common(),
                      "failed": [r["id"] for r in rows if r["rc"] != 0][:50]}, indent=1))


if __name__ == "__main__":
    main()
