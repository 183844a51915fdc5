"""Evaluation across a Ray cluster: Ray Data streams the requests through a pool of model
replicas (one vLLM engine per GPU, or per tensor-parallel group of GPUs), and responses come back
as batches finish, so they are appended (and resumable) as they arrive. Needs ``geomill[ray]``
(and vLLM on the workers).

``ray.init()`` joins the cluster named by ``RAY_ADDRESS`` (``ray start --head`` / a KubeRay
cluster), or starts a local one using this machine's GPUs. Options: ``--data-parallel N`` replicas,
``--tensor-parallel T`` GPUs each, ``--batch-size`` requests per replica call."""
from __future__ import annotations

import importlib.util
import json
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict

import ray
from geomill.engine.errors import GeomillError

from ..types import Request, Response, Sampling
from . import BackendOptions
from .chat import openai_messages
from .vllm import VLLMEngine, max_images


class Replica:
    """A Ray Data actor holding one engine; maps a batch of request rows to response rows."""

    def __init__(self, engine_factory: Callable, engine_kwargs: dict):
        self.engine = engine_factory(**engine_kwargs)

    def __call__(self, batch: dict) -> dict:
        start = time.perf_counter()
        conversations = [json.loads(m) for m in batch["messages"]]
        samplings = []
        for s in batch["sampling"]:
            fields = json.loads(s)
            fields["choices"] = tuple(fields["choices"]) if fields["choices"] else None
            samplings.append(Sampling(**fields))
        results = self.engine.run(conversations, samplings)
        each = (time.perf_counter() - start) / max(1, len(results))
        return {"id": list(batch["id"]), "text": [r[0] for r in results],
                "prompt_tokens": [r[1] for r in results], "completion_tokens": [r[2] for r in results],
                "latency_s": [each] * len(results)}


def request_rows(requests: Sequence[Request]) -> list[dict]:
    """Requests as flat rows Ray Data can move between nodes."""
    return [{"id": r.id, "messages": json.dumps(openai_messages(r)), "sampling": json.dumps(asdict(r.sampling))}
            for r in requests]


def _importable(name: str) -> bool:
    if name in sys.modules:
        return True
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


RESOURCE_WAIT_S = 120.0  # seconds a joined cluster may take to offer what is asked (an autoscaler adding nodes)


def check_resources(need: dict[str, float], wait_s: float = 0.0, poll_s: float = 2.0) -> None:
    """Refuse at once (or after ``wait_s`` of polling a cluster that may grow) to run what the
    cluster cannot hold: Ray would wait forever for an actor that asks for GPUs it lacks."""
    deadline = time.monotonic() + wait_s
    while True:
        have = ray.cluster_resources()
        short = {k: v for k, v in need.items() if v > 0 and have.get(k, 0) < v}
        if not short:
            return
        if time.monotonic() >= deadline:
            asked = ", ".join(f"{v:g} {k}" for k, v in short.items())
            held = ", ".join(f"{have.get(k, 0):g} {k}" for k in short)
            waited = f" after waiting {wait_s:g} s" if wait_s else ""
            raise GeomillError(f"the Ray cluster has {held}, but the run asks {asked} "
                               f"(--data-parallel × --tensor-parallel GPUs){waited}")
        time.sleep(poll_s)


class RayVLLMBackend:
    name = "ray-vllm"

    def __init__(self, opts: BackendOptions, engine_factory: Callable = VLLMEngine,
                 gpus_per_replica: float | None = None):
        self.opts = opts
        self.engine_factory = engine_factory
        self.gpus = opts.tensor_parallel if gpus_per_replica is None else gpus_per_replica
        joining = bool(os.environ.get("RAY_ADDRESS"))
        if engine_factory is VLLMEngine and not joining and not _importable("vllm"):
            raise GeomillError("the ray-vllm backend needs vllm on this machine: pip install 'geomill[vllm]' "
                               "(or join a cluster that has it: RAY_ADDRESS)")
        if not opts.model and engine_factory is VLLMEngine:
            raise GeomillError("the ray-vllm backend needs --model (a hub name or a model folder)")
        if not ray.is_initialized():
            ray.init()
        self.wait_s = float(opts.extra.get("resource_wait_s", RESOURCE_WAIT_S if joining else 0.0))
        self.checked = False

    def generate(self, requests: Sequence[Request]) -> Iterator[Response]:
        if not requests:
            return
        if not self.checked:  # before Ray Data asks for actors the cluster cannot place (it would wait forever)
            check_resources({"GPU": self.gpus * self.opts.data_parallel, "CPU": 1}, self.wait_s)
            self.checked = True
        engine_kwargs = {"model": self.opts.model, "revision": self.opts.revision,
                         "tensor_parallel": self.opts.tensor_parallel, "dtype": self.opts.dtype,
                         "seed": self.opts.seed, "max_images": max_images(requests),
                         **dict(self.opts.extra.get("engine_kwargs", {}))}
        ds = ray.data.from_items(request_rows(requests))
        ds = ds.map_batches(Replica, fn_constructor_kwargs={"engine_factory": self.engine_factory,
                                                            "engine_kwargs": engine_kwargs},
                            concurrency=self.opts.data_parallel, num_gpus=self.gpus,
                            batch_size=self.opts.batch_size, batch_format="numpy")
        for row in ds.iter_rows():
            yield Response(str(row["id"]), str(row["text"]), float(row["latency_s"]), int(row["prompt_tokens"]),
                           int(row["completion_tokens"]))

    def close(self) -> None:
        pass


def make(opts: BackendOptions) -> RayVLLMBackend:
    return RayVLLMBackend(opts)
