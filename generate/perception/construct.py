"""Random figures in the AlphaGeometry style, built step by step: free points, lines through
two points, named intersections, feet of perpendiculars, points on lines, circles about a point
through another.  Every step keeps the figure readable: named points stay apart, and a point
not on a line keeps clear of its stroke (``MIN_SEP``, ``CLEAR``, in a 10 × 10 frame), so what
the metadata says is what the eye sees.  The figure is plain data in ``render.scene_io``'s
import format.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from string import ascii_uppercase

XY = tuple[float, float]
FRAME = 10.0
EDGE = 0.3  # points keep this far inside the frame
MIN_SEP = 0.55  # between named points
CLEAR = 0.35  # a point not on a line, from its stroke; a crossing from a named point
EXACT = 1e-9  # constructed incidences hold to rounding


class Unbuildable(Exception):
    """This draw cannot be completed readably; draw again."""


def _dist_seg(p: XY, a: XY, b: XY) -> tuple[float, float]:
    """(distance from p to segment ab, parameter of the nearest point on the infinite line)."""
    vx, vy = b[0] - a[0], b[1] - a[1]
    n2 = vx * vx + vy * vy
    t = ((p[0] - a[0]) * vx + (p[1] - a[1]) * vy) / n2
    tc = max(0.0, min(1.0, t))
    return math.hypot(p[0] - a[0] - tc * vx, p[1] - a[1] - tc * vy), t


def crossing(a: XY, b: XY, c: XY, d: XY) -> tuple[float, float, XY] | None:
    """Where segments ab and cd's lines meet: (t on ab, u on cd, point), or None if parallel."""
    rx, ry, sx, sy = b[0] - a[0], b[1] - a[1], d[0] - c[0], d[1] - c[1]
    den = rx * sy - ry * sx
    if abs(den) < 1e-12:
        return None
    t = ((c[0] - a[0]) * sy - (c[1] - a[1]) * sx) / den
    u = ((c[0] - a[0]) * ry - (c[1] - a[1]) * rx) / den
    return t, u, (a[0] + t * rx, a[1] + t * ry)


@dataclass
class Figure:
    """Named points, lines (the points on each, any order) and circles (centre name, radius)."""

    rng: random.Random
    points: dict[str, XY] = field(default_factory=dict)
    lines: list[list[str]] = field(default_factory=list)
    circles: list[tuple[str, float]] = field(default_factory=list)

    # -- reading ------------------------------------------------------------------------------------
    def ends(self, line: list[str]) -> tuple[XY, XY]:
        a, b = max(((p, q) for p in line for q in line), key=lambda pq: math.dist(self.points[pq[0]],
                                                                                    self.points[pq[1]]))
        return self.points[a], self.points[b]

    def on_line(self, name: str, line: list[str]) -> bool:
        return name in line

    def share_line(self, a: str, b: str) -> bool:
        return any(a in ln and b in ln for ln in self.lines)

    def as_dict(self) -> dict:
        """The import format, each line's points in order along it, coordinates rounded to 1e-9."""
        lines = []
        for ln in self.lines:
            (ax, ay), (bx, by) = self.ends(ln)
            lines.append(sorted(ln, key=lambda n: (self.points[n][0] - ax) * (bx - ax)
                                + (self.points[n][1] - ay) * (by - ay)))
        return {"points": {k: [round(x, 9), round(y, 9)] for k, (x, y) in self.points.items()},
                "lines": lines,
                "circles": [{"centre": [round(c, 9) for c in self.points[o]], "radius": round(r, 9)}
                            for o, r in self.circles]}

    # -- building ---------------------------------------------------------------------------------
    def fresh_name(self) -> str:
        for n in ascii_uppercase:
            if n not in self.points:
                return n
        raise Unbuildable("out of letters")

    def clear_point(self, xy: XY, lines_on: tuple[int, ...] = ()) -> bool:
        """Is a new point at ``xy`` (on the lines of index ``lines_on``) readable?"""
        if not (EDGE <= xy[0] <= FRAME - EDGE and EDGE <= xy[1] <= FRAME - EDGE):
            return False
        if any(math.dist(xy, p) < MIN_SEP for p in self.points.values()):
            return False
        for i, ln in enumerate(self.lines):
            if i not in lines_on and _dist_seg(xy, *self.ends(ln))[0] < CLEAR:
                return False
        return all(abs(math.dist(xy, self.points[o]) - r) >= CLEAR for o, r in self.circles)

    def add_point(self, xy: XY, lines_on: tuple[int, ...] = ()) -> str:
        if not self.clear_point(xy, lines_on):
            raise Unbuildable("point too close to another element")
        name = self.fresh_name()
        self.points[name] = (float(xy[0]), float(xy[1]))
        for i in lines_on:
            self.lines[i].append(name)
        return name

    def add_line(self, a: str, b: str, name_crossings: bool = False) -> int:
        """Draw the line ab (its stroke from a to b, or beyond to points already on it)."""
        if a == b or self.share_line(a, b):
            raise Unbuildable("line already drawn")
        pa, pb = self.points[a], self.points[b]
        if math.dist(pa, pb) < 2 * MIN_SEP:
            raise Unbuildable("line too short")
        members = [a, b]
        for n, p in self.points.items():
            if n in (a, b):
                continue
            d, t = _dist_seg(p, pa, pb)
            if d <= EXACT * FRAME and 0 < t < 1:
                members.append(n)
            elif d < CLEAR:
                raise Unbuildable("line passes too close to a point")
        for o, r in self.circles:  # a stroke grazing a circle reads as a tangent
            d, _ = _dist_seg(self.points[o], pa, pb)
            if abs(d - r) < CLEAR / 2:
                raise Unbuildable("line grazes a circle")
        for ln in self.lines:  # overlapping collinear strokes hide each other's ends
            qa, qb = self.ends(ln)
            if _dist_seg(qa, pa, pb)[0] < EXACT * FRAME * 10 and _dist_seg(qb, pa, pb)[0] < EXACT * FRAME * 10:
                raise Unbuildable("collinear with a drawn line")
        index = len(self.lines)
        self.lines.append(members)
        self._check_crossings(index, name_crossings)
        return index

    def _check_crossings(self, index: int, name: bool) -> None:
        pa, pb = self.ends(self.lines[index])
        for j, other in enumerate(self.lines[:index]):
            shared = set(other) & set(self.lines[index])
            if shared:
                continue
            qa, qb = self.ends(other)
            hit = crossing(pa, pb, qa, qb)
            if hit is None:
                continue
            t, u, xy = hit
            if not (0 <= t <= 1 and 0 <= u <= 1):
                continue
            near = min((math.dist(xy, p) for p in self.points.values()), default=FRAME)
            if near < CLEAR:
                raise Unbuildable("a crossing next to a named point")
            if name:
                self.add_point(xy, (index, j))

    def add_circle(self, centre: str, through: str, on: tuple[str, ...] = ()) -> None:
        """The circle about ``centre`` through ``through`` (and the points ``on``, placed on it)."""
        r = math.dist(self.points[centre], self.points[through])
        c = self.points[centre]
        if not (c[0] - r >= EDGE and c[1] - r >= EDGE and c[0] + r <= FRAME - EDGE and c[1] + r <= FRAME - EDGE):
            raise Unbuildable("circle leaves the frame")
        for n, p in self.points.items():
            if n != through and n not in on and abs(math.dist(p, c) - r) < CLEAR:
                raise Unbuildable("a point next to the circle")
        self.circles.append((centre, r))

    def random_xy(self) -> XY:
        return (self.rng.uniform(EDGE, FRAME - EDGE), self.rng.uniform(EDGE, FRAME - EDGE))

    # -- the random steps -----------------------------------------------------------------------------
    def step(self, circles: bool = False) -> None:
        """One random construction step that may draw a line; failures raise ``Unbuildable``."""
        rng = self.rng
        ops = ["join", "join", "free", "free", "foot", "on_line", "name_crossing"] + (["circle"] if circles else [])
        op = rng.choice(ops)
        names = sorted(self.points)
        if op == "join" and len(names) >= 2:
            a, b = rng.sample(names, 2)
            self.add_line(a, b, name_crossings=rng.random() < 0.5)
        elif op == "foot" and self.lines and names:
            p = rng.choice(names)
            i = rng.randrange(len(self.lines))
            if p in self.lines[i]:
                raise Unbuildable("point on the line")
            d, t = _dist_seg(self.points[p], *self.ends(self.lines[i]))
            if not 0.15 < t < 0.85:
                raise Unbuildable("foot off the stroke")
            (ax, ay), (bx, by) = self.ends(self.lines[i])
            foot = self.add_point((ax + t * (bx - ax), ay + t * (by - ay)), (i,))
            self.add_line(p, foot)
        elif op == "on_line" and self.lines and names:
            i = rng.randrange(len(self.lines))
            (ax, ay), (bx, by) = self.ends(self.lines[i])
            t = rng.uniform(0.2, 0.8)
            q = self.add_point((ax + t * (bx - ax), ay + t * (by - ay)), (i,))
            self.add_line(q, rng.choice([n for n in names if n not in self.lines[i]] or [q]))
        elif op == "circle" and len(names) >= 2 and len(self.circles) < 2:
            o, a = rng.sample(names, 2)
            self.add_circle(o, a)
        else:  # a free point joined to a point of the figure (or to another free point)
            p = self.add_point(self.random_xy())
            q = rng.choice(names) if names else self.add_point(self.random_xy())
            self.add_line(p, q, name_crossings=rng.random() < 0.5)

    def fill(self, n_lines: int, circles: bool = False, tries: int = 60) -> None:
        """Random steps until the figure has ``n_lines`` lines (each try is undone if it fails)."""
        for _ in range(tries):
            if len(self.lines) >= n_lines:
                break
            saved = (dict(self.points), [list(ln) for ln in self.lines], list(self.circles))
            try:
                self.step(circles)
                if len(self.lines) > n_lines:
                    raise Unbuildable("one line too many")
            except Unbuildable:
                self.points, self.lines, self.circles = saved
        if len(self.lines) != n_lines:
            raise Unbuildable(f"could not reach {n_lines} lines")


def polar(origin: XY, length: float, degrees: float) -> XY:
    t = math.radians(degrees)
    return origin[0] + length * math.cos(t), origin[1] + length * math.sin(t)
