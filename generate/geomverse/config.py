"""The knobs of generation (GeomVerse's axes of difficulty) as one frozen value.

A config is part of every record and of the run manifest, so it must be plain
data that round-trips through JSON.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields, replace

from .knowledge import QUESTION_TYPES, pool_kinds

SCHEMA = "geomill.generate/1"
GENERATOR_VERSION = "1.6"

ANNOTATIONS = ("coordinate", "individual")
VALUE_PLACES = ("image", "text")


@dataclass(frozen=True)
class GenConfig:
    """One test set's (or split's) settings.

    ``depth`` is the number of reasoning hops (Algorithm 1's d + 1); ``p_branch`` the chance to
    hide a second input at a node (width); ``distractors`` gives the first hidden value so a
    depth ``depth + 1`` problem reads as depth ``depth`` with distracting shapes (§4.3);
    ``variablized`` is ρ (§A.4); ``shapes`` a pool name or kind keys; ``question_type`` one of
    side/angle/area/perimeter or ``any``; ``annotation`` and ``values`` the figure style (§A.2–A.3).
    ``randomize`` draws depth, p_branch, ρ, annotation and values per problem (the paper's
    train/validation sets, Appendix B).  ``length_range`` bounds the given sides (integers, as in
    the paper); ``angle_range`` every angle of every shape, given or derived, so that no figure
    holds a sliver (a 2° corner cannot be seen, nor its label placed).
    """

    depth: int = 2
    p_branch: float = 0.0
    distractors: bool = False
    variablized: float = 0.0
    shapes: str = "geomverse"
    question_type: str = "any"
    annotation: str = "coordinate"
    values: str = "image"
    length_range: tuple[int, int] = (1, 40)
    angle_range: tuple[int, int] = (5, 175)  # every angle of every shape, given or derived
    images: bool = True
    image_size: int = 512
    randomize: bool = False
    max_depth: int = 3  # for randomize: depth drawn from 1..max_depth
    extra: dict = field(default_factory=dict, compare=False)

    def validate(self) -> GenConfig:
        if not 1 <= self.depth <= 8:
            raise ValueError("depth must be between 1 and 8")
        for name in ("p_branch", "variablized"):
            v = getattr(self, name)
            if not 0.0 <= v <= 1.0:
                raise ValueError(f"{name} must be between 0 and 1")
        if not 64 <= self.image_size <= 4096:
            raise ValueError("image size must be between 64 and 4096 pixels")
        lo, hi = self.angle_range
        if not 0 < lo < hi < 180:
            raise ValueError("angle range must satisfy 0 < low < high < 180")
        if not 0 < self.length_range[0] <= self.length_range[1]:
            raise ValueError("length range must satisfy 0 < low <= high")
        if self.question_type != "any" and self.question_type not in QUESTION_TYPES:
            raise ValueError(f"question type must be any or one of {', '.join(QUESTION_TYPES)}")
        if self.annotation not in ANNOTATIONS:
            raise ValueError(f"annotation must be one of {', '.join(ANNOTATIONS)}")
        if self.values not in VALUE_PLACES:
            raise ValueError(f"values must be one of {', '.join(VALUE_PLACES)}")
        pool_kinds(self.shapes)
        return self

    @property
    def pool(self) -> tuple[str, ...]:
        return pool_kinds(self.shapes)

    def as_dict(self) -> dict:
        d = asdict(self)
        d.pop("extra")
        d["length_range"] = list(self.length_range)
        d["angle_range"] = list(self.angle_range)
        return d

    @staticmethod
    def from_dict(d: dict) -> GenConfig:
        names = {f.name for f in fields(GenConfig)}
        kw = {k: (tuple(v) if k.endswith("_range") else v) for k, v in d.items() if k in names}
        return GenConfig(**kw)

    def with_(self, **kw) -> GenConfig:
        return replace(self, **kw)
