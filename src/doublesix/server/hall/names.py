"""Display names: no accounts, so the name is all a stranger sees of you; keep it readable."""

from __future__ import annotations

import re
import unicodedata

from doublesix.server.errors import ServiceError

MAX_NAME = 24
#: letters of any script, digits, spaces and a little punctuation; no markup, no controls
_ALLOWED = re.compile(r"^[\w .,'’\-!?()]+$")


def clean_name(value: object) -> str:
    """The name to show, or a ``bad_name`` refusal saying what is wrong with it."""
    if not isinstance(value, str):
        raise ServiceError("bad_name", "the name must be text")
    if not all(ch.isprintable() for ch in value):
        raise ServiceError("bad_name", "the name has control characters (new lines, tabs)")
    text = " ".join(unicodedata.normalize("NFC", value).split())
    if not text:
        raise ServiceError("bad_name", "the name is empty")
    if len(text) > MAX_NAME:
        raise ServiceError("bad_name", f"the name is longer than {MAX_NAME} characters")
    if not _ALLOWED.match(text) or text.replace("_", "").strip(" .,'’-!?()") == "":
        raise ServiceError("bad_name", "use letters, digits, spaces and . , ' - ! ? ( )")
    return text
