"""Generated problems as ``geomill.textbook/1`` records (the FormalGeo import's record, with the
generator, its knobs and the seed), and the figure files they refer to."""
from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Iterator

import sympy
from geomill.engine.errors import GeomillError
from geomill.engine.plane import element_of

from ..textbook import ANSWER_TYPES, SCHEMA, grader_steps, question
from .canonical import canonical_key
from .config import TextbookConfig
from .make import Made, generate, stream
from .make import figure_files as make_figure_files

GENERATOR = "geomill.textbook_gen 1"
INTERLEAVE = 25  # groups whose problems take turns: a block of BLOCK indices holds (at least) INTERLEAVE
# constructions' problems, each group's k-th problem in the block's k-th run of them, so that neighbouring
# records (a window, the first dozens) come from different constructions
BLOCK = 100  # the runner's shard size: a group's problems all fall in one shard, so that no worker builds
# again a construction another worker built (a group's k-th problem is read after its first k)
_CACHE: OrderedDict = OrderedDict()  # (seed, part, group, config) -> the group's problems so far and their stream
_CACHE_SIZE = 2 * INTERLEAVE


def _made(cfg: TextbookConfig, seed, part: str, group: int, slot: int) -> Made | None:
    """Problem ``slot`` of a group, reading the group's stream only as far as that (in this process)."""
    key = (str(seed), part, group, json.dumps(cfg.as_dict(), sort_keys=True))
    if key not in _CACHE:
        _CACHE[key] = ([], stream(cfg, seed, part, group))
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    made, rest = _CACHE[key]
    while len(made) <= slot:
        nxt = next(rest, None)
        if nxt is None:
            return None
        made.append(nxt)
    return made[slot]


def groups_per_block(cfg: TextbookConfig) -> int:
    """How many constructions one block of ``BLOCK`` indices takes turns between: ``INTERLEAVE``, or more
    where ``goals_per_figure`` problems each would not fill the block."""
    return max(INTERLEAVE, -(-BLOCK // cfg.goals_per_figure))


def place(cfg: TextbookConfig, index: int) -> tuple[int, int]:
    """(group, slot) of problem ``index``: groups interleaved within blocks of ``BLOCK`` indices."""
    block, r = divmod(index, BLOCK)
    g = groups_per_block(cfg)
    return block * g + r % g, r // g


def problem_at(cfg: TextbookConfig, seed, part: str, index: int) -> Iterator[Made]:
    """Problem ``index`` first, then the others to try in its place (a repeat, an excluded one):
    the ``goals_per_figure`` problems of a group share a construction (``place``); the same
    arguments always give the same problems, whichever process asks."""
    made = _made(cfg, seed, part, *place(cfg, index))
    if made is not None:
        yield made
    for k in range(1, 4):
        yield from generate(cfg.with_(goals_per_figure=1), seed, part, -k * 10_000_000 - index)


def figure_files(made: Made, cfg: TextbookConfig) -> tuple[bytes | None, bytes | None]:
    """The figure (values and marks on it as ``--values`` says) and its label export: the one the
    check drew (``make.figure_files``); a figure that would mislead is refused (ValueError)."""
    return make_figure_files(made.text, made.problem, made.figure, cfg)


def record_of(made: Made, cfg: TextbookConfig, seed, part: str, index: int) -> dict:
    sol = made.solution
    parsed = made.problem
    goal = parsed.goal.expr
    el = element_of(goal) if goal.is_Symbol else None
    rounds = not float(sol.exact).is_integer()
    rid = f"{part}-{index:07d}"
    qtype = made.knobs["question_type"]
    answer_type = ANSWER_TYPES.get(el.kind.key, el.kind.key) if el is not None else (
        "variable" if qtype == "x" else "ratio")
    solution = sol.text("text")  # (written once: the writer is a fifth of a record's cost)
    shapes = [{"name": "".join(p.points), "kind": p.noun, "pool": "textbook_gen"} for p in parsed.polygons]
    shapes += [{"name": "".join("".join(a) for a in r.args), "kind": r.key, "pool": "textbook_gen"}
               for r in parsed.relations]
    return {
        "schema": SCHEMA, "id": rid, "part": part, "index": index, "seed": f"{seed}:{part}:{index}",
        "generator": GENERATOR, "dsl": made.text,
        "question_text_only": question(parsed, figure=False, rounds=rounds, names=sol.proof.arcs),
        "question": question(parsed, figure=cfg.images, rounds=rounds, names=sol.proof.arcs, incidences=True),
        "image": f"images/{rid}.png" if cfg.images else None,
        "labels": f"images/{rid}.labels.json" if cfg.images else None,
        "answer": sol.answer, "exact": sol.exact, "exact_form": str(sol.exact_value), "answer_form": sol.answer_form,
        "answer_type": answer_type, "question_type": qtype,
        "solution": solution, "solution_text_only": solution,
        "solution_latex": sol.text("latex"), "steps": grader_steps(sol.proof),
        "depth": sol.depth, "width": sol.width, "shapes": shapes,
        "rules": sorted({k for st in sol.proof.steps for k in st.theorems}),
        "distractors": {"shapes": [], "facts": made.distractors},
        "variables": sorted(s.name for s in parsed.variables),
        "constructions": made.knobs["constructions"], "base": made.knobs["base"],
        "solution_hash": canonical_key(parsed),
        "figure": figure_of(sol.model),
        "verified": {"solved": True, "reparsed": True, "lint": True, "figure_measures": True,
                     "figure": cfg.images},
        "knobs": {"source": "generated", **{k: v for k, v in cfg.as_dict().items() if k != "kind"},
                  "question_type": qtype},
    }


def figure_of(model) -> dict:
    """The figure the solution was written on (y up, full precision): its points, circles' radii and
    variables.  A proof reads its figure (which arc a point lies on, which way an angle opens), so
    ``geomill lint`` re-solves the record on this figure, not on one its own search might find."""
    return {"points": {n: [float(v[0]), float(v[1])] for n, v in model.coords.items()},
            "radii": {c: float(r) for c, r in model.radii.items()},
            "variables": {n: float(v) for n, v in model.variables.items()}}


def make_record(cfg: TextbookConfig, seed, part: str, index: int, tally, exclude=frozenset()
                ) -> tuple[dict, dict[str, bytes]]:
    """The record of problem ``index`` of ``part`` and its figure files (runner's record maker)."""
    for made in problem_at(cfg, seed, part, index):
        if canonical_key(made.problem) in exclude:
            tally.duplicates += 1
            continue
        try:
            png, labels = figure_files(made, cfg)
        except (GeomillError, ArithmeticError, ValueError) as exc:
            tally.rejected[f"figure: {str(exc)[:60]}"] += 1
            continue
        record = record_of(made, cfg, seed, part, index)
        files = {} if png is None else {record["image"]: png, record["labels"]: labels}
        return record, files
    raise GeomillError(f"no textbook problem found for {part} #{index} with these knobs ({cfg.as_dict()})")


__all__ = ["GENERATOR", "make_record", "problem_at", "record_of", "sympy"]


class TextbookSet(TextbookConfig):
    """The knobs of a textbook set with the record maker the runner calls (``part.config.make_record``):
    kept apart from ``config`` so that the problem maker, which reads the knobs, does not import it."""

    distinct_within = True  # no problem twice in a shard (the runner passes the shard's so far)

    def make_record(self, seed, part: str, index: int, tally, exclude=frozenset()) -> tuple[dict, dict[str, bytes]]:
        return make_record(self, seed, part, index, tally, exclude)
