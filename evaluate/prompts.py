"""Prompt templates, kept as versioned data files (``evaluate/templates/*.json``), and the chat
requests they make from a record.

A template has a ``zero_shot`` and a ``cot`` instruction (``{question}``, ``{response_type}``
filled in) and an ``exemplar_answer`` for few-shot demonstrations (``{solution}`` or
``{answer}``). Few-shot is chain of thought: each exemplar is a user turn with the ``cot``
instruction and an assistant turn with its gold solution. Edit a template's text and you must
raise its ``version``: the version is stored with every response and is part of its cache key.
"""
from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources

from geomill.dataset.records import Item, Record
from geomill.engine.errors import GeomillError

from .backends.baselines import answer_text
from .types import Image, Message, Request, Sampling

DEFAULT_FOR = {"number": "geomverse", "choice": "visonlyqa", "truefalse": "visonlyqa", "multi": "visonlyqa"}


@dataclass(frozen=True)
class Template:
    name: str
    version: int
    zero_shot: str
    cot: str
    exemplar_answer: str


def template_names() -> list[str]:
    return sorted(p.name[:-5] for p in resources.files("geomill.evaluate").joinpath("templates").iterdir()
                  if p.name.endswith(".json"))


def load(name: str) -> Template:
    path = resources.files("geomill.evaluate").joinpath("templates", f"{name}.json")
    if not path.is_file():
        raise GeomillError(f"unknown prompt {name!r}; known: {', '.join(template_names())}")
    data = json.loads(path.read_text(encoding="utf-8"))
    return Template(data["name"], int(data["version"]), data["zero_shot"], data["cot"], data["exemplar_answer"])


@dataclass(frozen=True)
class PromptSettings:
    """How every request of a run is phrased (all of it goes into the template version)."""

    template: str | None = None  # None: by response type (DEFAULT_FOR)
    cot: bool = False
    few_shot: int = 0
    text_only: bool = False
    exemplar_images: bool = False  # demonstrations with their figures (models that take several images)

    def version(self, template: Template) -> str:
        mode = "cot" if self.cot or self.few_shot else "zs"
        shots = f"-fs{self.few_shot}{'img' if self.exemplar_images and not self.text_only else ''}" \
            if self.few_shot else ""
        return f"{template.name}/v{template.version}/{mode}{shots}/{'text' if self.text_only else 'image'}"


def response_type_hint(item: Item) -> str:
    """VisOnlyQA's ``{response_type}``: the answers the model may give."""
    if item.response_type == "truefalse":
        return "True, False"
    if item.response_type == "number":
        return "a number"
    return ", ".join(str(o) for o in item.options or [])


def question_of(record: Record | Mapping, item: Item, text_only: bool) -> str:
    """The question as shown; for options given as label -> text that the question does not
    already spell out, the options are listed after it, one "(a) text" per line."""
    question = record.get("question_text_only") if text_only else record.get("question")
    if not question:
        raise GeomillError(f"record {record.get('id')} has no {'text-only ' if text_only else ''}question")
    options = item.options
    if isinstance(options, Mapping) and not all(f"({k})" in question for k in options):
        question += "".join(f"\n({k}) {v}" for k, v in options.items())
    return question


def _turn(template: Template, settings: PromptSettings, record: Record | Mapping, item: Item, image: Image | None,
          cot: bool) -> Message:
    text = (template.cot if cot else template.zero_shot).format(
        question=question_of(record, item, image is None), response_type=response_type_hint(item))
    return Message("user", ((image,) if image is not None else ()) + (text,))


def messages(template: Template, settings: PromptSettings, record: Record | Mapping, item: Item,
             image: Image | None, exemplars: Sequence[tuple[Record, Item, Image | None]] = ()) -> tuple[Message, ...]:
    """The chat for one item: demonstrations (if any), then the question (image first). Only text
    is made here (no file is read): the images are the ones given."""
    cot = settings.cot or bool(settings.few_shot)
    out: list[Message] = []
    for ex_record, ex_item, ex_image in exemplars:
        shown = ex_image if (settings.exemplar_images and not settings.text_only) else None
        out.append(_turn(template, settings, ex_record, ex_item, shown, cot))
        solution = ex_record.get("solution" if shown is not None else "solution_text_only") or ex_record.get("solution")
        answer = template.exemplar_answer.format(solution=solution or answer_text(ex_item),
                                                 answer=answer_text(ex_item))
        out.append(Message("assistant", (answer,)))
    out.append(_turn(template, settings, record, item, None if settings.text_only else image, cot))
    return tuple(out)


def build_request(request_id: str, template: Template, settings: PromptSettings, record: Record | Mapping,
                  item: Item, image: Image | None, sampling: Sampling,
                  exemplars: Sequence[tuple[Record, Item, Image | None]] = ()) -> Request:
    """The request of one item: its ``messages`` and sampling settings."""
    return Request(request_id, messages(template, settings, record, item, image, exemplars), sampling)
