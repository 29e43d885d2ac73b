"""docs/protocol.md names every error code, frame type and close code the server uses."""

from __future__ import annotations

import re
from pathlib import Path

from doublesix.server.wire import errors
from doublesix.server.wire.errors import ErrorCode
from doublesix.server.wire.protocol import CLIENT_TYPES, PROTOCOL_VERSION

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
SOURCES = "\n".join(p.read_text(encoding="utf-8")
                    for p in (ROOT / "src" / "doublesix" / "server").rglob("*.py"))


def documented_error_codes() -> set[str]:
    """The codes in the code column of every error table of the doc (close codes are numbers)."""
    codes: set[str] = set()
    column: int | None = None
    for line in DOC.splitlines():
        if not line.startswith("|"):
            column = None
            continue
        cells = [c.strip() for c in line.strip("|").split("|")]
        if column is None:
            column = cells.index("code") if "code" in cells and "when" in cells else -1
        elif column >= 0 and not set(line) <= set("|- "):
            found = re.fullmatch(r"`([a-z_]+)`", cells[column])
            assert found, f"an error table row without a code: {line}"
            codes.add(found.group(1))
    return codes


def test_every_error_code_is_documented() -> None:
    # a code can only be raised as an ErrorCode member, so the enum is the list the server uses
    codes = {code.value for code in ErrorCode}
    assert len(codes) > 15
    missing = sorted(c for c in codes if f"`{c}`" not in DOC)
    assert not missing, f"undocumented error codes: {missing}"


def test_the_error_tables_list_exactly_the_error_codes() -> None:
    documented = documented_error_codes()
    assert len(documented) > 15
    assert documented == {code.value for code in ErrorCode}, (
        f"documented but not an ErrorCode: {sorted(documented - set(ErrorCode))};"
        f" an ErrorCode without a row: {sorted(set(ErrorCode) - documented)}")


def test_no_error_code_is_raised_as_bare_text() -> None:
    # a bare string would pass mypy through a str-typed wrapper and bypass the enum
    bare = re.findall(r'(?:ServiceError|TelegramAuthError)\(\s*"([a-z_]+)"', SOURCES)
    assert not bare, bare


def test_every_frame_type_and_close_code_is_documented() -> None:
    for kind in (*CLIENT_TYPES, "welcome", "event", "ack", "error", "presence", "pong"):
        assert f"`{kind}`" in DOC, kind
    closes = [v for k, v in vars(errors).items() if k.startswith("CLOSE_")]
    for code in closes:
        assert f"| {code} |" in DOC, code


def test_the_doc_and_the_client_speak_the_served_version() -> None:
    assert DOC.startswith(f"# doublesix server protocol (version {PROTOCOL_VERSION})\n")
    net = (ROOT / "src" / "doublesix" / "server" / "static" / "js" / "net.js").read_text("utf-8")
    assert f"export const PROTOCOL = {PROTOCOL_VERSION};" in net
