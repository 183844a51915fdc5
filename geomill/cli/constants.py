"""Constants the command line's help shows, read from their modules' source without importing them.

``geomill COMMAND --help`` must answer at once, but the tuples it lists (claim forms, perception
tasks and presets) live in modules that import sympy, shapely and matplotlib.  Each is a plain
literal assignment at module level (``TASKS = (...)``), so it is read with ``ast.literal_eval`` from
the module's own file: defined once, in its module, and never executed here.  Only our own source is
read; only the assignment's lines are parsed (a whole module's parse would cost more than the rest of
the start-up).
"""
from __future__ import annotations

import ast
import importlib.util
import re
import sys
from pathlib import Path
from typing import Any


def _source(module: str) -> Path:
    """The file of ``module``, found without importing it (only its parent packages' specs are looked
    up, which imports ``geomill`` itself and nothing below it)."""
    parent, _, leaf = module.rpartition(".")
    spec = importlib.util.find_spec(parent)
    if spec is None or not spec.submodule_search_locations:
        raise LookupError(f"no package {parent}")
    for folder in spec.submodule_search_locations:
        for path in (Path(folder) / f"{leaf}.py", Path(folder) / leaf / "__init__.py"):
            if path.is_file():
                return path
    raise LookupError(f"no module {module}")


def _assigned(text: str, name: str) -> ast.expr | None:
    """The value of the module-level statement ``name = ...`` (or ``name: T = ...``) in ``text``: the
    statement is the shortest run of lines from its first that parses (a bracket or string left open
    does not), so the first that does is the whole of it."""
    found = re.search(rf"^{re.escape(name)}\s*(?::[^=\n]*)?=(?!=)", text, re.MULTILINE)
    if found is None:
        return None
    lines = text[found.start():].splitlines(keepends=True)
    for end in range(1, len(lines) + 1):
        try:
            tree = ast.parse("".join(lines[:end]))
        except SyntaxError:
            continue
        stmt = tree.body[0]
        return stmt.value if isinstance(stmt, (ast.Assign, ast.AnnAssign)) else None
    return None


def literal(module: str, name: str) -> Any:
    """The value of the module-level literal ``name = ...`` in ``module``: from the loaded module when
    it is loaded, else from its source."""
    if module in sys.modules:
        return getattr(sys.modules[module], name)
    node = _assigned(_source(module).read_text(encoding="utf-8"), name)
    if node is None:
        raise LookupError(f"{module} assigns no {name} at module level")
    return ast.literal_eval(node)
