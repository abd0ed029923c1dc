"""``tycoon play`` at a real terminal of 100 × 30 (tmux): line editing and what the screen shows."""

from __future__ import annotations

import pytest
from tmux import terminal

from tycoon.cli.prompt import clean


def _prompt(rows: list[str]) -> bool:
    """The cursor waits at an empty "you> " prompt."""
    filled = [r for r in rows if r.strip()]
    return bool(filled) and filled[-1].rstrip() == "you>"


def test_the_up_arrow_recalls_the_last_line_and_escape_shows_no_control_character() -> None:
    with terminal(["play", "die_bosse", "--seats", "you,bot,bot", "--seed", "3"]) as t:
        t.wait(_prompt, "the first prompt")
        t.type("hello")
        t.keys("Enter")
        t.wait(lambda rows: _prompt(rows) and any("no action 'hello'" in r for r in rows), "the refusal")
        # Up brings back "hello", to be sent again as it is.
        t.keys("Up")
        rows = t.wait(lambda rows: rows[-1].rstrip().endswith("hello") or "^[" in "".join(rows), "the line recalled")
        assert not any("^[" in r for r in rows) and [r for r in rows if r.strip()][-1].rstrip() == "you> hello"
        t.keys("Enter")
        rows = t.wait(
            lambda rows: _prompt(rows) and sum("no action 'hello'" in r for r in rows) == 2, "the second refusal"
        )
        # Escape and Enter, then a line: no escape character reaches the screen or the message.
        t.keys("Escape")
        t.keys("Enter")
        t.type("zzz")
        t.keys("Enter")
        rows = t.wait(lambda rows: _prompt(rows) and any("'zzz'" in r for r in rows), "the third refusal")
        screen = "\n".join(rows)
        assert "^[" not in screen and "\x1b" not in screen
        assert any(r.startswith("  ✗ there is no action 'zzz'; the actions now:") for r in rows), screen


def test_a_line_is_taken_without_escape_sequences_or_control_characters() -> None:
    assert clean("\x1b[Ahello\x1b") == "hello"
    assert clean("buy\x1bOA 3\x07\r") == "buy 3"
    assert clean("\x1b\x1b[1;5Cend\ttheturn\x7f") == "end theturn"
    assert clean("Zürich 5 × 3") == "Zürich 5 × 3"


@pytest.mark.parametrize(
    ("seats", "seed"),
    [("you,bot,bot", "906926"), ("bot,bot,bot,you,bot", "2"), ("you,bot,bot,bot", "4")],
)
def test_every_opening_of_all_six_steps_fits_with_the_first_decision(seats: str, seed: str) -> None:
    # seed 906926: a bot's first turn ends in an auction the person is asked to bid in, and the
    # standings must not push the game's heading away.
    args = ["play", "playboss", "--seats", seats, "--steps", "1,2,3,4,5,6", "--seed", seed]
    with terminal(args) as t:
        rows = t.wait(_prompt, "the first decision")
        screen = "\n".join(rows)
        assert t.scrolled_away() == 0 and rows[0].startswith(f"playboss — seed {seed} — "), screen
        assert "Your decision: " in screen and "Type a number or an action" in screen


def test_the_opening_of_all_six_steps_and_the_first_decision_fit_on_the_screen() -> None:
    # Two bots move before the person: each hires, writes down a personal goal, rolls and
    # acts on its field; told move by move that is 20 lines, and the start scrolled away.
    args = ["play", "playboss", "--seats", "bot,bot,you,bot", "--steps", "1,2,3,4,5,6", "--seed", "2"]
    with terminal(args) as t:
        rows = t.wait(_prompt, "the first decision")
        screen = "\n".join(rows)
        assert t.scrolled_away() == 0, screen
        assert rows[0].startswith("playboss — seed 2 — bot 1 (bot), bot 2 (bot), you (human)"), screen
        for bot in ("bot 1", "bot 2"):
            (told,) = [r for r in rows if r.startswith(f"{bot}: hires 1 worker")]
            assert "writes down a personal goal" in told, screen
        assert "You roll 1 for the start" in screen and "begins." in screen
        assert "Your decision: do business at any time, then roll the die" in screen
        assert "Offer to buy another player's business" in screen  # the whole menu
