"""One evaluation run: dataset records -> requests -> a backend -> scored lines in
``DIR/responses.jsonl`` -> ``DIR/report.*``; resumable (see ``geomill.dataset.responses``).

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
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

from geomill.dataset.files import read_json, write_json
from geomill.dataset.folder import Dataset, open_dataset, read_image
from geomill.dataset.records import GROUP_FIELDS, Item, Part, Record
from geomill.dataset.responses import ResponseRow, ResponseStore, ScoredRow
from geomill.engine.errors import GeomillError

from . import prompts
from .backends import BackendOptions, make_backend
from .status import Status
from .types import Image, Message, Request, Sampling, batched

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
    judge: str | None = None  # BACKEND:MODEL reading what the extraction rules refuse (off by default)
    judge_options: Mapping = field(default_factory=dict)  # the judge backend's options (base_url …)

    def backend_options(self) -> BackendOptions:
        """The backend's options, built once per run (a bad field is a one-line error)."""
        try:
            return BackendOptions(**self.options, seed=self.seed)
        except TypeError as exc:
            raise GeomillError(f"backend options: {exc}") from None


@dataclass
class Work:
    """One item to ask: its part, record, item, template and (once its request is built) cache key."""

    part: Part
    record: Record
    item: Item
    template: prompts.Template
    key: str = ""


@dataclass
class RunResult:
    report: dict
    answered: int  # answered in this run
    skipped: int  # already in the responses file
    failed: list[tuple[str, str]]  # (id, error) of requests the backend gave up on


def _image(part: Part, record: Record) -> Image | None:
    png = read_image(part, record)
    return None if png is None else Image(png)


def _sampling(settings: RunSettings, item: Item) -> Sampling:
    cot = settings.prompt.cot or bool(settings.prompt.few_shot)
    max_tokens = settings.max_tokens or (1024 if cot else 128)
    choices = None
    if settings.constrained and not cot and item.response_type in ("choice", "truefalse"):
        choices = ("True", "False") if item.response_type == "truefalse" else tuple(item.options or ())
    return Sampling(max_tokens=max_tokens, temperature=settings.temperature, seed=settings.seed, choices=choices)


def _exemplars(settings: RunSettings, dataset: Dataset) -> dict[str, list]:
    """k demonstrations per response type, drawn once (seeded) from the train parts."""
    k = settings.prompt.few_shot
    if not k:
        return {}
    train = dataset.pick(settings.exemplars_from, None if settings.exemplars_from else "train")
    if not train:
        raise GeomillError("--few-shot needs a train part (geomill generate --splits train=N,test=N) "
                           "or --exemplars-from PART")
    pool: dict[str, list] = {}
    for part in train:
        for record in dataset.records(part):
            item = Item.from_record(record)
            pool.setdefault(item.response_type, []).append((part, record, item))
    rng = random.Random(f"{settings.seed}:few-shot")
    chosen = {}
    for rtype, cands in sorted(pool.items()):
        if len(cands) < k:
            raise GeomillError(f"--few-shot {k}: the train parts hold only {len(cands)} {rtype} records")
        chosen[rtype] = [(r, i, _image(p, r)) for p, r, i in rng.sample(cands, k)]
    return chosen


def _shots(settings: RunSettings, work: Work, exemplars: Mapping[str, list]) -> list:
    shots = exemplars.get(work.item.response_type, [])
    if settings.prompt.few_shot and not shots:
        raise GeomillError(f"no {work.item.response_type} exemplars in the train parts for --few-shot")
    return shots


def _inputs(settings: RunSettings, work: Work, exemplars: Mapping[str, list]) -> tuple[tuple[Message, ...], Sampling]:
    """What an item's request is made of: the prompt's messages (the template filled in with the
    record's fields; its figure, read here once, and the exemplars' figures read once per run) and
    the sampling settings."""
    image = None if settings.prompt.text_only else _image(work.part, work.record)
    messages = prompts.messages(work.template, settings.prompt, work.record, work.item, image,
                                _shots(settings, work, exemplars))
    return messages, _sampling(settings, work.item)


def _request(settings: RunSettings, work: Work, exemplars: Mapping[str, list]) -> Request:
    return Request(work.record.id, *_inputs(settings, work, exemplars))


def cache_key(settings: RunSettings, opts: BackendOptions, template_version: str, request_id: str,
              messages: Sequence[Message], sampling: Sampling) -> str:
    """An item's key from the inputs of its request (no ``Request`` needed): the prompt texts, each
    image by its digest (hashed once per image), the sampling settings and the backend's identity."""
    parts = [{"role": m.role, "content": [{"png": p.digest} if isinstance(p, Image) else p for p in m.content]}
             for m in messages]
    blob = {"backend": settings.backend, "settings": opts.identity(), "template": template_version,
            "id": request_id, "messages": parts, "sampling": asdict(sampling)}
    return hashlib.sha256(json.dumps(blob, sort_keys=True).encode()).hexdigest()[:32]


def plan(dataset: str | Path, settings: RunSettings) -> tuple[list[Work], dict[str, list]]:
    """The items to evaluate, in dataset order, with their templates and exemplars."""
    data = open_dataset(dataset, command="geomill eval")
    works: list[Work] = []
    templates: dict[str, prompts.Template] = {}
    for part in data.pick(settings.parts, None):
        for record in data.records(part):
            if settings.limit is not None and len(works) >= settings.limit:
                break
            item = Item.from_record(record)
            name = settings.prompt.template or prompts.DEFAULT_FOR[item.response_type]
            template = templates.get(name) or templates.setdefault(name, prompts.load(name))
            works.append(Work(part, record, item, template))
    if not works:
        raise GeomillError(f"{dataset}: no records to evaluate")
    return works, _exemplars(settings, data)


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
        if read_json(path, "run file") != json.loads(json.dumps(described)):
            raise GeomillError(f"{out} holds a run with other settings ({path}); use a new --out folder")
    else:
        write_json(path, described)


def evaluate(dataset: str | Path, out: str | Path, settings: RunSettings, progress: bool = True) -> RunResult:
    """Ask every item not yet answered, append each answer as it arrives, then report.

    Chunk by chunk, each item is keyed from its request's inputs (its figure read once); an item
    whose key is in the responses file is not asked again, the others' requests are made from the
    same inputs. The backend starts only when there is
    something to ask, and only the baselines that answer from the gold answers are handed them."""
    from .answers.report import build_report, write_report
    from .answers.score import score

    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    _check_run_file(out, settings)
    with Status(f"reading {dataset}", enabled=progress):
        works, exemplars = plan(dataset, settings)
    by_id = {w.item.id: w for w in works}
    if len(by_id) != len(works):
        raise GeomillError(f"{dataset}: record ids repeat across the chosen parts; pick one with --part")
    opts = settings.backend_options()
    store: ResponseStore[ScoredRow] = ResponseStore(out / "responses.jsonl", ScoredRow)
    failed: list[tuple[str, str]] = []
    answered = skipped = correct = 0
    backend = None
    bar = None  # started once the backend is (a missing library is one line, with no bar before it)
    start = time.perf_counter()
    try:
        for chunk in batched(works, CHUNK):
            requests = []
            for work in chunk:
                messages, sampling = _inputs(settings, work, exemplars)
                work.key = cache_key(settings, opts, settings.prompt.version(work.template), work.record.id,
                                     messages, sampling)
                if store.done(work.item.id, work.key):
                    skipped += 1
                else:  # the request, made only for the items to ask
                    requests.append(Request(work.record.id, messages, sampling))
            if requests and backend is None:
                backend = make_backend(settings.backend, opts, answers={w.item.id: w.item for w in works})
            if bar is None:
                bar = _bar(len(works), f"{settings.backend}:{opts.model or settings.backend}", progress)
            bar.update(len(chunk) - len(requests))
            if not requests:
                continue
            for response in backend.generate(requests):
                work = by_id[response.id]
                bar.update(1)
                if response.error is not None:
                    failed.append((response.id, response.error))
                    continue
                scored = score(_response(settings, opts, work, response))
                store.append(scored)
                answered += 1
                correct += scored.correct
                bar.set_postfix(acc=f"{correct / max(1, answered):.3f}", refresh=False)
    finally:
        if bar is not None:
            bar.close()
        store.close({w.item.id: w.key for w in works if w.key})
        if backend is not None:
            backend.close()
    elapsed = time.perf_counter() - start
    rows = [row.to_json() for w in works if (row := store.done(w.item.id, w.key)) is not None]
    if settings.judge:  # cached next to the responses: a rerun asks the judge nothing twice
        from .answers.judge import CACHE
        from .judging import judge
        rows = judge(rows, settings.judge, out / CACHE, **dict(settings.judge_options))
    by = [f for f in GROUP_FIELDS if any(f in r for r in rows)]
    report = build_report(rows, by=by)
    report["run"] = {"backend": settings.backend, "model": opts.model or settings.backend,
                     "template_versions": sorted({r["template_version"] for r in rows}),
                     "answered": answered, "skipped": skipped, "failed": len(failed),
                     "items_per_s": round(answered / elapsed, 3) if answered and elapsed else None}
    with Status("writing the report" + (" and plots" if settings.plots else ""), enabled=progress):
        write_report(out, report, plots=settings.plots)
    return RunResult(report, answered, skipped, failed)


def _response(settings: RunSettings, opts: BackendOptions, work: Work, response) -> ResponseRow:
    return ResponseRow(work.item, work.key, response.text, opts.model or settings.backend, settings.backend,
                       work.template.name, settings.prompt.version(work.template), opts.revision,
                       settings.prompt.cot or bool(settings.prompt.few_shot), settings.prompt.few_shot,
                       settings.prompt.text_only, round(response.latency_s, 4), response.prompt_tokens,
                       response.completion_tokens)


class _NoBar:
    n = 0

    def update(self, k: int) -> None:
        self.n += k

    def set_postfix(self, **_: object) -> None:
        pass

    def close(self) -> None:
        pass


def _bar(total: int, desc: str, progress: bool, unit: str = "item"):
    if not progress:
        return _NoBar()
    from tqdm import tqdm
    return tqdm(total=total, desc=desc, unit=unit, file=sys.stderr, smoothing=0.1)


__all__ = ["RunResult", "RunSettings", "build_requests", "cache_key", "evaluate", "plan"]

