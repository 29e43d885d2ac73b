"""Shuffle 2: deals anyone can verify (commit and reveal; docs/protocol.md "Verifiable deals").

Each shuffle has a 32-byte *secret*. Its commitment, the hex SHA-256 of the secret, is shown to
the table when the deal starts; the secret itself once the deal is over. From the secret alone,
anyone can recompute the deal: a Fisher–Yates shuffle of the 28 tiles (in the core's order,
0-0, 0-1, …, 0-6, 1-1, …, 6-6) driven by SHA-256(secret ‖ counter), with rejection sampling so
that no index is likelier than another. Python's ``random`` (shuffle 1, :class:`SeededDealer`)
is not used: no browser can reproduce its stream, and it would need the room's seed.

Only the standard library (hashlib, secrets), like the rest of the core.
"""

from __future__ import annotations

import hashlib
import secrets as _secrets
from collections.abc import Iterator, Sequence

from doublesix.core.dealing import Deal
from doublesix.core.errors import InvalidSetup
from doublesix.core.rules import Ruleset
from doublesix.core.tiles import TILE_COUNT, mask_of

#: the record's ``"shuffle"`` for deals made here; records without the field are shuffle 1
SHUFFLE_VERSION = 2
SECRET_BYTES = 32
_WORD = 2**32
#: the secret's derivation is the server's business (nobody needs it to verify), but it is
#: named so that a secret can never collide with another use of SHA-256 over the same bytes
_DERIVE_TAG = b"doublesix deal secret v2\x00"


def commitment(secret: bytes) -> str:
    """What the table sees before the deal: the hex SHA-256 of the secret."""
    return hashlib.sha256(secret).hexdigest()


def _words(secret: bytes) -> Iterator[int]:
    """The shuffle's stream: the 4-byte big-endian words of SHA-256(secret ‖ counter) for the
    counter 0, 1, 2, … (itself 4 bytes big-endian), eight words per block."""
    counter = 0
    while True:
        block = hashlib.sha256(secret + counter.to_bytes(4, "big")).digest()
        for at in range(0, 32, 4):
            yield int.from_bytes(block[at:at + 4], "big")
        counter += 1


def _below(words: Iterator[int], n: int) -> int:
    """A uniform index in ``range(n)``: words at or above the largest multiple of *n* under
    2**32 are thrown away, since ``word % n`` would favour the low indices with them."""
    limit = _WORD - _WORD % n
    while True:
        word = next(words)
        if word < limit:
            return word % n


def permutation(secret: bytes) -> list[int]:
    """The 28 tile indices in dealt order: for i = 27 down to 1, swap position i with a
    uniform position j in 0..i."""
    if len(secret) != SECRET_BYTES:
        raise InvalidSetup(f"a deal secret is {SECRET_BYTES} bytes, not {len(secret)}")
    tiles = list(range(TILE_COUNT))
    words = _words(secret)
    for i in range(TILE_COUNT - 1, 0, -1):
        j = _below(words, i + 1)
        tiles[i], tiles[j] = tiles[j], tiles[i]
    return tiles


def deal_of(rules: Ruleset, secret: bytes) -> Deal:
    """The deal a secret gives, split as shuffle 1 splits its permutation: seat s holds
    positions s·h … s·h+h−1 (h the hand size), and the rest is the boneyard in draw order."""
    tiles = permutation(secret)
    size = rules.hand_size
    hands = [mask_of(tiles[s * size:(s + 1) * size]) for s in range(rules.players)]
    return hands, tiles[rules.players * size:]


def fresh_key() -> bytes:
    """A game's deal key: 32 bytes from the system's CSPRNG."""
    return _secrets.token_bytes(SECRET_BYTES)


def derive_secret(seed: int, key: bytes, number: int) -> bytes:
    """Shuffle *number*'s secret: the room's seed and the game's key (fresh randomness)
    through SHA-256, so a revealed secret tells nothing of the key or of the next deal's
    secret, and a guessed seed (63 bits) tells nothing of any deal."""
    material = b"%s%d\x00%d\x00%s" % (_DERIVE_TAG, seed, number, key)
    return hashlib.sha256(material).digest()


class CommitDealer:
    """Deals of shuffle 2, each from its own secret.

    *secrets* are the secrets of the shuffles already made (a stored record's), used again in
    order; past them, shuffle n gets ``derive_secret(seed, key, n)``. Every shuffle counts, a
    void first deal or a redeal too, so a record replays the same deals.
    """

    def __init__(self, seed: int, key: bytes, secrets: Sequence[bytes] = ()) -> None:
        if len(key) != SECRET_BYTES:
            raise InvalidSetup(f"a deal key is {SECRET_BYTES} bytes, not {len(key)}")
        self.seed = seed
        self.key = key
        self.secrets: list[bytes] = list(secrets)
        self.used = 0

    @property
    def last(self) -> bytes | None:
        """The secret of the latest shuffle: the deal being played."""
        return self.secrets[self.used - 1] if self.used else None

    def made(self) -> list[bytes]:
        """The secrets of the shuffles made so far, in order (for the record)."""
        return self.secrets[:self.used]

    def learn(self, secrets: Sequence[bytes]) -> bool:
        """Take the later secrets of a newer record of the same game (another process dealt
        them); False, changing nothing, when *secrets* do not begin with the ones used here."""
        if list(secrets[:self.used]) != self.secrets[:self.used]:
            return False
        self.secrets = list(secrets)
        return True

    def next_deal(self, rules: Ruleset) -> Deal:
        if self.used == len(self.secrets):
            self.secrets.append(derive_secret(self.seed, self.key, self.used))
        secret = self.secrets[self.used]
        self.used += 1
        return deal_of(rules, secret)
