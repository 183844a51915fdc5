"""Small generated datasets for the evaluation tests (made once per session, read-only)."""
from __future__ import annotations

from pathlib import Path

from geomill.generate import GenConfig, Part, run


def make_dataset(folder: Path, n: int = 6, train: int = 0, image_size: int = 128) -> Path:
    """``n`` depth-1/2 test problems with figures (and ``train`` train problems)."""
    cfg = GenConfig(depth=1, p_branch=0.0, image_size=image_size, randomize=True).validate()
    parts = [Part("test", "test", n, cfg)] + ([Part("train", "train", train, cfg)] if train else [])
    run(folder, parts, seed=7, shard_size=4, progress=False)
    return folder
