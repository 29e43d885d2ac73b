"""docs/protocol.md names every error code, frame type and close code the server uses."""

from __future__ import annotations

import re
from pathlib import Path

from doublesix.server.wire import errors
from doublesix.server.wire.protocol import CLIENT_TYPES

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
SOURCES = "\n".join(p.read_text(encoding="utf-8")
                    for p in (ROOT / "src" / "doublesix" / "server").rglob("*.py"))


def test_every_error_code_is_documented() -> None:
    codes = set(re.findall(r'ServiceError\(\s*"([a-z_]+)"', SOURCES))
    codes |= set(re.findall(r'TelegramAuthError\(\s*"([a-z_]+)"', SOURCES))
    assert len(codes) > 15
    missing = sorted(c for c in codes if f"`{c}`" not in DOC)
    assert not missing, f"undocumented error codes: {missing}"


def test_every_frame_type_and_close_code_is_documented() -> None:
    for kind in (*CLIENT_TYPES, "welcome", "event", "ack", "error", "presence", "pong"):
        assert f"`{kind}`" in DOC, kind
    closes = [v for k, v in vars(errors).items() if k.startswith("CLOSE_")]
    for code in closes:
        assert f"| {code} |" in DOC, code
