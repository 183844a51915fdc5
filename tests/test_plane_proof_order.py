"""General proofs that once failed the linter, one per defect kind, each the smallest FormalGeo shape
that showed it:

* a ratio the table's relations made linear (``BE·DE = AE·EF`` with ``BE = 3·EF`` is ``AE = 3·DE``,
  a length divided out): the step records the linear row the table took, not only the ratio, and
  the linter checks both (the ratio gives the row; the rows give the conclusion);
* a value proven from an equation that was found with that value put in (a rhombus's side from a
  similarity whose ratio used it): the proof cites, for each value, only what the table had when it
  first determined it, so no step cites itself or a later one;
* a relation measured on a thin figure (``AC − 3·DE`` near 0 with AC ≈ 50): the numeric check is
  relative to the relation's terms, as each element's own measure is.
"""
from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest
import sympy
from geomill.dsl import parse
from geomill.solvers.linear import LinearTable
from geomill.solvers.plane import solve_general
from geomill.solvers.plane_lint import _check_numeric, _size, lint_general, lint_proof

from .helpers import checks

# FormalGeo 5678, as the converter writes it
RATIO_MADE_LINEAR = """points A D F B C E
polygon ADFB
triangle BFC
triangle FDE
parallelogram ADCB
line C F D
line B F E
line A D E
clockwise ADFB BFC FDE
AB = 3 CF/2
find DE/BC
"""

# FormalGeo 6354
CIRCLE = """points A E F B C D
triangle AEF
polygon EBCF
triangle ACD
rhombus ABCD
line A E B
line A F C
E midpoint of AB
EF parallel to BC
clockwise AEF EBCF ACD
EF = 4
find CD
"""

# FormalGeo 4932
THIN = """points A D O C B E
triangle ADO
triangle AOC
triangle DBE
triangle DEO
triangle OEC
line A D B
line A O E
line D O C
line B E C
ED parallel to CA
clockwise ADO AOC DBE DEO OEC
area BDE = 3
area ACO = 9 area DEO
find area ABC
"""


@pytest.fixture(scope="module")
def ratio():
    return solve_general(parse(RATIO_MADE_LINEAR))


@pytest.fixture(scope="module")
def circle():
    return solve_general(parse(CIRCLE))


def _row_step(sol) -> tuple[int, int]:
    """(step, equation) of the first equation the table took as a linear row of its own, in a step
    that combines it with others (DE = BC/2 from AE = 3·DE, AD = BC and AD + DE = AE)."""
    return next((i, k) for i, st in enumerate(sol.proof.steps) if len(st.equations) > 1
                for k, (s, _) in enumerate(st.equations) if s.row is not None)


def test_a_ratio_made_linear_records_the_row_it_gives(ratio):
    assert sympy.nsimplify(ratio.exact_value) == sympy.Rational(1, 2)
    assert lint_general(ratio) == []
    i, k = _row_step(ratio)
    s = ratio.proof.steps[i].equations[k][0]
    assert len(s.row.free_symbols) == 2 and not (s.row - (s.lhs - s.rhs)).equals(0)  # not the ratio itself
    assert any(len(u) > 1 for u in s.uses)  # it cites the relation that made it linear


def test_a_wrong_row_is_caught(ratio):
    i, k = _row_step(ratio)
    p = ratio.proof
    st = p.steps[i]
    s, m = st.equations[k]
    eqs = list(st.equations)
    eqs[k] = (dataclasses.replace(s, row=2 * s.row), m)  # the combination no longer gives the target
    steps = list(p.steps)
    steps[i] = dataclasses.replace(st, equations=eqs)
    assert "equation" in checks(lint_proof(dataclasses.replace(p, steps=steps), ratio.model))
    a, b = sorted(s.row.free_symbols, key=lambda x: x.name)
    eqs[k] = (dataclasses.replace(s, row=a - 5 * b), m)  # a row the ratio does not give
    steps[i] = dataclasses.replace(st, equations=eqs)
    found = lint_proof(dataclasses.replace(p, steps=steps))
    assert any("does not give" in f.detail for f in found)


def test_no_step_cites_itself_or_a_later_step(circle):
    assert circle.exact_value == 8
    assert lint_general(circle) == []
    steps = circle.proof.steps
    for i, st in enumerate(steps):
        assert all(j < i for j in st.needs)
        for s, _ in st.equations:  # every value put in is some earlier step's conclusion
            for u in s.uses:
                e = sum(sympy.Rational(c.numerator, c.denominator) * x if isinstance(c, Fraction) else c * x
                        for x, c in u.items())
                assert any(sympy.expand(steps[j].target - e) == 0 for j in range(i)), (i, e)


def test_determined_by_the_fewest_first_equations():
    t = LinearTable()
    t.add({"a": 1, "b": -1}, 0)  # 0: a = b
    t.add({"b": 1}, 3)  # 1: b = 3
    t.add({"c": 1, "a": -1}, 0)  # 2: c = a
    t.add({"a": 1}, 3)  # 3: a = 3 again, found later (a circle's shortcut)
    assert t.determined_by({"a": 1}) == 2 and t.determined_by({"c": 1}) == 3
    assert t.determined_by({"d": 1}) is None and t.determined_by({}) == 0
    first = t.evaluate({"a": 1}, before=2)
    assert first.value == 3 and {e.id for e, _ in first.why} <= {0, 1}
    assert {e.id for e, _ in t.evaluate({"a": 1}).why} == {3}  # nearest first, without the bound


class _Figure:
    """A stand-in numeric model: each symbol's measure."""

    def __init__(self, values: dict):
        self.values = values

    def value(self, e: sympy.Expr) -> float:
        return float(e.xreplace(self.values))


def test_a_relation_is_measured_relative_to_its_terms():
    ac, de = sympy.symbols("AC DE", positive=True)
    step = type("Step", (), {"target": ac - 3 * de, "value": sympy.Integer(0), "equations": []})
    near = _Figure({ac: 50.1405, de: (50.1405 + 0.0017) / 3})  # off by 3.5e-5 of AC: the model's error
    assert _size(ac - 3 * de, near) == pytest.approx(50.1422)
    assert _check_numeric(step, "step", near) == []
    wrong = _Figure({ac: 50.14, de: 50.14 / 2.9})  # a ratio of 2.9 measured as 3: caught
    assert [f.check for f in _check_numeric(step, "step", wrong)] == ["numeric"]


def test_a_thin_figure_passes_the_numeric_check():
    sol = solve_general(parse(THIN))
    assert sol.exact_value == 27
    assert lint_general(sol) == []
