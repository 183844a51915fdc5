"""Requests as OpenAI-style chat messages (what OpenAI-compatible servers and vLLM's
``LLM.chat`` take): text parts, and images as base64 PNG data URLs."""
from __future__ import annotations

import base64

from ..types import Image, Request


def data_url(image: Image) -> str:
    return "data:image/png;base64," + base64.b64encode(image.png).decode("ascii")


def openai_messages(request: Request) -> list[dict]:
    messages = []
    for message in request.messages:
        parts = [{"type": "image_url", "image_url": {"url": data_url(p)}} if isinstance(p, Image)
                 else {"type": "text", "text": p} for p in message.content]
        if all(part["type"] == "text" for part in parts):
            messages.append({"role": message.role, "content": "".join(p["text"] for p in parts)})
        else:
            messages.append({"role": message.role, "content": parts})
    return messages
