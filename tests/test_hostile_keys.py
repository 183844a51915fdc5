"""Keys stay home: the API key goes to --base-url alone and never appears in anything geomill
prints or writes, whatever the server answers (a redirect to another host, an error body that
echoes the key, a reply of another shape)."""
from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from geomill.engine.redact import redact, remember

from geomill.cli import main

from .evaldata import make_dataset

KEY = "sk-hostile-test-0123456789abcdef"


class Server:
    """A local server on 127.0.0.1 that answers every POST with ``reply(handler)`` and records
    the Authorization header of every request it gets."""

    def __init__(self, reply):
        self.auth: list[str | None] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def _any(self):
                length = int(self.headers.get("Content-Length") or 0)
                self.rfile.read(length)
                server.auth.append(self.headers.get("Authorization"))
                status, headers, body = reply(self)
                self.send_response(status)
                for k, v in headers.items():
                    self.send_header(k, v)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            do_POST = do_GET = _any

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(scope="module")
def dataset(tmp_path_factory):
    return make_dataset(tmp_path_factory.mktemp("keyset"), n=2)


def _eval(dataset, url, out, capsys, monkeypatch):
    monkeypatch.setenv("GEOMILL_HOSTILE_KEY", KEY)
    rc = main(["eval", str(dataset), "--backend", "openai", "--model", "m", "--base-url", url,
               "--api-key-env", "GEOMILL_HOSTILE_KEY", "--retries", "0", "--out", str(out), "--quiet",
               "--no-plots"])
    captured = capsys.readouterr()
    return rc, captured.out + captured.err


def _nothing_holds_the_key(out, printed):
    assert KEY not in printed and KEY[:12] not in printed
    for path in out.rglob("*"):
        if path.is_file():
            assert KEY.encode() not in path.read_bytes(), path


def test_a_redirect_to_another_host_is_refused_and_the_key_never_leaves(dataset, tmp_path, capsys, monkeypatch):
    other = Server(lambda h: (200, {"Content-Type": "application/json"}, b'{"choices": []}'))
    first = Server(lambda h: (302, {"Location": other.url + "/chat/completions"}, b""))
    try:
        rc, printed = _eval(dataset, first.url, tmp_path / "o", capsys, monkeypatch)
    finally:
        first.close()
        other.close()
    assert first.auth and all(a == f"Bearer {KEY}" for a in first.auth)  # the key went where it was sent
    assert other.auth == []  # and nowhere else: the redirect was not followed
    assert rc == 1 and "redirect to http://127.0.0.1:" in printed and "refused" in printed
    _nothing_holds_the_key(tmp_path / "o", printed)


def test_a_server_that_echoes_the_key_does_not_get_it_printed(dataset, tmp_path, capsys, monkeypatch):
    body = json.dumps({"error": {"message": f"Incorrect API key provided: {KEY}. Bearer {KEY}"}}).encode()
    server = Server(lambda h: (401, {"Content-Type": "application/json"}, body))
    try:
        rc, printed = _eval(dataset, server.url, tmp_path / "o", capsys, monkeypatch)
    finally:
        server.close()
    assert rc == 1 and "HTTP 401" in printed and "Incorrect API key provided: [redacted]" in printed
    _nothing_holds_the_key(tmp_path / "o", printed)


@pytest.mark.parametrize("content, answered", [
    ([{"type": "text", "text": "The answer is 5."}], True),  # the newer list-of-parts shape: its text
    ({"text": "5"}, False),  # another shape: an error (retried by the next run), never an empty answer
    (7, False),
])
def test_a_reply_whose_content_is_not_text(dataset, tmp_path, capsys, monkeypatch, content, answered):
    body = json.dumps({"choices": [{"message": {"content": content}}]}).encode()
    server = Server(lambda h: (200, {"Content-Type": "application/json"}, body))
    try:
        rc, printed = _eval(dataset, server.url, tmp_path / "o", capsys, monkeypatch)
    finally:
        server.close()
    rows = [json.loads(x) for x in (tmp_path / "o" / "responses.jsonl").read_text().splitlines()] \
        if (tmp_path / "o" / "responses.jsonl").exists() else []
    if answered:
        assert rc == 0 and len(rows) == 2 and all("The answer is 5." in r["response"] for r in rows)
    else:
        assert rc == 1 and rows == [] and "not text" in printed


def test_a_hostile_reply_body_is_an_error_of_that_request(dataset, tmp_path, capsys, monkeypatch):
    nested = b'{"choices": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    server = Server(lambda h: (200, {"Content-Type": "application/json"}, nested))
    try:
        rc, printed = _eval(dataset, server.url, tmp_path / "o", capsys, monkeypatch)
    finally:
        server.close()
    assert rc == 1 and "unreadable reply" in printed and "Traceback" not in printed


def test_redact_hides_remembered_keys_and_keylike_text():
    remember("plain-secret-value")
    assert redact("the key plain-secret-value leaked") == "the key [redacted] leaked"
    assert redact("Incorrect API key provided: sk-abcdef123456") == "Incorrect API key provided: [redacted]"
    assert redact("Authorization: Bearer abc.def-123456") == "Authorization: Bearer [redacted]"
    assert redact("token hf_AbCdEf123456 and api_key=zz9988776655") == "token [redacted] and api_key=[redacted]"
    assert redact("a task-oriented answer: 12 sk-1") == "a task-oriented answer: 12 sk-1"  # words are kept
    assert redact("unexpected token: 'ABCDEFGH'") == "unexpected token: 'ABCDEFGH'"
