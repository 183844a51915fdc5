"""The rule cache cannot hurt: it is JSON (never executed), checked by a hash, derived again with a
note when corrupt or stale, and an unwritable folder is noted once and worked around."""
from __future__ import annotations

import json
import random

import pytest
import sympy
from geomill.engine import rules
from geomill.engine.catalogue import KINDS

KIND = KINDS["square"]  # few rules: deriving it takes a fraction of a second


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """A cache folder of the test's own, the per-process memo and notes emptied around it."""
    monkeypatch.setenv("GEOMILL_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(rules, "_fallback_dir", lambda: tmp_path / "spare")
    monkeypatch.setattr(rules, "_NOTED", set())
    rules.kind_rules.cache_clear()
    yield tmp_path / "cache"
    rules.kind_rules.cache_clear()


def _fresh():
    rules.kind_rules.cache_clear()
    return rules.kind_rules(KIND)


def _same(a, b):
    return a == b and [sympy.srepr(r.expr) for r in a] == [sympy.srepr(r.expr) for r in b]


def test_the_cache_is_json_and_reads_back_exactly(cache):
    derived = tuple(rules.derive_kind(KIND))
    assert _same(_fresh(), derived)
    (path,) = cache.iterdir()
    assert path.suffix == ".json" and rules.kind_hash(KIND) in path.name
    data = json.loads(path.read_text())
    assert data["kind"] == "square" and data["sha256"] == rules._digest(data["rules"])
    assert _same(_fresh(), derived)  # from the file this time


def test_every_kind_round_trips_through_the_json_form():
    for kind in KINDS.values():
        for rule in rules.kind_rules(kind):
            assert sympy.srepr(rules._thaw(json.loads(json.dumps(rules._freeze(rule.expr))))) == sympy.srepr(rule.expr)


def test_a_corrupt_or_stale_file_is_derived_again_with_one_note(cache, capsys):
    good = _fresh()
    (path,) = cache.iterdir()
    text = path.read_text()
    rng = random.Random(5)
    bad_versions = [
        b"\x80\x04\x95 not json at all (an old pickle)",
        text.replace('"Pow"', '"Power"').encode(),  # a sympy rename: stale
        text.replace('"square"', '"sqaure"', 1).encode(),
        text[: len(text) // 2].encode(),  # torn
        json.dumps({**json.loads(text), "version": "0"}).encode(),
    ]
    for _ in range(12):  # random bit flips: never a crash, never wrong rules
        raw = bytearray(text.encode())
        i = rng.randrange(len(raw))
        raw[i] ^= 1 << rng.randrange(8)
        bad_versions.append(bytes(raw))
    noted = 0
    for raw in bad_versions:
        path.write_bytes(raw)
        rules._NOTED.clear()
        assert _same(_fresh(), good)
        err = capsys.readouterr().err
        assert json.loads(path.read_text()) == json.loads(text)  # rewritten whole (or the flip was harmless)
        if err:
            assert err.count("\n") == 1 and "corrupt or stale" in err and "deriving the rules again" in err
            noted += 1
    assert noted >= len(bad_versions) - 3


def test_a_flip_that_changes_a_rule_is_caught_by_the_checksum(cache, capsys):
    _fresh()
    (path,) = cache.iterdir()
    data = json.loads(path.read_text())
    data["rules"][0][2] = "zz"  # a rule's output renamed, the file still well-formed JSON
    path.write_text(json.dumps(data))
    assert all(r.output != "zz" for r in _fresh())
    assert "checksum does not match" in capsys.readouterr().err


def test_a_cache_path_that_is_a_file_is_noted_once_and_a_spare_folder_used(cache, capsys):
    cache.write_text("not a folder")
    _fresh()
    rules.kind_rules(KINDS["rectangle"])
    err = capsys.readouterr().err
    assert err.count("cannot be written") == 1 and "spare" in err
    assert len(list((cache.parent / "spare").iterdir())) == 2
    _fresh()  # the next run reads the spare folder: nothing derived, nothing noted
    assert capsys.readouterr().err == ""
