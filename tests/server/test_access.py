"""Who gets in and what they may see: deals shared only while in play, seats before
spectators, copies of a deal kept apart, stand-ins for people who never came.

Each test runs on SQLite and on PostgreSQL where it takes ``db`` (see ``serverkit``).
"""

from __future__ import annotations

from typing import Any

from serverkit import Server

BOTS = [{"kind": "bot"}] * 3
ANN_AND_BOTS = [{"kind": "human", "name": "Ann"}, {"kind": "bot"}, {"kind": "bot"}]


def same_deal(server: Server, answer: dict[str, Any], seats: list[dict[str, Any]] = ANN_AND_BOTS) -> Any:
    """``POST /api/tables`` for a table with the deal of ``answer``'s table (the response)."""
    ref = {"table": answer["id"], "host_token": answer["host_token"]}
    return server.http.post("/api/tables", json={"game": "die_bosse", "seats": seats, "same_deal_as": ref})


def test_a_deal_is_not_dealt_again_once_a_table_of_it_is_over(db: str) -> None:
    with Server(db) as server:
        answer = server.create("die_bosse", ANN_AND_BOTS, autostart=False)
        assert same_deal(server, answer).status_code == 201  # waiting: its cards are unknown
        server.http.post(f"/api/tables/{answer['id']}/start", headers=server.host(answer))
        assert same_deal(server, answer).status_code == 201  # playing
        before = len(server.call(server.hub.store.deal_tables, server.table(answer["id"]).row.deal))
        server.http.post(f"/api/tables/{answer['id']}/close", headers=server.host(answer))
        refused = same_deal(server, answer)
        assert refused.status_code == 409
        error = refused.json()["error"]
        assert error["code"] == "deal-over"
        assert "over" in error["message"] and "new table" in error["message"]
        row = server.call(server.hub.store.table, answer["id"])
        assert len(server.call(server.hub.store.deal_tables, row.deal)) == before  # nothing stored


def test_a_finished_table_is_no_deal_to_copy(db: str) -> None:
    with Server(db) as server:
        answer = server.create("die_bosse", BOTS)
        watcher = server.connect(answer["id"])
        watcher.until(lambda m: m.get("status") == "finished", timeout=60)
        refused = same_deal(server, answer)
        assert refused.status_code == 409 and refused.json()["error"]["code"] == "deal-over"
        # the record anyone may read now is of a deal that is never played again
        assert server.http.get(f"/api/tables/{answer['id']}/record").status_code == 200


def refused(client: Any) -> dict[str, Any]:
    """The refusal a client got instead of a sync (its first message)."""
    first: dict[str, Any] = client.received[0]
    assert first["type"] == "error", first
    return first


def test_spectators_from_one_address_are_capped_and_the_players_still_get_in(db: str) -> None:
    with Server(db) as server:
        answer = server.create("die_bosse", [{"kind": "human", "name": "Ann"}, {"kind": "human"}, {"kind": "bot"}])
        tries = [server.connect(answer["id"]) for _ in range(64)]  # as many as a table took clients
        watchers = [w for w in tries if w.received[0]["type"] == "sync"]
        for seat in answer["seats"][:2]:
            player = server.connect(answer["id"], seat["token"])
            assert player.received[0]["type"] == "sync" and player.seat == seat["seat"]
        assert len(watchers) == 8 == server.config.max_spectators_per_address
        extra = tries[-1]
        assert refused(extra)["code"] == "full"
        assert "from one address" in refused(extra)["message"]
        assert extra.receive()["type"] == "closed-socket"
        for watcher in tries[8:]:
            watcher.close()
        watchers[0].close()
        again = server.connect(answer["id"])  # a place left is a place again
        assert again.received[0]["type"] == "sync"


def test_spectators_are_capped_apart_from_seats(db: str) -> None:
    with Server(db, max_spectators_per_table=3, max_spectators_per_address=100) as server:
        answer = server.create("die_bosse", [{"kind": "human", "name": "Ann"}, {"kind": "human"}, {"kind": "bot"}])
        ann = answer["seats"][0]["token"]
        first = [server.connect(answer["id"], ann) for _ in range(4)]  # a person's tabs are no spectators
        watchers = [server.connect(answer["id"]) for _ in range(3)]
        assert all(c.received[0]["type"] == "sync" for c in first + watchers)
        extra = server.connect(answer["id"])
        assert refused(extra)["code"] == "full" and "spectators" in refused(extra)["message"]
        bob = server.connect(answer["id"], answer["seats"][1]["token"])
        assert bob.received[0]["type"] == "sync" and bob.seat == 1
        assert len(server.table(answer["id"]).publisher.clients) == 4 + 3 + 1


def listed(server: Server) -> set[str]:
    return {t["id"] for t in server.http.get("/api/tables").json()["tables"]}


def test_copies_of_a_deal_are_not_listed(db: str) -> None:
    with Server(db) as server:
        seats = [{"kind": "open"}, {"kind": "bot"}, {"kind": "bot"}]
        answer = server.create("die_bosse", seats, copies=3)
        later = same_deal(server, answer, seats)
        assert later.status_code == 201
        copies = {c["id"] for c in answer["copies"]} | {later.json()["id"]}
        assert answer["id"] in listed(server)
        assert not listed(server) & copies
        for copy in copies:  # a copy is still joined by its id, as the host hands it out
            assert server.http.get(f"/api/tables/{copy}").status_code == 200


def test_nobody_watches_a_copy_of_a_deal_while_another_is_in_play_but_the_host(db: str) -> None:
    with Server(db) as server:
        answer = server.create("die_bosse", ANN_AND_BOTS, copies=2)
        first, second = answer["id"], answer["copies"][0]["id"]
        ann = server.connect(first, answer["seats"][0]["token"])  # Ann plays the first copy ...
        for table_id in (first, second):  # ... and would watch the second, which may be ahead
            watcher = server.connect(table_id)
            refusal = refused(watcher)
            assert refusal["code"] == "deal-in-play" and "same deal" in refusal["message"]
            assert watcher.receive()["type"] == "closed-socket"
            assert all(c.seat is not None for c in server.table(table_id).publisher.clients)
        host = server.connect_with(second, {"type": "hello", "token": None, "host": answer["host_token"]})
        assert host.received[0]["type"] == "sync" and host.seat is None
        wrong = server.connect_with(second, {"type": "hello", "token": None, "host": "not the host's"})
        assert refused(wrong)["code"] == "deal-in-play"
        assert ann.received[0]["type"] == "sync"


def test_a_lone_table_and_a_deal_whose_other_tables_are_over_may_be_watched(db: str) -> None:
    with Server(db) as server:
        lone = server.create("die_bosse", ANN_AND_BOTS)
        assert server.connect(lone["id"]).received[0]["type"] == "sync"
        answer = server.create("die_bosse", BOTS, copies=2)
        first, second = answer["id"], answer["copies"][0]["id"]
        server.http.post(f"/api/tables/{second}/close", headers=server.host(answer))
        assert server.connect(first).received[0]["type"] == "sync"


def test_a_person_who_never_comes_is_replaced_by_a_bot_after_a_while(db: str) -> None:
    with Server(db) as server:
        seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}, {"kind": "bot"}]
        answer = server.create("die_bosse", seats, replace_after=1)
        assert answer["status"] == "playing"  # no seat open: it starts at once, and Ann never connects
        bob = server.connect(answer["id"], answer["seats"][1]["token"])
        assert bob.state["turn"]["seat"] == 0
        notice = bob.until(lambda m: m["type"] == "notice", timeout=10)
        assert notice["text"] == "seat 0 is away: a bot plays for them."
        bob.until(lambda m: m["type"] == "update" and any(e["seat"] == 0 for e in m["events"]))
        assert server.table(answer["id"]).row.seats[1].get("stand_in") is None  # Bob is here
        ann = server.connect(answer["id"], answer["seats"][0]["token"])  # she comes at last
        ann.until(lambda m: m["type"] == "seats" and m["seats"][0]["stand_in"] is None)


def test_the_stand_in_clock_starts_with_the_game_not_with_the_seat(db: str) -> None:
    with Server(db) as server:
        seats = [{"kind": "human", "name": "Ann"}, {"kind": "bot"}, {"kind": "bot"}]
        answer = server.create("die_bosse", seats, replace_after=1, autostart=False)
        table = server.table(answer["id"]) if answer["id"] in server.hub.tables else None
        assert table is None or "away:0" not in table.seating.timers  # waiting: nothing to stand in for
        server.http.post(f"/api/tables/{answer['id']}/start", headers=server.host(answer))
        watcher = server.connect(answer["id"])
        watcher.until(lambda m: m["type"] == "notice" and m["text"] == "seat 0 is away: a bot plays for them.")
