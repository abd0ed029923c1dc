"""What the conformance suite over Die Bosse needs beyond the shared run of every registered
game (tests/test_registered_games.py, with this game's runs in ``suite.py``): its
hidden-information check must catch a leak, and the whole-number chance weights the simulator
draws with must be the exact probabilities.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from tycoon.core import CHANCE, load, sample_chance
from tycoon.games.die_bosse.bot import DieBosseBot

from .helpers import view_leak_check


def test_the_leak_check_catches_a_leak() -> None:
    """A view that showed another player's hand must fail the check (a check that cannot fail
    proves nothing)."""
    from .helpers import new_game

    state = new_game()
    view = state.view(0)
    view["players"][1]["hand"] = [1, 2, 3]
    with pytest.raises(AssertionError):
        view_leak_check(state, 0, view)
    view = state.view(0)
    view["action_stack"] = state.action_stack.copy()  # as if the stack's cards were shown
    with pytest.raises(AssertionError):
        view_leak_check(state, 0, view)


def test_chance_weights_are_the_outcomes_probabilities_in_whole_numbers() -> None:
    """``chance_weights`` (what the simulator draws with) lists the outcomes of
    ``chance_outcomes`` in the same order, with weights proportional to their probabilities,
    at every chance node of seeded games: the setup, the refills and the draws."""
    nodes = 0
    for players in (2, 4):
        state = load("die_bosse", players=players).new_state()
        rng = random.Random(players)
        bots = [DieBosseBot() for _ in range(players)]
        while not state.is_terminal():
            seat = state.current_player()
            if seat != CHANCE:
                state.apply(bots[seat].act(state, seat), seat)
                continue
            actions, weights = state.chance_weights()
            outcomes = state.chance_outcomes()
            assert list(actions) == [a for a, _ in outcomes]
            assert all(w > 0 for w in weights)
            total = sum(weights)
            assert [Fraction(w, total) for w in weights] == [p for _, p in outcomes]
            nodes += 1
            state.apply(sample_chance(state, rng), seat)
    assert nodes > 500


def test_the_parts_every_view_shares_outlast_a_caller_that_empties_its_view() -> None:
    """The cards', the concerns' and the profit table's pictures are made once and shared by
    every view (``SharedDict``). The conformance suite empties every list and dict of a view it
    may change; the next view must still show every card, and a shared part refuses change."""
    from tycoon.testing import check_state

    from .helpers import new_game

    state = new_game()
    before = state.view(0)
    check_state(state)
    after = state.view(0)
    assert after == before and all(card["industry"] and card["price"] for card in after["row"])
    assert after["profit_table"] and after["players"][0]["hand"] == before["players"][0]["hand"]
    with pytest.raises(TypeError, match="shared by every view"):
        after["row"][0]["price"] = 0


def test_a_concern_is_one_picture_in_every_view_that_shows_it() -> None:
    """A concern is the same object in every view that shows it while nobody changes it (which
    lets the server see at once that it did not change)."""
    rng = random.Random(3)
    state = load("die_bosse", players=3).new_state()
    bot = DieBosseBot()
    while not any(state.columns) and not state.is_terminal():
        seat = state.current_player()
        state.apply(sample_chance(state, rng) if seat == CHANCE else bot.act(state, seat), seat)
    owner = next(s for s, columns in enumerate(state.columns) if columns)
    first = state.view(None)["players"][owner]["concerns"][0]
    assert state.view(0)["players"][owner]["concerns"][0] is first
    assert first["companies"][0]["card"] == state.columns[owner][0][0]
    assert state.view(None)["profit_table"] is state.view(1)["profit_table"]
