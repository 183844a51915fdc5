"""One evaluation run: dataset records -> requests -> a backend -> scored lines in
``DIR/responses.jsonl`` -> ``DIR/report.*``; resumable (see ``store``).

Each item's cache key (``request_hash``) covers the backend and the settings that change an
answer (model, revision, dtype), the template version, the record id, the bytes of every image
sent and the sampling settings, and the prompt text itself: a line whose key still matches is
not asked again."""
from __future__ import annotations

import hashlib
import json
import random
import sys
import time
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path

from geomill.engine.errors import GeomillError
from geomill.engine.jsontext import read_json_file
from geomill.generate.files import write_text

from . import items as items_mod
from . import prompts
from .backends import BackendOptions, get_backend
from .store import ResponseStore
from .types import Image, Request, Sampling, batched

CHUNK = 2048  # requests handed to a backend at once (vLLM batches within; memory stays bounded)


@dataclass(frozen=True)
class RunSettings:
    backend: str
    options: Mapping = field(default_factory=dict)  # BackendOptions fields
    prompt: prompts.PromptSettings = field(default_factory=prompts.PromptSettings)
    max_tokens: int | None = None  # default: 1024 with chain of thought, 128 without
    temperature: float = 0.0
    seed: int = 0
    constrained: bool = False  # choice-constrained decoding for choice/truefalse items (not with CoT)
    parts: str | None = None
    exemplars_from: str | None = None
    limit: int | None = None
    plots: bool = True


@dataclass
class Work:
    """One item to ask: its record, item, template, images (loaded lazily) and cache key."""

    part: items_mod.Part
    record: dict
    item: dict
    template: prompts.Template
    key: str = ""


@dataclass
class RunResult:
    report: dict
    answered: int  # answered in this run
    skipped: int  # already in the responses file
    failed: list[tuple[str, str]]  # (id, error) of requests the backend gave up on


def _png(path: Path | None) -> Image | None:
    if path is None:
        return None
    try:
        return Image(path.read_bytes())
    except OSError as exc:
        raise GeomillError(f"{path}: {exc.strerror}") from None


def _sampling(settings: RunSettings, item: Mapping) -> Sampling:
    cot = settings.prompt.cot or bool(settings.prompt.few_shot)
    max_tokens = settings.max_tokens or (1024 if cot else 128)
    choices = None
    if settings.constrained and not cot and item["response_type"] in ("choice", "truefalse"):
        choices = ("True", "False") if item["response_type"] == "truefalse" else tuple(item.get("options") or ())
    return Sampling(max_tokens=max_tokens, temperature=settings.temperature, seed=settings.seed, choices=choices)


def _exemplars(settings: RunSettings, all_parts: list[items_mod.Part]) -> dict[str, list]:
    """k demonstrations per response type, drawn once (seeded) from the train parts."""
    k = settings.prompt.few_shot
    if not k:
        return {}
    train = items_mod.pick(all_parts, settings.exemplars_from, None if settings.exemplars_from else "train")
    if not train:
        raise GeomillError("--few-shot needs a train part (geomill generate --splits train=N,test=N) "
                           "or --exemplars-from PART")
    pool: dict[str, list] = {}
    for part in train:
        for record in part.records():
            item = items_mod.make_item(record)
            pool.setdefault(item["response_type"], []).append((part, record, item))
    rng = random.Random(f"{settings.seed}:few-shot")
    chosen = {}
    for rtype, cands in sorted(pool.items()):
        if len(cands) < k:
            raise GeomillError(f"--few-shot {k}: the train parts hold only {len(cands)} {rtype} records")
        chosen[rtype] = [(r, i, _png(items_mod.image_path(p, r))) for p, r, i in rng.sample(cands, k)]
    return chosen


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _request(settings: RunSettings, work: Work, exemplars: Mapping[str, list]) -> Request:
    image = None if settings.prompt.text_only else _png(items_mod.image_path(work.part, work.record))
    shots = exemplars.get(work.item["response_type"], [])
    if settings.prompt.few_shot and not shots:
        raise GeomillError(f"no {work.item['response_type']} exemplars in the train parts for --few-shot")
    return prompts.build_request(work.record["id"], work.template, settings.prompt, work.record, work.item,
                                 image, _sampling(settings, work.item), shots)


def cache_key(settings: RunSettings, opts: BackendOptions, template_version: str, request: Request) -> str:
    parts = [{"role": m.role, "content": [{"png": _digest(p.png)} if isinstance(p, Image) else p for p in m.content]}
             for m in request.messages]
    blob = {"backend": settings.backend, "settings": opts.identity(), "template": template_version,
            "id": request.id, "messages": parts, "sampling": asdict(request.sampling)}
    return _digest(json.dumps(blob, sort_keys=True).encode())[:32]


def plan(dataset: str | Path, settings: RunSettings) -> tuple[list[Work], dict[str, list]]:
    """The items to evaluate, in dataset order, with their templates and exemplars."""
    all_parts = items_mod.parts(dataset)
    works: list[Work] = []
    templates: dict[str, prompts.Template] = {}
    for part in items_mod.pick(all_parts, settings.parts, None):
        for record in part.records():
            if settings.limit is not None and len(works) >= settings.limit:
                break
            item = items_mod.make_item(record)
            name = settings.prompt.template or prompts.DEFAULT_FOR[item["response_type"]]
            template = templates.get(name) or templates.setdefault(name, prompts.load(name))
            works.append(Work(part, record, item, template))
    if not works:
        raise GeomillError(f"{dataset}: no records to evaluate")
    return works, _exemplars(settings, all_parts)


def build_requests(dataset: str | Path, settings: RunSettings) -> list[Request]:
    """Every request a run would send, in dataset order (for inspection, tests and benchmarks)."""
    works, exemplars = plan(dataset, settings)
    return [_request(settings, w, exemplars) for w in works]


def _check_run_file(out: Path, settings: RunSettings) -> None:
    """Refuse to mix runs: a folder holds one backend/model/prompt setting."""
    described = {"backend": settings.backend, "model": settings.options.get("model"),
                 "revision": settings.options.get("revision"), "prompt": asdict(settings.prompt),
                 "max_tokens": settings.max_tokens, "temperature": settings.temperature, "seed": settings.seed,
                 "constrained": settings.constrained}
    path = out / "run.json"
    if path.exists():
        old = read_json_file(path, "the run's settings")
        if old != json.loads(json.dumps(described)):
            raise GeomillError(f"{out} holds a run with other settings ({path}); use a new --out folder")
    else:
        write_text(path, json.dumps(described, indent=1, sort_keys=True))


def evaluate(dataset: str | Path, out: str | Path, settings: RunSettings, progress: bool = True) -> RunResult:
    """Ask every item not yet answered, append each answer as it arrives, then report."""
    from .report import build_report, write_report
    from .score import score_item

    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    _check_run_file(out, settings)
    works, exemplars = plan(dataset, settings)
    by_id = {w.item["id"]: w for w in works}
    if len(by_id) != len(works):
        raise GeomillError(f"{dataset}: record ids repeat across the chosen parts; pick one with --part")
    opts = BackendOptions(**settings.options, seed=settings.seed, items={w.item["id"]: w.item for w in works})
    for work in works:  # keys need the image bytes: hash them now, rebuild requests chunk by chunk
        request = _request(settings, work, exemplars)
        work.key = cache_key(settings, opts, settings.prompt.version(work.template), request)
    store = ResponseStore(out / "responses.jsonl", {w.item["id"]: w.key for w in works})
    todo = [w for w in works if w.item["id"] not in store.done]
    failed: list[tuple[str, str]] = []
    start = time.perf_counter()
    if todo:
        backend = get_backend(settings.backend, **dict(opts.__dict__))
        bar = _bar(len(todo), f"{settings.backend}:{opts.model or settings.backend}", progress)
        correct = 0
        try:
            for chunk in batched(todo, CHUNK):
                for response in backend.generate([_request(settings, w, exemplars) for w in chunk]):
                    work = by_id[response.id]
                    bar.update(1)
                    if response.error is not None:
                        failed.append((response.id, response.error))
                        continue
                    row = score_item(_row(settings, opts, work, response))
                    store.append(row)
                    correct += bool(row.get("correct"))
                    bar.set_postfix(acc=f"{correct / max(1, bar.n - len(failed)):.3f}", refresh=False)
        finally:
            bar.close()
            store.close()
            backend.close()
    elapsed = time.perf_counter() - start
    rows = [store.done[w.item["id"]] for w in works if w.item["id"] in store.done]
    by = [f for f in items_mod.GROUP_FIELDS if any(f in r for r in rows)]
    report = build_report(rows, by=by)
    report["run"] = {"backend": settings.backend, "model": opts.model or settings.backend,
                     "template_versions": sorted({r["template_version"] for r in rows}),
                     "answered": len(todo) - len(failed), "skipped": len(works) - len(todo), "failed": len(failed),
                     "items_per_s": round((len(todo) - len(failed)) / elapsed, 3) if todo and elapsed else None}
    write_report(out, report, plots=settings.plots)
    return RunResult(report, len(todo) - len(failed), len(works) - len(todo), failed)


def _row(settings: RunSettings, opts: BackendOptions, work: Work, response) -> dict:
    return {**work.item, "model": opts.model or settings.backend, "revision": opts.revision,
            "backend": settings.backend, "template": work.template.name,
            "template_version": settings.prompt.version(work.template), "request_hash": work.key,
            "cot": settings.prompt.cot or bool(settings.prompt.few_shot), "few_shot": settings.prompt.few_shot,
            "text_only": settings.prompt.text_only, "response": response.text,
            "latency_s": round(response.latency_s, 4), "prompt_tokens": response.prompt_tokens,
            "completion_tokens": response.completion_tokens}


class _NoBar:
    n = 0

    def update(self, k: int) -> None:
        self.n += k

    def set_postfix(self, **_: object) -> None:
        pass

    def close(self) -> None:
        pass


def _bar(total: int, desc: str, progress: bool):
    if not progress:
        return _NoBar()
    from tqdm import tqdm
    return tqdm(total=total, desc=desc, unit="item", file=sys.stderr, smoothing=0.1)


__all__ = ["RunResult", "RunSettings", "build_requests", "cache_key", "evaluate", "plan"]

