"""Any OpenAI-compatible chat completions server (``vllm serve``, hosted providers).

Standard library only: a bounded thread pool of ``urllib`` requests, images as base64 PNG data
URLs, retries with exponential backoff on 429, 5xx, timeouts and dropped connections. The API
key is read from the environment variable named by ``api_key_env`` and only ever put in the
``Authorization`` header, sent to ``--base-url`` alone: a redirect (urllib would forward the
header to whatever host ``Location`` names) is refused, and the key, or anything shaped like
one, is redacted from every error message (a server may echo it: "Incorrect API key: sk-…")."""
from __future__ import annotations

import http.client
import json
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait

from geomill.engine.errors import GeomillError
from geomill.engine.jsontext import loads
from geomill.engine.redact import redact, remember

from ..types import Request, Response
from . import BackendOptions
from .chat import openai_messages

RETRY_STATUS = frozenset({408, 409, 425, 429, 500, 502, 503, 504})


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """Every redirect is an error, never followed: following one would send the key (and the
    request) to another host, and a POST turned into a GET cannot be a chat completion anyway."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        where = urllib.parse.urlsplit(newurl)
        raise urllib.error.HTTPError(req.full_url, code, f"redirect to {where.scheme}://{where.netloc} refused "
                                     "(give that address as --base-url)", headers, fp)


_OPENER = urllib.request.build_opener(_NoRedirect)
MAX_REPLY = 64 * 2**20  # bytes: a chat completion is kilobytes; a runaway server is not read to the end


def _content(content: object) -> str:
    """A message's text: a string, or the text parts of a list of parts (the newer API shape);
    anything else is an unreadable reply (an error, retried by the next run), never an empty answer."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list) and all(isinstance(p, dict) for p in content):
        texts = [p.get("text") for p in content if p.get("type", "text") in ("text", "output_text")]
        if all(isinstance(t, str) for t in texts):
            return "".join(texts)
    raise ValueError(f"the message content is a {type(content).__name__}, not text")


def _count(n: object) -> int | None:
    return n if isinstance(n, int) and not isinstance(n, bool) and n >= 0 else None


class OpenAIBackend:
    name = "openai"

    def __init__(self, opts: BackendOptions):
        if not opts.base_url:
            raise GeomillError("the openai backend needs --base-url (e.g. http://127.0.0.1:8000/v1)")
        if not opts.model:
            raise GeomillError("the openai backend needs --model (the name the server knows the model by)")
        self.url = opts.base_url.rstrip("/") + "/chat/completions"
        self.model = opts.model
        self.headers = {"Content-Type": "application/json"}
        if opts.api_key_env:
            key = os.environ.get(opts.api_key_env)
            if not key:
                raise GeomillError(f"environment variable {opts.api_key_env} (--api-key-env) is not set")
            if any(ch in key for ch in "\r\n") or len(key.strip()) < 4:
                raise GeomillError(f"environment variable {opts.api_key_env} (--api-key-env) holds no usable key")
            key = key.strip()
            remember(key)
            self.headers["Authorization"] = f"Bearer {key}"
        self.opts = opts
        self.pool = ThreadPoolExecutor(max(1, opts.concurrency), thread_name_prefix="geomill-openai")

    def body(self, req: Request) -> dict:
        s = req.sampling
        body = {"model": self.model, "messages": openai_messages(req), "max_tokens": s.max_tokens,
                "temperature": s.temperature, "top_p": s.top_p, "seed": s.seed}
        if s.choices:
            body["structured_outputs"] = {"choice": list(s.choices)}  # vLLM's server extension
        return body

    def _post(self, data: bytes) -> dict:
        request = urllib.request.Request(self.url, data=data, headers=self.headers, method="POST")
        with _OPENER.open(request, timeout=self.opts.timeout_s) as reply:
            body = reply.read(MAX_REPLY + 1)
        if len(body) > MAX_REPLY:
            raise ValueError(f"the reply is larger than {MAX_REPLY // 2**20} MiB")
        try:
            return loads(body.decode("utf-8"))
        except GeomillError as exc:
            raise ValueError(exc.message) from None

    def one(self, req: Request) -> Response:
        data = json.dumps(self.body(req)).encode()
        start = time.perf_counter()
        error = "no attempt"
        for attempt in range(self.opts.max_retries + 1):
            wait_s = self.opts.backoff_s * 2 ** attempt
            error_short = ""
            try:
                reply = self._post(data)
                choice = reply["choices"][0]["message"]
                usage = reply.get("usage") or {}
                return Response(req.id, _content(choice.get("content")), time.perf_counter() - start,
                                _count(usage.get("prompt_tokens")), _count(usage.get("completion_tokens")))
            except urllib.error.HTTPError as exc:
                body = exc.read(200).decode("utf-8", "replace") if exc.fp is not None else ""
                error = redact(f"HTTP {exc.code}: {body or exc.msg}")
                error_short = f"HTTP {exc.code}"
                if exc.code not in RETRY_STATUS:
                    break
                retry_after = exc.headers.get("Retry-After", "")
                if retry_after.replace(".", "", 1).isdigit():
                    wait_s = float(retry_after)
            except (urllib.error.URLError, TimeoutError, ConnectionError, http.client.HTTPException) as exc:
                error = redact(f"{type(exc).__name__}: {exc}")
                reason = getattr(exc, "reason", exc)
                error_short = redact(getattr(reason, "strerror", None) or str(reason) or type(exc).__name__)
            except (ValueError, KeyError, IndexError, TypeError, AttributeError) as exc:
                error = redact(f"unreadable reply: {exc}")
                break
            if attempt < self.opts.max_retries:
                _say(f"{req.id}: retrying in {min(wait_s, 60.0):g} s: {error_short} "
                     f"({attempt + 1}/{self.opts.max_retries})")
                time.sleep(min(wait_s, 60.0))
        return Response(req.id, "", time.perf_counter() - start, error=error)

    def generate(self, requests: Sequence[Request]) -> Iterator[Response]:
        """At most ``concurrency`` requests in flight; responses in completion order."""
        todo = iter(requests)
        pending: set[Future] = set()
        try:
            while True:
                while len(pending) < self.opts.concurrency:
                    req = next(todo, None)
                    if req is None:
                        break
                    pending.add(self.pool.submit(self.one, req))
                if not pending:
                    return
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    yield future.result()
        finally:
            for future in pending:
                future.cancel()

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)


def _say(message: str) -> None:
    """A retry, said as it happens (above the progress bar, which tqdm redraws)."""
    from tqdm import tqdm

    tqdm.write(message, file=sys.stderr)


def make(opts: BackendOptions) -> OpenAIBackend:
    return OpenAIBackend(opts)
