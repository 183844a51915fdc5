"""New textbook problems: random constructions from the relation blocks, the plane deduction run to
closure, a goal chosen by depth, traced back to the givens it needs, checked by solving the
written problem again; records in the ``geomill.textbook/1`` format (``geomill generate --world
textbook``).  ``problems`` yields generated problems with their exact figures, for other generators
(perception questions) to ask about."""
from __future__ import annotations

from collections.abc import Iterator

from .config import TextbookConfig
from .make import Made


def problems(seed, count: int, config: TextbookConfig | None = None, part: str = "data") -> Iterator[Made]:
    """``count`` generated problems for ``seed``: each a :class:`Made` with its text, parsed problem,
    solution and ``scene()`` (exact point coordinates, segments, lines, circles, polygons)."""
    from .records import problem_at

    cfg = (config or TextbookConfig()).validate()
    for index in range(count):
        made = next(iter(problem_at(cfg, seed, part, index)), None)
        if made is not None:
            yield made


__all__ = ["Made", "TextbookConfig", "problems"]
