"""An optional judge model for the answers the extraction rules refuse (off by default).

VisOnlyQA read its responses with GPT-4o; lmms-eval and VLMEvalKit fall back to a judge model where
their rules fail.  Here the rules (:mod:`.extract`) read every response first; only a response they
refuse is shown to the judge (``--judge BACKEND:MODEL``, any registered backend), with the question
type and options, and the judge's short reply is read by the same rules.  What the judge read is
counted apart (``judged`` in every report), never mixed silently with what the rules read.

The judge is asked by :mod:`geomill.evaluate.judging` (the one place that starts its backend);
here are its prompt, its cache's keys and the reading of cached replies. Replies are cached next to
the responses (``judge.jsonl``: one line per judged item, keyed by a hash
of the judge, the prompt version and the prompt), so a rerun asks nothing twice.
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from pathlib import Path

from geomill.dataset.jsonl import read_jsonl
from geomill.engine.errors import GeomillError

from .score import score_item

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


def reply_key(spec: str, item: Mapping) -> str:
    """The cache key of a judge's reply: the judge, the prompt version and the prompt."""
    return hashlib.sha256(json.dumps([VERSION, spec, prompt(item)], ensure_ascii=False).encode()).hexdigest()


def cached(items: Sequence[dict], cache: str | Path) -> list[dict]:
    """The items with the judge's cached readings applied (no judge is asked): a report on a run folder."""
    rows = [row for _, row in read_jsonl(cache, "skip", whole_lines=True, missing_ok=True)]
    by_id = {str(r["id"]): r for r in rows if isinstance(r.get("judge"), str)}
    out = []
    for it in items:
        row = by_id.get(str(it["id"])) if it.get("extraction_failed") else None
        if row is not None and row.get("request_hash") == reply_key(row["judge"], it):
            it = score_item({**it, "judge": row["judge"], "judge_reply": row.get("reply")})
        out.append(it)
    return out


def judged(items: Sequence[Mapping]) -> int:
    return sum(bool(it.get("judged")) for it in items)
