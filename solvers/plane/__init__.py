"""The general plane-geometry solver: theorem families as data, deduction by exact linear
elimination plus one-unknown algebra, proofs with only the steps the goal needs.

Imports only ``geomill.engine`` and ``geomill.solvers``; the GeomVerse path never imports it.
"""
from .solve import GeneralSolution, Refused, solve_general

__all__ = ["GeneralSolution", "Refused", "solve_general"]
