"""Secrets: seat tokens, invites and room ids. Only their SHA-256 is ever stored."""

from __future__ import annotations

import hashlib
import hmac
import secrets

#: 32 bytes = 256 bits: far beyond guessing, 43 URL-safe characters
TOKEN_BYTES = 32
INVITE_BYTES = 16


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_invite() -> str:
    return secrets.token_urlsafe(INVITE_BYTES)


def new_game_id() -> str:
    return secrets.token_urlsafe(9)


def new_seed() -> int:
    """The deal seed: secret, since it fixes every boneyard of the game."""
    return secrets.randbits(63)


def new_deal_key() -> bytes:
    """A game's deal key (core/shuffle.py): with the seed, it makes every shuffle's secret."""
    return secrets.token_bytes(32)


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def matches(secret: str, stored_hash: str | None) -> bool:
    """Constant-time check of *secret* against a stored hash."""
    return stored_hash is not None and hmac.compare_digest(digest(secret), stored_hash)
