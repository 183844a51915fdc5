"""The grammar's compiled LALR parsers, kept across runs.

Compiling the grammar (lark's LALR analysis) takes about 50 ms, more than reading a problem; a
``geomill render`` pays it once per process.  The compiled tables are kept in the cache folder
(``engine.cachedir``) as JSON, named by a SHA-256 of the grammar, the start rule, lark's and Python's
versions, and loaded in a few ms.  A file that is missing, damaged, or that lark cannot load is
compiled afresh (and written again when the folder takes it): the cache changes the time, never the
parser.  JSON, not lark's own pickle cache: loading it runs no code.
"""
from __future__ import annotations

import hashlib
import json
import sys

import lark
from geomill.engine.cachedir import cache_dir, store_json
from lark import Lark
from lark.grammar import Rule
from lark.lexer import TerminalDef

FORMAT = "1"
OPTIONS = {"parser": "lalr", "lexer": "contextual"}


def compiled(grammar: str, start: str) -> Lark:
    """The LALR parser of ``grammar`` from its rule ``start``: from the cache, else compiled (and kept)."""
    python = f"{sys.version_info[0]}.{sys.version_info[1]}"
    key = hashlib.sha256("\0".join((FORMAT, grammar, start, lark.__version__, python)).encode()).hexdigest()
    path = cache_dir() / f"grammar-{start}-{key[:16]}.json"
    try:
        with open(path, encoding="utf-8") as fh:
            kept = json.load(fh)
        if kept["key"] == key:
            return Lark._load_from_dict(_thaw(kept["data"]), _thaw(kept["memo"]))
    except Exception:  # noqa: BLE001 - missing, damaged or from another lark: compiled afresh below
        pass
    parser = Lark(grammar, start=start, **OPTIONS)
    tables = parser.memo_serialize([TerminalDef, Rule])
    if _thaw(json.loads(json.dumps(_freeze(tables)))) == tables:  # (what cannot be kept exactly is not kept)
        store_json(path, {"key": key, "data": _freeze(tables[0]), "memo": _freeze(tables[1])})
    return parser


def _freeze(x):
    """lark's serialised tables as JSON: tuples and dicts (whose keys may be numbers) tagged."""
    if isinstance(x, tuple):
        return {"t": [_freeze(v) for v in x]}
    if isinstance(x, dict):
        return {"d": [[_freeze(k), _freeze(v)] for k, v in x.items()]}
    if isinstance(x, list):
        return [_freeze(v) for v in x]
    return x


def _thaw(x):
    """What :func:`_freeze` wrote, back as lark wrote it."""
    if isinstance(x, dict):
        if "t" in x:
            return tuple(_thaw(v) for v in x["t"])
        return {_thaw(k): _thaw(v) for k, v in x["d"]}
    if isinstance(x, list):
        return [_thaw(v) for v in x]
    return x
