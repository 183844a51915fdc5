"""Scoring one item the way the papers do, the chance of a random guess, and bootstrap intervals.

* ``choice`` and ``truefalse``: exact match (VisOnlyQA); ``multi``: the exact set of options.
* ``number``: GeomVerse's relaxed accuracy, correct when ``0.97·|gold| ≤ |pred| ≤ 1.03·|gold|`` with
  the sign right, i.e. ``|pred − gold| ≤ 0.03·|gold|``. A gold of 0 would allow no slack at all,
  so there the prediction must round to 0 at the two decimals geomill's answers carry:
  ``|pred| ≤ ZERO_TOLERANCE`` (0.005).
* A failed extraction is wrong, and counted apart as ``extraction_failed``.
"""
from __future__ import annotations

import math
import os
import re
from collections.abc import Mapping, Sequence

import numpy as np
from geomill.dataset.jsonl import BadLines, read_jsonl
from geomill.dataset.responses import ResponseRow, ScoredRow
from geomill.engine.errors import GeomillError, Span
from geomill.engine.jsontext import cut

from ..types import RESPONSE_TYPES
from .extract import extract

RELATIVE_TOLERANCE = 0.03
ZERO_TOLERANCE = 0.005


def option_labels(item: Mapping) -> list[str]:
    options = item.get("options")
    if options is None:
        raise ValueError(f"a {item.get('response_type')} item needs 'options' (a list of labels or a mapping)")
    labels = [str(k) for k in (options.keys() if isinstance(options, Mapping) else options)]
    if not labels:
        raise ValueError("'options' is empty")
    return labels


def _canon_label(value: object, labels: Sequence[str]) -> str:
    """The option label a gold answer names (case-insensitive when labels are single letters)."""
    text = str(value).strip().strip("()").strip()
    if text in labels:
        return text
    folded = {lab.lower(): lab for lab in labels}
    if text.lower() in folded and len(folded) == len(labels):
        return folded[text.lower()]
    raise ValueError(f"answer {value!r} is not one of the options {list(labels)}")


def gold_value(item: Mapping) -> float | str | bool | tuple[str, ...]:
    """The gold answer in the form extraction produces (float, label, bool, sorted label tuple)."""
    rtype, answer = item.get("response_type"), item.get("answer")
    if rtype not in RESPONSE_TYPES:
        raise ValueError(f"response_type {rtype!r} is not one of {', '.join(RESPONSE_TYPES)}")
    if answer is None:
        raise ValueError("the item has no 'answer'")
    if rtype == "number":
        if isinstance(answer, bool):
            raise ValueError(f"a number answer cannot be {answer!r}")
        try:
            value = float(answer)
        except (TypeError, ValueError):
            raise ValueError(f"answer {answer!r} is not a number") from None
        if not math.isfinite(value):
            raise ValueError(f"answer {answer!r} is not finite")
        return value
    if rtype == "truefalse":
        if isinstance(answer, bool):
            return answer
        text = str(answer).strip().lower()
        if text in ("true", "false"):
            return text == "true"
        raise ValueError(f"a truefalse answer must be true or false, not {answer!r}")
    labels = option_labels(item)
    if rtype == "choice":
        return _canon_label(answer, labels)
    if not isinstance(answer, (str, list, tuple)):
        raise ValueError(f"a multi answer is a list of labels, not {cut(repr(answer))}")
    parts = answer.replace(" ", "").split(",") if isinstance(answer, str) else list(answer)
    return tuple(sorted({_canon_label(p, labels) for p in parts if str(p) != ""}))


def numbers_agree(pred: float, gold: float) -> bool:
    """GeomVerse relaxed accuracy: within 3 % of the gold value (see the module note for 0)."""
    if gold == 0:
        return abs(pred) <= ZERO_TOLERANCE
    return abs(pred - gold) <= RELATIVE_TOLERANCE * abs(gold)


def is_correct(extracted: object, gold: object, response_type: str) -> bool:
    if extracted is None:
        return False
    if response_type == "number":
        return numbers_agree(float(extracted), float(gold))
    if response_type == "multi":
        return tuple(sorted(extracted)) == tuple(gold)
    return extracted == gold


_TF_ASK = re.compile(r"\s*(?:True\s+or\s+False\??|Is\s+this\s+(?:true|correct)\??)", re.I)


def statement(item: Mapping) -> str | None:
    """The statement a True/False item judges: its ``statement`` field, else its question's first sentence
    ("There is a triangle BAC in the figure. True or False?")."""
    if item.get("statement"):
        return str(item["statement"])
    q = item.get("question")
    if not isinstance(q, str) or not q.strip():
        return None
    first = re.split(r"(?<=[.?!])\s+|\n", _TF_ASK.sub(" ", q).strip(), maxsplit=1)[0]
    return first.strip() or None


def score_item(item: Mapping) -> dict:
    """``item`` plus ``extracted`` (JSON-ready: a list for multi), ``extraction_failed`` and ``correct``.

    Raises ValueError on an item that cannot be scored (unknown response type, gold not an option)."""
    gold = gold_value(item)
    rtype = item["response_type"]
    options = item.get("options") if rtype in ("choice", "multi") else None
    claim = statement(item) if rtype == "truefalse" else None
    got = extract(item.get("response") or "", rtype, options, claim)
    judged = False
    if got.failed and isinstance(item.get("judge_reply"), str):  # the judge's reading, where the rules refuse
        by_judge = extract(item["judge_reply"], rtype, options, claim)
        got, judged = (by_judge, True) if not by_judge.failed else (got, False)
    value = got.value
    if not got.failed and rtype == "choice":
        value = _canon_label(value, option_labels(item))
    out = dict(item)
    out["extracted"] = list(value) if isinstance(value, tuple) else value
    out["extraction_failed"] = got.failed
    if judged or "judged" in out:
        out["judged"] = judged
    out["correct"] = (not got.failed) and is_correct(value, gold, rtype)
    return out


def score(response: ResponseRow) -> ScoredRow:
    """A run's response read and scored: ``score_item`` on its JSON form, kept typed."""
    out = score_item(response.to_json())
    return ScoredRow(response, out["extracted"], out["extraction_failed"], out["correct"], out.get("judged"))


def score_file(path: str | os.PathLike, errors: list[GeomillError] | None = None) -> list[dict]:
    """Every line of a responses JSONL file scored.  A line that cannot be scored (not JSON, a
    field missing, an id seen on an earlier line) is a ``file:line`` error: raised at once, or,
    given an ``errors`` list, put there while the other lines go on."""
    items: list[dict] = []
    seen: dict[str, int] = {}
    bad = BadLines(str(path))
    for number, obj in read_jsonl(path, "strict" if errors is None else "skip", bad):
        try:
            for need in ("response", "answer", "response_type"):
                if need not in obj:
                    raise ValueError(f"the item has no {need!r}")
            if "id" in obj:
                rid = str(obj["id"])
                if rid in seen:
                    raise ValueError(f"id {cut(rid)!r} is already on line {seen[rid]}: each item is scored once")
                seen[rid] = number
            items.append(score_item(obj))
        except (ValueError, TypeError, ArithmeticError) as exc:
            error = GeomillError(cut(str(exc), 200), Span(number, 1), str(path))
            if errors is None:
                raise error from None
            errors.append(error)
    if errors is not None:  # lines that are not JSON objects, in line order with the rest
        errors.extend(GeomillError(why, Span(n, bad.columns.get(n, 1)), str(path)) for n, why in bad.lines)
        errors.sort(key=lambda e: e.span.line if e.span else 0)
    if not items:
        raise GeomillError(f"{path}: no items" + (f" ({len(errors)} bad lines; the first: {errors[0]})"
                                                   if errors else ""))
    return items


def random_baseline(item: Mapping) -> float:
    """The chance that a uniform random guess is right, from the item's own options:
    1/len(options) for a choice, 1/2 for True/False, 1/2^n for a multi-select over n options
    (every subset, the empty one included, equally likely: VisOnlyQA's 6.2 % for four), and 0
    for a number (a guess from a continuous range lands within 3 % with no fixed chance)."""
    rtype = item.get("response_type")
    if rtype == "truefalse":
        return 0.5
    if rtype == "choice":
        return 1.0 / len(option_labels(item))
    if rtype == "multi":
        return 0.5 ** len(option_labels(item))
    if rtype == "number":
        return 0.0
    raise ValueError(f"response_type {rtype!r} is not one of {', '.join(RESPONSE_TYPES)}")


def bootstrap_ci(correct: Sequence[bool], level: float = 0.95, resamples: int = 10_000,
                 seed: int = 0) -> tuple[float, float]:
    """Percentile bootstrap interval of the accuracy (seeded: same input, same interval).

    Resampling n 0/1 outcomes with replacement and counting the ones is exactly a
    Binomial(n, k/n) draw, so the resamples are drawn that way: same distribution as the
    textbook loop, without an n × resamples array."""
    n = len(correct)
    if n == 0:
        raise ValueError("no outcomes to bootstrap")
    k = int(sum(bool(c) for c in correct))
    rng = np.random.default_rng(seed)
    means = rng.binomial(n, k / n, size=resamples) / n
    alpha = (1.0 - level) / 2
    lo, hi = np.quantile(means, [alpha, 1.0 - alpha])
    return (float(lo), float(hi))
