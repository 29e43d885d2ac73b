"""Display names: the one policy for every path that stores a name (create, invite join, the
hall's sit-down, Telegram sign-in).

No accounts, so the name is all a stranger sees of you. Names people use in Telegram must
pass: letters of any script (Latin, Cyrillic, CJK…), accents, digits, punctuation, symbols and
emoji (emoji sequences joined by U+200D included). Refused: control and format characters —
new lines, bidi overrides and isolates, zero-width spaces — unassigned and private-use code
points, lone surrogates, the markup brackets ``<`` ``>``, towers of combining marks, and the
letters and symbols that draw nothing (fillers such as U+3164): a name made of them shows as
a blank seat, and one padded with them passes for someone else's.
"""

from __future__ import annotations

import unicodedata

from doublesix.server.wire.errors import ErrorCode, ServiceError

MAX_NAME = 24
#: combining marks allowed on one base character (Vietnamese needs 2; "Zalgo" text piles on)
MAX_MARKS = 3
_ZWJ = "\u200d"
_FORBIDDEN = set("<>")
#: assigned letters, symbols and marks that render as nothing; Unicode calls most of them
#: default-ignorable, but their categories (Lo, So, Mn) pass every category check below
_BLANK = {
    "\u115f",  # HANGUL CHOSEONG FILLER
    "\u1160",  # HANGUL JUNGSEONG FILLER
    "\u3164",  # HANGUL FILLER
    "\uffa0",  # HALFWIDTH HANGUL FILLER
    "\u2800",  # BRAILLE PATTERN BLANK
    "\U0001d159",  # MUSICAL SYMBOL NULL NOTEHEAD
    "\u034f",  # COMBINING GRAPHEME JOINER
    "\u17b4",  # KHMER VOWEL INHERENT AQ
    "\u17b5",  # KHMER VOWEL INHERENT AA
    "\U00016fe4",  # KHITAN SMALL SCRIPT FILLER
}


def _joins_emoji(text: str, i: int) -> bool:
    """U+200D between two symbols (an emoji sequence like 👩‍💻), possibly after a VS-16."""
    before = text[i - 1] if i > 0 else ""
    if before == "\ufe0f" and i > 1:
        before = text[i - 2]
    after = text[i + 1] if i + 1 < len(text) else ""
    return bool(before and after) and unicodedata.category(before) == "So" and (
        unicodedata.category(after) == "So")


def name_problem(text: str) -> str | None:
    """Why *text* (already NFC and with spaces collapsed) is not a name, or None."""
    marks = 0
    for i, ch in enumerate(text):
        if ch in _BLANK:
            return "the name has characters that show as nothing (fillers, blank patterns)"
        category = unicodedata.category(ch)
        if category.startswith("M"):
            marks += 1
            if marks > MAX_MARKS:
                return "too many accents on one letter"
            continue
        marks = 0
        if ch == _ZWJ and _joins_emoji(text, i):
            continue
        if category.startswith("C") or category in ("Zl", "Zp"):
            return "the name has invisible or control characters (new lines, direction marks)"
        if ch in _FORBIDDEN:
            return "the name may not contain < or >"
    if not any(unicodedata.category(ch)[0] in "LNS" for ch in text):
        return "the name needs a letter, a digit or an emoji"
    return None


def clean_name(value: object) -> str:
    """The name to show, or a ``bad_name`` refusal saying what is wrong with it."""
    if not isinstance(value, str):
        raise ServiceError(ErrorCode.BAD_NAME, "the name must be text")
    if any(unicodedata.category(ch) == "Cc" for ch in value):
        raise ServiceError(ErrorCode.BAD_NAME, "the name has control characters (new lines, tabs)")
    text = " ".join(unicodedata.normalize("NFC", value).split())
    if not text:
        raise ServiceError(ErrorCode.BAD_NAME, "the name is empty")
    if len(text) > MAX_NAME:
        raise ServiceError(ErrorCode.BAD_NAME, f"the name is longer than {MAX_NAME} characters")
    problem = name_problem(text)
    if problem is not None:
        raise ServiceError(ErrorCode.BAD_NAME, problem)
    return text


def optional_name(value: object) -> str | None:
    """A name that may be left out (None or blank): otherwise the same policy."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    return clean_name(value)


def fit_name(value: str) -> str | None:
    """A name the policy accepts made from *value* (a Telegram name): refused characters
    dropped, cut to the length limit; None when nothing is left."""
    text = " ".join(unicodedata.normalize("NFC", value).split())
    kept = "".join(ch for i, ch in enumerate(text)
                   if name_problem(ch) is None or (ch == _ZWJ and _joins_emoji(text, i))
                   or (unicodedata.category(ch).startswith("M") and ch not in _BLANK)
                   or ch == " ")
    kept = " ".join(kept.split())[:MAX_NAME].strip()
    try:
        return clean_name(kept)
    except ServiceError:
        return None
