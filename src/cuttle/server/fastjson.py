"""JSON for the hot paths (every websocket message, every bus message): orjson when it
is installed (the ``scale`` extra), else the standard library.

orjson encodes a table message several times faster than :func:`json.dumps` and reads
one faster than :func:`json.loads`. Its output is the same JSON value (non-ASCII text as
UTF-8 rather than ``\\u`` escapes, no spaces); whatever it refuses to encode (an integer
past 64 bits) goes through :mod:`json`, so a message never fails here that did not fail
before. What it refuses to read is not JSON (``NaN``, a lone surrogate): a
:class:`ValueError`, as :func:`json.loads` raises for bad text.
"""

from __future__ import annotations

import json
from typing import Any

try:
    import orjson  # type: ignore[import-not-found, unused-ignore]
except ImportError:  # pragma: no cover - depends on the environment
    orjson = None  # type: ignore[assignment, unused-ignore]

FAST = orjson is not None
"""Whether orjson is in use."""


def _std(obj: Any) -> str:
    return json.dumps(obj, separators=(",", ":"))


if orjson is not None:
    _dumps = orjson.dumps
    _OPT = orjson.OPT_NON_STR_KEYS
    _Error = orjson.JSONEncodeError
    loads = orjson.loads

    def dumps(obj: Any) -> str:
        """``obj`` as compact JSON text."""
        try:
            out: bytes = _dumps(obj, option=_OPT)
        except _Error:
            return _std(obj)
        return out.decode()

    def dumps_bytes(obj: Any) -> bytes:
        """``obj`` as compact JSON, UTF-8 encoded."""
        try:
            out: bytes = _dumps(obj, option=_OPT)
        except _Error:
            return _std(obj).encode()
        return out

else:  # pragma: no cover - depends on the environment
    dumps = _std
    loads = json.loads

    def dumps_bytes(obj: Any) -> bytes:
        """``obj`` as compact JSON, UTF-8 encoded."""
        return _std(obj).encode()
