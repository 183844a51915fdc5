"""vLLM's offline engine: the whole work list handed to ``LLM.chat`` at once (its scheduler
batches), images as data-URL ``image_url`` parts, tensor parallelism, and choice-constrained
decoding (``StructuredOutputsParams(choice=...)``) for requests whose sampling lists choices.
Needs ``geomill[vllm]``, best in an environment of its own (vLLM pins torch and transformers).
Data parallelism (several replicas) runs through Ray: ``--backend ray-vllm``, which ``vllm``
with ``--data-parallel N > 1`` hands over to.

Offline generation has no per-request timing: each response's latency is the list's wall time
divided by its length."""
from __future__ import annotations

import time
from collections.abc import Iterator, Sequence

from geomill.engine.errors import GeomillError

from ..types import Image, Request, Response, Sampling
from . import BackendOptions
from .chat import openai_messages


class VLLMEngine:
    """One vLLM engine (``tensor_parallel`` GPUs). ``run`` takes OpenAI-style conversations and
    returns (text, prompt tokens, completion tokens) per conversation, in order."""

    def __init__(self, model: str, revision: str | None = None, tensor_parallel: int = 1, dtype: str = "auto",
                 seed: int = 0, max_images: int = 1, **engine_kwargs):
        from vllm import LLM

        self.llm = LLM(model=model, revision=revision, tensor_parallel_size=tensor_parallel, dtype=dtype, seed=seed,
                       limit_mm_per_prompt={"image": max(1, max_images)}, **engine_kwargs)

    @staticmethod
    def params(sampling: Sampling):
        from vllm import SamplingParams
        from vllm.sampling_params import StructuredOutputsParams

        structured = StructuredOutputsParams(choice=list(sampling.choices)) if sampling.choices else None
        return SamplingParams(max_tokens=sampling.max_tokens, temperature=sampling.temperature, top_p=sampling.top_p,
                              seed=sampling.seed, structured_outputs=structured)

    def run(self, conversations: list[list[dict]], samplings: list[Sampling]) -> list[tuple[str, int, int]]:
        outputs = self.llm.chat(conversations, sampling_params=[self.params(s) for s in samplings], use_tqdm=False)
        return [(o.outputs[0].text, len(o.prompt_token_ids or ()), len(o.outputs[0].token_ids)) for o in outputs]


def max_images(requests: Sequence[Request]) -> int:
    return max((sum(isinstance(p, Image) for m in r.messages for p in m.content) for r in requests), default=1)


class VLLMBackend:
    name = "vllm"

    def __init__(self, opts: BackendOptions):
        import vllm  # noqa: F401 - fail now, with the extra named, rather than at the first batch

        if not opts.model:
            raise GeomillError("the vllm backend needs --model (a hub name or a model folder)")
        self.opts = opts
        self.engine: VLLMEngine | None = None
        self.images = 0

    def generate(self, requests: Sequence[Request]) -> Iterator[Response]:
        if not requests:
            return
        needed = max_images(requests)
        if self.engine is None or needed > self.images:  # the engine is sized for the most images per prompt
            self.engine = None
            self.images = max(needed, 1)
            self.engine = VLLMEngine(self.opts.model, self.opts.revision, self.opts.tensor_parallel, self.opts.dtype,
                                     self.opts.seed, self.images, **dict(self.opts.extra.get("engine_kwargs", {})))
        start = time.perf_counter()
        results = self.engine.run([openai_messages(r) for r in requests], [r.sampling for r in requests])
        each = (time.perf_counter() - start) / len(requests)
        for req, (text, prompt_tokens, completion_tokens) in zip(requests, results):
            yield Response(req.id, text, each, prompt_tokens, completion_tokens)

    def close(self) -> None:
        self.engine = None


def make(opts: BackendOptions) -> VLLMBackend:
    """One engine in this process (``--data-parallel N > 1`` is routed to ``ray.make`` by the registry)."""
    return VLLMBackend(opts)
