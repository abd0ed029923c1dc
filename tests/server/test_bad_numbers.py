"""Numbers and text the server could not send are refused where they come in: options, actions
and request ids (a table whose views held one would be cut off from every client, for good).
On SQLite and on PostgreSQL."""

from __future__ import annotations

import json
from typing import Any

import pytest
from serverkit import Server

from tycoon.core.messages import from_wire
from tycoon.words import render

PEOPLE = [{"kind": "human", "name": "Ann"}, {"kind": "bot"}, {"kind": "bot"}]


def stored_tables(server: Server) -> list[Any]:
    return server.call(server.hub.store.open_tables) + [
        server.call(server.hub.store.table, t) for t in server.call(server.hub.store.playing_tables)
    ]


def post(server: Server, body: dict[str, Any]) -> Any:
    return server.http.post("/api/tables", content=json.dumps(body), headers={"Content-Type": "application/json"})


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"years": 10**400}, "option 'years' is a whole number from 1 to 100"),
        ({"representative": 10**400}, "option 'representative' is a whole number from 0 to 2^63-1"),
        ({"representative": 2**63}, "option 'representative' is a whole number from 0 to 2^63-1"),
        ({"board": "x = " + "[" * 10_000 + "]" * 10_000}, "board.toml: its values are nested too deep to read"),
        ({"risk_cards": f'[[card]]\ntitle = "x"\neffect = "pay"\namount = {10**30}\n'}, "from 0 to 1,000,000"),
    ],
)
def test_options_that_could_not_be_sent_are_bad_options_and_store_nothing(
    db: str, options: dict[str, Any], words: str
) -> None:
    with Server(db) as server:
        # A table playing meanwhile loses nothing.
        answer = server.create("die_bosse", PEOPLE)
        ann = server.connect(answer["id"], answer["seats"][0]["token"])
        before = stored_tables(server)
        response = post(server, {"game": "playboss", "options": options, "seats": [{"kind": "bot"}] * 2})
        assert response.status_code == 400, response.text
        error = response.json()["error"]
        assert error["code"] == "bad-options" and words in error["message"]
        assert stored_tables(server) == before
        assert ann.request({"type": "ping"})["type"] == "pong"


@pytest.mark.parametrize(
    "action",
    [
        {"kind": "buy", "card": 2**64},
        {"kind": "buy", "card": -(2**63) - 1},
        f"buy {10**30}",
    ],
)
def test_a_number_beyond_64_bits_in_an_action_is_bad_action(db: str, action: Any) -> None:
    with Server(db) as server:
        answer = server.create("die_bosse", PEOPLE)
        ann = server.connect(answer["id"], answer["seats"][0]["token"])
        version = ann.version
        reply = ann.act(action)
        assert reply["type"] == "error" and reply["code"] == "bad-action", reply
        assert "from -2^63 to 2^63-1" in reply["message"]
        assert ann.request({"type": "sync"})["version"] == version


def test_a_playboss_loan_at_2_to_the_63_percent_is_refused_and_the_table_goes_on(db: str) -> None:
    with Server(db) as server:
        answer = server.create("playboss", [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}])
        ann = server.connect(answer["id"], answer["seats"][0]["token"])
        loan = {"kind": "offer-loan", "to": 1, "amount": 1000, "interest": 2**63 - 1, "fee": 0, "laps": 0, "lend": True}
        reply = ann.act(loan)
        assert reply["type"] == "error" and reply["code"] == "illegal", reply
        # The refusal comes as a message on the wire, which reads in English as the engine says it.
        assert "interest 0 to 100 percent" in render(from_wire(reply["message"]))
        assert ann.request({"type": "sync"})["type"] == "sync"


@pytest.mark.parametrize("request_id", ["\ud800", "a\udfffb", True, False, 2**64, 10**63])
def test_a_request_id_that_is_no_string_or_number_to_send_is_refused(db: str, request_id: Any) -> None:
    """docs/protocol.md: an id is a string or a number of at most 64 characters; a lone
    surrogate is no text (it cannot be sent back), true is no number, nor one beyond 64 bits."""
    with Server(db) as server:
        answer = server.create("die_bosse", PEOPLE)
        ann = server.connect(answer["id"], answer["seats"][0]["token"])
        ann.send({"type": "ping", "id": request_id})
        reply = ann.until(lambda m: m["type"] in ("error", "pong", "closed-socket"))
        assert reply["type"] == "error" and reply["code"] == "bad-message", reply
        assert "id is a string or a number" in reply["message"]
        # The connection is still open and answers.
        assert ann.request({"type": "ping"})["type"] == "pong"


def test_a_body_nested_too_deep_to_read_is_bad_json(db: str) -> None:
    with Server(db) as server:
        response = server.http.post("/api/tables", content=b"[" * 30_000 + b"]" * 30_000)
        assert response.status_code == 400, response.text
        assert response.json()["error"]["code"] == "bad-json"
