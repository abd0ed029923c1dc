"""Bots at the table, stand-ins for people away, clocks, and several tables with one deal."""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from serverkit import Client, Server, pick

from tycoon.core import State

PERSON_AND_BOTS = [{"kind": "human", "name": "Ann"}, {"kind": "bot"}, {"kind": "bot"}]


def sqlite(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tycoon.db'}"


def finish(client: Client) -> None:
    while client.state["status"] == "playing":
        if client.my_turn():
            client.act(pick(client.legal()))
        else:
            client.receive(30)


def stored(server: Server, table_id: str) -> list[tuple[int, str, Any, str]]:
    return [(e.seat, e.kind, e.action, e.by) for e in server.call(server.hub.store.entries, table_id, 0)]


def test_bots_think_in_a_thread_of_their_own_while_the_server_answers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tycoon.games.die_bosse import DieBosseBot

    thinking = threading.Event()
    release = threading.Event()
    threads: list[str] = []
    act = DieBosseBot.act

    def slow(self: Any, state: State, seat: int) -> Any:
        threads.append(threading.current_thread().name)
        thinking.set()
        release.wait(10)
        return act(self, state, seat)

    monkeypatch.setattr(DieBosseBot, "act", slow)
    with Server(sqlite(tmp_path)) as server:
        answer = server.create("die_bosse", [{"kind": "bot"}, {"kind": "human", "name": "Ann"}, {"kind": "bot"}])
        ann = server.connect(answer["id"], answer["seats"][1]["token"])
        assert thinking.wait(10)
        version = ann.version
        pong = ann.request({"type": "ping"})  # answered while the bot is still thinking
        assert pong["type"] == "pong" and server.table(answer["id"]).version == version
        release.set()
        ann.until(lambda m: m["type"] == "update")
        assert threads and all(name.startswith("tycoon-bot") for name in threads)


def test_a_bot_waits_its_think_time_so_people_can_follow(tmp_path: Path) -> None:
    with Server(sqlite(tmp_path), think_time=0.3) as server:
        answer = server.create("die_bosse", [{"kind": "human", "name": "Ann"}, {"kind": "bot"}, {"kind": "human"}])
        ann = server.connect(answer["id"], answer["seats"][0]["token"])
        while ann.my_turn():
            moved = time.monotonic()
            ann.act(pick(ann.legal()))
        ann.until(lambda m: m["type"] == "update" and any(e["seat"] == 1 for e in m["events"]))
        assert time.monotonic() - moved >= 0.3


def test_a_person_away_is_replaced_by_a_bot_after_a_while_and_takes_the_seat_back(tmp_path: Path) -> None:
    with Server(sqlite(tmp_path)) as server:
        seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}, {"kind": "bot"}]
        answer = server.create("die_bosse", seats, replace_after=1)
        ann = server.connect(answer["id"], answer["seats"][0]["token"])
        bob = server.connect(answer["id"], answer["seats"][1]["token"])
        table = server.table(answer["id"])
        ann.close()
        notice = bob.until(lambda m: m["type"] == "notice", timeout=10)
        assert notice["text"] == "seat 0 is away: a bot plays for them."
        bob.until(lambda m: m["type"] == "update" and any(e["seat"] == 0 for e in m["events"]))
        assert next(e[3] for e in stored(server, answer["id"]) if e[0] == 0) == "stand-in"
        summary = server.http.get(f"/api/tables/{answer['id']}").json()
        assert summary["seats"][0]["stand_in"] == "bot" and summary["seats"][0]["connected"] is False
        back = server.connect(answer["id"], answer["seats"][0]["token"])
        assert bob.until(lambda m: m["type"] == "notice")["text"] == "seat 0 is back and takes the seat from the bot."
        back.until(lambda m: m["type"] == "seats" and m["seats"][0]["stand_in"] is None)
        assert table.row.seats[0].get("stand_in") is None


def test_the_host_seats_a_bot_for_a_person_and_gives_the_seat_back(tmp_path: Path) -> None:
    with Server(sqlite(tmp_path)) as server:
        seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}, {"kind": "bot"}]
        answer = server.create("die_bosse", seats)
        bob = server.connect(answer["id"], answer["seats"][1]["token"])
        path = f"/api/tables/{answer['id']}/seats/0"
        assert server.http.post(path, json={"bot": "random"}).status_code == 401
        assert server.http.post(path, json={"bot": "random"}, headers=server.host(answer)).status_code == 200
        assert bob.until(lambda m: m["type"] == "notice")["text"] == "a bot plays for seat 0."
        bob.until(lambda m: m["type"] == "update" and any(e["seat"] == 0 for e in m["events"]))
        assert (
            server.http.post(path, json={"bot": None}, headers=server.host(answer)).json()["seats"][0]["stand_in"]
            is None
        )
        # or the person, still here, asks for it back
        server.http.post(f"/api/tables/{answer['id']}/seats/1", json={"bot": "random"}, headers=server.host(answer))
        bob.until(lambda m: m["type"] == "seats" and m["seats"][1]["stand_in"] == "random")
        back = bob.request({"type": "return"})
        assert back["type"] == "sync" and back["table"]["seats"][1]["stand_in"] is None
        assert bob.request({"type": "return"})["code"] == "no-stand-in"


def test_when_time_runs_out_a_bot_moves_for_the_seat_and_the_narration_says_so(tmp_path: Path) -> None:
    with Server(sqlite(tmp_path)) as server:
        answer = server.create("die_bosse", PERSON_AND_BOTS, clock={"decision": 0.5, "bank": 0.5})
        ann = server.connect(answer["id"], answer["seats"][0]["token"])
        assert ann.state["clocks"]["seat"] == 0 and ann.state["clocks"]["running"] is True
        timed_out = ann.until(lambda m: m["type"] == "update" and m["events"], timeout=10)
        first = timed_out["events"][0]
        assert first["seat"] == 0 and first["by"] == "clock"
        assert first["log"][0] == "seat 0 ran out of time: a bot moved for them."
        assert ann.state["clocks"]["banks"][0] == 0


def test_a_clock_stands_still_while_its_person_is_away(tmp_path: Path) -> None:
    with Server(sqlite(tmp_path)) as server:
        answer = server.create("die_bosse", PERSON_AND_BOTS, clock={"decision": 1, "bank": 0})
        ann = server.connect(answer["id"], answer["seats"][0]["token"])
        version = ann.version
        ann.close()
        time.sleep(1.5)
        assert server.table(answer["id"]).version == version
        back = server.connect(answer["id"], answer["seats"][0]["token"])
        assert back.state["clocks"]["running"] is True
        assert back.until(lambda m: m["type"] == "update")["events"][0]["by"] == "clock"


def test_tables_sharing_a_deal_see_the_same_dice_and_cards(tmp_path: Path) -> None:
    with Server(sqlite(tmp_path)) as server:
        answer = server.create("die_bosse", [{"kind": "bot"}] * 3, copies=2)
        second = answer["copies"][0]["id"]
        later = server.http.post(
            "/api/tables",
            json={
                "game": "die_bosse",
                "seats": PERSON_AND_BOTS,
                "same_deal_as": {"table": answer["id"], "host_token": answer["host_token"]},
            },
        ).json()
        wrong = server.http.post(
            "/api/tables",
            json={"game": "die_bosse", "seats": PERSON_AND_BOTS, "same_deal_as": {"table": answer["id"]}},
        )
        assert wrong.status_code == 401
        for table_id in (answer["id"], second):  # the host watches the copies of a deal
            watcher = server.connect_with(table_id, {"type": "hello", "token": None, "host": answer["host_token"]})
            finish(watcher)
        assert stored(server, answer["id"]) == stored(server, second)  # same deal, same seeded bots
        refused = server.http.get(f"/api/tables/{answer['id']}/record")
        assert refused.status_code == 409 and refused.json()["error"]["code"] == "deal-in-play"
        ann = server.connect(later["id"], later["seats"][0]["token"])
        deal = [e for e in stored(server, later["id"]) if e[0] == -1]
        assert deal == [e for e in stored(server, answer["id"]) if e[0] == -1][: len(deal)]
        finish(ann)
        assert server.http.get(f"/api/tables/{answer['id']}/record").status_code == 200


def _with_hard_bots(tmp_path: Path, processes: int, kill_at: int | None = None) -> tuple[list[Any], list[int]]:
    """A seeded Die Bosse table of a person and two ``hard`` bots, played for the person's first
    twelve decisions (the search processes killed at its ``kill_at``-th): what was stored, and
    how many search processes ran (at the kill, and at the end)."""
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "hard"}, {"kind": "bot", "bot": "hard"}]
    with Server(
        f"sqlite:///{tmp_path / f'{processes}-{kill_at}.db'}", seed="search", search_processes=processes
    ) as server:
        answer = server.create("die_bosse", seats)
        ann = server.connect(answer["id"], answer["seats"][0]["token"])
        pools = [server.hub.searchers] if processes else []
        counts: list[int] = []
        moves = 0
        while moves < 12 and ann.state["status"] == "playing":
            if ann.my_turn():
                ann.act(pick(ann.legal()))
                moves += 1
                if moves == kill_at:
                    counts.append(len(pools[0]._processes))
                    for pid in list(pools[0]._processes):
                        os.kill(pid, signal.SIGKILL)
            else:
                ann.receive(30)
        if processes:
            assert (server.hub.searchers is not pools[0]) == (kill_at is not None)
            counts.append(len(server.hub.searchers._processes))
        entries = stored(server, answer["id"])
        # The bots may go on after the person's last move: up to that move, then.
        last = max(n for n, (_, _, _, by) in enumerate(entries) if by == "person")
        return entries[: last + 1], counts


def test_hard_bots_search_in_a_process_of_their_own_and_choose_as_in_a_thread(tmp_path: Path) -> None:
    """With a search process the hard bots decide there, on a copy of the state sent across,
    and make exactly the moves they make in the server's bot threads (same seed, same game);
    when the process is killed, the decision it had is made in a thread and a new process
    takes the next ones, and the game is still the same."""
    in_threads, none = _with_hard_bots(tmp_path, 0)
    in_process, started = _with_hard_bots(tmp_path, 1)
    killed, restarted = _with_hard_bots(tmp_path, 1, kill_at=3)
    assert none == [] and started == [1] and restarted == [1, 1]
    assert sum(1 for seat, _, _, by in in_threads if by == "bot") > 10
    assert in_process == in_threads
    assert killed == in_threads


def _person_decides(person: Any, decisions: int) -> int:
    """``person`` takes up to ``decisions`` seeded decisions as they come, the bots moving in
    between; how many it took (fewer if the game ended)."""
    moves = 0
    while moves < decisions and person.state["status"] == "playing":
        if person.my_turn():
            person.act(pick(person.legal()))
            moves += 1
        else:
            person.receive(30)
    return moves


def _person_and_quick_bots(tmp_path: Path, think: float) -> tuple[list[Any], list[list[int]]]:
    """A seeded Die Bosse table of a person and two bots, played for the person's first twelve
    decisions: what was stored up to the person's last move, and the seats of each stored step
    (the entries written at once) after it began."""
    with Server(f"sqlite:///{tmp_path / f'{think}.db'}", seed="quick", think_time=think) as server:
        answer = server.create("die_bosse", PERSON_AND_BOTS)
        ann = server.connect(answer["id"], answer["seats"][0]["token"])
        _person_decides(ann, 12)
        entries = server.call(server.hub.store.entries, answer["id"], 0)
    last = max(n for n, e in enumerate(entries) if e.by == "person")
    steps: dict[float, list[int]] = {}
    for entry in entries[: last + 1]:
        steps.setdefault(entry.at, []).append(entry.seat)
    return [(e.seat, e.kind, e.action, e.by) for e in entries[: last + 1]], list(steps.values())


def test_a_bot_that_moves_at_once_takes_its_decisions_in_a_row_in_one_step(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where bots do not pause, a quick bot's decisions in a row are stored in one write and
    told in one update (decision 0054); where they pause, each is a step of its own. The game
    is the same either way: the same decisions, in the same order."""
    monkeypatch.setattr("tycoon.server.bots.QUICK", 1.0)  # quick on a busy machine too
    chained, chained_steps = _person_and_quick_bots(tmp_path, 0.0)
    apart, apart_steps = _person_and_quick_bots(tmp_path, 0.01)
    assert chained == apart
    bot_decisions = [[s for s in step if s >= 0] for step in chained_steps]
    assert any(len(seats) > 1 and len(set(seats)) == 1 and seats[0] > 0 for seats in bot_decisions)
    assert all(len(set(seats)) <= 1 for seats in bot_decisions)  # one seat's decisions a step
    assert all(len([s for s in step if s >= 0]) <= 1 for step in apart_steps)


def test_a_step_of_a_bot_s_decisions_ends_where_the_rules_refuse_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A quick bot that chooses an illegal action in the middle of its decisions in a row: the
    step is stored up to it, and the table goes on (the bot's next move made apart, a random
    legal one in place of the refused)."""
    from tycoon.games.die_bosse import DieBosseBot

    act = DieBosseBot.act
    calls = [0]

    def wrong_now_and_then(self: Any, state: State, seat: int) -> Any:
        calls[0] += 1
        chosen = act(self, state, seat)
        wrong = state.game.codec.from_json({"kind": "pay", "card": 107})  # no such card in a hand
        return wrong if calls[0] % 7 == 0 and wrong not in state.legal_actions(seat) else chosen

    monkeypatch.setattr(DieBosseBot, "act", wrong_now_and_then)
    with Server(sqlite(tmp_path), seed="refused") as server:
        answer = server.create("die_bosse", PERSON_AND_BOTS)
        ann = server.connect(answer["id"], answer["seats"][0]["token"])
        moves = _person_decides(ann, 12)
        entries = server.call(server.hub.store.entries, answer["id"], 0)
        assert moves == 12 and calls[0] > 20
        # The bots may go on meanwhile: what was stored is a log without a gap.
        assert [e.seq for e in entries] == list(range(1, len(entries) + 1))
        assert sum(e.by == "person" for e in entries) == 12
