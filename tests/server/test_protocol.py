"""The WebSocket protocol: sync, actions and their answers, bad input of every kind, chat,
spectators, reconnection, take-back and origins. On SQLite and on PostgreSQL."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from serverkit import Client, Server, pick

from tycoon.core import load
from tycoon.core.messages import from_wire
from tycoon.words import render

THREE_PEOPLE = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}, {"kind": "human", "name": "Cy"}]


def table_of_people(server: Server, seats: list[dict[str, Any]] = THREE_PEOPLE) -> tuple[dict[str, Any], list[Client]]:
    answer = server.create("die_bosse", seats)
    clients = [server.connect(answer["id"], s["token"]) for s in answer["seats"] if s["kind"] == "human"]
    return answer, clients


def entries(server: Server, table_id: str) -> list[Any]:
    return list(server.call(server.hub.store.entries, table_id, 0))


def test_a_seat_is_synced_with_its_own_view_and_choices(db: str) -> None:
    with Server(db) as server:
        answer, (ann, bob, cy) = table_of_people(server)
        state = server.table(answer["id"]).state
        assert ann.state["type"] == "sync" and ann.seat == 0 and bob.seat == 1
        assert ann.state["view"] == json.loads(json.dumps(state.view(0)))
        assert bob.state["view"] == json.loads(json.dumps(state.view(1)))
        assert ann.state["view"] != bob.state["view"]
        assert [a["action"] for a in ann.legal()] == [a.to_json() for a in state.legal_actions(0)]
        assert all(a["text"] == str(state.game.codec.from_json(a["action"])) for a in ann.legal())
        assert ann.state["turn"] == {"seat": 0, "chance": False, "over": False}
        assert ann.state["version"] == state_version(server, answer["id"])
        assert [s["connected"] for s in cy.state["table"]["seats"]] == [True, True, True]
        assert [s["connected"] for s in ann.until(lambda m: m["type"] == "seats")["seats"]] == [True, True, False]
        watcher = server.connect(answer["id"])
        assert watcher.seat is None and watcher.legal() == [] and watcher.state["families"] == []
        assert watcher.state["view"] == json.loads(json.dumps(state.view(None)))


def state_version(server: Server, table_id: str) -> int:
    version: int = server.table(table_id).version
    return version


def test_an_action_is_answered_with_the_new_state_and_told_to_the_others(db: str) -> None:
    with Server(db) as server:
        answer, (ann, bob, _) = table_of_people(server)
        before = ann.version
        first = ann.legal()[0]
        reply = ann.act(first["action"])
        assert reply["type"] == "update" and reply["version"] == before + 1
        assert reply["events"][0]["text"] == first["label"] and reply["events"][0]["action"] == first["action"]
        told = bob.until(lambda m: m["type"] == "update")
        assert told["version"] == before + 1 and "action" not in told["events"][0]
        assert told["view"] == json.loads(json.dumps(server.table(answer["id"]).state.view(1)))
        # the text form works as well as the JSON form
        text = ann.legal()[-1]["text"]
        assert ann.act(text)["version"] >= before + 2


def bad_messages(version: int, limit: int) -> list[tuple[str, str]]:
    """(raw message, expected error code) pairs; none may change anything."""
    act = {"type": "act", "version": version}
    return [
        ("this is not JSON", "bad-json"),
        ("[1, 2, 3]", "bad-message"),
        ('{"type": 7}', "bad-message"),
        ('{"type": "dance"}', "bad-message"),
        (json.dumps({"type": "act", "action": {"kind": "buy", "card": 1}}), "bad-message"),  # no version
        (json.dumps({**act}), "bad-message"),  # no action
        (json.dumps({**act, "action": {"kind": "fly"}}), "bad-action"),
        (json.dumps({**act, "action": {"kind": "buy", "card": "one"}}), "bad-action"),
        (json.dumps({**act, "text": "buy"}), "bad-action"),
        (json.dumps({**act, "action": {"kind": "buy", "card": 999}}), "illegal"),
        (json.dumps({**act, "action": {"kind": "pay", "card": 60}}), "illegal"),
        (json.dumps({**act, "seat": 1, "action": {"kind": "end"}}), "not-your-seat"),
        (json.dumps({**act, "version": version - 1, "action": {"kind": "end"}}), "stale"),
        (json.dumps({**act, "action": {"kind": "end"}, "pad": "x" * limit}), "too-large"),
        ("[" * 100_000 + "]" * 100_000, "too-large"),
        ("[" * 5_000 + "]" * 5_000, "bad-json"),
        (json.dumps({**act, "id": "x" * 100, "action": {"kind": "end"}}), "bad-message"),
        (json.dumps({"type": "hello", "token": None}), "bad-message"),
        (json.dumps({"type": "takeback", "version": version}), "takeback"),
        (json.dumps({"type": "chat", "text": "   "}), "chat"),
        (json.dumps({"type": "chat", "text": "hi", "to": 9}), "chat"),
    ]


def test_bad_input_of_every_kind_is_answered_with_an_error_and_changes_nothing(db: str) -> None:
    with Server(db, max_message=20_000) as server:
        answer, (ann, bob, _) = table_of_people(server)
        table = server.table(answer["id"])
        fingerprint, version, log = table.state.fingerprint(), table.version, entries(server, answer["id"])
        for raw, code in bad_messages(version, 20_000):
            ann.session.send_text(raw)
            reply = ann.until(lambda m: m["type"] in ("error", "update"))
            assert reply["type"] == "error", raw[:80]
            assert reply["code"] == code, (raw[:80], reply)
            said = render(from_wire(reply["message"]))  # a refusal comes as a message on the wire
            assert said and "Traceback" not in said
            if code == "stale":
                assert ann.until(lambda m: m["type"] == "sync")["version"] == version
            assert table.state.fingerprint() == fingerprint and table.version == version
        # a seat acting out of turn gets the engine's reason
        bob.send({"type": "act", "version": version, "action": {"kind": "end"}})
        refused = bob.until(lambda m: m["type"] == "error")
        assert refused["code"] == "illegal" and "seat 0" in render(from_wire(refused["message"]))
        assert table.state.fingerprint() == fingerprint and table.version == version
        assert entries(server, answer["id"]) == log
        # and the connection still works
        assert ann.act({"kind": "end"})["version"] == version + 1 or ann.version > version


def test_too_many_messages_are_refused(db: str) -> None:
    with Server(db, rate=1.0, burst=3.0) as server:
        _, (ann, *_) = table_of_people(server)
        for n in range(6):
            ann.send({"type": "ping", "id": n})
        replies = [ann.until(lambda m: m["type"] in ("pong", "error")) for _ in range(6)]
        assert [r["type"] for r in replies].count("pong") == 3
        assert all(r["code"] == "rate" for r in replies if r["type"] == "error")


def test_a_wrong_token_or_no_hello_is_refused(db: str) -> None:
    with Server(db) as server:
        answer, _ = table_of_people(server)
        wrong = server.connect(answer["id"], "x" * 43)
        assert wrong.received[0]["code"] == "bad-token"
        assert wrong.receive()["code"] == 4401
        ws = server.http.websocket_connect(f"/ws/tables/{answer['id']}")
        session = ws.__enter__()
        session.send_text('{"type": "act"}')
        assert session.receive_json()["code"] == "bad-hello"
        ws.__exit__(None, None, None)
        missing = server.connect("no-such-table")
        assert missing.received[0]["code"] == "no-table"


def test_a_spectator_watches_and_does_nothing_else(db: str) -> None:
    with Server(db) as server:
        answer, (ann, *_) = table_of_people(server)
        watcher = server.connect(answer["id"])
        version = watcher.version
        assert watcher.request({"type": "act", "version": version, "action": {"kind": "end"}})["code"] == "spectator"
        assert watcher.request({"type": "chat", "text": "boo"})["code"] == "spectator"
        ann.act({"kind": "end"})
        told = watcher.until(lambda m: m["type"] == "update")
        assert told["view"] == json.loads(json.dumps(server.table(answer["id"]).state.view(None)))


def test_chat_reaches_the_table_and_a_private_word_only_its_two_seats(db: str) -> None:
    with Server(db) as server:
        answer, (ann, bob, cy) = table_of_people(server)
        watcher = server.connect(answer["id"])
        ann.send({"type": "chat", "text": "hello\x07 all"})
        for client in (ann, bob, cy, watcher):
            line = client.until(lambda m: m["type"] == "chat")
            assert (line["text"], line["seat"], line["name"]) == ("hello all", 0, "Ann")
        bob.send({"type": "chat", "text": "psst, Ann", "to": 0})
        assert ann.until(lambda m: m["type"] == "chat")["text"] == "psst, Ann"
        assert bob.until(lambda m: m["type"] == "chat")["to"] == 0
        cy.send({"type": "chat", "text": "and me"})
        assert cy.until(lambda m: m["type"] == "chat")["text"] == "and me"  # not the private word
        assert watcher.until(lambda m: m["type"] == "chat")["text"] == "and me"
        late = server.connect(answer["id"], answer["seats"][2]["token"])
        assert [c["text"] for c in late.state["chat"]] == ["hello all", "and me"]
        again = server.connect(answer["id"], answer["seats"][0]["token"])
        assert [c["text"] for c in again.state["chat"]] == ["hello all", "psst, Ann", "and me"]


def test_a_client_that_reconnects_gets_what_it_missed_or_a_fresh_picture(db: str) -> None:
    with Server(db, history=10) as server:
        answer, (ann, bob, _) = table_of_people(server)
        bob.close()
        seen = bob.version
        ann.act(ann.legal()[0]["action"])
        ann.act({"kind": "end"})
        back = server.connect(answer["id"], answer["seats"][1]["token"], version=seen)
        assert back.state["complete"] is True
        assert [e["v"] for e in back.state["events"]] == list(range(seen + 1, back.version + 1))
        assert back.state["view"] == json.loads(json.dumps(server.table(answer["id"]).state.view(1)))
        old = server.connect(answer["id"], answer["seats"][1]["token"], version=1)
        assert old.state["complete"] is False and old.state["version"] == back.version
        assert len(old.state["events"]) <= 10


def test_a_person_takes_back_their_own_last_decision_while_nothing_happened_since(db: str) -> None:
    with Server(db) as server:
        answer, (ann, bob, _) = table_of_people(server)
        table = server.table(answer["id"])
        before = table.state.fingerprint()
        bought = ann.act(ann.legal()[0]["action"])
        assert bob.request({"type": "takeback", "version": bought["version"]})["code"] == "takeback"
        undone = ann.request({"type": "takeback", "version": bought["version"]})
        assert undone["type"] == "update" and undone["version"] == bought["version"] + 1
        assert undone["events"][-1]["takeback"] is True
        assert table.state.fingerprint() == before
        assert ann.state["view"] == json.loads(json.dumps(table.state.view(0)))
        told = bob.until(lambda m: m["type"] == "update" and m["version"] == undone["version"])
        assert told["events"][-1]["takeback"] is True
        # once another thing happened (the turn ended, chance dealt, the next seat moved), no more
        while table.state.current_player() == 0:
            ann.act(pick(ann.legal()))
        ann.catch_up(table.version)
        assert ann.request({"type": "takeback", "version": ann.version})["code"] == "takeback"
        log = entries(server, answer["id"])
        assert [e.kind for e in log].count("takeback") == 1
        taken = next(e for e in log if e.kind == "takeback")
        assert log[taken.seq - 2].action == bought["events"][0]["action"]


def test_a_take_back_leaves_a_record_that_replays(db: str) -> None:
    with Server(db) as server:
        answer = server.create("die_bosse", [{"kind": "human", "name": "Ann"}, {"kind": "bot"}, {"kind": "bot"}])
        ann = server.connect(answer["id"], answer["seats"][0]["token"])
        ann.act(ann.legal()[0]["action"])
        ann.request({"type": "takeback", "version": ann.version})
        while ann.state["status"] == "playing":
            if ann.my_turn():
                ann.act(pick(ann.legal()))
            else:
                ann.receive()
        from tycoon.core.record import parse_lines

        (record,) = parse_lines(server.http.get(f"/api/tables/{answer['id']}/record").text.splitlines())
        assert record.result is not None and len(record.result["taken_back"]) == 1
        game = load("die_bosse", players=3)
        state = game.new_state()
        for move in record.moves:
            state.apply(game.codec.from_json(move.action), move.seat)
        assert state.fingerprint() == server.table(answer["id"]).state.fingerprint()


@pytest.mark.parametrize(
    ("origin", "allowed", "ok"),
    [
        (None, (), True),
        ("http://testserver", (), True),
        ("https://evil.example", (), False),
        ("null", (), False),
        ("https://friend.example", ("https://friend.example",), True),
    ],
)
def test_web_pages_from_other_origins_are_refused(
    tmp_path: Path, origin: str | None, allowed: tuple[str, ...], ok: bool
) -> None:
    with Server(f"sqlite:///{tmp_path / 'tycoon.db'}", allowed_origins=allowed) as server:
        answer = server.create("die_bosse", [{"kind": "bot"}] * 3)
        headers = {"origin": origin} if origin else {}
        if ok:
            assert server.connect(answer["id"], **headers).state["type"] == "sync"
        else:
            with pytest.raises(Exception):  # noqa: B017 (the handshake is refused, whatever the client raises)
                server.connect(answer["id"], **headers)
