"""Say what a long step is doing while it does it: nothing a user waits on stays silent.

``Status("writing the report and plots")`` says nothing for a step that ends within ``after``
seconds (a quick step, or one that fails at once, leaves the output as it was: an error stays one
line). A step that runs longer gets its message on stderr then and, on a terminal, a spinner with
the elapsed seconds until it ends (a thread that only writes); off a terminal (logs, CI) the message
is printed once, and the time taken when the step ends.
"""
from __future__ import annotations

import sys
import threading
import time
from typing import TextIO

FRAMES = "|/-\\"


class Status:
    """A context manager: the message once the block has run ``after`` seconds, then ``message: done in N s``."""

    def __init__(self, message: str, enabled: bool = True, stream: TextIO | None = None, every: float = 0.25,
                 after: float = 1.0):
        self.message = message
        self.enabled = enabled
        self.stream = stream or sys.stderr
        self.every = every
        self.after = after
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._shown = False
        self._start = 0.0

    def _tty(self) -> bool:
        isatty = getattr(self.stream, "isatty", None)
        return bool(isatty and isatty())

    def _run(self) -> None:
        if self._stop.wait(self.after):
            return
        tty = self._tty()
        self.stream.write(f"{self.message} …" + ("" if tty else "\n"))
        self.stream.flush()
        self._shown = True
        k = 0
        while tty and not self._stop.wait(self.every):
            k += 1
            elapsed = time.perf_counter() - self._start
            self.stream.write(f"\r{self.message} {FRAMES[k % len(FRAMES)]} {elapsed:.0f} s\033[K")
            self.stream.flush()

    def __enter__(self) -> Status:
        self._start = time.perf_counter()
        if self.enabled:
            self._thread = threading.Thread(target=self._run, daemon=True)
            self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._thread is None:
            return
        self._stop.set()
        self._thread.join()
        if not self._shown:
            return
        start, end = ("\r", "\033[K\n") if self._tty() else ("", "\n")
        self.stream.write(f"{start}{self.message}: done in {time.perf_counter() - self._start:.1f} s{end}")
        self.stream.flush()
