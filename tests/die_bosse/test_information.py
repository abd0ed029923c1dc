"""Die Bosse's information states: the observation hides the other hands and the stacks, and a
resample deals anew only what the seat cannot see."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tycoon.agents import RandomAgent
from tycoon.core import load
from tycoon.core.driver import play
from tycoon.games.die_bosse.chance import ready_to_draw
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
    state = midgame(4, 0, 103)
    assert state.given_up[0] and state.given_up[1] and state.given_up[2]  # cards given up face down
    twin = state.resample(2, random.Random(1))

    assert twin.hands[2] == state.hands[2] and twin.given_up[2] == state.given_up[2]
    assert [len(h) for h in twin.hands] == [len(h) for h in state.hands]
    assert [len(g) for g in twin.given_up] == [len(g) for g in state.given_up]
    assert len(twin.action_stack) == len(state.action_stack) and len(twin.discard) == len(state.discard)
    # What seat 2 cannot see is dealt anew from itself: the others' hands, the cards they gave
    # up face down, the stack.
    others = (0, 1, 3)
    unseen = Counter(c for s in others for c in state.hands[s] + state.given_up[s]) + Counter(state.action_stack)
    again = Counter(c for s in others for c in twin.hands[s] + twin.given_up[s]) + Counter(twin.action_stack)
    assert again == unseen
    # The pile keeps what went in face up, and what seat 2 gave up itself.
    hidden = {c for s in others for c in state.given_up[s]}
    assert Counter(c for c in twin.discard if c not in {c for s in others for c in twin.given_up[s]}) == Counter(
        c for c in state.discard if c not in hidden
    )
    assert set(state.given_up[2]) <= set(twin.discard)
    assert (twin.row, twin.columns, twin.played) == (state.row, state.columns, state.played)
    # No hand ever holds a profit card, so none is dealt into one.
    profit = state.rules.first_profit
    assert all(state.rules.first_same[c] != profit for h in twin.hands for c in h)


def test_a_resample_does_not_know_which_cards_the_others_gave_up_face_down() -> None:
    # Seat 1 gave up card a face down; in a twin it gave up card b, which seat 3 holds in the
    # first. Seat 0 cannot tell the two apart, so its resamples of both are the same: a search
    # over them learns nothing of which cards lie face down in the pile.
    state = midgame(4, 0, 103)
    a = state.given_up[1][0]
    b = next(c for c in state.hands[3] if state.rules.first_same[c] != state.rules.first_same[a])
    twin = state.clone()
    twin.given_up[1][0] = b
    twin.discard[twin.discard.index(a)] = b
    twin.hands[3] = sorted([*twin.hands[3][: twin.hands[3].index(b)], a, *twin.hands[3][twin.hands[3].index(b) + 1 :]])
    assert twin.observation(0) == state.observation(0) and twin.view(0) == state.view(0)
    assert twin.fingerprint() != state.fingerprint()

    for k in range(5):
        assert state.resample(0, random.Random(k)).fingerprint() == twin.resample(0, random.Random(k)).fingerprint()
    # Seat 1 saw what it gave up: its resamples of the two differ.
    assert state.resample(1, random.Random(0)).given_up[1] != twin.resample(1, random.Random(0)).given_up[1]


def test_cards_given_up_face_down_go_with_the_pile_into_a_new_stack() -> None:
    state = midgame(4, 0, 103)
    state.action_stack = []
    ready_to_draw(state)

    assert state.given_up == [[], [], [], []] and not state.discard and state.action_stack


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
