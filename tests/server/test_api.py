"""The HTTP API: games, creating and joining tables, host rights, summaries, records, errors.

Each test runs on SQLite and on PostgreSQL (see ``serverkit``).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest
from serverkit import Server, pick

from tycoon.core import replay, specs
from tycoon.core.messages import from_wire
from tycoon.words import render

DIE_BOSSE = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "bot"}, {"kind": "bot"}]


def stored_tables(server: Server) -> list[Any]:
    return server.call(server.hub.store.open_tables) + [
        server.call(server.hub.store.table, t) for t in server.call(server.hub.store.playing_tables)
    ]


def test_health_and_games(db: str) -> None:
    with Server(db) as server:
        health = server.http.get("/api/health").json()
        assert health["status"] == "ok"
        assert health["database"] == db.split(":")[0]
        games = server.http.get("/api/games").json()["games"]
        assert [g["id"] for g in games] == [s.id for s in specs()]
        assert {g["id"] for g in games} >= {"playboss", "die_bosse", "biznes_po_polsku"}
        assert all("random" in g["bots"] for g in games)
        for s, game in zip(specs(), games, strict=True):
            said = s.to_json()
            assert game["page"] == (f"/client/games/{s.id}.js" if s.faces.page else None)
            # The summary, the levels' lines and the options' help are the catalogue's messages
            # where it has them (the page says them in the reader's language), which English
            # reads as the spec's words; a game without them is told in those words.
            for got, spec_said in [
                (game["summary"], said["summary"]),
                *((a["description"], b["description"]) for a, b in zip(game["levels"], said["levels"], strict=True)),
                *((a["help"], b["help"]) for a, b in zip(game["options"], said["options"], strict=True)),
            ]:
                assert render(from_wire(got)) == render(spec_said), (s.id, got)
            rest = {k: v for k, v in game.items() if k not in ("summary", "levels", "options", "page")}
            assert rest == {k: v for k, v in said.items() if k not in ("summary", "levels", "options")}
        shipped = {g["id"]: g for g in games if g["id"] in ("playboss", "die_bosse", "biznes_po_polsku")}
        assert all(g["summary"] == {"k": f"cli.cmd.games.summary.{i}"} for i, g in shipped.items())
        assert shipped["playboss"]["levels"][3]["description"] == {"k": "cli.cmd.games.level.playboss.hard"}
        assert render(from_wire(shipped["playboss"]["levels"][3]["description"]), "pl").startswith("myśli naprzód")


def test_create_answers_secret_links_and_stores_only_hashes(db: str) -> None:
    with Server(db) as server:
        seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}, {"kind": "open"}]
        answer = server.create("die_bosse", seats)
        assert answer["status"] == "waiting"
        humans = [s for s in answer["seats"] if s["kind"] == "human"]
        tokens = [s["token"] for s in humans] + [answer["host_token"]]
        assert len(set(tokens)) == 3 and all(len(t) >= 43 for t in tokens)
        for seat in humans:
            assert seat["link"].endswith(f"/table/{answer['id']}#token={seat['token']}")
        assert answer["spectator_link"].endswith(f"/table/{answer['id']}")
        assert "token" not in answer["spectator_link"]
        row = server.call(server.hub.store.table, answer["id"])
        stored = json.dumps([row.seats, row.host, row.settings])
        for token in tokens:
            assert token not in stored
        assert row.seats[0]["token"] == hashlib.sha256(tokens[0].encode()).hexdigest()
        assert row.host == hashlib.sha256(answer["host_token"].encode()).hexdigest()
        summary = server.http.get(f"/api/tables/{answer['id']}").json()
        assert "seed" not in json.dumps(summary) and row.seed not in json.dumps(summary)
        assert [s["name"] for s in summary["seats"]] == ["Ann", "Bob", None]


@pytest.mark.parametrize(
    ("body", "code", "words"),
    [
        ("not json", "bad-json", "not JSON"),
        ([1, 2], "bad-request", "JSON object"),
        ({"game": "chess", "seats": []}, "bad-game", "die_bosse"),
        ({"game": "die_bosse", "seats": [{"kind": "bot"}]}, "bad-seats", "2 to 6 seats"),
        ({"game": "die_bosse", "seats": [{"kind": "robot"}] * 3}, "bad-seats", "seat 0"),
        ({"game": "die_bosse", "seats": [{"kind": "bot", "bot": "genius"}] * 3}, "bad-bot", "genius"),
        ({"game": "die_bosse", "seats": [{"kind": "human", "name": "A" * 33}] * 3}, "bad-name", "32 characters"),
        ({"game": "die_bosse", "seats": [{"kind": "human", "name": 7}] * 3}, "bad-name", "text"),
        ({"game": "die_bosse", "seats": [{"kind": "open", "name": "x"}] * 3}, "bad-seats", "no name"),
        ({"game": "playboss", "options": {"years": 0}, "seats": [{"kind": "bot"}] * 2}, "bad-options", "years"),
        ({"game": "playboss", "options": {"colour": 1}, "seats": [{"kind": "bot"}] * 2}, "bad-options", "colour"),
        ({"game": "die_bosse", "seats": [{"kind": "bot"}] * 3, "clock": {"decision": -1}}, "bad-clock", "decision"),
        ({"game": "die_bosse", "seats": [{"kind": "bot"}] * 3, "seed": 7}, "bad-request", "unknown field"),
        ({"game": "die_bosse", "seats": [{"kind": "bot"}] * 3, "copies": 99}, "bad-request", "copies"),
    ],
)
def test_bad_table_requests_are_refused_and_create_nothing(db: str, body: Any, code: str, words: str) -> None:
    with Server(db) as server:
        content = body if isinstance(body, str) else json.dumps(body)
        response = server.http.post("/api/tables", content=content, headers={"Content-Type": "application/json"})
        assert response.status_code == 400, response.text
        error = response.json()["error"]
        assert error["code"] == code
        assert words in error["message"]
        assert stored_tables(server) == []


def test_a_huge_body_is_refused(db: str) -> None:
    with Server(db) as server:
        response = server.http.post("/api/tables", content=b"[" + b"1," * 100_000 + b"1]")
        assert response.status_code == 413
        assert "at most" in response.json()["error"]["message"]


def test_names_lose_control_characters(db: str) -> None:
    with Server(db) as server:
        seats = [{"kind": "human", "name": " Ann\x1b[31m\u202e \n Lee "}, {"kind": "bot"}, {"kind": "bot"}]
        answer = server.create("die_bosse", seats)
        assert answer["seats"][0]["name"] == "Ann[31m Lee"


def test_open_seats_are_listed_joined_and_the_table_starts_when_full(db: str) -> None:
    with Server(db) as server:
        answer = server.create("die_bosse", [{"kind": "human", "name": "Ann"}, {"kind": "open"}, {"kind": "bot"}])
        taken = server.http.post(f"/api/tables/{answer['id']}/join", json={"name": "Bob", "seat": 0})
        assert taken.status_code == 409 and "open seats: [1]" in taken.json()["error"]["message"]
        listed = server.http.get("/api/tables").json()["tables"]
        assert [t["id"] for t in listed] == [answer["id"]]
        assert listed[0]["status"] == "waiting"
        joined = server.http.post(f"/api/tables/{answer['id']}/join", json={"name": "Bob"})
        assert joined.status_code == 201, joined.text
        assert joined.json()["seat"] == 1 and len(joined.json()["token"]) >= 43
        summary = server.http.get(f"/api/tables/{answer['id']}").json()
        assert summary["status"] == "playing" and summary["seats"][1]["name"] == "Bob"
        assert server.http.get("/api/tables").json()["tables"] == []
        assert server.http.post(f"/api/tables/{answer['id']}/join", json={"name": 7}).json()["error"]["code"] == (
            "bad-name"
        )
        again = server.http.post(f"/api/tables/{answer['id']}/join", json={"name": "Cy"})
        assert again.status_code == 409 and "started" in again.json()["error"]["message"]


def test_only_the_host_starts_seats_bots_and_closes(db: str) -> None:
    with Server(db) as server:
        answer = server.create(
            "die_bosse", [{"kind": "human", "name": "Ann"}, {"kind": "open"}, {"kind": "open"}], autostart=False
        )
        path = f"/api/tables/{answer['id']}"
        assert server.http.post(path + "/start").status_code == 401
        wrong = server.http.post(path + "/start", headers={"Authorization": f"Bearer {answer['seats'][0]['token']}"})
        assert wrong.status_code == 403 and wrong.json()["error"]["code"] == "not-host"
        assert server.http.get(path).json()["status"] == "waiting"
        seated = server.http.post(path + "/seats/1", json={"bot": "random"}, headers=server.host(answer))
        assert seated.status_code == 200, seated.text
        assert seated.json()["seats"][1]["bot"] == "random"
        bad = server.http.post(path + "/seats/1", json={"bot": "genius"}, headers=server.host(answer))
        assert bad.status_code == 400 and "genius" in bad.json()["error"]["message"]
        started = server.http.post(path + "/start", headers=server.host(answer))
        assert started.status_code == 200 and started.json()["status"] == "playing"
        assert started.json()["seats"][2]["kind"] == "bot"  # the open seat got a bot
        twice = server.http.post(path + "/start", headers=server.host(answer))
        assert twice.status_code == 409
        closed = server.http.post(path + "/close", headers=server.host(answer))
        assert closed.status_code == 200 and closed.json()["status"] == "closed"
        assert server.http.get(path).json()["status"] == "closed"


def test_the_record_is_shown_only_once_the_game_is_over(db: str) -> None:
    with Server(db) as server:
        answer = server.create("die_bosse", [{"kind": "human", "name": "Ann"}, {"kind": "bot"}, {"kind": "bot"}])
        path = f"/api/tables/{answer['id']}"
        early = server.http.get(path + "/record")
        assert early.status_code == 409 and early.json()["error"]["code"] == "not-over"
        client = server.connect(answer["id"], answer["seats"][0]["token"])
        while client.state["status"] == "playing":
            if client.my_turn():
                client.act(pick(client.legal()))
            else:
                client.receive()
        summary = server.http.get(path).json()
        assert summary["status"] == "finished" and summary["outcome"]["winners"]
        text = server.http.get(path + "/record").text
        from tycoon.core.record import parse_lines

        (record,) = parse_lines(text.splitlines())
        assert record.seed is None
        assert replay(record).fingerprint() == server.table(answer["id"]).state.fingerprint()
        assert record.result is not None and record.result["winners"] == summary["outcome"]["winners"]


def test_errors_are_json_and_never_a_stack_trace(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    with Server(db) as server:
        assert server.http.get("/api/nothing").json()["error"]["code"] == "http"
        assert server.http.get("/api/tables/nope").status_code == 404
        assert server.http.delete("/api/tables").status_code == 405

        def broken(*args: Any) -> Any:
            raise RuntimeError("secret internals")

        monkeypatch.setattr(server.hub, "open_tables", broken)
        response = server.http.get("/api/tables")
        assert response.status_code == 500
        assert "secret" not in response.text and "Traceback" not in response.text
        assert response.json()["error"]["code"] == "internal"


def test_the_links_handed_out_lead_to_a_page_until_the_browser_client_is_there(db: str) -> None:
    with Server(db) as server:
        answer = server.create("die_bosse", DIE_BOSSE)
        page = server.http.get(answer["spectator_link"].removeprefix("http://testserver"))
        assert page.status_code == 200 and "/api/tables" in page.text
        assert server.http.get("/client/nothing.js").status_code == 404


def test_a_seeded_server_deals_the_same_tables_in_the_same_order(tmp_path: Any) -> None:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "bot"}]
    deals = []
    for run in ("first", "again", "other"):
        with Server(f"sqlite:///{tmp_path / run}.db", seed="class-7" if run != "other" else "class-8") as server:
            tables = [server.create("die_bosse", seats)["id"] for _ in range(3)]
            deals.append([server.call(server.hub.store.table, t).seed for t in tables])
    assert deals[0] == deals[1] == ["class-7:1", "class-7:2", "class-7:3"]
    assert deals[2] == ["class-8:1", "class-8:2", "class-8:3"]
    with Server(f"sqlite:///{tmp_path / 'unseeded'}.db") as server:
        first, second = (server.create("die_bosse", seats)["id"] for _ in range(2))
        assert server.call(server.hub.store.table, first).seed != server.call(server.hub.store.table, second).seed
