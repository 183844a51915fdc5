"""Secrets kept out of every message geomill prints or writes.

A backend that reads an API key registers it with :func:`remember`; :func:`redact` replaces it,
and anything shaped like a key (``sk-…``, ``hf_…``, a ``Bearer`` token, ``api_key=…``), with
``[redacted]``.  A server that echoes the key in an error body ("Incorrect API key provided:
sk-…") then cannot put it on geomill's stderr or in a file."""
from __future__ import annotations

import re

_SECRETS: set[str] = set()
_KEYLIKE = re.compile(
    r"\b(?:sk|pk|rk)-[A-Za-z0-9_\-]{6,}"  # OpenAI-style keys, shown whole or cut ("sk-abc…xyz")
    r"|\bhf_[A-Za-z0-9]{6,}"  # Hugging Face tokens
    r"|(?i:\bbearer\s+)[A-Za-z0-9._~+/\-]{6,}=*"
    r"|(?i:\b(?:api[_-]?key|access[_-]?token|auth[_-]?token|secret|password)\b[\"']?\s*[:=]\s*[\"']?)[^\s\"',;&]{6,}")
REDACTED = "[redacted]"
MIN_SECRET = 4  # a shorter "key" would redact ordinary words


def remember(secret: str | None) -> None:
    """Redact ``secret`` from now on (keys shorter than :data:`MIN_SECRET` are refused upstream)."""
    if secret and len(secret) >= MIN_SECRET:
        _SECRETS.add(secret)


def redact(text: str) -> str:
    """``text`` with every remembered secret, and anything that looks like a key, replaced."""
    text = str(text)
    for secret in sorted(_SECRETS, key=len, reverse=True):
        text = text.replace(secret, REDACTED)
    return _KEYLIKE.sub(_keep_label, text)


def _keep_label(m: re.Match) -> str:
    """``api_key=abc123…`` -> ``api_key=[redacted]``; a bare key -> ``[redacted]``."""
    s = m.group()
    for sep in ("=", ":"):
        if sep in s and not s.lower().startswith(("sk-", "pk-", "rk-", "hf_")):
            head = s[: s.index(sep) + 1]
            return head + s[len(head):len(s) - len(s[len(head):].lstrip(" \"'"))] + REDACTED
    if s.lower().startswith("bearer"):
        return s.split(None, 1)[0] + " " + REDACTED
    return REDACTED
