"""Seeded games of bots, stopped at every decision a bot is about to make: what tests that
check something of each position a game reaches walk through (a bot's candidates, a cheaper
bot's choice beside the normal one's)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from tycoon.core import CHANCE, Agent, State, load, sample_chance


def bot_decisions(game_id: str, players: int, seeds: int, bot: Callable[[str], Agent]) -> Iterator[tuple[State, int]]:
    """Each ``(state, seat)`` before a bot's decision, in ``seeds`` games of ``players`` seats
    (game ``g``'s chance from ``random.Random(g)``, seat ``s``'s bot ``bot(f"{g}:{s}")``). The
    bot's action is applied once the caller has looked: leave the state as it was."""
    game = load(game_id, players=players)
    for seed in range(seeds):
        state = game.new_state()
        rng = random.Random(seed)
        bots = [bot(f"{seed}:{s}") for s in range(players)]
        while not state.is_terminal():
            seat = state.current_player()
            if seat == CHANCE:
                state.apply(sample_chance(state, rng), seat)
                continue
            yield state, seat
            state.apply(bots[seat].act(state, seat), seat)
