"""Placing text where it collides with nothing: a greedy placer over candidate boxes.

Strokes, marks and already placed labels are rasterised once into a coarse
occupancy grid, so testing a candidate box is a slice ``.any()``; "outside the
figure" (for point labels) is a point-in-polygon test of a few points of the
box.  Each label offers its candidates in order of preference; the first free
one wins, else the one with the fewest conflicts (the raster check then
reports it).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from matplotlib.path import Path

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in pixels (y up)

CELL = 2.0


@dataclass
class Placed:
    text: str
    x: float
    y: float
    w: float
    h: float
    role: str
    conflicts: int = 0

    @property
    def box(self) -> Box:
        return (self.x - self.w / 2, self.y - self.h / 2, self.x + self.w / 2, self.y + self.h / 2)


class Occupancy:
    """A coarse boolean grid of what is already drawn (strokes, marks, labels)."""

    def __init__(self, size: int):
        self.size = size
        self.n = int(math.ceil(size / CELL)) + 1
        self.grid = np.zeros((self.n, self.n), dtype=bool)

    def mark_polylines(self, lines: list[np.ndarray], radius: float) -> None:
        pts = []
        for line in lines:
            line = np.asarray(line, dtype=float)
            a, b = line[:-1], line[1:]
            steps = np.maximum(1, (np.hypot(*(b - a).T) / (CELL / 2)).astype(int))
            seg = np.repeat(np.arange(len(a)), steps + 1)
            t = np.concatenate([np.linspace(0.0, 1.0, k + 1) for k in steps]) if len(steps) > 1 else \
                np.linspace(0.0, 1.0, steps[0] + 1)
            pts.append(a[seg] + (b[seg] - a[seg]) * t[:, None])
        if not pts:
            return
        allp = np.concatenate(pts) / CELL
        r = int(math.ceil(radius / CELL))
        offs = [(dx, dy) for dx in range(-r, r + 1) for dy in range(-r, r + 1) if dx * dx + dy * dy <= (r + 0.5) ** 2]
        ix = np.floor(allp[:, 0]).astype(int)
        iy = np.floor(allp[:, 1]).astype(int)
        for dx, dy in offs:
            x = np.clip(ix + dx, 0, self.n - 1)
            y = np.clip(iy + dy, 0, self.n - 1)
            self.grid[y, x] = True

    def _cells(self, box: Box) -> tuple[int, int, int, int]:
        x0, y0, x1, y1 = box
        return (max(0, int(x0 // CELL)), max(0, int(y0 // CELL)),
                min(self.n, int(math.ceil(x1 / CELL))), min(self.n, int(math.ceil(y1 / CELL))))

    def hits(self, box: Box) -> int:
        c0, r0, c1, r1 = self._cells(box)
        return int(self.grid[r0:r1, c0:c1].sum())

    def mark_box(self, box: Box, pad: float) -> None:
        c0, r0, c1, r1 = self._cells((box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad))
        self.grid[r0:r1, c0:c1] = True


def offset_centre(anchor: tuple[float, float], direction: float, gap: float, w: float, h: float) -> tuple[float, float]:
    """Centre of a w×h box whose nearest edge is ``gap`` from ``anchor`` along ``direction`` (radians)."""
    c, s = math.cos(direction), math.sin(direction)
    t = min(w / 2 / abs(c) if abs(c) > 1e-9 else math.inf, h / 2 / abs(s) if abs(s) > 1e-9 else math.inf)
    return anchor[0] + (gap + t) * c, anchor[1] + (gap + t) * s


class Placer:
    """Greedy placement against an occupancy grid and, for point labels, the shapes."""

    def __init__(self, size: int, occupancy: Occupancy, shapes: list[Path], margin: float = 1.0):
        self.size = size
        self.occ = occupancy
        self.shapes = shapes
        self.margin = margin
        self.placed: list[Placed] = []

    def _inside_shapes(self, boxes: np.ndarray, shapes: list[Path]) -> np.ndarray:
        """For each box (k×4), whether any of 9 points of it lies inside one of ``shapes``."""
        if not shapes or len(boxes) == 0:
            return np.zeros(len(boxes), dtype=bool)
        fx = np.array([0.0, 0.5, 1.0])
        xs = boxes[:, 0:1] + (boxes[:, 2:3] - boxes[:, 0:1]) * fx[None, :]
        ys = boxes[:, 1:2] + (boxes[:, 3:4] - boxes[:, 1:2]) * fx[None, :]
        pts = np.stack([np.repeat(xs, 3, axis=1), np.tile(ys, (1, 3))], axis=-1).reshape(-1, 2)
        inside = np.zeros(len(pts), dtype=bool)
        for path in shapes:
            inside |= path.contains_points(pts, radius=-0.5)
        return inside.reshape(len(boxes), 9).any(axis=1)

    def place(self, text: str, w: float, h: float, centres: list[tuple[float, float]], role: str,
              avoid: list[Path] | None = None, pad: float = 1.5) -> Placed:
        """``avoid``: shapes the box must stay out of (point labels go outside the figure)."""
        arr = np.array(centres, dtype=float).reshape(-1, 2)
        boxes = np.column_stack([arr[:, 0] - w / 2, arr[:, 1] - h / 2, arr[:, 0] + w / 2, arr[:, 1] + h / 2])
        if avoid:
            inside = self._inside_shapes(boxes, avoid)
        else:
            inside = np.zeros(len(boxes), dtype=bool)
        best, best_cost = 0, math.inf
        m = self.margin
        for k, b in enumerate(boxes):
            cost = 0
            if b[0] < m or b[1] < m or b[2] > self.size - m or b[3] > self.size - m:
                cost += 100000
            hits = self.occ.hits(tuple(b))
            cost += (1000 + hits if hits else 0) + 100 * int(inside[k])
            if cost == 0:
                best, best_cost = k, 0
                break
            if cost < best_cost:
                best, best_cost = k, cost
        x, y = arr[best]
        placed = Placed(text, float(x), float(y), w, h, role, int(best_cost))
        self._saved = self.occ.grid.copy()
        self.occ.mark_box(placed.box, pad)
        self.placed.append(placed)
        return placed

    def undo(self) -> None:
        """Take back the last placement (to retry it under other rules)."""
        self.occ.grid = self._saved
        self.placed.pop()
