"""The typed values of a dataset: the response types an item may have (more to come here)."""
from __future__ import annotations

from typing import Literal

ResponseType = Literal["number", "choice", "truefalse", "multi"]
RESPONSE_TYPES: tuple[str, ...] = ("number", "choice", "truefalse", "multi")
