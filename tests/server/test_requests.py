"""Request bodies read into typed values, and database URLs into the store that serves them,
without a server: what the API's tests check through HTTP, at the level of the values."""

from __future__ import annotations

import pytest

from tycoon.server.clocks import ClockRule
from tycoon.server.requests import DealRef, RequestError, SeatPlan, read_join, read_new_table, read_seat_bot
from tycoon.server.store import PostgreSQLStore, SQLiteStore, Store


def test_a_new_table_is_read_with_its_defaults_filled_in() -> None:
    body = {"game": "die_bosse", "seats": [{"kind": "human", "name": " Ann "}, {"kind": "bot"}, {"kind": "open"}]}
    request = read_new_table(body)
    assert request.game == "die_bosse" and request.options == {}
    assert request.seats == (
        SeatPlan("human", "Ann"),
        SeatPlan("bot", "Bot 2", "bot"),
        SeatPlan("open", None),
    )
    assert (request.copies, request.host_seat, request.same_deal_as, request.clock) == (1, None, None, None)
    assert request.settings() == {
        "clock": None,
        "replace_after": None,
        "stand_in": None,
        "listed": True,
        "autostart": True,
    }
    # The seats as the table's row holds them, in the order of their keys as before.
    assert [plan.to_row() for plan in request.seats] == [
        {"kind": "human", "name": "Ann"},
        {"kind": "bot", "bot": "bot", "name": "Bot 2"},
        {"kind": "open", "name": None},
    ]


def test_every_field_of_a_new_table_is_read() -> None:
    body = {
        "game": "die_bosse",
        "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random", "name": "R"}],
        "clock": {"decision": 60, "bank": 300},
        "replace_after": 30,
        "stand_in": "random",
        "listed": False,
        "autostart": False,
        "copies": 2,
        "host_seat": 1,
        "same_deal_as": {"table": "t1", "host_token": "secret"},
    }
    request = read_new_table(body)
    assert request.seats[2] == SeatPlan("bot", "R", "random")
    assert request.clock == ClockRule.read({"decision": 60, "bank": 300})
    assert (request.replace_after, request.stand_in, request.listed, request.autostart) == (30, "random", False, False)
    assert (request.copies, request.host_seat) == (2, 1)
    assert request.same_deal_as == DealRef("t1", "secret")


@pytest.mark.parametrize(
    ("body", "code", "words"),
    [
        ([], "bad-request", "JSON object"),
        ({"game": "die_bosse", "seats": [], "colour": 1}, "bad-request", "unknown field(s) colour"),
        ({"game": "chess", "seats": []}, "bad-game", "not 'chess'"),
        ({"game": "die_bosse", "seats": [{"kind": "human"}] * 3, "host_seat": 3}, "bad-request", "0 to 2"),
        ({"game": "die_bosse", "seats": [{"kind": "bot"}] * 3, "host_seat": 0}, "bad-request", "kind human"),
        ({"game": "die_bosse", "seats": [{"kind": "bot"}] * 3, "same_deal_as": "t1"}, "bad-request", "same_deal_as"),
        ({"game": "die_bosse", "seats": [{"kind": "bot", "bot": "nobody"}] * 3}, "bad-bot", "nobody"),
    ],
)
def test_a_bad_new_table_is_refused_saying_what_is_wrong(body: object, code: str, words: str) -> None:
    with pytest.raises(RequestError) as refused:
        read_new_table(body)
    assert refused.value.status == 400 and refused.value.code == code
    assert words in refused.value.message


def test_a_join_and_a_seated_bot_are_read() -> None:
    assert read_join({"name": "Bob", "seat": 2}).seat == 2
    assert read_join("not an object").name == ""
    with pytest.raises(RequestError, match="seat is a seat number"):
        read_join({"seat": True})
    assert read_seat_bot({"bot": None}).bot is None
    with pytest.raises(RequestError, match='"bot": null'):
        read_seat_bot({"bot": 3})


def test_a_database_url_names_its_store() -> None:
    assert type(Store("sqlite:///tycoon.db")) is SQLiteStore
    assert Store("sqlite:///tycoon.db").path == "tycoon.db"
    store = Store("postgresql://ann:secret@db.example/tycoon")
    assert type(store) is PostgreSQLStore and store.shared
    assert store.describe() == "postgresql://ann:***@db.example/tycoon"
    with pytest.raises(ValueError, match="unknown database URL 'mysql://x'"):
        Store("mysql://x")
