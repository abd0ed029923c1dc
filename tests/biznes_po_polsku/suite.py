"""What the shared test of every registered game (tests/test_registered_games.py) plays of
Biznes po polsku: the conformance suite, 204 seeded games with random agents and 204 with the
bot (alone, or beside random agents), 2 to 5 players, both salary modes, the offer and bid
families' members and bounds checked too, views checked to hide the order of the card stacks;
games are agreed to end after 10 rounds here, to keep the suite fast (the default 60-round
game is played by the bot and property tests); and the golden playthrough, the whole rulebook
from the start roll to the agreed end, as one seeded game of the bot and random agents.
"""

from __future__ import annotations

from typing import Any

from game_suites import ConformanceRun, GoldenRun, beside_random, only
from tycoon.agents import RandomAgent
from tycoon.core import Agent, State
from tycoon.games.biznes_po_polsku import BOTS
from tycoon.games.biznes_po_polsku.bot import BiznesBot

SETUPS = [(2, False), (3, False), (4, False), (5, False), (3, True), (4, True)]
"""(players, forfeit_forgotten_salary)."""
PER_SETUP = 34
"""Seeds per setup: 6 × 34 = 204 games each for random agents and for bots."""


def hides_the_stack_order(state: State, seat: int, view: dict[str, Any]) -> None:
    """Everything in Biznes po polsku is public but the order of the card stacks: every seat
    sees what a spectator sees, and the stacks only as counts."""
    assert {k: v for k, v in view.items() if k != "you"} == {k: v for k, v in state.view(None).items() if k != "you"}
    assert "unseen" not in view and "known" not in view
    assert all(isinstance(count, int) for count in view["decks"].values())


def options(players: int, forfeit: bool) -> dict[str, Any]:
    return {"players": players, "rounds": 10, "forfeit_forgotten_salary": forfeit}


def name(players: int, forfeit: bool) -> str:
    return f"{players}p" + ("-forfeit" if forfeit else "")


CONFORMANCE = [
    *(
        ConformanceRun(
            f"random-{name(players, forfeit)}",
            options(players, forfeit),
            range(players * 1000 + forfeit * 500, players * 1000 + forfeit * 500 + PER_SETUP),
            view_leak_check=hides_the_stack_order,
            # Offers between players and bids are families: their members and bounds are checked too.
            expect=("illegal_actions_rejected", "chance_nodes_checked", "families_checked", "family_members_tried"),
        )
        for players, forfeit in SETUPS
    ),
    *(
        ConformanceRun(
            f"bot-{name(players, forfeit)}",
            options(players, forfeit),
            range(players * 1000 + 7, players * 1000 + 7 + PER_SETUP),
            agents=only(BOTS["bot"]) if players % 2 else beside_random(BOTS["bot"]),
        )
        for players, forfeit in SETUPS
    ),
]


def the_bot_and_random_agents(seed: int | str, seats: int) -> list[Agent]:
    return [BiznesBot(), *(RandomAgent(f"{seed}:{s}") for s in range(1, seats))]


GOLDEN = [
    GoldenRun(
        "biznes_po_polsku-3p-25r-seed20.txt",
        {"players": 3, "rounds": 25},
        seed=20,
        agents=the_bot_and_random_agents,
        seats="the bot in seat 0, random agents elsewhere",
        again={"rounds": 5},
    )
]
