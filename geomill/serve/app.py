"""The playground's HTTP server: static pages, a JSON API, files of the served folder.

Standard library only (``http.server``, one thread a request).  Problem texts go to worker
processes (``pool.py``) under the command line's limits: a text of at most the reader's size, a
problem's 30 CPU seconds of ``geomill import --records``.  Dataset files are read only inside the
served folder (``data.Root``).  Every failure is a JSON ``{"error": ...}`` answer, never a stopped
server.
"""
from __future__ import annotations

import functools
import json
import mimetypes
import sys
import threading
import urllib.parse
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from geomill.engine.errors import GeomillError

from .data import Folder, Refused, Root, Run
from .pool import JobFailed, Pool

STATIC = Path(__file__).with_name("static")
PAGES = {"/": "playground.html", "/playground": "playground.html", "/dataset": "dataset.html"}
DOWNLOADS = {"png": "image/png", "svg": "image/svg+xml", "record": "application/json"}
SERVED_SUFFIXES = {".png": "image/png", ".json": "application/json", ".svg": "image/svg+xml"}


def limits() -> tuple[int, float]:
    """(bytes of a request body, seconds of a problem): the reader's largest text in any UTF-8, and
    the CPU time ``geomill import --records`` gives a problem."""
    from geomill.dsl.syntax import MAX_SOURCE
    from geomill.generate.textbook import Options

    return 4 * MAX_SOURCE + 4096, Options.timeout


@functools.cache
def keywords() -> list[str]:
    """The language's words, from its own definitions: the catalogue's shape forms, the element
    forms, the general language's statements and relation blocks, the goal word."""
    import re

    from geomill.dsl.general import STATEMENT_WORDS
    from geomill.dsl.syntax import GOAL_WORD
    from geomill.engine.catalogue import KINDS
    from geomill.engine.model import ELEMENT_FORMS
    from geomill.engine.plane import ELEMENT_VOCABULARY, TRIG
    from geomill.engine.relations import BLOCKS

    forms = [f for k in KINDS.values() for f in k.forms] + list(ELEMENT_FORMS.values())
    forms += [f for b in BLOCKS for f in b.forms]
    words = {w for f in forms for w in re.findall(r"(?<![{\w])[a-z]+(?![\w}])", f)}
    return sorted(words | set(STATEMENT_WORDS) | set(ELEMENT_VOCABULARY) | set(TRIG) | {GOAL_WORD})


def examples() -> list[dict]:
    """Problems to start from: a checkout's examples, GeomVerse (examples/*.geo) and textbook
    (examples/textbook/*.geo); none where geomill is installed without its repository."""
    found = []
    repo = Path(__file__).resolve().parents[2] / "examples"
    for folder, kind in ((repo, "GeomVerse"), (repo / "textbook", "textbook")):
        for path in sorted(folder.glob("*.geo")) if folder.is_dir() else []:
            found.append({"name": path.stem, "kind": kind, "text": path.read_text(encoding="utf-8")})
    return found


class App:
    """What the handlers share: the worker pool, the served folder, the opened datasets and runs."""

    def __init__(self, data: Path | None, workers: int = 2, warm: bool = True, timeout: float | None = None) -> None:
        self.max_body, self.timeout = limits()
        self.timeout = timeout or self.timeout
        self.pool = Pool(workers, self.timeout, warm)
        self.root = Root(data) if data is not None else None
        self._opened: dict[tuple[type, str], Folder | Run] = {}
        self._lock = threading.Lock()

    def folder(self, rel: str) -> Folder:
        return self._open(Folder, rel)

    def run(self, rel: str) -> Run:
        return self._open(Run, rel)

    def _open(self, kind: type, rel: str):
        """A dataset folder or run, opened once (by its path inside the root) and kept."""
        root = self._need_root()
        key = (kind, root.rel(root.inside(rel)))
        with self._lock:
            if key not in self._opened:
                self._opened[key] = kind.open(root, key[1])
            return self._opened[key]

    def _need_root(self) -> Root:
        if self.root is None:
            raise Refused("no folder is served: start with geomill serve --data DIR")
        return self.root


class Handler(BaseHTTPRequestHandler):
    server_version = "geomill"
    app: App  # set on the class made by make_server

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        pass  # quiet: the command prints its URL and errors only

    # -- answering ------------------------------------------------------------------------------------
    def _send(self, status: int, body: bytes, ctype: str, extra: dict[str, str] | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Content-Security-Policy", "default-src 'self'; img-src 'self' data: blob:; "
                                                    "style-src 'self' 'unsafe-inline'; font-src 'self'")
        for k, v in (extra or {}).items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(body)

    def _json(self, value: Any, status: int = 200) -> None:
        self._send(status, json.dumps(value, ensure_ascii=False, allow_nan=False, default=str).encode(),
                   "application/json; charset=utf-8")

    def _error(self, status: int, message: str) -> None:
        self._json({"error": {"message": message}}, status)

    def _guard(self, fn) -> None:
        try:
            fn()
        except Refused as exc:
            self._error(HTTPStatus.FORBIDDEN, str(exc))
        except GeomillError as exc:
            self._error(HTTPStatus.UNPROCESSABLE_ENTITY, str(exc))
        except JobFailed as exc:
            self._error(HTTPStatus.SERVICE_UNAVAILABLE, str(exc))
        except (BrokenPipeError, ConnectionResetError):
            pass
        except Exception as exc:  # noqa: BLE001 - one request's failure, the server goes on
            print(f"geomill serve: internal error on {self.path[:200]}: {type(exc).__name__}: {exc}", file=sys.stderr)
            self._error(HTTPStatus.INTERNAL_SERVER_ERROR, f"internal error: {type(exc).__name__}")

    # -- GET ------------------------------------------------------------------------------------------
    def do_GET(self) -> None:  # noqa: N802 - the base class's name
        self._guard(self._get)

    def _get(self) -> None:
        url = urllib.parse.urlsplit(self.path)
        q = {k: v[-1] for k, v in urllib.parse.parse_qs(url.query).items()}
        if url.path in PAGES:
            return self._static(PAGES[url.path])
        if url.path == "/favicon.ico":
            return self._send(HTTPStatus.NO_CONTENT, b"", "image/x-icon")
        if url.path.startswith("/static/"):
            return self._static(url.path[len("/static/"):])
        if url.path == "/api/meta":
            return self._json({"keywords": keywords(), "examples": examples(), "data": self.app.root is not None,
                               "max_body": self.app.max_body, "timeout": self.app.timeout})
        if url.path == "/api/folders":
            root = self.app._need_root()
            return self._json({"root": root.path.name, **root.folders()})
        if url.path == "/api/facets":
            return self._json(self.app.folder(q.get("path", ".")).facets())
        if url.path == "/api/records":
            return self._records(q)
        if url.path == "/api/file":
            return self._file(q.get("path", ""))
        self._error(HTTPStatus.NOT_FOUND, "no such page")

    def _static(self, name: str) -> None:
        path = (STATIC / name).resolve()
        if STATIC.resolve() not in path.parents or not path.is_file():
            return self._error(HTTPStatus.NOT_FOUND, "no such file")
        ctype = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        if ctype.startswith("text/") or ctype.endswith("javascript"):
            ctype += "; charset=utf-8"
        self._send(200, path.read_bytes(), ctype, {"Cache-Control": "no-cache"})

    def _records(self, q: dict[str, str]) -> None:
        folder = self.app.folder(q.get("path", "."))
        page = folder.page(_int(q.get("offset"), 0), _int(q.get("limit"), 50),
                           {k: q.get(k, "") for k in ("part", "depth", "family", "task")})
        if q.get("run") and "records" in page:
            run = self.app.run(q["run"])
            for rec in page["records"]:
                rec["run"] = run.of(rec["id"])
        self._json(page)

    def _file(self, rel: str) -> None:
        ctype = SERVED_SUFFIXES.get(Path(rel).suffix.lower())
        if ctype is None:
            raise Refused("only figures (.png, .svg) and their labels (.json) are served")
        self._send(200, self.app._need_root().read(rel), ctype, {"Cache-Control": "max-age=3600"})

    # -- POST -----------------------------------------------------------------------------------------
    def do_POST(self) -> None:  # noqa: N802
        self._guard(self._post)

    def _post(self) -> None:
        url = urllib.parse.urlsplit(self.path)
        length = _int(self.headers.get("Content-Length"), -1)
        if length < 0 or length > self.app.max_body:
            self.close_connection = True
            if 0 < length <= 4 * self.app.max_body:  # read (and drop) it, so the client hears the answer
                self.rfile.read(length)
            return self._error(HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                               f"a request is at most {self.app.max_body:,} bytes (the longest problem read)")
        try:
            body = json.loads(self.rfile.read(length) or b"{}")
        except ValueError:
            return self._error(HTTPStatus.BAD_REQUEST, "the request is not JSON")
        body = body if isinstance(body, dict) else {}
        text, opts = body.get("text"), body.get("options", {})
        if not isinstance(text, str) or not isinstance(opts, dict):
            return self._error(HTTPStatus.BAD_REQUEST, 'send {"text": "...", "options": {...}}')
        if url.path == "/api/problem":
            return self._problem(text, opts)
        kind = url.path.removeprefix("/api/download/")
        if kind in DOWNLOADS:
            status, value = self.app.pool.run(kind, text, opts)
            if status != "ok":
                return self._json({"error": value}, HTTPStatus.UNPROCESSABLE_ENTITY)
            data = value if isinstance(value, bytes) else (json.dumps(value, ensure_ascii=False, indent=1) + "\n")
            data = data if isinstance(data, bytes) else data.encode()
            return self._send(200, data, DOWNLOADS[kind])
        self._error(HTTPStatus.NOT_FOUND, "no such action")


    def _problem(self, text: str, opts: dict) -> None:
        """JSON lines, each sent when ready: a general problem's figure first, then the whole answer
        (the connection closes after the last)."""
        self.send_response(200)
        self.send_header("Content-Type", "application/x-ndjson; charset=utf-8")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        self.close_connection = True

        def line(value: dict) -> None:
            self.wfile.write(json.dumps(value, ensure_ascii=False, allow_nan=False, default=str).encode() + b"\n")
            self.wfile.flush()

        try:
            status, value = self.app.pool.run("problem", text, opts, on_part=line)
        except JobFailed as exc:
            status, value = "error", {"message": str(exc), "where": str(exc)}
        line(value if status == "ok" else {"error": value})


def _int(text: str | None, default: int) -> int:
    try:
        return int(text) if text is not None else default
    except ValueError:
        return default


def make_server(host: str, port: int, data: Path | None, workers: int = 2, warm: bool = True,
                timeout: float | None = None) -> ThreadingHTTPServer:
    """A server bound to host:port (port 0: any free one), not yet serving; its workers warmed up
    (a first problem's imports and caches) unless ``warm`` is False; ``timeout``: seconds a
    problem may take (default: the command line's)."""
    app = App(data, workers, warm, timeout)
    handler = type("BoundHandler", (Handler,), {"app": app})
    server = ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    server.app = app  # type: ignore[attr-defined]
    return server
