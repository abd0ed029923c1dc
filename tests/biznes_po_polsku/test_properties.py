"""Conservation laws of Biznes po polsku over random games (Hypothesis), checked after every
action.

Rulebook, "The Bank": money moves only between the bank and the players (the bank "cannot go
bankrupt" and pays out what it must); "Components": 23 ownership certificates, 40 one-fold
and 15 five-fold investment elements, 5 cars, 5 welfare cards, 2 membership cards, 30 + 30
cards. Each firm is owned by at most one player still in the game. Random agents play every
seat; players also use what they may do at any time on their own turn.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tycoon.agents import RandomAgent
from tycoon.core import CHANCE, load, sample_chance
from tycoon.games.biznes_po_polsku.bot import BiznesBot
from tycoon.games.biznes_po_polsku.state import BiznesState

from .helpers import check_books


def play_checked(seed: int, players: int, rounds: int, forfeit: bool, bots: int) -> BiznesState:
    game = load("biznes_po_polsku", players=players, rounds=rounds, forfeit_forgotten_salary=forfeit)
    state = game.new_state()
    assert isinstance(state, BiznesState)
    rng = random.Random(seed)
    agents = [BiznesBot(seed) if s < bots else RandomAgent(f"{seed}:{s}") for s in range(players)]
    check_books(state)
    for _ in range(20_000):
        if state.is_terminal():
            break
        seat = state.current_player()
        action = sample_chance(state, rng) if seat == CHANCE else agents[seat].act(state, seat)
        state.apply(action, seat)
        check_books(state)
        for n in state.rules.firms:
            assert 0 <= state.level[n] <= state.rules.levels
            if state.level[n]:
                group = state.rules.groups[state.rules.space(n).group]
                levels = [state.level[m] for m in group]
                assert max(levels) - min(levels) <= 1, "investments stay even across a group"
                assert all(state.owner[m] == state.owner[n] and not state.mortgaged[m] for m in group)
    assert state.is_terminal()
    return state


@settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    players=st.integers(min_value=2, max_value=5),
    rounds=st.integers(min_value=1, max_value=25),
    forfeit=st.booleans(),
    bots=st.integers(min_value=0, max_value=2),
)
def test_money_firms_and_elements_are_conserved(seed: int, players: int, rounds: int, forfeit: bool, bots: int) -> None:
    state = play_checked(seed, players, rounds, forfeit, min(bots, players))
    outcome = state.outcome()
    assert set(outcome.eliminated) == {p.seat for p in state.players if p.bankrupt}
    assert all(not state.players[s].bankrupt for s in outcome.winners)


@settings(max_examples=4, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), players=st.integers(min_value=3, max_value=5))
def test_full_length_games_between_bots_conserve_everything(seed: int, players: int) -> None:
    """The default 60-round game, bots in every seat: groups get built up to pyramids."""
    play_checked(seed, players, 60, False, players)
