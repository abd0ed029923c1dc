"""A golden playthrough: one seeded game of Die Bosse told as text, compared with the
checked-in ``golden/`` file, so that any change of the rules' behaviour shows as a readable
diff. After a deliberate change of the rules, rewrite the file and review its diff:

    TYCOON_UPDATE_GOLDEN=1 pytest tests/die_bosse/test_golden.py
"""

from __future__ import annotations

from pathlib import Path

from tycoon.agents import RandomAgent
from tycoon.core import load
from tycoon.core.driver import Agent
from tycoon.games.die_bosse.bot import DieBosseBot
from tycoon.games.die_bosse.state import DieBosseState
from tycoon.games.die_bosse.words import describe
from tycoon.testing.golden import check_golden, narrate_moves

GOLDEN = Path(__file__).parent / "golden"
SEED = 11
PLAYERS = 3


def narrate(seed: int = SEED, players: int = PLAYERS) -> str:
    """Play one game, two bots and a random agent, chance drawn from ``seed``; one line per
    move: who moved, the move's text, and what happened because of it."""
    game = load("die_bosse", players=players)
    state = game.new_state()
    assert isinstance(state, DieBosseState)
    agents: list[Agent] = [DieBosseBot(f"{seed}:{s}") if s < 2 else RandomAgent(f"{seed}:{s}") for s in range(players)]
    lines = [f"# {game!r}, seed {seed}, seats: bot, bot, random"]
    narrate_moves(state, agents, seed, lines, describe)
    outcome = state.outcome()
    lines.append(f"scores {list(outcome.scores)}, winners {list(outcome.winners)}")
    return "\n".join(lines) + "\n"


def test_golden_playthrough() -> None:
    """Die Bosse from "Spelvoorbereiding" to "Einde en afrekening", as one seeded game."""
    path = GOLDEN / f"die-bosse-{PLAYERS}p-seed{SEED}.txt"
    text = narrate()
    check_golden(path, text)


def test_the_narration_never_names_a_hidden_card() -> None:
    """Narration is shown to every player: draws and cards given up stay secret."""
    text = narrate(seed=5)
    for line in text.splitlines():
        if ": draw " in line or ": discard " in line or ": remove " in line:
            events = line.split("|", 1)[1] if "|" in line else ""
            assert "M " not in events and "transfer" not in events, line
