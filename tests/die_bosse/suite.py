"""What the shared test of every registered game (tests/test_registered_games.py) plays of Die
Bosse: the conformance suite with the hidden-information check (every view a seat gets stays
the same when the cards it cannot see, other hands, the stacks, the discard pile, the cards
taken out, are shared out anew), 200 seeded games with random agents and 200 with the bot
beside random agents, 2 to 6 players; and the golden playthrough, from "Spelvoorbereiding" to
"Einde en afrekening", as one seeded game of two bots and a random agent.
"""

from __future__ import annotations

from game_suites import ConformanceRun, GoldenRun, beside_random
from tycoon.agents import RandomAgent
from tycoon.core import Agent
from tycoon.games.die_bosse import BOTS
from tycoon.games.die_bosse.bot import DieBosseBot

from .helpers import view_leak_check

PLAYERS = (2, 3, 4, 5, 6)
PER_SIZE = 200 // len(PLAYERS)
DETERMINISM = 10
"""Games per size that are also played twice (same seed, same game): the check costs a whole
game, and the property tests and the golden file check determinism again."""

CONFORMANCE = [
    *(
        ConformanceRun(
            f"random-{players}p",
            {"players": players},
            range(players * 1000, players * 1000 + PER_SIZE),
            determinism=DETERMINISM,
            view_leak_check=view_leak_check,
        )
        for players in PLAYERS
    ),
    *(
        ConformanceRun(
            f"bot-{players}p",
            {"players": players},
            range(players * 2000, players * 2000 + PER_SIZE),
            agents=beside_random(BOTS["bot"]),
            determinism=DETERMINISM,
            view_leak_check=view_leak_check,
        )
        for players in PLAYERS
    ),
]


def two_bots_and_a_random_agent(seed: int | str, seats: int) -> list[Agent]:
    return [DieBosseBot(f"{seed}:{s}") if s < 2 else RandomAgent(f"{seed}:{s}") for s in range(seats)]


GOLDEN = [
    GoldenRun(
        "die-bosse-3p-seed11.txt",
        {"players": 3},
        seed=11,
        agents=two_bots_and_a_random_agent,
        seats="seats: bot, bot, random",
        describe=True,
        eliminated=False,
    )
]
