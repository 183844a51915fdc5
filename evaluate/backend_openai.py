"""Any OpenAI-compatible chat completions server (``vllm serve``, hosted providers).

Standard library only: a bounded thread pool of ``urllib`` requests, images as base64 PNG data
URLs, retries with exponential backoff on 429, 5xx, timeouts and dropped connections. The API
key is read from the environment variable named by ``api_key_env`` and only ever put in the
``Authorization`` header."""
from __future__ import annotations

import http.client
import json
import os
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait

from geomill.engine.errors import GeomillError

from .backends import BackendOptions
from .chat import openai_messages
from .types import Request, Response

RETRY_STATUS = frozenset({408, 409, 425, 429, 500, 502, 503, 504})


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
        with urllib.request.urlopen(request, timeout=self.opts.timeout_s) as reply:
            return json.loads(reply.read())

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
                return Response(req.id, choice.get("content") or "", time.perf_counter() - start,
                                usage.get("prompt_tokens"), usage.get("completion_tokens"))
            except urllib.error.HTTPError as exc:
                error = f"HTTP {exc.code}: {exc.read()[:200].decode('utf-8', 'replace')}"
                error_short = f"HTTP {exc.code}"
                if exc.code not in RETRY_STATUS:
                    break
                retry_after = exc.headers.get("Retry-After", "")
                if retry_after.replace(".", "", 1).isdigit():
                    wait_s = float(retry_after)
            except (urllib.error.URLError, TimeoutError, ConnectionError, http.client.HTTPException) as exc:
                error = f"{type(exc).__name__}: {exc}"
                reason = getattr(exc, "reason", exc)
                error_short = getattr(reason, "strerror", None) or str(reason) or type(exc).__name__
            except (ValueError, KeyError, IndexError, TypeError) as exc:
                error = f"unreadable reply: {exc}"
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
