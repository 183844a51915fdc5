"""The backend registry: a name -> a factory that turns ``BackendOptions`` into a ``Backend``.

Registering a backend is one call, ``register_backend(name, factory)``; a backend that answers
from the gold answers (the oracle and random baselines) says ``answers=True`` and its factory is
also handed them, as ``answers`` (record id -> ``Item``); no other backend sees them. The built-in ones are
registered here by dotted path, so their modules (and the heavy libraries they import: torch,
transformers, vllm, ray) load only when that backend is asked for. A missing library becomes a
one-line ``GeomillError`` that names the extra to install.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from geomill.dataset.records import Item
from geomill.engine.errors import GeomillError

from ..types import Backend


@dataclass(frozen=True)
class BackendOptions:
    """Everything a backend may need; each backend reads the fields it understands."""

    model: str = ""
    revision: str | None = None
    base_url: str | None = None
    api_key_env: str | None = None
    concurrency: int = 8
    batch_size: int = 8
    tensor_parallel: int = 1
    data_parallel: int = 1
    dtype: str = "auto"
    timeout_s: float = 120.0
    max_retries: int = 5
    backoff_s: float = 1.0  # first retry wait; doubles each time (a server's Retry-After wins)
    seed: int = 0
    responses: str | None = None  # replay: a responses file
    extra: Mapping[str, Any] = field(default_factory=dict)

    def identity(self) -> dict:
        """The settings that can change what the model answers (part of every cache key);
        transport settings (URL, concurrency, batch size, parallelism) are left out."""
        return {"model": self.model, "revision": self.revision, "dtype": self.dtype,
                "extra": {k: self.extra[k] for k in sorted(self.extra)}}


Factory = Callable[..., Backend]  # (options) -> Backend, or (options, answers=...) for answers=True


@dataclass(frozen=True)
class _Entry:
    factory: Factory | str  # a callable, or "module:function" imported on first use
    extra: str | None  # the pip extra that brings its libraries
    answers: bool = False  # the factory takes the gold answers too


_REGISTRY: dict[str, _Entry] = {}


def register_backend(name: str, factory: Factory | str, extra: str | None = None, answers: bool = False) -> None:
    """Make ``name`` available to ``get_backend`` and ``geomill eval --backend``."""
    _REGISTRY[name] = _Entry(factory, extra, answers)


def backend_names() -> list[str]:
    return sorted(_REGISTRY)


def get_backend(name: str, answers: Mapping[str, Item] | None = None, **options: Any) -> Backend:
    """A ready backend; ``options`` are ``BackendOptions`` fields."""
    return make_backend(name, BackendOptions(**options), answers)


def make_backend(name: str, opts: BackendOptions, answers: Mapping[str, Item] | None = None) -> Backend:
    """A ready backend from options built once; ``answers`` (record id -> item) reach it only if
    it was registered with ``answers=True``."""
    entry = _REGISTRY.get(name)
    if entry is None:
        raise GeomillError(f"unknown backend {name!r}; known: {', '.join(backend_names())}")
    factory = entry.factory
    try:
        if isinstance(factory, str):
            module, _, attr = factory.partition(":")
            factory = getattr(importlib.import_module(module), attr)
        return factory(opts, answers=dict(answers or {})) if entry.answers else factory(opts)
    except ImportError as exc:
        if entry.extra is None:
            raise
        missing = getattr(exc, "name", None) or str(exc)
        raise GeomillError(f"the {name} backend needs {missing}: pip install 'geomill[{entry.extra}]'") from None


register_backend("oracle", "geomill.evaluate.backends.baselines:oracle", answers=True)
register_backend("random", "geomill.evaluate.backends.baselines:random_guess", answers=True)
register_backend("replay", "geomill.evaluate.backends.baselines:replay")
register_backend("openai", "geomill.evaluate.backends.openai:make")
register_backend("transformers", "geomill.evaluate.backends.hf:make", extra="hf")
def _vllm(opts: BackendOptions) -> Backend:
    """vLLM in this process, or with ``data_parallel > 1`` replicas through Ray (``ray-vllm``)."""
    module = "ray" if opts.data_parallel > 1 else "vllm"
    return importlib.import_module(f"geomill.evaluate.backends.{module}").make(opts)


register_backend("vllm", _vllm, extra="vllm")
register_backend("ray-vllm", "geomill.evaluate.backends.ray:make", extra="ray")
register_backend("perceiver", "geomill.evaluate.backends.perceiver:make", extra="perceiver")
