"""Agreement of ``geomill grade`` with the hand annotations of the free-form set in ``tests/data/freeform``.

Each solution there was written the way vision-language models write (Markdown, LaTeX display blocks,
bullets, terse answers, restated problems, other letter orders), half with one realistic mistake, and
annotated by hand: the final answer and whether it is right, the first wrong step, its category, and
the value the response states for each proof step.  ``python tests/freeform.py`` prints the figures and
every disagreement.
"""
from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

from geomill.evaluate.grading.grade import grade

DATA = Path(__file__).resolve().parent / "data" / "freeform"
TEXTBOOK = DATA.parent / "freeform_textbook"  # the same, on FormalGeo textbook records (issue 41)
MODELS = DATA.parent / "freeform_textbook_models"  # other textbook records, in model styles (issue 41, item 3)


def load(folder: Path = DATA) -> list[tuple[dict, dict]]:
    """(record, solution) pairs of a set's folder, in the solutions file's order."""
    records = {}
    for line in (folder / "records.jsonl").read_text(encoding="utf-8").splitlines():
        if line.strip():
            r = json.loads(line)
            records[r["id"]] = r
    out = []
    for line in (folder / "solutions.jsonl").read_text(encoding="utf-8").splitlines():
        if line.strip():
            s = json.loads(line)
            out.append((records[s["id"]], s))
    return out


@dataclass
class Agreement:
    n: int = 0
    final: int = 0
    first_wrong: int = 0
    wrong: int = 0  # responses annotated with a category
    category: int = 0
    right_steps: int = 0
    right_called_wrong: int = 0
    stated: int = 0
    stated_found: int = 0
    right_responses: int = 0
    right_flagged: int = 0  # right throughout, yet given a failure or a wrong value off the proof
    misses: list[str] = field(default_factory=list)

    def figures(self) -> dict[str, float]:
        pct = lambda a, b: round(100.0 * a / b, 1) if b else 100.0  # noqa: E731
        return {"responses": self.n, "final answers agreed %": pct(self.final, self.n),
                "first wrong step agreed %": pct(self.first_wrong, self.n),
                "category agreed %": pct(self.category, self.wrong), "wrong responses": self.wrong,
                "right steps called wrong": self.right_called_wrong, "right steps": self.right_steps,
                "stated values found %": pct(self.stated_found, self.stated), "stated values": self.stated,
                "right responses flagged": self.right_flagged, "right responses": self.right_responses}


def _same(a: float | None, b: float | None) -> bool:
    if a is None or b is None:
        return a is None and b is None
    return abs(a - b) <= 0.005 + 1e-3 * abs(b)


def agreement(pairs: list[tuple[dict, dict]]) -> Agreement:
    out = Agreement()
    for record, sol in pairs:
        ann = sol["annotation"]
        g = grade(record, sol["response"])
        out.n += 1
        tag = f"{sol['id']} ({sol.get('style')})"
        if g.final_correct == ann["final_correct"] and _same(g.final_answer, ann["final_answer"]):
            out.final += 1
        else:
            out.misses.append(f"{tag}: final {g.final_answer} {g.final_correct} vs {ann['final_answer']} "
                              f"{ann['final_correct']}")
        if g.first_wrong_step == ann["first_wrong_step"]:
            out.first_wrong += 1
        else:
            out.misses.append(f"{tag}: first wrong step {g.first_wrong_step} vs {ann['first_wrong_step']} "
                              f"({g.failure}: {g.reason})")
        if ann["first_wrong_step"] is None and ann["final_correct"]:
            out.right_responses += 1
            flags = [f"{u['quantity']} = {u['value']:g} {u['role']}" for u in g.unused
                     if u["role"] in ("wrong", "hallucinated", "misread_given")]
            if g.failure is not None or flags:
                out.right_flagged += 1
                out.misses.append(f"{tag}: right response flagged ({g.failure}: {g.reason}; {flags})")
        if ann["category"] is not None:
            out.wrong += 1
            if g.failure == ann["category"]:
                out.category += 1
            else:
                out.misses.append(f"{tag}: category {g.failure} ({g.reason}) vs {ann['category']}")
        last_right = (ann["first_wrong_step"] or len(g.steps) + 1) - 1
        for step, value in (ann.get("stated") or {}).items():
            n = int(step)
            if value is None or not 1 <= n <= len(g.steps):
                continue
            s = g.steps[n - 1]
            out.stated += 1
            if any(_same(v, value) for v in [s.stated, *s.restated] if v is not None):
                out.stated_found += 1
            else:
                out.misses.append(f"{tag}: step {n} stated {value} not found (grader: {s.stated})")
            if n <= last_right:
                out.right_steps += 1
                if s.correct is False:
                    out.right_called_wrong += 1
                    out.misses.append(f"{tag}: right step {n} called wrong ({s.category}: {s.reason})")
    return out


if __name__ == "__main__":
    result = agreement(load({"textbook": TEXTBOOK, "models": MODELS}.get((sys.argv[1:] or [""])[0], DATA)))
    for line in result.misses:
        print(line)
    print(json.dumps(result.figures(), indent=1))
    sys.exit(0)
