"""Worker processes that run the playground's jobs under a time limit.

Why processes: solving and drawing are CPU-bound and may, on a hostile text, run long or die; a
worker past its time is killed and replaced, so one problem never stops the server and never
holds a thread.  Only the names in ``work.JOBS`` can be asked for; the text travels as data.
"""
from __future__ import annotations

import multiprocessing as mp
import queue
import threading
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

STARTUP = 120.0  # seconds a new worker may take to start and warm up


class JobFailed(Exception):
    """A job that timed out, or whose worker died: the message says which."""


def _serve(conn: Connection, warm: bool) -> None:
    """A worker's loop: warm up (when asked), then answer (job, text, options) with ("ok", value) or ("error", dict)."""
    import os
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole group: the server stops its workers
    os.environ.setdefault("MPLBACKEND", "Agg")
    from geomill.engine.errors import GeomillError

    from . import work

    try:
        if warm:
            work.warm_up()
    except Exception:  # noqa: BLE001 - a cold worker still answers
        pass
    conn.send(("ready", None))
    while True:
        try:
            name, text, opts = conn.recv()
        except EOFError:
            return
        try:
            if name == "problem":
                value = work.problem(text, opts, lambda early: conn.send(("part", early)))
            else:
                value = work.JOBS[name](text, opts)
            conn.send(("ok", value))
        except GeomillError as exc:
            conn.send(("error", work.error_dict(exc.located(work.FILE))))
        except RecursionError:
            conn.send(("error", work.error_dict(ValueError("the input is nested too deeply to read"))))
        except Exception as exc:  # noqa: BLE001 - reported to the page, the worker lives on
            conn.send(("error", work.error_dict(RuntimeError(f"internal error: {type(exc).__name__}: {exc}"))))


class _Worker:
    def __init__(self, ctx, warm: bool) -> None:
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=_serve, args=(child, warm), daemon=True)
        self.process.start()
        child.close()
        self.ready = False

    def wait_ready(self, timeout: float) -> bool:
        if not self.ready and self.conn.poll(timeout):
            self.ready = self.conn.recv()[0] == "ready"
        return self.ready

    def kill(self) -> None:
        self.process.kill()
        self.process.join(5)
        self.conn.close()


class Pool:
    """``n`` warm workers; ``run`` hands a job to an idle one and waits at most ``timeout`` seconds."""

    def __init__(self, n: int, timeout: float, warm: bool = True) -> None:
        self.timeout, self.warm = timeout, warm
        self._ctx = mp.get_context("spawn")
        self._idle: queue.Queue[_Worker] = queue.Queue()
        self._all: list[_Worker] = []
        self._lock = threading.Lock()
        for _ in range(n):
            self._add()

    def _add(self) -> None:
        w = _Worker(self._ctx, self.warm)
        with self._lock:
            self._all.append(w)
        self._idle.put(w)

    def _replace(self, w: _Worker) -> None:
        w.kill()
        with self._lock:
            if w in self._all:
                self._all.remove(w)
        self._add()

    def run(self, name: str, text: str, opts: dict, on_part: Callable[[dict], None] | None = None) -> tuple[str, Any]:
        """("ok", value) or ("error", error dict); JobFailed when no answer came in time.  What
        the job hands over early goes to ``on_part`` meanwhile."""
        try:
            w = self._idle.get(timeout=self.timeout)
        except queue.Empty:
            raise JobFailed(f"busy: no worker was free within {self.timeout:g} s") from None
        try:
            if not w.wait_ready(max(4 * self.timeout, STARTUP)):  # a worker's start and warm-up, once
                raise JobFailed("a worker did not start")
            w.conn.send((name, text, opts))
            deadline = time.monotonic() + self.timeout
            while True:
                if not w.conn.poll(max(0.0, deadline - time.monotonic())):
                    raise JobFailed(f"stopped after {self.timeout:g} s: the problem takes longer than the limit")
                tag, value = w.conn.recv()
                if tag != "part":
                    return tag, value
                if on_part is not None:
                    on_part(value)
        except (JobFailed, EOFError, OSError) as exc:
            self._replace(w)
            w = None
            if isinstance(exc, JobFailed):
                raise
            raise JobFailed("the worker died on this problem; a new one has started") from None
        finally:
            if w is not None:
                self._idle.put(w)

    def close(self) -> None:
        with self._lock:
            workers, self._all = self._all, []
        for w in workers:
            w.kill()
