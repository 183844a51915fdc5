"""An independent reader of a figure's exported labels (``geomill render --labels``, the generator's
``images/<id>.labels.json``): from the JSON alone, with its own geometry (shapely), does every label
read as belonging to its own element?  It shares no code with ``render.attribution``, which places
the labels; it only knows the export's documented format.

Coordinates are pixels, origin top left, y down.  A label's position is its box, or, when it has a
leader, the leader's element end.

Beyond "nearest element of its kind", a careful human reader (issue 24's review) also misreads:
an angle value far from its vertex or nearer another point; a point letter away from its point, or
set off with a leader that runs along a stroke (unseen); two labels touching (read as one); a side
value whose centre is about as near another side; a point letter with a leader (read where it sits),
not clearly nearer its point than another, or in small type (read as a side's name); two labels side
by side on one line less than ``SAME_LINE`` fonts apart; adjacent angles marked at one radius (read as one
angle); a shape a few pixels across.  ``problems`` checks those too (``careful``), with the font
height taken as the tallest label's.  Review 5 (seeds 501-505) added the margins a reader accepts without
hesitating: a side value's centre ``SIDE_CLEAR`` times nearer its side than any other and beside the side's
middle part (``CORNER_SHARE``, ``CORNER_FONTS``), an angle value within ``ANGLE_NEAR`` fonts of its vertex and
``ANGLE_CLEAR`` times nearer it than any other point, "h = …" within ``HEIGHT_NEAR`` fonts of its dashed
height (the export's ``heights``) with no leader, two values ``VALUES_APART`` fonts apart, shapes at least
``THINNEST`` px across.  Issue 38's reader of GeomVerse figures was slowed by labels in two type sizes
(``careful``: one size a figure), an asked element with no "?" (``query_problems``), a square or an
isosceles triangle whose equal sides carry no ticks (``tick_problems``), and text too faint on its fill
(``contrast_problems``, from the PNG's pixels: WCAG's ``MIN_CONTRAST``).
"""
from __future__ import annotations

import itertools
import math
import re

import shapely
from shapely.geometry import LineString, MultiLineString, Point, Polygon, box

EDGE = 4.0
SHAPE_WORDS = ("area", "perimeter", "arc", "radius", "height")
# the careful reader's limits (font: the tallest label's height)
ANGLE_NEAR = 2.5  # fonts: an angle value's box at most this far from its vertex (or 0.7 beyond a wider arc)
ARC_BEYOND = 0.8  # fonts: or this far beyond a wider arc (a narrow angle's: review 6 asked for that)
ANGLE_CENTRE = 3.2  # fonts: and its centre this far, or twice the arc's radius and 12 px (a wide "α = 44°")
ANGLE_CLEAR = 1.2  # an angle value's centre this many times nearer its vertex than any other point
HEIGHT_NEAR = 1.0  # fonts: "h = …" at most this far from its dashed height line, beside its middle part
HEIGHT_CLEAR = 1.4  # and its centre this many times nearer it than any drawn side
POINT_NEAR = 1.6  # fonts: a point letter's box at most this far from its point (no leader)
LEADER_SEEN = 8.0  # px: a point letter's leader at least this long
LEADER_OFF = 15.0  # degrees: and at least this far off every side through the point
APART = 3.0  # px between two labels' boxes
VALUES_APART = 0.6  # fonts between two values' boxes (neither a point letter): "a" 4.6 px over "area = 771"
SAME_LINE = 1.3  # fonts between two labels side by side on one line (closer: "β area = 2")
POINT_CLEAR = 1.25  # a point letter's box this many times (+ 1 px) nearer its point than any other
SIDE_MARGIN = 8.0  # px: and this much nearer
SIDE_CLEAR = 1.8  # a side value's centre this many times nearer its side than any other
CORNER_SHARE = 0.2  # its centre's foot on its side this share of the side from either end,
CORNER_FONTS = 1.8  # or (a long side) this many fonts: a value level with a corner reads as the other side's
ARCS_APART = 4.0  # px between the mark radii of two angles sharing a vertex and a ray
MIN_POINTS = 10.0  # no label in smaller type (review 6: 8.6-point values read as cramped)
POINT_CENTRE = 1.55  # fonts: a point letter's centre at most this far from its point (review 6: 25-34 px)
POINT_CENTRE_RATIO = 1.45  # and this many times nearer it than any other point
SIDE_NEAR = 0.9  # fonts: a side value's box at most this far from its side,
SIDE_CENTRE = 2.2  # and its centre (review 6: "a = 6" 35 px off a slanted side)
LEADER_END = 5.0  # px: a shape label's leader ends this far off every drawn side (review 6: 3.8 px, read as
# pointing at the side)
LEADER_POINT = 10.0  # px: and this far off every point (reader 20's 55: "area ABE = ?" led to O, on side BE)
THINNEST = 38.0  # px: a shape's thinnest width
SMALLEST = 1400.0  # px²: a shape's area


# the class of each message (the scripted reviewer, bench/readability.py, counts labels by class)
CLASSES = (
    ("type sizes mixed", "sizes"), ("asked element unmarked", "query"), ("equal sides unticked", "ticks"),
    ("text faint on its ground", "faint"), ("edge", "within"), ("point letter away or set off", "point"),
    ("angle value far or astray", "angle"),
    ("side value as near another side", "side"), ("side value by a corner", "corner"),
    ("height value away from its dashed line", "height"), ("shape label astray", "shape"),
    ("labels touching", "touch"), ("adjacent angles at one radius", "one radius"),
    ("shape too small or thin", "too "), ("type too small", "type"),
)


def classify(message: str) -> str:
    """The class of one of ``problems``' messages (see CLASSES)."""
    kinds = {
        "within": " of the edge" in message,
        "touch": " touch" in message,
        "one radius": "one radius" in message,
        "too ": message.startswith("shape ") and " to read" in message,
        "type": "type under" in message,
        "sizes": "-point type beside" in message,
        "query": "the asked " in message,
        "ticks": " tick" in message,
        "faint": "contrast" in message,
        "height": "(height " in message,
        "corner": "corner" in message,
        "point": "(point " in message,
        "angle": "(angle " in message,
        "shape": any(f"({w} " in message for w in SHAPE_WORDS),
        "side": "side" in message,
    }
    return next((name for name, key in CLASSES if kinds[key]), "other")


def split_points(names: str, points: dict, k: int) -> list[str] | None:
    """``names`` cut into ``k`` point names of ``points`` (names may be ``B1`` or ``C'``)."""
    if k == 0:
        return [] if not names else None
    for i in range(1, len(names) + 1):
        if names[:i] in points:
            rest = split_points(names[i:], points, k - 1)
            if rest is not None:
                return [names[:i], *rest]
    return None


def _collinear_overlap(p, q, r, s, tol=0.5) -> bool:
    ux, uy = q[0] - p[0], q[1] - p[1]
    n = math.hypot(ux, uy)
    ts = []
    for x, y in (r, s):
        vx, vy = x - p[0], y - p[1]
        if abs(ux * vy - uy * vx) / n > tol:
            return False
        ts.append((ux * vx + uy * vy) / n)
    return max(ts) > tol and min(ts) < n - tol


def problems(fig: dict) -> list[str]:
    """What a reader would misread in this figure (empty: every label reads as its own)."""
    out = []
    w, h = fig["size"]
    pts = {k: tuple(v) for k, v in fig["points"].items()}
    shapes = {s["name"]: Polygon(s["outline"], s["holes"]).buffer(0) for s in fig["shapes"]}
    holes = {s["name"]: [Polygon(r).buffer(0) for r in s["holes"]] for s in fig["shapes"]}
    segments = [(a, b, LineString([pts[a], pts[b]])) for a, b in fig["segments"]]
    angles = {}
    for lab in fig["labels"]:
        if lab["element"].startswith("angle "):
            a, v, b = split_points(lab["element"][6:], pts, 3)
            angles[lab["element"]] = (pts[a], pts[v], pts[b])
    out += careful(fig, pts, shapes, segments)
    arcs = {a["element"]: a for a in fig.get("arc_labels", [])}
    for lab in fig["labels"]:
        el, text = lab["element"], lab["text"]
        x0, y0, x1, y1 = lab["bbox"]
        where = box(x0, y0, x1, y1)
        at = Point(lab["leader"][0]) if lab["leader"] else where
        if x0 < EDGE - 0.01 or y0 < EDGE - 0.01 or x1 > w - EDGE + 0.01 or y1 > h - EDGE + 0.01:
            out.append(f"{text!r} ({el}) within {EDGE:g} px of the edge")
        if el.startswith("point "):
            name = el[6:]
            own = at.distance(Point(pts[name]))
            near = [n for n in pts if n != name and at.distance(Point(pts[n])) <= own]
            if near:
                out.append(f"{text!r} ({el}) is as near point {near[0]}")
        elif el.startswith("angle "):
            a, v, b = angles[el]
            c = at.centroid
            if not _in_wedge((c.x, c.y), a, v, b):
                out.append(f"{text!r} ({el}) is outside its angle's wedge")
        elif el.startswith("height "):
            continue  # beside its dashed line, not in its shape: see careful
        elif el in arcs:
            out += _arc_label(lab, arcs[el], where, at, pts)
        elif el.split(" ")[0] in SHAPE_WORDS and el.split(" ", 1)[1] not in shapes:
            continue  # (a region no shape draws, named in the legend: "perimeter ADE = 3" reads by its name)
        elif el.split(" ")[0] in SHAPE_WORDS:
            name = el.split(" ", 1)[1]
            own = shapes[name]
            others = [p for n, p in shapes.items() if n != name] + holes[name]
            if lab["leader"] is None:
                if _legend_line(lab, shapes.values(), w):
                    continue
                if not own.buffer(0.5).contains(where):
                    out.append(f"{text!r} ({el}) is not inside its shape and has no leader")
                elif any(o.buffer(-0.5).intersects(where) for o in others):
                    out.append(f"{text!r} ({el}) lies over another region")
            else:
                if not own.buffer(0.5).contains(at):
                    out.append(f"{text!r} ({el}) has a leader that does not end in its shape")
                if any(at.distance(line) < LEADER_END for *_, line in segments) or any(
                        at.distance(LineString(h["line"])) < LEADER_END for h in fig.get("heights", [])):
                    out.append(f"{text!r} ({el}) has a leader ending by a line: it points at the line")
                if any(at.distance(Point(xy)) < LEADER_POINT for xy in pts.values()):
                    out.append(f"{text!r} ({el}) has a leader ending by a point: it points at the point")
                d_own = own.distance(where)
                if any(o.distance(where) <= d_own for o in others):
                    out.append(f"{text!r} ({el}) is set off nearer another region")
        elif split_points(el, pts, 2) is None:  # (a legend line of an expression, "BD/CD = ?": it names what it
            continue  # is about, read wherever it sits)
        else:  # a side
            p, q = split_points(el, pts, 2)
            own_line = _side_line(fig, el, pts[p], pts[q])
            own = at.distance(own_line)
            for a, b, line in segments:
                if {a, b} == {p, q} or _collinear_overlap(pts[p], pts[q], pts[a], pts[b]):
                    continue
                if at.distance(line) <= own:
                    out.append(f"{text!r} ({el}) is as near side {a}{b}")
                    break
    return out


ARC_NEAR = 2.0  # fonts: an arc's label (or its leader's start) within this of the arc's middle


def _arc_label(lab: dict, arc: dict, where, at, pts: dict) -> list[str]:
    """An arc's value or "?" reads as the arc's beyond its circle, by the arc's middle, nearer that than any
    point (inside a sector, by its middle, it read as the sector's area: review 11)."""
    out = []
    text, el = lab["text"], lab["element"]
    middle, centre = Point(arc["middle"]), Point(arc["centre"])
    font = lab["bbox"][3] - lab["bbox"][1]
    if where.distance(centre) < arc["radius"] - 0.5 or where.contains(centre):
        out.append(f"{text!r} ({el}) lies inside its circle: it reads as a region's")
    own = at.distance(middle)
    if own > ARC_NEAR * font:
        out.append(f"{text!r} ({el}) is {own:.0f} px from its arc's middle")
    near = [n for n, xy in pts.items() if at.distance(Point(xy)) <= own]
    if near:
        out.append(f"{text!r} ({el}) is as near point {near[0]} as its arc's middle")
    return out


def _side_line(fig: dict, element: str, p, q) -> LineString:
    """The line a side's value is read against: its dimension line where the export has one (a side that
    points split: beside it, from end to end), else the side."""
    m = _dimension(fig, element)
    return LineString(m["pixels"][0]) if m is not None else LineString([p, q])


def _in_wedge(c, a, v, b) -> bool:
    """Is ``c`` inside the angle a-v-b, the short way round?"""
    ta = math.atan2(a[1] - v[1], a[0] - v[0])
    tb = math.atan2(b[1] - v[1], b[0] - v[0])
    tc = math.atan2(c[1] - v[1], c[0] - v[0])
    sweep = (tb - ta) % (2 * math.pi)
    if sweep > math.pi:
        ta, sweep = tb, 2 * math.pi - sweep
    return (tc - ta) % (2 * math.pi) <= sweep + 1e-9


def careful(fig: dict, pts: dict, shapes: dict, segments: list) -> list[str]:
    """The careful reader's misreadings (see the module's docstring)."""
    out = []
    labels = fig["labels"]
    font = max((lab["bbox"][3] - lab["bbox"][1] for lab in labels), default=0.0)
    boxes = [box(*lab["bbox"]) for lab in labels]
    top = max((lab.get("font_size", 0.0) for lab in labels), default=0.0)
    radius = {m["element"]: m["radius"] for m in fig.get("angle_marks", [])}
    heights = {h["shape"]: LineString(h["line"]) for h in fig.get("heights", [])} if "heights" in fig else None
    for i, j in ((k, m) for k in range(len(labels)) for m in range(k + 1, len(labels))):
        (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1) = labels[i]["bbox"], labels[j]["bbox"]
        one_line = min(ay1, by1) > max(ay0, by0)  # their heights overlap: read along one line
        gap = max(ax0, bx0) - min(ax1, bx1)
        letter = any(lab["element"].startswith("point ") for lab in (labels[i], labels[j]))
        apart = boxes[i].distance(boxes[j])
        if apart < APART or (one_line and gap < SAME_LINE * font):
            out.append(f"{labels[i]['text']!r} and {labels[j]['text']!r} touch: they read as one label")
        elif not letter and apart < VALUES_APART * font:
            out.append(f"{labels[i]['text']!r} and {labels[j]['text']!r} are {apart:.1f} px apart: they touch, "
                       "read as one label")
    for lab, where in zip(labels, boxes):
        el, text = lab["element"], lab["text"]
        c = where.centroid
        if lab.get("font_size", MIN_POINTS) < MIN_POINTS - 0.01:
            out.append(f"{text!r} ({el}) is in type under {MIN_POINTS:g} points: cramped, unsure whose")
        elif lab.get("font_size", top) < top - 0.01:
            out.append(f"{text!r} ({el}) is in {lab['font_size']:g}-point type beside {top:g}-point labels: "
                       "it reads as less sure")
        if el.startswith("point "):
            name = el[6:]
            if lab.get("font_size", top) < top - 0.01:
                out.append(f"{text!r} ({el}) is in small type: it reads as a side's name")
            own = where.distance(Point(pts[name]))
            if any(where.distance(Point(p)) < POINT_CLEAR * own + 1.0 for n, p in pts.items()
                   if n != name and math.dist(p, pts[name]) > 0.5):
                out.append(f"{text!r} ({el}) is not clearly nearer its point than another")
            if lab["leader"] is None:
                at = c.distance(Point(pts[name]))
                if own > POINT_NEAR * font or at > POINT_CENTRE * font:
                    out.append(f"{text!r} ({el}) is away from its point")
                elif any(c.distance(Point(p)) < POINT_CENTRE_RATIO * at for n, p in pts.items()
                         if n != name and math.dist(p, pts[name]) > 0.5):
                    out.append(f"{text!r} ({el}) is not clearly nearer its point than another (its centre)")
            else:
                out.append(f"{text!r} ({el}) is set off with a leader: read where it sits")
                (ax, ay), (bx, by) = lab["leader"]
                if math.hypot(bx - ax, by - ay) < LEADER_SEEN:
                    out.append(f"{text!r} ({el}) has a leader too short to see")
                t = math.atan2(by - ay, bx - ax)
                for a, b, line in segments:
                    if line.distance(Point(pts[name])) > 1.5:
                        continue
                    s = math.atan2(pts[b][1] - pts[a][1], pts[b][0] - pts[a][0])
                    turn = abs(math.degrees(t - s)) % 180
                    if min(turn, 180 - turn) < LEADER_OFF:
                        out.append(f"{text!r} ({el}) has a leader along side {a}{b}: unseen")
                        break
        elif el.startswith("angle "):
            a, v, b = split_points(el[6:], pts, 3)
            if lab["leader"] is not None:
                out.append(f"{text!r} ({el}) is set off with a leader: read where it sits")
            elif not _angle_reach(lab, pts[v], font, radius.get(el, 0.0)):
                out.append(f"{text!r} ({el}) is far from its vertex")
            own = c.distance(Point(pts[v]))
            near = [n for n, p in pts.items() if n != v and Point(p).distance(Point(pts[v])) > 0.5
                    and c.distance(Point(p)) < ANGLE_CLEAR * own]
            if near:
                out.append(f"{text!r} ({el}) is nearer point {near[0]} than its vertex")
        elif el.startswith("height "):
            out += _height(lab, where, heights, font, [line for *_, line in segments])
        elif el.split(" ")[0] not in SHAPE_WORDS and " " not in el and lab["leader"] is not None:
            out.append(f"{text!r} ({el}) is set off with a leader: read where it sits")
        elif el.split(" ")[0] not in SHAPE_WORDS and " " not in el and split_points(el, pts, 2) is not None:
            p, q = split_points(el, pts, 2)
            side = _side_line(fig, el, pts[p], pts[q])
            own = c.distance(side)
            if where.distance(side) > SIDE_NEAR * font or own > SIDE_CENTRE * font:
                out.append(f"{text!r} ({el}) sits away from its side ({own:.0f} px)")
            for a, b, line in segments:
                if {a, b} == {p, q} or _collinear_overlap(pts[p], pts[q], pts[a], pts[b]):
                    continue
                if c.distance(line) < max(SIDE_CLEAR * own, own + SIDE_MARGIN):
                    out.append(f"{text!r} ({el}) sits about as near side {a}{b}")
                    break
            foot, length = side.project(c), side.length
            if min(foot, length - foot) < min(CORNER_SHARE * length, CORNER_FONTS * font):
                out.append(f"{text!r} ({el}) sits by a corner of its side, level with its end")
    out += _arcs_apart(fig, pts)
    k = min(1.0, fig["size"][0] / 512)  # a smaller image scales the minimums down with everything drawn
    for name, poly in shapes.items():
        if _width(poly) < THINNEST * k:
            out.append(f"shape {name} is too thin to read")
        if poly.area < SMALLEST * k * k:
            out.append(f"shape {name} is too small to read")
    return out


def _angle_reach(lab: dict, v, font: float, radius: float) -> bool:
    """Is the angle's value close enough to its vertex ``v``: its box within ANGLE_NEAR fonts or just beyond
    a wider arc (a narrow angle's), its centre within ANGLE_CENTRE fonts or twice the arc's radius and 10 px?"""
    x0, y0, x1, y1 = lab["bbox"]
    where = box(x0, y0, x1, y1)
    near = max(ANGLE_NEAR * font, radius + ARC_BEYOND * font)
    far = max(2 * radius + 12, ANGLE_CENTRE * font)
    return where.distance(Point(v)) <= near and where.centroid.distance(Point(v)) <= far


def _height(lab: dict, where, heights: dict | None, font: float, sides: list) -> list[str]:
    """ "h = …" beside its own dashed height (``heights``: each shape's, None in an export that has none)."""
    el, text = lab["element"], lab["text"]
    if lab["leader"] is not None:
        return [f"{text!r} ({el}) is set off with a leader: read where it sits"]
    if heights is None:
        return []
    line = heights.get(el.split(" ", 1)[1])
    if line is None:
        return [f"{text!r} ({el}) has no dashed height drawn"]
    own = where.distance(line)
    out = []
    if own > HEIGHT_NEAR * font:
        out.append(f"{text!r} ({el}) is {own:.0f} px from its dashed height line")
    c = where.centroid
    t = line.project(c) / max(line.length, 1e-9)
    if not 0.15 <= t <= 0.85:
        out.append(f"{text!r} ({el}) is beside an end of its dashed height, not its middle")
    if any(c.distance(s) < HEIGHT_CLEAR * c.distance(line) for s in sides):
        out.append(f"{text!r} ({el}) is about as near a side as its dashed height")
    if any(c.distance(h) <= c.distance(line) for n, h in heights.items() if h is not line):
        out.append(f"{text!r} ({el}) is as near another dashed height")
    return out


def _width(poly) -> float:
    """The shape's narrowest width: over the sides of its convex hull, the farthest corner from that
    side's line, at least."""
    hull = poly.convex_hull
    if hull.geom_type != "Polygon":
        return 0.0
    pts = list(hull.exterior.coords)[:-1]
    best = math.inf
    for (ax, ay), (bx, by) in zip(pts, pts[1:] + pts[:1]):
        n = math.hypot(bx - ax, by - ay)
        if n > 1e-9:
            best = min(best, max(abs((bx - ax) * (y - ay) - (by - ay) * (x - ax)) / n for x, y in pts))
    return best


def _arcs_apart(fig: dict, pts: dict) -> list[str]:
    """Angles sharing a vertex and a ray (adjacent) marked at radii too alike read as one angle."""
    marks = []
    for m in fig.get("angle_marks", []):
        a, v, b = split_points(m["element"][6:], pts, 3)
        rays = {round(math.degrees(math.atan2(pts[x][1] - pts[v][1], pts[x][0] - pts[v][0]))) % 360 for x in (a, b)}
        marks.append((m["element"], tuple(pts[v]), rays, m["radius"]))
    out = []
    for i, (e1, v1, r1, rad1) in enumerate(marks):
        for e2, v2, r2, rad2 in marks[i + 1:]:
            if math.dist(v1, v2) < 0.5 and r1 & r2 and abs(rad1 - rad2) < ARCS_APART:
                out.append(f"{e1} and {e2} are marked at one radius: they read as one angle")
    return out


# -- textbook figures: the relation marks (``marks``: kind, elements, pixels) -------------------------------
ASKED_ARC_END = 0.02  # radians: an asked arc's heavier stroke starts and ends this near its arc's ends
MARK_ON = 1.5  # px: a mark's anchor (a square's arm, an arrow's tip, a dot's centre) this near its element
TICK_CLEAR = 6.0  # px: a tick crosses its segment at least this far from every point (at one, it reads as its)


def _seg_points(element: str, pts: dict) -> tuple[str, str]:
    names = split_points(element, pts, 2)
    if names is None:
        raise KeyError(element)
    return names[0], names[1]


def _angle_points(element: str, pts: dict) -> tuple[str, str, str]:
    names = split_points(element.split(" ", 1)[1], pts, 3)
    if names is None:
        raise KeyError(element)
    return names[0], names[1], names[2]


def _on_full_line(end, p, q) -> bool:
    """Is ``end`` on the whole line through ``p`` and ``q`` (either side of both)?"""
    dx, dy = q[0] - p[0], q[1] - p[1]
    n = math.hypot(dx, dy)
    return n > 0 and abs((end[0] - p[0]) * dy - (end[1] - p[1]) * dx) / n <= MARK_ON


def _right_lines_problems(els: list, sq: list, pts: dict) -> list[str]:
    """A right-angle square of two perpendicular lines (each named by two of its points, their crossing no
    named point): one arm's end on each line, and its corner off both (a square, not a stroke along one)."""
    if len(els) != 2 or len(sq) != 3:
        return [f"the right-angle mark of {' and '.join(els)} is not one square on two lines"]
    l1, l2 = ((pts[n] for n in _seg_points(e, pts)) for e in els)
    l1, l2 = tuple(l1), tuple(l2)
    ends = (sq[0], sq[2])
    if any(all(_on_full_line(e, *ln) for ln in (l1, l2)) for e in ends) or not (
            (_on_full_line(ends[0], *l1) and _on_full_line(ends[1], *l2))
            or (_on_full_line(ends[0], *l2) and _on_full_line(ends[1], *l1))):
        return [f"the right-angle mark of {' and '.join(els)} leaves its lines"]
    if _on_full_line(sq[1], *l1) or _on_full_line(sq[1], *l2):
        return [f"the right-angle mark of {' and '.join(els)} has its corner on a line"]
    return []


def _crossing(line, p, q):
    """Where the segment ``line`` (two pixel points) crosses segment pq, as a share of pq (None: it does not)."""
    (x1, y1), (x2, y2) = line[0], line[-1]
    (x3, y3), (x4, y4) = p, q
    den = (x1 - x2) * (y3 - y4) - (y1 - y2) * (x3 - x4)
    if abs(den) < 1e-9:
        return None
    t = ((x1 - x3) * (y3 - y4) - (y1 - y3) * (x3 - x4)) / den
    u = -((x1 - x2) * (y1 - y3) - (y1 - y2) * (x1 - x3)) / den
    return u if 0 <= t <= 1 and 0 <= u <= 1 else None


def _on_line(end, v, arm) -> bool:
    """Is ``end`` on the ray from ``v`` through ``arm``, or on the ray opposite?"""
    return Point(end).distance(LineString([v, arm])) <= MARK_ON or Point(end).distance(
        LineString([v, (2 * v[0] - arm[0], 2 * v[1] - arm[1])])) <= MARK_ON


def _ray_of(end, pts: dict, v: str, arms: tuple) -> str | None:
    """Which of the rays from ``v`` through ``arms`` point ``end`` lies on (None: neither)."""
    return next((arm for arm in arms if Point(end).distance(LineString([pts[v], pts[arm]])) <= MARK_ON), None)


def _per_element(mark: dict, what: str, pieces: str, out: list[str]) -> int:
    """How many polylines a mark draws on each of its elements; a count other than its group's is a problem."""
    per = len(mark["pixels"]) // max(len(mark["elements"]), 1)
    if per != mark["count"]:
        out.append(f"{what} {', '.join(mark['elements'])} carry {per} {pieces} each, not {mark['count']}")
    return per


def mark_problems(fig: dict) -> list[str]:
    """What in the export's ``marks`` does not sit on its elements: a right-angle square whose arms leave its
    vertex along other rays, a tick that does not cross its segment's middle, an arrow off its segment, a
    dot off its point, an equal-angle arc off its vertex's wedge; and a count of ticks or arrows per element
    other than the mark's ``count`` (two groups of equal sides told apart by their ticks)."""
    out = []
    pts = {k: tuple(v) for k, v in fig["points"].items()}
    for m in fig.get("marks", []):
        kind, els, lines = m["kind"], m["elements"], m["pixels"]
        if kind == "right" and not els[0].startswith("angle "):  # two lines perpendicular (CF ⊥ BA)
            out += _right_lines_problems(els, lines[0], pts)
        elif kind == "right":
            a, v, b = _angle_points(els[0], pts)
            sq = lines[0]

            def on(end, arm, v=v):  # on its ray or the ray opposite (one square shows both right angles)
                return _on_line(end, pts[v], pts[arm])
            pairs = ((sq[0], a), (sq[2], b)) if on(sq[0], a) or not on(sq[2], a) else ((sq[2], a), (sq[0], b))
            for end, arm in pairs:
                if not on(end, arm):
                    out.append(f"the right-angle mark of {els[0]} leaves {v} off the ray {v}{arm}")
        elif kind == "right_arc":  # a right angle drawn "90°" in its arc: the arc from one ray to the other
            a, v, b = _angle_points(els[0], pts)
            arc = lines[0]
            if not ({_ray_of(arc[0], pts, v, (a, b)), _ray_of(arc[-1], pts, v, (a, b))} == {a, b}):
                out.append(f"the 90° arc of {els[0]} does not run from ray {v}{a} to ray {v}{b}")
        elif kind == "dot":
            name = els[0].split(" ", 1)[1]
            cx = sum(x for x, _ in lines[0]) / len(lines[0])
            cy = sum(y for _, y in lines[0]) / len(lines[0])
            if math.dist((cx, cy), pts[name]) > MARK_ON:
                out.append(f"the dot of {els[0]} is {math.dist((cx, cy), pts[name]):.1f} px off it")
        elif kind == "equal":
            per = _per_element(m, "the equal sides", "ticks", out)
            for i, e in enumerate(els):
                p, q = (pts[n] for n in _seg_points(e, pts))
                brace = _bracket(fig, e)
                if brace is not None:  # a split side (or its group's whole one): ticks across its bracket
                    p, q = brace[1], brace[2]
                for tick in lines[i * per:(i + 1) * per]:
                    u = _crossing(tick, p, q)
                    at = None if u is None else (p[0] + u * (q[0] - p[0]), p[1] + u * (q[1] - p[1]))
                    if at is None or min(math.dist(at, xy) for xy in pts.values()) < TICK_CLEAR:
                        out.append(f"a tick of {e} does not cross it clear of its points")
        elif kind == "parallel":
            per = _per_element(m, "the parallels", "arrows", out)
            for i, e in enumerate(els):
                p, q = (pts[n] for n in _seg_points(e, pts))
                line = _drawn_line(fig, pts, p, q)  # (arrows mark a line: on any drawn piece of it)
                for arrow in lines[i * per:(i + 1) * per]:
                    if Point(arrow[1]).distance(line) > MARK_ON:
                        out.append(f"an arrow of {e} is off its segment")
                out += _arrows_room(fig, pts, e, p, q, lines[i * per:(i + 1) * per])
        elif kind == "dimension":  # a side's dimension line: beside it, from end to end
            p, q = (pts[n] for n in _seg_points(els[0], pts))
            ux, uy = q[0] - p[0], q[1] - p[1]
            n = math.hypot(ux, uy)
            (ax, ay), (bx, by) = lines[0][0], lines[0][-1]
            ends = [((x - p[0]) * ux + (y - p[1]) * uy) / n for x, y in ((ax, ay), (bx, by))]
            offs = [((x - p[0]) * uy - (y - p[1]) * ux) / n for x, y in ((ax, ay), (bx, by))]
            if abs(ends[0]) > MARK_ON or abs(ends[1] - n) > MARK_ON or abs(offs[0] - offs[1]) > MARK_ON:
                out.append(f"the dimension line of {els[0]} does not run beside it from end to end")
        elif kind == "arc":  # an asked arc drawn heavier: each stroke along its arc, end to end
            o, a, b = (pts[n] for n in split_points(els[0].split(" ", 1)[1], pts, 3))
            r = math.dist(o, a)
            t0 = math.atan2(o[1] - a[1], a[0] - o[0])
            sweep = (math.atan2(o[1] - b[1], b[0] - o[0]) - t0) % (2 * math.pi)
            for stroke in lines:
                ts = [(math.atan2(o[1] - y, x - o[0]) - t0) % (2 * math.pi) for x, y in stroke]
                end = ASKED_ARC_END
                ts = [t - 2 * math.pi if t > 2 * math.pi - end else t for t in ts]  # (an end rounded past its point)
                if any(abs(math.dist((x, y), o) - r) > MARK_ON for x, y in stroke) or \
                        any(t > sweep + end for t in ts) or min(ts) > end or max(ts) < sweep - end:
                    out.append(f"the heavier stroke of {els[0]} does not run along its arc")
        elif kind == "equal_arc":  # ticks across each arc (centre, then its ends counter-clockwise on screen: y up)
            per = _per_element(m, "the equal arcs", "ticks", out)
            for i, e in enumerate(els):
                o, a, b = (pts[n] for n in split_points(e.split(" ", 1)[1], pts, 3))
                r = math.dist(o, a)
                t0 = math.atan2(o[1] - a[1], a[0] - o[0])
                sweep = (math.atan2(o[1] - b[1], b[0] - o[0]) - t0) % (2 * math.pi)
                for tick in lines[i * per:(i + 1) * per]:
                    cx, cy = (tick[0][0] + tick[-1][0]) / 2, (tick[0][1] + tick[-1][1]) / 2
                    t = (math.atan2(o[1] - cy, cx - o[0]) - t0) % (2 * math.pi)
                    if abs(math.dist((cx, cy), o) - r) > MARK_ON or not 0.1 * sweep < t < 0.9 * sweep:
                        out.append(f"a tick of {e} does not cross its arc by its middle")
        elif kind == "equal_angle":
            per = len(lines) // max(len(els), 1)
            for i, e in enumerate(els):
                a, v, b = _angle_points(e, pts)
                arc = lines[i * per]
                radii = [math.dist(p, pts[v]) for p in arc]
                if max(radii) - min(radii) > MARK_ON or not all(_in_wedge(p, pts[a], pts[v], pts[b]) or
                                                                 math.dist(p, pts[v]) < 1 for p in arc[1:-1]):
                    out.append(f"the arc of {e} is not an arc of its angle")
                if per - 1 != m["count"]:
                    out.append(f"the equal angle {e} carries {per - 1} ticks, not {m['count']}")
    return out


ARROW_ROOM = 34.0  # px: a drawn piece shorter has no room for a parallel arrow clear of its ends (a blind reader
# found one crammed on a 34 px piece)
ARROW_POINT = 4.0  # px: an arrow's stroke nearer a drawn point covers its dot


def _drawn_line(fig: dict, pts: dict, p, q):
    """The drawn segments along line pq (one geometry): a parallel's arrows may sit on any piece of it."""
    along = [LineString([pts[a], pts[b]]) for a, b in fig["segments"]
             if all(_line_off(p, q, pts[n]) < 0.75 for n in (a, b))]
    return shapely.union_all(along or [LineString([p, q])])


def _line_off(p, q, xy) -> float:
    n = math.dist(p, q)
    return abs((q[0] - p[0]) * (xy[1] - p[1]) - (q[1] - p[1]) * (xy[0] - p[0])) / max(n, 1e-9)


def _arrows_room(fig: dict, pts: dict, e: str, p, q, arrows: list) -> list[str]:
    """A parallel's arrows keep off point letters and dots, and lie on one piece of their line (between two
    drawn points) where a piece of it has room for them: across a point, or crammed on a short piece, they
    read as marking another segment or as part of the point's letter."""
    out = []
    strokes = [LineString(a) for a in arrows]
    for lab in fig["labels"]:
        if lab["element"].startswith("point ") and any(s.intersects(box(*lab["bbox"])) for s in strokes):
            out.append(f"an arrow of {e} covers the letter {lab['text']}")
            break
    for n, xy in pts.items():
        if any(s.distance(Point(xy)) < ARROW_POINT for s in strokes):
            out.append(f"an arrow of {e} covers point {n}")
            break
    line = _drawn_line(fig, pts, p, q)
    length = math.dist(p, q)
    ux, uy = (q[0] - p[0]) / length, (q[1] - p[1]) / length
    along = sorted((xy[0] - p[0]) * ux + (xy[1] - p[1]) * uy for xy in pts.values()
                   if _line_off(p, q, xy) < 0.75 and line.distance(Point(xy)) < 0.75)
    pieces = [(s, t) for s, t in zip(along, along[1:]) if t - s > 1.0 and  # (drawn between its points)
              line.distance(Point(p[0] + (s + t) / 2 * ux, p[1] + (s + t) / 2 * uy)) < 0.75]
    ts = [(xy[0] - p[0]) * ux + (xy[1] - p[1]) * uy for a in arrows for xy in a]
    lo, hi = min(ts, default=0.0), max(ts, default=0.0)
    if pieces and max(t - s for s, t in pieces) >= ARROW_ROOM and not any(s <= lo and hi <= t for s, t in pieces):
        out.append(f"the arrows of {e} lie across a point of its line, or on a piece too short for them")
    return out


TICK_LABEL = 2.0  # px: a tick this near a label's box touches it (read as part of the text: "|5" or "x|")


def _ticks_by_labels(fig: dict) -> list[str]:
    """An equal-length tick keeps clear of every label's box: touching one, on a short side crowded with its value,
    it reads as a stroke of the text, or the text as the tick's."""
    out = []
    boxes = [(lab, box(*lab["bbox"])) for lab in fig["labels"]]
    for m in fig.get("marks", []):
        if m["kind"] != "equal" or not m["elements"]:
            continue
        per = max(1, len(m["pixels"]) // len(m["elements"]))
        for i, e in enumerate(m["elements"]):
            for tick in m["pixels"][i * per:(i + 1) * per]:
                stroke = LineString(tick)
                hit = next((lab for lab, b in boxes if b.distance(stroke) < TICK_LABEL), None)
                if hit is not None:
                    out.append(f"a tick of {e} touches the label {hit['text']!r}")
                    break
    return out


ARROWS_MID = 0.3  # of its piece: a parallel's arrows centred farther from their piece's middle sit by an end of it


def _arrows_mid_way(fig: dict, pts: dict) -> list[str]:
    """A parallel's arrows sit on the segment its relation names, mid-way on a piece of it between drawn points, on
    a piece with room for them where it has one: beyond the segment, or on a short piece by its end, they read as
    marking that piece (arrows on a short piece of a line whose whole segment the relation names)."""
    out = []
    for m in fig.get("marks", []):
        if m["kind"] != "parallel" or not m["elements"]:
            continue
        per = len(m["pixels"]) // len(m["elements"])
        for i, e in enumerate(m["elements"]):
            names = split_points(e, pts, 2)
            arrows = m["pixels"][i * per:(i + 1) * per]
            if names is None or not arrows:
                continue
            p, q = pts[names[0]], pts[names[1]]
            length = math.dist(p, q)
            if length < 1e-9:
                continue
            ux, uy = (q[0] - p[0]) / length, (q[1] - p[1]) / length
            ts = [(x - p[0]) * ux + (y - p[1]) * uy for a in arrows for x, y in a]
            lo, hi = min(ts), max(ts)
            if lo < -0.5 or hi > length + 0.5:
                if length >= ARROW_ROOM:  # (a segment with no room for them: on its line's longest piece)
                    out.append(f"the arrows of {e} lie beyond it, on its line: they read as marking another piece")
                continue
            line = _drawn_line(fig, pts, p, q)
            cuts = sorted({0.0, length, *(t for xy in pts.values() if _line_off(p, q, xy) < 0.75 and
                                          0.5 < (t := (xy[0] - p[0]) * ux + (xy[1] - p[1]) * uy) < length - 0.5)})
            pieces = [(s, t) for s, t in zip(cuts, cuts[1:])
                      if line.distance(Point(p[0] + (s + t) / 2 * ux, p[1] + (s + t) / 2 * uy)) < 0.75]
            mine = next(((s, t) for s, t in pieces if s - 0.5 <= lo and hi <= t + 0.5), None)
            if mine is None or max(t - s for s, t in pieces) < ARROW_ROOM:
                continue  # (across a point: ``_arrows_room``'s; no piece with room: the whole segment carries them)
            s, t = mine
            if t - s < ARROW_ROOM:
                out.append(f"the arrows of {e} lie on a {t - s:.0f} px piece of it, where a longer piece has room")
            elif abs((lo + hi) / 2 - (s + t) / 2) > ARROWS_MID * (t - s):
                out.append(f"the arrows of {e} sit by an end of their piece, not mid-way on it")
    return out


# -- issue 38: what slowed the reader of GeomVerse figures ----------------------------------------------------
MIN_CONTRAST = 4.5  # WCAG 2's least contrast ratio for text
GROUND_SHARE = 0.1  # a colour covering this share of a label's box lies under it (the rest: the text's edges)
EQUAL_LENGTH = 0.015  # sides within this share of each other's length are drawn equal
# the reader's own table of the shapes whose sides are equal by their name: how many of the shape's sides,
# of one length, a reader expects ticked as equal (an isosceles triangle: its two legs)
EQUAL_SIDED = {"square": 4, "rhombus": 4, "equilateral_triangle": 3, "isosceles_triangle": 2,
               "regular_pentagon": 5, "regular_hexagon": 6, "regular_octagon": 8}


def query_problems(fig: dict) -> list[str]:
    """The asked element (the export's ``query``) carries a "?" label, an angle's with its arc too: an asked
    angle drawn as a bare ray beside its pair reads as no angle at all (issue 38).  An asked area or perimeter
    may go unlabelled (the question names its shape, whose region shows it), never labelled without "?"."""
    q = fig.get("query") or ""
    if not q:
        return []
    out = []
    own = [lab for lab in fig["labels"] if lab["element"] == q]
    if (own or not q.startswith(("area ", "perimeter "))) and not any("?" in lab["text"] for lab in own):
        out.append(f"the asked {q} carries no '?'")
    if q.startswith("angle ") and q not in {m["element"] for m in fig.get("angle_marks", [])} and not any(
            m["kind"] == "right" and q in m["elements"] for m in fig.get("marks", [])):
        out.append(f"the asked {q} has no arc")
    return out


def _length(pts: dict, side: str) -> float:
    p, q = _seg_points(side, pts)
    return math.dist(pts[p], pts[q])


def tick_problems(fig: dict) -> list[str]:
    """Equal sides read as equal: each shape of ``EQUAL_SIDED`` has that many drawn sides of one length,
    all in one ``equal`` mark; an ``equal`` mark's sides are of one length; two marks differ in their count of
    ticks (one count for two lengths reads as one length)."""
    out = []
    pts = {k: tuple(v) for k, v in fig["points"].items()}
    drawn = {frozenset(s) for s in fig["segments"]}
    marks = [m for m in fig.get("marks", []) if m["kind"] == "equal"]
    group = {}
    for i, m in enumerate(marks):
        for e in m["elements"]:
            group[frozenset(_seg_points(e, pts))] = i
        lengths = [_length(pts, e) for e in m["elements"]]
        if max(lengths) - min(lengths) > EQUAL_LENGTH * max(lengths):
            out.append(f"the ticks of {', '.join(m['elements'])} mark sides of unequal lengths as equal")
    counts = [m["count"] for m in marks]
    if len(set(counts)) < len(counts):
        out.append("two groups of equal sides carry the same count of ticks: they read as one length")
    for shape in fig["shapes"]:
        want = EQUAL_SIDED.get(shape.get("kind", ""))
        names = split_points(shape["name"], pts, len(shape["name"])) if want else None
        if not names:
            continue
        sides = [(a, b) for a, b in zip(names, names[1:] + names[:1]) if frozenset((a, b)) in drawn]
        best: list = []
        for a, b in sides:  # the largest set of the shape's drawn sides of one length
            n = math.dist(pts[a], pts[b])
            same = [s for s in sides if abs(math.dist(pts[s[0]], pts[s[1]]) - n) <= EQUAL_LENGTH * n]
            best = same if len(same) > len(best) else best
        if len(best) < 2:
            continue
        ticked = {group.get(frozenset(s)) for s in best}
        if None in ticked or len(ticked) > 1:
            out.append(f"the equal sides of {shape['kind'].replace('_', ' ')} {shape['name']} carry no common tick")
    return out


def _luminance(rgb) -> float:
    """WCAG 2's relative luminance of 8-bit sRGB channels."""
    lin = [c / 255 / 12.92 if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast_problems(fig: dict, pixels) -> list[str]:
    """Each label's text against what lies under its box in the image (``pixels``: rows × columns × RGB(A),
    8-bit, as the PNG decodes): every colour covering ``GROUND_SHARE`` of the box, other than the text's own
    (the export's ``colour``, else the box's darkest pixel), stands ``MIN_CONTRAST`` against the text."""
    out = []
    for lab in fig["labels"]:
        x0, y0, x1, y1 = lab["bbox"]
        cut = pixels[max(0, math.floor(y0)):math.ceil(y1), max(0, math.floor(x0)):math.ceil(x1), :3]
        flat = [tuple(int(v) for v in px) for row in cut for px in row]
        if not flat:
            continue
        if "colour" in lab:
            ink = tuple(int(lab["colour"][i:i + 2], 16) for i in (1, 3, 5))
        else:
            ink = min(flat, key=_luminance)
        seen: dict = {}
        for px in flat:
            seen[px] = seen.get(px, 0) + 1
        for colour, n in seen.items():
            if n < GROUND_SHARE * len(flat) or max(abs(a - b) for a, b in zip(colour, ink)) <= 8:
                continue
            lt, lg = _luminance(ink), _luminance(colour)
            ratio = (max(lt, lg) + 0.05) / (min(lt, lg) + 0.05)
            if ratio < MIN_CONTRAST - 0.005:
                out.append(f"{lab['text']!r} ({lab['element']}) stands at a contrast of {ratio:.2f} on its ground "
                           f"(#{''.join(f'{c:02x}' for c in colour)}): under {MIN_CONTRAST:g}, faint")
    return out


# -- textbook figures: what a blind reader of 60 read wrong (issue 38), one check per class ----------------
DIM_OFF = 7.0  # px: a split side's dimension line at least this far off it (at 3.7 px it read as the side doubled)
DIM_BAR = 3.0  # px: and a bar across each of its ends, reaching at least this far beyond it
MIDDLE_CLEAR = 0.5  # a split side's value: its centre's foot at most this share as far from the side's middle as
# from any piece's middle (a value beside a piece reads as the piece's: "11" under DB read as DB = 11)
MARK_APART = 4.0  # px between two marks' strokes (nearer, one tick inside another's pair read as a bar)
TICK_GAP = 4.0  # px between the ticks of one group on one element (its count must stay countable)
CROSS_CLEAR = 6.0  # px: a tick or an arrow this far from every other drawn line (on a crossing, it read as one)
MIN_REGION = 60.0  # px²: a smaller triangle of drawn lines is no region a leader can point into


def _along_line(p, q, pts: dict) -> list[tuple[tuple, float, float]]:
    """The points within 0.75 px of line pq: each with its distance along it from p, and pq's length."""
    ux, uy = q[0] - p[0], q[1] - p[1]
    n = math.hypot(ux, uy)
    out = []
    for xy in pts.values():
        vx, vy = xy[0] - p[0], xy[1] - p[1]
        if abs(ux * vy - uy * vx) / max(n, 1e-9) < 0.75:
            out.append((xy, (ux * vx + uy * vy) / max(n, 1e-9), n))
    return out


def _inside_points(p, q, pts: dict) -> list[float]:
    """Where drawn points lie strictly inside segment pq, as distances from p."""
    return sorted(t for _, t, n in _along_line(p, q, pts) if 0.5 < t < n - 0.5)


def _dimension(fig: dict, element: str) -> dict | None:
    """Side ``element``'s dimension line in the export's marks (BC's for CB's value too)."""
    pts = fig["points"]
    want = split_points(element, pts, 2)
    for m in fig.get("marks", []):
        if m["kind"] == "dimension" and want is not None and \
                set(split_points(m["elements"][0], pts, 2) or ()) == set(want):
            return m
    return None


def textbook_problems(fig: dict) -> list[str]:
    """What the blind review of textbook figures misread, each class a check: a split side's value not
    on a dimension line spanning the whole side and by its middle; marks merged with each other, with
    points or with line crossings; a shape's leader pointing into a region another shape's reading could
    claim; a letter of a point nothing drawn passes through; a decimal for a value the problem gives exactly."""
    pts = {k: tuple(v) for k, v in fig["points"].items()}
    return (_split_values(fig, pts) + _bare_dimensions(fig, pts) + _empty_breaks(fig) + _marks_apart(fig, pts) + _leaders(fig, pts)
            + _stray_points(fig, pts) + _crowded_squares(fig, pts) + _extended_values(fig, pts)
            + _crossed_polygons(fig, pts) + _split_ticks(fig, pts) + _sub_angle_values(fig, pts)
            + _bare_region_queries(fig, pts) + _exact_values(fig) + _stacked_squares(fig, pts) + _right_marked_twice(fig, pts)
            + _end_values(fig, pts) + _crossing_dimensions(fig, pts) + _unmarked_goal(fig) + _undrawn_heights(fig, pts) + _undotted_on_circles(fig, pts)
            + _letters_by_a_neighbour(fig, pts) + _cell_labels(fig, pts) + _crossed_arcs(fig, pts)
            + _arrows_apart(fig) + _points_by_lines(fig, pts)
            + _set_off_angles(fig, pts) + _leaders_over_marks(fig) + _bare_angle_expressions(fig)
            + _arcs_by_lines(fig, pts) + _double_arcs(fig, pts) + _regions_outside(fig)
            + _brackets_apart(fig, pts) + _vertex_marks_apart(fig, pts) + _nameless_regions(fig)
            + _hidden_squares(fig, pts) + _astray_dimensions(fig, pts) + _between_sides(fig, pts)
            + _small_tangent_dots(fig) + _arrows_on_arcs(fig, pts) + _shared_rails(fig, pts)
            + _bare_region_marks(fig) + _crossed_squares(fig, pts) + _joined_arcs(fig, pts)
            + _brackets_across_lines(fig, pts) + _hooked_stubs(fig) + _nearest_of_kind(fig, pts) + _leaders_alongside(fig, pts)
            + _function_goals(fig) + _split_compound_goals(fig) + _small_angle_marks(fig, pts) + _leaders_through_labels(fig) + _leaders_crossing(fig)
            + _arcs_past_arms(fig, pts)
            + _angle_labels_in_other_wedges(fig, pts) + _arc_label_stretches(fig, pts)
            + _values_by_radii(fig, pts) + _queries_in_faces(fig, pts) + _parts_apart(fig, pts) + _flat_corners(fig, pts) + _queries_apart(fig)
            + _neighbour_squares(fig) + _touching_squares(fig) + _tick_rows(fig) + _one_length_two_counts(fig, pts) + _unmarked_equal_arcs(fig)
            + _arc_labels_off(fig, pts) + _pieces_by_whole_middles(fig, pts) + _undotted_centres(fig, pts) + _hung_right_angles(fig, pts)
            + _near_incidences(fig, pts) + _sectors_past_chords(fig, pts) + _bracketed_values_moved(fig)
            + _leaders_at_crossings(fig, pts) + _values_on_crossed_sides(fig, pts) + _bare_arc_queries(fig)
            + _pieces_in_dimension_strips(fig, pts) + _dimension_starts(fig, pts) + _small_parts(fig) + _arrows_mid_way(fig, pts)
            + _ticks_by_labels(fig) + _bare_arc_values(fig, pts) + _unlike_touching_dots(fig, pts)
            + _leaders_across_annotated_sides(fig, pts) + _leaders_across_arcs(fig, pts))


NEAR_CENTRE = 0.15  # of the radius: a chord passing nearer its circle's centre (but not through it) reads as a diameter
NEAR_TANGENT = 0.10  # of the radius: a line cutting a circle this shallow, or missing it by as little, reads as tangent
NEAR_BEND = 6.0  # degrees: two drawn lines bent this near straight at a shared end read as one line


def _drawn_lines(fig: dict, pts: dict) -> list[tuple[str, str]]:
    """Each pair of points joined by drawn segments end to end along one straight line (the export's pieces of a
    line, CD and DA, drawn as chord CA)."""
    pieces = {frozenset(sg) for sg in fig["segments"] if sg[0] != sg[1]}
    out = []
    for p, q in itertools.combinations(pts, 2):
        n = math.dist(pts[p], pts[q])
        if n < 1e-9:
            continue
        on = sorted((((pts[x][0] - pts[p][0]) * (pts[q][0] - pts[p][0]) + (pts[x][1] - pts[p][1]) *
                      (pts[q][1] - pts[p][1])) / n, x) for x in pts
                    if x in (p, q) or (_line_off(pts[p], pts[q], pts[x]) <= ON_LINE and 0 < ((pts[x][0] - pts[p][0]) * (
                        pts[q][0] - pts[p][0]) + (pts[x][1] - pts[p][1]) * (pts[q][1] - pts[p][1])) / n < n))
        chain = [x for _, x in on]
        if all(frozenset(ab) in pieces for ab in zip(chain, chain[1:])):
            out.append((p, q))
    return out


def _near_incidences(fig: dict, pts: dict) -> list[str]:
    """Incidences drawn nearly but not quite, that a student reads as given (issue #38): a chord passing under
    ``NEAR_CENTRE`` of the radius from the centre reads as a diameter (reader 27's 20: BC 0.5 off a radius-6
    circle's centre, ∠BAC read as 90°); a line cutting or missing a circle under ``NEAR_TANGENT`` of the radius
    reads as tangent (reader 26's 30); two lines from one point bent under ``NEAR_BEND`` from straight read as one
    line (reader 26's 23: E, O, B 1° off straight).  (Two lines narrowly apart, reader 27's 19, are the layout's:
    the export cannot tell a sliver the facts force, AB = AD = 5 and BD = 1, from a free one.)  An exact incidence (a stated diameter, a tangent, a point on a line) is under ``ON_LINE`` px
    off and reads as what it is; a secant through two drawn points of the circle shows where it crosses, an angle
    at a point with a labelled or marked angle reads by its value."""
    out = []
    lines = _drawn_lines(fig, pts)
    labelled = {split_points(lab["element"][6:], pts, 3)[1] for lab in fig.get("labels", [])
                if lab["element"].startswith("angle ") and split_points(lab["element"][6:], pts, 3)}
    labelled |= {split_points(m["elements"][0][6:], pts, 3)[1] for m in fig.get("marks", []) if m.get("elements")
                 and str(m["elements"][0]).startswith("angle ") and split_points(m["elements"][0][6:], pts, 3)}
    for c in fig.get("circles", []):
        o, r = tuple(c["centre"]), c["radius"]
        for p, q in lines:
            a, b = pts[p], pts[q]
            n = math.dist(a, b)
            d = _line_off(a, b, o)
            along = ((o[0] - a[0]) * (b[0] - a[0]) + (o[1] - a[1]) * (b[1] - a[1])) / n
            ends_on = all(abs(math.dist(e, o) - r) <= ON_LINE for e in (a, b))
            crossings = sum(abs(math.dist(xy, o) - r) <= ON_LINE and _line_off(a, b, xy) <= ON_LINE
                            for xy in pts.values())  # (a secant through two drawn points shows where it crosses)
            if ends_on and ON_LINE < d < NEAR_CENTRE * r:
                out.append(f"chord {p}{q} passes {d:.1f} px from its circle's centre (radius {r:.0f}): it reads as a "
                           "diameter")
            elif crossings < 2 and 0 < along < n and ON_LINE < abs(r - d) < NEAR_TANGENT * r:
                out.append(f"{p}{q} {'cuts' if d < r else 'misses'} its circle by {abs(r - d):.1f} px (radius "
                           f"{r:.0f}): it reads as tangent")
    for (p, q), (s, t) in itertools.combinations(lines, 2):
        for v in {p, q} & {s, t}:
            a, b = (q if v == p else p), (t if v == s else s)
            if a == b or v in labelled:
                continue  # (an angle at the point with its value, or its arc, reads by the value)
            u, w = (pts[a][0] - pts[v][0], pts[a][1] - pts[v][1]), (pts[b][0] - pts[v][0], pts[b][1] - pts[v][1])
            deg = math.degrees(math.acos(max(-1.0, min(1.0, (u[0] * w[0] + u[1] * w[1]) / max(
                math.hypot(*u) * math.hypot(*w), 1e-9)))))
            if deg > 180.0 - NEAR_BEND and _line_off(pts[a], pts[b], pts[v]) > ON_LINE:
                out.append(f"{a}{v} and {v}{b} are bent {180 - deg:.1f}° from straight: {a}, {v}, {b} read as in a line")
    return out


HUNG_LEVEL = 0.02  # a hypotenuse whose ends differ in height by under this share of it lies level


def _cevian(fig: dict, pts: dict, name: str) -> bool:
    """Is a segment drawn from right angle ``name``'s vertex to a point strictly inside its hypotenuse?"""
    a, v, b = name
    line = LineString([pts[a], pts[b]])
    heights = [split_points(m["elements"][0].split(" ", 1)[-1], pts, 2) for m in fig.get("marks", [])
               if m["kind"] == "height" and m["elements"]]  # (a dashed height: a segment drawn too)
    return any(v in (s, t) and (e := t if s == v else s) not in (a, b) and line.distance(Point(pts[e])) < 1.0
               for s, t in [*fig["segments"], *(h for h in heights if h is not None)])


def _hung_right_angles(fig: dict, pts: dict) -> list[str]:
    """A right angle hung over its hypotenuse drawn as the figure's level base (nothing drawn below it): a
    textbook stands a right triangle on a leg, the right angle at a bottom corner; stood on its hypotenuse a blind
    reader took it for another triangle (issue 38).  Not where parallels are marked (their base decides), nor in a
    circle's figure."""
    if any(m["kind"] == "parallel" for m in fig.get("marks", [])) or fig.get("circles"):
        return []  # (a circle's figure stands on its diameter's line, a tangent's right angle above it)
    out = []
    low = max((xy[1] for xy in pts.values()), default=0.0)  # (image rows grow downwards)
    for m in fig.get("marks", []):
        if m["kind"] != "right":
            continue
        for e in m["elements"]:
            name = e.split(" ", 1)[-1]
            if len(name) != 3 or not all(n in pts for n in name):
                continue
            (ax, ay), (vx, vy), (bx, by) = (pts[n] for n in name)
            span = math.hypot(bx - ax, by - ay)
            if span > 0 and _cevian(fig, pts, name):
                continue  # (a height, bisector or median from the right angle up from the hypotenuse: the base)
            if span > 0 and abs(by - ay) < HUNG_LEVEL * span and vy < min(ay, by) and max(ay, by) >= low - 1.0:
                out.append(f"the right angle {name} hangs over its hypotenuse {name[0]}{name[2]} drawn as the base")
    return out


def _wedges(fig: dict, pts: dict) -> list[tuple[str, tuple, float, float]]:
    """The figure's angles as a reader sees them: at each point, each pair of neighbouring drawn rays less than
    180° apart (its vertex, the vertex's pixel, the first ray's direction and the sweep, radians)."""
    out = []
    for v, xy in pts.items():
        dirs = []
        for t in sorted(_rays(fig, pts, xy)):  # (one ray along two segments counted once)
            if not dirs or t - dirs[-1] > 0.01:
                dirs.append(t)
        if len(dirs) > 1 and dirs[0] + 2 * math.pi - dirs[-1] <= 0.01:
            dirs.pop()
        for i, t in enumerate(dirs):
            u = dirs[(i + 1) % len(dirs)]
            sweep = (u - t) % (2 * math.pi)
            if len(dirs) > 1 and 1e-3 < sweep < math.pi - 1e-3:
                out.append((v, xy, t, sweep))
    return out


NAMED_SIDE_PX = 3.0  # px: a named label's leader reads as another side's where it ends this much nearer it
NAMED_ANGLE_SHARE = 0.85  # and as another angle's where it ends under this share of its distance to its own vertex
# (its name says which: only a leader plainly pointing elsewhere misleads)


def _nearest_of_kind(fig: dict, pts: dict) -> list[str]:
    """Each value's own element is the nearest element of its kind to where it sits (a leader's: where the leader
    ends): a side's value nearer its side (or dimension line) than any other drawn segment, an angle's inside its
    angle with no other vertex nearer whose angle it also sits in (a blind reader read a "60°" set by segment PT as
    an angle at P).  A value that names its element ("AB = 12", "∠PTQ = 60°") reads as its own wherever it sits,
    unless its leader plainly points elsewhere (``NAMED_SIDE_PX``, ``NAMED_ANGLE_SHARE``)."""
    out = []
    segments = [(a, b, LineString([pts[a], pts[b]])) for a, b in fig["segments"] if a in pts and b in pts]
    wedges = None
    for lab in fig["labels"]:
        el, text = lab["element"], lab["text"]
        if "=" in text and not lab["leader"] or el.startswith(("point ", "height ")) or el.split(" ")[0] in SHAPE_WORDS:
            continue
        x0, y0, x1, y1 = lab["bbox"]
        at = Point(lab["leader"][0]) if lab["leader"] else Point((x0 + x1) / 2, (y0 + y1) / 2)
        if el.startswith("angle "):
            names = split_points(el[6:], pts, 3)
            if names is None:
                continue
            a, v, b = (pts[n] for n in names)
            if not _in_wedge((at.x, at.y), a, v, b):
                out.append(f"{text!r} ({el}) sits outside its angle: it reads as another's")
                continue
            wedges = _wedges(fig, pts) if wedges is None else wedges
            own = at.distance(Point(v)) * (NAMED_ANGLE_SHARE if "=" in text else 1.0)
            for w, xy, t, sweep in wedges:
                if w != names[1] and math.dist(xy, v) > 0.5 and at.distance(Point(xy)) < own and \
                        0 < (math.atan2(at.y - xy[1], at.x - xy[0]) - t) % (2 * math.pi) < sweep:
                    out.append(f"{text!r} ({el}) sits nearer the angle at {w} than its own at {names[1]}")
                    break
        elif " " not in el and (names := split_points(el, pts, 2)) is not None:
            p, q = (pts[n] for n in names)
            own = at.distance(_side_line(fig, el, p, q)) - (NAMED_SIDE_PX if "=" in text else 0.0)
            for a, b, line in segments:
                if {a, b} == set(names) or all(_line_off(p, q, pts[n]) < 0.75 for n in (a, b)):
                    continue
                if at.distance(line) < own:
                    out.append(f"{text!r} ({el}) sits nearer side {a}{b} than its own")
                    break
    return out


ALONGSIDE_PX = 15.0  # px: a leader whose last three quarters lie this near one drawn segment (a font height)
ALONGSIDE_DEG = 20.0  # and that runs under this from its direction reads as that segment's label


def _leaders_alongside(fig: dict, pts: dict) -> list[str]:
    """A label whose leader runs alongside a drawn segment that is not its own element reads as that segment's
    (newcomer 15's p19: the right angle's "∠ACB = 90°" led down beside the altitude CD, read as CD's)."""
    out = []
    for lab in fig["labels"]:
        if lab.get("leader") is None:
            continue
        (ax, ay), (bx, by) = (p[:2] for p in lab["leader"][:2])
        ux, uy = bx - ax, by - ay
        if math.hypot(ux, uy) <= 2 * ALONGSIDE_PX:  # (a short one ties its label to its element, along nothing)
            continue
        own = set(lab["element"].split(" ")[-1]) if lab["element"].split(" ")[0] not in ("angle", "point") else set()
        for p, q in fig["segments"]:
            if {p, q} == own or p not in pts or q not in pts:
                continue
            line = LineString([pts[p], pts[q]])
            wx, wy = pts[q][0] - pts[p][0], pts[q][1] - pts[p][1]
            turn = math.degrees(math.asin(min(1.0, abs(ux * wy - uy * wx) / max(math.hypot(ux, uy) *
                                                                            math.hypot(wx, wy), 1e-9))))
            if turn < ALONGSIDE_DEG and all(line.distance(Point(ax + t * ux, ay + t * uy)) < ALONGSIDE_PX
                                            for t in (0.25, 0.5, 0.75, 1.0)):
                out.append(f"the leader of {lab['text']!r} ({lab['element']}) runs alongside {p}{q}: it reads as "
                           f"{p}{q}'s label")
                break
    return out


def _function_goals(fig: dict) -> list[str]:
    """A goal that is a function of elements (sin of an angle, a sum, a ratio) marked on its element with a label
    that says only the element ("?", "∠BAC = ?") asks the element, not the function (newcomer 15's p08)."""
    goal = fig.get("goal") or {}
    said = goal.get("expression") or goal.get("element") or ""
    drawn = goal.get("drawn")
    if not drawn or goal.get("parts") or not any(c in said for c in "(+-*/"):  # (a sum of angles: "?" on each)
        return []
    asked = [lab["text"] for lab in fig["labels"] if lab["element"] == drawn and lab["text"].endswith("?")]
    name = ("∠" if drawn.startswith("angle ") else "") + drawn.split(" ")[-1]
    return [f"the goal {said} is asked on {drawn} as {t!r}: it reads as {drawn} asked" for t in asked
            if t.removesuffix("?").strip().removesuffix("=").strip() in ("", name)]


def _split_compound_goals(fig: dict) -> list[str]:
    """A goal that is a sum, difference or ratio of lengths or regions (AB - AC) marked by a "?" on each term ("AB =
    ?", "AC = ?") reads as that many unknowns, each to be found, where only the whole is (reader 40's 29): one
    label names the whole.  Angles are exempt: a "?" in each term's arc shows which angles the sum takes."""
    goal = fig.get("goal") or {}
    said = goal.get("expression") or ""
    if not re.search(r"\w\s*[-+/]\s*\w", said):
        return []
    asked = [lab for lab in fig["labels"] if lab["text"].endswith("?") and not lab["element"].startswith("angle ")]
    if len(asked) < 2:
        return []
    return [f"the goal {said} is asked as {len(asked)} \"?\" ({', '.join(repr(a['text']) for a in asked)}): it reads "
            f"as {len(asked)} unknowns, not one"]


BRACKET_BREAK = 3.0  # px: a bracket broken where it crosses a line stops this far from it at least


def _brackets_across_lines(fig: dict, pts: dict) -> list[str]:
    """A split side's equality bracket that crosses a drawn line (not along its side), unbroken there: it reads as
    a chord of the figure, its tick as a mark on the line it crosses (review 10's 12, 22 and 50)."""
    out = []
    for m, el in _bracket_marks(fig):
        p, q = (pts[n] for n in _seg_points(el, pts))
        pieces = [LineString(pc) for pc in m["pixels"] if len(pc) > 1]  # (broken where it crosses: reads as
        for a, b in fig.get("segments", []):  # passing under the line, as a dimension line broken there does)
            s, t = pts[a], pts[b]
            if _collinear_overlap(p, q, s, t) or _along(LineString([s, t]), p, q):
                continue
            if any(pc.distance(LineString([s, t])) < BRACKET_BREAK for pc in pieces):
                out.append(f"the bracket of {el} crosses {a}{b}: it reads as a line of the figure")
                break
    return out


BRACKET_L = 2.5  # legs: a broken bracket's end piece (its leg and the span's stub to the break) under this many legs
# long is an L: a right-angle square by the crossing (reader 42's 01, FormalGeo 3048: a 20 px stub, a 12 px hook)


def _hooked_stubs(fig: dict) -> list[str]:
    """A split side's bracket broken where it crosses a line, whose end piece (leg and stub) is short: beside the
    crossing it reads as a right angle's square there, not as a bracket's end."""
    out = []
    for m, el in _bracket_marks(fig):
        drawn = [pc for pc in m["pixels"] if len(pc) > 1]
        if len(drawn) < 2:
            continue
        for foot, corner, cut in ((drawn[0][0], drawn[0][1], drawn[0][-1]), (drawn[-1][-1], drawn[-1][-2], drawn[-1][0])):
            leg = math.dist(foot, corner)
            if leg > 0 and math.dist(corner, cut) < BRACKET_L * leg:
                out.append(f"the bracket of {el} ends in a {math.dist(corner, cut):.0f} px stub and a {leg:.0f} px "
                           "hook by a crossing: it reads as a right-angle mark")
                break
    return out


def _bare_angle_expressions(fig: dict) -> list[str]:
    """An angle's value in a variable printed without its degree sign: beside a side it reads as the side's
    length (review 6: "5y" above PL read as PL's, "3x-6" by PM)."""
    import re

    return [f"{lab['text']!r} ({lab['element']}) has no degree sign: it reads as a length"
            for lab in fig["labels"] if lab["element"].startswith("angle ") and "°" not in lab["text"]
            and re.search(r"[a-z]", lab["text"]) and not re.match(r"(sin|cos|tan) ∠\w+ = \?$", lab["text"])]
    # (an asked sine is a number, not an angle: "sin ∠BAC = ?")


ARC_WIDE = 22.0  # px: an angle's arc beyond this radius is drawn wider than usual (a narrow angle's)
ARC_OFF_LINE = 3.0  # px: such an arc nearer a drawn line that does not pass its vertex runs against it


def _arcs_by_lines(fig: dict, pts: dict) -> list[str]:
    """A widened angle arc that runs within ``ARC_OFF_LINE`` px of a drawn segment not through its vertex: far
    from its corner and against another line, it reads as an angle there (review 6: the arc of ADC 60 px out,
    across BC by E, read as an angle at E)."""
    out = []
    for am in fig.get("angle_marks", []):
        r = am["radius"]
        if r <= ARC_WIDE:
            continue
        a, v, b = (pts[n] for n in _angle_points(am["element"], pts))
        ta, tb = (math.atan2(e[1] - v[1], e[0] - v[0]) for e in (a, b))
        sweep = (tb - ta) % (2 * math.pi)
        if sweep > math.pi:
            ta, sweep = tb, 2 * math.pi - sweep
        k = max(8, int(r * sweep / 2))
        arc = LineString([(v[0] + r * math.cos(ta + sweep * i / k), v[1] + r * math.sin(ta + sweep * i / k))
                          for i in range(k + 1)])
        near = [f"{s}{t}" for s, t in fig["segments"] if LineString([pts[s], pts[t]]).distance(Point(v)) > 1.0
                and LineString([pts[s], pts[t]]).distance(arc) < ARC_OFF_LINE]
        if near:
            out.append(f"the arc of {am['element']} ({r:.0f} px out) runs against {near[0]}: it reads as an angle "
                       "there")
    return out


def _arm_length(fig: dict, pts: dict, v: str, a: str) -> float | None:
    """How far the drawn line runs from point ``v`` towards ``a`` (the longest drawn segment through ``v`` along
    that ray), None where none is drawn."""
    pv, pa = pts[v], pts[a]
    ta = math.atan2(pa[1] - pv[1], pa[0] - pv[0])
    best = None
    for s, t in fig["segments"]:
        if LineString([pts[s], pts[t]]).distance(Point(pv)) > 1.0:
            continue
        for e in (pts[s], pts[t]):
            n = math.dist(e, pv)
            if n > 1.0 and abs(math.remainder(math.atan2(e[1] - pv[1], e[0] - pv[0]) - ta, 2 * math.pi)) < 0.02:
                best = max(best or 0.0, n)
    return best


def _arcs_past_arms(fig: dict, pts: dict) -> list[str]:
    """An angle's arc drawn farther out than one of its arms runs: past the arm's end it hangs in blank space, and
    which end is the point's reads unsure (reader 36's 09: the 88° arc at M 170 px out by MB 142 px long)."""
    out = []
    for am in fig.get("angle_marks", []):
        names = _angle_points(am["element"], pts)
        arms = [_arm_length(fig, pts, names[1], e) for e in (names[0], names[2])]
        arm = min((x for x in arms if x is not None), default=None)
        if arm is not None and am["radius"] > arm:
            out.append(f"the arc of {am['element']} ({am['radius']:.0f} px out) runs past the end of an arm "
                       f"({arm:.0f} px)")
    return out


def _double_arcs(fig: dict, pts: dict) -> list[str]:
    """An angle of an equal-angle group that carries its value on an arc of its own, the group's arc drawn
    inside it: the double arc reads as another group than its single-arc partners (review 6: the ticked arc
    of DCF inside its 130° arc, BAE's single).  The group's ticks belong on the value's arc."""
    out = []
    for am in fig.get("angle_marks", []):
        a, v, b = _angle_points(am["element"], pts)
        for m in fig.get("marks", []):
            if m["kind"] != "equal_angle" or not any(
                    set(split_points(e[6:], pts, 3) or ()) == {a, v, b} and (split_points(e[6:], pts, 3) or "")[1] == v
                    for e in m["elements"]):
                continue
            radii = [sum(math.dist(p, pts[v]) for p in line) / len(line) for line in m["pixels"] if len(line) > 2
                     and all(abs(math.dist(p, pts[v]) - math.dist(line[0], pts[v])) < 1.0 for p in line)]
            if not any(abs(r - am["radius"]) < 1.5 for r in radii):
                out.append(f"the equal-angle arc of {am['element']} is drawn apart from its value's arc: a double "
                           "arc reads as another group")
    return out


def _regions_outside(fig: dict) -> list[str]:
    """A region's label (area, perimeter) whose text sits outside its polygon with no leader into it: it reads as
    the region it sits in (review 6: "area ACBD = ?" of a thin sliver below its chord, in the circle's big part)."""
    shapes = {s["name"]: Polygon(s["outline"], s.get("holes") or []) for s in fig.get("shapes", [])}
    out = []
    for lab in fig["labels"]:
        word, _, name = lab["element"].partition(" ")
        poly = shapes.get(name)
        if word not in ("area", "perimeter") or poly is None or not poly.is_valid:
            continue
        x0, y0, x1, y1 = lab["bbox"]
        at = Point(lab["leader"][0]) if lab["leader"] is not None else Point((x0 + x1) / 2, (y0 + y1) / 2)
        if not poly.buffer(1.0).contains(at) and not _legend_line(lab, shapes.values(), fig["size"][0]):
            out.append(f"{lab['text']!r} ({lab['element']}) sits outside its polygon with no leader into it")
    return out


def _sectors_past_chords(fig: dict, pts: dict) -> list[str]:
    """A sector's label whose leader ends (or whose text sits) past its drawn chord, in the circular segment: it
    reads as asking the segment's area (blind reader 29's 18: "sector area OBC = ?" led beyond chord BC)."""
    out = []
    for s in fig.get("shapes", []):
        ring = s["outline"]
        if s.get("kind") != "sector" or len(ring) < 4:
            continue
        o, a, b = ring[0], ring[1], ring[-2]
        ends = {n for n, xy in pts.items() for e in (a, b) if math.dist(xy, e) <= 1.0}
        if not any(set(sg) <= ends and sg[0] != sg[1] for sg in fig["segments"]):
            continue  # (no chord drawn: the whole sector reads as one region)

        def side(p) -> float:
            return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
        for lab in fig["labels"]:
            if lab["element"].partition(" ")[2] != s["name"] or lab["element"].partition(" ")[0] not in (
                    "area", "perimeter"):
                continue
            x0, y0, x1, y1 = lab["bbox"]
            at = lab["leader"][0] if lab["leader"] is not None else ((x0 + x1) / 2, (y0 + y1) / 2)
            if side(at) * side(o) < 0:
                out.append(f"{lab['text']!r} points past its sector's chord, into the circular segment")
    return out


def _bracketed_values_moved(fig: dict) -> list[str]:
    """A given side's value moved off the figure where an equal-length bracket spans that side: the bracket
    took its dimension line's place and reads as a dimension line with its number missing (blind reader 29's
    05: a square's AB = 55 nowhere on the figure)."""
    spanned = {frozenset(e) for m in fig.get("marks", []) if m["kind"] == "bracket" for e in m["elements"]}
    return [f"{g['fact']!r} is moved off the figure beside the bracket of {g['element']}"
            for g in fig.get("givens", []) if g.get("shown") == "moved" and frozenset(g["element"]) in spanned]


LEGEND_FLUSH = 8.5  # px: a legend line is flush with the canvas's left or right margin (the renderer's 8 px)


def _legend_line(lab: dict, regions, width: float) -> bool:
    """Is a region's label a legend line: its text names it ("perimeter BCD = 3"), with no leader, flush with the
    canvas's left or right margin, in no region of the figure (a free corner)?  It reads as its own where it sits,
    as a side's named line does; a named label merely off its region (review 6's sliver) is none."""
    where = box(*lab["bbox"])
    x0, _, x1, _ = lab["bbox"]
    return lab["leader"] is None and lab["text"].startswith(f"{lab['element']} = ") and (
        x0 <= LEGEND_FLUSH or x1 >= width - LEGEND_FLUSH) and not any(p.is_valid and p.intersects(where)
                                                                     for p in regions)


def _crossed_polygons(fig: dict, pts: dict) -> list[str]:
    """A polygon the question names (area ABDC, in the goal or a given, drawn or not as a shape) whose outline
    crosses itself: its area reads as no shape on the figure (review 2: B reflected across AD, AB crossing DC)."""
    import re

    texts = [g["fact"] for g in fig.get("givens", [])] + [(fig.get("goal") or {}).get("element") or ""]
    out = []
    for name in dict.fromkeys(n for t in texts for n in re.findall(r"(?<![a-z_])(?:area|perimeter)[ (]([A-Z]{4,})", t)):
        names = split_points(name, pts, len(name))
        if names is None:
            continue
        ring = Polygon([pts[n] for n in names])
        if not ring.is_valid or not LineString([*ring.exterior.coords]).is_simple:
            out.append(f"the polygon {name} the question names is drawn crossing itself")
    return out


def _rays(fig: dict, pts: dict, v) -> list[float]:
    """The directions (radians, pixels) of the drawn rays leaving pixel ``v``: a segment ending there, or both
    ways along one through it."""
    rays = []
    for a, b in fig["segments"]:
        p, q = pts[a], pts[b]
        for e, f in ((p, q), (q, p)):
            if math.dist(e, v) < 1.5 and math.dist(f, v) > 1.5:
                rays.append(math.atan2(f[1] - v[1], f[0] - v[0]))
        if math.dist(p, v) >= 1.5 and math.dist(q, v) >= 1.5 and LineString([p, q]).distance(Point(v)) < 1.0:
            rays += [math.atan2(e[1] - v[1], e[0] - v[0]) for e in (p, q)]
    return rays


SQUARE_RAY = 15.0  # degrees: another drawn ray this near a right-angle square's side makes it read as its angle


def _crowded_squares(fig: dict, pts: dict) -> list[str]:
    """A right-angle square with another drawn ray at its corner within ``SQUARE_RAY`` of one of its sides, outside
    its quarter: the square reads as that ray's right angle.  A ray inside the quarter runs through the square,
    which spans its whole right angle from arm to arm as a textbook draws it (issue 38; review 2 had read ray CD 10°
    inside CA as squaring BCD): ``_crossed_squares`` asks the parts there their own arcs, ``_hidden_squares`` the
    square its size."""
    out = []
    for m in fig.get("marks", []):
        if m["kind"] not in ("right", "height"):
            continue
        (x0, y0), (x1, y1), (x2, y2) = m["pixels"][0][:3]
        v = (x0 + x2 - x1, y0 + y2 - y1)
        sides = [math.atan2(y - v[1], x - v[0]) for x, y in ((x0, y0), (x2, y2))]
        for r in _rays(fig, pts, v):
            gaps = [abs(math.degrees(math.remainder(r - s, 2 * math.pi))) for s in sides]
            if min(gaps) > 2.0 and min(gaps) < SQUARE_RAY and not _strictly_between(r, *sides):
                out.append(f"the right-angle square of {m['elements'][0]} has another ray {min(gaps):.0f}° from "
                           "its side: it reads as that ray's right angle")
                break
    return out


def _side_values(fig: dict, pts: dict, named: bool = False) -> list[tuple[dict, str, tuple, tuple]]:
    """Each label of a segment's value: the label, its segment and the segment's ends (``named``: those that
    name their segment, "AB = 12", too)."""
    out = []
    for lab in fig["labels"]:
        el = lab["element"]
        if " " not in el and (names := split_points(el, pts, 2)) is not None and \
                (named or not lab["text"].startswith((f"{el} = ", f"{el[::-1]} = "))):  # (a "?" or a value that
            # names its side reads as its own)
            out.append((lab, el, pts[names[0]], pts[names[1]]))
    return out


def _split_values(fig: dict, pts: dict) -> list[str]:
    """A split side's value on a dimension line spanning the whole side, by its middle: a value by the side, or
    led to it, sits by one piece and reads as that piece's; named ("AB = 12") it may sit by the side, never led
    to it (blind readers read "12" of AB, its leader on AD of A-D-B, as AD = 12: a name the leader contradicts
    is read past)."""
    out = []
    legend = {g.get("drawn") or g["element"] for g in fig.get("givens", []) if g.get("shown") == "legend"}
    for lab, el, p, q in _side_values(fig, pts, named=True):
        cuts = _inside_points(p, q, pts)
        named = lab["text"].startswith((f"{el} = ", f"{el[::-1]} = "))
        m = _dimension(fig, el)
        if cuts and m is None and named and el not in legend:  # (named, by the side: by its middle, never nearer a
            out += _named_by_piece(lab, el, p, q, cuts)  # piece's, reader 43's 24: "DP = ?" over DO of D-O-P)
        if not cuts or lab["text"] in (f"{el} = ?", f"{el[::-1]} = ?"):
            continue  # (the goal named, "AB = ?", by its side: the question says the same)
        if m is None and lab.get("leader"):
            out.append(f"{lab['text']!r} ({el}) is led by its leader to a piece of it, a side that points split, "
                       "with no dimension line")
        elif m is None and el not in legend:  # (named too: "AC = 21" by GC of A-G-C read as GC = 21, blind reader
            # 29's 25; a legend's line in a corner is by no side)
            out.append(f"{lab['text']!r} ({el}) is beside a side that points split, with no dimension line")
        if m is None:
            continue
        if _in_break(m, lab):  # (in its line's break, by the middle: the textbook's place)
            out += _dimension_shape(m, el, p, q) + _dimension_span(m, el, p, q)
            continue
        out += _dimension_shape(m, el, p, q) + _dimension_span(m, el, p, q)
        n = math.dist(p, q)
        ux, uy = (q[0] - p[0]) / n, (q[1] - p[1]) / n
        (ax, ay) = m["pixels"][0][0]
        dim_off = (ax - p[0]) * uy - (ay - p[1]) * ux
        x0, y0, x1, y1 = lab["bbox"]
        cx, cy = lab["leader"][0] if lab.get("leader") else ((x0 + x1) / 2, (y0 + y1) / 2)
        t = (cx - p[0]) * ux + (cy - p[1]) * uy
        off = (cx - p[0]) * uy - (cy - p[1]) * ux
        if lab.get("leader") and abs(off - dim_off) > LED_TO_DIMENSION:
            out.append(f"{lab['text']!r} ({el}) is led to a point {abs(off - dim_off):.0f} px off its dimension line")
        elif not lab.get("leader") and (off * dim_off < 0 or abs(off) < abs(dim_off)):
            out.append(f"{lab['text']!r} ({el}) is not beyond its dimension line")
        ends = [0.0, *cuts, n]
        pieces = [(s + e) / 2 for s, e in zip(ends, ends[1:])]
        if named and abs(t - n / 2) > n / 6 + 1.0:
            out.append(f"{lab['text']!r} ({el}) sits off its dimension line's middle third")
        elif not named and abs(t - n / 2) > MIDDLE_CLEAR * min(abs(t - c) for c in pieces):
            out.append(f"{lab['text']!r} ({el}) sits by a piece of its side, not by its middle: it reads as the "
                       "piece's")
    return out


def _named_by_piece(lab: dict, el: str, p, q, cuts: list[float]) -> list[str]:
    """A split side's named value or "?" by the side with no dimension line: its centre (or its leader's end) nearer
    one piece's middle than the whole's reads as that piece's, whatever its name says."""
    n = math.dist(p, q)
    ux, uy = (q[0] - p[0]) / n, (q[1] - p[1]) / n
    x0, y0, x1, y1 = lab["bbox"]
    cx, cy = lab["leader"][0] if lab.get("leader") else ((x0 + x1) / 2, (y0 + y1) / 2)
    t = (cx - p[0]) * ux + (cy - p[1]) * uy
    if any(abs(c - n / 2) < y1 - y0 for c in cuts):  # (a point at its middle, a diameter's centre: no place by
        return []  # the middle reads as the whole's, its name says which)
    ends = [0.0, *cuts, n]
    nearest = min(abs(t - (s + e) / 2) for s, e in zip(ends, ends[1:]))
    if nearest < abs(t - n / 2):
        return [f"{lab['text']!r} ({el}) sits nearer a piece's middle than its side's: it reads as the piece's"]
    return []


SPAN_APART = 1.0  # fonts: a valued side's middle at least this far from the middle of the side with the drawn
# piece beyond its end (review 2: BD 16 px beyond AD, "25" for AD read as BA's)


def _beyond(p, q, pts: dict, drawn) -> float:
    """The length of the shortest drawn piece that carries segment pq on past an end (0: none)."""
    out = []
    for xy, t, n in _along_line(p, q, pts):
        if -0.5 <= t <= n + 0.5:
            continue
        end = p if t < 0 else q
        if LineString([end, xy]).difference(drawn).length < 1.0:
            out.append(math.dist(end, xy))
    return min(out, default=0.0)


def _extended_values(fig: dict, pts: dict) -> list[str]:
    """A side's value where the side's line runs on past an end by a short drawn piece: with no dimension line
    of its own, its place reads as the longer segment's too."""
    font = max((lab["bbox"][3] - lab["bbox"][1] for lab in fig["labels"]), default=0.0)
    drawn = shapely.union_all([LineString([pts[a], pts[b]]) for a, b in fig["segments"]]).buffer(0.75)
    out = []
    for lab, el, p, q in _side_values(fig, pts):
        piece = _beyond(p, q, pts, drawn)
        if 0 < piece / 2 < SPAN_APART * font and _dimension(fig, el) is None:
            out.append(f"{lab['text']!r} ({el}) sits {piece / 2:.0f} px from the middle of its side drawn on "
                       "past an end, with no dimension line: it reads as the longer side's")
    return out


BREAK_SLACK = 1.0  # px: a value in a dimension line's break, its centre this near the break's middle


def _in_break(m: dict, lab: dict) -> bool:
    """Does ``lab`` sit in the break of dimension line ``m`` (no leader, its centre the break's middle, its box
    covering the break's stretch of the line)?"""
    if "gap" not in m or lab.get("leader"):
        return False
    (ax, ay), (bx, by) = m["gap"]
    x0, y0, x1, y1 = lab["bbox"]
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return math.dist(((ax + bx) / 2, (ay + by) / 2), (cx, cy)) <= BREAK_SLACK


def _empty_breaks(fig: dict) -> list[str]:
    """A dimension line broken for its value carries it in the break: an empty break reads as two lines with no
    value (blind reader 29's 05: brackets with no number)."""
    out = []
    for m in fig.get("marks", []):
        if m["kind"] == "dimension" and "gap" in m and not any(
                _in_break(m, lab) for lab in fig["labels"] if " " not in lab["element"] and
                set(split_points(lab["element"], fig["points"], 2) or ()) ==
                set(split_points(m["elements"][0], fig["points"], 2) or ())):
            out.append(f"the dimension line of {m['elements'][0]} is broken with no value in the break")
    return out


def _bare_dimensions(fig: dict, pts: dict) -> list[str]:
    """A dimension line carries its side's value or ticks: bare, it shows a length the figure never gives."""
    out = []
    for m in fig.get("marks", []):
        if m["kind"] != "dimension":
            continue
        side = set(split_points(m["elements"][0], pts, 2) or ())
        valued = any(set(split_points(lab["element"], pts, 2) or ()) == side for lab in fig["labels"]
                     if " " not in lab["element"])
        if not valued:  # (ticks alone on it: review 2 read it as a value forgotten, the ticks as off their side)
            out.append(f"the dimension line of {m['elements'][0]} carries no value")
    return out


DIM_SPAN = 2.0  # px: a dimension line's ends this near the perpendiculars at its side's ends
LED_TO_DIMENSION = 8.0  # px: a split side's value set off with a leader, its leader ending this near its dimension line


SMALL_CIRCLE = 1 / 3  # a circle under this share of the figure's extent across has shrunk into a corner of it
SMALL_SHAPE = 0.2  # a polygon's widest reach under this share likewise (a point far off sets the extent)


def _small_parts(fig: dict) -> list[str]:
    """No circle or shaded polygon shrunk into a corner: a point far from the rest (a tangent's end 22 radii out)
    sets the figure's extent, and the circle with everything on it reads as a detail nobody can read."""
    pts = [tuple(v) for v in fig["points"].values()]
    ring = [(c["centre"][0] + dx * c["radius"], c["centre"][1] + dy * c["radius"]) for c in fig.get("circles", [])
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]
    every = pts + ring
    if len(every) < 2:
        return []
    extent = max(max(x for x, _ in every) - min(x for x, _ in every), max(y for _, y in every) - min(y for _, y in every))
    out = [f"the circle about ({c['centre'][0]:.0f}, {c['centre'][1]:.0f}) is {2 * c['radius']:.0f} px across in a "
           f"figure {extent:.0f} px wide: it has shrunk into a corner" for c in fig.get("circles", [])
           if 2 * c["radius"] < SMALL_CIRCLE * extent]
    for s in fig.get("shapes", []):
        ring = s.get("outline") or []
        if ring and s.get("kind", "polygon") == "polygon" and max(math.dist(a, b) for a in ring for b in ring) < SMALL_SHAPE * extent:
            out.append(f"the polygon {s['name']} is under {SMALL_SHAPE:.0%} of the figure's width across: it has "
                       "shrunk into a corner")
    return out


DIM_START = 8.0  # px: a dimension line's end bar (its extension line) reaching this near its point starts there
DIM_START_RATIO = 1.5  # else its end this many times nearer its own point than any other drawn point


def _dimension_starts(fig: dict, pts: dict) -> list[str]:
    """Each end of a dimension line starts at its point: an extension line from the point out to it, or the end
    clearly nearest that point (a line with short bars at its ends, a font and more off its side, read as starting
    at the point nearest an end: CB's "4" from X above C, LM's from E beside L)."""
    out = []
    for m in fig.get("marks", []):
        if m["kind"] != "dimension" or (names := split_points(m["elements"][0], pts, 2)) is None:
            continue
        main, bars = m["pixels"][0], [LineString(b) for b in m["pixels"][1:] if len(b) > 1]
        for end in (main[0], main[-1]):
            a, b = pts[names[0]], pts[names[1]]  # (its own point: the side's end it stands level with)
            along = ((end[0] - a[0]) * (b[0] - a[0]) + (end[1] - a[1]) * (b[1] - a[1])) / max(math.dist(a, b) ** 2, 1e-9)
            own = names[0] if along < 0.5 else names[1]
            if any(b.distance(Point(pts[own])) <= DIM_START for b in bars):
                continue
            near = math.dist(end, pts[own])
            other = min((n for n in pts if n != own), key=lambda n: math.dist(end, pts[n]), default=None)
            if other is not None and math.dist(end, pts[other]) < DIM_START_RATIO * near:
                out.append(f"the dimension line of {m['elements'][0]} starts {near:.0f} px from {own} and "
                           f"{math.dist(end, pts[other]):.0f} px from {other}: it reads as starting at {other}")
    return out


def _dimension_span(m: dict, el: str, p, q) -> list[str]:
    """A dimension line spans exactly its side: parallel to it, its ends level with the side's ends (shorter or
    longer, it measures another segment)."""
    n = math.dist(p, q)
    ux, uy = (q[0] - p[0]) / n, (q[1] - p[1]) / n
    a, b = m["pixels"][0][0], m["pixels"][0][-1]
    ta, tb = sorted(((xy[0] - p[0]) * ux + (xy[1] - p[1]) * uy) for xy in (a, b))
    oa, ob = (((xy[0] - p[0]) * uy - (xy[1] - p[1]) * ux) for xy in (a, b))
    if abs(ta) > DIM_SPAN or abs(tb - n) > DIM_SPAN or abs(oa - ob) > DIM_SPAN:
        return [f"the dimension line of {el} does not span {el} end to end"]
    return []


def _dimension_shape(m: dict, el: str, p, q) -> list[str]:
    """A dimension line clearly off its side, with a bar across each end."""
    n = math.dist(p, q)
    ux, uy = (q[0] - p[0]) / n, (q[1] - p[1]) / n

    def off(xy):
        return (xy[0] - p[0]) * uy - (xy[1] - p[1]) * ux

    main = m["pixels"][0]
    d = off(main[0])
    out = []
    if abs(d) < DIM_OFF:
        out.append(f"the dimension line of {el} is {abs(d):.1f} px off it: it reads as the side drawn twice")
    for end in (main[0], main[-1]):
        if not any(min(math.dist(end, xy) for xy in bar) <= MARK_ON + abs(d) and
                   LineString(bar).distance(Point(end)) <= MARK_ON and
                   max(off(xy) * math.copysign(1, d) for xy in bar) >= abs(d) + DIM_BAR for bar in m["pixels"][1:]):
            out.append(f"the dimension line of {el} has no bar across its end")
            break
    return out


def _glyphs(fig: dict, pts: dict) -> list[tuple[tuple, str, LineString]]:
    """Every mark's strokes, each with its owner (mark, element) and what it is."""
    out = []
    for k, m in enumerate(fig.get("marks", [])):
        lines, els = m["pixels"], m["elements"]
        if m["kind"] == "dot":
            continue
        if m["kind"] == "dimension":
            out += [((k, els[0]), "dimension", LineString(ln)) for ln in lines]
            continue
        if m["kind"] == "height":
            lines = lines[:1]  # its square (the dashed height is a line of the figure)
        grouped = m["kind"] in ("equal", "parallel", "equal_angle")
        per = max(1, len(lines) // max(len(els), 1)) if grouped else len(lines)
        for i, ln in enumerate(lines):
            el = els[min(i // per, len(els) - 1)]
            out.append(((k, el), m["kind"], LineString(ln)))
    return out


def _marks_apart(fig: dict, pts: dict) -> list[str]:
    """Two marks' strokes ``MARK_APART`` px apart; a tick or an arrow ``CROSS_CLEAR`` px from every other drawn
    line and from points; a split side's ticks across its dimension line; a group's ticks countable."""
    out = []
    marks = fig.get("marks", [])
    glyphs = _glyphs(fig, pts)
    for i, (own1, kind1, g1) in enumerate(glyphs):
        for own2, kind2, g2 in glyphs[i + 1:]:
            if own1 == own2 or (_same_side(own1[1], own2[1], pts) and {"dimension", "bracket"} & {kind1, kind2}) or \
                    (own1[0] == own2[0] and kind1 == "equal_angle") or g1.equals(g2) or \
                    (kind1 == kind2 == "right" and g1.touches(g2)):
                continue  # one mark's own strokes; a split side's ticks on its own dimension line; equal
                # angles side by side (one arc, ticked in each part); one square shown for two relations; two
                # right angles side by side (their squares meet on the common arm)
            if g1.distance(g2) < MARK_APART:
                out.append(f"the {kind1} mark of {own1[1]} and the {kind2} mark of {own2[1]} run into each other")
    segments = [LineString([pts[a], pts[b]]) for a, b in fig["segments"]]
    circles = [Point(c["centre"]).buffer(c["radius"], 64).exterior for c in fig.get("circles", [])]
    for m in marks:
        if m["kind"] not in ("equal", "parallel"):
            continue
        per = max(1, len(m["pixels"]) // max(len(m["elements"]), 1))
        for i, el in enumerate(m["elements"]):
            p, q = (pts[n] for n in _seg_points(el, pts))
            own = LineString([p, q]) if m["kind"] == "equal" else _drawn_line(fig, pts, p, q)
            # (a parallel's arrows mark its line: on any drawn piece of it)
            strokes = m["pixels"][i * per:(i + 1) * per]
            if m["kind"] == "equal" and (_inside_points(p, q, pts) or _bracket(fig, el) is not None):
                continue  # a split side's ticks are across its bracket (``_split_ticks``), as its group's whole
                # sides' are where one style marks the group
            if not all(LineString(s).distance(own) < MARK_ON for s in strokes):
                out.append(f"a {'tick' if m['kind'] == 'equal' else 'arrow'} of {el} is not across its segment")
            others = [s for s in segments if not _along(s, p, q) and not (
                m["kind"] == "parallel" and all(_line_off(p, q, xy) < 0.75 for xy in s.coords))] + circles
            for s in strokes:
                g = LineString(s)
                if any(g.distance(o) < CROSS_CLEAR for o in others):
                    out.append(f"a {'tick' if m['kind'] == 'equal' else 'arrow'} of {el} sits on a line crossing")
                    break
                if any(g.distance(Point(xy)) < TICK_CLEAR for xy in pts.values()):
                    out.append(f"a {'tick' if m['kind'] == 'equal' else 'arrow'} of {el} sits at a point")
                    break
            if m["kind"] == "equal" and len(strokes) > 1:
                mids = sorted(own.project(LineString(s).centroid) for s in strokes)
                if min(b - a for a, b in zip(mids, mids[1:])) < TICK_GAP:
                    out.append(f"the ticks of {el} are under {TICK_GAP:g} px apart: their count is not readable")
    return out


def _same_side(e1: str, e2: str, pts: dict) -> bool:
    a, b = split_points(e1, pts, 2), split_points(e2, pts, 2)
    return a is not None and b is not None and set(a) == set(b)


def _along(line: LineString, p, q) -> bool:
    (a, b) = line.coords[0], line.coords[-1]
    return _collinear_overlap(p, q, a, b) or _collinear_overlap(a, b, p, q)


def _regions(fig: dict, pts: dict) -> list[Polygon]:
    """The triangles whose three sides are drawn (along segments): regions a reader may take a label for."""
    drawn = shapely.union_all([LineString([pts[a], pts[b]]) for a, b in fig["segments"]]).buffer(1.0)
    names = sorted(pts)

    def covered(a, b):
        return LineString([pts[a], pts[b]]).difference(drawn).length < 2.0

    edge = {(a, b): covered(a, b) for i, a in enumerate(names) for b in names[i + 1:]}
    out = []
    for a, b, c in itertools.combinations(names, 3):
        if edge[(a, b)] and edge[(b, c)] and edge[(a, c)]:
            tri = Polygon([pts[a], pts[b], pts[c]])
            if tri.area >= MIN_REGION:
                out.append(tri)
    return out


def _leaders(fig: dict, pts: dict) -> list[str]:
    """A shape label with a leader: its tip in no drawn region that is not part of its shape (the tip in two
    triangles points at either), its text in no region but its shape's parts."""
    out = []
    labels = [lab for lab in fig["labels"] if lab["leader"] is not None and lab["element"].split(" ")[0] in
              ("area", "perimeter")]
    if not labels:
        return out
    shapes = {s["name"]: Polygon(s["outline"]).buffer(0) for s in fig["shapes"]}
    regions = _regions(fig, pts) + list(shapes.values())
    for lab in labels:
        name = lab["element"].split(" ", 1)[1]
        own = shapes.get(name)
        if own is None:
            continue
        tip = Point(lab["leader"][0])
        x0, y0, x1, y1 = lab["bbox"]
        text = Point((x0 + x1) / 2, (y0 + y1) / 2)
        # a region part of its shape, or around it (the smaller reads as meant), is no other reading
        others = [r for r in regions if r.difference(own).area > 0.02 * r.area and
                  own.difference(r).area > 0.02 * own.area]
        parts = [r for r in regions if own.buffer(1.0).contains(r) and r.area < 0.98 * own.area]
        shaded = any(sh["name"] == name and sh.get("shade") for sh in fig["shapes"])  # (its grey says the region
        # the tip is in: reader 32's 24 found the leader into an unshaded sector said little)
        for r in ([] if shaded else others):  # (a tip in a drawn part of its shape reads as that part, the smaller,
            # not as a region around the part: reader 29's 18, the sector's tip in triangle OBC, inside ABC)
            if r.buffer(-0.5).contains(tip) and not any(
                    p.buffer(-0.5).contains(tip) and r.buffer(1.0).contains(p) for p in parts):
                out.append(f"{lab['text']!r} ({lab['element']}) points into a region of other lines too")
                break
        for r in others:
            if r.buffer(-0.5).contains(text) and not own.contains(text):
                out.append(f"{lab['text']!r} ({lab['element']}) sits in another region: it reads as that region's")
                break
    return out


def _stray_points(fig: dict, pts: dict) -> list[str]:
    """A point letter with nothing drawn through or about its point reads as a stray; one that no drawn
    line ends at or passes (on a circle alone, a centre) and that has no dot of its own reads as another name
    of a point nearby (review: L on a circle, 25 px from G, read as G)."""
    lines = [LineString([pts[a], pts[b]]) for a, b in fig["segments"]]
    circles = [(tuple(c["centre"]), c["radius"]) for c in fig.get("circles", [])]
    dots = set(fig.get("dots", ())) | {e.split(" ")[-1] for m in fig.get("marks", []) if m["kind"] == "dot"
                                       for e in m["elements"]}
    out = []
    for name, xy in pts.items():
        p = Point(xy)
        if any(line.distance(p) < 1.5 for line in lines):
            continue
        if any(abs(math.dist(xy, c) - r) < 1.5 or math.dist(xy, c) < 1.5 for c, r in circles):
            if name not in dots:
                out.append(f"point {name} has no dot and no line at it: its letter reads as a near point's")
            continue
        out.append(f"point {name} is drawn alone: nothing passes through it")
    return out


def _exact_values(fig: dict) -> list[str]:
    """A label shows a given value in the problem's form: no decimal for an exact value (17√2 as 24.04)."""
    import re
    from fractions import Fraction

    texts = {lab["element"]: lab["text"] for lab in fig["labels"]}
    out = []
    for g in fig.get("givens", []):
        text = texts.get(g.get("drawn"))
        if g.get("shown") != "label" or text is None:
            continue
        text = re.sub(r"^∠?[A-Z]+ = ", "", text)  # (a value set off with its element's name: "AC = 0.5")
        value = g["fact"].split(" = ", 1)[1]
        ratio = re.fullmatch(r"(-?\d+)(?:/(\d+))?", value.replace(" ", ""))
        if ratio and re.fullmatch(r"-?\d+\.\d+", text) and \
                Fraction(text) == Fraction(int(ratio[1]), int(ratio[2] or 1)):
            continue  # 7/2 as 3.5: the same number
        if re.search(r"\d\.\d", text) and not re.search(r"\d\.\d", value):
            out.append(f"{text!r} ({g['drawn']}) shows a decimal for the exact {value}")
    return out


# -- review 3 (issue 38): what the third blind reader of textbook figures read wrong ---------------------------
PIECE_ON = 2.5  # px: a tick of a split side this near the side lies on one of its pieces
BRACKET_END = 10.0  # px: a split side's bracket reaches this near both of the side's ends

def _bracket(fig: dict, element: str) -> list | None:
    """Side ``element``'s bracket polyline in the export's marks (leg, span, span, leg), if it has one."""
    pts = fig["points"]
    want = set(split_points(element, pts, 2) or ())
    for m in fig.get("marks", []):
        if m["kind"] == "bracket" and set(split_points(m["elements"][0], pts, 2) or ()) == want:
            return _brace(m)
    return None


def _brace(m: dict) -> list:
    """A bracket mark's whole shape (leg, span, span, leg): one polyline, or one broken where it crosses drawn
    lines (its first piece starts with a leg and the span, its last ends with the span and a leg)."""
    first, last = m["pixels"][0], m["pixels"][-1]
    return first if len(m["pixels"]) == 1 else [first[0], first[1], last[-2], last[-1]]


BRACKET_OUT = 40.0  # px: a bracket's legs start at most this far off its side (a nested one a lane out)


def _spans(brace: list, p, q) -> bool:
    """Does the bracket polyline span segment pq: its legs start level with p and q (within ``BRACKET_END`` px
    along the side) and near the side (a nested bracket's a lane out)?"""
    n = math.dist(p, q)
    if n < 1e-9:
        return False
    ux, uy = (q[0] - p[0]) / n, (q[1] - p[1]) / n
    along = sorted(((x - p[0]) * ux + (y - p[1]) * uy) for x, y in (brace[0], brace[-1]))
    off = [abs((x - p[0]) * uy - (y - p[1]) * ux) for x, y in (brace[0], brace[-1])]
    return abs(along[0]) <= BRACKET_END and abs(along[1] - n) <= BRACKET_END and max(off) <= BRACKET_OUT


def _bracket_marks(fig: dict) -> list[tuple[dict, str]]:
    """The export's brackets, each with its side."""
    return [(m, m["elements"][0]) for m in fig.get("marks", []) if m["kind"] == "bracket"]


def dimension_brackets(fig: dict) -> list[str]:
    """The one rule for a side's equality ticks: across the side itself where it has room, across a bracket only
    where drawn points split it, and never a bracket on a side with a dimension line, on either side of it (reader
    15's 01 read a bracket across AB from its "19" dimension line as a second dimension line with no value).  The
    generator refuses such a figure; a hand-written problem's may still draw one (``stacked_annotations``)."""
    return [f"the bracket of {el} lies beside its dimension line" for _, el in _bracket_marks(fig)
            if _dimension(fig, el) is not None]


def stacked_annotations(fig: dict) -> list[str]:
    """A side's dimension line and its equality bracket on one side of it: three lines of marks within ~20 px
    (review 5 counted it minor, misleading only where the bracket's tick sat level with a point inside the side,
    which ``_split_ticks`` checks; the layout puts the bracket across the side where that crosses no more)."""
    pts = {k: tuple(v) for k, v in fig["points"].items()}
    out = []
    for m, el in _bracket_marks(fig):
        dim = _dimension(fig, el)
        if dim is None:
            continue
        p, q = (pts[n] for n in _seg_points(el, pts))
        n = math.dist(p, q)

        def side(xy, p=p, q=q, n=n) -> float:
            return ((xy[0] - p[0]) * (q[1] - p[1]) - (xy[1] - p[1]) * (q[0] - p[0])) / n
        if side(m["pixels"][0][1]) * side(dim["pixels"][0][0]) > 0:
            out.append(f"the bracket and the dimension line of {el} are stacked on one side of it")
    return out


LEADER_SQUARE = 4.0  # px: a leader this near a right-angle square reads as led across it (reader 35's 12: 3.1 px)
LEADER_MARK = 2.0  # px: a leader this near a mark's stroke runs into it (between a double tick's strokes too)


def _leaders_over_marks(fig: dict) -> list[str]:
    """A label's leader crossing a relation mark (a tick, an arrow, a bracket): it reads as pointing at that
    mark's side (review 5: the leader of "perimeter DEO = ?" through ED's ticks, read as "ED = ?")."""
    out = []
    strokes = [(m["kind"], m["elements"], LineString(s)) for m in fig.get("marks", [])
               if m["kind"] in ("equal", "parallel", "bracket", "right") for s in m["pixels"] if len(s) > 1]
    for lab in fig["labels"]:
        if lab["leader"] is None:
            continue
        lead = LineString(lab["leader"])
        hit = next(((k, e) for k, e, g in strokes
                    if g.distance(lead) < (LEADER_SQUARE if k == "right" else LEADER_MARK)), None)
        if hit is not None:
            out.append(f"the leader of {lab['text']!r} ({lab['element']}) crosses the {hit[0]} mark of "
                       f"{', '.join(hit[1])}")
    return out


def _split_ticks(fig: dict, pts: dict) -> list[str]:
    """An equal tick of a side that points split, set on the side, lies on one piece and reads as the piece's
    (by a piece's own ticks, as equal to both); one on the side's dimension line reads as the dimension's
    middle, or as nothing.  So no tick or arrow crosses a dimension line, and a split side's ticks stay off it,
    across a bracket that spans it from end to end."""
    out = []
    dims = [LineString(m["pixels"][0]) for m in fig.get("marks", []) if m["kind"] == "dimension"]
    for m in fig.get("marks", []):
        if m["kind"] not in ("equal", "parallel"):
            continue
        what = "tick" if m["kind"] == "equal" else "arrow"
        per = max(1, len(m["pixels"]) // max(len(m["elements"]), 1))
        for i, el in enumerate(m["elements"]):
            p, q = (pts[n] for n in _seg_points(el, pts))
            strokes = [LineString(s) for s in m["pixels"][i * per:(i + 1) * per]]
            if any(s.intersects(d) for s in strokes for d in dims):
                out.append(f"a {what} of {el} is on a dimension line, not on its segment")
            if m["kind"] != "equal" or not _inside_points(p, q, pts) and _bracket(fig, el) is None:
                continue
            own = LineString([p, q])
            if _inside_points(p, q, pts) and any(s.distance(own) < PIECE_ON for s in strokes):
                out.append(f"a tick of {el} lies on a piece of it (points split it): it reads as the piece's")
                continue
            brace = _bracket(fig, el)
            spans = brace is not None and _spans(brace, p, q)
            if not spans or not all(s.intersects(LineString(brace)) for s in strokes):
                out.append(f"the ticks of {el} cross no bracket spanning it")
            lines = [LineString([pts[a], pts[b]]) for a, b in fig["segments"]
                     if not _along(LineString([pts[a], pts[b]]), p, q)]
            if any(s.distance(ln) < CROSS_CLEAR for s in strokes for ln in lines):
                out.append(f"a tick of {el} on its bracket sits where a drawn line crosses it: it is hidden")
            if any(abs(own.project(s.centroid) - t) < TICK_CLEAR for s in strokes for t in _inside_points(p, q, pts)):
                out.append(f"a tick of {el} on its bracket is level with a point inside it: it reads as a mark "
                           "on the point (review 5)")
    return out


def _sub_angle_values(fig: dict, pts: dict) -> list[str]:
    """An angle's value inside a part of it cut off by another drawn ray from its vertex, not naming its angle:
    it reads as the part's, whatever its arc."""
    out = []
    for lab in fig["labels"]:
        el = lab["element"]
        if not el.startswith("angle ") or lab["leader"] is not None or lab["text"].startswith("∠"):
            continue  # (a value that names its angle reads as its own anywhere)
        a, v, b = (pts[n] for n in _angle_points(el, pts))
        ta, tb = (math.atan2(e[1] - v[1], e[0] - v[0]) for e in (a, b))
        sweep = (tb - ta) % (2 * math.pi)
        if sweep > math.pi:
            ta, sweep = tb, 2 * math.pi - sweep
        inner = sorted(d for d in ((r - ta) % (2 * math.pi) for r in _rays(fig, pts, v)) if 0.02 < d < sweep - 0.02)
        if not inner:
            continue
        x0, y0, x1, y1 = lab["bbox"]
        at = (math.atan2((y0 + y1) / 2 - v[1], (x0 + x1) / 2 - v[0]) - ta) % (2 * math.pi)
        if not 0 < at < sweep:
            continue
        lo = max([d for d in inner if d < at], default=0.0)
        hi = min([d for d in inner if d > at], default=sweep)
        beyond = [x for x in (lo, sweep - hi) if x > 0]
        if beyond:  # (review 3: even with its arc 12 px past the ray, "80°" of BAC inside FAC read as FAC's)
            out.append(f"{lab['text']!r} ({el}) sits in a part of its angle that another ray cuts off: it reads as "
                       "the part's")
    return out


QUERY_EDGE = 1.5  # fonts: a bare "?" of an area or a perimeter this near a drawn line reads as that line's


SQUARE_CUT = 16.0  # px: a right-angle square a drawn ray runs through has sides at least this long (at 13 px, a
# diagonal or a bisector through its corner left two hooks read as "a +", no square: review 8)
SQUARE_ARC = 6.0  # px: an arc sharing a right-angle square's quarter runs at least this far beyond its corner


def _vertex_arcs(fig: dict, pts: dict) -> list[tuple]:
    """Every angle arc of the export (a value's or an equal-angle group's): (vertex, radius, start, sweep,
    angle)."""
    out = []
    for am in fig.get("angle_marks", []):
        a, v, b = _angle_points(am["element"], pts)
        out.append((pts[v], am["radius"], *_span(pts, a, v, b), am["element"]))
    for m in fig.get("marks", []):
        if m["kind"] != "equal_angle":
            continue
        for line in (ln for ln in m["pixels"] if len(ln) >= 4):
            for el in m["elements"]:
                a, v, b = _angle_points(el, pts)
                ds = [math.dist(p, pts[v]) for p in line]
                if max(ds) - min(ds) < 1.0:
                    out.append((pts[v], sum(ds) / len(ds), *_span(pts, a, v, b), el))
                    break
    return out


def _hidden_squares(fig: dict, pts: dict) -> list[str]:
    """A right-angle square at a crowded vertex (review 8, class C1): a drawn ray (a diagonal, a bisector, a
    radius) through a square under ``SQUARE_CUT`` px, or an arc sharing its quarter within ``SQUARE_ARC`` px of
    its corner (or inside it): the reader saw no right angle there."""
    out = []
    arcs = _vertex_arcs(fig, pts)
    for m in fig.get("marks", []):
        if m["kind"] not in ("right", "height") or len(m["pixels"][0]) < 3:
            continue
        s0, c, s2 = m["pixels"][0][:3]
        v = (s0[0] + s2[0] - c[0], s0[1] + s2[1] - c[1])
        side, corner = math.dist(s0, v), math.dist(c, v)
        mid = math.atan2(c[1] - v[1], c[0] - v[0])
        el = m["elements"][0]
        if side < SQUARE_CUT - 0.05 and any(abs(math.remainder(r - mid, 2 * math.pi)) < math.radians(43.0)
                                             for r in _rays(fig, pts, v)):
            out.append(f"the right-angle square of {el} is cut by a ray at its corner and {side:.0f} px wide: it "
                       "reads as a bent mark, no square")
        for w, r, t0, sweep, e in arcs:
            if math.dist(w, v) > 1.0 or e == el:
                continue
            if any(abs(math.remainder(t0 + sweep * k / 16 - mid, 2 * math.pi)) < math.radians(44.0)
                   for k in range(1, 16)) and r < corner + SQUARE_ARC:
                out.append(f"the arc of {e} runs {r - corner:.0f} px from the corner of the right-angle square of "
                           f"{el} at its corner: it hides the square")
    return out


DIM_FAR = 3.6  # fonts: a dimension line farther off its side reads as another line's (review 8: 150 px off)
EXTENSION_ALONG = 10.0  # degrees: an extension line this near a drawn side from its end runs along it


def _astray_dimensions(fig: dict, pts: dict) -> list[str]:
    """A dimension line away from its side (review 8, class C3): over ``DIM_FAR`` fonts off it (or off the
    circle it is a diameter of), or an extension line along another drawn side from the side's end (AC's "8"
    with its C end on side CB read as starting at B; AC's "25" below chord CD read as CD's)."""
    font = max((lab["bbox"][3] - lab["bbox"][1] for lab in fig["labels"]), default=0.0)
    out = []
    for m in fig.get("marks", []):
        if m["kind"] != "dimension":
            continue
        el = m["elements"][0]
        names = split_points(el, pts, 2)
        if names is None:
            continue
        p, q = (pts[n] for n in names)
        main = m["pixels"][0]
        n = math.dist(p, q)
        d = ((main[0][0] - p[0]) * (q[1] - p[1]) - (main[0][1] - p[1]) * (q[0] - p[0])) / n
        across = next((c["radius"] for c in fig.get("circles", []) if abs(c["radius"] - n / 2) < 1.5
                       and math.dist(c["centre"], ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)) < 1.5), 0.0)
        if abs(d) < across:
            out.append(f"the dimension line of {el} is inside the circle it is a diameter of: it reads as a chord")
            continue
        if abs(d) > across + DIM_FAR * font:  # (a diameter's beyond its circle: review 3)
            out.append(f"the dimension line of {el} is {abs(d):.0f} px off it, on its far side: it reads as "
                       "another line's")
            continue
        normal = math.atan2((q[0] - p[0]) * math.copysign(1, -d), (q[1] - p[1]) * math.copysign(1, d))
        for e in (p, q):
            along = [r for r in _rays(fig, pts, e)
                     if abs(math.degrees(math.remainder(r - normal, 2 * math.pi))) < EXTENSION_ALONG]
            if along:
                out.append(f"an extension line of the dimension of {el} runs along a drawn side: it reads as "
                           "starting elsewhere")
                break
    return out


SIDE_APART = 2.4  # a textbook side value's centre this many times nearer its side than any other drawn side it
# sits beside (review 8: "25" 20 px from BD and 42 px from AC, inside triangle BFA, read as AC's)


def _between_sides(fig: dict, pts: dict) -> list[str]:
    """A side's value (no leader, no dimension line) not clearly nearest its own side (review 8, class C4): its
    centre under ``SIDE_APART`` times nearer its side than another drawn side it lies beside (its foot on that
    side), a value floating between two sides."""
    dims = {frozenset(m["elements"][0]) for m in fig.get("marks", []) if m["kind"] == "dimension"}
    out = []
    for lab in fig["labels"]:
        el = lab["element"]
        names = split_points(el, pts, 2) if " " not in el else None
        if names is None or lab["leader"] is not None or frozenset(el) in dims or "=" in lab["text"]:
            continue  # (a named value, "CF = ?", reads as its own wherever it sits)
        p, q = (pts[n] for n in names)
        x0, y0, x1, y1 = lab["bbox"]
        c = Point((x0 + x1) / 2, (y0 + y1) / 2)
        own = LineString([p, q]).distance(c)
        for a, b in fig["segments"]:
            s, t = pts[a], pts[b]
            if _off_line(p, q, s) < 1.0 and _off_line(p, q, t) < 1.0:
                continue  # (a piece of its own line)
            n2 = (t[0] - s[0]) ** 2 + (t[1] - s[1]) ** 2
            k = ((c.x - s[0]) * (t[0] - s[0]) + (c.y - s[1]) * (t[1] - s[1])) / max(n2, 1e-9)
            other = LineString([s, t]).distance(c)
            if 0.0 <= k <= 1.0 and other < SIDE_APART * own:
                out.append(f"{lab['text']!r} ({el}) is not clearly nearest its own side: {own:.0f} px from it, "
                           f"{other:.0f} px from {a}{b}")
                break
    return out


PARTS_APART = 25.0  # px between two parts of a figure that no drawn line or circle joins (two similar triangles)
FLAT_CORNER = 165.0  # degrees: two drawn sides meeting at a point at an angle past this (short of straight) read as
# one side with a point on it (reader 16's 10: quadrilaterals drawn with 177.5° corners read as triangles)


def _parts(fig: dict, pts: dict) -> list[list[str]]:
    """The figure's parts as drawn: points joined by drawn segments, or on a circle with its drawn centre."""
    link = {n: n for n in pts}

    def root(n: str) -> str:
        while link[n] != n:
            n = link[n]
        return n

    pairs = [tuple(s) for s in fig["segments"]]
    for circle in fig.get("circles", []):
        on = [n for n, xy in pts.items() if abs(math.dist(xy, circle["centre"]) - circle["radius"]) < 1.0
              or math.dist(xy, circle["centre"]) < 0.5]
        pairs += list(zip(on, on[1:]))
    for a, b in pairs:
        link[root(a)] = root(b)
    groups: dict[str, list[str]] = {}
    for n in pts:
        groups.setdefault(root(n), []).append(n)
    return [g for g in groups.values() if len(g) >= 2]


def _parts_apart(fig: dict, pts: dict) -> list[str]:
    """Parts of a figure that share no point drawn over each other or under ``PARTS_APART`` px apart: they read
    as one figure, their sides crossing (reader 16's 10: similar quadrilaterals BADC and EHGF overlapping)."""
    hulls = [(g, shapely.MultiPoint([pts[n] for n in g]).convex_hull) for g in _parts(fig, pts)]
    return [f"the parts {''.join(sorted(g))} and {''.join(sorted(h))} are drawn {a.distance(b):.0f} px apart: "
            "they read as one figure" for i, (g, a) in enumerate(hulls) for h, b in hulls[i + 1:]
            if a.distance(b) < PARTS_APART]


def _flat_corners(fig: dict, pts: dict) -> list[str]:
    """A point where exactly two drawn sides meet, at an angle past ``FLAT_CORNER`` but short of straight, with
    no angle mark: the corner reads as a point on one side (reader 16's 10)."""
    ends: dict[str, list[str]] = {}
    for a, b in fig["segments"]:
        ends.setdefault(a, []).append(b)
        ends.setdefault(b, []).append(a)
    out = []
    for v, (a, b) in ((v, e) for v, e in ends.items() if len(e) == 2):
        u, w = (pts[a][0] - pts[v][0], pts[a][1] - pts[v][1]), (pts[b][0] - pts[v][0], pts[b][1] - pts[v][1])
        cos = (u[0] * w[0] + u[1] * w[1]) / max(math.hypot(*u) * math.hypot(*w), 1e-9)
        deg = math.degrees(math.acos(max(-1.0, min(1.0, cos))))
        if FLAT_CORNER < deg < 179.0:
            out.append(f"the corner {v} ({a}{v}{b}) is drawn {deg:.1f}°: it reads as a point on a side")
    return out


QUERY_APART = 2.0  # fonts: a bare "?" this far from every other value's box (reader 16's 58: "?" 31 px from "AE = 51"
# floated between that label and EB)


def _queries_apart(fig: dict) -> list[str]:
    """A bare "?" of a side under ``QUERY_APART`` font heights from another value's box: beside it, the "?" reads
    as floating between that label and its side."""
    font = _font(fig)
    out = []
    for lab in fig["labels"]:
        if lab["text"] != "?" or lab["leader"] is not None or lab["element"].startswith(("angle ", "arc ")):
            continue  # (an angle's "?" sits in its own arc's wedge: no side for it to float from)
        mine = box(*lab["bbox"])
        for other in fig["labels"]:
            if other is lab or other["element"].startswith("point "):
                continue
            if (d := mine.distance(box(*other["bbox"]))) < QUERY_APART * font:
                out.append(f"the \"?\" of {lab['element']} is {d:.0f} px from {other['text']!r}: it floats between "
                           "that label and its side")
                break
    return out


def _queries_in_faces(fig: dict, pts: dict) -> list[str]:
    """A bare "?" of a segment, with no leader, whose centre lies inside a cell the drawn segments close: it
    reads as asking for that region, or for one of its corners' angles, whatever segment it sits by (readers 30
    and 31: "?" of AC inside triangle ACE, of AF inside AFE, of CP in the wedge CPD)."""
    import shapely.ops  # noqa: F401  (polygonize)

    lines = [LineString([pts[a], pts[b]]) for a, b in fig["segments"] if a in pts and b in pts]
    cells = list(shapely.ops.polygonize(shapely.union_all(lines))) if len(lines) > 2 else []
    out = []
    for lab in fig["labels"]:
        if lab["text"] != "?" or lab["leader"] is not None or split_points(lab["element"], pts, 2) is None:
            continue
        x0, y0, x1, y1 = lab["bbox"]
        c = Point((x0 + x1) / 2, (y0 + y1) / 2)
        if any(cell.contains(c) for cell in cells):
            out.append(f"the \"?\" of {lab['element']} sits inside a region the segments close: it reads as the "
                       "region's or an angle's")
    return out


RADIUS_RATIO = 2.5  # a side's value this many times nearer its side than any undrawn radius from its ends to a drawn
# centre


def _values_by_radii(fig: dict, pts: dict) -> list[str]:
    """A side's value not clearly nearer its side than an undrawn radius from one of its ends to a drawn centre (a
    reader fills the radius in): under ``RADIUS_RATIO`` times nearer, it reads as the radius's (reader 16's 12:
    "7" of BF, 18 px off chord BA and 37 px off the undrawn BE, read as radius BE)."""
    radii = []
    drawn = {frozenset(s) for s in fig["segments"]}
    for circle in fig.get("circles", []):
        c, r = circle["centre"], circle["radius"]
        centre = next((n for n, xy in pts.items() if math.dist(xy, c) < 0.5), None)
        if centre is not None:
            radii += [(centre, n) for n, xy in pts.items() if n != centre and abs(math.dist(xy, c) - r) < 1.0
                      and frozenset((centre, n)) not in drawn]
    out = []
    for lab in fig["labels"]:
        el = lab["element"]
        names = split_points(el, pts, 2) if " " not in el else None
        if not radii or names is None or lab["leader"] is not None or "=" in lab["text"]:
            continue
        p, q = (pts[n] for n in names)
        x0, y0, x1, y1 = lab["bbox"]
        mid = Point((x0 + x1) / 2, (y0 + y1) / 2)
        own = LineString([p, q]).distance(mid)
        dim = _dimension(fig, el)
        if dim is not None:  # (by its dimension line, or in its break: it reads as the span's, end to end)
            own = min(own, LineString(dim["pixels"][0]).distance(mid))
        for centre, end in radii:
            if end not in names or _off_line(p, q, pts[centre]) < 0.5 and _off_line(p, q, pts[end]) < 0.5:
                continue  # (a radius from its side's end; not half a diameter along its own line)
            other = LineString([pts[centre], pts[end]]).distance(mid)
            if other < RADIUS_RATIO * own:
                out.append(f"{lab['text']!r} ({el}) is {own:.0f} px from its side and {other:.0f} px from the "
                           f"undrawn radius {centre}{end}: it reads as the radius's")
                break
    return out


def _off_line(p, q, xy) -> float:
    return abs((xy[0] - p[0]) * (q[1] - p[1]) - (xy[1] - p[1]) * (q[0] - p[0])) / max(math.dist(p, q), 1e-9)


TANGENT_DOT = 4.4  # px: a tangency's dot at least this wide (twice a point's 2.2 px dot: review 8, class C10)


def _small_tangent_dots(fig: dict) -> list[str]:
    """A point of tangency's dot no larger than an ordinary point's dot reads as one (review 8: D and E read as
    tangent dots like C's)."""
    out = []
    for m in fig.get("marks", []):
        if m["kind"] == "dot" and m["pixels"]:
            ring = m["pixels"][0]
            c = (sum(x for x, _ in ring) / len(ring), sum(y for _, y in ring) / len(ring))
            r = max(math.dist(c, xy) for xy in ring)
            if r < TANGENT_DOT - 0.05:
                out.append(f"the tangent dot at {m['elements'][0]} is {r:.1f} px: it reads as a point's dot")
    return out


ARC_ARROW = 3.0  # px: a parallel arrow this near an angle's arc merges with it (review 8, class C7)


def _arrows_on_arcs(fig: dict, pts: dict) -> list[str]:
    """A parallel arrowhead on an angle's arc (review 8: a 13 px arc at M and the double arrowheads of FM on its
    ray read as one mark)."""
    arrows = [(m["elements"], LineString(s)) for m in fig.get("marks", []) if m["kind"] == "parallel"
              for s in m["pixels"] if len(s) > 1]
    out = []
    for v, r, t0, sweep, el in _vertex_arcs(fig, pts):
        k = max(8, int(r * sweep / 2))
        arc = LineString([(v[0] + r * math.cos(t0 + sweep * i / k), v[1] + r * math.sin(t0 + sweep * i / k))
                          for i in range(k + 1)])
        hit = next((e for e, g in arrows if g.distance(arc) < ARC_ARROW), None)
        if hit is not None:
            out.append(f"an arrow of {', '.join(hit)} runs into the arc of {el}: arrowhead and arc merge")
    return out


def _nameless_regions(fig: dict) -> list[str]:
    """An area's or a perimeter's value or "= ?" that does not print its polygon: "perimeter = 23" reads as the
    larger shape's (review 8: CDO's perimeter).  (A bare "?" goes only where the named one finds no room, away
    from the lines and in a shape no lines cut: ``_bare_region_queries``, ``_cell_labels``.)"""
    out = []
    for lab in fig["labels"]:
        word, _, name = lab["element"].partition(" ")
        if word in ("area", "perimeter") and name and "=" in lab["text"] and f"{word} {name}" not in lab["text"]:
            out.append(f"{lab['text']!r} ({lab['element']}) does not name its {word}'s shape")
    return out


def _bare_region_queries(fig: dict, pts: dict) -> list[str]:
    """A bare "?" of an area or a perimeter within ``QUERY_EDGE`` fonts of a drawn line reads as that line's
    length asked (a thin triangle's centroid 27 px from a side)."""
    font = max((lab["bbox"][3] - lab["bbox"][1] for lab in fig["labels"]), default=0.0)
    lines = [LineString([pts[a], pts[b]]) for a, b in fig["segments"]]
    out = []
    for lab in fig["labels"]:
        if lab["text"].strip() != "?" or lab["element"].split(" ")[0] not in ("area", "perimeter"):
            continue
        x0, y0, x1, y1 = lab["bbox"]
        c = Point((x0 + x1) / 2, (y0 + y1) / 2)
        near = min((ln.distance(c) for ln in lines), default=math.inf)
        if near < QUERY_EDGE * font:
            out.append(f"the bare '?' of {lab['element']} is {near:.0f} px from a drawn line: it reads as its length")
    return out


INK_DARK = 140  # 8-bit: a pixel this dark or darker is ink (the marks are drawn black or in a dark colour)
INK_SHARE = 0.6  # of the points along a mark's stroke, at least this share have ink within INK_NEAR px
INK_NEAR = 1.5
INK_STEP = 2.0  # px between the points sampled along a stroke


def _inked(near, line: list) -> float:
    """The share of points every ``INK_STEP`` px along polyline ``line`` with ink within ``INK_NEAR`` px
    (``near``: the ink grown by that much, rows × columns)."""
    h, w = near.shape
    hits = total = 0
    for (x0, y0), (x1, y1) in zip(line, line[1:]):
        n = max(1, int(math.dist((x0, y0), (x1, y1)) / INK_STEP))
        for k in range(n + 1):
            x, y = round(x0 + (x1 - x0) * k / n), round(y0 + (y1 - y0) * k / n)
            total += 1
            hits += bool(0 <= x < w and 0 <= y < h and near[y, x])
    return hits / max(total, 1)


def _grown(pixels):
    """The image's ink (pixels no lighter than ``INK_DARK`` in every channel), grown by ``INK_NEAR`` px."""
    import numpy as np

    dark = np.asarray(pixels)[..., :3].min(axis=2) <= INK_DARK
    out = dark.copy()
    r = math.ceil(INK_NEAR)
    h, w = dark.shape
    for dy in range(-r, r + 1):
        for dx in range(-r, r + 1):
            if math.hypot(dx, dy) <= INK_NEAR + 0.5:
                out[max(0, dy):h + min(0, dy), max(0, dx):w + min(0, dx)] |= \
                    dark[max(0, -dy):h - max(0, dy), max(0, -dx):w - max(0, dx)]
    return out


def ink_problems(fig: dict, pixels) -> list[str]:
    """Every mark the export lists is drawn (review 3: an asked 90° angle exported with an arc and drawn
    with none): ink along each of the ``marks``' strokes (a height's square, not its dashes) and along each
    of the ``angle_marks``' arcs, in the PNG's ``pixels`` (rows × columns × RGB(A), 8-bit)."""
    dark = _grown(pixels)
    pts = {k: tuple(v) for k, v in fig["points"].items()}
    out = []
    for m in fig.get("marks", []):
        lines = m["pixels"][:1] if m["kind"] == "height" else m["pixels"]
        for line in lines:
            if len(line) > 1 and _inked(dark, line) < INK_SHARE:
                out.append(f"the {m['kind']} mark of {', '.join(m['elements'])} is exported but not drawn")
                break
    corners = [(sq[0][0] + sq[2][0] - sq[1][0], sq[0][1] + sq[2][1] - sq[1][1]) for m in fig.get("marks", [])
               if m["kind"] in ("right", "height") for sq in m["pixels"][:1]]
    for am in fig.get("angle_marks", []):
        a, v, b = (pts[n] for n in _angle_points(am["element"], pts))
        if any(math.dist(c, v) < MARK_ON for c in corners):
            continue  # a right angle its square shows (its arc's radius only bounds its labels)
        ta, tb = (math.atan2(e[1] - v[1], e[0] - v[0]) for e in (a, b))
        sweep = (tb - ta) % (2 * math.pi)
        if sweep > math.pi:
            ta, sweep = tb, 2 * math.pi - sweep
        r = am["radius"]
        k = max(4, int(r * sweep / INK_STEP))
        turns = [ta + sweep * (0.1 + 0.8 * i / k) for i in range(k + 1)]  # (clear of the sides' own ink)
        arc = [(v[0] + r * math.cos(t), v[1] + r * math.sin(t)) for t in turns]
        if _inked(dark, arc) < INK_SHARE:
            out.append(f"the arc of {am['element']} is exported but not drawn")
    return out


def _stacked_squares(fig: dict, pts: dict) -> list[str]:
    """Two stated right angles at one vertex drawn with one square where the second is no right angle of the
    square's two lines: it shows nowhere (review 3: LPN and NPJ on the same pixels).  One square says all four right
    angles of its two lines (a right triangle's corner, a given 90 and a perpendicular there are one mark: two
    squares side by side read as one rectangle, reader 41's 11)."""
    out = []
    rights = [(m, _angle_points(m["elements"][0], pts)) for m in fig.get("marks", [])
              if m["kind"] == "right" and m["elements"][0].startswith("angle ")]

    def on_lines(m: dict, angle: tuple[str, str, str]) -> bool:
        """Does each arm of ``angle`` run along a line of ``m``'s square (either way)?"""
        v, s, t = _square_arms(m)
        a, w, b = angle
        arms = [math.atan2(pts[e][1] - pts[w][1], pts[e][0] - pts[w][0]) for e in (a, b)]
        along = [min(abs(math.remainder(x - y, math.pi)) for y in (s, t)) < math.radians(2.0) for x in arms]
        return math.dist(v, pts[w]) < 1.0 and all(along)

    for i, (m, (a, v, b)) in enumerate(rights):
        for n, (c, w, d) in rights[i + 1:]:
            if v != w or {a, b} == {c, d}:
                continue
            same = all(math.dist(p, q) < 1.0 for p, q in zip(m["pixels"][0], n["pixels"][0]))
            if same and not (on_lines(m, (a, v, b)) and on_lines(m, (c, w, d))):
                out.append(f"the right angles {m['elements'][0]} and {n['elements'][0]} share one square: "
                           "one of them shows nowhere")
    return out


def _right_marked_twice(fig: dict, pts: dict) -> list[str]:
    """A right angle drawn "90°" in its arc at a vertex where a square already squares its two lines: one right
    angle, two marks (reader 41's 11: squares at E and F, and "∠GEH = 90°" arcs beside them)."""
    out = []
    squares = [(m, *_square_arms(m)) for m in fig.get("marks", [])
               if m["kind"] in ("right", "height") and m.get("pixels") and len(m["pixels"][0]) >= 3]
    for m in fig.get("marks", []):
        if m["kind"] != "right_arc" or not m["elements"][0].startswith("angle "):
            continue
        try:
            a, v, b = _angle_points(m["elements"][0], pts)
        except KeyError:
            continue
        arms = [math.atan2(pts[e][1] - pts[v][1], pts[e][0] - pts[v][0]) for e in (a, b)]
        for n, w, s, t in squares:
            if math.dist(w, pts[v]) < 1.0 and all(min(abs(math.remainder(x - y, math.pi)) for y in (s, t))
                                                  < math.radians(2.0) for x in arms):
                out.append(f"{m['elements'][0]} is marked twice: a \"90°\" arc beside the square of "
                           f"{n['elements'][0]} on the same two lines")
                break
    return out


END_SHARE = 0.2  # a side's value (no dimension line, no leader) this share of the side or more from its middle


def _end_values(fig: dict, pts: dict) -> list[str]:
    """A side's value slid towards an end of its side: by the vertex there it reads as the angle's (review 3:
    the "?" of CF at 0.9 of the way along, inside angle CFA)."""
    out = []
    for lab, el, p, q in _side_values(fig, pts):
        if lab.get("leader") or _dimension(fig, el) is not None:
            continue
        n2 = max((q[0] - p[0]) ** 2 + (q[1] - p[1]) ** 2, 1e-9)
        x0, y0, x1, y1 = lab["bbox"]
        t = (((x0 + x1) / 2 - p[0]) * (q[0] - p[0]) + ((y0 + y1) / 2 - p[1]) * (q[1] - p[1])) / n2
        if abs(t - 0.5) > END_SHARE:
            out.append(f"{lab['text']!r} ({el}) sits {t:.2f} of the way along its side: by the end it reads as "
                       "the angle's there")
    return out


def _crossing_dimensions(fig: dict, pts: dict) -> list[str]:
    """A dimension line that crosses drawn lines: inside the figure it reads as a line of it, and its value as
    the nearer segment's (review 3: the "?" of MN on a line across MK and RP; review 4: EF's across PF, PN, PM
    and PE, through the ticks of BF and AE)."""
    out = []
    for m in fig.get("marks", []):
        if m["kind"] != "dimension":
            continue
        line = LineString(m["pixels"][0])
        crossed = [f"{a}{b}" for a, b in fig["segments"] if line.crosses(LineString([pts[a], pts[b]]))]
        if crossed:
            out.append(f"the dimension line of {m['elements'][0]} crosses {', '.join(crossed)}: it reads as a line "
                       "of the figure")
    return out


# -- review 4 (issue 38): what the fourth blind reader of textbook figures read wrong ---------------------------
CELL_SHARE = 0.04  # a piece of a polygon that drawn lines cut off is a region of its own from this share of its area
ARROWS_APART = 4.5  # px between the arrows of one group on one segment (6 px apart, nested, two read as one)
ON_LINE, OFF_LINE = 1.5, 15.0  # px: a point off a segment by more than the first and under the second reads as on it


def _cells(ring: Polygon, lines: list) -> list[Polygon]:
    """The pieces (largest first) that ``lines`` cut polygon ``ring`` into, each at least ``CELL_SHARE`` of it."""
    inner = [ln for ln in lines if ln.crosses(ring) or ring.contains(ln)]
    if not inner:
        return []
    cells = [c for c in shapely.ops.polygonize(shapely.union_all([ring.exterior, *inner]))
             if ring.contains(c.representative_point()) and c.area >= CELL_SHARE * ring.area]
    return sorted(cells, key=lambda c: -c.area)


def _cell_labels(fig: dict, pts: dict) -> list[str]:
    """A region's label (area, perimeter) in a polygon that drawn lines cut into pieces, set inside it: without
    its polygon's name it reads as the piece's it sits in (review 4: "area = ?" of ABCD inside AECD, "perimeter
    = ?" of ABC inside ADE)."""
    import shapely.ops  # noqa: F401  (polygonize)

    lines = [LineString([pts[a], pts[b]]) for a, b in fig["segments"]]
    out = []
    for lab in fig["labels"]:
        word, _, name = lab["element"].partition(" ")
        if word not in ("area", "perimeter") or lab.get("leader") is not None:
            continue
        names = split_points(name, pts, len(name)) or split_points(name, pts, 3) or split_points(name, pts, 4)
        if names is None or len(names) < 3:
            continue
        ring = Polygon([pts[n] for n in names])
        cells = _cells(ring, lines) if ring.is_valid else []
        if len(cells) < 2:
            continue
        x0, y0, x1, y1 = lab["bbox"]
        c = Point((x0 + x1) / 2, (y0 + y1) / 2)
        if name not in lab["text"] and any(cell.contains(c) for cell in cells):
            out.append(f"{lab['text']!r} ({lab['element']}) sits in a polygon that drawn lines cut into "
                       f"{len(cells)} pieces, without its name: it reads as the piece's")
    return out


def _crossed_arcs(fig: dict, pts: dict) -> list[str]:
    """An angle's arc crossed by a drawn segment that does not leave its vertex: the arc reads as cut off there,
    the angle as a smaller one (review 4: an arc crossed by another ray).  A ray from the vertex inside the angle
    crosses every arc of it: its value names the angle instead (``_sub_angle_values``)."""
    out = []
    for am in fig.get("angle_marks", []):
        a, v, b = (pts[n] for n in _angle_points(am["element"], pts))
        ta, tb = (math.atan2(e[1] - v[1], e[0] - v[0]) for e in (a, b))
        sweep = (tb - ta) % (2 * math.pi)
        if sweep > math.pi:
            ta, sweep = tb, 2 * math.pi - sweep
        r = am["radius"]
        k = max(8, int(r * sweep / 2))
        arc = LineString([(v[0] + r * math.cos(ta + sweep * i / k), v[1] + r * math.sin(ta + sweep * i / k))
                          for i in range(k + 1)])
        for s, t in fig["segments"]:
            seg = LineString([pts[s], pts[t]])
            if seg.distance(Point(v)) > 1.0 and seg.intersects(arc):
                out.append(f"the arc of {am['element']} is crossed by {s}{t}: it reads as a smaller angle")
                break
    return out


ARROW_TIPS = 22.0  # px between the tips of one group's arrows on one segment, and more than an arm's length (review 5:
# tips 10 px apart with 8.3 px arms read as one arrow on a steep line; reader 16: 18 px on a short 56° side)
ARROW_ARMS = 2.5  # and this many arms' lengths (at 14 px, 1.7 arms, two heads on a 45° or 60° side read as one at
# thumbnail size: review 8; at 2.2 arms, reader 16's 07)


def _arrows_apart(fig: dict) -> list[str]:
    """The arrows of one group on one segment ``ARROWS_APART`` px apart: nested closer, two read as one (review 4:
    the double arrows of CB and DA read as single ones, both pairs of sides as one parallel pair); and their tips
    ``ARROW_TIPS`` px apart and ``ARROW_ARMS`` arms' lengths: closer, the chevrons overlap along the line and two
    read as one, whatever the line's direction (reviews 5 and 8)."""
    out = []
    for m in fig.get("marks", []):
        if m["kind"] != "parallel" or m.get("count", 1) < 2:
            continue
        per = max(1, len(m["pixels"]) // max(len(m["elements"]), 1))
        for i, el in enumerate(m["elements"]):
            strokes = [LineString(s) for s in m["pixels"][i * per:(i + 1) * per]]
            near = min((g.distance(h) for g, h in itertools.combinations(strokes, 2)), default=math.inf)
            if near < ARROWS_APART:
                out.append(f"the arrows of {el} are {near:.1f} px apart: they read as one")
            arrows = m["pixels"][i * per:(i + 1) * per]
            arm = max((math.dist(a[0], a[1]) for a in arrows), default=0.0)
            tips = min((math.dist(a[1], b[1]) for a, b in itertools.combinations(arrows, 2)), default=math.inf)
            if tips < max(ARROW_TIPS, ARROW_ARMS * arm):
                out.append(f"the arrow tips of {el} are {tips:.1f} px apart (arms {arm:.1f} px): two read as one")
    return out


def _set_off_angles(fig: dict, pts: dict) -> list[str]:
    """An angle's label set off with a leader names its angle ("∠CAD = ?": away from the wedge a bare value
    names nothing) and its leader ends inside the angle's wedge (review 5: goals with no place in a narrow
    wedge went unmarked; set off, the leader must still point into the angle asked)."""
    out = []
    for lab in fig["labels"]:
        if lab["leader"] is None or not lab["element"].startswith("angle "):
            continue
        a, v, b = split_points(lab["element"][6:], pts, 3)
        if not any(re.match(rf"(?:[a-z]+ )?∠{n}(?![A-Z])", lab["text"]) for n in (a + v + b, b + v + a)):
            # (a function of it, "cos ∠ACD = ?", names it too)
            out.append(f"{lab['text']!r} ({lab['element']}) is set off without its angle's name")
        if not _in_wedge(tuple(lab["leader"][0]), pts[a], pts[v], pts[b]):
            out.append(f"{lab['text']!r} ({lab['element']}) has a leader that ends outside its angle")
        elif _rays_inside(pts, a, v, b) and not _arc_end(fig, lab):
            # (between rays, no arc: it points into the sub-angle it ends in, reader 29's 18)
            out.append(f"{lab['text']!r} ({lab['element']}) is led between rays inside its angle with no arc to end on")
    return out


ARC_END = 5.0  # px: a set-off angle's leader ends this near its arc (a leader starts 4 px clear of its element)


def _rays_inside(pts: dict, a: str, v: str, b: str) -> bool:
    """Does a point other than ``a`` and ``b`` lie inside angle avb's wedge (a drawn ray may leave v into it)?"""
    return any(_in_wedge(xy, pts[a], pts[v], pts[b]) for n, xy in pts.items() if n not in (a, v, b))


def _arc_end(fig: dict, lab: dict) -> bool:
    """Does the angle label's leader end on its angle's arc (``angle_marks``: its radius about the vertex)?"""
    pts = fig["points"]
    a, v, b = split_points(lab["element"][6:], pts, 3)
    radii = [m["radius"] for m in fig.get("angle_marks", []) if m["element"].startswith("angle ") and
             (split_points(m["element"][6:], pts, 3) or [None] * 3)[1] == v and
             set(split_points(m["element"][6:], pts, 3)) == {a, v, b}]  # (XWT's arc is TWX's)
    return any(abs(math.dist(lab["leader"][0], pts[v]) - r) <= ARC_END for r in radii)


def _points_by_lines(fig: dict, pts: dict) -> list[str]:
    """A point hard by a segment it is not on (between ``ON_LINE`` and ``OFF_LINE`` px from its middle part):
    it reads as on the line (review 4: A 7 px from DO, so D, A and O read as collinear)."""
    out = []
    for s, t in fig["segments"]:
        p, q = pts[s], pts[t]
        n = math.dist(p, q)
        if n < 1e-9:
            continue
        ux, uy = (q[0] - p[0]) / n, (q[1] - p[1]) / n
        for name, xy in pts.items():
            if name in (s, t):
                continue
            along = (xy[0] - p[0]) * ux + (xy[1] - p[1]) * uy
            off = abs((xy[0] - p[0]) * uy - (xy[1] - p[1]) * ux)
            if 0 < along < n and ON_LINE < off < OFF_LINE:
                out.append(f"point {name} is {off:.1f} px off {s}{t}: it reads as on it")
    return out


def _unmarked_goal(fig: dict) -> list[str]:
    """A goal the figure draws (its element, or the angle of its sine) that no label marks: the student cannot
    tell which element is asked (review 3: 22 of 75 goals unmarked)."""
    goal = fig.get("goal") or {}
    drawn = goal.get("drawn")
    if drawn is None or any(lab["element"] == drawn for lab in fig["labels"]):
        return []
    if goal.get("shown") == "text" and not goal.get("marked"):
        return []  # (moved to the question, and the export says so: no place on the figure read as its own)
    return [f"the goal {goal.get('element')} ({drawn}) is drawn but not marked"]


RIM_PX = 1.5  # a point this near a drawn circle is on it


def _undotted_on_circles(fig: dict, pts: dict) -> list[str]:
    """Points on one drawn circle, some with a dot (a tangency's, the export's ``dots``) and some without: the one
    without reads as not on the circle, where the text may never say it is (reader 40's 28, FormalGeo's "in the
    figure": A and B dotted, D not)."""
    dotted = set(fig.get("dots", [])) | {e.split(" ", 1)[1] for m in fig.get("marks", []) if m["kind"] == "dot"
                                          for e in m["elements"] if e.startswith("point ")}
    out = []
    for c in fig.get("circles", []):
        on = [n for n, xy in pts.items() if abs(math.dist(xy, c["centre"]) - c["radius"]) < RIM_PX]
        bare = [n for n in on if n not in dotted]
        if bare and len(bare) < len(on):
            out.append(f"{', '.join(sorted(bare))} on the circle about {c['centre']} carry no dot where "
                       f"{', '.join(sorted(set(on) - set(bare)))} do: read as off it")
    return out


HEIGHT_SQUARE_DEG = 2.0  # a segment from a height's vertex to its base line within this of square is the height


def _undrawn_heights(fig: dict, pts: dict) -> list[str]:
    """A height asked or given ("height SRQP": from the last point onto the first side; "height ABC": from A onto
    BC) that the figure draws nowhere, neither dashed (the export's ``heights``) nor as a segment from its vertex
    square to the base line: the student has nothing to read it on, and a slanted segment from the vertex to the
    base reads as it (reader 40's 22, PA taken for the trapezoid's height)."""
    elements = [g.get("element") for g in fig.get("givens", [])] + [(fig.get("goal") or {}).get("element")]
    out = []
    for el in elements:
        if not el or not el.startswith("height "):
            continue
        name = el.split(" ", 1)[1]
        if not all(n in pts for n in name) or len(name) < 3:
            continue
        v, a, b = (name[0], name[1], name[2]) if len(name) == 3 else (name[-1], name[0], name[1])
        top, p, q = (pts[n] for n in (v, a, b))
        ux, uy = q[0] - p[0], q[1] - p[1]
        base = math.hypot(ux, uy)
        if base < 1e-6:
            continue
        dashed = any(h.get("shape") == name or min(math.dist(top, e) for e in h["line"]) < 1.0
                     for h in fig.get("heights", []))
        square = slanted = False
        for s, t in fig.get("segments", []):
            for x, y in ((s, t), (t, s)):
                if x != v or y not in pts:
                    continue
                f = pts[y]
                if abs(ux * (f[1] - p[1]) - uy * (f[0] - p[0])) / base > 1.0:  # (its other end off the base line)
                    continue
                dx, dy = f[0] - top[0], f[1] - top[1]
                off = abs(math.degrees(math.asin(min(1.0, abs(dx * ux + dy * uy) / (base * max(math.hypot(dx, dy),
                                                                                               1e-9))))))
                square |= off < HEIGHT_SQUARE_DEG
                slanted |= off >= HEIGHT_SQUARE_DEG
        if not dashed and not square:
            out.append(f"the {el} is drawn nowhere" + (f": the slanted segment from {v} to the base reads as it"
                                                       if slanted else ""))
    return out


def _letters_by_a_neighbour(fig: dict, pts: dict) -> list[str]:
    """A point letter whose centre is nearer another point's dot than its own: in a run of close collinear
    points it reads as the neighbour's (review 3: "Z" 10 px from A's dot and 15 px from Z's)."""
    out = []
    for lab in fig["labels"]:
        if not lab["element"].startswith("point "):
            continue
        name = lab["element"][6:]
        x0, y0, x1, y1 = lab["bbox"]
        c = ((x0 + x1) / 2, (y0 + y1) / 2)
        own = math.dist(c, pts[name])
        other = min(((math.dist(c, xy), n) for n, xy in pts.items() if n != name and math.dist(xy, pts[name]) > 0.5),
                    default=(math.inf, ""))
        if other[0] < own:
            out.append(f"the letter {name} is nearer {other[1]}'s dot ({other[0]:.0f} px) than its own ({own:.0f} px)")
    return out


BRACKET_APART = 9.0  # px: a bracket's legs stop at least this far off their side (at 4 px it drew as a closed strip)
DIMENSION_APART = 12.0  # px: and its span at least this far from its side's dimension line
BRACKET_FREE = 3.0  # px: its span keeps this far from every other drawn line, circle, mark and label
BRACKET_STUB = 10.0  # px: legs shorter beside a span over BRACKET_STUB_SPAN px read as stubs, the bracket as a stray
BRACKET_STUB_SPAN = 120.0  # thin line parallel to its side (reader 35's 19: 8 px legs by a 390 px side); a side
# with a dimension line frames the bracket between them


def _brackets_apart(fig: dict, pts: dict, crossed: bool = False) -> list[str]:
    """A split side's equality bracket that does not read as one (review 7, class A): legs that nearly touch
    the side (a thin closed strip, a second parallel line), a span that runs over other lines, circles, marks,
    labels or letters (an extra chord, a tick on a crossing or under another label), or one stacked against
    the side's dimension line (three lines, tick counts mixed).  ``crossed``: the span's crossings too (the
    layout has no other mark yet where a line crosses the side itself: not part of ``textbook_problems``)."""
    out = []
    marks = fig.get("marks", [])
    for m, el in _bracket_marks(fig):
        p, q = (pts[n] for n in _seg_points(el, pts))
        own = LineString([p, q])
        brace, drawn = _brace(m), m["pixels"]
        if min(own.distance(Point(brace[0])), own.distance(Point(brace[-1]))) < BRACKET_APART:
            out.append(f"the bracket of {el} starts within {BRACKET_APART:g} px of it: it reads as a second line")
        legs = min(math.dist(brace[0], brace[1]), math.dist(brace[-1], brace[-2]))
        if legs < BRACKET_STUB and math.dist(brace[1], brace[-2]) > BRACKET_STUB_SPAN and _dimension(fig, el) is None:
            out.append(f"the bracket of {el} has legs of {legs:.0f} px along its {math.dist(p, q):.0f} px: end "
                       f"stubs, it reads as a stray line parallel to {el} (reader 35)")
        parts = [drawn[0][1:], *drawn[1:-1], drawn[-1][:-1]] if len(drawn) > 1 else [brace[1:-1]]
        span = MultiLineString([pc for pc in parts if len(pc) > 1])  # (broken where it crosses: the pieces drawn)
        lines = [LineString([pts[a], pts[b]]) for a, b in fig["segments"]
                 if not _along(LineString([pts[a], pts[b]]), p, q)]
        rings = [Point(c["centre"]).buffer(c["radius"]).exterior for c in fig.get("circles", [])]
        others = [LineString(s) for o in marks if o is not m and o["kind"] != "dimension"
                  for s in _strokes_but(o, el) if len(s) > 1]
        boxes = [box(*lab["bbox"]) for lab in fig["labels"]]
        if crossed and any(span.distance(g) < BRACKET_FREE for g in [*lines, *rings, *others, *boxes]):
            out.append(f"the bracket of {el} runs over another line, mark or label: it reads as an extra line")
        dim = _dimension(fig, el)
        if dim is not None and span.distance(LineString(dim["pixels"][0])) < DIMENSION_APART:
            out.append(f"the bracket of {el} runs within {DIMENSION_APART:g} px of its dimension line: three lines "
                       "stacked, their tick counts mixed")
    return out


def _strokes_but(m: dict, el: str) -> list:
    """A mark's strokes less those of element ``el`` (a split side's own ticks, set across its bracket)."""
    names = [e for e in m["elements"]]
    if m["kind"] != "equal" or el not in names:
        return m["pixels"]
    per = max(1, len(m["pixels"]) // max(len(names), 1))
    i = names.index(el)
    return m["pixels"][:i * per] + m["pixels"][(i + 1) * per:]


VERTEX_RADII = 12.0  # px: two arcs at one vertex whose spans overlap differ in radius at least this much


def _span(pts: dict, a, v, b) -> tuple[float, float]:
    ta = math.atan2(pts[a][1] - pts[v][1], pts[a][0] - pts[v][0])
    tb = math.atan2(pts[b][1] - pts[v][1], pts[b][0] - pts[v][0])
    s = (tb - ta) % (2 * math.pi)
    return (ta, s) if s <= math.pi else (tb, 2 * math.pi - s)


def _overlap(s1: tuple[float, float], s2: tuple[float, float]) -> bool:
    """Do two angular spans (start, sweep) share more than a boundary ray?"""
    def inside(t, s):
        return 1e-3 < (t - s[0]) % (2 * math.pi) < s[1] - 1e-3
    mids = [s[0] + s[1] / 2 for s in (s1, s2)]
    return inside(mids[0], s2) or inside(mids[1], s1) or inside(s2[0], s1) or inside(s1[0], s2) or \
        (abs((s1[0] - s2[0]) % (2 * math.pi)) < 1e-3 and abs(s1[1] - s2[1]) < 1e-3)


def _vertex_marks_apart(fig: dict, pts: dict) -> list[str]:
    """Two angle marks at one vertex whose spans overlap, merged into one (review 7, class B): two right-angle
    squares drawn over each other (one crooked square), or two arcs under ``VERTEX_RADII`` px apart in radius
    (one double arc, an equal-angles mark)."""
    out = []
    arcs = [(am["element"], _angle_points(am["element"], pts), am["radius"]) for am in fig.get("angle_marks", [])]
    for i, (e1, (a, v, b), r1) in enumerate(arcs):
        for e2, (c, w, d), r2 in arcs[i + 1:]:
            if v == w and _overlap(_span(pts, a, v, b), _span(pts, c, w, d)) and abs(r1 - r2) < VERTEX_RADII:
                out.append(f"the arcs of {e1} and {e2} are {abs(r1 - r2):.1f} px apart: they read as one double arc")
    rights = [(m, _angle_points(m["elements"][0], pts)) for m in fig.get("marks", [])
              if m["kind"] == "right" and m["elements"][0].startswith("angle ")]
    for i, (m, (a, v, b)) in enumerate(rights):
        for n, (c, w, d) in rights[i + 1:]:
            if v != w or {a, b} == {c, d} or not _overlap(_span(pts, a, v, b), _span(pts, c, w, d)):
                continue
            s1, s2 = LineString(m["pixels"][0]), LineString(n["pixels"][0])
            if s1.distance(s2) < BRACKET_FREE and not s1.equals(s2):
                out.append(f"the right-angle squares of {m['elements'][0]} and {n['elements'][0]} overlap: "
                           "they read as one crooked square")
    return out


# -- review 9 (issue 38): what the ninth blind reader of textbook figures found misleading ------------------------
RAIL_APART = 12.0  # px: two dimension lines (or one and a bracket) of segments on one line at least this far apart


def _rails(fig: dict, pts: dict) -> list[tuple[str, str, tuple, tuple]]:
    """(kind, element, start, end) of each dimension line and each bracket's span in the export."""
    out = []
    for m in fig.get("marks", []):
        if m["kind"] == "dimension":
            out.append(("dimension", m["elements"][0], tuple(m["pixels"][0][0]), tuple(m["pixels"][0][-1])))
        elif m["kind"] == "bracket":
            brace = _brace(m)
            out.append(("bracket", m["elements"][0], tuple(brace[1]), tuple(brace[2])))
    return out


def _shared_rails(fig: dict, pts: dict) -> list[str]:
    """Two dimension lines, or a dimension line and a bracket, of different segments on one line, on one rail
    (under ``RAIL_APART`` px apart where their spans overlap or meet): neither span is clear (review 9: AC = 14
    and AG = 10 on one line, both from A; BD's bracket over CF's dimension line, "3" read as CD's)."""
    rails = _rails(fig, pts)
    out = []
    for i, (k1, e1, s1, t1) in enumerate(rails):
        p, q = (pts[n] for n in _seg_points(e1, pts))
        for k2, e2, s2, t2 in rails[i + 1:]:
            if "dimension" not in (k1, k2) or set(_seg_points(e1, pts)) == set(_seg_points(e2, pts)):
                continue
            r, s = (pts[n] for n in _seg_points(e2, pts))
            if max(_off_line(p, q, r), _off_line(p, q, s)) > 1.0:
                continue  # (not on one line)
            a, b = LineString([s1, t1]), LineString([s2, t2])
            if a.distance(b) < RAIL_APART and (a.buffer(RAIL_APART).intersection(b).length > 1.0
                                               or min(math.dist(x, y) for x in (s1, t1) for y in (s2, t2)) < 2.0):
                out.append(f"the {k1} line of {e1} and the {k2} line of {e2} share one rail: neither span is clear")
    return out


def _bare_region_marks(fig: dict) -> list[str]:
    """A bare "?" of an area or a perimeter anywhere: it names no region and reads as a length asked (review 9's
    52: 30 px from OD and 34 px from BD, off a thin triangle's centroid).  A region's label names it ("area BDO
    = ?"), inside it or led into it, or the question alone asks it."""
    return [f"the bare '?' of {lab['element']} names no region" for lab in fig["labels"]
            if lab["text"].strip() == "?" and lab["element"].split(" ")[0] in ("area", "perimeter")]


def _square_arms(m: dict) -> tuple[tuple, float, float]:
    s0, c, s2 = m["pixels"][0][:3]
    v = (s0[0] + s2[0] - c[0], s0[1] + s2[1] - c[1])
    return v, math.atan2(s0[1] - v[1], s0[0] - v[0]), math.atan2(s2[1] - v[1], s2[0] - v[0])


def _strictly_between(t: float, a: float, b: float, edge: float = math.radians(2.0)) -> bool:
    """Is direction ``t`` strictly inside the right angle between directions ``a`` and ``b``?"""
    return all(edge < abs(math.remainder(t - x, 2 * math.pi)) < math.pi / 2 - edge for x in (a, b))


def _crossed_squares(fig: dict, pts: dict) -> list[str]:
    """Several marks at one vertex (review 9, class B): two right-angle squares there whose quarters overlap,
    each crossed by the other's arm (which angle each marks is unclear: 23's nested squares at A), or a square
    that a drawn ray from its vertex (a dashed height among them) runs through while a part the ray cuts off is
    labelled (a value or a "?") with no arc of its own: the square then reads as that part's right angle (review
    11's 20: AD 15° inside AC across an 18 px square, read as angle DAB's).  A square from arm to arm of its
    right angle, each labelled part with its own arc, is the textbook's mark of the whole angle (issue 38); how
    large it must be to read across the ray is ``_hidden_squares``'."""
    squares = [(m, *_square_arms(m)) for m in fig.get("marks", [])
               if m["kind"] in ("right", "height") and len(m["pixels"][0]) >= 3]
    arced = {am["element"] for am in fig.get("angle_marks", [])}
    out = []
    for i, (m, v, a, b) in enumerate(squares):
        for n, w, c, d in squares[i + 1:]:
            if math.dist(v, w) < 1.0 and (_strictly_between(c, a, b) or _strictly_between(d, a, b)
                                          or _strictly_between(a, c, d) or _strictly_between(b, c, d)):
                out.append(f"the right-angle squares of {m['elements'][0]} and {n['elements'][0]} overlap at their "
                           "vertex, each crossed by the other's arm")
        dashed = [ln for h in fig.get("marks", []) if h["kind"] == "height" for ln in h["pixels"][1:] if len(ln) == 2]
        rays = _rays(fig, pts, v) + [math.atan2(f[1] - e[1], f[0] - e[0]) for ln in dashed
                                     for e, f in (ln, ln[::-1]) if math.dist(e, v) < 1.5 and math.dist(f, v) > 1.5]
        if not any(_strictly_between(t, a, b) for t in rays):
            continue
        for lab in fig["labels"]:
            el = lab["element"]
            if not el.startswith("angle ") or el in arced:
                continue
            try:
                p, x, q = _angle_points(el, pts)
            except KeyError:
                continue
            if math.dist(pts[x], v) >= 1.5:
                continue
            tp, tq = (math.atan2(pts[e][1] - v[1], pts[e][0] - v[0]) for e in (p, q))
            inside = [t for t in (tp, tq) if _strictly_between(t, a, b)]
            along = [t for t in (tp, tq) if min(abs(math.remainder(t - s, 2 * math.pi)) for s in (a, b)) < 0.035]
            if inside and len(inside) + len(along) == 2:  # (a part of the square's quarter, not the whole)
                out.append(f"the right-angle square of {m['elements'][0]} is crossed by a drawn ray from its vertex "
                           f"and the part {el} is labelled with no arc of its own: the square reads as its right "
                           "angle")
    return out


def _joined_arcs(fig: dict, pts: dict) -> list[str]:
    """Two arcs of an equal-angle group at one vertex that meet end to end: one arc over the whole angle, the
    bisector's two halves unseen (review 9's 51)."""
    out = []
    for m in fig.get("marks", []):
        if m["kind"] != "equal_angle":
            continue
        arcs = [ln for ln in m["pixels"] if len(ln) >= 4]
        for i, p in enumerate(arcs):
            for q in arcs[i + 1:]:
                if min(math.dist(x, y) for x in (p[0], p[-1]) for y in (q[0], q[-1])) < 2.0:
                    out.append(f"two arcs of the equal angles {', '.join(m['elements'])} join into one arc")
    return out


EQUAL_ARC_MIN = 0.84  # fonts: an equal-angle arc's radius at least this (14 px by a 16.7 px label: review 14's 20
# read 10 px arcs with one tick as two little "x"s)
EQUAL_TICK_MIN = 0.5  # fonts: and each of its ticks at least this long
EQUAL_ARC_MANY = 2.4  # and, with two ticks or more, this many (reader 42's 02: a 24 px arc under two 12 px ticks
# between two near rays read as a segment's double tick)
EQUAL_ARC_TICKS = 1.8  # and the arc's chord at least this many of its longest tick (reader 16's 36 and 51: 12 px arcs
# under 11 px ticks read as "+" and "×")


def _font(fig: dict) -> float:
    """The figure's font height (px): its tallest label box (a textbook size scales with it)."""
    return max((lab["bbox"][3] - lab["bbox"][1] for lab in fig["labels"]), default=16.0)


def _small_angle_marks(fig: dict, pts: dict) -> list[str]:
    """An equal-angle group's arcs and ticks at a textbook's size, scaled with the figure's font."""
    out = []
    font = _font(fig)
    for m in fig.get("marks", []):
        if m["kind"] != "equal_angle":
            continue
        for line in m["pixels"]:
            if len(line) > 2:  # an arc: its radius about the nearest vertex of the group's angles
                vs = [pts[_angle_points(e, pts)[1]] for e in m["elements"]]
                mid = line[len(line) // 2]
                v = min(vs, key=lambda xy: abs(math.dist(xy, line[0]) - math.dist(xy, mid)))
                r = math.dist(v, mid)
                if r < EQUAL_ARC_MIN * font - 0.5:
                    out.append(f"an equal-angle arc of {m['elements'][0]} is {r:.0f} px in radius (under "
                               f"{EQUAL_ARC_MIN * font:.0f}): it reads as a small cross")
                    break
                arc = LineString(line)  # (its own ticks: those across it)
                tick = max((math.dist(t[0], t[-1]) for t in m["pixels"] if len(t) == 2
                            and arc.distance(Point((t[0][0] + t[-1][0]) / 2, (t[0][1] + t[-1][1]) / 2)) < 2.0),
                           default=0.0)
                if math.dist(line[0], line[-1]) < EQUAL_ARC_TICKS * tick - 0.5:
                    out.append(f"an equal-angle arc of {m['elements'][0]} is {math.dist(line[0], line[-1]):.0f} px "
                               f"across under {tick:.0f} px ticks: arc and tick read as a cross")
                    break
                if m["count"] > 1 and math.dist(line[0], line[-1]) < EQUAL_ARC_MANY * tick - 0.5:
                    out.append(f"an equal-angle arc of {m['elements'][0]} is {math.dist(line[0], line[-1]):.0f} px "
                               f"across under {m['count']} ticks of {tick:.0f} px: it reads as a segment's ticks")
                    break
            elif math.dist(line[0], line[-1]) < EQUAL_TICK_MIN * font - 0.5:
                out.append(f"an equal-angle tick of {m['elements'][0]} is "
                           f"{math.dist(line[0], line[-1]):.0f} px long: too small to see")
                break
    return out


CROSSING_PX = 8.0  # px: a leader ending this near where two drawn segments cross points at the crossing


def _crossings(fig: dict, pts: dict) -> list[tuple[tuple[float, float], str]]:
    """Where two drawn segments cross inside both, away from every drawn point, each with the two segments' names."""
    segs = [(p, q) for p, q in fig["segments"] if p in pts and q in pts and p != q]
    out = []
    for (a, b), (c, e) in itertools.combinations(segs, 2):
        if {a, b} & {c, e}:
            continue
        hit = LineString([pts[a], pts[b]]).intersection(LineString([pts[c], pts[e]]))
        if hit.geom_type != "Point" or any(math.dist((hit.x, hit.y), xy) < 2.0 for xy in pts.values()):
            continue
        out.append(((hit.x, hit.y), f"{a}{b} and {c}{e}"))
    for circle in fig.get("circles", []):  # (a drawn segment crossing a circle: reader 37's 11)
        (cx, cy), r = circle["centre"], circle["radius"]
        for a, b in segs:
            (x0, y0), (x1, y1) = pts[a], pts[b]
            dx, dy = x1 - x0, y1 - y0
            qa, qb, qc = dx * dx + dy * dy, 2 * (dx * (x0 - cx) + dy * (y0 - cy)), (x0 - cx) ** 2 + (y0 - cy) ** 2 - r * r
            disc = qb * qb - 4 * qa * qc
            if qa < 1e-9 or disc <= 0:
                continue
            for t in ((-qb - math.sqrt(disc)) / (2 * qa), (-qb + math.sqrt(disc)) / (2 * qa)):
                xy = (x0 + t * dx, y0 + t * dy)
                if 0 < t < 1 and all(math.dist(xy, p) >= 2.0 for p in pts.values()):
                    out.append((xy, f"{a}{b} and the circle"))
    return out


def _leaders_at_crossings(fig: dict, pts: dict) -> list[str]:
    """A leader ending where two drawn lines cross, or where a drawn line crosses a circle, points at the crossing,
    or at the other line (reader 32's 16: the leader of "AF = ?" ended where AF crosses ED, read as pointing at ED or
    at the crossing; reader 37's 11: "CO = ?" ended where CO crosses the circle)."""
    crossings = _crossings(fig, pts)
    out = []
    for lab in fig["labels"]:
        if lab.get("leader") is None or lab["element"].startswith("point "):
            continue
        end = tuple(lab["leader"][0][:2])
        for xy, names in crossings:
            if math.dist(end, xy) < CROSSING_PX:
                out.append(f"the leader of {lab['text']!r} ({lab['element']}) ends where {names} cross "
                           f"({math.dist(end, xy):.1f} px): it points at the crossing")
                break
    return out


def _leaders_through_labels(fig: dict) -> list[str]:
    """A leader never runs through another label's text (review 14's 08: the ∠MNQ leader crossed "∠PNQ")."""
    out = []
    labels = fig["labels"]
    for lab in labels:
        if lab.get("leader") is None:
            continue
        line = LineString([p[:2] for p in lab["leader"]])
        for other in labels:
            if other is lab:
                continue
            if box(*other["bbox"]).buffer(-0.5).intersects(line):
                out.append(f"the leader of {lab['text']!r} ({lab['element']}) runs through {other['text']!r}")
                break
    return out


LEADERS_APART = 1.0  # px: two labels' leaders nearer than this cross (reader 36's 24: a "+" read as a mark)
LEADER_BY_LABEL = 15.0  # px: a leader's end on its element this near another value's box points at that label
# (reader 36's 25: the sector's leader ended 13.6 px from "∠ACB = 70°")


def _leaders_crossing(fig: dict) -> list[str]:
    """Two leaders never cross (they read as a "+" mark, and neither says whose label is whose), and a leader ends on
    its element clear of every other value's text (by it, the leader reads as pointing at that label); an element's
    own labels aside ("∠ABC = ?" asking the given "110°")."""
    def own(a: str, b: str) -> bool:  # (one element's labels, or a function of it: "tan ∠BAC = ?" by "30°")
        return bool(re.search(rf"(?<![A-Za-z0-9']){re.escape(a)}(?![A-Za-z0-9'])", b) or
                    re.search(rf"(?<![A-Za-z0-9']){re.escape(b)}(?![A-Za-z0-9'])", a))

    out = []
    led = [lab for lab in fig["labels"] if lab.get("leader")]
    values = [lab for lab in fig["labels"] if not lab["element"].startswith("point ")]
    for i, lab in enumerate(led):
        line = LineString([p[:2] for p in lab["leader"][:2]])
        for other in led[i + 1:]:
            if not own(other["element"], lab["element"]) and line.distance(LineString([p[:2] for p in other["leader"][:2]])) < LEADERS_APART:
                out.append(f"the leaders of {lab['text']!r} and {other['text']!r} cross: they read as a mark")
        end = Point(lab["leader"][0][:2])
        for other in values:
            if not own(other["element"], lab["element"]) and box(*other["bbox"]).distance(end) < LEADER_BY_LABEL:
                out.append(f"the leader of {lab['text']!r} ({lab['element']}) ends by {other['text']!r}: it points "
                           f"at that label")
    return out


def _angle_labels_in_other_wedges(fig: dict, pts: dict) -> list[str]:
    """An angle's label with no leader, in a part of its angle (cut off by another drawn ray) that is another
    labelled or marked angle's at the same vertex, reads as that angle's, name or not (review 14's 08: "∠MNP = ?"
    in the PNQ region, no leader)."""
    out = []
    others: dict[str, list[tuple[float, float]]] = {}  # vertex -> the (start, sweep) of its other shown angles
    shown = [lab["element"] for lab in fig["labels"]] + [m["element"] for m in fig.get("angle_marks", [])]
    shown += [e for m in fig.get("marks", []) if m["kind"] in ("equal_angle", "right") for e in m["elements"]]
    spans = {}
    for el in shown:
        if not el.startswith("angle ") or el in spans:
            continue
        names = split_points(el[6:], pts, 3)
        if names is None:
            continue
        spans[el] = (names[1], _span(pts, *names))
    for lab in fig["labels"]:
        el = lab["element"]
        if lab.get("leader") is not None or el not in spans:
            continue
        v, (t0, sweep) = spans[el]
        x0, y0, x1, y1 = lab["bbox"]
        at = (math.atan2((y0 + y1) / 2 - pts[v][1], (x0 + x1) / 2 - pts[v][0]) - t0) % (2 * math.pi)
        if not 0 < at < sweep:
            continue  # (outside its wedge: another check's)
        for o, (w, (s0, s)) in spans.items():
            if o == el or w != v or s >= sweep - 1e-3:
                continue
            if (s0 - t0) % (2 * math.pi) <= sweep and 0 < (at + t0 - s0) % (2 * math.pi) < s:
                out.append(f"{lab['text']!r} ({el}) sits in the wedge of {o} with no leader: it reads as that "
                           "angle's")
                break
    return out


ARC_LETTER = 1.0  # fonts: an arc's label this far at least from any point letter that is not an end of its arc
ARC_STRETCH = 0.25  # and this share of its stretch (between drawn points on the circle) from either end of it


def _circle_angle(c, xy) -> float:
    return math.atan2(xy[1] - c[1], xy[0] - c[0])


def _arc_label_stretches(fig: dict, pts: dict) -> list[str]:
    """An arc's label sits on a stretch of its own arc, by that stretch's middle, that no drawn point cuts:
    nearer its own arc than any other arc between drawn points on any drawn circle, a font height at least
    from every point letter but its arc's ends (review 14's 02: the "?" of the 270° arc A…F at the arc's
    middle, 10° from C on the short arc CD, read as arc CD's or C's)."""
    out = []
    font = _font(fig)
    letters = {lab["element"][6:]: box(*lab["bbox"]) for lab in fig["labels"] if lab["element"].startswith("point ")}
    circles = [(c["centre"], c["radius"]) for c in fig.get("circles", [])]
    for arc in fig.get("arc_labels", []):
        if "span" not in arc:
            continue
        lab = next((x for x in fig["labels"] if x["element"] == arc["element"]), None)
        if lab is None:
            continue
        c, r = arc["centre"], arc["radius"]
        start, sweep = (math.radians(t) for t in arc["span"])
        x0, y0, x1, y1 = lab["bbox"]
        at = lab["leader"][0] if lab.get("leader") else ((x0 + x1) / 2, (y0 + y1) / 2)
        text, el = lab["text"], arc["element"]
        u = (_circle_angle(c, at) - start) % (2 * math.pi)
        if u >= sweep:
            out.append(f"{text!r} ({el}) sits beyond its arc's ends: it reads as the other arc's")
            continue
        on = sorted({(_circle_angle(c, xy) - start) % (2 * math.pi) for xy in pts.values()
                     if abs(math.dist(xy, c) - r) < 1.5 and 1e-3 < (_circle_angle(c, xy) - start) % (2 * math.pi)
                     < sweep - 1e-3})
        cuts = [0.0] + on + [sweep]
        lo = max(t for t in cuts if t <= u)
        hi = min(t for t in cuts if t > u)
        if min(u - lo, hi - u) < ARC_STRETCH * (hi - lo) and len(cuts) > 2:
            out.append(f"{text!r} ({el}) sits by a drawn point on its arc, not by a stretch's middle: it reads as "
                       "a shorter arc's or the point's")
        ends = {n for n, xy in pts.items() if math.dist(xy, c) > 1 and min(
            abs(((_circle_angle(c, xy) - start + math.pi) % (2 * math.pi)) - math.pi),
            abs(((_circle_angle(c, xy) - start - sweep + math.pi) % (2 * math.pi)) - math.pi)) < 1e-3}
        where = box(x0, y0, x1, y1)
        near = [n for n, b in letters.items() if n not in ends and b.distance(where) < ARC_LETTER * font]
        if near:
            out.append(f"{text!r} ({el}) is under a font height from the letter {near[0]}")
        own = abs(math.dist(at, c) - r)
        for oc, orr in circles:
            if math.dist(oc, c) < 0.5 and abs(orr - r) < 0.5:
                continue
            if abs(math.dist(at, oc) - orr) < own:
                out.append(f"{text!r} ({el}) sits nearer another circle than its own arc")
                break
    return out


def _neighbour_squares(fig: dict) -> list[str]:
    """Two right-angle squares at one crossing, in neighbouring quarters (sharing an arm): together they read as
    one small rectangle straddling the line (reader 17's 03: DPA's and CPD's at P, read as one square)."""
    squares = [(m, *_square_arms(m)) for m in fig.get("marks", [])
               if m["kind"] in ("right", "height") and len(m["pixels"][0]) >= 3]
    out = []
    for i, (m, v, a, b) in enumerate(squares):
        for n, w, c, d in squares[i + 1:]:
            if math.dist(v, w) >= 1.0:
                continue
            shared = [x for x in (a, b) for y in (c, d) if abs(math.remainder(x - y, 2 * math.pi)) < math.radians(2)]
            if len(shared) == 1:
                out.append(f"the right-angle squares of {m['elements'][0]} and {n['elements'][0]} sit side by side "
                           "at one crossing: they read as one rectangle")
    return out


SQUARES_TOUCH = 2.0  # px: two right-angle squares at different points this near read as one rectangle


def _touching_squares(fig: dict) -> list[str]:
    """Two right-angle squares at different points (nearby on one line, facing) that touch: together they read as
    one tall rectangle, neither as a right angle (reader 41's 11)."""
    squares = [(m, _square_arms(m)[0]) for m in fig.get("marks", [])
               if m["kind"] in ("right", "height") and m.get("pixels") and len(m["pixels"][0]) >= 3]
    out = []
    for i, (m, v) in enumerate(squares):
        for n, w in squares[i + 1:]:
            if math.dist(v, w) < 1.0:
                continue
            if LineString(m["pixels"][0]).distance(LineString(n["pixels"][0])) < SQUARES_TOUCH:
                out.append(f"the right-angle squares of {m['elements'][0]} and {n['elements'][0]} touch: they read "
                           "as one rectangle")
    return out


ONE_LENGTH = 0.002  # relative: two equal groups' segments this near one length are one length (a figure to scale)


def _one_length_two_counts(fig: dict, pts: dict) -> list[str]:
    """Two equal-length groups drawn with different tick counts whose segments are one length in the figure (drawn
    to scale): the counts say two lengths where the facts make one (reader 30's 17 and 23: halves AE and DF of a
    rhombus's equal sides, with two ticks and three)."""
    groups = []
    for m in fig.get("marks", []):
        if m["kind"] != "equal" or not m["elements"]:
            continue
        lengths = [_length(pts, e) for e in m["elements"] if split_points(e, pts, 2) is not None]
        if lengths:
            groups.append((m, sum(lengths) / len(lengths)))
    out = []
    for i, (m, a) in enumerate(groups):
        for n, b in groups[i + 1:]:
            if m["count"] != n["count"] and abs(a - b) <= ONE_LENGTH * max(a, b):
                out.append(f"{'/'.join(m['elements'])} and {'/'.join(n['elements'])} are one length with "
                           f"{m['count']} ticks and {n['count']}: read as two lengths")
    return out


WHOLE_MIDDLE = 0.15  # of the whole line: a piece's value whose foot lies this near the whole's middle reads as its


def _pieces_by_whole_middles(fig: dict, pts: dict) -> list[str]:
    """A piece's value (BF of line B-F-A) set beside it, with no dimension line, where its foot lies by the middle of
    the whole drawn line it is a piece of, that line carrying no value of its own: it reads as the whole's (reader
    31's 25: "23" by BF, 79% of BA, read as the hypotenuse)."""
    valued = {frozenset(split_points(lab["element"], pts, 2) or ()) for lab in fig["labels"]}
    out = []
    for lab in fig["labels"]:
        names = split_points(lab["element"], pts, 2) if " " not in lab["element"] else None
        if names is None or lab["leader"] is not None or "=" in lab["text"] or _dimension(fig, lab["element"]):
            continue  # (a value that names its side, "AE = ?", reads as its own wherever it sits)
        p, q = (pts[n] for n in names)
        n = math.dist(p, q)
        if n < 1e-9:
            continue
        ux, uy = (q[0] - p[0]) / n, (q[1] - p[1]) / n
        on = [(((xy[0] - p[0]) * ux + (xy[1] - p[1]) * uy), k) for k, xy in pts.items()
              if abs((xy[0] - p[0]) * uy - (xy[1] - p[1]) * ux) < 0.75]
        drawn = {frozenset(s) for s in fig["segments"]}
        on.sort()
        ts = [t for t, _ in on]
        i, j = ts.index(min(ts, key=abs)), ts.index(min(ts, key=lambda t: abs(t - n)))
        while i > 0 and frozenset((on[i - 1][1], on[i][1])) in drawn:
            i -= 1  # (the drawn line runs on past p, piece by piece)
        while j < len(on) - 1 and frozenset((on[j][1], on[j + 1][1])) in drawn:
            j += 1
        lo, hi = ts[i], ts[j]
        if hi - lo < n + 0.5 or frozenset((on[i][1], on[j][1])) in valued:
            continue
        at = {k: t for t, k in on[i:j + 1]}
        if any(len(v) == 2 and v <= set(at) and (min(at[k] for k in v) >= n - 0.5 or max(at[k] for k in v) <= 0.5)
               for v in valued):
            continue  # (another piece of the line valued too: the pieces read apart, "3k" and "4k")
        x0, y0, x1, y1 = lab["bbox"]
        t = ((x0 + x1) / 2 - p[0]) * ux + ((y0 + y1) / 2 - p[1]) * uy
        if abs(t - (lo + hi) / 2) < WHOLE_MIDDLE * (hi - lo):
            out.append(f"{lab['text']!r} ({lab['element']}) sits by the middle of {on[i][1]}{on[j][1]}, the whole line "
                       "it is a piece of: it reads as the whole's")
    return out


ARC_ELEMENT = re.compile(r"^arc (?:length )?([A-Z]{3})$")


def _arc_labels_off(fig: dict, pts: dict) -> list[str]:
    """A label of a circle's arc (``arc OEC``, ``arc length OEC``: centre first) named as the language names it,
    "arc length OEC = ?", which reads as an arc through O, rather than as the question does ("arc EC"); or sitting
    off its arc (``ARC_NEAR`` fonts) with no leader to it (reader 31's 17: a 10° arc EC asked in a corner, unmarked)."""
    font = _font(fig)
    centres = [c["centre"] for c in fig.get("circles", [])]
    out = []
    for lab in fig["labels"]:
        hit = ARC_ELEMENT.match(lab["element"])
        if hit is None or not all(n in pts for n in hit.group(1)):
            continue
        o, a, b = (pts[n] for n in hit.group(1))
        if not any(math.dist(o, c) < 1.0 for c in centres):
            continue  # (no circle about its first point: no centre-first arc)
        if re.search(rf"\b{hit.group(1)}\b", lab["text"]):
            out.append(f"{lab['text']!r} names its arc centre first: it reads as an arc through {hit.group(1)[0]}")
        ta = math.atan2(o[1] - a[1], a[0] - o[0])  # (counter-clockwise as the language means it: y up)
        sweep = (math.atan2(o[1] - b[1], b[0] - o[0]) - ta) % (2 * math.pi)
        r = math.dist(o, a)
        arc = LineString([(o[0] + r * math.cos(ta + sweep * k / 48), o[1] - r * math.sin(ta + sweep * k / 48))
                          for k in range(49)])
        at = Point(lab["leader"][0]) if lab["leader"] else box(*lab["bbox"])
        if at.distance(arc) > ARC_NEAR * font:
            out.append(f"{lab['text']!r} sits {at.distance(arc):.0f} px from its arc with no leader to it")
    return out


EQUAL_ARCS = re.compile(r"^arc (?:length )?([A-Za-z]\w*) = arc (?:length )?([A-Za-z]\w*)$")


def _unmarked_equal_arcs(fig: dict) -> list[str]:
    """A given "arc length OAD = arc length OBC" with no equal-arc mark holding both arcs: a stated relation a
    reader looks for on the figure and does not find (reader 30's 14, reader 31's 12)."""
    marked = [{e.split(" ", 1)[1] for e in m["elements"]} for m in fig.get("marks", []) if m["kind"] == "equal_arc"]
    out = []
    for g in fig.get("givens", []):
        if (hit := EQUAL_ARCS.match(g["fact"])) and not any(set(hit.groups()) <= arcs for arcs in marked):
            out.append(f"{g['fact']!r} carries no tick on its arcs")
    return out


TICK_GAP_MANY = 6.5  # px: the least gap between the ticks of a row of four or more, that a reader counts them


def _tick_rows(fig: dict) -> list[str]:
    """Equal groups' tick counts a reader counts: the drawn groups' counts run 1, 2, 3 … with none skipped (a
    count of 5 where only 1 and 2 are drawn besides, reader 17's 28, read as 4), and a row of four or more ticks
    spaced ``TICK_GAP_MANY`` px at least."""
    marks = [m for m in fig.get("marks", []) if m["kind"] == "equal" and m["pixels"]]
    out = []
    counts = sorted({m["count"] for m in marks})
    if counts != list(range(1, len(counts) + 1)):
        out.append(f"the equal groups' tick counts {counts} skip a count: a long row stands for a short one's")
    for m in marks:
        k = m["count"]
        if k < 4 or len(m["pixels"]) < k:
            continue
        mids = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in (ln[:2] for ln in m["pixels"][:k])]
        gap = min(math.dist(p, q) for p, q in zip(mids, mids[1:]))
        if gap < TICK_GAP_MANY:
            out.append(f"the {k} ticks of {', '.join(m['elements'])} are {gap:.1f} px apart: hard to count")
    return out


def _undotted_centres(fig: dict, pts: dict) -> list[str]:
    """A circle's centre drawn as every other figure draws it, with a dot (reader 17: none in 06, by a sector's
    arc alone; a ring in 43)."""
    dotted = set(fig.get("dots", []))
    out = []
    for c in fig.get("circles", []):
        at = [n for n, xy in pts.items() if math.dist(xy, c["centre"]) < 0.5]
        out += [f"the centre {n} of a circle has no dot" for n in at if n not in dotted]
    return out


CROSSED_END = 16.0  # px: a drawn line crossing a side further than this from both its ends splits it into two pieces


def _values_on_crossed_sides(fig: dict, pts: dict) -> list[str]:
    """A side's bare value (no name, no leader, no dimension line) where another drawn segment crosses the side
    inside at no lettered point: the side is drawn as two pieces, and the value by one reads as that piece's
    (reader 35's 26: the radius's "5" on the part of OA that chord BC cuts off)."""
    out = []
    for lab in fig["labels"]:
        names = split_points(lab["element"], pts, 2) if " " not in lab["element"] else None
        if names is None or lab["leader"] is not None or "=" in lab["text"] or _dimension(fig, lab["element"]):
            continue
        p, q = (pts[n] for n in names)
        n = math.dist(p, q)
        if n < 2 * CROSSED_END or any(k not in names and _off_line(p, q, xy) < 0.75 and 0.5 < math.dist(p, xy) < n - 0.5
                                      and math.dist(q, xy) < n for k, xy in pts.items()):
            continue  # (a lettered point splits it: the split side's own rules)
        own = LineString([p, q])
        for a, b in fig["segments"]:
            line = LineString([pts[a], pts[b]])
            if {a, b} & set(names) or _along(line, p, q) or not own.crosses(line):
                continue
            at = own.project(own.intersection(line))
            if CROSSED_END < at < n - CROSSED_END:
                out.append(f"{lab['text']!r} ({lab['element']}) sits by one piece of it, {a}{b} crossing it where no "
                           "point is: it reads as the piece's")
                break
    return out


def _bare_arc_queries(fig: dict) -> list[str]:
    """An asked arc's bare "?" (no "arc" in its text) with its arc not drawn as such (no heavier stroke along it,
    ``marks`` kind ``arc``): by the circle between two points it reads as the chord's (reader 35's 16, "?" of arc
    EC read as chord EC)."""
    heavy = {e for m in fig.get("marks", []) if m["kind"] == "arc" for e in m["elements"]}
    return [f"the {lab['text']!r} of {lab['element']} marks no arc: it reads as the chord's"
            for lab in fig["labels"] if lab["element"].startswith("arc ") and lab["text"].strip() == "?"
            and lab["element"] not in heavy]


def _pieces_in_dimension_strips(fig: dict, pts: dict) -> list[str]:
    """A bare value or "?" of a piece of a side (AG of line A-G-C) set between the whole side and the whole's
    dimension line: it reads as part of the whole's dimension (reader 35's 17: the "?" of AG below AC's "19")."""
    out = []
    dims = [(m["elements"][0], m["pixels"][0]) for m in fig.get("marks", []) if m["kind"] == "dimension"]
    for lab in fig["labels"]:
        names = split_points(lab["element"], pts, 2) if " " not in lab["element"] else None
        if not dims or names is None or lab["leader"] is not None or "=" in lab["text"]:
            continue
        p, q = (pts[n] for n in names)
        x0, y0, x1, y1 = lab["bbox"]
        mid = Point((x0 + x1) / 2, (y0 + y1) / 2)
        for el, line in dims:
            whole = split_points(el, pts, 2)
            if whole is None or set(whole) == set(names):
                continue
            a, b = (pts[n] for n in whole)
            if _off_line(a, b, p) > 0.75 or _off_line(a, b, q) > 0.75 or not _collinear_overlap(a, b, p, q):
                continue
            strip = Polygon([a, b, line[-1], line[0]]) if math.dist(a, line[0]) < math.dist(a, line[-1]) else \
                Polygon([a, b, line[0], line[-1]])
            if strip.is_valid and strip.contains(mid):
                out.append(f"{lab['text']!r} ({lab['element']}) sits between {el} and its dimension line: it reads as "
                           f"part of {el}'s dimension")
                break
    return out


def _bare_arc_values(fig: dict, pts: dict) -> list[str]:
    """A bare arc value ("284°", no "arc" in its text) stands on its arc only where no other drawn point lies on
    that arc: by a stretch between two of them it reads as that stretch's arc (reader 37's 22, FormalGeo 1022:
    "284°" of the major arc CBD written by the stretch DA, which measures about 180°)."""
    out = []
    for lab in fig["labels"]:
        hit = ARC_ELEMENT.match(lab["element"])
        if hit is None or lab["element"].startswith("arc length") or "arc" in lab["text"] or \
                not all(n in pts for n in hit.group(1)):
            continue
        o, a, b = (pts[n] for n in hit.group(1))
        r = math.dist(o, a)
        ta = math.atan2(o[1] - a[1], a[0] - o[0])  # (counter-clockwise from its first end: y up)
        sweep = (math.atan2(o[1] - b[1], b[0] - o[0]) - ta) % (2 * math.pi)
        inside = sorted(n for n, xy in pts.items() if n not in hit.group(1) and abs(math.dist(o, xy) - r) < ON_LINE
                        and 1e-3 < (math.atan2(o[1] - xy[1], xy[0] - o[0]) - ta) % (2 * math.pi) < sweep - 1e-3)
        if inside:
            out.append(f"the bare {lab['text']!r} of {lab['element']} sits on an arc through {', '.join(inside)}: it "
                       "reads as a shorter stretch's arc")
    return out


TOUCH_PX = 1.5  # px: a drawn line this near tangent to a circle touches it as drawn
TOUCH_SHARE = 0.02  # of the radius: or this near, whichever is more (a graze the eye cannot tell from touching)


def _unlike_touching_dots(fig: dict, pts: dict) -> list[str]:
    """A tangency dot marks a stated tangency, and a drawn tangency has its dot: a line drawn touching a circle with
    no dot where it touches reads as a tangency no mark states (FormalGeo 767: PV drawn touching the circle at W,
    which no fact says, W's small point dot beside the tangency dots of Q, S and U), and a dot the export says marks
    a touching only "as drawn" marks a relation no fact states."""
    dots = [m for m in fig.get("marks", []) if m["kind"] == "dot"]
    out = [f"the tangency dot on {m['elements'][0]} marks a touching only as drawn: a relation no fact states"
           for m in dots if str(m.get("source", "")).endswith("as drawn")]
    dotted = [pts[n] for m in dots if (n := m["elements"][0].split(" ")[-1]) in pts]
    for circle in fig.get("circles", []):
        c, r = circle["centre"], circle["radius"]
        for p, q in fig["segments"]:
            if p not in pts or q not in pts or pts[p] == pts[q] or all(
                    abs(math.dist(pts[n], c) - r) < ON_LINE for n in (p, q)):
                continue  # (a chord, however short, reads as cutting)
            (ax, ay), (bx, by) = pts[p], pts[q]
            ux, uy = bx - ax, by - ay
            t = ((c[0] - ax) * ux + (c[1] - ay) * uy) / (ux * ux + uy * uy)
            if not 0.0 < t < 1.0 or abs(_line_off(pts[p], pts[q], c) - r) > max(TOUCH_PX, TOUCH_SHARE * r):
                continue
            foot = (ax + t * ux, ay + t * uy)
            if any(math.dist(foot, xy) < max(3 * TOUCH_PX, 2 * TOUCH_SHARE * r) for xy in dotted):
                continue
            at = next((n for n, xy in pts.items() if math.dist(foot, xy) < max(3 * TOUCH_PX, 2 * TOUCH_SHARE * r)),
                      None)
            out.append(f"{p}{q} is drawn touching a circle{f' at point {at}' if at else ''} with no tangency dot: it "
                       "reads as a tangency no mark states")
    return out


BRACKET_BESIDE = 2.0  # fonts: a segment's leader ending this near a bracket of another segment reads as led to the
# bracket


def _brackets_by_other_labels(fig: dict, pts: dict) -> list[str]:
    """A leader to a segment never ends beside another segment's bracket or brace: the label reads as marking what the
    bracket marks, with the ticks it carries (blind reader 38's 15: "EG = ?" led to EG by the tip of the brace of BG, G
    the midpoint of CB, read as marking EG).  A label by the bracket with no leader reads by its place and its name
    (review 9: CF's dimension value by BC's bracket).  Not among ``textbook_problems`` yet: review 11 accepted "BE =
    1" led to BE 25 px from AB's bracket, as "EG = ?" is from BG's (the two reviews disagree; issue 38 decides)."""
    font = _font(fig)
    out = []
    for m in fig.get("marks", []):
        if m["kind"] != "bracket" or not m.get("pixels"):
            continue
        own = {e.split(" ")[-1] for e in m["elements"]}
        own |= {e[::-1] for e in own}
        strokes = [LineString(pl) for pl in m["pixels"] if len(pl) > 1]
        for lab in fig["labels"]:
            el = lab["element"]
            if len(el) != 2 or not el.isalpha() or el in own or not lab.get("leader"):
                continue
            end = Point(lab["leader"][0][:2])
            if any(st.distance(end) < BRACKET_BESIDE * font for st in strokes):
                out.append(f"the leader of {lab['text']!r} ends by the bracket of {m['elements'][0]}: it reads as "
                           f"marking {el}")
    return out


def _element_leaders(fig: dict):
    """Each label led to an element (not a region's, whose leader crosses its boundary to enter it), with its
    leader's start and the leader as a line."""
    for lab in fig["labels"]:
        if lab.get("leader") and lab["element"].split(" ")[0] not in SHAPE_WORDS:
            start, end = (tuple(p[:2]) for p in lab["leader"][:2])
            yield lab, start, LineString([start, end])


LEADER_BY_SIDE_MARK = 12.0  # px: a leader crossing a drawn side this near one of the side's marks (a tick, an arrow)
LEADER_BY_SIDE_VALUE = 1.5  # fonts: or this near the side's own value reads as part of that side's annotation


def _leaders_across_annotated_sides(fig: dict, pts: dict) -> list[str]:
    """A leader never crosses a drawn side by that side's own marks or value: there it reads as a segment drawn
    across the side, a second altitude, and parts the side from its value (reader 37's 17: "AE = 12"'s vertical
    leader crossed AD by AD's parallel arrows and its "15").  A region's leader crosses its boundary to enter it:
    that is the leader's point, and its text names the region (reader 20's 55)."""
    font = _font(fig)
    out = []
    for lab, start, line in _element_leaders(fig):
        own = set(lab["element"].split(" ")[-1])
        for p, q in fig["segments"]:
            if p not in pts or q not in pts or pts[p] == pts[q] or {p, q} <= own:
                continue
            hit = line.intersection(LineString([pts[p], pts[q]]))
            if hit.geom_type != "Point" or math.dist((hit.x, hit.y), start) < 3.0:
                continue  # (its own end on an element there)
            side = LineString([pts[p], pts[q]])
            marks = [mk for m in fig.get("marks", []) if m["kind"] in ("parallel", "equal") for mk in m["pixels"]
                     if len(mk) > 1 and all(side.distance(Point(xy)) < 6.0 for xy in mk)]
            values = [v for v in fig["labels"] if v is not lab and v["element"] in (p + q, q + p)]
            if any(LineString(mk).distance(hit) < LEADER_BY_SIDE_MARK for mk in marks) or any(
                    box(*v["bbox"]).distance(hit) < LEADER_BY_SIDE_VALUE * font for v in values):
                out.append(f"the leader of {lab['text']!r} crosses {p}{q} by {p}{q}'s marks or value: it reads as a "
                           "segment drawn across it")
                break
    return out


LEADER_ACROSS_BY = 1.5  # fonts: a label this near a segment its leader crosses reads as that segment's


def _leaders_across_sides(fig: dict, pts: dict) -> list[str]:
    """A value's leader that crosses a drawn segment, not one of its own element's lines, from a label beside that
    segment: the label reads as the crossed segment's, its leader as a segment drawn across it (reader 42's 14, "AD =
    2" by AC, led across AC to AD; 20, "BF = 6" just under GF, led up across it).  An angle's leader leaving its
    wedge across its own arm (or a ray from its vertex) still says its angle; a region's crosses its boundary to enter
    it."""
    font = _font(fig)
    out = []
    for lab, start, line in _element_leaders(fig):
        names = lab["element"].split(" ")[-1]
        own = split_points(names, pts, 3 if lab["element"].startswith("angle ") else 2) or ()
        mine = [(own[1], own[0]), (own[1], own[2])] if len(own) == 3 else [tuple(own)] if own else []
        text = box(*lab["bbox"])
        for p, q in fig["segments"]:
            if p not in pts or q not in pts or pts[p] == pts[q]:
                continue
            if any(_on_full_line(pts[p], pts[a], pts[b]) and _on_full_line(pts[q], pts[a], pts[b]) for a, b in mine) \
                    or len(own) == 3 and own[1] in (p, q):
                continue  # (its own side's line, or its angle's arm or a ray from its vertex, which its arc crosses)
            seg = LineString([pts[p], pts[q]])
            hit = line.intersection(seg)
            if hit.geom_type == "Point" and math.dist((hit.x, hit.y), start) >= 4.0 and \
                    text.distance(seg) < LEADER_ACROSS_BY * font:
                out.append(f"the leader of {lab['text']!r} crosses {p}{q} from beside it: the label reads as "
                           f"{p}{q}'s")
                break
    return out


def _leaders_across_arcs(fig: dict, pts: dict) -> list[str]:
    """A leader never crosses another angle's arc on its way to its own element: at a vertex of nested arcs each
    callout then reads as pointing at the first arc it meets (reader 37's 25, FormalGeo 3442: the leaders of
    "∠AOC = 130°" and "∠COD = 90°" ran across the other arcs at O, no reader could tell which callout was which).
    The arc of an angle that holds the labelled one, drawn outside its arc, every leader out of it crosses: that
    one reads as passed through (reader 14's 08: "∠MNQ = …" out across MNP's arc, MNP = MNQ + QNP)."""
    arcs = []
    for v, r, t0, sweep, el in _vertex_arcs(fig, pts):
        k = max(8, int(r * sweep / 2))
        arcs.append((el, set(_angle_points(el, pts)), (t0, sweep),
                     LineString([(v[0] + r * math.cos(t0 + sweep * i / k), v[1] + r * math.sin(t0 + sweep * i / k))
                                 for i in range(k + 1)])))

    def holds(outer: tuple, inner: tuple) -> bool:
        return (inner[0] - outer[0]) % (2 * math.pi) + inner[1] <= outer[1] + 1e-3
    out = []
    for lab in fig["labels"]:
        if not lab.get("leader") or not arcs:
            continue
        start, end = (tuple(p[:2]) for p in lab["leader"][:2])
        n = math.dist(start, end)
        if n <= ARC_END + 1.0:
            continue
        k = (ARC_END + 1.0) / n  # (its own end on its arc: clear of that)
        line = LineString([(start[0] + k * (end[0] - start[0]), start[1] + k * (end[1] - start[1])), end])
        own = set(_angle_points(lab["element"], pts)) if lab["element"].startswith("angle ") else set()
        span = _span(pts, *_angle_points(lab["element"], pts)) if own else None
        hit = next((el for el, names, other, arc in arcs if names != own and arc.intersects(line)
                    and not (span is not None and holds(other, span))), None)
        if hit is not None:
            out.append(f"the leader of {lab['text']!r} crosses the arc of {hit}: it reads as pointing at that arc")
    return out
