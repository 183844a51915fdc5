"""Start-up: every command answers ``--help`` at once, importing none of the heavy libraries.

The parser is built without importing what the commands use (sympy, scipy, numpy, shapely, lark,
matplotlib, torch): each command imports its own machinery when it runs.  The import check is exact;
the timing check compares with ``python -c pass`` on the same machine, best of several, since this
machine's speed drifts.
"""
from __future__ import annotations

import importlib
import resource
import subprocess
import sys

import pytest

from geomill.cli.constants import literal

HEAVY = ("sympy", "scipy", "numpy", "shapely", "lark", "matplotlib", "torch", "PIL", "networkx", "tqdm")

PROBE = """
import contextlib, io, sys
from geomill.cli import build_parser
commands = sorted(build_parser()._subparsers._group_actions[0].choices)
for argv in [["--help"]] + [[c, "--help"] for c in commands]:
    with contextlib.redirect_stdout(io.StringIO()) as out:
        try:
            build_parser().parse_args(argv)
        except SystemExit:
            pass
    assert "usage: geomill" in out.getvalue(), argv
print(len(commands), " ".join(sorted({m.split(".")[0] for m in sys.modules})))
"""


def test_help_imports_no_heavy_library():
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True).stdout
    count, modules = out.split(" ", 1)
    assert int(count) >= 14  # solve, catalogue, graph, scene, render, check, generate, stats, lint, perceive, …
    loaded = set(modules.split())
    assert not loaded & set(HEAVY), sorted(loaded & set(HEAVY))


def _best(argv: list[str], runs: int) -> float:
    """The least CPU time (user + system) of ``runs`` runs of ``argv``: CPU, not wall-clock, so that another
    process on the machine (a second test worker) does not count."""
    best = float("inf")
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(argv, capture_output=True, check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        best = min(best, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return best


@pytest.mark.parametrize("command", [[], ["render"], ["perceive"], ["check"]])
def test_help_is_as_quick_as_python_itself(command):
    """Before: 2-3 s (sympy and scipy through the solve command's module), 10-15x ``python -c pass``.
    Now a few tens of ms more than Python's own start (``--help`` under 0.5 s); the bound leaves room
    for a loaded machine."""
    bare = _best([sys.executable, "-c", "pass"], 5)
    cli = _best([sys.executable, "-m", "geomill", *command, "--help"], 5)
    assert cli < 3 * bare + 0.15, (cli, bare)  # (before: 10-15x bare)


@pytest.mark.parametrize("module,name", [("geomill.render.colours", "FILL_OPACITY"),
                                         ("geomill.render.claims", "FORMS"),
                                         ("geomill.generate.perception.sets", "PRESETS"),
                                         ("geomill.generate.perception.questions", "TASKS")])
def test_constants_read_from_source_equal_the_modules(module, name, monkeypatch):
    """The help's constants, read from the source without importing it, are the modules' own values."""
    expected = getattr(importlib.import_module(module), name)
    monkeypatch.delitem(sys.modules, module)  # read from the source, as a fresh process would
    assert literal(module, name) == expected


def test_a_missing_or_computed_constant_is_an_error(monkeypatch):
    """Never a guess: a name not assigned, or assigned something other than a literal, is refused."""
    monkeypatch.delitem(sys.modules, "geomill.generate.perception.sets", raising=False)
    monkeypatch.delitem(sys.modules, "geomill.render.claims", raising=False)
    with pytest.raises(LookupError):
        literal("geomill.generate.perception.sets", "NO_SUCH_NAME")
    with pytest.raises(ValueError):  # _ARTICLE = re.compile(...): a call, never run here
        literal("geomill.render.claims", "_ARTICLE")


SMALL = "points A B C\ntriangle ABC\nAB = 5\nBC = 7\nangle ABC = 40\nfind AC\n"
LIBRARIES = "import numpy, sympy, matplotlib.figure, matplotlib.backends.backend_agg, shapely, lark"  # a figure's


def _cpu(argv: list[str]) -> float:
    """The CPU seconds (user and system) a command takes: unlike its wall time, not stretched by waiting for a
    core on a loaded machine."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, capture_output=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def test_rendering_a_textbook_figure_costs_little_beyond_its_libraries(tmp_path):
    """``geomill render`` of a textbook problem: the libraries it needs (sympy, numpy, matplotlib's Agg canvas)
    and little more (its own modules, the model and the figure, a few tenths of a second at most).
    Measured in CPU time against importing those libraries alone, interleaved, best of two, so that a loaded
    2-core machine slows both alike; a catalogue of kinds built, pyplot or another command's machinery imported
    would each show."""
    geo = tmp_path / "small.geo"
    geo.write_text(SMALL)
    out = tmp_path / "small.png"
    render = [sys.executable, "-m", "geomill", "render", str(geo), "-o", str(out)]
    libraries = [sys.executable, "-c", LIBRARIES]
    best_render = best_libraries = float("inf")
    for _ in range(2):
        best_libraries = min(best_libraries, _cpu(libraries))
        best_render = min(best_render, _cpu(render))
    assert out.stat().st_size > 0
    assert best_render < 1.4 * best_libraries + 0.25, (best_render, best_libraries)


def test_no_lazy_export_is_named_like_a_submodule():
    """A package's lazily loaded name that is also one of its modules' names is replaced by the module
    as soon as anything imports that module directly (``from geomill.solvers import solve`` became
    the module ``solvers/solve.py`` after ``cross_check`` imported it)."""
    import importlib
    import pkgutil

    for package in ("geomill.engine", "geomill.solvers", "geomill.render", "geomill.generate"):
        mod = importlib.import_module(package)
        lazy = getattr(mod, "_LAZY", {})
        modules = {m.name for m in pkgutil.iter_modules(mod.__path__)}
        assert not set(lazy) & modules, (package, set(lazy) & modules)


# Never imported by ``geomill render``: scipy (the numeric model's least squares is solvers.trf; importing any of
# scipy.optimize runs all its solvers' imports, a third of a second), pyplot, matplotlib's Figure with its Axes and
# projections (a PNG is drawn on a bare Agg renderer: render.draw), and the machinery of other commands.
NOT_FOR_A_FIGURE = ("scipy", "matplotlib.pyplot", "matplotlib.figure", "mpl_toolkits", "tqdm", "torch", "transformers",
                    "pandas", "geomill.evaluate", "geomill.serve", "geomill.generate.", "geomill.solvers.plane",
                    "geomill.cli.importer", "geomill.dataset.export")


def _imported(argv: list[str]) -> set[str]:
    """The modules a command imports, as ``python -X importtime`` lists them."""
    run = subprocess.run([sys.executable, "-X", "importtime", *argv], capture_output=True, text=True, check=True)
    return {line.rsplit("|", 1)[1].strip() for line in run.stderr.splitlines() if line.startswith("import time:")}


@pytest.mark.parametrize("text", [SMALL, "parallelogram ABCD\nAD = 10\nAB = 12\nfind perimeter ABCD\n"])
def test_rendering_imports_only_what_a_figure_needs(tmp_path, text):
    """The render command, on a textbook problem and on a GeomVerse one, imports none of what it does not use."""
    geo = tmp_path / "p.geo"
    geo.write_text(text)
    loaded = _imported(["-m", "geomill", "render", str(geo), "-o", str(tmp_path / "p.png")])
    assert {"geomill.render.draw", "matplotlib.backends.backend_agg", "sympy"} <= loaded  # (the probe sees them)
    unwanted = sorted(m for m in loaded if any(m == n or m.startswith(n if n.endswith(".") else n + ".")
                                               for n in NOT_FOR_A_FIGURE))
    assert not unwanted, unwanted


def test_main_inside_a_longer_process_leaves_the_collector_alone(tmp_path):
    """Only a command that is its own process pauses and freezes the garbage collector (geomill.cli.process):
    ``main`` called with arguments, as here, leaves the caller's collector as it was."""
    import gc

    from geomill.cli import main

    geo = tmp_path / "small.geo"
    geo.write_text(SMALL)
    frozen = gc.get_freeze_count()
    assert main(["render", str(geo), "-o", str(tmp_path / "small.png")]) == 0
    assert gc.isenabled() and gc.get_freeze_count() <= frozen  # (nothing frozen; an object an earlier test
    # froze may be freed meanwhile, which lowers the count)


CHORDS = ("points E D B F C A\nline B F A\nline D F C\ncircle E through D B C A\nclockwise DBC DCA\nAF = 2\nBF = 7\n"
          "CF = x\nDF = 3\nfind x\n")  # a textbook problem with no shape line of the catalogue's
# What no command needs for a textbook file without shape lines: the catalogue of kinds (built on first read of
# engine.kinds.KINDS) and GeomVerse's deduction with its fact graph and graph library.
NOT_FOR_A_TEXTBOOK_FILE = ("geomill.engine.catalogue", "geomill.engine.graph", "geomill.solvers.geomverse",
                           "networkx")


@pytest.mark.parametrize("command", [["render", "-o", "{dir}/p.png"], ["solve"], ["scene"], ["lint"]])
def test_a_textbook_file_loads_no_catalogue_and_no_fact_graph(tmp_path, command):
    """Each command on a textbook file without shape lines imports neither the shape catalogue (whose kinds
    cost sympy work to build) nor GeomVerse's deduction machinery (networkx alone is 0.2 s)."""
    geo = tmp_path / "p.geo"
    geo.write_text(CHORDS)
    argv = [command[0], str(geo), *(a.format(dir=tmp_path) for a in command[1:])]
    loaded = _imported(["-m", "geomill", *argv])
    assert {"geomill.dsl.general", "sympy"} <= loaded  # (the probe does see the imports)
    unwanted = sorted(m for m in loaded if any(m == n or m.startswith(n + ".") for n in NOT_FOR_A_TEXTBOOK_FILE))
    assert not unwanted, unwanted
