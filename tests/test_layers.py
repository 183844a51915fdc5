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


def _module_graph() -> dict[str, set[str]]:
    """module -> the modules of ours it imports (function-level imports too; a package's own
    ``__init__`` left out of its children's edges)."""
    names: dict[str, Path] = {}
    for folder in FLOORS:
        for path in (ROOT / folder).rglob("*.py"):
            rel = list(path.relative_to(ROOT / folder).with_suffix("").parts)
            parts = ["geomill"] + ([] if folder == "geomill" else [folder]) + rel
            names[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    graph: dict[str, set[str]] = {m: set() for m in names}
    for module, path in names.items():
        base = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                root = ".".join(base[: len(base) - node.level + 1] + [node.module or ""]) if node.level \
                    else node.module or ""
                root = root.rstrip(".")
                targets = [root] + [f"{root}.{a.name}" for a in node.names]
            else:
                continue
            for target in targets:
                while target and target not in names:
                    target = target.rpartition(".")[0]
                if target and target != module and not module.startswith(target + "."):
                    graph[module].add(target)
    return graph


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        while work:
            node, edges = work[-1]
            nxt = next(edges, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                elif nxt in stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    member = stack.pop()
                    comp.append(member)
                    if member == node:
                        break
                if len(comp) > 1:
                    found.append(sorted(comp))
    return found


def test_no_import_circle():
    """No two modules import each other, directly or round about (lazy imports inside functions count)."""
    circles = _circles(_module_graph())
    assert not circles, "import circles:\n" + "\n".join(" <-> ".join(c) for c in circles)


def test_the_circle_finder_sees_a_circle():
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _circles({"a": {"b"}, "b": set()}) == []
