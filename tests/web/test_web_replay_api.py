"""The replay the page steps through: ``GET /api/tables/{id}/replay`` gives the view after any
number of moves of a finished table's record, the narration up to it and where rounds begin;
it is refused, like the record, while the game is in play."""

from __future__ import annotations

import json
import time
import urllib.error
from typing import Any

import pytest
from browserkit import bot, person


def refused(server: Any, path: str) -> tuple[int, dict[str, Any]]:
    with pytest.raises(urllib.error.HTTPError) as caught:
        server.get(path)
    return caught.value.code, json.loads(caught.value.read())["error"]


def test_a_finished_game_replays_move_by_move(server: Any) -> None:
    table = server.table("die_bosse", [bot("random"), bot("random")])
    deadline = time.monotonic() + 60
    while server.get(f"/api/tables/{table['id']}")["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    base = f"/api/tables/{table['id']}/replay"
    start = server.get(f"{base}?at=0")
    assert start["at"] == 0 and start["events"] == [] and start["moves"] > 100
    assert start["view"]["you"] is None and all(p["hand"] is None for p in start["view"]["players"])
    five = server.get(f"{base}?at=5")
    assert [e["n"] for e in five["events"]] == [1, 2, 3, 4, 5]
    # With two players, chance first takes 14 industry cards out unseen (rulebook, "Setup").
    assert all(e["seat"] is None for e in five["events"])
    assert five["view"]["removed"] == 5 and start["view"]["removed"] == 0
    # As a seat sees it: its hand, once the game is over at every table of its deal.
    middle = server.get(f"{base}?at={start['moves'] // 2}&seat=1")
    assert middle["view"]["you"] == 1 and middle["view"]["players"][1]["hand"] is not None
    assert middle["view"]["players"][0]["hand"] is None
    end = server.get(f"{base}?at=999999")
    assert end["at"] == end["moves"] == start["moves"]
    assert end["rounds"][0]["at"] >= 1 and end["rounds"] == sorted(end["rounds"], key=lambda r: r["at"])
    assert refused(server, f"{base}?at=x")[0] == 400
    assert refused(server, f"{base}?seat=7")[0] == 400


def test_a_game_in_play_is_not_replayed(server: Any) -> None:
    table = server.table("die_bosse", [person("Ann"), bot()])
    status, error = refused(server, f"/api/tables/{table['id']}/replay?at=3")
    assert status == 409 and error["code"] == "not-over"
