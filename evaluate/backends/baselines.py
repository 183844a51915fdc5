"""Backends without a model, so that every later stage can be tested and compared against:
``oracle`` (the gold answer, phrased as a model would), ``random`` (a seeded guess of the
right kind) and ``replay`` (responses produced elsewhere, read from a JSONL file)."""
from __future__ import annotations

import hashlib
import math
import random
import sys
from collections.abc import Iterator, Mapping, Sequence

from geomill.dataset.jsonl import BadLines, read_jsonl
from geomill.dataset.records import Item
from geomill.engine.errors import GeomillError

from ..types import Request, Response
from . import BackendOptions


def answer_text(item: Item) -> str:
    """The gold answer written the way a model states a final answer."""
    kind, answer = item.response_type, item.answer
    if kind == "number":
        return f"Therefore the final answer is {answer:.12g}." if isinstance(answer, float) else \
            f"Therefore the final answer is {answer}."
    if kind == "truefalse":
        return "True" if answer in (True, "True", "true") else "False"
    if kind == "multi":
        return ", ".join(answer) if answer else "none of the above"
    return f"({answer})"


class _FromItems:
    """Answers each request from the gold item with its id (handed over by the registry)."""

    name = "baseline"

    def __init__(self, opts: BackendOptions, answers: Mapping[str, Item]):
        self.items = answers
        self.seed = opts.seed

    def _text(self, item: Item) -> str:  # pragma: no cover - overridden
        raise NotImplementedError

    def generate(self, requests: Sequence[Request]) -> Iterator[Response]:
        for req in requests:
            item = self.items.get(req.id)
            if item is None:
                yield Response(req.id, "", error="no item with this id")
            else:
                yield Response(req.id, self._text(item))

    def close(self) -> None:
        pass


class Oracle(_FromItems):
    name = "oracle"

    def _text(self, item: Item) -> str:
        return answer_text(item)


class RandomGuess(_FromItems):
    """A uniform guess among the options; for numbers, log-uniform over the span of the
    gold answers of the whole set (a guess of the right magnitude, almost never right)."""

    name = "random"

    def __init__(self, opts: BackendOptions, answers: Mapping[str, Item]):
        super().__init__(opts, answers)
        numbers = [abs(float(i.answer)) for i in self.items.values() if i.response_type == "number"]
        numbers = [x for x in numbers if x > 0] or [1.0]
        self.span = (math.log(min(numbers)), math.log(max(numbers)))

    def _text(self, item: Item) -> str:
        digest = hashlib.sha256(f"{self.seed}:{item.id}".encode()).digest()
        rng = random.Random(int.from_bytes(digest[:8], "big"))
        kind, options = item.response_type, list(item.options or [])
        if kind == "number":
            return f"The final answer is {math.exp(rng.uniform(*self.span)):.2f}."
        if kind == "truefalse":
            return rng.choice(["True", "False"])
        if kind == "multi":
            picked = [o for o in options if rng.random() < 0.5]
            return ", ".join(picked) if picked else "none of the above"
        return f"({rng.choice(options)})"


class Replay:
    """Responses read from a JSONL file with ``id`` and ``response`` (or ``text``) per line."""

    name = "replay"

    def __init__(self, opts: BackendOptions):
        if not opts.responses:
            raise GeomillError("the replay backend needs --responses FILE.jsonl")
        self.texts: dict[str, str] = {}
        self.errors: dict[str, str] = {}  # id -> why its line gives no response (an error verdict, the rest go on)
        bad = BadLines(str(opts.responses))
        for number, row in read_jsonl(opts.responses, "skip", bad):
            text = row.get("response", row.get("text"))
            if not isinstance(row.get("id"), (str, int)):
                bad.lines.append((number, "no id"))
            elif not isinstance(text, str):
                self.errors[str(row["id"])] = f"{opts.responses}:{number}: the line's response is not text"
            else:
                self.texts[str(row["id"])] = text
        if bad:
            print(f"warning: {bad}", file=sys.stderr)

    def generate(self, requests: Sequence[Request]) -> Iterator[Response]:
        for req in requests:
            text = self.texts.get(req.id)
            error = None if text is not None else self.errors.get(req.id, "no response for this id")
            yield Response(req.id, text or "", error=error)

    def close(self) -> None:
        pass


def oracle(opts: BackendOptions, answers: Mapping[str, Item]) -> Oracle:
    return Oracle(opts, answers)


def random_guess(opts: BackendOptions, answers: Mapping[str, Item]) -> RandomGuess:
    return RandomGuess(opts, answers)


def replay(opts: BackendOptions) -> Replay:
    return Replay(opts)
