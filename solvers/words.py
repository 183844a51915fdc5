"""Small English joins shared by every writer of prose (GeomVerse's and the plane solver's)."""
from __future__ import annotations

from collections.abc import Sequence


def and_list(words: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c`` (empty for none)."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]
