"""Seats run by two partners on the command line: ``--seats bot+random,bot`` (Playboss II, "6.
Step": two players may run one business; ``tycoon.agents.Partners``)."""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterable
from pathlib import Path

from rich.console import Console
from scripted import Script

from tycoon.cli import main
from tycoon.core import read, replay

ScriptFactory = Callable[[Iterable[str]], Script]


def test_simulate_plays_a_seat_of_two_partners(console: Console, tmp_path: Path) -> None:
    out = tmp_path / "partners.jsonl"
    argv = ["simulate", "playboss", "-n", "3", "--seats", "bot+random,bot", "--years", "1", "--out", str(out)]
    assert main(argv, console=console) == 0
    text = console.export_text()
    assert re.search(r"\s1\s+bot\+random\s", text)
    assert re.search(r"\s2\s+bot\s", text)
    records = read(out)
    assert len(records) == 3
    for record in records:
        assert [s["agent"] for s in record.seats] == ["bot+random", "bot"]
        assert record.result is not None
        assert list(replay(record).outcome().scores) == record.result["scores"]


def test_a_seat_of_two_is_refused_for_a_game_without_a_division(console: Console) -> None:
    assert main(["simulate", "coinflip", "--seats", "heads+bold,bold"], console=console) == 1
    assert main(["play", "coinflip", "--seats", "you+heads,bold"], console=console) == 1
    text = console.export_text()
    refusal = "coinflip does not divide a business between two partners, so no seat of it can be played by two"
    assert f"tycoon: {refusal} (KIND+KIND); games that do: playboss" in text
    assert f"tycoon: seat 1: {refusal}" in text


def test_bad_partner_kinds_name_what_is_allowed(console: Console) -> None:
    for seats in ("bot+genius,bot", "bot+,bot", "bot+bot+bot,bot", "you+bot,bot"):
        assert main(["simulate", "playboss", "-n", "1", "--seats", seats], console=console) == 1
    assert main(["play", "playboss", "--seats", "you+genius,bot"], console=console) == 1
    text = console.export_text()
    assert (
        "'bot+genius': unknown agent kind 'genius' for playboss; known kinds: random, easy, normal, hard, bot; "
        "a seat run by two partners: KIND+KIND" in text
    )
    assert "'bot+': a seat run by two partners is written PRODUCTION+FINANCE, two kinds joined by '+'" in text
    assert "'bot+bot+bot': a seat run by two partners is written PRODUCTION+FINANCE" in text
    assert "'you+bot': unknown agent kind 'you' for playboss" in text  # people play only in 'play'
    assert (
        "seat 1: unknown seat kind 'genius' in 'you+genius'; known kinds: you, human, random, easy, normal, hard, bot; "
        "a seat run by two partners: KIND+KIND" in text
    )


def test_a_person_and_a_bot_run_one_business(console: Console, script: ScriptFactory, tmp_path: Path) -> None:
    """The person is the production partner: the prompt names the role; an action of the
    finance partner's share is refused with the reason and the question comes again."""
    out = tmp_path / "game.jsonl"
    answers = script(["borrow 500", "1", "quit"])
    argv = ["play", "playboss", "--seats", "you+bot,bot", "--names", "Ann,Bob", "--seed", "3", "--years", "1"]
    assert main([*argv, "--out", str(out)], console=console, ask=answers) == 0
    text = console.export_text()
    assert answers.prompts[:3] == ["Ann (production)> "] * 3
    assert "Ann (you+bot), Bob (bot)" in text
    assert "Ann (production), your choice:" in text
    assert "✗ not allowed: borrow 500 is the finance partner's decision" in text
    # Asked again without drawing the game again: the list is shown for the roll, then for the
    # next decision.
    assert text.count("Ann (production), your choice:") == 2
    (record,) = read(out)
    assert record.seats[0] == {"name": "Ann", "agent": "human+bot"}
    assert {"kind": "roll"} in [m.action for m in record.moves if m.seat == 0]


def test_two_people_run_one_business_at_one_terminal(script: ScriptFactory) -> None:
    # Tall enough that the menu lists each choice on its own line (choice 1 is no gathered run
    # that would ask "Take it?").
    console = Console(file=io.StringIO(), width=120, height=60, record=True, color_system=None)
    answers = script(["1"] * 400)
    argv = ["play", "playboss", "--seats", "you+you,bot", "--seed", "3", "--years", "1"]
    assert main(argv, console=console, ask=answers) == 0
    text = console.export_text()
    assert set(answers.prompts) == {"you (production)> ", "you (finance)> "}
    assert "you (finance), your choice:" in text
    assert "Balance sheet — you" in text  # the game ran to its end
