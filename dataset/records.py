"""The typed values of a dataset: a record (one problem, one shard line), an item (what a record is
scored as), a part (a named set of records of one split) and a manifest (a folder's parts and
results). Each reads and writes its JSON form with ``from_json`` / ``to_json``; a malformed one is
a one-line ``GeomillError`` naming where it came from, never a ``KeyError`` further on."""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from geomill.engine.errors import GeomillError

ResponseType = Literal["number", "choice", "truefalse", "multi"]
RESPONSE_TYPES: tuple[str, ...] = ("number", "choice", "truefalse", "multi")

Kind = Literal["geomverse", "perception"]
# a record's schema -> the kind of dataset it belongs to, and the command that writes that kind
SCHEMAS: dict[str, Kind] = {"geomill.generate/1": "geomverse", "geomill.perceive/1": "perception",
                            "geomill.textbook/1": "geomverse"}  # FormalGeo problems proved (generate.textbook)

# The JSON type of each field a kind's readers use (a line is checked against it when read, so a
# hostile or hand-edited field is a one-line error naming the record, never a crash further on).
_NUMBER = (int, float)
FIELD_TYPES: dict[Kind, dict[str, type | tuple[type, ...]]] = {
    "geomverse": {"dsl": str, "steps": list, "solution": str, "solution_text_only": str, "solution_latex": str,
                  "question_text_only": str, "exact": _NUMBER, "depth": int, "width": int, "answer_type": str,
                  "variables": list, "rules": list, "shapes": list, "distractors": dict, "knobs": dict},
    "perception": {"scene": dict, "claim": str, "task": str, "solution": str, "knobs": dict},
}
_JSON_NAMES = {str: "text", list: "list", dict: "object", int: "whole number", _NUMBER: "number"}
WRITER: dict[str, str] = {"geomverse": "geomill generate", "perception": "geomill perceive"}

# Report axes: item field -> the record key it is read from, in the generation knobs first (shapes
# and distractors are also top-level record fields holding the drawn shapes and the distractor
# facts, not the split), then at the top level. Only plain values (text, numbers, booleans) count.
_SAFE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")

GROUP_FIELDS = {
    "depth": "depth", "width": "width", "answer_type": "question_type", "shapes": "shapes",
    "annotation": "annotation", "values": "values", "variablized": "variablized",
    "distractors": "distractors", "task": "task", "part": "part",
    "family": "family", "marked": "marked", "claim_marked": "claim_marked",
}


def _need(obj: Mapping, key: str, kind: type, where: str) -> Any:
    value = obj.get(key)
    if not isinstance(value, kind):
        raise GeomillError(f"{where}: the field {key!r} is missing or not a {kind.__name__}")
    return value


@dataclass(frozen=True)
class Record:
    """One problem as a shard line holds it.

    The fields every consumer reads are typed attributes; the rest of the line (a GeomVerse
    record's ``dsl``, ``steps``, ``depth`` …; a perception record's ``scene``, ``claim``, ``task`` …)
    is read with ``get``. ``to_json`` gives back the line exactly as it was read or built."""

    id: str
    kind: Kind
    part: str
    answer: Any
    response_type: ResponseType
    question: str
    image: str | None  # relative to its part's folder
    labels: str | None  # the figure's label sidecar, likewise
    knobs: Mapping[str, Any]
    data: Mapping[str, Any] = field(repr=False, compare=False)

    @classmethod
    def from_json(cls, obj: Any, where: str = "record") -> Record:
        if not isinstance(obj, Mapping):
            raise GeomillError(f"{where}: a record is a JSON object, not {type(obj).__name__}")
        rid = _need(obj, "id", str, where)
        where = f"{where} ({rid})"
        kind = SCHEMAS.get(obj.get("schema"))
        if kind is None:
            raise GeomillError(f"{where}: unknown schema {obj.get('schema')!r}; known: {', '.join(SCHEMAS)}")
        if "answer" not in obj:
            raise GeomillError(f"{where}: no answer")
        for key, want in FIELD_TYPES[kind].items():
            value = obj.get(key)
            if key in obj and (not isinstance(value, want) or isinstance(value, bool)):
                raise GeomillError(f"{where}: the field {key!r} should be {_JSON_NAMES.get(want, 'other')}, "
                                   f"not {type(value).__name__}")
        if obj.get("response_type", "number") == "number" and (
                not isinstance(obj["answer"], _NUMBER) or isinstance(obj["answer"], bool)):
            raise GeomillError(f"{where}: a number item's answer should be a number, "
                               f"not {type(obj['answer']).__name__}")
        rtype = obj.get("response_type", "number")
        if rtype not in RESPONSE_TYPES:
            raise GeomillError(f"{where}: unknown response_type {rtype!r}")
        image, labels = obj.get("image"), obj.get("labels")
        for key, value in (("image", image), ("labels", labels)):
            if value is not None and not isinstance(value, str):
                raise GeomillError(f"{where}: {key} must be a path or null")
        return cls(rid, kind, str(obj.get("part", "")), obj["answer"], rtype, str(obj.get("question", "")),
                   image, labels, obj.get("knobs") or {}, obj)

    def to_json(self) -> dict:
        return dict(self.data)

    def get(self, key: str, default: Any = None) -> Any:
        """A field of the record's own kind (see ``pipeline._record`` and ``perception.sets._record``)."""
        return self.data.get(key, default)

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def __contains__(self, key: object) -> bool:
        return key in self.data

    @property
    def options(self) -> Any:
        return self.data.get("options")

    def group_value(self, name: str) -> Any:
        """A report axis: the knob of that name, else the record field (only plain values count)."""
        key = GROUP_FIELDS.get(name, name)
        value = self.knobs[key] if key in self.knobs else self.data.get(key)
        return value if isinstance(value, (str, int, float, bool)) else None


@dataclass(frozen=True)
class Item:
    """What one record is scored as: its gold answer, response type, options and report axes."""

    id: str
    answer: Any
    response_type: ResponseType
    options: Any = None  # for choice / multi: a list of labels, or a mapping label -> option text
    groups: Mapping[str, str | int | float | bool] = field(default_factory=dict)
    question: str | None = None  # a True/False item's statement: a conclusion restating it is a verdict

    @classmethod
    def from_record(cls, record: Record) -> Item:
        groups = {}
        for name in GROUP_FIELDS:
            value = record.group_value(name)
            if name == "answer_type" and record.get("answer_type"):
                value = record.get("answer_type")  # what was asked (grade's name), also when the knob said "any"
            if name == "task" and value is None and record.response_type == "number":
                value = "geomverse"
            if isinstance(value, (str, int, float, bool)):
                groups[name] = value
        question = record.get("question") if record.response_type == "truefalse" else None
        answer = record.answer
        if str(record.get("schema", "")).startswith("geomill.textbook") and isinstance(record.get("exact"), float):
            answer = record["exact"]  # a textbook question asks the exact value, not its two-decimal rounding
        return cls(record.id, answer, record.response_type, record.options, groups,
                   question if isinstance(question, str) else None)

    @classmethod
    def from_json(cls, obj: Mapping, where: str = "item") -> Item:
        rid = _need(obj, "id", str, where)
        rtype = obj.get("response_type", "number")
        if rtype not in RESPONSE_TYPES:
            raise GeomillError(f"{where} ({rid}): unknown response_type {rtype!r}")
        return cls(rid, obj.get("answer"), rtype, obj.get("options"),
                   {k: obj[k] for k in GROUP_FIELDS if isinstance(obj.get(k), (str, int, float, bool))},
                   obj["question"] if isinstance(obj.get("question"), str) else None)

    def to_json(self) -> dict:
        """The scored item's fields: id, answer, response_type, options, then the group fields."""
        row = {"id": self.id, "answer": self.answer, "response_type": self.response_type,
               "options": self.options, **self.groups}
        if self.question is not None:
            row["question"] = self.question
        return row


@dataclass(frozen=True)
class Part:
    """A named set of ``n`` problems of one ``split``: made with ``config`` (an object with
    ``as_dict``, or its JSON form when read back), its files in ``folder`` once written."""

    name: str
    split: str
    n: int = 0
    config: Any = None
    folder: Path | None = field(default=None, compare=False)

    def as_dict(self) -> dict:
        return self.to_json()

    def to_json(self) -> dict:
        config = self.config.as_dict() if hasattr(self.config, "as_dict") else self.config
        return {"name": self.name, "split": self.split, "n": self.n, "config": config}

    @classmethod
    def from_json(cls, obj: Any, folder: Path | None = None, where: str = "part") -> Part:
        if not isinstance(obj, Mapping):
            raise GeomillError(f"{where}: a part is a JSON object")
        name = _need(obj, "name", str, where)
        if not _SAFE_NAME.fullmatch(name):  # a part is a folder inside the dataset, never "../x"
            raise GeomillError(f"{where}: the part name {name[:40]!r} is not a plain folder name")
        n = obj.get("n", 0)
        return cls(name, str(obj.get("split", "test")), n if isinstance(n, int) else 0, obj.get("config"), folder)

    @property
    def kind(self) -> Kind:
        config = self.to_json()["config"]
        return "perception" if isinstance(config, Mapping) and config.get("kind") == "perception" else "geomverse"


@dataclass(frozen=True)
class Manifest:
    """``DIR/manifest.json``: the run's seed and shard size, its parts, and per part the records
    written, rejections and failures (``results``)."""

    schema: str
    generator: str
    seed: int | str
    shard_size: int
    parts: tuple[Part, ...]
    results: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    @classmethod
    def from_json(cls, obj: Any, folder: Path | None = None, where: str = "manifest.json") -> Manifest:
        if not isinstance(obj, Mapping) or not isinstance(obj.get("parts"), list):
            raise GeomillError(f"{where}: not a geomill manifest (no list of parts)")
        parts = tuple(Part.from_json(p, folder / p["name"] if folder and isinstance(p, Mapping) and
                                     isinstance(p.get("name"), str) else None, where) for p in obj["parts"])
        shard_size = obj.get("shard_size", 100)
        return cls(str(obj.get("schema", "")), str(obj.get("generator", "")), obj.get("seed", 0),
                   shard_size if isinstance(shard_size, int) else 100, parts, obj.get("results") or {})

    def to_json(self) -> dict:
        return {"schema": self.schema, "generator": self.generator, "seed": self.seed,
                "shard_size": self.shard_size, "parts": [p.to_json() for p in self.parts],
                "results": {k: dict(v) for k, v in self.results.items()}}

    @property
    def kind(self) -> Kind:
        kinds = {p.kind for p in self.parts}
        return "perception" if kinds == {"perception"} else "geomverse"
