"""The «Играть сейчас» pool itself (hall/pool.py): the window that widens with the wait, one
entry per person, never a pair of one person, and a pair taken out once."""

from __future__ import annotations

import pytest

from doublesix.server.hall.pool import (
    WIDENING,
    MemoryPool,
    Seeker,
    check_kind,
    fits,
    pairs,
    window,
)


def seeker(profile: str, rating: int, since: float = 0.0, preset: str = "draw",
           minutes: int = 5, holders: tuple[str, ...] = (), socket: str = "") -> Seeker:
    return Seeker(profile, profile.upper(), rating, preset, minutes, 0, since,
                  socket or f"p/{profile}", holders)


def test_the_window_widens_step_by_step_as_the_data_says() -> None:
    assert window(0.0) == WIDENING[0][1] == 50
    steps = [window(after) for after, _ in WIDENING]
    assert steps == [points for _, points in WIDENING]
    assert window(WIDENING[1][0] - 0.1) == 50 and window(WIDENING[1][0]) == 100
    assert window(3600.0) is None  # after the last step: anyone


def test_two_far_apart_fit_only_once_both_windows_reach() -> None:
    a, b = seeker("a", 1500, since=0.0), seeker("b", 1650, since=15.0)
    assert pairs([a, b], now=15.0) == []          # a: ±100, b: ±50
    assert pairs([a, b], now=34.9) == []          # a: ±200, b: ±100 (both must accept)
    assert pairs([a, b], now=35.0) == [(a, b)]    # a: ±400, b: ±200


def test_only_the_same_game_type_and_clock_fit() -> None:
    a = seeker("a", 1500)
    assert not fits(a, seeker("b", 1500, preset="block"), now=0.0)
    assert not fits(a, seeker("b", 1500, minutes=3), now=0.0)
    assert fits(a, seeker("b", 1500), now=0.0)


def test_one_person_is_never_paired_with_themselves() -> None:
    a = seeker("a", 1500, holders=("a:x", "b:1", "p:a"))
    same_browser = seeker("b", 1500, holders=("a:y", "b:1", "p:b"))
    same_address = seeker("c", 1500, holders=("a:x", "b:2", "p:c"))
    assert not fits(a, seeker("a", 1500, socket="p/other"), now=100.0)
    assert not fits(a, same_browser, now=100.0, per_address=4)
    assert not fits(a, same_address, now=100.0, per_address=1)
    assert fits(a, same_address, now=100.0, per_address=2)  # the operator allows households


def test_the_longest_waiting_gets_the_nearest_rating_and_nobody_twice() -> None:
    old = seeker("old", 1500, since=0.0)
    near, far = seeker("near", 1510, since=5.0), seeker("far", 1540, since=1.0)
    alone = seeker("alone", 1490, since=6.0)
    found = pairs([far, alone, near, old], now=6.0)
    assert found == [(old, near), (far, alone)]


def test_the_kind_is_checked_with_a_clear_reason() -> None:
    assert check_kind("101", {"minutes": 3, "increment": 2}) == ("101", 3, 2)
    with pytest.raises(ValueError, match="preset"):
        check_kind("kozel", {"minutes": 3})
    with pytest.raises(ValueError, match="minutes"):
        check_kind("draw", {"minutes": 4})
    with pytest.raises(ValueError, match="increment"):
        check_kind("draw", {"minutes": 3, "increment": True})


async def test_the_memory_pool_keeps_one_entry_a_person_and_takes_a_pair_once() -> None:
    pool = MemoryPool()
    first = seeker("a", 1500, socket="p/1")
    second = seeker("a", 1500, socket="p/2", since=1.0)
    assert await pool.put(first) is None
    assert await pool.put(second) == first          # the second tab replaces the first
    assert await pool.seekers() == [second]
    assert not await pool.remove(first)              # the first tab's close removes nothing
    b = seeker("b", 1500)
    await pool.put(b)
    assert await pool.take(second, b)
    assert not await pool.take(second, b)            # a second process finds nothing to take
    assert await pool.seekers() == []


def test_a_seeker_reads_back_from_its_text() -> None:
    s = seeker("a", 1500, holders=("a:x", "p:a"))
    assert Seeker.from_text(s.to_text()) == s
