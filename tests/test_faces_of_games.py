"""Each game's faces (``GameSpec.faces``): the shipped games name every face the same way, each
name finds what it should, and registering a game imports none of them; a wrong name is refused
saying what is missing (docs/decisions/0028-games-bring-their-faces.md)."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

import dice_faces
import tycoon.games  # noqa: F401  (registers the games)
from toy_game import DiceRace
from tycoon.cli.render import Renderer, renderer_for
from tycoon.core.errors import InvalidConfig
from tycoon.core.registry import spec
from tycoon.core.spec import Faces, find, resource
from tycoon.sim.lab.balance import BoardStudy, board_study_of
from tycoon.sim.lab.experiment import ExperimentError
from tycoon.sim.lab.gamereport import Watcher
from tycoon.sim.lab.probes import Probe, probe_for

SHIPPED = ["biznes_po_polsku", "die_bosse", "playboss"]
PREFIXES = {"biznes_po_polsku": "bp.", "die_bosse": "db.", "playboss": "pb."}
"""The key every text of a game's own begins with, besides ``kind.<id>.`` and ``option.<id>.``."""


@pytest.mark.parametrize("game_id", SHIPPED)
def test_a_shipped_game_names_each_face_and_each_name_finds_it(game_id: str) -> None:
    faces = spec(game_id).faces
    assert issubclass(find(faces.terminal), Renderer)
    assert type(renderer_for(game_id)) is find(faces.terminal)
    assert issubclass(find(faces.probe), Probe) and type(probe_for(game_id)) is find(faces.probe)
    assert issubclass(find(faces.watcher), Watcher)
    script = resource(faces.page)
    assert script.is_file() and "export function Board" in script.read_text(encoding="utf-8")
    texts = json.loads(resource(faces.messages).joinpath("en.json").read_text(encoding="utf-8"))
    own = (PREFIXES[game_id], f"kind.{game_id}.", f"option.{game_id}.")
    assert len(texts) > 40 and all(key.startswith(own) for key in texts)
    assert faces.unit in ("Marks", "złoty", "millions")


KINDS = {"terminal": Renderer, "probe": Probe, "watcher": Watcher, "board_study": BoardStudy}
"""What each face that is code must be a subclass of."""


@pytest.mark.parametrize("game_id", [*SHIPPED, dice_faces.ID, DiceRace.id])
def test_every_face_a_game_names_is_there(game_id: str) -> None:
    """For any game, shipped or not: each code face finds a class of its kind, each file face a
    file (the page) or a folder with English texts (the messages)."""
    faces = spec(game_id).faces
    for name, kind in KINDS.items():
        named = getattr(faces, name)
        if named:
            found = find(named)
            assert isinstance(found, type) and issubclass(found, kind), (game_id, name, named)
    if faces.page:
        assert resource(faces.page).is_file()
    if faces.messages:
        texts = json.loads(resource(faces.messages).joinpath("en.json").read_text(encoding="utf-8"))
        assert texts and all(isinstance(key, str) and isinstance(text, str) for key, text in texts.items())


def test_the_board_study_is_for_the_games_with_a_board() -> None:
    assert type(board_study_of("playboss")).__name__ == "PlaybossBoard"
    assert isinstance(board_study_of("biznes_po_polsku"), BoardStudy)
    with pytest.raises(ExperimentError) as refused:
        board_study_of("die_bosse")
    assert str(refused.value) == "the board-balance study is for biznes_po_polsku and playboss, not 'die_bosse'"


def test_the_shipped_games_name_their_faces_in_the_same_places() -> None:
    """One pattern for all three: the renderer beside the others in the terminal, the page and
    its texts in the client, the lab's parts in the lab's modules."""
    for game_id in SHIPPED:
        faces = spec(game_id).faces
        assert faces.terminal.startswith(f"tycoon.cli.render.{game_id}:")
        assert faces.page == f"tycoon.server:client/games/{game_id}.js"
        assert faces.messages == f"tycoon.server:client/messages/{game_id}"
        assert faces.probe.startswith("tycoon.sim.lab.probes:")
        assert faces.watcher.startswith("tycoon.sim.lab.gamereport:")


def test_registering_the_games_imports_no_face() -> None:
    """The faces are names: ``import tycoon.games`` imports neither the terminal, the server,
    the lab nor rich."""
    code = (
        "import sys, tycoon.games\n"
        "heavy = ('tycoon.cli', 'tycoon.server', 'tycoon.sim', 'tycoon.agents', 'rich', 'starlette')\n"
        "print(sorted(m for m in sys.modules if m.startswith(heavy)))\n"
    )
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert found.stdout.strip() == "[]"


def test_a_game_without_faces_gets_the_plain_ones() -> None:
    assert spec(DiceRace.id).faces == Faces()
    assert type(renderer_for(DiceRace.id)) is Renderer
    assert type(probe_for(DiceRace.id)) is Probe
    assert type(renderer_for("no-such-game")) is Renderer


def test_a_name_that_finds_nothing_says_what_is_missing() -> None:
    with pytest.raises(InvalidConfig, match=re.escape("a face is named 'module:attribute', not 'tycoon.cli.render'")):
        find("tycoon.cli.render")
    with pytest.raises(InvalidConfig, match=re.escape("module 'tycoon.cli.render' has no 'Painter'")):
        find("tycoon.cli.render:Painter")
    with pytest.raises(ModuleNotFoundError):
        find("tycoon.no_such_module:Renderer")
    with pytest.raises(InvalidConfig, match="a file of a face is named 'package:path'"):
        resource("client/games/playboss.js")
