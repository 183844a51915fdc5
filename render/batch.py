"""``geomill check --batch``: many claims on many scenes, one verdict per input line, in order.

Scenes are loaded once per path (and once per distinct inline object) and claims parsed once
per text, so a batch runs at the speed of the measurements themselves.  A bad line yields an
error verdict and the batch goes on.
"""
from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

from geomill.engine.errors import GeomillError
from geomill.engine.jsontext import JSONInputError, cut, loads, read_lines

from .claims import check_claim
from .scene import Scene
from .scene_io import load_scene, scene_from_dict

INLINE_CACHE = 256


class SceneCache:
    """Scenes by path (relative to the batch file) or by inline object."""

    def __init__(self, base: Path, seed: int = 0):
        self.base, self.seed = base, seed
        self.files: dict[Path, Scene | GeomillError] = {}
        self.inline: dict[str, Scene | GeomillError] = {}

    def get(self, ref) -> Scene:
        if isinstance(ref, str):
            path = (self.base / ref).resolve()
            if path not in self.files:
                self.files[path] = self._try(lambda: self._load(path))
            got = self.files[path]
        elif isinstance(ref, dict):
            key = json.dumps(ref, sort_keys=True)
            if key not in self.inline:
                if len(self.inline) >= INLINE_CACHE:
                    self.inline.pop(next(iter(self.inline)))
                self.inline[key] = self._try(lambda: scene_from_dict(ref))
            got = self.inline[key]
        else:
            raise GeomillError('"scene" must be a path or a scene object')
        if isinstance(got, GeomillError):
            raise got
        return got

    @staticmethod
    def _try(fn):
        try:
            return fn()
        except GeomillError as e:
            return e

    def _load(self, path: Path) -> Scene:
        if path.suffix.lower() == ".json":
            return load_scene(path)
        from geomill.dsl import read_problem
        from geomill.engine.plane import GeneralProblem
        from geomill.render.layout import layout
        from geomill.solvers import solve

        if not path.exists():
            raise GeomillError(f"no such scene file: {path}")
        problem = read_problem(str(path)).problem  # the one reading rule, as `geomill check FILE` reads it
        if isinstance(problem, GeneralProblem):
            from geomill.render.general import general_scene

            return general_scene(problem, self.seed)[1]
        return layout(solve(problem), seed=self.seed)


def check_lines(lines, base: Path, tolerance: float | None = None, seed: int = 0,
                source: str = "<batch>") -> Iterator[dict]:
    """One verdict dict per non-blank line: id, truth, family, measured (and the rest of the verdict),
    or id, truth None and error."""
    cache = SceneCache(base, seed)
    for n, line in enumerate(lines, 1):
        rid = None
        try:
            if isinstance(line, bytes):
                try:
                    line = line.decode("utf-8")
                except UnicodeDecodeError as e:
                    raise GeomillError(f"not UTF-8 text (byte {e.start + 1} of the line)") from None
            if not line.strip():
                continue
            item = loads(line)
            if not isinstance(item, dict):
                raise GeomillError('a line is an object {"id", "scene", "claim"}')
            rid = item.get("id")
            if not isinstance(item.get("claim"), str) or "scene" not in item:
                raise GeomillError('a line needs "scene" and "claim" (a string)')
            scene = cache.get(item["scene"])
            verdict = check_claim(scene, item["claim"], tolerance)
            yield {"id": rid, **verdict.to_dict(), **({"warnings": scene.warnings} if scene.warnings else {})}
        except GeomillError as e:
            text = e.message if isinstance(e, JSONInputError) and e.file is None else str(e)
            yield {"id": rid, "truth": None, "family": None, "measured": None, "error": f"{source}:{n}: {text}"}
        except (ArithmeticError, ValueError, RecursionError) as e:  # a scene no figure can be: this line only
            yield {"id": rid, "truth": None, "family": None, "measured": None,
                   "error": f"{source}:{n}: cannot judge: {type(e).__name__}: {cut(str(e))}"}


def check_batch(path: str | Path, tolerance: float | None = None, seed: int = 0) -> Iterator[dict]:
    path = Path(path)
    try:
        fh = open(path, "rb")
    except OSError as e:
        raise GeomillError(f"cannot read the batch: {e.strerror}", file=str(path)) from None
    with fh:
        yield from check_lines((raw for _, raw in read_lines(fh, str(path))), path.parent, tolerance, seed,
                               str(path))
