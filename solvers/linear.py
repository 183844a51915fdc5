"""Exact linear elimination over opaque keys: AlphaGeometry's algebraic reasoning (AR).

Angle chasing, line addition and ratio chasing (on log-lengths) are linear algebra:
every fact is an equation ``sum(c_k * k) = constant`` over opaque hashable keys (an
angle measure, a length, the log of a length).  :class:`LinearTable` takes such
equations one at a time, keeps them in reduced row-echelon form and answers

* is key ``k`` determined, and its exact value (:meth:`LinearTable.value`),
* is a linear combination determined, e.g. ``a - b`` (:meth:`LinearTable.evaluate`),
* are two keys equal (:meth:`LinearTable.equal`),

each with its provenance: a small set of input equations and the exact multipliers
that combine them into the answer, so that a proof can say "angle ABC + angle CBD =
180 and angle CBD = 50, so angle ABC = 130".  An equation that contradicts the
others raises :class:`Inconsistent` naming the equations that clash, and leaves the
table as it was.

Numbers.  Coefficients of keys are exact rationals (``int``, ``Fraction`` or a
sympy ``Rational``; a float is refused: its binary value is never what was meant).
Constants may be any exact real sympy number that is a rational combination of
"atoms": ``5``, ``Rational(1, 3)``, ``25*pi``, ``2*sqrt(3) + 1``, ``log(2)``.  A
constant is kept as a vector over its atoms (``{1: 5, pi: 25}``), so all arithmetic
stays in integers and Fractions, never in sympy.  This is exact provided the atoms
are linearly independent over the rationals, which holds for sympy's canonical forms
of the constants geometry meets (π, square roots of square-free integers, their
products) and for logarithms written by :func:`log_constant` (a rational's log as a
sum of logs of primes), the form ratio chasing needs.

Speed.  Rows are sparse dicts of Python ints kept primitive (divided by the gcd of
their entries), which is many times faster than Fractions; the main table keeps no
provenance, so adding an equation costs only its reduction.  Provenance is found on
demand by a second, tracking elimination over the equations nearest the question
(breadth first through shared keys), so that it cites the given facts next to the
goal rather than whichever equations happened to become pivots.
"""
from __future__ import annotations

import heapq
import itertools
import math
from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from numbers import Rational

import sympy

Key = Hashable


LIGHT = 0.5  # an equation this light states a fact (a given, a relation, a radius): LinearTable._swap_lighter
STATED = 0.1  # an equation this light is a fact the problem states: _lightest_few takes it beyond its FEW_SIZE
LIGHTEST_SWAPS = 40  # equations of the pool tried in the lightest explanation found
SWAP_COMPANIONS = 4  # the lightest equations on a swapped-in equation's elements tried with it
NEAR_SWAPS = 16  # equations on the best explanation's own elements tried in it (before the pool's)
LIGHTEST_POOL = 80  # equations nearest a target pruned together by LinearTable.evaluate_lightest
FEW_POOL, FEW_SIZE, FEW_TRIES = 40, 4, 4000  # _lightest_few: of these many, sets this large, tried at most
LIGHTEST_TRIES = 8  # equations on a target each tried first by LinearTable.evaluate_lightest
# an unknown the chosen equations carry but never fix (arc GH in "arc DF = 270° - arc GH - arc HD", cancelled four
# steps later) weighs this much more against the route that solves one unknown a step (issue #37)
CARRIED = 0.5

class Atom(str):
    """An irrational (or unit) constant that a constant is a rational combination of.

    A string (``"\\x00atom pi"``) so that dict look-ups hash and compare in C: a row mixes
    the caller's keys and atoms in one dict, and ``type(k) is Atom`` tells them apart (a
    caller's key equal to that string, NUL first, is the one thing not to use).  Interned: one
    object per constant, so a look-up compares by identity."""

    __slots__ = ()
    _interned: dict[sympy.Expr, Atom] = {}
    _exprs: dict[str, sympy.Expr] = {}

    def __new__(cls, expr: sympy.Expr) -> Atom:
        found = cls._interned.get(expr)
        if found is None:
            found = super().__new__(cls, "\x00atom " + sympy.srepr(expr))
            cls._interned[expr] = found
            cls._exprs[found] = expr
        return found

    @property
    def expr(self) -> sympy.Expr:
        return Atom._exprs[self]

    def __repr__(self) -> str:
        return f"Atom({self.expr})"


ONE = Atom(sympy.S.One)


class Inconsistent(ValueError):
    """An equation contradicts the table.  ``why`` are (equation, multiplier) pairs whose
    combination has every key cancel, while the constants combine to ``residue`` != 0."""

    def __init__(self, equation: Equation, why: tuple[tuple[Equation, Fraction], ...], residue: sympy.Expr) -> None:
        self.equation, self.why, self.residue = equation, why, residue
        shown = "; ".join(f"{m} × ({e})" for e, m in why)
        super().__init__(f"{equation} contradicts the known equations: {shown} gives 0 = {residue}")


@dataclass(frozen=True)
class Equation:
    """An input equation ``sum(coeffs[k] * k) = constant``; ``constant`` is a vector over atoms."""

    id: int
    coeffs: Mapping[Key, Fraction]
    constant: Mapping[Atom, Fraction]
    label: object = None
    cost: float = 0  # provenance prefers cheap equations (a given fact before a derived one)

    @property
    def rhs(self) -> sympy.Expr:
        return _expr(self.constant)

    def __str__(self) -> str:
        lhs = " + ".join(f"{c}·{k}" if c != 1 else str(k) for k, c in self.coeffs.items()) or "0"
        return f"{lhs} = {self.rhs}"


@dataclass(frozen=True)
class Answer:
    """A determined linear combination ``target`` and its exact ``value``, with ``why``: the
    (equation, multiplier) pairs such that sum(m · lhs) is ``target`` and sum(m · rhs) is ``value``."""

    target: Mapping[Key, Fraction]
    constant: Mapping[Atom, Fraction]
    why: tuple[tuple[Equation, Fraction], ...]

    @property
    def value(self) -> sympy.Expr:
        return _expr(self.constant)

    @property
    def rational(self) -> Fraction | None:
        """The value as a Fraction when it is rational, else None."""
        if all(a == ONE for a in self.constant):
            return self.constant.get(ONE, Fraction(0))
        return None

    def __float__(self) -> float:
        return float(sum(float(c) * float(a.expr) for a, c in self.constant.items()))


# -- exact numbers ------------------------------------------------------------------------------


def _frac(c: object) -> int | Fraction:
    """An exact rational coefficient (an int stays an int: it is much faster); floats and
    booleans are refused."""
    if type(c) is int:
        return c
    if isinstance(c, bool) or isinstance(c, float):
        raise TypeError(f"coefficient {c!r} is not exact: use an int, a Fraction or a sympy Rational")
    if isinstance(c, (int, Fraction)):
        return Fraction(c)
    if isinstance(c, sympy.Integer):
        return int(c)
    if isinstance(c, sympy.Rational):
        return Fraction(int(c.p), int(c.q))
    if isinstance(c, Rational):
        return Fraction(c.numerator, c.denominator)
    raise TypeError(f"coefficient {c!r} is not an exact rational")


def constant_vector(c: object) -> dict[Atom, Fraction]:
    """An exact constant as a vector over atoms: ``25*pi + 3`` -> {pi: 25, 1: 3}."""
    if type(c) is int:
        return {ONE: c} if c else {}
    if isinstance(c, (int, Fraction, sympy.Rational)) and not isinstance(c, bool):
        f = _frac(c)
        return {ONE: f} if f else {}
    if not isinstance(c, sympy.Expr):
        raise TypeError(f"constant {c!r} is neither a rational nor a sympy number")
    if c.free_symbols or c.has(sympy.Float) or not c.is_number:
        raise TypeError(f"constant {c} is not an exact number (it has symbols or floats)")
    if c.is_real is False:
        raise TypeError(f"constant {c} is not real")
    out: dict[Atom, Fraction] = {}
    for atom, coeff in sympy.expand(c).as_coefficients_dict().items():
        if not coeff.is_Rational:
            raise TypeError(f"constant {c} has a non-rational coefficient {coeff}")
        a = ONE if atom == 1 else Atom(atom)
        out[a] = out.get(a, Fraction(0)) + _frac(coeff)
    return {a: v for a, v in out.items() if v}


def log_constant(r: object) -> dict[Atom, Fraction]:
    """log(r) of a positive rational as a vector over logs of primes (so that log 6 and
    log 2 + log 3 are one value): the constants of ratio chasing on log-lengths."""
    f = _frac(r)
    if f <= 0:
        raise ValueError(f"log of a non-positive number {r}")
    out: dict[Atom, Fraction] = {}
    for n, sign in ((f.numerator, 1), (f.denominator, -1)):
        for p, e in sympy.factorint(n).items():
            a = Atom(sympy.log(sympy.Integer(p)))
            out[a] = out.get(a, Fraction(0)) + sign * e
    return {a: v for a, v in out.items() if v}


def _expr(vec: Mapping[Atom, Fraction]) -> sympy.Expr:
    return sympy.Add(*(sympy.Rational(c.numerator, c.denominator) * a.expr for a, c in vec.items()))


def _integer(vec: Mapping[object, int | Fraction]) -> tuple[dict[object, int], tuple[int, int]]:
    """A rational vector scaled to primitive integers: (ints, (den, g)) with ints = den / g * vec."""
    dens = [v.denominator for v in vec.values() if type(v) is not int]
    den = math.lcm(*dens) if dens else 1
    ints = {k: v * den if type(v) is int else v.numerator * (den // v.denominator) for k, v in vec.items()}
    g = math.gcd(*ints.values()) if ints else 1
    if g > 1:
        ints = {k: v // g for k, v in ints.items()}
    return ints, (den, g)


# -- the eliminator -------------------------------------------------------------------------------


def _eliminate(vec, comb, row, row_comb, key):
    """``vec`` with ``key`` eliminated by the solved ``row`` (integer rows, the two multipliers cut by
    their gcd), and ``comb``, its combination of inputs, carried alike (None: provenance not kept)."""
    a, b = vec[key], row[key]
    g0 = math.gcd(a, b)
    a, b = a // g0, b // g0
    vec, g = _lincomb(b, vec, a, row)
    if comb is not None:
        comb = _comb(b, comb, a, row_comb, g)
    return vec, comb


def _lincomb(b: int, v: dict, a: int, r: dict) -> tuple[dict, int]:
    """(b·v − a·r) / g with g the gcd of the result's entries: (result, g)."""
    out = {k: b * x for k, x in v.items()} if b != 1 else dict(v)
    for k, y in r.items():
        n = out.get(k, 0) - a * y
        if n:
            out[k] = n
        else:
            del out[k]
    g = math.gcd(*out.values()) if out else 1
    if g > 1:
        out = {k: x // g for k, x in out.items()}
    return out, g


Combination = tuple[dict, int]  # provenance: (integer multipliers of the inputs' integer rows, their denominator)


def _comb(b: int, v: Combination, a: int, r: Combination, g: int) -> Combination:
    """The combination that goes with :func:`_lincomb`, (b·v − a·r) / g, on provenance vectors held
    as integers over one denominator (kept lowest): Fractions entry by entry cost several times more."""
    (vn, vd), (rn, rd) = v, r
    if vd == rd:
        mv, mr, d = b, a, vd
    else:
        mv, mr, d = b * rd, a * vd, vd * rd
    out = {k: mv * x for k, x in vn.items()} if mv != 1 else dict(vn)
    for k, y in rn.items():
        n = out.get(k, 0) - mr * y
        if n:
            out[k] = n
        else:
            out.pop(k, None)
    d *= g
    c = math.gcd(d, *out.values())
    if c > 1:
        out = {k: x // c for k, x in out.items()}
        d //= c
    return out, d


def _fractions(comb: Combination, scales: Callable[[int], Fraction]) -> dict[int, Fraction]:
    """A combination of the inputs' integer rows as multipliers of the inputs themselves (``scales``: the
    factor each input's integer row is of it)."""
    nums, den = comb
    return {i: Fraction(x, den) * scales(i) for i, x in nums.items()}


class _Rows:
    """Sparse row-echelon form over integer rows.

    ``rows[p]`` is the row whose pivot is key ``p``: an expression equal to zero (keys and
    atoms together; atoms are never pivots).  A row holds no pivot made before its own
    (``seq``), so a vector is reduced by eliminating pivots in the order they were made, and
    adding a row never rewrites the others.  A pivot whose row's other keys are all
    determined is determined too: ``solved[p]`` is then ``n·p + atoms = 0``, found by
    back-substitution as soon as it holds, and a reduction uses it first (it brings in no
    keys), so that once most keys are known an equation costs a few operations.  The pivot
    of a new row is its key that the fewest equations mention (``freq``), which keeps later
    reductions short.  With ``track``, ``combos[p]`` and ``solved_combos[p]`` say which input
    equations (id -> multiplier) the rows are."""

    def __init__(self, order: Mapping[Key, int], freq: Mapping[Key, object], track: bool) -> None:
        self.rows: dict[Key, dict] = {}
        self.seq: dict[Key, int] = {}
        self.combos: dict[Key, dict[int, Fraction]] = {}
        self.solved: dict[Key, dict] = {}
        self.solved_combos: dict[Key, dict[int, Fraction]] = {}
        self._open: dict[Key, int] = {}  # pivot -> how many of its row's other keys are not solved
        self._users: defaultdict[Key, list] = defaultdict(list)  # key -> pivots whose rows hold it
        self.order, self.freq, self.track = order, freq, track

    def reduce(self, vec: dict, comb: dict | None, keep: Key = None) -> tuple[dict, dict | None]:
        """``vec`` with every pivot but ``keep`` eliminated (scaled by some non-zero factor), and
        its provenance.  (No row holds a pivot older than its own, so ``keep``, the pivot of
        the row being reduced, never comes back.)"""
        rows, seq, solved = self.rows, self.seq, self.solved
        heap = []
        for p in [k for k in vec if k in rows and k != keep]:
            if p not in solved:
                heap.append((seq[p], p))
                continue
            # the common case: a known key, no fill-in
            vec, comb = _eliminate(vec, comb, solved[p], self.solved_combos[p] if comb is not None else None, p)
        if not heap:
            return vec, comb
        heapq.heapify(heap)
        while heap:
            _, p = heapq.heappop(heap)
            if p not in vec:
                continue
            if p in solved:
                r, rc = solved[p], (self.solved_combos[p] if comb is not None else None)
            else:
                r, rc = rows[p], (self.combos[p] if comb is not None else None)
                for k in r:
                    if k != p and k in rows and k not in vec:
                        heapq.heappush(heap, (-1 if k in solved else seq[k], k))
            vec, comb = _eliminate(vec, comb, r, rc, p)
        return vec, comb

    def insert(self, vec: dict, comb: dict | None) -> tuple[dict, dict | None]:
        """Reduce ``vec`` and make it a row when it still has a key.  Returns the reduced
        vector (the new row) and its provenance: an empty vector is redundant, atoms only is
        a contradiction."""
        vec, comb = self.reduce(vec, comb)
        keys = [k for k in vec if type(k) is not Atom]
        if not keys:
            return vec, comb
        freq, order = self.freq, self.order
        p = min(keys, key=lambda k: (len(freq.get(k, ())), order[k]))
        if vec[p] < 0:
            vec = {k: -x for k, x in vec.items()}
            if comb is not None:
                comb = ({k: -x for k, x in comb[0].items()}, comb[1])
        self.rows[p] = vec
        self.seq[p] = len(self.seq)
        if self.track:
            self.combos[p] = comb
        for k in keys:
            if k != p:
                self._users[k].append(p)
        self._open[p] = len(keys) - 1  # a fresh row's other keys are free: none is solved
        if len(keys) == 1:
            self._solve(p)
        return vec, comb

    def fork(self) -> _Rows:
        """A copy to insert into, this one unchanged (rows are never changed in place)."""
        new = _Rows(self.order, self.freq, self.track)
        new.rows, new.seq, new.combos = dict(self.rows), dict(self.seq), dict(self.combos)
        new.solved, new.solved_combos, new._open = dict(self.solved), dict(self.solved_combos), dict(self._open)
        new._users = defaultdict(list, {k: list(v) for k, v in self._users.items()})
        return new

    def determined(self, p: Key) -> bool:
        """Is key ``p`` determined?  A pivot is determined when its row, reduced, is
        ``n·p + atoms``; that can happen while the row's other keys are free (p + q + r = 0 and
        q + r = 0), which the eager bookkeeping of :meth:`_solve` does not see, so ask here."""
        if p in self.solved:
            return True
        if p not in self.rows:
            return False
        vec, comb = self.reduce(dict(self.rows[p]), self.combos[p] if self.track else None, keep=p)
        if any(k != p and type(k) is not Atom for k in vec):
            return False
        self.solved[p] = vec
        if self.track:
            self.solved_combos[p] = comb
        self._propagate(p)
        return True

    def _propagate(self, p: Key) -> None:
        """``p`` is solved: solve the rows that were waiting for it alone."""
        for u in self._users.get(p, ()):
            self._open[u] -= 1
            if self._open[u] == 0 and u not in self.solved:
                self._solve(u)

    def _solve(self, p: Key) -> None:
        """Record pivot ``p``, whose row's other keys are all solved, as solved (and every
        pivot that becomes determined with it)."""
        stack = [p]
        while stack:
            q = stack.pop()
            r = self.rows[q]
            rc = self.combos.get(q) if self.track else None
            for k in [k for k in r if k != q and type(k) is not Atom]:
                r, rc = _eliminate(r, rc, self.solved[k], self.solved_combos[k] if rc is not None else None, k)
            self.solved[q] = r
            if rc is not None:
                self.solved_combos[q] = rc
            for u in self._users.get(q, ()):
                self._open[u] -= 1
                if self._open[u] == 0 and u not in self.solved:
                    stack.append(u)

    def values(self) -> dict[Key, dict[Atom, Fraction]]:
        """Every determined key's value as a vector over atoms."""
        for p in sorted(self.rows, key=self.seq.__getitem__, reverse=True):
            self.determined(p)
        return {p: {a: Fraction(-x, r[p]) for a, x in r.items() if a != p} for p, r in self.solved.items()}


def _atoms_value(vec: Mapping, scale: Fraction) -> dict[Atom, Fraction]:
    return {a: Fraction(x) / scale for a, x in vec.items()}


class _Probe:
    """A key no row holds: its coefficient in a reduced vector is the factor the reduction scaled by."""

    __slots__ = ()


# -- the table ---------------------------------------------------------------------------------


class LinearTable:
    """Linear equations over opaque keys, added one at a time, with answers and their provenance."""

    def __init__(self) -> None:
        self.equations: list[Equation] = []
        self._ints: list[tuple[dict, tuple[int, int]]] = []  # each equation as a primitive integer row, and its scale
        self._order: dict[Key, int] = {}
        self._by_key: defaultdict[Key, list[int]] = defaultdict(list)
        self._rows = _Rows(self._order, self._by_key, track=False)
        self._determined: dict = {}  # (equation ids, target) -> whether they determine it (see _determines)
        self._key_rows: list[dict] = []  # each equation's integer row without its constant (see _key_row)
        # express's answers while the rows stay (a key reduced by one set of rows is one vector: the rows'
        # solved forms, made as they are asked for, reduce it to the same)
        self._expressed: dict[Key, tuple[dict, dict]] = {}
        self._expressed_at = 0

    # -- adding ----------------------------------------------------------------------------------

    def add(self, coeffs: Mapping[Key, object], constant: object = 0, *, label: object = None,
            cost: float = 0) -> Equation:
        """Add ``sum(coeffs[k] * k) = constant``.  Raises :class:`Inconsistent` (table unchanged)
        when it contradicts the equations so far; a redundant equation is kept for provenance."""
        fc = {k: f for k, c in coeffs.items() if (f := _frac(c))}
        if any(type(k) is Atom for k in fc):
            raise TypeError("an Atom is a constant, not a key")
        const = constant_vector(constant) if not isinstance(constant, Mapping) else {
            a: _frac(v) for a, v in constant.items() if v}
        if any(type(a) is not Atom for a in const):
            raise TypeError("a constant's vector is over Atoms")
        eq = Equation(len(self.equations), fc, const, label, cost)
        homogeneous = dict(fc)
        for a, v in const.items():
            homogeneous[a] = -v
        ints, scale = _integer(homogeneous)
        for k in fc:
            if k not in self._order:
                self._order[k] = len(self._order)
        vec, _ = self._rows.insert(ints, None)
        if vec and all(type(k) is Atom for k in vec):
            why, residue = self._clash(eq, ints, scale)
            raise Inconsistent(eq, why, residue)
        self.equations.append(eq)
        self._ints.append((ints, scale))
        for k in fc:
            self._by_key[k].append(eq.id)
        return eq

    def add_equal(self, a: Key, b: Key, **kw) -> Equation:
        """``a = b``."""
        return self.add({a: 1, b: -1}, 0, **kw)

    def add_value(self, k: Key, value: object, **kw) -> Equation:
        """``k = value``."""
        return self.add({k: 1}, value, **kw)

    # -- answers ---------------------------------------------------------------------------------

    @property
    def rank(self) -> int:
        return len(self._rows.rows)

    @property
    def keys(self) -> list[Key]:
        return list(self._order)

    def is_determined(self, k: Key) -> bool:
        return self._rows.determined(k)

    def known(self) -> dict[Key, sympy.Expr]:
        """Every determined key and its exact value, without provenance (fast)."""
        return {k: _expr(v) for k, v in self._rows.values().items()}

    def value(self, k: Key) -> Answer | None:
        """The exact value of ``k`` with its provenance, or None when the equations leave it free."""
        return self.evaluate({k: 1})

    def evaluate(self, target: Mapping[Key, object], before: int | None = None,
                 rank: Callable[[int], object] | None = None) -> Answer | None:
        """The exact value of the linear combination ``target`` (e.g. {a: 1, b: -1} for a − b)
        with its provenance, or None when it is not determined.  With ``before``, the provenance
        cites only equations with ids below it (which must determine the target: see
        :meth:`determined_by`); ``rank`` orders the equations of each level out from the target
        (by their ``cost`` where not given)."""
        t = {k: f for k, c in target.items() if (f := _frac(c))}
        if not t:
            return Answer({}, {}, ())
        if any(k not in self._order for k in t):
            return None
        ints, tscale = _integer(t)
        vec, _ = self._rows.reduce(ints, None)
        if any(type(k) is not Atom for k in vec):
            return None
        return self._explain(t, ints, tscale, before, rank)

    def ids_on(self, k: Key) -> Sequence[int]:
        """The ids of the equations on key ``k``, in the order added (the table's own list: read, never changed)."""
        return self._by_key.get(k, ())

    def evaluate_lightest(self, target: Mapping[Key, object], weight: Callable[[Equation], float],
                          before: int | None = None,
                          total: Callable[[Sequence[Equation]], float] | None = None) -> Answer | None:
        """:meth:`evaluate` with the lightest provenance found: the nearest equations taken lightest
        first as well as in the usual order, each explanation pruned of every equation the target
        does not need (heaviest tried first), and the one of least total ``weight`` kept.  A
        theorem-weighted proof prefers a named theorem to a chain of additions, and no step cites
        an equation it can do without.  ``total``: the weight of a set of equations where it is not the sum of
        theirs (each premise two of them rest on counted once)."""
        t = {k: f for k, c in target.items() if (f := _frac(c))}
        first = self.evaluate(target, before)
        if first is None or not t or not first.why:
            return first
        if total is None:
            total = lambda eqs: sum(weight(e) for e in eqs)  # noqa: E731
        weigh = lambda ans: total([e for e, _ in ans.why])  # noqa: E731
        ints, tscale = _integer(t)
        best, best_w = first, weigh(first)
        by_weight = lambda i: (weight(self.equations[i]), i)  # noqa: E731
        # and each of the lightest equations on the target put first: a named theorem that gives it in one
        # step (AB = 2·BM) wins over a lighter addition that leaves an equation in itself (BM = 12 - AM)
        near = sorted({i for k in t for i in self._by_key.get(k, ()) if before is None or i < before},
                      key=by_weight)[:LIGHTEST_TRIES]
        # and every equation near the target at once (the lightest paths out of it first, LIGHTEST_POOL of
        # them), pruned heaviest first: three named theorems win over ten additions that also give it
        # (pruned twice: heaviest first, and heaviest per unknown it ties first, so that an angle sum with
        # the relation's equal angles goes before the isosceles base angles that do it in one equation)
        pool = set(itertools.islice(self._nearest_weighted(t, before, weight), LIGHTEST_POOL))
        pool |= {e.id for e, _ in first.why}
        heaviest = lambda e: (-weight(e), -e.id)  # noqa: E731
        chains = lambda e: (-weight(e) * len(e.coeffs), -e.id)  # noqa: E731
        tries = [(order, heaviest) for order in (None, by_weight, *((lambda i, c=c: (i != c, *by_weight(i)))
                                                                     for c in near))]
        # and the lightest route that solves one unknown a step, wherever its equations lie (the pool holds the
        # nearest only: a central angle of 180° four links away is past eighty angle sums and additions)
        # (with the stated facts put in first where it finds none: a given angle 2x in a straight line is 8x + 28 =
        # 180, one unknown, where as three equations in three unknowns no one of them solves one unknown alone)
        # (and with them put in even where a route without them exists: that one may be far heavier, an equilateral
        # triangle's 60° read as half an arc to find x, where the given arcs 3x … 6x make up the whole circle)
        routes = [r for r in (self._one_at_a_time(t, before, weight),) if r is not None]
        stated = {i for i in pool if weight(self.equations[i]) <= STATED}
        if stated and (route := self._one_at_a_time(t, before, weight, stated)) is not None:
            routes.append(route)
        tries += [("pool", heaviest), ("pool", chains)] + [(route, heaviest) for route in routes]
        explained: dict[frozenset, Answer] = {}  # the explanation by each set of equations (orders prune to the same)

        def explain_only(keep: set[int]) -> Answer:
            key = frozenset(keep)
            if key not in explained:
                explained[key] = self._explain(t, ints, tscale, before, only=keep)
            return explained[key]
        step_ans = None
        for order, first_out in tries:
            if order == "pool":
                keep = set(pool)
            elif isinstance(order, set):  # a route one unknown at a time
                keep = set(order)
            else:
                ans = first if order is None else self._explain(t, ints, tscale, before, rank=order)
                keep = {e.id for e, _ in ans.why}
            for e in sorted((self.equations[i] for i in keep), key=first_out):
                if len(keep) > 1 and self._determines(keep - {e.id}, ints):
                    keep.discard(e.id)
            ans = explain_only(keep)
            w = weigh(ans)
            if isinstance(order, set) and (step_ans is None or w < step_ans[1] - 1e-9):
                step_ans = ans, w
            if w < best_w - 1e-9:
                best, best_w = ans, w
        small = self._lightest_few(pool, weight, ints, best_w)
        if small is not None:
            ans = explain_only(small)
            w = weigh(ans)
            if w < best_w - 1e-9:
                best, best_w = ans, w
        best = self._swap_lighter(best, best_w, pool, weight, total, ints, before, explain_only)
        if step_ans is not None and step_ans[0] is not best and not self._carried(step_ans[0]):
            carried = self._carried(best)
            if carried and step_ans[1] < weigh(best) + CARRIED * carried - 1e-9:
                return step_ans[0]
        return best

    def _carried(self, ans: Answer) -> int:
        """How many unknowns the explanation's equations name but do not fix together: each is carried through
        its steps until it cancels."""
        rows = self._rows_of(e.id for e, _ in ans.why)
        named = {k for e, _ in ans.why for k in e.coeffs if type(k) is not Atom}
        return len(named - rows.values().keys())

    def _rows_of(self, ids: Iterable[int]) -> _Rows:
        """The table's equations ``ids``, eliminated against each other in that order (no provenance kept)."""
        rows = _Rows(self._order, self._by_key, track=False)
        for i in ids:
            rows.insert(dict(self._ints[i][0]), None)
        return rows

    def _one_at_a_time(self, t: Mapping[Key, Fraction], before: int | None,
                       weight: Callable[[Equation], float], stated: set[int] = frozenset()) -> set[int] | None:
        """The equations of the lightest derivation of the target's unknowns in which each equation solves one
        unknown from unknowns solved before it (Knuth's lightest hyperpath: a key's cost is its equation's weight
        plus the costs of the equation's other keys), as a student writes a proof with no helper unknown that
        cancels later; None where a key of the target is fixed only by equations taken together.  ``stated``:
        equations put into every other first (a given angle = 2x read as 2x wherever the angle is), all of them
        kept (the caller prunes those the route does not need)."""
        ids = [i for i in range(len(self.equations)) if (before is None or i < before) and i not in stated]
        if stated:
            rows = self._rows_of(sorted(stated))
            put_in = lambda vec: [k for k, c in rows.reduce(dict(vec), None)[0].items()  # noqa: E731
                                  if c and type(k) is not Atom]
            keys_of = {i: put_in(self._ints[i][0]) for i in ids}
            by_key: dict[Key, list[int]] = defaultdict(list)
            for i in ids:
                for k in keys_of[i]:
                    by_key[k].append(i)
            goal = put_in(_integer(t)[0])
        else:
            keys_of = {i: [k for k, c in self.equations[i].coeffs.items() if c and type(k) is not Atom] for i in ids}
            by_key, goal = self._by_key, [k for k in t if type(k) is not Atom]
        left = {i: len(ks) for i, ks in keys_of.items()}
        paid = dict.fromkeys(ids, 0.0)
        own: dict[int, float] = {}  # (weighed when first pushed: most equations never solve one unknown alone)

        def weigh(i: int) -> float:
            if i not in own:
                own[i] = weight(self.equations[i])
            return own[i]
        heap = [(weigh(i), i) for i in ids if left[i] == 1]
        heapq.heapify(heap)
        cost: dict[Key, float] = {}
        via: dict[Key, int] = {}
        while heap:
            c, i = heapq.heappop(heap)
            (k,) = [k for k in keys_of[i] if k not in cost] or [None]
            if k is None:
                continue
            cost[k], via[k] = c, i
            for j in by_key.get(k, ()):
                if j in left and left[j] > 0:
                    left[j] -= 1
                    paid[j] += c
                    if left[j] == 1:
                        heapq.heappush(heap, (weigh(j) + paid[j], j))
        if not goal or any(k not in via for k in goal):
            return None
        keep: set[int] = set(stated)
        todo = list(goal)
        while todo:
            i = via[todo.pop()]
            if i not in keep:
                keep.add(i)
                todo.extend(k for k in keys_of[i] if via[k] != i)
        return keep

    def _lightest_few(self, pool: set[int], weight: Callable[[Equation], float], ints: dict,
                      bound: float) -> set[int] | None:
        """The lightest set of at most FEW_SIZE of the pool's FEW_POOL lightest equations that determines
        the target, one of them on it, lighter than ``bound`` (None: none is): the given, the tangent's
        right angle, one angle sum and the central angle (four equations) where the greedy prunings keep
        five equations of arcs, each lighter than the angle sum."""
        # (the facts the problem states join every set beyond its size: the four arcs round a circle, each given
        # as a multiple of a, with the whole circle and the angle they give, not three central angles)
        stated = sorted(i for i in pool if weight(self.equations[i]) <= STATED)
        ranked = sorted(set(pool) - set(stated), key=lambda i: (weight(self.equations[i]), i))[:FEW_POOL]
        ws = [weight(self.equations[i]) for i in ranked]
        on = {i for k in ints for i in self._by_key.get(k, ())}
        on_stated = bool(on.intersection(stated))
        best, best_w, tries = None, bound - 1e-9, 0

        def grow(start: int, chosen: tuple, w: float, left: int, rows: Callable[[], _Rows], keys: frozenset) -> bool:
            """The sets of ``left`` more (lexicographic, as itertools.combinations) lighter than the best
            found; a branch whose lightest completion is not lighter is cut (the ranks are sorted, and a
            float sum taken in the same order is monotone).  A set is reduced only where its equations name
            every key of the target (one that names none of them cannot fix it), and the rows of a branch
            are made only when a set in it is reduced (most are cut first).  False: out of tries."""
            nonlocal best, best_w, tries
            for j in range(start, len(ranked) - left + 1):
                wj = w + ws[j]
                low = wj
                for k in range(j + 1, j + left):
                    low += ws[k]
                if low >= best_w:
                    break  # (every later j is heavier)
                combo = chosen + (ranked[j],)
                if left == 1 and not on_stated and not on.intersection(combo):
                    continue
                grown = _grown(rows, ranked[j])  # (the chosen rows are shared by the branch: a set determines
                # in any order)
                named = keys | self.equations[ranked[j]].coeffs.keys()
                if left > 1:
                    if not grow(j + 1, combo, wj, left - 1, grown, named):
                        return False
                    continue
                tries += 1
                if tries > FEW_TRIES:
                    return False
                if not target <= named:
                    continue
                if _fixes(rows(), ranked[j]):
                    best, best_w = set(combo), wj
            return True

        reduced: dict[int, tuple[_Rows, dict]] = {}  # id of a branch's rows -> they (kept: the id stays
        # theirs) and the target reduced by them, in its keys

        def _fixes(base: _Rows, i: int) -> bool:
            """Do the rows ``base`` with equation ``i`` determine the target?  Without inserting it: the
            target reduced by the rows (once per branch) is constant, or in its keys a multiple of equation
            ``i`` reduced by them (both hold no pivot of the rows, and every non-zero combination of the
            rows does)."""
            if id(base) not in reduced:
                reduced[id(base)] = base, {k: x for k, x in base.reduce(dict(ints), None)[0].items()
                                           if type(k) is not Atom}
            vec = reduced[id(base)][1]
            if not vec:
                return True
            row = {k: x for k, x in base.reduce(dict(self._ints[i][0]), None)[0].items() if type(k) is not Atom}
            if row.keys() != vec.keys():
                return False
            k0 = next(iter(vec))
            return all(vec[k] * row[k0] == row[k] * vec[k0] for k in vec)

        def _grown(rows: Callable[[], _Rows], i: int) -> Callable[[], _Rows]:
            """``rows`` with equation ``i`` inserted, made when first asked for."""
            made: list[_Rows] = []

            def get() -> _Rows:
                if not made:
                    new = rows().fork()
                    new.insert(dict(self._ints[i][0]), None)
                    made.append(new)
                return made[0]
            return get

        target = frozenset(ints)
        base = self._rows_of(stated)
        said = frozenset(k for i in stated for k in self.equations[i].coeffs)
        for size in range(1, FEW_SIZE + 1):
            if not grow(0, (), 0, size, lambda: base, said):
                break
        if best is None or not stated:
            return best
        best |= set(stated)  # (then those of them it needs, the rest pruned)
        for i in sorted(stated, key=lambda i: (-weight(self.equations[i]), -i)):
            if self._determines(best - {i}, ints):
                best.discard(i)
        return best

    def _swap_lighter(self, best: Answer, best_w: float, pool: set[int], weight: Callable[[Equation], float],
                      total: Callable[[Sequence[Equation]], float], ints: dict, before: int | None,
                      explain_only: Callable[[set[int]], Answer]) -> Answer:
        """Each equation of the pool not in the best explanation tried in it (with the light equations
        that state facts, LIGHT at most), the rest pruned heaviest first around it: an angle sum that
        gives the central angle at once replaces four equations of arcs that the greedy pruning kept
        (it tries the angle sum, heavier than each of them, first)."""
        keep = {e.id for e, _ in best.why}
        light = {i for i in pool if weight(self.equations[i]) <= LIGHT}
        # and the equations on the best explanation's own elements, tried first: one linear pair of the two
        # given angles where three straight lines through a third angle also give them
        near = {i for e, _ in best.why for k in e.coeffs for i in self._by_key.get(k, ())
                if before is None or i < before} - keep - light
        ranked = sorted(near, key=lambda i: (weight(self.equations[i]), i))[:NEAR_SWAPS]
        ranked += sorted(pool - keep - light - near, key=lambda i: (weight(self.equations[i]), i))[:LIGHTEST_SWAPS]
        for f in ranked:
            if weight(self.equations[f]) >= best_w:
                continue
            # with the lightest equations on its own elements: the angles around a point give the central angle
            # that the tangent's chord needs, where two inscribed angles and an angle sum also give the arc
            own = sorted({i for k in self.equations[f].coeffs for i in self._by_key.get(k, ())
                          if before is None or i < before} - keep - light - {f},
                         key=lambda i: (weight(self.equations[i]), i))[:SWAP_COMPANIONS]
            trial = keep | light | {f} | set(own)
            for e in sorted((self.equations[i] for i in trial - {f}), key=lambda e: (-weight(e), -e.id)):
                if self._determines(trial - {e.id}, ints):
                    trial.discard(e.id)
            w = total([self.equations[i] for i in trial])
            if w < best_w - 1e-9:
                ans = explain_only(trial)
                w = total([e for e, _ in ans.why])
                if w < best_w - 1e-9:
                    best, best_w, keep = ans, w, {e.id for e, _ in ans.why}
        return best

    def _determines(self, ids: set[int], ints: dict) -> bool:
        """Do the equations ``ids`` alone determine the target row ``ints``?  (Kept while the table
        does not grow: the proof's choice prunes the same sets again from each of its orders.)"""
        key = (frozenset(ids), frozenset(ints.items()))
        memo = self._determined
        if memo.get(None) != len(self._ints):
            memo.clear()
            memo[None] = len(self._ints)
        got = memo.get(key)
        if got is None:
            got = memo[key] = self._determines_now(ids, ints)
        return got

    def _determines_now(self, ids: set[int], ints: dict) -> bool:
        """:meth:`_determines` worked out: is the target's part in keys in the span of the equations'
        parts in keys?  (Constants never decide it: atoms are never pivots.)  Each equation, reduced by
        the rows before it (in id order), becomes a row on one of its keys, and the target is kept
        reduced against the rows as they are made; it is determined once nothing of it is left (a
        reduced vector holds no pivot, and every non-zero combination of the rows does).  Most sets the
        pruning asks about determine it before their last row."""
        vec = {k: x for k, x in ints.items() if type(k) is not Atom}
        rows: dict[Key, dict] = {}  # pivot -> row, in the order made; no row holds an older pivot
        for i in sorted(ids):
            if not vec:
                return True
            r = self._key_row(i)
            for p, row in rows.items():
                if p in r:
                    r, _ = _eliminate(r, None, row, None, p)
            if not r:
                continue
            p = next(iter(r))
            rows[p] = r
            if p in vec:
                vec, _ = _eliminate(vec, None, r, None, p)
        return not vec

    def _key_row(self, i: int) -> dict:
        """Equation ``i``'s integer row without its constant (its keys only)."""
        while len(self._key_rows) <= i:
            row = self._ints[len(self._key_rows)][0]
            self._key_rows.append({k: x for k, x in row.items() if type(k) is not Atom})
        return self._key_rows[i]

    def determined_by(self, target: Mapping[Key, object]) -> int | None:
        """The fewest first equations that determine ``target``: n such that equations 0 … n−1 do
        and 0 … n−2 do not (None: undetermined).  A caller whose equations each rest only on
        values known when it was added (its premises) gets acyclic provenance by explaining every
        value with ``evaluate(t, before=determined_by(t))``: each cited equation's premises are
        determined by strictly fewer equations.

        One pass in id order: the target is kept reduced against the rows made so far (a new row
        holds no older pivot, so eliminating its pivot from the target keeps that true)."""
        t = {k: f for k, c in target.items() if (f := _frac(c))}
        if not t:
            return 0
        if any(k not in self._order for k in t):
            return None
        vec, _ = _integer(t)
        local = _Rows(self._order, self._by_key, track=False)
        for i, (row, _) in enumerate(self._ints):
            new, _ = local.insert(dict(row), None)
            p = next((k for k in new if k in local.rows and local.rows[k] is new), None)
            if p is None or p not in vec:
                continue
            vec, _ = _eliminate(vec, None, new, None, p)
            if all(type(k) is Atom for k in vec):
                return i + 1
        return None

    def value_of(self, target: Mapping[Key, object]) -> sympy.Expr | None:
        """The exact value of the linear combination ``target``, or None when it is not determined:
        :meth:`evaluate` without the provenance (each key expressed in the free keys, which must
        cancel), for a caller that only asks whether a relation holds: several times cheaper."""
        keys: dict[Key, Fraction] = {}
        atoms: dict[Atom, Fraction] = {}
        for k, c in target.items():
            f = _frac(c)
            if not f:
                continue
            found = self.express(k)
            if found is None:
                return None
            for j, v in found[0].items():
                keys[j] = keys.get(j, 0) + f * v
            for a, v in found[1].items():
                atoms[a] = atoms.get(a, 0) + f * v
        if any(keys.values()):
            return None
        return _expr({a: v for a, v in atoms.items() if v})

    def express(self, k: Key) -> tuple[dict[Key, Fraction], dict[Atom, Fraction]] | None:
        """``k`` as a combination of the keys the table leaves free, plus a constant:
        (coefficients, constant vector); None for a key the table has never seen.  What a
        non-linear equation needs to be solved in the one free key left after putting it in."""
        if k not in self._order:
            return None
        if self._expressed_at != len(self._rows.rows):  # (a new row changes what the free keys are)
            self._expressed.clear()
            self._expressed_at = len(self._rows.rows)
        if k not in self._expressed:  # (the deduction asks again for every pooled equation, round after round)
            probe = _Probe()
            vec, _ = self._rows.reduce({k: 1, probe: 1}, None)
            f = vec.pop(probe)
            self._expressed[k] = ({j: Fraction(v, f) for j, v in vec.items() if type(j) is not Atom},
                                  {a: Fraction(v, f) for a, v in vec.items() if type(a) is Atom})
        keys, atoms = self._expressed[k]
        return dict(keys), dict(atoms)

    def equal(self, a: Key, b: Key) -> Answer | None:
        """An Answer for ``a − b = 0`` when the equations prove a = b, else None."""
        if a == b:
            return Answer({}, {}, ())
        ans = self.evaluate({a: 1, b: -1})
        return ans if ans is not None and not ans.constant else None

    # -- provenance ------------------------------------------------------------------------------

    def _nearest(self, start: Iterable[Key], before: int | None = None, rank: Callable | None = None,
                 only: set[int] | None = None) -> Iterable[int]:
        """Equation ids breadth first from ``start`` through shared keys, cheapest first in a level
        (only ids below ``before``, and in ``only``, when given; ``rank`` orders a level instead)."""
        seen_keys, seen_eqs = set(start), set()
        frontier = list(seen_keys)
        rank = rank or (lambda i: (self.equations[i].cost, i))
        while frontier:
            level = sorted({i for k in frontier for i in self._by_key.get(k, ())
                            if (before is None or i < before) and (only is None or i in only)} - seen_eqs,
                           key=rank)
            nxt = []
            for i in level:
                seen_eqs.add(i)
                yield i
                for k in self.equations[i].coeffs:
                    if k not in seen_keys:
                        seen_keys.add(k)
                        nxt.append(k)
            frontier = nxt

    def _nearest_weighted(self, start: Iterable[Key], before: int | None,
                          weight: Callable[[Equation], float]) -> Iterable[int]:
        """Equation ids in the order of their lightest path from ``start`` through shared keys (each
        equation's ``weight`` summed along the path): Dijkstra's order on the key-equation graph."""
        seen_keys, seen_eqs = set(start), set()
        heap: list[tuple[float, int]] = []

        def reach(keys: Iterable[Key], d: float) -> None:
            for k in keys:
                for i in self._by_key.get(k, ()):
                    if (before is None or i < before) and i not in seen_eqs:
                        heapq.heappush(heap, (d + weight(self.equations[i]), i))

        reach(seen_keys, 0.0)
        while heap:
            d, i = heapq.heappop(heap)
            if i in seen_eqs:
                continue
            seen_eqs.add(i)
            yield i
            new = [k for k in self.equations[i].coeffs if k not in seen_keys]
            seen_keys.update(new)
            reach(new, d)

    def _scale(self, i: int) -> Fraction:
        """The factor equation ``i``'s integer row is of the equation itself."""
        return Fraction(*self._ints[i][1])

    def _explain(self, t: dict[Key, Fraction], ints: dict, tscale: tuple[int, int],
                 before: int | None = None, rank: Callable | None = None, only: set[int] | None = None,
                 order: Iterable[int] | None = None) -> Answer:
        """Provenance of a determined target: a tracking elimination over the nearest equations (or
        those of ``order``), the target kept reduced against it, until the target is a constant."""
        local = _Rows(self._order, self._by_key, track=True)
        # invariant: target = s·tscale·t + sum(comb_i · E_i), with E_i = lhs_i − rhs_i (= 0)
        target, comb, s = dict(ints), ({}, 1), Fraction(1)
        for i in (order if order is not None else self._nearest(t, before, rank, only)):
            row, _ = self._ints[i]
            vec, vcomb = local.insert(dict(row), ({i: 1}, 1))
            p = next((k for k in vec if k in local.rows and local.rows[k] is vec), None)
            if p is None or p not in target:
                continue
            a, b = target[p], vec[p]
            g0 = math.gcd(a, b)
            a, b = a // g0, b // g0
            target, g = _lincomb(b, target, a, vec)
            comb = _comb(b, comb, a, vcomb, g)
            s *= Fraction(b, g)
            if all(type(k) is Atom for k in target):
                s *= Fraction(*tscale)
                mult = _fractions(comb, self._scale)
                why = tuple((self.equations[i], -m / s) for i, m in sorted(mult.items()) if m)
                return Answer(t, _atoms_value(target, s), why)
        raise AssertionError("a determined target has no provenance")  # pragma: no cover

    def _clash(self, eq: Equation, ints: dict, scale: tuple[int, int]) -> tuple[tuple[tuple[Equation, Fraction], ...],
                                                                            sympy.Expr]:
        """The equations that contradict ``eq``: a tracking elimination from ``eq`` outwards."""
        local = _Rows(self._order, self._by_key, track=True)
        new = -1

        def clash(vec: dict, comb: Combination):
            comb = _fractions(comb, lambda i: Fraction(*scale) if i == new else self._scale(i))
            m = comb[new]  # normalise so that eq itself has multiplier 1
            why = ((eq, Fraction(1)),) + tuple((self.equations[i], c / m) for i, c in sorted(comb.items())
                                                if i != new and c)
            residue = _expr({a: -Fraction(x) / m for a, x in vec.items()})
            return why, residue

        vec, comb = local.insert(dict(ints), ({new: 1}, 1))
        if vec and all(type(k) is Atom for k in vec):
            return clash(vec, comb)
        for i in self._nearest(eq.coeffs):
            row, _ = self._ints[i]
            vec, comb = local.insert(dict(row), ({i: 1}, 1))
            if vec and all(type(k) is Atom for k in vec):
                return clash(vec, comb)
        raise AssertionError("an inconsistent equation has no clash")  # pragma: no cover
