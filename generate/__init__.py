"""Floor 4: GeomVerse-style backward generation of proved problems at scale.

Uses the solver, the printer/parser and (when present) the figure floor.
``make_record`` makes one problem; ``run`` makes sharded, resumable sets.  The names below load on
first use (PEP 562), so that a light module of this floor (``generate.files``, which the evaluation
floor writes with) does not import the solver and the renderer.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .config import GENERATOR_VERSION, SCHEMA, GenConfig
    from .pipeline import GenerationError, Tally, make_record
    from .presets import PRESETS, preset
    from .runner import Part, read_records, run

_LAZY = {"GENERATOR_VERSION": ".config", "SCHEMA": ".config", "GenConfig": ".config",
         "GenerationError": ".pipeline", "Tally": ".pipeline", "make_record": ".pipeline",
         "PRESETS": ".presets", "preset": ".presets", "Part": ".runner", "read_records": ".runner", "run": ".runner"}

__all__ = ["GENERATOR_VERSION", "PRESETS", "SCHEMA", "GenConfig", "GenerationError", "Part", "Tally",
           "make_record", "preset", "read_records", "run"]


def __getattr__(name: str):
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_LAZY[name], __name__), name)
    globals()[name] = value
    return value
