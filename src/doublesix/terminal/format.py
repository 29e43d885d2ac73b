"""Text for an 80-column terminal: wrapped lines and the plural forms of counted words."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

WIDTH = 80


def plural(n: int, forms: Sequence[str]) -> str:
    """The form of a word for *n*: Russian has three (1 костяшка, 2–4 костяшки, 5+ костяшек).

    *forms* is (one, few, many); English passes (one, other, other).
    """
    if n % 10 == 1 and n % 100 != 11:
        return forms[0]
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return forms[1]
    return forms[2]


def fill(text: str, width: int = WIDTH) -> str:
    """*text* wrapped at *width* columns, continuation lines indented by two spaces.

    A newline in *text* starts a new line, as it would unwrapped.
    """
    return "\n".join(textwrap.fill(part, width, subsequent_indent="  ", break_long_words=False,
                                    break_on_hyphens=False) for part in text.split("\n"))


def wrap_items(prefix: str, items: Sequence[str], sep: str = "", width: int = WIDTH) -> str:
    """*prefix* and *items* on as many lines as *width* needs, never splitting an item.

    Continuation lines line up under the first item, so a long line of tiles reads as one.
    """
    indent = " " * len(prefix)
    lines: list[str] = []
    line = prefix
    fresh = True  # nothing after the prefix yet
    for item in items:
        piece = item if fresh else sep + item
        if not fresh and len(line) + len(piece) > width:
            lines.append(line.rstrip())
            line, piece = indent, item
        line += piece
        fresh = False
    lines.append(line.rstrip())
    return "\n".join(lines)
