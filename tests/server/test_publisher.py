"""The publisher builds a picture from the parts that changed (docs/decisions/0037-views-built-
once.md): the view's common part once for every seat, each seat's own part apart, and every part
equal to the one before kept as it was. Whole seeded games of every game, a person's client on
each seat and two spectators: after every move, and after a take-back, each seat's picture and a
spectator's are exactly a fresh ``view``, ``legal_actions`` and ``describe`` of the state, key for
key and in order, so that no part the publisher kept is ever stale."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from serverkit import Client, Server

import dice_faces
from tycoon.core import State, spec
from tycoon.core.messages import to_wire
from tycoon.games.die_bosse.cards import worth
from tycoon.server.common import dumps

GAMES = [
    ("die_bosse", {}, 3),
    ("die_bosse", {}, 4),
    ("playboss", {"years": 1, "steps": [1, 2, 3, 4, 5, 6]}, 3),
    ("biznes_po_polsku", {"rounds": 10}, 3),
    (dice_faces.ID, {"concede": True, "target": 60}, 3),
]


def fresh(state: State, seat: int | None) -> dict[str, Any]:
    """The picture's view and choices as the state gives them now, as JSON text."""
    legal: list[dict[str, Any]] = []
    if seat is not None and not state.is_terminal():
        legal = [
            {"action": a.to_json(), "text": str(a), "label": to_wire(state.describe(a, seat))}
            for a in state.legal_actions(seat)
        ]
    return {"view": json.dumps(state.view(seat)), "legal": json.dumps(legal)}


def published(picture: dict[str, Any]) -> dict[str, Any]:
    return {"view": json.dumps(picture["view"]), "legal": json.dumps(picture["legal"])}


def chooser(game: str, seats: int, seed: int) -> Any:
    """The game's bot for every seat, or where the game has none a seeded random choice that
    does not give up (the dice race lets every seat concede at any time)."""
    bots = spec(game).bots
    if "bot" not in bots:
        rng = random.Random(seed)
        return lambda state, seat: rng.choice([a for a in state.legal_actions(seat) if a.kind != "concede"])
    agents = [bots["bot"]() for _ in range(seats)]
    for n, agent in enumerate(agents):
        agent.seed(f"{seed}:{n}")
    return lambda state, seat: agents[seat].act(state, seat)


@pytest.mark.parametrize(("game", "options", "seats"), GAMES, ids=[f"{g[0]}-{g[2]}" for g in GAMES])
def test_every_picture_is_the_state_s_view_now(tmp_path: Path, game: str, options: dict[str, Any], seats: int) -> None:
    choose = chooser(game, seats, 7)
    with Server(f"sqlite:///{tmp_path / 'tycoon.db'}", seed="publisher") as server:
        answer = server.create(game, [{"kind": "human", "name": f"P{s}"} for s in range(seats)], options=options)
        table_id = answer["id"]
        clients: list[Client] = [server.connect(table_id, s["token"], diff=True) for s in answer["seats"]]
        watchers = [server.connect(table_id, None, diff=True), server.connect(table_id, None)]
        table = server.table(table_id)
        moves = takebacks = 0
        while table.row.status == "playing" and moves < 600:
            seat = table.state.current_player()
            clients[seat].catch_up(table.version)
            reply = clients[seat].act(choose(table.state.clone(), seat).to_json())
            assert reply["type"] == "update", reply
            moves += 1
            if moves % 13 == 0 and table.authority.before_seat == seat and table.authority.before is not None:
                assert clients[seat].request({"type": "takeback", "version": table.version})["type"] == "update"
                takebacks += 1
            for client in clients + watchers:
                client.catch_up(table.version)
            for viewer in [*range(seats), None]:
                assert published(table.publisher.picture(viewer)) == fresh(table.state, viewer), (viewer, moves)
            for number, client in enumerate(clients + watchers):
                viewer = number if number < seats else None
                assert json.dumps(client.state["view"], sort_keys=True) == json.dumps(
                    table.state.view(viewer), sort_keys=True
                ), (viewer, moves)
        assert moves > 20
        assert takebacks > 0 or game == dice_faces.ID


def test_a_part_no_move_changed_is_the_same_object_from_one_version_to_the_next(tmp_path: Path) -> None:
    """What the publisher keeps: the profit table and every concern nobody touched are the very
    objects the picture before held (compared at a glance, their JSON text encoded once), and
    the seats' pictures share the common part."""
    with Server(f"sqlite:///{tmp_path / 'tycoon.db'}") as server:
        answer = server.create("die_bosse", [{"kind": "human", "name": f"P{s}"} for s in range(3)])
        table = server.table(answer["id"])
        clients = [server.connect(answer["id"], s["token"], diff=True) for s in answer["seats"]]
        choose = chooser("die_bosse", 3, 3)
        before = {seat: table.publisher.picture(seat) for seat in (0, 1, None)}
        kept = 0
        for _ in range(40):
            seat = table.state.current_player()
            clients[seat].catch_up(table.version)
            clients[seat].act(choose(table.state.clone(), seat).to_json())
            now = {viewer: table.publisher.picture(viewer) for viewer in (0, 1, None)}
            assert now[0]["view"]["row"] is now[1]["view"]["row"] is now[None]["view"]["row"]
            assert now[0]["view"]["players"][2] is now[None]["view"]["players"][2]
            assert now[0]["view"]["profit_table"] is before[0]["view"]["profit_table"]
            for viewer in (0, 1, None):
                for key, value in now[viewer]["view"].items():
                    if value == before[viewer]["view"][key]:
                        assert value is before[viewer]["view"][key], key
                        kept += 1
            before = now
        assert kept > 100


def _frames(tmp_path: Path, game: str, options: dict[str, Any], seats: int, moves: int) -> list[list[str]]:
    """Every update each client of a seeded game received, as JSON text in its key order: a diff
    client and a whole one on every seat, a second diff client on seat 0, two diff spectators and
    a whole one; every client catches up after every move."""
    choose = chooser(game, seats, 11)
    with Server(f"sqlite:///{tmp_path / f'{game}.db'}", seed="frames") as server:
        answer = server.create(game, [{"kind": "human", "name": f"P{s}"} for s in range(seats)], options=options)
        table_id = answer["id"]
        tokens = [s["token"] for s in answer["seats"]]
        players = [server.connect(table_id, token, diff=True) for token in tokens]
        clients = [*players, *(server.connect(table_id, token) for token in tokens)]
        clients += [server.connect(table_id, tokens[0], diff=True), server.connect(table_id, None, diff=True)]
        clients += [server.connect(table_id, None, diff=True), server.connect(table_id, None)]
        table = server.table(table_id)
        for _ in range(moves):
            if table.row.status != "playing":
                break
            seat = table.state.current_player()
            players[seat].catch_up(table.version)
            players[seat].act(choose(table.state.clone(), seat).to_json())
            for client in clients:
                client.catch_up(table.version)
        return [[json.dumps(m) for m in client.received if m["type"] == "update"] for client in clients]


@pytest.mark.parametrize(("game", "options", "seats"), GAMES[:4], ids=[f"{g[0]}-{g[2]}" for g in GAMES[:4]])
def test_every_update_is_byte_for_byte_what_whole_views_built_afresh_give(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, options: dict[str, Any], seats: int
) -> None:
    """The updates every client is sent, diffs and whole ones, are the very text the publisher
    sends when it builds each seat's whole view afresh at every version and keeps nothing."""
    built = _frames(tmp_path / "parts", game, options, seats, 80)
    from tycoon.server import publisher

    monkeypatch.setattr(publisher.Publisher, "_view", lambda self, seat, last: self.table.state.view(seat))
    monkeypatch.setattr(publisher, "_same", lambda last, fresh: fresh)
    afresh = _frames(tmp_path / "whole", game, options, seats, 80)
    assert sum(len(frames) for frames in built) > 80 * 4
    assert built == afresh


def test_the_clients_that_hold_the_same_picture_share_one_frame(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Spectators in step, and two clients of one seat, cost one update's text between them;
    another seat's client gets its own, in which the seat's hand never appears, nor its worth."""
    from tycoon.server import publisher

    built: list[tuple[int | None, str]] = []
    body = publisher.Publisher._update_body

    def counted(self: Any, seat: int | None, *args: Any) -> str:
        text: str = body(self, seat, *args)
        built.append((seat, text))
        return text

    monkeypatch.setattr(publisher.Publisher, "_update_body", counted)
    with Server(f"sqlite:///{tmp_path / 'tycoon.db'}") as server:
        answer = server.create("die_bosse", [{"kind": "human", "name": f"P{s}"} for s in range(3)])
        table = server.table(answer["id"])
        token = answer["seats"][0]["token"]
        mine = [server.connect(answer["id"], token, diff=True) for _ in range(2)]
        watchers = [server.connect(answer["id"], None, diff=True) for _ in range(3)]
        other = server.connect(answer["id"], answer["seats"][1]["token"], diff=True)
        mover = (
            mine[0]
            if table.state.current_player() == 0
            else server.connect(answer["id"], answer["seats"][table.state.current_player()]["token"], diff=True)
        )
        mover.act(mover.legal()[0]["action"])
        for client in [*mine, *watchers, other]:
            client.catch_up(table.version)
        seats = [seat for seat, _ in built]
        assert seats.count(None) == 1 and seats.count(0) == 1 and seats.count(1) == 1
        assert {k: v for k, v in mine[0].received[-1].items() if k != "re"} == mine[1].received[-1]
        assert watchers[0].received[-1] == watchers[1].received[-1] == watchers[2].received[-1]
        hand = dumps(table.state.view(0)["players"][0]["hand"])
        assert len(hand) > 2
        assert hand not in dict(built)[1] and hand not in dict(built)[None]
        # Nor what a hand is worth: a spectator holds no seat's, another seat not seat 0's.
        assert not any({"hand_worth", "symbol_worths"} & set(p) for p in watchers[0].state["view"]["players"])
        assert "hand_worth" not in other.state["view"]["players"][0]
        assert other.state["view"]["players"][1]["hand_worth"] == worth(table.state.rules, table.state.hands[1])
