"""geomill: symbolic geometry reasoning.

The floors, bottom up: ``engine`` (problem model, catalogue, fact/rule graph),
``dsl`` and ``solvers``, ``render``, ``generate``; this package holds the CLI.
"""
import gc
import os

# sympy memoizes its constructors (Add, Mul, expand, has …) in LRU caches of SYMPY_CACHE_SIZE entries each, read
# once, when sympy is first imported.  Its default, 1000, is smaller than the deduction's working set: its rounds,
# its polish and the proof's choice build the same sums again and again, and past 1000 entries each is built anew
# (the 30 median problems of FormalGeo's `--sample 20`, in one process: 43,641 constructions at 1000, 37,862 at
# 20,000, which holds them all).  Results are the same at any size; a caller's own setting is kept.
os.environ.setdefault("SYMPY_CACHE_SIZE", "20000")

# A solve allocates hundreds of thousands of small objects (sympy expressions, the table's rows), most of them
# short-lived: at Python's default thresholds (700, 10, 10) the collector ran about 5,000 times on FormalGeo's
# `--sample 20` (173 problems in one process), 24 of them full collections of up to 0.8 CPU s, about 12 % of the
# CPU in all.  Collections that wait for more allocations do the same work far fewer times (255 collections, one
# full, 3.2 s).  A caller's own thresholds are kept.
if gc.get_threshold() == (700, 10, 10):
    gc.set_threshold(50_000, 20, 100)

__version__ = "0.1.0"
