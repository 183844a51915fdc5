"""Ask the optional judge model (``--judge BACKEND:MODEL``) to read the responses the extraction
rules refuse; its prompt, cache keys and the reading of its replies are in :mod:`.answers.judge`."""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from geomill.dataset.responses import JudgeReply, ResponseStore

from .answers.judge import parse_spec, prompt, reply_key
from .answers.score import score_item
from .backends import get_backend
from .types import Message, Request, Sampling


def judge(items: Sequence[dict], spec: str, cache: str | Path, **options) -> list[dict]:
    """The items again, those whose extraction failed read by the judge where it gives an answer
    (``judged: true``, ``judge``, ``judge_reply``); ``options`` are the judge backend's (base_url …)."""
    backend_name, model = parse_spec(spec)
    failed = [it for it in items if it.get("extraction_failed")]
    keys = {str(it["id"]): reply_key(spec, it) for it in failed}
    store = ResponseStore(cache, JudgeReply)
    todo = [it for it in failed if store.done(str(it["id"]), keys[str(it["id"])]) is None]
    if todo:
        backend = get_backend(backend_name, model=model, **options)
        try:
            requests = [Request(str(it["id"]), (Message("user", (prompt(it),)),), Sampling(max_tokens=64))
                        for it in todo]
            for response in backend.generate(requests):
                if response.error is None:
                    store.append(JudgeReply(response.id, keys[response.id], spec, response.text))
        finally:
            store.close(keys)
            backend.close()
    out = []
    for it in items:
        row = store.done(str(it["id"]), keys[str(it["id"])]) if it.get("extraction_failed") else None
        out.append(score_item({**it, "judge": spec, "judge_reply": row.reply}) if row else it)
    return out
