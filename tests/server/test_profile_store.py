"""The profile store keeps one contract on every backend: keys open profiles, a finished game
is kept once, deleting a profile removes its personal data and leaves its games nameless."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from doublesix.server.storage import Storage
from doublesix.server.storage.profiles import (
    FinishedGame,
    FinishedSeat,
    ProfileId,
    game_key,
    numbered,
)
from tests.support.storage import fresh_storage


@pytest.fixture(params=["memory", "sqlite",
                        pytest.param("postgresql", marks=pytest.mark.services)])
async def storage(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Storage]:
    tables = ("profiles", "profile_keys", "finished_games", "game_players")
    async with fresh_storage(request, tmp_path, request.param, tables) as store:
        yield store


def finished(game_id: str, a: ProfileId | None, b: ProfileId | None, *, public: bool = False,
             at: float = 10.0) -> FinishedGame:
    return FinishedGame(
        game_key=game_key(game_id, 1), game_id=game_id, game_no=1, kind="online",
        preset="draw", players=2, public=public, finished_at=at,
        record={"seed": 5, "actions": []}, result={"winner": 0, "reason": "out"},
        seats=[FinishedSeat(0, a, "Аня", False, None, True),
               FinishedSeat(1, b, "Боря", False, None, False)])


async def test_a_key_opens_its_profile_and_names_change(storage: Storage) -> None:
    store = storage.profiles
    made = await store.create("Аня", "k1", 100.0)
    assert await store.by_key("k1") == made
    assert await store.by_key("k2") is None
    await store.add_key(made.profile_id, "k2", 101.0)
    await store.rename(made.profile_id, "Анна")
    found = await store.by_key("k2")
    assert found is not None and found.name == "Анна" and found.created_at == 100.0
    assert not found.telegram


async def test_one_profile_per_telegram_user_and_attaching_a_guest(storage: Storage) -> None:
    store = storage.profiles
    tg = await store.create("Вера", "kt", 1.0, telegram_hash="t1")
    assert (await store.by_telegram("t1")) == tg and tg.telegram
    with pytest.raises(ValueError, match="Telegram"):
        await store.create("Вера", "kt2", 2.0, telegram_hash="t1")
    assert await store.by_key("kt2") is None  # the refused create left nothing behind
    guest = await store.create("Гость", "kg", 3.0)
    await store.attach_telegram(guest.profile_id, "t2")
    attached = await store.by_telegram("t2")
    assert attached is not None and attached.profile_id == guest.profile_id


async def test_merging_a_guest_moves_its_games_and_keys(storage: Storage) -> None:
    store = storage.profiles
    tg = await store.create("Вера", "kt", 50.0, telegram_hash="t1")
    guest = await store.create("Гость", "kg", 10.0)
    other = await store.create("Дима", "kd", 10.0)
    await store.record_game(finished("r1", guest.profile_id, other.profile_id))
    await store.merge(guest.profile_id, tg.profile_id)
    assert await store.get(guest.profile_id) is None
    now = await store.by_key("kg")
    assert now is not None and now.profile_id == tg.profile_id and now.created_at == 10.0
    assert now.name == "Вера"
    assert [g.game_id for g in await store.games_of(tg.profile_id)] == ["r1"]


async def test_a_game_is_kept_once_and_listed_newest_first(storage: Storage) -> None:
    store = storage.profiles
    a = await store.create("Аня", "ka", 1.0)
    b = await store.create("Боря", "kb", 1.0)
    assert await store.record_game(finished("r1", a.profile_id, b.profile_id, at=10.0))
    assert not await store.record_game(finished("r1", a.profile_id, None, at=99.0))
    await store.record_game(finished("r2", a.profile_id, None, public=True, at=20.0))
    games = await store.games_of(a.profile_id)
    assert [g.game_id for g in games] == ["r2", "r1"]
    assert games[1].seats[1].profile_id == b.profile_id  # the second record changed nothing
    assert games[1].record == {"seed": 5, "actions": []}
    assert [g.game_id for g in await store.games_of(a.profile_id, public_only=True)] == ["r2"]
    assert await store.game(games[0].game_key) == games[0]
    assert await store.game("nope") is None


async def test_deleting_removes_personal_data_and_keeps_the_games(storage: Storage) -> None:
    store = storage.profiles
    a = await store.create("Аня", "ka", 1.0, telegram_hash="ta")
    b = await store.create("Боря", "kb", 1.0)
    await store.record_game(finished("r1", a.profile_id, b.profile_id))
    assert await store.delete(a.profile_id)
    assert not await store.delete(a.profile_id)
    assert await store.get(a.profile_id) is None
    assert await store.by_key("ka") is None and await store.by_telegram("ta") is None
    game = (await store.games_of(b.profile_id))[0]
    assert game.seats[0].profile_id is None and game.seats[0].name is None
    assert game.seats[1].name == "Боря"
    rows = await store.sql.query("SELECT count(*) FROM profile_keys WHERE profile_id = ?",
                                 (a.profile_id,))
    assert rows[0][0] == 0


def test_placeholders_are_numbered_for_postgresql() -> None:
    assert numbered("a = ? AND b IN (?, ?)") == "a = $1 AND b IN ($2, $3)"
    assert numbered("SELECT 1") == "SELECT 1"


def test_a_game_key_is_stable_and_hides_the_room() -> None:
    assert game_key("room", 1) == game_key("room", 1) != game_key("room", 2)
    assert "room" not in game_key("room", 1)
