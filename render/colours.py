"""Fill colours with names a sentence can use ("the gray triangle").

Chosen to be told apart at a glance and at any fill opacity the renderer
allows; the names are plain English words, not matplotlib's.
"""
from __future__ import annotations

import random

PALETTE: dict[str, tuple[float, float, float]] = {
    "gray": (0.55, 0.55, 0.55),
    "blue": (0.25, 0.45, 0.95),
    "green": (0.20, 0.70, 0.30),
    "orange": (1.00, 0.55, 0.10),
    "purple": (0.60, 0.30, 0.80),
    "red": (0.90, 0.20, 0.20),
    "cyan": (0.10, 0.80, 0.85),
    "brown": (0.60, 0.35, 0.15),
    "yellow": (0.95, 0.85, 0.10),
    "pink": (1.00, 0.45, 0.75),
    "lime": (0.60, 0.95, 0.20),
}


def assign(names: list[str], seed: int) -> dict[str, str]:
    """A distinct colour name per shape, shuffled by the seed (deterministic)."""
    order = list(PALETTE)
    random.Random(f"colours:{seed}").shuffle(order)
    if len(names) > len(order):
        raise ValueError(f"only {len(order)} distinct fill colours for {len(names)} shapes")
    return {n: order[i] for i, n in enumerate(names)}
