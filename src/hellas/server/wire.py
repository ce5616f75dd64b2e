"""The JSON text of what the server sends: orjson when it is installed, else the standard library.

Encoding every seat's view after every choice is one of the server's biggest costs, and orjson
does it several times faster.  Both produce the same JSON for the server's messages (keys that
are not text become text, as the standard library does).  ``fragment`` encodes a part once
(a seat's view) to be spliced into many messages, byte for byte as if encoded in place.
"""

from __future__ import annotations

import json
from typing import Any

try:
    import orjson

    FAST = True
except ImportError:  # pragma: no cover - orjson is a dependency; this keeps a bare install going
    FAST = False


def dumps(message: Any) -> str:
    """Return ``message`` as compact JSON text."""
    if FAST:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    return json.dumps(message, separators=(",", ":"))  # pragma: no cover


def fragment(value: Any) -> Any:
    """Return ``value`` encoded once, to be placed in messages that ``dumps`` encodes."""
    if FAST:
        return orjson.Fragment(orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS))
    return value  # pragma: no cover - the standard library encodes it in each message
