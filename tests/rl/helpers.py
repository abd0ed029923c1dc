"""Random play through the action encoding, for the reinforcement-learning tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from tycoon.core.driver import sample_chance
from tycoon.core.game import CHANCE, TERMINAL, Game, State
from tycoon.core.registry import spec
from tycoon.rl.encoding import Encoding

GAMES = ("die_bosse", "playboss", "biznes_po_polsku")
"""The games tycoon ships (the registry may hold others that tests register)."""
NEEDS: dict[tuple[str, int], dict[str, Any]] = {("playboss", 9): {"steps": [6]}}
"""The options a player count needs: a ninth Playboss player is the worker representative of
expansion step 6 (eight businesses at most)."""
SETUPS: tuple[tuple[str, int, dict[str, Any]], ...] = tuple(
    (game_id, players, NEEDS.get((game_id, players), {}))
    for game_id in GAMES
    for players in range(spec(game_id).min_seats, spec(game_id).max_seats + 1)
)
"""Every player count each game allows, with the options it needs: the environments are
tested with each."""


def decision_states(game: Game, seed: int, picks: int) -> Iterator[tuple[State, int, list[int]]]:
    """States of random games where a seat decides, with the indices the walk picked there:
    each pick drawn uniformly from the mask, ``picks`` of them in all, games played on anew
    as they end."""
    rng = random.Random(seed)
    encoding = Encoding(game)
    made = 0
    while made < picks:
        state = game.new_state()
        while made < picks and (seat := state.current_player()) != TERMINAL:
            if seat == CHANCE:
                state.apply(sample_chance(state, rng), CHANCE)
                continue
            pending = encoding.pending(state, seat)
            chosen: list[int] = []
            action = None
            while action is None:
                allowed = pending.allowed()
                assert allowed, f"{game.id}: an empty mask at {pending.describe()}"
                index = allowed[rng.randrange(len(allowed))]
                chosen.append(index)
                action = pending.push(index)
                made += 1
            yield state, seat, chosen
            state.apply(action, seat)
