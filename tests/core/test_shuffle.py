"""Shuffle 2 (core/shuffle.py): a stranger's implementation from docs/protocol.md reproduces
every deal from its revealed secret; records of shuffle 1 still replay unchanged.

``stranger_deal`` below is written from the doc's "Verifiable deals" section alone, with
hashlib and nothing of doublesix: tiles are named by their text, not by the core's indices.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from doublesix.core import Match
from doublesix.core.actions import ActionKind
from doublesix.core.errors import InvalidSetup
from doublesix.core.notation import load_record, record_of, state_to_json
from doublesix.core.rules import find_preset
from doublesix.core.shuffle import CommitDealer, _below, permutation
from doublesix.core.view import view_of

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"
OLD_RECORDS = Path(__file__).with_name("records") / "shuffle1.json"


# -- the stranger's shuffle (from the doc, not from the core) -------------------------------
def stranger_deal(secret_hex: str, players: int, hand: int) -> tuple[list[set[str]], list[str]]:
    """The hands (as sets of tile names) and the boneyard in draw order that a secret gives."""
    secret = bytes.fromhex(secret_hex)
    tiles = [f"{a}-{b}" for a in range(7) for b in range(a, 7)]  # 0-0, 0-1, …, 6-6

    def words() -> Iterator[int]:
        counter = 0
        while True:
            block = hashlib.sha256(secret + counter.to_bytes(4, "big")).digest()
            for k in range(8):
                yield int.from_bytes(block[4 * k:4 * k + 4], "big")
            counter += 1

    stream = words()
    for i in range(27, 0, -1):
        n = i + 1
        while True:
            w = next(stream)
            if w < 2**32 - (2**32 % n):
                break
        j = w % n
        tiles[i], tiles[j] = tiles[j], tiles[i]
    hands = [set(tiles[s * hand:(s + 1) * hand]) for s in range(players)]
    return hands, tiles[players * hand:]


def start(game: Match) -> tuple[str | None, tuple[list[set[str]], list[str]]]:
    """The commitment a deal starts with, and its hands and boneyard (the truth)."""
    assert view_of(game, 0).secret is None and view_of(game, None).secret is None
    truth = ([{str(t) for t in game.deal.hand(s)} for s in range(game.rules.players)],
             [str(t) for t in game.deal.boneyard()])
    return view_of(game, 0).commitment, truth


PRESETS = [("draw", 2), ("draw", 3), ("draw", 4), ("block", 2), ("block", 3), ("block", 4),
           ("101", 2), ("kozel", 4)]


@pytest.mark.parametrize(("preset", "players"), PRESETS)
def test_a_stranger_reproduces_a_thousand_deals_from_their_revealed_secrets(
        preset: str, players: int) -> None:
    rules = find_preset(preset, players=players)
    rng = random.Random(f"{preset}/{players}")
    deals = 0
    game_no = 0
    while deals < 1000:
        game_no += 1
        game = Match(rules, CommitDealer(game_no, rng.randbytes(32)))
        while deals < 1000:
            # what the table is shown at the start, and the truth it must match later
            shown, truth = start(game)
            while not game.deal_over:
                action = rng.choice(game.legal_actions())
                game.apply(action, game.to_move)
                if action.kind is ActionKind.REDEAL:  # a new shuffle, with a new commitment
                    assert view_of(game, 0).commitment != shown
                    shown, truth = start(game)
            revealed = view_of(game, rng.randrange(players)).secret
            assert revealed is not None and view_of(game, None).secret is None
            assert hashlib.sha256(bytes.fromhex(revealed)).hexdigest() == shown
            assert stranger_deal(revealed, players, rules.hand_size) == truth
            deals += 1
            if not game.can_start_next_deal:
                break
            game.next_deal()


def test_the_docs_worked_example_is_what_the_shuffle_gives() -> None:
    """The doc's example secret, its commitment and its deal, read out of the doc itself."""
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("### Verifiable deals"):]
    secret = re.search(r"secret\s+`([0-9a-f]{64})`", section)
    commit = re.search(r"commitment\s+`([0-9a-f]{64})`", section)
    order = re.search(r"permutation:\s+`([0-6-,\s]+)`", section)
    assert secret and commit and order, "the worked example is missing from docs/protocol.md"
    assert hashlib.sha256(bytes.fromhex(secret[1])).hexdigest() == commit[1]
    tiles = [t.strip() for t in order[1].split(",")]
    hands, boneyard = stranger_deal(secret[1], 2, 7)
    assert [*sorted(tiles[:7]), *sorted(tiles[7:14]), *tiles[14:]] \
        == [*sorted(hands[0]), *sorted(hands[1]), *boneyard]
    core = permutation(bytes.fromhex(secret[1]))
    names = [f"{a}-{b}" for a in range(7) for b in range(a, 7)]
    assert [names[i] for i in core] == tiles


def test_a_word_that_would_bias_the_index_is_thrown_away() -> None:
    # 2**32 = 159072862 * 27 + 22: the 22 words from 4294967274 up would favour indices 0..21
    limit = 2**32 - 22
    assert _below(iter([limit, 2**32 - 1, 5]), 27) == 5
    assert _below(iter([limit - 1]), 27) == (limit - 1) % 27 == 26


def test_a_record_replays_the_same_shuffles_and_goes_on_from_its_key() -> None:
    rules = find_preset("kozel")  # a long match: more deals to come after the third
    rng = random.Random(3)
    game = Match(rules, CommitDealer(7, bytes(32)))
    while game.deal_number < 3:
        if game.deal_over:
            game.next_deal()
        else:
            game.apply(rng.choice(game.legal_actions()), game.to_move)
    record = record_of(game, 7)
    assert record["shuffle"] == 2 and len(record["shuffles"]) >= 3
    again = load_record(json.loads(json.dumps(record)))
    assert state_to_json(again) == state_to_json(game) and again.secret == game.secret
    while not game.deal_over:
        action = rng.choice(game.legal_actions())
        game.apply(action, game.to_move)
        again.apply(action, again.to_move)
    game.next_deal()
    again.next_deal()  # past the record's shuffles: derived from the same seed and key
    assert state_to_json(again) == state_to_json(game) and again.secret == game.secret
    assert len({s["secret"] for s in record["shuffles"]}) == len(record["shuffles"])


def test_a_record_with_a_broken_secret_or_key_is_refused() -> None:
    record = record_of(Match(find_preset("draw"), CommitDealer(1, bytes(32))), 1)
    for broken in ({**record, "key": "zz"}, {**record, "shuffles": [{"secret": "00"}]},
                   {**record, "shuffle": 3}):
        with pytest.raises(InvalidSetup):
            load_record(broken)


@pytest.mark.parametrize("index", [0, 1, 2])
def test_a_record_made_before_shuffle_2_replays_unchanged(index: int) -> None:
    """Records saved by the code of before shuffle 2 (no ``shuffle`` field: Python's random
    seeded by ``seed``) replay every action to the very state they were saved with."""
    saved = json.loads(OLD_RECORDS.read_text(encoding="utf-8"))[index]
    assert "shuffle" not in saved["record"]
    game = load_record(saved["record"])
    assert state_to_json(game) == saved["state"]
    assert game.secret is None and view_of(game, 0).commitment is None
    assert record_of(game, saved["record"]["seed"]) == saved["record"]
