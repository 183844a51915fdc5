"""geomill sets two process settings for the solver: sympy's cache size and the collector's thresholds (geomill/__init__.py)."""
from __future__ import annotations

import os
import subprocess
import sys

_READ = "import geomill, sympy.core.cache as c; print(c.SYMPY_CACHE_SIZE)"


def _size_seen(env_size: str | None) -> str:
    env = {k: v for k, v in os.environ.items() if k != "SYMPY_CACHE_SIZE"}
    if env_size is not None:
        env["SYMPY_CACHE_SIZE"] = env_size
    done = subprocess.run([sys.executable, "-c", _READ], env=env, capture_output=True, text=True, check=True)
    return done.stdout.strip()


def test_importing_geomill_first_gives_sympy_caches_larger_than_its_default() -> None:
    assert int(_size_seen(None)) >= 20_000  # (sympy's own default is 1000: the rounds' sums rebuilt again and again)


def test_a_callers_own_cache_size_is_kept() -> None:
    assert _size_seen("1234") == "1234"


_GC = "import gc{}; import geomill; print(*gc.get_threshold())"


def _gc_seen(before: str = "") -> list[int]:
    done = subprocess.run([sys.executable, "-c", _GC.format(before)], capture_output=True, text=True, check=True)
    return [int(x) for x in done.stdout.split()]


def test_importing_geomill_makes_the_collector_wait_for_more_allocations() -> None:
    assert _gc_seen()[0] >= 50_000  # (Python's default, 700, collected ~5,000 times on 173 FormalGeo problems)


def test_a_callers_own_collector_thresholds_are_kept() -> None:
    assert _gc_seen("; gc.set_threshold(1234, 5, 6)") == [1234, 5, 6]
