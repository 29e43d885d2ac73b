"""What every body and frame passes before anything reads it: a JSON depth limit and
well-formed text.

JSON may spell a lone UTF-16 surrogate (``"\\ud800"``); Python accepts it as a ``str`` that
cannot be encoded again, so once stored or echoed it breaks every frame it appears in (the
writer of each socket that is sent it, the lobby, the HTTP answers). It is refused here, once,
for every field, keys included. Deep nesting is refused before ``json.loads`` recurses.

It sits in wire/, below everything that reads JSON: the frame parser (protocol.py) and the
HTTP routes (http/api.py) both call :func:`parse_json`, the socket endpoint :func:`well_formed`.
"""

from __future__ import annotations

import json
from typing import Any

from doublesix.server.wire.errors import ErrorCode, ServiceError

#: no body or frame of the protocol nests deeper than 3; the margin is for future fields
MAX_DEPTH = 16


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether JSON *text* nests arrays/objects deeper than *limit* (strings are skipped)."""
    if text.count("[") + text.count("{") <= limit:
        return False  # the common case: not enough brackets to be too deep
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return True
        elif ch in "]}":
            depth -= 1
    return False


def well_formed(text: str) -> bool:
    """True unless *text* holds a lone surrogate (it could not be sent as UTF-8)."""
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def check_text(value: Any, where: str = "the body") -> None:
    """Refuse (``bad_request``) any string in *value*, keys included, that is not Unicode."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if not well_formed(item):
                raise ServiceError(ErrorCode.BAD_REQUEST,
                                   f"{where} holds text that is not valid Unicode"
                                   " (a lone surrogate)")
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def parse_json(raw: bytes | str, where: str = "the body") -> Any:
    """JSON *raw* parsed, or ``bad_json`` (not JSON, not UTF-8, nested too deep) /
    ``bad_request`` (ill-formed text)."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError:
        raise ServiceError(ErrorCode.BAD_JSON, f"{where} is not UTF-8") from None
    if too_deep(text):
        raise ServiceError(ErrorCode.BAD_JSON, f"{where} nests deeper than {MAX_DEPTH} levels")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ServiceError(ErrorCode.BAD_JSON, f"{where} is not valid JSON") from None
    check_text(data, where)
    return data
