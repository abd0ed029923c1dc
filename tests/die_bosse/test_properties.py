"""Conservation laws of Die Bosse over random games (Hypothesis), checked after every action.

Research 2.2: 54 industry cards and 54 action cards; every one of the 108 is always in exactly
one place. Rulebook "Profit": shares are written on the sheet and only the written shares
count, so a player's sheet only ever grows and never holds a negative share.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tycoon.agents import RandomAgent
from tycoon.core import CHANCE, load, sample_chance
from tycoon.games.die_bosse import DieBosseState
from tycoon.games.die_bosse.bot import DieBosseBot

from .helpers import where_cards


@settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    players=st.integers(min_value=2, max_value=6),
    bots=st.integers(min_value=0, max_value=6),
)
def test_every_card_in_one_place_and_profit_shares_only_grow(seed: int, players: int, bots: int) -> None:
    state = load("die_bosse", players=players).new_state()
    assert isinstance(state, DieBosseState)
    rng = random.Random(seed)
    agents = [DieBosseBot(f"{seed}:{s}") if s < bots else RandomAgent(f"{seed}:{s}") for s in range(players)]
    sheets = [list(sh) for sh in state.sheets]
    where_cards(state)
    for _ in range(20_000):
        if state.is_terminal():
            break
        seat = state.current_player()
        action = sample_chance(state, rng) if seat == CHANCE else agents[seat].act(state, seat)
        state.apply(action, seat)
        where_cards(state)
        for before, now in zip(sheets, state.sheets, strict=True):
            assert now[: len(before)] == before, "a written profit share changed"
            assert all(amount >= 0 for amount in now)
        assert all(sum(now) >= sum(before) for before, now in zip(sheets, state.sheets, strict=True))
        sheets = [list(sh) for sh in state.sheets]
    assert state.is_terminal()
    assert state.outcome().scores == tuple(sum(sh) for sh in state.sheets)
    # Every distribution was written on every sheet: profit cards drawn plus the final one.
    assert all(len(sh) == state.distributions for sh in state.sheets)
