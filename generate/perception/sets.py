"""VisOnlyQA-style perception questions on figures, provably labelled.

A record asks one question about one figure: is there a triangle / quadrilateral, how many times
longer is one segment than another, how large is an angle, how many times larger is one area,
is a segment a diameter (or radius) of a circle, do two segments intersect.  The figure is built
for the question (``construct``: the question's structure, then random AlphaGeometry-style steps
up to the asked number of lines), drawn plain black with point letters (``render.plain``).

Bias controls (VisOnlyQA §3.3): the answer value cycles with the index, so labels are balanced
per value; options are shuffled by seed, the right one's letter cycling so letters are balanced
too; every True/False question is also asked negated (the odd index of each pair, on the same
figure); a numeric question's figure value lies within
``MARGIN`` of its band around the right option (ratio within ±5 % of a ±10 % band, angle within
±2.5° of a ±5° band), so exactly one option is right and no value sits on a band edge.

Every label is re-derived before it is written: the scene as written in the record is read back
(``render.scene_io``), the claim checker judges every option (exactly one true, still true at half
the band) or the statement and its negation (opposite truths), on the exact coordinates and on the
coordinates the text version prints.
"""
from __future__ import annotations

import hashlib
import json
import math
import random
from dataclasses import asdict, dataclass

from geomill.engine.errors import GeomillError
from geomill.render.claims import ANGLE_TOL, RATIO_TOL, check_claim
from geomill.render.scene_io import scene_from_dict
from shapely.geometry import LineString

from ..geomverse.config import GENERATOR_VERSION
from .construct import FRAME, Figure, Unbuildable, crossing, polar
from .questions import CHOICES, LABELS, MARGIN, NEAR_MISSES, SCHEMA, TASKS, Question, option_text

GAP = 0.5  # a near miss of the intersect task leaves at least this gap (5 % of the frame)
MIN_LINES = {"triangle": 3, "quadrilateral": 4, "length": 2, "angle": 2, "area": 4, "diameter": 1, "intersect": 2}
MAX_ATTEMPTS = 300
TEXT_DIGITS = 2
SOURCES = ("construction", "geomverse")


class PerceptionError(GeomillError):
    """Knobs that admit no question (a task unknown, too few lines for the task)."""


@dataclass(frozen=True)
class PerceptionConfig:
    """One part's settings: the task, the number of lines (``lines`` = (min, max)), for the length
    task optionally the angle between the two segments (0, 45, 90), and the image."""

    task: str = "triangle"
    lines: tuple[int, int] = (2, 12)
    angle_between: int | None = None
    circles: bool = True
    source: str = "construction"  # or "geomverse": the figures of generated GeomVerse problems
    images: bool = True
    image_size: int = 512

    def validate(self) -> PerceptionConfig:
        if self.task not in TASKS:
            raise PerceptionError(f"task must be one of {', '.join(TASKS)}, not {self.task!r}")
        lo, hi = self.lines
        if not 1 <= lo <= hi <= 12:
            raise PerceptionError("lines must satisfy 1 <= min <= max <= 12")
        if hi < MIN_LINES[self.task]:
            raise PerceptionError(f"the {self.task} task needs at least {MIN_LINES[self.task]} lines")
        if self.angle_between is not None and (self.task != "length" or self.angle_between not in (0, 45, 90)):
            raise PerceptionError("angle_between is 0, 45 or 90, for the length task only")
        if self.source not in SOURCES:
            raise PerceptionError(f"source must be one of {', '.join(SOURCES)}")
        if self.source == "geomverse" and self.task == "diameter":
            raise PerceptionError("the diameter task is asked on constructions only (GeomVerse figures name no centre)")
        if not 64 <= self.image_size <= 4096:
            raise PerceptionError("image size must be between 64 and 4096 pixels")
        return self

    def as_dict(self) -> dict:
        d = asdict(self)
        d["lines"] = list(self.lines)
        return {"kind": "perception", **d}

    def with_(self, **kw) -> PerceptionConfig:
        from dataclasses import replace
        return replace(self, **kw)

    def make_record(self, seed, part: str, index: int, tally, exclude=frozenset()) -> tuple[dict, dict[str, bytes]]:
        return make_record(self, seed, part, index, tally, exclude)


# -- building figures for questions ----------------------------------------------------------------------


def _triangle_xy(fig: Figure, k: int, min_side: float, min_angle: float, spread: float = 3.8):
    """``k`` random points of a convex polygon with every side >= min_side and every angle >= min_angle."""
    rng = fig.rng
    c = (rng.uniform(3.5, 6.5), rng.uniform(3.5, 6.5))
    angles = sorted(rng.uniform(0, 360) for _ in range(k))
    pts = [polar(c, rng.uniform(spread * 0.6, spread), a) for a in angles]
    for i in range(k):
        a, b, d = pts[i - 1], pts[i], pts[(i + 1) % k]
        if math.dist(a, b) < min_side or _angle(a, b, d) < min_angle or _angle(a, b, d) > 180 - min_angle / 2:
            raise Unbuildable("thin polygon")
    return pts


def _angle(a, b, c) -> float:
    v1, v2 = (a[0] - b[0], a[1] - b[1]), (c[0] - b[0], c[1] - b[1])
    cos = (v1[0] * v2[0] + v1[1] * v2[1]) / (math.hypot(*v1) * math.hypot(*v2))
    return math.degrees(math.acos(max(-1.0, min(1.0, cos))))


def _polygon_question(fig: Figure, q_task: str, truth: bool, miss: str) -> Question:
    k = 3 if q_task == "triangle" else 4
    rng = fig.rng
    if not truth and miss == "collinear":
        # k - 1 points of a polygon, one more in the middle of a side: the side's line holds three
        pts = _triangle_xy(fig, k - 1 if k == 4 else 3, 2.2, 30)
        if k == 3:
            a = fig.add_point(pts[0])
            c = fig.add_point(pts[1])
            t = rng.uniform(0.3, 0.7)
            b = fig.add_point((pts[0][0] + t * (pts[1][0] - pts[0][0]), pts[0][1] + t * (pts[1][1] - pts[0][1])))
            fig.add_line(a, c)
            order = [a, b, c]
        else:
            a, c, d = (fig.add_point(p) for p in pts)
            t = rng.uniform(0.3, 0.7)
            b = fig.add_point((pts[0][0] + t * (pts[1][0] - pts[0][0]), pts[0][1] + t * (pts[1][1] - pts[0][1])))
            fig.add_line(a, c)
            fig.add_line(c, d)
            fig.add_line(d, a)
            order = [a, b, c, d]
    else:
        pts = _triangle_xy(fig, k, 2.4, 30 if k == 3 else 45)
        names = [fig.add_point(p) for p in pts]
        sides = list(zip(names, names[1:] + names[:1]))
        if not truth and miss == "crossing":  # the bowtie: two sides and both diagonals
            a, b, c, d = names
            order = [a, c, b, d]
            sides = [(a, c), (c, b), (b, d), (d, a)]
        else:
            order = names
            if not truth:  # missing side
                sides.pop(rng.randrange(len(sides)))
        for s in sides:
            fig.add_line(*s)
    shift = rng.randrange(k)
    order = order[shift:] + order[:shift]
    if rng.random() < 0.5:
        order.reverse()
    return Question(q_task, ("".join(order),), truth, miss="" if truth else miss)


def _segment(fig: Figure, length: float, direction: float | None = None) -> tuple[str, str]:
    rng = fig.rng
    a_xy = fig.random_xy()
    b_xy = polar(a_xy, length, rng.uniform(0, 360) if direction is None else direction)
    a = fig.add_point(a_xy)
    b = fig.add_point(b_xy)
    fig.add_line(a, b)
    return a, b


def _length_question(fig: Figure, value: float, between: int | None) -> Question:
    rng = fig.rng
    big = max(value, 1 / value)
    eps = 1 + rng.uniform(-1, 1) * MARGIN * RATIO_TOL * 0.9
    short = rng.uniform(1.3, min(7.5 / big, 4.0))
    long_ = short * big * eps
    first, second = (long_, short) if value >= 1 else (short * eps, short * big)
    direction = rng.uniform(0, 360)
    a, b = _segment(fig, first, direction)
    turn = rng.uniform(0, 360) if between is None else direction + between * rng.choice((1, -1))
    c, d = _segment(fig, second, turn)
    return Question("length", (a + b, c + d), value, angle_between=between)


def _angle_question(fig: Figure, value: float) -> Question:
    rng = fig.rng
    eps = rng.uniform(-1, 1) * MARGIN * ANGLE_TOL * 0.9
    if value == 180:
        eps = -abs(eps)
    lo, hi = (4.0, 5.5) if value <= 10 else (2.2, 4.5)
    b_xy = (rng.uniform(3, 7), rng.uniform(3, 7))
    phi = rng.uniform(0, 360)
    turn = (value + eps) * rng.choice((1, -1))
    b = fig.add_point(b_xy)
    a = fig.add_point(polar(b_xy, rng.uniform(lo, hi), phi))
    c = fig.add_point(polar(b_xy, rng.uniform(lo, hi), phi + turn))
    fig.add_line(b, a)
    fig.add_line(b, c)
    return Question("angle", (a + b + c,), value)


def _area_question(fig: Figure, value: float) -> Question:
    rng = fig.rng
    r = value * (1 + rng.uniform(-1, 1) * MARGIN * RATIO_TOL * 0.9)
    pts = _triangle_xy(fig, 3, 3.0, 35)
    a, b, c = (fig.add_point(p) for p in pts)
    t = r / (1 + r)
    base = fig.add_line(b, c)
    d = fig.add_point((pts[1][0] + t * (pts[2][0] - pts[1][0]), pts[1][1] + t * (pts[2][1] - pts[1][1])), (base,))
    fig.add_line(a, b)
    fig.add_line(a, c)
    fig.add_line(a, d)
    return Question("area", (a + b + d, a + d + c), value)


def _diameter_question(fig: Figure, sub: str, truth: bool, miss: str) -> Question:
    rng = fig.rng
    radius = rng.uniform(2.2, 3.6)
    o_xy = (rng.uniform(radius + 0.5, FRAME - radius - 0.5), rng.uniform(radius + 0.5, FRAME - radius - 0.5))
    o = fig.add_point(o_xy)
    phi = rng.uniform(0, 360)
    a = fig.add_point(polar(o_xy, radius, phi))
    on = ()
    if sub == "diameter":
        if truth:
            b_xy = polar(o_xy, radius, phi + 180)
        elif miss == "chord":
            b_xy = polar(o_xy, radius, phi + 180 + rng.choice((1, -1)) * rng.uniform(30, 60))
        else:  # through the centre, but stopping inside the circle
            b_xy = polar(o_xy, radius * rng.uniform(0.45, 0.7), phi + 180)
        b = fig.add_point(b_xy, ())
        on = (b,) if truth or miss == "chord" else ()
        fig.add_line(a, b)
        names = (a + b,)
    else:
        if truth:
            fig.add_line(o, a)
            names = (o + a,)
        elif miss == "chord":  # a chord between two points of the circle
            b = fig.add_point(polar(o_xy, radius, phi + rng.uniform(60, 120)))
            on = (b,)
            fig.add_line(a, b)
            names = (a + b,)
        else:  # from the centre to a point inside
            b = fig.add_point(polar(o_xy, radius * rng.uniform(0.45, 0.7), phi + rng.uniform(60, 300)))
            fig.add_line(o, b)
            names = (o + b,)
    fig.add_circle(o, a, on)
    return Question("diameter", names, truth, sub, "" if truth else miss)


def _intersect_question(fig: Figure, truth: bool, miss: str) -> Question:
    rng = fig.rng
    a, b = _segment(fig, rng.uniform(3.5, 7))
    pa, pb = fig.points[a], fig.points[b]
    t = rng.uniform(0.25, 0.75)
    x = (pa[0] + t * (pb[0] - pa[0]), pa[1] + t * (pb[1] - pa[1]))
    base = math.degrees(math.atan2(pb[1] - pa[1], pb[0] - pa[0]))
    turn = base + rng.choice((1, -1)) * rng.uniform(35, 145)
    length = rng.uniform(3, 6)
    if truth:
        u = rng.uniform(0.25, 0.75)
    else:  # CD points at AB but stops short of it, at either end
        u = rng.uniform(1.2, 1.6) if rng.random() < 0.5 else rng.uniform(-0.6, -0.2)
    c_xy = polar(x, -u * length, turn)
    d_xy = polar(c_xy, length, turn)
    c, d = fig.add_point(c_xy), fig.add_point(d_xy)
    fig.add_line(c, d)
    hit = crossing(pa, pb, c_xy, d_xy)
    if not truth and (hit is None or 0 <= hit[1] <= 1
                      or LineString([pa, pb]).distance(LineString([c_xy, d_xy])) < GAP):
        raise Unbuildable("the near miss meets or nearly does")
    return Question("intersect", (a + b, c + d), truth, miss="" if truth else miss)


def build(cfg: PerceptionConfig, rng: random.Random, slot: int) -> tuple[Figure, Question]:
    """The figure and question of answer slot ``slot`` (which value or truth, which near miss)."""
    task = cfg.task
    lo, hi = cfg.lines
    n_lines = rng.randint(max(lo, MIN_LINES[task]), hi)
    fig = Figure(rng)
    if task in CHOICES:
        value = CHOICES[task][slot % len(CHOICES[task])]
        if task == "length":
            q = _length_question(fig, value, cfg.angle_between)
        elif task == "angle":
            q = _angle_question(fig, value)
        else:
            q = _area_question(fig, value)
    else:
        truth = slot % 2 == 0
        misses = NEAR_MISSES[task]
        miss = misses[(slot // 2) % len(misses)]
        if task in ("triangle", "quadrilateral"):
            q = _polygon_question(fig, task, truth, miss)
        elif task == "diameter":
            sub = ("diameter", "radius")[(slot // (2 * len(misses))) % 2]
            q = _diameter_question(fig, sub, truth, miss)
        else:
            q = _intersect_question(fig, truth, miss)
    if len(fig.lines) > n_lines:
        raise Unbuildable("the question takes more lines than drawn")
    fig.fill(n_lines, circles=cfg.circles and task != "diameter")
    return fig, q


# -- proving the label -----------------------------------------------------------------------------------


class Mislabel(Exception):
    """The checker disagrees with the construction: the draw is rejected (a near-edge or spoilt figure)."""


def rounded(scene: dict, digits: int = TEXT_DIGITS) -> dict:
    """The scene as the text version prints it."""
    out = {"points": {k: [round(x, digits), round(y, digits)] for k, (x, y) in scene["points"].items()},
           "lines": scene["lines"],
           "circles": [{"centre": [round(v, digits) for v in c["centre"]], "radius": round(c["radius"], digits)}
                       for c in scene["circles"]]}
    if scene.get("arcs"):
        out["arcs"] = [{**a, "centre": [round(v, digits) for v in a["centre"]], "radius": round(a["radius"], digits),
                        "start": round(a["start"], 1), "end": round(a["end"], 1)} for a in scene["arcs"]]
    return out


def derive(q: Question, scene_dict: dict, negated: bool) -> tuple[object, float | None, str]:
    """The answer recomputed by the claim checker from the scene as written (and as the text prints it):
    (answer value, measured, claim).  Raises ``Mislabel`` unless it agrees with the construction."""
    scenes = [scene_from_dict(scene_dict), scene_from_dict(rounded(scene_dict))]
    if q.task in CHOICES:
        band = RATIO_TOL if q.task != "angle" else ANGLE_TOL
        for sc in scenes:
            verdicts = {v: check_claim(sc, q.claim(v)) for v in CHOICES[q.task]}
            right = [v for v, verdict in verdicts.items() if verdict.truth]
            if right != [q.target]:
                raise Mislabel(f"options judged true: {right}, built for {q.target}")
            if not check_claim(sc, q.claim(q.target), band * MARGIN).truth:
                raise Mislabel("the value lies near its band's edge")
        return q.target, verdicts[q.target].measured, q.claim(q.target)
    for sc in scenes:
        plain, neg = check_claim(sc, q.claim()), check_claim(sc, q.claim(negated=True))
        if plain.truth is not q.target or neg.truth is q.target:
            raise Mislabel(f"{q.claim()!r} judged {plain.truth}, its negation {neg.truth}; built {q.target}")
    v = check_claim(scenes[0], q.claim(negated=negated))
    return v.truth, v.measured, q.claim(negated=negated)


# -- records ---------------------------------------------------------------------------------------------


def text_version(scene: dict, question: str) -> str:
    """VisOnlyQA's synthetic-with-text: the figure's metadata, then the question."""
    pts = ", ".join(f"{k} ({x:.{TEXT_DIGITS}f}, {y:.{TEXT_DIGITS}f})" for k, (x, y) in scene["points"].items())
    lines = "; ".join("-".join(ln) for ln in scene["lines"]) or "none"
    parts = [f"The figure shows points {pts}.", f"Lines (each drawn from its first to its last point): {lines}."]
    if scene["circles"]:
        d = TEXT_DIGITS
        parts.append("Circles: " + "; ".join(f"centre ({c['centre'][0]:.{d}f}, {c['centre'][1]:.{d}f}), "
                                               f"radius {c['radius']:.{d}f}" for c in scene["circles"]) + ".")
    if scene.get("arcs"):
        d = TEXT_DIGITS
        parts.append("Arcs (counter-clockwise): " + "; ".join(
            f"centre ({a['centre'][0]:.{d}f}, {a['centre'][1]:.{d}f}), radius {a['radius']:.{d}f}, "
            f"from {a['start']:.1f}° to {a['end']:.1f}°" for a in scene["arcs"]) + ".")
    return " ".join(parts) + "\n\n" + question


def make_record(cfg: PerceptionConfig, seed, part: str, index: int, tally, exclude=frozenset()):
    """Record ``index`` of ``part``; a True/False pair (2k, 2k + 1) shares its figure, the odd one negated."""
    twin = cfg.task not in CHOICES
    figure_index = index // 2 if twin else index
    negated = twin and index % 2 == 1
    rng = random.Random(f"{seed}:{part}:{figure_index}")
    for attempt in range(MAX_ATTEMPTS):
        try:
            png = None
            if cfg.source == "geomverse":
                from .geomverse import question

                scene, q, png = question(cfg, seed, part, figure_index, figure_index, attempt, rng)
            else:
                fig, q = build(cfg, rng, figure_index)
                scene = fig.as_dict()
            answer, measured, claim = derive(q, scene, negated)
        except Unbuildable as e:
            tally.rejected[f"unreadable figure ({str(e).split(':')[0]})"] += 1
            continue
        except Mislabel:
            tally.rejected["label not proved (near an edge or spoilt by a later step)"] += 1
            continue
        h = hashlib.sha1((str(scene) + claim).encode()).hexdigest()[:16]
        if h in exclude:
            tally.duplicates += 1
            continue
        return _record(cfg, seed, part, index, figure_index, negated, q, scene, answer, measured, claim, h, png)
    raise PerceptionError(f"no {cfg.task} question proved for {part} #{index} in {MAX_ATTEMPTS} draws")


def _record(cfg, seed, part, index, figure_index, negated, q, scene, answer, measured, claim, h, png):
    rid = f"{part}-{index:07d}"
    wording = q.wording(negated)
    if q.task in CHOICES:
        # the other options shuffled by seed; the right one's letter cycles (every letter equally often)
        values = [v for v in CHOICES[q.task] if v != answer]
        random.Random(f"{seed}:{part}:{index}:options").shuffle(values)
        k = len(CHOICES[q.task])
        values.insert((index + index // k) % k, answer)  # letters balanced every k records, each value on each
        options = {LABELS[i]: option_text(q.task, v) for i, v in enumerate(values)}
        label = LABELS[values.index(answer)]
        question = wording + "\n" + "\n".join(f"({k}) {v}" for k, v in options.items())
        rtype, gold, solution = "choice", label, f"({label}) {options[label]}"
    else:
        options, question, rtype, gold, solution = None, wording, "truefalse", bool(answer), str(bool(answer))
    labels = None
    if isinstance(png, tuple):  # a GeomVerse figure, with its label export
        png, labels = png
    if cfg.images and png is None:
        from geomill.render.plain import render_png

        sc = scene_from_dict(scene)
        png, labels = render_png(sc, cfg.image_size), plain_labels(sc, cfg.image_size)
    text = text_version(scene, question)
    record = {
        "schema": SCHEMA, "id": rid, "part": part, "index": index, "seed": f"{seed}:{part}:{figure_index}",
        "generator": f"geomill.perceive {GENERATOR_VERSION}", "knobs": cfg.as_dict(), "task": q.task,
        "question": question, "question_text_only": text, "options": options, "answer": gold,
        "response_type": rtype, "solution": solution, "solution_text_only": solution,
        "image": f"images/{rid}.png" if png is not None else None,
        "labels": f"images/{rid}.labels.json" if png is not None else None, "scene": scene, "claim": claim,
        "measured": measured, "negated": negated, "near_miss": q.miss or None, "asks": q.sub or None,
        "twin": (f"{part}-{index ^ 1:07d}" if q.task not in CHOICES else None),
        "angle_between": q.angle_between, "n_lines": len(scene["lines"]), "n_points": len(scene["points"]),
        "n_circles": len(scene["circles"]), "source": cfg.source, "solution_hash": h,
        "verified": {"checker": True, "negation": q.task not in CHOICES, "text_coordinates": True},
    }
    if png is None:
        return record, {}
    export = json.dumps(labels, ensure_ascii=False, separators=(",", ":")).encode()
    return record, {record["image"]: png, record["labels"]: export}


def plain_labels(sc, size: int) -> dict:
    """The label export of a plain figure (``render.plain``), in the format of
    ``render.attribution.figure_labels``: pixels, origin top left, y down; each point's letter with
    its box (the letter's own glyph, centred where the figure puts it)."""
    from geomill.render.plain import glyph, label_positions, to_pixels

    def down(x: float, y: float) -> list[float]:
        return [round(x, 2), round(size - y, 2)]

    px = to_pixels(sc, size)
    labels = []
    for name, (x, y) in sorted(label_positions(sc, size).items()):
        h, w = glyph(name).shape
        labels.append({"text": name, "element": f"point {name}",
                       "bbox": [*down(x - w / 2, y + h / 2), *down(x + w / 2, y - h / 2)], "leader": None})
    return {"size": [size, size], "points": {n: down(*p) for n, p in sorted(px.items())},
            "segments": [[a, b] for a, b in sc.segments], "shapes": [], "labels": labels, "angle_marks": [],
            "heights": []}


# -- presets ---------------------------------------------------------------------------------------------

EVAL_TASKS = ("triangle", "quadrilateral", "length", "angle", "area")  # VisOnlyQA's Eval-Synthetic geometry


def preset(name: str, scale: float = 1.0, images: bool = True, image_size: int = 512) -> list:
    """Parts of a perception preset.

    ``eval-synthetic``: VisOnlyQA-Eval-Synthetic's five geometry tasks, 100 each (Table 2);
    ``analysis``: its analysis sets (Table 3), 50 each: triangle on 3–6 lines, length and angle
    on 2–6 lines, length with 0°, 45°, 90° between the segments; ``extra``: diameter/radius and
    intersection, 100 each; ``geomverse``: five tasks on GeomVerse problems' figures;
    ``train``: the five tasks at 10k each (VisOnlyQA-Train)."""
    from geomill.dataset.records import Part

    def n(k: int) -> int:
        return max(2, 2 * int(round(k * scale / 2)))  # even: True/False questions come in pairs

    def cfg(**kw) -> PerceptionConfig:
        return PerceptionConfig(images=images, image_size=image_size, **kw).validate()

    if name == "eval-synthetic":
        return [Part(t, "test", n(100), cfg(task=t)) for t in EVAL_TASKS]
    if name == "analysis":
        parts = [Part(f"triangle-lines{k}", "test", n(50), cfg(task="triangle", lines=(k, k))) for k in range(3, 7)]
        for task in ("length", "angle"):
            parts += [Part(f"{task}-lines{k}", "test", n(50), cfg(task=task, lines=(k, k))) for k in range(2, 7)]
        parts += [Part(f"length-angle{a}", "test", n(50), cfg(task="length", angle_between=a)) for a in (0, 45, 90)]
        return parts
    if name == "extra":
        return [Part(t, "test", n(100), cfg(task=t)) for t in ("diameter", "intersect")]
    if name == "geomverse":  # area questions are rare on these figures (most draws have none): not in the preset
        return [Part(f"geomverse-{t}", "test", n(100), cfg(task=t, source="geomverse"))
                for t in ("triangle", "quadrilateral", "length", "angle", "intersect")]
    if name == "train":
        return [Part(f"train-{t}", "train", n(10000), cfg(task=t)) for t in EVAL_TASKS]
    raise PerceptionError(f"unknown perception preset {name!r}: {', '.join(PRESETS)}")


PRESETS = ("eval-synthetic", "analysis", "extra", "geomverse", "train")
