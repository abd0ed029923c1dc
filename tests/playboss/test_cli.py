"""``tycoon play playboss`` with scripted input: seats as the table numbers them, offers asked
field by field, and a story told in the rules' words."""

from __future__ import annotations

import io
import sys
from pathlib import Path

from rich.console import Console

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "cli"))

from scripted import Script

from tycoon.cli import main
from tycoon.core import read

# Seed 5, one year, you and two bots: bot 2 begins; at your first prompt you may roll, buy a
# computer, or offer either bot a loan (or ask one for a loan), its terms asked field by field.
PLAY = ["play", "playboss", "--seats", "you,bot,bot", "--seed", "5", "--years", "1"]


def console() -> Console:
    return Console(file=io.StringIO(), width=100, height=30, record=True, color_system=None)


def own_moves(out: Path) -> list[dict[str, object]]:
    (record,) = read(out)
    return [m.action for m in record.moves if m.seat == 0]


def test_an_offer_is_asked_field_by_field_and_goes_to_the_seat_chosen(tmp_path: Path) -> None:
    out = tmp_path / "game.jsonl"
    con = console()
    answers = ["offer-loan", "9", "bot 3", "20000", "5000", "help", "5", "0", "1", "no", "yes", "quit", "yes"]
    script = Script(answers, echo=con)
    assert main([*PLAY, "--out", str(out)], console=con, ask=script) == 0
    text = con.export_text()
    # The menu in the game's words: an offer is one entry per family, its terms asked for.
    assert "  3  Offer a loan, or ask for one  [offer-loan …: asked field by field]" in text
    assert "With [2 bot 2, 3 bot 3]> 9" in text
    assert "'9' is not a seat you may choose here; choose 2 bot 2, 3 bot 3" in text
    # The bounds are what the lenders may spend: 10,000 each.
    assert "Amount (Marks) [1..10,000]> 20000" in text and "20,000 is out of range; type a number of 1..10,000" in text
    # 'help' on a question explains the field (its docstring) and what it may be now.
    assert "interest: Percent of the amount outstanding due at each of the borrower's crossings" in text
    assert "allowed now: 0..100" in text
    # The question is the form's label with its unit, as the page's form shows it.
    assert "Interest at each crossing of start (%) [0..100]> 5" in text
    assert "You lend (no: you borrow) [yes/no]> no" in text
    assert (
        "Ask bot 3 for a loan of 5,000 Marks at 5% a year, no fee, due at the borrower's next crossing of start. "
        "Do it? (yes/no)> yes"
    ) in text
    assert "You ask bot 3 for a loan of 5,000 Marks" in text
    offer = {"kind": "offer-loan", "to": 2, "amount": 5000, "interest": 5, "fee": 0, "laps": 1, "lend": False}
    assert own_moves(out) == [offer]


def test_a_typed_action_takes_the_seat_numbers_and_names_on_the_table(tmp_path: Path) -> None:
    out = tmp_path / "game.jsonl"
    con = console()
    answers = ["offer-loan 4 5000 5 0 1 no", "offer-loan bot-2 2000 10 1000 0 yes", "quit", "yes"]
    assert main([*PLAY, "--out", str(out)], console=con, ask=Script(answers, echo=con)) == 0
    text = con.export_text()
    assert "'4' is no seat at this table for to; the seats: 1 you, 2 bot 2, 3 bot 3" in text
    assert "You offer bot 2 a loan of 2,000 Marks" in text
    assert [m["to"] for m in own_moves(out)] == [1]


def test_the_story_is_told_in_the_rules_words_and_keeps_goals_hidden() -> None:
    con = console()
    argv = ["play", "playboss", "--seats", "you,bot,bot,bot", "--seed", "5", "--years", "1", "--steps", "5,6"]
    assert main(argv, console=con, ask=Script(["quit", "yes"], echo=con)) == 0
    text = con.export_text()
    # the opening of steps 5 and 6 is summed up a line a turn to leave the decision on screen
    assert "bot 2: writes down a personal goal; roll the die; rolls 2 and moves to space 3 (red decision field)" in text
    # No chance line before the roll it narrates, no move line before the rules' telling of it.
    assert "chance: die" not in text
    assert "bot 2: declare-goal" not in text and "bot 3: declare-goal" not in text
