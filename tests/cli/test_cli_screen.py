"""What a person sees at 100 × 30: after every prompt, the pending decision and their own
position (Playboss's and Biznes po polsku's cash, Die Bosse's hand) are on the screen, whatever
was typed before — bad input, help, the whole board, long lists, forms."""

from __future__ import annotations

import io

import pytest
from keyboard import Table
from rich.console import Console, RenderableType
from rich.text import Text

from tycoon.cli.render.die_bosse import action_text
from tycoon.cli.screen import Screen
from tycoon.core.game import CHANCE

PERSON = [
    "",
    "nonsense",
    "999",
    "help",
    "show",
    "all",
    "more 1",
    "more x",
    "menu",
]
"""What a person types around the game at every kind of prompt, before playing on."""

GAMES = [
    (
        "playboss",
        ["you", "bot", "bot"],
        {"years": 1},
        [*PERSON, "help offer-loan", "offer-loan", "2", "help", "cancel"],
    ),
    (
        "playboss",
        ["you", "bot", "bot", "bot"],
        {"years": 1, "steps": [1, 2, 3, 4, 5, 6]},
        [*PERSON, "hire", "0", "2", "no", "help hire"],
    ),
    ("die_bosse", ["you", "bot", "bot"], {}, [*PERSON, "help buy", "buy 999", "help 1"]),
    ("biznes_po_polsku", ["you", "bot", "bot"], {"rounds": 14}, [*PERSON, "help roll", "roll 3"]),
]


def first_row(renderable: RenderableType, width: int) -> str:
    """The first screen line of ``renderable`` as the terminal game prints it: words broken
    between items (``Screen.say``) for a line of text, as rich draws it otherwise."""
    console = Console(file=io.StringIO(), width=width, record=True, color_system=None)
    if isinstance(renderable, Text):
        Screen(console).say(renderable)
    else:
        console.print(renderable)
    return console.export_text().splitlines()[0].rstrip()


def own_figure(table: Table) -> str:
    """The figure a person must always see: their cash, or in Die Bosse their hand."""
    view = table.state.view(table.seat)
    if table.game_id == "die_bosse":
        (me,) = [p for p in view["players"] if p["seat"] == table.seat]
        return "hand: " + (action_text(me["hand"][0], keep=True) if me["hand"] else "empty")
    if table.game_id == "playboss":
        (me,) = [b for b in view["businesses"] if b["seat"] == table.seat]
        return f"cash {me['cash']:,}"
    (me,) = [p for p in view["players"] if p["seat"] == table.seat]
    return f"cash {me['cash']:,} zł"


@pytest.mark.parametrize(("game_id", "seats", "options", "script"), GAMES, ids=lambda v: str(v)[:40])
def test_the_decision_and_the_players_position_stay_in_sight(
    game_id: str, seats: list[str], options: dict[str, object], script: list[str]
) -> None:
    checked: list[str] = []

    def check(table: Table, prompt: str, screen: list[str]) -> None:
        state = table.state
        if state.current_player() in (CHANCE,) or state.is_terminal():
            return
        view = state.view(table.seat)
        terminal = table.terminal
        decision = first_row(terminal.decision(view, table.seat), table.width)
        position = first_row(terminal.renderer.position(view, terminal.names, table.seat), table.width)
        shown = "\n".join(screen)
        assert len(screen) <= table.height - 1
        assert decision in shown, f"the decision is out of sight at {prompt!r}:\n{shown}"
        assert position in shown, f"the position is out of sight at {prompt!r}:\n{shown}"
        figure = own_figure(table)
        assert figure in " ".join(screen), f"{figure!r} is out of sight at {prompt!r}:\n{shown}"
        checked.append(prompt)

    table = Table(game_id, seats, 11, options, width=100, height=30, script=list(script), check=check, limit=150)
    assert table.run() == 0
    assert not table.script  # every scripted line was typed
    assert len(checked) >= 20
    assert any(p.startswith("  ") for p in checked) or game_id != "playboss"  # a form's questions too


@pytest.mark.parametrize(
    ("game_id", "seats", "options", "width", "height"),
    [
        ("playboss", ["you", "bot", "bot", "bot"], {"years": 1, "steps": [1, 2, 3, 4, 5, 6]}, 200, 60),
        ("playboss", ["you", "bot", "bot"], {"years": 1}, 100, 30),
        ("die_bosse", ["you", "bot", "bot"], {}, 100, 30),
        ("biznes_po_polsku", ["you", "bot", "bot"], {"rounds": 10}, 200, 60),
    ],
    ids=["playboss-6-steps-200x60", "playboss-100x30", "die_bosse-100x30", "biznes-200x60"],
)
def test_the_last_things_told_stay_in_sight(
    game_id: str, seats: list[str], options: dict[str, object], width: int, height: int
) -> None:
    """More than three lines of what happened last (the bots' moves among them) are on screen
    at every prompt, the board or a long menu notwithstanding: as told, or in the summary of
    their turn when more happened than the screen holds."""
    checked: list[int] = []

    def check(table: Table, prompt: str, screen: list[str]) -> None:
        if prompt != "you> " or table.state.current_player() != table.seat:
            return
        narrator = table.terminal.narrator
        told = list(narrator.history)[-4:]
        shown = "\n".join(screen)
        for back, line in enumerate(reversed(told), 1):
            start = first_row(line, width)[:60]
            # The last draw took the lines told since the prompt before: the summary stands for
            # the first ``summed_up`` of them.
            summed = narrator.summing - back < narrator.summed_up
            assert start in shown or summed, f"{start!r} is out of sight:\n{shown}"
        checked.append(len(told))

    table = Table(game_id, seats, 5, options, width=width, height=height, check=check, limit=250)
    assert table.run() == 0
    assert len(checked) > 10 and min(checked) == 4
