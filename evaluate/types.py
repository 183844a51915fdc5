"""The few types every stage of model evaluation shares.

A *request* is chat messages (text and image parts) plus sampling settings; a *backend* turns a
batch of requests into responses. A run stores each answer as a typed row
(``geomill.dataset.responses.ScoredRow``); scoring itself reads plain JSON *items* (one per
question), so that responses produced anywhere can be scored: see ``ITEM_FIELDS``.
"""
from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal, Protocol, runtime_checkable

from geomill.dataset.records import RESPONSE_TYPES, ResponseType  # noqa: F401  (re-exported)

# The fields of a scored item (one line of a responses file):
#   id             record id
#   response       the model's raw text
#   answer         gold: a number, an option label ("b"), True/False, or a list of labels
#   response_type  one of RESPONSE_TYPES
#   options        for choice / multi: a list of labels, or a mapping label -> option text
#   extracted      what answer extraction read from the response (None when it failed)
#   extraction_failed, correct
# and any record field to group reports by (depth, width, task, model, ...).
ITEM_FIELDS = ("id", "response", "answer", "response_type", "options", "extracted", "extraction_failed", "correct")


@dataclass(frozen=True)
class Image:
    """An image part: PNG bytes (backends send them as data URLs or hand them to a processor)."""

    png: bytes

    @cached_property
    def digest(self) -> str:
        """sha256 of the bytes, computed once per image (a cache key names an image by it)."""
        return hashlib.sha256(self.png).hexdigest()


@dataclass(frozen=True)
class Message:
    role: Literal["system", "user", "assistant"]
    content: tuple[str | Image, ...]


@dataclass(frozen=True)
class Sampling:
    max_tokens: int = 1024
    temperature: float = 0.0
    top_p: float = 1.0
    seed: int = 0
    choices: tuple[str, ...] | None = None  # constrained decoding to one of these strings, where supported


@dataclass(frozen=True)
class Request:
    id: str
    messages: tuple[Message, ...]
    sampling: Sampling = field(default_factory=Sampling)


@dataclass
class Response:
    id: str
    text: str
    latency_s: float = 0.0
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    error: str | None = None  # set when the backend gave up on this request (the text is then "")


@runtime_checkable
class Backend(Protocol):
    """Responses for a batch of requests; yields each as it completes, in any order."""

    name: str

    def generate(self, requests: Sequence[Request]) -> Iterator[Response]: ...

    def close(self) -> None: ...


def batched(items: Iterable, size: int) -> Iterator[list]:
    """Consecutive lists of at most ``size`` items."""
    batch: list = []
    for item in items:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch
