"""Who "one client" is for the per-client limits, and what a spray of clients can reset
(issue 21 item 7).

An IPv6 host is usually given a whole /64 (and picks new addresses in it at will), so IPv6
clients are counted by their /64; IPv4 addresses one by one (an IPv4-mapped IPv6 address is
its IPv4 address). A table of budgets that is full forgets its least recently used entries,
never everyone: a spray of fresh addresses must not hand back the budget of a client that
just spent it.
"""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from doublesix.server.config import Settings
from doublesix.server.http import clients
from doublesix.server.rooms import budgets
from doublesix.server.rooms.budgets import Budgets
from doublesix.server.wire.errors import ServiceError
from tests.server.harness import LIFTED, ServerThread


def scope(peer: str, forwarded: str | None = None) -> dict[str, object]:
    headers = [] if forwarded is None else [(b"x-forwarded-for", forwarded.encode())]
    return {"client": (peer, 50000), "headers": headers}


def test_ipv6_clients_are_their_64_and_ipv4_their_address() -> None:
    assert clients.address(scope("2001:db8:1:2::5")) == "2001:db8:1:2::/64"
    assert clients.address(scope("2001:db8:1:2:ffff:1:2:3")) == "2001:db8:1:2::/64"
    assert clients.address(scope("2001:DB8:1:3::5")) == "2001:db8:1:3::/64"
    assert clients.address(scope("198.51.100.7")) == "198.51.100.7"
    assert clients.address(scope("::ffff:198.51.100.7")) == "198.51.100.7"
    # behind a trusted proxy, the forwarded address is keyed the same way
    assert clients.address(scope("127.0.0.1", "2001:db8:9:9::1"), ["127.0.0.1"]) \
        == "2001:db8:9:9::/64"
    assert clients.address(scope("::1")) == "::/64"
    # whatever a proxy forwards that is not an address is still one client, as written
    assert clients.address(scope("127.0.0.1", "unknown"), ["127.0.0.1"]) == "unknown"


@pytest.fixture
def behind_proxy() -> Iterator[ServerThread]:
    limits = {**LIFTED, "computer_burst": 30, "computer_per_minute": 0.001}
    s = ServerThread(Settings(db_url="memory://", computer_delay=0.0,
                              trusted_proxies=("127.0.0.1",), **limits)).start()
    yield s
    s.stop()


async def test_forty_addresses_of_one_64_share_one_budget(behind_proxy: ServerThread) -> None:
    body = {"mode": "computer", "rules": {"preset": "draw"}, "level": "easy"}
    statuses = []
    async with httpx.AsyncClient(base_url=behind_proxy.http) as http:
        for i in range(40):
            r = await http.post("/api/games", json=body,
                                headers={"x-forwarded-for": f"2001:db8:7:7::{i + 1:x}"})
            statuses.append(r.status_code)
        assert statuses == [201] * 30 + [429] * 10
        # the next /64 is someone else
        r = await http.post("/api/games", json=body,
                            headers={"x-forwarded-for": "2001:db8:7:8::1"})
        assert r.status_code == 201


class FrozenTime:
    def __call__(self) -> float:
        return 1000.0  # no bucket refills: whatever is spent stays spent


def test_a_spray_of_clients_does_not_hand_back_a_spent_budget(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(budgets, "PRUNE_AT", 50)
    settings = Settings(computer_burst=1, computer_per_minute=1.0, create_burst=10**6)
    table = Budgets(settings, clock=FrozenTime())
    for i in range(49):  # a spray of addresses, each spending its one computer room
        table.create(f"198.51.100.{i}", "computer")
    table.create("203.0.113.1", "computer")  # someone spends theirs last
    with pytest.raises(ServiceError, match="computer"):
        table.create("203.0.113.1", "computer")
    table.create("198.51.101.1", "computer")  # the table is full: a newcomer
    table.create("198.51.101.2", "computer")
    with pytest.raises(ServiceError, match="computer"):  # still spent
        table.create("203.0.113.1", "computer")
    # the oldest entries went, one per newcomer: the table stays at its bound
    assert len(table.computer) <= 50
    table.create("198.51.100.0", "computer")  # the very first was forgotten: a new budget
