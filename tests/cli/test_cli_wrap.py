"""Long lines at the terminal break between words, never in the middle of one: the menu, the
help and the messages, each continuation under where its text began."""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterable

import coin_game
from rich.console import Console
from rich.text import Text
from scripted import Script

from tycoon.cli import main
from tycoon.cli.menu import Menu
from tycoon.cli.naming import SeatNames
from tycoon.cli.screen import Screen
from tycoon.cli.wrap import hanging, wrap
from tycoon.core import load

ScriptFactory = Callable[[Iterable[str]], Script]
LONG = "invest in a machine for 10,000 Marks, 5,000 of it on credit at the bank, repaid at the next crossing of start"


def _words(text: str) -> list[str]:
    return text.split()


def test_wrap_breaks_between_words_and_keeps_every_word() -> None:
    pieces = wrap(Text(LONG), 30)
    assert all(len(p.plain) <= 30 for p in pieces)
    assert [w for p in pieces for w in _words(p.plain)] == _words(LONG)
    assert len(pieces) > 1


def test_a_word_wider_than_the_line_is_cut_and_nothing_is_lost() -> None:
    pieces = wrap(Text("a " + "x" * 25 + " b"), 10)
    assert all(len(p.plain) <= 10 for p in pieces)
    assert "".join(p.plain.replace(" ", "") for p in pieces) == "a" + "x" * 25 + "b"


def test_continuations_hang_under_the_first_word() -> None:
    lines = [line.plain for line in hanging(Text(f"  ✗ {LONG}"), 40)]
    assert lines[0].startswith("  ✗ invest")
    assert all(line.startswith("    ") and line[4] != " " for line in lines[1:])
    assert [w for line in lines for w in _words(line)] == ["✗", *_words(LONG)]


def test_a_long_menu_choice_goes_on_under_its_words_instead_of_being_cut() -> None:
    game = load("coinflip", players=2)
    actions = [coin_game.Flip("heads"), coin_game.Flip("tails")]
    menu = Menu(actions, [], lambda a: f"{a.side}: {LONG}", game.codec, SeatNames(["you", "bot"]))
    lines = [line.plain for line in menu.lines(60, budget=None)]
    assert len(lines) > 2 and all(len(line) < 60 for line in lines)
    assert "…" not in "".join(lines)
    first = lines[: next(i for i, line in enumerate(lines[1:], 1) if line.lstrip().startswith("2 "))]
    assert first[0].startswith("  1  heads: invest")
    assert all(line.startswith("     ") for line in first[1:])
    assert _words(" ".join(first)) == _words(f"1 heads: {LONG} [flip heads]")


def test_a_long_menu_choice_gathers_its_kind_rather_than_leave_the_budget() -> None:
    game = load("coinflip", players=2)
    actions = [coin_game.Call("heads", n) for n in range(6)] + [coin_game.Flip("tails")]
    menu = Menu(actions, [], lambda a: LONG, game.codec, SeatNames(["you", "bot"]))
    assert len(menu.lines(60, budget=4)) <= 4


def test_help_at_a_narrow_terminal_breaks_between_words(script: ScriptFactory) -> None:
    console = Console(file=io.StringIO(), width=50, height=40, record=True, color_system=None)
    main(["play", "coinflip", "--seats", "you,heads", "--seed", "4"], console=console, ask=script(["help"]))
    text = console.export_text()
    said = text[text.index("a number from 1 to") :]
    lines = said.splitlines()
    help_words = _words(" ".join(lines))
    # Every word of the help is whole: 'help KIND', 'show', 'quit' are never split.
    for word in ("'help", "KIND'", "'show'", "'quit'", "explains", "choices"):
        assert word in help_words or any(re.sub(r"[,;.]$", "", w) == word for w in help_words)
    assert all(len(line) <= 50 for line in lines)


def test_screen_say_counts_the_lines_it_printed() -> None:
    console = Console(file=io.StringIO(), width=30, height=20, record=True, color_system=None)
    screen = Screen(console)
    screen.say(f"  {LONG}")
    assert len(screen.tail) == len(console.export_text().splitlines()) > 1


def test_the_kind_whose_choices_take_the_most_lines_gathers_first() -> None:
    game = load("coinflip", players=2)
    actions = [coin_game.Flip("heads"), coin_game.Flip("tails")] + [coin_game.Call("heads", n) for n in range(3)]
    describe = lambda a: LONG if a.kind == "flip" else f"call {a.stake}"  # noqa: E731
    menu = Menu(actions, [], describe, game.codec, SeatNames(["you", "bot"]))
    lines = [line.plain for line in menu.lines(60, budget=5)]
    # The two flips take three lines each: they share one line; the short calls keep theirs.
    assert [line.split()[0] for line in lines] == ["1–2", "3", "4", "5"]


def test_a_die_bosse_card_stays_whole_when_the_decision_and_the_hand_break() -> None:
    from tycoon.cli.render import renderer_for
    from tycoon.core.messages import msg
    from tycoon.words import render

    row = [
        {"card": n, "industry": industry, "letters": "ABC", "price": 12}
        for n, industry in [(9, "electronics"), (20, "alternative-energy"), (0, "aviation"), (12, "oil"), (50, "auto")]
    ]
    hand = [{"card": 58 + n, "kind": "capital", "value": 5, "symbol": "triangle"} for n in range(7)]
    view = {"pending": {"seat": 0, "text": "buy companies"}, "row": row, "players": [{"seat": 0, "hand": hand}]}
    console = Console(file=io.StringIO(), width=60, height=40, record=True, color_system=None)
    screen = Screen(console)
    renderer = renderer_for("die_bosse")
    screen.say(renderer.decision(view, ["you"], 0))
    screen.say(renderer.position(view, ["you"], 0))
    lines = [line.replace("\u00a0", " ") for line in console.export_text().splitlines()]
    assert len(lines) > 4 and all(len(line) <= 60 for line in lines)
    for card in row:
        industry = render(msg(f"db.industry.{card['industry']}"))  # "alt. energy"
        assert any(f"#{card['card']}  {industry}  ABC 12M" in line for line in lines), lines
    for card in hand:
        assert any(f"#{card['card']} 5M ▲" in line for line in lines), lines
