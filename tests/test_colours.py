"""The fill colours are named as a reader names what the figure shows (the fill blended with the
white page at the default opacity), checked against a table of named colours that is not geomill's:
examples from the xkcd colour-name survey, grouped by the word a reader would use."""
from __future__ import annotations

import itertools

import numpy as np
from geomill.render.colours import FILL_OPACITY, PALETTE

NAMED = {
    "red": ["#e50000", "#ff474c", "#d01c1f"], "pink": ["#ff81c0", "#ffd1df", "#ff63e9", "#f7879a"],
    "salmon": ["#ff796c"], "peach": ["#ffb07c"], "orange": ["#f97306", "#fdaa48", "#ff964f"],
    "yellow": ["#ffff14", "#fffe7a", "#faee66"], "green": ["#15b01a", "#96f97b", "#76cd26", "#89fe05"],
    "lime": ["#aaff32"], "blue": ["#0343df", "#95d0fc", "#7bc8f6", "#3d7afd", "#75bbfd"],
    "cyan": ["#00ffff", "#acfffc", "#0fcfc0"], "teal": ["#029386", "#24bca8"],
    "purple": ["#7e1e9c", "#bf77f6", "#c48efd", "#9a0eea"], "lavender": ["#c79fef"],
    "magenta": ["#c20078"], "brown": ["#653700", "#ad8150", "#96592c"], "tan": ["#d1b26f"], "beige": ["#e6daa6"],
    "gray": ["#929591", "#d8dcd6", "#c5c9c7", "#b0b0b0"], "mauve": ["#ae7181"], "olive": ["#6e750e"],
    "khaki": ["#aaa662"], "mint": ["#9ffeb0"], "navy": ["#01153e"], "maroon": ["#650021"],
}
MARGIN = 8.0  # CIELAB ΔE: the own name nearer than any other by at least this
DISTINCT = 20.0  # ΔE between any two fills as seen


def lab(rgb) -> np.ndarray:
    """sRGB (0..1) -> CIELAB (D65)."""
    c = np.asarray(rgb, dtype=float)
    c = np.where(c > 0.04045, ((c + 0.055) / 1.055) ** 2.4, c / 12.92)
    m = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
    xyz = m @ c / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > 216 / 24389, np.cbrt(xyz), (24389 / 27 * xyz + 16) / 116)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def seen(rgb, opacity: float = FILL_OPACITY) -> np.ndarray:
    return lab([opacity * x + 1 - opacity for x in rgb])


def names_by_distance(rgb) -> list[tuple[float, str]]:
    hexes = {n: [lab([int(h[i:i + 2], 16) / 255 for i in (1, 3, 5)]) for h in hs] for n, hs in NAMED.items()}
    return sorted((min(float(np.linalg.norm(rgb - x)) for x in xs), n) for n, xs in hexes.items())


def test_every_fill_reads_as_its_name():
    for name, rgb in PALETTE.items():
        ranked = names_by_distance(seen(rgb))
        assert ranked[0][1] == name, (name, ranked[:3])
        assert ranked[1][0] - ranked[0][0] >= MARGIN, (name, ranked[:3])


def test_fills_are_told_apart():
    for a, b in itertools.combinations(PALETTE, 2):
        assert np.linalg.norm(seen(PALETTE[a]) - seen(PALETTE[b])) >= DISTINCT, (a, b)


def test_the_table_catches_the_old_pastel_red():
    """Red drawn at half opacity (the issue's salmon #f29898) is not read as red."""
    assert names_by_distance(seen((0.9, 0.2, 0.2), 0.5))[0][1] != "red"
