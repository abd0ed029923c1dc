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
