"""An independent reader of a figure's exported labels (``geomill render --labels``, the generator's
``images/<id>.labels.json``): from the JSON alone, with its own geometry (shapely), does every label
read as belonging to its own element?  It shares no code with ``render.attribution``, which places
the labels; it only knows the export's documented format.

Coordinates are pixels, origin top left, y down.  A label's position is its box, or, when it has a
leader, the leader's element end.
"""
from __future__ import annotations

import math

from shapely.geometry import LineString, Point, Polygon, box

EDGE = 4.0
SHAPE_WORDS = ("area", "perimeter", "arc", "radius", "height")


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
        elif el.split(" ")[0] in SHAPE_WORDS:
            name = el.split(" ", 1)[1]
            own = shapes[name]
            others = [p for n, p in shapes.items() if n != name] + holes[name]
            if lab["leader"] is None:
                if not own.buffer(0.5).contains(where):
                    out.append(f"{text!r} ({el}) is not inside its shape and has no leader")
                elif any(o.buffer(-0.5).intersects(where) for o in others):
                    out.append(f"{text!r} ({el}) lies over another region")
            else:
                if not own.buffer(0.5).contains(at):
                    out.append(f"{text!r} ({el}) has a leader that does not end in its shape")
                d_own = own.distance(where)
                if any(o.distance(where) <= d_own for o in others):
                    out.append(f"{text!r} ({el}) is set off nearer another region")
        else:  # a side
            p, q = split_points(el, pts, 2)
            own_line = LineString([pts[p], pts[q]])
            own = at.distance(own_line)
            for a, b, line in segments:
                if {a, b} == {p, q} or _collinear_overlap(pts[p], pts[q], pts[a], pts[b]):
                    continue
                if at.distance(line) <= own:
                    out.append(f"{text!r} ({el}) is as near side {a}{b}")
                    break
    return out


def _in_wedge(c, a, v, b) -> bool:
    """Is ``c`` inside the angle a-v-b, the short way round?"""
    ta = math.atan2(a[1] - v[1], a[0] - v[0])
    tb = math.atan2(b[1] - v[1], b[0] - v[0])
    tc = math.atan2(c[1] - v[1], c[0] - v[0])
    sweep = (tb - ta) % (2 * math.pi)
    if sweep > math.pi:
        ta, sweep = tb, 2 * math.pi - sweep
    return (tc - ta) % (2 * math.pi) <= sweep + 1e-9
