"""An optional judge model for the answers the extraction rules refuse (off by default).

VisOnlyQA read its responses with GPT-4o; lmms-eval and VLMEvalKit fall back to a judge model where
their rules fail.  Here the rules (:mod:`.extract`) read every response first; only a response they
refuse is shown to the judge (``--judge BACKEND:MODEL``, any registered backend), with the question
type and options, and the judge's short reply is read by the same rules.  What the judge read is
counted apart (``judged`` in every report), never mixed silently with what the rules read.

Replies are cached next to the responses (``judge.jsonl``: one line per judged item, keyed by a hash
of the judge, the prompt version and the prompt), so a rerun asks nothing twice.
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from pathlib import Path

from geomill.engine.errors import GeomillError

from .score import score_item
from geomill.dataset.jsonl import read_jsonl
from geomill.dataset.responses import ResponseStore
from ..types import Message, Request, Sampling

VERSION = "judge/v1"
CACHE = "judge.jsonl"
_FORM = {"number": "the final number only (digits, no units)",
         "choice": "the letter of the one option it chose only",
         "truefalse": "True or False only",
         "multi": "the letters of every option it chose, separated by commas"}


def parse_spec(spec: str) -> tuple[str, str]:
    """``BACKEND:MODEL`` (the model may itself hold colons: ``openai:gpt-4o:2024-08-06``)."""
    backend, sep, model = spec.partition(":")
    if not sep or not backend.strip() or not model.strip():
        raise GeomillError(f"--judge {spec!r}: give BACKEND:MODEL, e.g. openai:gpt-4o")
    return backend.strip(), model.strip()


def prompt(item: Mapping) -> str:
    """What the judge is asked: the response, what kind of answer to read out of it, and 'none' to refuse."""
    rtype = item["response_type"]
    options = item.get("options")
    lines = ["Below is a model's response to a question. What final answer does the response give?",
             f"Reply with {_FORM[rtype]}, or with 'none' if the response gives no single answer. Do not solve "
             "the question yourself."]
    if item.get("question"):
        lines += ["", "Question:", str(item["question"])]
    if isinstance(options, Mapping):
        lines += ["", "Options:"] + [f"({k}) {v}" for k, v in options.items()]
    elif options:
        lines += ["", "Options: " + ", ".join(str(o) for o in options)]
    lines += ["", "Response:", str(item.get("response") or "")]
    return "\n".join(lines)


def _key(spec: str, item: Mapping) -> str:
    return hashlib.sha256(json.dumps([VERSION, spec, prompt(item)], ensure_ascii=False).encode()).hexdigest()


def judge(items: Sequence[dict], spec: str, cache: str | Path, **options) -> list[dict]:
    """The items again, those whose extraction failed read by the judge where it gives an answer
    (``judged: true``, ``judge``, ``judge_reply``); ``options`` are the judge backend's (base_url …)."""
    backend_name, model = parse_spec(spec)
    failed = [it for it in items if it.get("extraction_failed")]
    keys = {str(it["id"]): _key(spec, it) for it in failed}
    store = ResponseStore(cache)
    todo = [it for it in failed if store.done(str(it["id"]), keys[str(it["id"])]) is None]
    if todo:
        from ..backends import get_backend  # the answer readers load no backend unless a judge is asked

        backend = get_backend(backend_name, model=model, **options)
        try:
            requests = [Request(str(it["id"]), (Message("user", (prompt(it),)),), Sampling(max_tokens=64))
                        for it in todo]
            for response in backend.generate(requests):
                if response.error is None:
                    store.append({"id": response.id, "request_hash": keys[response.id], "judge": spec,
                                  "reply": response.text})
        finally:
            store.close(keys)
            backend.close()
    out = []
    for it in items:
        row = store.done(str(it["id"]), keys[str(it["id"])]) if it.get("extraction_failed") else None
        out.append(score_item({**it, "judge": spec, "judge_reply": row["reply"]}) if row else it)
    return out


def cached(items: Sequence[dict], cache: str | Path) -> list[dict]:
    """The items with the judge's cached readings applied (no judge is asked): a report on a run folder."""
    rows = [row for _, row in read_jsonl(cache, "skip", whole_lines=True, missing_ok=True)]
    by_id = {str(r["id"]): r for r in rows if isinstance(r.get("judge"), str)}
    out = []
    for it in items:
        row = by_id.get(str(it["id"])) if it.get("extraction_failed") else None
        if row is not None and row.get("request_hash") == _key(row["judge"], it):
            it = score_item({**it, "judge": row["judge"], "judge_reply": row.get("reply")})
        out.append(it)
    return out


def judged(items: Sequence[Mapping]) -> int:
    return sum(bool(it.get("judged")) for it in items)
