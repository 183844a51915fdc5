"""Say what a long step is doing while it does it: nothing a user waits on stays silent.

``Status("writing the report and plots")`` prints its message on stderr at once and, on a terminal,
keeps a spinner with the elapsed seconds turning until the step ends (a thread that only writes).
Off a terminal (logs, CI) the message is printed once, and the time taken when the step ends.
"""
from __future__ import annotations

import sys
import threading
import time
from typing import TextIO

FRAMES = "|/-\\"


class Status:
    """A context manager: the message while the block runs, then ``message: done in N s``."""

    def __init__(self, message: str, enabled: bool = True, stream: TextIO | None = None, every: float = 0.25):
        self.message = message
        self.enabled = enabled
        self.stream = stream or sys.stderr
        self.every = every
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._start = 0.0

    def _tty(self) -> bool:
        isatty = getattr(self.stream, "isatty", None)
        return bool(isatty and isatty())

    def _spin(self) -> None:
        k = 0
        while not self._stop.wait(self.every):
            k += 1
            elapsed = time.perf_counter() - self._start
            self.stream.write(f"\r{self.message} {FRAMES[k % len(FRAMES)]} {elapsed:.0f} s\033[K")
            self.stream.flush()

    def __enter__(self) -> Status:
        self._start = time.perf_counter()
        if not self.enabled:
            return self
        self.stream.write(f"{self.message} …" + ("" if self._tty() else "\n"))
        self.stream.flush()
        if self._tty():
            self._thread = threading.Thread(target=self._spin, daemon=True)
            self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if not self.enabled:
            return
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        start, end = ("\r", "\033[K\n") if self._thread is not None else ("", "\n")
        self.stream.write(f"{start}{self.message}: done in {time.perf_counter() - self._start:.1f} s{end}")
        self.stream.flush()
