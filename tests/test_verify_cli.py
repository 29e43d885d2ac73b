"""`doublesix verify RECORD.json`: a record as a room stores it verifies deal by deal; a
changed secret, tile or commitment fails with a line that names the deal, and exit status 1."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from doublesix.cli.main import main
from doublesix.core import Match
from doublesix.core.notation import record_of
from doublesix.core.rules import find_preset
from doublesix.core.shuffle import CommitDealer, deal_of
from doublesix.core.tiles import ALL_TILES, indices_of


def played(preset: str = "kozel", deals: int = 3, seed: int = 8) -> dict[str, Any]:
    """A record of *deals* deals played to their end by random legal moves."""
    rng = random.Random(seed)
    game = Match(find_preset(preset), CommitDealer(seed, rng.randbytes(32)))
    while True:
        while not game.deal_over:
            game.apply(rng.choice(game.legal_actions()), game.to_move)
        if game.deal_number == deals or not game.can_start_next_deal:
            break
        game.next_deal()
    return json.loads(json.dumps(record_of(game, seed)))


def run(tmp_path: Path, record: dict[str, Any],
        capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str], str]:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    code = main(["verify", str(path)])
    captured = capsys.readouterr()
    return code, captured.out.splitlines(), captured.err


def test_a_record_verifies_one_line_per_deal(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    record = played()
    code, lines, err = run(tmp_path, record, capsys)
    assert code == 0 and err == ""
    assert [line.split(":")[0] for line in lines[:-1]] == ["deal 1", "deal 2", "deal 3"]
    assert all("verified" in line for line in lines) and "every deal verified (3)" in lines[-1]
    # without the seed and the key: the secrets alone deal the game
    del record["seed"], record["key"]
    assert run(tmp_path, record, capsys)[0] == 0


def _tile_not_held(record: dict[str, Any], number: int) -> tuple[int, str]:
    """The first move of deal 1 that plays a tile, and a tile its seat was not dealt."""
    rules = find_preset(record["rules"]["preset"])
    hands, _ = deal_of(rules, bytes.fromhex(record["shuffles"][number]["secret"]))
    for at, step in enumerate(record["actions"]):
        if step.get("action", "").startswith("play"):
            held = {str(ALL_TILES[i]) for i in indices_of(hands[step["seat"]])}
            other = next(str(t) for t in ALL_TILES if str(t) not in held)
            return at, other
    raise AssertionError("no play in the record")


def test_a_changed_secret_fails_naming_its_shuffle(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    record = played()
    changed = copy.deepcopy(record)
    secret = changed["shuffles"][1]["secret"]
    changed["shuffles"][1]["secret"] = ("0" if secret[0] != "0" else "1") + secret[1:]
    code, lines, err = run(tmp_path, changed, capsys)
    assert code == 1
    assert lines[-1].startswith("FAILED shuffle 2: the secret does not match its commitment")
    assert "does not verify" in err


def test_a_changed_commitment_fails_naming_its_shuffle(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    changed = played()
    changed["shuffles"][2]["commitment"] = "ab" * 32
    code, lines, _ = run(tmp_path, changed, capsys)
    assert code == 1
    assert lines[-1].startswith("FAILED shuffle 3: the secret does not match its commitment "
                                "(committed abababab…abababab")


def test_a_changed_tile_fails_naming_the_deal_and_the_action(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    changed = played()
    at, tile = _tile_not_held(changed, 0)
    old = changed["actions"][at]["action"]
    changed["actions"][at]["action"] = " ".join(["play", tile, *old.split()[2:]])
    code, lines, _ = run(tmp_path, changed, capsys)
    assert code == 1
    assert lines[-1].startswith(f"FAILED deal 1: action {at + 1} ")
    assert tile in lines[-1] and "disagrees with the deal its secret gives" in lines[-1]


def test_a_record_with_a_shuffle_too_many_or_too_few_fails(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = played(deals=2)
    fewer = {**record, "shuffles": record["shuffles"][:-1]}
    code, lines, _ = run(tmp_path, fewer, capsys)
    assert code == 1 and lines[-1] == "FAILED deal 2: the record lists too few shuffles to deal it"
    more = {**record, "shuffles": [*record["shuffles"], played(deals=1, seed=9)["shuffles"][0]]}
    code, lines, _ = run(tmp_path, more, capsys)
    assert code == 1 and "lists 3 shuffles but its deals used 2" in lines[-1]


def test_a_record_dealt_before_shuffle_2_is_not_verifiable(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old = record_of(Match(find_preset("draw"), seed=3), 3)
    code, lines, err = run(tmp_path, dict(old), capsys)
    assert code == 2 and lines == []
    assert "dealt before verifiable deals" in err
