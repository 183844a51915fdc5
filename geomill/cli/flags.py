"""One validation per kind of flag, the same on every command: counts, sizes, fractions,
temperatures, token limits (NaN and infinity refused everywhere) and names that become paths.

Each is an argparse ``type``: a bad value is a one-line ``error: argument --flag: …`` with exit 2."""
from __future__ import annotations

import argparse
import math
import re

from geomill.engine.jsontext import cut

IMAGE_SIZES = (64, 4096)  # pixels: the range the renderers accept


def integer(least: int | None = None, most: int | None = None):
    """An integer in [least, most]."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"wants an integer, not {cut(text, 40)!r}") from None
        if (least is not None and value < least) or (most is not None and value > most):
            raise argparse.ArgumentTypeError(f"must be {_range(least, most)}, not {cut(text, 40)}")
        return value
    return parse


def number(least: float | None = None, most: float | None = None, above: float | None = None):
    """A finite float in [least, most] (or greater than ``above``)."""
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"wants a number, not {cut(text, 40)!r}") from None
        ok = (math.isfinite(value) and (least is None or value >= least) and (most is None or value <= most)
              and (above is None or value > above))
        if not ok:
            want = f"greater than {above:g}" if above is not None else _range(least, most)
            raise argparse.ArgumentTypeError(f"must be a finite number {want}, not {cut(text, 40)}")
        return value
    return parse


def _range(least, most) -> str:
    def show(x) -> str:
        return f"{x:,}" if isinstance(x, int) else f"{x:g}"
    if least is not None and most is not None:
        return f"between {show(least)} and {show(most)}"
    return f"at least {show(least)}" if least is not None else f"at most {show(most)}"


_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")


def name(text: str) -> str:
    """A name that becomes a folder inside --out: letters, digits, ``_ . -``, no separator, no ``..``."""
    if not _NAME.fullmatch(text) or ".." in text:
        raise argparse.ArgumentTypeError(f"a name is letters, digits, '_', '.' and '-' (at most 64, no '..', "
                                         f"no '/'), not {cut(text, 40)!r}")
    return text


COUNT = integer(1)  # -n, --workers, --shard-size, --limit, --concurrency, --batch-size, replicas
NONNEGATIVE = integer(0)  # --few-shot, --retries
IMAGE_SIZE = integer(*IMAGE_SIZES)
FRACTION = number(0.0, 1.0)  # --p-branch, --variablized, --opacity
SCALE = number(above=0.0, most=1000.0)  # --scale
TEMPERATURE = number(0.0, 10.0)
SECONDS = number(above=0.0, most=86_400.0)  # --timeout
TOKENS = integer(1, 1_000_000)  # --max-tokens
SEED = integer(0, 2**32 - 1)  # --seed
BUDGET = 6.0  # seconds a general problem's figure search and deduction may take (solve, render, scene, check)


def add_budget(p: argparse.ArgumentParser) -> None:
    """``--timeout``: the time budget of a general problem's figure search and deduction."""
    p.add_argument("--timeout", type=SECONDS, default=BUDGET, metavar="SECONDS",
                   help=f"a general problem's figure search and deduction stop after this long (default {BUDGET:g})")


class OneLineParser(argparse.ArgumentParser):
    """argparse whose errors are one line (the usage is one ``--help`` away)."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")
