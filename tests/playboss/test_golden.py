"""A golden playthrough: one seeded game of Playboss told as text, compared with the checked-in
``golden/`` file, so that any change of the rules' behaviour shows as a readable diff.

After a deliberate change of the rules, rewrite the file and review its diff:

    TYCOON_UPDATE_GOLDEN=1 pytest tests/playboss/test_golden.py
"""

from __future__ import annotations

from pathlib import Path

from tycoon.agents import RandomAgent
from tycoon.core import load
from tycoon.core.driver import Agent
from tycoon.games.playboss.bot import PlaybossBot
from tycoon.games.playboss.flow import PlaybossState
from tycoon.testing.golden import check_golden, narrate_moves

GOLDEN = Path(__file__).parent / "golden"
SEED = 153
PLAYERS = 4
YEARS = 2


def narrate(seed: int = SEED, players: int = PLAYERS, years: int = YEARS, steps: tuple[int, ...] = ()) -> str:
    """Play one game, chance drawn from ``seed``; one line per move: who moved, the move's text,
    and what happened because of it. Random agents play the base model; with steps, the bot
    plays every seat but seat 1 (random), so that the steps' procedures all come up."""
    game = load("playboss", players=players, years=years, **({"steps": list(steps)} if steps else {}))
    state = game.new_state()
    assert isinstance(state, PlaybossState)
    agents: list[Agent] = [RandomAgent(f"{seed}:{seat}") for seat in range(players)]
    if steps:
        agents = [RandomAgent(f"{seed}:{seat}") if seat == 1 else PlaybossBot() for seat in range(players)]
    lines = [f"# {game!r}, seed {seed}, {'the bot and a random agent (seat 1)' if steps else 'random agents'}"]
    narrate_moves(state, agents, seed, lines)
    outcome = state.outcome()
    lines.append(
        f"scores {list(outcome.scores)}, winners {list(outcome.winners)}, eliminated {list(outcome.eliminated)}"
    )
    return "\n".join(lines) + "\n"


def test_golden_playthrough() -> None:
    """Playboss I, the base model from setup to "End of the Game", as one seeded game."""
    path = GOLDEN / f"playboss-{PLAYERS}p-{YEARS}y-seed{SEED}.txt"
    text = narrate()
    check_golden(path, text)


def test_golden_playthrough_with_all_six_steps() -> None:
    """Playboss II, every expansion step on: the free market, purchase auctions, marketing
    organisations, taxation, the game goals and the labour market (seat 3 is the worker
    representative), as one seeded game."""
    path = GOLDEN / f"playboss-steps123456-{PLAYERS}p-{YEARS}y-seed{SEED}.txt"
    check_golden(path, narrate(steps=(1, 2, 3, 4, 5, 6)))


def test_the_narration_is_the_same_every_time() -> None:
    """The golden file can only be trusted if the same seed always tells the same game."""
    assert narrate(seed=7, years=1) == narrate(seed=7, years=1)
