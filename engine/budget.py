"""The time and memory a problem's searches may take: the numeric model's figure search and the
deduction check in here as they go, and past the budget stop with a one-line :class:`BudgetExceeded`
naming what was being done ("the figure search gave up after 6 s of CPU time: 30 points, 9
relations"), never a hang and never a ``MemoryError``.

Time is CPU seconds of this process, as an import's per-problem timeout counts them (a busy machine
does not cut off what an idle one finishes).  A budget is opened by whoever knows the limit (the
command line's ``--timeout``, an import's per-problem timeout) with :func:`limits`; a search that
finds none open opens the library default.  The memory budget is how far the process's resident size
grows from where it stood when the budget opened (what the search itself takes, not what a host
process such as a test run already holds), read every :data:`MEMORY_EVERY` checks."""
from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager

from .errors import SolveError

SECONDS = 60.0  # the library default (the command line's is its --timeout)
MEMORY = 768 * 2**20  # bytes the resident size may grow by
MEMORY_EVERY = 64  # checks between two readings of the resident size

_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
_open: list[tuple[float, float, int, int]] = []  # (deadline, seconds, memory, resident at opening), innermost last
_count = [0]
_stage: list[tuple[str, str]] = [("the search", "")]  # (what is being done, the problem's size), innermost last


class BudgetExceeded(SolveError):
    """A search ran past its time or memory budget."""


def resident() -> int:
    """This process's resident size in bytes (0 where /proc cannot say)."""
    try:
        with open("/proc/self/statm", "rb") as fh:
            return int(fh.read().split()[1]) * _PAGE
    except (OSError, ValueError, IndexError):
        return 0


@contextmanager
def limits(seconds: float | None = None, memory: int | None = None) -> Iterator[None]:
    """A budget of ``seconds`` of CPU time from now and ``memory`` bytes of growth in resident size for
    the block.  With no budget open and no ``seconds``, the library default; inside an open budget a
    call without ``seconds`` keeps the outer one."""
    if seconds is None and _open:
        yield
        return
    seconds = SECONDS if seconds is None else seconds
    _open.append((time.process_time() + seconds, seconds, memory or MEMORY, resident()))
    try:
        yield
    finally:
        _open.pop()


@contextmanager
def stage(what: str, about: str = "") -> Iterator[None]:
    """Name what the block does (``what``: "the figure search"; ``about``: the problem's size) for
    the message of a budget spent inside it."""
    _stage.append((what, about))
    try:
        yield
    finally:
        _stage.pop()


def check() -> None:
    """Raise :class:`BudgetExceeded` when the open budget is spent."""
    if not _open:
        return
    deadline, seconds, memory, start = _open[-1]
    what, about = _stage[-1]
    tail = f": {about}" if about else ""
    if time.process_time() > deadline:
        raise BudgetExceeded(f"{what} gave up after {seconds:g} s of CPU time{tail} "
                             "(a longer budget: --timeout SECONDS)")
    _count[0] += 1
    if _count[0] % MEMORY_EVERY == 0:
        grown = resident() - start
        if grown > memory:
            raise BudgetExceeded(f"{what} gave up after taking {grown / 2**20:,.0f} MB of memory "
                                 f"(the budget is {memory / 2**20:,.0f} MB){tail}")
