"""RULES.md section 8 through the server: an action outside the legal list is refused."""

from __future__ import annotations

from tests.server.harness import Client, ServerThread, create


async def test_a_lead_with_an_end_is_refused_and_changes_nothing(server: ServerThread) -> None:
    game = await create(server, "hotseat", "draw")
    client = Client(server, game["game_id"], game["token"])
    await client.connect()
    view = client.view
    lead = view["legal"][0]
    assert lead.startswith("play ") and len(lead.split()) == 2  # "play 6-6": no end yet
    state_no = client.state_no
    reply = await client.move(f"{lead} left")
    assert reply["type"] == "error" and reply["code"] == "illegal_action", reply
    assert "first tile takes no end" in reply["message"]
    assert client.state_no == state_no and client.view["line"] == []
    ack = await client.move(lead)
    assert ack["type"] == "ack"
    await client.close()
