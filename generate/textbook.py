"""Real textbook problems as dataset records (issue 21 item 6): FormalGeo problems the plane solver
proves, written in the generator's record format so that ``geomill stats``, ``lint``, ``eval`` and
``grade`` run on them as on GeomVerse sets.

A problem goes in only when it is imported, its numeric model is built, the solver proves an answer
(``solvers.plane``), that answer is within 0.1 % of FormalGeo's, and the linter
(``solvers.plane_lint``) finds nothing in its proof; every other problem is counted by its reason
in ``textbook_report.json``.  Questions are written from the problem's facts in the language's style
(``AB = 12``, ``angle ABC = 40°``, ``AB is parallel to CD``): the text-only version says everything,
the figure version leaves out what the plain figure shows (lines, faces, which way they turn).
"""
from __future__ import annotations

import functools
import itertools
import re
import signal
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

import sympy
from geomill.dataset.files import write_json
from geomill.dataset.folder import prepare_part, write_manifest, write_part_files, write_shard
from geomill.dataset.journal import entry_bytes
from geomill.dataset.records import Manifest, Part, Record
from geomill.engine import budget
from geomill.engine.errors import GeomillError
from geomill.engine.plane import (POLYGON_NOUNS, GeneralProblem, Turn, as_inverse_trig, element_of, height_foot,
                                  polygon_key)
from geomill.engine.relations import BLOCKS, BLOCKS_BY_KEY, declared_polygons, named_polygons, polygon_of

SCHEMA = "geomill.textbook/1"
GENERATOR = "geomill.textbook 1"
PART = "textbook"
AGREE = 1e-3  # FormalGeo's answer and ours: within 0.1 % (the benchmark's "right")
_HEADER = re.compile(r"^# FormalGeo7k problem (\S+) \((.*)\), level (\S+)$", re.M)
_ANSWER = re.compile(r"^# answer: (.*)$", re.M)
_ID = re.compile(r"[0-9]{1,12}")
_SAFE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")  # a record id names its image files
_LISTED = ("where", "problem_id", "source", "level", "reason", "detail")
ANSWER_TYPES = {"length": "side", "angle": "angle", "area": "area", "perimeter": "perimeter"}


class Skip(Exception):
    """A problem that is not written as a record: ``reason`` is its category, ``detail`` the rest."""

    def __init__(self, reason: str, detail: str = ""):
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason, self.detail = reason, detail


@dataclass(frozen=True)
class Options:
    images: bool = True
    image_size: int = 512
    timeout: float = 30.0  # CPU seconds per problem
    part: str = PART


# -- reading ----------------------------------------------------------------------------------------


def read_sources(path: Path) -> Iterator[tuple[str, dict | str]]:
    """(where, problem) for FormalGeo JSON (a file or folder, as the importer reads it), or for
    ``.geo`` files written by ``geomill import formalgeo`` (a file or a folder of them): those
    become ``{"geo": text}`` with the ids and answer their header comment gives."""
    from geomill.dataset.sources import read_texts

    geo = list(read_texts(path, ".geo"))
    if not geo:
        from .formalgeo import read_problems

        yield from read_problems(path)
        return
    for where, text, ok in geo:
        yield (where, {"geo": text, **_header(text, Path(where).stem)}) if ok else (where, text)


def _header(text: str, stem: str) -> dict:
    m, a = _HEADER.search(text), _ANSWER.search(text)
    pid = m.group(1) if m and _ID.fullmatch(m.group(1)) else stem  # an id names files: digits only
    return {"problem_id": int(pid) if _ID.fullmatch(pid) else pid, "source": m.group(2) if m else None,
            "problem_level": int(m.group(3)) if m and m.group(3).isdigit() else None,
            "problem_answer": a.group(1).strip() if a else None}


# -- questions --------------------------------------------------------------------------------------


def _fmt(e: sympy.Expr) -> str:
    from geomill.dsl import format_expr

    return format_expr(e)


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


_POLYGON_WORDS = ("area", "perimeter")  # a polygon's (two points name a semicircle's: written as the language does)
_CIRCLE_WORDS = {"radius": "the radius of circle {0}", "diameter": "the diameter of circle {0}",
                 "circumference": "the circumference of circle {0}", "circle_area": "the area of circle {0}"}


def _element(e: sympy.Expr, names: dict | None = None) -> str:
    """An element as a textbook names it: ``the radius of circle O``, ``arc AB`` (not ``radius O``,
    ``arc OAB``), ``major arc ACB`` where ``names`` (a proof's arc names) says so; anything else as
    the language writes it."""
    el = element_of(e) if e.is_Symbol else None
    if names and e in names:
        return names[e][0] if el is None or el.kind.key == "arc" else f"the {names[e][0]}"
    if el is None:
        return _fmt(e)
    pts = "".join(el.points)
    if el.kind.key in _CIRCLE_WORDS:
        return _CIRCLE_WORDS[el.kind.key].format(pts)
    if el.kind.key == "arc":
        return f"arc {pts[1:]}"
    if el.kind.key == "arc_length":
        return f"the length of arc {pts[1:]}"
    if el.kind.key == "height":  # "height HED" is from H onto ED or from E onto HD to a reader: said in full
        v, a, b = height_foot(el.points)
        return f"the height from {v} to {a}{b}"
    if el.kind.key in ("sector_area", "sector_perimeter"):
        return f"the {el.kind.words[1]} of sector {pts}"
    if el.kind.key in _POLYGON_WORDS and len(el.points) >= 3:  # "the area of triangle ABD", never "area ABD"
        return f"the {el.kind.key} of {'triangle ' if len(el.points) == 3 else ''}{pts}"
    return _fmt(e)


def fact_text(lhs: sympy.Expr, rhs: sympy.Expr, names: dict | None = None) -> str:
    """``AB = 12``, ``angle ABC = 40°``, ``angle SRT = (4y - 10)°``, ``the radius of circle O is 3``."""
    el = element_of(lhs) if lhs.is_Symbol else None
    right = _element(rhs, names) if rhs.is_Symbol and element_of(rhs) is not None else _fmt(rhs)
    # (an element on either side named alike: "the length of arc BA = the length of arc AC", not "= arc length
    # OAC", which review 6 could only guess at)
    parts = [element_of(s) for s in lhs.free_symbols]
    degrees = (el.kind.unit == "degrees" if el is not None else  # (a sum of angles too: "angle ABF + angle DCH
               bool(parts) and all(p is not None and p.kind.unit == "degrees" for p in parts))  # = 70°", reader 33)
    if degrees and el is not None and (inverse := as_inverse_trig(rhs)) is not None:  # "tan(angle BAC) = 1/2"
        return f"{inverse[0]}({_element(lhs, names)}) = {_fmt(inverse[1])}"
    if degrees and not any(element_of(s) for s in rhs.free_symbols):
        right = f"{right}°" if rhs.is_Number or rhs.is_Symbol else f"({right})°"  # a number of degrees
    if el is not None and (el.kind.key in _CIRCLE_WORDS or el.kind.key in _POLYGON_WORDS and len(el.points) >= 3):
        return f"{_element(lhs)} is {right}"
    return f"{_element(lhs, names)} = {right}"


# the elements that run about their centre from one end to the other (``sector area OAB``: from A counter-clockwise
# to B), major where the problem's turn line runs the other way
_SWEPT = ("sector_area", "sector_perimeter", "arc", "arc_length")


def _turned(problem: GeneralProblem, pts: tuple[str, ...]) -> bool | None:
    """Does a turn line of the problem say the three points run clockwise (None: no line says)?"""
    for t in problem.turns:
        for chain in t.chains:
            for k in range(len(chain) - 2):
                three = tuple(chain[k:k + 3])
                if any(three == pts[i:] + pts[:i] for i in range(3)):
                    return t.clockwise
                if any(three[::-1] == pts[i:] + pts[:i] for i in range(3)):
                    return not t.clockwise
    return None


def major_names(problem: GeneralProblem, names: dict | None = None) -> dict:
    """``names`` with each sector or arc the problem names that is the MAJOR one named so (``the area of major
    sector OBC``, ``major arc BC``), and each minor SECTOR named minor ("arc BC" is the minor arc): the question
    says which it asks, never a reader's turn convention."""
    out = dict(names or {})
    for x, el in _swept_named(problem).items():
        if x in out:
            continue
        turned = _turned(problem, tuple(el.points))
        pts = "".join(el.points)
        if turned is True:  # clockwise OAB: from A counter-clockwise to B is the major
            if el.kind.key in ("arc", "arc_length"):
                said = f"{'length of ' if el.kind.key == 'arc_length' else ''}major arc {pts[1:]}"
            else:
                said = f"{el.kind.words[1]} of major sector {pts}"
            out[x] = (said, said)
        elif turned is False and el.kind.key not in ("arc", "arc_length"):  # ("arc BC" is the minor arc; a sector
            said = f"{el.kind.words[1]} of minor sector {pts}"  # is named minor, as blind teacher 21 asked)
            out[x] = (said, said)
    return out


def _rotations(pts: tuple[str, ...]) -> set[tuple[str, ...]]:
    return {pts[i:] + pts[:i] for i in range(len(pts))} | {q[i:] + q[:i] for q in [pts[::-1]] for i in range(len(pts))}


def _swept_named(problem: GeneralProblem) -> dict:
    """Each arc or sector (on three points) the goal and the facts name, by its symbol: its element."""
    exprs = [problem.goal.expr] if problem.goal is not None else []
    exprs += [x for f in problem.facts for x in (f.lhs, f.rhs)]
    return {x: el for e in exprs for x in sympy.sympify(e).free_symbols
            if (el := element_of(x)) is not None and el.kind.key in _SWEPT and len(el.points) == 3}


def _runs(points: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Each three points in a row of a line (overlapping runs fix the whole line's order)."""
    return [tuple(points[k:k + 3]) for k in range(len(points) - 2)]


def question(problem: GeneralProblem, figure: bool, rounds: bool, names: dict | None = None,
             incidences: bool = False, used: frozenset = frozenset(), bent=()) -> str:
    """The question, written from the facts: ``figure`` leaves out what the plain figure shows;
    ``names`` (``Proof.arcs``) names a major arc through a point on it, as the proof does.  With
    ``incidences`` (a generated problem, whose figure alone would otherwise give them), the text beside
    the figure still says the points on each circle and each line of three points or more.  Each thing is said
    once (blind teacher 27): one shape under two vertex orders by its kind, a turn the other turns and the lines
    fix not at all, points on a circle in order, a circle touching a polygon's sides in one sentence; beside a
    figure, a point the goal or a given names inside a line is placed ("AC and BD meet at O", blind reader 32).
    ``used``: the points the solution names (``solution_points``); beside a figure, those on a circle or inside a line
    are said there too, as the givens' are: a drawing cannot show that a point lies exactly on a circle (FormalGeo
    437: "A and C lie on circle B" only a construction fact, blind reader 41's 22).  ``bent``: (a, v, b) the figure
    draws bent so near straight at v that they read as one line (``TextbookFigure.bent``): said not in one line."""
    kinds = {polygon_of(BLOCKS_BY_KEY[r.key], r.args): r for r in problem.relations
             if BLOCKS_BY_KEY[r.key].polygon is not None}
    cycles = {polygon_key(tuple(pts)): r for pts, r in kinds.items()}  # (one shape under two vertex orders)
    names = major_names(problem, names)
    shapes = named_polygons(problem)
    declared = [*map(tuple, shapes), *declared_polygons(problem)]  # (a kind spelt as the goal names its shape)
    orders = _orders(problem) if not figure else None
    touching = _touching(problem, [*declared, *(p.points for p in problem.polygons)])
    said = set()
    runs: list[tuple[str, ...]] = []  # the lines of three points or more the text says in order
    sentences: list[str] = []
    plain: list[tuple[int, tuple[str, ...]]] = []  # (where, points): a polygon with no kind, said if the text needs it
    if not figure:
        for poly in problem.polygons:
            rel = cycles.get(polygon_key(tuple(poly.points)))
            if rel is not None:  # ("ACBD is a quadrilateral. CADB is a parallelogram.": one shape, named once by
                if (rel.key, rel.args) not in said:  # its kind, blind teacher 27's fg 6 and fg 12)
                    said.add((rel.key, rel.args))
                    sentences.append(BLOCKS_BY_KEY[rel.key].state(rel.args, declared))
            elif poly.points in orders.absorbed:
                continue  # (DCAB on circle O: "the circle through D, C, A and B, in that order" says it)
            else:
                plain.append((len(sentences), poly.points))
                sentences.append(f"{''.join(poly.points)} is a {poly.noun}")
        ordered = {t for r in problem.relations for t in BLOCKS_BY_KEY[r.key].orders(r.args)}
        for ln in problem.lines:  # a two-point line is a drawn segment: "in that order" says nothing of two points
            if _said_in_order(ln.points, ordered) or ln.points in touching.lines:
                continue  # (B, D and C of "AD is a median of triangle ABC": stated once, by the relation; A, W and B
                # of "the circle inscribed in ABCD, touching AB … at W")
            runs.append(ln.points)
            sentences.append(f"segment {''.join(ln.points)} is drawn" if len(ln.points) == 2
                             else f"{_and(list(ln.points))} lie on one line, in that order")
    trusted = _on_circle_unsaid(problem, used, touching) if figure and not incidences else {}
    for c in problem.circles:
        through = f" through {_and(list(c.points))}" if c.points and (incidences or not figure) else ""
        if trusted.get(c.centre):  # (beside a figure: the points on it the question or the solution names)
            through = f" through {_and(trusted[c.centre])}"
        if orders is not None and c.centre in orders.circles:  # (the order its points lie in, said once)
            pts, way = orders.circles[c.centre]
            through = f" through {_and(list(pts))}, in that order{f', {way}' if way else ''}"
        inscribed = touching.circles.get(c.centre)
        if inscribed is not None and (set(c.points) <= inscribed[1] or not (incidences or not figure or
                                                                  trusted.get(c.centre))):
            through = f" inscribed in {inscribed[0]}"  # (its points are the points it touches)
        elif inscribed is not None:
            sentences.append(f"{c.centre} is the centre of the circle{through}")
            through = f" inscribed in {inscribed[0]}"
        sentences.append(f"{c.centre} is the centre of the circle{through}")
    sentences += [BLOCKS_BY_KEY[r.key].state(r.args, declared) for r in problem.relations
                  if (r.key, r.args) not in said and not ((incidences or not figure) and _circle_says(problem, r))
                  and not _crossing_said(r, runs) and (r.key, r.args) not in touching.said]
    sentences += touching.pairs
    if figure and incidences:
        sentences += _unnamed_lines(problem, names, sentences, touching.lines)
    elif figure:
        sentences[:0] = _unplaced(problem, sentences, used)
    if figure and bent:  # ("E, O and B are not in one line": drawn bent 7°, they read as one line, reader 42's 11)
        (a, v, b), *rest = bent
        sentences.append(f"{a}, {v} and {b} are not in one line" + "".join(f", nor are {p}, {q} and {r}"
                                                                          for p, q, r in rest))
    told = [s for k, s in enumerate(sentences) if k not in dict(plain)]  # (not "the points of CDA run clockwise")
    if not figure:
        sentences += _turn_sentences(orders.chains, [*declared, *(p.points for p in problem.polygons)])
    if not figure:  # a shape the goal or a fact names that no sentence introduces ("Find the area of ABCD" after
        # two lines alone: blind teachers 23, 24), introduced first
        shown = " ".join(sentences)
        new = [f"{name} is a {'quadrilateral' if len(name) == 4 else 'polygon'}" for name in shapes
               if not re.search(rf"\b{name}\b", shown)]
        sentences[:0] = new
        plain = [(k + len(new), pts) for k, pts in plain]
    facts = list(dict.fromkeys(_radius_given(problem, f.lhs, f.rhs) or fact_text(f.lhs, f.rhs, names)
                               for f in problem.facts
                               if not ((incidences or not figure) and _circle_implies(problem, f.lhs, f.rhs))))
    # (each fact once; none the circle sentence says: "MS = NS, …, the radius of circle S is MS", teacher 24)
    goal = problem.goal.expr
    el = element_of(goal) if goal.is_Symbol else None
    unit = " in degrees" if el is not None and el.kind.unit == "degrees" else ""
    find = f"Find {_element(goal, names)}{unit}."
    if plain:
        drop = _unneeded_polygons(problem, plain, [*told, *facts, find], kinds, orders, tuple(told))
        sentences = [s for k, s in enumerate(sentences) if k not in drop]
    text = ("In the figure, " if figure else "")
    body = [s[0].upper() + s[1:] if i or not figure else s for i, s in enumerate(sentences)]
    if facts:
        body.append(("We know that " if body or not figure else "") + _and(facts))
    text += ". ".join(body) + ("." if body else "")
    text = (text + " " if text else "") + find
    if rounds:
        text += " Give the exact value."
    return text


# -- which way the points turn, said once -------------------------------------------------------------------


def _parity(t: tuple[str, ...]) -> int:
    return -1 if sum(t[i] > t[j] for i in range(3) for j in range(i + 1, 3)) % 2 else 1


class _Sides:
    """Which way three points turn (+1 counterclockwise), as a set of chains and the lines' orders fix it: moving
    one point of a triple along a line through another keeps the turn where it stays on the same side of that
    point, and reverses it where it crosses (G, W, X, N on one line: L, W, X turn as L, W, N and against G, W, L)."""

    def __init__(self, lines: list[tuple[str, ...]]):
        self.known: dict[tuple[str, ...], int] = {}
        self.lines = [ln for ln in lines if len(ln) >= 3]

    def get(self, t: tuple[str, ...]) -> int | None:
        v = self.known.get(tuple(sorted(t)))
        return None if v is None else v * _parity(tuple(t))

    def add(self, t: tuple[str, ...], sign: int) -> None:
        """``t`` turns ``sign``, and all that follows from it with what is known."""
        todo = [(tuple(t), sign)]
        while todo:
            t, v = todo.pop()
            if len(set(t)) < 3 or self.get(t) is not None:
                continue
            self.known[tuple(sorted(t))] = v * _parity(t)
            for p, q, r in itertools.permutations(t):  # (q moved along the line pq, r off it)
                s = self.get((p, q, r))
                for ln in self.lines:
                    if p in ln and q in ln and r not in ln:
                        ip, iq = ln.index(p), ln.index(q)
                        todo += [((p, w, r), s if (ln.index(w) - ip) * (iq - ip) > 0 else -s)
                                 for w in ln if w not in (p, q)]


def _turns_of(chains, sides: _Sides) -> bool:
    """Do ``sides`` fix each chain's turn ((chain, clockwise) pairs; a longer chain by each of its corners)?"""
    for chain, clockwise in chains:
        want = -1 if clockwise else 1
        n = len(chain)
        corners = [chain] if n == 3 else [(chain[k - 1], chain[k], chain[(k + 1) % n]) for k in range(n)]
        if any(sides.get(c) != want for c in corners):
            return False
    return True


@dataclass(frozen=True)
class _Orders:
    """What the text-only question says of the turns: each circle's points in order (and which way, where the turns
    say it), the plain polygons that order says already, and the chains still to say (chain, clockwise)."""

    circles: dict
    absorbed: frozenset
    chains: tuple
    kept: tuple  # every chain the text says, in its words or by a circle's order or an arc's name (for a re-solve)
    sides: _Sides  # the turns those and the lines' orders fix

    def fixes(self, pts: tuple[str, ...]) -> bool:
        """Does the text fix the order of a polygon's vertices (a chain it says, or every corner turning one way)?"""
        return any(polygon_key(tuple(c)) == polygon_key(tuple(pts)) for c, _ in self.chains) or any(
            _turns_of([(tuple(pts), cw)], self.sides) for cw in (True, False))


def _orders(problem: GeneralProblem) -> _Orders:
    """The turns a text-only question says, once each (blind teacher 27's fg 9: thirteen triples): points on a
    circle in order ("C, A, D, E and B, in that order, clockwise"), and no chain the others and the lines' orders
    fix already.  A chain that orders a named arc or sector is said by its words ("arc BC", "major sector OBC")."""
    swept = {tuple(el.points) for el in _swept_named(problem).values()}
    lines = [tuple(ln.points) for ln in problem.lines]
    named, chains = [], []
    for t in problem.turns:
        for c in t.chains:
            (named if _rotations(tuple(c)) & swept else chains).append((tuple(c), t.clockwise))
    every = _Sides(lines)
    for chain, cw in named + chains:
        if len(chain) == 3:
            every.add(chain, -1 if cw else 1)
    way = "clockwise" if chains and all(cw for _, cw in chains) else "counterclockwise"
    circles, absorbed, kept, on_circle = {}, set(), list(named), []
    for c in problem.circles:
        pts = list(dict.fromkeys(c.points))
        if len(pts) < 3:
            continue
        ccw = _circle_order(pts, every)
        if ccw is not None:
            order = ccw if way == "counterclockwise" else [ccw[0], *ccw[:0:-1]]
            circles[c.centre] = (tuple(order), way)
            kept += [((ccw[0], ccw[k], ccw[k + 1]), False) for k in range(1, len(ccw) - 1)]
            on_circle += [(three, False) for three in itertools.combinations(ccw, 3)]  # (in order: counterclockwise)
        else:  # a plain polygon on all of the circle's points says their order (not which way)
            poly = next((p.points for p in problem.polygons if len(p.points) == len(pts) and set(p.points) == set(pts)
                         and len(p.points) >= 4), None)
            if poly is not None:
                circles[c.centre] = (tuple(poly), "")
        if c.centre in circles:
            absorbed |= {p.points for p in problem.polygons if set(p.points) == set(pts) and len(p.points) >= 4}
    convex = {e for e in chains if len(e[0]) > 3 and _turns_of([e], every)}  # (each corner turns its way: it says
    # its corners' turns, "IHGJ is labelled clockwise" for four triples)

    def fixed(said: list) -> _Sides:
        sides = _Sides(lines)
        for chain, cw in [*on_circle, *kept, *said]:
            n = len(chain)
            for corner in [chain] if n == 3 else [(chain[k - 1], chain[k], chain[(k + 1) % n]) for k in range(n)] \
                    if (chain, cw) in convex else []:
                sides.add(corner, -1 if cw else 1)
        return sides

    said = list(chains)
    for cand in sorted(chains, key=lambda e: (len(e[0]) > 3, -chains.index(e))):  # (triples first, the last first)
        rest = [e for e in said if e != cand]
        if _turns_of([cand], fixed(rest)):
            said = rest
    sides = fixed(said)
    return _Orders(circles, frozenset(absorbed), tuple(said), tuple([*kept, *said]), sides)


def _circle_order(pts: list[str], sides: _Sides) -> list[str] | None:
    """The points of a circle counterclockwise from the first that makes it whole, where the known turns fix it: on
    a circle, (F, A, B) counterclockwise is "A before B going counterclockwise from F", and "before" is transitive."""
    for first in pts:
        rest = [q for q in pts if q != first]
        before = {(a, b) for a in rest for b in rest if a != b and sides.get((first, a, b)) == 1}
        for k in rest:  # (the transitive closure)
            before |= {(a, b) for a in rest for b in rest if (a, k) in before and (k, b) in before}
        if all((a, b) in before or (b, a) in before for a, b in itertools.combinations(rest, 2)):
            return [first, *sorted(rest, key=lambda q: sum((o, q) in before for o in rest))]
    return None


@dataclass(frozen=True)
class _Touching:
    """The tangencies said once: a circle inscribed in a polygon (centre -> (its words, the points it touches)), two
    tangents along one line at one point ("AB touches circle O at W"), the tangent relations and the lines (A, W, B)
    those words say."""

    circles: dict
    pairs: list
    said: frozenset
    lines: frozenset


def _touching(problem: GeneralProblem, polygons) -> _Touching:
    """Each tangency once (blind teacher 27's gen 13: "AW is tangent to circle O at W … BW is tangent to circle O at
    W", eight sentences for four points): "the circle inscribed in ABCD, touching AB, BC, CD and DA at W, X, Y and
    Z" where a polygon's every side touches the circle between its ends; else "AB touches circle O at W" where A, W
    and B lie on one line and AW and BW are both tangent at W."""
    at: dict[tuple[str, str], list] = {}  # (circle, point touched) -> [(far end, relation key)]
    for r in problem.relations:
        if r.key == "tangent":
            (p, a), (o,) = r.args
            at.setdefault((o, a), []).append((p, (r.key, r.args)))
    lines = [tuple(ln.points) for ln in problem.lines]

    def touch(o: str, x: str, y: str) -> str | None:  # the point where segment XY touches circle o
        for (c, t), ends in at.items():
            if c == o and {x, y} <= {e for e, _ in ends} and any(
                    {x, y, t} <= set(ln) and min(ln.index(x), ln.index(y)) < ln.index(t) < max(ln.index(x), ln.index(y))
                    for ln in lines):
                return t
        return None

    circles, said, cut = {}, set(), set()
    for o in dict.fromkeys(c for c, _ in at):
        for poly in polygons:
            sides = [(poly[k - 1], poly[k]) for k in range(1, len(poly))] + [(poly[-1], poly[0])]
            points = [touch(o, x, y) for x, y in sides]
            if len(poly) < 3 or None in points:
                continue
            circles[o] = (f"{''.join(poly)}, touching {_and([x + y for x, y in sides])} at {_and(points)}", set(points))
            for (x, y), t in zip(sides, points):
                said |= {k for e, k in at[(o, t)] if e in (x, y)}
                cut |= {ln for ln in lines if ln in ((x, t, y), (y, t, x))}
            break
    pairs = []
    for (o, t), ends in at.items():
        left = [(e, k) for e, k in ends if k not in said]
        for (x, kx), (y, ky) in itertools.combinations(left, 2):
            ln = next((ln for ln in lines if {x, y, t} <= set(ln)), None)
            if ln is not None and kx not in said and ky not in said:
                x, y = sorted((x, y), key=ln.index)
                pairs.append(f"{x}{y} touches circle {o} at {t}")
                said |= {kx, ky}
    return _Touching(circles, pairs, frozenset(said), frozenset(cut))


def said_turns(problem: GeneralProblem) -> GeneralProblem:
    """``problem`` with only the turns its text-only question says (its circles' orders as chains): solved again,
    it must give the same answer, or the question leaves out an order the answer needs."""
    kept = _orders(problem).kept
    turns = tuple(Turn(cw, tuple(c for c, w in kept if w == cw)) for cw in (True, False)
                  if any(w == cw for _, w in kept))
    return replace(problem, turns=turns)


def _turn_sentences(chains, polygons) -> list[str]:
    """"ABCD is labelled clockwise" for a chain a polygon of the text spells; the other chains, grouped by the
    way they turn ("A, B, C; P, D, E are each in clockwise order")."""
    out, rest, shapes = [], {True: [], False: []}, {True: [], False: []}
    for chain, cw in chains:  # (spelt as the text first spells the shape: the goal's ACBD, not the chain's CADB)
        same = next((tuple(p) for p in polygons if len(p) >= 4 and polygon_key(tuple(p)) == polygon_key(tuple(chain))),
                    None)
        if same is not None:
            shapes[cw == (same in {chain[k:] + chain[:k] for k in range(len(chain))})].append("".join(same))
        else:
            rest[cw].append(chain)
    for cw in (True, False):
        way = "clockwise" if cw else "counterclockwise"
        if shapes[cw]:  # ("QVSR and VUTS are labelled clockwise")
            out.append(f"{_and(shapes[cw])} {'are' if len(shapes[cw]) > 1 else 'is'} labelled {way}")
        if len(rest[cw]) == 1:  # "A, B and C are in clockwise order" (blind teachers: never "the points of ABC run")
            out.append(f"{_and(list(rest[cw][0]))} are in {way} order")
        elif rest[cw]:
            out.append(f"{'; '.join(', '.join(c) for c in rest[cw])} are each in {way} order")
    return out


def _sides(points: tuple[str, ...]) -> set[frozenset[str]]:
    return {frozenset((points[k - 1], points[k])) for k in range(len(points))}


def _unneeded_polygons(problem: GeneralProblem, plain: list[tuple[int, tuple[str, ...]]], rest: list[str],
                       kinds: dict, orders: _Orders | None = None, told: tuple[str, ...] = ()) -> set[int]:
    """The plain "ABC is a triangle" sentences the text does not need (blind teacher 21: "ABC is a triangle. CAD
    is a triangle. CABD is a quadrilateral." as a preamble): a polygon another sentence, a fact or the goal names
    ("CE is an altitude of triangle ABC", "the area of ABCD"), a triangle whose vertices the other sentences (``told``)
    introduce (its letters then say all it does: what a text-only question needs of it is which way it turns, which a
    turn sentence says), and a larger polygon whose
    order the text's turns fix ("QVSR is labelled clockwise", or each corner's turn).  Another larger polygon is kept:
    its vertex order may be what fixes the points' order (on a circle, it is said there)."""
    words = " ".join(rest)
    shown = " ".join(told)  # (a triangle stays where it alone introduces a vertex: "ABC is a triangle. We know …")
    introduced = {q for q in problem.points if q in shown}
    drop: set[int] = set()
    sides: set[frozenset[str]] = set()
    for pts in kinds:
        sides |= _sides(pts)
    lines = [set(ln.points) for ln in problem.lines]
    for where, pts in plain:
        named = rf"(?<!\bangle )(?<!\barc )(?<!\bsector )\b{''.join(pts)}\b"  # (angle ABC: no triangle)
        if len(pts) > 3:  # "the area of ABCD" does not say what ABCD is (blind teachers 23, 24): its kind's word does
            named = rf"\b(?:{'|'.join(_polygon_words())}) {''.join(pts)}\b"
        if re.search(named, words):
            drop.add(where)
            sides |= _sides(pts)
    ordered = {r for t in problem.turns for chain in t.chains for r in _rotations(tuple(chain))}
    sides |= {frozenset(arg) for r in problem.relations for arg in r.args if len(arg) == 2}  # ("GE is parallel to
    # OI" draws GE and OI)
    for where, pts in sorted(plain, key=lambda e: -len(e[1])):
        if where in drop:
            continue
        if len(pts) == 3 and set(pts) <= introduced or orders is not None and orders.fixes(pts):
            drop.add(where)  # (a plain triangle says no more than its three letters do; a polygon whose order the
            continue  # turns and lines say, nothing: "ABC is a triangle. BAD is a triangle.", teacher 27's gen 1)
        known = all(s in sides or any(s <= ln for ln in lines) for s in _sides(pts))
        if known and (len(pts) == 3 or pts in ordered or pts[::-1] in ordered):
            drop.add(where)  # (a larger polygon whose order a turn sentence says and whose sides the text draws:
            # "QVSR is a polygon." beside "Q, V, S, R … are each in clockwise order", blind teacher 27)
        else:
            sides |= _sides(pts)
    return drop


@functools.cache
def _polygon_words() -> tuple[str, ...]:
    """The nouns a sentence names a polygon of four or more vertices by: the plain ones (quadrilateral,
    pentagon …) and each polygon relation's own word, read from its first form ("trapezoid" of
    ``trapezoid {ABCD} bases {AD} {BC}``)."""
    kinds = (re.search(r"(\w+) \{" + re.escape(b.polygon) + r"\}", b.forms[0]) for b in BLOCKS
             if b.polygon is not None and len(b.polygon) > 3)
    return tuple(dict.fromkeys(["quadrilateral", "polygon", *POLYGON_NOUNS, *(m[1] for m in kinds if m)]))


def _said_in_order(points: tuple[str, ...], ordered: set[tuple[str, str, str]]) -> bool:
    """Do the relations' sentences already put these three or more points on one line in this order (each
    run of three, either way round: overlapping runs fix the whole order)?"""
    runs = _runs(points)
    return bool(runs) and all(r in ordered or r[::-1] in ordered for r in runs)


def _circle_implies(problem: GeneralProblem, lhs: sympy.Expr, rhs: sympy.Expr) -> bool:
    """Is ``lhs = rhs`` a fact that "S is the centre of the circle through M and N" says already: two radii equal
    (MS = NS) or a radius named by its segment (the radius of circle S is MS)?"""
    if not (lhs.is_Symbol and rhs.is_Symbol):
        return False
    a, b = element_of(lhs), element_of(rhs)
    if a is None or b is None:
        return False

    def radius(el) -> str | None:  # the centre of the circle this is a radius of, or None
        if el.kind.key == "radius":
            return el.points[0]
        if el.kind.key != "length":
            return None
        return next((c.centre for c in problem.circles for p, q in (el.points, el.points[::-1])
                     if p == c.centre and q in c.points), None)

    ca, cb = radius(a), radius(b)
    return ca is not None and ca == cb


def _crossing_said(r, runs: list[tuple[str, ...]]) -> bool:
    """Is ``r`` "E is where AC meets BD" where the text has said both lines in order, E between the ends of each
    ("A, E and C lie on one line, in that order")?  Then it says a fact twice (blind teachers 23, 24)."""
    if r.key != "intersection" or len(r.args) != 3:
        return False
    (p,), ends = r.args[0], r.args[1:]

    def between(a: str, b: str) -> bool:
        return any({a, b, p} <= set(ln) and min(ln.index(a), ln.index(b)) < ln.index(p) < max(ln.index(a), ln.index(b))
                   for ln in runs)

    return all(between(a, b) for a, b in ends)


def _radius_given(problem: GeneralProblem, lhs: sympy.Expr, rhs: sympy.Expr) -> str | None:
    """A given length from a circle's centre to a point on it, as a textbook gives it: ``the radius of circle O
    is 6``, never ``AO = 6`` (the proof then says "The radius of circle O is AO = 6")."""
    el = element_of(lhs) if lhs.is_Symbol else None
    if el is None or el.kind.key != "length" or any(element_of(x) is not None for x in rhs.free_symbols):
        return None
    ends = set(el.points)
    for c in problem.circles:
        if c.centre in ends and (ends - {c.centre}) <= set(c.points) and len(ends) == 2:
            return f"the radius of circle {c.centre} is {_fmt(rhs)}"
    return None


_CENTRED = ("circumcentre", "circumcentre_quadrilateral")  # the relations a circle through their points says


def _circle_says(problem: GeneralProblem, r) -> bool:
    """Is ``r`` a circumcentre the text's circle sentence already gives ("O is the centre of the circle through
    A, B and C" is O the circumcentre of ABC): said once, never "… O is the circumcentre of ABC." after it, as
    blind teachers found in generated questions)?  Only where the text says the circle's points."""
    if r.key not in _CENTRED:
        return False
    (centre,), poly = r.args
    return any(c.centre == centre and set(poly) <= set(c.points) for c in problem.circles)


def solution_points(text: str, problem: GeneralProblem) -> frozenset:
    """The points the written solution names in its elements ("angle DBM", "the radius BC"): an incidence among
    them that the reader takes from the figure alone is one the solution uses."""
    points = set(problem.points)
    return frozenset(q for word in re.findall(r"\b[A-Z]{2,}\b", text) for q in word if q in points)


def _on_circle_unsaid(problem: GeneralProblem, used: frozenset, touching) -> dict[str, list[str]]:
    """Each circle's points (by its centre) that the goal, a given, a relation or the solution (``used``) names and
    no sentence beside the figure puts on it (a tangent "at D", a circumcentre, an inscribed circle's touching
    points): the figure shows a point near a circle, never exactly on it (blind readers 40's 28, 41's 22)."""
    exprs = [x for f in problem.facts for x in (f.lhs, f.rhs)] + ([problem.goal.expr] if problem.goal else [])
    named = {q for e in exprs for x in sympy.sympify(e).free_symbols if (el := element_of(x)) is not None
             for q in el.points}
    named |= {q for r in problem.relations for arg in r.args for q in arg} | set(used)
    said: dict[str, set] = {}
    for r in problem.relations:
        block = BLOCKS_BY_KEY[r.key]
        bound = block.bind(r.args) if block.circle is not None else None
        if bound is not None and block.circle in bound:
            said.setdefault(bound[block.circle], set()).update(bound[n] for n in block.on_circle if n in bound)
        if r.key in _CENTRED:
            said.setdefault(r.args[0][0], set()).update(r.args[1])
    for centre, (_, pts) in touching.circles.items():
        said.setdefault(centre, set()).update(pts)
    return {c.centre: [p for p in dict.fromkeys(c.points) if p in named and p != c.centre
                       and p not in said.get(c.centre, ())] for c in problem.circles}


def _unplaced(problem: GeneralProblem, said: list[str], used: frozenset = frozenset()) -> list[str]:
    """Where the points the goal and the givens (facts, relations) name lie, for those no sentence beside the
    figure places and that lie inside a line of the problem: "AC and BD meet at O", "E lies on AB" (blind reader 32's 06: the goal's O,
    where the rhombus's diagonals cross, never introduced).  A point at a line's end is a corner the figure shows."""
    exprs = [x for f in problem.facts for x in (f.lhs, f.rhs)] + ([problem.goal.expr] if problem.goal else [])
    named = dict.fromkeys(q for e in exprs for x in sympy.sympify(e).free_symbols
                          if (el := element_of(x)) is not None for q in el.points)
    named.update(dict.fromkeys(q for r in problem.relations for arg in r.args for q in arg))  # ("CE is perpendicular
    # to AE": E where the chords cross, reader 32's 15; C, a parallelogram's vertex on BE, its 04)
    named.update(dict.fromkeys(sorted(set(used) - set(named))))  # (a point the solution alone names: "M lies on BO")
    centres = {c.centre for c in problem.circles}
    lined = {q for r in problem.relations for t in BLOCKS_BY_KEY[r.key].collinear(r.args) for q in t}
    placed = {q for q in named if any(x.startswith(f"{q} is ") for x in said) and (q not in centres or q in lined)}
    # ("S is the midpoint of RT"; a centre's sentence puts it on no line: FormalGeo 437's B on AC, its BY = BC - CY,
    # unless a relation does, "AB is a diameter of circle O")
    out, on = [], {}
    for q in named:
        inside = [ln.points for ln in problem.lines if q in ln.points[1:-1]]
        if q in placed or not inside:
            continue
        ends = [f"{ln[0]}{ln[-1]}" for ln in inside]
        if len(ends) > 1:
            out.append(f"{_and(ends)} meet at {q}")
        else:
            on.setdefault(ends[0], []).append(q)
    return out + [f"{_and(qs)} {'lie' if len(qs) > 1 else 'lies'} on {seg}" for seg, qs in on.items()]  # ("Z and W
    # lie on GF")


def _unnamed_lines(problem: GeneralProblem, names: dict | None, said: list[str], told=frozenset()) -> list[str]:
    """The collinearities the text beside a figure still states: every line of three points or more whose
    letters, in order, the question names nowhere (a proof that takes D on line CA from the figure alone used a
    fact the text never gave: reader 15's 17).  A line the question names by its letters ("line OEF") is read
    from the figure's drawn line."""
    words = " ".join(said + [fact_text(f.lhs, f.rhs, names) for f in problem.facts]
                     + ([_element(problem.goal.expr, names)] if problem.goal is not None else []))
    stated = {frozenset(t) for rel in problem.relations for t in BLOCKS_BY_KEY[rel.key].collinear(rel.args)}
    out = []
    for ln in problem.lines:
        seq = "".join(ln.points)
        runs = _runs(ln.points)
        if runs and all(frozenset(r) in stated for r in runs):
            continue  # (O on CD of "CD is a diameter of circle O", G on AC of "BG is an altitude of triangle ABC")
        if len(ln.points) >= 3 and seq not in words and seq[::-1] not in words and ln.points not in told:
            out.append(f"{_and(list(ln.points))} lie on one line, in that order")
    return out


# -- one problem --------------------------------------------------------------------------------------


def _name(s: sympy.Symbol, display: dict | None = None) -> str:
    """An element as the proof names it: an angle by the problem's own name where it gives one."""
    from geomill.solvers.plane.proof import show

    return show(s, display)


def grader_steps(proof) -> list[dict]:
    """The proof's steps as the grader reads them (``evaluate.grading.answer_key``): each step
    that concludes one element's (or variable's) value, with the values it puts in."""
    out = []
    _named = functools.partial(_name, display=getattr(proof, "display", None))
    for st in proof.steps:
        if not st.target.is_Symbol or st.value.free_symbols:
            continue
        el = element_of(st.target)
        if el is not None and el.kind.key not in ("length", "angle") and st.target != proof.goal:
            continue  # (the goal is always a step, whatever it measures: a sine, a circumference, an area)
        exact = float(st.value)
        inputs = [[_named(proof.steps[j].target), float(proof.steps[j].value)] for j in st.needs
                  if proof.steps[j].target.is_Symbol and not proof.steps[j].value.free_symbols]
        out.append({"output": _named(st.target), "value": round(exact, 2), "exact": exact, "how": "theorem",
                    "kind": None, "shape": None, "rule": "+".join(dict.fromkeys(st.theorems)),
                    "inputs": inputs, "chain": []})
    if proof.steps and not (out and out[-1]["output"] == _named(proof.goal)) and not proof.value.free_symbols:
        exact = float(proof.value)  # a goal no step concludes alone (a ratio, a sum): the last step is the goal
        last = proof.steps[-1]
        inputs = [[_named(st.target), float(st.value)] for st in proof.steps
                  if st.target.is_Symbol and not st.value.free_symbols and st.target in proof.goal.free_symbols]
        out.append({"output": _named(proof.goal), "value": round(exact, 2), "exact": exact, "how": "theorem",
                    "kind": None, "shape": None, "rule": "+".join(dict.fromkeys(last.theorems)) or "given",
                    "inputs": inputs, "chain": []})
    return out


def _terminates(v: sympy.Expr) -> bool:
    """Is ``v`` a rational whose decimal ends (12, 22.5)?"""
    if not v.is_Rational:
        return False
    q = int(v.q)
    for p in (2, 5):
        while q % p == 0:
            q //= p
    return q == 1


def figure_model(model) -> dict:
    """The numeric model's coordinates, circle radii and variable values: what the grader measures
    any element of the figure on (``evaluate.grading.answer_key``), without solving the figure again."""
    return {"points": {p: [float(c[0]), float(c[1])] for p, c in sorted(model.coords.items())},
            "radii": {o: float(r) for o, r in sorted(model.radii.items())},
            "variables": {v: float(x) for v, x in sorted(model.variables.items())}}


def build(item: tuple[str, dict | str], opts: Options) -> dict:
    """One problem's record (with its figure's bytes), or the reason it is left out."""
    where, problem = item
    if not isinstance(problem, dict):
        raise Skip("not read", str(problem))
    from geomill.engine.errors import SolveError
    from geomill.solvers.numeric import APPROXIMATE, build_model
    from geomill.solvers.plane import solve_general
    from geomill.solvers.plane_lint import lint_general

    from .formalgeo import Unsupported, answer_value, approximate_note, convert, field, header

    if "geo" in problem:
        from geomill.dsl import parse

        text = problem["geo"]
        try:
            parsed = parse(text, where)
        except GeomillError as exc:
            raise Skip("not imported", exc.message) from None
    else:
        try:
            body, parsed = convert(problem)
        except Unsupported as exc:
            raise Skip("not imported", str(exc)) from None
        text = header(problem) + body
    if not isinstance(parsed, GeneralProblem) or parsed.goal is None:
        raise Skip("not imported", "not a general problem with a goal")
    reference = answer_value(problem.get("problem_answer"))
    if reference is None:
        raise Skip("no FormalGeo answer", str(problem.get("problem_answer"))[:60])
    try:  # an approximate model (FormalGeo's rounded givens disagree a little) is kept, and marked
        model = build_model(parsed, tolerate=APPROXIMATE)
    except SolveError as exc:
        raise Skip("no model", exc.message) from None
    try:
        sol = solve_general(parsed, model)
    except SolveError as exc:
        raise Skip("refused", exc.message) from None
    if abs(sol.exact - reference) > AGREE * max(abs(reference), 1e-9):
        raise Skip("disagrees with FormalGeo", f"ours {sol.exact_value} = {sol.exact:.6g}, FormalGeo's "
                                               f"{problem.get('problem_answer')} = {reference:.6g}")
    findings = lint_general(sol)
    if findings:
        raise Skip("lint", "; ".join(map(str, findings))[:300])
    rounds = not _terminates(sol.exact_value)  # √93 is asked for exactly; 22.5 needs no word
    png = labels = None
    bent: list = []
    if opts.images:
        import json

        from geomill.render.textbook import textbook_figure

        try:
            fig = textbook_figure(parsed, model, size=opts.image_size)
        except (GeomillError, ArithmeticError, ValueError) as exc:
            raise Skip("figure", str(exc)[:200]) from None
        if fig.misleads:  # a figure that cannot be made readable is refused, saying why
            raise Skip("figure misleads", fig.misleads[0][:200])
        png, bent = fig.data, fig.bent
        labels = json.dumps(fig.labels, ensure_ascii=False, separators=(",", ":")).encode()
    goal = parsed.goal.expr
    el = element_of(goal) if goal.is_Symbol else None
    pid = field(problem.get("problem_id"))
    shapes = [{"name": "".join(p.points), "kind": p.noun, "pool": "formalgeo"} for p in parsed.polygons]
    shapes += [{"name": "".join("".join(a) for a in r.args), "kind": r.key, "pool": "formalgeo"}
               for r in parsed.relations]
    record = {
        "schema": SCHEMA, "generator": GENERATOR, "dsl": text,
        "question_text_only": question(parsed, figure=False, rounds=rounds, names=sol.proof.arcs),
        "question": question(parsed, figure=opts.images, rounds=rounds, names=sol.proof.arcs,
                             used=solution_points(sol.text("text"), parsed), bent=bent),
        "answer": sol.answer, "exact": sol.exact, "exact_form": str(sol.exact_value), "answer_form": sol.answer_form,
        "answer_type": ANSWER_TYPES.get(el.kind.key, el.kind.key) if el is not None else "variable",
        "solution": sol.text("text"), "solution_text_only": sol.text("text"),
        "solution_latex": sol.text("latex"), "steps": grader_steps(sol.proof),
        "depth": sol.depth, "width": sol.width, "shapes": shapes,
        "rules": sorted({k for st in sol.proof.steps for k in st.theorems}),
        "distractors": {"shapes": [], "facts": []}, "variables": sorted(s.name for s in parsed.variables),
        "figure_model": figure_model(model),
        "verified": {"solved": True, "formalgeo_answer": True, "lint": True, "figure": png is not None},
        "approximate": approximate_note(model) if model.misfit else None,  # the givens disagree: drawn near
        "formalgeo": {"problem_id": pid, "source": field(problem.get("source")),
                      "level": field(problem.get("problem_level")), "answer": field(problem.get("problem_answer"))},
        "knobs": {"source": "formalgeo", "level": field(problem.get("problem_level")),
                  "dataset": str(problem.get("source") or "?").split("-")[0], "values": "text",
                  "annotation": "plain", "images": opts.images, "figure_values": "image" if opts.images else None},
    }
    return {"record": record, "png": png, "labels": labels}


def build_one(item: tuple[str, dict | str], opts: Options) -> dict:
    """``build`` under a CPU-time limit; never raises: a left-out problem is an entry with its reason."""
    where, problem = item
    entry = {"where": where}
    if isinstance(problem, dict):
        from .formalgeo import field

        entry.update(problem_id=field(problem.get("problem_id")), source=field(problem.get("source")),
                     level=field(problem.get("problem_level")))

    def _cut(signum, frame):  # noqa: ARG001 - the signal handler's signature
        raise TimeoutError

    old = signal.signal(signal.SIGPROF, _cut)
    signal.setitimer(signal.ITIMER_PROF, opts.timeout)
    start = time.process_time()
    try:
        with budget.limits(2 * opts.timeout):  # the CPU timer cuts it off first; this bounds memory
            entry.update(build(item, opts), ok=True)
    except Skip as exc:
        entry.update(ok=False, reason=exc.reason, detail=exc.detail)
    except TimeoutError:
        entry.update(ok=False, reason="timed out", detail=f"after {opts.timeout:g} s of CPU time")
    except (RecursionError, ArithmeticError, ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
        from .formalgeo import malformed

        entry.update(ok=False, reason="error", detail=malformed(exc))
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, old)
    entry["seconds"] = round(time.process_time() - start, 3)
    return entry


# -- a folder -------------------------------------------------------------------------------------------


def write_dataset(entries: list[dict], out: Path, opts: Options, shard_size: int = 100) -> dict:
    """The records of ``entries`` (in their order) as a dataset folder, and its summary (also
    written to ``textbook_report.json``).  Ids are ``<part>-<FormalGeo problem id>``."""
    out = Path(out)
    prepare_part(out, opts.part)
    kept = [e for e in entries if e.get("ok")]
    records: list[Record] = []
    seen: set[str] = set()
    for index, e in enumerate(kept):
        r = e["record"]
        rid = f"{opts.part}-{e.get('problem_id', index)}"
        if not _SAFE.fullmatch(rid) or ".." in rid:  # an id from a file's header that cannot name a file
            rid = f"{opts.part}-item{index}"
        if rid in seen:  # two problems, one id: kept apart
            rid = f"{rid}-{index}"
        seen.add(rid)
        image = f"images/{rid}.png" if e.get("png") is not None else None
        r = {**r, "id": rid, "part": opts.part, "index": index, "seed": f"formalgeo:{e.get('problem_id')}",
             "image": image, "labels": f"images/{rid}.labels.json" if image else None}
        if image:
            write_part_files(out, opts.part, {image: entry_bytes(e["png"]), r["labels"]: entry_bytes(e["labels"])})
        records.append(Record.from_json(r, f"record {rid}"))
    reasons = Counter(e["reason"] for e in entries if not e.get("ok"))
    for shard in range(max(1, (len(records) + shard_size - 1) // shard_size)):
        chunk = records[shard * shard_size:(shard + 1) * shard_size]
        write_shard(out, opts.part, shard, chunk, {"records": len(chunk)})
    summary = {"problems": len(entries), "records": len(records), "left_out": dict(reasons.most_common()),
               "by": _by(entries),
               "cpu_seconds_per_problem": round(sum(e.get("seconds", 0) for e in entries) / max(len(entries), 1), 3),
               "problems_left_out": [{k: e.get(k) for k in _LISTED} for e in entries if not e.get("ok")]}
    config = {"kind": "textbook", "source": "formalgeo", "images": opts.images, "image_size": opts.image_size,
              "timeout": opts.timeout}
    results = {opts.part: {"records": len(records), "rejected": dict(reasons.most_common()), "failed": {},
                           "failures": [], "duplicates_skipped": 0}}
    write_manifest(out, Manifest(SCHEMA, GENERATOR, 0, shard_size, (Part(opts.part, "test", len(records), config),),
                                 results))
    write_json(out / "textbook_report.json", summary)
    return summary


def _by(entries: list[dict]) -> dict:
    counts: dict[str, list[int]] = {}
    for e in entries:
        for key in (f"source:{str(e.get('source') or '?').split('-')[0]}", f"level:{e.get('level')}"):
            c = counts.setdefault(key, [0, 0])
            c[0] += 1
            c[1] += bool(e.get("ok"))
    return {k: {"problems": n, "records": m} for k, (n, m) in sorted(counts.items())}


# -- linting a record -----------------------------------------------------------------------------------


def _words(text: str) -> Counter:
    """A text's words and numbers, in any order (a proof lists the values it puts in in set order)."""
    return Counter(re.findall(r"[A-Za-z]+|\d+(?:\.\d+)?|[=+\-*/^°√π]", text))


def lint_record(problem: GeneralProblem, r: dict) -> list:
    """Findings (``solvers.lint.Finding``) of one textbook record: its problem re-solved, the proof
    linted (``solvers.plane_lint``), and the record's answer, depth, width and solution texts compared
    with the proof's."""
    from geomill.engine.errors import SolveError
    from geomill.solvers.lint import Finding
    from geomill.solvers.plane import solve_general
    from geomill.solvers.plane_lint import lint_general

    try:
        if isinstance(r.get("figure"), dict):  # the figure its proof was written on (a generated record's)
            model = _recorded_figure(problem, r["figure"])
            if model is None:
                return [Finding("record", "the recorded figure does not satisfy the problem's text")]
            sol = solve_general(problem, model)
        elif r.get("approximate"):  # recorded as the import accepted it: on a figure that misses rounded givens
            from geomill.solvers.numeric import APPROXIMATE, build_model
            sol = solve_general(problem, build_model(problem, tolerate=APPROXIMATE))
        else:
            sol = solve_general(problem)
    except SolveError as exc:
        return [Finding("solve", f"the problem no longer solves: {exc.message}")]
    out = lint_general(sol)
    for key, want in (("answer", sol.answer), ("depth", sol.depth), ("width", sol.width)):
        if r.get(key) != want:
            out.append(Finding("record", f"{key} is {r.get(key)!r}; the proof gives {want!r}"))
    if not isinstance(r.get("exact"), (int, float)) or abs(r["exact"] - sol.exact) > 1e-9 * max(1.0, abs(sol.exact)):
        out.append(Finding("record", f"exact is {r.get('exact')!r}; the proof gives {sol.exact!r}"))
    for key, style in (("solution", "text"), ("solution_text_only", "text"), ("solution_latex", "latex")):
        if key in r and _words(str(r[key])) != _words(sol.text(style)):
            out.append(Finding("text", f"{key} is not the solution the proof writes"))
    return out


def _recorded_figure(problem: GeneralProblem, figure: dict):
    """The numeric model on a record's own figure (``figure``: points, radii, variables), where every
    statement of the text holds on it; None where one fails or the field is malformed."""
    import numpy as np
    from geomill.solvers.numeric import model_on

    try:
        at = {str(n): np.array([float(x), float(y)]) for n, (x, y) in figure["points"].items()}
        radii = {str(c): float(v) for c, v in figure.get("radii", {}).items()}
        variables = {str(n): float(v) for n, v in figure.get("variables", {}).items()}
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
    return model_on(problem, at, variables, radii)
