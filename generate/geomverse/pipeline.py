"""One problem from (config, seed, index): draw, prove right, lay out, write the record.

Each index gets its own RNG seeded from ``(seed, part, index)`` only, so the
output never depends on the number of workers.  A draw that turns out
infeasible (values, layout, the 3 % rounding rule) is *rejected* and drawn
again; a draw whose proof check fails (round trip, solver, answer, measured
figure) is a *failure*: it is never emitted, and it is counted so that a bug
cannot hide.
"""
from __future__ import annotations

import hashlib
import json
import math
import random
import warnings
from collections.abc import Callable
from dataclasses import dataclass, replace

from geomill.dsl import format_problem, parse
from geomill.engine.catalogue import KINDS
from geomill.engine.errors import GeomillError, ImpossibleValues
from geomill.engine.model import Problem, QKind, Quantity
from geomill.solvers.arith import unrounded
from geomill.solvers.lint import lint_solution, lint_text

from ..shared import Tally, made_one
from .backward import Draft, Infeasible, Planner, draw
from .config import GENERATOR_VERSION, SCHEMA, GenConfig
from .knowledge import ANSWER_TYPES, QUESTION_TYPES
from .text import question

MAX_ATTEMPTS = 400
RANDOM_KNOBS = {"p_branch": (0.0, 0.5, 1.0), "variablized": (0.0, 0.0, 0.5, 1.0),
                "annotation": ("coordinate", "individual"), "values": ("image", "text")}


class GenerationError(GeomillError):
    """The knobs admit no problem (e.g. a pool without any shape for the asked type)."""


class Failure(Exception):
    def __init__(self, check: str, detail: str):
        super().__init__(f"{check}: {detail}")
        self.check, self.detail = check, detail


_PLANNERS: dict[tuple[str, ...], Planner] = {}


def planner(pool: tuple[str, ...]) -> Planner:
    if pool not in _PLANNERS:
        _PLANNERS[pool] = Planner(pool)
    return _PLANNERS[pool]


@dataclass(frozen=True)
class Job:
    """What one record is: the config, and the seed, part and index that name it."""

    cfg: GenConfig
    seed: int | str
    part: str
    index: int
    exclude: frozenset[str] | set[str] = frozenset()  # solution hashes another split holds
    image_ref: str = "images"


@dataclass(frozen=True)
class FigureTools:
    """The figure floor's entry points, looked up once."""

    layout: Callable
    layout_error: type[Exception]
    annotation: type
    renderer: type
    labels: Callable  # render.attribution.figure_labels
    overlapping: Callable  # render.looks.overlapping
    judge: Callable  # render.compose.judge: the shapes as drawn before any label, and what reads wrong in them
    compose: Callable  # render.compose.compose


@dataclass(frozen=True)
class Proved:
    """A draw that passed every check, with what its record is written from."""

    solution: object  # geomill.solvers.Solution
    text: str  # the problem's DSL
    coordinate_solution: str
    solution_hash: str
    scene: object | None = None
    annotation: object | None = None
    png: bytes | None = None
    labels: bytes | None = None  # the figure's labels as JSON (render.attribution.figure_labels)


def _figure_tools() -> FigureTools | None:
    """The figure floor, if it is installed (it is optional for the generator's own tests)."""
    try:
        from geomill.render.annotate import Annotation
        from geomill.render.attribution import figure_labels
        from geomill.render.compose import compose, judge
        from geomill.render.draw import Renderer
        from geomill.render.layout import LayoutError, layout
        from geomill.render.looks import overlapping
    except ImportError:
        return None
    return FigureTools(layout, LayoutError, Annotation, Renderer, figure_labels, overlapping, judge, compose)


_RENDERERS: dict = {}


def close(a: float, b: float, tol: float = 1e-6) -> bool:
    return abs(a - b) <= tol * max(1.0, abs(a), abs(b))


def knobs_for(cfg: GenConfig, rng: random.Random) -> dict:
    """The per-problem settings: the config's, or drawn (randomize, Appendix B)."""
    k = {"depth": cfg.depth, "p_branch": cfg.p_branch, "variablized": cfg.variablized,
         "annotation": cfg.annotation, "values": cfg.values, "distractors": cfg.distractors}
    if cfg.randomize:
        k["depth"] = rng.randint(1, cfg.max_depth)
        for name, options in RANDOM_KNOBS.items():
            k[name] = rng.choice(options)
        k["distractors"] = k["depth"] == 1 and rng.random() < 0.3
    qt = cfg.question_type
    k["question_type"] = rng.choice(sorted(QUESTION_TYPES)) if qt == "any" else qt
    return k


def solution_hash(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:16]


def make_record(cfg: GenConfig, seed: int | str, part: str, index: int, tally: Tally,
                exclude: frozenset[str] | set[str] = frozenset(),
                image_ref: str = "images") -> tuple[dict, dict[str, bytes]]:
    """The record of problem ``index`` of ``part`` and the files it refers to, by path relative to the
    part's folder (its PNG and its labels, when images are on)."""
    rng = random.Random(f"{seed}:{part}:{index}")
    pl = planner(cfg.pool)
    job = Job(cfg, seed, part, index, exclude, image_ref)
    figures = _figure_tools()
    for _attempt in range(MAX_ATTEMPTS):
        knobs = knobs_for(cfg, rng)
        dcfg = cfg.with_(distractors=knobs["distractors"])
        try:
            d = draw(dcfg, pl, rng, knobs["question_type"], knobs["depth"], knobs["p_branch"], knobs["variablized"])
        except Infeasible as e:
            tally.rejected["values" if "impossible" in str(e) or "range" in str(e) or "exist" in str(e)
                           else "structure"] += 1
            continue
        try:
            proved = _prove(job, d, knobs, figures)
            record = None if proved is None else _record(job, d, knobs, proved)  # _record lints the figure's names
        except Infeasible as e:
            tally.rejected[str(e)] += 1
            continue
        except Failure as e:
            tally.failed[e.check] += 1
            if len(tally.failures) < 20:
                tally.failures.append({"part": part, "index": index, "check": e.check, "detail": e.detail[:500],
                                       "dsl": format_problem(d.problem)})
            continue
        if proved is None:
            tally.duplicates += 1
            continue
        files = {} if proved.png is None else {record["image"]: proved.png, record["labels"]: proved.labels}
        made_one()
        return record, files
    raise GenerationError(f"no problem found for {part} #{index} in {MAX_ATTEMPTS} draws with these knobs "
                          f"({dict(tally.rejected)})")


def _prove(job: Job, d: Draft, knobs: dict, figures: FigureTools | None) -> Proved | None:
    """Every check of the module docstring on one draw; None when another split has its solution.

    The checks run cheapest-to-refuse first: the figure (layout and the shapes' looks, which refuse
    about one draw in four) before the proof, and the proof before the text's round trip and
    lint (which never refuse, but count a bug).  Every kept draw meets every check, and the layout
    is seeded by the index alone, so the order changes which check counts a refusal, never a record."""
    from geomill.solvers.geomverse import deduce

    cfg, problem = job.cfg, d.problem
    # 1. the problem, solved, gives the answer the generator built it for (its text, re-parsed, is
    # the same problem: checked by ``_written``, once the draw has passed every check that refuses)
    deduced = _solving(deduce, problem, problem)
    if not close(deduced.exact, d.exact):
        raise Failure("answer", f"solver {deduced.exact} != generator {d.exact}\n{format_problem(problem)}")
    if deduced.depth != d.depth:
        raise Infeasible("solver found another depth")
    if figures is None:
        return _written(job, problem, _proof(d, knobs, deduced, problem))
    # 2. the figure: laid out without overlaps, the query measured equals the exact answer
    try:
        with warnings.catch_warnings():  # the layout's least-squares search warns on dead ends
            warnings.simplefilter("ignore", RuntimeWarning)
            scene = figures.layout(deduced, seed=job.index)
    except figures.layout_error:
        raise Infeasible("layout (overlapping or impossible figure)") from None
    except (ArithmeticError, ValueError) as e:
        raise Failure("layout crash", f"{type(e).__name__}: {e}\n{format_problem(problem)}") from None
    measured = scene.measure(deduced.query)
    if not close(measured, deduced.exact, 1e-6):
        raise Failure("measure", f"figure {measured} != exact {deduced.exact}\n{format_problem(problem)}")
    lo, hi = cfg.angle_range
    if any(not lo - 1e-6 <= scene.measure(q) <= hi + 1e-6 for q in _angles(problem)):
        # an angle no rule derives but the values fix (a rhombus's from its side and height)
        raise Infeasible("an angle of the figure out of range")
    if not cfg.images:
        sol = _proof(d, knobs, deduced, problem)
        ann = figures.annotation.build(scene, sol, style=knobs["annotation"], values=knobs["values"])
        written = _written(job, problem, sol)
        return None if written is None else replace(written, scene=scene, annotation=ann)
    key = (cfg.image_size,)
    if key not in _RENDERERS:
        _RENDERERS[key] = figures.renderer(size=cfg.image_size)
    renderer = _RENDERERS[key]
    judged = figures.judge(scene, renderer.style)  # (made once: the distractors and compose use them too)
    if judged.faults:  # (from the scene alone: a refused figure costs no proof, no labels, no painting)
        raise Infeasible("figure (a shape reads wrong: too thin, or unlike its name)")
    sol = _proof(d, knobs, deduced, problem)
    if sol.distractor_shapes and figures.overlapping(judged.fills, sol.distractor_shapes):
        raise Infeasible("figure (a distractor shape overlaps another)")
    ann = figures.annotation.build(scene, sol, style=knobs["annotation"], values=knobs["values"])
    # (composed to the first label that reads wrong; painted only once it passes)
    drawing = figures.compose(scene, ann, renderer.style, renderer.text_size, fail_fast=True, judged=judged)
    if drawing.misread:  # a label a reader would give to another element: a wrong gold answer
        raise Infeasible("figure (a label reads as another element's)")
    written = _written(job, problem, sol)  # (a lint failure with a figure that passes is still counted)
    if written is None:
        return None
    renderer.paint(drawing)
    png = renderer.png()  # (encoded only once the figure is kept)
    # (a fresh tree of lists and dicts: no cycle to look for, and looking costs a fifth of the dump)
    labels = json.dumps(figures.labels(drawing), ensure_ascii=False, separators=(",", ":"),
                        check_circular=False).encode()
    return replace(written, scene=scene, annotation=ann, png=png, labels=labels)


def _solving(step: Callable, arg, problem: Problem):
    """``step(arg)`` of the solver, its errors as the generator counts them (with ``problem``'s text)."""
    try:
        return step(arg)
    except ImpossibleValues:  # the drawn values contradict each other through a relation the draw
        # did not plan (vertical angles tying a rhombus's obtuse angle to a right triangle's acute one)
        raise Infeasible("values (contradictory through another path)") from None
    except GeomillError as e:
        raise Failure("solve", f"{e}\n{format_problem(problem)}") from None
    except (ArithmeticError, ValueError) as e:  # a crash in the solver is a bug to count, not to die of
        raise Failure("solver crash", f"{type(e).__name__}: {e}\n{format_problem(problem)}") from None


def _proof(d: Draft, knobs: dict, deduced, problem: Problem):
    """The solution of a deduced draw, once its proof passes the proof's own checks."""
    sol = _solving(lambda ded: ded.prove(), deduced, problem)
    if sol.width > d.width:
        raise Infeasible("solver took a wider path")
    if knobs["distractors"] and not sol.distractor_shapes:
        raise Failure("distractors", format_problem(problem))
    if sol.rel_diff > 0.03:
        raise Infeasible("rounding (GeomVerse value off by more than 3 %)")
    if any(_undefined_as_printed(s) for s in sol.steps):
        raise Infeasible("rounding (a step has no value from the rounded values shown)")
    return sol


def _written(job: Job, problem: Problem, sol) -> Proved | None:
    """The solution's text, linted, and its hash; None when another split has it.  First, the
    problem's text, re-parsed, must be the same problem: a record's DSL is what it says.
    (Checked here, after the checks that refuse a draw, not before solving: the solver reads the
    problem itself, and a quarter of the draws are refused for their figure.)"""
    text = format_problem(problem)  # (written only here, for a draw that passed every check that refuses)
    try:
        reparsed = parse(text)
    except GeomillError as e:
        raise Failure("parse", f"{e}\n{text}") from None
    if reparsed != problem:
        raise Failure("roundtrip", text)
    coordinate_solution = sol.text()
    findings = lint_solution(sol, coordinate_solution)
    if findings:  # a gold solution a teacher would not sign is a bug to count, never a record
        raise Failure("lint", "; ".join(map(str, findings)) + f"\n{coordinate_solution}\n{format_problem(problem)}")
    h = solution_hash(coordinate_solution)
    if h in job.exclude:
        return None
    return Proved(sol, text, coordinate_solution, h)


def _undefined_as_printed(step) -> bool:
    """Does the step's arithmetic have no value from its inputs as printed, even unrounded (a leg
    that rounds longer than its hypotenuse: acos(15.34 / 15.2))?  GeomVerse's rounded chain has
    none there, and the solution could only show the exact value after numbers that deny it."""
    if not step.stages:
        return False
    try:
        unrounded(step.stages[0])
    except (ZeroDivisionError, ValueError, OverflowError):
        return True
    return False


def _angles(problem: Problem):
    """Every angle of every shape and relation, the kinds' constant (right) angles aside."""
    for decl in problem.shapes:
        kind = KINDS[decl.kind]
        for sym, qs in kind.bind(decl).items():
            if kind.elements[sym].kind is QKind.ANGLE and sym not in kind.constants:
                yield from qs


def _namers(ann):
    if ann is None or ann.style == "coordinate":
        return None, None

    def namer(q: Quantity) -> str:
        if q.kind in (QKind.LENGTH, QKind.ANGLE):
            return ann.label(q)
        return ann.shape_label(q.key[0])
    return namer, ann.shape_label


_SETTINGS: dict[GenConfig, dict] = {}


def _settings(cfg: GenConfig) -> dict:
    """``cfg.as_dict()``, made once per config (dataclasses' ``asdict`` copies deeply: 33 us a
    record); its two lists copied for each record, which owns them."""
    d = _SETTINGS.get(cfg)
    if d is None:
        if len(_SETTINGS) > 64:
            _SETTINGS.clear()
        d = _SETTINGS[cfg] = cfg.as_dict()
    return {**d, "length_range": list(d["length_range"]), "angle_range": list(d["angle_range"])}


def _record(job: Job, d: Draft, knobs: dict, proved: Proved) -> dict:
    cfg, sol, ann = job.cfg, proved.solution, proved.annotation
    part, index = job.part, job.index
    steps = sol.steps
    uses_pi = any("π" in s.formula for s in steps) or "3.14" in proved.coordinate_solution  # variable steps: no formula
    rounds = any(not float(s.value).is_integer() for s in steps) or not float(sol.answer).is_integer()
    namer, shape_namer = _namers(ann)
    on_image = ann.on_image if ann is not None else (lambda q: knobs["values"] == "image" and
                                                     q.kind in (QKind.LENGTH, QKind.ANGLE))
    q_text = question(d.problem, uses_pi=uses_pi, rounds=rounds)
    q_image = question(d.problem, namer=namer, shape_namer=shape_namer, on_image=on_image,
                       uses_pi=uses_pi, rounds=rounds)
    rid = f"{part}-{index:07d}"
    solution_image = sol.text(namer) if namer else proved.coordinate_solution
    findings = lint_text(solution_image) if namer else []
    if findings:
        raise Failure("lint", "; ".join(map(str, findings)) + f"\n{solution_image}")
    info = sol.proof_dict()  # (its texts are written above, with the record's namer)
    return {
        "schema": SCHEMA,
        "id": rid,
        "part": part,
        "index": index,
        "seed": f"{job.seed}:{part}:{index}",
        "generator": f"geomill.generate {GENERATOR_VERSION}",
        "knobs": {**_settings(cfg), **knobs},
        "dsl": proved.text,
        "question": q_image,
        "question_text_only": q_text,
        "image": f"{job.image_ref}/{rid}.png" if proved.png is not None else None,
        "labels": f"{job.image_ref}/{rid}.labels.json" if proved.png is not None else None,
        "answer": sol.answer,
        "exact": sol.exact,
        "answer_type": ANSWER_TYPES[d.qkind],
        "solution": solution_image,
        "solution_text_only": proved.coordinate_solution,
        "solution_latex": sol.text(namer, style="latex"),
        "solution_hash": proved.solution_hash,
        "steps": info["steps"],
        "depth": sol.depth,
        "width": sol.width,
        "shapes": [{"name": s.name, "kind": s.kind, "pool": KINDS[s.kind].pool} for s in d.problem.shapes],
        "rules": info["rules"],
        "distractors": info["distractors"],
        "variables": d.variables,
        "verified": {"roundtrip": True, "resolved": True, "figure": proved.scene is not None},
        "rel_diff": round(sol.rel_diff, 6) if math.isfinite(sol.rel_diff) else None,
    }
