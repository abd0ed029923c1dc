"""A golden playthrough: one seeded game of Biznes po polsku told as text, compared with the
checked-in ``golden/`` file, so that any change of the rules' behaviour shows as a readable diff.

After a deliberate change of the rules, rewrite the file and review its diff:

    TYCOON_UPDATE_GOLDEN=1 pytest tests/biznes_po_polsku/test_golden.py
"""

from __future__ import annotations

from pathlib import Path

from tycoon.agents import RandomAgent
from tycoon.core import load
from tycoon.core.driver import Agent
from tycoon.games.biznes_po_polsku.bot import BiznesBot
from tycoon.games.biznes_po_polsku.state import BiznesState
from tycoon.testing.golden import check_golden, narrate_moves

GOLDEN = Path(__file__).parent / "golden"
SEED = 20
PLAYERS = 3
ROUNDS = 25


def narrate(seed: int = SEED, players: int = PLAYERS, rounds: int = ROUNDS) -> str:
    """Play one game, the bot in seat 0 and random agents elsewhere, chance drawn from ``seed``;
    one line per move: who moved, the move's text, and what happened because of it."""
    game = load("biznes_po_polsku", players=players, rounds=rounds)
    state = game.new_state()
    assert isinstance(state, BiznesState)
    agents: list[Agent] = [BiznesBot(), *(RandomAgent(f"{seed}:{s}") for s in range(1, players))]
    lines = [f"# {game!r}, seed {seed}, the bot in seat 0, random agents elsewhere"]
    narrate_moves(state, agents, seed, lines)
    outcome = state.outcome()
    lines.append(
        f"scores {list(outcome.scores)}, winners {list(outcome.winners)}, eliminated {list(outcome.eliminated)}"
    )
    return "\n".join(lines) + "\n"


def test_golden_playthrough() -> None:
    """The whole rulebook, from the start roll to the agreed end, as one seeded game."""
    path = GOLDEN / f"biznes_po_polsku-{PLAYERS}p-{ROUNDS}r-seed{SEED}.txt"
    text = narrate()
    check_golden(path, text)


def test_the_narration_is_the_same_every_time() -> None:
    assert narrate(seed=7, rounds=5) == narrate(seed=7, rounds=5)
