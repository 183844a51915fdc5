"""The fact graph's rule index: its fast path (a kind's rule plan taken whole) against the plain
version (each rule's distinct input classes counted one by one), and both against the definition."""
from __future__ import annotations

import random
from pathlib import Path

from geomill.dsl import parse_file
from geomill.engine.graph import FactGraph, index_rules
from hypothesis import HealthCheck, given, settings

from .random_problems import build_problem, problems

EXAMPLES = sorted((Path(__file__).resolve().parent.parent / "examples").glob("*.geo"))


def _check(graph: FactGraph) -> None:
    fast, plain = graph.index, index_rules(graph.shapes, fast=False)
    assert (fast.rules, fast.shape_of, fast.inputs, fast.outputs) == \
        (plain.rules, plain.shape_of, plain.inputs, plain.outputs)
    assert fast.needs == plain.needs
    assert {q: sorted(ids) for q, ids in fast.by_input.items()} == \
        {q: sorted(ids) for q, ids in plain.by_input.items()}
    # the definition: a rule waits for each distinct input class once, and is listed under each
    for rid, inputs in enumerate(fast.inputs):
        assert fast.needs[rid] == len(set(inputs))
        for q in inputs:
            assert fast.by_input[q].count(rid) == 1
    assert sum(len(ids) for ids in fast.by_input.values()) == sum(fast.needs)
    # each rule's classes are its shape's: its own symbols' classes, in the rule's order
    for rid, rule in enumerate(fast.rules):
        shape = graph.shapes[fast.shape_of[rid]]
        assert fast.inputs[rid] == tuple(shape.cls[s] for s in rule.inputs)
        assert fast.outputs[rid] == shape.cls[rule.output]
        assert graph.rule(rid).inputs == fast.inputs[rid]


def test_examples_index_alike():
    for path in EXAMPLES:
        _check(FactGraph(parse_file(path)))


def test_generated_index_alike():
    rng = random.Random(19)
    for n in range(40):
        problem = build_problem(rng, 1 + n % 4, with_relation=n % 3 == 0, drop_fact=n % 5 == 0)
        if problem is not None:
            _check(FactGraph(problem))


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(problems())
def test_random_index_alike(problem):
    _check(FactGraph(problem))
