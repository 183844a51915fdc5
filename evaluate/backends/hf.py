"""Hugging Face ``transformers``: batched generation with the model's own processor and chat
template, left padding, bf16 (or fp16) on a GPU that has it. Needs ``geomill[hf]``.

Requests are grouped by sampling settings and run ``batch_size`` at a time; each response's
latency is the wall time of its batch (what the item waited)."""
from __future__ import annotations

import io
import time
from collections.abc import Iterator, Sequence

import torch
from geomill.engine.errors import GeomillError
from PIL import Image as PILImage
from transformers import AutoModelForImageTextToText, AutoProcessor

from ..types import Image, Request, Response, Sampling, batched
from . import BackendOptions

DTYPES = {"bfloat16": torch.bfloat16, "float16": torch.float16, "float32": torch.float32}


def pick_device_dtype(dtype: str) -> tuple[str, torch.dtype]:
    """The fastest device here and a dtype it computes in natively (``auto``), or the one asked."""
    device = "cuda" if torch.cuda.is_available() else "cpu"
    if dtype != "auto":
        return device, DTYPES[dtype]
    if device == "cuda":
        return device, torch.bfloat16 if torch.cuda.is_bf16_supported() else torch.float16
    return device, torch.float32


def hf_messages(request: Request) -> tuple[list[dict], list[PILImage.Image]]:
    """Chat-template messages (``{"type": "image"}`` placeholders) and the images in order."""
    messages, images = [], []
    for message in request.messages:
        content = []
        for part in message.content:
            if isinstance(part, Image):
                images.append(PILImage.open(io.BytesIO(part.png)).convert("RGB"))
                content.append({"type": "image"})
            else:
                content.append({"type": "text", "text": part})
        messages.append({"role": message.role, "content": content})
    return messages, images


class TransformersBackend:
    name = "transformers"

    def __init__(self, opts: BackendOptions):
        if not opts.model:
            raise GeomillError("the transformers backend needs --model (a hub name or a model folder)")
        self.opts = opts
        self.device, self.dtype = pick_device_dtype(opts.dtype)
        try:
            self.processor = AutoProcessor.from_pretrained(opts.model, revision=opts.revision)
        except OSError as exc:
            raise GeomillError(f"cannot load {opts.model}: {str(exc).splitlines()[0]}") from None
        self.tokenizer = getattr(self.processor, "tokenizer", self.processor)
        self.tokenizer.padding_side = "left"  # generation continues every row from its last token
        if self.tokenizer.pad_token is None:
            self.tokenizer.pad_token = self.tokenizer.eos_token
        self.model = AutoModelForImageTextToText.from_pretrained(
            opts.model, revision=opts.revision, dtype=self.dtype).to(self.device).eval()

    def _batch(self, requests: Sequence[Request], sampling: Sampling) -> list[Response]:
        start = time.perf_counter()
        texts, images = [], []
        for req in requests:
            messages, imgs = hf_messages(req)
            texts.append(self.processor.apply_chat_template(messages, add_generation_prompt=True, tokenize=False))
            images += imgs
        inputs = self.processor(text=texts, images=images or None, padding=True, return_tensors="pt").to(self.device)
        torch.manual_seed(sampling.seed)
        sample = sampling.temperature > 0
        extra = {"temperature": sampling.temperature, "top_p": sampling.top_p} if sample else {}
        with torch.inference_mode():
            out = self.model.generate(**inputs, max_new_tokens=sampling.max_tokens, do_sample=sample,
                                      pad_token_id=self.tokenizer.pad_token_id, **extra)
        new = out[:, inputs["input_ids"].shape[1]:].cpu()
        decoded = self.tokenizer.batch_decode(new, skip_special_tokens=True)
        prompt_tokens = inputs["attention_mask"].sum(dim=1).tolist()
        completion_tokens = (new != self.tokenizer.pad_token_id).sum(dim=1).tolist()
        elapsed = time.perf_counter() - start
        return [Response(req.id, text.strip(), elapsed, int(p), int(c))
                for req, text, p, c in zip(requests, decoded, prompt_tokens, completion_tokens)]

    def generate(self, requests: Sequence[Request]) -> Iterator[Response]:
        groups: dict[Sampling, list[Request]] = {}
        for req in requests:
            groups.setdefault(req.sampling, []).append(req)
        for sampling, group in groups.items():
            for batch in batched(group, self.opts.batch_size):
                yield from self._batch(batch, sampling)

    def close(self) -> None:
        self.model = None
        if self.device == "cuda":
            torch.cuda.empty_cache()


def make(opts: BackendOptions) -> TransformersBackend:
    return TransformersBackend(opts)
