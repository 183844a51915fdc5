"""Floor 4: GeomVerse-style backward generation of proved problems at scale.

Uses the solver, the printer/parser and (when present) the figure floor.
``make_record`` makes one problem; ``run`` makes sharded, resumable sets.  The names below load on
first use (PEP 562), so that a light module of this floor (``generate.shared``) does not import the
solver and the renderer.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from geomill.engine.lazy import lazy_attributes

if TYPE_CHECKING:
    from .geomverse.config import GENERATOR_VERSION, SCHEMA, GenConfig
    from .geomverse.pipeline import GenerationError, Tally, make_record
    from .geomverse.presets import PRESETS, preset
    from .runner import Part, read_records, run

_LAZY = {"GENERATOR_VERSION": ".geomverse.config", "SCHEMA": ".geomverse.config", "GenConfig": ".geomverse.config",
         "GenerationError": ".geomverse.pipeline", "Tally": ".geomverse.pipeline", "make_record": ".geomverse.pipeline",
         "PRESETS": ".geomverse.presets", "preset": ".geomverse.presets",
         "Part": ".runner", "read_records": ".runner", "run": ".runner"}

__all__ = ["GENERATOR_VERSION", "PRESETS", "SCHEMA", "GenConfig", "GenerationError", "Part", "Tally",
           "make_record", "preset", "read_records", "run"]


__getattr__ = lazy_attributes(__name__, _LAZY, globals())
