"""Perception questions on textbook figures: Geoperception's seven relations and VisOnlyQA's
real-figure geometry tasks, asked of figures whose every coordinate is known.

A textbook figure is its exact scene (points, the drawn lines with the points on each, circles with
their centre's name), its problem and where it came from.  Two sources: the problems of a folder of
``.geo`` files (``geomill import formalgeo``), drawn through ``render.general``; and, by default,
fresh textbook constructions (``default_figure``: one relation block of ``engine.relations`` —
an altitude, a parallelogram, a diameter … — drawn with its segments and circle, plus a few random
construction steps of ``construct.Figure``).  Every scene is scaled into a 10 × 10 frame.

Questions: every claim of the task that the figure can answer with the slot's wanted truth (or
option) is listed, and one is drawn.  A false claim misses by a clear margin (``MARGINS``: a point
3 % of the figure off the line or circle, lines 4° off perpendicular or parallel, lengths and angles
5 % apart); a true one holds exactly (to rounding).  The True/False tasks come in twins (the claim,
then its negation, on one figure); the relations a textbook marks (perpendicular, parallel, equal
lengths) are asked on the figure without its marks and with them (``marks="both"``: four records a
figure).  Every label is re-derived by the claim checker on the record's own scene (exact and as the
text version prints it) before it is written.
"""
from __future__ import annotations

import hashlib
import itertools
import math
import random
from dataclasses import asdict, dataclass, replace
from functools import lru_cache
from pathlib import Path

import numpy as np
from geomill.engine.errors import GeomillError
from geomill.engine.relations import BLOCKS
from geomill.render.claims import ON_TOL, check_claim, edge_drawn, line_angle, line_distance
from geomill.render.scene_io import scene_from_dict

from . import sets
from .construct import CLEAR, FRAME, MIN_SEP, Figure, Unbuildable
from .questions import CHOICES, MARGIN, NEAR_MISSES, Question

RELATIONS = ("on_line", "on_circle", "perpendicular", "parallel", "equal_length", "longer", "angle_larger")
REAL_TASKS = ("triangle", "quadrilateral", "length", "angle", "area", "diameter")  # VisOnlyQA's Eval-Real geometry
TASKS = RELATIONS + REAL_TASKS
MARKED = ("perpendicular", "parallel", "equal_length")  # what a textbook marks: squares, arrows, ticks
MARKS = ("both", "without", "with")
MARGINS = {"incidence": 0.03, "degrees": 4.0, "size": 0.05}  # a false claim misses by at least this
EXACT_DEGREES = 1e-6  # a true perpendicular / parallel, to rounding
EXACT_RATIO = 1e-9
CIRCLE_TASKS = ("on_circle", "diameter")
MAX_ATTEMPTS = 400
SEPARATE = 0.4  # named points of a figure keep this far apart (in the 10 frame)
OFF_STROKE = 0.2  # a point off a line keeps this far from its stroke
ROUNDED_TOL = {"units": 0.05, "degrees": 1.5, "ratio": 0.03}  # the text version's two decimals, in a 10 frame


class TextbookError(GeomillError):
    """Knobs that admit no question, or a folder with no problems."""


@dataclass(frozen=True)
class TextbookFigure:
    """A figure: its exact scene (import format; each circle also names its centre), problem, origin."""

    scene: dict
    problem: str
    origin: str


# -- sources ---------------------------------------------------------------------------------------------


def default_figure(seed, part: str, k: int, needs_circle: bool) -> TextbookFigure:
    """Figure ``k`` of the default source: a new construction of the textbook problem generator
    (``generate.textbook_gen``: a base shape with round values, then midpoints, feet, bisectors,
    parallels, circles, tangents …), drawn as ``geomill render`` draws its problem; where none of a few
    reads well enough, one relation block's construction (``block_figure``)."""
    from geomill.dsl import format_problem
    from geomill.generate.textbook_gen.construct import Retry, sample

    digest = hashlib.sha256(f"{seed}:{part}:construction:{k}".encode()).digest()
    rng = np.random.default_rng(int.from_bytes(digest[:8], "little"))
    for _ in range(4):
        try:
            fig = sample(rng, True if needs_circle else None, 9, int(rng.integers(2, 5)))
            return problem_figure(format_problem(fig.problem()), f"generated {part} #{k}", k)
        except (Retry, Unbuildable, GeomillError):
            continue
    return block_figure(random.Random(f"{seed}:{part}:figure:{k}"), needs_circle)


def _drawable(block) -> bool:
    return len(block.letters) <= 6 and block.key != "congruent_arcs"


BLOCK_KEYS = tuple(b.key for b in BLOCKS if _drawable(b))
CIRCLE_KEYS = tuple(b.key for b in BLOCKS if _drawable(b) and b.circle) + ("circumcentre", "circumcentre_quadrilateral")


def block_figure(rng: random.Random, needs_circle: bool = False) -> TextbookFigure:
    """One relation block's construction, drawn as a textbook draws it (its polygons' sides, the
    segments it names, the circle through points equidistant from a centre), plus 1–3 random steps."""
    key = rng.choice(CIRCLE_KEYS if needs_circle else BLOCK_KEYS)
    block = next(b for b in BLOCKS if b.key == key)
    raw = block.construct(np.random.default_rng(rng.getrandbits(63)))
    raw_xy = {k: (float(v[0]), float(v[1])) for k, v in raw.items()}
    rings = _rings(block, raw_xy)
    xy = _fit(raw_xy, rings, rng)
    fig = Figure(rng)
    for name in sorted(xy):
        if any(math.dist(xy[name], p) < MIN_SEP for p in fig.points.values()):
            raise Unbuildable("block: points too close")
        fig.points[name] = xy[name]
    for a, b in _block_segments(block):
        if not fig.share_line(a, b):
            fig.add_line(a, b)
    _check_clear(fig)
    centres = []
    for o, on in rings:
        fig.add_circle(o, on[0], on)
        centres.append(o)
        spoke = rng.choice(on)
        if rng.random() < 0.6 and not fig.share_line(o, spoke):
            fig.add_line(o, spoke)  # a radius, as textbooks often draw one
    extra = rng.randint(1, 3)
    try:
        fig.fill(len(fig.lines) + extra, circles=False, tries=20)
    except Unbuildable:
        pass  # the steps that failed were undone; the figure stands as it is
    scene = fig.as_dict()
    for c, o in zip(scene["circles"], centres):
        c["name"] = o
    args = tuple(tuple(ph) for ph in block.placeholders)
    return TextbookFigure(scene, block.state(args) + ".", f"block:{key}")


def _rings(block, xy: dict) -> list[tuple[str, tuple[str, ...]]]:
    """The circles a textbook draws: the block's own, and about any point equidistant from three others."""
    out = []
    for o in sorted(xy):
        others = sorted(n for n in xy if n != o)
        for a in others:
            on = tuple(n for n in others if abs(math.dist(xy[o], xy[n]) / math.dist(xy[o], xy[a]) - 1) < 1e-9)
            if len(on) >= 3 or (block.circle == o and a in block.on_circle):
                out.append((o, on))
                break
    return out


def _block_segments(block) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for ph in block.placeholders:
        if len(ph) == 2:
            out.append((ph[0], ph[1]))
        elif len(ph) >= 3 and not (block.circle and ph[0] == block.circle):
            out += [(ph[i], ph[(i + 1) % len(ph)]) for i in range(len(ph))]
    return list(dict.fromkeys(out))


def _check_clear(fig: Figure) -> None:
    """Every point off a line keeps ``CLEAR`` from its stroke (what ``Figure.add_point`` asks of new points)."""
    from .construct import _dist_seg

    for ln in fig.lines:
        a, b = fig.ends(ln)
        for n, p in fig.points.items():
            if n not in ln and _dist_seg(p, a, b)[0] < CLEAR:
                raise Unbuildable("block: a point next to a stroke")


def _fit(xy: dict[str, tuple[float, float]], rings, rng: random.Random) -> dict:
    """The points scaled into the frame, circles and all (with a margin; a random size and place)."""
    xs, ys = [p[0] for p in xy.values()], [p[1] for p in xy.values()]
    for o, on in rings:
        r = math.dist(xy[o], xy[on[0]])
        xs += [xy[o][0] - r, xy[o][0] + r]
        ys += [xy[o][1] - r, xy[o][1] + r]
    w, h = max(xs) - min(xs), max(ys) - min(ys)
    span = max(w, h, 1e-9)
    target = rng.uniform(6.0, 8.6)
    s = target / span
    ox = rng.uniform(0.7, FRAME - 0.7 - w * s) - min(xs) * s
    oy = rng.uniform(0.7, FRAME - 0.7 - h * s) - min(ys) * s
    return {k: (x * s + ox, y * s + oy) for k, (x, y) in xy.items()}


@lru_cache(maxsize=4)
def folder_problems(folder: str) -> tuple[tuple[str, str], ...]:
    """(file name, text) of the readable ``.geo`` problems of a folder, in number order (a
    TextbookError when there are none)."""
    from geomill.dataset.sources import read_texts

    found = tuple((Path(path).name, text) for path, text, ok in read_texts(folder, ".geo") if ok)
    if not found or not Path(folder).is_dir():
        raise TextbookError(f"{folder}: no .geo problems (import some with: geomill import formalgeo SRC --out DIR)")
    return found


def problem_figure(text: str, origin: str, seed: int = 0) -> TextbookFigure:
    """The figure of a general problem (``.geo`` text) as ``geomill render`` lays it out, in the frame;
    ``Unbuildable`` for a problem of another world, with no figure or an unreadable one."""
    got = _problem_figure(text, origin, seed)
    if isinstance(got, str):
        raise Unbuildable(got)
    return got


@lru_cache(maxsize=512)
def _problem_figure(text: str, origin: str, seed: int) -> TextbookFigure | str:
    """``problem_figure``, remembering why a problem has no figure (a layout costs a third of a second)."""
    try:
        return _lay_out(text, origin, seed)
    except Unbuildable as e:
        return str(e)


def _lay_out(text: str, origin: str, seed: int) -> TextbookFigure:
    from geomill.dsl import parse
    from geomill.engine.plane import GeneralProblem
    from geomill.render.general import general_scene
    from geomill.render.scene_io import plain_dict

    try:
        problem = parse(text, origin)
        if not isinstance(problem, GeneralProblem):
            raise Unbuildable("not a general problem")
        _, sc = general_scene(problem, seed=seed)
    except GeomillError as e:
        raise Unbuildable(f"no figure: {str(e).splitlines()[0][:60]}") from None
    d = plain_dict(sc)
    names = {c.centre: tuple(sc.points.get(c.centre, (math.nan, math.nan))) for c in problem.circles}
    pts = {k: tuple(v) for k, v in d["points"].items()}
    xs = [p[0] for p in pts.values()] + [c["centre"][0] + s * c["radius"] for c in d["circles"] for s in (-1, 1)]
    ys = [p[1] for p in pts.values()] + [c["centre"][1] + s * c["radius"] for c in d["circles"] for s in (-1, 1)]
    span = max(max(xs) - min(xs), max(ys) - min(ys), 1e-9)
    s = 9.0 / span

    def f(x: float, y: float) -> list[float]:
        return [round((x - min(xs)) * s + 0.5, 9), round((y - min(ys)) * s + 0.5, 9)]

    circles = []
    for c in d["circles"]:
        centre = next((n for n, p in names.items() if math.dist(p, c["centre"]) < 1e-9), None)
        circles.append({"centre": f(*c["centre"]), "radius": round(c["radius"] * s, 9),
                        **({"name": centre} if centre else {})})
    scene = {"points": {k: f(*p) for k, p in pts.items()}, "lines": d["lines"], "circles": circles}
    readable(scene)
    return TextbookFigure(scene, text, origin)


def readable(scene: dict) -> None:
    """``Unbuildable`` unless named points keep ``SEPARATE`` apart and off-line points ``OFF_STROKE``
    from every stroke (a laid-out problem can crush a figure its numbers barely admit)."""
    xy = scene["points"]
    for a, b in itertools.combinations(sorted(xy), 2):
        if math.dist(xy[a], xy[b]) < SEPARATE:
            raise Unbuildable(f"points {a} and {b} too close")
    for ln in scene["lines"]:
        a, b = xy[ln[0]], xy[ln[-1]]
        for n, p in xy.items():
            if n not in ln and _segment_distance(p, a, b) < OFF_STROKE:
                raise Unbuildable(f"point {n} next to a stroke")


def _segment_distance(p, a, b) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


# -- what a textbook marks --------------------------------------------------------------------------------


def elementary(scene: dict) -> list[tuple[str, str]]:
    """The drawn segments between consecutive points of each line (what ticks and questions name)."""
    out = []
    for ln in scene["lines"]:
        out += list(zip(ln, ln[1:]))
    return out


def meet(xy, a, b, c, d) -> str | None:
    """The named point where segments ab and cd meet (a shared end, or an end of one on the other)."""
    shared = {a, b} & {c, d}
    if shared:
        return shared.pop()
    for p, (q, r) in ((a, (c, d)), (b, (c, d)), (c, (a, b)), (d, (a, b))):
        if _on_segment(xy[p], xy[q], xy[r]):
            return p
    return None


def _on_segment(p, a, b) -> bool:
    t = ((p[0] - a[0]) * (b[0] - a[0]) + (p[1] - a[1]) * (b[1] - a[1])) / math.dist(a, b) ** 2
    return 0 < t < 1 and line_distance(p, a, b) <= ON_TOL * FRAME


def figure_marks(scene: dict) -> dict:
    """The marks a textbook would draw: a square at every exact right angle where two drawn lines meet,
    arrows on every group of exactly parallel lines (two groups at most), ticks on every group of
    exactly equal consecutive segments (four groups at most)."""
    xy = scene["points"]
    strokes = [(ln[0], ln[-1]) for ln in scene["lines"]]
    right = []
    for (a, b), (c, d) in itertools.combinations(strokes, 2):
        if abs(line_angle(xy[a], xy[b], xy[c], xy[d]) - 90) > EXACT_DEGREES:
            continue
        v = _crossing_point(scene, a, b, c, d)
        if v is not None:
            arm1 = max((a, b), key=lambda n: math.dist(xy[n], xy[v]))
            arm2 = max((c, d), key=lambda n: math.dist(xy[n], xy[v]))
            right.append([v, arm1, arm2])
    parallel: list[list] = []
    for s in strokes:
        g = next((g for g in parallel if line_angle(*(xy[n] for n in (*g[0], *s))) <= EXACT_DEGREES), None)
        if g is None:
            parallel.append([s])
        else:
            g.append(s)
    equal: list[list] = []
    for s in sorted(elementary(scene)):
        length = math.dist(xy[s[0]], xy[s[1]])
        g = next((g for g in equal if abs(math.dist(*(xy[n] for n in g[0])) / length - 1) <= EXACT_RATIO), None)
        if g is None:
            equal.append([s])
        else:
            g.append(s)
    return {"right": right, "parallel": [[list(s) for s in g] for g in parallel if len(g) > 1][:2],
            "equal": [[list(s) for s in g] for g in equal if len(g) > 1][:4]}


def _crossing_point(scene, a, b, c, d) -> str | None:
    """The named point where two lines' strokes meet, if one is named there."""
    xy = scene["points"]
    on1 = next(ln for ln in scene["lines"] if ln[0] == a and ln[-1] == b)
    on2 = next(ln for ln in scene["lines"] if ln[0] == c and ln[-1] == d)
    shared = set(on1) & set(on2)
    if shared:
        return sorted(shared)[0]
    for p in on1:
        if _on_segment(xy[p], xy[c], xy[d]):
            return p
    for p in on2:
        if _on_segment(xy[p], xy[a], xy[b]):
            return p
    return None


def claim_marked(marks: dict, q) -> bool:
    """Does the figure's marking show the asked relation (a square at the two lines' corner, both
    lines in one group of arrows, both segments in one group of ticks)?"""
    s1, s2 = (frozenset(n) for n in q.names)
    if q.task == "equal_length":
        groups = marks["equal"]
    elif q.task == "parallel":
        groups = marks["parallel"]
    else:  # a square's arms run to the far ends of the two lines
        return any((a in s1 and b in s2) or (a in s2 and b in s1) for _, a, b in marks["right"])
    return any(any(s1 <= frozenset(m) for m in g) and any(s2 <= frozenset(m) for m in g) for g in groups)


# -- questions -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RelationQuestion:
    """A Geoperception relation before wording: the named points and the wanted truth."""

    task: str
    names: tuple[str, ...]
    target: bool
    miss: str = ""
    sub: str = ""
    angle_between: None = None

    def claim(self, value=None, negated: bool = False) -> str:
        n, t = self.names, self.task
        no = " not" if negated else ""
        if t == "on_line":
            return f"{n[0]} {'does not lie' if negated else 'lies'} on line {n[1]}"
        if t == "on_circle":
            return f"{n[0]} {'does not lie' if negated else 'lies'} on circle {n[1]}"
        if t in ("perpendicular", "parallel"):
            return f"{n[0]} is{no} {t} to {n[1]}"
        if t == "equal_length":
            return f"{n[0]} {'≠' if negated else '='} {n[1]}"
        if t == "longer":
            return f"{n[0]} is{no} longer than {n[1]}"
        return f"angle {n[0]} is{no} larger than angle {n[1]}"

    def wording(self, negated: bool = False) -> str:
        n, t = self.names, self.task
        no = " not" if negated else ""
        if t == "on_line":
            s = f"Point {n[0]} {'does not lie' if negated else 'lies'} on line {n[1]}."
        elif t == "on_circle":
            s = f"Point {n[0]} {'does not lie' if negated else 'lies'} on the circle with centre {n[1]}."
        elif t in ("perpendicular", "parallel"):
            s = f"Line {n[0]} is{no} {t} to line {n[1]}."
        elif t == "equal_length":
            s = f"Segment {n[0]} is{no} equal in length to segment {n[1]}."
        elif t == "longer":
            s = f"Segment {n[0]} is{no} longer than segment {n[1]}."
        else:
            s = f"Angle {n[0]} is{no} larger than angle {n[1]}."
        return s + " True or False?"


def relation_candidates(task: str, scene: dict, sc, want: bool) -> list[tuple[str, ...]]:
    """Every question of a relation task with truth ``want`` that keeps the margins."""
    xy = scene["points"]
    names = sorted(xy)
    extent = _extent(sc)
    out: list[tuple[str, ...]] = []
    if task == "on_line":
        for ln in scene["lines"]:
            a, b = ln[0], ln[-1]
            for p in names:
                if p in (a, b):
                    continue
                on = p in ln
                d = line_distance(xy[p], xy[a], xy[b])
                if on == want and (on or d >= MARGINS["incidence"] * extent):
                    out.append((p, a + b))
    elif task == "on_circle":
        for c in scene["circles"]:
            o = c.get("name")
            if o is None:
                continue
            for p in names:
                if p == o:
                    continue
                gap = abs(math.dist(xy[p], c["centre"]) - c["radius"])
                if (gap <= 1e-6) == want and (want or gap >= MARGINS["incidence"] * extent):
                    out.append((p, o))
    elif task in ("perpendicular", "parallel"):
        strokes = [(ln[0], ln[-1]) for ln in scene["lines"]]
        for (a, b), (c, d) in itertools.permutations(strokes, 2):
            theta = line_angle(xy[a], xy[b], xy[c], xy[d])
            off = abs(90 - theta) if task == "perpendicular" else theta
            if task == "perpendicular" and _crossing_point(scene, a, b, c, d) is None:
                continue  # only lines that meet in a named point: a person judges the corner
            if task == "parallel" and line_distance(xy[c], xy[a], xy[b]) < MARGINS["incidence"] * extent:
                continue  # one line, not two
            if (off <= EXACT_DEGREES) == want and (want or off >= MARGINS["degrees"]):
                out.append((a + b, c + d))
    elif task in ("equal_length", "longer"):
        segs = elementary(scene)
        for (a, b), (c, d) in itertools.permutations(segs, 2):
            r = math.dist(xy[a], xy[b]) / math.dist(xy[c], xy[d])
            if task == "equal_length":
                ok = abs(r - 1) <= EXACT_RATIO if want else max(r, 1 / r) >= 1 + MARGINS["size"]
            else:
                ok = (r >= 1 + MARGINS["size"]) if want else (1 / r >= 1 + MARGINS["size"])
            if ok:
                out.append((a + b, c + d))
    elif task == "angle_larger":
        angles = _angles(scene, sc)
        for (n1, v1), (n2, v2) in itertools.permutations(angles, 2):
            if len(set(n1) | set(n2)) < 4:
                continue  # two angles of one corner (a part and the whole) read as one question of inclusion
            r = v1 / v2
            if (r >= 1 + MARGINS["size"]) if want else (1 / r >= 1 + MARGINS["size"]):
                out.append((n1, n2))
    return out


def _angles(scene: dict, sc) -> list[tuple[str, float]]:
    """Angles between two drawn segments from a named vertex, 8°–172°, each once."""
    from geomill.engine.geometry import angle_at

    from .geomverse import corners

    xy = scene["points"]
    names = sorted(xy)
    drawn = [(a, b) for a, b in itertools.combinations(names, 2) if edge_drawn(sc, a, b)]
    out = []
    for p, v, q in corners(drawn):
        if edge_drawn(sc, p, q) and _between(xy, p, v, q):
            continue
        value = angle_at(xy[p], xy[v], xy[q])
        if 8 <= value <= 172:
            out.append((p + v + q, value))
    return out


def _between(xy, p, v, q) -> bool:
    return line_distance(xy[v], xy[p], xy[q]) < 1e-9


def _extent(sc) -> float:
    x0, y0, x1, y1 = sc.bounds()
    return max(x1 - x0, y1 - y0)


def diameter_candidates(scene: dict, sc, sub: str, want: bool) -> list[tuple[str]]:
    """Drawn segments that are (or clearly are not) a diameter / radius of a drawn circle."""
    xy = scene["points"]
    extent = _extent(sc)
    m = MARGINS["incidence"] * extent
    names = sorted(xy)
    out = []
    for a, b in itertools.permutations(names, 2):
        if (sub == "diameter" and a > b) or not edge_drawn(sc, a, b):
            continue
        truth = check_claim(sc, f"{a}{b} is a {sub} of a circle").truth
        if truth != want:
            continue
        if want:
            out.append((a + b,))
            continue
        for c in scene["circles"]:
            o, r = c["centre"], c["radius"]
            ga, gb = abs(math.dist(xy[a], o) - r), abs(math.dist(xy[b], o) - r)
            if sub == "diameter":
                mid = ((xy[a][0] + xy[b][0]) / 2, (xy[a][1] + xy[b][1]) / 2)
                touches = min(ga, gb) <= 1e-6
                clear = max(ga, gb, math.dist(mid, o)) >= m
            else:
                ca, cb = math.dist(xy[a], o), math.dist(xy[b], o)
                touches = min(ca, cb) <= 1e-6 or min(ga, gb) <= 1e-6
                clear = min(ca + gb, cb + ga) >= m
            if touches and clear:
                out.append((a + b,))
                break
    return out


# -- the config and records ------------------------------------------------------------------------------


@dataclass(frozen=True)
class TextbookConfig:
    """One part's settings: the task, the figures' source (``from_dir`` a folder of ``.geo`` problems,
    else the default constructions), whether the marked relations are asked with marks drawn."""

    task: str = "on_line"
    from_dir: str | None = None
    marks: str = "both"
    images: bool = True
    image_size: int = 512
    source: str = "textbook"

    def validate(self) -> TextbookConfig:
        if self.task not in TASKS:
            raise TextbookError(f"task must be one of {', '.join(TASKS)}, not {self.task!r}")
        if self.marks not in MARKS:
            raise TextbookError(f"marks must be one of {', '.join(MARKS)}")
        if self.from_dir is not None:
            folder_problems(self.from_dir)
        if not 64 <= self.image_size <= 4096:
            raise TextbookError("image size must be between 64 and 4096 pixels")
        return self

    def as_dict(self) -> dict:
        return {"kind": "perception", **asdict(self)}

    def with_(self, **kw) -> TextbookConfig:
        return replace(self, **kw)

    @property
    def group(self) -> int:
        """Records a figure: 1 (a choice), 2 (twins), 4 (twins, without and with marks)."""
        if self.task in CHOICES:
            return 1
        return 4 if self.task in MARKED and self.marks == "both" else 2

    def make_record(self, seed, part: str, index: int, tally, exclude=frozenset()):
        return make_record(self, seed, part, index, tally, exclude)


def _figure(cfg: TextbookConfig, seed, part: str, k: int) -> TextbookFigure:
    needs_circle = cfg.task in CIRCLE_TASKS
    if cfg.from_dir is None:
        return default_figure(seed, part, k, needs_circle)
    files = folder_problems(cfg.from_dir)
    name, text = files[random.Random(f"{seed}:{part}:file:{k}").randrange(len(files))]
    fig = problem_figure(text, name)
    if needs_circle and not fig.scene["circles"]:
        raise Unbuildable("no circle")
    return fig


def _question(cfg: TextbookConfig, fig: TextbookFigure, slot: int, rng: random.Random):
    task = cfg.task
    sc = scene_from_dict(fig.scene)
    if task in CHOICES:
        want = CHOICES[task][slot % len(CHOICES[task])]
        from .geomverse import candidates

        found = candidates(task, sc, want, None, MARGIN * 0.9)
        if not found:
            raise Unbuildable(f"no {task} question with answer {want}")
        return Question(task, rng.choice(sorted(found)), want)
    want = slot % 2 == 0
    if task in RELATIONS:
        found = relation_candidates(task, fig.scene, sc, want)
        if not found:
            raise Unbuildable(f"no {task} question with answer {want}")
        return RelationQuestion(task, rng.choice(sorted(found)), want)
    if task == "diameter":
        sub = ("diameter", "radius")[(slot // 2) % 2]
        found = diameter_candidates(fig.scene, sc, sub, want)
        if not found:
            raise Unbuildable(f"no {sub} question with answer {want}")
        return Question(task, rng.choice(sorted(found)), want, sub)
    misses = NEAR_MISSES[task]
    miss = None if want else misses[(slot // 2) % len(misses)]
    from .geomverse import candidates

    for kind in ([miss] + [m for m in misses if m != miss]) if miss else [None]:
        found = candidates(task, sc, want, kind, MARGIN * 0.9)
        if found:
            return Question(task, rng.choice(sorted(found)), want, miss=kind or "")
    raise Unbuildable(f"no {task} question with answer {want}")


def derive_relation(q: RelationQuestion, scene: dict, negated: bool) -> tuple[bool, float | None, str]:
    """The label by the claim checker, on the exact scene and on the text version's coordinates;
    ``sets.Mislabel`` unless the claim and its negation agree with the construction."""
    for sc, tol in ((scene_from_dict(scene), None), (scene_from_dict(sets.rounded(scene)), ROUNDED_TOL)):
        plain, neg = check_claim(sc, q.claim(), tol), check_claim(sc, q.claim(negated=True), tol)
        if plain.truth is not q.target or neg.truth is q.target:
            raise sets.Mislabel(f"{q.claim()!r} judged {plain.truth}, its negation {neg.truth}; built {q.target}")
    v = check_claim(scene_from_dict(scene), q.claim(negated=negated))
    return v.truth, v.measured, q.claim(negated=negated)


def make_record(cfg: TextbookConfig, seed, part: str, index: int, tally, exclude=frozenset()):
    """Record ``index`` of ``part``: records of one figure are consecutive (``cfg.group``), the odd
    ones negated, the second pair of a group of four drawn with the figure's marks."""
    group = cfg.group
    figure_index, r = divmod(index, group)
    negated = group > 1 and r % 2 == 1
    with_marks = cfg.task in MARKED and (cfg.marks == "with" or (cfg.marks == "both" and r >= 2))
    rng = random.Random(f"{seed}:{part}:{figure_index}")
    for attempt in range(MAX_ATTEMPTS):
        try:
            fig = _figure(cfg, seed, part, figure_index * MAX_ATTEMPTS + attempt)
            q = _question(cfg, fig, figure_index, rng)
            if isinstance(q, RelationQuestion):
                answer, measured, claim = derive_relation(q, fig.scene, negated)
            else:
                answer, measured, claim = sets.derive(q, fig.scene, negated)
        except Unbuildable as e:
            tally.rejected[f"unreadable figure or no question ({str(e).split(':')[0]})"] += 1
            continue
        except sets.Mislabel:
            tally.rejected["label not proved (near an edge)"] += 1
            continue
        h = hashlib.sha1((str(fig.scene) + claim + str(with_marks)).encode()).hexdigest()[:16]
        if h in exclude:
            tally.duplicates += 1
            continue
        return _record(cfg, seed, part, index, figure_index, negated, with_marks, q, fig, answer, measured,
                       claim, h)
    where = f" from the {len(folder_problems(cfg.from_dir))} problems of {cfg.from_dir} (a larger folder may have " \
            "one)" if cfg.from_dir else ""
    raise TextbookError(f"no {cfg.task} question proved for {part} #{index} in {MAX_ATTEMPTS} draws{where}")


def _record(cfg, seed, part, index, figure_index, negated, with_marks, q, fig, answer, measured, claim, h):
    marks = figure_marks(fig.scene) if with_marks else None
    png = None
    if cfg.images:
        sc = scene_from_dict(fig.scene)
        if marks is not None:
            from geomill.render.plain_marks import render_marked_png

            png = (render_marked_png(sc, marks, cfg.image_size), sets.plain_labels(sc, cfg.image_size))
        else:
            from geomill.render.plain import render_png

            png = (render_png(sc, cfg.image_size), sets.plain_labels(sc, cfg.image_size))
    base = sets.PerceptionConfig(task=q.task if q.task in sets.TASKS else "triangle", images=cfg.images,
                                 image_size=cfg.image_size)
    record, files = sets._record(base, seed, part, index, figure_index, negated, q, fig.scene, answer, measured,
                                 claim, h, png)
    if cfg.group == 4:
        record["twin"] = f"{part}-{index ^ 1:07d}"
    record.update({
        "knobs": cfg.as_dict(), "task": cfg.task, "source": "textbook",
        "family": "geoperception" if cfg.task in RELATIONS else "visonlyqa",
        "marked": with_marks if cfg.task in MARKED else None,
        "marks": marks, "claim_marked": claim_marked(marks, q) if marks is not None else None,
        "problem": fig.problem, "figure": fig.origin,
        "margin": margin(q, fig.scene),
    })
    return record, files


def margin(q, scene: dict) -> float | None:
    """How far the figure's value lies from the claim's decision (a share of the figure for incidence,
    degrees for directions, a share of the smaller for lengths and angles); None for a choice."""
    sc = scene_from_dict(scene)
    if not isinstance(q, RelationQuestion):
        return None
    v = check_claim(sc, q.claim())
    t = q.task
    if t in ("on_line", "on_circle"):
        return round(v.measured / _extent(sc), 6)
    if t == "perpendicular":
        return round(abs(90 - v.measured), 6)
    if t == "parallel":
        return round(v.measured, 6)
    return round(max(v.measured, 1 / v.measured) - 1, 6)


# -- presets ---------------------------------------------------------------------------------------------


def preset(name: str, scale: float = 1.0, images: bool = True, image_size: int = 512,
           from_dir: str | None = None, marks: str = "both") -> list:
    """``textbook``: every task, 100 questions each (VisOnlyQA's Eval-Real size), Geoperception's
    seven relations and VisOnlyQA's six real-figure tasks."""
    from geomill.dataset.records import Part

    if name != "textbook":
        raise TextbookError(f"unknown textbook preset {name!r}: textbook")
    parts = []
    for t in TASKS:
        cfg = TextbookConfig(task=t, from_dir=from_dir, marks=marks, images=images, image_size=image_size).validate()
        g = max(cfg.group, 1)
        n = max(g, g * int(round(100 * scale / g)))
        parts.append(Part(f"textbook-{t}", "test", n, cfg))
    return parts
