"""Updates as diffs (``"diff": true`` in the hello, docs/protocol.md): the view's changed keys,
the changed items of its lists, the other parts only when they changed. A client that applies
every diff holds, at every version of a whole seeded game, exactly what a client told the
whole picture holds, for every seat of each game and for a spectator, across a reconnect."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from serverkit import Client, Server

from tycoon.core import spec

PICTURE = ("status", "turn", "view", "legal", "families", "outcome", "version")

GAMES = [
    ("die_bosse", {}, 3),
    ("playboss", {"years": 1}, 3),
    ("biznes_po_polsku", {"rounds": 12}, 3),
]


def held(client: Client) -> dict[str, Any]:
    return {k: client.state[k] for k in PICTURE if k in client.state}


@pytest.mark.parametrize(("game", "options", "seats"), GAMES, ids=[g[0] for g in GAMES])
def test_a_client_applying_every_diff_holds_the_whole_picture(
    tmp_path: Path, game: str, options: dict[str, Any], seats: int
) -> None:
    bots = [spec(game).bots["bot"]() for _ in range(seats)]
    for n, bot in enumerate(bots):
        bot.seed(n)
    with Server(f"sqlite:///{tmp_path / 'tycoon.db'}") as server:
        answer = server.create(game, [{"kind": "human", "name": f"P{s}"} for s in range(seats)], options=options)
        table_id = answer["id"]
        tokens = [s["token"] for s in answer["seats"]]
        diff = [server.connect(table_id, token, diff=True) for token in tokens]
        whole = [server.connect(table_id, token) for token in tokens]
        diff.append(server.connect(table_id, None, diff=True))
        whole.append(server.connect(table_id, None))
        table = server.table(table_id)
        moves = diffs = 0
        while table.row.status == "playing":
            seat = table.state.current_player()
            diff[seat].catch_up(table.version)
            reply = diff[seat].act(bots[seat].act(table.state.clone(), seat).to_json())
            assert reply["type"] == "update", reply
            moves += 1
            if moves % 29 == 0:
                # A diff client that reconnects gets a whole sync and goes on from it.
                back = moves % (seats + 1)
                seen = diff[back].version
                diff[back].close()
                diff[back] = server.connect(table_id, tokens[back] if back < seats else None, version=seen, diff=True)
            for number, (mine, theirs) in enumerate(zip(diff, whole, strict=True)):
                mine.catch_up(table.version)
                theirs.catch_up(table.version)
                assert held(mine) == held(theirs), (number, table.version)
                viewer = number if number < seats else None
                assert mine.state["view"] == json.loads(json.dumps(table.state.view(viewer)))
                diffs += sum("view_set" in m for m in mine.received[-3:])
        assert table.row.status == "finished"
        for mine, theirs in zip(diff, whole, strict=True):
            mine.catch_up(table.version)
            theirs.catch_up(table.version)
            assert held(mine) == held(theirs)
            assert mine.state["outcome"] == table.row.outcome
        assert moves > 20
        # Diffs were sent, and carried less than the whole updates did.
        sent = [m for c in diff for m in c.received if m["type"] == "update"]
        assert all("view" not in m and "view_set" in m for m in sent)
        assert any("view_items" in m for m in sent)  # items of a list (the players) patched
        told = [m for c in whole for m in c.received if m["type"] == "update"]
        assert sum(len(json.dumps(m)) for m in sent) < sum(len(json.dumps(m)) for m in told)
        assert diffs > 0


def test_a_diff_leaves_out_what_did_not_change(tmp_path: Path) -> None:
    with Server(f"sqlite:///{tmp_path / 'tycoon.db'}") as server:
        answer = server.create("die_bosse", [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}])
        table_id = answer["id"]
        a = server.connect(table_id, answer["seats"][0]["token"], diff=True)
        b = server.connect(table_id, answer["seats"][1]["token"], diff=True)
        table = server.table(table_id)
        seat = table.state.current_player()
        mover, other = (a, b) if seat == 0 else (b, a)
        other.catch_up(table.version)
        view_before = dict(other.state["view"])
        mover.catch_up(table.version)
        legal = mover.legal()
        chosen = next((x["action"] for x in legal if x["action"]["kind"] not in ("end", "done")), legal[0]["action"])
        mover.act(chosen)
        update = other.until(lambda m: m["type"] == "update")
        # The other seat still has nothing to choose: its legal actions are not sent again.
        assert "legal" not in update or update["legal"] != []
        assert set(update["view_set"]) < set(view_before), update["view_set"].keys()
        for key, value in view_before.items():
            if key not in update["view_set"]:
                assert json.loads(json.dumps(table.state.view(other.seat)))[key] == value
