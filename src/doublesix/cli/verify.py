"""`doublesix verify RECORD.json`: check every deal of a saved game record (shuffle 2).

For each shuffle the record lists, the SHA-256 of its secret must be the commitment shown at
the table; the deals are then dealt from those secrets alone (docs/protocol.md "Verifiable
deals": neither the record's seed nor its key is used, so a record without them verifies
too), and every action of the record must be legal in them: a tile played that the secret
did not give that seat, or a move the dealt hands do not allow, names the deal and the move.
One line per deal; exit status 0 when every deal agrees, 1 at the first that does not, 2 when
the file is not a record that can be checked.
"""

from __future__ import annotations

import hashlib
import json
import sys
from typing import Any, TextIO

from doublesix.core.dealing import Deal
from doublesix.core.errors import IllegalAction, InvalidSetup
from doublesix.core.match import Match
from doublesix.core.notation import RECORD_FORMAT, apply_step
from doublesix.core.rules import Ruleset
from doublesix.core.shuffle import SECRET_BYTES, SHUFFLE_VERSION, deal_of
from doublesix.errors import CommandError, UsageError


class _OutOfShuffles(Exception):
    pass


class ListedDealer:
    """Deals from the record's secrets, in order, and from nothing else."""

    def __init__(self, secrets: list[bytes]) -> None:
        self.secrets = secrets
        self.used = 0

    def next_deal(self, rules: Ruleset) -> Deal:
        if self.used == len(self.secrets):
            raise _OutOfShuffles
        self.used += 1
        return deal_of(rules, self.secrets[self.used - 1])


class Disagreement(Exception):
    """A deal that does not verify: the line that says which and why."""


def _short(hex_text: str) -> str:
    return f"{hex_text[:8]}…{hex_text[-8:]}"


def _shuffles(record: dict[str, Any]) -> list[bytes]:
    """The listed secrets, each checked against its commitment."""
    shuffles = record.get("shuffles")
    if not isinstance(shuffles, list) or not shuffles:
        raise UsageError("the record lists no shuffles (\"shuffles\"): nothing to verify")
    secrets = []
    for number, item in enumerate(shuffles, 1):
        if not isinstance(item, dict) or not all(
                isinstance(item.get(k), str) for k in ("secret", "commitment")):
            raise UsageError(f"shuffle {number} needs a \"secret\" and a \"commitment\" (hex)")
        try:
            secret = bytes.fromhex(item["secret"])
        except ValueError:
            secret = b""
        if len(secret) != SECRET_BYTES:
            raise Disagreement(f"shuffle {number}: the secret is not {SECRET_BYTES} bytes of hex")
        digest = hashlib.sha256(secret).hexdigest()
        if digest != item["commitment"].lower():
            raise Disagreement(
                f"shuffle {number}: the secret does not match its commitment (committed "
                f"{_short(item['commitment'])}, SHA-256 of the secret {_short(digest)})")
        secrets.append(secret)
    return secrets


def verify(record: Any, out: TextIO) -> int:
    """Check *record*, writing one line per deal to *out*; the number of deals verified.
    Raises Disagreement (the line for the deal that fails) or UsageError."""
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise UsageError("not a doublesix game record")
    if record.get("shuffle") != SHUFFLE_VERSION:
        raise UsageError("this record was dealt before verifiable deals (no \"shuffle\": 2): "
                         "it has no commitments to check")
    try:
        rules = Ruleset.from_dict(record.get("rules", {}))
    except (InvalidSetup, ValueError, TypeError) as exc:
        raise UsageError(f"the record's rules cannot be played: {exc}") from None
    secrets = _shuffles(record)
    dealer = ListedDealer(secrets)
    steps = record.get("actions")
    if not isinstance(steps, list):
        raise UsageError("the record has no list of actions")

    counts: dict[int, list[int]] = {}  # deal number -> [first shuffle, shuffles, moves]

    def dealt(deal: int, before: int) -> None:
        entry = counts.setdefault(deal, [before + 1, 0, 0])
        entry[1] += dealer.used - before

    def line(deal: int) -> str:
        first, used, moves = counts[deal]
        which = f"shuffle {first}" if used == 1 else f"shuffles {first}–{first + used - 1}"
        committed = hashlib.sha256(secrets[first + used - 2]).hexdigest()
        return (f"deal {deal}: verified — {which}, commitment {_short(committed)}; "
                f"hands, boneyard and {moves} moves agree with the secret")

    try:
        game = Match(rules, dealer)
    except _OutOfShuffles:
        raise Disagreement("deal 1: the record lists too few shuffles to deal it") from None
    dealt(1, 0)
    for number, step in enumerate(steps, 1):
        deal, before = game.deal_number, dealer.used
        try:
            apply_step(game, step)
        except _OutOfShuffles:
            wanted = deal + 1 if step == {"do": "next_deal"} else deal  # else a redeal
            raise Disagreement(f"deal {wanted}: the record lists too few shuffles to deal "
                               f"it") from None
        except (IllegalAction, ValueError, KeyError, TypeError) as exc:
            shown = json.dumps(step, ensure_ascii=False)
            raise Disagreement(f"deal {deal}: action {number} {shown} disagrees with the deal "
                               f"its secret gives: {exc}") from None
        if game.deal_number != deal:
            out.write(line(deal) + "\n")
        if dealer.used != before:
            dealt(game.deal_number, before)
        elif isinstance(step, dict) and "action" in step:
            counts[game.deal_number][2] += 1
    out.write(line(game.deal_number) + "\n")
    if dealer.used != len(secrets):
        raise Disagreement(f"the record lists {len(secrets)} shuffles but its deals used "
                           f"{dealer.used}")
    return len(counts)


def main(path: str, out: TextIO | None = None) -> int:
    out = out if out is not None else sys.stdout
    try:
        with open(path, encoding="utf-8") as fh:
            record = json.load(fh)
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror or exc}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise UsageError(f"{path} is not JSON: {exc}") from None
    try:
        deals = verify(record, out)
    except Disagreement as failed:
        out.write(f"FAILED {failed}\n")
        out.flush()
        raise CommandError(f"{path} does not verify: {failed}") from None
    out.write(f"{path}: every deal verified ({deals})\n")
    return 0
