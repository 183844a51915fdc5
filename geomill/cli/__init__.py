"""The ``geomill`` command.

Each group of subcommands lives in its own module with a ``register``
function; this file only assembles them and turns errors into
``file:line:col: message`` on stderr with a non-zero exit (never a traceback).
"""
from __future__ import annotations

import argparse
import importlib
import os
import sys
import warnings
from collections.abc import Sequence

from geomill import __version__
from geomill.engine.errors import GeomillError

from . import messages, process
from .flags import OneLineParser

COMMAND_MODULES = ("geomill.cli.solve", "geomill.cli.render", "geomill.cli.generate", "geomill.cli.perceive",
                   "geomill.cli.eval", "geomill.cli.score", "geomill.cli.grade", "geomill.cli.importer",
                   "geomill.cli.serve")


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="geomill",
        description="Symbolic geometry reasoning: solve, draw and generate problems, and evaluate models on them.")
    parser.add_argument("--version", action="version", version=f"geomill {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    if argv is None:  # the process's own command line: the command is the process
        process.own_process()
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        with warnings.catch_warnings():  # numpy's overflow and invalid-value notes are no news to a user
            warnings.simplefilter("ignore", RuntimeWarning)
            return int(args.func(args) or 0)
    except MemoryError:
        print("error: out of memory (the input is too large for this machine)", file=sys.stderr)
        return 1
    except GeomillError as exc:
        print(f"error: {messages.line(exc)}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except OSError as exc:  # a path that cannot be read or written (a folder given for a file, /dev/full …)
        print(f"error: {messages.line(os_message(exc))}", file=sys.stderr)
        return 1
    except RecursionError:
        print("error: the input is nested too deeply to read", file=sys.stderr)
        return 1
    except Exception as exc:  # noqa: BLE001 - the promise is: no traceback for users
        if os.environ.get("GEOMILL_DEBUG"):
            raise
        print(f"internal error: {type(exc).__name__}: {messages.line(exc, 300)} "
              "(set GEOMILL_DEBUG=1 for a traceback)", file=sys.stderr)
        return 3


def os_message(exc: OSError) -> str:
    """One line naming the path(s) and the reason: ``cannot use out: File exists``."""
    reason = exc.strerror or str(exc) or type(exc).__name__
    if isinstance(exc, (FileExistsError, NotADirectoryError)):
        reason += " (a file where a folder is needed)"
    paths = " -> ".join(str(p) for p in (exc.filename, exc.filename2) if p is not None)
    return f"cannot use {paths}: {reason}" if paths else f"{type(exc).__name__}: {reason}"


if __name__ == "__main__":
    sys.exit(main())
