"""The marks of a textbook figure: which relations and equalities call for which mark, and each mark in
pixels.

A relation block declares its marks as data (``engine.relations.Block.marks``); facts add more (two
elements equal: ticks or arcs; an angle of 90: a right-angle square).  Equal segments, equal angles and
parallels are grouped (a square's four sides, a midpoint's halves): each group has its own count of ticks,
arc ticks or arrows.  A mark is drawn where it cannot be taken for another element's: on the longest open
stretch of its segment, a side's value that points split on a dimension line beside it (``mark_place``).
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass

import sympy
from geomill.engine.plane import Element, GeneralProblem, element_of
from geomill.engine.relations import BLOCKS_BY_KEY


@dataclass
class Mark:
    """One mark: its kind, the elements it marks, the relation or fact it shows, its group's count."""

    kind: str
    elements: tuple[tuple[str, ...], ...]  # each its points: (A, B) a segment, (A, B, C) an angle, (A,) a point
    source: str
    count: int = 1
    sides: tuple[tuple[str, ...], ...] = ()  # the sides whose halves ``elements`` are (each halved by a drawn
    # point, its halves ticked: ``mark_place._halved``)



ARC_KINDS = ("arc", "arc_length")  # two of one circle's arcs equal (in degrees, or in length): ticks on the arcs


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
    equal, angles, parallel, arcs = _Groups(), _Groups(), _Groups(), _Groups()
    by_mark: list[str] = []
    right_seen: set[tuple] = set()

    def right(angle: tuple, source: str) -> None:
        key = angle_key(angle)
        if key not in right_seen:
            right_seen.add(key)
            marks.append(Mark("right", (angle,), source))

    on_line: dict[int, tuple] = {}  # (a declared line's first parallel segment: ``line_rep``)

    def line_rep(seg: tuple) -> tuple:
        """The segment that stands for its whole declared line in parallel groups: two statements about one
        pair of lines (FN ∥ EI and GF ∥ HE on lines LGFN, PHEI) are one relation, one set of arrows on each
        line (reader 26's 27 drew "> < <": two groups, their arrows pointing opposite ways)."""
        for i, line in enumerate(problem.lines):
            if seg[0] in line.points and seg[1] in line.points:
                return on_line.setdefault(i, seg)
        return seg

    corners: list[Mark] = []  # right angles any of several corners shows (a rectangle's): one square, drawn where
    # no segment splits its corner (``mark_place.unsplit_corner``)

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
                parallel.union([line_rep(_seg(e)) for e in els], text)
            elif kind == "right" and len(els) > 1:
                corners.append(Mark("right", els, text))
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
        elif b is not None and a.kind.key == b.kind.key and a.kind.key in ARC_KINDS and a.points[0] == b.points[0]:
            arcs.union([tuple(a.points), tuple(b.points)], text)  # (one circle's: its centre first)
        elif b is None and a.kind.key == "angle" and value == 90:
            right(a.points, text)
            by_mark.append(text)
    marks += [m for m in corners if not any(angle_key(e) in right_seen for e in m.elements)]
    # (a corner squared already, by a fact or another relation, says it)
    for n, (group, source) in enumerate(equal.groups(), 1):
        marks.append(Mark("equal", tuple(group), source, n))
    for n, (group, source) in enumerate(angles.groups(), 1):
        marks.append(Mark("equal_angle", tuple(group), source, n))
    for n, (group, source) in enumerate(parallel.groups(), 1):
        marks.append(Mark("parallel", tuple(group), source, n))
    for n, (group, source) in enumerate(arcs.groups(), 1):  # (ticks across each arc: readers 30's 14, 31's 12
        marks.append(Mark("equal_arc", tuple(group), source, n))  # found "arc AD = arc BC" unmarked)
    return marks, by_mark



SAME_LENGTH = 1e-6  # relative: two equal groups' lengths this close in every model checked are one length


def merge_equal(marks: list[Mark], models: list[Callable[[tuple[str, str]], float]]) -> list[Mark]:
    """The equal-length groups whose lengths agree in each of ``models`` (a segment's length in one model each)
    merged into one group with one tick count, the groups renumbered 1, 2, 3 …: segments the facts make equal
    though no one fact says so (a rhombus's halves AE and DF, each half of an equal side) share their ticks, never
    two counts that read as two lengths (readers 30's 17 and 23).  ``models`` holds more than one model where a
    coincidence of one solution must not be taken for a fact."""
    eq = [m for m in marks if m.kind == "equal"]
    if len(eq) < 2 or not models:
        return marks

    def same(a: tuple, b: tuple) -> bool:
        for length in models:
            la, lb = length(a), length(b)
            if abs(la - lb) > SAME_LENGTH * max(la, lb, 1e-9):
                return False
        return True

    one = _Groups()  # (each group by its index)
    for i, j in itertools.combinations(range(len(eq)), 2):
        if one.find((i,)) != one.find((j,)) and same(eq[i].elements[0], eq[j].elements[0]):
            one.union([(i,), (j,)], "")
    if not one.groups():
        return marks
    groups: dict[tuple, list[Mark]] = {}
    for i, m in enumerate(eq):
        groups.setdefault(one.find((i,)), []).append(m)
    merged = []
    for n, ms in enumerate(sorted(groups.values(), key=lambda ms: ms[0].count), 1):
        els = tuple(sorted({e for m in ms for e in m.elements}))
        merged.append(Mark("equal", els, "; ".join(dict.fromkeys(m.source for m in ms)), n))
    return [m for m in marks if m.kind != "equal"] + merged


def equal_chords(marks: list[Mark], segments) -> list[Mark]:
    """The chords of each group of equal arcs, where every one is drawn (``segments``: the drawn point pairs), as a
    group of equal sides: equal arcs have equal chords, which a reader looks for on the triangle's sides (reader 31's
    12: arc BA = arc AC, chords AB and AC unticked).  None where an equal group says them already."""
    drawn = {frozenset(s) for s in segments}
    have = [{frozenset(e) for e in m.elements} for m in marks if m.kind == "equal"]
    count = max((m.count for m in marks if m.kind == "equal"), default=0)
    out = []
    for m in marks:
        chords = {frozenset(e[1:]) for e in m.elements} if m.kind == "equal_arc" else set()
        if len(chords) > 1 and chords <= drawn and not any(chords <= h for h in have):
            count += 1
            out.append(Mark("equal", tuple(sorted(tuple(sorted(c)) for c in chords)), m.source, count))
    return out


TANGENT_RIGHT = ("tangent", "O", "A", "P")  # (block key; its centre, touching point, outer point placeholders)


def tangent_squares(problem: GeneralProblem, segments, marks: list[Mark]) -> list[Mark]:
    """The right angle between a tangent and the radius to its touching point, where that radius is drawn
    (``segments``: the drawn point pairs): a dot alone there left the reader to the text (reader 17's 24, 36).
    An undrawn radius gets none: a square on an arm nothing draws reads as no angle; one marked already keeps
    its mark, and a touching point gets one square however many tangents name it."""
    key, o, a, p = TANGENT_RIGHT
    drawn = {frozenset(s) for s in segments}
    have = {angle_key(e) for m in marks if m.kind == "right" for e in m.elements}
    touched: set[tuple[str, str]] = set()  # (one square per touching point: the tangents there are one line, and
    # two squares side by side read as one rectangle)
    out = []
    for rel in problem.relations:
        block = BLOCKS_BY_KEY.get(rel.key)
        names = block.bind(rel.args) if block is not None and rel.key == key else None
        if not names or frozenset((names[o], names[a])) not in drawn:
            continue
        angle = (names[o], names[a], names[p])
        if angle_key(angle) not in have and (names[o], names[a]) not in touched:
            touched.add((names[o], names[a]))
            out.append(Mark("right", (angle,), block.text(rel.args)))
    return out


TOUCH_SHARE = 1e-3  # of the radius: a line stated tangent touches its drawn circle this near as drawn
TOUCH_FOOT = 0.05  # of the radius: at a drawn point of the circle this near the foot of the centre on the line


def tangent_miss(p, q, centre, r: float) -> tuple[float, float] | None:
    """Where the centre's foot falls on line ``pq`` (0 at p, 1 at q) and how far the line misses touching the
    circle of radius ``r`` there (its distance from the centre less ``r``, unsigned): the one test of a line drawn
    tangent, for the dot of a stated tangency and for the accident of a line drawn near tangent that no fact makes
    so (``accidents.near_tangent``).  None for a degenerate line."""
    ux, uy = float(q[0]) - float(p[0]), float(q[1]) - float(p[1])
    wx, wy = float(centre[0]) - float(p[0]), float(centre[1]) - float(p[1])
    n2 = ux * ux + uy * uy
    if n2 < 1e-12:
        return None
    return (wx * ux + wy * uy) / n2, abs(abs(ux * wy - uy * wx) / math.sqrt(n2) - r)


def drawn_touching(problem: GeneralProblem, scene, marks: list[Mark]) -> list[Mark]:
    """A tangency's dot where a line a fact states tangent to a circle touches it as drawn at a drawn point of the
    circle with no dot yet.  A dot is a mark: only a stated tangency gets one; a line that merely touches a circle as
    drawn (FormalGeo 767's PV at W: no fact says so) is an accident for the layout to avoid
    (``accidents.near_tangent``), never a relation the figure states."""
    dotted = {e[0] for m in marks if m.kind == "dot" for e in m.elements}
    stated = {(frozenset(rel.args[0]), rel.args[1][0]) for rel in problem.relations
              if rel.key == "tangent" and len(rel.args) == 2 and len(rel.args[1]) == 1}
    if not stated:
        return []
    pts = scene.points
    lines = [set(ln.points) for ln in problem.lines]
    out = []
    for arc in scene.arcs:
        if arc.sweep < 360.0 - 1e-6:
            continue
        (cx, cy), r = arc.centre, arc.radius
        centre = next((n for n, (x, y) in pts.items() if math.hypot(x - cx, y - cy) < TOUCH_SHARE * r), "")
        for a, b in scene.segments:
            if not any(o == centre and (pair <= {a, b} or any(pair <= ln and {a, b} <= ln for ln in lines))
                       for pair, o in stated):
                continue  # (no fact makes this line tangent to this circle: no dot, whatever is drawn)
            hit = tangent_miss(pts[a], pts[b], (cx, cy), r)
            if hit is None or hit[1] > TOUCH_SHARE * r or not -1e-9 <= hit[0] <= 1 + 1e-9:
                continue
            t = hit[0]
            fx, fy = pts[a][0] + t * (pts[b][0] - pts[a][0]), pts[a][1] + t * (pts[b][1] - pts[a][1])
            at = next((k for k, (x, y) in pts.items() if math.hypot(x - fx, y - fy) < TOUCH_FOOT * r and
                       abs(math.hypot(x - cx, y - cy) - r) < TOUCH_SHARE * r), None)  # (near tangent, the foot
            # moves far for a small miss: the touching point is the drawn point on the circle by it)
            if at is not None and at not in dotted:
                dotted.add(at)
                out.append(Mark("dot", ((at,),), f"{a}{b} touches circle {centre} as drawn".replace("  ", " ")))
    return out


def element_text(kind: str, e: tuple) -> str:
    if len(e) == 3 and kind in ("right", "equal_angle"):
        return f"angle {''.join(e)}"
    if kind in ("equal_arc", "arc"):
        return f"arc {''.join(e)}"
    if len(e) == 1:
        return f"point {e[0]}"
    return "".join(e)
