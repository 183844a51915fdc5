"""Error lines as the user sees them: keys redacted, runaway lengths cut in the middle."""
from __future__ import annotations

from geomill.engine.redact import redact

MAX_LINE = 600  # characters of one error line


def line(exc: BaseException | str, limit: int = MAX_LINE) -> str:
    """``exc`` as one line: its start and its end kept (where it says what is wrong), the middle
    of a runaway (a 10,000-character name quoted by the parser) cut out."""
    text = redact(" ".join(str(exc).split("\n")))
    if len(text) <= limit:
        return text
    keep = limit // 2
    return f"{text[:keep]} … [{len(text) - 2 * keep:,} characters cut] … {text[-keep:]}"
