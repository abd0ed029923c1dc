"""Nothing secret reaches the screen of a person's seat.

Whole games are played through the terminal, the person's seat typed in by a bot at the
keyboard, the others played by agents. At every prompt what was printed since the last one is
held against the state: no action card in another player's Die Bosse hand is named (cards
are shown as ``#N``, a number no company card has), and under Playboss's step 5 no other
player's personal goal is (the random agents write down any of the six, most of them words no
other line of the game uses). The narration of every move goes through ``State.describe`` with
the person's seat as the reader; Biznes po polsku hides nothing from its players but the order
of its stacks, which chance decides only when a card is drawn.
"""

from __future__ import annotations

import re

import pytest
from keyboard import Table

from tycoon.core.game import State

# Goals whose words say nothing else in a game whose goal is the base model's profit.
TELLING_GOALS = ("market-share", "production-capacity", "sales-yield", "asset-yield")


def hidden_hands(state: State, seat: int) -> list[int]:
    hands: list[list[int]] = state.hands  # type: ignore[attr-defined]
    return [card for other, hand in enumerate(hands) if other != seat for card in hand]


def hidden_goals(state: State, seat: int) -> list[str]:
    """The telling goals other seats wrote down, less the person's own (shown to them)."""
    businesses = state.businesses  # type: ignore[attr-defined]
    own = businesses[seat].goal
    return [b.goal for b in businesses if b.seat != seat and b.goal in TELLING_GOALS and b.goal != own]


@pytest.mark.parametrize("seed", range(3))
def test_other_hands_never_reach_the_screen_in_die_bosse(seed: int) -> None:
    seen_cards: list[int] = []

    def check(table: Table, prompt: str, screen: list[str]) -> None:
        own = table.state.hands[table.seat]  # type: ignore[attr-defined]
        seen_cards.extend(own)
        for card in hidden_hands(table.state, table.seat):
            assert not re.search(rf"#{card}(?!\d)", table.printed), f"#{card} of another hand shown:\n{table.printed}"

    table = Table("die_bosse", ["bot", "you", "random", "bot"], seed, check=check, limit=10_000)
    assert table.run() == 0
    assert table.state.is_terminal()
    assert seen_cards  # the person's own hand was shown, card by card


def test_other_personal_goals_never_reach_the_screen_in_playboss() -> None:
    kept: set[str] = set()

    def check(table: Table, prompt: str, screen: list[str]) -> None:
        # The person's own menu names every goal it may write down: those lines tell nothing.
        printed = "\n".join(line for line in table.printed.splitlines() if "[declare-goal " not in line)
        for goal in hidden_goals(table.state, table.seat):
            kept.add(goal)
            assert goal not in printed, f"another seat's goal {goal!r} shown:\n{table.printed}"

    for seed in range(4):
        seats = ["random", "you", "random", "random"]
        table = Table("playboss", seats, seed, {"years": 1, "steps": [5]}, check=check, keyboard="random", limit=300)
        assert table.run() == 0
    assert kept  # there were goals to keep hidden
