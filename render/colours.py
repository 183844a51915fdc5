"""Fill colours with names a sentence can use ("the gray triangle").

A reader names the colour the figure shows: the fill blended with the white page at the
renderer's opacity, not the fill itself.  At half opacity every fill is a pastel (red reads as
salmon or pink, orange as peach), so fills are drawn at ``FILL_OPACITY``, where each colour
below, as seen, lies nearest the colour-name survey's examples of its own name and well away from
every other name's (tests/test_colours.py holds a table of named colours and checks it).
"""
from __future__ import annotations

import random

FILL_OPACITY = 0.7

PALETTE: dict[str, tuple[float, float, float]] = {
    "gray": (0.40, 0.45, 0.40),
    "blue": (0.10, 0.65, 1.00),
    "green": (0.40, 0.95, 0.25),
    "orange": (1.00, 0.55, 0.00),
    "purple": (0.65, 0.25, 0.95),
    "red": (1.00, 0.00, 0.00),
    "cyan": (0.45, 1.00, 1.00),
    "brown": (0.50, 0.25, 0.00),
    "yellow": (1.00, 1.00, 0.25),
    "pink": (1.00, 0.30, 0.65),
    "lime": (0.55, 1.00, 0.00),
}


def assign(names: list[str], seed: int) -> dict[str, str]:
    """A distinct colour name per shape, shuffled by the seed (deterministic)."""
    order = list(PALETTE)
    random.Random(f"colours:{seed}").shuffle(order)
    if len(names) > len(order):
        raise ValueError(f"only {len(order)} distinct fill colours for {len(names)} shapes")
    return {n: order[i] for i, n in enumerate(names)}
