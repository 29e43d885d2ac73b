"""Telegram Mini App ``initData`` verification (core.telegram.org/bots/webapps).

secret = HMAC_SHA256(key="WebAppData", msg=bot_token); the data is genuine when
hex(HMAC_SHA256(key=secret, msg=data_check_string)) equals its ``hash`` field.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import dataclass
from urllib.parse import parse_qsl

from doublesix.core.jsonvalue import JSONObject
from doublesix.server.wire.errors import ErrorCode


class TelegramAuthError(ValueError):
    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class TelegramUser:
    #: Telegram's user object as Telegram sent it (passed on to the client as is)
    user: JSONObject
    auth_date: int

    @property
    def display_name(self) -> str:
        first = str(self.user.get("first_name") or "").strip()
        last = str(self.user.get("last_name") or "").strip()
        name = f"{first} {last}".strip()
        return name or str(self.user.get("username") or self.user.get("id", ""))


def data_check_string(fields: dict[str, str]) -> str:
    return "\n".join(f"{k}={fields[k]}" for k in sorted(fields) if k != "hash")


def sign(fields: dict[str, str], bot_token: str) -> str:
    """The ``hash`` Telegram would put on *fields* (used by tests and by :func:`verify`)."""
    secret = hmac.new(b"WebAppData", bot_token.encode(), hashlib.sha256).digest()
    return hmac.new(secret, data_check_string(fields).encode(), hashlib.sha256).hexdigest()


def verify(init_data: str, bot_token: str, *, now: float, max_age: int) -> TelegramUser:
    """The user of genuine, fresh *init_data*; raises TelegramAuthError otherwise."""
    try:
        fields = dict(parse_qsl(init_data, keep_blank_values=True, strict_parsing=True))
    except ValueError:
        raise TelegramAuthError(ErrorCode.BAD_INIT_DATA, "initData is not a query string") from None
    given = fields.get("hash")
    if not given or not given.isascii():
        # compare_digest refuses non-ASCII text: such a hash is simply not ours
        raise TelegramAuthError(ErrorCode.BAD_INIT_DATA, "initData has no valid hash")
    if not hmac.compare_digest(sign(fields, bot_token), given):
        raise TelegramAuthError(ErrorCode.BAD_INIT_DATA, "initData is not signed by this bot")
    try:
        auth_date = int(fields["auth_date"])
    except (KeyError, ValueError):
        raise TelegramAuthError(ErrorCode.BAD_INIT_DATA, "initData has no auth_date") from None
    if auth_date > now + 60:
        raise TelegramAuthError(ErrorCode.BAD_INIT_DATA, "initData comes from the future")
    if now - auth_date > max_age:
        raise TelegramAuthError(ErrorCode.INIT_DATA_EXPIRED, "initData is too old: reopen the app")
    try:
        user = json.loads(fields["user"])
    except (KeyError, ValueError):
        raise TelegramAuthError(ErrorCode.BAD_INIT_DATA, "initData has no readable user") from None
    if not isinstance(user, dict) or "id" not in user:
        raise TelegramAuthError(ErrorCode.BAD_INIT_DATA, "initData has no readable user")
    return TelegramUser(user=user, auth_date=auth_date)
