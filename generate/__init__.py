"""Floor 4: GeomVerse-style backward generation of proved problems at scale.

Uses the solver, the printer/parser and (when present) the figure floor.
``make_record`` makes one problem; ``run`` makes sharded, resumable sets.
"""
from .geomverse.config import GENERATOR_VERSION, SCHEMA, GenConfig
from .geomverse.pipeline import GenerationError, Tally, make_record
from .geomverse.presets import PRESETS, preset
from .runner import Part, read_records, run

__all__ = ["GENERATOR_VERSION", "PRESETS", "SCHEMA", "GenConfig", "GenerationError", "Part", "Tally",
           "make_record", "preset", "read_records", "run"]
