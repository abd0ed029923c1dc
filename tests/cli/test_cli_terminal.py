"""``tycoon play`` at a real terminal of 100 × 30 (tmux): line editing and what the screen shows."""

from __future__ import annotations

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
