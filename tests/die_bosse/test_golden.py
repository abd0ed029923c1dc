"""A golden playthrough: one seeded game of Die Bosse told as text, compared with the
checked-in ``golden/`` file, so that any change of the rules' behaviour shows as a readable
diff. After a deliberate change of the rules, rewrite the file and review its diff:

    TYCOON_UPDATE_GOLDEN=1 pytest tests/die_bosse/test_golden.py
"""

from __future__ import annotations

import random
from pathlib import Path

from tycoon.agents import RandomAgent
from tycoon.core import CHANCE, load, sample_chance
from tycoon.core.driver import Agent
from tycoon.games.die_bosse import DieBosseState
from tycoon.games.die_bosse.bot import DieBosseBot
from tycoon.testing.golden import check_golden

GOLDEN = Path(__file__).parent / "golden"
SEED = 11
PLAYERS = 3


def narrate(seed: int = SEED, players: int = PLAYERS) -> str:
    """Play one game, two bots and a random agent, chance drawn from ``seed``; one line per
    move: who moved, the move's text, the move as a spectator reads it (``describe``, asked
    before the move, as the terminal asks it), and what happened because of it."""
    game = load("die_bosse", players=players)
    state = game.new_state()
    assert isinstance(state, DieBosseState)
    agents: list[Agent] = [DieBosseBot(f"{seed}:{s}") if s < 2 else RandomAgent(f"{seed}:{s}") for s in range(players)]
    lines = [f"# {game!r}, seed {seed}, seats: bot, bot, random"]
    state.log = []
    chance = random.Random(f"{seed}:chance")
    while not state.is_terminal():
        seat = state.current_player()
        action = sample_chance(state, chance) if seat == CHANCE else agents[seat].act(state, seat)
        told = len(state.log)
        described = state.describe(action, None)
        state.apply(action, seat)
        who = "chance" if seat == CHANCE else f"seat {seat}"
        events = " ".join(state.log[told:])
        lines.append(f"{len(lines):>4} {who}: {action} ({described})" + (f" | {events}" if events else ""))
    outcome = state.outcome()
    lines.append(f"scores {list(outcome.scores)}, winners {list(outcome.winners)}")
    return "\n".join(lines) + "\n"


def test_golden_playthrough() -> None:
    """Die Bosse from "Spelvoorbereiding" to "Einde en afrekening", as one seeded game."""
    path = GOLDEN / f"die-bosse-{PLAYERS}p-seed{SEED}.txt"
    text = narrate()
    check_golden(path, text)
