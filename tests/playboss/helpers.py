"""Helpers for Playboss scenario tests: set up a game and force chance."""

from __future__ import annotations

from typing import Any

import tycoon.games  # noqa: F401  (registers the games)
from tycoon.core import CHANCE, load
from tycoon.core.actions import Action
from tycoon.games.playboss.actions import Die, DrawRisk, Roll
from tycoon.games.playboss.state import PlaybossState


def new_game(players: int = 2, start: int = 0, **options: Any) -> PlaybossState:
    """A game whose start player is ``start``: the start rolls are forced (``start`` rolls 6,
    everybody else 1)."""
    state = load("playboss", players=players, **options).new_state()
    assert isinstance(state, PlaybossState)
    if players > 1:
        for seat in range(players):
            state.apply(Die(6 if seat == start else 1), CHANCE)
    assert state.current_player() == start
    return state


def space_of(state: PlaybossState, kind: str, after: int = 0) -> int:
    """The first board space of ``kind`` after space ``after``."""
    board = state.rules.board
    for k in range(1, len(board) + 1):
        i = (after + k) % len(board)
        if board[i] == kind:
            return i
    raise ValueError(f"no {kind} space on the board")


def land_on(state: PlaybossState, seat: int, space: int, pips: int = 1) -> None:
    """Put ``seat``'s piece ``pips`` spaces before ``space``, roll, and force the die to ``pips``.

    ``seat`` must be the player whose turn it is and who has not rolled yet.
    """
    assert state.current_player() == seat, f"it is seat {state.current_player()}'s turn"
    b = state.businesses[seat]
    b.position = (space - pips) % len(state.rules.board)
    state.apply(Roll(), seat)
    state.apply(Die(pips), CHANCE)


def draw_risk(state: PlaybossState, card: int) -> None:
    """Force the risk card drawn to be card ``card``."""
    state.apply(DrawRisk(card), CHANCE)


def apply_all(state: PlaybossState, *actions: tuple[int, Action]) -> None:
    for seat, action in actions:
        state.apply(action, seat)


def cash_total(state: PlaybossState) -> int:
    return sum(b.cash for b in state.businesses)
