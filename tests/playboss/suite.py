"""What the shared test of every registered game (tests/test_registered_games.py) plays of
Playboss.

The conformance suite: the base model, 1 to 8 businesses (the most the box's 8 pieces serve),
29 seeded games each with random agents and 29 with the bot (alone at odd sizes, beside random
agents at even ones), two business years for small tables and one for large ones (they take
many more actions); the default options (three years) at the fewest, default and most seats,
two games each with random agents and with the bot beside them; the expansion steps each alone,
steps 2 to 5 together, 1 to 5 and all six, with random agents (1 to 9 seats, five games each;
with step 6 one seat is the worker representative) and with the bot beside random agents (2 to
5 players, five games each); and each of step 5's goals, with the bot and with random agents.
About 900 seeded games in all.

The golden playthroughs: the base model from setup to "End of the Game" played by random
agents, and every expansion step on (seat 3 the worker representative) played by the bot in
every seat but seat 1 (random), so that the steps' procedures all come up.
"""

from __future__ import annotations

from dataclasses import replace

from game_suites import ConformanceRun, GoldenRun, beside_random, default_conformance, only
from tycoon.agents import RandomAgent
from tycoon.core import Agent
from tycoon.games.playboss import BOTS
from tycoon.games.playboss.bot import PlaybossBot

PLAYERS = (1, 2, 3, 4, 5, 6, 8)
PER_SIZE = 200 // len(PLAYERS) + 1
"""Seeds per size of the base model: 7 × 29 = 203 games each for random agents and for bots."""
CHECKED_STATES = 6
"""States checked in depth per game (the first and the last among them)."""

STEPS = ((1,), (2,), (3,), (4,), (5,), (6,), (2, 3, 4, 5), (1, 2, 3, 4, 5), (1, 2, 3, 4, 5, 6))
GOALS = ("first-to-sales", "sales-end-profit", "sales-yield", "asset-yield")


def years(players: int) -> int:
    """Two business years for small tables, one for large ones (they take many more actions)."""
    return 2 if players <= 4 else 1


def steps_name(steps: tuple[int, ...]) -> str:
    return "steps" + "".join(map(str, steps))


def random_seats(steps: tuple[int, ...]) -> list[int]:
    """The table sizes random agents play with ``steps`` on: 1, 2, 3, 4, 6 and 9 seats, but no
    solo game with the labour market (it needs a seat for the worker representative) and 8
    instead of 9 without it (8 businesses at most; the ninth seat is the representative's)."""
    sizes = [1, 2, 3, 4, 6, 9]
    if 6 in steps:
        return sizes[1:]
    return [8 if players == 9 else players for players in sizes]


def random_steps_seeds(players: int) -> list[int]:
    """Five of the seeds 0 to 29, chosen by the table size."""
    return [seed for seed in range(30) if seed % 6 == players % 6]


def base_model() -> list[ConformanceRun]:
    runs = [
        ConformanceRun(
            f"random-{players}p-{years(players)}y",
            {"players": players, "years": years(players)},
            range(players * 1000, players * 1000 + PER_SIZE),
            max_checked_states_per_game=CHECKED_STATES,
        )
        for players in PLAYERS
    ]
    runs += [
        ConformanceRun(
            f"bot-{players}p-{years(players)}y",
            {"players": players, "years": years(players)},
            range(players * 1000, players * 1000 + PER_SIZE),
            agents=only(BOTS["bot"]) if players % 2 else beside_random(BOTS["bot"]),
            max_checked_states_per_game=CHECKED_STATES,
        )
        for players in PLAYERS
    ]
    return runs


def default_options() -> list[ConformanceRun]:
    """What a game that declares nothing is checked with (the default options: three years)."""
    return [replace(run, name=f"default-{run.name}") for run in default_conformance("playboss")]


def with_steps() -> list[ConformanceRun]:
    runs: list[ConformanceRun] = []
    for steps in STEPS:
        runs += [
            ConformanceRun(
                f"random-{steps_name(steps)}-{players}p",
                {"players": players, "years": 2, "steps": list(steps)},
                random_steps_seeds(players),
                max_checked_states_per_game=CHECKED_STATES,
            )
            for players in random_seats(steps)
        ]
        runs += [
            ConformanceRun(
                f"bot-{steps_name(steps)}-{players}p",
                {"players": players, "years": 2, "steps": list(steps)},
                range(players * 100, players * 100 + 5),
                agents=beside_random(BOTS["bot"]),
                max_checked_states_per_game=CHECKED_STATES,
            )
            for players in (2, 3, 4, 5)
        ]
    return runs


def with_each_goal() -> list[ConformanceRun]:
    runs: list[ConformanceRun] = []
    for goal in GOALS:
        runs.append(
            ConformanceRun(
                f"bot-goal-{goal}-3p",
                {"players": 3, "years": 2, "steps": [2, 3, 4, 5], "goal": goal, "sales_target": 20_000},
                range(8),
                agents=beside_random(BOTS["bot"]),
                max_checked_states_per_game=CHECKED_STATES,
            )
        )
        runs.append(
            ConformanceRun(
                f"random-goal-{goal}-4p",
                {"players": 4, "years": 2, "steps": [5], "goal": goal, "sales_target": 10_000},
                range(4),
            )
        )
    return runs


CONFORMANCE = [
    # Loans, leases, takeovers, worker agreements and every deal with an amount are families:
    # every run must have checked some (their members and bounds).
    replace(run, expect=(*run.expect, "families_checked"))
    for run in [*base_model(), *default_options(), *with_steps(), *with_each_goal()]
]


def random_agents(seed: int | str, seats: int) -> list[Agent]:
    return [RandomAgent(f"{seed}:{seat}") for seat in range(seats)]


def the_bot_and_a_random_agent(seed: int | str, seats: int) -> list[Agent]:
    return [RandomAgent(f"{seed}:{seat}") if seat == 1 else PlaybossBot() for seat in range(seats)]


GOLDEN = [
    GoldenRun(
        "playboss-4p-2y-seed153.txt",
        {"players": 4, "years": 2},
        seed=153,
        agents=random_agents,
        seats="random agents",
        again={"years": 1},
    ),
    GoldenRun(
        "playboss-steps123456-4p-2y-seed153.txt",
        {"players": 4, "years": 2, "steps": [1, 2, 3, 4, 5, 6]},
        seed=153,
        agents=the_bot_and_a_random_agent,
        seats="the bot and a random agent (seat 1)",
        again=None,
    ),
]
