"""Where geomill keeps what it derives once and reuses across runs: ``~/.cache/geomill`` (or under
``XDG_CACHE_HOME``; ``GEOMILL_CACHE`` moves it), each file JSON written whole or not at all."""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path


def cache_dir() -> Path:
    base = os.environ.get("GEOMILL_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "geomill")
    return Path(base)


def store_json(path: Path, data: object) -> bool:
    """Write ``data`` as JSON atomically (a reader sees the old file or the new one, never a part);
    False when the folder takes no file."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", dir=path.parent, delete=False, suffix=".part",
                                         encoding="utf-8") as fh:
            json.dump(data, fh)
        os.replace(fh.name, path)
        return True
    except OSError:
        try:
            os.unlink(fh.name)
        except (OSError, NameError):
            pass
        return False
