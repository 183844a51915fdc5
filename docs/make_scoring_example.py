"""Synthetic model responses for the README's scoring example (no model is run).

For every record of a ``geomill generate`` folder it writes, per made-up model, three items:
the record's own numeric question, a five-option choice over its answer and four wrong values,
and a True/False claim about it. Whether a made-up model is right is drawn with an accuracy
that falls with depth; its wording is drawn from the answer styles real models use (chain of
thought ending in "the final answer is", \\boxed, Markdown, bare answers, the odd refusal).
Seeded: the same folder gives the same files.

    python docs/make_scoring_example.py GEN_DIR --out DIR   # writes DIR/MODEL.jsonl per model
"""
from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from geomill.generate.runner import read_records

# made-up models: chance of a right answer at depth 1, 2, 3
MODELS = {"model-a": (0.8, 0.55, 0.35), "model-b": (0.55, 0.3, 0.15)}
NUMBER_STYLES = [
    "The required value follows from the figure. Therefore the final answer is {x}.",
    "**Step 1.** Read the given values.\n**Step 2.** Apply the formula.\n\n**Final Answer:** {x}",
    "Final Answer: The final answer is $\\boxed{{{x}}}$. I hope it is correct.",
    "{x}",
    "Using π = 3.14 and rounding to 2 decimal places, the answer is {x}.",
]
REFUSAL = "I cannot determine the exact value from the figure."


def _wrong(gold: float, rng: random.Random) -> float:
    return round(gold * rng.choice([rng.uniform(0.55, 0.9), rng.uniform(1.1, 1.6)]), 2)


def items_for(record: dict, model: str, rng: random.Random) -> list[dict]:
    depth = min(record["depth"], 3)
    p = MODELS[model][depth - 1]
    gold = float(record["answer"])
    common = {"model": model, "depth": record["depth"], "width": record["width"], "answer_type": record["answer_type"]}
    out = []
    # the numeric question itself
    x = gold if rng.random() < p else _wrong(gold, rng)
    text = REFUSAL if rng.random() < 0.03 else rng.choice(NUMBER_STYLES).format(x=x)
    out.append({"id": f"{record['id']}/number", "response": text, "answer": gold, "response_type": "number",
                "task": "number", **common})
    # a five-option choice over the answer (VisOnlyQA style)
    values = [gold] + [_wrong(gold, rng) for _ in range(4)]
    rng.shuffle(values)
    options = dict(zip("abcde", (f"{v:g}" for v in values)))
    right = "abcde"[values.index(gold)]
    pick = right if rng.random() < p + 0.1 else rng.choice("abcde")
    text = rng.choice(["({l})", "{L}", "Final answer: ({l}) {v}", "The answer is {l}.", "{v}"]).format(
        l=pick, L=pick.upper(), v=options[pick])
    out.append({"id": f"{record['id']}/choice", "response": text, "answer": right, "response_type": "choice",
                "options": options, "task": "choice", **common})
    # a True/False claim about it
    claim = rng.random() < 0.5
    said = claim if rng.random() < p + 0.15 else rng.random() < 0.5
    text = rng.choice(["{t}", "Final answer: {t}.", "The statement is {lt}.", "$\\boxed{{\\text{{{t}}}}}$"]).format(
        t=str(said), lt=str(said).lower())
    out.append({"id": f"{record['id']}/truefalse", "response": text, "answer": claim, "response_type": "truefalse",
                "task": "truefalse", **common})
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("gen_dir")
    parser.add_argument("--part", default="data")
    parser.add_argument("--out", required=True)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    records = list(read_records(Path(args.gen_dir), args.part))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for model in MODELS:
        rng = random.Random(f"{args.seed}:{model}")
        with open(out / f"{model}.jsonl", "w", encoding="utf-8") as fh:
            for record in records:
                for item in items_for(record, model, rng):
                    fh.write(json.dumps(item) + "\n")
    print(f"{len(records)} records -> {', '.join(f'{out / m}.jsonl' for m in MODELS)}")


if __name__ == "__main__":
    main()
