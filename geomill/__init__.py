"""geomill: symbolic geometry reasoning.

The floors, bottom up: ``engine`` (problem model, catalogue, fact/rule graph),
``dsl`` and ``solvers``, ``render``, ``generate``; this package holds the CLI.
"""
import gc
import os

# Two process settings a solve gains from, each kept where the caller set its own before importing geomill
# (docs/limits.md): sympy memoizes its constructors in LRU caches of SYMPY_CACHE_SIZE entries, read when sympy is
# first imported, and its default (1000) is smaller than one deduction's working set; a solve allocates many small
# short-lived objects, and at Python's default thresholds (700, 10, 10) the collector's full collections take a
# large share of the CPU.  Neither changes a result.
os.environ.setdefault("SYMPY_CACHE_SIZE", "20000")
if gc.get_threshold() == (700, 10, 10):
    gc.set_threshold(50_000, 20, 100)

__version__ = "0.1.0"
