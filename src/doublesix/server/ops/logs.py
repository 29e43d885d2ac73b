"""Log lines an operator can use: text for people, one JSON object per line for machines.

Room events are logged with their fields apart from the message (``extra={"fields": …}``):
the text format appends them as ``key=value``, the JSON format makes them keys of the
object. ``config`` is the dictConfig handed to uvicorn, so that its own lines (the access log
included) and ours go through the same formatter, in every worker process.

One record is one line of the text format: untrusted values (a hello's ``game_id``, a name)
cannot forge lines. Field values that are not plain words are quoted with their quotes,
backslashes and unprintable characters escaped, and every line break left in a message (any
that ``str.splitlines`` would split on) is written as an escape; a traceback keeps its lines,
after the record's own.

No secret reaches a log line: tokens, invite codes and their digests are never put in
fields, and :class:`HideSecrets` masks them in anything else (uvicorn logs the frames a
socket receives at debug level).
"""

from __future__ import annotations

import copy
import datetime
import json
import logging
import re
from typing import Any

import uvicorn.logging

from doublesix.core.jsonvalue import JSONObject, at

#: room events: created, joined, finished, new_game, expired, computer_failed
ROOMS = logging.getLogger("doublesix.rooms")
FORMATS = ("text", "json")
TEXT_FORMAT = "%(levelname)s %(name)s: %(message)s"
_SECRET = re.compile(
    r"""(?P<key>["']?(?:token|invite|invite_url|token_hash|invite_hash|init_data)["']?\s*[:=]\s*["']?)"""
    r"""[^"',\s}]*""")
_JOIN_LINK = re.compile(r"(#join=[\w-]+\.)[\w-]*")
_HIDDEN = "<hidden>"
#: how websockets logs a frame received (<) or sent (>)
_FRAME_LINES = ("< %s", "> %s")
#: a field value written bare: nothing a ``key=value`` reader or a terminal would misread
_BARE = re.compile(r"[\w.:/@+\-\[\]()<>,#*~^|]+")
#: what splits a line for ``str.splitlines`` (and so for many readers) and the C0/C1 controls
#: that are not ESC: uvicorn's colours are ESC sequences, its own and never a client's
_BREAKS = re.compile(r"[\x00-\x1a\x1c-\x1f\x7f-\x9f\u2028\u2029]")


def event(logger: logging.Logger, level: int, message: str, /, **fields: Any) -> None:
    """One structured line: *message* names the event, *fields* are its facts."""
    if logger.isEnabledFor(level):
        logger.log(level, message, extra={"fields": fields})


def hide(text: str) -> str:
    return _JOIN_LINK.sub(r"\1" + _HIDDEN, _SECRET.sub(r"\g<key>" + _HIDDEN, text))


class HideSecrets(logging.Filter):
    """Masks token and invite values in a line's text (its fields are ours: they hold none).

    At debug level the websockets library logs every frame, shortened in the middle, so a
    hello's token may show without its key: a frame's text is replaced by its size.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        if record.msg in _FRAME_LINES and isinstance(record.args, tuple) and record.args:
            frame = record.args[0]
            kind, size = getattr(frame, "opcode", None), len(getattr(frame, "data", b""))
            name = getattr(kind, "name", "FRAME")
            record.msg, record.args = f"{record.msg[0]} {name} [{size} bytes]", ()
            return True
        text = record.getMessage()
        if any(word in text for word in ("token", "invite", "join=", "init_data")):
            record.msg, record.args = hide(text), ()
        return True


def _escape(char: str) -> str:
    code = ord(char)
    named = {"\n": "\\n", "\r": "\\r", "\t": "\\t", '"': '\\"', "\\": "\\\\"}
    if char in named:
        return named[char]
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def one_line(text: str) -> str:
    """*text* with every line break and control character (but ESC) written as an escape."""
    return _BREAKS.sub(lambda m: _escape(m.group()), text)


def field_value(value: Any) -> str:
    """A field as ``key=value`` shows it: bare when it is one plain word, else quoted."""
    text = str(value)
    if _BARE.fullmatch(text):
        return text
    return '"' + "".join(_escape(c) if c in '"\\' or not c.isprintable() else c
                         for c in text) + '"'


def _fields(record: logging.LogRecord) -> dict[str, object]:
    """A line's facts: any value, shown by ``str`` (text) or JSON (``default=str``)."""
    fields = getattr(record, "fields", None)
    if isinstance(fields, dict):
        return fields
    if record.name == "uvicorn.access" and isinstance(record.args, tuple) \
            and len(record.args) == 5:
        client, method, path, version, status = record.args
        return {"client": client, "method": method, "path": path, "status": status}
    return {}


class TextFormatter(logging.Formatter):
    def __init__(self, fmt: str = TEXT_FORMAT, **kwargs: Any) -> None:
        super().__init__(fmt, **kwargs)

    def formatMessage(self, record: logging.LogRecord) -> str:
        text = one_line(super().formatMessage(record))
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict):
            # a reader skips what is not there; JSON keeps every key for queries
            text += "".join(f" {k}={field_value(v)}" for k, v in fields.items()
                            if v is not None)
        return text


class OneLineDefault(uvicorn.logging.DefaultFormatter):
    """uvicorn's own lines in the text format, one line each (its colours kept)."""

    def formatMessage(self, record: logging.LogRecord) -> str:
        return one_line(super().formatMessage(record))


class OneLineAccess(uvicorn.logging.AccessFormatter):
    """uvicorn's access lines, one line each (h11 refuses control characters in a request
    line already: this holds whatever parser is configured)."""

    def formatMessage(self, record: logging.LogRecord) -> str:
        return one_line(super().formatMessage(record))


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time (UTC, ISO 8601), level, logger, message, the fields."""

    def format(self, record: logging.LogRecord) -> str:
        at = datetime.datetime.fromtimestamp(record.created, datetime.UTC)
        line: dict[str, object] = {
            "time": at.isoformat(timespec="milliseconds").replace("+00:00", "Z"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in _fields(record).items():
            line.setdefault(key, value)
        if record.exc_info:
            line["exception"] = hide(self.formatException(record.exc_info))
        return json.dumps(line, ensure_ascii=False, default=str)


def config(log_format: str, level: str) -> JSONObject:
    """The logging dictConfig for uvicorn's ``log_config``: every logger through one format."""
    import uvicorn.config

    hide_filter: JSONObject = {"()": f"{__name__}.HideSecrets"}
    if log_format == "json":
        formatter: JSONObject = {"()": f"{__name__}.JsonFormatter"}
        return {
            "version": 1,
            "disable_existing_loggers": False,
            "filters": {"secrets": hide_filter},
            "formatters": {"json": formatter},
            "handlers": {"default": {"class": "logging.StreamHandler", "formatter": "json",
                                     "filters": ["secrets"], "stream": "ext://sys.stderr"}},
            "loggers": {name: {"handlers": [], "propagate": True}
                        for name in ("uvicorn", "uvicorn.error", "uvicorn.access")},
            "root": {"handlers": ["default"], "level": level.upper()},
        }
    # text: uvicorn's own readable lines, ours beside them with their fields appended
    base: JSONObject = copy.deepcopy(uvicorn.config.LOGGING_CONFIG)
    base["filters"] = {"secrets": hide_filter}
    formatters = at(base, "formatters")
    formatters["text"] = {"()": f"{__name__}.TextFormatter"}
    at(formatters, "default")["()"] = f"{__name__}.OneLineDefault"
    at(formatters, "access")["()"] = f"{__name__}.OneLineAccess"
    handlers = at(base, "handlers")
    for name in handlers:
        at(handlers, name)["filters"] = ["secrets"]
    handlers["project"] = {"class": "logging.StreamHandler", "formatter": "text",
                           "filters": ["secrets"], "stream": "ext://sys.stderr"}
    base["root"] = {"handlers": ["project"], "level": level.upper()}
    return base
