"""A classical perceiver: answers perception questions from the PNG alone, as a baseline for models.

It reads the figure the way a person would, with plain image processing (scikit-image, the
optional ``[perceiver]`` extra):

* point letters by template matching against the renderer's own glyphs (``render.plain.glyph``),
  only for the letters the question names;
* points as the dots left after a morphological opening removes strokes and letters, each letter
  given the dot nearest to where the renderer puts letters (``LABEL_GAP`` from its point);
* strokes by sampling ink along the segment between two found points (a segment is drawn when
  nearly all of it is inked), circles by a circular Hough transform;

then rebuilds a scene in pixel coordinates (points on a found circle or on a common stroke
snapped onto it, as the eye would) and answers with the claim checker: True/False claims
directly, numeric questions by the option nearest to the measured value.  It never sees the
record's scene.
"""
from __future__ import annotations

import io
import math
import re
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path

import numpy as np
from geomill.engine.errors import GeomillError
from geomill.render.claims import check_claim
from geomill.render.plain import DOT_PX, LABEL_GAP, glyph
from geomill.render.scene_io import scene_from_dict

from ..types import Image, Request, Response

MATCH = 0.5  # normalised cross-correlation a letter must reach
INKED = 0.93  # share of a segment's samples that must be inked for it to count as drawn
SNAP_PX = 3.0  # a point this close to a circle or a stroke is on it
OPTION_RE = re.compile(r"^\(([a-e])\) (\S+)", re.MULTILINE)


def _need():
    try:
        from skimage import feature, morphology, transform
    except ImportError as e:  # pragma: no cover - the optional extra
        raise GeomillError("the perceiver needs scikit-image: pip install 'geomill[perceiver]'") from e
    return feature, morphology, transform


def read_png(png: bytes) -> np.ndarray:
    """Ink in 0..1 (rows top down)."""
    from PIL import Image as PILImage

    gray = np.asarray(PILImage.open(io.BytesIO(png)).convert("L"), dtype=float) / 255.0
    return 1.0 - gray


class Figure:
    """What the perceiver found in one image."""

    def __init__(self, ink: np.ndarray):
        from scipy import ndimage

        feature, morphology, _ = _need()
        self.ink = ink
        self.h, self.w = ink.shape
        opened = ndimage.binary_opening(ink > 0.5, morphology.disk(2))
        labels, n = ndimage.label(opened)
        blobs = ndimage.center_of_mass(opened, labels, range(1, n + 1)) if n else []
        self.dots = [self._centre(x, y) for y, x in blobs]
        self._points: dict[str, tuple[float, float]] = {}
        self._feature = feature

    def _centre(self, x: float, y: float) -> tuple[float, float]:
        """A dot's centre: where a disk of the dot's size is inked and the ring around it is not
        (a blob's centroid leans into the wedges of the strokes that meet at the dot)."""
        yy, xx = np.mgrid[-7:8, -7:8]
        r = np.hypot(yy, xx)
        kernel = np.where(r <= DOT_PX, 1.0, np.where((r >= DOT_PX + 1.5) & (r <= DOT_PX + 3.5), -0.6, 0.0))
        best, where = -np.inf, (x, y)
        for dy in range(-4, 5):
            for dx in range(-4, 5):
                cx, cy = int(round(x)) + dx, int(round(y)) + dy
                if 7 <= cx < self.w - 7 and 7 <= cy < self.h - 7:
                    v = float(np.sum(self.ink[cy - 7:cy + 8, cx - 7:cx + 8] * kernel))
                    if v > best:
                        best, where = v, (cx + 0.5, cy + 0.5)
        return where

    def point(self, letter: str) -> tuple[float, float] | None:
        """The dot of ``letter`` (pixel x, y down), or None if the letter is not seen."""
        if letter in self._points:
            return self._points[letter]
        g = glyph(letter)
        score = self._feature.match_template(self.ink, g, pad_input=True)
        peaks = self._feature.peak_local_max(score, min_distance=4, threshold_abs=MATCH, num_peaks=6)
        found, best_score = None, -1.0
        for y, x in peaks:  # the best-matching place with a dot where the renderer puts it
            centre = (float(x), float(y))
            dot = min(self.dots, key=lambda d: abs(math.dist(d, centre) - LABEL_GAP), default=None)
            if dot is not None and abs(math.dist(dot, centre) - LABEL_GAP) < LABEL_GAP * 0.5 \
                    and score[y, x] > best_score:
                found, best_score = dot, float(score[y, x])
        self._points[letter] = found
        return found

    def inked(self, a, b) -> bool:
        length = math.dist(a, b)
        n = max(2, int(length))
        ts = np.linspace(0, 1, n)
        xs = a[0] + ts * (b[0] - a[0])
        ys = a[1] + ts * (b[1] - a[1])
        keep = (ts * length > 5) & ((1 - ts) * length > 5)
        if not keep.any():
            return True
        xi = np.clip(np.round(xs[keep] - 0.5).astype(int), 2, self.w - 3)
        yi = np.clip(np.round(ys[keep] - 0.5).astype(int), 2, self.h - 3)
        near = np.max([self.ink[yi + dy, xi + dx] for dy in range(-2, 3) for dx in range(-2, 3)], axis=0)
        return float(np.mean(near > 0.4)) >= INKED

    def circles(self) -> list[tuple[tuple[float, float], float]]:
        """Circles by the circular Hough transform on the stroke pixels at half resolution, each
        then fitted at full resolution (centre and radius within 2 px) to the ink it covers best."""
        _, _, transform = _need()
        half = self.ink[::2, ::2]
        edges = self._feature.canny(half, sigma=1.0)
        radii = np.arange(15, int(min(half.shape) * 0.5), 1)
        acc = transform.hough_circle(edges, radii)
        _, cx, cy, rad = transform.hough_circle_peaks(acc, radii, total_num_peaks=3, min_xdistance=5,
                                                      min_ydistance=5, threshold=0.45 * acc.max())
        found = []
        for x, y, r in zip(cx, cy, rad):
            (cover, _), x, y, r = max(((self._on_ink(2 * x + dx, 2 * y + dy, 2 * r + dr)), 2 * x + dx, 2 * y + dy,
                                       2 * r + dr) for dx in range(-2, 3) for dy in range(-2, 3) for dr in range(-2, 3))
            if cover > 0.9 and not any(math.dist((x, y), c) < 6 and abs(r - s) < 6 for c, s in found):
                found.append(((float(x) + 0.5, float(y) + 0.5), float(r)))
        return found

    def _on_ink(self, x: float, y: float, r: float) -> tuple[float, float]:
        """The share of a circle's points within a pixel of ink, and the mean ink exactly on it."""
        ts = np.linspace(0, 2 * np.pi, 360, endpoint=False)
        xi = np.clip(np.round(x + r * np.cos(ts)).astype(int), 1, self.w - 2)
        yi = np.clip(np.round(y + r * np.sin(ts)).astype(int), 1, self.h - 2)
        near = np.max([self.ink[yi + dy, xi + dx] for dy in (-1, 0, 1) for dx in (-1, 0, 1)], axis=0)
        return float(np.mean(near > 0.4)), float(np.mean(self.ink[yi, xi]))


def rebuild(fig: Figure, names: Sequence[str], with_circles: bool = False) -> dict:
    """A scene (import format, y up) of the named points, the strokes between them and the circles."""
    pts = {n: fig.point(n) for n in names}
    missing = [n for n, p in pts.items() if p is None]
    if missing:
        raise GeomillError(f"cannot find point {', '.join(missing)} in the image")
    circles = fig.circles() if with_circles else []
    for (c, r) in circles:  # the eye puts a point that touches a circle on it, and a centre dot at the centre
        for n, p in pts.items():
            d = math.dist(p, c)
            if d <= SNAP_PX:
                pts[n] = c
            elif abs(d - r) <= SNAP_PX:
                pts[n] = (c[0] + (p[0] - c[0]) * r / d, c[1] + (p[1] - c[1]) * r / d)
    names = list(pts)
    drawn = [(a, b) for i, a in enumerate(names) for b in names[i + 1:] if fig.inked(pts[a], pts[b])]
    lines = []
    for a, b in drawn:  # a stroke through a third named point lists it (three points on one line), snapped onto it
        on = [n for n in names if n not in (a, b) and _off(pts[n], pts[a], pts[b]) <= SNAP_PX]
        for n in on:
            pts[n] = _foot(pts[n], pts[a], pts[b])
        lines.append([a, *on, b])
    return {"points": {n: [p[0], fig.h - p[1]] for n, p in pts.items()},
            "lines": [ln for ln in lines if len(ln) >= 2],
            "circles": [{"centre": [c[0], fig.h - c[1]], "radius": r} for c, r in circles]}


def _foot(p, a, b) -> tuple[float, float]:
    vx, vy = b[0] - a[0], b[1] - a[1]
    t = ((p[0] - a[0]) * vx + (p[1] - a[1]) * vy) / (vx * vx + vy * vy)
    return a[0] + t * vx, a[1] + t * vy


def _off(p, a, b) -> float:
    vx, vy = b[0] - a[0], b[1] - a[1]
    n2 = vx * vx + vy * vy
    t = ((p[0] - a[0]) * vx + (p[1] - a[1]) * vy) / n2
    if not 0 < t < 1:
        return math.inf
    return math.hypot(p[0] - a[0] - t * vx, p[1] - a[1] - t * vy)


# -- questions ----------------------------------------------------------------------------------------------

_TF = (
    (re.compile(r"There is (a|no) (triangle|quadrilateral) (\S+) in the figure"),
     lambda m: (f"there is a {m[2]} {m[3]}", m[1] == "no", m[3])),
    (re.compile(r"(\S+) is (not )?a (diameter|radius) of a circle"),
     lambda m: (f"{m[1]} is a {m[3]} of a circle", bool(m[2]), m[1])),
    (re.compile(r"Line (\S+) and line (\S+) (do not )?intersect"),
     lambda m: (f"{m[1]} and {m[2]} intersect", bool(m[3]), m[1] + m[2])),
    # Geoperception's relations (``perception.textbook``), judged in pixels with the eye's tolerances
    (re.compile(r"Point (\S+) (lies|does not lie) on line (\S+?)\."),
     lambda m: (f"{m[1]} lies on line {m[3]}", m[2] != "lies", m[1] + m[3]), {"units": SNAP_PX + 1}),
    (re.compile(r"Point (\S+) (lies|does not lie) on the circle with centre (\S+?)\."),
     lambda m: (f"{m[1]} lies on circle {m[3]}", m[2] != "lies", m[1] + m[3]), {"units": SNAP_PX + 1}),
    (re.compile(r"Line (\S+) is (not )?(perpendicular|parallel) to line (\S+?)\."),
     lambda m: (f"{m[1]} is {m[3]} to {m[4]}", bool(m[2]), m[1] + m[4]), {"degrees": 2.0}),
    (re.compile(r"Segment (\S+) is (not )?equal in length to segment (\S+?)\."),
     lambda m: (f"{m[1]} = {m[3]}", bool(m[2]), m[1] + m[3]), {"ratio": 0.025}),
    (re.compile(r"Segment (\S+) is (not )?longer than segment (\S+?)\."),
     lambda m: (f"{m[1]} is longer than {m[3]}", bool(m[2]), m[1] + m[3]), None),
    (re.compile(r"Angle (\S+) is (not )?larger than angle (\S+?)\."),
     lambda m: (f"angle {m[1]} is larger than angle {m[3]}", bool(m[2]), m[1] + m[3]), None),
)
_NUMERIC = (
    (re.compile(r"Line (\S+) is X times longer than line (\S+?)\."), lambda m: (f"{m[1]} : {m[2]} = 1", m[1] + m[2])),
    (re.compile(r"size of the angle (\S+) in the figure"), lambda m: (f"angle {m[1]} = 90", m[1])),
    (re.compile(r"(\S+) is X times larger in area than (\S+?)\."),
     lambda m: (f"area {m[1]} : area {m[2]} = 1", m[1] + m[2])),
)


def _letters(text: str) -> list[str]:
    return re.findall(r"[A-Z][0-9]*'*", text)


def answer(png: bytes, question: str) -> str:
    """The perceiver's answer: "True"/"False", or "(x) option" for a numeric question."""
    fig = Figure(read_png(png))
    for pattern, claim_of, *tolerance in _TF:
        m = pattern.search(question)
        if m:
            claim, negated, names = claim_of(m)
            circle = "circle" in claim
            scene = scene_from_dict(rebuild(fig, list(dict.fromkeys(_letters(names))), with_circles=circle))
            tol = tolerance[0] if tolerance else SNAP_PX if circle else None
            return str(check_claim(scene, claim, tol).truth is not negated)
    for pattern, claim_of in _NUMERIC:
        m = pattern.search(question)
        if m:
            claim, names = claim_of(m)
            measured = check_claim(scene_from_dict(rebuild(fig, _letters(names))), claim).measured
            options = OPTION_RE.findall(question)
            if not options or measured is None:
                break
            near = min(options, key=lambda o: abs(math.log(max(measured, 1e-9) / float(o[1])))
                       if "angle" not in claim else abs(measured - float(o[1])))
            return f"({near[0]}) {near[1]}" + (" degrees" if "angle" in claim else "")
    raise GeomillError("not a perception question the perceiver knows")


class PerceiverBackend:
    """The perceiver as an evaluation backend (``evaluate.types.Backend``): the answer text for each
    request's last user message (its image and question text)."""

    name = "perceiver"

    def generate(self, requests: Sequence[Request]) -> Iterator[Response]:
        for req in requests:
            t0 = time.perf_counter()
            user = [m for m in req.messages if m.role == "user"][-1]
            png = next((c.png for c in user.content if isinstance(c, Image)), None)
            text = "\n".join(c for c in user.content if isinstance(c, str))
            try:
                if png is None:
                    raise GeomillError("no image in the request")
                yield Response(req.id, answer(png, text), time.perf_counter() - t0)
            except (GeomillError, ValueError, ZeroDivisionError) as e:
                yield Response(req.id, "", time.perf_counter() - t0, error=str(e))

    def close(self) -> None:
        pass


def make(opts) -> PerceiverBackend:
    """The registry's factory (``geomill eval --backend perceiver``): it needs no options."""
    _need()
    return PerceiverBackend()


def score_folder(out: str | Path, progress: bool = False) -> dict:
    """Accuracy per task of the perceiver on a ``geomill perceive`` folder (every part); ``progress``:
    a bar on stderr, one step per question."""
    from geomill.dataset.folder import open_dataset, read_image
    from tqdm import tqdm

    from ..types import Message

    dataset = open_dataset(out, "perception", "the perceiver")
    right: Counter = Counter()
    total: Counter = Counter()
    failed: Counter = Counter()
    backend = PerceiverBackend()
    records_of = [(part, [r for r in dataset.records(part) if r.image]) for part in dataset.parts]
    bar = tqdm(total=sum(len(records) for _, records in records_of), unit="question", file=sys.stderr,
               disable=not progress)
    for part, records in records_of:
        reqs = [Request(r.id, (Message("user", (Image(read_image(part, r)), r.question)),)) for r in records]
        by_id = {r.id: r for r in records}
        for resp in backend.generate(reqs):
            bar.update(1)
            r = by_id[resp.id]
            key = f"{part.name}" if part.name == r["task"] else f"{r['task']} ({part.name})"
            total[key] += 1
            if resp.error:
                failed[key] += 1
                continue
            gold = str(r["answer"]) if r["response_type"] == "truefalse" else f"({r['answer']})"
            right[key] += resp.text.startswith(gold)
    bar.close()
    return {k: {"n": total[k], "accuracy": right[k] / total[k], "unreadable": failed[k]} for k in sorted(total)}


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m geomill.evaluate.backends.perceiver DIR``: the perceiver's accuracy per task."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print("usage: python -m geomill.evaluate.backends.perceiver DIR", file=sys.stderr)
        return 2
    for task, s in score_folder(args[0], progress=True).items():
        print(f"{task:<28} {s['accuracy']:6.1%}  (n={s['n']}, unreadable {s['unreadable']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
