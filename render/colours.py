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


# -- legibility: WCAG 2 contrast ----------------------------------------------------------------------------
MIN_CONTRAST = 4.5  # WCAG's least contrast for text (a label is text): issue 38 read dark red on red at 3.57


def linear(channel: float) -> float:
    """An sRGB channel (0..1) as linear light (WCAG 2's relative luminance)."""
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def luminance(rgb: tuple[float, float, float]) -> float:
    """WCAG 2's relative luminance of an sRGB colour (channels 0..1)."""
    r, g, b = (linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(l1: float, l2: float) -> float:
    """WCAG 2's contrast ratio of two relative luminances (1 to 21)."""
    hi, lo = max(l1, l2), min(l1, l2)
    return (hi + 0.05) / (lo + 0.05)


def legible(rgb: tuple[float, float, float], ground: float) -> tuple[float, float, float]:
    """``rgb``, darkened just enough (its hue kept, in steps of 5 %) to stand MIN_CONTRAST against a ground
    of luminance ``ground``, as 8-bit channels paint it; white where even black cannot (a dark ground)."""
    for k in range(20, -1, -1):
        c = tuple(round(255 * v * k / 20) / 255 for v in rgb)
        if contrast(luminance(c), ground) >= MIN_CONTRAST:
            return rgb if k == 20 else c
    return (1.0, 1.0, 1.0) if contrast(1.0, ground) >= contrast(0.0, ground) else (0.0, 0.0, 0.0)
