"""The marks of a textbook figure: which relations and equalities call for which mark, and each mark in
pixels.

A relation block declares its marks as data (``engine.relations.Block.marks``); facts add more (two
elements equal: ticks or arcs; an angle of 90: a right-angle square).  Equal segments, equal angles and
parallels are grouped (a square's four sides, a midpoint's halves): each group has its own count of ticks,
arc ticks or arrows.  A mark is drawn where it cannot be taken for another element's: on the longest open
stretch of its segment, a side's value that points split on a dimension line beside it.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import sympy
from geomill.engine.model import Quantity
from geomill.engine.plane import Element, GeneralProblem, element_of
from geomill.engine.relations import BLOCKS_BY_KEY

from .scene import Scene


@dataclass
class Mark:
    """One mark: its kind, the elements it marks, the relation or fact it shows, its group's count."""

    kind: str
    elements: tuple[tuple[str, ...], ...]  # each its points: (A, B) a segment, (A, B, C) an angle, (A,) a point
    source: str
    count: int = 1



def lone(e: sympy.Expr) -> Element | None:
    return element_of(e) if isinstance(e, sympy.Symbol) else None



class _Groups:
    """Union of equal elements (or parallel segments): each group gets its own count of ticks or arcs."""

    def __init__(self) -> None:
        self.parent: dict[tuple, tuple] = {}
        self.source: dict[tuple, str] = {}

    def find(self, x: tuple) -> tuple:
        self.parent.setdefault(x, x)
        while self.parent[x] != x:
            x = self.parent[x]
        return x

    def union(self, items: list[tuple], source: str) -> None:
        root = self.find(items[0])
        self.source.setdefault(root, source)
        for it in items[1:]:
            r = self.find(it)
            if r != root:
                self.parent[r] = root
                self.source.setdefault(root, self.source.pop(r, source))

    def groups(self) -> list[tuple[list[tuple], str]]:
        out: dict[tuple, list[tuple]] = {}
        for x in self.parent:
            out.setdefault(self.find(x), []).append(x)
        return [(sorted(v), self.source.get(k, "")) for k, v in sorted(out.items()) if len(v) > 1]


def _seg(s: tuple) -> tuple:
    return tuple(sorted(s))


def angle_key(s: tuple) -> tuple:
    a, v, b = s
    lo, hi = sorted((a, b))
    return (lo, v, hi)


def read_marks(problem: GeneralProblem) -> tuple[list[Mark], list[str]]:
    """Every mark the problem's relations and equalities call for, and the givens shown only by a mark
    (a right angle's 90)."""
    marks: list[Mark] = []
    equal, angles, parallel = _Groups(), _Groups(), _Groups()
    by_mark: list[str] = []
    right_seen: set[tuple] = set()

    def right(angle: tuple, source: str) -> None:
        key = angle_key(angle)
        if key not in right_seen:
            right_seen.add(key)
            marks.append(Mark("right", (angle,), source))

    for rel in problem.relations:
        block = BLOCKS_BY_KEY.get(rel.key)
        if block is None:
            continue
        text = block.text(rel.args)
        for kind, els in block.marks_on(rel.args):
            if kind == "equal":
                equal.union([_seg(e) for e in els], text)
            elif kind == "equal_angle":
                angles.union([angle_key(e) for e in els], text)
            elif kind == "parallel":
                parallel.union([_seg(e) for e in els], text)
            elif kind == "right":
                right(els[0], text)
            else:
                marks.append(Mark(kind, els, text))
    for f in problem.facts:
        a, b = lone(f.lhs), lone(f.rhs)
        if a is None and b is not None:
            a, b, value = b, None, f.lhs
        else:
            value = f.rhs
        if a is None:
            continue
        text = f"{a.text} = {b.text if b is not None else value}"
        if b is not None and a.kind.key == b.kind.key == "length":
            equal.union([_seg(a.points), _seg(b.points)], text)
        elif b is not None and a.kind.key == b.kind.key == "angle":
            angles.union([angle_key(a.points), angle_key(b.points)], text)
        elif b is None and a.kind.key == "angle" and value == 90:
            right(a.points, text)
            by_mark.append(text)
    for n, (group, source) in enumerate(equal.groups(), 1):
        marks.append(Mark("equal", tuple(group), source, n))
    for n, (group, source) in enumerate(angles.groups(), 1):
        marks.append(Mark("equal_angle", tuple(group), source, n))
    for n, (group, source) in enumerate(parallel.groups(), 1):
        marks.append(Mark("parallel", tuple(group), source, n))
    return marks, by_mark



# -- marks in pixels --------------------------------------------------------------------------------


def _unit(v: np.ndarray) -> np.ndarray:
    n = float(np.hypot(*v))
    return v / n if n > 1e-9 else np.array([1.0, 0.0])


def _right_square(v: np.ndarray, a: np.ndarray, b: np.ndarray, fpx: float) -> np.ndarray:
    ua, ub = _unit(a - v), _unit(b - v)
    s = max(5.0, min(0.8 * fpx, 0.25 * min(float(np.hypot(*(a - v))), float(np.hypot(*(b - v))))))
    return np.array([v + s * ua, v + s * (ua + ub), v + s * ub])


def _meet(p, q, r, s) -> np.ndarray | None:
    d1, d2 = q - p, s - r
    den = d1[0] * d2[1] - d1[1] * d2[0]
    if abs(den) < 1e-9:
        return None
    t = ((r - p)[0] * d2[1] - (r - p)[1] * d2[0]) / den
    return p + t * d1


DIMENSION_FONTS = 0.22  # a dimension line this many font heights off its side (its value just beyond it stays
# within the side rule's reach, attribution.SIDE_NEAR_FONTS)


def dimension(scene: Scene, frame, q: Quantity, fpx: float):
    """(offset, polylines) of the dimension line of side ``q`` where a drawn point splits it (a value by the
    side's middle reads as the part it sits by): parallel to the side on the side away from the figure's
    middle, bars at its ends; None where nothing splits the side."""
    p, r = (np.array(frame.px(scene.points[n])) for n in q.key)
    u = r - p
    length = float(np.hypot(*u))
    if length < 1e-9:
        return None
    u = u / length
    inside = False
    for n, xy in scene.points.items():
        if n in q.key:
            continue
        c = np.array(frame.px(xy)) - p
        t = float(c @ u)
        if 0.5 < t < length - 0.5 and abs(float(u[0] * c[1] - u[1] * c[0])) < 0.5:
            inside = True
            break
    if not inside:
        return None
    normal = np.array([-u[1], u[0]])
    centre = np.mean([frame.px(xy) for xy in scene.points.values()], axis=0)
    if float((centre - (p + r) / 2) @ normal) > 0:
        normal = -normal
    off = DIMENSION_FONTS * fpx * normal
    bar = 0.35 * fpx * normal
    return off, [np.array([p + off, r + off]), np.array([p + 0.2 * off, p + off + bar]),
                 np.array([r + 0.2 * off, r + off + bar])]


def _open_middle(scene: Scene, frame, p: np.ndarray, q: np.ndarray) -> np.ndarray:
    """The middle of the longest stretch of segment pq between the drawn points on it: a mark at a point
    partway along (a parallel's arrow at the midpoint another line passes through) reads as that point's."""
    u = q - p
    n2 = float(u @ u)
    if n2 < 1e-9:
        return p
    ts = [0.0, 1.0]
    for xy in scene.points.values():
        c = np.array(frame.px(xy)) - p
        t = float(c @ u) / n2
        if 1e-3 < t < 1 - 1e-3 and abs(float(u[0] * c[1] - u[1] * c[0])) / math.sqrt(n2) < 0.5:
            ts.append(t)
    ts.sort()
    a, b = max(zip(ts, ts[1:]), key=lambda ab: ab[1] - ab[0])
    return p + u * (a + b) / 2


def draw_mark(m: Mark, scene: Scene, frame, style) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """A mark's polylines (pixels, y up): the solid ones, then the dashed ones."""
    fpx = style.font_px
    if not all(c in scene.points for e in m.elements for c in e):
        return [], []
    px = {n: np.array(frame.px(scene.points[n])) for e in m.elements for n in e}
    if m.kind == "right":
        a, v, b = m.elements[0]
        return [_right_square(px[v], px[a], px[b], fpx)], []
    if m.kind == "right_lines":
        (a, b), (c, d) = m.elements
        common = [n for n in (a, b) if n in (c, d)]
        at = px[common[0]] if common else _meet(px[a], px[b], px[c], px[d])
        if at is None:
            return [], []
        ends = [max((px[a], px[b]), key=lambda e: float(np.hypot(*(e - at)))),
                max((px[c], px[d]), key=lambda e: float(np.hypot(*(e - at))))]
        return [_right_square(at, ends[0], ends[1], fpx)], []
    if m.kind == "dot":
        c = px[m.elements[0][0]]
        t = np.linspace(0, 2 * math.pi, 13)
        ring = np.column_stack([np.cos(t), np.sin(t)])
        return [c + r * ring for r in (3.4, 2.2, 1.0)], []
    if m.kind == "height":
        (a, d), (b, c) = m.elements
        out = [_right_square(px[d], px[a], (px[b] + px[c]) / 2 if np.allclose(px[d], px[b]) or np.allclose(
            px[d], px[c]) else px[b] if float(np.hypot(*(px[b] - px[d]))) > 1 else px[c], fpx)]
        solid = any({a, d} == {x, y} for x, y in scene.segments)  # (a named height is a side: drawn solid)
        dashed = [] if solid else [np.array([px[a], px[d]])]
        u = px[c] - px[b]
        t = float((px[d] - px[b]) @ u) / max(float(u @ u), 1e-9)
        if t < 0:
            dashed.append(np.array([px[b], px[d]]))
        elif t > 1:
            dashed.append(np.array([px[c], px[d]]))
        return out, dashed
    if m.kind == "equal":
        out = []
        for p, q in m.elements:
            mid, u = _open_middle(scene, frame, px[p], px[q]), _unit(px[q] - px[p])
            n = np.array([-u[1], u[0]])
            for i in range(m.count):
                c = mid + u * (i - (m.count - 1) / 2) * 4.0
                out.append(np.array([c - 5.5 * n, c + 5.5 * n]))
        return out, []
    if m.kind == "parallel":
        out = []
        ref = _unit(px[m.elements[0][1]] - px[m.elements[0][0]])
        for p, q in m.elements:
            u = _unit(px[q] - px[p])
            u = u if float(u @ ref) >= 0 else -u
            n = np.array([-u[1], u[0]])
            mid = _open_middle(scene, frame, px[p], px[q])
            for i in range(m.count):
                tip = mid + u * (4.0 + (i - (m.count - 1) / 2) * 6.0)
                out.append(np.array([tip - 7 * u + 4.5 * n, tip, tip - 7 * u - 4.5 * n]))
        return out, []
    if m.kind == "equal_angle":
        out = []
        for a, v, b in m.elements:
            ta = math.atan2(*(px[a] - px[v])[::-1])
            tb = math.atan2(*(px[b] - px[v])[::-1])
            sweep = (tb - ta) % (2 * math.pi)
            if sweep > math.pi:
                ta, sweep = tb, 2 * math.pi - sweep
            short = min(float(np.hypot(*(px[a] - px[v]))), float(np.hypot(*(px[b] - px[v]))))
            r0 = max(9.0, min(0.9 * fpx, 0.3 * short))
            t = ta + sweep * np.linspace(0, 1, max(4, int(math.degrees(sweep) / 4)) + 1)
            out.append(np.column_stack([px[v][0] + r0 * np.cos(t), px[v][1] + r0 * np.sin(t)]))
            mid = ta + sweep / 2  # the group's count of ticks across the arc (adjacent equal angles read apart)
            for i in range(m.count):
                tt = mid + (i - (m.count - 1) / 2) * min(0.12, sweep / (m.count + 1))
                u = np.array([math.cos(tt), math.sin(tt)])
                out.append(np.array([px[v] + (r0 - 4.5) * u, px[v] + (r0 + 4.5) * u]))
        return out, []
    return [], []


def element_text(kind: str, e: tuple) -> str:
    if len(e) == 3 and kind in ("right", "equal_angle"):
        return f"angle {''.join(e)}"
    if len(e) == 1:
        return f"point {e[0]}"
    return "".join(e)
