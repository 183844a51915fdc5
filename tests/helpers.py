"""Shared test helpers: random single-shape problems straight from the catalogue, and the checks a
linter's findings name."""
from __future__ import annotations

import random

import sympy
from geomill.engine.catalogue import KINDS
from geomill.engine.geometry import sample_instance
from geomill.engine.kinds import ShapeKind
from geomill.engine.model import Fact, Problem, Query, ShapeDecl


def declare(kind: ShapeKind) -> ShapeDecl:
    return kind.example()


def exact(v: float) -> sympy.Rational:
    return sympy.Rational(repr(round(v, 5)))


def depth_one_problems(rng: random.Random):
    """For every directed rule: a problem giving its inputs (measured on a random
    instance) and asking for its output, with the measured output value."""
    for key, kind in KINDS.items():
        from geomill.engine.rules import rules_for
        decl = declare(kind)
        bound = kind.bind(decl)
        for rule in rules_for(key):
            _, _, values = sample_instance(kind, rng)
            facts = tuple(Fact(bound[s][0], exact(values[s])) for s in rule.inputs if s not in kind.constants)
            yield rule, Problem((decl,), facts, Query(bound[rule.output][0])), values[rule.output]


def checks(findings) -> set[str]:
    """The kinds of check (``equation``, ``uses`` …) a list of linter findings names."""
    return {f.check for f in findings}


__all__ = ["checks", "declare", "depth_one_problems", "exact"]
