"""The table page of a game from outside tycoon: the server serves the script its spec names and
the page draws the game's board with it, in the game's own words (``dice_faces``), and plays it
to the end; nothing in the client names the game."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import browserkit
import pytest
from browserkit import Seat, bot, person

ID = "dice-faces"


@pytest.fixture(scope="module")
def outside_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A server that has imported the outside game, as an installed game's entry point would."""
    live = browserkit.LiveServer(Path(tmp_path_factory.mktemp("outside-server")), imports=("dice_faces",))
    try:
        yield live
    finally:
        live.stop()


def test_the_outside_game_s_page_draws_its_board_and_plays_to_the_end(outside_server: Any, context: Any) -> None:
    games = {g["id"]: g for g in outside_server.get("/api/games")["games"]}
    assert games[ID]["page"] == f"/client/games/{ID}.js"
    table = outside_server.table(ID, [person("Ann"), bot("random")], options={"rounds": 3})
    seat = Seat(context, table["seats"][0]["link"])
    board = seat.page.locator("[data-testid=dice-board]")
    board.wait_for()
    # The board's words are the game's own texts, merged into the page's catalogue.
    assert "Race to 20, round 1 of 3" in board.inner_text()
    assert seat.page.locator("[data-testid=banked-0]").inner_text() == "Ann: 0 banked"
    assert seat.page.locator("[data-testid=banked-1]").inner_text().endswith(": 0 banked")
    assert seat.wait_turn_or_end()
    assert sorted(seat.choices()) == ["hold", "roll"]
    browserkit.play(seat, 200, browserkit.chooser(7))
    seat.page.wait_for_function("window.tycoon.connection.game.status === 'finished'")
    scores = seat.view()["scores"]
    seat.page.wait_for_function(
        f"document.querySelector('[data-testid=banked-0]').textContent === 'Ann: {scores[0]} banked'"
    )
    assert not seat.errors
    # The script the page loaded is the one the spec names, from the game's own package.
    loaded = seat.js("performance.getEntriesByType('resource').map(e => new URL(e.name).pathname)")
    assert f"/client/games/{ID}.js" in loaded
    assert not [path for path in loaded if path.startswith("/client/games/") and path != f"/client/games/{ID}.js"]
