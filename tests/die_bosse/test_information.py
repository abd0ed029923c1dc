"""Die Bosse's information states: the observation hides the other hands and the stacks, and a
resample deals anew only what the seat cannot see."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tycoon.agents import RandomAgent
from tycoon.core import load
from tycoon.core.driver import play
from tycoon.games.die_bosse.flow import DieBosseState
from tycoon.testing.information import check_information


def midgame(players: int, seed: int, moves: int) -> DieBosseState:
    game = load("die_bosse", players=players)
    record = play(game, [RandomAgent() for _ in range(players)], seed).record
    state = game.new_state()
    for move in record.moves[:moves]:
        state.apply(game.codec.from_json(move.action), move.seat)
    assert isinstance(state, DieBosseState)
    return state


@pytest.mark.parametrize("players", [2, 3, 6])
def test_the_information_checks_pass(players: int) -> None:
    report = check_information(load("die_bosse", players=players), seeds=range(2), require_hidden=True)

    assert report.resamples_changed > 0 and report.playouts > 0


def test_the_vector_has_the_layouts_length() -> None:
    state = midgame(4, 3, 120)
    length = sum(s.size for s in state.game.observation_layout())

    assert all(len(state.observation(seat).vector) == length for seat in range(4))


def test_another_hand_does_not_show() -> None:
    state = midgame(4, 3, 120)
    seen = state.observation(0)
    # Seat 1 holds another card than it does, one of another kind from the stack.
    kind = state.rules.first_same
    mine = state.hands[1][0]
    other = next(c for c in state.action_stack if kind[c] not in (kind[mine], state.rules.first_profit))
    state.action_stack.remove(other)
    state.hands[1] = sorted([*state.hands[1][1:], other])
    state.action_stack = sorted([*state.action_stack, mine])
    assert state.observation(0) == seen
    state.hands[0].append(state.action_stack.pop())  # the viewer's own hand does show

    assert state.observation(0).vector != seen.vector


def test_a_resample_keeps_the_seats_knowledge_and_the_sizes() -> None:
    state = midgame(4, 5, 150)
    twin = state.resample(2, random.Random(1))

    assert twin.hands[2] == state.hands[2]
    assert [len(h) for h in twin.hands] == [len(h) for h in state.hands]
    assert len(twin.action_stack) == len(state.action_stack)
    unseen = Counter(c for s in (0, 1, 3) for c in state.hands[s]) + Counter(state.action_stack)
    again = Counter(c for s in (0, 1, 3) for c in twin.hands[s]) + Counter(twin.action_stack)
    assert again == unseen
    assert (twin.discard, twin.row, twin.columns, twin.played) == (
        state.discard,
        state.row,
        state.columns,
        state.played,
    )
    # No hand ever holds a profit card, so none is dealt into one.
    profit = state.rules.first_profit
    assert all(state.rules.first_same[c] != profit for h in twin.hands for c in h)


def test_the_same_seed_gives_the_same_resample() -> None:
    state = midgame(3, 2, 90)

    first = state.resample(0, random.Random(7)).fingerprint()
    assert state.resample(0, random.Random(7)).fingerprint() == first
    assert any(state.resample(0, random.Random(k)).fingerprint() != first for k in range(8, 12))


def test_two_players_draw_the_cards_taken_out_anew() -> None:
    state = midgame(2, 4, 60)
    twin = state.resample(0, random.Random(3))

    assert len(twin.removed) == len(state.removed) > 0
    assert sorted(twin.removed + twin.industry_stack) == sorted(state.removed + state.industry_stack)
