"""A construction plan for a general problem: its points placed in dependency order from a few
parameters, so that the least squares of :mod:`solvers.numeric` only handles what construction
cannot.

Each point is placed by the strongest means its already placed points allow: computed outright
(a midpoint, a foot, a centre, a parallelogram's fourth vertex), the meeting of two loci (lines
and circles: its line, a parallel, a perpendicular, a circle through it, a circle of a given
radius, a ray at a given angle), one parameter along one locus, or two free coordinates.  Every
condition of the problem stays a residual of the least squares, so a plan only changes where the
search starts and which way it can move, never what counts as a model.  Where two circles (or a
line and a circle) meet twice, a start picks the branch; a mirror image flips every branch.

The loci a relation gives are data, written on the template letters of its block in
:mod:`engine.relations` (:data:`RELATION_LOCI`); ``tests/test_construct.py`` checks each of them on
the block's own construction.
"""
from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass

import numpy as np
import sympy
from geomill.engine import budget
from geomill.engine import plane_geometry as pg
from geomill.engine.plane import GeneralProblem, element_of
from geomill.engine.relations import BLOCKS_BY_KEY

P = Mapping[str, np.ndarray]
TAU = 2 * math.pi
PROBES = 4  # plans tried, each without the parallel lines the one before would meet

# -- loci on template letters ------------------------------------------------------------------------


@dataclass(frozen=True)
class Rule:
    """``target`` from the points ``needs``: ``kind`` "point" (``fn`` gives it), "line" (``fn``
    gives a base and a direction: target = base + t * direction, t sampled in ``span``) or
    "circle" (``fn`` gives a centre and a radius)."""

    target: str
    needs: str
    kind: str
    fn: Callable[[P], tuple]
    span: tuple[float, float] = (-1.5, 1.5)
    turn: float = 0.0  # (a line) its direction turned this many degrees one way or the other, by branch
    source: object = None  # rules from one source (a line, a circle) are one locus: they never meet
    via: str = ""  # named points the line or circle passes through (two loci meet elsewhere, or nowhere new)


def _rot90(v: np.ndarray) -> np.ndarray:
    return np.array([-v[1], v[0]])


def point(target: str, needs: str, fn: Callable[[P], np.ndarray]) -> Rule:
    return Rule(target, needs, "point", lambda p: (fn(p),))


def mid(m: str, a: str, b: str) -> Rule:
    return point(m, a + b, lambda p: (p[a] + p[b]) / 2)


def turned(target: str, centre: str, a: str, deg: float) -> Rule:
    """target = a turned about ``centre`` by ``deg`` degrees (either way: the start's branch)."""
    return Rule(target, centre + a, "point", lambda p: (p[centre], p[a] - p[centre]), turn=deg)


def reflect(target: str, a: str, m: str) -> Rule:
    """target = the reflection of a in m (m the midpoint of a and target)."""
    return point(target, a + m, lambda p: 2 * p[m] - p[a])


def along(target: str, base: str, a: str, b: str, span: tuple[float, float] = (-1.5, 1.5)) -> Rule:
    """target on the line through ``base`` parallel to ab."""
    return Rule(target, base + a + b, "line", lambda p: (p[base], p[b] - p[a]), span, via=base)


def across(target: str, base: str, a: str, b: str, span: tuple[float, float] = (-1.5, 1.5)) -> Rule:
    """target on the line through ``base`` perpendicular to ab."""
    return Rule(target, base + a + b, "line", lambda p: (p[base], _rot90(p[b] - p[a])), span, via=base)


def through(target: str, a: str, b: str, span: tuple[float, float] = (0.1, 0.9)) -> Rule:
    """target on line ab (t = 0 at a, 1 at b)."""
    return Rule(target, a + b, "line", lambda p: (p[a], p[b] - p[a]), span, via=a + b)


def bisecting(target: str, a: str, b: str, c: str) -> Rule:
    """target on the bisector of angle abc, inside it."""
    def fn(p: P) -> tuple:
        u, w = p[a] - p[b], p[c] - p[b]
        d = u / (np.linalg.norm(u) + 1e-12) + w / (np.linalg.norm(w) + 1e-12)
        return p[b], d * (np.linalg.norm(u) + np.linalg.norm(w)) / 2
    return Rule(target, a + b + c, "line", fn, (0.2, 1.2), via=b)


def around(target: str, centre: str, a: str, b: str) -> Rule:
    """target on the circle about ``centre`` with radius ab."""
    return Rule(target, centre + a + b, "circle", lambda p: (p[centre], pg.dist(p[a], p[b])),
                via=b if a == centre else "")


def _circumcentre(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    d = 2 * pg.cross(b - a, c - a)
    if abs(d) < 1e-12:
        return (a + b + c) / 3
    b2, c2 = float(np.dot(b - a, b - a)), float(np.dot(c - a, c - a))
    return a + np.array([(c - a)[1] * b2 - (b - a)[1] * c2, (b - a)[0] * c2 - (c - a)[0] * b2]) / d


def _incentre(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    la, lb, lc = pg.dist(b, c), pg.dist(c, a), pg.dist(a, b)
    return (la * a + lb * b + lc * c) / (la + lb + lc + 1e-12)


def _orthocentre(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    return a + b + c - 2 * _circumcentre(a, b, c)


def _parallelogram_rules() -> tuple[Rule, ...]:
    """Each vertex from the other three: opposite vertices have one midpoint."""
    return (point("D", "ABC", lambda p: p["A"] + p["C"] - p["B"]),
            point("C", "ABD", lambda p: p["B"] + p["D"] - p["A"]),
            point("B", "ACD", lambda p: p["A"] + p["C"] - p["D"]),
            point("A", "BCD", lambda p: p["B"] + p["D"] - p["C"]))


def _parallel_rules(a: str, b: str, c: str, d: str) -> tuple[Rule, ...]:
    return (along(d, c, a, b), along(c, d, a, b), along(b, a, c, d), along(a, b, c, d))


def _similar_rules(a: str, b: str, mirror: bool, equal: bool) -> tuple[Rule, ...]:
    """A vertex of either polygon from two others of its own and the three matching ones of the
    other: the (mirror) similarity that maps the one pair onto the other maps the third too;
    congruent polygons also give the second vertex a circle about the first."""
    out: list[Rule] = []
    for src, dst in ((a, b), (b, a)):
        n = len(src)
        for i in range(n):
            for j in range(n):
                for k in range(j + 1, n):
                    if i in (j, k):
                        continue
                    out.append(point(dst[i], dst[j] + dst[k] + src[i] + src[j] + src[k],
                                     lambda p, s=src, d=dst, i=i, j=j, k=k: _similarity(p, s, d, i, j, k, mirror)))
            if equal:
                out += [around(dst[i], dst[i - 1], src[i - 1], src[i])]
    return tuple(out)


def _similarity(p: P, src: str, dst: str, i: int, j: int, k: int, mirror: bool) -> np.ndarray:
    z = lambda v: complex(v[0], v[1])  # noqa: E731 - a point as a complex number
    ratio = (z(p[src[i]]) - z(p[src[j]])) / ((z(p[src[k]]) - z(p[src[j]])) or 1e-12)
    if mirror:
        ratio = ratio.conjugate()
    w = z(p[dst[j]]) + (z(p[dst[k]]) - z(p[dst[j]])) * ratio
    return np.array([w.real, w.imag])


_RIGHT_AT_B = (across("C", "B", "A", "B", (0.4, 1.6)), across("A", "B", "C", "B", (0.4, 1.6)))

# block key -> the loci it gives, on the block's template letters
RELATION_LOCI: dict[str, tuple[Rule, ...]] = {
    "right_triangle": _RIGHT_AT_B,
    "isosceles_triangle": (around("C", "A", "A", "B"), around("B", "A", "A", "C"),
                           Rule("A", "BC", "line", lambda p: ((p["B"] + p["C"]) / 2, _rot90(p["C"] - p["B"])),
                                (0.4, 1.6))),
    "isosceles_right_triangle": (turned("C", "A", "B", 90), turned("B", "A", "C", -90)),
    "equilateral_triangle": (around("C", "A", "A", "B"), around("C", "B", "A", "B")),
    "parallelogram": _parallelogram_rules(),
    "rectangle": _parallelogram_rules() + (across("C", "B", "A", "B"), across("D", "A", "B", "A")),
    "rhombus": _parallelogram_rules() + (around("D", "A", "A", "B"),),
    "square": _parallelogram_rules() + (turned("C", "B", "A", -90), turned("A", "B", "C", 90)),
    "kite": (around("D", "A", "A", "B"), around("D", "C", "C", "B")),
    "trapezoid": _parallel_rules("A", "D", "B", "C"),
    "isosceles_trapezoid": _parallel_rules("A", "D", "B", "C"),
    "right_trapezoid": _parallel_rules("A", "D", "B", "C") + (across("A", "B", "C", "B", (0.4, 1.6)),),
    "parallel": _parallel_rules("A", "B", "C", "D"),
    "perpendicular": (across("C", "O", "A", "O", (0.4, 1.6)), across("A", "O", "C", "O", (-1.6, -0.4))),
    "perpendicular_lines": (across("D", "C", "A", "B"), across("C", "D", "A", "B"), across("B", "A", "C", "D"),
                            across("A", "B", "C", "D")),
    "point_on_segment": (through("P", "A", "B"),),
    "point_on_ray": (through("P", "A", "B", (0.3, 2.0)),),
    "intersection": (through("P", "A", "B", (-0.5, 1.5)), through("P", "C", "D", (-0.5, 1.5))),
    "midpoint": (mid("M", "A", "B"), reflect("B", "A", "M"), reflect("A", "B", "M")),
    "angle_bisector": (bisecting("D", "A", "B", "C"),),
    "perpendicular_bisector": (mid("O", "A", "B"), across("C", "O", "A", "B")),
    "median": (mid("D", "B", "C"),),
    "altitude": (point("D", "ABC", lambda p: pg.foot(p["A"], p["B"], p["C"])), across("A", "D", "B", "C")),
    "midsegment": (mid("D", "A", "B"), mid("E", "A", "C")),
    "midsegment_quadrilateral": (mid("E", "A", "B"), mid("F", "D", "C")),
    "altitude_quadrilateral": (through("E", "C", "D", (0.2, 0.8)),
                               point("F", "EAB", lambda p: pg.foot(p["E"], p["A"], p["B"]))),
    "incentre": (point("O", "ABC", lambda p: _incentre(p["A"], p["B"], p["C"])),),
    "circumcentre": (point("O", "ABC", lambda p: _circumcentre(p["A"], p["B"], p["C"])),),
    "circumcentre_quadrilateral": (point("O", "ABC", lambda p: _circumcentre(p["A"], p["B"], p["C"])),
                                   around("D", "O", "O", "A")),
    "centroid": (point("O", "ABC", lambda p: (p["A"] + p["B"] + p["C"]) / 3),),
    "orthocentre": (point("O", "ABC", lambda p: _orthocentre(p["A"], p["B"], p["C"])),),
    **{key: _similar_rules(*(("ABC", "DEF") if "triangles" in key else ("ABCD", "EFGH")), "mirror" in key,
                           "congruent" in key)
       for key in ("similar_triangles", "mirror_similar_triangles", "congruent_triangles", "mirror_congruent_triangles",
                   "similar_quadrilaterals", "mirror_similar_quadrilaterals", "congruent_quadrilaterals",
                   "mirror_congruent_quadrilaterals")},
    "tangent": (across("P", "A", "O", "A"),),
    "diameter": (reflect("B", "A", "O"), reflect("A", "B", "O"), mid("O", "A", "B")),
}


def check_rule(rule: Rule, p: P, param: float = 0.5, turn: float = 1.0) -> np.ndarray:
    """Where a rule puts its target on template coordinates (for tests)."""
    return _place(rule, p, param, turn)


def _geometry(rule: Rule, at: P, turn: float) -> tuple:
    got = rule.fn(at)
    if rule.turn:
        return got[0], _turned(got[1], turn * rule.turn)
    return got


def _place(rule: Rule, at: P, param: float, turn: float) -> np.ndarray:
    got = _geometry(rule, at, turn)
    if rule.kind == "point":
        return np.asarray(got[0] + got[1] if rule.turn else got[0], dtype=float)
    if rule.kind == "line":
        return got[0] + param * got[1]
    centre, r = got
    return centre + r * np.array([math.cos(param), math.sin(param)])


# -- a plan over the problem's points -------------------------------------------------------------------


WIDTH = {"free": 2, "on": 1, "meet": 0, "point": 0}  # parameters a step takes


@dataclass(frozen=True)
class Step:
    """Where one point goes: ``how`` is "free" (2 parameters), "on" (1: along ``rules[0]``),
    "meet" (0: where ``rules[0]`` and ``rules[1]`` meet, on ``branch``'s side) or "point" (0)."""

    target: str
    how: str
    rules: tuple[Rule, ...]


class Plan:
    """The problem's points in dependency order, each with its step; ``n`` parameters in all."""

    def __init__(self, problem: GeneralProblem, hint: float):
        self.problem, self.hint = problem, hint
        self.candidates = _candidates(problem)
        # points that others may later compute, or place where two loci meet: placed last
        self.computable = {name for name, rules in self.candidates.items()
                           if any(r.kind == "point" for r in rules)
                           or len({r.source if r.source is not None else id(r) for r in rules}) >= 2}
        bad: set[tuple[int, int]] = set()
        for _ in range(PROBES):
            self.steps = self._order(bad)
            self.n = sum(WIDTH[s.how] for s in self.steps)
            parallel = self._parallel_meets()
            if not parallel:
                break
            bad |= parallel

    def _order(self, bad: set[tuple[int, int]]) -> list[Step]:
        """The points, most determined first (``bad``: pairs of lines found parallel, never met)."""
        steps: list[Step] = []
        placed: set[str] = set()
        todo = list(self.problem.points)
        while todo:
            best = None
            budget.check()
            for name in todo:
                usable = [r for r in self.candidates.get(name, ()) if set(r.needs) <= placed]
                step = _step(name, usable, placed, bad)
                score = {"point": 3, "meet": 2, "on": 1, "free": 0}[step.how]
                if step.how in ("on", "free") and name in self.computable:
                    score -= 0.5  # later, its other points may compute it outright
                if best is None or score > best[0]:
                    best = (score, step)
                if score == 3:
                    break
            step = best[1]
            steps.append(step)
            placed.add(step.target)
            todo.remove(step.target)
        return steps

    def _parallel_meets(self) -> set[tuple[int, int]]:
        """Pairs of lines a plan meets that are parallel on two random placements: two
        perpendiculars to one line, say (the figure forces what they would meet elsewhere)."""
        found: set[tuple[int, int]] | None = None
        for seed in (1, 2):
            q, br = self.sample(np.random.default_rng(seed))
            at: dict[str, np.ndarray] = {}
            here = set()
            k = 0
            for s, (turn, side) in zip(self.steps, br):
                if s.how == "meet" and s.rules[0].kind == s.rules[1].kind == "line":
                    (_, u), (_, v) = _geometry(s.rules[0], at, turn), _geometry(s.rules[1], at, turn)
                    if abs(pg.cross(u, v)) <= 1e-9 * (np.linalg.norm(u) * np.linalg.norm(v) + 1e-300):
                        here.add((id(s.rules[0]), id(s.rules[1])))
                at[s.target] = self._put(s, at, q, k, turn, side)
                k += WIDTH[s.how]
            found = here if found is None else found & here
        return found or set()

    @staticmethod
    def _put(s: Step, at: P, params: np.ndarray, k: int, turn: float, side: float) -> np.ndarray:
        if s.how == "free":
            return np.array(params[k:k + 2], dtype=float)
        if s.how == "on":
            return _place(s.rules[0], at, params[k], turn)
        if s.how == "point":
            return _place(s.rules[0], at, 0.0, turn)
        return _meet(s.rules[0], s.rules[1], at, turn, side)


    def sample(self, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
        """Random parameters and branches (per step: which way a turned line turns, which of two
        meeting points) for one start."""
        half = self.hint / 2
        params = []
        for s in self.steps:
            if s.how == "free":
                params += list(rng.uniform(-half, half, 2))
            elif s.how == "on":
                r = s.rules[0]
                params.append(rng.uniform(0, TAU) if r.kind == "circle" else rng.uniform(*r.span))
        branches = rng.choice((-1.0, 1.0), size=(len(self.steps), 2))
        return np.array(params, dtype=float), branches

    def place(self, params: np.ndarray, branches: np.ndarray) -> dict[str, np.ndarray]:
        at: dict[str, np.ndarray] = {}
        k = 0
        ps = params.tolist()  # (plain floats: numpy's scalars are slow)
        for s, (turn, side) in zip(self.steps, branches.tolist()):
            at[s.target] = self._put(s, at, ps, k, turn, side)
            k += WIDTH[s.how]
        return at

    def orient(self, params: np.ndarray, branches: np.ndarray,
               chains: list[tuple[tuple[str, ...], bool]]) -> np.ndarray:
        """Branches that turn as many of the chains as they can the way the figure says (each
        ``(chain, clockwise)``): a ray at a given angle or a meeting point on the wrong side is a
        mirror image the least squares cannot pass through, so it is chosen here, one step at a time."""
        if not chains:
            return branches

        def agree(br: np.ndarray) -> int:
            at = self.place(params, br)
            return sum((pg.signed_area([at[q] for q in chain]) < 0) == clockwise for chain, clockwise in chains)

        best, score = branches.copy(), agree(branches)
        for i, s in enumerate(self.steps):
            for col in (0, 1):
                if (col == 0 and not any(r.turn for r in s.rules)) or (col == 1 and s.how != "meet"):
                    continue
                trial = best.copy()
                trial[i, col] *= -1
                got = agree(trial)
                if got > score:
                    best, score = trial, got
        return best

    def mirror(self, params: np.ndarray, branches: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The parameters and branches of the mirror image (x -> -x) of the figure they place:
        turns go the other way, a point on a circle from angle t to 180 - t, and of two circles'
        meeting points the other (a line's meeting points keep their order along it)."""
        out, br, k = params.copy(), branches.copy(), 0
        br[:, 0] *= -1
        for i, s in enumerate(self.steps):
            if s.how == "free":
                out[k] = -out[k]
                k += 2
            elif s.how == "on":
                if s.rules[0].kind == "circle":
                    out[k] = math.pi - out[k]
                k += 1
            elif s.how == "meet" and s.rules[0].kind == "circle":
                br[i, 1] *= -1
        return out, br


def _step(name: str, usable: list[Rule], placed: set[str], bad: set[tuple[int, int]] = frozenset()) -> Step:
    points = [r for r in usable if r.kind == "point"]
    if points:
        return Step(name, "point", (points[0],))
    lines = [r for r in usable if r.kind == "line"]
    circles = [r for r in usable if r.kind == "circle"]
    ordered = lines + circles
    first = ordered[0] if ordered else None
    other = next((r for r in ordered[1:] if (r.source is None or r.source != first.source)
                  and not (r.kind == first.kind == "line" and set(r.via) & set(first.via) & placed)
                  and (id(first), id(r)) not in bad), None)
    if other is not None:
        return Step(name, "meet", (ordered[0], other))
    if ordered:
        return Step(name, "on", (ordered[0],))
    return Step(name, "free", ())


def _meet(r1: Rule, r2: Rule, at: P, turn: float, branch: float) -> np.ndarray:
    """Where two loci meet (the nearest approach where they miss): lines and circles; of two
    meeting points, the one away from a named point both pass through, else ``branch``'s."""
    g1, g2 = _geometry(r1, at, turn), _geometry(r2, at, turn)
    shared = {q for q in set(r1.via) & set(r2.via) if q in at}  # placed points both pass through
    if shared and r1.kind != r2.kind or r1.kind == r2.kind == "circle":
        pair = [_meet_one(r1.kind, r2.kind, g1, g2, b) for b in (-1.0, 1.0)]
        if shared:
            q = at[min(shared)]
            return max(pair, key=lambda v: pg.dist(v, q))
        return pair[int(branch > 0)]
    return _meet_one(r1.kind, r2.kind, g1, g2, branch, r1.span[1])


def _meet_one(k1: str, k2: str, g1: tuple, g2: tuple, branch: float, far: float = 1.5) -> np.ndarray:
    if k1 == "line" and k2 == "line":
        (a, u), (b, v) = g1, g2
        det = pg.cross(u, v)
        if abs(det) < 1e-9 * (np.dot(u, u) * np.dot(v, v)) ** 0.5 + 1e-15:
            return a + u * far  # parallel: a point on the first, the residuals say the rest
        return a + u * (pg.cross(b - a, v) / det)
    if k1 == "line":  # and a circle
        (a, u), (o, r) = g1, g2
        uu = float(np.dot(u, u)) + 1e-15
        t0 = float(np.dot(o - a, u)) / uu
        foot = a + t0 * u
        h2 = r * r - float(np.dot(foot - o, foot - o))
        return foot + branch * math.sqrt(max(h2, 0.0) / uu) * u
    (o1, r1v), (o2, r2v) = g1, g2
    d = pg.dist(o1, o2)
    if d < 1e-12:
        return o1 + np.array([r1v, 0.0])
    e = (o2 - o1) / d
    x = (d * d + r1v * r1v - r2v * r2v) / (2 * d)
    y2 = r1v * r1v - x * x
    return o1 + x * e + branch * math.sqrt(max(y2, 0.0)) * _rot90(e)


# -- the candidate rules of a problem ---------------------------------------------------------------------


def _candidates(problem: GeneralProblem) -> dict[str, list[Rule]]:
    """Every rule that can place each point, strongest sources first: relations, lines, circles,
    given lengths and angles."""
    out: dict[str, list[Rule]] = {}

    def add(r: Rule, source: object = None, via: str = "") -> None:
        if source is not None:  # a line or circle of the problem passes through all its points
            r = dataclasses.replace(r, source=source, via=via or r.via)
        out.setdefault(r.target, []).append(r)

    for rel in problem.relations:
        block = BLOCKS_BY_KEY[rel.key]
        names = block.bind(rel.args)
        if names is None:
            continue
        for rule in RELATION_LOCI.get(rel.key, ()):
            add(_renamed(rule, names))
    for ln in problem.lines:
        budget.check()
        for i, target in enumerate(ln.points):
            for j, a in enumerate(ln.points):
                for k in range(j + 1, len(ln.points)):
                    if i in (j, k):
                        continue
                    b = ln.points[k]
                    # t of the target on a -> b: its place in the order, spaced evenly
                    t = (i - j) / (k - j)
                    span = (t - 0.3 / (k - j), t + 0.3 / (k - j))
                    add(through(target, a, b, span), ("line", ln.points), "".join(ln.points))
    for c in problem.circles:
        for target in c.points:
            for q in c.points:
                if q != target:
                    add(around(target, c.centre, c.centre, q), ("circle", c.centre), "".join(c.points))
        if len(c.points) >= 3:
            a, b, d = c.points[:3]
            add(point(c.centre, a + b + d, lambda p, a=a, b=b, d=d: _circumcentre(p[a], p[b], p[d])))
        for i, a in enumerate(c.points):
            for b in c.points[i + 1:]:
                add(Rule(c.centre, a + b, "line", lambda p, a=a, b=b: ((p[a] + p[b]) / 2, _rot90(p[b] - p[a]))),
                    ("bisector", c.centre, a, b))
    for f in problem.facts:
        _fact_rules(f.lhs, f.rhs, add, problem)
    # the nearest pair first: a line through two neighbours places a point in order best
    for rules in out.values():
        rules.sort(key=lambda r: _rank(r))
    return out


def _rank(r: Rule) -> tuple[int, float]:
    kind = {"point": 0, "line": 1, "circle": 2}[r.kind]
    return kind, r.span[1] - r.span[0] if r.kind == "line" else 0.0


def _fact_rules(lhs: sympy.Expr, rhs: sympy.Expr, add: Callable[[Rule], None], problem: GeneralProblem) -> None:
    """A given length (a circle about either end), radius or diameter (the circle itself) or angle
    (a ray from its vertex, turned either way)."""
    if not isinstance(lhs, sympy.Symbol) or not rhs.is_number:
        return
    el = element_of(lhs)
    if el is None:
        return
    v = float(rhs)
    if el.kind.key in ("radius", "diameter") and v > 0:
        r, circle = v / (2 if el.kind.key == "diameter" else 1), problem.circle(el.points[0])
        for target in circle.points if circle is not None else ():
            add(Rule(target, circle.centre, "circle", lambda p, o=circle.centre: (p[o], r)), ("circle", circle.centre),
                "".join(circle.points))
    if el.kind.key == "length" and v > 0:
        a, b = el.points
        add(Rule(b, a, "circle", lambda p, a=a: (p[a], v)))
        add(Rule(a, b, "circle", lambda p, b=b: (p[b], v)))
    elif el.kind.key == "angle" and 0 < v < 180:
        a, b, c = el.points
        for s, t in ((a, c), (c, a)):
            add(Rule(t, s + b, "line", lambda p, s=s: (p[b], p[s] - p[b]), (0.4, 1.6), turn=v, via=b))


def _turned(v: np.ndarray, deg: float) -> np.ndarray:
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    return np.array([c * v[0] - s * v[1], s * v[0] + c * v[1]])


def _renamed(rule: Rule, names: Mapping[str, str]) -> Rule:
    inverse = {letter: point for letter, point in names.items()}

    def fn(p: P, f=rule.fn) -> tuple:
        return f(_Letters(p, inverse))

    return Rule(names[rule.target], "".join(names[x] for x in rule.needs), rule.kind, fn, rule.span, rule.turn,
                via="".join(names[x] for x in rule.via))


class _Letters(Mapping):
    """A problem's coordinates seen through a block's template letters."""

    def __init__(self, at: P, names: Mapping[str, str]):
        self.at, self.names = at, names

    def __getitem__(self, letter: str) -> np.ndarray:
        return self.at[self.names[letter]]

    def __iter__(self):
        return iter(self.names)

    def __len__(self) -> int:
        return len(self.names)
