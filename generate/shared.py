"""What GeomVerse generation and the perception sets share beyond the dataset floor: the tally of
a run (rejections, failures, duplicates), counted per shard by either kind's record maker."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field


@dataclass
class Tally:
    """What happened on the way: rejections by reason, failures by check (with examples)."""

    rejected: Counter = field(default_factory=Counter)
    failed: Counter = field(default_factory=Counter)
    failures: list = field(default_factory=list)
    duplicates: int = 0

    def merge(self, other: Tally) -> None:
        self.rejected.update(other.rejected)
        self.failed.update(other.failed)
        self.failures.extend(other.failures[: max(0, 20 - len(self.failures))])
        self.duplicates += other.duplicates

    def as_dict(self) -> dict:
        return {"rejected": dict(sorted(self.rejected.items())), "failed": dict(sorted(self.failed.items())),
                "failures": self.failures, "duplicates_skipped": self.duplicates}

    @staticmethod
    def from_dict(d: dict) -> Tally:
        return Tally(Counter(d.get("rejected", {})), Counter(d.get("failed", {})), list(d.get("failures", [])),
                     d.get("duplicates_skipped", 0))
