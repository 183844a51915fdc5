"""bench/solve_phases.py picks the right problems nearest a run's median."""
from __future__ import annotations

import importlib.util
from pathlib import Path

_PATH = Path(__file__).resolve().parents[1] / "bench" / "solve_phases.py"


def _nearest():
    spec = importlib.util.spec_from_file_location("solve_phases", _PATH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.nearest


def test_the_right_problems_nearest_the_median_are_picked() -> None:
    results = [{"problem_id": i, "status": "right", "seconds": s} for i, s in enumerate((0.1, 0.25, 0.3, 0.32, 5.0))]
    results.append({"problem_id": 9, "status": "refused", "seconds": 0.3})  # (at the median, but not right)
    assert _nearest()(results, 2) == {"2", "3"}
