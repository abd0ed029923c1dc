"""A game from outside tycoon at the server: its table is set up and played over the API and the
WebSocket, its page script is the file its spec names, and its texts join the catalogue
(``dice_faces``); the shipped games' scripts and texts are served as they were."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from serverkit import Server

import dice_faces
import tycoon.server
from toy_game import DiceRace, spec_for
from tycoon.core import registry
from tycoon.core.registry import specs
from tycoon.core.spec import Faces

CLIENT = Path(tycoon.server.__file__).parent / "client"
OUTSIDE = Path(dice_faces.__file__).parent


def test_the_games_list_names_each_game_s_page(db: str) -> None:
    with Server(db) as server:
        games = {g["id"]: g for g in server.http.get("/api/games").json()["games"]}
    assert games[dice_faces.ID]["page"] == "/client/games/dice-faces.js"
    assert games["playboss"]["page"] == "/client/games/playboss.js"
    assert games["dice-race"]["page"] is None  # the toy game names no page
    assert set(games) == {s.id for s in specs()}


def test_the_page_script_is_the_file_the_spec_names(db: str) -> None:
    with Server(db) as server:
        outside = server.http.get("/client/games/dice-faces.js")
        assert outside.status_code == 200 and outside.headers["content-type"].startswith("text/javascript")
        assert outside.content == (OUTSIDE / "page" / "dice_faces.js").read_bytes()
        for game_id in ("playboss", "die_bosse", "biznes_po_polsku"):
            shipped = server.http.get(f"/client/games/{game_id}.js")
            assert shipped.status_code == 200 and shipped.content == (CLIENT / "games" / f"{game_id}.js").read_bytes()
        for missing in ("dice-race.js", "monopoly.js", "playboss.css", "playboss"):
            answer = server.http.get(f"/client/games/{missing}")
            assert answer.status_code == 404 and answer.json()["error"]["code"] == "http"
        # The client's other files are served as before.
        assert server.http.get("/client/table.js").content == (CLIENT / "table.js").read_bytes()


def test_the_catalogue_holds_the_page_s_texts_and_every_game_s(db: str) -> None:
    page = json.loads((CLIENT / "messages" / "en.json").read_text(encoding="utf-8"))
    outside = json.loads((OUTSIDE / "messages" / "en.json").read_text(encoding="utf-8"))
    with Server(db) as server:
        served = server.http.get("/client/messages/en.json").json()
        assert server.http.get("/client/messages/xx.json").status_code == 404
        assert server.http.get("/client/messages/EN.json").status_code == 404
    assert {k: served[k] for k in page} == page
    assert {k: served[k] for k in outside} == outside
    for game_id, prefix in (("playboss", "pb."), ("die_bosse", "db."), ("biznes_po_polsku", "bp.")):
        texts = json.loads((CLIENT / "messages" / game_id / "en.json").read_text(encoding="utf-8"))
        assert {k: served[k] for k in texts} == texts and any(k.startswith(prefix) for k in texts)
    assert served["kind.playboss.roll"] == "Roll the die" and served["kind.dice-faces.hold"] == "Hold and bank"


def play_out(client: Any) -> int:
    """Roll twice and hold, turn after turn, until the race is over; the decisions taken."""
    taken = 0
    while client.state["status"] == "playing":
        if not client.my_turn():
            client.until(lambda m: m["type"] == "update")
            continue
        kinds = [a["action"]["kind"] for a in client.legal()]
        choice = "hold" if taken % 3 == 2 and "hold" in kinds else "roll"
        reply = client.act({"kind": choice})
        assert reply["type"] == "update", reply
        taken += 1
    return taken


def test_a_table_of_the_outside_game_is_played_over_the_websocket(db: str) -> None:
    with Server(db) as server:
        seats = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}]
        answer = server.create(dice_faces.ID, seats, options={"rounds": 3})
        assert answer["game"] == dice_faces.ID
        ann = server.connect(answer["id"], answer["seats"][0]["token"])
        assert ann.state["table"]["title"] == "Dice race with faces"
        assert ann.seat == 0 and ann.state["view"]["target"] == 20 and ann.state["view"]["rounds"] == 3
        assert {a["action"]["kind"] for a in ann.legal()} == {"roll", "hold"}
        assert play_out(ann) > 0
        state = server.table(answer["id"]).state
        assert state.is_terminal() and ann.state["view"] == json.loads(json.dumps(state.view(0)))
        record = server.http.get(f"/api/tables/{answer['id']}/record").text.splitlines()
        assert json.loads(record[0])["game"] == dice_faces.ID


def test_a_game_s_broken_faces_leave_the_page_and_the_other_games_as_they_are(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A page in no package, and texts that take keys already taken: the page is not found, the
    texts of its own join the catalogue, the keys taken keep their first text (the page's, then the
    games' by id)."""
    faces = Faces(page="no_such_package:page.js", messages="dice_faces:clashing")
    broken = replace(spec_for(DiceRace, "dice-wrong"), faces=faces)
    monkeypatch.setitem(registry._REGISTRY, broken.id, broken)
    with Server(db) as server:
        assert server.http.get("/client/games/dice-wrong.js").status_code == 404
        assert server.http.get("/client/games/dice-faces.js").status_code == 200
        served = server.http.get("/client/messages/en.json").json()
    assert served["app.name"] == "tycoon" and served["kind.dice-faces.roll"] == "Roll the die"
    assert served["dice-wrong.own"] == "a text of its own"
