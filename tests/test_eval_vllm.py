"""The vLLM backend's use of vLLM's API, against a stand-in ``vllm`` module (vLLM itself needs a
GPU and its own environment): the whole list in one ``LLM.chat`` call, images as data-URL
``image_url`` parts, choice-constrained decoding through ``StructuredOutputsParams``, data
parallelism handed to the Ray backend."""
from __future__ import annotations

import base64
import sys
import types
from dataclasses import dataclass, field

import pytest
from geomill.evaluate.backends import get_backend
from geomill.evaluate.types import Image, Message, Request, Sampling


@dataclass
class _Params:
    max_tokens: int
    temperature: float
    top_p: float
    seed: int
    structured_outputs: object = None


@dataclass
class _Choice:
    choice: list


@dataclass
class _LLM:
    kwargs: dict
    calls: list = field(default_factory=list)

    def chat(self, conversations, sampling_params, use_tqdm=False):
        self.calls.append((conversations, sampling_params))
        out = []
        for params in sampling_params:
            choice = params.structured_outputs
            text = choice.choice[-1] if choice else "Therefore the final answer is 3."
            out.append(types.SimpleNamespace(prompt_token_ids=[1] * 7, outputs=[
                types.SimpleNamespace(text=text, token_ids=[1, 2])]))
        return out


@pytest.fixture
def fake_vllm(monkeypatch):
    engines = []
    vllm = types.ModuleType("vllm")
    vllm.LLM = lambda **kwargs: engines.append(_LLM(kwargs)) or engines[-1]
    vllm.SamplingParams = _Params
    sampling_params = types.ModuleType("vllm.sampling_params")
    sampling_params.StructuredOutputsParams = _Choice
    vllm.sampling_params = sampling_params
    monkeypatch.setitem(sys.modules, "vllm", vllm)
    monkeypatch.setitem(sys.modules, "vllm.sampling_params", sampling_params)
    return engines


def test_whole_list_in_one_chat_with_data_urls_and_constrained_choices(fake_vllm):
    png = b"\x89PNG fake"
    requests = [Request("n", (Message("user", (Image(png), "How long is AB?")),), Sampling(max_tokens=9)),
                Request("c", (Message("user", (Image(png), "Which? (a) 1 (b) 2")),),
                        Sampling(max_tokens=3, choices=("a", "b")))]
    backend = get_backend("vllm", model="some/model", tensor_parallel=2, dtype="bfloat16")
    responses = {r.id: r for r in backend.generate(requests)}
    (engine,) = fake_vllm
    assert engine.kwargs["model"] == "some/model" and engine.kwargs["tensor_parallel_size"] == 2
    assert engine.kwargs["dtype"] == "bfloat16" and engine.kwargs["limit_mm_per_prompt"] == {"image": 1}
    ((conversations, params),) = engine.calls  # one call for the whole list
    image, text = conversations[0][0]["content"]
    assert image["image_url"]["url"] == "data:image/png;base64," + base64.b64encode(png).decode()
    assert text == {"type": "text", "text": "How long is AB?"}
    assert params[0].structured_outputs is None and params[0].max_tokens == 9
    assert params[1].structured_outputs.choice == ["a", "b"]
    assert responses["c"].text == "b" and responses["n"].prompt_tokens == 7 and responses["n"].completion_tokens == 2


def test_data_parallel_goes_through_ray(fake_vllm, monkeypatch):
    pytest.importorskip("ray")
    import geomill.evaluate.backends.ray as backend_ray
    monkeypatch.setattr(backend_ray.ray, "is_initialized", lambda: True)  # no cluster needed to build it
    backend = get_backend("vllm", model="m", data_parallel=2)
    assert isinstance(backend, backend_ray.RayVLLMBackend) and backend.opts.data_parallel == 2
