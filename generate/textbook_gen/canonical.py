"""A problem's canonical form up to renaming its points: two problems that differ only in their
letters (and in the order or spelling of their statements: ``AB`` or ``BA``, ``triangle ABC`` or
``BCA``) get the same form.

Points are coloured by what the statements say about them (Weisfeiler-Lehman refinement over the
statements' incidence), then named in colour order; points the refinement cannot tell apart are
named in each order and the least form is kept.  Used to keep a generated set free of repeats and
to compare it with FormalGeo's problems.
"""
from __future__ import annotations

import hashlib
import itertools

import sympy
from geomill.engine.plane import GeneralProblem, element_of, polygon_key

from .construct import rename_expr

MAX_ORDERS = 720  # ties named every way up to this many orders (then the first)


def _expr(e: sympy.Expr, names: dict[str, str]) -> str:
    return sympy.srepr(rename_expr(e, names))


def _statements(p: GeneralProblem, names: dict[str, str]) -> list[str]:
    def n(pts) -> tuple[str, ...]:
        return tuple(names[q] for q in pts)

    out = ["polygon " + "".join(polygon_key(n(poly.points))) for poly in p.polygons]
    out += ["line " + "".join(min(n(ln.points), tuple(reversed(n(ln.points))))) for ln in p.lines]
    out += [f"circle {names[c.centre]} " + "".join(sorted(n(c.points))) for c in p.circles]
    out += [r.key + " " + " ".join("".join(n(a)) for a in r.args) for r in p.relations]
    out += [f"turn {t.clockwise} " + " ".join("".join(n(c)) for c in t.chains) for t in p.turns]
    out += [f"fact {_expr(f.lhs, names)} = {_expr(f.rhs, names)}" for f in p.facts]
    if p.goal is not None:
        out.append(f"goal {_expr(p.goal.expr, names)}")
    return sorted(out)


def _places(kind: str, n: int) -> tuple[int, ...]:
    """Which places of a statement's points a renaming keeps apart (a segment's two ends, a
    polygon's vertices, a line's two directions are alike)."""
    if kind in ("polygon", "length", "area", "perimeter"):
        return (0,) * n
    if kind == "line":
        return tuple(min(i, n - 1 - i) for i in range(n))
    if kind == "angle":
        return (0, 1, 0)
    if kind == "circle":
        return (0,) + (1,) * (n - 1)
    return tuple(range(n))


def _incidence(p: GeneralProblem) -> list[tuple[str, tuple[str, ...], tuple[int, ...]]]:
    """(the statement's shape, its points, their places) for the colouring."""
    out = [("polygon", poly.points) for poly in p.polygons] + [("line", ln.points) for ln in p.lines]
    out += [("circle", (c.centre, *c.points)) for c in p.circles]
    out += [(r.key, tuple(q for a in r.args for q in a)) for r in p.relations]
    for f in [*p.facts, *([p.goal] if p.goal is not None else [])]:
        e = f.lhs - f.rhs if hasattr(f, "lhs") else f.expr
        head = "goal" if not hasattr(f, "lhs") else "fact " + sympy.srepr(
            e.xreplace({s: sympy.Symbol(el.kind.key) for s in e.free_symbols if (el := element_of(s))}))
        for s in sorted(e.free_symbols, key=lambda s: s.name):
            el = element_of(s)
            if el is not None:
                out.append((f"{head}|{el.kind.key}", el.points))
    return [(h, pts, _places(h.rsplit("|", 1)[-1], len(pts))) for h, pts in out]


def canonical_text(p: GeneralProblem) -> str:
    points = sorted(p.points)
    colour = {q: "" for q in points}
    inc = _incidence(p)
    for _round in range(4):
        sig: dict[str, list[str]] = {q: [] for q in points}
        for head, pts, places in inc:
            around = ",".join(sorted(f"{k}:{colour[o]}" for k, o in zip(places, pts)))
            for k, q in zip(places, pts):
                sig[q].append(f"{head}|{k}|{len(pts)}|{around}")
        new = {q: hashlib.sha1((colour[q] + "#" + "\n".join(sorted(sig[q]))).encode()).hexdigest()[:12]
               for q in points}
        settled = len(set(new.values())) == len(set(colour.values()))
        colour = new
        if settled:
            break
    groups: dict[str, list[str]] = {}
    for q in points:
        groups.setdefault(colour[q], []).append(q)
    ordered = [g for _, g in sorted(groups.items())]
    best = None
    for order in itertools.islice(itertools.product(*(itertools.permutations(g) for g in ordered)), MAX_ORDERS):
        seq = [q for grp in order for q in grp]
        names = {q: chr(ord("A") + i) for i, q in enumerate(seq)}
        t = "\n".join(_statements(p, names))
        if best is None or t < best:
            best = t
    return best or ""


def canonical_key(p: GeneralProblem) -> str:
    """A short hash of the canonical form."""
    return hashlib.sha256(canonical_text(p).encode()).hexdigest()[:20]
