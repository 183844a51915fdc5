"""bench/bench_textbook_gen.py --stages: the work no record keeps (checks refused, by the step that refused
them; lightest proofs built against problems checked) is told apart from the stages' shares."""
from __future__ import annotations

import importlib
import importlib.util
import json
from pathlib import Path

_PATH = Path(__file__).resolve().parents[1] / "bench" / "bench_textbook_gen.py"


def _bench():
    spec = importlib.util.spec_from_file_location("bench_textbook_gen", _PATH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _owner(mod: str):
    head, _, tail = mod.rpartition(".")
    try:
        return importlib.import_module(mod)
    except ImportError:
        return getattr(importlib.import_module(head), tail)


def _put_back(bench, monkeypatch) -> None:
    """Every function the bench wraps is put back after the test."""
    from geomill.generate.textbook_gen import goals, make

    for options in bench.STAGES.values():
        for mod, attr in options:
            owner = _owner(mod)
            if hasattr(owner, attr):
                monkeypatch.setattr(owner, attr, getattr(owner, attr))
    for attr, _ in bench.REFUSALS.values():
        monkeypatch.setattr(make, attr, getattr(make, attr))
    monkeypatch.setattr(goals._Closure, "ask", goals._Closure.ask)


def test_the_stages_sum_the_workers_and_keep_counts_and_refused_checks_apart(tmp_path: Path) -> None:
    bench = _bench()
    (tmp_path / "1.json").write_text(json.dumps({"total": 6.0, "closure": 2.0, "problems checked": 3,
                                                 "lightest proofs built": 5, "wasted: figure misleads": 1.0}))
    (tmp_path / "2.json").write_text(json.dumps({"total": 4.0, "closure": 1.0, "problems checked": 2,
                                                 "wasted: figure misleads": 0.5, "wasted: unforced coincidence": 0.2}))
    got = bench._stages(tmp_path)
    assert got["cpu_s_in_records"] == 10.0
    assert got["closure"] == "3.0 s (30 %)" and got["other"] == "7.0 s (70 %)"  # (counts and waste not in other)
    assert got["problems checked"] == 5 and got["lightest proofs built"] == 5
    assert got["checks refused, by the step"] == {"figure misleads": "1.5 s (15 %)",
                                                  "unforced coincidence": "0.2 s (2 %)"}


def test_a_refused_check_is_charged_to_the_step_that_refused_it(tmp_path: Path, monkeypatch) -> None:
    """The wrappers on the generator's own functions: a check whose figure misleads is wasted work of that step,
    a check that passes is not; the problems checked are counted."""
    bench = _bench()
    from geomill.generate.textbook_gen import make, records

    _put_back(bench, monkeypatch)
    monkeypatch.setattr(make, "drawn", lambda ok: ok)

    def check(ok: bool):
        return "made" if make.drawn(ok) else None
    monkeypatch.setattr(make, "check", check)
    monkeypatch.setattr(records, "make_record", lambda *oks: [make.check(ok) for ok in oks])
    bench._timed(tmp_path)
    assert records.make_record(False, True, False) == [None, "made", None]
    got = bench._stages(tmp_path)
    assert got["problems checked"] == 3
    assert list(got["checks refused, by the step"]) == ["figure misleads"]


def test_a_stage_called_inside_another_is_charged_to_the_outer_one(tmp_path: Path, monkeypatch) -> None:
    """A goal's proof built inside the check's own search of the text (a stand-in for any stage inside another) is
    the search's time alone, so that the shares add up; a proof built outside it is the goal proofs' stage's."""
    bench = _bench()
    import time
    from types import SimpleNamespace

    from geomill.generate.textbook_gen import goals, make, records

    _put_back(bench, monkeypatch)

    def busy(seconds: float) -> None:
        t0 = time.process_time()
        while time.process_time() - t0 < seconds:
            pass
    closure = SimpleNamespace(_roughly=False)
    monkeypatch.setattr(goals._Closure, "ask", lambda self, expr: busy(0.1))
    monkeypatch.setattr(make, "searched_agrees", lambda: goals._Closure.ask(closure, None))
    monkeypatch.setattr(records, "make_record", lambda: (make.searched_agrees(), goals._Closure.ask(closure, None)))
    bench._timed(tmp_path)
    records.make_record()
    got = json.loads(next(tmp_path.glob("*.json")).read_text())
    search, proofs = got["check: the text's own figure search"], got["goal proofs"]
    assert 0.1 <= search < 0.15 and 0.1 <= proofs < 0.15
    assert abs(got["total"] - search - proofs) < 0.05
