"""Seeded games of bots, stopped at every decision a bot is about to make: what tests that
check something of each position a game reaches walk through (a bot's candidates, a cheaper
bot's choice beside the normal one's, a bot's check of its own choice)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence

from tycoon.core import CHANCE, Agent, State, load, sample_chance
from tycoon.core.actions import Action
from tycoon.core.game import Game


def decisions(game: Game, seed: int, agents: Sequence[Agent]) -> Iterator[tuple[State, int, Action]]:
    """Each ``(state, seat, choice)`` of one game of ``game``, chance from
    ``random.Random(seed)``, seat ``s`` played by ``agents[s]``: the state before the choice,
    which is applied once the caller has looked (leave the state as it was)."""
    state = game.new_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        seat = state.current_player()
        if seat == CHANCE:
            state.apply(sample_chance(state, rng), seat)
            continue
        choice = agents[seat].act(state, seat)
        yield state, seat, choice
        state.apply(choice, seat)


def bot_decisions(game_id: str, players: int, seeds: int, bot: Callable[[str], Agent]) -> Iterator[tuple[State, int]]:
    """Each ``(state, seat)`` before a bot's decision, in ``seeds`` games of ``players`` seats
    (game ``g``'s chance from ``random.Random(g)``, seat ``s``'s bot ``bot(f"{g}:{s}")``). The
    bot's action is applied once the caller has looked: leave the state as it was."""
    game = load(game_id, players=players)
    for seed in range(seeds):
        for state, seat, _ in decisions(game, seed, [bot(f"{seed}:{s}") for s in range(players)]):
            yield state, seat
