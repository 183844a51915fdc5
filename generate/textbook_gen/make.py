"""One generated textbook problem, from its seed to a checked record.

A construction is sampled (``construct``), the deduction run to closure on its exact figure
(``goals``), a goal chosen by the knobs (question type, depth, theorem families), the proof traced
back to the givens and constructions it needs, the problem written in the language and read back,
then solved again from the text alone (``solve_general``, on the construction's own figure once every
statement of the text is checked on it: the figure is known, not searched for).  The record is kept only
when that proves the same exact value, the linter finds nothing, and the exact figure measures the answer.
"""
from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

import numpy as np
import sympy
from geomill.engine.errors import GeomillError, SolveError
from geomill.engine.plane import Equality, GeneralProblem, element_of, elements_in
from sympy.functions.elementary.trigonometric import TrigonometricFunction

from .canonical import canonical_key
from .config import TextbookConfig
from .construct import CONSTRUCTIONS, Figure, Retry, relation_ok, rename_expr, sample
from .goals import Candidate, candidates, closure, in_radians, model_of, traceback, used_givens, worth_asking
from .targets import pick

ATTEMPTS = 40  # constructions tried for one problem before giving up
# what reading, searching or solving a written problem may raise: the problem is passed over
FAILS = (SolveError, GeomillError, ArithmeticError, ValueError, TypeError, KeyError, IndexError, RecursionError)


class Rejected(Exception):
    """This draw gives no problem with the knobs (the reason is tallied)."""


@dataclass
class Made:
    """A generated problem: its text, the parsed problem, the solution, the exact figure."""

    text: str
    problem: GeneralProblem
    solution: object  # solvers.plane.GeneralSolution
    figure: Figure
    candidate: Candidate
    knobs: dict
    distractors: list[str] = field(default_factory=list)

    def scene(self) -> dict:
        """The figure's exact points, drawn segments and circles (what a perception question asks about)."""
        pts = {n: [float(self.figure.at[n][0]), float(self.figure.at[n][1])] for n in self.problem.points}
        segs = sorted({tuple(sorted(s)) for s in self.figure.segments() if set(s) <= set(pts)})
        lines = [list(ln.points) for ln in self.problem.lines]
        circles = [{"centre": c.centre, "radius": self.figure.radii[c.centre], "through": list(c.points)}
                   for c in self.problem.circles]
        return {"points": pts, "segments": [list(s) for s in segs], "lines": lines, "circles": circles,
                "polygons": [list(p.points) for p in self.problem.polygons]}


def rng_for(seed, part: str, key: str) -> np.random.Generator:
    digest = hashlib.sha256(f"{seed}:{part}:{key}".encode()).digest()
    return np.random.default_rng(int.from_bytes(digest[:8], "little"))


def _in(value: int, span: tuple[int, int]) -> bool:
    return span[0] <= value <= span[1]


# theorem families that most proofs use (each in over a tenth of a default set's problems, with a
# stated fact and a relation block's own equation): a proof citing nothing else waits its turn
COMMON = frozenset({
    "given", "relation", "right_triangle_property_trigonometric", "right_triangle_property_pythagorean",
    "line_addition", "radius_of_circle_property_length_equal", "adjacent_complementary_angle",
    "arc_property_circumference_angle_external", "triangle_property_angle_sum",
    "isosceles_triangle_property_base_angle", "diameter_of_circle_judgment_right_angle", "parallel_property_angle",
    "polygon_perimeter_formula", "arc_property_center_angle_inscribed", "isosceles_triangle_judge_angle_equal",
    "triangle_area_formula_sine"})


DEFER = 2  # proofs of common families only that each question type puts back, at most


def choose(cands: list[Candidate], cfg: TextbookConfig, rng: np.random.Generator, fig: Figure | None = None,
           asked: set | None = None, target: str | None = None) -> Iterator[Candidate]:
    """The candidates the knobs allow, question types taken in turn (in a random order, a ratio
    last), each type's candidates in a random order; a candidate's proof is built only when it
    comes up, and one whose proof misses the depth, width or theorem knobs is passed over.  The first
    proofs of a type that cite only ``COMMON`` families, or families the construction's earlier goals
    cited, go to the back of its queue (``DEFER`` of them, each once): the rarer families a
    construction reaches come first, for a few more proofs built.  With ``fig``, a candidate whose
    rough proof (``Candidate.rough``) is too shallow or cites too little for a problem is passed over
    before its proof is built, and so is one whose rough proof needs the very data (construction steps and givens,
    ``data``) of a question already planned (``asked``, which ``plans`` fills): its problem would repeat that
    question's givens, and the lightest proof (most of the planning's cost) rarely needs other data than the rough one.
    With ``target`` (the family the construction aims at, ``targets.pick``), the candidates whose rough proof cites
    it come first in their queues, and their queues first."""
    qtypes = cfg.question_types()
    by_type: dict[str, list[Candidate]] = {}
    for c in cands:
        if c.qtype in qtypes or ("x" in qtypes and c.qtype in ("length", "angle")):
            by_type.setdefault(c.qtype, []).append(c)
    queues = [[group[i] for i in rng.permutation(len(group))] for _, group in sorted(by_type.items())]
    queues = [queues[i] for i in rng.permutation(len(queues))]
    queues.sort(key=lambda qu: qu[0].qtype == "ratio")  # a ratio last: nearly every figure has one
    if target is not None:
        for qu in queues:
            qu.sort(key=lambda c: not aims(c, target))
        queues.sort(key=lambda qu: not aims(qu[0], target))
    deferred: dict[int, list[Candidate]] = {}
    cited: set[str] = set(COMMON)  # the families of the goals chosen so far, and the common ones
    least = cfg.depth_span()[0]
    least = least if least <= 2 else least - 1  # (a deep goal is rare: its rough proof may be a step shallower)
    while any(queues):
        for k, qu in enumerate(queues):
            if qu:
                c = qu.pop(0)
                if fig is not None:  # (the cheap screen first: most goals are one step deep, or need a given or two)
                    if c.rough is None or c.rough.depth < least:
                        continue
                    keep, facts = traced(fig, c.rough, c.expr)[:2]
                    if too_little(keep, facts, fig) or (asked is not None and data(keep, facts) in asked):
                        continue
                if c.proof is None or not fits(c.proof, c.theorems, cfg):
                    continue
                later = deferred.setdefault(k, [])
                if c.theorems <= cited and len(later) < DEFER and not any(c is x for x in later):
                    later.append(c)
                    qu.append(c)
                    continue
                cited |= c.theorems
                yield c


def aims(c: Candidate, target: str) -> bool:
    """The candidate's rough proof cites the family aimed at."""
    rough = c.rough
    return rough is not None and any(target in st.theorems for st in rough.steps)


def fits(proof, theorems: set[str], cfg: TextbookConfig) -> bool:
    """The proof meets the depth, width and theorem knobs, and every value it shows is one a
    textbook prints (no sin 50° on the way)."""
    return (_in(proof.depth, cfg.depth_span()) and _in(proof.width, cfg.width_span())
            and set(cfg.require) <= theorems and not theorems & set(cfg.exclude)
            and all(plain(st.value) for st in proof.steps))


def _variablize(c: Candidate, rng: np.random.Generator) -> tuple[Equality, sympy.Symbol] | None:
    """The goal element written as ``a·x + b`` (round numbers): the question asks x."""
    v = c.value
    if not (v.is_Integer and v > 4):
        return None
    x = sympy.Symbol("x", real=True)
    a = int(rng.integers(2, 6))
    xv = max(1, int(v) // a - int(rng.integers(0, 3)))
    b = int(v) - a * xv
    if xv == 0:
        return None
    return Equality(c.expr, a * x + b), x


@dataclass
class Plan:
    """A question planned on a construction: the goal (as asked: an element, or x), its value, the
    construction steps and the givens its proof needs, and the true givens kept as distractors."""

    cand: Candidate
    keep: set[int]
    facts: list[Equality]
    extra: list[Equality]
    goal: sympy.Expr
    want: sympy.Expr
    qtype: str

    def key(self) -> tuple:
        """Plans with one key have problem texts that differ only in the goal (they share a check)."""
        return data(self.keep, self.facts)


def data(keep: set[int], facts: list[Equality]) -> tuple:
    """A question's data: its construction steps and its givens (``Plan.key``)."""
    return tuple(sorted(keep)), tuple((sympy.srepr(f.lhs), sympy.srepr(f.rhs)) for f in facts)


def plans(fig: Figure, cands: Iterator[Candidate], cfg: TextbookConfig, rng: np.random.Generator,
          distinct: bool = True, asked: set | None = None) -> Iterator[Plan]:
    """The questions the chosen candidates give, each traced back to the givens its proof needs (no
    two with the same givens: the same data asked twice reads as a repeat; ``distinct=False``: no two
    with the same givens and goal).  ``asked`` gets the data of each question planned where its key is its
    data alone (no distractor, no x: ``choose`` passes over a goal whose rough proof needs the same)."""
    tried = set()
    alone = distinct and not cfg.distractors and "x" not in cfg.question_types()
    for c in cands:
        wants_x = "x" in cfg.question_types() and (cfg.question_types() == {"x"} or rng.random() < cfg.variablized)
        if not natural(fig, c.proof):
            continue  # (cheap checks first: the re-solve is most of the cost)
        keep, facts, facts_all = traced(fig, c.proof, c.expr)
        if too_little(keep, facts, fig) or c.qtype == "ratio" and given_in(c.expr, facts_all):
            continue  # (a ratio of a given length reads as a riddle: "BC = 23 … Find CF/BC", teacher 27's gen 8)
        spare = [f for f in facts_all if f not in facts]
        extra = [spare[i] for i in rng.permutation(len(spare))[:cfg.distractors]] if spare else []
        if not worth_asking(fig, c.proof, keep, facts, c.expr):
            continue
        facts = [f for f in facts_all if f in facts or f in extra]
        goal, qtype, want = c.expr, c.qtype, c.value
        if wants_x:
            v = _variablize(c, rng)
            if v is None:
                continue
            facts, goal, qtype = facts + [v[0]], v[1], "x"
            want = sympy.solve(v[0].rhs - c.value, goal)[0]
        plan = Plan(c, keep, facts, extra, goal, want, qtype)
        key = plan.key() if distinct else (plan.key(), sympy.srepr(goal))
        if key in tried:
            continue
        tried.add(key)
        if asked is not None and alone:
            asked.add(key)
        yield plan


def given_in(ratio: sympy.Expr, facts: list[Equality]) -> bool:
    """Is a length of the ratio given its value?  Then a textbook asks the other length, not the ratio ("BC = 23 …
    Find CF/BC" is CF in disguise); a ratio beside other givens (the similar triangles' AD = 3, AB = 5: Find
    DE/BC) is still asked."""
    given = {f.lhs for f in facts if f.lhs.is_Symbol and not any(element_of(x) is not None for x in f.rhs.free_symbols)}
    return bool(ratio.free_symbols & given)


def traced(fig: Figure, proof, goal: sympy.Expr) -> tuple[set[int], list[Equality], list[Equality]]:
    """The construction steps ``proof`` needs, the given facts it cites, and every fact of those steps."""
    keep = traceback(fig, proof, goal)
    given = {(sympy.srepr(a), sympy.srepr(b)) for a, b in used_givens(proof)}
    facts_all = [f for i, st in enumerate(fig.steps) if i in keep for f in st.facts]
    return keep, [f for f in facts_all if (sympy.srepr(f.lhs), sympy.srepr(f.rhs)) in given], facts_all


def too_little(keep: set[int], facts: list[Equality], fig: Figure) -> bool:
    """Too little to say (a radius and its circle's area, one angle of a rhombus): no given, or fewer
    than four givens and steps in all (``Figure.counted``).  Few such problems exist, and a large set would
    repeat them."""
    return len(facts) + fig.counted(keep) < 4 or not facts


def attempt(cfg: TextbookConfig, rng: np.random.Generator, most: int | None = None) -> Iterator[Made]:
    """The problems one construction gives with the knobs (at most ``most``, by default
    ``cfg.goals_per_figure``), one at a time: no question is planned (its goal's lightest proof, the most
    costly part of planning) before the problem before it is made, and none checked before it is asked for.

    The deduction runs to closure once; the questions it answers are planned one at a time, each on its
    own givens (``plans``: no two with the same givens), and checked (``check_group``, each solved from its
    own text).  Each problem after the first has the figure's points renamed.  No two problems of a
    construction share their givens (up to renaming: ``given_set``)."""
    most = cfg.goals_per_figure if most is None else most
    lo, hi = cfg.step_span()
    aim = pick(rng, cfg.circles, cfg.require, cfg.exclude)
    fig = sample(rng, cfg.circles, cfg.max_points, int(rng.integers(lo, hi + 1)), aim[1] if aim else None)
    full = fig.problem()
    if not all(relation_ok(r, fig.at) for r in full.relations):
        raise Rejected("construction check")
    model = model_of(full, fig)
    ded = closure(full, model, fig)
    asked: set = set()  # the data of the questions planned (no goal is proved only to ask them again)
    planned = plans(fig, choose(candidates(fig, ded, rng), cfg, rng, fig, asked, aim[0] if aim else None), cfg, rng,
                    asked=asked)
    made = 0
    said: set = set()  # the given sets of the problems made: as planned, and up to renaming
    for p in planned:
        key = p.key()
        if key in said:
            continue
        names = fig.relabelling(rng) if made else None  # the construction's later problems: other labels
        shown = fig.renamed(names) if names else fig
        for p, got in check_group(shown, [p], names, cfg):
            out = _finish(fig, shown, p, names, got, cfg)
            if out is None or given_set(out.problem) in said:
                continue
            said |= {key, given_set(out.problem)}
            made += 1
            yield out
            if made >= most:
                return


def given_set(problem: GeneralProblem) -> str:
    """The problem's givens (its figure and facts, not its goal) up to renaming its points."""
    return canonical_key(replace(problem, goal=None))


def _renamed(f: Equality, names: dict[str, str] | None) -> Equality:
    return Equality(rename_expr(f.lhs, names), rename_expr(f.rhs, names)) if names else f


def _finish(fig: Figure, shown: Figure, p: Plan, names: dict[str, str] | None, got, cfg: TextbookConfig
            ) -> Made | None:
    """The checked problem as made: asked again with fewer givens where its own proof needs fewer (none where
    those are too few to ask: the others would stand in the question as givens nothing uses), and kept only when
    the exact figure measures the answer and the proof takes no known detour."""
    facts = [_renamed(f, names) for f in p.facts]
    extra = [_renamed(f, names) for f in p.extra]
    goal = rename_expr(p.goal, names) if names else p.goal
    if not extra:  # the proof of the written problem may need less than the closure's did
        keep2 = traceback(shown, got[2].proof, goal) & p.keep
        used = {(sympy.srepr(a), sympy.srepr(b)) for a, b in used_givens(got[2].proof)}
        facts2 = [f for f in facts if (sympy.srepr(f.lhs), sympy.srepr(f.rhs)) in used]
        if keep2 != p.keep or len(facts2) < len(facts):
            if len(facts2) + shown.counted(keep2) < 4:
                return None  # (what it needs is too little to ask, and the rest no distractor was asked for: a
                # circle, its radius or a construction its proof never uses, teacher 25's gen 12)
            got = check(shown, keep2, facts2, goal, p.want, cfg) or got
    asked = rename_expr(p.cand.expr, names) if names else p.cand.expr
    if not math.isclose(model_of(got[1], shown).value(asked), float(p.cand.value), rel_tol=1e-9, abs_tol=1e-9):
        return None  # the exact figure must measure the answer (for x: the element written in x)
    text, parsed, sol = got
    if not natural(fig, sol.proof):
        return None
    kinds = [st.kind for st in fig.steps[1:] if not st.follows]
    return Made(text, parsed, sol, shown, p.cand, {"question_type": p.qtype, "base": fig.base, "constructions": kinds},
                [_fact_text(f) for f in extra])


# proofs a teacher marks down for the construction's sake: (base, theorem family) the deduction reaches
# only by a detour there (an isosceles trapezoid's short base by a diagonal and the law of cosines, a
# quadratic solved in silence, where the long base less the two projections gives it at once)
DETOURS = {("isosceles_trapezoid", "cosine_theorem")}


def natural(fig: Figure, proof) -> bool:
    """The proof takes no detour its construction is known for (``DETOURS``)."""
    return not any((fig.base, k) in DETOURS for st in proof.steps for k in st.theorems)


def check(fig: Figure, keep: set[int], facts: list[Equality], goal: sympy.Expr, want: sympy.Expr,
          cfg: TextbookConfig) -> tuple[str, GeneralProblem, object] | None:
    """The problem written, read back and solved from its text alone; None unless the solver proves
    ``want`` exactly, at the asked depth and width, with the asked theorem families, and the linter finds nothing.
    The solver's figure is the construction's own, every statement of the text checked on it (``own_figure``); the
    text's own figure search (``geomill solve``'s) must agree on the goal: a text that leaves the configuration
    open (a point on either side of a line) is refused, never answered by the construction's choice."""
    text, parsed = _written(fig, keep, facts, goal)
    if parsed is None:
        return None
    model = own_figure(parsed, fig, want)

    def misleads(m) -> bool:
        """A coincidence no fact states (with no figure drawn, none is shown), or a figure that misleads."""
        coincidence = cfg.images and unforced(parsed, fig, lambda: other_figure(m, parsed))
        return coincidence or not drawn(text, parsed, fig, cfg)

    try:  # (the cheap refusals first, on the construction's own figure; then the text's own figure search, then the
        # re-solve)
        if model is not None and misleads(model):
            return None
        searched = searched_agrees(parsed, want)
        if searched is None:
            return None
        if model is None:
            model = searched
            if misleads(model):
                return None
    except FAILS:
        return None
    return verified(text, parsed, model, want, cfg)


SEARCHED_AGREE = 1e-5  # the text's own figure measures the answer to this share (the search stops at 1e-6 of the
# residual, so a measure may be off by a few times that: 10.000018 for 10)


def searched_agrees(parsed: GeneralProblem, want: sympy.Expr):
    """The text's own figure (its search, as `geomill solve` runs it) where it measures ``want``; None where the
    text leaves the goal open: the search finds a second figure with another value (underdetermined, a
    SolveError), or finds the other configuration only (a point on the other side of a line)."""
    from geomill.solvers.numeric import build_model, turned_ends

    searched = build_model(parsed)
    agree = [searched, *turned_ends(searched)]  # (and a vertex turned round a point the text holds: a tangent's end
    # on either side of its point of contact, that the solver's search does not try)
    return searched if all((v := m.goal_value()) is not None and math.isclose(v, float(want), rel_tol=SEARCHED_AGREE,
                                                                               abs_tol=1e-9) for m in agree) else None


def own_figure(parsed: GeneralProblem, fig: Figure, want: sympy.Expr):
    """The written problem's model on the construction's exact points, where every line, circle, relation and
    fact of the text holds on them (``numeric.model_on``); a variable asked (x) takes the answer's value.  None
    where the text says something the figure does not meet."""
    from geomill.solvers.numeric import model_on

    goal = parsed.goal.expr if parsed.goal is not None else None
    variables = {s.name: float(want) for s in parsed.variables if s == goal}
    at = {n: np.asarray(fig.at[n], float) for n in parsed.points}
    return model_on(parsed, at, variables, {c.centre: fig.radii[c.centre] for c in parsed.circles})


MOVE = 0.1  # the share of the figure's size each point is moved by before the facts pull it back (other_figure)


def other_figure(model, parsed: GeneralProblem):
    """Another figure of the same text than ``model`` (what ``unforced`` compares with): ``model`` moved and
    solved again near it (``numeric.moved``), else the text's own figure search's (``searched_agrees``'s first
    figure: the same search, run here only where the move finds no figure)."""
    from geomill.solvers.numeric import build_model, moved

    return moved(model, MOVE) or build_model(parsed)


def check_group(fig: Figure, group: list[Plan], names: dict[str, str] | None, cfg: TextbookConfig
                ) -> Iterator[tuple[Plan, tuple[str, GeneralProblem, object]]]:
    """The group's problems that pass ``check``, one at a time, each solved from its own text on the
    construction's figure (texts that differ only in the goal share that figure: nothing is searched)."""
    for p in group:
        facts = [_renamed(f, names) for f in p.facts]
        goal = rename_expr(p.goal, names) if names else p.goal
        got = check(fig, p.keep, facts, goal, p.want, cfg)
        if got is not None:
            yield p, got


def _written(fig: Figure, keep: set[int], facts: list[Equality], goal: sympy.Expr
             ) -> tuple[str, GeneralProblem | None]:
    """The problem's text and the problem read back from it (None: the reader refuses it)."""
    from geomill.dsl import format_problem, parse

    text = format_problem(fig.problem(keep, facts, goal))
    try:
        return text, parse(text)
    except FAILS:
        return text, None


def drawn(text: str, parsed: GeneralProblem, fig: Figure, cfg: TextbookConfig) -> bool:
    """The problem's figure is drawn and would not mislead (drawn before the re-solve, which costs
    several figures and refuses fewer; kept for the record)."""
    try:
        figure_files(text, parsed, fig, cfg)
    except (GeomillError, ArithmeticError, ValueError):
        return False
    return True


_FIGURES: dict[tuple, tuple[bytes | None, bytes | None]] = {}  # the last figures drawn, by text and style
_FIGURES_KEPT = 64
FIGURE_RESEEDS = 0  # the renderer's other starts of the numeric search, where the construction's figure misleads: the text
# mostly fixes its figure up to its size, so another start draws the same figure and misleads alike (the starts
# were 45 % of the figure's CPU and rescued one refused figure in 69)


def figure_files(text: str, problem: GeneralProblem, fig: Figure, cfg: TextbookConfig
                 ) -> tuple[bytes | None, bytes | None]:
    """The figure of a written problem (values and marks on it as ``--values`` says) and its label
    export, on the construction's exact points; a figure that would mislead is refused (ValueError).
    Drawn from the construction's points, with none of the renderer's other starts of the numeric search
    (``FIGURE_RESEEDS``).  Kept a while: the record takes the figure its check drew."""
    if not cfg.images:
        return None, None
    key = (text, cfg.annotation, cfg.values, cfg.image_size)
    if key not in _FIGURES:
        from geomill.render.textbook import textbook_figure

        style = "colour" if cfg.annotation == "colour" else "plain"
        drawn = textbook_figure(problem, model_of(problem, fig), style=style, values=cfg.values, size=cfg.image_size,
                                reseeds=FIGURE_RESEEDS)
        if drawn.misleads:
            raise ValueError(f"misleads: {drawn.misleads[0]}")
        if unread := unreadable(problem, drawn):
            raise ValueError(f"misleads: {unread[0]}")
        _FIGURES[key] = drawn.data, json.dumps(drawn.labels, ensure_ascii=False, separators=(",", ":")).encode()
        while len(_FIGURES) > _FIGURES_KEPT:
            _FIGURES.pop(next(iter(_FIGURES)))
    return _FIGURES[key]


def unreadable(problem: GeneralProblem, drawn) -> list[str]:
    """What a generated figure may not show, though a hand-written problem's figure only warns of it: a member
    of a stated equal group with none of its ticks, a bracket beside a dimension line, and a height asked that
    no drawn segment carries (its "?" on no altitude left "height HED" to a guess between two heights: reader
    15's 29), and a circle or polygon drawn small that the givens force so (a tangent 22 radii long: the circle and
    all on it shrunk into a corner; the construction samples other values).  A coincidence no fact states is
    ``unforced``'s."""
    out = list(drawn.unticked) + beside_dimensions(drawn.labels) + [f for f in drawn.forced if " is drawn small: " in f]
    goal = problem.goal.expr if problem.goal is not None else None
    if goal is not None and any(el.kind.key == "height" for el in elements_in(goal)) \
            and not (drawn.labels.get("goal") or {}).get("drawn"):
        out.append(f"the height asked ({goal}) is drawn nowhere")
    return out


FRAME_PX = 450.0  # the accident detector's tolerances are in pixels: a figure measured at about its drawn size


def _coincidences(problem: GeneralProblem, at: dict) -> set[str]:
    """The coincidences ``render.accidents`` finds on points ``at`` (scaled to a drawn figure's size), and the
    near-special shapes (``near_special``), each without its measured degrees, so that two figures' lists compare."""
    import re
    from types import SimpleNamespace

    from geomill.render.accidents import accidents, near_special
    from geomill.render.marks import read_marks

    xy = {n: np.asarray(at[n], float) for n in problem.points}
    span = np.ptp(np.array(list(xy.values())), axis=0).max() if xy else 0.0
    px = {n: v * (FRAME_PX / span) for n, v in xy.items()} if span > 1e-12 else xy
    segs = {tuple(sorted(p)) for ln in problem.lines for p in zip(ln.points, ln.points[1:])}
    segs |= {tuple(sorted(p)) for poly in problem.polygons for p in zip(poly.points, poly.points[1:] + poly.points[:1])}
    scene = SimpleNamespace(points=xy, segments=sorted(segs))
    marks = read_marks(problem)[0]  # (a near-special shape too: a kite drawn near a rhombus read as one)
    found = accidents(problem, scene, px, marks) + near_special(problem, scene, px, marks)
    return {re.sub(r"[\d.]+°", "", a) for a in found}


def unforced(problem: GeneralProblem, fig: Figure, other) -> list[str]:
    """The coincidences the construction's exact figure shows that no fact states and that another figure of the
    same text (``other``: a model, or what makes one, asked only where the exact figure shows a coincidence) does
    not show: a chord through the centre that nothing puts there (reader 15's 05, CB a diameter with A a right
    angle, B free on its arc).  Such a construction is sampled again rather than the fact stated, as the problem
    does not need it; one the givens force (the right angle in a semicircle) is in every figure of the text and
    stays."""
    exact = _coincidences(problem, {n: fig.at[n] for n in problem.points})
    if not exact:
        return []
    other = other() if callable(other) else other
    return sorted(exact - _coincidences(problem, other.coords))


def beside_dimensions(labels: dict) -> list[str]:
    """A side's equality bracket on a side that has a dimension line: the one rule is ticks across the side
    itself where it has room, across a bracket only where drawn points split it, and a side carries one line
    beside it: a bracket by a dimension line read as a second dimension line with no value (reader 15's 01)."""
    sides = {}
    for m in labels.get("marks", []):
        if m["kind"] in ("bracket", "dimension"):
            sides.setdefault(m["kind"], set()).add(_side(m["elements"][0], labels["points"]))
    return [f"side {''.join(sorted(s))} has a bracket beside its dimension line"
            for s in sorted(sides.get("bracket", set()) & sides.get("dimension", set()), key=sorted) if s]


def _side(element: str, points: dict) -> frozenset:
    """A side's two point names from its written name ("AB", "O1A")."""
    for k in range(1, len(element)):
        if element[:k] in points and element[k:] in points:
            return frozenset((element[:k], element[k:]))
    return frozenset()


def verified(text: str, parsed: GeneralProblem, model, want: sympy.Expr, cfg: TextbookConfig
             ) -> tuple[str, GeneralProblem, object] | None:
    """``check`` on a figure of the text: the solver proves ``want`` from the text, the knobs hold and
    the linter finds nothing."""
    from geomill.solvers.plane import solve_general
    from geomill.solvers.plane_lint import lint_general

    try:
        if not math.isclose(model.goal_value(), float(want), rel_tol=1e-6, abs_tol=1e-9):
            return None  # (cheap first: the deduction is most of the cost)
        sol = solve_general(parsed, model)
    except FAILS:
        return None
    if not plain(sol.exact_value) or not _same(sol.exact_value, want) or not _in(sol.depth, cfg.depth_span()) \
            or not _in(sol.width, cfg.width_span()):
        return None
    if not fits(sol.proof, {k for st in sol.proof.steps for k in st.theorems}, cfg):
        return None  # (a step finds sin 50° or the like: not a textbook's solution, and slow to lint)
    if lint_general(sol):
        return None
    return text, parsed, sol


def plain(value: sympy.Expr) -> bool:
    """A value a solution may show on the way: no trigonometric function left, a few symbols long."""
    return not in_radians(value).has(TrigonometricFunction) and sympy.count_ops(value) <= 30


def _same(a: sympy.Expr, b: sympy.Expr) -> bool:
    try:
        if not math.isclose(float(a), float(b), rel_tol=1e-9, abs_tol=1e-9):
            return False
    except TypeError:
        return False
    d = a - b
    return sympy.radsimp(d) == 0 or sympy.simplify(d) == 0


def _fact_text(f: Equality) -> str:
    from geomill.dsl import format_expr

    return f"{format_expr(f.lhs)} = {format_expr(f.rhs)}"


def stream(cfg: TextbookConfig, seed, part: str, group: int) -> Iterator[Made]:
    """The problems of one group, one at a time: one construction's goals, then more constructions
    until ``goals_per_figure`` are made or the attempts run out (deterministic in its arguments,
    however far it is read)."""
    count = 0
    for k in range(ATTEMPTS):
        if count >= cfg.goals_per_figure:
            return
        rng = rng_for(seed, part, f"{group}:{k}")
        try:
            for made in attempt(cfg, rng, cfg.goals_per_figure - count):
                count += 1
                yield made
        except (Retry, Rejected):
            continue


def generate(cfg: TextbookConfig, seed, part: str, group: int) -> list[Made]:
    """Every problem of one group (``stream`` read to its end)."""
    return list(stream(cfg, seed, part, group))


__all__ = ["CONSTRUCTIONS", "Made", "attempt", "generate", "stream", "element_of"]
