"""The package layout: one namespace, and floors that data flows up through, never down.

import-linter checks the floors on the installed wheel in CI (``.ci/check_package``); this test
reads the source with ``ast`` so that a bare or upward import fails the ordinary test run too.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# floor number of each top-level folder; a module may import only from floors below its own
# (dsl and solvers share floor 2 and do not import each other).
FLOORS = {"engine": 1, "dsl": 2, "solvers": 2, "render": 3, "dataset": 4, "generate": 5, "evaluate": 6,
          "geomill": 7}
CODE_DIRS = [*FLOORS, "tests", "bench"]


def _imports(path: Path) -> list[tuple[int, str]]:
    """(line, absolute module name) of every import in ``path``; relative ones stay in their folder."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
    return found


def _sources():
    for folder in CODE_DIRS:
        yield from sorted((ROOT / folder).rglob("*.py"))


def test_no_bare_floor_imports():
    """Every import of ours says geomill.…: a bare ``engine`` would find a user's own engine.py."""
    bare = [f"{p.relative_to(ROOT)}:{line}: {name}" for p in _sources() for line, name in _imports(p)
            if name.split(".")[0] in FLOORS and name.split(".")[0] != "geomill"]
    assert not bare, "bare imports:\n" + "\n".join(bare)


def _floor_of(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] != "geomill":
        return None
    if len(parts) == 1 or parts[1] in ("cli", "__main__"):
        return "geomill"
    return parts[1] if parts[1] in FLOORS else None


@pytest.mark.parametrize("folder", [f for f in FLOORS if f != "geomill"])
def test_floors_import_only_downwards(folder):
    upward = []
    for path in sorted((ROOT / folder).rglob("*.py")):
        for line, name in _imports(path):
            target = _floor_of(name)
            if target is None or target == folder:
                continue
            if FLOORS[target] >= FLOORS[folder]:
                upward.append(f"{path.relative_to(ROOT)}:{line}: {name}")
    assert not upward, f"{folder}/ (floor {FLOORS[folder]}) imports a floor at or above its own:\n" + "\n".join(upward)


def test_the_layer_checker_sees_a_violation(tmp_path):
    """The scan above is not vacuous: an upward import in a sample file is found."""
    sample = tmp_path / "m.py"
    sample.write_text("from geomill.render.scene import Scene\nimport geomill.engine\n", encoding="utf-8")
    assert [_floor_of(name) for _, name in _imports(sample)] == ["render", "engine"]
