"""``tycoon play biznes_po_polsku`` and ``tycoon simulate biznes_po_polsku`` work like Playboss's."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

from tycoon.cli import main
from tycoon.cli.render import renderer_for
from tycoon.cli.render.biznes_po_polsku import BiznesRenderer
from tycoon.core import read, replay
from tycoon.games.biznes_po_polsku.actions import Mortgage, OfferExchange
from tycoon.games.biznes_po_polsku.words import describe
from tycoon.words import render

from .helpers import give_firm, new_game


class Script:
    """Answers prompts from a list of lines, then behaves like a closed terminal."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)


def console() -> Console:
    return Console(file=io.StringIO(), width=140, record=True, color_system=None)


def test_the_renderer_is_registered() -> None:
    assert isinstance(renderer_for("biznes_po_polsku"), BiznesRenderer)


def test_a_person_plays_against_two_bots_and_saves_the_game(tmp_path: Path) -> None:
    out = tmp_path / "game.jsonl"
    screen = console()
    answers = Script(["roll", "1", "pass", "show", "quit"])
    argv = ["play", "biznes_po_polsku", "--seats", "you,bot,bot", "--seed", "3", "--out", str(out)]
    assert main(argv, console=screen, ask=answers) == 0
    text = screen.export_text()
    assert "Biznes po polsku — round" in text and "as seen by you" in text
    assert "Zakład fryzjerski" in text and "Players" in text and "fortune" in text
    assert "you, your choice:" in text
    assert f"Game saved to {out}" in text
    (record,) = read(out)
    assert record.game == "biznes_po_polsku" and record.result is None
    assert not replay(record).is_terminal()


def test_a_game_of_bots_ends_with_each_fortune() -> None:
    screen = console()
    argv = ["play", "biznes_po_polsku", "--seats", "bot,bot", "--seed", "5", "--rounds", "8"]
    assert main(argv, console=screen, ask=Script([])) == 0
    text = screen.export_text()
    assert "Result" in text and "Fortune — bot 1" in text and "Cash" in text


def test_simulate_plays_seeded_games() -> None:
    screen = console()
    argv = ["simulate", "biznes_po_polsku", "--games", "6", "--seats", "bot,random,random", "--seed", "2"]
    assert main([*argv, "--rounds", "15"], console=screen) == 0
    text = screen.export_text()
    assert "biznes_po_polsku (players=3, rounds=15) — 6 games, seed 2" in text
    assert "Rounds: mean" in text


def test_actions_are_described_with_firm_names() -> None:
    state = new_game(2)
    give_firm(state, 0, 8)
    give_firm(state, 1, 14)
    assert render(describe(state, Mortgage(8))) == "mortgage Kiosk „Ruchu” (newsstand) for 500 zł"
    assert render(describe(state, OfferExchange(8, 14, -600))) == (
        "offer to exchange Kiosk „Ruchu” (newsstand) for seat 1's Zakład fryzjerski (hairdresser's salon), asking "
        "600 zł in return"
    )
