"""What every plot geomill writes keeps to, so that a paper can print it as it is.

Why one place: ``geomill stats``, ``report``, ``eval`` and ``grade`` each draw their own plots, and a
reader of a paper judges them together: every axis says what it counts and in what unit, category
names are whole (wrapped, never cut), counts have whole-number ticks, no bar or point sits on the
frame (headroom above the largest value), and every category is shown or the rest grouped under a
bar that says how many it holds.  Each plot is built as a matplotlib Figure (``build`` functions)
and only then saved, so that tests read the Axes' data rather than pixels.
"""
from __future__ import annotations

import io
import re
from collections.abc import Sequence
from pathlib import Path

WRAP = 18  # characters per line of a category name
MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*", "<", ">")
HEADROOM = 0.12  # of the largest value, above it


def pyplot():
    """matplotlib's pyplot on the Agg backend (imported only by the commands that plot)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def wrap(name: object, width: int = WRAP) -> str:
    """A category name on as many lines as it needs, whole: broken after spaces, underscores, slashes
    and commas where it can be, a piece longer than ``width`` cut into pieces (nothing dropped;
    joining the lines gives the name back, bar the spaces a break replaces)."""
    pieces = re.findall(r"[^ _/,]*[_/,]|[^ _/,]+", str(name))
    lines: list[str] = []
    line = ""
    for piece in pieces:
        while len(piece) > width:
            if line:
                lines.append(line)
                line = ""
            lines.append(piece[:width])
            piece = piece[width:]
        glue = "" if not line or line.endswith(("_", "/", ",")) else " "
        if len(line) + len(glue) + len(piece) <= width:
            line += glue + piece
        else:
            lines.append(line)
            line = piece
    lines.append(line)
    return "\n".join(x for x in lines if x) or ""


def group_rest(items: Sequence[tuple[object, float]], keep: int) -> list[tuple[str, float]]:
    """The first ``keep`` items (name, count) as they are; the rest summed under one named bar that
    says how many categories it holds (``keep`` counts that bar: at most ``keep`` bars in all)."""
    items = [(str(k), v) for k, v in items]
    if len(items) <= keep:
        return items
    head, rest = items[: keep - 1], items[keep - 1:]
    return head + [(f"other ({len(rest)} categories)", sum(v for _, v in rest))]


def count_axis(axis) -> None:
    """Whole-number ticks on an axis of counts (x or y of some Axes)."""
    from matplotlib.ticker import MaxNLocator
    axis.set_major_locator(MaxNLocator(integer=True))


def headroom(top: float, floor: float = 1.0) -> float:
    """An upper limit above ``top`` by HEADROOM (at least ``floor``), so the tallest bar stays off the frame."""
    return max(top * (1 + HEADROOM), top + floor * HEADROOM, floor)


def save(fig, path: str | Path) -> None:
    """The figure written atomically, in the format its suffix names (PNG by default), and closed."""
    from geomill.dataset.files import write_bytes

    buf = io.BytesIO()
    fmt = Path(path).suffix.lstrip(".").lower() or "png"
    fig.savefig(buf, format=fmt, dpi=fig.dpi, metadata={"Software": None} if fmt == "png" else None)
    pyplot().close(fig)
    write_bytes(path, buf.getvalue())
