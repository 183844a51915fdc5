"""Nothing a user waits on stays silent: status lines, retries said as they happen, bars that move."""
from __future__ import annotations

import io
import socket
import time

from geomill.evaluate.backends import BackendOptions
from geomill.evaluate.backends.openai import OpenAIBackend
from geomill.evaluate.status import Status
from geomill.evaluate.types import Message, Request, Sampling


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_status_off_a_terminal_prints_the_message_then_the_time():
    out = io.StringIO()
    with Status("writing the report", stream=out, after=0.05):
        time.sleep(0.2)
    lines = out.getvalue().splitlines()
    assert lines[0] == "writing the report …"
    assert lines[1].startswith("writing the report: done in ") and lines[1].endswith(" s")


def test_status_on_a_terminal_spins_with_the_elapsed_time():
    out = _Tty()
    with Status("plotting", stream=out, every=0.01, after=0.0):
        time.sleep(0.2)
    text = out.getvalue()
    assert text.startswith("plotting …")
    assert text.count("\rplotting ") >= 3  # the spinner turned while the block ran
    assert text.endswith("\n") and "plotting: done in 0." in text


def test_status_of_a_quick_step_says_nothing():
    """A step done (or failed) before ``after`` leaves the output as it was: an error stays one line."""
    out = _Tty()
    with Status("reading", stream=out, after=0.5):
        pass
    assert out.getvalue() == ""


def test_status_disabled_says_nothing():
    out = io.StringIO()
    with Status("quiet", enabled=False, stream=out):
        pass
    assert out.getvalue() == ""


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_openai_backend_says_each_retry_and_why(capsys):
    """With the server down it says so at once, retry by retry, instead of sitting at 0 %."""
    opts = BackendOptions(model="m", base_url=f"http://127.0.0.1:{_closed_port()}/v1", max_retries=2,
                          backoff_s=0.01, timeout_s=5)
    backend = OpenAIBackend(opts)
    try:
        response = backend.one(Request("q1", (Message("user", ("hi",)),), Sampling()))
    finally:
        backend.close()
    assert response.error is not None
    err = capsys.readouterr().err.splitlines()
    assert err == ["q1: retrying in 0.01 s: Connection refused (1/2)",
                   "q1: retrying in 0.02 s: Connection refused (2/2)"]
