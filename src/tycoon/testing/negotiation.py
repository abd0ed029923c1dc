"""The checks of a game's answers to offers: a reason names nothing a seat may not see, and a
counter-offer is played like any other move.

An answer that gives a reason is an action with a field ``reason`` (a key of the game's
``tycoon.core.reasons.Reasons``, docs/decisions/0032-bots-that-negotiate.md). Over seeded games
(:func:`check_reasons`), at every such move and for every seat:

- the words the seat reads of it (``describe(action, seat)``), and the seat's view once it is
  carried out, are the same in every world the seat could be in (``resample(seat, rng)``): the
  words and figures of a reason are read from what the seat sees, never from what is hidden;
- the move is legal where it is made (listed, or a member of a family listed) and carrying it
  out on a copy leaves the original untouched.

A check that fails raises :class:`ReasonLeak`, naming the game, the seed, the move and the
seat. Standard library only.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterable, Sequence

from tycoon.core.actions import Action
from tycoon.core.driver import Agent, sample_chance
from tycoon.core.families import family_of
from tycoon.core.game import CHANCE, TERMINAL, Game, State

RESAMPLES = 3
"""Worlds drawn for each seat at each answer."""


class ReasonLeak(AssertionError):
    """An answer's words or a view after it depend on what a seat may not see."""


def gives_reason(action: Action) -> bool:
    """Whether ``action`` carries a reason (a field named ``reason`` that holds a key)."""
    names = {f.name for f in dataclasses.fields(action)}  # type: ignore[arg-type]
    return "reason" in names and bool(action.reason)


def check_reasons(
    game: Game,
    agents: Callable[[Game], Sequence[Agent]],
    seeds: Iterable[int | str],
    max_moves: int = 100_000,
) -> int:
    """Play ``game`` once per seed with fresh ``agents`` and check every answer that gives a
    reason (see the module's docstring); how many such answers were checked."""
    checked = 0
    for seed in seeds:
        players = agents(game)
        for seat, agent in enumerate(players):
            agent.seed(f"{seed}:{seat}")
        chance = random.Random(f"{seed}:chance")
        worlds = random.Random(f"{seed}:worlds")
        state = game.new_state()
        for move in range(max_moves):
            seat = state.current_player()
            if seat == TERMINAL:
                break
            action = sample_chance(state, chance) if seat == CHANCE else players[seat].act(state, seat)
            if seat != CHANCE and gives_reason(action):
                _check_answer(game, state, seat, action, worlds, f"{game.id} seed {seed!r}, move {move}")
                checked += 1
            state.apply(action, seat)
    return checked


def _check_answer(game: Game, state: State, seat: int, action: Action, rng: random.Random, where: str) -> None:
    if action not in state.legal_actions(seat) and family_of(action, state.action_families(seat)) is None:
        raise ReasonLeak(f"{where}: seat {seat}'s {action} is neither listed nor in a family listed")
    after = state.clone()
    before = state.fingerprint()
    after.apply(action, seat)
    if state.fingerprint() != before:
        raise ReasonLeak(f"{where}: carrying {action} out on a copy changed the original")
    for viewer in range(game.num_seats):
        words = state.describe(action, viewer)
        view = after.view(viewer)
        for _ in range(RESAMPLES):
            world = state.resample(viewer, rng)
            if world.describe(action, viewer) != words:
                raise ReasonLeak(
                    f"{where}: seat {viewer} reads {action} as {words!r}, but in a world it cannot tell "
                    f"apart as {world.describe(action, viewer)!r}"
                )
            world.apply(action, seat)
            if world.view(viewer) != view:
                raise ReasonLeak(
                    f"{where}: seat {viewer}'s view after {action} differs in a world it cannot tell apart"
                )
