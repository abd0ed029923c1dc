"""A golden playthrough: one seeded game of Playboss told as text, compared with the checked-in
``golden/`` file, so that any change of the rules' behaviour shows as a readable diff.

After a deliberate change of the rules, rewrite the file and review its diff:

    TYCOON_UPDATE_GOLDEN=1 pytest tests/playboss/test_golden.py
"""

from __future__ import annotations

import difflib
import os
import random
from pathlib import Path

import pytest

from tycoon.agents import RandomAgent
from tycoon.core import CHANCE, load, sample_chance
from tycoon.games.playboss.state import PlaybossState

GOLDEN = Path(__file__).parent / "golden"
SEED = 153
PLAYERS = 4
YEARS = 2


def narrate(seed: int = SEED, players: int = PLAYERS, years: int = YEARS) -> str:
    """Play one game with random agents, chance drawn from ``seed``; one line per move: who
    moved, the move's text, and what happened because of it."""
    game = load("playboss", players=players, years=years)
    state = game.new_state()
    assert isinstance(state, PlaybossState)
    state.log = []
    chance = random.Random(f"{seed}:chance")
    agents = [RandomAgent(f"{seed}:{seat}") for seat in range(players)]
    lines = [f"# {game!r}, seed {seed}, random agents"]
    while not state.is_terminal():
        seat = state.current_player()
        action = sample_chance(state, chance) if seat == CHANCE else agents[seat].act(state, seat)
        told = len(state.log)
        state.apply(action, seat)
        who = "chance" if seat == CHANCE else f"seat {seat}"
        events = " ".join(state.log[told:])
        lines.append(f"{len(lines):>4} {who}: {action}" + (f" | {events}" if events else ""))
    outcome = state.outcome()
    lines.append(
        f"scores {list(outcome.scores)}, winners {list(outcome.winners)}, eliminated {list(outcome.eliminated)}"
    )
    return "\n".join(lines) + "\n"


def test_golden_playthrough() -> None:
    """Playboss I, the base model from setup to "End of the Game", as one seeded game."""
    path = GOLDEN / f"playboss-{PLAYERS}p-{YEARS}y-seed{SEED}.txt"
    text = narrate()
    if os.environ.get("TYCOON_UPDATE_GOLDEN") == "1":
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    if not path.exists():
        pytest.fail(f"{path.name} is missing; create it with TYCOON_UPDATE_GOLDEN=1")
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), text.splitlines(), "golden (checked in)", "this run", lineterm="", n=2
        )
        shown = list(diff)[:80]
        pytest.fail(
            "the golden playthrough changed; if the rules changed on purpose, rerun with "
            "TYCOON_UPDATE_GOLDEN=1 and review the diff\n" + "\n".join(shown),
            pytrace=False,
        )


def test_the_narration_is_the_same_every_time() -> None:
    """The golden file can only be trusted if the same seed always tells the same game."""
    assert narrate(seed=7, years=1) == narrate(seed=7, years=1)
