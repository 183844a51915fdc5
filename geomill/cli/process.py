"""A command run as a process of its own: start-up and exit without the garbage collector's walks.

Importing sympy and matplotlib makes about a million objects that live as long as the process.  While
they load, the collector's full collections walk them again and again, and the interpreter's last
collection at exit walks them once more: about 0.3 s of a ``geomill render`` that takes 0.7 s without
them.  In a process the command owns (``main`` reading the process's own command line), libraries
load with the collector paused and are then frozen (``gc.freeze``: kept out of every later walk), and
everything left is frozen at exit, when the process ends anyway.  A caller that runs ``main`` with
its own arguments inside a longer process (the tests) keeps its collector as it was.
"""
from __future__ import annotations

import atexit
import gc
from collections.abc import Iterator
from contextlib import contextmanager

_OWN = False


def own_process() -> None:
    """The command is this process: freeze every object at exit (once registered)."""
    global _OWN
    if not _OWN:
        _OWN = True
        atexit.register(gc.freeze)


@contextmanager
def loading() -> Iterator[None]:
    """A command's libraries being imported: in a process of its own, no collection meanwhile, and
    what they made frozen after; elsewhere nothing changes."""
    if not _OWN:
        yield
        return
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if enabled:
            gc.enable()
