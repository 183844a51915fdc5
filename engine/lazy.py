"""Names a package exports but loads on first use (PEP 562), so that importing a light module of a
floor (or ``geomill --help``) does not import sympy, scipy or matplotlib through the package."""
from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, MutableMapping
from typing import Any


def lazy_attributes(package: str, names: Mapping[str, str], namespace: MutableMapping[str, Any]
                    ) -> Callable[[str], Any]:
    """The package's ``__getattr__``: ``names`` maps an exported name to the module (relative to
    ``package``) that defines it; the value is imported once and kept in ``namespace``."""
    def __getattr__(name: str) -> Any:
        if name not in names:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(names[name], package), name)
        namespace[name] = value
        return value
    return __getattr__
