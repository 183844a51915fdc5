"""Floor 2: deduction over the fact/rule graph, numeric and rounded values, solution writing.

Builds on ``engine`` only.
"""
from .solve import Solution, solve

__all__ = ["Solution", "solve"]
