"""``tycoon play die_bosse`` and ``tycoon simulate die_bosse`` with scripted input."""

from __future__ import annotations

import io
import re
from pathlib import Path

from rich.console import Console

from tycoon.cli import main
from tycoon.core import read, replay


def console() -> Console:
    return Console(file=io.StringIO(), width=160, record=True, color_system=None)


class Script:
    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)


def test_play_shows_the_human_only_their_own_hand(tmp_path: Path) -> None:
    out = tmp_path / "game.jsonl"
    con = console()
    answers = Script(["show", "end", "1", "done", "quit"])
    status = main(
        ["play", "die_bosse", "--seats", "you,bot,bot", "--seed", "3", "--out", str(out)], console=con, ask=answers
    )
    text = con.export_text()
    assert status == 0
    assert "as seen by you" in text
    assert "Hand: #" in text  # the human's own cards
    assert "Hand: 7 cards (hidden)" in text or re.search(r"Hand: \d+ cards \(hidden\)", text)
    assert "you: end" in text and "give up an action card" in text
    # Drawn cards are never named to the table.
    assert not re.search(r"chance: draw \d", text)
    (record,) = read(out)
    assert not replay(record).is_terminal()


def test_bots_play_a_whole_game_and_simulate_reports() -> None:
    con = console()
    assert main(["play", "die_bosse", "--seats", "bot,bot", "--seed", "1"], console=con, ask=Script([])) == 0
    text = con.export_text()
    assert "Result" in text and "Distribution 1" in text
    con = console()
    assert main(["simulate", "die_bosse", "--games", "4", "--seats", "bot,random,random"], console=con) == 0
    assert "bot" in con.export_text()


def test_the_decision_shows_what_is_for_sale_and_what_is_to_lay() -> None:
    from tycoon.cli.render import renderer_for

    view = {
        "pending": {"seat": 0, "text": "lay the company"},
        "row": [{"card": 45, "industry": "auto", "letters": "F", "price": 8}],
        "this_turn": {"placing": {"card": 23, "industry": "oil", "letters": "BCD", "price": 16}},
    }
    lines = renderer_for("die_bosse").decision(view, ["you", "bot 2"], 0).plain.splitlines()
    assert lines[0] == "Your decision: lay the company"
    assert lines[1].replace("\u00a0", " ").startswith("For sale: #45  auto  F 8M")
    assert lines[2].replace("\u00a0", " ") == "To lay: #23  oil  BCD 16M"


def test_a_payment_is_told_card_by_card_and_then_once_whole_and_the_deal_in_one_line() -> None:
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "cli"))
    from keyboard import Table

    table = Table("die_bosse", ["you", "bot", "bot"], 3, limit=60)
    assert table.run() == 0
    text = "\n".join(table.rows)
    # A bot hands over capital cards one by one, each told with its value; the rules tell the
    # payment once it is whole.
    paid = re.search(r"^bot \d: pay \d+M[^\n]* towards the bill of \d+ million[^\n]*$", text, re.MULTILINE)
    assert paid is not None, text
    following = text[paid.end() :].lstrip("\n").splitlines()
    told = next(line for line in following if not line.startswith(("bot", "  bot")) or " pays " in line)
    assert re.match(r"      bot \d pays \d+ million \(", told), told
    # The deal is told in one line and its summary, not card by card: every card dealt reads
    # alike to everyone (the person sees their hand on the screen once it is dealt).
    dealt = [line for line in table.rows if "dealt" in line]  # on every screen drawn while it shows
    assert dealt[:2] == ["chance: an action card is dealt (×20)", "      Each player is dealt 7 action cards."]
    assert set(dealt) == set(dealt[:2]), dealt


def test_the_terminal_numbers_a_players_concerns_from_1() -> None:
    """The concern column counts from 1, as the descriptions and the narration do."""
    from tycoon.cli.render import renderer_for

    aviation = {"card": 0, "industry": "aviation", "letters": "A", "price": 8}
    player = {"seat": 0, "profit": 0, "hand_size": 7, "concerns": [{"companies": [aviation], "share": 0}] * 2}
    con = console()
    con.print(renderer_for("die_bosse").player(player, ["you", "bot 2"], {}))
    rows = [line.split() for line in con.export_text().splitlines() if "aviation" in line]
    assert [row[0] for row in rows] == ["1", "2"]
