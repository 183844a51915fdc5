"""geomill: symbolic geometry reasoning.

The floors, bottom up: ``engine`` (problem model, catalogue, fact/rule graph),
``dsl`` and ``solvers``, ``render``, ``generate``; this package holds the CLI.
"""
__version__ = "0.1.0"
