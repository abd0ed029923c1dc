"""Nothing secret reaches a viewer: along all-bot games, every description of a move (asked
before the move, as the terminal asks it) and every line the game narrates is the same whichever
hidden card the move involves, for every seat that may not see that card (and for a spectator).

A move involves a hidden card when chance deals or draws an action card into a hand, takes an
industry card out unseen, or when a player gives up an action card. The other moves show their
cards to everybody (a payment, a transfer card played, a company bought or laid).
"""

from __future__ import annotations

import random

import pytest

from tycoon.core import CHANCE, load, sample_chance
from tycoon.core.actions import Action
from tycoon.games.die_bosse import DieBosseState, words
from tycoon.games.die_bosse.actions import Discard, Draw, Remove
from tycoon.games.die_bosse.bot import DieBosseBot
from tycoon.games.die_bosse.data import PROFIT


def alike(state: DieBosseState, action: Action, viewer: int | None) -> list[Action]:
    """The moves ``viewer`` cannot tell apart from ``action`` (``action`` among them)."""
    r = state.rules
    if isinstance(action, Remove):
        return [a for a, _ in state.chance_outcomes()]
    if isinstance(action, Draw) and viewer != words.receiver(state):
        if r.action(action.card).kind == PROFIT and state.phase != "setup":
            return [action]  # a profit card drawn is shown to everybody
        return [a for a, _ in state.chance_outcomes() if isinstance(a, Draw) and r.action(a.card).kind != PROFIT]
    if isinstance(action, Discard) and viewer != state.turn_seat:
        return [a for a in state.legal_actions(state.turn_seat) if isinstance(a, Discard)]
    return [action]


def told(state: DieBosseState, action: Action, seat: int) -> list[str]:
    """What the game narrates when ``action`` is applied to a copy of ``state``."""
    twin = state.clone()
    twin.log = []
    twin.apply(action, seat)
    return twin.log


def check_move(state: DieBosseState, action: Action, seat: int) -> int:
    """Assert that no viewer learns from ``action``'s description or narration what it may not
    see; how many alternatives were compared."""
    compared = 0
    narration: dict[Action, list[str]] = {}
    viewers: list[int | None] = [None, *range(state.game.num_seats)]
    for viewer in viewers:
        text = state.describe(action, viewer)
        others = alike(state, action, viewer)
        assert action in others
        for other in others:
            if other == action:
                continue
            assert state.describe(other, viewer) == text, (
                f"seat {viewer} can tell {action} from {other}: {text!r} / {state.describe(other, viewer)!r}"
            )
            if action not in narration:
                narration[action] = told(state, action, seat)
            if other not in narration:
                narration[other] = told(state, other, seat)
            assert narration[other] == narration[action], f"the narration tells {action} from {other}"
            compared += 1
    return compared


def play_checked(players: int, seed: int) -> int:
    state = load("die_bosse", players=players).new_state()
    assert isinstance(state, DieBosseState)
    rng = random.Random(seed)
    bots = [DieBosseBot(f"{seed}:{s}") for s in range(players)]
    compared = 0
    while not state.is_terminal():
        seat = state.current_player()
        action = sample_chance(state, rng) if seat == CHANCE else bots[seat].act(state, seat)
        compared += check_move(state, action, seat)
        state.apply(action, seat)
    return compared


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (6, 4)])
def test_no_description_or_narration_names_a_hidden_card(players: int, seed: int) -> None:
    assert play_checked(players, seed) > 100


def test_the_check_catches_a_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """A description that names the card drawn is caught."""
    monkeypatch.setattr(words, "describe", lambda st, action, viewer=None: str(action))
    with pytest.raises(AssertionError, match="can tell"):
        play_checked(3, 2)
