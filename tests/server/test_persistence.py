"""Nothing lost: the append-only log, snapshots, restarts, a crash of a real server process, and
two server processes sharing one PostgreSQL database."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from serverkit import Process, RemoteClient, Server, fresh_postgres, needs_postgres, pick, states_by_version

from tycoon.server.store import Conflict, Entry, StoreError

PERSON_AND_BOTS = [{"kind": "human", "name": "Ann"}, {"kind": "bot"}, {"kind": "bot"}]


def play(client: Any, moves: int, buy: bool = False) -> None:
    """Let ``client`` make ``moves`` moves (the turn's end where it may, else the first legal
    choice; with ``buy``, a company first where it may buy one), bots between."""
    made = 0
    while made < moves and client.state["status"] == "playing":
        if client.my_turn():
            legal = client.legal()
            buys = [a["action"] for a in legal if a["action"]["kind"] == "buy"] if buy else []
            reply = client.act(buys[0] if buys else pick(legal))
            if reply.get("code") == "rate":  # a real server allows 20 messages a second
                time.sleep(0.5)
                continue
            assert reply["type"] == "update", reply
            made += 1
        else:
            client.receive(30)
    while client.state["status"] == "playing" and not client.my_turn():
        client.receive(30)  # the bots' moves, up to the person's next decision


def play_to_the_end(client: Any) -> None:
    """Play until the game is over. Die Bosse ends when the last company finds a buyer, so a
    person who never buys could wait for ever on bots that will not buy it either (seen: a
    game past 10,000 of Ann's decisions with one company left): Ann buys where she may."""
    play(client, 5_000, buy=True)
    assert client.state["status"] == "finished"


def test_a_sequence_number_is_stored_once(db: str) -> None:
    with Server(db) as server:
        answer = server.create("die_bosse", PERSON_AND_BOTS)
        store, table_id = server.hub.store, answer["id"]
        version = server.table(table_id).version
        entry = Entry(version + 1, "move", 0, {"kind": "end"}, "person", time.time())
        with pytest.raises(Conflict):  # the table is not at that version
            server.call(store.append, table_id, version - 1, [entry], {})
        raw = store.append_job(table_id, version, [Entry(version, "move", 0, {"kind": "end"}, "person", 0.0)], {})
        with pytest.raises(Conflict):  # that sequence number is taken (the log's primary key)
            server.call(store.write, raw)
        assert len(server.call(store.entries, table_id, 0)) == version


def test_a_move_that_cannot_be_stored_did_not_happen_and_nobody_hears_of_it(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Server(db) as server:
        seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}, {"kind": "bot"}]
        answer = server.create("die_bosse", seats)
        ann = server.connect(answer["id"], answer["seats"][0]["token"])
        bob = server.connect(answer["id"], answer["seats"][1]["token"])
        table = server.table(answer["id"])
        before, version = table.state.fingerprint(), table.version

        async def broken(*args: Any, **kwargs: Any) -> None:
            raise StoreError("disk full")

        monkeypatch.setattr(server.hub.store, "append", broken)
        refused = ann.act(ann.legal()[0]["action"])
        assert refused["type"] == "error" and refused["code"] == "storage"
        assert table.state.fingerprint() == before and table.version == version
        assert bob.request({"type": "ping"})["type"] == "pong"
        assert not [m for m in bob.received if m["type"] == "update"]
        monkeypatch.undo()
        assert ann.act(ann.legal()[0]["action"])["version"] == version + 1


def test_a_restarted_server_goes_on_from_its_snapshot_and_log(db: str) -> None:
    with Server(db, snapshot_every=10) as server:
        answer = server.create("die_bosse", PERSON_AND_BOTS)
        ann = server.connect(answer["id"], answer["seats"][0]["token"])
        play(ann, 12)
        table = server.table(answer["id"])
        version, fingerprint, snapshot = table.version, table.state.fingerprint(), table.authority.snapshot_seq
        assert snapshot > 0
        seen = ann.version
    with Server(db, snapshot_every=10) as server:
        back = server.connect(answer["id"], answer["seats"][0]["token"], version=seen)
        table = server.table(answer["id"])
        assert table.version == version and table.state.fingerprint() == fingerprint
        assert back.state["complete"] is True and back.version == version
        assert states_by_version(server, answer["id"])[version].fingerprint() == fingerprint
        play_to_the_end(back)


def test_a_snapshot_holds_the_state_not_the_game_and_its_rules(db: str) -> None:
    """The game and its rules are shared by reference: a snapshot stays small however much the
    rules remember (Die Bosse's memo of card worths is shared by every table of a process), and
    a restored state plays on the table's own game."""
    with Server(db, snapshot_every=10) as server:
        answer = server.create("die_bosse", PERSON_AND_BOTS)
        table = server.table(answer["id"])
        worths = table.game.rules.worths  # type: ignore[attr-defined]
        for n in range(20_000):
            worths.setdefault((1_000 + n,), n)  # what many tables' bots would leave remembered
        ann = server.connect(answer["id"], answer["seats"][0]["token"])
        play(ann, 12)
        seq, data = server.call(server.hub.store.snapshot, answer["id"])
        assert seq == table.authority.snapshot_seq > 0
        assert len(data) < 5_000, len(data)  # with the memo in it, about 80 kB
        for n in range(20_000):
            worths.pop((1_000 + n,), None)
        snap = table.authority._unpickle(data)
        assert snap is not None and snap.state.game is table.game
        assert snap.state.fingerprint() == states_by_version(server, answer["id"])[seq].fingerprint()


def test_a_snapshot_of_other_rules_code_is_not_used(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    with Server(db, snapshot_every=5) as server:
        answer = server.create("die_bosse", PERSON_AND_BOTS)
        ann = server.connect(answer["id"], answer["seats"][0]["token"])
        play(ann, 6)
        fingerprint = server.table(answer["id"]).state.fingerprint()
    import tycoon.server.authority as authority_module

    monkeypatch.setattr(authority_module, "code_tag", lambda cls: "other code")
    with Server(db, snapshot_every=5) as server:
        server.connect(answer["id"], answer["seats"][0]["token"])
        assert server.table(answer["id"]).state.fingerprint() == fingerprint


def test_kill_9_mid_game_loses_no_acknowledged_action(tmp_path: Path) -> None:
    db = str(tmp_path / "tycoon.db")
    server = Process(db, tmp_path / "server.log")
    try:
        answer = server.post("/api/tables", {"game": "die_bosse", "seats": PERSON_AND_BOTS})
        token = answer["seats"][0]["token"]
        ann = RemoteClient(server.base, answer["id"], token)
        acknowledged: dict[int, Any] = {}
        for _ in range(8):
            while not ann.my_turn():
                ann.receive()
            choice = pick(ann.legal())
            reply = ann.act(choice)
            assert reply["type"] == "update"
            mine = [e for e in reply["events"] if e.get("action") == choice and e["seat"] == 0]
            acknowledged[mine[-1]["v"]] = choice
        if ann.my_turn():
            ann.send({"type": "act", "version": ann.version, "action": pick(ann.legal())})
        server.kill()  # SIGKILL, maybe with that last move half done
        ann.close()
        server = Process(db, tmp_path / "server.log")
        summary = server.get(f"/api/tables/{answer['id']}")
        assert summary["status"] == "playing" and summary["version"] >= max(acknowledged)
        back = RemoteClient(server.base, answer["id"], token, version=max(acknowledged))
        assert back.state["complete"] is True
        play_to_the_end(back)
        record = [json.loads(line) for line in server.text(f"/api/tables/{answer['id']}/record").splitlines()]
        moves = [line for line in record if line["type"] == "move"]
        for version, choice in acknowledged.items():
            assert moves[version - 1] == {"type": "move", "seat": 0, "action": choice}
        back.close()
    finally:
        server.stop()


@needs_postgres
def test_a_move_through_one_server_reaches_a_client_of_another(tmp_path: Path) -> None:
    db = fresh_postgres()
    first = Process(db, tmp_path / "first.log")
    second = Process(db, tmp_path / "second.log")
    try:
        seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}, {"kind": "bot"}]
        answer = first.post("/api/tables", {"game": "die_bosse", "seats": seats})
        ann = RemoteClient(first.base, answer["id"], answer["seats"][0]["token"])
        bob = RemoteClient(second.base, answer["id"], answer["seats"][1]["token"])
        assert bob.version == ann.version
        choice = ann.legal()[0]
        version = ann.act(choice["action"])["version"]
        told = bob.until(lambda m: m["type"] == "update" and m["version"] >= version)
        assert told["events"][0]["text"] == choice["label"]
        bob.send({"type": "chat", "text": "seen it"})
        assert ann.until(lambda m: m["type"] == "chat")["text"] == "seen it"
        if not any(m["type"] == "seats" and m["seats"][1]["connected"] for m in ann.received):
            ann.until(lambda m: m["type"] == "seats" and m["seats"][1]["connected"])  # Bob is there, if elsewhere
        summary = second.get(f"/api/tables/{answer['id']}")
        assert summary["version"] == version and summary["seats"][0]["connected"] is True
        # a stale move through the other server is refused: one log, one order
        stale = bob.act({"kind": "end"}, version=version - 1)
        assert stale["type"] == "error" and stale["code"] in ("stale", "illegal")
        ann.close()
        bob.close()
    finally:
        first.stop()
        second.stop()
