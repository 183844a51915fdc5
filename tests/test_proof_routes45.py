"""Routes whose every step is a number (issue #37: "one unknown per step, numbers shown"), each on its smallest
problem."""

from collections.abc import Callable
from fractions import Fraction

from geomill.solvers.linear import LinearTable

from .proof_text import linted_text as _text


def _table(chain_weight: float) -> tuple[LinearTable, set[int], int, set[int], int, Callable]:
    """a = 2x, b = 6x + 28 (stated), a + b = 180, c = a + 10 (one step), and two sums that carry u + v to c."""
    table = LinearTable()
    stated = {table.add({"a": 1, "x": -2}).id, table.add({"b": 1, "x": -6}, 28).id}
    line = table.add({"a": 1, "b": 1}, 180).id
    chain = {table.add({"c": 1, "a": -1, "u": 1, "v": 1}, 10).id, table.add({"u": 1, "v": 1}).id}
    step = table.add({"c": 1, "a": -1}, 10).id
    weights = dict.fromkeys(stated, 0.1) | {line: 1.0, step: 1.0} | dict.fromkeys(chain, chain_weight)
    return table, stated, line, chain, step, lambda e: weights[e.id]


def test_a_given_variable_does_not_hide_the_one_unknown_a_step_route() -> None:
    # (FormalGeo 304: x fixed only by the two givens and the straight line together, so no route one unknown a step
    # was found, and four whole-circle steps carrying arc GH and arc HD until they cancel won)
    text = _text("points C H G F E D\nline H C E\nline G C D\ncircle C through H G F E D\nFC perpendicular to GC\n"
                 "clockwise GCH HCD FCG ECF\nangle GCH = 2x\nangle DCH = 6x + 28\nfind arc CEF\n")
    assert "whole circle" not in text and "arc GH" not in text and "arc HD" not in text, text
    assert "angle ECF = angle ECG - angle FCG = 142° - 90° = 52°" in text, text
    assert "arc EF = angle ECF = 52°" in text, text


def test_the_stepwise_route_puts_the_stated_facts_in_first() -> None:
    # a = 2x, b = 6x + 28 (stated) and a + b = 180: no equation solves one unknown alone until the stated ones are put
    # in (8x + 28 = 180); then c = a + 10 is one step, never the two sums that carry u + v until it cancels
    table, stated, line, _, step, weigh = _table(0.6)
    t = {"c": Fraction(1)}
    assert table._one_at_a_time(t, None, weigh) is None
    assert table._one_at_a_time(t, None, weigh, stated) == stated | {line, step}


def test_a_route_that_carries_unknowns_until_they_cancel_weighs_more(monkeypatch) -> None:
    # the two sums that carry u + v are lighter than the one step c = a + 10, but each of u and v is never found
    import geomill.solvers.linear as linear

    table, stated, line, chain, step, weigh = _table(0.4)
    ids = lambda ans: {e.id for e, _ in ans.why}  # noqa: E731
    got = table.evaluate_lightest({"c": 1}, weigh)
    assert got.value == 48 and ids(got) == stated | {line, step}
    monkeypatch.setattr(linear, "CARRIED", 0.0)
    assert ids(table.evaluate_lightest({"c": 1}, weigh)) == stated | {line} | chain
