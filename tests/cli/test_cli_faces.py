"""A game from outside tycoon plays in the terminal with the renderer its spec names
(``dice_faces``: ``Faces(terminal="dice_faces.render:DiceRenderer")``), and its record is
retold with it; nothing in ``tycoon.cli`` names the game."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path

from rich.console import Console
from scripted import Script

import dice_faces
from dice_faces.render import DiceRenderer
from tycoon.cli import main
from tycoon.cli.render import renderer_for
from tycoon.core import read, replay

ScriptFactory = Callable[[Iterable[str]], Script]


def test_the_outside_game_is_drawn_by_its_own_renderer() -> None:
    assert type(renderer_for(dice_faces.ID)) is DiceRenderer


def test_a_person_plays_the_outside_game_to_the_end_in_the_terminal(
    console: Console, script: ScriptFactory, tmp_path: Path
) -> None:
    out = tmp_path / "dice.jsonl"
    argv = ["play", dice_faces.ID, "--seats", "you,random", "--names", "Ann,Bob", "--seed", "3", "--rounds", "3"]
    status = main([*argv, "--out", str(out)], console=console, ask=script(["roll", "hold"] * 40))
    text = console.export_text()
    assert status == 0
    # The game's own board and position line, from its renderer, not the generic dump of the view.
    assert "Dice race: the die not rolled yet" in text and "Race to 20 — round 1 of 3" in text
    assert "Ann ◀ rolling" in text and "Ann: 0 banked, 0 at stake this turn" in text
    assert "Ann: 0 banked, 6 at stake this turn" in text
    assert "'turn_points'" not in text
    (record,) = read(out)
    assert record.game == dice_faces.ID and replay(record).is_terminal()
    assert "Result" in text and f"Record saved to {out}." in text


def test_the_outside_game_s_unfinished_record_is_retold_with_its_renderer(
    script: ScriptFactory, tmp_path: Path
) -> None:
    out = tmp_path / "dice.jsonl"
    quiet = Console(file=io.StringIO(), width=100, record=True, color_system=None)
    argv = ["play", dice_faces.ID, "--seats", "random,random", "--seed", "5", "--rounds", "2", "--out", str(out)]
    assert main(argv, console=quiet) == 0
    (record,) = read(out)
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join(replace(record, moves=record.moves[:3], result=None).lines()) + "\n", encoding="utf-8")
    console = Console(file=io.StringIO(), width=100, record=True, color_system=None)
    assert main(["replay", str(cut), "--game-index", "0"], console=console, ask=script([])) == 0
    text = console.export_text()
    assert "before the game is over" in text and "Race to 20 — round 1 of 2" in text
