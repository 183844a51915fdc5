"""bench/textbook_closure_yield.py: what a closure offers (goals by rough depth, those the screen passes, their
distinct data) and what the group streams take (closures and checks against problems made) add up."""
from __future__ import annotations

import importlib.util
from pathlib import Path

_PATH = Path(__file__).resolve().parents[1] / "bench" / "textbook_closure_yield.py"


def _bench():
    spec = importlib.util.spec_from_file_location("textbook_closure_yield", _PATH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_closures_offer_narrows_from_candidates_to_screened_to_data() -> None:
    got = _bench().offer(3, "11")
    assert got["closures"] >= 1 and len(got["per_closure"]) == got["closures"]
    assert sum(got["candidates_by_rough_depth"].values()) == sum(c for c, _, _ in got["per_closure"])
    assert sum(got["screened_by_depth"].values()) == sum(s for _, s, _ in got["per_closure"])
    assert all(d >= 2 for d in got["screened_by_depth"])
    assert all(0 <= d <= s <= c for c, s, d in got["per_closure"]) and got["distinct_data"] <= sum(
        s for _, s, _ in got["per_closure"])


def test_the_streams_count_closures_and_checks_against_problems_and_put_them_back() -> None:
    from geomill.generate.textbook_gen import make

    closure, check = make.closure, make.check
    got = _bench().streams(1, "11")
    assert make.closure is closure and make.check is check
    assert 1 <= got["problems"] <= 4 and got["per_group"] == [got["problems"]]
    assert got["closures"] >= 1 and got["checks"] >= got["problems"]
    assert got["problems_per_closure"] == round(got["problems"] / got["closures"], 2)
    assert 0 < got["closure_cpu_s"] + got["check_cpu_s"] <= got["cpu_s"] + 0.2
