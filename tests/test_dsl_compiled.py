"""dsl.compiled: the grammar's parsers kept across runs read every text as a freshly compiled parser
reads it, and a damaged or unwritable cache only costs the compile."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from geomill.dsl import compiled as compiled_mod
from geomill.dsl.syntax import GRAMMAR
from lark import Lark

ROOT = Path(__file__).resolve().parents[1]
TEXTS = [p.read_text(encoding="utf-8") + "\n" for p in sorted(ROOT.glob("examples/**/*.geo"))] + [
    "AB = 2*x + 3\n", "angle ABC = (x + 1)/2 # a comment\n", "x + = 3\n", "AB = = 4\n", "AB = 3)\n", "\u00e9\n"]


def _reading(parser: Lark, text: str):
    try:
        return parser.parse(text)
    except Exception as exc:  # noqa: BLE001 - the error is the reading
        return type(exc).__name__, str(exc)


@pytest.mark.parametrize("start", ["start", "expression"])
def test_a_kept_parser_reads_as_a_fresh_one(tmp_path, monkeypatch, start):
    monkeypatch.setenv("GEOMILL_CACHE", str(tmp_path))
    grammar = GRAMMAR.read_text(encoding="utf-8")
    fresh = Lark(grammar, start=start, parser="lalr", lexer="contextual")
    compiled_mod.compiled(grammar, start)  # compiled and kept
    assert len(list(tmp_path.glob(f"grammar-{start}-*.json"))) == 1
    kept = compiled_mod.compiled(grammar, start)  # loaded
    assert kept.source_path == "<deserialized>"  # (the second really is the kept one)
    assert [t.name for t in kept.terminals] == [t.name for t in fresh.terminals]
    assert kept.lexer_conf.ignore == fresh.lexer_conf.ignore
    texts = TEXTS if start == "start" else ["2*x + 3", "(x + 1)/2", "angle ABC + 3", "x +", "3)"]
    for text in texts:
        assert _reading(kept, text) == _reading(fresh, text), text


def test_a_damaged_or_unwritable_cache_only_costs_the_compile(tmp_path, monkeypatch):
    grammar = GRAMMAR.read_text(encoding="utf-8")
    fresh = Lark(grammar, start="expression", parser="lalr", lexer="contextual")
    monkeypatch.setenv("GEOMILL_CACHE", str(tmp_path))
    compiled_mod.compiled(grammar, "expression")
    (kept,) = tmp_path.glob("grammar-expression-*.json")
    key = json.loads(kept.read_text(encoding="utf-8"))["key"]
    for damage in ('{"key": ', '{"key": "another grammar"}', "[]", json.dumps({"key": key, "data": 1, "memo": {}})):
        kept.write_text(damage, encoding="utf-8")
        assert _reading(compiled_mod.compiled(grammar, "expression"), "2*x + 3") == _reading(fresh, "2*x + 3")
        again = compiled_mod.compiled(grammar, "expression")  # (written again, whole)
        assert again.source_path == "<deserialized>"
    blocked = tmp_path / "a file"
    blocked.write_text("")
    monkeypatch.setenv("GEOMILL_CACHE", str(blocked))  # a folder that cannot be made
    assert _reading(compiled_mod.compiled(grammar, "expression"), "2*x + 3") == _reading(fresh, "2*x + 3")
