"""The knobs of generated textbook problems, as one part's config (``generate.runner`` runs it)."""
from __future__ import annotations

from dataclasses import asdict, dataclass, replace

QUESTION_TYPES = ("length", "angle", "arc", "area", "perimeter", "ratio", "x")


def families() -> frozenset[str]:
    """Every theorem family the solver knows (one per key of its blocks), by FormalGeo name."""
    from geomill.solvers.plane.theorems import registry

    return frozenset(registry())


def parse_span(text: str, what: str) -> tuple[int, int]:
    """``5`` -> (5, 5); ``2-6`` -> (2, 6)."""
    lo, _, hi = str(text).partition("-")
    if not lo.isdigit() or (hi and not hi.isdigit()):
        raise ValueError(f"{what} wants N or N-M, not {text!r}")
    span = (int(lo), int(hi or lo))
    if span[0] < 1 or span[1] < span[0] or span[1] > 20:
        raise ValueError(f"{what} wants 1 <= N <= M <= 20, not {text!r}")
    return span


@dataclass(frozen=True)
class TextbookConfig:
    depth: str = "2-8"
    width: str = ""  # the proof's width (the most equations one step reads): N or N-M; empty: any
    question_type: str = "any"  # any, or question types separated by commas
    circles: bool | None = None  # None: with or without; True: every figure has one; False: none
    max_points: int = 9
    theorems: str = ""  # families to require, and -family to exclude, separated by commas
    distractors: int = 0  # true givens the proof does not need, kept in the problem
    variablized: float = 0.0  # chance a length or angle question is asked as x (the element written in x)
    values: str = "image"  # image (given values and marks on the figure) or text (the question says them)
    annotation: str = "plain"
    images: bool = True
    image_size: int = 512
    goals_per_figure: int = 6  # problems one construction may give (different goals, other labels)

    def validate(self) -> TextbookConfig:
        parse_span(self.depth, "--depth")
        self.width_span()
        bad = self.question_types() - set(QUESTION_TYPES)
        if bad:
            raise ValueError(f"unknown question type {sorted(bad)[0]!r}; known: {', '.join(QUESTION_TYPES)}, any")
        if not 4 <= self.max_points <= 20:
            raise ValueError("--max-points must be between 4 and 20")
        if self.distractors < 0 or not 0 <= self.variablized <= 1:
            raise ValueError("--distractors must be >= 0 and --variablized between 0 and 1")
        known = families()
        for name in (*self.require, *self.exclude):
            if name not in known:
                raise ValueError(f"unknown theorem family {name!r} (known: {', '.join(sorted(known)[:8])} …)")
        if self.values not in ("text", "image"):
            raise ValueError("--values is text or image")
        return self

    def question_types(self) -> set[str]:
        if self.question_type in ("", "any"):
            return set(QUESTION_TYPES) - {"x"} | ({"x"} if self.variablized > 0 else set())
        return {q.strip() for q in self.question_type.split(",") if q.strip()}

    def step_span(self) -> tuple[int, int]:
        """How many constructions follow the base shape: more where deeper proofs are asked."""
        least = self.depth_span()[0]
        return min(max(least - 1, 2), 6), min(max(least + 2, 5), 8)

    def depth_span(self) -> tuple[int, int]:
        return parse_span(self.depth, "--depth")

    def width_span(self) -> tuple[int, int]:
        return parse_span(self.width, "--width") if self.width else (1, 20)

    @property
    def require(self) -> tuple[str, ...]:
        return tuple(t.strip() for t in self.theorems.split(",") if t.strip() and not t.strip().startswith("-"))

    @property
    def exclude(self) -> tuple[str, ...]:
        return tuple(t.strip()[1:] for t in self.theorems.split(",") if t.strip().startswith("-"))

    def as_dict(self) -> dict:
        return {"kind": "textbook", **asdict(self)}

    def with_(self, **kw) -> TextbookConfig:
        return replace(self, **kw)
